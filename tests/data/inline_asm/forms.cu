// Inline-asm shapes for the frontend tests: a macro, volatile, a template, a compiler
// barrier, 64-bit operands.
#define ADD3(d, a, b) asm("add.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b))
__device__ unsigned lop(unsigned a, unsigned b, unsigned c) {
  unsigned d;
  asm volatile("lop3.b32 %0, %1, %2, %3, 0x96;"
               : "=r"(d) : "r"(a), "r"(b), "r"(c));
  return d;
}
template <typename T> __device__ T twice(T x) { T y; asm("add.s32 %0, %1, %1;" : "=r"(y) : "r"(x)); return y; }
__global__ void k(int *o, long long *p) {
  int r; ADD3(r, o[0], 2);
  asm volatile("" ::: "memory");
  long long q; asm("mov.b64 %0, %1;" : "=l"(q) : "l"(p[0]));
  o[1] = twice(r) + lop(1,2,3);
}
