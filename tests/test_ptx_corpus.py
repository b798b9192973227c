"""The parser on a corpus of clang NVPTX output: 320 PTX files compiled at test time from
the CUDA sources of tests/data/cuda (see corpus.py there) for sm_50 ... sm_121a, -O0 ... -O3,
with and without debug info and relocatable code. Every file must parse, print . parse must
be a fixed point, the printed text must be legal PTX (when ptxas is here), and the corpus
must contain the constructs it exists to cover.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

from cu2amd.errors import Cu2amdError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.parser import parse_module
from cu2amd.ptx_lowering.printer import print_module

CUDA_DIR = Path(__file__).resolve().parent / "data" / "cuda"


def _corpus_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cu2amd_test_corpus", CUDA_DIR / "corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


corpus_module = _corpus_module()


@pytest.fixture(scope="session")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[object, Path]]:
    return corpus_module.build(tmp_path_factory.mktemp("ptx-corpus"))


@pytest.fixture(scope="session")
def printed(
    corpus: list[tuple[object, Path]], tmp_path_factory: pytest.TempPathFactory
) -> dict[Path, tuple[ast.Module, str]]:
    """Each corpus file -> (its AST, its printed text); files that fail to parse are left
    out (test_corpus_parses_and_round_trips names them)."""
    out_dir = tmp_path_factory.mktemp("ptx-printed")
    result = {}
    for _, path in corpus:
        try:
            module = parse_module(path.read_text(), str(path))
        except Cu2amdError:
            continue
        text = print_module(module)
        (out_dir / path.name).write_text(text)
        result[path] = (module, text)
    return result


def test_corpus_covers_targets_levels_and_debug_info(corpus: list) -> None:
    assert len(corpus) >= 300
    variants = [v for v, _ in corpus]
    assert {v.arch for v in variants} == set(corpus_module.ARCHS)
    assert {v.opt for v in variants} == {"-O0", "-O1", "-O2", "-O3"}
    assert {v.debug for v in variants} == {"", "-g", "-gline-tables-only"}
    assert {v.rdc for v in variants} == {False, True}
    assert {v.source.name for v in variants} == {s.name for s in corpus_module.SOURCES}


def test_corpus_parses_and_round_trips(corpus: list, printed: dict) -> None:
    failures = []
    for _, path in corpus:
        if path not in printed:
            try:
                parse_module(path.read_text(), str(path))
            except Cu2amdError as err:
                failures.append(f"{path.name}: {str(err).splitlines()[0]}")
            continue
        _, once = printed[path]
        twice = print_module(parse_module(once, f"{path.name} (printed)"))
        if twice != once:
            failures.append(f"{path.name}: print(parse(print(parse(x)))) differs")
    assert not failures, "\n".join(failures)


@pytest.mark.skipif(shutil.which("ptxas") is None, reason="REQUIRES: ptxas")
def test_printed_corpus_is_legal_ptx(printed: dict) -> None:
    """The printer writes PTX that ptxas accepts (only checked: its output is discarded).
    ptxas here knows sm_75 and newer; -c allows the externs of relocatable modules."""
    checked = [
        (path, module.targets[0], text)
        for path, (module, text) in printed.items()
        if int(module.targets[0][3:].rstrip("af")) >= 75
    ]
    assert len(checked) >= 150

    def assemble(item: tuple[Path, str, str]) -> str | None:
        path, arch, text = item
        src = path.with_suffix(".printed.ptx")
        src.write_text(text)
        proc = subprocess.run(
            ["ptxas", "-c", "-O0", f"-arch={arch}", str(src), "-o", os.devnull],
            capture_output=True,
            text=True,
        )
        return None if proc.returncode == 0 else f"{path.name}: {proc.stderr.strip()}"

    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        errors = [e for e in pool.map(assemble, checked) if e is not None]
    assert not errors, "\n".join(errors)


# ------------------------------------------------------------------------------ census


def _statements(stmts: tuple[ast.Statement, ...]) -> Iterator[ast.Statement]:
    for stmt in stmts:
        yield stmt
        if isinstance(stmt, ast.Block):
            yield from _statements(stmt.statements)


def _initializer_kinds(value: object) -> Iterator[str]:
    if isinstance(value, ast.InitList):
        yield "init list"
        for item in value.items:
            yield from _initializer_kinds(item)
    elif isinstance(value, ast.BinaryExpr):
        yield f"init expr {value.op}"
        yield from _initializer_kinds(value.left)
        yield from _initializer_kinds(value.right)
    elif isinstance(value, ast.MaskExpr):
        yield "init mask"
        yield from _initializer_kinds(value.operand)
    elif isinstance(value, ast.GenericAddress):
        yield "init generic()"
    elif isinstance(value, ast.Name):
        yield "init symbol"
    elif isinstance(value, ast.FloatImm):
        yield "init float"


def _operand_kinds(op: ast.Operand) -> Iterator[str]:
    yield f"operand {type(op).__name__}"
    if isinstance(op, ast.IntImm) and op.value < 0:
        yield "negative immediate"
    if isinstance(op, ast.FloatImm) and op.width:
        yield f"0{'f' if op.width == 32 else 'd'} literal"
    if isinstance(op, ast.Address) and op.offset:
        yield "address with offset"
    if isinstance(op, ast.Pair) and op.second.name == "_":
        yield "sink"
    for inner in getattr(op, "elements", ()) + getattr(op, "items", ()):
        yield from _operand_kinds(inner)


def census(module: ast.Module) -> Counter[str]:
    """What a module contains, by kind of construct."""
    seen: Counter[str] = Counter()
    seen.update(f"target {t}" for t in module.targets[1:])
    decls: list[ast.VarDecl] = []
    for item in module.items:
        seen[type(item).__name__] += 1
        if isinstance(item, ast.VarDecl):
            decls.append(item)
        if isinstance(item, ast.Section) and item.items:
            seen["section data"] += 1
        if not isinstance(item, ast.Function):
            continue
        seen[" ".join([*(f".{link}" for link in item.linkage), f".{item.kind}"])] += 1
        if item.returns:
            seen["return parameter"] += 1
        decls.extend(item.params)
        seen.update(f"directive {d.name}" for d in item.directives if hasattr(d, "values"))
        for stmt in _statements(item.body.statements if item.body else ()):
            seen[type(stmt).__name__] += 1
            if isinstance(stmt, ast.VarDecl):
                decls.append(stmt)
            elif isinstance(stmt, ast.Pragma):
                seen[f"pragma {stmt.text}"] += 1
            elif isinstance(stmt, ast.Instruction):
                seen[f"opcode {stmt.opcode}"] += 1
                if stmt.guard is not None:
                    seen["negated guard" if stmt.guard.negated else "guard"] += 1
                for op in stmt.operands:
                    seen.update(_operand_kinds(op))
    for decl in decls:
        seen[f"var {decl.space}"] += 1
        seen.update(f"linkage {link}" for link in decl.linkage)
        seen.update(f"attribute {a}" for a in decl.attributes)
        if decl.align is not None:
            seen["align"] += 1
        for d in decl.declarators:
            if d.range_count is not None:
                seen["register range"] += 1
            if None in d.dims:
                seen["unsized array"] += 1
            seen.update(_initializer_kinds(d.initializer))
    return seen


EXPECTED = {
    # module level
    "Function", "VarDecl", "FileDirective", "Section", "section data", "Alias", ".visible .entry",
    ".visible .func", ".func", ".extern .func", ".weak .func", "return parameter", "target debug",
    "linkage visible", "linkage extern", "linkage weak", "attribute ptr",
    "align", "unsized array", "register range",
    "var .global", "var .const", "var .shared", "var .local", "var .param", "var .reg",
    "init list", "init symbol", "init generic()", "init expr +", "init mask", "init float",
    # functions and statements
    "directive maxntid", "directive minnctapersm", "directive maxclusterrank",
    "Label", "Block", "LocDirective", "BranchTargets", "CallPrototype", 'pragma "nounroll"',
    "guard", "negated guard",
    # operands
    "operand Name", "operand IntImm", "operand FloatImm", "operand Address", "operand VectorOp",
    "operand Pair", "operand ParenList", "negative immediate", "0f literal", "0d literal",
    "address with offset",
    # instruction families
    "opcode atom", "opcode shfl", "opcode vote", "opcode match", "opcode redux", "opcode bar",
    "opcode brx", "opcode call", "opcode wmma", "opcode cp", "opcode mbarrier", "opcode fence",
    "opcode membar", "opcode cvt", "opcode cvta", "opcode prmt", "opcode lop3", "opcode fma",
    "opcode ex2", "opcode ld", "opcode st", "opcode setp", "opcode selp", "opcode mul",
    "opcode trap", "opcode exit", "opcode nanosleep", "opcode getctarank", "opcode mapa",
    "opcode barrier", "opcode dp4a", "opcode vabsdiff4", "opcode brev", "opcode bfe",
}  # fmt: skip


def test_corpus_contains_what_it_is_for(printed: dict) -> None:
    """A corpus that silently stopped producing a construct would test nothing about it."""
    seen: Counter[str] = Counter()
    for module, _ in printed.values():
        seen.update(census(module))
    missing = sorted(EXPECTED - set(seen))
    assert not missing, f"constructs missing from the corpus: {missing}"
