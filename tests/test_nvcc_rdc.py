"""Relocatable device code with cu2amd-nvcc, used as build systems use nvcc's: -rdc=true in
one command, -dc then a link, -dc then -dlink then a host link, -lib archives whose device
code the link pulls in, -shared libraries; and the device link's errors."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cu2amd.translator.cmd_inspect import inspect_file

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "multi_file_rdc"
MAIN, PHYSICS = EXAMPLE / "main.cu", EXAMPLE / "physics.cu"


def nvcc(*args: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", *map(str, args)]
    return subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=cwd)


def ok(proc: subprocess.CompletedProcess[str]) -> None:
    assert proc.returncode == 0, proc.stderr


def run(exe: Path) -> str:
    proc = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


PASSED = "multi_file_rdc: 1000 particles x 50 steps across 2 files, 50000 steps counted, PASSED\n"


def test_rdc_in_one_command(tmp_path: Path) -> None:
    exe = tmp_path / "app"
    ok(nvcc("-O2", "-rdc=true", "--offload-arch=host", MAIN, PHYSICS, "-o", exe))
    assert run(exe) == PASSED


def test_dc_objects_then_a_static_library_then_the_link(tmp_path: Path) -> None:
    """physics.o goes into libphysics.a (nvcc -lib); the link finds its device code
    through -L/-l, as nvcc's device link does."""
    ok(nvcc("-dc", "--offload-arch=host", MAIN, "-o", tmp_path / "main.o"))
    ok(nvcc("-dc", "--offload-arch=host", PHYSICS, "-o", tmp_path / "physics.o"))
    ok(nvcc("-lib", "--offload-arch=host", tmp_path / "physics.o", "-o", tmp_path / "libphysics.a"))
    exe = tmp_path / "app"
    ok(nvcc("--offload-arch=host", tmp_path / "main.o", f"-L{tmp_path}", "-lphysics", "-o", exe))
    assert run(exe) == PASSED


def test_lib_compiles_sources_into_an_archive(tmp_path: Path) -> None:
    ok(nvcc("-lib", "-rdc=true", "--offload-arch=host", PHYSICS, "-o", tmp_path / "libp.a"))
    ok(nvcc("-dc", "--offload-arch=host", MAIN, "-o", tmp_path / "main.o"))
    exe = tmp_path / "app"
    ok(nvcc("--offload-arch=host", tmp_path / "main.o", tmp_path / "libp.a", "-o", exe))
    assert run(exe) == PASSED


@pytest.mark.skipif(shutil.which("ar") is None, reason="needs binutils' ar to list members")
def test_lib_archive_members_are_named_after_the_sources(tmp_path: Path) -> None:
    ok(nvcc("-lib", "-rdc=true", "--offload-arch=host", PHYSICS, MAIN, "-o", tmp_path / "l.a"))
    listing = subprocess.run(["ar", "t", str(tmp_path / "l.a")], capture_output=True, text=True)
    assert listing.stdout.split() == ["physics.o", "main.o"]


def test_dlink_for_two_amd_targets(tmp_path: Path) -> None:
    """-dc, then -dlink into one object (what CMake's separable compilation does): the
    object holds one bundle whose code objects have the kernels of both files linked."""
    arch = "--offload-arch=gfx942,gfx1100"
    ok(nvcc("-dc", arch, MAIN, "-o", tmp_path / "main.o"))
    ok(nvcc("-dc", arch, PHYSICS, "-o", tmp_path / "physics.o"))
    ok(nvcc("-dlink", arch, tmp_path / "main.o", tmp_path / "physics.o", cwd=tmp_path))
    dlink = tmp_path / "a_dlink.o"  # nvcc's default name
    inspection = inspect_file(str(dlink))
    assert inspection.format == "host-program"
    kernels = {
        e.target: sorted(k.name for k in e.code_object.kernels)
        for e in inspection.entries
        if e.code_object
    }
    expected = ["_Z10read_stepsPj", "_Z11set_gravityf", "_Z4stepP8Particleiif"]
    assert kernels == {"gfx942": expected, "gfx1100": expected}
    waves = {e.target: e.code_object.kernels[0].wavefront_size for e in inspection.entries
             if e.code_object}  # fmt: skip
    assert waves == {"gfx942": 64, "gfx1100": 32}


def test_rdc_amd_executable_embeds_one_linked_bundle(tmp_path: Path) -> None:
    exe = tmp_path / "app"
    ok(nvcc("-rdc=true", "--offload-arch=gfx942", MAIN, PHYSICS, "-o", exe))
    entries = [e for e in inspect_file(str(exe)).entries if e.code_object]
    assert [e.target for e in entries] == ["gfx942"]
    assert len(entries[0].code_object.kernels) == 3


SHARED_LIB = r"""#include <cstdio>
__global__ void scale(float *x, float s) { x[threadIdx.x] *= s; }
extern "C" int run_scale(float s) {
    float h[4] = {1, 2, 3, 4}, *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    scale<<<1, 4>>>(d, s);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaFree(d);
    printf("%g %g %g %g\n", h[0], h[1], h[2], h[3]);
    return h[3] == 4 * s ? 0 : 1;
}
"""


@pytest.mark.parametrize("rdc", [False, True])
def test_shared_library_with_kernels(tmp_path: Path, rdc: bool) -> None:
    """A shared library's kernels run when a program built for the host platform (here a
    plain C++ file linked by cu2amd-nvcc) calls into it."""
    (tmp_path / "lib.cu").write_text(SHARED_LIB)
    (tmp_path / "main.cpp").write_text(
        'extern "C" int run_scale(float);\nint main() { return run_scale(2.5f); }\n'
    )
    flags = ["-rdc=true"] if rdc else []
    ok(nvcc("-shared", "-Xcompiler", "-fPIC", *flags, "--offload-arch=host", tmp_path / "lib.cu",
            "-o", tmp_path / "libscale.so"))  # fmt: skip
    exe = tmp_path / "app"
    ok(nvcc("--offload-arch=host", tmp_path / "main.cpp", f"-L{tmp_path}", "-lscale",
            "-Xlinker", f"-rpath={tmp_path}", "-o", exe))  # fmt: skip
    assert run(exe) == "2.5 5 7.5 10\n"


def test_undefined_device_symbols_are_named(tmp_path: Path) -> None:
    ok(nvcc("-dc", "--offload-arch=gfx942", MAIN, "-o", tmp_path / "main.o"))
    proc = nvcc("--offload-arch=gfx942", tmp_path / "main.o", "-o", tmp_path / "app")
    assert proc.returncode == 1
    assert proc.stderr == (
        "cu2amd-nvcc: error: device link for gfx942: undefined device symbol(s): "
        "_Z10acceleratefff, _Z10count_stepv, gravity, steps_taken (defined in no linked file; "
        "is a file compiled with -dc missing from the link?)\n"
    )
    assert not (tmp_path / "app").exists()


def test_undefined_device_symbols_on_the_host_platform(tmp_path: Path) -> None:
    ok(nvcc("-dc", "--offload-arch=host", MAIN, "-o", tmp_path / "main.o"))
    proc = nvcc("--offload-arch=host", tmp_path / "main.o", "-o", tmp_path / "app")
    assert proc.returncode == 1
    assert "undefined device symbol(s): _Z10acceleratefff, _Z10count_stepv, gravity, " \
        "steps_taken" in proc.stderr  # fmt: skip


def test_a_device_function_defined_twice(tmp_path: Path) -> None:
    twice = tmp_path / "twice.cu"
    twice.write_text("__device__ void count_step() {}\n")
    ok(nvcc("-dc", "--offload-arch=gfx942", PHYSICS, "-o", tmp_path / "physics.o"))
    ok(nvcc("-dc", "--offload-arch=gfx942", twice, "-o", tmp_path / "twice.o"))
    proc = nvcc("-dlink", "--offload-arch=gfx942", tmp_path / "physics.o", tmp_path / "twice.o",
                "-o", tmp_path / "d.o")  # fmt: skip
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"cu2amd-nvcc: error: device link: {tmp_path / 'twice.o'}: ")
    assert "_Z10count_stepv" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "d.o").exists()


def test_an_object_compiled_for_other_targets(tmp_path: Path) -> None:
    ok(nvcc("-dc", "--offload-arch=gfx942", PHYSICS, "-o", tmp_path / "physics.o"))
    proc = nvcc("-dlink", "--offload-arch=gfx1100", tmp_path / "physics.o", "-o", tmp_path / "d.o")
    assert proc.stderr == (
        f"cu2amd-nvcc: error: device link: '{tmp_path / 'physics.o'}' has no relocatable device "
        "code for gfx1100 (it has: rdc-amdgcn-amd-amdhsa--gfx942); compile it with "
        "--offload-arch that includes gfx1100\n"
    )


def test_dlink_without_relocatable_device_code(tmp_path: Path) -> None:
    ok(nvcc("-c", "--offload-arch=gfx942", PHYSICS, "-o", tmp_path / "physics.o"))
    proc = nvcc("-dlink", "--offload-arch=gfx942", tmp_path / "physics.o", "-o", tmp_path / "d.o")
    assert proc.stderr == (
        f"cu2amd-nvcc: error: device link: no relocatable device code in "
        f"'{tmp_path / 'physics.o'}' (compile with -dc or -rdc=true)\n"
    )


def test_dlink_of_a_source_file() -> None:
    proc = nvcc("-dlink", "--offload-arch=gfx942", PHYSICS)
    assert proc.stderr == (
        f"cu2amd-nvcc: error: '{PHYSICS}': -dlink links object files and static libraries; "
        "compile sources with -dc first\n"
    )


TWO_FILES_A = r"""#include <cstdio>
__global__ void twice(int *x) { x[threadIdx.x] *= 2; }
void add_one(int *x);
int main() {
    int h[4] = {1, 2, 3, 4}, *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    twice<<<1, 4>>>(d);
    add_one(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d %d %s\n", h[0], h[1], h[2], h[3], cudaGetErrorString(cudaGetLastError()));
}
"""
TWO_FILES_B = r"""__global__ void plus_one(int *x) { x[threadIdx.x] += 1; }
void add_one(int *x) { plus_one<<<1, 4>>>(x); }
"""


@pytest.mark.parametrize("rdc", [False, True])
def test_kernels_of_two_files_and_a_shared_library(tmp_path: Path, rdc: bool) -> None:
    """Each file (and shared library) with kernels registers its own fat binary on the
    host platform; every one of them must stay distinct (the runtime used to load the
    first module again for the second, so its kernels were 'invalid device function')."""
    (tmp_path / "a.cu").write_text(TWO_FILES_A)
    (tmp_path / "b.cu").write_text(TWO_FILES_B)
    (tmp_path / "lib.cu").write_text(SHARED_LIB)
    flags = ["-rdc=true"] if rdc else []
    ok(nvcc("-shared", "-Xcompiler", "-fPIC", "--offload-arch=host", tmp_path / "lib.cu",
            "-o", tmp_path / "libscale.so"))  # fmt: skip
    exe = tmp_path / "app"
    ok(nvcc(*flags, "--offload-arch=host", tmp_path / "a.cu", tmp_path / "b.cu",
            f"-L{tmp_path}", "-lscale", "-Xlinker", f"-rpath={tmp_path}", "-o", exe))  # fmt: skip
    assert run(exe) == "3 5 7 9 no error\n"


def test_a_library_with_its_own_device_link(tmp_path: Path) -> None:
    """A static library may carry its own device-link object (CMake's
    CUDA_RESOLVE_DEVICE_SYMBOLS); a later device link that reads the library again keeps
    the library's registration instead of defining it a second time."""
    arch = "--offload-arch=host"
    (tmp_path / "a.cu").write_text(TWO_FILES_A)
    (tmp_path / "b.cu").write_text(TWO_FILES_B)
    ok(nvcc("-dc", arch, tmp_path / "b.cu", "-o", tmp_path / "b.o"))
    ok(nvcc("-dlink", arch, tmp_path / "b.o", "-o", tmp_path / "b_dlink.o"))
    ok(nvcc("-lib", arch, tmp_path / "b.o", tmp_path / "b_dlink.o", "-o", tmp_path / "libb.a"))
    ok(nvcc("-dc", arch, tmp_path / "a.cu", "-o", tmp_path / "a.o"))
    exe = tmp_path / "app"
    ok(nvcc(arch, tmp_path / "a.o", tmp_path / "libb.a", "-o", exe))
    assert run(exe) == "3 5 7 9 no error\n"
