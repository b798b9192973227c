"""Real CMake builds of unchanged CUDA projects with cu2amd's toolchain file (REQUIRES:
cmake; Ninja tests also need ninja): examples/cmake_project (a static library of kernels
with separable compilation, a shared library, an executable, CUDA_ARCHITECTURES) with both
generators for the host platform (run, self-check) and for gfx942 + gfx1100 (code objects
inspected); a project in cuda-samples' style (find_package(CUDAToolkit), CUDA::cudart);
CUDACXX=cu2amd-nvcc without the toolchain file; incremental rebuilds; the toolkit
directory."""

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cu2amd.translator.cmd_inspect import inspect_file

ROOT = Path(__file__).resolve().parent.parent
PROJECT = ROOT / "examples" / "cmake_project"
SAMPLE = ROOT / "tests" / "data" / "cmake_sample"
BIN = Path(sys.executable).parent

pytestmark = pytest.mark.skipif(shutil.which("cmake") is None, reason="REQUIRES: cmake")
needs_ninja = pytest.mark.skipif(shutil.which("ninja") is None, reason="REQUIRES: ninja")
GENERATORS = ["Unix Makefiles", pytest.param("Ninja", marks=needs_ninja)]


def env(**extra: str) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if k not in ("CU2AMD_OFFLOAD_ARCH", "CUDACXX")}
    out["PATH"] = f"{BIN}{os.pathsep}{out.get('PATH', '')}"
    return {**out, **extra}


def toolchain() -> str:
    return subprocess.run([str(BIN / "cu2amd"), "cmake-toolchain"], capture_output=True,
                          text=True, check=True).stdout.strip()  # fmt: skip


def cmake(*args: str | Path, environment: dict[str, str] | None = None) -> str:
    proc = subprocess.run(["cmake", *map(str, args)], capture_output=True, text=True,
                          check=False, env=environment or env())  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-4000:]
    return proc.stdout


def configure(source: Path, build: Path, arch: str, generator: str = "Unix Makefiles") -> None:
    cmake("-S", source, "-B", build, "-G", generator, f"-DCMAKE_TOOLCHAIN_FILE={toolchain()}",
          f"-DCU2AMD_OFFLOAD_ARCH={arch}")  # fmt: skip


def run(exe: Path) -> str:
    proc = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


PROJECT_OUTPUT = "cmake_project: sum 77492.5 (expected 77492.5), PASSED\n"
_COMPILE = re.compile(r"cu2amd-nvcc .*-x cu (?:-rdc=true )?-c (\S+)")


def compiled(verbose_build_output: str) -> set[str]:
    """The CUDA sources a verbose build compiled."""
    return {Path(m.group(1)).name for m in _COMPILE.finditer(verbose_build_output)}


@pytest.mark.parametrize("generator", GENERATORS)
def test_cmake_project_for_the_host_platform(tmp_path: Path, generator: str) -> None:
    source = tmp_path / "project"
    shutil.copytree(PROJECT, source)
    build = tmp_path / "build"
    configure(source, build, "host", generator)
    first = cmake("--build", build, "-v")
    assert compiled(first) == {"saxpy.cu", "blend.cu", "stats.cu", "main.cu"}
    assert run(build / "cmake_app") == PROJECT_OUTPUT
    # Touching one source recompiles that source only (then relinks what uses it).
    blend = source / "src" / "blend.cu"
    now = time.time()  # newer than every output so far
    os.utime(blend, (now, now))
    again = cmake("--build", build, "-v")
    assert compiled(again) == {"blend.cu"}
    assert run(build / "cmake_app") == PROJECT_OUTPUT
    nothing = cmake("--build", build, "-v")
    assert compiled(nothing) == set()


@needs_ninja
def test_cmake_project_for_two_amd_targets(tmp_path: Path) -> None:
    build = tmp_path / "build"
    configure(PROJECT, build, "gfx942;gfx1100", "Ninja")
    cmake("--build", build)
    expected = {
        "cmake_app": "_Z18saxpy_blend_kernelifPKfPff",
        "libstats.so": "_Z9block_sumPKfiPf",
    }
    for binary, kernel in expected.items():
        found = {
            e.code_object.target: [k.name for k in e.code_object.kernels]
            for e in inspect_file(str(build / binary)).entries
            if e.code_object
        }
        assert found == {"gfx942": [kernel], "gfx1100": [kernel]}, binary
    needed = subprocess.run(["readelf", "-d", str(build / "cmake_app")], capture_output=True,
                            text=True, check=False).stdout  # fmt: skip
    assert "libamdhip64" in needed and "libstats.so" in needed


def test_a_project_in_cuda_samples_style(tmp_path: Path) -> None:
    build = tmp_path / "build"
    configure(SAMPLE, build, "host")
    cmake("--build", build)
    assert run(build / "particleSample").splitlines() == [
        "particleSample: 4096 particles, 40960 moves, 1 device(s)", "Test passed"
    ]  # fmt: skip
    # find_package(CUDAToolkit) found cu2amd's toolkit directory, version 12.0.0.
    cache = (build / "CMakeCache.txt").read_text()
    cudart = re.search(r"^CUDA_cudart_LIBRARY:FILEPATH=(.*)$", cache, flags=re.M)
    assert cudart and re.search(r"/toolkit/host-[0-9a-f]+/lib64/libcudart.so$", cudart.group(1))
    assert "[v12.0.0()]" in cache


def test_cudacxx_without_the_toolchain_file(tmp_path: Path) -> None:
    """`CUDACXX=cu2amd-nvcc`, targets from CU2AMD_OFFLOAD_ARCH: CMake identifies the
    compiler as nvcc 12.0 and builds."""
    build = tmp_path / "build"
    environment = env(CUDACXX=str(BIN / "cu2amd-nvcc"), CU2AMD_OFFLOAD_ARCH="host")
    out = cmake("-S", SAMPLE, "-B", build, environment=environment)
    assert "The CUDA compiler identification is NVIDIA 12.0.0" in out
    cmake("--build", build, environment=environment)
    assert run(build / "particleSample").endswith("Test passed\n")


def test_the_toolchain_file_needs_a_target(tmp_path: Path) -> None:
    proc = subprocess.run(["cmake", "-S", str(SAMPLE), "-B", str(tmp_path / "b"),
                           f"-DCMAKE_TOOLCHAIN_FILE={toolchain()}"],
                          capture_output=True, text=True, check=False, env=env())  # fmt: skip
    assert proc.returncode != 0
    assert "cu2amd: no target: pass -DCU2AMD_OFFLOAD_ARCH=gfx942" in proc.stderr


@pytest.mark.parametrize("flavour", ["host", "gfx942"])
def test_toolkit_directory_layout(flavour: str) -> None:
    root = Path(subprocess.run([str(BIN / "cu2amd"), "toolkit-dir", f"--offload-arch={flavour}"],
                               capture_output=True, text=True, check=True).stdout.strip())  # fmt: skip
    assert (root / "include" / "cuda_runtime.h").is_file()
    assert (root / "lib64" / "libcudadevrt.a").read_bytes() == b"!<arch>\n"
    assert json.loads((root / "version.json").read_text())["cuda"]["version"] == "12.0.0"
    version = subprocess.run([str(root / "bin" / "nvcc"), "--version"], capture_output=True,
                             text=True, check=True).stdout  # fmt: skip
    assert "Cuda compilation tools, release 12.0, V12.0.0" in version
    cudart = root / "lib64" / "libcudart.so"
    if flavour == "host":
        assert cudart.read_bytes().startswith(b"\x7fELF")
    elif cudart.exists():  # a linker script naming ROCm's libamdhip64, where installed
        assert re.fullmatch(r"INPUT\(/\S*libamdhip64\.so\S*\)\n", cudart.read_text())


def test_a_static_library_that_resolves_its_device_symbols(tmp_path: Path) -> None:
    """CUDA_RESOLVE_DEVICE_SYMBOLS ON: the library carries its own device link and the
    program still builds and runs. (CMake does not hand the library to the program's
    device link here; the case where a device link reads a library with its own is
    tests/test_nvcc_rdc.py::test_a_library_with_its_own_device_link.)"""
    source = tmp_path / "project"
    shutil.copytree(PROJECT, source)
    lists = source / "CMakeLists.txt"
    lists.write_text(lists.read_text().replace(
        "POSITION_INDEPENDENT_CODE ON)", "POSITION_INDEPENDENT_CODE ON\n    CUDA_RESOLVE_DEVICE_SYMBOLS ON)"
    ))  # fmt: skip
    build = tmp_path / "build"
    configure(source, build, "host")
    cmake("--build", build)
    assert (build / "CMakeFiles" / "kernels.dir" / "dlink.txt").is_file()
    assert run(build / "cmake_app") == PROJECT_OUTPUT


CUBLAS_PROJECT = """cmake_minimum_required(VERSION 3.20)
project(uses_cublas LANGUAGES CXX CUDA)
find_package(CUDAToolkit REQUIRED)
add_executable(gemm gemm.cu)
target_link_libraries(gemm PRIVATE CUDA::cublas)
"""


@pytest.mark.parametrize("includes_header", [True, False])
def test_a_cuda_library_cu2amd_does_not_provide(tmp_path: Path, includes_header: bool) -> None:
    """CUDA::cublas exists (as with NVIDIA's toolkit), and using it stops the build with a
    message naming cu2amd and the ROCm counterpart: at the #include, or at the link."""
    source = tmp_path / "project"
    source.mkdir()
    (source / "CMakeLists.txt").write_text(CUBLAS_PROJECT)
    header = "#include <cublas_v2.h>\n" if includes_header else ""
    (source / "gemm.cu").write_text(header + "int main() { return 0; }\n")
    configure(source, tmp_path / "build", "host")
    proc = subprocess.run(["cmake", "--build", str(tmp_path / "build")], capture_output=True,
                          text=True, check=False, env=env())  # fmt: skip
    assert proc.returncode != 0
    assert (
        "cu2amd: cuBLAS is not provided by cu2amd yet; its ROCm counterpart is hipBLAS / "
        "rocBLAS" in proc.stdout + proc.stderr
    )
