// Kernel attributes: launch bounds (max threads, min blocks per SM, max blocks per
// cluster) and cluster dimensions, which become .maxntid/.minnctapersm/.maxclusterrank
// and .reqnctapercluster/.explicitcluster.
#include "minicuda.h"

__global__ void __launch_bounds__(256) lb_threads(float *a) { a[global_id()] *= 2.f; }
__global__ void __launch_bounds__(256, 2) lb_blocks(float *a) { a[global_id()] += 1.f; }
__global__ void __launch_bounds__(1024, 1) lb_wide(int *a) { a[global_id()] = tid_x(); }
__global__ void __launch_bounds__(128, 4) lb_regs(double *a) {
  double s = 0;
  for (int i = 0; i < 16; ++i) s += a[i * 128 + tid_x()] * i;
  a[tid_x()] = s;
}
#if __CUDA_ARCH__ >= 900
__global__ void __launch_bounds__(128, 1, 4) lb_cluster(int *a) { a[global_id()] = 1; }
__global__ void __attribute__((cluster_dims(2, 1, 1))) clustered(int *a) {
  a[global_id()] = __nvvm_read_ptx_sreg_cluster_ctarank();
}
__global__ void __attribute__((cluster_dims(2, 2))) clustered2(int *a) {
  a[global_id()] = __nvvm_read_ptx_sreg_cluster_nctarank();
}
#endif
__global__ void no_bounds(int *a) { a[0] = 0; }
