"""The decode pass (passes/decode.py): every instruction decoded, nothing copied needlessly."""

from __future__ import annotations

import pytest

from cu2amd.errors import ErrorList
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.parser import parse_module
from cu2amd.ptx_lowering.passes.decode import Decode, decode_instruction

HEADER = ".version 8.0\n.target sm_80\n.address_size 64\n"

MODULE = (
    HEADER
    + """
.global .u32 counter;
.func (.reg .u32 r) f(.reg .u32 a);
.visible .entry k(.param .u64 p)
{
    .reg .u32 %r<4>;
    .reg .u64 %rd<2>;
    ld.param.u64 %rd1, [p];
    {
        .reg .u32 %t;
        add.u32 %t, %r1, 1;
    }
    mul.lo.u32 %r2, %r1, 3;
    ret;
}
.visible .entry empty()
{
    ret;
}
"""
)


def _instructions(block: ast.Block) -> list[ast.Instruction]:
    found = []
    for stmt in block.statements:
        if isinstance(stmt, ast.Instruction):
            found.append(stmt)
        elif isinstance(stmt, ast.Block):
            found.extend(_instructions(stmt))
    return found


def test_every_instruction_is_decoded_as_decode_instruction_says() -> None:
    module = parse_module(MODULE, "m.ptx")
    decoded = Decode().run(module)
    kernels = [f for f in decoded.functions if f.body is not None]
    instrs = [i for k in kernels for i in _instructions(k.body)]  # type: ignore[arg-type]
    assert [i.spelling for i in instrs] == [
        "ld.param.u64", "add.u32", "mul.lo.u32", "ret", "ret"
    ]  # fmt: skip
    for instr in instrs:
        assert instr.decoded is not None
        assert instr.decoded == decode_instruction(instr)
    # the parsed module is left as it was
    original = [i for f in module.functions if f.body for i in _instructions(f.body)]
    assert all(i.decoded is None for i in original)


def test_items_without_instructions_are_kept_not_copied() -> None:
    module = parse_module(MODULE, "m.ptx")
    decoded = Decode().run(module)
    for before, after in zip(module.items, decoded.items, strict=True):
        if isinstance(before, ast.Function) and before.body is not None:
            assert after is not before
            assert after.body is not None and after.body.loc == before.body.loc
        else:  # variables, prototypes
            assert after is before


def test_a_decoded_module_is_returned_unchanged() -> None:
    decoded = Decode().run(parse_module(MODULE, "m.ptx"))
    assert Decode().run(decoded) is decoded


def test_only_changed_statements_are_new() -> None:
    decoded = Decode().run(parse_module(MODULE, "m.ptx"))
    kernel = next(f for f in decoded.functions if f.name == "k")
    assert kernel.body is not None
    # undo one instruction's decoding: only it, and the blocks holding it, are rebuilt
    stmts = list(kernel.body.statements)
    index = next(
        i for i, s in enumerate(stmts) if isinstance(s, ast.Instruction) and s.opcode == "mul"
    )
    stmts[index] = ast.Instruction(
        stmts[index].opcode,  # type: ignore[union-attr]
        stmts[index].modifiers,  # type: ignore[union-attr]
        stmts[index].operands,  # type: ignore[union-attr]
        stmts[index].guard,  # type: ignore[union-attr]
        stmts[index].loc,
    )
    body = ast.Block(tuple(stmts), kernel.body.loc)
    items = tuple(
        ast.Function(
            f.kind, f.name, f.params, f.returns, f.directives, body, f.loc, f.linkage, f.attributes
        )
        if f is kernel
        else f
        for f in decoded.items
    )
    module = ast.Module(
        decoded.version, decoded.targets, decoded.address_size, items, decoded.loc, decoded.file
    )
    again = Decode().run(module)
    new_kernel = next(f for f in again.functions if f.name == "k")
    assert new_kernel.body is not None
    for i, (old, new) in enumerate(zip(stmts, new_kernel.body.statements, strict=True)):
        if i == index:
            assert new is not old and isinstance(new, ast.Instruction)
            assert new.decoded is not None
        else:
            assert new is old
    for before, after in zip(items, again.items, strict=True):
        assert (after is before) == (before is not items[decoded.items.index(kernel)])


def test_all_errors_of_a_module_are_reported_together() -> None:
    text = HEADER + ".entry k()\n{\n    .reg .u32 %r;\n    frob.u32 %r, %r;\n    add.u32 %r;\n}\n"
    with pytest.raises(ErrorList) as info:
        Decode().run(parse_module(text, "bad.ptx"))
    assert [e.location.line for e in info.value.errors] == [7, 8]  # type: ignore[union-attr]
    assert "frob" in info.value.errors[0].message
    assert "add.u32" in info.value.errors[1].message


def test_the_collector_is_running_again_after_decoding() -> None:
    """Decode pauses the cyclic collector while it builds nodes, and only then."""
    import gc

    assert gc.isenabled()
    Decode().run(parse_module(MODULE, "m.ptx"))
    assert gc.isenabled()
    with pytest.raises(ErrorList):
        Decode().run(parse_module(HEADER + ".entry k()\n{\n\tfrob;\n\tfrob;\n}\n", "bad.ptx"))
    assert gc.isenabled()


def test_decode_builds_instructions_from_all_their_fields() -> None:
    """Decode.run copies an Instruction field by field (faster than dataclasses.replace):
    a new field must be copied there too."""
    import dataclasses

    fields = [f.name for f in dataclasses.fields(ast.Instruction)]
    assert fields == ["opcode", "modifiers", "operands", "guard", "loc", "decoded"], (
        "ast.Instruction changed: update passes/decode.py's copy"
    )
