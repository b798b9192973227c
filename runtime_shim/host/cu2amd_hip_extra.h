/* HIP's C ABI for memory pools, IPC, stream memory operations and managed-memory range
 * queries, with HIP's own types (ROCm 5.2's declarations and values), as the host runtime
 * implements it (see cu2amd_hip.h). Part of cu2amd_hip.h: include that. */
#ifndef CU2AMD_HIP_EXTRA_H
#define CU2AMD_HIP_EXTRA_H

/* ------------------------------------------------------------------ memory pools */

typedef struct ihipMemPoolHandle_t *hipMemPool_t;

typedef enum hipMemPoolAttr {
    hipMemPoolReuseFollowEventDependencies = 0x1,
    hipMemPoolReuseAllowOpportunistic = 0x2,
    hipMemPoolReuseAllowInternalDependencies = 0x3,
    hipMemPoolAttrReleaseThreshold = 0x4,
    hipMemPoolAttrReservedMemCurrent = 0x5,
    hipMemPoolAttrReservedMemHigh = 0x6,
    hipMemPoolAttrUsedMemCurrent = 0x7,
    hipMemPoolAttrUsedMemHigh = 0x8,
} hipMemPoolAttr;

typedef enum hipMemLocationType {
    hipMemLocationTypeInvalid = 0,
    hipMemLocationTypeDevice = 1,
} hipMemLocationType;

typedef struct hipMemLocation {
    hipMemLocationType type;
    int id;
} hipMemLocation;

typedef enum hipMemAccessFlags {
    hipMemAccessFlagsProtNone = 0,
    hipMemAccessFlagsProtRead = 1,
    hipMemAccessFlagsProtReadWrite = 3,
} hipMemAccessFlags;

typedef struct hipMemAccessDesc {
    hipMemLocation location;
    hipMemAccessFlags flags;
} hipMemAccessDesc;

typedef enum hipMemAllocationType {
    hipMemAllocationTypeInvalid = 0x0,
    hipMemAllocationTypePinned = 0x1,
    hipMemAllocationTypeMax = 0x7FFFFFFF,
} hipMemAllocationType;

typedef enum hipMemAllocationHandleType {
    hipMemHandleTypeNone = 0x0,
    hipMemHandleTypePosixFileDescriptor = 0x1,
    hipMemHandleTypeWin32 = 0x2,
    hipMemHandleTypeWin32Kmt = 0x4,
} hipMemAllocationHandleType;

typedef struct hipMemPoolProps {
    hipMemAllocationType allocType;
    hipMemAllocationHandleType handleTypes;
    hipMemLocation location;
    void *win32SecurityAttributes;
    unsigned char reserved[64];
} hipMemPoolProps;

hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t *mem_pool, int device);
hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool);
hipError_t hipDeviceGetMemPool(hipMemPool_t *mem_pool, int device);
hipError_t hipMemPoolCreate(hipMemPool_t *mem_pool, const hipMemPoolProps *pool_props);
hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool);
hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold);
hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value);
hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value);
hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc *desc_list, size_t count);
hipError_t hipMemPoolGetAccess(hipMemAccessFlags *flags, hipMemPool_t mem_pool, hipMemLocation *location);
hipError_t hipMallocFromPoolAsync(void **dev_ptr, size_t size, hipMemPool_t mem_pool, hipStream_t stream);
typedef struct hipMemPoolPtrExportData {
    unsigned char reserved[64];
} hipMemPoolPtrExportData;
hipError_t hipMemPoolExportToShareableHandle(void *shared_handle, hipMemPool_t mem_pool,
                                             hipMemAllocationHandleType handle_type, unsigned int flags);
hipError_t hipMemPoolImportFromShareableHandle(hipMemPool_t *mem_pool, void *shared_handle,
                                               hipMemAllocationHandleType handle_type, unsigned int flags);
hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData *export_data, void *dev_ptr);
hipError_t hipMemPoolImportPointer(void **dev_ptr, hipMemPool_t mem_pool, hipMemPoolPtrExportData *export_data);

/* ------------------------------------------------------------------ IPC */

#define HIP_IPC_HANDLE_SIZE 64
typedef struct hipIpcMemHandle_st {
    char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcMemHandle_t;
typedef struct hipIpcEventHandle_st {
    char reserved[HIP_IPC_HANDLE_SIZE];
} hipIpcEventHandle_t;
#define hipIpcMemLazyEnablePeerAccess 0 /* ROCm's value, the only flags it takes */

hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t *handle, void *devPtr);
hipError_t hipIpcOpenMemHandle(void **devPtr, hipIpcMemHandle_t handle, unsigned int flags);
hipError_t hipIpcCloseMemHandle(void *devPtr);
hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t *handle, hipEvent_t event);
hipError_t hipIpcOpenEventHandle(hipEvent_t *event, hipIpcEventHandle_t handle);

/* ------------------------------------------------------------------ stream memory operations */

#define hipStreamWaitValueGte 0x0
#define hipStreamWaitValueEq 0x1
#define hipStreamWaitValueAnd 0x2
#define hipStreamWaitValueNor 0x3

hipError_t hipStreamWaitValue32(hipStream_t stream, void *ptr, uint32_t value, unsigned int flags, uint32_t mask);
hipError_t hipStreamWaitValue64(hipStream_t stream, void *ptr, uint64_t value, unsigned int flags, uint64_t mask);
hipError_t hipStreamWriteValue32(hipStream_t stream, void *ptr, uint32_t value, unsigned int flags);
hipError_t hipStreamWriteValue64(hipStream_t stream, void *ptr, uint64_t value, unsigned int flags);

/* ------------------------------------------------------------------ managed memory ranges */

typedef enum hipMemRangeAttribute {
    hipMemRangeAttributeReadMostly = 1,
    hipMemRangeAttributePreferredLocation = 2,
    hipMemRangeAttributeAccessedBy = 3,
    hipMemRangeAttributeLastPrefetchLocation = 4,
    hipMemRangeAttributeCoherencyMode = 100,
} hipMemRangeAttribute;

hipError_t hipMemRangeGetAttribute(void *data, size_t data_size, hipMemRangeAttribute attribute, const void *dev_ptr,
                                   size_t count);
hipError_t hipMemRangeGetAttributes(void **data, size_t *data_sizes, hipMemRangeAttribute *attributes,
                                    size_t num_attributes, const void *dev_ptr, size_t count);

/* ------------------------------------------------------------------ virtual memory management */

/* ROCm 5.2's layout (ROCm 6 changed it to CUDA's). */
typedef struct hipMemAllocationProp {
    unsigned char compressionType;
    hipMemLocation location;
    hipMemAllocationHandleType requestedHandleType;
    hipMemAllocationType type;
    unsigned short usage;
    void *win32HandleMetaData;
} hipMemAllocationProp;
typedef struct ihipMemGenericAllocationHandle *hipMemGenericAllocationHandle_t;
typedef enum hipMemAllocationGranularity_flags {
    hipMemAllocationGranularityMinimum = 0x0,
    hipMemAllocationGranularityRecommended = 0x1,
} hipMemAllocationGranularity_flags;

hipError_t hipMemGetAllocationGranularity(size_t *granularity, const hipMemAllocationProp *prop,
                                          hipMemAllocationGranularity_flags option);
hipError_t hipMemCreate(hipMemGenericAllocationHandle_t *handle, size_t size, const hipMemAllocationProp *prop,
                        unsigned long long flags);
hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle);
hipError_t hipMemAddressReserve(void **ptr, size_t size, size_t alignment, void *addr, unsigned long long flags);
hipError_t hipMemAddressFree(void *devPtr, size_t size);
hipError_t hipMemMap(void *ptr, size_t size, size_t offset, hipMemGenericAllocationHandle_t handle,
                     unsigned long long flags);
hipError_t hipMemUnmap(void *ptr, size_t size);
hipError_t hipMemSetAccess(void *ptr, size_t size, const hipMemAccessDesc *desc, size_t count);
hipError_t hipMemGetAccess(unsigned long long *flags, const hipMemLocation *location, void *ptr);
hipError_t hipMemGetAllocationPropertiesFromHandle(hipMemAllocationProp *prop, hipMemGenericAllocationHandle_t handle);
hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t *handle, void *addr);
hipError_t hipMemExportToShareableHandle(void *shareableHandle, hipMemGenericAllocationHandle_t handle,
                                         hipMemAllocationHandleType handleType, unsigned long long flags);
hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t *handle, void *osHandle,
                                           hipMemAllocationHandleType shHandleType);

/* ------------------------------------------------------------------ others */

hipError_t hipMemGetAddressRange(hipDeviceptr_t *pbase, size_t *psize, hipDeviceptr_t dptr);
hipError_t hipCtxEnablePeerAccess(hipCtx_t peerCtx, unsigned int flags);
hipError_t hipCtxDisablePeerAccess(hipCtx_t peerCtx);

#endif
