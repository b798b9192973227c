"""Conformance of shf (PTX ISA 9.7.8.7) and prmt (9.7.9.7) on the host platform, against
the ISA's definitions: every shf direction and mode over shift amounts 0..70 and past
them; prmt's generic form over all 65536 selector values, and each of its six modes
(.f4e .b4e .rc8 .ecl .ecr .rc16) over all four values of c[1:0], with random sources.
"""

import numpy as np
import pytest
from harness import run
from values import RANDOM_COUNT, int_values

AMOUNTS = np.array([*range(71), 255, 256, 0x8000_0000, 0xFFFF_FFFF], dtype=np.uint32)


def random_u32(seed: int, count: int) -> np.ndarray:
    return (
        np.random.default_rng(seed).integers(0, 1 << 32, count, dtype=np.uint64).astype(np.uint32)
    )


@pytest.mark.parametrize("direction", ["l", "r"])
@pytest.mark.parametrize("mode", ["clamp", "wrap"])
def test_shf(direction: str, mode: str) -> None:
    # n = .clamp ? min(c, 32) : c & 0x1f; shf.l keeps bits 63..32 of {b, a} << n,
    # shf.r bits 31..0 of {b, a} >> n
    a = int_values(32, False, seed=110)
    b = int_values(32, False, seed=111)
    c = np.concatenate([np.tile(AMOUNTS, len(a) // len(AMOUNTS) + 1)[: len(a)]])
    out = run(f"shf.{direction}.{mode}.b32", ["b32", "b32", "u32"], "b32", [a, b, c])
    n = np.minimum(c, 32) if mode == "clamp" else c & 0x1F
    joined = (b.astype(object) << 32) | a.astype(object)
    if direction == "l":
        expected = [(int(v) << int(k)) >> 32 & 0xFFFFFFFF for v, k in zip(joined, n, strict=True)]
    else:
        expected = [(int(v) >> int(k)) & 0xFFFFFFFF for v, k in zip(joined, n, strict=True)]
    np.testing.assert_array_equal(out, np.array(expected, dtype=np.uint32))


# The ISA's table of prmt modes: for c[1:0] = 0..3, the source byte of each destination
# byte, written as the table does, destination byte 3 first.
MODES = {
    "f4e": ["3 2 1 0", "4 3 2 1", "5 4 3 2", "6 5 4 3"],
    "b4e": ["5 6 7 0", "6 7 0 1", "7 0 1 2", "0 1 2 3"],
    "rc8": ["0 0 0 0", "1 1 1 1", "2 2 2 2", "3 3 3 3"],
    "ecl": ["3 2 1 0", "3 2 1 1", "3 2 2 2", "3 3 3 3"],
    "ecr": ["0 0 0 0", "1 1 1 0", "2 2 1 0", "3 2 1 0"],
    "rc16": ["1 0 1 0", "3 2 3 2", "1 0 1 0", "3 2 3 2"],
}


def read_byte(a: int, b: int, index: int) -> int:
    return ((b << 32 | a) >> (8 * index)) & 0xFF


def prmt_model(a: int, b: int, c: int, mode: str | None) -> int:
    d = 0
    for k in range(4):
        if mode is None:
            selector = (c >> (4 * k)) & 0xF
            byte = read_byte(a, b, selector & 7)
            if selector & 8:  # replicate the byte's sign bit
                byte = 0xFF if byte & 0x80 else 0
        else:
            row = MODES[mode][c & 3].split()
            byte = read_byte(a, b, int(row[3 - k]))
        d |= byte << (8 * k)
    return d


def test_prmt_generic_every_selector() -> None:
    count = 1 << 16
    a, b = random_u32(112, count), random_u32(113, count)
    # every 16-bit selector, with random bits above it (which the instruction ignores)
    c = np.arange(count, dtype=np.uint32) | (random_u32(114, count) & 0xFFFF0000)
    out = run("prmt.b32", ["b32"] * 3, "b32", [a, b, c])
    expected = [prmt_model(int(x), int(y), int(z), None) for x, y, z in zip(a, b, c, strict=True)]
    np.testing.assert_array_equal(out, np.array(expected, dtype=np.uint32))


@pytest.mark.parametrize("mode", sorted(MODES))
def test_prmt_modes(mode: str) -> None:
    a, b, c = (random_u32(115 + i, RANDOM_COUNT) for i in range(3))
    # every c[1:0] with sign bits set in the bytes: modes copy bytes unchanged
    out = run(f"prmt.b32.{mode}", ["b32"] * 3, "b32", [a, b, c])
    expected = [prmt_model(int(x), int(y), int(z), mode) for x, y, z in zip(a, b, c, strict=True)]
    np.testing.assert_array_equal(out, np.array(expected, dtype=np.uint32))
    assert {int(v) & 3 for v in c} == {0, 1, 2, 3}


def test_prmt_isa_example() -> None:
    # generic form, selector 0x3210: the bytes of a; 0x7654: those of b; 0x8888: the sign
    # of byte 0 everywhere
    a, b = np.array([0x80FF7F01], np.uint32), np.array([0x04030201], np.uint32)
    for c, expected in (
        (0x3210, 0x80FF7F01),
        (0x7654, 0x04030201),
        (0x8888, 0),
        (0xBBBB, 0xFFFFFFFF),
    ):
        out = run("prmt.b32", ["b32"] * 3, "b32", [a, b, np.array([c], np.uint32)])
        assert out[0] == expected
