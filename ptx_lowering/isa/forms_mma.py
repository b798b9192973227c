"""Forms of PTX ISA 9.7.14 (warp-level matrix multiply-accumulate): wmma.load,
wmma.store, wmma.mma, mma, ldmatrix, stmatrix, movmatrix and mma.sp.

One row per syntax line of the manual; lines that differ only in the shape or type list
(`mma.sync.aligned.m16n8k8...` and `...m16n8k16...` with the same types) share a row.
"""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Slot, Status, maybe, opt, slot

A, M, V = Op.SRC, Op.ADDR, Op.DATA
U, S = Status.UNSUPPORTED, Status.SUPPORTED
NOTE = "warp-level matrix multiply-accumulate"
SYNC = (slot("sync", "sync"), slot("aligned", "aligned"))
WMMA_SHAPES = "m16n16k16 m8n32k16 m32n8k16"
SPACE = opt("space", "global shared shared::cta")
ROW_COL = (slot("alayout", "row"), slot("blayout", "col"))
SATF = opt("satfinite", "satfinite")
F8F6F4 = "e4m3 e5m2 e3m2 e2m3 e2m1"
SCALED = (V, V, V, V, A, V, A, V)  # d, a, b, c, scale-a, {byte, thread}, scale-b, {...}
SPARSE, SPARSE_SCALED = (V, V, V, V, A, A), (V, V, V, V, A, A, A, V, A, V)

# wmma.load: (shapes, A types, B types, C types, A layouts, B layouts), one per family
WMMA_FAMILIES = (
    (WMMA_SHAPES, "f16 s8 u8", "f16 s8 u8", "f16 f32 s32", "row col", "row col"),
    (WMMA_SHAPES, "bf16", "bf16", "f32", "row col", "row col"),
    ("m16n16k8", "tf32", "tf32", "f32", "row col", "row col"),
    ("m8n8k4", "f64", "f64", "f64", "row col", "row col"),
    ("m8n8k32", "s4 u4", "s4 u4", "s32", "row", "col"),
    ("m8n8k128", "b1", "b1", "s32", "row", "col"),
)


WMMA_LOWERED = ("m16n16k16", "m8n32k16", "m32n8k16", "m16n16k8", "m8n8k4")  # emit/wmma.py


def _wmma_shape(shapes: str) -> Slot:
    lowered = " ".join(s for s in shapes.split() if s in WMMA_LOWERED)
    return slot("shape", shapes, supported=lowered if lowered and lowered != shapes else None)


def _wmma(opcode: str, section: str, slots: tuple[Slot, ...], ops: tuple, shapes: str) -> Form:
    if any(s in WMMA_LOWERED for s in shapes.split()):
        return Form(opcode, section, slots, ops, S, emitter="mma." + opcode.replace(".", "_"))
    return Form(opcode, section, slots, ops, U, note=NOTE)


def _wmma_loads() -> tuple[Form, ...]:
    rows = []
    for shapes, atype, btype, ctype, alayout, blayout in WMMA_FAMILIES:
        for matrix, layout, types in (("a", alayout, atype), ("b", blayout, btype),
                                      ("c", "row col", ctype)):  # fmt: skip
            if matrix == "c" and atype == "bf16":
                continue  # the .bf16 family's C load (.f32) is the .f16 family's
            slots = (slot("matrix", matrix), *SYNC, slot("layout", layout),
                     _wmma_shape(shapes), SPACE, slot("type", types))  # fmt: skip
            rows.append(_wmma("wmma.load", "9.7.14.4.3", slots, (V, M, maybe(A)), shapes))
    return tuple(rows)


def _wmma_store(shapes: str, types: str) -> Form:
    slots = (slot("matrix", "d"), *SYNC, slot("layout", "row col"), _wmma_shape(shapes), SPACE,
             slot("type", types))  # fmt: skip
    return _wmma("wmma.store", "9.7.14.4.4", slots, (M, V, maybe(A)), shapes)


def _types(d: str, a: str, b: str, c: str) -> tuple[Slot, ...]:
    return slot("dtype", d), slot("atype", a), slot("btype", b), slot("ctype", c)


def _wmma_mma(layouts: tuple[Slot, ...], shapes: str, types: tuple[Slot, ...],
              head: tuple[Slot, ...] = (), tail: tuple[Slot, ...] = ()) -> Form:  # fmt: skip
    slots = (*head, *SYNC, *layouts, _wmma_shape(shapes), *types, *tail)
    return _wmma("wmma.mma", "9.7.14.4.5", slots, (V, V, V, V), shapes)


def _mma(shapes: str, layouts: tuple[Slot, ...], middle: tuple[Slot, ...],
         types: tuple[Slot, ...], ops: tuple[Op, ...] = (V, V, V, V),
         sparse: Slot | None = None, tail: tuple[Slot, ...] = (),
         lowered: str | None = None, emitter: str = "mma.mma") -> Form:  # fmt: skip
    """`mma{.sp}.sync.aligned.shape.layouts{middle}.types{tail}` (9.7.14.5.14, 9.7.14.6.3).
    With `lowered` (the shapes cu2amd lowers, or "" for all), a row of emit/mma.py."""
    head = (sparse,) if sparse else ()
    shape = slot("shape", shapes, supported=lowered or None)
    slots = (*head, *SYNC, shape, *layouts, *middle, *types, *tail)
    section = "9.7.14.6.3" if sparse else "9.7.14.5.14"
    if lowered is not None:
        return Form("mma", section, slots, ops, S, emitter=emitter)
    return Form("mma", section, slots, ops, U, note=NOTE)


ANY_LAYOUT = (slot("alayout", "row col"), slot("blayout", "row col"))
SP = slot("sp", "sp sp::ordered_metadata")
SP_ORDERED = slot("sp", "sp::ordered_metadata")


def _block_scale(kind: str, scale: str, scale_required: bool) -> tuple[Slot, ...]:
    return (slot("kind", kind), slot("block_scale", "block_scale"),
            slot("scale_vec", scale, optional=not scale_required))  # fmt: skip


# The three block-scaled kinds: (kind and scale modifiers, types with the scale type).
MXF4 = (_block_scale("kind::mxf4", "scale_vec::2X", False),
        (*_types("f32", "e2m1", "e2m1", "f32"), slot("stype", "ue8m0")))  # fmt: skip
MXF4NVF4 = (_block_scale("kind::mxf4nvf4", "scale_vec::2X scale_vec::4X", True),
            (*_types("f32", "e2m1", "e2m1", "f32"), slot("stype", "ue8m0 ue4m3")))  # fmt: skip
MXF8F6F4 = (_block_scale("kind::mxf8f6f4", "scale_vec::1X", False),
            (*_types("f32", F8F6F4, F8F6F4, "f32"), slot("stype", "ue8m0")))  # fmt: skip
F64 = _types("f64", "f64", "f64", "f64")
INT8, INT4 = _types("s32", "u8 s8", "u8 s8", "s32"), _types("s32", "u4 s4", "u4 s4", "s32")
FP8 = _types("f32", "e4m3 e5m2", "e4m3 e5m2", "f32")
KIND_F8F6F4 = (slot("kind", "kind::f8f6f4"),)
F8F6F4_TYPES = _types("f16 f32", F8F6F4, F8F6F4, "f16 f32")

# fmt: off
FORMS = (
    # 9.7.14.4.3 wmma.load / 9.7.14.4.4 wmma.store
    *_wmma_loads(),
    _wmma_store(WMMA_SHAPES, "f16 f32 s32"),
    _wmma_store("m8n8k32 m8n8k128", "s32"),
    _wmma_store("m16n16k8", "f32"),
    _wmma_store("m8n8k4", "f64"),
    # 9.7.14.4.5 wmma.mma
    _wmma_mma(ANY_LAYOUT, WMMA_SHAPES, (slot("dtype", "f16 f32"), slot("ctype", "f16 f32"))),
    _wmma_mma(ANY_LAYOUT, WMMA_SHAPES, _types("s32", "s8 u8", "s8 u8", "s32"), tail=(SATF,)),
    _wmma_mma(ANY_LAYOUT, WMMA_SHAPES, _types("f32", "bf16", "bf16", "f32")),
    _wmma_mma(ANY_LAYOUT, "m16n16k8", _types("f32", "tf32", "tf32", "f32")),
    _wmma_mma(ANY_LAYOUT, "m8n8k4", (opt("rnd", "rn rz rm rp", supported="rn"), *F64)),
    _wmma_mma(ROW_COL, "m8n8k32", _types("s32", "s4 u4", "s4 u4", "s32"), tail=(SATF,)),
    _wmma_mma(ROW_COL, "m8n8k128", _types("s32", "b1", "b1", "s32"),
              head=(slot("op", "xor and"), slot("popc", "popc"))),
    # 9.7.14.5.14 mma: half precision, alternate floating point (incl. block scaling),
    # double precision, integer, single bit
    _mma("m8n8k4", ANY_LAYOUT, (), _types("f16 f32", "f16", "f16", "f16 f32"), lowered="",
         emitter="mma.mma_m8n8k4"),
    _mma("m16n8k8 m16n8k16", ROW_COL, (), _types("f16 f32", "f16", "f16", "f16 f32"), lowered=""),
    _mma("m16n8k4", ROW_COL, (), _types("f32", "tf32", "tf32", "f32"), lowered=""),
    _mma("m16n8k8", ROW_COL, (), _types("f32", "bf16 tf32", "bf16 tf32", "f32"), lowered=""),
    _mma("m16n8k16", ROW_COL, (), _types("f32", "bf16", "bf16", "f32"), lowered=""),
    _mma("m16n8k16 m16n8k32", ROW_COL, (), _types("f16 f32", "e4m3 e5m2", "e4m3 e5m2", "f16 f32"),
         lowered=""),
    _mma("m16n8k32", ROW_COL, KIND_F8F6F4, F8F6F4_TYPES),
    _mma("m16n8k64", ROW_COL, *MXF4, SCALED),
    _mma("m16n8k64", ROW_COL, *MXF4NVF4, SCALED),
    _mma("m16n8k32", ROW_COL, *MXF8F6F4, SCALED),
    _mma("m8n8k4 m16n8k4 m16n8k8 m16n8k16", ROW_COL, (), F64, lowered=""),
    _mma("m8n8k16 m16n8k16 m16n8k32", ROW_COL, (SATF,), INT8, lowered=""),
    _mma("m8n8k32 m16n8k32 m16n8k64", ROW_COL, (SATF,), INT4, lowered=""),
    _mma("m8n8k128 m16n8k128 m16n8k256", ROW_COL, (), _types("s32", "b1", "b1", "s32"),
         tail=(slot("op", "xor and"), slot("popc", "popc"))),
    # 9.7.14.5.15 ldmatrix / 9.7.14.5.16 stmatrix / 9.7.14.5.17 movmatrix
    Form("ldmatrix", "9.7.14.5.15", (*SYNC, slot("shape", "m8n8 m16n16", supported="m8n8"),
                                     slot("num", "x1 x2 x4"), opt("trans", "trans"),
                                     opt("space", "shared shared::cta"),
                                     slot("type", "b16 b8", supported="b16")), (V, M),
         emitter="mma.ldmatrix"),
    Form("ldmatrix", "9.7.14.5.15", (*SYNC, slot("shape", "m8n16"), slot("num", "x1 x2 x4"),
                                     opt("space", "shared shared::cta"), slot("dtype", "b8x16"),
                                     slot("atype", "b6x16_p32 b4x16_p64")), (V, M), U, note=NOTE),
    Form("ldmatrix", "9.7.14.5.15", (*SYNC, slot("shape", "m16n16"), slot("num", "x1 x2 x4"),
                                     slot("trans", "trans"), opt("space", "shared shared::cta"),
                                     slot("dtype", "b8x16"), slot("atype", "b6x16_p32 b4x16_p64")),
         (V, M), U, note=NOTE),
    Form("stmatrix", "9.7.14.5.16", (*SYNC, slot("shape", "m8n8 m16n8", supported="m8n8"),
                                     slot("num", "x1 x2 x4"), opt("trans", "trans"),
                                     opt("space", "shared shared::cta"),
                                     slot("type", "b16 b8", supported="b16")), (M, V),
         emitter="mma.stmatrix"),
    Form("movmatrix", "9.7.14.5.17", (*SYNC, slot("shape", "m8n8"), slot("trans", "trans"),
                                      slot("type", "b16")), (Op.DST, A), emitter="mma.movmatrix"),
    # 9.7.14.6.3 mma.sp, mma.sp::ordered_metadata: d, a, b, c, e (metadata), f (selector)
    _mma("m16n8k16 m16n8k32", ROW_COL, (), _types("f16 f32", "f16", "f16", "f16 f32"), SPARSE, SP),
    _mma("m16n8k16 m16n8k32", ROW_COL, (), _types("f32", "bf16", "bf16", "f32"), SPARSE, SP),
    _mma("m16n8k8 m16n8k16", ROW_COL, (), _types("f32", "tf32", "tf32", "f32"), SPARSE, SP),
    _mma("m16n8k64", ROW_COL, (), FP8, SPARSE, SP),
    _mma("m16n8k64", ROW_COL, KIND_F8F6F4, F8F6F4_TYPES, SPARSE, SP_ORDERED),
    _mma("m16n8k128", ROW_COL, *MXF4, SPARSE_SCALED, SP_ORDERED),
    _mma("m16n8k128", ROW_COL, *MXF4NVF4, SPARSE_SCALED, SP_ORDERED),
    _mma("m16n8k64", ROW_COL, *MXF8F6F4, SPARSE_SCALED, SP_ORDERED),
    _mma("m16n8k32 m16n8k64", ROW_COL, (SATF,), INT8, SPARSE, SP),
    _mma("m16n8k64 m16n8k128", ROW_COL, (SATF,), INT4, SPARSE, SP),
)
# fmt: on
