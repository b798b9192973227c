/* CUDA's warp-level functions (CUDA C++ Programming Guide, "Warp Vote Functions", "Warp
 * Match Functions", "Warp Reduce Functions", "Warp Shuffle Functions", __syncwarp,
 * __activemask) over the neutral builtins of cu2amd/warp_api.h. A warp is 32 threads on
 * every target, as in CUDA: on a 64-lane AMD wave each half is one warp.
 *
 * The __shfl*_sync functions pass PTX's `c` operand as CUDA builds it from `width`:
 * ((32 - width) << 8), with the clamp 0x1f except for __shfl_up_sync; 64-bit values move
 * as two 32-bit halves. The deprecated functions without a mask (__shfl, __any ...) work
 * among the threads that execute them together, as before Volta. */
#ifndef CU2AMD_WARP_H
#define CU2AMD_WARP_H

#include "cu2amd/config.h"
#include "cu2amd/warp_api.h"

/* Lanes per warp: 32 (CUDA's) unless cu2amd-nvcc --warp-size=64 defines it 64 (code
 * written for 64-lane warps; wave64 targets). cu2amd-nvcc defines it in every pass. */
#ifndef __CU2AMD_WARP_SIZE__
#define __CU2AMD_WARP_SIZE__ 32
#endif
#if __CU2AMD_WARP_SIZE__ == 64
#include "cu2amd/warp64.h"
#elif __CU2AMD_WARP_SIZE__ != 32
#error "__CU2AMD_WARP_SIZE__ is 32 or 64 (cu2amd-nvcc --warp-size)"
#else

#define CU2AMD_WARP_DEPRECATED(use)                                                             \
    __attribute__((deprecated("deprecated in CUDA 9.0 and unavailable for sm_70 and later; "    \
                              "use " use " instead")))

CU2AMD_DEVICE_INLINE unsigned int __activemask(void) { return __cu2amd_activemask("__activemask()"); }

CU2AMD_DEVICE_INLINE void __syncwarp(unsigned int mask = 0xffffffffu) {
    __cu2amd_warp_sync("__syncwarp()", mask);
}

/* ---- vote */

CU2AMD_DEVICE_INLINE unsigned int __ballot_sync(unsigned int mask, int predicate) {
    return __cu2amd_vote_sync("__ballot_sync()", CU2AMD_VOTE_BALLOT, mask, predicate != 0);
}
CU2AMD_DEVICE_INLINE int __all_sync(unsigned int mask, int predicate) {
    return (int)__cu2amd_vote_sync("__all_sync()", CU2AMD_VOTE_ALL, mask, predicate != 0);
}
CU2AMD_DEVICE_INLINE int __any_sync(unsigned int mask, int predicate) {
    return (int)__cu2amd_vote_sync("__any_sync()", CU2AMD_VOTE_ANY, mask, predicate != 0);
}
CU2AMD_DEVICE_INLINE int __uni_sync(unsigned int mask, int predicate) {
    return (int)__cu2amd_vote_sync("__uni_sync()", CU2AMD_VOTE_UNI, mask, predicate != 0);
}
CU2AMD_WARP_DEPRECATED("__ballot_sync") CU2AMD_DEVICE_INLINE unsigned int __ballot(int predicate) {
    return __cu2amd_vote("__ballot()", CU2AMD_VOTE_BALLOT, predicate != 0);
}
CU2AMD_WARP_DEPRECATED("__all_sync") CU2AMD_DEVICE_INLINE int __all(int predicate) {
    return (int)__cu2amd_vote("__all()", CU2AMD_VOTE_ALL, predicate != 0);
}
CU2AMD_WARP_DEPRECATED("__any_sync") CU2AMD_DEVICE_INLINE int __any(int predicate) {
    return (int)__cu2amd_vote("__any()", CU2AMD_VOTE_ANY, predicate != 0);
}

/* ---- shuffle */

namespace __cu2amd_warp {
CU2AMD_DEVICE_INLINE unsigned int c_operand(unsigned int mode, int width) {
    return (unsigned int)(32 - width) << 8 | (mode == CU2AMD_SHFL_UP ? 0u : 0x1fu);
}
CU2AMD_DEVICE_INLINE unsigned int shfl32(const char *site, unsigned int mode, unsigned int mask,
                                         unsigned int value, unsigned int b, int width) {
    return (unsigned int)__cu2amd_shfl_sync(site, mode, mask, value, b, c_operand(mode, width));
}
CU2AMD_DEVICE_INLINE unsigned long long shfl64(const char *site, unsigned int mode, unsigned int mask,
                                               unsigned long long value, unsigned int b, int width) {
    unsigned int low = shfl32(site, mode, mask, (unsigned int)value, b, width);
    unsigned int high = shfl32(site, mode, mask, (unsigned int)(value >> 32), b, width);
    return (unsigned long long)high << 32 | low;
}
CU2AMD_DEVICE_INLINE unsigned int shfl32(const char *site, unsigned int mode, unsigned int value,
                                         unsigned int b, int width) {
    return (unsigned int)__cu2amd_shfl(site, mode, value, b, c_operand(mode, width));
}
CU2AMD_DEVICE_INLINE unsigned long long shfl64(const char *site, unsigned int mode, unsigned long long value,
                                               unsigned int b, int width) {
    unsigned int low = shfl32(site, mode, (unsigned int)value, b, width);
    unsigned int high = shfl32(site, mode, (unsigned int)(value >> 32), b, width);
    return (unsigned long long)high << 32 | low;
}
} // namespace __cu2amd_warp

/* name(mask, var, b, width) for each type, over the 32- or 64-bit shuffle; and the
 * deprecated name without the mask. */
#define CU2AMD_SHFL(name, legacy, mode, btype, type, bits, carrier)                             \
    CU2AMD_DEVICE_INLINE type name(unsigned int mask, type var, btype b, int width = 32) {      \
        return __builtin_bit_cast(                                                              \
            type, __cu2amd_warp::shfl##bits(#name "()", mode, mask, __builtin_bit_cast(carrier, var), \
                                            (unsigned int)b, width));                           \
    }                                                                                           \
    CU2AMD_WARP_DEPRECATED(#name) CU2AMD_DEVICE_INLINE type legacy(type var, btype b, int width = 32) { \
        return __builtin_bit_cast(                                                              \
            type, __cu2amd_warp::shfl##bits(#legacy "()", mode, __builtin_bit_cast(carrier, var),      \
                                            (unsigned int)b, width));                           \
    }
#define CU2AMD_SHFL_TYPES(name, legacy, mode, btype)                                            \
    CU2AMD_SHFL(name, legacy, mode, btype, int, 32, unsigned int)                               \
    CU2AMD_SHFL(name, legacy, mode, btype, unsigned int, 32, unsigned int)                      \
    CU2AMD_SHFL(name, legacy, mode, btype, float, 32, unsigned int)                             \
    CU2AMD_SHFL(name, legacy, mode, btype, long, 64, unsigned long long)                        \
    CU2AMD_SHFL(name, legacy, mode, btype, unsigned long, 64, unsigned long long)               \
    CU2AMD_SHFL(name, legacy, mode, btype, long long, 64, unsigned long long)                   \
    CU2AMD_SHFL(name, legacy, mode, btype, unsigned long long, 64, unsigned long long)          \
    CU2AMD_SHFL(name, legacy, mode, btype, double, 64, unsigned long long)
CU2AMD_SHFL_TYPES(__shfl_sync, __shfl, CU2AMD_SHFL_IDX, int)
CU2AMD_SHFL_TYPES(__shfl_up_sync, __shfl_up, CU2AMD_SHFL_UP, unsigned int)
CU2AMD_SHFL_TYPES(__shfl_down_sync, __shfl_down, CU2AMD_SHFL_DOWN, unsigned int)
CU2AMD_SHFL_TYPES(__shfl_xor_sync, __shfl_xor, CU2AMD_SHFL_BFLY, int)
#undef CU2AMD_SHFL_TYPES
#undef CU2AMD_SHFL

/* ---- match: values compare as bit patterns (PTX match.sync.b32 / .b64) */

#define CU2AMD_MATCH(type, carrier)                                                             \
    CU2AMD_DEVICE_INLINE unsigned int __match_any_sync(unsigned int mask, type value) {         \
        return __cu2amd_match_any_sync("__match_any_sync()", mask,                              \
                                       (unsigned long long)__builtin_bit_cast(carrier, value)); \
    }                                                                                           \
    CU2AMD_DEVICE_INLINE unsigned int __match_all_sync(unsigned int mask, type value, int *pred) { \
        unsigned long long r = __cu2amd_match_all_sync(                                         \
            "__match_all_sync()", mask, (unsigned long long)__builtin_bit_cast(carrier, value));  \
        *pred = (int)(r >> 32);                                                                 \
        return (unsigned int)r;                                                                 \
    }
CU2AMD_MATCH(unsigned int, unsigned int)
CU2AMD_MATCH(int, unsigned int)
CU2AMD_MATCH(float, unsigned int)
CU2AMD_MATCH(unsigned long, unsigned long long)
CU2AMD_MATCH(long, unsigned long long)
CU2AMD_MATCH(unsigned long long, unsigned long long)
CU2AMD_MATCH(long long, unsigned long long)
CU2AMD_MATCH(double, unsigned long long)
#undef CU2AMD_MATCH

/* ---- reduce (PTX redux.sync) */

#define CU2AMD_REDUCE(name, type, op)                                                           \
    CU2AMD_DEVICE_INLINE type name(unsigned int mask, type value) {                             \
        return (type)__cu2amd_redux_sync(#name "()", op, mask, (unsigned int)value);            \
    }
CU2AMD_REDUCE(__reduce_add_sync, unsigned int, CU2AMD_REDUX_ADD)
CU2AMD_REDUCE(__reduce_add_sync, int, CU2AMD_REDUX_ADD)
CU2AMD_REDUCE(__reduce_min_sync, unsigned int, CU2AMD_REDUX_MIN_U32)
CU2AMD_REDUCE(__reduce_min_sync, int, CU2AMD_REDUX_MIN_S32)
CU2AMD_REDUCE(__reduce_max_sync, unsigned int, CU2AMD_REDUX_MAX_U32)
CU2AMD_REDUCE(__reduce_max_sync, int, CU2AMD_REDUX_MAX_S32)
CU2AMD_REDUCE(__reduce_and_sync, unsigned int, CU2AMD_REDUX_AND)
CU2AMD_REDUCE(__reduce_or_sync, unsigned int, CU2AMD_REDUX_OR)
CU2AMD_REDUCE(__reduce_xor_sync, unsigned int, CU2AMD_REDUX_XOR)
#undef CU2AMD_REDUCE

/* ---- lane masks (PTX %lanemask_*): the lanes of the warp below, at or above this one */

CU2AMD_DEVICE_INLINE unsigned int __lanemask_eq(void) { return 1u << __cu2amd_laneid(); }
CU2AMD_DEVICE_INLINE unsigned int __lanemask_lt(void) { return (1u << __cu2amd_laneid()) - 1u; }
CU2AMD_DEVICE_INLINE unsigned int __lanemask_le(void) { return 0xffffffffu >> (31u - __cu2amd_laneid()); }
CU2AMD_DEVICE_INLINE unsigned int __lanemask_ge(void) { return 0xffffffffu << __cu2amd_laneid(); }
CU2AMD_DEVICE_INLINE unsigned int __lanemask_gt(void) { return 0xfffffffeu << __cu2amd_laneid(); }

#undef CU2AMD_WARP_DEPRECATED
#endif /* __CU2AMD_WARP_SIZE__ == 32 */
#endif
