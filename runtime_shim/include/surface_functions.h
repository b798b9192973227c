/* cu2amd's surface_functions.h: surface reads and writes on surface objects (surf1Dread,
 * surf2Dwrite, surf3Dread, the layered and cubemap forms), in device code. (CUDA 12 has no
 * surface references.) They live in cu2amd/texture_device.h. */
#ifndef CU2AMD_SURFACE_FUNCTIONS_H
#define CU2AMD_SURFACE_FUNCTIONS_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "cu2amd/texture_device.h"
#endif

#endif
