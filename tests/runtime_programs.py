"""What the runtime-API group tests (tests/test_runtime_api_*.py) share: each group is one
self-checking CUDA program, built and run on the host platform, then compiled and linked
for gfx942 against libamdhip64 where it is installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def nvcc(*args: str, arch: str = "sm_80") -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", f"-arch={arch}", *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def run_on_host(
    source: Path, tmp_path: Path, name: str, arch: str = "sm_80"
) -> subprocess.CompletedProcess[str]:
    """Build `source` for the host platform and run it; it must print `<name>: PASSED`."""
    exe = tmp_path / name
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(source), arch=arch)
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert "FAILED" not in run.stdout, run.stdout
    assert run.returncode == 0 and run.stdout.endswith(f"{name}: PASSED\n"), run.stdout + run.stderr
    return run


def link_for_gfx942(source: Path, tmp_path: Path, name: str, arch: str = "sm_80") -> str:
    """Compile `source` for gfx942, then (skipping where libamdhip64 is not installed) link
    it; returns the HIP functions the program imports (`nm -D -u`)."""
    from cu2amd.amdgpu.toolchain import discover
    from cu2amd.errors import Cu2amdError

    obj = tmp_path / f"{name}.o"
    proc = nvcc("--offload-arch=gfx942", "-c", "-o", str(obj), str(source), arch=arch)
    assert proc.returncode == 0, proc.stderr
    try:
        discover().libamdhip64()
    except Cu2amdError:
        pytest.skip("libamdhip64 is not installed: compiled, not linked")
    exe = tmp_path / f"{name}_gfx942"
    proc = nvcc("--offload-arch=gfx942", "-o", str(exe), str(source), arch=arch)
    assert proc.returncode == 0, proc.stderr
    return subprocess.run(["nm", "-D", "-u", str(exe)], capture_output=True, text=True).stdout
