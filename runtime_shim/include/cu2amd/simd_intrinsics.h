/* CUDA SIMD intrinsics (CUDA Math API, "SIMD Intrinsics"): two 16-bit or four 8-bit
 * lanes packed in an unsigned int. Portable C on lanes (clang vectorises it well on
 * both targets); each lane is computed exactly in int and then wrapped or saturated as
 * the function's documentation says:
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

#undef CU2AMD_SIMD_SAD
#undef CU2AMD_SIMD_COMPARE
#undef CU2AMD_SIMD_UNARY_24
#undef CU2AMD_SIMD_BINARY_24
#undef CU2AMD_SIMD_UNARY
#undef CU2AMD_SIMD_BINARY
#undef CU2AMD_SIMD_LANES

#endif
