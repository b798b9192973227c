// Asynchronous copies and mbarriers (sm_80 and newer).
#include "minicuda.h"

__shared__ __attribute__((aligned(16))) float s_buf[256];
__shared__ long s_bar;
#define SMEM(p) ((__attribute__((address_space(3))) void *)(p))
#define GMEM(p) ((const __attribute__((address_space(1))) void *)(p))
#define SBAR ((__attribute__((address_space(3))) long *)&s_bar)

__global__ void cp_async(const float *g, float *out) {
#if __CUDA_ARCH__ >= 800
  int t = tid_x();
  __nvvm_cp_async_ca_shared_global_4(SMEM(s_buf + t), GMEM(g + t));
  __nvvm_cp_async_ca_shared_global_8(SMEM(s_buf + 64 + 2 * (t & 31)), GMEM(g + 2 * t));
  __nvvm_cp_async_cg_shared_global_16(SMEM(s_buf + 128 + 4 * (t & 31)), GMEM(g + 4 * t));
  __nvvm_cp_async_commit_group();
  __nvvm_cp_async_wait_group(0);
  __nvvm_cp_async_wait_all();
  __nvvm_cp_async_mbarrier_arrive(SBAR);
  syncthreads();
  out[t] = s_buf[255 - t];
#endif
}

__global__ void mbarriers(int *out) {
#if __CUDA_ARCH__ >= 800
  if (tid_x() == 0) __nvvm_mbarrier_init_shared(SBAR, ntid_x());
  syncthreads();
  long state = __nvvm_mbarrier_arrive_shared(SBAR);
  while (!__nvvm_mbarrier_test_wait_shared(SBAR, state)) {
  }
  out[tid_x()] = __nvvm_mbarrier_pending_count(state);
  __nvvm_mbarrier_arrive_drop_shared(SBAR);
  if (tid_x() == 0) __nvvm_mbarrier_inval_shared(SBAR);
#endif
}
