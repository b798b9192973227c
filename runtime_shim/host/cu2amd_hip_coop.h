/* HIP's C ABI for cooperative launch, grid sync and the rest of execution control, with HIP's own types, as the host runtime implements
 * it (see cu2amd_hip.h). Part of cu2amd_hip.h: include that. */
#ifndef CU2AMD_HIP_COOP_H
#define CU2AMD_HIP_COOP_H

/* All blocks of the grid resident at once (runtime.c), so that grid.sync() works; at most
 * what the occupancy model holds (hipErrorCooperativeLaunchTooLarge, 720, otherwise). */
hipError_t hipLaunchCooperativeKernel(const void *f, dim3 gridDim, dim3 blockDimX, void **kernelParams,
                                      unsigned int sharedMemBytes, hipStream_t stream);
/* A kernel's (mangled) name: of a registered kernel (hip.c), of a module's (module.c). */
const char *hipKernelNameRefByPtr(const void *hostFunction, hipStream_t stream);
const char *hipKernelNameRef(const hipFunction_t f);

#endif
