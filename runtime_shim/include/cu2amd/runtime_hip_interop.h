/* HIP's C ABI for external memory and semaphores, and graphics interoperability, as cuda_runtime_api.h sees it (see runtime_hip.h).
 * Part of runtime_hip.h: include that. HIP's handles are pointers (void * here); HIP's descriptors are the
 * __cu2amd_hip_* structures below, of HIP's layouts (ROCm 5.2), which cu2amd/runtime_interop.h fills from CUDA's.
 * Also included by cuda.h's driver_interop.h, which serves C files too. */
#ifndef CU2AMD_RUNTIME_HIP_INTEROP_H
#define CU2AMD_RUNTIME_HIP_INTEROP_H

#include "cu2amd/runtime_types.h"
#include "cu2amd/texture_types.h"

typedef struct __cu2amd_hip_external_memory_handle_desc {
    int type;
    union {
        int fd;
        struct {
            void *handle;
            const void *name;
        } win32;
    } handle;
    unsigned long long size;
    unsigned int flags;
} __cu2amd_hip_external_memory_handle_desc;
typedef struct __cu2amd_hip_external_memory_buffer_desc {
    unsigned long long offset;
    unsigned long long size;
    unsigned int flags;
} __cu2amd_hip_external_memory_buffer_desc;
typedef struct __cu2amd_hip_external_semaphore_handle_desc {
    int type;
    union {
        int fd;
        struct {
            void *handle;
            const void *name;
        } win32;
    } handle;
    unsigned int flags;
} __cu2amd_hip_external_semaphore_handle_desc;
typedef struct __cu2amd_hip_external_semaphore_signal_params {
    struct {
        struct {
            unsigned long long value;
        } fence;
        struct {
            unsigned long long key;
        } keyedMutex;
        unsigned int reserved[12];
    } params;
    unsigned int flags;
    unsigned int reserved[16];
} __cu2amd_hip_external_semaphore_signal_params;
typedef struct __cu2amd_hip_external_semaphore_wait_params {
    struct {
        struct {
            unsigned long long value;
        } fence;
        struct {
            unsigned long long key;
            unsigned int timeoutMs;
        } keyedMutex;
        unsigned int reserved[10];
    } params;
    unsigned int flags;
    unsigned int reserved[16];
} __cu2amd_hip_external_semaphore_wait_params;

#ifdef __cplusplus
extern "C" {
#endif
/* OpenGL and graphics resources (hipGraphicsResource_t: void *) */
int hipGLGetDevices(unsigned int *pHipDeviceCount, int *pHipDevices, unsigned int hipDeviceCount, int deviceList);
int hipGraphicsGLRegisterBuffer(void **resource, unsigned int buffer, unsigned int flags);
int hipGraphicsGLRegisterImage(void **resource, unsigned int image, unsigned int target, unsigned int flags);
int hipGraphicsMapResources(int count, void **resources, cudaStream_t stream);
int hipGraphicsSubResourceGetMappedArray(cudaArray_t *array, void *resource, unsigned int arrayIndex,
                                         unsigned int mipLevel);
int hipGraphicsResourceGetMappedPointer(void **devPtr, size_t *size, void *resource);
int hipGraphicsUnmapResources(int count, void **resources, cudaStream_t stream);
int hipGraphicsUnregisterResource(void *resource);
/* external memory and semaphores (hipExternalMemory_t, hipExternalSemaphore_t: void *) */
int hipImportExternalMemory(void **extMem_out, const __cu2amd_hip_external_memory_handle_desc *memHandleDesc);
int hipExternalMemoryGetMappedBuffer(void **devPtr, void *extMem,
                                     const __cu2amd_hip_external_memory_buffer_desc *bufferDesc);
int hipDestroyExternalMemory(void *extMem);
int hipImportExternalSemaphore(void **extSem_out, const __cu2amd_hip_external_semaphore_handle_desc *semHandleDesc);
int hipSignalExternalSemaphoresAsync(void *const *extSemArray,
                                     const __cu2amd_hip_external_semaphore_signal_params *paramsArray,
                                     unsigned int numExtSems, cudaStream_t stream);
int hipWaitExternalSemaphoresAsync(void *const *extSemArray,
                                   const __cu2amd_hip_external_semaphore_wait_params *paramsArray,
                                   unsigned int numExtSems, cudaStream_t stream);
int hipDestroyExternalSemaphore(void *extSem);
#ifdef __cplusplus
}
#endif

#endif
