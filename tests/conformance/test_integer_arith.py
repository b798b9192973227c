"""Conformance of integer add/sub/mul/mad and min/max (PTX ISA 9.7.1) on the host platform,
against reference models written from the ISA text."""

import numpy as np
import pytest
from harness import run
from values import all_u16_pairs_sample, int_values, pairs


def to_signed(values: np.ndarray, bits: int) -> np.ndarray:
    v = values.astype(np.int64) if bits < 64 else values.view(np.int64)
    if bits < 64:
        v = np.where(v >= 1 << (bits - 1), v - (1 << bits), v)
    return v


def wrap(values: list[int] | np.ndarray, bits: int) -> np.ndarray:
    return np.array([int(v) & ((1 << bits) - 1) for v in values], dtype=f"uint{bits}")


@pytest.mark.parametrize("ptx", ["u32", "s32", "u64", "s64"])
@pytest.mark.parametrize("op", ["add", "sub"])
def test_add_sub_wrap(ptx: str, op: str) -> None:
    bits = int(ptx[1:])
    a, b = pairs(int_values(bits, ptx[0] == "s"), int_values(bits, ptx[0] == "s", seed=9))
    out = run(f"{op}.{ptx}", [ptx, ptx], ptx, [a, b])
    sign = 1 if op == "add" else -1
    np.testing.assert_array_equal(
        out, wrap([int(x) + sign * int(y) for x, y in zip(a, b, strict=True)], bits)
    )


def test_add_u16_sampled_pairs() -> None:
    a, b = all_u16_pairs_sample()
    out = run("add.u16", ["u16", "u16"], "u16", [a, b])
    np.testing.assert_array_equal(out, (a.astype(np.uint32) + b).astype(np.uint16))


@pytest.mark.parametrize("op", ["add", "sub"])
def test_saturating_s32(op: str) -> None:
    a, b = pairs(int_values(32, True), int_values(32, True, seed=4))
    out = run(f"{op}.sat.s32", ["s32", "s32"], "s32", [a, b])
    sa, sb = to_signed(a, 32), to_signed(b, 32)
    exact = sa + sb if op == "add" else sa - sb
    expected = np.clip(exact, -(1 << 31), (1 << 31) - 1)
    np.testing.assert_array_equal(to_signed(out, 32), expected)


@pytest.mark.parametrize("ptx", ["u16", "s16", "u32", "s32"])
@pytest.mark.parametrize("mode", ["lo", "hi", "wide"])
def test_mul_modes(ptx: str, mode: str) -> None:
    bits = int(ptx[1:])
    signed = ptx[0] == "s"
    a, b = pairs(int_values(bits, signed), int_values(bits, signed, seed=5))
    dest = f"{ptx[0]}{bits * 2}" if mode == "wide" else ptx
    out = run(f"mul.{mode}.{ptx}", [ptx, ptx], dest, [a, b])
    conv = (lambda v: to_signed(v, bits)) if signed else (lambda v: v.astype(np.int64))
    full = [int(x) * int(y) for x, y in zip(conv(a), conv(b), strict=True)]
    if mode == "lo":
        expected = wrap(full, bits)
    elif mode == "hi":
        expected = wrap([v >> bits for v in full], bits)
    else:
        expected = wrap(full, 2 * bits)
    np.testing.assert_array_equal(out, expected)


@pytest.mark.parametrize("ptx", ["u32", "s32", "u64", "s64"])
@pytest.mark.parametrize("op", ["min", "max"])
def test_min_max(ptx: str, op: str) -> None:
    bits = int(ptx[1:])
    signed = ptx[0] == "s"
    a, b = pairs(int_values(bits, signed), int_values(bits, signed, seed=6))
    out = run(f"{op}.{ptx}", [ptx, ptx], ptx, [a, b])
    conv = (lambda v: to_signed(v, bits)) if signed else (lambda v: [int(x) for x in v])
    pick = min if op == "min" else max
    np.testing.assert_array_equal(
        out, wrap([pick(int(x), int(y)) for x, y in zip(conv(a), conv(b), strict=True)], bits)
    )
