// Inline PTX of many shapes: the asm text lands verbatim in clang's output.
#include "minicuda.h"

__device__ __forceinline__ unsigned laneid_asm() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}

__device__ __forceinline__ unsigned long long add64_carry(unsigned a_lo, unsigned a_hi, unsigned b_lo, unsigned b_hi) {
  unsigned lo, hi;
  asm("add.cc.u32 %0, %2, %4;\n\t"
      "addc.u32 %1, %3, %5;"
      : "=r"(lo), "=r"(hi)
      : "r"(a_lo), "r"(a_hi), "r"(b_lo), "r"(b_hi));
  unsigned long long r;
  asm("mov.b64 %0, {%1, %2};" : "=l"(r) : "r"(lo), "r"(hi));
  return r;
}

__device__ __forceinline__ unsigned bitfield(unsigned x, unsigned pos, unsigned len) {
  unsigned r;
  asm("bfe.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(pos), "r"(len));
  return r;
}

__device__ __forceinline__ unsigned lop3(unsigned a, unsigned b, unsigned c) {
  unsigned r;
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

__device__ __forceinline__ float fma_ftz(float a, float b, float c) {
  float r;
  asm("fma.rn.ftz.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c));
  return r;
}

__device__ __forceinline__ double dadd(double a, double b) {
  double r;
  asm("add.rn.f64 %0, %1, %2;" : "=d"(r) : "d"(a), "d"(b));
  return r;
}

__device__ __forceinline__ int clamp_pred(int x, int lo, int hi) {
  int r;
  asm("{\n\t"
      " .reg .pred p, q;\n\t"
      " setp.lt.s32 p, %1, %2;\n\t"
      " setp.gt.s32 q, %1, %3;\n\t"
      " selp.s32 %0, %2, %1, p;\n\t"
      " @q mov.s32 %0, %3;\n\t"
      "}"
      : "=r"(r) : "r"(x), "r"(lo), "r"(hi));
  return r;
}

__device__ __forceinline__ unsigned short to_half_bits(float f) {
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(f));
  return h;
}

__device__ __forceinline__ float load_nc(const float *p) {
  float r;
  asm volatile("ld.global.nc.f32 %0, [%1];" : "=f"(r) : "l"(p));
  return r;
}

__device__ __forceinline__ void store_cs(float *p, float v) {
  asm volatile("st.global.cs.f32 [%0], %1;" :: "l"(p), "f"(v) : "memory");
}

__device__ __forceinline__ void load_v4(const float *p, float &a, float &b, float &c, float &d) {
  asm volatile("ld.global.v4.f32 {%0, %1, %2, %3}, [%4+0];"
               : "=f"(a), "=f"(b), "=f"(c), "=f"(d) : "l"(p));
}

__device__ __forceinline__ unsigned prmt(unsigned a, unsigned b) {
  unsigned r;
  asm("prmt.b32 %0, %1, %2, 0x3210;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

__device__ __forceinline__ unsigned loop_count(unsigned n) {
  unsigned r;
  asm volatile("{\n\t"
               ".reg .pred %%p;\n\t"
               "mov.u32 %0, 0;\n"
               "LOOP%=:\n\t"
               "add.u32 %0, %0, 1;\n\t"
               "setp.lt.u32 %%p, %0, %1;\n\t"
               "@%%p bra LOOP%=;\n\t"
               "}"
               : "=&r"(r) : "r"(n));
  return r;
}

__device__ __forceinline__ unsigned shfl_asm(unsigned v) {
  unsigned r;
  asm volatile("{ .reg .pred p; shfl.sync.down.b32 %0|p, %1, 1, 0x1f, 0xffffffff; }" : "=r"(r) : "r"(v));
  return r;
}

__device__ __forceinline__ void barrier_asm() { asm volatile("bar.sync 0;" ::: "memory"); }

__device__ __forceinline__ unsigned imm_forms() {
  unsigned a, b, c, d;
  asm("mov.u32 %0, 0x7fffffff;\n\t"
      "mov.u32 %1, 017;\n\t"
      "mov.u32 %2, 0b1011;\n\t"
      "mov.b32 %3, 0f3F800000;" : "=r"(a), "=r"(b), "=r"(c), "=r"(d));
  double e;
  asm("mov.b64 %0, 0d4005BF0A8B145769;" : "=d"(e));
  return a + b + c + d + (unsigned)e;
}

__global__ void asm_kernel(float *f, unsigned *u, double *d, unsigned short *h) {
  unsigned i = tid_x();
  u[i] = laneid_asm() + bitfield(u[i], 4, 8) + lop3(u[i], i, 7) + prmt(i, u[0]) +
         loop_count(i & 7) + shfl_asm(i) + imm_forms();
  unsigned long long s = add64_carry(i, 0, u[1], 1);
  d[i] = dadd(d[i], (double)s);
  f[i] = fma_ftz(f[i], 2.0f, load_nc(f + 1)) + clamp_pred(i, 2, 9);
  float a, b, c, e;
  load_v4(f + 4, a, b, c, e);
  store_cs(f + 8, a + b + c + e);
  h[i] = to_half_bits(f[i]);
  barrier_asm();
}
