"""Device functions and calls (PTX ISA 9.7.12.5 `call`, 5.1.6 "Parameter State Space",
7 "Abstracting the ABI"): the `.param` ABI, direct and indirect calls, and the CUDA device
runtime functions that PTX calls (vprintf, __assertfail, __cxa_pure_virtual).

The ABI. A `.func` becomes an LLVM function:
- a scalar parameter (`.param .b32 x`, `.reg .f32 y`) is an LLVM argument of its type; a
  byte-array or vector parameter (`.param .align 8 .b8 s[16]`) is a pointer to the
  caller's copy, in .local memory;
- scalar return parameters are the LLVM return value (a literal struct when there are
  several); a byte-array return parameter is a pointer argument, before the parameters,
  to the caller's `.param` variable, which the callee fills;
- a function that may execute `exit` (itself, or through a function it calls) returns one
  more value, an i1 that is true when the thread has exited: its caller then returns at
  once, up to the kernel, which ends the thread. When any function whose address is taken
  may exit, every such function has that flag, so that indirect calls agree on the type.
Inside the callee, `.param` parameters are .local copies (PTX ISA 5.1.6.2: taking their
address gives a .local address), which LLVM's SROA turns back into values; `.reg`
parameters are registers of the function.

A call sequence, as clang's NVPTX backend emits it,

    { .param .b32 param0; .param .b64 retval0;
      st.param.b32 [param0], %r4;
      call.uni (retval0), f, (param0);
      ld.param.b64 %rd4, [retval0]; }

declares its `.param` variables as .local memory of the caller (emit/function.py); the call
passes their values (or, for byte arrays, their addresses) and stores the results back.
Registers and immediates may be passed directly too. An indirect call (`call (r), %rd,
(a), proto;`) calls through the register with the type its `.callprototype` (or its
`.calltargets` list) gives.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from llvmlite import ir

from cu2amd.errors import Location, UnsupportedError, VerificationError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext, Symbol, llvm_type
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import llvm_name, load, store
from cu2amd.ptx_lowering.isa.types import TYPES, Kind, PtxType, StateSpace
from cu2amd.ptx_lowering.targets.base import TargetHooks

I1, I8, I32, I64 = ir.IntType(1), ir.IntType(8), ir.IntType(32), ir.IntType(64)
EXIT_STATE = "call.exit"  # ctx.state key: the block that leaves a function on `exit`
GRAPH_STATE = "call.graph"  # ctx.state key: the module's CallGraph

# CUDA's device runtime functions, declared `.extern .func` by the PTX that calls them.
VPRINTF, ASSERTFAIL, PURE_VIRTUAL = "vprintf", "__assertfail", "__cxa_pure_virtual"
RUNTIME_FUNCTIONS = frozenset({VPRINTF, ASSERTFAIL, PURE_VIRTUAL})
_HEAP_FUNCTIONS = frozenset({"malloc", "free", "__nv_aligned_device_malloc"})


# -- parameter lists -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ParamSpec:
    """One parameter or return parameter of a function or prototype."""

    name: str  # as declared ("_" in prototypes)
    type: PtxType
    size: int  # bytes
    align: int
    in_memory: bool  # byte array or vector: passed as a pointer to .local memory
    register: bool  # declared .reg: a register of the function
    loc: Location

    @property
    def llvm(self) -> ir.Type:
        return llvm_type(self.type)

    def shape(self) -> tuple[object, ...]:
        """What two declarations must share to be called alike."""
        return (self.in_memory, self.size if self.in_memory else str(self.llvm))


def param_spec(decl: ast.VarDecl) -> ParamSpec:
    (d,) = decl.declarators
    if decl.type.kind is Kind.PRED and decl.space is not StateSpace.REG:
        raise VerificationError(f"parameter '{d.name}' cannot have type .pred", d.loc)
    count = decl.vector or 1
    for dim in d.dims:
        if dim is None:
            raise UnsupportedError(
                f"parameter '{d.name}' is an array of unknown size (not supported yet)", d.loc
            )
        count *= dim
    elem = max(decl.type.bits // 8, 1)
    in_memory = bool(d.dims) or decl.vector is not None
    if decl.space is StateSpace.REG and in_memory:
        raise VerificationError(f"register parameter '{d.name}' must be a scalar", d.loc)
    return ParamSpec(
        name=d.name,
        type=decl.type,
        size=elem * count,
        align=decl.align or elem * (decl.vector or 1),
        in_memory=in_memory,
        register=decl.space is StateSpace.REG,
        loc=d.loc,
    )


@dataclass(frozen=True, slots=True)
class Signature:
    params: tuple[ParamSpec, ...]
    returns: tuple[ParamSpec, ...]
    may_exit: bool

    def function_type(self, hooks: TargetHooks) -> ir.FunctionType:
        local = ir.PointerType(addrspace=hooks.alloca_address_space())
        args = [local for r in self.returns if r.in_memory]
        args += [local if p.in_memory else p.llvm for p in self.params]
        results = [r.llvm for r in self.returns if not r.in_memory]
        if self.may_exit:
            results.append(I1)
        if not results:
            ret: ir.Type = ir.VoidType()
        elif len(results) == 1:
            ret = results[0]
        else:
            ret = ir.LiteralStructType(results)
        return ir.FunctionType(ret, args)

    def shape(self) -> tuple[object, ...]:
        return (
            tuple(p.shape() for p in self.params),
            tuple(r.shape() for r in self.returns),
            self.may_exit,
        )


def signature(
    params: tuple[ast.VarDecl, ...], returns: tuple[ast.VarDecl, ...], may_exit: bool
) -> Signature:
    return Signature(
        tuple(param_spec(p) for p in params), tuple(param_spec(r) for r in returns), may_exit
    )


# -- the module's functions ------------------------------------------------------------


@dataclass
class FunctionInfo:
    """A kernel or device function of the module (or a runtime function it declares)."""

    ptx: ast.Function
    signature: Signature | None  # None for kernels
    llvm: ir.Function | None = None  # None for kernels until defined, and for externs

    @property
    def name(self) -> str:
        return self.ptx.name

    def address(self, loc: Location) -> ir.Function:
        """The function, for `mov %rd, f` and initializers."""
        if self.ptx.is_kernel:
            raise VerificationError(f"the address of kernel '{self.name}' cannot be taken", loc)
        if self.llvm is None:
            raise undefined_function(self, loc)
        return self.llvm


def undefined_function(info: FunctionInfo, loc: Location) -> UnsupportedError:
    if info.name in _HEAP_FUNCTIONS:
        return UnsupportedError(
            f"device-side '{info.name}' (the device heap) is not supported yet", loc
        )
    if info.name in RUNTIME_FUNCTIONS:
        return UnsupportedError(
            f"the address of the device runtime function '{info.name}' cannot be taken", loc
        )
    return UnsupportedError(
        f"function '{info.name}' is declared but not defined in this module (linking "
        "separately compiled device code is not supported yet)",
        loc,
    )


@dataclass
class CallGraph:
    """What the module emitter must know before emitting any body: which functions may
    exit the thread, which have their address taken, what each kernel may call."""

    exits: set[str] = field(default_factory=set)  # contain `exit`
    calls: dict[str, set[str]] = field(default_factory=dict)  # direct callees
    indirect: set[str] = field(default_factory=set)  # make indirect calls
    address_taken: set[str] = field(default_factory=set)
    may_exit: set[str] = field(default_factory=set)

    def solve(self) -> None:
        """Fixed point of: a function may exit if it exits, calls a function that may
        exit, or calls indirectly while some function whose address is taken may exit."""
        changed = True
        while changed:
            changed = False
            indirect_exit = bool(self.address_taken & self.may_exit)
            for fn in {*self.calls, *self.exits, *self.indirect, *self.address_taken}:
                if fn in self.may_exit:
                    continue
                if (
                    fn in self.exits
                    or self.calls.get(fn, set()) & self.may_exit
                    or (fn in self.indirect and indirect_exit)
                    or (fn in self.address_taken and indirect_exit)
                ):
                    self.may_exit.add(fn)
                    changed = True

    @property
    def indirect_may_exit(self) -> bool:
        return bool(self.address_taken & self.may_exit)

    def reachable(self, root: str) -> frozenset[str]:
        """The functions `root` may call, directly or not."""
        seen: set[str] = set()
        todo = [root]
        while todo:
            fn = todo.pop()
            callees = set(self.calls.get(fn, ()))
            if fn in self.indirect:
                callees |= self.address_taken
            for callee in callees - seen:
                seen.add(callee)
                todo.append(callee)
        return frozenset(seen)


def analyze(module: ast.Module) -> CallGraph:
    """Scan every body (and the initializers of module variables) for calls, exits and
    function addresses."""
    names = {f.name for f in module.functions}
    graph = CallGraph()

    def operand_names(op: ast.Operand | ast.Initializer) -> list[str]:
        match op:
            case ast.Name():
                return [op.name]
            case ast.SymbolOffset():
                return [op.symbol.name]
            case ast.ParenList() | ast.VectorOp() | ast.InitList():
                items = op.items if not isinstance(op, ast.VectorOp) else op.elements
                return [n for item in items for n in operand_names(item)]
            case ast.BinaryExpr():
                return operand_names(op.left) + operand_names(op.right)
            case ast.UnaryExpr() | ast.CastExpr():
                return operand_names(op.operand)
            case ast.GenericAddress():
                return [op.symbol]
        return []

    def walk(fn: str, block: ast.Block) -> None:
        for stmt in block.statements:
            if isinstance(stmt, ast.Block):
                walk(fn, stmt)
            elif isinstance(stmt, ast.BranchTargets) and stmt.directive == "calltargets":
                graph.address_taken.update(t for t in stmt.targets if t in names)
            elif isinstance(stmt, ast.Instruction):
                if stmt.opcode == "exit":
                    graph.exits.add(fn)
                operands = stmt.operands
                if stmt.opcode == "call":
                    target, operands = call_target(stmt)
                    if target.name in names:
                        graph.calls.setdefault(fn, set()).add(target.name)
                    else:
                        graph.indirect.add(fn)
                for op in operands:
                    graph.address_taken.update(n for n in operand_names(op) if n in names)

    for item in module.items:
        if isinstance(item, ast.Function) and item.body is not None:
            walk(item.name, item.body)
        elif isinstance(item, ast.Alias):  # calling the alias calls the aliasee
            graph.calls.setdefault(item.alias, set()).add(item.target)
        elif isinstance(item, ast.VarDecl):
            for d in item.declarators:
                if d.initializer is not None:
                    graph.address_taken.update(
                        n for n in operand_names(d.initializer) if n in names
                    )
    graph.solve()
    return graph


def call_target(instr: ast.Instruction) -> tuple[ast.Name, tuple[ast.Operand, ...]]:
    """The call's target operand, and its other operands but the prototype."""
    ops = instr.operands
    i = 1 if isinstance(ops[0], ast.ParenList) else 0
    target = ops[i]
    assert isinstance(target, ast.Name), "the decoder checks the operand kinds"
    rest = ops[:i] + tuple(op for op in ops[i + 1 :] if isinstance(op, ast.ParenList))
    return target, rest


def declare_function(
    module: ir.Module, hooks: TargetHooks, fn: ast.Function, graph: CallGraph
) -> FunctionInfo:
    """The FunctionInfo of a .func, with its LLVM function declared (or, for a runtime
    function the module only declares, defined when cu2amd provides it)."""
    may_exit = fn.name in graph.may_exit
    sig = signature(fn.params, fn.returns, may_exit)
    info = FunctionInfo(fn, sig)
    if fn.body is None and fn.name != PURE_VIRTUAL:
        return info  # an extern: calls to it are checked where they appear
    llvm_fn = ir.Function(module, sig.function_type(hooks), module.get_unique_name(fn.name))
    if fn.body is None:  # __cxa_pure_virtual: what calling a pure virtual function does
        llvm_fn.linkage = "internal"
        b = ir.IRBuilder(llvm_fn.append_basic_block("entry"))
        hooks.trap(b, f"{fn.loc}: pure virtual function called")
        b.unreachable()
    elif "visible" in fn.linkage:
        llvm_fn.linkage = ""
    elif "weak" in fn.linkage or "common" in fn.linkage:
        llvm_fn.linkage = "weak"
    else:
        llvm_fn.linkage = "internal"
    info.llvm = llvm_fn
    return info


# -- the callee side -------------------------------------------------------------------


@dataclass
class Frame:
    """How a device function returns: where each scalar return value is kept."""

    signature: Signature
    returns: list[ir.Value] = field(default_factory=list)  # slots of scalar returns


def begin_device_function(ctx: FunctionContext, info: FunctionInfo) -> None:
    """Bind a .func's parameters and return parameters to its LLVM arguments."""
    sig, fn = info.signature, info.llvm
    assert sig is not None and fn is not None
    frame = Frame(sig)
    args = iter(fn.args)
    b = ctx.builder
    for spec in sig.returns:
        if spec.in_memory:
            arg = next(args)
            arg.name = llvm_name(spec.name)
            _bind(ctx, spec, arg)
        else:
            frame.returns.append(_local_slot(ctx, spec))
    for spec in sig.params:
        arg = next(args)
        arg.name = llvm_name(spec.name)
        if spec.in_memory:
            _bind(ctx, spec, arg)
        else:
            slot = _local_slot(ctx, spec)
            store(b, arg, slot, align=spec.align)
            if spec.register:
                ctx.stored_register(slot, arg)
    ctx.frame = frame


def _local_slot(ctx: FunctionContext, spec: ParamSpec) -> ir.Value:
    """A scalar parameter's home: its register, or its .local copy."""
    if spec.register:
        ctx.declare_register(spec.name, spec.type, spec.loc)
        reg = ctx.register(ast.Name(spec.name, spec.loc))
        assert reg is not None
        return reg.slot
    slot = ctx.entry_alloca(spec.llvm, spec.name, align=spec.align)
    _bind(ctx, spec, slot)
    return slot


def _bind(ctx: FunctionContext, spec: ParamSpec, pointer: ir.Value) -> None:
    if spec.name in ctx.symbols:
        raise VerificationError(f"parameter '{spec.name}' shadows a module variable", spec.loc)
    ctx.symbols[spec.name] = Symbol(
        spec.name, StateSpace.PARAM, spec.type, pointer, storage=StateSpace.LOCAL, size=spec.size
    )


def emit_return(ctx: FunctionContext) -> None:
    """`ret` (or the end of the body) in a device function."""
    frame = ctx.frame
    assert isinstance(frame, Frame)
    b = ctx.builder
    values = [
        load(b, slot, spec.llvm, align=spec.align)
        for slot, spec in zip(
            frame.returns, [r for r in frame.signature.returns if not r.in_memory], strict=True
        )
    ]
    _return(ctx, values, exited=False)


def _return(ctx: FunctionContext, values: list[ir.Value], exited: bool) -> None:
    b = ctx.builder
    ret_type = ctx.fn.function_type.return_type
    if ctx.frame is not None and ctx.frame.signature.may_exit:
        values = [*values, I1(exited)]
    if isinstance(ret_type, ir.VoidType):
        b.ret_void()
    elif isinstance(ret_type, ir.LiteralStructType):
        agg: ir.Value = ir.Constant(ret_type, ir.Undefined)
        for i, value in enumerate(values):
            agg = b.insert_value(agg, value, i)
        b.ret(agg)
    else:
        b.ret(values[0])


def emit_exit(ctx: FunctionContext) -> None:
    """`exit`: the thread ends. A kernel returns; a device function returns with its
    exit flag set, and each caller returns in turn."""
    b = ctx.builder
    if ctx.ptx_fn.is_kernel:
        b.ret_void()
        return
    frame = ctx.frame
    assert isinstance(frame, Frame) and frame.signature.may_exit
    values = [
        ir.Constant(spec.llvm, ir.Undefined)
        for spec in frame.signature.returns
        if not spec.in_memory
    ]
    _return(ctx, values, exited=True)


def _exit_block(ctx: FunctionContext) -> ir.Block:
    block = ctx.state.get(EXIT_STATE)
    if block is None:
        block = ctx.fn.append_basic_block("thread.exited")
        with ctx.builder.goto_block(block):
            emit_exit(ctx)
        ctx.state[EXIT_STATE] = block
    assert isinstance(block, ir.Block)
    return block


# -- the caller side -------------------------------------------------------------------


class IndirectCall(ir.instructions.Instruction):
    """A call through a function pointer, with the type the prototype gives (llvmlite's
    call() takes the type from a function)."""

    def __init__(
        self, parent: ir.Block, callee: ir.Value, fnty: ir.FunctionType, args: list[ir.Value]
    ) -> None:
        super().__init__(parent, fnty.return_type, "call", [callee, *args])
        self.fnty = fnty

    def descr(self, buf: list[str]) -> None:
        callee, *args = self.operands
        text = ", ".join(f"{a.type} {a.get_reference()}" for a in args)
        buf.append(f"call {self.fnty.return_type} {callee.get_reference()}({text})\n")


@emitter("call.call")
def call(ctx: FunctionContext, instr: ast.Instruction) -> None:
    ops = instr.operands
    i = 0
    results: tuple[ast.Operand, ...] = ()
    if isinstance(ops[0], ast.ParenList):
        results, i = ops[0].items, 1
    target = ops[i]
    i += 1
    args: tuple[ast.Operand, ...] = ()
    if i < len(ops) and isinstance(ops[i], ast.ParenList):
        args = ops[i].items  # type: ignore[union-attr]
        i += 1
    proto = ops[i] if i < len(ops) else None
    assert isinstance(target, ast.Name)
    if ctx.register(target) is not None:
        assert isinstance(proto, ast.Name), "the decoder checks indirect calls' operands"
        sig = _indirect_signature(ctx, proto)
        address = ctx.read(target, TYPES["u64"])
        callee: ir.Value = ctx.builder.inttoptr(address, ir.PointerType(), name="callee")
    else:
        info = ctx.functions.get(target.name)
        if info is None:
            raise VerificationError(f"call to undeclared function '{target.name}'", target.loc)
        if info.ptx.is_kernel:
            raise ctx.error(f"'{target.name}' is a kernel (.entry), which cannot be called")
        assert info.signature is not None
        sig = info.signature
        if info.llvm is None:
            _check_arity(ctx, sig, results, args)
            _runtime_call(ctx, info, results, args)
            return
        callee = info.llvm
    _check_arity(ctx, sig, results, args)
    _emit_call(ctx, sig, callee, results, args)


def _check_arity(
    ctx: FunctionContext,
    sig: Signature,
    results: tuple[ast.Operand, ...],
    args: tuple[ast.Operand, ...],
) -> None:
    if len(args) != len(sig.params):
        takes = _count(len(sig.params), "argument")
        raise ctx.error(f"the callee takes {takes}, {len(args)} given")
    if len(results) != len(sig.returns):
        raise ctx.error(
            f"the callee returns {_count(len(sig.returns), 'value')}, "
            f"{_count(len(results), 'destination')} given"
        )


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _indirect_signature(ctx: FunctionContext, proto: ast.Name) -> Signature:
    decl = ctx.declarations.get(proto.name)
    if isinstance(decl, ast.CallPrototype):
        graph = ctx.state.get(GRAPH_STATE)
        may_exit = isinstance(graph, CallGraph) and graph.indirect_may_exit
        return signature(decl.params, decl.returns, may_exit)
    if isinstance(decl, ast.BranchTargets) and decl.directive == "calltargets":
        sigs = []
        for name in decl.targets:
            info = ctx.functions.get(name)
            if info is None or info.signature is None:
                raise ctx.error(f"call target '{name}' is not a device function", proto.loc)
            sigs.append(info.signature)
        if any(s.shape() != sigs[0].shape() for s in sigs):
            raise ctx.error(f"the functions of '{proto.name}' have different parameters")
        return sigs[0]
    raise ctx.error(f"'{proto.name}' is not a .callprototype or .calltargets label", proto.loc)


def _param_symbol(ctx: FunctionContext, op: ast.Operand) -> Symbol | None:
    if isinstance(op, ast.Name) and ctx.register(op) is None:
        sym = ctx.symbols.get(op.name)
        if sym is not None and sym.space is StateSpace.PARAM:
            return sym
    return None


def _memory_argument(ctx: FunctionContext, op: ast.Operand, spec: ParamSpec) -> ir.Value:
    """The address of a `.param` variable passed for a byte-array parameter."""
    sym = _param_symbol(ctx, op)
    if sym is None or sym.storage_space is not StateSpace.LOCAL:
        raise ctx.error(
            f"a byte-array parameter of {spec.size} bytes needs a .param variable of the call "
            "sequence",
            op.loc,
        )
    if sym.size < spec.size:
        raise ctx.error(f"'{sym.name}' has {sym.size} bytes; the parameter has {spec.size}", op.loc)
    assert sym.value is not None
    return sym.value


def _scalar_argument(ctx: FunctionContext, op: ast.Operand, spec: ParamSpec) -> ir.Value:
    sym = _param_symbol(ctx, op)
    if sym is None:
        return ctx.read(op, spec.type, relaxed=True)
    if sym.size < spec.size:
        raise ctx.error(f"'{sym.name}' has {sym.size} bytes; the parameter has {spec.size}", op.loc)
    assert sym.value is not None
    return load(ctx.builder, sym.value, spec.llvm, align=min(spec.align, spec.size))


def _store_result(ctx: FunctionContext, op: ast.Operand, spec: ParamSpec, value: ir.Value) -> None:
    sym = _param_symbol(ctx, op)
    if sym is None:
        ctx.write(op, value, spec.type, relaxed=True)
        return
    if sym.size < spec.size:
        raise ctx.error(
            f"'{sym.name}' has {sym.size} bytes; the return value has {spec.size}", op.loc
        )
    assert sym.value is not None
    store(ctx.builder, value, sym.value, align=min(spec.align, spec.size))


def _emit_call(
    ctx: FunctionContext,
    sig: Signature,
    callee: ir.Value,
    results: tuple[ast.Operand, ...],
    args: tuple[ast.Operand, ...],
) -> None:
    values: list[ir.Value] = []
    for op, spec in zip(results, sig.returns, strict=True):
        if spec.in_memory:
            values.append(_memory_argument(ctx, op, spec))
    for op, spec in zip(args, sig.params, strict=True):
        arg = _memory_argument(ctx, op, spec) if spec.in_memory else _scalar_argument(ctx, op, spec)
        values.append(arg)
    b = ctx.builder
    if isinstance(callee, ir.Function):
        result = b.call(callee, values)
    else:
        result = IndirectCall(b.block, callee, sig.function_type(ctx.hooks), values)
        b._insert(result)
    outputs = [(op, spec) for op, spec in zip(results, sig.returns, strict=True)]
    scalars = [(op, spec) for op, spec in outputs if not spec.in_memory]
    count = len(scalars) + sig.may_exit
    parts = [result] if count == 1 else [b.extract_value(result, k) for k in range(count)]
    for (op, spec), value in zip(scalars, parts, strict=False):
        _store_result(ctx, op, spec, value)
    if sig.may_exit:
        cont = ctx.fn.append_basic_block("call.cont")
        b.cbranch(parts[-1], _exit_block(ctx), cont)
        b.position_at_end(cont)


def _runtime_call(
    ctx: FunctionContext,
    info: FunctionInfo,
    results: tuple[ast.Operand, ...],
    args: tuple[ast.Operand, ...],
) -> None:
    """A call to a function the module declares but does not define: one of CUDA's device
    runtime functions, or an error."""
    sig = info.signature
    assert sig is not None
    if info.name == VPRINTF:
        fmt, packed = (_scalar_argument(ctx, op, s) for op, s in zip(args, sig.params, strict=True))
        if fmt.type != I64 or packed.type != I64 or len(sig.returns) > 1:
            raise ctx.error("vprintf takes two 64-bit addresses")
        count = ctx.hooks.printf(ctx.builder, fmt, packed, ctx.instruction.loc)  # type: ignore[union-attr]
        for op, spec in zip(results, sig.returns, strict=True):
            _store_result(ctx, op, spec, ctx.convert_int(count, TYPES["s32"], spec.type))
        return
    if info.name == ASSERTFAIL:
        # (message, file, line, function, char size), as CUDA declares it
        widths = tuple(s.type.bits for s in sig.params)
        if widths != (64, 64, 32, 64, 64) or any(s.in_memory for s in sig.params):
            raise ctx.error("__assertfail takes (.b64, .b64, .b32, .b64, .b64)")
        values = [_scalar_argument(ctx, op, s) for op, s in zip(args, sig.params, strict=True)]
        values = [
            v if isinstance(v.type, ir.IntType) else ctx.builder.bitcast(v, ir.IntType(s.type.bits))
            for v, s in zip(values, sig.params, strict=True)
        ]
        ctx.hooks.assert_fail(ctx.builder, ctx.site(), values)
        ctx.builder.unreachable()
        return
    raise undefined_function(info, ctx.instruction.loc)  # type: ignore[union-attr]
