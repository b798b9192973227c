/* The CUDA runtime API: arrays, texture and surface objects. Part of cuda_runtime_api.h: include that.
 * CUDA's structures have HIP's layouts (cu2amd/texture_types.h): they pass to HIP as they are. */
#ifndef CU2AMD_RUNTIME_TEXTURE_H
#define CU2AMD_RUNTIME_TEXTURE_H

#include <stdlib.h>
#include "cu2amd/spin_lock.h"

/* ------------------------------------------------------------------ channel descriptions */

CU2AMD_API cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w, cudaChannelFormatKind f) {
    cudaChannelFormatDesc desc = {x, y, z, w, f};
    return desc;
}

/* cudaCreateChannelDesc<T>(): the description of T (a scalar, or a 1-, 2- or 4-vector of one). */
template <class T> struct __cu2amd_channel {
    static const int bits = 0, n = 0;
    static const cudaChannelFormatKind kind = cudaChannelFormatKindNone;
};
#define CU2AMD_CHANNEL(type, b, count, k)                                                                              \
    template <> struct __cu2amd_channel<type> {                                                                        \
        static const int bits = b, n = count;                                                                          \
        static const cudaChannelFormatKind kind = cudaChannelFormatKind##k;                                            \
    };
#define CU2AMD_CHANNELS(scalar, vec, b, k)                                                                             \
    CU2AMD_CHANNEL(scalar, b, 1, k)                                                                                    \
    CU2AMD_CHANNEL(vec##1, b, 1, k)                                                                                    \
    CU2AMD_CHANNEL(vec##2, b, 2, k)                                                                                    \
    CU2AMD_CHANNEL(vec##4, b, 4, k)
#if defined(__CHAR_UNSIGNED__)
CU2AMD_CHANNEL(char, 8, 1, Unsigned)
#else
CU2AMD_CHANNEL(char, 8, 1, Signed)
#endif
CU2AMD_CHANNELS(signed char, char, 8, Signed)
CU2AMD_CHANNELS(unsigned char, uchar, 8, Unsigned)
CU2AMD_CHANNELS(short, short, 16, Signed)
CU2AMD_CHANNELS(unsigned short, ushort, 16, Unsigned)
CU2AMD_CHANNELS(int, int, 32, Signed)
CU2AMD_CHANNELS(unsigned int, uint, 32, Unsigned)
CU2AMD_CHANNELS(float, float, 32, Float)
#undef CU2AMD_CHANNELS
#undef CU2AMD_CHANNEL
template <class T> static __host__ __inline__ cudaChannelFormatDesc cudaCreateChannelDesc(void) {
    typedef __cu2amd_channel<T> c;
    return cudaCreateChannelDesc(c::bits, c::n > 1 ? c::bits : 0, c::n > 2 ? c::bits : 0, c::n > 3 ? c::bits : 0,
                                 c::kind);
}

/* The device's 1D linear texture limit (HIP's maxTexture1DLinear), for any valid element. */
CU2AMD_API cudaError_t cudaDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements,
                                                           const cudaChannelFormatDesc *fmtDesc, int device) {
    if (!maxWidthInElements || !fmtDesc || fmtDesc->x <= 0 || fmtDesc->f == cudaChannelFormatKindNone)
        return __cu2amd_fail(cudaErrorInvalidValue);
    int width = 0;
    cudaError_t err = cudaDeviceGetAttribute(&width, cudaDevAttrMaxTexture1DLinearWidth, device);
    if (err == cudaSuccess) *maxWidthInElements = (size_t)width;
    return err;
}

/* ------------------------------------------------------------------ arrays */

CU2AMD_API cudaError_t cudaMallocArray(cudaArray_t *array, const cudaChannelFormatDesc *desc, size_t width,
                                       size_t height = 0, unsigned int flags = 0) {
    return CU2AMD_ERR(hipMallocArray(array, desc, width, height, flags));
}
CU2AMD_API cudaError_t cudaMalloc3DArray(cudaArray_t *array, const cudaChannelFormatDesc *desc, cudaExtent extent,
                                         unsigned int flags = 0) {
    return CU2AMD_ERR(hipMalloc3DArray(array, desc, extent, flags));
}
CU2AMD_API cudaError_t cudaFreeArray(cudaArray_t array) {
    if (!array) return cudaSuccess; /* as CUDA: freeing NULL does nothing */
    return CU2AMD_ERR(hipFreeArray(array));
}
CU2AMD_API cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc *desc, cudaArray_const_t array) {
    return CU2AMD_ERR(hipGetChannelDesc(desc, array));
}
/* The description and extent from HIP's array record; the flags are its `type` field. */
CU2AMD_API cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc *desc, cudaExtent *extent, unsigned int *flags,
                                        cudaArray_t array) {
    cudaChannelFormatDesc d;
    cudaError_t err = CU2AMD_ERR(hipGetChannelDesc(&d, array));
    if (err != cudaSuccess) return err;
    const struct __cu2amd_hip_array *a = (const struct __cu2amd_hip_array *)array;
    if (desc) *desc = d;
    if (extent) *extent = make_cudaExtent(a->width, a->height, a->depth);
    if (flags) *flags = a->type;
    return cudaSuccess;
}
/* ------------------------------------------------------------------ mipmapped arrays */

/* numLevels is clamped to [1, 1 + floor(log2(largest extent))], as CUDA does (layers of a layered
 * or cubemap array do not count); level l is each extent halved l times, at least 1. */
CU2AMD_API cudaError_t cudaMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray,
                                                const cudaChannelFormatDesc *desc, cudaExtent extent,
                                                unsigned int numLevels, unsigned int flags = 0) {
    if (!mipmappedArray || !desc || extent.width == 0) return __cu2amd_fail(cudaErrorInvalidValue);
    numLevels = __cu2amd_mip_levels(extent.width, extent.height, extent.depth, flags, numLevels);
    return CU2AMD_ERR(hipMallocMipmappedArray(mipmappedArray, desc, extent, numLevels, flags));
}
CU2AMD_API cudaError_t cudaFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray) {
    if (!mipmappedArray) return cudaSuccess; /* as cudaFreeArray */
    return CU2AMD_ERR(hipFreeMipmappedArray(mipmappedArray));
}
CU2AMD_API cudaError_t cudaGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray,
                                                  unsigned int level) {
    return CU2AMD_ERR(hipGetMipmappedArrayLevel(levelArray, mipmappedArray, level));
}

/* Memory requirements are those of arrays made with cudaArrayDeferredMapping (to be mapped
 * later); cu2amd's arrays are all allocated when made (the flag is not accepted), which CUDA
 * answers with cudaErrorInvalidValue. */
struct cudaArrayMemoryRequirements {
    size_t size;
    size_t alignment;
    unsigned int reserved[4];
};
typedef struct cudaArrayMemoryRequirements cudaArrayMemoryRequirements;
CU2AMD_API cudaError_t __cu2amd_array_requirements(cudaArrayMemoryRequirements *requirements, cudaArray_const_t array,
                                                   int device) {
    int count = 0;
    cudaChannelFormatDesc d;
    if (!requirements) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess) return err;
    if (device < 0 || device >= count) return __cu2amd_fail(cudaErrorInvalidDevice);
    if ((err = CU2AMD_ERR(hipGetChannelDesc(&d, array))) != cudaSuccess) return err;
    return __cu2amd_fail(cudaErrorInvalidValue); /* not allocated with cudaArrayDeferredMapping */
}
CU2AMD_API cudaError_t cudaArrayGetMemoryRequirements(cudaArrayMemoryRequirements *memoryRequirements,
                                                      cudaArray_t array, int device) {
    return __cu2amd_array_requirements(memoryRequirements, array, device);
}
CU2AMD_API cudaError_t cudaMipmappedArrayGetMemoryRequirements(cudaArrayMemoryRequirements *memoryRequirements,
                                                               cudaMipmappedArray_t mipmap, int device) {
    cudaArray_t level0 = 0;
    cudaError_t err = CU2AMD_ERR(hipGetMipmappedArrayLevel(&level0, mipmap, 0));
    return err != cudaSuccess ? err : __cu2amd_array_requirements(memoryRequirements, level0, device);
}
/* A plane of a multi-planar format (NV12 ...): cu2amd has none, and for any other array CUDA's
 * answer is cudaErrorInvalidValue. */
CU2AMD_API cudaError_t cudaArrayGetPlane(cudaArray_t *pPlaneArray, cudaArray_t hArray, unsigned int planeIdx) {
    cudaChannelFormatDesc d;
    (void)planeIdx;
    if (!pPlaneArray) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t err = CU2AMD_ERR(hipGetChannelDesc(&d, hArray));
    return err != cudaSuccess ? err : __cu2amd_fail(cudaErrorInvalidValue);
}

CU2AMD_API size_t __cu2amd_element_size(const cudaChannelFormatDesc &d) {
    return (size_t)(d.x + d.y + d.z + d.w) / 8;
}

CU2AMD_API cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                           size_t spitch, size_t width, size_t height, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipMemcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind));
}
CU2AMD_API cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                                size_t spitch, size_t width, size_t height, cudaMemcpyKind kind,
                                                cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemcpy2DToArrayAsync(dst, wOffset, hOffset, src, spitch, width, height, kind,
                                              __cu2amd_stream(stream)));
}
CU2AMD_API cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                             size_t hOffset, size_t width, size_t height, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipMemcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind));
}
CU2AMD_API cudaError_t cudaMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset,
                                                  size_t hOffset, size_t width, size_t height, cudaMemcpyKind kind,
                                                  cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipMemcpy2DFromArrayAsync(dst, dpitch, src, wOffset, hOffset, width, height, kind,
                                                __cu2amd_stream(stream)));
}
/* Array to array: one HIP 3D copy of both arrays, in elements (libamdhip64 5.2 has no
 * hipMemcpy2DArrayToArray). Offsets and width are in bytes, whole elements. */
CU2AMD_API cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                                cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
                                                size_t width, size_t height,
                                                cudaMemcpyKind kind = cudaMemcpyDeviceToDevice) {
    cudaChannelFormatDesc d;
    cudaError_t err = CU2AMD_ERR(hipGetChannelDesc(&d, src));
    if (err != cudaSuccess) return err;
    size_t e = __cu2amd_element_size(d);
    if (!e || wOffsetDst % e || wOffsetSrc % e || width % e) return __cu2amd_fail(cudaErrorInvalidValue);
    if (width == 0 || height == 0) return cudaSuccess;
    cudaMemcpy3DParms p = {};
    p.srcArray = (cudaArray_t)src;
    p.srcPos = make_cudaPos(wOffsetSrc / e, hOffsetSrc, 0);
    p.dstArray = dst;
    p.dstPos = make_cudaPos(wOffsetDst / e, hOffsetDst, 0);
    p.extent = make_cudaExtent(width / e, height, 1);
    p.kind = kind;
    return CU2AMD_ERR(hipMemcpy3D(&p));
}

/* The deprecated whole-row copies: `count` bytes from (wOffset, hOffset) on, row after row of
 * the array, as up to three 2D copies (a partial first row, whole rows, a partial last row). */
CU2AMD_API cudaError_t __cu2amd_linear_array_copy(int to_array, cudaArray_t array, size_t wOffset, size_t hOffset,
                                                  char *ptr, size_t count, cudaMemcpyKind kind, int async,
                                                  cudaStream_t stream) {
    cudaChannelFormatDesc d;
    cudaError_t err = CU2AMD_ERR(hipGetChannelDesc(&d, array));
    if (err != cudaSuccess) return err;
    const size_t row = ((const struct __cu2amd_hip_array *)array)->width * __cu2amd_element_size(d);
    if (wOffset > row) return __cu2amd_fail(cudaErrorInvalidValue);
    while (count && err == cudaSuccess) {
        size_t width = wOffset ? row - wOffset : row, rows = 1;
        if (width > count) width = count;
        else if (!wOffset) rows = count / row;
        if (to_array)
            err = async ? cudaMemcpy2DToArrayAsync(array, wOffset, hOffset, ptr, width, width, rows, kind, stream)
                        : cudaMemcpy2DToArray(array, wOffset, hOffset, ptr, width, width, rows, kind);
        else
            err = async ? cudaMemcpy2DFromArrayAsync(ptr, width, array, wOffset, hOffset, width, rows, kind, stream)
                        : cudaMemcpy2DFromArray(ptr, width, array, wOffset, hOffset, width, rows, kind);
        ptr += width * rows;
        count -= width * rows;
        hOffset += rows;
        wOffset = 0;
    }
    return err;
}
CU2AMD_API cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t count,
                                         cudaMemcpyKind kind) {
    return __cu2amd_linear_array_copy(1, dst, wOffset, hOffset, (char *)src, count, kind, 0, 0);
}
CU2AMD_API cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src,
                                              size_t count, cudaMemcpyKind kind, cudaStream_t stream = 0) {
    return __cu2amd_linear_array_copy(1, dst, wOffset, hOffset, (char *)src, count, kind, 1, stream);
}
CU2AMD_API cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                           size_t count, cudaMemcpyKind kind) {
    return __cu2amd_linear_array_copy(0, (cudaArray_t)src, wOffset, hOffset, (char *)dst, count, kind, 0, 0);
}
CU2AMD_API cudaError_t cudaMemcpyFromArrayAsync(void *dst, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                                                size_t count, cudaMemcpyKind kind, cudaStream_t stream = 0) {
    return __cu2amd_linear_array_copy(0, (cudaArray_t)src, wOffset, hOffset, (char *)dst, count, kind, 1, stream);
}

/* Array to array from byte offsets, row after row: through a temporary device buffer (the two
 * arrays' rows need not line up). */
CU2AMD_API cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
                                              cudaArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
                                              size_t count, cudaMemcpyKind kind = cudaMemcpyDeviceToDevice) {
    if (kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault)
        return __cu2amd_fail(cudaErrorInvalidMemcpyDirection);
    if (count == 0) return cudaSuccess;
    void *staging = 0;
    cudaError_t err = CU2AMD_ERR(hipMalloc(&staging, count));
    if (err != cudaSuccess) return err;
    err = __cu2amd_linear_array_copy(0, (cudaArray_t)src, wOffsetSrc, hOffsetSrc, (char *)staging, count,
                                     cudaMemcpyDeviceToDevice, 0, 0);
    if (err == cudaSuccess)
        err = __cu2amd_linear_array_copy(1, dst, wOffsetDst, hOffsetDst, (char *)staging, count,
                                         cudaMemcpyDeviceToDevice, 0, 0);
    hipFree(staging);
    return err;
}

/* ------------------------------------------------------------------ texture objects */

CU2AMD_API cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject, const cudaResourceDesc *pResDesc,
                                               const cudaTextureDesc *pTexDesc,
                                               const cudaResourceViewDesc *pResViewDesc) {
    if (!pTexObject || (pResDesc && pResDesc->flags)) return __cu2amd_fail(cudaErrorInvalidValue);
    void *object = 0;
    cudaError_t err = CU2AMD_ERR(hipCreateTextureObject(&object, pResDesc, pTexDesc, pResViewDesc));
    if (err == cudaSuccess) *pTexObject = (cudaTextureObject_t)object;
    return err;
}
CU2AMD_API cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) {
    return CU2AMD_ERR(hipDestroyTextureObject((void *)texObject));
}
/* HIP's description is CUDA's without its flags (0). */
CU2AMD_API cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc *pResDesc, cudaTextureObject_t texObject) {
    if (!pResDesc) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaResourceDesc d = {};
    cudaError_t err = CU2AMD_ERR(hipGetTextureObjectResourceDesc(&d, (void *)texObject));
    if (err == cudaSuccess) *pResDesc = d;
    return err;
}
CU2AMD_API cudaError_t cudaGetTextureObjectResourceViewDesc(cudaResourceViewDesc *pResViewDesc,
                                                            cudaTextureObject_t texObject) {
    return CU2AMD_ERR(hipGetTextureObjectResourceViewDesc(pResViewDesc, (void *)texObject));
}
/* HIP's descriptor is CUDA's without its last two fields, which read as 0. */
CU2AMD_API cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc *pTexDesc, cudaTextureObject_t texObject) {
    if (!pTexDesc) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaTextureDesc d = {};
    cudaError_t err = CU2AMD_ERR(hipGetTextureObjectTextureDesc(&d, (void *)texObject));
    if (err == cudaSuccess) *pTexDesc = d;
    return err;
}

/* ------------------------------------------------------------------ surface objects */

/* libamdhip64 5.2 cannot say what a surface object was made of: the headers remember it,
 * one record per live surface object, for cudaGetSurfaceObjectResourceDesc. */
struct __cu2amd_surface_record {
    cudaSurfaceObject_t object;
    cudaResourceDesc desc;
    struct __cu2amd_surface_record *next;
};
__host__ inline struct __cu2amd_surface_record **__cu2amd_surface_records(int lock) {
    static struct __cu2amd_surface_record *head = 0;
    static int busy = 0;
    __cu2amd_spin_lock(&busy, lock);
    return &head;
}
CU2AMD_API cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t *pSurfObject, const cudaResourceDesc *pResDesc) {
    if (!pSurfObject || (pResDesc && pResDesc->flags)) return __cu2amd_fail(cudaErrorInvalidValue);
    struct __cu2amd_surface_record *record = (struct __cu2amd_surface_record *)malloc(sizeof *record);
    if (!record) return __cu2amd_fail(cudaErrorMemoryAllocation);
    void *object = 0;
    cudaError_t err = CU2AMD_ERR(__cu2amd_hip_create_surface_object(&object, pResDesc));
    if (err != cudaSuccess) {
        free(record);
        return err;
    }
    *pSurfObject = (cudaSurfaceObject_t)object;
    record->object = *pSurfObject;
    record->desc = *pResDesc;
    struct __cu2amd_surface_record **head = __cu2amd_surface_records(1);
    record->next = *head;
    *head = record;
    __cu2amd_surface_records(0);
    return err;
}
CU2AMD_API cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t surfObject) {
    cudaError_t err = CU2AMD_ERR(__cu2amd_hip_destroy_surface_object((void *)surfObject));
    if (err != cudaSuccess) return err;
    for (struct __cu2amd_surface_record **r = __cu2amd_surface_records(1); *r; r = &(*r)->next)
        if ((*r)->object == surfObject) {
            struct __cu2amd_surface_record *gone = *r;
            *r = gone->next;
            free(gone);
            break;
        }
    __cu2amd_surface_records(0);
    return err;
}
CU2AMD_API cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc *pResDesc, cudaSurfaceObject_t surfObject) {
    cudaError_t err = cudaErrorInvalidValue;
    for (struct __cu2amd_surface_record *r = *__cu2amd_surface_records(1); r && pResDesc; r = r->next)
        if (r->object == surfObject) {
            *pResDesc = r->desc;
            err = cudaSuccess;
            break;
        }
    __cu2amd_surface_records(0);
    return err == cudaSuccess ? err : __cu2amd_fail(err);
}

#endif
