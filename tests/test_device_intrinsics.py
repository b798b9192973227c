"""CUDA's integer and SIMD intrinsics (cu2amd/integer_intrinsics.h, simd_intrinsics.h), run
on the host platform on edge values and random inputs, compared bit for bit with Python
models written from CUDA's documentation. One compiled program evaluates every function
on every input."""

import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

M32 = 0xFFFFFFFF
M64 = 0xFFFFFFFFFFFFFFFF


@dataclass(frozen=True)
class Op:
    name: str
    expr: str  # C++ over u64 x, y, z; its value is truncated to `width` bits
    ref: Callable[[int, int, int], int]
    width: int = 32


def s32(v: int) -> int:
    v &= M32
    return v - (1 << 32) if v >> 31 else v


def s64(v: int) -> int:
    v &= M64
    return v - (1 << 64) if v >> 63 else v


def lanes(v: int, bits: int) -> list[int]:
    return [(v >> (bits * i)) & ((1 << bits) - 1) for i in range(32 // bits)]


def slanes(v: int, bits: int) -> list[int]:
    half = 1 << (bits - 1)
    return [u - (1 << bits) if u >= half else u for u in lanes(v, bits)]


def pack(values: list[int], bits: int) -> int:
    mask = (1 << bits) - 1
    return sum((val & mask) << (bits * i) for i, val in enumerate(values))


# --- integer intrinsics (CUDA Math API, Integer Intrinsics) ---------------------------


def clz(v: int, width: int) -> int:
    return width - v.bit_length()


def ffs(v: int) -> int:
    return (v & -v).bit_length()


def brev(v: int, width: int) -> int:
    return int(format(v, f"0{width}b")[::-1], 2)


def byte_perm(x: int, y: int, s: int) -> int:
    data = (y << 32) | x
    return pack([(data >> (8 * ((s >> (4 * n)) & 7))) & 0xFF for n in range(4)], 8)


def fns(mask: int, base: int, offset: int) -> int:
    """PTX ISA 9.7.1.17's pseudo-code."""
    if base > 31:
        return M32
    if offset == 0:
        return base if (mask >> base) & 1 else M32
    pos, count, inc = base, abs(offset) - 1, 1 if offset > 0 else -1
    while 0 <= pos < 32:
        if (mask >> pos) & 1:
            if count == 0:
                return pos
            count -= 1
        pos += inc
    return M32


def funnel_l(lo: int, hi: int, n: int) -> int:
    return ((((hi << 32) | lo) << n) >> 32) & M32


def funnel_r(lo: int, hi: int, n: int) -> int:
    return (((hi << 32) | lo) >> n) & M32


def sext24(v: int) -> int:
    v &= 0xFFFFFF
    return v - (1 << 24) if v >> 23 else v


def dp4a(a: int, b: int, c: int, signed: bool) -> int:
    la, lb = (slanes(a, 8), slanes(b, 8)) if signed else (lanes(a, 8), lanes(b, 8))
    return (c + sum(p * q for p, q in zip(la, lb, strict=True))) & M32


def dp2a(a: int, b: int, c: int, hi: bool, signed: bool) -> int:
    la = slanes(a, 16) if signed else lanes(a, 16)
    lb = (slanes(b, 8) if signed else lanes(b, 8))[2 * hi : 2 * hi + 2]
    return (c + la[0] * lb[0] + la[1] * lb[1]) & M32


# fmt: off
X, Y, Z = "(unsigned)x", "(unsigned)y", "(unsigned)z"
IX, IY, IZ = "(int)x", "(int)y", "(int)z"
INTEGER_OPS = [
    Op("__popc", f"__popc({X})", lambda x, y, z: bin(x & M32).count("1")),
    Op("__popcll", "__popcll(x)", lambda x, y, z: bin(x).count("1")),
    Op("__clz", f"__clz({IX})", lambda x, y, z: clz(x & M32, 32)),
    Op("__clzll", "__clzll((long long)x)", lambda x, y, z: clz(x, 64)),
    Op("__ffs", f"__ffs({IX})", lambda x, y, z: ffs(x & M32)),
    Op("__ffsll", "__ffsll((long long)x)", lambda x, y, z: ffs(x)),
    Op("__brev", f"__brev({X})", lambda x, y, z: brev(x & M32, 32)),
    Op("__brevll", "__brevll(x)", lambda x, y, z: brev(x, 64), 64),
    Op("__fns", f"__fns({X}, (unsigned)(z & 63), {IY} % 40)",
       lambda x, y, z: fns(x & M32, z & 63, int(np.fmod(s32(y), 40)))),
    Op("__fns0", f"__fns({X}, (unsigned)(z & 31), 0)", lambda x, y, z: fns(x & M32, z & 31, 0)),
    Op("__byte_perm", f"__byte_perm({X}, {Y}, {Z})", lambda x, y, z: byte_perm(x & M32, y & M32, z & M32)),
    Op("__funnelshift_l", f"__funnelshift_l({X}, {Y}, {Z})",
       lambda x, y, z: funnel_l(x & M32, y & M32, (z & M32) % 32)),
    Op("__funnelshift_lc", f"__funnelshift_lc({X}, {Y}, {Z})",
       lambda x, y, z: funnel_l(x & M32, y & M32, min(z & M32, 32))),
    Op("__funnelshift_r", f"__funnelshift_r({X}, {Y}, {Z})",
       lambda x, y, z: funnel_r(x & M32, y & M32, (z & M32) % 32)),
    Op("__funnelshift_rc", f"__funnelshift_rc({X}, {Y}, {Z})",
       lambda x, y, z: funnel_r(x & M32, y & M32, min(z & M32, 32))),
    Op("__mulhi", f"__mulhi({IX}, {IY})", lambda x, y, z: (s32(x) * s32(y)) >> 32),
    Op("__umulhi", f"__umulhi({X}, {Y})", lambda x, y, z: ((x & M32) * (y & M32)) >> 32),
    Op("__mul64hi", "__mul64hi((long long)x, (long long)y)", lambda x, y, z: (s64(x) * s64(y)) >> 64, 64),
    Op("__umul64hi", "__umul64hi(x, y)", lambda x, y, z: (x * y) >> 64, 64),
    Op("__mul24", f"__mul24({IX}, {IY})", lambda x, y, z: sext24(x) * sext24(y)),
    Op("__umul24", f"__umul24({X}, {Y})", lambda x, y, z: (x & 0xFFFFFF) * (y & 0xFFFFFF)),
    Op("__sad", f"__sad({IX}, {IY}, {Z})", lambda x, y, z: abs(s32(x) - s32(y)) + z),
    Op("__usad", f"__usad({X}, {Y}, {Z})", lambda x, y, z: abs((x & M32) - (y & M32)) + z),
    Op("__hadd", f"__hadd({IX}, {IY})", lambda x, y, z: (s32(x) + s32(y)) >> 1),
    Op("__uhadd", f"__uhadd({X}, {Y})", lambda x, y, z: ((x & M32) + (y & M32)) >> 1),
    Op("__rhadd", f"__rhadd({IX}, {IY})", lambda x, y, z: (s32(x) + s32(y) + 1) >> 1),
    Op("__urhadd", f"__urhadd({X}, {Y})", lambda x, y, z: ((x & M32) + (y & M32) + 1) >> 1),
    Op("__dp4a(int)", f"__dp4a({IX}, {IY}, {IZ})", lambda x, y, z: dp4a(x & M32, y & M32, z, True)),
    Op("__dp4a(unsigned)", f"__dp4a({X}, {Y}, {Z})", lambda x, y, z: dp4a(x & M32, y & M32, z, False)),
    Op("__dp4a(char4)", f"__dp4a(as<char4>({X}), as<char4>({Y}), {IZ})",
       lambda x, y, z: dp4a(x & M32, y & M32, z, True)),
    Op("__dp4a(uchar4)", f"__dp4a(as<uchar4>({X}), as<uchar4>({Y}), {Z})",
       lambda x, y, z: dp4a(x & M32, y & M32, z, False)),
    Op("__dp2a_lo(int)", f"__dp2a_lo({IX}, {IY}, {IZ})", lambda x, y, z: dp2a(x & M32, y & M32, z, False, True)),
    Op("__dp2a_hi(int)", f"__dp2a_hi({IX}, {IY}, {IZ})", lambda x, y, z: dp2a(x & M32, y & M32, z, True, True)),
    Op("__dp2a_lo(unsigned)", f"__dp2a_lo({X}, {Y}, {Z})",
       lambda x, y, z: dp2a(x & M32, y & M32, z, False, False)),
    Op("__dp2a_hi(unsigned)", f"__dp2a_hi({X}, {Y}, {Z})",
       lambda x, y, z: dp2a(x & M32, y & M32, z, True, False)),
    Op("__dp2a_lo(short2)", f"__dp2a_lo(as<short2>({X}), as<char4>({Y}), {IZ})",
       lambda x, y, z: dp2a(x & M32, y & M32, z, False, True)),
    Op("__dp2a_hi(short2)", f"__dp2a_hi(as<short2>({X}), as<char4>({Y}), {IZ})",
       lambda x, y, z: dp2a(x & M32, y & M32, z, True, True)),
    Op("__dp2a_lo(ushort2)", f"__dp2a_lo(as<ushort2>({X}), as<uchar4>({Y}), {Z})",
       lambda x, y, z: dp2a(x & M32, y & M32, z, False, False)),
    Op("__dp2a_hi(ushort2)", f"__dp2a_hi(as<ushort2>({X}), as<uchar4>({Y}), {Z})",
       lambda x, y, z: dp2a(x & M32, y & M32, z, True, False)),
]
# fmt: on

# CUDA's integer math functions: min/max for each pair of integer types (mixed signed and
# unsigned compare as unsigned), umin ... ullmax, abs/labs/llabs (wrapping at the minimum)
LL = "(long long)x", "(long long)y"
# fmt: off
INTEGER_FUNCTION_OPS = [
    Op("min(int,int)", f"min({IX}, {IY})", lambda x, y, z: min(s32(x), s32(y))),
    Op("max(int,int)", f"max({IX}, {IY})", lambda x, y, z: max(s32(x), s32(y))),
    Op("min(unsigned,int)", f"min({X}, {IY})", lambda x, y, z: min(x & M32, y & M32)),
    Op("max(int,unsigned)", f"max({IX}, {Y})", lambda x, y, z: max(x & M32, y & M32)),
    Op("min(ll,ll)", f"min({LL[0]}, {LL[1]})", lambda x, y, z: min(s64(x), s64(y)), 64),
    Op("max(ull,ll)", f"max(x, {LL[1]})", lambda x, y, z: max(x, y), 64),
    Op("umin", f"umin({X}, {Y})", lambda x, y, z: min(x & M32, y & M32)),
    Op("umax", f"umax({X}, {Y})", lambda x, y, z: max(x & M32, y & M32)),
    Op("llmin", f"llmin({LL[0]}, {LL[1]})", lambda x, y, z: min(s64(x), s64(y)), 64),
    Op("llmax", f"llmax({LL[0]}, {LL[1]})", lambda x, y, z: max(s64(x), s64(y)), 64),
    Op("ullmin", "ullmin(x, y)", lambda x, y, z: min(x, y), 64),
    Op("ullmax", "ullmax(x, y)", lambda x, y, z: max(x, y), 64),
    Op("abs", f"abs({IX})", lambda x, y, z: abs(s32(x))),
    Op("labs", "labs((long)x)", lambda x, y, z: abs(s64(x)), 64),
    Op("llabs", f"llabs({LL[0]})", lambda x, y, z: abs(s64(x)), 64),
]
# fmt: on


# --- SIMD intrinsics (CUDA Math API, SIMD Intrinsics) ---------------------------------

LaneFn = Callable[[int, int, int, int, int], int]  # (sa, sb, ua, ub, bits) -> lane


def clamp_s(v: int, bits: int) -> int:
    return max(-(1 << (bits - 1)), min((1 << (bits - 1)) - 1, v))


def avgs(total: int) -> int:
    """CUDA's signed rounded average: half away from zero."""
    return total >> 1 if total < 0 else (total + 1) >> 1


SIMD_LANES: dict[str, tuple[int, LaneFn]] = {
    "__vabs": (1, lambda sa, sb, ua, ub, n: abs(sa)),
    "__vabsss": (1, lambda sa, sb, ua, ub, n: clamp_s(abs(sa), n)),
    "__vneg": (1, lambda sa, sb, ua, ub, n: -sa),
    "__vnegss": (1, lambda sa, sb, ua, ub, n: clamp_s(-sa, n)),
    "__vabsdiffs": (2, lambda sa, sb, ua, ub, n: abs(sa - sb)),
    "__vabsdiffu": (2, lambda sa, sb, ua, ub, n: abs(ua - ub)),
    "__vadd": (2, lambda sa, sb, ua, ub, n: ua + ub),
    "__vaddss": (2, lambda sa, sb, ua, ub, n: clamp_s(sa + sb, n)),
    "__vaddus": (2, lambda sa, sb, ua, ub, n: min(ua + ub, (1 << n) - 1)),
    "__vsub": (2, lambda sa, sb, ua, ub, n: ua - ub),
    "__vsubss": (2, lambda sa, sb, ua, ub, n: clamp_s(sa - sb, n)),
    "__vsubus": (2, lambda sa, sb, ua, ub, n: max(ua - ub, 0)),
    "__vavgs": (2, lambda sa, sb, ua, ub, n: avgs(sa + sb)),
    "__vavgu": (2, lambda sa, sb, ua, ub, n: (ua + ub + 1) >> 1),
    "__vhaddu": (2, lambda sa, sb, ua, ub, n: (ua + ub) >> 1),
    "__vmaxs": (2, lambda sa, sb, ua, ub, n: max(sa, sb)),
    "__vmaxu": (2, lambda sa, sb, ua, ub, n: max(ua, ub)),
    "__vmins": (2, lambda sa, sb, ua, ub, n: min(sa, sb)),
    "__vminu": (2, lambda sa, sb, ua, ub, n: min(ua, ub)),
}
COMPARISONS: dict[str, Callable[[int, int, int, int], bool]] = {
    "eq": lambda sa, sb, ua, ub: ua == ub,
    "ne": lambda sa, sb, ua, ub: ua != ub,
    "ges": lambda sa, sb, ua, ub: sa >= sb,
    "geu": lambda sa, sb, ua, ub: ua >= ub,
    "gts": lambda sa, sb, ua, ub: sa > sb,
    "gtu": lambda sa, sb, ua, ub: ua > ub,
    "les": lambda sa, sb, ua, ub: sa <= sb,
    "leu": lambda sa, sb, ua, ub: ua <= ub,
    "lts": lambda sa, sb, ua, ub: sa < sb,
    "ltu": lambda sa, sb, ua, ub: ua < ub,
}
for _op, _cmp in COMPARISONS.items():
    SIMD_LANES[f"__vcmp{_op}"] = (2, lambda sa, sb, ua, ub, n, c=_cmp: -int(c(sa, sb, ua, ub)))
    SIMD_LANES[f"__vset{_op}"] = (2, lambda sa, sb, ua, ub, n, c=_cmp: int(c(sa, sb, ua, ub)))


def simd_ref(fn: LaneFn, bits: int) -> Callable[[int, int, int], int]:
    def ref(x: int, y: int, z: int) -> int:
        values = zip(slanes(x, bits), slanes(y, bits), lanes(x, bits), lanes(y, bits), strict=True)
        return pack([fn(sa, sb, ua, ub, bits) for sa, sb, ua, ub in values], bits)

    return ref


def sad_ref(bits: int, signed: bool) -> Callable[[int, int, int], int]:
    pick = slanes if signed else lanes
    return lambda x, y, z: sum(
        abs(p - q) for p, q in zip(pick(x, bits), pick(y, bits), strict=True)
    )


# fmt: off
SIMD_OPS = [
    Op(f"{name}{32 // bits}", f"{name}{32 // bits}({X}{', ' + Y if arity == 2 else ''})",
       simd_ref(fn, bits))
    for name, (arity, fn) in SIMD_LANES.items()
    for bits in (16, 8)
] + [
    Op(f"__vsad{kind}{32 // bits}", f"__vsad{kind}{32 // bits}({X}, {Y})", sad_ref(bits, kind == "s"))
    for kind in "su"
    for bits in (16, 8)
]
# fmt: on


# --- the harness: one program, every op on every input ---------------------------------

ALL_OPS = INTEGER_OPS + INTEGER_FUNCTION_OPS + SIMD_OPS

PROGRAM = r"""#include <cstdio>
#include <cstdlib>
typedef unsigned long long u64;
template <class T> __device__ T as(unsigned v) { T t; __builtin_memcpy(&t, &v, sizeof t); return t; }
__global__ void k(const u64 *xs, const u64 *ys, const u64 *zs, u64 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    u64 x = xs[i], y = ys[i], z = zs[i];
    (void)x, (void)y, (void)z;
%BODY%
}
int main(int argc, char **argv) {
    FILE *f = fopen(argv[1], "rb");
    int n, ops = %OPS%;
    if (fread(&n, sizeof n, 1, f) != 1) return 2;
    size_t bytes = sizeof(u64) * n;
    u64 *h = (u64 *)malloc(bytes * 3), *r = (u64 *)malloc(bytes * ops);
    if (fread(h, bytes, 3, f) != 3) return 2;
    fclose(f);
    u64 *d, *o;
    cudaMalloc(&d, bytes * 3);
    cudaMalloc(&o, bytes * ops);
    cudaMemcpy(d, h, bytes * 3, cudaMemcpyHostToDevice);
    k<<<(n + 127) / 128, 128>>>(d, d + n, d + 2 * n, o, n);
    cudaMemcpy(r, o, bytes * ops, cudaMemcpyDeviceToHost);
    f = fopen(argv[2], "wb");
    fwrite(r, bytes, ops, f);
    fclose(f);
    return cudaGetLastError() != cudaSuccess;
}
"""


def nvcc(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def program(ops: list[Op]) -> str:
    body = []
    for i, op in enumerate(ops):
        cast = "(u64)(unsigned)" if op.width == 32 else "(u64)"
        body.append(f"    out[{i} * n + i] = {cast}({op.expr});")
    return PROGRAM.replace("%BODY%", "\n".join(body)).replace("%OPS%", str(len(ops)))


EDGES32 = [0, 1, 2, 3, 0x7F, 0x80, 0xFF, 0x100, 0x7FFF, 0x8000, 0xFFFF, 0x10000, 0x7FFFFF,
           0x800000, 0xFFFFFF, 0x7FFFFFFF, 0x80000000, 0x80000001, 0xFFFFFFFE, 0xFFFFFFFF,
           0x7F7F7F7F, 0x80808080, 0x7FFF8000, 0x80007FFF, 0x01FF01FF, 0xFF01FF01]  # fmt: skip


def inputs() -> tuple[list[int], list[int], list[int]]:
    rng = random.Random(7)
    edges = EDGES32 + [(e << 32) | f for e in (1, 0x80000000, M32) for f in (0, 1, M32)] + [M64]
    xs, ys, zs = [], [], []
    for x in edges:
        for y in edges:
            xs.append(x)
            ys.append(y)
            zs.append(rng.choice([*EDGES32, rng.randrange(70), rng.randrange(1 << 32)]))
    for _ in range(3000):
        xs.append(rng.choice([rng.randrange(1 << 64), rng.randrange(1 << 32), rng.choice(edges)]))
        ys.append(rng.choice([rng.randrange(1 << 64), rng.randrange(1 << 32), rng.choice(edges)]))
        zs.append(rng.choice([rng.randrange(1 << 32), rng.randrange(70), rng.randrange(1 << 64)]))
    return xs, ys, zs


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[list[int], list[int]]]:
    """op name -> (device results, reference results), over the same inputs."""
    tmp = tmp_path_factory.mktemp("intrinsics")
    ops = ALL_OPS
    source = tmp / "intrinsics.cu"
    source.write_text(program(ops))
    exe = tmp / "intrinsics"
    proc = nvcc("-O2", "--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    xs, ys, zs = inputs()
    n = len(xs)
    data = np.array([*xs, *ys, *zs], dtype=np.uint64)
    (tmp / "in.bin").write_bytes(np.int32(n).tobytes() + data.tobytes())
    run = subprocess.run([str(exe), str(tmp / "in.bin"), str(tmp / "out.bin")], check=False)
    assert run.returncode == 0
    out = np.fromfile(tmp / "out.bin", dtype=np.uint64).reshape(len(ops), n)
    table = {}
    for op, row in zip(ops, out, strict=True):
        mask = M32 if op.width == 32 else M64
        expected = [op.ref(x, y, z) & mask for x, y, z in zip(xs, ys, zs, strict=True)]
        table[op.name] = ([int(v) for v in row], expected)
    return table


def mismatches(got: list[int], expected: list[int]) -> list[tuple[int, str, str]]:
    xs, ys, zs = inputs()
    bad = [i for i, (g, e) in enumerate(zip(got, expected, strict=True)) if g != e]
    return [(i, f"x={xs[i]:#x} y={ys[i]:#x} z={zs[i]:#x}", f"got {got[i]:#x} want {expected[i]:#x}")
            for i in bad[:5]]  # fmt: skip


@pytest.mark.parametrize("name", [op.name for op in INTEGER_OPS + INTEGER_FUNCTION_OPS])
def test_integer_intrinsic(results: dict[str, tuple[list[int], list[int]]], name: str) -> None:
    got, expected = results[name]
    assert not mismatches(got, expected)


@pytest.mark.parametrize("name", [op.name for op in SIMD_OPS])
def test_simd_intrinsic(results: dict[str, tuple[list[int], list[int]]], name: str) -> None:
    got, expected = results[name]
    assert not mismatches(got, expected)


def test_the_inputs_cover_every_lane_edge() -> None:
    """Every 8- and 16-bit lane of x sees 0, 1, the signed extremes and all-ones."""
    xs, _, _ = inputs()
    for bits in (8, 16):
        seen = {v for x in xs for v in lanes(x & M32, bits)}
        assert {0, 1, (1 << (bits - 1)) - 1, 1 << (bits - 1), (1 << bits) - 1} <= seen


def test_every_intrinsic_builds_for_gfx942(tmp_path: Path) -> None:
    """The same program for an AMD GPU: it compiles and links into a code object with
    the kernel (the code object links with --no-undefined)."""
    from cu2amd.amdgpu.bundle import read_bundle
    from cu2amd.amdgpu.codeobject import read_code_object

    source = tmp_path / "intrinsics.cu"
    source.write_text(program(ALL_OPS))
    proc = nvcc("-O1", "-c", "--offload-arch=gfx942", "--keep", "--keep-dir", str(tmp_path),
                "-o", str(tmp_path / "intrinsics.o"), str(source))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    entries = {e.id: e.data for e in read_bundle((tmp_path / "intrinsics.hipfb").read_bytes())}
    info = read_code_object(entries["hipv4-amdgcn-amd-amdhsa--gfx942"])
    assert [k.name for k in info.kernels] == ["_Z1kPKyS0_S0_Pyi"]
