/* cu2amd's sm_60_atomic_functions.h: atomicAdd on double and the block- and system-scope
 * atomics (atomicAdd_block, atomicCAS_system ...), in device code (with the other atomics
 * in cu2amd/device_functions.h). */
#ifndef CU2AMD_SM_60_ATOMIC_FUNCTIONS_H
#define CU2AMD_SM_60_ATOMIC_FUNCTIONS_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "cu2amd/device_functions.h"
#endif

#endif
