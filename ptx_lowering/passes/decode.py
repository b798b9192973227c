"""Decode: match every instruction against the form tables and check its operand kinds.

After this pass every `Instruction.decoded` is set. All problems in a module are
collected and reported together (an `ErrorList`), in source order.
"""

from __future__ import annotations

import dataclasses

from cu2amd.errors import Cu2amdError, ErrorList, VerificationError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.gc_pause import paused_gc
from cu2amd.ptx_lowering.isa.forms import Decoded, FormTable, Maybe, Op
from cu2amd.ptx_lowering.isa.table import FORM_TABLE

_KIND_TEXT = {
    Op.DST: "a destination register",
    Op.SRC: "a register or an immediate",
    Op.PRED_DST: "a predicate register",
    Op.PRED_SRC: "a predicate register",
    Op.ADDR: "an address in [ ]",
    Op.DATA: "a register or a {...} vector",
    Op.LABEL: "a label",
    Op.DST_PRED: "a destination register, optionally with a predicate (%r|%p)",
    Op.DATA_PRED: "a {...} vector, optionally with a predicate ({...}|%p)",
    Op.ADDR_LIST: "a texture, surface or tensor-map address [a, {...}]",
    Op.ARGS: "a ( ) list",
}


def _operand_fits(kind: Op, op: ast.Operand) -> bool:
    match kind:
        case Op.DST | Op.LABEL:
            return isinstance(op, ast.Name)
        case Op.PRED_DST | Op.DST_PRED:
            return isinstance(op, ast.Name) or (
                isinstance(op, ast.Pair) and isinstance(op.first, ast.Name)
            )
        case Op.DATA_PRED:
            return isinstance(op, ast.Name | ast.VectorOp | ast.Pair)
        case Op.PRED_SRC:
            return isinstance(op, ast.Name | ast.Negated | ast.IntImm)
        case Op.SRC:  # `sym+4` and `arr[2]` are constant addresses; `-%r` (vmad only)
            return isinstance(
                op,
                ast.Name
                | ast.IntImm
                | ast.FloatImm
                | ast.SymbolOffset
                | ast.ArrayElement
                | ast.Minus,
            )
        case Op.ADDR:
            return isinstance(op, ast.Address)
        case Op.ADDR_LIST:
            return isinstance(op, ast.AddressList | ast.Address)
        case Op.DATA:
            return isinstance(op, ast.Name | ast.VectorOp | ast.IntImm | ast.FloatImm)
        case Op.ARGS:
            return isinstance(op, ast.ParenList)
    return False


def _operand_range(decoded: Decoded) -> tuple[int, int]:
    """The fewest and the most operands the decoded form takes."""
    fewest = most = 0
    for spec in decoded.form.operands:
        if not isinstance(spec, Maybe):
            fewest += 1
            most += 1
        elif spec.when is None:
            most += 1
        elif decoded.has(spec.when):
            fewest += 1
            most += 1
    return fewest, most


def _operand_kinds(decoded: Decoded, given: int) -> list[Op] | None:
    """The kind each of `given` operands must have, or None if the count does not fit.
    Optional operands without a condition are left out from the last one back."""
    fewest, most = _operand_range(decoded)
    if not fewest <= given <= most:
        return None
    keep = given - fewest  # how many of the free optional operands are present
    kinds: list[Op] = []
    for spec in decoded.form.operands:
        if not isinstance(spec, Maybe):
            kinds.append(spec)
        elif spec.when is not None:
            if decoded.has(spec.when):
                kinds.append(spec.kind)
        elif keep:
            kinds.append(spec.kind)
            keep -= 1
    return kinds


def _fits(decoded: Decoded, operands: tuple[ast.Operand, ...]) -> bool:
    kinds = _operand_kinds(decoded, len(operands))
    return kinds is not None and all(map(_operand_fits, kinds, operands))


# Instructions that decoded cleanly, by what decoding depends on: opcode, modifiers and
# the shape of each operand (its node type; for a pair, also its first part's). Corpus PTX
# repeats a few hundred shapes, so this halves decode time. Bounded against fuzzed input.
_DecodeKey = tuple[str, tuple[str, ...], tuple[object, ...]]
_decoded: dict[_DecodeKey, Decoded] = {}
_DECODED_LIMIT = 1 << 14


def decode_instruction(instr: ast.Instruction, table: FormTable = FORM_TABLE) -> Decoded:
    """The form of an instruction, its modifiers and operands checked. A malformed
    instruction is a VerificationError even when its form is not lowered; a well-formed
    one that cu2amd does not lower is an UnsupportedError."""
    if table is not FORM_TABLE:
        return _decode(instr, table)
    key = (
        instr.opcode,
        instr.modifiers,
        tuple(
            (ast.Pair, type(op.first)) if isinstance(op, ast.Pair) else type(op)
            for op in instr.operands
        ),
    )
    decoded = _decoded.get(key)
    if decoded is None:
        decoded = _decode(instr, table)
        if len(_decoded) >= _DECODED_LIMIT:
            _decoded.clear()
        _decoded[key] = decoded
    return decoded


def _decode(instr: ast.Instruction, table: FormTable) -> Decoded:
    decoded = table.find(instr.opcode, instr.modifiers, lambda d: _fits(d, instr.operands))
    if decoded is None:  # no form fits: the table says why
        return table.decode(instr.opcode, instr.modifiers, instr.spelling, instr.loc)
    given = len(instr.operands)
    kinds = _operand_kinds(decoded, given)
    if kinds is None:
        fewest, most = _operand_range(decoded)
        count = str(most) if fewest == most else f"{fewest} to {most}"
        raise VerificationError(
            f"'{instr.spelling}' takes {count} operand{'s' if most != 1 else ''}, {given} given",
            instr.loc,
        )
    for i, (kind, op) in enumerate(zip(kinds, instr.operands, strict=True)):
        if not _operand_fits(kind, op):
            raise VerificationError(
                f"'{instr.spelling}': operand {i + 1} must be {_KIND_TEXT[kind]}", op.loc
            )
        if isinstance(op, ast.Minus) and instr.opcode != "vmad":
            raise VerificationError(
                f"'{instr.spelling}': operand {i + 1} cannot be negated (only vmad's can)", op.loc
            )
    return table.check_support(decoded, instr.spelling, instr.loc)


class Decode:
    name = "decode"

    def run(self, module: ast.Module) -> ast.Module:
        """The module with every instruction decoded. Nodes that do not change (already
        decoded alike, or holding no instruction) are kept, not copied."""
        errors: list[Cu2amdError] = []

        def visit_block(block: ast.Block) -> ast.Block:
            out: list[ast.Statement] | None = None  # a copy, from the first change on
            for i, stmt in enumerate(block.statements):
                new = stmt
                if isinstance(stmt, ast.Instruction):
                    try:
                        decoded = decode_instruction(stmt)
                    except Cu2amdError as err:
                        errors.append(err)
                    else:
                        if decoded is not stmt.decoded:
                            new = ast.Instruction(
                                stmt.opcode,
                                stmt.modifiers,
                                stmt.operands,
                                stmt.guard,
                                stmt.loc,
                                decoded,
                            )
                elif isinstance(stmt, ast.Block):
                    new = visit_block(stmt)
                if out is None and new is not stmt:
                    out = list(block.statements[:i])
                if out is not None:
                    out.append(new)
            if out is None:
                return block
            return ast.Block(tuple(out), block.loc)

        items: list[ast.ModuleItem] = []
        changed = False
        with paused_gc():  # new nodes only, no cycles: collections would rescan the AST
            for item in module.items:
                if isinstance(item, ast.Function) and item.body is not None:
                    body = visit_block(item.body)
                    if body is not item.body:
                        item = dataclasses.replace(item, body=body)
                        changed = True
                items.append(item)
        if errors:
            raise errors[0] if len(errors) == 1 else ErrorList(errors)
        return dataclasses.replace(module, items=tuple(items)) if changed else module
