// reduction: sum of 1M floats with a shared-memory tree per block and a second pass.
// (Warp-shuffle reduction comes with cu2amd's warp collectives.) Prints a self-check line.
#include <cmath>
#include <cstdio>
#include <cstdlib>

constexpr int BLOCK = 256;

__global__ void block_sum(const float *in, float *out, int n) {
    __shared__ float s[BLOCK];
    float sum = 0.0f;  // grid-stride: any grid covers all n inputs
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) sum += in[i];
    s[threadIdx.x] = sum;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

int main() {
    const int n = 1 << 20, blocks = (n + BLOCK - 1) / BLOCK;
    float *x = (float *)std::malloc(n * sizeof(float));
    double expected = 0;
    for (int i = 0; i < n; i++) {
        x[i] = (float)((i % 100) - 50) / 8.0f;
        expected += x[i];
    }
    float *dx, *partial, *total, result = 0;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&partial, blocks * sizeof(float));
    cudaMalloc(&total, sizeof(float));
    cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
    block_sum<<<blocks, BLOCK>>>(dx, partial, n);
    block_sum<<<1, BLOCK>>>(partial, total, blocks);
    cudaMemcpy(&result, total, sizeof(float), cudaMemcpyDeviceToHost);
    std::printf("reduction: sum %.1f (expected %.1f), %s\n", result, expected,
                std::fabs(result - expected) < 1e-3 ? "PASSED" : "FAILED");
    cudaFree(dx), cudaFree(partial), cudaFree(total);
    std::free(x);
    return std::fabs(result - expected) >= 1e-3;
}
