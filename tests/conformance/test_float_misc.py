"""Conformance of .f32/.f64 abs, neg, copysign, testp, min and max (PTX ISA 9.7.3.1-2,
9.7.3.9-12) on the host platform, against reference models written from the ISA text.

Inputs: all pairs (and for three-input min/max, all triples) of 30 edge values, plus
20,000 random operand tuples. NaN results: any NaN where the ISA leaves them unspecified
(.f32 arithmetic, neg, a min/max of two NaNs); the canonical NaN 0x7fffffff for .NaN;
abs.f64 passes a NaN through ("NaN input is passed through unchanged"; IEEE's clearing
of the sign bit, which the ISA allows for future implementations, is accepted too).
"""

import functools

import numpy as np
import pytest
from float_ref import F32, FMTS, NAN, Fmt, Payload, check, flush, is_nan, operands
from harness import run


@functools.cache
def inputs(t: str, arity: int) -> list[np.ndarray]:
    return operands(FMTS[t], arity, seed=31)


def _key(x: int, f: Fmt) -> tuple[float, int]:
    """Order of values with -0.0 below +0.0."""
    v = np.array([x], dtype=f.dtype).view(np.float32 if f is F32 else np.float64)[0]
    return float(v), 0 if x & f.sign else 1


def _two(which: str, x: int, y: int, f: Fmt, nan: bool):
    """two_inputs_min/max of 9.7.3.11-12."""
    x_nan, y_nan = is_nan(x, f), is_nan(y, f)
    if nan and (x_nan or y_nan):
        return 0x7FFFFFFF if f is F32 else NAN
    if x_nan and y_nan:
        return NAN
    if x_nan or y_nan:
        return y if x_nan else x
    pick = min if which == "min" else max
    return pick(x, y, key=lambda v: _key(v, f))


def min_max(which: str, f: Fmt, args: list[int], mods: set[str]):
    if "ftz" in mods:
        args = [flush(v, f) for v in args]
    sign = (args[0] ^ args[1]) & f.sign
    if mods & {"xorsign.abs", "abs"}:
        args = [v & ~f.sign for v in args]
    d = _two(which, args[0], args[1], f, "NaN" in mods)
    if len(args) == 3 and d != NAN:
        d = _two(which, d, args[2], f, "NaN" in mods)
    elif len(args) == 3:
        d = 0x7FFFFFFF if "NaN" in mods else (args[2] if not is_nan(args[2], f) else NAN)
    if "xorsign.abs" in mods and isinstance(d, int) and not is_nan(d, f):
        d |= sign
    return d


@pytest.mark.parametrize(
    ("which", "t", "mods", "arity"),
    [
        ("min", "f32", [], 2), ("max", "f32", [], 2), ("min", "f64", [], 2),
        ("max", "f64", [], 2), ("min", "f32", ["ftz"], 2), ("max", "f32", ["NaN"], 2),
        ("min", "f32", ["ftz", "NaN"], 2), ("min", "f32", ["xorsign.abs"], 2),
        ("max", "f32", ["NaN", "xorsign.abs"], 2), ("max", "f32", ["ftz", "xorsign.abs"], 2),
        ("min", "f32", [], 3), ("max", "f32", ["NaN"], 3), ("min", "f32", ["abs"], 3),
        ("max", "f32", ["ftz", "NaN", "abs"], 3),
    ],
)  # fmt: skip
def test_min_max(which: str, t: str, mods: list[str], arity: int) -> None:
    f = FMTS[t]
    args = inputs(t, arity)
    spelling = ".".join([which, *mods, t])
    out = run(spelling, [t] * arity, t, args)
    expected = [
        min_max(which, f, [int(v) for v in vs], set(mods)) for vs in zip(*args, strict=True)
    ]
    check(spelling, f, args, out, expected)


def _abs(x: int, f: Fmt):
    if is_nan(x, f):
        return Payload(x) if f.bits == 64 else NAN  # compared without the sign
    return x & ~f.sign


def _neg(x: int, f: Fmt):
    return NAN if is_nan(x, f) else x ^ f.sign


@pytest.mark.parametrize(("op", "t", "ftz"), [("abs", "f32", False), ("abs", "f32", True),
                                              ("abs", "f64", False), ("neg", "f32", False),
                                              ("neg", "f32", True), ("neg", "f64", False)])  # fmt: skip
def test_abs_neg(op: str, t: str, ftz: bool) -> None:
    f = FMTS[t]
    (a,) = inputs(t, 1)
    spelling = f"{op}{'.ftz' if ftz else ''}.{t}"
    out = run(spelling, [t], t, [a])
    fn = _abs if op == "abs" else _neg
    expected = [fn(flush(int(x), f) if ftz else int(x), f) for x in a]
    check(spelling, f, [a], out, expected)


@pytest.mark.parametrize("t", ["f32", "f64"])
def test_copysign(t: str) -> None:
    """d is b with the sign bit of a, bit for bit."""
    f = FMTS[t]
    a, b = inputs(t, 2)
    out = run(f"copysign.{t}", [t, t], t, [a, b])
    expected = (b & f.dtype(~f.sign & ((1 << f.bits) - 1))) | (a & f.dtype(f.sign))
    np.testing.assert_array_equal(out, expected)


def _classify(test: str, x: int, f: Fmt) -> int:
    mag = x & ~f.sign
    exp_zero, top = mag < (1 << f.m), mag >= f.inf
    return int(
        {
            "finite": not top,
            "infinite": mag == f.inf,
            "number": mag <= f.inf,
            "notanumber": mag > f.inf,
            "normal": not top and (not exp_zero or mag == 0),  # zeros count as normal
            "subnormal": exp_zero and mag != 0,
        }[test]
    )


@pytest.mark.parametrize("t", ["f32", "f64"])
@pytest.mark.parametrize(
    "test", ["finite", "infinite", "number", "notanumber", "normal", "subnormal"]
)
def test_testp(test: str, t: str) -> None:
    f = FMTS[t]
    (a,) = inputs(t, 1)
    out = run(f"testp.{test}.{t}", [t], "pred", [a])
    np.testing.assert_array_equal(out, [_classify(test, int(x), f) for x in a])
