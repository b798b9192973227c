"""Parallel synchronization (PTX ISA 9.7.13): bar.sync / barrier.sync over the whole CTA."""

from __future__ import annotations

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES


@emitter("sync.bar")
def bar(ctx: FunctionContext, instr: ast.Instruction) -> None:
    ops = instr.operands
    u32 = TYPES["u32"]
    if not ctx.hooks.named_barriers:
        if not isinstance(ops[0], ast.IntImm) or ops[0].value != 0:
            raise ctx.unsupported(f"named barriers other than barrier 0 on {ctx.hooks.name}")
        if len(ops) > 1:
            raise ctx.unsupported(f"barriers with a thread count on {ctx.hooks.name}")
    barrier_id = ctx.read(ops[0], u32)
    count = ctx.read(ops[1], u32) if len(ops) > 1 else None
    ctx.hooks.barrier(ctx.builder, ctx.site(), barrier_id, count)
