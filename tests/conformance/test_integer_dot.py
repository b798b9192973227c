"""Conformance of dp4a and dp2a (PTX ISA 9.7.1.23/24) on the host platform.

The ISA: d = c + the sum of the products of a's and b's packed fields, each sign- or
zero-extended by its operand's type (.atype for a, .btype for b): four bytes each for
dp4a; a's two half-words with bytes 0, 1 (.lo) or 2, 3 (.hi) of b for dp2a. The sum is
kept modulo 2^32. Coverage: edge values pairwise plus 10,000 random values, and values
built from the edge bytes/half-words (0, 1, 0x7f, 0x80, 0xff ...) in every field.
"""

import itertools

import numpy as np
import pytest
from harness import run
from values import int_values, pairs

TYPE_PAIRS = list(itertools.product(["u32", "s32"], repeat=2))


def fields(values: np.ndarray, width: int, signed: bool) -> list[np.ndarray]:
    out = []
    for i in range(32 // width):
        field = (values.astype(np.int64) >> (i * width)) & ((1 << width) - 1)
        if signed:
            field = np.where(field >= 1 << (width - 1), field - (1 << width), field)
        out.append(field)
    return out


def operands(seed: int) -> list[np.ndarray]:
    edge_bytes = [0x00, 0x01, 0x7F, 0x80, 0x81, 0xFF]
    rng = np.random.default_rng(seed)
    built = np.array(
        [sum(rng.choice(edge_bytes) << (8 * k) for k in range(4)) for _ in range(2000)],
        dtype=np.uint32,
    )
    a, b = pairs(
        np.concatenate([built, int_values(32, True, seed)]),
        np.concatenate([built[::-1], int_values(32, True, seed + 1)]),
    )
    c = np.resize(int_values(32, True, seed + 2), len(a))
    return [a, b, c]


@pytest.mark.parametrize(("atype", "btype"), TYPE_PAIRS)
def test_dp4a(atype: str, btype: str) -> None:
    a, b, c = operands(80)
    ctype = "u32" if atype == btype == "u32" else "s32"
    out = run(f"dp4a.{atype}.{btype}", ["b32", "b32", ctype], ctype, [a, b, c])
    va, vb = fields(a, 8, atype == "s32"), fields(b, 8, btype == "s32")
    total = c.astype(np.int64) + sum(x * y for x, y in zip(va, vb, strict=True))
    np.testing.assert_array_equal(out, (total & 0xFFFFFFFF).astype(np.uint32))


@pytest.mark.parametrize(("atype", "btype"), TYPE_PAIRS)
@pytest.mark.parametrize("mode", ["lo", "hi"])
def test_dp2a(mode: str, atype: str, btype: str) -> None:
    a, b, c = operands(84)
    ctype = "u32" if atype == btype == "u32" else "s32"
    out = run(f"dp2a.{mode}.{atype}.{btype}", ["b32", "b32", ctype], ctype, [a, b, c])
    va, vb = fields(a, 16, atype == "s32"), fields(b, 8, btype == "s32")
    first = 0 if mode == "lo" else 2
    total = c.astype(np.int64) + va[0] * vb[first] + va[1] * vb[first + 1]
    np.testing.assert_array_equal(out, (total & 0xFFFFFFFF).astype(np.uint32))
