/* cu2amd's cuda_surface_types.h: in CUDA 12 (surface references removed) what this header
 * gives a CUDA file is the channel descriptions and the runtime API (channel_descriptor.h,
 * cuda_runtime_api.h). */
#ifndef CU2AMD_CUDA_SURFACE_TYPES_H
#define CU2AMD_CUDA_SURFACE_TYPES_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "channel_descriptor.h"
#endif

#endif
