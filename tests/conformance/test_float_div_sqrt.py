"""Conformance of the IEEE forms of .f32/.f64 div, rcp and sqrt (PTX ISA 9.7.3.8, 9.7.3.13,
9.7.3.15: `.rn .rz .rm .rp`, "IEEE 754 compliant rounding"), with .ftz, on the host
platform, against the exact reference models of float_ref.py (inputs as for
test_float_arith.py: all edge combinations plus 20,000 random operands, half of them at
the magnitudes where quotients underflow into subnormals or overflow).

CU2AMD_EXHAUSTIVE=1 adds sweeps of 400,000 random operands per form.
"""

import functools

import numpy as np
import pytest
from float_ref import FMTS, check, operands, randoms, reference, scaled
from harness import run
from values import EXHAUSTIVE

MODES = ["rn", "rz", "rm", "rp"]


@functools.cache
def inputs(t: str, arity: int) -> list[np.ndarray]:
    return operands(FMTS[t], arity, seed=11)


def conform(op: str, t: str, mods: list[str], args: list[np.ndarray]) -> None:
    spelling = ".".join([op, *mods, t])
    out = run(spelling, [t] * len(args), t, args)
    mode = next(m for m in mods if m in MODES)
    expected = reference(op, FMTS[t], mode, args, ftz="ftz" in mods)
    check(spelling, FMTS[t], args, out, expected)


@pytest.mark.parametrize("t", ["f32", "f64"])
@pytest.mark.parametrize("mode", MODES)
def test_div(mode: str, t: str) -> None:
    conform("div", t, [mode], inputs(t, 2))


@pytest.mark.parametrize("t", ["f32", "f64"])
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("op", ["rcp", "sqrt"])
def test_rcp_sqrt(op: str, mode: str, t: str) -> None:
    conform(op, t, [mode], inputs(t, 1))


@pytest.mark.parametrize(
    ("op", "mode"), [("div", "rn"), ("div", "rp"), ("rcp", "rz"), ("sqrt", "rm"), ("sqrt", "rn")]
)
def test_ftz_f32(op: str, mode: str) -> None:
    conform(op, "f32", [mode, "ftz"], inputs("f32", 2 if op == "div" else 1))


@pytest.mark.skipif(not EXHAUSTIVE, reason="set CU2AMD_EXHAUSTIVE=1")
@pytest.mark.parametrize("t", ["f32", "f64"])
@pytest.mark.parametrize("mode", ["rz", "rm", "rp"])
@pytest.mark.parametrize("op", ["div", "sqrt", "rcp"])
def test_sweep(op: str, mode: str, t: str) -> None:
    f = FMTS[t]
    count = 100_000
    arity = 2 if op == "div" else 1
    args = []
    for i in range(arity):
        r = randoms(f, count, 100 + i)
        args.append(np.concatenate([r, scaled(f, r, 0, f.bias // 2, 200 + i)]))
    conform(op, t, [mode], args)
