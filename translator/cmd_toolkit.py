"""`cu2amd toolkit-dir` and `cu2amd cmake-toolchain`: what build systems need to find.

`toolkit-dir` prints (making it if needed) the CUDA-toolkit-shaped directory of
translator/toolkit.py; `cmake-toolchain` prints the path of the CMake toolchain file that
ships with cu2amd (translator/cmake/cu2amd-toolchain.cmake).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import click

from cu2amd.translator import toolkit
from cu2amd.translator.clitools import report_errors


def toolchain_file() -> Path:
    return Path(str(resources.files("cu2amd.translator").joinpath("cmake/cu2amd-toolchain.cmake")))


@click.command("toolkit-dir")
@click.option(
    "--offload-arch",
    default=None,
    metavar="ARCHS",
    help="The targets the toolkit is for: AMD GPUs (gfx942,...; the default, also from "
    "CU2AMD_OFFLOAD_ARCH) or host.",
)
@report_errors()
def toolkit_dir_cmd(offload_arch: str | None) -> None:
    """Print a directory laid out like a CUDA toolkit (bin/nvcc, include/, lib64/).

    For tools that look for CUDA through CUDA_HOME, CUDA_PATH or $CUDA_HOME/bin/nvcc:
    bin/nvcc runs cu2amd-nvcc, include/ holds cu2amd's CUDA headers, lib64/libcudart.so
    is the CUDA runtime of the flavour (ROCm's libamdhip64 for AMD targets, cu2amd's
    host runtime for host). Made once in cu2amd's cache.
    """
    click.echo(str(toolkit.toolkit_dir(toolkit.flavour_of(offload_arch))))


@click.command("cmake-toolchain")
def cmake_toolchain_cmd() -> None:
    """Print the path of cu2amd's CMake toolchain file.

    \b
      cmake -S . -B build -DCMAKE_TOOLCHAIN_FILE="$(cu2amd cmake-toolchain)" \\
            -DCU2AMD_OFFLOAD_ARCH=gfx942      # or host
    """
    click.echo(str(toolchain_file()))
