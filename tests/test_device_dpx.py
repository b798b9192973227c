"""CUDA 12's integer min/max SIMD functions (the DPX set: __vimax3_s32, __viaddmin_u16x2,
__vibmax_s16x2 ... in cu2amd/simd_intrinsics.h) and __tanhf, run on the host platform on
edge and random inputs and compared with Python models written from the CUDA Math API's
descriptions: bit for bit for the integer functions (with the bool outputs of __vibmax/
__vibmin), within CUDA's documented relative error for __tanhf. The same program compiles
for gfx942 and gfx1100."""

from __future__ import annotations

import math
import random
import subprocess
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from test_device_intrinsics import (
    M32,
    Op,
    inputs,
    lanes,
    mismatches,
    nvcc,
    pack,
    program,
    s32,
    slanes,
)

Lane3 = Callable[[int, int, int], int]


def wrap16(v: int, signed: bool) -> int:
    v &= 0xFFFF
    return v - 0x10000 if signed and v >> 15 else v


def relu(v: int) -> int:
    return max(v, 0)


# name -> (is 16x2, signed, lane model over (a, b, c)); the 32-bit forms use the same
# model on whole words. CUDA Math API, SIMD Intrinsics: "__vimax3_s32: max(max(a, b), c)",
# "__viaddmax_s16x2: per-halfword max(a + b, c)" (the sum wraps), "_relu: ... then max
# with 0".
MODELS: dict[str, Lane3] = {
    "__vimax3": lambda a, b, c: max(a, b, c),
    "__vimin3": lambda a, b, c: min(a, b, c),
    "__vimax3_relu": lambda a, b, c: relu(max(a, b, c)),
    "__vimin3_relu": lambda a, b, c: relu(min(a, b, c)),
    "__vimax_relu": lambda a, b, c: relu(max(a, b)),
    "__vimin_relu": lambda a, b, c: relu(min(a, b)),
}


def word_model(kind: str, bits: int, signed: bool) -> Callable[[int, int, int], int]:
    """The function on three 32-bit words: lanes of `bits`, signed or not."""

    def lane(a: int, b: int, c: int) -> int:
        if kind.startswith("__viadd"):
            total = a + b
            s = wrap16(total, signed) if bits == 16 else (s32(total) if signed else total & M32)
            best = max(s, c) if "max" in kind else min(s, c)
            return relu(best) if kind.endswith("_relu") else best
        return MODELS[kind](a, b, c)

    def ref(x: int, y: int, z: int) -> int:
        pick = slanes if signed else lanes
        if bits == 32:
            a, b, c = ((s32(v) if signed else v & M32) for v in (x, y, z))
            return lane(a, b, c) & M32
        parts = zip(pick(x & M32, 16), pick(y & M32, 16), pick(z & M32, 16), strict=True)
        return pack([lane(a, b, c) for a, b, c in parts], 16)

    return ref


def bool_model(bits: int, signed: bool, is_max: bool) -> Callable[[int, int, int], int]:
    """__vibmax/__vibmin: the result in the low 32 bits; the predicates above it (bit 32:
    pred or pred_lo, bit 33: pred_hi)."""

    def ref(x: int, y: int, z: int) -> int:
        pick = slanes if signed else lanes
        if bits == 32:
            pairs = [((s32(x) if signed else x & M32), (s32(y) if signed else y & M32))]
        else:
            pairs = list(zip(pick(x & M32, 16), pick(y & M32, 16), strict=True))
        wins = [(a >= b) if is_max else (a <= b) for a, b in pairs]
        values = [a if w else b for (a, b), w in zip(pairs, wins, strict=True)]
        word = values[0] & M32 if bits == 32 else pack(values, 16)
        return word | sum(int(w) << (32 + i) for i, w in enumerate(wins))

    return ref


X, Y, Z = "(unsigned)x", "(unsigned)y", "(unsigned)z"
IX, IY, IZ = "(int)x", "(int)y", "(int)z"


def dpx_ops() -> list[Op]:
    ops: list[Op] = []
    for base in ("__vimax3", "__vimin3", "__viaddmax", "__viaddmin"):
        for suffix, bits, signed in (("_s32", 32, True), ("_u32", 32, False),
                                     ("_s16x2", 16, True), ("_u16x2", 16, False)):  # fmt: skip
            args = f"{IX}, {IY}, {IZ}" if suffix == "_s32" else f"{X}, {Y}, {Z}"
            name = base + suffix
            ops.append(Op(name, f"{name}({args})", word_model(base, bits, signed)))
            if signed:
                relu_model = word_model(base + "_relu", bits, True)
                ops.append(Op(name + "_relu", f"{name}_relu({args})", relu_model))
    for base in ("__vimax", "__vimin"):
        ops.append(Op(f"{base}_s32_relu", f"{base}_s32_relu({IX}, {IY})",
                      word_model(base + "_relu", 32, True)))  # fmt: skip
        ops.append(Op(f"{base}_s16x2_relu", f"{base}_s16x2_relu({X}, {Y})",
                      word_model(base + "_relu", 16, True)))  # fmt: skip
    for base, is_max in (("__vibmax", True), ("__vibmin", False)):
        for suffix, bits, signed in (("_s32", 32, True), ("_u32", 32, False),
                                     ("_s16x2", 16, True), ("_u16x2", 16, False)):  # fmt: skip
            name = base + suffix
            if bits == 32:
                cast = "(int)" if signed else "(unsigned)"
                expr = f"bool1({name}, {cast}x, {cast}y)"
            else:
                expr = f"bool2({name}, {X}, {Y})"
            ops.append(Op(name, expr, bool_model(bits, signed, is_max), 64))
    return ops


DPX_OPS = dpx_ops()
# every name the table lists, once (the 16x2/32 and relu variants each an op)
DPX_NAMES = sorted({op.name for op in DPX_OPS})

PRELUDE = r"""
template <class R, class T> __device__ u64 bool1(R (*f)(T, T, bool *), T a, T b) {
    bool p = false;
    R r = f(a, b, &p);
    return (u64)(unsigned)r | ((u64)p << 32);
}
__device__ u64 bool2(unsigned (*f)(unsigned, unsigned, bool *, bool *), unsigned a, unsigned b) {
    bool hi = false, lo = false;
    unsigned r = f(a, b, &hi, &lo);
    return (u64)r | ((u64)lo << 32) | ((u64)hi << 33);
}
"""


def dpx_program() -> str:
    return program(DPX_OPS).replace("__global__ void k(", PRELUDE + "__global__ void k(", 1)


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[list[int], list[int]]]:
    tmp = tmp_path_factory.mktemp("dpx")
    source = tmp / "dpx.cu"
    source.write_text(dpx_program())
    exe = tmp / "dpx"
    proc = nvcc("-O2", "--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    xs, ys, zs = inputs()
    n = len(xs)
    data = np.array([*xs, *ys, *zs], dtype=np.uint64)
    (tmp / "in.bin").write_bytes(np.int32(n).tobytes() + data.tobytes())
    run = subprocess.run([str(exe), str(tmp / "in.bin"), str(tmp / "out.bin")], check=False)
    assert run.returncode == 0
    out = np.fromfile(tmp / "out.bin", dtype=np.uint64).reshape(len(DPX_OPS), n)
    table = {}
    for op, row in zip(DPX_OPS, out, strict=True):
        mask = M32 if op.width == 32 else (1 << 64) - 1
        expected = [op.ref(x, y, z) & mask for x, y, z in zip(xs, ys, zs, strict=True)]
        table[op.name] = ([int(v) for v in row], expected)
    return table


@pytest.mark.parametrize("name", DPX_NAMES)
def test_dpx_function(results: dict[str, tuple[list[int], list[int]]], name: str) -> None:
    got, expected = results[name]
    assert not mismatches(got, expected)


def test_every_dpx_row_is_tested() -> None:
    from cu2amd.runtime_shim.tables.simd import ROWS

    rows = {r.name for r in ROWS if r.section == "SIMD Intrinsics (CUDA 12 integer min/max)"}
    assert rows == set(DPX_NAMES)


def test_the_models_follow_cuda_on_known_values() -> None:
    """Hand-checked cases, so the models themselves are pinned: wrap-around of the sum,
    relu, and which input wins a tie."""
    ops = {op.name: op.ref for op in DPX_OPS}
    assert ops["__viaddmax_s32"](0x7FFFFFFF, 1, 0) == 0  # INT_MAX + 1 wraps below 0
    assert ops["__viaddmax_s32_relu"](0x7FFFFFFF, 1, (-5) & M32) == 0
    assert ops["__viaddmin_u32"](M32, 2, 5) == 1
    assert ops["__viaddmax_s16x2"](0x7FFF0001, 0x00010001, 0) == 0x00000002
    assert ops["__vimax3_s16x2_relu"](0xFFFF0003, 0x8000FFFE, 0xFFF00001) == 0x00000003
    assert ops["__vimin_s32_relu"]((-3) & M32, 7, 0) == 0
    assert ops["__vibmax_s32"](5, 5, 0) == 5 | 1 << 32  # a tie: a wins (pred true)
    assert ops["__vibmin_u16x2"](0x00020005, 0x00030004, 0) == 0x00020004 | 1 << 33


# --- __tanhf ---------------------------------------------------------------------------

TANH_PROGRAM = r"""#include <cstdio>
__global__ void k(const float *x, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = __tanhf(x[i]);
}
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "rb");
    int n;
    if (fread(&n, sizeof n, 1, f) != 1) return 2;
    float *h = new float[n], *r = new float[n];
    if (fread(h, sizeof(float), n, f) != (size_t)n) return 2;
    fclose(f);
    float *dx, *dr;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dr, n * sizeof(float));
    cudaMemcpy(dx, h, n * sizeof(float), cudaMemcpyHostToDevice);
    k<<<(n + 255) / 256, 256>>>(dx, dr, n);
    cudaMemcpy(r, dr, n * sizeof(float), cudaMemcpyDeviceToHost);
    f = fopen(argv[2], "wb");
    fwrite(r, sizeof(float), n, f);
    fclose(f);
    return cudaGetLastError() != cudaSuccess;
}
"""
TANH_MAX_RELATIVE = 2.0**-11  # PTX tanh.approx.f32, which CUDA's __tanhf is


def tanh_inputs() -> np.ndarray:
    rng = random.Random(11)
    edges = [0.0, -0.0, 1e-30, -1e-30, 1e-45, 0.5, -0.5, 1.0, -1.0, 8.0, 9.01, -9.01, 20.0,
             -20.0, 88.0, 1e30, -1e30, math.inf, -math.inf, math.nan]  # fmt: skip
    values = edges + [rng.uniform(-10, 10) for _ in range(20000)]
    values += [math.copysign(2.0 ** rng.uniform(-40, 6), rng.choice((-1, 1))) for _ in range(5000)]
    return np.array(values, dtype=np.float32)


def test_tanhf_within_cuda_bound(tmp_path: Path) -> None:
    source = tmp_path / "tanh.cu"
    source.write_text(TANH_PROGRAM)
    exe = tmp_path / "tanh"
    proc = nvcc("-O2", "--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    xs = tanh_inputs()
    (tmp_path / "in.bin").write_bytes(np.int32(len(xs)).tobytes() + xs.tobytes())
    run = subprocess.run([str(exe), str(tmp_path / "in.bin"), str(tmp_path / "out.bin")])
    assert run.returncode == 0
    got = np.fromfile(tmp_path / "out.bin", dtype=np.float32)
    exact = np.tanh(xs.astype(np.float64))
    finite = np.isfinite(xs)
    rel = np.abs(got[finite] - exact[finite]) / np.maximum(np.abs(exact[finite]), 1e-300)
    assert rel.max() <= TANH_MAX_RELATIVE
    # special values as tanhf's: +-1 at +-inf, NaN for NaN, signed zeros kept
    assert list(got[~finite & ~np.isnan(xs)]) == [1.0, -1.0]
    assert np.isnan(got[np.isnan(xs)]).all()
    assert np.signbit(got[1]) and not np.signbit(got[0])


@pytest.mark.parametrize("arch", ["gfx942", "gfx1100"])
def test_dpx_and_tanhf_build_for_amd(tmp_path: Path, arch: str) -> None:
    """Both programs compile and link into code objects for AMD GPUs (--no-undefined)."""
    for name, text in (("dpx", dpx_program()), ("tanh", TANH_PROGRAM)):
        source = tmp_path / f"{name}.cu"
        source.write_text(text)
        proc = nvcc("-O1", "-c", f"--offload-arch={arch}", "-o", str(tmp_path / f"{name}.o"),
                    str(source))  # fmt: skip
        assert proc.returncode == 0, proc.stderr
