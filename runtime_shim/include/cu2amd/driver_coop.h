/* The CUDA driver API: cooperative launch, grid sync and the rest of execution control. Part of cuda.h: include that. */
#ifndef CU2AMD_DRIVER_COOP_H
#define CU2AMD_DRIVER_COOP_H

/* The host platform's runtime (runtime.c): makes this thread's next launch cooperative
 * (on) or not. Weak: null when the program links against ROCm, which has no such hook. */
#ifdef __cplusplus
extern "C" {
#endif
__attribute__((weak)) void __cu2amd_host_cooperative_launch(int on);
const char *hipKernelNameRef(CUfunction f);
#ifdef __cplusplus
}
#endif

/* CUDA's rule first: a grid beyond the occupancy limit (blocks per multiprocessor times
 * multiprocessors) is CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE. Then the host platform holds
 * all blocks at once (grid.sync() works); ROCm 5.2 has no cooperative module launch, so on
 * AMD the grid is launched with hipModuleLaunchKernel and its blocks are resident together
 * when the GPU runs nothing else. */
CU2AMD_API CUresult cuLaunchCooperativeKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
                                              unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                                              unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
                                              void **kernelParams) {
    unsigned long long threads = (unsigned long long)blockDimX * blockDimY * blockDimZ;
    unsigned long long blocks = (unsigned long long)gridDimX * gridDimY * gridDimZ;
    if (threads && blocks && threads <= 1024) {
        int per_sm = 0, sms = 0;
        CUdevice device = 0;
        CUresult err = cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, (int)threads, sharedMemBytes);
        if (err == CUDA_SUCCESS) err = cuCtxGetDevice(&device);
        if (err == CUDA_SUCCESS) err = cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device);
        if (err != CUDA_SUCCESS) return err;
        if (blocks > (unsigned long long)per_sm * (unsigned long long)sms) return CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE;
    }
    if (__cu2amd_host_cooperative_launch) __cu2amd_host_cooperative_launch(1);
    CUresult err = cuLaunchKernel(f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ, sharedMemBytes,
                                  hStream, kernelParams, NULL);
    if (__cu2amd_host_cooperative_launch) __cu2amd_host_cooperative_launch(0);
    return err;
}

/* The kernel's name in its module (the PTX entry's, mangled as it is there). */
CU2AMD_API CUresult cuFuncGetName(const char **name, CUfunction hfunc) {
    if (!name || !hfunc) return CUDA_ERROR_INVALID_VALUE;
    const char *found = hipKernelNameRef(hfunc);
    if (!found) return CUDA_ERROR_INVALID_HANDLE;
    *name = found;
    return CUDA_SUCCESS;
}

#endif
