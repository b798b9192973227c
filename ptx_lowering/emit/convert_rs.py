"""cvt's stochastic rounding (`.rs`) and its .ue8m0 scale-factor conversions (PTX ISA
9.7.9.21, 5.2.3).

`.rs` (`cvt.rs{.relu}{.satfinite}.f16x2.f32 d, a, b, rbits` and `.bf16x2.f32`): the result
is rounded toward or away from zero by the carry out of the integer addition of the random
bits to the bits of the input's significand that the conversion discards. `rbits` gives 16
bits per element, the upper half for `a` (the upper half of d), the lower half for `b`:
all 16 for .bf16, the 13 low ones for .f16 (the ISA asks the 3 others to be 0; they are
ignored). So, with N random bits r and the exact value in units of the result's ulp
u = |x| / ulp, the magnitude is floor(u) plus the carry of floor(frac(u) * 2**N) + r:
- .bf16 keeps f32's exponent range, so its discarded bits are always the low 16 bits of
  the .f32 pattern (subnormals too): the magnitude is (|x| bits + r) >> 16.
- .f16 normal results discard the low 13 bits the same way; below 2**-14 the grid is
  fixed (2**-24) and more bits are discarded: the random bits are added to the top 13 of
  them (the same alignment as in the normal range, so a 13-bit sum decides the carry at
  every magnitude; the lower discarded bits only truncate).
A carry past the largest finite value gives infinity, the largest finite value with
`.satfinite`; infinity stays infinity (`.satfinite`: the largest finite value); NaN gives
the canonical NaN; `.relu` turns negative results (and -0.0) into +0.0.

.ue8m0 is an 8-bit unsigned exponent: code e is 2**(e - 127) for e < 255, 0xff is NaN; it
has no zero, sign or infinity. To .ue8m0 (`cvt.rz/.rp{.satfinite}.ue8m0x2.f32 d, a, b` and
`.ue8m0x2.bf16x2 d, a`), the sign is ignored (the ISA's `.satfinite` rule: "the
destination sign is not supported") and |x| is rounded onto the powers of two: .rz down,
.rp up; below 2**-127 (zero included) the result is the smallest code, 0. NaN gives 0xff;
infinity and values that round past 2**127 give 0xff (NaN: no infinity to give), or 0xfe
(2**127) with `.satfinite`. From .ue8m0 (`cvt.rn.bf16x2.ue8m0x2 d, a`) every code is a
.bf16 value exactly (code 0 is the subnormal 2**-127); 0xff is the canonical .bf16 NaN.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.convert import read_bits
from cu2amd.ptx_lowering.emit.fpcore import helper
from cu2amd.ptx_lowering.emit.fpformat import FORMATS
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import umin
from cu2amd.ptx_lowering.isa.types import TYPES

I8, I16, I32, I64 = ir.IntType(8), ir.IntType(16), ir.IntType(32), ir.IntType(64)
F32_INF = 0x7F80_0000
# Random bits each element takes from its 16-bit half of rbits.
RS_BITS = {"f16": 13, "bf16": 16}


def _c(ty: ir.IntType, value: int) -> ir.Constant:
    return ir.Constant(ty, value)


# -- .rs --------------------------------------------------------------------------------


def stochastic(
    b: ir.IRBuilder, bits: ir.Value, rbits: ir.Value, dst: str, satfinite: bool, relu: bool
) -> ir.Value:
    """One .f32 (bits) stochastically rounded to .f16/.bf16 with 16 random bits (an i16,
    of which .f16 uses the low 13): the result's bits, as a call of the module's function
    `cu2amd.cvt.rs[.relu][.satfinite].<dst>.f32`."""
    name = f"cu2amd.cvt.rs{'.relu' if relu else ''}{'.satfinite' if satfinite else ''}.{dst}.f32"
    return helper(
        b, name, I16, [bits, rbits],
        lambda h, args: _stochastic(h, args[0], args[1], dst, satfinite, relu),
    )  # fmt: skip


def _stochastic(
    b: ir.IRBuilder, bits: ir.Value, rbits: ir.Value, dst: str, satfinite: bool, relu: bool
) -> ir.Value:
    df = FORMATS[dst]
    n = RS_BITS[dst]
    r = b.zext(b.and_(rbits, _c(I16, (1 << n) - 1)), I32)
    sign = b.and_(b.lshr(bits, _c(I32, 16)), _c(I32, 0x8000))
    mag = b.and_(bits, _c(I32, 0x7FFF_FFFF))
    # normal results (and every .bf16 one): the discarded bits are the low `drop` bits of
    # the pattern, and the carry runs on into the exponent (up to infinity)
    drop = 23 - df.mant_bits
    rebias = (127 - df.bias) << df.mant_bits
    big = b.lshr(b.add(mag, r), _c(I32, drop))  # mag < 2**31: no overflow of i32
    out = b.sub(big, _c(I32, rebias)) if rebias else big
    if dst == "f16":
        # |x| < 2**-14: u = sig * 2**(E - 126) ulps of 2**-24; floor(u * 2**13) then
        # the carry of + r (E is the f32 exponent field, sig the significand with its
        # hidden bit; f32 subnormals have E = 0 and the exponent of E = 1)
        e_field = b.lshr(mag, _c(I32, 23))
        normal_f32 = b.icmp_unsigned("!=", e_field, _c(I32, 0))
        frac = b.and_(mag, _c(I32, 0x7F_FFFF))
        sig = b.or_(frac, b.select(normal_f32, _c(I32, 1 << 23), _c(I32, 0)))
        e_eff = b.select(normal_f32, e_field, _c(I32, 1))
        shift = umin(b, b.sub(_c(I32, 126), e_eff), _c(I32, 63))  # >= 14 here
        t = b.lshr(b.shl(b.zext(sig, I64), _c(I64, n)), b.zext(shift, I64))
        small = b.trunc(b.lshr(b.add(t, b.zext(r, I64)), _c(I64, n)), I32)
        subnormal = b.icmp_unsigned("<", mag, _c(I32, (127 - 14) << 23))
        out = b.select(subnormal, small, out)
    # overflow (a carry past the largest finite value, or |x| beyond it) and specials
    inf_bits, max_bits = df.inf, df.max_finite
    big_in = b.icmp_unsigned(">=", mag, _c(I32, F32_INF))
    over = b.or_(big_in, b.icmp_unsigned(">=", out, _c(I32, inf_bits)))
    out = b.select(over, _c(I32, max_bits if satfinite else inf_bits), out)
    nan = b.icmp_unsigned(">", mag, _c(I32, F32_INF))
    is_inf = b.icmp_unsigned("==", mag, _c(I32, F32_INF))
    out = b.select(is_inf, _c(I32, max_bits if satfinite else inf_bits), out)
    out = b.or_(b.trunc(out, I16), b.trunc(sign, I16))
    if relu:
        negative = b.icmp_unsigned("!=", b.and_(out, _c(I16, 0x8000)), _c(I16, 0))
        out = b.select(negative, _c(I16, 0), out)
    assert df.nan is not None
    return b.select(nan, _c(I16, df.nan), out)


@emitter("convert.rs")
def cvt_rs(ctx: FunctionContext, instr: ast.Instruction) -> None:
    d = instr.decoded
    dst = d.get("dtype")
    assert dst in ("f16x2", "bf16x2")
    elem = dst[:-2]
    satfinite, relu = d.has("satfinite"), d.has("relu")
    b = ctx.builder
    dest, a_op, b_op, r_op = instr.operands
    rbits = ctx.read(r_op, TYPES["b32"], relaxed=True)
    halves = (b.trunc(b.lshr(rbits, _c(I32, 16)), I16), b.trunc(rbits, I16))
    hi, lo = (
        b.zext(stochastic(b, read_bits(ctx, op, "f32"), r, elem, satfinite, relu), I32)
        for op, r in zip((a_op, b_op), halves, strict=True)
    )
    ctx.write(dest, b.or_(b.shl(hi, _c(I32, 16)), lo), TYPES["b32"], relaxed=True)


# -- .ue8m0 -----------------------------------------------------------------------------


def to_ue8m0(b: ir.IRBuilder, bits: ir.Value, src: str, mode: str, satfinite: bool) -> ir.Value:
    """A .f32 or .bf16 value (bits) as a .ue8m0 code (an i8), as a call of the module's
    function `cu2amd.cvt.<mode>[.satfinite].ue8m0.<src>`."""
    name = f"cu2amd.cvt.{mode}{'.satfinite' if satfinite else ''}.ue8m0.{src}"
    return helper(b, name, I8, [bits], lambda h, args: _to_ue8m0(h, args[0], src, mode, satfinite))


def _to_ue8m0(b: ir.IRBuilder, bits: ir.Value, src: str, mode: str, satfinite: bool) -> ir.Value:
    f = FORMATS[src]
    ty = bits.type
    mag = b.and_(bits, _c(ty, f.sign_bit - 1))
    e_field = b.zext(b.lshr(mag, _c(ty, f.mant_bits)), I32)
    frac = b.and_(mag, _c(ty, (1 << f.mant_bits) - 1))
    inexact = b.icmp_unsigned("!=", frac, _c(ty, 0))
    # .rz: the exponent field itself (a subnormal or zero is below 2**-126: code 0)
    code = e_field
    if mode == "rp":
        # up to the next power of two; among subnormals only those above 2**-127 (the
        # fraction's top bit with more below it) reach code 1
        half = 1 << (f.mant_bits - 1)
        above_min = b.icmp_unsigned(">", frac, _c(ty, half))
        normal = b.icmp_unsigned("!=", e_field, _c(I32, 0))
        up = b.select(normal, inexact, above_min)
        code = b.add(code, b.zext(up, I32))
    special = b.icmp_unsigned(">=", mag, _c(ty, f.inf))
    nan = b.icmp_unsigned(">", mag, _c(ty, f.inf))
    too_big = b.or_(special, b.icmp_unsigned(">", code, _c(I32, 254)))
    code = b.select(too_big, _c(I32, 0xFE if satfinite else 0xFF), code)
    code = b.select(nan, _c(I32, 0xFF), code)
    return b.trunc(code, I8)


def from_ue8m0(b: ir.IRBuilder, code: ir.Value) -> ir.Value:
    """A .ue8m0 code (i8) as .bf16 bits: exact; 0xff is the canonical NaN."""
    wide = b.zext(code, I16)
    value = b.select(
        b.icmp_unsigned("==", wide, _c(I16, 0)), _c(I16, 0x0040), b.shl(wide, _c(I16, 7))
    )
    nan = FORMATS["bf16"].nan
    assert nan is not None
    return b.select(b.icmp_unsigned("==", wide, _c(I16, 0xFF)), _c(I16, nan), value)


@emitter("convert.ue8m0")
def cvt_ue8m0(ctx: FunctionContext, instr: ast.Instruction) -> None:
    d = instr.decoded
    dst, src, mode = d.get("dtype"), d.get("atype"), d.get("rnd")
    assert dst is not None and src is not None and mode is not None
    b = ctx.builder
    dest, *sources = instr.operands
    if dst == "bf16x2":  # from .ue8m0x2: the upper byte to the upper half
        packed = ctx.read(sources[0], TYPES["b16"], relaxed=True)
        codes = (b.trunc(b.lshr(packed, _c(I16, 8)), I8), b.trunc(packed, I8))
        hi, lo = (b.zext(from_ue8m0(b, c), I32) for c in codes)
        ctx.write(dest, b.or_(b.shl(hi, _c(I32, 16)), lo), TYPES["b32"], relaxed=True)
        return
    satfinite = d.has("satfinite")
    if src == "f32":  # a to the upper byte, b to the lower
        parts = [(read_bits(ctx, op, "f32"), "f32") for op in sources]
    else:  # one .bf16x2 operand, upper half to the upper byte
        packed = ctx.read(sources[0], TYPES["b32"], relaxed=True)
        halves = (b.trunc(b.lshr(packed, _c(I32, 16)), I16), b.trunc(packed, I16))
        parts = [(h, "bf16") for h in halves]
    hi, lo = (b.zext(to_ue8m0(b, bits, s, mode, satfinite), I16) for bits, s in parts)
    ctx.write(dest, b.or_(b.shl(hi, _c(I16, 8)), lo), TYPES["b16"], relaxed=True)
