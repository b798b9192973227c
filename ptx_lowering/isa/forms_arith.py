"""Forms of PTX ISA 9.7.1 (integer arithmetic) and 9.7.3 (floating-point arithmetic)."""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Slot, Status, opt, slot

D, A = Op.DST, Op.SRC
INT16_64 = "u16 u32 u64 s16 s32 s64"
RND = "rn rz rm rp"
U = Status.UNSUPPORTED
# Only round-to-nearest-even is lowered so far: the directed modes need constrained
# intrinsics, .ftz and .sat their own lowering (tracked by the [ptx-semantics] work).
FTZ = opt("ftz", "ftz", supported="")
SAT = opt("sat", "sat", supported="")


def _rnd(required: bool) -> Slot:
    return slot("rnd", RND, optional=not required, supported="rn")


def _f32_f64(
    opcode: str, section: str, ops: tuple[Op, ...], emitter: str, *, rnd_required: bool = False
) -> tuple[Form, Form]:
    """`op{.rnd}{.ftz}{.sat}.f32` and `op{.rnd}.f64`, the two rows most float ops have."""
    rnd = _rnd(rnd_required)
    return (
        Form(opcode, section, (rnd, FTZ, SAT, slot("type", "f32")), ops, emitter=emitter),
        Form(opcode, section, (rnd, slot("type", "f64")), ops, emitter=emitter),
    )


# fmt: off
FORMS = (
    # 9.7.1.1 add / 9.7.1.2 sub
    Form("add", "9.7.1.1", (slot("type", INT16_64),), (D, A, A), emitter="int.add"),
    Form("add", "9.7.1.1", (slot("sat", "sat"), slot("type", "s32")), (D, A, A), emitter="int.add"),
    Form("add", "9.7.1.1", (slot("type", "u16x2 s16x2"),), (D, A, A), U, note="packed 16-bit add"),
    Form("add", "9.7.1.1", (slot("cc", "cc"), slot("type", "u32 s32 u64 s64")), (D, A, A), U,
         note="carry chain"),
    Form("sub", "9.7.1.2", (slot("type", INT16_64),), (D, A, A), emitter="int.sub"),
    Form("sub", "9.7.1.2", (slot("sat", "sat"), slot("type", "s32")), (D, A, A), emitter="int.sub"),
    Form("sub", "9.7.1.2", (slot("cc", "cc"), slot("type", "u32 s32 u64 s64")), (D, A, A), U,
         note="carry chain"),
    # 9.7.1.3 mul / 9.7.1.4 mad
    Form("mul", "9.7.1.3", (slot("mode", "hi lo wide"), slot("type", INT16_64)), (D, A, A),
         emitter="int.mul"),
    Form("mad", "9.7.1.4", (slot("mode", "hi lo wide"), slot("type", INT16_64)), (D, A, A, A),
         emitter="int.mad"),
    Form("mad", "9.7.1.4", (slot("mode", "hi"), slot("sat", "sat"), slot("type", "s32")),
         (D, A, A, A), U, note="saturating mad.hi"),
    # 9.7.1.10 abs / 9.7.1.11 neg / 9.7.1.12 min / 9.7.1.13 max
    Form("abs", "9.7.1.10", (slot("type", "s16 s32 s64"),), (D, A), emitter="int.abs"),
    Form("neg", "9.7.1.11", (slot("type", "s16 s32 s64"),), (D, A), emitter="int.neg"),
    Form("min", "9.7.1.12", (slot("type", INT16_64),), (D, A, A), emitter="int.min"),
    Form("max", "9.7.1.13", (slot("type", INT16_64),), (D, A, A), emitter="int.max"),
    # 9.7.3.3 add / 9.7.3.4 sub / 9.7.3.5 mul
    *_f32_f64("add", "9.7.3.3", (D, A, A), "float.add"),
    *_f32_f64("sub", "9.7.3.4", (D, A, A), "float.sub"),
    *_f32_f64("mul", "9.7.3.5", (D, A, A), "float.mul"),
    # 9.7.3.6 fma / 9.7.3.7 mad: the rounding modifier is required; mad.rnd is fma
    *_f32_f64("fma", "9.7.3.6", (D, A, A, A), "float.fma", rnd_required=True),
    *_f32_f64("mad", "9.7.3.7", (D, A, A, A), "float.fma", rnd_required=True),
    # 9.7.3.9 abs / 9.7.3.10 neg: sign-bit operations, exact for every input incl. NaN
    Form("abs", "9.7.3.9", (FTZ, slot("type", "f32")), (D, A), emitter="float.abs"),
    Form("abs", "9.7.3.9", (slot("type", "f64"),), (D, A), emitter="float.abs"),
    Form("neg", "9.7.3.10", (FTZ, slot("type", "f32")), (D, A), emitter="float.neg"),
    Form("neg", "9.7.3.10", (slot("type", "f64"),), (D, A), emitter="float.neg"),
)
# fmt: on
