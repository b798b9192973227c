"""Control flow (PTX ISA 9.7.12): bra, brx.idx, ret, exit, and trap (9.7.19.4). Guards
are applied by the function emitter around any instruction; a guarded `bra` becomes a
conditional branch there. `call` is emit/call.py's."""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.call import emit_exit, emit_return
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES


@emitter("control.bra")
def bra(ctx: FunctionContext, instr: ast.Instruction) -> None:
    (target,) = instr.operands
    if not isinstance(target, ast.Name):
        raise ctx.error("the branch target must be a label")
    ctx.builder.branch(ctx.branch_target(target))


@emitter("control.brx")
def brx(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """`brx.idx index, tlist`: branch to the index-th label of a `.branchtargets` list.
    An index past the list is undefined behaviour in PTX; cu2amd traps there."""
    index_op, table = instr.operands
    assert isinstance(table, ast.Name)
    decl = ctx.declarations.get(table.name)
    if not isinstance(decl, ast.BranchTargets) or decl.directive != "branchtargets":
        raise ctx.error(f"'{table.name}' is not a .branchtargets label", table.loc)
    index = ctx.read(index_op, TYPES["u32"])
    b = ctx.builder
    out_of_range = ctx.fn.append_basic_block("brx.out_of_range")
    switch = b.switch(index, out_of_range)
    for i, label in enumerate(decl.targets):
        switch.add_case(ir.IntType(32)(i), ctx.branch_target(ast.Name(label, decl.loc)))
    b.position_at_end(out_of_range)
    ctx.hooks.trap(b, f"{ctx.site()}: index out of range of {len(decl.targets)} targets")
    b.unreachable()


@emitter("control.ret")
def ret(ctx: FunctionContext, instr: ast.Instruction) -> None:
    if ctx.ptx_fn.is_kernel:
        ctx.builder.ret_void()
    else:
        emit_return(ctx)


@emitter("control.exit")
def exit_(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """The thread ends, also from inside a device function (see emit/call.py)."""
    emit_exit(ctx)


@emitter("control.nanosleep")
def nanosleep(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """`nanosleep.u32 t` suspends the thread for a time in [0, 2t] ns (PTX ISA 9.7.19.2):
    zero is in that range, so the thread goes on at once (the operand is still read).
    Threads that spin with nanosleep back-off still progress: AMD waves run
    independently, and the host platform's only waits are barriers and collectives."""
    (delay,) = instr.operands
    ctx.read(delay, TYPES["u32"])


@emitter("control.trap")
def trap(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """Abort the kernel: on the host platform an error naming the block and thread."""
    ctx.hooks.trap(ctx.builder, ctx.site())
    ctx.builder.unreachable()
