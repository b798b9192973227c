"""Lowering of a decoded PTX module to an LLVM module for one target.

Module-level variables become globals in their state space's address space; `.shared`
variables declared inside a function become module-level LDS globals private to the
module; each `.entry` becomes a kernel whose arguments are its `.param`s, each `.func` a
function of the `.param` ABI of emit/call.py. Every function is declared before any
variable or body is emitted, so that initializers and calls may name functions defined
later.

A kernel's scalar parameters are passed by value and copied to .local memory, where
`ld.param` reads them (mem2reg makes them values again). A byte-array parameter (a struct
by value), or a parameter whose address the kernel takes (`mov.u64 %rd, param`, then
`ld.param [%rd]`, as clang emits), is passed by reference: the kernel gets a pointer into
the .param space (on AMDGPU a `byref` argument in the kernarg segment, laid out as HIP
lays out a struct by value; on the host a pointer to the launch's argument).
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.errors import UnsupportedError, VerificationError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.call import (
    GRAPH_STATE,
    FunctionInfo,
    analyze,
    begin_device_function,
    declare_function,
    param_spec,
)
from cu2amd.ptx_lowering.emit.context import FunctionContext, Symbol, float_constant, llvm_type
from cu2amd.ptx_lowering.emit.function import FunctionEmitter
from cu2amd.ptx_lowering.emit.registry import all_emitters
from cu2amd.ptx_lowering.irutil import llvm_name, store
from cu2amd.ptx_lowering.isa.types import Kind, StateSpace
from cu2amd.ptx_lowering.targets.base import TargetHooks

_MEMORY_SPACES = (StateSpace.GLOBAL, StateSpace.CONST, StateSpace.SHARED)
I8, I64 = ir.IntType(8), ir.IntType(64)


class ModuleEmitter:
    def __init__(self, hooks: TargetHooks, module: ast.Module) -> None:
        self.hooks = hooks
        self.ptx = module
        self.ir = ir.Module(name=module.file)
        self.ir.triple = hooks.triple
        self.ir.data_layout = hooks.data_layout()
        self.symbols: dict[str, Symbol] = {}
        self._extern_shared: set[str] = set()  # names of dynamic shared memory
        self.functions: dict[str, FunctionInfo] = {}
        self.emitters = all_emitters()

    def emit(self) -> ir.Module:
        if self.ptx.address_size != 64:
            raise UnsupportedError(
                f".address_size {self.ptx.address_size} (only 64-bit PTX is supported)",
                self.ptx.loc,
            )
        self.hooks.setup_module(self.ir)
        self.graph = analyze(self.ptx)
        self._declare_functions()
        for item in self.ptx.items:
            if isinstance(item, ast.VarDecl):
                for sym in self.define_variables(item, internal="visible" not in item.linkage):
                    self.symbols[sym.name] = sym
            elif isinstance(item, ast.Function) and item.body is not None:
                self.emit_function(item)
        for info in self.functions.values():
            if info.ptx.is_kernel and info.llvm is not None:
                callees = frozenset(
                    callee.llvm.name
                    for name in self.graph.reachable(info.name)
                    if (callee := self.functions.get(name)) is not None and callee.llvm is not None
                )
                self.hooks.finish_kernel(self.ir, info.llvm, info.ptx, callees)
        self.hooks.finish_module(self.ir)
        return self.ir

    def _declare_functions(self) -> None:
        """A FunctionInfo for every function, from its definition where it has one."""
        chosen: dict[str, ast.Function] = {}
        for fn in self.ptx.functions:
            previous = chosen.get(fn.name)
            if previous is not None:
                if previous.body is not None and fn.body is not None:
                    raise VerificationError(f"function '{fn.name}' is defined twice", fn.loc)
                if previous.is_kernel != fn.is_kernel:
                    raise VerificationError(
                        f"'{fn.name}' is declared both as a kernel and as a function", fn.loc
                    )
            if previous is None or fn.body is not None:
                chosen[fn.name] = fn
        for fn in chosen.values():
            if fn.is_kernel:
                if fn.body is None:
                    raise UnsupportedError(
                        f"kernel '{fn.name}' is declared but not defined", fn.loc
                    )
                self.functions[fn.name] = FunctionInfo(fn, None)
            else:
                self.functions[fn.name] = declare_function(self.ir, self.hooks, fn, self.graph)
        for item in self.ptx.items:
            if isinstance(item, ast.Alias):
                self._alias(item)
        for fn in self.ptx.functions:  # prototypes must agree with the definition
            info = self.functions[fn.name]
            if fn is not info.ptx and not fn.is_kernel:
                sig = declare_signature_shape(fn)
                assert info.signature is not None
                if sig != declare_signature_shape(info.ptx):
                    raise VerificationError(
                        f"declaration of '{fn.name}' does not match its definition", fn.loc
                    )

    # -- variables -------------------------------------------------------------------

    def variable_type(self, decl: ast.VarDecl, d: ast.Declarator) -> ir.Type:
        ty: ir.Type = llvm_type(decl.type)
        if decl.type.kind is Kind.PRED:
            raise VerificationError("only registers can have type .pred", d.loc)
        if decl.vector is not None:
            ty = ir.VectorType(ty, decl.vector)
        dims = list(d.dims)
        if dims and dims[0] is None and isinstance(d.initializer, ast.InitList):
            dims[0] = len(d.initializer.items)  # `x[] = {...}`: the initializer's length
        for dim in reversed(dims):
            if dim is None:  # `.extern .shared x[]` never gets here (_dynamic_shared)
                raise VerificationError(
                    f"'{d.name}' is an array of unknown size: give its size or an "
                    "initializer (only .extern .shared arrays may be unsized)",
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
            init = None
            if decl.space is not StateSpace.SHARED:
                # A byte array holding addresses becomes a packed struct (_initializer).
                init = self._initializer(decl, d, ty)
                ty = init.type
            gv = ir.GlobalVariable(
                self.ir, ty, self.ir.get_unique_name(llvm_name(d.name)), addrspace
            )
            gv.align = decl.align or _natural_align(decl)
            if decl.space is StateSpace.SHARED:
                if d.initializer is not None:
                    raise VerificationError(".shared variables cannot be initialized", d.loc)
                gv.initializer = ir.Constant(ty, ir.Undefined)
            else:
                gv.initializer = init
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
        previous = self.symbols.get(d.name)
        if previous is not None:
            # An extern declaration may be repeated (ptxas accepts it; linked modules do it)
            if d.name not in self._extern_shared:
                raise VerificationError(f"'{d.name}' is defined twice", d.loc)
            if previous.type != decl.type:
                raise VerificationError(f"'{d.name}' is declared twice with different types", d.loc)
            return previous
        self._extern_shared.add(d.name)
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
        if any(isinstance(s, ast.MaskExpr) for s in scalars):
            return self._bytes_with_addresses(decl, scalars, count)
        values = [self._scalar(decl, s, elem) for s in scalars]
        values += [ir.Constant(elem, None)] * (count - len(values))
        return _shape(ty, values)

    def _bytes_with_addresses(
        self, decl: ast.VarDecl, scalars: list[ast.Initializer], count: int
    ) -> ir.Constant:
        """A byte array whose initializer spells addresses byte by byte, as clang does for
        a struct holding pointers: `0xFF(generic(x)), 0xFF00(generic(x)), ...` (PTX ISA
        5.4.4). Eight such bytes, in little-endian order, are one 64-bit address: the
        variable becomes a packed struct of its plain bytes and those addresses."""
        if decl.type.bits != 8:
            raise UnsupportedError(
                "byte masks of addresses in initializers need a .b8/.u8/.s8 array", decl.loc
            )
        fields: list[ir.Constant] = []
        i = 0
        while i < len(scalars):
            value = scalars[i]
            if not isinstance(value, ast.MaskExpr):
                fields.append(self._scalar(decl, value, I8))
                i += 1
                continue
            run = scalars[i : i + 8]
            key = _expr_key(value.operand)
            if len(run) != 8 or not all(
                isinstance(m, ast.MaskExpr)
                and m.mask.value == 0xFF << (8 * k)
                and _expr_key(m.operand) == key
                for k, m in enumerate(run)
            ):
                raise UnsupportedError(
                    "byte masks in an initializer must spell a whole 64-bit address, low "
                    "byte first",
                    value.loc,
                )
            fields.append(self._address_initializer(value.operand, I64))
            i += 8
        fields += [ir.Constant(I8, 0)] * (count - len(scalars))
        packed = ir.LiteralStructType([f.type for f in fields], packed=True)
        return ir.Constant(packed, fields)

    def _scalar(self, decl: ast.VarDecl, value: ast.Initializer, elem: ir.Type) -> ir.Constant:
        if isinstance(value, ast.IntImm) and isinstance(elem, ir.IntType):
            return ir.Constant(elem, value.value & ((1 << elem.width) - 1))
        if (
            isinstance(value, ast.FloatImm)
            and (constant := float_constant(value, elem)) is not None
        ):
            return constant
        if isinstance(value, ast.Name | ast.GenericAddress | ast.BinaryExpr) and isinstance(
            elem, ir.IntType
        ):
            return self._address_initializer(value, elem)
        if isinstance(value, ast.MaskExpr | ast.ConditionalExpr | ast.CastExpr | ast.UnaryExpr):
            raise UnsupportedError(
                "this constant expression in an initializer is not supported yet", value.loc
            )
        raise VerificationError(
            f"initializer does not match the variable's type {decl.type}", value.loc
        )

    def _address_initializer(self, value: ast.Initializer, elem: ir.IntType) -> ir.Constant:
        """`f`, `var`, `generic(var)`, `generic(var)+8`: an address (in the variable's
        state space unless generic() asks for the generic one, PTX ISA 5.4.4) as an
        integer constant; or an integer expression."""
        base, offset = self._constant_value(value)
        if base is None:
            return ir.Constant(elem, offset & ((1 << elem.width) - 1))
        if elem.width != 64:
            raise VerificationError(
                "an address in an initializer needs a 64-bit variable (.u64, .b64 or .s64)",
                value.loc,
            )
        pointer_ty, ref = base
        if offset:
            ref = f"getelementptr (i8, {pointer_ty} {ref}, i64 {offset})"
        return ir.FormattedConstant(elem, f"ptrtoint ({pointer_ty} {ref} to i64)")

    def _constant_value(
        self, value: ast.Initializer
    ) -> tuple[tuple[ir.PointerType, str] | None, int]:
        """(an address as (pointer type, constant text), or None; an integer offset)."""
        match value:
            case ast.IntImm():
                return None, value.value
            case ast.Name():
                fn = self.functions.get(value.name)
                if fn is not None:
                    llvm_fn = fn.address(value.loc)
                    return (llvm_fn.type, llvm_fn.get_reference()), 0
                sym = self._initializer_symbol(value.name, value.loc)
                assert isinstance(sym.value, ir.GlobalVariable)
                return (sym.value.type, sym.value.get_reference()), 0
            case ast.GenericAddress():
                sym = self._initializer_symbol(value.symbol, value.loc)
                assert isinstance(sym.value, ir.GlobalVariable)
                generic = ir.PointerType(addrspace=self.hooks.address_space(StateSpace.GENERIC))
                ref = sym.value.get_reference()
                if sym.value.type != generic:
                    ref = f"addrspacecast ({sym.value.type} {ref} to {generic})"
                return (generic, ref), 0
            case ast.BinaryExpr() if value.op in ("+", "-"):
                left, right = self._constant_value(value.left), self._constant_value(value.right)
                sign = 1 if value.op == "+" else -1
                if right[0] is None:
                    return left[0], left[1] + sign * right[1]
                if left[0] is None and value.op == "+":
                    return right[0], left[1] + right[1]
            case ast.BinaryExpr() if value.op in _INT_OPS:
                left, right = self._constant_value(value.left), self._constant_value(value.right)
                if left[0] is None and right[0] is None:
                    return None, _INT_OPS[value.op](left[1], right[1])
        raise UnsupportedError(
            "this constant expression in an initializer is not supported yet", value.loc
        )

    def _initializer_symbol(self, name: str, loc: ast.Location) -> Symbol:
        sym = self.symbols.get(name)
        if sym is None:
            raise VerificationError(f"use of undeclared identifier '{name}'", loc)
        if sym.space not in (StateSpace.GLOBAL, StateSpace.CONST) or sym.value is None:
            raise UnsupportedError(
                f"the address of {sym.space} variable '{name}' in an initializer", loc
            )
        return sym

    # -- functions -------------------------------------------------------------------

    def _alias(self, alias: ast.Alias) -> None:
        """`.alias fAlias, fAliasee;`: the alias names the aliasee (PTX ISA 11.6.1); it is
        declared with the same parameters and no body of its own."""
        target = self.functions.get(alias.target)
        own = self.functions.get(alias.alias)
        if target is None or target.ptx.is_kernel or target.ptx.body is None:
            raise VerificationError(
                f"'.alias {alias.alias}, {alias.target}': '{alias.target}' is not a device "
                "function defined in this module",
                alias.loc,
            )
        if own is None or own.ptx.body is not None:
            raise VerificationError(
                f"'.alias {alias.alias}, {alias.target}': '{alias.alias}' must be declared, "
                "without a body",
                alias.loc,
            )
        if declare_signature_shape(own.ptx) != declare_signature_shape(target.ptx):
            raise VerificationError(
                f"'{alias.alias}' and '{alias.target}' have different parameters", alias.loc
            )
        self.functions[alias.alias] = target

    def emit_function(self, fn: ast.Function) -> None:
        assert fn.body is not None
        info = self.functions[fn.name]
        if fn is not info.ptx:
            return  # a second declaration
        if fn.is_kernel:
            ctx = self._kernel_context(fn, info)
        else:
            assert info.llvm is not None
            ctx = FunctionContext(self.hooks, info.llvm, fn, dict(self.symbols), self.functions)
            ctx.state[GRAPH_STATE] = self.graph
            begin_device_function(ctx, info)
        assert info.llvm is not None
        self.hooks.begin_function(info.llvm, fn)
        FunctionEmitter(ctx, self.emitters, self).emit(fn.body)
        self.hooks.finish_function(info.llvm, fn)

    def _kernel_context(self, fn: ast.Function, info: FunctionInfo) -> FunctionContext:
        assert fn.body is not None
        specs = [param_spec(p) for p in fn.params]
        for p, spec in zip(fn.params, specs, strict=True):
            if spec.register:
                raise VerificationError(f"kernel parameter '{spec.name}' must be .param", p.loc)
        taken = _addresses_taken(fn.body, {s.name for s in specs})
        byref: dict[int, tuple[ir.Type, int]] = {}
        arg_types: list[ir.Type] = []
        for i, spec in enumerate(specs):
            ty = ir.ArrayType(I8, spec.size) if spec.in_memory else spec.llvm
            arg_types.append(ty)
            if spec.in_memory or spec.name in taken:
                byref[i] = (ty, spec.align)
        llvm_fn = self.hooks.define_kernel(self.ir, fn, arg_types, byref)
        info.llvm = llvm_fn
        ctx = FunctionContext(self.hooks, llvm_fn, fn, dict(self.symbols), self.functions)
        ctx.state[GRAPH_STATE] = self.graph
        for i, (arg, spec) in enumerate(zip(llvm_fn.args, specs, strict=True)):
            arg.name = llvm_name(spec.name)
            if spec.name in ctx.symbols:
                raise VerificationError(
                    f"parameter '{spec.name}' shadows a module variable", spec.loc
                )
            if i in byref:
                sym = Symbol(
                    spec.name, StateSpace.PARAM, spec.type, arg, size=spec.size, kernel_param=True
                )
            else:
                slot = ctx.entry_alloca(spec.llvm, spec.name, align=spec.align)
                store(ctx.builder, arg, slot, align=spec.align)
                sym = Symbol(
                    spec.name,
                    StateSpace.PARAM,
                    spec.type,
                    slot,
                    storage=StateSpace.LOCAL,
                    size=spec.size,
                    kernel_param=True,
                )
            ctx.symbols[spec.name] = sym
        return ctx


def lower_module(module: ast.Module, hooks: TargetHooks) -> ir.Module:
    """The decoded PTX module as an LLVM module for the target of `hooks`."""
    return ModuleEmitter(hooks, module).emit()


def declare_signature_shape(fn: ast.Function) -> tuple[object, ...]:
    return (
        tuple(param_spec(p).shape() for p in fn.params),
        tuple(param_spec(r).shape() for r in fn.returns),
    )


def _addresses_taken(body: ast.Block, names: set[str]) -> set[str]:
    """The names among `names` used as an operand other than an address's base: whose
    address the function takes (`mov.u64 %rd, param`, `cvta.param.u64 %rd, param`)."""
    taken: set[str] = set()
    for stmt in body.statements:
        if isinstance(stmt, ast.Block):
            taken |= _addresses_taken(stmt, names)
        elif isinstance(stmt, ast.Instruction):
            for op in stmt.operands:
                if isinstance(op, ast.Name) and op.name in names:
                    taken.add(op.name)
                elif isinstance(op, ast.SymbolOffset) and op.symbol.name in names:
                    taken.add(op.symbol.name)
    return taken


_INT_OPS = {
    "*": lambda a, b: a * b,
    "<<": lambda a, b: a << b,
    ">>": lambda a, b: a >> b,
    "&": lambda a, b: a & b,
    "|": lambda a, b: a | b,
    "^": lambda a, b: a ^ b,
}


def _expr_key(expr: ast.Initializer) -> object:
    """A constant expression without its source locations, to compare two of them."""
    if isinstance(expr, ast.Location):
        return None
    if hasattr(expr, "__dataclass_fields__"):
        fields = expr.__dataclass_fields__
        return (type(expr).__name__, *(_expr_key(getattr(expr, f)) for f in fields))
    if isinstance(expr, tuple):
        return tuple(_expr_key(e) for e in expr)
    return expr


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
