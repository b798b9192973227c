/* cu2amd's surface_indirect_functions.h: surface reads and writes on surface objects
 * (surf1Dread<T>, surf2Dwrite ...), in device code. They live in cu2amd/texture_device.h. */
#ifndef CU2AMD_SURFACE_INDIRECT_FUNCTIONS_H
#define CU2AMD_SURFACE_INDIRECT_FUNCTIONS_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "cu2amd/texture_device.h"
#endif

#endif
