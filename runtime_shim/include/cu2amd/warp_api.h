/* The neutral builtins of warp collectives (DESIGN.md layer 1): CUDA's 32-lane warp
 * semantics, as the PTX ISA defines them (chapter 9.7.13 and shfl.sync, 9.7.9.6), on
 * every target. The device runtime library (runtime_shim/device/warp.cpp) defines them
 * over the wave primitives of each target; cu2amd links it into device code that calls
 * them: lowered PTX, and CUDA C++ through cu2amd/warp.h.
 *
 * `mask` is a 32-bit member mask of the thread's warp, `site` names the call for the host
 * platform's reports (any string; unused on AMD GPUs). Results with a predicate come as
 * one 64-bit value: the 32-bit result in bits 0..31, the predicate in bit 32. */
#ifndef CU2AMD_WARP_API_H
#define CU2AMD_WARP_API_H

#if defined(__CUDA__) || defined(__HIP__)
#define CU2AMD_WARP_API extern "C" __device__ __attribute__((convergent))
#else /* the library itself, compiled as plain C++ for each target */
#define CU2AMD_WARP_API extern "C" __attribute__((convergent))
#endif

/* shfl.sync modes (PTX .up .down .bfly .idx) */
#define CU2AMD_SHFL_UP 0u
#define CU2AMD_SHFL_DOWN 1u
#define CU2AMD_SHFL_BFLY 2u
#define CU2AMD_SHFL_IDX 3u
/* vote.sync modes */
#define CU2AMD_VOTE_ALL 0u
#define CU2AMD_VOTE_ANY 1u
#define CU2AMD_VOTE_UNI 2u
#define CU2AMD_VOTE_BALLOT 3u
/* redux.sync operations on 32-bit integers */
#define CU2AMD_REDUX_ADD 0u
#define CU2AMD_REDUX_MIN_U32 1u
#define CU2AMD_REDUX_MAX_U32 2u
#define CU2AMD_REDUX_MIN_S32 3u
#define CU2AMD_REDUX_MAX_S32 4u
#define CU2AMD_REDUX_AND 5u
#define CU2AMD_REDUX_OR 6u
#define CU2AMD_REDUX_XOR 7u
/* redux.sync on .f32: min or max, with flags for .abs and .NaN */
#define CU2AMD_REDUX_FMIN 0u
#define CU2AMD_REDUX_FMAX 1u
#define CU2AMD_REDUX_FABS 2u
#define CU2AMD_REDUX_FNAN 4u

/* shfl.sync.mode.b32 d|p, a, b, c, mask: d in bits 0..31, p in bit 32. */
CU2AMD_WARP_API unsigned long long __cu2amd_shfl_sync(const char *site, unsigned mode, unsigned mask,
                                                      unsigned a, unsigned b, unsigned c);
/* The value of lane `source` of the warp, all 32 threads taking part (matrix instructions). */
CU2AMD_WARP_API unsigned __cu2amd_warp_read(const char *site, unsigned value, unsigned source);
/* shfl.mode.b32 (no member mask): among the threads that execute it together. */
CU2AMD_WARP_API unsigned long long __cu2amd_shfl(const char *site, unsigned mode, unsigned a, unsigned b,
                                                 unsigned c);
/* vote.sync.mode: 0/1 for all, any, uni; the ballot for ballot. */
CU2AMD_WARP_API unsigned __cu2amd_vote_sync(const char *site, unsigned mode, unsigned mask, unsigned pred);
CU2AMD_WARP_API unsigned __cu2amd_vote(const char *site, unsigned mode, unsigned pred);
/* match.any.sync / match.all.sync (b32 values zero-extended): d, and for all p in bit 32. */
CU2AMD_WARP_API unsigned __cu2amd_match_any_sync(const char *site, unsigned mask, unsigned long long value);
CU2AMD_WARP_API unsigned long long __cu2amd_match_all_sync(const char *site, unsigned mask,
                                                           unsigned long long value);
/* redux.sync.op on 32-bit integers, and on f32 (op: CU2AMD_REDUX_F*). */
CU2AMD_WARP_API unsigned __cu2amd_redux_sync(const char *site, unsigned op, unsigned mask, unsigned value);
CU2AMD_WARP_API float __cu2amd_redux_sync_f32(const char *site, unsigned op, unsigned mask, float value);
/* activemask.b32 */
CU2AMD_WARP_API unsigned __cu2amd_activemask(const char *site);
/* elect.sync d|p, mask: the elected lane in bits 0..31, p in bit 32. */
CU2AMD_WARP_API unsigned long long __cu2amd_elect_sync(const char *site, unsigned mask);
/* bar.warp.sync mask (__syncwarp) */
CU2AMD_WARP_API void __cu2amd_warp_sync(const char *site, unsigned mask);
/* %laneid: the thread's lane in its 32-lane warp. */
CU2AMD_WARP_API unsigned __cu2amd_laneid(void);

/* Native 64-lane warps (cu2amd-nvcc --warp-size=64, wave64 targets only): the warp is the
 * whole wave, masks and ballots are 64 bits, and shfl's c operand has 6-bit fields: clamp
 * in c[5:0], segment mask in c[13:8] (for a width w: (64 - w) << 8 | 0x3f, or 0 for .up). */
CU2AMD_WARP_API unsigned long long __cu2amd_shfl_sync_w64(const char *site, unsigned mode,
                                                          unsigned long long mask, unsigned a, unsigned b,
                                                          unsigned c);
CU2AMD_WARP_API unsigned long long __cu2amd_shfl_w64(const char *site, unsigned mode, unsigned a, unsigned b,
                                                     unsigned c);
CU2AMD_WARP_API unsigned long long __cu2amd_vote_sync_w64(const char *site, unsigned mode,
                                                          unsigned long long mask, unsigned pred);
CU2AMD_WARP_API unsigned long long __cu2amd_vote_w64(const char *site, unsigned mode, unsigned pred);
CU2AMD_WARP_API unsigned long long __cu2amd_match_any_sync_w64(const char *site, unsigned long long mask,
                                                               unsigned long long value);
/* the lanes (or 0), and in *pred whether all members hold the same value */
CU2AMD_WARP_API unsigned long long __cu2amd_match_all_sync_w64(const char *site, unsigned long long mask,
                                                               unsigned long long value, int *pred);
CU2AMD_WARP_API unsigned __cu2amd_redux_sync_w64(const char *site, unsigned op, unsigned long long mask,
                                                 unsigned value);
CU2AMD_WARP_API unsigned long long __cu2amd_activemask_w64(const char *site);
CU2AMD_WARP_API void __cu2amd_warp_sync_w64(const char *site, unsigned long long mask);
CU2AMD_WARP_API unsigned __cu2amd_laneid_w64(void);

#endif
