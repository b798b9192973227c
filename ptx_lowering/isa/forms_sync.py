"""Forms of PTX ISA 9.7.13 (parallel synchronization and communication), except the
mbarrier family (forms_mbarrier.py): bar, barrier, bar.warp.sync, barrier.cluster,
membar/fence, atom, red, red.async, vote, match, activemask, redux, griddepcontrol,
elect, tensormap.cp_fenceproxy, clusterlaunchcontrol.

The qualifiers of atom and red before the type may come in any order (libcu++ writes
`atom.add.acquire.gpu`, the manual `atom.acquire.gpu.add`): one unordered group each.
"""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Operand, Slot, Status, maybe, opt, slot

D, A, P, C, M, V, DP = (Op.DST, Op.SRC, Op.PRED_DST, Op.PRED_SRC, Op.ADDR, Op.DATA,
                        Op.DST_PRED)  # fmt: skip
U = Status.UNSUPPORTED
G = "q"  # the unordered group of atom/red qualifiers
SCOPES = "cta cluster gpu sys"
ATOM_SPACES = "global shared shared::cta shared::cluster"
ATOM_TYPES = "b32 b64 u32 u64 s32 s64 f32 f64"
HINT = opt("hint", "L2::cache_hint")
POLICY = maybe(A, when="hint")
NOFTZ = slot("noftz", "noftz")
ATOMIC = "atomics"
FENCE = "memory fences"
WARP = "warp collectives"
CLUSTER = "thread-block clusters"
SYNC, ALIGNED = slot("sync", "sync"), slot("aligned", "aligned")


def _bar(opcode: str, aligned: bool) -> tuple[Form, ...]:
    """bar and barrier (9.7.13.1): .sync (lowered), .arrive, .red.popc, .red.and/.or."""
    cta = opt("cta", "cta")
    al = (opt("aligned", "aligned"),) if aligned else ()
    red = slot("red", "red")
    note = "barriers other than bar.sync"
    return (
        Form(opcode, "9.7.13.1", (cta, slot("mode", "sync"), *al), (A, maybe(A)),
             emitter="sync.bar"),
        Form(opcode, "9.7.13.1", (cta, slot("mode", "arrive"), *al), (A, A), U, note=note),
        Form(opcode, "9.7.13.1", (cta, red, slot("op", "popc"), *al, slot("type", "u32")),
             (D, A, maybe(A), C), U, note=note),
        Form(opcode, "9.7.13.1", (cta, red, slot("op", "and or"), *al, slot("type", "pred")),
             (P, A, maybe(A), C), U, note=note),
    )  # fmt: skip


ATOM_SEM = "relaxed acquire release acq_rel"
RED_SEM = "relaxed release"
HALF = "f16 f16x2 bf16 bf16x2"


def _atom(
    opcode: str, ops: str, space: str, tail: tuple[Slot, ...], operands: tuple[Operand, ...]
) -> Form:
    """An atom (9.7.13.5) or red (9.7.13.6) row: `{.sem}{.scope}{.space}.op` in any order."""
    atom = opcode == "atom"
    head = (opt("sem", ATOM_SEM if atom else RED_SEM, group=G), opt("scope", SCOPES, group=G),
            opt("space", space, group=G), slot("op", ops, group=G))  # fmt: skip
    section = "9.7.13.5" if atom else "9.7.13.6"
    return Form(opcode, section, (*head, *tail), operands, U, note=ATOMIC)


def _vector_atomics(opcode: str, operands: tuple[Operand, ...]) -> tuple[Form, ...]:
    """The vector forms of atom and red: `.v2/.v4 .f32`, and `.noftz` half types."""
    return (
        _atom(opcode, "add", "global", (HINT, slot("vec", "v2 v4"), slot("type", "f32")), operands),
        _atom(opcode, "add min max", "global", (NOFTZ, HINT, slot("vec", "v2 v4 v8"),
                                                slot("type", "f16 bf16")), operands),
        _atom(opcode, "add min max", "global", (NOFTZ, HINT, slot("vec", "v2 v4"),
                                                slot("type", "f16x2 bf16x2")), operands),
    )  # fmt: skip


def _red_async(ops: str, types: str) -> Form:
    slots = (slot("sem", "relaxed"), slot("scope", "cluster"), opt("space", "shared::cluster"),
             slot("completion", "mbarrier::complete_tx::bytes"), slot("op", ops),
             slot("type", types))  # fmt: skip
    return Form("red.async", "9.7.13.7", slots, (M, A, M), U, note=ATOMIC)


def _fence(opcode: str, *slots: Slot, ops: tuple[Op, ...] = ()) -> Form:
    return Form(opcode, "9.7.13.4", slots, ops, U, note=FENCE)


ACQUIRE, RELEASE = slot("sem", "acquire"), slot("sem", "release")
CLUSTER_SCOPE = slot("scope", "cluster")
RESTRICT_CLUSTER = slot("restrict", "sync_restrict::shared::cluster")
RESTRICT_CTA = slot("restrict", "sync_restrict::shared::cta")
PROXY = slot("proxy", "proxy")
PROXY_KINDS = slot("proxykind", "alias async async.global async.shared::cta async.shared::cluster")
TENSORMAP = slot("proxykind", "tensormap::generic")
ASYNC_GENERIC = slot("proxykind", "async::generic")


def _query(*slots: Slot, ops: tuple[Op, ...]) -> Form:
    """`clusterlaunchcontrol.query_cancel<slots>.b128 d, response` (9.7.13.18)."""
    return Form("clusterlaunchcontrol.query_cancel", "9.7.13.18", (*slots, slot("atype", "b128")),
                ops, U, note=CLUSTER)  # fmt: skip


# fmt: off
FORMS = (
    # 9.7.13.1 bar, barrier: barrier 0 over the whole CTA is lowered; named barriers and
    # thread counts come with the [collectives] work (the emitter rejects them by name).
    *_bar("barrier", True),
    *_bar("bar", False),
    # 9.7.13.2 bar.warp.sync / 9.7.13.3 barrier.cluster
    Form("bar.warp.sync", "9.7.13.2", (), (A,), U, note=WARP),
    Form("barrier.cluster", "9.7.13.3", (slot("mode", "arrive"), opt("sem", "release relaxed"),
                                         opt("aligned", "aligned")), (), U, note=CLUSTER),
    Form("barrier.cluster", "9.7.13.3", (slot("mode", "wait"), opt("sem", "acquire"),
                                         opt("aligned", "aligned")), (), U, note=CLUSTER),
    # 9.7.13.4 membar, fence: thread fences, restricted and proxy fences
    _fence("fence", opt("sem", "sc acq_rel acquire release"), slot("scope", SCOPES)),
    _fence("fence", ACQUIRE, RESTRICT_CLUSTER, CLUSTER_SCOPE),
    _fence("fence", RELEASE, RESTRICT_CTA, CLUSTER_SCOPE),
    _fence("fence", slot("restrict", "mbarrier_init"), RELEASE, CLUSTER_SCOPE),
    _fence("fence", PROXY, PROXY_KINDS),
    _fence("fence", PROXY, TENSORMAP, RELEASE, slot("scope", SCOPES)),
    _fence("fence", PROXY, TENSORMAP, ACQUIRE, slot("scope", SCOPES), ops=(M, A)),
    _fence("fence", PROXY, ASYNC_GENERIC, ACQUIRE, RESTRICT_CLUSTER, CLUSTER_SCOPE),
    _fence("fence", PROXY, ASYNC_GENERIC, RELEASE, RESTRICT_CTA, CLUSTER_SCOPE),
    _fence("membar", slot("level", "cta gl sys")),
    _fence("membar", PROXY, PROXY_KINDS),
    # 9.7.13.5 atom: scalar (.cas with b16/b128, .exch with b128, half types), then vector
    _atom("atom", "and or xor cas exch add inc dec min max", ATOM_SPACES,
          (HINT, slot("type", ATOM_TYPES)), (D, M, A, POLICY)),
    _atom("atom", "cas", ATOM_SPACES, (slot("type", ATOM_TYPES),), (D, M, A, A)),
    _atom("atom", "cas", ATOM_SPACES, (slot("type", "b16"),), (D, M, A, A)),
    _atom("atom", "cas", ATOM_SPACES, (slot("type", "b128"),), (D, M, A, A)),
    _atom("atom", "exch", ATOM_SPACES, (HINT, slot("type", "b128")), (D, M, A, POLICY)),
    _atom("atom", "add", ATOM_SPACES, (NOFTZ, HINT, slot("type", HALF)), (D, M, A, POLICY)),
    *_vector_atomics("atom", (V, M, V, POLICY)),
    # 9.7.13.6 red
    _atom("red", "and or xor add inc dec min max", ATOM_SPACES, (HINT, slot("type", ATOM_TYPES)),
          (M, A, POLICY)),
    _atom("red", "add", ATOM_SPACES, (NOFTZ, HINT, slot("type", HALF)), (M, A, POLICY)),
    *_vector_atomics("red", (M, V, POLICY)),
    # 9.7.13.7 red.async: on a cluster peer's shared memory, completing an mbarrier
    _red_async("inc dec", "u32"),
    _red_async("min max", "u32 s32"),
    _red_async("and or xor", "b32"),
    _red_async("add", "u32 s32 u64"),
    Form("red.async", "9.7.13.7", (opt("mmio", "mmio"), slot("sem", "release"),
                                   slot("scope", "gpu cluster"), opt("space", "global"),
                                   slot("op", "add"), slot("type", "u32 s32 u64 s64")),
         (M, A), U, note=ATOMIC),
    # 9.7.13.8 vote (deprecated) / 9.7.13.9 vote.sync / 9.7.13.10 match.sync
    Form("vote", "9.7.13.8", (slot("vote", "all any uni"), slot("type", "pred")), (P, C), U,
         note="warp vote without a member mask"),
    Form("vote", "9.7.13.8", (slot("vote", "ballot"), slot("type", "b32")), (D, C), U,
         note="warp vote without a member mask"),
    Form("vote.sync", "9.7.13.9", (slot("vote", "all any uni"), slot("type", "pred")), (P, C, A),
         U, note=WARP),
    Form("vote.sync", "9.7.13.9", (slot("vote", "ballot"), slot("type", "b32")), (D, C, A), U,
         note=WARP),
    Form("match", "9.7.13.10", (slot("mode", "any"), SYNC, slot("type", "b32 b64")), (D, A, A),
         U, note=WARP),
    Form("match", "9.7.13.10", (slot("mode", "all"), SYNC, slot("type", "b32 b64")), (DP, A, A),
         U, note=WARP),
    # 9.7.13.11 activemask / 9.7.13.12 redux.sync
    Form("activemask", "9.7.13.11", (slot("type", "b32"),), (D,), U, note=WARP),
    Form("redux.sync", "9.7.13.12", (slot("op", "add min max"), slot("type", "u32 s32")),
         (D, A, A), U, note=WARP),
    Form("redux.sync", "9.7.13.12", (slot("op", "and or xor"), slot("type", "b32")), (D, A, A),
         U, note=WARP),
    Form("redux.sync", "9.7.13.12", (slot("op", "min max"), opt("abs", "abs"), opt("nan", "NaN"),
                                     slot("type", "f32")), (D, A, A), U, note=WARP),
    # 9.7.13.13 griddepcontrol / 9.7.13.14 elect.sync
    Form("griddepcontrol", "9.7.13.13", (slot("action", "launch_dependents wait"),), (), U,
         note="programmatic dependent launch"),
    Form("elect.sync", "9.7.13.14", (), (DP, A), U, note=WARP),
    # 9.7.13.16 tensormap.cp_fenceproxy
    Form("tensormap.cp_fenceproxy", "9.7.13.16", (slot("cp", "global.shared::cta"),
                                                  slot("proxykind", "tensormap::generic"),
                                                  slot("sem", "release"), slot("scope", SCOPES),
                                                  SYNC, ALIGNED), (M, M, A), U,
         note="tensor-map copy with proxy fence"),
    # 9.7.13.17 clusterlaunchcontrol.try_cancel / 9.7.13.18 clusterlaunchcontrol.query_cancel
    Form("clusterlaunchcontrol.try_cancel", "9.7.13.17",
         (slot("async", "async"), opt("space", "shared::cta"),
          slot("completion", "mbarrier::complete_tx::bytes"),
          opt("multicast", "multicast::cluster::all"), slot("type", "b128")), (M, M), U,
         note=CLUSTER),
    _query(slot("query", "is_canceled"), slot("dtype", "pred"), ops=(P, A)),
    _query(slot("query", "get_first_ctaid"), slot("vec", "v4"), slot("dtype", "b32"), ops=(V, A)),
    _query(opt("query", "get_first_ctaid::x get_first_ctaid::y get_first_ctaid::z"),
           slot("dtype", "b32"), ops=(D, A)),
)
# fmt: on
