/* CUDA SIMD intrinsics (CUDA Math API, "SIMD Intrinsics"): two 16-bit or four 8-bit
 * lanes packed in an unsigned int. Portable C on lanes (clang vectorises it well on
 * both targets); each lane is computed exactly in int and then wrapped or saturated as
 * the function's documentation says (CUDA 12's integer min/max functions are below):
 *   - plain forms (__vadd2, __vsub4, __vneg2, __vabs2, __vabsdiff*) wrap modulo 2^bits;
 *   - ss/us forms saturate to the signed/unsigned lane range;
 *   - __vavgs rounds half away from zero, __vavgu rounds half up, __vhaddu truncates;
 *   - __vcmp* give all-ones lanes for true, __vset* give 1;
 *   - __vsads/__vsadu return the plain sum of the lanes' absolute differences. */
#ifndef CU2AMD_SIMD_INTRINSICS_H
#define CU2AMD_SIMD_INTRINSICS_H

#include "cu2amd/config.h"

CU2AMD_DEVICE_INLINE int __cu2amd_lane_u(unsigned int v, int bits, int i) {
    return (int)((v >> (bits * i)) & ((1u << bits) - 1u));
}
CU2AMD_DEVICE_INLINE int __cu2amd_lane_s(unsigned int v, int bits, int i) {
    return (int)(v << (32 - bits * (i + 1))) >> (32 - bits);
}
CU2AMD_DEVICE_INLINE int __cu2amd_clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }
CU2AMD_DEVICE_INLINE int __cu2amd_abs(int v) { return v < 0 ? -v : v; }
CU2AMD_DEVICE_INLINE int __cu2amd_avgs(int s) { return s < 0 ? s >> 1 : (s + 1) >> 1; }

/* In `expr`: __sa, __sb (signed lanes), __ua, __ub (unsigned lanes), __smin, __smax, __umax (lane range). */
#define CU2AMD_SIMD_LANES(bits, expr)                                                           \
    const int __smin = -(1 << (bits - 1)), __smax = (1 << (bits - 1)) - 1, __umax = (1 << bits) - 1; \
    (void)__smin, (void)__smax, (void)__umax;                                                         \
    unsigned int r = 0;                                                                         \
    for (int i = 0; i < 32 / bits; ++i) {                                                       \
        int __sa = __cu2amd_lane_s(a, bits, i), __ua = __cu2amd_lane_u(a, bits, i);                 \
        int __sb = __cu2amd_lane_s(b, bits, i), __ub = __cu2amd_lane_u(b, bits, i);                 \
        (void)__sa, (void)__ua, (void)__sb, (void)__ub;                                                 \
        r |= ((unsigned int)(expr) & (unsigned int)__umax) << (bits * i);                         \
    }                                                                                           \
    return r;
#define CU2AMD_SIMD_BINARY(name, bits, expr)                                                    \
    CU2AMD_DEVICE_INLINE unsigned int name(unsigned int a, unsigned int b) {                    \
        CU2AMD_SIMD_LANES(bits, expr)                                                           \
    }
#define CU2AMD_SIMD_UNARY(name, bits, expr)                                                     \
    CU2AMD_DEVICE_INLINE unsigned int name(unsigned int a) {                                    \
        const unsigned int b = 0;                                                               \
        CU2AMD_SIMD_LANES(bits, expr)                                                           \
    }
#define CU2AMD_SIMD_BINARY_24(name, expr)                                                       \
    CU2AMD_SIMD_BINARY(name##2, 16, expr)                                                       \
    CU2AMD_SIMD_BINARY(name##4, 8, expr)
#define CU2AMD_SIMD_UNARY_24(name, expr)                                                        \
    CU2AMD_SIMD_UNARY(name##2, 16, expr)                                                        \
    CU2AMD_SIMD_UNARY(name##4, 8, expr)
/* comparisons: __vcmp<op> (all-ones lanes) and __vset<op> (lanes of 1) */
#define CU2AMD_SIMD_COMPARE(op, expr)                                                           \
    CU2AMD_SIMD_BINARY_24(__vcmp##op, (expr) ? -1 : 0)                                          \
    CU2AMD_SIMD_BINARY_24(__vset##op, (expr) ? 1 : 0)

CU2AMD_SIMD_UNARY_24(__vabs, __cu2amd_abs(__sa))
CU2AMD_SIMD_UNARY_24(__vabsss, __cu2amd_clamp(__cu2amd_abs(__sa), __smin, __smax))
CU2AMD_SIMD_UNARY_24(__vneg, -__sa)
CU2AMD_SIMD_UNARY_24(__vnegss, __cu2amd_clamp(-__sa, __smin, __smax))
CU2AMD_SIMD_BINARY_24(__vabsdiffs, __cu2amd_abs(__sa - __sb))
CU2AMD_SIMD_BINARY_24(__vabsdiffu, __cu2amd_abs(__ua - __ub))
CU2AMD_SIMD_BINARY_24(__vadd, __ua + __ub)
CU2AMD_SIMD_BINARY_24(__vaddss, __cu2amd_clamp(__sa + __sb, __smin, __smax))
CU2AMD_SIMD_BINARY_24(__vaddus, __cu2amd_clamp(__ua + __ub, 0, __umax))
CU2AMD_SIMD_BINARY_24(__vsub, __ua - __ub)
CU2AMD_SIMD_BINARY_24(__vsubss, __cu2amd_clamp(__sa - __sb, __smin, __smax))
CU2AMD_SIMD_BINARY_24(__vsubus, __cu2amd_clamp(__ua - __ub, 0, __umax))
CU2AMD_SIMD_BINARY_24(__vavgs, __cu2amd_avgs(__sa + __sb))
CU2AMD_SIMD_BINARY_24(__vavgu, (__ua + __ub + 1) >> 1)
CU2AMD_SIMD_BINARY_24(__vhaddu, (__ua + __ub) >> 1)
CU2AMD_SIMD_BINARY_24(__vmaxs, __sa > __sb ? __sa : __sb)
CU2AMD_SIMD_BINARY_24(__vmaxu, __ua > __ub ? __ua : __ub)
CU2AMD_SIMD_BINARY_24(__vmins, __sa < __sb ? __sa : __sb)
CU2AMD_SIMD_BINARY_24(__vminu, __ua < __ub ? __ua : __ub)
CU2AMD_SIMD_COMPARE(eq, __ua == __ub)
CU2AMD_SIMD_COMPARE(ne, __ua != __ub)
CU2AMD_SIMD_COMPARE(ges, __sa >= __sb)
CU2AMD_SIMD_COMPARE(geu, __ua >= __ub)
CU2AMD_SIMD_COMPARE(gts, __sa > __sb)
CU2AMD_SIMD_COMPARE(gtu, __ua > __ub)
CU2AMD_SIMD_COMPARE(les, __sa <= __sb)
CU2AMD_SIMD_COMPARE(leu, __ua <= __ub)
CU2AMD_SIMD_COMPARE(lts, __sa < __sb)
CU2AMD_SIMD_COMPARE(ltu, __ua < __ub)

/* Sums of absolute differences: a plain unsigned sum, not packed. */
#define CU2AMD_SIMD_SAD(name, bits, lane)                                                       \
    CU2AMD_DEVICE_INLINE unsigned int name(unsigned int a, unsigned int b) {                    \
        unsigned int sum = 0;                                                                   \
        for (int i = 0; i < 32 / bits; ++i)                                                     \
            sum += (unsigned int)__cu2amd_abs(lane(a, bits, i) - lane(b, bits, i));             \
        return sum;                                                                             \
    }
CU2AMD_SIMD_SAD(__vsads2, 16, __cu2amd_lane_s)
CU2AMD_SIMD_SAD(__vsads4, 8, __cu2amd_lane_s)
CU2AMD_SIMD_SAD(__vsadu2, 16, __cu2amd_lane_u)
CU2AMD_SIMD_SAD(__vsadu4, 8, __cu2amd_lane_u)

/* CUDA 12's integer min/max functions (Math API "SIMD Intrinsics", the DPX set): three-way
 * max/min, max/min with zero (relu), add-then-max/min, and max/min that also say which
 * input won, on one 32-bit integer or two 16-bit halfwords. The additions wrap (modulo
 * 2^32, or 2^16 per halfword, as __vadd2). Plain C: AMD GPUs select v_max3/v_min3 and
 * v_pk_max/min_i16/u16 from it. */
CU2AMD_DEVICE_INLINE int __cu2amd_imax(int a, int b) { return a > b ? a : b; }
CU2AMD_DEVICE_INLINE int __cu2amd_imin(int a, int b) { return a < b ? a : b; }
CU2AMD_DEVICE_INLINE unsigned int __cu2amd_umax(unsigned int a, unsigned int b) { return a > b ? a : b; }
CU2AMD_DEVICE_INLINE unsigned int __cu2amd_umin(unsigned int a, unsigned int b) { return a < b ? a : b; }
CU2AMD_DEVICE_INLINE int __cu2amd_wrap_add(int a, int b) { return (int)((unsigned int)a + (unsigned int)b); }
/* a 16-bit lane's sum, wrapped to the lane's range */
CU2AMD_DEVICE_INLINE int __cu2amd_wrap16(int v, int is_signed) {
    return is_signed ? (int)((unsigned int)v << 16) >> 16 : (int)((unsigned int)v & 0xffffu);
}

/* In `expr`: __x, __y, __z, the lanes of a, b, c (signed or unsigned as `is_signed`). */
#define CU2AMD_DPX_16X2(name, is_signed, expr)                                                  \
    CU2AMD_DEVICE_INLINE unsigned int name(const unsigned int a, const unsigned int b,          \
                                           const unsigned int c) {                              \
        unsigned int r = 0;                                                                     \
        for (int i = 0; i < 2; ++i) {                                                           \
            int __x = is_signed ? __cu2amd_lane_s(a, 16, i) : __cu2amd_lane_u(a, 16, i);        \
            int __y = is_signed ? __cu2amd_lane_s(b, 16, i) : __cu2amd_lane_u(b, 16, i);        \
            int __z = is_signed ? __cu2amd_lane_s(c, 16, i) : __cu2amd_lane_u(c, 16, i);        \
            (void)__z;                                                                          \
            r |= ((unsigned int)(expr) & 0xffffu) << (16 * i);                                  \
        }                                                                                       \
        return r;                                                                               \
    }
#define CU2AMD_DPX_16X2_BINARY(name, expr)                                                      \
    CU2AMD_DPX_16X2(__cu2amd_##name##_3, 1, expr)                                               \
    CU2AMD_DEVICE_INLINE unsigned int name(const unsigned int a, const unsigned int b) {        \
        return __cu2amd_##name##_3(a, b, 0u);                                                   \
    }

/* three-way max/min */
CU2AMD_DEVICE_INLINE int __vimax3_s32(const int a, const int b, const int c) {
    return __cu2amd_imax(__cu2amd_imax(a, b), c);
}
CU2AMD_DEVICE_INLINE int __vimin3_s32(const int a, const int b, const int c) {
    return __cu2amd_imin(__cu2amd_imin(a, b), c);
}
CU2AMD_DEVICE_INLINE unsigned int __vimax3_u32(const unsigned int a, const unsigned int b, const unsigned int c) {
    return __cu2amd_umax(__cu2amd_umax(a, b), c);
}
CU2AMD_DEVICE_INLINE unsigned int __vimin3_u32(const unsigned int a, const unsigned int b, const unsigned int c) {
    return __cu2amd_umin(__cu2amd_umin(a, b), c);
}
CU2AMD_DEVICE_INLINE int __vimax3_s32_relu(const int a, const int b, const int c) {
    return __cu2amd_imax(__vimax3_s32(a, b, c), 0);
}
CU2AMD_DEVICE_INLINE int __vimin3_s32_relu(const int a, const int b, const int c) {
    return __cu2amd_imax(__vimin3_s32(a, b, c), 0);
}
CU2AMD_DPX_16X2(__vimax3_s16x2, 1, __cu2amd_imax(__cu2amd_imax(__x, __y), __z))
CU2AMD_DPX_16X2(__vimin3_s16x2, 1, __cu2amd_imin(__cu2amd_imin(__x, __y), __z))
CU2AMD_DPX_16X2(__vimax3_u16x2, 0, __cu2amd_imax(__cu2amd_imax(__x, __y), __z))
CU2AMD_DPX_16X2(__vimin3_u16x2, 0, __cu2amd_imin(__cu2amd_imin(__x, __y), __z))
CU2AMD_DPX_16X2(__vimax3_s16x2_relu, 1, __cu2amd_imax(__cu2amd_imax(__cu2amd_imax(__x, __y), __z), 0))
CU2AMD_DPX_16X2(__vimin3_s16x2_relu, 1, __cu2amd_imax(__cu2amd_imin(__cu2amd_imin(__x, __y), __z), 0))

/* two-way max/min with zero */
CU2AMD_DEVICE_INLINE int __vimax_s32_relu(const int a, const int b) { return __cu2amd_imax(__cu2amd_imax(a, b), 0); }
CU2AMD_DEVICE_INLINE int __vimin_s32_relu(const int a, const int b) { return __cu2amd_imax(__cu2amd_imin(a, b), 0); }
CU2AMD_DPX_16X2_BINARY(__vimax_s16x2_relu, __cu2amd_imax(__cu2amd_imax(__x, __y), 0))
CU2AMD_DPX_16X2_BINARY(__vimin_s16x2_relu, __cu2amd_imax(__cu2amd_imin(__x, __y), 0))

/* max/min(a + b, c) */
CU2AMD_DEVICE_INLINE int __viaddmax_s32(const int a, const int b, const int c) {
    return __cu2amd_imax(__cu2amd_wrap_add(a, b), c);
}
CU2AMD_DEVICE_INLINE int __viaddmin_s32(const int a, const int b, const int c) {
    return __cu2amd_imin(__cu2amd_wrap_add(a, b), c);
}
CU2AMD_DEVICE_INLINE int __viaddmax_s32_relu(const int a, const int b, const int c) {
    return __cu2amd_imax(__viaddmax_s32(a, b, c), 0);
}
CU2AMD_DEVICE_INLINE int __viaddmin_s32_relu(const int a, const int b, const int c) {
    return __cu2amd_imax(__viaddmin_s32(a, b, c), 0);
}
CU2AMD_DEVICE_INLINE unsigned int __viaddmax_u32(const unsigned int a, const unsigned int b, const unsigned int c) {
    return __cu2amd_umax(a + b, c);
}
CU2AMD_DEVICE_INLINE unsigned int __viaddmin_u32(const unsigned int a, const unsigned int b, const unsigned int c) {
    return __cu2amd_umin(a + b, c);
}
CU2AMD_DPX_16X2(__viaddmax_s16x2, 1, __cu2amd_imax(__cu2amd_wrap16(__x + __y, 1), __z))
CU2AMD_DPX_16X2(__viaddmin_s16x2, 1, __cu2amd_imin(__cu2amd_wrap16(__x + __y, 1), __z))
CU2AMD_DPX_16X2(__viaddmax_s16x2_relu, 1, __cu2amd_imax(__cu2amd_imax(__cu2amd_wrap16(__x + __y, 1), __z), 0))
CU2AMD_DPX_16X2(__viaddmin_s16x2_relu, 1, __cu2amd_imax(__cu2amd_imin(__cu2amd_wrap16(__x + __y, 1), __z), 0))
CU2AMD_DPX_16X2(__viaddmax_u16x2, 0, __cu2amd_imax(__cu2amd_wrap16(__x + __y, 0), __z))
CU2AMD_DPX_16X2(__viaddmin_u16x2, 0, __cu2amd_imin(__cu2amd_wrap16(__x + __y, 0), __z))

/* max/min(a, b) and whether a won: *pred = a >= b (max), a <= b (min); halfword forms set
 * *pred_hi and *pred_lo for the high and low halfwords */
CU2AMD_DEVICE_INLINE int __vibmax_s32(const int a, const int b, bool *const pred) {
    *pred = a >= b;
    return __cu2amd_imax(a, b);
}
CU2AMD_DEVICE_INLINE int __vibmin_s32(const int a, const int b, bool *const pred) {
    *pred = a <= b;
    return __cu2amd_imin(a, b);
}
CU2AMD_DEVICE_INLINE unsigned int __vibmax_u32(const unsigned int a, const unsigned int b, bool *const pred) {
    *pred = a >= b;
    return __cu2amd_umax(a, b);
}
CU2AMD_DEVICE_INLINE unsigned int __vibmin_u32(const unsigned int a, const unsigned int b, bool *const pred) {
    *pred = a <= b;
    return __cu2amd_umin(a, b);
}
#define CU2AMD_DPX_BOOL_16X2(name, is_signed, is_max)                                           \
    CU2AMD_DEVICE_INLINE unsigned int name(const unsigned int a, const unsigned int b,          \
                                           bool *const pred_hi, bool *const pred_lo) {          \
        unsigned int r = 0;                                                                     \
        for (int i = 0; i < 2; ++i) {                                                           \
            int __x = is_signed ? __cu2amd_lane_s(a, 16, i) : __cu2amd_lane_u(a, 16, i);        \
            int __y = is_signed ? __cu2amd_lane_s(b, 16, i) : __cu2amd_lane_u(b, 16, i);        \
            bool __a_wins = is_max ? __x >= __y : __x <= __y;                                   \
            *(i ? pred_hi : pred_lo) = __a_wins;                                                \
            r |= ((unsigned int)(__a_wins ? __x : __y) & 0xffffu) << (16 * i);                  \
        }                                                                                       \
        return r;                                                                               \
    }
CU2AMD_DPX_BOOL_16X2(__vibmax_s16x2, 1, 1)
CU2AMD_DPX_BOOL_16X2(__vibmin_s16x2, 1, 0)
CU2AMD_DPX_BOOL_16X2(__vibmax_u16x2, 0, 1)
CU2AMD_DPX_BOOL_16X2(__vibmin_u16x2, 0, 0)

#undef CU2AMD_DPX_BOOL_16X2
#undef CU2AMD_DPX_16X2_BINARY
#undef CU2AMD_DPX_16X2

#undef CU2AMD_SIMD_SAD
#undef CU2AMD_SIMD_COMPARE
#undef CU2AMD_SIMD_UNARY_24
#undef CU2AMD_SIMD_BINARY_24
#undef CU2AMD_SIMD_UNARY
#undef CU2AMD_SIMD_BINARY
#undef CU2AMD_SIMD_LANES

#endif
