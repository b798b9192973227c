/* What the host runtime's HIP files (hip.c: errors, devices, modules and launches;
 * hip_memory.c: memory and symbols; hip_stream.c: streams and events) share. Nothing here
 * is exported from the library. */
#ifndef CU2AMD_HIP_INTERNAL_H
#define CU2AMD_HIP_INTERNAL_H

#include "cu2amd_hip.h"

#define CU2AMD_HIDDEN __attribute__((visibility("hidden")))

/* A block's shared memory (static plus dynamic) when a kernel opts in with
 * hipFuncSetAttribute(hipFuncAttributeMaxDynamicSharedMemorySize): the host platform's
 * sharedMemPerBlockOptin (its "multiprocessor" has this much). */
#define CU2AMD_MAX_SHARED_OPTIN_BYTES (64 * 1024)

/* hipStreamPerThread: CUDA's per-thread default stream, which on the host platform is
 * the null stream (all work runs at once, in order). */
#define CU2AMD_STREAM_PER_THREAD ((hipStream_t)2)

/* Remembers a failure for hipGetLastError/hipPeekAtLastError; returns it. */
CU2AMD_HIDDEN hipError_t cu2amd_hip_record(hipError_t err);
/* The HIP error of a kernel's cu2amd_status (CU2AMD_OK: hipSuccess); a failure of the
 * kernel itself becomes the process's sticky error (hip.c). */
CU2AMD_HIDDEN hipError_t cu2amd_hip_launch_status(int status);
/* Whether `stream` is the null stream, the per-thread stream or a live created stream. */
CU2AMD_HIDDEN int cu2amd_hip_valid_stream(hipStream_t stream);
/* The device address and size of a __device__/__constant__ variable from its host shadow
 * (what __hipRegisterVar registered); hipErrorInvalidSymbol when it is not one. */
CU2AMD_HIDDEN hipError_t cu2amd_hip_symbol(const void *shadow, void **address, size_t *size);
/* Frees every allocation of the device (hipDeviceReset): device, managed and pinned host
 * memory; registrations of the program's memory end. */
CU2AMD_HIDDEN void cu2amd_hip_free_all(void);
/* Memory pools (hip_extra.c) and the allocations they hand out, which hip_memory.c tracks
 * as device memory: tracked with their pool (and memfd, or -1 for heap memory), and given
 * back to it when freed (it keeps or frees them); the device's current pool;
 * hipDeviceReset empties every pool. */
CU2AMD_HIDDEN hipError_t cu2amd_hip_track_pooled(void *ptr, size_t size, hipMemPool_t pool, int fd);
CU2AMD_HIDDEN void cu2amd_hip_pool_release(hipMemPool_t pool, void *ptr, size_t size, int fd);
CU2AMD_HIDDEN hipMemPool_t cu2amd_hip_current_pool(void);
CU2AMD_HIDDEN void cu2amd_hip_pools_reset(void);
/* IPC (hip_extra.c): the memfd of the device allocation starting at `base` (-1: heap
 * memory, which no other process can map); another process's memory mapped here, tracked
 * as device memory that hipFree refuses (IPC handles) or unmaps (`freeable`: pointers of
 * imported pools), and forgotten (unmapped) when closed (1 if it was). */
CU2AMD_HIDDEN int cu2amd_hip_shareable(const void *base);
CU2AMD_HIDDEN hipError_t cu2amd_hip_track_ipc(void *ptr, size_t size, int freeable);
CU2AMD_HIDDEN int cu2amd_hip_untrack_ipc(void *ptr);
/* The device or managed allocation holding `ptr`: 1 and its start and size, else 0. */
CU2AMD_HIDDEN int cu2amd_hip_device_allocation(const void *ptr, void **base, size_t *size);
/* cu2amd_rt_launch (runtime.c) with another limit on a block's shared memory. */
CU2AMD_HIDDEN int cu2amd_rt_launch_limited(const cu2amd_launch *launch, uint64_t max_shared_bytes, char *err,
                                           size_t err_len);

/* A kernel the program registered (hip.c), as a module function that hipModuleLaunchKernel,
 * hipFuncGetAttribute and the other hipFunction_t calls take (module.c); NULL when out of
 * memory. */
CU2AMD_HIDDEN hipFunction_t cu2amd_module_function_of_program(void *handle, cu2amd_thread **thread_slot,
                                                              void **shared_regions, size_t *shared_sizes,
                                                              uint32_t n_shared, uint8_t *dynamic_shared,
                                                              cu2amd_entry_fn entry, uint32_t flags,
                                                              const char *name);

#endif
