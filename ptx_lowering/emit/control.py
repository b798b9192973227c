"""Control flow (PTX ISA 9.7.12): bra, ret, exit. Guards are applied by the function
emitter around any instruction; a guarded `bra` becomes a conditional branch there."""

from __future__ import annotations

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter


@emitter("control.bra")
def bra(ctx: FunctionContext, instr: ast.Instruction) -> None:
    (target,) = instr.operands
    if not isinstance(target, ast.Name):
        raise ctx.error("the branch target must be a label")
    ctx.builder.branch(ctx.branch_target(target))


@emitter("control.ret")
def ret(ctx: FunctionContext, instr: ast.Instruction) -> None:
    if not ctx.ptx_fn.is_kernel:
        raise ctx.unsupported("returning from a .func")
    ctx.builder.ret_void()


@emitter("control.exit")
def exit_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    if not ctx.ptx_fn.is_kernel:
        raise ctx.unsupported("exit inside a .func")
    ctx.builder.ret_void()


@emitter("control.trap")
def trap(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """Abort the kernel: on the host platform an error naming the block and thread."""
    ctx.hooks.trap(ctx.builder, ctx.site())
    ctx.builder.unreachable()
