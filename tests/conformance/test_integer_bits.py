"""Conformance of bit counting and bit fields (PTX ISA 9.7.1.14-22): popc, clz, bfind, fns,
brev, bfe, bfi, szext, bmsk, on the host platform, against the ISA's pseudo-code
transcribed bit by bit.

Coverage: edge values plus 10,000 random values (values.int_values); position, length
and count operands additionally run over a full grid of their interesting range (0..70,
both sides of every width) crossed with values that only their ignored high bits tell
apart (256, 0xffffffff ...).
"""

import itertools

import numpy as np
import pytest
from harness import run
from values import RANDOM_COUNT, as_signed, int_values

BITS = ["b32", "b64"]
# small amounts, both sides of 32 and 64, and ones whose ignored high bits are set
AMOUNTS = [*range(71), 127, 128, 255, 256, 257, 288, 0x1_0020, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF]  # fmt: skip


def bit(values: np.ndarray, index) -> np.ndarray:
    """Bit `index` (a number or an array) of each value, 0 or 1, as uint64."""
    return (values.astype(np.uint64) >> np.asarray(index, dtype=np.uint64)) & np.uint64(1)


def grid(*axes) -> list[np.ndarray]:
    """Every combination of the axes' values, one array per axis."""
    combos = list(itertools.product(*axes))
    return [np.array([c[i] for c in combos], dtype=np.uint64) for i in range(len(axes))]


def random_u32(seed: int, count: int = RANDOM_COUNT) -> np.ndarray:
    return (
        np.random.default_rng(seed).integers(0, 1 << 32, count, dtype=np.uint64).astype(np.uint32)
    )


@pytest.mark.parametrize("ptx", BITS)
def test_popc(ptx: str) -> None:
    bits = int(ptx[1:])
    a = int_values(bits, False, seed=60)
    out = run(f"popc.{ptx}", [ptx], "u32", [a])
    expected = sum(bit(a, i) for i in range(bits))
    np.testing.assert_array_equal(out, expected.astype(np.uint32))


@pytest.mark.parametrize("ptx", BITS)
def test_clz(ptx: str) -> None:
    # d counts from the msb while the bits are 0: 0..bits inclusive
    bits = int(ptx[1:])
    a = np.concatenate(
        [
            int_values(bits, False, seed=61),
            (np.uint64(1) << np.arange(bits, dtype=np.uint64)).astype(f"uint{bits}"),
        ]
    )
    out = run(f"clz.{ptx}", [ptx], "u32", [a])
    expected = np.zeros(len(a), dtype=np.uint32)
    running = np.ones(len(a), dtype=bool)
    for i in range(bits - 1, -1, -1):
        running &= bit(a, i) == 0
        expected += running
    np.testing.assert_array_equal(out, expected)


@pytest.mark.parametrize("ptx", BITS)
def test_brev(ptx: str) -> None:
    bits = int(ptx[1:])
    a = int_values(bits, False, seed=62)
    out = run(f"brev.{ptx}", [ptx], ptx, [a])
    expected = sum(bit(a, i) << np.uint64(bits - 1 - i) for i in range(bits))
    np.testing.assert_array_equal(out, expected.astype(f"uint{bits}"))


@pytest.mark.parametrize("ptx", ["u32", "s32", "u64", "s64"])
@pytest.mark.parametrize("shiftamt", [False, True])
def test_bfind(ptx: str, shiftamt: bool) -> None:
    bits = int(ptx[1:])
    msb = bits - 1
    singles = (np.uint64(1) << np.arange(bits, dtype=np.uint64)).astype(f"uint{bits}")
    a = np.concatenate([int_values(bits, ptx[0] == "s", seed=63), singles, ~singles])
    spelling = f"bfind{'.shiftamt' if shiftamt else ''}.{ptx}"
    out = run(spelling, [ptx], "u32", [a])
    x = a.astype(np.uint64)
    if ptx[0] == "s":  # negative inputs are inverted: look for the most significant 0
        x = np.where(bit(x, msb) == 1, ~x & np.uint64((1 << bits) - 1), x)
    expected = np.full(len(a), 0xFFFFFFFF, dtype=np.int64)
    for i in range(msb, -1, -1):
        expected = np.where((expected == 0xFFFFFFFF) & (bit(x, i) == 1), i, expected)
    if shiftamt:
        expected = np.where(expected != 0xFFFFFFFF, msb - expected, expected)
    np.testing.assert_array_equal(out, expected.astype(np.uint32))


def fns_model(mask: int, base: int, offset: int) -> int:
    """9.7.1.17, as the ISA writes it (base read as .s32; positions outside 0..31 are
    never set: the ISA leaves base > 31 undefined and cu2amd gives 0xffffffff)."""
    base = base - (1 << 32) if base >= 1 << 31 else base
    offset = offset - (1 << 32) if offset >= 1 << 31 else offset

    def is_set(pos: int) -> bool:
        return 0 <= pos < 32 and (mask >> pos) & 1 == 1

    if offset == 0:
        return base if is_set(base) else 0xFFFFFFFF
    pos, count, inc = base, abs(offset) - 1, 1 if offset > 0 else -1
    while 0 <= pos < 32:
        if is_set(pos):
            if count == 0:
                return pos
            count -= 1
        pos += inc
    return 0xFFFFFFFF


def test_fns() -> None:
    masks = [0, 1, 0x80000000, 0xFFFFFFFF, 0xAAAAAAAA, 0x55555555, 0x00F00F01, 0x81000018]
    offsets = [*range(-34, 35), 0x7FFFFFFF, 0x80000000, 0x80000001]
    bases = [*range(34), 63, 0x80000000, 0xFFFFFFFF]
    mask, base, offset = grid(masks, bases, [o & 0xFFFFFFFF for o in offsets])
    rng = np.random.default_rng(64)
    mask = np.concatenate([mask, random_u32(65)])
    base = np.concatenate([base, rng.integers(0, 32, RANDOM_COUNT, dtype=np.uint64)])
    offset = np.concatenate(
        [offset, rng.integers(-33, 34, RANDOM_COUNT).astype(np.uint64) & 0xFFFFFFFF]
    )
    inputs = [mask.astype(np.uint32), base.astype(np.uint32), offset.astype(np.uint32)]
    out = run("fns.b32", ["b32", "u32", "s32"], "b32", inputs)
    expected = [fns_model(*map(int, v)) for v in zip(*inputs, strict=True)]
    np.testing.assert_array_equal(out, np.array(expected, dtype=np.uint32))
    # the ISA's examples
    assert [fns_model(0xAAAAAAAA, 3, 1), fns_model(0xAAAAAAAA, 3, -1 & 0xFFFFFFFF)] == [3, 3]
    assert [fns_model(0xAAAAAAAA, 2, 1), fns_model(0xAAAAAAAA, 2, -1 & 0xFFFFFFFF)] == [3, 1]


def field_operands(bits: int, seed: int) -> list[np.ndarray]:
    """a (random), position, length: the grid of AMOUNTS, then random .u32 ones."""
    pos, length = grid(AMOUNTS, AMOUNTS)
    a = np.resize(int_values(bits, True, seed), len(pos))
    rng = np.random.default_rng(seed)
    a = np.concatenate([a, int_values(bits, True, seed + 1)])
    extra = len(a) - len(pos)
    pos = np.concatenate([pos, rng.integers(0, bits + 8, extra, dtype=np.uint64)])
    length = np.concatenate([length, rng.integers(0, bits + 8, extra, dtype=np.uint64)])
    return [a, pos.astype(np.uint32), length.astype(np.uint32)]


@pytest.mark.parametrize("ptx", ["u32", "s32", "u64", "s64"])
def test_bfe(ptx: str) -> None:
    bits = int(ptx[1:])
    msb = bits - 1
    a, b, c = field_operands(bits, 66)
    out = run(f"bfe.{ptx}", [ptx, "u32", "u32"], ptx, [a, b, c])
    pos, length = b.astype(np.int64) & 0xFF, c.astype(np.int64) & 0xFF
    if ptx[0] == "u":
        sbit = np.zeros(len(a), dtype=np.uint64)
    else:
        sbit = np.where(length == 0, 0, bit(a, np.minimum(pos + length - 1, msb)))
    d = np.zeros(len(a), dtype=np.uint64)
    for i in range(bits):
        inside = (i < length) & (pos + i <= msb)
        d |= np.where(inside, bit(a, np.minimum(pos + i, msb)), sbit) << np.uint64(i)
    np.testing.assert_array_equal(out, d.astype(f"uint{bits}"))


@pytest.mark.parametrize("ptx", BITS)
def test_bfi(ptx: str) -> None:
    bits = int(ptx[1:])
    a, c, d = field_operands(bits, 68)
    b = np.resize(int_values(bits, False, seed=70), len(a))
    out = run(f"bfi.{ptx}", [ptx, ptx, "u32", "u32"], ptx, [a, b, c, d])
    pos, length = c.astype(np.int64) & 0xFF, d.astype(np.int64) & 0xFF
    f = b.astype(np.uint64)
    for i in range(bits):
        replace = (i < length) & (pos + i <= bits - 1)
        target = np.minimum(pos + i, bits - 1).astype(np.uint64)
        cleared = f & ~(np.uint64(1) << target)
        f = np.where(replace, cleared | (bit(a, i) << target), f)
    np.testing.assert_array_equal(out, f.astype(f"uint{bits}"))


def shift_left(value: int, amount: int) -> int:
    """C's `(~0) << amount` on a 32-bit value (the pseudo-code only shifts by < 32)."""
    return (value << amount) & 0xFFFFFFFF


def szext_model(a: int, b: int, mode: str, signed: bool) -> int:
    """9.7.1.21, as the ISA writes it."""
    b1 = b & 0x1F
    too_large = b >= 32 and mode == "clamp"
    mask = 0 if too_large else shift_left(0xFFFFFFFF, b1)
    sign_pos = (b1 - 1) & 0x1F
    sign_bit = 0 if (b1 == 0 or too_large or not signed) else (a >> sign_pos) & 1
    return (a & ~mask & 0xFFFFFFFF) | (mask if sign_bit else 0)


def bmsk_model(a: int, b: int, mode: str) -> int:
    """9.7.1.22, as the ISA writes it."""
    a1, b1 = a & 0x1F, b & 0x1F
    mask0 = shift_left(0xFFFFFFFF, a1)
    total = a1 + b1
    mask1 = shift_left(0xFFFFFFFF, total) if total < 32 else 0
    position_overflow = width_overflow = False
    if mode == "clamp":
        if a >= 32:
            position_overflow, mask0 = True, 0
        if b >= 32:
            width_overflow = True
    if total >= 32 or position_overflow or width_overflow:
        mask1 = 0
    elif b1 == 0:
        mask1 = 0xFFFFFFFF
    return mask0 & ~mask1 & 0xFFFFFFFF


def small_pairs(seed: int) -> list[np.ndarray]:
    a, b = grid(AMOUNTS, AMOUNTS)
    rng = np.random.default_rng(seed)
    a = np.concatenate([a, random_u32(seed)])
    b = np.concatenate([b, rng.integers(0, 40, RANDOM_COUNT, dtype=np.uint64)])
    return [a.astype(np.uint32), b.astype(np.uint32)]


@pytest.mark.parametrize("ptx", ["u32", "s32"])
@pytest.mark.parametrize("mode", ["clamp", "wrap"])
def test_szext(mode: str, ptx: str) -> None:
    _, b = small_pairs(71)
    a = np.resize(int_values(32, True, seed=72), len(b))
    out = run(f"szext.{mode}.{ptx}", [ptx, "u32"], ptx, [a, b])
    expected = [szext_model(int(x), int(y), mode, ptx == "s32") for x, y in zip(a, b, strict=True)]
    np.testing.assert_array_equal(out, np.array(expected, dtype=np.uint32))
    # the ISA's example: szext.wrap.u32 of 0xffffffff with N = 0 is 0
    assert szext_model(0xFFFFFFFF, 0, "wrap", False) == 0


@pytest.mark.parametrize("mode", ["clamp", "wrap"])
def test_bmsk(mode: str) -> None:
    a, b = small_pairs(73)
    out = run(f"bmsk.{mode}.b32", ["u32", "u32"], "b32", [a, b])
    expected = [bmsk_model(int(x), int(y), mode) for x, y in zip(a, b, strict=True)]
    np.testing.assert_array_equal(out, np.array(expected, dtype=np.uint32))
    assert bmsk_model(1, 2, "wrap") == 0x00000006  # the ISA's example


def test_bfe_sign_fill_beyond_msb() -> None:
    # "If the start position is beyond the msb of the input, the destination d is
    # filled with the replicated sign bit of the extracted field."
    a = np.array([0x80000000, 0x7FFFFFFF], dtype=np.uint32)
    pos, length = np.full(2, 40, np.uint32), np.full(2, 3, np.uint32)
    out = run("bfe.s32", ["s32", "u32", "u32"], "s32", [a, pos, length])
    np.testing.assert_array_equal(as_signed(out, 32), [-1, 0])
