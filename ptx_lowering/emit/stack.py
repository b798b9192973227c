"""Stack manipulation (PTX ISA 9.7.17): stacksave, stackrestore, alloca.

The stack is the target's: AMDGPU's private (scratch) memory, address space 5, whose
addresses are the .local addresses of PTX (32 bits); the host platform's thread (fiber)
stack, with 64-bit addresses. `alloca` is an LLVM alloca of `size` bytes at the point of
the instruction (a dynamic alloca: the function gets a frame pointer), aligned to
max(immAlign, 8) (the ISA's minimum guaranteed alignment is 8); `stacksave` and
`stackrestore` are `llvm.stacksave` / `llvm.stackrestore`, so memory allocated after a
save is released by the restore, as the ISA describes. The register holding a stack
address is the .local address, usable with ld.local/st.local and cvta.local.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import call_intrinsic
from cu2amd.ptx_lowering.isa.types import StateSpace

I8 = ir.IntType(8)
MIN_ALIGN = 8  # "the minimum guaranteed alignment" (9.7.17.3)
MAX_ALIGN = 1 << 23


class _DynamicAlloca(ir.instructions.AllocaInstr):
    """`alloca i8, iN %size, align A, addrspace(S)`: llvmlite's alloca has no address
    space, and irutil's only takes a constant count."""

    def __init__(self, parent: ir.Block, size: ir.Value, name: str, addrspace: int) -> None:
        super().__init__(parent, I8, size, name)
        self.type = ir.PointerType(addrspace=addrspace)
        self.addrspace = addrspace

    def descr(self, buf: list[str]) -> None:
        (size,) = self.operands
        buf.append(f"alloca i8, {size.type} {size.get_reference()}, align {self.align}")
        if self.addrspace:
            buf.append(f", addrspace({self.addrspace})")
        if self.metadata:
            buf.append(self._stringify_metadata(leading_comma=True))


def _stack_int(ctx: FunctionContext, instr: ast.Instruction) -> ir.IntType:
    """The integer type of stack addresses; an instruction type narrower than it cannot
    hold them (the host platform's 64-bit stack with .u32)."""
    bits = ctx.hooks.pointer_bits(StateSpace.LOCAL)
    t = instr.decoded.type()
    if t.bits < bits:
        raise ctx.unsupported(f".{t.name} stack addresses on a target whose are {bits}-bit")
    return ir.IntType(bits)


def _suffix(ctx: FunctionContext) -> str:
    return f"p{ctx.stack}"


def _to_register(ctx: FunctionContext, instr: ast.Instruction, pointer: ir.Value) -> None:
    b = ctx.builder
    t = instr.decoded.type()
    value = b.ptrtoint(pointer, _stack_int(ctx, instr))
    if t.bits > value.type.width:
        value = b.zext(value, ir.IntType(t.bits))
    ctx.write(instr.operands[0], value, t)


@emitter("stack.stacksave")
def stacksave(ctx: FunctionContext, instr: ast.Instruction) -> None:
    pointer_ty = ir.PointerType(addrspace=ctx.stack)
    saved = call_intrinsic(ctx.builder, f"llvm.stacksave.{_suffix(ctx)}", pointer_ty, [])
    _to_register(ctx, instr, saved)


@emitter("stack.stackrestore")
def stackrestore(ctx: FunctionContext, instr: ast.Instruction) -> None:
    b = ctx.builder
    int_ty = _stack_int(ctx, instr)
    value = ctx.read(instr.operands[0], instr.decoded.type())
    if value.type.width > int_ty.width:
        value = b.trunc(value, int_ty)
    pointer = b.inttoptr(value, ir.PointerType(addrspace=ctx.stack))
    call_intrinsic(b, f"llvm.stackrestore.{_suffix(ctx)}", ir.VoidType(), [pointer])


@emitter("stack.alloca")
def alloca(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    _stack_int(ctx, instr)
    align = MIN_ALIGN
    if len(instr.operands) == 3:
        imm = instr.operands[2]
        if not isinstance(imm, ast.IntImm):
            raise ctx.error("the alignment must be an integer constant", imm.loc)
        if imm.value <= 0 or imm.value & (imm.value - 1) or imm.value > MAX_ALIGN:
            raise ctx.error(
                f"the alignment must be a power of 2 no greater than 2^23, not {imm.text}",
                imm.loc,
            )
        align = max(imm.value, MIN_ALIGN)
    size = ctx.read(instr.operands[1], t)
    block = ctx.builder.block
    memory = _DynamicAlloca(block, size, "", ctx.stack)
    memory.align = align
    ctx.builder._insert(memory)
    _to_register(ctx, instr, memory)
