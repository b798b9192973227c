"""What `cu2amd report` learns from one CUDA translation unit, with libclang.

One parse per unit, as the device pass sees it (`asm.clang_args`: cu2amd's own CUDA
headers, `__CUDA_ARCH__` defined). The AST of every file of the project the unit reaches
is walked: the unit's own file, and its project headers unless `seen` says they were
walked already (headers are scanned once per batch of units). Macros and templates are
walked as clang gives them: a call spelled by a macro is found at the macro's use, a call
in a template once, in the template's pattern.

A unit's facts are raw: which CUDA names are used where, inline asm statements, warp-size
hazards, library uses, features with no AMD path, and the clang errors that none of those
explain. Statuses and findings are the report's business (translator/report).
"""

from __future__ import annotations

import functools
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import clang.cindex as ci

from cu2amd.errors import Cu2amdError
from cu2amd.frontend import hazards
from cu2amd.frontend.asm import AsmStatement, clang_args, parse_tokens
from cu2amd.frontend.hazards import Hazard, callee_name
from cu2amd.frontend.scan_clang import children as scan_children
from cu2amd.frontend.scan_clang import file_handle, overloaded_decl_count
from cu2amd.frontend.scan_libraries import LibraryInclude, library_includes, library_of_symbol
from cu2amd.runtime_shim.headers import include_dir

K = ci.CursorKind

# A name that is a CUDA symbol even when no header declares it.
CUDA_NAME = re.compile(
    r"^(cuda[A-Z_]|cu[A-Z]|CU_|CUDA_|CUDART_|__(shfl|ballot|any_|all_|match|"
    r"reduce|activemask|syncwarp|nanosleep|ldg|ldca|ldcs|stcg|stcs|fns|"
    r"threadfence|trap|brkpt))"
)
# What every unit's parse adds to cu2amd's device-pass flags. The libclang wheel is older
# than the clang cu2amd-nvcc compiles with (18 against 22) and rejects what 22 accepts in
# cu2amd's headers: variadic __host__ __device__ declarations.
SCAN_FLAGS = ("-ferror-limit=0", "-Xclang", "-fcuda-allow-variadic-functions")
_QUOTED = re.compile(r"'([^']+)'")
_UNDECLARED = re.compile(
    r"^(use of undeclared identifier|unknown type name|no (member|template|type) named "
    r"'[^']+' in namespace|'[^']+' is not a class, namespace|use of undeclared)"
)
_DEVICE_LAUNCH = re.compile(r"^reference to __global__ function '([^']+)' in __(global|device)__")
_DEVICE_RUNTIME = re.compile(r"^reference to __host__ function '(cuda\w+)' in __(global|device)__")
# The device pass's view of the C++ library's host-only code (__float128 in <cmath>): a
# real compile defers these diagnostics to code that is emitted for the device.
_HOST_ONLY_TYPE = re.compile(r"is not supported on this target$")
_UNAVAILABLE = re.compile(r"^'[^']+' is unavailable")
_INTEROP = re.compile(r"^cuda(Graphics|GL|D3D|EGL|VDPAU)")


def _unported_interop(name: str) -> bool:
    """A graphics-interop name cu2amd does not provide (Direct3D, EGLStreams, VDPAU, and what
    is unsupported); its OpenGL and EGL image/sync interop are provided and are no finding
    of their own."""
    if not _INTEROP.match(name):
        return False
    from cu2amd.runtime_shim.tables import Status, lookup

    row = lookup(name)
    return row is None or row.status not in (Status.SUPPORTED, Status.EMULATED)


@dataclass(frozen=True)
class ApiUse:
    name: str
    kind: str  # function variable type enumerator template undeclared
    line: int
    col: int


@dataclass(frozen=True)
class LibraryUse:
    library: str
    symbol: str  # the header included, or the symbol used
    line: int
    col: int


@dataclass(frozen=True)
class AsmUse:
    """One asm statement: parsed (statement set) or rejected (problem set)."""

    line: int
    col: int
    statement: AsmStatement | None
    problem: str = ""  # why the statement's form is not translated


@dataclass(frozen=True)
class Feature:
    kind: str  # a finding kind's name: dynamic-parallelism graphics-interop
    line: int
    col: int
    message: str


@dataclass(frozen=True)
class ClangError:
    line: int
    col: int
    message: str
    file: str  # where clang put it (may be outside the project)
    file_line: int = 0  # and where in that file (when it is not the unit's)
    file_col: int = 0


@dataclass
class FileFacts:
    path: str
    lines: int
    kernels: list[tuple[str, int, int]] = field(default_factory=list)
    api_uses: list[ApiUse] = field(default_factory=list)
    asm: list[AsmUse] = field(default_factory=list)
    hazards: list[Hazard] = field(default_factory=list)
    libraries: list[LibraryUse] = field(default_factory=list)
    features: list[Feature] = field(default_factory=list)
    errors: list[ClangError] = field(default_factory=list)


@dataclass(frozen=True)
class Unit:
    """A file to parse as a translation unit, with its flags."""

    path: str
    args: tuple[str, ...]  # -I -D -U -isystem -include -std= (absolute paths)
    cuda_arch: int = 80


@dataclass
class UnitScan:
    unit: str
    files: dict[str, FileFacts]  # the unit itself and the project headers walked


@functools.cache
def _index() -> ci.Index:
    return ci.Index.create()


@functools.cache
def _header_dir() -> str:
    """cu2amd's CUDA headers, resolved (so are the names compared with it: the package
    may be reached through a symlink)."""
    return str(include_dir().resolve()) + os.sep


@functools.lru_cache(maxsize=4096)
def resolved(name: str) -> str:
    return str(Path(name).resolve())


def new_facts(path: str) -> FileFacts:
    data = Path(path).read_bytes()
    facts = FileFacts(path, data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1))
    facts.hazards.extend(hazards.check_defines(data))
    facts.libraries.extend(_include_use(i) for i in library_includes(data))
    return facts


def _include_use(i: LibraryInclude) -> LibraryUse:
    return LibraryUse(i.library, i.header, i.line, 1)


class _Walk:
    def __init__(self, main: str, is_project, seen: set[str]) -> None:  # type: ignore[no-untyped-def]
        self.main = main
        self.is_project = is_project
        self.seen = seen
        self.files: dict[str, FileFacts] = {}
        self.asm_offsets: set[tuple[str, int]] = set()
        self.launch_sites: set[tuple[str, int, int]] = set()
        self._cuda_decl: dict[int, bool] = {}
        self.undeclared_lines: set[tuple[str, int]] = set()

    def facts(self, path: str) -> FileFacts:
        f = self.files.get(path)
        if f is None:
            f = self.files[path] = new_facts(path)
        return f

    def wants(self, path: str) -> bool:
        """The unit's own file always; a project header once per batch."""
        if path == self.main or path in self.files:
            return True
        if not self.is_project(path) or path in self.seen:
            return False
        self.seen.add(path)
        self.facts(path)
        return True

    def run(self, tu: ci.TranslationUnit) -> None:
        self.facts(self.main)
        for inc in tu.get_includes():
            self.wants(resolved(inc.include.name))
        # Most top-level declarations are the system's and cu2amd's headers: tell them
        # apart by their file's handle, and ask for a file's name once.
        walked: dict[int, FileFacts | None] = {0: None}
        for top in scan_children(tu.cursor):
            handle = file_handle(top)
            if handle not in walked:
                walked[handle] = self.files.get(resolved(top.location.file.name))
            facts = walked[handle]
            if facts is not None:
                self.walk(top, facts, "host")

    def is_cuda_decl(self, decl: ci.Cursor) -> bool:
        """Declared by cu2amd's CUDA headers. A compiler builtin is declared where it is
        first used, often in those headers: `__builtin_popcount` is not CUDA's."""
        h = decl.hash
        known = self._cuda_decl.get(h)
        if known is None:
            f = decl.location.file
            known = bool(
                f is not None
                and resolved(f.name).startswith(_header_dir())
                and not decl.spelling.startswith(("__cu2amd", "__builtin_"))
            )
            self._cuda_decl[h] = known
        return known

    def walk(self, root: ci.Cursor, facts: FileFacts, space: str) -> None:
        # `constant`: the constant-expression context the cursor is in ("" if none).
        stack: list[tuple[ci.Cursor, str, ci.Cursor | None, str]] = [(root, space, None, "")]
        while stack:
            cursor, space, parent, constant = stack.pop()
            kind = cursor.kind
            children = scan_children(cursor)
            contexts = hazards.constant_contexts(cursor, kind, children)
            if kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD):
                attrs = {c.kind for c in children}
                if K.CUDAGLOBAL_ATTR in attrs:
                    space = "global"
                    if cursor.is_definition():
                        loc = cursor.location
                        facts.kernels.append((cursor.spelling, loc.line, loc.column))
                elif K.CUDADEVICE_ATTR in attrs:
                    space = "device"
                else:
                    space = "host"
            elif kind == K.DECL_REF_EXPR or kind in (K.TYPE_REF, K.TEMPLATE_REF):
                ref = cursor.referenced
                if ref is not None and ref.kind != K.OVERLOADED_DECL_REF and self.is_cuda_decl(ref):
                    self.api(facts, cursor, ref.spelling, _kind_of(ref.kind))
                    if ref.spelling == "warpSize":
                        facts.hazards.extend(
                            hazards.check_warp_size_use(cursor, parent, constant, facts.hazards)
                        )
            elif kind == K.OVERLOADED_DECL_REF:
                if overloaded_decl_count(cursor) > 0:
                    decl = ci.conf.lib.clang_getOverloadedDecl(cursor, 0)
                    if self.is_cuda_decl(decl):
                        self.api(facts, cursor, cursor.spelling, "function")
                else:
                    self.undeclared(facts, cursor)
            elif kind == K.CALL_EXPR:
                name = callee_name(cursor)
                if (
                    name == "cudaConfigureCall"
                    and parent is not None
                    and parent.kind == K.CALL_EXPR
                ):
                    loc = cursor.location
                    self.launch_sites.add((facts.path, loc.line, loc.column))
                facts.hazards.extend(hazards.check_call(cursor, name))
            elif kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR):
                facts.hazards.extend(hazards.check_binary(cursor))
                if kind == K.BINARY_OPERATOR:
                    facts.hazards.extend(hazards.check_assignment(cursor))
            elif kind == K.VAR_DECL:
                facts.hazards.extend(hazards.check_var(cursor, children))
            elif kind == K.ASM_STMT:
                self.asm(cursor)
            if contexts is None:
                stack.extend((c, space, cursor, constant) for c in reversed(children))
            else:
                stack.extend(
                    (c, space, cursor, constant or ctx)
                    for c, ctx in zip(reversed(children), reversed(contexts), strict=True)
                )

    def api(self, facts: FileFacts, cursor: ci.Cursor, name: str, kind: str) -> None:
        loc = cursor.location
        facts.api_uses.append(ApiUse(name, kind, loc.line, loc.column))
        if _unported_interop(name):
            facts.features.append(
                Feature("graphics-interop", loc.line, loc.column, f"'{name}' is graphics interop")
            )

    def undeclared(self, facts: FileFacts, cursor: ci.Cursor) -> None:
        """A call of a name no declaration has: clang says so only when the arguments
        are valid (`cudaGraphLaunch(exec)` with `exec` of an unknown type is silent)."""
        loc = cursor.location
        if _named(facts, [cursor.spelling], loc.line, loc.column):
            self.undeclared_lines.add((facts.path, loc.line))

    def asm(self, cursor: ci.Cursor) -> None:
        tokens = list(cursor.get_tokens())
        if not tokens or tokens[0].spelling not in ("asm", "__asm__", "__asm"):
            loc = cursor.location
            problem = "the asm statement's text could not be read (spelled across macros?)"
            self.facts(self.main).asm.append(AsmUse(loc.line, loc.column, None, problem))
            return
        first = tokens[0].location
        path = resolved(first.file.name) if first.file else self.main
        key = (path, tokens[0].extent.start.offset)
        if key in self.asm_offsets or not self.wants(path):
            return
        self.asm_offsets.add(key)
        facts = self.facts(path)
        try:
            stmt = parse_tokens(tokens, path)
        except Cu2amdError as err:
            facts.asm.append(AsmUse(first.line, first.column, None, err.message))
            return
        problem = ""
        if path != self.main and not path.endswith(".cu"):
            problem = (
                "asm spelled in a header: cu2amd rewrites inline PTX spelled in the .cu "
                "file itself, not in headers"
            )
        facts.asm.append(AsmUse(first.line, first.column, stmt, problem))


def _kind_of(kind: ci.CursorKind) -> str:
    if kind in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE, K.CXX_METHOD):
        return "function"
    if kind == K.ENUM_CONSTANT_DECL:
        return "enumerator"
    if kind in (K.VAR_DECL, K.FIELD_DECL):
        return "variable"
    if kind == K.CLASS_TEMPLATE:
        return "template"
    return "type"


def scan_unit(unit: Unit, is_project, seen: set[str], extra: list[str]) -> UnitScan:  # type: ignore[no-untyped-def]
    """Parse and walk one unit. `extra` are flags every unit gets (the library stubs'
    include path). A unit libclang cannot load at all is a unit with one error."""
    main = str(Path(unit.path).resolve())
    walk = _Walk(main, is_project, seen)
    args = clang_args([*unit.args, *extra, *SCAN_FLAGS], unit.cuda_arch)
    try:
        tu = _index().parse(main, args=args)
    except ci.TranslationUnitLoadError:
        facts = walk.facts(main)
        facts.errors.append(ClangError(1, 1, "libclang could not load the file", main))
        return UnitScan(main, walk.files)
    walk.run(tu)
    _diagnostics(tu, walk)
    for facts in walk.files.values():
        facts.api_uses = [
            u
            for u in facts.api_uses
            if not (
                u.name == "cudaConfigureCall" and (facts.path, u.line, u.col) in walk.launch_sites
            )
        ]
    return UnitScan(main, walk.files)


def _diagnostics(tu: ci.TranslationUnit, walk: _Walk) -> None:
    """Sort clang's errors into what they mean: a use of a library symbol or an
    undeclared CUDA name, a device-side launch or runtime call, or a real parse failure.
    An error on a line that already has an explained error is taken as its consequence."""
    explained = set(walk.undeclared_lines)
    pending: list[tuple[str, ClangError]] = []
    for d in tu.diagnostics:
        if d.severity < ci.Diagnostic.Error:
            continue
        loc = d.location
        path = resolved(loc.file.name) if loc.file else walk.main
        if _HOST_ONLY_TYPE.search(d.spelling) and not walk.is_project(path):
            continue
        owner = path if path in walk.files else walk.main
        facts = walk.facts(owner)
        line, col = (loc.line, loc.column) if owner == path else (1, 1)
        message = d.spelling
        quoted = _QUOTED.findall(message)
        if m := _DEVICE_LAUNCH.match(message):
            facts.features.append(
                Feature(
                    "dynamic-parallelism",
                    line,
                    col,
                    f"kernel '{m.group(1)}' launched from device code",
                )
            )
        elif m := _DEVICE_RUNTIME.match(message):
            facts.features.append(
                Feature("dynamic-parallelism", line, col, f"'{m.group(1)}' called from device code")
            )
        elif _UNDECLARED.match(message) and quoted and _named(facts, quoted, line, col):
            pass
        elif _UNAVAILABLE.match(message) and _marked_by_cu2amd(d):
            # cu2amd's headers declare what it does not support as unavailable: the
            # use is the finding (the AST walk recorded it), not a parse failure.
            name = quoted[0]
            if not any(u.name == name and u.line == line for u in facts.api_uses):
                facts.api_uses.append(ApiUse(name, "unavailable", line, col))
        else:
            pending.append((owner, ClangError(line, col, message, path, loc.line, loc.column)))
            continue
        explained.add((owner, line))
    for owner, err in pending:
        if (owner, err.line) not in explained:
            walk.files[owner].errors.append(err)


def _marked_by_cu2amd(d: ci.Diagnostic) -> bool:
    """clang's note for an unavailable name points into cu2amd's headers."""
    return any(
        n.location.file is not None and resolved(n.location.file.name).startswith(_header_dir())
        for n in d.children
    )


def _named(facts: FileFacts, quoted: list[str], line: int, col: int) -> bool:
    """Record an undeclared name if it is a library's or CUDA's; False if neither."""
    # "no member named 'x' in namespace 'thrust'": the namespace is the library.
    for name in reversed(quoted):
        lib = library_of_symbol(name)
        if lib is not None:
            facts.libraries.append(LibraryUse(lib.name, quoted[0], line, col))
            return True
    name = quoted[0]
    if CUDA_NAME.match(name):
        facts.api_uses.append(ApiUse(name, "undeclared", line, col))
        if _unported_interop(name):
            facts.features.append(
                Feature("graphics-interop", line, col, f"'{name}' is graphics interop")
            )
        return True
    return False
