// A kernel with warp-size hazards and runtime calls: the report's small input.
__global__ void sum(const float* in, float* out) {
  int lane = threadIdx.x % 32;
  float v = in[threadIdx.x];
  v += __shfl_down_sync(0xffffffff, v, 1);
  if (lane == 0) out[threadIdx.x / 32] = v;
}

int main() {
  float* d = nullptr;
  cudaMalloc(&d, 64 * sizeof(float));
  sum<<<1, 64>>>(d, d);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
