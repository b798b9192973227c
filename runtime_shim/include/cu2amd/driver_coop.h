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

/* ---- the deprecated launch API (cuFuncSetBlockShape, cuFuncSetSharedSize, cuParamSet*,
 * cuLaunch, cuLaunchGrid[Async]): each kernel's block shape, shared memory and parameter
 * buffer, kept in one list for the whole program (a weak definition every translation
 * unit shares), then launched with cuLaunchKernel's `extra` buffer form. */
typedef struct __cu2amd_legacy_launch {
    CUfunction f;
    int shaped; /* cuFuncSetBlockShape was called */
    unsigned int block[3];
    unsigned int shared;
    unsigned int size;
    unsigned char params[4096]; /* CUDA's limit on a kernel's parameters */
    struct __cu2amd_legacy_launch *next;
} __cu2amd_legacy_launch;
__attribute__((weak)) __cu2amd_legacy_launch *__cu2amd_legacy_launches;

static __inline__ __cu2amd_legacy_launch *__cu2amd_legacy(CUfunction f) {
    __cu2amd_legacy_launch *l = __cu2amd_legacy_launches;
    while (l && l->f != f) l = l->next;
    if (!l && (l = (__cu2amd_legacy_launch *)calloc(1, sizeof *l)) != NULL) {
        l->f = f;
        l->next = __cu2amd_legacy_launches;
        __cu2amd_legacy_launches = l;
    }
    return l;
}

CU2AMD_API CUresult cuFuncSetBlockShape(CUfunction hfunc, int x, int y, int z) {
    if (!hfunc) return CUDA_ERROR_INVALID_HANDLE;
    if (x <= 0 || y <= 0 || z <= 0) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_legacy_launch *l = __cu2amd_legacy(hfunc);
    if (!l) return CUDA_ERROR_OUT_OF_MEMORY;
    l->block[0] = (unsigned int)x, l->block[1] = (unsigned int)y, l->block[2] = (unsigned int)z;
    l->shaped = 1;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuFuncSetSharedSize(CUfunction hfunc, unsigned int bytes) {
    if (!hfunc) return CUDA_ERROR_INVALID_HANDLE;
    __cu2amd_legacy_launch *l = __cu2amd_legacy(hfunc);
    if (!l) return CUDA_ERROR_OUT_OF_MEMORY;
    l->shared = bytes;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuParamSetSize(CUfunction hfunc, unsigned int numbytes) {
    if (!hfunc) return CUDA_ERROR_INVALID_HANDLE;
    if (numbytes > 4096) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_legacy_launch *l = __cu2amd_legacy(hfunc);
    if (!l) return CUDA_ERROR_OUT_OF_MEMORY;
    l->size = numbytes;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuParamSetv(CUfunction hfunc, int offset, void *ptr, unsigned int numbytes) {
    if (!hfunc) return CUDA_ERROR_INVALID_HANDLE;
    if (offset < 0 || (!ptr && numbytes) || (unsigned long long)offset + numbytes > 4096) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_legacy_launch *l = __cu2amd_legacy(hfunc);
    if (!l) return CUDA_ERROR_OUT_OF_MEMORY;
    if (numbytes) memcpy(l->params + offset, ptr, numbytes);
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuParamSeti(CUfunction hfunc, int offset, unsigned int value) {
    return cuParamSetv(hfunc, offset, &value, sizeof value);
}
CU2AMD_API CUresult cuParamSetf(CUfunction hfunc, int offset, float value) {
    return cuParamSetv(hfunc, offset, &value, sizeof value);
}
CU2AMD_API CUresult cuLaunchGridAsync(CUfunction f, int grid_width, int grid_height, CUstream hStream) {
    if (!f) return CUDA_ERROR_INVALID_HANDLE;
    if (grid_width <= 0 || grid_height <= 0) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_legacy_launch *l = __cu2amd_legacy(f);
    if (!l) return CUDA_ERROR_OUT_OF_MEMORY;
    if (!l->shaped) return CUDA_ERROR_INVALID_VALUE; /* no block shape set */
    size_t size = l->size;
    void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, l->params, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
                     CU_LAUNCH_PARAM_END};
    return cuLaunchKernel(f, (unsigned int)grid_width, (unsigned int)grid_height, 1, l->block[0], l->block[1],
                          l->block[2], l->shared, hStream, NULL, extra);
}
CU2AMD_API CUresult cuLaunchGrid(CUfunction f, int grid_width, int grid_height) {
    return cuLaunchGridAsync(f, grid_width, grid_height, (CUstream)0);
}
CU2AMD_API CUresult cuLaunch(CUfunction f) { return cuLaunchGridAsync(f, 1, 1, (CUstream)0); }

#endif
