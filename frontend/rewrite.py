"""Rewriting inline PTX out of CUDA C++.

Each asm statement becomes a call `__cu2amd_asm_<sig>(operands...)` to a generated
device function template (outputs by reference, inputs by value), which converts the
operands to the registers their constraint letters name and calls
`__cu2amd_asm_<sig>_impl`, the asm's PTX lowered by cu2amd (ptx_lowering/inline_asm.py).
`asm volatile("" ::: "memory")` stays a compiler barrier.

The rewritten text keeps every line where it was (a multi-line statement is replaced by a
call followed by the same number of newlines), and starts with a `#line 1` directive
after the generated declarations, so compiler diagnostics and debug line tables point at
the user's file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cu2amd.frontend.asm import REGISTER_TYPES, AsmStatement

# C++ types of the registers each constraint letter binds.
CXX_TYPES = {
    "b16": "unsigned short",
    "b32": "unsigned int",
    "b64": "unsigned long long",
    "b128": "unsigned __int128",
    "f32": "float",
    "f64": "double",
}


@dataclass(frozen=True)
class Rewritten:
    text: str
    statements: tuple[AsmStatement, ...]  # every asm statement, in source order
    lowered: tuple[AsmStatement, ...]  # one per distinct signature that needs lowering


def function_name(stmt: AsmStatement) -> str:
    return f"__cu2amd_asm_{stmt.signature()}"


def impl_name(stmt: AsmStatement) -> str:
    return function_name(stmt) + "_impl"


def _cxx_type(letter: str) -> str:
    return CXX_TYPES[REGISTER_TYPES[letter]]


def declarations(stmt: AsmStatement) -> str:
    """The impl declaration and the wrapper template for one signature."""
    params, args, body_in, body_out = [], [], [], []
    for i, op in enumerate(stmt.operands):
        ty = _cxx_type(op.letter)
        if op.output:
            params.append(f"{ty} *o{i}")
            body_in.append(
                f"    {ty} r{i}{f' = __cu2amd_asm_in<{ty}>(a{i})' if op.read_write else ''};"
            )
            args.append(f"&r{i}")
            body_out.append(f"    __cu2amd_asm_out(a{i}, r{i});")
        else:
            params.append(f"{ty} i{i}")
            args.append(f"__cu2amd_asm_in<{ty}>(a{i})")
    n = len(stmt.operands)
    template = f"template <{', '.join(f'class A{i}' for i in range(n))}>\n" if n else ""
    wrapper_params = ", ".join(
        f"A{i} &a{i}" if op.output else f"const A{i} &a{i}" for i, op in enumerate(stmt.operands)
    )
    head = f"static __device__ __forceinline__ void {function_name(stmt)}({wrapper_params})"
    lines = [
        f'extern "C" __device__ void {impl_name(stmt)}({", ".join(params)});',
        f"{template}{head} {{",
        *body_in,
        f"    {impl_name(stmt)}({', '.join(args)});",
        *body_out,
        "}",
    ]
    return "\n".join(lines)


def rewrite(path: Path, statements: list[AsmStatement]) -> Rewritten:
    """The rewritten source of `path` (statements from frontend.asm.find_asm). The
    statements of cu2amd's own headers are rewritten in a copy of each header that the
    source starts with (after the declarations): its include guard then keeps the
    original header, whose asm would not be translated, out."""
    lowered: dict[str, AsmStatement] = {}
    main = str(path.resolve())
    by_file: dict[str, list[AsmStatement]] = {}
    for stmt in statements:
        by_file.setdefault(stmt.location.file, []).append(stmt)
    body = _replace(path.read_bytes(), by_file.pop(main, []), lowered)
    headers = [f'#line 1 "{file}"\n' + _replace(Path(file).read_bytes(), stmts, lowered)
               for file, stmts in by_file.items()]  # fmt: skip
    header = ['#include "cu2amd/inline_asm.h"']
    header += [declarations(s) for s in lowered.values()]
    header += headers
    header.append(f'#line 1 "{path.resolve()}"')
    text = "\n".join(header) + "\n" + body
    return Rewritten(text, tuple(statements), tuple(lowered.values()))


def _replace(data: bytes, statements: list[AsmStatement], lowered: dict[str, AsmStatement]) -> str:
    """`data` with each statement replaced by its call, lines kept."""
    pieces: list[bytes] = []
    pos = 0
    for stmt in statements:
        pieces.append(data[pos : stmt.start_offset])
        original = data[stmt.start_offset : stmt.end_offset]
        if stmt.is_barrier_only:
            call = "__cu2amd_compiler_barrier()"
        else:
            lowered.setdefault(stmt.signature(), stmt)
            call = f"{function_name(stmt)}({', '.join(op.text for op in stmt.operands)})"
        pieces.append(call.encode() + b"\n" * original.count(b"\n"))
        pos = stmt.end_offset
    pieces.append(data[pos:])
    return b"".join(pieces).decode("utf-8", errors="surrogateescape")
