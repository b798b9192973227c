"""Packed .f32x2 arithmetic (PTX ISA 9.7.3.3-6, sm_100): add, sub, mul, fma on .b64
registers holding two .f32 values, element 0 in bits 0..31 and element 1 in bits 32..63.

Each element is computed exactly as the .f32 form with the same modifiers (emit/float.py):
`.rn` is IEEE arithmetic, `.rz .rm .rp` the exact emulation of fround.py, no rounding
modifier lets add/sub/mul contract into an fma (LLVM's `contract`), `.ftz` flushes each
element's subnormal inputs and result to sign-preserving zero. (.f32x2 has no `.sat`.)
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit import fpcore as fp
from cu2amd.ptx_lowering.emit import fround
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES

I32, I64, F32 = ir.IntType(32), ir.IntType(64), ir.FloatType()
B64 = TYPES["b64"]


def _elements(ctx: FunctionContext, op: ast.Operand, ftz: bool) -> list[ir.Value]:
    b = ctx.builder
    packed = ctx.read(op, B64)
    low = b.trunc(packed, I32)
    high = b.trunc(b.lshr(packed, ir.Constant(I64, 32)), I32)
    values = [b.bitcast(low, F32), b.bitcast(high, F32)]
    return [fp.flush(b, v) for v in values] if ftz else values


def _emit(ctx: FunctionContext, instr: ast.Instruction, op: str) -> None:
    b = ctx.builder
    ftz = instr.decoded.has("ftz")
    rnd = instr.decoded.get("rnd")
    sources = [_elements(ctx, o, ftz) for o in instr.operands[1:]]
    results = []
    for lane in range(2):
        x, y, *rest = (s[lane] for s in sources)
        if op == "fma":
            (z,) = rest
            r = fround.fma(b, x, y, z, rnd) if rnd in fround.MODES else fp.fma(b, x, y, z)
        elif rnd in fround.MODES:
            if op == "sub":
                r = fround.add(b, x, b.fneg(y), rnd)
            else:
                r = (fround.add if op == "add" else fround.mul)(b, x, y, rnd)
        else:
            r = getattr(b, f"f{op}")(x, y, flags=() if rnd else ("contract",))
        results.append(b.zext(b.bitcast(fp.flush(b, r) if ftz else r, I32), I64))
    packed = b.or_(results[0], b.shl(results[1], ir.Constant(I64, 32)))
    ctx.write(instr.operands[0], packed, B64)


@emitter("f32x2.add")
def add(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _emit(ctx, instr, "add")


@emitter("f32x2.sub")
def sub(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _emit(ctx, instr, "sub")


@emitter("f32x2.mul")
def mul(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _emit(ctx, instr, "mul")


@emitter("f32x2.fma")
def fma(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _emit(ctx, instr, "fma")
