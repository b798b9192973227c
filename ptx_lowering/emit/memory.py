"""Memory access (PTX ISA 9.7.9): ld, ldu, st, cvta, and the cache hints (prefetch,
applypriority, discard, createpolicy); isspacep is emit/isspacep.py.

An address names a state space (or none: generic). Registers holding addresses become
pointers in the target's address space for that state space; variables are their LLVM
globals; `.param` names are a parameter's memory (see emit/call.py and emit/module.py).

Memory ordering (PTX ISA 8, "Memory Consistency Model") maps to LLVM's:
- `.weak` (the default): plain loads and stores;
- `.relaxed.scope`: atomic `monotonic` accesses, `.acquire` / `.release`: atomic
  `acquire` / `release`, in the sync scope the target gives the PTX scope (AMDGPU:
  cta "workgroup", cluster and gpu "agent", sys "" i.e. system);
- `.volatile`: LLVM `volatile` accesses, which AMDGPU defines as relaxed accesses at the
  widest scope of the address space (system for global memory, work-group for LDS), as
  PTX defines `.volatile` for .global and .shared; `.mmio.relaxed.sys`: volatile atomic
  `monotonic` accesses at system scope;
- vector accesses with an ordering are one atomic access per element, in element order
  (PTX ISA 8.2: a vector access is a set of scalar accesses in unspecified order).
Cache operators and eviction hints do not change results: `.cv` (fetch again) is lowered
as `.volatile`, `.cs` and `.lu` (streaming, last use) as `!nontemporal` accesses, the others
as plain accesses; `.L2::cache_hint`'s cache-policy operand is read and ignored. `.nc`
loads are plain loads (the program promises the data is read-only during the kernel).
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext, Symbol, llvm_type
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import llvm_name, load, store
from cu2amd.ptx_lowering.isa.types import TYPES, PtxType, StateSpace

I8, I32, I64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
_ORDERINGS = {"relaxed": "monotonic", "acquire": "acquire", "release": "release"}
_NONTEMPORAL = frozenset({"cs", "lu"})


def instruction_space(instr: ast.Instruction) -> StateSpace:
    space = instr.decoded.get("space")
    if space is None:
        return StateSpace.GENERIC
    return StateSpace(space.split("::")[0])


def address_pointer(ctx: FunctionContext, addr: ast.Address, space: StateSpace) -> ir.Value:
    """The pointer an address operand denotes in `space`."""
    hooks, b = ctx.hooks, ctx.builder
    int_ty = ir.IntType(hooks.pointer_bits(space))
    if addr.base is None:
        return hooks.space_pointer(b, int_ty(addr.offset & ((1 << int_ty.width) - 1)), space)
    reg = ctx.register(addr.base)
    if reg is not None:
        if not reg.type.is_int:
            raise ctx.error(f"address register '{reg.name}' must have an integer type", addr.loc)
        value = ctx.load_register(reg)
        if reg.type.bits > int_ty.width:
            value = b.trunc(value, int_ty)
        elif reg.type.bits < int_ty.width:
            value = b.zext(value, int_ty)
        if addr.offset:
            value = b.add(value, int_ty(addr.offset & ((1 << int_ty.width) - 1)))
        return hooks.space_pointer(b, value, space)
    sym = ctx.symbols.get(addr.base.name)
    if sym is None:
        raise ctx.error(f"use of undeclared identifier '{addr.base.name}'", addr.base.loc)
    pointer = _symbol_pointer(ctx, sym, space, addr)
    if addr.offset:
        pointer = b.gep(pointer, [I64(addr.offset)], source_etype=I8)
    return pointer


def _symbol_pointer(
    ctx: FunctionContext, sym: Symbol, space: StateSpace, addr: ast.Address
) -> ir.Value:
    if sym.space is StateSpace.PARAM:
        if space is StateSpace.PARAM:
            assert sym.value is not None
            return sym.value
        raise ctx.error(f"'{sym.name}' is a .param variable, accessed as {space}", addr.loc)
    if space is sym.space:
        return ctx.symbol_value(sym)
    if space is StateSpace.GENERIC:
        return ctx.builder.addrspacecast(
            ctx.symbol_value(sym), ir.PointerType(addrspace=ctx.hooks.address_space(space))
        )
    raise ctx.error(f"'{sym.name}' is a {sym.space} variable, accessed as {space}", addr.loc)


def _param_pointer(
    ctx: FunctionContext, instr: ast.Instruction, addr: ast.Address, size: int
) -> ir.Value:
    """The memory of a parameter that `ld.param` / `st.param` access: a named parameter
    (plus an offset within it), or, in a kernel, an address taken from a parameter."""
    qualifier = instr.decoded.get("space")
    if addr.base is None:
        raise ctx.error("a .param access needs a parameter name or a register", addr.loc)
    if ctx.register(addr.base) is not None:
        if not ctx.ptx_fn.is_kernel or qualifier == "param::func":
            raise ctx.unsupported("a .param access through a register in a device function")
        if instr.opcode == "st":
            raise ctx.error("kernel parameters are read-only", addr.loc)
        return address_pointer(ctx, addr, StateSpace.PARAM)
    sym = ctx.symbols.get(addr.base.name)
    if sym is None:
        raise ctx.error(f"use of undeclared identifier '{addr.base.name}'", addr.base.loc)
    if sym.space is not StateSpace.PARAM:
        raise ctx.error(f"'{sym.name}' is a {sym.space} variable, accessed as .param", addr.loc)
    if qualifier == "param::entry" and not sym.kernel_param:
        raise ctx.error(f"'{sym.name}' is not a kernel parameter (.param::entry)", addr.loc)
    if qualifier == "param::func" and sym.kernel_param:
        raise ctx.error(f"'{sym.name}' is a kernel parameter, not .param::func", addr.loc)
    if sym.kernel_param and instr.opcode == "st":
        raise ctx.error("kernel parameters are read-only", addr.loc)
    if addr.offset < 0 or addr.offset + size > sym.size:
        raise ctx.error(
            f"access of {size} bytes at offset {addr.offset} is outside parameter '{sym.name}' "
            f"({sym.size} bytes)",
            addr.loc,
        )
    assert sym.value is not None
    if not addr.offset:
        return sym.value
    return ctx.builder.gep(sym.value, [I64(addr.offset)], source_etype=I8)


def _data_operands(
    ctx: FunctionContext, instr: ast.Instruction, data: ast.Operand
) -> list[ast.Operand]:
    vec = instr.decoded.get("vec")
    if vec is None:
        if isinstance(data, ast.VectorOp):
            raise ctx.error("a vector operand needs a .v2, .v4 or .v8 modifier", data.loc)
        return [data]
    count = int(vec[1:])
    if not isinstance(data, ast.VectorOp) or len(data.elements) != count:
        raise ctx.error(f"'.{vec}' needs a vector operand of {count} elements", data.loc)
    return list(data.elements)


class Access:
    """How a load or store is performed: its LLVM ordering, sync scope, volatility."""

    def __init__(self, ctx: FunctionContext, instr: ast.Instruction) -> None:
        d = instr.decoded
        sem = d.get("sem")
        self.ordering = _ORDERINGS.get(sem or "")
        self.syncscope: str | None = None
        if self.ordering is not None:
            self.syncscope = ctx.hooks.sync_scope(d.get("scope") or "gpu")
        self.volatile = sem == "volatile" or d.get("cop") == "cv"
        if d.has("mmio"):  # .mmio.relaxed.sys: performed exactly once, at system scope
            self.volatile = True
        self.nontemporal = d.get("cop") in _NONTEMPORAL

    def mark(self, ctx: FunctionContext, instr: ir.Instruction) -> None:
        if self.nontemporal:
            instr.set_metadata("nontemporal", ctx.module.add_metadata([I32(1)]))


def _memory_pointer(
    ctx: FunctionContext, instr: ast.Instruction, addr: ast.Operand, size: int
) -> ir.Value:
    assert isinstance(addr, ast.Address)
    space = instruction_space(instr)
    if space is StateSpace.PARAM:
        return _param_pointer(ctx, instr, addr, size)
    return address_pointer(ctx, addr, space)


def _read_policy(ctx: FunctionContext, instr: ast.Instruction, index: int) -> None:
    """`.L2::cache_hint`'s cache-policy operand: checked, then ignored (a hint)."""
    if instr.decoded.has("hint") and len(instr.operands) > index:
        ctx.read(instr.operands[index], TYPES["b64"])


def _check_ordered(ctx: FunctionContext, access: Access, t: PtxType) -> None:
    if access.ordering is not None and t.bits > 64:
        raise ctx.unsupported("128-bit atomic loads and stores: AMD GPUs have none")


def _element_pointer(ctx: FunctionContext, pointer: ir.Value, offset: int) -> ir.Value:
    if not offset:
        return pointer
    return ctx.builder.gep(pointer, [I64(offset)], source_etype=I8)


@emitter("mem.ld")
def ld(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """ld, ld.global.nc, ldu (a load the warp's threads share; a plain load here)."""
    t = instr.decoded.type()
    data, addr = instr.operands[:2]
    dests = _data_operands(ctx, instr, data)
    access = Access(ctx, instr)
    _check_ordered(ctx, access, t)
    size = max(t.bits // 8, 1)
    pointer = _memory_pointer(ctx, instr, addr, size * len(dests))
    _read_policy(ctx, instr, 2)
    elem_ty = llvm_type(t)
    b = ctx.builder
    # A parameter's value is named after the parameter (others after their register).
    name = ""
    assert isinstance(addr, ast.Address)
    if (
        instruction_space(instr) is StateSpace.PARAM
        and addr.base is not None
        and ctx.register(addr.base) is None
    ):
        name = llvm_name(addr.base.name)
    if len(dests) == 1 or access.ordering is not None:
        for i, dest in enumerate(dests):
            value = load(
                b, _element_pointer(ctx, pointer, i * size), elem_ty, align=size, name=name,
                volatile=access.volatile, ordering=access.ordering, syncscope=access.syncscope,
            )  # fmt: skip
            access.mark(ctx, value)
            ctx.write(dest, value, t, relaxed=True)
        return
    vec_ty = ir.VectorType(elem_ty, len(dests))
    vector = load(b, pointer, vec_ty, align=size * len(dests), volatile=access.volatile)
    access.mark(ctx, vector)
    for i, dest in enumerate(dests):
        if isinstance(dest, ast.Name) and dest.name == ast.SINK:
            continue  # `_`: this element is not needed
        ctx.write(dest, b.extract_element(vector, I32(i)), t, relaxed=True)


@emitter("mem.st")
def st(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    addr, data = instr.operands[:2]
    sources = _data_operands(ctx, instr, data)
    access = Access(ctx, instr)
    _check_ordered(ctx, access, t)
    size = max(t.bits // 8, 1)
    pointer = _memory_pointer(ctx, instr, addr, size * len(sources))
    _read_policy(ctx, instr, 2)
    values = [ctx.read(src, t, relaxed=True) for src in sources]
    b = ctx.builder
    if len(values) == 1 or access.ordering is not None:
        for i, value in enumerate(values):
            instr_ir = store(
                b, value, _element_pointer(ctx, pointer, i * size), align=size,
                volatile=access.volatile, ordering=access.ordering, syncscope=access.syncscope,
            )  # fmt: skip
            access.mark(ctx, instr_ir)
        return
    vector: ir.Value = ir.Constant(ir.VectorType(llvm_type(t), len(values)), None)
    for i, value in enumerate(values):
        vector = b.insert_element(vector, value, I32(i))
    access.mark(ctx, store(b, vector, pointer, align=size * len(values), volatile=access.volatile))


@emitter("mem.hint")
def hint(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """prefetch, prefetchu, applypriority, discard: performance hints, which change no
    result (discard leaves the data unspecified, and keeping it is one such outcome).
    The operands are still checked."""
    for op in instr.operands:
        if isinstance(op, ast.Address):
            if op.base is not None and ctx.register(op.base) is None:
                if op.base.name not in ctx.symbols:
                    raise ctx.error(f"use of undeclared identifier '{op.base.name}'", op.loc)
            elif op.base is not None:
                ctx.read(op.base, TYPES["b64"])
        else:
            ctx.read(op, TYPES["b64"])


@emitter("mem.createpolicy")
def createpolicy(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """A cache policy is an opaque value that only `.L2::cache_hint` reads, and cu2amd
    ignores those hints: every policy is 0."""
    dest, *rest = instr.operands
    for op in rest:
        if isinstance(op, ast.FloatImm):
            if not 0.0 < op.value <= 1.0:
                raise ctx.error("the fraction must be in (0.0, 1.0]", op.loc)
        elif not isinstance(op, ast.Address):
            ctx.read(op, TYPES["b64"] if instr.decoded.get("policy") == "cvt" else TYPES["b32"])
    ctx.write(dest, I64(0), TYPES["b64"])


@emitter("mem.cvta")
def cvta(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """Generic <-> state-space addresses. A .param address is a kernel parameter's (a
    device function's parameters live in .local memory: cvta.local applies to them)."""
    d = instr.decoded
    t = d.type()
    space = instruction_space(instr)
    dest, src = instr.operands
    hooks, b = ctx.hooks, ctx.builder
    if space is StateSpace.PARAM and not ctx.ptx_fn.is_kernel:
        raise ctx.unsupported("cvta on the .param space in a device function")
    generic_ty = ir.PointerType(addrspace=hooks.address_space(StateSpace.GENERIC))
    space_ty = ir.PointerType(addrspace=hooks.address_space(space))
    if d.has("to"):
        # generic address -> address in `space`
        pointer = b.inttoptr(
            _int_of_width(ctx, ctx.read(src, t), hooks.pointer_bits(StateSpace.GENERIC)), generic_ty
        )
        result = hooks.space_address(b, _cast(ctx, pointer, space_ty), space, t.bits)
    else:
        # address in `space` (or a variable of it) -> generic address
        if isinstance(src, ast.Name) and ctx.register(src) is None and src.name in ctx.symbols:
            sym = ctx.symbols[src.name]
            if sym.space is not space:
                raise ctx.error(f"'{sym.name}' is a {sym.space} variable, not {space}", src.loc)
            pointer = ctx.symbol_value(sym)
        else:
            value = _int_of_width(ctx, ctx.read(src, t), hooks.pointer_bits(space))
            pointer = hooks.space_pointer(b, value, space)
        result = b.ptrtoint(_cast(ctx, pointer, generic_ty), ir.IntType(t.bits))
    ctx.write(dest, result, t)


def _cast(ctx: FunctionContext, pointer: ir.Value, ty: ir.PointerType) -> ir.Value:
    if pointer.type == ty:
        return pointer
    return ctx.builder.addrspacecast(pointer, ty)


def _int_of_width(ctx: FunctionContext, value: ir.Value, bits: int) -> ir.Value:
    width = value.type.width
    if width > bits:
        return ctx.builder.trunc(value, ir.IntType(bits))
    if width < bits:
        return ctx.builder.zext(value, ir.IntType(bits))
    return value
