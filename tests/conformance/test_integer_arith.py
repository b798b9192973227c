"""Conformance of integer add, sub, mul, mad, sad, abs, neg, min and max (PTX ISA
9.7.1.1-4, 9.7.1.7, 9.7.1.10-13), scalar and packed (.u16x2, .s16x2), on the host platform,
against reference models written from the ISA text.

Coverage: a single 16-bit operand takes all 65536 values; 16-bit pairs (and the lanes of
the packed types) every value against every edge value plus 2^20 random pairs, or all
2^32 pairs with CU2AMD_EXHAUSTIVE=1 (values.u16_pair_chunks); wider types the edge values
pairwise plus 10,000 random values (values.pairs).
"""

import numpy as np
import pytest
from harness import run
from values import as_signed, int_values, pairs, u16_pair_chunks


def exact(values: np.ndarray, ptx: str) -> np.ndarray:
    """The integers the bits of a `ptx` operand stand for: int64 up to 32 bits (fast over
    millions of values), Python ints for 64 bits (products need 128)."""
    bits, signed = int(ptx[1:]), ptx[0] == "s"
    v = as_signed(values, bits) if signed else values.astype(np.uint64)
    if bits <= 32:
        return v.astype(np.int64)
    return np.array([int(x) for x in v], dtype=object)


def wrap(values: np.ndarray, bits: int) -> np.ndarray:
    """Exact integers reduced modulo 2^bits, as unsigned bit patterns."""
    mask = (1 << bits) - 1
    if values.dtype == object:
        return np.array([int(x) & mask for x in values], dtype=np.uint64).astype(f"uint{bits}")
    return (values & mask).astype(f"uint{bits}")


def operands(ptx: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    bits = int(ptx[1:])
    signed = ptx[0] == "s"
    return pairs(int_values(bits, signed, seed), int_values(bits, signed, seed + 1))


WIDE = ["u32", "s32", "u64", "s64"]
NARROW = ["u16", "s16"]
# .wide takes 16- and 32-bit operands only
MODES = [
    (t, m) for t in NARROW + WIDE for m in ("lo", "hi", "wide") if m != "wide" or "64" not in t
]


@pytest.mark.parametrize("ptx", NARROW + WIDE)
@pytest.mark.parametrize("op", ["add", "sub"])
def test_add_sub_wrap(ptx: str, op: str) -> None:
    bits = int(ptx[1:])
    chunks = u16_pair_chunks() if bits == 16 else [operands(ptx, 10)]
    for a, b in chunks:
        out = run(f"{op}.{ptx}", [ptx, ptx], ptx, [a, b])
        x, y = exact(a, ptx), exact(b, ptx)
        np.testing.assert_array_equal(out, wrap(x + y if op == "add" else x - y, bits))


@pytest.mark.parametrize("op", ["add", "sub"])
def test_saturating_s32(op: str) -> None:
    a, b = operands("s32", 4)
    out = run(f"{op}.sat.s32", ["s32", "s32"], "s32", [a, b])
    sa, sb = as_signed(a, 32), as_signed(b, 32)
    exact_result = sa + sb if op == "add" else sa - sb
    expected = np.clip(exact_result, -(1 << 31), (1 << 31) - 1)
    np.testing.assert_array_equal(as_signed(out, 32), expected)


def _product(x: np.ndarray, y: np.ndarray, mode: str, bits: int) -> np.ndarray:
    """9.7.1.3: t = a * b; .lo is t<n-1..0>, .hi t<2n-1..n>, .wide all of t."""
    if bits == 32:  # 64-bit products: beyond int64 when unsigned
        x, y = x.astype(object), y.astype(object)
    full = x * y
    if mode == "lo":
        return wrap(full, bits)
    if mode == "hi":
        return wrap(full >> bits, bits)
    return wrap(full, 2 * bits)


@pytest.mark.parametrize(("ptx", "mode"), MODES)
def test_mul(ptx: str, mode: str) -> None:
    bits = int(ptx[1:])
    dest = f"{ptx[0]}{bits * 2}" if mode == "wide" else ptx
    chunks = u16_pair_chunks() if bits == 16 else [operands(ptx, 5)]
    for a, b in chunks:
        out = run(f"mul.{mode}.{ptx}", [ptx, ptx], dest, [a, b])
        np.testing.assert_array_equal(out, _product(exact(a, ptx), exact(b, ptx), mode, bits))


@pytest.mark.parametrize(("ptx", "mode"), MODES)
def test_mad(ptx: str, mode: str) -> None:
    # 9.7.1.4: d = t<...> + c, c (and d) of the result's width, wrapping
    bits = int(ptx[1:])
    result = f"{ptx[0]}{bits * 2}" if mode == "wide" else ptx
    chunks = u16_pair_chunks() if bits == 16 else [operands(ptx, 7)]
    for a, b in chunks:
        c = np.resize(int_values(int(result[1:]), ptx[0] == "s", seed=8), len(a))
        out = run(f"mad.{mode}.{ptx}", [ptx, ptx, result], result, [a, b, c])
        unsigned = f"u{result[1:]}"  # the sum wraps: its bits do not depend on signedness
        total = exact(_product(exact(a, ptx), exact(b, ptx), mode, bits), unsigned)
        np.testing.assert_array_equal(out, wrap(total + exact(c, unsigned), int(result[1:])))


def test_mad_hi_sat_s32() -> None:
    # 9.7.1.4: .sat limits t<63..32> + c to MININT..MAXINT
    a, b = operands("s32", 11)
    c = np.resize(int_values(32, True, seed=12), len(a))
    # large products with c near the limits, so that both clamps are reached
    out = run("mad.hi.sat.s32", ["s32"] * 3, "s32", [a, b, c])
    high = (exact(a, "s32") * exact(b, "s32")) >> 32
    total = high + exact(c, "s32")
    expected = np.array([min(max(int(v), -(1 << 31)), (1 << 31) - 1) for v in total])
    np.testing.assert_array_equal(as_signed(out, 32), expected)
    assert (expected == (1 << 31) - 1).any() and (expected == -(1 << 31)).any()


@pytest.mark.parametrize("ptx", NARROW + WIDE)
def test_sad(ptx: str) -> None:
    # 9.7.1.7: d = c + ((a < b) ? b - a : a - b)
    bits = int(ptx[1:])
    chunks = u16_pair_chunks() if bits == 16 else [operands(ptx, 13)]
    for a, b in chunks:
        c = np.resize(int_values(bits, ptx[0] == "s", seed=14), len(a))
        out = run(f"sad.{ptx}", [ptx] * 3, ptx, [a, b, c])
        x, y = exact(a, ptx), exact(b, ptx)
        expected = exact(c, ptx) + np.where(x < y, y - x, x - y)
        np.testing.assert_array_equal(out, wrap(expected, bits))


@pytest.mark.parametrize("ptx", ["s16", "s32", "s64"])
@pytest.mark.parametrize("op", ["abs", "neg"])
def test_abs_neg(ptx: str, op: str) -> None:
    # 9.7.1.10/11: |a| and -a, modulo 2^n (so |MININT| = -MININT = MININT)
    bits = int(ptx[1:])
    # every 16-bit value; edges and random ones above
    a = np.arange(1 << 16, dtype=np.uint16) if bits == 16 else int_values(bits, True, seed=15)
    out = run(f"{op}.{ptx}", [ptx], ptx, [a])
    x = exact(a, ptx)
    expected = np.abs(x) if op == "abs" else -x
    np.testing.assert_array_equal(out, wrap(expected, bits))


@pytest.mark.parametrize("ptx", NARROW + WIDE)
@pytest.mark.parametrize("op", ["min", "max"])
def test_min_max(ptx: str, op: str) -> None:
    bits = int(ptx[1:])
    chunks = u16_pair_chunks() if bits == 16 else [operands(ptx, 6)]
    pick = np.minimum if op == "min" else np.maximum
    for a, b in chunks:
        out = run(f"{op}.{ptx}", [ptx, ptx], ptx, [a, b])
        np.testing.assert_array_equal(out, wrap(pick(exact(a, ptx), exact(b, ptx)), bits))


@pytest.mark.parametrize("op", ["min", "max"])
def test_min_max_relu_s32(op: str) -> None:
    # .relu: a negative result is clamped to 0
    a, b = operands("s32", 16)
    out = run(f"{op}.relu.s32", ["s32", "s32"], "s32", [a, b])
    pick = np.minimum if op == "min" else np.maximum
    expected = np.maximum(pick(as_signed(a, 32), as_signed(b, 32)), 0)
    np.testing.assert_array_equal(as_signed(out, 32), expected)


def _packed_operands():
    """32-bit operands whose two lanes each run through the 16-bit pairs (the high lanes
    in another order, so that lanes are paired differently)."""
    rng = np.random.default_rng(17)
    for a, b in u16_pair_chunks():
        order = rng.permutation(len(a))
        a32 = a.astype(np.uint32) | (a[order].astype(np.uint32) << 16)
        b32 = b.astype(np.uint32) | (b[order].astype(np.uint32) << 16)
        yield a32, b32


def _lanes(values: np.ndarray, signed: bool) -> list[np.ndarray]:
    halves = [values & 0xFFFF, values >> 16]
    return [as_signed(h, 16) if signed else h.astype(np.int64) for h in halves]


def _join(lanes: list[np.ndarray]) -> np.ndarray:
    low, high = ((lane & 0xFFFF).astype(np.uint32) for lane in lanes)
    return low | (high << 16)


PACKED_OPS = [
    ("add.u16x2", np.add),
    ("add.s16x2", np.add),
    ("min.u16x2", np.minimum),
    ("min.s16x2", np.minimum),
    ("max.u16x2", np.maximum),
    ("max.s16x2", np.maximum),
    ("min.relu.s16x2", lambda x, y: np.maximum(np.minimum(x, y), 0)),
    ("max.relu.s16x2", lambda x, y: np.maximum(np.maximum(x, y), 0)),
]


@pytest.mark.parametrize(("spelling", "model"), PACKED_OPS, ids=[s for s, _ in PACKED_OPS])
def test_packed(spelling: str, model) -> None:
    # 9.7.1.1/12/13: the half-words of a and b, lane by lane (.relu clamps each lane)
    ptx = spelling.split(".")[-1]
    signed = ptx[0] == "s"
    for a, b in _packed_operands():
        out = run(spelling, [ptx, ptx], ptx, [a, b])
        expected = [model(x, y) for x, y in zip(_lanes(a, signed), _lanes(b, signed), strict=True)]
        np.testing.assert_array_equal(out, _join(expected))
