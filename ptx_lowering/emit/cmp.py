"""Comparison and selection (PTX ISA 9.7.6): setp, selp."""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES, Kind, PtxType

_SIGNED_ORDER = {"lt": "<", "le": "<=", "gt": ">", "ge": ">="}
_UNSIGNED_ONLY = {"lo": "<", "ls": "<=", "hi": ">", "hs": ">="}
# PTX 9.7.6.2 Table "Floating-point comparison operators": eq..ge are ordered (false if
# either input is NaN, including ne); equ..geu are true if either is NaN.
_FLOAT_ORDERED = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
_FLOAT_UNORDERED = {"equ": "==", "neu": "!=", "ltu": "<", "leu": "<=", "gtu": ">", "geu": ">="}


def compare(ctx: FunctionContext, cmp: str, t: PtxType, a: ir.Value, b: ir.Value) -> ir.Value:
    bld = ctx.builder
    if t.is_float:
        if cmp in _FLOAT_ORDERED:
            return bld.fcmp_ordered(_FLOAT_ORDERED[cmp], a, b)
        if cmp in _FLOAT_UNORDERED:
            return bld.fcmp_unordered(_FLOAT_UNORDERED[cmp], a, b)
        return bld.fcmp_ordered("ord" if cmp == "num" else "uno", a, b)
    if cmp in ("eq", "ne"):
        return bld.icmp_unsigned("==" if cmp == "eq" else "!=", a, b)
    if t.kind is Kind.BITS:
        raise ctx.error(f"'.{cmp}' is not defined for bit-size type {t} (only .eq and .ne)")
    if cmp in _UNSIGNED_ONLY:
        if t.is_signed:
            raise ctx.error(f"'.{cmp}' compares unsigned values; use .lt/.le/.gt/.ge for {t}")
        return bld.icmp_unsigned(_UNSIGNED_ONLY[cmp], a, b)
    if t.is_signed:
        return bld.icmp_signed(_SIGNED_ORDER[cmp], a, b)
    return bld.icmp_unsigned(_SIGNED_ORDER[cmp], a, b)


@emitter("cmp.setp")
def setp(ctx: FunctionContext, instr: ast.Instruction) -> None:
    d = instr.decoded
    t = d.type()
    cmp = d.get("cmp")
    assert cmp is not None
    a, b = (ctx.read(o, t) for o in instr.operands[1:3])
    t_value = compare(ctx, cmp, t, a, b)
    boolop = d.get("bool")
    c = ctx.read(instr.operands[3], TYPES["pred"]) if boolop is not None else None

    def combine(value: ir.Value) -> ir.Value:
        # PTX 9.7.6.2: p = BoolOp(t, c) and q = BoolOp(!t, c).
        if c is None:
            return value
        op = {"and": "and_", "or": "or_", "xor": "xor"}[boolop]
        return getattr(ctx.builder, op)(value, c)

    dest = instr.operands[0]
    pred = TYPES["pred"]
    if isinstance(dest, ast.Pair):
        ctx.write(dest.first, combine(t_value), pred)
        ctx.write(dest.second, combine(ctx.builder.not_(t_value)), pred)
    else:
        ctx.write(dest, combine(t_value), pred)


@emitter("cmp.selp")
def selp(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a, b = (ctx.read(o, t) for o in instr.operands[1:3])
    c = ctx.read(instr.operands[3], TYPES["pred"])
    ctx.write(instr.operands[0], ctx.builder.select(c, a, b), t)
