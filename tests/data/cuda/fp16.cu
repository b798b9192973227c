// Half precision: _Float16 arithmetic, __fp16 storage, vectors of two halves, and bf16.
#include "minicuda.h"

typedef _Float16 half2_t __attribute__((ext_vector_type(2)));

__global__ void half_arith(_Float16 *h, int n) {
  int i = global_id();
  if (i < n) h[i] = h[i] * (_Float16)2.5 + h[i + n] - (_Float16)0.125;
}

__global__ void half_compare(_Float16 *h, int *out) {
  int i = tid_x();
  out[i] = h[i] < h[i + 1] ? 1 : (h[i] == (_Float16)0 ? 2 : 3);
  h[i] = h[i] > h[i + 2] ? h[i] : h[i + 2];
}

__global__ void half_convert(__fp16 *storage, float *f, double *d, int *ints) {
  int i = tid_x();
  f[i] = storage[i] + 1.0f;
  storage[i] = (__fp16)(f[i] * 0.5f);
  d[i] = (double)(_Float16)d[i];
  ints[i] = (int)(_Float16)ints[i];
}

__global__ void half_vectors(half2_t *v, half2_t *w) {
  int i = tid_x();
  half2_t a = v[i], b = w[i];
  v[i] = a * b + a;
  w[i] = a.yx - b;
}

__global__ void half_builtins(_Float16 *h) {
#if __CUDA_ARCH__ >= 530
  int i = tid_x();
  h[i] = __nvvm_fma_rn_f16(h[i], h[i + 1], h[i + 2]);
#endif
#if __CUDA_ARCH__ >= 800
  h[i + 3] = __nvvm_fmin_f16(h[i], h[i + 1]) + __nvvm_fmax_nan_f16(h[i], h[i + 2]);
  h[i + 4] = __nvvm_fma_rn_relu_f16(h[i], h[i + 1], h[i + 2]);
#endif
}

__global__ void bf16(__bf16 *b, float *f) {
  int i = tid_x();
  f[i] = (float)b[i] * 2.0f;
  b[i] = (__bf16)(f[i] + 1.0f);
#if __CUDA_ARCH__ >= 900
  b[i + 1] = b[i] * b[i + 2] + b[i + 3];
#endif
}
