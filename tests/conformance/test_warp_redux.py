"""Conformance of redux.sync (PTX ISA 9.7.13.12) on the host platform at hardware wave
sizes 32 and 64, against a model written from the ISA text: the reduction "across all
non-exited threads in the membermask"; .add truncated to 32 bits; for .f32 min/max
"+0.0 > -0.0", .abs on the inputs, and NaN inputs ignored unless .NaN (a NaN result is
the canonical NaN 0x7fffffff).

Coverage: every operation and type on full blocks of 32, 48, 64 and 100 threads (the
butterfly path) with random and edge values; hypothesis draws partial member masks,
divergent branches and exited threads (the lane-by-lane path), and f32 values from a pool
of zeros, infinities, NaNs and denormals.
"""

import struct
from functools import reduce

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from warp_model import WARP, Block, blocks, check, full_block, run

WAVES = (32, 64)
SIZES = (32, 48, 64, 100)
INT_OPS = [("add", "u32"), ("add", "s32"), ("min", "u32"), ("max", "u32"), ("min", "s32"),
           ("max", "s32"), ("and", "b32"), ("or", "b32"), ("xor", "b32")]  # fmt: skip
CANONICAL_NAN = 0x7FFFFFFF
F32_EDGES = [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F800000, 0xFF800000, 0x7FC00000,
             0xFFC00001, 0x7F800001, 0x00000001, 0x80000001, 0x007FFFFF, 0x7F7FFFFF, 0xFF7FFFFF,
             0x40490FDB, 0xC0490FDB]  # fmt: skip


def _signed(x: int) -> int:
    return x - (1 << 32) if x & 0x8000_0000 else x


def int_combine(op: str, ptx: str, x: int, y: int) -> int:
    if op == "add":
        return (x + y) & 0xFFFF_FFFF
    if op in ("min", "max"):
        key = _signed if ptx == "s32" else int
        pick = min if op == "min" else max
        return pick(x, y, key=key)
    return {"and": x & y, "or": x | y, "xor": x ^ y}[op]


def is_nan(bits: int) -> bool:
    return (bits & 0x7FFF_FFFF) > 0x7F80_0000


def float_key(bits: int) -> float:
    """Order of f32 bit patterns, -0.0 below +0.0."""
    value = struct.unpack("<f", struct.pack("<I", bits))[0]
    return (value, bits >> 31 == 0)


def f32_reduce(op: str, absolute: bool, nan: bool, values: list[int]) -> int:
    if absolute:
        values = [v & 0x7FFF_FFFF for v in values]
    if any(is_nan(v) for v in values) and nan:
        return CANONICAL_NAN
    numbers = [v for v in values if not is_nan(v)]
    if not numbers:
        return CANONICAL_NAN
    return (min if op == "min" else max)(numbers, key=float_key)


def int_values(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    edges = np.array([0, 1, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 0xFFFF_FFFE], np.uint32)
    values = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    if seed % 2:
        values[rng.integers(0, n, 6)] = edges
    return values


def f32_values(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    pool = np.array(F32_EDGES, np.uint32)
    values = rng.integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)
    pick = rng.random(n) < 0.7
    values[pick] = pool[rng.integers(0, len(pool), int(pick.sum()))]
    return values


def check_int(op: str, ptx: str, block: Block, a: np.ndarray) -> None:
    def model(t: int) -> int:
        base = t - t % WARP
        members = [int(a[base + lane]) for lane in block.group(t)]
        return reduce(lambda x, y: int_combine(op, ptx, x, y), members)

    for warp_size in WAVES:
        d, _ = run(f"redux.sync.{op}.{ptx} %d, %a0, %m;", [ptx], ptx, block, [a], warp_size)
        check(block, d, model, f"redux.sync.{op}.{ptx} (wave{warp_size})")


def check_f32(op: str, absolute: bool, nan: bool, block: Block, a: np.ndarray) -> None:
    def model(t: int) -> int:
        base = t - t % WARP
        return f32_reduce(op, absolute, nan, [int(a[base + lane]) for lane in block.group(t)])

    spelling = f"redux.sync.{op}{'.abs' if absolute else ''}{'.NaN' if nan else ''}.f32"
    for warp_size in WAVES:
        d, _ = run(f"{spelling} %d, %a0, %m;", ["f32"], "f32", block, [a], warp_size)
        check(block, d, model, f"{spelling} (wave{warp_size})")


@pytest.mark.parametrize("threads", SIZES)
@pytest.mark.parametrize(("op", "ptx"), INT_OPS)
def test_integer_full_warps(op: str, ptx: str, threads: int) -> None:
    for seed in range(4):
        check_int(op, ptx, full_block(threads), int_values(threads, seed))


@pytest.mark.parametrize("threads", SIZES)
@pytest.mark.parametrize("nan", [False, True])
@pytest.mark.parametrize("absolute", [False, True])
@pytest.mark.parametrize("op", ["min", "max"])
def test_f32_full_warps(op: str, absolute: bool, nan: bool, threads: int) -> None:
    for seed in range(4):
        check_f32(op, absolute, nan, full_block(threads), f32_values(threads, seed))
    # only zeros of both signs, only NaNs
    zeros = np.array([0x8000_0000, 0] * (threads // 2 + 1), np.uint32)[:threads]
    check_f32(op, absolute, nan, full_block(threads), zeros)
    check_f32(op, absolute, nan, full_block(threads), np.full(threads, 0xFFC0_1234, np.uint32))


@settings(max_examples=50, deadline=None)
@given(block=blocks(), which=st.sampled_from(INT_OPS), seed=st.integers(0, 999))
def test_integer_partial_masks(block: Block, which: tuple[str, str], seed: int) -> None:
    check_int(*which, block, int_values(block.threads, seed))


@settings(max_examples=40, deadline=None)
@given(
    block=blocks(),
    op=st.sampled_from(["min", "max"]),
    absolute=st.booleans(),
    nan=st.booleans(),
    seed=st.integers(0, 999),
)
def test_f32_partial_masks(block: Block, op: str, absolute: bool, nan: bool, seed: int) -> None:
    check_f32(op, absolute, nan, block, f32_values(block.threads, seed))
