__device__ int lane_of(int tid) { return tid % 32; }
__global__ void lanes(int* out, const int* data, int n, int bytes) {
  int gid = blockIdx.x * blockDim.x + threadIdx.x;
  int wid = gid >> 5;
  int first = wid * 32;
  int warps = blockDim.x / 32;
  out[gid] = (gid & 31) + first + warps + lane_of(gid) + (wid << 5);
  out[0] = n % 32 + (bytes >> 5) + (data[gid] & 31) + n / 32 + gid * 32 + (n == 31);
}
