// multi_file_rdc: the device functions and variables that main.cu's kernel uses.
#include "particles.h"

__device__ float gravity = 0.0f;
__device__ unsigned int steps_taken = 0;

// A file-local helper: static device functions of two files never clash.
static __device__ float drag(float v) { return -0.125f * v; }

__device__ float accelerate(float x, float v, float dt) {
    (void)x;
    return v + (gravity + drag(v)) * dt;
}

__device__ void count_step() { atomicAdd(&steps_taken, 1u); }
