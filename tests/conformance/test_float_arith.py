"""Conformance of .f32/.f64 add, sub, mul, fma and mad (PTX ISA 9.7.3.3-7) in every
rounding mode, with .ftz and .sat, on the host platform, against the exact reference
models of float_ref.py.

Inputs per form: every combination of 30 edge values (zeros, +-1, extremes, subnormals,
infinities, NaN payloads) and 20,000 random operand tuples (uniform bits, close
magnitudes, magnitudes at the subnormal boundary and at overflow; for fma also addends
cancelling the product). Results are compared bit for bit; a NaN result is any NaN for
.f32 (unspecified by the ISA) and the payload of the sole NaN input for .f64.

CU2AMD_EXHAUSTIVE=1 adds sweeps of 700,000 random operand tuples per directed form.
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
    return operands(FMTS[t], arity)


def conform(
    op: str,
    t: str,
    mods: list[str],
    arity: int,
    ref_mode: str | None = None,
    args: list[np.ndarray] | None = None,
) -> None:
    spelling = ".".join([op, *mods, t])
    args = args if args is not None else inputs(t, arity)
    out = run(spelling, [t] * arity, t, args)
    mode = ref_mode or next((m for m in mods if m in MODES), "rn")
    ref_op = "fma" if op == "mad" else op
    expected = reference(ref_op, FMTS[t], mode, args, ftz="ftz" in mods, sat="sat" in mods)
    check(spelling, FMTS[t], args, out, expected)


@pytest.mark.parametrize("t", ["f32", "f64"])
@pytest.mark.parametrize("mode", [None, *MODES])
@pytest.mark.parametrize("op", ["add", "sub", "mul"])
def test_add_sub_mul(op: str, mode: str | None, t: str) -> None:
    conform(op, t, [mode] if mode else [], 2)


@pytest.mark.parametrize("t", ["f32", "f64"])
@pytest.mark.parametrize("mode", MODES)
def test_fma(mode: str, t: str) -> None:
    conform("fma", t, [mode], 3)


@pytest.mark.parametrize(("t", "mode"), [("f32", "rn"), ("f64", "rm"), ("f32", "rz")])
def test_mad_is_fma(t: str, mode: str) -> None:
    conform("mad", t, [mode], 3)


@pytest.mark.parametrize(
    ("op", "mods", "arity"),
    [
        ("add", ["ftz"], 2),
        ("add", ["rz", "ftz", "sat"], 2),
        ("sub", ["rp", "ftz"], 2),
        ("sub", ["sat"], 2),
        ("mul", ["rn", "ftz"], 2),
        ("mul", ["rm", "ftz", "sat"], 2),
        ("mul", ["rp", "sat"], 2),
        ("fma", ["rn", "ftz", "sat"], 3),
        ("fma", ["rp", "ftz"], 3),
        ("fma", ["rm", "sat"], 3),
        ("mad", ["rn", "ftz"], 3),
    ],
)  # fmt: skip
def test_ftz_sat_f32(op: str, mods: list[str], arity: int) -> None:
    conform(op, "f32", mods, arity)


@pytest.mark.skipif(not EXHAUSTIVE, reason="set CU2AMD_EXHAUSTIVE=1")
@pytest.mark.parametrize("t", ["f32", "f64"])
@pytest.mark.parametrize("mode", ["rz", "rm", "rp"])
@pytest.mark.parametrize("op", ["add", "mul", "fma"])
def test_sweep(op: str, mode: str, t: str) -> None:
    """Uniform bits, close magnitudes, and magnitudes near the subnormal range."""
    f = FMTS[t]
    arity = 3 if op == "fma" else 2
    args = []
    for i in range(arity):
        r = randoms(f, 200_000, 300 + i, span=4)
        low = scaled(f, r[:100_000], 0, f.bias // 2 + 30, 400 + i)
        args.append(np.concatenate([r, low, randoms(f, 100_000, 500 + i)]))
    conform(op, t, [mode], arity, args=args)
