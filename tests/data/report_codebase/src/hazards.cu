__global__ void hazards(int* out) {
  __shared__ int per_lane[32];
  int lane = threadIdx.x % 32;
  int warp = threadIdx.x / 32;
  int lane2 = threadIdx.x & 31;
  unsigned ballot = __ballot_sync(0xffffffff, out[lane] > 0);
  if (warpSize == 32) out[0] = 1;
  const int kWarpSize = 32;
  int v = __shfl_xor_sync(0xffffffff, out[lane], 1);
  if (lane == 31) out[warp] = v + per_lane[lane2] + (int)ballot + kWarpSize;
}
