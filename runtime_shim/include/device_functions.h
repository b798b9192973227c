/* cu2amd's device_functions.h: CUDA's device functions: barriers (__syncthreads ...),
 * fences, atomics, the integer, SIMD and cast intrinsics, the math functions and __nanosleep,
 * __trap. They live in cu2amd/device_functions.h and the headers it includes. */
#ifndef CU2AMD_DEVICE_FUNCTIONS_FORWARD_H
#define CU2AMD_DEVICE_FUNCTIONS_FORWARD_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "cu2amd/device_functions.h"
#endif

#endif
