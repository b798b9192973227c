/* Exact rounding to the 16-bit floating-point formats of cuda_fp16.h (binary16) and
 * cuda_bf16.h (bfloat16), in software, for every rounding mode CUDA names (_rn _rz _rd
 * _ru). Values arrive as an exact sign, 64-bit significand and binary exponent, so
 * doubles, floats and 64-bit integers all round once (no double rounding), and the result
 * is the same on every target. NaN becomes the canonical 0x7fff as NVIDIA's conversions
 * make it. */
#ifndef CU2AMD_FP16_ROUND_H
#define CU2AMD_FP16_ROUND_H

#include "cu2amd/config.h"

#define CU2AMD_RN 0
#define CU2AMD_RZ 1
#define CU2AMD_RD 2
#define CU2AMD_RU 3

namespace __cu2amd_fp16 {

/* (-1)^neg * m * 2^e rounded to a format with `man` fraction bits and exponent bias
 * `bias` (all-ones exponent: inf/NaN); returns its bits. */
CU2AMD_HOST_DEVICE_INLINE unsigned short round_bits(bool neg, unsigned long long m, int e,
                                                    int man, int bias, int mode) {
    const unsigned short sign = neg ? 0x8000u : 0u;
    if (m == 0) return sign;
    const int emax = 2 * bias + 1; /* biased exponent of inf */
    const int p = 63 - __builtin_clzll(m);
    const int big_e = p + e; /* unbiased exponent of the value */
    const unsigned short inf = (unsigned short)(sign | (unsigned)emax << man);
    const unsigned short max_finite = (unsigned short)(inf - 1u);
    const bool away = mode == CU2AMD_RU ? !neg : mode == CU2AMD_RD ? neg : false;
    if (big_e + bias >= emax) return (mode == CU2AMD_RN || away) ? inf : max_finite;
    const int q = (big_e > 1 - bias ? big_e : 1 - bias) - man; /* exponent of the last bit */
    const int sh = q - e;
    unsigned long long r;
    bool up = false;
    if (sh <= 0) {
        r = m << -sh;
    } else {
        const unsigned long long kept = sh >= 64 ? 0ull : m >> sh;
        const unsigned long long rem = sh >= 64 ? m : m - (kept << sh);
        r = kept;
        if (rem != 0) {
            if (mode == CU2AMD_RN) {
                if (sh > 64) {
                    up = false; /* m < 2^64 <= half an ulp */
                } else {
                    const unsigned long long half = 1ull << (sh - 1);
                    up = rem > half || (rem == half && (kept & 1u));
                }
            } else {
                up = away;
            }
        }
    }
    r += up ? 1u : 0u;
    const unsigned long long one = 1ull << man;
    if (r < one) return (unsigned short)(sign | r); /* subnormal (or zero) */
    int biased = q + man + bias;
    if (r >= 2 * one) {
        r >>= 1;
        ++biased;
    }
    if (biased >= emax) return (mode == CU2AMD_RN || away) ? inf : max_finite;
    return (unsigned short)(sign | (unsigned)biased << man | (unsigned)(r - one));
}

CU2AMD_HOST_DEVICE_INLINE unsigned short from_double(double x, int man, int bias, int mode) {
    const unsigned long long u = __builtin_bit_cast(unsigned long long, x);
    const bool neg = (u >> 63) != 0;
    const int be = (int)(u >> 52 & 0x7ff);
    const unsigned long long frac = u & 0xfffffffffffffull;
    const unsigned short inf = (unsigned short)((neg ? 0x8000u : 0u) | (unsigned)(2 * bias + 1) << man);
    if (be == 0x7ff) return frac ? (unsigned short)0x7fffu : inf;
    if (be == 0) return round_bits(neg, frac, -1074, man, bias, mode);
    return round_bits(neg, frac | 1ull << 52, be - 1075, man, bias, mode);
}

/* A float rounded to nearest even: the common case, made cheap. bfloat16 is a float's
 * top half, so adding 0x7fff plus the kept lowest bit rounds it exactly (overflow reaches
 * inf, subnormals are a float's); AMD GPUs convert to binary16 in hardware (v_cvt_f16_f32,
 * round to nearest even, denormals kept). NaN stays the canonical 0x7fff. */
CU2AMD_HOST_DEVICE_INLINE unsigned short from_float(float x, int man, int bias) {
    if (x != x) return 0x7fffu;
    if (man == 7 && bias == 127) {
        const unsigned int u = __builtin_bit_cast(unsigned int, x);
        return (unsigned short)((u + 0x7fffu + (u >> 16 & 1u)) >> 16);
    }
#if defined(__AMDGCN__)
    return __builtin_bit_cast(unsigned short, (_Float16)x);
#else
    return from_double(x, man, bias, CU2AMD_RN);
#endif
}

CU2AMD_HOST_DEVICE_INLINE unsigned short from_ull(bool neg, unsigned long long m, int man, int bias,
                                                  int mode) {
    return round_bits(neg, m, 0, man, bias, mode);
}
CU2AMD_HOST_DEVICE_INLINE unsigned short from_ll(long long v, int man, int bias, int mode) {
    const bool neg = v < 0;
    return round_bits(neg, neg ? 0ull - (unsigned long long)v : (unsigned long long)v, 0, man, bias, mode);
}

/* bits of a format with `man` fraction bits and bias `bias`, as the double it is exactly */
CU2AMD_HOST_DEVICE_INLINE double to_double(unsigned short h, int man, int bias) {
    const bool neg = (h & 0x8000u) != 0;
    const int be = (h & 0x7fffu) >> man;
    const unsigned frac = h & ((1u << man) - 1u);
    double v;
    if (be == 2 * bias + 1)
        v = frac ? __builtin_nan("") : __builtin_inf();
    else if (be == 0)
        v = __builtin_ldexp((double)frac, 1 - bias - man);
    else
        v = __builtin_ldexp((double)(frac | 1u << man), be - bias - man);
    return neg ? -v : v;
}

/* bits as a float, exactly (both formats fit in a float) */
CU2AMD_HOST_DEVICE_INLINE float to_float(unsigned short h, int man, int bias) {
    if (man == 7 && bias == 127) return __builtin_bit_cast(float, (unsigned int)h << 16);
#if defined(__AMDGCN__)
    return (float)__builtin_bit_cast(_Float16, h);
#else
    return (float)to_double(h, man, bias);
#endif
}

/* A float to an integer type with the rounding `mode`, as PTX cvt.rni/rzi/rmi/rpi.s32...:
 * NaN gives 0 and out-of-range values saturate. */
template <typename I>
CU2AMD_HOST_DEVICE_INLINE I to_int(float f, int mode, I lo, I hi) {
    if (f != f) return 0;
    const float r = mode == CU2AMD_RN   ? __builtin_rintf(f)
                    : mode == CU2AMD_RZ ? __builtin_truncf(f)
                    : mode == CU2AMD_RD ? __builtin_floorf(f)
                                        : __builtin_ceilf(f);
    if (r <= (float)lo) return lo;
    if (r >= (float)hi) return hi;
    return (I)r;
}

} // namespace __cu2amd_fp16

#endif
