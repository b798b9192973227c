__global__ void mad_old(float* p) {
  float r;
  asm("mad.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(p[0]), "f"(p[1]), "f"(p[2]));
  p[3] = r;
}
