/* HIP's C ABI for memory pools, IPC, virtual memory, stream attributes and the remaining runtime/driver functions, as cuda_runtime_api.h sees it (see runtime_hip.h).
 * Part of runtime_hip.h: include that. */
#ifndef CU2AMD_RUNTIME_HIP_EXTRA_H
#define CU2AMD_RUNTIME_HIP_EXTRA_H

extern "C" {
}

#endif
