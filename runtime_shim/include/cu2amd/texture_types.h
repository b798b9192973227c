/* CUDA's types for arrays, texture and surface objects (CUDA 12 layouts and values), shared by
 * the runtime API (runtime_texture.h), the driver API (driver_texture.h) and device code
 * (texture_device.h). HIP's structures have the same layouts (cudaTextureDesc is hipTextureDesc
 * with two more fields at its end), so they are passed to HIP as they are.
 * Part of cuda_runtime_api.h: include that. */
#ifndef CU2AMD_TEXTURE_TYPES_H
#define CU2AMD_TEXTURE_TYPES_H

enum cudaChannelFormatKind {
    cudaChannelFormatKindSigned = 0,
    cudaChannelFormatKindUnsigned = 1,
    cudaChannelFormatKindFloat = 2,
    cudaChannelFormatKindNone = 3,
};
struct cudaChannelFormatDesc {
    int x;
    int y;
    int z;
    int w;
    enum cudaChannelFormatKind f;
};
typedef struct cudaChannelFormatDesc cudaChannelFormatDesc;

/* A CUDA array is HIP's hipArray (ROCm's, or the host platform's with the same layout). */
struct cudaArray;
typedef struct cudaArray *cudaArray_t;
typedef const struct cudaArray *cudaArray_const_t;
/* A mipmapped array is HIP's hipMipmappedArray (ROCm's, or the host platform's record). */
struct __cu2amd_mipmapped_array;
typedef struct __cu2amd_mipmapped_array *cudaMipmappedArray_t;
typedef const struct __cu2amd_mipmapped_array *cudaMipmappedArray_const_t;
/* CUDA's level count of a mipmapped array: numLevels clamped to [1, 1 + floor(log2(largest
 * extent))], the layers of a layered or cubemap array (flags 0x01, 0x04) not counted. */
static __inline__ unsigned int __cu2amd_mip_levels(size_t width, size_t height, size_t depth, unsigned int flags,
                                                   unsigned int numLevels) {
    size_t largest = width > height ? width : height;
    unsigned int most = 1;
    if (!(flags & 0x05) && depth > largest) largest = depth;
    while (most < 64 && (largest >> most)) most++;
    return numLevels < 1 ? 1 : numLevels > most ? most : numLevels;
}

#define cudaArrayDefault 0x00
#define cudaArrayLayered 0x01
#define cudaArraySurfaceLoadStore 0x02
#define cudaArrayCubemap 0x04
#define cudaArrayTextureGather 0x08

enum cudaResourceType {
    cudaResourceTypeArray = 0,
    cudaResourceTypeMipmappedArray = 1,
    cudaResourceTypeLinear = 2,
    cudaResourceTypePitch2D = 3,
};
enum cudaResourceViewFormat {
    cudaResViewFormatNone = 0,
};
struct cudaResourceDesc {
    enum cudaResourceType resType;
    union {
        struct {
            cudaArray_t array;
        } array;
        struct {
            cudaMipmappedArray_t mipmap;
        } mipmap;
        struct {
            void *devPtr;
            struct cudaChannelFormatDesc desc;
            size_t sizeInBytes;
        } linear;
        struct {
            void *devPtr;
            struct cudaChannelFormatDesc desc;
            size_t width;
            size_t height;
            size_t pitchInBytes;
        } pitch2D;
        struct {
            int reserved[32];
        } reserved;
    } res;
    unsigned int flags; /* must be 0 (HIP's hipResourceDesc ends before it) */
};
typedef struct cudaResourceDesc cudaResourceDesc;
struct cudaResourceViewDesc {
    enum cudaResourceViewFormat format;
    size_t width;
    size_t height;
    size_t depth;
    unsigned int firstMipmapLevel;
    unsigned int lastMipmapLevel;
    unsigned int firstLayer;
    unsigned int lastLayer;
};
typedef struct cudaResourceViewDesc cudaResourceViewDesc;

enum cudaTextureAddressMode {
    cudaAddressModeWrap = 0,
    cudaAddressModeClamp = 1,
    cudaAddressModeMirror = 2,
    cudaAddressModeBorder = 3,
};
enum cudaTextureFilterMode {
    cudaFilterModePoint = 0,
    cudaFilterModeLinear = 1,
};
enum cudaTextureReadMode {
    cudaReadModeElementType = 0,
    cudaReadModeNormalizedFloat = 1,
};
struct cudaTextureDesc {
    enum cudaTextureAddressMode addressMode[3];
    enum cudaTextureFilterMode filterMode;
    enum cudaTextureReadMode readMode;
    int sRGB;
    float borderColor[4];
    int normalizedCoords;
    unsigned int maxAnisotropy;
    enum cudaTextureFilterMode mipmapFilterMode;
    float mipmapLevelBias;
    float minMipmapLevelClamp;
    float maxMipmapLevelClamp;
    int disableTrilinearOptimization;
    int seamlessCubemap;
};
typedef struct cudaTextureDesc cudaTextureDesc;

enum cudaSurfaceBoundaryMode {
    cudaBoundaryModeZero = 0,
    cudaBoundaryModeClamp = 1,
    cudaBoundaryModeTrap = 2,
};

typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;

/* HIP's hipArray, for the fields cudaArrayGetInfo and the deprecated whole-row copies read. */
struct __cu2amd_hip_array {
    void *data;
    struct cudaChannelFormatDesc desc;
    unsigned int type;
    unsigned int width;
    unsigned int height;
    unsigned int depth;
};

#endif
