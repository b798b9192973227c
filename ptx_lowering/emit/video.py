"""Video instructions (PTX ISA 9.7.18): the scalar vadd, vsub, vabsdiff, vmin, vmax, vshl,
vshr, vmad, vset and the SIMD vadd2/4, vsub2/4, vavrg2/4, vabsdiff2/4, vmin2/4, vmax2/4,
vset2/4, as plain integer IR (no target hooks).

Operand selectors and masks come as part of the register name (`%r1.b0`, `%r2.h10`,
`%r3.b7654`: the grammar's NAME takes them); `_split` separates them. The scalar forms
(9.7.18.1) follow the ISA's stages exactly: each source byte, half-word or word is sign- or
zero-extended by its type to a 33-bit value, the primary operation is computed without
overflow (in i64; i128 for vshl, whose `ta << 32` needs 65 bits, and for vmad's product),
then `optSaturate` (to the destination type's range, narrowed to the merge selector's byte
or half-word), then the secondary operation (`.add/.min/.max` with c extended by the
destination type) or the merge into c, and the low 32 bits are the result. The ISA calls
the intermediate `.s34`; cu2amd keeps it exact, which is the same for every operation but
vshl, where the exact shifted value is what `.sat` clamps.

The SIMD forms (9.7.18.2) select half-words (`.hxy`, x, y in 0..3) or bytes (`.bxyzw`, in
0..7) from the 64-bit pair {b, a}, operate per lane, saturate per lane to the 16- or 8-bit
range of the destination type, then either merge (lanes outside `.mask` come from c) or
accumulate (`.add`: c plus the masked lanes' values, modulo 2^32).
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES, PtxType

I32, I64, I128 = ir.IntType(32), ir.IntType(64), ir.IntType(128)
U32 = TYPES["u32"]
SCALAR_SELECTORS = ("b0", "b1", "b2", "b3", "h0", "h1")
CMP = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}


def _split(op: ast.Operand) -> tuple[ast.Operand, str | None]:
    """`%r1.b0` -> (`%r1`, "b0"); other operands come back unchanged with None."""
    if isinstance(op, ast.Name):
        base, dot, sel = op.name.rpartition(".")
        if dot and sel[:1] in ("b", "h") and sel[1:].isdigit():
            return ast.Name(base, op.loc), sel
    return op, None


def _limits(bits: int, signed: bool) -> tuple[int, int]:
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)


def _clamp(b: ir.IRBuilder, x: ir.Value, lo: int, hi: int) -> ir.Value:
    t = x.type
    x = b.select(b.icmp_signed(">", x, ir.Constant(t, hi)), ir.Constant(t, hi), x)
    return b.select(b.icmp_signed("<", x, ir.Constant(t, lo)), ir.Constant(t, lo), x)


def _extend(b: ir.IRBuilder, x: ir.Value, signed: bool, ty: ir.IntType) -> ir.Value:
    if x.type.width == ty.width:
        return x
    return b.sext(x, ty) if signed else b.zext(x, ty)


def _field(b: ir.IRBuilder, x: ir.Value, index: int, bits: int, signed: bool, ty: ir.IntType):
    """Field `index` of `bits` bits of x, sign- or zero-extended to `ty`."""
    if index:
        x = b.lshr(x, ir.Constant(x.type, index * bits))
    return _extend(b, b.trunc(x, ir.IntType(bits)), signed, ty)


def _part(ctx: FunctionContext, op: ast.Operand, t: PtxType, ty: ir.IntType, what: str) -> ir.Value:
    """A scalar source: the word, or its selected byte/half-word, extended by t's sign."""
    base, sel = _split(op)
    if sel is not None and sel not in SCALAR_SELECTORS:
        raise ctx.error(f"'.{sel}' is not a selector of {what} (.b0-.b3, .h0, .h1)", op.loc)
    x = ctx.read(base, t)
    if sel is None:
        return _extend(ctx.builder, x, t.is_signed, ty)
    bits = 8 if sel[0] == "b" else 16
    return _field(ctx.builder, x, int(sel[1]), bits, t.is_signed, ty)


def _plain(ctx: FunctionContext, op: ast.Operand, t: PtxType, what: str) -> ir.Value:
    base, sel = _split(op)
    if sel is not None:
        raise ctx.error(f"{what} takes no selector ('.{sel}')", op.loc)
    return ctx.read(base, t)


# -- scalar video instructions (9.7.18.1) -----------------------------------------------------


def _primary(ctx: FunctionContext, opcode: str, ta: ir.Value, tb: ir.Value, mode: str | None):
    b = ctx.builder
    ty = ta.type
    if opcode == "vadd":
        return b.add(ta, tb)
    if opcode == "vsub":
        return b.sub(ta, tb)
    if opcode == "vabsdiff":
        diff = b.sub(ta, tb)
        return b.select(b.icmp_signed("<", diff, ir.Constant(ty, 0)), b.neg(diff), diff)
    if opcode in ("vmin", "vmax"):
        keep_a = b.icmp_signed("<" if opcode == "vmin" else ">", ta, tb)
        return b.select(keep_a, ta, tb)
    # vshl, vshr: tb is unsigned; .clamp limits it to 32, .wrap takes it modulo 32
    if mode == "clamp":
        big = b.icmp_unsigned(">", tb, ir.Constant(ty, 32))
        tb = b.select(big, ir.Constant(ty, 32), tb)
    else:
        tb = b.and_(tb, ir.Constant(ty, 31))
    return b.shl(ta, tb) if opcode == "vshl" else b.ashr(ta, tb)


@emitter("video.scalar")
def scalar(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr, vset (9.7.18.1.1, .2, .4)."""
    b = ctx.builder
    dec = instr.decoded
    opcode = instr.opcode
    is_set = opcode == "vset"
    ty = I128 if opcode == "vshl" else I64
    dtype = U32 if is_set else dec.type("dtype")  # vset's result and c are unsigned
    btype = U32 if opcode in ("vshl", "vshr") else dec.type("btype")
    dst, dsel = _split(instr.operands[0])
    op2 = dec.get("op2")
    merging = len(instr.operands) == 4 and op2 is None
    if dsel is not None and (dsel not in SCALAR_SELECTORS or not merging):
        raise ctx.error(
            f"'.{dsel}' is not a destination selector here (the data-merge form "
            "d.dsel, a, b, c takes .b0-.b3, .h0, .h1)",
            instr.operands[0].loc,
        )
    ta = _part(ctx, instr.operands[1], dec.type("atype"), ty, "a")
    tb = _part(ctx, instr.operands[2], btype, ty, "b")
    if is_set:
        tmp = b.zext(b.icmp_signed(CMP[dec.get("cmp")], ta, tb), ty)
    else:
        tmp = _primary(ctx, opcode, ta, tb, dec.get("mode"))
    if dec.has("sat"):  # optSaturate: the merged byte/half-word's range, or the word's
        bits = 32 if dsel is None else 8 if dsel[0] == "b" else 16
        tmp = _clamp(b, tmp, *_limits(bits, dtype.is_signed))
    if len(instr.operands) == 4:
        c = _plain(ctx, instr.operands[3], dtype, "c")
        if op2 is not None:  # optSecOp, c extended by the destination type
            wide_c = _extend(b, c, dtype.is_signed, ty)
            if op2 == "add":
                tmp = b.add(tmp, wide_c)
            else:
                keep_tmp = b.icmp_signed("<" if op2 == "min" else ">", tmp, wide_c)
                tmp = b.select(keep_tmp, tmp, wide_c)
        elif dsel is not None:  # optMerge: the low byte/half-word into c's selected one
            bits = 8 if dsel[0] == "b" else 16
            shift = int(dsel[1]) * bits
            field = ((1 << bits) - 1) << shift
            low = b.shl(b.and_(b.trunc(tmp, I32), ir.Constant(I32, (1 << bits) - 1)),
                        ir.Constant(I32, shift))  # fmt: skip
            kept = b.and_(c, ir.Constant(I32, ~field & 0xFFFFFFFF))
            ctx.write(dst, b.or_(low, kept), dtype)
            return
        # d, a, b, c without a selector: optMerge's default, the intermediate result
    ctx.write(dst, b.trunc(tmp, I32), dtype)


def _negation(op: ast.Operand) -> tuple[ast.Operand, bool]:
    return (op.operand, True) if isinstance(op, ast.Minus) else (op, False)


@emitter("video.vmad")
def vmad(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """vmad (9.7.18.1.3): {-}(a*b) {-}c, or (a*b) + c + 1 with .po, scaled by .shr7/.shr15,
    saturated to the final result's 32-bit range, as the ISA's pseudo-code: a negated
    product is ~(a*b) + 1, a negated c is ~c + 1 (c's 32 bits sign-extended: the final
    result is signed when a or b is signed or anything is negated)."""
    b = ctx.builder
    dec = instr.decoded
    dst, dsel = _split(instr.operands[0])
    if dsel is not None:
        raise ctx.error(f"vmad takes no destination selector ('.{dsel}')", instr.operands[0].loc)
    a_op, neg_a = _negation(instr.operands[1])
    b_op, neg_b = _negation(instr.operands[2])
    c_op, neg_c = _negation(instr.operands[3])
    po = dec.get("mode") == "po"
    if po and (neg_a or neg_b or neg_c):
        raise ctx.error("vmad.po takes no negated operands")
    negate_product = neg_a != neg_b
    if negate_product and neg_c:
        raise ctx.error("vmad negates the product (a*b) or c, not both")
    atype, btype = dec.type("atype"), dec.type("btype")
    signed = atype.is_signed or btype.is_signed or negate_product or neg_c
    ta = _part(ctx, a_op, atype, I128, "a")
    tb = _part(ctx, b_op, btype, I128, "b")
    c = _plain(ctx, c_op, U32, "c")
    tmp = b.mul(ta, tb)
    if negate_product:
        tmp = b.not_(tmp)
    elif neg_c:
        c = b.not_(c)
    tmp = b.add(tmp, _extend(b, c, signed, I128))
    if po or negate_product or neg_c:  # the ISA's lsb
        tmp = b.add(tmp, ir.Constant(I128, 1))
    scale = dec.get("scale")
    if scale is not None:
        amount = ir.Constant(I128, 7 if scale == "shr7" else 15)
        tmp = b.ashr(tmp, amount) if signed else b.lshr(tmp, amount)
    if dec.has("sat"):
        tmp = _clamp(b, tmp, *_limits(32, signed))
    ctx.write(dst, b.trunc(tmp, I32), dec.type("dtype"))


# -- SIMD video instructions (9.7.18.2) -------------------------------------------------------


def _digits(sel: str, lanes: int) -> list[int]:
    """Lane i's source field: `.h10` names lane 1 first (h1) and lane 0 last (h0)."""
    return [int(sel[len(sel) - 1 - i]) for i in range(lanes)]


def _selector_ok(sel: str, lanes: int) -> bool:
    letter, top = ("h", "3") if lanes == 2 else ("b", "7")
    return sel[0] == letter and len(sel) == lanes + 1 and all("0" <= ch <= top for ch in sel[1:])


def _mask_ok(mask: str, lanes: int) -> bool:
    letter = "h" if lanes == 2 else "b"
    digits = [int(ch) for ch in mask[1:]]
    return (
        mask[0] == letter
        and all(d < lanes for d in digits)
        and digits == sorted(set(digits), reverse=True)
    )


def _simd_lane(ctx: FunctionContext, base: str, va: ir.Value, vb: ir.Value, cmp: str | None):
    b = ctx.builder
    zero = ir.Constant(I32, 0)
    if base == "add":
        return b.add(va, vb)
    if base == "sub":
        return b.sub(va, vb)
    if base == "avrg":  # the halves of odd sums round away from zero
        total = b.add(va, vb)
        up = b.add(total, ir.Constant(I32, 1))
        nonneg = b.icmp_signed(">=", total, zero)
        return b.ashr(b.select(nonneg, up, total), ir.Constant(I32, 1))
    if base == "absdiff":
        diff = b.sub(va, vb)
        return b.select(b.icmp_signed("<", diff, zero), b.neg(diff), diff)
    if base in ("min", "max"):
        return b.select(b.icmp_signed("<" if base == "min" else ">", va, vb), va, vb)
    assert base == "set" and cmp is not None
    return b.zext(b.icmp_signed(CMP[cmp], va, vb), I32)


@emitter("video.simd")
def simd(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """vadd2/4, vsub2/4, vavrg2/4, vabsdiff2/4, vmin2/4, vmax2/4, vset2/4 (9.7.18.2)."""
    b = ctx.builder
    dec = instr.decoded
    lanes = int(instr.opcode[-1])
    base = instr.opcode[1:-1]
    bits = 32 // lanes
    atype, btype = dec.type("atype"), dec.type("btype")
    dtype = U32 if base == "set" else dec.type("dtype")
    dst, mask = _split(instr.operands[0])
    a_op, asel = _split(instr.operands[1])
    b_op, bsel = _split(instr.operands[2])
    full = "h10" if lanes == 2 else "b3210"
    mask = mask or full
    if not _mask_ok(mask, lanes):
        raise ctx.error(f"'.{mask}' is not a lane mask of {instr.opcode}", instr.operands[0].loc)
    asel = asel or full
    bsel = bsel or ("h32" if lanes == 2 else "b7654")
    for sel, op in ((asel, instr.operands[1]), (bsel, instr.operands[2])):
        if not _selector_ok(sel, lanes):
            kind = ".hxy (x, y in 0-3)" if lanes == 2 else ".bxyzw (x, y, z, w in 0-7)"
            raise ctx.error(f"'.{sel}' is not a selector of {instr.opcode}: {kind}", op.loc)
    a = ctx.read(a_op, atype)
    bv = ctx.read(b_op, btype)
    c = _plain(ctx, instr.operands[3], dtype, "c")
    pair = b.or_(b.zext(a, I64), b.shl(b.zext(bv, I64), ir.Constant(I64, 32)))
    in_mask = {int(ch) for ch in mask[1:]}
    lane_max = (1 << bits) - 1
    accumulate = dec.get("op2") == "add"
    result = c if accumulate else ir.Constant(I32, 0)
    for i, (fa, fb) in enumerate(zip(_digits(asel, lanes), _digits(bsel, lanes), strict=True)):
        if i not in in_mask:
            if not accumulate:  # the lane comes from c
                kept = b.and_(c, ir.Constant(I32, lane_max << (i * bits)))
                result = b.or_(result, kept)
            continue
        va = _field(b, pair, fa, bits, atype.is_signed, I32)
        vb = _field(b, pair, fb, bits, btype.is_signed, I32)
        t = _simd_lane(ctx, base, va, vb, dec.get("cmp"))
        if dec.has("sat"):
            t = _clamp(b, t, *_limits(bits, dtype.is_signed))
        if accumulate:
            result = b.add(result, t)
        else:
            lane = b.and_(t, ir.Constant(I32, lane_max))
            result = b.or_(result, b.shl(lane, ir.Constant(I32, i * bits)) if i else lane)
    ctx.write(dst, result, dtype)
