"""Conformance of half-precision min and max (PTX ISA 9.7.4.7-8) on the host platform.

The model is the ISA's pseudo-code: with .xorsign.abs the magnitudes are compared and the
result gets the XOR of the input signs; both inputs NaN (or either, with .NaN) give the
canonical NaN, one NaN input gives the other input; -0.0 < +0.0; .ftz flushes subnormal
inputs. Checked on every value paired with every edge value (both ways) plus 2**18 random
pairs (all 2**32 pairs of .f16 values with CU2AMD_EXHAUSTIVE=1).
"""

import numpy as np
import pytest
from floats import assert_bits
from harness import run, run_many
from test_half_arith import edge_pairs, is_nan, lanes2, np_flush, np_value


def model(op: str, a: np.ndarray, b: np.ndarray, t: str, mods: str) -> np.ndarray:
    if ".ftz" in mods:
        a, b = np_flush(a, t), np_flush(b, t)
    a, b = a.astype(np.uint16), b.astype(np.uint16)
    sign = (a ^ b) & 0x8000
    xorsign = ".xorsign.abs" in mods
    if xorsign:
        a, b = a & 0x7FFF, b & 0x7FFF
    va, vb = np_value(a, t), np_value(b, t)
    lt, gt = va < vb, va > vb
    if op == "min":  # -0.0 < +0.0: of two equal values, OR of the bits keeps a -0.0
        d = np.where(lt, a, np.where(gt, b, a | b))
    else:
        d = np.where(gt, a, np.where(lt, b, a & b))
    na, nb = is_nan(a, t), is_nan(b, t)
    d = np.where(na, b, np.where(nb, a, d))
    if xorsign:
        d = (d & 0x7FFF) | sign
    both = na & nb if ".NaN" not in mods else na | nb
    return np.where(both, 0x7FFF, d).astype(np.uint16)


@pytest.mark.parametrize(
    ("mods", "t"),
    [("", "f16"), (".ftz", "f16"), (".NaN", "f16"), (".xorsign.abs", "f16"),
     (".ftz.NaN.xorsign.abs", "f16"), ("", "bf16"), (".NaN", "bf16"),
     (".NaN.xorsign.abs", "bf16")],
)  # fmt: skip
def test_min_max(mods: str, t: str) -> None:
    spellings = [f"min{mods}.{t}", f"max{mods}.{t}"]
    for a, b in edge_pairs(t, count=1 << 18):
        outs = run_many(spellings, [t, t], [t, t], [a, b])
        for op, spelling, out in zip(["min", "max"], spellings, outs, strict=True):
            assert_bits(spelling, [a, b], out, model(op, a, b, t, mods))


@pytest.mark.parametrize("spelling", ["min.NaN.f16x2", "max.ftz.xorsign.abs.f16x2",
                                      "min.xorsign.abs.bf16x2", "max.bf16x2"])  # fmt: skip
def test_min_max_x2(spelling: str) -> None:
    op, *mods, t = spelling.split(".")
    e = t[:-2]
    a, b = next(edge_pairs(e, count=1 << 16))
    perm, (a2, b2) = lanes2(a, b)
    out = run(spelling, [t, t], t, [a2, b2])
    low = model(op, a, b, e, "".join("." + m for m in mods)).astype(np.uint32)
    assert_bits(spelling, [a2, b2], out, low | (low[perm] << 16))
