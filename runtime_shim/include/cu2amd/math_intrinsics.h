/* The CUDA Math API's single- and double-precision intrinsics.
 *
 * Fast approximations (__expf, __sinf, __logf, ...): OCML's native_* functions on AMD
 * GPUs (as HIP maps them), the accurate libm functions on the host platform; both within
 * CUDA's documented error. __powf and __tanf are defined as CUDA documents them
 * (exp2(y * log2(x)), __sinf / __cosf), so their special values match CUDA's.
 *
 * Arithmetic with a rounding mode (__fadd_rz, __dmul_ru, __fsqrt_rd, ...): the _rn forms
 * are the IEEE operations (contraction off). The directed forms compute the
 * round-to-nearest result s and, exactly, on which side of s the exact result lies (for
 * float operations through double, where a product is exact; for double operations
 * through error-free transformations with fma, with operands scaled away from
 * underflow), then step s by one ulp where the mode asks for it. Same code on both
 * targets; no rounding-mode register is touched. */
#ifndef CU2AMD_MATH_INTRINSICS_H
#define CU2AMD_MATH_INTRINSICS_H

#include "cu2amd/config.h"
#include "cu2amd/math_functions.h"
#include "cu2amd/math_portable.h"

/* --- fast approximations ------------------------------------------------------------ */
#if defined(__HIP__)
extern "C" __device__ __attribute__((const)) float __ocml_native_exp_f32(float);
extern "C" __device__ __attribute__((const)) float __ocml_native_exp2_f32(float);
extern "C" __device__ __attribute__((const)) float __ocml_native_exp10_f32(float);
extern "C" __device__ __attribute__((const)) float __ocml_native_log_f32(float);
extern "C" __device__ __attribute__((const)) float __ocml_native_log2_f32(float);
extern "C" __device__ __attribute__((const)) float __ocml_native_log10_f32(float);
extern "C" __device__ __attribute__((const)) float __ocml_native_sin_f32(float);
extern "C" __device__ __attribute__((const)) float __ocml_native_cos_f32(float);
#define CU2AMD_FAST(amd, host) amd
#else
#define CU2AMD_FAST(amd, host) host
#endif
CU2AMD_DEVICE_INLINE float __expf(float x) { return CU2AMD_FAST(__ocml_native_exp_f32, __builtin_expf)(x); }
CU2AMD_DEVICE_INLINE float __exp10f(float x) { return CU2AMD_FAST(__ocml_native_exp10_f32, exp10f)(x); }
CU2AMD_DEVICE_INLINE float __logf(float x) { return CU2AMD_FAST(__ocml_native_log_f32, __builtin_logf)(x); }
CU2AMD_DEVICE_INLINE float __log2f(float x) { return CU2AMD_FAST(__ocml_native_log2_f32, __builtin_log2f)(x); }
CU2AMD_DEVICE_INLINE float __log10f(float x) { return CU2AMD_FAST(__ocml_native_log10_f32, __builtin_log10f)(x); }
CU2AMD_DEVICE_INLINE float __sinf(float x) { return CU2AMD_FAST(__ocml_native_sin_f32, __builtin_sinf)(x); }
CU2AMD_DEVICE_INLINE float __cosf(float x) { return CU2AMD_FAST(__ocml_native_cos_f32, __builtin_cosf)(x); }
CU2AMD_DEVICE_INLINE void __sincosf(float x, float *s, float *c) {
    *s = __sinf(x);
    *c = __cosf(x);
}
CU2AMD_DEVICE_INLINE float __tanf(float x) { return __sinf(x) / __cosf(x); }
/* __tanhf: CUDA's fast tanh (PTX tanh.approx.f32, relative error about 2^-11). Neither
 * target has a cheaper tanh than the accurate one (llvm.tanh has no AMDGPU lowering), so
 * it is tanhf: OCML's on AMD GPUs, libm's on the host platform, far inside that bound. */
CU2AMD_DEVICE_INLINE float __tanhf(float x) { return tanhf(x); }
CU2AMD_DEVICE_INLINE float __powf(float x, float y) {
    return CU2AMD_FAST(__ocml_native_exp2_f32, __builtin_exp2f)(y * __log2f(x));
}
#undef CU2AMD_FAST
/* x / y; 0 (NaN for an infinite x) when 2^126 < |y| < 2^128, as CUDA documents. */
CU2AMD_DEVICE_INLINE float __fdividef(float x, float y) {
    float a = __builtin_fabsf(y);
    if (a > 0x1p126f && a <= 0x1.fffffep127f) return x * __builtin_copysignf(0.0f, y);
    return x / y;
}
/* clamp to [0, 1] (-0 is in it); NaN gives +0 */
CU2AMD_DEVICE_INLINE float __saturatef(float x) { return x >= 1.0f ? 1.0f : x >= 0.0f ? x : 0.0f; }

/* --- directed rounding --------------------------------------------------------------- */
enum { __CU2AMD_RN, __CU2AMD_RZ, __CU2AMD_RU, __CU2AMD_RD };

CU2AMD_DEVICE_INLINE float __cu2amd_next_up_f(float x) {
    if (x != x || x == __builtin_inff()) return x;
    if (x == 0.0f) return 0x1p-149f;
    unsigned int u = __builtin_bit_cast(unsigned int, x);
    return __builtin_bit_cast(float, x > 0.0f ? u + 1u : u - 1u);
}
CU2AMD_DEVICE_INLINE double __cu2amd_next_up(double x) {
    if (x != x || x == __builtin_inf()) return x;
    if (x == 0.0) return 0x1p-1074;
    unsigned long long u = __builtin_bit_cast(unsigned long long, x);
    return __builtin_bit_cast(double, x > 0.0 ? u + 1u : u - 1u);
}
CU2AMD_DEVICE_INLINE int __cu2amd_sign(double x) { return (x > 0.0) - (x < 0.0); }

/* s rounded to nearest from an exact value v; above = sign(s - v). The directed result. */
CU2AMD_DEVICE_INLINE float __cu2amd_step_f(float s, int above, int mode) {
    if (above > 0 && (mode == __CU2AMD_RD || (mode == __CU2AMD_RZ && !__builtin_signbit(s))))
        return -__cu2amd_next_up_f(-s);
    if (above < 0 && (mode == __CU2AMD_RU || (mode == __CU2AMD_RZ && __builtin_signbit(s))))
        return __cu2amd_next_up_f(s);
    return s;
}
CU2AMD_DEVICE_INLINE double __cu2amd_step(double s, int above, int mode) {
    if (above > 0 && (mode == __CU2AMD_RD || (mode == __CU2AMD_RZ && !__builtin_signbit(s))))
        return -__cu2amd_next_up(-s);
    if (above < 0 && (mode == __CU2AMD_RU || (mode == __CU2AMD_RZ && __builtin_signbit(s))))
        return __cu2amd_next_up(s);
    return s;
}
/* float result of an exact value d + e where d = RN_double(d + e) and es = sign(e) */
CU2AMD_DEVICE_INLINE float __cu2amd_round_f(double d, int es, int mode) {
    float s = (float)d;
    int above = (double)s != d ? __cu2amd_sign((double)s - d) : -es;
    return __cu2amd_step_f(s, above, mode);
}
/* the sign of an exact zero sum: -0 rounding down unless both terms are +0 */
CU2AMD_DEVICE_INLINE bool __cu2amd_zero_sum_negative(double a, double b, int mode) {
    if (mode == __CU2AMD_RD) return a != 0.0 || b != 0.0 || __builtin_signbit(a) || __builtin_signbit(b);
    return __builtin_signbit(a) && __builtin_signbit(b);
}

CU2AMD_DEVICE_INLINE float __cu2amd_fadd(float a, float b, int mode) {
    CU2AMD_NO_CONTRACT
    if (mode == __CU2AMD_RN || !__builtin_isfinite(a) || !__builtin_isfinite(b)) return a + b;
    __cu2amd_dd s = __cu2amd_two_sum(a, b); /* exact */
    if (s.hi == 0.0) return __cu2amd_zero_sum_negative(a, b, mode) ? -0.0f : 0.0f;
    return __cu2amd_round_f(s.hi, __cu2amd_sign(s.lo), mode);
}
CU2AMD_DEVICE_INLINE float __cu2amd_fmul(float a, float b, int mode) {
    CU2AMD_NO_CONTRACT
    if (mode == __CU2AMD_RN) return a * b;
    return __cu2amd_round_f((double)a * (double)b, 0, mode); /* exact in double */
}
CU2AMD_DEVICE_INLINE float __cu2amd_fmaf(float a, float b, float c, int mode) {
    CU2AMD_NO_CONTRACT
    if (mode == __CU2AMD_RN || !__builtin_isfinite(a) || !__builtin_isfinite(b) || !__builtin_isfinite(c))
        return __builtin_fmaf(a, b, c);
    double p = (double)a * (double)b; /* exact */
    __cu2amd_dd s = __cu2amd_two_sum(p, c);
    if (s.hi == 0.0) return __cu2amd_zero_sum_negative(p, c, mode) ? -0.0f : 0.0f;
    return __cu2amd_round_f(s.hi, __cu2amd_sign(s.lo), mode);
}
CU2AMD_DEVICE_INLINE float __cu2amd_fdiv(float a, float b, int mode) {
    CU2AMD_NO_CONTRACT
    if (mode == __CU2AMD_RN || !__builtin_isfinite(a) || !__builtin_isfinite(b) || a == 0.0f || b == 0.0f)
        return a / b;
    double d = (double)a / (double)b;
    double r = __builtin_fma(-d, (double)b, (double)a); /* exact: a/b - d = r/b */
    return __cu2amd_round_f(d, __cu2amd_sign(r) * __cu2amd_sign(b), mode);
}
CU2AMD_DEVICE_INLINE float __cu2amd_fsqrt(float a, int mode) {
    CU2AMD_NO_CONTRACT
    if (mode == __CU2AMD_RN || !(a > 0.0f) || a == __builtin_inff()) return __builtin_sqrtf(a);
    double d = __builtin_sqrt((double)a);
    return __cu2amd_round_f(d, __cu2amd_sign(__builtin_fma(-d, d, (double)a)), mode);
}

CU2AMD_DEVICE_INLINE double __cu2amd_dadd(double a, double b, int mode) {
    CU2AMD_NO_CONTRACT
    if (mode == __CU2AMD_RN || !__builtin_isfinite(a) || !__builtin_isfinite(b)) return a + b;
    __cu2amd_dd s = __cu2amd_two_sum(a, b);
    if (__builtin_isinf(s.hi)) return __cu2amd_step(s.hi, __cu2amd_sign(s.hi), mode);
    if (s.hi == 0.0) return __cu2amd_zero_sum_negative(a, b, mode) ? -0.0 : 0.0;
    return __cu2amd_step(s.hi, -__cu2amd_sign(s.lo), mode);
}
/* a * b rounded to nearest and sign(result - exact) */
CU2AMD_DEVICE_INLINE double __cu2amd_mul_above(double a, double b, int *above) {
    CU2AMD_NO_CONTRACT
    double p = a * b;
    if (__builtin_isinf(p)) {
        *above = __cu2amd_sign(p);
        return p;
    }
    if (__builtin_fabs(p) >= 0x1p-969) {
        *above = -__cu2amd_sign(__builtin_fma(a, b, -p));
        return p;
    }
    /* |ab| < 2^-968, so |a|, |b| < 2^106: scale both by 2^108 */
    double a2 = a * 0x1p108, b2 = b * 0x1p108, p2 = a2 * b2;
    if (__builtin_fabs(p2) < 0x1p-900) { /* |ab| < 2^-1116: p is a signed zero */
        *above = -__cu2amd_sign(a) * __cu2amd_sign(b);
        return p;
    }
    double e2 = __builtin_fma(a2, b2, -p2); /* exact: ab 2^216 = p2 + e2 */
    double t = p2 * 0x1p-216;                /* one rounding */
    double diff = t * 0x1p216 - p2;          /* exact */
    *above = __cu2amd_sign(diff - e2);
    return t;
}
CU2AMD_DEVICE_INLINE double __cu2amd_dmul(double a, double b, int mode) {
    if (mode == __CU2AMD_RN || !__builtin_isfinite(a) || !__builtin_isfinite(b) || a == 0.0 || b == 0.0)
        return a * b;
    int above;
    double p = __cu2amd_mul_above(a, b, &above);
    return __cu2amd_step(p, above, mode);
}
CU2AMD_DEVICE_INLINE double __cu2amd_ddiv(double a, double b, int mode) {
    CU2AMD_NO_CONTRACT
    if (mode == __CU2AMD_RN || !__builtin_isfinite(a) || !__builtin_isfinite(b) || a == 0.0 || b == 0.0)
        return a / b;
    int ea, eb;
    double fa = __builtin_frexp(a, &ea), fb = __builtin_frexp(b, &eb);
    double q = fa / fb;
    double r = __builtin_fma(-q, fb, fa); /* exact: fa/fb - q = r/fb */
    int e = ea - eb;
    double t = __builtin_ldexp(q, e);
    if (__builtin_isinf(t)) return __cu2amd_step(t, __cu2amd_sign(t), mode);
    double diff = __builtin_ldexp(t, -e) - q;
    int above = diff != 0.0 ? __cu2amd_sign(diff) : -__cu2amd_sign(r) * __cu2amd_sign(fb);
    return __cu2amd_step(t, above, mode);
}
CU2AMD_DEVICE_INLINE double __cu2amd_dsqrt(double a, int mode) {
    CU2AMD_NO_CONTRACT
    if (mode == __CU2AMD_RN || !(a > 0.0) || a == __builtin_inf()) return __builtin_sqrt(a);
    double scale = 1.0;
    if (a < 0x1p-900) {
        a *= 0x1p200;
        scale = 0x1p-100;
    }
    double s = __builtin_sqrt(a);
    int above = -__cu2amd_sign(__builtin_fma(-s, s, a));
    return __cu2amd_step(s * scale, above, mode); /* s * scale is exact */
}

/* fma(a, b, c) in a directed mode. The error of the fma is exact (Boldo and Muller's
 * ErrFma) when nothing underflows: a and b are scaled to [0.5, 1) and c with them when
 * ab and c are within 2^110 of each other; otherwise the smaller term only decides the
 * side of the larger one. */
CU2AMD_DEVICE_INLINE double __cu2amd_fma(double a, double b, double c, int mode) {
    CU2AMD_NO_CONTRACT
    if (mode == __CU2AMD_RN || !__builtin_isfinite(a) || !__builtin_isfinite(b) || !__builtin_isfinite(c))
        return __builtin_fma(a, b, c);
    if (a == 0.0 || b == 0.0) {
        double p = a * b;
        if (c != 0.0) return c;
        return __cu2amd_zero_sum_negative(p, c, mode) ? -0.0 : 0.0;
    }
    if (c == 0.0) return __cu2amd_dmul(a, b, mode);
    int ea, eb, ec;
    double fa = __builtin_frexp(a, &ea), fb = __builtin_frexp(b, &eb);
    __builtin_frexp(c, &ec);
    int eab = ea + eb; /* 2^(eab-2) <= |ab| < 2^eab */
    if (ec > eab + 110) { /* ab is far below half an ulp of c */
        return __cu2amd_step(c, -__cu2amd_sign(a) * __cu2amd_sign(b), mode);
    }
    if (eab > ec + 110) { /* c only decides where ab is exact */
        int above;
        double p = __cu2amd_mul_above(a, b, &above);
        if (__builtin_isinf(p) || above != 0) return __cu2amd_step(p, above, mode);
        return __cu2amd_step(p, -__cu2amd_sign(c), mode);
    }
    double fc = __builtin_ldexp(c, -eab); /* exact: 2^-112 < |fc| < 2^110 */
    double r1 = __builtin_fma(fa, fb, fc);
    __cu2amd_dd u = __cu2amd_two_prod(fa, fb);
    __cu2amd_dd alpha = __cu2amd_two_sum(fc, u.lo);
    __cu2amd_dd beta = __cu2amd_two_sum(u.hi, alpha.hi);
    double gamma = (beta.hi - r1) + beta.lo;
    int es = __cu2amd_sign(gamma + alpha.lo); /* sign(exact - r1) */
    if (r1 == 0.0) return mode == __CU2AMD_RD ? -0.0 : 0.0; /* exact cancellation */
    double t = __builtin_ldexp(r1, eab);
    if (__builtin_isinf(t)) return __cu2amd_step(t, __cu2amd_sign(t), mode);
    double diff = __builtin_ldexp(t, -eab) - r1;
    return __cu2amd_step(t, diff != 0.0 ? __cu2amd_sign(diff) : -es, mode);
}

#define CU2AMD_ROUNDED(suffix, mode)                                                            \
    CU2AMD_DEVICE_INLINE float __fadd_##suffix(float a, float b) { return __cu2amd_fadd(a, b, mode); } \
    CU2AMD_DEVICE_INLINE float __fsub_##suffix(float a, float b) { return __cu2amd_fadd(a, -b, mode); } \
    CU2AMD_DEVICE_INLINE float __fmul_##suffix(float a, float b) { return __cu2amd_fmul(a, b, mode); } \
    CU2AMD_DEVICE_INLINE float __fdiv_##suffix(float a, float b) { return __cu2amd_fdiv(a, b, mode); } \
    CU2AMD_DEVICE_INLINE float __frcp_##suffix(float a) { return __cu2amd_fdiv(1.0f, a, mode); } \
    CU2AMD_DEVICE_INLINE float __fsqrt_##suffix(float a) { return __cu2amd_fsqrt(a, mode); }    \
    CU2AMD_DEVICE_INLINE float __fmaf_##suffix(float a, float b, float c) {                     \
        return __cu2amd_fmaf(a, b, c, mode);                                                    \
    }                                                                                           \
    CU2AMD_DEVICE_INLINE float __fmaf_ieee_##suffix(float a, float b, float c) {                \
        return __cu2amd_fmaf(a, b, c, mode);                                                    \
    }                                                                                           \
    CU2AMD_DEVICE_INLINE double __dadd_##suffix(double a, double b) { return __cu2amd_dadd(a, b, mode); } \
    CU2AMD_DEVICE_INLINE double __dsub_##suffix(double a, double b) { return __cu2amd_dadd(a, -b, mode); } \
    CU2AMD_DEVICE_INLINE double __dmul_##suffix(double a, double b) { return __cu2amd_dmul(a, b, mode); } \
    CU2AMD_DEVICE_INLINE double __ddiv_##suffix(double a, double b) { return __cu2amd_ddiv(a, b, mode); } \
    CU2AMD_DEVICE_INLINE double __drcp_##suffix(double a) { return __cu2amd_ddiv(1.0, a, mode); } \
    CU2AMD_DEVICE_INLINE double __dsqrt_##suffix(double a) { return __cu2amd_dsqrt(a, mode); }  \
    CU2AMD_DEVICE_INLINE double __fma_##suffix(double a, double b, double c) {                  \
        return __cu2amd_fma(a, b, c, mode);                                                     \
    }
CU2AMD_ROUNDED(rn, __CU2AMD_RN)
CU2AMD_ROUNDED(rz, __CU2AMD_RZ)
CU2AMD_ROUNDED(ru, __CU2AMD_RU)
CU2AMD_ROUNDED(rd, __CU2AMD_RD)
#undef CU2AMD_ROUNDED

/* 1 / sqrt(x) correctly rounded: a candidate from double, then moved across the
 * midpoints m next to it where x m^2 <> 1 says so (m^2 is exact in double; fma's sign
 * is exact). */
CU2AMD_DEVICE_INLINE float __frsqrt_rn(float x) {
    CU2AMD_NO_CONTRACT
    if (!(x > 0.0f) || x == __builtin_inff()) return 1.0f / __builtin_sqrtf(x);
    float s = (float)(1.0 / __builtin_sqrt((double)x));
    double hi = 0.5 * ((double)s + (double)__cu2amd_next_up_f(s));
    double lo = 0.5 * ((double)s + (double)-__cu2amd_next_up_f(-s));
    if (__builtin_fma(hi * hi, (double)x, -1.0) < 0.0) return __cu2amd_next_up_f(s);
    if (__builtin_fma(lo * lo, (double)x, -1.0) > 0.0) return -__cu2amd_next_up_f(-s);
    return s;
}

#endif
