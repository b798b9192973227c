/* The CUDA driver API on HIP's driver-style C ABI (hipModuleLoadData, hipModuleLaunchKernel,
 * hipCtx*, ...), which ROCm's libamdhip64 and cu2amd's host platform runtime (module.c)
 * export: one host object links against either. CUDA's types, numbering and texts are
 * kept. A module given as PTX text is compiled at run time by cu2amd's PTX compiler for
 * the device's architecture and cached (cu2amd/ptx_jit.h); on the host platform the
 * runtime's hipModuleLoadData does that itself.
 *
 * As NVIDIA's, this header also serves C and C++ files compiled by the host compiler
 * (gcc, g++) and linked with -lcuda (the toolkit directory's libcuda: libamdhip64, or the
 * host platform runtime), not only CUDA files compiled by cu2amd-nvcc. */
#ifndef CU2AMD_CUDA_H
#define CU2AMD_CUDA_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__CUDA__) || defined(__HIP__)
#include "cuda_runtime_api.h"
#define CU2AMD_CU_HOST __host__
#else
#define CU2AMD_CU_HOST
#endif
#include "cu2amd/ptx_jit.h"
#include "cu2amd/error_log.h"

/* What cu2amd/driver_unsupported.h declares unsupported functions with: any arguments,
 * and an error naming the function at the call (GCC before 12 has no `unavailable`). */
#ifdef __cplusplus
#define CU2AMD_CU_ANY_ARGS ...
#else
#define CU2AMD_CU_ANY_ARGS
#endif
#if defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12)
#define CU2AMD_CU_UNAVAILABLE(message) __attribute__((unavailable(message)))
#else
#define CU2AMD_CU_UNAVAILABLE(message) __attribute__((error(message)))
#endif

#define CUDA_VERSION 12000
#define CUDA_CB
#define CU_LAUNCH_PARAM_END_AS_INT 0x00
#define CU_LAUNCH_PARAM_END ((void *)CU_LAUNCH_PARAM_END_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT 0x01
#define CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT)
#define CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT 0x02
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT)

/* CUDA's driver error codes: enumerator, value, cuGetErrorString's text. HIP returns the
 * same numbers for the codes it shares (hipErrorInvalidKernelFile is 218, ...). */
#define CU2AMD_CU_ERRORS(X)                                                                                            \
    X(CUDA_SUCCESS, 0, "no error")                                                                                     \
    X(CUDA_ERROR_INVALID_VALUE, 1, "invalid argument")                                                                 \
    X(CUDA_ERROR_OUT_OF_MEMORY, 2, "out of memory")                                                                    \
    X(CUDA_ERROR_NOT_INITIALIZED, 3, "initialization error")                                                           \
    X(CUDA_ERROR_DEINITIALIZED, 4, "driver shutting down")                                                             \
    X(CUDA_ERROR_NO_DEVICE, 100, "no CUDA-capable device is detected")                                                 \
    X(CUDA_ERROR_INVALID_DEVICE, 101, "invalid device ordinal")                                                        \
    X(CUDA_ERROR_INVALID_IMAGE, 200, "device kernel image is invalid")                                                 \
    X(CUDA_ERROR_INVALID_CONTEXT, 201, "invalid device context")                                                       \
    X(CUDA_ERROR_ALREADY_MAPPED, 208, "resource already mapped")                                                       \
    X(CUDA_ERROR_NO_BINARY_FOR_GPU, 209, "no kernel image is available for execution on the device")                  \
    X(CUDA_ERROR_NOT_MAPPED, 211, "resource not mapped")                                                               \
    X(CUDA_ERROR_NOT_MAPPED_AS_ARRAY, 212, "resource not mapped as array")                                             \
    X(CUDA_ERROR_NOT_MAPPED_AS_POINTER, 213, "resource not mapped as pointer")                                         \
    X(CUDA_ERROR_UNSUPPORTED_LIMIT, 215, "limit is not supported on this architecture")                              \
    X(CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY, 224, "the requested execution affinity is not supported")              \
    X(CUDA_ERROR_INVALID_PTX, 218, "a PTX JIT compilation failed")                                                     \
    X(CUDA_ERROR_JIT_COMPILER_NOT_FOUND, 221, "PTX JIT compiler library not found")                                    \
    X(CUDA_ERROR_INVALID_SOURCE, 300, "device kernel image is invalid")                                                \
    X(CUDA_ERROR_FILE_NOT_FOUND, 301, "file not found")                                                                \
    X(CUDA_ERROR_OPERATING_SYSTEM, 304, "OS call failed or operation not supported on this OS")                        \
    X(CUDA_ERROR_INVALID_HANDLE, 400, "invalid resource handle")                                                       \
    X(CUDA_ERROR_ILLEGAL_STATE, 401, "the operation cannot be performed in the present state")                         \
    X(CUDA_ERROR_NOT_FOUND, 500, "named symbol not found")                                                             \
    X(CUDA_ERROR_NOT_READY, 600, "device not ready")                                                                   \
    X(CUDA_ERROR_ILLEGAL_ADDRESS, 700, "an illegal memory access was encountered")                                     \
    X(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, 701, "too many resources requested for launch")                              \
    X(CUDA_ERROR_ASSERT, 710, "device-side assert triggered")                                                          \
    X(CUDA_ERROR_LAUNCH_FAILED, 719, "unspecified launch failure")                                                     \
    X(CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, 720, "too many blocks in cooperative launch")                         \
    X(CUDA_ERROR_NOT_SUPPORTED, 801, "operation not supported")                                                        \
    X(CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, 900, "operation not permitted when stream is capturing")                  \
    X(CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, 901, "operation failed due to a previous error during capture")           \
    X(CUDA_ERROR_STREAM_CAPTURE_MERGE, 902, "operation would result in a merge of separate capture sequences")         \
    X(CUDA_ERROR_STREAM_CAPTURE_UNMATCHED, 903, "capture was not ended in the same stream as it began")                \
    X(CUDA_ERROR_STREAM_CAPTURE_UNJOINED, 904, "capturing stream has unjoined work")                                   \
    X(CUDA_ERROR_STREAM_CAPTURE_ISOLATION, 905, "dependency created on uncaptured work in another stream")             \
    X(CUDA_ERROR_STREAM_CAPTURE_IMPLICIT, 906, "operation would make the legacy stream depend on a capturing blocking stream") \
    X(CUDA_ERROR_CAPTURED_EVENT, 907, "operation not permitted on an event last recorded in a capturing stream")       \
    X(CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD, 908, "attempt to terminate a thread-local capture sequence from another thread") \
    X(CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE, 910, "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update") \
    X(CUDA_ERROR_INVALID_CLUSTER_SIZE, 912, "a kernel launch error has occurred due to cluster misconfiguration") \
    X(CUDA_ERROR_UNKNOWN, 999, "unknown error")

typedef enum cudaError_enum {
#define CU2AMD_ENUMERATOR(name, value, text) name = value,
    CU2AMD_CU_ERRORS(CU2AMD_ENUMERATOR)
#undef CU2AMD_ENUMERATOR
} CUresult;

typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct ihipCtx_t *CUcontext;
typedef struct ihipModule_t *CUmodule;
typedef struct ihipModuleSymbol_t *CUfunction;
typedef struct ihipStream_t *CUstream;
typedef struct ihipEvent_t *CUevent;

/* The attributes cuDeviceGetAttribute answers (CUDA's numbering); others are
 * CUDA_ERROR_INVALID_VALUE. */
typedef enum CUdevice_attribute_enum {
    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
    CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
    CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3,
    CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4,
    CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
    CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
    CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7,
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
    CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY = 9,
    CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
    CU_DEVICE_ATTRIBUTE_MAX_PITCH = 11,
    CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK = 12,
    CU_DEVICE_ATTRIBUTE_CLOCK_RATE = 13,
    CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
    CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
    CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY = 19,
    CU_DEVICE_ATTRIBUTE_COMPUTE_MODE = 20,
    CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS = 31,
    CU_DEVICE_ATTRIBUTE_PCI_BUS_ID = 33,
    CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID = 34,
    CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE = 36,
    CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH = 37,
    CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE = 38,
    CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39,
    CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING = 41,
    CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID = 50,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR = 81,
    CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY = 83,
    CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD = 84,
    CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88,
    CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89,
    CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH = 95,
    CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
} CUdevice_attribute;

/* Same numbering as HIP's hipFunction_attribute. */
typedef enum CUfunction_attribute_enum {
    CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
    CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
    CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES = 2,
    CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES = 3,
    CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
    CU_FUNC_ATTRIBUTE_PTX_VERSION = 5,
    CU_FUNC_ATTRIBUTE_BINARY_VERSION = 6,
    CU_FUNC_ATTRIBUTE_CACHE_MODE_CA = 7,
    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
    CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = 9,
    CU_FUNC_ATTRIBUTE_MAX = 10,
} CUfunction_attribute;

/* Same numbering as HIP's hipJitOption. cuModuleLoadDataEx accepts them all and acts on
 * the log buffers only (cu2amd's compiler has no such tuning knobs). */
typedef enum CUjit_option_enum {
    CU_JIT_MAX_REGISTERS = 0,
    CU_JIT_THREADS_PER_BLOCK = 1,
    CU_JIT_WALL_TIME = 2,
    CU_JIT_INFO_LOG_BUFFER = 3,
    CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
    CU_JIT_ERROR_LOG_BUFFER = 5,
    CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
    CU_JIT_OPTIMIZATION_LEVEL = 7,
    CU_JIT_TARGET_FROM_CUCONTEXT = 8,
    CU_JIT_TARGET = 9,
    CU_JIT_FALLBACK_STRATEGY = 10,
    CU_JIT_GENERATE_DEBUG_INFO = 11,
    CU_JIT_LOG_VERBOSE = 12,
    CU_JIT_GENERATE_LINE_INFO = 13,
    CU_JIT_CACHE_MODE = 14,
} CUjit_option;

typedef enum CUjitInputType_enum {
    CU_JIT_INPUT_CUBIN = 0,
    CU_JIT_INPUT_PTX = 1,
    CU_JIT_INPUT_FATBINARY = 2,
    CU_JIT_INPUT_OBJECT = 3,
    CU_JIT_INPUT_LIBRARY = 4,
} CUjitInputType;

typedef struct __cu2amd_link_state *CUlinkState;

/* Libraries (CUDA 12's context-independent loading) are modules, their kernels functions:
 * one device, one context. */
typedef struct ihipModule_t *CUlibrary;
typedef struct ihipModuleSymbol_t *CUkernel;
typedef enum CUlibraryOption_enum {
    CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE = 0,
    CU_LIBRARY_BINARY_IS_PRESERVED = 1,
} CUlibraryOption;

/* CUDA's legacy default stream and per-thread stream handles: the first is HIP's null
 * stream (the only default stream there is), the second HIP's hipStreamPerThread. */
#define CU_STREAM_LEGACY ((CUstream)0x1)
#define CU_STREAM_PER_THREAD ((CUstream)0x2)

typedef void (*CUstreamCallback)(CUstream hStream, CUresult status, void *userData);
typedef void (*CUhostFn)(void *userData);

#define CU_MEMHOSTALLOC_PORTABLE 0x01
#define CU_MEMHOSTALLOC_DEVICEMAP 0x02
#define CU_MEMHOSTALLOC_WRITECOMBINED 0x04
#define CU_MEMHOSTREGISTER_PORTABLE 0x01
#define CU_MEMHOSTREGISTER_DEVICEMAP 0x02
#define CU_MEMHOSTREGISTER_IOMEMORY 0x04
#define CU_MEMHOSTREGISTER_READ_ONLY 0x08

/* The pointer attributes cuPointerGetAttribute answers (CUDA's numbering). */
typedef enum CUpointer_attribute_enum {
    CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
    CU_POINTER_ATTRIBUTE_DEVICE_POINTER = 3,
    CU_POINTER_ATTRIBUTE_HOST_POINTER = 4,
    CU_POINTER_ATTRIBUTE_IS_MANAGED = 8,
    CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9,
} CUpointer_attribute;

typedef enum CUmemAttach_flags_enum {
    CU_MEM_ATTACH_GLOBAL = 0x1,
    CU_MEM_ATTACH_HOST = 0x2,
    CU_MEM_ATTACH_SINGLE = 0x4,
} CUmemAttach_flags;

typedef enum CUctx_flags_enum {
    CU_CTX_SCHED_AUTO = 0x00,
    CU_CTX_SCHED_SPIN = 0x01,
    CU_CTX_SCHED_YIELD = 0x02,
    CU_CTX_SCHED_BLOCKING_SYNC = 0x04,
    CU_CTX_MAP_HOST = 0x08,
    CU_CTX_LMEM_RESIZE_TO_MAX = 0x10,
} CUctx_flags;

typedef enum CUstream_flags_enum {
    CU_STREAM_DEFAULT = 0x0,
    CU_STREAM_NON_BLOCKING = 0x1,
} CUstream_flags;

typedef enum CUfunc_cache_enum {
    CU_FUNC_CACHE_PREFER_NONE = 0x00,
    CU_FUNC_CACHE_PREFER_SHARED = 0x01,
    CU_FUNC_CACHE_PREFER_L1 = 0x02,
    CU_FUNC_CACHE_PREFER_EQUAL = 0x03,
} CUfunc_cache;

typedef enum CUsharedconfig_enum {
    CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE = 0x00,
    CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE = 0x01,
    CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE = 0x02,
} CUsharedconfig;

typedef enum CUmemorytype_enum {
    CU_MEMORYTYPE_HOST = 0x01,
    CU_MEMORYTYPE_DEVICE = 0x02,
    CU_MEMORYTYPE_ARRAY = 0x03,
    CU_MEMORYTYPE_UNIFIED = 0x04,
} CUmemorytype;

/* cuMemcpy2D's description of a copy (CUDA's layout). */
typedef struct CUDA_MEMCPY2D_st {
    size_t srcXInBytes;
    size_t srcY;
    CUmemorytype srcMemoryType;
    const void *srcHost;
    CUdeviceptr srcDevice;
    void *srcArray; /* a CUarray (cu2amd/driver_texture.h) */
    size_t srcPitch;
    size_t dstXInBytes;
    size_t dstY;
    CUmemorytype dstMemoryType;
    void *dstHost;
    CUdeviceptr dstDevice;
    void *dstArray;
    size_t dstPitch;
    size_t WidthInBytes;
    size_t Height;
} CUDA_MEMCPY2D;

typedef struct CUuuid_st {
    char bytes[16];
} CUuuid;

/* cuDeviceGetProperties' (deprecated) answer. */
typedef struct CUdevprop_st {
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int sharedMemPerBlock;
    int totalConstantMemory;
    int SIMDWidth;
    int memPitch;
    int regsPerBlock;
    int clockRate;
    int textureAlign;
} CUdevprop;

typedef size_t (*CUoccupancyB2DSize)(int blockSize);

typedef enum CUoccupancy_flags_enum {
    CU_OCCUPANCY_DEFAULT = 0x0,
    CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE = 0x1,
} CUoccupancy_flags;

typedef enum CUmoduleLoadingMode_enum {
    CU_MODULE_EAGER_LOADING = 0x1,
    CU_MODULE_LAZY_LOADING = 0x2,
} CUmoduleLoadingMode;

typedef enum CUfunctionLoadingState_enum {
    CU_FUNCTION_LOADING_STATE_UNLOADED = 0,
    CU_FUNCTION_LOADING_STATE_LOADED = 1,
    CU_FUNCTION_LOADING_STATE_MAX = 2,
} CUfunctionLoadingState;

typedef enum CUexecAffinityType_enum {
    CU_EXEC_AFFINITY_TYPE_SM_COUNT = 0,
    CU_EXEC_AFFINITY_TYPE_MAX = 1,
} CUexecAffinityType;

typedef enum CUevent_record_flags_enum {
    CU_EVENT_RECORD_DEFAULT = 0x0,
    CU_EVENT_RECORD_EXTERNAL = 0x1,
} CUevent_record_flags;

typedef enum CUevent_flags_enum {
    CU_EVENT_DEFAULT = 0x0,
    CU_EVENT_BLOCKING_SYNC = 0x1,
    CU_EVENT_DISABLE_TIMING = 0x2,
    CU_EVENT_INTERPROCESS = 0x4,
} CUevent_flags;

#ifdef __cplusplus
extern "C" {
#endif
/* HIP's driver-style C ABI, as libamdhip64 (ROCm 5.x) and the host platform (module.c)
 * export it; runtime_shim/host/cu2amd_hip.h declares the same with HIP's types. The
 * runtime functions used here are declared as cuda_runtime_api.h declares them. */
int hipInit(unsigned int flags);
int hipDeviceGet(int *device, int ordinal);
int hipDeviceGetName(char *name, int len, int device);
int hipDeviceTotalMem(size_t *bytes, int device);
int hipDeviceComputeCapability(int *major, int *minor, int device);
int hipGetDeviceCount(int *count);
int hipGetDevice(int *device);
int hipGetDeviceProperties(void *prop, int device);
int hipCtxCreate(CUcontext *ctx, unsigned int flags, int device);
int hipCtxDestroy(CUcontext ctx);
int hipCtxGetCurrent(CUcontext *ctx);
int hipCtxSetCurrent(CUcontext ctx);
int hipCtxPushCurrent(CUcontext ctx);
int hipCtxPopCurrent(CUcontext *ctx);
int hipCtxGetDevice(int *device);
int hipCtxSynchronize(void);
int hipCtxGetFlags(unsigned int *flags);
int hipCtxGetCacheConfig(int *config);
int hipCtxSetCacheConfig(int config);
int hipCtxGetSharedMemConfig(int *config);
int hipCtxSetSharedMemConfig(int config);
int hipDeviceGetPCIBusId(char *pciBusId, int len, int device);
int hipDeviceGetByPCIBusId(int *device, const char *pciBusId);
int hipDeviceGetUuid(CUuuid *uuid, int device);
int hipProfilerStart(void);
int hipProfilerStop(void);
int hipMemAllocPitch(void **dptr, size_t *pitch, size_t widthInBytes, size_t height, unsigned int elementSizeBytes);
int hipMemcpy(void *dst, const void *src, size_t size, int kind);
int hipMemcpyAsync(void *dst, const void *src, size_t size, int kind, CUstream stream);
int hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, CUfunction f, int blockSize,
                                                                size_t dynSharedMemPerBlk, unsigned int flags);
int hipModuleOccupancyMaxPotentialBlockSizeWithFlags(int *gridSize, int *blockSize, CUfunction f,
                                                     size_t dynSharedMemPerBlk, int blockSizeLimit,
                                                     unsigned int flags);
int hipDevicePrimaryCtxRetain(CUcontext *ctx, int device);
int hipDevicePrimaryCtxRelease(int device);
int hipDevicePrimaryCtxGetState(int device, unsigned int *flags, int *active);
int hipDevicePrimaryCtxReset(int device);
int hipDevicePrimaryCtxSetFlags(int device, unsigned int flags);
int hipModuleLoad(CUmodule *module, const char *fname);
int hipModuleLoadData(CUmodule *module, const void *image);
int hipModuleLoadDataEx(CUmodule *module, const void *image, unsigned int numOptions, int *options,
                        void **optionValues);
int hipModuleUnload(CUmodule module);
int hipModuleGetFunction(CUfunction *function, CUmodule module, const char *name);
int hipModuleGetGlobal(void **dptr, size_t *bytes, CUmodule module, const char *name);
int hipModuleLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                          unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                          unsigned int sharedMemBytes, CUstream stream, void **kernelParams, void **extra);
int hipFuncGetAttribute(int *value, int attrib, CUfunction f);
int hipMalloc(void **ptr, size_t size);
int hipFree(void *ptr);
int hipHostMalloc(void **ptr, size_t size, unsigned int flags);
int hipHostFree(void *ptr);
int hipMemGetInfo(size_t *free, size_t *total);
int hipMemcpyHtoD(void *dst, void *src, size_t size);
int hipMemcpyDtoH(void *dst, void *src, size_t size);
int hipMemcpyDtoD(void *dst, void *src, size_t size);
int hipMemcpyHtoDAsync(void *dst, void *src, size_t size, CUstream stream);
int hipMemcpyDtoHAsync(void *dst, void *src, size_t size, CUstream stream);
int hipMemcpyDtoDAsync(void *dst, void *src, size_t size, CUstream stream);
int hipMemsetD8(void *dst, unsigned char value, size_t count);
int hipMemsetD16(void *dst, unsigned short value, size_t count);
int hipMemsetD32(void *dst, int value, size_t count);
int hipMemsetD8Async(void *dst, unsigned char value, size_t count, CUstream stream);
int hipMemsetD16Async(void *dst, unsigned short value, size_t count, CUstream stream);
int hipMemsetD32Async(void *dst, int value, size_t count, CUstream stream);
int hipStreamCreateWithFlags(CUstream *stream, unsigned int flags);
int hipStreamDestroy(CUstream stream);
int hipStreamSynchronize(CUstream stream);
int hipStreamQuery(CUstream stream);
int hipEventCreateWithFlags(CUevent *event, unsigned flags);
int hipEventRecord(CUevent event, CUstream stream);
int hipEventSynchronize(CUevent event);
int hipEventElapsedTime(float *ms, CUevent start, CUevent stop);
int hipEventDestroy(CUevent event);
int hipEventQuery(CUevent event);
int hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags);
int hipHostGetFlags(unsigned int *flagsPtr, void *hostPtr);
int hipHostRegister(void *hostPtr, size_t sizeBytes, unsigned int flags);
int hipHostUnregister(void *hostPtr);
int hipMallocManaged(void **dev_ptr, size_t size, unsigned int flags);
int hipPointerGetAttributes(void *attributes, const void *ptr);
int hipStreamCreateWithPriority(CUstream *stream, unsigned int flags, int priority);
int hipStreamGetFlags(CUstream stream, unsigned int *flags);
int hipStreamGetPriority(CUstream stream, int *priority);
int hipStreamWaitEvent(CUstream stream, CUevent event, unsigned int flags);
int hipStreamAddCallback(CUstream stream, void (*callback)(CUstream, int, void *), void *userData,
                         unsigned int flags);
int hipDeviceGetStreamPriorityRange(int *leastPriority, int *greatestPriority);
int hipDeviceCanAccessPeer(int *canAccessPeer, int deviceId, int peerDeviceId);
int hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId, size_t sizeBytes);
int hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src, int srcDevice, size_t sizeBytes, CUstream stream);
#ifdef __cplusplus
}
#endif

/* hipDeviceProp_t of ROCm 5.2 up to the fields read here (padded: the runtime writes all
 * of its own). The layout is runtime_shim/host/cu2amd_hip.h's, checked against ROCm's. */
typedef struct __cu2amd_cu_device_prop {
    char name[256];
    size_t totalGlobalMem, sharedMemPerBlock;
    int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3], clockRate, memoryClockRate,
        memoryBusWidth;
    size_t totalConstMem;
    int major, minor, multiProcessorCount, l2CacheSize, maxThreadsPerMultiProcessor, computeMode,
        clockInstructionRate;
    unsigned arch;
    int concurrentKernels, pciDomainID, pciBusID, pciDeviceID;
    size_t maxSharedMemoryPerMultiProcessor;
    int isMultiGpuBoard, canMapHostMemory, gcnArch;
    char gcnArchName[256];
    int integrated, cooperativeLaunch, cooperativeMultiDeviceLaunch, maxTexture1DLinear, maxTexture1D,
        maxTexture2D[2], maxTexture3D[3];
    unsigned int *hdpMemFlushCntl, *hdpRegFlushCntl;
    size_t memPitch, textureAlignment, texturePitchAlignment;
    int kernelExecTimeoutEnabled, ECCEnabled, tccDriver, cooperativeMultiDeviceUnmatchedFunc,
        cooperativeMultiDeviceUnmatchedGridDim, cooperativeMultiDeviceUnmatchedBlockDim,
        cooperativeMultiDeviceUnmatchedSharedMem, isLargeBar, asicRevision, managedMemory,
        directManagedMemAccessFromHost, concurrentManagedAccess, pageableMemoryAccess,
        pageableMemoryAccessUsesHostPageTables;
    char rest[1024];
} __cu2amd_cu_device_prop;

#define CU2AMD_API static CU2AMD_CU_HOST __inline__
/* Each error a driver function gets from HIP is recorded in the error log (cuLogs*). */
#define CU2AMD_CU(call) __cu2amd_cu_result((CUresult)(call), __func__)

CU2AMD_API CUstream __cu2amd_cu_stream(CUstream stream) { return stream == CU_STREAM_LEGACY ? (CUstream)0 : stream; }

CU2AMD_API CUresult cuGetErrorName(CUresult error, const char **pStr) {
    if (!pStr) return CUDA_ERROR_INVALID_VALUE;
    switch (error) {
#define CU2AMD_NAME(name, value, text)                                                                                 \
    case name: *pStr = #name; return CUDA_SUCCESS;
        CU2AMD_CU_ERRORS(CU2AMD_NAME)
#undef CU2AMD_NAME
    }
    *pStr = NULL;
    return CUDA_ERROR_INVALID_VALUE;
}
CU2AMD_API CUresult cuGetErrorString(CUresult error, const char **pStr) {
    if (!pStr) return CUDA_ERROR_INVALID_VALUE;
    switch (error) {
#define CU2AMD_TEXT(name, value, text)                                                                                 \
    case name: *pStr = text; return CUDA_SUCCESS;
        CU2AMD_CU_ERRORS(CU2AMD_TEXT)
#undef CU2AMD_TEXT
    }
    *pStr = NULL;
    return CUDA_ERROR_INVALID_VALUE;
}
/* The host platform's sticky error (cuda_runtime_api.h says more): CUDA's driver API codes
 * for a kernel's fault, trap and assert have HIP's values. */
#ifdef __cplusplus
extern "C" __attribute__((weak)) int __cu2amd_host_sticky_error(void);
#else
__attribute__((weak)) int __cu2amd_host_sticky_error(void);
#endif
CU2AMD_API CUresult __cu2amd_cu_result(CUresult error, const char *function) {
    const char *name = NULL, *text = NULL;
    if (__cu2amd_host_sticky_error && __cu2amd_host_sticky_error()) error = (CUresult)__cu2amd_host_sticky_error();
    if (error != CUDA_SUCCESS && error != CUDA_ERROR_NOT_READY) {
        cuGetErrorName(error, &name);
        cuGetErrorString(error, &text);
        __cu2amd_log_result(function, (int)error, name, text);
    }
    return error;
}

/* ------------------------------------------------------------------ devices */

CU2AMD_API CUresult cuInit(unsigned int Flags) { return CU2AMD_CU(hipInit(Flags)); }
/* The CUDA driver API version these declarations follow (not HIP's version). */
CU2AMD_API CUresult cuDriverGetVersion(int *driverVersion) {
    if (!driverVersion) return CUDA_ERROR_INVALID_VALUE;
    *driverVersion = CUDA_VERSION;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuDeviceGet(CUdevice *device, int ordinal) { return CU2AMD_CU(hipDeviceGet(device, ordinal)); }
CU2AMD_API CUresult cuDeviceGetCount(int *count) { return CU2AMD_CU(hipGetDeviceCount(count)); }
CU2AMD_API CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
    return CU2AMD_CU(hipDeviceGetName(name, len, dev));
}
CU2AMD_API CUresult cuDeviceTotalMem(size_t *bytes, CUdevice dev) { return CU2AMD_CU(hipDeviceTotalMem(bytes, dev)); }

/* The compute capability CUDA code sees: the newest -arch the program was compiled for
 * (as cudaGetDeviceProperties), 8.0 when none was given. */
CU2AMD_API void __cu2amd_cu_compute_capability(int *major, int *minor) {
#ifdef __CUDA_ARCH_LIST__
    static const int archs[] = {__CUDA_ARCH_LIST__};
    int arch = archs[sizeof archs / sizeof archs[0] - 1];
#else
    int arch = 800;
#endif
    *major = arch / 100, *minor = arch % 100 / 10;
}
CU2AMD_API CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev) {
    int ma, mi;
    CUresult err = CU2AMD_CU(hipDeviceComputeCapability(&ma, &mi, dev)); /* validates dev */
    if (err != CUDA_SUCCESS) return err;
    if (!major || !minor) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_cu_compute_capability(major, minor);
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuDeviceGetPCIBusId(char *pciBusId, int len, CUdevice dev) {
    return CU2AMD_CU(hipDeviceGetPCIBusId(pciBusId, len, dev));
}
CU2AMD_API CUresult cuDeviceGetByPCIBusId(CUdevice *dev, const char *pciBusId) {
    return CU2AMD_CU(hipDeviceGetByPCIBusId(dev, pciBusId));
}
CU2AMD_API CUresult cuDeviceGetUuid(CUuuid *uuid, CUdevice dev) { return CU2AMD_CU(hipDeviceGetUuid(uuid, dev)); }
CU2AMD_API CUresult cuDeviceGetUuid_v2(CUuuid *uuid, CUdevice dev) { return cuDeviceGetUuid(uuid, dev); }
/* No execution affinity (SM partitions) on AMD GPUs or the host platform. */
CU2AMD_API CUresult cuDeviceGetExecAffinitySupport(int *pi, CUexecAffinityType type, CUdevice dev) {
    int count = 0;
    CUresult err = cuDeviceGetCount(&count);
    if (err != CUDA_SUCCESS) return err;
    if (dev < 0 || dev >= count) return CUDA_ERROR_INVALID_DEVICE;
    if (!pi || (unsigned)type >= CU_EXEC_AFFINITY_TYPE_MAX) return CUDA_ERROR_INVALID_VALUE;
    *pi = 0;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuDeviceCanAccessPeer(int *canAccessPeer, CUdevice dev, CUdevice peerDev) {
    return CU2AMD_CU(hipDeviceCanAccessPeer(canAccessPeer, dev, peerDev));
}
CU2AMD_API CUresult cuDeviceGetAttribute(int *pi, CUdevice_attribute attrib, CUdevice dev) {
    if (!pi) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_cu_device_prop p;
    CUresult err = CU2AMD_CU(hipGetDeviceProperties(&p, dev));
    if (err != CUDA_SUCCESS) return err;
    int major, minor;
    __cu2amd_cu_compute_capability(&major, &minor);
    switch (attrib) {
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *pi = p.maxThreadsPerBlock; break;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X: *pi = p.maxThreadsDim[0]; break;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y: *pi = p.maxThreadsDim[1]; break;
    case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z: *pi = p.maxThreadsDim[2]; break;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X: *pi = p.maxGridSize[0]; break;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y: *pi = p.maxGridSize[1]; break;
    case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z: *pi = p.maxGridSize[2]; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: *pi = (int)p.sharedMemPerBlock; break;
    case CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY: *pi = (int)p.totalConstMem; break;
    case CU_DEVICE_ATTRIBUTE_WARP_SIZE: *pi = 32; break; /* cu2amd gives kernels warp-32 semantics */
    case CU_DEVICE_ATTRIBUTE_MAX_PITCH: *pi = p.memPitch > 0x7fffffff ? 0x7fffffff : (int)p.memPitch; break;
    case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK: *pi = p.regsPerBlock; break;
    case CU_DEVICE_ATTRIBUTE_CLOCK_RATE: *pi = p.clockRate; break;
    case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *pi = p.multiProcessorCount; break;
    case CU_DEVICE_ATTRIBUTE_INTEGRATED: *pi = p.integrated; break;
    case CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY: *pi = p.canMapHostMemory; break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_MODE: *pi = p.computeMode; break;
    case CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS: *pi = p.concurrentKernels; break;
    case CU_DEVICE_ATTRIBUTE_PCI_BUS_ID: *pi = p.pciBusID; break;
    case CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID: *pi = p.pciDeviceID; break;
    case CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE: *pi = p.memoryClockRate; break;
    case CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH: *pi = p.memoryBusWidth; break;
    case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE: *pi = p.l2CacheSize; break;
    case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR: *pi = p.maxThreadsPerMultiProcessor; break;
    case CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING: *pi = 1; break;
    case CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID: *pi = p.pciDomainID; break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *pi = major; break;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *pi = minor; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR: *pi = (int)p.maxSharedMemoryPerMultiProcessor; break;
    case CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY: *pi = p.managedMemory; break;
    case CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD: *pi = p.isMultiGpuBoard; break;
    case CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS: *pi = p.pageableMemoryAccess; break;
    case CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS: *pi = p.concurrentManagedAccess; break;
    case CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH: *pi = p.cooperativeLaunch; break;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: *pi = (int)p.sharedMemPerBlock; break;
    default: return CUDA_ERROR_INVALID_VALUE;
    }
    return CUDA_SUCCESS;
}

CU2AMD_API CUresult cuDeviceGetProperties(CUdevprop *prop, CUdevice dev) {
    if (!prop) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_cu_device_prop p;
    CUresult err = CU2AMD_CU(hipGetDeviceProperties(&p, dev));
    if (err != CUDA_SUCCESS) return err;
    prop->maxThreadsPerBlock = p.maxThreadsPerBlock;
    for (int i = 0; i < 3; i++) prop->maxThreadsDim[i] = p.maxThreadsDim[i], prop->maxGridSize[i] = p.maxGridSize[i];
    prop->sharedMemPerBlock = (int)p.sharedMemPerBlock;
    prop->totalConstantMemory = (int)p.totalConstMem;
    prop->SIMDWidth = 32; /* CUDA's warp: cu2amd gives kernels warp-32 semantics */
    prop->memPitch = p.memPitch > 0x7fffffff ? 0x7fffffff : (int)p.memPitch;
    prop->regsPerBlock = p.regsPerBlock;
    prop->clockRate = p.clockRate;
    prop->textureAlign = (int)p.textureAlignment;
    return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------ contexts */

CU2AMD_API CUresult cuCtxCreate(CUcontext *pctx, unsigned int flags, CUdevice dev) {
    return CU2AMD_CU(hipCtxCreate(pctx, flags, dev));
}
#include "cu2amd/stream_attributes.h" /* a destroyed stream's or context's id is forgotten */
CU2AMD_API CUresult cuCtxDestroy(CUcontext ctx) {
    CUresult err = CU2AMD_CU(hipCtxDestroy(ctx));
    if (err == CUDA_SUCCESS) __cu2amd_stream_forget((struct ihipStream_t *)(void *)ctx);
    return err;
}
CU2AMD_API CUresult cuCtxGetCurrent(CUcontext *pctx) { return CU2AMD_CU(hipCtxGetCurrent(pctx)); }
CU2AMD_API CUresult cuCtxSetCurrent(CUcontext ctx) { return CU2AMD_CU(hipCtxSetCurrent(ctx)); }
CU2AMD_API CUresult cuCtxPushCurrent(CUcontext ctx) { return CU2AMD_CU(hipCtxPushCurrent(ctx)); }
CU2AMD_API CUresult cuCtxPopCurrent(CUcontext *pctx) { return CU2AMD_CU(hipCtxPopCurrent(pctx)); }
CU2AMD_API CUresult cuCtxGetDevice(CUdevice *device) { return CU2AMD_CU(hipCtxGetDevice(device)); }
CU2AMD_API CUresult cuCtxSynchronize(void) { return CU2AMD_CU(hipCtxSynchronize()); }
CU2AMD_API CUresult cuCtxGetFlags(unsigned int *flags) { return CU2AMD_CU(hipCtxGetFlags(flags)); }
CU2AMD_API CUresult cuCtxGetCacheConfig(CUfunc_cache *pconfig) {
    return CU2AMD_CU(hipCtxGetCacheConfig((int *)pconfig));
}
CU2AMD_API CUresult cuCtxSetCacheConfig(CUfunc_cache config) { return CU2AMD_CU(hipCtxSetCacheConfig(config)); }
CU2AMD_API CUresult cuCtxGetSharedMemConfig(CUsharedconfig *pConfig) {
    return CU2AMD_CU(hipCtxGetSharedMemConfig((int *)pConfig));
}
CU2AMD_API CUresult cuCtxSetSharedMemConfig(CUsharedconfig config) {
    return CU2AMD_CU(hipCtxSetSharedMemConfig(config));
}
CU2AMD_API CUresult cuCtxGetStreamPriorityRange(int *leastPriority, int *greatestPriority) {
    return CU2AMD_CU(hipDeviceGetStreamPriorityRange(leastPriority, greatestPriority));
}
CU2AMD_API CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
    return CU2AMD_CU(hipDevicePrimaryCtxRetain(pctx, dev));
}
CU2AMD_API CUresult cuDevicePrimaryCtxRelease(CUdevice dev) { return CU2AMD_CU(hipDevicePrimaryCtxRelease(dev)); }
CU2AMD_API CUresult cuDevicePrimaryCtxGetState(CUdevice dev, unsigned int *flags, int *active) {
    return CU2AMD_CU(hipDevicePrimaryCtxGetState(dev, flags, active));
}
CU2AMD_API CUresult cuDevicePrimaryCtxReset(CUdevice dev) { return CU2AMD_CU(hipDevicePrimaryCtxReset(dev)); }
CU2AMD_API CUresult cuDevicePrimaryCtxSetFlags(CUdevice dev, unsigned int flags) {
    return CU2AMD_CU(hipDevicePrimaryCtxSetFlags(dev, flags));
}

/* ------------------------------------------------------------------ modules */

/* The current device's architecture, as the JIT names targets ("gfx942:sramecc+:xnack-",
 * or "host" on the host platform). */
CU2AMD_API CUresult __cu2amd_cu_arch(char *arch, size_t len) {
    int dev = 0;
    CUresult err = CU2AMD_CU(hipGetDevice(&dev));
    if (err != CUDA_SUCCESS) return err;
    __cu2amd_cu_device_prop p;
    err = CU2AMD_CU(hipGetDeviceProperties(&p, dev));
    if (err != CUDA_SUCCESS) return err;
    snprintf(arch, len, "%.*s", (int)sizeof p.gcnArchName, p.gcnArchName);
    return CUDA_SUCCESS;
}

/* A cuModuleLoadDataEx error log: where the compiler's diagnostic went. */
CU2AMD_API void __cu2amd_cu_error_log(unsigned int n, CUjit_option *options, void **values, const char *text) {
    char *buffer = NULL;
    size_t size = 0;
    for (unsigned int i = 0; options && values && i < n; i++) {
        if (options[i] == CU_JIT_ERROR_LOG_BUFFER) buffer = (char *)values[i];
        if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES) size = (size_t)(uintptr_t)values[i];
    }
    if (buffer && size) snprintf(buffer, size, "%s", text);
}

/* A module from `image`: PTX text is compiled for the device here unless the device is
 * the host platform, whose runtime compiles PTX itself (it also needs the kernels'
 * parameter layouts that the compiler writes). */
CU2AMD_API CUresult __cu2amd_cu_load(CUmodule *module, const void *image, size_t size, const char *name,
                                     unsigned int n, CUjit_option *options, void **values) {
    if (!module || !image) return CUDA_ERROR_INVALID_VALUE;
    char arch[300];
    CUresult err = CU2AMD_CU(__cu2amd_cu_arch(arch, sizeof arch));
    if (err != CUDA_SUCCESS) return err;
    if (!__cu2amd_jit_is_ptx(image) || strcmp(arch, "host") == 0) {
        err = CU2AMD_CU(hipModuleLoadDataEx(module, image, n, (int *)options, values));
    } else {
        char path[CU2AMD_JIT_PATH_MAX];
        int status = __cu2amd_jit_compile((const char *)image, size, arch, name, path, sizeof path, NULL, 0);
        char *code = status == CU2AMD_JIT_OK ? __cu2amd_jit_read(path, NULL) : NULL;
        err = code                                ? CU2AMD_CU(hipModuleLoadData(module, code))
              : status == CU2AMD_JIT_INVALID_PTX ? CUDA_ERROR_INVALID_PTX
              : status == CU2AMD_JIT_OK          ? CUDA_ERROR_FILE_NOT_FOUND
                                                 : CUDA_ERROR_JIT_COMPILER_NOT_FOUND;
        free(code);
    }
    if (err == CUDA_ERROR_INVALID_PTX || err == CUDA_ERROR_JIT_COMPILER_NOT_FOUND)
        __cu2amd_cu_error_log(n, options, values, "cu2amd PTX JIT failed: its diagnostic is on stderr");
    return err;
}
CU2AMD_API CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int numOptions,
                                       CUjit_option *options, void **optionValues) {
    size_t size = image && __cu2amd_jit_is_ptx(image) ? strlen((const char *)image) : 0;
    return __cu2amd_cu_load(module, image, size, "cuModuleLoadData", numOptions, options, optionValues);
}
CU2AMD_API CUresult cuModuleLoadData(CUmodule *module, const void *image) {
    return cuModuleLoadDataEx(module, image, 0, NULL, NULL);
}
/* cu2amd's fat binaries are clang offload bundles (cu2amd ptx -o X.hipfb, cu2amd-nvcc's);
 * NVIDIA's fatbin format is not read. */
CU2AMD_API CUresult cuModuleLoadFatBinary(CUmodule *module, const void *fatCubin) {
    return cuModuleLoadDataEx(module, fatCubin, 0, NULL, NULL);
}
CU2AMD_API CUresult cuModuleLoad(CUmodule *module, const char *fname) {
    if (!module || !fname) return CUDA_ERROR_INVALID_VALUE;
    size_t size = 0;
    char *text = __cu2amd_jit_read(fname, &size);
    if (!text) return CUDA_ERROR_FILE_NOT_FOUND;
    char arch[300];
    CUresult err = CU2AMD_CU(__cu2amd_cu_arch(arch, sizeof arch));
    if (err == CUDA_SUCCESS && __cu2amd_jit_is_ptx(text) && strcmp(arch, "host") != 0)
        err = __cu2amd_cu_load(module, text, size, fname, 0, NULL, NULL);
    else if (err == CUDA_SUCCESS)
        err = CU2AMD_CU(hipModuleLoad(module, fname));
    free(text);
    return err;
}
CU2AMD_API CUresult cuModuleUnload(CUmodule hmod) { return CU2AMD_CU(hipModuleUnload(hmod)); }
CU2AMD_API CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod, const char *name) {
    return CU2AMD_CU(hipModuleGetFunction(hfunc, hmod, name));
}
CU2AMD_API CUresult cuModuleGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUmodule hmod, const char *name) {
    void *p = NULL;
    size_t n = 0;
    CUresult err = CU2AMD_CU(hipModuleGetGlobal(&p, &n, hmod, name));
    if (err == CUDA_SUCCESS && dptr) *dptr = (CUdeviceptr)(uintptr_t)p;
    if (err == CUDA_SUCCESS && bytes) *bytes = n;
    return err;
}

/* Modules load eagerly, functions with them. */
CU2AMD_API CUresult cuModuleGetLoadingMode(CUmoduleLoadingMode *mode) {
    if (!mode) return CUDA_ERROR_INVALID_VALUE;
    *mode = CU_MODULE_EAGER_LOADING;
    return CUDA_SUCCESS;
}

/* Libraries (cuLibrary*, cuKernel*): cu2amd/driver_library.h. */

/* ------------------------------------------------------------------ linking */

/* cuLink*: cu2amd's PTX compiler takes one module, so a link has one input (PTX, or a
 * code object or offload bundle) and its "cubin" is that input, which cuModuleLoadData
 * then compiles (or loads). A second input is CUDA_ERROR_NOT_SUPPORTED, said on stderr. */
struct __cu2amd_link_state {
    char *data;
    size_t size;
};
CU2AMD_API CUresult cuLinkCreate(unsigned int numOptions, CUjit_option *options, void **optionValues,
                                 CUlinkState *stateOut) {
    (void)numOptions, (void)options, (void)optionValues;
    if (!stateOut) return CUDA_ERROR_INVALID_VALUE;
    *stateOut = (CUlinkState)calloc(1, sizeof(struct __cu2amd_link_state));
    return *stateOut ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
CU2AMD_API CUresult cuLinkAddData(CUlinkState state, CUjitInputType type, void *data, size_t size, const char *name,
                                  unsigned int numOptions, CUjit_option *options, void **optionValues) {
    (void)numOptions, (void)options, (void)optionValues;
    if (!state || !data) return CUDA_ERROR_INVALID_VALUE;
    if (type == CU_JIT_INPUT_OBJECT || type == CU_JIT_INPUT_LIBRARY || state->data) {
        fprintf(stderr, "cu2amd: cuLinkAddData: %s: %s\n", name ? name : "<input>",
                state->data ? "a link of more than one input is not supported (cu2amd compiles one PTX module)"
                            : "object and library inputs are not supported (only PTX, code objects, bundles)");
        return CUDA_ERROR_NOT_SUPPORTED;
    }
    if (type == CU_JIT_INPUT_PTX && size && ((const char *)data)[size - 1] == 0) size--; /* its NUL */
    state->data = (char *)malloc(size + 1);
    if (!state->data) return CUDA_ERROR_OUT_OF_MEMORY;
    memcpy(state->data, data, size);
    state->data[size] = 0; /* PTX text as cuModuleLoadData wants it */
    state->size = size + (type == CU_JIT_INPUT_PTX);
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuLinkAddFile(CUlinkState state, CUjitInputType type, const char *path, unsigned int numOptions,
                                  CUjit_option *options, void **optionValues) {
    if (!state || !path) return CUDA_ERROR_INVALID_VALUE;
    size_t size = 0;
    char *data = __cu2amd_jit_read(path, &size);
    if (!data) return CUDA_ERROR_FILE_NOT_FOUND;
    CUresult err = cuLinkAddData(state, type, data, size, path, numOptions, options, optionValues);
    free(data);
    return err;
}
CU2AMD_API CUresult cuLinkComplete(CUlinkState state, void **cubinOut, size_t *sizeOut) {
    if (!state || !cubinOut || !sizeOut) return CUDA_ERROR_INVALID_VALUE;
    if (!state->data) return CUDA_ERROR_INVALID_VALUE; /* nothing added */
    *cubinOut = state->data;
    *sizeOut = state->size;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuLinkDestroy(CUlinkState state) {
    if (!state) return CUDA_ERROR_INVALID_HANDLE;
    free(state->data);
    free(state);
    return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------ execution */

CU2AMD_API CUresult cuFuncGetAttribute(int *pi, CUfunction_attribute attrib, CUfunction hfunc) {
    return CU2AMD_CU(hipFuncGetAttribute(pi, attrib, hfunc));
}
/* A kernel's cache and bank preferences: checked, without effect (as on AMD GPUs). */
CU2AMD_API CUresult cuFuncSetCacheConfig(CUfunction hfunc, CUfunc_cache config) {
    int threads;
    CUresult err = cuFuncGetAttribute(&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, hfunc);
    return err != CUDA_SUCCESS ? err : (unsigned)config > CU_FUNC_CACHE_PREFER_EQUAL ? CUDA_ERROR_INVALID_VALUE
                                                                                    : CUDA_SUCCESS;
}
CU2AMD_API CUresult cuFuncSetSharedMemConfig(CUfunction hfunc, CUsharedconfig config) {
    int threads;
    CUresult err = cuFuncGetAttribute(&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, hfunc);
    return err != CUDA_SUCCESS                                       ? err
           : (unsigned)config > CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE ? CUDA_ERROR_INVALID_VALUE
                                                                        : CUDA_SUCCESS;
}

CU2AMD_API CUresult cuFuncIsLoaded(CUfunctionLoadingState *state, CUfunction function) {
    int threads;
    if (!state) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = cuFuncGetAttribute(&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function);
    if (err == CUDA_SUCCESS) *state = CU_FUNCTION_LOADING_STATE_LOADED;
    return err;
}
CU2AMD_API CUresult cuFuncLoad(CUfunction function) {
    int threads;
    return cuFuncGetAttribute(&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function);
}

/* cuLaunchHostFunc as a stream callback (ROCm 5.2 has no hipLaunchHostFunc). */
typedef struct __cu2amd_cu_host_call {
    CUhostFn fn;
    void *data;
} __cu2amd_cu_host_call;
CU2AMD_API void __cu2amd_cu_host_call_run(CUstream stream, int status, void *closure) {
    __cu2amd_cu_host_call call = *(__cu2amd_cu_host_call *)closure;
    (void)stream, (void)status;
    free(closure);
    call.fn(call.data);
}
CU2AMD_API CUresult cuLaunchHostFunc(CUstream hStream, CUhostFn fn, void *userData) {
    if (!fn) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_cu_host_call *closure = (__cu2amd_cu_host_call *)malloc(sizeof *closure);
    if (!closure) return CUDA_ERROR_OUT_OF_MEMORY;
    closure->fn = fn, closure->data = userData;
    CUresult err = CU2AMD_CU(hipStreamAddCallback(__cu2amd_cu_stream(hStream), __cu2amd_cu_host_call_run, closure, 0));
    if (err != CUDA_SUCCESS) free(closure);
    return err;
}

/* HIP marks the `extra` array with other values (END is 3, not 0): translated. */
CU2AMD_API CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX, unsigned int gridDimY, unsigned int gridDimZ,
                                   unsigned int blockDimX, unsigned int blockDimY, unsigned int blockDimZ,
                                   unsigned int sharedMemBytes, CUstream hStream, void **kernelParams,
                                   void **extra) {
    void *hip_extra[16];
    if (extra) {
        unsigned int i = 0;
        for (;; i += 2) {
            if (i + 2 >= sizeof hip_extra / sizeof hip_extra[0]) return CUDA_ERROR_INVALID_VALUE;
            if (extra[i] == CU_LAUNCH_PARAM_END) break;
            if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER) hip_extra[i] = (void *)0x01;
            else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE) hip_extra[i] = (void *)0x02;
            else return CUDA_ERROR_INVALID_VALUE;
            hip_extra[i + 1] = extra[i + 1];
        }
        hip_extra[i] = (void *)0x03;
    }
    return CU2AMD_CU(hipModuleLaunchKernel(f, gridDimX, gridDimY, gridDimZ, blockDimX, blockDimY, blockDimZ,
                                           sharedMemBytes, __cu2amd_cu_stream(hStream), kernelParams, extra ? hip_extra : NULL));
}

CU2AMD_API CUresult cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(int *numBlocks, CUfunction func,
                                                                         int blockSize, size_t dynamicSMemSize,
                                                                         unsigned int flags) {
    return CU2AMD_CU(
        hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize, flags));
}
CU2AMD_API CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *numBlocks, CUfunction func, int blockSize,
                                                                size_t dynamicSMemSize) {
    return cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(numBlocks, func, blockSize, dynamicSMemSize, 0);
}
/* The dynamic shared memory each of numBlocks blocks of blockSize threads can have on one
 * multiprocessor: its shared memory shared out, less the kernel's static shared memory, at
 * most a block's limit; 0 when that many blocks cannot be resident. */
CU2AMD_API CUresult cuOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, CUfunction func, int numBlocks,
                                                            int blockSize) {
    if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0) return CUDA_ERROR_INVALID_VALUE;
    int dev = 0, per_sm = 0, per_block = 0, threads = 0, static_shared = 0, max_dynamic = 0;
    CUresult err = CU2AMD_CU(hipGetDevice(&dev));
    if (err == CUDA_SUCCESS)
        err = cuDeviceGetAttribute(&per_sm, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, dev);
    if (err == CUDA_SUCCESS)
        err = cuDeviceGetAttribute(&threads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, dev);
    if (err == CUDA_SUCCESS) err = cuFuncGetAttribute(&static_shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, func);
    if (err == CUDA_SUCCESS)
        err = cuFuncGetAttribute(&max_dynamic, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, func);
    if (err == CUDA_SUCCESS) err = cuFuncGetAttribute(&per_block, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, func);
    if (err != CUDA_SUCCESS) return err;
    long share = per_sm / numBlocks - static_shared;
    int warps = (blockSize + 31) / 32;
    if (blockSize > per_block || (long)numBlocks * warps * 32 > threads || share < 0) share = 0;
    *dynamicSmemSize = (size_t)(share < max_dynamic ? share : max_dynamic);
    return CUDA_SUCCESS;
}
/* HIP takes one dynamic shared memory size for every block size: a size callback is not
 * supported (CUDA_ERROR_NOT_SUPPORTED). */
CU2AMD_API CUresult cuOccupancyMaxPotentialBlockSizeWithFlags(int *minGridSize, int *blockSize, CUfunction func,
                                                              CUoccupancyB2DSize blockSizeToDynamicSMemSize,
                                                              size_t dynamicSMemSize, int blockSizeLimit,
                                                              unsigned int flags) {
    if (blockSizeToDynamicSMemSize) return CUDA_ERROR_NOT_SUPPORTED;
    return CU2AMD_CU(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, func, dynamicSMemSize,
                                                                      blockSizeLimit, flags));
}
CU2AMD_API CUresult cuOccupancyMaxPotentialBlockSize(int *minGridSize, int *blockSize, CUfunction func,
                                                     CUoccupancyB2DSize blockSizeToDynamicSMemSize,
                                                     size_t dynamicSMemSize, int blockSizeLimit) {
    return cuOccupancyMaxPotentialBlockSizeWithFlags(minGridSize, blockSize, func, blockSizeToDynamicSMemSize,
                                                     dynamicSMemSize, blockSizeLimit, 0);
}

/* ------------------------------------------------------------------ context-wide events */

/* A context is checked by making it current for a moment. */
CU2AMD_API CUresult __cu2amd_cu_check_ctx(CUcontext ctx) {
    if (!ctx) return CUDA_ERROR_INVALID_CONTEXT;
    CUresult err = CU2AMD_CU(hipCtxPushCurrent(ctx));
    if (err == CUDA_SUCCESS) hipCtxPopCurrent(NULL);
    return err;
}
/* CUDA's answer for contexts made by CUDA 3.2 and later. */
CU2AMD_API CUresult cuCtxGetApiVersion(CUcontext ctx, unsigned int *version) {
    if (!version) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = __cu2amd_cu_check_ctx(ctx);
    if (err == CUDA_SUCCESS) *version = 3020;
    return err;
}
/* The context's work is recorded, and waited for, on the null stream (which waits for, and
 * holds, the device's blocking streams). */
CU2AMD_API CUresult cuCtxRecordEvent(CUcontext hCtx, CUevent hEvent) {
    CUresult err = __cu2amd_cu_check_ctx(hCtx);
    return err != CUDA_SUCCESS ? err : CU2AMD_CU(hipEventRecord(hEvent, NULL));
}
CU2AMD_API CUresult cuCtxWaitEvent(CUcontext hCtx, CUevent hEvent) {
    CUresult err = __cu2amd_cu_check_ctx(hCtx);
    return err != CUDA_SUCCESS ? err : CU2AMD_CU(hipStreamWaitEvent(NULL, hEvent, 0));
}
/* No persisting L2 lines to reset. */
CU2AMD_API CUresult cuCtxResetPersistingL2Cache(void) { return CUDA_SUCCESS; }

/* ------------------------------------------------------------------ memory */

#define CU2AMD_PTR(p) ((void *)(uintptr_t)(p))

CU2AMD_API CUresult cuMemAlloc(CUdeviceptr *dptr, size_t bytesize) {
    if (!dptr) return CUDA_ERROR_INVALID_VALUE;
    void *p = NULL;
    CUresult err = CU2AMD_CU(hipMalloc(&p, bytesize));
    *dptr = (CUdeviceptr)(uintptr_t)p;
    return err;
}
CU2AMD_API CUresult cuMemFree(CUdeviceptr dptr) { return CU2AMD_CU(hipFree(CU2AMD_PTR(dptr))); }
CU2AMD_API CUresult cuMemAllocHost(void **pp, size_t bytesize) { return CU2AMD_CU(hipHostMalloc(pp, bytesize, 0)); }
CU2AMD_API CUresult cuMemFreeHost(void *p) { return CU2AMD_CU(hipHostFree(p)); }
CU2AMD_API CUresult cuMemHostAlloc(void **pp, size_t bytesize, unsigned int Flags) {
    return CU2AMD_CU(hipHostMalloc(pp, bytesize, Flags)); /* HIP's flags have CUDA's values */
}
CU2AMD_API CUresult cuMemHostGetDevicePointer(CUdeviceptr *pdptr, void *p, unsigned int Flags) {
    if (!pdptr) return CUDA_ERROR_INVALID_VALUE;
    void *d = NULL;
    CUresult err = CU2AMD_CU(hipHostGetDevicePointer(&d, p, Flags));
    if (err == CUDA_SUCCESS) *pdptr = (CUdeviceptr)(uintptr_t)d;
    return err;
}
CU2AMD_API CUresult cuMemHostGetFlags(unsigned int *pFlags, void *p) { return CU2AMD_CU(hipHostGetFlags(pFlags, p)); }
CU2AMD_API CUresult cuMemHostRegister(void *p, size_t bytesize, unsigned int Flags) {
    return CU2AMD_CU(hipHostRegister(p, bytesize, Flags));
}
CU2AMD_API CUresult cuMemHostUnregister(void *p) { return CU2AMD_CU(hipHostUnregister(p)); }
CU2AMD_API CUresult cuMemAllocManaged(CUdeviceptr *dptr, size_t bytesize, unsigned int flags) {
    if (!dptr) return CUDA_ERROR_INVALID_VALUE;
    void *p = NULL;
    CUresult err = CU2AMD_CU(hipMallocManaged(&p, bytesize, flags));
    *dptr = (CUdeviceptr)(uintptr_t)p;
    return err;
}
CU2AMD_API CUresult cuMemGetInfo(size_t *free, size_t *total) { return CU2AMD_CU(hipMemGetInfo(free, total)); }
CU2AMD_API CUresult cuMemcpyHtoD(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount) {
    return CU2AMD_CU(hipMemcpyHtoD(CU2AMD_PTR(dstDevice), (void *)srcHost, ByteCount));
}
CU2AMD_API CUresult cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount) {
    return CU2AMD_CU(hipMemcpyDtoH(dstHost, CU2AMD_PTR(srcDevice), ByteCount));
}
CU2AMD_API CUresult cuMemcpyDtoD(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount) {
    return CU2AMD_CU(hipMemcpyDtoD(CU2AMD_PTR(dstDevice), CU2AMD_PTR(srcDevice), ByteCount));
}
CU2AMD_API CUresult cuMemcpyHtoDAsync(CUdeviceptr dstDevice, const void *srcHost, size_t ByteCount,
                                      CUstream hStream) {
    return CU2AMD_CU(hipMemcpyHtoDAsync(CU2AMD_PTR(dstDevice), (void *)srcHost, ByteCount, __cu2amd_cu_stream(hStream)));
}
CU2AMD_API CUresult cuMemcpyDtoHAsync(void *dstHost, CUdeviceptr srcDevice, size_t ByteCount, CUstream hStream) {
    return CU2AMD_CU(hipMemcpyDtoHAsync(dstHost, CU2AMD_PTR(srcDevice), ByteCount, __cu2amd_cu_stream(hStream)));
}
CU2AMD_API CUresult cuMemcpyDtoDAsync(CUdeviceptr dstDevice, CUdeviceptr srcDevice, size_t ByteCount,
                                      CUstream hStream) {
    return CU2AMD_CU(hipMemcpyDtoDAsync(CU2AMD_PTR(dstDevice), CU2AMD_PTR(srcDevice), ByteCount, __cu2amd_cu_stream(hStream)));
}
/* Unified addressing: the pointers say where the memory is. */
CU2AMD_API CUresult cuMemcpy(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount) {
    return CU2AMD_CU(hipMemcpy(CU2AMD_PTR(dst), CU2AMD_PTR(src), ByteCount, 4 /* hipMemcpyDefault */));
}
CU2AMD_API CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t ByteCount, CUstream hStream) {
    return CU2AMD_CU(hipMemcpyAsync(CU2AMD_PTR(dst), CU2AMD_PTR(src), ByteCount, 4 /* hipMemcpyDefault */, __cu2amd_cu_stream(hStream)));
}
CU2AMD_API CUresult cuMemAllocPitch(CUdeviceptr *dptr, size_t *pPitch, size_t WidthInBytes, size_t Height,
                                    unsigned int ElementSizeBytes) {
    if (!dptr) return CUDA_ERROR_INVALID_VALUE;
    void *p = NULL;
    CUresult err = CU2AMD_CU(hipMemAllocPitch(&p, pPitch, WidthInBytes, Height, ElementSizeBytes));
    *dptr = (CUdeviceptr)(uintptr_t)p;
    return err;
}
/* A 2D copy as one copy per row; copies with an array: cu2amd/driver_texture.h. */
CU2AMD_API CUresult __cu2amd_cu_memcpy2d_array(const CUDA_MEMCPY2D *c, CUstream stream, int async);
CU2AMD_API CUresult __cu2amd_cu_memcpy2d(const CUDA_MEMCPY2D *c, CUstream stream, int async) {
    if (!c) return CUDA_ERROR_INVALID_VALUE;
    if (c->srcMemoryType == CU_MEMORYTYPE_ARRAY || c->dstMemoryType == CU_MEMORYTYPE_ARRAY)
        return __cu2amd_cu_memcpy2d_array(c, stream, async);
    if (c->Height > 1 && (c->srcPitch < c->WidthInBytes || c->dstPitch < c->WidthInBytes)) return CUDA_ERROR_INVALID_VALUE;
    const char *src = c->srcMemoryType == CU_MEMORYTYPE_HOST ? (const char *)c->srcHost : (const char *)CU2AMD_PTR(c->srcDevice);
    char *dst = c->dstMemoryType == CU_MEMORYTYPE_HOST ? (char *)c->dstHost : (char *)CU2AMD_PTR(c->dstDevice);
    if (!src || !dst) return CUDA_ERROR_INVALID_VALUE;
    src += c->srcY * c->srcPitch + c->srcXInBytes;
    dst += c->dstY * c->dstPitch + c->dstXInBytes;
    for (size_t row = 0; row < c->Height; row++) {
        int err = async ? hipMemcpyAsync(dst + row * c->dstPitch, src + row * c->srcPitch, c->WidthInBytes, 4, __cu2amd_cu_stream(stream))
                        : hipMemcpy(dst + row * c->dstPitch, src + row * c->srcPitch, c->WidthInBytes, 4);
        if (err) return (CUresult)err;
    }
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuMemcpy2D(const CUDA_MEMCPY2D *pCopy) { return __cu2amd_cu_memcpy2d(pCopy, NULL, 0); }
CU2AMD_API CUresult cuMemcpy2DUnaligned(const CUDA_MEMCPY2D *pCopy) { return __cu2amd_cu_memcpy2d(pCopy, NULL, 0); }
CU2AMD_API CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D *pCopy, CUstream hStream) {
    return __cu2amd_cu_memcpy2d(pCopy, hStream, 1);
}
CU2AMD_API CUresult cuMemsetD8(CUdeviceptr dstDevice, unsigned char uc, size_t N) {
    return CU2AMD_CU(hipMemsetD8(CU2AMD_PTR(dstDevice), uc, N));
}
CU2AMD_API CUresult cuMemsetD16(CUdeviceptr dstDevice, unsigned short us, size_t N) {
    return CU2AMD_CU(hipMemsetD16(CU2AMD_PTR(dstDevice), us, N));
}
CU2AMD_API CUresult cuMemsetD32(CUdeviceptr dstDevice, unsigned int ui, size_t N) {
    return CU2AMD_CU(hipMemsetD32(CU2AMD_PTR(dstDevice), (int)ui, N));
}
CU2AMD_API CUresult cuMemsetD8Async(CUdeviceptr dstDevice, unsigned char uc, size_t N, CUstream hStream) {
    return CU2AMD_CU(hipMemsetD8Async(CU2AMD_PTR(dstDevice), uc, N, __cu2amd_cu_stream(hStream)));
}
CU2AMD_API CUresult cuMemsetD16Async(CUdeviceptr dstDevice, unsigned short us, size_t N, CUstream hStream) {
    return CU2AMD_CU(hipMemsetD16Async(CU2AMD_PTR(dstDevice), us, N, __cu2amd_cu_stream(hStream)));
}
CU2AMD_API CUresult cuMemsetD32Async(CUdeviceptr dstDevice, unsigned int ui, size_t N, CUstream hStream) {
    return CU2AMD_CU(hipMemsetD32Async(CU2AMD_PTR(dstDevice), (int)ui, N, __cu2amd_cu_stream(hStream)));
}

/* The device of a context: made current for the question. */
CU2AMD_API CUresult __cu2amd_cu_ctx_device(CUcontext ctx, int *device) {
    CUresult err = CU2AMD_CU(hipCtxPushCurrent(ctx));
    if (err != CUDA_SUCCESS) return err;
    err = CU2AMD_CU(hipCtxGetDevice(device));
    hipCtxPopCurrent(NULL);
    return err;
}
CU2AMD_API CUresult cuMemcpyPeer(CUdeviceptr dstDevice, CUcontext dstContext, CUdeviceptr srcDevice,
                                 CUcontext srcContext, size_t ByteCount) {
    int dst, src;
    CUresult err = __cu2amd_cu_ctx_device(dstContext, &dst);
    if (err == CUDA_SUCCESS) err = __cu2amd_cu_ctx_device(srcContext, &src);
    return err != CUDA_SUCCESS ? err
                               : CU2AMD_CU(hipMemcpyPeer(CU2AMD_PTR(dstDevice), dst, CU2AMD_PTR(srcDevice), src, ByteCount));
}
CU2AMD_API CUresult cuMemcpyPeerAsync(CUdeviceptr dstDevice, CUcontext dstContext, CUdeviceptr srcDevice,
                                      CUcontext srcContext, size_t ByteCount, CUstream hStream) {
    int dst, src;
    CUresult err = __cu2amd_cu_ctx_device(dstContext, &dst);
    if (err == CUDA_SUCCESS) err = __cu2amd_cu_ctx_device(srcContext, &src);
    return err != CUDA_SUCCESS ? err
                               : CU2AMD_CU(hipMemcpyPeerAsync(CU2AMD_PTR(dstDevice), dst, CU2AMD_PTR(srcDevice), src,
                                                              ByteCount, __cu2amd_cu_stream(hStream)));
}

/* 2D memsets, one row at a time. */
#define CU2AMD_MEMSET2D(name, type, call)                                                                              \
    CU2AMD_API CUresult name(CUdeviceptr dstDevice, size_t dstPitch, type value, size_t Width, size_t Height) {      \
        for (size_t row = 0; row < Height; row++) {                                                                    \
            CUresult err = call(dstDevice + row * dstPitch, value, Width);                                             \
            if (err != CUDA_SUCCESS) return err;                                                                       \
        }                                                                                                              \
        return CUDA_SUCCESS;                                                                                           \
    }                                                                                                                  \
    CU2AMD_API CUresult name##Async(CUdeviceptr dstDevice, size_t dstPitch, type value, size_t Width, size_t Height, \
                                    CUstream hStream) {                                                                \
        for (size_t row = 0; row < Height; row++) {                                                                    \
            CUresult err = call##Async(dstDevice + row * dstPitch, value, Width, hStream);                             \
            if (err != CUDA_SUCCESS) return err;                                                                       \
        }                                                                                                              \
        return CUDA_SUCCESS;                                                                                           \
    }
CU2AMD_MEMSET2D(cuMemsetD2D8, unsigned char, cuMemsetD8)
CU2AMD_MEMSET2D(cuMemsetD2D16, unsigned short, cuMemsetD16)
CU2AMD_MEMSET2D(cuMemsetD2D32, unsigned int, cuMemsetD32)
#undef CU2AMD_MEMSET2D

/* hipPointerAttribute_t (ROCm 5.2's layout; its memoryType: host 0, device 1, array 2,
 * unified 3). */
typedef struct __cu2amd_cu_pointer_attributes {
    int memoryType;
    int device;
    void *devicePointer;
    void *hostPointer;
    int isManaged;
    unsigned allocationFlags;
} __cu2amd_cu_pointer_attributes;

/* Memory HIP does not know is CUDA_ERROR_INVALID_VALUE, as CUDA's driver has it; managed
 * memory is device memory with IS_MANAGED set. */
CU2AMD_API CUresult cuPointerGetAttribute(void *data, CUpointer_attribute attribute, CUdeviceptr ptr) {
    if (!data) return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_cu_pointer_attributes a;
    memset(&a, 0, sizeof a);
    CUresult err = CU2AMD_CU(hipPointerGetAttributes(&a, CU2AMD_PTR(ptr)));
    if (err != CUDA_SUCCESS) return err;
    int managed = a.isManaged || a.memoryType == 3;
    switch (attribute) {
    case CU_POINTER_ATTRIBUTE_MEMORY_TYPE:
        *(unsigned int *)data = a.memoryType == 0 && !managed ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
        break;
    case CU_POINTER_ATTRIBUTE_DEVICE_POINTER: *(CUdeviceptr *)data = (CUdeviceptr)(uintptr_t)a.devicePointer; break;
    case CU_POINTER_ATTRIBUTE_HOST_POINTER: *(void **)data = a.hostPointer; break;
    case CU_POINTER_ATTRIBUTE_IS_MANAGED: *(int *)data = managed; break;
    case CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL: *(int *)data = a.device; break;
    default: return CUDA_ERROR_INVALID_VALUE;
    }
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuPointerGetAttributes(unsigned int numAttributes, CUpointer_attribute *attributes, void **data,
                                           CUdeviceptr ptr) {
    if (!attributes || !data) return CUDA_ERROR_INVALID_VALUE;
    for (unsigned int i = 0; i < numAttributes; i++) {
        CUresult err = cuPointerGetAttribute(data[i], attributes[i], ptr);
        if (err != CUDA_SUCCESS) return err;
    }
    return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------ profiler */

CU2AMD_API CUresult cuProfilerStart(void) { return CU2AMD_CU(hipProfilerStart()); }
CU2AMD_API CUresult cuProfilerStop(void) { return CU2AMD_CU(hipProfilerStop()); }

/* ------------------------------------------------------------------ streams and events */

CU2AMD_API CUresult cuStreamCreate(CUstream *phStream, unsigned int Flags) {
    return CU2AMD_CU(hipStreamCreateWithFlags(phStream, Flags));
}
CU2AMD_API CUresult cuStreamCreateWithPriority(CUstream *phStream, unsigned int flags, int priority) {
    return CU2AMD_CU(hipStreamCreateWithPriority(phStream, flags, priority));
}
CU2AMD_API CUresult cuStreamGetFlags(CUstream hStream, unsigned int *flags) {
    return CU2AMD_CU(hipStreamGetFlags(__cu2amd_cu_stream(hStream), flags));
}
CU2AMD_API CUresult cuStreamGetPriority(CUstream hStream, int *priority) {
    return CU2AMD_CU(hipStreamGetPriority(__cu2amd_cu_stream(hStream), priority));
}
CU2AMD_API CUresult cuStreamWaitEvent(CUstream hStream, CUevent hEvent, unsigned int Flags) {
    return CU2AMD_CU(hipStreamWaitEvent(__cu2amd_cu_stream(hStream), hEvent, Flags));
}
/* HIP's callback takes the same arguments (the status as an int). */
CU2AMD_API CUresult cuStreamAddCallback(CUstream hStream, CUstreamCallback callback, void *userData,
                                        unsigned int flags) {
    return CU2AMD_CU(hipStreamAddCallback(__cu2amd_cu_stream(hStream), (void (*)(CUstream, int, void *))callback, userData, flags));
}
CU2AMD_API CUresult cuEventQuery(CUevent hEvent) { return CU2AMD_CU(hipEventQuery(hEvent)); }
CU2AMD_API CUresult cuStreamDestroy(CUstream hStream) {
    CUresult err = CU2AMD_CU(hipStreamDestroy(hStream));
    if (err == CUDA_SUCCESS) __cu2amd_stream_forget(hStream);
    return err;
}
CU2AMD_API CUresult cuStreamSynchronize(CUstream hStream) { return CU2AMD_CU(hipStreamSynchronize(__cu2amd_cu_stream(hStream))); }
CU2AMD_API CUresult cuStreamQuery(CUstream hStream) { return CU2AMD_CU(hipStreamQuery(__cu2amd_cu_stream(hStream))); }
CU2AMD_API CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags) {
    return CU2AMD_CU(hipEventCreateWithFlags(phEvent, Flags));
}
CU2AMD_API CUresult cuEventRecord(CUevent hEvent, CUstream hStream) { return CU2AMD_CU(hipEventRecord(hEvent, __cu2amd_cu_stream(hStream))); }
/* External records are for graphs: CUDA_ERROR_NOT_SUPPORTED. */
CU2AMD_API CUresult cuEventRecordWithFlags(CUevent hEvent, CUstream hStream, unsigned int flags) {
    if (flags == CU_EVENT_RECORD_EXTERNAL) return CUDA_ERROR_NOT_SUPPORTED;
    if (flags != CU_EVENT_RECORD_DEFAULT) return CUDA_ERROR_INVALID_VALUE;
    return cuEventRecord(hEvent, hStream);
}
/* A stream's context is the current one: one context per device (each thread's is the
 * device's). */
CU2AMD_API CUresult cuStreamGetCtx(CUstream hStream, CUcontext *pctx) {
    unsigned int flags;
    if (!pctx) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = cuStreamGetFlags(hStream, &flags); /* a valid stream */
    if (err != CUDA_SUCCESS) return err;
    err = cuCtxGetCurrent(pctx);
    return err == CUDA_SUCCESS && !*pctx ? CUDA_ERROR_INVALID_CONTEXT : err;
}
CU2AMD_API CUresult cuEventSynchronize(CUevent hEvent) { return CU2AMD_CU(hipEventSynchronize(hEvent)); }
CU2AMD_API CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart, CUevent hEnd) {
    return CU2AMD_CU(hipEventElapsedTime(pMilliseconds, hStart, hEnd));
}
CU2AMD_API CUresult cuEventDestroy(CUevent hEvent) { return CU2AMD_CU(hipEventDestroy(hEvent)); }

#include "cu2amd/driver_coop.h"
#include "cu2amd/driver_extra.h"
#include "cu2amd/driver_graph.h"
#include "cu2amd/driver_texture.h"
#include "cu2amd/driver_launch_ex.h"
#include "cu2amd/occupancy_cluster.h" /* after the launch configuration types */
#include "cu2amd/driver_library.h"
#include "cu2amd/driver_interop.h"
#include "cu2amd/driver_library_entry.h" /* after every cu* function: their addresses */

#undef CU2AMD_PTR
#undef CU2AMD_API
#undef CU2AMD_CU
#undef CU2AMD_CU_ERRORS

#include "cu2amd/driver_unsupported.h"
#undef CU2AMD_CU_HOST
#undef CU2AMD_CU_ANY_ARGS
#undef CU2AMD_CU_UNAVAILABLE
#endif
