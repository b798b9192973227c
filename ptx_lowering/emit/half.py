"""Half-precision arithmetic (PTX ISA 9.7.4: .f16, .f16x2, .bf16, .bf16x2) and mixed
precision (9.7.5: .f32 results from .f16/.bf16 inputs).

Each lane is computed exactly, then rounded once to nearest even:
- add, sub, mul: in f32, where the exact sum or product of two .f16 or .bf16 values
  rounds to f32 and then to the narrow format with the same result as one rounding
  (f32 carries more than 2p + 2 bits; for .bf16 near zero the sums and products are exact
  in f32), so `fptrunc` (.f16) or the bit-level rounding of fpbits.py (.bf16) gives the
  correctly rounded result.
- fma: the exact product (in f32 for .f16, f64 for .bf16), its sum with c rounded to odd
  (round to nearest plus the TwoSum error decides the last bit), then rounded to nearest:
  rounding to odd in a format with at least p + 2 more bits makes the second rounding
  correct (Boldo and Melquiond, "When double rounding is odd", 2005).
- neg, abs: the sign bit. min, max: compares with -0.0 < +0.0 and NaN rules of the ISA.
- tanh, ex2 (.approx): the f32 approximations of fmath.py (the same helpers as tanh.f32
  and ex2.f32, on every target), well inside the ISA's error bounds, then rounded.
NaN results are the canonical NaN (0x7fff); `.ftz` flushes subnormal inputs and results;
`.sat` clamps to [0.0, 1.0]; `.relu` clamps negative results to +0.0.
"""

from __future__ import annotations

from collections.abc import Callable

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit import fmath, fpbits
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.fpbits import const
from cu2amd.ptx_lowering.emit.fpcore import helper
from cu2amd.ptx_lowering.emit.fpformat import FORMATS, HALF_FORMATS
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import call_intrinsic
from cu2amd.ptx_lowering.isa.types import TYPES

I16, I32, I64 = ir.IntType(16), ir.IntType(32), ir.IntType(64)
F32, F64 = ir.FloatType(), ir.DoubleType()
Lane = Callable[..., ir.Value]


def read_lanes(ctx: FunctionContext, op: ast.Operand, t: str) -> list[ir.Value]:
    """The 16-bit lanes of a half-precision operand, low lane first."""
    value = ctx.read(op, TYPES[t])
    b = ctx.builder
    if t == "f16":
        return [b.bitcast(value, I16)]
    if t == "bf16":
        return [value]
    return [b.trunc(value, I16), b.trunc(b.lshr(value, const(I32, 16)), I16)]


def write_lanes(ctx: FunctionContext, op: ast.Operand, lanes: list[ir.Value]) -> None:
    b = ctx.builder
    if len(lanes) == 1:
        ctx.write(op, lanes[0], TYPES["b16"])
        return
    low, high = (b.zext(lane, I32) for lane in lanes)
    ctx.write(op, b.or_(low, b.shl(high, const(I32, 16))), TYPES["b32"])


def lanewise(ctx: FunctionContext, instr: ast.Instruction, fn: Lane) -> None:
    """d = fn(a, b, ...) lane by lane, each lane as its 16 bits."""
    t = instr.decoded.get("type")
    assert t is not None
    sources = [read_lanes(ctx, op, t) for op in instr.operands[1:]]
    write_lanes(ctx, instr.operands[0], [fn(*args) for args in zip(*sources, strict=True)])


# -- f32 <-> half conversions (exact one way, rounding to nearest the other) ----------------


def widen(b: ir.IRBuilder, bits: ir.Value, fmt: str) -> ir.Value:
    """A .f16 or .bf16 value (as bits) as the f32 holding it exactly."""
    if fmt == "f16":
        return b.fpext(b.bitcast(bits, ir.HalfType()), F32)
    return b.bitcast(b.shl(b.zext(bits, I32), const(I32, 16)), F32)


def narrow(b: ir.IRBuilder, x: ir.Value, fmt: str) -> ir.Value:
    """An f32 or f64 rounded to nearest even .f16 or .bf16; NaN gives the canonical NaN."""
    if fmt == "f16" and isinstance(x.type, ir.FloatType):
        out = b.bitcast(b.fptrunc(x, ir.HalfType()), I16)
        return fpbits.canonicalize_nan(b, out, FORMATS["f16"])
    src = "f32" if isinstance(x.type, ir.FloatType) else "f64"
    bits = b.bitcast(x, I32 if src == "f32" else I64)
    return fpbits.convert_float(b, bits, FORMATS[src], FORMATS[fmt], "rn")


def finish(b: ir.IRBuilder, bits: ir.Value, fmt: str, ftz: bool, sat: bool, relu: bool = False):
    f = FORMATS[fmt]
    if ftz:
        bits = fpbits.flush_subnormal(b, bits, f)
    if sat:
        bits = fpbits.saturate01(b, bits, f)
    if relu:
        bits = fpbits.relu(b, bits, f)
    return bits


def _modifiers(instr: ast.Instruction) -> tuple[str, bool, bool, bool]:
    d = instr.decoded
    t = d.get("type")
    assert t is not None
    return HALF_FORMATS[t], d.has("ftz"), d.has("sat"), d.has("relu")


# -- add, sub, mul, fma ---------------------------------------------------------------------


def _binary(ctx: FunctionContext, instr: ast.Instruction, op: str) -> None:
    fmt, ftz, sat, _ = _modifiers(instr)
    b = ctx.builder
    f = FORMATS[fmt]

    def lane(x: ir.Value, y: ir.Value) -> ir.Value:
        if ftz:
            x, y = fpbits.flush_subnormal(b, x, f), fpbits.flush_subnormal(b, y, f)
        r = getattr(b, op)(widen(b, x, fmt), widen(b, y, fmt))
        return finish(b, narrow(b, r, fmt), fmt, ftz, sat)

    lanewise(ctx, instr, lane)


@emitter("half.add")
def add(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _binary(ctx, instr, "fadd")


@emitter("half.sub")
def sub(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _binary(ctx, instr, "fsub")


@emitter("half.mul")
def mul(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _binary(ctx, instr, "fmul")


def round_to_odd_sum(b: ir.IRBuilder, p: ir.Value, c: ir.Value) -> ir.Value:
    """p + c rounded to odd: RN(p + c), moved one step toward the exact sum when it is
    inexact and its last bit is even (the TwoSum error is exact: Knuth)."""
    s = b.fadd(p, c)
    bp = b.fsub(s, p)
    err = b.fadd(b.fsub(p, b.fsub(s, bp)), b.fsub(c, bp))
    ity = I32 if isinstance(s.type, ir.FloatType) else I64
    bits = b.bitcast(s, ity)
    even = b.icmp_unsigned("==", b.and_(bits, const(ity, 1)), const(ity, 0))
    inexact = b.fcmp_ordered("!=", err, ir.Constant(s.type, 0.0))  # false for inf/NaN
    same_sign = b.icmp_signed("==", b.icmp_signed("<", bits, const(ity, 0)),
                              b.icmp_signed("<", b.bitcast(err, ity), const(ity, 0)))  # fmt: skip
    step = b.select(same_sign, const(ity, 1), const(ity, -1))
    bits = b.select(b.and_(even, inexact), b.add(bits, step), bits)
    return b.bitcast(bits, s.type)


@emitter("half.fma")
def fma(ctx: FunctionContext, instr: ast.Instruction) -> None:
    fmt, ftz, sat, relu = _modifiers(instr)
    b = ctx.builder
    f = FORMATS[fmt]
    wide = F32 if fmt == "f16" else F64  # holds the product exactly

    def body(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        xs = [widen(h, v, fmt) for v in args]
        if wide is F64:
            xs = [h.fpext(v, F64) for v in xs]
        return narrow(h, round_to_odd_sum(h, h.fmul(xs[0], xs[1]), xs[2]), fmt)

    def lane(x: ir.Value, y: ir.Value, z: ir.Value) -> ir.Value:
        if ftz:
            x, y, z = (fpbits.flush_subnormal(b, v, f) for v in (x, y, z))
        r = helper(b, f"cu2amd.fma.rn.{fmt}", I16, [x, y, z], body)
        return finish(b, r, fmt, ftz, sat, relu)

    lanewise(ctx, instr, lane)


# -- neg, abs, min, max ---------------------------------------------------------------------


def _sign_op(ctx: FunctionContext, instr: ast.Instruction, negate: bool) -> None:
    fmt, ftz, _, _ = _modifiers(instr)
    b = ctx.builder

    def lane(x: ir.Value) -> ir.Value:
        if ftz:
            x = fpbits.flush_subnormal(b, x, FORMATS[fmt])
        return b.xor(x, const(I16, 0x8000)) if negate else b.and_(x, const(I16, 0x7FFF))

    lanewise(ctx, instr, lane)


@emitter("half.neg")
def neg(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _sign_op(ctx, instr, negate=True)


@emitter("half.abs")
def abs_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _sign_op(ctx, instr, negate=False)


def _min_max(ctx: FunctionContext, instr: ast.Instruction, is_min: bool) -> None:
    """PTX 9.7.4.7/8: NaN inputs are ignored (both NaN, or either with .NaN: the canonical
    NaN); -0.0 < +0.0; .xorsign.abs compares magnitudes and gives the result the XOR of
    the input signs."""
    fmt, ftz, _, _ = _modifiers(instr)
    nan_mode, xorsign = instr.decoded.has("nan"), instr.decoded.has("xorsign")
    b = ctx.builder
    f = FORMATS[fmt]
    canonical = const(I16, f.nan)

    def lane(x: ir.Value, y: ir.Value) -> ir.Value:
        if ftz:
            x, y = fpbits.flush_subnormal(b, x, f), fpbits.flush_subnormal(b, y, f)
        sign = b.and_(b.xor(x, y), const(I16, 0x8000))
        if xorsign:
            x, y = b.and_(x, const(I16, 0x7FFF)), b.and_(y, const(I16, 0x7FFF))
        xf, yf = widen(b, x, fmt), widen(b, y, fmt)
        lt, gt = b.fcmp_ordered("<", xf, yf), b.fcmp_ordered(">", xf, yf)
        if is_min:  # equal: the same value, or zeros of either sign (-0.0 wins)
            pick = b.select(lt, x, b.select(gt, y, b.or_(x, y)))
        else:
            pick = b.select(gt, x, b.select(lt, y, b.and_(x, y)))
        if xorsign:
            pick = b.or_(b.and_(pick, const(I16, 0x7FFF)), sign)
        x_nan, y_nan = fpbits.is_nan(b, x, f), fpbits.is_nan(b, y, f)
        either = b.or_(x_nan, y_nan)
        if nan_mode:
            return b.select(either, canonical, pick)
        pick = b.select(x_nan, y, b.select(y_nan, x, pick))
        if xorsign:  # the other input, with the XOR sign
            pick = b.select(either, b.or_(b.and_(pick, const(I16, 0x7FFF)), sign), pick)
        return b.select(b.and_(x_nan, y_nan), canonical, pick)

    lanewise(ctx, instr, lane)


@emitter("half.min")
def min_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _min_max(ctx, instr, is_min=True)


@emitter("half.max")
def max_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _min_max(ctx, instr, is_min=False)


# -- tanh, ex2 (.approx) --------------------------------------------------------------------


def _approx(ctx: FunctionContext, instr: ast.Instruction, op: str, fn: Callable) -> None:
    fmt, ftz, _, _ = _modifiers(instr)
    b = ctx.builder
    f = FORMATS[fmt]

    def lane(x: ir.Value) -> ir.Value:
        if ftz:
            x = fpbits.flush_subnormal(b, x, f)
        out = helper(
            b, f"cu2amd.{op}.approx.{fmt}", I16, [x],
            lambda h, args: narrow(h, fn(h, widen(h, args[0], fmt)), fmt),
        )  # fmt: skip
        return fpbits.flush_subnormal(b, out, f) if ftz else out

    lanewise(ctx, instr, lane)


@emitter("half.tanh")
def tanh(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _approx(ctx, instr, "tanh", fmath.tanh)


@emitter("half.ex2")
def ex2(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _approx(ctx, instr, "ex2", fmath.ex2)


# -- mixed precision: .f32 = op(.f16/.bf16 inputs converted exactly, .f32) -------------------


def _mixed(ctx: FunctionContext, instr: ast.Instruction, op: str) -> None:
    from cu2amd.ptx_lowering.emit import fround  # directed f32 rounding (float family)

    d = instr.decoded
    atype, mode = d.get("atype"), d.get("rnd") or "rn"
    assert atype is not None
    b = ctx.builder
    dest, *ops = instr.operands
    halves = [widen(b, read_lanes(ctx, o, atype)[0], atype) for o in ops[:-1]]
    c = ctx.read(ops[-1], TYPES["f32"])
    if op == "fma":
        if mode == "rn":
            r = call_intrinsic(b, "llvm.fma.f32", F32, [halves[0], halves[1], c])
        else:
            r = fround.fma(b, halves[0], halves[1], c, mode)
    else:
        c = b.fneg(c) if op == "sub" else c
        r = b.fadd(halves[0], c) if mode == "rn" else fround.add(b, halves[0], c, mode)
    bits = fpbits.canonicalize_nan(b, b.bitcast(r, I32), FORMATS["f32"])
    if d.has("sat"):
        bits = fpbits.saturate01(b, bits, FORMATS["f32"])
    ctx.write(dest, bits, TYPES["b32"])


@emitter("half.mixed_add")
def mixed_add(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _mixed(ctx, instr, "add")


@emitter("half.mixed_sub")
def mixed_sub(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _mixed(ctx, instr, "sub")


@emitter("half.mixed_fma")
def mixed_fma(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _mixed(ctx, instr, "fma")
