"""The .cpp files of CUDA projects include cuda_runtime.h / cuda.h and are built by the host
compiler, often with -Wall -Wextra -Werror and an older C++ standard: cu2amd's headers must
compile warning-free there, as NVIDIA's do."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from cu2amd.runtime_shim.headers import include_dir

HEADERS = ("cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "cuda_fp16.h", "cuda_bf16.h",
           "vector_types.h", "cooperative_groups.h", "math_constants.h")  # fmt: skip


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++")
@pytest.mark.parametrize("std", ["c++11", "c++17"])
def test_headers_compile_without_warnings_in_host_cpp(tmp_path: Path, std: str) -> None:
    source = tmp_path / "host.cpp"
    source.write_text("".join(f"#include <{h}>\n" for h in HEADERS) + "int main() { return 0; }\n")
    proc = subprocess.run(
        ["g++", f"-std={std}", "-Wall", "-Wextra", "-Werror", "-I", str(include_dir()), "-c",
         str(source), "-o", str(tmp_path / "host.o")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
