"""Conformance of cvt's narrow-format forms (PTX ISA 9.7.9.21): .relu and .satfinite to
.f16/.bf16, packed .f16x2/.bf16x2 pairs, .tf32, and the fp8 (.e4m3x2 .e5m2x2), fp6
(.e2m3x2 .e3m2x2) and fp4 (.e2m1x2) formats of 5.2.3, both ways.

Conversions from .f32 use edge values, ties of every narrow grid and over 10,000 random
values (floats.f32_values); from .f16x2 and from the packed fp8/fp6/fp4 formats, every
input. The model (floats.convert): round once in the given direction; .satfinite turns
overflow (and infinity) into the largest finite value of the same sign; NaN gives the
canonical NaN, or +MAX where the format has no NaN (fp6, fp4); .relu turns negative
results (and -0.0) into +0.0.
"""

import numpy as np
import pytest
from floats import FMT, all_bits, assert_bits, convert, f32_values, vectorize
from harness import run, run_many

X = f32_values()
Y = np.random.default_rng(31).permutation(X)


def conv(src: str, dst: str, mode: str, mods: str):
    satfinite, relu = ".satfinite" in mods, ".relu" in mods
    return lambda v: convert(v, FMT[src], FMT[dst], mode, satfinite, relu)


@pytest.mark.parametrize("dst", ["f16", "bf16"])
def test_half_from_f32(dst: str) -> None:
    cases = [(mode, mods) for mode in ("rn", "rz")
             for mods in ("", ".relu", ".satfinite", ".relu.satfinite")]  # fmt: skip
    spellings = [f"cvt.{mode}{mods}.{dst}.f32" for mode, mods in cases]
    outs = run_many(spellings, ["f32"], [dst] * len(cases), [X])
    for (mode, mods), spelling, out in zip(cases, spellings, outs, strict=True):
        assert_bits(spelling, [X], out, vectorize(conv("f32", dst, mode, mods), X, np.uint16))


@pytest.mark.parametrize(
    "spelling", ["cvt.rn.f16x2.f32", "cvt.rz.relu.satfinite.f16x2.f32", "cvt.rn.relu.bf16x2.f32",
                 "cvt.rz.satfinite.bf16x2.f32"])  # fmt: skip
def test_pairs_from_f32(spelling: str) -> None:
    """a goes to the upper half, b to the lower."""
    _, mode, *mods, dst, _ = spelling.split(".")
    fn = conv("f32", dst[:-2], mode, "".join("." + m for m in mods))
    out = run(spelling, ["f32", "f32"], "b32", [X, Y])
    high = vectorize(fn, X, np.uint32)
    assert_bits(spelling, [X, Y], out, (high << 16) | vectorize(fn, Y, np.uint32))


def test_tf32() -> None:
    """tf32 results are .b32 registers holding the 19 significant bits at the top."""
    spellings = ["cvt.rna.tf32.f32", "cvt.rna.satfinite.tf32.f32", "cvt.rn.tf32.f32",
                 "cvt.rz.tf32.f32", "cvt.rn.satfinite.relu.tf32.f32", "cvt.rz.relu.tf32.f32"]  # fmt: skip
    outs = run_many(spellings, ["f32"], ["b32"] * len(spellings), [X])
    for spelling, out in zip(spellings, outs, strict=True):
        _, mode, *mods, _, _ = spelling.split(".")
        fn = conv("f32", "tf32", mode, "".join("." + m for m in mods))
        assert_bits(spelling, [X], out, vectorize(fn, X, np.uint32) << 13)


F8 = [("e4m3x2", "e4m3"), ("e5m2x2", "e5m2")]


@pytest.mark.parametrize(("dst", "elem"), [*F8, ("e2m3x2", "e2m3"), ("e3m2x2", "e3m2")])
def test_fp8_fp6_from_f32(dst: str, elem: str) -> None:
    """Two .f32 values to one byte each (a in the upper byte; fp6 values in the low six
    bits of their byte)."""
    mods = [".satfinite", ".satfinite.relu"]
    spellings = [f"cvt.rn{m}.{dst}.f32" for m in mods]
    outs = run_many(spellings, ["f32", "f32"], ["b16", "b16"], [X, Y])
    for m, spelling, out in zip(mods, spellings, outs, strict=True):
        fn = conv("f32", elem, "rn", m)
        expected = (vectorize(fn, X, np.uint16) << 8) | vectorize(fn, Y, np.uint16)
        assert_bits(spelling, [X, Y], out, expected)


@pytest.mark.parametrize("mods", [".satfinite", ".satfinite.relu"])
def test_fp4_from_f32(mods: str) -> None:
    spelling = f"cvt.rn{mods}.e2m1x2.f32"
    fn = conv("f32", "e2m1", "rn", mods)
    out = run(spelling, ["f32", "f32"], "b8", [X, Y])
    expected = (vectorize(fn, X, np.uint8) << 4) | vectorize(fn, Y, np.uint8)
    assert_bits(spelling, [X, Y], out, expected)


@pytest.mark.parametrize(("dst", "elem"), F8)
@pytest.mark.parametrize("mods", [".satfinite", ".satfinite.relu"])
def test_fp8_from_f16x2(mods: str, dst: str, elem: str) -> None:
    """Every .f16 value in the upper lane (and, reversed, in the lower)."""
    spelling = f"cvt.rn{mods}.{dst}.f16x2"
    h = all_bits(16).astype(np.uint32)
    a = (h << 16) | h[::-1]
    out = run(spelling, ["b32"], "b16", [a])
    fn = conv("f16", elem, "rn", mods)
    expected = (vectorize(fn, h, np.uint16) << 8) | vectorize(fn, h[::-1], np.uint16)
    assert_bits(spelling, [a], out, expected)


@pytest.mark.parametrize(
    ("src", "elem", "width"),
    [("e4m3x2", "e4m3", 8), ("e5m2x2", "e5m2", 8), ("e2m3x2", "e2m3", 6), ("e3m2x2", "e3m2", 6),
     ("e2m1x2", "e2m1", 4)],
)  # fmt: skip
@pytest.mark.parametrize("relu", ["", ".relu"])
def test_to_f16x2(relu: str, src: str, elem: str, width: int) -> None:
    """Every packed input (fp6 values with the two top bits of each byte clear), exactly
    to .f16 each, the upper element to the upper lane."""
    step = 4 if width == 4 else 8
    lanes = all_bits(width).astype(np.uint32)
    a = (np.repeat(lanes, len(lanes)) << step) | np.tile(lanes, len(lanes))
    reg = "b8" if width == 4 else "b16"
    spelling = f"cvt.rn{relu}.f16x2.{src}"
    out = run(spelling, [reg], "b32", [a.astype(np.uint8 if width == 4 else np.uint16)])
    fn = conv(elem, "f16", "rn", relu)
    table = vectorize(fn, lanes, np.uint32)
    expected = (table[a >> step] << 16) | table[a & ((1 << step) - 1)]
    assert_bits(spelling, [a], out, expected)
