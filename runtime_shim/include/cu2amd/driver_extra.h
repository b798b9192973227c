/* The CUDA driver API: the stream-ordered memory allocator's pools, IPC handles, managed
 * memory hints and range queries, stream attributes and ids, stream memory operations,
 * peer access. C and C++ (cuda.h serves both). Part of cuda.h: include that. */
#ifndef CU2AMD_DRIVER_EXTRA_H
#define CU2AMD_DRIVER_EXTRA_H

#include "cu2amd/spin_lock.h"

/* ------------------------------------------------------------------ types (CUDA's values) */

typedef unsigned int cuuint32_t;
typedef unsigned long long cuuint64_t;

#define CU_DEVICE_CPU ((CUdevice)-1)
#define CU_DEVICE_INVALID ((CUdevice)-2)

typedef struct ihipMemPoolHandle_t *CUmemoryPool;
typedef enum __cu2amd_cu_mempool_attribute {
    CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES = 1,
    CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC = 2,
    CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES = 3,
    CU_MEMPOOL_ATTR_RELEASE_THRESHOLD = 4,
    CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT = 5,
    CU_MEMPOOL_ATTR_RESERVED_MEM_HIGH = 6,
    CU_MEMPOOL_ATTR_USED_MEM_CURRENT = 7,
    CU_MEMPOOL_ATTR_USED_MEM_HIGH = 8,
} CUmemPool_attribute;
typedef enum __cu2amd_cu_mem_location_type {
    CU_MEM_LOCATION_TYPE_INVALID = 0,
    CU_MEM_LOCATION_TYPE_DEVICE = 1,
    CU_MEM_LOCATION_TYPE_HOST = 2,
    CU_MEM_LOCATION_TYPE_HOST_NUMA = 3,
    CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT = 4,
} CUmemLocationType;
typedef struct __cu2amd_cu_mem_location {
    CUmemLocationType type;
    int id;
} CUmemLocation;
typedef enum __cu2amd_cu_mem_access_flags {
    CU_MEM_ACCESS_FLAGS_PROT_NONE = 0,
    CU_MEM_ACCESS_FLAGS_PROT_READ = 1,
    CU_MEM_ACCESS_FLAGS_PROT_READWRITE = 3,
} CUmemAccess_flags;
typedef struct __cu2amd_cu_mem_access_desc {
    CUmemLocation location;
    CUmemAccess_flags flags;
} CUmemAccessDesc;
typedef enum __cu2amd_cu_mem_allocation_type {
    CU_MEM_ALLOCATION_TYPE_INVALID = 0,
    CU_MEM_ALLOCATION_TYPE_PINNED = 1,
    CU_MEM_ALLOCATION_TYPE_MAX = 0x7FFFFFFF,
} CUmemAllocationType;
typedef enum __cu2amd_cu_mem_handle_type {
    CU_MEM_HANDLE_TYPE_NONE = 0,
    CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR = 1,
    CU_MEM_HANDLE_TYPE_WIN32 = 2,
    CU_MEM_HANDLE_TYPE_WIN32_KMT = 4,
} CUmemAllocationHandleType;
/* CUDA 12.0's layout, which is HIP's hipMemPoolProps. */
typedef struct __cu2amd_cu_mem_pool_props {
    CUmemAllocationType allocType;
    CUmemAllocationHandleType handleTypes;
    CUmemLocation location;
    void *win32SecurityAttributes;
    unsigned char reserved[64];
} CUmemPoolProps;

/* 64 opaque bytes, as HIP's hipMemPoolPtrExportData. */
typedef struct __cu2amd_cu_pool_ptr_export_data {
    unsigned char reserved[64];
} CUmemPoolPtrExportData;

/* IPC handles: HIP's (64 opaque bytes, passed by value), the runtime API's too. */
#ifndef CU2AMD_IPC_HANDLES
#define CU2AMD_IPC_HANDLES
struct __cu2amd_ipc_mem_handle {
    char reserved[64];
};
struct __cu2amd_ipc_event_handle {
    char reserved[64];
};
#endif
typedef struct __cu2amd_ipc_mem_handle CUipcMemHandle;
typedef struct __cu2amd_ipc_event_handle CUipcEventHandle;
#define CU_IPC_HANDLE_SIZE 64
#define CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS 0x1

typedef enum __cu2amd_cu_mem_advise {
    CU_MEM_ADVISE_SET_READ_MOSTLY = 1,
    CU_MEM_ADVISE_UNSET_READ_MOSTLY = 2,
    CU_MEM_ADVISE_SET_PREFERRED_LOCATION = 3,
    CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION = 4,
    CU_MEM_ADVISE_SET_ACCESSED_BY = 5,
    CU_MEM_ADVISE_UNSET_ACCESSED_BY = 6,
} CUmem_advise;
typedef enum __cu2amd_cu_mem_range_attribute {
    CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY = 1,
    CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION = 2,
    CU_MEM_RANGE_ATTRIBUTE_ACCESSED_BY = 3,
    CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION = 4,
} CUmem_range_attribute;

typedef enum __cu2amd_cu_access_property {
    CU_ACCESS_PROPERTY_NORMAL = 0,
    CU_ACCESS_PROPERTY_STREAMING = 1,
    CU_ACCESS_PROPERTY_PERSISTING = 2,
} CUaccessProperty;
typedef struct __cu2amd_cu_access_policy_window {
    void *base_ptr;
    size_t num_bytes;
    float hitRatio;
    CUaccessProperty hitProp;
    CUaccessProperty missProp;
} CUaccessPolicyWindow;
typedef enum __cu2amd_cu_sync_policy {
    CU_SYNC_POLICY_AUTO = 1,
    CU_SYNC_POLICY_SPIN = 2,
    CU_SYNC_POLICY_YIELD = 3,
    CU_SYNC_POLICY_BLOCKING_SYNC = 4,
} CUsynchronizationPolicy;
typedef enum __cu2amd_cu_stream_attr_id {
    CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW = 1,
    CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY = 3,
    CU_STREAM_ATTRIBUTE_PRIORITY = 8,
} CUstreamAttrID;
typedef union __cu2amd_cu_stream_attr_value {
    CUaccessPolicyWindow accessPolicyWindow;
    CUsynchronizationPolicy syncPolicy;
    int priority;
    char pad[64]; /* CUDA 12's size */
} CUstreamAttrValue;

typedef enum __cu2amd_cu_wait_value_flags {
    CU_STREAM_WAIT_VALUE_GEQ = 0x0,
    CU_STREAM_WAIT_VALUE_EQ = 0x1,
    CU_STREAM_WAIT_VALUE_AND = 0x2,
    CU_STREAM_WAIT_VALUE_NOR = 0x3,
    CU_STREAM_WAIT_VALUE_FLUSH = 1 << 30,
} CUstreamWaitValue_flags;
typedef enum __cu2amd_cu_write_value_flags {
    CU_STREAM_WRITE_VALUE_DEFAULT = 0x0,
    CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER = 0x1,
} CUstreamWriteValue_flags;
typedef enum __cu2amd_cu_batch_mem_op_type {
    CU_STREAM_MEM_OP_WAIT_VALUE_32 = 1,
    CU_STREAM_MEM_OP_WRITE_VALUE_32 = 2,
    CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES = 3,
    CU_STREAM_MEM_OP_WAIT_VALUE_64 = 4,
    CU_STREAM_MEM_OP_WRITE_VALUE_64 = 5,
    CU_STREAM_MEM_OP_BARRIER = 6,
} CUstreamBatchMemOpType;
/* CUDA's layout: 48 bytes, every member starting with the operation. */
typedef union __cu2amd_cu_batch_mem_op_params {
    CUstreamBatchMemOpType operation;
    struct __cu2amd_cu_mem_op_wait_value {
        CUstreamBatchMemOpType operation;
        CUdeviceptr address;
        union {
            cuuint32_t value;
            cuuint64_t value64;
        };
        unsigned int flags;
        CUdeviceptr alias;
    } waitValue;
    struct __cu2amd_cu_mem_op_write_value {
        CUstreamBatchMemOpType operation;
        CUdeviceptr address;
        union {
            cuuint32_t value;
            cuuint64_t value64;
        };
        unsigned int flags;
        CUdeviceptr alias;
    } writeValue;
    struct __cu2amd_cu_mem_op_flush {
        CUstreamBatchMemOpType operation;
        unsigned int flags;
    } flushRemoteWrites;
    struct __cu2amd_cu_mem_op_barrier {
        CUstreamBatchMemOpType operation;
        unsigned int flags;
    } memoryBarrier;
    cuuint64_t pad[6];
} CUstreamBatchMemOpParams;

/* Virtual memory management: a handle is HIP's (a pointer) as a number. */
struct ihipMemGenericAllocationHandle;
typedef unsigned long long CUmemGenericAllocationHandle;
typedef struct __cu2amd_cu_mem_allocation_prop {
    CUmemAllocationType type;
    CUmemAllocationHandleType requestedHandleTypes;
    CUmemLocation location;
    void *win32HandleMetaData;
    struct {
        unsigned char compressionType;
        unsigned char gpuDirectRDMACapable;
        unsigned short usage;
        unsigned char reserved[4];
    } allocFlags;
} CUmemAllocationProp;
typedef enum __cu2amd_cu_granularity_flags {
    CU_MEM_ALLOC_GRANULARITY_MINIMUM = 0x0,
    CU_MEM_ALLOC_GRANULARITY_RECOMMENDED = 0x1,
} CUmemAllocationGranularity_flags;

typedef enum __cu2amd_cu_limit {
    CU_LIMIT_STACK_SIZE = 0x00,
    CU_LIMIT_PRINTF_FIFO_SIZE = 0x01,
    CU_LIMIT_MALLOC_HEAP_SIZE = 0x02,
    CU_LIMIT_DEV_RUNTIME_SYNC_DEPTH = 0x03,
    CU_LIMIT_DEV_RUNTIME_PENDING_LAUNCH_COUNT = 0x04,
    CU_LIMIT_MAX_L2_FETCH_GRANULARITY = 0x05,
    CU_LIMIT_PERSISTING_L2_CACHE_SIZE = 0x06,
} CUlimit;

/* Contexts with execution affinity (SM partitions): none on AMD GPUs or the host platform
 * (cuDeviceGetExecAffinitySupport says 0). */
typedef struct __cu2amd_cu_affinity_sm_count {
    unsigned int val;
} CUexecAffinitySmCount;
typedef struct __cu2amd_cu_affinity_param {
    CUexecAffinityType type;
    union {
        CUexecAffinitySmCount smCount;
    } param;
} CUexecAffinityParam;
typedef enum __cu2amd_cu_cig_data_type {
    CIG_DATA_TYPE_D3D12_COMMAND_QUEUE = 0x1,
} CUcigDataType;
typedef struct __cu2amd_cu_cig_param {
    CUcigDataType sharedDataType;
    void *sharedData;
} CUctxCigParam;
typedef struct __cu2amd_cu_ctx_create_params {
    CUexecAffinityParam *execAffinityParams;
    int numExecAffinityParams;
    CUctxCigParam *cigParams;
} CUctxCreateParams;

/* No green contexts (SM partitions): streams and contexts have none. */
typedef struct __cu2amd_cu_green_ctx *CUgreenCtx;

typedef enum __cu2amd_cu_p2p_attribute {
    CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK = 0x01,
    CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED = 0x02,
    CU_DEVICE_P2P_ATTRIBUTE_NATIVE_ATOMIC_SUPPORTED = 0x03,
    CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED = 0x04,
} CUdevice_P2PAttribute;

#ifdef __cplusplus
extern "C" {
#endif
/* HIP's C ABI as cuda_runtime_api.h declares it too (the same types, so C++ files that
 * include both see one declaration). */
int hipDeviceGetDefaultMemPool(struct ihipMemPoolHandle_t **mem_pool, int device);
int hipDeviceSetMemPool(int device, struct ihipMemPoolHandle_t *mem_pool);
int hipDeviceGetMemPool(struct ihipMemPoolHandle_t **mem_pool, int device);
int hipMemPoolCreate(struct ihipMemPoolHandle_t **mem_pool, const void *pool_props);
int hipMemPoolDestroy(struct ihipMemPoolHandle_t *mem_pool);
int hipMemPoolTrimTo(struct ihipMemPoolHandle_t *mem_pool, size_t min_bytes_to_hold);
int hipMemPoolSetAttribute(struct ihipMemPoolHandle_t *mem_pool, int attr, void *value);
int hipMemPoolGetAttribute(struct ihipMemPoolHandle_t *mem_pool, int attr, void *value);
int hipMemPoolSetAccess(struct ihipMemPoolHandle_t *mem_pool, const void *desc_list, size_t count);
int hipMemPoolGetAccess(int *flags, struct ihipMemPoolHandle_t *mem_pool, void *location);
int hipMallocFromPoolAsync(void **dev_ptr, size_t size, struct ihipMemPoolHandle_t *mem_pool, CUstream stream);
int hipMemPoolExportToShareableHandle(void *shared_handle, struct ihipMemPoolHandle_t *mem_pool, int handle_type,
                                      unsigned int flags);
int hipMemPoolImportFromShareableHandle(struct ihipMemPoolHandle_t **mem_pool, void *shared_handle, int handle_type,
                                        unsigned int flags);
int hipMemPoolExportPointer(void *export_data, void *dev_ptr);
int hipMemPoolImportPointer(void **dev_ptr, struct ihipMemPoolHandle_t *mem_pool, void *export_data);
int hipMallocAsync(void **dev_ptr, size_t size, CUstream stream);
int hipFreeAsync(void *dev_ptr, CUstream stream);
int hipIpcGetMemHandle(struct __cu2amd_ipc_mem_handle *handle, void *devPtr);
int hipIpcOpenMemHandle(void **devPtr, struct __cu2amd_ipc_mem_handle handle, unsigned int flags);
int hipIpcCloseMemHandle(void *devPtr);
int hipIpcGetEventHandle(struct __cu2amd_ipc_event_handle *handle, CUevent event);
int hipIpcOpenEventHandle(CUevent *event, struct __cu2amd_ipc_event_handle handle);
int hipMemRangeGetAttribute(void *data, size_t data_size, int attribute, const void *dev_ptr, size_t count);
int hipMemRangeGetAttributes(void **data, size_t *data_sizes, int *attributes, size_t num_attributes,
                             const void *dev_ptr, size_t count);
int hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device, CUstream stream);
int hipMemAdvise(const void *dev_ptr, size_t count, int advice, int device);
int hipStreamAttachMemAsync(CUstream stream, void *dev_ptr, size_t length, unsigned int flags);
int hipMemGetAddressRange(void **pbase, size_t *psize, void *dptr);
int hipStreamWaitValue32(CUstream stream, void *ptr, uint32_t value, unsigned int flags, uint32_t mask);
int hipStreamWaitValue64(CUstream stream, void *ptr, uint64_t value, unsigned int flags, uint64_t mask);
int hipStreamWriteValue32(CUstream stream, void *ptr, uint32_t value, unsigned int flags);
int hipStreamWriteValue64(CUstream stream, void *ptr, uint64_t value, unsigned int flags);
int hipDeviceGetP2PAttribute(int *value, int attr, int srcDevice, int dstDevice);
int hipCtxEnablePeerAccess(CUcontext peerCtx, unsigned int flags);
int hipCtxDisablePeerAccess(CUcontext peerCtx);
int hipRuntimeGetVersion(int *runtimeVersion);
int hipMemGetAllocationGranularity(size_t *granularity, const void *prop, int option);
int hipMemCreate(struct ihipMemGenericAllocationHandle **handle, size_t size, const void *prop, unsigned long long flags);
int hipMemRelease(struct ihipMemGenericAllocationHandle *handle);
int hipMemAddressReserve(void **ptr, size_t size, size_t alignment, void *addr, unsigned long long flags);
int hipMemAddressFree(void *devPtr, size_t size);
int hipMemMap(void *ptr, size_t size, size_t offset, struct ihipMemGenericAllocationHandle *handle,
              unsigned long long flags);
int hipMemUnmap(void *ptr, size_t size);
int hipMemSetAccess(void *ptr, size_t size, const void *desc, size_t count);
int hipMemGetAccess(unsigned long long *flags, const void *location, void *ptr);
int hipMemGetAllocationPropertiesFromHandle(void *prop, struct ihipMemGenericAllocationHandle *handle);
int hipMemRetainAllocationHandle(struct ihipMemGenericAllocationHandle **handle, void *addr);
int hipMemExportToShareableHandle(void *shareableHandle, struct ihipMemGenericAllocationHandle *handle,
                                  int handleType, unsigned long long flags);
int hipMemImportFromShareableHandle(struct ihipMemGenericAllocationHandle **handle, void *osHandle,
                                    int shHandleType);
#ifdef __cplusplus
}
#endif

#include "cu2amd/stream_attributes.h"
#include "cu2amd/limits.h"

/* ------------------------------------------------------------------ memory pools */

CU2AMD_API CUresult cuDeviceGetDefaultMemPool(CUmemoryPool *pool_out, CUdevice dev) {
    return CU2AMD_CU(hipDeviceGetDefaultMemPool(pool_out, dev));
}
CU2AMD_API CUresult cuDeviceGetMemPool(CUmemoryPool *pool, CUdevice dev) {
    return CU2AMD_CU(hipDeviceGetMemPool(pool, dev));
}
CU2AMD_API CUresult cuDeviceSetMemPool(CUdevice dev, CUmemoryPool pool) {
    return CU2AMD_CU(hipDeviceSetMemPool(dev, pool));
}
CU2AMD_API CUresult cuMemPoolCreate(CUmemoryPool *pool, const CUmemPoolProps *poolProps) {
    return CU2AMD_CU(hipMemPoolCreate(pool, poolProps));
}
CU2AMD_API CUresult cuMemPoolDestroy(CUmemoryPool pool) { return CU2AMD_CU(hipMemPoolDestroy(pool)); }
CU2AMD_API CUresult cuMemPoolTrimTo(CUmemoryPool pool, size_t minBytesToKeep) {
    return CU2AMD_CU(hipMemPoolTrimTo(pool, minBytesToKeep));
}
CU2AMD_API CUresult cuMemPoolSetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value) {
    return CU2AMD_CU(hipMemPoolSetAttribute(pool, (int)attr, value));
}
CU2AMD_API CUresult cuMemPoolGetAttribute(CUmemoryPool pool, CUmemPool_attribute attr, void *value) {
    return CU2AMD_CU(hipMemPoolGetAttribute(pool, (int)attr, value));
}
CU2AMD_API CUresult cuMemPoolSetAccess(CUmemoryPool pool, const CUmemAccessDesc *map, size_t count) {
    return CU2AMD_CU(hipMemPoolSetAccess(pool, map, count));
}
CU2AMD_API CUresult cuMemPoolGetAccess(CUmemAccess_flags *flags, CUmemoryPool memPool, CUmemLocation *location) {
    return CU2AMD_CU(hipMemPoolGetAccess((int *)flags, memPool, location));
}
CU2AMD_API CUresult cuMemAllocFromPoolAsync(CUdeviceptr *dptr, size_t bytesize, CUmemoryPool pool, CUstream hStream) {
    void *p = NULL;
    if (!dptr) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipMallocFromPoolAsync(&p, bytesize, pool, __cu2amd_cu_stream(hStream)));
    if (err == CUDA_SUCCESS) *dptr = (CUdeviceptr)(uintptr_t)p;
    return err;
}
CU2AMD_API CUresult cuMemAllocAsync(CUdeviceptr *dptr, size_t bytesize, CUstream hStream) {
    void *p = NULL;
    if (!dptr) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipMallocAsync(&p, bytesize, __cu2amd_cu_stream(hStream)));
    if (err == CUDA_SUCCESS) *dptr = (CUdeviceptr)(uintptr_t)p;
    return err;
}
CU2AMD_API CUresult cuMemFreeAsync(CUdeviceptr dptr, CUstream hStream) {
    return CU2AMD_CU(hipFreeAsync(CU2AMD_PTR(dptr), __cu2amd_cu_stream(hStream)));
}

/* Sharing a pool with another process (a pool made with CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR):
 * its handle is a file descriptor, passed to the importer as (void *)(intptr_t)fd. */
CU2AMD_API CUresult cuMemPoolExportToShareableHandle(void *handle_out, CUmemoryPool pool,
                                                     CUmemAllocationHandleType handleType, unsigned long long flags) {
    if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
    return CU2AMD_CU(hipMemPoolExportToShareableHandle(handle_out, pool, (int)handleType, 0));
}
CU2AMD_API CUresult cuMemPoolImportFromShareableHandle(CUmemoryPool *pool_out, void *handle,
                                                       CUmemAllocationHandleType handleType, unsigned long long flags) {
    if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
    return CU2AMD_CU(hipMemPoolImportFromShareableHandle(pool_out, handle, (int)handleType, 0));
}
CU2AMD_API CUresult cuMemPoolExportPointer(CUmemPoolPtrExportData *shareData_out, CUdeviceptr ptr) {
    return CU2AMD_CU(hipMemPoolExportPointer(shareData_out, CU2AMD_PTR(ptr)));
}
CU2AMD_API CUresult cuMemPoolImportPointer(CUdeviceptr *ptr_out, CUmemoryPool pool, CUmemPoolPtrExportData *shareData) {
    void *p = NULL;
    if (!ptr_out) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipMemPoolImportPointer(&p, pool, shareData));
    if (err == CUDA_SUCCESS) *ptr_out = (CUdeviceptr)(uintptr_t)p;
    return err;
}

/* ------------------------------------------------------------------ virtual memory management */

#define CU2AMD_VMM(h) ((struct ihipMemGenericAllocationHandle *)(uintptr_t)(h))
/* hipMemAllocationProp before ROCm 6 (ROCm 6's is CUDA's): CUDA's fields in another order. */
typedef struct __cu2amd_hip_alloc_prop {
    unsigned char compressionType;
    CUmemLocation location;
    int requestedHandleType;
    int type;
    unsigned short usage;
    void *win32HandleMetaData;
} __cu2amd_hip_alloc_prop;
CU2AMD_API int __cu2amd_cu_rocm5(void) {
    int version = 0;
    hipRuntimeGetVersion(&version);
    return version < 60000000;
}
/* `prop` as the HIP library takes it: converted into `buffer`, or itself. */
CU2AMD_API const void *__cu2amd_cu_hip_prop(const CUmemAllocationProp *prop, __cu2amd_hip_alloc_prop *buffer) {
    if (!prop || !__cu2amd_cu_rocm5()) return prop;
    memset(buffer, 0, sizeof *buffer);
    buffer->compressionType = prop->allocFlags.compressionType;
    buffer->location = prop->location;
    buffer->requestedHandleType = (int)prop->requestedHandleTypes;
    buffer->type = (int)prop->type;
    buffer->usage = prop->allocFlags.usage;
    buffer->win32HandleMetaData = prop->win32HandleMetaData;
    return buffer;
}
CU2AMD_API CUresult cuMemGetAllocationGranularity(size_t *granularity, const CUmemAllocationProp *prop,
                                                  CUmemAllocationGranularity_flags option) {
    __cu2amd_hip_alloc_prop buffer;
    return CU2AMD_CU(hipMemGetAllocationGranularity(granularity, __cu2amd_cu_hip_prop(prop, &buffer), (int)option));
}
CU2AMD_API CUresult cuMemCreate(CUmemGenericAllocationHandle *handle, size_t size, const CUmemAllocationProp *prop,
                                unsigned long long flags) {
    __cu2amd_hip_alloc_prop buffer;
    struct ihipMemGenericAllocationHandle *h = NULL;
    if (!handle) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipMemCreate(&h, size, __cu2amd_cu_hip_prop(prop, &buffer), flags));
    if (err == CUDA_SUCCESS) *handle = (CUmemGenericAllocationHandle)(uintptr_t)h;
    return err;
}
CU2AMD_API CUresult cuMemRelease(CUmemGenericAllocationHandle handle) { return CU2AMD_CU(hipMemRelease(CU2AMD_VMM(handle))); }
CU2AMD_API CUresult cuMemGetAllocationPropertiesFromHandle(CUmemAllocationProp *prop,
                                                          CUmemGenericAllocationHandle handle) {
    __cu2amd_hip_alloc_prop buffer;
    if (!prop) return CUDA_ERROR_INVALID_VALUE;
    if (!__cu2amd_cu_rocm5()) return CU2AMD_CU(hipMemGetAllocationPropertiesFromHandle(prop, CU2AMD_VMM(handle)));
    CUresult err = CU2AMD_CU(hipMemGetAllocationPropertiesFromHandle(&buffer, CU2AMD_VMM(handle)));
    if (err != CUDA_SUCCESS) return err;
    memset(prop, 0, sizeof *prop);
    prop->type = (CUmemAllocationType)buffer.type;
    prop->requestedHandleTypes = (CUmemAllocationHandleType)buffer.requestedHandleType;
    prop->location = buffer.location;
    prop->win32HandleMetaData = buffer.win32HandleMetaData;
    prop->allocFlags.compressionType = buffer.compressionType;
    prop->allocFlags.usage = buffer.usage;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuMemAddressReserve(CUdeviceptr *ptr, size_t size, size_t alignment, CUdeviceptr addr,
                                        unsigned long long flags) {
    void *p = NULL;
    if (!ptr) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipMemAddressReserve(&p, size, alignment, CU2AMD_PTR(addr), flags));
    if (err == CUDA_SUCCESS) *ptr = (CUdeviceptr)(uintptr_t)p;
    return err;
}
CU2AMD_API CUresult cuMemAddressFree(CUdeviceptr ptr, size_t size) { return CU2AMD_CU(hipMemAddressFree(CU2AMD_PTR(ptr), size)); }
CU2AMD_API CUresult cuMemMap(CUdeviceptr ptr, size_t size, size_t offset, CUmemGenericAllocationHandle handle,
                             unsigned long long flags) {
    return CU2AMD_CU(hipMemMap(CU2AMD_PTR(ptr), size, offset, CU2AMD_VMM(handle), flags));
}
CU2AMD_API CUresult cuMemUnmap(CUdeviceptr ptr, size_t size) { return CU2AMD_CU(hipMemUnmap(CU2AMD_PTR(ptr), size)); }
CU2AMD_API CUresult cuMemSetAccess(CUdeviceptr ptr, size_t size, const CUmemAccessDesc *desc, size_t count) {
    return CU2AMD_CU(hipMemSetAccess(CU2AMD_PTR(ptr), size, desc, count));
}
CU2AMD_API CUresult cuMemGetAccess(unsigned long long *flags, const CUmemLocation *location, CUdeviceptr ptr) {
    return CU2AMD_CU(hipMemGetAccess(flags, location, CU2AMD_PTR(ptr)));
}
CU2AMD_API CUresult cuMemRetainAllocationHandle(CUmemGenericAllocationHandle *handle, void *addr) {
    struct ihipMemGenericAllocationHandle *h = NULL;
    if (!handle) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipMemRetainAllocationHandle(&h, addr));
    if (err == CUDA_SUCCESS) *handle = (CUmemGenericAllocationHandle)(uintptr_t)h;
    return err;
}
CU2AMD_API CUresult cuMemExportToShareableHandle(void *shareableHandle, CUmemGenericAllocationHandle handle,
                                                 CUmemAllocationHandleType handleType, unsigned long long flags) {
    return CU2AMD_CU(hipMemExportToShareableHandle(shareableHandle, CU2AMD_VMM(handle), (int)handleType, flags));
}
CU2AMD_API CUresult cuMemImportFromShareableHandle(CUmemGenericAllocationHandle *handle, void *osHandle,
                                                   CUmemAllocationHandleType shHandleType) {
    struct ihipMemGenericAllocationHandle *h = NULL;
    if (!handle) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipMemImportFromShareableHandle(&h, osHandle, (int)shHandleType));
    if (err == CUDA_SUCCESS) *handle = (CUmemGenericAllocationHandle)(uintptr_t)h;
    return err;
}
#undef CU2AMD_VMM

/* ------------------------------------------------------------------ IPC */

CU2AMD_API CUresult cuIpcGetMemHandle(CUipcMemHandle *pHandle, CUdeviceptr dptr) {
    return CU2AMD_CU(hipIpcGetMemHandle(pHandle, CU2AMD_PTR(dptr)));
}
/* CUDA's one flag (lazy peer access) is what HIP always does: HIP takes only 0. */
CU2AMD_API CUresult cuIpcOpenMemHandle(CUdeviceptr *pdptr, CUipcMemHandle handle, unsigned int Flags) {
    void *p = NULL;
    if (!pdptr || (Flags & ~(unsigned)CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS)) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipIpcOpenMemHandle(&p, handle, 0));
    if (err == CUDA_SUCCESS) *pdptr = (CUdeviceptr)(uintptr_t)p;
    return err;
}
CU2AMD_API CUresult cuIpcCloseMemHandle(CUdeviceptr dptr) { return CU2AMD_CU(hipIpcCloseMemHandle(CU2AMD_PTR(dptr))); }
CU2AMD_API CUresult cuIpcGetEventHandle(CUipcEventHandle *pHandle, CUevent event) {
    return CU2AMD_CU(hipIpcGetEventHandle(pHandle, event));
}
CU2AMD_API CUresult cuIpcOpenEventHandle(CUevent *phEvent, CUipcEventHandle handle) {
    return CU2AMD_CU(hipIpcOpenEventHandle(phEvent, handle));
}

/* ------------------------------------------------------------------ managed memory */

CU2AMD_API CUresult cuMemAdvise(CUdeviceptr devPtr, size_t count, CUmem_advise advice, CUdevice device) {
    return CU2AMD_CU(hipMemAdvise(CU2AMD_PTR(devPtr), count, (int)advice, device));
}
CU2AMD_API CUresult cuMemPrefetchAsync(CUdeviceptr devPtr, size_t count, CUdevice dstDevice, CUstream hStream) {
    return CU2AMD_CU(hipMemPrefetchAsync(CU2AMD_PTR(devPtr), count, dstDevice, __cu2amd_cu_stream(hStream)));
}
/* A location as the device number the first hints take: a device or the host
 * (CU_DEVICE_CPU); host NUMA nodes are not told apart (CUDA_ERROR_NOT_SUPPORTED). */
CU2AMD_API CUresult __cu2amd_cu_location_device(CUmemLocation location, CUdevice *device) {
    switch (location.type) {
    case CU_MEM_LOCATION_TYPE_DEVICE: *device = location.id; return CUDA_SUCCESS;
    case CU_MEM_LOCATION_TYPE_HOST: *device = CU_DEVICE_CPU; return CUDA_SUCCESS;
    case CU_MEM_LOCATION_TYPE_HOST_NUMA:
    case CU_MEM_LOCATION_TYPE_HOST_NUMA_CURRENT: return CUDA_ERROR_NOT_SUPPORTED;
    default: return CUDA_ERROR_INVALID_VALUE;
    }
}
CU2AMD_API CUresult cuMemAdvise_v2(CUdeviceptr devPtr, size_t count, CUmem_advise advice, CUmemLocation location) {
    CUdevice device = 0;
    CUresult err = __cu2amd_cu_location_device(location, &device);
    return err != CUDA_SUCCESS ? err : cuMemAdvise(devPtr, count, advice, device);
}
CU2AMD_API CUresult cuMemPrefetchAsync_v2(CUdeviceptr devPtr, size_t count, CUmemLocation location, unsigned int flags,
                                          CUstream hStream) {
    CUdevice device = 0;
    if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = __cu2amd_cu_location_device(location, &device);
    return err != CUDA_SUCCESS ? err : cuMemPrefetchAsync(devPtr, count, device, hStream);
}
CU2AMD_API CUresult cuMemRangeGetAttribute(void *data, size_t dataSize, CUmem_range_attribute attribute,
                                           CUdeviceptr devPtr, size_t count) {
    return CU2AMD_CU(hipMemRangeGetAttribute(data, dataSize, (int)attribute, CU2AMD_PTR(devPtr), count));
}
CU2AMD_API CUresult cuMemRangeGetAttributes(void **data, size_t *dataSizes, CUmem_range_attribute *attributes,
                                            size_t numAttributes, CUdeviceptr devPtr, size_t count) {
    return CU2AMD_CU(
        hipMemRangeGetAttributes(data, dataSizes, (int *)attributes, numAttributes, CU2AMD_PTR(devPtr), count));
}
CU2AMD_API CUresult cuStreamAttachMemAsync(CUstream hStream, CUdeviceptr dptr, size_t length, unsigned int flags) {
    return CU2AMD_CU(hipStreamAttachMemAsync(__cu2amd_cu_stream(hStream), CU2AMD_PTR(dptr), length, flags));
}
CU2AMD_API CUresult cuMemGetAddressRange(CUdeviceptr *pbase, size_t *psize, CUdeviceptr dptr) {
    void *base = NULL;
    size_t size = 0;
    CUresult err = CU2AMD_CU(hipMemGetAddressRange(&base, &size, CU2AMD_PTR(dptr)));
    if (err == CUDA_SUCCESS && pbase) *pbase = (CUdeviceptr)(uintptr_t)base;
    if (err == CUDA_SUCCESS && psize) *psize = size;
    return err;
}

/* ------------------------------------------------------------------ streams and events */

CU2AMD_API CUresult cuStreamGetAttribute(CUstream hStream, CUstreamAttrID attr, CUstreamAttrValue *value_out) {
    return (CUresult)__cu2amd_stream_attribute(__cu2amd_cu_stream(hStream), (int)attr, value_out, 0);
}
CU2AMD_API CUresult cuStreamSetAttribute(CUstream hStream, CUstreamAttrID attr, const CUstreamAttrValue *value) {
    return (CUresult)__cu2amd_stream_attribute(__cu2amd_cu_stream(hStream), (int)attr, (void *)value, 1);
}
CU2AMD_API CUresult cuStreamCopyAttributes(CUstream dst, CUstream src) {
    return (CUresult)__cu2amd_stream_copy_attributes(__cu2amd_cu_stream(dst), __cu2amd_cu_stream(src));
}
CU2AMD_API CUresult cuStreamGetId(CUstream hStream, unsigned long long *streamId) {
    return (CUresult)__cu2amd_stream_id(__cu2amd_cu_stream(hStream), streamId);
}
CU2AMD_API CUresult cuStreamGetDevice(CUstream hStream, CUdevice *device) {
    return (CUresult)__cu2amd_stream_device(__cu2amd_cu_stream(hStream), device);
}
/* No green contexts: a stream's is always NULL. */
CU2AMD_API CUresult cuStreamGetCtx_v2(CUstream hStream, CUcontext *pCtx, CUgreenCtx *pGreenCtx) {
    if (!pCtx || !pGreenCtx) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = cuStreamGetCtx(hStream, pCtx);
    if (err == CUDA_SUCCESS) *pGreenCtx = NULL;
    return err;
}
/* A context's id: a number given when first asked, unique in the process (from the table
 * that numbers streams: cu2amd/stream_attributes.h); NULL is the current context. */
CU2AMD_API CUresult cuCtxGetId(CUcontext ctx, unsigned long long *ctxId) {
    if (!ctxId) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = ctx ? __cu2amd_cu_check_ctx(ctx) : cuCtxGetCurrent(&ctx);
    if (err != CUDA_SUCCESS) return err;
    if (!ctx) return CUDA_ERROR_INVALID_CONTEXT;
    __cu2amd_stream_attrs *slot = __cu2amd_stream_slot((struct ihipStream_t *)(void *)ctx, 1);
    if (slot) *ctxId = slot->id;
    __cu2amd_stream_slot(NULL, 0);
    return slot ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
/* The deprecated usage count: cuCtxAttach counts the current context once more, cuCtxDetach
 * (of the current context) once less, destroying it when no attachment is left beyond its
 * creation's (kept per context in stream_attributes.h's table). */
CU2AMD_API CUresult cuCtxAttach(CUcontext *pctx, unsigned int flags) {
    CUcontext ctx = NULL;
    if (!pctx || flags != 0) return CUDA_ERROR_INVALID_VALUE;
    if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS || !ctx) return CUDA_ERROR_INVALID_CONTEXT;
    __cu2amd_stream_attrs *slot = __cu2amd_stream_slot((struct ihipStream_t *)(void *)ctx, 1);
    if (slot) slot->attached++;
    __cu2amd_stream_slot(NULL, 0);
    if (!slot) return CUDA_ERROR_OUT_OF_MEMORY;
    *pctx = ctx;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuCtxDetach(CUcontext ctx) {
    CUcontext current = NULL;
    if (cuCtxGetCurrent(&current) != CUDA_SUCCESS || !ctx || ctx != current) return CUDA_ERROR_INVALID_CONTEXT;
    __cu2amd_stream_attrs *slot = __cu2amd_stream_slot((struct ihipStream_t *)(void *)ctx, 0);
    int attached = slot && slot->attached > 0;
    if (attached) slot->attached--;
    __cu2amd_stream_slot(NULL, 0);
    return attached ? CUDA_SUCCESS : cuCtxDestroy(ctx);
}
CU2AMD_API CUresult cuEventElapsedTime_v2(float *pMilliseconds, CUevent hStart, CUevent hEnd) {
    return CU2AMD_CU(hipEventElapsedTime(pMilliseconds, hStart, hEnd));
}

/* ------------------------------------------------------------------ stream memory operations */

/* CUDA's conditions are HIP's (with a full mask); CU_STREAM_WAIT_VALUE_FLUSH (remote writes
 * made visible first) is not supported. The write flag (no memory barrier) only relaxes
 * ordering: HIP's writes keep it. */
CU2AMD_API CUresult cuStreamWaitValue32(CUstream stream, CUdeviceptr addr, cuuint32_t value, unsigned int flags) {
    if (flags & CU_STREAM_WAIT_VALUE_FLUSH) return CUDA_ERROR_NOT_SUPPORTED;
    if (flags > CU_STREAM_WAIT_VALUE_NOR) return CUDA_ERROR_INVALID_VALUE;
    return CU2AMD_CU(hipStreamWaitValue32(__cu2amd_cu_stream(stream), CU2AMD_PTR(addr), value, flags, 0xFFFFFFFFu));
}
CU2AMD_API CUresult cuStreamWaitValue64(CUstream stream, CUdeviceptr addr, cuuint64_t value, unsigned int flags) {
    if (flags & CU_STREAM_WAIT_VALUE_FLUSH) return CUDA_ERROR_NOT_SUPPORTED;
    if (flags > CU_STREAM_WAIT_VALUE_NOR) return CUDA_ERROR_INVALID_VALUE;
    return CU2AMD_CU(hipStreamWaitValue64(__cu2amd_cu_stream(stream), CU2AMD_PTR(addr), value, flags, ~0ull));
}
CU2AMD_API CUresult cuStreamWriteValue32(CUstream stream, CUdeviceptr addr, cuuint32_t value, unsigned int flags) {
    if (flags > CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER) return CUDA_ERROR_INVALID_VALUE;
    return CU2AMD_CU(hipStreamWriteValue32(__cu2amd_cu_stream(stream), CU2AMD_PTR(addr), value, 0));
}
CU2AMD_API CUresult cuStreamWriteValue64(CUstream stream, CUdeviceptr addr, cuuint64_t value, unsigned int flags) {
    if (flags > CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER) return CUDA_ERROR_INVALID_VALUE;
    return CU2AMD_CU(hipStreamWriteValue64(__cu2amd_cu_stream(stream), CU2AMD_PTR(addr), value, 0));
}
/* The operations in order, each as its own call (a barrier orders nothing more: the calls
 * are in stream order already); the first failure stops the batch. */
CU2AMD_API CUresult cuStreamBatchMemOp(CUstream stream, unsigned int count, CUstreamBatchMemOpParams *paramArray,
                                       unsigned int flags) {
    unsigned int i;
    if (flags != 0 || (count && !paramArray)) return CUDA_ERROR_INVALID_VALUE;
    for (i = 0; i < count; i++) {
        const CUstreamBatchMemOpParams *op = &paramArray[i];
        CUresult err = CUDA_SUCCESS;
        switch (op->operation) {
        case CU_STREAM_MEM_OP_WAIT_VALUE_32:
            err = cuStreamWaitValue32(stream, op->waitValue.address, op->waitValue.value, op->waitValue.flags);
            break;
        case CU_STREAM_MEM_OP_WAIT_VALUE_64:
            err = cuStreamWaitValue64(stream, op->waitValue.address, op->waitValue.value64, op->waitValue.flags);
            break;
        case CU_STREAM_MEM_OP_WRITE_VALUE_32:
            err = cuStreamWriteValue32(stream, op->writeValue.address, op->writeValue.value, op->writeValue.flags);
            break;
        case CU_STREAM_MEM_OP_WRITE_VALUE_64:
            err = cuStreamWriteValue64(stream, op->writeValue.address, op->writeValue.value64, op->writeValue.flags);
            break;
        case CU_STREAM_MEM_OP_BARRIER: break;
        case CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES: err = CUDA_ERROR_NOT_SUPPORTED; break;
        default: err = CUDA_ERROR_INVALID_VALUE;
        }
        if (err != CUDA_SUCCESS) return err;
    }
    return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------ context creation */

/* A context with execution affinity is CUDA's CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY (there
 * is none to give); without, cuCtxCreate's. CUDA-in-graphics (D3D12) is not supported. */
CU2AMD_API CUresult cuCtxCreate_v3(CUcontext *pctx, CUexecAffinityParam *paramsArray, int numParams, unsigned int flags,
                                   CUdevice dev) {
    if (numParams < 0 || (numParams > 0 && !paramsArray)) return CUDA_ERROR_INVALID_VALUE;
    if (numParams > 0) return CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY;
    return cuCtxCreate(pctx, flags, dev);
}
CU2AMD_API CUresult cuCtxCreate_v4(CUcontext *pctx, CUctxCreateParams *ctxCreateParams, unsigned int flags,
                                   CUdevice dev) {
    if (!ctxCreateParams) return cuCtxCreate(pctx, flags, dev);
    if (ctxCreateParams->cigParams) return CUDA_ERROR_NOT_SUPPORTED;
    return cuCtxCreate_v3(pctx, ctxCreateParams->execAffinityParams, ctxCreateParams->numExecAffinityParams, flags,
                          dev);
}
CU2AMD_API CUresult cuCtxGetExecAffinity(CUexecAffinityParam *pExecAffinity, CUexecAffinityType type) {
    CUcontext ctx = NULL;
    if (!pExecAffinity || (unsigned)type >= CU_EXEC_AFFINITY_TYPE_MAX) return CUDA_ERROR_INVALID_VALUE;
    if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS || !ctx) return CUDA_ERROR_INVALID_CONTEXT;
    return CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY;
}

/* ------------------------------------------------------------------ context limits */

/* The runtime's cudaDeviceGetLimit/SetLimit store (cu2amd/limits.h) and checks, for the
 * current context's device. */
CU2AMD_API CUresult cuCtxGetLimit(size_t *pvalue, CUlimit limit) {
    CUcontext ctx = NULL;
    if (!pvalue) return CUDA_ERROR_INVALID_VALUE;
    if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS || !ctx) return CUDA_ERROR_INVALID_CONTEXT;
    if ((unsigned)limit > CU_LIMIT_PERSISTING_L2_CACHE_SIZE) return CUDA_ERROR_UNSUPPORTED_LIMIT;
    *pvalue = __cu2amd_limits()[limit];
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuCtxSetLimit(CUlimit limit, size_t value) {
    CUcontext ctx = NULL;
    if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS || !ctx) return CUDA_ERROR_INVALID_CONTEXT;
    if ((unsigned)limit > CU_LIMIT_PERSISTING_L2_CACHE_SIZE) return CUDA_ERROR_UNSUPPORTED_LIMIT;
    if (limit == CU_LIMIT_MAX_L2_FETCH_GRANULARITY && (value > 128 || (value & (value - 1)) != 0))
        return CUDA_ERROR_INVALID_VALUE;
    if (limit == CU_LIMIT_PERSISTING_L2_CACHE_SIZE && value != 0) return CUDA_ERROR_UNSUPPORTED_LIMIT;
    if (limit == CU_LIMIT_STACK_SIZE && value % 16 != 0) value = (value + 15) / 16 * 16;
    __cu2amd_limits()[limit] = value;
    return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------ peer access */

/* HIP numbers the attributes from 0. */
CU2AMD_API CUresult cuDeviceGetP2PAttribute(int *value, CUdevice_P2PAttribute attrib, CUdevice srcDevice,
                                            CUdevice dstDevice) {
    if ((int)attrib < CU_DEVICE_P2P_ATTRIBUTE_PERFORMANCE_RANK ||
        (int)attrib > CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED)
        return CUDA_ERROR_INVALID_VALUE;
    return CU2AMD_CU(hipDeviceGetP2PAttribute(value, (int)attrib - 1, srcDevice, dstDevice));
}
CU2AMD_API CUresult cuCtxEnablePeerAccess(CUcontext peerContext, unsigned int Flags) {
    return CU2AMD_CU(hipCtxEnablePeerAccess(peerContext, Flags));
}
CU2AMD_API CUresult cuCtxDisablePeerAccess(CUcontext peerContext) {
    return CU2AMD_CU(hipCtxDisablePeerAccess(peerContext));
}

/* ------------------------------------------------------------------ batched copies (CUDA 12.8) */

typedef enum __cu2amd_cu_src_access_order {
    CU_MEMCPY_SRC_ACCESS_ORDER_INVALID = 0x0,
    CU_MEMCPY_SRC_ACCESS_ORDER_STREAM = 0x1,
    CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL = 0x2,
    CU_MEMCPY_SRC_ACCESS_ORDER_ANY = 0x3,
    CU_MEMCPY_SRC_ACCESS_ORDER_MAX = 0x7FFFFFFF,
} CUmemcpySrcAccessOrder;
typedef enum __cu2amd_cu_memcpy_flags {
    CU_MEMCPY_FLAG_DEFAULT = 0x0,
    CU_MEMCPY_FLAG_PREFER_OVERLAP_WITH_COMPUTE = 0x1,
} CUmemcpyFlags;
typedef struct __cu2amd_cu_memcpy_attributes {
    CUmemcpySrcAccessOrder srcAccessOrder;
    CUmemLocation srcLocHint;
    CUmemLocation dstLocHint;
    unsigned int flags;
} CUmemcpyAttributes;

/* As the runtime's cudaMemcpyBatchAsync: everything checked first (failIdx: the copy at fault,
 * SIZE_MAX otherwise; the stream may not be the legacy default stream), then one cuMemcpyAsync
 * per copy, in order; CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL waits for its copy. */
CU2AMD_API CUresult cuMemcpyBatchAsync(CUdeviceptr *dsts, CUdeviceptr *srcs, size_t *sizes, size_t count,
                                       CUmemcpyAttributes *attrs, size_t *attrsIdxs, size_t numAttrs, size_t *failIdx,
                                       CUstream hStream) {
    size_t ignored, a = 0, i;
    if (!failIdx) failIdx = &ignored;
    *failIdx = (size_t)-1;
#ifdef CUDA_API_PER_THREAD_DEFAULT_STREAM
    const int legacy = hStream == CU_STREAM_LEGACY;
#else
    const int legacy = hStream == NULL || hStream == CU_STREAM_LEGACY;
#endif
    if (!dsts || !srcs || !sizes || count == 0 || !attrs || !attrsIdxs || numAttrs == 0 || numAttrs > count ||
        attrsIdxs[0] != 0 || legacy)
        return CUDA_ERROR_INVALID_VALUE;
    for (a = 0; a < numAttrs; a++) {
        if (a > 0 && (attrsIdxs[a] <= attrsIdxs[a - 1] || attrsIdxs[a] >= count)) return CUDA_ERROR_INVALID_VALUE;
        if (attrs[a].srcAccessOrder < CU_MEMCPY_SRC_ACCESS_ORDER_STREAM ||
            attrs[a].srcAccessOrder > CU_MEMCPY_SRC_ACCESS_ORDER_ANY ||
            (attrs[a].flags & ~(unsigned)CU_MEMCPY_FLAG_PREFER_OVERLAP_WITH_COMPUTE)) {
            *failIdx = attrsIdxs[a];
            return CUDA_ERROR_INVALID_VALUE;
        }
    }
    for (i = 0; i < count; i++)
        if (sizes[i] && (!dsts[i] || !srcs[i])) {
            *failIdx = i;
            return CUDA_ERROR_INVALID_VALUE;
        }
    for (i = 0, a = 0; i < count; i++) {
        while (a + 1 < numAttrs && attrsIdxs[a + 1] <= i) a++;
        if (!sizes[i]) continue;
        CUresult err = cuMemcpyAsync(dsts[i], srcs[i], sizes[i], hStream);
        if (err == CUDA_SUCCESS && attrs[a].srcAccessOrder == CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL)
            err = cuStreamSynchronize(hStream);
        if (err != CUDA_SUCCESS) {
            *failIdx = i;
            return err;
        }
    }
    return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------ GPUDirect RDMA and budget notifications */

/* As the runtime's cudaDeviceFlushGPUDirectRDMAWrites: the arguments checked, a system-wide
 * fence (no GPUDirect RDMA writers on cu2amd's targets). */
typedef enum __cu2amd_cu_flush_target {
    CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX = 0,
} CUflushGPUDirectRDMAWritesTarget;
typedef enum __cu2amd_cu_flush_scope {
    CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER = 100,
    CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES = 200,
} CUflushGPUDirectRDMAWritesScope;
CU2AMD_API CUresult cuFlushGPUDirectRDMAWrites(CUflushGPUDirectRDMAWritesTarget target,
                                               CUflushGPUDirectRDMAWritesScope scope) {
    if (target != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX ||
        (scope != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER && scope != CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES))
        return CUDA_ERROR_INVALID_VALUE;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    return CUDA_SUCCESS;
}

/* As the runtime's cudaDeviceRegisterAsyncNotification: registration and removal as CUDA's;
 * no memory budget exists on Linux (AMD or the host platform), so no notification is sent. One
 * list per program (a weak definition: C and C++). */
typedef enum __cu2amd_cu_async_type {
    CU_ASYNC_NOTIFICATION_TYPE_OVER_BUDGET = 0x1,
} CUasyncNotificationType;
typedef struct __cu2amd_cu_async_info {
    CUasyncNotificationType type;
    union {
        struct {
            unsigned long long bytesOverBudget;
        } overBudget;
    } info;
} CUasyncNotificationInfo;
typedef struct __cu2amd_cu_async_entry *CUasyncCallbackHandle;
typedef void (*CUasyncCallback)(CUasyncNotificationInfo *info, void *userData, CUasyncCallbackHandle callback);
struct __cu2amd_cu_async_entry {
    CUdevice device;
    CUasyncCallback callback;
    void *userData;
    struct __cu2amd_cu_async_entry *next;
};
struct __cu2amd_cu_async_list {
    int busy;
    struct __cu2amd_cu_async_entry *head;
};
__attribute__((weak)) struct __cu2amd_cu_async_list __cu2amd_cu_async_store;
CU2AMD_API struct __cu2amd_cu_async_entry **__cu2amd_cu_async(int lock) {
    __cu2amd_spin_lock(&__cu2amd_cu_async_store.busy, lock);
    return &__cu2amd_cu_async_store.head;
}
CU2AMD_API CUresult __cu2amd_cu_check_device(CUdevice device) {
    int count = 0;
    CUresult err = CU2AMD_CU(hipGetDeviceCount(&count));
    return err != CUDA_SUCCESS ? err : device < 0 || device >= count ? CUDA_ERROR_INVALID_DEVICE : CUDA_SUCCESS;
}
CU2AMD_API CUresult cuDeviceRegisterAsyncNotification(CUdevice device, CUasyncCallback callbackFunc, void *userData,
                                                      CUasyncCallbackHandle *callback) {
    CUresult err = __cu2amd_cu_check_device(device);
    if (err != CUDA_SUCCESS) return err;
    if (!callbackFunc || !callback) return CUDA_ERROR_INVALID_VALUE;
    struct __cu2amd_cu_async_entry *entry = (struct __cu2amd_cu_async_entry *)malloc(sizeof *entry);
    if (!entry) return CUDA_ERROR_OUT_OF_MEMORY;
    entry->device = device;
    entry->callback = callbackFunc;
    entry->userData = userData;
    struct __cu2amd_cu_async_entry **head = __cu2amd_cu_async(1);
    entry->next = *head;
    *head = entry;
    __cu2amd_cu_async(0);
    *callback = entry;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuDeviceUnregisterAsyncNotification(CUdevice device, CUasyncCallbackHandle callback) {
    CUresult err = __cu2amd_cu_check_device(device);
    if (err != CUDA_SUCCESS) return err;
    err = CUDA_ERROR_INVALID_VALUE;
    for (struct __cu2amd_cu_async_entry **e = __cu2amd_cu_async(1); *e; e = &(*e)->next)
        if (*e == callback && (*e)->device == device) {
            struct __cu2amd_cu_async_entry *gone = *e;
            *e = gone->next;
            free(gone);
            err = CUDA_SUCCESS;
            break;
        }
    __cu2amd_cu_async(0);
    return err;
}

/* ------------------------------------------------------------------ error log management (CUDA 12.9) */

/* The runtime's log (cu2amd/error_log.h), shared. */
typedef enum __cu2amd_cu_log_level {
    CU_LOG_LEVEL_ERROR = 0,
    CU_LOG_LEVEL_WARNING = 1,
} CUlogLevel;
typedef unsigned int CUlogIterator;
typedef struct __cu2amd_logs_callback *CUlogsCallbackHandle;
typedef void (*CUlogsCallback)(void *data, CUlogLevel logLevel, char *message, size_t length);

CU2AMD_API CUresult __cu2amd_cu_logs_result(int err, const char *function, const char *misuse) {
    if (err == 0) return CUDA_SUCCESS;
    if (misuse) __cu2amd_log_message(function, misuse);
    return __cu2amd_cu_result(err == 2 ? CUDA_ERROR_OUT_OF_MEMORY : CUDA_ERROR_INVALID_VALUE, function);
}
CU2AMD_API CUresult cuLogsRegisterCallback(CUlogsCallback callbackFunc, void *userData,
                                           CUlogsCallbackHandle *callback_out) {
    return __cu2amd_cu_logs_result(
        __cu2amd_logs_register((void (*)(void *, int, char *, size_t))callbackFunc, userData, callback_out),
        __func__, !callbackFunc ? "callbackFunc cannot be NULL" : !callback_out ? "callback_out cannot be NULL" : 0);
}
CU2AMD_API CUresult cuLogsUnregisterCallback(CUlogsCallbackHandle callback) {
    return __cu2amd_cu_logs_result(__cu2amd_logs_unregister(callback), __func__, "callback is not registered");
}
CU2AMD_API CUresult cuLogsCurrent(CUlogIterator *iterator_out, unsigned int flags) {
    return __cu2amd_cu_logs_result(__cu2amd_logs_current(iterator_out, flags), __func__,
                                   flags ? "flags must be 0" : "iterator_out cannot be NULL");
}
CU2AMD_API CUresult cuLogsDumpToFile(CUlogIterator *iterator, const char *pathToFile, unsigned int flags) {
    return __cu2amd_cu_logs_result(__cu2amd_logs_dump_to_file(iterator, pathToFile, flags), __func__,
                                   flags        ? "flags must be 0"
                                   : pathToFile ? "the file cannot be written"
                                                : "pathToFile cannot be NULL");
}
CU2AMD_API CUresult cuLogsDumpToMemory(CUlogIterator *iterator, char *buffer, size_t *size, unsigned int flags) {
    return __cu2amd_cu_logs_result(__cu2amd_logs_dump_to_memory(iterator, buffer, size, flags), __func__,
                                   flags     ? "flags must be 0"
                                   : !buffer ? "buffer cannot be NULL"
                                   : !size   ? "size cannot be NULL"
                                             : "the buffer is too small for a message");
}

#endif
