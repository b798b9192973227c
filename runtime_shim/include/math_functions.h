/* cu2amd's math_functions.h: the CUDA Math API. In a CUDA file: the single- and
 * double-precision functions for device code (cu2amd/math_functions.h, with CUDA's names
 * and overloads) and the C library's for host code; for a host compiler: the C library's
 * <math.h>. */
#ifndef CU2AMD_MATH_FUNCTIONS_FORWARD_H
#define CU2AMD_MATH_FUNCTIONS_FORWARD_H

#include "cu2amd/config.h"
#include <math.h>
#if defined(CU2AMD_CUDA_SOURCE)
#include "cuda_runtime.h"
#include "cu2amd/math_functions.h"
#endif

#endif
