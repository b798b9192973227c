"""Small extensions of llvmlite.ir that LLVM IR for GPUs needs.

llvmlite's builder only knows a fixed list of function attributes; AMDGPU (and clang's
host code) rely on string attributes such as `"amdgpu-flat-work-group-size"="1,256"`.
"""

from __future__ import annotations

import functools

from llvmlite import ir


class FunctionAttributes(ir.values.FunctionAttributes):
    """Function attributes that also accept string key/value pairs."""

    def add(self, name: str) -> None:
        if name.startswith('"'):
            set.add(self, name)
        else:
            super().add(name)

    def set_string(self, key: str, value: str) -> None:
        for old in [a for a in self if a.startswith(f'"{key}"=')]:
            self.discard(old)
        self.add(f'"{key}"="{value}"')


def use_string_attributes(fn: ir.Function) -> FunctionAttributes:
    """Give `fn` an attribute set that accepts string attributes; returns it."""
    attrs = FunctionAttributes()
    for name in fn.attributes:
        attrs.add(name)
    fn.attributes = attrs
    return attrs


def declare_intrinsic(
    module: ir.Module, name: str, ret: ir.Type, args: list[ir.Type]
) -> ir.Function:
    """The declaration of `name` in `module`, created on first use."""
    existing = module.globals.get(name)
    if existing is not None:
        return existing
    return ir.Function(module, ir.FunctionType(ret, args), name=name)


def call_intrinsic(
    builder: ir.IRBuilder, name: str, ret: ir.Type, args: list[ir.Value], result: str = ""
) -> ir.Instruction:
    """A call of intrinsic (or runtime function) `name`, declared on first use from the
    arguments' types, its value named `result`. The one way emitters and target hooks
    call LLVM intrinsics."""
    fn = declare_intrinsic(builder.module, name, ret, [a.type for a in args])
    return builder.call(fn, args, name=result)


def umin(b: ir.IRBuilder, x: ir.Value, y: ir.Value) -> ir.Value:
    return b.select(b.icmp_unsigned("<", x, y), x, y)


def smin(b: ir.IRBuilder, x: ir.Value, y: ir.Value) -> ir.Value:
    return b.select(b.icmp_signed("<", x, y), x, y)


def smax(b: ir.IRBuilder, x: ir.Value, y: ir.Value) -> ir.Value:
    return b.select(b.icmp_signed(">", x, y), x, y)


def resize(b: ir.IRBuilder, value: ir.Value, width: int) -> ir.Value:
    """Zero-extend or truncate an integer to `width` bits."""
    if value.type.width == width:
        return value
    ty = ir.IntType(width)
    return b.zext(value, ty) if value.type.width < width else b.trunc(value, ty)


def llvm_name(ptx_name: str) -> str:
    """LLVM value name for a PTX register: `%r5` -> `r5`, printed by LLVM as `%r5`."""
    return ptx_name.removeprefix("%")


class _Load(ir.instructions.LoadInstr):
    """A load that may be volatile and/or atomic with a sync scope (llvmlite has neither)."""

    def __init__(self, parent: ir.Block, ptr: ir.Value, typ: ir.Type, name: str) -> None:
        super().__init__(parent, ptr, name=name, typ=typ)
        self.volatile = False
        self.ordering: str | None = None
        self.syncscope: str | None = None

    def descr(self, buf: list[str]) -> None:
        [ptr] = self.operands
        head = (
            "load" + (" atomic" if self.ordering else "") + (" volatile" if self.volatile else "")
        )
        order = _ordering_text(self.ordering, self.syncscope)
        align = f", align {self.align}" if self.align is not None else ""
        meta = self._stringify_metadata(leading_comma=True)
        buf.append(f"{head} {self.type}, {ptr.type} {ptr.get_reference()}{order}{align}{meta}\n")


class _Store(ir.instructions.StoreInstr):
    def __init__(self, parent: ir.Block, val: ir.Value, ptr: ir.Value) -> None:
        super().__init__(parent, val, ptr)
        self.volatile = False
        self.ordering: str | None = None
        self.syncscope: str | None = None

    def descr(self, buf: list[str]) -> None:
        val, ptr = self.operands
        head = (
            "store" + (" atomic" if self.ordering else "") + (" volatile" if self.volatile else "")
        )
        order = _ordering_text(self.ordering, self.syncscope)
        align = f", align {self.align}" if self.align is not None else ""
        meta = self._stringify_metadata(leading_comma=True)
        buf.append(
            f"{head} {val.type} {val.get_reference()}, {ptr.type} {ptr.get_reference()}"
            f"{order}{align}{meta}\n"
        )


def _ordering_text(ordering: str | None, syncscope: str | None) -> str:
    if ordering is None:
        return ""
    scope = f' syncscope("{syncscope}")' if syncscope else ""
    return f"{scope} {ordering}"


def load(
    builder: ir.IRBuilder,
    ptr: ir.Value,
    typ: ir.Type,
    *,
    name: str = "",
    align: int | None = None,
    volatile: bool = False,
    ordering: str | None = None,
    syncscope: str | None = None,
) -> ir.Instruction:
    instr = _Load(builder.block, ptr, typ, name)
    instr.align = align
    instr.volatile = volatile
    instr.ordering = ordering
    instr.syncscope = syncscope
    builder._insert(instr)
    return instr


def store(
    builder: ir.IRBuilder,
    value: ir.Value,
    ptr: ir.Value,
    *,
    align: int | None = None,
    volatile: bool = False,
    ordering: str | None = None,
    syncscope: str | None = None,
) -> ir.Instruction:
    instr = _Store(builder.block, value, ptr)
    instr.align = align
    instr.volatile = volatile
    instr.ordering = ordering
    instr.syncscope = syncscope
    builder._insert(instr)
    return instr


@functools.cache
def _pointer(addrspace: int) -> ir.PointerType:
    return ir.PointerType(addrspace=addrspace)


class _Alloca(ir.instructions.AllocaInstr):
    """An alloca in a given address space (AMDGPU's stack lives in addrspace 5)."""

    def __init__(self, parent: ir.Block, typ: ir.Type, name: str, addrspace: int) -> None:
        super().__init__(parent, typ, None, name)
        self.type = _pointer(addrspace)
        self.addrspace = addrspace

    def descr(self, buf: list[str]) -> None:
        super().descr(buf)
        if self.addrspace:
            buf.append(f", addrspace({self.addrspace})")


def make_alloca(
    block: ir.Block,
    typ: ir.Type,
    *,
    name: str = "",
    addrspace: int = 0,
    align: int | None = None,
) -> ir.Instruction:
    """An alloca for `block`, not yet inserted: the caller places it."""
    instr = _Alloca(block, typ, name, addrspace)
    instr.align = align
    return instr
