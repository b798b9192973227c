"""Floating-point division and special functions (PTX ISA 9.7.3.8, 9.7.3.13-22): div, rcp,
sqrt, rsqrt, sin, cos, lg2, ex2, tanh.

IEEE forms (`.rn .rz .rm .rp`) are exact: LLVM's fdiv and sqrt round correctly on both
targets (AMDGPU expands them to correctly rounded sequences), and fround.py does the
directed modes. `.approx` forms are computed within the error bound the ISA states for
each, by IR that is the same on both targets (so the host conformance tests measure what
AMDGPU runs):

- rcp.approx, sqrt.approx (bounds 1 ulp, 2**-23 relative) carry `!fpmath` 1.0, LLVM's
  contract for "at most 1 ulp", which lets AMDGPU use v_rcp_f32 / v_sqrt_f32;
- div.approx is a * (1/b) as the ISA defines it, with a correctly rounded 1/b (<= 1.5
  ulp in all; the ISA allows 2), flushed to zero for |b| > 2**126 as the ISA says;
  div.full and rsqrt use correctly rounded operations (<= 0.5 ulp, 2**-22.99 relative);
- ex2, lg2, sin, cos, tanh are range reductions and polynomials in f32 with fma
  (helpers `cu2amd.<op>.approx.f32`); measured on millions of inputs: ex2 within 0.87 ulp
  (bound 2), lg2 within 2**-23.1 absolute on (0.5, 2) and relative elsewhere (bound
  2**-22), sin/cos within 2**-23.3 absolute on [-100pi, 100pi] (bounds 2**-20.5 on
  [-2pi, 2pi], 2**-14.7) and beyond, best effort in [-1, 1] past |x| ~ 2**24, tanh within
  2**-16.2 relative (bound 2**-11).
  Polynomial coefficients: least-squares fits on Chebyshev nodes (2**f, sin, cos) and the
  Taylor series (atanh for lg2, tanh near 0).
`.ftz` flushes subnormal inputs and results (fpcore.flush).
"""

from __future__ import annotations

import math
from fractions import Fraction

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit import fpcore as fp
from cu2amd.ptx_lowering.emit import fround
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.fpcore import F32, F64, I32
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import call_intrinsic

# fmt: off
_R = fp.f32_round
EX2 = tuple(_R(c) for c in (0.6931471824645996, 0.24022647738456726, 0.05550358444452286,
                            0.009618467651307583, 0.0013390295207500458, 0.00015329346933867782))
SIN = tuple(_R(c) for c in (-0.16666655242443085, 0.008332186378538609, -0.00019518169574439526))
COS = tuple(_R(c) for c in (0.04166664555668831, -0.0013887365348637104, 2.4438240870949812e-05))
LG2 = tuple(_R(2 / (k * math.log(2))) for k in (1, 3, 5, 7, 9))  # 2 atanh(t) / ln 2
TANH = tuple(_R(c) for c in (-1 / 3, 2 / 15, -17 / 315, 62 / 2835, -1382 / 155925))
# pi/2 in three f32 parts for Cody-Waite reduction (exact first step with fma), split
# from 50 digits of pi: a double's pi/2 is off by 6e-17, the size of the third part
_PI_HALF = Fraction("3.14159265358979323846264338327950288419716939937510") / 2
PIO2: tuple[float, ...] = ()
for _ in range(3):
    PIO2 += (_R(float(_PI_HALF - sum(map(Fraction, PIO2)))),)
TANH_SMALL = 0.625  # below: the odd series; above: 1 - 2/(e**2x + 1)
# fmt: on


def _horner(b: ir.IRBuilder, x: ir.Value, coefficients: tuple[float, ...]) -> ir.Value:
    """c0 + x*(c1 + x*(c2 + ...)), with fma."""
    acc = fp.const(F32, coefficients[-1])
    for c in reversed(coefficients[:-1]):
        acc = fp.fma(b, acc, x, fp.const(F32, c))
    return acc


def _fpmath(b: ir.IRBuilder, instr: ir.Instruction, ulps: float) -> ir.Instruction:
    instr.set_metadata("fpmath", b.module.add_metadata([ir.Constant(ir.FloatType(), ulps)]))
    return instr


# -- the approximations (helpers, f32) --------------------------------------------------


def ex2(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    def body(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        (a,) = args
        nan = fp.is_nan(h, a)
        lo, hi = fp.const(F32, -152.0), fp.const(F32, 129.0)  # beyond: 0 and inf
        clamped = h.select(h.fcmp_ordered("<", a, lo), lo, a)
        clamped = h.select(h.fcmp_ordered(">", clamped, hi), hi, clamped)
        clamped = h.select(nan, fp.const(F32, 0.0), clamped)
        n = fp.intrinsic(h, "rint", [clamped])
        f = h.fsub(clamped, n)  # exact, in [-1/2, 1/2]
        p = fp.fma(h, _horner(h, f, EX2), f, fp.const(F32, 1.0))
        r = fp.ldexp(h, p, h.fptosi(n, I32))
        return h.select(nan, h.fadd(a, a), r)

    return fp.helper(b, "cu2amd.ex2.approx.f32", F32.ty, [x], body)


def lg2(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    def body(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        (a,) = args
        m, e = fp.split(h, a)
        big = h.fcmp_ordered(">", m, fp.const(F32, _R(math.sqrt(2))))
        m = h.select(big, h.fmul(m, fp.const(F32, 0.5)), m)  # m in [sqrt(1/2), sqrt(2)]
        e = h.add(e, h.zext(big, I32))
        one = fp.const(F32, 1.0)
        t = h.fdiv(h.fsub(m, one), h.fadd(m, one))  # m - 1 is exact
        r = h.fadd(h.sitofp(e, F32.ty), h.fmul(t, _horner(h, h.fmul(t, t), LG2)))
        r = h.select(fp.is_inf(h, a), a, r)
        r = h.select(fp.is_zero(h, a), fp.const(F32, -math.inf), r)
        negative = h.fcmp_ordered("<", a, fp.const(F32, 0.0))
        r = h.select(negative, fp.const_bits(F32, F32.canonical_nan()), r)
        return h.select(fp.is_nan(h, a), h.fadd(a, a), r)

    return fp.helper(b, "cu2amd.lg2.approx.f32", F32.ty, [x], body)


def _sin_cos(b: ir.IRBuilder, x: ir.Value, cosine: bool) -> ir.Value:
    def body(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        (a,) = args
        j = fp.intrinsic(h, "rint", [h.fmul(a, fp.const(F32, _R(2 / math.pi)))])
        minus_j = h.fneg(j)
        r = a
        for part in PIO2:
            r = fp.fma(h, minus_j, fp.const(F32, part), r)
        r = h.select(fp.is_zero(h, j), a, r)
        r2 = h.fmul(r, r)
        s = fp.fma(h, h.fmul(r2, r), _horner(h, r2, SIN), r)
        c = fp.fma(h, fp.const(F32, -0.5), r2, fp.const(F32, 1.0))
        c = fp.fma(h, h.fmul(r2, r2), _horner(h, r2, COS), c)
        quadrant = call_intrinsic(h, "llvm.fptosi.sat.i32.f32", I32, [j])
        if cosine:  # cos(x) = sin(x + pi/2)
            quadrant = h.add(quadrant, I32(1))
        quadrant = h.and_(quadrant, I32(3))
        odd = h.trunc(quadrant, ir.IntType(1))
        value = h.select(odd, c, s)
        negate = h.icmp_unsigned(">=", quadrant, I32(2))
        value = h.select(negate, h.fneg(value), value)
        # beyond |x| ~ 2**24 pi/2 the reduction is meaningless (no bound is stated there):
        # keep such results in [-1, 1]
        one, minus_one = fp.const(F32, 1.0), fp.const(F32, -1.0)
        value = h.select(h.fcmp_ordered(">", value, one), one, value)
        value = h.select(h.fcmp_ordered("<", value, minus_one), minus_one, value)
        return value if cosine else h.select(fp.is_zero(h, a), a, value)  # sin(-0) = -0

    name = "cos" if cosine else "sin"
    return fp.helper(b, f"cu2amd.{name}.approx.f32", F32.ty, [x], body)


def tanh(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    def body(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        (a,) = args
        ax = fp.fabs(h, a)
        a2 = h.fmul(a, a)
        small = fp.fma(h, h.fmul(a2, a), _horner(h, a2, TANH), a)  # subnormals pass through
        small = h.select(fp.is_zero(h, a), a, small)  # tanh(-0) = -0
        e = ex2(h, h.fmul(ax, fp.const(F32, _R(2 / math.log(2)))))
        one = fp.const(F32, 1.0)
        quotient = _fpmath(h, h.fdiv(fp.const(F32, 2.0), h.fadd(e, one)), 2.5)
        large = fp.copysign(h, h.fsub(one, quotient), a)
        return h.select(h.fcmp_ordered("<", ax, fp.const(F32, TANH_SMALL)), small, large)

    return fp.helper(b, "cu2amd.tanh.approx.f32", F32.ty, [x], body)


# -- emitters ---------------------------------------------------------------------------


def _unary(ctx: FunctionContext, instr: ast.Instruction, compute) -> None:
    """Read the source, flush it with .ftz, compute, flush the result with .ftz; for
    rcp/rsqrt.approx.ftz.f64 compute on the upper word (`_upper_word`)."""
    t = instr.decoded.type()
    b = ctx.builder
    ftz = instr.decoded.has("ftz")
    a = ctx.read(instr.operands[1], t)
    if ftz and t.name == "f64":
        result = _upper_word(b, a, compute)
    elif ftz:
        result = fp.flush(b, compute(b, fp.flush(b, a)))
    else:
        result = compute(b, a)
    ctx.write(instr.operands[0], result, t)


def _mode(instr: ast.Instruction) -> str | None:
    """The directed rounding mode of an IEEE form, or None for .rn."""
    rnd = instr.decoded.get("rnd")
    return rnd if rnd in fround.MODES else None


def _upper_word(b: ir.IRBuilder, x: ir.Value, compute) -> ir.Value:
    """rcp/rsqrt.approx.ftz.f64 (9.7.3.14, 9.7.3.17): the operation on the upper word of
    x (1.11.20 format), subnormal inputs and results flushed, the result rounded to 20
    mantissa bits with the lower word zero; NaNs give the canonical NaN's upper word (the
    lower word is zero like every result's: 0x7fffffff00000000)."""
    word = ir.Constant(F64.ity, 0xFFFFFFFF00000000)
    upper = fp.flush(b, fp.from_bits(b, F64, b.and_(fp.bits(b, x), word)))
    r = fp.bits(b, fp.flush(b, compute(b, upper)))
    r = b.and_(b.add(r, ir.Constant(F64.ity, 0x80000000)), word)  # to nearest (ties away)
    result = fp.from_bits(b, F64, r)
    nan = fp.const_bits(F64, F64.canonical_nan() & 0xFFFFFFFF00000000)
    return b.select(fp.is_nan(b, result), nan, result)


@emitter("fmath.div")
def div(ctx: FunctionContext, instr: ast.Instruction) -> None:
    d = instr.decoded
    t = d.type()
    b = ctx.builder
    ftz = d.has("ftz")
    x, y = (ctx.read(o, t) for o in instr.operands[1:])
    if ftz:
        x, y = fp.flush(b, x), fp.flush(b, y)
    fmt = fp.fmt_of(x.type)
    if d.get("approx") == "approx":  # 9.7.3.8: a * (1/b), 1/b flushed for |b| > 2**126
        result = b.fmul(x, fp.flush(b, b.fdiv(fp.const(fmt, 1.0), y)))
    elif (mode := _mode(instr)) is not None:
        result = fround.div(b, x, y, mode)
    else:  # .rn, and .full (bound 2 ulp)
        result = b.fdiv(x, y)
    ctx.write(instr.operands[0], fp.flush(b, result) if ftz else result, t)


@emitter("fmath.rcp")
def rcp(ctx: FunctionContext, instr: ast.Instruction) -> None:
    approx, mode = instr.decoded.has("approx"), _mode(instr)

    def compute(b: ir.IRBuilder, a: ir.Value) -> ir.Value:
        one = fp.const(fp.fmt_of(a.type), 1.0)
        if approx and a.type == F32.ty:
            return _fpmath(b, b.fdiv(one, a), 1.0)
        return fround.div(b, one, a, mode) if mode else b.fdiv(one, a)

    _unary(ctx, instr, compute)


@emitter("fmath.sqrt")
def sqrt(ctx: FunctionContext, instr: ast.Instruction) -> None:
    approx, mode = instr.decoded.has("approx"), _mode(instr)

    def compute(b: ir.IRBuilder, a: ir.Value) -> ir.Value:
        if approx:
            return _fpmath(b, fp.sqrt(b, a), 1.0)
        return fround.sqrt(b, a, mode) if mode else fp.sqrt(b, a)

    _unary(ctx, instr, compute)


@emitter("fmath.rsqrt")
def rsqrt(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """Correctly rounded sqrt and division: <= 2**-22.99 relative (bound 2**-22.9)."""
    _unary(ctx, instr, lambda b, a: b.fdiv(fp.const(fp.fmt_of(a.type), 1.0), fp.sqrt(b, a)))


@emitter("fmath.sin")
def sin(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _unary(ctx, instr, lambda b, a: _sin_cos(b, a, cosine=False))


@emitter("fmath.cos")
def cos(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _unary(ctx, instr, lambda b, a: _sin_cos(b, a, cosine=True))


@emitter("fmath.lg2")
def lg2_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _unary(ctx, instr, lg2)


@emitter("fmath.ex2")
def ex2_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _unary(ctx, instr, ex2)


@emitter("fmath.tanh")
def tanh_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _unary(ctx, instr, tanh)
