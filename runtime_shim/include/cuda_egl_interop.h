/* CUDA's EGL interoperability header (runtime API): cudaGraphicsEGLRegisterImage,
 * cudaGraphicsResourceGetMappedEglFrame and cudaEventCreateFromEGLSync with CUDA's frame types
 * (cu2amd/runtime_egl.h), and EGL's own declarations, as CUDA's header. A program using them links EGL (-lEGL).
 * The EGLStreams functions (cudaEGLStream*) stay unavailable (cu2amd/unsupported.h: a call is an error that says
 * why): Mesa, the EGL cu2amd's targets have, has no EGL_KHR_stream. */
#ifndef CU2AMD_CUDA_EGL_INTEROP_H
#define CU2AMD_CUDA_EGL_INTEROP_H

#include "cuda_runtime_api.h"

/* (as cuda_runtime_api.h, which undefines them at its end) */
#define CU2AMD_API static __host__ __inline__
#define CU2AMD_ERR(call) __cu2amd_err((cudaError_t)(call), __func__)
#include "cu2amd/runtime_egl.h"
#undef CU2AMD_API
#undef CU2AMD_ERR

#endif
