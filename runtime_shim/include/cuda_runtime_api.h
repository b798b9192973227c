/* The CUDA runtime API on the HIP C ABI (first slice: memory, errors, device count and
 * properties, synchronisation, streams, events, launches). Host code compiled by
 * cu2amd-nvcc calls HIP's functions, which ROCm's libamdhip64 or cu2amd's host platform
 * runtime provide; CUDA's types and error codes are kept, with CUDA's meanings. */
#ifndef CU2AMD_CUDA_RUNTIME_API_H
#define CU2AMD_CUDA_RUNTIME_API_H

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
    X(cudaErrorInvalidSymbol, 13, "invalid device symbol")                                                             \
    X(cudaErrorInvalidDevicePointer, 17, "invalid device pointer")                                                     \
    X(cudaErrorInvalidMemcpyDirection, 21, "invalid copy direction for memcpy")                                        \
    X(cudaErrorMissingConfiguration, 52, "__global__ function call is not configured")                                 \
    X(cudaErrorInvalidDeviceFunction, 98, "invalid device function")                                                   \
    X(cudaErrorNoDevice, 100, "no CUDA-capable device is detected")                                                    \
    X(cudaErrorInvalidDevice, 101, "invalid device ordinal")                                                           \
    X(cudaErrorInvalidKernelImage, 200, "device kernel image is invalid")                                              \
    X(cudaErrorNoKernelImageForDevice, 209, "no kernel image is available for execution on the device")                \
    X(cudaErrorInvalidResourceHandle, 400, "invalid resource handle")                                                  \
    X(cudaErrorNotFound, 500, "named symbol not found")                                                                \
    X(cudaErrorNotReady, 600, "device not ready")                                                                      \
    X(cudaErrorIllegalAddress, 700, "an illegal memory access was encountered")                                        \
    X(cudaErrorLaunchOutOfResources, 701, "too many resources requested for launch")                                   \
    X(cudaErrorAssert, 710, "device-side assert triggered")                                                            \
    X(cudaErrorLaunchFailure, 719, "unspecified launch failure")                                                       \
    X(cudaErrorNotSupported, 801, "operation not supported")                                                           \
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

/* The subset of cudaDeviceProp filled so far (from hipGetDeviceProperties). */
struct cudaDeviceProp {
    char name[256];
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
    int regsPerBlock;
    int warpSize;
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];
    int clockRate;
    size_t totalConstMem;
    int major;
    int minor;
    int multiProcessorCount;
    int maxThreadsPerMultiProcessor;
};

extern "C" {
/* HIP's C ABI, as libamdhip64 (ROCm 5.x) and the host platform export it. Declared again,
 * with HIP's types, by runtime_shim/host/cu2amd_hip.h: tests/test_host_hip_abi.py checks
 * that both (and ROCm's header, where installed) give each function the same ABI. */
int hipMalloc(void **ptr, size_t size);
int hipFree(void *ptr);
int hipMemcpy(void *dst, const void *src, size_t size, int kind);
int hipMemcpyAsync(void *dst, const void *src, size_t size, int kind, cudaStream_t stream);
int hipMemset(void *dst, int value, size_t size);
int hipMemsetAsync(void *dst, int value, size_t size, cudaStream_t stream);
int hipDeviceSynchronize(void);
int hipDeviceReset(void);
int hipGetLastError(void);
int hipPeekAtLastError(void);
const char *hipGetErrorString(int error);
const char *hipGetErrorName(int error);
int hipGetDeviceCount(int *count);
int hipSetDevice(int device);
int hipGetDevice(int *device);
int hipStreamCreate(cudaStream_t *stream);
int hipStreamSynchronize(cudaStream_t stream);
int hipStreamDestroy(cudaStream_t stream);
int hipEventCreate(cudaEvent_t *event);
int hipEventRecord(cudaEvent_t event, cudaStream_t stream);
int hipEventSynchronize(cudaEvent_t event);
int hipEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t stop);
int hipEventDestroy(cudaEvent_t event);
int hipLaunchKernel(const void *function, dim3 grid, dim3 block, void **args, size_t shmem, cudaStream_t stream);
int __hipPushCallConfiguration(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t stream = 0);
int __hipPopCallConfiguration(dim3 *grid, dim3 *block, size_t *shmem, cudaStream_t *stream);
int hipGetDeviceProperties(void *prop, int device);
#if !defined(__HIP__)
/* Only seen by the host platform's device pass (clang CUDA mode), which parses host code
 * and needs the launch configuration function declared; it never emits a call to it. */
int cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t stream = 0);
#endif
}

/* HIP's hipDeviceProp_t (ROCm 5.2 layout) is larger than any CUDA program's view of it. */
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
    char rest[1024];
};

#define CU2AMD_API static __host__ __inline__
#define CU2AMD_ERR(call) ((cudaError_t)(call))

CU2AMD_API cudaError_t cudaMalloc(void **ptr, size_t size) { return CU2AMD_ERR(hipMalloc(ptr, size)); }
template <typename T> static __host__ __inline__ cudaError_t cudaMalloc(T **ptr, size_t size) {
    return cudaMalloc((void **)ptr, size);
}
CU2AMD_API cudaError_t cudaFree(void *ptr) { return CU2AMD_ERR(hipFree(ptr)); }
CU2AMD_API cudaError_t cudaMemcpy(void *dst, const void *src, size_t size, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipMemcpy(dst, src, size, kind));
}
CU2AMD_API cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t size, cudaMemcpyKind kind,
                                       cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemcpyAsync(dst, src, size, kind, stream));
}
CU2AMD_API cudaError_t cudaMemset(void *dst, int value, size_t size) { return CU2AMD_ERR(hipMemset(dst, value, size)); }
CU2AMD_API cudaError_t cudaMemsetAsync(void *dst, int value, size_t size, cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemsetAsync(dst, value, size, stream));
}
CU2AMD_API cudaError_t cudaDeviceSynchronize(void) { return CU2AMD_ERR(hipDeviceSynchronize()); }
CU2AMD_API cudaError_t cudaDeviceReset(void) { return CU2AMD_ERR(hipDeviceReset()); }
CU2AMD_API cudaError_t cudaGetLastError(void) { return CU2AMD_ERR(hipGetLastError()); }
CU2AMD_API cudaError_t cudaPeekAtLastError(void) { return CU2AMD_ERR(hipPeekAtLastError()); }
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
CU2AMD_API cudaError_t cudaGetDeviceCount(int *count) { return CU2AMD_ERR(hipGetDeviceCount(count)); }
CU2AMD_API cudaError_t cudaSetDevice(int device) { return CU2AMD_ERR(hipSetDevice(device)); }
CU2AMD_API cudaError_t cudaGetDevice(int *device) { return CU2AMD_ERR(hipGetDevice(device)); }
CU2AMD_API cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device) {
    __cu2amd_hip_device_prop hip;
    cudaError_t err = CU2AMD_ERR(hipGetDeviceProperties(&hip, device));
    if (err != cudaSuccess) return err;
    __builtin_memcpy(prop->name, hip.name, sizeof prop->name);
    prop->totalGlobalMem = hip.totalGlobalMem;
    prop->sharedMemPerBlock = hip.sharedMemPerBlock;
    prop->regsPerBlock = hip.regsPerBlock;
    prop->warpSize = 32; /* CUDA's warp: cu2amd gives kernels warp-32 semantics */
    prop->maxThreadsPerBlock = hip.maxThreadsPerBlock;
    for (int i = 0; i < 3; i++) prop->maxThreadsDim[i] = hip.maxThreadsDim[i], prop->maxGridSize[i] = hip.maxGridSize[i];
    prop->clockRate = hip.clockRate;
    prop->totalConstMem = hip.totalConstMem;
    prop->major = hip.major;
    prop->minor = hip.minor;
    prop->multiProcessorCount = hip.multiProcessorCount;
    prop->maxThreadsPerMultiProcessor = hip.maxThreadsPerMultiProcessor;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaStreamCreate(cudaStream_t *stream) { return CU2AMD_ERR(hipStreamCreate(stream)); }
CU2AMD_API cudaError_t cudaStreamSynchronize(cudaStream_t stream) { return CU2AMD_ERR(hipStreamSynchronize(stream)); }
CU2AMD_API cudaError_t cudaStreamDestroy(cudaStream_t stream) { return CU2AMD_ERR(hipStreamDestroy(stream)); }
CU2AMD_API cudaError_t cudaEventCreate(cudaEvent_t *event) { return CU2AMD_ERR(hipEventCreate(event)); }
CU2AMD_API cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipEventRecord(event, stream));
}
CU2AMD_API cudaError_t cudaEventSynchronize(cudaEvent_t event) { return CU2AMD_ERR(hipEventSynchronize(event)); }
CU2AMD_API cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t stop) {
    return CU2AMD_ERR(hipEventElapsedTime(ms, start, stop));
}
CU2AMD_API cudaError_t cudaEventDestroy(cudaEvent_t event) { return CU2AMD_ERR(hipEventDestroy(event)); }

#undef CU2AMD_API
#undef CU2AMD_ERR
#undef CU2AMD_CUDA_ERRORS
#endif
