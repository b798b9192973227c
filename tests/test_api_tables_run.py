"""What the tables call supported compiles and runs: a program generated from the rows
(every supported math function, checked against Python's math within the CUDA bound the
row records; every supported runtime function) builds with cu2amd-nvcc for the host
platform and its results are checked here."""

from __future__ import annotations

import importlib.util
import math
import struct
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from cu2amd.runtime_shim.tables import (
    ALL_ROWS,
    AMDGPU,
    HOST_PLATFORM,
    Group,
    Kind,
    Status,
    lookup,
)

INPUTS = (0.25, 0.5, 1.0, 1.5, 3.0, 10.0)


def _fma(x: float, y: float, z: float) -> float:
    return float(Fraction(x) * Fraction(y) + Fraction(z))


# Python references for the supported math functions, by base name, with their arity.
REFERENCES = {
    "ceil": (1, math.ceil), "cos": (1, math.cos), "exp": (1, math.exp), "fabs": (1, math.fabs),
    "floor": (1, math.floor), "log": (1, math.log), "sin": (1, math.sin), "sqrt": (1, math.sqrt),
    "rsqrt": (1, lambda x: 1 / math.sqrt(x)), "fmax": (2, max), "fmin": (2, min),
    "pow": (2, math.pow), "fma": (3, _fma),
}  # fmt: skip

# The supported runtime functions the program below calls, each checked by it.
RUNTIME_CALLS = {
    "cudaDeviceReset", "cudaDeviceSynchronize", "cudaEventCreate", "cudaEventDestroy",
    "cudaEventElapsedTime", "cudaEventRecord", "cudaEventSynchronize", "cudaFree",
    "cudaGetDevice", "cudaGetDeviceCount", "cudaGetDeviceProperties", "cudaGetErrorName",
    "cudaGetErrorString", "cudaGetLastError", "cudaMalloc", "cudaMemcpy", "cudaMemcpyAsync",
    "cudaMemset", "cudaMemsetAsync", "cudaPeekAtLastError", "cudaSetDevice", "cudaStreamCreate",
    "cudaStreamDestroy", "cudaStreamSynchronize",
}  # fmt: skip

RUNTIME_MAIN = r"""
#define CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) { \
    printf("FAILED %s: %s (%s)\n", #call, cudaGetErrorName(e), cudaGetErrorString(e)); return 1; } } while (0)
int main() {
    int count = 0, device = -1;
    CHECK(cudaGetDeviceCount(&count));
    CHECK(cudaSetDevice(0));
    CHECK(cudaGetDevice(&device));
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    printf("device %d of %d, warpSize %d\n", device, count, prop.warpSize);
    printf("error name %s\n", cudaGetErrorName(cudaErrorInvalidValue));
    if (!cudaGetErrorString(cudaErrorInvalidValue)[0]) { printf("FAILED empty error string\n"); return 1; }
    float hf[N]; double hd[N];
    for (int j = 0; j < N; j++) { hf[j] = (float)INPUTS[j]; hd[j] = INPUTS[j]; }
    float *xf, *of; double *xd, *od;
    CHECK(cudaMalloc(&xf, sizeof hf)); CHECK(cudaMalloc(&xd, sizeof hd));
    CHECK(cudaMalloc(&of, NF * sizeof hf)); CHECK(cudaMalloc(&od, ND * sizeof hd));
    cudaStream_t stream; cudaEvent_t start, stop;
    CHECK(cudaStreamCreate(&stream));
    CHECK(cudaEventCreate(&start)); CHECK(cudaEventCreate(&stop));
    CHECK(cudaMemset(of, 0xff, NF * sizeof hf));
    CHECK(cudaMemsetAsync(od, 0xff, ND * sizeof hd, stream));
    CHECK(cudaMemcpy(xf, hf, sizeof hf, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpyAsync(xd, hd, sizeof hd, cudaMemcpyHostToDevice, stream));
    CHECK(cudaStreamSynchronize(stream));
    CHECK(cudaEventRecord(start));
    math_kernel<<<1, N>>>(xf, xd, of, od);
    CHECK(cudaGetLastError());
    CHECK(cudaPeekAtLastError());
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    float ms = -1;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    printf("elapsed %s\n", ms >= 0 ? "ok" : "negative");
    CHECK(cudaDeviceSynchronize());
    static float rf[NF * N]; static double rd[ND * N];
    CHECK(cudaMemcpy(rf, of, sizeof rf, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(rd, od, sizeof rd, cudaMemcpyDeviceToHost));
    for (int i = 0; i < NF; i++) for (int j = 0; j < N; j++) printf("f %d %d %a\n", i, j, rf[i * N + j]);
    for (int i = 0; i < ND; i++) for (int j = 0; j < N; j++) printf("d %d %d %a\n", i, j, rd[i * N + j]);
    CHECK(cudaEventDestroy(start)); CHECK(cudaEventDestroy(stop));
    CHECK(cudaStreamDestroy(stream));
    CHECK(cudaFree(xf)); CHECK(cudaFree(xd)); CHECK(cudaFree(of)); CHECK(cudaFree(od));
    CHECK(cudaDeviceReset());
    printf("PASSED\n");
    return 0;
}
"""


def _supported_math(
    works_on: str | None = None, broken_on: str | None = None
) -> list[tuple[str, str, bool]]:
    """(name, base, is_float) for each single/double precision function the tables claim,
    restricted to those known to work (or known broken) on one target."""
    out = []
    for r in ALL_ROWS:
        claimed = r.status in (Status.SUPPORTED, Status.EMULATED)
        if (
            r.group is not Group.DEVICE_MATH
            or not claimed
            or "Precision Mathematical" not in r.section
        ):
            continue
        if (works_on and works_on in r.broken_on) or (broken_on and broken_on not in r.broken_on):
            continue
        single = r.section.startswith("Single")
        base = r.name[:-1] if single else r.name
        if base in REFERENCES:  # the rest: tests/test_device_math.py, every function
            out.append((r.name, base, single))
    return out


def _call(name: str, arity: int, x: str) -> str:
    args = [f"{x}[j]", f"{x}[(j + 1) % N]", f"{x}[(j + 2) % N]"][:arity]
    return f"{name}({', '.join(args)})"


def _program(floats: list[tuple[str, str]], doubles: list[tuple[str, str]], extra: str = "") -> str:
    lines = [
        "#include <cstdio>",
        f"#define N {len(INPUTS)}",
        f"#define NF {len(floats)}",
        f"#define ND {len(doubles)}",
        "static const double INPUTS[N] = {" + ", ".join(map(repr, INPUTS)) + "};",
        "__global__ void math_kernel(const float *xf, const double *xd, float *of, double *od) {",
        "    int j = threadIdx.x;",
    ]
    for i, (name, base) in enumerate(floats):
        lines.append(f"    of[{i} * N + j] = {_call(name, REFERENCES[base][0], 'xf')};")
    for i, (name, base) in enumerate(doubles):
        lines.append(f"    od[{i} * N + j] = {_call(name, REFERENCES[base][0], 'xd')};")
    lines += [extra, "}"]
    return "\n".join(lines) + RUNTIME_MAIN


def _ulps(a: float, b: float, single: bool) -> int:
    fmt, ifmt = ("<f", "<i") if single else ("<d", "<q")

    def ordered(v: float) -> int:
        (i,) = struct.unpack(ifmt, struct.pack(fmt, v))
        return i if i >= 0 else -(i & ((1 << (31 if single else 63)) - 1))

    return abs(ordered(a) - ordered(b))


# Device functions other than math that a row may claim, and a statement calling each.
DEVICE_CALLS = {"printf": 'printf("lane %d\\n", j);'}


def test_the_functions_with_references_here_are_claimed() -> None:
    """This program checks the functions it has references for (tests/test_device_math.py
    checks every math function against CUDA's bounds)."""
    assert {base for _, base, _ in _supported_math()} == set(REFERENCES)


def test_every_known_broken_row_is_exercised() -> None:
    """Each row marked broken can be compiled by test_known_broken_rows_fail_as_their_notes_say."""
    math_rows = {name for name, _, _ in _supported_math()}
    for r in ALL_ROWS:
        if r.broken_on:
            assert r.name in math_rows or r.name in DEVICE_CALLS, r.name


def _runtime_api_program_calls() -> set[str]:
    """What the programs of tests/test_runtime_api_*.py call and check (their CALLS)."""
    calls: set[str] = set()
    for path in sorted(Path(__file__).resolve().parent.glob("test_runtime_api_*.py")):
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        assert all(f"{name}(" in module.PROGRAM for name in module.CALLS), path.name
        calls |= module.CALLS
    return calls


def test_the_program_calls_every_supported_runtime_function() -> None:
    """Every supported runtime function is called and checked by this program or by one of
    tests/test_runtime_api_*.py's (one per API group)."""
    supported = {r.name for r in ALL_ROWS
                 if r.group is Group.RUNTIME and r.kind is Kind.FUNCTION and r.works}  # fmt: skip
    assert sorted(supported - RUNTIME_CALLS - _runtime_api_program_calls()) == []
    assert sorted((RUNTIME_CALLS | _runtime_api_program_calls()) - supported) == []
    assert all(f"{name}(" in RUNTIME_MAIN for name in RUNTIME_CALLS)


def _split(
    rows: list[tuple[str, str, bool]],
) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    return [(n, b) for n, b, single in rows if single], [
        (n, b) for n, b, single in rows if not single
    ]


def _nvcc(src: Path, *args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", "-O2", *args, str(src)]
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def _build_and_run(
    tmp_path: Path, rows: list[tuple[str, str, bool]], extra: str = ""
) -> subprocess.CompletedProcess[str]:
    src = tmp_path / "supported.cu"
    src.write_text(_program(*_split(rows), extra))
    exe = tmp_path / "supported"
    build = _nvcc(src, "--offload-arch=host", "-o", str(exe))
    assert build.returncode == 0, build.stderr
    return subprocess.run([str(exe)], capture_output=True, text=True, check=False)


def _compile_for_gfx942(
    tmp_path: Path, rows: list[tuple[str, str, bool]], extra: str = ""
) -> subprocess.CompletedProcess[str]:
    src = tmp_path / "supported.cu"
    src.write_text(_program(*_split(rows), extra))
    return _nvcc(src, "-c", "--offload-arch=gfx942", "-o", str(tmp_path / "supported.o"))


def test_supported_rows_compile_and_run_on_the_host_platform(tmp_path: Path) -> None:
    rows = _supported_math(works_on=HOST_PLATFORM)
    floats, doubles = _split(rows)
    run = _build_and_run(tmp_path, rows)
    assert run.returncode == 0 and run.stdout.rstrip().endswith("PASSED"), run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert "device 0 of 1, warpSize 32" in lines
    assert "error name cudaErrorInvalidValue" in lines
    assert "elapsed ok" in lines
    checked = 0
    for line in lines:
        if not line.startswith(("f ", "d ")):
            continue
        kind, i, j, value = line.split()
        single = kind == "f"
        name, base = (floats if single else doubles)[int(i)]
        arity, ref = REFERENCES[base]
        args = [INPUTS[(int(j) + k) % len(INPUTS)] for k in range(arity)]
        want = float(ref(*args))
        if single:
            want = struct.unpack("<f", struct.pack("<f", want))[0]
        row = lookup(name)
        assert row is not None and row.status is Status.SUPPORTED
        bound = int(row.cuda_ulp) if row.cuda_ulp.isdigit() else 0
        got = float.fromhex(value)
        assert _ulps(got, want, single) <= bound, f"{name}{tuple(args)} = {got}, want {want}"
        checked += 1
    assert checked == len(rows) * len(INPUTS)


def test_supported_rows_compile_for_an_amd_gpu(tmp_path: Path) -> None:
    """What works on AMD GPUs compiles for gfx942 into a code object: the supported
    runtime functions and the math functions not known broken there."""
    build = _compile_for_gfx942(tmp_path, _supported_math(works_on=AMDGPU))
    assert build.returncode == 0, build.stderr
    assert (tmp_path / "supported.o").stat().st_size > 0


# How each target's known failure shows (ApiRow.broken_on; the row's note says it in words).
SYMPTOMS = {HOST_PLATFORM: "undefined symbol", AMDGPU: "Inline asm not supported"}
BROKEN = [(r.name, target) for r in ALL_ROWS for target in r.broken_on]


@pytest.mark.parametrize(("name", "target"), BROKEN, ids=[f"{n}-{t}" for n, t in BROKEN])
def test_known_broken_rows_fail_as_their_notes_say(name: str, target: str, tmp_path: Path) -> None:
    """Each row marked broken on a target still fails there, the way its note says: when
    it is fixed this fails, until the table says it works."""
    rows = [row for row in _supported_math() if row[0] == name]
    extra = "" if rows else DEVICE_CALLS[name]
    if target == HOST_PLATFORM:
        proc = _build_and_run(tmp_path, rows, extra)
    else:
        proc = _compile_for_gfx942(tmp_path, rows, extra)
    assert proc.returncode != 0 and SYMPTOMS[target] in proc.stderr, "fixed? update the tables"
