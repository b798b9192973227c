/* cu2amd's sm_35_intrinsics.h: what sm_32_intrinsics.h declares (__ldg and the other
 * cache-hinted loads and stores, the funnel shifts), in device code. */
#ifndef CU2AMD_SM_35_INTRINSICS_H
#define CU2AMD_SM_35_INTRINSICS_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "sm_32_intrinsics.h"
#endif

#endif
