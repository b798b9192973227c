// matmul_tiled: C = A * B with 16x16 shared-memory tiles. Prints one self-check line.
#include <cmath>
#include <cstdio>
#include <cstdlib>

constexpr int TILE = 16;

__global__ void matmul(const float *a, const float *b, float *c, int n) {
    __shared__ float ta[TILE][TILE], tb[TILE][TILE];
    int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
    float sum = 0.0f;
    for (int t = 0; t < n / TILE; t++) {
        ta[threadIdx.y][threadIdx.x] = a[row * n + t * TILE + threadIdx.x];
        tb[threadIdx.y][threadIdx.x] = b[(t * TILE + threadIdx.y) * n + col];
        __syncthreads();
        for (int k = 0; k < TILE; k++) sum += ta[threadIdx.y][k] * tb[k][threadIdx.x];
        __syncthreads();
    }
    c[row * n + col] = sum;
}

int main() {
    const int n = 128;
    const size_t bytes = n * n * sizeof(float);
    float *a = (float *)std::malloc(bytes), *b = (float *)std::malloc(bytes), *c = (float *)std::malloc(bytes);
    for (int i = 0; i < n * n; i++) {
        a[i] = (float)(i % 7) - 3.0f;
        b[i] = (float)(i % 5) * 0.5f;
    }
    float *da, *db, *dc;
    cudaMalloc(&da, bytes);
    cudaMalloc(&db, bytes);
    cudaMalloc(&dc, bytes);
    cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
    matmul<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(da, db, dc, n);
    cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
    int wrong = cudaGetLastError() != cudaSuccess;
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double ref = 0;
            for (int k = 0; k < n; k++) ref += (double)a[i * n + k] * b[k * n + j];
            wrong += std::fabs(ref - c[i * n + j]) > 1e-3 * (1 + std::fabs(ref));
        }
    std::printf("matmul_tiled: %dx%d, %s\n", n, n, wrong ? "FAILED" : "PASSED");
    cudaFree(da), cudaFree(db), cudaFree(dc);
    std::free(a), std::free(b), std::free(c);
    return wrong != 0;
}
