// Barriers, fences and the sm_90 cluster features (cluster special registers, mapa,
// distributed shared memory barriers).
#include "minicuda.h"

__shared__ int s_data[128];

__global__ void barriers(int *out) {
  s_data[tid_x()] = tid_x();
  __nvvm_bar_sync(0);
  __nvvm_barrier_sync(3);
  __nvvm_membar_cta();
#if __CUDA_ARCH__ >= 700
  __nvvm_bar_warp_sync(0x0000ffffu);
  __nvvm_nanosleep(64);
#endif
  out[tid_x()] = s_data[127 - tid_x()];
}

__global__ void cluster_ops(int *out) {
#if __CUDA_ARCH__ >= 900
  s_data[tid_x()] = tid_x();
  __nvvm_barrier_cluster_arrive();
  __nvvm_barrier_cluster_wait();
  unsigned rank = __nvvm_read_ptx_sreg_cluster_ctarank();
  int *remote = (int *)__nvvm_mapa(s_data, rank ^ 1);
  out[0] = *remote + __nvvm_read_ptx_sreg_cluster_nctarank() + __nvvm_read_ptx_sreg_clusterid_x() +
           __nvvm_read_ptx_sreg_nclusterid_x() + __nvvm_read_ptx_sreg_cluster_ctaid_x() +
           __nvvm_read_ptx_sreg_cluster_nctaid_y() + __nvvm_is_explicit_cluster();
  out[1] = __nvvm_getctarank(remote);
  __nvvm_barrier_cluster_arrive_relaxed();
  __nvvm_barrier_cluster_wait();
  __nvvm_fence_sc_cluster();
#endif
}
