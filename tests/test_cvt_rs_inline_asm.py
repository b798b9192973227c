"""cvt's stochastic rounding (.rs) and .ue8m0 conversions in CUDA inline asm
(tests/data/cuda_host/cvt_rs_asm.cu): built by cu2amd-nvcc for the host platform and run,
its outputs checked against the ISA models of the conformance tests
(tests/conformance/test_cvt_rs.py, test_cvt_ue8m0.py, which cover the forms exhaustively
or with random and edge values); compiled for gfx942. isspacep.const in inline asm is a
compile error naming it (the CUDA file's __constant__ variables are not visible to it)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tests" / "data" / "cuda_host" / "cvt_rs_asm.cu"
sys.path.insert(0, str(ROOT / "tests" / "conformance"))

from test_cvt_rs import stochastic  # noqa: E402
from test_cvt_ue8m0 import from_ue8m0, to_ue8m0  # noqa: E402


def _nvcc(source: Path, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", *args, str(source)]
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def test_inline_asm_on_the_host_platform(tmp_path: Path) -> None:
    exe = tmp_path / "cvt_rs_asm"
    proc = _nvcc(SOURCE, "--offload-arch=host", "-o", str(exe))
    assert proc.returncode == 0, proc.stderr
    lines = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    rows = [[int(v) for v in line.split()] for line in lines.splitlines()]
    assert len(rows) == 512
    for x, y, r, bf, h2, scale, back in rows:
        pair = [(x, r >> 16), (y, r & 0xFFFF)]
        assert bf == (stochastic(*pair[0], "bf16", True, False) << 16) | stochastic(
            *pair[1], "bf16", True, False
        )
        assert h2 == (stochastic(*pair[0], "f16", False, True) << 16) | stochastic(
            *pair[1], "f16", False, True
        )
        assert scale == (to_ue8m0(x, "f32", "rp", True) << 8) | to_ue8m0(y, "f32", "rp", True)
        assert back == (from_ue8m0(scale >> 8) << 16) | from_ue8m0(scale & 0xFF)


def test_inline_asm_compiles_for_amd_gpus(tmp_path: Path) -> None:
    proc = _nvcc(SOURCE, "--offload-arch=gfx942", "-c", "-o", str(tmp_path / "cvt_rs_asm.o"))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "cvt_rs_asm.o").stat().st_size > 0


def test_isspacep_const_in_inline_asm_is_an_error(tmp_path: Path) -> None:
    source = tmp_path / "const.cu"
    source.write_text(
        "__constant__ int table[4];\n"
        "__global__ void k(int *out, const int *p) {\n"
        '  int r; asm("{ .reg .pred q; isspacep.const q, %1; selp.s32 %0, 1, 0, q; }"\n'
        '            : "=r"(r) : "l"(p));\n'
        "  *out = r;\n"
        "}\n"
    )
    proc = _nvcc(source, "--offload-arch=gfx942", "-c", "-o", str(tmp_path / "const.o"))
    assert proc.returncode != 0
    assert "isspacep.const in inline PTX" in proc.stderr, proc.stderr
