"""Forms of PTX ISA 9.7.6 (comparison and selection), 9.7.7 (half-precision comparison)
and 9.7.8 (logic and shift)."""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, opt, slot

D, A, P, C, DP = Op.DST, Op.SRC, Op.PRED_DST, Op.PRED_SRC, Op.DST_PRED
INT_CMP = "eq ne lt le gt ge lo ls hi hs"
FLOAT_CMP = "eq ne lt le gt ge equ neu ltu leu gtu geu num nan"
INT_TYPES = "b16 b32 b64 u16 u32 u64 s16 s32 s64"
BOOL = "and or xor"
SET_STYPE = INT_TYPES + " f16 f32 f64"


def _set(section: str, dtype: str, stype: str, ftz: bool) -> tuple[Form, Form]:
    """9.7.7.1 `set.CmpOp{.ftz}.dtype.stype d, a, b` and its `.BoolOp ... {!}c` twin."""
    cmp = slot("cmp", FLOAT_CMP)
    tail = (*((opt("ftz", "ftz"),) if ftz else ()), slot("dtype", dtype), slot("atype", stype))
    return (
        Form("set", section, (cmp, *tail), (D, A, A), emitter="cmp.half_set"),
        Form("set", section, (cmp, slot("bool", BOOL), *tail), (D, A, A, C),
             emitter="cmp.half_set"),
    )  # fmt: skip


def _set_rows(cmp: str, stype: str, ftz: bool) -> tuple[Form, Form]:
    """9.7.6.1 `set.CmpOp{.ftz}.dtype.stype d, a, b` and its `.BoolOp ... {!}c` twin, for
    source types sharing comparison operators (.ftz only with .f32, as ptxas insists)."""
    ftz_slot = (opt("ftz", "ftz"),) if ftz else ()
    tail = (*ftz_slot, slot("dtype", "u32 s32 f32"), slot("atype", stype))
    return (
        Form("set", "9.7.6.1", (slot("cmp", cmp), *tail), (D, A, A), emitter="cmp.set"),
        Form("set", "9.7.6.1", (slot("cmp", cmp), slot("bool", BOOL), *tail), (D, A, A, C),
             emitter="cmp.set"),
    )  # fmt: skip


def _float_setp(ftype: str, ftz: bool) -> tuple[Form, Form]:
    """9.7.6.2 setp on .f32 (which takes .ftz) or .f64, with and without .BoolOp."""
    tail = (*((opt("ftz", "ftz"),) if ftz else ()), slot("type", ftype))
    cmp = slot("cmp", FLOAT_CMP)
    return (
        Form("setp", "9.7.6.2", (cmp, *tail), (P, A, A), emitter="cmp.setp"),
        Form("setp", "9.7.6.2", (cmp, slot("bool", BOOL), *tail), (P, A, A, C),
             emitter="cmp.setp"),
    )  # fmt: skip


def _half_setp(htype: str, ftz: bool) -> tuple[Form, Form]:
    tail = (*((opt("ftz", "ftz"),) if ftz else ()), slot("type", htype))
    cmp = slot("cmp", FLOAT_CMP)
    return (
        Form("setp", "9.7.7.2", (cmp, *tail), (P, A, A), emitter="cmp.half_setp"),
        Form("setp", "9.7.7.2", (cmp, slot("bool", BOOL), *tail), (P, A, A, C),
             emitter="cmp.half_setp"),
    )  # fmt: skip


# fmt: off
FORMS = (
    # 9.7.6.1 set: split like setp by the comparison operators each source type allows
    *_set_rows(INT_CMP, INT_TYPES, False),
    *_set_rows(FLOAT_CMP, "f32", True),
    *_set_rows(FLOAT_CMP, "f64", False),
    # 9.7.6.2 setp: one syntax line each with and without .BoolOp, split here by the
    # comparison operators integer and floating-point types allow
    Form("setp", "9.7.6.2", (slot("cmp", INT_CMP), slot("type", INT_TYPES)), (P, A, A),
         emitter="cmp.setp"),
    Form("setp", "9.7.6.2", (slot("cmp", INT_CMP), slot("bool", BOOL), slot("type", INT_TYPES)),
         (P, A, A, C), emitter="cmp.setp"),
    *_float_setp("f32", True),
    *_float_setp("f64", False),
    # 9.7.6.3 selp / 9.7.6.4 slct
    Form("selp", "9.7.6.3", (slot("type", INT_TYPES + " f32 f64"),), (D, A, A, C),
         emitter="cmp.selp"),
    Form("slct", "9.7.6.4", (slot("dtype", INT_TYPES + " f32 f64"), slot("atype", "s32")),
         (D, A, A, A), emitter="cmp.slct"),
    Form("slct", "9.7.6.4", (opt("ftz", "ftz"), slot("dtype", INT_TYPES + " f32 f64"),
                             slot("atype", "f32")), (D, A, A, A), emitter="cmp.slct"),
    # 9.7.7.1 set with half-precision operands or results
    *_set("9.7.7.1", "f16", SET_STYPE, True),
    *_set("9.7.7.1", "bf16", SET_STYPE, False),
    *_set("9.7.7.1", "u16 s16 u32 s32", "f16", True),
    *_set("9.7.7.1", "u16 s16 u32 s32", "bf16", False),
    *_set("9.7.7.1", "f16x2 u32 s32", "f16x2", True),
    *_set("9.7.7.1", "bf16x2 u32 s32", "bf16x2", False),
    # 9.7.7.2 setp on .f16, .f16x2 (p|q), .bf16, .bf16x2 (p|q)
    *_half_setp("f16", True),
    *_half_setp("f16x2", True),
    *_half_setp("bf16", False),
    *_half_setp("bf16x2", False),
    # 9.7.8.1 and / 9.7.8.2 or / 9.7.8.3 xor / 9.7.8.4 not / 9.7.8.5 cnot
    Form("and", "9.7.8.1", (slot("type", "pred b16 b32 b64"),), (D, A, A), emitter="logic.and"),
    Form("or", "9.7.8.2", (slot("type", "pred b16 b32 b64"),), (D, A, A), emitter="logic.or"),
    Form("xor", "9.7.8.3", (slot("type", "pred b16 b32 b64"),), (D, A, A), emitter="logic.xor"),
    Form("not", "9.7.8.4", (slot("type", "pred b16 b32 b64"),), (D, A), emitter="logic.not"),
    Form("cnot", "9.7.8.5", (slot("type", "b16 b32 b64"),), (D, A), emitter="logic.cnot"),
    # 9.7.8.6 lop3 (the .BoolOp form writes d|p; d may be the sink `_`) / 9.7.8.7 shf
    Form("lop3", "9.7.8.6", (slot("type", "b32"),), (D, A, A, A, A), emitter="logic.lop3"),
    Form("lop3", "9.7.8.6", (slot("bool", "or and"), slot("type", "b32")),
         (DP, A, A, A, A, C), emitter="logic.lop3"),
    Form("shf", "9.7.8.7", (slot("dir", "l"), slot("mode", "clamp wrap"), slot("type", "b32")),
         (D, A, A, A), emitter="logic.shf"),
    Form("shf", "9.7.8.7", (slot("dir", "r"), slot("mode", "clamp wrap"), slot("type", "b32")),
         (D, A, A, A), emitter="logic.shf"),
    # 9.7.8.8 shl / 9.7.8.9 shr: the shift amount is always an unsigned 32-bit value
    Form("shl", "9.7.8.8", (slot("type", "b16 b32 b64"),), (D, A, A), emitter="logic.shl"),
    Form("shr", "9.7.8.9", (slot("type", INT_TYPES),), (D, A, A), emitter="logic.shr"),
)
# fmt: on
