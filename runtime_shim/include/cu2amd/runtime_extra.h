/* The CUDA runtime API: the stream-ordered memory allocator's pools, IPC handles, managed
 * memory range queries and hints by location, stream attributes and ids. Part of
 * cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_EXTRA_H
#define CU2AMD_RUNTIME_EXTRA_H

#include "cu2amd/spin_lock.h"

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

/* ------------------------------------------------------------------ occupancy */

/* The most dynamic shared memory per block with which numBlocks blocks of blockSize threads
 * stay resident on a multiprocessor: the largest size the occupancy model
 * (cudaOccupancyMaxActiveBlocksPerMultiprocessor) allows, found by bisection (its block count
 * falls as the size grows); 0 when numBlocks is out of reach even without any. */
CU2AMD_API cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, const void *func,
                                                                 int numBlocks, int blockSize) {
    if (!dynamicSmemSize || numBlocks <= 0 || blockSize <= 0) return __cu2amd_fail(cudaErrorInvalidValue);
    int device = 0, perSM = 0, blocks = 0;
    cudaError_t err = cudaGetDevice(&device);
    if (err == cudaSuccess) err = cudaDeviceGetAttribute(&perSM, cudaDevAttrMaxSharedMemoryPerMultiprocessor, device);
    if (err == cudaSuccess) err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, func, blockSize, 0);
    if (err != cudaSuccess) return err;
    size_t lo = 0, hi = (size_t)perSM; /* the answer is in [lo, hi] */
    if (blocks < numBlocks) hi = 0;
    while (lo < hi) {
        size_t mid = lo + (hi - lo + 1) / 2;
        if ((err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, func, blockSize, mid)) != cudaSuccess)
            return err;
        if (blocks >= numBlocks) lo = mid;
        else hi = mid - 1;
    }
    *dynamicSmemSize = lo;
    return cudaSuccess;
}
template <typename T>
static __host__ __inline__ cudaError_t cudaOccupancyAvailableDynamicSMemPerBlock(size_t *dynamicSmemSize, T func,
                                                                                 int numBlocks, int blockSize) {
    return cudaOccupancyAvailableDynamicSMemPerBlock(dynamicSmemSize, (const void *)func, numBlocks, blockSize);
}

/* ------------------------------------------------------------------ device management */

/* The devices to use in order of preference: each is checked, and the first becomes the
 * current device (CUDA makes the context on the first usable one; every device is usable
 * here, having no exclusive compute modes). NULL with len 0 restores the default (device 0). */
CU2AMD_API cudaError_t cudaSetValidDevices(int *device_arr, int len) {
    int count = 0;
    if (len < 0 || (!device_arr && len != 0)) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) return err;
    for (int i = 0; i < len; i++)
        if (device_arr[i] < 0 || device_arr[i] >= count) return __cu2amd_fail(cudaErrorInvalidDevice);
    return cudaSetDevice(len ? device_arr[0] : 0);
}

enum cudaFlushGPUDirectRDMAWritesTarget {
    cudaFlushGPUDirectRDMAWritesTargetCurrentDevice = 0,
};
enum cudaFlushGPUDirectRDMAWritesScope {
    cudaFlushGPUDirectRDMAWritesToOwner = 100,
    cudaFlushGPUDirectRDMAWritesToAllDevices = 200,
};
/* No third-party device writes to GPU memory over GPUDirect RDMA on cu2amd's targets: what
 * remains of the flush is a system-wide memory fence, so that writes made before the call
 * are visible to the device's later work. */
CU2AMD_API cudaError_t cudaDeviceFlushGPUDirectRDMAWrites(enum cudaFlushGPUDirectRDMAWritesTarget target,
                                                          enum cudaFlushGPUDirectRDMAWritesScope scope) {
    if (target != cudaFlushGPUDirectRDMAWritesTargetCurrentDevice ||
        (scope != cudaFlushGPUDirectRDMAWritesToOwner && scope != cudaFlushGPUDirectRDMAWritesToAllDevices))
        return __cu2amd_fail(cudaErrorInvalidValue);
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    return cudaSuccess;
}

/* Notifications of a device's memory budget (CUDA 12.4). Registration and removal follow
 * CUDA; the only notification CUDA has, going over the budget, is one that the operating
 * system's video memory manager sends (Windows): on Linux, AMD's and the host platform's, no
 * such budget exists, so no notification is ever sent. */
typedef enum __cu2amd_async_notification_type {
    cudaAsyncNotificationTypeOverBudget = 0x1,
} cudaAsyncNotificationType;
typedef struct cudaAsyncNotificationInfo {
    cudaAsyncNotificationType type;
    union {
        struct {
            unsigned long long bytesOverBudget;
        } overBudget;
    } info;
} cudaAsyncNotificationInfo_t;
typedef struct cudaAsyncCallbackEntry *cudaAsyncCallbackHandle_t;
typedef void (*cudaAsyncCallback)(cudaAsyncNotificationInfo_t *, void *, cudaAsyncCallbackHandle_t);
struct cudaAsyncCallbackEntry {
    int device;
    cudaAsyncCallback callback;
    void *userData;
    struct cudaAsyncCallbackEntry *next;
};
__host__ inline struct cudaAsyncCallbackEntry **__cu2amd_async_callbacks(int lock) {
    static struct cudaAsyncCallbackEntry *head = 0;
    static int busy = 0;
    __cu2amd_spin_lock(&busy, lock);
    return &head;
}
CU2AMD_API cudaError_t cudaDeviceRegisterAsyncNotification(int device, cudaAsyncCallback callbackFunc,
                                                           void *userData, cudaAsyncCallbackHandle_t *callback) {
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) return err;
    if (device < 0 || device >= count) return __cu2amd_fail(cudaErrorInvalidDevice);
    if (!callbackFunc || !callback) return __cu2amd_fail(cudaErrorInvalidValue);
    struct cudaAsyncCallbackEntry *entry = (struct cudaAsyncCallbackEntry *)malloc(sizeof *entry);
    if (!entry) return __cu2amd_fail(cudaErrorMemoryAllocation);
    entry->device = device;
    entry->callback = callbackFunc;
    entry->userData = userData;
    struct cudaAsyncCallbackEntry **head = __cu2amd_async_callbacks(1);
    entry->next = *head;
    *head = entry;
    __cu2amd_async_callbacks(0);
    *callback = entry;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaDeviceUnregisterAsyncNotification(int device, cudaAsyncCallbackHandle_t callback) {
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) return err;
    if (device < 0 || device >= count) return __cu2amd_fail(cudaErrorInvalidDevice);
    err = cudaErrorInvalidValue;
    for (struct cudaAsyncCallbackEntry **e = __cu2amd_async_callbacks(1); *e; e = &(*e)->next)
        if (*e == callback && (*e)->device == device) {
            struct cudaAsyncCallbackEntry *gone = *e;
            *e = gone->next;
            free(gone);
            err = cudaSuccess;
            break;
        }
    __cu2amd_async_callbacks(0);
    return err == cudaSuccess ? err : __cu2amd_fail(err);
}

/* ------------------------------------------------------------------ peer and batched copies */

struct cudaMemcpy3DPeerParms {
    cudaArray_t srcArray;
    struct cudaPos srcPos;
    struct cudaPitchedPtr srcPtr;
    int srcDevice;
    cudaArray_t dstArray;
    struct cudaPos dstPos;
    struct cudaPitchedPtr dstPtr;
    int dstDevice;
    struct cudaExtent extent;
};
typedef struct cudaMemcpy3DPeerParms cudaMemcpy3DPeerParms;

/* A 3D copy between devices: the devices are checked, then it is cudaMemcpy3D's copy (memory
 * of every device is one address space to HIP, which copies between devices itself). */
CU2AMD_API cudaError_t __cu2amd_memcpy3d_peer(const cudaMemcpy3DPeerParms *p, int async, cudaStream_t stream) {
    int count = 0;
    if (!p) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) return err;
    if (p->srcDevice < 0 || p->srcDevice >= count || p->dstDevice < 0 || p->dstDevice >= count)
        return __cu2amd_fail(cudaErrorInvalidDevice);
    cudaMemcpy3DParms q = {};
    q.srcArray = p->srcArray;
    q.srcPos = p->srcPos;
    q.srcPtr = p->srcPtr;
    q.dstArray = p->dstArray;
    q.dstPos = p->dstPos;
    q.dstPtr = p->dstPtr;
    q.extent = p->extent;
    q.kind = cudaMemcpyDeviceToDevice;
    return async ? cudaMemcpy3DAsync(&q, stream) : cudaMemcpy3D(&q);
}
CU2AMD_API cudaError_t cudaMemcpy3DPeer(const cudaMemcpy3DPeerParms *p) { return __cu2amd_memcpy3d_peer(p, 0, 0); }
CU2AMD_API cudaError_t cudaMemcpy3DPeerAsync(const cudaMemcpy3DPeerParms *p, cudaStream_t stream = 0) {
    return __cu2amd_memcpy3d_peer(p, 1, stream);
}

/* Batched copies (CUDA 12.8's signatures). */
enum cudaMemcpySrcAccessOrder {
    cudaMemcpySrcAccessOrderInvalid = 0x0,
    cudaMemcpySrcAccessOrderStream = 0x1,
    cudaMemcpySrcAccessOrderDuringApiCall = 0x2,
    cudaMemcpySrcAccessOrderAny = 0x3,
    cudaMemcpySrcAccessOrderMax = 0x7FFFFFFF,
};
enum cudaMemcpyFlags {
    cudaMemcpyFlagDefault = 0x0,
    cudaMemcpyFlagPreferOverlapWithCompute = 0x1,
};
struct cudaMemcpyAttributes {
    enum cudaMemcpySrcAccessOrder srcAccessOrder;
    struct cudaMemLocation srcLocHint;
    struct cudaMemLocation dstLocHint;
    unsigned int flags;
};
typedef struct cudaMemcpyAttributes cudaMemcpyAttributes;
struct cudaOffset3D {
    size_t x;
    size_t y;
    size_t z;
};
enum cudaMemcpy3DOperandType {
    cudaMemcpyOperandTypePointer = 0x1,
    cudaMemcpyOperandTypeArray = 0x2,
    cudaMemcpyOperandTypeMax = 0x7FFFFFFF,
};
struct cudaMemcpy3DOperand {
    enum cudaMemcpy3DOperandType type;
    union {
        struct {
            void *ptr;
            size_t rowLength;
            size_t layerHeight;
            struct cudaMemLocation locHint;
        } ptr;
        struct {
            cudaArray_t array;
            struct cudaOffset3D offset;
        } array;
    } op;
};
typedef struct cudaMemcpy3DOperand cudaMemcpy3DOperand;
struct cudaMemcpy3DBatchOp {
    struct cudaMemcpy3DOperand src;
    struct cudaMemcpy3DOperand dst;
    struct cudaExtent extent;
    enum cudaMemcpySrcAccessOrder srcAccessOrder;
    unsigned int flags;
};
typedef struct cudaMemcpy3DBatchOp cudaMemcpy3DBatchOp;

/* The batch's stream may not be the legacy default stream (CUDA's rule). */
CU2AMD_API int __cu2amd_legacy_stream(cudaStream_t stream) {
#ifdef CUDA_API_PER_THREAD_DEFAULT_STREAM
    return stream == cudaStreamLegacy;
#else
    return stream == 0 || stream == cudaStreamLegacy;
#endif
}
CU2AMD_API int __cu2amd_valid_copy_order(enum cudaMemcpySrcAccessOrder order, unsigned int flags) {
    return order >= cudaMemcpySrcAccessOrderStream && order <= cudaMemcpySrcAccessOrderAny &&
           (flags & ~(unsigned)cudaMemcpyFlagPreferOverlapWithCompute) == 0;
}
/* One copy of a batch, stream-ordered. With cudaMemcpySrcAccessOrderDuringApiCall the source
 * must have been read when the call returns: the copy is waited for. */
CU2AMD_API cudaError_t __cu2amd_batch_copy_done(cudaError_t err, enum cudaMemcpySrcAccessOrder order,
                                                cudaStream_t stream) {
    if (err == cudaSuccess && order == cudaMemcpySrcAccessOrderDuringApiCall) err = cudaStreamSynchronize(stream);
    return err;
}

/* Each copy in turn, in stream order (CUDA promises no order within the batch), with
 * cudaMemcpyDefault's direction from the pointers. Everything is checked before the first
 * copy; failIdx says which copy failed, or SIZE_MAX for an error of no one copy. */
CU2AMD_API cudaError_t cudaMemcpyBatchAsync(void **dsts, void **srcs, size_t *sizes, size_t count,
                                            cudaMemcpyAttributes *attrs, size_t *attrsIdxs, size_t numAttrs,
                                            size_t *failIdx, cudaStream_t stream) {
    size_t ignored;
    if (!failIdx) failIdx = &ignored;
    *failIdx = (size_t)-1;
    if (!dsts || !srcs || !sizes || count == 0 || !attrs || !attrsIdxs || numAttrs == 0 || numAttrs > count ||
        attrsIdxs[0] != 0 || __cu2amd_legacy_stream(stream))
        return __cu2amd_fail(cudaErrorInvalidValue);
    for (size_t a = 0; a < numAttrs; a++) {
        if (a > 0 && (attrsIdxs[a] <= attrsIdxs[a - 1] || attrsIdxs[a] >= count))
            return __cu2amd_fail(cudaErrorInvalidValue);
        if (!__cu2amd_valid_copy_order(attrs[a].srcAccessOrder, attrs[a].flags)) {
            *failIdx = attrsIdxs[a];
            return __cu2amd_fail(cudaErrorInvalidValue);
        }
    }
    for (size_t i = 0; i < count; i++)
        if (sizes[i] && (!dsts[i] || !srcs[i])) {
            *failIdx = i;
            return __cu2amd_fail(cudaErrorInvalidValue);
        }
    size_t a = 0;
    for (size_t i = 0; i < count; i++) {
        while (a + 1 < numAttrs && attrsIdxs[a + 1] <= i) a++;
        if (!sizes[i]) continue;
        cudaError_t err = __cu2amd_batch_copy_done(
            cudaMemcpyAsync(dsts[i], srcs[i], sizes[i], cudaMemcpyDefault, stream), attrs[a].srcAccessOrder, stream);
        if (err != cudaSuccess) {
            *failIdx = i;
            return err;
        }
    }
    return cudaSuccess;
}

/* One operand as the pitched pointer or array of a cudaMemcpy3DParms; `element` is the size of
 * the copy's elements (an array's, or 1 byte between pointers). */
CU2AMD_API int __cu2amd_batch_operand(const cudaMemcpy3DOperand &o, const cudaExtent &e, size_t element,
                                      cudaArray_t *array, cudaPos *pos, cudaPitchedPtr *ptr) {
    if (o.type == cudaMemcpyOperandTypeArray) {
        if (!o.op.array.array) return 0;
        *array = o.op.array.array;
        *pos = make_cudaPos(o.op.array.offset.x, o.op.array.offset.y, o.op.array.offset.z);
        return 1;
    }
    if (o.type != cudaMemcpyOperandTypePointer || !o.op.ptr.ptr) return 0;
    size_t row = o.op.ptr.rowLength ? o.op.ptr.rowLength : e.width;
    size_t layer = o.op.ptr.layerHeight ? o.op.ptr.layerHeight : e.height;
    if (row < e.width || layer < e.height) return 0;
    *ptr = make_cudaPitchedPtr(o.op.ptr.ptr, row * element, row, layer);
    return 1;
}
CU2AMD_API cudaError_t cudaMemcpy3DBatchAsync(size_t numOps, cudaMemcpy3DBatchOp *opList, size_t *failIdx,
                                              unsigned long long flags, cudaStream_t stream) {
    size_t ignored;
    if (!failIdx) failIdx = &ignored;
    *failIdx = (size_t)-1;
    if (numOps == 0 || !opList || flags != 0 || __cu2amd_legacy_stream(stream))
        return __cu2amd_fail(cudaErrorInvalidValue);
    cudaMemcpy3DParms *params = (cudaMemcpy3DParms *)calloc(numOps, sizeof *params);
    if (!params) return __cu2amd_fail(cudaErrorMemoryAllocation);
    cudaError_t err = cudaSuccess;
    for (size_t i = 0; i < numOps && err == cudaSuccess; i++) {
        const cudaMemcpy3DBatchOp &op = opList[i];
        cudaMemcpy3DParms &q = params[i];
        size_t element = 1;
        cudaArray_t array = op.src.type == cudaMemcpyOperandTypeArray   ? op.src.op.array.array
                            : op.dst.type == cudaMemcpyOperandTypeArray ? op.dst.op.array.array
                                                                        : 0;
        cudaChannelFormatDesc desc;
        if (array && hipGetChannelDesc(&desc, array) == 0) element = (size_t)(desc.x + desc.y + desc.z + desc.w) / 8;
        q.extent = op.extent;
        q.kind = cudaMemcpyDefault;
        if (!__cu2amd_valid_copy_order(op.srcAccessOrder, op.flags) || !op.extent.width || !op.extent.height ||
            !op.extent.depth || !__cu2amd_batch_operand(op.src, op.extent, element, &q.srcArray, &q.srcPos, &q.srcPtr) ||
            !__cu2amd_batch_operand(op.dst, op.extent, element, &q.dstArray, &q.dstPos, &q.dstPtr)) {
            *failIdx = i;
            err = __cu2amd_fail(cudaErrorInvalidValue);
        }
    }
    for (size_t i = 0; i < numOps && err == cudaSuccess; i++) {
        err = __cu2amd_batch_copy_done(cudaMemcpy3DAsync(&params[i], stream), opList[i].srcAccessOrder, stream);
        if (err != cudaSuccess) *failIdx = i;
    }
    free(params);
    return err;
}

/* ------------------------------------------------------------------ error log management (CUDA 12.9) */

/* The log is cu2amd/error_log.h's: every error a runtime or driver function returns. */
typedef enum __cu2amd_log_level {
    cudaLogLevelError = 0,
    cudaLogLevelWarning = 1,
} cudaLogLevel;
typedef unsigned int cudaLogIterator;
typedef struct __cu2amd_logs_callback *cudaLogsCallbackHandle;
typedef void (*cudaLogsCallback_t)(void *data, cudaLogLevel logLevel, char *message, size_t length);

/* A misuse of the log functions is logged too, saying what was wrong (as CUDA does). */
CU2AMD_API cudaError_t __cu2amd_logs_result(int err, const char *function, const char *misuse) {
    if (err == 0) return cudaSuccess;
    cudaError_t error = err == 2 ? cudaErrorMemoryAllocation : cudaErrorInvalidValue;
    if (misuse) __cu2amd_log_message(function, misuse);
    return __cu2amd_fail_in(error, function);
}
CU2AMD_API cudaError_t cudaLogsRegisterCallback(cudaLogsCallback_t callbackFunc, void *userData,
                                                cudaLogsCallbackHandle *callback_out) {
    return __cu2amd_logs_result(
        __cu2amd_logs_register((void (*)(void *, int, char *, size_t))callbackFunc, userData, callback_out),
        __func__, !callbackFunc ? "callbackFunc cannot be NULL" : !callback_out ? "callback_out cannot be NULL" : 0);
}
CU2AMD_API cudaError_t cudaLogsUnregisterCallback(cudaLogsCallbackHandle callback) {
    return __cu2amd_logs_result(__cu2amd_logs_unregister(callback), __func__, "callback is not registered");
}
CU2AMD_API cudaError_t cudaLogsCurrent(cudaLogIterator *iterator_out, unsigned int flags) {
    return __cu2amd_logs_result(__cu2amd_logs_current(iterator_out, flags), __func__,
                                flags ? "flags must be 0" : "iterator_out cannot be NULL");
}
CU2AMD_API cudaError_t cudaLogsDumpToFile(cudaLogIterator *iterator, const char *pathToFile, unsigned int flags) {
    return __cu2amd_logs_result(__cu2amd_logs_dump_to_file(iterator, pathToFile, flags), __func__,
                                flags        ? "flags must be 0"
                                : pathToFile ? "the file cannot be written"
                                             : "pathToFile cannot be NULL");
}
CU2AMD_API cudaError_t cudaLogsDumpToMemory(cudaLogIterator *iterator, char *buffer, size_t *size,
                                            unsigned int flags) {
    return __cu2amd_logs_result(__cu2amd_logs_dump_to_memory(iterator, buffer, size, flags), __func__,
                                flags     ? "flags must be 0"
                                : !buffer ? "buffer cannot be NULL"
                                : !size   ? "size cannot be NULL"
                                          : "the buffer is too small for a message");
}

#endif
