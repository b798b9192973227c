// A 64-lane warp shuffle with a lane index from memory (cu2amd-nvcc --warp-size=64).
#include <cuda_runtime.h>
__global__ void shfl64(int *out, const int *in, const int *lane) {
    out[threadIdx.x] = __shfl_sync(__activemask(), in[threadIdx.x], lane[threadIdx.x]);
}
