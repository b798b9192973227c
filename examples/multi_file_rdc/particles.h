// multi_file_rdc: what the two files share. Built with relocatable device code:
//   cu2amd-nvcc -rdc=true --offload-arch=host main.cu physics.cu -o multi_file_rdc
#pragma once

struct Particle {
    float x, v;
};

// Defined in physics.cu, called from the kernel in main.cu.
__device__ float accelerate(float x, float v, float dt);

// Defined in physics.cu; set and read by main.cu's kernels.
extern __device__ float gravity;
// Counts every step taken, across both files' code.
extern __device__ unsigned int steps_taken;

__device__ void count_step();
