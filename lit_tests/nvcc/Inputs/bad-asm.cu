// Inline PTX with an instruction that is not in the ISA (line 4, column 9).
__global__ void k(int *out) {
    int d, a = out[0];
    asm("frob.b32 %0, %1;" : "=r"(d) : "r"(a));
    out[1] = d;
}
