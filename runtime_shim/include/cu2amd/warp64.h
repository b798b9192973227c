/* CUDA's warp-level functions for code written for 64-lane warps (HIP-style), with
 * cu2amd-nvcc --warp-size=64 (included by cu2amd/warp.h; see
 * runtime_shim/device/warp_size.py). The warp is the whole 64-lane wave: lane masks,
 * ballots and __activemask() are 64 bits (unsigned long long), shuffles reach 64 lanes
 * (width up to 64), lanes are 0..63, warpSize is 64.
 *
 * A member mask must be a 64-bit integer: a 32-bit one (0xffffffff, an unsigned int)
 * would leave lanes 32..63 out of the collective, so it is a compile error naming the
 * function. */
#ifndef CU2AMD_WARP64_H
#define CU2AMD_WARP64_H

#include "cu2amd/config.h"
#include "cu2amd/warp_api.h"

#define CU2AMD_WARP_DEPRECATED(use)                                                             \
    __attribute__((deprecated("deprecated in CUDA 9.0 and unavailable for sm_70 and later; "    \
                              "use " use " instead")))
/* The diagnostic for a member mask that is not 64 bits (the call is named by the message
 * and by clang's "in instantiation of" note at the caller). */
#define CU2AMD_MASK64(M, fn)                                                                    \
    static_assert(__is_integral(M) && sizeof(M) == 8,                                           \
                  fn ": with --warp-size=64 a warp has 64 lanes and the lane mask is 64 bits "  \
                  "(unsigned long long, e.g. ~0ull or __activemask()); a 32-bit mask such as "  \
                  "0xffffffff leaves lanes 32..63 out")

CU2AMD_DEVICE_INLINE unsigned long long __activemask(void) { return __cu2amd_activemask_w64("__activemask()"); }

CU2AMD_DEVICE_INLINE void __syncwarp(void) { __cu2amd_warp_sync_w64("__syncwarp()", ~0ull); }
template <class M> CU2AMD_DEVICE_INLINE void __syncwarp(M mask) {
    CU2AMD_MASK64(M, "__syncwarp()");
    __cu2amd_warp_sync_w64("__syncwarp()", (unsigned long long)mask);
}

/* ---- vote */

#define CU2AMD_VOTE(name, result, mode)                                                         \
    template <class M> CU2AMD_DEVICE_INLINE result name(M mask, int predicate) {                \
        CU2AMD_MASK64(M, #name "()");                                                           \
        return (result)__cu2amd_vote_sync_w64(#name "()", mode, (unsigned long long)mask, predicate != 0); \
    }
CU2AMD_VOTE(__ballot_sync, unsigned long long, CU2AMD_VOTE_BALLOT)
CU2AMD_VOTE(__all_sync, int, CU2AMD_VOTE_ALL)
CU2AMD_VOTE(__any_sync, int, CU2AMD_VOTE_ANY)
CU2AMD_VOTE(__uni_sync, int, CU2AMD_VOTE_UNI)
#undef CU2AMD_VOTE
CU2AMD_WARP_DEPRECATED("__ballot_sync") CU2AMD_DEVICE_INLINE unsigned long long __ballot(int predicate) {
    return __cu2amd_vote_w64("__ballot()", CU2AMD_VOTE_BALLOT, predicate != 0);
}
CU2AMD_WARP_DEPRECATED("__all_sync") CU2AMD_DEVICE_INLINE int __all(int predicate) {
    return (int)__cu2amd_vote_w64("__all()", CU2AMD_VOTE_ALL, predicate != 0);
}
CU2AMD_WARP_DEPRECATED("__any_sync") CU2AMD_DEVICE_INLINE int __any(int predicate) {
    return (int)__cu2amd_vote_w64("__any()", CU2AMD_VOTE_ANY, predicate != 0);
}

/* ---- shuffle: c = (64 - width) << 8 | clamp, as CUDA builds it for 32 lanes */

namespace __cu2amd_warp {
CU2AMD_DEVICE_INLINE unsigned int c_operand(unsigned int mode, int width) {
    return (unsigned int)(64 - width) << 8 | (mode == CU2AMD_SHFL_UP ? 0u : 0x3fu);
}
CU2AMD_DEVICE_INLINE unsigned int shfl32(const char *site, unsigned int mode, unsigned long long mask,
                                         unsigned int value, unsigned int b, int width) {
    return (unsigned int)__cu2amd_shfl_sync_w64(site, mode, mask, value, b, c_operand(mode, width));
}
CU2AMD_DEVICE_INLINE unsigned long long shfl64(const char *site, unsigned int mode, unsigned long long mask,
                                               unsigned long long value, unsigned int b, int width) {
    unsigned int low = shfl32(site, mode, mask, (unsigned int)value, b, width);
    unsigned int high = shfl32(site, mode, mask, (unsigned int)(value >> 32), b, width);
    return (unsigned long long)high << 32 | low;
}
CU2AMD_DEVICE_INLINE unsigned int shfl32(const char *site, unsigned int mode, unsigned int value,
                                         unsigned int b, int width) {
    return (unsigned int)__cu2amd_shfl_w64(site, mode, value, b, c_operand(mode, width));
}
CU2AMD_DEVICE_INLINE unsigned long long shfl64(const char *site, unsigned int mode, unsigned long long value,
                                               unsigned int b, int width) {
    unsigned int low = shfl32(site, mode, (unsigned int)value, b, width);
    unsigned int high = shfl32(site, mode, (unsigned int)(value >> 32), b, width);
    return (unsigned long long)high << 32 | low;
}
} // namespace __cu2amd_warp

#define CU2AMD_SHFL(name, legacy, mode, btype, type, bits, carrier)                             \
    template <class M> CU2AMD_DEVICE_INLINE type name(M mask, type var, btype b, int width = 64) { \
        CU2AMD_MASK64(M, #name "()");                                                           \
        return __builtin_bit_cast(                                                              \
            type, __cu2amd_warp::shfl##bits(#name "()", mode, (unsigned long long)mask,          \
                                            __builtin_bit_cast(carrier, var), (unsigned int)b, width)); \
    }                                                                                           \
    CU2AMD_WARP_DEPRECATED(#name) CU2AMD_DEVICE_INLINE type legacy(type var, btype b, int width = 64) { \
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

/* ---- match: values compare as bit patterns */

#define CU2AMD_MATCH(type, carrier)                                                             \
    template <class M> CU2AMD_DEVICE_INLINE unsigned long long __match_any_sync(M mask, type value) { \
        CU2AMD_MASK64(M, "__match_any_sync()");                                                 \
        return __cu2amd_match_any_sync_w64("__match_any_sync()", (unsigned long long)mask,      \
                                           (unsigned long long)__builtin_bit_cast(carrier, value)); \
    }                                                                                           \
    template <class M>                                                                          \
    CU2AMD_DEVICE_INLINE unsigned long long __match_all_sync(M mask, type value, int *pred) {   \
        CU2AMD_MASK64(M, "__match_all_sync()");                                                 \
        return __cu2amd_match_all_sync_w64("__match_all_sync()", (unsigned long long)mask,      \
                                           (unsigned long long)__builtin_bit_cast(carrier, value), pred); \
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

/* ---- reduce */

#define CU2AMD_REDUCE(name, type, op)                                                           \
    template <class M> CU2AMD_DEVICE_INLINE type name(M mask, type value) {                     \
        CU2AMD_MASK64(M, #name "()");                                                           \
        return (type)__cu2amd_redux_sync_w64(#name "()", op, (unsigned long long)mask, (unsigned int)value); \
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

/* ---- lane masks: the lanes of the 64-lane warp below, at or above this one */

CU2AMD_DEVICE_INLINE unsigned long long __lanemask_eq(void) { return 1ull << __cu2amd_laneid_w64(); }
CU2AMD_DEVICE_INLINE unsigned long long __lanemask_lt(void) { return (1ull << __cu2amd_laneid_w64()) - 1ull; }
CU2AMD_DEVICE_INLINE unsigned long long __lanemask_le(void) { return ~0ull >> (63u - __cu2amd_laneid_w64()); }
CU2AMD_DEVICE_INLINE unsigned long long __lanemask_ge(void) { return ~0ull << __cu2amd_laneid_w64(); }
CU2AMD_DEVICE_INLINE unsigned long long __lanemask_gt(void) { return ~1ull << __cu2amd_laneid_w64(); }

#undef CU2AMD_MASK64
#undef CU2AMD_WARP_DEPRECATED

/* The host platform's wave size is a launch setting (CU2AMD_WARP_SIZE, read at each
 * launch): a program built for 64-lane warps runs its launches with 64. */
#if !defined(__CUDA_ARCH__) && !defined(__HIP_DEVICE_COMPILE__)
extern "C" int setenv(const char *name, const char *value, int overwrite) noexcept;
__attribute__((constructor)) static void __cu2amd_warp_size_64(void) { setenv("CU2AMD_WARP_SIZE", "64", 1); }
#endif

#endif
