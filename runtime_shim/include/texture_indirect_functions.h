/* cu2amd's texture_indirect_functions.h: the texture fetches on texture objects
 * (tex1Dfetch<T>, tex2D<T> ...), in device code. They live in cu2amd/texture_device.h. */
#ifndef CU2AMD_TEXTURE_INDIRECT_FUNCTIONS_H
#define CU2AMD_TEXTURE_INDIRECT_FUNCTIONS_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "cu2amd/texture_device.h"
#endif

#endif
