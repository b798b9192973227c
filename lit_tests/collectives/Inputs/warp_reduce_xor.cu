// CUDA's warp reduction idiom: __shfl_xor_sync and __shfl_down_sync with constant lanes.
#include <cuda_runtime.h>
__global__ void xor_reduce(int *out, const int *in) {
    int v = in[threadIdx.x];
    for (int m = 16; m > 0; m >>= 1) v += __shfl_xor_sync(0xffffffffu, v, m);
    out[threadIdx.x] = v;
}
__global__ void down_reduce(int *out, const int *in) {
    int v = in[threadIdx.x];
    for (int d = 16; d > 0; d >>= 1) v += __shfl_down_sync(0xffffffffu, v, d);
    out[threadIdx.x] = v;
}
