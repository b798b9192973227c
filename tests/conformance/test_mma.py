"""Conformance of the warp-level matrix instructions (PTX ISA 9.7.14.5): mma.sync, ldmatrix,
stmatrix and movmatrix, on the host platform at hardware wave sizes 32 and 64, against a
numpy model written from the ISA's "Matrix fragments for mma.mMnNkK" layouts (element by
element: a_i of lane l is A[row(l, i)][col(l, i)]), independent of emit/mma.py's tables.

Floating point: cu2amd defines D = fma chain over k ascending, in f32 (f64 for .f64),
starting from C; the model does the same (each step rounded once: the f32 products of
.f16/.bf16/.tf32 inputs are exact), and a float64 reference checks the results are within
the error bound of any summation order. NaN results are the canonical NaN. Integers are
exact (wrap, or clamp with .satfinite). Each kernel runs two warps (64 threads), each on
its own matrices.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import zlib
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cu2amd import host
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import Cu2amdError
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

WAVES = (32, 64)
WARPS = 2
HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n"


def _g(lane: int) -> int:
    return lane >> 2


def _t(lane: int) -> int:
    return lane % 4


# -- fragment layouts, element by element, from the ISA text -----------------------------

# (shape, family) -> (A element count, A layout, B count, B layout), lane, i -> (row, col)
A_LAYOUT = {
    ("m16n8k8", "half"): (4, lambda ln, i: (_g(ln) + 8 * (i >= 2), 2 * _t(ln) + (i & 1))),
    ("m16n8k16", "half"): (
        8,
        lambda ln, i: (
            _g(ln) + (0 if i in (0, 1, 4, 5) else 8),
            2 * _t(ln) + (i & 1) + 8 * (i >= 4),
        ),
    ),
    ("m16n8k4", "tf32"): (2, lambda ln, i: (_g(ln) + 8 * i, _t(ln))),
    ("m16n8k8", "tf32"): (4, lambda ln, i: (_g(ln) + 8 * (i % 2), _t(ln) + 4 * (i // 2))),
    ("m8n8k16", "int8"): (4, lambda ln, i: (_g(ln), 4 * _t(ln) + i)),
    ("m16n8k16", "int8"): (8, lambda ln, i: (_g(ln) + 8 * (i >= 4), 4 * _t(ln) + i % 4)),
    ("m16n8k32", "int8"): (
        16,
        lambda ln, i: (
            _g(ln) + (0 if i < 4 or 8 <= i < 12 else 8),
            4 * _t(ln) + (i & 3) + 16 * (i >= 8),
        ),
    ),
    ("m8n8k4", "f64"): (1, lambda ln, i: (_g(ln), _t(ln))),
    ("m16n8k4", "f64"): (2, lambda ln, i: (_g(ln) + 8 * i, _t(ln))),
    ("m16n8k8", "f64"): (4, lambda ln, i: (_g(ln) + 8 * (i % 2), _t(ln) + 4 * (i // 2))),
    ("m16n8k16", "f64"): (
        8,
        lambda ln, i: (_g(ln) + 8 * (i % 2), 2 * i + _t(ln) if i % 2 == 0 else 2 * i - 2 + _t(ln)),
    ),
    ("m8n8k32", "int4"): (8, lambda ln, i: (_g(ln), 8 * _t(ln) + i)),
    ("m16n8k32", "int4"): (16, lambda ln, i: (_g(ln) + 8 * (i >= 8), 8 * _t(ln) + (i & 7))),
    ("m16n8k64", "int4"): (
        32,
        lambda ln, i: (
            _g(ln) + (0 if i < 8 or 16 <= i < 24 else 8),
            8 * _t(ln) + (i & 7) + 32 * (i >= 16),
        ),
    ),
}
B_LAYOUT = {
    ("m16n8k8", "half"): (2, lambda ln, i: (2 * _t(ln) + i, _g(ln))),
    ("m16n8k16", "half"): (4, lambda ln, i: (2 * _t(ln) + (i & 1) + 8 * (i >= 2), _g(ln))),
    ("m16n8k4", "tf32"): (1, lambda ln, i: (_t(ln), _g(ln))),
    ("m16n8k8", "tf32"): (2, lambda ln, i: (_t(ln) + 4 * i, _g(ln))),
    ("m8n8k16", "int8"): (4, lambda ln, i: (4 * _t(ln) + i, _g(ln))),
    ("m16n8k16", "int8"): (4, lambda ln, i: (4 * _t(ln) + i, _g(ln))),
    ("m16n8k32", "int8"): (8, lambda ln, i: (4 * _t(ln) + (i & 3) + 16 * (i >= 4), _g(ln))),
    ("m8n8k4", "f64"): (1, lambda ln, i: (_t(ln), _g(ln))),
    ("m16n8k4", "f64"): (1, lambda ln, i: (_t(ln), _g(ln))),
    ("m16n8k8", "f64"): (2, lambda ln, i: (_t(ln) + 4 * i, _g(ln))),
    ("m16n8k16", "f64"): (4, lambda ln, i: (_t(ln) + 4 * i, _g(ln))),
    ("m8n8k32", "int4"): (8, lambda ln, i: (8 * _t(ln) + i, _g(ln))),
    ("m16n8k32", "int4"): (8, lambda ln, i: (8 * _t(ln) + i, _g(ln))),
    ("m16n8k64", "int4"): (16, lambda ln, i: (8 * _t(ln) + (i & 7) + 32 * (i >= 8), _g(ln))),
}


def cd_layout(m: int):
    if m == 16:
        return 4, lambda ln, i: (_g(ln) + 8 * (i >= 2), 2 * _t(ln) + (i & 1))
    return 2, lambda ln, i: (_g(ln), 2 * _t(ln) + i)


# .e4m3/.e5m2 fragments are the ISA's .s8/.u8 fragments of the same shape
FAMILY = {"f16": "half", "bf16": "half", "tf32": "tf32", "s8": "int8", "u8": "int8", "f64": "f64",
          "e4m3": "int8", "e5m2": "int8", "s4": "int4", "u4": "int4"}  # fmt: skip
BITS = {"f16": 16, "bf16": 16, "tf32": 32, "s8": 8, "u8": 8, "f64": 64, "f32": 32, "s32": 32,
        "e4m3": 8, "e5m2": 8, "s4": 4, "u4": 4}  # fmt: skip
INTEGER = ("s8", "u8", "s4", "u4")


def fp8_value(byte: int, fmt: str) -> float:
    """PTX ISA 5.2.3: .e4m3 (bias 7, no infinity, NaN S.1111.111) and .e5m2 (bias 15,
    IEEE-like)."""
    exp_bits, bias = (4, 7) if fmt == "e4m3" else (5, 15)
    man_bits = 7 - exp_bits
    sign = -1.0 if byte & 0x80 else 1.0
    exp, man = (byte >> man_bits) & ((1 << exp_bits) - 1), byte & ((1 << man_bits) - 1)
    if fmt == "e4m3" and exp == 15 and man == 7:
        return float("nan")
    if fmt == "e5m2" and exp == 31:
        return sign * float("inf") if man == 0 else float("nan")
    if exp == 0:
        return sign * man * 2.0 ** (1 - bias - man_bits)
    return sign * (1 + man / (1 << man_bits)) * 2.0 ** (exp - bias)


def dims(shape: str) -> tuple[int, int, int]:
    m, n, k = map(int, re.fullmatch(r"m(\d+)n(\d+)k(\d+)", shape).groups())
    return m, n, k


def to_fragments(matrix_bits: np.ndarray, count: int, layout, bits: int) -> np.ndarray:
    """Per lane, the registers (32-bit words, or 64-bit for f64) holding the elements."""
    per = max(32 // bits, 1)
    regs = np.zeros((32, max(count // per, 1)), np.uint64)
    for lane in range(32):
        for i in range(count):
            r, c = layout(lane, i)
            shift = bits * (i % per) if bits < 32 else 0
            regs[lane, i // per] |= np.uint64(int(matrix_bits[r, c]) << shift)
    return regs


def from_fragments(regs: np.ndarray, count: int, layout, bits: int, shape2) -> np.ndarray:
    per = max(32 // bits, 1)
    out = np.zeros(shape2, np.uint64)
    mask = (1 << bits) - 1
    for lane in range(32):
        for i in range(count):
            r, c = layout(lane, i)
            shift = bits * (i % per) if bits < 32 else 0
            out[r, c] = (int(regs[lane, i // per]) >> shift) & mask
    return out


# -- value models --------------------------------------------------------------------------


def decode(bits: np.ndarray, fmt: str) -> np.ndarray:
    """Element bits -> float64 (floats) or int64 (integers), as the tensor core reads them."""
    bits = bits.astype(np.uint64)
    if fmt == "f16":
        return bits.astype(np.uint16).view(np.float16).astype(np.float64)
    if fmt == "bf16":
        return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    if fmt == "tf32":  # the low 13 significand bits are not part of the format
        return (bits.astype(np.uint32) & 0xFFFFE000).view(np.float32).astype(np.float64)
    if fmt == "f32":
        return bits.astype(np.uint32).view(np.float32).astype(np.float64)
    if fmt == "f64":
        return bits.view(np.float64)
    if fmt in ("e4m3", "e5m2"):
        table = np.array([fp8_value(v, fmt) for v in range(256)])
        return table[bits.astype(np.int64)]
    if fmt == "s8":
        return bits.astype(np.uint8).view(np.int8).astype(np.int64)
    if fmt == "s4":
        return (bits.astype(np.int64) ^ 8) - 8
    if fmt == "u4":
        return bits.astype(np.int64)
    if fmt == "u8":
        return bits.astype(np.int64)
    if fmt == "s32":
        return bits.astype(np.uint32).view(np.int32).astype(np.int64)
    raise AssertionError(fmt)


def fma64(a: float, b: float, c: float) -> float:
    """a*b + c rounded once to f64."""
    if not all(np.isfinite([a, b, c])):
        return a * b + c
    exact = Fraction(a) * Fraction(b) + Fraction(c)
    if exact == 0:
        product_negative = (np.signbit(a) != np.signbit(b)) and a * b == 0
        return -0.0 if product_negative and np.signbit(c) else 0.0
    try:
        return float(exact)
    except OverflowError:
        return float("inf") if exact > 0 else float("-inf")


def model(shape: str, atype: str, btype: str, ctype: str, dtype: str, a, b, c, satfinite=False):
    """D from A (MxK), B (KxN), C (MxN) element bits: the fma chain over k ascending;
    exact integer sums."""
    m, n, k = dims(shape)
    av, bv, cv = decode(a, atype), decode(b, btype), decode(c, ctype)
    if atype in INTEGER:
        acc = cv + av @ bv
        if satfinite:
            acc = np.clip(acc, -(2**31), 2**31 - 1)
        return (acc.astype(np.int64) & 0xFFFFFFFF).astype(np.uint64)
    if atype == "f64":
        out = np.zeros((m, n), np.float64)
        for i in range(m):
            for j in range(n):
                acc = cv[i, j]
                for kk in range(k):
                    acc = fma64(av[i, kk], bv[kk, j], acc)
                out[i, j] = acc
        return np.where(np.isnan(out), 0x7FFFFFFFFFFFFFFF, out.view(np.uint64)).astype(np.uint64)
    # products are exact in f32 and in f64; f64 sum then f32 rounding is one rounding
    with np.errstate(invalid="ignore", over="ignore"):
        acc = cv.astype(np.float32)
        for kk in range(av.shape[1]):
            acc = (acc.astype(np.float64) + np.outer(av[:, kk], bv[kk, :])).astype(np.float32)
    if dtype == "f16":
        with np.errstate(over="ignore"):
            h = acc.astype(np.float16).view(np.uint16).astype(np.uint64)
        return np.where(np.isnan(acc), 0x7FFF, h).astype(np.uint64)
    bits = acc.view(np.uint32).astype(np.uint64)
    return np.where(np.isnan(acc), 0x7FFFFFFF, bits).astype(np.uint64)


# -- the kernel ----------------------------------------------------------------------------


def mma_kernel(spelling: str, na: int, nb: int, nc: int, nd: int, wide: bool) -> str:
    """Thread t loads its A, B, C registers from pa/pb/pc[t] and stores D to pd[t]."""
    w, reg = (8, "b64") if wide else (4, "b32")
    cw, creg = (8, "b64") if wide else (4, "b32")
    lines = [
        HEADER,
        ".visible .entry k(.param .u64 pa, .param .u64 pb, .param .u64 pc, .param .u64 pd)",
        "{",
        f"  .reg .{'f64' if wide else 'b32'} %a<{na}>, %b<{nb}>;",
        f"  .reg .{'f64' if wide else 'f32'} %c<{nc}>, %d<{nd}>;",
        "  .reg .b32 %t;",
        "  .reg .b64 %p, %o;",
        "  mov.u32 %t, %tid.x;",
    ]
    for name, count, width, rtype in (("a", na, w, reg), ("b", nb, w, reg), ("c", nc, cw, creg)):
        lines += [
            f"  ld.param.u64 %p, [p{name}];",
            f"  mul.wide.u32 %o, %t, {count * width};",
            "  add.s64 %p, %p, %o;",
        ]
        lines += [f"  ld.global.{rtype} %{name}{i}, [%p+{i * width}];" for i in range(count)]
    vec = lambda name, count: "{" + ", ".join(f"%{name}{i}" for i in range(count)) + "}"  # noqa: E731
    lines.append(f"  {spelling} {vec('d', nd)}, {vec('a', na)}, {vec('b', nb)}, {vec('c', nc)};")
    lines += [
        "  ld.param.u64 %p, [pd];",
        f"  mul.wide.u32 %o, %t, {nd * cw};",
        "  add.s64 %p, %p, %o;",
    ]
    lines += [f"  st.global.{creg} [%p+{i * cw}], %d{i};" for i in range(nd)]
    lines += ["  ret;", "}"]
    return "\n".join(lines) + "\n"


class Form:
    def __init__(self, shape: str, dtype: str, atype: str, btype: str, ctype: str, satf=False):
        self.shape, self.dtype, self.atype, self.btype, self.ctype = (
            shape,
            dtype,
            atype,
            btype,
            ctype,
        )
        self.satf = satf
        self.m, self.n, self.k = dims(shape)
        key = (shape, FAMILY[atype])
        self.na_el, self.a_layout = A_LAYOUT[key]
        self.nb_el, self.b_layout = B_LAYOUT[key]
        self.ncd_el, self.cd_layout = cd_layout(self.m)
        self.wide = atype == "f64"

    @property
    def spelling(self) -> str:
        sat = ".satfinite" if self.satf else ""
        return (f"mma.sync.aligned.{self.shape}.row.col{sat}.{self.dtype}.{self.atype}."
                f"{self.btype}.{self.ctype}")  # fmt: skip

    def regs(self, count: int, fmt: str) -> int:
        return max(count * BITS[fmt] // 32, 1) if fmt != "f64" else count

    def kernel(self) -> str:
        na = self.regs(self.na_el, self.atype)
        nb = self.regs(self.nb_el, self.btype)
        nc = self.regs(self.ncd_el, self.ctype)
        nd = self.regs(self.ncd_el, self.dtype)
        return mma_kernel(self.spelling, na, nb, nc, nd, self.wide)


_MODULES: dict[str, host.Module] = {}


def run_mma(form: Form, mats: list[tuple[np.ndarray, np.ndarray, np.ndarray]], warp_size: int):
    """D element bits per warp, for (A, B, C) element bits per warp."""
    text = form.kernel()
    module = _MODULES.get(text) or _MODULES.setdefault(text, host.Module.from_ptx(text))
    per = []
    for fmt, count, layout, index in ((form.atype, form.na_el, form.a_layout, 0),
                                      (form.btype, form.nb_el, form.b_layout, 1),
                                      (form.ctype, form.ncd_el, form.cd_layout, 2)):  # fmt: skip
        frags = [to_fragments(m[index], count, layout, BITS[fmt]) for m in mats]
        per.append(np.concatenate(frags))
    dtype = np.uint64 if form.wide else np.uint32
    bufs = [host.to_device(p.astype(dtype)) for p in per]
    nd = form.regs(form.ncd_el, form.dtype)
    out = host.zeros((32 * len(mats), nd), dtype)
    module.launch("k", 1, 32 * len(mats), [*bufs, out], warp_size=warp_size)
    d = out.to_numpy().astype(np.uint64)
    return [
        from_fragments(d[32 * w : 32 * w + 32], form.ncd_el, form.cd_layout, BITS[form.dtype],
                       (form.m, form.n))
        for w in range(len(mats))
    ]  # fmt: skip


# -- inputs --------------------------------------------------------------------------------

EDGE = {
    "f16": [0x0000, 0x8000, 0x3C00, 0xBC00, 0x7BFF, 0xFBFF, 0x0001, 0x8001, 0x03FF, 0x7C00,
            0xFC00, 0x7E00, 0x7C01, 0x3555],
    "bf16": [0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F7F, 0xFF7F, 0x0001, 0x8001, 0x7F80, 0xFF80,
             0x7FC0, 0x7F81, 0x3EAB],
    "tf32": [0x00000000, 0x80000000, 0x3F800000, 0x7F7FE000, 0xFF7FE000, 0x00002000,
             0x7F800000, 0xFF800000, 0x7FC00000, 0x3F801FFF, 0x3F800001],
    "f32": [0x00000000, 0x80000000, 0x3F800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x00000001,
            0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001],
    "f64": [0, 1 << 63, 0x3FF0000000000000, 0x7FEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF, 1,
            0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000],
    "s8": [0x80, 0x7F, 0xFF, 0x00, 0x01], "u8": [0xFF, 0x00, 0x01, 0x80, 0x7F],
    "e4m3": [0x00, 0x80, 0x7E, 0xFE, 0x01, 0x81, 0x7F, 0xFF, 0x38, 0x07],
    "e5m2": [0x00, 0x80, 0x7B, 0xFB, 0x01, 0x7C, 0xFC, 0x7E, 0x7D, 0x3C],
    "s32": [0x80000000, 0x7FFFFFFF, 0xFFFFFFFF, 0, 1],
    "s4": [0x8, 0x7, 0xF, 0x0, 0x1], "u4": [0xF, 0x0, 0x1, 0x8, 0x7],
}  # fmt: skip


def random_bits(rng, fmt: str, shape, scale: float = 1.0) -> np.ndarray:
    """Finite values of moderate size (sums exercise rounding, not overflow)."""
    if fmt in ("s8", "u8", "s32", "s4", "u4"):
        lo, hi = {"s8": (-128, 128), "u8": (0, 256), "s32": (-(2**31), 2**31), "s4": (-8, 8),
                  "u4": (0, 16)}[fmt]  # fmt: skip
        v = rng.integers(lo, hi, shape)
        return (v & ((1 << BITS[fmt]) - 1)).astype(np.uint64)
    if fmt in ("e4m3", "e5m2"):  # finite values
        values = rng.integers(0, 256, shape).astype(np.uint64)
        return np.where(np.isfinite(decode(values, fmt)), values, 0x38).astype(np.uint64)
    v = rng.standard_normal(shape) * scale
    if fmt == "f16":
        return v.astype(np.float16).view(np.uint16).astype(np.uint64)
    if fmt == "bf16":
        return (v.astype(np.float32).view(np.uint32) >> 16).astype(np.uint64)
    if fmt in ("f32", "tf32"):
        return v.astype(np.float32).view(np.uint32).astype(np.uint64)
    return v.view(np.uint64)


def random_matrices(form: Form, rng, edges: bool = False):
    a = random_bits(rng, form.atype, (form.m, form.k))
    b = random_bits(rng, form.btype, (form.k, form.n))
    c = random_bits(rng, form.ctype, (form.m, form.n), 4.0)
    if edges:
        for mat, fmt in ((a, form.atype), (b, form.btype), (c, form.ctype)):
            flat = mat.reshape(-1)
            picks = rng.choice(flat.size, min(flat.size // 4, 24), replace=False)
            flat[picks] = rng.choice(EDGE[fmt], picks.size)
    return a, b, c


def check(form: Form, mats, got) -> None:
    for (a, b, c), d in zip(mats, got, strict=True):
        expected = model(form.shape, form.atype, form.btype, form.ctype, form.dtype, a, b, c,
                         form.satf)  # fmt: skip
        bad = np.argwhere(d != expected)
        if bad.size:
            i, j = bad[0]
            raise AssertionError(
                f"{form.spelling}: D[{i}][{j}] = {int(d[i, j]):#x}, model {int(expected[i, j]):#x}"
                f" ({bad.shape[0]} elements differ)"
            )
        if form.atype not in (*INTEGER, "f64"):
            _within_bound(form, a, b, c, d)


def _within_bound(form: Form, a, b, c, d) -> None:
    """Finite results lie within the error bound of any summation order: |D - exact| <=
    (k+1) u (|C| + sum |A||B|) (u: the accumulator's unit roundoff)."""
    av, bv, cv = decode(a, form.atype), decode(b, form.btype), decode(c, form.ctype)
    exact = cv + av @ bv
    mag = np.abs(cv) + np.abs(av) @ np.abs(bv)
    u = 2.0**-11 if form.dtype == "f16" else 2.0**-24
    got = decode(d, form.dtype)
    ok = ~np.isfinite(exact) | ~np.isfinite(got) | ~np.isfinite(mag)
    bound = (form.k + 2) * u * mag + (6e-8 if form.dtype == "f16" else 1e-44)
    assert np.all(ok | (np.abs(got - exact) <= bound)), f"{form.spelling}: outside the bound"


FLOAT_FORMS = [
    Form(shape, d, t, t, c)
    for shape in ("m16n8k8", "m16n8k16")
    for t in ("f16",)
    for d in ("f16", "f32")
    for c in ("f16", "f32")
] + [
    Form("m16n8k8", "f32", "bf16", "bf16", "f32"),
    Form("m16n8k16", "f32", "bf16", "bf16", "f32"),
    Form("m16n8k4", "f32", "tf32", "tf32", "f32"),
    Form("m16n8k8", "f32", "tf32", "tf32", "f32"),
    Form("m8n8k4", "f64", "f64", "f64", "f64"),
    Form("m16n8k4", "f64", "f64", "f64", "f64"),
    Form("m16n8k8", "f64", "f64", "f64", "f64"),
    Form("m16n8k16", "f64", "f64", "f64", "f64"),
    Form("m16n8k32", "f32", "e4m3", "e4m3", "f32"),
    Form("m16n8k32", "f32", "e5m2", "e5m2", "f32"),
    Form("m16n8k32", "f32", "e4m3", "e5m2", "f32"),
    Form("m16n8k32", "f16", "e5m2", "e4m3", "f16"),
    Form("m16n8k16", "f32", "e4m3", "e4m3", "f16"),
    Form("m16n8k16", "f16", "e5m2", "e5m2", "f32"),
]
INT_FORMS = [
    Form(shape, "s32", a, b, "s32", satf)
    for shape in ("m8n8k16", "m16n8k16", "m16n8k32")
    for a, b in (("s8", "s8"), ("u8", "s8"), ("s8", "u8"), ("u8", "u8"))
    for satf in (False, True)
] + [
    Form(shape, "s32", a, b, "s32", satf)
    for shape in ("m8n8k32", "m16n8k32", "m16n8k64")
    for a, b, satf in (("s4", "u4", True), ("u4", "u4", False), ("s4", "s4", False))
]
ALL_FORMS = FLOAT_FORMS + INT_FORMS
INT8_FORMS = [f for f in INT_FORMS if f.atype in ("s8", "u8")]


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize(
    "form", ALL_FORMS, ids=lambda f: f.spelling.removeprefix("mma.sync.aligned.")
)
def test_mma_random_and_edges(form: Form, warp_size: int) -> None:
    rng = np.random.default_rng(zlib.crc32(form.spelling.encode()) + warp_size)
    mats = [random_matrices(form, rng, edges=w % 2 == 1) for w in range(8)]
    check(form, mats, run_mma(form, mats, warp_size))


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize(
    "form", INT8_FORMS, ids=lambda f: f.spelling.removeprefix("mma.sync.aligned.")
)
def test_mma_integer_overflow(form: Form, warp_size: int) -> None:
    """Sums past INT32_MAX and INT32_MIN: they wrap, or clamp with .satfinite."""
    ones = lambda shape, v: np.full(shape, v, np.uint64)  # noqa: E731
    a_big = 0x7F if form.atype == "s8" else 0xFF
    b_big = 0x7F if form.btype == "s8" else 0xFF
    high = (ones((form.m, form.k), a_big), ones((form.k, form.n), b_big),
            ones((form.m, form.n), 0x7FFFFFF0))  # fmt: skip
    mats = [high]
    if "s8" in (form.atype, form.btype):  # a negative product: below INT32_MIN
        a_neg = 0x80 if form.atype == "s8" else 0xFF
        b_neg = 0x7F if form.atype == "s8" else 0x80
        mats.append((ones((form.m, form.k), a_neg), ones((form.k, form.n), b_neg),
                     ones((form.m, form.n), 0x80000010)))  # fmt: skip
    got = run_mma(form, mats, warp_size)
    check(form, mats, got)
    saturated = {0x7FFFFFFF, 0x80000000}
    assert (int(got[0][0, 0]) in saturated) == form.satf
    if len(mats) > 1:
        assert (int(got[1][0, 0]) == 0x80000000) == form.satf


# -- ldmatrix, stmatrix, movmatrix ------------------------------------------------------------

SMEM = 4096  # bytes of shared memory the kernels use
THREADS = 32 * WARPS


def _matrix_kernel(body: str, params: str) -> str:
    """A kernel that copies `src` (SMEM bytes) into shared memory, runs `body` with the
    thread's row address in %g (its byte offset from `offs` added to smem's address; %gg
    is the same address as a generic one) and copies shared memory back to `back`."""
    return (
        HEADER
        + f""".visible .entry k(.param .u64 src, .param .u64 offs, .param .u64 out,
                     .param .u64 back{params})
{{
  .shared .align 16 .b8 smem[{SMEM}];
  .reg .b32 %t, %i, %v, %off, %r<4>, %x<4>;
  .reg .b64 %p, %q, %o, %g, %gg, %s;
  .reg .pred %c;
  mov.u32 %t, %tid.x;
  mov.u64 %s, smem;
  ld.param.u64 %p, [src];
  mov.u32 %i, %t;
COPY_IN:
  mul.wide.u32 %o, %i, 4;
  add.s64 %q, %p, %o;
  ld.global.u32 %v, [%q];
  add.s64 %q, %s, %o;
  st.shared.u32 [%q], %v;
  add.u32 %i, %i, {THREADS};
  setp.lt.u32 %c, %i, {SMEM // 4};
@%c bra COPY_IN;
  bar.sync 0;
  ld.param.u64 %p, [offs];
  mul.wide.u32 %o, %t, 4;
  add.s64 %p, %p, %o;
  ld.global.u32 %off, [%p];
  cvt.u64.u32 %o, %off;
  add.s64 %g, %s, %o;
  cvta.shared.u64 %gg, %g;
  ld.param.u64 %p, [out];
  mul.wide.u32 %o, %t, 16;
  add.s64 %p, %p, %o;
{body}
  bar.sync 0;
  ld.param.u64 %p, [back];
  mov.u32 %i, %t;
COPY_OUT:
  mul.wide.u32 %o, %i, 4;
  add.s64 %q, %s, %o;
  ld.shared.u32 %v, [%q];
  add.s64 %q, %p, %o;
  st.global.u32 [%q], %v;
  add.u32 %i, %i, {THREADS};
  setp.lt.u32 %c, %i, {SMEM // 4};
@%c bra COPY_OUT;
  ret;
}}
"""
    )


def _row_offsets(rng) -> np.ndarray:
    """Per thread, a distinct 16-byte-aligned row of shared memory."""
    return (rng.choice(SMEM // 16, THREADS, replace=False) * 16).astype(np.uint32)


def _vec(name: str, count: int) -> str:
    return "{" + ", ".join(f"%{name}{i}" for i in range(count)) + "}"


def _launch_matrix(text: str, src, offs, extra=(), warp_size: int = 32):
    out = host.zeros((THREADS, 4), np.uint32)
    back = host.zeros(SMEM // 4, np.uint32)
    args = [host.to_device(src), host.to_device(offs), out, back, *extra]
    host.Module.from_ptx(text).launch("k", 1, THREADS, args, warp_size=warp_size)
    return out.to_numpy(), back.to_numpy()


def _halves(memory16: np.ndarray, byte: int) -> int:
    return int(memory16[byte // 2])


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("generic", [False, True])
@pytest.mark.parametrize("trans", [False, True])
@pytest.mark.parametrize("num", [1, 2, 4])
def test_ldmatrix(num: int, trans: bool, generic: bool, warp_size: int) -> None:
    """Lane 8m + i gives row i of matrix m; register m of lane l holds row l/4, columns
    2(l%4) and the next, of matrix m (of its transpose with .trans)."""
    rng = np.random.default_rng(num * 4 + trans * 2 + generic)
    src = rng.integers(0, 2**32, SMEM // 4, dtype=np.uint64).astype(np.uint32)
    offs = _row_offsets(rng)
    spelling = (f"ldmatrix.sync.aligned.m8n8.x{num}{'.trans' if trans else ''}"
                f"{'' if generic else '.shared'}.b16")  # fmt: skip
    body = f"  {spelling} {_vec('r', num)}, [{'%gg' if generic else '%g'}];\n"
    body += "".join(f"  st.global.u32 [%p+{4 * m}], %r{m};\n" for m in range(num))
    out, _ = _launch_matrix(_matrix_kernel(body, ""), src, offs, warp_size=warp_size)
    mem = src.view(np.uint16)
    for thread in range(THREADS):
        warp, lane = divmod(thread, 32)
        g, t = lane >> 2, lane % 4
        rows = offs[32 * warp : 32 * warp + 32]
        row = lambda m, i, rows=rows: int(rows[8 * m + i])  # noqa: E731
        for m in range(num):
            if trans:
                lo = _halves(mem, row(m, 2 * t) + 2 * g)
                hi = _halves(mem, row(m, 2 * t + 1) + 2 * g)
            else:
                lo = _halves(mem, row(m, g) + 4 * t)
                hi = _halves(mem, row(m, g) + 4 * t + 2)
            assert out[thread, m] == lo | hi << 16, f"{spelling}: thread {thread} register {m}"


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("trans", [False, True])
@pytest.mark.parametrize("num", [1, 2, 4])
def test_stmatrix(num: int, trans: bool, warp_size: int) -> None:
    """The inverse of ldmatrix: memory not addressed by a row is left alone."""
    rng = np.random.default_rng(100 + num * 2 + trans)
    src = rng.integers(0, 2**32, SMEM // 4, dtype=np.uint64).astype(np.uint32)
    offs = _row_offsets(rng)
    regs = rng.integers(0, 2**32, (THREADS, 4), dtype=np.uint64).astype(np.uint32)
    spelling = f"stmatrix.sync.aligned.m8n8.x{num}{'.trans' if trans else ''}.shared.b16"
    body = "  ld.param.u64 %q, [regs];\n  add.s64 %q, %q, %o;\n"
    body += "".join(f"  ld.global.u32 %x{m}, [%q+{4 * m}];\n" for m in range(num))
    body += f"  {spelling} [%g], {_vec('x', num)};\n"
    text = _matrix_kernel(body, ", .param .u64 regs")
    _, back = _launch_matrix(text, src, offs, [host.to_device(regs)], warp_size)
    expected = src.copy().view(np.uint16)
    for thread in range(THREADS):
        warp, lane = divmod(thread, 32)
        g, t = lane >> 2, lane % 4
        for m in range(num):
            value = int(regs[thread, m])
            for e in range(2):
                if trans:  # element (g, 2t + e) goes to row 2t + e, column g
                    byte = int(offs[32 * warp + 8 * m + 2 * t + e]) + 2 * g
                else:
                    byte = int(offs[32 * warp + 8 * m + g]) + 4 * t + 2 * e
                expected[byte // 2] = (value >> (16 * e)) & 0xFFFF
    np.testing.assert_array_equal(back.view(np.uint16), expected, err_msg=spelling)


@pytest.mark.parametrize("warp_size", WAVES)
def test_movmatrix(warp_size: int) -> None:
    """d is the fragment of the transposed 8x8 matrix: element (r, c) of a is half c%2 of
    lane 4r + c/2."""
    rng = np.random.default_rng(7)
    regs = rng.integers(0, 2**32, (THREADS, 4), dtype=np.uint64).astype(np.uint32)
    body = "  ld.param.u64 %q, [regs];\n  add.s64 %q, %q, %o;\n  ld.global.u32 %x0, [%q];\n"
    body += "  movmatrix.sync.aligned.m8n8.trans.b16 %r0, %x0;\n  st.global.u32 [%p], %r0;\n"
    text = _matrix_kernel(body, ", .param .u64 regs")
    src = np.zeros(SMEM // 4, np.uint32)
    out, _ = _launch_matrix(text, src, _row_offsets(rng), [host.to_device(regs)], warp_size)
    for thread in range(THREADS):
        warp, lane = divmod(thread, 32)
        g, t = lane >> 2, lane % 4

        a = regs[32 * warp : 32 * warp + 32, 0]
        element = lambda r, c, a=a: (int(a[4 * r + c // 2]) >> (16 * (c % 2))) & 0xFFFF  # noqa: E731

        expected = element(2 * t, g) | element(2 * t + 1, g) << 16
        assert out[thread, 0] == expected, f"thread {thread}"


# -- AMD GPUs and errors ----------------------------------------------------------------------


def lower_for(target: str, text: str):
    pipeline = Pipeline(PipelineOptions())
    module = pipeline.front(text, "k.ptx")
    return pipeline.back(module, parse_target_id(target))


MATRIX_FORMS = [
    _matrix_kernel(
        "  ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r0, %r1, %r2, %r3}, [%g];\n"
        "  ldmatrix.sync.aligned.m8n8.x2.b16 {%r0, %r1}, [%gg];\n"
        "  stmatrix.sync.aligned.m8n8.x4.shared.b16 [%g], {%r0, %r1, %r2, %r3};\n"
        "  stmatrix.sync.aligned.m8n8.x1.trans.b16 [%gg], {%r3};\n"
        "  movmatrix.sync.aligned.m8n8.trans.b16 %x1, %r1;\n"
        "  st.global.u32 [%p], %x1;\n",
        "",
    )
]


@pytest.mark.parametrize("target", ["gfx90a", "gfx942", "gfx1100"])
def test_every_form_compiles_for_amd_gpus(target: str) -> None:
    """Each lowered form becomes a code object; the shuffles are ds_bpermute (no library
    calls left)."""
    for text in [f.kernel() for f in ALL_FORMS] + MATRIX_FORMS + [GEMM.read_text()]:
        result = lower_for(target, text)
        assert result.code_object
        assert "@llvm.amdgcn.ds.bpermute" in result.llvm_ir, text
        assert not re.search(r"call .*@__cu2amd_", result.llvm_ir), "library calls left"


@pytest.mark.parametrize(
    ("instr", "message"),
    [
        ("mma.sync.aligned.m8n8k4.row.col.f32.f16.f16.f16 {%f0, %f1, %f2, %f3, %f4, %f5, %f6, "
         "%f7}, {%r0, %r1}, {%r2, %r3}, {%r0, %r1, %r2, %r3};",
         r"unsupported PTX instruction 'mma\.sync\.aligned\.m8n8k4\.row\.col\.f32\.f16\.f16\.f16' "
         r"\(m8n8k4 with different C and D types\)"),
        ("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64.satfinite {%d0}, {%d0}, {%d0}, {%d0};",
         r"'mma\.sync\.aligned\.m16n8k16\.row\.col\.f64\.f64\.f64\.f64\.satfinite': "),
        ("mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64 {%d0, %d1, %d2, %d3}, {%d0, %d1, "
         "%d2, %d3}, {%d0, %d1, %d2, %d3}, {%d0, %d1, %d2, %d3};",
         r"this operand needs 8 registers, not 4"),
        ("mma.sync.aligned.m16n8k32.row.col.kind::f8f6f4.f32.e3m2.e2m1.f32 {%f0, %f1, %f2, %f3}, {%r0, %r1, "
         "%r2, %r3}, {%r0, %r1}, {%f0, %f1, %f2, %f3};", r"unsupported PTX instruction"),
        ("ldmatrix.sync.aligned.m16n16.x1.trans.shared.b8 {%r0, %r1}, [%rd0];",
         r"modifier '\.m16n16' is not supported yet"),
        ("stmatrix.sync.aligned.m16n8.x1.trans.shared.b8 [%rd0], {%r0};",
         r"modifier '\.m16n8' is not supported yet"),
        ("wmma.load.a.sync.aligned.row.m16n16k16.f16 {%r0, %r1, %r2, %r3, %r0, %r1, %r2, %r3}, "
         "[%rd0];", r"unsupported PTX instruction 'wmma\.load\.a\.sync\.aligned\.row\.m16n16k16"
         r"\.f16' \(wmma\.load and wmma\.store need the stride operand\)"),
        ("wmma.load.a.sync.aligned.row.m32n8k16.f16 {%r0, %r1, %r2, %r3}, [%rd0], 16;",
         r"this operand needs 8 registers, not 4"),
        ("wmma.load.a.sync.aligned.row.m8n8k128.b1 {%r0}, [%rd0], 128;",
         r"unsupported PTX instruction 'wmma\.load.*\(warp-level matrix multiply-accumulate\)"),
        ("wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.u8.s32 {%r0, %r1, %r2, %r3, %r0, %r1, "
         "%r2, %r3}, {%r0, %r1}, {%r2, %r3}, {%r0, %r1, %r2, %r3, %r0, %r1, %r2, %r3};",
         r"A and B must have the same type \(\.s8 and \.u8\)"),
        ("wmma.mma.sync.aligned.row.col.m8n8k4.rz.f64.f64.f64.f64 {%d0, %d1}, {%d2}, {%d3}, "
         "{%d0, %d1};", r"modifier '\.rz' is not supported yet"),
        ("wmma.load.a.sync.aligned.row.m8n8k32.s4 {%r0}, [%rd0], 32;",
         r"unsupported PTX instruction 'wmma\.load.*\(warp-level matrix multiply-accumulate\)"),
        ("mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%f0, %f1, %f2, %f3}, {%r0, %r1}, "
         "{%r2}, {%f0, %f1};", r"this operand needs 4 registers, not 2"),
        ("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r0, %r1}, [%rd0];",
         r"this operand needs 4 registers, not 2"),
    ],
)  # fmt: skip
def test_errors_name_the_instruction(instr: str, message: str) -> None:
    text = HEADER + (".visible .entry k()\n{\n  .reg .b32 %r<4>;\n  .reg .f32 %f<8>;\n"
                     "  .reg .f64 %d<4>;\n  .reg .b64 %rd<1>;\n  mov.u64 %rd0, 0;\n"
                     f"  {instr}\n  ret;\n}}\n")  # fmt: skip
    with pytest.raises(Cu2amdError, match=message):
        lower_for("gfx942", text)


# -- a tiled GEMM (ldmatrix + mma.sync.m16n8k16) ------------------------------------------------

GEMM = Path(__file__).resolve().parents[1] / "data" / "ptx" / "forms" / "mma.ptx"


@pytest.mark.parametrize("warp_size", WAVES)
def test_tiled_gemm(warp_size: int) -> None:
    """C = A x B (f16 in, f32 out) with 16-k steps staged in shared memory: bit for bit the
    f32 fma chain over k ascending, and within the f32 error bound of the exact product."""
    m, n, k = 64, 32, 96
    rng = np.random.default_rng(warp_size)
    a = rng.uniform(-1, 1, (m, k)).astype(np.float16)
    b = rng.uniform(-1, 1, (k, n)).astype(np.float16)
    c = host.zeros((m, n), np.float32)
    module = host.Module.from_file(GEMM)
    args = [host.to_device(a), host.to_device(b), c, n, k]
    module.launch("mma_gemm", (n // 8, m // 32), 64, args, warp_size=warp_size)
    got = c.to_numpy()
    expected = np.zeros((m, n), np.float32)
    for kk in range(k):  # one rounding per step: the products are exact
        step = np.outer(a[:, kk].astype(np.float64), b[kk, :].astype(np.float64))
        expected = (expected.astype(np.float64) + step).astype(np.float32)
    np.testing.assert_array_equal(got.view(np.uint32), expected.view(np.uint32))
    exact = a.astype(np.float64) @ b.astype(np.float64)
    bound = k * 2.0**-24 * (np.abs(a.astype(np.float64)) @ np.abs(b.astype(np.float64)))
    assert np.all(np.abs(got - exact) <= bound)


# -- wmma (m16n16k16) -----------------------------------------------------------------------

NUMPY_BITS = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


def _to_memory(matrix: np.ndarray, layout: str, stride: int, fill: int) -> np.ndarray:
    """A matrix stored with `stride` elements between rows (.row) or columns (.col); the
    padding holds `fill`."""
    memory = np.full(32 * stride, fill, np.uint64)  # up to 32 rows or columns
    for r in range(matrix.shape[0]):
        for c in range(matrix.shape[1]):
            memory[r * stride + c if layout == "row" else c * stride + r] = matrix[r, c]
    return memory


def _from_memory(memory: np.ndarray, layout: str, stride: int, shape) -> np.ndarray:
    out = np.zeros(shape, np.uint64)
    for r in range(shape[0]):
        for c in range(shape[1]):
            out[r, c] = memory[r * stride + c if layout == "row" else c * stride + r]
    return out


# wmma shape and the mma whose model applies, by A type
WMMA_SHAPE = {"tf32": ("m16n16k8", "m16n8k8"), "f64": ("m8n8k4", "m8n8k4")}


WMMA_CASES = [
    # (A/B type, C type, D type, A layout, B layout, C layout, D layout, satfinite)
    ("f16", "f32", "f32", "row", "col", "row", "row", False),
    ("f16", "f16", "f16", "col", "row", "col", "row", False),
    ("f16", "f16", "f32", "row", "row", "row", "col", False),
    ("f16", "f32", "f16", "col", "col", "row", "row", False),
    ("bf16", "f32", "f32", "row", "col", "col", "col", False),
    ("s8", "s32", "s32", "row", "col", "row", "row", False),
    ("u8", "s32", "s32", "col", "row", "row", "col", True),
    ("s8", "s32", "s32", "row", "row", "row", "row", True),
    ("tf32", "f32", "f32", "row", "col", "row", "row", False),
    ("tf32", "f32", "f32", "col", "row", "col", "row", False),
    ("f64", "f64", "f64", "row", "col", "row", "col", False),
    ("f64", "f64", "f64", "col", "row", "col", "row", False),
    ("f16", "f32", "f32", "row", "col", "row", "row", False, "m32n8k16"),
    ("f16", "f16", "f16", "col", "row", "col", "col", False, "m8n32k16"),
    ("bf16", "f32", "f32", "col", "col", "row", "col", False, "m32n8k16"),
    ("bf16", "f32", "f32", "row", "row", "col", "row", False, "m8n32k16"),
    ("s8", "s32", "s32", "row", "col", "row", "row", True, "m32n8k16"),
    ("u8", "s32", "s32", "col", "row", "col", "row", False, "m8n32k16"),
]


def _wmma_spelling(at: str, ct: str, dt: str, al: str, bl: str, satf: bool, shape: str) -> str:
    types = f"{dt}.{ct}" if at == "f16" else f"{dt}.{at}.{at}.{ct}"
    return f"wmma.mma.sync.aligned.{al}.{bl}.{shape}.{types}{'.satfinite' if satf else ''}"


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("case", WMMA_CASES, ids=lambda c: "-".join(map(str, c)))
def test_wmma(case, warp_size: int) -> None:
    """wmma.load (with padded strides, both layouts), wmma.mma, wmma.store: D as mma's
    model computes it, stored where the layout and stride say, the padding untouched."""
    at, ct, dt, al, bl, cl, dl, satf, *other_shape = case
    shape, mma_shape = WMMA_SHAPE.get(at, ("m16n16k16", "m16n8k16"))
    shape = other_shape[0] if other_shape else shape
    m, n, k = dims(shape)
    strides = {"a": 40, "b": 36, "c": 34, "d": 44}
    rng = np.random.default_rng(zlib.crc32(repr(case).encode()) + warp_size)
    form = Form(mma_shape, dt, at, at, ct, satf)  # the model's element types
    # registers per ISA 9.7.14.4.1 (f64 C/D: two, as clang's NVPTX backend and ptxas have it)
    a_regs, b_regs = {
        "m16n16k16": {"f16": (8, 8), "bf16": (4, 4)},
        "m32n8k16": {"f16": (8, 8), "bf16": (8, 2), "s8": (4, 1), "u8": (4, 1)},
        "m8n32k16": {"f16": (8, 8), "bf16": (2, 8), "s8": (1, 4), "u8": (1, 4)},
        "m16n16k8": {"tf32": (4, 4)},
        "m8n8k4": {"f64": (1, 1)},
    }[shape].get(at, (2, 2))
    cd = {"f16": 4, "f64": 2}
    regs = {"a": a_regs, "b": b_regs, "c": cd.get(ct, 8), "d": cd.get(dt, 8)}
    bits = {"a": BITS[at], "b": BITS[at], "c": BITS[ct], "d": BITS[dt]}
    vec = {x: "{" + ", ".join(f"%{x}{i}" for i in range(regs[x])) + "}" for x in "abcd"}
    sp = "wmma.load.{x}.sync.aligned.{layout}.{shape}.global.{t} {v}, [%p{i}], {s};"
    reg = "b64" if at == "f64" else "b32"
    lines = [
        HEADER + ".visible .entry k(.param .u64 p0, .param .u64 p1, .param .u64 p2, "
        ".param .u64 p3)\n{",
        f"  .reg .{reg} %a<8>, %b<8>, %c<8>, %d<8>;",
        "  .reg .b32 %w;",
        "  .reg .b64 %p<4>, %o;",
        "  mov.u32 %w, %tid.x;",
        "  shr.u32 %w, %w, 5;",
    ]  # fmt: skip
    for i, x in enumerate("abcd"):
        size = 32 * strides[x] * bits[x] // 8
        lines += [f"  ld.param.u64 %p{i}, [p{i}];", f"  mul.wide.u32 %o, %w, {size};",
                  f"  add.s64 %p{i}, %p{i}, %o;"]  # fmt: skip
    for i, (x, layout, t) in enumerate((("a", al, at), ("b", bl, at), ("c", cl, ct))):
        lines.append("  " + sp.format(x=x, layout=layout, shape=shape, t=t, v=vec[x], i=i,
                                      s=strides[x]))  # fmt: skip
    lines.append(f"  {_wmma_spelling(at, ct, dt, al, bl, satf, shape)} {vec['d']}, {vec['a']}, "
                 f"{vec['b']}, {vec['c']};")  # fmt: skip
    lines.append(f"  wmma.store.d.sync.aligned.{dl}.{shape}.global.{dt} [%p3], {vec['d']}, "
                 f"{strides['d']};\n  ret;\n}}\n")  # fmt: skip
    text = "\n".join(lines)
    mats = []
    for w in range(WARPS):
        a = random_bits(rng, at, (m, k))
        b = random_bits(rng, at, (k, n))
        c = random_bits(rng, ct, (m, n), 4.0)
        if w == 1:  # edge values
            for mat, fmt in ((a, at), (b, at), (c, ct)):
                flat = mat.reshape(-1)
                picks = rng.choice(flat.size, flat.size // 4, replace=False)
                flat[picks] = rng.choice(EDGE[fmt], picks.size)
        mats.append((a, b, c))
    sentinel = 0x5A5A5A5A & ((1 << bits["d"]) - 1)
    bufs = []
    for x, layout, index in (("a", al, 0), ("b", bl, 1), ("c", cl, 2)):
        memory = np.concatenate([_to_memory(y[index], layout, strides[x], 0) for y in mats])
        bufs.append(host.to_device(memory.astype(NUMPY_BITS[bits[x]])))
    out = np.full(WARPS * 32 * strides["d"], sentinel, NUMPY_BITS[bits["d"]])
    d_buf = host.to_device(out)
    host.Module.from_ptx(text).launch("k", 1, 32 * WARPS, [*bufs, d_buf], warp_size=warp_size)
    memory = d_buf.to_numpy().astype(np.uint64).reshape(WARPS, -1)
    got = [_from_memory(memory[w], dl, strides["d"], (m, n)) for w in range(WARPS)]
    check(form, mats, got)
    for w in range(WARPS):
        padding = np.ones(32 * strides["d"], bool)
        padding[_to_memory(np.ones((m, n), np.uint64), dl, strides["d"], 0) == 1] = False
        assert np.all(memory[w][padding] == sentinel), "wmma.store wrote outside D"


# -- mma.m8n8k4 with .f16 (four 8x8x4 products per warp, one per quad pair) ---------------


def _hi(lane: int) -> int:
    return 4 * (lane >= 16)


M884 = {  # (matrix, layout or C/D type) -> lane, i -> (row, col), ISA 9.7.14.5.1
    ("a", "row"): lambda ln, i: (ln % 4 + _hi(ln), i),
    ("a", "col"): lambda ln, i: (i % 4 + _hi(ln), ln % 4),
    ("b", "row"): lambda ln, i: (ln % 4, i + _hi(ln)),
    ("b", "col"): lambda ln, i: (i, ln % 4 + _hi(ln)),
    ("c", "f16"): lambda ln, i: (ln % 4 + _hi(ln), i),
    ("c", "f32"): lambda ln, i: ((ln & 1) + (i & 2) + _hi(ln), (i & 4) + (ln & 2) + (i & 1)),
}


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("al", ["row", "col"])
@pytest.mark.parametrize("bl", ["row", "col"])
@pytest.mark.parametrize("acc", ["f16", "f32"])
def test_mma_m8n8k4_f16(acc: str, bl: str, al: str, warp_size: int) -> None:
    """Each quad pair q (lanes 4q..4q+3 and 4q+16..4q+19) computes its own product."""
    spelling = f"mma.sync.aligned.m8n8k4.{al}.{bl}.{acc}.f16.f16.{acc}"
    ncd = 4 if acc == "f16" else 8
    text = mma_kernel(spelling, 2, 2, ncd, ncd, False)
    rng = np.random.default_rng(zlib.crc32(spelling.encode()) + warp_size)
    form = Form("m16n8k16", acc, "f16", "f16", acc)  # the model's element types (k from A)
    quads = []  # per warp, per quad pair: (A 8x4, B 4x8, C 8x8) element bits
    for w in range(WARPS):
        quads.append([])
        for q in range(4):
            a, b = random_bits(rng, "f16", (8, 4)), random_bits(rng, "f16", (4, 8))
            c = random_bits(rng, acc, (8, 8), 4.0)
            if w == 1 and q == 2:
                for mat, fmt in ((a, "f16"), (b, "f16"), (c, acc)):
                    flat = mat.reshape(-1)
                    picks = rng.choice(flat.size, 8, replace=False)
                    flat[picks] = rng.choice(EDGE[fmt], picks.size)
            quads[w].append((a, b, c))
    regs = {"a": np.zeros((32 * WARPS, 2), np.uint32), "b": np.zeros((32 * WARPS, 2), np.uint32),
            "c": np.zeros((32 * WARPS, ncd), np.uint32)}  # fmt: skip
    keys = {"a": ("a", al, 0, 4, 16), "b": ("b", bl, 1, 4, 16), "c": ("c", acc, 2, 8, BITS[acc])}
    for thread in range(32 * WARPS):
        w, lane = divmod(thread, 32)
        q = (lane >> 2) & 3
        for x, (m, key, index, count, bits) in keys.items():
            per = 32 // bits
            for i in range(count):
                r, col = M884[m, key](lane, i)
                value = int(quads[w][q][index][r, col])
                regs[x][thread, i // per] |= value << (bits * (i % per))
    out = host.zeros((32 * WARPS, ncd), np.uint32)
    module = host.Module.from_ptx(text)
    module.launch("k", 1, 32 * WARPS, [host.to_device(regs[x]) for x in "abc"] + [out],
                  warp_size=warp_size)  # fmt: skip
    d = out.to_numpy()
    for w in range(WARPS):
        for q in range(4):
            got = np.zeros((8, 8), np.uint64)
            for lane in [4 * q + r for r in range(4)] + [4 * q + 16 + r for r in range(4)]:
                per = 32 // BITS[acc]
                for i in range(8):
                    r, col = M884["c", acc](lane, i)
                    word = int(d[32 * w + lane, i // per])
                    got[r, col] = (word >> (BITS[acc] * (i % per))) & ((1 << BITS[acc]) - 1)
            check(form, [quads[w][q]], [got])


@pytest.mark.skipif(shutil.which("ptxas") is None, reason="REQUIRES: ptxas")
def test_fixture_is_legal_ptx() -> None:
    """The hand-written fixture (GEMM and every lowered form) is PTX that ptxas accepts."""
    subprocess.run(["ptxas", "-arch=sm_90", str(GEMM), "-o", os.devnull], check=True)


# -- clang's wmma builtins (tests/data/cuda/tensor.cu, compiled by clang's NVPTX backend) ----

TENSOR_CU = Path(__file__).resolve().parents[1] / "data" / "cuda" / "tensor.cu"


@pytest.fixture(scope="module")
def tensor_ptx(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """tensor.cu's PTX from clang (sm_80), by -O level."""
    spec = importlib.util.spec_from_file_location(
        "cu2amd_mma_corpus", TENSOR_CU.parent / "corpus.py"
    )
    assert spec is not None and spec.loader is not None
    corpus = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = corpus  # dataclasses look their module up by name
    spec.loader.exec_module(corpus)
    variants = [corpus.Variant(TENSOR_CU, "sm_80", opt, "", False, 80) for opt in ("-O0", "-O2")]
    built = corpus.build(tmp_path_factory.mktemp("tensor"), variants)
    return {v.opt: path for v, path in built}


def _stored(matrix: np.ndarray, layout: str, ldm: int) -> np.ndarray:
    """A matrix's elements where wmma.load/store with this layout and stride find them."""
    rows, cols = matrix.shape
    memory = np.zeros(ldm * (rows if layout == "row" else cols), matrix.dtype)
    for r in range(rows):
        for c in range(cols):
            memory[r * ldm + c if layout == "row" else c * ldm + r] = matrix[r, c]
    return memory


# kernel: (wmma shape, A/B type, C/D type, (layout, ldm) of A, B, C, D); the mma's own
# layout argument does not change the product of cu2amd's fragments. (wmma_shapes stores
# a 32x8 column-major D with a stride of 8: its columns overlap, so it is not run.)
CLANG_WMMA = {
    "_Z8wmma_f16PfPKiS1_PKf": ("m16n16k16", "f16", "f32", [("row", 16), ("col", 16),
                                                          ("row", 16), ("row", 16)]),
    "_Z4immaPiPKiS1_S1_": ("m16n16k16", "s8", "s32", [("row", 16), ("col", 16), ("row", 16),
                                                     ("row", 16)]),
    "_Z4dmmaPdPKdS1_S1_": ("m8n8k4", "f64", "f64", [("row", 4), ("row", 8), ("row", 8),
                                                   ("row", 8)]),
    "_Z4tf32PfPKiS1_PKf": ("m16n16k8", "tf32", "f32", [("row", 8), ("row", 16), ("row", 16),
                                                      ("row", 16)]),
}  # fmt: skip


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
@pytest.mark.parametrize("kernel", sorted(CLANG_WMMA))
def test_clang_wmma_builtins(tensor_ptx: dict[str, Path], kernel: str, opt: str) -> None:
    """clang's __hmma/__imma/__dmma/__mma_tf32 builtins (wmma.load, wmma.mma, wmma.store)
    run on the host platform: D = A x B + C as the mma model computes it."""
    shape, ab, cd, layouts = CLANG_WMMA[kernel]
    m, n, k = dims(shape)
    rng = np.random.default_rng(zlib.crc32(kernel.encode()))
    a, b = random_bits(rng, ab, (m, k)), random_bits(rng, ab, (k, n))
    c = random_bits(rng, cd, (m, n), 4.0)
    dtype = NUMPY_BITS[BITS[ab]]
    cd_dtype = NUMPY_BITS[BITS[cd]]
    args = [
        _stored(a.astype(dtype), *layouts[0]),
        _stored(b.astype(dtype), *layouts[1]),
        _stored(c.astype(cd_dtype), *layouts[2]),
    ]
    out = host.zeros(_stored(np.zeros((m, n), cd_dtype), *layouts[3]).size, cd_dtype)
    module = host.Module.from_file(tensor_ptx[opt])
    module.launch(kernel, 1, 32, [out, *(host.to_device(x) for x in args)])
    layout, ldm = layouts[3]
    memory = out.to_numpy()
    got = np.array([[memory[r * ldm + col if layout == "row" else col * ldm + r]
                     for col in range(n)] for r in range(m)], np.uint64)  # fmt: skip
    mma_shape = {"m8n8k4": "m8n8k4", "m16n16k8": "m16n8k8"}.get(shape, "m16n8k16")
    check(Form(mma_shape, cd, ab, ab, cd), [(a, b, c)], [got])
