"""The CUDA driver API's library management and entry points (cu2amd/driver_library.h,
cu2amd/driver_library_entry.h): a hand-written PTX library compiled by cu2amd's PTX JIT, its
kernels counted, enumerated, named, described (parameter offsets and sizes) and launched, its
global read, kernel attributes set and read back, cuMemAlloc found by cuGetProcAddress and
called, a library loaded from a host code object or offload bundle (kernels from its symbols,
without parameter layouts), and
CUDA's errors for bad handles, names, attributes, versions and flags. Built with cu2amd-nvcc for
the host platform and run; compiled and linked for gfx942; cuda.h's entry points also compile
as C."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from runtime_programs import LIBRARY_SCALE_PTX

from cu2amd.runtime_shim.headers import include_dir

PTX = (
    LIBRARY_SCALE_PTX
    + """
.visible .entry mixed(.param .u8 a, .param .align 16 .b8 s[24], .param .v2 .f64 v, .param .u64 p)
{
  ret;
}
"""
)

PROGRAM = r"""#include <cuda.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { CUresult e_ = (call); if (e_ != (expected)) { const char *n_ = 0; \
    cuGetErrorName(e_, &n_); printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, n_, #expected); \
    failures++; } } while (0)
#define OK(call) CALL(call, CUDA_SUCCESS)

static const char *PTX = R"(@PTX@)";

typedef CUresult (*mem_alloc_fn)(CUdeviceptr *, size_t);
typedef CUresult (*memset_fn)(CUdeviceptr, unsigned int, size_t);

/* A library from a code object or offload bundle (argv[1]): its kernels from its symbols,
 * without their parameters. */
static void from_code_object(const char *path) {
    CUlibrary lib;
    CUkernel scale;
    unsigned count = 0;
    size_t offset = 0, size = 0;
    OK(cuLibraryLoadFromFile(&lib, path, 0, 0, 0, 0, 0, 0));
    OK(cuLibraryGetKernel(&scale, lib, "scale"));
    CALL(cuLibraryGetKernel(&scale, lib, "absent"), CUDA_ERROR_NOT_FOUND);
    OK(cuLibraryGetKernelCount(&count, lib)); /* from the code object's symbols */
    EXPECT(count == 2);
    CUkernel kernels[2] = {0, 0};
    OK(cuLibraryEnumerateKernels(kernels, 2, lib));
    EXPECT((kernels[0] == scale) != (kernels[1] == scale));
    const char *name = 0;
    OK(cuKernelGetName(&name, kernels[0] == scale ? kernels[1] : kernels[0]));
    EXPECT(name && strcmp(name, "mixed") == 0);
    CALL(cuKernelGetParamInfo(scale, 0, &offset, &size), CUDA_ERROR_NOT_SUPPORTED);
    CUdeviceptr total = 0;
    CALL(cuLibraryGetManaged(&total, NULL, lib, "shared_total"), CUDA_ERROR_NOT_SUPPORTED); /* not known */
    CUdeviceptr data;
    float host[4] = {1, 2, 3, 4}, factor = 3;
    unsigned n = 4;
    OK(cuMemAlloc(&data, sizeof host));
    OK(cuMemcpyHtoD(data, host, sizeof host));
    void *params[] = {&data, &factor, &n};
    OK(cuLaunchKernel((CUfunction)scale, 1, 1, 1, 4, 1, 1, 0, 0, params, 0));
    OK(cuMemcpyDtoH(host, data, sizeof host));
    EXPECT(host[0] == 3 && host[3] == 12);
    OK(cuMemFree(data));
    OK(cuLibraryUnload(lib));
}

int main(int argc, char **argv) {
    CUdevice dev;
    CUcontext ctx;
    OK(cuInit(0));
    OK(cuDeviceGet(&dev, 0));
    OK(cuDevicePrimaryCtxRetain(&ctx, dev));
    OK(cuCtxSetCurrent(ctx));
    if (argc > 1) {
        from_code_object(argv[1]);
        printf(failures ? "code object: FAILED\n" : "code object: PASSED\n");
        return failures != 0;
    }

    /* Entry points: cuMemAlloc and cuMemsetD32 called through their addresses. */
    void *fn = 0;
    CUdriverProcAddressQueryResult status = CU_GET_PROC_ADDRESS_VERSION_NOT_SUFFICIENT;
    OK(cuGetProcAddress("cuMemAlloc", &fn, 12000, CU_GET_PROC_ADDRESS_DEFAULT, &status));
    EXPECT(fn != 0 && status == CU_GET_PROC_ADDRESS_SUCCESS);
    CUdeviceptr words = 0;
    unsigned host_words[4] = {0};
    if (fn) OK(((mem_alloc_fn)fn)(&words, sizeof host_words));
    OK(cuGetProcAddress("cuMemsetD32", &fn, 11020, CU_GET_PROC_ADDRESS_LEGACY_STREAM, NULL));
    if (fn && words) OK(((memset_fn)fn)(words, 0xabcd, 4));
    if (words) OK(cuMemcpyDtoH(host_words, words, sizeof host_words));
    EXPECT(host_words[0] == 0xabcd && host_words[3] == 0xabcd);
    OK(cuMemFree(words));
    OK(cuGetProcAddress("cuLibraryGetKernelCount", &fn, 12000, 0, &status));
    EXPECT(fn == (void *)&cuLibraryGetKernelCount && status == CU_GET_PROC_ADDRESS_SUCCESS);
    OK(cuGetProcAddress("cuNoSuchFunction", &fn, 12000, 0, &status));
    EXPECT(fn == 0 && status == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
    OK(cuGetProcAddress("cuGraphicsD3D9RegisterResource", &fn, 12000, 0, &status)); /* not provided */
    EXPECT(fn == 0 && status == CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND);
    CALL(cuGetProcAddress("cuMemAlloc", &fn, 13000, 0, &status), CUDA_ERROR_INVALID_VALUE);
    CALL(cuGetProcAddress("cuMemAlloc", &fn, 12000, 4, &status), CUDA_ERROR_INVALID_VALUE);
    CALL(cuGetProcAddress(NULL, &fn, 12000, 0, &status), CUDA_ERROR_INVALID_VALUE);

    /* A library from PTX: its kernels, with names, library and parameter layout. */
    CUlibrary lib;
    char log[256] = "";
    CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
    void *values[] = {log, (void *)(size_t)sizeof log};
    OK(cuLibraryLoadData(&lib, PTX, options, values, 2, 0, 0, 0));
    unsigned count = 0;
    OK(cuLibraryGetKernelCount(&count, lib));
    EXPECT(count == 2);
    CUkernel kernels[2] = {0, 0}, scale = 0, mixed = 0;
    OK(cuLibraryEnumerateKernels(kernels, 2, lib));
    OK(cuLibraryGetKernel(&scale, lib, "scale"));
    OK(cuLibraryGetKernel(&mixed, lib, "mixed"));
    EXPECT(kernels[0] == scale && kernels[1] == mixed); /* the PTX's order */
    const char *name = 0;
    OK(cuKernelGetName(&name, mixed));
    EXPECT(name && strcmp(name, "mixed") == 0);
    CUlibrary owner = 0;
    OK(cuKernelGetLibrary(&owner, scale));
    EXPECT(owner == lib);
    CUmodule mod;
    CUfunction fscale, from_module;
    OK(cuLibraryGetModule(&mod, lib));
    OK(cuModuleGetFunction(&from_module, mod, "scale"));
    OK(cuKernelGetFunction(&fscale, scale));
    EXPECT(fscale == from_module);
    size_t offsets[4], sizes[4];
    for (int i = 0; i < 4; i++) OK(cuKernelGetParamInfo(mixed, i, &offsets[i], &sizes[i]));
    EXPECT(offsets[0] == 0 && sizes[0] == 1 && offsets[1] == 16 && sizes[1] == 24);
    EXPECT(offsets[2] == 48 && sizes[2] == 16 && offsets[3] == 64 && sizes[3] == 8);
    CALL(cuKernelGetParamInfo(mixed, 4, &offsets[0], &sizes[0]), CUDA_ERROR_INVALID_VALUE);
    OK(cuKernelGetParamInfo(scale, 2, &offsets[0], &sizes[0]));
    EXPECT(offsets[0] == 12 && sizes[0] == 4);

    /* Launched: the kernel as a function; its library's global counts the threads. */
    CUdeviceptr data;
    float host[8] = {1, 2, 3, 4, 5, 6, 7, 8}, factor = 0.5f;
    unsigned n = 6, hits = 0;
    OK(cuMemAlloc(&data, sizeof host));
    OK(cuMemcpyHtoD(data, host, sizeof host));
    void *params[] = {&data, &factor, &n};
    OK(cuLaunchKernel((CUfunction)scale, 1, 1, 1, 8, 1, 1, 0, 0, params, 0));
    OK(cuMemcpyDtoH(host, data, sizeof host));
    EXPECT(host[0] == 0.5f && host[5] == 3.0f && host[6] == 7.0f);
    CUdeviceptr counter;
    size_t counter_size = 0;
    OK(cuLibraryGetGlobal(&counter, &counter_size, lib, "counter"));
    OK(cuMemcpyDtoH(&hits, counter, sizeof hits));
    EXPECT(counter_size == 4 && hits == 11);
    CALL(cuLibraryGetGlobal(&counter, &counter_size, lib, "absent"), CUDA_ERROR_NOT_FOUND);
    CUdeviceptr total = 0;
    size_t total_size = 0;
    OK(cuLibraryGetManaged(&total, &total_size, lib, "shared_total")); /* host platform: shared memory */
    EXPECT(total && total_size == 8 && *(unsigned long long *)(uintptr_t)total == 52);
    CALL(cuLibraryGetManaged(&total, &total_size, lib, "counter"), CUDA_ERROR_NOT_FOUND);
    void *unified = 0; /* no device has unified function pointers */
    CALL(cuLibraryGetUnifiedFunction(&unified, lib, "scale"), CUDA_ERROR_NOT_FOUND);
    CALL(cuLibraryGetKernel(&scale, lib, "absent"), CUDA_ERROR_NOT_FOUND);

    /* Attributes: what is set is read back; limits and read-only attributes are errors. */
    int limit = 0, value = 0;
    OK(cuKernelGetAttribute(&limit, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, scale, dev));
    EXPECT(limit >= 1024);
    OK(cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 1024, scale, dev));
    OK(cuKernelGetAttribute(&value, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, scale, dev));
    EXPECT(value == 1024);
    OK(cuKernelGetAttribute(&value, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, mixed, dev));
    EXPECT(value == limit);
    CALL(cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, limit + 1, scale, dev),
         CUDA_ERROR_INVALID_VALUE);
    OK(cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, 50, scale, dev));
    OK(cuKernelGetAttribute(&value, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, scale, dev));
    EXPECT(value == 50);
    CALL(cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_NUM_REGS, 8, scale, dev), CUDA_ERROR_INVALID_VALUE);
    CALL(cuKernelSetAttribute(CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, 50, scale, 9),
         CUDA_ERROR_INVALID_DEVICE);
    OK(cuKernelGetAttribute(&value, CU_FUNC_ATTRIBUTE_PTX_VERSION, scale, dev));
    EXPECT(value == 70);
    OK(cuKernelSetCacheConfig(scale, CU_FUNC_CACHE_PREFER_L1, dev));
    CALL(cuKernelSetCacheConfig(scale, (CUfunc_cache)7, dev), CUDA_ERROR_INVALID_VALUE);

    /* Handles that are not libraries or kernels. */
    CUmodule plain;
    CUfunction plain_fn;
    OK(cuModuleLoadData(&plain, PTX));
    OK(cuModuleGetFunction(&plain_fn, plain, "scale"));
    CALL(cuKernelGetName(&name, (CUkernel)plain_fn), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuKernelGetFunction(&fscale, (CUkernel)plain_fn), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuLibraryGetKernelCount(&count, (CUlibrary)plain), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuLibraryUnload((CUlibrary)plain), CUDA_ERROR_INVALID_HANDLE);
    OK(cuModuleUnload(plain));
    CALL(cuLibraryGetKernelCount(NULL, lib), CUDA_ERROR_INVALID_VALUE);
    CALL(cuLibraryLoadData(&lib, NULL, 0, 0, 0, 0, 0, 0), CUDA_ERROR_INVALID_VALUE);
    CALL(cuLibraryLoadFromFile(&lib, "/nonexistent/library.ptx", 0, 0, 0, 0, 0, 0), CUDA_ERROR_FILE_NOT_FOUND);
    CUlibrary bad;
    CALL(cuLibraryLoadData(&bad, ".version 7.0\n.target sm_80\n.address_size 64\n.visible .entry k() { bogus.op; }\n",
                           options, values, 2, 0, 0, 0), CUDA_ERROR_INVALID_PTX);
    EXPECT(strstr(log, "stderr") != 0);

    OK(cuLibraryUnload(lib));
    CALL(cuKernelGetName(&name, scale), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuLibraryGetModule(&mod, lib), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuLibraryGetUnifiedFunction(&unified, lib, "scale"), CUDA_ERROR_INVALID_HANDLE);
    OK(cuMemFree(data));
    OK(cuDevicePrimaryCtxRelease(dev));
    printf(failures ? "library: FAILED\n" : "library: PASSED\n");
    return failures != 0;
}
""".replace("@PTX@", PTX)

C_PROGRAM = r"""#include <cuda.h>
int main(void) {
    void *fn = 0;
    CUdriverProcAddressQueryResult status;
    CUlibrary lib = 0;
    unsigned count;
    if (cuGetProcAddress("cuMemAlloc", &fn, CUDA_VERSION, CU_GET_PROC_ADDRESS_DEFAULT, &status)) return 1;
    return cuLibraryGetKernelCount(&count, lib) == CUDA_SUCCESS && fn != 0;
}
"""


def nvcc(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", "-arch=sm_80", *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("driver_library") / "library.cu"
    path.write_text(PROGRAM)
    return path


@pytest.fixture(scope="module")
def program(source: Path) -> Path:
    exe = source.with_suffix("")
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    return exe


def run(exe: Path, cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CU2AMD_CACHE_DIR": str(cache)}
    return subprocess.run([str(exe), *args], capture_output=True, text=True, check=False, env=env)


def test_a_ptx_library_on_the_host_platform(program: Path, tmp_path: Path) -> None:
    proc = run(program, tmp_path)
    assert proc.returncode == 0 and proc.stdout == "library: PASSED\n", proc.stdout + proc.stderr
    assert "unknown PTX instruction 'bogus.op'" in proc.stderr


def test_a_library_from_a_code_object_or_bundle(program: Path, tmp_path: Path) -> None:
    ptx = tmp_path / "scale.ptx"
    ptx.write_text(PTX)
    so = tmp_path / "scale.so"
    cmd = [sys.executable, "-m", "cu2amd.translator.cli", "ptx", str(ptx), "--offload-arch=host",
           "-o", str(so)]  # fmt: skip
    subprocess.run(cmd, check=True)
    for image in (so, tmp_path / "scale.hipfb"):  # a code object; cu2amd's fat binary
        if image.suffix == ".hipfb":
            cmd[-3:] = ["--offload-arch=host,gfx942", "-o", str(image)]
            subprocess.run(cmd, check=True)
        proc = run(program, tmp_path, str(image))
        assert proc.returncode == 0 and proc.stdout == "code object: PASSED\n", (
            proc.stdout + proc.stderr
        )


def test_entry_points_compile_as_c(tmp_path: Path) -> None:
    """cuda.h (with its entry point table over every cu* function) is also a C header."""
    from cu2amd.amdgpu.toolchain import discover

    src = tmp_path / "entry.c"
    src.write_text(C_PROGRAM)
    cmd = [sys.executable, "-m", "ziglang", "cc", "-c", "-Wall", "-Werror", "-std=c11",
           "-isystem", str(discover().builtin_include_dir()), "-I", str(include_dir()),
           "-o", str(tmp_path / "entry.o"), str(src)]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr


def test_program_links_for_gfx942(source: Path, tmp_path: Path) -> None:
    from cu2amd.amdgpu.toolchain import discover
    from cu2amd.errors import Cu2amdError

    obj = tmp_path / "library.o"
    proc = nvcc("--offload-arch=gfx942", "-c", "-o", str(obj), str(source))
    assert proc.returncode == 0, proc.stderr
    try:
        discover().libamdhip64()
    except Cu2amdError:
        pytest.skip("libamdhip64 is not installed: compiled, not linked")
    exe = tmp_path / "library_gfx942"
    proc = nvcc("--offload-arch=gfx942", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    undefined = subprocess.run(["nm", "-D", "-u", str(exe)], capture_output=True, text=True).stdout
    for name in ("hipModuleLoadDataEx", "hipModuleGetFunction", "hipModuleLaunchKernel",
                 "hipModuleGetGlobal", "hipFuncGetAttribute"):  # fmt: skip
        assert name in undefined


SCAN_PROGRAM = r"""#include <cuda.h>
/* The kernel list a library from this code object gets (cu2amd/driver_library.h). */
int main(int argc, char **argv) {
    size_t size = 0;
    char *image = __cu2amd_jit_read(argv[1], &size);
    __cu2amd_lib l;
    memset(&l, 0, sizeof l);
    if (!image || __cu2amd_lib_scan(&l, (const unsigned char *)image) != 0) return 1;
    for (unsigned int i = 0; i < l.n_kernels; i++) printf("%s\n", l.kernels[i].name);
    return 0;
}
"""


@pytest.mark.parametrize("arch", ["gfx942", "host,gfx942"])
def test_kernels_of_an_amd_code_object(arch: str, tmp_path: Path) -> None:
    """An AMD GPU code object names its kernels by their descriptors (NAME.kd): what a
    library loaded from one (or from a bundle of them) enumerates on an AMD GPU."""
    from cu2amd.amdgpu.toolchain import discover

    ptx = tmp_path / "scale.ptx"
    ptx.write_text(PTX)
    image = tmp_path / "scale.bin"
    cmd = [sys.executable, "-m", "cu2amd.translator.cli", "ptx", str(ptx), f"--offload-arch={arch}",
           "-o", str(image)]  # fmt: skip
    subprocess.run(cmd, check=True)
    src = tmp_path / "scan.c"
    src.write_text(SCAN_PROGRAM)
    exe = tmp_path / "scan"
    # Nothing but cuda.h's inline code: the program links no runtime (cuda.h's one
    # non-inline function, the external-semaphore node callback, names no HIP function).
    cmd = [sys.executable, "-m", "ziglang", "cc", "-std=gnu11", "-isystem",
           str(discover().builtin_include_dir()), "-I", str(include_dir()), "-o", str(exe), str(src)]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    proc = subprocess.run([str(exe), str(image)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and sorted(proc.stdout.split()) == ["mixed", "scale"], proc.stdout


def test_entry_point_table_names_only_what_cuda_h_implements() -> None:
    """Each function the generated table names is a working row that cuda.h defines, and
    every such row is in it (regenerate with entry_points.py when one is made to work)."""
    import re

    from cu2amd.runtime_shim.tables import entry_points

    table = (include_dir() / "cu2amd" / "driver_entry_points.h").read_text()
    listed = re.findall(r"^    X\((\w+)\) \\$", table, re.M)
    assert listed == sorted(listed) and {"cuMemAlloc", "cuGetProcAddress", "cuLaunchKernel"} <= set(
        listed
    )
    assert set(listed) <= set(entry_points.names())
    assert table == entry_points.render(), (
        "regenerate: python -m cu2amd.runtime_shim.tables.entry_points "
        "-o runtime_shim/include/cu2amd/driver_entry_points.h"
    )
