"""Conformance of cvt between floating-point types, and between floats and integers (PTX
ISA 9.7.9.21), on the host platform, against the reference model of floats.py.

Inputs: every bit pattern of .f16 and .bf16 sources and every value of 8- and 16-bit
integer sources (exhaustive); for .f32, .f64 and 32/64-bit integer sources, edge values
(zeros, +-1, extremes, subnormals, infinities, NaNs, rounding ties of each narrower grid)
plus over 10,000 random ones each. Results are compared bit for bit: NaN results are the
canonical NaN (0x7fff for f16/bf16, 0x7fffffff for f32).
"""

import functools
import re

import numpy as np
import pytest
from floats import (
    FMT,
    all_bits,
    assert_bits,
    clamp_int,
    convert,
    f32_values,
    f64_values,
    flush,
    from_int,
    int_range,
    int_samples,
    integral,
    round_integral,
    saturate,
    vectorize,
)
from harness import kernel_text, run, run_many

from cu2amd import host
from cu2amd.errors import Cu2amdError

MODES = ["rn", "rz", "rm", "rp"]
IRND = ["rni", "rzi", "rmi", "rpi"]
INTS = ["u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64"]


@functools.cache
def source(t: str) -> np.ndarray:
    if t in ("f16", "bf16"):
        return all_bits(16)
    return {"f32": f32_values, "f64": f64_values}[t]()


def udtype(bits: int) -> type:
    return {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[max(bits, 8)]


def reference(fn, values: np.ndarray, bits: int) -> np.ndarray:
    return vectorize(fn, values, udtype(bits))


# -- float -> float -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dst", "src"),
    [("bf16", "f16"), ("f16", "bf16"), ("f16", "f32"), ("bf16", "f32"), ("f16", "f64"),
     ("bf16", "f64"), ("f32", "f64")],
)  # fmt: skip
def test_narrowing(dst: str, src: str) -> None:
    """Every rounding direction: .rn .rz .rm .rp."""
    a = source(src)
    spellings = [f"cvt.{mode}.{dst}.{src}" for mode in MODES]
    outs = run_many(spellings, [src], [dst] * 4, [a])
    for mode, spelling, out in zip(MODES, spellings, outs, strict=True):
        fn = functools.partial(convert, src=FMT[src], dst=FMT[dst], mode=mode)
        assert_bits(spelling, [a], out, reference(fn, a, FMT[dst].bits))


@pytest.mark.parametrize(
    ("spelling", "dst", "src"),
    [("cvt.f32.f16", "f32", "f16"), ("cvt.f64.f16", "f64", "f16"), ("cvt.f64.f32", "f64", "f32"),
     ("cvt.f32.bf16", "f32", "bf16"), ("cvt.f64.bf16", "f64", "bf16"),
     ("cvt.rz.f32.bf16", "f32", "bf16"), ("cvt.rp.f64.bf16", "f64", "bf16"),
     ("cvt.bf16.f16", "bf16", "f16"), ("cvt.f16.bf16", "f16", "bf16")],
)  # fmt: skip
def test_widening_and_default_rounding(spelling: str, dst: str, src: str) -> None:
    """Widening is exact (a rounding modifier on a .bf16 source changes nothing); .f16 <->
    .bf16 without a modifier rounds to nearest even."""
    a = source(src)
    out = run(spelling, [src], dst, [a])
    expected = reference(lambda x: convert(x, FMT[src], FMT[dst], "rn"), a, FMT[dst].bits)
    assert_bits(spelling, [a], out, expected)


@pytest.mark.parametrize(
    ("spelling", "dst", "src", "mode"),
    [("cvt.ftz.f64.f32", "f64", "f32", "rn"), ("cvt.rn.ftz.f32.f64", "f32", "f64", "rn"),
     ("cvt.rp.ftz.f32.f64", "f32", "f64", "rp"), ("cvt.ftz.f32.bf16", "f32", "bf16", "rn"),
     ("cvt.rm.ftz.f16.f32", "f16", "f32", "rm"), ("cvt.rz.ftz.bf16.f32", "bf16", "f32", "rz"),
     ("cvt.ftz.f32.f16", "f32", "f16", "rn")],
)  # fmt: skip
def test_ftz(spelling: str, dst: str, src: str, mode: str) -> None:
    """.ftz flushes .f32 subnormal inputs and results to zero of the same sign."""
    a = source(src)
    out = run(spelling, [src], dst, [a])

    def model(x: int) -> int:
        if src == "f32":
            x = flush(x, FMT["f32"])
        r = convert(x, FMT[src], FMT[dst], mode)
        return flush(r, FMT["f32"]) if dst == "f32" else r

    assert_bits(spelling, [a], out, reference(model, a, FMT[dst].bits))


@pytest.mark.parametrize(
    ("spelling", "dst", "src", "mode"),
    [("cvt.sat.f32.f16", "f32", "f16", "rn"), ("cvt.rn.sat.f16.f32", "f16", "f32", "rn"),
     ("cvt.rz.sat.f32.f64", "f32", "f64", "rz"), ("cvt.sat.f64.f32", "f64", "f32", "rn"),
     ("cvt.rp.sat.f16.f64", "f16", "f64", "rp"), ("cvt.sat.f16.f16", "f16", "f16", None),
     ("cvt.sat.f32.f32", "f32", "f32", None), ("cvt.ftz.sat.f32.f32", "f32", "f32", None),
     ("cvt.sat.f64.f64", "f64", "f64", None), ("cvt.ftz.f32.f32", "f32", "f32", None)],
)  # fmt: skip
def test_sat(spelling: str, dst: str, src: str, mode: str | None) -> None:
    """.sat clamps to [0.0, 1.0]; NaN and negative results (-0.0 included) become +0.0."""
    a = source(src)
    out = run(spelling, [src], dst, [a])
    ftz = ".ftz" in spelling

    def model(x: int) -> int:
        if ftz:
            x = flush(x, FMT[src])
        if mode is None:
            r = FMT[dst].nan if convert(x, FMT[src], FMT[dst], "rn") == FMT[dst].nan else x
        else:
            r = convert(x, FMT[src], FMT[dst], mode)
        return saturate(r, FMT[dst]) if ".sat" in spelling else r

    assert_bits(spelling, [a], out, reference(model, a, FMT[dst].bits))


@pytest.mark.parametrize("t", ["f16", "bf16", "f32", "f64"])
def test_same_type_is_a_move(t: str) -> None:
    """Without modifiers cvt.t.t copies the bits, NaN payloads included."""
    a = source(t)
    assert_bits(f"cvt.{t}.{t}", [a], run(f"cvt.{t}.{t}", [t], t, [a]), a)


@pytest.mark.parametrize("t", ["f16", "bf16", "f32", "f64"])
def test_integral(t: str) -> None:
    """cvt.rni.t.t and friends round to an integral value in the same type."""
    a = source(t)
    spellings = [f"cvt.{irnd}.{t}.{t}" for irnd in IRND]
    for irnd, spelling, out in zip(IRND, spellings, run_many(spellings, [t], [t] * 4, [a]),
                                   strict=True):  # fmt: skip
        fn = functools.partial(integral, f=FMT[t], irnd=irnd)
        assert_bits(spelling, [a], out, reference(fn, a, FMT[t].bits))


@pytest.mark.parametrize("spelling", ["cvt.rpi.ftz.f32.f32", "cvt.rmi.ftz.sat.f32.f32"])
def test_integral_ftz_sat(spelling: str) -> None:
    a = source("f32")
    irnd = spelling.split(".")[1]
    out = run(spelling, ["f32"], "f32", [a])

    def model(x: int) -> int:
        r = integral(flush(x, FMT["f32"]), FMT["f32"], irnd)
        return saturate(r, FMT["f32"]) if ".sat" in spelling else r

    assert_bits(spelling, [a], out, reference(model, a, 32))


# -- float -> integer ----------------------------------------------------------------------


ROUND = {"rni": np.rint, "rzi": np.trunc, "rmi": np.floor, "rpi": np.ceil}


def as_float64(bits: np.ndarray, t: str) -> np.ndarray:
    """Float bit patterns as float64 values (exact)."""
    with np.errstate(invalid="ignore"):
        if t == "f64":
            return bits.view(np.float64)
        if t == "f32":
            return bits.view(np.float32).astype(np.float64)
        if t == "f16":
            return bits.view(np.float16).astype(np.float64)
        return (bits.astype(np.uint32) << 16).view(np.float32).astype(np.float64)


def np_to_int(a: np.ndarray, src: str, dst: str, irnd: str, ftz: bool = False) -> np.ndarray:
    """floats.to_int, vectorised: float64 holds every source value and its integral
    rounding exactly (np.rint rounds ties to even), so only clamping and NaN need care."""
    if ftz:
        a = vectorize(functools.partial(flush, f=FMT[src]), a, a.dtype)
    bits, signed = int(dst[1:]), dst[0] == "s"
    lo, hi = int_range(bits, signed)
    mask = (1 << bits) - 1
    with np.errstate(invalid="ignore"):
        r = ROUND[irnd](as_float64(a, src))
    nan = np.isnan(r)
    low, high = r <= lo, r >= float(hi)  # float(hi) may round up to 2**bits: still right
    mid = np.where(low | high | nan, 0.0, r)
    ints = mid.astype(np.int64).view(np.uint64) if signed else mid.astype(np.uint64)
    nan_value = (1 << (bits - 1)) if src == "f64" or bits == 64 else 0
    out = np.where(low, np.uint64(lo & mask), np.where(high, np.uint64(hi), ints & np.uint64(mask)))
    return np.where(nan, np.uint64(nan_value), out)


@pytest.mark.parametrize("irnd", IRND)
@pytest.mark.parametrize("src", ["f16", "bf16", "f32", "f64"])
def test_float_to_int(src: str, irnd: str) -> None:
    """Every integer type: rounded as the modifier says, clamped to the destination range
    (no .sat needed), NaN to 0 (to 1 << (N-1) from .f64 or into 64 bits)."""
    a = source(src)
    spellings = [f"cvt.{irnd}.{dst}.{src}" for dst in INTS]
    for dst, spelling, out in zip(INTS, spellings, run_many(spellings, [src], INTS, [a]),
                                  strict=True):  # fmt: skip
        assert_bits(spelling, [a], out, np_to_int(a, src, dst, irnd))


@pytest.mark.parametrize("src", ["f16", "f32", "f64"])
def test_float_to_int_model(src: str) -> None:
    """The vectorised model against the exact one of floats.py, on a sample."""
    a = source(src)[:: 5 if src == "f16" else 3]
    for irnd in IRND:
        for dst in INTS:
            bits, signed = int(dst[1:]), dst[0] == "s"
            exact = [clamp_int(round_integral(int(x), FMT[src], irnd), FMT[src], bits, signed)
                     for x in a]  # fmt: skip
            np.testing.assert_array_equal(
                np_to_int(a, src, dst, irnd), np.array(exact, dtype=object).astype(np.uint64)
            )


@pytest.mark.parametrize(
    ("spelling", "dst"),
    [("cvt.rpi.ftz.u32.f32", "u32"), ("cvt.rmi.ftz.s64.f32", "s64"),
     ("cvt.rni.sat.s8.f32", "s8"), ("cvt.rzi.sat.u16.f16", "u16")],
)  # fmt: skip
def test_float_to_int_ftz_sat(spelling: str, dst: str) -> None:
    src = spelling.split(".")[-1]
    irnd = spelling.split(".")[1]
    a = source(src)
    out = run(spelling, [src], dst, [a])
    assert_bits(spelling, [a], out, np_to_int(a, src, dst, irnd, ".ftz" in spelling))


# -- integer -> float, integer -> integer ----------------------------------------------


@functools.cache
def int_source(t: str) -> np.ndarray:
    return int_samples(int(t[1:]), t[0] == "s")


def as_bits(values: np.ndarray, bits: int) -> np.ndarray:
    return (values.astype(np.int64).view(np.uint64) & np.uint64((1 << bits) - 1) if values.dtype == np.int64
            else values.astype(np.uint64)).astype(udtype(bits))  # fmt: skip


@pytest.mark.parametrize("dst", ["f16", "bf16", "f32", "f64"])
@pytest.mark.parametrize("src", INTS)
def test_int_to_float(src: str, dst: str) -> None:
    """Every rounding mode; overflow past .f16's range gives infinity or its largest
    value as the direction says."""
    values = int_source(src)
    a = as_bits(values, int(src[1:]))
    spellings = [f"cvt.{mode}.{dst}.{src}" for mode in MODES]
    outs = run_many(spellings, [src], [dst] * 4, [a])
    exact = {"f32": np.float32, "f64": np.float64}.get(dst)
    for mode, spelling, out in zip(MODES, spellings, outs, strict=True):
        if exact is not None and int(src[1:]) <= {"f32": 24, "f64": 53}[dst]:
            expected = values.astype(exact).view(f"uint{FMT[dst].bits}")  # no rounding
        else:
            fn = functools.partial(from_int, dst=FMT[dst], mode=mode)
            expected = reference(fn, values, FMT[dst].bits)
        assert_bits(spelling, [a], out, expected)


@pytest.mark.parametrize(
    ("spelling", "dst", "src"),
    [("cvt.rn.sat.f32.s32", "f32", "s32"), ("cvt.rz.sat.f16.u16", "f16", "u16"),
     ("cvt.rm.sat.f64.s8", "f64", "s8"), ("cvt.rp.ftz.f32.u64", "f32", "u64")],
)  # fmt: skip
def test_int_to_float_sat(spelling: str, dst: str, src: str) -> None:
    values = int_source(src)
    a = as_bits(values, int(src[1:]))
    mode = spelling.split(".")[1]
    out = run(spelling, [src], dst, [a])

    def model(v: int) -> int:
        r = from_int(v, FMT[dst], mode)
        return saturate(r, FMT[dst]) if ".sat" in spelling else r

    assert_bits(spelling, [a], out, reference(model, values, FMT[dst].bits))


@pytest.mark.parametrize("src", INTS)
def test_int_to_int(src: str) -> None:
    """Truncation or extension by the source's signedness; .sat (where the destination
    cannot hold every source value) clamps to the destination range."""
    values = int_source(src).astype(object)
    a = as_bits(int_source(src), int(src[1:]))
    slo, shi = int_range(int(src[1:]), src[0] == "s")
    cases = []
    for dst in INTS:
        lo, hi = int_range(int(dst[1:]), dst[0] == "s")
        cases.append((f"cvt.{dst}.{src}", dst, None))
        if not (lo <= slo and shi <= hi):  # else .sat is not allowed: nothing to saturate
            cases.append((f"cvt.sat.{dst}.{src}", dst, (lo, hi)))
    outs = run_many([c[0] for c in cases], [src], [c[1] for c in cases], [a])
    for (spelling, dst, clamp), out in zip(cases, outs, strict=True):
        bits = int(dst[1:])
        v = values if clamp is None else [min(max(x, clamp[0]), clamp[1]) for x in values]
        expected = np.array([x & ((1 << bits) - 1) for x in v], dtype=object)
        assert_bits(spelling, [a], out, expected.astype(udtype(bits)))


# -- what the ISA rules out --------------------------------------------------------------


@pytest.mark.parametrize(
    ("instruction", "message"),
    [
        ("cvt.f32.s32 %d, %a0;", "a rounding modifier is required: a conversion from .s32 "
         "to .f32 rounds with .rn, .rz, .rm or .rp"),
        ("cvt.s32.f32 %d, %a0;", "a rounding modifier is required: a conversion from .f32 "
         "to .s32 rounds with .rni, .rzi, .rmi or .rpi"),
        ("cvt.rn.s32.f32 %d, %a0;", "'.rn' is not allowed: a conversion from .f32 to .s32 "
         "rounds with .rni, .rzi, .rmi or .rpi"),
        ("cvt.rni.f32.s32 %d, %a0;", "integer rounding modifier '.rni' is not allowed for a "
         "conversion from .s32 to .f32"),
        ("cvt.f16.f32 %d, %a0;", "a rounding modifier is required: a conversion from .f32 "
         "to .f16"),
        ("cvt.rn.f32.f16 %d, %a0;", "rounding modifier '.rn' is not allowed for a conversion "
         "from .f16 to .f32 (it is exact)"),
        ("cvt.rn.f32.f32 %d, %a0;", "rounding modifier '.rn' is not allowed for a conversion "
         "from .f32 to .f32 (it is exact)"),
        ("cvt.rni.f16.f32 %d, %a0;", "integer rounding modifier '.rni' is not allowed for a "
         "conversion from .f32 to .f16"),
        ("cvt.ftz.f64.f16 %d, %a0;", "'.ftz' applies only to conversions from or to .f32"),
        ("cvt.rni.ftz.s32.f64 %d, %a0;", "'.ftz' applies only to conversions from or to .f32"),
        ("cvt.rn.sat.bf16.f32 %d, %a0;", "'.sat' is not allowed with a .bf16 result"),
        ("cvt.sat.u32.u16 %d, %a0;", "'.sat' is not allowed for a conversion from .u16 to "
         ".u32: every .u16 value fits in .u32"),
        ("cvt.rn.u32.u16 %d, %a0;", "rounding modifier '.rn' is not allowed for a conversion "
         "from .u16 to .u32"),
        ("cvt.ftz.s32.u16 %d, %a0;", "'.ftz' is not allowed for a conversion from .u16 to .s32"),
    ],
)  # fmt: skip
def test_illegal_modifiers(instruction: str, message: str) -> None:
    parts = instruction.split()[0].split(".")
    dst, src = parts[-2], parts[-1]
    text = kernel_text(instruction, [src], dst)
    with pytest.raises(Cu2amdError, match=re.escape(f"'{instruction.split()[0]}': {message}")):
        host.Module.from_ptx(text, "<t>")
