"""Conformance of cvt's .ue8m0 scale-factor conversions (PTX ISA 9.7.9.21, 5.2.3):
`cvt.rz/.rp{.satfinite}.ue8m0x2.f32 d, a, b`, `cvt.rz/.rp{.satfinite}.ue8m0x2.bf16x2 d, a`
and `cvt.rn.bf16x2.ue8m0x2 d, a`, on the host platform; and their compilation for AMD GPUs.

Inputs: from .f32, floats.f32_values (edge values, powers of two and their neighbours
among them, over 10,000 random patterns) and the same values permuted; from .bf16x2, every
.bf16 value in the upper half (and, reversed, in the lower); from .ue8m0x2, every 16-bit
input.

The model, from the ISA text: .ue8m0 code e (0..254) is 2**(e - 127), 0xff is NaN; no
zero, sign or infinity. To .ue8m0 the sign is ignored (the .satfinite rule: "the
destination sign is not supported"), |x| is rounded onto the powers of two (.rz down, .rp
up), and a result below 2**-127 (zero included) is code 0; NaN is 0xff; infinity and a
result past 2**127 are 0xff (no infinity to give), or 0xfe (2**127) with .satfinite. The
first source (or upper half) goes to the upper byte. From .ue8m0 each code is its .bf16
value exactly (0 is the subnormal 2**-127), 0xff the canonical .bf16 NaN (0x7fff).
"""

from fractions import Fraction

import numpy as np
import pytest
from floats import FMT, all_bits, assert_bits, encode, f32_values, value, vectorize
from harness import _template, kernel_text, run

from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

X = f32_values()
Y = np.random.default_rng(43).permutation(X)


def to_ue8m0(bits: int, src: str, mode: str, satfinite: bool) -> int:
    v = value(bits, FMT[src])
    if v is None:
        return 0xFF
    if isinstance(v, float):  # infinity
        return 0xFE if satfinite else 0xFF
    a = abs(v)
    if a == 0:
        return 0
    k = a.numerator.bit_length() - a.denominator.bit_length()  # 2**k <= a < 2**(k + 1)
    if Fraction(2) ** k > a:
        k -= 1
    code = k + 127 + (mode == "rp" and a != Fraction(2) ** k)
    if code > 254:
        return 0xFE if satfinite else 0xFF
    return max(code, 0)


def from_ue8m0(code: int) -> int:
    if code == 0xFF:
        return 0x7FFF
    return encode(0, 1, code - 127, FMT["bf16"], "rn")


CASES = [(mode, sat) for mode in ("rz", "rp") for sat in ("", ".satfinite")]


@pytest.mark.parametrize(("mode", "sat"), CASES)
def test_from_f32(mode: str, sat: str) -> None:
    spelling = f"cvt.{mode}{sat}.ue8m0x2.f32"
    out = run(spelling, ["f32", "f32"], "b16", [X, Y])

    def fn(x: int) -> int:
        return to_ue8m0(x, "f32", mode, bool(sat))

    expected = (vectorize(fn, X, np.uint16) << 8) | vectorize(fn, Y, np.uint16)
    assert_bits(spelling, [X, Y], out, expected)


@pytest.mark.parametrize(("mode", "sat"), CASES)
def test_from_bf16x2(mode: str, sat: str) -> None:
    """Every .bf16 value in the upper half, and the same values reversed in the lower."""
    spelling = f"cvt.{mode}{sat}.ue8m0x2.bf16x2"
    h = all_bits(16).astype(np.uint32)
    a = (h << 16) | h[::-1]
    out = run(spelling, ["b32"], "b16", [a])
    table = np.array([to_ue8m0(x, "bf16", mode, bool(sat)) for x in range(1 << 16)], np.uint16)
    assert_bits(spelling, [a], out, (table[h] << 8) | table[h[::-1]])


def test_to_bf16x2() -> None:
    """Every 16-bit input: the upper code to the upper half."""
    a = all_bits(16)
    out = run("cvt.rn.bf16x2.ue8m0x2", ["b16"], "b32", [a])
    table = np.array([from_ue8m0(c) for c in range(256)], np.uint32)
    a32 = a.astype(np.uint32)
    assert_bits("cvt.rn.bf16x2.ue8m0x2", [a], out, (table[a32 >> 8] << 16) | table[a32 & 0xFF])


def test_model_edges() -> None:
    """The model on the values the ISA names: 1.0 is code 127, 2**-127 code 0, 2**127
    code 254; .rp of 1.5 is 2.0, .rz 1.0."""
    one, half_up = 0x3F800000, 0x3FC00000
    assert to_ue8m0(one, "f32", "rz", False) == to_ue8m0(one, "f32", "rp", False) == 127
    assert (to_ue8m0(half_up, "f32", "rz", False), to_ue8m0(half_up, "f32", "rp", False)) == (
        127, 128)  # fmt: skip
    assert to_ue8m0(0x00400000, "f32", "rp", False) == 0  # 2**-127 is exact
    assert to_ue8m0(0x00400001, "f32", "rp", False) == 1
    assert to_ue8m0(0x7F000000, "f32", "rp", False) == 254
    assert to_ue8m0(0x7F000001, "f32", "rp", False) == 0xFF
    assert to_ue8m0(0x7F000001, "f32", "rp", True) == 0xFE
    assert from_ue8m0(0) == 0x0040 and from_ue8m0(127) == 0x3F80 and from_ue8m0(254) == 0x7F00


@pytest.mark.parametrize("target", ["gfx90a", "gfx942", "gfx1100"])
def test_kernels_compile_for_amd_gpus(target: str) -> None:
    """The conformance kernels of every .ue8m0 form become code objects."""
    pipeline = Pipeline(PipelineOptions())
    kernels = [(f"cvt.{m}{s}.ue8m0x2.f32", ["f32", "f32"], "b16") for m, s in CASES]
    kernels += [(f"cvt.{m}{s}.ue8m0x2.bf16x2", ["b32"], "b16") for m, s in CASES]
    kernels += [("cvt.rn.bf16x2.ue8m0x2", ["b16"], "b32")]
    for spelling, sources, dest in kernels:
        text = kernel_text(_template(spelling, sources, None), sources, dest)
        result = pipeline.back(pipeline.front(text, "ue8m0.ptx"), parse_target_id(target))
        assert result.code_object, spelling
