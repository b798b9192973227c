"""Integer arithmetic (PTX ISA 9.7.1): add, sub, mul, mad, mul24, mad24, sad, div, rem,
abs, neg, min, max (scalar, packed .u16x2/.s16x2, .relu), dp4a, dp2a.

The carry chain (9.7.2) is in carry.py, bit counting and bit fields in bits.py. Every
lowering is exact, including what LLVM leaves undefined and PTX does not (overflow of
signed division, division by zero: see `div`).
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import call_intrinsic
from cu2amd.ptx_lowering.isa.types import TYPES, PtxType, ptx_type

I32 = ir.IntType(32)
I64 = ir.IntType(64)
# .u16x2/.s16x2 operands are .b32 registers holding two lanes, lane 0 in bits 0..15:
# as an LLVM <2 x i16> (little-endian on every target), lane 0 is element 0.
V2I16 = ir.VectorType(ir.IntType(16), 2)


def _sources(ctx: FunctionContext, instr: ast.Instruction, t: PtxType) -> list[ir.Value]:
    return [ctx.read(op, t) for op in instr.operands[1:]]


def _suffix(ty: ir.Type) -> str:
    if isinstance(ty, ir.VectorType):
        return f"v{ty.count}i{ty.element.width}"
    return f"i{ty.width}"


def intrinsic(ctx: FunctionContext, name: str, args: list[ir.Value]) -> ir.Value:
    """`llvm.<name>.<type>` on arguments of one integer (or integer vector) type."""
    ty = args[0].type
    return call_intrinsic(ctx.builder, f"llvm.{name}.{_suffix(ty)}", ty, args)


def _lanes(ctx: FunctionContext, values: list[ir.Value]) -> list[ir.Value]:
    return [ctx.builder.bitcast(v, V2I16) for v in values]


def _packed(t: PtxType) -> bool:
    return t.lanes == 2


@emitter("int.add")
def add(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a, b = _sources(ctx, instr, t)
    bld = ctx.builder
    if _packed(t):  # 9.7.1.1: each half-word added on its own, wrapping
        a, b = _lanes(ctx, [a, b])
        result = bld.bitcast(bld.add(a, b), I32)
    elif instr.decoded.has("sat"):
        result = intrinsic(ctx, "sadd.sat", [a, b])
    else:
        result = bld.add(a, b)
    ctx.write(instr.operands[0], result, t)


@emitter("int.sub")
def sub(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a, b = _sources(ctx, instr, t)
    if instr.decoded.has("sat"):
        result = intrinsic(ctx, "ssub.sat", [a, b])
    else:
        result = ctx.builder.sub(a, b)
    ctx.write(instr.operands[0], result, t)


def _wide_type(t: PtxType) -> PtxType:
    wide = ptx_type(f"{t.name[0]}{t.bits * 2}")
    assert wide is not None
    return wide


def product(ctx: FunctionContext, mode: str, t: PtxType, a: ir.Value, b: ir.Value) -> ir.Value:
    """The mul part of mul/mad: .lo (low half), .hi (high half), .wide (full product)."""
    bld = ctx.builder
    if mode == "lo":
        return bld.mul(a, b)
    wide_ty = ir.IntType(t.bits * 2)
    ext = bld.sext if t.is_signed else bld.zext
    full = bld.mul(ext(a, wide_ty), ext(b, wide_ty))
    if mode == "wide":
        return full
    high = bld.ashr(full, wide_ty(t.bits)) if t.is_signed else bld.lshr(full, wide_ty(t.bits))
    return bld.trunc(high, ir.IntType(t.bits))


def _mode(instr: ast.Instruction) -> str:
    mode = instr.decoded.get("mode")
    assert mode is not None
    return mode


@emitter("int.mul")
def mul(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    mode = _mode(instr)
    if mode == "wide" and t.bits == 64:
        raise ctx.error("mul.wide takes 16- or 32-bit operands")
    a, b = _sources(ctx, instr, t)
    result = product(ctx, mode, t, a, b)
    ctx.write(instr.operands[0], result, _wide_type(t) if mode == "wide" else t)


@emitter("int.mad")
def mad(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    mode = _mode(instr)
    if mode == "wide" and t.bits == 64:
        raise ctx.error("mad.wide takes 16- or 32-bit operands")
    result_t = _wide_type(t) if mode == "wide" else t
    d, a_op, b_op, c_op = instr.operands
    a, b = ctx.read(a_op, t), ctx.read(b_op, t)
    c = ctx.read(c_op, result_t)
    high = product(ctx, mode, t, a, b)
    if instr.decoded.has("sat"):
        # mad.hi.sat.s32: the sum of the high half and c, clamped to MININT..MAXINT.
        result = intrinsic(ctx, "sadd.sat", [high, c])
    else:
        result = ctx.builder.add(high, c)
    ctx.write(d, result, result_t)


def _product24(ctx: FunctionContext, mode: str, t: PtxType, a: ir.Value, b: ir.Value) -> ir.Value:
    """mul24/mad24 (9.7.1.5/6): the 48-bit product of the low 24 bits of a and b (the
    high 8 bits of each source are ignored; .s32 reads the 24 bits as signed); .lo is
    bits 31..0 of it, .hi bits 47..16."""
    bld = ctx.builder
    if t.is_signed:
        a24, b24 = (bld.ashr(bld.shl(v, I32(8)), I32(8)) for v in (a, b))
        wide = bld.mul(bld.sext(a24, I64), bld.sext(b24, I64))
    else:
        a24, b24 = (bld.and_(v, I32(0xFFFFFF)) for v in (a, b))
        wide = bld.mul(bld.zext(a24, I64), bld.zext(b24, I64))
    if mode == "hi":
        wide = bld.lshr(wide, I64(16))
    return bld.trunc(wide, I32)


@emitter("int.mul24")
def mul24(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a, b = _sources(ctx, instr, t)
    ctx.write(instr.operands[0], _product24(ctx, _mode(instr), t, a, b), t)


@emitter("int.mad24")
def mad24(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a, b, c = _sources(ctx, instr, t)
    part = _product24(ctx, _mode(instr), t, a, b)
    if instr.decoded.has("sat"):  # mad24.hi.sat.s32: clamped to MININT..MAXINT
        result = intrinsic(ctx, "sadd.sat", [part, c])
    else:
        result = ctx.builder.add(part, c)
    ctx.write(instr.operands[0], result, t)


@emitter("int.sad")
def sad(ctx: FunctionContext, instr: ast.Instruction) -> None:
    # 9.7.1.7: d = c + ((a < b) ? b - a : a - b), compared by the type's signedness.
    t = instr.decoded.type()
    a, b, c = _sources(ctx, instr, t)
    bld = ctx.builder
    less = bld.icmp_signed("<", a, b) if t.is_signed else bld.icmp_unsigned("<", a, b)
    diff = bld.select(less, bld.sub(b, a), bld.sub(a, b))
    ctx.write(instr.operands[0], bld.add(c, diff), t)


def _divide(ctx: FunctionContext, instr: ast.Instruction, op: str) -> None:
    """div and rem (9.7.1.8/9). The ISA leaves division by zero "unspecified,
    machine-specific"; cu2amd gives what NVIDIA GPUs give: every bit set, for quotient and
    remainder of every type (0xFFFF... unsigned, -1 signed). The one overflowing case,
    MININT / -1, is not mentioned by the ISA: it wraps to MININT (remainder 0), as the
    two's-complement arithmetic of the hardware does. LLVM makes both cases undefined,
    so the divisor is replaced before dividing."""
    t = instr.decoded.type()
    a, b = _sources(ctx, instr, t)
    bld = ctx.builder
    ty = a.type
    zero = bld.icmp_unsigned("==", b, ty(0))
    unsafe = zero
    if t.is_signed:
        min_int = ty(1 << (t.bits - 1))
        overflow = bld.and_(bld.icmp_unsigned("==", a, min_int), bld.icmp_signed("==", b, ty(-1)))
        unsafe = bld.or_(zero, overflow)
    # Dividing by 1 instead of -1 gives MININT and remainder 0: the wrapped results.
    divisor = bld.select(unsafe, ty(1), b)
    if op == "div":
        value = bld.sdiv(a, divisor) if t.is_signed else bld.udiv(a, divisor)
    else:
        value = bld.srem(a, divisor) if t.is_signed else bld.urem(a, divisor)
    ctx.write(instr.operands[0], bld.select(zero, ty(-1), value), t)


@emitter("int.div")
def div(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _divide(ctx, instr, "div")


@emitter("int.rem")
def rem(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _divide(ctx, instr, "rem")


@emitter("int.abs")
def abs_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    (a,) = _sources(ctx, instr, t)
    # PTX: the absolute value of the most negative number is itself (no poison).
    result = call_intrinsic(ctx.builder, f"llvm.abs.i{t.bits}", a.type, [a, ir.IntType(1)(0)])
    ctx.write(instr.operands[0], result, t)


@emitter("int.neg")
def neg(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    (a,) = _sources(ctx, instr, t)
    ctx.write(instr.operands[0], ctx.builder.sub(a.type(0), a), t)


def _minmax(ctx: FunctionContext, instr: ast.Instruction, which: str) -> None:
    """min/max (9.7.1.12/13) by the type's signedness, per half-word for the packed
    types; .relu (.s32, .s16x2) then clamps negative results to 0."""
    t = instr.decoded.type()
    a, b = _sources(ctx, instr, t)
    if _packed(t):
        a, b = _lanes(ctx, [a, b])
    name = ("s" if t.is_signed else "u") + which
    result = intrinsic(ctx, name, [a, b])
    if instr.decoded.has("relu"):
        result = intrinsic(ctx, "smax", [result, ir.Constant(result.type, None)])
    if _packed(t):
        result = ctx.builder.bitcast(result, I32)
    ctx.write(instr.operands[0], result, t)


@emitter("int.min")
def min_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _minmax(ctx, instr, "min")


@emitter("int.max")
def max_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _minmax(ctx, instr, "max")


def _parts(ctx: FunctionContext, value: ir.Value, width: int, signed: bool) -> list[ir.Value]:
    """The `width`-bit fields of a 32-bit value, lowest first, sign- or zero-extended to
    32 bits (extractAndSignOrZeroExt of 9.7.1.23/24)."""
    bld = ctx.builder
    parts = []
    for i in range(32 // width):
        field = bld.trunc(bld.lshr(value, I32(i * width)) if i else value, ir.IntType(width))
        parts.append(bld.sext(field, I32) if signed else bld.zext(field, I32))
    return parts


def _dot(
    ctx: FunctionContext, instr: ast.Instruction, va: list[ir.Value], vb: list[ir.Value]
) -> None:
    """d = c + sum(va[i] * vb[i]), modulo 2^32 (c is .u32 if both types are, else .s32;
    the bits are the same)."""
    c = ctx.read(instr.operands[3], TYPES["u32"])
    bld = ctx.builder
    acc = c
    for x, y in zip(va, vb, strict=True):
        acc = bld.add(acc, bld.mul(x, y))
    ctx.write(instr.operands[0], acc, TYPES["u32"])


def _dot_sources(ctx: FunctionContext, instr: ast.Instruction) -> tuple[ir.Value, ir.Value]:
    u32 = TYPES["u32"]
    return ctx.read(instr.operands[1], u32), ctx.read(instr.operands[2], u32)


@emitter("int.dp4a")
def dp4a(ctx: FunctionContext, instr: ast.Instruction) -> None:
    # 9.7.1.23: four products of the bytes of a and b, each signed or not by its type.
    d = instr.decoded
    a, b = _dot_sources(ctx, instr)
    va = _parts(ctx, a, 8, d.type("atype").is_signed)
    vb = _parts(ctx, b, 8, d.type("btype").is_signed)
    _dot(ctx, instr, va, vb)


@emitter("int.dp2a")
def dp2a(ctx: FunctionContext, instr: ast.Instruction) -> None:
    # 9.7.1.24: the two half-words of a times bytes 0, 1 (.lo) or 2, 3 (.hi) of b.
    d = instr.decoded
    a, b = _dot_sources(ctx, instr)
    va = _parts(ctx, a, 16, d.type("atype").is_signed)
    vb = _parts(ctx, b, 8, d.type("btype").is_signed)
    first = 0 if _mode(instr) == "lo" else 2
    _dot(ctx, instr, va, vb[first : first + 2])
