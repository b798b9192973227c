"""Conformance of packed .f32x2 add, sub, mul and fma (PTX ISA 9.7.3.3-6, sm_100) in every
rounding mode and with .ftz, on the host platform, against float_ref.py's exact .f32
models applied to each element.

Inputs: test_float_arith.py's .f32 operand tuples (every combination of the edge values,
then 20,000 random tuples) as element 0, and the same tuples in reverse order as element
1, packed into .b64 operands; each element is compared bit for bit (a NaN result: any
NaN, as for .f32).
"""

import functools

import numpy as np
import pytest
from float_ref import FMTS, check, operands, reference
from harness import _template, kernel_text, run

from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

MODES = ["rn", "rz", "rm", "rp"]
F32 = FMTS["f32"]


@functools.cache
def lanes(arity: int) -> tuple[list[np.ndarray], list[np.ndarray]]:
    first = operands(F32, arity)
    return first, [a[::-1].copy() for a in first]


def conform(op: str, mods: list[str], arity: int) -> None:
    spelling = ".".join([op, *mods, "f32x2"])
    low, high = lanes(arity)
    packed = [lo.astype(np.uint64) | (hi.astype(np.uint64) << np.uint64(32))
              for lo, hi in zip(low, high, strict=True)]  # fmt: skip
    out = run(spelling, ["b64"] * arity, "b64", packed)
    mode = next((m for m in mods if m in MODES), "rn")
    for element, args in ((0, low), (1, high)):
        got = (out >> np.uint64(32 * element)).astype(np.uint32)
        expected = reference(op, F32, mode, args, ftz="ftz" in mods)
        check(f"{spelling} (element {element})", F32, args, got, expected)


@pytest.mark.parametrize("ftz", [False, True])
@pytest.mark.parametrize("mode", [None, *MODES])
@pytest.mark.parametrize("op", ["add", "sub", "mul"])
def test_add_sub_mul(op: str, mode: str | None, ftz: bool) -> None:
    conform(op, [m for m in (mode, "ftz" if ftz else None) if m], 2)


@pytest.mark.parametrize("ftz", [False, True])
@pytest.mark.parametrize("mode", MODES)
def test_fma(mode: str, ftz: bool) -> None:
    conform("fma", [mode, "ftz"] if ftz else [mode], 3)


@pytest.mark.parametrize("target", ["gfx90a", "gfx942", "gfx1100"])
def test_kernels_compile_for_amd_gpus(target: str) -> None:
    """The conformance kernels of every .f32x2 form become code objects."""
    pipeline = Pipeline(PipelineOptions())
    spellings = [f"{op}{'.' + m if m else ''}{f}.f32x2" for op in ("add", "sub", "mul")
                 for m in (None, *MODES) for f in ("", ".ftz")]  # fmt: skip
    spellings += [f"fma.{m}{f}.f32x2" for m in MODES for f in ("", ".ftz")]
    for spelling in spellings:
        arity = 3 if spelling.startswith("fma") else 2
        text = kernel_text(_template(spelling, ["b64"] * arity, None), ["b64"] * arity, "b64")
        result = pipeline.back(pipeline.front(text, "x2.ptx"), parse_target_id(target))
        assert result.code_object, spelling
