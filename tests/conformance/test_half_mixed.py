"""Conformance of mixed-precision add, sub and fma (PTX ISA 9.7.5: an .f32 result from
.f16/.bf16 inputs, converted exactly, and an .f32 input) on the host platform, against
exact arithmetic rounded once in each direction (.rn .rz .rm .rp); .sat clamps to
[0.0, 1.0]. Inputs: every .f16 (or .bf16) value against an edge or random .f32, and random
and near-cancelling triples for fma (over 10,000 each).
"""

import numpy as np
import pytest
from floats import FMT, all_bits, arith, assert_bits, f32_values, saturate
from harness import run

F32_EDGES = np.array([0, 0x80000000, 0x3F800000, 0xBF800000, 0x7F7FFFFF, 0xFF7FFFFF, 1,
                      0x80000001, 0x7F800000, 0xFF800000, 0x7FC00000, 0x00800000, 0x33800000,
                      0xB3800001, 0x477FE000, 0xC77FE000], np.uint32)  # fmt: skip


def operands(seed: int = 21) -> tuple[np.ndarray, np.ndarray]:
    """Every 16-bit value, each against an edge or random f32 (and the edges again)."""
    rng = np.random.default_rng(seed)
    halves = all_bits(16)
    c = rng.choice(np.concatenate([F32_EDGES, f32_values()]), len(halves))
    return halves, c.astype(np.uint32)


@pytest.mark.parametrize("atype", ["f16", "bf16"])
@pytest.mark.parametrize(
    ("op", "mods"),
    [("add", ""), ("add", ".rn"), ("add", ".rz"), ("add", ".rm"), ("add", ".rp"),
     ("add", ".rm.sat"), ("sub", ""), ("sub", ".rp"), ("sub", ".rz.sat")],
)  # fmt: skip
def test_add_sub(op: str, mods: str, atype: str) -> None:
    a, c = operands()
    spelling = f"{op}{mods}.f32.{atype}"
    out = run(spelling, [atype, "f32"], "f32", [a, c])
    mode = mods.split(".")[1] if mods else "rn"
    f32 = FMT["f32"]

    def model(x: int, z: int) -> int:
        r = arith(op, [x, z], f32, mode, [FMT[atype], f32])
        return saturate(r, f32) if ".sat" in mods else r

    expected = [model(int(x), int(z)) for x, z in zip(a, c, strict=True)]
    assert_bits(spelling, [a, c], out, np.array(expected, np.uint32))


@pytest.mark.parametrize("atype", ["f16", "bf16"])
@pytest.mark.parametrize("mods", [".rn", ".rz", ".rm", ".rp", ".rn.sat"])
def test_fma(mods: str, atype: str) -> None:
    rng = np.random.default_rng(22)
    count = 12_000
    a, b = rng.integers(0, 1 << 16, (2, count), dtype=np.uint16)
    c = rng.choice(np.concatenate([F32_EDGES, f32_values()]), count).astype(np.uint32)
    # near-cancelling: c = -(a*b) rounded to f32 and nudged
    fa, fb = (
        (x.astype(np.uint32) << 16).view(np.float32) if atype == "bf16" else x.view(np.float16)
        for x in (a, b)
    )
    with np.errstate(all="ignore"):
        near = (-(fa.astype(np.float64) * fb)).astype(np.float32).view(np.uint32)
    near = near ^ rng.integers(0, 4, count, dtype=np.uint32)
    a, b, c = np.tile(a, 2), np.tile(b, 2), np.concatenate([c, near])
    spelling = f"fma{mods}.f32.{atype}"
    out = run(spelling, [atype, atype, "f32"], "f32", [a, b, c])
    mode = mods.split(".")[1]
    f32, h = FMT["f32"], FMT[atype]

    def model(x: int, y: int, z: int) -> int:
        r = arith("fma", [x, y, z], f32, mode, [h, h, f32])
        return saturate(r, f32) if ".sat" in mods else r

    expected = [model(int(x), int(y), int(z)) for x, y, z in zip(a, b, c, strict=True)]
    assert_bits(spelling, [a, b, c], out, np.array(expected, np.uint32))
