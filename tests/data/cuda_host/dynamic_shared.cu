// Dynamic shared memory in CUDA C++ on the host platform: every `extern __shared__` array
// (at file scope, in a kernel, in a device function; of any type) starts at the block's
// dynamic shared memory, the launch's third <<<>>> argument, apart from static __shared__.
#include <cstdio>

extern __shared__ float tile[];

__device__ unsigned *words() {
    extern __shared__ unsigned raw[];
    return raw;
}

// Reverses each block's slice of `in` through dynamic shared memory; static shared memory
// alongside must not overlap it.
__global__ void reverse_blocks(const float *in, float *out, int *aliases) {
    extern __shared__ int as_int[];
    __shared__ int marker;
    unsigned t = threadIdx.x, base = blockIdx.x * blockDim.x;
    if (t == 0) marker = 12345;
    tile[t] = in[base + t];
    __syncthreads();
    out[base + t] = tile[blockDim.x - 1 - t] + (marker == 12345 ? 0.0f : 1000.0f);
    if (t == 0 && blockIdx.x == 0) {
        aliases[0] = (void *)as_int == (void *)tile;
        aliases[1] = (void *)words() == (void *)tile;
        // The bits thread blockDim.x - 1 stored, read through the other declarations.
        aliases[2] = __builtin_bit_cast(int, in[base + blockDim.x - 1]) == as_int[blockDim.x - 1];
        aliases[3] = words()[blockDim.x - 1] == (unsigned)as_int[blockDim.x - 1];
        aliases[4] = (char *)&marker < (char *)tile || (char *)&marker >= (char *)(tile + blockDim.x);
    }
}

int main() {
    const int blocks = 3, threads = 128, n = blocks * threads;
    float host_in[n], host_out[n];
    int host_aliases[5] = {0};
    for (int i = 0; i < n; i++) host_in[i] = 0.5f * i;
    float *in, *out;
    int *aliases;
    cudaMalloc(&in, sizeof host_in);
    cudaMalloc(&out, sizeof host_out);
    cudaMalloc(&aliases, sizeof host_aliases);
    cudaMemcpy(in, host_in, sizeof host_in, cudaMemcpyHostToDevice);
    reverse_blocks<<<blocks, threads, threads * sizeof(float)>>>(in, out, aliases);
    cudaError_t err = cudaDeviceSynchronize();
    if (err == cudaSuccess) err = cudaGetLastError();
    cudaMemcpy(host_out, out, sizeof host_out, cudaMemcpyDeviceToHost);
    cudaMemcpy(host_aliases, aliases, sizeof host_aliases, cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < threads; t++)
            wrong += host_out[b * threads + t] != host_in[b * threads + threads - 1 - t];
    printf("launch: %d\nwrong: %d\naliases:", (int)err, wrong);
    for (int i = 0; i < 5; i++) printf(" %d", host_aliases[i]);
    printf("\n");
    return wrong != 0;
}
