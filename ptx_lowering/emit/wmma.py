"""wmma.load, wmma.mma, wmma.store (PTX ISA 9.7.14.4) for .m16n16k16, .m32n8k16 and
.m8n32k16 with .f16, .bf16, .s8 and .u8 inputs, .m16n16k8 with .tf32 and .m8n8k4 with .f64
(.rn), over the mma emulation of emit/mma.py.

The ISA leaves the distribution of a wmma fragment over the warp's threads unspecified
(9.7.14.4.1; programs may only move fragments between wmma.load, wmma.mma and wmma.store,
and apply element-wise operations), so cu2amd defines its own: a wmma shape is a grid of
MB x NB blocks, each an mma whose fragments emit/mma.py's Layout describes:
- .m16n16k16: 1 x 2 blocks of m16n8k16; .m32n8k16: 2 x 1 of m16n8k16; .m8n32k16: 1 x 4
  of m8n8k16 (for .f16/.bf16 the A rows g of m16n8k16's fragment, and its B);
  .m16n16k8 .tf32: 1 x 2 of m16n8k8; .m8n8k4 .f64: one m8n8k4.
- A: the A fragments of M-blocks 0, 1, ... in turn; B: the B fragments of N-blocks 0, 1,
  ...; C, D: the C fragments of blocks (mb, nb), nb varying fastest.
- Where the ISA gives a fragment more registers than that (.f16 A and B have 8), the
  extra registers repeat the first ones.
wmma.load and wmma.store access each element of the thread's fragment at
`p + (row * stride + col) * size` (.row; .col swaps row and col), so they need no
shuffles; wmma.mma computes each block as mma does (k ascending fma chain in f32; exact
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
    Layout,
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
FAMILY = {"f16": "half", "bf16": "half", "s8": "int8", "u8": "int8", "tf32": "tf32", "f64": "f64"}
# (register, element, row = g*rg + t*rt + r0, col = g*cg + t*ct + c0) of each fragment
Place = tuple[int, int, tuple[int, int, int], tuple[int, int, int]]
# The rows g of m16n8k16's .f16/.bf16 fragments: an 8x8x16 block (not an mma shape).
M8N8K16_HALF = Layout((0,), ((0, 0), (0, 8)), (0, 8), 2)


def _blocks(shape: str, family: str) -> tuple[Layout, int, int]:
    """The block Layout of a wmma shape and how many blocks it has along M and N."""
    if family == "tf32":
        return LAYOUTS["m16n8k8", "tf32"], 1, 2
    if family == "f64":
        return LAYOUTS["m8n8k4", "f64"], 1, 1
    if shape == "m8n32k16":
        return (M8N8K16_HALF if family == "half" else LAYOUTS["m8n8k16", "int8"]), 1, 4
    m_blocks = 2 if shape == "m32n8k16" else 1
    return LAYOUTS["m16n8k16", family], m_blocks, 2 // m_blocks


def _places(matrix: str, fmt: str, shape: str, family: str) -> Iterator[Place]:
    """Where each element of this thread's fragment is (g: groupID, t: threadID_in_group),
    for its registers before any repeat."""
    layout, mb_count, nb_count = _blocks(shape, family)
    per = 1 if fmt in ("tf32", "f64") else 32 // BITS[fmt]
    if matrix == "a":
        for mb in range(mb_count):
            for r, (row, k) in enumerate(layout.a_regs):
                for e in range(per):
                    yield mb * len(layout.a_regs) + r, e, (1, 0, row + 16 * mb), (0, per, k + e)
    elif matrix == "b":
        for nb in range(nb_count):
            for r, k in enumerate(layout.b_regs):
                for e in range(per):
                    yield nb * len(layout.b_regs) + r, e, (0, per, k + e), (1, 0, 8 * nb)
    else:
        outputs = 2 * len(layout.rows)  # per block: rows g + rows[i], columns 2t, 2t + 1
        for block in range(mb_count * nb_count):
            mb, nb = divmod(block, nb_count)
            for i in range(outputs):
                reg = block * _count(outputs, fmt) + (i // 2 if fmt == "f16" else i)
                e = i % 2 if fmt == "f16" else 0
                yield reg, e, (1, 0, layout.rows[i // 2] + 16 * mb), (0, 2, i % 2 + 8 * nb)


def _registers(matrix: str, fmt: str, shape: str, family: str) -> tuple[int, int]:
    """(registers the ISA gives the fragment, registers before any repeat)."""
    natural = 1 + max(r for r, *_ in _places(matrix, fmt, shape, family))
    return (8 if matrix in ("a", "b") and fmt == "f16" else natural), natural


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


def _family(shape: str, fmt: str) -> str:
    """The Layout family of a fragment: by its A/B type, or for C and D by the shape (C's
    places are the same for .f16/.bf16 and .s8/.u8 blocks)."""
    if fmt in FAMILY:
        return FAMILY[fmt]
    return {"m16n16k8": "tf32", "m8n8k4": "f64"}.get(shape, "half")


@emitter("mma.wmma_load")
def wmma_load(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """wmma.load.{a,b,c}.sync.aligned.layout.shape{.space}.type r, [p], stride."""
    d = instr.decoded
    matrix, fmt, shape = d.get("matrix") or "", d.get("type") or "", d.get("shape") or ""
    family = _family(shape, fmt)
    dests = fragment(ctx, instr.operands[0], _registers(matrix, fmt, shape, family)[0])
    access = _Access(ctx, instr, instr.operands[1])
    b = ctx.builder
    bits = BITS[fmt]
    words: dict[int, ir.Value] = {}
    for r, e, row, col in _places(matrix, fmt, shape, family):
        value = load(b, access.pointer_to(row, col, bits // 8), ir.IntType(bits), align=bits // 8)
        value = b.shl(b.zext(value, I32), I32(bits * e)) if bits < 32 else value
        words[r] = b.or_(words[r], value) if r in words else value
    t = TYPES["b64" if bits == 64 else "b32"]
    for r, dest in enumerate(dests):
        ctx.write(dest, words[r % len(words)], t)


@emitter("mma.wmma_store")
def wmma_store(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """wmma.store.d.sync.aligned.layout.shape{.space}.type [p], r, stride."""
    fmt, shape = instr.decoded.get("type") or "", instr.decoded.get("shape") or ""
    family = _family(shape, fmt)
    sources = fragment(ctx, instr.operands[1], _registers("d", fmt, shape, family)[0])
    access = _Access(ctx, instr, instr.operands[0])
    b = ctx.builder
    bits = BITS[fmt]
    words = [ctx.read(op, TYPES["b64" if bits == 64 else "b32"]) for op in sources]
    for r, e, row, col in _places("d", fmt, shape, family):
        value = words[r]
        if bits < 32:
            value = b.trunc(b.lshr(value, I32(bits * e)), ir.IntType(bits))
        store(b, value, access.pointer_to(row, col, bits // 8), align=bits // 8)


@emitter("mma.wmma_mma")
def wmma_mma(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """wmma.mma.sync.aligned.alayout.blayout.shape.{dtype.ctype | s32.atype.btype.s32
    {.satfinite} | f32.bf16.bf16.f32 | f32.tf32.tf32.f32 | {.rn}.f64.f64.f64.f64} d, a, b, c:
    the layouts only say how the fragments were loaded, which cu2amd's do not depend on."""
    d = instr.decoded
    shape = d.get("shape") or ""
    atype, btype = d.get("atype") or "f16", d.get("btype") or "f16"
    dtype, ctype = d.get("dtype") or "", d.get("ctype") or ""
    if atype != btype:  # mma allows .s8 with .u8, wmma does not
        raise ctx.error(f"A and B must have the same type (.{atype} and .{btype})")
    family = FAMILY[atype]
    layout, mb_count, nb_count = _blocks(shape, family)
    ops = instr.operands

    def regs(matrix: str, fmt: str) -> tuple[list[ast.Operand], int]:
        count, natural = _registers(matrix, fmt, shape, family)
        return fragment(ctx, ops["dabc".index(matrix)], count), natural

    (a_ops, na), (b_ops, nb) = regs("a", atype), regs("b", btype)
    (c_ops, _), (d_ops, _) = regs("c", ctype), regs("d", dtype)
    a_regs = _read_regs(ctx, a_ops[:na], atype)
    b_regs = _read_regs(ctx, b_ops[:nb], btype)
    per_a, per_b = len(layout.a_regs), len(layout.b_regs)
    outputs = 2 * len(layout.rows)
    nc, nd = _count(outputs, ctype), _count(outputs, dtype)
    results = []
    for mb in range(mb_count):
        core = MmaCore(ctx, layout, atype, btype, a_regs[per_a * mb : per_a * (mb + 1)])
        for nb_index in range(nb_count):
            block = mb * nb_count + nb_index
            c = _accumulators(ctx, c_ops[nc * block : nc * (block + 1)], ctype)
            results.append(core.products(b_regs[per_b * nb_index : per_b * (nb_index + 1)], c))
    for block, values in enumerate(results):  # every read before the first write: d may be c
        _write_results(ctx, d_ops[nd * block : nd * (block + 1)], dtype, values,
                       d.has("satfinite"))  # fmt: skip
