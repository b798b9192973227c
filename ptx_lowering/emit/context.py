"""The state of lowering one PTX function: registers, labels, the builder, and operand access.

Registers become allocas in the entry block (LLVM's mem2reg turns them into SSA values),
named after the PTX register; within a basic block a register read uses the value last
written or read there instead of a reload, so the IR is smaller and reads like the PTX.
Emitters insert at the end of the builder's block (never before earlier instructions),
which is what makes that value available at the read.

Reading an operand converts it to the instruction's type by the rules of PTX ISA 9.4
"Type Information for Instructions and Operands": same-size types are reinterpreted;
loads, stores and conversions may use wider registers ("relaxed" rules).
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from llvmlite import ir

from cu2amd.errors import InternalError, Location, UnsupportedError, VerificationError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.irutil import llvm_name, make_alloca
from cu2amd.ptx_lowering.isa.forms import Status
from cu2amd.ptx_lowering.isa.sregs import split_special
from cu2amd.ptx_lowering.isa.types import Kind, PtxType, StateSpace, ptx_type
from cu2amd.ptx_lowering.targets.base import TargetHooks

if TYPE_CHECKING:
    from cu2amd.ptx_lowering.emit.call import FunctionInfo

I1 = ir.IntType(1)


def llvm_type(t: PtxType) -> ir.Type:
    """Storage type of a PTX register or value of type `t`."""
    ty = _LLVM_TYPES.get(t.name)  # a type's name says all of it
    if ty is None:
        ty = _LLVM_TYPES[t.name] = _llvm_type(t)
    return ty


_LLVM_TYPES: dict[str, ir.Type] = {}


def _llvm_type(t: PtxType) -> ir.Type:
    if t.kind is Kind.PRED:
        return I1
    if t.kind is Kind.FLOAT and t.lanes == 1:
        if t.name == "f32":
            return ir.FloatType()
        if t.name == "f64":
            return ir.DoubleType()
        if t.name == "f16":
            return ir.HalfType()
    # Integers, bit types, and float formats LLVM lacks as scalars (bf16, tf32, packed
    # pairs, fp8) are kept as their bits.
    return ir.IntType(t.bits)


@dataclass(frozen=True, slots=True)
class Register:
    name: str
    type: PtxType
    slot: ir.AllocaInstr


@dataclass(frozen=True, slots=True)
class Symbol:
    """A variable in a memory state space, or a parameter (`.param`) of a kernel, of a
    device function or of a call sequence."""

    name: str
    space: StateSpace
    type: PtxType
    # A pointer to the variable's memory; None when the target computes it in each
    # function (dynamic shared memory on the host).
    value: ir.Value | None
    # Where the memory `value` points to lives, when not in `space` itself: a device
    # function's parameters and a call sequence's `.param` variables are copies in
    # .local memory (PTX ISA 5.1.6.2: their address is a .local address).
    storage: StateSpace | None = None
    size: int = 0  # bytes, for parameters
    kernel_param: bool = False  # a kernel's parameter (.param::entry)

    @property
    def storage_space(self) -> StateSpace:
        return self.storage or self.space


class FunctionContext:
    def __init__(
        self,
        hooks: TargetHooks,
        fn: ir.Function,
        ptx_fn: ast.Function,
        symbols: dict[str, Symbol],
        functions: dict[str, FunctionInfo] | None = None,
    ) -> None:
        self.hooks = hooks
        self.fn = fn
        self.ptx_fn = ptx_fn
        self.module: ir.Module = fn.module
        self.entry = fn.append_basic_block("entry")
        self.builder = ir.IRBuilder(self.entry)
        self.scopes: list[dict[str, Register]] = [{}]
        self.symbols = symbols
        self.labels: dict[str, ir.Block] = {}
        self.label_uses: dict[str, ast.Name] = {}  # first use of each branch target
        self.instruction: ast.Instruction | None = None  # being emitted, for diagnostics
        self.allocas = 0  # the entry block starts with this many allocas
        # Each register's value where it is known without a load: the block and the value
        # last stored to or loaded from its slot there (registers have no address, so only
        # `write` stores to them; a read in another block loads, and mem2reg joins them).
        self.known: dict[int, tuple[ir.Block, ir.Value]] = {}
        self.stack = hooks.alloca_address_space()
        # Per-function state of an instruction family (e.g. the carry flag of add.cc),
        # keyed by the family's own name.
        self.state: dict[str, object] = {}
        # The module's functions (kernels and .func), by PTX name: call targets and
        # function addresses.
        self.functions: dict[str, FunctionInfo] = functions or {}
        # `.branchtargets`, `.calltargets` and `.callprototype` declarations of this
        # function, by label.
        self.declarations: dict[str, ast.BranchTargets | ast.CallPrototype] = {}
        # How this function returns (a .func's return values and exit flag), set by the
        # module emitter for device functions.
        self.frame: object | None = None

    # -- scopes and declarations -----------------------------------------------------

    @contextmanager
    def scope(self) -> Iterator[None]:
        """A `{ }` block: registers and variables declared in it end with it."""
        self.scopes.append({})
        symbols = dict(self.symbols)
        try:
            yield
        finally:
            self.scopes.pop()
            self.symbols = symbols

    def declare_register(self, name: str, type_: PtxType, loc: Location) -> None:
        current = self.scopes[-1]
        if name in current:
            raise VerificationError(f"register '{name}' is declared twice in this scope", loc)
        current[name] = Register(name, type_, self.entry_alloca(llvm_type(type_), name))

    def entry_alloca(self, ty: ir.Type, ptx_name: str, align: int | None = None) -> ir.Instruction:
        """An alloca at the top of the entry block, in the target's stack address space,
        after the allocas made before it. The builder stays where it is."""
        instr = make_alloca(
            self.entry, ty, name=llvm_name(ptx_name) + ".addr", addrspace=self.stack, align=align
        )
        b = self.builder
        if b.debug_metadata is not None and "dbg" not in instr.metadata:
            instr.metadata["dbg"] = b.debug_metadata
        self.entry.instructions.insert(self.allocas, instr)
        if b.block is self.entry and b._anchor >= self.allocas:
            b._anchor += 1  # keep the builder's insertion point after the new alloca
        self.allocas += 1
        return instr

    def register(self, name: ast.Name) -> Register | None:
        for scope in reversed(self.scopes):
            if name.name in scope:
                return scope[name.name]
        return None

    def label_block(self, name: str) -> ir.Block:
        block = self.labels.get(name)
        if block is None:
            block = self.fn.append_basic_block(name)
            self.labels[name] = block
        return block

    def branch_target(self, name: ast.Name) -> ir.Block:
        self.label_uses.setdefault(name.name, name)
        return self.label_block(name.name)

    def symbol_value(self, sym: Symbol) -> ir.Value:
        if sym.value is not None:
            return sym.value
        return self.hooks.dynamic_shared_pointer(self.builder)

    # -- diagnostics -----------------------------------------------------------------

    def site(self) -> str:
        """The current instruction and where it is, for runtime reports."""
        instr = self.instruction
        assert instr is not None
        return f"{instr.loc}: {instr.spelling}"

    def unsupported(self, detail: str, loc: Location | None = None) -> UnsupportedError:
        instr = self.instruction
        assert instr is not None
        return UnsupportedError(
            f"unsupported PTX instruction '{instr.spelling}' ({detail})", loc or instr.loc
        )

    def error(self, message: str, loc: Location | None = None) -> VerificationError:
        instr = self.instruction
        assert instr is not None
        return VerificationError(f"'{instr.spelling}': {message}", loc or instr.loc)

    # -- reading operands ------------------------------------------------------------

    def read(self, op: ast.Operand, t: PtxType, *, relaxed: bool = False) -> ir.Value:
        """The value of a source operand as an LLVM value of PTX type `t`."""
        b = self.builder
        if isinstance(op, ast.Name):
            reg = self.register(op)
            if reg is not None:
                value = self.load_register(reg)
                return self.convert_from_register(value, reg.type, t, relaxed, op)
            row, axis = split_special(op.name)
            if row is not None:
                return self._read_special(op, row, axis, t)
            sym = self.symbols.get(op.name)
            if sym is not None:
                return self._symbol_address(sym, t, op)
            if op.name in self.functions:
                return self._function_address(op, t)
            raise VerificationError(f"use of undeclared identifier '{op.name}'", op.loc)
        if isinstance(op, ast.SymbolOffset):
            # `mov.u64 %rd, var+8`: an address plus a constant
            base = self.read(op.symbol, t)
            return b.add(base, ir.Constant(base.type, op.offset & ((1 << t.bits) - 1)))
        if isinstance(op, ast.IntImm):
            return self._int_immediate(op, t)
        if isinstance(op, ast.FloatImm):
            return self._float_immediate(op, t)
        if isinstance(op, ast.Negated):
            if t.kind is not Kind.PRED:
                raise self.error("'!' applies only to predicate operands", op.loc)
            return b.not_(self.read(op.operand, t))
        raise self.error("this operand kind is not allowed here", op.loc)

    def load_register(self, reg: Register) -> ir.Value:
        """The register's value at the builder's position: the value stored or loaded
        earlier in this block, else a load."""
        b = self.builder
        known = self.known.get(id(reg.slot))
        if known is not None and known[0] is b.block:
            return known[1]
        value = b.load(reg.slot, typ=llvm_type(reg.type), name=llvm_name(reg.name))
        self.known[id(reg.slot)] = (b.block, value)
        return value

    def stored_register(self, slot: ir.Value, value: ir.Value) -> None:
        """Note a store of `value` to a register's slot at the builder's position."""
        self.known[id(slot)] = (self.builder.block, value)

    def convert_from_register(
        self, value: ir.Value, reg_t: PtxType, t: PtxType, relaxed: bool, op: ast.Name
    ) -> ir.Value:
        if reg_t == t or (reg_t.bits == t.bits and llvm_type(reg_t) == llvm_type(t)):
            return value
        b = self.builder
        if (reg_t.kind is Kind.PRED) != (t.kind is Kind.PRED):
            raise self.error(
                f"operand '{op.name}' is a {reg_t} register; this needs a {t} value", op.loc
            )
        if reg_t.bits == t.bits:
            return b.bitcast(value, llvm_type(t))
        if relaxed and reg_t.bits > t.bits:
            # PTX 9.4.1: a wider source register is truncated to the instruction size.
            as_int = b.bitcast(value, ir.IntType(reg_t.bits)) if reg_t.is_float else value
            narrow = b.trunc(as_int, ir.IntType(t.bits))
            return narrow if not t.is_float else b.bitcast(narrow, llvm_type(t))
        raise self.error(
            f"operand '{op.name}' is a {reg_t.bits}-bit register ({reg_t}); "
            f"this needs a {t.bits}-bit value",
            op.loc,
        )

    def _read_special(self, op: ast.Name, row, axis: str | None, t: PtxType) -> ir.Value:
        if row.axes and axis not in ("x", "y", "z"):
            raise VerificationError(
                f"special register '{row.name}' needs a component (.x, .y or .z)", op.loc
            )
        if not row.axes and axis is not None:
            raise VerificationError(f"special register '{row.name}' has no components", op.loc)
        if row.status is Status.UNSUPPORTED:
            detail = f" ({row.note})" if row.note else ""
            raise UnsupportedError(
                f"special register '{op.name}' is not supported yet{detail}", op.loc
            )
        from cu2amd.ptx_lowering.emit.sreg import read_special

        value = read_special(self, row, axis, op.loc)
        src_t = ptx_type(f"u{row.bits}")
        assert src_t is not None
        return self.convert_int(value, src_t, t)

    def _symbol_address(self, sym: Symbol, t: PtxType, op: ast.Name) -> ir.Value:
        """`mov.u64 %rd, var`: the address of a variable in its own state space. A kernel
        parameter's address is in the .param space; a device function's parameter has
        been copied to .local memory (PTX ISA 5.1.6.2), and its address is a .local one."""
        space = sym.storage_space
        if not t.is_int or t.bits < self.hooks.pointer_bits(space):
            raise self.error(
                f"the address of '{sym.name}' needs an integer of at least "
                f"{self.hooks.pointer_bits(space)} bits",
                op.loc,
            )
        pointer = self.symbol_value(sym)
        if not isinstance(pointer.type, ir.PointerType):
            raise InternalError(f"parameter '{sym.name}' has no memory", op.loc)
        return self.hooks.space_address(self.builder, pointer, space, t.bits)

    def _function_address(self, op: ast.Name, t: PtxType) -> ir.Value:
        """`mov.u64 %rd, f`: the address of a function, for indirect calls."""
        if not t.is_int or t.bits != 64:
            raise self.error(f"the address of function '{op.name}' needs a 64-bit integer", op.loc)
        fn = self.functions[op.name].address(op.loc)
        return self.builder.ptrtoint(fn, ir.IntType(64))

    def _int_immediate(self, op: ast.IntImm, t: PtxType) -> ir.Value:
        if t.kind is Kind.PRED:  # ptxas takes any integer: non-zero is true
            return I1(op.value != 0)
        if t.is_float:
            raise self.error(
                f"integer literal '{op.text}' used as a {t} operand "
                "(write floating-point literals as 1.0 or 0f3F800000)",
                op.loc,
            )
        return ir.Constant(ir.IntType(t.bits), op.value & ((1 << t.bits) - 1))

    def _float_immediate(self, op: ast.FloatImm, t: PtxType) -> ir.Value:
        if t.kind is Kind.BITS and op.bits is not None and op.width == t.bits:
            # `mov.b32 %r1, 0f3F800000`: a hex literal's bits, for a bit type of its size
            return ir.Constant(ir.IntType(t.bits), op.bits)
        if not t.is_float or t.lanes != 1:
            raise self.error(f"floating-point literal '{op.text}' used as a {t} operand", op.loc)
        constant = float_constant(op, llvm_type(t))
        if constant is None:
            raise self.unsupported(f"{t} immediates", op.loc)
        return constant

    # -- writing results -------------------------------------------------------------

    def write(self, op: ast.Operand, value: ir.Value, t: PtxType, *, relaxed: bool = False) -> None:
        """Store `value` (of PTX type `t`) into the destination register `op`."""
        if isinstance(op, ast.Name) and op.name == ast.SINK:
            return
        if not isinstance(op, ast.Name):
            raise self.error("the destination must be a register", op.loc)
        reg = self.register(op)
        if reg is None:
            if split_special(op.name)[0] is not None:
                raise self.error(f"special register '{op.name}' is read-only", op.loc)
            raise VerificationError(f"use of undeclared register '{op.name}'", op.loc)
        b = self.builder
        reg_llvm = llvm_type(reg.type)
        if (reg.type.kind is Kind.PRED) != (t.kind is Kind.PRED):
            raise self.error(
                f"destination '{op.name}' is a {reg.type} register; the result is {t}", op.loc
            )
        if reg.type.bits == t.bits:
            if value.type != reg_llvm:
                value = b.bitcast(value, reg_llvm)
        elif relaxed and reg.type.bits > t.bits:
            # PTX 9.4.1: a narrow result in a wider register is sign- or zero-extended
            # by the instruction type.
            as_int = b.bitcast(value, ir.IntType(t.bits)) if t.is_float else value
            wide_t = ir.IntType(reg.type.bits)
            wide = b.sext(as_int, wide_t) if t.is_signed else b.zext(as_int, wide_t)
            value = wide if reg_llvm == wide_t else b.bitcast(wide, reg_llvm)
        else:
            raise self.error(
                f"destination '{op.name}' is a {reg.type.bits}-bit register ({reg.type}); "
                f"the result is {t.bits}-bit",
                op.loc,
            )
        if isinstance(value, ir.Instruction) and value.name.startswith("."):
            value.name = llvm_name(reg.name)  # the value reads like its PTX source
        b.store(value, reg.slot)
        self.stored_register(reg.slot, value)

    # -- helpers shared by emitters --------------------------------------------------

    def convert_int(self, value: ir.Value, src: PtxType, dst: PtxType) -> ir.Value:
        """Integer resize by the source's signedness (truncate, or sign/zero-extend)."""
        if src.bits == dst.bits:
            return value
        target = ir.IntType(dst.bits)
        if src.bits > dst.bits:
            return self.builder.trunc(value, target)
        return (
            self.builder.sext(value, target) if src.is_signed else self.builder.zext(value, target)
        )


def float_constant(imm: ast.FloatImm, ty: ir.Type) -> ir.Constant | None:
    """An f32/f64 constant with the literal's value: 0f/0d literals keep their exact bits
    (NaN payloads included); others round to the type. None for other types."""
    if isinstance(ty, ir.FloatType):
        bits = imm.bits if imm.width == 32 else _f32_bits(imm.value)
        return ir.Constant(ir.IntType(32), bits).bitcast(ty)
    if isinstance(ty, ir.DoubleType):
        bits = imm.bits if imm.width == 64 else _f64_bits(imm.value)
        return ir.Constant(ir.IntType(64), bits).bitcast(ty)
    return None


def _f32_bits(value: float) -> int:
    try:
        return struct.unpack("<I", struct.pack("<f", value))[0]
    except OverflowError:
        return 0x7F800000 if value > 0 else 0xFF800000


def _f64_bits(value: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", value))[0]
