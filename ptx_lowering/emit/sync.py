"""Parallel synchronization (PTX ISA 9.7.13): bar.sync / barrier.sync over the whole CTA."""

from __future__ import annotations

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter


@emitter("sync.bar")
def bar(ctx: FunctionContext, instr: ast.Instruction) -> None:
    ops = instr.operands
    barrier_id = ops[0]
    if not isinstance(barrier_id, ast.IntImm) or barrier_id.value != 0:
        raise ctx.unsupported("named barriers other than barrier 0")
    if len(ops) > 1:
        raise ctx.unsupported("barriers with a thread count")
    ctx.hooks.barrier(ctx.builder)
