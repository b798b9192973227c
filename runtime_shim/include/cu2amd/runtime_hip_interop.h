/* HIP's C ABI for external memory and semaphores, and graphics interoperability, as cuda_runtime_api.h sees it (see runtime_hip.h).
 * Part of runtime_hip.h: include that. */
#ifndef CU2AMD_RUNTIME_HIP_INTEROP_H
#define CU2AMD_RUNTIME_HIP_INTEROP_H

extern "C" {
}

#endif
