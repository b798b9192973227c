/* The CUDA driver API: EGL interoperability (CUDA's cudaEGL.h, which includes this). The runtime's (cu2amd/
 * runtime_egl.h) in the driver's words: the same helpers (cu2amd/egl_interop.h), CUDA's CUeglFrame, the driver's
 * errors. CUDA's colour formats up to CU_EGL_COLOR_FORMAT_BAYER_ISP_GBRG (0x47; the later ones are not declared).
 * C as well as C++, as cuda.h. */
#ifndef CU2AMD_DRIVER_EGL_H
#define CU2AMD_DRIVER_EGL_H

#include "cu2amd/egl_interop.h"

/* ------------------------------------------------------------------ types */

#define MAX_PLANES 3

typedef enum CUeglFrameType_enum { CU_EGL_FRAME_TYPE_ARRAY = 0, CU_EGL_FRAME_TYPE_PITCH = 1 } CUeglFrameType;

typedef enum CUeglColorFormat_enum {
    CU_EGL_COLOR_FORMAT_YUV420_PLANAR = 0x00,
    CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR = 0x01,
    CU_EGL_COLOR_FORMAT_YUV422_PLANAR = 0x02,
    CU_EGL_COLOR_FORMAT_YUV422_SEMIPLANAR = 0x03,
    CU_EGL_COLOR_FORMAT_RGB = 0x04,
    CU_EGL_COLOR_FORMAT_BGR = 0x05,
    CU_EGL_COLOR_FORMAT_ARGB = 0x06,
    CU_EGL_COLOR_FORMAT_RGBA = 0x07,
    CU_EGL_COLOR_FORMAT_L = 0x08,
    CU_EGL_COLOR_FORMAT_R = 0x09,
    CU_EGL_COLOR_FORMAT_YUV444_PLANAR = 0x0A,
    CU_EGL_COLOR_FORMAT_YUV444_SEMIPLANAR = 0x0B,
    CU_EGL_COLOR_FORMAT_YUYV_422 = 0x0C,
    CU_EGL_COLOR_FORMAT_UYVY_422 = 0x0D,
    CU_EGL_COLOR_FORMAT_ABGR = 0x0E,
    CU_EGL_COLOR_FORMAT_BGRA = 0x0F,
    CU_EGL_COLOR_FORMAT_A = 0x10,
    CU_EGL_COLOR_FORMAT_RG = 0x11,
    CU_EGL_COLOR_FORMAT_AYUV = 0x12,
    CU_EGL_COLOR_FORMAT_YVU444_SEMIPLANAR = 0x13,
    CU_EGL_COLOR_FORMAT_YVU422_SEMIPLANAR = 0x14,
    CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR = 0x15,
    CU_EGL_COLOR_FORMAT_Y10V10U10_444_SEMIPLANAR = 0x16,
    CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR = 0x17,
    CU_EGL_COLOR_FORMAT_Y12V12U12_444_SEMIPLANAR = 0x18,
    CU_EGL_COLOR_FORMAT_Y12V12U12_420_SEMIPLANAR = 0x19,
    CU_EGL_COLOR_FORMAT_VYUY_ER = 0x1A,
    CU_EGL_COLOR_FORMAT_UYVY_ER = 0x1B,
    CU_EGL_COLOR_FORMAT_YUYV_ER = 0x1C,
    CU_EGL_COLOR_FORMAT_YVYU_ER = 0x1D,
    CU_EGL_COLOR_FORMAT_YUV_ER = 0x1E,
    CU_EGL_COLOR_FORMAT_YUVA_ER = 0x1F,
    CU_EGL_COLOR_FORMAT_AYUV_ER = 0x20,
    CU_EGL_COLOR_FORMAT_YUV444_PLANAR_ER = 0x21,
    CU_EGL_COLOR_FORMAT_YUV422_PLANAR_ER = 0x22,
    CU_EGL_COLOR_FORMAT_YUV420_PLANAR_ER = 0x23,
    CU_EGL_COLOR_FORMAT_YUV444_SEMIPLANAR_ER = 0x24,
    CU_EGL_COLOR_FORMAT_YUV422_SEMIPLANAR_ER = 0x25,
    CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR_ER = 0x26,
    CU_EGL_COLOR_FORMAT_YVU444_PLANAR_ER = 0x27,
    CU_EGL_COLOR_FORMAT_YVU422_PLANAR_ER = 0x28,
    CU_EGL_COLOR_FORMAT_YVU420_PLANAR_ER = 0x29,
    CU_EGL_COLOR_FORMAT_YVU444_SEMIPLANAR_ER = 0x2A,
    CU_EGL_COLOR_FORMAT_YVU422_SEMIPLANAR_ER = 0x2B,
    CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR_ER = 0x2C,
    CU_EGL_COLOR_FORMAT_BAYER_RGGB = 0x2D,
    CU_EGL_COLOR_FORMAT_BAYER_BGGR = 0x2E,
    CU_EGL_COLOR_FORMAT_BAYER_GRBG = 0x2F,
    CU_EGL_COLOR_FORMAT_BAYER_GBRG = 0x30,
    CU_EGL_COLOR_FORMAT_BAYER10_RGGB = 0x31,
    CU_EGL_COLOR_FORMAT_BAYER10_BGGR = 0x32,
    CU_EGL_COLOR_FORMAT_BAYER10_GRBG = 0x33,
    CU_EGL_COLOR_FORMAT_BAYER10_GBRG = 0x34,
    CU_EGL_COLOR_FORMAT_BAYER12_RGGB = 0x35,
    CU_EGL_COLOR_FORMAT_BAYER12_BGGR = 0x36,
    CU_EGL_COLOR_FORMAT_BAYER12_GRBG = 0x37,
    CU_EGL_COLOR_FORMAT_BAYER12_GBRG = 0x38,
    CU_EGL_COLOR_FORMAT_BAYER14_RGGB = 0x39,
    CU_EGL_COLOR_FORMAT_BAYER14_BGGR = 0x3A,
    CU_EGL_COLOR_FORMAT_BAYER14_GRBG = 0x3B,
    CU_EGL_COLOR_FORMAT_BAYER14_GBRG = 0x3C,
    CU_EGL_COLOR_FORMAT_BAYER20_RGGB = 0x3D,
    CU_EGL_COLOR_FORMAT_BAYER20_BGGR = 0x3E,
    CU_EGL_COLOR_FORMAT_BAYER20_GRBG = 0x3F,
    CU_EGL_COLOR_FORMAT_BAYER20_GBRG = 0x40,
    CU_EGL_COLOR_FORMAT_YVU444_PLANAR = 0x41,
    CU_EGL_COLOR_FORMAT_YVU422_PLANAR = 0x42,
    CU_EGL_COLOR_FORMAT_YVU420_PLANAR = 0x43,
    CU_EGL_COLOR_FORMAT_BAYER_ISP_RGGB = 0x44,
    CU_EGL_COLOR_FORMAT_BAYER_ISP_BGGR = 0x45,
    CU_EGL_COLOR_FORMAT_BAYER_ISP_GRBG = 0x46,
    CU_EGL_COLOR_FORMAT_BAYER_ISP_GBRG = 0x47
} CUeglColorFormat;

typedef struct CUeglFrame_st {
    union {
        CUarray pArray[MAX_PLANES];
        void *pPitch[MAX_PLANES];
    } frame;
    unsigned int width;
    unsigned int height;
    unsigned int depth;
    unsigned int pitch;
    unsigned int planeCount;
    unsigned int numChannels;
    CUeglFrameType frameType;
    CUeglColorFormat eglColorFormat;
    CUarray_format cuFormat;
} CUeglFrame_v1;
typedef CUeglFrame_v1 CUeglFrame;

/* ------------------------------------------------------------------ functions */

CU2AMD_API CUresult cuGraphicsEGLRegisterImage(CUgraphicsResource *pCudaResource, EGLImageKHR image,
                                               unsigned int flags) {
    if (!pCudaResource || !image || flags > CU_GRAPHICS_MAP_RESOURCE_FLAGS_WRITE_DISCARD)
        return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return CU2AMD_CU(__cu2amd_egl_register(pCudaResource, (void *)image, flags));
}

CU2AMD_API CUresult cuGraphicsResourceGetMappedEglFrame(CUeglFrame *eglFrame, CUgraphicsResource resource,
                                                        unsigned int index, unsigned int mipLevel) {
    if (!__cu2amd_graphics_live(resource)) return CU2AMD_CU(CUDA_ERROR_INVALID_HANDLE);
    if (!eglFrame) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    cudaArray_t array = NULL;
    int err = __cu2amd_egl_frame_array(resource, index, mipLevel, &array);
    CUeglFrame f;
    cudaChannelFormatDesc desc;
    memset(&f, 0, sizeof f);
    if (err == 0) err = __cu2amd_egl_plane(array, &desc, &f.width, &f.height, &f.depth, &f.pitch, &f.numChannels);
    if (err != 0) return CU2AMD_CU(err);
    unsigned int channels = 0;
    __cu2amd_cu_format(&desc, &f.cuFormat, &channels);
    f.frame.pArray[0] = (CUarray)array;
    f.planeCount = 1;
    f.frameType = CU_EGL_FRAME_TYPE_ARRAY;
    f.eglColorFormat = (CUeglColorFormat)__cu2amd_egl_color_format(f.numChannels);
    *eglFrame = f;
    return CUDA_SUCCESS;
}

CU2AMD_API CUresult cuEventCreateFromEGLSync(CUevent *phEvent, EGLSyncKHR eglSync, unsigned int flags) {
    if (!phEvent || !eglSync || (flags & ~(unsigned int)CU_EVENT_BLOCKING_SYNC))
        return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    int err = __cu2amd_egl_sync_event((cudaEvent_t *)phEvent, (void *)eglSync, flags);
    return CU2AMD_CU(err == 2 ? CUDA_ERROR_OUT_OF_MEMORY : err);
}

#endif
