// cvt's stochastic rounding (.rs) and .ue8m0 conversions in inline asm: each thread
// converts its inputs; the test compares the outputs with the ISA models of
// tests/conformance/test_cvt_rs.py and test_cvt_ue8m0.py.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void convert(unsigned *out, const float *a, const float *b, const unsigned *r, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = a[i], y = b[i];
  unsigned bits = r[i], bf, h2;
  unsigned short scale;
  unsigned back;
  asm("cvt.rs.satfinite.bf16x2.f32 %0, %1, %2, %3;" : "=r"(bf) : "f"(x), "f"(y), "r"(bits));
  asm("cvt.rs.relu.f16x2.f32 %0, %1, %2, %3;" : "=r"(h2) : "f"(x), "f"(y), "r"(bits));
  asm("cvt.rp.satfinite.ue8m0x2.f32 %0, %1, %2;" : "=h"(scale) : "f"(x), "f"(y));
  asm("cvt.rn.bf16x2.ue8m0x2 %0, %1;" : "=r"(back) : "h"(scale));
  out[4 * i] = bf;
  out[4 * i + 1] = h2;
  out[4 * i + 2] = scale;
  out[4 * i + 3] = back;
}

int main() {
  const int n = 512;
  float ha[n], hb[n];
  unsigned hr[n], hout[4 * n];
  unsigned seed = 2024;
  for (int i = 0; i < n; i++) {
    unsigned u[3];
    for (int k = 0; k < 3; k++) {
      seed = seed * 1664525u + 1013904223u;
      u[k] = seed;
    }
    // values across the .f16 range (exponents -30..17), random signs and significands
    unsigned fa = (u[0] & 0x807FFFFFu) | ((97u + (u[1] >> 27) + (u[2] >> 29) * 2) << 23);
    unsigned fb = (u[1] & 0x807FFFFFu) | ((97u + (u[0] >> 27)) << 23);
    memcpy(&ha[i], &fa, 4);
    memcpy(&hb[i], &fb, 4);
    hr[i] = u[2];
  }
  float *da, *db;
  unsigned *dr, *dout;
  cudaMalloc(&da, sizeof ha);
  cudaMalloc(&db, sizeof hb);
  cudaMalloc(&dr, sizeof hr);
  cudaMalloc(&dout, sizeof hout);
  cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice);
  cudaMemcpy(dr, hr, sizeof hr, cudaMemcpyHostToDevice);
  convert<<<4, 128>>>(dout, da, db, dr, n);
  cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    unsigned fa, fb;
    memcpy(&fa, &ha[i], 4);
    memcpy(&fb, &hb[i], 4);
    printf("%u %u %u %u %u %u %u\n", fa, fb, hr[i], hout[4 * i], hout[4 * i + 1],
           hout[4 * i + 2], hout[4 * i + 3]);
  }
  return 0;
}
