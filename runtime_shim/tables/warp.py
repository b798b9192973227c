"""CUDA's warp and block collectives (Programming Guide: "Synchronization Functions",
"Warp Vote Functions", "Warp Match Functions", "Warp Reduce Functions", "Warp Shuffle
Functions"), implemented by cu2amd/warp.h and cu2amd/device_functions.h over the neutral
builtins, with CUDA's 32-lane warp on every target (two warps per 64-lane AMD wave).
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, Table
from cu2amd.runtime_shim.tables.row import ApiRow, Group, Status

E = Status.EMULATED
_PRE_VOLTA = ("deprecated since CUDA 9 (no mask): works among the threads that execute it "
              "together, as before Volta")  # fmt: skip
_LANEMASK = "not CUDA API (HIP's name): the PTX %lanemask_* register of the 32-lane warp"

IMPL = {
    "__activemask": Impl("__cu2amd_activemask"),
    "__all": Impl("__cu2amd_vote", E, _PRE_VOLTA),
    "__all_sync": Impl("__cu2amd_vote_sync"),
    "__any": Impl("__cu2amd_vote", E, _PRE_VOLTA),
    "__any_sync": Impl("__cu2amd_vote_sync"),
    "__ballot": Impl("__cu2amd_vote", E, _PRE_VOLTA),
    "__ballot_sync": Impl("__cu2amd_vote_sync"),
    "__lanemask_eq": Impl("__cu2amd_laneid", note=_LANEMASK),
    "__lanemask_ge": Impl("__cu2amd_laneid", note=_LANEMASK),
    "__lanemask_gt": Impl("__cu2amd_laneid", note=_LANEMASK),
    "__lanemask_le": Impl("__cu2amd_laneid", note=_LANEMASK),
    "__lanemask_lt": Impl("__cu2amd_laneid", note=_LANEMASK),
    "__match_all_sync": Impl("__cu2amd_match_all_sync"),
    "__match_any_sync": Impl("__cu2amd_match_any_sync"),
    "__reduce_add_sync": Impl("__cu2amd_redux_sync"),
    "__reduce_and_sync": Impl("__cu2amd_redux_sync"),
    "__reduce_max_sync": Impl("__cu2amd_redux_sync"),
    "__reduce_min_sync": Impl("__cu2amd_redux_sync"),
    "__reduce_or_sync": Impl("__cu2amd_redux_sync"),
    "__reduce_xor_sync": Impl("__cu2amd_redux_sync"),
    "__shfl": Impl("__cu2amd_shfl", E, _PRE_VOLTA),
    "__shfl_down": Impl("__cu2amd_shfl", E, _PRE_VOLTA),
    "__shfl_down_sync": Impl("__cu2amd_shfl_sync"),
    "__shfl_sync": Impl("__cu2amd_shfl_sync"),
    "__shfl_up": Impl("__cu2amd_shfl", E, _PRE_VOLTA),
    "__shfl_up_sync": Impl("__cu2amd_shfl_sync"),
    "__shfl_xor": Impl("__cu2amd_shfl", E, _PRE_VOLTA),
    "__shfl_xor_sync": Impl("__cu2amd_shfl_sync"),
    "__syncthreads": Impl("__cu2amd_syncthreads (s_barrier between workgroup fences); "
                          "host platform: clang's NVPTX builtin, retargeted"),
    **{
        f"__syncthreads_{op}": Impl(
            f"OCKL __ockl_wgred_{ockl}_i32 between workgroup fences; host platform: the "
            "runtime's barrier (bar.red)"
        )
        for op, ockl in (("and", "and"), ("count", "add"), ("or", "or"))
    },
    "__syncwarp": Impl("__cu2amd_warp_sync"),
    "__uni_sync": Impl("__cu2amd_vote_sync"),
}  # fmt: skip

_T = Table(Group.DEVICE_WARP, IMPL)
S = _T.section
S(
    "Synchronization Functions",
    """
    __syncthreads __syncthreads_and __syncthreads_count __syncthreads_or __syncwarp
""",
    rocm="__syncthreads_and/count/or (HIP)",
)
S(
    "Warp Vote Functions",
    "__activemask __all __all_sync __any __any_sync __ballot __ballot_sync __uni_sync",
)
S("Warp Match Functions", "__match_all_sync __match_any_sync")
S(
    "Warp Reduce Functions",
    """
    __reduce_add_sync __reduce_and_sync __reduce_max_sync __reduce_min_sync __reduce_or_sync
    __reduce_xor_sync
""",
)
S(
    "Warp Shuffle Functions",
    """
    __shfl __shfl_down __shfl_down_sync __shfl_sync __shfl_up __shfl_up_sync __shfl_xor
    __shfl_xor_sync
""",
)
S("cu2amd extension", "__lanemask_eq __lanemask_ge __lanemask_gt __lanemask_le __lanemask_lt")

ROWS: tuple[ApiRow, ...] = _T.done()
