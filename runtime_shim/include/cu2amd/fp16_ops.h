/* The functions and operators cuda_fp16.h and cuda_bf16.h share, written once for both
 * 16-bit types: the including header defines CU2AMD_T (__half / __nv_bfloat16), CU2AMD_T2,
 * CU2AMD_N (half / bfloat16, as in __float2half), CU2AMD_N2 (half2 / bfloat162),
 * CU2AMD_MAN and CU2AMD_BIAS (the format), then includes this file. Every operation
 * computes in float (double for fma) and rounds once in software (cu2amd/fp16_round.h):
 * float's 24 bits hold the exact result of +, -, *, /, sqrt closely enough that rounding
 * it again to 11 or 8 bits is exact (24 >= 2p + 2), and fma rounds its double to odd. */
#include "cu2amd/fp16_round.h"

#define CU2AMD_P3(a, b, c) a##b##c
#define CU2AMD_X3(a, b, c) CU2AMD_P3(a, b, c)
#define CU2AMD_NAME(before, after) CU2AMD_X3(before, CU2AMD_N, after)
#define CU2AMD_NAME2(before, after) CU2AMD_X3(before, CU2AMD_N2, after)
#define CU2AMD_FP CU2AMD_HOST_DEVICE_INLINE
#define CU2AMD_BITS CU2AMD_X3(bits_, CU2AMD_N, )
#define CU2AMD_RND CU2AMD_X3(round_, CU2AMD_N, )

namespace __cu2amd_fp16 {
CU2AMD_FP float f(CU2AMD_T a) { return to_float(a.__x, CU2AMD_MAN, CU2AMD_BIAS); }
CU2AMD_FP CU2AMD_T CU2AMD_BITS(unsigned short b) {
    CU2AMD_T r;
    r.__x = b;
    return r;
}
CU2AMD_FP CU2AMD_T CU2AMD_RND(float v) { return CU2AMD_BITS(from_float(v, CU2AMD_MAN, CU2AMD_BIAS)); }
CU2AMD_FP CU2AMD_T CU2AMD_RND(double v, int mode = CU2AMD_RN) {
    return CU2AMD_BITS(from_double(v, CU2AMD_MAN, CU2AMD_BIAS, mode));
}
CU2AMD_FP bool isnan_(CU2AMD_T a) { return (a.__x & 0x7fffu) > (unsigned)(2 * CU2AMD_BIAS + 1) << CU2AMD_MAN; }
CU2AMD_FP CU2AMD_T fma_(CU2AMD_T a, CU2AMD_T b, CU2AMD_T c) {
    const double p = (double)f(a) * (double)f(b); /* exact */
    const double cc = (double)f(c);
    double s = p + cc;
    if (__builtin_isfinite(s)) {
        /* TwoSum: err is exactly p + cc - s; round s to odd so the final rounding is exact */
        const double bv = s - p;
        const double err = (p - (s - bv)) + (cc - bv);
        unsigned long long u = __builtin_bit_cast(unsigned long long, s);
        if (err != 0 && (u & 1u) == 0) {
            u += ((err > 0) == (s > 0)) ? 1 : -1;
            s = __builtin_bit_cast(double, u);
        }
    }
    return CU2AMD_RND(s);
}
CU2AMD_FP CU2AMD_T sat(CU2AMD_T a) {
    const float v = f(a);
    return v > 1.0f ? CU2AMD_RND(1.0) : (v > 0.0f ? a : CU2AMD_BITS(0)); /* NaN and negatives: +0 */
}
CU2AMD_FP CU2AMD_T relu(CU2AMD_T a) {
    return isnan_(a) ? CU2AMD_BITS(0x7fff) : (f(a) < 0.0f ? CU2AMD_BITS(0) : a);
}
} // namespace __cu2amd_fp16

#define CU2AMD_F __cu2amd_fp16::f
#define CU2AMD_R __cu2amd_fp16::CU2AMD_RND
#define CU2AMD_LANES2(fn)                                                                       \
    CU2AMD_T2 r;                                                                                \
    r.x = fn(a.x, b.x);                                                                         \
    r.y = fn(a.y, b.y);                                                                         \
    return r;

/* ---- conversions and data movement */
CU2AMD_FP float CU2AMD_NAME(__, 2float)(CU2AMD_T a) { return CU2AMD_F(a); }
CU2AMD_FP CU2AMD_T CU2AMD_NAME(__float2, )(float a) { return CU2AMD_R(a); }
CU2AMD_FP CU2AMD_T CU2AMD_NAME(__float2, _rn)(float a) { return CU2AMD_R(a); }
CU2AMD_FP CU2AMD_T CU2AMD_NAME(__float2, _rz)(float a) { return CU2AMD_R(a, CU2AMD_RZ); }
CU2AMD_FP CU2AMD_T CU2AMD_NAME(__float2, _rd)(float a) { return CU2AMD_R(a, CU2AMD_RD); }
CU2AMD_FP CU2AMD_T CU2AMD_NAME(__float2, _ru)(float a) { return CU2AMD_R(a, CU2AMD_RU); }
CU2AMD_FP CU2AMD_T CU2AMD_NAME(__double2, )(double a) { return CU2AMD_R(a); }
CU2AMD_FP short CU2AMD_NAME(__, _as_short)(CU2AMD_T a) { return (short)a.__x; }
CU2AMD_FP unsigned short CU2AMD_NAME(__, _as_ushort)(CU2AMD_T a) { return a.__x; }
CU2AMD_FP CU2AMD_T CU2AMD_NAME(__short_as_, )(short a) { return __cu2amd_fp16::CU2AMD_BITS((unsigned short)a); }
CU2AMD_FP CU2AMD_T CU2AMD_NAME(__ushort_as_, )(unsigned short a) { return __cu2amd_fp16::CU2AMD_BITS(a); }

#define CU2AMD_TO_INT(iname, type, lo, hi, mode, sfx)                                           \
    CU2AMD_FP type CU2AMD_NAME(__, CU2AMD_P3(2, iname, sfx))(CU2AMD_T a) {                       \
        return __cu2amd_fp16::to_int<type>(CU2AMD_F(a), mode, (type)(lo), (type)(hi));          \
    }
#define CU2AMD_FROM_INT(iname, type, sfx, mode)                                                 \
    CU2AMD_FP CU2AMD_T CU2AMD_X3(__, iname, CU2AMD_NAME(2, sfx))(type a) {                       \
        return __cu2amd_fp16::CU2AMD_BITS(                                                             \
            (type)-1 < (type)0 ? __cu2amd_fp16::from_ll((long long)a, CU2AMD_MAN, CU2AMD_BIAS, mode) \
                               : __cu2amd_fp16::from_ull(false, (unsigned long long)a, CU2AMD_MAN, \
                                                         CU2AMD_BIAS, mode));                   \
    }
#define CU2AMD_INT_MODES(iname, type, lo, hi)                                                   \
    CU2AMD_TO_INT(iname, type, lo, hi, CU2AMD_RN, _rn)                                          \
    CU2AMD_TO_INT(iname, type, lo, hi, CU2AMD_RZ, _rz)                                          \
    CU2AMD_TO_INT(iname, type, lo, hi, CU2AMD_RD, _rd)                                          \
    CU2AMD_TO_INT(iname, type, lo, hi, CU2AMD_RU, _ru)                                          \
    CU2AMD_FROM_INT(iname, type, _rn, CU2AMD_RN)                                                \
    CU2AMD_FROM_INT(iname, type, _rz, CU2AMD_RZ)                                                \
    CU2AMD_FROM_INT(iname, type, _rd, CU2AMD_RD)                                                \
    CU2AMD_FROM_INT(iname, type, _ru, CU2AMD_RU)
CU2AMD_INT_MODES(int, int, -2147483647 - 1, 2147483647)
CU2AMD_INT_MODES(uint, unsigned int, 0, 4294967295u)
CU2AMD_INT_MODES(short, short, -32768, 32767)
CU2AMD_INT_MODES(ushort, unsigned short, 0, 65535)
CU2AMD_INT_MODES(ll, long long, -9223372036854775807ll - 1, 9223372036854775807ll)
CU2AMD_INT_MODES(ull, unsigned long long, 0, 18446744073709551615ull)
CU2AMD_TO_INT(char, signed char, -128, 127, CU2AMD_RZ, _rz)
CU2AMD_TO_INT(uchar, unsigned char, 0, 255, CU2AMD_RZ, _rz)
#undef CU2AMD_INT_MODES
#undef CU2AMD_FROM_INT
#undef CU2AMD_TO_INT

CU2AMD_FP CU2AMD_T2 CU2AMD_NAME2(make_, )(CU2AMD_T x, CU2AMD_T y) {
    CU2AMD_T2 r;
    r.x = x;
    r.y = y;
    return r;
}
CU2AMD_FP CU2AMD_T2 CU2AMD_NAME2(__halves2, )(CU2AMD_T x, CU2AMD_T y) { return CU2AMD_NAME2(make_, )(x, y); }
CU2AMD_FP CU2AMD_T2 CU2AMD_X3(__, CU2AMD_N, CU2AMD_NAME2(2, ))(CU2AMD_T a) { return CU2AMD_NAME2(make_, )(a, a); }
CU2AMD_FP CU2AMD_T2 CU2AMD_NAME2(__float2, _rn)(float a) { return CU2AMD_NAME2(make_, )(CU2AMD_R(a), CU2AMD_R(a)); }
CU2AMD_FP CU2AMD_T2 CU2AMD_NAME2(__floats2, _rn)(float a, float b) {
    return CU2AMD_NAME2(make_, )(CU2AMD_R(a), CU2AMD_R(b));
}
CU2AMD_FP CU2AMD_T2 CU2AMD_NAME2(__float22, _rn)(float2 a) { return CU2AMD_NAME2(make_, )(CU2AMD_R(a.x), CU2AMD_R(a.y)); }
CU2AMD_FP float2 CU2AMD_NAME2(__, 2float2)(CU2AMD_T2 a) { return make_float2(CU2AMD_F(a.x), CU2AMD_F(a.y)); }
CU2AMD_FP CU2AMD_T CU2AMD_NAME(__low2, )(CU2AMD_T2 a) { return a.x; }
CU2AMD_FP CU2AMD_T CU2AMD_NAME(__high2, )(CU2AMD_T2 a) { return a.y; }
CU2AMD_FP CU2AMD_T2 CU2AMD_NAME2(__low2, )(CU2AMD_T2 a) { return CU2AMD_NAME2(make_, )(a.x, a.x); }
CU2AMD_FP CU2AMD_T2 CU2AMD_NAME2(__high2, )(CU2AMD_T2 a) { return CU2AMD_NAME2(make_, )(a.y, a.y); }
CU2AMD_FP CU2AMD_T2 CU2AMD_NAME2(__lows2, )(CU2AMD_T2 a, CU2AMD_T2 b) { return CU2AMD_NAME2(make_, )(a.x, b.x); }
CU2AMD_FP CU2AMD_T2 CU2AMD_NAME2(__highs2, )(CU2AMD_T2 a, CU2AMD_T2 b) { return CU2AMD_NAME2(make_, )(a.y, b.y); }
CU2AMD_FP CU2AMD_T2 __lowhigh2highlow(CU2AMD_T2 a) { return CU2AMD_NAME2(make_, )(a.y, a.x); }
CU2AMD_FP float __low2float(CU2AMD_T2 a) { return CU2AMD_F(a.x); }
CU2AMD_FP float __high2float(CU2AMD_T2 a) { return CU2AMD_F(a.y); }

/* ---- arithmetic */
CU2AMD_FP CU2AMD_T __hadd(CU2AMD_T a, CU2AMD_T b) { return CU2AMD_R(CU2AMD_F(a) + CU2AMD_F(b)); }
CU2AMD_FP CU2AMD_T __hsub(CU2AMD_T a, CU2AMD_T b) { return CU2AMD_R(CU2AMD_F(a) - CU2AMD_F(b)); }
CU2AMD_FP CU2AMD_T __hmul(CU2AMD_T a, CU2AMD_T b) { return CU2AMD_R(CU2AMD_F(a) * CU2AMD_F(b)); }
CU2AMD_FP CU2AMD_T __hdiv(CU2AMD_T a, CU2AMD_T b) { return CU2AMD_R(CU2AMD_F(a) / CU2AMD_F(b)); }
CU2AMD_FP CU2AMD_T __hadd_rn(CU2AMD_T a, CU2AMD_T b) { return __hadd(a, b); }
CU2AMD_FP CU2AMD_T __hsub_rn(CU2AMD_T a, CU2AMD_T b) { return __hsub(a, b); }
CU2AMD_FP CU2AMD_T __hmul_rn(CU2AMD_T a, CU2AMD_T b) { return __hmul(a, b); }
CU2AMD_FP CU2AMD_T __hadd_sat(CU2AMD_T a, CU2AMD_T b) { return __cu2amd_fp16::sat(__hadd(a, b)); }
CU2AMD_FP CU2AMD_T __hsub_sat(CU2AMD_T a, CU2AMD_T b) { return __cu2amd_fp16::sat(__hsub(a, b)); }
CU2AMD_FP CU2AMD_T __hmul_sat(CU2AMD_T a, CU2AMD_T b) { return __cu2amd_fp16::sat(__hmul(a, b)); }
CU2AMD_FP CU2AMD_T __hfma(CU2AMD_T a, CU2AMD_T b, CU2AMD_T c) { return __cu2amd_fp16::fma_(a, b, c); }
CU2AMD_FP CU2AMD_T __hfma_sat(CU2AMD_T a, CU2AMD_T b, CU2AMD_T c) { return __cu2amd_fp16::sat(__hfma(a, b, c)); }
CU2AMD_FP CU2AMD_T __hfma_relu(CU2AMD_T a, CU2AMD_T b, CU2AMD_T c) { return __cu2amd_fp16::relu(__hfma(a, b, c)); }
CU2AMD_FP CU2AMD_T __hneg(CU2AMD_T a) { return __cu2amd_fp16::CU2AMD_BITS((unsigned short)(a.__x ^ 0x8000u)); }
CU2AMD_FP CU2AMD_T __habs(CU2AMD_T a) { return __cu2amd_fp16::CU2AMD_BITS((unsigned short)(a.__x & 0x7fffu)); }

CU2AMD_FP CU2AMD_T2 __hadd2(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hadd) }
CU2AMD_FP CU2AMD_T2 __hsub2(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hsub) }
CU2AMD_FP CU2AMD_T2 __hmul2(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hmul) }
CU2AMD_FP CU2AMD_T2 __h2div(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hdiv) }
CU2AMD_FP CU2AMD_T2 __hadd2_rn(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hadd) }
CU2AMD_FP CU2AMD_T2 __hsub2_rn(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hsub) }
CU2AMD_FP CU2AMD_T2 __hmul2_rn(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hmul) }
CU2AMD_FP CU2AMD_T2 __hadd2_sat(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hadd_sat) }
CU2AMD_FP CU2AMD_T2 __hsub2_sat(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hsub_sat) }
CU2AMD_FP CU2AMD_T2 __hmul2_sat(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hmul_sat) }
CU2AMD_FP CU2AMD_T2 __hfma2(CU2AMD_T2 a, CU2AMD_T2 b, CU2AMD_T2 c) {
    return CU2AMD_NAME2(make_, )(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y));
}
CU2AMD_FP CU2AMD_T2 __hfma2_sat(CU2AMD_T2 a, CU2AMD_T2 b, CU2AMD_T2 c) {
    return CU2AMD_NAME2(make_, )(__hfma_sat(a.x, b.x, c.x), __hfma_sat(a.y, b.y, c.y));
}
CU2AMD_FP CU2AMD_T2 __hfma2_relu(CU2AMD_T2 a, CU2AMD_T2 b, CU2AMD_T2 c) {
    return CU2AMD_NAME2(make_, )(__hfma_relu(a.x, b.x, c.x), __hfma_relu(a.y, b.y, c.y));
}
/* complex multiply-add: (a.x + i a.y)(b.x + i b.y) + c, each part by two fmas */
CU2AMD_FP CU2AMD_T2 __hcmadd(CU2AMD_T2 a, CU2AMD_T2 b, CU2AMD_T2 c) {
    return CU2AMD_NAME2(make_, )(__hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x)),
                                 __hfma(a.y, b.x, __hfma(a.x, b.y, c.y)));
}
CU2AMD_FP CU2AMD_T2 __hneg2(CU2AMD_T2 a) { return CU2AMD_NAME2(make_, )(__hneg(a.x), __hneg(a.y)); }
CU2AMD_FP CU2AMD_T2 __habs2(CU2AMD_T2 a) { return CU2AMD_NAME2(make_, )(__habs(a.x), __habs(a.y)); }

/* ---- comparisons: ordered (false on NaN) and unordered (u: true on NaN) */
#define CU2AMD_CMP(name, op)                                                                    \
    CU2AMD_FP bool __h##name(CU2AMD_T a, CU2AMD_T b) {                                           \
        return !__cu2amd_fp16::isnan_(a) && !__cu2amd_fp16::isnan_(b) && CU2AMD_F(a) op CU2AMD_F(b); \
    }                                                                                           \
    CU2AMD_FP bool __h##name##u(CU2AMD_T a, CU2AMD_T b) {                                        \
        return __cu2amd_fp16::isnan_(a) || __cu2amd_fp16::isnan_(b) || CU2AMD_F(a) op CU2AMD_F(b); \
    }                                                                                           \
    CU2AMD_FP bool __hb##name##2(CU2AMD_T2 a, CU2AMD_T2 b) { return __h##name(a.x, b.x) && __h##name(a.y, b.y); } \
    CU2AMD_FP bool __hb##name##u2(CU2AMD_T2 a, CU2AMD_T2 b) {                                    \
        return __h##name##u(a.x, b.x) && __h##name##u(a.y, b.y);                                 \
    }                                                                                           \
    CU2AMD_FP CU2AMD_T2 __h##name##2(CU2AMD_T2 a, CU2AMD_T2 b) {                                 \
        return CU2AMD_NAME2(make_, )(CU2AMD_R(__h##name(a.x, b.x) ? 1.0 : 0.0), CU2AMD_R(__h##name(a.y, b.y) ? 1.0 : 0.0)); \
    }                                                                                           \
    CU2AMD_FP CU2AMD_T2 __h##name##u2(CU2AMD_T2 a, CU2AMD_T2 b) {                                \
        return CU2AMD_NAME2(make_, )(CU2AMD_R(__h##name##u(a.x, b.x) ? 1.0 : 0.0), CU2AMD_R(__h##name##u(a.y, b.y) ? 1.0 : 0.0)); \
    }                                                                                           \
    CU2AMD_FP unsigned __h##name##2_mask(CU2AMD_T2 a, CU2AMD_T2 b) {                             \
        return (__h##name(a.x, b.x) ? 0xffffu : 0u) | (__h##name(a.y, b.y) ? 0xffff0000u : 0u);  \
    }                                                                                           \
    CU2AMD_FP unsigned __h##name##u2_mask(CU2AMD_T2 a, CU2AMD_T2 b) {                            \
        return (__h##name##u(a.x, b.x) ? 0xffffu : 0u) | (__h##name##u(a.y, b.y) ? 0xffff0000u : 0u); \
    }
CU2AMD_CMP(eq, ==)
CU2AMD_CMP(ne, !=)
CU2AMD_CMP(lt, <)
CU2AMD_CMP(le, <=)
CU2AMD_CMP(gt, >)
CU2AMD_CMP(ge, >=)
#undef CU2AMD_CMP
CU2AMD_FP bool __hisnan(CU2AMD_T a) { return __cu2amd_fp16::isnan_(a); }
CU2AMD_FP int __hisinf(CU2AMD_T a) {
    const unsigned inf = (unsigned)(2 * CU2AMD_BIAS + 1) << CU2AMD_MAN;
    return (a.__x & 0x7fffu) == inf ? ((a.__x & 0x8000u) ? -1 : 1) : 0;
}
CU2AMD_FP CU2AMD_T2 __hisnan2(CU2AMD_T2 a) {
    return CU2AMD_NAME2(make_, )(CU2AMD_R(__hisnan(a.x) ? 1.0 : 0.0), CU2AMD_R(__hisnan(a.y) ? 1.0 : 0.0));
}
/* max/min: a NaN operand yields the other, two NaNs the canonical NaN, +0 > -0;
 * the _nan forms propagate NaN */
CU2AMD_FP CU2AMD_T __hmax(CU2AMD_T a, CU2AMD_T b) {
    if (__hisnan(a)) return __hisnan(b) ? __cu2amd_fp16::CU2AMD_BITS(0x7fff) : b;
    if (__hisnan(b)) return a;
    const float x = CU2AMD_F(a), y = CU2AMD_F(b);
    if (x == y) return (a.__x & 0x8000u) ? b : a;
    return x > y ? a : b;
}
CU2AMD_FP CU2AMD_T __hmin(CU2AMD_T a, CU2AMD_T b) {
    if (__hisnan(a)) return __hisnan(b) ? __cu2amd_fp16::CU2AMD_BITS(0x7fff) : b;
    if (__hisnan(b)) return a;
    const float x = CU2AMD_F(a), y = CU2AMD_F(b);
    if (x == y) return (a.__x & 0x8000u) ? a : b;
    return x < y ? a : b;
}
CU2AMD_FP CU2AMD_T __hmax_nan(CU2AMD_T a, CU2AMD_T b) {
    return (__hisnan(a) || __hisnan(b)) ? __cu2amd_fp16::CU2AMD_BITS(0x7fff) : __hmax(a, b);
}
CU2AMD_FP CU2AMD_T __hmin_nan(CU2AMD_T a, CU2AMD_T b) {
    return (__hisnan(a) || __hisnan(b)) ? __cu2amd_fp16::CU2AMD_BITS(0x7fff) : __hmin(a, b);
}
CU2AMD_FP CU2AMD_T2 __hmax2(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hmax) }
CU2AMD_FP CU2AMD_T2 __hmin2(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hmin) }
CU2AMD_FP CU2AMD_T2 __hmax2_nan(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hmax_nan) }
CU2AMD_FP CU2AMD_T2 __hmin2_nan(CU2AMD_T2 a, CU2AMD_T2 b) { CU2AMD_LANES2(__hmin_nan) }

/* ---- math: the float function rounded once (sqrt, rsqrt, rcp and the roundings are
 * exact); the transcendental ones are device functions, as in CUDA, over CUDA's expf ... */
#define CU2AMD_MATH(qual, name, expr)                                                           \
    qual CU2AMD_T h##name(CU2AMD_T a) {                                                          \
        const float x = CU2AMD_F(a);                                                            \
        return CU2AMD_R(expr);                                                                  \
    }                                                                                           \
    qual CU2AMD_T2 h2##name(CU2AMD_T2 a) { return CU2AMD_NAME2(make_, )(h##name(a.x), h##name(a.y)); }
CU2AMD_MATH(CU2AMD_FP, sqrt, __builtin_sqrtf(x))
CU2AMD_MATH(CU2AMD_FP, rsqrt, 1.0 / __builtin_sqrt((double)x))
CU2AMD_MATH(CU2AMD_FP, rcp, 1.0f / x)
CU2AMD_MATH(CU2AMD_FP, floor, __builtin_floorf(x))
CU2AMD_MATH(CU2AMD_FP, ceil, __builtin_ceilf(x))
CU2AMD_MATH(CU2AMD_FP, trunc, __builtin_truncf(x))
CU2AMD_MATH(CU2AMD_FP, rint, __builtin_rintf(x))
#if !defined(CU2AMD_HOST_ONLY)
CU2AMD_MATH(CU2AMD_DEVICE_INLINE, exp, expf(x))
CU2AMD_MATH(CU2AMD_DEVICE_INLINE, exp2, exp2f(x))
CU2AMD_MATH(CU2AMD_DEVICE_INLINE, exp10, exp10f(x))
CU2AMD_MATH(CU2AMD_DEVICE_INLINE, log, logf(x))
CU2AMD_MATH(CU2AMD_DEVICE_INLINE, log2, log2f(x))
CU2AMD_MATH(CU2AMD_DEVICE_INLINE, log10, log10f(x))
CU2AMD_MATH(CU2AMD_DEVICE_INLINE, sin, sinf(x))
CU2AMD_MATH(CU2AMD_DEVICE_INLINE, cos, cosf(x))
CU2AMD_MATH(CU2AMD_DEVICE_INLINE, tanh, tanhf(x))
CU2AMD_MATH(CU2AMD_DEVICE_INLINE, tanh_approx, tanhf(x))
#endif
#undef CU2AMD_MATH

/* ---- warp shuffles: the 16-bit value in a 32-bit lane, a pair as one 32-bit word */
#if !defined(CU2AMD_HOST_ONLY)
#define CU2AMD_SHFL16(name, btype)                                                              \
    template <class M>                                                                          \
    CU2AMD_DEVICE_INLINE CU2AMD_T name(M mask, CU2AMD_T var, btype b, int width = __CU2AMD_WARP_SIZE__) { \
        return __cu2amd_fp16::CU2AMD_BITS((unsigned short)name(mask, (unsigned int)var.__x, b, width)); \
    }                                                                                           \
    template <class M>                                                                          \
    CU2AMD_DEVICE_INLINE CU2AMD_T2 name(M mask, CU2AMD_T2 var, btype b, int width = __CU2AMD_WARP_SIZE__) { \
        const unsigned int w = (unsigned int)var.x.__x | (unsigned int)var.y.__x << 16;         \
        const unsigned int r = name(mask, w, b, width);                                         \
        return CU2AMD_NAME2(make_, )(__cu2amd_fp16::CU2AMD_BITS((unsigned short)r),                     \
                                     __cu2amd_fp16::CU2AMD_BITS((unsigned short)(r >> 16)));            \
    }
CU2AMD_SHFL16(__shfl_sync, int)
CU2AMD_SHFL16(__shfl_up_sync, unsigned int)
CU2AMD_SHFL16(__shfl_down_sync, unsigned int)
CU2AMD_SHFL16(__shfl_xor_sync, int)
#undef CU2AMD_SHFL16

/* atomicAdd: a compare-and-swap loop on the 16-bit value (the pair: on its 32-bit word) */
CU2AMD_DEVICE_INLINE CU2AMD_T atomicAdd(CU2AMD_T *address, CU2AMD_T val) {
    unsigned short *p = (unsigned short *)address;
    unsigned short old = __atomic_load_n(p, __ATOMIC_RELAXED), next;
    do {
        next = __hadd(__cu2amd_fp16::CU2AMD_BITS(old), val).__x;
    } while (!__atomic_compare_exchange_n(p, &old, next, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return __cu2amd_fp16::CU2AMD_BITS(old);
}
CU2AMD_DEVICE_INLINE CU2AMD_T2 atomicAdd(CU2AMD_T2 *address, CU2AMD_T2 val) {
    unsigned int *p = (unsigned int *)address;
    unsigned int old = __atomic_load_n(p, __ATOMIC_RELAXED), next;
    CU2AMD_T2 now;
    do {
        now = __builtin_bit_cast(CU2AMD_T2, old);
        next = __builtin_bit_cast(unsigned int, __hadd2(now, val));
    } while (!__atomic_compare_exchange_n(p, &old, next, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return __builtin_bit_cast(CU2AMD_T2, old);
}
#endif

#undef CU2AMD_LANES2
#undef CU2AMD_R
#undef CU2AMD_F
#undef CU2AMD_FP
#undef CU2AMD_RND
#undef CU2AMD_BITS
#undef CU2AMD_NAME2
#undef CU2AMD_NAME
#undef CU2AMD_X3
#undef CU2AMD_P3
