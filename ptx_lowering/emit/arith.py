"""Integer arithmetic (PTX ISA 9.7.1): add, sub, mul, mad, abs, neg, min, max."""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import declare_intrinsic
from cu2amd.ptx_lowering.isa.types import PtxType, ptx_type


def _sources(ctx: FunctionContext, instr: ast.Instruction, t: PtxType) -> list[ir.Value]:
    return [ctx.read(op, t) for op in instr.operands[1:]]


def _intrinsic(ctx: FunctionContext, name: str, t: ir.IntType, args: list[ir.Value]) -> ir.Value:
    fn = declare_intrinsic(ctx.module, f"llvm.{name}.i{t.width}", t, [t] * len(args))
    return ctx.builder.call(fn, args)


@emitter("int.add")
def add(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a, b = _sources(ctx, instr, t)
    if instr.decoded.has("sat"):
        result = _intrinsic(ctx, "sadd.sat", a.type, [a, b])
    else:
        result = ctx.builder.add(a, b)
    ctx.write(instr.operands[0], result, t)


@emitter("int.sub")
def sub(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a, b = _sources(ctx, instr, t)
    if instr.decoded.has("sat"):
        result = _intrinsic(ctx, "ssub.sat", a.type, [a, b])
    else:
        result = ctx.builder.sub(a, b)
    ctx.write(instr.operands[0], result, t)


def _wide_type(t: PtxType) -> PtxType:
    wide = ptx_type(f"{t.name[0]}{t.bits * 2}")
    assert wide is not None
    return wide


def _product(ctx: FunctionContext, mode: str, t: PtxType, a: ir.Value, b: ir.Value) -> ir.Value:
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


@emitter("int.mul")
def mul(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    mode = instr.decoded.get("mode")
    assert mode is not None
    if mode == "wide" and t.bits == 64:
        raise ctx.error("mul.wide takes 16- or 32-bit operands")
    a, b = _sources(ctx, instr, t)
    result = _product(ctx, mode, t, a, b)
    ctx.write(instr.operands[0], result, _wide_type(t) if mode == "wide" else t)


@emitter("int.mad")
def mad(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    mode = instr.decoded.get("mode")
    assert mode is not None
    if mode == "wide" and t.bits == 64:
        raise ctx.error("mad.wide takes 16- or 32-bit operands")
    result_t = _wide_type(t) if mode == "wide" else t
    d, a_op, b_op, c_op = instr.operands
    a, b = ctx.read(a_op, t), ctx.read(b_op, t)
    c = ctx.read(c_op, result_t)
    result = ctx.builder.add(_product(ctx, mode, t, a, b), c)
    ctx.write(d, result, result_t)


@emitter("int.abs")
def abs_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    (a,) = _sources(ctx, instr, t)
    # PTX: the absolute value of the most negative number is itself (no poison).
    fn = declare_intrinsic(ctx.module, f"llvm.abs.i{t.bits}", a.type, [a.type, ir.IntType(1)])
    ctx.write(instr.operands[0], ctx.builder.call(fn, [a, ir.IntType(1)(0)]), t)


@emitter("int.neg")
def neg(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    (a,) = _sources(ctx, instr, t)
    ctx.write(instr.operands[0], ctx.builder.sub(a.type(0), a), t)


def _minmax(ctx: FunctionContext, instr: ast.Instruction, which: str) -> None:
    t = instr.decoded.type()
    a, b = _sources(ctx, instr, t)
    name = ("s" if t.is_signed else "u") + which
    ctx.write(instr.operands[0], _intrinsic(ctx, name, a.type, [a, b]), t)


@emitter("int.min")
def min_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _minmax(ctx, instr, "min")


@emitter("int.max")
def max_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _minmax(ctx, instr, "max")
