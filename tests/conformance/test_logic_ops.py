"""Conformance of and, or, xor, not, cnot, shl, shr (PTX ISA 9.7.8.1-5, 9.7.8.8/9) on the
host platform, against reference models written from the ISA text.

Coverage: .b16 operands all 65536 values (one operand), 16-bit pairs every value against
the edge values plus 2^20 random pairs (all 2^32 with CU2AMD_EXHAUSTIVE=1); predicates
all four pairs; wider types edge values pairwise plus 10,000 random values. Shift amounts
(always .u32) run over 0..70 and values past every width, including ones only the high
bits make large.
"""

import numpy as np
import pytest
from harness import run
from values import as_signed, int_values, pairs, u16_pair_chunks

BITWISE = {"and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}
AMOUNTS = np.array([*range(71), 127, 255, 256, 0x1_0000, 0x8000_0000, 0xFFFF_FFFF], dtype=np.uint32)


@pytest.mark.parametrize("ptx", ["b16", "b32", "b64"])
@pytest.mark.parametrize("op", sorted(BITWISE))
def test_bitwise(op: str, ptx: str) -> None:
    bits = int(ptx[1:])
    if bits == 16:
        chunks = u16_pair_chunks()
    else:
        chunks = [pairs(int_values(bits, False, seed=100), int_values(bits, False, seed=101))]
    for a, b in chunks:
        out = run(f"{op}.{ptx}", [ptx, ptx], ptx, [a, b])
        np.testing.assert_array_equal(out, BITWISE[op](a, b))


@pytest.mark.parametrize("op", [*sorted(BITWISE), "not"])
def test_predicates(op: str) -> None:
    a = np.array([0, 0, 1, 1], dtype=np.uint8)
    b = np.array([0, 1, 0, 1], dtype=np.uint8)
    if op == "not":
        np.testing.assert_array_equal(run("not.pred", ["pred"], "pred", [a]), 1 - a)
    else:
        np.testing.assert_array_equal(
            run(f"{op}.pred", ["pred"] * 2, "pred", [a, b]), BITWISE[op](a, b)
        )


def values(ptx: str) -> np.ndarray:
    bits = int(ptx[1:])
    if bits == 16:
        return np.arange(1 << 16, dtype=np.uint16)  # every value
    return int_values(bits, False, seed=102)


@pytest.mark.parametrize("ptx", ["b16", "b32", "b64"])
def test_not(ptx: str) -> None:
    a = values(ptx)
    np.testing.assert_array_equal(run(f"not.{ptx}", [ptx], ptx, [a]), ~a)


@pytest.mark.parametrize("ptx", ["b16", "b32", "b64"])
def test_cnot(ptx: str) -> None:
    # 9.7.8.5: d = (a == 0) ? 1 : 0
    a = values(ptx)
    np.testing.assert_array_equal(run(f"cnot.{ptx}", [ptx], ptx, [a]), (a == 0).astype(a.dtype))


def shift_operands(ptx: str) -> tuple[np.ndarray, np.ndarray]:
    """Every 16-bit value with every amount; for wider types random values crossed with
    the amounts, then random values with random amounts."""
    a = values(ptx)
    if ptx[1:] == "16":
        return np.repeat(a, len(AMOUNTS)), np.tile(AMOUNTS, len(a))
    rng = np.random.default_rng(103)
    head = a[:2000]
    amounts = rng.integers(0, 80, len(a), dtype=np.uint64).astype(np.uint32)
    return (
        np.concatenate([np.repeat(head, len(AMOUNTS)), a]),
        np.concatenate([np.tile(AMOUNTS, len(head)), amounts]),
    )


@pytest.mark.parametrize("ptx", ["b16", "b32", "b64"])
def test_shl(ptx: str) -> None:
    # 9.7.8.8: shift amounts greater than the width shift everything out (d = 0)
    bits = int(ptx[1:])
    a, b = shift_operands(ptx)
    out = run(f"shl.{ptx}", [ptx, "u32"], ptx, [a, b])
    amount = np.minimum(b, bits).astype(np.uint64)
    shifted = np.where(amount >= bits, 0, a.astype(np.uint64) << np.minimum(amount, bits - 1))
    np.testing.assert_array_equal(out, shifted.astype(a.dtype))


@pytest.mark.parametrize("ptx", ["b16", "u16", "s16", "b32", "u32", "s32", "b64", "u64", "s64"])
def test_shr(ptx: str) -> None:
    # 9.7.8.9: amounts clamp to the width; .s fills with the sign bit, .u and .b with 0
    bits = int(ptx[1:])
    a, b = shift_operands(ptx)
    out = run(f"shr.{ptx}", [ptx, "u32"], ptx, [a, b])
    amount = np.minimum(b, bits - 1).astype(np.int64)
    if ptx[0] == "s":
        expected = as_signed(a, bits) >> amount  # shifting by width-1 or more: the sign
        expected = expected.astype(np.int64).view(np.uint64) & np.uint64((1 << bits) - 1)
    else:
        expected = np.where(b >= bits, 0, a.astype(np.uint64) >> amount.astype(np.uint64))
    np.testing.assert_array_equal(out, expected.astype(a.dtype))
