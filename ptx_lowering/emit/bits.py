"""Bit counting and bit fields (PTX ISA 9.7.1.14-22): popc, clz, bfind, fns, brev, bfe, bfi,
szext, bmsk; and the byte permute prmt (9.7.9.7).

Each follows the ISA's pseudo-code for every input, including the out-of-range positions
and lengths where LLVM's shifts would be poison: shift amounts are clamped before
shifting and the out-of-range cases are selected afterwards.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import call_intrinsic, resize, umin
from cu2amd.ptx_lowering.isa.types import TYPES

I1 = ir.IntType(1)
I8 = ir.IntType(8)
I32 = ir.IntType(32)
I64 = ir.IntType(64)
U32 = TYPES["u32"]


def _call(
    ctx: FunctionContext, name: str, args: list[ir.Value], flag: bool | None = None
) -> ir.Value:
    """`llvm.<name>.iN`, with a trailing i1 argument when `flag` is given (ctlz)."""
    ty = args[0].type
    extra = [I1(flag)] if flag is not None else []
    return call_intrinsic(ctx.builder, f"llvm.{name}.i{ty.width}", ty, [*args, *extra])


def _to_u32(ctx: FunctionContext, value: ir.Value) -> ir.Value:
    return resize(ctx.builder, value, 32)


@emitter("bits.popc")
def popc(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a = ctx.read(instr.operands[1], t)
    ctx.write(instr.operands[0], _to_u32(ctx, _call(ctx, "ctpop", [a])), U32)


@emitter("bits.clz")
def clz(ctx: FunctionContext, instr: ast.Instruction) -> None:
    # 9.7.1.15: 0..32 (0..64) inclusive: a zero input is not poison here.
    t = instr.decoded.type()
    a = ctx.read(instr.operands[1], t)
    ctx.write(instr.operands[0], _to_u32(ctx, _call(ctx, "ctlz", [a], flag=False)), U32)


@emitter("bits.brev")
def brev(ctx: FunctionContext, instr: ast.Instruction) -> None:
    t = instr.decoded.type()
    a = ctx.read(instr.operands[1], t)
    ctx.write(instr.operands[0], _call(ctx, "bitreverse", [a]), t)


@emitter("bits.bfind")
def bfind(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.1.16: the position of the most significant non-sign bit (negative signed
    inputs are inverted first), or msb - position with .shiftamt; 0xffffffff if none."""
    t = instr.decoded.type()
    a = ctx.read(instr.operands[1], t)
    bld = ctx.builder
    if t.is_signed:
        negative = bld.icmp_signed("<", a, a.type(0))
        a = bld.select(negative, bld.not_(a), a)
    leading = _to_u32(ctx, _call(ctx, "ctlz", [a], flag=False))
    position = leading if instr.decoded.has("shiftamt") else bld.sub(I32(t.bits - 1), leading)
    found = bld.icmp_unsigned("!=", a, a.type(0))
    ctx.write(instr.operands[0], bld.select(found, position, I32(0xFFFFFFFF)), U32)


def _nth_set_bit(ctx: FunctionContext, mask: ir.Value, n: ir.Value) -> ir.Value:
    """The position of the n-th (from 1) lowest set bit of a 32-bit mask, found by
    halving: valid when 1 <= n <= popc(mask)."""
    bld = ctx.builder
    position = I32(0)
    for width in (16, 8, 4, 2, 1):
        below = _call(ctx, "ctpop", [bld.and_(mask, I32((1 << width) - 1))])
        higher = bld.icmp_unsigned(">", n, below)
        n = bld.select(higher, bld.sub(n, below), n)
        mask = bld.select(higher, bld.lshr(mask, I32(width)), mask)
        position = bld.select(higher, bld.add(position, I32(width)), position)
    return position


@emitter("bits.fns")
def fns(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.1.17: the position of the offset-th set bit of mask counting up (offset > 0)
    or down (offset < 0) from bit `base`, base included; offset 0 asks whether bit `base`
    is set. 0xffffffff when there is no such bit. The ISA leaves base > 31 undefined;
    its pseudo-code then looks at no bit at all, so cu2amd gives 0xffffffff."""
    d, mask_op, base_op, offset_op = instr.operands
    mask, base = ctx.read(mask_op, U32), ctx.read(base_op, U32)
    offset = ctx.read(offset_op, TYPES["s32"])
    bld = ctx.builder
    in_range = bld.icmp_unsigned("<", base, I32(32))
    base5 = bld.and_(base, I32(31))
    upward = bld.icmp_signed(">", offset, I32(0))
    # bits at or above base (upward); at or below base, reversed so that counting
    # downward from base is counting upward (downward)
    above = bld.and_(mask, bld.shl(I32(-1), base5))
    below = bld.and_(mask, bld.lshr(I32(-1), bld.sub(I32(31), base5)))
    candidates = bld.select(upward, above, _call(ctx, "bitreverse", [below]))
    n = bld.select(upward, offset, bld.neg(offset))  # |offset|; 2^31 for MININT: none
    found = bld.icmp_unsigned("<=", n, _call(ctx, "ctpop", [candidates]))
    nth = _nth_set_bit(ctx, candidates, n)
    position = bld.select(upward, nth, bld.sub(I32(31), nth))
    # offset 0: base itself, if its bit is set
    base_set = bld.trunc(bld.lshr(mask, base5), I1)
    is_zero = bld.icmp_unsigned("==", offset, I32(0))
    position = bld.select(is_zero, base5, position)
    found = bld.select(is_zero, base_set, found)
    result = bld.select(bld.and_(in_range, found), position, I32(0xFFFFFFFF))
    ctx.write(d, result, TYPES["b32"])


def _field_args(
    ctx: FunctionContext, pos_op: ast.Operand, len_op: ast.Operand
) -> tuple[ir.Value, ir.Value]:
    """The position and length operands of bfe/bfi: .u32, of which only bits 0..7 count."""
    bld = ctx.builder
    pos = bld.and_(ctx.read(pos_op, U32), I32(0xFF))
    length = bld.and_(ctx.read(len_op, U32), I32(0xFF))
    return pos, length


@emitter("bits.bfe")
def bfe(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.1.19: bits pos .. pos+len-1 of a, zero-extended (.u) or extended with the
    field's last bit inside a (.s: a[min(pos+len-1, msb)]); 0 when len is 0."""
    t = instr.decoded.type()
    d, a_op, b_op, c_op = instr.operands
    a = ctx.read(a_op, t)
    pos, length = _field_args(ctx, b_op, c_op)
    bld = ctx.builder
    ty, n = a.type, t.bits
    # For pos > msb the signed result is a's sign bit everywhere: the 1-bit field at msb.
    pos_c = umin(bld, pos, I32(n - 1))
    size = umin(bld, length, bld.sub(I32(n), pos_c))  # the field's bits inside a: 1..n
    field = bld.lshr(a, resize(bld, pos_c, ty.width))
    empty = bld.icmp_unsigned("==", length, I32(0))
    # shift the field's last bit to the msb and back, extending it; the shift is n - size
    # (0 when len is 0: that case is selected below)
    spare = resize(bld, bld.select(empty, I32(0), bld.sub(I32(n), size)), ty.width)
    top = bld.shl(field, spare)
    result = bld.ashr(top, spare) if t.is_signed else bld.lshr(top, spare)
    if not t.is_signed:
        empty = bld.or_(empty, bld.icmp_unsigned(">=", pos, I32(n)))
    ctx.write(d, bld.select(empty, ty(0), result), t)


@emitter("bits.bfi")
def bfi(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.1.20: b with bits pos .. pos+len-1 (those inside it) replaced by the low bits
    of a; b itself when len is 0 or pos is beyond the msb."""
    t = instr.decoded.type()
    f, a_op, b_op, c_op, d_op = instr.operands
    a, b = ctx.read(a_op, t), ctx.read(b_op, t)
    pos, length = _field_args(ctx, c_op, d_op)
    bld = ctx.builder
    ty, n = a.type, t.bits
    pos_c = umin(bld, pos, I32(n - 1))
    size = umin(bld, length, bld.sub(I32(n), pos_c))
    keep = bld.icmp_unsigned("==", size, I32(0))
    # size ones (size >= 1 here; the size-0 case is selected below), moved to pos
    ones = bld.lshr(ty(-1), resize(bld, bld.sub(I32(n), bld.select(keep, I32(1), size)), ty.width))
    shift = resize(bld, pos_c, ty.width)
    mask = bld.shl(ones, shift)
    inserted = bld.or_(bld.and_(b, bld.not_(mask)), bld.and_(bld.shl(a, shift), mask))
    keep = bld.or_(keep, bld.icmp_unsigned(">=", pos, I32(n)))
    ctx.write(f, bld.select(keep, b, inserted), t)


@emitter("bits.szext")
def szext(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.1.21, the ISA's pseudo-code: the low N = b bits of a, sign-extended (.s32) or
    zero-extended (.u32); N = 0 gives 0; N >= 32 gives a with .clamp, and N mod 32
    bits with .wrap."""
    t = instr.decoded.type()
    d, a_op, b_op = instr.operands
    a, b = ctx.read(a_op, t), ctx.read(b_op, U32)
    bld = ctx.builder
    b1 = bld.and_(b, I32(31))
    mask = bld.shl(I32(-1), b1)
    too_large = None
    if instr.decoded.get("mode") == "clamp":
        too_large = bld.icmp_unsigned(">=", b, I32(32))
        mask = bld.select(too_large, I32(0), mask)
    result = bld.and_(a, bld.not_(mask))
    if t.is_signed:
        sign_pos = bld.and_(bld.sub(b1, I32(1)), I32(31))
        sign = bld.trunc(bld.lshr(a, sign_pos), I1)
        sign = bld.and_(sign, bld.icmp_unsigned("!=", b1, I32(0)))
        if too_large is not None:
            sign = bld.and_(sign, bld.not_(too_large))
        result = bld.or_(result, bld.select(sign, mask, I32(0)))
    ctx.write(d, result, t)


@emitter("bits.bmsk")
def bmsk(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.1.22, the ISA's pseudo-code: ones from bit a (mod 32) for b (mod 32) bits,
    stopping at bit 31. With .clamp, a >= 32 gives 0 and b >= 32 ones up to bit 31."""
    d, a_op, b_op = instr.operands
    a, b = ctx.read(a_op, U32), ctx.read(b_op, U32)
    bld = ctx.builder
    a1, b1 = bld.and_(a, I32(31)), bld.and_(b, I32(31))
    mask0 = bld.shl(I32(-1), a1)
    total = bld.add(a1, b1)
    overflow = bld.icmp_unsigned(">=", total, I32(32))
    mask1 = bld.shl(I32(-1), bld.and_(total, I32(31)))  # used only when total < 32
    if instr.decoded.get("mode") == "clamp":
        position_overflow = bld.icmp_unsigned(">=", a, I32(32))
        mask0 = bld.select(position_overflow, I32(0), mask0)
        overflow = bld.or_(
            overflow, bld.or_(position_overflow, bld.icmp_unsigned(">=", b, I32(32)))
        )
    # (the pseudo-code's mask1 = ~0 for b1 = 0 needs no case of its own: then total = a1,
    # mask1 = mask0 and the result is 0 either way)
    mask1 = bld.select(overflow, I32(0), mask1)
    ctx.write(d, bld.and_(mask0, bld.not_(mask1)), TYPES["b32"])


# prmt modes (9.7.9.7, Table "prmt modes"): for each value of c[1:0], the source byte
# (0..7 of {b, a}) that each destination byte takes, as the 16-bit selector of the
# generic form would give it (destination byte k in bits 4k..4k+3), four per mode.
_PRMT_MODES: dict[str, tuple[int, int, int, int]] = {
    "f4e": (0x3210, 0x4321, 0x5432, 0x6543),  # forward 4 extract
    "b4e": (0x5670, 0x6701, 0x7012, 0x0123),  # backward 4 extract
    "rc8": (0x0000, 0x1111, 0x2222, 0x3333),  # replicate 8
    "ecl": (0x3210, 0x3211, 0x3222, 0x3333),  # edge clamp left
    "ecr": (0x0000, 0x1110, 0x2210, 0x3210),  # edge clamp right
    "rc16": (0x1010, 0x3232, 0x1010, 0x3232),  # replicate 16
}


@emitter("bits.prmt")
def prmt(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """9.7.9.7: each destination byte is one of the 8 bytes of {b, a}. Without a mode,
    c holds four 4-bit selectors (bit 3 set: replicate the byte's sign bit instead);
    with one, c[1:0] picks a row of the mode's table and bytes are copied as they are."""
    d, a_op, b_op, c_op = instr.operands
    a, b, c = (ctx.read(op, U32) for op in (a_op, b_op, c_op))
    bld = ctx.builder
    source = bld.or_(bld.shl(bld.zext(b, I64), I64(32)), bld.zext(a, I64))
    mode = instr.decoded.get("mode")
    if mode is None:
        selectors = c
    else:
        table = sum(row << (16 * i) for i, row in enumerate(_PRMT_MODES[mode]))
        row = bld.zext(bld.shl(bld.and_(c, I32(3)), I32(4)), I64)  # c[1:0] * 16
        selectors = bld.trunc(bld.lshr(I64(table), row), I32)
    result = None
    for k in range(4):
        selector = bld.lshr(selectors, I32(4 * k)) if k else selectors
        index = bld.and_(selector, I32(7))
        byte = bld.trunc(bld.lshr(source, bld.zext(bld.shl(index, I32(3)), I64)), I8)
        if mode is None:
            replicate = bld.trunc(bld.lshr(selector, I32(3)), I1)
            byte = bld.select(replicate, bld.ashr(byte, I8(7)), byte)
        part = bld.zext(byte, I32)
        part = bld.shl(part, I32(8 * k)) if k else part
        result = part if result is None else bld.or_(result, part)
    ctx.write(d, result, TYPES["b32"])
