// stream_compaction: keep the values that pass a predicate, in order. Each warp votes with
// __ballot_sync; a thread's place among the kept values of its warp is the number of set
// bits below its lane; the warps' counts are added up in shared memory, so each block
// writes its kept values contiguously and in order. Blocks of 100 threads: the last warp
// of each block is partial. Prints a self-check line.
#include <cstdio>
#include <cstdlib>

constexpr int BLOCK = 100;
constexpr int WARPS = (BLOCK + 31) / 32;

__device__ bool keep(int v) { return v % 3 == 0; }

// The lanes below this one: PTX's %lanemask_lt (CUDA C++ has no function for it).
__device__ unsigned lanemask_lt() {
    unsigned mask;
    asm("mov.u32 %0, %%lanemask_lt;" : "=r"(mask));
    return mask;
}

__global__ void compact(const int *in, int *out, int *counts, int n) {
    __shared__ int warp_counts[WARPS];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    bool kept = i < n && keep(in[i]);
    unsigned votes = __ballot_sync(0xffffffffu, kept);
    if (lane == 0) warp_counts[warp] = __popc(votes);
    __syncthreads();
    int offset = 0;
    for (int w = 0; w < warp; w++) offset += warp_counts[w];
    if (kept) out[blockIdx.x * BLOCK + offset + __popc(votes & lanemask_lt())] = in[i];
    if (threadIdx.x == 0) {
        int total = 0;
        for (int w = 0; w < WARPS; w++) total += warp_counts[w];
        counts[blockIdx.x] = total;
    }
}

int main() {
    const int n = 100000 + 17, blocks = (n + BLOCK - 1) / BLOCK;
    int *x = (int *)std::malloc(n * sizeof(int)), *y = (int *)std::malloc(n * sizeof(int));
    int *counts = (int *)std::malloc(blocks * sizeof(int));
    for (int i = 0; i < n; i++) x[i] = (int)((i * 2654435761u) >> 8) % 1000;
    int *dx, *dy, *dcounts;
    cudaMalloc(&dx, n * sizeof(int));
    cudaMalloc(&dy, blocks * BLOCK * sizeof(int));
    cudaMalloc(&dcounts, blocks * sizeof(int));
    cudaMemcpy(dx, x, n * sizeof(int), cudaMemcpyHostToDevice);
    compact<<<blocks, BLOCK>>>(dx, dy, dcounts, n);
    int *blocked = (int *)std::malloc(blocks * BLOCK * sizeof(int));
    cudaMemcpy(blocked, dy, blocks * BLOCK * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(counts, dcounts, blocks * sizeof(int), cudaMemcpyDeviceToHost);
    int kept = 0;  // concatenate the blocks' runs
    for (int b = 0; b < blocks; b++)
        for (int k = 0; k < counts[b]; k++) y[kept++] = blocked[b * BLOCK + k];
    int expected = 0;
    bool ok = true;
    for (int i = 0; i < n; i++)
        if (x[i] % 3 == 0) ok = ok && expected < kept && y[expected++] == x[i];
    ok = ok && kept == expected;
    std::printf("stream_compaction: kept %d of %d values (expected %d), %s\n", kept, n, expected,
                ok ? "PASSED" : "FAILED");
    cudaFree(dx), cudaFree(dy), cudaFree(dcounts);
    std::free(x), std::free(y), std::free(counts), std::free(blocked);
    return ok ? 0 : 1;
}
