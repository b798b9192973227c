"""A directory laid out like a CUDA toolkit, for the build tools that look for one.

CMake's CUDA support, `find_package(CUDAToolkit)`, and scripts that read `CUDA_HOME` or
`CUDA_PATH` expect `bin/nvcc`, `include/cuda_runtime.h`, `lib64/libcudart.so` and a
version file. `cu2amd toolkit-dir` makes one (in cu2amd's cache, once per flavour and
cu2amd version) whose pieces are cu2amd's:

    bin/nvcc                 runs cu2amd-nvcc
    bin/cu2amd-host-link     the host link driver (g++-compatible; see hostlink.py)
    include/                 cu2amd's CUDA headers; cuBLAS, cuFFT, ... headers that stop
                             the compile naming the library's ROCm counterpart
    lib64/libcudart.so       amd: a linker script naming ROCm's libamdhip64;
                             host: the host platform runtime as a shared library
    lib64/libcudart_static.a amd: the same script; host: the runtime archive
    lib64/libcudadevrt.a     empty (no device runtime library is needed)
    lib64/libcuda.so         the same as libcudart.so (driver API symbols come with it)
    lib64/libcublas.so ...   linker scripts that stop the link the same way
    nvvm/libdevice/          empty: where tools expect NVIDIA's libdevice
    version.json, version.txt

Two flavours, as a build is for AMD GPUs or for the host platform (`--offload-arch=host`).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

from cu2amd import __version__
from cu2amd.amdgpu.toolchain import Role, discover
from cu2amd.frontend.scan_libraries import LIBRARIES, Library
from cu2amd.runtime_shim.headers import include_dir
from cu2amd.runtime_shim.host.build import (
    cache_dir,
    runtime_archive,
    runtime_key,
    runtime_library,
)

FLAVOURS = ("amd", "host")
CUDA_VERSION = "12.0.0"
LAUNCHER = "cu2amd-host-link"
LAYOUT = "3"  # raised when the directory's contents change: a new cache entry
EMPTY_ARCHIVE = b"!<arch>\n"


def toolkit_path(flavour: str) -> Path:
    """Where the flavour's toolkit directory is (made by `toolkit_dir`)."""
    return cache_dir() / "toolkit" / f"{flavour}-{_toolkit_key(flavour)}"


@functools.cache
def _toolkit_key(flavour: str) -> str:
    """What the directory's contents depend on (hashing the runtime's sources: once per
    process, as links ask for the path once per argument). The amd flavour's libraries
    name the libamdhip64 found now, so a ROCm installed later (or another ROCM_PATH) gets
    a directory of its own rather than the old one's scripts."""
    hip = ""
    if flavour == "amd":
        found = discover().selected(Role.LIBAMDHIP64)
        hip = str(found.location) if found and found.location else ""
    return hashlib.sha256(
        "\0".join(
            (LAYOUT, __version__, flavour, sys.executable, str(include_dir()), runtime_key(),
             hip, *sorted(p.name for p in include_dir().iterdir()))
        ).encode()
    ).hexdigest()[:16]  # fmt: skip


def toolkit_dir(flavour: str) -> Path:
    """The flavour's toolkit directory, made now if the cache lacks it (atomically: a
    half-made directory is never seen)."""
    if flavour not in FLAVOURS:
        raise ValueError(flavour)
    root = toolkit_path(flavour)
    if (root / "version.json").is_file():
        return root
    root.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{root.name}-", dir=root.parent))
    try:
        _populate(tmp, flavour)
        try:
            os.rename(tmp, root)
        except OSError:
            if not (root / "version.json").is_file():  # not another process's finished copy
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return root


def _populate(root: Path, flavour: str) -> None:
    (root / "bin").mkdir()
    (root / "lib64").mkdir()
    python = sys.executable
    _script(root / "bin" / "nvcc", f'exec "{python}" -m cu2amd.translator.nvcc "$@"')
    _script(
        root / "bin" / LAUNCHER,
        f'exec "{python}" -m cu2amd.translator.hostlink --cu2amd-flavour={flavour} "$@"',
    )
    _include(root / "include")
    lib = root / "lib64"
    if flavour == "host":
        shutil.copyfile(runtime_library(), lib / "libcudart.so")
        shutil.copyfile(runtime_archive(), lib / "libcudart_static.a")
        (lib / "libcuda.so").write_text("INPUT(libcudart.so)\n")
    else:
        found = discover().selected(Role.LIBAMDHIP64)
        hip = found.location if found else None
        if hip is not None:  # without it, linking stops with the doctor's message
            for name in ("libcudart.so", "libcudart_static.a", "libcuda.so"):
                (lib / name).write_text(f"INPUT({hip})\n")
    (lib / "libcudadevrt.a").write_bytes(EMPTY_ARCHIVE)
    # The CUDA libraries cu2amd does not provide link as scripts that stop the link with
    # a message naming the ROCm counterpart (find_package(CUDAToolkit) makes CUDA::cublas
    # ... from them, as for NVIDIA's toolkit).
    for library in LIBRARIES:
        for name in library.libraries:
            (lib / f"lib{name}.so").write_text(f'ASSERT(0, "{_not_provided(library)}")\n')
    # Where tools look for NVIDIA's libdevice: cu2amd uses ROCm's device libraries instead.
    libdevice = root / "nvvm" / "libdevice"
    libdevice.mkdir(parents=True)
    (libdevice / "README").write_text("cu2amd links ROCm's device libraries, not libdevice.\n")
    (root / "version.txt").write_text(f"CUDA Version {CUDA_VERSION}\n")
    (root / "version.json").write_text(
        json.dumps(
            {
                "cuda": {"name": "CUDA SDK (cu2amd)", "version": CUDA_VERSION},
                "cu2amd": {"version": __version__, "flavour": flavour},
            },
            indent=2,
        )
        + "\n"
    )


def _not_provided(library: Library) -> str:
    return (
        f"cu2amd: {library.name} is not provided by cu2amd yet; its ROCm counterpart is "
        f"{library.rocm} (cu2amd report lists the calls)"
    )


def _include(include: Path) -> None:
    """cu2amd's headers, and for each CUDA library header cu2amd does not provide, one
    that stops the compile with the same message as the library's link stub."""
    include.mkdir()
    for entry in sorted(include_dir().iterdir()):
        (include / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    for library in LIBRARIES:
        for header in library.headers:
            if not header.endswith("/"):  # directories (thrust/, cub/) cannot be stubbed
                (include / header).write_text(f'#error "{_not_provided(library)}"\n')


def _script(path: Path, line: str) -> None:
    path.write_text(f"#!/bin/sh\n# generated by cu2amd toolkit-dir — do not edit\n{line}\n")
    path.chmod(0o755)


def flavour_of(offload_arch: str | None) -> str:
    """The toolkit flavour that --offload-arch (or CU2AMD_OFFLOAD_ARCH) asks for."""
    archs = offload_arch or os.environ.get("CU2AMD_OFFLOAD_ARCH", "")
    return "host" if "host" in archs.split(",") else "amd"


def verbose_environment(flavour: str) -> str:
    """The variable lines nvcc -v prints first, with this toolkit's directories: build
    tools read the toolkit root (TOP), include and library directories from them (CMake's
    CUDA compiler identification does)."""
    root = toolkit_dir(flavour)
    bin_dir = root / "bin"
    lines = [
        f"_HERE_={bin_dir}",
        f"_THERE_={bin_dir}",
        "_TARGET_SIZE_=",
        "_TARGET_DIR_=",
        f"TOP={root}",
        f"NVVMIR_LIBRARY_DIR={root / 'nvvm' / 'libdevice'}",
        f"PATH={bin_dir}:{os.environ.get('PATH', '')}",
        f'INCLUDES="-I{root / "include"}"',
        f"LIBRARIES=  -L{root / 'lib64'}",
        "CUDAFE_FLAGS=",
        "PTXAS_FLAGS=",
    ]
    return "".join(f"#$ {line}\n" for line in lines)
