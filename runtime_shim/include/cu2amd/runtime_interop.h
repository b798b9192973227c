/* The CUDA runtime API: external memory and semaphores, and graphics interoperability. Part of cuda_runtime_api.h: include that.
 *
 * A cudaGraphicsResource_t is cu2amd's record around HIP's resource (cu2amd/interop_resources.h, where cuda.h's
 * CUgraphicsResource is the same record): it keeps CUDA's map flags (HIP 5.2 has no
 * hipGraphicsResourceSetMapFlags: a resource whose flags change is registered with HIP again, with the new
 * flags, when it is next mapped) and whether it is mapped, so misuse gets CUDA's error codes on every target.
 * The OpenGL functions (CUDA's cuda_gl_interop.h, which includes this) take GL names as unsigned int, GLuint's
 * and GLenum's type. CUDA's external-memory descriptors are copied into HIP's layouts. */
#ifndef CU2AMD_RUNTIME_INTEROP_H
#define CU2AMD_RUNTIME_INTEROP_H

#include <stdlib.h>

/* ------------------------------------------------------------------ types */

enum cudaGraphicsRegisterFlags {
    cudaGraphicsRegisterFlagsNone = 0,
    cudaGraphicsRegisterFlagsReadOnly = 1,
    cudaGraphicsRegisterFlagsWriteDiscard = 2,
    cudaGraphicsRegisterFlagsSurfaceLoadStore = 4,
    cudaGraphicsRegisterFlagsTextureGather = 8
};
enum cudaGraphicsMapFlags {
    cudaGraphicsMapFlagsNone = 0,
    cudaGraphicsMapFlagsReadOnly = 1,
    cudaGraphicsMapFlagsWriteDiscard = 2
};
enum cudaGraphicsCubeFace {
    cudaGraphicsCubeFacePositiveX = 0x00,
    cudaGraphicsCubeFaceNegativeX = 0x01,
    cudaGraphicsCubeFacePositiveY = 0x02,
    cudaGraphicsCubeFaceNegativeY = 0x03,
    cudaGraphicsCubeFacePositiveZ = 0x04,
    cudaGraphicsCubeFaceNegativeZ = 0x05
};
enum cudaGLDeviceList { cudaGLDeviceListAll = 1, cudaGLDeviceListCurrentFrame = 2, cudaGLDeviceListNextFrame = 3 };
enum cudaGLMapFlags { cudaGLMapFlagsNone = 0, cudaGLMapFlagsReadOnly = 1, cudaGLMapFlagsWriteDiscard = 2 };

#include "cu2amd/interop_resources.h" /* struct cudaGraphicsResource: shared with cuda.h */
#include "cu2amd/extsem_nodes.h"      /* CUDA's semaphore parameters as HIP's */
typedef struct cudaGraphicsResource *cudaGraphicsResource_t;

enum cudaExternalMemoryHandleType {
    cudaExternalMemoryHandleTypeOpaqueFd = 1,
    cudaExternalMemoryHandleTypeOpaqueWin32 = 2,
    cudaExternalMemoryHandleTypeOpaqueWin32Kmt = 3,
    cudaExternalMemoryHandleTypeD3D12Heap = 4,
    cudaExternalMemoryHandleTypeD3D12Resource = 5,
    cudaExternalMemoryHandleTypeD3D11Resource = 6,
    cudaExternalMemoryHandleTypeD3D11ResourceKmt = 7,
    cudaExternalMemoryHandleTypeNvSciBuf = 8
};
#define cudaExternalMemoryDedicated 0x1
struct cudaExternalMemoryHandleDesc {
    enum cudaExternalMemoryHandleType type;
    union {
        int fd;
        struct {
            void *handle;
            const void *name;
        } win32;
        const void *nvSciBufObject;
    } handle;
    unsigned long long size;
    unsigned int flags;
    unsigned int reserved[16];
};
struct cudaExternalMemoryBufferDesc {
    unsigned long long offset;
    unsigned long long size;
    unsigned int flags;
    unsigned int reserved[16];
};
typedef struct __cu2amd_external_memory *cudaExternalMemory_t; /* HIP's handle */

enum cudaExternalSemaphoreHandleType {
    cudaExternalSemaphoreHandleTypeOpaqueFd = 1,
    cudaExternalSemaphoreHandleTypeOpaqueWin32 = 2,
    cudaExternalSemaphoreHandleTypeOpaqueWin32Kmt = 3,
    cudaExternalSemaphoreHandleTypeD3D12Fence = 4,
    cudaExternalSemaphoreHandleTypeD3D11Fence = 5,
    cudaExternalSemaphoreHandleTypeNvSciSync = 6,
    cudaExternalSemaphoreHandleTypeKeyedMutex = 7,
    cudaExternalSemaphoreHandleTypeKeyedMutexKmt = 8,
    cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd = 9,
    cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32 = 10
};
#define cudaExternalSemaphoreSignalSkipNvSciBufMemSync 0x01
#define cudaExternalSemaphoreWaitSkipNvSciBufMemSync 0x02
struct cudaExternalSemaphoreHandleDesc {
    enum cudaExternalSemaphoreHandleType type;
    union {
        int fd;
        struct {
            void *handle;
            const void *name;
        } win32;
        const void *nvSciSyncObj;
    } handle;
    unsigned int flags;
    unsigned int reserved[16];
};
struct cudaExternalSemaphoreSignalParams {
    struct {
        struct {
            unsigned long long value;
        } fence;
        union {
            void *fence;
            unsigned long long reserved;
        } nvSciSync;
        struct {
            unsigned long long key;
        } keyedMutex;
        unsigned int reserved[12];
    } params;
    unsigned int flags;
    unsigned int reserved[16];
};
struct cudaExternalSemaphoreWaitParams {
    struct {
        struct {
            unsigned long long value;
        } fence;
        union {
            void *fence;
            unsigned long long reserved;
        } nvSciSync;
        struct {
            unsigned long long key;
            unsigned int timeoutMs;
        } keyedMutex;
        unsigned int reserved[10];
    } params;
    unsigned int flags;
    unsigned int reserved[16];
};
typedef struct __cu2amd_external_semaphore *cudaExternalSemaphore_t; /* HIP's handle */

/* ------------------------------------------------------------------ graphics resources */

/* The runtime's error for a record helper's (the driver's numbering): HIP's errors as HIP's, the checks' own as the
 * runtime names them (CUDA's runtime says cudaErrorUnknown where its driver says already or not mapped). */
CU2AMD_API cudaError_t __cu2amd_graphics_error(int err, int from_hip, const char *function) {
    if (err == CU2AMD_GFX_ALREADY_MAPPED || err == CU2AMD_GFX_NOT_MAPPED) err = cudaErrorUnknown;
    if (err == CU2AMD_GFX_OUT_OF_MEMORY) err = cudaErrorMemoryAllocation, from_hip = 0;
    if (err == 0) return cudaSuccess;
    return from_hip ? __cu2amd_err((cudaError_t)err, function) : __cu2amd_fail_in((cudaError_t)err, function);
}

CU2AMD_API cudaError_t __cu2amd_graphics_register_rt(cudaGraphicsResource_t *resource, unsigned int name,
                                                     unsigned int target, unsigned int flags, int legacy,
                                                     const char *function) {
    return __cu2amd_graphics_error(__cu2amd_graphics_register(resource, name, target, flags, legacy), 1, function);
}

CU2AMD_API cudaError_t cudaGraphicsGLRegisterBuffer(cudaGraphicsResource_t *resource, unsigned int buffer,
                                                    unsigned int flags) {
    if (!resource || flags > cudaGraphicsRegisterFlagsWriteDiscard) return __cu2amd_fail(cudaErrorInvalidValue);
    return __cu2amd_graphics_register_rt(resource, buffer, 0, flags, 0, __func__);
}

CU2AMD_API cudaError_t cudaGraphicsGLRegisterImage(cudaGraphicsResource_t *resource, unsigned int image,
                                                   unsigned int target, unsigned int flags) {
    if (!resource || (flags & ~0x0fu) || (flags & 3u) == 3u || target == 0) return __cu2amd_fail(cudaErrorInvalidValue);
    return __cu2amd_graphics_register_rt(resource, image, target, flags, 0, __func__);
}

CU2AMD_API cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices,
                                        unsigned int cudaDeviceCount, enum cudaGLDeviceList deviceList) {
    return CU2AMD_ERR(hipGLGetDevices(pCudaDeviceCount, pCudaDevices, cudaDeviceCount, (int)deviceList));
}

CU2AMD_API cudaError_t cudaGraphicsUnregisterResource(cudaGraphicsResource_t resource) {
    int err = __cu2amd_graphics_unregister(resource);
    return __cu2amd_graphics_error(err, err != CU2AMD_GFX_INVALID_HANDLE, __func__);
}

CU2AMD_API cudaError_t cudaGraphicsResourceSetMapFlags(cudaGraphicsResource_t resource, unsigned int flags) {
    if (!__cu2amd_graphics_live(resource)) return __cu2amd_fail(cudaErrorInvalidResourceHandle);
    if (flags > cudaGraphicsMapFlagsWriteDiscard) return __cu2amd_fail(cudaErrorInvalidValue);
    if (resource->__mapped) return __cu2amd_fail(cudaErrorUnknown);
    resource->__map_flags = flags;
    return cudaSuccess;
}

CU2AMD_API cudaError_t cudaGraphicsMapResources(int count, cudaGraphicsResource_t *resources,
                                                cudaStream_t stream = 0) {
    int err = __cu2amd_graphics_check(count, resources, 0);
    if (err != 0) return __cu2amd_graphics_error(err, 0, __func__);
    return __cu2amd_graphics_error(__cu2amd_graphics_map(count, resources, __cu2amd_stream(stream), 1), 1, __func__);
}

CU2AMD_API cudaError_t cudaGraphicsUnmapResources(int count, cudaGraphicsResource_t *resources,
                                                  cudaStream_t stream = 0) {
    int err = __cu2amd_graphics_check(count, resources, 1);
    if (err != 0) return __cu2amd_graphics_error(err, 0, __func__);
    return __cu2amd_graphics_error(__cu2amd_graphics_map(count, resources, __cu2amd_stream(stream), 0), 1, __func__);
}

CU2AMD_API cudaError_t cudaGraphicsResourceGetMappedPointer(void **devPtr, size_t *size,
                                                            cudaGraphicsResource_t resource) {
    if (!__cu2amd_graphics_live(resource)) return __cu2amd_fail(cudaErrorInvalidResourceHandle);
    if (!devPtr || !size) return __cu2amd_fail(cudaErrorInvalidValue);
    if (!resource->__mapped || resource->__target != 0) return __cu2amd_fail(cudaErrorUnknown);
    return CU2AMD_ERR(hipGraphicsResourceGetMappedPointer(devPtr, size, resource->__hip));
}

CU2AMD_API cudaError_t cudaGraphicsSubResourceGetMappedArray(cudaArray_t *array, cudaGraphicsResource_t resource,
                                                             unsigned int arrayIndex, unsigned int mipLevel) {
    if (!__cu2amd_graphics_live(resource)) return __cu2amd_fail(cudaErrorInvalidResourceHandle);
    if (!array) return __cu2amd_fail(cudaErrorInvalidValue);
    if (!resource->__mapped || resource->__target == 0) return __cu2amd_fail(cudaErrorUnknown);
    return CU2AMD_ERR(hipGraphicsSubResourceGetMappedArray(array, resource->__hip, arrayIndex, mipLevel));
}

/* A GL texture's levels as a mipmapped array (cu2amd/interop_resources.h: copies, written back at unmap). */
CU2AMD_API cudaError_t cudaGraphicsResourceGetMappedMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                                                   cudaGraphicsResource_t resource) {
    if (!__cu2amd_graphics_live(resource)) return __cu2amd_fail(cudaErrorInvalidResourceHandle);
    if (!mipmappedArray) return __cu2amd_fail(cudaErrorInvalidValue);
    void *m = 0;
    int before = hipPeekAtLastError(); /* the probe for the last level fails: not the program's error */
    int err = __cu2amd_graphics_mipmap(resource, &m);
    if (err == 0 && before == 0) hipGetLastError();
    if (err == CU2AMD_GFX_NOT_MAPPED || err == CU2AMD_GFX_NOT_MAPPED_AS_ARRAY) return __cu2amd_fail(cudaErrorUnknown);
    if (err == CU2AMD_GFX_NOT_SUPPORTED) return __cu2amd_fail(cudaErrorNotSupported);
    if (err != 0) return CU2AMD_ERR(err);
    *mipmappedArray = (cudaMipmappedArray_t)m;
    return cudaSuccess;
}

/* ------------------------------------------------------------------ OpenGL, deprecated buffer-object API */

CU2AMD_API cudaError_t cudaGLSetGLDevice(int device) { return cudaSetDevice(device); }

CU2AMD_API cudaError_t cudaGLRegisterBufferObject(unsigned int bufObj) {
    if (__cu2amd_gl_legacy(bufObj)) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaGraphicsResource_t r;
    return __cu2amd_graphics_register_rt(&r, bufObj, 0, 0, 1, __func__);
}

CU2AMD_API cudaError_t cudaGLUnregisterBufferObject(unsigned int bufObj) {
    cudaGraphicsResource_t r = __cu2amd_gl_legacy(bufObj);
    return r ? cudaGraphicsUnregisterResource(r) : __cu2amd_fail(cudaErrorInvalidResourceHandle);
}

CU2AMD_API cudaError_t cudaGLSetBufferObjectMapFlags(unsigned int bufObj, unsigned int flags) {
    cudaGraphicsResource_t r = __cu2amd_gl_legacy(bufObj);
    return r ? cudaGraphicsResourceSetMapFlags(r, flags) : __cu2amd_fail(cudaErrorInvalidResourceHandle);
}

CU2AMD_API cudaError_t cudaGLMapBufferObjectAsync(void **devPtr, unsigned int bufObj, cudaStream_t stream) {
    if (!devPtr) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaGraphicsResource_t r = __cu2amd_gl_legacy(bufObj);
    if (!r) return __cu2amd_fail(cudaErrorInvalidResourceHandle);
    size_t size = 0;
    cudaError_t err = cudaGraphicsMapResources(1, &r, stream);
    return err != cudaSuccess ? err : cudaGraphicsResourceGetMappedPointer(devPtr, &size, r);
}

CU2AMD_API cudaError_t cudaGLMapBufferObject(void **devPtr, unsigned int bufObj) {
    return cudaGLMapBufferObjectAsync(devPtr, bufObj, 0);
}

CU2AMD_API cudaError_t cudaGLUnmapBufferObjectAsync(unsigned int bufObj, cudaStream_t stream) {
    cudaGraphicsResource_t r = __cu2amd_gl_legacy(bufObj);
    return r ? cudaGraphicsUnmapResources(1, &r, stream) : __cu2amd_fail(cudaErrorInvalidResourceHandle);
}

CU2AMD_API cudaError_t cudaGLUnmapBufferObject(unsigned int bufObj) { return cudaGLUnmapBufferObjectAsync(bufObj, 0); }

/* ------------------------------------------------------------------ external memory */

CU2AMD_API cudaError_t cudaImportExternalMemory(cudaExternalMemory_t *extMem_out,
                                                const struct cudaExternalMemoryHandleDesc *memHandleDesc) {
    if (!extMem_out || !memHandleDesc) return __cu2amd_fail(cudaErrorInvalidValue);
    if (memHandleDesc->type == cudaExternalMemoryHandleTypeNvSciBuf) return __cu2amd_fail(cudaErrorNotSupported);
    __cu2amd_hip_external_memory_handle_desc d = {};
    d.type = (int)memHandleDesc->type;
    if (memHandleDesc->type == cudaExternalMemoryHandleTypeOpaqueFd) d.handle.fd = memHandleDesc->handle.fd;
    else d.handle.win32.handle = memHandleDesc->handle.win32.handle, d.handle.win32.name = memHandleDesc->handle.win32.name;
    d.size = memHandleDesc->size;
    d.flags = memHandleDesc->flags;
    void *hip = 0;
    cudaError_t err = CU2AMD_ERR(hipImportExternalMemory(&hip, &d));
    if (err == cudaSuccess) *extMem_out = (cudaExternalMemory_t)hip;
    return err;
}

CU2AMD_API cudaError_t cudaExternalMemoryGetMappedBuffer(void **devPtr, cudaExternalMemory_t extMem,
                                                         const struct cudaExternalMemoryBufferDesc *bufferDesc) {
    if (!devPtr || !bufferDesc) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_external_memory_buffer_desc d = {bufferDesc->offset, bufferDesc->size, bufferDesc->flags};
    return CU2AMD_ERR(hipExternalMemoryGetMappedBuffer(devPtr, (void *)extMem, &d));
}

CU2AMD_API cudaError_t cudaDestroyExternalMemory(cudaExternalMemory_t extMem) {
    return CU2AMD_ERR(hipDestroyExternalMemory((void *)extMem));
}

/* ------------------------------------------------------------------ external semaphores */

CU2AMD_API cudaError_t cudaImportExternalSemaphore(cudaExternalSemaphore_t *extSem_out,
                                                   const struct cudaExternalSemaphoreHandleDesc *semHandleDesc) {
    if (!extSem_out || !semHandleDesc) return __cu2amd_fail(cudaErrorInvalidValue);
    switch (semHandleDesc->type) {
    case cudaExternalSemaphoreHandleTypeD3D11Fence:
    case cudaExternalSemaphoreHandleTypeNvSciSync:
    case cudaExternalSemaphoreHandleTypeKeyedMutex:
    case cudaExternalSemaphoreHandleTypeKeyedMutexKmt:
    case cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32: return __cu2amd_fail(cudaErrorNotSupported);
    default: break;
    }
    __cu2amd_hip_external_semaphore_handle_desc d = {};
    d.type = (int)semHandleDesc->type;
    if (semHandleDesc->type == cudaExternalSemaphoreHandleTypeOpaqueFd ||
        semHandleDesc->type == cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd)
        d.handle.fd = semHandleDesc->handle.fd;
    else d.handle.win32.handle = semHandleDesc->handle.win32.handle, d.handle.win32.name = semHandleDesc->handle.win32.name;
    d.flags = semHandleDesc->flags;
    void *hip = 0;
    cudaError_t err = CU2AMD_ERR(hipImportExternalSemaphore(&hip, &d));
    if (err == cudaSuccess) *extSem_out = (cudaExternalSemaphore_t)hip;
    return err;
}

/* On a capturing stream: a semaphore node (cu2amd/runtime_graph_extsem.h). */
CU2AMD_API int __cu2amd_capture_extsem(const cudaExternalSemaphore_t *sems,
                                       const struct cudaExternalSemaphoreSignalParams *signal,
                                       const struct cudaExternalSemaphoreWaitParams *wait, unsigned int n,
                                       cudaStream_t stream, cudaError_t *err);
CU2AMD_API cudaError_t cudaSignalExternalSemaphoresAsync(const cudaExternalSemaphore_t *extSemArray,
                                                         const struct cudaExternalSemaphoreSignalParams *paramsArray,
                                                         unsigned int numExtSems, cudaStream_t stream = 0) {
    if (numExtSems && (!extSemArray || !paramsArray)) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t captured;
    if (__cu2amd_capture_extsem(extSemArray, paramsArray, (const struct cudaExternalSemaphoreWaitParams *)0,
                                numExtSems, stream, &captured))
        return captured;
    __cu2amd_hip_external_semaphore_signal_params *p = (__cu2amd_hip_external_semaphore_signal_params *)
        __cu2amd_extsem_hip_params(paramsArray, sizeof *paramsArray, numExtSems, 1);
    if (!p) return __cu2amd_fail(cudaErrorMemoryAllocation);
    cudaError_t err = CU2AMD_ERR(
        hipSignalExternalSemaphoresAsync((void *const *)extSemArray, p, numExtSems, __cu2amd_stream(stream)));
    free(p);
    return err;
}

CU2AMD_API cudaError_t cudaWaitExternalSemaphoresAsync(const cudaExternalSemaphore_t *extSemArray,
                                                       const struct cudaExternalSemaphoreWaitParams *paramsArray,
                                                       unsigned int numExtSems, cudaStream_t stream = 0) {
    if (numExtSems && (!extSemArray || !paramsArray)) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t captured;
    if (__cu2amd_capture_extsem(extSemArray, (const struct cudaExternalSemaphoreSignalParams *)0, paramsArray,
                                numExtSems, stream, &captured))
        return captured;
    __cu2amd_hip_external_semaphore_wait_params *p = (__cu2amd_hip_external_semaphore_wait_params *)
        __cu2amd_extsem_hip_params(paramsArray, sizeof *paramsArray, numExtSems, 0);
    if (!p) return __cu2amd_fail(cudaErrorMemoryAllocation);
    cudaError_t err = CU2AMD_ERR(
        hipWaitExternalSemaphoresAsync((void *const *)extSemArray, p, numExtSems, __cu2amd_stream(stream)));
    free(p);
    return err;
}

CU2AMD_API cudaError_t cudaDestroyExternalSemaphore(cudaExternalSemaphore_t extSem) {
    return CU2AMD_ERR(hipDestroyExternalSemaphore((void *)extSem));
}

#include "cu2amd/runtime_graph_extsem.h" /* graph nodes that signal and wait semaphores */

#endif
