/* CUDA runtime API: device management, error handling, version management, peer access.
 * Part of cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_DEVICE_H
#define CU2AMD_RUNTIME_DEVICE_H

/* ------------------------------------------------------------------ errors */

/* The last error is HIP's, or else the last one these headers found themselves. */
CU2AMD_API cudaError_t cudaGetLastError(void) {
    cudaError_t hip = CU2AMD_ERR(hipGetLastError()), own = *__cu2amd_header_error();
    *__cu2amd_header_error() = cudaSuccess;
    return hip != cudaSuccess ? hip : own;
}
CU2AMD_API cudaError_t cudaPeekAtLastError(void) {
    cudaError_t hip = CU2AMD_ERR(hipPeekAtLastError());
    return hip != cudaSuccess ? hip : *__cu2amd_header_error();
}
/* CUDA's own names and texts, "unrecognized error code" for any other value (as CUDA). */
CU2AMD_API const char *cudaGetErrorName(cudaError_t error) {
    switch (error) {
#define CU2AMD_NAME(name, value, text)                                                                                 \
    case name: return #name;
        CU2AMD_CUDA_ERRORS(CU2AMD_NAME)
#undef CU2AMD_NAME
    }
    return "unrecognized error code";
}
CU2AMD_API const char *cudaGetErrorString(cudaError_t error) {
    switch (error) {
#define CU2AMD_TEXT(name, value, text)                                                                                 \
    case name: return text;
        CU2AMD_CUDA_ERRORS(CU2AMD_TEXT)
#undef CU2AMD_TEXT
    }
    return "unrecognized error code";
}

/* ------------------------------------------------------------------ versions */

/* The CUDA version whose API these headers implement, for the driver and the runtime
 * alike (HIP's own version numbers mean nothing to a CUDA program). */
CU2AMD_API cudaError_t cudaDriverGetVersion(int *driverVersion) {
    if (!driverVersion) return __cu2amd_fail(cudaErrorInvalidValue);
    *driverVersion = CUDART_VERSION;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaRuntimeGetVersion(int *runtimeVersion) {
    if (!runtimeVersion) return __cu2amd_fail(cudaErrorInvalidValue);
    *runtimeVersion = CUDART_VERSION;
    return cudaSuccess;
}

/* ------------------------------------------------------------------ devices */

CU2AMD_API cudaError_t cudaGetDeviceCount(int *count) { return CU2AMD_ERR(hipGetDeviceCount(count)); }
CU2AMD_API cudaError_t cudaSetDevice(int device) { return CU2AMD_ERR(hipSetDevice(device)); }
CU2AMD_API cudaError_t cudaGetDevice(int *device) { return CU2AMD_ERR(hipGetDevice(device)); }
CU2AMD_API cudaError_t cudaDeviceSynchronize(void) { return CU2AMD_ERR(hipDeviceSynchronize()); }
CU2AMD_API cudaError_t cudaDeviceReset(void) { return CU2AMD_ERR(hipDeviceReset()); }
CU2AMD_API cudaError_t cudaThreadSynchronize(void) { return CU2AMD_ERR(hipDeviceSynchronize()); }
CU2AMD_API cudaError_t cudaThreadExit(void) { return CU2AMD_ERR(hipDeviceReset()); }
CU2AMD_API cudaError_t cudaSetDeviceFlags(unsigned int flags) { return CU2AMD_ERR(hipSetDeviceFlags(flags)); }
CU2AMD_API cudaError_t cudaGetDeviceFlags(unsigned int *flags) { return CU2AMD_ERR(hipGetDeviceFlags(flags)); }
CU2AMD_API cudaError_t cudaMemGetInfo(size_t *free, size_t *total) { return CU2AMD_ERR(hipMemGetInfo(free, total)); }

/* The compute capability the program was compiled for (-arch=sm_XY: __CUDA_ARCH_LIST__,
 * which cu2amd-nvcc defines in every pass as nvcc does; its highest entry), as XY0. An AMD
 * GPU or the host has none of its own; code that checks `major` gets what it was built
 * for. 520 (nvcc's default, sm_52) when compiled without cu2amd-nvcc. */
CU2AMD_API int __cu2amd_cuda_arch(void) {
#ifdef __CUDA_ARCH_LIST__
    static const int archs[] = {__CUDA_ARCH_LIST__};
    int best = 0;
    for (unsigned i = 0; i < sizeof archs / sizeof archs[0]; i++) best = archs[i] > best ? archs[i] : best;
    return best;
#else
    return 520;
#endif
}

/* cudaDeviceProp from hipDeviceProp_t: CUDA's fields that HIP has are copied; warpSize is
 * 32 (cu2amd gives kernels warp-32 semantics); major/minor are the compiled-for compute
 * capability; texture/surface limits HIP does not report are derived from those it does;
 * features cu2amd or AMD GPUs lack (clusters, memory pools, IPC events, persisting L2,
 * GPUDirect RDMA, sparse arrays) are 0. */
CU2AMD_API cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device) {
    if (!prop) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_device_prop hip;
    cudaError_t err = CU2AMD_ERR(hipGetDeviceProperties(&hip, device));
    if (err != cudaSuccess) return err;
    int least = 0, greatest = 0;
    if (hipDeviceGetStreamPriorityRange(&least, &greatest) != 0) least = greatest = 0;
    __builtin_memset(prop, 0, sizeof *prop);
    cudaDeviceProp &p = *prop;
    __builtin_memcpy(p.name, hip.name, sizeof p.name);
    p.name[sizeof p.name - 1] = 0;
    p.totalGlobalMem = hip.totalGlobalMem;
    p.sharedMemPerBlock = hip.sharedMemPerBlock;
    p.regsPerBlock = hip.regsPerBlock;
    p.warpSize = 32;
    p.memPitch = hip.memPitch;
    p.maxThreadsPerBlock = hip.maxThreadsPerBlock;
    for (int i = 0; i < 3; i++) {
        p.maxThreadsDim[i] = hip.maxThreadsDim[i];
        p.maxGridSize[i] = hip.maxGridSize[i];
        p.maxTexture3D[i] = p.maxTexture3DAlt[i] = p.maxSurface3D[i] = hip.maxTexture3D[i];
    }
    p.clockRate = hip.clockRate;
    p.totalConstMem = hip.totalConstMem;
    p.major = __cu2amd_cuda_arch() / 100;
    p.minor = __cu2amd_cuda_arch() / 10 % 10;
    p.textureAlignment = hip.textureAlignment;
    p.texturePitchAlignment = hip.texturePitchAlignment;
    p.surfaceAlignment = hip.textureAlignment;
    p.deviceOverlap = hip.concurrentKernels;
    p.multiProcessorCount = hip.multiProcessorCount;
    p.kernelExecTimeoutEnabled = hip.kernelExecTimeoutEnabled;
    p.integrated = hip.integrated;
    p.canMapHostMemory = hip.canMapHostMemory;
    p.computeMode = hip.computeMode;
    p.maxTexture1D = p.maxTexture1DMipmap = p.maxSurface1D = hip.maxTexture1D;
    p.maxTexture1DLinear = hip.maxTexture1DLinear;
    for (int i = 0; i < 2; i++) {
        p.maxTexture2D[i] = p.maxTexture2DMipmap[i] = p.maxTexture2DLinear[i] = p.maxTexture2DGather[i] =
            p.maxTexture2DLayered[i] = p.maxSurface2D[i] = p.maxSurface2DLayered[i] = hip.maxTexture2D[i];
    }
    p.maxTexture2DLinear[2] = hip.memPitch > 0x7FFFFFFF ? 0x7FFFFFFF : (int)hip.memPitch;
    p.maxTextureCubemap = p.maxSurfaceCubemap = hip.maxTexture2D[0];
    p.maxTexture1DLayered[0] = p.maxSurface1DLayered[0] = p.maxTextureCubemapLayered[0] =
        p.maxSurfaceCubemapLayered[0] = hip.maxTexture1D;
    p.maxTexture1DLayered[1] = p.maxTexture2DLayered[2] = p.maxTextureCubemapLayered[1] = p.maxSurface1DLayered[1] =
        p.maxSurface2DLayered[2] = p.maxSurfaceCubemapLayered[1] = hip.maxTexture3D[2];
    p.concurrentKernels = hip.concurrentKernels;
    p.ECCEnabled = hip.ECCEnabled;
    p.pciBusID = hip.pciBusID;
    p.pciDeviceID = hip.pciDeviceID;
    p.pciDomainID = hip.pciDomainID;
    p.tccDriver = hip.tccDriver;
    p.asyncEngineCount = hip.concurrentKernels ? 2 : 0; /* copies overlap kernels only where kernels overlap */
    p.unifiedAddressing = 1;
    p.memoryClockRate = hip.memoryClockRate;
    p.memoryBusWidth = hip.memoryBusWidth;
    p.l2CacheSize = hip.l2CacheSize;
    p.maxThreadsPerMultiProcessor = hip.maxThreadsPerMultiProcessor;
    p.streamPrioritiesSupported = least != greatest;
    p.globalL1CacheSupported = 1;
    p.localL1CacheSupported = 1;
    p.sharedMemPerMultiprocessor = hip.maxSharedMemoryPerMultiProcessor;
    p.regsPerMultiprocessor = hip.regsPerBlock;
    p.managedMemory = hip.managedMemory;
    p.isMultiGpuBoard = hip.isMultiGpuBoard;
    p.hostNativeAtomicSupported = 0;
    p.singleToDoublePrecisionPerfRatio = 2;
    p.pageableMemoryAccess = hip.pageableMemoryAccess;
    p.concurrentManagedAccess = hip.concurrentManagedAccess;
    p.canUseHostPointerForRegisteredMem = hip.canMapHostMemory;
    p.cooperativeLaunch = hip.cooperativeLaunch;
    p.cooperativeMultiDeviceLaunch = hip.cooperativeMultiDeviceLaunch;
    /* AMD GPUs have no opt-in beyond the default: a block may use all of a CU's LDS. */
    p.sharedMemPerBlockOptin = hip.maxSharedMemoryPerMultiProcessor > hip.sharedMemPerBlock
                                   ? hip.maxSharedMemoryPerMultiProcessor
                                   : hip.sharedMemPerBlock;
    p.pageableMemoryAccessUsesHostPageTables = hip.pageableMemoryAccessUsesHostPageTables;
    p.directManagedMemAccessFromHost = hip.directManagedMemAccessFromHost;
    p.maxBlocksPerMultiProcessor = 32;
    p.hostRegisterSupported = 1;
    return cudaSuccess;
}

/* Every cudaDeviceAttr, from the same cudaDeviceProp (CU2AMD_DEVICE_ATTRS says how). */
CU2AMD_API cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device) {
    if (!value) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaDeviceProp p;
    cudaError_t err = cudaGetDeviceProperties(&p, device);
    if (err != cudaSuccess) return err;
    switch ((int)attr) {
#define CU2AMD_ATTR(name, number, expr)                                                                                \
    case number: *value = (expr); return cudaSuccess;
        CU2AMD_DEVICE_ATTRS(CU2AMD_ATTR)
#undef CU2AMD_ATTR
    }
    return __cu2amd_fail(cudaErrorInvalidValue);
}

/* CUDA's choice: the device whose compute capability is closest to the one asked for
 * (the first such device), among all devices. */
CU2AMD_API cudaError_t cudaChooseDevice(int *device, const cudaDeviceProp *prop) {
    if (!device || !prop) return __cu2amd_fail(cudaErrorInvalidValue);
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) return err;
    int best = -1, best_distance = 0;
    for (int d = 0; d < count; d++) {
        cudaDeviceProp p;
        if (cudaGetDeviceProperties(&p, d) != cudaSuccess) continue;
        int distance = (p.major - prop->major) * 10 + (p.minor - prop->minor);
        distance = distance < 0 ? -distance : distance;
        if (best < 0 || distance < best_distance) best = d, best_distance = distance;
    }
    if (best < 0) return __cu2amd_fail(cudaErrorNoDevice);
    *device = best;
    return cudaSuccess;
}

/* Limits: HIP (ROCm 5.2) reports only the malloc heap size and sets none, so the values are
 * kept here, one set for the program (an inline function's static, shared by every
 * translation unit), with CUDA's defaults and CUDA's checks. */
#include "cu2amd/limits.h" /* the store, shared with cuda.h's cuCtxSetLimit */
__host__ inline size_t *__cu2amd_limit_store(void) { return __cu2amd_limits(); }
CU2AMD_API cudaError_t cudaDeviceGetLimit(size_t *pValue, cudaLimit limit) {
    if (!pValue) return __cu2amd_fail(cudaErrorInvalidValue);
    if ((unsigned)limit > cudaLimitPersistingL2CacheSize) return __cu2amd_fail(cudaErrorUnsupportedLimit);
    *pValue = __cu2amd_limit_store()[limit];
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value) {
    if ((unsigned)limit > cudaLimitPersistingL2CacheSize) return __cu2amd_fail(cudaErrorUnsupportedLimit);
    if (limit == cudaLimitMaxL2FetchGranularity && (value > 128 || (value & (value - 1)) != 0))
        return __cu2amd_fail(cudaErrorInvalidValue);
    if (limit == cudaLimitPersistingL2CacheSize && value != 0) return __cu2amd_fail(cudaErrorUnsupportedLimit);
    if (limit == cudaLimitStackSize && value % 16 != 0) value = (value + 15) / 16 * 16;
    __cu2amd_limit_store()[limit] = value;
    return cudaSuccess;
}

/* Cache and bank configuration: hints with no effect on AMD GPUs (HIP keeps them). */
CU2AMD_API cudaError_t cudaDeviceGetCacheConfig(cudaFuncCache *config) {
    return CU2AMD_ERR(hipDeviceGetCacheConfig((int *)config));
}
CU2AMD_API cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache config) {
    return CU2AMD_ERR(hipDeviceSetCacheConfig((int)config));
}
CU2AMD_API cudaError_t cudaDeviceGetSharedMemConfig(cudaSharedMemConfig *config) {
    return CU2AMD_ERR(hipDeviceGetSharedMemConfig((int *)config));
}
CU2AMD_API cudaError_t cudaDeviceSetSharedMemConfig(cudaSharedMemConfig config) {
    return CU2AMD_ERR(hipDeviceSetSharedMemConfig((int)config));
}

CU2AMD_API cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
    return CU2AMD_ERR(hipDeviceGetStreamPriorityRange(leastPriority, greatestPriority));
}

/* The deprecated thread-scoped names of the device functions. */
CU2AMD_API cudaError_t cudaThreadGetLimit(size_t *pValue, cudaLimit limit) { return cudaDeviceGetLimit(pValue, limit); }
CU2AMD_API cudaError_t cudaThreadSetLimit(cudaLimit limit, size_t value) { return cudaDeviceSetLimit(limit, value); }
CU2AMD_API cudaError_t cudaThreadGetCacheConfig(cudaFuncCache *config) { return cudaDeviceGetCacheConfig(config); }
CU2AMD_API cudaError_t cudaThreadSetCacheConfig(cudaFuncCache config) { return cudaDeviceSetCacheConfig(config); }

CU2AMD_API cudaError_t cudaDeviceGetPCIBusId(char *pciBusId, int len, int device) {
    return CU2AMD_ERR(hipDeviceGetPCIBusId(pciBusId, len, device));
}
CU2AMD_API cudaError_t cudaDeviceGetByPCIBusId(int *device, const char *pciBusId) {
    return CU2AMD_ERR(hipDeviceGetByPCIBusId(device, pciBusId));
}

/* HIP initialises a device when it is first used: cudaInitDevice checks the device and
 * applies the device flags when asked to (cudaInitDeviceFlagsAreValid). */
CU2AMD_API cudaError_t cudaInitDevice(int device, unsigned int deviceFlags, unsigned int flags) {
    int count = 0, current = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) return err;
    if (device < 0 || device >= count) return __cu2amd_fail(cudaErrorInvalidDevice);
    if (flags & ~(unsigned)cudaInitDeviceFlagsAreValid) return __cu2amd_fail(cudaErrorInvalidValue);
    if (!(flags & cudaInitDeviceFlagsAreValid)) return cudaSuccess;
    if ((err = cudaGetDevice(&current)) != cudaSuccess || (err = cudaSetDevice(device)) != cudaSuccess) return err;
    err = CU2AMD_ERR(hipSetDeviceFlags(deviceFlags));
    cudaError_t restored = cudaSetDevice(current);
    return err != cudaSuccess ? err : restored;
}

/* No persisting L2 lines exist (cudaLimitPersistingL2CacheSize is 0): nothing to reset. */
CU2AMD_API cudaError_t cudaCtxResetPersistingL2Cache(void) { return cudaSuccess; }

CU2AMD_API cudaError_t cudaProfilerStart(void) { return CU2AMD_ERR(hipProfilerStart()); }
CU2AMD_API cudaError_t cudaProfilerStop(void) { return CU2AMD_ERR(hipProfilerStop()); }

/* ------------------------------------------------------------------ peer access */

CU2AMD_API cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice) {
    return CU2AMD_ERR(hipDeviceCanAccessPeer(canAccessPeer, device, peerDevice));
}
CU2AMD_API cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags) {
    return CU2AMD_ERR(hipDeviceEnablePeerAccess(peerDevice, flags));
}
CU2AMD_API cudaError_t cudaDeviceDisablePeerAccess(int peerDevice) {
    return CU2AMD_ERR(hipDeviceDisablePeerAccess(peerDevice));
}
CU2AMD_API cudaError_t cudaDeviceGetP2PAttribute(int *value, cudaDeviceP2PAttr attr, int srcDevice, int dstDevice) {
    if ((int)attr < cudaDevP2PAttrPerformanceRank || (int)attr > cudaDevP2PAttrCudaArrayAccessSupported)
        return __cu2amd_fail(cudaErrorInvalidValue);
    return CU2AMD_ERR(hipDeviceGetP2PAttribute(value, (int)attr - 1, srcDevice, dstDevice));
}

#endif
