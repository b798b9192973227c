"""The examples build with cu2amd-nvcc for the host platform (and run, passing their own
self-check) and for two AMD targets (code objects checked with the code-object reader)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cu2amd.amdgpu.bundle import read_bundle
from cu2amd.amdgpu.codeobject import read_code_object

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ["inline_ptx_bits", "bignum_add", "vector_add", "reduction", "histogram", "matmul_tiled",
            "warp_reduce", "stream_compaction", "warp_scan", "match_histogram",
            "named_barriers"]  # fmt: skip


def nvcc(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_runs_on_the_host_platform(name: str, tmp_path: Path) -> None:
    exe = tmp_path / name
    proc = nvcc(
        "-O3", "--offload-arch=host", "-o", str(exe), str(ROOT / "examples" / name / f"{name}.cu")
    )
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith(f"{name}: ") and run.stdout.rstrip().endswith("PASSED")


@pytest.mark.parametrize("name", EXAMPLES)
def test_example_builds_for_two_amd_targets(name: str, tmp_path: Path) -> None:
    obj = tmp_path / f"{name}.o"
    proc = nvcc("-O3", "-c", "--offload-arch=gfx942,gfx1100", "--keep", "--keep-dir", str(tmp_path),
                "-o", str(obj), str(ROOT / "examples" / name / f"{name}.cu"))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert obj.is_file()
    entries = {e.id: e.data for e in read_bundle((tmp_path / f"{name}.hipfb").read_bytes())}
    for target, wave in (("gfx942", 64), ("gfx1100", 32)):
        info = read_code_object(entries[f"hipv4-amdgcn-amd-amdhsa--{target}"])
        assert info.processor == target
        assert info.kernels and all(k.wavefront_size == wave for k in info.kernels)


GUARDED_ASM = r"""#include <cstdio>
__device__ unsigned bfind(unsigned x) {
#ifdef __CUDA_ARCH__
    unsigned r;
    asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(x));
    return r;
#else
    return 0;
#endif
}
__global__ void k(unsigned *out) { out[threadIdx.x] = bfind(1u << threadIdx.x); }
int main() {
    unsigned *d, h[32];
    cudaMalloc(&d, sizeof h);
    k<<<1, 32>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 32; ++i)
        if (h[i] != (unsigned)i) { printf("guarded: lane %d got %u FAILED\n", i, h[i]); return 1; }
    printf("guarded: PASSED\n");
    return 0;
}
"""


def test_inline_asm_under_cuda_arch_guard(tmp_path: Path) -> None:
    """Inline PTX is device code, often inside `#ifdef __CUDA_ARCH__`: it is found as the
    device pass sees the file (it used to be missed, and LLVM then aborted)."""
    src = tmp_path / "guarded.cu"
    src.write_text(GUARDED_ASM)
    exe = tmp_path / "guarded"
    proc = nvcc("-O2", "--offload-arch=host", "-o", str(exe), str(src))
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.stdout == "guarded: PASSED\n", run.stdout + run.stderr
    proc = nvcc("-O2", "-c", "--offload-arch=gfx942", "-o", str(tmp_path / "g.o"), str(src))
    assert proc.returncode == 0, proc.stderr


def test_inline_asm_in_a_header_is_an_error(tmp_path: Path) -> None:
    """Only asm spelled in the .cu file is rewritten; asm from a header would abort LLVM's
    code generator, so it is an error naming it."""
    (tmp_path / "bits.h").write_text(
        "__device__ inline unsigned rev(unsigned x) {\n"
        '    unsigned r; asm("brev.b32 %0, %1;" : "=r"(r) : "r"(x)); return r;\n}\n'
    )
    src = tmp_path / "uses.cu"
    src.write_text('#include "bits.h"\n__global__ void k(unsigned *o) { *o = rev(*o); }\n')
    for arch in ("host", "gfx942"):
        proc = nvcc("-c", f"--offload-arch={arch}", "-o", str(tmp_path / "u.o"), str(src))
        assert proc.returncode == 1, proc.stderr
        assert (
            f"error: inline asm \"brev.b32 $0, $1;\" in the device code of '{src}' is not "
            "translated: cu2amd rewrites inline PTX spelled in the .cu file itself, not in headers"
        ) in proc.stderr


@pytest.mark.parametrize("flag", ["-lineinfo", "-G"])
def test_line_information_reaches_the_code_object(flag: str, tmp_path: Path) -> None:
    src = str(ROOT / "examples" / "vector_add" / "vector_add.cu")
    for flags, keep in (([flag], tmp_path / "with"), ([], tmp_path / "without")):
        keep.mkdir()
        proc = nvcc("-c", "--offload-arch=gfx942", "--keep", "--keep-dir", str(keep), *flags,
                    "-o", str(keep / "va.o"), src)  # fmt: skip
        assert proc.returncode == 0, proc.stderr
    assert b".debug_line" in (tmp_path / "with" / "vector_add.gfx942.hsaco").read_bytes()
    assert b".debug_line" not in (tmp_path / "without" / "vector_add.gfx942.hsaco").read_bytes()


DEVICE_PRINTF = r"""#include <cstdio>
__global__ void hello(int n) { printf("thread %d of %d: %s %5.2f\n", threadIdx.x, n, "ok", 0.5f * threadIdx.x); }
int main() {
    hello<<<1, 3>>>(3);
    cudaDeviceSynchronize();
    printf("done\n");
    return 0;
}
"""


def test_device_printf_in_a_host_platform_executable(tmp_path: Path) -> None:
    """Kernels call the runtime's printf from a module loaded at run time: the executable
    must carry (and export) it even though main never calls it (was: undefined symbol)."""
    src = tmp_path / "hello.cu"
    src.write_text(DEVICE_PRINTF)
    exe = tmp_path / "hello"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(src))
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "thread 0 of 3: ok  0.00", "thread 1 of 3: ok  0.50", "thread 2 of 3: ok  1.00", "done"
    ]  # fmt: skip


def test_time_phases_splits_the_compile(tmp_path: Path) -> None:
    proc = nvcc("-c", "--time-phases", "--offload-arch=gfx942", "-o", str(tmp_path / "v.o"),
                str(ROOT / "examples" / "vector_add" / "vector_add.cu"))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.splitlines()
    assert lines[0].startswith("cu2amd-nvcc: wall time per phase (seconds;")
    phases = [line.rsplit(None, 1)[0].strip() for line in lines[1:]]
    assert phases == ["clang device (gfx942)", "device libraries", "optimize", "codegen",
                      "ld.lld code object", "link-device-libs+codegen", "bundle", "clang host",
                      "total"]  # fmt: skip
    seconds = [float(line.rsplit(None, 1)[1]) for line in lines[1:]]
    assert all(s >= 0 for s in seconds) and seconds[-1] >= seconds[0] + seconds[-2]


IOSTREAM = r"""#include <iostream>
#include <string>
#include <vector>
__global__ void iota(int *x) { x[threadIdx.x] = threadIdx.x; }
int main() {
    std::vector<int> h(4);
    int *d;
    cudaMalloc(&d, 16);
    iota<<<1, 4>>>(d);
    cudaMemcpy(h.data(), d, 16, cudaMemcpyDeviceToHost);
    std::cout << "sum=" + std::to_string(h[0] + h[1] + h[2] + h[3]) << std::endl;
}
"""


def test_host_code_uses_the_system_cxx_library(tmp_path: Path) -> None:
    """Host code is compiled against the system's libstdc++ headers, so the program is
    linked with the system's C++ compiler (was: undefined std::cout with zig's libc++)."""
    src = tmp_path / "io.cu"
    src.write_text(IOSTREAM)
    exe = tmp_path / "io"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(src))
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert (run.returncode, run.stdout) == (0, "sum=6\n"), run.stderr


TEMPLATES = r"""#include <cstdio>
__host__ __device__ int where() {
#ifdef __CUDA_ARCH__
    return 1;  // device code
#else
    return 2;  // host code
#endif
}
template <typename T> __global__ void reverse(T *out, int *from) {
    __shared__ T s[32];
    s[threadIdx.x] = (T)threadIdx.x;
    __syncthreads();
    out[threadIdx.x] = s[31 - threadIdx.x];
    if (threadIdx.x == 0) *from = where();
}
int main() {
    float *d, h[32];
    int *w, hw = 0;
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&w, sizeof hw);
    reverse<float><<<1, 32>>>(d, w);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(&hw, w, sizeof hw, cudaMemcpyDeviceToHost);
    printf("%g %g %d %d %s\n", h[0], h[31], hw, where(), cudaGetErrorString(cudaGetLastError()));
}
"""


def test_template_kernels_and_host_device_functions_on_the_host_platform(tmp_path: Path) -> None:
    """A template kernel (weak, with a __shared__ array) and a __host__ __device__
    function: the kernel module uses its own definitions, not the program's same-named
    host stub and host function (it called the stub: a crash; its shared array did not
    link)."""
    src = tmp_path / "templates.cu"
    src.write_text(TEMPLATES)
    exe = tmp_path / "templates"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(src))
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert (run.returncode, run.stdout) == (0, "31 0 1 2 no error\n"), run.stderr


def test_named_barriers_of_inline_ptx_are_initialised_on_amd_gpus(tmp_path: Path) -> None:
    """Inline PTX named barriers (examples/named_barriers) on AMD GPUs: the kernel's code
    object zeroes the LDS barrier words and passes s_barrier before any wave arrives (the
    words are set up after the CUDA file's device code and its inline PTX are linked)."""
    objdump = shutil.which("llvm-objdump-19") or shutil.which("llvm-objdump")
    if objdump is None:
        pytest.skip("no llvm-objdump to disassemble the code object")
    source = ROOT / "examples" / "named_barriers" / "named_barriers.cu"
    proc = nvcc("-O3", "-c", "--offload-arch=gfx1100", "--keep", "--keep-dir", str(tmp_path),
                "-o", str(tmp_path / "nb.o"), str(source))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    hsaco = tmp_path / "named_barriers.gfx1100.hsaco"
    info = read_code_object(hsaco.read_bytes())
    (kernel,) = info.kernels
    assert kernel.lds_bytes == 64 * 4 + 64 * 8 + 16 * 4  # tile, partial, 16 barrier words
    dis = subprocess.run([objdump, "-d", "--mcpu=gfx1100", str(hsaco)], capture_output=True,
                         text=True, check=True).stdout  # fmt: skip
    first_arrival = dis.index("ds_add_rtn_u32")
    assert dis.count("ds_store_b128", 0, first_arrival) == 4  # the 16 words zeroed
    assert "s_barrier" in dis[:first_arrival]
    assert "s_sleep 1" in dis
