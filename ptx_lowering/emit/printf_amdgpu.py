"""CUDA's device printf (`vprintf(format, args)`) on AMDGPU, over ROCm's hostcall printf.

CUDA's printf is `vprintf(format, buffer)`: clang's NVPTX backend (and nvcc) pack the
arguments, after C's default promotions (char and short to int, float to double), into a
.local buffer, each at its natural alignment. ROCm's printf takes its arguments one 64-bit
word at a time instead, through OCKL's hostcall functions, which is how clang lowers a HIP
printf (llvm/lib/Transforms/Utils/AMDGPUEmitPrintf.cpp):

    desc = __ockl_printf_begin(0)
    desc = __ockl_printf_append_string_n(desc, format, strlen(format) + 1, is_last)
    desc = __ockl_printf_append_args(desc, n, a0, ..., a6, is_last)    (n <= 7 words)
    desc = __ockl_printf_append_string_n(desc, s, strlen(s) + 1, is_last)    (each %s)

The host (ROCclr) formats the message with the C library. So the buffer's layout must be
known when compiling: the format string has to be a constant (a .global or .const
variable with an initializer, which is what clang and nvcc emit for a string literal).
Its conversion specifications give each argument's size and kind: an int (4 bytes,
zero-extended to a word as clang's HIP lowering does; the host's printf reads the low
bytes and applies h and hh), a long (l ll j z t: 8 bytes), a double (8 bytes, sent as its
bits), a pointer (%p) or a string (%s: its bytes are sent, up to the NUL). `*` widths and
precisions are ints before their conversion. A format that is not a constant, `%n`, `%L`
(long double) and wide `%lc`/`%ls` are compile errors at the call.

The format's constant is found on the PTX (format_sources, for one function): the call's
format operand, through the `st.param` of the call sequence, `mov`, `cvta` and `add` of an
immediate, to a variable's address. A register is followed to its last definition in the
same straight-line code, else to its only definition in the function.

What vprintf returns: CUDA's printf returns the number of arguments parsed, -1 for a null
format and -2 for an internal error. Here: the number of arguments the format consumes
(`*` counted), known when compiling, as the host platform's vprintf counts them at run
time; -2 when the host reports an error for the call (a negative result of the final
hostcall); -1 for a null format, which prints nothing.

Differences that remain, both HIP's own: CUDA prints at most 32 arguments and leaves the
specifications past them as text, ROCm prints them all; and ROCm's host steps over a %s
argument by the characters it printed (in 8-byte words), so a %s whose width or precision
prints more or fewer words than the string holds shifts the arguments after it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from llvmlite import ir

from cu2amd.errors import Location, UnsupportedError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.irutil import declare_intrinsic, llvm_name
from cu2amd.ptx_lowering.isa.types import StateSpace

I8, I32, I64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
PTR = ir.PointerType()  # generic (flat)
ARGS_PER_CALL = 7  # __ockl_printf_append_args takes up to seven words
STRLEN = "__cu2amd_printf_strlen"


class ArgKind(enum.Enum):
    """An argument in CUDA's buffer, by what the conversion that takes it expects."""

    INT = enum.auto()  # int after promotion: d i o u x X c, and `*`
    LONG = enum.auto()  # the same with l ll j z t
    DOUBLE = enum.auto()  # f F e E g G a A (float was promoted)
    POINTER = enum.auto()  # p
    STRING = enum.auto()  # s

    @property
    def size(self) -> int:
        return 4 if self is ArgKind.INT else 8


_INTEGER = frozenset("diouxXc")
_FLOATING = frozenset("fFeEgGaA")
_LENGTHS = ("hh", "ll", "h", "l", "j", "z", "t", "L")
_FLAGS = frozenset("-+ #0'")


def parse_format(text: str, loc: Location) -> tuple[ArgKind, ...]:
    """The arguments a printf format consumes, in order (C11 7.21.6.1)."""
    kinds: list[ArgKind] = []
    i, n = 0, len(text)
    while True:
        i = text.find("%", i)
        if i < 0:
            return tuple(kinds)
        start = i
        i += 1
        if i < n and text[i] == "%":
            i += 1
            continue
        while i < n and text[i] in _FLAGS:
            i += 1
        for part in ("width", "precision"):
            if part == "precision":
                if i >= n or text[i] != ".":
                    break
                i += 1
            if i < n and text[i] == "*":
                kinds.append(ArgKind.INT)
                i += 1
            else:
                while i < n and text[i].isdigit():
                    i += 1
        length = next((m for m in _LENGTHS if text.startswith(m, i)), "")
        i += len(length)
        if i >= n:
            raise _bad_format(f"the conversion '{text[start:]}' is incomplete", text, loc)
        conv = text[i]
        i += 1
        spec = text[start:i]
        if conv in _INTEGER:
            if conv == "c" and length == "l":
                raise _bad_format(f"'{spec}' (a wide character) is not supported", text, loc)
            if length == "L":
                raise _bad_format(f"'{spec}': L applies to floating conversions", text, loc)
            wide = length in ("l", "ll", "j", "z", "t")
            kinds.append(ArgKind.LONG if wide else ArgKind.INT)
        elif conv in _FLOATING:
            if length == "L":
                raise _bad_format(
                    f"'{spec}' (long double) is not supported: device code has no long double",
                    text,
                    loc,
                )
            kinds.append(ArgKind.DOUBLE)
        elif conv == "s":
            if length == "l":
                raise _bad_format(f"'{spec}' (a wide string) is not supported", text, loc)
            kinds.append(ArgKind.STRING)
        elif conv == "p":
            kinds.append(ArgKind.POINTER)
        elif conv == "n":
            raise _bad_format(f"'{spec}' is not supported (CUDA's printf has no %n)", text, loc)
        else:
            raise _bad_format(f"unknown conversion '{spec}'", text, loc)


def _bad_format(what: str, text: str, loc: Location) -> UnsupportedError:
    return UnsupportedError(f"device printf format {text!r}: {what}", loc)


# -- the format's constant, found on the PTX --------------------------------------------


@dataclass(frozen=True, slots=True)
class FormatSource:
    """Where a call's format points: `symbol` + `offset`, or the null pointer (None)."""

    symbol: str | None
    offset: int = 0


_DEPTH = 16  # links of mov/cvta/add followed at most


class _Function:
    """A PTX function's statements in order, with what each register's definitions are."""

    def __init__(self, fn: ast.Function) -> None:
        self.flat: list[ast.Statement] = []
        self.registers: set[str] = {p.declarators[0].name for p in fn.params
                                    if p.space is StateSpace.REG}  # fmt: skip
        if fn.body is not None:
            self._walk(fn.body)
        self.defs: dict[str, list[int]] = {}
        for index, stmt in enumerate(self.flat):
            if isinstance(stmt, ast.Instruction):
                for name in _destinations(stmt):
                    self.defs.setdefault(name, []).append(index)

    def _walk(self, block: ast.Block) -> None:
        for stmt in block.statements:
            if isinstance(stmt, ast.Block):
                self._walk(stmt)
                continue
            if isinstance(stmt, ast.VarDecl) and stmt.space is StateSpace.REG:
                for d in stmt.declarators:
                    if d.range_count is None:
                        self.registers.add(d.name)
                    else:
                        self.registers.update(f"{d.name}{k}" for k in range(d.range_count))
            self.flat.append(stmt)

    def is_register(self, name: str) -> bool:
        return name in self.registers or name in self.defs

    def reaching(self, name: str, before: int) -> int | None:
        """The index of the definition of register `name` that the use at `before` sees,
        if it is certain: the last one in the same straight-line code, else the only one
        in the function."""
        for index in range(before - 1, -1, -1):
            stmt = self.flat[index]
            if isinstance(stmt, ast.Label):
                break
            if isinstance(stmt, ast.Instruction) and name in _destinations(stmt):
                if stmt.guard is None:
                    return index
                break  # a predicated definition: the value depends on the predicate
        defs = self.defs.get(name, [])
        return defs[0] if len(defs) == 1 else None

    def source(self, op: ast.Operand, at: int, depth: int = 0) -> FormatSource | None:
        """What `op`, read by the statement at index `at`, points to, if a constant."""
        if depth > _DEPTH:
            return None
        if isinstance(op, ast.IntImm):
            return FormatSource(None) if op.value == 0 else None
        if isinstance(op, ast.SymbolOffset):
            if self.is_register(op.symbol.name):
                return None
            return FormatSource(op.symbol.name, op.offset)
        if not isinstance(op, ast.Name):
            return None
        if not self.is_register(op.name):
            return FormatSource(op.name)
        index = self.reaching(op.name, at)
        if index is None:
            return None
        instr = self.flat[index]
        assert isinstance(instr, ast.Instruction)
        ops = instr.operands
        if instr.opcode in ("mov", "cvta") and len(ops) == 2:
            return self.source(ops[1], index, depth + 1)
        if instr.opcode == "add" and len(ops) == 3 and any("64" in m for m in instr.modifiers):
            for base, offset in ((ops[1], ops[2]), (ops[2], ops[1])):
                if isinstance(offset, ast.IntImm):
                    found = self.source(base, index, depth + 1)
                    if found is not None and found.symbol is not None:
                        return FormatSource(found.symbol, found.offset + offset.value)
        return None

    def param_store(self, param: str, call: int) -> int | None:
        """The `st.param [param]` of the call sequence that the call at `call` makes."""
        for index in range(call - 1, -1, -1):
            stmt = self.flat[index]
            if isinstance(stmt, ast.Label):
                return None
            if not isinstance(stmt, ast.Instruction):
                continue
            if stmt.opcode == "call":
                return None
            ops = stmt.operands
            if (
                stmt.opcode == "st"
                and "param" in stmt.modifiers
                and isinstance(ops[0], ast.Address)
                and ops[0].base is not None
                and ops[0].base.name == param
            ):
                return index if ops[0].offset == 0 and stmt.guard is None else None
        return None


def _destinations(instr: ast.Instruction) -> list[str]:
    """The registers an instruction may write: the names of its first operand (PTX puts
    destinations first; `p|q` pairs, vectors and call results included)."""
    if not instr.operands:
        return []
    first = instr.operands[0]
    if isinstance(first, ast.Name):
        return [first.name]
    if isinstance(first, ast.Pair):
        return [*_names(first.first), first.second.name]
    if isinstance(first, ast.VectorOp | ast.ParenList):
        items = first.elements if isinstance(first, ast.VectorOp) else first.items
        return [name for item in items for name in _names(item)]
    return []


def _names(op: ast.Operand) -> list[str]:
    if isinstance(op, ast.Name):
        return [op.name]
    if isinstance(op, ast.VectorOp):
        return [n for e in op.elements for n in _names(e)]
    return []


def format_sources(fn: ast.Function) -> dict[Location, FormatSource | None]:
    """For each `call vprintf` of `fn`, by its location: what its format points to, or
    None when that is not a constant address."""
    info = _Function(fn)
    found: dict[Location, FormatSource | None] = {}
    for index, stmt in enumerate(info.flat):
        if not isinstance(stmt, ast.Instruction) or stmt.opcode != "call":
            continue
        ops = stmt.operands
        at = 1 if ops and isinstance(ops[0], ast.ParenList) else 0
        target = ops[at] if at < len(ops) else None
        if not isinstance(target, ast.Name) or target.name != "vprintf":
            continue
        args = ops[at + 1] if at + 1 < len(ops) else None
        if not isinstance(args, ast.ParenList) or not args.items:
            found[stmt.loc] = None
            continue
        fmt = args.items[0]
        source = None
        if isinstance(fmt, ast.Name) and not info.is_register(fmt.name):
            store = info.param_store(fmt.name, index)  # a .param of the call sequence
            if store is not None:
                value = info.flat[store]
                assert isinstance(value, ast.Instruction)
                if len(value.operands) == 2:
                    source = info.source(value.operands[1], store)
        else:
            source = info.source(fmt, index)
        found[stmt.loc] = source
    return found


def format_text(module: ir.Module, source: FormatSource, loc: Location) -> str:
    """The format string a constant source points to (its bytes up to the NUL)."""
    gv = module.globals.get(llvm_name(source.symbol or ""))
    init = gv.initializer if isinstance(gv, ir.GlobalVariable) else None
    data = _constant_bytes(init) if init is not None else None
    if data is None:
        raise non_constant_format(loc)
    tail = data[source.offset :] if 0 <= source.offset <= len(data) else b""
    end = tail.find(b"\0")
    if end < 0:
        raise UnsupportedError(
            f"device printf: the format '{source.symbol}' has no terminating NUL", loc
        )
    return tail[:end].decode("latin-1")


def _constant_bytes(init: ir.Constant) -> bytes | None:
    """The bytes of an i8 array constant with an explicit initializer (a zero-filled
    variable is written at run time, so it is no constant format)."""
    ty = init.type
    if not isinstance(ty, ir.ArrayType) or ty.element != I8:
        return None
    value = init.constant
    if isinstance(value, bytes | bytearray):
        return bytes(value)
    if not isinstance(value, list | tuple):
        return None
    out = bytearray()
    for item in value:
        v = item.constant if isinstance(item, ir.Constant) else item
        if v is None:
            v = 0
        if not isinstance(v, int):
            return None
        out.append(v & 0xFF)
    return bytes(out)


def non_constant_format(loc: Location) -> UnsupportedError:
    return UnsupportedError(
        "device printf on AMDGPU needs a constant format string (the address of a "
        ".global or .const variable with an initializer): the arguments' layout is "
        "read from it when compiling",
        loc,
    )


# -- emission -----------------------------------------------------------------------------


def emit_printf(
    builder: ir.IRBuilder,
    source: FormatSource | None,
    format_: ir.Value,
    args: ir.Value,
    loc: Location,
) -> ir.Value:
    """The OCKL hostcalls of one `vprintf(format_, args)` (i64 generic addresses); its
    result as i32."""
    if source is None:
        raise non_constant_format(loc)
    if source.symbol is None:
        return I32(-1)  # CUDA's printf of a null format prints nothing and returns -1
    module = builder.module
    text = format_text(module, source, loc)
    kinds = parse_format(text, loc)
    b = builder
    begin = declare_intrinsic(module, "__ockl_printf_begin", I64, [I64])
    desc = b.call(begin, [I64(0)], name="printf.begin")
    fmt = b.inttoptr(format_, PTR, name="printf.format")
    length = len(text.encode("latin-1")) + 1
    desc = _append_string(b, desc, fmt, I64(length), last=not kinds)
    # Load every argument first: the buffer is the caller's, read as CUDA's vprintf does.
    buffer = b.inttoptr(args, PTR, name="printf.args") if kinds else None
    words: list[tuple[ArgKind, ir.Value]] = []
    offset = 0
    for k, kind in enumerate(kinds):
        offset = -(-offset // kind.size) * kind.size
        assert buffer is not None
        addr = b.gep(buffer, [I64(offset)], source_etype=I8, inbounds=True)
        if kind is ArgKind.INT:
            value = b.zext(b.load(addr, typ=I32, align=4, name=f"printf.arg{k}"), I64)
        else:
            value = b.load(addr, typ=I64, align=8, name=f"printf.arg{k}")
        words.append((kind, value))
        offset += kind.size
    k = 0
    while k < len(words):
        kind, value = words[k]
        if kind is ArgKind.STRING:
            string = b.inttoptr(value, PTR)
            size = b.call(_strlen(module), [string], name="printf.strlen")
            desc = _append_string(b, desc, string, size, last=k == len(words) - 1)
            k += 1
            continue
        group: list[ir.Value] = []
        while k < len(words) and words[k][0] is not ArgKind.STRING and len(group) < ARGS_PER_CALL:
            group.append(words[k][1])
            k += 1
        append = declare_intrinsic(
            module, "__ockl_printf_append_args", I64, [I64, I32, *[I64] * ARGS_PER_CALL, I32]
        )
        padded = group + [I64(0)] * (ARGS_PER_CALL - len(group))
        last = I32(int(k == len(words)))
        desc = b.call(append, [desc, I32(len(group)), *padded, last], name="printf.append")
    # The final hostcall returns the host's printf result: negative when it failed.
    failed = b.icmp_signed("<", b.trunc(desc, I32), I32(0))
    return b.select(failed, I32(-2), I32(len(kinds)), name="printf.result")


def _append_string(
    b: ir.IRBuilder, desc: ir.Value, string: ir.Value, size: ir.Value, last: bool
) -> ir.Value:
    fn = declare_intrinsic(b.module, "__ockl_printf_append_string_n", I64, [I64, PTR, I64, I32])
    return b.call(fn, [desc, string, size, I32(int(last))], name="printf.append")


def _strlen(module: ir.Module) -> ir.Function:
    """`size_t f(const char *s)`: the bytes of `s` with its NUL, 0 for a null pointer
    (what __ockl_printf_append_string_n takes; it sends "(null)" for that)."""
    fn = module.globals.get(STRLEN)
    if isinstance(fn, ir.Function):
        return fn
    fn = ir.Function(module, ir.FunctionType(I64, [PTR]), name=STRLEN)
    fn.linkage = "internal"
    fn.attributes.add("nounwind")
    (s,) = fn.args
    s.name = "s"
    entry, loop, done = (fn.append_basic_block(n) for n in ("entry", "loop", "done"))
    b = ir.IRBuilder(entry)
    null = b.icmp_unsigned("==", s, ir.Constant(PTR, None), name="null")
    b.cbranch(null, done, loop)
    b.position_at_end(loop)
    i = b.phi(I64, name="i")
    i.add_incoming(I64(0), entry)
    char = b.load(b.gep(s, [i], source_etype=I8, inbounds=True), typ=I8, name="c")
    next_ = b.add(i, I64(1), name="n")
    i.add_incoming(next_, loop)
    b.cbranch(b.icmp_unsigned("==", char, I8(0)), done, loop)
    b.position_at_end(done)
    size = b.phi(I64, name="size")
    size.add_incoming(I64(0), entry)
    size.add_incoming(next_, loop)
    b.ret(size)
    return fn
