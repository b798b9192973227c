"""Extended-precision integer arithmetic (PTX ISA 9.7.2): the carry chain add.cc, addc,
sub.cc, subc, mad.cc, madc.

The condition code register's carry flag CC.CF is one i1 per function (an alloca that
mem2reg turns into SSA values), in `ctx.state["carry"]`. The ISA keeps it for straight-line
code: "The condition code register is not preserved across calls". So a carry-in must
follow, in the same function, an instruction that writes the flag, with no `call` in
between; anything else is an error naming the instruction, never a read of a stale flag.

After sub.cc and subc.cc the flag holds the borrow (1 when the exact difference is
negative), and subc subtracts it: `d = a - (b + CC.CF)` (9.7.2.4), as the ISA defines.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.arith import product
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter

I1 = ir.IntType(1)
_CARRY_OUT = "add.cc, sub.cc, mad.cc, addc.cc, subc.cc or madc.cc"


@dataclass
class _Carry:
    slot: ir.Instruction  # the i1 alloca holding CC.CF
    order: dict[int, int]  # id(instruction) -> its index in the function, in source order
    calls: list[tuple[int, ast.Instruction]]  # the function's `call` instructions, in order
    writer: ast.Instruction | None = field(default=None)  # the last one to write CC.CF


def _walk(block: ast.Block, out: list[ast.Instruction]) -> None:
    for stmt in block.statements:
        if isinstance(stmt, ast.Instruction):
            out.append(stmt)
        elif isinstance(stmt, ast.Block):
            _walk(stmt, out)


def _state(ctx: FunctionContext) -> _Carry:
    state = ctx.state.get("carry")
    if state is None:
        slot = ctx.entry_alloca(I1, "%cc.cf")
        with ctx.builder.goto_block(ctx.entry):
            ctx.builder.position_after(slot)
            ctx.builder.store(I1(0), slot)  # never read before written (checked below)
        instructions: list[ast.Instruction] = []
        if ctx.ptx_fn.body is not None:
            _walk(ctx.ptx_fn.body, instructions)
        order = {id(instr): i for i, instr in enumerate(instructions)}
        calls = [(i, instr) for i, instr in enumerate(instructions) if instr.opcode == "call"]
        state = ctx.state["carry"] = _Carry(slot, order, calls)
    assert isinstance(state, _Carry)
    return state


def _carry_in(ctx: FunctionContext, instr: ast.Instruction) -> ir.Value:
    """CC.CF as an i1, after checking that this function wrote it before `instr`."""
    state = _state(ctx)
    writer = state.writer
    if writer is None:
        raise ctx.error(
            f"reads the carry flag, but no {_CARRY_OUT} before it in this function writes "
            "it (the carry flag does not cross function boundaries)"
        )
    start, end = state.order[id(writer)], state.order[id(instr)]
    for index, call in state.calls:
        if start < index < end:
            raise ctx.error(
                f"reads the carry flag written at {writer.loc}, across the call at {call.loc} "
                "(the carry flag is not preserved across calls)"
            )
    return ctx.builder.load(state.slot, typ=I1, name="cc.cf")


def _carry_out(ctx: FunctionContext, instr: ast.Instruction, flag: ir.Value) -> None:
    state = _state(ctx)
    ctx.builder.store(flag, state.slot)
    state.writer = instr


def _writes_carry(instr: ast.Instruction) -> bool:
    # add.cc, sub.cc, mad.cc always; addc, subc, madc with .cc
    return instr.decoded.form.opcode in ("add.cc", "sub.cc") or instr.decoded.has("cc")


def _reads_carry(instr: ast.Instruction) -> bool:
    return instr.decoded.form.opcode in ("addc", "subc", "madc")


def _sum(
    ctx: FunctionContext, instr: ast.Instruction, a: ir.Value, b: ir.Value, subtract: bool
) -> ir.Value:
    """a + b (+ CC.CF), or a - (b + CC.CF), with the carry (borrow) out of the exact
    result written to CC.CF when the instruction asks for it."""
    bld = ctx.builder
    op = bld.usub_with_overflow if subtract else bld.uadd_with_overflow
    pair = op(a, b)
    result, flag = bld.extract_value(pair, 0), bld.extract_value(pair, 1)
    if _reads_carry(instr):
        carry_in = _carry_in(ctx, instr)
        pair = op(result, bld.zext(carry_in, a.type))
        result = bld.extract_value(pair, 0)
        # At most one of the two steps can overflow, so either flag is the carry.
        flag = bld.or_(flag, bld.extract_value(pair, 1))
    if _writes_carry(instr):
        _carry_out(ctx, instr, flag)
    return result


@emitter("carry.add")
def add(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    d, a, b = instr.operands
    ctx.write(d, _sum(ctx, instr, ctx.read(a, t), ctx.read(b, t), subtract=False), t)


@emitter("carry.sub")
def sub(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    d, a, b = instr.operands
    ctx.write(d, _sum(ctx, instr, ctx.read(a, t), ctx.read(b, t), subtract=True), t)


@emitter("carry.mad")
def mad(ctx: FunctionContext, instr: ast.Instruction) -> None:
    # 9.7.2.5/6: the .lo or .hi half of a * b (signed for .s32/.s64), plus c and the
    # carry-in for madc; the carry out is that of the addition.
    t = instr.decoded.type()
    mode = instr.decoded.get("mode")
    assert mode is not None
    d, a_op, b_op, c_op = instr.operands
    a, b, c = (ctx.read(op, t) for op in (a_op, b_op, c_op))
    part = product(ctx, mode, t, a, b)
    ctx.write(d, _sum(ctx, instr, part, c, subtract=False), t)
