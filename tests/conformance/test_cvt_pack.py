"""Conformance of cvt.pack (PTX ISA 9.7.9.22) and of mov's vector pack/unpack forms
(9.7.9.4) on the host platform.

cvt.pack.sat: a and b (.s32) are clamped to the convert type's range and packed into the
low 2*size bits of d, a above b; with c, the bits above them are c's low bits. Inputs:
edge and over 10,000 random .s32 values. mov: the first element of a vector is the least
significant; every 8- and 16-bit element value is checked, random wider ones.
"""

import re

import numpy as np
import pytest
from floats import assert_bits, int_range, int_samples
from harness import kernel_text, run

from cu2amd import host
from cu2amd.errors import Cu2amdError

S32 = int_samples(32, True).astype(np.int64)
A = (S32 & 0xFFFFFFFF).astype(np.uint32)
B = np.random.default_rng(41).permutation(A)
C = np.random.default_rng(42).integers(0, 1 << 32, len(A), dtype=np.uint64).astype(np.uint32)


def saturated(values: np.ndarray, name: str) -> np.ndarray:
    bits = int(name[1:])
    lo, hi = int_range(bits, name[0] == "s")
    v = values.view(np.int32).astype(np.int64)
    return (np.clip(v, lo, hi) & ((1 << bits) - 1)).astype(np.uint64)


@pytest.mark.parametrize("name", ["u16", "s16"])
def test_pack_16(name: str) -> None:
    spelling = f"cvt.pack.sat.{name}.s32"
    out = run(spelling, ["s32", "s32"], "b32", [A, B])
    expected = (saturated(A, name) << np.uint64(16)) | saturated(B, name)
    assert_bits(spelling, [A, B], out, expected)


@pytest.mark.parametrize("name", ["u8", "s8", "u4", "s4", "u2", "s2"])
def test_pack_with_c(name: str) -> None:
    size = np.uint64(int(name[1:]))
    spelling = f"cvt.pack.sat.{name}.s32.b32"
    out = run(spelling, ["s32", "s32", "b32"], "b32", [A, B, C])
    low = (saturated(A, name) << size) | saturated(B, name)
    expected = (low | (C.astype(np.uint64) << (np.uint64(2) * size))) & np.uint64(0xFFFFFFFF)
    assert_bits(spelling, [A, B, C], out, expected)


ELEMENTS = {8: np.arange(256, dtype=np.uint8), 16: np.arange(1 << 16, dtype=np.uint16)}


def elements(width: int, count: int, seed: int) -> np.ndarray:
    if width in ELEMENTS:
        return np.random.default_rng(seed).permutation(np.resize(ELEMENTS[width], count))
    rng = np.random.default_rng(seed)
    return rng.integers(0, 1 << width, count, dtype=np.uint64).astype(f"uint{width}")


@pytest.mark.parametrize(("total", "width"), [(16, 8), (32, 16), (32, 8), (64, 32), (64, 16)])
def test_mov_pack_unpack(total: int, width: int) -> None:
    n = total // width
    parts = [elements(width, 1 << 16, seed=i) for i in range(n)]
    regs = ", ".join(f"%a{i}" for i in range(n))
    out = run("", [f"b{width}"] * n, f"b{total}", parts, template=f"mov.b{total} %d, {{{regs}}};")
    expected = sum(p.astype(np.uint64) << np.uint64(i * width) for i, p in enumerate(parts))
    assert_bits(f"mov.b{total} %d, {{{regs}}}", parts, out, expected)
    whole = out
    for i in range(n):  # unpack element i, the others to the sink `_`
        targets = ", ".join("%d" if j == i else "_" for j in range(n))
        got = run("", [f"b{total}"], f"b{width}", [whole],
                  template=f"mov.b{total} {{{targets}}}, %a0;")  # fmt: skip
        assert_bits(f"mov.b{total} {{{targets}}}", [whole], got, parts[i])


@pytest.mark.parametrize(
    ("instruction", "sources", "dest", "message"),
    [
        ("mov.b64 %d, {%a0, %a1, %a2};", ["b32"] * 3, "b64",
         "'mov.b64': mov.b64 packs 2 .b32 or 4 .b16 elements, not 3"),
        ("mov.b32 %d, {%a0, %a1};", ["b32", "b32"], "b32",
         "'mov.b32': operand '%a0' is a 32-bit register (.b32); this needs a 16-bit value"),
        ("mov.b16 %d, {%a0, %a1, %a2, %a3};", ["b8"] * 4, "b16",
         "'mov.b16': mov.b16 packs 2 .b8 elements, not 4"),
    ],
)  # fmt: skip
def test_mov_vector_errors(instruction: str, sources: list, dest: str, message: str) -> None:
    with pytest.raises(Cu2amdError, match=re.escape(message)):
        host.Module.from_ptx(kernel_text(instruction, sources, dest), "<t>")
