"""mma.sync.aligned.m8n8k4.alayout.blayout.dtype.f16.f16.ctype (PTX ISA 9.7.14.5.14, the
Volta shape), emulated over the warp like emit/mma.py.

A warp computes four independent 8x8x4 products, one per quad pair: lanes 4q..4q+3 (low
group) and 4q+16..4q+19 (high group) for q = 0..3. The fragments (9.7.14.5.1), with
r = %laneid % 4 and h = 1 in the high group:
- A .row: row r + 4h, elements k = 0..3; A .col: column k = r, rows 4h + i.
- B .row: row k = r, columns 4h + i; B .col: column r + 4h, elements k = 0..3.
- C/D .f16: row r + 4h, columns 0..7 (four .f16x2); C/D .f32: element i at row
  (%laneid & 1) + (i & 2) + 4h, column (i & 4) + (%laneid & 2) + (i & 1).
Each thread fetches the A and B elements of its D elements from the lanes of its quad pair
with shfl.sync (a register chosen per lane, when the layout makes it vary, is fetched as
both registers and selected), then computes D = fma chain over k ascending in f32 from C,
rounded once to .f16 for an .f16 D (as emit/mma.py documents). C and D of different
types (their fragments are in different lanes) are not lowered.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit import half
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.fpcore import fma
from cu2amd.ptx_lowering.emit.mma import _accumulators, _write_results, fragment, shfl_idx
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.emit.sreg import lane_id
from cu2amd.ptx_lowering.isa.types import TYPES

I16, I32 = ir.IntType(16), ir.IntType(32)
Val = int | ir.Value  # a Python int where the value is the same in every lane


class _Quad:
    """Integer arithmetic on lane-dependent (IR) or uniform (int) values."""

    def __init__(self, ctx: FunctionContext) -> None:
        self.ctx = ctx
        self.b = b = ctx.builder
        self.lane = lane_id(ctx)
        self.r = b.and_(self.lane, I32(3))
        self.h = b.lshr(self.lane, I32(4))
        self.base = b.and_(self.lane, I32(12))  # 4q

    def ir(self, x: Val) -> ir.Value:
        return I32(x) if isinstance(x, int) else x

    def add(self, x: Val, y: Val) -> Val:
        if isinstance(x, int) and isinstance(y, int):
            return x + y
        return self.b.add(self.ir(x), self.ir(y))

    def shr(self, x: Val, n: int) -> Val:
        return x >> n if isinstance(x, int) else self.b.lshr(x, I32(n))

    def and_(self, x: Val, m: int) -> Val:
        return x & m if isinstance(x, int) else self.b.and_(x, I32(m))

    def lane_of(self, r: Val, h: Val) -> ir.Value:
        """Lane 4q + r + 16h of this thread's quad pair."""
        sixteen_h = h * 16 if isinstance(h, int) else self.b.shl(h, I32(4))
        return self.b.add(self.base, self.ir(self.add(r, sixteen_h)))


def _fetch(q: _Quad, regs: list[ir.Value], lane: ir.Value, reg: Val, part: Val) -> ir.Value:
    """Half `part` of register `reg` of lane `lane`, as the f32 it holds exactly."""
    b = q.b
    if isinstance(reg, int):
        value = shfl_idx(q.ctx, regs[reg], lane)
    else:
        values = [shfl_idx(q.ctx, r, lane) for r in regs]
        value = b.select(b.icmp_unsigned("==", reg, I32(0)), values[0], values[1])
    shift = b.shl(q.ir(part), I32(4)) if not isinstance(part, int) else I32(16 * part)
    return half.widen(b, b.trunc(b.lshr(value, shift), I16), "f16")


def _a(q: _Quad, regs: list[ir.Value], layout: str, row: Val, k: int) -> ir.Value:
    if layout == "row":  # row r + 4h holds k = 0..3
        lane = q.lane_of(q.and_(row, 3), q.shr(row, 2))
        return _fetch(q, regs, lane, k >> 1, k & 1)
    rest = q.and_(row, 3)  # column k = r holds rows 4h + i
    return _fetch(q, regs, q.lane_of(k, q.shr(row, 2)), q.shr(rest, 1), q.and_(rest, 1))


def _b(q: _Quad, regs: list[ir.Value], layout: str, k: int, col: Val) -> ir.Value:
    if layout == "col":  # column r + 4h holds k = 0..3
        lane = q.lane_of(q.and_(col, 3), q.shr(col, 2))
        return _fetch(q, regs, lane, k >> 1, k & 1)
    rest = q.and_(col, 3)  # row k = r holds columns 4h + i
    return _fetch(q, regs, q.lane_of(k, q.shr(col, 2)), q.shr(rest, 1), q.and_(rest, 1))


@emitter("mma.mma_m8n8k4")
def mma_m8n8k4(ctx: FunctionContext, instr: ast.Instruction) -> None:
    d = instr.decoded
    alayout, blayout = d.get("alayout") or "", d.get("blayout") or ""
    dtype, ctype = d.get("dtype") or "", d.get("ctype") or ""
    if dtype != ctype:  # C's and D's fragments would be in different lanes
        raise ctx.unsupported("m8n8k4 with different C and D types")
    ops = instr.operands
    b32 = TYPES["b32"]
    a_regs = [ctx.read(r, b32) for r in fragment(ctx, ops[1], 2)]
    b_regs = [ctx.read(r, b32) for r in fragment(ctx, ops[2], 2)]
    c = _accumulators(ctx, fragment(ctx, ops[3], 4 if ctype == "f16" else 8), ctype)
    d_regs = fragment(ctx, ops[0], 4 if dtype == "f16" else 8)
    q = _Quad(ctx)
    b = ctx.builder
    h4 = b.shl(q.h, I32(2))
    if ctype == "f16":  # the thread's D elements in C's order: (row, column)
        places: list[tuple[Val, Val]] = [(b.add(q.r, h4), i) for i in range(8)]
    else:
        odd, two = b.and_(q.lane, I32(1)), b.and_(q.lane, I32(2))
        places = [(b.add(b.add(odd, I32(i & 2)), h4), b.add(two, I32((i & 4) + (i & 1))))
                  for i in range(8)]  # fmt: skip
    rows: dict[int, list[ir.Value]] = {}
    cols: dict[int, list[ir.Value]] = {}
    results = []
    for i, (row, col) in enumerate(places):
        # the f16 C rows are one value and the f32 C rows two: fetch each once
        row_key, col_key = (0 if ctype == "f16" else i & 2), (i if ctype == "f16" else i & 5)
        if row_key not in rows:
            rows[row_key] = [_a(q, a_regs, alayout, row, k) for k in range(4)]
        if col_key not in cols:
            cols[col_key] = [_b(q, b_regs, blayout, k, col) for k in range(4)]
        acc = c[i]
        for k in range(4):
            acc = fma(b, rows[row_key][k], cols[col_key][k], acc)
        results.append(acc)
    _write_results(ctx, d_regs, dtype, results, False)
