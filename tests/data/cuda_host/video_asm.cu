// PTX video instructions in inline asm (selectors, masks, vmad's negation): each thread
// applies them to its inputs; the test compares the outputs with the ISA's definitions.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void video(unsigned *out, const unsigned *a, const unsigned *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned x = a[i], y = b[i], r0, r1, r2, r3;
  // sum of absolute differences of the four bytes
  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r0) : "r"(x), "r"(y), "r"(0u));
  // byte 1 of x plus the high half-word of y, saturated
  asm("vadd.u32.u32.u32.sat %0, %1.b1, %2.h1;" : "=r"(r1) : "r"(x), "r"(y));
  // 100 - (x.h0 * y.h0), signed
  asm("vmad.s32.s32.s32 %0, -%1.h0, %2.h0, %3;" : "=r"(r2) : "r"(x), "r"(y), "r"(100));
  // per half-word: x < y (signed) into half-word 1, half-word 0 kept from x
  asm("vset2.s32.s32.lt %0.h1, %1, %2, %1;" : "=r"(r3) : "r"(x), "r"(y));
  out[4 * i] = r0;
  out[4 * i + 1] = r1;
  out[4 * i + 2] = r2;
  out[4 * i + 3] = r3;
}

int main() {
  const int n = 256;
  unsigned ha[n], hb[n], hout[4 * n];
  unsigned seed = 12345;
  for (int i = 0; i < n; i++) {
    seed = seed * 1664525u + 1013904223u;
    ha[i] = seed;
    seed = seed * 1664525u + 1013904223u;
    hb[i] = seed;
  }
  unsigned *da, *db, *dout;
  cudaMalloc(&da, sizeof ha);
  cudaMalloc(&db, sizeof hb);
  cudaMalloc(&dout, sizeof hout);
  cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice);
  video<<<2, 128>>>(dout, da, db, n);
  cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++)
    printf("%u %u %u %u %u %u\n", ha[i], hb[i], hout[4 * i], hout[4 * i + 1], hout[4 * i + 2],
           hout[4 * i + 3]);
  return 0;
}
