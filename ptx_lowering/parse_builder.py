"""Building AST nodes from the reductions of the PTX grammar (ptx.lark), and PTX literals.

`Builder` has one method per rule or alias of the grammar; parser.py calls it with the
rule's children as the LALR parser reduces, so no parse tree is ever built. Terminals
arrive as plain tuples `(type, text, line, column)`; intermediate results that are not AST
nodes are `_Part`s. Methods raise `PtxSyntaxError` for text the grammar accepts but PTX
does not (a fractional register count, `.align 3`, ...).
"""

from __future__ import annotations

import dataclasses
import math
import re
import struct
from collections.abc import Callable
from typing import Any

from cu2amd.errors import Location, PtxSyntaxError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.isa.types import Kind, PtxType, StateSpace, ptx_type

Tok = tuple[str, str, int, int]  # (terminal name, text, line, column)

# Opaque types (PTX ISA 5.3): not in the fundamental type table; they name handles.
_OPAQUE_TYPES = {name: PtxType(name, Kind.BITS, 64) for name in ("texref", "samplerref", "surfref")}
_LINKAGE = frozenset({".visible", ".extern", ".weak", ".common"})
# The most names one `%r<N>` or `L<N>` may declare: far above what compilers emit, low
# enough that expanding the names cannot exhaust memory.
MAX_RANGE = 1 << 22
# The deepest constant expression: deeper trees would overflow Python's stack in the
# passes and the printer, which walk them recursively.
MAX_EXPR_DEPTH = 200
_VECTORS = {"v2": 2, "v4": 4, "v8": 8}


def fast_constructor(cls: type) -> Callable[..., Any]:
    """A constructor for a frozen slots dataclass that stores the fields straight into
    their slots: what the class's generated __init__ does, minus one object.__setattr__
    call per field, which is a third of the cost of building the AST of a large file.
    Takes the same arguments; a class that is not a frozen slots dataclass without
    __post_init__ keeps its own constructor."""
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    if not params.frozen or "__slots__" not in cls.__dict__ or hasattr(cls, "__post_init__"):
        return cls
    fields = dataclasses.fields(cls)
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    args, body = [], []
    for f in fields:
        env[f"_set_{f.name}"] = getattr(cls, f.name).__set__
        if f.default is not dataclasses.MISSING:
            env[f"_default_{f.name}"] = f.default
            args.append(f"{f.name}=_default_{f.name}")
        else:
            assert f.default_factory is dataclasses.MISSING, f"{cls.__name__}.{f.name}"
            args.append(f.name)
        body.append(f"    _set_{f.name}(obj, {f.name})")
    source = "\n".join(
        [f"def new({', '.join(args)}):", "    obj = _new(_cls)", *body, "    return obj"]
    )
    exec(source, env)  # code made from the field names, as dataclasses makes __init__
    return env["new"]  # type: ignore[no-any-return]


_Location = fast_constructor(Location)
_Name = fast_constructor(ast.Name)
_IntImm = fast_constructor(ast.IntImm)
_Address = fast_constructor(ast.Address)
_Instruction = fast_constructor(ast.Instruction)
_Label = fast_constructor(ast.Label)
_Guard = fast_constructor(ast.Guard)
_LocDirective = fast_constructor(ast.LocDirective)
_VarDecl = fast_constructor(ast.VarDecl)
_Declarator = fast_constructor(ast.Declarator)


class _Part:
    """A piece of a construct that is not an AST node: `.align 16`, a parameter list ..."""

    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value: Any) -> None:
        self.kind = kind
        self.value = value


# ---------------------------------------------------------------------------- literals


def parse_int_literal(text: str) -> tuple[int, bool]:
    """PTX integer literal -> (value, has U suffix). A leading 0 means octal (PTX 4.6)."""
    unsigned = text.endswith("U")
    body = text[:-1] if unsigned else text
    low = body.lower()
    if low.startswith("0x"):
        return int(body[2:], 16), unsigned
    if low.startswith("0b"):
        return int(body[2:], 2), unsigned
    if len(body) > 1 and body.startswith("0"):
        return int(body, 8), unsigned
    return int(body, 10), unsigned


def _is_float_literal(text: str) -> bool:
    low = text.lower()
    if low.startswith(("0f", "0d")) and len(text) in (10, 18):
        return True
    return not low.startswith(("0x", "0b")) and ("." in text or "e" in low)


def number(text: str, negative: bool, loc: Location) -> ast.IntImm | ast.FloatImm:
    """The node for a NUMBER token, negated when a '-' precedes it."""
    if text.isdigit() and (text[0] != "0" or len(text) == 1):  # plain decimal: most of them
        value = int(text)
        if value < 1 << 64:
            if negative:
                return _IntImm(-value, "-" + text, loc)
            return _IntImm(value, text, loc)
    shown = "-" + text if negative else text
    low = text.lower()
    if low.startswith("0f") and len(text) == 10:
        bits = int(text[2:], 16)
        value = struct.unpack("<f", struct.pack("<I", bits))[0]
        if negative:
            bits ^= 0x8000_0000
            value = -value
        return ast.FloatImm(value, shown, loc, bits=bits, width=32)
    if low.startswith("0d") and len(text) == 18:
        bits = int(text[2:], 16)
        value = struct.unpack("<d", struct.pack("<Q", bits))[0]
        if negative:
            bits ^= 0x8000_0000_0000_0000
            value = -value
        return ast.FloatImm(value, shown, loc, bits=bits, width=64)
    if _is_float_literal(text):
        value = float(text)
        if math.isinf(value):
            raise PtxSyntaxError(f"floating-point literal '{shown}' is out of range", loc)
        return ast.FloatImm(-value if negative else value, shown, loc)
    try:
        value, unsigned = parse_int_literal(text)
    except ValueError:
        raise PtxSyntaxError(f"malformed integer literal '{shown}'", loc) from None
    if value >= 1 << 64:
        raise PtxSyntaxError(f"integer literal '{shown}' does not fit in 64 bits", loc)
    return ast.IntImm(-value if negative else value, shown, loc, unsigned_suffix=unsigned)


# ----------------------------------------------------------------------------- builder


def _loc_of(node: Any) -> Location:
    return node.loc


def _first_loc(nodes: Any) -> Location | None:
    for node in nodes:
        if hasattr(node, "loc"):
            return node.loc
    return None


_GUARD = re.compile(r"@\s*(!?)\s*(\S+)")
_OPCODE_END = re.compile(r"[^ \t;]*").match
# The pieces of a SIMPLE_REG token (`.reg`, the type, the name, the count), in order.
_REG_PIECES = re.compile(
    r"(?P<KEYWORD>\.reg(?![a-z0-9]))|(?P<DIRECTIVE>\.[a-z0-9]+)"
    r"|(?P<NAME>[A-Za-z_$%][A-Za-z0-9_$]*)|(?P<NUMBER>[0-9]+)"
)

# C's binary operator precedence (PTX ISA 4.6.3, Table 4): higher binds tighter.
_PRECEDENCE = {
    "*": 10, "/": 10, "%": 10,
    "+": 9, "-": 9,
    "<<": 8, ">>": 8,
    "<": 7, ">": 7, "<=": 7, ">=": 7,
    "==": 6, "!=": 6,
    "&": 5,
    "^": 4,
    "|": 3,
    "&&": 2,
    "||": 1,
}  # fmt: skip


class Builder:
    """Builds AST nodes bottom-up as the LALR parser reduces. `file` is set per parse.

    Identifiers and numbers in operand and expression positions reach the builder as raw
    tokens (their grammar rules are unit rules the parser folds without a call);
    `_operand` and `_expr` turn them into nodes where they are used."""

    def __init__(self) -> None:
        self.file = "<input>"
        self._spellings: dict[str, tuple[str, tuple[str, ...]]] = {}
        self._depths: dict[int, int] = {}  # id(expression node) -> its depth, this parse

    def start(self, file: str) -> None:
        """Begin a parse of `file`."""
        self.file = file
        self._depths.clear()

    def _nested(self, node: Any, *children: Any) -> Any:
        """Record the depth of a new expression node; refuse one nested too deeply."""
        depths = self._depths
        depth = 1 + max(depths.get(id(c), 0) for c in children)
        if depth > MAX_EXPR_DEPTH:
            raise PtxSyntaxError(
                f"constant expression nested more than {MAX_EXPR_DEPTH} levels deep", node.loc
            )
        depths[id(node)] = depth
        return node

    def _loc(self, tok: Tok) -> Location:
        return _Location(self.file, tok[2], tok[3])

    def _operand(self, kid: Any) -> Any:
        if type(kid) is not tuple:
            return kid
        typ = kid[0]
        loc = _Location(self.file, kid[2], kid[3])
        if typ == "NAME":
            return _Name(kid[1], loc)
        if typ == "NUMBER":
            return number(kid[1], False, loc)
        if typ == "ADDRESS":
            return self._address_token(kid[1], loc)
        raise AssertionError(f"unexpected token in an operand: {kid!r}")

    _expr = _operand

    def _address_token(self, text: str, loc: Location) -> ast.Address:
        """An ADDRESS token: `[base]` or `[base+off]`, `[base-off]`, `[base+-off]`, the base
        a name or an integer, blanks anywhere (the terminal guarantees this shape)."""
        inner = text[1:-1]
        plus, minus = inner.find("+"), inner.find("-")
        sign = plus if minus < 0 or 0 <= plus < minus else minus
        offset = 0
        if sign >= 0:
            rest = inner[sign + 1 :].strip(" \t")
            negative = (inner[sign] == "-") != rest.startswith("-")
            offset = self._literal_int(rest.lstrip("- \t"), loc)
            if negative:
                offset = -offset
            inner = inner[:sign]
        base = inner.strip(" \t")
        if base[0].isdigit():
            return _Address(None, self._literal_int(base, loc) + offset, loc)
        return _Address(_Name(base, loc), offset, loc)

    def _literal_int(self, text: str, loc: Location) -> int:
        node = number(text, False, loc)
        assert isinstance(node, ast.IntImm)
        return node.value

    def _int(self, tok: Tok, what: str) -> int:
        text = tok[1]
        if text.isdigit() and (text[0] != "0" or len(text) == 1):
            return int(text)
        node = number(text, False, self._loc(tok))
        if not isinstance(node, ast.IntImm):
            raise PtxSyntaxError(f"{what} must be an integer, not '{tok[1]}'", self._loc(tok))
        return node.value

    # -- module level ----------------------------------------------------------------

    def module(self, kids: list[Any]) -> ast.Module:
        version, targets, address_size = "", (), 64
        items: list[ast.ModuleItem] = []
        for item in kids:
            if type(item) is _Part:
                if item.kind == "version":
                    version = item.value
                elif item.kind == "target":
                    targets = item.value
                else:
                    address_size = item.value
            else:
                items.append(item)
        return ast.Module(
            version, targets, address_size, tuple(items), Location(self.file, 1, 1), self.file
        )

    def version(self, kids: list[Tok]) -> _Part:
        return _Part("version", kids[0][1])

    def target(self, kids: list[Tok]) -> _Part:
        return _Part("target", tuple(t[1] for t in kids))

    def address_size(self, kids: list[Tok]) -> _Part:
        value = self._int(kids[0], ".address_size")
        if value not in (32, 64):
            raise PtxSyntaxError(f".address_size must be 32 or 64, not {value}", self._loc(kids[0]))
        return _Part("address_size", value)

    def function(self, kids: list[Any]) -> ast.Function:
        linkage: list[str] = []
        kind_tok: Tok | None = None
        name_tok: Tok | None = None
        returns: tuple[ast.VarDecl, ...] = ()
        params: tuple[ast.VarDecl, ...] = ()
        attributes: tuple[str, ...] = ()
        directives: list[ast.PerfDirective | ast.Pragma] = []
        body: ast.Block | None = None
        for kid in kids:
            if type(kid) is tuple:
                if kid[0] == "NAME":
                    name_tok = kid
                elif kid[1] in _LINKAGE:
                    linkage.append(kid[1][1:])
                else:
                    kind_tok = kid
            elif type(kid) is _Part:
                if kid.kind == "returns":
                    returns = kid.value
                elif kid.kind == "params":
                    params = kid.value
                else:
                    attributes = kid.value
            elif type(kid) is ast.Block:
                body = kid
            else:
                directives.append(kid)
        assert kind_tok is not None and name_tok is not None
        return ast.Function(
            kind=kind_tok[1][1:],
            name=name_tok[1],
            params=params,
            returns=returns,
            directives=tuple(directives),
            body=body,
            loc=self._loc(kids[0]),
            linkage=tuple(linkage),
            attributes=attributes,
        )

    def return_list(self, kids: list[ast.VarDecl]) -> _Part:
        return _Part("returns", tuple(kids))

    def param_list(self, kids: list[ast.VarDecl]) -> _Part:
        return _Part("params", tuple(kids))

    proto_params = param_list

    def param_decl(self, kids: list[Any]) -> ast.VarDecl:
        return self._var_decl([], kids[0], kids[1:-1], kids[-1:])

    def perf_directive(self, kids: list[Tok]) -> ast.PerfDirective:
        tok = kids[0]
        values = tuple(self._int(t, f"the value of '{tok[1]}'") for t in kids[1:])
        return ast.PerfDirective(tok[1][1:], values, self._loc(tok))

    # -- statements ------------------------------------------------------------------

    def body(self, kids: list[Any]) -> ast.Block:
        return ast.Block(tuple(kids[1:-1]), self._loc(kids[0]))

    def statement_list(self, kids: list[Any]) -> tuple[ast.Statement, ...]:
        return tuple(kids)

    def label(self, kids: list[Tok]) -> ast.Label:
        tok = kids[0]
        return _Label(tok[1][:-1].rstrip(), _Location(self.file, tok[2], tok[3]))

    def instruction(self, kids: list[Any]) -> ast.Instruction:
        first = kids[0]
        if type(first) is tuple:
            guard, tok, rest = None, first, kids[1:]
        else:
            guard, tok, rest = first, kids[1], kids[2:]
        to_node = self._operand
        operands = tuple([to_node(k) for k in rest])
        split = self._spellings.get(tok[1]) or self._split(tok[1])
        return _Instruction(
            split[0], split[1], operands, guard, _Location(self.file, tok[2], tok[3])
        )

    def simple_instruction(self, kids: list[Any]) -> ast.Instruction:
        """A SIMPLE_INSTRUCTION token: an opcode, operands that are names, numbers, negative
        numbers or simple addresses, and the `;`. The terminal guarantees that shape, so
        splitting at commas and looking at each operand's first character is enough."""
        if len(kids) == 2:
            guard, tok = kids
        else:
            guard, tok = None, kids[0]
        text, line, col = tok[1], tok[2], tok[3]
        file = self.file
        end = len(text) - 1  # the ';'
        stop = _OPCODE_END(text).end()
        spelling = text[:stop]
        split = self._spellings.get(spelling) or self._split(spelling)
        operands = []
        body = text[stop:end]
        if body.strip(" \t"):  # `ret;` and `ret ;` have none
            at = col + stop  # the column of the current part's first character
            for part in body.split(","):
                word = part.strip(" \t")
                loc = _Location(file, line, at + part.index(word[0]))
                first = word[0]
                if first == "[":
                    operands.append(self._address_token(word, loc))
                elif first == "-":
                    operands.append(number(word[1:].lstrip(" \t"), True, loc))
                elif first.isdigit() or first == ".":
                    operands.append(number(word, False, loc))
                else:
                    operands.append(_Name(word, loc))
                at += len(part) + 1
        return _Instruction(split[0], split[1], tuple(operands), guard, _Location(file, line, col))

    def simple_reg(self, kids: list[Tok]) -> ast.VarDecl:
        """A SIMPLE_REG token, `.reg .TYPE NAME[<N>];`: split into the tokens the grammar's
        rules would see, and built (and checked) by the same methods."""
        tok = kids[0]
        text, line, col = tok[1], tok[2], tok[3]
        parts = []  # (terminal, text, line, column) of each piece
        for m in _REG_PIECES.finditer(text):
            parts.append((m.lastgroup, m.group(), line, col + m.start()))
        space, type_, name = parts[0], parts[1], parts[2]
        declarator = [name]
        if len(parts) == 4:
            declarator.append(self.reg_range([parts[3]]))
        return self._var_decl([], space, [type_], [self.declarator(declarator)])

    def _split(self, spelling: str) -> tuple[str, tuple[str, ...]]:
        """`ld.global.f32` -> ("ld", ("global", "f32")), shared by every use of a spelling."""
        if len(self._spellings) > 50_000:  # distinct spellings are few, but inputs are not ours
            self._spellings.clear()
        opcode, *mods = spelling.split(".")
        split = self._spellings[spelling] = (opcode, tuple(mods))
        return split

    def guard(self, kids: list[Tok]) -> ast.Guard:
        tok = kids[0]
        m = _GUARD.fullmatch(tok[1])
        assert m is not None, tok
        name_col = tok[3] + m.start(2)
        pred = _Name(m[2], _Location(self.file, tok[2], name_col))
        # The guard's location is the predicate's ('!' included), as for a negated operand.
        col = tok[3] + (m.start(1) if m[1] else m.start(2))
        return _Guard(pred, bool(m[1]), _Location(self.file, tok[2], col))

    def pragma(self, kids: list[Tok]) -> ast.Pragma:
        # Children: '.pragma' STRING (',' STRING)* (the rule keeps its punctuation).
        return ast.Pragma(", ".join(t[1] for t in kids[1::2]), self._loc(kids[0]))

    def loc_directive(self, kids: list[Any]) -> ast.LocDirective:
        f, line, col, *attrs = kids
        function_name = None
        inlined_at = None
        for part in attrs:
            if part.kind == "function_name":
                function_name = part.value
            else:
                inlined_at = part.value
        extra = [f"function_name {function_name}"] if function_name is not None else []
        if inlined_at is not None:
            extra.append("inlined_at " + " ".join(str(v) for v in inlined_at))
        return _LocDirective(
            self._int(f, ".loc file"),
            self._int(line, ".loc line"),
            self._int(col, ".loc column"),
            self._loc(f),
            tuple(extra),
            function_name,
            inlined_at,
        )

    def _loc_keyword(self, tok: Tok, expected: str) -> None:
        if tok[1] != expected:
            raise PtxSyntaxError(
                f"unknown .loc attribute '{tok[1]}'; expected '{expected}'", self._loc(tok)
            )

    def loc_function_name(self, kids: list[Tok]) -> _Part:
        self._loc_keyword(kids[0], "function_name")
        value = kids[1][1] + (f"+{kids[2][1]}" if len(kids) == 3 else "")
        return _Part("function_name", value)

    def loc_inlined_at(self, kids: list[Tok]) -> _Part:
        self._loc_keyword(kids[0], "inlined_at")
        values = tuple(self._int(t, "an inlined_at position") for t in kids[1:])
        return _Part("inlined_at", values)

    def target_name(self, kids: list[Any]) -> list[str]:
        name = kids[0][1]
        if len(kids) == 1:
            return [name]
        return [f"{name}{i}" for i in range(kids[1].value)]

    def _targets(self, kids: list[Any], directive: str) -> ast.BranchTargets:
        label = kids[0]
        names = tuple(n for group in kids[1:] for n in group)
        return ast.BranchTargets(label[1][:-1].rstrip(), names, self._loc(label), directive)

    def branch_targets(self, kids: list[Any]) -> ast.BranchTargets:
        return self._targets(kids, "branchtargets")

    def call_targets(self, kids: list[Any]) -> ast.BranchTargets:
        return self._targets(kids, "calltargets")

    def call_prototype(self, kids: list[Any]) -> ast.CallPrototype:
        label = kids[0]
        returns: tuple[ast.VarDecl, ...] = ()
        params: tuple[ast.VarDecl, ...] = ()
        has_params = False
        directives: list[ast.PerfDirective] = []
        seen_name = False
        for kid in kids[1:]:
            if type(kid) is tuple:
                if kid[1] != "_":
                    raise PtxSyntaxError(
                        f"a .callprototype is named '_', not '{kid[1]}'", self._loc(kid)
                    )
                seen_name = True
            elif type(kid) is _Part:
                if seen_name:
                    params, has_params = kid.value, True
                else:
                    returns = kid.value
            else:
                directives.append(kid)
        return ast.CallPrototype(
            label[1][:-1].rstrip(), returns, params, self._loc(label), tuple(directives), has_params
        )

    # -- variables -------------------------------------------------------------------

    def var_decl(self, kids: list[Any]) -> ast.VarDecl:
        i = 0
        while type(kids[i]) is tuple and kids[i][1] in _LINKAGE:
            i += 1
        rest = kids[i + 1 :]
        attrs = [k for k in rest if type(k) is not ast.Declarator]
        decls = [k for k in rest if type(k) is ast.Declarator]
        return self._var_decl(kids[:i], kids[i], attrs, decls)

    def _var_decl(
        self, linkage: list[Tok], space_tok: Tok, attrs: list[Any], decls: list[ast.Declarator]
    ) -> ast.VarDecl:
        loc = self._loc(linkage[0] if linkage else space_tok)
        type_: PtxType | None = None
        vector = None
        align = None
        extra: list[str] = []
        var_attributes: tuple[str, ...] = ()
        for attr in attrs:
            if type(attr) is _Part:
                if attr.kind == "align":
                    align = attr.value
                else:
                    var_attributes += attr.value
                continue
            word = attr[1][1:]
            t = ptx_type(word) or _OPAQUE_TYPES.get(word)
            if t is not None:
                if type_ is not None:
                    raise PtxSyntaxError(
                        f"two types in one declaration: '.{type_.name}' and '{attr[1]}'",
                        self._loc(attr),
                    )
                type_ = t
            elif word in _VECTORS:
                vector = _VECTORS[word]
            else:
                extra.append(word)
        if type_ is None:
            raise PtxSyntaxError(f"declaration in {space_tok[1]} has no type", loc)
        return _VarDecl(
            space=StateSpace(space_tok[1][1:]),
            type=type_,
            declarators=tuple(decls),
            loc=loc,
            linkage=tuple(t[1][1:] for t in linkage),
            vector=vector,
            align=align,
            attributes=tuple(extra),
            var_attributes=var_attributes,
        )

    def align(self, kids: list[Tok]) -> _Part:
        value = self._int(kids[0], ".align")
        if value <= 0 or value & (value - 1):
            raise PtxSyntaxError(f".align must be a power of two, not {value}", self._loc(kids[0]))
        return _Part("align", value)

    def attribute(self, kids: list[str]) -> _Part:
        return _Part("attribute", tuple(kids))

    def attribute_item(self, kids: list[Tok]) -> str:
        name = kids[0][1][1:]
        if len(kids) == 1:
            return name
        return f"{name}({', '.join(t[1] for t in kids[1:])})"

    def declarator(self, kids: list[Any]) -> ast.Declarator:
        name = kids[0]
        count = None
        dims: list[int | None] = []
        init = None
        for kid in kids[1:]:
            if type(kid) is _Part:
                if kid.kind == "range":
                    count = kid.value
                else:
                    dims.append(kid.value)
            else:
                init = kid
        return _Declarator(name[1], self._loc(name), count, tuple(dims), init)

    def reg_range(self, kids: list[Tok]) -> _Part:
        count = self._int(kids[0], "a register range")
        if count > MAX_RANGE:
            raise PtxSyntaxError(
                f"a range of {count} names is more than cu2amd handles ({MAX_RANGE})",
                self._loc(kids[0]),
            )
        return _Part("range", count)

    def array_dim(self, kids: list[Tok]) -> _Part:
        if not kids:
            return _Part("dim", None)
        return _Part("dim", self._int(kids[0], "an array size"))

    def initializer(self, kids: list[Any]) -> ast.Initializer:
        return self._expr(kids[0])

    def init_list(self, kids: list[Any]) -> ast.InitList:
        # Children: '{' value ',' value ... '}' (the rule keeps its punctuation).
        to_node = self._expr
        items = tuple([to_node(k) for k in kids[1:-1:2]])
        return ast.InitList(items, self._loc(kids[0]))

    # -- constant expressions ----------------------------------------------------------

    def generic_address(self, kids: list[Tok]) -> ast.GenericAddress:
        return ast.GenericAddress(kids[1][1], self._loc(kids[0]))

    def mask(self, kids: list[Any]) -> ast.MaskExpr:
        mask = number(kids[0][1], False, self._loc(kids[0]))
        if not isinstance(mask, ast.IntImm):
            raise PtxSyntaxError(f"a byte mask must be an integer, not '{mask.text}'", mask.loc)
        operand = self._expr(kids[1])
        return self._nested(ast.MaskExpr(mask, operand, mask.loc), operand)

    def expr_chain(self, kids: list[Any]) -> ast.ConstExpr:
        """`a op b op c ...` -> a tree by C's precedence, left-associative (precedence
        climbing over the flat list of operands and operator tokens)."""
        operands = [self._expr(k) for k in kids[0::2]]
        ops = [k[1] for k in kids[1::2]]
        pos = 0

        def climb(min_prec: int) -> ast.ConstExpr:
            nonlocal pos
            left = operands[pos]  # ops[pos] is the operator after operands[pos]
            while pos < len(ops) and _PRECEDENCE[ops[pos]] >= min_prec:
                op = ops[pos]
                pos += 1
                right = climb(_PRECEDENCE[op] + 1)
                left = self._nested(ast.BinaryExpr(op, left, right, left.loc), left, right)
            return left

        return climb(0)

    def unary(self, kids: list[Any]) -> ast.ConstExpr:
        op, operand = kids[0], self._expr(kids[1])
        loc = self._loc(op)
        literal = type(operand) in (ast.IntImm, ast.FloatImm)
        if op[1] == "-" and literal and not operand.text.startswith("-"):
            return number(operand.text, True, loc)
        return self._nested(ast.UnaryExpr(op[1], operand, loc), operand)

    def cast(self, kids: list[Any]) -> ast.CastExpr:
        operand = self._expr(kids[1])
        return self._nested(ast.CastExpr(kids[0][1][1:], operand, self._loc(kids[0])), operand)

    def conditional(self, kids: list[Any]) -> ast.ConditionalExpr:
        cond, then, otherwise = (self._expr(k) for k in kids)
        node = ast.ConditionalExpr(cond, then, otherwise, cond.loc)
        return self._nested(node, cond, then, otherwise)

    # -- operands --------------------------------------------------------------------

    def operand_only(self, kids: list[Any]) -> ast.Operand:
        return self._operand(kids[0])

    def negative_number(self, kids: list[Tok]) -> ast.IntImm | ast.FloatImm:
        return number(kids[1][1], True, self._loc(kids[0]))

    def address(self, kids: list[Any]) -> ast.Address:
        base = kids[0]  # a token, or a node for `[-16]`
        if type(base) is tuple and base[0] == "ADDRESS":
            return self._address_token(base[1], self._loc(base))
        offset = kids[1] if len(kids) == 2 else 0
        if type(base) is tuple and base[0] == "NAME":
            loc = self._loc(base)
            return ast.Address(ast.Name(base[1], loc), offset, loc)
        start = self._operand(base)
        if not isinstance(start, ast.IntImm):
            raise PtxSyntaxError("an absolute address must be an integer", start.loc)
        return ast.Address(None, start.value + offset, start.loc)

    def address_list(self, kids: list[Any]) -> ast.AddressList:
        base = kids[0]
        loc = self._loc(base)
        items = tuple([self._operand(k) for k in kids[1:]])
        return ast.AddressList(ast.Name(base[1], loc), items, loc)

    def offset(self, kids: list[Any]) -> int:
        sign, num = kids[0], self._operand(kids[1])
        if not isinstance(num, ast.IntImm):
            raise PtxSyntaxError("an address offset must be an integer", num.loc)
        return -num.value if sign[1] == "-" else num.value

    def vector_op(self, kids: list[Any]) -> ast.VectorOp:
        elements = tuple([self._operand(k) for k in kids])
        return ast.VectorOp(elements, _loc_of(elements[0]))

    def vector_pair(self, kids: list[Any]) -> ast.Pair:
        *elements, second = kids
        vector = self.vector_op(elements)
        return ast.Pair(vector, ast.Name(second[1], self._loc(second)), vector.loc)

    def negated(self, kids: list[Tok]) -> ast.Negated:
        bang, name = kids
        return ast.Negated(ast.Name(name[1], self._loc(name)), self._loc(bang))

    def minus(self, kids: list[Tok]) -> ast.Minus:
        (name,) = kids  # the "-" is filtered out: the register's location stands for both
        loc = self._loc(name)
        return ast.Minus(ast.Name(name[1], loc), loc)

    def pair(self, kids: list[Tok]) -> ast.Pair:
        a, b = kids
        loc = self._loc(a)
        return ast.Pair(ast.Name(a[1], loc), ast.Name(b[1], self._loc(b)), loc)

    def paren_list(self, kids: list[Any]) -> ast.ParenList:
        items = tuple([self._operand(k) for k in kids])
        return ast.ParenList(items, _first_loc(items) or Location(self.file, 1, 1))

    def symbol_offset(self, kids: list[Any]) -> ast.SymbolOffset:
        sym, offset = kids
        loc = self._loc(sym)
        return ast.SymbolOffset(ast.Name(sym[1], loc), offset, loc)

    def array_element(self, kids: list[Any]) -> ast.ArrayElement:
        array, index = kids
        loc = self._loc(array)
        return ast.ArrayElement(ast.Name(array[1], loc), self._operand(index), loc)

    # -- debug info and sections -----------------------------------------------------

    def file_directive(self, kids: list[Tok]) -> ast.FileDirective:
        index, path, *extra = kids
        return ast.FileDirective(
            self._int(index, ".file index"),
            _unquote(path[1]),
            self._loc(index),
            tuple(e[1] for e in extra),
        )

    def section(self, kids: list[Any]) -> ast.Section:
        name = kids[0]
        items = tuple(kids[1:])
        return ast.Section(name[1], section_text(items), self._loc(name), items)

    def section_label(self, kids: list[Tok]) -> ast.SectionLabel:
        tok = kids[0]
        return ast.SectionLabel(tok[1][:-1].rstrip(), self._loc(tok))

    def section_data(self, kids: list[Any]) -> ast.SectionData:
        tok = kids[0]
        return ast.SectionData(tok[1][1:], tuple(kids[1:]), self._loc(tok))

    def section_value(self, kids: list[Tok]) -> str:
        return "".join(t[1] for t in kids)

    def alias(self, kids: list[Tok]) -> ast.Alias:
        a, b = kids
        return ast.Alias(a[1], b[1], self._loc(a))


def section_text(items: tuple[ast.SectionItem, ...]) -> str:
    """The canonical text of a section body: `{`, one item per line, `}`."""
    lines = ["{"]
    for item in items:
        if isinstance(item, ast.SectionLabel):
            lines.append(f"{item.name}:")
        else:
            lines.append(f"\t.{item.directive} {', '.join(item.values)}")
    lines.append("}")
    return "\n".join(lines)


_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", '"': '"'}
_ESCAPE_RE = re.compile(r"\\(.)")


def _unquote(text: str) -> str:
    """The contents of a STRING token, with C's simple escapes resolved."""
    return _ESCAPE_RE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), text[1:-1])
