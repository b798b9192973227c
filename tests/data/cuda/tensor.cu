// Warp matrix operations through clang's WMMA/MMA builtins (sm_70 and newer only).
#include "minicuda.h"

__global__ void wmma_f16(float *d, const int *a, const int *b, const float *c) {
#if __CUDA_ARCH__ >= 700
  int fa[8], fb[8];
  float fc[8], fd[8];
  __hmma_m16n16k16_ld_a(fa, a, 16, 0);
  __hmma_m16n16k16_ld_b(fb, b, 16, 1);
  __hmma_m16n16k16_ld_c_f32(fc, c, 16, 0);
  __hmma_m16n16k16_mma_f32f32(fd, fa, fb, fc, 0, 0);
  __hmma_m16n16k16_st_c_f32(d, fd, 16, 0);
#endif
}

__global__ void wmma_shapes(float *d, const int *a, const int *b, const float *c) {
#if __CUDA_ARCH__ >= 700
  int fa[8], fb[8];
  float fc[8], fd[8];
  __hmma_m32n8k16_ld_a(fa, a, 16, 1);
  __hmma_m32n8k16_ld_b(fb, b, 16, 0);
  __hmma_m32n8k16_ld_c_f32(fc, c, 8, 0);
  __hmma_m32n8k16_mma_f32f32(fd, fa, fb, fc, 1, 0);
  __hmma_m32n8k16_st_c_f32(d, fd, 8, 1);
#endif
}

__global__ void imma(int *d, const int *a, const int *b, const int *c) {
#if __CUDA_ARCH__ >= 750
  int fa[2], fb[2], fc[8], fd[8];
  __imma_m16n16k16_ld_a_s8(fa, a, 16, 0);
  __imma_m16n16k16_ld_b_s8(fb, b, 16, 1);
  __imma_m16n16k16_ld_c(fc, c, 16, 0);
  __imma_m16n16k16_mma_s8(fd, fa, fb, fc, 0, 1);
  __imma_m16n16k16_st_c_i32(d, fd, 16, 0);
#endif
}

__global__ void dmma(double *d, const double *a, const double *b, const double *c) {
#if __CUDA_ARCH__ >= 800
  double fa[1], fb[1], fc[2], fd[2];
  __dmma_m8n8k4_ld_a(fa, a, 4, 0);
  __dmma_m8n8k4_ld_b(fb, b, 8, 0);
  __dmma_m8n8k4_ld_c(fc, c, 8, 0);
  __dmma_m8n8k4_mma_f64(fd, fa, fb, fc, 0, 0);
  __dmma_m8n8k4_st_c_f64(d, fd, 8, 0);
#endif
}

__global__ void tf32(float *d, const int *a, const int *b, const float *c) {
#if __CUDA_ARCH__ >= 800
  int fa[4], fb[4];
  float fc[8], fd[8];
  __mma_tf32_m16n16k8_ld_a(fa, a, 8, 0);
  __mma_tf32_m16n16k8_ld_b(fb, b, 16, 0);
  __mma_tf32_m16n16k8_ld_c(fc, c, 16, 0);
  __mma_tf32_m16n16k8_mma_f32(fd, fa, fb, fc, 0, 0);
  __hmma_m16n16k16_st_c_f32(d, fd, 16, 0);
#endif
}
