/* HIP's C ABI for memory pools, IPC, stream memory operations and managed-memory range
 * queries, as cuda_runtime_api.h sees it (see runtime_hip.h): enums as int, HIP's
 * structures as CUDA's of the same layout. Part of runtime_hip.h: include that. */
#ifndef CU2AMD_RUNTIME_HIP_EXTRA_H
#define CU2AMD_RUNTIME_HIP_EXTRA_H

/* CUDA's IPC handles: HIP's (64 opaque bytes, passed by value), the driver API's too
 * (cu2amd/driver_extra.h). */
#ifndef CU2AMD_IPC_HANDLES
#define CU2AMD_IPC_HANDLES
struct __cu2amd_ipc_mem_handle {
    char reserved[64];
};
struct __cu2amd_ipc_event_handle {
    char reserved[64];
};
#endif
typedef struct __cu2amd_ipc_mem_handle cudaIpcMemHandle_t;
typedef struct __cu2amd_ipc_event_handle cudaIpcEventHandle_t;

extern "C" {
/* memory pools (hipMemPoolProps, hipMemAccessDesc, hipMemLocation: CUDA's layouts) */
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
int hipMallocFromPoolAsync(void **dev_ptr, size_t size, struct ihipMemPoolHandle_t *mem_pool, cudaStream_t stream);
int hipMemPoolExportToShareableHandle(void *shared_handle, struct ihipMemPoolHandle_t *mem_pool, int handle_type,
                                      unsigned int flags);
int hipMemPoolImportFromShareableHandle(struct ihipMemPoolHandle_t **mem_pool, void *shared_handle, int handle_type,
                                        unsigned int flags);
int hipMemPoolExportPointer(void *export_data, void *dev_ptr);
int hipMemPoolImportPointer(void **dev_ptr, struct ihipMemPoolHandle_t *mem_pool, void *export_data);
/* IPC */
int hipIpcGetMemHandle(cudaIpcMemHandle_t *handle, void *devPtr);
int hipIpcOpenMemHandle(void **devPtr, cudaIpcMemHandle_t handle, unsigned int flags);
int hipIpcCloseMemHandle(void *devPtr);
int hipIpcGetEventHandle(cudaIpcEventHandle_t *handle, cudaEvent_t event);
int hipIpcOpenEventHandle(cudaEvent_t *event, cudaIpcEventHandle_t handle);
/* managed memory ranges */
int hipMemRangeGetAttribute(void *data, size_t data_size, int attribute, const void *dev_ptr, size_t count);
int hipMemRangeGetAttributes(void **data, size_t *data_sizes, int *attributes, size_t num_attributes,
                             const void *dev_ptr, size_t count);
}

#endif
