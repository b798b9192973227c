__global__ void bogus(unsigned* p) {
  unsigned r;
  asm("frobnicate.b32 %0, %1;" : "=r"(r) : "r"(p[0]));
  p[1] = r;
}
