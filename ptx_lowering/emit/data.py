"""Data movement and conversion (PTX ISA 9.7.9): mov, cvt (integer <-> integer so far)."""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import PtxType


@emitter("data.mov")
def mov(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    dest, src = instr.operands
    if isinstance(dest, ast.VectorOp) or isinstance(src, ast.VectorOp):
        raise ctx.unsupported("vector pack/unpack with mov")
    ctx.write(dest, ctx.read(src, t), t)


def _int_range(t: PtxType) -> tuple[int, int]:
    if t.is_signed:
        return -(1 << (t.bits - 1)), (1 << (t.bits - 1)) - 1
    return 0, (1 << t.bits) - 1


@emitter("data.cvt")
def cvt(ctx: FunctionContext, instr: ast.Instruction) -> None:
    d = instr.decoded
    dtype, atype = d.type("dtype"), d.type("atype")
    dest, src = instr.operands
    a = ctx.read(src, atype, relaxed=True)
    if not d.has("sat"):
        result = ctx.convert_int(a, atype, dtype)
    else:
        # Clamp to the destination range (PTX 9.7.9.21 .sat), computed on a type wide
        # enough to hold every value of both types.
        b = ctx.builder
        wide = ir.IntType(max(atype.bits, dtype.bits) + 1)
        value = b.sext(a, wide) if atype.is_signed else b.zext(a, wide)
        low, high = _int_range(dtype)
        value = b.select(b.icmp_signed("<", value, wide(low)), wide(low), value)
        value = b.select(b.icmp_signed(">", value, wide(high)), wide(high), value)
        result = b.trunc(value, ir.IntType(dtype.bits))
    ctx.write(dest, result, dtype, relaxed=True)
