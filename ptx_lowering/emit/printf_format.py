"""What a device printf's format is: found on the PTX as a constant, and read.

The format's constant is found on the PTX (format_sources, for one function): the call's
format operand, through the `st.param` of the call sequence, `mov`, `cvta` and `add` of an
immediate, to a variable's address (format_text reads its initializer). A register is
followed to its last definition in the same straight-line code, else to its only
definition in the function. Its conversion specifications (C11 7.21.6.1) give the
arguments CUDA's buffer holds: parse_conversions. `%n`, `%L` (long double) and wide
`%lc`/`%ls` have no device representation and are errors.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from llvmlite import ir

from cu2amd.errors import Location, UnsupportedError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.irutil import llvm_name
from cu2amd.ptx_lowering.isa.types import StateSpace

I8 = ir.IntType(8)
FIT = "%*.0d%s%*.0d"  # what a %s with a width or precision is sent as (printf_amdgpu.py)


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


@dataclass(frozen=True, slots=True)
class Conversion:
    """One conversion specification of a format (C11 7.21.6.1)."""

    spec: str  # as written, from '%' to the conversion character
    start: int  # where it starts in the format
    conv: str  # the conversion character
    left: bool  # the '-' flag
    width: int | None  # a width in digits
    precision: int | None  # a precision in digits ("." alone is 0)
    star_width: bool  # `*`: the width is an int argument before the converted one
    star_precision: bool
    kind: ArgKind  # the converted argument's

    @property
    def kinds(self) -> tuple[ArgKind, ...]:
        return (ArgKind.INT,) * (self.star_width + self.star_precision) + (self.kind,)

    @property
    def fits_string(self) -> bool:
        """A %s with a width or precision (which the device applies, see emit_printf)."""
        sized = self.star_width or self.star_precision
        return self.conv == "s" and (sized or self.width is not None or self.precision is not None)


def parse_format(text: str, loc: Location) -> tuple[ArgKind, ...]:
    """The arguments a printf format consumes, in order."""
    return tuple(kind for c in parse_conversions(text, loc) for kind in c.kinds)


def parse_conversions(text: str, loc: Location) -> tuple[Conversion, ...]:
    """The conversion specifications of a printf format, in order (`%%` is none)."""
    found: list[Conversion] = []
    i, n = 0, len(text)
    while True:
        i = text.find("%", i)
        if i < 0:
            return tuple(found)
        start = i
        i += 1
        if i < n and text[i] == "%":
            i += 1
            continue
        flags_start = i
        while i < n and text[i] in _FLAGS:
            i += 1
        left = "-" in text[flags_start:i]
        sizes: list[int | None] = [None, None]
        stars = [False, False]
        for part in (0, 1):
            if part == 1:
                if i >= n or text[i] != ".":
                    break
                i += 1
                sizes[1] = 0
            if i < n and text[i] == "*":
                stars[part] = True
                sizes[part] = None
                i += 1
            else:
                digits = i
                while i < n and text[i].isdigit():
                    i += 1
                if i > digits:
                    sizes[part] = int(text[digits:i])
        length = next((m for m in _LENGTHS if text.startswith(m, i)), "")
        i += len(length)
        if i >= n:
            raise _bad_format(f"the conversion '{text[start:]}' is incomplete", text, loc)
        conv = text[i]
        i += 1
        spec = text[start:i]
        kind = _kind(spec, conv, length, text, loc)
        found.append(Conversion(spec, start, conv, left, sizes[0], sizes[1], stars[0],
                                stars[1], kind))  # fmt: skip


def _kind(spec: str, conv: str, length: str, text: str, loc: Location) -> ArgKind:
    """What a conversion's argument is, by its conversion and length modifier."""
    if conv in _INTEGER:
        if conv == "c" and length == "l":
            raise _bad_format(f"'{spec}' (a wide character) is not supported", text, loc)
        if length == "L":
            raise _bad_format(f"'{spec}': L applies to floating conversions", text, loc)
        return ArgKind.LONG if length in ("l", "ll", "j", "z", "t") else ArgKind.INT
    if conv in _FLOATING:
        if length == "L":
            raise _bad_format(
                f"'{spec}' (long double) is not supported: device code has no long double",
                text,
                loc,
            )
        return ArgKind.DOUBLE
    if conv == "s":
        if length == "l":
            raise _bad_format(f"'{spec}' (a wide string) is not supported", text, loc)
        return ArgKind.STRING
    if conv == "p":
        return ArgKind.POINTER
    if conv == "n":
        raise _bad_format(f"'{spec}' is not supported (CUDA's printf has no %n)", text, loc)
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


def host_format(text: str, conversions: tuple[Conversion, ...]) -> str:
    """The format the host gets: `text` with each %s that has a width or precision
    replaced by FIT."""
    parts = []
    end = 0
    for c in conversions:
        if c.fits_string:
            parts += [text[end : c.start], FIT]
            end = c.start + len(c.spec)
    return "".join(parts) + text[end:]
