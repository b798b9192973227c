/* The CUDA Math API's single- and double-precision functions (acosf ... ynf, acos ... yn)
 * and its integer functions (min, max, umin, ...).
 *
 * AMD GPUs (HIP mode): OCML, __ocml_<name>_f32/_f64 from the device libraries, or LLVM
 * intrinsics where clang's builtin lowers to one (fma, frexp, ldexp, copysign).
 * Host platform (CUDA mode, NVPTX IR retargeted to the CPU): clang's builtins, which
 * become LLVM intrinsics or calls to the C library the host module links against; libm
 * functions clang has no builtin for (j0, exp10, ...) are declared under their C name;
 * what libm lacks (erfinv, cyl_bessel_i0, sinpi, rsqrt, ...) is in cu2amd/math_portable.h.
 * Float functions without a float version there are computed in double and rounded. */
#ifndef CU2AMD_MATH_FUNCTIONS_H
#define CU2AMD_MATH_FUNCTIONS_H

#include "cu2amd/config.h"
#include "cu2amd/math_portable.h"

#if defined(__HIP__)
#define CU2AMD_PRIVATE __attribute__((address_space(5)))
#define CU2AMD_OCML_DECL1(base)                                                                 \
    extern "C" __device__ __attribute__((const)) float __ocml_##base##_f32(float);              \
    extern "C" __device__ __attribute__((const)) double __ocml_##base##_f64(double);
#define CU2AMD_OCML_DECL2(base)                                                                 \
    extern "C" __device__ __attribute__((const)) float __ocml_##base##_f32(float, float);       \
    extern "C" __device__ __attribute__((const)) double __ocml_##base##_f64(double, double);
#define CU2AMD_OCML_DECL3(base)                                                                 \
    extern "C" __device__ __attribute__((const)) float __ocml_##base##_f32(float, float, float); \
    extern "C" __device__ __attribute__((const)) double __ocml_##base##_f64(double, double, double);
/* name##f(float) and name(double) calling OCML's `base` */
#define CU2AMD_UNARY(name, base, host_f, host_d)                                                \
    CU2AMD_OCML_DECL1(base)                                                                     \
    CU2AMD_DEVICE_INLINE float name##f(float x) { return __ocml_##base##_f32(x); }              \
    CU2AMD_DEVICE_INLINE double name(double x) { return __ocml_##base##_f64(x); }
#define CU2AMD_BINARY(name, base, host_f, host_d)                                               \
    CU2AMD_OCML_DECL2(base)                                                                     \
    CU2AMD_DEVICE_INLINE float name##f(float x, float y) { return __ocml_##base##_f32(x, y); }  \
    CU2AMD_DEVICE_INLINE double name(double x, double y) { return __ocml_##base##_f64(x, y); }
#define CU2AMD_TERNARY(name, base, host_f, host_d)                                              \
    CU2AMD_OCML_DECL3(base)                                                                     \
    CU2AMD_DEVICE_INLINE float name##f(float x, float y, float z) {                             \
        return __ocml_##base##_f32(x, y, z);                                                    \
    }                                                                                           \
    CU2AMD_DEVICE_INLINE double name(double x, double y, double z) {                            \
        return __ocml_##base##_f64(x, y, z);                                                    \
    }
#define CU2AMD_LIBM(type, name, params)
#else
#define CU2AMD_UNARY(name, base, host_f, host_d)                                                \
    CU2AMD_DEVICE_INLINE float name##f(float x) { return host_f(x); }                           \
    CU2AMD_DEVICE_INLINE double name(double x) { return host_d(x); }
#define CU2AMD_BINARY(name, base, host_f, host_d)                                               \
    CU2AMD_DEVICE_INLINE float name##f(float x, float y) { return host_f(x, y); }               \
    CU2AMD_DEVICE_INLINE double name(double x, double y) { return host_d(x, y); }
#define CU2AMD_TERNARY(name, base, host_f, host_d)                                              \
    CU2AMD_DEVICE_INLINE float name##f(float x, float y, float z) { return host_f(x, y, z); }    \
    CU2AMD_DEVICE_INLINE double name(double x, double y, double z) { return host_d(x, y, z); }
/* a C library function without a clang builtin, under a name of our own */
#define CU2AMD_LIBM(type, name, params) extern "C" __device__ type __cu2amd_libm_##name params __asm__(#name);
#endif

/* libm functions without clang builtins (glibc and musl have them all) */
CU2AMD_LIBM(float, exp10f, (float))
CU2AMD_LIBM(float, j0f, (float))
CU2AMD_LIBM(double, j0, (double))
CU2AMD_LIBM(float, j1f, (float))
CU2AMD_LIBM(double, j1, (double))
CU2AMD_LIBM(float, y0f, (float))
CU2AMD_LIBM(double, y0, (double))
CU2AMD_LIBM(float, y1f, (float))
CU2AMD_LIBM(double, y1, (double))
CU2AMD_LIBM(float, jnf, (int, float))
CU2AMD_LIBM(double, jn, (int, double))
CU2AMD_LIBM(float, ynf, (int, float))
CU2AMD_LIBM(double, yn, (int, double))

#if !defined(__HIP__)
#include "cu2amd/math_bessel.h"
#endif

/* Host versions of what libm lacks, in math_portable.h (float ones rounded from double). */
#define CU2AMD_VIA_DOUBLE(fn) (float)fn
CU2AMD_DEVICE_INLINE double __cu2amd_i0(double x) { return __cu2amd_bessel_i(x, 0); }
CU2AMD_DEVICE_INLINE double __cu2amd_i1(double x) { return __cu2amd_bessel_i(x, 1); }
CU2AMD_DEVICE_INLINE double __cu2amd_rhypot(double x, double y) {
    double v[2] = {x, y};
    return __cu2amd_rnorm(2, v);
}

CU2AMD_UNARY(acos, acos, __builtin_acosf, __builtin_acos)
CU2AMD_UNARY(acosh, acosh, __builtin_acoshf, __builtin_acosh)
CU2AMD_UNARY(asin, asin, __builtin_asinf, __builtin_asin)
CU2AMD_UNARY(asinh, asinh, __builtin_asinhf, __builtin_asinh)
CU2AMD_UNARY(atan, atan, __builtin_atanf, __builtin_atan)
CU2AMD_UNARY(atanh, atanh, __builtin_atanhf, __builtin_atanh)
CU2AMD_UNARY(cbrt, cbrt, __builtin_cbrtf, __cu2amd_cbrt)
CU2AMD_UNARY(ceil, ceil, __builtin_ceilf, __builtin_ceil)
CU2AMD_UNARY(cos, cos, __builtin_cosf, __builtin_cos)
CU2AMD_UNARY(cosh, cosh, __builtin_coshf, __builtin_cosh)
CU2AMD_UNARY(cospi, cospi, CU2AMD_VIA_DOUBLE(__cu2amd_cospi), __cu2amd_cospi)
CU2AMD_UNARY(cyl_bessel_i0, i0, CU2AMD_VIA_DOUBLE(__cu2amd_i0), __cu2amd_i0)
CU2AMD_UNARY(cyl_bessel_i1, i1, CU2AMD_VIA_DOUBLE(__cu2amd_i1), __cu2amd_i1)
CU2AMD_UNARY(erf, erf, __builtin_erff, __builtin_erf)
CU2AMD_UNARY(erfc, erfc, __builtin_erfcf, __builtin_erfc)
CU2AMD_UNARY(erfcinv, erfcinv, CU2AMD_VIA_DOUBLE(__cu2amd_erfcinv), __cu2amd_erfcinv)
CU2AMD_UNARY(erfcx, erfcx, CU2AMD_VIA_DOUBLE(__cu2amd_erfcx), __cu2amd_erfcx)
CU2AMD_UNARY(erfinv, erfinv, CU2AMD_VIA_DOUBLE(__cu2amd_erfinv), __cu2amd_erfinv)
CU2AMD_UNARY(exp, exp, __builtin_expf, __builtin_exp)
CU2AMD_UNARY(exp10, exp10, __cu2amd_libm_exp10f, __cu2amd_exp10)
CU2AMD_UNARY(exp2, exp2, __builtin_exp2f, __builtin_exp2)
CU2AMD_UNARY(expm1, expm1, __builtin_expm1f, __builtin_expm1)
CU2AMD_UNARY(fabs, fabs, __builtin_fabsf, __builtin_fabs)
CU2AMD_UNARY(floor, floor, __builtin_floorf, __builtin_floor)
CU2AMD_UNARY(j0, j0, __cu2amd_libm_j0f, __cu2amd_j0)
CU2AMD_UNARY(j1, j1, __cu2amd_libm_j1f, __cu2amd_j1)
CU2AMD_UNARY(lgamma, lgamma, __builtin_lgammaf, __builtin_lgamma)
CU2AMD_UNARY(log, log, __builtin_logf, __builtin_log)
CU2AMD_UNARY(log10, log10, __builtin_log10f, __builtin_log10)
CU2AMD_UNARY(log1p, log1p, __builtin_log1pf, __builtin_log1p)
CU2AMD_UNARY(log2, log2, __builtin_log2f, __builtin_log2)
CU2AMD_UNARY(logb, logb, __builtin_logbf, __builtin_logb)
CU2AMD_UNARY(nearbyint, nearbyint, __builtin_nearbyintf, __builtin_nearbyint)
CU2AMD_UNARY(normcdf, ncdf, CU2AMD_VIA_DOUBLE(__cu2amd_normcdf), __cu2amd_normcdf)
CU2AMD_UNARY(normcdfinv, ncdfinv, CU2AMD_VIA_DOUBLE(__cu2amd_normcdfinv), __cu2amd_normcdfinv)
CU2AMD_UNARY(rcbrt, rcbrt, CU2AMD_VIA_DOUBLE(__cu2amd_rcbrt), __cu2amd_rcbrt)
CU2AMD_UNARY(rint, rint, __builtin_rintf, __builtin_rint)
CU2AMD_UNARY(round, round, __builtin_roundf, __builtin_round)
CU2AMD_UNARY(rsqrt, rsqrt, CU2AMD_VIA_DOUBLE(__cu2amd_rsqrt), __cu2amd_rsqrt)
CU2AMD_UNARY(sin, sin, __builtin_sinf, __builtin_sin)
CU2AMD_UNARY(sinh, sinh, __builtin_sinhf, __builtin_sinh)
CU2AMD_UNARY(sinpi, sinpi, CU2AMD_VIA_DOUBLE(__cu2amd_sinpi), __cu2amd_sinpi)
CU2AMD_UNARY(sqrt, sqrt, __builtin_sqrtf, __builtin_sqrt)
CU2AMD_UNARY(tan, tan, __builtin_tanf, __builtin_tan)
CU2AMD_UNARY(tanh, tanh, __builtin_tanhf, __cu2amd_tanh)
CU2AMD_UNARY(tgamma, tgamma, __builtin_tgammaf, __builtin_tgamma)
CU2AMD_UNARY(trunc, trunc, __builtin_truncf, __builtin_trunc)
CU2AMD_UNARY(y0, y0, __cu2amd_libm_y0f, __cu2amd_y0)
CU2AMD_UNARY(y1, y1, __cu2amd_libm_y1f, __cu2amd_y1)

CU2AMD_BINARY(atan2, atan2, __builtin_atan2f, __builtin_atan2)
CU2AMD_BINARY(copysign, copysign, __builtin_copysignf, __builtin_copysign)
CU2AMD_BINARY(fdim, fdim, __builtin_fdimf, __builtin_fdim)
CU2AMD_BINARY(fmax, fmax, __builtin_fmaxf, __builtin_fmax)
CU2AMD_BINARY(fmin, fmin, __builtin_fminf, __builtin_fmin)
CU2AMD_BINARY(fmod, fmod, __builtin_fmodf, __builtin_fmod)
CU2AMD_BINARY(hypot, hypot, __builtin_hypotf, __builtin_hypot)
CU2AMD_BINARY(nextafter, nextafter, __builtin_nextafterf, __builtin_nextafter)
CU2AMD_BINARY(pow, pow, __builtin_powf, __builtin_pow)
CU2AMD_BINARY(remainder, remainder, __builtin_remainderf, __builtin_remainder)
CU2AMD_BINARY(rhypot, rhypot, CU2AMD_VIA_DOUBLE(__cu2amd_rhypot), __cu2amd_rhypot)

CU2AMD_DEVICE_INLINE float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
CU2AMD_DEVICE_INLINE double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }
CU2AMD_DEVICE_INLINE float fdividef(float x, float y) { return x / y; }

/* Exponent handling: LLVM intrinsics on both targets. */
CU2AMD_DEVICE_INLINE float frexpf(float x, int *e) { return __builtin_frexpf(x, e); }
CU2AMD_DEVICE_INLINE double frexp(double x, int *e) { return __builtin_frexp(x, e); }
CU2AMD_DEVICE_INLINE float ldexpf(float x, int e) { return __builtin_ldexpf(x, e); }
CU2AMD_DEVICE_INLINE double ldexp(double x, int e) { return __builtin_ldexp(x, e); }
CU2AMD_DEVICE_INLINE float scalbnf(float x, int n) { return __builtin_ldexpf(x, n); }
CU2AMD_DEVICE_INLINE double scalbn(double x, int n) { return __builtin_ldexp(x, n); }
CU2AMD_DEVICE_INLINE int __cu2amd_clamp_exp(long n) { return n > 100000 ? 100000 : n < -100000 ? -100000 : (int)n; }
CU2AMD_DEVICE_INLINE float scalblnf(float x, long n) { return __builtin_ldexpf(x, __cu2amd_clamp_exp(n)); }
CU2AMD_DEVICE_INLINE double scalbln(double x, long n) { return __builtin_ldexp(x, __cu2amd_clamp_exp(n)); }
#if defined(__HIP__)
extern "C" __device__ __attribute__((const)) int __ocml_ilogb_f32(float);
extern "C" __device__ __attribute__((const)) int __ocml_ilogb_f64(double);
CU2AMD_DEVICE_INLINE int ilogbf(float x) { return __ocml_ilogb_f32(x); }
CU2AMD_DEVICE_INLINE int ilogb(double x) { return __ocml_ilogb_f64(x); }
#else
CU2AMD_DEVICE_INLINE int ilogbf(float x) { return __builtin_ilogbf(x); }
CU2AMD_DEVICE_INLINE int ilogb(double x) { return __builtin_ilogb(x); }
#endif

/* modf: the integral part (through *iptr) and the fraction, both with x's sign. */
CU2AMD_DEVICE_INLINE float modff(float x, float *iptr) {
    float i = __builtin_truncf(x);
    *iptr = i;
    return __builtin_copysignf(__builtin_isinf(x) ? 0.0f : x - i, x);
}
CU2AMD_DEVICE_INLINE double modf(double x, double *iptr) {
    double i = __builtin_trunc(x);
    *iptr = i;
    return __builtin_copysign(__builtin_isinf(x) ? 0.0 : x - i, x);
}

/* Conversions to integers (CUDA leaves results for out-of-range values undefined). */
CU2AMD_DEVICE_INLINE long lrintf(float x) { return (long)rintf(x); }
CU2AMD_DEVICE_INLINE long lrint(double x) { return (long)rint(x); }
CU2AMD_DEVICE_INLINE long long llrintf(float x) { return (long long)rintf(x); }
CU2AMD_DEVICE_INLINE long long llrint(double x) { return (long long)rint(x); }
CU2AMD_DEVICE_INLINE long lroundf(float x) { return (long)roundf(x); }
CU2AMD_DEVICE_INLINE long lround(double x) { return (long)round(x); }
CU2AMD_DEVICE_INLINE long long llroundf(float x) { return (long long)roundf(x); }
CU2AMD_DEVICE_INLINE long long llround(double x) { return (long long)round(x); }

/* Functions with results through pointers. OCML takes those in private memory. */
#if defined(__HIP__)
extern "C" __device__ float __ocml_remquo_f32(float, float, CU2AMD_PRIVATE int *);
extern "C" __device__ double __ocml_remquo_f64(double, double, CU2AMD_PRIVATE int *);
extern "C" __device__ float __ocml_sincos_f32(float, CU2AMD_PRIVATE float *);
extern "C" __device__ double __ocml_sincos_f64(double, CU2AMD_PRIVATE double *);
extern "C" __device__ float __ocml_sincospi_f32(float, CU2AMD_PRIVATE float *);
extern "C" __device__ double __ocml_sincospi_f64(double, CU2AMD_PRIVATE double *);
CU2AMD_DEVICE_INLINE float remquof(float x, float y, int *quo) {
    int __tmp;
    float __r = __ocml_remquo_f32(x, y, (CU2AMD_PRIVATE int *)&__tmp);
    *quo = __tmp;
    return __r;
}
CU2AMD_DEVICE_INLINE double remquo(double x, double y, int *quo) {
    int __tmp;
    double __r = __ocml_remquo_f64(x, y, (CU2AMD_PRIVATE int *)&__tmp);
    *quo = __tmp;
    return __r;
}
CU2AMD_DEVICE_INLINE void sincosf(float x, float *s, float *c) {
    float __tmp;
    *s = __ocml_sincos_f32(x, (CU2AMD_PRIVATE float *)&__tmp);
    *c = __tmp;
}
CU2AMD_DEVICE_INLINE void sincos(double x, double *s, double *c) {
    double __tmp;
    *s = __ocml_sincos_f64(x, (CU2AMD_PRIVATE double *)&__tmp);
    *c = __tmp;
}
CU2AMD_DEVICE_INLINE void sincospif(float x, float *s, float *c) {
    float __tmp;
    *s = __ocml_sincospi_f32(x, (CU2AMD_PRIVATE float *)&__tmp);
    *c = __tmp;
}
CU2AMD_DEVICE_INLINE void sincospi(double x, double *s, double *c) {
    double __tmp;
    *s = __ocml_sincospi_f64(x, (CU2AMD_PRIVATE double *)&__tmp);
    *c = __tmp;
}
#else
CU2AMD_DEVICE_INLINE float remquof(float x, float y, int *quo) { return __builtin_remquof(x, y, quo); }
CU2AMD_DEVICE_INLINE double remquo(double x, double y, int *quo) { return __builtin_remquo(x, y, quo); }
CU2AMD_DEVICE_INLINE void sincosf(float x, float *s, float *c) {
    *s = __builtin_sinf(x);
    *c = __builtin_cosf(x);
}
CU2AMD_DEVICE_INLINE void sincos(double x, double *s, double *c) {
    *s = __builtin_sin(x);
    *c = __builtin_cos(x);
}
CU2AMD_DEVICE_INLINE void sincospif(float x, float *s, float *c) {
    *s = (float)__cu2amd_sinpi(x);
    *c = (float)__cu2amd_cospi(x);
}
CU2AMD_DEVICE_INLINE void sincospi(double x, double *s, double *c) {
    *s = __cu2amd_sinpi(x);
    *c = __cu2amd_cospi(x);
}
#endif

/* Bessel functions of integer order n: libm on the host; on AMD GPUs (OCML has none)
 * the recurrences (defined on both targets, so that the host tests them): forward from Y0, Y1 for yn; for jn forward where it is stable
 * (n < |x|), else Miller's backward recurrence normalised by J0. */
CU2AMD_DEVICE_INLINE double __cu2amd_yn(int n, double x) {
    double sign = n < 0 && (n & 1) ? -1.0 : 1.0;
    n = n < 0 ? -n : n;
    if (x <= 0.0) return x == 0.0 ? -__builtin_inf() : __builtin_nan("");
    if (n == 0) return y0(x);
    double a = y0(x), b = y1(x);
    for (int k = 1; k < n; ++k) {
        double c = (2.0 * k / x) * b - a;
        a = b;
        b = c;
    }
    return sign * b;
}
CU2AMD_DEVICE_INLINE double __cu2amd_jn(int n, double x) {
    double sign = n < 0 && (n & 1) ? -1.0 : 1.0;
    n = n < 0 ? -n : n;
    if (n == 0) return j0(x);
    if (n == 1) return sign * j1(x);
    if (x == 0.0 || !__builtin_isfinite(x)) return __builtin_isnan(x) ? x : 0.0;
    double ax = __builtin_fabs(x), result;
    if (ax < 1e-5) { /* (x/2)^n / n! (1 - (x/2)^2 / (n + 1)): no recurrence to overflow */
        double t = 1.0;
        for (int k = 1; k <= n; ++k) t *= 0.5 * ax / k;
        result = t * (1.0 - 0.25 * ax * ax / (n + 1));
    } else if (ax > (double)n) {
        double a = j0(ax), b = j1(ax);
        for (int k = 1; k < n; ++k) {
            double c = (2.0 * k / ax) * b - a;
            a = b;
            b = c;
        }
        result = b;
    } else {
        int m = 2 * ((n + (int)__builtin_sqrt(160.0 * n)) / 2);
        double next = 0.0, cur = 1.0, sum = 0.0, jn_value = 0.0;
        for (int k = m; k > 0; --k) {
            double prev = (2.0 * k / ax) * cur - next;
            next = cur;
            cur = prev;
            if (__builtin_fabs(cur) > 1e250) { /* rescale */
                cur *= 1e-250;
                next *= 1e-250;
                jn_value *= 1e-250;
                sum *= 1e-250;
            }
            if (k & 1) sum += cur;
            if (k - 1 == n) jn_value = cur;
        }
        /* cur = J0 (unnormalised); J0 + 2 (J2 + J4 + ...) = 1 */
        result = jn_value / (2.0 * sum - cur);
    }
    return x < 0 && (n & 1) ? -sign * result : sign * result;
}
#if defined(__HIP__)
CU2AMD_DEVICE_INLINE float jnf(int n, float x) { return (float)__cu2amd_jn(n, x); }
CU2AMD_DEVICE_INLINE double jn(int n, double x) { return __cu2amd_jn(n, x); }
CU2AMD_DEVICE_INLINE float ynf(int n, float x) { return (float)__cu2amd_yn(n, x); }
CU2AMD_DEVICE_INLINE double yn(int n, double x) { return __cu2amd_yn(n, x); }
#else
CU2AMD_DEVICE_INLINE float jnf(int n, float x) { return __cu2amd_libm_jnf(n, x); }
CU2AMD_DEVICE_INLINE double jn(int n, double x) { return __cu2amd_libm_jn(n, x); }
CU2AMD_DEVICE_INLINE float ynf(int n, float x) { return __cu2amd_libm_ynf(n, x); }
CU2AMD_DEVICE_INLINE double yn(int n, double x) { return __cu2amd_libm_yn(n, x); }
#endif

/* Euclidean norms of 3, 4 and dim values and their reciprocals. */
#if defined(__HIP__)
CU2AMD_OCML_DECL3(len3)
CU2AMD_OCML_DECL3(rlen3)
extern "C" __device__ __attribute__((const)) float __ocml_len4_f32(float, float, float, float);
extern "C" __device__ __attribute__((const)) double __ocml_len4_f64(double, double, double, double);
extern "C" __device__ __attribute__((const)) float __ocml_rlen4_f32(float, float, float, float);
extern "C" __device__ __attribute__((const)) double __ocml_rlen4_f64(double, double, double, double);
#define CU2AMD_NORM3(f, d) return f(a, b, c)
#define CU2AMD_NORM4(f, d) return f(a, b, c, e)
#else
#define CU2AMD_NORM3(f, d)                                                                      \
    const double v[3] = {a, b, c};                                                              \
    return d(3, v)
#define CU2AMD_NORM4(f, d)                                                                      \
    const double v[4] = {a, b, c, e};                                                           \
    return d(4, v)
#endif
CU2AMD_DEVICE_INLINE float norm3df(float a, float b, float c) { CU2AMD_NORM3(__ocml_len3_f32, (float)__cu2amd_norm); }
CU2AMD_DEVICE_INLINE double norm3d(double a, double b, double c) { CU2AMD_NORM3(__ocml_len3_f64, __cu2amd_norm); }
CU2AMD_DEVICE_INLINE float rnorm3df(float a, float b, float c) { CU2AMD_NORM3(__ocml_rlen3_f32, (float)__cu2amd_rnorm); }
CU2AMD_DEVICE_INLINE double rnorm3d(double a, double b, double c) { CU2AMD_NORM3(__ocml_rlen3_f64, __cu2amd_rnorm); }
CU2AMD_DEVICE_INLINE float norm4df(float a, float b, float c, float e) { CU2AMD_NORM4(__ocml_len4_f32, (float)__cu2amd_norm); }
CU2AMD_DEVICE_INLINE double norm4d(double a, double b, double c, double e) { CU2AMD_NORM4(__ocml_len4_f64, __cu2amd_norm); }
CU2AMD_DEVICE_INLINE float rnorm4df(float a, float b, float c, float e) { CU2AMD_NORM4(__ocml_rlen4_f32, (float)__cu2amd_rnorm); }
CU2AMD_DEVICE_INLINE double rnorm4d(double a, double b, double c, double e) { CU2AMD_NORM4(__ocml_rlen4_f64, __cu2amd_rnorm); }
#undef CU2AMD_NORM3
#undef CU2AMD_NORM4
/* dim values: float ones squared exactly in double (no overflow, no underflow) */
CU2AMD_DEVICE_INLINE double __cu2amd_sumsq_f(int dim, const float *p) {
    double s = 0.0;
    for (int i = 0; i < dim; ++i) s = __builtin_fma((double)p[i], (double)p[i], s);
    return s;
}
CU2AMD_DEVICE_INLINE float normf(int dim, const float *p) {
    for (int i = 0; i < dim; ++i)
        if (__builtin_isinf(p[i])) return __builtin_inff();
    return (float)__builtin_sqrt(__cu2amd_sumsq_f(dim, p));
}
CU2AMD_DEVICE_INLINE float rnormf(int dim, const float *p) {
    for (int i = 0; i < dim; ++i)
        if (__builtin_isinf(p[i])) return 0.0f;
    return (float)(1.0 / __builtin_sqrt(__cu2amd_sumsq_f(dim, p)));
}
CU2AMD_DEVICE_INLINE double norm(int dim, const double *p) { return __cu2amd_norm(dim, p); }
CU2AMD_DEVICE_INLINE double rnorm(int dim, const double *p) { return __cu2amd_rnorm(dim, p); }

/* nan(tagp): a quiet NaN whose payload is tagp read as strtoull(tagp, 0, 0) would
 * (decimal, 0x hexadecimal or 0 octal), as the C library's nan() does. */
CU2AMD_DEVICE_INLINE unsigned long long __cu2amd_nan_payload(const char *tagp) {
    unsigned long long v = 0, base = 10;
    if (tagp[0] == '0') {
        base = 8;
        ++tagp;
        if (*tagp == 'x' || *tagp == 'X') {
            base = 16;
            ++tagp;
        }
    }
    for (;; ++tagp) {
        char ch = *tagp;
        unsigned long long digit;
        if (ch >= '0' && ch <= '9') digit = (unsigned long long)(ch - '0');
        else if (ch >= 'a' && ch <= 'f') digit = (unsigned long long)(ch - 'a' + 10);
        else if (ch >= 'A' && ch <= 'F') digit = (unsigned long long)(ch - 'A' + 10);
        else break;
        if (digit >= base) return 0; /* not a number: the default NaN */
        if (__builtin_mul_overflow(v, base, &v) || __builtin_add_overflow(v, digit, &v))
            v = ~0ull; /* strtoull saturates */
    }
    return *tagp == '\0' ? v : 0;
}
CU2AMD_DEVICE_INLINE float nanf(const char *tagp) {
    unsigned int bits = 0x7fc00000u | ((unsigned int)__cu2amd_nan_payload(tagp) & 0x3fffffu);
    return __builtin_bit_cast(float, bits);
}
CU2AMD_DEVICE_INLINE double nan(const char *tagp) {
    unsigned long long bits = 0x7ff8000000000000ull | (__cu2amd_nan_payload(tagp) & 0x7ffffffffffffull);
    return __builtin_bit_cast(double, bits);
}

/* Classification. */
CU2AMD_DEVICE_INLINE bool isfinite(float x) { return __builtin_isfinite(x); }
CU2AMD_DEVICE_INLINE bool isfinite(double x) { return __builtin_isfinite(x); }
CU2AMD_DEVICE_INLINE bool isinf(float x) { return __builtin_isinf(x); }
CU2AMD_DEVICE_INLINE bool isinf(double x) { return __builtin_isinf(x); }
CU2AMD_DEVICE_INLINE bool isnan(float x) { return __builtin_isnan(x); }
CU2AMD_DEVICE_INLINE bool isnan(double x) { return __builtin_isnan(x); }
CU2AMD_DEVICE_INLINE bool signbit(float x) { return __builtin_signbit(x); }
CU2AMD_DEVICE_INLINE bool signbit(double x) { return __builtin_signbit(x); }

/* Integer functions: min and max for every pair of integer types CUDA overloads, as
 * CUDA does mixed signed/unsigned pairs compare as unsigned. */
#define CU2AMD_MINMAX(ret, a_type, b_type)                                                      \
    CU2AMD_HOST_DEVICE_INLINE ret min(a_type a, b_type b) { return (ret)a < (ret)b ? (ret)a : (ret)b; } \
    CU2AMD_HOST_DEVICE_INLINE ret max(a_type a, b_type b) { return (ret)a > (ret)b ? (ret)a : (ret)b; }
CU2AMD_MINMAX(int, int, int)
CU2AMD_MINMAX(unsigned int, unsigned int, unsigned int)
CU2AMD_MINMAX(unsigned int, int, unsigned int)
CU2AMD_MINMAX(unsigned int, unsigned int, int)
CU2AMD_MINMAX(long, long, long)
CU2AMD_MINMAX(unsigned long, unsigned long, unsigned long)
CU2AMD_MINMAX(unsigned long, long, unsigned long)
CU2AMD_MINMAX(unsigned long, unsigned long, long)
CU2AMD_MINMAX(long long, long long, long long)
CU2AMD_MINMAX(unsigned long long, unsigned long long, unsigned long long)
CU2AMD_MINMAX(unsigned long long, long long, unsigned long long)
CU2AMD_MINMAX(unsigned long long, unsigned long long, long long)
#undef CU2AMD_MINMAX
CU2AMD_HOST_DEVICE_INLINE float min(float a, float b) { return __builtin_fminf(a, b); }
CU2AMD_HOST_DEVICE_INLINE float max(float a, float b) { return __builtin_fmaxf(a, b); }
CU2AMD_HOST_DEVICE_INLINE double min(double a, double b) { return __builtin_fmin(a, b); }
CU2AMD_HOST_DEVICE_INLINE double max(double a, double b) { return __builtin_fmax(a, b); }
CU2AMD_HOST_DEVICE_INLINE double min(float a, double b) { return __builtin_fmin(a, b); }
CU2AMD_HOST_DEVICE_INLINE double max(float a, double b) { return __builtin_fmax(a, b); }
CU2AMD_HOST_DEVICE_INLINE double min(double a, float b) { return __builtin_fmin(a, b); }
CU2AMD_HOST_DEVICE_INLINE double max(double a, float b) { return __builtin_fmax(a, b); }
CU2AMD_DEVICE_INLINE int abs(int a) { return a < 0 ? (int)(0u - (unsigned int)a) : a; }
CU2AMD_DEVICE_INLINE long labs(long a) { return a < 0 ? (long)(0ul - (unsigned long)a) : a; }
CU2AMD_DEVICE_INLINE long long llabs(long long a) { return a < 0 ? (long long)(0ull - (unsigned long long)a) : a; }
CU2AMD_DEVICE_INLINE unsigned int umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
CU2AMD_DEVICE_INLINE unsigned int umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
CU2AMD_DEVICE_INLINE long long llmin(long long a, long long b) { return a < b ? a : b; }
CU2AMD_DEVICE_INLINE long long llmax(long long a, long long b) { return a > b ? a : b; }
CU2AMD_DEVICE_INLINE unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
CU2AMD_DEVICE_INLINE unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }

#undef CU2AMD_UNARY
#undef CU2AMD_BINARY
#undef CU2AMD_TERNARY
#undef CU2AMD_LIBM
#undef CU2AMD_VIA_DOUBLE

#endif
