/* cu2amd's sm_32_intrinsics.h: the cache-hinted loads and stores (__ldg, __ldcg, __ldca,
 * __ldcs, __ldlu, __ldcv, __stwb, __stcg, __stcs, __stwt) and the funnel shifts
 * (__funnelshift_l/_lc/_r/_rc), in device code. They live in cu2amd/memory_intrinsics.h and
 * cu2amd/integer_intrinsics.h. */
#ifndef CU2AMD_SM_32_INTRINSICS_H
#define CU2AMD_SM_32_INTRINSICS_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "cu2amd/memory_intrinsics.h"
#include "cu2amd/integer_intrinsics.h"
#endif

#endif
