"""Data movement (PTX ISA 9.7.9): mov (9.7.9.3, and vector pack/unpack, 9.7.9.4) and
cvt.pack (9.7.9.22). cvt itself is in convert.py."""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES

# mov's vector forms: the element sizes each register size packs (2 or 4 elements).
PACKINGS = {16: (8,), 32: (16, 8), 64: (32, 16), 128: (64, 32)}


@emitter("data.mov")
def mov(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    dest, src = instr.operands
    if isinstance(dest, ast.VectorOp) and isinstance(src, ast.VectorOp):
        raise ctx.error("mov moves a vector into a register or a register into a vector, "
                        "not a vector into a vector")  # fmt: skip
    vector = src if isinstance(src, ast.VectorOp) else dest
    if not isinstance(vector, ast.VectorOp):
        ctx.write(dest, ctx.read(src, t), t)
        return
    count = len(vector.elements)
    width = t.bits // count if t.bits % count == 0 else 0
    if count not in (2, 4) or width not in PACKINGS.get(t.bits, ()):
        sizes = " or ".join(f"{t.bits // w} .b{w}" for w in PACKINGS.get(t.bits, ()))
        raise ctx.error(f"mov.{t.name} packs {sizes} elements, not {count}", vector.loc)
    b = ctx.builder
    elem_t, ty = TYPES[f"b{width}"], ir.IntType(t.bits)
    if vector is src:
        # The first element is the least significant (9.7.9.4: d = a.x | (a.y << w) ...).
        value = ir.Constant(ty, 0)
        for i, op in enumerate(src.elements):
            part = b.zext(ctx.read(op, elem_t), ty)
            value = b.or_(value, b.shl(part, ir.Constant(ty, i * width)) if i else part)
        ctx.write(dest, value, t)
        return
    whole = ctx.read(src, t)
    for i, op in enumerate(vector.elements):
        part = b.lshr(whole, ir.Constant(ty, i * width)) if i else whole
        ctx.write(op, b.trunc(part, ir.IntType(width)), elem_t)


@emitter("data.cvt_pack")
def cvt_pack(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """d = sat(a) in the upper, sat(b) in the lower of the low 2*size bits of d; with c,
    the bits above them are the low bits of c (PTX ISA 9.7.9.22)."""
    d = instr.decoded
    name = d.get("dtype")
    assert name is not None
    size, signed = TYPES[name].bits, TYPES[name].is_signed  # .u2 ... .s16
    b = ctx.builder
    i32 = ir.IntType(32)
    s32 = TYPES["s32"]
    low, high = (-(1 << (size - 1)), (1 << (size - 1)) - 1) if signed else (0, (1 << size) - 1)
    mask = ir.Constant(i32, (1 << size) - 1)

    def saturate(op: ast.Operand) -> ir.Value:
        v = ctx.read(op, s32)
        v = b.select(b.icmp_signed("<", v, ir.Constant(i32, low)), ir.Constant(i32, low), v)
        v = b.select(b.icmp_signed(">", v, ir.Constant(i32, high)), ir.Constant(i32, high), v)
        return b.and_(v, mask)

    dest, a_op, b_op, *rest = instr.operands
    out = b.or_(b.shl(saturate(a_op), ir.Constant(i32, size)), saturate(b_op))
    if rest:
        c = ctx.read(rest[0], TYPES["b32"])
        out = b.or_(out, b.shl(c, ir.Constant(i32, 2 * size)))
    ctx.write(dest, out, TYPES["b32"])
