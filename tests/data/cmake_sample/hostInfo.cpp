// particleSample: plain C++ (compiled by the C++ compiler, not nvcc) calling the CUDA
// runtime API, as sample projects' host helpers do.
#include <cuda_runtime.h>

int cudaDeviceCountOrMinusOne() {
    int count = 0;
    return cudaGetDeviceCount(&count) == cudaSuccess ? count : -1;
}
