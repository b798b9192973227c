/* CUDA's OpenGL interoperability header for the driver API. cu2amd declares the OpenGL functions
 * (cuGraphicsGLRegisterBuffer, cuGLGetDevices, the deprecated cuGL*BufferObject* ...) in cuda.h
 * (cu2amd/driver_interop.h); this header adds GL's own declarations, as CUDA's does. A program using them links
 * GL itself (-lGL -lEGL). C as well as C++, as cuda.h. */
#ifndef CU2AMD_CUDAGL_H
#define CU2AMD_CUDAGL_H

#include "cuda.h"

#if defined(__has_include)
#if __has_include(<GL/gl.h>)
#include <GL/gl.h>
#endif
#endif

#endif
