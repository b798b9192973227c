"""Input values for conformance tests: edge values plus seeded random ones (the PTX ISA
rule: exhaustive for 16 bits or less, else at least 10,000 random values plus every edge
value: 0, +-1, min, max, NaN payloads, +-inf, denormals)."""

from __future__ import annotations

import itertools
import os

import numpy as np

RANDOM_COUNT = 10_000


def int_edges(bits: int, signed: bool) -> list[int]:
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    values = {0, 1, 2, hi, hi - 1, lo, lo + 1, 1 << (bits - 2), (1 << (bits - 1)) - 2}
    if signed:
        values |= {-1, -2}
    return sorted(v for v in values if lo <= v <= hi)


def int_values(bits: int, signed: bool, seed: int = 0) -> np.ndarray:
    """Edge values and RANDOM_COUNT random ones, as the unsigned bit patterns."""
    rng = np.random.default_rng(seed)
    random = rng.integers(0, 1 << bits, RANDOM_COUNT, dtype=np.uint64)
    edges = np.array([v & ((1 << bits) - 1) for v in int_edges(bits, signed)], dtype=np.uint64)
    return np.concatenate([edges, random]).astype(f"uint{bits}")


def pairs(a: np.ndarray, b: np.ndarray, seed: int = 1) -> tuple[np.ndarray, np.ndarray]:
    """Every pair of the first 64 values (edges first) plus the rest zipped shuffled."""
    head = list(itertools.product(a[:64], b[:64]))
    rng = np.random.default_rng(seed)
    tail_b = rng.permutation(b)
    xs = np.concatenate([np.array([x for x, _ in head], a.dtype), a])
    ys = np.concatenate([np.array([y for _, y in head], b.dtype), tail_b])
    return xs, ys


def all_u16_pairs_sample(seed: int = 2, count: int = 1 << 18) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    return (rng.integers(0, 1 << 16, count, dtype=np.uint16),
            rng.integers(0, 1 << 16, count, dtype=np.uint16))  # fmt: skip


F32_EDGES = np.array(
    [0x00000000, 0x80000000, 0x3F800000, 0xBF800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x00800000,
     0x80800000, 0x00000001, 0x80000001, 0x007FFFFF, 0x807FFFFF, 0x7F800000, 0xFF800000,
     0x7FC00000, 0xFFC00000, 0x7FC00001, 0x7F800001, 0xFFBFFFFF, 0x3F000000, 0x40000000],
    dtype=np.uint32,
)  # fmt: skip


def f32_values(seed: int = 3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    random = rng.integers(0, 1 << 32, RANDOM_COUNT, dtype=np.uint64).astype(np.uint32)
    normal = rng.standard_normal(RANDOM_COUNT).astype(np.float32).view(np.uint32)
    return np.concatenate([F32_EDGES, random, normal])


# -- 16-bit operands: every value, every pair with CU2AMD_EXHAUSTIVE=1 -------------------

# Set CU2AMD_EXHAUSTIVE=1 to check every pair of 16-bit operands (2^32 per form, in
# chunks; hours for the whole suite) instead of CI's sample of them, and to add the long
# random sweeps of the float tests. The one place the variable is read: set and not "0".
EXHAUSTIVE = os.environ.get("CU2AMD_EXHAUSTIVE", "") not in ("", "0")
EXHAUSTIVE_CHUNK_ROWS = 256  # values of the first operand per chunk: 2^24 pairs


def as_signed(values: np.ndarray, bits: int) -> np.ndarray:
    """Bit patterns (unsigned arrays) as signed int64 values of a `bits`-bit type."""
    v = values.astype(np.uint64).view(np.int64) if bits == 64 else values.astype(np.int64)
    if bits < 64:
        v = np.where(v >= 1 << (bits - 1), v - (1 << bits), v)
    return v


def edges16() -> np.ndarray:
    """Every edge value of .u16 and .s16, as bit patterns."""
    values = {v & 0xFFFF for signed in (False, True) for v in int_edges(16, signed)}
    return np.array(sorted(values), dtype=np.uint16)


def u16_pair_chunks(seed: int = 2, count: int = 1 << 20):
    """(a, b) arrays of 16-bit operand pairs, chunk by chunk. In CI, one chunk: every
    value against every edge value (both ways) and `count` random pairs; with
    CU2AMD_EXHAUSTIVE=1, all 2^32 pairs."""
    everything = np.arange(1 << 16, dtype=np.uint16)
    if EXHAUSTIVE:
        for start in range(0, 1 << 16, EXHAUSTIVE_CHUNK_ROWS):
            rows = everything[start : start + EXHAUSTIVE_CHUNK_ROWS]
            yield np.repeat(rows, 1 << 16), np.tile(everything, len(rows))
        return
    edges = edges16()
    rng = np.random.default_rng(seed)
    a = [np.repeat(everything, len(edges)), np.tile(edges, 1 << 16)]
    b = [np.tile(edges, 1 << 16), np.repeat(everything, len(edges))]
    a.append(rng.integers(0, 1 << 16, count, dtype=np.uint16))
    b.append(rng.integers(0, 1 << 16, count, dtype=np.uint16))
    yield np.concatenate(a), np.concatenate(b)
