"""Forms of PTX ISA 9.7.15 (asynchronous warpgroup-level matrix multiply-accumulate):
wgmma.mma_async, wgmma.mma_async.sp, wgmma.fence, wgmma.commit_group, wgmma.wait_group.

Each type family has two syntax lines: A from shared memory (a descriptor) and A in
registers (a vector); they share modifiers and differ in operands, so they are two rows
and the operands choose.
"""

from __future__ import annotations

from typing import NamedTuple

from cu2amd.ptx_lowering.isa.forms import Form, Op, Slot, Status, opt, slot

A, C, V = Op.SRC, Op.PRED_SRC, Op.DATA
U = Status.UNSUPPORTED
NOTE = "warpgroup matrix multiply-accumulate (wgmma)"
SYNC = (slot("sync", "sync"), slot("aligned", "aligned"))
ALL_N = tuple(range(8, 257, 8))  # n = 8, 16, ..., 256
INT_N = (8, 16, 24, *range(32, 257, 16))  # n = 8, 16, 24, 32, 48, ..., 256


class Family(NamedTuple):
    k: int  # K of the dense shapes; sparse shapes have twice that
    ns: tuple[int, ...]  # the N of the shapes m64nNkK
    slots: tuple[Slot, ...]  # after the shape: {.satfinite}, types, {.op.popc}
    imm: int  # immediates after scale-d: imm-scale-a, imm-scale-b
    trans: bool  # imm-trans-a (descriptor form only) and imm-trans-b follow
    sparse: bool  # has a .sp form


def _t(d: str, a: str, b: str) -> tuple[Slot, ...]:
    return slot("dtype", d), slot("atype", a), slot("btype", b)


FAMILIES = (
    Family(16, ALL_N, _t("f16 f32", "f16", "f16"), 2, True, True),
    Family(16, ALL_N, _t("f32", "bf16", "bf16"), 2, True, True),
    Family(8, ALL_N, _t("f32", "tf32", "tf32"), 2, False, True),
    Family(32, ALL_N, _t("f16 f32", "e4m3 e5m2", "e4m3 e5m2"), 2, False, True),
    Family(32, INT_N, (opt("satfinite", "satfinite"), *_t("s32", "s8 u8", "s8 u8")), 0, False,
           True),
    Family(256, INT_N, (*_t("s32", "b1", "b1"), slot("op", "and"), slot("popc", "popc")), 0,
           False, False),
)  # fmt: skip


def _rows(opcode: str, section: str, sparse: bool) -> tuple[Form, ...]:
    """The descriptor and the register row of each family. Operands: d, a, b-desc,
    {sp-meta, sp-sel,} scale-d, the immediates, the transpose immediates."""
    rows = []
    for f in FAMILIES:
        if sparse and not f.sparse:
            continue
        shapes = " ".join(f"m64n{n}k{f.k * (2 if sparse else 1)}" for n in f.ns)
        slots = (*SYNC, slot("shape", shapes), *f.slots)
        scale = (A, A, C) if sparse else (C,)  # {sp-meta, sp-sel,} scale-d
        imm = (A,) * f.imm
        desc, regs = ((A, A), (A,)) if f.trans else ((), ())  # {imm-trans-a,} imm-trans-b
        rows.append(Form(opcode, section, slots, (V, A, A, *scale, *imm, *desc), U, note=NOTE))
        rows.append(Form(opcode, section, slots, (V, V, A, *scale, *imm, *regs), U, note=NOTE))
    return tuple(rows)


FORMS = (
    # 9.7.15.5.2 wgmma.mma_async / 9.7.15.6.3 wgmma.mma_async.sp
    *_rows("wgmma.mma_async", "9.7.15.5.2", sparse=False),
    *_rows("wgmma.mma_async.sp", "9.7.15.6.3", sparse=True),
    # 9.7.15.7.1 wgmma.fence / 9.7.15.7.2 wgmma.commit_group / 9.7.15.7.3 wgmma.wait_group
    Form("wgmma.fence", "9.7.15.7.1", SYNC, (), U, note=NOTE),
    Form("wgmma.commit_group", "9.7.15.7.2", SYNC, (), U, note=NOTE),
    Form("wgmma.wait_group", "9.7.15.7.3", SYNC, (A,), U, note=NOTE),
)
