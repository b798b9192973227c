"""Exact conversions between binary floating-point formats, built on their bit patterns.

LLVM's `fptrunc` and `sitofp` round to nearest-even only, and the formats PTX converts to
include ones LLVM has no type for (bf16 on most targets, tf32, and the fp8/fp6/fp4
formats of PTX ISA 5.2.3). The conversions here decode a value into sign, integer
significand and exponent, round it once onto the destination's grid in the requested
direction and encode it, using integer operations only. Every result is the correctly
rounded one by construction, the same bits on every target, with no library calls.

Conventions: a value is `sig * 2**(exp - P)` where `sig` is an unsigned integer whose bit
P is the leading (hidden) bit of a normal number, and `exp` an i32 exponent. Results are
the destination's bits in an integer of its storage width, sign in the top bit.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering.emit.fpcore import helper
from cu2amd.ptx_lowering.emit.fpformat import FloatFormat
from cu2amd.ptx_lowering.irutil import call_intrinsic, resize, smax, umin

I1, I32 = ir.IntType(1), ir.IntType(32)
MODES = ("rn", "rna", "rz", "rm", "rp")  # nearest-even, nearest-away, zero, down, up


TF32_SHIFT = 13


def const(ty: ir.IntType, value: int) -> ir.Constant:
    return ir.Constant(ty, value & ((1 << ty.width) - 1))


# -- classification and simple operations on bits ----------------------------------------


def fields(b: ir.IRBuilder, bits: ir.Value, f: FloatFormat) -> tuple[ir.Value, ir.Value, ir.Value]:
    """(sign as i1, exponent field, fraction field) of `bits` (an iN, N = f.bits)."""
    ty = bits.type
    sign = b.trunc(b.lshr(bits, const(ty, f.bits - 1)), I1)
    exp = b.and_(b.lshr(bits, const(ty, f.mant_bits)), const(ty, (1 << f.exp_bits) - 1))
    frac = b.and_(bits, const(ty, (1 << f.mant_bits) - 1))
    return sign, exp, frac


def negative(b: ir.IRBuilder, bits: ir.Value, f: FloatFormat) -> ir.Value:
    """The sign bit, as i1."""
    sign = b.and_(bits, const(bits.type, f.sign_bit))
    return b.icmp_unsigned("!=", sign, const(bits.type, 0))


def magnitude(b: ir.IRBuilder, bits: ir.Value, f: FloatFormat) -> ir.Value:
    return b.and_(bits, const(bits.type, f.sign_bit - 1))


def is_nan(b: ir.IRBuilder, bits: ir.Value, f: FloatFormat) -> ir.Value:
    if f.nan is None:
        return I1(0)
    mag = magnitude(b, bits, f)
    if f.ieee:
        return b.icmp_unsigned(">", mag, const(bits.type, f.inf))
    return b.icmp_unsigned("==", mag, const(bits.type, f.nan))


def is_subnormal(b: ir.IRBuilder, bits: ir.Value, f: FloatFormat) -> ir.Value:
    mag = magnitude(b, bits, f)
    nonzero = b.icmp_unsigned("!=", mag, const(bits.type, 0))
    return b.and_(nonzero, b.icmp_unsigned("<", mag, const(bits.type, 1 << f.mant_bits)))


def flush_subnormal(b: ir.IRBuilder, bits: ir.Value, f: FloatFormat) -> ir.Value:
    """`.ftz`: a subnormal becomes zero of the same sign."""
    signed_zero = b.and_(bits, const(bits.type, f.sign_bit))
    return b.select(is_subnormal(b, bits, f), signed_zero, bits)


def canonicalize_nan(b: ir.IRBuilder, bits: ir.Value, f: FloatFormat) -> ir.Value:
    """Any NaN becomes the canonical NaN (results are then the same bits on every target)."""
    assert f.nan is not None
    return b.select(is_nan(b, bits, f), const(bits.type, f.nan), bits)


def saturate01(b: ir.IRBuilder, bits: ir.Value, f: FloatFormat) -> ir.Value:
    """`.sat` on a float result: clamp to [+0.0, 1.0]; NaN and negative values (-0.0
    included) give +0.0."""
    ty = bits.type
    low = b.or_(negative(b, bits, f), is_nan(b, bits, f))
    high = b.icmp_unsigned(">", bits, const(ty, f.one))
    return b.select(low, const(ty, 0), b.select(high, const(ty, f.one), bits))


def relu(b: ir.IRBuilder, bits: ir.Value, f: FloatFormat) -> ir.Value:
    """`.relu`: negative results (and -0.0) become +0.0; NaN becomes the canonical NaN."""
    ty = bits.type
    nan = is_nan(b, bits, f)
    out = b.select(negative(b, bits, f), const(ty, 0), bits)
    return b.select(nan, const(ty, f.nan), out) if f.nan is not None else out


# -- rounding onto a destination grid ----------------------------------------------------


def round_pack(
    b: ir.IRBuilder,
    sign: ir.Value,
    sig: ir.Value,
    exp: ir.Value,
    p: int,
    dst: FloatFormat,
    mode: str,
    *,
    satfinite: bool = False,
    subnormal_results: bool = True,
) -> ir.Value:
    """The finite value `(-1)**sign * sig * 2**(exp - p)` rounded to `dst` in `mode`, as
    dst.bits bits. `sig` has bit p set (normalised), or is below 2**p with `exp` at most
    dst.emin (then the result is subnormal or zero). Overflow gives infinity or the
    largest finite value, as IEEE 754 directed rounding (or `satfinite`) says."""
    assert mode in MODES
    w = sig.type.width
    ty = sig.type
    if p - dst.mant_bits < 1:  # make room for the rounding bit
        grow = dst.mant_bits + 1 - p
        sig, p = b.shl(sig, const(ty, grow)), p + grow
    # the clamped shift below stays under the width; without it, the fixed one does
    assert p + 3 <= w if subnormal_results else p < w, "working width too small"
    k0 = p - dst.mant_bits  # bits dropped from a normal result
    d_e = b.add(exp, const(I32, dst.bias))  # biased exponent, if the result is normal
    if subnormal_results:
        # Below the normal range the grid is fixed: drop (1 - d_e) more bits. Beyond p + 2
        # dropped bits the value is under a quarter of the smallest subnormal: every
        # shift from there rounds the same way, so clamp it.
        extra = smax(b, b.sub(const(I32, 1), d_e), const(I32, 0))
        extra = umin(b, extra, const(I32, p + 2 - k0))
        shift = resize(b, b.add(extra, const(I32, k0)), w)
        d_e = smax(b, d_e, const(I32, 1))
    else:
        shift = const(ty, k0)
    top = b.shl(resize(b, b.sub(d_e, const(I32, 1)), w), const(ty, dst.mant_bits))
    base = b.add(top, b.lshr(sig, shift))
    rem = b.and_(sig, b.sub(b.shl(const(ty, 1), shift), const(ty, 1)))
    half = b.shl(const(ty, 1), b.sub(shift, const(ty, 1)))
    if mode == "rn":
        lsb = b.trunc(base, I1)
        tie = b.icmp_unsigned("==", rem, half)
        up = b.or_(b.icmp_unsigned(">", rem, half), b.and_(tie, lsb))
    elif mode == "rna":
        up = b.icmp_unsigned(">=", rem, half)
    elif mode == "rz":
        up = I1(0)
    else:  # directed: away from zero when inexact and the direction points there
        inexact = b.icmp_unsigned("!=", rem, const(ty, 0))
        up = b.and_(b.not_(sign) if mode == "rp" else sign, inexact)
    mag = b.add(base, b.zext(up, ty))
    mag = b.select(b.icmp_unsigned("==", sig, const(ty, 0)), const(ty, 0), mag)
    if dst.ieee:
        overflow = b.icmp_unsigned(">=", mag, const(ty, dst.inf))
    else:
        overflow = b.icmp_unsigned(">", mag, const(ty, dst.max_finite))
    mag = b.select(overflow, _overflow_value(b, sign, dst, mode, satfinite, ty), mag)
    out = b.or_(
        resize(b, mag, dst.bits),
        b.shl(b.zext(sign, ir.IntType(dst.bits)), const(ir.IntType(dst.bits), dst.bits - 1)),
    )
    return out


def _overflow_value(
    b: ir.IRBuilder, sign: ir.Value, dst: FloatFormat, mode: str, satfinite: bool, ty: ir.IntType
) -> ir.Value:
    big, inf = const(ty, dst.max_finite), const(ty, dst.inf if dst.ieee else dst.max_finite)
    if satfinite or not dst.ieee or mode == "rz":
        return big
    if mode in ("rn", "rna"):
        return inf
    if mode == "rp":  # up: +inf, but -MAX for negative values
        return b.select(sign, big, inf)
    return b.select(sign, inf, big)


def decode(
    b: ir.IRBuilder, bits: ir.Value, src: FloatFormat, width: int, *, normalize: bool
) -> tuple[ir.Value, ir.Value, ir.Value, int]:
    """(sign, sig, exp, p) of finite `bits`, sig in `width` bits with p = src.mant_bits. With
    `normalize`, subnormals are shifted so that bit p is set (for destinations whose
    normal range reaches further down)."""
    sign, e_field, frac = fields(b, bits, src)
    p = src.mant_bits
    normal = b.icmp_unsigned("!=", e_field, const(e_field.type, 0))
    sig = b.or_(
        resize(b, frac, width),
        b.shl(b.zext(normal, ir.IntType(width)), const(ir.IntType(width), p)),
    )
    exp = b.sub(smax(b, resize(b, e_field, 32), const(I32, 1)), const(I32, src.bias))
    if normalize:
        wty = ir.IntType(width)
        lz = call_intrinsic(b, f"llvm.ctlz.i{width}", wty, [sig, I1(0)])
        # leading zeros above bit p; zero keeps its shift at 0 (its result is 0 anyway)
        extra = b.sub(lz, const(wty, width - 1 - p))
        extra = b.select(b.icmp_unsigned("==", sig, const(wty, 0)), const(wty, 0), extra)
        sig = b.shl(sig, extra)
        exp = b.sub(exp, resize(b, extra, 32))
    return sign, sig, exp, p


def convert_float(
    b: ir.IRBuilder,
    bits: ir.Value,
    src: FloatFormat,
    dst: FloatFormat,
    mode: str,
    *,
    satfinite: bool = False,
) -> ir.Value:
    """`bits` of format `src` rounded to `dst` in `mode`: NaN gives dst's canonical NaN
    (the largest finite value where dst has no NaN: PTX's `.satfinite` rule), infinity
    gives infinity (the largest finite value with `satfinite` or where dst has none).
    Emitted as a call of the module's function `cu2amd.cvt.<mode>[.satfinite].dst.src`."""
    name = f"cu2amd.cvt.{mode}{'.satfinite' if satfinite else ''}.{dst.name}.{src.name}"
    return helper(
        b, name, ir.IntType(dst.bits), [bits],
        lambda h, args: _convert_float(h, args[0], src, dst, mode, satfinite),
    )  # fmt: skip


def _convert_float(
    b: ir.IRBuilder,
    bits: ir.Value,
    src: FloatFormat,
    dst: FloatFormat,
    mode: str,
    satfinite: bool,
) -> ir.Value:
    width = 64 if src.bits > 32 else 32
    sign, sig, exp, p = decode(b, bits, src, width, normalize=dst.emin < src.emin)
    finite = round_pack(
        b, sign, sig, exp, p, dst, mode, satfinite=satfinite,
        subnormal_results=dst.emin > src.emin - src.mant_bits,
    )  # fmt: skip
    ty = ir.IntType(dst.bits)
    signed = b.shl(b.zext(sign, ty), const(ty, dst.bits - 1))
    if dst.ieee and not satfinite:
        inf = b.or_(signed, const(ty, dst.inf))
    else:
        inf = b.or_(signed, const(ty, dst.max_finite))
    nan = const(ty, dst.nan if dst.nan is not None else dst.max_finite)
    mag = magnitude(b, bits, src)
    if not src.ieee:  # only e4m3 among sources: no infinity
        return b.select(is_nan(b, bits, src), nan, finite)
    special = b.icmp_unsigned(">=", mag, const(mag.type, src.inf))
    is_inf = b.icmp_unsigned("==", mag, const(mag.type, src.inf))
    return b.select(special, b.select(is_inf, inf, nan), finite)


def int_to_float(
    b: ir.IRBuilder, value: ir.Value, signed: bool, dst: FloatFormat, mode: str
) -> ir.Value:
    """An integer rounded to `dst` in `mode` (integers are never subnormal), as a call of
    the module's function `cu2amd.cvt.<mode>.dst.<s|u><bits>`."""
    name = f"cu2amd.cvt.{mode}.{dst.name}.{'s' if signed else 'u'}{value.type.width}"
    return helper(
        b, name, ir.IntType(dst.bits), [value],
        lambda h, args: _int_to_float(h, args[0], signed, dst, mode),
    )  # fmt: skip


def _int_to_float(
    b: ir.IRBuilder, value: ir.Value, signed: bool, dst: FloatFormat, mode: str
) -> ir.Value:
    i64 = ir.IntType(64)
    v = value if value.type.width == 64 else (b.sext if signed else b.zext)(value, i64)
    sign = b.icmp_signed("<", v, const(i64, 0)) if signed else I1(0)
    mag = b.select(sign, b.sub(const(i64, 0), v), v)  # |INT64_MIN| = 2**63 as unsigned
    if value.type.width < 64:
        mag = resize(b, mag, 32 if value.type.width <= 16 else 64)
    w = mag.type.width
    lz = call_intrinsic(b, f"llvm.ctlz.i{w}", mag.type, [mag, I1(0)])
    sig = b.shl(mag, umin(b, lz, const(mag.type, w - 1)))  # zero stays zero
    exp = b.sub(const(I32, w - 1), resize(b, lz, 32))
    return round_pack(b, sign, sig, exp, w - 1, dst, mode, subnormal_results=False)
