/* The CUDA runtime API: the stream-ordered memory allocator's pools, IPC handles, managed
 * memory range queries and hints by location, stream attributes and ids. Part of
 * cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_EXTRA_H
#define CU2AMD_RUNTIME_EXTRA_H

/* ------------------------------------------------------------------ types (CUDA's values, HIP's too) */

typedef struct ihipMemPoolHandle_t *cudaMemPool_t;

enum cudaMemPoolAttr {
    cudaMemPoolReuseFollowEventDependencies = 0x1,
    cudaMemPoolReuseAllowOpportunistic = 0x2,
    cudaMemPoolReuseAllowInternalDependencies = 0x3,
    cudaMemPoolAttrReleaseThreshold = 0x4,
    cudaMemPoolAttrReservedMemCurrent = 0x5,
    cudaMemPoolAttrReservedMemHigh = 0x6,
    cudaMemPoolAttrUsedMemCurrent = 0x7,
    cudaMemPoolAttrUsedMemHigh = 0x8,
};
/* Host locations (CUDA 12.2) are for the _v2 hints only; pools are device memory. */
enum cudaMemLocationType {
    cudaMemLocationTypeInvalid = 0,
    cudaMemLocationTypeDevice = 1,
    cudaMemLocationTypeHost = 2,
    cudaMemLocationTypeHostNuma = 3,
    cudaMemLocationTypeHostNumaCurrent = 4,
};
struct cudaMemLocation {
    enum cudaMemLocationType type;
    int id;
};
enum cudaMemAccessFlags {
    cudaMemAccessFlagsProtNone = 0,
    cudaMemAccessFlagsProtRead = 1,
    cudaMemAccessFlagsProtReadWrite = 3,
};
struct cudaMemAccessDesc {
    struct cudaMemLocation location;
    enum cudaMemAccessFlags flags;
};
enum cudaMemAllocationType {
    cudaMemAllocationTypeInvalid = 0x0,
    cudaMemAllocationTypePinned = 0x1,
    cudaMemAllocationTypeMax = 0x7FFFFFFF,
};
enum cudaMemAllocationHandleType {
    cudaMemHandleTypeNone = 0x0,
    cudaMemHandleTypePosixFileDescriptor = 0x1,
    cudaMemHandleTypeWin32 = 0x2,
    cudaMemHandleTypeWin32Kmt = 0x4,
};
/* CUDA 12.0's layout, which is HIP's hipMemPoolProps. */
struct cudaMemPoolProps {
    enum cudaMemAllocationType allocType;
    enum cudaMemAllocationHandleType handleTypes;
    struct cudaMemLocation location;
    void *win32SecurityAttributes;
    unsigned char reserved[64];
};
/* 64 opaque bytes, as HIP's hipMemPoolPtrExportData. */
struct cudaMemPoolPtrExportData {
    unsigned char reserved[64];
};
enum cudaMemRangeAttribute {
    cudaMemRangeAttributeReadMostly = 1,
    cudaMemRangeAttributePreferredLocation = 2,
    cudaMemRangeAttributeAccessedBy = 3,
    cudaMemRangeAttributeLastPrefetchLocation = 4,
};
#define cudaIpcMemLazyEnablePeerAccess 0x01

/* Stream attributes, with CUDA 11's names (CUDA 12's cudaLaunchAttribute* values). */
enum cudaAccessProperty {
    cudaAccessPropertyNormal = 0,
    cudaAccessPropertyStreaming = 1,
    cudaAccessPropertyPersisting = 2,
};
struct cudaAccessPolicyWindow {
    void *base_ptr;
    size_t num_bytes;
    float hitRatio;
    enum cudaAccessProperty hitProp;
    enum cudaAccessProperty missProp;
};
enum cudaSynchronizationPolicy {
    cudaSyncPolicyAuto = 1,
    cudaSyncPolicySpin = 2,
    cudaSyncPolicyYield = 3,
    cudaSyncPolicyBlockingSync = 4,
};
enum cudaStreamAttrID {
    cudaStreamAttributeAccessPolicyWindow = 1,
    cudaStreamAttributeSynchronizationPolicy = 3,
    cudaStreamAttributePriority = 8,
};
union cudaStreamAttrValue {
    struct cudaAccessPolicyWindow accessPolicyWindow;
    enum cudaSynchronizationPolicy syncPolicy;
    int priority;
    char pad[64]; /* CUDA 12's size */
};
typedef union cudaStreamAttrValue cudaStreamAttrValue;

#include "cu2amd/stream_attributes.h"

/* ------------------------------------------------------------------ memory pools */

CU2AMD_API cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device) {
    return CU2AMD_ERR(hipDeviceGetDefaultMemPool(memPool, device));
}
CU2AMD_API cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device) {
    return CU2AMD_ERR(hipDeviceGetMemPool(memPool, device));
}
CU2AMD_API cudaError_t cudaDeviceSetMemPool(int device, cudaMemPool_t memPool) {
    return CU2AMD_ERR(hipDeviceSetMemPool(device, memPool));
}
CU2AMD_API cudaError_t cudaMemPoolCreate(cudaMemPool_t *memPool, const cudaMemPoolProps *poolProps) {
    return CU2AMD_ERR(hipMemPoolCreate(memPool, poolProps));
}
CU2AMD_API cudaError_t cudaMemPoolDestroy(cudaMemPool_t memPool) { return CU2AMD_ERR(hipMemPoolDestroy(memPool)); }
CU2AMD_API cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep) {
    return CU2AMD_ERR(hipMemPoolTrimTo(memPool, minBytesToKeep));
}
CU2AMD_API cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, cudaMemPoolAttr attr, void *value) {
    return CU2AMD_ERR(hipMemPoolSetAttribute(memPool, (int)attr, value));
}
CU2AMD_API cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, cudaMemPoolAttr attr, void *value) {
    return CU2AMD_ERR(hipMemPoolGetAttribute(memPool, (int)attr, value));
}
CU2AMD_API cudaError_t cudaMemPoolSetAccess(cudaMemPool_t memPool, const cudaMemAccessDesc *descList, size_t count) {
    return CU2AMD_ERR(hipMemPoolSetAccess(memPool, descList, count));
}
CU2AMD_API cudaError_t cudaMemPoolGetAccess(cudaMemAccessFlags *flags, cudaMemPool_t memPool,
                                            cudaMemLocation *location) {
    return CU2AMD_ERR(hipMemPoolGetAccess((int *)flags, memPool, location));
}
CU2AMD_API cudaError_t cudaMallocFromPoolAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
    return CU2AMD_ERR(hipMallocFromPoolAsync(ptr, size, memPool, __cu2amd_stream(stream)));
}
template <typename T>
static __host__ __inline__ cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size, cudaMemPool_t memPool,
                                                               cudaStream_t stream) {
    return cudaMallocFromPoolAsync((void **)ptr, size, memPool, stream);
}
/* Sharing a pool with another process (a pool made with cudaMemHandleTypePosixFileDescriptor):
 * its handle is a file descriptor, passed to the importer as (void *)(intptr_t)fd. */
CU2AMD_API cudaError_t cudaMemPoolExportToShareableHandle(void *shareableHandle, cudaMemPool_t memPool,
                                                          cudaMemAllocationHandleType handleType, unsigned int flags) {
    return CU2AMD_ERR(hipMemPoolExportToShareableHandle(shareableHandle, memPool, (int)handleType, flags));
}
CU2AMD_API cudaError_t cudaMemPoolImportFromShareableHandle(cudaMemPool_t *memPool, void *shareableHandle,
                                                            cudaMemAllocationHandleType handleType,
                                                            unsigned int flags) {
    return CU2AMD_ERR(hipMemPoolImportFromShareableHandle(memPool, shareableHandle, (int)handleType, flags));
}
CU2AMD_API cudaError_t cudaMemPoolExportPointer(cudaMemPoolPtrExportData *exportData, void *ptr) {
    return CU2AMD_ERR(hipMemPoolExportPointer(exportData, ptr));
}
CU2AMD_API cudaError_t cudaMemPoolImportPointer(void **ptr, cudaMemPool_t memPool, cudaMemPoolPtrExportData *exportData) {
    return CU2AMD_ERR(hipMemPoolImportPointer(ptr, memPool, exportData));
}
/* cuda_runtime.h's overloads of cudaMallocAsync that take a pool. */
CU2AMD_API cudaError_t cudaMallocAsync(void **ptr, size_t size, cudaMemPool_t memPool, cudaStream_t stream) {
    return cudaMallocFromPoolAsync(ptr, size, memPool, stream);
}
template <typename T>
static __host__ __inline__ cudaError_t cudaMallocAsync(T **ptr, size_t size, cudaMemPool_t memPool,
                                                       cudaStream_t stream) {
    return cudaMallocFromPoolAsync((void **)ptr, size, memPool, stream);
}

/* ------------------------------------------------------------------ IPC */

CU2AMD_API cudaError_t cudaIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr) {
    return CU2AMD_ERR(hipIpcGetMemHandle(handle, devPtr));
}
/* CUDA's one flag (lazy peer access) is what HIP always does: HIP takes only 0. */
CU2AMD_API cudaError_t cudaIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags) {
    if (flags & ~(unsigned)cudaIpcMemLazyEnablePeerAccess) return __cu2amd_fail(cudaErrorInvalidValue);
    return CU2AMD_ERR(hipIpcOpenMemHandle(devPtr, handle, 0));
}
template <typename T>
static __host__ __inline__ cudaError_t cudaIpcOpenMemHandle(T **devPtr, cudaIpcMemHandle_t handle,
                                                            unsigned int flags) {
    return cudaIpcOpenMemHandle((void **)devPtr, handle, flags);
}
CU2AMD_API cudaError_t cudaIpcCloseMemHandle(void *devPtr) { return CU2AMD_ERR(hipIpcCloseMemHandle(devPtr)); }
CU2AMD_API cudaError_t cudaIpcGetEventHandle(cudaIpcEventHandle_t *handle, cudaEvent_t event) {
    return CU2AMD_ERR(hipIpcGetEventHandle(handle, event));
}
CU2AMD_API cudaError_t cudaIpcOpenEventHandle(cudaEvent_t *event, cudaIpcEventHandle_t handle) {
    return CU2AMD_ERR(hipIpcOpenEventHandle(event, handle));
}

/* ------------------------------------------------------------------ managed memory */

CU2AMD_API cudaError_t cudaMemRangeGetAttribute(void *data, size_t dataSize, cudaMemRangeAttribute attribute,
                                                const void *devPtr, size_t count) {
    return CU2AMD_ERR(hipMemRangeGetAttribute(data, dataSize, (int)attribute, devPtr, count));
}
CU2AMD_API cudaError_t cudaMemRangeGetAttributes(void **data, size_t *dataSizes, cudaMemRangeAttribute *attributes,
                                                 size_t numAttributes, const void *devPtr, size_t count) {
    return CU2AMD_ERR(hipMemRangeGetAttributes(data, dataSizes, (int *)attributes, numAttributes, devPtr, count));
}
/* A location as the device number the first hints take: a device, or the host
 * (cudaCpuDeviceId); NUMA nodes of the host are not told apart (cudaErrorNotSupported). */
CU2AMD_API cudaError_t __cu2amd_location_device(cudaMemLocation location, int *device) {
    switch (location.type) {
    case cudaMemLocationTypeDevice: *device = location.id; return cudaSuccess;
    case cudaMemLocationTypeHost: *device = cudaCpuDeviceId; return cudaSuccess;
    case cudaMemLocationTypeHostNuma:
    case cudaMemLocationTypeHostNumaCurrent: return __cu2amd_fail(cudaErrorNotSupported);
    default: return __cu2amd_fail(cudaErrorInvalidValue);
    }
}
CU2AMD_API cudaError_t cudaMemAdvise_v2(const void *devPtr, size_t count, cudaMemoryAdvise advice,
                                        cudaMemLocation location) {
    int device = 0;
    cudaError_t err = __cu2amd_location_device(location, &device);
    return err != cudaSuccess ? err : CU2AMD_ERR(hipMemAdvise(devPtr, count, (int)advice, device));
}
CU2AMD_API cudaError_t cudaMemPrefetchAsync_v2(const void *devPtr, size_t count, cudaMemLocation location,
                                               unsigned int flags, cudaStream_t stream = 0) {
    int device = 0;
    if (flags != 0) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t err = __cu2amd_location_device(location, &device);
    return err != cudaSuccess ? err
                              : CU2AMD_ERR(hipMemPrefetchAsync(devPtr, count, device, __cu2amd_stream(stream)));
}

/* ------------------------------------------------------------------ streams and events */

/* An error of stream_attributes.h's own checks is remembered as HIP's are. */
CU2AMD_API cudaError_t __cu2amd_result(int err) { return err ? __cu2amd_fail((cudaError_t)err) : cudaSuccess; }

CU2AMD_API cudaError_t cudaStreamGetAttribute(cudaStream_t hStream, cudaStreamAttrID attr,
                                              cudaStreamAttrValue *value_out) {
    return __cu2amd_result(__cu2amd_stream_attribute(__cu2amd_stream(hStream), (int)attr, value_out, 0));
}
CU2AMD_API cudaError_t cudaStreamSetAttribute(cudaStream_t hStream, cudaStreamAttrID attr,
                                              const cudaStreamAttrValue *value) {
    return __cu2amd_result(__cu2amd_stream_attribute(__cu2amd_stream(hStream), (int)attr, (void *)value, 1));
}
CU2AMD_API cudaError_t cudaStreamCopyAttributes(cudaStream_t dst, cudaStream_t src) {
    return __cu2amd_result(__cu2amd_stream_copy_attributes(__cu2amd_stream(dst), __cu2amd_stream(src)));
}
CU2AMD_API cudaError_t cudaStreamGetId(cudaStream_t hStream, unsigned long long *streamId) {
    return __cu2amd_result(__cu2amd_stream_id(__cu2amd_stream(hStream), streamId));
}
CU2AMD_API cudaError_t cudaStreamGetDevice(cudaStream_t hStream, int *device) {
    return __cu2amd_result(__cu2amd_stream_device(__cu2amd_stream(hStream), device));
}
CU2AMD_API cudaError_t cudaEventElapsedTime_v2(float *ms, cudaEvent_t start, cudaEvent_t end) {
    return CU2AMD_ERR(hipEventElapsedTime(ms, start, end));
}

#endif
