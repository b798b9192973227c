"""What cu2amd implements of cooperative launch, grid sync and the rest of execution control:
the `Impl` of each function (RUNTIME for the runtime API, DRIVER for the driver API) and of
each type, enum or enumerator (TYPES). runtime.py, driver.py and runtime_types.py take their
rows' status from here, as from their own IMPL."""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl
from cu2amd.runtime_shim.tables.row import Status

RUNTIME: dict[str, Impl] = {
    "cudaLaunchCooperativeKernel": Impl(
        "hipLaunchCooperativeKernel",
        note="a grid beyond the occupancy limit (cudaOccupancyMaxActiveBlocksPerMultiprocessor "
        "times the multiprocessors) is cudaErrorCooperativeLaunchTooLarge; the host platform "
        "holds all blocks at once (they take turns at grid.sync())",
    ),
}
DRIVER: dict[str, Impl] = {
    "cuLaunchCooperativeKernel": Impl(
        "hipModuleLaunchKernel",
        Status.EMULATED,
        "a grid beyond the occupancy limit is CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE; the host "
        "platform holds all blocks at once; ROCm 5.2 has no cooperative module launch, so on AMD "
        "the blocks are resident together only when the GPU runs nothing else",
    ),
}
TYPES: dict[str, Impl] = {
    "cudaErrorCooperativeLaunchTooLarge": Impl("hipErrorCooperativeLaunchTooLarge"),
}
