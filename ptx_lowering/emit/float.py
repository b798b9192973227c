"""Floating-point arithmetic (PTX ISA 9.7.3): add, sub, mul, fma/mad, abs, neg, min, max,
copysign, testp, on .f32 and .f64. Division and special functions are in fmath.py.

Every form is exact:
- `.rn` is LLVM's IEEE arithmetic; `.rz .rm .rp` are emulated exactly (fround.py: the
  hardware rounding mode cannot be used safely). Without a rounding modifier PTX lets
  add/sub/mul contract into fma (9.7.3.3), which LLVM's `contract` flag expresses.
- `.ftz` flushes subnormal inputs and results of that instruction to sign-preserving zero
  (fpcore.flush), so functions mixing modes get what each instruction says; `.sat`
  clamps to [+0.0, 1.0] after it, NaN to +0.0.
- min/max follow the ISA's pseudocode: a NaN operand is ignored (`llvm.minimumnum`, which
  also orders -0.0 below +0.0), or with `.NaN` makes the result the canonical NaN;
  `.xorsign.abs` and `.abs` apply as the ISA says, the three-input forms fold left.

NaN results of .f32 operations are unspecified NaNs (9.7.3); .f64 ones keep the payload
of a NaN input where LLVM's operations do (a quieted input NaN on both targets).
"""

from __future__ import annotations

import math

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit import fpcore as fp
from cu2amd.ptx_lowering.emit import fround
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES


def _sources(ctx: FunctionContext, instr: ast.Instruction) -> list[ir.Value]:
    """The source operands, flushed when the instruction has .ftz."""
    t = instr.decoded.type()
    values = [ctx.read(o, t) for o in instr.operands[1:]]
    if instr.decoded.has("ftz"):
        values = [fp.flush(ctx.builder, v) for v in values]
    return values


def _finish(ctx: FunctionContext, instr: ast.Instruction, value: ir.Value) -> None:
    """Write the result, flushed with .ftz and clamped with .sat."""
    if instr.decoded.has("ftz"):
        value = fp.flush(ctx.builder, value)
    if instr.decoded.has("sat"):
        value = fp.saturate(ctx.builder, value)
    ctx.write(instr.operands[0], value, instr.decoded.type())


def _binary(ctx: FunctionContext, instr: ast.Instruction, op: str) -> None:
    a, b = _sources(ctx, instr)
    rnd = instr.decoded.get("rnd")
    bld = ctx.builder
    if rnd in fround.MODES:
        if op == "fsub":
            result = fround.add(bld, a, bld.fneg(b), rnd)
        else:
            result = (fround.add if op == "fadd" else fround.mul)(bld, a, b, rnd)
    else:
        result = getattr(bld, op)(a, b, flags=() if rnd else ("contract",))
    _finish(ctx, instr, result)


@emitter("float.add")
def add(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _binary(ctx, instr, "fadd")


@emitter("float.sub")
def sub(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _binary(ctx, instr, "fsub")


@emitter("float.mul")
def mul(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _binary(ctx, instr, "fmul")


@emitter("float.fma")
def fma(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """fma.rnd and mad.rnd (the same instruction, 9.7.3.7)."""
    a, b, c = _sources(ctx, instr)
    rnd = instr.decoded.get("rnd")
    if rnd in fround.MODES:
        result = fround.fma(ctx.builder, a, b, c, rnd)
    else:
        result = fp.fma(ctx.builder, a, b, c)
    _finish(ctx, instr, result)


@emitter("float.abs")
def abs_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    (a,) = _sources(ctx, instr)
    _finish(ctx, instr, fp.fabs(ctx.builder, a))


@emitter("float.neg")
def neg(ctx: FunctionContext, instr: ast.Instruction) -> None:
    (a,) = _sources(ctx, instr)
    _finish(ctx, instr, ctx.builder.fneg(a))


@emitter("float.copysign")
def copysign(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.3.2: d is b with the sign of a."""
    a, b = _sources(ctx, instr)
    _finish(ctx, instr, fp.copysign(ctx.builder, b, a))


@emitter("float.testp")
def testp(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.3.1; zeros count as normal numbers."""
    (a,) = _sources(ctx, instr)
    b = ctx.builder
    fmt = fp.fmt_of(a.type)
    ax = fp.fabs(b, a)
    test = instr.decoded.get("test")
    if test in ("number", "notanumber"):
        result = b.fcmp_ordered("ord", a, a) if test == "number" else fp.is_nan(b, a)
    elif test in ("finite", "infinite"):
        result = b.fcmp_ordered("<" if test == "finite" else "==", ax, fp.const(fmt, math.inf))
    elif test == "normal":  # at least the smallest normal, finite, or zero
        normal = b.fcmp_ordered(">=", ax, fp.const(fmt, fmt.min_normal))
        finite = b.fcmp_ordered("<", ax, fp.const(fmt, math.inf))
        result = b.or_(b.and_(normal, finite), fp.is_zero(b, a))
    else:  # subnormal: below the smallest normal, not zero (NaN compares false)
        tiny = b.fcmp_ordered("<", ax, fp.const(fmt, fmt.min_normal))
        result = b.and_(tiny, b.fcmp_ordered("!=", a, fp.const(fmt, 0.0)))
    ctx.write(instr.operands[0], result, TYPES["pred"])


def _two_inputs(ctx: FunctionContext, which: str, nan: bool, x: ir.Value, y: ir.Value):
    """two_inputs_min/max of 9.7.3.11: min_num (a NaN operand is ignored) or min_nan."""
    b = ctx.builder
    if not nan:
        return fp.intrinsic(b, f"{which}imumnum", [x, y])
    fmt = fp.fmt_of(x.type)
    r = fp.intrinsic(b, f"{which}imum", [x, y])  # NaN if either is NaN; -0 < +0
    return b.select(fp.is_nan(b, r), fp.const_bits(fmt, fmt.canonical_nan()), r)


def _min_max(ctx: FunctionContext, instr: ast.Instruction, which: str) -> None:
    d = instr.decoded
    values = _sources(ctx, instr)
    b = ctx.builder
    nan = d.has("nan")
    xorsign = d.has("xorsign")
    sign = None
    if xorsign:  # the sign bits before .abs
        sign = b.xor(fp.bits(b, values[0]), fp.bits(b, values[1]))
    if xorsign or d.has("abs"):
        values = [fp.fabs(b, v) for v in values]
    result = _two_inputs(ctx, which, nan, values[0], values[1])
    if len(values) == 3:
        result = _two_inputs(ctx, which, nan, result, values[2])
    if sign is not None:  # a NaN result keeps no sign from .xorsign
        fmt = fp.fmt_of(result.type)
        signed = fp.from_bits(
            b, fmt, b.or_(fp.bits(b, result), b.and_(sign, ir.Constant(fmt.ity, fmt.sign_mask)))
        )
        result = b.select(fp.is_nan(b, result), result, signed)
    _finish(ctx, instr, result)


@emitter("float.min")
def min_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _min_max(ctx, instr, "min")


@emitter("float.max")
def max_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _min_max(ctx, instr, "max")
