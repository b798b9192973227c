"""The CUDA -> ROCm mapping tables: one typed row per documented CUDA symbol.

Each API group (runtime, driver, device math, device intrinsics, types, ...) is a module
of rows; this package assembles them and answers `lookup(name)`. Whatever shows a status
(the headers' invariants test, `cu2amd report`, the coverage table in docs) reads it from
here, never from a copy.
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables import (
    atomics,
    coop_groups,
    driver,
    half,
    intrinsics,
    math,
    runtime,
    runtime_types,
    simd,
    types,
    warp,
)
from cu2amd.runtime_shim.tables.row import (
    AMDGPU,
    HOST_PLATFORM,
    TARGETS,
    ApiRow,
    Group,
    Kind,
    Status,
)

__all__ = ["ALL_ROWS", "AMDGPU", "HOST_PLATFORM", "MODULES", "TARGETS", "ApiRow", "Group", "Kind",
           "Status", "lookup"]  # fmt: skip

# In the order the coverage table shows them.
MODULES = (
    runtime,
    runtime_types,
    driver,
    math,
    intrinsics,
    simd,
    half,
    atomics,
    warp,
    coop_groups,
    types,
)

ALL_ROWS: tuple[ApiRow, ...] = tuple(row for module in MODULES for row in module.ROWS)

_BY_NAME: dict[str, ApiRow] = {row.name: row for row in ALL_ROWS}


def lookup(name: str) -> ApiRow | None:
    """The row for a CUDA symbol (`cudaMalloc`, `__shfl_sync`, `CUDA::cublas` is not one),
    or None when cu2amd's tables do not know it. Cooperative groups are named with their
    namespace: `cooperative_groups::this_grid`, `cooperative_groups::thread_block::sync`."""
    return _BY_NAME.get(name)
