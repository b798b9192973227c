/* cu2amd's sm_30_intrinsics.h: the warp functions (__shfl_sync, __shfl_up_sync,
 * __shfl_down_sync, __shfl_xor_sync, __all_sync, __any_sync, __uni_sync, __ballot_sync,
 * __activemask, __syncwarp) and __fns, in device code, with CUDA's 32-lane warps. They live
 * in cu2amd/warp.h and cu2amd/integer_intrinsics.h. */
#ifndef CU2AMD_SM_30_INTRINSICS_H
#define CU2AMD_SM_30_INTRINSICS_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "cu2amd/warp.h"
#include "cu2amd/integer_intrinsics.h"
#endif

#endif
