/* cu2amd's driver_types.h: the CUDA runtime's types, enums and structures (cudaError_t,
 * cudaStream_t, cudaMemcpyKind, cudaDeviceProp, cudaPitchedPtr, cudaChannelFormatDesc,
 * cudaArray_t, cudaResourceDesc ...), without the API's functions. C and C++, for host
 * compilers as well as CUDA files. They live in cu2amd/runtime_types.h and
 * cu2amd/texture_types.h (cuda_runtime_api.h includes both). */
#ifndef CU2AMD_DRIVER_TYPES_H
#define CU2AMD_DRIVER_TYPES_H

#include "cu2amd/config.h"
#include "vector_types.h"
#include "cu2amd/runtime_types.h"
#include "cu2amd/texture_types.h"

#endif
