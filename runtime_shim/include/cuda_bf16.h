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

#endif
