// bignum_add: 256-bit additions with the PTX carry chain (add.cc / addc) in inline asm,
// checked against 64-bit-limb arithmetic on the host. Prints one self-check line.
#include <cstdio>

struct U256 {
    unsigned w[8];  // little-endian 32-bit words
};

__device__ U256 add256(const U256 &a, const U256 &b) {
    U256 r;
    asm("add.cc.u32  %0, %8, %16;\n\t"
        "addc.cc.u32 %1, %9, %17;\n\t"
        "addc.cc.u32 %2, %10, %18;\n\t"
        "addc.cc.u32 %3, %11, %19;\n\t"
        "addc.cc.u32 %4, %12, %20;\n\t"
        "addc.cc.u32 %5, %13, %21;\n\t"
        "addc.cc.u32 %6, %14, %22;\n\t"
        "addc.u32    %7, %15, %23;"
        : "=r"(r.w[0]), "=r"(r.w[1]), "=r"(r.w[2]), "=r"(r.w[3]), "=r"(r.w[4]), "=r"(r.w[5]),
          "=r"(r.w[6]), "=r"(r.w[7])
        : "r"(a.w[0]), "r"(a.w[1]), "r"(a.w[2]), "r"(a.w[3]), "r"(a.w[4]), "r"(a.w[5]),
          "r"(a.w[6]), "r"(a.w[7]), "r"(b.w[0]), "r"(b.w[1]), "r"(b.w[2]), "r"(b.w[3]),
          "r"(b.w[4]), "r"(b.w[5]), "r"(b.w[6]), "r"(b.w[7]));
    return r;
}

__global__ void add_all(const U256 *a, const U256 *b, U256 *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = add256(a[i], b[i]);
}

int main() {
    const int n = 1024;
    static U256 a[n], b[n], c[n];
    unsigned s = 1;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 8; k++) {
            a[i].w[k] = s = s * 1103515245u + 12345u;
            b[i].w[k] = (i % 3 == 0) ? 0xffffffffu : (s = s * 1103515245u + 12345u);  // long carries
        }
    U256 *da, *db, *dc;
    cudaMalloc(&da, sizeof a), cudaMalloc(&db, sizeof b), cudaMalloc(&dc, sizeof c);
    cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    add_all<<<(n + 127) / 128, 128>>>(da, db, dc, n);
    cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);
    int wrong = cudaGetLastError() != cudaSuccess;
    for (int i = 0; i < n; i++) {
        unsigned long long carry = 0;
        for (int k = 0; k < 8; k++) {
            unsigned long long sum = (unsigned long long)a[i].w[k] + b[i].w[k] + carry;
            wrong += c[i].w[k] != (unsigned)sum;
            carry = sum >> 32;
        }
    }
    std::printf("bignum_add: %d 256-bit sums, %s\n", n, wrong ? "FAILED" : "PASSED");
    cudaFree(da), cudaFree(db), cudaFree(dc);
    return wrong != 0;
}
