/* cu2amd's cuda_bf16.h: CUDA's bfloat16 type __nv_bfloat16 (the top 16 bits of a float),
 * its pair __nv_bfloat162, and the Math API's bfloat16 intrinsics, conversions and
 * operators, exactly rounded (cu2amd/fp16_ops.h, shared with cuda_fp16.h). */
#ifndef CU2AMD_CUDA_BF16_H
#define CU2AMD_CUDA_BF16_H

#include "cuda_fp16.h"

#define CU2AMD_T __nv_bfloat16
#define CU2AMD_T2 __nv_bfloat162
#define CU2AMD_RAW __nv_bfloat16_raw
#define CU2AMD_RAW2 __nv_bfloat162_raw
#define CU2AMD_N bfloat16
#define CU2AMD_N2 bfloat162
#define CU2AMD_MAN 7
#define CU2AMD_BIAS 127
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

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

#define __CUDA_BF16_TYPES_EXIST__
/* cuda_bf16.h's constants (CUDA 12.x) */
#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80u)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffu)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001u)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fu)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000u)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000u)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80u)

#endif
