"""isspacep (PTX ISA 9.7.9.19): whether a generic address lies in a state space's window.

.global, .shared and .local ask the target (targets/*.py `is_space`: the address ranges
of LDS and scratch on AMD GPUs, the block's shared memory and the thread's stack on the
host platform). The .const and .param windows are not address ranges of the hardware in
cu2amd: cvta.const and cvta.param (emit/memory.py) turn a variable's address into a
generic one by the target's plain address-space cast, so such an address is one inside a
variable of that space. isspacep answers the same way, consistently with cvta:
- `.const`: inside one of the module's .const variables (the only constant memory the
  module's code can name; the global variables of another module, loaded on its own, are
  outside). Not in inline PTX, whose CUDA file's __constant__ variables it cannot see.
- `.param` (= `.param::entry`): inside one of the kernel's parameters. Only a kernel knows
  its parameters, so in a device function this is unsupported, as cvta.param is there.
Both windows lie inside the .global one, as the ISA says of .param (isspacep.global is
true there: they are global memory on both targets).
"""

from __future__ import annotations

import llvmlite.binding as llvm
from llvmlite import ir

from cu2amd.errors import UnsupportedError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.memory import instruction_space
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES, StateSpace

I1, I64 = ir.IntType(1), ir.IntType(64)
Window = tuple[ir.Value, int]  # a variable's address and size in bytes
INLINE_ASM_PREFIX = "__cu2amd_asm_"  # frontend/rewrite.py's names of inline PTX functions


@emitter("mem.isspacep")
def isspacep(ctx: FunctionContext, instr: ast.Instruction) -> None:
    dest, src = instr.operands
    state = instruction_space(instr)
    address = ctx.read(src, TYPES["u64"])
    if state is StateSpace.CONST:
        result = _within(ctx, address, _const_windows(ctx))
    elif state is StateSpace.PARAM:
        result = _within(ctx, address, _param_windows(ctx))
    else:
        try:
            result = ctx.hooks.is_space(ctx.builder, state, address, instr.loc)
        except UnsupportedError as err:
            space = instr.decoded.get("space")
            raise ctx.unsupported(f"isspacep.{space} on {ctx.hooks.name}") from err
    ctx.write(dest, result, TYPES["pred"])


def _const_windows(ctx: FunctionContext) -> list[Window]:
    if ctx.ptx_fn.name.startswith(INLINE_ASM_PREFIX):
        raise ctx.unsupported(
            "isspacep.const in inline PTX (the CUDA file's __constant__ variables are not "
            "visible to it)"
        )
    data = llvm.create_target_data(ctx.hooks.data_layout())
    return [
        (sym.value, sym.value.value_type.get_abi_size(data))
        for sym in ctx.symbols.values()
        if sym.space is StateSpace.CONST and isinstance(sym.value, ir.GlobalVariable)
    ]


def _param_windows(ctx: FunctionContext) -> list[Window]:
    if not ctx.ptx_fn.is_kernel:
        raise ctx.unsupported("isspacep.param in a device function")
    # a parameter whose address the kernel takes stays in the parameter memory; the
    # others are copied to registers and no generic address reaches them
    return [
        (sym.value, sym.size)
        for sym in ctx.symbols.values()
        if sym.kernel_param and sym.storage is None and sym.value is not None
    ]


def _within(ctx: FunctionContext, address: ir.Value, windows: list[Window]) -> ir.Value:
    """Whether the generic address is in [start, start + size) of one of the windows."""
    b = ctx.builder
    generic = ir.PointerType(addrspace=ctx.hooks.address_space(StateSpace.GENERIC))
    result: ir.Value | None = None
    for start, size in windows:
        pointer = start if start.type == generic else b.addrspacecast(start, generic)
        offset = b.sub(address, b.ptrtoint(pointer, I64))
        inside = b.icmp_unsigned("<", offset, I64(size))
        result = inside if result is None else b.or_(result, inside)
    return I1(0) if result is None else result
