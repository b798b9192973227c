/* cu2amd's texture_types.h: texture objects and their descriptions (cudaTextureObject_t,
 * cudaTextureDesc, cudaTextureAddressMode, cudaTextureFilterMode, cudaTextureReadMode,
 * cudaResourceDesc ...). C and C++. They live in cu2amd/texture_types.h, which needs the
 * runtime's types first (driver_types.h). */
#ifndef CU2AMD_TEXTURE_TYPES_FORWARD_H
#define CU2AMD_TEXTURE_TYPES_FORWARD_H

#include "driver_types.h"

#endif
