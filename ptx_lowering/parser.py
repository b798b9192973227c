"""PTX text -> AST: the lark LALR parser (ptx.lark) and the transformer that builds ast nodes.

The transformer runs inside the LALR parser (no parse tree is built), which keeps parsing
linear. Lark's exceptions become `PtxSyntaxError`s at the offending token.
"""

from __future__ import annotations

import functools
import math
import struct
import threading
from importlib import resources
from typing import Any

import lark
from lark import Token, Transformer

from cu2amd.errors import Location, PtxSyntaxError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.isa.types import StateSpace, ptx_type


def parse_module(text: str, file: str = "<input>") -> ast.Module:
    """Parse a whole PTX module."""
    return _parse(text, file, "module")


def parse_statements(text: str, file: str = "<input>") -> tuple[ast.Statement, ...]:
    """Parse the contents of a function body (inline asm, tests)."""
    return _parse(text, file, "statement_list")


def parse_operand(text: str, file: str = "<input>") -> ast.Operand:
    return _parse(text, file, "operand_only")


class _Parsers:
    """One LALR parser per start rule, sharing one transformer whose file name is set per
    parse (under a lock: the transformer is not reentrant)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.builder = _Builder()
        grammar = resources.files("cu2amd.ptx_lowering").joinpath("ptx.lark").read_text()
        self.parsers = {
            start: lark.Lark(
                grammar,
                parser="lalr",
                lexer="contextual",
                start=start,
                maybe_placeholders=True,
                transformer=self.builder,
            )
            for start in ("module", "statement_list", "operand_only")
        }


@functools.cache
def _parsers() -> _Parsers:
    return _Parsers()


def _parse(text: str, file: str, start: str) -> Any:
    parsers = _parsers()
    with parsers.lock:
        parsers.builder.file = file
        try:
            return parsers.parsers[start].parse(text)
        except lark.exceptions.UnexpectedInput as err:
            raise _syntax_error(err, text, file) from None
        except lark.exceptions.VisitError as err:
            if isinstance(err.orig_exc, PtxSyntaxError):
                raise err.orig_exc from None
            raise
        except PtxSyntaxError:
            raise


# ------------------------------------------------------------------------- diagnostics

_TOKEN_NAMES = {
    "OPCODE": "an instruction",
    "NAME": "a name",
    "NUMBER": "a number",
    "LABEL": "a label",
    "DIRECTIVE": "a directive",
    "STRING": "a string",
    "SECTION_BODY": "'{'",
    "$END": "end of input",
}


def _describe_expected(names: set[str]) -> str:
    described: set[str] = set()
    for name in names:
        if name in _TOKEN_NAMES:
            described.add(_TOKEN_NAMES[name])
            continue
        pattern = _terminal_text(name)
        described.add(f"'{pattern}'" if pattern else name.lower())
    items = sorted(described)
    if len(items) > 8:
        items = [*items[:8], "..."]
    return ", ".join(items)


@functools.cache
def _terminal_patterns() -> dict[str, str]:
    parsers = _parsers()
    patterns: dict[str, str] = {}
    for parser in parsers.parsers.values():
        for term in parser.terminals:
            if isinstance(term.pattern, lark.lexer.PatternStr):
                patterns[term.name] = term.pattern.value
    return patterns


def _terminal_text(name: str) -> str | None:
    return _terminal_patterns().get(name)


def _syntax_error(err: lark.exceptions.UnexpectedInput, text: str, file: str) -> PtxSyntaxError:
    line = getattr(err, "line", None)
    col = getattr(err, "column", None)
    at_end = isinstance(err, lark.exceptions.UnexpectedToken) and err.token.type == "$END"
    if at_end or not isinstance(line, int) or line < 1:  # just after the last character
        lines = text.splitlines() or [""]
        line, col = len(lines), len(lines[-1]) + 1
    loc = Location(file, line, col if isinstance(col, int) and col > 0 else 1)
    if isinstance(err, lark.exceptions.UnexpectedToken):
        tok = err.token
        # `accepts` is exact for the parser state; `expected` over-approximates (LALR).
        expected = set(getattr(err, "accepts", None) or err.expected)
        if "SEMICOLON" in expected and tok.type != "$END":
            missing = _missing_semicolon(text, tok, file)
            if missing is not None:
                return missing
        found = "end of input" if tok.type == "$END" else f"'{tok.value}'"
        return PtxSyntaxError(f"unexpected {found}; expected {_describe_expected(expected)}", loc)
    if isinstance(err, lark.exceptions.UnexpectedCharacters):
        pos = err.pos_in_stream
        char = text[pos] if pos is not None and pos < len(text) else ""
        return PtxSyntaxError(f"unexpected character '{char}'", loc)
    return PtxSyntaxError("unexpected end of input", loc)


def _missing_semicolon(text: str, tok: Token, file: str) -> PtxSyntaxError | None:
    """A token on a later line than the statement it would continue: the statement most
    likely lacks its ';'. Point just after the statement's last character."""
    start = tok.start_pos
    if start is None:
        return None
    before = text[:start].rstrip()
    if "\n" not in text[len(before) : start]:
        return None
    line = before.count("\n") + 1
    col = len(before) - (before.rfind("\n") + 1) + 1
    return PtxSyntaxError("expected ';' after this statement", Location(file, line, col))


# ---------------------------------------------------------------------------- literals


def parse_int_literal(text: str) -> tuple[int, bool]:
    """PTX integer literal -> (value, has U suffix). A leading 0 means octal (PTX 4.5.1)."""
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


def _number(tok: Token, negative: bool, loc: Location) -> ast.IntImm | ast.FloatImm:
    text = str(tok)
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


# ------------------------------------------------------------------------- transformer


def _is(obj: object, *kinds: type) -> bool:
    return isinstance(obj, kinds)


class _Builder(Transformer):
    """Builds ast nodes bottom-up as the LALR parser reduces."""

    def __init__(self) -> None:
        super().__init__()
        self.file = "<input>"

    def _loc(self, tok: Token) -> Location:
        return Location(self.file, tok.line or 1, tok.column or 1)

    def _int(self, tok: Token, what: str) -> int:
        node = _number(tok, False, self._loc(tok))
        if not isinstance(node, ast.IntImm):
            raise PtxSyntaxError(f"{what} must be an integer, not '{tok}'", self._loc(tok))
        return node.value

    # -- module level ----------------------------------------------------------------

    def module(self, items: list[Any]) -> ast.Module:
        version, targets, address_size = "", (), 64
        rest: list[ast.ModuleItem] = []
        loc = Location(self.file, 1, 1)
        for item in items:
            if isinstance(item, tuple) and item and item[0] == "version":
                version = item[1]
            elif isinstance(item, tuple) and item and item[0] == "target":
                targets = item[1]
            elif isinstance(item, tuple) and item and item[0] == "address_size":
                address_size = item[1]
            else:
                rest.append(item)
        return ast.Module(version, targets, address_size, tuple(rest), loc, self.file)

    def version(self, children: list[Token]) -> tuple[str, str]:
        return ("version", str(children[0]))

    def target(self, children: list[Token]) -> tuple[str, tuple[str, ...]]:
        return ("target", tuple(str(c) for c in children))

    def address_size(self, children: list[Token]) -> tuple[str, int]:
        return ("address_size", self._int(children[0], ".address_size"))

    def linkage(self, children: list[Token]) -> Token:
        return children[0]

    def func_kind(self, children: list[Token]) -> Token:
        return children[0]

    def state_space(self, children: list[Token]) -> Token:
        return children[0]

    def function(self, children: list[Any]) -> ast.Function:
        linkage: list[str] = []
        kind_tok: Token | None = None
        returns: tuple[ast.VarDecl, ...] = ()
        params: tuple[ast.VarDecl, ...] = ()
        name: Token | None = None
        directives: list[ast.PerfDirective | ast.Pragma] = []
        body: ast.Block | None = None
        for child in children:
            if isinstance(child, Token) and child.value in (".entry", ".func"):
                kind_tok = child
            elif isinstance(child, Token) and child.type == "NAME":
                name = child
            elif isinstance(child, Token) and child.value.startswith("."):
                linkage.append(child.value[1:])
            elif isinstance(child, tuple) and child and child[0] == "returns":
                returns = child[1]
            elif isinstance(child, tuple) and child and child[0] == "params":
                params = child[1]
            elif _is(child, ast.PerfDirective, ast.Pragma):
                directives.append(child)
            elif isinstance(child, ast.Block):
                body = child
        assert kind_tok is not None and name is not None
        return ast.Function(
            kind=kind_tok.value[1:],
            name=str(name),
            params=params,
            returns=returns,
            directives=tuple(directives),
            body=body,
            loc=self._loc(kind_tok if not linkage else children[0]),
            linkage=tuple(linkage),
        )

    def return_list(self, children: list[ast.VarDecl]) -> tuple[str, tuple[ast.VarDecl, ...]]:
        return ("returns", tuple(children))

    def param_list(self, children: list[Any]) -> tuple[str, tuple[ast.VarDecl, ...]]:
        return ("params", tuple(c for c in children if c is not None))

    def proto_params(self, children: list[Any]) -> tuple[ast.VarDecl, ...]:
        return tuple(c for c in children if c is not None)

    def param_decl(self, children: list[Any]) -> ast.VarDecl:
        return self._var_decl([], children[0], children[1:-1], [children[-1]])

    def perf_directive(self, children: list[Any]) -> ast.PerfDirective:
        tok, numbers = children
        values = tuple(numbers) if numbers else ()
        return ast.PerfDirective(tok.value[1:], values, self._loc(tok))

    def number_list(self, children: list[Token]) -> list[int]:
        return [self._int(c, "a directive's value") for c in children]

    # -- statements ------------------------------------------------------------------

    def body(self, children: list[Any]) -> ast.Block:
        stmts = self.statement_list(children)
        loc = _first_loc(stmts) or Location(self.file, 1, 1)
        return ast.Block(stmts, loc)

    def statement_list(self, children: list[Any]) -> tuple[ast.Statement, ...]:
        return tuple(self._label(c) if isinstance(c, Token) else c for c in children)

    def _label(self, tok: Token) -> ast.Label:
        return ast.Label(tok.value.rstrip(": \t"), self._loc(tok))

    def instruction(self, children: list[Any]) -> ast.Instruction:
        guard = children[0] if isinstance(children[0], ast.Guard) else None
        rest = children[1:] if guard is not None else children
        opcode_tok = rest[0]
        operands = tuple(op for op in rest[1:] if op is not None)
        opcode, *mods = opcode_tok.value.split(".")
        loc = self._loc(opcode_tok)
        return ast.Instruction(opcode, tuple(mods), operands, guard, loc)

    def guard(self, children: list[Token]) -> ast.Guard:
        negated = len(children) == 2
        pred = children[-1]
        return ast.Guard(ast.Name(str(pred), self._loc(pred)), negated, self._loc(children[0]))

    def pragma(self, children: list[Token]) -> ast.Pragma:
        text = ", ".join(str(c) for c in children)
        return ast.Pragma(text, self._loc(children[0]))

    def loc_directive(self, children: list[Any]) -> ast.LocDirective:
        f, line, col, *extra = children
        return ast.LocDirective(
            self._int(f, ".loc file"),
            self._int(line, ".loc line"),
            self._int(col, ".loc column"),
            self._loc(f),
            tuple(extra),
        )

    def loc_extra(self, children: list[Token]) -> str:
        return " ".join(str(c) for c in children)

    def branch_targets(self, children: list[Token]) -> ast.BranchTargets:
        label, *targets = children
        return ast.BranchTargets(
            label.value.rstrip(": \t"), tuple(str(t) for t in targets), self._loc(label)
        )

    def call_prototype(self, children: list[Any]) -> ast.CallPrototype:
        label = children[0]
        returns = children[1] if isinstance(children[1], tuple) else ()
        params = children[-1]
        return ast.CallPrototype(label.value.rstrip(": \t"), returns, params, self._loc(label))

    # -- variables -------------------------------------------------------------------

    def var_decl(self, children: list[Any]) -> ast.VarDecl:
        linkage: list[Token] = []
        i = 0
        while isinstance(children[i], Token) and children[i].value in _LINKAGE:
            linkage.append(children[i])
            i += 1
        space = children[i]
        rest = children[i + 1 :]
        attrs = [c for c in rest if not isinstance(c, ast.Declarator)]
        decls = [c for c in rest if isinstance(c, ast.Declarator)]
        return self._var_decl(linkage, space, attrs, decls)

    def _var_decl(
        self, linkage: list[Token], space_tok: Token, attrs: list[Any], decls: list[Any]
    ) -> ast.VarDecl:
        space = StateSpace(space_tok.value[1:])
        loc = self._loc(linkage[0] if linkage else space_tok)
        type_ = None
        vector = None
        align = None
        extra: list[str] = []
        for attr in attrs:
            if isinstance(attr, tuple) and attr[0] == "align":
                align = attr[1]
            elif isinstance(attr, tuple) and attr[0] == "attribute":
                extra.extend(attr[1])
            elif isinstance(attr, Token):
                word = attr.value[1:]
                if (t := ptx_type(word)) is not None:
                    if type_ is not None:
                        raise PtxSyntaxError(
                            f"two types in one declaration: '.{type_.name}' and '{attr}'",
                            self._loc(attr),
                        )
                    type_ = t
                elif word in ("v2", "v4", "v8"):
                    vector = int(word[1:])
                else:
                    extra.append(word)
        if type_ is None:
            raise PtxSyntaxError(f"declaration in {space} has no type", loc)
        return ast.VarDecl(
            space=space,
            type=type_,
            declarators=tuple(decls),
            loc=loc,
            linkage=tuple(t.value[1:] for t in linkage),
            vector=vector,
            align=align,
            attributes=tuple(extra),
        )

    def align(self, children: list[Token]) -> tuple[str, int]:
        value = self._int(children[0], ".align")
        if value <= 0 or value & (value - 1):
            raise PtxSyntaxError(
                f".align must be a power of two, not {value}", self._loc(children[0])
            )
        return ("align", value)

    def attribute(self, children: list[Token]) -> tuple[str, list[str]]:
        return ("attribute", [c.value[1:] for c in children])

    def declarator(self, children: list[Any]) -> ast.Declarator:
        name = children[0]
        count = None
        dims: list[int | None] = []
        init = None
        for child in children[1:]:
            if isinstance(child, tuple) and child[0] == "range":
                count = child[1]
            elif isinstance(child, tuple) and child[0] == "dim":
                dims.append(child[1])
            elif child is not None:
                init = child
        return ast.Declarator(str(name), self._loc(name), count, tuple(dims), init)

    def reg_range(self, children: list[Token]) -> tuple[str, int]:
        return ("range", self._int(children[0], "a register range"))

    def array_dim(self, children: list[Token | None]) -> tuple[str, int | None]:
        tok = children[0]
        return ("dim", None if tok is None else self._int(tok, "an array size"))

    def initializer(self, children: list[Any]) -> ast.Initializer:
        return children[0]

    def init_list(self, children: list[Any]) -> ast.InitList:
        items = tuple(c for c in children if c is not None)
        loc = _first_loc(items) or Location(self.file, 1, 1)
        return ast.InitList(items, loc)

    def init_name(self, children: list[Token]) -> ast.Name:
        return ast.Name(str(children[0]), self._loc(children[0]))

    def generic_address(self, children: list[Token]) -> ast.GenericAddress:
        return ast.GenericAddress(str(children[1]), self._loc(children[0]))

    # -- operands --------------------------------------------------------------------

    def operand_only(self, children: list[Any]) -> ast.Operand:
        return children[0]

    def name(self, children: list[Token]) -> ast.Name:
        return ast.Name(str(children[0]), self._loc(children[0]))

    def number(self, children: list[Token]) -> ast.IntImm | ast.FloatImm:
        if len(children) == 2:
            return _number(children[1], True, self._loc(children[0]))
        return _number(children[0], False, self._loc(children[0]))

    def address(self, children: list[Any]) -> ast.Address:
        base, offset = children
        if isinstance(base, Token):
            node_base: ast.Name | None = ast.Name(str(base), self._loc(base))
            start = 0
            loc = self._loc(base)
        else:
            if not isinstance(base, ast.IntImm):
                raise PtxSyntaxError("an absolute address must be an integer", base.loc)
            node_base, start, loc = None, base.value, base.loc
        return ast.Address(node_base, start + (offset or 0), loc)

    def offset(self, children: list[Any]) -> int:
        sign, num = children
        if not isinstance(num, ast.IntImm):
            raise PtxSyntaxError("an address offset must be an integer", num.loc)
        return -num.value if sign == "-" else num.value

    def vector_op(self, children: list[Any]) -> ast.VectorOp:
        return ast.VectorOp(tuple(children), _loc_of(children[0]))

    def negated(self, children: list[Token]) -> ast.Negated:
        bang, name = children
        return ast.Negated(ast.Name(str(name), self._loc(name)), self._loc(bang))

    def pair(self, children: list[Token]) -> ast.Pair:
        a, b = children
        return ast.Pair(
            ast.Name(str(a), self._loc(a)), ast.Name(str(b), self._loc(b)), self._loc(a)
        )

    def paren_list(self, children: list[Any]) -> ast.ParenList:
        items = tuple(c for c in children if c is not None)
        loc = _first_loc(items) or Location(self.file, 1, 1)
        return ast.ParenList(items, loc)

    # -- debug info and sections -----------------------------------------------------

    def file_directive(self, children: list[Token]) -> ast.FileDirective:
        index, path, *extra = children
        return ast.FileDirective(
            self._int(index, ".file index"),
            _unquote(path.value),
            self._loc(index),
            tuple(str(e) for e in extra),
        )

    def section(self, children: list[Token]) -> ast.Section:
        name, body = children
        return ast.Section(name.value, body.value, self._loc(name))

    def alias(self, children: list[Token]) -> ast.Alias:
        a, b = children
        return ast.Alias(str(a), str(b), self._loc(a))


_LINKAGE = frozenset({".visible", ".extern", ".weak", ".common"})


def _unquote(text: str) -> str:
    return text[1:-1].encode("utf-8").decode("unicode_escape")


def _loc_of(node: Any) -> Location:
    return node.loc


def _first_loc(nodes: tuple[Any, ...]) -> Location | None:
    for node in nodes:
        if hasattr(node, "loc"):
            return node.loc
    return None
