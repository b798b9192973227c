// inline_ptx_bits: bit tricks in inline PTX (lop3, prmt, bfe, shf), checked against
// plain C++ on the host. Prints one self-check line.
#include <cstdio>

__device__ unsigned majority(unsigned a, unsigned b, unsigned c) {
    unsigned d;
    // lop3 truth table 0xE8: the bitwise majority of three words
    asm("lop3.b32 %0, %1, %2, %3, 0xE8;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}

__device__ unsigned byte_swap(unsigned x) {
    unsigned d;
    asm("prmt.b32 %0, %1, 0, 0x0123;" : "=r"(d) : "r"(x));
    return d;
}

__device__ int field(int x) {
    int d;
    asm("bfe.s32 %0, %1, 4, 8;" : "=r"(d) : "r"(x));  // signed bits 4..11
    return d;
}

__device__ unsigned rotl(unsigned x, unsigned n) {
    unsigned d;
    asm("shf.l.wrap.b32 %0, %1, %1, %2;" : "=r"(d) : "r"(x), "r"(n));
    return d;
}

__device__ void add_carry(unsigned a, unsigned b, unsigned &lo, unsigned &hi) {
    asm("{\n\t"
        "add.cc.u32 %0, %2, %3;\n\t"
        "addc.u32 %1, 0, 0;\n\t"
        "}"
        : "=r"(lo), "=r"(hi)
        : "r"(a), "r"(b));
}

__global__ void kernel(const unsigned *in, unsigned *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unsigned x = in[i], y = in[(i + 1) % n], z = in[(i + 2) % n];
    unsigned lo, hi;
    add_carry(x, y, lo, hi);
    out[i] = majority(x, y, z) ^ byte_swap(x) ^ (unsigned)field((int)y) ^ rotl(z, i % 32) ^ lo ^ (hi << 31);
}

static unsigned reference(const unsigned *in, int i, int n) {
    unsigned x = in[i], y = in[(i + 1) % n], z = in[(i + 2) % n];
    unsigned maj = (x & y) | (x & z) | (y & z);
    unsigned swapped = (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
    int fld = (int)(y << 20) >> 24;
    unsigned r = i % 32, rot = r ? (z << r) | (z >> (32 - r)) : z;
    unsigned long long sum = (unsigned long long)x + y;
    return maj ^ swapped ^ (unsigned)fld ^ rot ^ (unsigned)sum ^ ((unsigned)(sum >> 32) << 31);
}

int main() {
    const int n = 4096;
    static unsigned in[n], out[n];
    unsigned s = 7;
    for (int i = 0; i < n; i++) in[i] = s = s * 2654435761u + 12345u;
    unsigned *din, *dout;
    cudaMalloc(&din, sizeof in);
    cudaMalloc(&dout, sizeof out);
    cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
    kernel<<<n / 256, 256>>>(din, dout, n);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    int wrong = cudaGetLastError() != cudaSuccess;
    for (int i = 0; i < n; i++) wrong += out[i] != reference(in, i, n);
    std::printf("inline_ptx_bits: %d words, %s\n", n, wrong ? "FAILED" : "PASSED");
    cudaFree(din), cudaFree(dout);
    return wrong != 0;
}
