/* The CUDA runtime API's types, enums and macros (CUDA 12 numbering and layouts), as
 * cuda_runtime_api.h uses them. Part of cu2amd's cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_TYPES_H
#define CU2AMD_RUNTIME_TYPES_H

#include <stddef.h>

#include "cu2amd/config.h"
#include "vector_types.h"

/* CUDA 12's runtime error codes: the enumerator, its value, and the text cudaGetErrorString
 * gives for it (CUDA's own, or, for codes newer than those texts, CUDA's description of the
 * code, shortened). One list makes the enum, cudaGetErrorName and cudaGetErrorString, which
 * never depend on the HIP runtime's own names or texts. HIP's codes have the same numbers
 * (its HSA-runtime codes, which CUDA lacks, are translated by __cu2amd_cuda_error). */
#define CU2AMD_CUDA_ERRORS(X)                                                                                          \
    X(cudaSuccess, 0, "no error")                                                                                      \
    X(cudaErrorInvalidValue, 1, "invalid argument")                                                                    \
    X(cudaErrorMemoryAllocation, 2, "out of memory")                                                                   \
    X(cudaErrorInitializationError, 3, "initialization error")                                                         \
    X(cudaErrorCudartUnloading, 4, "driver shutting down")                                                             \
    X(cudaErrorProfilerDisabled, 5, "profiler disabled while using external profiling tool")                           \
    X(cudaErrorProfilerNotInitialized, 6, "profiler not initialized: call cudaProfilerInitialize()")                   \
    X(cudaErrorProfilerAlreadyStarted, 7, "profiler already started")                                                  \
    X(cudaErrorProfilerAlreadyStopped, 8, "profiler already stopped")                                                  \
    X(cudaErrorInvalidConfiguration, 9, "invalid configuration argument")                                              \
    X(cudaErrorInvalidPitchValue, 12, "invalid pitch argument")                                                        \
    X(cudaErrorInvalidSymbol, 13, "invalid device symbol")                                                             \
    X(cudaErrorInvalidHostPointer, 16, "invalid host pointer")                                                         \
    X(cudaErrorInvalidDevicePointer, 17, "invalid device pointer")                                                     \
    X(cudaErrorInvalidTexture, 18, "invalid texture reference")                                                        \
    X(cudaErrorInvalidTextureBinding, 19, "texture is not bound to a pointer")                                         \
    X(cudaErrorInvalidChannelDescriptor, 20, "invalid channel descriptor")                                             \
    X(cudaErrorInvalidMemcpyDirection, 21, "invalid copy direction for memcpy")                                        \
    X(cudaErrorAddressOfConstant, 22, "invalid address of constant")                                                   \
    X(cudaErrorTextureFetchFailed, 23, "fetch from texture failed")                                                    \
    X(cudaErrorTextureNotBound, 24, "cannot fetch from a texture that is not bound")                                   \
    X(cudaErrorSynchronizationError, 25, "incorrect use of __syncthreads()")                                           \
    X(cudaErrorInvalidFilterSetting, 26, "linear filtering not supported for non-float type")                          \
    X(cudaErrorInvalidNormSetting, 27, "read as normalized float not supported for 32-bit non float type")             \
    X(cudaErrorMixedDeviceExecution, 28, "device emulation mode and device execution mode cannot be mixed")            \
    X(cudaErrorNotYetImplemented, 31, "feature not yet implemented")                                                   \
    X(cudaErrorMemoryValueTooLarge, 32, "memory size or pointer value too large to fit in 32 bit")                     \
    X(cudaErrorStubLibrary, 34, "CUDA driver is a stub library")                                                       \
    X(cudaErrorInsufficientDriver, 35, "CUDA driver version is insufficient for CUDA runtime version")                 \
    X(cudaErrorCallRequiresNewerDriver, 36, "API call is not supported in the installed CUDA driver")                  \
    X(cudaErrorInvalidSurface, 37, "invalid surface reference")                                                        \
    X(cudaErrorDuplicateVariableName, 43, "duplicate global variable looked up by string name")                        \
    X(cudaErrorDuplicateTextureName, 44, "duplicate texture looked up by string name")                                 \
    X(cudaErrorDuplicateSurfaceName, 45, "duplicate surface looked up by string name")                                 \
    X(cudaErrorDevicesUnavailable, 46, "CUDA-capable device(s) is/are busy or unavailable")                            \
    X(cudaErrorIncompatibleDriverContext, 49, "incompatible driver context")                                           \
    X(cudaErrorMissingConfiguration, 52, "__global__ function call is not configured")                                 \
    X(cudaErrorPriorLaunchFailure, 53, "unspecified launch failure in prior launch")                                   \
    X(cudaErrorLaunchMaxDepthExceeded, 65, "launch would exceed maximum depth of nested launches")                     \
    X(cudaErrorLaunchFileScopedTex, 66, "launch failed because kernel uses unsupported, file-scoped textures (texture objects are supported)") \
    X(cudaErrorLaunchFileScopedSurf, 67, "launch failed because kernel uses unsupported, file-scoped surfaces (surface objects are supported)") \
    X(cudaErrorSyncDepthExceeded, 68, "cudaDeviceSynchronize failed because caller's grid depth exceeds cudaLimitDevRuntimeSyncDepth") \
    X(cudaErrorLaunchPendingCountExceeded, 69, "launch failed because launch would exceed cudaLimitDevRuntimePendingLaunchCount") \
    X(cudaErrorInvalidDeviceFunction, 98, "invalid device function")                                                   \
    X(cudaErrorNoDevice, 100, "no CUDA-capable device is detected")                                                    \
    X(cudaErrorInvalidDevice, 101, "invalid device ordinal")                                                           \
    X(cudaErrorDeviceNotLicensed, 102, "device doesn't have valid Grid license")                                       \
    X(cudaErrorSoftwareValidityNotEstablished, 103, "integrity checks failed")                                         \
    X(cudaErrorStartupFailure, 127, "startup failure in cuda runtime")                                                 \
    X(cudaErrorInvalidKernelImage, 200, "device kernel image is invalid")                                              \
    X(cudaErrorDeviceUninitialized, 201, "invalid device context")                                                     \
    X(cudaErrorMapBufferObjectFailed, 205, "mapping of buffer object failed")                                          \
    X(cudaErrorUnmapBufferObjectFailed, 206, "unmapping of buffer object failed")                                      \
    X(cudaErrorArrayIsMapped, 207, "array is mapped")                                                                  \
    X(cudaErrorAlreadyMapped, 208, "resource already mapped")                                                          \
    X(cudaErrorNoKernelImageForDevice, 209, "no kernel image is available for execution on the device")                \
    X(cudaErrorAlreadyAcquired, 210, "resource already acquired")                                                      \
    X(cudaErrorNotMapped, 211, "resource not mapped")                                                                  \
    X(cudaErrorNotMappedAsArray, 212, "resource not mapped as array")                                                  \
    X(cudaErrorNotMappedAsPointer, 213, "resource not mapped as pointer")                                              \
    X(cudaErrorECCUncorrectable, 214, "uncorrectable ECC error encountered")                                           \
    X(cudaErrorUnsupportedLimit, 215, "limit is not supported on this architecture")                                   \
    X(cudaErrorDeviceAlreadyInUse, 216, "exclusive-thread device already in use by a different thread")                \
    X(cudaErrorPeerAccessUnsupported, 217, "peer access is not supported between these two devices")                   \
    X(cudaErrorInvalidPtx, 218, "a PTX JIT compilation failed")                                                        \
    X(cudaErrorInvalidGraphicsContext, 219, "invalid OpenGL or DirectX context")                                       \
    X(cudaErrorNvlinkUncorrectable, 220, "uncorrectable NVLink error detected during the execution")                   \
    X(cudaErrorJitCompilerNotFound, 221, "PTX JIT compiler library not found")                                         \
    X(cudaErrorUnsupportedPtxVersion, 222, "the provided PTX was compiled with an unsupported toolchain.")             \
    X(cudaErrorJitCompilationDisabled, 223, "PTX JIT compilation was disabled")                                        \
    X(cudaErrorUnsupportedExecAffinity, 224, "the provided execution affinity is not supported")                       \
    X(cudaErrorUnsupportedDevSideSync, 225, "the PTX contains an unsupported call to cudaDeviceSynchronize")           \
    X(cudaErrorContained, 226, "an exception occurred on the device that is now contained by the GPU's error containment capability") \
    X(cudaErrorInvalidSource, 300, "device kernel image is invalid")                                                   \
    X(cudaErrorFileNotFound, 301, "file not found")                                                                    \
    X(cudaErrorSharedObjectSymbolNotFound, 302, "shared object symbol not found")                                      \
    X(cudaErrorSharedObjectInitFailed, 303, "shared object initialization failed")                                     \
    X(cudaErrorOperatingSystem, 304, "OS call failed or operation not supported on this OS")                           \
    X(cudaErrorInvalidResourceHandle, 400, "invalid resource handle")                                                  \
    X(cudaErrorIllegalState, 401, "the operation cannot be performed in the present state")                            \
    X(cudaErrorLossyQuery, 402, "attempted introspection would be semantically lossy")                                 \
    X(cudaErrorSymbolNotFound, 500, "named symbol not found")                                                          \
    X(cudaErrorNotReady, 600, "device not ready")                                                                      \
    X(cudaErrorIllegalAddress, 700, "an illegal memory access was encountered")                                        \
    X(cudaErrorLaunchOutOfResources, 701, "too many resources requested for launch")                                   \
    X(cudaErrorLaunchTimeout, 702, "the launch timed out and was terminated")                                          \
    X(cudaErrorLaunchIncompatibleTexturing, 703, "launch uses incompatible texturing mode")                            \
    X(cudaErrorPeerAccessAlreadyEnabled, 704, "peer access is already enabled")                                        \
    X(cudaErrorPeerAccessNotEnabled, 705, "peer access has not been enabled")                                          \
    X(cudaErrorSetOnActiveProcess, 708, "cannot set while device is active in this process")                           \
    X(cudaErrorContextIsDestroyed, 709, "context is destroyed")                                                        \
    X(cudaErrorAssert, 710, "device-side assert triggered")                                                            \
    X(cudaErrorTooManyPeers, 711, "peer mapping resources exhausted")                                                  \
    X(cudaErrorHostMemoryAlreadyRegistered, 712, "part or all of the requested memory range is already mapped")        \
    X(cudaErrorHostMemoryNotRegistered, 713, "pointer does not correspond to a registered memory region")              \
    X(cudaErrorHardwareStackError, 714, "hardware stack error")                                                        \
    X(cudaErrorIllegalInstruction, 715, "an illegal instruction was encountered")                                      \
    X(cudaErrorMisalignedAddress, 716, "misaligned address")                                                           \
    X(cudaErrorInvalidAddressSpace, 717, "operation not supported on global/shared address space")                     \
    X(cudaErrorInvalidPc, 718, "invalid program counter")                                                              \
    X(cudaErrorLaunchFailure, 719, "unspecified launch failure")                                                       \
    X(cudaErrorCooperativeLaunchTooLarge, 720, "too many blocks in cooperative launch")                                \
    X(cudaErrorTensorMemoryLeak, 721, "tensor memory was not completely deallocated on kernel exit")                   \
    X(cudaErrorNotPermitted, 800, "operation not permitted")                                                           \
    X(cudaErrorNotSupported, 801, "operation not supported")                                                           \
    X(cudaErrorSystemNotReady, 802, "system not yet initialized")                                                      \
    X(cudaErrorSystemDriverMismatch, 803, "system has unsupported display driver / cuda driver combination")           \
    X(cudaErrorCompatNotSupportedOnDevice, 804, "forward compatibility was attempted on non supported HW")             \
    X(cudaErrorMpsConnectionFailed, 805, "MPS client failed to connect to the MPS control daemon or the MPS server")   \
    X(cudaErrorMpsRpcFailure, 806, "the remote procedural call between the MPS server and the MPS client failed")      \
    X(cudaErrorMpsServerNotReady, 807, "MPS server is not ready to accept new MPS client requests")                    \
    X(cudaErrorMpsMaxClientsReached, 808, "the hardware resources required to create MPS client have been exhausted")  \
    X(cudaErrorMpsMaxConnectionsReached, 809, "the hardware resources required to support device connections have been exhausted") \
    X(cudaErrorMpsClientTerminated, 810, "the MPS client has been terminated by the server")                           \
    X(cudaErrorCdpNotSupported, 811, "CUDA Dynamic Parallelism is not supported in the current configuration")         \
    X(cudaErrorCdpVersionMismatch, 812, "unsupported interaction between different versions of CUDA Dynamic Parallelism") \
    X(cudaErrorStreamCaptureUnsupported, 900, "operation not permitted when stream is capturing")                      \
    X(cudaErrorStreamCaptureInvalidated, 901, "operation failed due to a previous error during capture")               \
    X(cudaErrorStreamCaptureMerge, 902, "operation would result in a merge of separate capture sequences")             \
    X(cudaErrorStreamCaptureUnmatched, 903, "capture was not ended in the same stream as it began")                    \
    X(cudaErrorStreamCaptureUnjoined, 904, "capturing stream has unjoined work")                                       \
    X(cudaErrorStreamCaptureIsolation, 905, "dependency created on uncaptured work in another stream")                 \
    X(cudaErrorStreamCaptureImplicit, 906, "operation would make the legacy stream depend on a capturing blocking stream") \
    X(cudaErrorCapturedEvent, 907, "operation not permitted on an event last recorded in a capturing stream")          \
    X(cudaErrorStreamCaptureWrongThread, 908, "attempt to terminate a thread-local capture sequence from another thread") \
    X(cudaErrorTimeout, 909, "wait operation timed out")                                                               \
    X(cudaErrorGraphExecUpdateFailure, 910, "the graph update was not performed because it included changes which violated constraints specific to instantiated graph update") \
    X(cudaErrorExternalDevice, 911, "an async error has occured in external entity outside of CUDA")                   \
    X(cudaErrorInvalidClusterSize, 912, "a kernel launch error has occurred due to cluster misconfiguration")          \
    X(cudaErrorFunctionNotLoaded, 913, "the function handle is not loaded")                                            \
    X(cudaErrorInvalidResourceType, 914, "one or more resources passed in are not valid resource types for the operation") \
    X(cudaErrorInvalidResourceConfiguration, 915, "one or more resources are insufficient or non-applicable for the operation") \
    X(cudaErrorUnknown, 999, "unknown error")                                                                          \
    X(cudaErrorApiFailureBase, 10000, "api failure base")

typedef enum cudaError {
#define CU2AMD_ENUMERATOR(name, value, text) name = value,
    CU2AMD_CUDA_ERRORS(CU2AMD_ENUMERATOR)
#undef CU2AMD_ENUMERATOR
    cudaErrorNotFound = cudaErrorSymbolNotFound, /* HIP's name for code 500, kept for cu2amd's earlier users */
} cudaError_t;

/* A HIP error code as CUDA's: the same number, but for HIP's HSA-runtime failures (1052:
 * a memory call, 1053: any other), which CUDA has no codes for. */
static __host__ __inline__ cudaError_t __cu2amd_cuda_error(int hip) {
    return hip == 1052 ? cudaErrorMemoryAllocation : hip == 1053 ? cudaErrorUnknown : (cudaError_t)hip;
}

typedef enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4,
} cudaMemcpyKind;

typedef struct ihipStream_t *cudaStream_t;
/* A kernel as the driver API sees it: cuda.h's CUfunction (HIP's hipFunction_t), as CUDA's
 * cudaFunction_t and CUfunction are one type. */
typedef struct ihipModuleSymbol_t *cudaFunction_t;
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
