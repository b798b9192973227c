// Vector types: vector loads and stores, large aligned structs copied by value,
// memcpy/memset lowering.
#include "minicuda.h"

struct __attribute__((aligned(16))) Quad { float a, b, c, d; };
struct Huge { double v[40]; };

__global__ void vec_loads(float4v *out, const float4v *in, int2v *i2, double2v *d2) {
  int t = tid_x();
  float4v v = in[t];
  out[t] = v.wzyx * 2.f + v;
  i2[t] = i2[t].yx + (int2v){1, 2};
  d2[t] = d2[t] * d2[t + 1];
}

__global__ void quad_copy(Quad *out, const Quad *in, Quad extra) {
  Quad q = in[tid_x()];
  q.a += extra.d;
  out[tid_x()] = q;
}

__global__ void huge_param(Huge h, double *out) {
  double s = 0;
  for (int i = 0; i < 40; ++i) s += h.v[i];
  out[tid_x()] = s;
}

__device__ __noinline__ Huge huge_return(double x) {
  Huge h;
  for (int i = 0; i < 40; ++i) h.v[i] = x * i;
  return h;
}

__global__ void huge_call(Huge *out, double x) { out[tid_x()] = huge_return(x); }

__global__ void mem_ops(char *dst, const char *src, int n) {
  __builtin_memcpy(dst, src, 64);
  __builtin_memset(dst + 64, 0x5a, 37);
  __builtin_memmove(dst + 128, dst + 130, n);
}

__global__ void int4_ops(int4v *a) {
  int t = tid_x();
  int4v v = a[t];
  a[t] = (v << 2) ^ (v >> 1) | (int4v){t, t + 1, t + 2, t + 3};
}
