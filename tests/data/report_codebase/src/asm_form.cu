__global__ void immediate(unsigned* p) {
  unsigned r;
  asm("add.u32 %0, %1, %2;" : "=r"(r) : "r"(p[0]), "n"(4));
  p[1] = r;
}
