"""Asynchronous copies and asynchronous barriers (PTX ISA 9.7.9.25.3 cp.async and its
groups, 9.7.13.15 mbarrier), as Ampere-era kernels (clang's NVPTX output, CUTLASS,
Triton) use them to stage tiles through shared memory.

cp.async is performed when it is issued: the bytes are in shared memory when the
instruction ends, which is one of the orders the ISA allows (a copy completes at some
point before the `cp.async.wait_group` that waits for it). `commit_group` and the waits
then have nothing left to wait for; `cp.async.mbarrier.arrive` arrives on the mbarrier at
once (its copies are done), and without `.noinc` leaves the pending count as it was (the
ISA increments it first). What the copy reads beyond `src-size` it never touches: those
bytes of the destination are zero.

An mbarrier is the ISA's opaque 64-bit object; cu2amd's encoding of it is:

    bits  0-19  pending arrivals of the current phase
    bits 20-39  expected arrivals (the count of the next phase)
    bits 40-60  transaction count (`expect_tx` / `complete_tx` bytes, 21-bit two's complement)
    bit  63     the current phase's parity

Every update is one compare-and-swap loop on the word (release or relaxed, at the CTA or
GPU scope the instruction names); a phase completes when its pending arrivals and its
transaction count are both zero, which flips the parity and reloads the pending count.
The `state` an arrive returns holds the arrival's phase parity (bit 63) and the pending
count after it (bits 0-19), which is what test_wait and pending_count read. A wait that
finds its phase incomplete lets other threads run once (`s_sleep` on AMD GPUs, a fiber
switch on the host platform) and tests again: programs loop on it.
"""

from __future__ import annotations

from collections.abc import Callable

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.atomic import cmpxchg
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.memory import address_pointer, instruction_space
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import load, store
from cu2amd.ptx_lowering.isa.types import TYPES, StateSpace

I1, I8, I32, I64 = ir.IntType(1), ir.IntType(8), ir.IntType(32), ir.IntType(64)
U32, B64, PRED = TYPES["u32"], TYPES["b64"], TYPES["pred"]

_COUNT_BITS = 20
_COUNT_MASK = (1 << _COUNT_BITS) - 1
_EXPECTED_SHIFT = 20
_TX_SHIFT, _TX_BITS = 40, 21
_TX_MASK = (1 << _TX_BITS) - 1
_PHASE_SHIFT = 63


# -- cp.async ---------------------------------------------------------------------------


@emitter("async.cp_async")
def cp_async(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """`cp.async.{ca,cg}.shared.global [dst], [src], cp-size{, src-size | ignore-src}
    {, cache-policy}`: cp-size bytes to shared memory, of which the first src-size (all,
    or none when ignore-src is true) come from global memory and the rest are zero."""
    d = instr.decoded
    dst, src, size_op, *rest = instr.operands
    if not isinstance(size_op, ast.IntImm) or size_op.value not in (4, 8, 16):
        raise ctx.error("cp.async's cp-size must be 4, 8 or 16", size_op.loc)
    size = size_op.value
    if d.get("cop") == "cg" and size != 16:
        raise ctx.error("cp.async.cg copies 16 bytes", size_op.loc)
    if d.has("hint"):
        ctx.read(rest.pop(), B64)  # the cache policy: a hint, ignored
    assert isinstance(dst, ast.Address) and isinstance(src, ast.Address)
    to = address_pointer(ctx, dst, StateSpace.SHARED)
    source = address_pointer(ctx, src, StateSpace.GLOBAL)
    b = ctx.builder
    whole = ir.IntType(8 * size)
    if not rest:
        store(b, load(b, source, whole, align=size), to, align=size)
        return
    (extra,) = rest
    if _is_predicate(ctx, extra):  # ignore-src: no bytes from the source when true
        count = b.select(ctx.read(extra, PRED), I32(0), I32(size))
    else:  # src-size
        count = ctx.read(extra, U32)
    _copy_prefix(ctx, to, source, count, size)


def _is_predicate(ctx: FunctionContext, op: ast.Operand) -> bool:
    if isinstance(op, ast.Negated):
        return True
    register = ctx.register(op) if isinstance(op, ast.Name) else None
    return register is not None and register.type.name == "pred"


def _copy_prefix(
    ctx: FunctionContext, to: ir.Value, source: ir.Value, count: ir.Value, size: int
) -> None:
    """to[0:size] = source[0:count] followed by zeros, reading no byte of source past
    count (count >= size: the whole copy in one access)."""
    b, fn = ctx.builder, ctx.fn
    whole_bb, part_bb, loop_bb, copy_bb, zero_bb, next_bb, done_bb = (
        fn.append_basic_block(f"cp.async.{n}")
        for n in ("whole", "part", "loop", "copy", "zero", "next", "done")
    )
    b.cbranch(b.icmp_unsigned(">=", count, I32(size)), whole_bb, part_bb)
    b.position_at_end(whole_bb)
    whole = ir.IntType(8 * size)
    store(b, load(b, source, whole, align=size), to, align=size)
    b.branch(done_bb)
    b.position_at_end(part_bb)
    b.branch(loop_bb)
    b.position_at_end(loop_bb)
    i = b.phi(I32, "cp.async.i")
    i.add_incoming(I32(0), part_bb)
    b.cbranch(b.icmp_unsigned("<", i, count), copy_bb, zero_bb)
    b.position_at_end(copy_bb)
    byte = load(b, b.gep(source, [i], source_etype=I8), I8, align=1)
    b.branch(next_bb)
    b.position_at_end(zero_bb)
    b.branch(next_bb)
    b.position_at_end(next_bb)
    value = b.phi(I8)
    value.add_incoming(byte, copy_bb)
    value.add_incoming(I8(0), zero_bb)
    store(b, value, b.gep(to, [i], source_etype=I8), align=1)
    following = b.add(i, I32(1))
    i.add_incoming(following, next_bb)
    b.cbranch(b.icmp_unsigned("<", following, I32(size)), loop_bb, done_bb)
    b.position_at_end(done_bb)


@emitter("async.cp_async_group")
def cp_async_group(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """commit_group, wait_group N, wait_all: every cp.async is complete when issued."""
    for op in instr.operands:
        if not isinstance(op, ast.IntImm):
            raise ctx.error("cp.async.wait_group takes an integer constant", op.loc)


# -- mbarrier ---------------------------------------------------------------------------


def _mbarrier(ctx: FunctionContext, instr: ast.Instruction, addr: ast.Operand) -> ir.Value:
    assert isinstance(addr, ast.Address)
    space = instruction_space(instr)
    return address_pointer(ctx, addr, space)


def _scope(ctx: FunctionContext, instr: ast.Instruction) -> str:
    return ctx.hooks.sync_scope(instr.decoded.get("scope") or "cta")


def _field(b: ir.IRBuilder, word: ir.Value, shift: int, mask: int) -> ir.Value:
    return b.and_(b.lshr(word, I64(shift)), I64(mask))


def _update(
    ctx: FunctionContext,
    instr: ast.Instruction,
    pointer: ir.Value,
    ordering: str,
    change: Callable[[ir.IRBuilder, ir.Value], ir.Value],
) -> tuple[ir.Value, ir.Value]:
    """Atomically replace the mbarrier word by change(word); the old and new words."""
    b = ctx.builder
    scope = _scope(ctx, instr)
    start = load(b, pointer, I64, align=8, ordering="monotonic", syncscope=scope)
    entry = b.block
    loop = ctx.fn.append_basic_block("mbarrier.update")
    done = ctx.fn.append_basic_block("mbarrier.updated")
    b.branch(loop)
    b.position_at_end(loop)
    old = b.phi(I64, "mbarrier.old")
    old.add_incoming(start, entry)
    new = change(b, old)
    pair = cmpxchg(b, pointer, old, new, ordering, scope, 8)
    old.add_incoming(b.extract_value(pair, 0), loop)
    b.cbranch(b.extract_value(pair, 1), done, loop)
    b.position_at_end(done)
    return old, new


def _advance(b: ir.IRBuilder, phase: ir.Value, pending: ir.Value, expected: ir.Value,
             tx: ir.Value) -> ir.Value:  # fmt: skip
    """The word for these fields, with the phase completed if nothing is left of it."""
    complete = b.and_(b.icmp_unsigned("==", pending, I64(0)), b.icmp_unsigned("==", tx, I64(0)))
    phase = b.select(complete, b.xor(phase, I64(1)), phase)
    pending = b.select(complete, expected, pending)
    word = b.or_(pending, b.shl(expected, I64(_EXPECTED_SHIFT)))
    word = b.or_(word, b.shl(tx, I64(_TX_SHIFT)))
    return b.or_(word, b.shl(phase, I64(_PHASE_SHIFT)))


def _fields(b: ir.IRBuilder, word: ir.Value) -> tuple[ir.Value, ir.Value, ir.Value, ir.Value]:
    return (
        b.lshr(word, I64(_PHASE_SHIFT)),
        _field(b, word, 0, _COUNT_MASK),
        _field(b, word, _EXPECTED_SHIFT, _COUNT_MASK),
        _field(b, word, _TX_SHIFT, _TX_MASK),
    )


def _arrive(
    ctx: FunctionContext,
    instr: ast.Instruction,
    pointer: ir.Value,
    count: ir.Value,
    drop: bool,
    tx_bytes: ir.Value | None,
    ordering: str,
) -> ir.Value:
    """Arrive `count` times (dropping them from later phases too if `drop`), after adding
    `tx_bytes` to the transaction count; the state: the arrival's phase and the pending
    count it left."""
    b = ctx.builder
    left: list[ir.Value] = []

    def change(b: ir.IRBuilder, word: ir.Value) -> ir.Value:
        phase, pending, expected, tx = _fields(b, word)
        if tx_bytes is not None:
            tx = b.and_(b.add(tx, tx_bytes), I64(_TX_MASK))
        pending = b.and_(b.sub(pending, count), I64(_COUNT_MASK))
        if drop:
            expected = b.and_(b.sub(expected, count), I64(_COUNT_MASK))
        left.append(pending)
        return _advance(b, phase, pending, expected, tx)

    old, _ = _update(ctx, instr, pointer, ordering, change)
    return b.or_(b.and_(old, I64(1 << _PHASE_SHIFT)), left[0])


_ORDER = {"release": "release", "acquire": "acquire", "relaxed": "monotonic"}


@emitter("mbarrier.init")
def mbarrier_init(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """`mbarrier.init.b64 [addr], count`: phase 0, count pending and expected arrivals."""
    addr, count_op = instr.operands
    pointer = _mbarrier(ctx, instr, addr)
    b = ctx.builder
    count = b.and_(b.zext(ctx.read(count_op, U32), I64), I64(_COUNT_MASK))
    store(b, b.or_(count, b.shl(count, I64(_EXPECTED_SHIFT))), pointer, align=8)


@emitter("mbarrier.inval")
def mbarrier_inval(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """`mbarrier.inval.b64 [addr]`: the memory may be used for something else."""
    (addr,) = instr.operands
    store(ctx.builder, I64(0), _mbarrier(ctx, instr, addr), align=8)


@emitter("mbarrier.tx")
def mbarrier_tx(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """`mbarrier.expect_tx / complete_tx .b64 [addr], txCount`: the current phase waits for
    txCount more (fewer) bytes of transactions."""
    addr, bytes_op = instr.operands
    pointer = _mbarrier(ctx, instr, addr)
    b = ctx.builder
    tx_bytes = b.zext(ctx.read(bytes_op, U32), I64)
    if instr.decoded.form.opcode == "mbarrier.complete_tx":
        tx_bytes = b.sub(I64(0), tx_bytes)

    def change(b: ir.IRBuilder, word: ir.Value) -> ir.Value:
        phase, pending, expected, tx = _fields(b, word)
        tx = b.and_(b.add(tx, tx_bytes), I64(_TX_MASK))
        return _advance(b, phase, pending, expected, tx)

    _update(ctx, instr, pointer, "monotonic", change)


@emitter("mbarrier.arrive")
def mbarrier_arrive(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """`mbarrier.arrive{_drop}{.expect_tx}{.noComplete}.b64 state, [addr]{, count}`."""
    d = instr.decoded
    space = d.get("space") or ""
    if space == "shared::cluster":
        raise ctx.unsupported("mbarrier arrivals on another CTA of the cluster (shared::cluster)")
    state, addr, *rest = instr.operands
    pointer = _mbarrier(ctx, instr, addr)
    b = ctx.builder
    tx_bytes = None
    if d.has("expect_tx"):
        tx_bytes = b.zext(ctx.read(rest.pop(0), U32), I64)
        count = I64(1)
    else:
        count = b.zext(ctx.read(rest[0], U32), I64) if rest else I64(1)
    ordering = _ORDER[d.get("sem") or "release"]
    drop = instr.decoded.form.opcode == "mbarrier.arrive_drop"
    result = _arrive(ctx, instr, pointer, count, drop, tx_bytes, ordering)
    if not (isinstance(state, ast.Name) and state.name == "_"):  # `_`: no state wanted
        ctx.write(state, result, B64)


@emitter("mbarrier.cp_async_arrive")
def cp_async_mbarrier_arrive(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """`cp.async.mbarrier.arrive{.noinc}.b64 [addr]`: the thread's copies are complete, so
    the arrival happens now; without .noinc the pending count it first gained is what the
    arrival takes back."""
    (addr,) = instr.operands
    pointer = _mbarrier(ctx, instr, addr)
    if instr.decoded.has("noinc"):
        _arrive(ctx, instr, pointer, I64(1), False, None, "release")
    else:
        ctx.builder.fence("release", _scope(ctx, instr))


@emitter("mbarrier.wait")
def mbarrier_wait(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """`mbarrier.{test,try}_wait{.parity}.b64 waitComplete, [addr], state | phaseParity
    {, suspendTimeHint}`: whether the phase of `state` (or the phase of that parity) has
    completed."""
    d = instr.decoded
    dest, addr, token, *hint = instr.operands
    if hint:
        ctx.read(hint[0], U32)  # a time limit the wait may use: it does not change results
    pointer = _mbarrier(ctx, instr, addr)
    b = ctx.builder
    if d.has("parity"):
        parity = b.and_(b.zext(ctx.read(token, U32), I64), I64(1))
    else:
        parity = b.lshr(ctx.read(token, B64), I64(_PHASE_SHIFT))
    ordering = _ORDER[d.get("sem") or "acquire"]
    scope = _scope(ctx, instr)

    def completed() -> ir.Value:
        word = load(b, pointer, I64, align=8, ordering=ordering, syncscope=scope)
        return b.icmp_unsigned("!=", b.lshr(word, I64(_PHASE_SHIFT)), parity)

    first = completed()
    entry = b.block
    again = ctx.fn.append_basic_block("mbarrier.wait.again")
    done = ctx.fn.append_basic_block("mbarrier.wait.done")
    b.cbranch(first, done, again)
    b.position_at_end(again)
    ctx.hooks.spin_wait(b)
    second = completed()
    b.branch(done)
    b.position_at_end(done)
    result = b.phi(I1)
    result.add_incoming(first, entry)
    result.add_incoming(second, again)
    ctx.write(dest, result, PRED)


@emitter("mbarrier.pending_count")
def mbarrier_pending_count(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """`mbarrier.pending_count.b64 count, state`: the pending arrivals a state recorded."""
    dest, token = instr.operands
    b = ctx.builder
    count = b.trunc(_field(b, ctx.read(token, B64), 0, _COUNT_MASK), I32)
    ctx.write(dest, count, U32)
