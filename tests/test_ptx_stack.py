"""Stack manipulation (PTX ISA 9.7.17: alloca, stacksave, stackrestore) and griddepcontrol
(9.7.13.13, a no-op in cu2amd: grids start after their prerequisites complete) lowered
from PTX: run on the host platform, compiled for AMD GPUs, and the errors.

The IR AMDGPU gets is checked by lit_tests/ptx/lower/stack.ptx.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from cu2amd import host
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import UnsupportedError, VerificationError
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

FIXTURE = Path(__file__).resolve().parent / "data" / "ptx" / "stack_alloca.ptx"
THREADS = 64


@pytest.mark.parametrize("size", [4, 40, 1000])
def test_alloca_on_the_host_platform(size: int) -> None:
    mod = host.Module.from_file(FIXTURE)
    out = host.zeros(4 * THREADS, np.uint64)
    mod.launch("stack", grid=1, block=THREADS, args=[out, size])
    rows = out.to_numpy().reshape(THREADS, 4)
    for tid in range(THREADS):
        words = range(0, size, 4)
        assert rows[tid, 0] & 0xFFFFFFFF == sum(i + tid for i in words), tid
        assert rows[tid, 1] == 0, "alloca's memory is aligned as asked (64)"
        assert rows[tid, 2] == 0, "after stackrestore, alloca reuses the released memory"


@pytest.mark.parametrize("target", ["gfx90a", "gfx942", "gfx1100"])
def test_alloca_compiles_for_amd_gpus(target: str) -> None:
    pipeline = Pipeline(PipelineOptions())
    result = pipeline.back(
        pipeline.front(FIXTURE.read_text(), FIXTURE.name), parse_target_id(target)
    )
    assert result.code_object
    assert "addrspace(5)" in result.llvm_ir and "alloca i8" in result.llvm_ir


@pytest.mark.skipif(shutil.which("ptxas") is None, reason="REQUIRES: ptxas")
def test_fixture_is_legal_ptx() -> None:
    subprocess.run(["ptxas", "-arch=sm_90", str(FIXTURE), "-o", os.devnull], check=True)


def _kernel(body: str) -> str:
    return (
        ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n"
        f"\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n{body}\tret;\n}}\n"
    )


@pytest.mark.parametrize(
    ("body", "error", "message"),
    [
        ("\talloca.u64 %rd1, 16, 3;\n", VerificationError,
         r"the alignment must be a power of 2 no greater than 2\^23, not 3"),
        ("\talloca.u64 %rd1, 16, 16777216;\n", VerificationError,
         "the alignment must be a power of 2"),
        ("\talloca.u64 %rd1, 16, %rd2;\n", VerificationError,
         "the alignment must be an integer constant"),
    ],
)  # fmt: skip
def test_alloca_errors(body: str, error: type, message: str) -> None:
    pipeline = Pipeline(PipelineOptions())
    with pytest.raises(error, match=message):
        pipeline.back(pipeline.front(_kernel(body), "k.ptx"), parse_target_id("gfx942"))


def test_32_bit_stack_addresses_need_a_32_bit_stack() -> None:
    """AMD's private addresses are 32-bit (.u32 forms work); the host platform's stack
    addresses are 64-bit, so its .u32 forms are unsupported, by name."""
    text = _kernel("\tstacksave.u32 %r1;\n\talloca.u32 %r2, 8;\n\tstackrestore.u32 %r1;\n")
    pipeline = Pipeline(PipelineOptions())
    assert pipeline.back(pipeline.front(text, "k.ptx"), parse_target_id("gfx942")).code_object
    with pytest.raises(UnsupportedError, match=r"'stacksave\.u32' \(\.u32 stack addresses"):
        host.Module.from_ptx(text, "k.ptx")
