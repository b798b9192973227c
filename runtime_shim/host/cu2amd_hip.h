/* The HIP C ABI subset the host platform implements (hip.c): the types, error codes and
 * functions that clang's HIP-mode host code and the CUDA runtime shim call. Values and
 * layouts are HIP's (ROCm 5.2 headers, the Debian libamdhip64-dev version); a test
 * compiles this header beside ROCm's and compares them when they are installed, and
 * another checks that runtime_shim/include/cuda_runtime_api.h, which declares the same
 * functions for CUDA programs, agrees with it. */
#ifndef CU2AMD_HIP_H
#define CU2AMD_HIP_H

#include <stddef.h>
#include <stdint.h>

#include "cu2amd_host.h"

#ifndef CU2AMD_HOST_TRIPLE
#error "CU2AMD_HOST_TRIPLE must name the host triple (e.g. x86_64-unknown-linux-gnu)"
#endif

#define CU2AMD_HIP_ERRORS(X)                                                                                           \
    X(hipSuccess)                                                                                                      \
    X(hipErrorInvalidValue)                                                                                            \
    X(hipErrorOutOfMemory)                                                                                             \
    X(hipErrorInvalidConfiguration)                                                                                    \
    X(hipErrorInvalidPitchValue)                                                                                       \
    X(hipErrorInvalidSymbol)                                                                                           \
    X(hipErrorInvalidDevicePointer)                                                                                    \
    X(hipErrorInvalidMemcpyDirection)                                                                                  \
    X(hipErrorMissingConfiguration)                                                                                    \
    X(hipErrorInvalidDeviceFunction)                                                                                   \
    X(hipErrorNoDevice)                                                                                                \
    X(hipErrorInvalidDevice)                                                                                           \
    X(hipErrorInvalidImage)                                                                                            \
    X(hipErrorNoBinaryForGpu)                                                                                          \
    X(hipErrorPeerAccessUnsupported)                                                                                   \
    X(hipErrorInvalidResourceHandle)                                                                                   \
    X(hipErrorNotFound)                                                                                                \
    X(hipErrorNotReady)                                                                                                \
    X(hipErrorIllegalAddress)                                                                                          \
    X(hipErrorLaunchOutOfResources)                                                                                    \
    X(hipErrorPeerAccessAlreadyEnabled)                                                                                \
    X(hipErrorPeerAccessNotEnabled)                                                                                    \
    X(hipErrorAssert)                                                                                                  \
    X(hipErrorHostMemoryAlreadyRegistered)                                                                             \
    X(hipErrorHostMemoryNotRegistered)                                                                                 \
    X(hipErrorLaunchFailure)                                                                                           \
    X(hipErrorNotSupported)                                                                                            \
    X(hipErrorNotInitialized)                                                                                          \
    X(hipErrorInvalidContext)                                                                                          \
    X(hipErrorInvalidKernelFile)                                                                                       \
    X(hipErrorJitCompilerNotFound)                                                                                     \
    X(hipErrorFileNotFound)                                                                                            \
    X(hipErrorIllegalState)                                                                                            \
    X(hipErrorStreamCaptureUnsupported)                                                                                \
    X(hipErrorStreamCaptureInvalidated)                                                                                \
    X(hipErrorStreamCaptureMerge)                                                                                      \
    X(hipErrorStreamCaptureUnmatched)                                                                                  \
    X(hipErrorStreamCaptureUnjoined)                                                                                   \
    X(hipErrorStreamCaptureIsolation)                                                                                  \
    X(hipErrorStreamCaptureImplicit)                                                                                   \
    X(hipErrorCapturedEvent)                                                                                           \
    X(hipErrorStreamCaptureWrongThread)                                                                                \
    X(hipErrorGraphExecUpdateFailure)

typedef enum hipError_t {
    hipSuccess = 0,
    hipErrorInvalidValue = 1,
    hipErrorOutOfMemory = 2,
    hipErrorNotInitialized = 3,
    hipErrorInvalidConfiguration = 9,
    hipErrorInvalidPitchValue = 12,
    hipErrorInvalidSymbol = 13,
    hipErrorInvalidDevicePointer = 17,
    hipErrorInvalidMemcpyDirection = 21,
    hipErrorMissingConfiguration = 52,
    hipErrorInvalidDeviceFunction = 98,
    hipErrorNoDevice = 100,
    hipErrorInvalidDevice = 101,
    hipErrorInvalidImage = 200,
    hipErrorInvalidContext = 201,
    hipErrorNoBinaryForGpu = 209,
    hipErrorPeerAccessUnsupported = 217,
    hipErrorInvalidKernelFile = 218, /* CUDA's CUDA_ERROR_INVALID_PTX */
    hipErrorJitCompilerNotFound = 221, /* not HIP's: CUDA's code, from the host platform's PTX JIT */
    hipErrorFileNotFound = 301,
    hipErrorInvalidResourceHandle = 400,
    hipErrorIllegalState = 401,
    hipErrorNotFound = 500,
    hipErrorNotReady = 600,
    hipErrorIllegalAddress = 700,
    hipErrorLaunchOutOfResources = 701,
    hipErrorPeerAccessAlreadyEnabled = 704,
    hipErrorPeerAccessNotEnabled = 705,
    hipErrorAssert = 710,
    hipErrorHostMemoryAlreadyRegistered = 712,
    hipErrorHostMemoryNotRegistered = 713,
    hipErrorLaunchFailure = 719,
    hipErrorNotSupported = 801,
    hipErrorStreamCaptureUnsupported = 900, /* stream capture and graphs (hip_graph.c) */
    hipErrorStreamCaptureInvalidated = 901,
    hipErrorStreamCaptureMerge = 902,
    hipErrorStreamCaptureUnmatched = 903,
    hipErrorStreamCaptureUnjoined = 904,
    hipErrorStreamCaptureIsolation = 905,
    hipErrorStreamCaptureImplicit = 906,
    hipErrorCapturedEvent = 907,
    hipErrorStreamCaptureWrongThread = 908,
    hipErrorGraphExecUpdateFailure = 910,
    hipErrorUnknown = 999,
} hipError_t;

typedef enum hipMemcpyKind {
    hipMemcpyHostToHost = 0,
    hipMemcpyHostToDevice = 1,
    hipMemcpyDeviceToHost = 2,
    hipMemcpyDeviceToDevice = 3,
    hipMemcpyDefault = 4,
} hipMemcpyKind;

typedef struct dim3 {
    uint32_t x, y, z;
} dim3;

typedef struct ihipStream_t *hipStream_t;
typedef struct ihipEvent_t *hipEvent_t;

typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void *userData);

typedef enum hipMemoryType {
    hipMemoryTypeHost = 0,
    hipMemoryTypeDevice = 1,
    hipMemoryTypeArray = 2,
    hipMemoryTypeUnified = 3,
} hipMemoryType;

typedef struct hipPointerAttribute_t {
    hipMemoryType memoryType;
    int device;
    void *devicePointer;
    void *hostPointer;
    int isManaged;
    unsigned allocationFlags;
} hipPointerAttribute_t;

typedef struct hipFuncAttributes {
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
} hipFuncAttributes;

typedef enum hipFuncAttribute {
    hipFuncAttributeMaxDynamicSharedMemorySize = 8,
    hipFuncAttributePreferredSharedMemoryCarveout = 9,
    hipFuncAttributeMax
} hipFuncAttribute;

typedef enum hipFuncCache_t {
    hipFuncCachePreferNone,
    hipFuncCachePreferShared,
    hipFuncCachePreferL1,
    hipFuncCachePreferEqual,
} hipFuncCache_t;

typedef enum hipSharedMemConfig {
    hipSharedMemBankSizeDefault,
    hipSharedMemBankSizeFourByte,
    hipSharedMemBankSizeEightByte,
} hipSharedMemConfig;

typedef enum hipDeviceP2PAttr {
    hipDevP2PAttrPerformanceRank = 0,
    hipDevP2PAttrAccessSupported,
    hipDevP2PAttrNativeAtomicSupported,
    hipDevP2PAttrHipArrayAccessSupported
} hipDeviceP2PAttr;

typedef enum hipMemoryAdvise {
    hipMemAdviseSetReadMostly = 1,
    hipMemAdviseUnsetReadMostly = 2,
    hipMemAdviseSetPreferredLocation = 3,
    hipMemAdviseUnsetPreferredLocation = 4,
    hipMemAdviseSetAccessedBy = 5,
    hipMemAdviseUnsetAccessedBy = 6,
} hipMemoryAdvise;

typedef enum hipStreamCaptureStatus {
    hipStreamCaptureStatusNone = 0,
    hipStreamCaptureStatusActive,
    hipStreamCaptureStatusInvalidated
} hipStreamCaptureStatus;

/* Flags (HIP's values, which are CUDA's). */
#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2
#define hipEventInterprocess 0x4
#define hipHostMallocDefault 0x0
#define hipHostMallocPortable 0x1
#define hipHostMallocMapped 0x2
#define hipHostMallocWriteCombined 0x4
#define hipHostRegisterDefault 0x0
#define hipHostRegisterPortable 0x1
#define hipHostRegisterMapped 0x2
#define hipHostRegisterIoMemory 0x4
#define hipMemAttachGlobal 0x01
#define hipMemAttachHost 0x02
#define hipMemAttachSingle 0x04
#define hipDeviceScheduleMask 0x7
#define hipDeviceMapHost 0x8
#define hipDeviceLmemResizeToMax 0x16
#define hipOccupancyDefault 0x00

typedef struct hipDeviceArch_t {
    unsigned bits; /* HIP's 32 feature bits (hasGlobalInt32Atomics ...); 0 on the host */
} hipDeviceArch_t;

typedef struct hipDeviceProp_t {
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
    hipDeviceArch_t arch;
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
} hipDeviceProp_t;

/* The version of HIP's ABI this runtime implements (ROCm 5.2's), in HIP_VERSION's encoding. */
#define CU2AMD_HIP_ABI_VERSION 50200000
hipError_t hipRuntimeGetVersion(int *runtimeVersion);
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char *hipGetErrorName(hipError_t err);
const char *hipGetErrorString(hipError_t err);
hipError_t hipGetDeviceCount(int *count);
hipError_t hipSetDevice(int device);
hipError_t hipGetDevice(int *device);
hipError_t hipGetDeviceProperties(hipDeviceProp_t *prop, int device);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipSetDeviceFlags(unsigned flags);
hipError_t hipGetDeviceFlags(unsigned int *flags);
hipError_t hipMemGetInfo(size_t *free, size_t *total);
hipError_t hipDeviceCanAccessPeer(int *canAccessPeer, int deviceId, int peerDeviceId);
hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags);
hipError_t hipDeviceDisablePeerAccess(int peerDeviceId);
hipError_t hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
hipError_t hipDeviceSetCacheConfig(hipFuncCache_t cacheConfig);
hipError_t hipDeviceGetCacheConfig(hipFuncCache_t *cacheConfig);
hipError_t hipDeviceSetSharedMemConfig(hipSharedMemConfig config);
hipError_t hipDeviceGetSharedMemConfig(hipSharedMemConfig *pConfig);
hipError_t hipDeviceGetP2PAttribute(int *value, hipDeviceP2PAttr attr, int srcDevice, int dstDevice);
hipError_t hipMalloc(void **ptr, size_t size);
hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipStream_t stream);
hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream);
hipError_t hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device, hipStream_t stream);
hipError_t hipMemAdvise(const void *dev_ptr, size_t count, hipMemoryAdvise advice, int device);
hipError_t hipStreamAttachMemAsync(hipStream_t stream, void *dev_ptr, size_t length, unsigned int flags);
hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus);
hipError_t hipFree(void *ptr);
hipError_t hipMemcpy(void *dst, const void *src, size_t size, hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void *dst, const void *src, size_t size, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemset(void *dst, int value, size_t size);
hipError_t hipMemsetAsync(void *dst, int value, size_t size, hipStream_t stream);
hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags);
hipError_t hipHostFree(void *ptr);
hipError_t hipHostRegister(void *hostPtr, size_t sizeBytes, unsigned int flags);
hipError_t hipHostUnregister(void *hostPtr);
hipError_t hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags);
hipError_t hipHostGetFlags(unsigned int *flagsPtr, void *hostPtr);
hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height);
hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                       hipMemcpyKind kind);
hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                            hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height);
hipError_t hipMemset2DAsync(void *dst, size_t pitch, int value, size_t width, size_t height, hipStream_t stream);
hipError_t hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId, size_t sizeBytes);
hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src, int srcDevice, size_t sizeBytes,
                              hipStream_t stream);
hipError_t hipMallocManaged(void **dev_ptr, size_t size, unsigned int flags);
hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr);
hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes, size_t offset,
                             hipMemcpyKind kind);
hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes, size_t offset, hipMemcpyKind kind);
hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t sizeBytes, size_t offset,
                                  hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t sizeBytes, size_t offset,
                                    hipMemcpyKind kind, hipStream_t stream);
hipError_t hipGetSymbolAddress(void **devPtr, const void *symbol);
hipError_t hipGetSymbolSize(size_t *size, const void *symbol);
hipError_t hipStreamCreate(hipStream_t *stream);
hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags);
hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned int flags, int priority);
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags);
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void *userData,
                                unsigned int flags);
hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int *flags);
hipError_t hipStreamGetPriority(hipStream_t stream, int *priority);
hipError_t hipEventCreate(hipEvent_t *event);
hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream);
hipError_t hipEventQuery(hipEvent_t event);
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop);
hipError_t hipEventDestroy(hipEvent_t event);
hipError_t hipLaunchKernel(const void *function, dim3 grid, dim3 block, void **args, size_t shmem,
                           hipStream_t stream);
hipError_t hipFuncGetAttributes(hipFuncAttributes *attr, const void *func);
hipError_t hipFuncSetAttribute(const void *func, hipFuncAttribute attr, int value);
hipError_t hipFuncSetCacheConfig(const void *func, hipFuncCache_t config);
hipError_t hipFuncSetSharedMemConfig(const void *func, hipSharedMemConfig config);
hipError_t hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, const void *f, int blockSize,
                                                                 size_t dynSharedMemPerBlk, unsigned int flags);
hipError_t __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shmem, hipStream_t stream);
hipError_t __hipPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem, hipStream_t *stream);
void **__hipRegisterFatBinary(const void *data);
void __hipRegisterFunction(void **modules, const void *host_function, char *device_function,
                           const char *device_name, unsigned int thread_limit, void *tid, void *bid,
                           dim3 *block_dim, dim3 *grid_dim, int *wave_size);
void __hipRegisterVar(void **modules, void *var, char *host_var, char *device_var, int ext, size_t size,
                      int constant, int global);
void __hipRegisterManagedVar(void *modules, void **pointer, void *init_value, const char *name, size_t size,
                             unsigned align);
/* The host platform's sticky error (a kernel's fault, trap, assert): 0 until one happens.
 * cuda_runtime_api.h and cuda.h reference it weakly (absent from ROCm's libamdhip64). */
int __cu2amd_host_sticky_error(void);
void __hipUnregisterFatBinary(void **modules);

/* ---- the driver-style module API (module.c), for cuda.h ---- */

typedef int hipDevice_t;
typedef void *hipDeviceptr_t;
typedef struct ihipCtx_t *hipCtx_t;
typedef struct ihipModule_t *hipModule_t;
typedef struct ihipModuleSymbol_t *hipFunction_t;

typedef enum hipFunction_attribute {
    HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
    HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
    HIP_FUNC_ATTRIBUTE_CONST_SIZE_BYTES,
    HIP_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES,
    HIP_FUNC_ATTRIBUTE_NUM_REGS,
    HIP_FUNC_ATTRIBUTE_PTX_VERSION,
    HIP_FUNC_ATTRIBUTE_BINARY_VERSION,
    HIP_FUNC_ATTRIBUTE_CACHE_MODE_CA,
    HIP_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
    HIP_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
    HIP_FUNC_ATTRIBUTE_MAX
} hipFunction_attribute;

typedef enum hipJitOption {
    hipJitOptionMaxRegisters = 0,
    hipJitOptionNumOptions = 17,
} hipJitOption;

#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)
#define HIP_LAUNCH_PARAM_END ((void *)0x03)

hipError_t hipInit(unsigned int flags);
hipError_t hipDeviceGet(hipDevice_t *device, int ordinal);
hipError_t hipDeviceGetName(char *name, int len, hipDevice_t device);
hipError_t hipDeviceTotalMem(size_t *bytes, hipDevice_t device);
hipError_t hipDeviceComputeCapability(int *major, int *minor, hipDevice_t device);
hipError_t hipCtxCreate(hipCtx_t *ctx, unsigned int flags, hipDevice_t device);
hipError_t hipCtxDestroy(hipCtx_t ctx);
hipError_t hipCtxGetCurrent(hipCtx_t *ctx);
hipError_t hipCtxSetCurrent(hipCtx_t ctx);
hipError_t hipCtxPushCurrent(hipCtx_t ctx);
hipError_t hipCtxPopCurrent(hipCtx_t *ctx);
hipError_t hipCtxGetDevice(hipDevice_t *device);
hipError_t hipCtxSynchronize(void);
typedef struct hipUUID_t {
    char bytes[16];
} hipUUID;
hipError_t hipCtxGetFlags(unsigned int *flags);
/* The context's cache and shared memory settings: HIP's hipFuncCache_t and
 * hipSharedMemConfig values, as int. */
hipError_t hipCtxGetCacheConfig(int *config);
hipError_t hipCtxSetCacheConfig(int config);
hipError_t hipCtxGetSharedMemConfig(int *config);
hipError_t hipCtxSetSharedMemConfig(int config);
hipError_t hipDeviceGetPCIBusId(char *pciBusId, int len, int device);
hipError_t hipDeviceGetByPCIBusId(int *device, const char *pciBusId);
hipError_t hipDeviceGetUuid(hipUUID *uuid, hipDevice_t device);
hipError_t hipProfilerStart(void);
hipError_t hipProfilerStop(void);
hipError_t hipMemAllocPitch(hipDeviceptr_t *dptr, size_t *pitch, size_t widthInBytes, size_t height,
                            unsigned int elementSizeBytes);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, hipFunction_t f, int blockSize,
                                                              size_t dynSharedMemPerBlk);
hipError_t hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, hipFunction_t f, int blockSize,
                                                                       size_t dynSharedMemPerBlk, unsigned int flags);
hipError_t hipModuleOccupancyMaxPotentialBlockSize(int *gridSize, int *blockSize, hipFunction_t f,
                                                   size_t dynSharedMemPerBlk, int blockSizeLimit);
hipError_t hipModuleOccupancyMaxPotentialBlockSizeWithFlags(int *gridSize, int *blockSize, hipFunction_t f,
                                                            size_t dynSharedMemPerBlk, int blockSizeLimit,
                                                            unsigned int flags);
hipError_t hipDevicePrimaryCtxRetain(hipCtx_t *ctx, hipDevice_t device);
hipError_t hipDevicePrimaryCtxRelease(hipDevice_t device);
hipError_t hipDevicePrimaryCtxGetState(hipDevice_t device, unsigned int *flags, int *active);
hipError_t hipDevicePrimaryCtxReset(hipDevice_t device);
hipError_t hipDevicePrimaryCtxSetFlags(hipDevice_t device, unsigned int flags);
hipError_t hipModuleLoad(hipModule_t *module, const char *fname);
hipError_t hipModuleLoadData(hipModule_t *module, const void *image);
hipError_t hipModuleLoadDataEx(hipModule_t *module, const void *image, unsigned int numOptions,
                               hipJitOption *options, void **optionValues);
hipError_t hipModuleUnload(hipModule_t module);
hipError_t hipModuleGetFunction(hipFunction_t *function, hipModule_t module, const char *name);
hipError_t hipModuleGetGlobal(hipDeviceptr_t *dptr, size_t *bytes, hipModule_t module, const char *name);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                 unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
                                 unsigned int blockDimZ, unsigned int sharedMemBytes, hipStream_t stream,
                                 void **kernelParams, void **extra);
hipError_t hipFuncGetAttribute(int *value, hipFunction_attribute attrib, hipFunction_t f);
hipError_t hipMemcpyHtoD(hipDeviceptr_t dst, void *src, size_t size);
hipError_t hipMemcpyDtoH(void *dst, hipDeviceptr_t src, size_t size);
hipError_t hipMemcpyDtoD(hipDeviceptr_t dst, hipDeviceptr_t src, size_t size);
hipError_t hipMemcpyHtoDAsync(hipDeviceptr_t dst, void *src, size_t size, hipStream_t stream);
hipError_t hipMemcpyDtoHAsync(void *dst, hipDeviceptr_t src, size_t size, hipStream_t stream);
hipError_t hipMemcpyDtoDAsync(hipDeviceptr_t dst, hipDeviceptr_t src, size_t size, hipStream_t stream);
hipError_t hipMemsetD8(hipDeviceptr_t dst, unsigned char value, size_t count);
hipError_t hipMemsetD16(hipDeviceptr_t dst, unsigned short value, size_t count);
hipError_t hipMemsetD32(hipDeviceptr_t dst, int value, size_t count);
hipError_t hipMemsetD8Async(hipDeviceptr_t dst, unsigned char value, size_t count, hipStream_t stream);
hipError_t hipMemsetD16Async(hipDeviceptr_t dst, unsigned short value, size_t count, hipStream_t stream);
hipError_t hipMemsetD32Async(hipDeviceptr_t dst, int value, size_t count, hipStream_t stream);

#include "cu2amd_hip_coop.h"
#include "cu2amd_hip_extra.h"
#include "cu2amd_hip_graph.h"
#include "cu2amd_hip_texture.h"
#include "cu2amd_hip_library.h"
#include "cu2amd_hip_interop.h"

#endif
