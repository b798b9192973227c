/* The CUDA runtime API's types, enums and macros (CUDA 12 numbering and layouts), as
 * cuda_runtime_api.h uses them. Part of cu2amd's cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_TYPES_H
#define CU2AMD_RUNTIME_TYPES_H

#include <stddef.h>

#include "cu2amd/config.h"
#include "vector_types.h"

/* CUDA's error codes (HIP uses the same numbers for these): the enumerator, its value, and
 * the text cudaGetErrorString gives for it. One list makes the enum, cudaGetErrorName and
 * cudaGetErrorString, which never depend on the HIP runtime's own names or texts. */
#define CU2AMD_CUDA_ERRORS(X)                                                                                          \
    X(cudaSuccess, 0, "no error")                                                                                      \
    X(cudaErrorInvalidValue, 1, "invalid argument")                                                                    \
    X(cudaErrorMemoryAllocation, 2, "out of memory")                                                                   \
    X(cudaErrorInitializationError, 3, "initialization error")                                                         \
    X(cudaErrorInvalidConfiguration, 9, "invalid configuration argument")                                              \
    X(cudaErrorInvalidPitchValue, 12, "invalid pitch argument")                                                        \
    X(cudaErrorInvalidSymbol, 13, "invalid device symbol")                                                             \
    X(cudaErrorInvalidHostPointer, 16, "invalid host pointer")                                                         \
    X(cudaErrorInvalidDevicePointer, 17, "invalid device pointer")                                                     \
    X(cudaErrorInvalidMemcpyDirection, 21, "invalid copy direction for memcpy")                                        \
    X(cudaErrorMissingConfiguration, 52, "__global__ function call is not configured")                                 \
    X(cudaErrorInvalidDeviceFunction, 98, "invalid device function")                                                   \
    X(cudaErrorNoDevice, 100, "no CUDA-capable device is detected")                                                    \
    X(cudaErrorInvalidDevice, 101, "invalid device ordinal")                                                           \
    X(cudaErrorInvalidKernelImage, 200, "device kernel image is invalid")                                              \
    X(cudaErrorNoKernelImageForDevice, 209, "no kernel image is available for execution on the device")                \
    X(cudaErrorUnsupportedLimit, 215, "limit is not supported on this architecture")                                   \
    X(cudaErrorPeerAccessUnsupported, 217, "peer access is not supported between these two devices")                   \
    X(cudaErrorInvalidPtx, 218, "a PTX JIT compilation failed")                                                        \
    X(cudaErrorJitCompilerNotFound, 221, "PTX JIT compiler library not found")                                         \
    X(cudaErrorFileNotFound, 301, "file not found")                                                                    \
    X(cudaErrorInvalidResourceHandle, 400, "invalid resource handle")                                                  \
    X(cudaErrorIllegalState, 401, "the operation cannot be performed in the present state")                            \
    X(cudaErrorNotFound, 500, "named symbol not found")                                                                \
    X(cudaErrorNotReady, 600, "device not ready")                                                                      \
    X(cudaErrorIllegalAddress, 700, "an illegal memory access was encountered")                                        \
    X(cudaErrorLaunchOutOfResources, 701, "too many resources requested for launch")                                   \
    X(cudaErrorPeerAccessAlreadyEnabled, 704, "peer access is already enabled")                                        \
    X(cudaErrorPeerAccessNotEnabled, 705, "peer access has not been enabled")                                          \
    X(cudaErrorSetOnActiveProcess, 708, "cannot set while device is active in this process")                           \
    X(cudaErrorAssert, 710, "device-side assert triggered")                                                            \
    X(cudaErrorHostMemoryAlreadyRegistered, 712, "part or all of the requested memory range is already mapped")        \
    X(cudaErrorHostMemoryNotRegistered, 713, "pointer does not correspond to a registered memory region")              \
    X(cudaErrorLaunchFailure, 719, "unspecified launch failure")                                                       \
    X(cudaErrorCooperativeLaunchTooLarge, 720, "too many blocks in cooperative launch")                                \
    X(cudaErrorNotSupported, 801, "operation not supported")                                                           \
    X(cudaErrorStreamCaptureUnsupported, 900, "operation not permitted when stream is capturing")                      \
    X(cudaErrorStreamCaptureInvalidated, 901, "operation failed due to a previous error during capture")               \
    X(cudaErrorStreamCaptureMerge, 902, "operation would result in a merge of separate capture sequences")             \
    X(cudaErrorStreamCaptureUnmatched, 903, "capture was not ended in the same stream as it began")                    \
    X(cudaErrorStreamCaptureUnjoined, 904, "capturing stream has unjoined work")                                       \
    X(cudaErrorStreamCaptureIsolation, 905, "dependency created on uncaptured work in another stream")                 \
    X(cudaErrorStreamCaptureImplicit, 906, "operation would make the legacy stream depend on a capturing blocking stream") \
    X(cudaErrorCapturedEvent, 907, "operation not permitted on an event last recorded in a capturing stream")          \
    X(cudaErrorStreamCaptureWrongThread, 908, "attempt to terminate a thread-local capture sequence from another thread") \
    X(cudaErrorGraphExecUpdateFailure, 910, "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update") \
    X(cudaErrorUnknown, 999, "unknown error")

typedef enum cudaError {
#define CU2AMD_ENUMERATOR(name, value, text) name = value,
    CU2AMD_CUDA_ERRORS(CU2AMD_ENUMERATOR)
#undef CU2AMD_ENUMERATOR
} cudaError_t;

typedef enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4,
} cudaMemcpyKind;

typedef struct ihipStream_t *cudaStream_t;
typedef struct ihipEvent_t *cudaEvent_t;

/* ------------------------------------------------------------------ macros (flags, handles) */

#define CUDART_CB /* the calling convention of stream callbacks: the default one on Linux */

#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01
#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02
#define cudaEventInterprocess 0x04
#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04
#define cudaHostRegisterDefault 0x00
#define cudaHostRegisterPortable 0x01
#define cudaHostRegisterMapped 0x02
#define cudaHostRegisterIoMemory 0x04
#define cudaHostRegisterReadOnly 0x08
#define cudaDeviceScheduleAuto 0x00
#define cudaDeviceScheduleSpin 0x01
#define cudaDeviceScheduleYield 0x02
#define cudaDeviceScheduleBlockingSync 0x04
#define cudaDeviceBlockingSync 0x04
#define cudaDeviceMapHost 0x08
#define cudaDeviceLmemResizeToMax 0x10
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
#define cudaMemAttachSingle 0x04
#define cudaOccupancyDefault 0x00
#define cudaOccupancyDisableCachingOverride 0x01
#define cudaCpuDeviceId ((int)-1)
#define cudaInvalidDeviceId ((int)-2)
#define cudaPeerAccessDefault 0x00
#define cudaEventRecordDefault 0x00
#define cudaEventRecordExternal 0x01
#define cudaInitDeviceFlagsAreValid 0x01

/* ------------------------------------------------------------------ device attributes */

/* Every cudaDeviceAttr value CUDA 12 documents (reserved ones left out): the enumerator,
 * CUDA's number, and how cudaDeviceGetAttribute computes it from the cudaDeviceProp `p`
 * that cudaGetDeviceProperties fills (one source for both). */
#define CU2AMD_DEVICE_ATTRS(X)                                                                                         \
    X(cudaDevAttrMaxThreadsPerBlock, 1, p.maxThreadsPerBlock)                                                          \
    X(cudaDevAttrMaxBlockDimX, 2, p.maxThreadsDim[0])                                                                  \
    X(cudaDevAttrMaxBlockDimY, 3, p.maxThreadsDim[1])                                                                  \
    X(cudaDevAttrMaxBlockDimZ, 4, p.maxThreadsDim[2])                                                                  \
    X(cudaDevAttrMaxGridDimX, 5, p.maxGridSize[0])                                                                     \
    X(cudaDevAttrMaxGridDimY, 6, p.maxGridSize[1])                                                                     \
    X(cudaDevAttrMaxGridDimZ, 7, p.maxGridSize[2])                                                                     \
    X(cudaDevAttrMaxSharedMemoryPerBlock, 8, (int)p.sharedMemPerBlock)                                                 \
    X(cudaDevAttrTotalConstantMemory, 9, (int)p.totalConstMem)                                                         \
    X(cudaDevAttrWarpSize, 10, p.warpSize)                                                                             \
    X(cudaDevAttrMaxPitch, 11, p.memPitch > 0x7FFFFFFF ? 0x7FFFFFFF : (int)p.memPitch)                                 \
    X(cudaDevAttrMaxRegistersPerBlock, 12, p.regsPerBlock)                                                             \
    X(cudaDevAttrClockRate, 13, p.clockRate)                                                                           \
    X(cudaDevAttrTextureAlignment, 14, (int)p.textureAlignment)                                                        \
    X(cudaDevAttrGpuOverlap, 15, p.deviceOverlap)                                                                      \
    X(cudaDevAttrMultiProcessorCount, 16, p.multiProcessorCount)                                                       \
    X(cudaDevAttrKernelExecTimeout, 17, p.kernelExecTimeoutEnabled)                                                    \
    X(cudaDevAttrIntegrated, 18, p.integrated)                                                                         \
    X(cudaDevAttrCanMapHostMemory, 19, p.canMapHostMemory)                                                             \
    X(cudaDevAttrComputeMode, 20, p.computeMode)                                                                       \
    X(cudaDevAttrMaxTexture1DWidth, 21, p.maxTexture1D)                                                                \
    X(cudaDevAttrMaxTexture2DWidth, 22, p.maxTexture2D[0])                                                             \
    X(cudaDevAttrMaxTexture2DHeight, 23, p.maxTexture2D[1])                                                            \
    X(cudaDevAttrMaxTexture3DWidth, 24, p.maxTexture3D[0])                                                             \
    X(cudaDevAttrMaxTexture3DHeight, 25, p.maxTexture3D[1])                                                            \
    X(cudaDevAttrMaxTexture3DDepth, 26, p.maxTexture3D[2])                                                             \
    X(cudaDevAttrMaxTexture2DLayeredWidth, 27, p.maxTexture2DLayered[0])                                               \
    X(cudaDevAttrMaxTexture2DLayeredHeight, 28, p.maxTexture2DLayered[1])                                              \
    X(cudaDevAttrMaxTexture2DLayeredLayers, 29, p.maxTexture2DLayered[2])                                              \
    X(cudaDevAttrSurfaceAlignment, 30, (int)p.surfaceAlignment)                                                        \
    X(cudaDevAttrConcurrentKernels, 31, p.concurrentKernels)                                                           \
    X(cudaDevAttrEccEnabled, 32, p.ECCEnabled)                                                                         \
    X(cudaDevAttrPciBusId, 33, p.pciBusID)                                                                             \
    X(cudaDevAttrPciDeviceId, 34, p.pciDeviceID)                                                                       \
    X(cudaDevAttrTccDriver, 35, p.tccDriver)                                                                           \
    X(cudaDevAttrMemoryClockRate, 36, p.memoryClockRate)                                                               \
    X(cudaDevAttrGlobalMemoryBusWidth, 37, p.memoryBusWidth)                                                           \
    X(cudaDevAttrL2CacheSize, 38, p.l2CacheSize)                                                                       \
    X(cudaDevAttrMaxThreadsPerMultiProcessor, 39, p.maxThreadsPerMultiProcessor)                                       \
    X(cudaDevAttrAsyncEngineCount, 40, p.asyncEngineCount)                                                             \
    X(cudaDevAttrUnifiedAddressing, 41, p.unifiedAddressing)                                                           \
    X(cudaDevAttrMaxTexture1DLayeredWidth, 42, p.maxTexture1DLayered[0])                                               \
    X(cudaDevAttrMaxTexture1DLayeredLayers, 43, p.maxTexture1DLayered[1])                                              \
    X(cudaDevAttrMaxTexture2DGatherWidth, 45, p.maxTexture2DGather[0])                                                 \
    X(cudaDevAttrMaxTexture2DGatherHeight, 46, p.maxTexture2DGather[1])                                                \
    X(cudaDevAttrMaxTexture3DWidthAlt, 47, p.maxTexture3DAlt[0])                                                       \
    X(cudaDevAttrMaxTexture3DHeightAlt, 48, p.maxTexture3DAlt[1])                                                      \
    X(cudaDevAttrMaxTexture3DDepthAlt, 49, p.maxTexture3DAlt[2])                                                       \
    X(cudaDevAttrPciDomainId, 50, p.pciDomainID)                                                                       \
    X(cudaDevAttrTexturePitchAlignment, 51, (int)p.texturePitchAlignment)                                              \
    X(cudaDevAttrMaxTextureCubemapWidth, 52, p.maxTextureCubemap)                                                      \
    X(cudaDevAttrMaxTextureCubemapLayeredWidth, 53, p.maxTextureCubemapLayered[0])                                     \
    X(cudaDevAttrMaxTextureCubemapLayeredLayers, 54, p.maxTextureCubemapLayered[1])                                    \
    X(cudaDevAttrMaxSurface1DWidth, 55, p.maxSurface1D)                                                                \
    X(cudaDevAttrMaxSurface2DWidth, 56, p.maxSurface2D[0])                                                             \
    X(cudaDevAttrMaxSurface2DHeight, 57, p.maxSurface2D[1])                                                            \
    X(cudaDevAttrMaxSurface3DWidth, 58, p.maxSurface3D[0])                                                             \
    X(cudaDevAttrMaxSurface3DHeight, 59, p.maxSurface3D[1])                                                            \
    X(cudaDevAttrMaxSurface3DDepth, 60, p.maxSurface3D[2])                                                             \
    X(cudaDevAttrMaxSurface1DLayeredWidth, 61, p.maxSurface1DLayered[0])                                               \
    X(cudaDevAttrMaxSurface1DLayeredLayers, 62, p.maxSurface1DLayered[1])                                              \
    X(cudaDevAttrMaxSurface2DLayeredWidth, 63, p.maxSurface2DLayered[0])                                               \
    X(cudaDevAttrMaxSurface2DLayeredHeight, 64, p.maxSurface2DLayered[1])                                              \
    X(cudaDevAttrMaxSurface2DLayeredLayers, 65, p.maxSurface2DLayered[2])                                              \
    X(cudaDevAttrMaxSurfaceCubemapWidth, 66, p.maxSurfaceCubemap)                                                      \
    X(cudaDevAttrMaxSurfaceCubemapLayeredWidth, 67, p.maxSurfaceCubemapLayered[0])                                     \
    X(cudaDevAttrMaxSurfaceCubemapLayeredLayers, 68, p.maxSurfaceCubemapLayered[1])                                    \
    X(cudaDevAttrMaxTexture1DLinearWidth, 69, p.maxTexture1DLinear)                                                    \
    X(cudaDevAttrMaxTexture2DLinearWidth, 70, p.maxTexture2DLinear[0])                                                 \
    X(cudaDevAttrMaxTexture2DLinearHeight, 71, p.maxTexture2DLinear[1])                                                \
    X(cudaDevAttrMaxTexture2DLinearPitch, 72, p.maxTexture2DLinear[2])                                                 \
    X(cudaDevAttrMaxTexture2DMipmappedWidth, 73, p.maxTexture2DMipmap[0])                                              \
    X(cudaDevAttrMaxTexture2DMipmappedHeight, 74, p.maxTexture2DMipmap[1])                                             \
    X(cudaDevAttrComputeCapabilityMajor, 75, p.major)                                                                  \
    X(cudaDevAttrComputeCapabilityMinor, 76, p.minor)                                                                  \
    X(cudaDevAttrMaxTexture1DMipmappedWidth, 77, p.maxTexture1DMipmap)                                                 \
    X(cudaDevAttrStreamPrioritiesSupported, 78, p.streamPrioritiesSupported)                                           \
    X(cudaDevAttrGlobalL1CacheSupported, 79, p.globalL1CacheSupported)                                                 \
    X(cudaDevAttrLocalL1CacheSupported, 80, p.localL1CacheSupported)                                                   \
    X(cudaDevAttrMaxSharedMemoryPerMultiprocessor, 81, (int)p.sharedMemPerMultiprocessor)                              \
    X(cudaDevAttrMaxRegistersPerMultiprocessor, 82, p.regsPerMultiprocessor)                                           \
    X(cudaDevAttrManagedMemory, 83, p.managedMemory)                                                                   \
    X(cudaDevAttrIsMultiGpuBoard, 84, p.isMultiGpuBoard)                                                               \
    X(cudaDevAttrMultiGpuBoardGroupID, 85, p.multiGpuBoardGroupID)                                                     \
    X(cudaDevAttrHostNativeAtomicSupported, 86, p.hostNativeAtomicSupported)                                           \
    X(cudaDevAttrSingleToDoublePrecisionPerfRatio, 87, p.singleToDoublePrecisionPerfRatio)                             \
    X(cudaDevAttrPageableMemoryAccess, 88, p.pageableMemoryAccess)                                                     \
    X(cudaDevAttrConcurrentManagedAccess, 89, p.concurrentManagedAccess)                                               \
    X(cudaDevAttrComputePreemptionSupported, 90, p.computePreemptionSupported)                                         \
    X(cudaDevAttrCanUseHostPointerForRegisteredMem, 91, p.canUseHostPointerForRegisteredMem)                           \
    X(cudaDevAttrCooperativeLaunch, 95, p.cooperativeLaunch)                                                           \
    X(cudaDevAttrCooperativeMultiDeviceLaunch, 96, p.cooperativeMultiDeviceLaunch)                                     \
    X(cudaDevAttrMaxSharedMemoryPerBlockOptin, 97, (int)p.sharedMemPerBlockOptin)                                      \
    X(cudaDevAttrCanFlushRemoteWrites, 98, 0)                                                                          \
    X(cudaDevAttrHostRegisterSupported, 99, p.hostRegisterSupported)                                                   \
    X(cudaDevAttrPageableMemoryAccessUsesHostPageTables, 100, p.pageableMemoryAccessUsesHostPageTables)                \
    X(cudaDevAttrDirectManagedMemAccessFromHost, 101, p.directManagedMemAccessFromHost)                                \
    X(cudaDevAttrMaxBlocksPerMultiprocessor, 106, p.maxBlocksPerMultiProcessor)                                        \
    X(cudaDevAttrMaxPersistingL2CacheSize, 108, p.persistingL2CacheMaxSize)                                            \
    X(cudaDevAttrMaxAccessPolicyWindowSize, 109, p.accessPolicyMaxWindowSize)                                          \
    X(cudaDevAttrReservedSharedMemoryPerBlock, 111, (int)p.reservedSharedMemPerBlock)                                  \
    X(cudaDevAttrSparseCudaArraySupported, 112, p.sparseCudaArraySupported)                                            \
    X(cudaDevAttrHostRegisterReadOnlySupported, 113, p.hostRegisterReadOnlySupported)                                  \
    X(cudaDevAttrTimelineSemaphoreInteropSupported, 114, p.timelineSemaphoreInteropSupported)                          \
    X(cudaDevAttrMemoryPoolsSupported, 115, p.memoryPoolsSupported)                                                    \
    X(cudaDevAttrGPUDirectRDMASupported, 116, p.gpuDirectRDMASupported)                                                \
    X(cudaDevAttrGPUDirectRDMAFlushWritesOptions, 117, (int)p.gpuDirectRDMAFlushWritesOptions)                         \
    X(cudaDevAttrGPUDirectRDMAWritesOrdering, 118, p.gpuDirectRDMAWritesOrdering)                                      \
    X(cudaDevAttrMemoryPoolSupportedHandleTypes, 119, (int)p.memoryPoolSupportedHandleTypes)                           \
    X(cudaDevAttrClusterLaunch, 120, p.clusterLaunch)                                                                  \
    X(cudaDevAttrDeferredMappingCudaArraySupported, 121, p.deferredMappingCudaArraySupported)                          \
    X(cudaDevAttrIpcEventSupport, 125, p.ipcEventSupported)                                                            \
    X(cudaDevAttrMemSyncDomainCount, 126, 1)                                                                           \
    X(cudaDevAttrNumaConfig, 130, 0)                                                                                   \
    X(cudaDevAttrNumaId, 131, -1)                                                                                      \
    X(cudaDevAttrMpsEnabled, 133, 0)                                                                                   \
    X(cudaDevAttrHostNumaId, 134, -1)

typedef enum cudaDeviceAttr {
#define CU2AMD_ENUMERATOR(name, value, expr) name = value,
    CU2AMD_DEVICE_ATTRS(CU2AMD_ENUMERATOR)
#undef CU2AMD_ENUMERATOR
    cudaDevAttrMaxTimelineSemaphoreInteropSupported = 114, /* CUDA's older name */
} cudaDeviceAttr;

typedef enum cudaLimit {
    cudaLimitStackSize = 0x00,
    cudaLimitPrintfFifoSize = 0x01,
    cudaLimitMallocHeapSize = 0x02,
    cudaLimitDevRuntimeSyncDepth = 0x03,
    cudaLimitDevRuntimePendingLaunchCount = 0x04,
    cudaLimitMaxL2FetchGranularity = 0x05,
    cudaLimitPersistingL2CacheSize = 0x06,
} cudaLimit;

typedef enum cudaComputeMode {
    cudaComputeModeDefault = 0,
    cudaComputeModeExclusive = 1,
    cudaComputeModeProhibited = 2,
    cudaComputeModeExclusiveProcess = 3,
} cudaComputeMode;

typedef enum cudaFuncCache {
    cudaFuncCachePreferNone = 0,
    cudaFuncCachePreferShared = 1,
    cudaFuncCachePreferL1 = 2,
    cudaFuncCachePreferEqual = 3,
} cudaFuncCache;

typedef enum cudaSharedMemConfig {
    cudaSharedMemBankSizeDefault = 0,
    cudaSharedMemBankSizeFourByte = 1,
    cudaSharedMemBankSizeEightByte = 2,
} cudaSharedMemConfig;

typedef enum cudaFuncAttribute {
    cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
    cudaFuncAttributePreferredSharedMemoryCarveout = 9,
    cudaFuncAttributeClusterDimMustBeSet = 10,
    cudaFuncAttributeRequiredClusterWidth = 11,
    cudaFuncAttributeRequiredClusterHeight = 12,
    cudaFuncAttributeRequiredClusterDepth = 13,
    cudaFuncAttributeNonPortableClusterSizeAllowed = 14,
    cudaFuncAttributeClusterSchedulingPolicyPreference = 15,
    cudaFuncAttributeMax
} cudaFuncAttribute;

typedef enum cudaMemoryType {
    cudaMemoryTypeUnregistered = 0,
    cudaMemoryTypeHost = 1,
    cudaMemoryTypeDevice = 2,
    cudaMemoryTypeManaged = 3,
} cudaMemoryType;

typedef enum cudaMemoryAdvise {
    cudaMemAdviseSetReadMostly = 1,
    cudaMemAdviseUnsetReadMostly = 2,
    cudaMemAdviseSetPreferredLocation = 3,
    cudaMemAdviseUnsetPreferredLocation = 4,
    cudaMemAdviseSetAccessedBy = 5,
    cudaMemAdviseUnsetAccessedBy = 6,
} cudaMemoryAdvise;

typedef enum cudaStreamCaptureStatus {
    cudaStreamCaptureStatusNone = 0,
    cudaStreamCaptureStatusActive = 1,
    cudaStreamCaptureStatusInvalidated = 2,
} cudaStreamCaptureStatus;

/* CUDA's numbering (HIP's hipDeviceP2PAttr counts from 0). */
typedef enum cudaDeviceP2PAttr {
    cudaDevP2PAttrPerformanceRank = 1,
    cudaDevP2PAttrAccessSupported = 2,
    cudaDevP2PAttrNativeAtomicSupported = 3,
    cudaDevP2PAttrCudaArrayAccessSupported = 4,
} cudaDeviceP2PAttr;

/* ------------------------------------------------------------------ structures */

/* CUDA's device UUID (NVIDIA's headers name the struct CUuuid_st, which is the driver
 * API's; cu2amd's own tag keeps the two headers independent). */
typedef struct __cu2amd_uuid {
    char bytes[16];
} cudaUUID_t;

/* cudaDeviceProp as CUDA 12 lays it out (cudaGetDeviceProperties fills it). */
struct cudaDeviceProp {
    char name[256];
    cudaUUID_t uuid;
    char luid[8];
    unsigned int luidDeviceNodeMask;
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    size_t memPitch;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int clockRate;
    size_t totalConstMem;
    int major;
    int minor;
    size_t textureAlignment;
    size_t texturePitchAlignment;
    int deviceOverlap;
    int multiProcessorCount;
    int kernelExecTimeoutEnabled;
    int integrated;
    int canMapHostMemory;
    int computeMode;
    int maxTexture1D;
    int maxTexture1DMipmap;
    int maxTexture1DLinear;
    int maxTexture2D[2];
    int maxTexture2DMipmap[2];
    int maxTexture2DLinear[3];
    int maxTexture2DGather[2];
    int maxTexture3D[3];
    int maxTexture3DAlt[3];
    int maxTextureCubemap;
    int maxTexture1DLayered[2];
    int maxTexture2DLayered[3];
    int maxTextureCubemapLayered[2];
    int maxSurface1D;
    int maxSurface2D[2];
    int maxSurface3D[3];
    int maxSurface1DLayered[2];
    int maxSurface2DLayered[3];
    int maxSurfaceCubemap;
    int maxSurfaceCubemapLayered[2];
    size_t surfaceAlignment;
    int concurrentKernels;
    int ECCEnabled;
    int pciBusID;
    int pciDeviceID;
    int pciDomainID;
    int tccDriver;
    int asyncEngineCount;
    int unifiedAddressing;
    int memoryClockRate;
    int memoryBusWidth;
    int l2CacheSize;
    int persistingL2CacheMaxSize;
    int maxThreadsPerMultiProcessor;
    int streamPrioritiesSupported;
    int globalL1CacheSupported;
    int localL1CacheSupported;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor;
    int managedMemory;
    int isMultiGpuBoard;
    int multiGpuBoardGroupID;
    int hostNativeAtomicSupported;
    int singleToDoublePrecisionPerfRatio;
    int pageableMemoryAccess;
    int concurrentManagedAccess;
    int computePreemptionSupported;
    int canUseHostPointerForRegisteredMem;
    int cooperativeLaunch;
    int cooperativeMultiDeviceLaunch;
    size_t sharedMemPerBlockOptin;
    int pageableMemoryAccessUsesHostPageTables;
    int directManagedMemAccessFromHost;
    int maxBlocksPerMultiProcessor;
    int accessPolicyMaxWindowSize;
    size_t reservedSharedMemPerBlock;
    int hostRegisterSupported;
    int sparseCudaArraySupported;
    int hostRegisterReadOnlySupported;
    int timelineSemaphoreInteropSupported;
    int memoryPoolsSupported;
    int gpuDirectRDMASupported;
    unsigned int gpuDirectRDMAFlushWritesOptions;
    int gpuDirectRDMAWritesOrdering;
    unsigned int memoryPoolSupportedHandleTypes;
    int deferredMappingCudaArraySupported;
    int ipcEventSupported;
    int clusterLaunch;
    int unifiedFunctionPointers;
    int reserved2[2];
    int reserved1[1];
    int reserved[60];
};
typedef struct cudaDeviceProp cudaDeviceProp;

struct cudaPitchedPtr {
    void *ptr;
    size_t pitch;
    size_t xsize;
    size_t ysize;
};
struct cudaExtent {
    size_t width;
    size_t height;
    size_t depth;
};
struct cudaPos {
    size_t x;
    size_t y;
    size_t z;
};
typedef struct cudaPitchedPtr cudaPitchedPtr;
typedef struct cudaExtent cudaExtent;
typedef struct cudaPos cudaPos;

/* CUDA arrays (cudaArray_t): cu2amd/texture_types.h. */
struct cudaArray;
struct cudaMemcpy3DParms {
    struct cudaArray *srcArray;
    struct cudaPos srcPos;
    struct cudaPitchedPtr srcPtr;
    struct cudaArray *dstArray;
    struct cudaPos dstPos;
    struct cudaPitchedPtr dstPtr;
    struct cudaExtent extent;
    enum cudaMemcpyKind kind;
};
typedef struct cudaMemcpy3DParms cudaMemcpy3DParms;

struct cudaPointerAttributes {
    enum cudaMemoryType type;
    int device;
    void *devicePointer;
    void *hostPointer;
};
typedef struct cudaPointerAttributes cudaPointerAttributes;

struct cudaFuncAttributes {
    size_t sharedSizeBytes;
    size_t constSizeBytes;
    size_t localSizeBytes;
    int maxThreadsPerBlock;
    int numRegs;
    int ptxVersion;
    int binaryVersion;
    int cacheModeCA;
    int maxDynamicSharedSizeBytes;
    int preferredShmemCarveout;
    int clusterDimMustBeSet;
    int requiredClusterWidth;
    int requiredClusterHeight;
    int requiredClusterDepth;
    int clusterSchedulingPolicyPreference;
    int nonPortableClusterSizeAllowed;
    int reserved[16];
};
typedef struct cudaFuncAttributes cudaFuncAttributes;

typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status, void *userData);
typedef void (*cudaHostFn_t)(void *userData);

#endif
