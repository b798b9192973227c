/* CUDA's EGL interoperability header for the driver API: cuGraphicsEGLRegisterImage,
 * cuGraphicsResourceGetMappedEglFrame and cuEventCreateFromEGLSync with CUDA's frame types (cu2amd/driver_egl.h),
 * and EGL's own declarations, as CUDA's header. A program using them links EGL (-lEGL). The EGLStreams functions
 * (cuEGLStream*) stay unavailable (cu2amd/driver_unsupported.h): Mesa, the EGL cu2amd's targets have, has no
 * EGL_KHR_stream. C as well as C++, as cuda.h. */
#ifndef CU2AMD_CUDAEGL_H
#define CU2AMD_CUDAEGL_H

#include "cuda.h"

/* (as cuda.h, which undefines them at its end) */
#if defined(__CUDA__) || defined(__HIP__)
#define CU2AMD_API static __host__ __inline__
#else
#define CU2AMD_API static __inline__
#endif
#define CU2AMD_CU(call) __cu2amd_cu_result((CUresult)(call), __func__)
#include "cu2amd/driver_egl.h"
#undef CU2AMD_API
#undef CU2AMD_CU

#endif
