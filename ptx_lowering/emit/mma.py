"""Warp-level matrix instructions (PTX ISA 9.7.14.5): mma.sync, ldmatrix, stmatrix,
movmatrix, emulated exactly over CUDA's 32-lane warp.

Each thread holds the fragments the ISA's "Matrix fragments for mma.mMnNkK" sections give
it (groupID = laneid >> 2, threadID_in_group = laneid % 4). To compute its own elements
of D a thread fetches the A rows and B columns it needs from the lanes holding them with
the device library's `__cu2amd_warp_read` (shfl.sync.idx with the full mask, without the
member-mask check and clamping that cannot apply to an instruction every thread of the warp
executes: warp-32 holds on wave32, on wave64 and on the host platform's fibers, and the
inlined exchanges stay small), then
does scalar arithmetic in a fixed order:

- floating point (.f16 .bf16 .tf32 .e4m3 .e5m2 inputs): every product of two inputs is exact in f32,
  and D = fma(a[k], b[k], ...fma(a[0], b[0], c)) over k ascending, in f32. NVIDIA's tensor
  cores add the products in an unspecified order and precision, so results may differ
  from an NVIDIA GPU's in the last bits; they are the same on every cu2amd target.
  `.tf32` operands are f32 registers whose low 13 significand bits are ignored (the ISA
  leaves them out of the format). With an `.f16` accumulator (C or D) the ISA specifies no
  intermediate precision: C is widened to f32, the chain runs in f32 and D is rounded once
  to nearest even. NaN results are the canonical NaN (0x7fffffff, 0x7fff,
  0x7fffffffffffffff).
- .f64: the same fma chain in f64, k ascending.
- integer (.s8 .u8 .s4 .u4, .s32 accumulator): exact; the sum is formed in 64 bits, then
  wraps to 32 bits, or with `.satfinite` clamps to [INT32_MIN, INT32_MAX].

ldmatrix, stmatrix (.m8n8 .b16): each lane gives one row address; a lane fetches the
address of the row holding its fragment elements with a shuffle and accesses that memory
itself. movmatrix.trans: two shuffles per lane.
"""

from __future__ import annotations

from dataclasses import dataclass

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit import fpbits, half
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.fpcore import fma
from cu2amd.ptx_lowering.emit.fpformat import FORMATS
from cu2amd.ptx_lowering.emit.memory import address_pointer, instruction_space
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.emit.sreg import lane_id
from cu2amd.ptx_lowering.emit.warp import call_library
from cu2amd.ptx_lowering.irutil import load, store
from cu2amd.ptx_lowering.isa.types import TYPES

I8, I16, I32, I64 = ir.IntType(8), ir.IntType(16), ir.IntType(32), ir.IntType(64)
F32, F64 = ir.FloatType(), ir.DoubleType()
B32 = TYPES["b32"]


# -- warp data movement ------------------------------------------------------------------


def shfl_idx(ctx: FunctionContext, value: ir.Value, source: ir.Value) -> ir.Value:
    """The i32 or i64 `value` of lane `source` of the warp (every lane takes part)."""
    b = ctx.builder
    if value.type == I64:
        low = shfl_idx(ctx, b.trunc(value, I32), source)
        high = shfl_idx(ctx, b.trunc(b.lshr(value, I64(32)), I32), source)
        return b.or_(b.zext(low, I64), b.shl(b.zext(high, I64), I64(32)))
    return call_library(ctx, "__cu2amd_warp_read", I32, [value, source])


def fragment(ctx: FunctionContext, op: ast.Operand, count: int) -> list[ast.Operand]:
    """The registers of a `{...}` fragment operand (a lone register for a count of 1)."""
    if isinstance(op, ast.VectorOp):
        if len(op.elements) != count:
            raise ctx.error(f"this operand needs {count} registers, not {len(op.elements)}", op.loc)
        return list(op.elements)
    if count != 1:
        raise ctx.error(f"this operand needs a vector of {count} registers", op.loc)
    return [op]


class Lane:
    """The thread's place in its warp: lane, groupID, threadID_in_group."""

    def __init__(self, ctx: FunctionContext) -> None:
        b = ctx.builder
        self.lane = lane_id(ctx)
        self.group = b.lshr(self.lane, I32(2), name="groupID")
        self.tig = b.and_(self.lane, I32(3), name="threadID_in_group")


# -- ldmatrix, stmatrix, movmatrix ---------------------------------------------------------


def _row_address(ctx: FunctionContext, instr: ast.Instruction) -> ir.Value:
    """This lane's row address, as an i32 or i64 (the state space's pointer size)."""
    space = instruction_space(instr)
    addr = instr.operands[1] if instr.opcode == "ldmatrix" else instr.operands[0]
    assert isinstance(addr, ast.Address)
    pointer = address_pointer(ctx, addr, space)
    bits = ctx.hooks.pointer_bits(space)
    assert bits in (32, 64)
    return ctx.hooks.space_address(ctx.builder, pointer, space, bits)


def _row_pointer(
    ctx: FunctionContext, instr: ast.Instruction, rows: ir.Value, lane: ir.Value, offset: ir.Value
) -> ir.Value:
    """The address that lane `lane` gave, plus `offset` (i32) bytes, as a pointer."""
    b = ctx.builder
    source = shfl_idx(ctx, rows, lane)
    address = b.add(source, b.zext(offset, I64) if rows.type == I64 else offset)
    return ctx.hooks.space_pointer(b, address, instruction_space(instr))


def _matrix_lanes(ctx: FunctionContext, me: Lane, m: int, trans: bool) -> list[ir.Value]:
    """The lanes whose row addresses hold this lane's elements of matrix m: row groupID
    (one lane), or with .trans rows 2*threadID_in_group and the next (two lanes)."""
    b = ctx.builder
    if not trans:
        return [b.add(me.group, I32(8 * m))]
    first = b.add(b.shl(me.tig, I32(1)), I32(8 * m))
    return [first, b.add(first, I32(1))]


@emitter("mma.ldmatrix")
def ldmatrix(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """ldmatrix.sync.aligned.m8n8.num{.trans}{.shared}.b16 r, [p] (9.7.14.5.15): lane
    8*m + i gives row i of matrix m; register m of lane l holds row l/4, columns
    2*(l%4) and the next (of the transposed matrix with .trans)."""
    d = instr.decoded
    count = int((d.get("num") or "x1")[1:])
    dests = fragment(ctx, instr.operands[0], count)
    trans = d.has("trans")
    me = Lane(ctx)
    b = ctx.builder
    rows = _row_address(ctx, instr)
    for m, dest in enumerate(dests):
        lanes = _matrix_lanes(ctx, me, m, trans)
        if not trans:
            pointer = _row_pointer(ctx, instr, rows, lanes[0], b.shl(me.tig, I32(2)))
            value = load(b, pointer, I32, align=4)
        else:
            halves = []
            for lane in lanes:
                pointer = _row_pointer(ctx, instr, rows, lane, b.shl(me.group, I32(1)))
                halves.append(b.zext(load(b, pointer, I16, align=2), I32))
            value = b.or_(halves[0], b.shl(halves[1], I32(16)))
        ctx.write(dest, value, B32)


@emitter("mma.stmatrix")
def stmatrix(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """stmatrix.sync.aligned.m8n8.num{.trans}{.shared}.b16 [p], r (9.7.14.5.16): the
    inverse of ldmatrix; each lane stores its own fragment elements."""
    d = instr.decoded
    count = int((d.get("num") or "x1")[1:])
    sources = fragment(ctx, instr.operands[1], count)
    trans = d.has("trans")
    me = Lane(ctx)
    b = ctx.builder
    rows = _row_address(ctx, instr)
    values = [ctx.read(op, B32) for op in sources]
    for m, value in enumerate(values):
        lanes = _matrix_lanes(ctx, me, m, trans)
        if not trans:
            pointer = _row_pointer(ctx, instr, rows, lanes[0], b.shl(me.tig, I32(2)))
            store(b, value, pointer, align=4)
        else:
            for h, lane in enumerate(lanes):
                pointer = _row_pointer(ctx, instr, rows, lane, b.shl(me.group, I32(1)))
                store(b, b.trunc(b.lshr(value, I32(16 * h)), I16), pointer, align=2)


@emitter("mma.movmatrix")
def movmatrix(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """movmatrix.sync.aligned.m8n8.trans.b16 d, a (9.7.14.5.17): d is the fragment of the
    transposed matrix. Element (r, c) of a is in lane 4*r + c/2, half c%2."""
    me = Lane(ctx)
    b = ctx.builder
    a = ctx.read(instr.operands[1], B32)
    # d holds (2t, g) and (2t + 1, g) of a: lanes 8t + g/2 and 8t + 4 + g/2, half g%2
    shift = b.shl(b.and_(me.group, I32(1)), I32(4))
    base = b.add(b.shl(me.tig, I32(3)), b.lshr(me.group, I32(1)))
    halves = []
    for e in range(2):
        value = shfl_idx(ctx, a, b.add(base, I32(4 * e)))
        halves.append(b.and_(b.lshr(value, shift), I32(0xFFFF)))
    ctx.write(instr.operands[0], b.or_(halves[0], b.shl(halves[1], I32(16))), B32)


# -- mma.sync ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Layout:
    """Where a shape's fragments live (9.7.14.5.x "Matrix fragments for mma.mMnNkK").

    A thread's D (and C) elements are rows groupID + `rows[i]`, columns
    2*threadID_in_group and the next. A register r of A holds row groupID + a_regs[r][0],
    columns a_regs[r][1] + per_reg*threadID_in_group + e for its elements e; a register r
    of B holds rows b_regs[r] + per_reg*threadID_in_group + e, column groupID."""

    rows: tuple[int, ...]
    a_regs: tuple[tuple[int, int], ...]
    b_regs: tuple[int, ...]
    per_reg: int


LAYOUTS: dict[tuple[str, str], Layout] = {
    ("m16n8k8", "half"): Layout((0, 8), ((0, 0), (8, 0)), (0,), 2),
    ("m16n8k16", "half"): Layout((0, 8), ((0, 0), (8, 0), (0, 8), (8, 8)), (0, 8), 2),
    ("m16n8k4", "tf32"): Layout((0, 8), ((0, 0), (8, 0)), (0,), 1),
    ("m16n8k8", "tf32"): Layout((0, 8), ((0, 0), (8, 0), (0, 4), (8, 4)), (0, 4), 1),
    ("m8n8k16", "int8"): Layout((0,), ((0, 0),), (0,), 4),
    ("m16n8k16", "int8"): Layout((0, 8), ((0, 0), (8, 0)), (0,), 4),
    ("m16n8k32", "int8"): Layout((0, 8), ((0, 0), (8, 0), (0, 16), (8, 16)), (0, 16), 4),
    ("m8n8k4", "f64"): Layout((0,), ((0, 0),), (0,), 1),
    ("m16n8k4", "f64"): Layout((0, 8), ((0, 0), (8, 0)), (0,), 1),
    ("m16n8k8", "f64"): Layout((0, 8), ((0, 0), (8, 0), (0, 4), (8, 4)), (0, 4), 1),
    ("m16n8k16", "f64"): Layout(
        (0, 8), tuple((8 * (r % 2), 4 * (r // 2)) for r in range(8)), (0, 4, 8, 12), 1
    ),
    ("m8n8k32", "int4"): Layout((0,), ((0, 0),), (0,), 8),
    ("m16n8k32", "int4"): Layout((0, 8), ((0, 0), (8, 0)), (0,), 8),
    ("m16n8k64", "int4"): Layout((0, 8), ((0, 0), (8, 0), (0, 32), (8, 32)), (0, 32), 8),
}
INTEGER = frozenset({"s8", "u8", "s4", "u4"})
# The ISA's fragments of .e4m3/.e5m2 are those of .s8/.u8 of the same shape.
_FAMILY = {"f16": "half", "bf16": "half", "tf32": "tf32", "f64": "f64"}
_FAMILY |= {t: "int8" for t in ("s8", "u8", "e4m3", "e5m2")} | {"s4": "int4", "u4": "int4"}


def _element(b: ir.IRBuilder, reg: ir.Value, fmt: str, e: int) -> ir.Value:
    """Element e of an A or B register: f32 (f64 for .f64) or, for integers, i32."""
    if fmt == "f64":
        return b.bitcast(reg, F64)
    if fmt == "tf32":
        return b.bitcast(b.and_(reg, I32(0xFFFFE000)), F32)
    if fmt in ("f16", "bf16"):
        return half.widen(b, b.trunc(b.lshr(reg, I32(16 * e)), I16), fmt)
    if fmt in ("s4", "u4"):
        nibble = b.trunc(b.lshr(reg, I32(4 * e)), ir.IntType(4))
        return b.sext(nibble, I32) if fmt == "s4" else b.zext(nibble, I32)
    byte = b.trunc(b.lshr(reg, I32(8 * e)), I8)
    if fmt in ("e4m3", "e5m2"):  # exact in f32
        return b.bitcast(fpbits.convert_float(b, byte, FORMATS[fmt], FORMATS["f32"], "rn"), F32)
    return b.sext(byte, I32) if fmt == "s8" else b.zext(byte, I32)


def _gather(
    ctx: FunctionContext,
    regs: list[ir.Value],
    fmt: str,
    per_reg: int,
    parts: list[tuple[int, int]],
    lanes: list[ir.Value],
) -> dict[int, ir.Value]:
    """k -> element: register r = parts[i][0] (first k parts[i][1]) of lanes[t'] for each
    t' in 0..3, which holds k = first + per_reg*t' + e."""
    b = ctx.builder
    out: dict[int, ir.Value] = {}
    for r, first in parts:
        for t, lane in enumerate(lanes):
            value = shfl_idx(ctx, regs[r], lane)
            for e in range(per_reg):
                out[first + per_reg * t + e] = _element(b, value, fmt, e)
    return out


def _read_regs(ctx: FunctionContext, regs: list[ast.Operand], fmt: str) -> list[ir.Value]:
    """A or B registers as i32 (i64 for .f64)."""
    if fmt == "f64":
        return [ctx.builder.bitcast(ctx.read(r, TYPES["f64"]), I64) for r in regs]
    return [ctx.read(r, B32) for r in regs]


def _accumulators(ctx: FunctionContext, regs: list[ast.Operand], ctype: str) -> list[ir.Value]:
    """The thread's C elements (D's order): f32, f64 or i64 values."""
    b = ctx.builder
    if ctype == "f16":
        words = [ctx.read(r, B32) for r in regs]
        return [half.widen(b, b.trunc(b.lshr(w, I32(16 * e)), I16), "f16")
                for w in words for e in range(2)]  # fmt: skip
    values = [ctx.read(r, TYPES[ctype]) for r in regs]
    return [b.sext(v, I64) for v in values] if ctype == "s32" else values


def _write_results(ctx: FunctionContext, regs: list[ast.Operand], dtype: str,
                   values: list[ir.Value], satfinite: bool) -> None:  # fmt: skip
    b = ctx.builder
    if dtype == "f16":
        bits = [b.zext(half.narrow(b, v, "f16"), I32) for v in values]
        for i, reg in enumerate(regs):
            ctx.write(reg, b.or_(bits[2 * i], b.shl(bits[2 * i + 1], I32(16))), B32)
        return
    for reg, value in zip(regs, values, strict=True):
        if dtype in ("f32", "f64"):
            int_ty, float_ty = (I32, F32) if dtype == "f32" else (I64, F64)
            bits = fpbits.canonicalize_nan(b, b.bitcast(value, int_ty), FORMATS[dtype])
            value = b.bitcast(bits, float_ty)
        elif dtype == "s32":
            if satfinite:
                low, high = I64(-(1 << 31)), I64((1 << 31) - 1)
                value = b.select(b.icmp_signed("<", value, low), low, value)
                value = b.select(b.icmp_signed(">", value, high), high, value)
            value = b.trunc(value, I32)
        ctx.write(reg, value, TYPES[dtype])


def _count(elements: int, fmt: str) -> int:
    """Registers holding `elements` values of a C or D type."""
    return elements // 2 if fmt == "f16" else elements


class MmaCore:
    """One mma of a Layout: the A rows this thread needs (fetched once), then for each B
    (columns 2*threadID_in_group and the next) the fma chains or integer sums."""

    def __init__(self, ctx: FunctionContext, layout: Layout, atype: str, btype: str,
                 a_regs: list[ir.Value]) -> None:  # fmt: skip
        self.ctx, self.layout, self.atype, self.btype = ctx, layout, atype, btype
        b = ctx.builder
        self.me = me = Lane(ctx)
        # row groupID + offset is in the A registers with that offset, lanes 4*groupID + t'
        quad = b.and_(me.lane, I32(~3 & 31))
        lanes = [b.add(quad, I32(t)) for t in range(4)]
        self.a_rows = {
            offset: _gather(ctx, a_regs, atype, layout.per_reg,
                            [(r, k) for r, (o, k) in enumerate(layout.a_regs) if o == offset],
                            lanes)
            for offset in layout.rows
        }  # fmt: skip

    def products(self, b_regs: list[ir.Value], c: list[ir.Value]) -> list[ir.Value]:
        ctx, layout = self.ctx, self.layout
        b = ctx.builder
        # column 2*threadID_in_group + j is held by the lanes of group 2*tig + j
        b_cols = []
        for j in range(2):
            group = b.add(b.shl(self.me.tig, I32(3)), I32(4 * j))
            lanes = [b.add(group, I32(t)) for t in range(4)]
            parts = list(enumerate(layout.b_regs))
            b_cols.append(_gather(ctx, b_regs, self.btype, layout.per_reg, parts, lanes))
        results = []
        for i, offset in enumerate(layout.rows):
            for j in range(2):
                acc = c[2 * i + j]
                row, col = self.a_rows[offset], b_cols[j]
                for k in sorted(row):
                    if self.atype in INTEGER:
                        acc = b.add(acc, b.sext(b.mul(row[k], col[k]), I64))
                    else:
                        acc = fma(b, row[k], col[k], acc)
                results.append(acc)
        return results


def _check_types(ctx: FunctionContext, atype: str, btype: str) -> None:
    if atype != btype and {atype, btype} not in ({"s8", "u8"}, {"s4", "u4"}, {"e4m3", "e5m2"}):
        raise ctx.error(f"A and B must have the same type (.{atype} and .{btype})")


@emitter("mma.mma")
def mma(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """mma.sync.aligned.shape.row.col{.satfinite}.dtype.atype.btype.ctype d, a, b, c."""
    d = instr.decoded
    shape = d.get("shape") or ""
    atype, btype = d.get("atype") or "", d.get("btype") or ""
    dtype, ctype = d.get("dtype") or "", d.get("ctype") or ""
    _check_types(ctx, atype, btype)
    layout = LAYOUTS.get((shape, _FAMILY.get(atype, "")))
    if layout is None:
        raise ctx.unsupported(f".{shape} with .{atype}")
    ops = instr.operands
    outputs = 2 * len(layout.rows)
    a_regs = _read_regs(ctx, fragment(ctx, ops[1], len(layout.a_regs)), atype)
    b_regs = _read_regs(ctx, fragment(ctx, ops[2], len(layout.b_regs)), btype)
    c = _accumulators(ctx, fragment(ctx, ops[3], _count(outputs, ctype)), ctype)
    results = MmaCore(ctx, layout, atype, btype, a_regs).products(b_regs, c)
    d_regs = fragment(ctx, ops[0], _count(outputs, dtype))
    _write_results(ctx, d_regs, dtype, results, d.has("satfinite"))
