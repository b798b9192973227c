/* cu2amd's cuComplex.h: CUDA's single- and double-precision complex numbers, host and device,
 * C and C++.
 *
 * cuFloatComplex is a float2 and cuDoubleComplex a double2 (x: real part, y: imaginary
 * part); cuComplex is cuFloatComplex. The functions are CUDA's (cuCrealf ... cuCfma), with the
 * meanings CUDA documents:
 *   - cuCadd/cuCsub/cuConj/cuCmul: the textbook formulas (cuCmul's products may overflow or
 *     underflow where the result would not, as in CUDA);
 *   - cuCdiv: a quotient that neither overflows nor underflows in its intermediate steps:
 *     divisor and dividend are each scaled by a power of two (exact) to a magnitude below 1,
 *     divided, and the result scaled back by the difference of the two powers; infinities are
 *     handled as in C's Annex G (finite / infinite = 0, infinite / finite = infinity), a zero
 *     divisor gives IEEE's infinities and NaNs;
 *   - cuCabs: the modulus without overflow or underflow (hypot's: any infinite part gives
 *     infinity, else any NaN gives NaN);
 *   - cuCfma(x, y, d): x * y + d, each part computed with fused multiply-adds. */
#ifndef CU2AMD_CUCOMPLEX_H
#define CU2AMD_CUCOMPLEX_H

#include <math.h> /* as CUDA's cuComplex.h: its users may count on it */

#include "cu2amd/config.h"
#include "vector_types.h"

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

/* The functions of one precision. C is the complex type, T its real type, S the suffix of
 * the float names and of clang's/GCC's float builtins (f, or nothing for double), and MAKE
 * the constructor. The builtins become LLVM intrinsics (or inline code) on every target:
 * no C library is needed in device code. */
#define CU2AMD_CUCOMPLEX(C, T, S, MAKE)                                                                                \
    CU2AMD_HOST_DEVICE_INLINE T cuCreal##S(C x) { return x.x; }                                                        \
    CU2AMD_HOST_DEVICE_INLINE T cuCimag##S(C x) { return x.y; }                                                        \
    CU2AMD_HOST_DEVICE_INLINE C MAKE(T r, T i) {                                                                       \
        C z;                                                                                                           \
        z.x = r;                                                                                                       \
        z.y = i;                                                                                                       \
        return z;                                                                                                      \
    }                                                                                                                  \
    CU2AMD_HOST_DEVICE_INLINE C cuConj##S(C x) { return MAKE(x.x, -x.y); }                                             \
    CU2AMD_HOST_DEVICE_INLINE C cuCadd##S(C x, C y) { return MAKE(x.x + y.x, x.y + y.y); }                             \
    CU2AMD_HOST_DEVICE_INLINE C cuCsub##S(C x, C y) { return MAKE(x.x - y.x, x.y - y.y); }                             \
    CU2AMD_HOST_DEVICE_INLINE C cuCmul##S(C x, C y) {                                                                  \
        return MAKE(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);                                                     \
    }                                                                                                                  \
    /* x / y = 2^(j-k) * (x' / y'), with x = 2^j x' and y = 2^k y', |x'| and |y'| parts below 1 */                      \
    CU2AMD_HOST_DEVICE_INLINE C cuCdiv##S(C x, C y) {                                                                  \
        T a = x.x, b = x.y, c = y.x, d = y.y;                                                                          \
        int finite_x = __builtin_isfinite(a) && __builtin_isfinite(b);                                                 \
        int finite_y = __builtin_isfinite(c) && __builtin_isfinite(d);                                                 \
        T my = __builtin_fmax##S(__builtin_fabs##S(c), __builtin_fabs##S(d));                                          \
        if (finite_x && finite_y && my != (T)0) {                                                                      \
            int j = 0, k;                                                                                              \
            T mx = __builtin_fmax##S(__builtin_fabs##S(a), __builtin_fabs##S(b));                                      \
            if (mx != (T)0) {                                                                                          \
                (void)__builtin_frexp##S(mx, &j);                                                                      \
                a = __builtin_ldexp##S(a, -j);                                                                         \
                b = __builtin_ldexp##S(b, -j);                                                                         \
            }                                                                                                          \
            (void)__builtin_frexp##S(my, &k);                                                                          \
            c = __builtin_ldexp##S(c, -k);                                                                             \
            d = __builtin_ldexp##S(d, -k);                                                                             \
            T den = c * c + d * d; /* in [1/4, 2) */                                                                   \
            return MAKE(__builtin_ldexp##S((a * c + b * d) / den, j - k),                                              \
                        __builtin_ldexp##S((b * c - a * d) / den, j - k));                                             \
        }                                                                                                              \
        int nan_x = __builtin_isnan(a) || __builtin_isnan(b);                                                          \
        int nan_y = __builtin_isnan(c) || __builtin_isnan(d);                                                          \
        if (!nan_x && !nan_y && finite_x && !finite_y) { /* finite / infinite: a signed zero */                        \
            c = __builtin_copysign##S(__builtin_isinf(c) ? (T)1 : (T)0, c);                                            \
            d = __builtin_copysign##S(__builtin_isinf(d) ? (T)1 : (T)0, d);                                            \
            return MAKE((T)0 * (a * c + b * d), (T)0 * (b * c - a * d));                                               \
        }                                                                                                              \
        if (!nan_x && !nan_y && !finite_x && finite_y && my != (T)0) { /* infinite / finite */                         \
            const T inf = __builtin_huge_val##S();                                                                     \
            a = __builtin_copysign##S(__builtin_isinf(a) ? (T)1 : (T)0, a);                                            \
            b = __builtin_copysign##S(__builtin_isinf(b) ? (T)1 : (T)0, b);                                            \
            return MAKE(inf * (a * c + b * d), inf * (b * c - a * d));                                                 \
        }                                                                                                              \
        T den = c * c + d * d; /* NaNs, infinite / infinite, a zero divisor: IEEE's answers */                         \
        return MAKE((a * c + b * d) / den, (b * c - a * d) / den);                                                     \
    }                                                                                                                  \
    /* |x| = m * sqrt(1 + (n/m)^2), m and n the larger and the smaller magnitude of the parts */                       \
    CU2AMD_HOST_DEVICE_INLINE T cuCabs##S(C x) {                                                                       \
        T m = __builtin_fabs##S(x.x), n = __builtin_fabs##S(x.y);                                                      \
        if (__builtin_isinf(m) || __builtin_isinf(n)) return __builtin_huge_val##S();                                  \
        if (__builtin_isnan(m) || __builtin_isnan(n)) return m + n;                                                    \
        if (m < n) {                                                                                                   \
            T t = m;                                                                                                   \
            m = n;                                                                                                     \
            n = t;                                                                                                     \
        }                                                                                                              \
        if (m == (T)0) return m;                                                                                       \
        T r = n / m;                                                                                                   \
        return m * __builtin_sqrt##S((T)1 + r * r);                                                                    \
    }                                                                                                                  \
    CU2AMD_HOST_DEVICE_INLINE C cuCfma##S(C x, C y, C d) {                                                             \
        T re = __builtin_fma##S(-x.y, y.y, __builtin_fma##S(x.x, y.x, d.x));                                           \
        T im = __builtin_fma##S(x.y, y.x, __builtin_fma##S(x.x, y.y, d.y));                                            \
        return MAKE(re, im);                                                                                           \
    }

CU2AMD_CUCOMPLEX(cuFloatComplex, float, f, make_cuFloatComplex)
CU2AMD_CUCOMPLEX(cuDoubleComplex, double, , make_cuDoubleComplex)
#undef CU2AMD_CUCOMPLEX

CU2AMD_HOST_DEVICE_INLINE cuComplex make_cuComplex(float r, float i) { return make_cuFloatComplex(r, i); }

/* conversions between the precisions (to float: each part rounded to nearest) */
CU2AMD_HOST_DEVICE_INLINE cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) {
    return make_cuDoubleComplex((double)c.x, (double)c.y);
}
CU2AMD_HOST_DEVICE_INLINE cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) {
    return make_cuFloatComplex((float)c.x, (float)c.y);
}

#endif
