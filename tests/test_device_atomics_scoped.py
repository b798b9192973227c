"""CUDA's atomic functions at their three scopes (cu2amd/device_functions.h): atomicAdd,
atomicAdd_block, atomicAdd_system ... for every type the Programming Guide lists. A
self-checking program makes all threads of a grid (device and system scope) or of each
block (block scope, on per-block global slots and on shared memory) contend on the same
words and checks the final values and the returned old values; it runs on the host
platform and builds for gfx942. On AMD GPUs the scopes must be LLVM's sync scopes:
"agent" for the plain functions, "workgroup" for _block and none (system) for _system,
which the device IR shows; _system ones also lack clang's "never fine-grained memory" mark,
as they are meant for host and peer memory."""

from __future__ import annotations

import re
from pathlib import Path

import llvmlite.binding as llvm
import pytest
from runtime_programs import link_for_gfx942, nvcc, run_on_host

FUNCTIONS = [
    "atomicAdd",
    "atomicAnd",
    "atomicCAS",
    "atomicDec",
    "atomicExch",
    "atomicInc",
    "atomicMax",
    "atomicMin",
    "atomicOr",
    "atomicSub",
    "atomicXor",
]
SCOPES = {"": "agent", "_block": "workgroup", "_system": None}

PROGRAM = r"""
#include <cstdio>
#include <cstring>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)

typedef unsigned long long ull;
typedef long long ll;
enum { BLOCKS = 4, THREADS = 256, SLOTS = 16 };

__host__ __device__ unsigned ukey(unsigned t) { return t * 2654435761u; }
__host__ __device__ int ikey(unsigned t) { return (int)(ukey(t) ^ 0x5bd1e995u); }
__host__ __device__ ll lkey(unsigned t) { return (ll)ukey(t) * -12345; }

struct __align__(16) words {
    unsigned u[SLOTS];
    int i[SLOTS];
    ull q[SLOTS];
    ll l[SLOTS];
    float f[SLOTS];
    double d[SLOTS];
    unsigned short s[SLOTS];
};

/* Every thread of the contending group (the grid, or one block: `per_block`) applies each
 * function once to the group's words; `olds` gets what atomicExch returned. */
#define SCOPED_KERNEL(S)                                                                        \
__global__ void k##S(words *all, unsigned *olds, int per_block) {                               \
    unsigned t = per_block ? threadIdx.x : blockIdx.x * blockDim.x + threadIdx.x;               \
    words *w = per_block ? all + blockIdx.x : all;                                              \
    atomicAdd##S(&w->u[0], 1u);                                                                 \
    atomicAdd##S(&w->i[0], -2);                                                                 \
    atomicAdd##S(&w->q[0], 1ull << 33);                                                         \
    atomicAdd##S(&w->f[0], 0.5f);                                                               \
    atomicAdd##S(&w->d[0], 0.25);                                                               \
    atomicAdd##S((float2 *)&w->f[2], make_float2(1.0f, 2.0f));                                  \
    atomicAdd##S((float4 *)&w->f[4], make_float4(0.5f, 1.0f, 1.5f, 2.0f));                      \
    atomicSub##S(&w->u[1], 3u);                                                                 \
    atomicSub##S(&w->i[1], 1);                                                                  \
    atomicOr##S(&w->u[2], 1u << (t % 32));                                                      \
    atomicAnd##S(&w->u[3], ~(1u << (t % 32)));                                                  \
    if (t < 100) atomicXor##S(&w->q[1], 1ull << (t % 64));                                      \
    atomicOr##S(&w->i[2], (int)(1u << (t % 31)));                                               \
    atomicAnd##S(&w->q[2], ~(1ull << (t % 64)));                                                \
    atomicXor##S(&w->u[4], ukey(t));                                                            \
    atomicMax##S(&w->i[3], ikey(t));                                                            \
    atomicMin##S(&w->i[4], ikey(t));                                                            \
    atomicMax##S(&w->u[5], ukey(t));                                                            \
    atomicMin##S(&w->u[6], ukey(t) | 1u);                                                       \
    atomicMax##S(&w->q[3], ((ull)ukey(t) << 20) | t);                                           \
    atomicMin##S(&w->q[4], ((ull)ukey(t) << 20) | t);                                           \
    atomicMax##S(&w->l[0], lkey(t));                                                            \
    atomicMin##S(&w->l[1], lkey(t));                                                            \
    olds[blockIdx.x * blockDim.x + threadIdx.x] = atomicExch##S(&w->u[7], t + 1);               \
    atomicExch##S(&w->i[5], (int)t);                                                            \
    atomicExch##S(&w->q[5], (ull)t << 32);                                                      \
    atomicExch##S(&w->f[1], (float)t);                                                          \
    { unsigned o; do { o = *(volatile unsigned *)&w->u[8]; } while (atomicCAS##S(&w->u[8], o, o + 1) != o); } \
    { int o; do { o = *(volatile int *)&w->i[6]; } while (atomicCAS##S(&w->i[6], o, o - 1) != o); } \
    { ull o; do { o = *(volatile ull *)&w->q[6]; } while (atomicCAS##S(&w->q[6], o, o + (1ull << 40)) != o); } \
    { unsigned short o; do { o = *(volatile unsigned short *)&w->s[0]; }                        \
      while (atomicCAS##S(&w->s[0], o, (unsigned short)(o + 3)) != o); }                        \
    atomicInc##S(&w->u[9], 99u);                                                                \
    atomicDec##S(&w->u[10], 99u);                                                               \
}
SCOPED_KERNEL()
SCOPED_KERNEL(_block)
SCOPED_KERNEL(_system)

/* block scope on shared memory: each block's threads count into a __shared__ word */
__global__ void shared_block(unsigned *out, float *fout) {
    __shared__ unsigned count, wraps;
    __shared__ float total;
    if (threadIdx.x == 0) count = 0, wraps = 0, total = 0;
    __syncthreads();
    atomicAdd_block(&count, 2u);
    atomicInc_block(&wraps, 9u);
    atomicAdd_block(&total, 1.5f);
    __syncthreads();
    if (threadIdx.x == 0) out[blockIdx.x] = count, out[BLOCKS + blockIdx.x] = wraps, fout[blockIdx.x] = total;
}

static void init(words *w) {
    memset(w, 0, sizeof *w);
    w->u[1] = 100000; w->i[1] = 5; w->u[3] = 0xffffffffu; w->q[2] = ~0ull;
    w->i[3] = -0x7fffffff - 1; w->i[4] = 0x7fffffff; w->u[6] = 0xffffffffu; w->q[4] = ~0ull;
    w->l[0] = -0x7fffffffffffffffll - 1; w->l[1] = 0x7fffffffffffffffll; w->f[1] = -1;
}

static void check(const words *w, const unsigned *olds, unsigned n, const char *scope) {
    printf("%s: %u threads per group\n", scope, n);
    unsigned u2 = 0, u3 = 0xffffffffu, u4 = 0, u5 = 0, u6 = 0xffffffffu; int i2 = 0, i3 = -0x7fffffff - 1, i4 = 0x7fffffff;
    ull q1 = 0, q2 = ~0ull, q3 = 0, q4 = ~0ull; ll l0 = -0x7fffffffffffffffll - 1, l1 = 0x7fffffffffffffffll;
    for (unsigned t = 0; t < n; ++t) {
        u2 |= 1u << (t % 32); u3 &= ~(1u << (t % 32)); u4 ^= ukey(t);
        if (t < 100) q1 ^= 1ull << (t % 64);
        i2 |= (int)(1u << (t % 31)); q2 &= ~(1ull << (t % 64));
        if (ikey(t) > i3) i3 = ikey(t);
        if (ikey(t) < i4) i4 = ikey(t);
        if (ukey(t) > u5) u5 = ukey(t);
        if ((ukey(t) | 1u) < u6) u6 = ukey(t) | 1u;
        ull k = ((ull)ukey(t) << 20) | t;
        if (k > q3) q3 = k;
        if (k < q4) q4 = k;
        if (lkey(t) > l0) l0 = lkey(t);
        if (lkey(t) < l1) l1 = lkey(t);
    }
    EXPECT(w->u[0] == n); EXPECT(w->i[0] == -2 * (int)n); EXPECT(w->q[0] == (ull)n << 33);
    EXPECT(w->f[0] == 0.5f * n); EXPECT(w->d[0] == 0.25 * n);
    EXPECT(w->f[2] == 1.0f * n && w->f[3] == 2.0f * n);
    EXPECT(w->f[4] == 0.5f * n && w->f[5] == 1.0f * n && w->f[6] == 1.5f * n && w->f[7] == 2.0f * n);
    EXPECT(w->u[1] == 100000 - 3 * n); EXPECT(w->i[1] == 5 - (int)n);
    EXPECT(w->u[2] == u2); EXPECT(w->u[3] == u3); EXPECT(w->q[1] == q1); EXPECT(w->i[2] == i2);
    EXPECT(w->q[2] == q2); EXPECT(w->u[4] == u4);
    EXPECT(w->i[3] == i3); EXPECT(w->i[4] == i4); EXPECT(w->u[5] == u5); EXPECT(w->u[6] == u6);
    EXPECT(w->q[3] == q3); EXPECT(w->q[4] == q4); EXPECT(w->l[0] == l0); EXPECT(w->l[1] == l1);
    /* atomicExch: the old values and the final one are 0, 1, ..., n, each once */
    static unsigned char seen[BLOCKS * THREADS + 1];
    memset(seen, 0, sizeof seen);
    seen[w->u[7]]++;
    for (unsigned t = 0; t < n; ++t) seen[olds[t]]++;
    int once = 1;
    for (unsigned v = 0; v <= n; ++v) once &= seen[v] == 1;
    EXPECT(once);
    EXPECT(w->i[5] >= 0 && w->i[5] < (int)n); EXPECT((w->q[5] & 0xffffffffu) == 0 && (w->q[5] >> 32) < n);
    EXPECT(w->f[1] >= 0 && w->f[1] < n && w->f[1] == (float)(int)w->f[1]);
    EXPECT(w->u[8] == n); EXPECT(w->i[6] == -(int)n); EXPECT(w->q[6] == (ull)n << 40);
    EXPECT(w->s[0] == (unsigned short)(3 * n));
    EXPECT(w->u[9] == n % 100); EXPECT(w->u[10] == (100 - n % 100) % 100);
}

int main() {
    words *dw, hw[BLOCKS];
    unsigned *dolds, holds[BLOCKS * THREADS];
    cudaMalloc(&dw, sizeof hw);
    cudaMalloc(&dolds, sizeof holds);
    for (int scope = 0; scope < 4; ++scope) {
        int per_block = scope == 1;
        for (int b = 0; b < BLOCKS; ++b) init(&hw[b]);
        cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice);
        if (scope == 0) k<<<BLOCKS, THREADS>>>(dw, dolds, 0);
        if (scope == 1) k_block<<<BLOCKS, THREADS>>>(dw, dolds, 1);
        if (scope == 2) k_system<<<BLOCKS, THREADS>>>(dw, dolds, 0);
        if (scope == 3) k_block<<<1, BLOCKS * THREADS>>>(dw, dolds, 1); /* one big block */
        EXPECT(cudaDeviceSynchronize() == cudaSuccess);
        cudaMemcpy(hw, dw, sizeof hw, cudaMemcpyDeviceToHost);
        cudaMemcpy(holds, dolds, sizeof holds, cudaMemcpyDeviceToHost);
        const char *names[] = {"device", "block", "system", "block (1024 threads)"};
        if (per_block)
            for (int b = 0; b < BLOCKS; ++b) check(&hw[b], holds + b * THREADS, THREADS, names[scope]);
        else
            check(&hw[0], holds, BLOCKS * THREADS, names[scope]);
    }
    unsigned *dout, hout[2 * BLOCKS];
    float *dfout, hfout[BLOCKS];
    cudaMalloc(&dout, sizeof hout);
    cudaMalloc(&dfout, sizeof hfout);
    shared_block<<<BLOCKS, THREADS>>>(dout, dfout);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    cudaMemcpy(hfout, dfout, sizeof hfout, cudaMemcpyDeviceToHost);
    for (int b = 0; b < BLOCKS; ++b) {
        EXPECT(hout[b] == 2 * THREADS);
        EXPECT(hout[BLOCKS + b] == THREADS % 10);
        EXPECT(hfout[b] == 1.5f * THREADS);
    }
    printf("atomics_scoped: %s\n", failures ? "FAILED" : "PASSED");
    return failures != 0;
}
"""


def test_scoped_atomics_on_the_host_platform(tmp_path: Path) -> None:
    source = tmp_path / "atomics_scoped.cu"
    source.write_text(PROGRAM)
    run = run_on_host(source, tmp_path, "atomics_scoped")
    assert run.stdout.count("threads per group") == 1 + 4 + 1 + 1


def test_scoped_atomics_link_for_gfx942(tmp_path: Path) -> None:
    source = tmp_path / "atomics_scoped.cu"
    source.write_text(PROGRAM)
    link_for_gfx942(source, tmp_path, "atomics_scoped")


# --- the sync scopes in AMD device IR ---------------------------------------------------

SCOPE_PROBES = r"""
typedef unsigned long long ull;
#define PROBES(S)                                                                               \
extern "C" __global__ void probe_atomicAdd##S(float *p) { atomicAdd##S(p, 1.0f); }              \
extern "C" __global__ void probe_atomicSub##S(int *p) { atomicSub##S(p, 1); }                   \
extern "C" __global__ void probe_atomicAnd##S(unsigned *p) { atomicAnd##S(p, 1u); }             \
extern "C" __global__ void probe_atomicOr##S(ull *p) { atomicOr##S(p, 1ull); }                  \
extern "C" __global__ void probe_atomicXor##S(int *p) { atomicXor##S(p, 1); }                   \
extern "C" __global__ void probe_atomicMax##S(long long *p) { atomicMax##S(p, 1ll); }           \
extern "C" __global__ void probe_atomicMin##S(unsigned *p) { atomicMin##S(p, 1u); }             \
extern "C" __global__ void probe_atomicExch##S(float *p) { atomicExch##S(p, 1.0f); }            \
extern "C" __global__ void probe_atomicCAS##S(ull *p) { atomicCAS##S(p, 1ull, 2ull); }          \
extern "C" __global__ void probe_atomicInc##S(unsigned *p) { atomicInc##S(p, 7u); }             \
extern "C" __global__ void probe_atomicDec##S(unsigned *p) { atomicDec##S(p, 7u); }
PROBES()
PROBES(_block)
PROBES(_system)
"""


@pytest.fixture(scope="module")
def amdgpu_ir(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """kernel name -> its body in the gfx942 device IR (before device-library linking)."""
    tmp = tmp_path_factory.mktemp("scopes")
    source = tmp / "probes.cu"
    source.write_text(SCOPE_PROBES)
    proc = nvcc("-O1", "-c", "--offload-arch=gfx942", "--keep", "--keep-dir", str(tmp), "-o",
                str(tmp / "probes.o"), str(source))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    module = llvm.parse_bitcode((tmp / "probes.gfx942.bc").read_bytes())
    return {f.name: str(f) for f in module.functions if f.name.startswith("probe_")}


@pytest.mark.parametrize("suffix", list(SCOPES))
@pytest.mark.parametrize("function", FUNCTIONS)
def test_amdgpu_sync_scope(amdgpu_ir: dict[str, str], function: str, suffix: str) -> None:
    body = amdgpu_ir[f"probe_{function}{suffix}"]
    atomics = re.findall(r"^\s*(?:%\S+ = )?(atomicrmw|cmpxchg)\b.*$", body, re.M)
    assert atomics, body
    lines = [line for line in body.splitlines() if re.search(r"\b(atomicrmw|cmpxchg)\b", line)]
    scope = SCOPES[suffix]
    for line in lines:
        found = re.search(r'syncscope\("([^"]*)"\)', line)
        assert (found.group(1) if found else None) == scope, line
        assert " monotonic" in line, line  # relaxed, as CUDA's atomics
        # system scope is for host and peer memory: not marked as never fine-grained
        assert ("amdgpu.no.fine.grained.memory" in line) == (suffix != "_system") or (
            "cmpxchg" in line
        ), line
