"""Where cu2amd's own CUDA headers are (runtime_shim/include, installed as package data)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def include_dir() -> Path:
    return Path(str(resources.files("cu2amd.runtime_shim").joinpath("include")))
