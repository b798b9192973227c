"""Warp collectives: shfl and shfl.sync (PTX ISA 9.7.9.5-6), vote and vote.sync,
match.sync, activemask, redux.sync, elect.sync, bar.warp.sync (9.7.13.2, 9.7.13.8-14).

Each instruction is one call of a neutral builtin of the device runtime library
(runtime_shim/include/cu2amd/warp_api.h), which implements CUDA's 32-lane warps over the
target's wave primitives; the pipeline links the library into the lowered module. The
calls are `convergent`: no optimisation may move them across control flow. Results that
come with a predicate (`d|p`) are returned as one i64, the predicate in bit 32.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES

I1, I32, I64 = ir.IntType(1), ir.IntType(32), ir.IntType(64)
PTR = ir.PointerType()
B32, PRED = TYPES["b32"], TYPES["pred"]

# The constants of warp_api.h.
SHFL_MODES = {"up": 0, "down": 1, "bfly": 2, "idx": 3}
VOTE_MODES = {"all": 0, "any": 1, "uni": 2, "ballot": 3}
REDUX_OPS = {
    ("add", "u32"): 0,
    ("add", "s32"): 0,
    ("min", "u32"): 1,
    ("max", "u32"): 2,
    ("min", "s32"): 3,
    ("max", "s32"): 4,
    ("and", "b32"): 5,
    ("or", "b32"): 6,
    ("xor", "b32"): 7,
}
REDUX_F32 = {"min": 0, "max": 1}
REDUX_F32_ABS, REDUX_F32_NAN = 2, 4


def call_library(ctx: FunctionContext, name: str, ret: ir.Type, args: list[ir.Value]) -> ir.Value:
    """Call the device library's `name(site, *args)`."""
    site = ctx.hooks.collective_site(ctx.builder, ctx.site())
    fn = ctx.module.globals.get(name)
    if fn is None:
        fn = ir.Function(ctx.module, ir.FunctionType(ret, [PTR, *(a.type for a in args)]), name)
        fn.attributes.add("convergent")
        fn.attributes.add("nounwind")
    return ctx.builder.call(fn, [site, *args])


def _write_with_predicate(ctx: FunctionContext, dest: ast.Operand, result: ir.Value) -> None:
    """`d` or `d|p` from a library result: d in bits 0..31, p in bit 32."""
    b = ctx.builder
    value = b.trunc(result, I32)
    if isinstance(dest, ast.Pair):
        ctx.write(dest.first, value, B32)
        ctx.write(dest.second, b.trunc(b.lshr(result, I64(32)), I1), PRED)
    else:
        ctx.write(dest, value, B32)


@emitter("warp.shfl")
def shfl(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """shfl.sync.mode.b32 d{|p}, a, b, c, membermask; shfl.mode.b32 d{|p}, a, b, c."""
    ops = instr.operands
    mode = I32(SHFL_MODES[instr.decoded.get("mode") or ""])
    a, b, c = (ctx.read(op, B32) for op in ops[1:4])
    if instr.decoded.form.opcode == "shfl":
        result = call_library(ctx, "__cu2amd_shfl", I64, [mode, a, b, c])
    else:
        mask = ctx.read(ops[4], B32)
        result = call_library(ctx, "__cu2amd_shfl_sync", I64, [mode, mask, a, b, c])
    _write_with_predicate(ctx, ops[0], result)


@emitter("warp.vote")
def vote(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """vote.sync.{all,any,uni}.pred p, {!}a, membermask; vote.sync.ballot.b32 d, {!}a,
    membermask; and the same without .sync and membermask."""
    ops = instr.operands
    how = instr.decoded.get("vote") or ""
    if isinstance(ops[0], ast.Pair):
        raise ctx.error("vote writes one destination", ops[0].loc)
    b = ctx.builder
    pred = b.zext(ctx.read(ops[1], PRED), I32)
    if instr.decoded.form.opcode == "vote":
        result = call_library(ctx, "__cu2amd_vote", I32, [I32(VOTE_MODES[how]), pred])
    else:
        mask = ctx.read(ops[2], B32)
        result = call_library(ctx, "__cu2amd_vote_sync", I32, [I32(VOTE_MODES[how]), mask, pred])
    if how == "ballot":
        ctx.write(ops[0], result, B32)
    else:
        ctx.write(ops[0], b.icmp_unsigned("!=", result, I32(0)), PRED)


@emitter("warp.match")
def match(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """match.any.sync.type d, a, membermask; match.all.sync.type d{|p}, a, membermask."""
    ops = instr.operands
    t = instr.decoded.type()
    value = ctx.read(ops[1], t)
    if t.bits == 32:
        value = ctx.builder.zext(value, I64)
    mask = ctx.read(ops[2], B32)
    if instr.decoded.get("mode") == "any":
        ctx.write(ops[0], call_library(ctx, "__cu2amd_match_any_sync", I32, [mask, value]), B32)
    else:
        result = call_library(ctx, "__cu2amd_match_all_sync", I64, [mask, value])
        _write_with_predicate(ctx, ops[0], result)


@emitter("warp.redux")
def redux(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """redux.sync.op.type d, a, membermask (integers, and min/max{.abs}{.NaN}.f32)."""
    d = instr.decoded
    ops = instr.operands
    t = d.type()
    op = d.get("op") or ""
    value = ctx.read(ops[1], t)
    mask = ctx.read(ops[2], B32)
    if t.name == "f32":
        flags = REDUX_F32[op] | (REDUX_F32_ABS if d.has("abs") else 0)
        flags |= REDUX_F32_NAN if d.has("nan") else 0
        args = [I32(flags), mask, value]
        result = call_library(ctx, "__cu2amd_redux_sync_f32", ir.FloatType(), args)
    else:
        args = [I32(REDUX_OPS[op, t.name]), mask, value]
        result = call_library(ctx, "__cu2amd_redux_sync", I32, args)
    ctx.write(ops[0], result, t)


@emitter("warp.activemask")
def activemask(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """activemask.b32 d: the threads of the warp executing it together."""
    ctx.write(instr.operands[0], call_library(ctx, "__cu2amd_activemask", I32, []), B32)


@emitter("warp.elect")
def elect(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """elect.sync d|p, membermask: the lowest lane of the members, and whether it is this
    thread."""
    mask = ctx.read(instr.operands[1], B32)
    _write_with_predicate(
        ctx, instr.operands[0], call_library(ctx, "__cu2amd_elect_sync", I64, [mask])
    )


@emitter("warp.bar_warp_sync")
def bar_warp_sync(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """bar.warp.sync membermask (__syncwarp)."""
    mask = ctx.read(instr.operands[0], B32)
    call_library(ctx, "__cu2amd_warp_sync", ir.VoidType(), [mask])
