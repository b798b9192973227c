// cmake_project: uses the static kernels library and the shared stats library; prints
// one self-check line.
#include <cmath>
#include <cstdio>
#include <vector>

#include "kernels.h"
#include "stats.h"

int main() {
    const int n = 10000;
    const float a = 2.0f, t = 0.25f;
    std::vector<float> x(n), y(n);
    for (int i = 0; i < n; ++i) {
        x[i] = 0.001f * i;
        y[i] = 1.0f;
    }
    float *dx, *dy;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dy, n * sizeof(float));
    cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    saxpy_blend(n, a, dx, dy, t);
    float sum = device_sum(dy, n);
    double expected = 0.0;
    for (int i = 0; i < n; ++i) expected += a * x[i] + (y[i] - a * x[i]) * t;
    bool ok = cudaGetLastError() == cudaSuccess && std::fabs(sum - expected) < 1e-3 * expected;
    std::printf("cmake_project: sum %.1f (expected %.1f), %s\n", sum, expected, ok ? "PASSED" : "FAILED");
    cudaFree(dx);
    cudaFree(dy);
    return ok ? 0 : 1;
}
