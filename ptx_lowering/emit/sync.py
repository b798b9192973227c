"""Parallel synchronization (PTX ISA 9.7.13.1): bar / barrier .sync, .arrive and .red.

Barrier 0 over the whole CTA is every target's; barrier ids, thread counts, .arrive and
.red need the target to have them (`named_barriers`, `barrier_ops`; `.red` with them:
`named_barrier_reductions`, over barrier 0 alone: `barrier_reductions`), else they are
rejected by name.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES

U32, PRED = TYPES["u32"], TYPES["pred"]


def _barrier(
    ctx: FunctionContext, ops: tuple[ast.Operand, ...]
) -> tuple[ir.Value, ir.Value | None]:
    """The barrier id and the optional thread count of `ops` (a, {b})."""
    if not ctx.hooks.named_barriers:
        if not isinstance(ops[0], ast.IntImm) or ops[0].value != 0:
            raise ctx.unsupported(f"named barriers other than barrier 0 on {ctx.hooks.name}")
        if len(ops) > 1:
            raise ctx.unsupported(f"barriers with a thread count on {ctx.hooks.name}")
    barrier_id = ctx.read(ops[0], U32)
    count = ctx.read(ops[1], U32) if len(ops) > 1 else None
    return barrier_id, count


@emitter("sync.bar")
def bar(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """bar.sync a{, b}: wait at barrier a for b threads (all of the CTA without b)."""
    barrier_id, count = _barrier(ctx, instr.operands)
    ctx.hooks.barrier(ctx.builder, ctx.site(), barrier_id, count)


@emitter("sync.bar_arrive")
def bar_arrive(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """bar.arrive a, b: count this thread at barrier a (of b threads) without waiting."""
    if not ctx.hooks.barrier_ops:
        raise ctx.unsupported(f"bar.arrive on {ctx.hooks.name}")
    barrier_id, count = _barrier(ctx, instr.operands)
    ctx.hooks.barrier_op(ctx.builder, ctx.site(), barrier_id, count, "arrive", None)


@emitter("sync.bar_red")
def bar_red(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """bar.red.popc.u32 d, a{, b}, {!}c: the number of threads whose c is true;
    bar.red.{and,or}.pred p, a{, b}, {!}c: whether c is true in all, in any."""
    op = instr.decoded.get("op") or ""
    if not (ctx.hooks.barrier_ops or ctx.hooks.barrier_reductions):
        raise ctx.unsupported(f"bar.red.{op} on {ctx.hooks.name}")
    ops = instr.operands
    if isinstance(ops[0], ast.Pair):
        raise ctx.error("bar.red writes one destination", ops[0].loc)
    barrier_id, count = _barrier(ctx, ops[1:-1])
    pred = ctx.read(ops[-1], PRED)
    whole_cta = count is None and isinstance(barrier_id, ir.Constant) and barrier_id.constant == 0
    if ctx.hooks.barrier_ops and ctx.hooks.named_barrier_reductions:
        result = ctx.hooks.barrier_op(ctx.builder, ctx.site(), barrier_id, count, op, pred)
    elif whole_cta and ctx.hooks.barrier_reductions:
        result = ctx.hooks.barrier_reduce(ctx.builder, op, pred)
    else:
        raise ctx.unsupported(
            f"bar.red.{op} with a barrier id other than 0 or a thread count on {ctx.hooks.name}"
        )
    if op == "popc":
        ctx.write(ops[0], result, U32)
    else:
        any_or_all = ctx.builder.icmp_unsigned("!=", result, ir.Constant(result.type, 0))
        ctx.write(ops[0], any_or_all, PRED)
