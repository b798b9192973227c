/* HIP's C ABI for arrays, texture and surface objects, as cuda_runtime_api.h sees it (see runtime_hip.h).
 * Part of runtime_hip.h: include that. */
#ifndef CU2AMD_RUNTIME_HIP_TEXTURE_H
#define CU2AMD_RUNTIME_HIP_TEXTURE_H

#include "cu2amd/texture_types.h"

/* HIP's texture and surface objects are pointers (cudaTextureObject_t holds one). Also
 * included by cuda.h's driver_texture.h, which serves C files too. */
#ifdef __cplusplus
extern "C" {
#endif
int hipMallocArray(cudaArray_t *array, const cudaChannelFormatDesc *desc, size_t width, size_t height,
                   unsigned int flags);
int hipMalloc3DArray(cudaArray_t *array, const cudaChannelFormatDesc *desc, cudaExtent extent, unsigned int flags);
int hipFreeArray(cudaArray_t array);
int hipMallocMipmappedArray(cudaMipmappedArray_t *mipmappedArray, const cudaChannelFormatDesc *desc, cudaExtent extent,
                            unsigned int numLevels, unsigned int flags);
int hipFreeMipmappedArray(cudaMipmappedArray_t mipmappedArray);
int hipGetMipmappedArrayLevel(cudaArray_t *levelArray, cudaMipmappedArray_const_t mipmappedArray, unsigned int level);
int hipGetChannelDesc(cudaChannelFormatDesc *desc, cudaArray_const_t array);
int hipMemcpy2DToArray(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch, size_t width,
                       size_t height, int kind);
int hipMemcpy2DToArrayAsync(cudaArray_t dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
                            size_t width, size_t height, int kind, cudaStream_t stream);
int hipMemcpy2DFromArray(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                         size_t width, size_t height, int kind);
int hipMemcpy2DFromArrayAsync(void *dst, size_t dpitch, cudaArray_const_t src, size_t wOffset, size_t hOffset,
                              size_t width, size_t height, int kind, cudaStream_t stream);
int hipMemcpy3D(const cudaMemcpy3DParms *p);
int hipMemcpy3DAsync(const cudaMemcpy3DParms *p, cudaStream_t stream);
int hipCreateTextureObject(void **pTexObject, const cudaResourceDesc *pResDesc,
                           const cudaTextureDesc *pTexDesc, const cudaResourceViewDesc *pResViewDesc);
int hipDestroyTextureObject(void *textureObject);
int hipGetTextureObjectResourceDesc(cudaResourceDesc *pResDesc, void *textureObject);
int hipGetTextureObjectResourceViewDesc(cudaResourceViewDesc *pResViewDesc, void *textureObject);
int hipGetTextureObjectTextureDesc(cudaTextureDesc *pTexDesc, void *textureObject);
/* libamdhip64 5.2 exports its surface-object functions with C++ linkage (hip_runtime_api.h
 * declares them outside its extern "C"): these are they, by their mangled names. */
int __cu2amd_hip_create_surface_object(void **pSurfObject, const cudaResourceDesc *pResDesc) __asm__(
    "_Z22hipCreateSurfaceObjectPP13__hip_surfacePK15hipResourceDesc");
int __cu2amd_hip_destroy_surface_object(void *surfaceObject) __asm__(
    "_Z23hipDestroySurfaceObjectP13__hip_surface");
#ifdef __cplusplus
}
#endif

#endif
