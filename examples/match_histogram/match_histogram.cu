// match_histogram: a histogram with warp-aggregated atomics. The threads of a warp that
// hold the same bin find each other with __match_any_sync; the lowest of them adds their
// number to the bin with one atomic (instead of one atomic per thread). Skewed data (a
// few bins are hot) makes the aggregation pay. Prints a self-check line.
#include <cstdio>
#include <cstdlib>

constexpr int BLOCK = 128;
constexpr int BINS = 64;

__global__ void histogram(const int *bins, unsigned *hist, int n) {
    int i = blockIdx.x * BLOCK + threadIdx.x;
    unsigned active = __ballot_sync(0xffffffffu, i < n);
    if (i >= n) return;
    int bin = bins[i];
    unsigned peers = __match_any_sync(active, bin);
    int leader = __ffs(peers) - 1;
    if ((int)(threadIdx.x % 32) == leader) atomicAdd(&hist[bin], (unsigned)__popc(peers));
}

int main() {
    const int n = 200000 + 5, blocks = (n + BLOCK - 1) / BLOCK;
    int *bins = (int *)std::malloc(n * sizeof(int));
    unsigned expected[BINS] = {0}, hist[BINS] = {0};
    for (int i = 0; i < n; i++) {
        unsigned h = i * 2654435761u;
        bins[i] = (h >> 28) < 12 ? (int)(h >> 30) : (int)((h >> 10) % BINS);  // hot bins 0..3
        expected[bins[i]]++;
    }
    int *dbins;
    unsigned *dhist;
    cudaMalloc(&dbins, n * sizeof(int));
    cudaMalloc(&dhist, sizeof hist);
    cudaMemcpy(dbins, bins, n * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dhist, hist, sizeof hist, cudaMemcpyHostToDevice);
    histogram<<<blocks, BLOCK>>>(dbins, dhist, n);
    cudaMemcpy(hist, dhist, sizeof hist, cudaMemcpyDeviceToHost);
    int wrong = 0;
    unsigned total = 0;
    for (int b = 0; b < BINS; b++) {
        wrong += hist[b] != expected[b];
        total += hist[b];
    }
    std::printf("match_histogram: %d values into %d bins, %u counted, %d bins wrong, %s\n", n, BINS, total,
                wrong, wrong == 0 ? "PASSED" : "FAILED");
    cudaFree(dbins), cudaFree(dhist);
    std::free(bins);
    return wrong != 0;
}
