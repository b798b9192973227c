"""The Programming Guide's device functions around memory and control (cu2amd/
memory_intrinsics.h, device_functions.h): address space predicates and conversions
(__isShared, __cvta_generic_to_shared ...), device-side malloc/free/memcpy/memset,
__nanosleep, assert and __brkpt. Self-checking programs run on the host platform and build
for gfx942 and gfx1100."""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, nvcc, run_on_host

PROGRAM = r"""
#include <cstdio>
#include <cstring>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)

enum { THREADS = 64, FIELDS = 16 };
__device__ int g_global[4];
__constant__ int c_const[4] = {1, 2, 3, 4};

__device__ __noinline__ void probe(unsigned *o, int *s, int *gp, volatile int *lp) {
    o[0] = __isShared(s);
    o[1] = __isShared(gp);
    o[2] = __isShared((void *)lp);
    o[3] = __isLocal((void *)lp);
    o[4] = __isLocal(s);
    o[5] = __isLocal(gp);
    o[6] = __isGlobal(gp);
    o[7] = __isGlobal(s);
    o[8] = __isGlobal((void *)lp);
    /* conversions: each space's address converts back to the same generic pointer */
    o[9] = __cvta_shared_to_generic(__cvta_generic_to_shared(s + 3)) == (void *)(s + 3);
    o[10] = __cvta_local_to_generic(__cvta_generic_to_local((void *)(lp + 1))) == (void *)(lp + 1);
    o[11] = __cvta_global_to_generic(__cvta_generic_to_global(gp + 2)) == (void *)(gp + 2);
    o[12] = __cvta_constant_to_generic(__cvta_generic_to_constant(c_const + 1)) == (const void *)(c_const + 1);
    o[13] = (unsigned)(__cvta_generic_to_shared(s + 5) - __cvta_generic_to_shared(s + 1));
    o[14] = *(const int *)__cvta_constant_to_generic(__cvta_generic_to_constant(c_const + 2));
    o[15] = __isGlobal(c_const); /* cu2amd: 1 (constant data lives in global memory) */
}

__global__ void spaces(unsigned *out) {
    __shared__ int s[THREADS];
    int local[4];
    volatile int *lp = local;
    lp[threadIdx.x % 4] = (int)threadIdx.x;
    s[threadIdx.x] = (int)threadIdx.x;
    probe(out + threadIdx.x * FIELDS, s, g_global, lp);
}

/* the device heap: per-thread blocks, and one block a thread shares through shared memory */
__global__ void heap(int *out) {
    __shared__ int *shared_block;
    unsigned t = threadIdx.x;
    if (t == 0) shared_block = (int *)malloc(THREADS * sizeof(int));
    __syncthreads();
    int *mine = (int *)malloc(32 * sizeof(int));
    int ok = mine != NULL && shared_block != NULL;
    if (ok) {
        memset(mine, 0xab, 32 * sizeof(int));
        int pattern[8] = {1, 2, 3, 4, 5, 6, 7, (int)t};
        memcpy(mine + 8, pattern, sizeof pattern);
        ok = (unsigned)mine[0] == 0xababababu && (unsigned)mine[31] == 0xababababu &&
             mine[15] == (int)t && mine[8] == 1;
        shared_block[t] = (int)t * 3;
    }
    __syncthreads();
    if (ok) ok = shared_block[(t + 1) % THREADS] == (int)((t + 1) % THREADS) * 3;
    out[t] = ok;
    free(mine);
    __syncthreads();
    if (t == 0) free(shared_block);
}

__global__ void sleeper(unsigned ns, int times) {
    for (int i = 0; i < times; ++i) __nanosleep(ns);
}

int main() {
    unsigned *dout, out[THREADS * FIELDS];
    cudaMalloc(&dout, sizeof out);
    spaces<<<2, THREADS>>>(dout);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
    const unsigned want[FIELDS] = {1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 1, 1, 1, 16, 3, 1};
    for (int t = 0; t < THREADS; ++t)
        for (int f = 0; f < FIELDS; ++f)
            if (out[t * FIELDS + f] != want[f]) {
                printf("FAILED thread %d field %d: %u, expected %u\n", t, f, out[t * FIELDS + f], want[f]);
                failures++;
            }

    int *dok, ok[THREADS];
    cudaMalloc(&dok, sizeof ok);
    heap<<<3, THREADS>>>(dok);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    cudaMemcpy(ok, dok, sizeof ok, cudaMemcpyDeviceToHost);
    for (int t = 0; t < THREADS; ++t) EXPECT(ok[t] == 1);

    sleeper<<<1, 1>>>(1000000, 5); /* 5 ms */
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    printf("address_space: %s\n", failures ? "FAILED" : "PASSED");
    return failures != 0;
}
"""

ASSERT_PROGRAM = r"""
#include <cassert>
#include <cstdio>
__global__ void check(const int *p) { assert(p[blockIdx.x * blockDim.x + threadIdx.x] < 3); }
int main() {
    int *d, h[64] = {0};
    h[37] = 5;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    check<<<1, 32>>>(d); /* passes: thread 37 is not launched */
    cudaError_t first = cudaGetLastError();
    cudaError_t first_sync = cudaDeviceSynchronize();
    check<<<2, 32>>>(d); /* block 1, thread 5 sees 5 */
    cudaError_t second = cudaGetLastError();
    printf("first %s %s second %s\n", cudaGetErrorName(first), cudaGetErrorName(first_sync),
           cudaGetErrorName(second));
    return 0;
}
"""

BRKPT_PROGRAM = r"""
__global__ void k(int *p) {
    if (*p == 12345) __brkpt();
}
int main() { return 0; }
"""


def test_address_spaces_heap_and_sleep_on_the_host_platform(tmp_path: Path) -> None:
    source = tmp_path / "address_space.cu"
    source.write_text(PROGRAM)
    run_on_host(source, tmp_path, "address_space")


def test_nanosleep_sleeps(tmp_path: Path) -> None:
    """50 calls of __nanosleep(1 ms) take at least 50 ms."""
    source = tmp_path / "sleep.cu"
    source.write_text(
        "__global__ void s(unsigned ns, int n) { for (int i = 0; i < n; ++i) __nanosleep(ns); }\n"
        "int main(int argc, char **) { s<<<1, 1>>>(1000000, argc == 1 ? 0 : 50);\n"
        "  return cudaDeviceSynchronize() != cudaSuccess; }\n"
    )
    exe = tmp_path / "sleep"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr

    def timed(*args: str) -> float:
        start = time.monotonic()
        assert subprocess.run([str(exe), *args], check=False).returncode == 0
        return time.monotonic() - start

    assert timed("sleep") >= 0.05  # 50 x 1 ms at least
    assert timed() < 30  # and the program without them runs


def test_assert_reports_cuda_message_and_error(tmp_path: Path) -> None:
    source = tmp_path / "assert.cu"
    source.write_text(ASSERT_PROGRAM)
    exe = tmp_path / "assert"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.stdout == "first cudaSuccess cudaSuccess second cudaErrorAssert\n", run.stdout
    assert (
        f"{source}:4: void check(const int *): block: [1,0,0], thread: [5,0,0] "
        "Assertion `p[blockIdx.x * blockDim.x + threadIdx.x] < 3` failed." in run.stderr
    ), run.stderr


def test_assert_is_compiled_out_with_ndebug(tmp_path: Path) -> None:
    source = tmp_path / "assert.cu"
    source.write_text(ASSERT_PROGRAM)
    exe = tmp_path / "assert_ndebug"
    proc = nvcc("--offload-arch=host", "-DNDEBUG", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.stdout == "first cudaSuccess cudaSuccess second cudaSuccess\n", run.stdout


@pytest.mark.parametrize("name", ["address_space", "assert", "brkpt"])
def test_builds_for_gfx942(tmp_path: Path, name: str) -> None:
    text = {"address_space": PROGRAM, "assert": ASSERT_PROGRAM, "brkpt": BRKPT_PROGRAM}[name]
    source = tmp_path / f"{name}.cu"
    source.write_text(text)
    link_for_gfx942(source, tmp_path, name)


def test_builds_for_gfx1100(tmp_path: Path) -> None:
    for name, text in (("address_space", PROGRAM), ("brkpt", BRKPT_PROGRAM)):
        source = tmp_path / f"{name}.cu"
        source.write_text(text)
        proc = nvcc("--offload-arch=gfx1100", "-c", "-o", str(tmp_path / f"{name}.o"), str(source))
        assert proc.returncode == 0, proc.stderr


def test_brkpt_builds_for_the_host_platform(tmp_path: Path) -> None:
    source = tmp_path / "brkpt.cu"
    source.write_text(BRKPT_PROGRAM)
    proc = nvcc("--offload-arch=host", "-o", str(tmp_path / "brkpt"), str(source))
    assert proc.returncode == 0, proc.stderr
