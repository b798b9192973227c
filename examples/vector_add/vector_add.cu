// vector_add: c = a + b on the GPU, checked on the host. Prints one self-check line.
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                      \
    do {                                                                                 \
        cudaError_t err_ = (call);                                                       \
        if (err_ != cudaSuccess) {                                                       \
            std::fprintf(stderr, "%s failed: %s\n", #call, cudaGetErrorString(err_));    \
            return 1;                                                                    \
        }                                                                                \
    } while (0)

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

int main() {
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    float *a = (float *)std::malloc(bytes), *b = (float *)std::malloc(bytes), *c = (float *)std::malloc(bytes);
    for (int i = 0; i < n; i++) {
        a[i] = 0.5f * i;
        b[i] = 2.0f;
    }
    float *da, *db, *dc;
    CHECK(cudaMalloc(&da, bytes));
    CHECK(cudaMalloc(&db, bytes));
    CHECK(cudaMalloc(&dc, bytes));
    CHECK(cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice));
    const int threads = 256;
    vector_add<<<(n + threads - 1) / threads, threads>>>(da, db, dc, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost));
    int errors = 0;
    for (int i = 0; i < n; i++) errors += c[i] != 0.5f * i + 2.0f;
    std::printf("vector_add: %d elements, %s\n", n, errors ? "FAILED" : "PASSED");
    CHECK(cudaFree(da));
    CHECK(cudaFree(db));
    CHECK(cudaFree(dc));
    std::free(a), std::free(b), std::free(c);
    return errors != 0;
}
