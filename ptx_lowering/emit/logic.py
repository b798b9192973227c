"""Logic and shift (PTX ISA 9.7.8): and, or, xor, not, cnot, lop3, shf, shl, shr."""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import call_intrinsic
from cu2amd.ptx_lowering.isa.types import TYPES

I32 = ir.IntType(32)


def _bitwise(ctx: FunctionContext, instr: ast.Instruction, op: str) -> None:
    t = instr.decoded.type()
    a, b = (ctx.read(o, t) for o in instr.operands[1:])
    ctx.write(instr.operands[0], getattr(ctx.builder, op)(a, b), t)


@emitter("logic.and")
def and_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _bitwise(ctx, instr, "and_")


@emitter("logic.or")
def or_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _bitwise(ctx, instr, "or_")


@emitter("logic.xor")
def xor(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _bitwise(ctx, instr, "xor")


@emitter("logic.not")
def not_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a = ctx.read(instr.operands[1], t)
    ctx.write(instr.operands[0], ctx.builder.not_(a), t)


@emitter("logic.cnot")
def cnot(ctx: FunctionContext, instr: ast.Instruction) -> None:
    # 9.7.8.5: C's `!a`: 1 if a is 0, else 0.
    t = instr.decoded.type()
    a = ctx.read(instr.operands[1], t)
    zero = ctx.builder.icmp_unsigned("==", a, a.type(0))
    ctx.write(instr.operands[0], ctx.builder.zext(zero, a.type), t)


def _truth_table(bld: ir.IRBuilder, lut: int, inputs: list[ir.Value]) -> ir.Value:
    """The bitwise function of `inputs` whose truth table is `lut`: bit k of lut is the
    result for the inputs whose bits, first input most significant, spell k. Built by
    splitting on the first input, with the common shapes (and, or, xor, not, a constant,
    an input left out) spelled directly so the IR stays small for LLVM to match."""
    ty = inputs[0].type  # (never empty: a one-input table is a constant or the input)
    half = 1 << (len(inputs) - 1)  # truth-table bits of each cofactor
    full = (1 << half) - 1
    first, rest = inputs[0], inputs[1:]
    low, high = lut & full, lut >> half  # first input 0 / 1

    def sub(table: int) -> ir.Value:
        if table == 0:
            return ty(0)
        if table == full:
            return ty(-1)
        return _truth_table(bld, table, rest)

    if low == high:
        return sub(low)
    if low == 0:
        return first if high == full else bld.and_(first, sub(high))
    if high == 0:
        return bld.not_(first) if low == full else bld.and_(bld.not_(first), sub(low))
    if high == full:
        return bld.or_(first, sub(low))
    if low == full:
        return bld.or_(bld.not_(first), sub(high))
    if low ^ high == full:
        return bld.xor(first, sub(low))
    # first ? F1 : F0, as bits: F0 ^ (first & (F0 ^ F1))
    f0, f1 = sub(low), sub(high)
    return bld.xor(f0, bld.and_(first, bld.xor(f0, f1)))


@emitter("logic.lop3")
def lop3(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.8.6: d = F(a, b, c), F given by its truth table immLut (F(0xF0, 0xCC, 0xAA) =
    immLut); with .or/.and, also p = (d != 0) BoolOp q."""
    t = instr.decoded.type()
    dest, a_op, b_op, c_op, lut_op, *q_op = instr.operands
    if not isinstance(lut_op, ast.IntImm) or not 0 <= lut_op.value <= 255:
        raise ctx.error("the lookup table (immLut) must be an integer constant from 0 to 255")
    a, b, c = (ctx.read(op, t) for op in (a_op, b_op, c_op))
    result = _truth_table(ctx.builder, lut_op.value, [a, b, c])
    boolop = instr.decoded.get("bool")
    if boolop is None:
        ctx.write(dest, result, t)
        return
    if not isinstance(dest, ast.Pair):
        raise ctx.error(f"'.{boolop}' writes a predicate: the destination must be d|p")
    bld = ctx.builder
    q = ctx.read(q_op[0], TYPES["pred"])
    nonzero = bld.icmp_unsigned("!=", result, result.type(0))
    p = bld.or_(nonzero, q) if boolop == "or" else bld.and_(nonzero, q)
    ctx.write(dest.first, result, t)
    ctx.write(dest.second, p, TYPES["pred"])


@emitter("logic.shf")
def shf(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.8.7: shift the 64-bit {b, a} left (keeping the high 32 bits) or right
    (keeping the low 32 bits) by c, clamped to 32 (.clamp) or taken mod 32 (.wrap)."""
    d = instr.decoded
    dest, a_op, b_op, c_op = instr.operands
    a, b = ctx.read(a_op, TYPES["b32"]), ctx.read(b_op, TYPES["b32"])
    c = ctx.read(c_op, TYPES["u32"])
    bld = ctx.builder
    left = d.get("dir") == "l"
    name = "llvm.fshl.i32" if left else "llvm.fshr.i32"
    result = call_intrinsic(bld, name, I32, [b, a, c])  # the funnel shifts take c mod 32
    if d.get("mode") == "clamp":
        # c >= 32 shifts by 32: all of a moves into the high word (l), b into the low (r)
        result = bld.select(bld.icmp_unsigned(">=", c, I32(32)), a if left else b, result)
    ctx.write(dest, result, TYPES["b32"])


def _shift_amount(
    ctx: FunctionContext, instr: ast.Instruction, width: int
) -> tuple[ir.Value, ir.Value]:
    """The shift amount (always .u32 in PTX) at the value's width, and whether it is at
    least the width. LLVM shifts by >= width are poison; PTX defines them (9.7.8.8/9)."""
    amount32 = ctx.read(instr.operands[2], TYPES["u32"])
    too_big = ctx.builder.icmp_unsigned(">=", amount32, ir.IntType(32)(width))
    ty = ir.IntType(width)
    if width > 32:
        amount = ctx.builder.zext(amount32, ty)
    elif width < 32:
        amount = ctx.builder.trunc(amount32, ty)
    else:
        amount = amount32
    return amount, too_big


@emitter("logic.shl")
def shl(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a = ctx.read(instr.operands[1], t)
    amount, too_big = _shift_amount(ctx, instr, t.bits)
    b = ctx.builder
    shifted = b.shl(a, b.select(too_big, a.type(0), amount))
    ctx.write(instr.operands[0], b.select(too_big, a.type(0), shifted), t)


@emitter("logic.shr")
def shr(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a = ctx.read(instr.operands[1], t)
    amount, too_big = _shift_amount(ctx, instr, t.bits)
    b = ctx.builder
    if t.is_signed:
        # Arithmetic shifts by >= width fill with the sign bit: shift by width-1.
        clamped = b.select(too_big, a.type(t.bits - 1), amount)
        result = b.ashr(a, clamped)
    else:
        shifted = b.lshr(a, b.select(too_big, a.type(0), amount))
        result = b.select(too_big, a.type(0), shifted)
    ctx.write(instr.operands[0], result, t)
