"""IR building blocks for f32/f64 semantics shared by the floating-point emitters.

Everything here is made of operations that both targets lower natively and exactly
(IEEE round-to-nearest arithmetic, fma, sqrt, compares, selects, integer operations on
the bits), never of library calls, so the host platform runs the very IR that AMDGPU gets
and the conformance tests check both. In particular `.ftz` is explicit flushing, not a
function-wide denormal mode: PTX decides it per instruction (9.7.3), and a function may
mix flushing and non-flushing instructions.

Larger expansions (directed rounding, approximations) live in module-level helper
functions named `cu2amd.<operation>`, defined once per module on first use (`helper`),
so the IR at each use site reads as one call.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Callable
from dataclasses import dataclass

from llvmlite import ir

from cu2amd.ptx_lowering.emit.fpformat import FORMATS, FloatFormat
from cu2amd.ptx_lowering.irutil import call_intrinsic, smax, smin, use_string_attributes

I1, I32, I64 = ir.IntType(1), ir.IntType(32), ir.IntType(64)


@dataclass(frozen=True, slots=True)
class Fmt:
    """An IEEE binary format with its LLVM types: f32 or f64. Its fields and canonical NaN
    are those of the format table (fpformat.FORMATS)."""

    format: FloatFormat
    ty: ir.Type
    ity: ir.IntType  # the integer type of the same width

    @property
    def name(self) -> str:  # "f32" / "f64"
        return self.format.name

    @property
    def mant(self) -> int:  # stored significand bits: 23 / 52
        return self.format.mant_bits

    @property
    def bias(self) -> int:  # exponent bias: 127 / 1023
        return self.format.bias

    @property
    def bits(self) -> int:
        return self.ity.width

    @property
    def sign_mask(self) -> int:
        return 1 << (self.bits - 1)

    @property
    def exp_mask(self) -> int:
        return ((1 << (self.bits - 1 - self.mant)) - 1) << self.mant

    @property
    def min_normal(self) -> float:
        return math.ldexp(1.0, 1 - self.bias)

    def canonical_nan(self) -> int:
        """PTX's canonical NaN: positive, every exponent and fraction bit set."""
        nan = self.format.nan
        assert nan is not None
        return nan


F32 = Fmt(FORMATS["f32"], ir.FloatType(), I32)
F64 = Fmt(FORMATS["f64"], ir.DoubleType(), I64)


def fmt_of(ty: ir.Type) -> Fmt:
    return F32 if isinstance(ty, ir.FloatType) else F64


def const(fmt: Fmt, value: float) -> ir.Constant:
    """A constant that the format represents exactly (checked)."""
    if fmt is F32 and math.isfinite(value):
        assert struct.unpack("<f", struct.pack("<f", value))[0] == value, value
    return ir.Constant(fmt.ty, value)


def const_bits(fmt: Fmt, bits: int) -> ir.Constant:
    """A constant given by its bit pattern (NaN payloads)."""
    return ir.Constant(fmt.ity, bits).bitcast(fmt.ty)


def f32_round(value: float) -> float:
    """`value` rounded to the nearest f32, as a Python float."""
    return struct.unpack("<f", struct.pack("<f", value))[0]


# -- intrinsics -------------------------------------------------------------------------


def intrinsic(b: ir.IRBuilder, name: str, args: list[ir.Value], ret: ir.Type | None = None):
    """`llvm.<name>.<f32|f64>` over arguments of one floating-point type."""
    ty = args[0].type
    suffix = "f32" if isinstance(ty, ir.FloatType) else "f64"
    return call_intrinsic(b, f"llvm.{name}.{suffix}", ret or ty, args)


def fabs(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    return intrinsic(b, "fabs", [x])


def fma(b: ir.IRBuilder, x: ir.Value, y: ir.Value, z: ir.Value) -> ir.Value:
    return intrinsic(b, "fma", [x, y, z])


def sqrt(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    return intrinsic(b, "sqrt", [x])


def copysign(b: ir.IRBuilder, magnitude: ir.Value, sign: ir.Value) -> ir.Value:
    return intrinsic(b, "copysign", [magnitude, sign])


# -- bits -------------------------------------------------------------------------------


def bits(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    return b.bitcast(x, fmt_of(x.type).ity)


def from_bits(b: ir.IRBuilder, fmt: Fmt, i: ir.Value) -> ir.Value:
    return b.bitcast(i, fmt.ty)


def sign_bit(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """The sign bit of `x` (NaNs and zeros included) as an i1."""
    return b.icmp_signed("<", bits(b, x), ir.Constant(fmt_of(x.type).ity, 0))


def signed_zero(b: ir.IRBuilder, fmt: Fmt, sign_bits: ir.Value) -> ir.Value:
    """±0 with the sign bit of the integer `sign_bits` (other bits ignored)."""
    return from_bits(b, fmt, b.and_(sign_bits, ir.Constant(fmt.ity, fmt.sign_mask)))


def is_nan(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    return b.fcmp_unordered("uno", x, x)


def is_finite(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    return b.fcmp_ordered("<", fabs(b, x), const(fmt_of(x.type), math.inf))


def is_inf(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    return b.fcmp_ordered("==", fabs(b, x), const(fmt_of(x.type), math.inf))


def is_zero(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    return b.fcmp_ordered("==", x, const(fmt_of(x.type), 0.0))


# -- PTX modifiers ----------------------------------------------------------------------


def flush(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """`.ftz`: a subnormal becomes a zero of its sign; everything else is unchanged."""
    fmt = fmt_of(x.type)
    tiny = b.fcmp_ordered("<", fabs(b, x), const(fmt, fmt.min_normal))
    return b.select(tiny, signed_zero(b, fmt, bits(b, x)), x)


def saturate(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """`.sat` (9.7.3.3): clamp to [+0.0, 1.0]; NaN and every value <= 0, -0.0 included,
    give +0.0."""
    fmt = fmt_of(x.type)
    one = const(fmt, 1.0)
    below_one = b.select(b.fcmp_ordered("<", x, one), x, one)
    return b.select(b.fcmp_ordered(">", x, const(fmt, 0.0)), below_one, const(fmt, 0.0))


# -- exponents --------------------------------------------------------------------------


def pow2(b: ir.IRBuilder, fmt: Fmt, k: ir.Value) -> ir.Value:
    """2**k for an i32 k in the normal exponent range [1 - bias, bias]."""
    biased = b.add(k, I32(fmt.bias))
    if fmt.bits == 64:
        biased = b.zext(biased, I64)
    return from_bits(b, fmt, b.shl(biased, ir.Constant(fmt.ity, fmt.mant)))


def ldexp(b: ir.IRBuilder, x: ir.Value, k: ir.Value, name: str = "") -> ir.Value:
    """x * 2**k (k an i32) rounded once, to nearest, like C's ldexp, for |x| in
    [2**-300, 2**300] (f64) or [2**-30, 2**30] (f32), or x zero or infinite. Two exact
    power-of-two factors: the first product stays normal whenever the result is not
    zero, so only the second one rounds; a k clamped to twice the bias changes nothing,
    as such results are zero or infinite anyway."""
    fmt = fmt_of(x.type)
    limit = 2 * fmt.bias - 2
    k = smax(b, smin(b, k, I32(limit)), I32(-limit))
    half = b.ashr(k, I32(1))
    return b.fmul(b.fmul(x, pow2(b, fmt, half)), pow2(b, fmt, b.sub(k, half)), name=name)


def split(b: ir.IRBuilder, x: ir.Value) -> tuple[ir.Value, ir.Value]:
    """(m, e) with x = m * 2**e, 1 <= |m| < 2 and m of x's sign, for finite non-zero x
    (subnormals included); the result for other x is unspecified but defined."""
    fmt = fmt_of(x.type)
    shift = fmt.mant + 2  # makes every subnormal normal, exactly
    tiny = b.fcmp_ordered("<", fabs(b, x), const(fmt, fmt.min_normal))
    scaled = b.select(tiny, b.fmul(x, const(fmt, math.ldexp(1.0, shift))), x)
    xb = bits(b, scaled)
    biased = b.lshr(b.and_(xb, ir.Constant(fmt.ity, fmt.exp_mask)), ir.Constant(fmt.ity, fmt.mant))
    if fmt.bits == 64:
        biased = b.trunc(biased, I32)
    e = b.sub(biased, b.select(tiny, I32(fmt.bias + shift), I32(fmt.bias)))
    one = ir.Constant(fmt.ity, fmt.bias << fmt.mant)
    m = b.or_(b.and_(xb, ir.Constant(fmt.ity, ~fmt.exp_mask & ((1 << fmt.bits) - 1))), one)
    return from_bits(b, fmt, m), e


# -- helper functions -------------------------------------------------------------------

Body = Callable[[ir.IRBuilder, list[ir.Value]], ir.Value]


def helper(b: ir.IRBuilder, name: str, ret: ir.Type, args: list[ir.Value], body: Body):
    """Call the module's internal function `name`, defining it with `body` (which gets a
    builder and the parameters, and returns the result) on first use."""
    module = b.module
    fn = module.globals.get(name)
    if fn is None:
        fn = ir.Function(module, ir.FunctionType(ret, [a.type for a in args]), name=name)
        fn.linkage = "internal"
        attrs = use_string_attributes(fn)
        attrs.add("alwaysinline")
        attrs.add("nounwind")
        for arg, arg_name in zip(fn.args, "abc", strict=False):
            arg.name = arg_name
        inner = ir.IRBuilder(fn.append_basic_block("entry"))
        inner.ret(body(inner, list(fn.args)))
    return b.call(fn, args)
