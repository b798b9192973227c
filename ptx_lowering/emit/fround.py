"""Directed rounding (.rz .rm .rp) of f32/f64 add, sub, mul, fma, div, sqrt, rcp, exactly,
from round-to-nearest operations only.

Why not the hardware rounding mode: on AMDGPU it is a mode register (s_setreg /
s_round_mode) that every floating-point instruction reads, and LLVM 22 neither keeps
plain operations out of a region where the mode is changed nor honours the static
rounding argument of `llvm.experimental.constrained.*` (it selects the ordinary
instruction and lets CSE merge operations of different modes). x86 has the same
problem with MXCSR. So the result is computed with round-to-nearest and then corrected:

    c = RN(v)               the exact result v rounded to nearest (a candidate)
    d = v - c               only its sign matters, and it is computed exactly
    result = c, or the neighbour of c in the mode's direction when d points there

because the directed result of v is always c or its neighbour towards v. The sign of d
comes from an error-free transformation:

- add/sub: TwoSum gives the rounding error of s = RN(a + b) exactly (even among
  subnormals); an overflow to infinity means v is finite, on the other side of c.
- f32 mul, fma, div, sqrt, rcp: computed in f64 with its exact error (the f64 product
  of two f32 is exact; TwoSum for fma; the remainder a - q*b and a - s*s of a correctly
  rounded quotient or root is exact), then rounded to f32 (a second rounding): the
  candidate c = RN32(hi) is still one of the two f32 neighbours of v, and
  d = (hi - c) if hi != c (exact: they are close), else the sign of the f64 error.
- f64 mul, fma, div, sqrt, rcp: the operands are split into m * 2**e with m in [1, 2),
  the operation is done on the m's (where TwoProd, ErrFma and the remainders are exact:
  nothing underflows), and the result is scaled back with one rounding (`ldexp`); the
  same hi/candidate comparison gives d. fma uses Boldo and Muller's ErrFma ("Exact and
  approximated error of the FMA", IEEE TC 60(2), 2011) for the error of RN(a*b + c);
  an addend or product more than 2**110 times smaller than the other only contributes
  its sign (a sticky bit), so it is replaced by a tiny value of that sign.

IEEE 754's sign of an exact zero sum (+0 unless rounding down, -0 then) is applied for
add, sub and fma; inputs that are zero, infinite or NaN give exact results and take the
round-to-nearest value.
"""

from __future__ import annotations

import math

from llvmlite import ir

from cu2amd.ptx_lowering.emit import fpcore as fp
from cu2amd.ptx_lowering.emit.fpcore import F32, F64, I32, Fmt

MODES = ("rz", "rm", "rp")
STICKY_GAP = 110  # beyond this exponent gap a term of fma only contributes its sign


def _step(b: ir.IRBuilder, c: ir.Value, d: ir.Value, mode: str) -> ir.Value:
    """The neighbour of the candidate c in the mode's direction when the exact result
    lies there (d = v - c < 0 or > 0), else c. A NaN d (NaN or infinite inputs) keeps c.
    Moving the bits of c by one moves it one ulp, across zero and to/from infinity."""
    fmt = fp.fmt_of(c.type)
    zero = ir.Constant(d.type, 0.0)
    below, above = b.fcmp_ordered("<", d, zero), b.fcmp_ordered(">", d, zero)
    negative = fp.sign_bit(b, c)
    one, minus_one = ir.Constant(fmt.ity, 1), ir.Constant(fmt.ity, -1)
    if mode == "rz":  # towards zero: only when v is nearer zero than c
        move = b.select(negative, above, below)
        delta = minus_one
    elif mode == "rm":
        move = below
        delta = b.select(negative, one, minus_one)
    else:
        move = above
        delta = b.select(negative, minus_one, one)
    moved = b.add(fp.bits(b, c), b.select(move, delta, ir.Constant(fmt.ity, 0)), name="moved")
    return fp.from_bits(b, fmt, moved)


def _two_sum(b: ir.IRBuilder, x: ir.Value, y: ir.Value) -> tuple[ir.Value, ir.Value]:
    """(s, e) with s = RN(x + y) and x + y = s + e exactly (Knuth's TwoSum)."""
    s = b.fadd(x, y, name="sum")
    x1 = b.fsub(s, y)
    y1 = b.fsub(s, x1)
    return s, b.fadd(b.fsub(x, x1), b.fsub(y, y1), name="err")


def _narrow(b: ir.IRBuilder, hi: ir.Value, lo: ir.Value, mode: str) -> ir.Value:
    """The f32 result of v = hi + lo (f64, |lo| <= ulp(hi)/2, only lo's sign used)."""
    c = b.fptrunc(hi, F32.ty, name="nearest")
    back = b.fpext(c, F64.ty)
    d = b.select(b.fcmp_unordered("!=", hi, back), b.fsub(hi, back), lo, name="d")
    return _step(b, c, d, mode)


def _scaled(b: ir.IRBuilder, hi: ir.Value, lo: ir.Value, k: ir.Value, mode: str) -> ir.Value:
    """The f64 result of v = (hi + lo) * 2**k (|lo| <= ulp(hi)/2, only its sign used)."""
    c = fp.ldexp(b, hi, k, name="nearest")
    back = fp.ldexp(b, c, b.neg(k))
    d = b.select(b.fcmp_unordered("!=", hi, back), b.fsub(hi, back), lo, name="d")
    return _step(b, c, d, mode)


def _regular(b: ir.IRBuilder, *xs: ir.Value) -> ir.Value:
    """All of xs are finite and non-zero."""
    ok = None
    for x in xs:
        fmt = fp.fmt_of(x.type)
        ax = fp.fabs(b, x)
        this = b.and_(
            b.fcmp_ordered("<", ax, fp.const(fmt, math.inf)),
            b.fcmp_ordered(">", ax, fp.const(fmt, 0.0)),
        )
        ok = this if ok is None else b.and_(ok, this)
    assert ok is not None
    return ok


def _rounding_down_zero(
    b: ir.IRBuilder, fmt: Fmt, result: ir.Value, exact_zero: ir.Value, x: ir.Value, y: ir.Value
) -> ir.Value:
    """.rm: an exact zero sum of x and y is -0 unless both are +0 (IEEE 754 6.3)."""
    either = b.or_(fp.bits(b, x), fp.bits(b, y))
    if x.type != fmt.ty:
        either = b.trunc(b.lshr(either, ir.Constant(either.type, 32)), fmt.ity)
    return b.select(exact_zero, fp.signed_zero(b, fmt, either), result)


def _name(op: str, mode: str, fmt: Fmt) -> str:
    return f"cu2amd.{op}.{mode}.{fmt.name}"


# -- add, sub ---------------------------------------------------------------------------


def add(b: ir.IRBuilder, x: ir.Value, y: ir.Value, mode: str) -> ir.Value:
    """x + y rounded by `mode` (sub is add of -y: negation is exact)."""
    fmt = fp.fmt_of(x.type)

    def body(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        p, q = args
        s, e = _two_sum(h, p, q)
        overflow = h.and_(fp.is_inf(h, s), h.and_(fp.is_finite(h, p), fp.is_finite(h, q)))
        r = _step(h, s, h.select(overflow, h.fneg(s), e, name="d"), mode)
        if mode == "rm":
            r = _rounding_down_zero(h, fmt, r, fp.is_zero(h, s), p, q)
        return r

    return fp.helper(b, _name("add", mode, fmt), fmt.ty, [x, y], body)


# -- mul, fma ---------------------------------------------------------------------------


def _err_fma(b: ir.IRBuilder, a: ir.Value, x: ir.Value, y: ir.Value) -> tuple[ir.Value, ir.Value]:
    """(r1, r2): r1 = RN(a*x + y), r2 = RN(a*x + y - r1) (Boldo-Muller ErrFma; exact
    as long as nothing underflows)."""
    r1 = fp.fma(b, a, x, y)
    r1.name = "r1"
    u1 = b.fmul(a, x)
    u2 = fp.fma(b, a, x, b.fneg(u1))
    alpha1, alpha2 = _two_sum(b, y, u2)
    beta1, beta2 = _two_sum(b, u1, alpha1)
    gamma = b.fadd(b.fsub(beta1, r1), beta2)
    return r1, b.fadd(gamma, alpha2, name="err")


def mul(b: ir.IRBuilder, x: ir.Value, y: ir.Value, mode: str) -> ir.Value:
    fmt = fp.fmt_of(x.type)

    def body32(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        p = h.fmul(h.fpext(args[0], F64.ty), h.fpext(args[1], F64.ty))  # exact
        return _narrow(h, p, ir.Constant(F64.ty, 0.0), mode)

    def body64(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        p, q = args
        (mp, ep), (mq, eq) = fp.split(h, p), fp.split(h, q)
        hi = h.fmul(mp, mq)
        lo = fp.fma(h, mp, mq, h.fneg(hi))
        r = _scaled(h, hi, lo, h.add(ep, eq), mode)
        return h.select(_regular(h, p, q), r, h.fmul(p, q))

    body = body32 if fmt is F32 else body64
    return fp.helper(b, _name("mul", mode, fmt), fmt.ty, [x, y], body)


def fma(b: ir.IRBuilder, x: ir.Value, y: ir.Value, z: ir.Value, mode: str) -> ir.Value:
    fmt = fp.fmt_of(x.type)

    def body32(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        p = h.fmul(h.fpext(args[0], F64.ty), h.fpext(args[1], F64.ty))  # exact
        w = h.fpext(args[2], F64.ty)
        hi, lo = _two_sum(h, p, w)  # exact: f64 has the range
        r = _narrow(h, hi, lo, mode)
        if mode == "rm":
            r = _rounding_down_zero(h, fmt, r, fp.is_zero(h, hi), p, w)
        return r

    def body64(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        p, q, w = args
        (mp, ep), (mq, eq) = fp.split(h, p), fp.split(h, q)
        mw, ew = fp.split(h, w)
        eprod = h.add(ep, eq)
        gap = h.sub(ew, eprod)
        tiny = fp.const(F64, math.ldexp(1.0, -STICKY_GAP - 10))
        w_zero = fp.is_zero(h, w)
        w_small = h.or_(w_zero, h.icmp_signed("<", gap, I32(-STICKY_GAP)))
        w_big = h.and_(h.not_(w_zero), h.icmp_signed(">", gap, I32(STICKY_GAP)))
        # the addend in the product's scale: exact, a sign-only stand-in, or zero
        w_scaled = fp.ldexp(h, mw, _clamp(h, gap, STICKY_GAP))
        w_sticky = h.select(w_zero, w, fp.copysign(h, tiny, w))
        w_scaled = h.select(w_small, w_sticky, w_scaled)
        # a product too small to matter next to the addend: its sign, in w's scale
        prod_sign = h.fmul(mp, mq)
        a = h.select(w_big, fp.copysign(h, tiny, prod_sign), mp)
        bb = h.select(w_big, fp.const(F64, 1.0), mq)
        c = h.select(w_big, mw, w_scaled)
        k = h.select(w_big, ew, eprod)
        hi, lo = _err_fma(h, a, bb, c)
        r = _scaled(h, hi, lo, k, mode)
        if mode == "rm":
            r = _rounding_down_zero(h, fmt, r, fp.is_zero(h, hi), prod_sign, w)
        regular = h.and_(_regular(h, p, q), fp.is_finite(h, w))
        special = fp.fma(h, p, q, w)
        if mode == "rm":
            product = h.fmul(p, q)
            special = _rounding_down_zero(h, fmt, special, fp.is_zero(h, special), product, w)
        return h.select(regular, r, special)

    body = body32 if fmt is F32 else body64
    return fp.helper(b, _name("fma", mode, fmt), fmt.ty, [x, y, z], body)


def _clamp(b: ir.IRBuilder, k: ir.Value, limit: int) -> ir.Value:
    k = b.select(b.icmp_signed(">", k, I32(limit)), I32(limit), k)
    return b.select(b.icmp_signed("<", k, I32(-limit)), I32(-limit), k)


# -- div, rcp, sqrt ---------------------------------------------------------------------


def div(b: ir.IRBuilder, x: ir.Value, y: ir.Value, mode: str) -> ir.Value:
    fmt = fp.fmt_of(x.type)

    def quotient(h: ir.IRBuilder, p: ir.Value, q: ir.Value) -> tuple[ir.Value, ir.Value]:
        """RN(p/q) and a value with the sign of p/q - RN(p/q) (the exact remainder
        p - RN(p/q)*q, signed by q)."""
        quo = h.fdiv(p, q)
        rem = fp.fma(h, h.fneg(quo), q, p)
        return quo, h.select(fp.sign_bit(h, q), h.fneg(rem), rem)

    def body32(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        quo, lo = quotient(h, h.fpext(args[0], F64.ty), h.fpext(args[1], F64.ty))
        return _narrow(h, quo, lo, mode)

    def body64(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        p, q = args
        (mp, ep), (mq, eq) = fp.split(h, p), fp.split(h, q)
        quo, lo = quotient(h, mp, mq)
        r = _scaled(h, quo, lo, h.sub(ep, eq), mode)
        return h.select(_regular(h, p, q), r, h.fdiv(p, q))

    body = body32 if fmt is F32 else body64
    return fp.helper(b, _name("div", mode, fmt), fmt.ty, [x, y], body)


def sqrt(b: ir.IRBuilder, x: ir.Value, mode: str) -> ir.Value:
    fmt = fp.fmt_of(x.type)

    def body32(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        w = h.fpext(args[0], F64.ty)
        s = fp.sqrt(h, w)
        return _narrow(h, s, fp.fma(h, h.fneg(s), s, w), mode)  # sign of sqrt(w) - s

    def body64(h: ir.IRBuilder, args: list[ir.Value]) -> ir.Value:
        (p,) = args
        m, e = fp.split(h, p)
        odd = h.trunc(e, ir.IntType(1))
        m = h.select(odd, h.fmul(m, fp.const(F64, 2.0)), m)  # m in [1, 4), e even
        e = h.sub(e, h.zext(odd, I32))
        s = fp.sqrt(h, m)
        rem = fp.fma(h, h.fneg(s), s, m)
        r = _step(h, fp.ldexp(h, s, h.ashr(e, I32(1))), rem, mode)  # the scaling is exact
        positive = h.and_(fp.is_finite(h, p), h.fcmp_ordered(">", p, fp.const(F64, 0.0)))
        return h.select(positive, r, fp.sqrt(h, p))

    body = body32 if fmt is F32 else body64
    return fp.helper(b, _name("sqrt", mode, fmt), fmt.ty, [x], body)
