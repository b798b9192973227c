/* cu2amd's driver_functions.h: make_cudaPitchedPtr, make_cudaPos and make_cudaExtent (in
 * cu2amd/runtime_memory.h, part of cuda_runtime_api.h). C++: cu2amd's runtime API headers
 * are C++ only. */
#ifndef CU2AMD_DRIVER_FUNCTIONS_H
#define CU2AMD_DRIVER_FUNCTIONS_H

#if !defined(__cplusplus)
#error "cu2amd: driver_functions.h needs C++ (cu2amd's CUDA runtime API headers are C++ only); compile this file as C++"
#else
#include "cuda_runtime_api.h"
#endif

#endif
