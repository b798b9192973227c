/* CUDA's OpenGL interoperability header. cu2amd declares the OpenGL functions (cudaGraphicsGLRegisterBuffer,
 * cudaGLGetDevices, the deprecated cudaGL*BufferObject* ...) in cuda_runtime_api.h (cu2amd/runtime_interop.h);
 * this header adds GL's own declarations, as CUDA's does. A program using them links GL itself (-lGL -lEGL). */
#ifndef CU2AMD_CUDA_GL_INTEROP_H
#define CU2AMD_CUDA_GL_INTEROP_H

#include "cuda_runtime_api.h"

#if defined(__has_include)
#if __has_include(<GL/gl.h>)
#include <GL/gl.h>
#endif
#endif

#endif
