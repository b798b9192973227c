"""Lowering of one PTX function body: declarations, labels, guards, and dispatch of each
instruction to the emitter its form names.

`.param` variables declared in a body (the parameters of a call sequence, emit/call.py)
are .local memory of the function; `{ }` blocks scope registers and variables alike."""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from llvmlite import ir

from cu2amd.errors import UnsupportedError, VerificationError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.call import emit_return, param_spec
from cu2amd.ptx_lowering.emit.context import FunctionContext, Symbol
from cu2amd.ptx_lowering.emit.registry import EmitFn
from cu2amd.ptx_lowering.isa.types import TYPES, StateSpace

if TYPE_CHECKING:
    from cu2amd.ptx_lowering.emit.module import ModuleEmitter


class FunctionEmitter:
    def __init__(
        self, ctx: FunctionContext, emitters: dict[str, EmitFn], module_emitter: ModuleEmitter
    ) -> None:
        self.ctx = ctx
        self.emitters = emitters
        self.module_emitter = module_emitter
        self.defined_labels: set[str] = set()

    def emit(self, body: ast.Block) -> None:
        ctx = self.ctx
        self.collect_declarations(body)
        self.emit_block(body)
        if not ctx.builder.block.is_terminated:
            # Falling off the end of a function returns, as `ret` would.
            if ctx.ptx_fn.is_kernel:
                ctx.builder.ret_void()
            else:
                emit_return(ctx)
        for name, use in ctx.label_uses.items():
            if name not in self.defined_labels:
                raise VerificationError(f"branch to undefined label '{name}'", use.loc)

    def collect_declarations(self, block: ast.Block) -> None:
        """`.branchtargets`, `.calltargets` and `.callprototype` labels, which
        instructions may name before the declaration."""
        for stmt in block.statements:
            if isinstance(stmt, ast.Block):
                self.collect_declarations(stmt)
            elif isinstance(stmt, ast.BranchTargets | ast.CallPrototype):
                if stmt.name in self.ctx.declarations:
                    raise VerificationError(f"label '{stmt.name}' is defined twice", stmt.loc)
                self.ctx.declarations[stmt.name] = stmt

    # -- statements ------------------------------------------------------------------

    def emit_block(self, block: ast.Block) -> None:
        for stmt in block.statements:
            match stmt:
                case ast.Instruction():
                    self.emit_instruction(stmt)
                case ast.Label():
                    self.emit_label(stmt)
                case ast.VarDecl():
                    self.declare(stmt)
                case ast.Block():
                    with self.ctx.scope():
                        self.emit_block(stmt)
                case ast.Pragma() | ast.LocDirective() | ast.BranchTargets() | ast.CallPrototype():
                    # Hints, debug lines and declarations used only by instructions that
                    # are themselves checked (brx.idx, indirect call).
                    pass

    def emit_label(self, label: ast.Label) -> None:
        if label.name in self.defined_labels:
            raise VerificationError(f"label '{label.name}' is defined twice", label.loc)
        self.defined_labels.add(label.name)
        block = self.ctx.label_block(label.name)
        b = self.ctx.builder
        if not b.block.is_terminated:
            b.branch(block)
        b.position_at_end(block)

    def declare(self, decl: ast.VarDecl) -> None:
        ctx = self.ctx
        if decl.space is StateSpace.REG:
            if decl.vector is not None:
                raise UnsupportedError(
                    "vector registers (.reg .v2/.v4) are not supported yet", decl.loc
                )
            for d in decl.declarators:
                if d.dims or d.initializer is not None:
                    raise VerificationError("registers cannot be arrays or initialized", d.loc)
                for name in d.names():
                    ctx.declare_register(name, decl.type, d.loc)
        elif decl.space is StateSpace.SHARED:
            for sym in self.module_emitter.define_variables(decl, internal=True):
                ctx.symbols[sym.name] = sym
        elif decl.space is StateSpace.LOCAL:
            for d in decl.declarators:
                ty = self.module_emitter.variable_type(decl, d)
                slot = ctx.entry_alloca(ty, d.name, align=decl.align or None)
                ctx.symbols[d.name] = Symbol(d.name, StateSpace.LOCAL, decl.type, slot)
        elif decl.space is StateSpace.PARAM:
            # A call sequence's parameter: .local memory the call reads or fills.
            for d in decl.declarators:
                if d.initializer is not None:
                    raise VerificationError(".param variables cannot be initialized", d.loc)
                spec = param_spec(dataclasses.replace(decl, declarators=(d,)))
                ty = ir.ArrayType(ir.IntType(8), spec.size) if spec.in_memory else spec.llvm
                slot = ctx.entry_alloca(ty, d.name, align=spec.align)
                ctx.symbols[d.name] = Symbol(
                    d.name, StateSpace.PARAM, decl.type, slot, storage=StateSpace.LOCAL,
                    size=spec.size,
                )  # fmt: skip
        else:
            raise UnsupportedError(
                f"{decl.space} declarations inside a function are not supported yet", decl.loc
            )

    # -- instructions ----------------------------------------------------------------

    def emit_instruction(self, instr: ast.Instruction) -> None:
        ctx, b = self.ctx, self.ctx.builder
        if b.block.is_terminated:
            # Code after an unconditional branch that no label reaches: keep it valid.
            b.position_at_end(ctx.fn.append_basic_block("unreachable"))
        assert instr.decoded is not None, "the decode pass runs before lowering"
        ctx.instruction = instr
        key = instr.decoded.form.emitter
        assert key is not None
        emit = self.emitters[key]
        if instr.guard is None:
            emit(ctx, instr)
            return
        pred = ctx.read(instr.guard.predicate, TYPES["pred"])
        if instr.guard.negated:
            pred = b.not_(pred)
        cont = ctx.fn.append_basic_block("guard.cont")
        if instr.opcode == "bra":
            (target,) = instr.operands
            assert isinstance(target, ast.Name)
            b.cbranch(pred, ctx.branch_target(target), cont)
        else:
            then = ctx.fn.append_basic_block("guard.then")
            b.cbranch(pred, then, cont)
            b.position_at_end(then)
            emit(ctx, instr)
            if not b.block.is_terminated:
                b.branch(cont)
        b.position_at_end(cont)
