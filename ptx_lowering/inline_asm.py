"""Inline PTX from CUDA C++, lowered by the same pipeline as standalone PTX.

Each distinct asm signature (frontend/rewrite.py) becomes a PTX device function
`__cu2amd_asm_<sig>_impl`: outputs are generic addresses (64-bit integers), inputs values
of the registers their constraint letters name; the body is the asm template with `%N`
replaced by those registers. The functions are lowered for one target into an LLVM
module that the driver links into the device code, where they are inlined.

A PTX error inside an asm string is reported at the asm string in the user's file, with
the offending PTX quoted.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

import llvmlite.binding as llvm

from cu2amd.errors import Cu2amdError, ErrorList, PtxSyntaxError, UnsupportedError
from cu2amd.frontend.asm import REGISTER_TYPES, AsmStatement, in_own_headers
from cu2amd.frontend.rewrite import impl_name
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions, Target

PARAM_TYPES = {"b16": "b16", "b32": "b32", "b64": "b64", "b128": "b128", "f32": "f32", "f64": "f64"}


def substitute(stmt: AsmStatement, registers: list[str]) -> str:
    """The template with %N -> registers[N] and %% -> %."""
    out: list[str] = []
    text = stmt.template
    i = 0
    while i < len(text):
        c = text[i]
        if c != "%":
            out.append(c)
            i += 1
            continue
        if text[i + 1 : i + 2] == "%":
            out.append("%")
            i += 2
            continue
        j = i + 1
        while j < len(text) and text[j].isdigit():
            j += 1
        if j == i + 1:
            raise PtxSyntaxError(
                f"stray '%' in inline asm template {stmt.template!r} (write %% for a literal %)",
                stmt.template_location,
            )
        index = int(text[i + 1 : j])
        if index >= len(registers):
            raise PtxSyntaxError(
                f"inline asm operand %{index} does not exist ({len(registers)} operands)",
                stmt.template_location,
            )
        out.append(registers[index])
        i = j
    return "".join(out)


def impl_ptx(stmt: AsmStatement) -> str:
    """The PTX device function implementing one asm signature."""
    params, decls, prologue, epilogue, registers = [], [], [], [], []
    for i, op in enumerate(stmt.operands):
        ty = REGISTER_TYPES[op.letter]
        reg = f"%__cu2amd_op{i}"
        registers.append(reg)
        decls.append(f"\t.reg .{ty} {reg};")
        if op.output:
            ptr = f"%__cu2amd_ptr{i}"
            params.append(f".param .b64 __cu2amd_arg{i}")
            decls.append(f"\t.reg .b64 {ptr};")
            prologue.append(f"\tld.param.b64 {ptr}, [__cu2amd_arg{i}];")
            if op.read_write:
                prologue.append(f"\tld.{_bits(ty)} {reg}, [{ptr}];")
            epilogue.append(f"\tst.{_bits(ty)} [{ptr}], {reg};")
        else:
            params.append(f".param .{PARAM_TYPES[ty]} __cu2amd_arg{i}")
            prologue.append(f"\tld.param.{PARAM_TYPES[ty]} {reg}, [__cu2amd_arg{i}];")
    body = substitute(stmt, registers)
    return "\n".join(
        [
            f".visible .func {impl_name(stmt)}({', '.join(params)})",
            "{",
            *decls,
            *prologue,
            "\t{",
            body,
            "\t}",
            *epilogue,
            "\tret;",
            "}",
        ]
    )


def _bits(ty: str) -> str:
    return "b" + ty[1:] if ty.startswith("f") else ty


HEADER = ".version 8.7\n.target sm_90a\n.address_size 64\n"


@dataclass(frozen=True)
class InlineAsm:
    """The inline PTX of one source file: parsed and checked once (errors at the asm
    strings), lowered for each target it is compiled for."""

    statements: tuple[AsmStatement, ...]
    module: ast.Module | None  # the impl functions; None when there are none

    @classmethod
    def check(cls, statements: tuple[AsmStatement, ...]) -> InlineAsm:
        if not statements:
            return cls((), None)
        text = HEADER + "\n".join(impl_ptx(s) for s in statements)
        try:
            return cls(statements, _PIPELINE.front(text, "<inline asm>"))
        except Cu2amdError:
            # Only then is each statement parsed alone, to report its errors at its asm
            # string (mma.h brings 200+ statements: parsing each twice doubled the cost).
            errors: list[Cu2amdError] = []
            for stmt in statements:
                try:
                    _front(HEADER + impl_ptx(stmt), stmt)
                except Cu2amdError as err:
                    errors.append(err)
            if errors:
                raise errors[0] if len(errors) == 1 else ErrorList(errors) from None
            raise

    def lowered(self, target: Target, calls: set[str] | None = None) -> llvm.ModuleRef | None:
        """The impl functions lowered for `target`, as a module of their own (relocatable
        device code carries it to the device link). Given the functions the device code
        `calls`, those of cu2amd's headers (mma.h's wmma forms, over 200) that it does not
        call are left out."""
        if self.module is None:
            return None
        module = self.module
        if calls is not None:
            unused = {
                impl_name(s) for s in self.statements if in_own_headers(s.location.file)
            } - calls
            items = tuple(
                i for i in module.items if not (isinstance(i, ast.Function) and i.name in unused)
            )
            module = dataclasses.replace(module, items=items)
        return _PIPELINE.lower(module, target)

    def link_into(self, module: llvm.ModuleRef, target: Target) -> None:
        """Link the impl functions, lowered for `target`, into the device module, private
        to it so that they inline away."""
        if self.module is None:
            return
        calls = {f.name for f in module.functions if f.is_declaration}
        lowered = self.lowered(target, calls)
        assert lowered is not None
        names = {f.name for f in lowered.functions}
        module.link_in(lowered)
        for stmt in self.statements:
            if impl_name(stmt) in names:
                fn = module.get_function(impl_name(stmt))
                if not fn.is_declaration:
                    fn.linkage = "internal"


_PIPELINE = Pipeline(PipelineOptions(library=True))


def _front(text: str, stmt: AsmStatement) -> None:
    """Parse and decode one asm function; problems are reported at the asm string."""
    try:
        _PIPELINE.front(text, "<inline asm>")
    except ErrorList as errs:
        raise ErrorList([_at_asm(e, stmt, text) for e in errs.errors]) from None
    except Cu2amdError as err:
        raise _at_asm(err, stmt, text) from None


def _at_asm(err: Cu2amdError, stmt: AsmStatement, text: str) -> Cu2amdError:
    if err.location is None or err.location.file != "<inline asm>":
        return err
    line = text.splitlines()[err.location.line - 1].strip()
    moved = type(err).__new__(type(err))
    Cu2amdError.__init__(
        moved, f"in inline PTX: {err.message} (in `{line}`)", stmt.template_location
    )
    return moved


_ASM_CALL = re.compile(
    r'\basm (?:sideeffect )?(?:alignstack )?(?:inteldialect )?(?:unwind )?"([^"]+)"'
)


def reject_unrewritten_asm(ir_text: str, source: str) -> None:
    """Inline asm that reached device IR without being rewritten (asm in a header, or
    spelled by a macro from one) would abort LLVM's code generator: an error naming it.
    The empty compiler barrier `asm volatile("" ::: "memory")` is fine everywhere."""
    found = _ASM_CALL.search(ir_text)
    if found:
        raise UnsupportedError(
            f"inline asm \"{found.group(1)}\" in the device code of '{source}' is not "
            "translated: cu2amd rewrites inline PTX spelled in the .cu file itself, not in "
            "headers"
        )
