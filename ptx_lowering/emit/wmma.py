"""wmma.load, wmma.mma, wmma.store (PTX ISA 9.7.14.4) for .m16n16k16 with .f16, .bf16,
.s8 and .u8 inputs, .m16n16k8 with .tf32 and .m8n8k4 with .f64 (.rn), over the mma
emulation of emit/mma.py.

The ISA leaves the distribution of a wmma fragment over the warp's threads unspecified
("implementation-defined"; programs may only move fragments between wmma.load, wmma.mma
and wmma.store, and apply element-wise operations), so cu2amd defines its own, which makes
wmma.m16n16k16 two mma.m16n8k16, one per 8-column half h of B, C and D (.m16n16k8: two
mma.m16n8k8.tf32 likewise; .m8n8k4.f64: one mma.m8n8k4, its fragments as they are):
- A: the m16n8k16 A fragment (registers 0..3 for .f16/.bf16, 0..1 for .s8/.u8); with .f16
  the ISA gives A 8 registers, and 4..7 repeat 0..3.
- B: half h in registers 2h, 2h+1 (.f16/.bf16; .f16's 4..7 repeat 0..3) or h (.s8/.u8),
  each the m16n8k16 B fragment of columns 8h..8h+7.
- C, D: half h in registers 4h..4h+3 (.f32, .s32) or 2h, 2h+1 (.f16), each the m16n8k16
  C fragment of columns 8h..8h+7.
wmma.load and wmma.store access each element of the thread's fragment at
`p + (row * stride + col) * size` (.row; .col swaps row and col), so they need no
shuffles; the results of wmma.mma are those of mma (k ascending fma chain in f32; exact
integer sums). A wmma.load or wmma.store without its stride operand is an error: the
ISA's default stride is not modelled.
"""

from __future__ import annotations

from collections.abc import Iterator

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.memory import address_pointer, instruction_space
from cu2amd.ptx_lowering.emit.mma import (
    LAYOUTS,
    Lane,
    MmaCore,
    _accumulators,
    _count,
    _read_regs,
    _write_results,
    fragment,
)
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import load, store
from cu2amd.ptx_lowering.isa.types import TYPES

I8, I32, I64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
BITS = {"f16": 16, "bf16": 16, "s8": 8, "u8": 8, "f32": 32, "s32": 32, "tf32": 32, "f64": 64}
HALF = frozenset({"f16", "bf16"})
# (register, element, row = g*rg + t*rt + r0, col = g*cg + t*ct + c0) of each fragment
Place = tuple[int, int, tuple[int, int, int], tuple[int, int, int]]
# The mma whose fragments make up wmma's, by A type.
_MMA_OF = {
    **{t: ("m16n8k16", "half") for t in ("f16", "bf16")},
    **{t: ("m16n8k16", "int8") for t in ("s8", "u8")},
    "tf32": ("m16n8k8", "tf32"),
    "f64": ("m8n8k4", "f64"),
}


def _places(matrix: str, fmt: str) -> Iterator[Place]:
    """Where each element of this thread's fragment is (g: groupID, t: threadID_in_group);
    registers that repeat others are left out."""
    if fmt == "f64":
        if matrix == "a":
            yield 0, 0, (1, 0, 0), (0, 1, 0)
        elif matrix == "b":
            yield 0, 0, (0, 1, 0), (1, 0, 0)
        else:
            for i in range(2):
                yield i, 0, (1, 0, 0), (0, 2, i)
    elif matrix == "a" and fmt == "tf32":
        for r in range(4):
            yield r, 0, (1, 0, 8 * (r & 1)), (0, 1, 4 * (r >> 1))
    elif matrix == "b" and fmt == "tf32":
        for h in range(2):
            for r in range(2):
                yield 2 * h + r, 0, (0, 1, 4 * r), (1, 0, 8 * h)
    elif matrix == "a" and fmt in HALF:
        for r in range(4):
            for e in range(2):
                yield r, e, (1, 0, 8 * (r & 1)), (0, 2, e + 8 * (r >> 1))
    elif matrix == "a":
        for r in range(2):
            for e in range(4):
                yield r, e, (1, 0, 8 * r), (0, 4, e)
    elif matrix == "b" and fmt in HALF:
        for h in range(2):
            for r in range(2):
                for e in range(2):
                    yield 2 * h + r, e, (0, 2, e + 8 * r), (1, 0, 8 * h)
    elif matrix == "b":
        for h in range(2):
            for e in range(4):
                yield h, e, (0, 4, e), (1, 0, 8 * h)
    elif fmt == "f16":  # c, d
        for h in range(2):
            for r in range(2):
                for e in range(2):
                    yield 2 * h + r, e, (1, 0, 8 * r), (0, 2, e + 8 * h)
    else:
        for h in range(2):
            for i in range(4):
                yield 4 * h + i, 0, (1, 0, 8 * (i >> 1)), (0, 2, (i & 1) + 8 * h)


def _registers(matrix: str, fmt: str) -> int:
    """How many registers the ISA gives the fragment."""
    if fmt == "f64":
        return 2 if matrix in ("c", "d") else 1
    if matrix in ("a", "b"):
        return {"f16": 8, "bf16": 4, "s8": 2, "u8": 2, "tf32": 4}[fmt]
    return 4 if fmt == "f16" else 8


class _Access:
    """Element addresses of a wmma.load / wmma.store."""

    def __init__(self, ctx: FunctionContext, instr: ast.Instruction, addr: ast.Operand) -> None:
        ops = instr.operands
        if len(ops) < 3:
            raise ctx.unsupported("wmma.load and wmma.store need the stride operand")
        assert isinstance(addr, ast.Address)
        self.ctx = ctx
        self.space = instruction_space(instr)
        self.pointer = address_pointer(ctx, addr, self.space)
        b = ctx.builder
        self.stride = b.zext(ctx.read(ops[2], TYPES["u32"]), I64)
        self.col_major = instr.decoded.get("layout") == "col"
        me = Lane(ctx)
        self.g, self.t = b.zext(me.group, I64), b.zext(me.tig, I64)

    def pointer_to(self, row: tuple[int, int, int], col: tuple[int, int, int], size: int):
        b = self.ctx.builder

        def coordinate(c: tuple[int, int, int]) -> ir.Value:
            value = I64(c[2])
            if c[0]:
                value = b.add(b.mul(self.g, I64(c[0])), value)
            if c[1]:
                value = b.add(b.mul(self.t, I64(c[1])), value)
            return value

        r, c = coordinate(row), coordinate(col)
        if self.col_major:
            r, c = c, r
        index = b.add(b.mul(r, self.stride), c)
        return b.gep(self.pointer, [b.mul(index, I64(size))], source_etype=I8)


@emitter("mma.wmma_load")
def wmma_load(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """wmma.load.{a,b,c}.sync.aligned.layout.m16n16k16{.space}.type r, [p], stride."""
    d = instr.decoded
    matrix, fmt = d.get("matrix") or "", d.get("type") or ""
    dests = fragment(ctx, instr.operands[0], _registers(matrix, fmt))
    access = _Access(ctx, instr, instr.operands[1])
    b = ctx.builder
    bits = BITS[fmt]
    words: dict[int, ir.Value] = {}
    for r, e, row, col in _places(matrix, fmt):
        value = load(b, access.pointer_to(row, col, bits // 8), ir.IntType(bits), align=bits // 8)
        value = b.shl(b.zext(value, I32), I32(bits * e)) if bits < 32 else value
        words[r] = b.or_(words[r], value) if r in words else value
    t = TYPES["b64" if bits == 64 else "b32"]
    for r, dest in enumerate(dests):
        ctx.write(dest, words[r % len(words)], t)


@emitter("mma.wmma_store")
def wmma_store(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """wmma.store.d.sync.aligned.layout.m16n16k16{.space}.type [p], r, stride."""
    fmt = instr.decoded.get("type") or ""
    sources = fragment(ctx, instr.operands[1], _registers("d", fmt))
    access = _Access(ctx, instr, instr.operands[0])
    b = ctx.builder
    bits = BITS[fmt]
    words = [ctx.read(op, TYPES["b64" if bits == 64 else "b32"]) for op in sources]
    for r, e, row, col in _places("d", fmt):
        value = words[r]
        if bits < 32:
            value = b.trunc(b.lshr(value, I32(bits * e)), ir.IntType(bits))
        store(b, value, access.pointer_to(row, col, bits // 8), align=bits // 8)


@emitter("mma.wmma_mma")
def wmma_mma(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """wmma.mma.sync.aligned.alayout.blayout.m16n16k16.{dtype.ctype | s32.atype.btype.s32
    {.satfinite} | f32.bf16.bf16.f32} d, a, b, c: the layouts only say how the fragments
    were loaded, which cu2amd's fragments do not depend on."""
    d = instr.decoded
    atype, btype = d.get("atype") or "f16", d.get("btype") or "f16"
    dtype, ctype = d.get("dtype") or "", d.get("ctype") or ""
    if atype != btype:  # mma allows .s8 with .u8, wmma does not
        raise ctx.error(f"A and B must have the same type (.{atype} and .{btype})")
    layout = LAYOUTS[_MMA_OF[atype]]
    halves = 1 if atype == "f64" else 2
    ops = instr.operands
    a_regs = _read_regs(ctx, fragment(ctx, ops[1], _registers("a", atype)), atype)
    b_regs = _read_regs(ctx, fragment(ctx, ops[2], _registers("b", btype)), btype)
    c_regs = fragment(ctx, ops[3], _registers("c", ctype))
    d_regs = fragment(ctx, ops[0], _registers("d", dtype))
    core = MmaCore(ctx, layout, atype, btype, a_regs[: len(layout.a_regs)])
    outputs = 2 * len(layout.rows)
    nb, nc, nd = len(layout.b_regs), _count(outputs, ctype), _count(outputs, dtype)
    results = []
    for h in range(halves):
        c = _accumulators(ctx, c_regs[nc * h : nc * (h + 1)], ctype)
        results.append(core.products(b_regs[nb * h : nb * (h + 1)], c))
    for h in range(halves):  # every read before the first write: d may be c
        _write_results(ctx, d_regs[nd * h : nd * (h + 1)], dtype, results[h], d.has("satfinite"))
