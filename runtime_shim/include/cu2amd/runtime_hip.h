/* HIP's C ABI, as libamdhip64 (ROCm 5.2 and later) and the host platform export it, with
 * the types a CUDA program sees (errors and enums as int, HIP's structures as cu2amd
 * buffers of HIP's layout). Declared again, with HIP's own types, by
 * runtime_shim/host/cu2amd_hip.h: tests/test_host_hip_abi.py checks that both (and ROCm's
 * header and library, where installed) agree. Part of cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_HIP_H
#define CU2AMD_RUNTIME_HIP_H

#include "cu2amd/runtime_types.h"

extern "C" {
/* errors */
int hipGetLastError(void);
int hipPeekAtLastError(void);
/* versions: HIP_VERSION's encoding, major * 10000000 + minor * 100000 + patch */
int hipRuntimeGetVersion(int *runtimeVersion);
/* devices */
int hipGetDeviceCount(int *count);
int hipSetDevice(int device);
int hipGetDevice(int *device);
int hipGetDeviceProperties(void *prop, int device);
int hipDeviceSynchronize(void);
int hipDeviceReset(void);
int hipSetDeviceFlags(unsigned flags);
int hipGetDeviceFlags(unsigned int *flags);
int hipMemGetInfo(size_t *free, size_t *total);
int hipDeviceCanAccessPeer(int *canAccessPeer, int deviceId, int peerDeviceId);
int hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags);
int hipDeviceDisablePeerAccess(int peerDeviceId);
int hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
int hipDeviceSetCacheConfig(int cacheConfig);
int hipDeviceGetCacheConfig(int *cacheConfig);
int hipDeviceSetSharedMemConfig(int config);
int hipDeviceGetSharedMemConfig(int *pConfig);
int hipDeviceGetPCIBusId(char *pciBusId, int len, int device);
int hipDeviceGetByPCIBusId(int *device, const char *pciBusId);
int hipDeviceGetP2PAttribute(int *value, int attr, int srcDevice, int dstDevice);
int hipProfilerStart(void);
int hipProfilerStop(void);
/* memory */
int hipMalloc(void **ptr, size_t size);
int hipFree(void *ptr);
int hipMemcpy(void *dst, const void *src, size_t size, int kind);
int hipMemcpyAsync(void *dst, const void *src, size_t size, int kind, cudaStream_t stream);
int hipMemset(void *dst, int value, size_t size);
int hipMemsetAsync(void *dst, int value, size_t size, cudaStream_t stream);
int hipHostMalloc(void **ptr, size_t size, unsigned int flags);
int hipHostFree(void *ptr);
int hipHostRegister(void *hostPtr, size_t sizeBytes, unsigned int flags);
int hipHostUnregister(void *hostPtr);
int hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags);
int hipHostGetFlags(unsigned int *flagsPtr, void *hostPtr);
int hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
int hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, int kind);
int hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height, int kind,
                     cudaStream_t stream);
int hipMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height);
int hipMemset2DAsync(void *dst, size_t pitch, int value, size_t width, size_t height, cudaStream_t stream);
int hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId, size_t sizeBytes);
int hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src, int srcDevice, size_t sizeBytes,
                       cudaStream_t stream);
int hipMallocManaged(void **dev_ptr, size_t size, unsigned int flags);
int hipPointerGetAttributes(void *attributes, const void *ptr);
int hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes, size_t offset, int kind);
int hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes, size_t offset, int kind);
int hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t sizeBytes, size_t offset, int kind,
                           cudaStream_t stream);
int hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t sizeBytes, size_t offset, int kind,
                             cudaStream_t stream);
int hipGetSymbolAddress(void **devPtr, const void *symbol);
int hipGetSymbolSize(size_t *size, const void *symbol);
int hipMallocAsync(void **dev_ptr, size_t size, cudaStream_t stream);
int hipFreeAsync(void *dev_ptr, cudaStream_t stream);
int hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device, cudaStream_t stream);
int hipMemAdvise(const void *dev_ptr, size_t count, int advice, int device);
int hipStreamAttachMemAsync(cudaStream_t stream, void *dev_ptr, size_t length, unsigned int flags);
/* streams and events */
int hipStreamCreate(cudaStream_t *stream);
int hipStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
int hipStreamCreateWithPriority(cudaStream_t *stream, unsigned int flags, int priority);
int hipStreamQuery(cudaStream_t stream);
int hipStreamSynchronize(cudaStream_t stream);
int hipStreamDestroy(cudaStream_t stream);
int hipStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags);
int hipStreamAddCallback(cudaStream_t stream, void (*callback)(cudaStream_t, int, void *), void *userData,
                         unsigned int flags);
int hipStreamGetFlags(cudaStream_t stream, unsigned int *flags);
int hipStreamGetPriority(cudaStream_t stream, int *priority);
int hipStreamIsCapturing(cudaStream_t stream, int *pCaptureStatus);
int hipEventCreate(cudaEvent_t *event);
int hipEventCreateWithFlags(cudaEvent_t *event, unsigned flags);
int hipEventRecord(cudaEvent_t event, cudaStream_t stream);
int hipEventQuery(cudaEvent_t event);
int hipEventSynchronize(cudaEvent_t event);
int hipEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t stop);
int hipEventDestroy(cudaEvent_t event);
/* execution control */
int hipLaunchKernel(const void *function, dim3 grid, dim3 block, void **args, size_t shmem, cudaStream_t stream);
int __cu2amd_hip_push_call_configuration(dim3 grid, dim3 block, size_t shmem, cudaStream_t stream) __asm__(
    "__hipPushCallConfiguration");
int __hipPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem, cudaStream_t *stream);
int hipFuncGetAttributes(void *attr, const void *func);
int hipFuncSetAttribute(const void *func, int attr, int value);
int hipFuncSetCacheConfig(const void *func, int config);
int hipFuncSetSharedMemConfig(const void *func, int config);
int hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *f, int blockSize,
                                                          size_t dynSharedMemPerBlk, unsigned int flags);
#if !defined(__HIP__)
/* Only seen by the host platform's device pass (clang CUDA mode), which parses host code
 * and needs the launch configuration function declared; it never emits a call to it. */
int cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t stream = 0);
#endif
}

/* What clang calls for <<<grid, block, shmem, stream>>>: HIP's, with CUDA's legacy stream
 * handle made HIP's null stream on the way. */
static __host__ __inline__ int __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shmem = 0,
                                                          cudaStream_t stream = 0) {
    return __cu2amd_hip_push_call_configuration(grid, block, shmem,
                                                stream == cudaStreamLegacy ? (cudaStream_t)0 : stream);
}

/* HIP's structures (ROCm 5.2 layouts, which later ROCm keeps for these entry points),
 * as far as cuda_runtime_api.h reads them; `rest` covers the fields it does not. */
struct __cu2amd_hip_device_prop {
    char name[256];
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int clockRate;
    int memoryClockRate;
    int memoryBusWidth;
    size_t totalConstMem;
    int major;
    int minor;
    int multiProcessorCount;
    int l2CacheSize;
    int maxThreadsPerMultiProcessor;
    int computeMode;
    int clockInstructionRate;
    unsigned arch;
    int concurrentKernels;
    int pciDomainID;
    int pciBusID;
    int pciDeviceID;
    size_t maxSharedMemoryPerMultiProcessor;
    int isMultiGpuBoard;
    int canMapHostMemory;
    int gcnArch;
    char gcnArchName[256];
    int integrated;
    int cooperativeLaunch;
    int cooperativeMultiDeviceLaunch;
    int maxTexture1DLinear;
    int maxTexture1D;
    int maxTexture2D[2];
    int maxTexture3D[3];
    unsigned int *hdpMemFlushCntl;
    unsigned int *hdpRegFlushCntl;
    size_t memPitch;
    size_t textureAlignment;
    size_t texturePitchAlignment;
    int kernelExecTimeoutEnabled;
    int ECCEnabled;
    int tccDriver;
    int cooperativeMultiDeviceUnmatchedFunc;
    int cooperativeMultiDeviceUnmatchedGridDim;
    int cooperativeMultiDeviceUnmatchedBlockDim;
    int cooperativeMultiDeviceUnmatchedSharedMem;
    int isLargeBar;
    int asicRevision;
    int managedMemory;
    int directManagedMemAccessFromHost;
    int concurrentManagedAccess;
    int pageableMemoryAccess;
    int pageableMemoryAccessUsesHostPageTables;
    char rest[512];
};

struct __cu2amd_hip_pointer_attributes {
    int memoryType; /* hipMemoryType: see cudaPointerGetAttributes */
    int device;
    void *devicePointer;
    void *hostPointer;
    int isManaged;
    unsigned allocationFlags;
};

struct __cu2amd_hip_func_attributes {
    int binaryVersion;
    int cacheModeCA;
    size_t constSizeBytes;
    size_t localSizeBytes;
    int maxDynamicSharedSizeBytes;
    int maxThreadsPerBlock;
    int numRegs;
    int preferredShmemCarveout;
    int ptxVersion;
    size_t sharedSizeBytes;
};

#include "cu2amd/runtime_hip_coop.h"
#include "cu2amd/runtime_hip_extra.h"
#include "cu2amd/runtime_hip_graph.h"
#include "cu2amd/runtime_hip_texture.h"
#include "cu2amd/runtime_hip_library.h"
#include "cu2amd/runtime_hip_interop.h"

#endif
