"""The CUDA runtime API's memory management (cu2amd/runtime_memory.h): pinned, mapped,
registered and managed memory, pitched 2D and 3D copies and sets, peer copies, pointer
attributes, and __device__/__constant__ variables by symbol. A program that checks them
builds with cu2amd-nvcc for the host platform and runs, and builds and links for gfx942."""

from __future__ import annotations

from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cudaFree", "cudaFreeHost", "cudaGetSymbolAddress", "cudaGetSymbolSize", "cudaHostAlloc",
    "cudaHostGetDevicePointer", "cudaHostGetFlags", "cudaHostRegister", "cudaHostUnregister",
    "cudaMalloc", "cudaMalloc3D", "cudaMallocHost", "cudaMallocManaged", "cudaMallocPitch",
    "cudaMemcpy", "cudaMemcpy2D", "cudaMemcpy2DAsync", "cudaMemcpy3D", "cudaMemcpy3DAsync",
    "cudaMemcpyAsync", "cudaMemcpyFromSymbol", "cudaMemcpyFromSymbolAsync", "cudaMemcpyPeer",
    "cudaMemcpyPeerAsync", "cudaMemcpyToSymbol", "cudaMemcpyToSymbolAsync", "cudaMemset",
    "cudaMemset2D", "cudaMemset2DAsync", "cudaMemset3D", "cudaMemset3DAsync", "cudaMemsetAsync",
    "cudaPointerGetAttributes", "make_cudaExtent", "make_cudaPitchedPtr", "make_cudaPos",
    "cudaFreeAsync", "cudaMallocAsync", "cudaMemAdvise", "cudaMemPrefetchAsync",
    "cudaStreamAttachMemAsync",
}  # fmt: skip

PROGRAM = r"""
#include <cstdio>
#include <cstdlib>
#include <cstring>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

__device__ int table[8];
__constant__ float coeff[4];
__device__ long long counter;

__global__ void increment(int *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] += 1;
}
__global__ void use_symbols(int *out) {
    int i = threadIdx.x;
    out[i] = table[i] * (int)coeff[i % 4];
    if (i == 0) counter += 5;
}
/* Doubles a width x height block of ints in pitched memory. */
__global__ void double_pitched(char *base, size_t pitch, int width) {
    int *row = (int *)(base + blockIdx.x * pitch);
    for (int x = threadIdx.x; x < width; x += blockDim.x) row[x] *= 2;
}

int main() {
    cudaStream_t s;
    OK(cudaStreamCreate(&s));

    /* Pinned memory, mapped into the device's address space. */
    int *pinned = nullptr, *pinned_dev = nullptr;
    OK(cudaHostAlloc(&pinned, 64 * sizeof(int), cudaHostAllocMapped));
    for (int i = 0; i < 64; i++) pinned[i] = i;
    OK(cudaHostGetDevicePointer((void **)&pinned_dev, pinned, 0));
    unsigned flags = 0;
    OK(cudaHostGetFlags(&flags, pinned));
    EXPECT(flags == cudaHostAllocMapped);
    increment<<<2, 32>>>(pinned_dev, 64);
    OK(cudaDeviceSynchronize());
    EXPECT(pinned[0] == 1 && pinned[63] == 64);
    CALL(cudaFree(pinned), cudaErrorInvalidDevicePointer);
    OK(cudaFreeHost(pinned));
    float *plain_pinned = nullptr;
    OK(cudaMallocHost((void **)&plain_pinned, 16));
    OK(cudaFreeHost(plain_pinned));
    int *dev = nullptr;
    OK(cudaMalloc(&dev, 64 * sizeof(int)));
    CALL(cudaFreeHost(dev), cudaErrorInvalidValue);
    OK(cudaGetLastError() == cudaErrorInvalidValue ? cudaSuccess : cudaErrorUnknown);

    /* The program's own memory, registered and mapped. */
    int *mine = (int *)malloc(32 * sizeof(int)), *mine_dev = nullptr;
    for (int i = 0; i < 32; i++) mine[i] = 100 + i;
    OK(cudaHostRegister(mine, 32 * sizeof(int), cudaHostRegisterMapped));
    CALL(cudaHostRegister(mine + 4, 8, cudaHostRegisterDefault), cudaErrorHostMemoryAlreadyRegistered);
    OK(cudaHostGetDevicePointer((void **)&mine_dev, mine, 0));
    increment<<<1, 32>>>(mine_dev, 32);
    OK(cudaDeviceSynchronize());
    EXPECT(mine[0] == 101 && mine[31] == 132);
    OK(cudaHostUnregister(mine));
    CALL(cudaHostUnregister(mine), cudaErrorHostMemoryNotRegistered);
    CALL(cudaHostGetDevicePointer((void **)&mine_dev, mine, 0), cudaErrorInvalidValue);
    cudaGetLastError();

    /* Linear copies and sets, synchronous and on a stream, and between "peers". */
    int host[64], back[64];
    for (int i = 0; i < 64; i++) host[i] = 3 * i;
    OK(cudaMemcpyAsync(dev, host, sizeof host, cudaMemcpyHostToDevice, s));
    OK(cudaMemsetAsync(dev + 60, 0, 4 * sizeof(int), s));
    int *dev2 = nullptr;
    OK(cudaMalloc(&dev2, 64 * sizeof(int)));
    OK(cudaMemcpyPeerAsync(dev2, 0, dev, 0, 64 * sizeof(int), s));
    OK(cudaStreamSynchronize(s));
    OK(cudaMemset(dev, 0, sizeof host));
    OK(cudaMemcpyPeer(dev, 0, dev2, 0, 64 * sizeof(int)));
    OK(cudaMemcpy(back, dev, sizeof back, cudaMemcpyDeviceToHost));
    EXPECT(back[1] == 3 && back[59] == 177 && back[60] == 0 && back[63] == 0);
    CALL(cudaMemcpyPeer(dev, 1, dev2, 0, 4), cudaErrorInvalidDevice);
    cudaGetLastError();

    /* Pitched 2D memory: rows of 25 ints padded to the pitch. */
    const int W = 25, H = 6;
    char *pitched = nullptr;
    size_t pitch = 0;
    OK(cudaMallocPitch((void **)&pitched, &pitch, W * sizeof(int), H));
    EXPECT(pitch >= W * sizeof(int) && pitch % 256 == 0);
    int grid[H][W], result[H][W];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) grid[y][x] = 100 * y + x;
    OK(cudaMemset2D(pitched, pitch, 0xFF, pitch, H));
    OK(cudaMemcpy2D(pitched, pitch, grid, W * sizeof(int), W * sizeof(int), H, cudaMemcpyHostToDevice));
    double_pitched<<<H, 32>>>(pitched, pitch, W);
    OK(cudaMemcpy2DAsync(result, W * sizeof(int), pitched, pitch, W * sizeof(int), H, cudaMemcpyDeviceToHost, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(result[0][0] == 0 && result[2][7] == 414 && result[5][24] == 1048);
    int pad = 0; /* the padding after a row is untouched by the 2D copy */
    OK(cudaMemcpy(&pad, pitched + W * sizeof(int), sizeof pad, cudaMemcpyDeviceToHost));
    EXPECT(pad == -1);
    OK(cudaMemset2DAsync(pitched + 4, pitch, 0, 2 * sizeof(int), H, s));
    OK(cudaMemcpy2D(result, W * sizeof(int), pitched, pitch, W * sizeof(int), H, cudaMemcpyDeviceToHost));
    EXPECT(result[3][0] == 600 && result[3][1] == 0 && result[3][2] == 0 && result[3][3] == 606);
    CALL(cudaMemcpy2D(pitched, 8, grid, W * sizeof(int), 16, 2, cudaMemcpyHostToDevice), cudaErrorInvalidPitchValue);
    cudaGetLastError();

    /* 3D: a 4 x 3 x 5 (ints) volume, a copy of a sub-box, sets. */
    const int X = 4, Y = 3, Z = 5;
    int vol[Z][Y][X], sub[2][2][3];
    for (int z = 0; z < Z; z++)
        for (int y = 0; y < Y; y++)
            for (int x = 0; x < X; x++) vol[z][y][x] = 1000 * z + 10 * y + x;
    cudaPitchedPtr dvol;
    cudaExtent extent = make_cudaExtent(X * sizeof(int), Y, Z);
    OK(cudaMalloc3D(&dvol, extent));
    EXPECT(dvol.pitch >= X * sizeof(int) && dvol.xsize == X * sizeof(int) && dvol.ysize == Y);
    cudaMemcpy3DParms up = {};
    up.srcPtr = make_cudaPitchedPtr(vol, X * sizeof(int), X * sizeof(int), Y);
    up.dstPtr = dvol;
    up.extent = extent;
    up.kind = cudaMemcpyHostToDevice;
    OK(cudaMemcpy3D(&up));
    cudaMemcpy3DParms down = {};
    down.srcPtr = dvol;
    down.srcPos = make_cudaPos(1 * sizeof(int), 1, 2);
    down.dstPtr = make_cudaPitchedPtr(sub, 3 * sizeof(int), 3 * sizeof(int), 2);
    down.extent = make_cudaExtent(3 * sizeof(int), 2, 2);
    down.kind = cudaMemcpyDeviceToHost;
    OK(cudaMemcpy3DAsync(&down, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(sub[0][0][0] == 2011 && sub[0][1][2] == 2023 && sub[1][0][0] == 3011 && sub[1][1][2] == 3023);
    OK(cudaMemset3D(dvol, 0, make_cudaExtent(X * sizeof(int), Y, 2)));
    OK(cudaMemset3DAsync(make_cudaPitchedPtr((char *)dvol.ptr + 4 * dvol.pitch * Y, dvol.pitch, X * sizeof(int), Y),
                         0x01, make_cudaExtent(sizeof(int), 1, 1), s));
    OK(cudaStreamSynchronize(s));
    memset(vol, 0xEE, sizeof vol);
    cudaMemcpy3DParms all = {};
    all.srcPtr = dvol;
    all.dstPtr = make_cudaPitchedPtr(vol, X * sizeof(int), X * sizeof(int), Y);
    all.extent = extent;
    all.kind = cudaMemcpyDeviceToHost;
    OK(cudaMemcpy3D(&all));
    EXPECT(vol[0][0][0] == 0 && vol[1][2][3] == 0 && vol[2][0][0] == 2000 && vol[4][0][0] == 0x01010101 &&
           vol[4][0][1] == 4001);
    cudaMemcpy3DParms bad = all;
    bad.srcArray = (cudaArray_t)&bad;
    CALL(cudaMemcpy3D(&bad), cudaErrorInvalidValue);

    /* Managed memory: the host and the device use one pointer. */
    int *managed = nullptr;
    OK(cudaMallocManaged(&managed, 40 * sizeof(int)));
    for (int i = 0; i < 40; i++) managed[i] = -i;
    OK(cudaMemAdvise(managed, 40 * sizeof(int), cudaMemAdviseSetPreferredLocation, 0));
    OK(cudaMemAdvise(managed, 40 * sizeof(int), cudaMemAdviseSetAccessedBy, cudaCpuDeviceId));
    OK(cudaStreamAttachMemAsync(s, managed));
    OK(cudaMemPrefetchAsync(managed, 40 * sizeof(int), 0, s));
    increment<<<1, 64, 0, s>>>(managed, 40);
    OK(cudaMemPrefetchAsync(managed, 40 * sizeof(int), cudaCpuDeviceId, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(managed[0] == 1 && managed[39] == -38);
    CALL(cudaMemAdvise(managed, 4, (cudaMemoryAdvise)9, 0), cudaErrorInvalidValue);
    CALL(cudaMemPrefetchAsync(managed, 4, 3, s), cudaErrorInvalidDevice);
    CALL(cudaStreamAttachMemAsync(s, dev, 0, cudaMemAttachGlobal), cudaErrorInvalidValue); /* not managed */
    cudaGetLastError();

    /* Stream-ordered allocation. */
    int *ordered = nullptr;
    OK(cudaMallocAsync(&ordered, 32 * sizeof(int), s));
    OK(cudaMemsetAsync(ordered, 0, 32 * sizeof(int), s));
    increment<<<1, 32, 0, s>>>(ordered, 32);
    OK(cudaMemcpyAsync(back, ordered, 32 * sizeof(int), cudaMemcpyDeviceToHost, s));
    OK(cudaFreeAsync(ordered, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(back[0] == 1 && back[31] == 1);

    /* Pointer attributes, CUDA 11's: unknown memory is "unregistered", not an error. */
    cudaPointerAttributes a;
    OK(cudaPointerGetAttributes(&a, dev + 3));
    EXPECT(a.type == cudaMemoryTypeDevice && a.device == 0 && a.devicePointer == dev + 3 && a.hostPointer == nullptr);
    OK(cudaPointerGetAttributes(&a, managed));
    EXPECT(a.type == cudaMemoryTypeManaged && a.devicePointer == managed && a.hostPointer == managed);
    OK(cudaHostAlloc(&pinned, 16, cudaHostAllocDefault));
    OK(cudaPointerGetAttributes(&a, pinned));
    EXPECT(a.type == cudaMemoryTypeHost && a.hostPointer == pinned);
    int local = 0;
    OK(cudaPointerGetAttributes(&a, &local));
    EXPECT(a.type == cudaMemoryTypeUnregistered && a.device == cudaInvalidDeviceId && a.devicePointer == nullptr);
    OK(cudaGetLastError());
    OK(cudaFreeHost(pinned));
    OK(cudaFree(managed));

    /* __device__ and __constant__ variables by symbol: the variable itself (C++) and its
     * address (C). */
    int t[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    float c[4] = {10, 20, 30, 40};
    OK(cudaMemcpyToSymbol(table, t, sizeof t));
    OK(cudaMemcpyToSymbol((const void *)&coeff, c, sizeof c, 0, cudaMemcpyHostToDevice));
    long long zero = 0;
    OK(cudaMemcpyToSymbolAsync(counter, &zero, sizeof zero, 0, cudaMemcpyHostToDevice, s));
    use_symbols<<<1, 8, 0, s>>>(dev);
    int out[8];
    OK(cudaMemcpyAsync(out, dev, sizeof out, cudaMemcpyDeviceToHost, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(out[0] == 10 && out[3] == 160 && out[4] == 50 && out[7] == 320);
    long long got = 0;
    OK(cudaMemcpyFromSymbolAsync(&got, counter, sizeof got, 0, cudaMemcpyDeviceToHost, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(got == 5);
    int part[2] = {0, 0};
    OK(cudaMemcpyFromSymbol(part, table, sizeof part, 5 * sizeof(int)));
    EXPECT(part[0] == 6 && part[1] == 7);
    void *address = nullptr;
    size_t size = 0;
    OK(cudaGetSymbolAddress(&address, table));
    OK(cudaGetSymbolSize(&size, table));
    EXPECT(size == sizeof t);
    OK(cudaMemcpy((int *)address + 7, &t[0], sizeof(int), cudaMemcpyHostToDevice));
    OK(cudaMemcpyFromSymbol(part, table, sizeof part, 6 * sizeof(int)));
    EXPECT(part[0] == 7 && part[1] == 1);
    OK(cudaGetSymbolSize(&size, coeff));
    EXPECT(size == sizeof c);
    CALL(cudaMemcpyToSymbol(table, t, sizeof t, 4), cudaErrorInvalidValue);
    CALL(cudaMemcpyToSymbol(table, t, 4, 0, cudaMemcpyDeviceToHost), cudaErrorInvalidMemcpyDirection);
    CALL(cudaGetSymbolAddress(&address, (const void *)&local), cudaErrorInvalidSymbol);
    cudaGetLastError();

    free(mine);
    OK(cudaFree(dev));
    OK(cudaFree(dev2));
    OK(cudaFree(pitched));
    OK(cudaFree(dvol.ptr));
    OK(cudaStreamDestroy(s));
    OK(cudaGetLastError());
    printf(failures ? "memory: FAILED\n" : "memory: PASSED\n");
    return failures != 0;
}
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("runtime_api_memory") / "memory.cu"
    src.write_text(PROGRAM)
    return src


def test_program_runs_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run = run_on_host(source, tmp_path, "memory")
    assert "XNACK" not in run.stderr  # managed memory is plain host memory here


def test_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    """The same program compiles for an AMD GPU and, where libamdhip64 is installed, links
    against it."""
    undefined = link_for_gfx942(source, tmp_path, "memory")
    for name in ("hipMemcpyToSymbol", "hipMallocManaged", "hipPointerGetAttributes", "hipMemcpy2D"):
        assert name in undefined
