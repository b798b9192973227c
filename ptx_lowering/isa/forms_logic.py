"""Forms of PTX ISA 9.7.6 (comparison and selection) and 9.7.8 (logic and shift)."""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, opt, slot

D, A, P, C = Op.DST, Op.SRC, Op.PRED_DST, Op.PRED_SRC
INT_CMP = "eq ne lt le gt ge lo ls hi hs"
FLOAT_CMP = "eq ne lt le gt ge equ neu ltu leu gtu geu num nan"
INT_TYPES = "b16 b32 b64 u16 u32 u64 s16 s32 s64"
BOOL = "and or xor"

FORMS = (
    # 9.7.6.2 setp: integer and bit-size types
    Form(
        "setp",
        "9.7.6.2",
        (slot("cmp", INT_CMP), slot("type", INT_TYPES)),
        (P, A, A),
        emitter="cmp.setp",
    ),
    Form(
        "setp",
        "9.7.6.2",
        (slot("cmp", INT_CMP), slot("bool", BOOL), slot("type", INT_TYPES)),
        (P, A, A, C),
        emitter="cmp.setp",
    ),
    # 9.7.6.2 setp: floating point (.ftz only flushes inputs; not lowered yet)
    Form(
        "setp",
        "9.7.6.2",
        (slot("cmp", FLOAT_CMP), opt("ftz", "ftz", supported=""), slot("type", "f32 f64")),
        (P, A, A),
        emitter="cmp.setp",
    ),
    Form(
        "setp",
        "9.7.6.2",
        (
            slot("cmp", FLOAT_CMP),
            slot("bool", BOOL),
            opt("ftz", "ftz", supported=""),
            slot("type", "f32 f64"),
        ),
        (P, A, A, C),
        emitter="cmp.setp",
    ),
    # 9.7.6.3 selp
    Form(
        "selp", "9.7.6.3", (slot("type", INT_TYPES + " f32 f64"),), (D, A, A, C), emitter="cmp.selp"
    ),
    # 9.7.8.1 and / 9.7.8.2 or / 9.7.8.3 xor / 9.7.8.4 not
    Form("and", "9.7.8.1", (slot("type", "pred b16 b32 b64"),), (D, A, A), emitter="logic.and"),
    Form("or", "9.7.8.2", (slot("type", "pred b16 b32 b64"),), (D, A, A), emitter="logic.or"),
    Form("xor", "9.7.8.3", (slot("type", "pred b16 b32 b64"),), (D, A, A), emitter="logic.xor"),
    Form("not", "9.7.8.4", (slot("type", "pred b16 b32 b64"),), (D, A), emitter="logic.not"),
    # 9.7.8.8 shl / 9.7.8.9 shr: the shift amount is always an unsigned 32-bit value
    Form("shl", "9.7.8.8", (slot("type", "b16 b32 b64"),), (D, A, A), emitter="logic.shl"),
    Form(
        "shr",
        "9.7.8.9",
        (slot("type", "b16 b32 b64 u16 u32 u64 s16 s32 s64"),),
        (D, A, A),
        emitter="logic.shr",
    ),
)
