/* The CUDA driver API: arrays, texture and surface objects. Part of cuda.h: include that.
 * Over HIP's ABI as the runtime API declares it (cu2amd/runtime_hip_texture.h): a CUarray is
 * HIP's array (a cudaArray_t), a CUtexObject HIP's texture object; the driver's descriptors
 * are translated to the runtime's. C as well as C++, as cuda.h. */
#ifndef CU2AMD_DRIVER_TEXTURE_H
#define CU2AMD_DRIVER_TEXTURE_H

#include "cu2amd/runtime_types.h"
#include "cu2amd/runtime_hip_texture.h"
#include "cu2amd/spin_lock.h"

typedef struct CUarray_st *CUarray;
typedef struct __cu2amd_mipmapped_array *CUmipmappedArray; /* a cudaMipmappedArray_t */
typedef struct CUDA_ARRAY_MEMORY_REQUIREMENTS_st {
    size_t size;
    size_t alignment;
    unsigned int reserved[4];
} CUDA_ARRAY_MEMORY_REQUIREMENTS;
typedef unsigned long long CUtexObject;
typedef unsigned long long CUsurfObject;

typedef enum CUarray_format_enum {
    CU_AD_FORMAT_UNSIGNED_INT8 = 0x01,
    CU_AD_FORMAT_UNSIGNED_INT16 = 0x02,
    CU_AD_FORMAT_UNSIGNED_INT32 = 0x03,
    CU_AD_FORMAT_SIGNED_INT8 = 0x08,
    CU_AD_FORMAT_SIGNED_INT16 = 0x09,
    CU_AD_FORMAT_SIGNED_INT32 = 0x0a,
    CU_AD_FORMAT_HALF = 0x10,
    CU_AD_FORMAT_FLOAT = 0x20,
} CUarray_format;

typedef struct CUDA_ARRAY_DESCRIPTOR_st {
    size_t Width;
    size_t Height;
    CUarray_format Format;
    unsigned int NumChannels;
} CUDA_ARRAY_DESCRIPTOR;
typedef struct CUDA_ARRAY3D_DESCRIPTOR_st {
    size_t Width;
    size_t Height;
    size_t Depth;
    CUarray_format Format;
    unsigned int NumChannels;
    unsigned int Flags;
} CUDA_ARRAY3D_DESCRIPTOR;
#define CUDA_ARRAY3D_LAYERED 0x01
#define CUDA_ARRAY3D_SURFACE_LDST 0x02
#define CUDA_ARRAY3D_CUBEMAP 0x04
#define CUDA_ARRAY3D_TEXTURE_GATHER 0x08

typedef enum CUresourcetype_enum {
    CU_RESOURCE_TYPE_ARRAY = 0x00,
    CU_RESOURCE_TYPE_MIPMAPPED_ARRAY = 0x01,
    CU_RESOURCE_TYPE_LINEAR = 0x02,
    CU_RESOURCE_TYPE_PITCH2D = 0x03,
} CUresourcetype;
typedef enum CUaddress_mode_enum {
    CU_TR_ADDRESS_MODE_WRAP = 0,
    CU_TR_ADDRESS_MODE_CLAMP = 1,
    CU_TR_ADDRESS_MODE_MIRROR = 2,
    CU_TR_ADDRESS_MODE_BORDER = 3,
} CUaddress_mode;
typedef enum CUfilter_mode_enum {
    CU_TR_FILTER_MODE_POINT = 0,
    CU_TR_FILTER_MODE_LINEAR = 1,
} CUfilter_mode;
#define CU_TRSF_READ_AS_INTEGER 0x01
#define CU_TRSF_NORMALIZED_COORDINATES 0x02

typedef struct CUDA_RESOURCE_DESC_st {
    CUresourcetype resType;
    union {
        struct {
            CUarray hArray;
        } array;
        struct {
            CUmipmappedArray hMipmappedArray;
        } mipmap;
        struct {
            CUdeviceptr devPtr;
            CUarray_format format;
            unsigned int numChannels;
            size_t sizeInBytes;
        } linear;
        struct {
            CUdeviceptr devPtr;
            CUarray_format format;
            unsigned int numChannels;
            size_t width;
            size_t height;
            size_t pitchInBytes;
        } pitch2D;
        struct {
            int reserved[32];
        } reserved;
    } res;
    unsigned int flags;
} CUDA_RESOURCE_DESC;
typedef struct CUDA_TEXTURE_DESC_st {
    CUaddress_mode addressMode[3];
    CUfilter_mode filterMode;
    unsigned int flags;
    unsigned int maxAnisotropy;
    CUfilter_mode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    float borderColor[4];
    int reserved[12];
} CUDA_TEXTURE_DESC;

/* ------------------------------------------------------------------ formats */

/* The runtime's channel description of `n` channels of a driver format (f = None if invalid). */
CU2AMD_API cudaChannelFormatDesc __cu2amd_cu_channels(CUarray_format format, unsigned int n) {
    cudaChannelFormatDesc d;
    int bits = 0;
    d.f = cudaChannelFormatKindUnsigned;
    switch (format) {
    case CU_AD_FORMAT_SIGNED_INT8: d.f = cudaChannelFormatKindSigned; bits = 8; break;
    case CU_AD_FORMAT_UNSIGNED_INT8: bits = 8; break;
    case CU_AD_FORMAT_SIGNED_INT16: d.f = cudaChannelFormatKindSigned; bits = 16; break;
    case CU_AD_FORMAT_UNSIGNED_INT16: bits = 16; break;
    case CU_AD_FORMAT_SIGNED_INT32: d.f = cudaChannelFormatKindSigned; bits = 32; break;
    case CU_AD_FORMAT_UNSIGNED_INT32: bits = 32; break;
    case CU_AD_FORMAT_HALF: d.f = cudaChannelFormatKindFloat; bits = 16; break;
    case CU_AD_FORMAT_FLOAT: d.f = cudaChannelFormatKindFloat; bits = 32; break;
    }
    if (!bits || (n != 1 && n != 2 && n != 4)) d.f = cudaChannelFormatKindNone;
    d.x = bits;
    d.y = n > 1 ? bits : 0;
    d.z = d.w = n > 2 ? bits : 0;
    return d;
}
/* The driver format and channel count of a runtime channel description. */
CU2AMD_API void __cu2amd_cu_format(const cudaChannelFormatDesc *d, CUarray_format *format, unsigned int *n) {
    const int s = d->f == cudaChannelFormatKindSigned, f = d->f == cudaChannelFormatKindFloat;
    *n = (unsigned int)((d->x > 0) + (d->y > 0) + (d->z > 0) + (d->w > 0));
    if (d->x == 8) *format = s ? CU_AD_FORMAT_SIGNED_INT8 : CU_AD_FORMAT_UNSIGNED_INT8;
    else if (d->x == 16) *format = f ? CU_AD_FORMAT_HALF : s ? CU_AD_FORMAT_SIGNED_INT16 : CU_AD_FORMAT_UNSIGNED_INT16;
    else *format = f ? CU_AD_FORMAT_FLOAT : s ? CU_AD_FORMAT_SIGNED_INT32 : CU_AD_FORMAT_UNSIGNED_INT32;
}
/* HIP's invalid-value error on a handle is the driver's invalid handle. */
CU2AMD_API CUresult __cu2amd_cu_handle_error(int err) {
    return err == CUDA_ERROR_INVALID_VALUE ? CUDA_ERROR_INVALID_HANDLE : (CUresult)err;
}
/* The bytes of one element of `array` (its channels' bits / 8); `element` is left as it is
 * when the array is not one. */
CU2AMD_API CUresult __cu2amd_cu_element_size(const void *array, size_t *element) {
    cudaChannelFormatDesc d;
    int err = hipGetChannelDesc(&d, (cudaArray_const_t)array);
    if (err) return __cu2amd_cu_handle_error(err);
    *element = (size_t)(d.x + d.y + d.z + d.w) / 8;
    return CUDA_SUCCESS;
}

/* The device's 1D linear texture limit (HIP's maxTexture1DLinear), for any valid format. */
CU2AMD_API CUresult cuDeviceGetTexture1DLinearMaxWidth(size_t *maxWidthInElements, CUarray_format format,
                                                       unsigned numChannels, CUdevice dev) {
    if (!maxWidthInElements || __cu2amd_cu_channels(format, numChannels).f == cudaChannelFormatKindNone)
        return CUDA_ERROR_INVALID_VALUE;
    __cu2amd_cu_device_prop p;
    CUresult err = CU2AMD_CU(hipGetDeviceProperties(&p, dev));
    if (err == CUDA_SUCCESS) *maxWidthInElements = (size_t)p.maxTexture1DLinear;
    return err;
}

/* ------------------------------------------------------------------ arrays */

CU2AMD_API CUresult cuArray3DCreate(CUarray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pAllocateArray) {
    if (!pHandle || !pAllocateArray) return CUDA_ERROR_INVALID_VALUE;
    cudaChannelFormatDesc d = __cu2amd_cu_channels(pAllocateArray->Format, pAllocateArray->NumChannels);
    if (d.f == cudaChannelFormatKindNone) return CUDA_ERROR_INVALID_VALUE;
    cudaExtent e;
    e.width = pAllocateArray->Width;
    e.height = pAllocateArray->Height;
    e.depth = pAllocateArray->Depth;
    if (!e.depth && !(pAllocateArray->Flags & CUDA_ARRAY3D_LAYERED))
        return CU2AMD_CU(hipMallocArray((cudaArray_t *)pHandle, &d, e.width, e.height, pAllocateArray->Flags));
    return CU2AMD_CU(hipMalloc3DArray((cudaArray_t *)pHandle, &d, e, pAllocateArray->Flags));
}
CU2AMD_API CUresult cuArrayCreate(CUarray *pHandle, const CUDA_ARRAY_DESCRIPTOR *pAllocateArray) {
    if (!pAllocateArray) return CUDA_ERROR_INVALID_VALUE;
    CUDA_ARRAY3D_DESCRIPTOR d;
    d.Width = pAllocateArray->Width;
    d.Height = pAllocateArray->Height;
    d.Depth = 0;
    d.Format = pAllocateArray->Format;
    d.NumChannels = pAllocateArray->NumChannels;
    d.Flags = 0;
    return cuArray3DCreate(pHandle, &d);
}
CU2AMD_API CUresult cuArrayDestroy(CUarray hArray) {
    if (!hArray) return CUDA_ERROR_INVALID_HANDLE;
    return __cu2amd_cu_handle_error(hipFreeArray((cudaArray_t)hArray));
}
/* Mipmapped arrays: as the runtime's (cudaMallocMipmappedArray). */
CU2AMD_API CUresult cuMipmappedArrayCreate(CUmipmappedArray *pHandle, const CUDA_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
                                           unsigned int numMipmapLevels) {
    if (!pHandle || !pMipmappedArrayDesc || !pMipmappedArrayDesc->Width) return CUDA_ERROR_INVALID_VALUE;
    cudaChannelFormatDesc d = __cu2amd_cu_channels(pMipmappedArrayDesc->Format, pMipmappedArrayDesc->NumChannels);
    if (d.f == cudaChannelFormatKindNone) return CUDA_ERROR_INVALID_VALUE;
    cudaExtent e;
    e.width = pMipmappedArrayDesc->Width;
    e.height = pMipmappedArrayDesc->Height;
    e.depth = pMipmappedArrayDesc->Depth;
    unsigned int flags = pMipmappedArrayDesc->Flags;
    return CU2AMD_CU(hipMallocMipmappedArray((cudaMipmappedArray_t *)pHandle, &d, e,
                                             __cu2amd_mip_levels(e.width, e.height, e.depth, flags, numMipmapLevels),
                                             flags));
}
CU2AMD_API CUresult cuMipmappedArrayDestroy(CUmipmappedArray hMipmappedArray) {
    if (!hMipmappedArray) return CUDA_ERROR_INVALID_HANDLE;
    return __cu2amd_cu_handle_error(hipFreeMipmappedArray(hMipmappedArray));
}
/* An unknown mipmapped array is CUDA_ERROR_INVALID_HANDLE, a level past its last one
 * CUDA_ERROR_INVALID_VALUE. */
CU2AMD_API CUresult cuMipmappedArrayGetLevel(CUarray *pLevelArray, CUmipmappedArray hMipmappedArray,
                                             unsigned int level) {
    cudaArray_t first = NULL;
    if (!pLevelArray) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = __cu2amd_cu_handle_error(hipGetMipmappedArrayLevel(&first, hMipmappedArray, 0));
    if (err != CUDA_SUCCESS) return err;
    return CU2AMD_CU(hipGetMipmappedArrayLevel((cudaArray_t *)pLevelArray, hMipmappedArray, level));
}
/* No deferred mapping (CUDA_ARRAY3D_DEFERRED_MAPPING) and no multi-planar formats: CUDA's
 * answer for any other array, CUDA_ERROR_INVALID_VALUE (as the runtime's functions). */
CU2AMD_API CUresult __cu2amd_cu_array_requirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *requirements, CUarray array,
                                                   CUdevice device) {
    int count = 0;
    cudaChannelFormatDesc d;
    if (!requirements) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipGetDeviceCount(&count));
    if (err != CUDA_SUCCESS) return err;
    if (device < 0 || device >= count) return CUDA_ERROR_INVALID_DEVICE;
    err = __cu2amd_cu_handle_error(hipGetChannelDesc(&d, (cudaArray_const_t)array));
    return err != CUDA_SUCCESS ? err : CUDA_ERROR_INVALID_VALUE;
}
CU2AMD_API CUresult cuArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements, CUarray array,
                                                 CUdevice device) {
    return __cu2amd_cu_array_requirements(memoryRequirements, array, device);
}
CU2AMD_API CUresult cuMipmappedArrayGetMemoryRequirements(CUDA_ARRAY_MEMORY_REQUIREMENTS *memoryRequirements,
                                                          CUmipmappedArray mipmap, CUdevice device) {
    cudaArray_t first = NULL;
    CUresult err = __cu2amd_cu_handle_error(hipGetMipmappedArrayLevel(&first, mipmap, 0));
    return err != CUDA_SUCCESS ? err : __cu2amd_cu_array_requirements(memoryRequirements, (CUarray)first, device);
}
CU2AMD_API CUresult cuArrayGetPlane(CUarray *pPlaneArray, CUarray hArray, unsigned int planeIdx) {
    cudaChannelFormatDesc d;
    (void)planeIdx;
    if (!pPlaneArray) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = __cu2amd_cu_handle_error(hipGetChannelDesc(&d, (cudaArray_const_t)hArray));
    return err != CUDA_SUCCESS ? err : CUDA_ERROR_INVALID_VALUE;
}

/* The description from HIP's array record (as cudaArrayGetInfo). */
CU2AMD_API CUresult cuArray3DGetDescriptor(CUDA_ARRAY3D_DESCRIPTOR *pArrayDescriptor, CUarray hArray) {
    if (!pArrayDescriptor) return CUDA_ERROR_INVALID_VALUE;
    cudaChannelFormatDesc d;
    CUresult err = __cu2amd_cu_handle_error(hipGetChannelDesc(&d, (cudaArray_const_t)hArray));
    if (err != CUDA_SUCCESS) return err;
    const struct __cu2amd_hip_array *a = (const struct __cu2amd_hip_array *)hArray;
    pArrayDescriptor->Width = a->width;
    pArrayDescriptor->Height = a->height;
    pArrayDescriptor->Depth = a->depth;
    pArrayDescriptor->Flags = a->type;
    __cu2amd_cu_format(&d, &pArrayDescriptor->Format, &pArrayDescriptor->NumChannels);
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuArrayGetDescriptor(CUDA_ARRAY_DESCRIPTOR *pArrayDescriptor, CUarray hArray) {
    if (!pArrayDescriptor) return CUDA_ERROR_INVALID_VALUE;
    CUDA_ARRAY3D_DESCRIPTOR d;
    CUresult err = cuArray3DGetDescriptor(&d, hArray);
    if (err != CUDA_SUCCESS) return err;
    pArrayDescriptor->Width = d.Width;
    pArrayDescriptor->Height = d.Height;
    pArrayDescriptor->Format = d.Format;
    pArrayDescriptor->NumChannels = d.NumChannels;
    return CUDA_SUCCESS;
}

/* Copies between an array, from byte `offset` on (row after row), and memory: up to three
 * 2D copies (a partial first row, whole rows, a partial last row). */
CU2AMD_API CUresult __cu2amd_cu_array_copy(int to_array, CUarray array, size_t offset, char *ptr, size_t count,
                                           int async, CUstream stream) {
    size_t row = 0;
    int err = __cu2amd_cu_element_size(array, &row);
    if (err) return (CUresult)err;
    row *= ((const struct __cu2amd_hip_array *)array)->width;
    size_t x = offset % row, y = offset / row;
    cudaArray_t a = (cudaArray_t)array;
    cudaStream_t s = __cu2amd_cu_stream(stream);
    while (count && !err) {
        size_t width = x ? row - x : row, rows = 1;
        if (width > count) width = count;
        else if (!x) rows = count / row;
        if (to_array)
            err = async ? hipMemcpy2DToArrayAsync(a, x, y, ptr, width, width, rows, 4, s)
                        : hipMemcpy2DToArray(a, x, y, ptr, width, width, rows, 4);
        else
            err = async ? hipMemcpy2DFromArrayAsync(ptr, width, a, x, y, width, rows, 4, s)
                        : hipMemcpy2DFromArray(ptr, width, a, x, y, width, rows, 4);
        ptr += width * rows;
        count -= width * rows;
        y += rows;
        x = 0;
    }
    return (CUresult)err;
}
CU2AMD_API CUresult cuMemcpyHtoA(CUarray dstArray, size_t dstOffset, const void *srcHost, size_t ByteCount) {
    return __cu2amd_cu_array_copy(1, dstArray, dstOffset, (char *)srcHost, ByteCount, 0, NULL);
}
CU2AMD_API CUresult cuMemcpyHtoAAsync(CUarray dstArray, size_t dstOffset, const void *srcHost, size_t ByteCount,
                                      CUstream hStream) {
    return __cu2amd_cu_array_copy(1, dstArray, dstOffset, (char *)srcHost, ByteCount, 1, hStream);
}
CU2AMD_API CUresult cuMemcpyAtoH(void *dstHost, CUarray srcArray, size_t srcOffset, size_t ByteCount) {
    return __cu2amd_cu_array_copy(0, srcArray, srcOffset, (char *)dstHost, ByteCount, 0, NULL);
}
CU2AMD_API CUresult cuMemcpyAtoHAsync(void *dstHost, CUarray srcArray, size_t srcOffset, size_t ByteCount,
                                      CUstream hStream) {
    return __cu2amd_cu_array_copy(0, srcArray, srcOffset, (char *)dstHost, ByteCount, 1, hStream);
}
CU2AMD_API CUresult cuMemcpyDtoA(CUarray dstArray, size_t dstOffset, CUdeviceptr srcDevice, size_t ByteCount) {
    return __cu2amd_cu_array_copy(1, dstArray, dstOffset, (char *)(uintptr_t)srcDevice, ByteCount, 0, NULL);
}
CU2AMD_API CUresult cuMemcpyAtoD(CUdeviceptr dstDevice, CUarray srcArray, size_t srcOffset, size_t ByteCount) {
    return __cu2amd_cu_array_copy(0, srcArray, srcOffset, (char *)(uintptr_t)dstDevice, ByteCount, 0, NULL);
}

/* Array to array from byte offsets: through a temporary device buffer. */
CU2AMD_API CUresult cuMemcpyAtoA(CUarray dstArray, size_t dstOffset, CUarray srcArray, size_t srcOffset,
                                 size_t ByteCount) {
    if (ByteCount == 0) return CUDA_SUCCESS;
    void *staging = NULL;
    CUresult err = CU2AMD_CU(hipMalloc(&staging, ByteCount));
    if (err != CUDA_SUCCESS) return err;
    err = __cu2amd_cu_array_copy(0, srcArray, srcOffset, (char *)staging, ByteCount, 0, NULL);
    if (err == CUDA_SUCCESS) err = __cu2amd_cu_array_copy(1, dstArray, dstOffset, (char *)staging, ByteCount, 0, NULL);
    hipFree(staging);
    return err;
}

/* cuMemcpy2D where a side is an array (cuda.h's __cu2amd_cu_memcpy2d hands these here);
 * array to array is one HIP 3D copy, in elements. */
CU2AMD_API CUresult __cu2amd_cu_memcpy2d_array(const CUDA_MEMCPY2D *c, CUstream stream, int async) {
    const cudaStream_t s = __cu2amd_cu_stream(stream);
    const int src_array = c->srcMemoryType == CU_MEMORYTYPE_ARRAY, dst_array = c->dstMemoryType == CU_MEMORYTYPE_ARRAY;
    const char *src = c->srcMemoryType == CU_MEMORYTYPE_HOST ? (const char *)c->srcHost
                                                             : (const char *)(uintptr_t)c->srcDevice;
    char *dst = c->dstMemoryType == CU_MEMORYTYPE_HOST ? (char *)c->dstHost : (char *)(uintptr_t)c->dstDevice;
    if ((src_array ? !c->srcArray : !src) || (dst_array ? !c->dstArray : !dst)) return CUDA_ERROR_INVALID_VALUE;
    if (src_array && dst_array) {
        size_t e = 0;
        CUresult err = __cu2amd_cu_element_size(c->srcArray, &e);
        if (err != CUDA_SUCCESS) return err;
        if (!e || c->srcXInBytes % e || c->dstXInBytes % e || c->WidthInBytes % e) return CUDA_ERROR_INVALID_VALUE;
        cudaMemcpy3DParms p;
        memset(&p, 0, sizeof p);
        p.srcArray = (cudaArray_t)c->srcArray;
        p.srcPos.x = c->srcXInBytes / e;
        p.srcPos.y = c->srcY;
        p.dstArray = (cudaArray_t)c->dstArray;
        p.dstPos.x = c->dstXInBytes / e;
        p.dstPos.y = c->dstY;
        p.extent.width = c->WidthInBytes / e;
        p.extent.height = c->Height;
        p.extent.depth = 1;
        p.kind = cudaMemcpyDefault;
        return CU2AMD_CU(async ? hipMemcpy3DAsync(&p, s) : hipMemcpy3D(&p));
    }
    if (dst_array) {
        src += c->srcY * c->srcPitch + c->srcXInBytes;
        return CU2AMD_CU(async ? hipMemcpy2DToArrayAsync((cudaArray_t)c->dstArray, c->dstXInBytes, c->dstY, src,
                                                         c->srcPitch, c->WidthInBytes, c->Height, 4, s)
                               : hipMemcpy2DToArray((cudaArray_t)c->dstArray, c->dstXInBytes, c->dstY, src, c->srcPitch,
                                                    c->WidthInBytes, c->Height, 4));
    }
    dst += c->dstY * c->dstPitch + c->dstXInBytes;
    return CU2AMD_CU(async ? hipMemcpy2DFromArrayAsync(dst, c->dstPitch, (cudaArray_const_t)c->srcArray,
                                                       c->srcXInBytes, c->srcY, c->WidthInBytes, c->Height, 4, s)
                           : hipMemcpy2DFromArray(dst, c->dstPitch, (cudaArray_const_t)c->srcArray, c->srcXInBytes,
                                                  c->srcY, c->WidthInBytes, c->Height, 4));
}

/* ------------------------------------------------------------------ 3D copies */

/* CUDA's descriptions of a 3D copy (the peer one names contexts where the other has reserved
 * pointers: the same layout). */
typedef struct CUDA_MEMCPY3D_st {
    size_t srcXInBytes;
    size_t srcY;
    size_t srcZ;
    size_t srcLOD;
    CUmemorytype srcMemoryType;
    const void *srcHost;
    CUdeviceptr srcDevice;
    CUarray srcArray;
    void *reserved0;
    size_t srcPitch;
    size_t srcHeight;
    size_t dstXInBytes;
    size_t dstY;
    size_t dstZ;
    size_t dstLOD;
    CUmemorytype dstMemoryType;
    void *dstHost;
    CUdeviceptr dstDevice;
    CUarray dstArray;
    void *reserved1;
    size_t dstPitch;
    size_t dstHeight;
    size_t WidthInBytes;
    size_t Height;
    size_t Depth;
} CUDA_MEMCPY3D;
typedef struct CUDA_MEMCPY3D_PEER_st {
    size_t srcXInBytes;
    size_t srcY;
    size_t srcZ;
    size_t srcLOD;
    CUmemorytype srcMemoryType;
    const void *srcHost;
    CUdeviceptr srcDevice;
    CUarray srcArray;
    CUcontext srcContext;
    size_t srcPitch;
    size_t srcHeight;
    size_t dstXInBytes;
    size_t dstY;
    size_t dstZ;
    size_t dstLOD;
    CUmemorytype dstMemoryType;
    void *dstHost;
    CUdeviceptr dstDevice;
    CUarray dstArray;
    CUcontext dstContext;
    size_t dstPitch;
    size_t dstHeight;
    size_t WidthInBytes;
    size_t Height;
    size_t Depth;
} CUDA_MEMCPY3D_PEER;

/* One side of a 3D copy in the runtime's terms: an array at an element position, or a pitched
 * pointer to the first byte (the position folded in). */
CU2AMD_API int __cu2amd_cu_copy_side(CUmemorytype type, const void *host, CUdeviceptr device, CUarray array, size_t x,
                                     size_t y, size_t z, size_t pitch, size_t height, size_t element,
                                     cudaArray_t *out_array, struct cudaPos *pos, struct cudaPitchedPtr *ptr) {
    if (type == CU_MEMORYTYPE_ARRAY) {
        if (!array || x % element) return 0;
        *out_array = (cudaArray_t)array;
        pos->x = x / element, pos->y = y, pos->z = z;
        return 1;
    }
    const char *base = type == CU_MEMORYTYPE_HOST ? (const char *)host : (const char *)(uintptr_t)device;
    if (!base || (type != CU_MEMORYTYPE_HOST && type != CU_MEMORYTYPE_DEVICE && type != CU_MEMORYTYPE_UNIFIED))
        return 0;
    ptr->ptr = (void *)(base + (z * height + y) * pitch + x);
    ptr->pitch = pitch;
    ptr->xsize = pitch;
    ptr->ysize = height;
    return 1;
}
/* As cudaMemcpy3D: the width in elements of the array taking part (bytes between pointers);
 * levels of detail other than 0 are CUDA_ERROR_INVALID_VALUE (mipmap levels are arrays). */
CU2AMD_API CUresult __cu2amd_cu_memcpy3d(const CUDA_MEMCPY3D *c, CUstream stream, int async) {
    if (!c || c->srcLOD || c->dstLOD) return CUDA_ERROR_INVALID_VALUE;
    if (!c->WidthInBytes || !c->Height || !c->Depth) return CUDA_SUCCESS;
    size_t element = 1;
    CUarray array = c->srcMemoryType == CU_MEMORYTYPE_ARRAY ? c->srcArray
                    : c->dstMemoryType == CU_MEMORYTYPE_ARRAY ? c->dstArray
                                                              : NULL;
    if (array) {
        CUresult err = __cu2amd_cu_element_size(array, &element);
        if (err != CUDA_SUCCESS) return err;
        if (!element || c->WidthInBytes % element) return CUDA_ERROR_INVALID_VALUE;
    }
    const int pointers = !array;
    if (pointers && c->Depth > 1 && (c->srcHeight < c->Height || c->dstHeight < c->Height))
        return CUDA_ERROR_INVALID_VALUE;
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    if (!__cu2amd_cu_copy_side(c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray, c->srcXInBytes, c->srcY,
                               c->srcZ, c->srcPitch, c->srcHeight, element, &p.srcArray, &p.srcPos, &p.srcPtr) ||
        !__cu2amd_cu_copy_side(c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray, c->dstXInBytes, c->dstY,
                               c->dstZ, c->dstPitch, c->dstHeight, element, &p.dstArray, &p.dstPos, &p.dstPtr))
        return CUDA_ERROR_INVALID_VALUE;
    if (pointers) { /* slice by slice, as cuMemcpy2D */
        for (size_t z = 0; z < c->Depth; z++) {
            CUDA_MEMCPY2D m;
            memset(&m, 0, sizeof m);
            m.srcMemoryType = m.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
            m.srcDevice = (CUdeviceptr)(uintptr_t)((const char *)p.srcPtr.ptr + z * c->srcHeight * c->srcPitch);
            m.dstDevice = (CUdeviceptr)(uintptr_t)((char *)p.dstPtr.ptr + z * c->dstHeight * c->dstPitch);
            m.srcPitch = c->srcPitch;
            m.dstPitch = c->dstPitch;
            m.WidthInBytes = c->WidthInBytes;
            m.Height = c->Height;
            CUresult err = __cu2amd_cu_memcpy2d(&m, stream, async);
            if (err != CUDA_SUCCESS) return err;
        }
        return CUDA_SUCCESS;
    }
    p.extent.width = c->WidthInBytes / element;
    p.extent.height = c->Height;
    p.extent.depth = c->Depth;
    p.kind = cudaMemcpyDefault;
    return CU2AMD_CU(async ? hipMemcpy3DAsync(&p, __cu2amd_cu_stream(stream)) : hipMemcpy3D(&p));
}
CU2AMD_API CUresult cuMemcpy3D(const CUDA_MEMCPY3D *pCopy) { return __cu2amd_cu_memcpy3d(pCopy, NULL, 0); }
CU2AMD_API CUresult cuMemcpy3DAsync(const CUDA_MEMCPY3D *pCopy, CUstream hStream) {
    return __cu2amd_cu_memcpy3d(pCopy, hStream, 1);
}
/* Between contexts: both must be given; HIP copies between devices itself (one address space). */
CU2AMD_API CUresult __cu2amd_cu_memcpy3d_peer(const CUDA_MEMCPY3D_PEER *c, CUstream stream, int async) {
    if (!c) return CUDA_ERROR_INVALID_VALUE;
    if (!c->srcContext || !c->dstContext) return CUDA_ERROR_INVALID_CONTEXT;
    CUDA_MEMCPY3D m;
    memcpy(&m, c, sizeof m); /* the same layout, contexts in the reserved places */
    m.reserved0 = m.reserved1 = NULL;
    return __cu2amd_cu_memcpy3d(&m, stream, async);
}
CU2AMD_API CUresult cuMemcpy3DPeer(const CUDA_MEMCPY3D_PEER *pCopy) { return __cu2amd_cu_memcpy3d_peer(pCopy, NULL, 0); }
CU2AMD_API CUresult cuMemcpy3DPeerAsync(const CUDA_MEMCPY3D_PEER *pCopy, CUstream hStream) {
    return __cu2amd_cu_memcpy3d_peer(pCopy, hStream, 1);
}

/* Batched 3D copies (CUDA 12.8; CUmemcpySrcAccessOrder and CUmemcpyAttributes' rules are
 * cu2amd/driver_extra.h's). */
typedef struct __cu2amd_cu_offset3d {
    size_t x;
    size_t y;
    size_t z;
} CUoffset3D;
typedef struct __cu2amd_cu_extent3d {
    size_t width;
    size_t height;
    size_t depth;
} CUextent3D;
typedef enum __cu2amd_cu_operand_type {
    CU_MEMCPY_OPERAND_TYPE_POINTER = 0x1,
    CU_MEMCPY_OPERAND_TYPE_ARRAY = 0x2,
    CU_MEMCPY_OPERAND_TYPE_MAX = 0x7FFFFFFF,
} CUmemcpy3DOperandType;
typedef struct __cu2amd_cu_memcpy3d_operand {
    CUmemcpy3DOperandType type;
    union {
        struct {
            CUdeviceptr ptr;
            size_t rowLength;
            size_t layerHeight;
            CUmemLocation locHint;
        } ptr;
        struct {
            CUarray array;
            CUoffset3D offset;
        } array;
    } op;
} CUmemcpy3DOperand;
typedef struct __cu2amd_cu_memcpy3d_batch_op {
    CUmemcpy3DOperand src;
    CUmemcpy3DOperand dst;
    CUextent3D extent;
    CUmemcpySrcAccessOrder srcAccessOrder;
    unsigned int flags;
} CUDA_MEMCPY3D_BATCH_OP;

/* One operand as a side of a CUDA_MEMCPY3D (element: the array's size, 1 byte between
 * pointers; rowLength and layerHeight 0 mean the extent's). */
CU2AMD_API int __cu2amd_cu_batch_side(const CUmemcpy3DOperand *o, const CUextent3D *e, size_t element,
                                      CUmemorytype *type, CUdeviceptr *device, CUarray *array, size_t *x, size_t *y,
                                      size_t *z, size_t *pitch, size_t *height) {
    if (o->type == CU_MEMCPY_OPERAND_TYPE_ARRAY) {
        if (!o->op.array.array) return 0;
        *type = CU_MEMORYTYPE_ARRAY;
        *array = o->op.array.array;
        *x = o->op.array.offset.x * element, *y = o->op.array.offset.y, *z = o->op.array.offset.z;
        return 1;
    }
    size_t row = o->op.ptr.rowLength ? o->op.ptr.rowLength : e->width;
    size_t layer = o->op.ptr.layerHeight ? o->op.ptr.layerHeight : e->height;
    if (o->type != CU_MEMCPY_OPERAND_TYPE_POINTER || !o->op.ptr.ptr || row < e->width || layer < e->height) return 0;
    *type = CU_MEMORYTYPE_UNIFIED;
    *device = o->op.ptr.ptr;
    *pitch = row * element;
    *height = layer;
    return 1;
}
/* As the runtime's cudaMemcpy3DBatchAsync: every operation checked first (failIdx: the one at
 * fault, SIZE_MAX otherwise), then one cuMemcpy3DAsync each, in order. */
CU2AMD_API CUresult cuMemcpy3DBatchAsync(size_t numOps, CUDA_MEMCPY3D_BATCH_OP *opList, size_t *failIdx,
                                         unsigned long long flags, CUstream hStream) {
    size_t ignored, i;
    if (!failIdx) failIdx = &ignored;
    *failIdx = (size_t)-1;
#ifdef CUDA_API_PER_THREAD_DEFAULT_STREAM
    const int legacy = hStream == CU_STREAM_LEGACY;
#else
    const int legacy = hStream == NULL || hStream == CU_STREAM_LEGACY;
#endif
    if (numOps == 0 || !opList || flags != 0 || legacy) return CUDA_ERROR_INVALID_VALUE;
    CUDA_MEMCPY3D *copies = (CUDA_MEMCPY3D *)calloc(numOps, sizeof *copies);
    if (!copies) return CUDA_ERROR_OUT_OF_MEMORY;
    CUresult err = CUDA_SUCCESS;
    for (i = 0; i < numOps && err == CUDA_SUCCESS; i++) {
        const CUDA_MEMCPY3D_BATCH_OP *op = &opList[i];
        CUDA_MEMCPY3D *c = &copies[i];
        size_t element = 1;
        CUarray array = op->src.type == CU_MEMCPY_OPERAND_TYPE_ARRAY   ? op->src.op.array.array
                        : op->dst.type == CU_MEMCPY_OPERAND_TYPE_ARRAY ? op->dst.op.array.array
                                                                       : NULL;
        if (array) __cu2amd_cu_element_size(array, &element); /* a bad handle: cuMemcpy3DAsync says so */
        c->WidthInBytes = op->extent.width * element;
        c->Height = op->extent.height;
        c->Depth = op->extent.depth;
        if (op->srcAccessOrder < CU_MEMCPY_SRC_ACCESS_ORDER_STREAM || op->srcAccessOrder > CU_MEMCPY_SRC_ACCESS_ORDER_ANY ||
            (op->flags & ~(unsigned)CU_MEMCPY_FLAG_PREFER_OVERLAP_WITH_COMPUTE) || !op->extent.width ||
            !op->extent.height || !op->extent.depth ||
            !__cu2amd_cu_batch_side(&op->src, &op->extent, element, &c->srcMemoryType, &c->srcDevice, &c->srcArray,
                                    &c->srcXInBytes, &c->srcY, &c->srcZ, &c->srcPitch, &c->srcHeight) ||
            !__cu2amd_cu_batch_side(&op->dst, &op->extent, element, &c->dstMemoryType, &c->dstDevice, &c->dstArray,
                                    &c->dstXInBytes, &c->dstY, &c->dstZ, &c->dstPitch, &c->dstHeight)) {
            *failIdx = i;
            err = CUDA_ERROR_INVALID_VALUE;
        }
    }
    for (i = 0; i < numOps && err == CUDA_SUCCESS; i++) {
        err = cuMemcpy3DAsync(&copies[i], hStream);
        if (err == CUDA_SUCCESS && opList[i].srcAccessOrder == CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL)
            err = cuStreamSynchronize(hStream);
        if (err != CUDA_SUCCESS) *failIdx = i;
    }
    free(copies);
    return err;
}

/* ------------------------------------------------------------------ texture and surface objects */

/* The runtime's resource description of a driver one. */
CU2AMD_API CUresult __cu2amd_cu_resource(const CUDA_RESOURCE_DESC *r, cudaResourceDesc *out) {
    memset(out, 0, sizeof *out);
    if (!r || r->flags != 0) return CUDA_ERROR_INVALID_VALUE;
    switch (r->resType) {
    case CU_RESOURCE_TYPE_ARRAY:
        out->resType = cudaResourceTypeArray;
        out->res.array.array = (cudaArray_t)r->res.array.hArray;
        return CUDA_SUCCESS;
    case CU_RESOURCE_TYPE_LINEAR:
        out->resType = cudaResourceTypeLinear;
        out->res.linear.devPtr = (void *)(uintptr_t)r->res.linear.devPtr;
        out->res.linear.desc = __cu2amd_cu_channels(r->res.linear.format, r->res.linear.numChannels);
        out->res.linear.sizeInBytes = r->res.linear.sizeInBytes;
        return out->res.linear.desc.f == cudaChannelFormatKindNone ? CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS;
    case CU_RESOURCE_TYPE_PITCH2D:
        out->resType = cudaResourceTypePitch2D;
        out->res.pitch2D.devPtr = (void *)(uintptr_t)r->res.pitch2D.devPtr;
        out->res.pitch2D.desc = __cu2amd_cu_channels(r->res.pitch2D.format, r->res.pitch2D.numChannels);
        out->res.pitch2D.width = r->res.pitch2D.width;
        out->res.pitch2D.height = r->res.pitch2D.height;
        out->res.pitch2D.pitchInBytes = r->res.pitch2D.pitchInBytes;
        return out->res.pitch2D.desc.f == cudaChannelFormatKindNone ? CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS;
    case CU_RESOURCE_TYPE_MIPMAPPED_ARRAY:
        out->resType = cudaResourceTypeMipmappedArray;
        out->res.mipmap.mipmap = r->res.mipmap.hMipmappedArray;
        return CUDA_SUCCESS;
    default: return CUDA_ERROR_INVALID_VALUE;
    }
}
/* The driver's resource description of a runtime one. */
CU2AMD_API void __cu2amd_cu_resource_back(const cudaResourceDesc *r, CUDA_RESOURCE_DESC *out) {
    memset(out, 0, sizeof *out);
    out->resType = (CUresourcetype)r->resType;
    if (r->resType == cudaResourceTypeArray) out->res.array.hArray = (CUarray)r->res.array.array;
    else if (r->resType == cudaResourceTypeMipmappedArray) out->res.mipmap.hMipmappedArray = r->res.mipmap.mipmap;
    else if (r->resType == cudaResourceTypeLinear) {
        out->res.linear.devPtr = (CUdeviceptr)(uintptr_t)r->res.linear.devPtr;
        __cu2amd_cu_format(&r->res.linear.desc, &out->res.linear.format, &out->res.linear.numChannels);
        out->res.linear.sizeInBytes = r->res.linear.sizeInBytes;
    } else if (r->resType == cudaResourceTypePitch2D) {
        out->res.pitch2D.devPtr = (CUdeviceptr)(uintptr_t)r->res.pitch2D.devPtr;
        __cu2amd_cu_format(&r->res.pitch2D.desc, &out->res.pitch2D.format, &out->res.pitch2D.numChannels);
        out->res.pitch2D.width = r->res.pitch2D.width;
        out->res.pitch2D.height = r->res.pitch2D.height;
        out->res.pitch2D.pitchInBytes = r->res.pitch2D.pitchInBytes;
    }
}

/* The driver reads 8- and 16-bit integers as normalized floats unless CU_TRSF_READ_AS_INTEGER. */
CU2AMD_API CUresult cuTexObjectCreate(CUtexObject *pTexObject, const CUDA_RESOURCE_DESC *pResDesc,
                                      const CUDA_TEXTURE_DESC *pTexDesc, const void *pResViewDesc) {
    if (!pTexObject || !pTexDesc) return CUDA_ERROR_INVALID_VALUE;
    if (pResViewDesc) return CUDA_ERROR_NOT_SUPPORTED; /* resource views are not provided */
    cudaResourceDesc res;
    CUresult err = __cu2amd_cu_resource(pResDesc, &res);
    if (err != CUDA_SUCCESS) return err;
    cudaChannelFormatDesc d = res.res.linear.desc; /* linear and pitch2D: the same place */
    if (res.resType == cudaResourceTypeArray || res.resType == cudaResourceTypeMipmappedArray) {
        cudaArray_t array = res.res.array.array;
        if (res.resType == cudaResourceTypeMipmappedArray &&
            (err = __cu2amd_cu_handle_error(hipGetMipmappedArrayLevel(&array, res.res.mipmap.mipmap, 0))) !=
                CUDA_SUCCESS)
            return err;
        err = __cu2amd_cu_handle_error(hipGetChannelDesc(&d, array));
        if (err != CUDA_SUCCESS) return err;
    }
    cudaTextureDesc t;
    memset(&t, 0, sizeof t);
    for (int i = 0; i < 3; i++) t.addressMode[i] = (enum cudaTextureAddressMode)pTexDesc->addressMode[i];
    t.filterMode = (enum cudaTextureFilterMode)pTexDesc->filterMode;
    t.readMode = (pTexDesc->flags & CU_TRSF_READ_AS_INTEGER) || d.f == cudaChannelFormatKindFloat || d.x == 32
                     ? cudaReadModeElementType
                     : cudaReadModeNormalizedFloat;
    t.normalizedCoords = (pTexDesc->flags & CU_TRSF_NORMALIZED_COORDINATES) != 0;
    t.maxAnisotropy = pTexDesc->maxAnisotropy;
    t.mipmapFilterMode = (enum cudaTextureFilterMode)pTexDesc->mipmapFilterMode;
    t.mipmapLevelBias = pTexDesc->mipmapLevelBias;
    t.minMipmapLevelClamp = pTexDesc->minMipmapLevelClamp;
    t.maxMipmapLevelClamp = pTexDesc->maxMipmapLevelClamp;
    for (int i = 0; i < 4; i++) t.borderColor[i] = pTexDesc->borderColor[i];
    void *object = NULL;
    err = CU2AMD_CU(hipCreateTextureObject(&object, &res, &t, NULL));
    if (err == CUDA_SUCCESS) *pTexObject = (CUtexObject)(uintptr_t)object;
    return err;
}
CU2AMD_API CUresult cuTexObjectDestroy(CUtexObject texObject) {
    return CU2AMD_CU(hipDestroyTextureObject((void *)(uintptr_t)texObject));
}
CU2AMD_API CUresult cuTexObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUtexObject texObject) {
    if (!pResDesc) return CUDA_ERROR_INVALID_VALUE;
    cudaResourceDesc r;
    memset(&r, 0, sizeof r);
    CUresult err = CU2AMD_CU(hipGetTextureObjectResourceDesc(&r, (void *)(uintptr_t)texObject));
    if (err == CUDA_SUCCESS) __cu2amd_cu_resource_back(&r, pResDesc);
    return err;
}
CU2AMD_API CUresult cuTexObjectGetTextureDesc(CUDA_TEXTURE_DESC *pTexDesc, CUtexObject texObject) {
    if (!pTexDesc) return CUDA_ERROR_INVALID_VALUE;
    cudaTextureDesc t;
    memset(&t, 0, sizeof t);
    CUresult err = CU2AMD_CU(hipGetTextureObjectTextureDesc(&t, (void *)(uintptr_t)texObject));
    if (err != CUDA_SUCCESS) return err;
    memset(pTexDesc, 0, sizeof *pTexDesc);
    for (int i = 0; i < 3; i++) pTexDesc->addressMode[i] = (CUaddress_mode)t.addressMode[i];
    pTexDesc->filterMode = (CUfilter_mode)t.filterMode;
    pTexDesc->flags = (t.readMode == cudaReadModeElementType ? CU_TRSF_READ_AS_INTEGER : 0u) |
                      (t.normalizedCoords ? CU_TRSF_NORMALIZED_COORDINATES : 0u);
    pTexDesc->maxAnisotropy = t.maxAnisotropy;
    pTexDesc->mipmapFilterMode = (CUfilter_mode)t.mipmapFilterMode;
    pTexDesc->mipmapLevelBias = t.mipmapLevelBias;
    pTexDesc->minMipmapLevelClamp = t.minMipmapLevelClamp;
    pTexDesc->maxMipmapLevelClamp = t.maxMipmapLevelClamp;
    for (int i = 0; i < 4; i++) pTexDesc->borderColor[i] = t.borderColor[i];
    return CUDA_SUCCESS;
}
/* A texture object's resource view (HIP's, CUDA's layout with reserved words). */
typedef enum __cu2amd_cu_res_view_format {
    CU_RES_VIEW_FORMAT_NONE = 0x00,
} CUresourceViewFormat;
typedef struct CUDA_RESOURCE_VIEW_DESC_st {
    CUresourceViewFormat format;
    size_t width;
    size_t height;
    size_t depth;
    unsigned int firstMipmapLevel;
    unsigned int lastMipmapLevel;
    unsigned int firstLayer;
    unsigned int lastLayer;
    unsigned int reserved[16];
} CUDA_RESOURCE_VIEW_DESC;
CU2AMD_API CUresult cuTexObjectGetResourceViewDesc(CUDA_RESOURCE_VIEW_DESC *pResViewDesc, CUtexObject texObject) {
    if (!pResViewDesc) return CUDA_ERROR_INVALID_VALUE;
    cudaResourceViewDesc v;
    memset(&v, 0, sizeof v);
    CUresult err = CU2AMD_CU(hipGetTextureObjectResourceViewDesc(&v, (void *)(uintptr_t)texObject));
    if (err != CUDA_SUCCESS) return err;
    memset(pResViewDesc, 0, sizeof *pResViewDesc);
    pResViewDesc->format = (CUresourceViewFormat)v.format;
    pResViewDesc->width = v.width;
    pResViewDesc->height = v.height;
    pResViewDesc->depth = v.depth;
    pResViewDesc->firstMipmapLevel = v.firstMipmapLevel;
    pResViewDesc->lastMipmapLevel = v.lastMipmapLevel;
    pResViewDesc->firstLayer = v.firstLayer;
    pResViewDesc->lastLayer = v.lastLayer;
    return CUDA_SUCCESS;
}

/* libamdhip64 5.2 cannot say what a surface object was made of: cuda.h remembers it, one
 * record per live surface object the driver API made (a weak definition: one list per
 * program, C and C++), for cuSurfObjectGetResourceDesc. */
struct __cu2amd_cu_surface_record {
    CUsurfObject object;
    CUDA_RESOURCE_DESC desc;
    struct __cu2amd_cu_surface_record *next;
};
struct __cu2amd_cu_surface_list {
    int busy;
    struct __cu2amd_cu_surface_record *head;
};
__attribute__((weak)) struct __cu2amd_cu_surface_list __cu2amd_cu_surface_store;
CU2AMD_API struct __cu2amd_cu_surface_record **__cu2amd_cu_surfaces(int lock) {
    __cu2amd_spin_lock(&__cu2amd_cu_surface_store.busy, lock);
    return &__cu2amd_cu_surface_store.head;
}
CU2AMD_API CUresult cuSurfObjectCreate(CUsurfObject *pSurfObject, const CUDA_RESOURCE_DESC *pResDesc) {
    if (!pSurfObject) return CUDA_ERROR_INVALID_VALUE;
    cudaResourceDesc res;
    CUresult err = __cu2amd_cu_resource(pResDesc, &res);
    if (err != CUDA_SUCCESS) return err;
    struct __cu2amd_cu_surface_record *record =
        (struct __cu2amd_cu_surface_record *)malloc(sizeof(struct __cu2amd_cu_surface_record));
    if (!record) return CUDA_ERROR_OUT_OF_MEMORY;
    void *object = NULL;
    err = CU2AMD_CU(__cu2amd_hip_create_surface_object(&object, &res));
    if (err != CUDA_SUCCESS) {
        free(record);
        return err;
    }
    *pSurfObject = (CUsurfObject)(uintptr_t)object;
    record->object = *pSurfObject;
    record->desc = *pResDesc;
    struct __cu2amd_cu_surface_record **head = __cu2amd_cu_surfaces(1);
    record->next = *head;
    *head = record;
    __cu2amd_cu_surfaces(0);
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuSurfObjectDestroy(CUsurfObject surfObject) {
    CUresult err = CU2AMD_CU(__cu2amd_hip_destroy_surface_object((void *)(uintptr_t)surfObject));
    if (err != CUDA_SUCCESS) return err;
    for (struct __cu2amd_cu_surface_record **r = __cu2amd_cu_surfaces(1); *r; r = &(*r)->next)
        if ((*r)->object == surfObject) {
            struct __cu2amd_cu_surface_record *gone = *r;
            *r = gone->next;
            free(gone);
            break;
        }
    __cu2amd_cu_surfaces(0);
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuSurfObjectGetResourceDesc(CUDA_RESOURCE_DESC *pResDesc, CUsurfObject surfObject) {
    CUresult err = CUDA_ERROR_INVALID_VALUE;
    for (struct __cu2amd_cu_surface_record *r = *__cu2amd_cu_surfaces(1); r && pResDesc; r = r->next)
        if (r->object == surfObject) {
            *pResDesc = r->desc;
            err = CUDA_SUCCESS;
            break;
        }
    __cu2amd_cu_surfaces(0);
    return err;
}

#endif
