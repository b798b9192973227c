/* CUDA runtime API: execution control (launches, kernel attributes) and occupancy. Part of
 * cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_EXEC_H
#define CU2AMD_RUNTIME_EXEC_H

/* ------------------------------------------------------------------ launches */

#include "cu2amd/library_registry.h"
/* A library's kernel (cudaLibraryGetKernel) is launched through its module. */
CU2AMD_API cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                        size_t sharedMem = 0, cudaStream_t stream = 0) {
    if (__cu2amd_lib_is_kernel(func)) {
        if (sharedMem > 0xFFFFFFFFu) return __cu2amd_fail(cudaErrorInvalidValue);
        return CU2AMD_ERR(hipModuleLaunchKernel((struct ihipModuleSymbol_t *)(size_t)func, gridDim.x, gridDim.y,
                                                gridDim.z, blockDim.x, blockDim.y, blockDim.z, (unsigned int)sharedMem,
                                                __cu2amd_stream(stream), args, 0));
    }
    return CU2AMD_ERR(hipLaunchKernel(func, gridDim, blockDim, args, sharedMem, __cu2amd_stream(stream)));
}
/* CUDA declares `const T *func`, which clang cannot deduce from a function pointer. */
template <typename T>
static __host__ __inline__ cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                                                        size_t sharedMem = 0, cudaStream_t stream = 0) {
    return cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}

/* All blocks of the grid resident at once, so that they can wait for each other
 * (cooperative_groups::this_grid().sync()): a grid larger than the occupancy limit
 * (cudaOccupancyMaxActiveBlocksPerMultiprocessor times the multiprocessors) is
 * cudaErrorCooperativeLaunchTooLarge. HIP's hipLaunchCooperativeKernel. */
CU2AMD_API cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                                   size_t sharedMem = 0, cudaStream_t stream = 0) {
    if (sharedMem > 0xFFFFFFFFu) return __cu2amd_fail(cudaErrorInvalidValue);
    return CU2AMD_ERR(hipLaunchCooperativeKernel(func, gridDim, blockDim, args, (unsigned int)sharedMem,
                                                 __cu2amd_stream(stream)));
}
template <typename T>
static __host__ __inline__ cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim, void **args,
                                                                   size_t sharedMem = 0, cudaStream_t stream = 0) {
    return cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream);
}

/* Deprecated (CUDA 11.3): one cooperative launch per device. cu2amd has one device, so one
 * entry; the pre- and post-launch syncs are what stream order gives a single launch. */
struct cudaLaunchParams {
    void *func;
    dim3 gridDim;
    dim3 blockDim;
    void **args;
    size_t sharedMem;
    cudaStream_t stream;
};
#define cudaCooperativeLaunchMultiDeviceNoPreSync 0x01
#define cudaCooperativeLaunchMultiDeviceNoPostSync 0x02
CU2AMD_API cudaError_t cudaLaunchCooperativeKernelMultiDevice(struct cudaLaunchParams *launchParamsList,
                                                              unsigned int numDevices, unsigned int flags = 0) {
    int devices = 0;
    cudaError_t err = cudaGetDeviceCount(&devices);
    if (err != cudaSuccess) return err;
    if (!launchParamsList || numDevices == 0 || numDevices > (unsigned int)devices || numDevices != 1 ||
        (flags & ~3u) != 0)
        return __cu2amd_fail(cudaErrorInvalidValue);
    const struct cudaLaunchParams *p = launchParamsList;
    return cudaLaunchCooperativeKernel((const void *)p->func, p->gridDim, p->blockDim, p->args, p->sharedMem,
                                       p->stream);
}

/* ------------------------------------------------------------------ kernel attributes */

/* The kernel's mangled name, as the compiler registered it. */
CU2AMD_API cudaError_t cudaFuncGetName(const char **name, const void *func) {
    if (!name) return __cu2amd_fail(cudaErrorInvalidValue);
    const char *found = func ? hipKernelNameRefByPtr(func, (cudaStream_t)0) : (const char *)0;
    if (!found) return __cu2amd_fail(cudaErrorInvalidDeviceFunction);
    *name = found;
    return cudaSuccess;
}
template <typename T> static __host__ __inline__ cudaError_t cudaFuncGetName(const char **name, T *func) {
    return cudaFuncGetName(name, (const void *)func);
}

/* Deprecated since CUDA 10 and without effect there too: doubles are doubles on the device. */
CU2AMD_API cudaError_t cudaSetDoubleForDevice(double *d) {
    (void)d;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaSetDoubleForHost(double *d) {
    (void)d;
    return cudaSuccess;
}

/* ptxVersion and binaryVersion are the compiled-for compute capability (as XY), like
 * cudaDeviceProp's major/minor; the rest is HIP's (or the host platform's) view of the
 * kernel. */
CU2AMD_API cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, const void *func) {
    if (!attr) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_func_attributes hip;
    __builtin_memset(&hip, 0, sizeof hip);
    cudaError_t err = CU2AMD_ERR(hipFuncGetAttributes(&hip, func));
    if (err != cudaSuccess) return err;
    __builtin_memset(attr, 0, sizeof *attr);
    attr->sharedSizeBytes = hip.sharedSizeBytes;
    attr->constSizeBytes = hip.constSizeBytes;
    attr->localSizeBytes = hip.localSizeBytes;
    attr->maxThreadsPerBlock = hip.maxThreadsPerBlock;
    attr->numRegs = hip.numRegs;
    attr->ptxVersion = attr->binaryVersion = __cu2amd_cuda_arch() / 10;
    attr->cacheModeCA = hip.cacheModeCA;
    attr->maxDynamicSharedSizeBytes = hip.maxDynamicSharedSizeBytes;
    attr->preferredShmemCarveout = hip.preferredShmemCarveout;
    return cudaSuccess;
}
template <typename T>
static __host__ __inline__ cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr, T *entry) {
    return cudaFuncGetAttributes(attr, (const void *)entry);
}

/* The host platform's runtime (hip.c): the kernel a __global__ function's stub registered, as
 * a module function (what cuLaunchKernel and cuFuncGetAttribute take), made once; NULL for
 * anything else. Weak: null when the program links against ROCm, whose libamdhip64 5.2 has
 * no such lookup (ROCm 6's hipGetFuncBySymbol). */
#ifdef __cplusplus
extern "C" {
#endif
__attribute__((weak)) struct ihipModuleSymbol_t *__cu2amd_host_function_of(const void *stub);
#ifdef __cplusplus
}
#endif

/* The driver API's handle of a __global__ function (or of a library's kernel, which is its
 * module's function already): cudaErrorInvalidDeviceFunction for anything else; on AMD
 * GPUs cudaErrorNotSupported (see __cu2amd_host_function_of). */
CU2AMD_API cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr, const void *symbolPtr) {
    if (!functionPtr) return __cu2amd_fail(cudaErrorInvalidValue);
    if (__cu2amd_lib_is_kernel(symbolPtr)) {
        *functionPtr = (cudaFunction_t)(size_t)symbolPtr;
        return cudaSuccess;
    }
    cudaFuncAttributes attr;
    cudaError_t err = symbolPtr ? cudaFuncGetAttributes(&attr, symbolPtr) : __cu2amd_fail(cudaErrorInvalidDeviceFunction);
    if (err != cudaSuccess) return err;
    if (!__cu2amd_host_function_of) return __cu2amd_fail(cudaErrorNotSupported);
    cudaFunction_t f = __cu2amd_host_function_of(symbolPtr);
    if (!f) return __cu2amd_fail(cudaErrorMemoryAllocation); /* registered, but no memory for the handle */
    *functionPtr = f;
    return cudaSuccess;
}
template <typename T> static __host__ __inline__ cudaError_t cudaGetFuncBySymbol(cudaFunction_t *functionPtr, T *symbolPtr) {
    return cudaGetFuncBySymbol(functionPtr, (const void *)symbolPtr);
}

/* The maximum dynamic shared memory and the carveout are HIP's (same numbers); thread
 * block clusters do not exist on AMD GPUs. */
CU2AMD_API cudaError_t cudaFuncSetAttribute(const void *func, cudaFuncAttribute attr, int value) {
    if (attr != cudaFuncAttributeMaxDynamicSharedMemorySize && attr != cudaFuncAttributePreferredSharedMemoryCarveout)
        return __cu2amd_fail(attr > cudaFuncAttributePreferredSharedMemoryCarveout && attr < cudaFuncAttributeMax
                                 ? cudaErrorNotSupported
                                 : cudaErrorInvalidValue);
    return CU2AMD_ERR(hipFuncSetAttribute(func, (int)attr, value));
}
template <typename T>
static __host__ __inline__ cudaError_t cudaFuncSetAttribute(T *entry, cudaFuncAttribute attr, int value) {
    return cudaFuncSetAttribute((const void *)entry, attr, value);
}

/* Cache and bank preferences: accepted (for a kernel that exists), no effect on AMD GPUs
 * or the host platform. */
CU2AMD_API cudaError_t cudaFuncSetCacheConfig(const void *func, cudaFuncCache cacheConfig) {
    return CU2AMD_ERR(hipFuncSetCacheConfig(func, (int)cacheConfig));
}
template <typename T>
static __host__ __inline__ cudaError_t cudaFuncSetCacheConfig(T *func, cudaFuncCache cacheConfig) {
    return cudaFuncSetCacheConfig((const void *)func, cacheConfig);
}
CU2AMD_API cudaError_t cudaFuncSetSharedMemConfig(const void *func, cudaSharedMemConfig config) {
    return CU2AMD_ERR(hipFuncSetSharedMemConfig(func, (int)config));
}
template <typename T>
static __host__ __inline__ cudaError_t cudaFuncSetSharedMemConfig(T *func, cudaSharedMemConfig config) {
    return cudaFuncSetSharedMemConfig((const void *)func, config);
}

/* ------------------------------------------------------------------ occupancy */

CU2AMD_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *func,
                                                                              int blockSize, size_t dynamicSMemSize,
                                                                              unsigned int flags) {
    return CU2AMD_ERR(
        hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize, flags));
}
CU2AMD_API cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, const void *func, int blockSize,
                                                                     size_t dynamicSMemSize) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize,
                                                                  cudaOccupancyDefault);
}
template <typename T>
static __host__ __inline__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, T func,
                                                                                     int blockSize,
                                                                                     size_t dynamicSMemSize) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, (const void *)func, blockSize,
                                                                  dynamicSMemSize, cudaOccupancyDefault);
}
template <typename T>
static __host__ __inline__ cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize, unsigned int flags) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, (const void *)func, blockSize,
                                                                  dynamicSMemSize, flags);
}

/* The block size with the most resident threads per multiprocessor (the largest such
 * size), searched over multiples of the warp size up to the kernel's and the device's
 * limits, each with the dynamic shared memory `smem(blockSize)` asks for; minGridSize
 * fills every multiprocessor at that occupancy. CUDA's definition, computed from
 * cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags. */
template <typename UnaryFunction, typename T>
static __host__ __inline__ cudaError_t
cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(int *minGridSize, int *blockSize, T func, UnaryFunction smem,
                                                        int blockSizeLimit = 0, unsigned int flags = 0) {
    if (!minGridSize || !blockSize || !func) return __cu2amd_fail(cudaErrorInvalidValue);
    int device = 0, threadsPerSM = 0, warp = 0, deviceMaxBlock = 0, sms = 0;
    cudaError_t err = cudaGetDevice(&device);
    if (err == cudaSuccess) err = cudaDeviceGetAttribute(&threadsPerSM, cudaDevAttrMaxThreadsPerMultiProcessor, device);
    if (err == cudaSuccess) err = cudaDeviceGetAttribute(&warp, cudaDevAttrWarpSize, device);
    if (err == cudaSuccess) err = cudaDeviceGetAttribute(&deviceMaxBlock, cudaDevAttrMaxThreadsPerBlock, device);
    if (err == cudaSuccess) err = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    cudaFuncAttributes attr;
    if (err == cudaSuccess) err = cudaFuncGetAttributes(&attr, (const void *)func);
    if (err != cudaSuccess) return err;
    int limit = blockSizeLimit == 0 ? deviceMaxBlock : blockSizeLimit;
    limit = limit < deviceMaxBlock ? limit : deviceMaxBlock;
    limit = limit < attr.maxThreadsPerBlock ? limit : attr.maxThreadsPerBlock;
    int bestSize = 0, bestBlocks = 0, bestThreads = 0;
    for (int aligned = (limit + warp - 1) / warp * warp; aligned > 0; aligned -= warp) {
        int size = aligned < limit ? aligned : limit;
        int blocks = 0;
        err = cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, (const void *)func, size,
                                                                     (size_t)smem(size), flags);
        if (err != cudaSuccess) return err;
        if (blocks * size > bestThreads) bestSize = size, bestBlocks = blocks, bestThreads = blocks * size;
        if (bestThreads == threadsPerSM) break;
    }
    *minGridSize = bestBlocks * sms;
    *blockSize = bestSize;
    return cudaSuccess;
}
template <typename UnaryFunction, typename T>
static __host__ __inline__ cudaError_t cudaOccupancyMaxPotentialBlockSizeVariableSMem(int *minGridSize, int *blockSize,
                                                                                      T func, UnaryFunction smem,
                                                                                      int blockSizeLimit = 0) {
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(minGridSize, blockSize, func, smem, blockSizeLimit,
                                                                   cudaOccupancyDefault);
}
struct __cu2amd_constant_smem {
    size_t bytes;
    __host__ size_t operator()(int) const { return bytes; }
};
template <typename T>
static __host__ __inline__ cudaError_t cudaOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize,
                                                                                   T func, size_t dynamicSMemSize = 0,
                                                                                   int blockSizeLimit = 0,
                                                                                   unsigned int flags = 0) {
    return cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(
        minGridSize, blockSize, func, __cu2amd_constant_smem{dynamicSMemSize}, blockSizeLimit, flags);
}
template <typename T>
static __host__ __inline__ cudaError_t cudaOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, T func,
                                                                          size_t dynamicSMemSize = 0,
                                                                          int blockSizeLimit = 0) {
    return cudaOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, func, dynamicSMemSize, blockSizeLimit,
                                                       cudaOccupancyDefault);
}

#endif
