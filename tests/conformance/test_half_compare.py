"""Conformance of half-precision setp and set (PTX ISA 9.7.7.1-2) on the host platform.

The model compares the exact values of the 16-bit inputs (every .f16 and .bf16 value is
exact in f32): ordered eq..ge are false with a NaN, unordered equ..geu true, num/nan test
for NaNs, -0.0 == +0.0; .ftz flushes subnormal inputs first. setp is checked on every
value paired with every edge value (both ways) plus 2**16 random pairs, all fourteen
operators in one kernel; the x2 forms on two different lanes with `p|q` and a .BoolOp;
set on its .f16/.bf16 results (1.0 or 0.0), its integer results (all ones or 0) and the
per-lane 0xffff of .u32 results from .f16x2 sources.
"""

import numpy as np
import pytest
from float_ref import compare_values
from harness import run, run_many
from test_half_arith import edge_pairs, lanes2, np_flush, np_value

FLOAT_CMP = ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"]  # fmt: skip
BOOL = {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}


def model(cmp: str, a: np.ndarray, b: np.ndarray, t: str, ftz: bool) -> np.ndarray:
    if ftz:
        a, b = np_flush(a, t), np_flush(b, t)
    x, y = np_value(a, t), np_value(b, t)  # NaN bits give a float NaN
    return compare_values(cmp, x, y)


def pairs(t: str) -> tuple[np.ndarray, np.ndarray]:
    (a, b) = next(edge_pairs(t, count=1 << 16))
    return a, b


@pytest.mark.parametrize(("t", "ftz"), [("f16", False), ("f16", True), ("bf16", False)])
def test_setp(t: str, ftz: bool) -> None:
    a, b = pairs(t)
    mods = ".ftz" if ftz else ""
    spellings = [f"setp.{cmp}{mods}.{t}" for cmp in FLOAT_CMP]
    outs = run_many(spellings, [t, t], ["pred"] * len(spellings), [a, b])
    for cmp, spelling, out in zip(FLOAT_CMP, spellings, outs, strict=True):
        np.testing.assert_array_equal(out != 0, model(cmp, a, b, t, ftz), err_msg=spelling)


def test_setp_ftz_flushes_subnormals() -> None:
    # the smallest subnormal .f16 is greater than zero, but not with .ftz
    a, b = np.array([0x0001, 0x8001], np.uint16), np.array([0x0000, 0x0000], np.uint16)
    assert list(run("setp.gt.f16", ["f16", "f16"], "pred", [a, b])) == [1, 0]
    assert list(run("setp.gt.ftz.f16", ["f16", "f16"], "pred", [a, b])) == [0, 0]
    assert list(run("setp.eq.ftz.f16", ["f16", "f16"], "pred", [a, b])) == [1, 1]


@pytest.mark.parametrize(("cmp", "boolop", "t", "ftz"), [("lt", None, "f16x2", False),
                                                         ("geu", "and", "f16x2", True),
                                                         ("nan", "or", "bf16x2", False),
                                                         ("ne", "xor", "bf16x2", False)])  # fmt: skip
def test_setp_x2(cmp: str, boolop: str | None, t: str, ftz: bool) -> None:
    """p = BoolOp(t[0], c) from the low lanes, q = BoolOp(t[1], c) from the high lanes."""
    e = t[:-2]
    a, b = pairs(e)
    a, b = a[::7], b[::7]
    perm, (a2, b2) = lanes2(a, b)
    c = np.random.default_rng(3).integers(0, 2, len(a), dtype=np.uint8)
    mods = ".".join(m for m in (cmp, boolop, "ftz" if ftz else None, t) if m)
    for dest, lane in (("%d|_", model(cmp, a, b, e, ftz)),
                       ("_|%d", model(cmp, a[perm], b[perm], e, ftz))):  # fmt: skip
        expected = BOOL[boolop](lane, c == 0) if boolop else lane
        tail = ", !%a2" if boolop else ""
        template = f"setp.{mods} {dest}, %a0, %a1{tail};"
        srcs = [t, t, "pred"] if boolop else [t, t]
        ins = [a2, b2, c] if boolop else [a2, b2]
        out = run(f"setp.{mods}", srcs, "pred", ins, template=template)
        np.testing.assert_array_equal(out != 0, expected, err_msg=template)


@pytest.mark.parametrize(("spelling", "true"), [("set.ltu.f16.f16", 0x3C00),
                                                ("set.gt.ftz.f16.f16", 0x3C00),
                                                ("set.num.bf16.f16", 0x3F80),
                                                ("set.le.u16.f16", 0xFFFF),
                                                ("set.eq.s32.bf16", 0xFFFFFFFF)])  # fmt: skip
def test_set_half_sources(spelling: str, true: int) -> None:
    _, cmp, *rest = spelling.split(".")
    ftz = "ftz" in rest
    dtype, stype = rest[-2], rest[-1]
    a, b = pairs(stype)
    a, b = a[::5], b[::5]
    out = run(spelling, [stype, stype], dtype, [a, b])
    expected = np.where(model(cmp, a, b, stype, ftz), true, 0)
    np.testing.assert_array_equal(out.astype(np.uint64), expected.astype(np.uint64))


@pytest.mark.parametrize(("spelling", "one"), [("set.lt.f16.f32", 0x3C00),
                                               ("set.ge.ftz.f16.f32", 0x3C00),
                                               ("set.gtu.bf16.f64", 0x3F80),
                                               ("set.lt.f16.s32", 0x3C00),
                                               ("set.gt.bf16.s32", 0x3F80),
                                               ("set.gt.bf16.u32", 0x3F80)])  # fmt: skip
def test_set_half_results(spelling: str, one: int) -> None:
    """Wider sources compared as themselves; d is 1.0 in the half-precision dtype, or +0.0."""
    stype = spelling.split(".")[-1]
    rng = np.random.default_rng(8)
    if stype.startswith("f"):
        dt = np.float32 if stype == "f32" else np.float64
        edges = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, 1e-40, -1e-40], dt)
        a = np.concatenate([np.repeat(edges, len(edges)), rng.normal(size=4000).astype(dt)])
        b = np.concatenate([np.tile(edges, len(edges)), rng.normal(size=4000).astype(dt)])
        x, y = a.astype(np.float64), b.astype(np.float64)
        if ".ftz" in spelling:  # .f32 subnormals to zero
            x = np.where(np.abs(x) < 2.0**-126, 0.0, x)
            y = np.where(np.abs(y) < 2.0**-126, 0.0, y)
    else:
        dt = np.int32 if stype == "s32" else np.uint32
        a = rng.integers(np.iinfo(dt).min, np.iinfo(dt).max, 4000, dtype=dt)
        b = np.concatenate([a[:100], rng.integers(np.iinfo(dt).min, np.iinfo(dt).max, 3900,
                                                    dtype=dt)])  # fmt: skip
        x, y = a.astype(np.int64), b.astype(np.int64)
    value = compare_values(spelling.split(".")[1], x, y)
    out = run(spelling, [stype, stype], spelling.split(".")[-2], [a, b])
    np.testing.assert_array_equal(out, np.where(value, one, 0).astype(np.uint16))


@pytest.mark.parametrize(("spelling", "true"), [("set.lt.f16x2.f16x2", 0x3C00),
                                                ("set.neu.and.ftz.u32.f16x2", 0xFFFF),
                                                ("set.ge.bf16x2.bf16x2", 0x3F80),
                                                ("set.nan.or.s32.bf16x2", 0xFFFF)])  # fmt: skip
def test_set_x2(spelling: str, true: int) -> None:
    """Each 16-bit half of d holds its lane's result."""
    parts = spelling.split(".")
    cmp, boolop = parts[1], parts[2] if parts[2] in BOOL else None
    ftz, t = "ftz" in parts, parts[-1]
    e = t[:-2]
    a, b = pairs(e)
    a, b = a[::7], b[::7]
    perm, (a2, b2) = lanes2(a, b)
    c = np.random.default_rng(4).integers(0, 2, len(a), dtype=np.uint8)
    low, high = model(cmp, a, b, e, ftz), model(cmp, a[perm], b[perm], e, ftz)
    if boolop:
        low, high = BOOL[boolop](low, c != 0), BOOL[boolop](high, c != 0)
    srcs = [t, t, "pred"] if boolop else [t, t]
    ins = [a2, b2, c] if boolop else [a2, b2]
    template = f"{spelling} %d, %a0, %a1{', %a2' if boolop else ''};"
    out = run(spelling, srcs, parts[-2], ins, template=template)
    expected = np.where(low, true, 0).astype(np.uint32) | (
        np.where(high, true, 0).astype(np.uint32) << 16
    )
    np.testing.assert_array_equal(out.astype(np.uint32), expected)


def test_errors() -> None:
    from cu2amd.errors import Cu2amdError

    for spelling in ("set.geu.f16.s32", "set.nan.bf16.u32"):
        with pytest.raises(Cu2amdError, match="compares floating-point values"):
            run(spelling, ["u32", "u32"], "f16", [np.zeros(1, np.uint32)] * 2)
    with pytest.raises(Cu2amdError, match="writes one predicate"):
        run("setp.lt.f16", ["f16", "f16"], "pred", [np.zeros(1, np.uint16)] * 2,
            template="setp.lt.f16 %d|_, %a0, %a1;")  # fmt: skip
