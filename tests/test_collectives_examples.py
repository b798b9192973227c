"""The warp-collective examples (examples/warp_reduce, stream_compaction, warp_scan,
match_histogram) print the same output on the host platform at hardware wave sizes 32
and 64: CUDA's 32-thread warps, whatever the wave. (tests/test_nvcc_examples.py builds
them for AMD GPUs and checks their self-check line.)"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ["warp_reduce", "stream_compaction", "warp_scan", "match_histogram"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_same_output_at_both_wave_sizes(name: str, tmp_path: Path) -> None:
    exe = tmp_path / name
    source = ROOT / "examples" / name / f"{name}.cu"
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", "--offload-arch=host", "-o", str(exe)]
    build = subprocess.run([*cmd, str(source)], capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr
    outputs = []
    for warp_size in ("32", "64"):
        env = {**os.environ, "CU2AMD_WARP_SIZE": warp_size, "CU2AMD_THREAD_ORDER": "random:11"}
        run = subprocess.run([str(exe)], capture_output=True, text=True, check=False, env=env)
        assert run.returncode == 0, run.stdout + run.stderr
        assert run.stdout.startswith(f"{name}: ") and run.stdout.rstrip().endswith("PASSED")
        outputs.append(run.stdout)
    assert outputs[0] == outputs[1]
