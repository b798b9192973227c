"""The CUDA runtime API's library management, kernel handles and driver entry points
(cu2amd/runtime_library.h, cu2amd/driver_library.h, cu2amd/driver_library_entry.h): a
hand-written PTX library loaded from memory and from a file (compiled by cu2amd's PTX JIT),
its kernels enumerated and launched with cudaLaunchKernel, its global read, the parameter
layout of a library kernel and of a __global__ function, a __global__ function's kernel
handle, kernel attributes, cuMemAlloc found by cudaGetDriverEntryPoint and called, and the
errors for bad handles, names, versions and PTX. The program builds with cu2amd-nvcc for the
host platform and runs, and builds and links for gfx942."""

from __future__ import annotations

from pathlib import Path

import pytest
from runtime_programs import LIBRARY_SCALE_PTX, link_for_gfx942, run_on_host

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cudaFuncGetParamInfo", "cudaGetDriverEntryPoint", "cudaGetDriverEntryPointByVersion",
    "cudaGetKernel", "cudaKernelSetAttributeForDevice", "cudaLibraryEnumerateKernels",
    "cudaLibraryGetGlobal", "cudaLibraryGetKernel", "cudaLibraryGetKernelCount", "cudaLibraryGetManaged",
    "cudaLibraryGetUnifiedFunction",
    "cudaLibraryLoadData", "cudaLibraryLoadFromFile", "cudaLibraryUnload",
}  # fmt: skip

PROGRAM = (
    r"""#include <cstdio>
#include <cstring>
#include <cuda.h> /* CUresult, CUdeviceptr: what cuMemAlloc takes */
#include <unistd.h>
#include <cstdlib>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s (%d), expected %s\n", __LINE__, #call, cudaGetErrorName(e_), (int)e_, #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

static const char *PTX = R"("""
    + LIBRARY_SCALE_PTX
    + r"""
.visible .entry mixed(.param .u8 a, .param .align 16 .b8 s[24], .param .u64 p)
{
  ret;
}
)";

static void not_a_kernel() {}
__global__ void fill(int *p, char c, double d, int n) { if (threadIdx.x < n) p[threadIdx.x] = c + (int)d; }

int main() {
    cudaLibrary_t lib;
    OK(cudaLibraryLoadData(&lib, PTX, 0, 0, 0, 0, 0, 0));
    unsigned count = 0;
    OK(cudaLibraryGetKernelCount(&count, lib));
    EXPECT(count == 2);
    cudaKernel_t kernels[2] = {0, 0};
    OK(cudaLibraryEnumerateKernels(kernels, 2, lib));
    cudaKernel_t scale = 0, mixed = 0;
    OK(cudaLibraryGetKernel(&scale, lib, "scale"));
    OK(cudaLibraryGetKernel(&mixed, lib, "mixed"));
    EXPECT(scale && (kernels[0] == scale || kernels[1] == scale));
    EXPECT(mixed && (kernels[0] == mixed || kernels[1] == mixed) && mixed != scale);
    CALL(cudaLibraryGetKernel(&scale, lib, "nope"), cudaErrorNotFound);

    float host[8] = {1, 2, 3, 4, 5, 6, 7, 8}, *dev = nullptr;
    OK(cudaMalloc(&dev, sizeof host));
    OK(cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice));
    float factor = 2.5f;
    unsigned n = 6;
    void *args[] = {&dev, &factor, &n};
    OK(cudaLaunchKernel((const void *)scale, dim3(1), dim3(8), args, 0, 0));
    OK(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost));
    EXPECT(host[0] == 2.5f && host[5] == 15.0f && host[6] == 7.0f);

    unsigned *counter = nullptr, hits = 0;
    size_t bytes = 0;
    OK(cudaLibraryGetGlobal((void **)&counter, &bytes, lib, "counter"));
    OK(cudaMemcpy(&hits, counter, sizeof hits, cudaMemcpyDeviceToHost));
    EXPECT(bytes == 4 && hits == 11);
    CALL(cudaLibraryGetGlobal((void **)&counter, &bytes, lib, "none"), cudaErrorNotFound);

    /* No device has unified function pointers: no symbol is a unified function. */
    cudaDeviceProp prop;
    OK(cudaGetDeviceProperties(&prop, 0));
    void *unified = nullptr;
    EXPECT(prop.unifiedFunctionPointers == 0);
    CALL(cudaLibraryGetUnifiedFunction(&unified, lib, "scale"), cudaErrorNotFound);
    CALL(cudaLibraryGetUnifiedFunction(nullptr, lib, "scale"), cudaErrorInvalidValue);

    /* A managed variable: the host platform's host and kernels share it (no copies). */
    unsigned long long *total = nullptr;
    OK(cudaLibraryGetManaged((void **)&total, &bytes, lib, "shared_total"));
    EXPECT(total && bytes == 8 && *total == 52); /* 40 + 6 threads * 2 */
    *total = 100;
    CALL(cudaLibraryGetManaged((void **)&total, &bytes, lib, "counter"), cudaErrorNotFound); /* not managed */

    size_t offset = 99, size = 99;
    OK(cudaFuncGetParamInfo((const void *)mixed, 1, &offset, &size));
    EXPECT(offset == 16 && size == 24);
    OK(cudaFuncGetParamInfo((const void *)mixed, 2, &offset, &size));
    EXPECT(offset == 40 && size == 8);
    CALL(cudaFuncGetParamInfo((const void *)mixed, 3, &offset, &size), cudaErrorInvalidValue);
    OK(cudaFuncGetParamInfo(fill, 1, &offset, &size));
    EXPECT(offset == 8 && size == 1);
    OK(cudaFuncGetParamInfo(fill, 2, &offset, &size));
    EXPECT(offset == 16 && size == 8);
    OK(cudaFuncGetParamInfo(fill, 3, &offset, &size));
    EXPECT(offset == 24 && size == 4);
    CALL(cudaFuncGetParamInfo(fill, 4, &offset, &size), cudaErrorInvalidValue);

    cudaKernel_t k = 0;
    CALL(cudaGetKernel(&k, (const void *)&not_a_kernel), cudaErrorInvalidDeviceFunction);
    CALL(cudaFuncGetParamInfo((const void *)&not_a_kernel, 0, &offset, &size), cudaErrorInvalidDeviceFunction);
    CALL(cudaFuncGetParamInfo((const void *)fill, 0, &offset, &size), cudaErrorNotSupported); /* no types */
    OK(cudaGetKernel(&k, fill));
    EXPECT(k != nullptr);
    int *ints = nullptr, out[4] = {0};
    OK(cudaMalloc(&ints, sizeof out));
    char c = 3; double d = 4.0; int m = 4;
    void *fargs[] = {&ints, &c, &d, &m};
    OK(cudaLaunchKernel((const void *)k, dim3(1), dim3(4), fargs, 0, 0));
    OK(cudaMemcpy(out, ints, sizeof out, cudaMemcpyDeviceToHost));
    EXPECT(out[0] == 7 && out[3] == 7);
    OK(cudaKernelSetAttributeForDevice(k, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024, 0));
    OK(cudaKernelSetAttributeForDevice(scale, cudaFuncAttributePreferredSharedMemoryCarveout, 50, 0));
    CALL(cudaKernelSetAttributeForDevice(scale, cudaFuncAttributePreferredSharedMemoryCarveout, 50, 7), cudaErrorInvalidDevice);
    CALL(cudaKernelSetAttributeForDevice(scale, cudaFuncAttributePreferredSharedMemoryCarveout, 500, 0), cudaErrorInvalidValue);

    void *fn = nullptr;
    cudaDriverEntryPointQueryResult status = cudaDriverEntryPointVersionNotSufficent;
    OK(cudaGetDriverEntryPoint("cuMemAlloc", &fn, cudaEnableDefault, &status));
    EXPECT(fn && status == cudaDriverEntryPointSuccess);
    CUdeviceptr p = 0;
    EXPECT(fn && ((CUresult(*)(CUdeviceptr *, size_t))fn)(&p, 64) == CUDA_SUCCESS && p);
    OK(cudaFree((void *)p));
    OK(cudaGetDriverEntryPoint("cuNoSuchThing", &fn, cudaEnableDefault, &status));
    EXPECT(!fn && status == cudaDriverEntryPointSymbolNotFound);
    OK(cudaGetDriverEntryPointByVersion("cuMemFree", &fn, 11020, cudaEnableDefault, &status));
    EXPECT(fn && status == cudaDriverEntryPointSuccess);
    CALL(cudaGetDriverEntryPointByVersion("cuMemFree", &fn, 99000, cudaEnableDefault, &status), cudaErrorInvalidValue);
    CALL(cudaGetDriverEntryPoint("cuMemFree", &fn, 7, &status), cudaErrorInvalidValue);


    /* The same PTX from a file: a second, separate library (its own global). */
    char path[] = "/tmp/cu2amd-library-XXXXXX";
    int fd = mkstemp(path);
    EXPECT(fd >= 0 && write(fd, PTX, strlen(PTX)) == (ssize_t)strlen(PTX) && close(fd) == 0);
    cudaLibrary_t file_lib = nullptr;
    char log[256] = "";
    cudaJitOption options[] = {cudaJitErrorLogBuffer, cudaJitErrorLogBufferSizeBytes};
    void *values[] = {log, (void *)(size_t)sizeof log};
    OK(cudaLibraryLoadFromFile(&file_lib, path, options, values, 2, 0, 0, 0));
    unlink(path);
    EXPECT(file_lib && file_lib != lib);
    cudaKernel_t file_scale = nullptr;
    OK(cudaLibraryGetKernel(&file_scale, file_lib, "scale"));
    EXPECT(file_scale && file_scale != scale);
    unsigned *file_counter = nullptr, file_hits = 0;
    OK(cudaLibraryGetGlobal((void **)&file_counter, nullptr, file_lib, "counter"));
    n = 3;
    OK(cudaLaunchKernel((const void *)file_scale, dim3(1), dim3(8), args, 0, 0));
    OK(cudaMemcpy(&file_hits, file_counter, sizeof file_hits, cudaMemcpyDeviceToHost));
    OK(cudaMemcpy(&hits, counter, sizeof hits, cudaMemcpyDeviceToHost));
    EXPECT(file_counter != counter && file_hits == 8 && hits == 11);
    OK(cudaLibraryUnload(file_lib));
    CALL(cudaLibraryGetKernel(&file_scale, file_lib, "scale"), cudaErrorInvalidResourceHandle);
    CALL(cudaLaunchKernel((const void *)file_scale, dim3(1), dim3(8), args, 0, 0), cudaErrorInvalidDeviceFunction);

    /* Bad PTX: cudaErrorInvalidPtx, and the error log says where the diagnostic went. */
    CALL(cudaLibraryLoadData(&file_lib, ".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k() { bogus.op; }\n",
                             options, values, 2, 0, 0, 0), cudaErrorInvalidPtx);
    EXPECT(strstr(log, "stderr") != nullptr);
    OK(cudaLibraryUnload(lib));
    CALL(cudaLibraryUnload(lib), cudaErrorInvalidResourceHandle);
    CALL(cudaLibraryGetKernelCount(&count, lib), cudaErrorInvalidResourceHandle);
    CALL(cudaLibraryEnumerateKernels(kernels, 2, lib), cudaErrorInvalidResourceHandle);
    CALL(cudaLibraryGetKernel(&scale, nullptr, "scale"), cudaErrorInvalidResourceHandle);
    CALL(cudaLibraryGetUnifiedFunction(&unified, lib, "scale"), cudaErrorInvalidResourceHandle);
    CALL(cudaLibraryLoadData(nullptr, PTX, 0, 0, 0, 0, 0, 0), cudaErrorInvalidValue);
    CALL(cudaLibraryLoadFromFile(&lib, "/nonexistent.ptx", 0, 0, 0, 0, 0, 0), cudaErrorFileNotFound);
    cudaGetLastError();
    printf(failures ? "library: FAILED\n" : "library: PASSED\n");
    return failures != 0;
}
"""
)


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("runtime_api_library") / "library.cu"
    src.write_text(PROGRAM)
    return src


def test_program_runs_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run = run_on_host(source, tmp_path, "library")
    # The bad PTX's diagnostic, from cu2amd's PTX compiler, names the library's loader.
    assert "unknown PTX instruction 'bogus.op'" in run.stderr


def test_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    """For an AMD GPU the library is a module (PTX compiled at run time for the device's
    architecture) and its kernels are launched through it."""
    undefined = link_for_gfx942(source, tmp_path, "library")
    for name in ("hipModuleLoadDataEx", "hipModuleGetFunction", "hipModuleLaunchKernel",
                 "hipModuleGetGlobal", "hipModuleUnload", "hipLaunchKernel"):  # fmt: skip
        assert name in undefined
