"""Memory access (PTX ISA 9.7.9): ld, st, cvta.

An address names a state space (or none: generic). Registers holding addresses become
pointers in the target's address space for that state space; variables are their LLVM
globals; kernel parameters read with `ld.param` are the kernel's arguments.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext, Symbol, llvm_type
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import load, store
from cu2amd.ptx_lowering.isa.types import PtxType, StateSpace

I8 = ir.IntType(8)


def instruction_space(instr: ast.Instruction) -> StateSpace:
    space = instr.decoded.get("space")
    if space is None:
        return StateSpace.GENERIC
    return StateSpace(space.split("::")[0])


def address_pointer(ctx: FunctionContext, addr: ast.Address, space: StateSpace) -> ir.Value:
    """The pointer an address operand denotes in `space`."""
    hooks, b = ctx.hooks, ctx.builder
    ptr_ty = ir.PointerType(addrspace=hooks.address_space(space))
    int_ty = ir.IntType(hooks.pointer_bits(space))
    if addr.base is None:
        return b.inttoptr(int_ty(addr.offset & ((1 << int_ty.width) - 1)), ptr_ty)
    reg = ctx.register(addr.base)
    if reg is not None:
        if not reg.type.is_int:
            raise ctx.error(f"address register '{reg.name}' must have an integer type", addr.loc)
        value = b.load(reg.slot, typ=llvm_type(reg.type), name=addr.base.name.removeprefix("%"))
        if reg.type.bits > int_ty.width:
            value = b.trunc(value, int_ty)
        elif reg.type.bits < int_ty.width:
            value = b.zext(value, int_ty)
        if addr.offset:
            value = b.add(value, int_ty(addr.offset & ((1 << int_ty.width) - 1)))
        return b.inttoptr(value, ptr_ty)
    sym = ctx.symbols.get(addr.base.name)
    if sym is None:
        raise ctx.error(f"use of undeclared identifier '{addr.base.name}'", addr.base.loc)
    pointer = _symbol_pointer(ctx, sym, space, addr)
    if addr.offset:
        pointer = b.gep(pointer, [ir.IntType(64)(addr.offset)], source_etype=I8)
    return pointer


def _symbol_pointer(
    ctx: FunctionContext, sym: Symbol, space: StateSpace, addr: ast.Address
) -> ir.Value:
    if sym.space is StateSpace.PARAM:
        raise ctx.unsupported(f"addressing kernel parameter '{sym.name}' in memory", addr.loc)
    if space is sym.space:
        return ctx.symbol_value(sym)
    if space is StateSpace.GENERIC:
        return ctx.builder.addrspacecast(
            ctx.symbol_value(sym), ir.PointerType(addrspace=ctx.hooks.address_space(space))
        )
    raise ctx.error(f"'{sym.name}' is a {sym.space} variable, accessed as {space}", addr.loc)


def _data_operands(
    ctx: FunctionContext, instr: ast.Instruction, data: ast.Operand
) -> list[ast.Operand]:
    vec = instr.decoded.get("vec")
    if vec is None:
        if isinstance(data, ast.VectorOp):
            raise ctx.error("a vector operand needs a .v2 or .v4 modifier", data.loc)
        return [data]
    count = int(vec[1:])
    if not isinstance(data, ast.VectorOp) or len(data.elements) != count:
        raise ctx.error(f"'.{vec}' needs a vector operand of {count} elements", data.loc)
    return list(data.elements)


def _param_argument(ctx: FunctionContext, addr: ast.Address, t: PtxType) -> ir.Value | None:
    """`ld.param [kernel_param]`: the argument value itself."""
    if addr.base is None or ctx.register(addr.base) is not None:
        return None
    sym = ctx.symbols.get(addr.base.name)
    if sym is None or sym.space is not StateSpace.PARAM:
        return None
    if addr.offset != 0 or sym.type.bits != t.bits:
        raise ctx.unsupported(f"partial reads of kernel parameter '{sym.name}'", addr.loc)
    value = sym.value
    if value.type != llvm_type(t):
        value = ctx.builder.bitcast(value, llvm_type(t))
    return value


@emitter("mem.ld")
def ld(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    data, addr = instr.operands
    assert isinstance(addr, ast.Address)
    space = instr_space = instruction_space(instr)
    dests = _data_operands(ctx, instr, data)
    if instr_space is StateSpace.PARAM:
        if len(dests) != 1:
            raise ctx.unsupported("vector loads from kernel parameters")
        value = _param_argument(ctx, addr, t)
        if value is None:
            raise ctx.unsupported("ld.param through a register address")
        ctx.write(dests[0], value, t, relaxed=True)
        return
    pointer = address_pointer(ctx, addr, space)
    volatile = instr.decoded.get("sem") == "volatile"
    elem_ty = llvm_type(t)
    b = ctx.builder
    if len(dests) == 1:
        value = load(b, pointer, elem_ty, align=t.bits // 8 or 1, volatile=volatile)
        ctx.write(dests[0], value, t, relaxed=True)
        return
    vec_ty = ir.VectorType(elem_ty, len(dests))
    vector = load(b, pointer, vec_ty, align=(t.bits // 8) * len(dests), volatile=volatile)
    for i, dest in enumerate(dests):
        ctx.write(dest, b.extract_element(vector, ir.IntType(32)(i)), t, relaxed=True)


@emitter("mem.st")
def st(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    addr, data = instr.operands
    assert isinstance(addr, ast.Address)
    space = instruction_space(instr)
    if space is StateSpace.PARAM:
        raise ctx.unsupported("st.param (device function calls)")
    sources = _data_operands(ctx, instr, data)
    pointer = address_pointer(ctx, addr, space)
    volatile = instr.decoded.get("sem") == "volatile"
    elem_ty = llvm_type(t)
    b = ctx.builder
    values = [ctx.read(src, t, relaxed=True) for src in sources]
    if len(values) == 1:
        store(b, values[0], pointer, align=t.bits // 8 or 1, volatile=volatile)
        return
    vector = ir.Constant(ir.VectorType(elem_ty, len(values)), None)
    for i, value in enumerate(values):
        vector = b.insert_element(vector, value, ir.IntType(32)(i))
    store(b, vector, pointer, align=(t.bits // 8) * len(values), volatile=volatile)


@emitter("mem.cvta")
def cvta(ctx: FunctionContext, instr: ast.Instruction) -> None:
    d = instr.decoded
    t = d.type()
    space = instruction_space(instr)
    if space is StateSpace.PARAM:
        raise ctx.unsupported("cvta on the .param state space")
    dest, src = instr.operands
    hooks, b = ctx.hooks, ctx.builder
    generic_ty = ir.PointerType(addrspace=hooks.address_space(StateSpace.GENERIC))
    space_ty = ir.PointerType(addrspace=hooks.address_space(space))
    if d.has("to"):
        # generic address -> address in `space`
        pointer = b.inttoptr(
            _int_of_width(ctx, ctx.read(src, t), hooks.pointer_bits(StateSpace.GENERIC)), generic_ty
        )
        result = b.ptrtoint(b.addrspacecast(pointer, space_ty), ir.IntType(t.bits))
    else:
        # address in `space` (or a variable of it) -> generic address
        if isinstance(src, ast.Name) and ctx.register(src) is None and src.name in ctx.symbols:
            pointer = _symbol_pointer(
                ctx, ctx.symbols[src.name], space, ast.Address(src, 0, src.loc)
            )
        else:
            value = _int_of_width(ctx, ctx.read(src, t), hooks.pointer_bits(space))
            pointer = b.inttoptr(value, space_ty)
        result = b.ptrtoint(b.addrspacecast(pointer, generic_ty), ir.IntType(t.bits))
    ctx.write(dest, result, t)


def _int_of_width(ctx: FunctionContext, value: ir.Value, bits: int) -> ir.Value:
    width = value.type.width
    if width > bits:
        return ctx.builder.trunc(value, ir.IntType(bits))
    if width < bits:
        return ctx.builder.zext(value, ir.IntType(bits))
    return value
