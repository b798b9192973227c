"""A kernel that faults, traps or fails an assert leaves CUDA's context unusable: the next
synchronising call reports it, and "any further CUDA work will return the same error"
(cudaErrorIllegalAddress, cudaErrorAssert, cudaErrorLaunchFailure; the driver API's
CUDA_ERROR_* of the same values), while a launch refused for its configuration is not
sticky. The host platform does the same (its runtime keeps the first such error; the
runtime and driver headers return it and do no more work), so a program's error handling
behaves as on an NVIDIA GPU. One process per failure, as each ends CUDA for the process."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from runtime_programs import nvcc

PROGRAM = r"""
#include <cassert>
#include <cstdio>
#include <cstring>
#include <cuda.h>

__global__ void null_write(int *p) { p[threadIdx.x] = 1; }
__global__ void failing_assert(int v) { assert(v > 0); }
__global__ void trapping(int *p) { if (threadIdx.x == 3) __trap(); p[threadIdx.x] = 1; }
__global__ void fine(int *p) { p[threadIdx.x] = 7; }
__global__ void surface_out_of_range(cudaSurfaceObject_t s) { surf2Dwrite(1.0f, s, 0, 4); }

int main(int argc, char **argv) {
    int *buf;
    cudaMalloc(&buf, 64 * sizeof(int));
    if (!strcmp(argv[1], "config")) {
        fine<<<1, 4096>>>(buf); /* refused before it runs: not sticky */
        cudaError_t launch = cudaGetLastError();
        cudaError_t after = cudaDeviceSynchronize();
        fine<<<1, 4>>>(buf);
        int h = 0;
        cudaError_t copy = cudaMemcpy(&h, buf, sizeof h, cudaMemcpyDeviceToHost);
        printf("%s %s %s %d\n", cudaGetErrorName(launch), cudaGetErrorName(after), cudaGetErrorName(copy), h);
        return 0;
    }
    if (!strcmp(argv[1], "fault")) null_write<<<1, 1>>>(nullptr);
    if (!strcmp(argv[1], "assert")) failing_assert<<<1, 2>>>(0);
    if (!strcmp(argv[1], "trap")) trapping<<<1, 8>>>(buf);
    if (!strcmp(argv[1], "surface")) { /* cudaBoundaryModeTrap, the default */
        cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
        cudaArray_t array;
        cudaMallocArray(&array, &desc, 4, 4, cudaArraySurfaceLoadStore);
        cudaResourceDesc res = {};
        res.resType = cudaResourceTypeArray;
        res.res.array.array = array;
        cudaSurfaceObject_t s;
        cudaCreateSurfaceObject(&s, &res);
        surface_out_of_range<<<1, 1>>>(s);
    }
    cudaError_t sync = cudaDeviceSynchronize();
    cudaError_t last = cudaGetLastError();
    cudaError_t again = cudaGetLastError(); /* not cleared */
    int *more = nullptr;
    cudaError_t alloc = cudaMalloc(&more, 16);
    fine<<<1, 4>>>(buf); /* does not run */
    cudaError_t launch = cudaPeekAtLastError();
    int h = -1;
    cudaError_t copy = cudaMemcpy(&h, buf, sizeof h, cudaMemcpyDeviceToHost);
    CUresult driver = cuCtxSynchronize();
    const char *driver_name = "";
    cuGetErrorName(driver, &driver_name);
    printf("%s %s %s %s %s %s %s %s %d\n", cudaGetErrorName(sync), cudaGetErrorName(last), cudaGetErrorName(again),
           cudaGetErrorName(alloc), more ? "allocated" : "null", cudaGetErrorName(launch), cudaGetErrorName(copy),
           driver_name, h);
    return 0;
}
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("sticky")
    source = tmp / "sticky.cu"
    source.write_text(PROGRAM)
    exe = tmp / "sticky"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    return exe


@pytest.mark.parametrize(
    ("failure", "error", "driver_error", "message"),
    [
        ("fault", "cudaErrorIllegalAddress", "CUDA_ERROR_ILLEGAL_ADDRESS", "invalid memory access"),
        ("assert", "cudaErrorAssert", "CUDA_ERROR_ASSERT", "Assertion `v > 0` failed."),
        ("trap", "cudaErrorLaunchFailure", "CUDA_ERROR_LAUNCH_FAILED", "__trap(): trap in block"),
        (
            "surface",
            "cudaErrorLaunchFailure",
            "CUDA_ERROR_LAUNCH_FAILED",
            "surface access out of range (cudaBoundaryModeTrap)",
        ),
    ],
)
def test_a_failed_kernel_is_sticky(
    program: Path, failure: str, error: str, driver_error: str, message: str
) -> None:
    run = subprocess.run([str(program), failure], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    # Reported at the synchronisation, then by every call; the later kernel and copy do
    # nothing (the buffer keeps what it had: -1 was never overwritten by the copy).
    assert run.stdout.split() == [error] * 4 + ["null", error, error, driver_error, "-1"]
    assert message in run.stderr
    assert run.stderr.count("failed:") == 1  # the refused kernel never ran


def test_a_refused_launch_is_not_sticky(program: Path) -> None:
    run = subprocess.run([str(program), "config"], capture_output=True, text=True, check=False)
    assert run.stdout == "cudaErrorInvalidConfiguration cudaSuccess cudaSuccess 7\n", run.stderr
