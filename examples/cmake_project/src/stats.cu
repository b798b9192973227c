// cmake_project: a shared library with its own kernel (a block-wide reduction).
#include "stats.h"

__global__ void block_sum(const float *x, int n, float *out) {
    __shared__ float partial[256];
    float s = 0.0f;
    for (int i = threadIdx.x; i < n; i += blockDim.x) s += x[i];
    partial[threadIdx.x] = s;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) *out = partial[0];
}

extern "C" float device_sum(const float *device_values, int n) {
    float *out, result = 0.0f;
    cudaMalloc(&out, sizeof(float));
    block_sum<<<1, 256>>>(device_values, n, out);
    cudaMemcpy(&result, out, sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(out);
    return result;
}
