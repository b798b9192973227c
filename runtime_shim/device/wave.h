/* Wave primitives (DESIGN.md layer 3): what the device runtime library (warp.cpp) is
 * written against. Each works on the HARDWARE wave (32 or 64 lanes) and takes `group`,
 * the hardware lanes that take part (0: the lanes that reach the call together):
 *
 *   AMDGPU  one llvm.amdgcn.* intrinsic each. Lanes run in lockstep, so the lanes that
 *           take part are the active ones (EXEC); `group` and `site` are unused.
 *   host    a call into the host platform runtime (runtime_shim/host/runtime.c), which
 *           blocks the calling fiber until its group has arrived; `site` names the
 *           instruction for its reports.
 *
 * A primitive's result may cover more lanes than `group` on AMDGPU (both 32-lane halves
 * of a wave64, lanes outside a member mask that happen to be active): the library masks
 * what it reads.
 */
#ifndef CU2AMD_DEVICE_WAVE_H
#define CU2AMD_DEVICE_WAVE_H

typedef unsigned int cu2amd_u32;
typedef unsigned long long cu2amd_u64;

#define CU2AMD_WAVE static inline __attribute__((always_inline, convergent))

#if defined(__AMDGCN__)

/* DPP controls (AMD ISA manuals, "DPP_CTRL"): quad_perm is 0x00..0xff. */
#define CU2AMD_DPP_ROW_SHL 0x100      /* + 1..15 */
#define CU2AMD_DPP_ROW_SHR 0x110      /* + 1..15 */
#define CU2AMD_DPP_ROW_ROR 0x120      /* + 1..15 */
#define CU2AMD_DPP_ROW_MIRROR 0x140
#define CU2AMD_DPP_ROW_HALF_MIRROR 0x141
#define CU2AMD_DPP_ROW_XMASK 0x160    /* + 0..15, gfx10+ */

/* The library's gfx10+ forms (row_xmask, v_permlanex16): its flavour is compiled for a
 * processor of the family (library.py); GCN/CDNA (gfx9) flavours use none of them. */
#if defined(__GFX9__) || defined(__GFX8__)
#define CU2AMD_WAVE_GFX10_PLUS 0
#else
#define CU2AMD_WAVE_GFX10_PLUS 1
#endif

/* A DPP move of `value`. A lane whose source is outside its row or inactive reads 0
 * (bound_ctrl: no copy of the old value is needed); callers only use it where every lane
 * that keeps the result reads a lane of its row, and a source outside the group of a
 * collective is undefined (PTX ISA shfl.sync). */
template <int CTRL> CU2AMD_WAVE cu2amd_u32 cu2amd_wave_dpp(cu2amd_u32 value) {
    return (cu2amd_u32)__builtin_amdgcn_mov_dpp((int)value, CTRL, 0xf, 0xf, true);
}

#if CU2AMD_WAVE_GFX10_PLUS
/* v_permlanex16: lane i of each 16-lane row reads lane (i ^ X) of the other row of its
 * 32-lane half. */
constexpr cu2amd_u32 cu2amd_select_xor(cu2amd_u32 x, int first) {
    cu2amd_u32 sel = 0;
    for (int i = 0; i < 8; ++i) sel |= (((cu2amd_u32)(first + i) ^ x) & 15u) << (4 * i);
    return sel;
}
template <cu2amd_u32 X> CU2AMD_WAVE cu2amd_u32 cu2amd_wave_permlanex16(cu2amd_u32 old, cu2amd_u32 value) {
    constexpr cu2amd_u32 low = cu2amd_select_xor(X, 0), high = cu2amd_select_xor(X, 8);
    return __builtin_amdgcn_permlanex16(old, value, low, high, false, false);
}
/* ... lane (i + S) & 15 of the other row. */
constexpr cu2amd_u32 cu2amd_select_rotate(cu2amd_u32 s, int first) {
    cu2amd_u32 sel = 0;
    for (int i = 0; i < 8; ++i) sel |= (((cu2amd_u32)(first + i) + s) & 15u) << (4 * i);
    return sel;
}
template <cu2amd_u32 S> CU2AMD_WAVE cu2amd_u32 cu2amd_wave_permlanex16_rotate(cu2amd_u32 value) {
    constexpr cu2amd_u32 low = cu2amd_select_rotate(S, 0), high = cu2amd_select_rotate(S, 8);
    return __builtin_amdgcn_permlanex16(value, value, low, high, false, false);
}
#endif

/* The lane within the hardware wave. */
CU2AMD_WAVE cu2amd_u32 cu2amd_wave_lane(void) {
    cu2amd_u32 low = __builtin_amdgcn_mbcnt_lo(~0u, 0u);
    return __builtin_amdgcn_wavefrontsize() == 64 ? __builtin_amdgcn_mbcnt_hi(~0u, low) : low;
}

/* Whether the wave may have 64 lanes (two warps). */
CU2AMD_WAVE int cu2amd_wave_may_be_64(void) { return __builtin_amdgcn_wavefrontsize() == 64; }

/* Bit l set for each lane l of the group whose `pred` is true (wave32: bits 0..31). */
CU2AMD_WAVE cu2amd_u64 cu2amd_wave_ballot(const char *site, cu2amd_u64 group, int pred) {
    (void)site, (void)group;
    return __builtin_amdgcn_ballot_w64(pred != 0);
}

/* The lanes of the group. */
CU2AMD_WAVE cu2amd_u64 cu2amd_wave_active(const char *site, cu2amd_u64 group) {
    (void)site, (void)group;
    return __builtin_amdgcn_ballot_w64(1);
}

/* `value` of lane `source` (any lane, per lane): ds_bpermute addresses lanes by byte. */
CU2AMD_WAVE cu2amd_u32 cu2amd_wave_shuffle(const char *site, cu2amd_u64 group, cu2amd_u32 value,
                                           cu2amd_u32 source) {
    (void)site, (void)group;
#if defined(CU2AMD_WAVE_RDNA_WAVE64)
    /* RDNA in wave64 mode: ds_bpermute reads lanes of the caller's own 32-lane half
     * (lane source & 31 there). A source in the other half is read through v_permlane64
     * (lane l gets lane l ^ 32) when every lane of the wave is active, so that each
     * lane's partner has swapped its value; otherwise with v_readlane, one round per
     * distinct source (a source outside the group is undefined, v_readlane reads any). */
    cu2amd_u32 hw = cu2amd_wave_lane();
    cu2amd_u32 same = (cu2amd_u32)__builtin_amdgcn_ds_bpermute((int)(source << 2), (int)value);
    bool across = ((source ^ hw) & 32u) != 0;
    if (__builtin_amdgcn_ballot_w64(1) == ~0ull) {
        cu2amd_u32 swapped = __builtin_amdgcn_permlane64(value);
        cu2amd_u32 other = (cu2amd_u32)__builtin_amdgcn_ds_bpermute((int)(source << 2), (int)swapped);
        return across ? other : same;
    }
    cu2amd_u32 result = same;
    for (cu2amd_u64 todo = __builtin_amdgcn_ballot_w64(across); todo != 0;) {
        cu2amd_u32 s = (cu2amd_u32)__builtin_amdgcn_readlane((int)source, (int)__builtin_ctzll(todo));
        cu2amd_u32 v = (cu2amd_u32)__builtin_amdgcn_readlane((int)value, (int)s);
        if (across && source == s) result = v;
        todo &= ~__builtin_amdgcn_ballot_w64(across && source == s);
    }
    return result;
#else
    return (cu2amd_u32)__builtin_amdgcn_ds_bpermute((int)(source << 2), (int)value);
#endif
}

CU2AMD_WAVE cu2amd_u64 cu2amd_wave_shuffle64(const char *site, cu2amd_u64 group, cu2amd_u64 value,
                                             cu2amd_u32 source) {
    cu2amd_u32 low = cu2amd_wave_shuffle(site, group, (cu2amd_u32)value, source);
    cu2amd_u32 high = cu2amd_wave_shuffle(site, group, (cu2amd_u32)(value >> 32), source);
    return (cu2amd_u64)high << 32 | low;
}

/* `value` of lane ((lane & AND) | OR) ^ XOR of the thread's 32-lane half (the pattern of
 * ds_swizzle's bit mode: a constant). Butterflies (AND 31, OR 0) that a DPP or permlane
 * move does exactly need no LDS unit: within a quad (XOR 1..3) a quad_perm; XOR 7, 8, 15
 * row_half_mirror, row_ror:8, row_mirror (every family); on gfx10+ any other XOR below 16
 * a row_xmask, and XOR 16..31 one v_permlanex16 (lane i of the other 16-lane row of the
 * 32-lane half reads lane i ^ (XOR & 15) of this one). The rest is a ds_swizzle, which
 * works on 32-lane groups on either wave size. A lane reading an inactive one keeps its
 * own value (permlanex16) or 0 (DPP), a source outside the group being undefined. */
template <cu2amd_u32 AND, cu2amd_u32 OR, cu2amd_u32 XOR>
CU2AMD_WAVE cu2amd_u32 cu2amd_wave_swizzle(const char *site, cu2amd_u64 group, cu2amd_u32 value) {
    (void)site, (void)group;
    static_assert(AND < 32 && OR < 32 && XOR < 32, "swizzle masks are 5 bits");
    constexpr bool butterfly = AND == 31 && OR == 0;
    if constexpr (butterfly && XOR >= 1 && XOR <= 3) {
        /* quad_perm [0^x, 1^x, 2^x, 3^x], 2 bits per lane */
        constexpr int perm = (0 ^ XOR) | (1 ^ XOR) << 2 | (2 ^ XOR) << 4 | (3 ^ XOR) << 6;
        return cu2amd_wave_dpp<perm>(value);
    } else if constexpr (butterfly && XOR == 7) {
        return cu2amd_wave_dpp<CU2AMD_DPP_ROW_HALF_MIRROR>(value);
    } else if constexpr (butterfly && XOR == 8) {
        return cu2amd_wave_dpp<CU2AMD_DPP_ROW_ROR + 8>(value); /* (i + 8) mod 16 == i ^ 8 */
    } else if constexpr (butterfly && XOR == 15) {
        return cu2amd_wave_dpp<CU2AMD_DPP_ROW_MIRROR>(value);
#if CU2AMD_WAVE_GFX10_PLUS
    } else if constexpr (butterfly && XOR >= 4 && XOR < 16) {
        return cu2amd_wave_dpp<CU2AMD_DPP_ROW_XMASK + XOR>(value);
    } else if constexpr (butterfly && XOR >= 16) {
        return cu2amd_wave_permlanex16<XOR & 15u>(value, value);
#endif
    } else {
        return (cu2amd_u32)__builtin_amdgcn_ds_swizzle((int)value, (int)(AND | OR << 5 | XOR << 10));
    }
}

#define CU2AMD_WAVE_HAS_ROW_SHIFT 1
/* `value` of lane - N (N > 0) or lane + |N| (N < 0) of the thread's 16-lane row, N a
 * constant 1..15: DPP row_shr / row_shl. A lane whose source is outside its row (or
 * inactive) reads 0: the caller selects its own value there. */
template <int N> CU2AMD_WAVE cu2amd_u32 cu2amd_wave_row_shift(cu2amd_u32 value) {
    static_assert(N != 0 && N > -16 && N < 16, "row shifts are 1..15 lanes");
    if constexpr (N > 0)
        return cu2amd_wave_dpp<CU2AMD_DPP_ROW_SHR + N>(value);
    else
        return cu2amd_wave_dpp<CU2AMD_DPP_ROW_SHL - N>(value);
}

#if CU2AMD_WAVE_GFX10_PLUS
/* Whether the target has v_permlanex16 (gfx10+): shifts across the two rows of a half. */
#define CU2AMD_WAVE_HAS_PERMLANEX16 1
/* `value` of lane (i + S) & 15 (S a constant 0..15) of the other 16-lane row of the
 * thread's 32-lane half, where i is the lane's index in its row. */
template <cu2amd_u32 S> CU2AMD_WAVE cu2amd_u32 cu2amd_wave_cross_row(cu2amd_u32 value) {
    return cu2amd_wave_permlanex16_rotate<S>(value);
}
#else
#define CU2AMD_WAVE_HAS_PERMLANEX16 0
#endif

/* `value` of lane `source`, the same lane for the whole group (a scalar read). */
CU2AMD_WAVE cu2amd_u64 cu2amd_wave_readlane64(const char *site, cu2amd_u64 group, cu2amd_u64 value,
                                              cu2amd_u32 source) {
    (void)site, (void)group;
    cu2amd_u32 low = (cu2amd_u32)__builtin_amdgcn_readlane((int)(cu2amd_u32)value, (int)source);
    cu2amd_u32 high = (cu2amd_u32)__builtin_amdgcn_readlane((int)(cu2amd_u32)(value >> 32), (int)source);
    return (cu2amd_u64)high << 32 | low;
}

CU2AMD_WAVE cu2amd_u32 cu2amd_wave_readlane(const char *site, cu2amd_u64 group, cu2amd_u32 value,
                                            cu2amd_u32 source) {
    (void)site, (void)group;
    return (cu2amd_u32)__builtin_amdgcn_readlane((int)value, (int)source);
}

/* The group meets here, and memory written by its lanes before is visible to them after
 * (the lanes of a wave execute together; the fences keep memory operations in order). */
CU2AMD_WAVE void cu2amd_wave_sync(const char *site, cu2amd_u64 group) {
    (void)site, (void)group;
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront");
    __builtin_amdgcn_wave_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront");
}

/* A collective used against its definition: undefined behaviour on the GPU, unchecked. */
CU2AMD_WAVE void cu2amd_wave_error(const char *site, const char *message) { (void)site, (void)message; }

#else /* the host platform */

/* Shuffles with a constant shift are general shuffles here (warp.cpp). */
#define CU2AMD_WAVE_HAS_ROW_SHIFT 0
#define CU2AMD_WAVE_HAS_PERMLANEX16 0

#define CU2AMD_WAVE_RUNTIME extern "C" __attribute__((convergent, nomerge))
/* runtime_shim/host/cu2amd_host.h */
CU2AMD_WAVE_RUNTIME cu2amd_u64 __cu2amd_wave_ballot(const char *site, cu2amd_u64 mask, cu2amd_u32 pred);
CU2AMD_WAVE_RUNTIME cu2amd_u64 __cu2amd_wave_readlane(const char *site, cu2amd_u64 mask, cu2amd_u64 value,
                                                      cu2amd_u32 lane);
CU2AMD_WAVE_RUNTIME cu2amd_u64 __cu2amd_wave_active_mask(const char *site, cu2amd_u64 mask);
CU2AMD_WAVE_RUNTIME cu2amd_u32 __cu2amd_lane_id(void);
CU2AMD_WAVE_RUNTIME void __cu2amd_wave_error(const char *site, const char *message);

CU2AMD_WAVE cu2amd_u32 cu2amd_wave_lane(void) { return __cu2amd_lane_id(); }

/* The wave size is a launch setting. */
CU2AMD_WAVE int cu2amd_wave_may_be_64(void) { return 1; }

CU2AMD_WAVE cu2amd_u64 cu2amd_wave_ballot(const char *site, cu2amd_u64 group, int pred) {
    return __cu2amd_wave_ballot(site, group, pred != 0);
}

CU2AMD_WAVE cu2amd_u64 cu2amd_wave_active(const char *site, cu2amd_u64 group) {
    return __cu2amd_wave_active_mask(site, group);
}

CU2AMD_WAVE cu2amd_u32 cu2amd_wave_shuffle(const char *site, cu2amd_u64 group, cu2amd_u32 value,
                                           cu2amd_u32 source) {
    return (cu2amd_u32)__cu2amd_wave_readlane(site, group, value, source);
}

CU2AMD_WAVE cu2amd_u64 cu2amd_wave_shuffle64(const char *site, cu2amd_u64 group, cu2amd_u64 value,
                                             cu2amd_u32 source) {
    return __cu2amd_wave_readlane(site, group, value, source);
}

CU2AMD_WAVE cu2amd_u64 cu2amd_wave_readlane64(const char *site, cu2amd_u64 group, cu2amd_u64 value,
                                              cu2amd_u32 source) {
    return __cu2amd_wave_readlane(site, group, value, source);
}

template <cu2amd_u32 AND, cu2amd_u32 OR, cu2amd_u32 XOR>
CU2AMD_WAVE cu2amd_u32 cu2amd_wave_swizzle(const char *site, cu2amd_u64 group, cu2amd_u32 value) {
    cu2amd_u32 lane = __cu2amd_lane_id();
    cu2amd_u32 source = (lane & ~31u) | (((lane & AND) | OR) ^ XOR);
    return (cu2amd_u32)__cu2amd_wave_readlane(site, group, value, source);
}

CU2AMD_WAVE cu2amd_u32 cu2amd_wave_readlane(const char *site, cu2amd_u64 group, cu2amd_u32 value,
                                            cu2amd_u32 source) {
    return (cu2amd_u32)__cu2amd_wave_readlane(site, group, value, source);
}

/* The runtime switches fibers at every collective: memory is one address space. */
CU2AMD_WAVE void cu2amd_wave_sync(const char *site, cu2amd_u64 group) { (void)__cu2amd_wave_active_mask(site, group); }

CU2AMD_WAVE void cu2amd_wave_error(const char *site, const char *message) { __cu2amd_wave_error(site, message); }

#endif
#endif
