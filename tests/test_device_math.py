"""CUDA's math functions and math intrinsics (cu2amd/math_functions.h, math_intrinsics.h)
on the host platform, against references: each function runs on edge values (0, ±0,
±1, min, max, NaN, ±inf, denormals) and random inputs in one compiled program, and its
error in ulps must stay within the bound CUDA documents for it (BOUNDS, below).

References: x86 extended precision (numpy longdouble, 64-bit significands) for the
elementary functions, the C library's long double functions through a small C helper
built here for the special ones (erf, lgamma, Bessel ...), and long double algorithms of
its own (Newton iterations, series) for what the C library lacks (erfinv, erfcx,
cyl_bessel_i0, ...). Exact functions and the directed-rounding intrinsics are compared
bit for bit with results computed exactly in Python (fractions). Last, a program calling
every function compiles for gfx942 with every OCML function it calls present."""

from __future__ import annotations

import ctypes
import math
import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from cu2amd.amdgpu.toolchain import host_cc

LD = np.longdouble
F32, F64 = np.float32, np.float64
# every value a reference returns is a long double (or an exact Fraction / int)
Ref = Callable[..., object]

# --- the long double helper ---------------------------------------------------------

HELPER = r"""
#include <math.h>
typedef long double ld;
static const ld PI = 3.141592653589793238462643383279502884L;
static ld erfinv_ld(ld x) {                       /* Newton on erf / erfc */
    if (x == 0 || x != x) return x;
    if (fabsl(x) >= 1) return fabsl(x) == 1 ? copysignl(INFINITY, x) : NAN;
    ld a = fabsl(x), t = 1 - a, y = sqrtl(-logl(t * (2 - t)));
    if (a < 0.5L) y = a;
    for (int i = 0; i < 200; ++i) {
        ld step = a < 0.5L ? (erfl(y) - a) * sqrtl(PI) / 2 * expl(y * y)
                           : -(erfcl(y) - t) * sqrtl(PI) / 2 * expl(y * y);
        y -= step;
        if (fabsl(step) <= fabsl(y) * 1e-21L) break;
    }
    return copysignl(y, x);
}
static ld erfcinv_ld(ld t) {
    if (t <= 0 || t >= 2) return t == 0 ? INFINITY : t == 2 ? -INFINITY : NAN;
    if (t > 0.5L) return erfinv_ld(1 - t);
    ld y = t < 1e-10L ? sqrtl(-logl(t)) : erfinv_ld(1 - t);
    for (int i = 0; i < 200; ++i) {  /* relative Newton: erfc(y) / t - 1 */
        ld step = -(erfcl(y) - t) * sqrtl(PI) / 2 * expl(y * y);
        y -= step;
        if (fabsl(step) <= fabsl(y) * 1e-21L) break;
    }
    return y;
}
static ld erfcx_ld(ld x) {
    if (x < 50) return expl(x * x) * erfcl(x);
    ld s = 1, term = 1, q = 1 / (2 * x * x);       /* asymptotic series */
    for (int k = 1; k < 30; ++k) { term *= -(2 * k - 1) * q; s += term; }
    return s / (x * sqrtl(PI));
}
static ld bessel_i_ld(ld x, int order) {          /* power series, positive terms */
    ld a = fabsl(x), q = a * a / 4, term = order ? a / 2 : 1, sum = term;
    for (int k = 1; k < 3000; ++k) {
        term = term / ((ld)k * (k + order)) * q;
        sum += term;
        if (term < sum * 1e-22L) break;
    }
    return order && x < 0 ? -sum : sum;
}
void reference(const char *name, int n, const double *x, const double *y, ld *out) {
    for (int i = 0; i < n; ++i) {
        ld a = x[i], b = y[i];
        ld r = NAN;
        switch (name[0] * 256 + name[1]) {
        case 'e' * 256 + 'f': r = erfl(a); break;          /* ef: erf */
        case 'e' * 256 + 'c': r = erfcl(a); break;         /* ec: erfc */
        case 'l' * 256 + 'g': r = lgammal(a); break;       /* lg: lgamma */
        case 't' * 256 + 'g': r = tgammal(a); break;       /* tg: tgamma */
        case 'j' * 256 + '0': r = j0l(a); break;
        case 'j' * 256 + '1': r = j1l(a); break;
        case 'y' * 256 + '0': r = y0l(a); break;
        case 'y' * 256 + '1': r = y1l(a); break;
        case 'j' * 256 + 'n': r = jnl((int)b, a); break;
        case 'y' * 256 + 'n': r = ynl((int)b, a); break;
        case 'e' * 256 + 'i': r = erfinv_ld(a); break;     /* ei: erfinv */
        case 'e' * 256 + 'v': r = erfcinv_ld(a); break;    /* ev: erfcinv */
        case 'e' * 256 + 'x': r = erfcx_ld(a); break;      /* ex: erfcx */
        case 'n' * 256 + 'c': r = 0.5L * erfcl(-a / sqrtl(2.0L)); break;  /* nc: normcdf */
        case 'n' * 256 + 'i': r = -sqrtl(2.0L) * erfcinv_ld(2 * a); break; /* ni: normcdfinv */
        case 'i' * 256 + '0': r = bessel_i_ld(a, 0); break;
        case 'i' * 256 + '1': r = bessel_i_ld(a, 1); break;
        }
        out[i] = r;
    }
}
"""


@pytest.fixture(scope="module")
def helper(
    tmp_path_factory: pytest.TempPathFactory,
) -> Callable[[str, np.ndarray, np.ndarray], np.ndarray]:
    tmp = tmp_path_factory.mktemp("ldhelper")
    (tmp / "ref.c").write_text(HELPER)
    cmd = [
        *host_cc(),
        "-O1",
        "-shared",
        "-fPIC",
        "-o",
        str(tmp / "ref.so"),
        str(tmp / "ref.c"),
        "-lm",
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    lib = ctypes.CDLL(str(tmp / "ref.so"))

    def call(name: str, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        out = np.zeros(len(x), dtype=LD)
        xs, ys = np.ascontiguousarray(x, F64), np.ascontiguousarray(y, F64)
        lib.reference(name.encode(), ctypes.c_int(len(x)), xs.ctypes.data_as(ctypes.c_void_p),
                      ys.ctypes.data_as(ctypes.c_void_p), out.ctypes.data_as(ctypes.c_void_p))  # fmt: skip
        return out

    return call


# --- exact rounding (fractions) -----------------------------------------------------


@dataclass(frozen=True)
class Format:
    dtype: type
    bits: int  # significand bits
    emin: int
    emax: int
    cast: str  # the C type

    @property
    def max(self) -> float:
        return float((2 - Fraction(2) ** (1 - self.bits)) * Fraction(2) ** self.emax)


SINGLE = Format(F32, 24, -126, 127, "float")
DOUBLE = Format(F64, 53, -1022, 1023, "double")


def round_exact(q: Fraction, fmt: Format, mode: str) -> float:
    """q rounded to fmt in mode rn/rz/ru/rd (q != 0; the caller decides zeros' signs)."""
    sign, a = (-1, -q) if q < 0 else (1, q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    quantum = Fraction(2) ** (max(e, fmt.emin) - fmt.bits + 1)
    n, rem = divmod(a, quantum)
    n = int(n)
    up = {
        "rn": rem > quantum / 2 or (rem == quantum / 2 and n % 2 == 1),
        "rz": False,
        "ru": rem > 0 and sign > 0,
        "rd": rem > 0 and sign < 0,
    }[mode]
    n += up
    value = n * quantum
    if value > Fraction(fmt.max):
        away = mode == "rn" or (mode == "ru" and sign > 0) or (mode == "rd" and sign < 0)
        return sign * (math.inf if away else fmt.max)
    return sign * float(value)


# --- inputs -------------------------------------------------------------------------

SPECIALS = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, 10.0, -10.0, 0.1, math.pi, -math.pi,
            1.5, 2.5, -2.5, 1e-8, -1e-8, 100.0, 1000.0, -1000.0, 4.0, 8.0, 7.99, 27.0, 40.0, 88.7,
            -88.7, 89.0, 709.0, -709.0, 710.0, 713.0, 745.0, 1e10, -1e10, 2.0**52 + 1, 2.0**60,
            float(np.finfo(F32).tiny), float(np.finfo(F32).max), float(np.finfo(F32).smallest_subnormal),
            -float(np.finfo(F32).smallest_subnormal), 2.0**-140, 1e-40, -1e-40,
            float(np.finfo(F64).tiny), -float(np.finfo(F64).tiny), float(np.finfo(F64).max),
            -float(np.finfo(F64).max), 5e-324, -5e-324, 1e-310, 1e300, -1e300,
            math.inf, -math.inf, math.nan, 1 - 2.0**-24, 1 - 2.0**-53, 1 + 2.0**-52, 2 - 2.0**-52,
            1e-300, 2.0**-1000, 0.99999, -0.99999, 1.99999, 1e-5, 1e-20, 1e-200, -26.6, -26.65,
            -26.68, -26.7, -26.75, -9.2, -9.3, -9.4]  # fmt: skip


def unary_inputs() -> np.ndarray:
    rng = random.Random(11)
    xs = list(SPECIALS)
    for _ in range(150):  # every magnitude, both signs
        xs.append(rng.choice([-1, 1]) * 2.0 ** rng.uniform(-1074, 1024))
    for _ in range(80):  # float's range
        xs.append(rng.choice([-1, 1]) * 2.0 ** rng.uniform(-149, 128))
    xs += [rng.uniform(-1, 1) for _ in range(100)]  # erfinv, acos, ...
    xs += [rng.uniform(0, 2) for _ in range(40)]  # erfcinv
    xs += [rng.uniform(-10, 10) for _ in range(100)]
    xs += [rng.uniform(-40, 40) for _ in range(60)]
    xs += [rng.uniform(-800, 800) for _ in range(40)]
    xs += [1 - 2.0 ** -rng.uniform(1, 52) for _ in range(20)]  # erfinv's tail
    xs += [2.0 ** -rng.uniform(1, 1070) for _ in range(20)]  # erfcinv's tail, normcdfinv
    xs += [round(rng.uniform(-50, 50)) + rng.choice([0, 0.5, 0.25]) for _ in range(40)]
    for zero in BESSEL_ZEROS:  # where the Bessel functions are hardest in ulps
        xs += [zero, math.nextafter(zero, 0), math.nextafter(zero, 9)]
        xs += [zero + s * d for s in (-1, 1) for d in (1e-12, 1e-7, 1e-3, 0.05, 0.2, 0.3)]
    return np.array(xs, dtype=F64)


# the zeros of J0, J1, Y0 and Y1 below 8 (to double precision)
BESSEL_ZEROS = [2.404825557695773, 5.520078110286311, 3.831705970207512, 7.015586669815619,
                0.8935769662791675, 3.957678419314858, 7.086051060301773, 2.197141326031017,
                5.429681040794135]  # fmt: skip


def binary_inputs(x: np.ndarray) -> np.ndarray:
    rng = np.random.default_rng(5)
    y = rng.permutation(x)
    # near-equal and negated partners for some: cancellation, tiny quotients
    idx = rng.choice(len(x), len(x) // 4, replace=False)
    y[idx[: len(idx) // 2]] = -x[idx[: len(idx) // 2]]
    y[idx[len(idx) // 2 :]] = np.nextafter(x[idx[len(idx) // 2 :]], 0)
    return y


# --- ops: a C expression over x, y, z (double) and k (int), a reference, a bound ----


@dataclass(frozen=True)
class MathOp:
    name: str
    expr: str  # C++ returning a value converted to double
    fmt: Format
    ref: Callable[[Inputs], np.ndarray]  # long double (or float64 exact) results
    ulps: float = 0.0  # CUDA's bound, in ulps of the correctly rounded result
    where: Callable[[Inputs], np.ndarray] | None = None  # where the ulp bound applies
    abs_err: float | None = None  # else this absolute bound applies
    exact: bool = False  # compare bits (signed zeros, NaN-ness) exactly
    checked: Callable[[Inputs, Format], np.ndarray] | None = None  # inputs with a bound at all
    bits: bool = False  # compare the float64 bit patterns (NaN payloads)


@dataclass
class Inputs:
    x: np.ndarray
    y: np.ndarray
    z: np.ndarray
    k: np.ndarray
    helper: Callable[[str, np.ndarray, np.ndarray], np.ndarray]

    def f(self, fmt: Format) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """x, y, z as the kernel sees them in fmt (rounded to float for float ops)."""
        with np.errstate(over="ignore"):
            return tuple(v.astype(fmt.dtype).astype(F64) for v in (self.x, self.y, self.z))  # type: ignore[return-value]


PI_LD = LD("3.14159265358979323846264338327950288")


def ld(v: np.ndarray) -> np.ndarray:
    return v.astype(LD)


def pi_quadrants(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """x = 2m + n/2 + t exactly, |t| <= 1/4: (n mod 4, sin(pi t), cos(pi t)) in long double."""
    with np.errstate(invalid="ignore"):
        r = np.fmod(x, 2.0)  # exact
        n = np.round(r * 2.0)  # exact
        t = r - n * 0.5  # exact
    q = np.mod(np.nan_to_num(n), 4).astype(int)
    return q, np.sin(PI_LD * ld(t)), np.cos(PI_LD * ld(t))


def sinpi_ref(x: np.ndarray) -> np.ndarray:
    q, s, c = pi_quadrants(x)
    out = np.choose(q, [s, c, -s, -c])
    out[~np.isfinite(x)] = np.nan
    out[out == 0] = 0.0
    return np.where(x == 0, ld(x), out)


def cospi_ref(x: np.ndarray) -> np.ndarray:
    q, s, c = pi_quadrants(x)
    out = np.choose(q, [c, -s, -c, s])
    out[~np.isfinite(x)] = np.nan
    out[out == 0] = 0.0
    return out


def logb_ref(x: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        out = np.floor(np.log2(np.abs(ld(x))))
    return out


def round_half_away(x: np.ndarray) -> np.ndarray:
    a = ld(np.abs(x))
    with np.errstate(invalid="ignore"):
        r = np.where(a >= 2.0**52, a, np.floor(a + LD(0.5)))
    return np.copysign(r, ld(x))


def norm_ref(*vs: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", over="ignore"):
        total = sum(ld(v) * ld(v) for v in vs)
        out = np.sqrt(total)
        out[np.any([np.isinf(v) for v in vs], axis=0)] = np.inf
    return out


def rcp(v: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return LD(1) / v


# J0, J1, Y0, Y1 below 8 from their power series in 40-digit decimal arithmetic: the C
# library's long double functions lose their accuracy near the zeros.
PI_DEC = Decimal("3.14159265358979323846264338327950288419716939937510582097494")
EULER_GAMMA = Decimal("0.57721566490153286060651209008240243104215933593992359880577")


def bessel_series(name: str, v: float) -> Decimal:
    """J0, J1, Y0 or Y1 at 0 < |v| < 8 (Y only for v > 0) to about 35 digits:
    J0 = sum t_k, t_k = (-1)^k q^k / (k!)^2, q = x^2 / 4;
    Y0 = (2/pi) (ln(x/2) + gamma) J0 - (2/pi) sum t_k H_k;
    J1 = sum u_k, u_k = (-1)^k (x/2)^(2k+1) / (k! (k+1)!);
    Y1 = (2/pi) J1 ln(x/2) - 2 / (pi x) - (1/pi) sum u_k (H_k + H_(k+1) - 2 gamma)."""
    with localcontext() as ctx:
        ctx.prec = 45
        x = Decimal(v)
        order = int(name[1])
        q = x * x / 4
        term = Decimal(1) if order == 0 else x / 2
        h_k = Decimal(0)  # H_k
        j, weighted = Decimal(0), Decimal(0)
        for k in range(200):
            h_next = h_k + Decimal(1) / (k + 1)
            j += term
            weighted += term * (h_k if order == 0 else h_k + h_next - 2 * EULER_GAMMA)
            if abs(term) < Decimal(10) ** -42 and k > 4:
                break
            term = -term * q / ((k + 1) * (k + 1 + order))
            h_k = h_next
        if name[0] == "j":
            return j
        log_half = (x / 2).ln()
        if order == 0:
            return 2 / PI_DEC * ((log_half + EULER_GAMMA) * j - weighted)
        return 2 / PI_DEC * j * log_half - 2 / (PI_DEC * x) - weighted / PI_DEC


def bessel_ref(code: str) -> Callable[[Inputs, Format], np.ndarray]:
    def ref(inp: Inputs, fmt: Format) -> np.ndarray:
        x, y, _ = inp.f(fmt)
        out = inp.helper(code, x, y)
        for i in np.flatnonzero((np.abs(x) < 8) & (x != 0)):
            if code[0] == "y" and x[i] < 0:
                continue
            out[i] = LD(str(bessel_series(code, float(x[i]))))
        return out

    return ref


def helper_ref(code: str, arg: int = 0) -> Callable[[Inputs, Format], np.ndarray]:
    def ref(inp: Inputs, fmt: Format) -> np.ndarray:
        x, y, _ = inp.f(fmt)
        return inp.helper(code, x, (inp.k & 7).astype(F64) if arg else y)

    return ref


def on_x(fn: Callable[[np.ndarray], np.ndarray]) -> Callable[[Inputs, Format], np.ndarray]:
    def ref(inp: Inputs, fmt: Format) -> np.ndarray:
        with np.errstate(all="ignore"):
            return fn(inp.f(fmt)[0])

    return ref


def on_xy(
    fn: Callable[[np.ndarray, np.ndarray], np.ndarray],
) -> Callable[[Inputs, Format], np.ndarray]:
    def ref(inp: Inputs, fmt: Format) -> np.ndarray:
        x, y, _ = inp.f(fmt)
        with np.errstate(all="ignore"):
            return fn(x, y)

    return ref


def small(limit: float) -> Callable[[Inputs, Format], np.ndarray]:
    return lambda inp, fmt: np.abs(inp.f(fmt)[0]) < limit


def outside(lo: float, hi: float) -> Callable[[Inputs, Format], np.ndarray]:
    return lambda inp, fmt: ~((inp.f(fmt)[0] >= lo) & (inp.f(fmt)[0] <= hi))


# name: (float ulps, double ulps, reference on x as float64, where-mask, abs bound f/d)
# CUDA Programming Guide, Mathematical Functions appendix (runtime_shim/tables/math.py)
UNARY: dict[str, tuple[float, float, Callable[[Inputs, Format], np.ndarray], object, object]] = {
    "acos": (2, 2, on_x(lambda x: np.arccos(ld(x))), None, None),
    "acosh": (4, 3, on_x(lambda x: np.arccosh(ld(x))), None, None),
    "asin": (2, 2, on_x(lambda x: np.arcsin(ld(x))), None, None),
    "asinh": (3, 3, on_x(lambda x: np.arcsinh(ld(x))), None, None),
    "atan": (2, 2, on_x(lambda x: np.arctan(ld(x))), None, None),
    "atanh": (3, 2, on_x(lambda x: np.arctanh(ld(x))), None, None),
    "cbrt": (1, 1, on_x(lambda x: np.cbrt(ld(x))), None, None),
    "ceil": (0, 0, on_x(np.ceil), None, None),
    "cos": (2, 2, on_x(lambda x: np.cos(ld(x))), None, None),
    "cosh": (2, 1, on_x(lambda x: np.cosh(ld(x))), None, None),
    "cospi": (1, 2, on_x(cospi_ref), None, None),
    "cyl_bessel_i0": (6, 6, helper_ref("i0"), None, None),
    "cyl_bessel_i1": (6, 6, helper_ref("i1"), None, None),
    "erf": (2, 2, helper_ref("ef"), None, None),
    "erfc": (4, 5, helper_ref("ec"), None, None),
    "erfcinv": (4, 6, helper_ref("ev"), None, None),
    "erfcx": (4, 4, helper_ref("ex"), None, None),
    "erfinv": (2, 5, helper_ref("ei"), None, None),
    "exp": (2, 1, on_x(lambda x: np.exp(ld(x))), None, None),
    "exp10": (2, 1, on_x(lambda x: np.power(LD(10), ld(x))), None, None),
    "exp2": (2, 1, on_x(lambda x: np.exp2(ld(x))), None, None),
    "expm1": (1, 1, on_x(lambda x: np.expm1(ld(x))), None, None),
    "fabs": (0, 0, on_x(np.abs), None, None),
    "floor": (0, 0, on_x(np.floor), None, None),
    "j0": (9, 7, bessel_ref("j0"), small(8), (2.2e-6, 5e-12)),
    "j1": (9, 7, bessel_ref("j1"), small(8), (2.2e-6, 5e-12)),
    "lgamma": (6, 4, helper_ref("lg"), None, None),
    "log": (1, 1, on_x(lambda x: np.log(ld(x))), None, None),
    "log10": (2, 1, on_x(lambda x: np.log10(ld(x))), None, None),
    "log1p": (1, 1, on_x(lambda x: np.log1p(ld(x))), None, None),
    "log2": (1, 1, on_x(lambda x: np.log2(ld(x))), None, None),
    "logb": (0, 0, on_x(logb_ref), None, None),
    "nearbyint": (0, 0, on_x(np.rint), None, None),
    "normcdf": (5, 5, helper_ref("nc"), None, None),
    "normcdfinv": (5, 8, helper_ref("ni"), None, None),
    "rcbrt": (1, 1, on_x(lambda x: rcp(np.cbrt(ld(x)))), None, None),
    "rint": (0, 0, on_x(np.rint), None, None),
    "round": (0, 0, on_x(round_half_away), None, None),
    "rsqrt": (2, 1, on_x(lambda x: rcp(np.sqrt(ld(x)))), None, None),
    "sin": (2, 2, on_x(lambda x: np.sin(ld(x))), None, None),
    "sinh": (3, 2, on_x(lambda x: np.sinh(ld(x))), None, None),
    "sinpi": (1, 2, on_x(sinpi_ref), None, None),
    "sqrt": (0, 0, on_x(lambda x: np.sqrt(ld(x))), None, None),
    "tan": (4, 2, on_x(lambda x: np.tan(ld(x))), None, None),
    "tanh": (2, 1, on_x(lambda x: np.tanh(ld(x))), None, None),
    "tgamma": (5, 10, helper_ref("tg"), None, None),
    "trunc": (0, 0, on_x(np.trunc), None, None),
    "y0": (9, 7, bessel_ref("y0"), small(8), (2.2e-6, 5e-12)),
    "y1": (9, 7, bessel_ref("y1"), small(8), (2.2e-6, 5e-12)),
}
# lgamma's bound holds outside these intervals (near its negative zeros the error is
# unbounded in ulps)
LGAMMA_WHERE = {SINGLE: outside(-10.001, -2.264), DOUBLE: outside(-23.0001, -2.2637)}

BINARY: dict[str, tuple[float, float, Callable[[Inputs, Format], np.ndarray]]] = {
    "atan2": (3, 2, on_xy(lambda x, y: np.arctan2(ld(x), ld(y)))),
    "copysign": (0, 0, on_xy(np.copysign)),
    "fdim": (0, 0, on_xy(lambda x, y: np.where(ld(x) > ld(y), ld(x) - ld(y), np.where(np.isnan(x) | np.isnan(y), np.nan, 0.0)))),
    "fmax": (0, 0, on_xy(np.fmax)),
    "fmin": (0, 0, on_xy(np.fmin)),
    "fmod": (0, 0, on_xy(np.fmod)),
    "hypot": (3, 2, on_xy(lambda x, y: np.hypot(ld(x), ld(y)))),
    "pow": (4, 2, on_xy(lambda x, y: np.power(ld(x), ld(y)))),
    "remainder": (0, 0, on_xy(np.vectorize(lambda a, b: math.remainder(a, b) if b != 0 and math.isfinite(a) and not math.isnan(b) else math.nan))),
    "rhypot": (2, 1, on_xy(lambda x, y: rcp(np.hypot(ld(x), ld(y))))),
}  # fmt: skip


# references computed exactly: results compared bit for bit
EXACT = {"ceil", "floor", "trunc", "rint", "nearbyint", "round", "fabs", "logb", "copysign", "fmax",
         "fmin", "fmod", "remainder"}  # fmt: skip


def standard_ops() -> list[MathOp]:
    ops = []
    for base, (fu, du, ref, where, abs_err) in UNARY.items():
        for fmt, ulps, suffix in ((SINGLE, fu, "f"), (DOUBLE, du, "")):
            w = LGAMMA_WHERE[fmt] if base == "lgamma" else where
            a = None if abs_err is None else abs_err[fmt is DOUBLE]  # type: ignore[index]
            ops.append(MathOp(f"{base}{suffix}", f"{base}{suffix}(({fmt.cast})x)", fmt, ref, ulps,
                              w, a, exact=base in EXACT))  # type: ignore[arg-type]  # fmt: skip
    for base, (fu, du, ref) in BINARY.items():
        for fmt, ulps, suffix in ((SINGLE, fu, "f"), (DOUBLE, du, "")):
            c = fmt.cast
            ops.append(MathOp(f"{base}{suffix}", f"{base}{suffix}(({c})x, ({c})y)", fmt, ref, ulps,
                              exact=base in EXACT))  # fmt: skip
    return ops


def exact_each(
    fn: Callable[..., float], fmt: Format, arity: int = 1
) -> Callable[[Inputs, Format], np.ndarray]:
    """A reference computed per element in Python (results exact, as float64)."""

    def ref(inp: Inputs, fmt_: Format) -> np.ndarray:
        x, y, z = inp.f(fmt)
        args = (x, y, z)[:arity]
        return np.array(
            [fn(*(float(a[i]) for a in args), int(inp.k[i])) for i in range(len(x))], dtype=F64
        )

    return ref


def frexp_mant(x: float, k: int) -> float:
    return math.frexp(x)[0] if math.isfinite(x) else x


def frexp_exp(x: float, k: int) -> float:
    return float(math.frexp(x)[1]) if math.isfinite(x) else 0.0  # CUDA: unspecified, LLVM: 0


def ldexp_exact(fmt: Format) -> Callable[[float, int], float]:
    def f(x: float, k: int) -> float:
        if x == 0 or not math.isfinite(x):
            return x
        return round_exact(Fraction(x) * Fraction(2) ** k, fmt, "rn")

    return f


def ilogb_ref(x: float, k: int) -> float:
    if math.isnan(x) or x == 0:
        return float(-(2**31))
    if math.isinf(x):
        return float(2**31 - 1)
    return float(math.frexp(x)[1] - 1)


def modf_frac(x: float, k: int) -> float:
    if math.isinf(x):
        return math.copysign(0.0, x)
    return math.copysign(x - math.trunc(x), x) if math.isfinite(x) else x


def modf_int(x: float, k: int) -> float:
    return math.copysign(float(math.trunc(x)), x) if math.isfinite(x) else x


def rint_int(x: float, k: int) -> float:
    return float(round(x)) if math.isfinite(x) and abs(x) < 2.0**62 else 0.0


def round_int(x: float, k: int) -> float:
    if not (math.isfinite(x) and abs(x) < 2.0**62):
        return 0.0
    return float(int(math.copysign(math.floor(abs(x) + 0.5), x) if abs(x) < 2.0**52 else x))


def remquo_quo(x: float, y: float, k: int) -> float:
    """The sign of x/y and its 3 low bits, as CUDA guarantees (the test masks the same)."""
    if y == 0 or not math.isfinite(x) or math.isnan(y):
        return 0.0
    if math.isinf(y):
        return 0.0
    q = Fraction(x) / Fraction(y)
    n = round(q)  # half to even, as remainder's quotient
    low = abs(n) % 8
    return float(-low if n < 0 else low)


def special_fma(a: float, b: float, c: float) -> float:
    """fma with an infinite or NaN operand."""
    if math.isnan(a) or math.isnan(b) or math.isnan(c):
        return math.nan
    if math.isinf(a) or math.isinf(b):
        if a == 0 or b == 0:
            return math.nan
        p = math.copysign(math.inf, math.copysign(1, a) * math.copysign(1, b))
        return math.nan if math.isinf(c) and c != p else p
    return c


def fma_exact(fmt: Format, mode: str = "rn") -> Callable[[float, float, float, int], float]:
    def f(a: float, b: float, c: float, k: int) -> float:
        if not all(math.isfinite(v) for v in (a, b, c)):
            return special_fma(a, b, c)
        p = Fraction(a) * Fraction(b)
        q = p + Fraction(c)
        if q == 0:
            p_neg = math.copysign(1, a) * math.copysign(1, b) < 0
            both_neg = p_neg and math.copysign(1, c) < 0
            negative = (
                (p != 0 or c != 0 or p_neg or math.copysign(1, c) < 0) if mode == "rd" else both_neg
            )
            return -0.0 if negative else 0.0
        return round_exact(q, fmt, mode)

    return f


def beyond_order(inp: Inputs, fmt: Format) -> np.ndarray:
    """yn(n, x): CUDA bounds the absolute error where |x| > 1.5 n; checked from |x| >= 8
    (below, Y0 and Y1 grow without bound and have ulp bounds of their own), with NaN, inf
    and 0."""
    x = inp.f(fmt)[0]
    return ((np.abs(x) > 1.5 * (inp.k & 7)) & (np.abs(x) >= 8)) | ~np.isfinite(x) | (x <= 0)


def op_exact(name: str, expr: str, fmt: Format, fn: Callable[..., float], arity: int = 1) -> MathOp:
    return MathOp(name, expr, fmt, exact_each(fn, fmt, arity), exact=True)


def other_ops() -> list[MathOp]:
    ops: list[MathOp] = []
    for fmt, s in ((SINGLE, "f"), (DOUBLE, "")):
        c = fmt.cast
        ops += [
            op_exact(f"frexp{s}.mant", f"[&] {{ int e; return frexp{s}(({c})x, &e); }}()", fmt, frexp_mant),
            op_exact(f"frexp{s}.exp", f"[&] {{ int e = 0; frexp{s}(({c})x, &e); return e; }}()", fmt, frexp_exp),
            op_exact(f"ldexp{s}", f"ldexp{s}(({c})x, k)", fmt, ldexp_exact(fmt)),
            op_exact(f"scalbn{s}", f"scalbn{s}(({c})x, k)", fmt, ldexp_exact(fmt)),
            op_exact(f"scalbln{s}", f"scalbln{s}(({c})x, (long)k)", fmt, ldexp_exact(fmt)),
            op_exact(f"ilogb{s}", f"ilogb{s}(({c})x)", fmt, ilogb_ref),
            op_exact(f"modf{s}.frac", f"[&] {{ {c} i; return modf{s}(({c})x, &i); }}()", fmt, modf_frac),
            op_exact(f"modf{s}.int", f"[&] {{ {c} i; modf{s}(({c})x, &i); return i; }}()", fmt, modf_int),
            op_exact(f"lrint{s}", f"fabs(({c})x) < 0x1p62 ? (double)lrint{s}(({c})x) : 0.0", fmt, rint_int),
            op_exact(f"llrint{s}", f"fabs(({c})x) < 0x1p62 ? (double)llrint{s}(({c})x) : 0.0", fmt, rint_int),
            op_exact(f"lround{s}", f"fabs(({c})x) < 0x1p62 ? (double)lround{s}(({c})x) : 0.0", fmt, round_int),
            op_exact(f"llround{s}", f"fabs(({c})x) < 0x1p62 ? (double)llround{s}(({c})x) : 0.0", fmt, round_int),
            op_exact(f"remquo{s}.rem", f"[&] {{ int q; return remquo{s}(({c})x, ({c})y, &q); }}()", fmt,
                     lambda a, b, k: math.remainder(a, b) if b != 0 and math.isfinite(a) and not math.isnan(b) else math.nan, 2),
            op_exact(f"remquo{s}.quo", f"[&] {{ int q = 0; {c} r = remquo{s}(({c})x, ({c})y, &q); "
                     f"return (r == r && !isinf(({c})y)) ? (double)(q < 0 ? -(-q & 7) : (q & 7)) : 0.0; }}()", fmt, remquo_quo, 2),
            op_exact(f"nextafter{s}", f"nextafter{s}(({c})x, ({c})y)", fmt,
                     lambda a, b, k, t=fmt.dtype: float(np.nextafter(t(a), t(b))), 2),
            op_exact(f"fma{s}", f"fma{s}(({c})x, ({c})y, ({c})z)", fmt, fma_exact(fmt), 3),
            op_exact(f"isfinite({c})", f"isfinite(({c})x)", fmt, lambda a, k: float(math.isfinite(a))),
            op_exact(f"isinf({c})", f"isinf(({c})x)", fmt, lambda a, k: float(math.isinf(a))),
            op_exact(f"isnan({c})", f"isnan(({c})x)", fmt, lambda a, k: float(math.isnan(a))),
            op_exact(f"signbit({c})", f"signbit(({c})x)", fmt, lambda a, k: float(math.copysign(1, a) < 0)),
            MathOp(f"sincos{s}.sin", f"[&] {{ {c} a, b; sincos{s}(({c})x, &a, &b); return a; }}()", fmt,
                   UNARY["sin"][2], UNARY["sin"][fmt is DOUBLE]),  # type: ignore[arg-type]
            MathOp(f"sincos{s}.cos", f"[&] {{ {c} a, b; sincos{s}(({c})x, &a, &b); return b; }}()", fmt,
                   UNARY["cos"][2], UNARY["cos"][fmt is DOUBLE]),  # type: ignore[arg-type]
            MathOp(f"sincospi{s}.sin", f"[&] {{ {c} a, b; sincospi{s}(({c})x, &a, &b); return a; }}()", fmt,
                   UNARY["sinpi"][2], UNARY["sinpi"][fmt is DOUBLE]),  # type: ignore[arg-type]
            MathOp(f"sincospi{s}.cos", f"[&] {{ {c} a, b; sincospi{s}(({c})x, &a, &b); return b; }}()", fmt,
                   UNARY["cospi"][2], UNARY["cospi"][fmt is DOUBLE]),  # type: ignore[arg-type]
            MathOp(f"norm3d{s}", f"norm3d{s}(({c})x, ({c})y, ({c})z)", fmt,
                   lambda inp, f: norm_ref(*inp.f(f)), 3 if fmt is SINGLE else 2),
            MathOp(f"rnorm3d{s}", f"rnorm3d{s}(({c})x, ({c})y, ({c})z)", fmt,
                   lambda inp, f: rcp(norm_ref(*inp.f(f))), 2 if fmt is SINGLE else 1),
            MathOp(f"norm4d{s}", f"norm4d{s}(({c})x, ({c})y, ({c})z, ({c})(x * 0.5))", fmt,
                   lambda inp, f: norm_ref(*inp.f(f), (inp.f(f)[0] * 0.5).astype(f.dtype).astype(F64)), 3 if fmt is SINGLE else 2),
            MathOp(f"rnorm4d{s}", f"rnorm4d{s}(({c})x, ({c})y, ({c})z, ({c})(x * 0.5))", fmt,
                   lambda inp, f: rcp(norm_ref(*inp.f(f), (inp.f(f)[0] * 0.5).astype(f.dtype).astype(F64))), 2 if fmt is SINGLE else 1),
            MathOp(f"norm{s}", f"[&] {{ {c} v[3] = {{({c})x, ({c})y, ({c})z}}; return norm{s}(3, v); }}()", fmt,
                   lambda inp, f: norm_ref(*inp.f(f)), 4 if fmt is SINGLE else 2),
            MathOp(f"rnorm{s}", f"[&] {{ {c} v[3] = {{({c})x, ({c})y, ({c})z}}; return rnorm{s}(3, v); }}()", fmt,
                   lambda inp, f: rcp(norm_ref(*inp.f(f))), 4 if fmt is SINGLE else 2),
            MathOp(f"jn{s}", f"jn{s}(k & 7, ({c})x)", fmt, helper_ref("jn", 1), 0, small(0.0), 2.2e-6 if fmt is SINGLE else 5e-12),
            MathOp(f"yn{s}", f"yn{s}(k & 7, ({c})x)", fmt, helper_ref("yn", 1), 0, small(0.0),
                   2.2e-6 if fmt is SINGLE else 5e-12, checked=beyond_order),
        ]  # fmt: skip
    ops.append(MathOp("fdividef", "fdividef((float)x, (float)y)", SINGLE,
                      on_xy(lambda x, y: ld(x) / ld(y)), 2))  # fmt: skip
    # the AMD GPUs' jn/yn recurrences, run on the host against the C library's
    ops.append(MathOp("__cu2amd_jn", "__cu2amd_jn(k & 7, x)", DOUBLE, helper_ref("jn", 1), 0,
                      small(0.0), 5e-12))  # fmt: skip
    ops.append(MathOp("__cu2amd_yn", "__cu2amd_yn(k & 7, x)", DOUBLE, helper_ref("yn", 1), 0,
                      small(0.0), 5e-12, checked=beyond_order))  # fmt: skip
    return ops


def within(lo: float, hi: float) -> Callable[[Inputs, Format], np.ndarray]:
    return lambda inp, fmt: (inp.f(fmt)[0] >= lo) & (inp.f(fmt)[0] <= hi)


def fast_ops() -> list[MathOp]:
    """Fast intrinsics, with CUDA's bounds (absolute near 1 for the logarithms, on
    [-pi, pi] for __sinf/__cosf; __expf's grows with |x|)."""
    s = SINGLE
    x_ = "(float)x"
    return [
        MathOp("__expf", f"__expf({x_})", s, on_x(lambda x: np.exp(ld(x))), 2,
               checked=lambda inp, f: np.abs(inp.f(f)[0]) < 80),
        MathOp("__exp10f", f"__exp10f({x_})", s, on_x(lambda x: np.power(LD(10), ld(x))), 2,
               checked=lambda inp, f: np.abs(inp.f(f)[0]) < 35),
        MathOp("__logf", f"__logf({x_})", s, on_x(lambda x: np.log(ld(x))), 3, outside(0.5, 2), 2.0**-21.41),
        MathOp("__log2f", f"__log2f({x_})", s, on_x(lambda x: np.log2(ld(x))), 2, outside(0.5, 2), 2.0**-22),
        MathOp("__log10f", f"__log10f({x_})", s, on_x(lambda x: np.log10(ld(x))), 3, outside(0.5, 2), 2.0**-24),
        MathOp("__sinf", f"__sinf({x_})", s, on_x(lambda x: np.sin(ld(x))), 0, small(0.0), 2.0**-21.41,
               checked=within(-math.pi, math.pi)),
        MathOp("__cosf", f"__cosf({x_})", s, on_x(lambda x: np.cos(ld(x))), 0, small(0.0), 2.0**-21.41,
               checked=within(-math.pi, math.pi)),
        MathOp("__sincosf.sin", f"[&] {{ float a, b; __sincosf({x_}, &a, &b); return a; }}()", s,
               on_x(lambda x: np.sin(ld(x))), 0, small(0.0), 2.0**-21.41, checked=within(-math.pi, math.pi)),
        MathOp("__sincosf.cos", f"[&] {{ float a, b; __sincosf({x_}, &a, &b); return b; }}()", s,
               on_x(lambda x: np.cos(ld(x))), 0, small(0.0), 2.0**-21.41, checked=within(-math.pi, math.pi)),
        # __tanf is __sinf(x) / __cosf(x): a relative bound from theirs where cos is not small
        MathOp("__tanf", f"__tanf({x_})", s, on_x(lambda x: np.tan(ld(x))), 4,
               checked=within(-1.4, 1.4)),
        MathOp("__fdividef", "__fdividef((float)x, (float)y)", s, on_xy(fdividef_ref), 2,
               checked=lambda inp, f: (np.abs(inp.f(f)[1]) >= 2.0**-126) & (np.abs(inp.f(f)[1]) <= 2.0**128)),
        MathOp("__saturatef", f"__saturatef({x_})", s,
               on_x(lambda x: np.where(np.isnan(x), 0.0, np.clip(x, 0.0, 1.0))), exact=True),
        MathOp("__frsqrt_rn", f"__frsqrt_rn({x_})", s, on_x(lambda x: rcp(np.sqrt(ld(x)))), 0),
        # __powf(x, y) is exp2(y * __log2f(x)): CUDA's special values (NaN for x < 0)
        MathOp("__powf", "__powf((float)x, (float)y)", s, on_xy(powf_ref), 128, checked=powf_checked),
    ]  # fmt: skip


def fdividef_ref(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    out = ld(x) / ld(y)
    big = np.abs(y) > 2.0**126
    out[big] = np.where(np.isinf(x[big]), np.nan, 0.0)
    return out


def powf_checked(inp: Inputs, fmt: Format) -> np.ndarray:
    """|y log2(x)| < 80: __log2f's error times y stays below 128 ulps of the result."""
    x, y, _ = inp.f(fmt)
    return ~np.isfinite(powf_ref(x, y)) | (
        (np.abs(x) >= 2.0**-8) & (np.abs(x) <= 2.0**8) & (np.abs(y) < 10)
    )


def powf_ref(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.exp2(ld(y) * np.log2(ld(x)))


# --- directed rounding: exact references --------------------------------------------

MODES = ("rn", "rz", "ru", "rd")


def ieee(
    fmt: Format, fn: Callable[[np.ndarray, np.ndarray], np.ndarray], a: float, b: float
) -> float:
    with np.errstate(all="ignore"):
        return float(fn(fmt.dtype(a), fmt.dtype(b)))


def add_exact(fmt: Format, mode: str) -> Callable[..., float]:
    def f(a: float, b: float, k: int) -> float:
        if not (math.isfinite(a) and math.isfinite(b)):
            return ieee(fmt, np.add, a, b)
        q = Fraction(a) + Fraction(b)
        if q == 0:
            neg_a, neg_b = math.copysign(1, a) < 0, math.copysign(1, b) < 0
            negative = (a != 0 or b != 0 or neg_a or neg_b) if mode == "rd" else (neg_a and neg_b)
            return -0.0 if negative else 0.0
        return round_exact(q, fmt, mode)

    return f


def sub_exact(fmt: Format, mode: str) -> Callable[..., float]:
    add = add_exact(fmt, mode)
    return lambda a, b, k: add(a, -b, k)


def mul_exact(fmt: Format, mode: str) -> Callable[..., float]:
    def f(a: float, b: float, k: int) -> float:
        if not (math.isfinite(a) and math.isfinite(b)) or a == 0 or b == 0:
            return ieee(fmt, np.multiply, a, b)
        return round_exact(Fraction(a) * Fraction(b), fmt, mode)

    return f


def div_exact(fmt: Format, mode: str) -> Callable[..., float]:
    def f(a: float, b: float, k: int) -> float:
        if not (math.isfinite(a) and math.isfinite(b)) or a == 0 or b == 0:
            return ieee(fmt, np.divide, a, b)
        return round_exact(Fraction(a) / Fraction(b), fmt, mode)

    return f


def rcp_exact(fmt: Format, mode: str) -> Callable[..., float]:
    div = div_exact(fmt, mode)
    return lambda a, k: div(1.0, a, k)


def sqrt_exact(fmt: Format, mode: str) -> Callable[..., float]:
    def f(a: float, k: int) -> float:
        if not (a > 0) or math.isinf(a):
            return ieee(fmt, lambda u, v: np.sqrt(u), a, 0.0)
        shift = 2 * fmt.bits + 1200  # a 4^shift/2 is an integer with enough bits
        n = Fraction(a) * 4**shift
        s = math.isqrt(int(n))
        exact = s * s == n
        root = Fraction(s, 2**shift) if exact else Fraction(2 * s + 1, 2 ** (shift + 1))
        return round_exact(root, fmt, mode)

    return f


def directed_ops() -> list[MathOp]:
    ops = []
    for mode in MODES:
        for fmt, p, fma in ((SINGLE, "f", "__fmaf"), (DOUBLE, "d", "__fma")):
            c = fmt.cast
            x, y, z = f"({c})x", f"({c})y", f"({c})z"
            ops += [
                op_exact(f"__{p}add_{mode}", f"__{p}add_{mode}({x}, {y})", fmt, add_exact(fmt, mode), 2),
                op_exact(f"__{p}sub_{mode}", f"__{p}sub_{mode}({x}, {y})", fmt, sub_exact(fmt, mode), 2),
                op_exact(f"__{p}mul_{mode}", f"__{p}mul_{mode}({x}, {y})", fmt, mul_exact(fmt, mode), 2),
                op_exact(f"__{p}div_{mode}", f"__{p}div_{mode}({x}, {y})", fmt, div_exact(fmt, mode), 2),
                op_exact(f"__{p}rcp_{mode}", f"__{p}rcp_{mode}({x})", fmt, rcp_exact(fmt, mode)),
                op_exact(f"__{p}sqrt_{mode}", f"__{p}sqrt_{mode}({x})", fmt, sqrt_exact(fmt, mode)),
                op_exact(f"{fma}_{mode}", f"{fma}_{mode}({x}, {y}, {z})", fmt, fma_exact(fmt, mode), 3),
            ]  # fmt: skip
        ops.append(op_exact(f"__fmaf_ieee_{mode}", f"__fmaf_ieee_{mode}((float)x, (float)y, (float)z)",
                            SINGLE, fma_exact(SINGLE, mode), 3))  # fmt: skip
    return ops


def libc_nan(tag: str, fmt: Format) -> float:
    """The C library's nan(tag) / nanf(tag), widened to double as the kernel does."""
    libm = ctypes.CDLL(None)
    fn = libm.nanf if fmt is SINGLE else libm.nan
    fn.restype, fn.argtypes = (
        (ctypes.c_float if fmt is SINGLE else ctypes.c_double),
        [ctypes.c_char_p],
    )
    value = fn(tag.encode())
    if fmt is SINGLE:  # ctypes widens through a Python float: rebuild the float's bits
        raw = ctypes.c_float(value)
        return float(np.frombuffer(bytes(raw), dtype=F32)[0].astype(F64))
    return value


def nan_ops() -> list[MathOp]:
    """nan(tag): a quiet NaN with the payload the C library gives the same tag."""
    ops = []
    for tag in ("", "0", "123", "0x7ff", "017", "abc", "99999999999999999999"):
        for fmt, fn in ((SINGLE, "nanf"), (DOUBLE, "nan")):
            want = libc_nan(tag, fmt)
            ops.append(MathOp(f'{fn}("{tag}")', f'{fn}("{tag}")', fmt,
                              lambda inp, f, w=want: np.full(len(inp.x), w, dtype=F64), bits=True))  # fmt: skip
    return ops


def all_ops() -> list[MathOp]:
    return standard_ops() + other_ops() + fast_ops() + directed_ops() + nan_ops()


# --- the harness ----------------------------------------------------------------------

PROGRAM = r"""#include <cstdio>
#include <cstdlib>
#include <cmath>
__global__ void k_(const double *xs, const double *ys, const double *zs, const int *ks, double *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double x = xs[i], y = ys[i], z = zs[i];
    int k = ks[i];
    (void)x, (void)y, (void)z, (void)k;
%BODY%
}
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "rb");
    int n, ops = %OPS%;
    if (fread(&n, sizeof n, 1, f) != 1) return 2;
    size_t bytes = sizeof(double) * n;
    double *h = (double *)malloc(bytes * 3), *r = (double *)malloc(bytes * ops);
    int *hk = (int *)malloc(sizeof(int) * n);
    if (fread(h, bytes, 3, f) != 3 || fread(hk, sizeof(int), n, f) != (size_t)n) return 2;
    fclose(f);
    double *d, *o;
    int *dk;
    cudaMalloc(&d, bytes * 3);
    cudaMalloc(&dk, sizeof(int) * n);
    cudaMalloc(&o, bytes * ops);
    cudaMemcpy(d, h, bytes * 3, cudaMemcpyHostToDevice);
    cudaMemcpy(dk, hk, sizeof(int) * n, cudaMemcpyHostToDevice);
    k_<<<(n + 63) / 64, 64>>>(d, d + n, d + 2 * n, dk, o, n);
    cudaMemcpy(r, o, bytes * ops, cudaMemcpyDeviceToHost);
    if (cudaGetLastError() != cudaSuccess) return 3;
    f = fopen(argv[2], "wb");
    fwrite(r, bytes, ops, f);
    fclose(f);
    /* libm on the link line even where --as-needed would drop it: the kernels' module
       calls it (see the report on hostlink's -lm) */
    volatile double keep = 0.5;
    return (int)(j0(keep) * 0.0);
}
"""


def program(ops: list[MathOp]) -> str:
    body = "\n".join(f"    out[{i} * n + i] = (double)({op.expr});" for i, op in enumerate(ops))
    return PROGRAM.replace("%BODY%", body).replace("%OPS%", str(len(ops)))


def nvcc(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def inputs(helper: Callable[[str, np.ndarray, np.ndarray], np.ndarray]) -> Inputs:
    x = unary_inputs()
    y = binary_inputs(x)
    z = binary_inputs(y)
    # triples where fma's result is its rounding error or nearly cancels (in double and
    # in float), where directed rounding is hardest
    rng = np.random.default_rng(9)
    a = rng.uniform(-4, 4, 60) * 2.0 ** rng.integers(-30, 30, 60)
    b = rng.uniform(-4, 4, 60) * 2.0 ** rng.integers(-30, 30, 60)
    a32, b32 = a.astype(F32).astype(F64), b.astype(F32).astype(F64)
    tiny = rng.choice([0.0, 5e-324, -5e-324, 1e-300, -1e-40], 60)
    x = np.concatenate([x, a, a32, a, a32])
    y = np.concatenate([y, b, b32, b, b32])
    z = np.concatenate([z, -(a * b), -(a32 * b32).astype(F32).astype(F64), -(a * b) + tiny,
                        -(a32 * b32).astype(F32).astype(F64) * (1 + 2.0**-23)])  # fmt: skip
    k = np.random.default_rng(3).integers(-40, 40, len(x)).astype(np.int32)
    return Inputs(x, y, z, k, helper)


@pytest.fixture(scope="module")
def outputs(inputs: Inputs, tmp_path_factory: pytest.TempPathFactory) -> dict[str, np.ndarray]:
    tmp = tmp_path_factory.mktemp("math")
    ops = all_ops()
    source = tmp / "math.cu"
    source.write_text(program(ops))
    exe = tmp / "math"
    proc = nvcc("-O1", "--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    n = len(inputs.x)
    data = np.concatenate([inputs.x, inputs.y, inputs.z]).astype(F64)
    (tmp / "in.bin").write_bytes(np.int32(n).tobytes() + data.tobytes() + inputs.k.tobytes())
    run = subprocess.run([str(exe), str(tmp / "in.bin"), str(tmp / "out.bin")], capture_output=True,
                         text=True, check=False)  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr
    out = np.fromfile(tmp / "out.bin", dtype=F64).reshape(len(ops), n)
    return {op.name: row for op, row in zip(ops, out, strict=True)}


def ulp_of(ref: np.ndarray, fmt: Format) -> np.ndarray:
    """The spacing of fmt's numbers at |ref| (the subnormal spacing below the normal range)."""
    _, e = np.frexp(np.abs(ref).astype(LD))
    e = np.maximum(e.astype(np.int64) - 1, fmt.emin)
    return np.ldexp(LD(1), (e - fmt.bits + 1).astype(np.int32))


def failures(op: MathOp, got: np.ndarray, inp: Inputs) -> list[str]:
    """Inputs where the result breaks the op's bound, described (at most 5)."""
    ref = op.ref(inp, op.fmt)
    x, y, z = inp.f(op.fmt)
    checked = np.ones(len(got), bool) if op.checked is None else op.checked(inp, op.fmt)
    bad: list[str] = []
    for i in np.flatnonzero(checked):
        g, r = got[i], ref[i]
        if op.bits:
            ok = F64(g).view(np.uint64) == F64(r).view(np.uint64)
        elif op.exact:
            want = F64(r)
            ok = (math.isnan(g) and math.isnan(want)) or (
                g == want and (g != 0 or math.copysign(1, g) == math.copysign(1, want)
                               or op.name.startswith(("fmax", "fmin"))))  # fmt: skip
        else:
            ok = within_bound(op, i, g, r, inp)
        if not ok:
            bad.append(
                f"x={float(x[i])!r} y={float(y[i])!r} z={float(z[i])!r} k={int(inp.k[i])}: "
                f"got {float(g)!r}, reference {float(r)!r}"
            )  # type: ignore[arg-type]
    return bad[:5]


def within_bound(op: MathOp, i: int, g: float, r: object, inp: Inputs) -> bool:
    fmt = op.fmt
    r_ld = LD(r)  # type: ignore[arg-type]
    with np.errstate(over="ignore"):
        rounded = fmt.dtype(r_ld)
    if np.isnan(r_ld):
        return math.isnan(g)
    if math.isnan(g):
        return False
    if np.isinf(rounded):
        return g == rounded or (
            op.ulps >= 1 and abs(g) == fmt.max and math.copysign(1, g) == np.sign(rounded)
        )
    use_ulps = op.where is None or bool(op.where(inp, fmt)[i])
    if not use_ulps and op.abs_err is not None:
        return abs(LD(g) - r_ld) <= op.abs_err
    ulps = abs(LD(g) - r_ld) / ulp_of(np.array([r_ld]), fmt)[0]
    return bool(ulps <= op.ulps + 0.5 + 1e-6)


OPS = all_ops()
# Where the host platform's C library is less accurate than CUDA's bound and cu2amd does not
# (yet) replace its function: the wider bound the host keeps, and why.
HOST_BOUNDS: dict[str, float] = {}


@pytest.mark.parametrize("name", [op.name for op in OPS])
def test_math_function_within_cuda_bound(
    name: str, outputs: dict[str, np.ndarray], inputs: Inputs
) -> None:
    op = next(o for o in OPS if o.name == name)
    if name in HOST_BOUNDS:
        op = MathOp(**{**op.__dict__, "ulps": HOST_BOUNDS[name]})
    bad = failures(op, outputs[name], inputs)
    assert not bad, f"{name}: beyond {op.ulps} ulp at\n" + "\n".join(bad)


def test_every_function_builds_for_gfx942(tmp_path: Path) -> None:
    """The same program for an AMD GPU: every OCML function it calls exists in the device
    libraries (the code object links with --no-undefined) and the kernel is there."""
    from cu2amd.amdgpu.bundle import read_bundle
    from cu2amd.amdgpu.codeobject import read_code_object

    source = tmp_path / "math.cu"
    source.write_text(program(OPS))
    proc = nvcc("-O1", "-c", "--offload-arch=gfx942", "--keep", "--keep-dir", str(tmp_path),
                "-o", str(tmp_path / "math.o"), str(source))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    entries = {e.id: e.data for e in read_bundle((tmp_path / "math.hipfb").read_bytes())}
    info = read_code_object(entries["hipv4-amdgcn-amd-amdhsa--gfx942"])
    assert [k.name for k in info.kernels] == ["_Z2k_PKdS0_S0_PKiPdi"]
