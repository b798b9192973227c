"""Forms of PTX ISA 9.7.13 (parallel synchronization and communication), except the
mbarrier family (forms_mbarrier.py): bar, barrier, bar.warp.sync, barrier.cluster,
membar/fence, atom, red, red.async, vote, match, activemask, redux, griddepcontrol,
elect, tensormap.cp_fenceproxy, clusterlaunchcontrol.

The qualifiers of atom and red may come in any order (libcu++ writes
`atom.add.acquire.gpu`, the manual `atom.acquire.gpu.add` and `atom.global.v8.f16.max.noftz`):
one unordered group each.
"""

from __future__ import annotations

import dataclasses

from cu2amd.ptx_lowering.isa.forms import Form, Op, Operand, Slot, Status, maybe, opt, slot

D, A, P, C, M, V, DP = (Op.DST, Op.SRC, Op.PRED_DST, Op.PRED_SRC, Op.ADDR, Op.DATA,
                        Op.DST_PRED)  # fmt: skip
U = Status.UNSUPPORTED
G = "q"  # the unordered group of atom/red qualifiers
SCOPES = "cta cluster gpu sys"
ATOM_SPACES = "global shared shared::cta shared::cluster"
WIDE = "128-bit atomics (AMD GPUs have none)"
HINT = opt("hint", "L2::cache_hint")
POLICY = maybe(A, when="hint")
NOFTZ = slot("noftz", "noftz")
ATOMIC = "asynchronous reductions"
FENCE = "memory fences"
WARP_VOTE = "warp.vote"
CLUSTER = "thread-block clusters"
SYNC, ALIGNED = slot("sync", "sync"), slot("aligned", "aligned")


def _bar(opcode: str, aligned: bool) -> tuple[Form, ...]:
    """bar and barrier (9.7.13.1): .sync, .arrive, .red.popc, .red.and/.or (emit/sync.py;
    targets without barrier operations reject .arrive and .red by name)."""
    cta = opt("cta", "cta")
    al = (opt("aligned", "aligned"),) if aligned else ()
    red = slot("red", "red")
    return (
        Form(opcode, "9.7.13.1", (cta, slot("mode", "sync"), *al), (A, maybe(A)),
             emitter="sync.bar"),
        Form(opcode, "9.7.13.1", (cta, slot("mode", "arrive"), *al), (A, A),
             emitter="sync.bar_arrive"),
        Form(opcode, "9.7.13.1", (cta, red, slot("op", "popc"), *al, slot("type", "u32")),
             (D, A, maybe(A), C), emitter="sync.bar_red"),
        Form(opcode, "9.7.13.1", (cta, red, slot("op", "and or"), *al, slot("type", "pred")),
             (P, A, maybe(A), C), emitter="sync.bar_red"),
    )  # fmt: skip


ATOM_SEM = "relaxed acquire release acq_rel"
RED_SEM = "relaxed release"
HALF = "f16 f16x2 bf16 bf16x2"


def _atom(
    opcode: str,
    ops: str,
    space: str,
    tail: tuple[Slot, ...],
    operands: tuple[Operand, ...],
    note: str = "",
) -> Form:
    """An atom (9.7.13.5) or red (9.7.13.6) row: `{.sem}{.scope}{.space}.op` in any order;
    lowered by emit/atomic.py unless a `note` says what is missing."""
    atom = opcode == "atom"
    head = (opt("sem", ATOM_SEM if atom else RED_SEM, group=G), opt("scope", SCOPES, group=G),
            opt("space", space, group=G), slot("op", ops, group=G))  # fmt: skip
    # ptxas takes the type and vector size before the operation too, as the ISA's own
    # examples write them (`atom.global.v8.f16.max.noftz`): every qualifier is unordered.
    slots = (*head, *(dataclasses.replace(s, group=G) for s in tail))
    section = "9.7.13.5" if atom else "9.7.13.6"
    if note:
        return Form(opcode, section, slots, operands, U, note=note)
    return Form(opcode, section, slots, operands, emitter=f"atomic.{opcode}")


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


def _fence(opcode: str, *slots: Slot, ops: tuple[Op, ...] = (), note: str = FENCE) -> Form:
    """A fence or membar row: thread fences are lowered (emit/atomic.py), the fences of
    clusters and asynchronous proxies are not."""
    if not note:
        return Form(opcode, "9.7.13.4", slots, ops, emitter="atomic.fence")
    return Form(opcode, "9.7.13.4", slots, ops, U, note=note)


ACQUIRE, RELEASE = slot("sem", "acquire"), slot("sem", "release")
CLUSTER_SCOPE = slot("scope", "cluster")
RESTRICT_CLUSTER = slot("restrict", "sync_restrict::shared::cluster")
RESTRICT_CTA = slot("restrict", "sync_restrict::shared::cta")
PROXY = slot("proxy", "proxy")
ALIAS = slot("proxykind", "alias")
PROXY_KINDS = slot("proxykind", "async async.global async.shared::cta async.shared::cluster")
ASYNC_PROXY = "proxy fences for asynchronous operations"
TENSORMAP = slot("proxykind", "tensormap::generic")
ASYNC_GENERIC = slot("proxykind", "async::generic")


def _query(*slots: Slot, ops: tuple[Op, ...]) -> Form:
    """`clusterlaunchcontrol.query_cancel<slots>.b128 d, response` (9.7.13.18)."""
    return Form("clusterlaunchcontrol.query_cancel", "9.7.13.18", (*slots, slot("atype", "b128")),
                ops, U, note=CLUSTER)  # fmt: skip


# cu2amd has no programmatic dependent launch: a grid starts after its prerequisite grids
# complete, so .wait has nothing to wait for and .launch_dependents nothing to allow early
GRIDDEP = (
    "no-op: grids start only after their prerequisite grids complete and their "
    "memory is visible, so .wait has nothing to wait for and .launch_dependents "
    "no early launch to allow"
)

# fmt: off
FORMS = (
    # 9.7.13.1 bar, barrier: named barriers and thread counts on every target (AMD GPUs:
    # in LDS; their bar.red over barrier 0 and the whole CTA only, others rejected by name)
    *_bar("barrier", True),
    *_bar("bar", False),
    # 9.7.13.2 bar.warp.sync / 9.7.13.3 barrier.cluster
    Form("bar.warp.sync", "9.7.13.2", (), (A,), emitter="warp.bar_warp_sync"),
    Form("barrier.cluster", "9.7.13.3", (slot("mode", "arrive"), opt("sem", "release relaxed"),
                                         opt("aligned", "aligned")), (), U, note=CLUSTER),
    Form("barrier.cluster", "9.7.13.3", (slot("mode", "wait"), opt("sem", "acquire"),
                                         opt("aligned", "aligned")), (), U, note=CLUSTER),
    # 9.7.13.4 membar, fence: thread fences (and the alias proxy fence) are lowered;
    # restricted fences of clusters and proxy fences of asynchronous operations are not
    _fence("fence", opt("sem", "sc acq_rel acquire release"), slot("scope", SCOPES), note=""),
    _fence("fence", ACQUIRE, RESTRICT_CLUSTER, CLUSTER_SCOPE, note=CLUSTER),
    _fence("fence", RELEASE, RESTRICT_CTA, CLUSTER_SCOPE, note=CLUSTER),
    _fence("fence", slot("restrict", "mbarrier_init"), RELEASE, CLUSTER_SCOPE, note=CLUSTER),
    _fence("fence", PROXY, ALIAS, note=""),
    _fence("fence", PROXY, PROXY_KINDS, note=ASYNC_PROXY),
    _fence("fence", PROXY, TENSORMAP, RELEASE, slot("scope", SCOPES), note=ASYNC_PROXY),
    _fence("fence", PROXY, TENSORMAP, ACQUIRE, slot("scope", SCOPES), ops=(M, A),
           note=ASYNC_PROXY),
    _fence("fence", PROXY, ASYNC_GENERIC, ACQUIRE, RESTRICT_CLUSTER, CLUSTER_SCOPE,
           note=ASYNC_PROXY),
    _fence("fence", PROXY, ASYNC_GENERIC, RELEASE, RESTRICT_CTA, CLUSTER_SCOPE,
           note=ASYNC_PROXY),
    _fence("membar", slot("level", "cta gl sys"), note=""),
    _fence("membar", PROXY, ALIAS, note=""),
    _fence("membar", PROXY, PROXY_KINDS, note=ASYNC_PROXY),
    # 9.7.13.5 atom: scalar by operation and the types ptxas accepts for it (.cas with
    # b16 and b128, .exch with b128, .add with half types), then vector
    _atom("atom", "and or xor exch", ATOM_SPACES, (HINT, slot("type", "b32 b64")),
          (D, M, A, POLICY)),
    _atom("atom", "add", ATOM_SPACES, (HINT, slot("type", "u32 s32 u64 f32 f64")),
          (D, M, A, POLICY)),
    _atom("atom", "inc dec", ATOM_SPACES, (HINT, slot("type", "u32")), (D, M, A, POLICY)),
    _atom("atom", "min max", ATOM_SPACES, (HINT, slot("type", "u32 s32 u64 s64")),
          (D, M, A, POLICY)),
    _atom("atom", "cas", ATOM_SPACES, (slot("type", "b16 b32 b64"),), (D, M, A, A)),
    _atom("atom", "cas", ATOM_SPACES, (slot("type", "b128"),), (D, M, A, A), note=WIDE),
    _atom("atom", "exch", ATOM_SPACES, (HINT, slot("type", "b128")), (D, M, A, POLICY),
          note=WIDE),
    _atom("atom", "add", ATOM_SPACES, (NOFTZ, HINT, slot("type", HALF)), (D, M, A, POLICY)),
    *_vector_atomics("atom", (V, M, V, POLICY)),
    # 9.7.13.6 red
    _atom("red", "and or xor", ATOM_SPACES, (HINT, slot("type", "b32 b64")), (M, A, POLICY)),
    _atom("red", "add", ATOM_SPACES, (HINT, slot("type", "u32 s32 u64 f32 f64")),
          (M, A, POLICY)),
    _atom("red", "inc dec", ATOM_SPACES, (HINT, slot("type", "u32")), (M, A, POLICY)),
    _atom("red", "min max", ATOM_SPACES, (HINT, slot("type", "u32 s32 u64 s64")),
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
    # 9.7.13.8 vote (deprecated: among the threads executing it together) / 9.7.13.9
    # vote.sync / 9.7.13.10 match.sync: warp collectives of the device runtime library
    Form("vote", "9.7.13.8", (slot("vote", "all any uni"), slot("type", "pred")), (P, C),
         emitter=WARP_VOTE),
    Form("vote", "9.7.13.8", (slot("vote", "ballot"), slot("type", "b32")), (D, C),
         emitter=WARP_VOTE),
    Form("vote.sync", "9.7.13.9", (slot("vote", "all any uni"), slot("type", "pred")), (P, C, A),
         emitter=WARP_VOTE),
    Form("vote.sync", "9.7.13.9", (slot("vote", "ballot"), slot("type", "b32")), (D, C, A),
         emitter=WARP_VOTE),
    Form("match", "9.7.13.10", (slot("mode", "any"), SYNC, slot("type", "b32 b64")), (D, A, A),
         emitter="warp.match"),
    Form("match", "9.7.13.10", (slot("mode", "all"), SYNC, slot("type", "b32 b64")), (DP, A, A),
         emitter="warp.match"),
    # 9.7.13.11 activemask / 9.7.13.12 redux.sync
    Form("activemask", "9.7.13.11", (slot("type", "b32"),), (D,), emitter="warp.activemask"),
    Form("redux.sync", "9.7.13.12", (slot("op", "add min max"), slot("type", "u32 s32")),
         (D, A, A), emitter="warp.redux"),
    Form("redux.sync", "9.7.13.12", (slot("op", "and or xor"), slot("type", "b32")), (D, A, A),
         emitter="warp.redux"),
    Form("redux.sync", "9.7.13.12", (slot("op", "min max"), opt("abs", "abs"), opt("nan", "NaN"),
                                     slot("type", "f32")), (D, A, A), emitter="warp.redux"),
    # 9.7.13.13 griddepcontrol / 9.7.13.14 elect.sync
    Form("griddepcontrol", "9.7.13.13", (slot("action", "launch_dependents wait"),), (),
         emitter="griddep.control", note=GRIDDEP),
    Form("elect.sync", "9.7.13.14", (), (DP, A), emitter="warp.elect"),
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
