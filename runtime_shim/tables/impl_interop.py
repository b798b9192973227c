"""What cu2amd implements of external memory and semaphores, and graphics interoperability: the
`Impl` of each function (RUNTIME for the runtime API, DRIVER for the driver API) and of each
type, enum or enumerator (TYPES). runtime.py, driver.py and runtime_types.py take their
rows' status from here, as from their own IMPL."""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl

RUNTIME: dict[str, Impl] = {}
DRIVER: dict[str, Impl] = {}
TYPES: dict[str, Impl] = {}
