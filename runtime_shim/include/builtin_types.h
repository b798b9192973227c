/* cu2amd's builtin_types.h: every type the CUDA runtime builds on: the rounding modes
 * (device_types.h), the runtime's types (driver_types.h), texture and surface types
 * (texture_types.h, surface_types.h) and the vector types (vector_types.h). C and C++. */
#ifndef CU2AMD_BUILTIN_TYPES_H
#define CU2AMD_BUILTIN_TYPES_H

#include "device_types.h"
#include "driver_types.h"
#include "surface_types.h"
#include "texture_types.h"
#include "vector_types.h"

#endif
