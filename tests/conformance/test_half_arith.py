"""Conformance of half-precision add, sub, mul, fma, neg and abs (PTX ISA 9.7.4.1-6) on the
host platform.

neg and abs are checked on every .f16 and .bf16 value. add, sub and mul are checked on
every value paired with every edge value (both ways) plus 2**20 random pairs, against
numpy's float16 (for .f16) and against exact integer arithmetic (floats.arith) on a
sample; set CU2AMD_EXHAUSTIVE=1 to check all 2**32 pairs of .f16 values instead (in chunks
of 2**24; hours). fma is checked on every triple of edge values plus random and
near-cancelling triples, against exact arithmetic. The x2 forms run two different lanes.
NaN results are the canonical NaN 0x7fff; .ftz flushes subnormal inputs and results.
"""

import numpy as np
import pytest
from floats import FMT, all_bits, arith, assert_bits, flush, saturate
from harness import run, run_many
from values import EXHAUSTIVE

F16_EDGES = [0x0000, 0x8000, 0x3C00, 0xBC00, 0x7BFF, 0xFBFF, 0x0400, 0x8400, 0x0001, 0x8001,
             0x03FF, 0x83FF, 0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x7C01, 0x3800, 0x4000, 0x3555,
             0x3BFF, 0x3C01, 0x7800, 0x0200]  # fmt: skip
BF16_EDGES = [0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F7F, 0xFF7F, 0x0080, 0x8080, 0x0001, 0x8001,
              0x007F, 0x807F, 0x7F80, 0xFF80, 0x7FC0, 0xFFC1, 0x7F81, 0x3F00, 0x4000, 0x3EAB,
              0x3F7F, 0x3F81, 0x7F00, 0x0040]  # fmt: skip
EDGES = {"f16": F16_EDGES, "bf16": BF16_EDGES}


def edge_pairs(t: str, count: int = 1 << 20, seed: int = 5):
    """(a, b) chunks: every value against every edge value both ways, plus `count` random
    pairs; with CU2AMD_EXHAUSTIVE=1 (for .f16), every pair."""
    everything = all_bits(16)
    if EXHAUSTIVE and t == "f16":
        for start in range(0, 1 << 16, 256):
            rows = everything[start : start + 256]
            yield np.repeat(rows, 1 << 16), np.tile(everything, len(rows))
        return
    edges = np.array(EDGES[t], np.uint16)
    rng = np.random.default_rng(seed)
    ra = rng.integers(0, 1 << 16, count, dtype=np.uint16)
    rb = rng.integers(0, 1 << 16, count, dtype=np.uint16)
    a = np.concatenate([np.repeat(everything, len(edges)), np.tile(edges, 1 << 16), ra])
    b = np.concatenate([np.tile(edges, 1 << 16), np.repeat(everything, len(edges)), rb])
    yield a, b


# -- vectorised models (numpy) ---------------------------------------------------------------


def is_nan(bits: np.ndarray, t: str) -> np.ndarray:
    mag = bits & 0x7FFF
    return mag > (0x7C00 if t == "f16" else 0x7F80)


def np_flush(bits: np.ndarray, t: str) -> np.ndarray:
    mag = bits & 0x7FFF
    sub = (mag != 0) & (mag < (0x0400 if t == "f16" else 0x0080))
    return np.where(sub, bits & 0x8000, bits).astype(np.uint16)


def np_round_bf16(x: np.ndarray) -> np.ndarray:
    """float32 -> bf16 bits, to nearest even, canonical NaN."""
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    r = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    return np.where(np.isnan(x), 0x7FFF, r).astype(np.uint16)


def np_value(bits: np.ndarray, t: str) -> np.ndarray:
    if t == "f16":
        return bits.astype(np.uint16).view(np.float16).astype(np.float32)
    return (bits.astype(np.uint32) << 16).view(np.float32)


def np_binary(op: str, a: np.ndarray, b: np.ndarray, t: str, ftz: bool, sat: bool) -> np.ndarray:
    """add/sub/mul rounded to nearest even. For .f16: numpy's float16 arithmetic. For .bf16:
    f32 arithmetic, then rounded (f32 has more than 2p+2 bits, and bf16 sums and products
    near zero are exact in f32, so the double rounding is innocuous)."""
    if ftz:
        a, b = np_flush(a, t), np_flush(b, t)
    fn = {"add": np.add, "sub": np.subtract, "mul": np.multiply}[op]
    with np.errstate(all="ignore"):
        if t == "f16":
            r = fn(a.view(np.float16), b.view(np.float16))
            out = np.where(np.isnan(r), 0x7FFF, r.view(np.uint16)).astype(np.uint16)
        else:
            out = np_round_bf16(fn(np_value(a, t), np_value(b, t)))
    if ftz:
        out = np_flush(out, t)
    if sat:
        one = 0x3C00 if t == "f16" else 0x3F80
        neg = (out & 0x8000) != 0
        out = np.where(is_nan(out, t) | neg, 0, np.minimum(out, one)).astype(np.uint16)
    return out


def lanes2(a: np.ndarray, b: np.ndarray, seed: int = 11) -> tuple:
    """x2 operands: the pairs in the low lanes, a permutation of them in the high lanes."""
    perm = np.random.default_rng(seed).permutation(len(a))
    return perm, (a.astype(np.uint32) | (a[perm].astype(np.uint32) << 16),
                  b.astype(np.uint32) | (b[perm].astype(np.uint32) << 16))  # fmt: skip


# -- add, sub, mul --------------------------------------------------------------------------


OPS = ["add", "sub", "mul"]


@pytest.mark.parametrize(
    ("mods", "t"),
    [("", "f16"), (".rn", "f16"), (".ftz", "f16"), (".rn.ftz.sat", "f16"), (".sat", "f16"),
     ("", "bf16"), (".rn", "bf16")],
)  # fmt: skip
def test_binary(mods: str, t: str) -> None:
    ftz, sat = ".ftz" in mods, ".sat" in mods
    spellings = [f"{op}{mods}.{t}" for op in OPS]
    for a, b in edge_pairs(t):
        outs = run_many(spellings, [t, t], [t] * 3, [a, b])
        for op, spelling, out in zip(OPS, spellings, outs, strict=True):
            assert_bits(spelling, [a, b], out, np_binary(op, a, b, t, ftz, sat))


@pytest.mark.parametrize("t", ["f16x2", "bf16x2"])
def test_binary_x2(t: str) -> None:
    """Both lanes, on the edge pairs (and .ftz.sat for .f16x2)."""
    mods = ".ftz.sat" if t == "f16x2" else ""
    e = t[:-2]
    a, b = next(edge_pairs(e, count=1 << 16))
    perm, (a2, b2) = lanes2(a, b)
    spellings = [f"{op}{mods}.{t}" for op in OPS]
    outs = run_many(spellings, [t, t], [t] * 3, [a2, b2])
    for op, spelling, out in zip(OPS, spellings, outs, strict=True):
        low = np_binary(op, a, b, e, bool(mods), bool(mods)).astype(np.uint32)
        assert_bits(spelling, [a2, b2], out, low | (low[perm] << 16))


@pytest.mark.parametrize("t", ["f16", "bf16"])
def test_binary_exact_model(t: str) -> None:
    """A sample against exact integer arithmetic (independent of numpy and of f32)."""
    rng = np.random.default_rng(12)
    a = rng.integers(0, 1 << 16, 20_000, dtype=np.uint16)
    b = rng.integers(0, 1 << 16, 20_000, dtype=np.uint16)
    spellings = [f"{op}.{t}" for op in OPS]
    outs = run_many(spellings, [t, t], [t] * 3, [a, b])
    for op, spelling, out in zip(OPS, spellings, outs, strict=True):
        expected = [arith(op, [int(x), int(y)], FMT[t]) for x, y in zip(a, b, strict=True)]
        assert_bits(spelling, [a, b], out, np.array(expected, np.uint16))


# -- fma ---------------------------------------------------------------------------------------


def triples(t: str, count: int = 8_000, seed: int = 13) -> list[np.ndarray]:
    """Every triple of edge values, random triples, and near-cancelling ones (c close to
    -a*b, where the rounding of a*b + c is most delicate)."""
    edges = np.array(EDGES[t][:16], np.uint16)
    grid = np.array(np.meshgrid(edges, edges, edges)).reshape(3, -1)
    rng = np.random.default_rng(seed)
    rand = rng.integers(0, 1 << 16, (3, count), dtype=np.uint16)
    a, b = rng.integers(0, 1 << 16, (2, count), dtype=np.uint16)
    with np.errstate(all="ignore"):
        prod = np_value(a, t).astype(np.float64) * np_value(b, t)
        if t == "f16":
            c = (-prod).astype(np.float16).view(np.uint16)
        else:
            c = np_round_bf16((-prod).astype(np.float32))
    c = c ^ rng.integers(0, 4, count, dtype=np.uint16)  # and a few ulps off
    return [np.concatenate([grid[i], rand[i], (a, b, c)[i]]) for i in range(3)]


def fma_model(xs: list[int], t: str, ftz: bool, sat: bool, relu: bool) -> int:
    f = FMT[t]
    if ftz:
        xs = [flush(x, f) for x in xs]
    r = arith("fma", xs, f)
    if ftz:
        r = flush(r, f)
    if sat:
        r = saturate(r, f)
    if relu and r != f.nan and r >> 15:
        r = 0
    return r


@pytest.mark.parametrize(
    "spelling",
    ["fma.rn.f16", "fma.rn.ftz.f16", "fma.rn.sat.f16", "fma.rn.ftz.sat.f16", "fma.rn.relu.f16",
     "fma.rn.ftz.relu.f16", "fma.rn.bf16", "fma.rn.relu.bf16"],
)  # fmt: skip
def test_fma(spelling: str) -> None:
    """Exact fused multiply-add, rounded once (and .relu: negative results to +0.0, NaN
    to the canonical NaN)."""
    t = spelling.split(".")[-1]
    a, b, c = triples(t)
    out = run(spelling, [t, t, t], t, [a, b, c])
    mods = spelling.split(".")
    expected = [
        fma_model([int(x), int(y), int(z)], t, "ftz" in mods, "sat" in mods, "relu" in mods)
        for x, y, z in zip(a, b, c, strict=True)
    ]
    assert_bits(spelling, [a, b, c], out, np.array(expected, np.uint16))


@pytest.mark.parametrize("spelling", ["fma.rn.f16x2", "fma.rn.ftz.relu.f16x2", "fma.rn.bf16x2",
                                      "fma.rn.relu.bf16x2"])  # fmt: skip
def test_fma_x2(spelling: str) -> None:
    t = spelling.split(".")[-1]
    e = t[:-2]
    a, b, c = (x[:8000] for x in triples(e, count=2000))
    perm = np.random.default_rng(3).permutation(len(a))
    packed = [x.astype(np.uint32) | (x[perm].astype(np.uint32) << 16) for x in (a, b, c)]
    out = run(spelling, [t, t, t], t, packed)
    mods = spelling.split(".")
    low = np.array([fma_model([int(x), int(y), int(z)], e, "ftz" in mods, False, "relu" in mods)
                    for x, y, z in zip(a, b, c, strict=True)], np.uint32)  # fmt: skip
    assert_bits(spelling, packed, out, low | (low[perm] << 16))


# -- neg, abs --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "spelling", ["neg.f16", "neg.ftz.f16", "neg.bf16", "abs.f16", "abs.ftz.f16", "abs.bf16"]
)
def test_sign_ops(spelling: str) -> None:
    """Every value: the sign bit flipped or cleared (NaNs too); .ftz flushes first."""
    t = spelling.split(".")[-1]
    a = all_bits(16)
    out = run(spelling, [t], t, [a])
    x = np_flush(a, t) if ".ftz" in spelling else a
    expected = x ^ 0x8000 if spelling.startswith("neg") else x & 0x7FFF
    assert_bits(spelling, [a], out, expected)


@pytest.mark.parametrize("spelling", ["neg.f16x2", "abs.ftz.f16x2", "neg.bf16x2", "abs.bf16x2"])
def test_sign_ops_x2(spelling: str) -> None:
    t = spelling.split(".")[-1]
    a = all_bits(16)
    packed = a.astype(np.uint32) | (a[::-1].astype(np.uint32) << 16)
    out = run(spelling, [t], t, [packed])
    x = np_flush(a, t[:-2]) if ".ftz" in spelling else a
    x = x.astype(np.uint32) | (x[::-1].astype(np.uint32) << 16)
    expected = x ^ 0x80008000 if spelling.startswith("neg") else x & 0x7FFF7FFF
    assert_bits(spelling, [packed], out, expected)
