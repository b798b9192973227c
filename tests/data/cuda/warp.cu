// Warp-level intrinsics: shuffles, votes, match, redux, warp barriers.
#include "minicuda.h"

__device__ float warp_sum(float v) {
  for (int o = 16; o > 0; o >>= 1) v += __nvvm_shfl_sync_down_f32(FULL_MASK, v, o, 31);
  return v;
}

__device__ int warp_scan(int v) {
  for (int o = 1; o < 32; o <<= 1) {
    int n = __nvvm_shfl_sync_up_i32(FULL_MASK, v, o, 0);
    if ((int)lane_id() >= o) v += n;
  }
  return v;
}

__global__ void shuffles(float *f, int *i, unsigned mask) {
  int t = tid_x();
  f[t] = warp_sum(f[t]);
  i[t] = warp_scan(i[t]);
  i[t] += __nvvm_shfl_sync_idx_i32(mask, i[t], 3, 31) + __nvvm_shfl_sync_bfly_i32(mask, i[t], 1, 0x1f);
  f[t] += __nvvm_shfl_sync_idx_f32(mask, f[t], t & 7, 0x181f);
}

__global__ void votes(unsigned *out, const int *in) {
  int t = tid_x();
  bool p = in[t] > 0;
  out[0] = __nvvm_vote_ballot_sync(FULL_MASK, p);
  out[1] = __nvvm_vote_all_sync(FULL_MASK, p);
  out[2] = __nvvm_vote_any_sync(FULL_MASK, p);
  out[3] = __nvvm_vote_uni_sync(FULL_MASK, p);
  __nvvm_bar_warp_sync(FULL_MASK);
  out[4] = __nvvm_read_ptx_sreg_lanemask_eq() | __nvvm_read_ptx_sreg_lanemask_ge() |
           __nvvm_read_ptx_sreg_lanemask_gt() | __nvvm_read_ptx_sreg_lanemask_le();
}

__global__ void matching(unsigned *out, const int *in, const long long *l) {
#if __CUDA_ARCH__ >= 700
  int t = tid_x();
  out[t] = __nvvm_match_any_sync_i32(FULL_MASK, in[t]);
  out[t] += __nvvm_match_any_sync_i64(FULL_MASK, l[t]);
  int pred;
  out[t] += __nvvm_match_all_sync_i32p(FULL_MASK, in[t], &pred) + pred;
  out[t] += __nvvm_activemask();
#endif
}

__global__ void reductions(unsigned *out, const int *in) {
#if __CUDA_ARCH__ >= 800
  int t = tid_x();
  out[0] = __nvvm_redux_sync_add(in[t], FULL_MASK);
  out[1] = __nvvm_redux_sync_min(in[t], FULL_MASK);
  out[2] = __nvvm_redux_sync_umax(in[t], FULL_MASK);
  out[3] = __nvvm_redux_sync_and(in[t], FULL_MASK);
  out[4] = __nvvm_redux_sync_or(in[t], FULL_MASK);
  out[5] = __nvvm_redux_sync_xor(in[t], FULL_MASK);
#endif
}

__global__ void block_sync(int *out, const int *in) {
  int t = tid_x();
  out[0] = __nvvm_bar0_popc(in[t] > 0);
  out[1] = __nvvm_bar0_and(in[t] > 0);
  out[2] = __nvvm_bar0_or(in[t] > 0);
  __nvvm_barrier_sync(1);
  __nvvm_barrier_sync_cnt(2, 64);
  __nvvm_bar_sync(0);
}
