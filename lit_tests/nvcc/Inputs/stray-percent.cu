// A % that should have been %% in inline asm.
__device__ unsigned lane() { unsigned d;
    asm volatile("mov.u32 %0, %laneid;" : "=r"(d)); return d; }
__global__ void k(unsigned *out) { out[0] = lane(); }
