"""Atomics and fences (PTX ISA 9.7.13.4-6): atom, red, fence, membar.

atom and red become LLVM `atomicrmw` / `cmpxchg` with the ordering of `.sem` (default
.relaxed: `monotonic`; .acquire, .release, .acq_rel as named) in the sync scope the target
gives `.scope` (default .gpu; AMDGPU: cta "workgroup", cluster and gpu "agent", sys ""
i.e. system). `cmpxchg`'s failure ordering is the strongest allowed one: `acquire` for
.acquire and .acq_rel, `monotonic` otherwise. red is atom without a result. The operations:

    and or xor exch add      and or xor xchg add (fadd for floating-point types)
    min max                  min max (signed types), umin umax (unsigned), fmin fmax
    inc dec                  uinc_wrap udec_wrap: PTX's inc(r, s) = r >= s ? 0 : r + 1 and
                             dec(r, s) = (r == 0 || r > s) ? s : r - 1 exactly
    cas                      cmpxchg

.f16x2 is one `atomicrmw` on a <2 x half> vector (PTX only asks each half to be
atomic); vector forms (.v2 .v4 .v8) are one atomic operation per element.
Operations on .bf16 and .bf16x2 are compare-and-swap loops written here, in integers:
LLVM's own expansion for x86 passes the compared value through float conversions, which
quiet a signalling NaN in memory so that the exchange never succeeds, and x86's bf16
conversion flushes subnormals, which PTX's .noftz keeps. Each bf16 result is computed in
f32 (exact for two bf16 operands) and rounded to nearest even; min and max are IEEE
minNum and maxNum, as LLVM's fmin and fmax (which the .f16 forms use) are.
The ISA notes that atom.add.f32 on global memory flushes subnormal inputs and results to
zero in NVIDIA's current implementation: cu2amd's fadd does not (IEEE on the host; on
AMDGPU, whatever LLVM's lowering for the target does), which only matters for subnormals.

On the host platform threads run one at a time, so any of these is trivially atomic; the
IR is still the same real atomics as for AMDGPU.

fence.sc is a `seq_cst` fence, fence.acq_rel (the default) an `acq_rel` one, fence.acquire
and fence.release one of those orderings, all in the scope's sync scope; membar.cta, .gl
and .sys are fence.sc.cta, .gpu and .sys, as the ISA defines them (sm_70 on).
fence.proxy.alias (and membar.proxy.alias) orders accesses to one location through
different virtual aliases: an `acq_rel` fence at GPU scope, which on AMD GPUs writes back
and invalidates the caches that could hold a stale alias.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit import half
from cu2amd.ptx_lowering.emit.context import FunctionContext, llvm_type
from cu2amd.ptx_lowering.emit.memory import address_pointer, instruction_space
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import call_intrinsic, load
from cu2amd.ptx_lowering.isa.types import TYPES, PtxType

I32, I64 = ir.IntType(32), ir.IntType(64)
_ORDERINGS = {
    "relaxed": "monotonic",
    "acquire": "acquire",
    "release": "release",
    "acq_rel": "acq_rel",
    "sc": "seq_cst",
}
_FAILURE = {"monotonic": "monotonic", "acquire": "acquire", "release": "monotonic",
            "acq_rel": "acquire"}  # fmt: skip
_INT_OPS = {"and": "and", "or": "or", "xor": "xor", "exch": "xchg", "add": "add",
            "inc": "uinc_wrap", "dec": "udec_wrap"}  # fmt: skip
_MEMBAR_SCOPES = {"cta": "cta", "gl": "gpu", "sys": "sys"}


class AtomicRMW(ir.instructions.Instruction):
    """`atomicrmw` with a sync scope and an alignment (llvmlite's has neither)."""

    def __init__(
        self,
        parent: ir.Block,
        op: str,
        ptr: ir.Value,
        val: ir.Value,
        ordering: str,
        syncscope: str,
        align: int,
        name: str,
    ) -> None:
        super().__init__(parent, val.type, "atomicrmw", (ptr, val), name=name)
        self.operation, self.ordering, self.syncscope, self.align = op, ordering, syncscope, align

    def descr(self, buf: list[str]) -> None:
        ptr, val = self.operands
        scope = f' syncscope("{self.syncscope}")' if self.syncscope else ""
        buf.append(
            f"atomicrmw {self.operation} {ptr.type} {ptr.get_reference()}, {val.type} "
            f"{val.get_reference()}{scope} {self.ordering}, align {self.align}"
            f"{self._stringify_metadata(leading_comma=True)}\n"
        )


class CmpXchg(ir.instructions.Instruction):
    """`cmpxchg` with a sync scope and an alignment; yields `{ ty, i1 }`."""

    def __init__(
        self,
        parent: ir.Block,
        ptr: ir.Value,
        cmp: ir.Value,
        new: ir.Value,
        ordering: str,
        syncscope: str,
        align: int,
        name: str,
    ) -> None:
        ty = ir.LiteralStructType([new.type, ir.IntType(1)])
        super().__init__(parent, ty, "cmpxchg", (ptr, cmp, new), name=name)
        self.ordering, self.syncscope, self.align = ordering, syncscope, align

    def descr(self, buf: list[str]) -> None:
        ptr, cmp, new = self.operands
        scope = f' syncscope("{self.syncscope}")' if self.syncscope else ""
        buf.append(
            f"cmpxchg {ptr.type} {ptr.get_reference()}, {cmp.type} {cmp.get_reference()}, "
            f"{new.type} {new.get_reference()}{scope} {self.ordering} "
            f"{_FAILURE[self.ordering]}, align {self.align}"
            f"{self._stringify_metadata(leading_comma=True)}\n"
        )


def atomic_rmw(
    b: ir.IRBuilder, op: str, ptr: ir.Value, val: ir.Value, ordering: str, syncscope: str,
    align: int, name: str = "",
) -> ir.Instruction:  # fmt: skip
    instr = AtomicRMW(b.block, op, ptr, val, ordering, syncscope, align, name)
    b._insert(instr)
    return instr


def cmpxchg(
    b: ir.IRBuilder, ptr: ir.Value, cmp: ir.Value, new: ir.Value, ordering: str,
    syncscope: str, align: int, name: str = "",
) -> ir.Instruction:  # fmt: skip
    instr = CmpXchg(b.block, ptr, cmp, new, ordering, syncscope, align, name)
    b._insert(instr)
    return instr


def _operation_type(t: PtxType) -> ir.Type:
    """The LLVM type an atomic operation on `t` works in: floats as such (.f16x2 as a
    vector), integers and bit types as integers. (bf16 has its own loop.)"""
    if t.name == "f16x2":
        return ir.VectorType(ir.HalfType(), 2)
    return llvm_type(t)


def _rmw_operation(ctx: FunctionContext, op: str, t: PtxType) -> str:
    if t.is_float:
        if op in ("add", "min", "max"):
            return {"add": "fadd", "min": "fmin", "max": "fmax"}[op]
        raise ctx.error(f"'.{op}' is not a floating-point atomic operation")
    if op in ("min", "max"):
        return op if t.is_signed else "u" + op
    return _INT_OPS[op]


def _data(ctx: FunctionContext, instr: ast.Instruction, op: ast.Operand) -> list[ast.Operand]:
    vec = instr.decoded.get("vec")
    if vec is None:
        return [op]
    count = int(vec[1:])
    if not isinstance(op, ast.VectorOp) or len(op.elements) != count:
        raise ctx.error(f"'.{vec}' needs a vector operand of {count} elements", op.loc)
    return list(op.elements)


def _atomic(ctx: FunctionContext, instr: ast.Instruction, with_result: bool) -> None:
    d = instr.decoded
    t = d.type()
    op = d.get("op")
    assert op is not None
    ordering = _ORDERINGS[d.get("sem") or "relaxed"]
    syncscope = ctx.hooks.sync_scope(d.get("scope") or "gpu")
    ops = instr.operands
    dest, addr, rest = (ops[0], ops[1], ops[2:]) if with_result else (None, ops[0], ops[1:])
    assert isinstance(addr, ast.Address)
    pointer = address_pointer(ctx, addr, instruction_space(instr))
    operand_count = 2 if op == "cas" else 1
    if d.has("hint") and len(rest) > operand_count:
        ctx.read(rest[operand_count], TYPES["b64"])  # the cache policy: a hint, ignored
    size = t.bits // 8
    op_ty = _operation_type(t)
    b = ctx.builder
    sources = _data(ctx, instr, rest[0])
    dests = _data(ctx, instr, dest) if dest is not None else [None] * len(sources)
    for i, (src, out) in enumerate(zip(sources, dests, strict=True)):
        element = pointer if i == 0 else b.gep(pointer, [I64(i * size)], source_etype=ir.IntType(8))
        if op == "cas":
            cmp = ctx.read(rest[0], t)
            new = ctx.read(rest[1], t)
            pair = cmpxchg(b, element, cmp, new, ordering, syncscope, size)
            result = b.extract_value(pair, 0)
        elif t.name in ("bf16", "bf16x2"):
            result = _bf16_loop(ctx, element, ctx.read(src, t), op, ordering, syncscope)
        else:
            value = ctx.read(src, t)
            if value.type != op_ty:
                value = b.bitcast(value, op_ty)
            result = atomic_rmw(
                b, _rmw_operation(ctx, op, t), element, value, ordering, syncscope, size
            )
        if out is not None:
            if result.type != llvm_type(t):
                result = b.bitcast(result, llvm_type(t))
            ctx.write(out, result, t)


def _bf16_loop(
    ctx: FunctionContext, ptr: ir.Value, value: ir.Value, op: str, ordering: str, syncscope: str
) -> ir.Value:
    """`*ptr = op(*ptr, value)` for bf16 or bf16x2 bits (i16 or i32), atomically, as a
    compare-and-swap loop: the old bits."""
    b = ctx.builder
    ty = value.type
    assert isinstance(ty, ir.IntType)
    start = load(b, ptr, ty, align=ty.width // 8, ordering="monotonic", syncscope=syncscope)
    entry = b.block
    loop = ctx.fn.append_basic_block("bf16.atomic")
    done = ctx.fn.append_basic_block("bf16.atomic.done")
    b.branch(loop)
    b.position_at_end(loop)
    old = b.phi(ty)
    old.add_incoming(start, entry)
    new: ir.Value = ir.Constant(ty, 0)
    for lane in range(ty.width // 16):
        shift = ir.Constant(ty, 16 * lane)
        x, y = (b.trunc(b.lshr(v, shift), ir.IntType(16)) for v in (old, value))
        lane_bits = b.zext(_bf16_apply(ctx, op, x, y), ty)
        new = b.or_(new, b.shl(lane_bits, shift))
    pair = cmpxchg(b, ptr, old, new, ordering, syncscope, ty.width // 8)
    seen = b.extract_value(pair, 0)
    old.add_incoming(seen, loop)
    b.cbranch(b.extract_value(pair, 1), done, loop)
    b.position_at_end(done)
    return seen


def _bf16_apply(ctx: FunctionContext, op: str, x: ir.Value, y: ir.Value) -> ir.Value:
    """op(x, y) of two bf16 values (i16 bits), as bf16 bits."""
    b = ctx.builder
    fx, fy = (half.widen(b, v, "bf16") for v in (x, y))
    if op == "add":
        total = b.fadd(fx, fy)
    else:
        name = {"min": "llvm.minnum.f32", "max": "llvm.maxnum.f32"}[op]
        total = call_intrinsic(b, name, ir.FloatType(), [fx, fy])
    bits = b.bitcast(total, I32)
    # round to nearest even; a NaN keeps its sign and top payload bits, made quiet
    rounded = b.add(bits, b.add(I32(0x7FFF), b.and_(b.lshr(bits, I32(16)), I32(1))))
    nan = b.fcmp_unordered("uno", total, total)
    quiet = b.or_(b.lshr(bits, I32(16)), I32(0x40))
    return b.trunc(b.select(nan, quiet, b.lshr(rounded, I32(16))), ir.IntType(16))


@emitter("atomic.atom")
def atom(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _atomic(ctx, instr, with_result=True)


@emitter("atomic.red")
def red(ctx: FunctionContext, instr: ast.Instruction) -> None:
    _atomic(ctx, instr, with_result=False)


@emitter("atomic.fence")
def fence(ctx: FunctionContext, instr: ast.Instruction) -> None:
    d = instr.decoded
    hooks, b = ctx.hooks, ctx.builder
    if d.get("proxykind") == "alias":
        b.fence("acq_rel", hooks.sync_scope("gpu") or None)
        return
    if instr.opcode == "membar":
        level = d.get("level")
        assert level is not None
        b.fence("seq_cst", hooks.sync_scope(_MEMBAR_SCOPES[level]) or None)
        return
    scope = d.get("scope")
    assert scope is not None
    b.fence(_ORDERINGS[d.get("sem") or "acq_rel"], hooks.sync_scope(scope) or None)
