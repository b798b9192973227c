"""CUDA's Cooperative Groups (Programming Guide, "Cooperative Groups"; cooperative_groups.h
and cooperative_groups/reduce.h, scan.h, memcpy_async.h): group types, their member
functions (named `cooperative_groups::<type>::<member>`), and the free functions.
cu2amd's cooperative_groups.h has them over cu2amd/warp.h, so with CUDA's 32-thread warps;
the grid group needs a cooperative launch; clusters are one block each (cu2amd launches no
clusters); reduce_update_async (cuda::atomic_ref) is not there.
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, Table, names
from cu2amd.runtime_shim.tables.row import ApiRow, Group, Kind, Status

CG = "cooperative_groups::"
_OURS = "cu2amd"
_NOT_CUDA = "not CUDA API: cu2amd's accessor for the group's lane mask"
_CLUSTER = (
    "cu2amd launches no thread block clusters (AMD GPUs have none; cluster launch attributes "
    "are refused), so, as CUDA for such a launch, the cluster is the block: one block, rank 0, "
    "sync is __syncthreads, map_shared_rank takes rank 0 only"
)

_BLOCK = "sync thread_rank num_threads size group_index thread_index dim_threads group_dim"
_TILE = """
    sync thread_rank num_threads size meta_group_rank meta_group_size shfl shfl_up shfl_down
    shfl_xor any all ballot match_any match_all
"""
_COALESCED = """
    sync thread_rank num_threads size shfl shfl_up shfl_down any all ballot match_any match_all
"""
_GRID_MEMBERS = """
    block_index block_rank dim_blocks is_valid num_blocks num_threads size sync thread_rank
"""
_CLUSTER_MEMBERS = """
    barrier_arrive barrier_wait block_index block_rank dim_blocks map_shared_rank num_blocks
    num_threads query_shared_rank sync thread_rank
"""
_OURS_FREE = """
    binary_partition bit_and bit_or bit_xor coalesced_group coalesced_threads greater
    inclusive_scan invoke_one invoke_one_broadcast labeled_partition less plus thread_block
    thread_block_tile thread_group this_thread_block wait wait_prior
"""


def _in(group: str, members: str) -> list[str]:
    """`cooperative_groups::<group>::<member>` for each member, in name order."""
    prefix = f"{CG}{group}::" if group else CG
    return [prefix + m for m in sorted(names(members))]


IMPL = {
    **{name: Impl(_OURS) for name in _in("thread_block", _BLOCK)},
    **{name: Impl(_OURS) for name in _in("thread_block_tile", _TILE)},
    **{name: Impl(_OURS) for name in _in("coalesced_group", _COALESCED)},
    **{name: Impl(_OURS) for name in _in("", _OURS_FREE)},
    f"{CG}thread_block_tile::mask": Impl(_OURS, note=_NOT_CUDA),
    f"{CG}coalesced_group::mask": Impl(_OURS, note=_NOT_CUDA),
    f"{CG}reduce": Impl(_OURS),
    f"{CG}sync": Impl(_OURS),
    **{name: Impl(_OURS) for name in _in("thread_group", "num_threads size sync thread_rank")},
    **{
        name: Impl(_OURS, Status.EMULATED, _CLUSTER)
        for name in _in("cluster_group", _CLUSTER_MEMBERS)
    },
    f"{CG}cluster_group": Impl(_OURS, Status.EMULATED, _CLUSTER),
    f"{CG}this_cluster": Impl(_OURS, Status.EMULATED, _CLUSTER),
    f"{CG}thread_block::barrier_arrive": Impl(_OURS),
    f"{CG}thread_block::barrier_wait": Impl(
        _OURS,
        Status.EMULATED,
        "a whole-block barrier: a thread waits until every thread reaches barrier_wait (CUDA "
        "releases once all have arrived), so code between arrive and wait must not wait for "
        "other threads",
    ),
    f"{CG}coalesced_group::meta_group_rank": Impl(
        _OURS,
        note="0 (and meta_group_size 1): cu2amd makes coalesced groups only from "
        "coalesced_threads, binary_partition and labeled_partition",
    ),
    f"{CG}coalesced_group::meta_group_size": Impl(_OURS, note="1 (see meta_group_rank)"),
    f"{CG}exclusive_scan": Impl(_OURS, note="rank 0 gets T() (0 for plus)"),
    f"{CG}memcpy_async": Impl(
        _OURS,
        Status.EMULATED,
        "the (group, dst, src, bytes) form: the group's threads copy at once (synchronously), "
        "so nothing overlaps the copy; wait/wait_prior are the group's barrier",
    ),
    f"{CG}reduce_store_async": Impl(
        _OURS,
        note="the T* form, finished when it returns; not the cuda::atomic_ref form (no libcu++)",
    ),
    **{name: Impl(_OURS) for name in _in("grid_group", _GRID_MEMBERS)},
    f"{CG}grid_group::sync": Impl(
        _OURS,
        note="needs a cooperative launch (cudaLaunchCooperativeKernel); AMD: a barrier on a "
        "counter and generation in global memory, one per translation unit; host platform: the "
        "blocks take turns",
    ),
    f"{CG}grid_group::is_valid": Impl(
        _OURS,
        Status.EMULATED,
        "AMD: always true (cu2amd cannot tell a cooperative launch there); host platform: "
        "whether the launch is cooperative, as CUDA",
    ),
    f"{CG}grid_group": Impl(_OURS),
    f"{CG}this_grid": Impl(_OURS),
    f"{CG}tiled_partition": Impl(
        _OURS,
        note="tiled_partition<N>(parent) and tiled_partition(parent, n): tiles of 1, 2, 4, 8, 16 "
        "or 32 threads (as CUDA)",
    ),
}
NOTES = {
    f"{CG}reduce_update_async": "needs cuda::atomic_ref (libcu++), which cu2amd does not provide",
}

_T = Table(Group.COOPERATIVE_GROUPS, IMPL, NOTES)


def S(section: str, group: str, members: str, kind: Kind = Kind.FUNCTION) -> None:
    _T.section(f"Cooperative Groups: {section}", " ".join(_in(group, members)), kind=kind)


S("group types", "", "cluster_group coalesced_group grid_group thread_block thread_block_tile "
  "thread_group", Kind.TYPE)  # fmt: skip
S("thread_group", "thread_group", "num_threads size sync thread_rank")
S("thread_block", "thread_block", _BLOCK + " barrier_arrive barrier_wait")
S("thread_block_tile", "thread_block_tile", _TILE + " mask")
S("coalesced_group", "coalesced_group",
  _COALESCED + " mask meta_group_rank meta_group_size")  # fmt: skip
S("grid_group", "grid_group", _GRID_MEMBERS)
S("cluster_group", "cluster_group", _CLUSTER_MEMBERS)
S("group partitioning and creation", "", """
    binary_partition coalesced_threads labeled_partition this_cluster this_grid this_thread_block
    tiled_partition
""")  # fmt: skip
S("collectives", "", """
    exclusive_scan inclusive_scan invoke_one invoke_one_broadcast memcpy_async reduce
    reduce_store_async reduce_update_async sync wait wait_prior
""")  # fmt: skip
S("reduction operators", "", "bit_and bit_or bit_xor greater less plus", Kind.TYPE)

ROWS: tuple[ApiRow, ...] = _T.done()
