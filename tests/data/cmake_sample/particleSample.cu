// particleSample: moves particles on the GPU; the position update lives in
// particleKernels.cu. Prints "Test passed" as cuda-samples do.
#include <cstdio>
#include <cstdlib>

__device__ float3 step_position(float3 p, float3 v, float dt);
extern __device__ int particles_moved;

__global__ void integrate(float3 *pos, const float3 *vel, int n, float dt) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) pos[i] = step_position(pos[i], vel[i], dt);
}

__global__ void read_moved(int *out) { *out = particles_moved; }

int cudaDeviceCountOrMinusOne();  // hostInfo.cpp, built by the C++ compiler

#define checkCudaErrors(call)                                                             \
    do {                                                                                  \
        cudaError_t err_ = (call);                                                        \
        if (err_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_), __FILE__, \
                    __LINE__);                                                            \
            exit(EXIT_FAILURE);                                                           \
        }                                                                                 \
    } while (0)

int main() {
    const int n = 4096;
    float3 *pos, *vel, *hpos = (float3 *)malloc(n * sizeof(float3)), *hvel = (float3 *)malloc(n * sizeof(float3));
    for (int i = 0; i < n; ++i) {
        hpos[i] = make_float3(i, 0, 0);
        hvel[i] = make_float3(1, 2, i % 3);
    }
    checkCudaErrors(cudaMalloc(&pos, n * sizeof(float3)));
    checkCudaErrors(cudaMalloc(&vel, n * sizeof(float3)));
    checkCudaErrors(cudaMemcpy(pos, hpos, n * sizeof(float3), cudaMemcpyHostToDevice));
    checkCudaErrors(cudaMemcpy(vel, hvel, n * sizeof(float3), cudaMemcpyHostToDevice));
    for (int s = 0; s < 10; ++s) integrate<<<(n + 127) / 128, 128>>>(pos, vel, n, 0.5f);
    checkCudaErrors(cudaGetLastError());
    int moved = 0, *dmoved;
    checkCudaErrors(cudaMalloc(&dmoved, sizeof(int)));
    read_moved<<<1, 1>>>(dmoved);
    checkCudaErrors(cudaMemcpy(&moved, dmoved, sizeof(int), cudaMemcpyDeviceToHost));
    checkCudaErrors(cudaMemcpy(hpos, pos, n * sizeof(float3), cudaMemcpyDeviceToHost));
    int errors = moved != 10 * n;
    for (int i = 0; i < n; ++i)
        errors += hpos[i].x != i + 5.0f || hpos[i].y != 10.0f || hpos[i].z != 5.0f * (i % 3);
    printf("particleSample: %d particles, %d moves, %d device(s)\n", n, moved,
           cudaDeviceCountOrMinusOne());
    printf("%s\n", errors ? "Test failed!" : "Test passed");
    return errors ? EXIT_FAILURE : EXIT_SUCCESS;
}
