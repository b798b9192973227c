// multi_file_rdc: a kernel in this file calls __device__ code and reads __device__
// variables defined in physics.cu (relocatable device code, -rdc=true / -dc + device
// link). Prints one self-check line.
#include <cmath>
#include <cstdio>

#include "particles.h"

static __device__ float drag(float v) { return 0.0f * v; }  // not physics.cu's drag

// The __device__ variables of physics.cu, set and read from this file's kernels.
__global__ void set_gravity(float g) { gravity = g; }
__global__ void read_steps(unsigned int *out) { *out = steps_taken; }

__global__ void step(Particle *p, int n, int steps, float dt) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Particle q = p[i];
    for (int s = 0; s < steps; ++s) {
        q.v = accelerate(q.x, q.v, dt) + drag(q.v);
        q.x += q.v * dt;
        count_step();
    }
    p[i] = q;
}

int main() {
    const int n = 1000, steps = 50;
    const float dt = 0.01f, g = -9.81f;
    Particle host[n];
    for (int i = 0; i < n; ++i) host[i] = {float(i), float(i % 7) - 3.0f};
    Particle *dev;
    cudaMalloc(&dev, sizeof host);
    cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice);
    set_gravity<<<1, 1>>>(g);
    step<<<(n + 127) / 128, 128>>>(dev, n, steps, dt);
    Particle out[n];
    unsigned int counted = 0;
    unsigned int *dev_counted;
    cudaMalloc(&dev_counted, sizeof counted);
    read_steps<<<1, 1>>>(dev_counted);
    cudaMemcpy(out, dev, sizeof out, cudaMemcpyDeviceToHost);
    cudaMemcpy(&counted, dev_counted, sizeof counted, cudaMemcpyDeviceToHost);
    int wrong = cudaGetLastError() != cudaSuccess || counted != unsigned(n * steps);
    for (int i = 0; i < n; ++i) {
        float x = float(i), v = float(i % 7) - 3.0f;
        for (int s = 0; s < steps; ++s) {
            v = v + (g + -0.125f * v) * dt;
            x += v * dt;
        }
        wrong += std::fabs(out[i].x - x) > 1e-3f * (1.0f + std::fabs(x)) ||
                 std::fabs(out[i].v - v) > 1e-3f * (1.0f + std::fabs(v));
    }
    std::printf("multi_file_rdc: %d particles x %d steps across 2 files, %u steps counted, %s\n",
                n, steps, counted, wrong ? "FAILED" : "PASSED");
    cudaFree(dev);
    cudaFree(dev_counted);
    return wrong != 0;
}
