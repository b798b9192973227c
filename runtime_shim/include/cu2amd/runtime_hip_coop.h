/* HIP's C ABI for cooperative launch, grid sync and the rest of execution control, as cuda_runtime_api.h sees it (see runtime_hip.h).
 * Part of runtime_hip.h: include that. */
#ifndef CU2AMD_RUNTIME_HIP_COOP_H
#define CU2AMD_RUNTIME_HIP_COOP_H

extern "C" {
int hipLaunchCooperativeKernel(const void *f, dim3 gridDim, dim3 blockDimX, void **kernelParams,
                               unsigned int sharedMemBytes, cudaStream_t stream);
const char *hipKernelNameRefByPtr(const void *hostFunction, cudaStream_t stream);
}

#endif
