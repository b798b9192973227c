"""Logic and shift (PTX ISA 9.7.8): and, or, xor, not, shl, shr."""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES


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
