// A plain kernel: nothing here should be reported but its CUDA names.
__global__ void saxpy_10(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
