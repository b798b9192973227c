/* Portable implementations behind cu2amd/math_functions.h, for the host platform where
 * the C library has no such function (erfinv, erfcinv, erfcx, normcdf, normcdfinv,
 * cyl_bessel_i0/i1, sinpi, cospi, rsqrt, rcbrt, norm*, rnorm*): written on libm's
 * functions plus double-double arithmetic (error-free transformations with fma), each
 * within CUDA's documented ulp bound for the function (tests/test_device_math.py measures
 * them against mpmath). Also the error-free pieces the directed-rounding intrinsics use.
 *
 * Every function here is compiled with contraction and reassociation off, whatever the
 * command line says: the error terms below are exact only if `a * b - p` is neither
 * fused nor reassociated behind our back. (-use_fast_math's other assumptions, no NaN,
 * no infinity, approximate division, are not undone: under it only finite, normal
 * operands keep the directed-rounding intrinsics exact.) */
#ifndef CU2AMD_MATH_PORTABLE_H
#define CU2AMD_MATH_PORTABLE_H

#include "cu2amd/config.h"

#define CU2AMD_NO_CONTRACT _Pragma("clang fp reassociate(off) contract(off)")

/* A double-double: hi + lo with |lo| <= ulp(hi) / 2. */
struct __cu2amd_dd {
    double hi, lo;
};

CU2AMD_DEVICE_INLINE __cu2amd_dd __cu2amd_two_sum(double a, double b) {
    CU2AMD_NO_CONTRACT
    double s = a + b, bb = s - a;
    return {s, (a - (s - bb)) + (b - bb)};
}
CU2AMD_DEVICE_INLINE __cu2amd_dd __cu2amd_fast_two_sum(double a, double b) { /* |a| >= |b| */
    CU2AMD_NO_CONTRACT
    double s = a + b;
    return {s, b - (s - a)};
}
CU2AMD_DEVICE_INLINE __cu2amd_dd __cu2amd_two_prod(double a, double b) {
    CU2AMD_NO_CONTRACT
    double p = a * b;
    return {p, __builtin_fma(a, b, -p)};
}
CU2AMD_DEVICE_INLINE __cu2amd_dd __cu2amd_dd_add(__cu2amd_dd a, __cu2amd_dd b) {
    CU2AMD_NO_CONTRACT
    __cu2amd_dd s = __cu2amd_two_sum(a.hi, b.hi);
    return __cu2amd_fast_two_sum(s.hi, s.lo + a.lo + b.lo);
}
CU2AMD_DEVICE_INLINE __cu2amd_dd __cu2amd_dd_mul(__cu2amd_dd a, __cu2amd_dd b) {
    CU2AMD_NO_CONTRACT
    __cu2amd_dd p = __cu2amd_two_prod(a.hi, b.hi);
    return __cu2amd_fast_two_sum(p.hi, p.lo + (a.hi * b.lo + a.lo * b.hi));
}
CU2AMD_DEVICE_INLINE __cu2amd_dd __cu2amd_dd_div_d(__cu2amd_dd a, double b) {
    CU2AMD_NO_CONTRACT
    double q = a.hi / b;
    __cu2amd_dd p = __cu2amd_two_prod(q, b);
    double r = ((a.hi - p.hi) - p.lo + a.lo) / b;
    return __cu2amd_fast_two_sum(q, r);
}

/* sqrt(hi + lo) and 1 / sqrt(hi + lo) to about half an ulp, hi > 0 finite. */
CU2AMD_DEVICE_INLINE double __cu2amd_sqrt_dd(double hi, double lo) {
    CU2AMD_NO_CONTRACT
    double r = __builtin_sqrt(hi);
    double e = __builtin_fma(-r, r, hi) + lo;
    return r + e / (2.0 * r);
}
CU2AMD_DEVICE_INLINE double __cu2amd_rsqrt_dd(double hi, double lo) {
    CU2AMD_NO_CONTRACT
    double y = 1.0 / __builtin_sqrt(hi);
    __cu2amd_dd y2 = __cu2amd_two_prod(y, y);
    /* t = 1 - (hi + lo) * y^2, y^2 = y2.hi + y2.lo */
    double t = __builtin_fma(-hi, y2.hi, 1.0) - (hi * y2.lo + lo * y2.hi);
    return __builtin_fma(y * 0.5, t, y);
}

CU2AMD_DEVICE_INLINE double __cu2amd_rsqrt(double x) {
    if (!(x > 0.0) || x == __builtin_inf()) return 1.0 / __builtin_sqrt(x);
    if (x < 0x1p-1000) return __cu2amd_rsqrt_dd(x * 0x1p200, 0.0) * 0x1p100;
    if (x > 0x1p1000) return __cu2amd_rsqrt_dd(x * 0x1p-200, 0.0) * 0x1p-100;
    return __cu2amd_rsqrt_dd(x, 0.0);
}

/* 1 / cbrt(x): one Newton step on y^-3 = x with the residual in double-double. */
CU2AMD_DEVICE_INLINE double __cu2amd_rcbrt(double x) {
    CU2AMD_NO_CONTRACT
    if (x == 0.0 || !__builtin_isfinite(x)) return 1.0 / __builtin_cbrt(x);
    double a = __builtin_fabs(x);
    int e;
    __builtin_frexp(a, &e);
    int k = (e >= 0 ? e : e - 2) / 3; /* a = m * 2^(3k), m in about [1/8, 8] */
    double m = __builtin_ldexp(a, -3 * k);
    double y = 1.0 / __builtin_cbrt(m);
    __cu2amd_dd y2 = __cu2amd_two_prod(y, y);
    __cu2amd_dd y3 = __cu2amd_dd_mul(y2, {y, 0.0});
    __cu2amd_dd my3 = __cu2amd_dd_mul(y3, {m, 0.0});
    double t = (1.0 - my3.hi) - my3.lo; /* 1 - m y^3, my3.hi is close to 1: exact */
    y = __builtin_fma(y * (1.0 / 3.0), t, y);
    return __builtin_copysign(__builtin_ldexp(y, -k), x);
}

/* cbrt(x): libm's, then one Newton step on y^3 = x with the residual in double-double
 * (glibc's cbrt alone is off by up to 3 ulp; CUDA's bound is 1). */
CU2AMD_DEVICE_INLINE double __cu2amd_cbrt(double x) {
    CU2AMD_NO_CONTRACT
    if (x == 0.0 || !__builtin_isfinite(x)) return x;
    double a = __builtin_fabs(x);
    int e;
    __builtin_frexp(a, &e);
    int k = (e >= 0 ? e : e - 2) / 3;
    double m = __builtin_ldexp(a, -3 * k); /* m in about [1/8, 8], a = m 2^(3k) */
    double y = __builtin_cbrt(m);
    __cu2amd_dd y3 = __cu2amd_dd_mul(__cu2amd_two_prod(y, y), {y, 0.0});
    double r = (m - y3.hi) - y3.lo; /* m - y^3, y3.hi close to m: exact */
    y += r / (3.0 * y * y);
    return __builtin_copysign(__builtin_ldexp(y, k), x);
}

/* 10^x = e^(x ln 10) with x ln 10 in double-double. */
CU2AMD_DEVICE_INLINE double __cu2amd_exp10(double x) {
    CU2AMD_NO_CONTRACT
    if (!__builtin_isfinite(x)) return x == -__builtin_inf() ? 0.0 : x;
    if (x > 309.0) return __builtin_inf();
    if (x < -330.0) return 0.0;
    __cu2amd_dd t = __cu2amd_dd_mul({x, 0.0}, {0x1.26bb1bbb55516p+1, -0x1.f48ad494ea3e9p-53});
    double e = __builtin_exp(t.hi);
    return e + e * t.lo;
}

/* tanh (glibc's is off by up to 2 ulp; CUDA's bound is 1): its Taylor series below 0.625,
 * (e^2x - 1) / (e^2x + 1) in double-double above. */
CU2AMD_DEVICE_INLINE double __cu2amd_tanh(double x) {
    CU2AMD_NO_CONTRACT
    double a = __builtin_fabs(x);
    if (!(a < 22.0)) return __builtin_isnan(x) ? x : __builtin_copysign(1.0, x);
    if (a < 0.625) {
        /* tanh x = x + x^3 (a_1 + a_2 x^2 + ...), a_n from the Bernoulli numbers */
        const double c[22] = {
        -0x1.5555555555555p-2, 0x1.1111111111111p-3, -0x1.ba1ba1ba1ba1cp-5, 0x1.664f4882c10fap-6,
        -0x1.226e355e6c23dp-7, 0x1.d6d3d0e157de0p-9, -0x1.7da36452b75e3p-10, 0x1.3558248036744p-11,
        -0x1.f57d7734d1664p-13, 0x1.967e18afcafadp-14, -0x1.497d8eea25259p-15, 0x1.0b132d39a6050p-16,
        -0x1.b0f72d3ee24e9p-18, 0x1.5ef2da474e5b7p-19, -0x1.1c77df95c1c0dp-20, 0x1.cd299de4ae6bbp-22,
        -0x1.75cde6563fed9p-23, 0x1.2efe8db3aff1fp-24, -0x1.eb3229047434cp-26, 0x1.8e25ff9327e2cp-27,
        -0x1.42ba1a349b490p-28, 0x1.0597b61cb3092p-29};
        double x2 = x * x, q = c[21];
        for (int i = 20; i >= 0; --i) q = __builtin_fma(q, x2, c[i]);
        return __builtin_fma(x * x2, q, x);
    }
    double e = __builtin_exp(2.0 * a);
    __cu2amd_dd num = __cu2amd_two_sum(e, -1.0), den = __cu2amd_two_sum(e, 1.0);
    double q = num.hi / den.hi;
    __cu2amd_dd p = __cu2amd_two_prod(q, den.hi);
    double r = ((num.hi - p.hi) - p.lo + num.lo - q * den.lo) / den.hi;
    return __builtin_copysign(q + r, x);
}

/* sin(pi x), cos(pi x): x reduced exactly modulo 2, then pi * r in double-double. */
CU2AMD_DEVICE_INLINE double __cu2amd_sinpi_reduced(double r) { /* |r| <= 1/4 */
    CU2AMD_NO_CONTRACT
    __cu2amd_dd a = __cu2amd_dd_mul({0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53}, {r, 0.0});
    return __builtin_sin(a.hi) + __builtin_cos(a.hi) * a.lo;
}
CU2AMD_DEVICE_INLINE double __cu2amd_cospi_reduced(double r) { /* |r| <= 1/4 */
    CU2AMD_NO_CONTRACT
    __cu2amd_dd a = __cu2amd_dd_mul({0x1.921fb54442d18p+1, 0x1.1a62633145c07p-53}, {r, 0.0});
    return __builtin_cos(a.hi) - __builtin_sin(a.hi) * a.lo;
}
/* x = 2n + q/2 + r, |r| <= 1/4: sin(pi x) by the quadrant q. */
CU2AMD_DEVICE_INLINE double __cu2amd_sinpi(double x) {
    if (!__builtin_isfinite(x)) return x - x;
    double a = __builtin_fmod(__builtin_fabs(x), 2.0); /* exact */
    double q = __builtin_rint(a * 2.0);                /* exact: a * 2 */
    double r = a - q * 0.5;                            /* exact */
    double s;
    switch ((int)q) {
    case 0: s = __cu2amd_sinpi_reduced(r); break;
    case 1: s = __cu2amd_cospi_reduced(r); break;
    case 2: s = -__cu2amd_sinpi_reduced(r); break;
    case 3: s = -__cu2amd_cospi_reduced(r); break;
    default: s = __cu2amd_sinpi_reduced(r); break; /* q == 4: a rounded up to 2 */
    }
    if (s == 0.0) s = 0.0; /* sinpi(n) = +0 for n != 0, as sin(pi n) rounds */
    return x == 0.0 ? x : (x < 0 ? -s : s);
}
CU2AMD_DEVICE_INLINE double __cu2amd_cospi(double x) {
    if (!__builtin_isfinite(x)) return x - x;
    double a = __builtin_fmod(__builtin_fabs(x), 2.0);
    double q = __builtin_rint(a * 2.0);
    double r = a - q * 0.5;
    double c;
    switch ((int)q) {
    case 0: c = __cu2amd_cospi_reduced(r); break;
    case 1: c = -__cu2amd_sinpi_reduced(r); break;
    case 2: c = -__cu2amd_cospi_reduced(r); break;
    case 3: c = __cu2amd_sinpi_reduced(r); break;
    default: c = __cu2amd_cospi_reduced(r); break;
    }
    return c == 0.0 ? 0.0 : c; /* cospi(n + 1/2) = +0 */
}

/* sqrt(sum of squares) and its reciprocal, scaled so that nothing overflows or
 * underflows, the sum of squares in double-double. */
CU2AMD_DEVICE_INLINE __cu2amd_dd __cu2amd_sum_squares(int n, const double *v, int *scale) {
    double m = 0.0;
    for (int i = 0; i < n; ++i) { /* not fmax: LLVM 22 miscompiles that reduction on x86 */
        double a = __builtin_fabs(v[i]);
        m = a > m ? a : m;
    }
    int e = 0;
    if (m != 0.0 && __builtin_isfinite(m)) __builtin_frexp(m, &e); /* ilogb(m) + 1 */
    *scale = e - 1;
    __cu2amd_dd s = {0.0, 0.0};
    for (int i = 0; i < n; ++i) {
        double x = __builtin_ldexp(v[i], -*scale);
        s = __cu2amd_dd_add(s, __cu2amd_two_prod(x, x));
    }
    return s;
}
CU2AMD_DEVICE_INLINE double __cu2amd_norm(int n, const double *v) {
    for (int i = 0; i < n; ++i)
        if (__builtin_isinf(v[i])) return __builtin_inf();
    int scale;
    __cu2amd_dd s = __cu2amd_sum_squares(n, v, &scale);
    if (!(s.hi > 0.0)) return s.hi == 0.0 ? 0.0 : s.hi; /* 0, or NaN */
    return __builtin_ldexp(__cu2amd_sqrt_dd(s.hi, s.lo), scale);
}
CU2AMD_DEVICE_INLINE double __cu2amd_rnorm(int n, const double *v) {
    for (int i = 0; i < n; ++i)
        if (__builtin_isinf(v[i])) return 0.0;
    int scale;
    __cu2amd_dd s = __cu2amd_sum_squares(n, v, &scale);
    if (!(s.hi > 0.0)) return s.hi == 0.0 ? __builtin_inf() : s.hi;
    return __builtin_ldexp(__cu2amd_rsqrt_dd(s.hi, s.lo), -scale);
}

/* erfcx(x) = exp(x^2) erfc(x): the continued fraction of erfc for x >= 4, exp(x^2) with
 * x^2 in double-double times libm's erfc below. */
CU2AMD_DEVICE_INLINE double __cu2amd_exp_dd(__cu2amd_dd a) {
    CU2AMD_NO_CONTRACT
    double e = __builtin_exp(a.hi);
    return __builtin_isinf(e) ? e : e + e * a.lo;
}
CU2AMD_DEVICE_INLINE double __cu2amd_erfcx(double x) {
    CU2AMD_NO_CONTRACT
    if (__builtin_isnan(x)) return x;
    if (x >= 4.0) {
        if (x > 0x1p60) return 0x1.20dd750429b6dp-1 / x; /* 1 / (x sqrt(pi)) */
        double t = x;
        for (int k = 60; k >= 1; --k) t = x + (0.5 * k) / t;
        return 0x1.20dd750429b6dp-1 / t;
    }
    if (x < -26.7) return __builtin_inf();
    return __cu2amd_exp_dd(__cu2amd_two_prod(x, x)) * __builtin_erfc(x);
}

/* erfinv/erfcinv: a first guess refined by Newton steps on erf (|x| <= 1/2) or, for the
 * tails, on erfc through erfcx (so that nothing underflows). */
CU2AMD_DEVICE_INLINE double __cu2amd_erfinv_guess(double w) { /* w = -log(1 - x^2) */
    double p;
    if (w < 5.0) {
        w -= 2.5;
        p = 2.81022636e-08;
        p = 3.43273939e-07 + p * w;
        p = -3.5233877e-06 + p * w;
        p = -4.39150654e-06 + p * w;
        p = 0.00021858087 + p * w;
        p = -0.00125372503 + p * w;
        p = -0.00417768164 + p * w;
        p = 0.246640727 + p * w;
        p = 1.50140941 + p * w;
    } else {
        w = __builtin_sqrt(w) - 3.0;
        p = -0.000200214257;
        p = 0.000100950558 + p * w;
        p = 0.00134934322 + p * w;
        p = -0.00367342844 + p * w;
        p = 0.00573950773 + p * w;
        p = -0.0076224613 + p * w;
        p = 0.00943887047 + p * w;
        p = 1.00167406 + p * w;
        p = 2.83297682 + p * w;
    }
    return p; /* erfinv(x) ~ p * x */
}
/* y > 0 with erfc(y) = t, 0 < t <= 1/2 */
CU2AMD_DEVICE_INLINE double __cu2amd_erfc_tail_inv(double t) {
    CU2AMD_NO_CONTRACT
    double log_t = __builtin_log(t), y;
    if (t > 1e-6) {
        y = __cu2amd_erfinv_guess(-__builtin_log(t * (2.0 - t))) * (1.0 - t);
    } else { /* erfc(y) ~ exp(-y^2) / (y sqrt(pi)) */
        double l = -log_t;
        y = __builtin_sqrt(l - 0.5 * __builtin_log(0x1.921fb54442d18p+1 * l));
    }
    for (int i = 0; i < 6; ++i) {
        /* (erfc(y) - t) / erfc'(y) = -(sqrt(pi)/2) (erfcx(y) - t exp(y^2)) */
        __cu2amd_dd y2 = __cu2amd_two_prod(y, y);
        double texp = __cu2amd_exp_dd(__cu2amd_dd_add(y2, {log_t, 0.0}));
        y += 0x1.c5bf891b4ef6bp-1 * (__cu2amd_erfcx(y) - texp);
    }
    return y;
}
CU2AMD_DEVICE_INLINE double __cu2amd_erfinv(double x) {
    CU2AMD_NO_CONTRACT
    double a = __builtin_fabs(x);
    if (!(a < 1.0)) return a == 1.0 ? __builtin_copysign(__builtin_inf(), x) : __builtin_nan("");
    if (a == 0.0) return x;
    if (a > 0.5) return __builtin_copysign(__cu2amd_erfc_tail_inv(1.0 - a), x); /* 1 - a exact */
    double y = __cu2amd_erfinv_guess(-__builtin_log((1.0 - a) * (1.0 + a))) * a;
    for (int i = 0; i < 3; ++i)
        y -= (__builtin_erf(y) - a) * 0x1.c5bf891b4ef6bp-1 * __cu2amd_exp_dd(__cu2amd_two_prod(y, y));
    return __builtin_copysign(y, x);
}
CU2AMD_DEVICE_INLINE double __cu2amd_erfcinv(double t) {
    if (!(t > 0.0 && t < 2.0)) {
        if (t == 0.0) return __builtin_inf();
        if (t == 2.0) return -__builtin_inf();
        return __builtin_nan("");
    }
    if (t <= 0.5) return __cu2amd_erfc_tail_inv(t);
    if (t >= 1.5) return -__cu2amd_erfc_tail_inv(2.0 - t); /* exact */
    return __cu2amd_erfinv(1.0 - t);                     /* exact */
}

/* normcdf(x) = erfc(-x / sqrt 2) / 2, with -x / sqrt 2 in double-double. */
CU2AMD_DEVICE_INLINE double __cu2amd_normcdf(double x) {
    CU2AMD_NO_CONTRACT
    if (__builtin_isnan(x)) return x;
    if (x < -40.0) return 0.0;
    if (x > 40.0) return 1.0;
    __cu2amd_dd z = __cu2amd_dd_mul({-x, 0.0}, {0x1.6a09e667f3bcdp-1, -0x1.bdd3413b26456p-55});
    if (z.hi < 0.0) return 1.0 - 0.5 * __builtin_erfc(-z.hi);
    /* erfc(zh + zl) = exp(-zh^2) (erfcx(zh) - 2 zl / sqrt(pi)) to first order in zl */
    __cu2amd_dd z2 = __cu2amd_two_prod(z.hi, z.hi);
    double e = __cu2amd_exp_dd({-z2.hi, -z2.lo});
    return 0.5 * e * (__cu2amd_erfcx(z.hi) - 0x1.20dd750429b6dp+0 * z.lo);
}
CU2AMD_DEVICE_INLINE double __cu2amd_normcdfinv(double p) {
    CU2AMD_NO_CONTRACT
    return -0x1.6a09e667f3bcdp+0 * __cu2amd_erfcinv(2.0 * p);
}

/* Modified Bessel functions of the first kind: their power series (positive terms) in
 * double-double, which converges for every x where the result is finite. */
CU2AMD_DEVICE_INLINE double __cu2amd_bessel_i(double x, int order) {
    CU2AMD_NO_CONTRACT
    double a = __builtin_fabs(x);
    if (__builtin_isnan(x)) return x;
    if (a > 713.987) return order == 0 || x > 0 ? __builtin_inf() : -__builtin_inf();
    __cu2amd_dd q = __cu2amd_two_prod(a * 0.5, a * 0.5); /* (x/2)^2, a * 0.5 exact */
    __cu2amd_dd term = {order == 0 ? 1.0 : a * 0.5, 0.0}, sum = term;
    for (int k = 1; k < 1200; ++k) {
        term = __cu2amd_dd_mul(__cu2amd_dd_div_d(term, (double)k * (double)(k + order)), q);
        sum = __cu2amd_dd_add(sum, term);
        if (term.hi < sum.hi * 0x1p-110) break;
    }
    double r = sum.hi + sum.lo;
    return order == 1 && x < 0 ? -r : r;
}

#endif
