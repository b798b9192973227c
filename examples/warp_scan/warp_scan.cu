// warp_scan: inclusive prefix sums. Each warp scans its 32 values with __shfl_up_sync
// (log2(32) steps; a lane adds only what comes from inside the warp), the warps' totals
// are scanned the same way by the first warp, and each block adds the totals of the blocks
// before it in a second pass. Prints a self-check line.
#include <cstdio>
#include <cstdlib>

constexpr int BLOCK = 256;
constexpr int WARPS = BLOCK / 32;
constexpr unsigned FULL = 0xffffffffu;

__device__ int warp_inclusive_scan(int value) {
    int lane = threadIdx.x % 32;
    for (int delta = 1; delta < 32; delta *= 2) {
        int below = __shfl_up_sync(FULL, value, delta);
        if (lane >= delta) value += below;
    }
    return value;
}

__global__ void scan_blocks(const int *in, int *out, int *block_totals, int n) {
    __shared__ int warp_totals[WARPS];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int value = warp_inclusive_scan(i < n ? in[i] : 0);
    if (lane == 31) warp_totals[warp] = value;
    __syncthreads();
    if (warp == 0) {
        int total = lane < WARPS ? warp_totals[lane] : 0;
        total = warp_inclusive_scan(total);
        if (lane < WARPS) warp_totals[lane] = total;
    }
    __syncthreads();
    if (warp > 0) value += warp_totals[warp - 1];
    if (i < n) out[i] = value;
    if (threadIdx.x == BLOCK - 1) block_totals[blockIdx.x] = value;
}

__global__ void add_block_offsets(int *out, const int *block_totals, int n) {
    int i = blockIdx.x * BLOCK + threadIdx.x;
    int offset = 0;
    for (int b = 0; b < (int)blockIdx.x; b++) offset += block_totals[b];
    if (i < n) out[i] += offset;
}

int main() {
    const int n = 50000, blocks = (n + BLOCK - 1) / BLOCK;
    int *x = (int *)std::malloc(n * sizeof(int)), *y = (int *)std::malloc(n * sizeof(int));
    for (int i = 0; i < n; i++) x[i] = (int)((i * 2654435761u) >> 12) % 19 - 9;
    int *dx, *dy, *dtotals;
    cudaMalloc(&dx, n * sizeof(int));
    cudaMalloc(&dy, n * sizeof(int));
    cudaMalloc(&dtotals, blocks * sizeof(int));
    cudaMemcpy(dx, x, n * sizeof(int), cudaMemcpyHostToDevice);
    scan_blocks<<<blocks, BLOCK>>>(dx, dy, dtotals, n);
    add_block_offsets<<<blocks, BLOCK>>>(dy, dtotals, n);
    cudaMemcpy(y, dy, n * sizeof(int), cudaMemcpyDeviceToHost);
    int running = 0, wrong = 0;
    for (int i = 0; i < n; i++) {
        running += x[i];
        wrong += y[i] != running;
    }
    std::printf("warp_scan: inclusive scan of %d values, last %d (expected %d), %d wrong, %s\n", n, y[n - 1],
                running, wrong, wrong == 0 ? "PASSED" : "FAILED");
    cudaFree(dx), cudaFree(dy), cudaFree(dtotals);
    std::free(x), std::free(y);
    return wrong != 0;
}
