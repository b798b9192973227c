// A kernel launched from device code: dynamic parallelism, which AMD GPUs do not have.
__global__ void child(int* p) { p[threadIdx.x] = 1; }

__global__ void parent(int* p) { child<<<1, 32>>>(p); }
