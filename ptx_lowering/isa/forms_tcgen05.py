"""Forms of PTX ISA 9.7.16 (TensorCore 5th generation, tcgen05): tensor-memory allocation,
loads and stores, copies, shifts, the tcgen05.mma family, fences and commits.

Each tcgen05.mma syntax line exists with A from shared memory (`a-desc`) and from tensor
memory (`[a-tmem]`); the pair shares modifiers and the operands choose the row.
"""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Operand, Slot, Status, maybe, opt, slot

D, A, C, M, V = Op.DST, Op.SRC, Op.PRED_SRC, Op.ADDR, Op.DATA
U = Status.UNSUPPORTED
NOTE = "tensor core generation 5 (tcgen05)"
SYNC = (slot("sync", "sync"), slot("aligned", "aligned"))
CTA_GROUP = slot("cta_group", "cta_group::1 cta_group::2")
CTA_GROUP_1 = slot("cta_group", "cta_group::1")
NUM = slot("num", "x1 x2 x4 x8 x16 x32 x64 x128")
B32 = slot("type", "b32")
FLOAT_KINDS = "kind::f16 kind::tf32 kind::f8f6f4"
SCALED_KINDS = "kind::mxf8f6f4 kind::mxf4 kind::mxf4nvf4"
SCALE_VEC = opt("scale_vec", "scale_vec::1X scale_vec::2X scale_vec::4X block16 block32")
COLLECT = "collector::a::fill collector::a::use collector::a::lastuse collector::a::discard"
WS_COLLECT = " ".join(f"collector::{b}::{op}" for b in ("b0", "b1", "b2", "b3")
                      for op in ("fill", "use", "lastuse", "discard"))  # fmt: skip


def _ld_red(shape: str, float_: bool, ops: tuple[Op, ...]) -> Form:
    mods = (opt("abs", "abs"), opt("nan", "NaN"), slot("type", "f32")) if float_ else (
        slot("type", "u32 s32"),)  # fmt: skip
    slots = (slot("red", "red"), *SYNC, slot("shape", shape), NUM, slot("op", "min max"), *mods)
    return Form("tcgen05.ld", "9.7.16.8.3", slots, ops, U, note=NOTE)


def _mma(opcode: str, section: str, kinds: tuple[Slot, ...], sparse: bool, scaled: bool,
         int_: bool) -> tuple[Form, Form]:  # fmt: skip
    """One tcgen05.mma(.sp) line, with A as a descriptor and in tensor memory."""
    sp = (M,) if sparse else ()  # [sp-meta-tmem]
    if scaled:  # [scale-A-tmem], [scale-B-tmem], enable-input-d
        tail: tuple[Operand, ...] = (A, M, M, C)
    else:  # {, disable-output-lane}, enable-input-d {, scale-input-d}
        tail = (A, maybe(V), C, *(() if int_ else (maybe(A),)))
    slots = (CTA_GROUP, *kinds)
    return (
        Form(opcode, section, slots, (M, A, A, *sp, *tail), U, note=NOTE),
        Form(opcode, section, slots, (M, M, A, *sp, *tail), U, note=NOTE),
    )


def _mma_family(opcode: str, section: str, sparse: bool) -> tuple[Form, ...]:
    """The six groups of tcgen05.mma lines: float, block-scaled, float with collector
    usage (convolution), block-scaled with collector usage, .kind::i8, .kind::i8 with
    collector usage."""
    fl, sc, i8 = slot("kind", FLOAT_KINDS), slot("kind", SCALED_KINDS), slot("kind", "kind::i8")
    block = (slot("block_scale", "block_scale"), SCALE_VEC)
    col, col_opt = slot("collector", COLLECT), opt("collector", COLLECT)
    ashift, ashift_opt = slot("ashift", "ashift"), opt("ashift", "ashift")
    rows: list[Form] = []
    both, desc, tmem = (0, 1), (0,), (1,)  # which of the pair: A as descriptor, in tmem
    for kinds, scaled, int_, which in (
        ((fl,), False, False, both),
        ((sc, *block), True, False, both),
        ((fl, col), False, False, desc),
        ((fl, ashift_opt, col), False, False, tmem),
        ((fl, ashift, col_opt), False, False, tmem),
        ((sc, *block, col), True, False, both),
        ((i8,), False, True, both),
        ((i8, col), False, True, desc),
        ((i8, ashift, col_opt), False, True, tmem),
        ((i8, ashift_opt, col), False, True, tmem),
    ):
        pair = _mma(opcode, section, kinds, sparse, scaled, int_)
        rows.extend(pair[i] for i in which)
    return tuple(rows)


def _ws(opcode: str, section: str, sparse: bool) -> tuple[Form, ...]:
    """tcgen05.mma.ws(.sp): cta_group::1 only; zero-column-mask-desc is optional."""
    sp = (M,) if sparse else ()
    rows = []
    for kind in (FLOAT_KINDS, "kind::i8"):
        slots = (CTA_GROUP_1, slot("kind", kind), opt("collector", WS_COLLECT))
        for a in (A, M):
            rows.append(Form(opcode, section, slots, (M, a, A, *sp, A, C, maybe(A)), U, note=NOTE))
    return tuple(rows)


# fmt: off
FORMS = (
    # 9.7.16.7.1 tcgen05.alloc, tcgen05.dealloc, tcgen05.relinquish_alloc_permit
    Form("tcgen05.alloc", "9.7.16.7.1", (CTA_GROUP, *SYNC, opt("space", "shared::cta"), B32),
         (M, A), U, note=NOTE),
    Form("tcgen05.dealloc", "9.7.16.7.1", (CTA_GROUP, *SYNC, B32), (A, A), U, note=NOTE),
    Form("tcgen05.relinquish_alloc_permit", "9.7.16.7.1", (CTA_GROUP, *SYNC), (), U, note=NOTE),
    # 9.7.16.8.3 tcgen05.ld (plain, and with a min/max reduction)
    Form("tcgen05.ld", "9.7.16.8.3", (*SYNC, slot("shape", "16x64b 16x128b 16x256b 32x32b"), NUM,
                                      opt("pack", "pack::16b"), B32), (V, M), U, note=NOTE),
    Form("tcgen05.ld", "9.7.16.8.3", (*SYNC, slot("shape", "16x32bx2"), NUM,
                                      opt("pack", "pack::16b"), B32), (V, M, A), U, note=NOTE),
    _ld_red("32x32b", True, (V, D, M)),
    _ld_red("16x32bx2", True, (V, D, M, A)),
    _ld_red("32x32b", False, (V, D, M)),
    _ld_red("16x32bx2", False, (V, D, M, A)),
    # 9.7.16.8.4 tcgen05.st / 9.7.16.8.5 tcgen05.wait
    Form("tcgen05.st", "9.7.16.8.4", (*SYNC, slot("shape", "16x64b 16x128b 16x256b 32x32b"), NUM,
                                      opt("unpack", "unpack::16b"), B32), (M, V), U, note=NOTE),
    Form("tcgen05.st", "9.7.16.8.4", (*SYNC, slot("shape", "16x32bx2"), NUM,
                                      opt("unpack", "unpack::16b"), B32), (M, A, V), U, note=NOTE),
    Form("tcgen05.wait::ld", "9.7.16.8.5", SYNC, (), U, note=NOTE),
    Form("tcgen05.wait::st", "9.7.16.8.5", SYNC, (), U, note=NOTE),
    # 9.7.16.9.2 tcgen05.cp / 9.7.16.9.3 tcgen05.shift
    Form("tcgen05.cp", "9.7.16.9.2", (CTA_GROUP,
                                      slot("shape", "128x256b 4x256b 128x128b 64x128b 32x128b"),
                                      opt("multicast", "warpx2::02_13 warpx2::01_23 warpx4"),
                                      opt("fmt", "b8x16.b6x16_p32 b8x16.b4x16_p64")), (M, A), U,
         note=NOTE),
    Form("tcgen05.shift", "9.7.16.9.3", (CTA_GROUP, slot("dir", "down")), (M,), U, note=NOTE),
    # 9.7.16.10.9.1 tcgen05.mma / .2 tcgen05.mma.sp / .3 tcgen05.mma.ws / .4 tcgen05.mma.ws.sp
    *_mma_family("tcgen05.mma", "9.7.16.10.9.1", sparse=False),
    *_mma_family("tcgen05.mma.sp", "9.7.16.10.9.2", sparse=True),
    *_ws("tcgen05.mma.ws", "9.7.16.10.9.3", sparse=False),
    *_ws("tcgen05.mma.ws.sp", "9.7.16.10.9.4", sparse=True),
    # 9.7.16.11.1 tcgen05.fence / 9.7.16.12.1 tcgen05.commit
    Form("tcgen05.fence::before_thread_sync", "9.7.16.11.1", (), (), U, note=NOTE),
    Form("tcgen05.fence::after_thread_sync", "9.7.16.11.1", (), (), U, note=NOTE),
    Form("tcgen05.commit", "9.7.16.12.1", (CTA_GROUP, slot("completion", "mbarrier::arrive::one"),
                                           opt("space", "shared::cluster"),
                                           opt("multicast", "multicast::cluster"),
                                           slot("type", "b64")), (M, maybe(A, when="multicast")), U,
         note=NOTE),
)
# fmt: on
