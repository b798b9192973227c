"""Comparison and selection (PTX ISA 9.7.6): setp, set, selp, slct.

Floating-point comparisons follow 9.7.6.2's table: eq..ge are ordered (false if either
operand is NaN, ne included), equ..geu unordered (true then), num/nan test for NaNs;
-0.0 equals +0.0. `.ftz` flushes subnormal .f32 operands to sign-preserving zero first.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit import fpcore as fp
from cu2amd.ptx_lowering.emit.context import FunctionContext, llvm_type
from cu2amd.ptx_lowering.emit.fpformat import FORMATS, HALF_FORMATS
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


def _predicate(ctx: FunctionContext, instr: ast.Instruction, t: PtxType) -> ir.Value:
    """t = a CmpOp b for setp and set (9.7.6.1-2), operands flushed with .ftz."""
    d = instr.decoded
    cmp = d.get("cmp")
    assert cmp is not None
    a, b = (ctx.read(o, t) for o in instr.operands[1:3])
    if d.has("ftz"):
        a, b = fp.flush(ctx.builder, a), fp.flush(ctx.builder, b)
    return compare(ctx, cmp, t, a, b)


def _combine(ctx: FunctionContext, instr: ast.Instruction, value: ir.Value) -> ir.Value:
    """BoolOp(value, c) when the instruction has a .BoolOp, else value."""
    boolop = instr.decoded.get("bool")
    if boolop is None:
        return value
    c = ctx.read(instr.operands[3], TYPES["pred"])
    op = {"and": "and_", "or": "or_", "xor": "xor"}[boolop]
    return getattr(ctx.builder, op)(value, c)


@emitter("cmp.setp")
def setp(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t_value = _predicate(ctx, instr, instr.decoded.type())
    # PTX 9.7.6.2: p = BoolOp(t, c) and q = BoolOp(!t, c).
    dest = instr.operands[0]
    pred = TYPES["pred"]
    if isinstance(dest, ast.Pair):
        ctx.write(dest.first, _combine(ctx, instr, t_value), pred)
        ctx.write(dest.second, _combine(ctx, instr, ctx.builder.not_(t_value)), pred)
    else:
        ctx.write(dest, _combine(ctx, instr, t_value), pred)


@emitter("cmp.set")
def set_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.6.1: 1.0f (.f32) or 0xffffffff (.u32/.s32) if BoolOp(a CmpOp b, c), else 0."""
    d = instr.decoded
    dtype = d.type("dtype")
    result = _combine(ctx, instr, _predicate(ctx, instr, d.type("atype")))
    ty = llvm_type(dtype)
    if dtype.is_float:
        true, false = ir.Constant(ty, 1.0), ir.Constant(ty, 0.0)
    else:
        true, false = ir.Constant(ty, -1), ir.Constant(ty, 0)
    ctx.write(instr.operands[0], ctx.builder.select(result, true, false), dtype)


@emitter("cmp.selp")
def selp(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a, b = (ctx.read(o, t) for o in instr.operands[1:3])
    c = ctx.read(instr.operands[3], TYPES["pred"])
    ctx.write(instr.operands[0], ctx.builder.select(c, a, b), t)


@emitter("cmp.slct")
def slct(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.6.4: d = (c >= 0) ? a : b. a and b are copied as bits; an .f32 c compares
    -0.0 equal to 0 and NaN as false (b), and .ftz flushes a subnormal c to a zero of its
    sign first (so a is selected)."""
    d = instr.decoded
    dtype, ctype = d.type("dtype"), d.type("atype")
    a, b = (ctx.read(o, dtype) for o in instr.operands[1:3])
    c = ctx.read(instr.operands[3], ctype)
    bld = ctx.builder
    if ctype.is_float:
        if d.has("ftz"):
            c = fp.flush(bld, c)
        select_a = bld.fcmp_ordered(">=", c, ir.Constant(c.type, 0.0))
    else:
        select_a = bld.icmp_signed(">=", c, ir.Constant(c.type, 0))
    ctx.write(instr.operands[0], bld.select(select_a, a, b), dtype)


# -- 9.7.7 half-precision comparison: setp and set on .f16, .bf16 and their x2 pairs --------
# Each lane is widened to f32, which holds every .f16 and .bf16 value exactly, so the
# f32 comparison above gives the ISA's result (NaN rules and -0.0 == +0.0 included).
def _half_lanes(ctx: FunctionContext, instr: ast.Instruction, t: str) -> list[ir.Value]:
    """t[i] = a[i] CmpOp b[i] per 16-bit lane (low lane first), inputs flushed with .ftz."""
    from cu2amd.ptx_lowering.emit import fpbits, half

    d = instr.decoded
    cmp = d.get("cmp")
    assert cmp is not None
    fmt = HALF_FORMATS[t]
    bld = ctx.builder
    f32 = TYPES["f32"]
    lanes_a, lanes_b = (half.read_lanes(ctx, op, t) for op in instr.operands[1:3])
    out = []
    for x, y in zip(lanes_a, lanes_b, strict=True):
        if d.has("ftz"):
            x = fpbits.flush_subnormal(bld, x, FORMATS[fmt])
            y = fpbits.flush_subnormal(bld, y, FORMATS[fmt])
        out.append(compare(ctx, cmp, f32, half.widen(bld, x, fmt), half.widen(bld, y, fmt)))
    return out


@emitter("cmp.half_setp")
def half_setp(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.7.2: p = BoolOp(t[0], c), and for .f16x2/.bf16x2 with `p|q`, q = BoolOp(t[1], c)
    (a lone p of an x2 comparison gets the low lane, as ptxas accepts it)."""
    t = instr.decoded.get("type")
    assert t is not None
    lanes = _half_lanes(ctx, instr, t)
    dest = instr.operands[0]
    pred = TYPES["pred"]
    if isinstance(dest, ast.Pair):
        if len(lanes) == 1:
            raise ctx.error(f"'{instr.spelling}' writes one predicate; 'p|q' needs .{t}x2")
        ctx.write(dest.first, _combine(ctx, instr, lanes[0]), pred)
        ctx.write(dest.second, _combine(ctx, instr, lanes[1]), pred)
    else:
        ctx.write(dest, _combine(ctx, instr, lanes[0]), pred)


@emitter("cmp.half_set")
def half_set(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.7.1: d = BoolOp(a CmpOp b, c) as 1.0 (.f16 0x3c00, .bf16 0x3f80) or 0.0 for a
    half-precision dtype, all ones or 0 for an integer dtype; with .f16x2/.bf16x2 sources
    each 16-bit half of d takes its lane's result (0xffff or 0 for .u32/.s32 d)."""
    from cu2amd.ptx_lowering.emit import half

    d = instr.decoded
    dtype, stype = d.get("dtype"), d.get("atype")
    assert dtype is not None and stype is not None
    bld = ctx.builder
    if stype in HALF_FORMATS:
        results = [_combine(ctx, instr, t) for t in _half_lanes(ctx, instr, stype)]
    else:  # an .f16/.bf16 result from integer, .f32 or .f64 sources
        st = TYPES[stype]
        a, b = (ctx.read(o, st) for o in instr.operands[1:3])
        if d.has("ftz") and stype == "f32":
            a, b = fp.flush(bld, a), fp.flush(bld, b)
        cmp = d.get("cmp")
        assert cmp is not None
        if not st.is_float and (cmp in _FLOAT_UNORDERED or cmp in ("num", "nan")):
            raise ctx.error(f"'.{cmp}' compares floating-point values, not .{stype} (as ptxas)")
        results = [_combine(ctx, instr, compare(ctx, cmp, st, a, b))]
    dest = instr.operands[0]
    i16 = ir.IntType(16)
    if dtype in HALF_FORMATS:
        one = ir.Constant(i16, 0x3C00 if HALF_FORMATS[dtype] == "f16" else 0x3F80)
        half.write_lanes(ctx, dest, [bld.select(r, one, ir.Constant(i16, 0)) for r in results])
        return
    dt = TYPES[dtype]
    if len(results) == 2:  # .u32/.s32 from .f16x2/.bf16x2: 0xffff per lane
        ones = ir.Constant(i16, 0xFFFF)
        lanes = [bld.select(r, ones, ir.Constant(i16, 0)) for r in results]
        half.write_lanes(ctx, dest, lanes)
        return
    ty = llvm_type(dt)
    ctx.write(dest, bld.select(results[0], ir.Constant(ty, -1), ir.Constant(ty, 0)), dt)
