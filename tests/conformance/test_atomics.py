"""Conformance of atom and red (PTX ISA 9.7.13.5-6) on the host platform, against reference
models written from the ISA text: each thread applies one atomic operation to its own
memory word, so the old value (atom's result) and the new one are both checked, for edge
values and 10,000 random operand pairs per form. Contended updates (many threads on one
word) are checked by tests/test_ptx_memory.py's histogram and CAS-loop kernels.

    inc(r, s) = (r >= s) ? 0 : r + 1
    dec(r, s) = (r == 0 || r > s) ? s : r - 1
    cas(r, s, t) = (r == s) ? t : r
"""

from __future__ import annotations

import functools

import numpy as np
import pytest
from values import F32_EDGES, as_signed, int_values, pairs

from cu2amd import host

BLOCK = 256


def kernel_text(spelling: str, bits: int, cas: bool, reduction: bool) -> str:
    """`atom.<...> d, [mem + 4i], b` (or red, or cas with c) for thread i."""
    size, reg = bits // 8, f"b{bits}"
    operands = "%b, %c" if cas else "%b"
    if reduction:
        instruction = f"{spelling} [%addr], {operands};"
    else:
        instruction = f"{spelling} %d, [%addr], {operands};"
    return f"""
.version 8.5
.target sm_90
.address_size 64
.visible .entry k(.param .u64 mem, .param .u64 bs, .param .u64 cs, .param .u64 out,
                  .param .u32 n)
{{
	.reg .pred %in;
	.reg .b32 %i, %n, %t, %nt, %c0;
	.reg .b64 %off, %addr, %p, %base;
	.reg .{reg} %b, %c, %d;
	mov.u32 %t, %tid.x;
	mov.u32 %nt, %ntid.x;
	mov.u32 %c0, %ctaid.x;
	mad.lo.s32 %i, %c0, %nt, %t;
	ld.param.u32 %n, [n];
	setp.lt.u32 %in, %i, %n;
	@!%in bra DONE;
	mul.wide.u32 %off, %i, {size};
	ld.param.u64 %base, [bs];
	add.s64 %p, %base, %off;
	ld.global.{reg} %b, [%p];
	ld.param.u64 %base, [cs];
	add.s64 %p, %base, %off;
	ld.global.{reg} %c, [%p];
	ld.param.u64 %base, [mem];
	add.s64 %addr, %base, %off;
	mov.{reg} %d, 0;
	{instruction}
	ld.param.u64 %base, [out];
	add.s64 %p, %base, %off;
	st.global.{reg} [%p], %d;
DONE:
	ret;
}}
"""


@functools.cache
def _module(spelling: str, bits: int, cas: bool, reduction: bool) -> host.Module:
    return host.Module.from_ptx(kernel_text(spelling, bits, cas, reduction), f"<{spelling}>")


def run_atomic(
    spelling: str, bits: int, mem: np.ndarray, b: np.ndarray, c: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """(old values, new memory) after each thread's `spelling` on its own word."""
    dtype = f"uint{bits}"
    n = len(mem)
    cas = c is not None
    reduction = spelling.startswith("red")
    mem_d = host.to_device(np.ascontiguousarray(mem).view(dtype))
    b_d = host.to_device(np.ascontiguousarray(b).view(dtype))
    c_d = host.to_device(np.ascontiguousarray(c if cas else b).view(dtype))
    out = host.zeros(n, dtype)
    module = _module(spelling, bits, cas, reduction)
    module.launch("k", grid=(n + BLOCK - 1) // BLOCK, block=BLOCK,
                  args=[mem_d, b_d, c_d, out, np.uint32(n)])  # fmt: skip
    return out.to_numpy(), mem_d.to_numpy()


# -- integer operations ----------------------------------------------------------------


def _int_reference(op: str, r: np.ndarray, s: np.ndarray, ptx: str) -> np.ndarray:
    bits = int(ptx[1:])
    mask = (1 << bits) - 1
    signed = ptx[0] == "s"
    rs = [int(x) for x in (as_signed(r, bits) if signed else r.astype(np.uint64))]
    ss = [int(x) for x in (as_signed(s, bits) if signed else s.astype(np.uint64))]
    ops = {
        "and": lambda x, y: x & y,
        "or": lambda x, y: x | y,
        "xor": lambda x, y: x ^ y,
        "exch": lambda x, y: y,
        "add": lambda x, y: x + y,
        "min": min,
        "max": max,
        "inc": lambda x, y: 0 if x >= y else x + 1,
        "dec": lambda x, y: y if x == 0 or x > y else x - 1,
    }
    return np.array([ops[op](x, y) & mask for x, y in zip(rs, ss, strict=True)],
                    dtype=np.uint64).astype(f"uint{bits}")  # fmt: skip


INT_FORMS = [
    ("and", "b32"), ("and", "b64"), ("or", "b32"), ("xor", "b64"), ("exch", "b32"),
    ("exch", "b64"), ("add", "u32"), ("add", "s32"), ("add", "u64"), ("inc", "u32"),
    ("dec", "u32"), ("min", "u32"), ("min", "s32"), ("min", "u64"), ("min", "s64"),
    ("max", "u32"), ("max", "s32"), ("max", "u64"), ("max", "s64"),
]  # fmt: skip


@pytest.mark.parametrize(("op", "ptx"), INT_FORMS, ids=lambda v: v)
def test_integer_atom(op: str, ptx: str) -> None:
    bits = int(ptx[1:])
    signed = ptx[0] == "s"
    seed = sum(map(ord, op + ptx))
    r, s = pairs(int_values(bits, signed, seed), int_values(bits, signed, seed + 1))
    if op in ("inc", "dec"):  # small bounds reach the wrap-around often
        small = np.concatenate([int_values(8, False, seed).astype(r.dtype)] * 2)
        r, s = (
            np.concatenate([r, small[: len(small) // 2]]),
            np.concatenate([s, small[len(small) // 2 :]]),
        )
    old, new = run_atomic(f"atom.global.{op}.{ptx}", bits, r, s)
    np.testing.assert_array_equal(old, r)
    np.testing.assert_array_equal(new, _int_reference(op, r, s, ptx))


@pytest.mark.parametrize(("op", "ptx"), [("add", "u32"), ("inc", "u32"), ("dec", "u32"),
                                         ("min", "s64"), ("xor", "b32")])  # fmt: skip
def test_integer_red(op: str, ptx: str) -> None:
    bits = int(ptx[1:])
    r, s = pairs(int_values(bits, ptx[0] == "s", 7), int_values(bits, ptx[0] == "s", 8))
    _, new = run_atomic(f"red.global.{op}.{ptx}", bits, r, s)
    np.testing.assert_array_equal(new, _int_reference(op, r, s, ptx))


def test_inc_dec_wrap_exhaustively_over_small_values() -> None:
    """Every (r, s) of 0..255, and the u32 extremes around them."""
    grid = np.arange(256, dtype=np.uint32)
    r, s = np.repeat(grid, 256), np.tile(grid, 256)
    edges = np.array([0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF], np.uint32)
    r = np.concatenate([r, np.repeat(edges, len(edges))])
    s = np.concatenate([s, np.tile(edges, len(edges))])
    for op in ("inc", "dec"):
        old, new = run_atomic(f"atom.{op}.u32", 32, r, s)
        np.testing.assert_array_equal(old, r)
        np.testing.assert_array_equal(new, _int_reference(op, r, s, "u32"))


@pytest.mark.parametrize("bits", [16, 32, 64])
def test_cas(bits: int) -> None:
    """cas(r, s, t) = (r == s) ? t : r, half of the comparisons succeeding."""
    values = int_values(bits, False, 11)
    r = values
    rng = np.random.default_rng(12)
    s = np.where(rng.integers(0, 2, len(r)) == 1, r, np.roll(r, 1)).astype(r.dtype)
    t = int_values(bits, False, 13)
    old, new = run_atomic(f"atom.global.cas.b{bits}", bits, r, s, t)
    np.testing.assert_array_equal(old, r)
    np.testing.assert_array_equal(new, np.where(r == s, t, r))


# -- floating point --------------------------------------------------------------------


def _bf16_round(f: np.ndarray) -> np.ndarray:
    """float32 values rounded to bf16 (nearest even), as bits; NaN stays NaN."""
    bits = f.astype(np.float32).view(np.uint32).astype(np.uint64)
    rounded = (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16
    nan = np.isnan(f)
    return np.where(nan, 0x7FC0, rounded).astype(np.uint16)


def _bf16_to_f32(b: np.ndarray) -> np.ndarray:
    return (b.astype(np.uint32) << 16).view(np.float32)


def _same_float(actual: np.ndarray, expected: np.ndarray, ftype: type) -> None:
    """Bit-equal, except that any NaN matches any NaN (payloads are not specified)."""
    a, e = actual.view(ftype), expected.view(ftype)
    both_nan = np.isnan(a) & np.isnan(e)
    mismatch = ~both_nan & (actual != expected)
    assert not mismatch.any(), (
        f"{mismatch.sum()} mismatches, first at {np.argmax(mismatch)}: "
        f"{actual[mismatch][:4]} != {expected[mismatch][:4]}"
    )


def _half_values(seed: int) -> np.ndarray:
    every = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16)
    rng = np.random.default_rng(seed)
    return np.concatenate([every, rng.integers(0, 1 << 16, 20_000, dtype=np.uint16)])


def _half_partners(count: int, seed: int) -> np.ndarray:
    """Edge values for every value (zeros, ones, min normal/subnormal, max, inf, NaN),
    then random ones."""
    edges = np.array([0x0000, 0x8000, 0x3C00, 0xBC00, 0x0001, 0x8001, 0x0400, 0x7BFF,
                      0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0x3555], np.uint16)  # fmt: skip
    rng = np.random.default_rng(seed)
    return np.concatenate([np.resize(edges, 1 << 16), rng.integers(0, 1 << 16, count - (1 << 16),
                                                                  dtype=np.uint16)])  # fmt: skip


def test_add_f32() -> None:
    a = np.concatenate([F32_EDGES, np.random.default_rng(20).integers(0, 1 << 32, 10_000,
                                                                      dtype=np.uint64).astype(np.uint32)])  # fmt: skip
    r, s = pairs(a, np.roll(a, 3))
    old, new = run_atomic("atom.add.f32", 32, r, s)
    np.testing.assert_array_equal(old, r)
    with np.errstate(all="ignore"):
        expected = (r.view(np.float32) + s.view(np.float32)).view(np.uint32)
    _same_float(new, expected, np.float32)


def test_add_f64() -> None:
    rng = np.random.default_rng(21)
    r = np.concatenate([np.array([0, 1, 0x7FF0000000000000, 0x8000000000000000, 0x3FF0000000000000,
                                  0x7FF8000000000000], np.uint64),
                        rng.standard_normal(10_000).view(np.uint64)])  # fmt: skip
    s = np.roll(r, 1)
    old, new = run_atomic("red.global.add.f64", 64, r, s)
    del old
    with np.errstate(all="ignore"):
        expected = (r.view(np.float64) + s.view(np.float64)).view(np.uint64)
    _same_float(new, expected, np.float64)


def test_add_f16_every_value() -> None:
    r = _half_values(22)
    s = _half_partners(len(r), 23)
    old, new = run_atomic("atom.global.add.noftz.f16", 16, r, s)
    np.testing.assert_array_equal(old, r)
    with np.errstate(all="ignore"):
        expected = (r.view(np.float16) + s.view(np.float16)).view(np.uint16)
    _same_float(new, expected, np.float16)


def test_add_bf16_every_value() -> None:
    r = _half_values(24)
    s = _half_partners(len(r), 25)
    old, new = run_atomic("atom.add.noftz.bf16", 16, r, s)
    np.testing.assert_array_equal(old, r)
    with np.errstate(all="ignore"):
        expected = _bf16_round(_bf16_to_f32(r) + _bf16_to_f32(s))
    nan_r, nan_e = np.isnan(_bf16_to_f32(new)), np.isnan(_bf16_to_f32(expected))
    np.testing.assert_array_equal(nan_r, nan_e)
    np.testing.assert_array_equal(new[~nan_r], expected[~nan_r])


@pytest.mark.parametrize("ptx", ["f16x2", "bf16x2"])
def test_add_packed_halves(ptx: str) -> None:
    """Each half of the pair is added on its own."""
    rng = np.random.default_rng(26)
    lo, hi = _half_values(27), _half_values(28)[::-1].copy()
    r = lo.astype(np.uint32) | hi.astype(np.uint32) << 16
    s = rng.integers(0, 1 << 32, len(r), dtype=np.uint64).astype(np.uint32)
    old, new = run_atomic(f"atom.global.add.noftz.{ptx}", 32, r, s)
    np.testing.assert_array_equal(old, r)
    for shift in (0, 16):
        a = (r >> shift).astype(np.uint16)
        b = (s >> shift).astype(np.uint16)
        got = (new >> shift).astype(np.uint16)
        with np.errstate(all="ignore"):
            if ptx == "f16x2":
                expected = (a.view(np.float16) + b.view(np.float16)).view(np.uint16)
                _same_float(got, expected, np.float16)
            else:
                expected = _bf16_round(_bf16_to_f32(a) + _bf16_to_f32(b))
                nan = np.isnan(_bf16_to_f32(got))
                np.testing.assert_array_equal(nan, np.isnan(_bf16_to_f32(expected)))
                np.testing.assert_array_equal(got[~nan], expected[~nan])
