"""__managed__ variables and device-side new/delete in CUDA C++ (Programming Guide "Unified
Memory": a __managed__ variable is one object that host code and kernels both use; "Dynamic
Global Memory Allocation and Operations": new and delete in device code use the device
heap). On the host platform the variable is the device module's, reached by clang's host
code through the pointer the runtime's __hipRegisterManagedVar sets; on AMD GPUs ROCm's
runtime does that. Device new/delete are cu2amd's (cu2amd/memory_intrinsics.h), over the
device malloc and free. A program checks both on the host platform and is compiled and
linked for gfx942."""

from __future__ import annotations

from pathlib import Path

from runtime_programs import link_for_gfx942, run_on_host

PROGRAM = r"""
#include <cstdio>
#include <cstdint>
#include <new>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define OK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("FAILED line %d: %s -> %s\n", __LINE__, #call, cudaGetErrorName(e_)); failures++; } } while (0)

__managed__ int counter = 5;
__device__ __managed__ float samples[4] = {1.0f, 2.0f, 3.0f, 4.0f};

__global__ void count(int times) {
    for (int i = 0; i < times; ++i) atomicAdd(&counter, 1);
    samples[threadIdx.x] *= 10.0f;
}

struct Shape {
    __device__ virtual float area() const = 0;
    __device__ virtual ~Shape() {}
};
struct Square : Shape {
    float side;
    __device__ explicit Square(float s) : side(s) {}
    __device__ float area() const override { return side * side; }
};
struct Rect : Shape {
    float w, h;
    __device__ Rect(float w_, float h_) : w(w_), h(h_) {}
    __device__ float area() const override { return w * h; }
};
struct alignas(128) Wide {
    float v[8];
};
struct Pair {
    int a, b;
    __device__ explicit Pair(int x) : a(x), b(3 * x) {}
};

__global__ void heap(float *areas, int *sums, unsigned *misaligned) {
    int t = threadIdx.x;
    Shape *s = (t & 1) ? (Shape *)new Rect((float)t, 2.0f) : (Shape *)new Square((float)t);
    areas[t] = s ? s->area() : -1.0f;
    delete s;
    int *arr = new int[t + 1];
    int sum = 0;
    if (arr) {
        for (int i = 0; i <= t; ++i) arr[i] = i;
        for (int i = 0; i <= t; ++i) sum += arr[i];
        delete[] arr;
    }
    Wide *w = new Wide;
    if (!w || (uintptr_t)w % 128 != 0) atomicAdd(misaligned, 1u);
    delete w;
    __shared__ alignas(Pair) unsigned char raw[32 * sizeof(Pair)];
    Pair *p = new (raw + t * sizeof(Pair)) Pair(t);
    sums[t] = sum + p->b;
}

int main() {
    /* The variable's initial value, host writes before a launch, kernel atomics after. */
    EXPECT(counter == 5);
    EXPECT(samples[3] == 4.0f);
    counter = 100;
    count<<<1, 4>>>(3);
    OK(cudaDeviceSynchronize());
    EXPECT(counter == 112);
    EXPECT(samples[0] == 10.0f && samples[3] == 40.0f);
    /* It is a symbol too: its address is the one host code uses. */
    void *address = nullptr;
    OK(cudaGetSymbolAddress(&address, counter));
    EXPECT(address == (void *)&counter);
    int copy = 0;
    OK(cudaMemcpyFromSymbol(&copy, counter, sizeof copy));
    EXPECT(copy == 112);
    int seven = 7;
    OK(cudaMemcpyToSymbol(counter, &seven, sizeof seven));
    EXPECT(counter == 7);

    /* new and delete in kernels: virtual classes, arrays, over-aligned types, placement. */
    OK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 8 << 20));
    float *areas;
    int *sums;
    unsigned *misaligned;
    OK(cudaMallocManaged(&areas, 32 * sizeof(float)));
    OK(cudaMallocManaged(&sums, 32 * sizeof(int)));
    OK(cudaMallocManaged(&misaligned, sizeof(unsigned)));
    *misaligned = 0;
    heap<<<1, 32>>>(areas, sums, misaligned);
    OK(cudaDeviceSynchronize());
    for (int t = 0; t < 32; ++t) {
        EXPECT(areas[t] == ((t & 1) ? 2.0f * t : (float)(t * t)));
        EXPECT(sums[t] == t * (t + 1) / 2 + 3 * t);
    }
    EXPECT(*misaligned == 0);
    OK(cudaFree(areas));
    OK(cudaFree(sums));
    OK(cudaFree(misaligned));
    if (failures == 0) printf("managed_new: PASSED\n");
    return failures != 0;
}
"""


def test_managed_variables_and_device_new_on_host(tmp_path: Path) -> None:
    source = tmp_path / "managed_new.cu"
    source.write_text(PROGRAM)
    run_on_host(source, tmp_path, "managed_new")


def test_managed_variables_and_device_new_link_for_gfx942(tmp_path: Path) -> None:
    # Linking proves device new/delete are defined (ld.lld: no undefined operator new).
    source = tmp_path / "managed_new.cu"
    source.write_text(PROGRAM)
    imports = link_for_gfx942(source, tmp_path, "managed_new")
    assert "__hipRegisterManagedVar" in imports
