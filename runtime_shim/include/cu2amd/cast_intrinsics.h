/* CUDA's type casting intrinsics (Math API "Type Casting Intrinsics"): conversions with
 * the rounding mode their suffix names, and bit reinterpretations. Portable C++ for both
 * compile modes, with PTX cvt's semantics:
 *   - float -> integer rounds to an integer in the mode, then saturates to the type's range
 *     (negative values give 0 for unsigned types); NaN gives 0 where source and
 *     destination are both at most 32 bits wide (f2i, f2ui), otherwise the value with only
 *     the most significant bit set (d2i, d2ui, f2ll, f2ull, d2ll, d2ull: PTX ISA, cvt);
 *   - integer -> float and double -> float round in the mode: the nearest result, then one
 *     step toward the exact value when the mode asks for it (exact integer comparisons);
 *   - bit casts by __builtin_bit_cast.
 * The directed-rounding steps are math_intrinsics.h's. */
#ifndef CU2AMD_CAST_INTRINSICS_H
#define CU2AMD_CAST_INTRINSICS_H

#include "cu2amd/math_intrinsics.h"

/* --- bit reinterpretation ------------------------------------------------------------ */
CU2AMD_DEVICE_INLINE int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
CU2AMD_DEVICE_INLINE unsigned int __float_as_uint(float x) { return __builtin_bit_cast(unsigned int, x); }
CU2AMD_DEVICE_INLINE float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
CU2AMD_DEVICE_INLINE float __uint_as_float(unsigned int x) { return __builtin_bit_cast(float, x); }
CU2AMD_DEVICE_INLINE long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
CU2AMD_DEVICE_INLINE double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
CU2AMD_DEVICE_INLINE int __double2hiint(double x) {
    return (int)(unsigned int)(__builtin_bit_cast(unsigned long long, x) >> 32);
}
CU2AMD_DEVICE_INLINE int __double2loint(double x) {
    return (int)(unsigned int)__builtin_bit_cast(unsigned long long, x);
}
CU2AMD_DEVICE_INLINE double __hiloint2double(int hi, int lo) {
    return __builtin_bit_cast(double, (unsigned long long)(unsigned int)hi << 32 | (unsigned int)lo);
}

/* --- floating point -> integer ------------------------------------------------------- */
/* x rounded to an integer in the mode, as a double; exact: every double of magnitude at
 * least 2^52 is an integer, and below that the truncation and its remainder are exact. */
CU2AMD_DEVICE_INLINE double __cu2amd_round_integral(double x, int mode) {
    if (!(__builtin_fabs(x) < 0x1p52)) return x; /* NaN, infinity or already an integer */
    long long i = (long long)x;                  /* toward zero */
    double t = (double)i, f = x - t;             /* f in (-1, 1), exact */
    if (f == 0.0 || mode == __CU2AMD_RZ) return t;
    if (mode == __CU2AMD_RU) return f > 0.0 ? t + 1.0 : t;
    if (mode == __CU2AMD_RD) return f < 0.0 ? t - 1.0 : t;
    double a = __builtin_fabs(f); /* nearest, ties to even */
    if (a > 0.5 || (a == 0.5 && (i & 1))) return f > 0.0 ? t + 1.0 : t - 1.0;
    return t;
}

/* name(x): NaN -> nan_value; below lo -> min; at or above hi (the first value past the
 * range, a power of two) -> max; else the rounded value, exactly. */
#define CU2AMD_F2I(name, ftype, itype, mode, lo, hi, min, max, nan_value)                      \
    CU2AMD_DEVICE_INLINE itype name(ftype x) {                                                 \
        if (x != x) return nan_value;                                                          \
        double r = __cu2amd_round_integral((double)x, mode);                                   \
        if (r < lo) return min;                                                                \
        if (r >= hi) return max;                                                               \
        return (itype)r;                                                                       \
    }
#define CU2AMD_F2I_TYPES(src, ftype, suffix, mode, nan32)                                       \
    CU2AMD_F2I(src##2int_##suffix, ftype, int, mode, -0x1p31, 0x1p31, (-2147483647 - 1),       \
               2147483647, nan32 ? 0 : (-2147483647 - 1))                                       \
    CU2AMD_F2I(src##2uint_##suffix, ftype, unsigned int, mode, 0.0, 0x1p32, 0u, 4294967295u,  \
               nan32 ? 0u : 0x80000000u)                                                        \
    CU2AMD_F2I(src##2ll_##suffix, ftype, long long, mode, -0x1p63, 0x1p63,                     \
               (-9223372036854775807ll - 1), 9223372036854775807ll, (-9223372036854775807ll - 1)) \
    CU2AMD_F2I(src##2ull_##suffix, ftype, unsigned long long, mode, 0.0, 0x1p64, 0ull,         \
               18446744073709551615ull, 0x8000000000000000ull)
#define CU2AMD_F2I_MODES(src, ftype, nan32)                                                     \
    CU2AMD_F2I_TYPES(src, ftype, rn, __CU2AMD_RN, nan32)                                        \
    CU2AMD_F2I_TYPES(src, ftype, rz, __CU2AMD_RZ, nan32)                                        \
    CU2AMD_F2I_TYPES(src, ftype, ru, __CU2AMD_RU, nan32)                                        \
    CU2AMD_F2I_TYPES(src, ftype, rd, __CU2AMD_RD, nan32)
CU2AMD_F2I_MODES(__float, float, 1)
CU2AMD_F2I_MODES(__double, double, 0)
#undef CU2AMD_F2I_MODES
#undef CU2AMD_F2I_TYPES
#undef CU2AMD_F2I

/* --- integer -> floating point, double -> float -------------------------------------- */
/* sign(s - v) for an integer v and its nearest float or double s (an integer, at most
 * 2^63 or 2^64 in magnitude), compared exactly as integers. */
CU2AMD_DEVICE_INLINE int __cu2amd_cmp_int(double s, long long v) { return (s > (double)v) - (s < (double)v); }
CU2AMD_DEVICE_INLINE int __cu2amd_cmp_ll(double s, long long v) {
    if (s >= 0x1p63) return 1;
    long long t = (long long)s;
    return (t > v) - (t < v);
}
CU2AMD_DEVICE_INLINE int __cu2amd_cmp_ull(double s, unsigned long long v) {
    if (s >= 0x1p64) return 1;
    unsigned long long t = (unsigned long long)s;
    return (t > v) - (t < v);
}

#define CU2AMD_I2F(name, itype, ftype, step, cmp, mode)                                        \
    CU2AMD_DEVICE_INLINE ftype name(itype v) {                                                 \
        ftype s = (ftype)v;                                                                    \
        return step(s, cmp((double)s, v), mode);                                               \
    }
#define CU2AMD_I2F_MODES(src, itype, dst, ftype, step, cmp)                                     \
    CU2AMD_I2F(src##2##dst##_rn, itype, ftype, step, cmp, __CU2AMD_RN)                          \
    CU2AMD_I2F(src##2##dst##_rz, itype, ftype, step, cmp, __CU2AMD_RZ)                          \
    CU2AMD_I2F(src##2##dst##_ru, itype, ftype, step, cmp, __CU2AMD_RU)                          \
    CU2AMD_I2F(src##2##dst##_rd, itype, ftype, step, cmp, __CU2AMD_RD)
CU2AMD_I2F_MODES(__int, int, float, float, __cu2amd_step_f, __cu2amd_cmp_int)
CU2AMD_I2F_MODES(__uint, unsigned int, float, float, __cu2amd_step_f, __cu2amd_cmp_int)
CU2AMD_I2F_MODES(__ll, long long, float, float, __cu2amd_step_f, __cu2amd_cmp_ll)
CU2AMD_I2F_MODES(__ull, unsigned long long, float, float, __cu2amd_step_f, __cu2amd_cmp_ull)
CU2AMD_I2F_MODES(__ll, long long, double, double, __cu2amd_step, __cu2amd_cmp_ll)
CU2AMD_I2F_MODES(__ull, unsigned long long, double, double, __cu2amd_step, __cu2amd_cmp_ull)
#undef CU2AMD_I2F_MODES
#undef CU2AMD_I2F

/* 32-bit integers are exact in double */
CU2AMD_DEVICE_INLINE double __int2double_rn(int v) { return (double)v; }
CU2AMD_DEVICE_INLINE double __uint2double_rn(unsigned int v) { return (double)v; }

/* double -> float: the nearest float, stepped toward x; overflow and NaN as PTX cvt */
#define CU2AMD_D2F(suffix, mode)                                                               \
    CU2AMD_DEVICE_INLINE float __double2float_##suffix(double x) { return __cu2amd_round_f(x, 0, mode); }
CU2AMD_D2F(rn, __CU2AMD_RN)
CU2AMD_D2F(rz, __CU2AMD_RZ)
CU2AMD_D2F(ru, __CU2AMD_RU)
CU2AMD_D2F(rd, __CU2AMD_RD)
#undef CU2AMD_D2F

#endif
