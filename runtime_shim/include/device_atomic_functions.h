/* cu2amd's device_atomic_functions.h: the 32-bit and 64-bit integer atomics (atomicAdd,
 * atomicSub, atomicExch, atomicMin, atomicMax, atomicInc, atomicDec, atomicCAS, atomicAnd,
 * atomicOr, atomicXor) and float atomicAdd/atomicExch, in device code. They live in
 * cu2amd/device_functions.h. */
#ifndef CU2AMD_DEVICE_ATOMIC_FUNCTIONS_H
#define CU2AMD_DEVICE_ATOMIC_FUNCTIONS_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_runtime.h"
#include "cu2amd/device_functions.h"
#endif

#endif
