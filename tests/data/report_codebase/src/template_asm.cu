#include "warp_utils.cuh"
template <typename T>
__device__ unsigned popc_bits(T v) {
  unsigned r;
  asm("popc.b32 %0, %1;" : "=r"(r) : "r"((unsigned)v));
  return r;
}
__global__ void count_bits(const int* in, unsigned* out) {
  out[threadIdx.x] = popc_bits(in[threadIdx.x]) + warp_reduce(in[threadIdx.x]);
}
