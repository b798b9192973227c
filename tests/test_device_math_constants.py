"""CUDA's math_constants.h (CUDART_PI_F, CUDART_INF, CUDART_LN2_HI ...): every constant,
read in device code and in host code of a program built for the host platform, is the
nearest float or double of the value it names, computed here to 80 digits (an _HI/_LO
pair: the nearest value and the nearest value of the remainder); the special ones have
their IEEE bit patterns. The program also builds for gfx942."""

from __future__ import annotations

import math
import struct
import subprocess
from decimal import Decimal, getcontext
from fractions import Fraction
from pathlib import Path

import pytest
from runtime_programs import nvcc

from cu2amd.runtime_shim.tables.math import ROWS

getcontext().prec = 80
PI = Decimal("3.1415926535897932384626433832795028841971693993751058209749445923078164062862")
LN2, LN10 = Decimal(2).ln(), Decimal(10).ln()
VALUES = {
    "2_OVER_PI": 2 / PI, "3PIO4": 3 * PI / 4, "L2E": 1 / LN2, "L2T": LN10 / LN2,
    "LG2": LN2 / LN10, "LGE": 1 / LN10, "LN2": LN2, "LNT": LN10, "LNPI": PI.ln(), "PI": PI,
    "PIO2": PI / 2, "PIO4": PI / 4, "SQRT_2OPI": (2 / PI).sqrt(), "SQRT_2_OVER_PI": (2 / PI).sqrt(),
    "SQRT_2PI": (2 * PI).sqrt(), "SQRT_HALF": Decimal("0.5").sqrt(), "SQRT_PIO2": (PI / 2).sqrt(),
    "SQRT_TWO": Decimal(2).sqrt(), "THIRD": Decimal(1) / 3, "TWOTHIRD": Decimal(2) / 3,
    "LN2_X_1024": LN2 * 1024, "LN2_X_1025": LN2 * 1025, "LN2_X_1075": LN2 * 1075,
    "LG2_X_1024": LN2 / LN10 * 1024, "LG2_X_1075": LN2 / LN10 * 1075,
    "ZERO": Decimal(0), "ONE": Decimal(1), "TWO_TO_23": Decimal(2) ** 23,
    "TWO_TO_24": Decimal(2) ** 24, "TWO_TO_31": Decimal(2) ** 31, "TWO_TO_32": Decimal(2) ** 32,
    "TWO_TO_52": Decimal(2) ** 52, "TWO_TO_53": Decimal(2) ** 53, "TWO_TO_54": Decimal(2) ** 54,
    "TWO_TO_126": Decimal(2) ** 126, "TWO_TO_M54": Decimal(2) ** -54,
    "TWO_TO_M126": Decimal(2) ** -126, "TWO_TO_M1022": Decimal(2) ** -1022,
    "DBL2INT_CVT": Decimal(3) * Decimal(2) ** 51,  # 1.5 * 2^52: adding it rounds to an integer
    "TRIG_PLOSS": Decimal(2) ** 31, "NORM_HUGE": Decimal((2**24 - 1) * 2**104),  # FLT_MAX
}  # fmt: skip
# CUDA's own choices rather than mathematical constants
VALUES["TRIG_PLOSS_F"] = Decimal(105615)
BITS = {
    "INF": 0x7FF0000000000000, "NAN": 0xFFF8000000000000, "NEG_ZERO": 0x8000000000000000,
    "MIN_DENORM": 0x0000000000000001, "INF_F": 0x7F800000, "NAN_F": 0x7FFFFFFF,
    "NEG_ZERO_F": 0x80000000, "MIN_DENORM_F": 0x00000001, "MAX_NORMAL_F": 0x7F7FFFFF,
}  # fmt: skip
INTEGERS = {"REMQUO_BITS_F": 3, "REMQUO_MASK_F": 7}

NAMES = [r.name for r in ROWS if r.section == "Mathematical Constants (math_constants.h)"]


def f32_bits(v: float) -> int:
    return struct.unpack("<I", struct.pack("<f", v))[0]


def nearest_f32(x: Decimal | Fraction) -> int:
    """The bits of the float nearest to x (ties to even)."""
    exact = Fraction(x)
    guess = struct.unpack("<f", struct.pack("<f", float(exact)))[0]
    near = {guess, math.nextafter(guess, math.inf), math.nextafter(guess, -math.inf)}
    candidates = [struct.unpack("<f", struct.pack("<f", v))[0] for v in near]
    best = min(candidates, key=lambda v: (abs(Fraction(v) - exact), f32_bits(v) & 1))
    return f32_bits(best)


def nearest_f64(x: Decimal | Fraction) -> int:
    return struct.unpack("<Q", struct.pack("<d", float(Fraction(x))))[0]


def expected(name: str) -> tuple[str, int]:
    """('f' | 'd' | 'i', bits or value) for CUDART_<key>."""
    key = name.removeprefix("CUDART_")
    if key in BITS:
        return ("f" if key.endswith("_F") else "d"), BITS[key]
    if key in INTEGERS:
        return "i", INTEGERS[key]
    single = key.endswith("_F")
    base = key.removesuffix("_F")
    nearest = nearest_f32 if single else nearest_f64
    kind = "f" if single else "d"
    if key in VALUES:
        return kind, nearest(VALUES[key])
    if base.endswith("_HI"):
        return kind, nearest(VALUES[base[:-3]])
    if base.endswith("_LO"):
        fmt, ifmt = ("<f", "<I") if single else ("<d", "<Q")
        hi = struct.unpack(fmt, struct.pack(ifmt, nearest(VALUES[base[:-3]])))[0]
        return kind, nearest(Fraction(VALUES[base[:-3]]) - Fraction(hi))
    return kind, nearest(VALUES[base])


def program() -> str:
    kinds = [expected(n)[0] for n in NAMES]
    value = {"d": "__double_as_longlong({})", "f": "__float_as_uint({})", "i": "(int)({})"}
    host = {"d": "__builtin_bit_cast(unsigned long long, (double)({}))",
            "f": "__builtin_bit_cast(unsigned, (float)({}))", "i": "(int)({})"}  # fmt: skip
    device_lines = "\n".join(
        f"    out[{i}] = (unsigned long long){value[k].format(n)};"
        for i, (n, k) in enumerate(zip(NAMES, kinds, strict=True))
    )
    host_lines = "\n".join(
        f'    printf("%s %llx %llx\\n", "{n}", (unsigned long long){host[k].format(n)}, d[{i}]);'
        for i, (n, k) in enumerate(zip(NAMES, kinds, strict=True))
    )
    return f"""#include <cstdio>
#include <math_constants.h>
__global__ void k(unsigned long long *out) {{
{device_lines}
}}
int main() {{
    unsigned long long *dev, d[{len(NAMES)}];
    cudaMalloc(&dev, sizeof d);
    k<<<1, 1>>>(dev);
    cudaMemcpy(d, dev, sizeof d, cudaMemcpyDeviceToHost);
{host_lines}
    return cudaGetLastError() != cudaSuccess;
}}
"""


@pytest.fixture(scope="module")
def values(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, int]]:
    """name -> (host code's bits, device code's bits)"""
    tmp = tmp_path_factory.mktemp("constants")
    source = tmp / "constants.cu"
    source.write_text(program())
    exe = tmp / "constants"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    out = {}
    for line in run.stdout.splitlines():
        name, host, device = line.split()
        out[name] = (int(host, 16), int(device, 16))
    return out


def test_every_constant_is_listed() -> None:
    assert len(NAMES) == 95


@pytest.mark.parametrize("name", NAMES)
def test_constant(values: dict[str, tuple[int, int]], name: str) -> None:
    kind, want = expected(name)
    host, device = values[name]
    mask = {"d": (1 << 64) - 1, "f": (1 << 32) - 1, "i": (1 << 32) - 1}[kind]
    assert host & mask == want & mask, f"{name}: host {host:#x}, want {want:#x}"
    assert device & mask == want & mask, f"{name}: device {device:#x}, want {want:#x}"


def test_hi_lo_pairs_carry_twice_the_precision() -> None:
    """Sanity of the model itself: PI_HI + PI_LO is pi to about 2^-106."""
    _, hi = expected("CUDART_PI_HI")
    _, lo = expected("CUDART_PI_LO")
    total = sum(Fraction(struct.unpack("<d", struct.pack("<Q", b))[0]) for b in (hi, lo))
    assert abs(total - Fraction(PI)) < Fraction(1, 2**104)
    assert expected("CUDART_PI_F") == ("f", 0x40490FDB)
    assert expected("CUDART_PI") == ("d", 0x400921FB54442D18)


def test_builds_for_gfx942(tmp_path: Path) -> None:
    source = tmp_path / "constants.cu"
    source.write_text(program())
    proc = nvcc("--offload-arch=gfx942", "-c", "-o", str(tmp_path / "c.o"), str(source))
    assert proc.returncode == 0, proc.stderr
