"""Constants shared by the host runtime (cu2amd_host.h) and the Python side that builds
and loads host modules: the loader checks them against the runtime when it loads it."""

from __future__ import annotations

# CUDA's per-block limit without opting in (cudaFuncSetAttribute, which cu2amd does not
# provide): static plus dynamic shared memory of a launch. CU2AMD_MAX_SHARED_BYTES in C.
MAX_SHARED_BYTES = 48 * 1024
# The most a kernel may opt in to with cudaFuncSetAttribute(MaxDynamicSharedMemorySize):
# CU2AMD_MAX_SHARED_OPTIN_BYTES in C (hip_internal.h).
MAX_SHARED_OPTIN_BYTES = 64 * 1024

# A module compiled from CUDA C++ may define this addrspace(3) buffer of
# MAX_SHARED_OPTIN_BYTES (the runtime reads its size from the symbol);
# its `extern __shared__` arrays are aliases of it, and the runtime uses it as the
# launch's dynamic shared memory (cu2amd_launch.dynamic_shared_buffer).
DYNAMIC_SHARED = "__cu2amd_dynamic_shared"
DYNAMIC_SHARED_ALIGN = 256
