// The shared memory limit of a launch: 16 KiB static plus the dynamic bytes given on the
// command line; prints the launch's error name.
#include <cstdio>
#include <cstdlib>

__global__ void fill(int *out) {
    __shared__ int fixed[4096];
    extern __shared__ int dynamic[];
    fixed[threadIdx.x] = threadIdx.x;
    dynamic[threadIdx.x] = 2 * threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = fixed[threadIdx.x] + dynamic[threadIdx.x];
}

int main(int argc, char **argv) {
    size_t dynamic_bytes = argc > 1 ? strtoul(argv[1], NULL, 10) : 0;
    int *out;
    cudaMalloc(&out, 32 * sizeof(int));
    fill<<<1, 32, dynamic_bytes>>>(out);
    printf("%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
