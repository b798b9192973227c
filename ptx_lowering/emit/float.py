"""Floating-point arithmetic (PTX ISA 9.7.3): add, sub, mul, fma/mad, abs, neg.

Only round-to-nearest-even and IEEE denormals are lowered so far (the form table marks
the other modifiers unsupported). Without an explicit rounding modifier PTX lets add/sub/
mul contract into fma (9.7.3.3), which LLVM's `contract` flag expresses; `.rn` forbids it.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext, llvm_type
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import declare_intrinsic


def _binary(ctx: FunctionContext, instr: ast.Instruction, op: str) -> None:
    t = instr.decoded.type()
    a, b = (ctx.read(o, t) for o in instr.operands[1:])
    flags = () if instr.decoded.has("rnd") else ("contract",)
    result = getattr(ctx.builder, op)(a, b, flags=flags)
    ctx.write(instr.operands[0], result, t)


@emitter("float.add")
def add(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _binary(ctx, instr, "fadd")


@emitter("float.sub")
def sub(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _binary(ctx, instr, "fsub")


@emitter("float.mul")
def mul(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _binary(ctx, instr, "fmul")


def _unary_intrinsic(
    ctx: FunctionContext, name: str, ty: ir.Type, args: list[ir.Value]
) -> ir.Value:
    suffix = "f32" if isinstance(ty, ir.FloatType) else "f64"
    fn = declare_intrinsic(ctx.module, f"llvm.{name}.{suffix}", ty, [ty] * len(args))
    return ctx.builder.call(fn, args)


@emitter("float.fma")
def fma(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    args = [ctx.read(o, t) for o in instr.operands[1:]]
    result = _unary_intrinsic(ctx, "fma", llvm_type(t), args)
    ctx.write(instr.operands[0], result, t)


@emitter("float.abs")
def abs_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a = ctx.read(instr.operands[1], t)
    ctx.write(instr.operands[0], _unary_intrinsic(ctx, "fabs", llvm_type(t), [a]), t)


@emitter("float.neg")
def neg(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a = ctx.read(instr.operands[1], t)
    ctx.write(instr.operands[0], ctx.builder.fneg(a), t)
