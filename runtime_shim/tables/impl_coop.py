"""What cu2amd implements of cooperative launch, grid sync and the rest of execution control:
the `Impl` of each function (RUNTIME for the runtime API, DRIVER for the driver API) and of
each type, enum or enumerator (TYPES). runtime.py, driver.py and runtime_types.py take their
rows' status from here, as from their own IMPL."""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl

RUNTIME: dict[str, Impl] = {
    "cudaLaunchCooperativeKernel": Impl(
        "hipLaunchCooperativeKernel",
        note="a grid beyond the occupancy limit (cudaOccupancyMaxActiveBlocksPerMultiprocessor "
        "times the multiprocessors) is cudaErrorCooperativeLaunchTooLarge; the host platform "
        "holds all blocks at once (they take turns at grid.sync())",
    ),
}
DRIVER: dict[str, Impl] = {}
TYPES: dict[str, Impl] = {
    "cudaErrorCooperativeLaunchTooLarge": Impl("hipErrorCooperativeLaunchTooLarge"),
}
