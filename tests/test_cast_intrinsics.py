"""CUDA's type casting intrinsics (cu2amd/cast_intrinsics.h) on the host platform, compared
bit for bit with an exact model (fractions.Fraction rounded per mode), and compiled for
AMD targets."""

from __future__ import annotations

import math
import random
import struct
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

from cu2amd.runtime_shim.tables.intrinsics import ROWS

MODES = ("rd", "rn", "ru", "rz")
KINDS = ("f32", "f64", "i32", "u32", "i64", "u64")
CTYPE = {
    "f32": "float",
    "f64": "double",
    "i32": "int",
    "u32": "unsigned int",
    "i64": "long long",
    "u64": "unsigned long long",
}
# how the kernel turns the 64-bit input word into the argument
LOAD = {
    "f32": "__uint_as_float((unsigned int)w)",
    "f64": "__longlong_as_double((long long)w)",
    "i32": "(int)(unsigned int)w",
    "u32": "(unsigned int)w",
    "i64": "(long long)w",
    "u64": "w",
}
INT_RANGE = {"int": (-(2**31), 2**31 - 1), "uint": (0, 2**32 - 1)}
INT_RANGE |= {"ll": (-(2**63), 2**63 - 1), "ull": (0, 2**64 - 1)}
INT_BITS = {"int": 32, "uint": 32, "ll": 64, "ull": 64}
ANY_NAN = -1  # a model's result where any NaN will do (CUDA gives the canonical NaN)
FORMAT = {"float": (24, -126, 127), "double": (53, -1022, 1023)}


# --- the exact model ------------------------------------------------------------------
def f32_value(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def f64_value(bits: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def f32_bits(x: float) -> int:
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f64_bits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def round_int(q: Fraction, mode: str) -> int:
    if mode == "rd":
        return math.floor(q)
    if mode == "ru":
        return math.ceil(q)
    if mode == "rz":
        return math.trunc(q)
    return round(q)  # ties to even


def round_float(q: Fraction, fmt: str, mode: str) -> float:
    """q rounded to the binary format in the mode (a Python float holding it exactly)."""
    if q == 0:
        return 0.0
    p, emin, emax = FORMAT[fmt]
    negative, a = q < 0, abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if a < Fraction(2) ** e:
        e -= 1
    quantum = Fraction(2) ** max(e - p + 1, emin - p + 1)
    m = a / quantum
    toward_zero = mode == "rz" or (mode == "rd" and not negative) or (mode == "ru" and negative)
    n = round(m) if mode == "rn" else math.floor(m) if toward_zero else math.ceil(m)
    r = n * quantum
    if r >= Fraction(2) ** (emax + 1):
        largest = (Fraction(2) ** p - 1) * Fraction(2) ** (emax - p + 1)
        magnitude = float(largest) if toward_zero else math.inf
    else:
        magnitude = float(r)  # exact: r has at most p <= 53 significant bits
    return -magnitude if negative else magnitude


def to_int(x: float, dst: str, mode: str, src: str) -> int:
    lo, hi = INT_RANGE[dst]
    if math.isnan(x):
        # PTX cvt: 0 when both widths are at most 32 bits, else only the top bit set
        top = -(2 ** (INT_BITS[dst] - 1)) if lo < 0 else 2 ** (INT_BITS[dst] - 1)
        return 0 if src == "float" and INT_BITS[dst] == 32 else top
    if math.isinf(x):
        return hi if x > 0 else lo
    return min(max(round_int(Fraction(x), mode), lo), hi)


def int_word(v: int, width: int) -> int:
    return v % 2**width


# --- inputs ------------------------------------------------------------------------------
def inputs() -> dict[str, list[int]]:
    """Each kind's inputs as 64-bit words (float bits, double bits, two's complement)."""
    rng = random.Random(7)
    floats = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.5, -3.5, 0.49999997]
    floats += [-0.49999997, 0.50000006, 8388607.5, -8388607.5, 16777216.0, 2.0**31, -(2.0**31)]
    floats += [2147483520.0, -2147483520.0, 2.0**32, 4294967040.0, -4294967040.0, 2.0**63]
    floats += [-(2.0**63), 9223371487098961920.0, 2.0**64, 18446742974197923840.0, 3e38, -3e38]
    floats += [math.inf, -math.inf, 2.0**-149, -(2.0**-149), 1.1754942e-38, 1e-30, -0.7]
    floats += [rng.uniform(-(2.0**33), 2.0**33) for _ in range(12)]
    floats += [rng.uniform(-10, 10) for _ in range(12)]
    f32 = [f32_bits(x) for x in floats] + [0x7FC00000, 0xFFC00000, 0x7F800001, 0x7F7FFFFF]
    doubles = [*floats, 2.0**53, 2.0**53 + 2, 4503599627370495.5, -4503599627370495.5]
    doubles += [2147483647.5, 2147483647.4, -2147483648.5, -2147483648.4, 4294967295.5]
    doubles += [9223372036854774784.0, -9223372036854775808.0, 18446744073709549568.0]
    doubles += [1.0 + 2.0**-24, 1.0 + 2.0**-24 + 2.0**-50, 1.0 - 2.0**-25, 0.1, -0.1, 1e300]
    doubles += [-1e300, 2.0**-150, 3 * 2.0**-151, 2.0**-150 + 2.0**-170, 2.0**-1074, -1e-310]
    doubles += [3.4028235677973366e38, -3.4028235677973366e38, 3.4028235e38, 3.40282357e38]
    doubles += [2.0**128, 1.1754942106924411e-38, 5.877471754111438e-39]
    doubles += [rng.uniform(-1, 1) * 2.0 ** rng.randint(-160, 140) for _ in range(30)]
    f64 = [f64_bits(x) for x in doubles] + [0x7FF8000000000000, 0xFFF8000000000001]
    i32 = [0, 1, -1, 2**24, 2**24 + 1, 2**24 + 3, -(2**24 + 1), 2**25 + 2, 2**25 + 6]
    i32 += [2**31 - 1, -(2**31), -(2**31) + 1, 2**31 - 65, 2**31 - 64, 123456789, -987654321]
    i32 += [rng.randint(-(2**31), 2**31 - 1) for _ in range(12)]
    u32 = [0, 1, 2**24 + 1, 2**32 - 1, 2**31 + 1, 0x80000080, 0x80000081, 0xFFFFFF7F]
    u32 += [0xFFFFFF80, 0xFFFFFF81] + [rng.randint(0, 2**32 - 1) for _ in range(12)]
    i64 = [0, 1, -1, 2**53 + 1, 2**53 + 3, -(2**53 + 1), 2**63 - 1, -(2**63), -(2**63) + 1]
    i64 += [2**24 + 1, 2**62 + 2**38, 2**62 + 2**38 + 1, 2**62 + 3 * 2**38, -(2**62 + 2**38)]
    i64 += [2**62 + 2**9, 2**62 + 2**9 + 1, 2**63 - 2**9, 2**63 - 2**38, -(2**63) + 2**39]
    i64 += [rng.randint(-(2**63), 2**63 - 1) for _ in range(12)]
    i64 += [rng.randint(-(2**40), 2**40) for _ in range(6)]
    u64 = [0, 1, 2**64 - 1, 2**63, 2**63 + 1, 2**64 - 2**39, 2**64 - 2**40 + 1, 2**53 + 1]
    u64 += [2**64 - 2**10, 2**64 - 2**11, 2**64 - 2**11 + 1, 2**63 + 2**10]
    u64 += [rng.randint(0, 2**64 - 1) for _ in range(12)]
    return {
        "f32": f32,
        "f64": f64,
        "i32": [int_word(v, 64) for v in i32],
        "u32": u32,
        "i64": [int_word(v, 64) for v in i64],
        "u64": u64,
    }


def signed(word: int, width: int) -> int:
    word %= 2**width
    return word - 2**width if word >= 2 ** (width - 1) else word


# --- the functions: name -> (input kind, model from the input word to the result bits) ---
Model = Callable[[int], int]


def functions() -> dict[str, tuple[str, Model]]:
    fns: dict[str, tuple[str, Model]] = {}

    def float_result(fmt: str, q: Callable[[int], Fraction | None], mode: str) -> Model:
        def model(word: int) -> int:
            value = q(word)
            if value is None:
                return ANY_NAN
            # a float is a signed zero or an infinity, passed through
            r = value if isinstance(value, float) else round_float(value, fmt, mode)
            return f32_bits(r) if fmt == "float" else f64_bits(r)

        return model

    for mode in MODES:
        for src, kind, value in (("float", "f32", f32_value), ("double", "f64", f64_value)):
            for dst in INT_RANGE:

                def model(w: int, v=value, d=dst, m=mode, s=src) -> int:
                    return int_word(to_int(v(w), d, m, s), INT_BITS[d])

                fns[f"__{src}2{dst}_{mode}"] = (kind, model)

        def d2f(w: int) -> Fraction | float | None:
            x = f64_value(w)
            if math.isnan(x):
                return None
            return x if x == 0 or math.isinf(x) else Fraction(x)

        fns[f"__double2float_{mode}"] = ("f64", float_result("float", d2f, mode))
        for src, kind, width, is_signed in (
            ("int", "i32", 32, True),
            ("uint", "u32", 32, False),
            ("ll", "i64", 64, True),
            ("ull", "u64", 64, False),
        ):

            def exact(w: int, width=width, is_signed=is_signed) -> Fraction:
                return Fraction(signed(w, width) if is_signed else w % 2**width)

            fns[f"__{src}2float_{mode}"] = (kind, float_result("float", exact, mode))
            if width == 64 or mode == "rn":
                fns[f"__{src}2double_{mode}"] = (kind, float_result("double", exact, mode))
    fns["__float_as_int"] = ("f32", lambda w: w % 2**32)
    fns["__float_as_uint"] = ("f32", lambda w: w % 2**32)
    fns["__int_as_float"] = ("i32", lambda w: w % 2**32)
    fns["__uint_as_float"] = ("u32", lambda w: w % 2**32)
    fns["__double_as_longlong"] = ("f64", lambda w: w)
    fns["__longlong_as_double"] = ("i64", lambda w: w)
    fns["__double2hiint"] = ("f64", lambda w: w >> 32)
    fns["__double2loint"] = ("f64", lambda w: w % 2**32)
    fns["__hiloint2double"] = ("i64", lambda w: w)
    return fns


def result_bits(name: str) -> int:
    """The width of the result word the kernel writes."""
    if name in ("__double_as_longlong", "__longlong_as_double", "__hiloint2double"):
        return 64
    if "double_" in name or "2ll_" in name or "2ull_" in name:
        return 64
    return 32


def program(fns: dict[str, tuple[str, Model]], data: dict[str, list[int]]) -> str:
    offsets, words = {}, []
    for kind in KINDS:
        offsets[kind] = len(words)
        words += data[kind]
    lines = ["#include <cstdio>", "#include <cstring>"]
    lines += [
        "__device__ unsigned long long bits(int v) { return (unsigned int)v; }",
        "__device__ unsigned long long bits(unsigned int v) { return v; }",
        "__device__ unsigned long long bits(long long v) { return (unsigned long long)v; }",
        "__device__ unsigned long long bits(unsigned long long v) { return v; }",
        "__device__ unsigned long long bits(float v) { return __float_as_uint(v); }",
        "__device__ unsigned long long bits(double v) {",
        "    return (unsigned long long)__double_as_longlong(v); }",
        "__global__ void k(const unsigned long long *in, unsigned long long *out) {",
        "    int o = 0;",
    ]
    for name, (kind, _) in fns.items():
        n, base = len(data[kind]), offsets[kind]
        call = f"{name}({LOAD[kind]})"
        if name == "__hiloint2double":
            call = "__hiloint2double((int)(w >> 32), (int)(unsigned int)w)"
        lines.append(
            f"    for (int i = 0; i < {n}; ++i) {{ unsigned long long w = in[{base} + i]; "
            f"out[o + i] = bits({call}); }} o += {n};"
        )
    total = sum(len(data[kind]) for kind, _ in fns.values())
    lines += ["}", f"static const unsigned long long IN[{len(words)}] = {{"]
    lines += [", ".join(f"{w}ull" for w in words[i : i + 6]) + "," for i in range(0, len(words), 6)]
    lines += [
        "};",
        "int main() {",
        f"    static unsigned long long out[{total}];",
        "    unsigned long long *din, *dout;",
        "    cudaMalloc(&din, sizeof IN); cudaMalloc(&dout, sizeof out);",
        "    cudaMemcpy(din, IN, sizeof IN, cudaMemcpyHostToDevice);",
        "    k<<<1, 1>>>(din, dout);",
        "    cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);",
        f'    for (int i = 0; i < {total}; ++i) printf("%llx\\n", out[i]);',
        '    printf("%s\\n", cudaGetErrorString(cudaGetLastError()));',
        "}",
    ]
    return "\n".join(lines) + "\n"


def nvcc(*args: str | Path) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", *map(str, args)]
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def is_nan(word: int, width: int) -> bool:
    if width == 32:
        return (word >> 23) & 0xFF == 0xFF and word & 0x7FFFFF != 0
    return (word >> 52) & 0x7FF == 0x7FF and word & (2**52 - 1) != 0


def test_the_test_covers_every_type_casting_intrinsic() -> None:
    listed = {row.name for row in ROWS if row.section == "Type Casting Intrinsics"}
    assert listed == set(functions())


def test_model_rounding_spot_checks() -> None:
    """The model itself, against values worked out by hand."""
    assert round_float(Fraction(2**24 + 1), "float", "rd") == 2.0**24
    assert round_float(Fraction(2**24 + 1), "float", "ru") == 2.0**24 + 2
    assert round_float(Fraction(2**24 + 1), "float", "rn") == 2.0**24
    assert round_float(Fraction(2**24 + 3), "float", "rn") == 2.0**24 + 4
    assert round_float(Fraction(-(2**24) - 1), "float", "rz") == -(2.0**24)
    assert round_float(Fraction(2) ** -150, "float", "rn") == 0.0
    assert round_float(Fraction(2) ** -150, "float", "ru") == 2.0**-149
    assert round_float(Fraction(2**128), "float", "rz") == 3.4028234663852886e38
    assert round_float(Fraction(-(2**128)), "float", "rd") == -math.inf
    assert to_int(-0.5, "uint", "rd", "float") == 0
    assert to_int(2.5, "int", "rn", "double") == 2
    assert to_int(math.nan, "ll", "rn", "float") == -(2**63)
    assert to_int(math.nan, "uint", "rz", "double") == 2**31
    assert to_int(math.nan, "int", "rz", "float") == 0


def test_cast_intrinsics_match_the_exact_model(tmp_path: Path) -> None:
    fns, data = functions(), inputs()
    src = tmp_path / "casts.cu"
    src.write_text(program(fns, data))
    proc = nvcc("--offload-arch=host", src, "-o", tmp_path / "casts")
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(tmp_path / "casts")], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert run.stdout.endswith("\nno error\n"), run.stdout[-200:]
    got = iter(int(word, 16) for word in run.stdout.splitlines()[:-1])
    wrong = []
    for name, (kind, model) in fns.items():
        width = result_bits(name)
        for word in data[kind]:
            actual, expected = next(got), model(word)
            ok = is_nan(actual, width) if expected == ANY_NAN else actual == expected
            if not ok:
                wrong.append(f"{name}({kind} {word:#x}) = {actual:#x}, expected {expected:#x}")
    assert not wrong, f"{len(wrong)} wrong:\n" + "\n".join(wrong[:40])

    proc = nvcc("-c", "--offload-arch=gfx942,gfx1100", src, "-o", tmp_path / "casts.o")
    assert proc.returncode == 0, proc.stderr
