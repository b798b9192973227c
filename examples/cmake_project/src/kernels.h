// cmake_project: the kernels library's interface (host functions that launch kernels).
#pragma once

// Defined in blend.cu, called by saxpy.cu's kernel: needs separable compilation.
__device__ float blend(float a, float b, float t);

// y[i] = blend(a * x[i], y[i], t) on the GPU; x and y are device pointers.
void saxpy_blend(int n, float a, const float *x, float *y, float t);
