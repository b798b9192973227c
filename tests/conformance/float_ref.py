"""Reference models of PTX floating-point arithmetic (ISA 9.7.3) for the conformance tests
of .f32/.f64 add, sub, mul, fma, div, rcp, sqrt in every rounding mode, with .ftz and
.sat, written from the ISA text and IEEE 754 with exact integer arithmetic (nothing here
shares code with the lowering it checks).

A finite value is (sign, n, k): (-1)**sign * n * 2**k. Results are bit patterns, or NAN
where the ISA leaves the NaN unspecified (.f32), or Payload(bits) where an .f64 result
must carry the payload of its one NaN input ("NaN payloads are supported for
double-precision instructions", 9.7.3): the quieted input, compared without its sign.
Formats, decoding and .ftz/.sat come from floats.py.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from floats import FMT, INF, NAN, Fmt, decode, flush, is_nan
from floats import saturate as saturate_bits


@dataclass(frozen=True)
class Payload:
    bits: int


F32, F64 = FMT["f32"], FMT["f64"]
FMTS = {"f32": F32, "f64": F64}


def compare_values(cmp: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """PTX 9.7.6.2's comparison operators on exact values (NaN where an input is NaN):
    ordered eq..ge are false with a NaN, unordered equ..geu true, num/nan test for NaNs;
    -0 == +0."""
    unordered = np.isnan(x) | np.isnan(y)
    with np.errstate(invalid="ignore"):
        base = {"eq": x == y, "ne": x != y, "lt": x < y, "le": x <= y, "gt": x > y, "ge": x >= y}
    if cmp == "num":
        return ~unordered
    if cmp == "nan":
        return unordered
    if cmp.endswith("u"):
        return base[cmp[:-1]] | unordered
    return base[cmp] & ~unordered


def saturate(x, f: Fmt):
    """.sat of a result that may be NAN or a Payload (both give +0.0)."""
    return saturate_bits(x, f) if isinstance(x, int) else 0


def _pack(sign: int, count: int, q: int, f: Fmt, mode: str) -> int:
    if count >> (f.m + 1):  # carried into the next binade
        count >>= 1
        q += 1
    mag = count if count < 1 << f.m else ((q + f.m + f.bias) << f.m) | (count - (1 << f.m))
    if mag > f.max_bits:
        up = mode == "rn" or (mode == "rp" and not sign) or (mode == "rm" and sign)
        mag = f.inf if up else f.max_bits
    return sign << (f.bits - 1) | mag


def _round_up(sign: int, count: int, rem_vs_half: int, inexact: bool, mode: str) -> bool:
    """rem_vs_half: -1, 0, 1 as the remainder is below, at, above half an ulp."""
    return {
        "rn": rem_vs_half > 0 or (rem_vs_half == 0 and inexact and count & 1 == 1),
        "rz": False,
        "rp": inexact and not sign,
        "rm": inexact and bool(sign),
    }[mode]


def _cmp(x: int, y: int) -> int:
    return (x > y) - (x < y)


def round_ratio(sign: int, num: int, den: int, k: int, f: Fmt, mode: str) -> int:
    """(-1)**sign * num/den * 2**k (num > 0) rounded to f in `mode`."""
    e0 = num.bit_length() - den.bit_length()
    if (num << max(0, -e0)) < (den << max(0, e0)):
        e0 -= 1
    q = max(e0 + k, f.emin) - f.m  # spacing of the grid at this magnitude
    s = k - q
    n, d = (num << s, den) if s >= 0 else (num, den << -s)
    count, rem = divmod(n, d)
    up = _round_up(sign, count, _cmp(2 * rem, d), rem != 0, mode)
    return _pack(sign, count + up, q, f, mode)


def round_sqrt(num: int, den: int, k: int, f: Fmt, mode: str) -> int:
    """sqrt(num/den * 2**k) (num > 0) rounded to f in `mode`."""
    if k % 2:
        num, k = num * 2, k - 1
    e0 = num.bit_length() - den.bit_length()
    if (num << max(0, -e0)) < (den << max(0, e0)):
        e0 -= 1
    q = max((e0 + k) // 2, f.emin) - f.m
    s = k - 2 * q
    n, d = (num << s, den) if s >= 0 else (num, den << -s)
    count = math.isqrt(n // d)
    exact = count * count * d == n
    half = _cmp(4 * n, (2 * count + 1) ** 2 * d)  # sqrt(n/d) vs count + 1/2
    up = _round_up(0, count, half, not exact, mode)
    return _pack(0, count + up, q, f, mode)


def _zero(sign: int, f: Fmt) -> int:
    return f.sign if sign else 0


def _nan_result(f: Fmt, *inputs: int):
    """The result of an operation with NaN inputs: the payload of a sole .f64 NaN input."""
    nans = [x for x in inputs if is_nan(x, f)]
    if f is F64 and len(nans) == 1:
        return Payload(nans[0] | f.quiet)
    return NAN


def _sum(terms: list[tuple[int, int, int]], f: Fmt, mode: str) -> int:
    """Rounded exact sum of finite terms; an exact zero follows IEEE 754 6.3."""
    k = min(t[2] for t in terms)
    total = sum((-1 if s else 1) * (n << (kk - k)) for s, n, kk in terms)
    if total == 0:
        signs = {s for s, _, _ in terms}
        if len(signs) == 1:
            return _zero(signs.pop(), f)
        return _zero(1 if mode == "rm" else 0, f)
    return round_ratio(int(total < 0), abs(total), 1, k, f, mode)


def add(a: int, b: int, f: Fmt, mode: str):
    x, y = decode(a, f), decode(b, f)
    if NAN in (x, y):
        return _nan_result(f, a, b)
    if x[1] == INF or y[1] == INF:
        if x[1] == INF and y[1] == INF and x[0] != y[0]:
            return NAN
        return a if x[1] == INF else b
    return _sum([x, y], f, mode)


def sub(a: int, b: int, f: Fmt, mode: str):
    if is_nan(b, f):
        return _nan_result(f, a, b)
    return add(a, b ^ f.sign, f, mode)


def _product(x, y) -> tuple[int, int, int]:
    return x[0] ^ y[0], x[1] * y[1], x[2] + y[2]


def mul(a: int, b: int, f: Fmt, mode: str):
    x, y = decode(a, f), decode(b, f)
    if NAN in (x, y):
        return _nan_result(f, a, b)
    sign = x[0] ^ y[0]
    if x[1] == INF or y[1] == INF:
        if 0 in (x[1], y[1]):  # inf * 0
            return NAN
        return (f.sign if sign else 0) | f.inf
    s, n, k = _product(x, y)
    return _zero(s, f) if n == 0 else round_ratio(s, n, 1, k, f, mode)


def fma(a: int, b: int, c: int, f: Fmt, mode: str):
    x, y, z = decode(a, f), decode(b, f), decode(c, f)
    if NAN in (x, y, z):
        return _nan_result(f, a, b, c)
    if x[1] == INF or y[1] == INF:
        if 0 in (x[1], y[1]):  # inf * 0
            return NAN
        sign = x[0] ^ y[0]
        if z[1] == INF and z[0] != sign:
            return NAN
        return (f.sign if sign else 0) | f.inf
    if z[1] == INF:
        return c
    return _sum([_product(x, y), z], f, mode)


def div(a: int, b: int, f: Fmt, mode: str):
    x, y = decode(a, f), decode(b, f)
    if NAN in (x, y):
        return _nan_result(f, a, b)
    sign = x[0] ^ y[0]
    if x[1] == INF:
        return NAN if y[1] == INF else (f.sign if sign else 0) | f.inf
    if y[1] == INF:
        return _zero(sign, f)
    if y[1] == 0:
        return NAN if x[1] == 0 else (f.sign if sign else 0) | f.inf
    if x[1] == 0:
        return _zero(sign, f)
    return round_ratio(sign, x[1], y[1], x[2] - y[2], f, mode)


def rcp(a: int, f: Fmt, mode: str):
    return div(f.bias << f.m, a, f, mode)


def sqrt(a: int, f: Fmt, mode: str):
    x = decode(a, f)
    if x == NAN:
        return _nan_result(f, a)
    if x[1] == INF:
        return NAN if x[0] else a
    if x[1] == 0:
        return a
    if x[0]:
        return NAN
    return round_sqrt(x[1], 1, x[2], f, mode)


OPS = {"add": add, "sub": sub, "mul": mul, "fma": fma, "div": div, "rcp": rcp, "sqrt": sqrt}


def reference(op: str, f: Fmt, mode: str, inputs: list[np.ndarray], ftz=False, sat=False):
    """The expected result of `op.mode{.ftz}{.sat}` per element (ints, NAN, Payload)."""
    fn = OPS[op]
    out = []
    for values in zip(*inputs, strict=True):
        args = [int(v) for v in values]
        if ftz:
            args = [flush(v, f) for v in args]
        r = fn(*args, f, mode)
        if ftz and isinstance(r, int):
            r = flush(r, f)
        if sat:
            r = saturate(r, f)
        out.append(r)
    return out


def check(spelling: str, f: Fmt, inputs: list[np.ndarray], out: np.ndarray, expected) -> None:
    """Bit-exact results; NAN: any NaN; Payload: that NaN, its sign ignored."""
    bad = []
    for i, (got, want) in enumerate(zip((int(v) for v in out), expected, strict=True)):
        if want == NAN:
            ok = is_nan(got, f)
        elif isinstance(want, Payload):
            ok = got & ~f.sign == want.bits & ~f.sign
        else:
            ok = got == want
        if not ok:
            bad.append(i)
    if bad:
        rows = [
            f"  {' '.join(hex(int(x[i])) for x in inputs)} -> {hex(int(out[i]))}, "
            f"expected {expected[i] if expected[i] == NAN else hex(getattr(expected[i], 'bits', expected[i]))}"
            for i in bad[:12]
        ]
        raise AssertionError(
            f"{spelling}: {len(bad)} of {len(out)} results differ\n" + "\n".join(rows)
        )


# -- inputs -----------------------------------------------------------------------------

F32_EDGES = [0, 0x80000000, 0x3F800000, 0xBF800000, 0x7F7FFFFF, 0xFF7FFFFF, 0x00800000,
             0x80800000, 0x00000001, 0x80000001, 0x007FFFFF, 0x807FFFFF, 0x00400000,
             0x7F800000, 0xFF800000, 0x7FC00000, 0xFFC00000, 0x7FC00001, 0x7F800001,
             0xFFBFFFFF, 0x3F000000, 0x40000000, 0x3F7FFFFF, 0x3F800001, 0x4B800000,
             0x33800000, 0x7F000000, 0x00FFFFFF, 0x3FB504F3, 0x40490FDB]  # fmt: skip
F64_EDGES = [0, 1 << 63, 0x3FF0000000000000, 0xBFF0000000000000, 0x7FEFFFFFFFFFFFFF,
             0xFFEFFFFFFFFFFFFF, 0x0010000000000000, 0x8010000000000000, 1, (1 << 63) | 1,
             0x000FFFFFFFFFFFFF, 0x800FFFFFFFFFFFFF, 0x0008000000000000, 0x7FF0000000000000,
             0xFFF0000000000000, 0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8000000000001,
             0x7FF0000000000001, 0xFFF7FFFFFFFFFFFF, 0x3FE0000000000000, 0x4000000000000000,
             0x3FEFFFFFFFFFFFFF, 0x3FF0000000000001, 0x4340000000000000, 0x3CA0000000000000,
             0x7FE0000000000000, 0x001FFFFFFFFFFFFF, 0x3FF6A09E667F3BCD,
             0x400921FB54442D18]  # fmt: skip


def edges(f: Fmt) -> np.ndarray:
    return np.array(F32_EDGES if f is F32 else F64_EDGES, dtype=f.dtype)


def randoms(f: Fmt, count: int, seed: int, span: int | None = None) -> np.ndarray:
    """`count` random bit patterns, and as many values of random sign with exponents in
    [-span, span] (the whole range by default: near each other, they meet in sums)."""
    rng = np.random.default_rng(seed)
    raw = rng.integers(0, 1 << f.bits, count, dtype=np.uint64, endpoint=False)
    span = span if span is not None else 12
    exps = rng.integers(-span, span + 1, count) + f.bias
    frac = rng.integers(0, 1 << f.m, count, dtype=np.uint64)
    sign = rng.integers(0, 2, count, dtype=np.uint64) << np.uint64(f.bits - 1)
    near = sign | (exps.astype(np.uint64) << np.uint64(f.m)) | frac
    return np.concatenate([raw, near]).astype(f.dtype)


def scaled(f: Fmt, values: np.ndarray, low: int, high: int, seed: int) -> np.ndarray:
    """The values with their exponents replaced by random ones in [low, high] (biased
    exponents; the results of products and quotients then land near under- and overflow)."""
    rng = np.random.default_rng(seed)
    mask = np.uint64(((1 << (f.bits - 1 - f.m)) - 1) << f.m)
    v = values.astype(np.uint64) & ~mask
    exps = rng.integers(low, high + 1, len(values)).astype(np.uint64) << np.uint64(f.m)
    return (v | exps).astype(f.dtype)


def operands(f: Fmt, arity: int, seed: int = 1) -> list[np.ndarray]:
    """Every combination of edge values, then at least 10,000 random tuples: uniform bits,
    close magnitudes (cancellation, rounding in every direction), and magnitudes whose
    products and quotients sit at the subnormal boundary and at overflow; for three
    operands also c = -(a*b) rounded, +-a few ulps (the exact-zero and tiny results)."""
    e = edges(f)
    grids = np.meshgrid(*[e] * arity, indexing="ij")
    cols = [g.ravel() for g in grids]
    count = 5_000
    for i in range(arity):
        r = randoms(f, count, seed + i)
        lo_exp, hi_exp = (1, 2 * f.bias) if arity == 1 else (f.bias // 2, 3 * f.bias // 2)
        extreme = np.concatenate(
            [
                scaled(f, r[:count], 1, f.bias // 2, seed + 10 + i),
                scaled(f, r[count:], lo_exp, hi_exp, seed + 20 + i),
            ]
        )
        cols[i] = np.concatenate([cols[i], r, extreme])
    if arity == 3:  # c close to -(a*b), products of ordinary and of subnormal size
        rng = np.random.default_rng(seed + 30)
        a, b = randoms(f, count, seed + 40)[count:], randoms(f, count, seed + 41)[count:]
        a = np.concatenate([a, scaled(f, a, 1, f.m + 2, seed + 42)])
        b = np.concatenate([b, b])
        float_t = np.float32 if f is F32 else np.float64
        with np.errstate(all="ignore"):
            prod = (a.view(float_t) * b.view(float_t)).view(f.dtype)
        c = (prod ^ f.dtype(f.sign)) + rng.integers(-3, 4, len(a)).astype(f.dtype)
        cols = [np.concatenate([col, extra]) for col, extra in zip(cols, (a, b, c), strict=True)]
    return cols


# -- approximations ---------------------------------------------------------------------


def ulp32(x: np.ndarray) -> np.ndarray:
    """The f32 ulp at the magnitude of each (float64) value, subnormal spacing below."""
    e = np.floor(np.log2(np.maximum(np.abs(x), 2.0**-126)))
    return 2.0 ** (e - 23)


def as_f32(bits: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore"):  # signaling NaNs
        return np.asarray(bits, dtype=np.uint32).view(np.float32).astype(np.float64)
