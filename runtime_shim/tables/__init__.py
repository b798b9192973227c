"""The CUDA -> ROCm mapping tables: one typed row per documented CUDA symbol.

Each API group (runtime, driver, device math, device intrinsics, types, ...) is a module
of rows; this package assembles them and answers `lookup(name)`. Whatever shows a status
(the headers' invariants test, `cu2amd report`, the coverage table in docs) reads it from
here, never from a copy.
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables.row import ApiRow, Group, Kind, Status

__all__ = ["ALL_ROWS", "ApiRow", "Group", "Kind", "Status", "lookup"]

ALL_ROWS: tuple[ApiRow, ...] = ()

_BY_NAME: dict[str, ApiRow] = {row.name: row for row in ALL_ROWS}


def lookup(name: str) -> ApiRow | None:
    """The row for a CUDA symbol (`cudaMalloc`, `__shfl_sync`, `CUDA::cublas` is not one),
    or None when cu2amd's tables do not know it."""
    return _BY_NAME.get(name)
