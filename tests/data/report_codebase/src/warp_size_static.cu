static_assert(warpSize % 32 == 0, "whole warps");
constexpr int kWarpsPerBlock = 256 / warpSize;
template <int Width> __device__ int width() { return Width; }
__global__ void static_uses(int* out) {
  __shared__ int per_warp[warpSize];
  const int lanes = warpSize;
  out[threadIdx.x % warpSize] = per_warp[0] + width<warpSize>() + kWarpsPerBlock + lanes;
}
