"""Where cu2amd's own CUDA headers are (runtime_shim/include, installed as package data)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def include_dir() -> Path:
    return Path(str(resources.files("cu2amd.runtime_shim").joinpath("include")))


def cuda_header_flags(builtin_include: str, *more_no_flags: str) -> list[str]:
    """What every clang pass over CUDA source gets: no NVIDIA headers or libraries (nor
    `more_no_flags`: HIP's), clang's builtin headers, cu2amd's headers, and
    cuda_runtime.h included first (as nvcc does)."""
    return ["-nocudainc", "-nocudalib", *more_no_flags, "-isystem", builtin_include,
            "-isystem", str(include_dir()), "-include", "cuda_runtime.h"]  # fmt: skip
