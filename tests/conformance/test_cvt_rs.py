"""Conformance of cvt's stochastic rounding (PTX ISA 9.7.9.21 `.rs`): `cvt.rs{.relu}
{.satfinite}.f16x2.f32 d, a, b, rbits` and `.bf16x2.f32`, in every combination of .relu
and .satfinite, on the host platform; and their compilation for AMD GPUs.

Inputs: floats.f32_values (edge values, ties and near-ties of the .f16/.bf16 grids, values
across the .f16 subnormal range, over 10,000 random patterns) as a, the same values
permuted as b, and random bits that start with edge patterns (all zeros: truncation; all
ones: a carry whenever any discarded bit is set; the 3 bits .f16 ignores set) followed by
random words.

The model, from the ISA text: rbits' upper 16 bits round a, its lower 16 bits b; .f16
uses the 13 low bits of each half, .bf16 all 16. The value in units of the result's ulp
(the grid spacing of the destination format at that magnitude) has a whole part w and a
fraction; the N random bits are added to the fraction's top N bits, and the carry out of
that N-bit sum is added to w. A result past the largest finite value is infinity (the
largest finite value with .satfinite); infinity stays infinity (.satfinite: the largest
finite value of its sign); NaN gives the canonical NaN; .relu turns negative results and
-0.0 into +0.0.
"""

from fractions import Fraction

import numpy as np
import pytest
from floats import FMT, INF, NAN, assert_bits, decode, encode, f32_values, value
from harness import _template, kernel_text, run

from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

X = f32_values()
Y = np.random.default_rng(41).permutation(X)
EDGE_BITS = [0, 0xFFFFFFFF, 0x1FFF1FFF, 0xE000E000, 0xFFFF0000, 0x0000FFFF, 0x10001000,
             0x80008000, 0x00010001, 0x1FFE1FFE]  # fmt: skip


def random_bits(count: int, seed: int) -> np.ndarray:
    """Each edge pattern for a stretch of the inputs, then random words."""
    rng = np.random.default_rng(seed)
    bits = rng.integers(0, 1 << 32, count, dtype=np.uint64).astype(np.uint32)
    stretch = count // (4 * len(EDGE_BITS))
    for i, pattern in enumerate(EDGE_BITS):
        bits[i * stretch : (i + 1) * stretch] = pattern
    return bits


R = random_bits(len(X), 42)
RANDOM_BITS = {"f16": 13, "bf16": 16}


def stochastic(bits: int, r: int, dst: str, satfinite: bool, relu: bool) -> int:
    """The model of one element (see the module docstring)."""
    f = FMT[dst]
    n = RANDOM_BITS[dst]
    r &= (1 << n) - 1
    v = decode(bits, FMT["f32"])
    if v == NAN:
        return f.nan
    sign = v[0]
    top = sign << (f.bits - 1)
    if v[1] == INF:
        mag = f.max_bits if satfinite else f.inf
    else:
        _, whole_n, k = v
        e = whole_n.bit_length() - 1 + k if whole_n else f.emin
        q = max(e, f.emin) - f.m  # the result's ulp is 2**q
        shift = k - q + n  # the value in units of 2**-n ulps: whole_n * 2**shift
        scaled = whole_n << shift if shift >= 0 else whole_n >> -shift
        count = (scaled >> n) + (((scaled & ((1 << n) - 1)) + r) >> n)
        if Fraction(count) * Fraction(2) ** q > value(f.max_bits, f):
            mag = f.max_bits if satfinite else f.inf
        else:
            mag = encode(0, count, q, f, "rz")  # exact
    out = top | mag
    if relu and out >> (f.bits - 1):
        return 0
    return out


def expected(spelling: str, a: np.ndarray, b: np.ndarray, r: np.ndarray) -> np.ndarray:
    dst = "bf16" if ".bf16x2" in spelling else "f16"
    satfinite, relu = ".satfinite" in spelling, ".relu" in spelling
    out = np.empty(len(a), dtype=np.uint32)
    for i, (x, y, bits) in enumerate(zip(a.tolist(), b.tolist(), r.tolist(), strict=True)):
        hi = stochastic(x, bits >> 16, dst, satfinite, relu)
        lo = stochastic(y, bits & 0xFFFF, dst, satfinite, relu)
        out[i] = hi << 16 | lo
    return out


SPELLINGS = [f"cvt.rs{relu}{sat}.{dst}.f32" for dst in ("f16x2", "bf16x2")
             for relu in ("", ".relu") for sat in ("", ".satfinite")]  # fmt: skip


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_stochastic_pairs(spelling: str) -> None:
    out = run(spelling, ["f32", "f32", "b32"], "b32", [X, Y, R])
    assert_bits(spelling, [X, Y, R], out, expected(spelling, X, Y, R))


def test_model_is_unbiased_and_brackets() -> None:
    """The model itself: over every 13-bit random value, an .f16 result is one of the two
    neighbours of the input, the upper one as often as the discarded fraction says."""
    x = 0x3F800000 | 0x0ABC  # 1 + 0xabc * 2**-23: 0xabc / 2**13 of an .f16 ulp above 1.0
    ups = sum(stochastic(x, r, "f16", False, False) == 0x3C01 for r in range(1 << 13))
    downs = sum(stochastic(x, r, "f16", False, False) == 0x3C00 for r in range(1 << 13))
    assert (ups, downs) == (0x0ABC, (1 << 13) - 0x0ABC)


@pytest.mark.parametrize("target", ["gfx90a", "gfx942", "gfx1100"])
def test_kernels_compile_for_amd_gpus(target: str) -> None:
    """The conformance kernels of every .rs form become code objects."""
    pipeline = Pipeline(PipelineOptions())
    sources = ["f32", "f32", "b32"]
    for spelling in SPELLINGS:
        text = kernel_text(_template(spelling, sources, None), sources, "b32")
        result = pipeline.back(pipeline.front(text, "rs.ptx"), parse_target_id(target))
        assert result.code_object, spelling
