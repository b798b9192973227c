"""The CUDA runtime API's execution control and occupancy (cu2amd/runtime_exec.h):
cudaLaunchKernel, kernel attributes (the opt-in to more dynamic shared memory), cache
preferences, and the occupancy calculator over the host platform's documented model. A
program that checks them builds with cu2amd-nvcc for the host platform and runs, and builds
and links for gfx942."""

from __future__ import annotations

from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cudaFuncGetAttributes", "cudaFuncSetAttribute", "cudaFuncSetCacheConfig",
    "cudaFuncSetSharedMemConfig", "cudaLaunchKernel",
    "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
    "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
    "cudaOccupancyMaxPotentialBlockSize", "cudaOccupancyMaxPotentialBlockSizeVariableSMem",
    "cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags",
    "cudaOccupancyMaxPotentialBlockSizeWithFlags",
}  # fmt: skip

PROGRAM = r"""
#include <cstdio>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

__global__ void add(int *p, int v) { p[blockIdx.x * blockDim.x + threadIdx.x] += v; }

/* Reverses n ints through dynamic shared memory. */
__global__ void reverse(int *p, int n) {
    extern __shared__ int buffer[];
    int t = threadIdx.x;
    buffer[t] = p[t];
    __syncthreads();
    p[t] = buffer[n - 1 - t];
}
__global__ void reverse_opted_in(int *p, int n) {
    extern __shared__ int buffer[];
    buffer[threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    p[threadIdx.x] = buffer[n - 1 - threadIdx.x];
}

static void not_a_kernel() {}

int main() {
    int *dev = nullptr, host[64];
    OK(cudaMalloc(&dev, sizeof host));
    for (int i = 0; i < 64; i++) host[i] = i;
    OK(cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice));
    cudaStream_t s;
    OK(cudaStreamCreate(&s));

    /* cudaLaunchKernel: the C form (void ** arguments) and the template form. */
    int value = 10, n = 64;
    void *add_args[] = {&dev, &value};
    OK(cudaLaunchKernel((const void *)add, dim3(2), dim3(32), add_args, 0, s));
    value = 5;
    OK(cudaLaunchKernel(add, dim3(1), dim3(64), add_args));
    void *reverse_args[] = {&dev, &n};
    OK(cudaLaunchKernel(reverse, dim3(1), dim3(64), reverse_args, 64 * sizeof(int), s));
    OK(cudaStreamSynchronize(s));
    OK(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost));
    EXPECT(host[0] == 78 && host[63] == 15);
    CALL(cudaLaunchKernel((const void *)not_a_kernel, dim3(1), dim3(1), nullptr), cudaErrorInvalidDeviceFunction);
    cudaGetLastError();

    /* Attributes: CUDA's defaults; the compiled-for architecture. */
    cudaFuncAttributes attr;
    OK(cudaFuncGetAttributes(&attr, add));
    EXPECT(attr.maxThreadsPerBlock == 1024 && attr.sharedSizeBytes == 0);
    EXPECT(attr.ptxVersion == 80 && attr.binaryVersion == 80);
    EXPECT(attr.maxDynamicSharedSizeBytes == 48 * 1024 && attr.preferredShmemCarveout == -1);
    CALL(cudaFuncGetAttributes(&attr, (const void *)not_a_kernel), cudaErrorInvalidDeviceFunction);
    cudaGetLastError();

    /* More dynamic shared memory than the default 48 KiB: refused, then opted in to. */
    const size_t over = 49 * 1024;
    reverse<<<1, 64, over>>>(dev, n);
    CALL(cudaGetLastError(), cudaErrorInvalidConfiguration);
    OK(cudaFuncSetAttribute(reverse_opted_in, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024));
    OK(cudaFuncGetAttributes(&attr, reverse_opted_in));
    EXPECT(attr.maxDynamicSharedSizeBytes == 64 * 1024);
    CALL(cudaFuncSetAttribute(reverse_opted_in, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024 + 1),
         cudaErrorInvalidValue);
    CALL(cudaFuncSetAttribute(reverse_opted_in, cudaFuncAttributeRequiredClusterWidth, 2), cudaErrorNotSupported);
    OK(cudaFuncSetAttribute((const void *)reverse_opted_in, cudaFuncAttributePreferredSharedMemoryCarveout, 50));
    OK(cudaFuncGetAttributes(&attr, reverse_opted_in));
    EXPECT(attr.preferredShmemCarveout == 50);
    reverse_opted_in<<<1, 64, 40 * 1024, s>>>(dev, n); /* reversed back */
    OK(cudaStreamSynchronize(s));
    OK(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost));
    EXPECT(host[0] == 15 && host[63] == 78);
    /* Opted in, more than 48 KiB of dynamic shared memory works (the host platform's
     * modules alias extern __shared__ arrays to a buffer of the 64 KiB maximum). */
    reverse_opted_in<<<1, 64, over, s>>>(dev, n);
    OK(cudaStreamSynchronize(s));
    OK(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost));
    EXPECT(host[0] == 78 && host[63] == 15);

    /* Cache and bank preferences: accepted for kernels, no effect. */
    OK(cudaFuncSetCacheConfig(add, cudaFuncCachePreferL1));
    OK(cudaFuncSetSharedMemConfig((const void *)add, cudaSharedMemBankSizeEightByte));
    CALL(cudaFuncSetCacheConfig((const void *)not_a_kernel, cudaFuncCachePreferL1), cudaErrorInvalidDeviceFunction);
    cudaGetLastError();

    /* Occupancy over the host platform's model: 1024 threads in warps of 32, 64 KiB of
     * shared memory and 32 blocks per multiprocessor; one multiprocessor. */
    int blocks = -1;
    OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, add, 256, 0));
    EXPECT(blocks == 4);
    OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, (const void *)add, 100, 0));
    EXPECT(blocks == 8);
    OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, add, 32, 0));
    EXPECT(blocks == 32);
    OK(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, add, 128, 20 * 1024,
                                                               cudaOccupancyDisableCachingOverride));
    EXPECT(blocks == 3);
    OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, add, 1025, 0));
    EXPECT(blocks == 0);
    OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reverse_opted_in, 64, 60 * 1024));
    EXPECT(blocks == 1);
    CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, add, 0, 0), cudaErrorInvalidValue);
    cudaGetLastError();

    int grid = -1, block = -1;
    OK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, add));
    EXPECT(block == 1024 && grid == 1);
    OK(cudaOccupancyMaxPotentialBlockSize(&grid, &block, add, 0, 200));
    EXPECT(block == 128 && grid == 8);
    OK(cudaOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, add, 20 * 1024, 200, cudaOccupancyDefault));
    EXPECT(block == 200 && grid == 3); /* 7 warps, but 3 blocks of 20 KiB fill the shared memory */
    OK(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &block, add, [](int b) { return (size_t)b * 128; }));
    EXPECT(block == 256 && grid == 2);
    OK(cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags(&grid, &block, add,
                                                               [](int) { return (size_t)0; }, 96, 0));
    EXPECT(block == 64 && grid == 16); /* 16 blocks of 64: all 1024 threads; 10 of 96: 960 */

    OK(cudaStreamDestroy(s));
    OK(cudaFree(dev));
    OK(cudaGetLastError());
    printf(failures ? "exec: FAILED\n" : "exec: PASSED\n");
    return failures != 0;
}
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("runtime_api_exec") / "exec.cu"
    src.write_text(PROGRAM)
    return src


def test_program_runs_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run = run_on_host(source, tmp_path, "exec")
    # Each refused launch says why.
    assert (
        "kernel '_Z7reversePii' failed: invalid launch: too much shared memory: "
        "0 static + 50176 dynamic bytes; at most 49152 in all" in run.stderr
    )
    assert "reverse_opted_in" not in run.stderr  # its 49 KiB launch, opted in, runs


def test_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    """The same program compiles for an AMD GPU and, where libamdhip64 is installed, links
    against it (occupancy from HIP's calculator there)."""
    undefined = link_for_gfx942(source, tmp_path, "exec")
    for name in ("hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", "hipFuncSetAttribute",
                 "hipFuncGetAttributes", "hipLaunchKernel"):  # fmt: skip
        assert name in undefined
