/* The device runtime library of warp collectives (DESIGN.md layer 2): the neutral
 * builtins of cu2amd/warp_api.h, with CUDA's 32-lane warps, over the wave primitives of
 * wave.h. The same source is compiled for every target (runtime_shim/device/library.py):
 * AMDGPU wave32, AMDGPU wave64 and the host platform, whose wave size (32 or 64) is a
 * launch setting.
 *
 * A 64-lane wave holds two warps: hardware lanes 0..31 and 32..63. A thread's warp
 * starts at hardware lane `base` (0 or 32); its lane is the hardware lane & 31. Member
 * masks are shifted to the warp's half, ballots read back from it, and shuffles address
 * lanes of the same half only. Every function is correct whether or not the other half
 * of the wave takes part in the same primitive (on AMDGPU both halves run it together
 * when they are converged; the host platform runs each group on its own).
 *
 * The PTX ISA's rules are quoted where they decide something; its pseudo-code for
 * shfl.sync is followed to the letter.
 *
 * The same code, with W = 64, gives native 64-lane warps (the *_w64 builtins, for code
 * built with --warp-size=64 on wave64 targets): the warp is the whole wave, its lane the
 * hardware lane, masks are 64 bits, and shfl's c operand has 6-bit fields (clamp c[5:0],
 * segment mask c[13:8]).
 */
#include "cu2amd/warp_api.h"
#include "wave.h"

#define CU2AMD_DEFINE extern "C" __attribute__((always_inline, convergent))

namespace {

typedef cu2amd_u32 u32;
typedef cu2amd_u64 u64;

const u32 CANONICAL_NAN = 0x7fffffffu; /* PTX's canonical NaN */

/* A warp of W lanes (32: CUDA's; 64: native wave64 warps) and its lane masks. */
template <u32 W> struct Warp;
template <> struct Warp<32> {
    typedef u32 Mask;
};
template <> struct Warp<64> {
    typedef u64 Mask;
};
template <u32 W> using Mask = typename Warp<W>::Mask;
template <u32 W> constexpr Mask<W> FULL = (Mask<W>)~(Mask<W>)0;

/* Where the thread is: its hardware lane, the first hardware lane of its warp, and its
 * lane within the warp. */
template <u32 W> struct Lane {
    u32 hw;
    u32 base;
    u32 lane;
};

template <u32 W> CU2AMD_WAVE Lane<W> here(void) {
    u32 hw = cu2amd_wave_lane();
    if (W == 64) return Lane<W>{hw, 0u, hw};
    return Lane<W>{hw, cu2amd_wave_may_be_64() ? hw & 32u : 0u, hw & 31u};
}

/* The warp's bits of a hardware-lane mask, and the hardware lanes of a warp mask. */
template <u32 W> CU2AMD_WAVE Mask<W> warp_bits(u64 lanes, Lane<W> l) { return (Mask<W>)(lanes >> l.base); }
template <u32 W> CU2AMD_WAVE u64 hardware_lanes(Mask<W> mask, Lane<W> l) { return (u64)mask << l.base; }
/* Whether hardware lane `hw` is in the thread's warp. */
template <u32 W> CU2AMD_WAVE bool in_warp(u32 hw, Lane<W> l) { return W == 64 || (hw & 32u) == l.base; }

/* The group of a *.sync collective: the hardware lanes of its member mask. "The behavior
 * is undefined if the executing thread is not in membermask": the host platform stops
 * the kernel there. */
template <u32 W> CU2AMD_WAVE u64 member_group(const char *site, Mask<W> mask, Lane<W> l) {
    if (!(mask >> l.lane & 1u))
        cu2amd_wave_error(site, "the member mask does not include the executing thread");
    return hardware_lanes<W>(mask, l);
}

/* The group of a collective without a member mask (shfl, vote, PTX ISA 9.7.9.5, 9.7.13.8):
 * the threads of the warp that execute it together. */
template <u32 W> CU2AMD_WAVE u64 converged_group(const char *site, Lane<W> l) {
    return cu2amd_wave_active(site, 0) & hardware_lanes<W>(FULL<W>, l);
}

/* ------------------------------------------------------------------ shfl */

/* A shuffle from lane ^ K (a constant) of the warp. */
template <u32 K> CU2AMD_WAVE u32 shuffle_xor(const char *site, u64 group, u32 a) {
    return cu2amd_wave_swizzle<31u, 0u, K>(site, group, a);
}

/* The value of lane K of the warp (a constant), for every lane. */
template <u32 K> CU2AMD_WAVE u32 broadcast(const char *site, u64 group, u32 a) {
    return cu2amd_wave_swizzle<0u, K, 0u>(site, group, a);
}

#define CU2AMD_LANES(X)                                                                         \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16)  \
    X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)

/* shuffle_xor or broadcast with a lane known only at run time (a switch that folds away
 * where the lane is a constant). */
CU2AMD_WAVE u32 shuffle_xor_any(const char *site, u64 group, u32 a, u32 k) {
    switch (k & 31u) {
#define CU2AMD_CASE(K)                                                                          \
    case K: return shuffle_xor<K>(site, group, a);
        CU2AMD_LANES(CU2AMD_CASE)
#undef CU2AMD_CASE
    }
    __builtin_unreachable();
}

CU2AMD_WAVE u32 broadcast_any(const char *site, u64 group, u32 a, u32 k) {
    switch (k & 31u) {
#define CU2AMD_CASE(K)                                                                          \
    case K: return broadcast<K>(site, group, a);
        CU2AMD_LANES(CU2AMD_CASE)
#undef CU2AMD_CASE
    }
    __builtin_unreachable();
}

/* lane -/+ N of the 16-lane row (DPP row_shr / row_shl), N a constant 1..15. */
template <int N> CU2AMD_WAVE u32 row_shift(u32 a) {
#if CU2AMD_WAVE_HAS_ROW_SHIFT
    return cu2amd_wave_row_shift<N>(a);
#else
    return a;
#endif
}

CU2AMD_WAVE u32 row_shift_any(u32 a, int n) {
    switch (n) {
#define CU2AMD_CASE(K)                                                                          \
    case K: return row_shift<K>(a);                                                             \
    case -K: return row_shift<-K>(a);
        CU2AMD_CASE(1) CU2AMD_CASE(2) CU2AMD_CASE(3) CU2AMD_CASE(4) CU2AMD_CASE(5) CU2AMD_CASE(6)
        CU2AMD_CASE(7) CU2AMD_CASE(8) CU2AMD_CASE(9) CU2AMD_CASE(10) CU2AMD_CASE(11)
        CU2AMD_CASE(12) CU2AMD_CASE(13) CU2AMD_CASE(14) CU2AMD_CASE(15)
#undef CU2AMD_CASE
    }
    __builtin_unreachable();
}

/* lane (i + S) & 15 of the other row of the 32-lane half (v_permlanex16), S constant. */
CU2AMD_WAVE u32 cross_row_any(u32 a, u32 s) {
#if CU2AMD_WAVE_HAS_PERMLANEX16
    switch (s & 15u) {
#define CU2AMD_CASE(K)                                                                          \
    case K: return cu2amd_wave_cross_row<K>(a);
        CU2AMD_CASE(0) CU2AMD_CASE(1) CU2AMD_CASE(2) CU2AMD_CASE(3) CU2AMD_CASE(4) CU2AMD_CASE(5)
        CU2AMD_CASE(6) CU2AMD_CASE(7) CU2AMD_CASE(8) CU2AMD_CASE(9) CU2AMD_CASE(10)
        CU2AMD_CASE(11) CU2AMD_CASE(12) CU2AMD_CASE(13) CU2AMD_CASE(14) CU2AMD_CASE(15)
#undef CU2AMD_CASE
    }
    __builtin_unreachable();
#else
    (void)s;
    return a;
#endif
}

/* shfl.sync.up/down by a constant b (1..15 lanes; 16 too across rows) without an index:
 * sets *d to the value of lane j for every lane whose j is in range (the caller keeps the
 * lane's own value for the others) and returns true, where that is exact. An in-range j
 * lies in the lane's segment (the lanes with its c[12:8] bits; contiguous here), so:
 * segments of up to 16 lanes never leave the lane's DPP row (one row_shr / row_shl); a
 * 32-lane segment on gfx10+ takes lanes of the other row with one v_permlanex16 (of a
 * 32-lane warp only: it does not cross the halves of a wave64). */
template <u32 W>
CU2AMD_WAVE bool constant_shift(u32 mode, u32 b, u32 c, int segmask, u32 a, Lane<W> l, u32 *d) {
    if (!CU2AMD_WAVE_HAS_ROW_SHIFT || !__builtin_constant_p(mode) || !__builtin_constant_p(b) ||
        !__builtin_constant_p(c) || (mode != CU2AMD_SHFL_UP && mode != CU2AMD_SHFL_DOWN))
        return false;
    u32 n = b & (W - 1), low = ~(u32)segmask & (W - 1);
    if (n == 0 || (low & (low + 1)) != 0) return false; /* a shift, contiguous segments */
    int shift = mode == CU2AMD_SHFL_UP ? (int)n : -(int)n;
    if ((segmask & 16) != 0 && n < 16) {
        *d = row_shift_any(a, shift);
        return true;
    }
    if (!CU2AMD_WAVE_HAS_PERMLANEX16 || W != 32 || segmask != 0) return false;
    /* The row's own lanes where the source is in it, else the other row's (for j in range,
     * that is the lower row for .up and the upper one for .down). */
    u32 i = l.lane & 15u;
    bool same_row = mode == CU2AMD_SHFL_UP ? i >= n : i + n <= 15u;
    /* Both moves run in every lane (they are convergent: no branch around them). */
    u32 other = cross_row_any(a, mode == CU2AMD_SHFL_UP ? 16u - (n & 15u) : n);
    u32 own = n < 16 ? row_shift_any(a, shift) : other;
    *d = same_row ? own : other;
    return true;
}

/* PTX ISA 9.7.9.6: the source lane j from b and c (clamp in c[4:0], segment mask in
 * c[12:8]), the lane's own value when j is out of range, and the predicate. Where b and c
 * are constants (after inlining) and every lane's j is in range, a butterfly within the
 * segment is a swizzle or DPP move, and on a 64-lane wave an index over the whole warp is
 * a swizzle broadcast (a wave32 GPU reads one lane with v_readlane). */
template <u32 W>
CU2AMD_WAVE u64 shuffle(const char *site, u64 group, Lane<W> l, u32 mode, u32 a, u32 b, u32 c) {
    if (__builtin_constant_p(mode) && __builtin_constant_p(b) && __builtin_constant_p(c) &&
        (c & (W - 1)) == W - 1) {
        u32 segmask = c >> 8 & (W - 1);
        /* lane ^ b for b < 32 stays in the lane's 32-lane group: a warp of either size */
        if (mode == CU2AMD_SHFL_BFLY && (b & segmask) == 0 && (b & (W - 1)) < 32)
            return (u64)1 << 32 | shuffle_xor_any(site, group, a, b);
        if (W == 32 && mode == CU2AMD_SHFL_IDX && segmask == 0 && cu2amd_wave_may_be_64())
            return (u64)1 << 32 | broadcast_any(site, group, a, b);
    }
    int lane = (int)l.lane;
    int bval = (int)(b & (W - 1)), cval = (int)(c & (W - 1)), segmask = (int)(c >> 8 & (W - 1));
    int max_lane = (lane & segmask) | (cval & ~segmask);
    int min_lane = lane & segmask;
    int j;
    bool in_range;
    switch (mode) {
    case CU2AMD_SHFL_UP:
        j = lane - bval;
        in_range = j >= max_lane;
        break;
    case CU2AMD_SHFL_DOWN:
        j = lane + bval;
        in_range = j <= max_lane;
        break;
    case CU2AMD_SHFL_BFLY:
        j = lane ^ bval;
        in_range = j <= max_lane;
        break;
    default: /* CU2AMD_SHFL_IDX */
        j = min_lane | (bval & ~segmask);
        in_range = j <= max_lane;
        break;
    }
    if (!in_range) j = lane;
    u32 d;
    if (constant_shift<W>(mode, b, c, segmask, a, l, &d))
        d = in_range ? d : a;
    else
        d = cu2amd_wave_shuffle(site, group, a, l.base | (u32)j);
    return (u64)in_range << 32 | d;
}

/* ------------------------------------------------------------------ vote */

/* PTX ISA 9.7.13.9: "all: true if source predicate is true for all non-exited threads in
 * membermask", any: for some, uni: the same in all; ballot: "a thread not specified in
 * membermask will contribute a 0". */
template <u32 W>
CU2AMD_WAVE Mask<W> vote(const char *site, u64 group, Lane<W> l, u32 mode, Mask<W> mask, u32 pred) {
    if (mode == CU2AMD_VOTE_BALLOT || mode == CU2AMD_VOTE_ANY) {
        Mask<W> yes = warp_bits<W>(cu2amd_wave_ballot(site, group, pred != 0), l) & mask;
        return mode == CU2AMD_VOTE_BALLOT ? yes : yes != 0;
    }
    Mask<W> no = warp_bits<W>(cu2amd_wave_ballot(site, group, pred == 0), l) & mask;
    if (mode == CU2AMD_VOTE_ALL) return no == 0;
    Mask<W> yes = warp_bits<W>(cu2amd_wave_ballot(site, group, pred != 0), l) & mask;
    return yes == 0 || no == 0;
}

/* ------------------------------------------------------------------ redux */

CU2AMD_WAVE u32 combine(u32 op, u32 x, u32 y) {
    switch (op) {
    case CU2AMD_REDUX_ADD: return x + y; /* "the result is truncated to 32 bits" */
    case CU2AMD_REDUX_MIN_U32: return x < y ? x : y;
    case CU2AMD_REDUX_MAX_U32: return x > y ? x : y;
    case CU2AMD_REDUX_MIN_S32: return (int)x < (int)y ? x : y;
    case CU2AMD_REDUX_MAX_S32: return (int)x > (int)y ? x : y;
    case CU2AMD_REDUX_AND: return x & y;
    case CU2AMD_REDUX_OR: return x | y;
    default: return x ^ y; /* CU2AMD_REDUX_XOR */
    }
}

CU2AMD_WAVE bool is_nan(u32 bits) { return (bits & 0x7fffffffu) > 0x7f800000u; }

/* An integer with the order of the (non-NaN) floats whose bits these are, -0.0 below
 * +0.0 ("for .f32, if the input value is 0.0 then +0.0 > -0.0"): exact whatever the
 * target's floating-point modes. */
CU2AMD_WAVE int float_order(u32 bits) {
    int k = (int)bits;
    return k ^ ((k >> 31) & 0x7fffffff);
}

/* min or max of two f32 bit patterns. With .NaN "the result is canonical NaN if the input
 * ... from any participating thread is NaN"; without, "only non-NaN values are
 * considered" (the result is NaN only when all are). */
CU2AMD_WAVE u32 combine_f32(u32 op, u32 x, u32 y) {
    if (is_nan(x) || is_nan(y)) {
        if (op & CU2AMD_REDUX_FNAN) return CANONICAL_NAN;
        return is_nan(x) ? y : x;
    }
    bool x_less = float_order(x) < float_order(y);
    return (op & CU2AMD_REDUX_FMAX) ? (x_less ? y : x) : (x_less ? x : y);
}

/* One step of a butterfly reduction: x combined with lane ^ K's x. */
template <bool F32, u32 K> CU2AMD_WAVE u32 butterfly(const char *site, u64 group, u32 op, u32 x) {
    u32 other = shuffle_xor<K>(site, group, x);
    return F32 ? combine_f32(op, x, other) : combine(op, x, other);
}

/* The reduction of `value` over the members of the group: every member gets it. A full
 * warp reduces in steps that each combine a lane with one of another group of lanes
 * holding the other part: lane ^ 1, ^ 2 (quads), ^ 7 (half rows: the other quad),
 * ^ 15 (rows: the other half row), all DPP moves, then ^ 16 (the other row) and for a
 * 64-lane warp ^ 32 (a general shuffle). The operations are associative and commutative,
 * so any such order gives every lane the whole. Otherwise the members' values are read
 * one by one (the lanes outside the group cannot take part in a shuffle). */
template <u32 W, bool F32>
CU2AMD_WAVE u32 reduce(const char *site, u32 op, Mask<W> mask, u32 value) {
    Lane<W> l = here<W>();
    u64 group = member_group<W>(site, mask, l);
    u64 active = cu2amd_wave_active(site, group);
    if ((warp_bits<W>(active, l) & mask) == FULL<W>) {
        u32 x = butterfly<F32, 1>(site, group, op, value);
        x = butterfly<F32, 2>(site, group, op, x);
        x = butterfly<F32, 7>(site, group, op, x);
        x = butterfly<F32, 15>(site, group, op, x);
        x = butterfly<F32, 16>(site, group, op, x);
        if (W == 64) {
            u32 other = cu2amd_wave_shuffle(site, group, x, l.hw ^ 32u);
            x = F32 ? combine_f32(op, x, other) : combine(op, x, other);
        }
        return x;
    }
    u32 result = 0;
    bool first = true;
    for (u64 todo = active; todo != 0; todo &= todo - 1) {
        u32 source = (u32)__builtin_ctzll(todo);
        u32 v = cu2amd_wave_readlane(site, group, value, source);
        if (in_warp<W>(source, l) && (mask >> (source & (W - 1)) & 1u)) {
            result = first ? v : F32 ? combine_f32(op, result, v) : combine(op, result, v);
            first = false;
        }
    }
    return result;
}

/* ------------------------------------------------------------------ match */

/* PTX ISA 9.7.13.10 .any: "d is set to mask corresponding to non-exited threads in
 * membermask that have same value of operand a". One round per distinct value: the first
 * lane still unmatched broadcasts its value, the lanes of its warp that hold it vote. */
template <u32 W> CU2AMD_WAVE Mask<W> match_any(const char *site, Mask<W> mask, u64 value) {
    Lane<W> l = here<W>();
    u64 group = member_group<W>(site, mask, l);
    Mask<W> result = 0;
    for (u64 todo = cu2amd_wave_active(site, group); todo != 0;) {
        u32 leader = (u32)__builtin_ctzll(todo);
        u64 v = cu2amd_wave_readlane64(site, group, value, leader);
        u64 same = cu2amd_wave_ballot(site, group, value == v && in_warp<W>(leader, l));
        if (same >> l.hw & 1u) result = warp_bits<W>(same, l);
        todo &= ~same;
    }
    return result & mask;
}

/* .all: "d is set to mask corresponding to non-exited threads in membermask if all
 * non-exited threads in membermask have same value of operand a; otherwise d is set to
 * 0"; *all says whether they do. */
template <u32 W> CU2AMD_WAVE Mask<W> match_all(const char *site, Mask<W> mask, u64 value, bool *all) {
    Lane<W> l = here<W>();
    u64 group = member_group<W>(site, mask, l);
    Mask<W> members = warp_bits<W>(cu2amd_wave_active(site, group), l) & mask;
    u64 first = cu2amd_wave_shuffle64(site, group, value, l.base | (u32)__builtin_ctzll(members));
    Mask<W> equal = warp_bits<W>(cu2amd_wave_ballot(site, group, value == first), l) & mask;
    *all = equal == members;
    return *all ? members : 0u;
}

} // namespace

/* ------------------------------------------------------------------ CUDA's 32-lane warps */

CU2AMD_DEFINE unsigned long long __cu2amd_shfl_sync(const char *site, unsigned mode, unsigned mask,
                                                    unsigned a, unsigned b, unsigned c) {
    Lane<32> l = here<32>();
    return shuffle<32>(site, member_group<32>(site, mask, l), l, mode, a, b, c);
}

/* The value of lane `source` (0..31) of the caller's 32-lane warp, for the .sync.aligned
 * matrix instructions (mma, ldmatrix, stmatrix, movmatrix, wmma), which every thread of the
 * warp executes together: shfl.sync.idx with the full mask and c = 31 without the parts
 * that cannot apply (member-mask check, clamping, constant-lane forms), so that the many
 * exchanges of a matrix emulation stay small when inlined. */
CU2AMD_DEFINE unsigned __cu2amd_warp_read(const char *site, unsigned value, unsigned source) {
    Lane<32> l = here<32>();
    return cu2amd_wave_shuffle(site, hardware_lanes<32>(FULL<32>, l), value, l.base | (source & 31u));
}

CU2AMD_DEFINE unsigned long long __cu2amd_shfl(const char *site, unsigned mode, unsigned a, unsigned b,
                                               unsigned c) {
    Lane<32> l = here<32>();
    return shuffle<32>(site, converged_group<32>(site, l), l, mode, a, b, c);
}

CU2AMD_DEFINE unsigned __cu2amd_vote_sync(const char *site, unsigned mode, unsigned mask, unsigned pred) {
    Lane<32> l = here<32>();
    return vote<32>(site, member_group<32>(site, mask, l), l, mode, mask, pred);
}

CU2AMD_DEFINE unsigned __cu2amd_vote(const char *site, unsigned mode, unsigned pred) {
    Lane<32> l = here<32>();
    u64 group = converged_group<32>(site, l);
    return vote<32>(site, group, l, mode, warp_bits<32>(group, l), pred);
}

CU2AMD_DEFINE unsigned __cu2amd_match_any_sync(const char *site, unsigned mask, unsigned long long value) {
    return match_any<32>(site, mask, value);
}

CU2AMD_DEFINE unsigned long long __cu2amd_match_all_sync(const char *site, unsigned mask,
                                                         unsigned long long value) {
    bool all;
    u32 members = match_all<32>(site, mask, value, &all);
    return (u64)all << 32 | members;
}

/* PTX ISA 9.7.13.12: the reduction "across all non-exited threads in the membermask". */
CU2AMD_DEFINE unsigned __cu2amd_redux_sync(const char *site, unsigned op, unsigned mask, unsigned value) {
    return reduce<32, false>(site, op, mask, value);
}

/* .f32 min/max, "if .abs ... the absolute value of the input is considered"; a NaN result
 * is the canonical NaN. */
CU2AMD_DEFINE float __cu2amd_redux_sync_f32(const char *site, unsigned op, unsigned mask, float value) {
    u32 bits = __builtin_bit_cast(u32, value);
    if (op & CU2AMD_REDUX_FABS) bits &= 0x7fffffffu;
    u32 result = reduce<32, true>(site, op, mask, bits);
    return __builtin_bit_cast(float, is_nan(result) ? CANONICAL_NAN : result);
}

/* PTX ISA 9.7.13.11: the threads of the warp executing activemask together. */
CU2AMD_DEFINE unsigned __cu2amd_activemask(const char *site) {
    Lane<32> l = here<32>();
    return warp_bits<32>(cu2amd_wave_active(site, 0), l);
}

/* PTX ISA 9.7.13.14: "elects one predicated active leader thread from among a set of
 * threads specified by membermask ... deterministically": the lowest such lane. */
CU2AMD_DEFINE unsigned long long __cu2amd_elect_sync(const char *site, unsigned mask) {
    Lane<32> l = here<32>();
    u64 group = member_group<32>(site, mask, l);
    u32 members = warp_bits<32>(cu2amd_wave_active(site, group), l) & mask;
    u32 leader = (u32)__builtin_ctz(members);
    return (u64)(l.lane == leader) << 32 | leader;
}

/* PTX ISA 9.7.13.2: the threads of membermask meet; their memory accesses before are
 * ordered before those after. */
CU2AMD_DEFINE void __cu2amd_warp_sync(const char *site, unsigned mask) {
    Lane<32> l = here<32>();
    cu2amd_wave_sync(site, member_group<32>(site, mask, l));
}

CU2AMD_DEFINE unsigned __cu2amd_laneid(void) { return cu2amd_wave_lane() & 31u; }

/* ------------------------------------------------------------------ native 64-lane warps */

CU2AMD_DEFINE unsigned long long __cu2amd_shfl_sync_w64(const char *site, unsigned mode,
                                                        unsigned long long mask, unsigned a, unsigned b,
                                                        unsigned c) {
    Lane<64> l = here<64>();
    return shuffle<64>(site, member_group<64>(site, mask, l), l, mode, a, b, c);
}

CU2AMD_DEFINE unsigned long long __cu2amd_shfl_w64(const char *site, unsigned mode, unsigned a, unsigned b,
                                                   unsigned c) {
    Lane<64> l = here<64>();
    return shuffle<64>(site, converged_group<64>(site, l), l, mode, a, b, c);
}

CU2AMD_DEFINE unsigned long long __cu2amd_vote_sync_w64(const char *site, unsigned mode,
                                                        unsigned long long mask, unsigned pred) {
    Lane<64> l = here<64>();
    return vote<64>(site, member_group<64>(site, mask, l), l, mode, mask, pred);
}

CU2AMD_DEFINE unsigned long long __cu2amd_vote_w64(const char *site, unsigned mode, unsigned pred) {
    Lane<64> l = here<64>();
    u64 group = converged_group<64>(site, l);
    return vote<64>(site, group, l, mode, group, pred);
}

CU2AMD_DEFINE unsigned long long __cu2amd_match_any_sync_w64(const char *site, unsigned long long mask,
                                                             unsigned long long value) {
    return match_any<64>(site, mask, value);
}

CU2AMD_DEFINE unsigned long long __cu2amd_match_all_sync_w64(const char *site, unsigned long long mask,
                                                             unsigned long long value, int *pred) {
    bool all;
    u64 members = match_all<64>(site, mask, value, &all);
    *pred = all;
    return members;
}

CU2AMD_DEFINE unsigned __cu2amd_redux_sync_w64(const char *site, unsigned op, unsigned long long mask,
                                               unsigned value) {
    return reduce<64, false>(site, op, mask, value);
}

CU2AMD_DEFINE unsigned long long __cu2amd_activemask_w64(const char *site) {
    return cu2amd_wave_active(site, 0);
}

CU2AMD_DEFINE void __cu2amd_warp_sync_w64(const char *site, unsigned long long mask) {
    Lane<64> l = here<64>();
    cu2amd_wave_sync(site, member_group<64>(site, mask, l));
}

CU2AMD_DEFINE unsigned __cu2amd_laneid_w64(void) { return cu2amd_wave_lane(); }
#include "texture_ptx.h"
