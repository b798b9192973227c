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
    return (cu2amd_u32)__builtin_amdgcn_ds_bpermute((int)(source << 2), (int)value);
}

CU2AMD_WAVE cu2amd_u64 cu2amd_wave_shuffle64(const char *site, cu2amd_u64 group, cu2amd_u64 value,
                                             cu2amd_u32 source) {
    cu2amd_u32 low = cu2amd_wave_shuffle(site, group, (cu2amd_u32)value, source);
    cu2amd_u32 high = cu2amd_wave_shuffle(site, group, (cu2amd_u32)(value >> 32), source);
    return (cu2amd_u64)high << 32 | low;
}

/* `value` of lane ((lane & AND) | OR) ^ XOR of the thread's 32-lane half (the pattern of
 * ds_swizzle's bit mode: a constant). Exchanges within quads (XOR 1, 2, 3) are DPP
 * quad_perm moves, which need no LDS unit; a lane reading an inactive one keeps its own
 * value. */
template <cu2amd_u32 AND, cu2amd_u32 OR, cu2amd_u32 XOR>
CU2AMD_WAVE cu2amd_u32 cu2amd_wave_swizzle(const char *site, cu2amd_u64 group, cu2amd_u32 value) {
    (void)site, (void)group;
    static_assert(AND < 32 && OR < 32 && XOR < 32, "swizzle masks are 5 bits");
    if constexpr (AND == 31 && OR == 0 && XOR >= 1 && XOR <= 3) {
        /* quad_perm [0^x, 1^x, 2^x, 3^x], 2 bits per lane */
        constexpr int perm = (0 ^ XOR) | (1 ^ XOR) << 2 | (2 ^ XOR) << 4 | (3 ^ XOR) << 6;
        return (cu2amd_u32)__builtin_amdgcn_update_dpp((int)value, (int)value, perm, 0xf, 0xf, false);
    } else {
        return (cu2amd_u32)__builtin_amdgcn_ds_swizzle((int)value, (int)(AND | OR << 5 | XOR << 10));
    }
}

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
