"""The CUDA Math API's half precision (cuda_fp16.h), bfloat16 (cuda_bf16.h) and FP8
(cuda_fp8.h) types and intrinsics. Most fp16 names are overloaded for __nv_bfloat16 too:
one row per name, in the fp16 section; the bf16 sections list the names only cuda_bf16.h
has. cu2amd's cuda_fp16.h and cuda_bf16.h (over cu2amd/fp16_ops.h) implement the fp16
and bf16 sections; FP8 (cuda_fp8.h) is not implemented. `__hadd` is in the integer
intrinsics' row (intrinsics.py); cuda_fp16.h overloads it.
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, Table, names
from cu2amd.runtime_shim.tables.row import ApiRow, Group, Kind

_ROUND = (
    "cu2amd/fp16_ops.h: computed in float (fma: double rounded to odd) and rounded once, "
    "in software (cu2amd/fp16_round.h), exactly as IEEE 754 in the named mode; same bits "
    "on every target"
)
_MATH = (
    "cu2amd/fp16_ops.h: the float function rounded to nearest (hsqrt hrsqrt hrcp and the "
    "roundings are exact, the others within the float function's error)"
)
_TYPE = "cu2amd/fp16_types.h: a struct over the 16-bit pattern, with CUDA's operators"
_MOVE = "cu2amd/fp16_ops.h: field moves and bit casts"
_OPS = {
    "Half Arithmetic Functions": _ROUND,
    "Half2 Arithmetic Functions": _ROUND,
    "Half Comparison Functions": "cu2amd/fp16_ops.h: IEEE 754 comparisons of the exact values",
    "Half2 Comparison Functions": "cu2amd/fp16_ops.h: IEEE 754 comparisons, lane by lane",
    "Half Precision Conversion and Data Movement": _ROUND,
    "Half Math Functions": _MATH,
    "Half2 Math Functions": _MATH,
    "Bfloat16 Precision Conversion and Data Movement": _ROUND,
}
IMPL: dict[str, Impl] = {}
_T = Table(Group.HALF, IMPL)


def S(section: str, text: str, kind: Kind = Kind.FUNCTION, note: str = "") -> None:
    how = _TYPE if kind is Kind.TYPE and not section.startswith("FP8") else _OPS.get(section)
    if kind is Kind.MACRO:
        how = "cuda_fp16.h / cuda_bf16.h: the bit pattern CUDA's constant has"
    if how is not None:
        for name in names(text):
            moves = "_as_" in name or name.startswith(("__low", "__high", "make_", "__halves"))
            IMPL[name] = Impl(_MOVE if moves and how is _ROUND else how, note=note)
    _T.section(section, text, kind=kind, rocm=lambda n: n, note=note)


_BOTH = "also for __nv_bfloat16 (cuda_bf16.h)"
S("Half Precision Intrinsics: types", "__half __half2 __half2_raw __half_raw half half2", Kind.TYPE)
S(
    "Half Arithmetic Functions",
    """
    __habs __hadd_rn __hadd_sat __hdiv __hfma __hfma_relu __hfma_sat __hmul __hmul_rn __hmul_sat
    __hneg __hsub __hsub_rn __hsub_sat
""",
    note=_BOTH,
)
S(
    "Half2 Arithmetic Functions",
    """
    __h2div __habs2 __hadd2 __hadd2_rn __hadd2_sat __hcmadd __hfma2 __hfma2_relu __hfma2_sat
    __hmul2 __hmul2_rn __hmul2_sat __hneg2 __hsub2 __hsub2_rn __hsub2_sat
""",
    note=_BOTH,
)
S(
    "Half Comparison Functions",
    """
    __heq __hequ __hge __hgeu __hgt __hgtu __hisinf __hisnan __hle __hleu __hlt __hltu __hmax
    __hmax_nan __hmin __hmin_nan __hne __hneu
""",
    note=_BOTH,
)
S(
    "Half2 Comparison Functions",
    """
    __hbeq2 __hbequ2 __hbge2 __hbgeu2 __hbgt2 __hbgtu2 __hble2 __hbleu2 __hblt2 __hbltu2
    __hbne2 __hbneu2 __heq2 __heq2_mask __hequ2 __hequ2_mask __hge2 __hge2_mask __hgeu2
    __hgeu2_mask __hgt2 __hgt2_mask __hgtu2 __hgtu2_mask __hisnan2 __hle2 __hle2_mask __hleu2
    __hleu2_mask __hlt2 __hlt2_mask __hltu2 __hltu2_mask __hmax2 __hmax2_nan __hmin2
    __hmin2_nan __hne2 __hne2_mask __hneu2 __hneu2_mask
""",
    note=_BOTH,
)
S(
    "Half Precision Conversion and Data Movement",
    """
    __double2half __float22half2_rn __float2half __float2half2_rn __float2half_{rd,rn,ru,rz}
    __floats2half2_rn __half22float2 __half2char_rz __half2float __half2half2
    __half2int_{rd,rn,ru,rz} __half2ll_{rd,rn,ru,rz} __half2short_{rd,rn,ru,rz} __half2uchar_rz
    __half2uint_{rd,rn,ru,rz} __half2ull_{rd,rn,ru,rz} __half2ushort_{rd,rn,ru,rz}
    __half_as_short __half_as_ushort __halves2half2 __high2float __high2half __high2half2
    __highs2half2 __int2half_{rd,rn,ru,rz} __ll2half_{rd,rn,ru,rz} __low2float __low2half
    __low2half2 __lowhigh2highlow __lows2half2 __short2half_{rd,rn,ru,rz} __short_as_half
    __uint2half_{rd,rn,ru,rz} __ull2half_{rd,rn,ru,rz} __ushort2half_{rd,rn,ru,rz}
    __ushort_as_half make_half2
""",
)
S(
    "Half Math Functions",
    """
    hceil hcos hexp hexp10 hexp2 hfloor hlog hlog10 hlog2 hrcp hrint hrsqrt hsin hsqrt htanh
    htanh_approx htrunc
""",
    note=_BOTH,
)
S(
    "Half2 Math Functions",
    """
    h2ceil h2cos h2exp h2exp10 h2exp2 h2floor h2log h2log10 h2log2 h2rcp h2rint h2rsqrt h2sin
    h2sqrt h2tanh h2tanh_approx h2trunc
""",
    note=_BOTH,
)
S(
    "Half Precision Intrinsics: constants",
    """
    CUDART_INF_FP16 CUDART_MAX_NORMAL_FP16 CUDART_MIN_DENORM_FP16 CUDART_NAN_FP16
    CUDART_NEG_ZERO_FP16 CUDART_ONE_FP16 CUDART_ZERO_FP16 __CUDA_FP16_TYPES_EXIST__
""",
    Kind.MACRO,
)
S(
    "Bfloat16 Precision Intrinsics: constants",
    """
    CUDART_INF_BF16 CUDART_MAX_NORMAL_BF16 CUDART_MIN_DENORM_BF16 CUDART_NAN_BF16
    CUDART_NEG_ZERO_BF16 CUDART_ONE_BF16 CUDART_ZERO_BF16 __CUDA_BF16_TYPES_EXIST__
""",
    Kind.MACRO,
)
S(
    "Bfloat16 Precision Intrinsics: types",
    """
    __nv_bfloat16 __nv_bfloat162 __nv_bfloat162_raw __nv_bfloat16_raw nv_bfloat16 nv_bfloat162
""",
    Kind.TYPE,
)
S(
    "Bfloat16 Precision Conversion and Data Movement",
    """
    __bfloat1622float2 __bfloat162bfloat162 __bfloat162char_rz __bfloat162float
    __bfloat162int_{rd,rn,ru,rz} __bfloat162ll_{rd,rn,ru,rz} __bfloat162short_{rd,rn,ru,rz}
    __bfloat162uchar_rz __bfloat162uint_{rd,rn,ru,rz} __bfloat162ull_{rd,rn,ru,rz}
    __bfloat162ushort_{rd,rn,ru,rz} __bfloat16_as_short __bfloat16_as_ushort __double2bfloat16
    __float22bfloat162_rn __float2bfloat16 __float2bfloat162_rn __float2bfloat16_{rd,rn,ru,rz}
    __floats2bfloat162_rn __halves2bfloat162 __high2bfloat16 __high2bfloat162 __highs2bfloat162
    __int2bfloat16_{rd,rn,ru,rz} __ll2bfloat16_{rd,rn,ru,rz} __low2bfloat16 __low2bfloat162
    __lows2bfloat162 __short2bfloat16_{rd,rn,ru,rz} __short_as_bfloat16
    __uint2bfloat16_{rd,rn,ru,rz} __ull2bfloat16_{rd,rn,ru,rz} __ushort2bfloat16_{rd,rn,ru,rz}
    __ushort_as_bfloat16 make_bfloat162
""",
)
S(
    "FP8 Intrinsics: types",
    """
    __nv_fp8_e4m3 __nv_fp8_e5m2 __nv_fp8_interpretation_t __nv_fp8_storage_t __nv_fp8x2_e4m3
    __nv_fp8x2_e5m2 __nv_fp8x2_storage_t __nv_fp8x4_e4m3 __nv_fp8x4_e5m2 __nv_fp8x4_storage_t
    __nv_saturation_t
""",
    Kind.TYPE,
)
S(
    "FP8 Conversion and Data Movement",
    """
    __nv_cvt_bfloat16raw2_to_fp8x2 __nv_cvt_bfloat16raw_to_fp8 __nv_cvt_double2_to_fp8x2
    __nv_cvt_double_to_fp8 __nv_cvt_float2_to_fp8x2 __nv_cvt_float_to_fp8
    __nv_cvt_fp8_to_halfraw __nv_cvt_fp8x2_to_halfraw2 __nv_cvt_halfraw2_to_fp8x2
    __nv_cvt_halfraw_to_fp8
""",
)

ROWS: tuple[ApiRow, ...] = _T.done()
