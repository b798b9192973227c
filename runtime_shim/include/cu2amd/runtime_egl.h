/* The CUDA runtime API: EGL interoperability (CUDA's cuda_egl_interop.h, which includes this). An EGLImage is
 * registered as a GL texture bound to it, and an EGLSync becomes an event that waits for it
 * (cu2amd/egl_interop.h says how). The EGLStreams functions stay unavailable: Mesa has no EGL_KHR_stream.
 * CUDA's frame and plane descriptions and colour formats (as its documentation lists them: without values 4, 5, 30
 * and 103); a frame made of a GL texture is R, RG or ABGR. Needs
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
    cudaEglColorFormatRG = 17,
    cudaEglColorFormatAYUV = 18,
    cudaEglColorFormatYVU444SemiPlanar = 19,
    cudaEglColorFormatYVU422SemiPlanar = 20,
    cudaEglColorFormatYVU420SemiPlanar = 21,
    cudaEglColorFormatY10V10U10_444SemiPlanar = 22,
    cudaEglColorFormatY10V10U10_420SemiPlanar = 23,
    cudaEglColorFormatY12V12U12_444SemiPlanar = 24,
    cudaEglColorFormatY12V12U12_420SemiPlanar = 25,
    cudaEglColorFormatVYUY_ER = 26,
    cudaEglColorFormatUYVY_ER = 27,
    cudaEglColorFormatYUYV_ER = 28,
    cudaEglColorFormatYVYU_ER = 29,
    cudaEglColorFormatYUVA_ER = 31,
    cudaEglColorFormatAYUV_ER = 32,
    cudaEglColorFormatYUV444Planar_ER = 33,
    cudaEglColorFormatYUV422Planar_ER = 34,
    cudaEglColorFormatYUV420Planar_ER = 35,
    cudaEglColorFormatYUV444SemiPlanar_ER = 36,
    cudaEglColorFormatYUV422SemiPlanar_ER = 37,
    cudaEglColorFormatYUV420SemiPlanar_ER = 38,
    cudaEglColorFormatYVU444Planar_ER = 39,
    cudaEglColorFormatYVU422Planar_ER = 40,
    cudaEglColorFormatYVU420Planar_ER = 41,
    cudaEglColorFormatYVU444SemiPlanar_ER = 42,
    cudaEglColorFormatYVU422SemiPlanar_ER = 43,
    cudaEglColorFormatYVU420SemiPlanar_ER = 44,
    cudaEglColorFormatBayerRGGB = 45,
    cudaEglColorFormatBayerBGGR = 46,
    cudaEglColorFormatBayerGRBG = 47,
    cudaEglColorFormatBayerGBRG = 48,
    cudaEglColorFormatBayer10RGGB = 49,
    cudaEglColorFormatBayer10BGGR = 50,
    cudaEglColorFormatBayer10GRBG = 51,
    cudaEglColorFormatBayer10GBRG = 52,
    cudaEglColorFormatBayer12RGGB = 53,
    cudaEglColorFormatBayer12BGGR = 54,
    cudaEglColorFormatBayer12GRBG = 55,
    cudaEglColorFormatBayer12GBRG = 56,
    cudaEglColorFormatBayer14RGGB = 57,
    cudaEglColorFormatBayer14BGGR = 58,
    cudaEglColorFormatBayer14GRBG = 59,
    cudaEglColorFormatBayer14GBRG = 60,
    cudaEglColorFormatBayer20RGGB = 61,
    cudaEglColorFormatBayer20BGGR = 62,
    cudaEglColorFormatBayer20GRBG = 63,
    cudaEglColorFormatBayer20GBRG = 64,
    cudaEglColorFormatYVU444Planar = 65,
    cudaEglColorFormatYVU422Planar = 66,
    cudaEglColorFormatYVU420Planar = 67,
    cudaEglColorFormatBayerIspRGGB = 68,
    cudaEglColorFormatBayerIspBGGR = 69,
    cudaEglColorFormatBayerIspGRBG = 70,
    cudaEglColorFormatBayerIspGBRG = 71,
    cudaEglColorFormatBayerBCCR = 72,
    cudaEglColorFormatBayerRCCB = 73,
    cudaEglColorFormatBayerCRBC = 74,
    cudaEglColorFormatBayerCBRC = 75,
    cudaEglColorFormatBayer10CCCC = 76,
    cudaEglColorFormatBayer12BCCR = 77,
    cudaEglColorFormatBayer12RCCB = 78,
    cudaEglColorFormatBayer12CRBC = 79,
    cudaEglColorFormatBayer12CBRC = 80,
    cudaEglColorFormatBayer12CCCC = 81,
    cudaEglColorFormatY = 82,
    cudaEglColorFormatYUV420SemiPlanar_2020 = 83,
    cudaEglColorFormatYVU420SemiPlanar_2020 = 84,
    cudaEglColorFormatYUV420Planar_2020 = 85,
    cudaEglColorFormatYVU420Planar_2020 = 86,
    cudaEglColorFormatYUV420SemiPlanar_709 = 87,
    cudaEglColorFormatYVU420SemiPlanar_709 = 88,
    cudaEglColorFormatYUV420Planar_709 = 89,
    cudaEglColorFormatYVU420Planar_709 = 90,
    cudaEglColorFormatY10V10U10_420SemiPlanar_709 = 91,
    cudaEglColorFormatY10V10U10_420SemiPlanar_2020 = 92,
    cudaEglColorFormatY10V10U10_422SemiPlanar_2020 = 93,
    cudaEglColorFormatY10V10U10_422SemiPlanar = 94,
    cudaEglColorFormatY10V10U10_422SemiPlanar_709 = 95,
    cudaEglColorFormatY_ER = 96,
    cudaEglColorFormatY_709_ER = 97,
    cudaEglColorFormatY10_ER = 98,
    cudaEglColorFormatY10_709_ER = 99,
    cudaEglColorFormatY12_ER = 100,
    cudaEglColorFormatY12_709_ER = 101,
    cudaEglColorFormatYUVA = 102,
    cudaEglColorFormatYVYU = 104,
    cudaEglColorFormatVYUY = 105,
    cudaEglColorFormatY10V10U10_420SemiPlanar_ER = 106,
    cudaEglColorFormatY10V10U10_420SemiPlanar_709_ER = 107,
    cudaEglColorFormatY10V10U10_444SemiPlanar_ER = 108,
    cudaEglColorFormatY10V10U10_444SemiPlanar_709_ER = 109,
    cudaEglColorFormatY12V12U12_420SemiPlanar_ER = 110,
    cudaEglColorFormatY12V12U12_420SemiPlanar_709_ER = 111,
    cudaEglColorFormatY12V12U12_444SemiPlanar_ER = 112,
    cudaEglColorFormatY12V12U12_444SemiPlanar_709_ER = 113,
    cudaEglColorFormatUYVY709 = 114,
    cudaEglColorFormatUYVY709_ER = 115,
    cudaEglColorFormatUYVY2020 = 116
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
