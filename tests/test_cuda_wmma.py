"""CUDA's warp matrix functions (include/mma.h, nvcuda::wmma) over cu2amd's PTX wmma
lowering: programs compute D = A * B + C with wmma for every shape and type combination,
A/B layouts, accumulators loaded and stored in both memory layouts with padded strides,
fill_fragment and element-wise operations on frag.x, mma_sync's satf, __float_to_tf32;
run on the host platform and checked against numpy (exactly where the sums are exact,
within the f32 chain's error bound otherwise), and compiled (and linked, where libamdhip64
is installed) for gfx942 and gfx1100. The sub-byte types and bmma_sync are compile errors
that name them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from runtime_programs import nvcc

from cu2amd.amdgpu.toolchain import discover
from cu2amd.errors import Cu2amdError
from cu2amd.frontend.asm import find_asm, needs_lifting
from cu2amd.frontend.rewrite import impl_name, rewrite
from cu2amd.ptx_lowering.inline_asm import InlineAsm
from cu2amd.ptx_lowering.targets.host import HOST
from cu2amd.runtime_shim.headers import include_dir
from cu2amd.runtime_shim.wmma_header import render

SHAPES = {"m16n16k16": (16, 16, 16), "m32n8k16": (32, 8, 16), "m8n32k16": (8, 32, 16),
          "m16n16k8": (16, 16, 8), "m8n8k4": (8, 8, 4)}  # fmt: skip
# fragment type -> (C++ type in the fragment, numpy storage dtype)
TYPES = {
    "f16": ("__half", np.float16),
    "bf16": ("__nv_bfloat16", np.uint16),  # bf16 bits
    "s8": ("signed char", np.int8),
    "u8": ("unsigned char", np.uint8),
    "tf32": ("wmma::precision::tf32", np.float32),
    "f64": ("double", np.float64),
    "f32": ("float", np.float32),
    "s32": ("int", np.int32),
}
WARPS = 2  # each warp of the block computes its own problem
# mode bits of the kernel: FILL: C is fill_fragment(3) and A's elements are doubled, D's
# tripled (element-wise on frag.x); TF32: __float_to_tf32 on A's and B's elements.
FILL, TF32 = 1, 2


@dataclass(frozen=True)
class Case:
    shape: str
    ab: str
    c: str
    d: str
    alayout: str = "row"
    blayout: str = "row"
    c_col: bool = False
    d_col: bool = False
    mode: int = 0
    satf: bool = False
    data: str = "exact"  # exact | random | overflow | saturate

    @property
    def name(self) -> str:
        flags = ["fill" if self.mode & FILL else "", "tf32cvt" if self.mode & TF32 else "",
                 "satf" if self.satf else "", self.data if self.data != "exact" else ""]  # fmt: skip
        return "-".join(
            [self.shape, f"{self.ab}.{self.c}.{self.d}", self.alayout, self.blayout,
             "ccol" if self.c_col else "crow", "dcol" if self.d_col else "drow",
             *[f for f in flags if f]]
        )  # fmt: skip


def _cases() -> list[Case]:
    pairs = [("row", "row"), ("row", "col"), ("col", "row"), ("col", "col")]
    half = ("m16n16k16", "m32n8k16", "m8n32k16")
    out: list[Case] = []
    # f16: every shape with every C/D type pair, the four A/B layout pairs per shape.
    for s, shape in enumerate(half):
        for i, (c, d) in enumerate(
            [("f32", "f32"), ("f16", "f16"), ("f16", "f32"), ("f32", "f16")]
        ):
            al, bl = pairs[(i + s) % 4]
            out.append(Case(shape, "f16", c, d, al, bl, c_col=bool(i & 1), d_col=bool(i & 2)))
    # bf16, s8, u8: every shape, each with (row, col) and (col, row).
    for ab, acc in (("bf16", "f32"), ("s8", "s32"), ("u8", "s32")):
        for s, shape in enumerate(half):
            for i, (al, bl) in enumerate([("row", "col"), ("col", "row")]):
                out.append(Case(shape, ab, acc, acc, al, bl, c_col=bool((i + s) & 1),
                                d_col=not (i + s) & 1, satf=ab != "bf16" and bool(i)))  # fmt: skip
    for ab, shape, acc in (("tf32", "m16n16k8", "f32"), ("f64", "m8n8k4", "f64")):
        for i, (al, bl) in enumerate(pairs):
            out.append(Case(shape, ab, acc, acc, al, bl, c_col=bool(i & 1), d_col=bool(i & 2)))
    # fill_fragment and element-wise operations on frag.x
    for shape, ab, c, d in (("m16n16k16", "f16", "f16", "f16"), ("m32n8k16", "f16", "f32", "f32"),
                            ("m8n32k16", "bf16", "f32", "f32"), ("m16n16k16", "s8", "s32", "s32"),
                            ("m32n8k16", "u8", "s32", "s32"), ("m16n16k8", "tf32", "f32", "f32"),
                            ("m8n8k4", "f64", "f64", "f64")):  # fmt: skip
        out.append(Case(shape, ab, c, d, "col", "row", d_col=True, mode=FILL))
    # __float_to_tf32 on fragments of arbitrary floats (the conversion CUDA asks for)
    out.append(Case("m16n16k8", "tf32", "f32", "f32", "row", "col", mode=TF32, data="random"))
    # f32 sums of arbitrary f16 values: within the error bound of the f32 chain
    out.append(Case("m16n16k16", "f16", "f32", "f32", "row", "col", data="random"))
    out.append(Case("m32n8k16", "bf16", "f32", "f32", "col", "col", data="random"))
    # satf: float accumulators saturate to finite values; int ones clamp (or wrap without)
    out.append(Case("m16n16k16", "f16", "f32", "f32", "row", "col", satf=True, data="saturate"))
    out.append(Case("m16n16k16", "f16", "f32", "f32", "row", "col", data="saturate"))
    out.append(Case("m8n32k16", "f16", "f16", "f16", "row", "col", satf=True, data="saturate"))
    out.append(Case("m16n16k8", "tf32", "f32", "f32", "row", "row", satf=True, data="saturate"))
    out.append(Case("m8n8k4", "f64", "f64", "f64", "col", "row", satf=True, data="saturate"))
    out.append(Case("m16n16k16", "s8", "s32", "s32", "row", "col", satf=True, data="overflow"))
    out.append(Case("m16n16k16", "u8", "s32", "s32", "row", "col", data="overflow"))
    out.append(Case("m32n8k16", "s8", "s32", "s32", "row", "col", satf=True, data="overflow"))
    return out


CASES = _cases()


def _itemsize(fmt: str) -> int:
    return np.dtype(TYPES[fmt][1]).itemsize


@dataclass(frozen=True)
class Operand:
    """One matrix of one warp in memory: rows x cols, column-major or not, padded stride."""

    rows: int
    cols: int
    col_major: bool
    fmt: str

    @property
    def ld(self) -> int:  # padded by 16 bytes, as CUDA allows (a multiple of 16 bytes)
        return (self.rows if self.col_major else self.cols) + 16 // _itemsize(self.fmt)

    @property
    def elements(self) -> int:  # one warp's region, a multiple of 32 bytes
        count = (self.cols if self.col_major else self.rows) * self.ld
        per = 64 // _itemsize(self.fmt)
        return -(-count // per) * per

    def index(self) -> np.ndarray:
        i, j = np.meshgrid(np.arange(self.rows), np.arange(self.cols), indexing="ij")
        return j * self.ld + i if self.col_major else i * self.ld + j


def _operands(case: Case) -> tuple[Operand, Operand, Operand, Operand]:
    m, n, k = SHAPES[case.shape]
    ab = "f32" if case.ab == "tf32" else case.ab
    return (Operand(m, k, case.alayout == "col", ab), Operand(k, n, case.blayout == "col", ab),
            Operand(m, n, case.c_col, case.c), Operand(m, n, case.d_col, case.d))  # fmt: skip


def _bf16_bits(x: np.ndarray) -> np.ndarray:
    """float64 values exact in bf16 -> bf16 bits."""
    bits = np.asarray(x, np.float32).view(np.uint32)
    assert np.all(bits & 0xFFFF == 0)
    return (bits >> 16).astype(np.uint16)


def _values(fmt: str, shape: tuple[int, int], rng: np.random.Generator, kind: str) -> np.ndarray:
    """Values (float64 or int64) for a matrix of `fmt`."""
    if fmt in ("s8", "u8"):
        lo, hi = (-128, 128) if fmt == "s8" else (0, 256)
        return rng.integers(lo, hi, shape)
    if fmt == "s32":
        if kind == "overflow":  # near the ends: the products push the sums past them
            return rng.choice(np.array([2**31 - 1000, -(2**31) + 1000]), shape)
        return rng.integers(-(2**20), 2**20, shape)
    if kind == "random":
        if fmt == "f16":
            return rng.uniform(-4, 4, shape).astype(np.float16).astype(np.float64)
        if fmt == "bf16":
            bits = (rng.uniform(-4, 4, shape).astype(np.float32).view(np.uint32) >> 16) << 16
            return bits.astype(np.uint32).view(np.float32).astype(np.float64)
        return rng.uniform(-4, 4, shape).astype(np.float32).astype(np.float64)
    if fmt == "f64":
        return rng.integers(-(2**10), 2**10, shape) / 2**5
    return rng.integers(-3, 4, shape) / 2  # products are exact, and so are their sums


def _to_storage(fmt: str, values: np.ndarray) -> np.ndarray:
    if fmt == "bf16":
        return _bf16_bits(values)
    return values.astype(TYPES["f32" if fmt == "tf32" else fmt][1])


def _from_storage(fmt: str, stored: np.ndarray) -> np.ndarray:
    if fmt == "bf16":
        return (stored.astype(np.uint32) << 16).view(np.float32).astype(np.float64)
    return stored.astype(np.float64 if fmt in ("f16", "f32", "f64", "tf32") else np.int64)


def _sentinel(fmt: str) -> np.ndarray:
    """Padding around the matrices: NaN (or a large integer), so a load that reads it
    shows; D's padding must survive the store."""
    dtype = TYPES["f32" if fmt == "tf32" else fmt][1]
    if fmt == "bf16":
        return np.uint16(0x7FC1)
    if np.issubdtype(dtype, np.floating):
        return np.array(np.nan, dtype)
    return np.array(np.iinfo(dtype).max // 3, dtype)


def tf32_rna(x: np.ndarray) -> np.ndarray:
    """cvt.rna.tf32.f32: to 10 fraction bits, to nearest with ties away from zero."""
    bits = np.asarray(x, np.float32).view(np.uint32).astype(np.uint64)
    finite = (bits & 0x7F800000) != 0x7F800000
    rounded = ((bits + 0x1000) & 0xFFFFE000).astype(np.uint32)
    return np.where(finite, rounded, bits.astype(np.uint32)).view(np.float32)


@dataclass
class Problem:
    """A case's inputs (both warps) and what each warp's D must be."""

    buffers: list[np.ndarray]  # A, B, C, D as stored (D: all sentinel)
    expected: list[np.ndarray]  # per warp, float64 / int64
    bound: list[np.ndarray] | None  # per warp: allowed |error|, None for exact


def problem(case: Case, seed: int) -> Problem:
    rng = np.random.default_rng(seed)
    a_op, b_op, c_op, d_op = _operands(case)
    m, n, k = SHAPES[case.shape]
    buffers = [np.full(WARPS * op.elements, _sentinel(op.fmt)) for op in (a_op, b_op, c_op, d_op)]
    expected, bounds = [], []
    for w in range(WARPS):
        a = _values(case.ab, (m, k), rng, case.data)
        b = _values(case.ab, (k, n), rng, case.data)
        c = _values(case.c, (m, n), rng, case.data)
        if case.data == "saturate":  # C: infinities, NaN, the largest finite values
            top = float(np.finfo(TYPES[case.c][1]).max)
            c = rng.choice(np.array([np.inf, -np.inf, np.nan, top, -top, 1.5]), (m, n))
        for op, values, buffer in zip((a_op, b_op, c_op), (a, b, c), buffers, strict=False):
            buffer[w * op.elements + op.index()] = _to_storage(op.fmt, values)
        if case.mode & TF32:
            a, b = tf32_rna(a).astype(np.float64), tf32_rna(b).astype(np.float64)
        if case.mode & FILL:
            a, c = 2 * a, np.full((m, n), 3.0 if case.c != "s32" else 3)
            if case.ab in ("s8", "u8"):  # the doubled elements are stored back as 8 bits
                a = a.astype(np.int64).astype(TYPES[case.ab][1]).astype(np.int64)
        with np.errstate(all="ignore"):
            d = a @ b + c
            bound = None
            if case.data in ("random",) or (case.mode & TF32):
                bound = k * 2.0**-23 * (np.abs(a) @ np.abs(b) + np.abs(c))
            if case.c == "s32" or case.d == "s32":
                d = np.clip(d, -(2**31), 2**31 - 1) if case.satf else (d + 2**31) % 2**32 - 2**31
            elif case.d in ("f16", "f32"):
                d = d.astype(np.float32)
                d = d.astype(np.float16) if case.d == "f16" else d
                d = d.astype(np.float64)
            if case.satf and case.d != "s32":
                top = float(np.finfo({"f16": np.float16, "f32": np.float32,
                                      "f64": np.float64}[case.d]).max)  # fmt: skip
                d = np.where(np.isnan(d), 0.0, np.clip(d, -top, top))
            if case.mode & FILL:
                d = d * 3
                if case.d == "f16":
                    d = d.astype(np.float16).astype(np.float64)
        expected.append(d)
        bounds.append(bound)
    return Problem(buffers, expected, bounds if bounds[0] is not None else None)


def _cxx_layout(layout: str) -> str:
    return f"wmma::{layout}_major"


PROGRAM_HEAD = r"""
#include <cstdio>
#include <cstdlib>
#include <mma.h>
using namespace nvcuda;

template <class F> struct storage { typedef typename F::storage_element_type type; };

template <int M, int N, int K, class TAB, class LA, class LB, class TC, class TD>
__global__ void gemm(void *d_, const void *a_, const void *b_, const void *c_, unsigned lda,
                     unsigned ldb, unsigned ldc, unsigned ldd, int c_col, int d_col, int mode,
                     int satf, int a_warp, int b_warp, int c_warp, int d_warp) {
    typedef wmma::fragment<wmma::matrix_a, M, N, K, TAB, LA> FA;
    typedef wmma::fragment<wmma::matrix_b, M, N, K, TAB, LB> FB;
    typedef wmma::fragment<wmma::accumulator, M, N, K, TC> FC;
    typedef wmma::fragment<wmma::accumulator, M, N, K, TD> FD;
    int w = threadIdx.x / 32;
    const typename storage<FA>::type *a = (const typename storage<FA>::type *)a_ + w * a_warp;
    const typename storage<FB>::type *b = (const typename storage<FB>::type *)b_ + w * b_warp;
    const TC *c = (const TC *)c_ + w * c_warp;
    TD *d = (TD *)d_ + w * d_warp;
    FA fa;
    FB fb;
    FC fc;
    FD fd;
    wmma::load_matrix_sync(fa, a, lda);
    wmma::load_matrix_sync(fb, b, ldb);
    if (mode & 1) {
        wmma::fill_fragment(fc, (TC)3);
        for (int i = 0; i < FA::num_elements; i++) fa.x[i] = fa.x[i] + fa.x[i];
    } else {
        wmma::load_matrix_sync(fc, c, ldc, c_col ? wmma::mem_col_major : wmma::mem_row_major);
    }
    if constexpr (sizeof(typename storage<FA>::type) == 4) {
        if (mode & 2) {
            for (int i = 0; i < FA::num_elements; i++) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
            for (int i = 0; i < FB::num_elements; i++) fb.x[i] = wmma::__float_to_tf32(fb.x[i]);
        }
    }
    wmma::mma_sync(fd, fa, fb, fc, satf != 0);
    if (mode & 1) {
        for (int i = 0; i < FD::num_elements; i++) fd.x[i] = fd.x[i] + fd.x[i] + fd.x[i];
    }
    wmma::store_matrix_sync(d, fd, ldd, d_col ? wmma::mem_col_major : wmma::mem_row_major);
}

/* In place: C = A * B + C, the accumulator both source and destination; A through
 * shared memory. */
__global__ void in_place(float *c, const __half *a, const __half *b) {
    __shared__ __half staged[16 * 16];
    for (int i = threadIdx.x; i < 16 * 16; i += 32) staged[i] = a[i];
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::load_matrix_sync(fa, staged, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(acc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

/* Element-wise conversion between accumulator fragments of one shape (as int8 GEMMs
 * dequantize and f32 results are narrowed): x[i] is the same element in each. */
__global__ void convert(__half *h, float *f, const float *c, const int *q) {
    wmma::fragment<wmma::accumulator, 32, 8, 16, float> fc;
    wmma::fragment<wmma::accumulator, 32, 8, 16, __half> hc;
    wmma::fragment<wmma::accumulator, 32, 8, 16, int> qc;
    wmma::load_matrix_sync(fc, c, 8, wmma::mem_row_major);
    wmma::load_matrix_sync(qc, q, 32, wmma::mem_col_major);
    for (int i = 0; i < hc.num_elements; i++) hc.x[i] = __float2half(fc.x[i]);
    for (int i = 0; i < fc.num_elements; i++) fc.x[i] = 0.25f * (float)qc.x[i];
    wmma::store_matrix_sync(h, hc, 8, wmma::mem_row_major);
    wmma::store_matrix_sync(f, fc, 8, wmma::mem_row_major);
}

__global__ void to_tf32(float *out, const float *in, int n) {
    for (int i = threadIdx.x; i < n; i += blockDim.x) out[i] = wmma::__float_to_tf32(in[i]);
}

static char *slurp(const char *path, size_t size) {
    FILE *f = fopen(path, "rb");
    char *data = (char *)malloc(size);
    if (!f || fread(data, 1, size, f) != size) { printf("FAILED reading %s\n", path); exit(1); }
    fclose(f);
    return data;
}

static void spill(const char *path, const void *data, size_t size) {
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, size, f) != size) { printf("FAILED writing %s\n", path); exit(1); }
    fclose(f);
}

#define CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("FAILED line %d: %s -> %s\n", __LINE__, #call, cudaGetErrorName(e_)); exit(1); } } while (0)

typedef void (*kernel_t)(void *, const void *, const void *, const void *, unsigned, unsigned,
                         unsigned, unsigned, int, int, int, int, int, int, int, int);

struct job {
    kernel_t kernel;
    size_t bytes[4];
    unsigned ld[4];
    int c_col, d_col, mode, satf;
    int warp[4];
};

static void run(const char *dir, int index, const job &j) {
    char path[4096];
    void *dev[4];
    snprintf(path, sizeof path, "%s/case%d.in", dir, index);
    size_t total = j.bytes[0] + j.bytes[1] + j.bytes[2] + j.bytes[3];
    char *host = slurp(path, total);
    size_t offset = 0;
    for (int i = 0; i < 4; i++) {
        CHECK(cudaMalloc(&dev[i], j.bytes[i]));
        CHECK(cudaMemcpy(dev[i], host + offset, j.bytes[i], cudaMemcpyHostToDevice));
        offset += j.bytes[i];
    }
    j.kernel<<<1, 64>>>(dev[3], dev[0], dev[1], dev[2], j.ld[0], j.ld[1], j.ld[2], j.ld[3],
                        j.c_col, j.d_col, j.mode, j.satf, j.warp[0], j.warp[1], j.warp[2], j.warp[3]);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(host, dev[3], j.bytes[3], cudaMemcpyDeviceToHost));
    snprintf(path, sizeof path, "%s/case%d.out", dir, index);
    spill(path, host, j.bytes[3]);
    for (int i = 0; i < 4; i++) CHECK(cudaFree(dev[i]));
    free(host);
}

static void run_in_place(const char *dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/in_place.in", dir);
    char *host = slurp(path, 1024 + 512 + 512);
    float *c;
    __half *a, *b;
    CHECK(cudaMalloc(&c, 1024));
    CHECK(cudaMalloc(&a, 512));
    CHECK(cudaMalloc(&b, 512));
    CHECK(cudaMemcpy(c, host, 1024, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(a, host + 1024, 512, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, host + 1536, 512, cudaMemcpyHostToDevice));
    in_place<<<1, 32>>>(c, a, b);
    CHECK(cudaMemcpy(host, c, 1024, cudaMemcpyDeviceToHost));
    snprintf(path, sizeof path, "%s/in_place.out", dir);
    spill(path, host, 1024);
}

static void run_convert(const char *dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s/convert.in", dir);
    char *host = slurp(path, 2 * 1024);
    float *c, *f;
    int *q;
    __half *h;
    CHECK(cudaMalloc(&c, 1024));
    CHECK(cudaMalloc(&q, 1024));
    CHECK(cudaMalloc(&f, 1024));
    CHECK(cudaMalloc(&h, 512));
    CHECK(cudaMemcpy(c, host, 1024, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(q, host + 1024, 1024, cudaMemcpyHostToDevice));
    convert<<<1, 32>>>(h, f, c, q);
    CHECK(cudaMemcpy(host, h, 512, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(host + 512, f, 1024, cudaMemcpyDeviceToHost));
    snprintf(path, sizeof path, "%s/convert.out", dir);
    spill(path, host, 512 + 1024);
}

static void run_to_tf32(const char *dir, int n) {
    char path[4096];
    snprintf(path, sizeof path, "%s/tf32.in", dir);
    char *host = slurp(path, n * 4);
    float *in, *out;
    CHECK(cudaMalloc(&in, n * 4));
    CHECK(cudaMalloc(&out, n * 4));
    CHECK(cudaMemcpy(in, host, n * 4, cudaMemcpyHostToDevice));
    to_tf32<<<1, 64>>>(out, in, n);
    CHECK(cudaMemcpy(host, out, n * 4, cudaMemcpyDeviceToHost));
    snprintf(path, sizeof path, "%s/tf32.out", dir);
    spill(path, host, n * 4);
}
"""


def _kernel(case: Case) -> str:
    m, n, k = SHAPES[case.shape]
    return (f"gemm<{m}, {n}, {k}, {TYPES[case.ab][0]}, {_cxx_layout(case.alayout)}, "
            f"{_cxx_layout(case.blayout)}, {TYPES[case.c][0]}, {TYPES[case.d][0]}>")  # fmt: skip


TF32_VALUES = 256


def program() -> str:
    jobs = []
    for case in CASES:
        ops = _operands(case)
        sizes = ", ".join(str(WARPS * op.elements * _itemsize(op.fmt)) for op in ops)
        lds = ", ".join(str(op.ld) for op in ops)
        warps = ", ".join(str(op.elements) for op in ops)
        jobs.append(f"    {{(kernel_t){_kernel(case)}, {{{sizes}}}, {{{lds}}}, {int(case.c_col)}, "
                    f"{int(case.d_col)}, {case.mode}, {int(case.satf)}, {{{warps}}}}},")  # fmt: skip
    return "\n".join([
        PROGRAM_HEAD,
        "static const job jobs[] = {",
        *jobs,
        "};",
        "",
        "int main(int argc, char **argv) {",
        "    if (argc < 2) return 2;",
        "    for (int i = 0; i < (int)(sizeof jobs / sizeof jobs[0]); i++) run(argv[1], i, jobs[i]);",
        "    run_in_place(argv[1]);",
        f"    run_to_tf32(argv[1], {TF32_VALUES});",
        "    run_convert(argv[1]);",
        '    printf("wmma: PASSED\\n");',
        "    return 0;",
        "}",
        "",
    ])  # fmt: skip


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("wmma") / "wmma.cu"
    path.write_text(program())
    return path


@pytest.fixture(scope="module")
def host_build(source: Path) -> Path:
    """Build the program for the host platform and write every case's inputs."""
    work = source.parent
    proc = nvcc("--offload-arch=host", "-o", str(work / "wmma"), str(source))
    assert proc.returncode == 0, proc.stderr
    for i, case in enumerate(CASES):
        p = problem(case, seed=i)
        (work / f"case{i}.in").write_bytes(b"".join(buf.tobytes() for buf in p.buffers))
    rng = np.random.default_rng(99)
    a, b = rng.integers(-3, 4, (2, 16, 16)) / 2
    c = rng.integers(-16, 17, (16, 16)) / 4
    (work / "in_place.in").write_bytes(c.astype(np.float32).tobytes() +
                                       a.astype(np.float16).tobytes() + b.astype(np.float16).tobytes())  # fmt: skip
    (work / "tf32.in").write_bytes(tf32_inputs().tobytes())
    c = rng.uniform(-100, 100, (32, 8)).astype(np.float32)
    q = rng.integers(-1000, 1000, (8, 32)).astype(np.int32)  # D column-major: its transpose
    (work / "convert.in").write_bytes(c.tobytes() + q.tobytes())
    return work


# How the host platform runs the warps: 32-lane waves; 64-lane waves holding two warps, as
# gfx942 does; the threads of a block in a random order.
RUNS = {"wave32": {}, "wave64": {"CU2AMD_WARP_SIZE": "64"},
        "random-order": {"CU2AMD_THREAD_ORDER": "random:5"}}  # fmt: skip


@pytest.fixture(scope="module", params=sorted(RUNS))
def host_run(host_build: Path, request: pytest.FixtureRequest) -> Path:
    """Run the program once, as `RUNS[param]` says; the directory holds the outputs."""
    work = host_build / request.param
    work.mkdir(exist_ok=True)
    for f in host_build.glob("*.in"):
        (work / f.name).write_bytes(f.read_bytes())
    env = {**os.environ, **RUNS[request.param]}
    run = subprocess.run([str(host_build / "wmma"), str(work)], capture_output=True, text=True,
                         timeout=600, env=env)  # fmt: skip
    assert run.returncode == 0 and run.stdout.endswith("wmma: PASSED\n"), run.stdout + run.stderr
    return work


def tf32_inputs() -> np.ndarray:
    """Ties (both ways, both signs), values next to ties, the largest finite values, inf,
    NaN, denormals, zero, and random values."""
    special = np.array([0x3F801000, 0xBF801000, 0x3F803000, 0x3F800FFF, 0x3F801001, 0x7F7FFFFF,
                        0xFF7FFFFF, 0x7F7FEFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x00001000,
                        0x00000FFF, 0x80001000, 0x00000000, 0x80000000, 0x007FF000, 0x3FFFF000],
                       dtype=np.uint32)  # fmt: skip
    rng = np.random.default_rng(7)
    rest = rng.integers(0, 2**32, TF32_VALUES - len(special), dtype=np.uint64).astype(np.uint32)
    rest = rest[(rest & 0x7F800000) != 0x7F800000]  # NaN payloads: tested apart
    values = np.concatenate([special, rest])
    values = np.concatenate([values, np.full(TF32_VALUES - len(values), 0x3F800000, np.uint32)])
    return values.view(np.float32)


@pytest.mark.parametrize("index", range(len(CASES)), ids=[c.name for c in CASES])
def test_wmma_on_host(host_run: Path, index: int) -> None:
    case = CASES[index]
    p = problem(case, seed=index)
    d_op = _operands(case)[3]
    stored = np.frombuffer((host_run / f"case{index}.out").read_bytes(), dtype=p.buffers[3].dtype)
    for w in range(WARPS):
        region = stored[w * d_op.elements : (w + 1) * d_op.elements]
        got = _from_storage(case.d, region[d_op.index()])
        if p.bound is None:
            np.testing.assert_array_equal(got, p.expected[w], err_msg=f"warp {w}")
        else:
            err = np.abs(got - p.expected[w])
            assert np.all(err <= p.bound[w]), f"warp {w}: {np.max(err - p.bound[w])} over"
        padding = np.ones(d_op.elements, bool)
        padding[d_op.index()] = False
        sentinel = np.full(int(padding.sum()), _sentinel(case.d))
        assert region[padding].tobytes() == sentinel.tobytes(), "store_matrix_sync wrote outside D"


def test_in_place_accumulation(host_run: Path) -> None:
    """mma_sync(acc, a, b, acc) twice: C + 2 * A * B (A loaded from shared memory)."""
    data = (host_run / "in_place.in").read_bytes()
    c = np.frombuffer(data[:1024], np.float32).reshape(16, 16).astype(np.float64)
    a = np.frombuffer(data[1024:1536], np.float16).reshape(16, 16).astype(np.float64)
    b = np.frombuffer(data[1536:], np.float16).reshape(16, 16).astype(np.float64)
    got = np.frombuffer((host_run / "in_place.out").read_bytes(), np.float32).reshape(16, 16)
    np.testing.assert_array_equal(got, c + 2 * (a @ b))


def test_accumulator_conversion(host_run: Path) -> None:
    """float -> __half and int -> float accumulators, element by element through frag.x."""
    data = (host_run / "convert.in").read_bytes()
    c = np.frombuffer(data[:1024], np.float32).reshape(32, 8)
    q = np.frombuffer(data[1024:], np.int32).reshape(8, 32).T
    out = (host_run / "convert.out").read_bytes()
    np.testing.assert_array_equal(
        np.frombuffer(out[:512], np.float16).reshape(32, 8), c.astype(np.float16)
    )
    np.testing.assert_array_equal(np.frombuffer(out[512:], np.float32).reshape(32, 8), 0.25 * q)


def test_float_to_tf32(host_run: Path) -> None:
    """wmma::__float_to_tf32 rounds to nearest, ties away from zero; NaN stays NaN."""
    values = tf32_inputs()
    got = np.frombuffer((host_run / "tf32.out").read_bytes(), np.float32)
    want = tf32_rna(values)
    nan = np.isnan(values)
    assert np.all(np.isnan(got[nan]))
    np.testing.assert_array_equal(got[~nan].view(np.uint32), want[~nan].view(np.uint32))
    assert np.all(got.view(np.uint32)[~nan] & 0x1FFF == 0)


@pytest.mark.parametrize("arch", ["gfx942", "gfx1100"])
def test_wmma_compiles_for_amd(source: Path, tmp_path: Path, arch: str) -> None:
    obj = tmp_path / "wmma.o"
    proc = nvcc(f"--offload-arch={arch}", "-c", "-o", str(obj), str(source))
    assert proc.returncode == 0, proc.stderr
    try:
        discover().libamdhip64()
    except Cu2amdError:
        pytest.skip("libamdhip64 is not installed: compiled, not linked")
    exe = tmp_path / "wmma_amd"
    proc = nvcc(f"--offload-arch={arch}", "-o", str(exe), str(obj))
    assert proc.returncode == 0, proc.stderr


UNSUPPORTED = {
    "u4": ("wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::u4, "
           "wmma::row_major> a;", "experimental::precision::u4, s4, b1"),
    "s4": ("wmma::fragment<wmma::matrix_b, 8, 8, 32, wmma::experimental::precision::s4, "
           "wmma::col_major> b;", "experimental::precision::u4, s4, b1"),
    "b1": ("wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, "
           "wmma::row_major> a;", "experimental::precision::u4, s4, b1"),
    "bmma_sync": ("wmma::fragment<wmma::accumulator, 16, 16, 16, int> c; "
                  "wmma::bmma_sync(c, c, c, c);", "bmma_sync (1-bit wmma"),
    "float_a": ("wmma::fragment<wmma::matrix_a, 16, 16, 16, float, wmma::row_major> a;",
                "no such wmma fragment"),
    "shape": ("wmma::fragment<wmma::accumulator, 16, 8, 16, float> c;", "no such wmma fragment"),
    "no_layout": ("wmma::fragment<wmma::matrix_a, 16, 16, 16, __half> a;",
                  "take row_major or col_major"),
    "mixed": ("wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a; "
              "wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::row_major> b; "
              "wmma::fragment<wmma::accumulator, 16, 16, 16, int> c; wmma::mma_sync(c, a, b, c);",
              "must have the same type"),
    "accumulator": ("wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a; "
                    "wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> b; "
                    "wmma::fragment<wmma::accumulator, 16, 16, 16, int> c; wmma::mma_sync(c, a, b, c);",
                    "mma_sync's accumulators"),
    "acc_load": ("wmma::fragment<wmma::accumulator, 16, 16, 16, float> c; "
                 "wmma::load_matrix_sync(c, p, 16);", "takes a layout_t"),
}  # fmt: skip


@pytest.mark.parametrize("what", sorted(UNSUPPORTED))
def test_unsupported_is_a_compile_error(tmp_path: Path, what: str) -> None:
    """Sub-byte types, bmma_sync and fragments or calls CUDA does not define do not compile;
    the error names what is wrong."""
    body, message = UNSUPPORTED[what]
    src = tmp_path / f"{what}.cu"
    src.write_text("#include <mma.h>\nusing namespace nvcuda;\n"
                   f"__global__ void k(float *p) {{ {body} }}\nint main() {{ return 0; }}\n")  # fmt: skip
    for arch in ("host", "gfx942"):
        proc = nvcc(f"--offload-arch={arch}", "-c", "-o", str(tmp_path / "k.o"), str(src))
        assert proc.returncode != 0
        assert message in proc.stderr, proc.stderr


def test_wave64_warps_are_an_error(tmp_path: Path) -> None:
    """--warp-size=64 changes the warps that wmma fragments are spread over."""
    src = tmp_path / "w64.cu"
    src.write_text(
        "#include <mma.h>\nusing namespace nvcuda;\n__global__ void k(float *p) {\n"
        "  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;\n"
        "  wmma::fill_fragment(c, 1.0f);\n"
        "  wmma::store_matrix_sync(p, c, 16, wmma::mem_row_major);\n}\n"
    )
    proc = nvcc("--offload-arch=gfx942", "--warp-size=64", "-c", "-o", str(tmp_path / "k.o"),
                str(src))  # fmt: skip
    assert proc.returncode != 0
    assert "nvcuda::wmma needs CUDA's 32-lane warps" in proc.stderr, proc.stderr


@pytest.mark.skipif(shutil.which("g++") is None, reason="no g++")
def test_host_compiler_sees_nothing(tmp_path: Path) -> None:
    """A .cpp file built by the host compiler (C++11, all warnings errors) may include
    mma.h: as with CUDA's, it declares nothing there."""
    source = tmp_path / "host.cpp"
    source.write_text("#include <cuda_runtime.h>\n#include <mma.h>\nint main() { return 0; }\n")
    proc = subprocess.run(
        ["g++", "-std=c++11", "-Wall", "-Wextra", "-Werror", "-I", str(include_dir()), "-c",
         str(source), "-o", str(tmp_path / "host.o")],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr


def test_generated_header_is_up_to_date() -> None:
    header = include_dir() / "cu2amd" / "wmma_ptx.h"
    assert header.read_text() == render(), (
        "regenerate: python -m cu2amd.runtime_shim.wmma_header "
        "-o runtime_shim/include/cu2amd/wmma_ptx.h"
    )


TILED_GEMM = r"""#include <cstdio>
#include <mma.h>
using namespace nvcuda;

// C = alpha * A * B + beta * C: A (M x K) row-major, B (K x N) column-major, C (M x N)
// row-major; each warp computes one 16x16 tile of C, four warps a block.
__global__ void gemm(const __half *a, const __half *b, float *c, int m, int n, int k, float alpha,
                     float beta) {
    int warp_m = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
    int warp_n = blockIdx.y * blockDim.y + threadIdx.y;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> a_frag;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> b_frag;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc_frag;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c_frag;
    wmma::fill_fragment(acc_frag, 0.0f);
    int row = warp_m * 16, col = warp_n * 16;
    if (row >= m || col >= n) return;
    for (int i = 0; i < k; i += 16) {
        wmma::load_matrix_sync(a_frag, a + row * k + i, k);
        wmma::load_matrix_sync(b_frag, b + col * k + i, k);
        wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);
    }
    wmma::load_matrix_sync(c_frag, c + row * n + col, n, wmma::mem_row_major);
    for (int i = 0; i < c_frag.num_elements; i++) c_frag.x[i] = alpha * acc_frag.x[i] + beta * c_frag.x[i];
    wmma::store_matrix_sync(c + row * n + col, c_frag, n, wmma::mem_row_major);
}

int main() {
    const int M = 64, N = 48, K = 80;
    static __half ha[M * K], hb[K * N];
    static float hc[M * N];
    for (int i = 0; i < M * K; i++) ha[i] = __float2half((float)((i * 7) % 9 - 4) / 2);
    for (int i = 0; i < K * N; i++) hb[i] = __float2half((float)((i * 5) % 7 - 3) / 4);
    for (int i = 0; i < M * N; i++) hc[i] = (float)(i % 11);
    __half *a, *b;
    float *c;
    cudaMalloc(&a, sizeof ha);
    cudaMalloc(&b, sizeof hb);
    cudaMalloc(&c, sizeof hc);
    cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
    cudaMemcpy(c, hc, sizeof hc, cudaMemcpyHostToDevice);
    dim3 block(128, 1), grid((M / 16 + 3) / 4, N / 16);
    gemm<<<grid, block>>>(a, b, c, M, N, K, 2.0f, 0.5f);
    cudaMemcpy(hc, c, sizeof hc, cudaMemcpyDeviceToHost);
    for (int i = 0; i < M * N; i++) printf("%.9g\n", hc[i]);
    return cudaGetLastError() != cudaSuccess;
}
"""


def test_tiled_gemm(tmp_path: Path) -> None:
    """A tiled GEMM as CUDA programs write it: warps of several blocks, a loop over K tiles
    accumulating in place, alpha/beta applied element-wise to the accumulator fragments."""
    src = tmp_path / "gemm.cu"
    src.write_text(TILED_GEMM)
    exe = tmp_path / "gemm"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(src))
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    m, n, k = 64, 48, 80
    a = ((np.arange(m * k) * 7) % 9 - 4).reshape(m, k) / 2
    b = (((np.arange(k * n) * 5) % 7 - 3) / 4).reshape(n, k).T  # column-major
    c = (np.arange(m * n) % 11).reshape(m, n).astype(np.float64)
    got = np.array([float(v) for v in run.stdout.split()]).reshape(m, n)
    np.testing.assert_array_equal(got, (2 * (a @ b) + 0.5 * c).astype(np.float32))
    proc = nvcc("--offload-arch=gfx1100", "-c", "-o", str(tmp_path / "gemm.o"), str(src))
    assert proc.returncode == 0, proc.stderr


TWO_FILES = {
    "first.cu": """#include <mma.h>
using namespace nvcuda;
__global__ void plus(float *d, const __half *a, const __half *b, float c) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, c);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(d, acc, 16, wmma::mem_row_major);
}
""",
    "second.cu": r"""#include <cstdio>
#include <mma.h>
using namespace nvcuda;
__global__ void plus(float *d, const __half *a, const __half *b, float c);
__global__ void times(float *d, const __half *a, const __half *b) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(d, acc, 16, wmma::mem_col_major);
}
int main() {
    __half h[256];
    float out[256];
    for (int i = 0; i < 256; i++) h[i] = __float2half((float)(i % 16) + (i / 16 == 3));
    __half *a;
    float *d;
    cudaMalloc(&a, sizeof h);
    cudaMalloc(&d, sizeof out);
    cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
    plus<<<1, 32>>>(d, a, a, 0.5f);
    cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
    printf("%g %g ", out[0], out[3 * 16 + 3]);
    times<<<1, 32>>>(d, a, a);
    cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
    printf("%g %g\n", out[1], out[3]);
    return 0;
}
""",
}


@pytest.mark.parametrize("rdc", [False, True], ids=["whole", "rdc"])
def test_two_files_using_wmma(tmp_path: Path, rdc: bool) -> None:
    """Two files that both use the same wmma forms link together, with and without
    relocatable device code; each kernel computes its own product."""
    sources = []
    for name, text in TWO_FILES.items():
        (tmp_path / name).write_text(text)
        sources.append(str(tmp_path / name))
    flags = ["-rdc=true"] if rdc else []
    exe = tmp_path / "two"
    proc = nvcc("--offload-arch=host", *flags, "-o", str(exe), *sources)
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=300)
    a = np.array([[j + (i == 3) for j in range(16)] for i in range(16)], np.float64)
    d = a @ a.T  # B = A, column-major: A's transpose
    assert run.stdout == f"{d[0, 0] + 0.5:g} {d[3, 3] + 0.5:g} {d[1, 0]:g} {d[3, 0]:g}\n"
    proc = nvcc("--offload-arch=gfx942", *flags, "-c", "-o", str(tmp_path / "first.o"), sources[0])
    assert proc.returncode == 0, proc.stderr


def test_wmma_in_a_project_header(tmp_path: Path) -> None:
    """A kernel using wmma in a project header (found through -I) that the .cu file includes
    without naming wmma itself: its inline PTX is lifted too."""
    (tmp_path / "include").mkdir()
    (tmp_path / "include" / "kernels.cuh").write_text(
        "#include <mma.h>\n"
        "__global__ void ones(float *p) {\n"
        "    nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 8, 8, 4, double> c;\n"
        "    nvcuda::wmma::fill_fragment(c, 0.0);\n"
        "    nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> f;\n"
        "    nvcuda::wmma::fill_fragment(f, 1.5f);\n"
        "    nvcuda::wmma::store_matrix_sync(p, f, 16, nvcuda::wmma::mem_row_major);\n"
        "}\n"
    )
    (tmp_path / "main.cu").write_text(
        '#include <cstdio>\n#include "kernels.cuh"\n'
        "int main() {\n    float *p, h[256];\n    cudaMalloc(&p, sizeof h);\n"
        "    ones<<<1, 32>>>(p);\n    cudaMemcpy(h, p, sizeof h, cudaMemcpyDeviceToHost);\n"
        '    printf("%g %g\\n", h[0], h[255]);\n    return 0;\n}\n'
    )
    exe = tmp_path / "main"
    proc = nvcc("--offload-arch=host", "-I", str(tmp_path / "include"), "-o", str(exe),
                str(tmp_path / "main.cu"))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=300)
    assert run.stdout == "1.5 1.5\n", run.stdout + run.stderr


def test_needs_lifting_by_the_text(tmp_path: Path) -> None:
    """Lifting is needed when the file spells asm, or it or a project header it includes
    (next to it, through -I or -include) names wmma; a header's own asm is not lifted."""
    inc = tmp_path / "include"
    inc.mkdir()
    (inc / "plain.cuh").write_text("__device__ int f() { return 1; }\n")
    (inc / "own_ptx.cuh").write_text('__device__ void g() { asm("exit;"); }\n')
    (inc / "deep.cuh").write_text('#include "wm.cuh"\n')
    (inc / "wm.cuh").write_text("#include <mma.h>\n")
    source = tmp_path / "a.cu"
    flags = ["-I", str(inc)]
    for text, expected in [
        ('__global__ void k() { asm("exit;"); }\n', True),
        ('#include "plain.cuh"\n#include <own_ptx.cuh>\n', False),
        ("#include <deep.cuh>\n", True),
        ('#include "deep.cuh"\n', True),  # through -I: not next to a.cu
    ]:
        source.write_text(text)
        assert needs_lifting(source, flags) is expected, text
    assert needs_lifting(source, []) is False  # deep.cuh is not found without -I
    source.write_text("int x;\n")
    assert needs_lifting(source, ["-include", str(inc / "wm.cuh")]) is True
    with pytest.raises(OSError):
        needs_lifting(tmp_path / "missing.cu", flags)


def test_header_forms_are_found_and_only_used_ones_lowered(tmp_path: Path) -> None:
    """The asm of cu2amd's headers is found and rewritten with the source's own; a device
    module that calls one of the wmma forms gets that one lowered, not the other 200 (the
    source's own asm is always lowered)."""
    src = tmp_path / "one.cu"
    src.write_text(
        "#include <mma.h>\nusing namespace nvcuda;\n__global__ void k(float *p, int *q) {\n"
        "  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;\n"
        "  wmma::fill_fragment(c, 2.0f);\n"
        "  wmma::store_matrix_sync(p, c, 16, wmma::mem_col_major);\n"
        '  asm volatile("st.u32 [%0], %1;" :: "l"(q), "r"(5));\n}\n'
    )
    statements = find_asm(src, [], 80)
    assert statements[0].location.file == str(src.resolve())
    assert len(statements) == 1 + render().count("asm volatile(") + render().count("asm(")
    rewritten = rewrite(src, statements)
    assert "asm volatile(" not in rewritten.text and "asm(" not in rewritten.text
    inline = InlineAsm.check(rewritten.lowered)
    store = next(s for s in statements if s.template.startswith("wmma.store.d.sync.aligned.col."
                                                                 "m16n16k16.f32"))  # fmt: skip
    lowered = inline.lowered(HOST, {impl_name(store)})
    assert lowered is not None
    defined = {f.name for f in lowered.functions if f.name.startswith("__cu2amd_asm_")
               and not f.is_declaration}  # fmt: skip
    assert defined == {impl_name(store), impl_name(statements[0])}


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
