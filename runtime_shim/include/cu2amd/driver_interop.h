/* The CUDA driver API: external memory and semaphores, and graphics interoperability. Part of cuda.h: include that.
 *
 * Over HIP's interop ABI as the runtime API declares it (cu2amd/runtime_hip_interop.h), with the runtime's records:
 * a CUgraphicsResource is the runtime's cudaGraphicsResource_t (cu2amd/interop_resources.h), a CUexternalMemory
 * and CUexternalSemaphore HIP's handles, as the runtime's, so a handle from one API works in the other as in CUDA.
 * The driver's errors are its own (CUDA_ERROR_ALREADY_MAPPED, CUDA_ERROR_NOT_MAPPED, ...). The OpenGL functions
 * (CUDA's cudaGL.h, which includes cuda.h) take GL names as unsigned int, GLuint's and GLenum's type. C as well
 * as C++, as cuda.h. */
#ifndef CU2AMD_DRIVER_INTEROP_H
#define CU2AMD_DRIVER_INTEROP_H

#include "cu2amd/runtime_types.h"
#include "cu2amd/texture_types.h"
#include "cu2amd/runtime_hip_interop.h"
#include "cu2amd/interop_resources.h"

/* ------------------------------------------------------------------ types */

typedef struct cudaGraphicsResource *CUgraphicsResource;

typedef enum CUgraphicsRegisterFlags_enum {
    CU_GRAPHICS_REGISTER_FLAGS_NONE = 0x00,
    CU_GRAPHICS_REGISTER_FLAGS_READ_ONLY = 0x01,
    CU_GRAPHICS_REGISTER_FLAGS_WRITE_DISCARD = 0x02,
    CU_GRAPHICS_REGISTER_FLAGS_SURFACE_LDST = 0x04,
    CU_GRAPHICS_REGISTER_FLAGS_TEXTURE_GATHER = 0x08
} CUgraphicsRegisterFlags;
typedef enum CUgraphicsMapResourceFlags_enum {
    CU_GRAPHICS_MAP_RESOURCE_FLAGS_NONE = 0x00,
    CU_GRAPHICS_MAP_RESOURCE_FLAGS_READ_ONLY = 0x01,
    CU_GRAPHICS_MAP_RESOURCE_FLAGS_WRITE_DISCARD = 0x02
} CUgraphicsMapResourceFlags;
typedef enum CUarray_cubemap_face_enum {
    CU_CUBEMAP_FACE_POSITIVE_X = 0x00,
    CU_CUBEMAP_FACE_NEGATIVE_X = 0x01,
    CU_CUBEMAP_FACE_POSITIVE_Y = 0x02,
    CU_CUBEMAP_FACE_NEGATIVE_Y = 0x03,
    CU_CUBEMAP_FACE_POSITIVE_Z = 0x04,
    CU_CUBEMAP_FACE_NEGATIVE_Z = 0x05
} CUarray_cubemap_face;
typedef enum CUGLDeviceList_enum {
    CU_GL_DEVICE_LIST_ALL = 0x01,
    CU_GL_DEVICE_LIST_CURRENT_FRAME = 0x02,
    CU_GL_DEVICE_LIST_NEXT_FRAME = 0x03
} CUGLDeviceList;
typedef enum CUGLmap_flags_enum {
    CU_GL_MAP_RESOURCE_FLAGS_NONE = 0x00,
    CU_GL_MAP_RESOURCE_FLAGS_READ_ONLY = 0x01,
    CU_GL_MAP_RESOURCE_FLAGS_WRITE_DISCARD = 0x02
} CUGLmap_flags;

typedef struct __cu2amd_external_memory *CUexternalMemory;       /* HIP's handle (the runtime's) */
typedef struct __cu2amd_external_semaphore *CUexternalSemaphore; /* HIP's handle (the runtime's) */

typedef enum CUexternalMemoryHandleType_enum {
    CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD = 1,
    CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32 = 2,
    CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32_KMT = 3,
    CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_HEAP = 4,
    CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_RESOURCE = 5,
    CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE = 6,
    CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE_KMT = 7,
    CU_EXTERNAL_MEMORY_HANDLE_TYPE_NVSCIBUF = 8
} CUexternalMemoryHandleType;
#define CUDA_EXTERNAL_MEMORY_DEDICATED 0x1
typedef struct CUDA_EXTERNAL_MEMORY_HANDLE_DESC_st {
    CUexternalMemoryHandleType type;
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
} CUDA_EXTERNAL_MEMORY_HANDLE_DESC;
typedef struct CUDA_EXTERNAL_MEMORY_BUFFER_DESC_st {
    unsigned long long offset;
    unsigned long long size;
    unsigned int flags;
    unsigned int reserved[16];
} CUDA_EXTERNAL_MEMORY_BUFFER_DESC;

typedef enum CUexternalSemaphoreHandleType_enum {
    CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD = 1,
    CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32 = 2,
    CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32_KMT = 3,
    CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D12_FENCE = 4,
    CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_FENCE = 5,
    CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_NVSCISYNC = 6,
    CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX = 7,
    CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX_KMT = 8,
    CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD = 9,
    CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_WIN32 = 10
} CUexternalSemaphoreHandleType;
#define CUDA_EXTERNAL_SEMAPHORE_SIGNAL_SKIP_NVSCIBUF_MEMSYNC 0x01
#define CUDA_EXTERNAL_SEMAPHORE_WAIT_SKIP_NVSCIBUF_MEMSYNC 0x02
typedef struct CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC_st {
    CUexternalSemaphoreHandleType type;
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
} CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC;
typedef struct CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_st {
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
} CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS;
typedef struct CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS_st {
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
} CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS;

/* ------------------------------------------------------------------ graphics resources */

/* The record helpers (cu2amd/interop_resources.h) answer with the driver's numbers (HIP's for HIP's errors). */

CU2AMD_API CUresult cuGraphicsGLRegisterBuffer(CUgraphicsResource *pCudaResource, unsigned int buffer,
                                               unsigned int Flags) {
    if (!pCudaResource || Flags > CU_GRAPHICS_REGISTER_FLAGS_WRITE_DISCARD) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return CU2AMD_CU(__cu2amd_graphics_register(pCudaResource, buffer, 0, Flags, 0));
}

CU2AMD_API CUresult cuGraphicsGLRegisterImage(CUgraphicsResource *pCudaResource, unsigned int image,
                                              unsigned int target, unsigned int Flags) {
    if (!pCudaResource || (Flags & ~0x0fu) || (Flags & 3u) == 3u || target == 0)
        return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return CU2AMD_CU(__cu2amd_graphics_register(pCudaResource, image, target, Flags, 0));
}

CU2AMD_API CUresult cuGLGetDevices(unsigned int *pCudaDeviceCount, CUdevice *pCudaDevices, unsigned int cudaDeviceCount,
                                   CUGLDeviceList deviceList) {
    return CU2AMD_CU(hipGLGetDevices(pCudaDeviceCount, pCudaDevices, cudaDeviceCount, (int)deviceList));
}

CU2AMD_API CUresult cuGraphicsUnregisterResource(CUgraphicsResource resource) {
    return CU2AMD_CU(__cu2amd_graphics_unregister(resource));
}

CU2AMD_API CUresult cuGraphicsResourceSetMapFlags(CUgraphicsResource resource, unsigned int flags) {
    if (!__cu2amd_graphics_live(resource)) return CU2AMD_CU(CUDA_ERROR_INVALID_HANDLE);
    if (flags > CU_GRAPHICS_MAP_RESOURCE_FLAGS_WRITE_DISCARD) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    if (resource->__mapped) return CU2AMD_CU(CUDA_ERROR_ALREADY_MAPPED);
    resource->__map_flags = flags;
    return CUDA_SUCCESS;
}

CU2AMD_API CUresult cuGraphicsMapResources(unsigned int count, CUgraphicsResource *resources, CUstream hStream) {
    if (count > 0x7fffffffu) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    int err = __cu2amd_graphics_check((int)count, resources, 0);
    if (err == 0) err = __cu2amd_graphics_map((int)count, resources, __cu2amd_cu_stream(hStream), 1);
    return CU2AMD_CU(err);
}

CU2AMD_API CUresult cuGraphicsUnmapResources(unsigned int count, CUgraphicsResource *resources, CUstream hStream) {
    if (count > 0x7fffffffu) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    int err = __cu2amd_graphics_check((int)count, resources, 1);
    if (err == 0) err = __cu2amd_graphics_map((int)count, resources, __cu2amd_cu_stream(hStream), 0);
    return CU2AMD_CU(err);
}

CU2AMD_API CUresult cuGraphicsResourceGetMappedPointer(CUdeviceptr *pDevPtr, size_t *pSize,
                                                       CUgraphicsResource resource) {
    if (!__cu2amd_graphics_live(resource)) return CU2AMD_CU(CUDA_ERROR_INVALID_HANDLE);
    if (!resource->__mapped) return CU2AMD_CU(CUDA_ERROR_NOT_MAPPED);
    if (resource->__target != 0) return CU2AMD_CU(CUDA_ERROR_NOT_MAPPED_AS_POINTER);
    void *p = NULL;
    size_t size = 0;
    CUresult err = CU2AMD_CU(hipGraphicsResourceGetMappedPointer(&p, &size, resource->__hip));
    if (err == CUDA_SUCCESS) {
        if (pDevPtr) *pDevPtr = (CUdeviceptr)(uintptr_t)p; /* either may be NULL: only the other is returned */
        if (pSize) *pSize = size;
    }
    return err;
}

CU2AMD_API CUresult cuGraphicsSubResourceGetMappedArray(CUarray *pArray, CUgraphicsResource resource,
                                                        unsigned int arrayIndex, unsigned int mipLevel) {
    if (!__cu2amd_graphics_live(resource)) return CU2AMD_CU(CUDA_ERROR_INVALID_HANDLE);
    if (!pArray) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    if (!resource->__mapped) return CU2AMD_CU(CUDA_ERROR_NOT_MAPPED);
    if (resource->__target == 0) return CU2AMD_CU(CUDA_ERROR_NOT_MAPPED_AS_ARRAY);
    cudaArray_t array = NULL;
    CUresult err = CU2AMD_CU(hipGraphicsSubResourceGetMappedArray(&array, resource->__hip, arrayIndex, mipLevel));
    if (err == CUDA_SUCCESS) *pArray = (CUarray)array;
    return err;
}

/* ------------------------------------------------------------------ OpenGL, deprecated buffer-object API */

CU2AMD_API CUresult cuGLInit(void) { return CUDA_SUCCESS; } /* CUDA: no longer does anything */

CU2AMD_API CUresult cuGLCtxCreate(CUcontext *pCtx, unsigned int Flags, CUdevice device) {
    return cuCtxCreate(pCtx, Flags, device); /* CUDA: no GL association is needed any more */
}

CU2AMD_API CUresult cuGLRegisterBufferObject(unsigned int buffer) {
    if (__cu2amd_gl_legacy(buffer)) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    CUgraphicsResource r;
    return CU2AMD_CU(__cu2amd_graphics_register(&r, buffer, 0, 0, 1));
}

CU2AMD_API CUresult cuGLUnregisterBufferObject(unsigned int buffer) {
    CUgraphicsResource r = __cu2amd_gl_legacy(buffer);
    return r ? cuGraphicsUnregisterResource(r) : CU2AMD_CU(CUDA_ERROR_INVALID_HANDLE);
}

CU2AMD_API CUresult cuGLSetBufferObjectMapFlags(unsigned int buffer, unsigned int Flags) {
    CUgraphicsResource r = __cu2amd_gl_legacy(buffer);
    return r ? cuGraphicsResourceSetMapFlags(r, Flags) : CU2AMD_CU(CUDA_ERROR_INVALID_HANDLE);
}

CU2AMD_API CUresult cuGLMapBufferObjectAsync(CUdeviceptr *dptr, size_t *size, unsigned int buffer, CUstream hStream) {
    CUgraphicsResource r = __cu2amd_gl_legacy(buffer);
    if (!r) return CU2AMD_CU(CUDA_ERROR_INVALID_HANDLE);
    if (!dptr) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    CUresult err = cuGraphicsMapResources(1, &r, hStream);
    return err != CUDA_SUCCESS ? err : cuGraphicsResourceGetMappedPointer(dptr, size, r);
}

CU2AMD_API CUresult cuGLMapBufferObject(CUdeviceptr *dptr, size_t *size, unsigned int buffer) {
    return cuGLMapBufferObjectAsync(dptr, size, buffer, NULL);
}

CU2AMD_API CUresult cuGLUnmapBufferObjectAsync(unsigned int buffer, CUstream hStream) {
    CUgraphicsResource r = __cu2amd_gl_legacy(buffer);
    return r ? cuGraphicsUnmapResources(1, &r, hStream) : CU2AMD_CU(CUDA_ERROR_INVALID_HANDLE);
}

CU2AMD_API CUresult cuGLUnmapBufferObject(unsigned int buffer) { return cuGLUnmapBufferObjectAsync(buffer, NULL); }

/* ------------------------------------------------------------------ external memory */

CU2AMD_API CUresult cuImportExternalMemory(CUexternalMemory *extMem_out,
                                           const CUDA_EXTERNAL_MEMORY_HANDLE_DESC *memHandleDesc) {
    if (!extMem_out || !memHandleDesc) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    if (memHandleDesc->type == CU_EXTERNAL_MEMORY_HANDLE_TYPE_NVSCIBUF) return CU2AMD_CU(CUDA_ERROR_NOT_SUPPORTED);
    __cu2amd_hip_external_memory_handle_desc d;
    memset(&d, 0, sizeof d);
    d.type = (int)memHandleDesc->type;
    if (memHandleDesc->type == CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD) {
        d.handle.fd = memHandleDesc->handle.fd;
    } else {
        d.handle.win32.handle = memHandleDesc->handle.win32.handle;
        d.handle.win32.name = memHandleDesc->handle.win32.name;
    }
    d.size = memHandleDesc->size;
    d.flags = memHandleDesc->flags;
    void *hip = NULL;
    CUresult err = CU2AMD_CU(hipImportExternalMemory(&hip, &d));
    if (err == CUDA_SUCCESS) *extMem_out = (CUexternalMemory)hip;
    return err;
}

/* The buffer is freed with cuMemFree. */
CU2AMD_API CUresult cuExternalMemoryGetMappedBuffer(CUdeviceptr *devPtr, CUexternalMemory extMem,
                                                    const CUDA_EXTERNAL_MEMORY_BUFFER_DESC *bufferDesc) {
    if (!devPtr || !bufferDesc) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    __cu2amd_hip_external_memory_buffer_desc d = {bufferDesc->offset, bufferDesc->size, bufferDesc->flags};
    void *p = NULL;
    CUresult err = CU2AMD_CU(hipExternalMemoryGetMappedBuffer(&p, (void *)extMem, &d));
    if (err == CUDA_SUCCESS) *devPtr = (CUdeviceptr)(uintptr_t)p;
    return err;
}

CU2AMD_API CUresult cuDestroyExternalMemory(CUexternalMemory extMem) {
    return CU2AMD_CU(hipDestroyExternalMemory((void *)extMem));
}

/* ------------------------------------------------------------------ external semaphores */

CU2AMD_API CUresult cuImportExternalSemaphore(CUexternalSemaphore *extSem_out,
                                              const CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC *semHandleDesc) {
    if (!extSem_out || !semHandleDesc) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    switch (semHandleDesc->type) {
    case CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_FENCE:
    case CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_NVSCISYNC:
    case CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX:
    case CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX_KMT:
    case CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_WIN32: return CU2AMD_CU(CUDA_ERROR_NOT_SUPPORTED);
    default: break;
    }
    __cu2amd_hip_external_semaphore_handle_desc d;
    memset(&d, 0, sizeof d);
    d.type = (int)semHandleDesc->type;
    if (semHandleDesc->type == CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD ||
        semHandleDesc->type == CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD) {
        d.handle.fd = semHandleDesc->handle.fd;
    } else {
        d.handle.win32.handle = semHandleDesc->handle.win32.handle;
        d.handle.win32.name = semHandleDesc->handle.win32.name;
    }
    d.flags = semHandleDesc->flags;
    void *hip = NULL;
    CUresult err = CU2AMD_CU(hipImportExternalSemaphore(&hip, &d));
    if (err == CUDA_SUCCESS) *extSem_out = (CUexternalSemaphore)hip;
    return err;
}

CU2AMD_API CUresult cuSignalExternalSemaphoresAsync(const CUexternalSemaphore *extSemArray,
                                                    const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *paramsArray,
                                                    unsigned int numExtSems, CUstream stream) {
    if (numExtSems && (!extSemArray || !paramsArray)) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    __cu2amd_hip_external_semaphore_signal_params *p = (__cu2amd_hip_external_semaphore_signal_params *)
        __cu2amd_extsem_hip_params(paramsArray, sizeof *paramsArray, numExtSems, 1);
    if (!p) return CU2AMD_CU(CUDA_ERROR_OUT_OF_MEMORY);
    CUresult err = CU2AMD_CU(
        hipSignalExternalSemaphoresAsync((void *const *)extSemArray, p, numExtSems, __cu2amd_cu_stream(stream)));
    free(p);
    return err;
}

CU2AMD_API CUresult cuWaitExternalSemaphoresAsync(const CUexternalSemaphore *extSemArray,
                                                  const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *paramsArray,
                                                  unsigned int numExtSems, CUstream stream) {
    if (numExtSems && (!extSemArray || !paramsArray)) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    __cu2amd_hip_external_semaphore_wait_params *p = (__cu2amd_hip_external_semaphore_wait_params *)
        __cu2amd_extsem_hip_params(paramsArray, sizeof *paramsArray, numExtSems, 0);
    if (!p) return CU2AMD_CU(CUDA_ERROR_OUT_OF_MEMORY);
    CUresult err = CU2AMD_CU(
        hipWaitExternalSemaphoresAsync((void *const *)extSemArray, p, numExtSems, __cu2amd_cu_stream(stream)));
    free(p);
    return err;
}

CU2AMD_API CUresult cuDestroyExternalSemaphore(CUexternalSemaphore extSem) {
    return CU2AMD_CU(hipDestroyExternalSemaphore((void *)extSem));
}

/* ------------------------------------------------------------------ mipmapped GL textures */

/* cu2amd/interop_resources.h: a mipmapped array of copies of the mapped levels, written back at unmap. */
CU2AMD_API CUresult cuGraphicsResourceGetMappedMipmappedArray(CUmipmappedArray *pMipmappedArray,
                                                              CUgraphicsResource resource) {
    if (!__cu2amd_graphics_live(resource)) return CU2AMD_CU(CUDA_ERROR_INVALID_HANDLE);
    if (!pMipmappedArray) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    void *m = 0;
    int err = __cu2amd_graphics_mipmap(resource, &m);
    if (err != 0) return CU2AMD_CU((CUresult)err);
    *pMipmappedArray = (CUmipmappedArray)m;
    return CUDA_SUCCESS;
}

/* ------------------------------------------------------------------ external semaphore graph nodes */

/* Host nodes over cu2amd/extsem_nodes.h (the runtime's too): host platform only, CUDA_ERROR_NOT_SUPPORTED on AMD
 * GPUs, where the callback would be a HIP call from a host node's callback, which HIP forbids. */
typedef struct CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_st {
    CUexternalSemaphore *extSemArray;
    const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *paramsArray;
    unsigned int numExtSems;
} CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v1;
typedef CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v1 CUDA_EXT_SEM_SIGNAL_NODE_PARAMS;
typedef struct CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2_st {
    CUexternalSemaphore *extSemArray;
    const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *paramsArray;
    unsigned int numExtSems;
} CUDA_EXT_SEM_SIGNAL_NODE_PARAMS_v2;
typedef struct CUDA_EXT_SEM_WAIT_NODE_PARAMS_st {
    CUexternalSemaphore *extSemArray;
    const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *paramsArray;
    unsigned int numExtSems;
} CUDA_EXT_SEM_WAIT_NODE_PARAMS_v1;
typedef CUDA_EXT_SEM_WAIT_NODE_PARAMS_v1 CUDA_EXT_SEM_WAIT_NODE_PARAMS;
typedef struct CUDA_EXT_SEM_WAIT_NODE_PARAMS_v2_st {
    CUexternalSemaphore *extSemArray;
    const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *paramsArray;
    unsigned int numExtSems;
} CUDA_EXT_SEM_WAIT_NODE_PARAMS_v2;
/* extsem_nodes.h reads CUDA's parameters by offset */
typedef char __cu2amd_cu_extsem_layout[offsetof(CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS, params.keyedMutex.timeoutMs) == 24 &&
                                               offsetof(CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS, flags) == 72 &&
                                               offsetof(CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS, flags) == 72
                                           ? 1
                                           : -1];

/* Adds a node (added), or sets the parameters of `node` in its graph (exec NULL) or in an executable graph. */
CU2AMD_API CUresult __cu2amd_cu_extsem_node(CUgraphNode *added, CUgraph graph, const CUgraphNode *deps, size_t n_deps,
                                            CUgraphExec exec, CUgraphNode node, CUexternalSemaphore *sems,
                                            const void *params, size_t each, unsigned int n, int signal) {
    char arch[300];
    CUresult err = __cu2amd_cu_arch(arch, sizeof arch);
    if (err != CUDA_SUCCESS) return err;
    if (strcmp(arch, "host") != 0) return CU2AMD_CU(CUDA_ERROR_NOT_SUPPORTED);
    if (!added) {
        struct __cu2amd_extsem_record *old = __cu2amd_extsem_of(node);
        if (!old || old->signal != signal) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    }
    int bad = n == 0 || !sems || !params;
    for (unsigned int i = 0; !bad && i < n; i++) bad = !sems[i];
    if (bad) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    struct __cu2amd_extsem_record *r = __cu2amd_extsem_make((void *const *)sems, params, each, n, signal);
    if (!r) return CU2AMD_CU(CUDA_ERROR_OUT_OF_MEMORY);
    cudaHostNodeParams host;
    host.fn = __cu2amd_extsem_run, host.userData = r;
    if (added) err = CU2AMD_CU(hipGraphAddHostNode(added, graph, deps, n_deps, &host));
    else if (!exec) err = CU2AMD_CU(hipGraphHostNodeSetParams(node, &host));
    else err = CU2AMD_CU(hipGraphExecHostNodeSetParams(exec, node, &host));
    if (err != CUDA_SUCCESS && added) __cu2amd_extsem_drop(r);
    return err;
}
CU2AMD_API CUresult cuGraphAddExternalSemaphoresSignalNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                                           const CUgraphNode *dependencies, size_t numDependencies,
                                                           const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *nodeParams) {
    if (!phGraphNode || !nodeParams) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return __cu2amd_cu_extsem_node(phGraphNode, hGraph, dependencies, numDependencies, 0, 0, nodeParams->extSemArray,
                                   nodeParams->paramsArray, sizeof *nodeParams->paramsArray, nodeParams->numExtSems, 1);
}
CU2AMD_API CUresult cuGraphAddExternalSemaphoresWaitNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                                         const CUgraphNode *dependencies, size_t numDependencies,
                                                         const CUDA_EXT_SEM_WAIT_NODE_PARAMS *nodeParams) {
    if (!phGraphNode || !nodeParams) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return __cu2amd_cu_extsem_node(phGraphNode, hGraph, dependencies, numDependencies, 0, 0, nodeParams->extSemArray,
                                   nodeParams->paramsArray, sizeof *nodeParams->paramsArray, nodeParams->numExtSems, 0);
}
CU2AMD_API CUresult cuGraphExternalSemaphoresSignalNodeSetParams(CUgraphNode hNode,
                                                                 const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *nodeParams) {
    if (!nodeParams) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return __cu2amd_cu_extsem_node(0, 0, 0, 0, 0, hNode, nodeParams->extSemArray, nodeParams->paramsArray,
                                   sizeof *nodeParams->paramsArray, nodeParams->numExtSems, 1);
}
CU2AMD_API CUresult cuGraphExternalSemaphoresWaitNodeSetParams(CUgraphNode hNode,
                                                               const CUDA_EXT_SEM_WAIT_NODE_PARAMS *nodeParams) {
    if (!nodeParams) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return __cu2amd_cu_extsem_node(0, 0, 0, 0, 0, hNode, nodeParams->extSemArray, nodeParams->paramsArray,
                                   sizeof *nodeParams->paramsArray, nodeParams->numExtSems, 0);
}
CU2AMD_API CUresult cuGraphExecExternalSemaphoresSignalNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                                                     const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *nodeParams) {
    if (!hGraphExec || !nodeParams) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return __cu2amd_cu_extsem_node(0, 0, 0, 0, hGraphExec, hNode, nodeParams->extSemArray, nodeParams->paramsArray,
                                   sizeof *nodeParams->paramsArray, nodeParams->numExtSems, 1);
}
CU2AMD_API CUresult cuGraphExecExternalSemaphoresWaitNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                                                   const CUDA_EXT_SEM_WAIT_NODE_PARAMS *nodeParams) {
    if (!hGraphExec || !nodeParams) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return __cu2amd_cu_extsem_node(0, 0, 0, 0, hGraphExec, hNode, nodeParams->extSemArray, nodeParams->paramsArray,
                                   sizeof *nodeParams->paramsArray, nodeParams->numExtSems, 0);
}
/* The arrays returned are the node's own (valid until its parameters change), as CUDA's. */
CU2AMD_API CUresult cuGraphExternalSemaphoresSignalNodeGetParams(CUgraphNode hNode,
                                                                 CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *params_out) {
    struct __cu2amd_extsem_record *r = __cu2amd_extsem_of(hNode);
    if (!r || !r->signal || !params_out) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    params_out->extSemArray = (CUexternalSemaphore *)r->sems, params_out->numExtSems = r->n;
    params_out->paramsArray = (const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *)r->params;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuGraphExternalSemaphoresWaitNodeGetParams(CUgraphNode hNode,
                                                               CUDA_EXT_SEM_WAIT_NODE_PARAMS *params_out) {
    struct __cu2amd_extsem_record *r = __cu2amd_extsem_of(hNode);
    if (!r || r->signal || !params_out) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    params_out->extSemArray = (CUexternalSemaphore *)r->sems, params_out->numExtSems = r->n;
    params_out->paramsArray = (const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *)r->params;
    return CUDA_SUCCESS;
}

#endif
