"""Conformance of floating-point setp and set, slct and selp (PTX ISA 9.7.6.1-4) on the
host platform, against reference models written from the ISA text: every comparison
operator on .f32 (with and without .ftz) and .f64, the .and/.or/.xor combinations and
the complement written to a second predicate, set's 1.0f / 0xffffffff results, slct's
selection on the sign of c. Inputs: all pairs of 30 edge values plus 20,000 random pairs.
"""

import functools

import numpy as np
import pytest
from float_ref import F32, FMTS, Fmt, compare_values, flush, is_nan, operands
from harness import run

FLOAT_CMP = [
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "equ",
    "neu",
    "ltu",
    "leu",
    "gtu",
    "geu",
    "num",
    "nan",
]


@functools.cache
def inputs(t: str) -> list[np.ndarray]:
    return operands(FMTS[t], 2, seed=41)


@functools.cache
def predicates(count: int) -> np.ndarray:
    return np.random.default_rng(42).integers(0, 2, count, dtype=np.uint8)


def as_float(x: np.ndarray, f: Fmt) -> np.ndarray:
    with np.errstate(invalid="ignore"):  # signaling NaNs
        return x.view(np.float32 if f is F32 else np.float64).astype(np.float64)


def compare(cmp: str, a: np.ndarray, b: np.ndarray, f: Fmt, ftz: bool) -> np.ndarray:
    """9.7.6.2: ordered eq..ge are false with a NaN, unordered equ..geu true; -0 == +0."""
    if ftz:
        a = np.array([flush(int(x), f) for x in a], dtype=f.dtype)
        b = np.array([flush(int(x), f) for x in b], dtype=f.dtype)
    return compare_values(cmp, as_float(a, f), as_float(b, f))


@pytest.mark.parametrize(("t", "ftz"), [("f32", False), ("f32", True), ("f64", False)])
@pytest.mark.parametrize("cmp", FLOAT_CMP)
def test_setp(cmp: str, t: str, ftz: bool) -> None:
    f = FMTS[t]
    a, b = inputs(t)
    spelling = f"setp.{cmp}{'.ftz' if ftz else ''}.{t}"
    out = run(spelling, [t, t], "pred", [a, b])
    np.testing.assert_array_equal(out, compare(cmp, a, b, f, ftz), err_msg=spelling)


@pytest.mark.parametrize(("cmp", "boolop", "t", "ftz"), [("ltu", "and", "f32", True),
                                                         ("ge", "or", "f64", False),
                                                         ("nan", "xor", "f32", False)])  # fmt: skip
def test_setp_boolop_and_complement(cmp: str, boolop: str, t: str, ftz: bool) -> None:
    """p = BoolOp(t, c), q = BoolOp(!t, c) (c negated here: `!%a2`)."""
    f = FMTS[t]
    a, b = inputs(t)
    c = predicates(len(a))
    mods = f"{cmp}.{boolop}{'.ftz' if ftz else ''}.{t}"
    tv = compare(cmp, a, b, f, ftz)
    notc = c == 0
    combine = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}[boolop]
    for dest, value in (("%d|_", tv), ("_|%d", ~tv)):
        template = f"setp.{mods} {dest}, %a0, %a1, !%a2;"
        out = run(f"setp.{mods}", [t, t, "pred"], "pred", [a, b, c], template=template)
        np.testing.assert_array_equal(out, combine(value, notc), err_msg=template)


@pytest.mark.parametrize(
    ("cmp", "boolop", "dtype", "stype", "ftz"),
    [("lt", None, "u32", "f32", False), ("neu", None, "f32", "f32", True),
     ("geu", "or", "s32", "f64", False), ("eq", "xor", "f32", "f64", False),
     ("num", "and", "u32", "f32", True), ("le", None, "f32", "f64", False)],
)  # fmt: skip
def test_set(cmp: str, boolop: str | None, dtype: str, stype: str, ftz: bool) -> None:
    """9.7.6.1: 1.0f for .f32, 0xffffffff for .u32/.s32 if the result is true, else 0."""
    f = FMTS[stype]
    a, b = inputs(stype)
    c = predicates(len(a))
    mods = ".".join(m for m in (cmp, boolop, "ftz" if ftz else None, dtype, stype) if m)
    srcs = [stype, stype] + (["pred"] if boolop else [])
    template = f"set.{mods} %d, %a0, %a1{', %a2' if boolop else ''};"
    out = run(f"set.{mods}", srcs, dtype, [a, b] + ([c] if boolop else []), template=template)
    value = compare(cmp, a, b, f, ftz)
    if boolop:
        value = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}[boolop](
            value, c != 0
        )
    true = 0x3F800000 if dtype == "f32" else 0xFFFFFFFF
    np.testing.assert_array_equal(out, np.where(value, true, 0).astype(np.uint32))


def test_set_integer_sources() -> None:
    a = np.array([0, 1, 0xFFFFFFFF, 5, 0x80000000], np.uint32)
    b = np.array([0, 2, 1, 5, 0x7FFFFFFF], np.uint32)
    out = run("set.lt.u32.s32", ["s32", "s32"], "u32", [a, b])
    np.testing.assert_array_equal(out, [0, 0xFFFFFFFF, 0xFFFFFFFF, 0, 0xFFFFFFFF])
    out = run("set.hi.f32.u32", ["u32", "u32"], "f32", [a, b])
    np.testing.assert_array_equal(out, [0, 0, 0x3F800000, 0, 0x3F800000])


@pytest.mark.parametrize(("dtype", "ctype", "ftz"), [("b32", "s32", False), ("f64", "s32", False),
                                                     ("u32", "f32", False), ("f32", "f32", True),
                                                     ("b64", "f32", True)])  # fmt: skip
def test_slct(dtype: str, ctype: str, ftz: bool) -> None:
    """d = (c >= 0) ? a : b; an .f32 c: -0.0 selects a, NaN selects b, and with .ftz a
    subnormal c is a zero of its sign (a)."""
    width = 64 if dtype in ("f64", "b64") else 32
    store = np.uint64 if width == 64 else np.uint32
    rng = np.random.default_rng(43)
    cf = FMTS["f32"]
    (c,) = operands(cf, 1, seed=44) if ctype == "f32" else [None]
    if c is None:
        c = np.concatenate([np.array([0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF], np.uint32),
                            rng.integers(0, 1 << 32, 20_000, dtype=np.uint64).astype(np.uint32)])  # fmt: skip
    a = rng.integers(0, 1 << width, len(c), dtype=np.uint64).astype(store)
    b = rng.integers(0, 1 << width, len(c), dtype=np.uint64).astype(store)
    spelling = f"slct{'.ftz' if ftz else ''}.{dtype}.{ctype}"
    out = run(spelling, [dtype, dtype, ctype], dtype, [a, b, c])
    if ctype == "s32":
        pick_a = c.view(np.int32) >= 0
    else:
        cc = np.array([flush(int(x), cf) if ftz else int(x) for x in c], np.uint32)
        with np.errstate(invalid="ignore"):
            pick_a = cc.view(np.float32) >= 0
        assert not any(pick_a[i] for i in range(len(c)) if is_nan(int(c[i]), cf))
    np.testing.assert_array_equal(out, np.where(pick_a, a, b))


@pytest.mark.parametrize("t", ["f32", "f64"])
def test_selp(t: str) -> None:
    a, b = inputs(t)
    c = predicates(len(a))
    out = run(f"selp.{t}", [t, t, "pred"], t, [a, b, c])
    np.testing.assert_array_equal(out, np.where(c != 0, a, b))
