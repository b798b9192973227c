"""Forms of PTX ISA 9.7.9.25 (asynchronous copies: cp.async, the bulk copies and the
tensor copies) and 9.7.9.26 (tensormap.replace).

The tensor copies address a tensor map with its coordinates, `[tensorMap, {c0, c1}]`:
an ADDR_LIST operand.
"""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Operand, Slot, Status, maybe, opt, slot

A, M, C, AL = Op.SRC, Op.ADDR, Op.PRED_SRC, Op.ADDR_LIST
U = Status.UNSUPPORTED
HINT = opt("hint", "L2::cache_hint")
POLICY = maybe(A, when="hint")
CTA_MASK = maybe(A, when="multicast")
PREFETCH = opt("prefetch", "L2::64B L2::128B L2::256B")
MBAR = slot("completion", "mbarrier::complete_tx::bytes")
BULK_GROUP = slot("completion", "bulk_group")
TO_CTA, TO_CLUSTER = slot("dst", "shared::cta"), slot("dst", "shared::cluster")
TO_GLOBAL = slot("dst", "global")
FROM_GLOBAL, FROM_CTA = slot("src", "global"), slot("src", "shared::cta")
L2 = slot("level", "L2")
DIM = slot("dim", "1d 2d 3d 4d 5d")
LOAD = opt("load_mode", "tile tile::gather4 im2col im2col::w im2col::w::128")
CTA_GROUP = opt("cta_group", "cta_group::1 cta_group::2")
MULTICAST = opt("multicast", "multicast::cluster")
RED_OPS = slot("op", "and or xor add inc dec min max")
NOTE_BULK = "bulk asynchronous copy"
NOTE_TENSOR = "tensor asynchronous copy (TMA)"


def _row(opcode: str, section: str, slots: tuple[Slot, ...], ops: tuple[Operand, ...],
         note: str) -> Form:  # fmt: skip
    return Form(opcode, section, slots, ops, U, note=note)


def _cp_async(cop: str, extra: Op) -> Form:
    """`cp.async.<cop>.shared{::cta}.global{.hint}{.prefetch} [dst], [src], size{, extra}`."""
    slots = (slot("cop", cop), slot("dst", "shared shared::cta"), FROM_GLOBAL, HINT, PREFETCH)
    return Form("cp.async", "9.7.9.25.3.1", slots, (M, M, A, maybe(extra), POLICY),
                emitter="async.cp_async")  # fmt: skip


def _field(fields: str, ops: tuple[Op, ...]) -> Form:
    slots = (slot("mode", "tile"), slot("field", fields), opt("space", "global shared::cta"),
             slot("size", "b1024"), slot("type", "b32 b64"))  # fmt: skip
    return _row("tensormap.replace", "9.7.9.26", slots, ops, "tensor-map update")


BULK, REDUCE, TENSOR = "cp.async.bulk", "cp.reduce.async.bulk", "cp.async.bulk.tensor"

# fmt: off
FORMS = (
    # 9.7.9.25.3.1 cp.async (with src-size, then with ignore-src)
    _cp_async("ca", A), _cp_async("cg", A), _cp_async("ca", C), _cp_async("cg", C),
    # 9.7.9.25.3.2 cp.async.commit_group / 9.7.9.25.3.3 cp.async.wait_group, wait_all
    Form("cp.async.commit_group", "9.7.9.25.3.2", (), (), emitter="async.cp_async_group"),
    Form("cp.async.wait_group", "9.7.9.25.3.3", (), (A,), emitter="async.cp_async_group"),
    Form("cp.async.wait_all", "9.7.9.25.3.3", (), (), emitter="async.cp_async_group"),
    # 9.7.9.25.4.1 cp.async.bulk: global -> shared::cta, global -> shared::cluster,
    # shared::cta -> shared::cluster, shared::cta -> global
    _row(BULK, "9.7.9.25.4.1", (TO_CTA, FROM_GLOBAL, MBAR, HINT), (M, M, A, M, POLICY), NOTE_BULK),
    _row(BULK, "9.7.9.25.4.1", (TO_CLUSTER, FROM_GLOBAL, MBAR, MULTICAST, HINT),
         (M, M, A, M, CTA_MASK, POLICY), NOTE_BULK),
    _row(BULK, "9.7.9.25.4.1", (TO_CLUSTER, FROM_CTA, MBAR), (M, M, A, M), NOTE_BULK),
    _row(BULK, "9.7.9.25.4.1", (TO_GLOBAL, FROM_CTA, BULK_GROUP, HINT, opt("mask", "cp_mask")),
         (M, M, A, POLICY, maybe(A, when="mask")), NOTE_BULK),
    # 9.7.9.25.4.2 cp.reduce.async.bulk
    _row(REDUCE, "9.7.9.25.4.2", (TO_CLUSTER, FROM_CTA, MBAR, RED_OPS,
                                  slot("type", "b32 u32 s32 b64 u64")), (M, M, A, M), NOTE_BULK),
    _row(REDUCE, "9.7.9.25.4.2", (TO_GLOBAL, FROM_CTA, BULK_GROUP, HINT, RED_OPS,
                                  slot("type", "f16 bf16 b32 u32 s32 b64 u64 s64 f32 f64")),
         (M, M, A, POLICY), NOTE_BULK),
    _row(REDUCE, "9.7.9.25.4.2", (TO_GLOBAL, FROM_CTA, BULK_GROUP, HINT, slot("op", "add"),
                                  slot("noftz", "noftz"), slot("type", "f16 bf16")),
         (M, M, A, POLICY), NOTE_BULK),
    # 9.7.9.25.4.3 cp.async.bulk.prefetch
    _row("cp.async.bulk.prefetch", "9.7.9.25.4.3", (L2, FROM_GLOBAL, HINT), (M, A, POLICY),
         NOTE_BULK),
    # 9.7.9.25.5.2 cp.async.bulk.tensor: global -> shared::cta, global -> shared::cluster,
    # shared::cta -> global; `{, im2colInfo}` after the mbarrier
    _row(TENSOR, "9.7.9.25.5.2", (DIM, TO_CTA, FROM_GLOBAL, LOAD, MBAR, CTA_GROUP, HINT),
         (M, AL, M, maybe(A), POLICY), NOTE_TENSOR),
    _row(TENSOR, "9.7.9.25.5.2", (DIM, TO_CLUSTER, FROM_GLOBAL, LOAD, MBAR, MULTICAST, CTA_GROUP,
                                  HINT), (M, AL, M, maybe(A), CTA_MASK, POLICY), NOTE_TENSOR),
    _row(TENSOR, "9.7.9.25.5.2", (DIM, TO_GLOBAL, FROM_CTA,
                                  opt("load_mode", "tile tile::scatter4 im2col_no_offs"),
                                  BULK_GROUP, HINT), (AL, M, POLICY), NOTE_TENSOR),
    # 9.7.9.25.5.3 cp.reduce.async.bulk.tensor / 9.7.9.25.5.4 cp.async.bulk.prefetch.tensor
    _row("cp.reduce.async.bulk.tensor", "9.7.9.25.5.3",
         (DIM, TO_GLOBAL, FROM_CTA, slot("op", "add min max inc dec and or xor"),
          opt("load_mode", "tile im2col_no_offs"), BULK_GROUP, HINT), (AL, M, POLICY), NOTE_TENSOR),
    _row("cp.async.bulk.prefetch.tensor", "9.7.9.25.5.4", (DIM, L2, FROM_GLOBAL, LOAD, HINT),
         (AL, maybe(A), POLICY), NOTE_TENSOR),
    # 9.7.9.25.6.1 cp.async.bulk.commit_group / 9.7.9.25.6.2 cp.async.bulk.wait_group
    _row("cp.async.bulk.commit_group", "9.7.9.25.6.1", (), (), NOTE_BULK),
    _row("cp.async.bulk.wait_group", "9.7.9.25.6.2", (opt("read", "read"),), (A,), NOTE_BULK),
    # 9.7.9.26 tensormap.replace
    _field("global_address rank", (M, A)),
    _field("box_dim global_dim global_stride element_stride", (M, A, A)),
    _field("elemtype interleave_layout swizzle_mode swizzle_atomicity fill_mode", (M, A)),
)
# fmt: on
