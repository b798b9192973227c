// warp_reduce: sum of 1M integers with warp shuffles. Each warp folds its 32 values with
// __shfl_down_sync (5 steps, no shared memory), lane 0 adds the warp's sum to the total.
// The last block is partial (the count is not a multiple of the block size). Prints a
// self-check line.
#include <cstdio>
#include <cstdlib>

constexpr int BLOCK = 256;
constexpr unsigned FULL = 0xffffffffu;

__device__ long long warp_sum(long long value) {
    for (int offset = warpSize / 2; offset > 0; offset /= 2) value += __shfl_down_sync(FULL, value, offset);
    return value;  // lane 0 holds the warp's sum
}

__global__ void sum(const int *in, unsigned long long *total, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    long long value = i < n ? in[i] : 0;
    value = warp_sum(value);
    if (threadIdx.x % warpSize == 0) atomicAdd(total, (unsigned long long)value);
}

int main() {
    const int n = (1 << 20) + 77, blocks = (n + BLOCK - 1) / BLOCK;
    int *x = (int *)std::malloc(n * sizeof(int));
    long long expected = 0;
    for (int i = 0; i < n; i++) {
        x[i] = (int)((i * 2654435761u) % 2001) - 1000;
        expected += x[i];
    }
    int *dx;
    unsigned long long *dtotal, total = 0;
    cudaMalloc(&dx, n * sizeof(int));
    cudaMalloc(&dtotal, sizeof(unsigned long long));
    cudaMemcpy(dx, x, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dtotal, &total, sizeof total, cudaMemcpyHostToDevice);
    sum<<<blocks, BLOCK>>>(dx, dtotal, n);
    cudaMemcpy(&total, dtotal, sizeof total, cudaMemcpyDeviceToHost);
    bool ok = (long long)total == expected;
    std::printf("warp_reduce: sum of %d values %lld (expected %lld), %s\n", n, (long long)total, expected,
                ok ? "PASSED" : "FAILED");
    cudaFree(dx), cudaFree(dtotal);
    std::free(x);
    return ok ? 0 : 1;
}
