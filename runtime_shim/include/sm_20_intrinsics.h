/* cu2amd's sm_20_intrinsics.h: __syncthreads_count/_and/_or, __threadfence_system, the
 * address-space predicates and conversions (__isGlobal, __isShared, __isConstant, __isLocal,
 * __cvta_generic_to_shared ...) and __ballot, in device code. They live in
 * cu2amd/device_functions.h, cu2amd/memory_intrinsics.h and cu2amd/warp.h. */
#ifndef CU2AMD_SM_20_INTRINSICS_H
#define CU2AMD_SM_20_INTRINSICS_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "cu2amd/device_functions.h"
#include "cu2amd/memory_intrinsics.h"
#include "cu2amd/warp.h"
#endif

#endif
