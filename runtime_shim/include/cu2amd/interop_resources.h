/* Graphics resources as both APIs see them: cuda_runtime_api.h's cudaGraphicsResource_t and cuda.h's
 * CUgraphicsResource are one record (as in CUDA, a handle from one API works in the other), kept in one list for
 * the whole program (a weak function: every file that includes this defines it, the linker keeps one), in C or
 * C++. The record wraps HIP's resource and keeps what HIP 5.2 does not: CUDA's map flags (HIP has no
 * hipGraphicsResourceSetMapFlags: a resource whose flags changed is registered with HIP again, with the new
 * flags, when it is next mapped) and whether it is mapped, so misuse gets CUDA's error codes on every target.
 * The helpers return the driver API's numbers, which are HIP's (cu2amd/runtime_interop.h turns the ones the
 * runtime names differently into its own). Needs CU2AMD_API and HIP's interop ABI (runtime_hip_interop.h). */
#ifndef CU2AMD_INTEROP_RESOURCES_H
#define CU2AMD_INTEROP_RESOURCES_H

#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

struct cudaGraphicsResource {
    void *__hip;                   /* HIP's resource */
    unsigned int __name, __target; /* the GL object, and its target (0: a buffer) */
    unsigned int __register_flags; /* cudaGraphicsRegisterFlags / CUgraphicsRegisterFlags */
    unsigned int __map_flags;      /* cudaGraphicsMapFlags / CUgraphicsMapResourceFlags of the next map */
    unsigned int __hip_flags;      /* the flags HIP's resource was registered with */
    int __mapped;
    int __legacy; /* registered by cudaGLRegisterBufferObject or cuGLRegisterBufferObject */
    /* a mipmapped array the runtime made of the mapped texture's levels (copies), and what writes them back
     * to the mapped levels and frees it: called before an unmap (cudaGraphicsResourceGetMappedMipmappedArray) */
    void *__mipmap;
    void (*__mipmap_release)(struct cudaGraphicsResource *resource);
    /* an EGL image (cu2amd/egl_interop.h): 1, or 2 while mapped by cu2amd rather than by the program; and what
     * frees what the registration made, called once HIP has unregistered the resource */
    int __egl;
    void (*__release)(struct cudaGraphicsResource *resource);
    struct cudaGraphicsResource *__next;
};

/* The live resources, locked (`lock` 1: the caller unlocks) or unlocked (0). */
__attribute__((weak)) struct cudaGraphicsResource **__cu2amd_graphics_resources(int lock) {
    static struct cudaGraphicsResource *head;
    static int held;
    if (lock) {
        while (__atomic_exchange_n(&held, 1, __ATOMIC_ACQUIRE)) {
        }
    } else {
        __atomic_store_n(&held, 0, __ATOMIC_RELEASE);
    }
    return &head;
}

#ifdef __cplusplus
}
#endif

/* The driver API's numbers (HIP's are the same) for what the records find. */
#define CU2AMD_GFX_SUCCESS 0
#define CU2AMD_GFX_INVALID_VALUE 1
#define CU2AMD_GFX_OUT_OF_MEMORY 2
#define CU2AMD_GFX_ALREADY_MAPPED 208
#define CU2AMD_GFX_NOT_MAPPED 211
#define CU2AMD_GFX_NOT_MAPPED_AS_ARRAY 212
#define CU2AMD_GFX_NOT_MAPPED_AS_POINTER 213
#define CU2AMD_GFX_INVALID_HANDLE 400

CU2AMD_API int __cu2amd_graphics_live(const struct cudaGraphicsResource *resource) {
    int found = 0;
    struct cudaGraphicsResource *r = *__cu2amd_graphics_resources(1);
    for (; r && !found; r = r->__next) found = r == resource;
    __cu2amd_graphics_resources(0);
    return found;
}

/* HIP's registration of `r` with `flags` (target 0: a buffer); HIP's error. */
CU2AMD_API int __cu2amd_graphics_hip_register(struct cudaGraphicsResource *r, unsigned int flags) {
    int err = r->__target == 0 ? hipGraphicsGLRegisterBuffer(&r->__hip, r->__name, flags)
                               : hipGraphicsGLRegisterImage(&r->__hip, r->__name, r->__target, flags);
    if (err == 0) r->__hip_flags = flags;
    return err;
}

/* A new record for GL object `name` (target 0: a buffer), registered with HIP and listed. */
CU2AMD_API int __cu2amd_graphics_register(struct cudaGraphicsResource **resource, unsigned int name,
                                          unsigned int target, unsigned int flags, int legacy) {
    struct cudaGraphicsResource *r = (struct cudaGraphicsResource *)calloc(1, sizeof *r);
    if (!r) return CU2AMD_GFX_OUT_OF_MEMORY;
    r->__name = name;
    r->__target = target;
    r->__register_flags = flags;
    r->__map_flags = flags & 3u;
    r->__legacy = legacy;
    int err = __cu2amd_graphics_hip_register(r, flags);
    if (err != 0) {
        free(r);
        return err;
    }
    struct cudaGraphicsResource **head = __cu2amd_graphics_resources(1);
    r->__next = *head;
    *head = r;
    __cu2amd_graphics_resources(0);
    *resource = r;
    return CU2AMD_GFX_SUCCESS;
}

/* Unlists `resource` and unregisters it from HIP (which unmaps a mapped one first). */
CU2AMD_API int __cu2amd_graphics_unregister(struct cudaGraphicsResource *resource) {
    struct cudaGraphicsResource **p = __cu2amd_graphics_resources(1);
    while (*p && *p != resource) p = &(*p)->__next;
    int found = resource && *p;
    if (found) *p = resource->__next;
    __cu2amd_graphics_resources(0);
    if (!found) return CU2AMD_GFX_INVALID_HANDLE;
    if (resource->__mipmap && resource->__mipmap_release) resource->__mipmap_release(resource);
    int err = hipGraphicsUnregisterResource(resource->__hip);
    if (resource->__release) resource->__release(resource);
    free(resource);
    return err;
}

/* CUDA's checks of a map (mapped: 0) or unmap (1): handles live, no duplicates, none in the other state
 * (CU2AMD_GFX_ALREADY_MAPPED when mapping, CU2AMD_GFX_NOT_MAPPED when unmapping). */
CU2AMD_API int __cu2amd_graphics_check(int count, struct cudaGraphicsResource *const *resources, int mapped) {
    if (count < 0 || (count > 0 && !resources)) return CU2AMD_GFX_INVALID_VALUE;
    for (int i = 0; i < count; i++) {
        if (!__cu2amd_graphics_live(resources[i])) return CU2AMD_GFX_INVALID_HANDLE;
        for (int j = 0; j < i; j++)
            if (resources[j] == resources[i]) return CU2AMD_GFX_INVALID_HANDLE;
        /* (an EGL image cu2amd mapped counts as unmapped to a map, which unmaps it first) */
        int is_mapped = resources[i]->__mapped && !(mapped == 0 && resources[i]->__egl == 2);
        if (is_mapped != mapped) return mapped ? CU2AMD_GFX_NOT_MAPPED : CU2AMD_GFX_ALREADY_MAPPED;
    }
    return CU2AMD_GFX_SUCCESS;
}

/* Maps (map: 1) or unmaps checked resources through HIP, with an array of HIP's handles; a resource whose map
 * flags changed since HIP registered it is registered again first. HIP's error. */
CU2AMD_API int __cu2amd_graphics_map(int count, struct cudaGraphicsResource *const *resources,
                                     struct ihipStream_t *stream, int map) {
    int err = 0;
    for (int i = 0; map && err == 0 && i < count; i++) {
        struct cudaGraphicsResource *r = resources[i];
        if (r->__egl == 2 && r->__mapped) { /* mapped by cu2amd (cu2amd/egl_interop.h): unmapped first */
            err = hipGraphicsUnmapResources(1, &r->__hip, stream);
            if (err != 0) break;
            r->__mapped = 0;
        }
        unsigned int want = (r->__register_flags & ~3u) | r->__map_flags;
        if (want != r->__hip_flags) {
            err = hipGraphicsUnregisterResource(r->__hip);
            if (err == 0) err = __cu2amd_graphics_hip_register(r, want);
        }
    }
    if (err != 0 || count == 0) return err;
    for (int i = 0; !map && i < count; i++)
        if (resources[i]->__mipmap && resources[i]->__mipmap_release) resources[i]->__mipmap_release(resources[i]);
    void *small[8];
    void **hip = count <= 8 ? small : (void **)malloc(sizeof(void *) * (size_t)count);
    if (!hip) return CU2AMD_GFX_OUT_OF_MEMORY;
    for (int i = 0; i < count; i++) hip[i] = resources[i]->__hip;
    err = map ? hipGraphicsMapResources(count, hip, stream) : hipGraphicsUnmapResources(count, hip, stream);
    if (hip != small) free(hip);
    if (err == 0)
        for (int i = 0; i < count; i++) {
            resources[i]->__mapped = map;
            if (resources[i]->__egl) resources[i]->__egl = 1;
        }
    return err;
}

/* A GL texture's levels as a mipmapped array (cudaGraphicsResourceGetMappedMipmappedArray,
 * cuGraphicsResourceGetMappedMipmappedArray). HIP 5.2 has no such call, and its mipmapped arrays cannot be made of
 * existing arrays: one is made here, its levels copied from the mapped levels (HIP's
 * hipGraphicsSubResourceGetMappedArray) and written back to them before the resource is unmapped (unless mapped
 * read-only). 2D and 3D textures. */
#define CU2AMD_GFX_GL_TEXTURE_2D 0x0DE1
#define CU2AMD_GFX_GL_TEXTURE_3D 0x806F
CU2AMD_API int __cu2amd_gl_level_copy(void *to, void *from) {
    const struct __cu2amd_hip_array *a = (const struct __cu2amd_hip_array *)from;
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcArray = (cudaArray_t)from, p.dstArray = (cudaArray_t)to, p.kind = cudaMemcpyDeviceToDevice;
    p.extent.width = a->width, p.extent.height = a->height ? a->height : 1, p.extent.depth = a->depth ? a->depth : 1;
    return hipMemcpy3D(&p);
}
CU2AMD_API void __cu2amd_gl_mipmap_release(struct cudaGraphicsResource *r) {
    cudaMipmappedArray_t m = (cudaMipmappedArray_t)r->__mipmap;
    cudaArray_t level, mapped;
    for (unsigned int l = 0; !(r->__map_flags & 1u /* read-only */) && hipGetMipmappedArrayLevel(&level, m, l) == 0 &&
                             hipGraphicsSubResourceGetMappedArray(&mapped, r->__hip, 0, l) == 0;
         l++)
        __cu2amd_gl_level_copy(mapped, level);
    hipFreeMipmappedArray(m);
    r->__mipmap = 0;
}
/* The mapped texture's mipmapped array (the same until unmapped): 0, HIP's error, or CU2AMD_GFX_NOT_MAPPED (not
 * mapped), CU2AMD_GFX_NOT_MAPPED_AS_ARRAY (a buffer), CU2AMD_GFX_NOT_SUPPORTED (cube maps, layered textures). */
#define CU2AMD_GFX_NOT_SUPPORTED 801
CU2AMD_API int __cu2amd_graphics_mipmap(struct cudaGraphicsResource *r, void **out) {
    if (!r->__mapped) return CU2AMD_GFX_NOT_MAPPED;
    if (r->__target == 0) return CU2AMD_GFX_NOT_MAPPED_AS_ARRAY;
    if (r->__target != CU2AMD_GFX_GL_TEXTURE_2D && r->__target != CU2AMD_GFX_GL_TEXTURE_3D)
        return CU2AMD_GFX_NOT_SUPPORTED;
    if (r->__mipmap) {
        *out = r->__mipmap;
        return 0;
    }
    cudaArray_t level0, level;
    int err = hipGraphicsSubResourceGetMappedArray(&level0, r->__hip, 0, 0);
    if (err != 0) return err;
    const struct __cu2amd_hip_array *a = (const struct __cu2amd_hip_array *)level0;
    cudaChannelFormatDesc desc;
    if ((err = hipGetChannelDesc(&desc, (cudaArray_const_t)level0)) != 0) return err;
    cudaExtent extent;
    extent.width = a->width, extent.height = a->height, extent.depth = a->depth;
    /* the texture's levels: as many as HIP maps, at most the full chain (HIP's error for the first missing one
     * stays HIP's last error: the runtime clears it) */
    size_t largest = extent.width > extent.height ? extent.width : extent.height;
    largest = largest > extent.depth ? largest : extent.depth;
    unsigned int levels = 1, chain = 1;
    while (largest >> chain) chain++;
    while (levels < chain && hipGraphicsSubResourceGetMappedArray(&level, r->__hip, 0, levels) == 0) levels++;
    cudaMipmappedArray_t m;
    if ((err = hipMallocMipmappedArray(&m, &desc, extent, levels, 0)) != 0) return err;
    for (unsigned int l = 0; l < levels && err == 0 && !(r->__map_flags & 2u /* write-discard */); l++) {
        cudaArray_t own;
        err = hipGraphicsSubResourceGetMappedArray(&level, r->__hip, 0, l);
        if (err == 0) err = hipGetMipmappedArrayLevel(&own, m, l);
        if (err == 0) err = __cu2amd_gl_level_copy(own, level);
    }
    if (err != 0) {
        hipFreeMipmappedArray(m);
        return err;
    }
    r->__mipmap = m, r->__mipmap_release = __cu2amd_gl_mipmap_release;
    *out = m;
    return 0;
}
/* The resource the deprecated buffer-object API registered for `buffer`, or null. */
CU2AMD_API struct cudaGraphicsResource *__cu2amd_gl_legacy(unsigned int buffer) {
    struct cudaGraphicsResource *found = 0;
    struct cudaGraphicsResource *r = *__cu2amd_graphics_resources(1);
    for (; r && !found; r = r->__next)
        if (r->__legacy && r->__target == 0 && r->__name == buffer) found = r;
    __cu2amd_graphics_resources(0);
    return found;
}

#endif
