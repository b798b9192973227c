"""Lowering of a decoded PTX module to an LLVM module for one target.

Module-level variables become globals in their state space's address space; `.shared`
variables declared inside a function become module-level LDS globals private to the
module; each `.entry` becomes a kernel whose arguments are its `.param`s.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.errors import UnsupportedError, VerificationError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext, Symbol, float_constant, llvm_type
from cu2amd.ptx_lowering.emit.function import FunctionEmitter, argument_type
from cu2amd.ptx_lowering.emit.registry import all_emitters
from cu2amd.ptx_lowering.irutil import llvm_name
from cu2amd.ptx_lowering.isa.types import Kind, StateSpace
from cu2amd.ptx_lowering.targets.base import TargetHooks

_MEMORY_SPACES = (StateSpace.GLOBAL, StateSpace.CONST, StateSpace.SHARED)


class ModuleEmitter:
    def __init__(self, hooks: TargetHooks, module: ast.Module) -> None:
        self.hooks = hooks
        self.ptx = module
        self.ir = ir.Module(name=module.file)
        self.ir.triple = hooks.triple
        self.ir.data_layout = hooks.data_layout()
        self.symbols: dict[str, Symbol] = {}
        self.emitters = all_emitters()

    def emit(self) -> ir.Module:
        if self.ptx.address_size != 64:
            raise UnsupportedError(
                f".address_size {self.ptx.address_size} (only 64-bit PTX is supported)",
                self.ptx.loc,
            )
        self.hooks.setup_module(self.ir)
        for item in self.ptx.items:
            if isinstance(item, ast.VarDecl):
                for sym in self.define_variables(item, internal="visible" not in item.linkage):
                    self.symbols[sym.name] = sym
            elif isinstance(item, ast.Function):
                self.emit_function(item)
            elif isinstance(item, ast.Alias):
                raise UnsupportedError(".alias is not supported yet", item.loc)
        self.hooks.finish_module(self.ir)
        return self.ir

    # -- variables -------------------------------------------------------------------

    def variable_type(self, decl: ast.VarDecl, d: ast.Declarator) -> ir.Type:
        ty: ir.Type = llvm_type(decl.type)
        if decl.type.kind is Kind.PRED:
            raise VerificationError("only registers can have type .pred", d.loc)
        if decl.vector is not None:
            ty = ir.VectorType(ty, decl.vector)
        for dim in reversed(d.dims):
            if dim is None:
                raise UnsupportedError(
                    f"'{d.name}' has an unsized array dimension (extern or dynamic shared "
                    "memory is not supported yet)",
                    d.loc,
                )
            ty = ir.ArrayType(ty, dim)
        return ty

    def define_variables(self, decl: ast.VarDecl, internal: bool) -> list[Symbol]:
        if decl.space not in _MEMORY_SPACES:
            raise UnsupportedError(
                f"module-level {decl.space} variables are not supported", decl.loc
            )
        if "extern" in decl.linkage:
            return [self._dynamic_shared(decl, d) for d in decl.declarators]
        symbols = []
        addrspace = self.hooks.address_space(decl.space)
        for d in decl.declarators:
            if d.name in self.symbols:
                raise VerificationError(f"'{d.name}' is defined twice", d.loc)
            ty = self.variable_type(decl, d)
            gv = ir.GlobalVariable(
                self.ir, ty, self.ir.get_unique_name(llvm_name(d.name)), addrspace
            )
            gv.align = decl.align or _natural_align(decl)
            if decl.space is StateSpace.SHARED:
                if d.initializer is not None:
                    raise VerificationError(".shared variables cannot be initialized", d.loc)
                gv.initializer = ir.Constant(ty, ir.Undefined)
            else:
                gv.initializer = self._initializer(decl, d, ty)
            if decl.space is StateSpace.CONST:
                gv.global_constant = True
            gv.linkage = "internal" if internal or decl.space is StateSpace.SHARED else ""
            if decl.space is StateSpace.SHARED:
                self.hooks.note_shared(gv, ty)
            symbols.append(Symbol(d.name, decl.space, decl.type, gv))
        return symbols

    def _dynamic_shared(self, decl: ast.VarDecl, d: ast.Declarator) -> Symbol:
        """`.extern .shared .align N .b8 name[];`: the block's dynamic shared memory."""
        if decl.space is not StateSpace.SHARED or d.dims != (None,):
            raise UnsupportedError(
                "extern variables other than dynamic shared memory (.extern .shared x[]) "
                "are not supported yet",
                decl.loc,
            )
        if d.name in self.symbols:
            raise VerificationError(f"'{d.name}' is defined twice", d.loc)
        value = self.hooks.dynamic_shared(self.ir, llvm_name(d.name), decl.align or 16)
        return Symbol(d.name, StateSpace.SHARED, decl.type, value)

    def _initializer(self, decl: ast.VarDecl, d: ast.Declarator, ty: ir.Type) -> ir.Constant:
        if d.initializer is None:
            return ir.Constant(ty, None)  # PTX global and const variables start zeroed
        scalars: list[ast.Initializer] = []
        _flatten(d.initializer, scalars)
        elem = llvm_type(decl.type)
        count = _scalar_count(ty)
        if len(scalars) > count:
            raise VerificationError(
                f"too many initializers for '{d.name}' ({len(scalars)} for {count} elements)", d.loc
            )
        values = [self._scalar(decl, s, elem) for s in scalars]
        values += [ir.Constant(elem, None)] * (count - len(values))
        return _shape(ty, values)

    def _scalar(self, decl: ast.VarDecl, value: ast.Initializer, elem: ir.Type) -> ir.Constant:
        if isinstance(value, ast.IntImm) and isinstance(elem, ir.IntType):
            return ir.Constant(elem, value.value & ((1 << elem.width) - 1))
        if (
            isinstance(value, ast.FloatImm)
            and (constant := float_constant(value, elem)) is not None
        ):
            return constant
        if isinstance(value, ast.Name | ast.GenericAddress):
            raise UnsupportedError("addresses in initializers are not supported yet", value.loc)
        raise VerificationError(
            f"initializer does not match the variable's type {decl.type}", value.loc
        )

    # -- functions -------------------------------------------------------------------

    def emit_function(self, fn: ast.Function) -> None:
        if not fn.is_kernel:
            if fn.body is None:
                return  # a prototype; calls to it are rejected where they appear
            raise UnsupportedError(
                f"device function '{fn.name}' (.func) is not supported yet", fn.loc
            )
        if fn.body is None:
            raise UnsupportedError(f"kernel '{fn.name}' is declared but not defined", fn.loc)
        arg_types = [argument_type(p) for p in fn.params]
        llvm_fn = self.hooks.define_kernel(self.ir, fn, arg_types)
        symbols = dict(self.symbols)
        for arg, param in zip(llvm_fn.args, fn.params, strict=True):
            (d,) = param.declarators
            arg.name = llvm_name(d.name)
            if d.name in symbols:
                raise VerificationError(f"parameter '{d.name}' shadows a module variable", d.loc)
            symbols[d.name] = Symbol(d.name, StateSpace.PARAM, param.type, arg)
        ctx = FunctionContext(self.hooks, llvm_fn, fn, symbols)
        FunctionEmitter(ctx, self.emitters, self).emit(fn.body)
        self.hooks.finish_kernel(self.ir, llvm_fn, fn)


def lower_module(module: ast.Module, hooks: TargetHooks) -> ir.Module:
    """The decoded PTX module as an LLVM module for the target of `hooks`."""
    return ModuleEmitter(hooks, module).emit()


def _natural_align(decl: ast.VarDecl) -> int:
    size = max(decl.type.bits // 8, 1)
    return size * (decl.vector or 1)


def _flatten(value: ast.Initializer, out: list[ast.Initializer]) -> None:
    if isinstance(value, ast.InitList):
        for item in value.items:
            _flatten(item, out)
    else:
        out.append(value)


def _scalar_count(ty: ir.Type) -> int:
    if isinstance(ty, ir.ArrayType):
        return ty.count * _scalar_count(ty.element)
    if isinstance(ty, ir.VectorType):
        return ty.count
    return 1


def _shape(ty: ir.Type, values: list[ir.Constant]) -> ir.Constant:
    if isinstance(ty, ir.ArrayType | ir.VectorType):
        step = _scalar_count(ty.element) if isinstance(ty, ir.ArrayType) else 1
        elem_ty = ty.element
        parts = [_shape(elem_ty, values[i : i + step]) for i in range(0, len(values), step)]
        return ir.Constant(ty, parts)
    return values[0]
