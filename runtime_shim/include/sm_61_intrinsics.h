/* cu2amd's sm_61_intrinsics.h: the integer dot products __dp4a, __dp2a_lo and __dp2a_hi, in
 * device code. They live in cu2amd/integer_intrinsics.h. */
#ifndef CU2AMD_SM_61_INTRINSICS_H
#define CU2AMD_SM_61_INTRINSICS_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "cu2amd/integer_intrinsics.h"
#endif

#endif
