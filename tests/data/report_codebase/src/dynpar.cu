__global__ void child(int* p) { p[threadIdx.x] = 0; }
__global__ void parent(int* p) {
  if (threadIdx.x == 0) child<<<1, 32>>>(p);
}
