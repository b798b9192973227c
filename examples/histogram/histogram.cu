// histogram: 256-bin byte histogram with shared-memory privatisation and atomics.
// Prints one self-check line.
#include <cstdio>
#include <cstdlib>

__global__ void histogram(const unsigned char *data, int n, unsigned int *bins) {
    __shared__ unsigned int local[256];
    for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}

int main() {
    const int n = 1 << 22;
    unsigned char *data = (unsigned char *)std::malloc(n);
    unsigned int expected[256] = {0}, bins[256];
    unsigned int seed = 12345;
    for (int i = 0; i < n; i++) {
        seed = seed * 1664525u + 1013904223u;
        data[i] = (unsigned char)(seed >> 24);
        expected[data[i]]++;
    }
    unsigned char *d_data;
    unsigned int *d_bins;
    cudaMalloc(&d_data, n);
    cudaMalloc(&d_bins, sizeof bins);
    cudaMemcpy(d_data, data, n, cudaMemcpyHostToDevice);
    cudaMemset(d_bins, 0, sizeof bins);
    histogram<<<64, 256>>>(d_data, n, d_bins);
    cudaError_t err = cudaGetLastError();
    cudaMemcpy(bins, d_bins, sizeof bins, cudaMemcpyDeviceToHost);
    int wrong = err != cudaSuccess;
    for (int b = 0; b < 256; b++) wrong += bins[b] != expected[b];
    std::printf("histogram: %d bytes into 256 bins, %s\n", n, wrong ? "FAILED" : "PASSED");
    cudaFree(d_data);
    cudaFree(d_bins);
    std::free(data);
    return wrong != 0;
}
