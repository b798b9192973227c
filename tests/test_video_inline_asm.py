"""PTX video instructions in CUDA inline asm (tests/data/cuda_host/video_asm.cu): built by
cu2amd-nvcc for the host platform and run, its outputs checked against the PTX ISA's
definitions (9.7.18); compiled for gfx942. The instruction forms themselves are covered
exhaustively by tests/conformance/test_video.py."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "tests" / "data" / "cuda_host" / "video_asm.cu"


def _nvcc(*args: str) -> None:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", *args, str(SOURCE)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr


def _field(x: int, index: int, bits: int, signed: bool) -> int:
    v = (x >> (index * bits)) & ((1 << bits) - 1)
    return v - (1 << bits) if signed and v >> (bits - 1) else v


def test_video_inline_asm_on_the_host_platform(tmp_path: Path) -> None:
    exe = tmp_path / "video_asm"
    _nvcc("--offload-arch=host", "-o", str(exe))
    lines = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
    rows = [[int(v) for v in line.split()] for line in lines.splitlines()]
    assert len(rows) == 256
    for x, y, sad, add, mad, setlt in rows:
        assert sad == sum(abs(_field(x, k, 8, False) - _field(y, k, 8, False)) for k in range(4))
        assert add == min(_field(x, 1, 8, False) + _field(y, 1, 16, False), 0xFFFFFFFF)
        assert mad == (100 - _field(x, 0, 16, True) * _field(y, 0, 16, True)) & 0xFFFFFFFF
        lt = _field(x, 1, 16, True) < _field(y, 1, 16, True)
        assert setlt == (int(lt) << 16) | (x & 0xFFFF)


def test_video_inline_asm_compiles_for_amd_gpus(tmp_path: Path) -> None:
    _nvcc("--offload-arch=gfx942", "-c", "-o", str(tmp_path / "video_asm.o"))
    assert (tmp_path / "video_asm.o").stat().st_size > 0
