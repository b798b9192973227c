"""Forms of PTX ISA 9.7.9 (data movement and conversion), all but memory access and the
asynchronous copies: mov, shfl, prmt, isspacep, cvta, cvt, cvt.pack, mapa, getctarank."""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Slot, Status, opt, slot

D, A, P, V, DP = Op.DST, Op.SRC, Op.PRED_DST, Op.DATA, Op.DST_PRED
U = Status.UNSUPPORTED
MOV_TYPES = "pred b16 b32 b64 u16 u32 u64 s16 s32 s64 f32 f64"
INT_CVT = "u8 u16 u32 u64 s8 s16 s32 s64"
ALL_CVT = INT_CVT + " f16 bf16 f32 f64"
CVTA_SPACES = "const global local shared shared::cta shared::cluster param param::entry"
# .param addresses are a kernel's parameters; .shared::cluster is .shared::cta, each CTA
# being its own cluster. isspacep's .const and .param windows are the module's .const
# variables and the kernel's parameters (emit/isspacep.py).
ISSPACEP = (
    ".const: in the module's .const variables; .param: in the kernel's parameters "
    "(not in device functions, as for cvta.param)"
)
# The ISA gives the bits of rbits that round each of a, b, e, f of the x4 forms only in its
# figures 40 and 41 (the text says which half of rbits a pair takes, not how it splits).
STOCHASTIC = "stochastic rounding (.rs) of 4 values: the ISA gives their rbits only in figures"
RELU, SATF = opt("relu", "relu"), opt("satfinite", "satfinite")


def _narrow(rnd: str, head: tuple[Slot, ...], dtype: str, atype: str, ops: tuple[Op, ...],
            note: str = "", emitter: str = "convert.narrow") -> Form:  # fmt: skip
    """One of cvt's narrow-format rows: `cvt.<rnd><head>.dtype.atype`; with a `note`, a
    row cu2amd does not lower."""
    slots = (slot("rnd", rnd), *head, slot("dtype", dtype), slot("atype", atype))
    if note:
        return Form("cvt", "9.7.9.21", slots, ops, U, note=note)
    return Form("cvt", "9.7.9.21", slots, ops, emitter=emitter)


SAT_REQ = slot("satfinite", "satfinite")

# fmt: off
FORMS = (
    # 9.7.9.3 mov / 9.7.9.4 mov (vector pack and unpack)
    Form("mov", "9.7.9.3", (slot("type", MOV_TYPES),), (D, A), emitter="data.mov"),
    Form("mov", "9.7.9.4", (slot("type", "b16 b32 b64 b128"),), (V, V), emitter="data.mov"),
    # 9.7.9.5 shfl (deprecated: among the threads executing it together) / 9.7.9.6
    # shfl.sync (emit/warp.py) / 9.7.9.7 prmt
    Form("shfl", "9.7.9.5", (slot("mode", "up down bfly idx"), slot("type", "b32")),
         (DP, A, A, A), emitter="warp.shfl"),
    Form("shfl.sync", "9.7.9.6", (slot("mode", "up down bfly idx"), slot("type", "b32")),
         (DP, A, A, A, A), emitter="warp.shfl"),
    Form("prmt", "9.7.9.7", (slot("type", "b32"), opt("mode", "f4e b4e rc8 ecl ecr rc16")),
         (D, A, A, A), emitter="bits.prmt"),
    # 9.7.9.19 isspacep / 9.7.9.20 cvta: generic <-> state-space addresses
    Form("isspacep", "9.7.9.19", (slot("space", CVTA_SPACES),), (P, A), emitter="mem.isspacep",
         note=ISSPACEP),
    Form("cvta", "9.7.9.20", (slot("space", CVTA_SPACES), slot("type", "u32 u64")), (D, A),
         emitter="mem.cvta"),
    Form("cvta", "9.7.9.20", (slot("to", "to"), slot("space", CVTA_SPACES),
                              slot("type", "u32 u64")), (D, A), emitter="mem.cvta"),
    # 9.7.9.21 cvt: integer rounding (or none), floating-point rounding; which modifiers
    # each pair of types takes is checked by the emitter (emit/convert.py)
    Form("cvt", "9.7.9.21", (opt("irnd", "rni rzi rmi rpi"), opt("ftz", "ftz"),
                             opt("sat", "sat"), slot("dtype", ALL_CVT), slot("atype", ALL_CVT)),
         (D, A), emitter="convert.cvt"),
    Form("cvt", "9.7.9.21", (slot("rnd", "rn rz rm rp"), opt("ftz", "ftz"), opt("sat", "sat"),
                             slot("dtype", ALL_CVT), slot("atype", ALL_CVT)), (D, A),
         emitter="convert.cvt"),
    _narrow("rn rz", (RELU, SATF), "f16", "f32", (D, A)),
    _narrow("rn rz", (RELU, SATF), "f16x2", "f32", (D, A, A)),
    _narrow("rs", (RELU, SATF), "f16x2", "f32", (D, A, A, A), emitter="convert.rs"),
    _narrow("rn rz", (RELU, SATF), "bf16", "f32", (D, A)),
    _narrow("rn rz", (RELU, SATF), "bf16x2", "f32", (D, A, A)),
    _narrow("rs", (RELU, SATF), "bf16x2", "f32", (D, A, A, A), emitter="convert.rs"),
    _narrow("rna", (SATF,), "tf32", "f32", (D, A)),
    _narrow("rn rz", (SATF, RELU), "tf32", "f32", (D, A)),
    _narrow("rn", (SAT_REQ, RELU), "e4m3x2 e5m2x2", "f32", (D, A, A)),
    _narrow("rn", (SAT_REQ, RELU), "e4m3x2 e5m2x2", "f16x2", (D, A)),
    _narrow("rn", (RELU,), "f16x2", "e4m3x2 e5m2x2", (D, A)),
    _narrow("rs", (RELU, SAT_REQ), "e4m3x4 e5m2x4", "f32", (D, V, A), STOCHASTIC),
    _narrow("rn", (SAT_REQ, RELU), "e2m1x2", "f32", (D, A, A)),
    _narrow("rn", (RELU,), "f16x2", "e2m1x2", (D, A)),
    _narrow("rs", (RELU, SAT_REQ), "e2m1x4", "f32", (D, V, A), STOCHASTIC),
    _narrow("rn", (SAT_REQ, RELU), "e2m3x2 e3m2x2", "f32", (D, A, A)),
    _narrow("rn", (RELU,), "f16x2", "e2m3x2 e3m2x2", (D, A)),
    _narrow("rs", (RELU, SAT_REQ), "e2m3x4 e3m2x4", "f32", (D, V, A), STOCHASTIC),
    _narrow("rz rp", (SATF,), "ue8m0x2", "f32", (D, A, A), emitter="convert.ue8m0"),
    _narrow("rz rp", (SATF,), "ue8m0x2", "bf16x2", (D, A), emitter="convert.ue8m0"),
    _narrow("rn", (), "bf16x2", "ue8m0x2", (D, A), emitter="convert.ue8m0"),
    # 9.7.9.22 cvt.pack
    Form("cvt.pack", "9.7.9.22", (slot("sat", "sat"), slot("dtype", "u16 s16"),
                                  slot("atype", "s32")), (D, A, A), emitter="data.cvt_pack"),
    Form("cvt.pack", "9.7.9.22", (slot("sat", "sat"), slot("dtype", "u2 s2 u4 s4 u8 s8"),
                                  slot("atype", "s32"), slot("ctype", "b32")), (D, A, A, A),
         emitter="data.cvt_pack"),
    # 9.7.9.23 mapa / 9.7.9.24 getctarank
    Form("mapa", "9.7.9.23", (opt("space", "shared::cluster"), slot("type", "u32 u64")),
         (D, A, A), U, note="distributed shared memory (clusters)"),
    Form("getctarank", "9.7.9.24", (opt("space", "shared::cluster"), slot("type", "u32 u64")),
         (D, A), U, note="distributed shared memory (clusters)"),
)
# fmt: on
