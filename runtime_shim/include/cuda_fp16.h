/* cu2amd's cuda_fp16.h: CUDA's half precision type __half (IEEE binary16), its pair
 * __half2, and the Math API's half intrinsics, conversions and operators, exactly rounded
 * (cu2amd/fp16_ops.h). cuda_bf16.h has the same for __nv_bfloat16. */
#ifndef CU2AMD_CUDA_FP16_H
#define CU2AMD_CUDA_FP16_H

#include "cu2amd/config.h"
#include "vector_types.h"
#include "cu2amd/fp16_round.h"
#if !defined(CU2AMD_HOST_ONLY)
#include "cu2amd/device_functions.h"
#include "cu2amd/warp.h"
#endif

#define CU2AMD_T __half
#define CU2AMD_T2 __half2
#define CU2AMD_RAW __half_raw
#define CU2AMD_RAW2 __half2_raw
#define CU2AMD_N half
#define CU2AMD_N2 half2
#define CU2AMD_MAN 10
#define CU2AMD_BIAS 15
#include "cu2amd/fp16_types.h"
#include "cu2amd/fp16_ops.h"
#undef CU2AMD_BIAS
#undef CU2AMD_MAN
#undef CU2AMD_N2
#undef CU2AMD_N
#undef CU2AMD_RAW2
#undef CU2AMD_RAW
#undef CU2AMD_T2
#undef CU2AMD_T

typedef __half half;
typedef __half2 half2;

#define __CUDA_FP16_TYPES_EXIST__
/* cuda_fp16.h's constants (CUDA 12.x) */
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7c00u)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7bffu)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000u)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000u)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3c00u)


#endif
