/* HIP's C ABI for library management, kernel handles and driver entry points, as cuda_runtime_api.h sees it (see runtime_hip.h).
 * Part of runtime_hip.h: include that. */
#ifndef CU2AMD_RUNTIME_HIP_LIBRARY_H
#define CU2AMD_RUNTIME_HIP_LIBRARY_H

extern "C" {
/* A library kernel's launch (cudaLaunchKernel of a cudaLibraryGetKernel handle). */
int hipModuleLaunchKernel(struct ihipModuleSymbol_t *f, unsigned int gridDimX, unsigned int gridDimY,
                          unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                          unsigned int sharedMemBytes, cudaStream_t stream, void **kernelParams, void **extra);
}

#endif
