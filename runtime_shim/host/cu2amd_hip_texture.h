/* HIP's C ABI for arrays, texture and surface objects, with HIP's own types, as the host runtime implements
 * it (see cu2amd_hip.h). Part of cu2amd_hip.h: include that. */
#ifndef CU2AMD_HIP_TEXTURE_H
#define CU2AMD_HIP_TEXTURE_H

#include <stdbool.h>

typedef enum hipChannelFormatKind {
    hipChannelFormatKindSigned = 0,
    hipChannelFormatKindUnsigned = 1,
    hipChannelFormatKindFloat = 2,
    hipChannelFormatKindNone = 3
} hipChannelFormatKind;
typedef struct hipChannelFormatDesc {
    int x;
    int y;
    int z;
    int w;
    enum hipChannelFormatKind f;
} hipChannelFormatDesc;

/* HIP's layout (ROCm 5.2): the CUDA headers read desc, type (here: the flags), width, height
 * and depth (0 where the array has fewer dimensions, as CUDA reports them). */
typedef struct hipArray {
    void *data;
    struct hipChannelFormatDesc desc;
    unsigned int type;
    unsigned int width;
    unsigned int height;
    unsigned int depth;
    int Format;
    unsigned int NumChannels;
    bool isDrv;
    unsigned int textureType;
} hipArray;
typedef struct hipArray *hipArray_t;
typedef const struct hipArray *hipArray_const_t;
/* ROCm 5.2's layout; the host platform's record of a mipmapped array starts with one (its
 * levels are arrays of their own, hipGetMipmappedArrayLevel's). */
typedef struct hipMipmappedArray {
    void *data;
    struct hipChannelFormatDesc desc;
    unsigned int type;
    unsigned int width;
    unsigned int height;
    unsigned int depth;
    unsigned int min_mipmap_level;
    unsigned int max_mipmap_level;
    unsigned int flags;
    int format;
} hipMipmappedArray;
typedef struct hipMipmappedArray *hipMipmappedArray_t;
typedef const struct hipMipmappedArray *hipMipmappedArray_const_t;

#define hipArrayDefault 0x00
#define hipArrayLayered 0x01
#define hipArraySurfaceLoadStore 0x02
#define hipArrayCubemap 0x04
#define hipArrayTextureGather 0x08

typedef struct hipExtent {
    size_t width;
    size_t height;
    size_t depth;
} hipExtent;
typedef struct hipPos {
    size_t x;
    size_t y;
    size_t z;
} hipPos;
typedef struct hipPitchedPtr {
    void *ptr;
    size_t pitch;
    size_t xsize;
    size_t ysize;
} hipPitchedPtr;
typedef struct hipMemcpy3DParms {
    hipArray_t srcArray;
    struct hipPos srcPos;
    struct hipPitchedPtr srcPtr;
    hipArray_t dstArray;
    struct hipPos dstPos;
    struct hipPitchedPtr dstPtr;
    struct hipExtent extent;
    enum hipMemcpyKind kind;
} hipMemcpy3DParms;

typedef enum hipResourceType {
    hipResourceTypeArray = 0,
    hipResourceTypeMipmappedArray = 1,
    hipResourceTypeLinear = 2,
    hipResourceTypePitch2D = 3
} hipResourceType;
typedef struct hipResourceDesc {
    enum hipResourceType resType;
    union {
        struct {
            hipArray_t array;
        } array;
        struct {
            hipMipmappedArray_t mipmap;
        } mipmap;
        struct {
            void *devPtr;
            struct hipChannelFormatDesc desc;
            size_t sizeInBytes;
        } linear;
        struct {
            void *devPtr;
            struct hipChannelFormatDesc desc;
            size_t width;
            size_t height;
            size_t pitchInBytes;
        } pitch2D;
    } res;
} hipResourceDesc;
typedef struct hipResourceViewDesc {
    int format;
    size_t width;
    size_t height;
    size_t depth;
    unsigned int firstMipmapLevel;
    unsigned int lastMipmapLevel;
    unsigned int firstLayer;
    unsigned int lastLayer;
} hipResourceViewDesc;

enum hipTextureAddressMode { hipAddressModeWrap = 0, hipAddressModeClamp = 1, hipAddressModeMirror = 2,
                             hipAddressModeBorder = 3 };
enum hipTextureFilterMode { hipFilterModePoint = 0, hipFilterModeLinear = 1 };
enum hipTextureReadMode { hipReadModeElementType = 0, hipReadModeNormalizedFloat = 1 };
typedef struct hipTextureDesc {
    enum hipTextureAddressMode addressMode[3];
    enum hipTextureFilterMode filterMode;
    enum hipTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    enum hipTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
} hipTextureDesc;

/* What a texture or surface object points to on the host platform. Its first part is
 * what device code reads to sample (texture_device.h declares the same struct,
 * __cu2amd_texref): keep the two identical. */
typedef struct cu2amd_texref {
    const char *data;
    unsigned long long pitch; /* bytes from one row to the next */
    unsigned long long slice; /* bytes from one 2D slice (or layer) to the next */
    int size[3];              /* width, height, depth or layers, in elements; each at least 1 */
    int channels;             /* 1, 2 or 4 */
    int bits;                 /* bits per channel: 8, 16 or 32 */
    int kind;                 /* hipChannelFormatKind */
    int elem_size;            /* bytes per element */
    int address[3];           /* hipTextureAddressMode per dimension */
    int filter;               /* hipTextureFilterMode */
    int read_mode;            /* hipTextureReadMode */
    int normalized;           /* normalized coordinates */
    float border[4];
    /* A mipmapped array's: its levels (0: not mipmapped), each level's own record (whose
     * `levels` is 0), and the texture's level-of-detail rules. */
    int levels;
    int mip_filter; /* hipTextureFilterMode */
    float lod_bias, min_lod, max_lod;
    const struct cu2amd_texref *mips;
} cu2amd_texref;
typedef struct __hip_texture *hipTextureObject_t;
typedef struct __hip_surface *hipSurfaceObject_t;

hipError_t hipMallocArray(hipArray **array, const hipChannelFormatDesc *desc, size_t width, size_t height,
                          unsigned int flags);
hipError_t hipMalloc3DArray(hipArray **array, const struct hipChannelFormatDesc *desc, struct hipExtent extent,
                            unsigned int flags);
hipError_t hipFreeArray(hipArray *array);
hipError_t hipMallocMipmappedArray(hipMipmappedArray_t *mipmappedArray, const struct hipChannelFormatDesc *desc,
                                   struct hipExtent extent, unsigned int numLevels, unsigned int flags);
hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray);
hipError_t hipGetMipmappedArrayLevel(hipArray_t *levelArray, hipMipmappedArray_const_t mipmappedArray,
                                     unsigned int level);
hipError_t hipGetChannelDesc(hipChannelFormatDesc *desc, hipArray_const_t array);
hipError_t hipMemcpy2DToArray(hipArray *dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
                              size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DToArrayAsync(hipArray *dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
                                   size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpy2DFromArray(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset, size_t hOffset,
                                size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArrayAsync(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset, size_t hOffset,
                                     size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpy3D(const struct hipMemcpy3DParms *p);
hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms *p, hipStream_t stream);
hipError_t hipCreateTextureObject(hipTextureObject_t *pTexObject, const hipResourceDesc *pResDesc,
                                  const hipTextureDesc *pTexDesc, const struct hipResourceViewDesc *pResViewDesc);
hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject);
hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc *pResDesc, hipTextureObject_t textureObject);
hipError_t hipGetTextureObjectResourceViewDesc(struct hipResourceViewDesc *pResViewDesc,
                                               hipTextureObject_t textureObject);
hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc *pTexDesc, hipTextureObject_t textureObject);
/* C++ linkage in libamdhip64 5.2 (hip_runtime_api.h declares them outside its extern "C"):
 * exported by their mangled names, as programs built against ROCm's headers call them. */
hipError_t hipCreateSurfaceObject(hipSurfaceObject_t *pSurfObject, const hipResourceDesc *pResDesc) __asm__(
    "_Z22hipCreateSurfaceObjectPP13__hip_surfacePK15hipResourceDesc");
hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surfaceObject) __asm__(
    "_Z23hipDestroySurfaceObjectP13__hip_surface");

#endif
