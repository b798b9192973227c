"""Decode: match every instruction against the form tables and check its operand kinds.

After this pass every `Instruction.decoded` is set. All problems in a module are
collected and reported together (an `ErrorList`), in source order.
"""

from __future__ import annotations

import dataclasses

from cu2amd.errors import Cu2amdError, ErrorList, VerificationError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.isa.forms import Decoded, FormTable, Op
from cu2amd.ptx_lowering.isa.table import FORM_TABLE

_KIND_TEXT = {
    Op.DST: "a destination register",
    Op.SRC: "a register or an immediate",
    Op.PRED_DST: "a predicate register",
    Op.PRED_SRC: "a predicate register",
    Op.ADDR: "an address in [ ]",
    Op.DATA: "a register or a {...} vector",
    Op.LABEL: "a label",
}


def _operand_fits(kind: Op, op: ast.Operand) -> bool:
    match kind:
        case Op.DST | Op.LABEL:
            return isinstance(op, ast.Name)
        case Op.PRED_DST:
            return isinstance(op, ast.Name | ast.Pair)
        case Op.PRED_SRC:
            return isinstance(op, ast.Name | ast.Negated | ast.IntImm)
        case Op.SRC:
            return isinstance(op, ast.Name | ast.IntImm | ast.FloatImm | ast.VectorOp)
        case Op.ADDR:
            return isinstance(op, ast.Address)
        case Op.DATA:
            return isinstance(op, ast.Name | ast.VectorOp | ast.IntImm | ast.FloatImm)
    return False


def decode_instruction(instr: ast.Instruction, table: FormTable = FORM_TABLE) -> Decoded:
    decoded = table.decode(instr.opcode, instr.modifiers, instr.spelling, instr.loc)
    form = decoded.form
    expected = len(form.operands)
    given = len(instr.operands)
    if not expected - form.optional_operands <= given <= expected:
        count = (
            str(expected)
            if not form.optional_operands
            else f"{expected - form.optional_operands} to {expected}"
        )
        raise VerificationError(
            f"'{instr.spelling}' takes {count} operand{'s' if expected != 1 else ''}, "
            f"{given} given",
            instr.loc,
        )
    for i, (kind, op) in enumerate(zip(form.operands, instr.operands, strict=False)):
        if not _operand_fits(kind, op):
            raise VerificationError(
                f"'{instr.spelling}': operand {i + 1} must be {_KIND_TEXT[kind]}", op.loc
            )
    return decoded


class Decode:
    name = "decode"

    def run(self, module: ast.Module) -> ast.Module:
        errors: list[Cu2amdError] = []

        def visit_block(block: ast.Block) -> ast.Block:
            out: list[ast.Statement] = []
            for stmt in block.statements:
                if isinstance(stmt, ast.Instruction):
                    try:
                        stmt = dataclasses.replace(stmt, decoded=decode_instruction(stmt))
                    except Cu2amdError as err:
                        errors.append(err)
                elif isinstance(stmt, ast.Block):
                    stmt = visit_block(stmt)
                out.append(stmt)
            return dataclasses.replace(block, statements=tuple(out))

        items: list[ast.ModuleItem] = []
        for item in module.items:
            if isinstance(item, ast.Function) and item.body is not None:
                item = dataclasses.replace(item, body=visit_block(item.body))
            items.append(item)
        if errors:
            raise errors[0] if len(errors) == 1 else ErrorList(errors)
        return dataclasses.replace(module, items=tuple(items))
