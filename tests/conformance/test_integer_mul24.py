"""Conformance of mul24 and mad24 (PTX ISA 9.7.1.5/6) on the host platform.

The ISA: "the product of two 24-bit integer values held in 32-bit source registers"; t is
the 48-bit product, .lo returns t<31..0>, .hi t<47..16>, mad24 adds c to that half and
mad24.hi.sat.s32 clamps the sum to MININT..MAXINT. The high 8 bits of a and b are not
part of the 24-bit values (as CUDA's __mul24/__umul24 say: "ignored"); .s32 reads the
24 bits as a signed value. Coverage: edge values pairwise (with bits above 24 set and
not) plus 10,000 random values per operand.
"""

import numpy as np
import pytest
from harness import run
from values import as_signed, int_values, pairs

# values whose low 24 bits are the 24-bit edges, with the high byte clear or set
EDGES24 = [0, 1, 2, 0x7FFFFF, 0x800000, 0x800001, 0xFFFFFF, 0xFFFFFE, 0x400000]
EDGES = np.array([v | high for v in EDGES24 for high in (0, 0xFF000000, 0x5A000000)], np.uint32)


def operands(seed: int) -> tuple[np.ndarray, np.ndarray]:
    a = np.concatenate([EDGES, int_values(32, True, seed)])
    b = np.concatenate([EDGES, int_values(32, True, seed + 1)])
    return pairs(a, b)


def product48(a: np.ndarray, b: np.ndarray, signed: bool) -> np.ndarray:
    def value24(v: np.ndarray) -> np.ndarray:
        low = (v & 0xFFFFFF).astype(np.int64)
        return np.where(low >= 1 << 23, low - (1 << 24), low) if signed else low

    return value24(a) * value24(b)  # |t| < 2^47: exact in int64


def half(t: np.ndarray, mode: str) -> np.ndarray:
    """t<31..0> (.lo) or t<47..16> (.hi), as a 32-bit pattern."""
    return ((t >> 16 if mode == "hi" else t) & 0xFFFFFFFF).astype(np.uint32)


@pytest.mark.parametrize("ptx", ["u32", "s32"])
@pytest.mark.parametrize("mode", ["lo", "hi"])
def test_mul24(mode: str, ptx: str) -> None:
    a, b = operands(30)
    out = run(f"mul24.{mode}.{ptx}", [ptx, ptx], ptx, [a, b])
    np.testing.assert_array_equal(out, half(product48(a, b, ptx == "s32"), mode))


@pytest.mark.parametrize("ptx", ["u32", "s32"])
@pytest.mark.parametrize("mode", ["lo", "hi"])
def test_mad24(mode: str, ptx: str) -> None:
    a, b = operands(32)
    c = np.resize(int_values(32, True, seed=34), len(a))
    out = run(f"mad24.{mode}.{ptx}", [ptx] * 3, ptx, [a, b, c])
    part = half(product48(a, b, ptx == "s32"), mode).astype(np.uint64)
    expected = ((part + c.astype(np.uint64)) & 0xFFFFFFFF).astype(np.uint32)
    np.testing.assert_array_equal(out, expected)


def test_mad24_hi_sat_s32() -> None:
    a, b = operands(35)
    c = np.resize(int_values(32, True, seed=36), len(a))
    out = run("mad24.hi.sat.s32", ["s32"] * 3, "s32", [a, b, c])
    high = as_signed(half(product48(a, b, True), "hi"), 32)
    expected = np.clip(high + as_signed(c, 32), -(1 << 31), (1 << 31) - 1)
    np.testing.assert_array_equal(as_signed(out, 32), expected)
    assert (expected == (1 << 31) - 1).any() and (expected == -(1 << 31)).any()
