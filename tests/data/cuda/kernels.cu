// Kernels whose clang-generated PTX exercises the parser: params of many types, structs
// by value, shared and constant memory, device functions, printf, loops, switch.
#include "minicuda.h"

__device__ float g_scale = 2.0f;
__constant__ int c_table[4] = {1, 2, 3, 4};
struct Pair { int a; float b; double c; };

__device__ __attribute__((noinline)) int helper(int a, int b) { return a * b + (a >> 3); }

__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = ctaid_x() * ntid_x() + tid_x();
  if (i < n) y[i] = a * x[i] + y[i];
}

__global__ void reverse(float *out, const float *in, int n, Pair p) {
  __shared__ float buf[256];
  int i = ctaid_x() * ntid_x() + tid_x();
  buf[tid_x()] = in[i];
  syncthreads();
  if (i < n) out[i] = buf[255 - tid_x()] * g_scale + helper(i, p.a) + p.b + (float)p.c;
  if (i == 0) printf("hello %d %f\n", n, (double)p.b);
}

__global__ void mix(long long *out, const unsigned char *in, short s, unsigned long long u) {
  unsigned t = tid_x();
  long long acc = 0;
  for (unsigned k = 0; k < (t & 7); ++k) {
    switch (in[k] & 3) {
      case 0: acc += in[k] * s; break;
      case 1: acc ^= (long long)u << k; break;
      case 2: acc -= c_table[k & 3]; break;
      default: acc = acc * 3 + 1;
    }
  }
  out[t] = acc / (s | 1) + acc % 7;
}

__global__ void math(double *d, float *f, int n) {
  int i = tid_x();
  if (i < n) {
    d[i] = __builtin_sqrt(d[i]) + __builtin_fabs(d[i] - 1.0) * 0.5;
    f[i] = __builtin_fmaf(f[i], 3.0f, -1.0f) / (f[i] + 1e-3f);
  }
}
