"""The PTX abstract syntax tree: frozen dataclasses, each carrying its source `Location`.

An instruction keeps its fixed attributes (what decoding against the form tables found:
type, rounding, state space ...) apart from its operands, which passes may rewrite.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cu2amd.errors import Location
from cu2amd.ptx_lowering.isa.types import PtxType, StateSpace

if TYPE_CHECKING:
    from cu2amd.ptx_lowering.isa.forms import Decoded

# ---------------------------------------------------------------------------- operands


@dataclass(frozen=True, slots=True)
class Name:
    """An identifier used as an operand: register, special register, variable or label."""

    name: str
    loc: Location


@dataclass(frozen=True, slots=True)
class IntImm:
    value: int  # the literal's value; a leading '-' is applied
    text: str
    loc: Location
    unsigned_suffix: bool = False


@dataclass(frozen=True, slots=True)
class FloatImm:
    """A float literal. Hex forms (0fXXXXXXXX, 0dXXXXXXXXXXXXXXXX) keep their exact bits."""

    value: float
    text: str
    loc: Location
    bits: int | None = None  # raw bits for hex literals
    width: int | None = None  # 32 for 0f, 64 for 0d, None for decimal literals


@dataclass(frozen=True, slots=True)
class Address:
    """`[base]`, `[base+off]`, `[base+-off]`, `[imm]`."""

    base: Name | None
    offset: int
    loc: Location


@dataclass(frozen=True, slots=True)
class VectorOp:
    """`{%a, %b, ...}`."""

    elements: tuple[Operand, ...]
    loc: Location


@dataclass(frozen=True, slots=True)
class Negated:
    """`!%p`: a negated predicate source."""

    operand: Name
    loc: Location


@dataclass(frozen=True, slots=True)
class Minus:
    """`-%r`: a negated register source (vmad's operands, PTX ISA 9.7.18.1.3)."""

    operand: Name
    loc: Location


@dataclass(frozen=True, slots=True)
class Pair:
    """`%p|%q`: the two destinations of setp and friends; `{%f1, %f2}|%p` (tex, suld)."""

    first: Name | VectorOp
    second: Name
    loc: Location


@dataclass(frozen=True, slots=True)
class ParenList:
    """`(a, b, c)`: argument and return lists of `call`."""

    items: tuple[Operand, ...]
    loc: Location


@dataclass(frozen=True, slots=True)
class AddressList:
    """`[tex, {%f1, %f2}]`, `[tex, smp, {..}]`, `[tmap, {%r1, %r2}]`: texture, surface and
    tensor-map addressing (PTX ISA 9.7.9, 9.7.10, cp.async.bulk.tensor)."""

    base: Name
    items: tuple[Operand, ...]
    loc: Location


@dataclass(frozen=True, slots=True)
class SymbolOffset:
    """`sym+20`, `sym-4`: the address of a variable plus a constant (mov, array indices)."""

    symbol: Name
    offset: int
    loc: Location


@dataclass(frozen=True, slots=True)
class ArrayElement:
    """`arr[5]`, `arr[%r1]`, `arr[%r1+4]` (PTX ISA 6.4.2 "Arrays as Operands")."""

    array: Name
    index: IntImm | Name | SymbolOffset
    loc: Location


Operand = (
    Name
    | IntImm
    | FloatImm
    | Address
    | VectorOp
    | Negated
    | Minus
    | Pair
    | ParenList
    | AddressList
    | SymbolOffset
    | ArrayElement
)

SINK = "_"

# -------------------------------------------------------------------------- statements


@dataclass(frozen=True, slots=True)
class Guard:
    predicate: Name
    negated: bool
    loc: Location


@dataclass(frozen=True, slots=True)
class Instruction:
    opcode: str  # "ld"
    modifiers: tuple[str, ...]  # ("global", "nc", "f32"), in source order, no dots
    operands: tuple[Operand, ...]
    guard: Guard | None
    loc: Location
    decoded: Decoded | None = None  # set by the decode pass

    @property
    def spelling(self) -> str:
        """The opcode as written: `ld.global.nc.f32`."""
        return ".".join((self.opcode, *self.modifiers))


@dataclass(frozen=True, slots=True)
class Label:
    name: str
    loc: Location


@dataclass(frozen=True, slots=True)
class Declarator:
    """One name in a variable declaration: `%r<8>`, `buf[256]`, `x = 5`."""

    name: str
    loc: Location
    range_count: int | None = None  # %r<N> declares %r0 .. %r(N-1)
    dims: tuple[int | None, ...] = ()  # [] is None: size from the initializer / extern
    initializer: Initializer | None = None

    def names(self) -> tuple[str, ...]:
        if self.range_count is None:
            return (self.name,)
        return tuple(f"{self.name}{i}" for i in range(self.range_count))


@dataclass(frozen=True, slots=True)
class InitList:
    items: tuple[Initializer, ...]
    loc: Location


@dataclass(frozen=True, slots=True)
class GenericAddress:
    """`generic(sym)` in an initializer: the generic address of a variable."""

    symbol: str
    loc: Location


@dataclass(frozen=True, slots=True)
class BinaryExpr:
    """`a + b`, `generic(x)+8`, `1 << 4` ... in a constant expression (PTX ISA 4.6.3)."""

    op: str  # "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "==", ...
    left: ConstExpr
    right: ConstExpr
    loc: Location


@dataclass(frozen=True, slots=True)
class UnaryExpr:
    """`-x`, `+x`, `!x`, `~x` (a minus before a literal is folded into the literal)."""

    op: str
    operand: ConstExpr
    loc: Location


@dataclass(frozen=True, slots=True)
class CastExpr:
    """`(.s64) x`, `(.u64) x`."""

    type_name: str  # "s64" or "u64"
    operand: ConstExpr
    loc: Location


@dataclass(frozen=True, slots=True)
class ConditionalExpr:
    """`c ? a : b`."""

    cond: ConstExpr
    then: ConstExpr
    otherwise: ConstExpr
    loc: Location


@dataclass(frozen=True, slots=True)
class MaskExpr:
    """`0xFF00(generic(sym))`: one byte of an address (PTX ISA 5.4.4, .u8 initializers)."""

    mask: IntImm
    operand: ConstExpr
    loc: Location


ConstExpr = (
    IntImm
    | FloatImm
    | Name
    | GenericAddress
    | BinaryExpr
    | UnaryExpr
    | CastExpr
    | ConditionalExpr
    | MaskExpr
)

Initializer = ConstExpr | InitList


@dataclass(frozen=True, slots=True)
class VarDecl:
    space: StateSpace
    type: PtxType
    declarators: tuple[Declarator, ...]
    loc: Location
    linkage: tuple[str, ...] = ()  # visible / extern / weak / common
    vector: int | None = None  # .v2 / .v4 / .v8
    align: int | None = None
    attributes: tuple[str, ...] = ()  # .ptr, .global (of .ptr), ...: bare directives
    var_attributes: tuple[str, ...] = ()  # `.attribute(.managed)` -> ("managed",)


@dataclass(frozen=True, slots=True)
class Pragma:
    text: str
    loc: Location


@dataclass(frozen=True, slots=True)
class LocDirective:
    """`.loc file line col [, function_name sym[+imm], inlined_at file line col]`: debug
    line info for the following instructions (PTX ISA 11.5.4)."""

    file_index: int
    line: int
    col: int
    loc: Location
    extra: tuple[str, ...] = ()  # the attributes as written: "function_name $L__info_string0"
    function_name: str | None = None  # "$L__info_string0", ".debug_str+16"
    inlined_at: tuple[int, int, int] | None = None  # (file, line, col)


@dataclass(frozen=True, slots=True)
class BranchTargets:
    """`label: .branchtargets L1, L2, ...;` used by brx.idx; with directive "calltargets",
    `label: .calltargets f, g;` used by indirect calls. `N<3>` is expanded to N0, N1, N2."""

    name: str
    targets: tuple[str, ...]
    loc: Location
    directive: str = "branchtargets"


@dataclass(frozen=True, slots=True)
class CallPrototype:
    """`name: .callprototype (.param .b32 _) _ (.param .b32 _, ...);`."""

    name: str
    returns: tuple[VarDecl, ...]
    params: tuple[VarDecl, ...]
    loc: Location
    directives: tuple[PerfDirective, ...] = ()  # .noreturn, .abi_preserve N
    has_params: bool = True  # `_ ()` rather than a bare `_`


@dataclass(frozen=True, slots=True)
class Block:
    statements: tuple[Statement, ...]
    loc: Location


Statement = (
    Instruction | Label | VarDecl | Pragma | LocDirective | BranchTargets | CallPrototype | Block
)

# ----------------------------------------------------------------------------- module


@dataclass(frozen=True, slots=True)
class PerfDirective:
    """`.maxntid 256,1,1`, `.reqntid`, `.minnctapersm`, `.maxnreg`, `.noreturn`, ..."""

    name: str  # without the dot
    values: tuple[int, ...]
    loc: Location


@dataclass(frozen=True, slots=True)
class Function:
    kind: str  # "entry" or "func"
    name: str
    params: tuple[VarDecl, ...]
    returns: tuple[VarDecl, ...]
    directives: tuple[PerfDirective | Pragma, ...]
    body: Block | None  # None for a declaration (prototype)
    loc: Location
    linkage: tuple[str, ...] = ()
    attributes: tuple[str, ...] = ()  # `.func .attribute(.unified(1, 2))` -> ("unified(1, 2)",)

    @property
    def is_kernel(self) -> bool:
        return self.kind == "entry"

    def directive(self, name: str) -> PerfDirective | None:
        for d in self.directives:
            if isinstance(d, PerfDirective) and d.name == name:
                return d
        return None


@dataclass(frozen=True, slots=True)
class FileDirective:
    index: int
    path: str
    loc: Location
    extra: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SectionLabel:
    name: str
    loc: Location


@dataclass(frozen=True, slots=True)
class SectionData:
    """`.b32 1, 2`, `.b64 $L__func_begin0`, `.b32 .debug_abbrev`, `.b32 a-b`, `.b64 a+8`."""

    directive: str  # "b8", "b16", "b32", "b64"
    values: tuple[str, ...]  # as written, without spaces
    loc: Location


SectionItem = SectionLabel | SectionData


@dataclass(frozen=True, slots=True)
class Section:
    """A `.section` of DWARF data (PTX ISA 11.5.2): only passed through. `text` is the body
    in canonical form (braces included, comments dropped)."""

    name: str
    text: str
    loc: Location
    items: tuple[SectionItem, ...] = ()


@dataclass(frozen=True, slots=True)
class Alias:
    alias: str
    target: str
    loc: Location


ModuleItem = Function | VarDecl | FileDirective | Section | Alias | Pragma


@dataclass(frozen=True, slots=True)
class Module:
    version: str  # "7.8"
    targets: tuple[str, ...]  # ("sm_80",) plus options such as "debug"
    address_size: int
    items: tuple[ModuleItem, ...]
    loc: Location
    file: str = field(default="<input>")

    @property
    def functions(self) -> tuple[Function, ...]:
        return tuple(i for i in self.items if isinstance(i, Function))

    @property
    def kernels(self) -> tuple[Function, ...]:
        return tuple(f for f in self.functions if f.is_kernel)
