/* The CUDA runtime API: EGL interoperability (CUDA's cuda_egl_interop.h, which includes this). An EGLImage is
 * registered as a GL texture bound to it, and an EGLSync becomes an event that waits for it
 * (cu2amd/egl_interop.h says how). The EGLStreams functions stay unavailable: Mesa has no EGL_KHR_stream.
 * CUDA's frame and plane descriptions; of its colour formats, the single-surface ones up to
 * cudaEglColorFormatRG (the ones a frame made of a GL texture can have) and the first YUV ones. Needs
 * CU2AMD_API and CU2AMD_ERR (cuda_egl_interop.h defines them). */
#ifndef CU2AMD_RUNTIME_EGL_H
#define CU2AMD_RUNTIME_EGL_H

#include "cu2amd/egl_interop.h"

/* ------------------------------------------------------------------ types */

#define CUDA_EGL_MAX_PLANES 3

typedef enum cudaEglFrameType_enum { cudaEglFrameTypeArray = 0, cudaEglFrameTypePitch = 1 } cudaEglFrameType;

typedef enum cudaEglColorFormat_enum {
    cudaEglColorFormatYUV420Planar = 0,
    cudaEglColorFormatYUV420SemiPlanar = 1,
    cudaEglColorFormatYUV422Planar = 2,
    cudaEglColorFormatYUV422SemiPlanar = 3,
    cudaEglColorFormatARGB = 6,
    cudaEglColorFormatRGBA = 7,
    cudaEglColorFormatL = 8,
    cudaEglColorFormatR = 9,
    cudaEglColorFormatYUV444Planar = 10,
    cudaEglColorFormatYUV444SemiPlanar = 11,
    cudaEglColorFormatYUYV422 = 12,
    cudaEglColorFormatUYVY422 = 13,
    cudaEglColorFormatABGR = 14,
    cudaEglColorFormatBGRA = 15,
    cudaEglColorFormatA = 16,
    cudaEglColorFormatRG = 17
} cudaEglColorFormat;

typedef struct cudaEglPlaneDesc_st {
    unsigned int width;
    unsigned int height;
    unsigned int depth;
    unsigned int pitch;
    unsigned int numChannels;
    struct cudaChannelFormatDesc channelDesc;
    unsigned int reserved[4];
} cudaEglPlaneDesc;

typedef struct cudaEglFrame_st {
    union {
        cudaArray_t pArray[CUDA_EGL_MAX_PLANES];
        struct cudaPitchedPtr pPitch[CUDA_EGL_MAX_PLANES];
    } frame;
    cudaEglPlaneDesc planeDesc[CUDA_EGL_MAX_PLANES];
    unsigned int planeCount;
    cudaEglFrameType frameType;
    cudaEglColorFormat eglColorFormat;
} cudaEglFrame;

/* ------------------------------------------------------------------ functions */

CU2AMD_API cudaError_t cudaGraphicsEGLRegisterImage(struct cudaGraphicsResource **pCudaResource, EGLImageKHR image,
                                                    unsigned int flags) {
    if (!pCudaResource || !image || flags > cudaGraphicsRegisterFlagsWriteDiscard)
        return __cu2amd_fail(cudaErrorInvalidValue);
    return __cu2amd_graphics_error(__cu2amd_egl_register(pCudaResource, (void *)image, flags), 1, __func__);
}

CU2AMD_API cudaError_t cudaGraphicsResourceGetMappedEglFrame(cudaEglFrame *eglFrame, cudaGraphicsResource_t resource,
                                                             unsigned int index, unsigned int mipLevel) {
    if (!__cu2amd_graphics_live(resource)) return __cu2amd_fail(cudaErrorInvalidResourceHandle);
    if (!eglFrame) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaArray_t array = NULL;
    int err = __cu2amd_egl_frame_array(resource, index, mipLevel, &array);
    if (err == CU2AMD_GFX_NOT_MAPPED) return __cu2amd_fail(cudaErrorUnknown);
    cudaEglFrame f;
    memset(&f, 0, sizeof f);
    cudaEglPlaneDesc *p = &f.planeDesc[0];
    if (err == 0)
        err = __cu2amd_egl_plane(array, &p->channelDesc, &p->width, &p->height, &p->depth, &p->pitch,
                                 &p->numChannels);
    if (err != 0) return CU2AMD_ERR(err);
    f.frame.pArray[0] = array;
    f.planeCount = 1;
    f.frameType = cudaEglFrameTypeArray;
    f.eglColorFormat = (cudaEglColorFormat)__cu2amd_egl_color_format(p->numChannels);
    *eglFrame = f;
    return cudaSuccess;
}

CU2AMD_API cudaError_t cudaEventCreateFromEGLSync(cudaEvent_t *phEvent, EGLSyncKHR eglSync, unsigned int flags) {
    if (!phEvent || !eglSync || (flags & ~(unsigned int)cudaEventBlockingSync))
        return __cu2amd_fail(cudaErrorInvalidValue);
    int err = __cu2amd_egl_sync_event(phEvent, (void *)eglSync, flags);
    if (err == 1) return __cu2amd_fail(cudaErrorInvalidValue);
    if (err == 2) return __cu2amd_fail(cudaErrorMemoryAllocation);
    return CU2AMD_ERR(err);
}

#endif
