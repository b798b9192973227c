"""The CUDA runtime API cu2amd does not provide is a compile error that names it, at the
use (runtime_shim/include/cu2amd/unsupported.h, generated from the tables)."""

import subprocess
import sys
from pathlib import Path

from cu2amd.runtime_shim.headers import include_dir
from cu2amd.runtime_shim.tables import Status, lookup
from cu2amd.runtime_shim.tables.unsupported_header import render, rows

GRAPH = """#include <cstdio>
int main() {
    cudaArraySparseProperties props;
    cudaArrayGetSparseProperties(&props, 0);
    return 0;
}
"""


def test_generated_header_is_up_to_date() -> None:
    header = include_dir() / "cu2amd" / "unsupported.h"
    assert header.read_text() == render(), (
        "regenerate: python -m cu2amd.runtime_shim.tables.unsupported_header "
        "-o runtime_shim/include/cu2amd/unsupported.h"
    )


def test_the_header_declares_only_what_is_not_provided() -> None:
    names = [r.name for r in rows()]
    assert "cudaArrayGetSparseProperties" in names and "cudaMalloc" not in names
    assert all(lookup(n).status in (Status.UNSUPPORTED, Status.NOT_APPLICABLE) for n in names)  # type: ignore[union-attr]


def test_using_an_unsupported_api_names_it_at_the_use(tmp_path: Path) -> None:
    src = tmp_path / "graph.cu"
    src.write_text(GRAPH)
    for arch in ("host", "gfx942"):
        proc = subprocess.run(
            [sys.executable, "-m", "cu2amd.translator.nvcc", f"--offload-arch={arch}", "-c",
             str(src), "-o", str(tmp_path / "g.o")],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        assert proc.returncode == 1
        errors = [line for line in proc.stderr.splitlines() if ": error: " in line]
        assert errors == [
            f"{src}:3:5: error: 'cudaArraySparseProperties' is unavailable: cu2amd does not support "
            "cudaArraySparseProperties (Data types used by CUDA Runtime: types) yet",
            f"{src}:4:5: error: 'cudaArrayGetSparseProperties' is unavailable: cu2amd does not "
            "support cudaArrayGetSparseProperties (Memory Management) yet",
        ]
        assert not (tmp_path / "g.o").exists()
