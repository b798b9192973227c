// More inline PTX: several statements per line, comments inside the asm text, scoped
// registers and labels, predicate pairs, negative and unsigned immediates, video and
// dot-product instructions, shared-memory addressing.
#include "minicuda.h"

__shared__ unsigned s_words[64];

__device__ __forceinline__ unsigned misc_bits(unsigned a, unsigned b) {
  unsigned r0, r1, r2, r3, r4;
  asm("brev.b32 %0, %5; bfind.u32 %1, %6; /* find msb */\n\t"
      "shf.l.wrap.b32 %2, %5, %6, 7;  // funnel shift\n\t"
      "popc.b32 %3, %5;\n\t"
      "clz.b32 %4, %6;"
      : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3), "=r"(r4) : "r"(a), "r"(b));
  return r0 ^ r1 ^ r2 ^ r3 ^ r4;
}

__device__ __forceinline__ int dot4(int a, int b, int c) {
  int r;
  asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(a), "r"(b), "r"(c));
  return r;
}

__device__ __forceinline__ unsigned video(unsigned a, unsigned b) {
  unsigned r;
  asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %1;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

__device__ __forceinline__ int pair_dest(int a, int b) {
  int r;
  asm("{\n\t"
      ".reg .pred lt, ge;\n\t"
      "setp.lt.and.s32 lt|ge, %1, %2, 1;\n\t"
      "@lt mov.s32 %0, -1;\n\t"
      "@!lt mov.s32 %0, 0xFFFFU;\n\t"
      "@ge add.s32 %0, %0, -0x10;\n\t"
      "}"
      : "=r"(r) : "r"(a), "r"(b));
  return r;
}

__device__ __forceinline__ unsigned shared_ops(unsigned v) {
  unsigned r, addr;
  unsigned long long generic_addr;
  asm volatile("mov.u64 %0, s_words;\n\tcvta.to.shared.u64 %0, %0;" : "=l"(generic_addr));
  addr = (unsigned)generic_addr;
  asm volatile("st.shared.u32 [%0+4], %1;\n\t"
               "ld.shared.u32 %1, [%0+-0];\n\t"
               "atom.shared.add.u32 %1, [%0+8], 1;"
               : "+r"(addr), "+r"(v) :: "memory");
  asm volatile("ld.volatile.shared.u32 %0, [s_words+12];" : "=r"(r));
  return r + v;
}

__device__ __forceinline__ float float_imms(float x) {
  float r;
  asm("{ .reg .f32 t<3>;\n\t"
      "mov.f32 t0, 1.5;\n\t"
      "mov.f32 t1, 0F40490FDB;\n\t"
      "mov.f32 t2, 2.5e-3;\n\t"
      "fma.rn.f32 t0, t0, t1, t2;\n\t"
      "add.f32 %0, t0, %1; }"
      : "=f"(r) : "f"(x));
  return r;
}

__device__ __forceinline__ unsigned long long wide(unsigned a, unsigned b) {
  unsigned long long r;
  asm("mul.wide.u32 %0, %1, %2;" : "=l"(r) : "r"(a), "r"(b));
  asm("{ .reg .b32 lo, hi; mov.b64 {lo, hi}, %0; add.u32 lo, lo, hi; mov.b64 %0, {lo, hi}; }" : "+l"(r));
  return r;
}

__device__ __forceinline__ unsigned vote_asm(int p) {
  unsigned r;
  asm volatile("{ .reg .pred q; setp.ne.s32 q, %1, 0; vote.sync.ballot.b32 %0, q, 0xffffffff; }"
               : "=r"(r) : "r"(p));
  return r;
}

__device__ __forceinline__ void sleep_and_fence() {
  asm volatile("membar.gl;\n\tfence.proxy.alias;" ::: "memory");
}

__device__ __forceinline__ unsigned read_sregs() {
  unsigned a, b, c;
  asm volatile("mov.u32 %0, %%clock;\n\tmov.u32 %1, %%smid;\n\tmov.u32 %2, %%nctaid.y;" : "=r"(a), "=r"(b), "=r"(c));
  return a + b + c;
}

__global__ void asm_more(unsigned *u, int *i, float *f, unsigned long long *l) {
  unsigned t = tid_x();
  u[t] = misc_bits(u[t], t) + video(u[t], t) + shared_ops(t) + vote_asm(i[t]) + read_sregs();
  i[t] = dot4(i[t], i[t + 1], 3) + pair_dest(i[t], 5);
  f[t] = float_imms(f[t]);
  l[t] = wide(t, u[0]);
  sleep_and_fence();
}
