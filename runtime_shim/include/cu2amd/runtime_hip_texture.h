/* HIP's C ABI for arrays, texture and surface objects, as cuda_runtime_api.h sees it (see runtime_hip.h).
 * Part of runtime_hip.h: include that. */
#ifndef CU2AMD_RUNTIME_HIP_TEXTURE_H
#define CU2AMD_RUNTIME_HIP_TEXTURE_H

extern "C" {
}

#endif
