// cmake_project: a kernel calling a __device__ function from blend.cu.
#include "kernels.h"

__global__ void saxpy_blend_kernel(int n, float a, const float *x, float *y, float t) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = blend(a * x[i], y[i], t);
}

void saxpy_blend(int n, float a, const float *x, float *y, float t) {
    saxpy_blend_kernel<<<(n + 255) / 256, 256>>>(n, a, x, y, t);
}
