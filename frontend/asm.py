"""Finding inline PTX in CUDA C++ with libclang.

Each `asm [volatile] ("template" : outputs : inputs : clobbers)` statement becomes an
`AsmStatement`: the template after string concatenation, the operands with their constraint
letters and C++ source text, the clobbers, and where it is written. The source text comes
from the statement's tokens at its spelling location, so an asm written inside a macro is
found (and later rewritten) in the macro's definition; one inside a template is found once,
in the template's pattern.
"""

from __future__ import annotations

import ast as python_ast
import functools
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

import clang.cindex as ci

from cu2amd.amdgpu.toolchain import discover
from cu2amd.errors import Location, PtxSyntaxError, ToolFailedError, UnsupportedError
from cu2amd.runtime_shim.headers import cuda_header_flags, include_dir

# Constraint letters of CUDA inline PTX and the register each one binds.
REGISTER_TYPES = {
    "h": "b16",
    "r": "b32",
    "l": "b64",
    "q": "b128",
    "f": "f32",
    "d": "f64",
}


@dataclass(frozen=True)
class Operand:
    constraint: str  # "=r", "+l", "r"
    text: str  # the C++ expression as written
    output: bool

    @property
    def letter(self) -> str:
        return self.constraint.lstrip("=+&")

    @property
    def read_write(self) -> bool:
        return self.constraint.startswith("+")


@dataclass(frozen=True)
class AsmStatement:
    template: str
    outputs: tuple[Operand, ...]
    inputs: tuple[Operand, ...]
    clobbers: tuple[str, ...]
    volatile: bool
    location: Location  # of the `asm` keyword, at its spelling location
    start_offset: int  # byte offsets of the statement (asm ... closing parenthesis)
    end_offset: int
    template_location: Location  # of the first string literal

    @property
    def operands(self) -> tuple[Operand, ...]:
        return (*self.outputs, *self.inputs)

    @property
    def is_barrier_only(self) -> bool:
        """`asm volatile("" ::: "memory")`: a compiler barrier, kept as one."""
        return not self.template.strip() and not self.operands

    def signature(self) -> str:
        """What one lowering serves: the template and the constraint letters."""
        key = "\0".join([self.template, *(o.constraint for o in self.operands), *self.clobbers])
        return hashlib.sha256(key.encode()).hexdigest()[:16]


_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*([<"])([^>"\n]+)[>"]', re.MULTILINE)
_WMMA = (b"wmma", b"mma.h")


def needs_lifting(path: Path, flags: list[str], limit: int = 500) -> bool:
    """Whether the inline PTX of `path` must be lifted out before its passes compile it, by
    the text: the file spells `asm`, or it or a header of the project it includes (next to
    the including file or in an -I directory; -include files too) names the warp matrix
    functions, which are inline PTX in cu2amd's mma.h. At most `limit` files are read."""
    main = path.resolve()
    dirs = [Path(flags[i + 1]) for i, f in enumerate(flags[:-1]) if f == "-I"]
    # The file itself is read first (popped from the end), once.
    todo = [*(Path(flags[i + 1]) for i, f in enumerate(flags[:-1]) if f == "-include"), path]
    seen: set[Path] = set()
    while todo and len(seen) < limit:
        file = todo.pop().resolve()
        if file in seen:
            continue
        seen.add(file)
        try:
            data = file.read_bytes()
        except OSError:
            if file == main:
                raise
            continue
        if file == main and b"asm" in data:
            return True
        if any(word in data for word in _WMMA):
            return True
        for quote, name in _INCLUDE.findall(data):
            places = [file.parent, *dirs] if quote == b'"' else dirs
            text = name.decode(errors="surrogateescape")
            found = next((p / text for p in places if (p / text).is_file()), None)
            if found is not None:
                todo.append(found)
    return False


def clang_args(extra: list[str], cuda_arch: int) -> list[str]:
    """The device pass's view of the source (`__CUDA_ARCH__` defined): inline PTX is
    device code, often under `#ifdef __CUDA_ARCH__`, and host-only asm is not PTX."""
    return ["-x", "cuda", "--cuda-device-only", f"--cuda-gpu-arch=sm_{cuda_arch}",
            "--cuda-path=/nonexistent", "-Xclang", "-target-feature", "-Xclang", "+ptx80",
            *cuda_header_flags(str(discover().builtin_include_dir())), *extra]  # fmt: skip


@functools.cache
def _index() -> ci.Index:
    return ci.Index.create()


def find_asm(path: Path, extra_args: list[str], cuda_arch: int) -> list[AsmStatement]:
    """Every inline-asm statement spelled in `path` itself, in order, as the device pass for
    sm_<cuda_arch> sees the file; then those of cu2amd's own headers that it includes
    (mma.h's PTX wmma, in cu2amd/wmma_ptx.h), in order per header. Other headers' asm is
    not found (reject_unrewritten_asm names it)."""
    try:
        tu = _index().parse(str(path), args=clang_args(extra_args, cuda_arch))
    except ci.TranslationUnitLoadError:
        raise ToolFailedError(f"libclang could not parse '{path}' to find its inline asm") from None
    found: dict[tuple[bool, str, int], AsmStatement] = {}
    target = path.resolve()

    def visit(cursor: ci.Cursor) -> None:
        for child in cursor.get_children():
            if child.kind == ci.CursorKind.ASM_STMT:
                stmt = _statement(child, target)
                if stmt is not None:
                    key = (stmt.location.file != str(target), stmt.location.file)
                    found.setdefault((*key, stmt.start_offset), stmt)
            visit(child)

    visit(tu.cursor)
    return [found[k] for k in sorted(found)]


@functools.cache
def _own_headers() -> Path:
    return include_dir().resolve()


def in_own_headers(file: str | Path) -> bool:
    """Whether `file` (a resolved path) is one of cu2amd's headers, whose asm find_asm finds."""
    return Path(file).is_relative_to(_own_headers())


def _statement(cursor: ci.Cursor, path: Path) -> AsmStatement | None:
    tokens = list(cursor.get_tokens())
    if not tokens or tokens[0].spelling not in ("asm", "__asm__", "__asm"):
        return None
    first = tokens[0].location
    if first.file is None:
        return None
    file = Path(first.file.name).resolve()
    if file != path and not in_own_headers(file):
        return None
    return parse_tokens(tokens, str(file))


def _loc(token: ci.Token, file: str) -> Location:
    return Location(file, token.location.line, token.location.column)


def parse_tokens(tokens: list[ci.Token], file: str) -> AsmStatement:
    """asm [volatile|goto] ( strings [: operands [: operands [: clobbers]]] )"""
    i = 1
    volatile = False
    while tokens[i].spelling in ("volatile", "__volatile__", "inline", "goto"):
        if tokens[i].spelling == "goto":
            raise UnsupportedError("asm goto is not supported", _loc(tokens[i], file))
        volatile |= tokens[i].spelling != "inline"
        i += 1
    if tokens[i].spelling != "(":
        raise PtxSyntaxError("expected '(' after asm", _loc(tokens[i], file))
    close = _matching(tokens, i)
    # Split the parenthesised part into sections at top-level ':' (and '::').
    sections: list[list[ci.Token]] = [[]]
    depth = 0
    for tok in tokens[i + 1 : close]:
        s = tok.spelling
        if s in "([{":
            depth += 1
        elif s in ")]}":
            depth -= 1
        if depth == 0 and s in (":", "::"):
            sections.append([])
            if s == "::":
                sections.append([])
            continue
        sections[-1].append(tok)
    template_tokens = sections[0]
    if not template_tokens or any(t.kind != ci.TokenKind.LITERAL for t in template_tokens):
        raise UnsupportedError(
            "the inline asm template must be string literals", _loc(tokens[i], file)
        )
    template = "".join(python_ast.literal_eval(t.spelling) for t in template_tokens)
    outputs = _operands(sections[1] if len(sections) > 1 else [], True, file)
    inputs = _operands(sections[2] if len(sections) > 2 else [], False, file)
    clobbers = tuple(
        python_ast.literal_eval(t.spelling)
        for t in (sections[3] if len(sections) > 3 else [])
        if t.kind == ci.TokenKind.LITERAL
    )
    return AsmStatement(
        template=template,
        outputs=outputs,
        inputs=inputs,
        clobbers=clobbers,
        volatile=volatile,
        location=_loc(tokens[0], file),
        start_offset=tokens[0].extent.start.offset,
        end_offset=tokens[close].extent.end.offset,
        template_location=_loc(template_tokens[0], file),
    )


def _matching(tokens: list[ci.Token], open_index: int) -> int:
    depth = 0
    for j in range(open_index, len(tokens)):
        if tokens[j].spelling == "(":
            depth += 1
        elif tokens[j].spelling == ")":
            depth -= 1
            if depth == 0:
                return j
    raise PtxSyntaxError("unbalanced parentheses in asm statement", None)


def _operands(tokens: list[ci.Token], output: bool, file: str) -> tuple[Operand, ...]:
    """`"=r"(x), "r"(a + 1)` -> operands; the expression text is rebuilt from tokens."""
    result: list[Operand] = []
    j = 0
    while j < len(tokens):
        tok = tokens[j]
        if tok.spelling == ",":
            j += 1
            continue
        if (
            tok.kind != ci.TokenKind.LITERAL
            or j + 1 >= len(tokens)
            or tokens[j + 1].spelling != "("
        ):
            raise PtxSyntaxError('expected "constraint"(expression)', _loc(tok, file))
        constraint = python_ast.literal_eval(tok.spelling)
        close = _matching(tokens, j + 1)
        text = _join(tokens[j + 2 : close])
        letter = constraint.lstrip("=+&")
        if letter == "n":
            raise UnsupportedError(
                "inline asm immediate operands ('n' constraints) are not supported yet",
                _loc(tok, file),
            )
        if letter not in REGISTER_TYPES:
            raise UnsupportedError(
                f"inline asm constraint '{constraint}' is not supported (use h r l q f d)",
                _loc(tok, file),
            )
        result.append(Operand(constraint, text, output))
        j = close + 1
    return tuple(result)


def _join(tokens: list[ci.Token]) -> str:
    """Source text of a token run, with the original spacing on one line."""
    out = ""
    prev_end: int | None = None
    for tok in tokens:
        start = tok.extent.start.offset
        if prev_end is not None and start > prev_end:
            out += " "
        out += tok.spelling
        prev_end = tok.extent.end.offset
    return out
