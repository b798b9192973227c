"""cvt (PTX ISA 9.7.9.21): conversions between every integer and floating-point type.

What each conversion lowers to, and why it is exact:
- integer -> integer: truncation or extension; `.sat` clamps on a type wide enough for
  both ranges.
- float -> integer (`.rni .rzi .rmi .rpi`): the rounding to an integral value is exact in
  the source precision (llvm.roundeven/trunc/floor/ceil), then llvm.fpto[su]i.sat
  saturates to the destination range as PTX does by default. NaN gives 0, or
  1 << (bits - 1) when the source is .f64 or the destination 64-bit (PTX ISA 9.0).
- integer -> float and float -> float: LLVM's conversions where they are IEEE-exact
  (fpext; fptrunc and [su]itofp with .rn to f32/f64, or when no rounding can occur),
  else the bit-level rounding of fpbits.py, which is correct in every direction.
- Float results: NaN is the canonical NaN; `.ftz` flushes .f32 subnormal inputs and
  results; `.sat` clamps to [0.0, 1.0] (NaN and -0.0 give +0.0); `.relu` clamps negative
  results to +0.0; `.satfinite` turns overflow into the largest finite value.
Spellings the ISA rules out (a missing or misplaced rounding modifier, `.ftz` away from
.f32, a `.sat` that cannot saturate) are errors naming the rule, as ptxas reports them.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit import fpbits, half
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.fpbits import const
from cu2amd.ptx_lowering.emit.fpformat import FORMATS, holds
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import call_intrinsic
from cu2amd.ptx_lowering.isa.types import TYPES, PtxType

F32, F64 = ir.FloatType(), ir.DoubleType()
INT_NAMES = ("u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64")
INTEGRAL = {"rni": "roundeven", "rzi": "trunc", "rmi": "floor", "rpi": "ceil"}
# Significand bits: an integer of at most this many bits converts exactly.
PRECISION = {"f16": 11, "bf16": 8, "f32": 24, "f64": 53}


def bits_type(name: str) -> PtxType:
    """The bit type of the same size as float type `name`."""
    return TYPES[f"b{TYPES[name].bits}"]


def read_bits(ctx: FunctionContext, op: ast.Operand, t: str) -> ir.Value:
    """A float operand of type `t` as its bits."""
    value = ctx.read(op, TYPES[t], relaxed=True)
    if t in ("f16", "f32", "f64"):
        return ctx.builder.bitcast(value, ir.IntType(TYPES[t].bits))
    return value


def to_float(b: ir.IRBuilder, bits: ir.Value, name: str) -> ir.Value:
    """An f16/bf16/f32/f64 value (as bits) as an LLVM float or double holding it exactly."""
    if name == "f64":
        return b.bitcast(bits, F64)
    if name == "f32":
        return b.bitcast(bits, F32)
    return half.widen(b, bits, name)


def _fname(ty: ir.Type) -> str:
    return "f64" if isinstance(ty, ir.DoubleType) else "f32"


# -- the four kinds of conversion ---------------------------------------------------------


def float_to_int(b: ir.IRBuilder, bits: ir.Value, src: str, dst: str, irnd: str) -> ir.Value:
    x = to_float(b, bits, src)
    fn = _fname(x.type)
    r = call_intrinsic(b, f"llvm.{INTEGRAL[irnd]}.{fn}", x.type, [x])
    width = TYPES[dst].bits
    kind = "fptosi" if dst.startswith("s") else "fptoui"
    out = call_intrinsic(b, f"llvm.{kind}.sat.i{width}.{fn}", ir.IntType(width), [r])
    if src == "f64" or width == 64:  # PTX ISA 9.0: NaN -> 1 << (bits - 1) for these
        nan = b.fcmp_unordered("uno", x, x)
        out = b.select(nan, const(ir.IntType(width), 1 << (width - 1)), out)
    return out


def int_to_float(b: ir.IRBuilder, value: ir.Value, src: str, dst: str, mode: str) -> ir.Value:
    """The result's bits, or an LLVM float/double where sitofp/uitofp are exact."""
    signed = src.startswith("s")
    native = dst in ("f32", "f64") and (mode == "rn" or TYPES[src].bits <= PRECISION[dst])
    if not native:
        return fpbits.int_to_float(b, value, signed, FORMATS[dst], mode)
    ty = F32 if dst == "f32" else F64
    return b.sitofp(value, ty) if signed else b.uitofp(value, ty)


def integral(b: ir.IRBuilder, bits: ir.Value, t: str, irnd: str) -> ir.Value:
    """Round to an integral value in the same format (exact: the result is representable)."""
    x = to_float(b, bits, t)
    r = call_intrinsic(b, f"llvm.{INTEGRAL[irnd]}.{_fname(x.type)}", x.type, [x])
    if t == "f16":
        out = b.bitcast(b.fptrunc(r, ir.HalfType()), ir.IntType(16))
    elif t == "bf16":
        out = b.trunc(b.lshr(b.bitcast(r, ir.IntType(32)), const(ir.IntType(32), 16)),
                      ir.IntType(16))  # fmt: skip
    else:
        out = b.bitcast(r, ir.IntType(TYPES[t].bits))
    return fpbits.canonicalize_nan(b, out, FORMATS[t])


def float_to_float(b: ir.IRBuilder, bits: ir.Value, src: str, dst: str, mode: str) -> ir.Value:
    sf, df = FORMATS[src], FORMATS[dst]
    if holds(df, sf):  # widening: fpext is exact (bf16 is the top half of an f32)
        x = to_float(b, bits, src)
        if dst == "f64" and isinstance(x.type, ir.FloatType):
            x = b.fpext(x, F64)
        out = b.bitcast(x, ir.IntType(df.bits))
    elif mode == "rn" and (src, dst) in (("f32", "f16"), ("f64", "f32")):
        narrow = ir.HalfType() if dst == "f16" else F32
        out = b.bitcast(b.fptrunc(b.bitcast(bits, F32 if src == "f32" else F64), narrow),
                        ir.IntType(df.bits))  # fmt: skip
    else:
        return fpbits.convert_float(b, bits, sf, df, mode)
    return fpbits.canonicalize_nan(b, out, df)


# -- rules of 9.7.9.21 ---------------------------------------------------------------------


def _check(ctx: FunctionContext, d: str, a: str, irnd: str | None, frnd: str | None,
           ftz: bool, sat: bool) -> None:  # fmt: skip
    """The ISA's (and ptxas's) rules for which modifiers a conversion takes."""
    dint, aint = d in INT_NAMES, a in INT_NAMES
    what = f"a conversion from .{a} to .{d}"
    if dint and aint:
        if irnd or frnd:
            raise ctx.error(f"rounding modifier '.{irnd or frnd}' is not allowed for {what}")
        if ftz:
            raise ctx.error(f"'.ftz' is not allowed for {what}")
        if sat and _range(a)[0] >= _range(d)[0] and _range(a)[1] <= _range(d)[1]:
            raise ctx.error(f"'.sat' is not allowed for {what}: every .{a} value fits in .{d}")
        return
    if ftz and "f32" not in (a, d):
        raise ctx.error("'.ftz' applies only to conversions from or to .f32")
    if sat and d == "bf16":
        raise ctx.error("'.sat' is not allowed with a .bf16 result")
    if dint:  # float -> integer
        if frnd or not irnd:
            found = f"'.{frnd}' is not allowed" if frnd else "a rounding modifier is required"
            raise ctx.error(f"{found}: {what} rounds with .rni, .rzi, .rmi or .rpi")
        return
    if irnd and (aint or a != d):
        raise ctx.error(
            f"integer rounding modifier '.{irnd}' is not allowed for {what} "
            "(it rounds a float to an integral value of the same type)"
        )
    if aint:  # integer -> float
        if not frnd:
            raise ctx.error(f"a rounding modifier is required: {what} rounds with .rn, .rz, "
                            ".rm or .rp")  # fmt: skip
        return
    exact = holds(FORMATS[d], FORMATS[a])
    if frnd and (a == d or (exact and a != "bf16")):
        raise ctx.error(f"rounding modifier '.{frnd}' is not allowed for {what} (it is exact)")
    if not frnd and not exact and a != d and {a, d} != {"f16", "bf16"}:
        raise ctx.error(f"a rounding modifier is required: {what} rounds with .rn, .rz, "
                        ".rm or .rp")  # fmt: skip


def _range(t: str) -> tuple[int, int]:
    bits = TYPES[t].bits
    return (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if t[0] == "s" else (0, (1 << bits) - 1)


@emitter("convert.cvt")
def cvt(ctx: FunctionContext, instr: ast.Instruction) -> None:
    d = instr.decoded
    dst, src = d.get("dtype"), d.get("atype")
    assert dst is not None and src is not None
    irnd, frnd, ftz, sat = d.get("irnd"), d.get("rnd"), d.has("ftz"), d.has("sat")
    _check(ctx, dst, src, irnd, frnd, ftz, sat)
    b = ctx.builder
    dest, op = instr.operands
    if dst in INT_NAMES and src in INT_NAMES:
        ctx.write(dest, _int_to_int(ctx, ctx.read(op, TYPES[src], relaxed=True), src, dst, sat),
                  TYPES[dst], relaxed=True)  # fmt: skip
        return
    if src in INT_NAMES:
        out = int_to_float(b, ctx.read(op, TYPES[src], relaxed=True), src, dst, frnd or "rn")
        if not isinstance(out.type, ir.IntType):
            if not (sat or ftz):  # a plain LLVM conversion: no bits to look at
                ctx.write(dest, out, TYPES[dst], relaxed=True)
                return
            out = b.bitcast(out, ir.IntType(TYPES[dst].bits))
    else:
        bits = read_bits(ctx, op, src)
        if ftz and src == "f32":
            bits = fpbits.flush_subnormal(b, bits, FORMATS["f32"])
        if dst in INT_NAMES:
            assert irnd is not None
            ctx.write(dest, float_to_int(b, bits, src, dst, irnd), TYPES[dst], relaxed=True)
            return
        if irnd:
            out = integral(b, bits, src, irnd)
        elif src == dst:  # a move; with .ftz or .sat the value is computed
            out = fpbits.canonicalize_nan(b, bits, FORMATS[src]) if ftz or sat else bits
        else:
            out = float_to_float(b, bits, src, dst, frnd or "rn")
    if ftz and dst == "f32":
        out = fpbits.flush_subnormal(b, out, FORMATS["f32"])
    if sat:
        out = fpbits.saturate01(b, out, FORMATS[dst])
    ctx.write(dest, out, bits_type(dst), relaxed=True)


def _int_to_int(ctx: FunctionContext, a: ir.Value, src: str, dst: str, sat: bool) -> ir.Value:
    atype, dtype = TYPES[src], TYPES[dst]
    if not sat:
        return ctx.convert_int(a, atype, dtype)
    # Clamp to the destination range on a type wide enough for both ranges.
    b = ctx.builder
    wide = ir.IntType(max(atype.bits, dtype.bits) + 1)
    value = b.sext(a, wide) if atype.is_signed else b.zext(a, wide)
    low, high = _range(dst)
    value = b.select(b.icmp_signed("<", value, const(wide, low)), const(wide, low), value)
    value = b.select(b.icmp_signed(">", value, const(wide, high)), const(wide, high), value)
    return b.trunc(value, ir.IntType(dtype.bits))


# -- the narrow-format forms: .relu, .satfinite, packed pairs, tf32, fp8/fp6/fp4 -----------

# Destination (and source) type names of the packed forms: element format, element bits
# in the register, elements.
PACKED = {
    "f16x2": ("f16", 16), "bf16x2": ("bf16", 16), "e4m3x2": ("e4m3", 8),
    "e5m2x2": ("e5m2", 8), "e2m3x2": ("e2m3", 8), "e3m2x2": ("e3m2", 8), "e2m1x2": ("e2m1", 4),
}  # fmt: skip


def narrow_one(
    b: ir.IRBuilder, bits: ir.Value, src: str, dst: str, mode: str, satfinite: bool, relu: bool
) -> ir.Value:
    """One element of a narrow-format cvt, as the destination format's bits."""
    sf, df = FORMATS[src], FORMATS[dst]
    if holds(df, sf):
        out = fpbits.convert_float(b, bits, sf, df, "rn")  # widening: exact
    elif (src, dst, mode, satfinite) == ("f32", "f16", "rn", False):
        out = float_to_float(b, bits, src, dst, mode)
    else:
        out = fpbits.convert_float(b, bits, sf, df, mode, satfinite=satfinite)
    return fpbits.relu(b, out, df) if relu else out


@emitter("convert.narrow")
def cvt_narrow(ctx: FunctionContext, instr: ast.Instruction) -> None:
    d = instr.decoded
    dst, src, mode = d.get("dtype"), d.get("atype"), d.get("rnd")
    assert dst is not None and src is not None and mode is not None
    satfinite, relu = d.has("satfinite"), d.has("relu")
    b = ctx.builder
    dest, *sources = instr.operands
    if dst == "tf32":
        bits = read_bits(ctx, sources[0], "f32")
        out = narrow_one(b, bits, "f32", "tf32", mode, satfinite, relu)
        out = b.shl(b.zext(out, ir.IntType(32)), const(ir.IntType(32), fpbits.TF32_SHIFT))
        ctx.write(dest, out, TYPES["b32"], relaxed=True)
        return
    if dst in ("f16", "bf16"):
        out = narrow_one(b, read_bits(ctx, sources[0], "f32"), "f32", dst, mode, satfinite, relu)
        ctx.write(dest, out, TYPES["b16"], relaxed=True)
        return
    elem, width = PACKED[dst]
    if src == "f32":  # two f32 operands: a goes to the upper half
        parts = [read_bits(ctx, op, "f32") for op in sources]
        src_elem = "f32"
    else:  # one packed operand, upper element to upper element
        src_elem, src_width = PACKED[src]
        reg_bits = 2 * max(src_width, 8) if src_width > 4 else 8
        packed = ctx.read(sources[0], TYPES[f"b{reg_bits}"], relaxed=True)
        step = src_width if src_width >= 8 else 4
        src_bits = FORMATS[src_elem].bits
        high = b.lshr(packed, const(packed.type, step))
        parts = [b.trunc(v, ir.IntType(src_bits)) for v in (high, packed)]
    total = 2 * width
    ty = ir.IntType(total)
    hi, lo = (b.zext(narrow_one(b, p, src_elem, elem, mode, satfinite, relu), ty) for p in parts)
    out = b.or_(b.shl(hi, const(ty, width)), lo)
    ctx.write(dest, out, TYPES[f"b{max(total, 8)}"], relaxed=True)
