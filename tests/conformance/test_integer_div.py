"""Conformance of integer div and rem (PTX ISA 9.7.1.8/9) on the host platform.

The ISA defines d = a / b and d = a % b (C semantics: the quotient truncated toward
zero, the remainder with the sign of a) and leaves division by zero "unspecified,
machine-specific". cu2amd defines it as NVIDIA GPUs compute it: every bit of the result
set, for div and rem of every type; MININT / -1 wraps to MININT, remainder 0.

Coverage: 16-bit pairs every value against every edge value (0, +-1, min, max ...) plus
2^20 random pairs in CI, all 2^32 pairs with CU2AMD_EXHAUSTIVE=1; wider types the edge
values pairwise plus 10,000 random values.
"""

import numpy as np
import pytest
from harness import run
from values import as_signed, int_values, pairs, u16_pair_chunks

TYPES = ["u16", "s16", "u32", "s32", "u64", "s64"]


def reference(op: str, a: np.ndarray, b: np.ndarray, ptx: str) -> np.ndarray:
    bits, signed = int(ptx[1:]), ptx[0] == "s"
    mask = (1 << bits) - 1
    x = as_signed(a, bits) if signed else a.astype(np.uint64)
    y = as_signed(b, bits) if signed else b.astype(np.uint64)
    out = []
    for i, j in zip(x.tolist(), y.tolist(), strict=True):
        if j == 0:
            value = -1  # cu2amd's (and NVIDIA's) result for the unspecified case
        else:
            q = abs(i) // abs(j) * (1 if (i < 0) == (j < 0) else -1)  # toward zero
            value = q if op == "div" else i - q * j
        out.append(value & mask)
    return np.array(out, dtype=np.uint64).astype(f"uint{bits}")


def reference16(op: str, a: np.ndarray, b: np.ndarray, signed: bool) -> np.ndarray:
    """The same model, vectorized for millions of 16-bit pairs."""
    x = as_signed(a, 16) if signed else a.astype(np.int64)
    y = as_signed(b, 16) if signed else b.astype(np.int64)
    zero = y == 0
    safe = np.where(zero, 1, y)
    q = np.abs(x) // np.abs(safe) * np.where((x < 0) == (safe < 0), 1, -1)
    value = q if op == "div" else x - q * safe
    return (np.where(zero, -1, value) & 0xFFFF).astype(np.uint16)


@pytest.mark.parametrize("ptx", TYPES)
@pytest.mark.parametrize("op", ["div", "rem"])
def test_div_rem(op: str, ptx: str) -> None:
    bits, signed = int(ptx[1:]), ptx[0] == "s"
    if bits == 16:
        for a, b in u16_pair_chunks():
            out = run(f"{op}.{ptx}", [ptx, ptx], ptx, [a, b])
            np.testing.assert_array_equal(out, reference16(op, a, b, signed))
        return
    a, b = pairs(int_values(bits, signed, seed=20), int_values(bits, signed, seed=21))
    out = run(f"{op}.{ptx}", [ptx, ptx], ptx, [a, b])
    np.testing.assert_array_equal(out, reference(op, a, b, ptx))


@pytest.mark.parametrize("ptx", TYPES)
def test_division_by_zero_sets_every_bit(ptx: str) -> None:
    bits = int(ptx[1:])
    a = int_values(bits, ptx[0] == "s", seed=22)[:100]
    b = np.zeros_like(a)
    for op in ("div", "rem"):
        out = run(f"{op}.{ptx}", [ptx, ptx], ptx, [a, b])
        assert (out == np.iinfo(out.dtype).max).all()


@pytest.mark.parametrize("bits", [16, 32, 64])
def test_signed_overflow_wraps(bits: int) -> None:
    ptx = f"s{bits}"
    dtype = f"uint{bits}"
    a = np.array([1 << (bits - 1)], dtype=dtype)  # MININT
    b = np.array([(1 << bits) - 1], dtype=dtype)  # -1
    assert run(f"div.{ptx}", [ptx, ptx], ptx, [a, b])[0] == 1 << (bits - 1)
    assert run(f"rem.{ptx}", [ptx, ptx], ptx, [a, b])[0] == 0
