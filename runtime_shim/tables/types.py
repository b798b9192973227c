"""CUDA's built-in vector types and their make_* functions (vector_types.h,
vector_functions.h), dim3, the built-in variables (threadIdx ... warpSize), and the
execution space and compiler macros that cu2amd/config.h defines.
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, Table, names
from cu2amd.runtime_shim.tables.row import ApiRow, Group, Kind

_ELEMENTS = "char double float int long longlong short uchar uint ulong ulonglong ushort"
_VECTORS = [f"{t}{n}" for t in _ELEMENTS.split() for n in "1234"]
_ATTR = "clang's CUDA/HIP attribute"

IMPL = {
    **{v: Impl("cu2amd (HIP's layout)") for v in _VECTORS},
    **{f"make_{v}": Impl("cu2amd") for v in _VECTORS},
    "dim3": Impl("dim3"),
    "threadIdx": Impl("__builtin_amdgcn_workitem_id_*"),
    "blockIdx": Impl("__builtin_amdgcn_workgroup_id_*"),
    "blockDim": Impl("__builtin_amdgcn_workgroup_size_*"),
    "gridDim": Impl("__builtin_amdgcn_grid_size_* / workgroup size"),
    "warpSize": Impl("32 on every target (warp-32 semantics, also on wave64)"),
    **{m: Impl(_ATTR) for m in names("""
        __align__ __constant__ __device__ __forceinline__ __global__ __host__ __launch_bounds__
        __managed__ __noinline__ __restrict__ __shared__
    """)},
    "__CUDACC__": Impl("clang (CUDA mode); cu2amd/config.h in HIP mode"),
    "__CUDACC_VER_BUILD__": Impl("cu2amd: 0"),
    "__CUDACC_VER_MAJOR__": Impl("cu2amd: 12"),
    "__CUDACC_VER_MINOR__": Impl("cu2amd: 0"),
    "__NVCC__": Impl("cu2amd: 1"),
}  # fmt: skip
NOTES = {
    "__cluster_dims__": "thread block clusters (sm_90) have no AMD counterpart yet",
    "__grid_constant__": "not implemented yet: kernel parameters are already read-only on AMD",
    "__maxnreg__": "not implemented yet: maps to amdgpu-num-vgpr",
}

_T = Table(Group.TYPES, IMPL, NOTES)
S = _T.section
S("Built-in Vector Types", " ".join(sorted([*_VECTORS, "dim3"])), kind=Kind.TYPE)
S("Vector Functions", " ".join(sorted(f"make_{v}" for v in _VECTORS)))
S("Built-in Variables", "blockDim blockIdx gridDim threadIdx warpSize", kind=Kind.VARIABLE)
S(
    "Function and Variable Specifiers",
    """
    __align__ __cluster_dims__ __constant__ __device__ __forceinline__ __global__
    __grid_constant__ __host__ __launch_bounds__ __managed__ __maxnreg__ __noinline__
    __restrict__ __shared__
""",
    kind=Kind.MACRO,
)
S(
    "Compiler Macros",
    "__CUDACC_VER_BUILD__ __CUDACC_VER_MAJOR__ __CUDACC_VER_MINOR__ __CUDACC__ __NVCC__",
    kind=Kind.MACRO,
)

ROWS: tuple[ApiRow, ...] = _T.done()
