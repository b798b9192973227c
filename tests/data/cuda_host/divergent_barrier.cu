// Threads of one block wait at two different __syncthreads() calls: undefined behaviour in
// CUDA, which the host platform's strict mode (CU2AMD_STRICT=1) reports. argv[1] picks the
// kernel: "direct" (two calls in the kernel) or "inlined" (one call in a device function
// inlined at two places).
#include <cstdio>
#include <cstring>

__global__ void two_places(int *out) {
    if (threadIdx.x < 2) {
        out[threadIdx.x] = 1;
        __syncthreads();
    } else {
        out[threadIdx.x] = 2;
        __syncthreads();
    }
}

__device__ __forceinline__ void sync_block() { __syncthreads(); }

__global__ void two_inlined(int *out) {
    if (threadIdx.x < 2) {
        out[threadIdx.x] = 1;
        sync_block();
    } else {
        out[threadIdx.x] = 2;
        sync_block();
    }
}

int main(int argc, char **argv) {
    int *out;
    cudaMalloc(&out, 4 * sizeof(int));
    if (argc > 1 && strcmp(argv[1], "inlined") == 0) two_inlined<<<1, 4>>>(out);
    else two_places<<<1, 4>>>(out);
    printf("%s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
