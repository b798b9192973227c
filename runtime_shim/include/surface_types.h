/* cu2amd's surface_types.h: surface objects (cudaSurfaceObject_t) and the surface
 * functions' modes (cudaSurfaceBoundaryMode, cudaSurfaceFormatMode). C and C++. The object
 * and the boundary modes live in cu2amd/texture_types.h (after the runtime's types,
 * driver_types.h); the format modes, which only the removed surface references used, here. */
#ifndef CU2AMD_SURFACE_TYPES_H
#define CU2AMD_SURFACE_TYPES_H

#include "driver_types.h"

/* how a surface reference's format was chosen (CUDA's values; no function takes it now) */
enum cudaSurfaceFormatMode {
    cudaFormatModeForced = 0,
    cudaFormatModeAuto = 1,
};

#endif
