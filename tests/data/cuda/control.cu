// Control flow: dense and sparse switches, loops under unroll pragmas, early exits, goto,
// traps, unreachable, expect.
#include "minicuda.h"

__device__ __noinline__ int dense_switch(int k, int x) {
  switch (k) {
    case 0: return x + 1;
    case 1: return x * 3;
    case 2: return x - 7;
    case 3: return x ^ 0x55;
    case 4: return x << 2;
    case 5: return x >> 1;
    case 6: return ~x;
    case 7: return x * x;
    case 8: return -x;
    case 9: return x | 0x100;
    default: return 0;
  }
}

__device__ __noinline__ int sparse_switch(int k) {
  switch (k) {
    case -1000: return 1;
    case 7: return 2;
    case 4096: return 3;
    case 1 << 20: return 4;
    case 123456789: return 5;
    default: return 6;
  }
}

__global__ void switches(int *out, const int *k) {
  int t = tid_x();
  out[t] = dense_switch(k[t], t) + sparse_switch(k[t + 1]);
}

__global__ void loops(float *a, int n) {
  int t = tid_x();
  float s = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i) s += a[t + i];
#pragma unroll 4
  for (int i = 0; i < n; ++i) s *= a[i];
#pragma nounroll
  for (int i = 0; i < n; ++i) s -= a[i] * 0.5f;
#pragma unroll 1
  for (int i = 0; i < n; i += 3) s += i;
  int j = 0;
  do { s += j; j += 2; } while (j < n);
  while (s > 100.f) s *= 0.5f;
  a[t] = s;
}

__global__ void nested(int *grid, int w, int h) {
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      if (grid[y * w + x] < 0) goto done;
      if (grid[y * w + x] == 0) continue;
      if (grid[y * w + x] > 1000) break;
      grid[y * w + x] *= 2;
    }
  }
done:
  grid[0] = -grid[0];
}

__global__ void exits(int *p, int mode) {
  if (__builtin_expect(mode == 0, 0)) __builtin_trap();
  if (mode == 1) return;
  if (mode == 2) __nvvm_exit();
  if (mode > 100) __builtin_unreachable();
  p[tid_x()] = mode;
}

__global__ void selects(float *a, const int *c) {
  int t = tid_x();
  a[t] = c[t] > 0 ? a[t] : (c[t] < -5 ? -a[t] : 0.f);
  bool b = (c[t] & 1) && (a[t] > 1.f || c[t] == 4);
  a[t + 1] = b ? 1.f : 2.f;
}
