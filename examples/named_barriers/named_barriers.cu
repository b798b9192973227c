// named_barriers: a warp-specialised pipeline, as CUTLASS-style kernels write it with
// inline PTX named barriers. In each block, the first 64 threads produce a tile into
// shared memory and signal barrier 1 with bar.arrive; the other 64 wait at bar.sync 1,
// consume the tile, and signal barrier 2 so that the producers may overwrite it. Both
// barriers count 128 threads. Several rounds reuse the two barriers; a block-wide
// __syncthreads (barrier 0) ends each block. Prints a self-check line.
#include <cstdio>
#include <cstdlib>

constexpr int TILE = 64;       // producers, and consumers
constexpr int THREADS = 2 * TILE;
constexpr int ROUNDS = 16;

__device__ __forceinline__ void barrier_sync(int id, int count) {
    asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory");
}
__device__ __forceinline__ void barrier_arrive(int id, int count) {
    asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(count) : "memory");
}

__global__ void pipeline(const int *in, long long *out, int rounds) {
    __shared__ int tile[TILE];
    __shared__ long long partial[TILE];
    const int t = threadIdx.x;
    const int *block_in = in + (size_t)blockIdx.x * rounds * TILE;
    if (t < TILE) {
        for (int r = 0; r < rounds; r++) {
            if (r > 0) barrier_sync(2, THREADS);  // the consumers are done with the tile
            tile[t] = block_in[r * TILE + t] * (r + 1);
            barrier_arrive(1, THREADS);  // the tile is ready
        }
    } else {
        long long sum = 0;
        for (int r = 0; r < rounds; r++) {
            barrier_sync(1, THREADS);
            sum += tile[(t - TILE + r) % TILE];  // each consumer reads a rotating element
            if (r + 1 < rounds) barrier_arrive(2, THREADS);
        }
        partial[t - TILE] = sum;
    }
    __syncthreads();
    if (t == 0) {
        long long total = 0;
        for (int i = 0; i < TILE; i++) total += partial[i];
        out[blockIdx.x] = total;
    }
}

int main() {
    const int blocks = 40;
    const size_t n = (size_t)blocks * ROUNDS * TILE;
    int *h_in = (int *)malloc(n * sizeof(int));
    for (size_t i = 0; i < n; i++) h_in[i] = (int)((i * 2654435761u) % 1000);
    int *d_in;
    long long *d_out;
    cudaMalloc(&d_in, n * sizeof(int));
    cudaMalloc(&d_out, blocks * sizeof(long long));
    cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
    pipeline<<<blocks, THREADS>>>(d_in, d_out, ROUNDS);
    long long h_out[blocks];
    cudaError_t err = cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
    int bad = err != cudaSuccess;
    for (int b = 0; b < blocks; b++) {
        long long expect = 0;  // every element of every round's tile is read once
        for (int r = 0; r < ROUNDS; r++)
            for (int i = 0; i < TILE; i++) expect += (long long)h_in[((size_t)b * ROUNDS + r) * TILE + i] * (r + 1);
        if (h_out[b] != expect) bad++;
    }
    printf("named_barriers: %d blocks x %d rounds, %s\n", blocks, ROUNDS, bad ? "FAILED" : "PASSED");
    cudaFree(d_in);
    cudaFree(d_out);
    free(h_in);
    return bad != 0;
}
