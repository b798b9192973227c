"""The CUDA toolkit headers that code includes directly (driver_types.h, vector_functions.h,
cuComplex.h, sm_30_intrinsics.h, ...): cu2amd's own, under runtime_shim/include/.

Each one compiles alone in a .cu file for the host platform and for gfx942; those CUDA allows
in host compilers' files compile in a .cpp (and the C ones in a .c) with the host compiler;
a program per group uses what each declares and checks the values on the host platform (and
compiles, and links where libamdhip64 is installed, for an AMD GPU). cuComplex's arithmetic,
in device and host code, is checked against exact rational arithmetic and Python's complex,
including magnitudes where the textbook quotient and modulus overflow or underflow."""

from __future__ import annotations

import math
import random
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from runtime_programs import link_for_gfx942, nvcc, run_on_host

from cu2amd.runtime_shim.headers import include_dir

# Headers for host code (and device code): CUDA allows them in a host compiler's C++ files.
HOST_HEADERS = [
    "builtin_types.h", "channel_descriptor.h", "crt/host_defines.h", "cuComplex.h",
    "cuda_profiler_api.h", "device_types.h", "driver_functions.h", "driver_types.h", "host_defines.h",
    "library_types.h", "surface_types.h", "texture_types.h", "vector_functions.h",
]  # fmt: skip
# ... and of those, the ones that are C (CUDA's are; cu2amd's runtime API is C++ only).
C_HEADERS = [
    "builtin_types.h", "crt/host_defines.h", "cuComplex.h", "device_types.h", "driver_types.h",
    "host_defines.h", "library_types.h", "surface_types.h", "texture_types.h", "vector_functions.h",
]  # fmt: skip
# Headers for device code: in a host compiler's file they declare nothing, as CUDA's.
DEVICE_HEADERS = [
    "cuda_surface_types.h", "cuda_texture_types.h", "device_atomic_functions.h",
    "device_functions.h", "math_functions.h", "sm_20_atomic_functions.h", "sm_20_intrinsics.h",
    "sm_30_intrinsics.h", "sm_32_atomic_functions.h", "sm_32_intrinsics.h",
    "sm_35_intrinsics.h", "sm_60_atomic_functions.h", "sm_61_intrinsics.h",
    "surface_functions.h", "surface_indirect_functions.h", "texture_fetch_functions.h",
    "texture_indirect_functions.h",
]  # fmt: skip
ALL_HEADERS = HOST_HEADERS + DEVICE_HEADERS


def host_compiler(name: str) -> str:
    cc = shutil.which(name)
    if cc is None:
        pytest.skip(f"no {name}")
    return cc


def own_warnings(stderr: str) -> list[str]:
    """The host compiler's warnings about these headers or the test's own file (those of
    cu2amd's runtime API headers under cu2amd/ are their owners')."""
    lines = [line for line in stderr.splitlines() if "warning:" in line]
    return [line for line in lines if f"{include_dir()}/cu2amd/" not in line]


def test_every_header_is_there() -> None:
    for header in [*ALL_HEADERS, "cuda_device_runtime_api.h"]:
        assert (include_dir() / header).is_file(), header


@pytest.mark.parametrize("header", ALL_HEADERS)
def test_header_compiles_alone_in_a_cuda_file(header: str, tmp_path: Path) -> None:
    """For the host platform and for gfx942 (one compile, both targets)."""
    source = tmp_path / "alone.cu"
    source.write_text(f"#include <{header}>\n__global__ void k(int *p) {{ *p = 1; }}\n")
    proc = nvcc("--offload-arch=host,gfx942", "-c", "-o", str(tmp_path / "alone.o"), str(source))
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("header", ALL_HEADERS)
def test_header_compiles_alone_in_a_cpp_file(header: str, tmp_path: Path) -> None:
    """With the host compiler, without warnings (device headers: nothing declared)."""
    cxx = host_compiler("c++")
    source = tmp_path / "alone.cpp"
    source.write_text(f"#include <{header}>\nint main() {{ return 0; }}\n")
    cmd = [cxx, "-Wall", "-Wextra", "-I", str(include_dir()), "-c", str(source),
           "-o", str(tmp_path / "alone.o")]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert not own_warnings(proc.stderr), proc.stderr


@pytest.mark.parametrize("header", C_HEADERS)
def test_header_compiles_alone_in_a_c_file(header: str, tmp_path: Path) -> None:
    cc = host_compiler("cc")
    source = tmp_path / "alone.c"
    source.write_text(f"#include <{header}>\nint main(void) {{ return 0; }}\n")
    cmd = [cc, "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", str(include_dir()), "-c",
           str(source), "-o", str(tmp_path / "alone.o")]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("header", ["cuda_profiler_api.h", "driver_functions.h"])
def test_runtime_api_headers_say_they_need_cpp_in_c(header: str, tmp_path: Path) -> None:
    cc = host_compiler("cc")
    source = tmp_path / "alone.c"
    source.write_text(f"#include <{header}>\n")
    cmd = [cc, "-I", str(include_dir()), "-c", str(source), "-o", str(tmp_path / "alone.o")]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode != 0
    assert f"cu2amd: {header} needs C++" in proc.stderr
    assert proc.stderr.count("error:") == 1, proc.stderr  # that error alone, nothing after it


def test_device_runtime_header_is_a_compile_error_naming_it(tmp_path: Path) -> None:
    source = tmp_path / "cdp.cu"
    source.write_text("#include <cuda_device_runtime_api.h>\nint main() { return 0; }\n")
    proc = nvcc("--offload-arch=host", "-c", "-o", str(tmp_path / "cdp.o"), str(source))
    assert proc.returncode != 0
    assert (
        "cu2amd does not support the CUDA device runtime (cuda_device_runtime_api.h" in proc.stderr
    )


# ------------------------------------------------------------------------------- types

TYPES_PROGRAM = r"""
#include <driver_types.h>
#include <builtin_types.h>
#include <texture_types.h>
#include <surface_types.h>
#include <vector_functions.h>
#include <host_defines.h>
#include <crt/host_defines.h>
#include <library_types.h>
#include <channel_descriptor.h>
#include <driver_functions.h>
#include <cuda_profiler_api.h>
#include <cuda_texture_types.h>
#include <cuda_surface_types.h>
#include <math_functions.h>
#include <stdio.h>

static int ok = 1;
#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            printf("FAILED: %s (line %d)\n", #c, __LINE__);                                        \
            ok = 0;                                                                                \
        }                                                                                          \
    } while (0)

struct __builtin_align__(16) aligned16 { float v; };
struct __device_builtin__ marked { int v; };
static int CUDARTAPI twice(int x) { return 2 * x; }
static __host__ __device__ __forceinline__ int4 ramp(int a) { return make_int4(a, a + 1, a + 2, a + 3); }

#if defined(__CUDACC__)
__global__ void fill(int4 *v, double2 *d, float *f) {
    *v = ramp(10);
    *d = make_double2(0.5, -1.5);
    *f = sqrtf(2.25f);
}
#endif

static int same(cudaChannelFormatDesc c, int x, int y, int z, int w, cudaChannelFormatKind f) {
    return c.x == x && c.y == y && c.z == z && c.w == w && c.f == f;
}

int main() {
    /* driver_types.h */
    EXPECT(cudaSuccess == 0 && cudaErrorInvalidValue == 1 && cudaErrorMemoryAllocation == 2);
    EXPECT(cudaMemcpyHostToHost == 0 && cudaMemcpyHostToDevice == 1 && cudaMemcpyDeviceToHost == 2);
    EXPECT(cudaMemcpyDeviceToDevice == 3 && cudaMemcpyDefault == 4);
    struct cudaDeviceProp prop;
    EXPECT(sizeof prop.name == 256);
    cudaStream_t stream = 0;
    cudaEvent_t event = 0;
    EXPECT(stream == 0 && event == 0);
    /* texture_types.h, surface_types.h */
    EXPECT(cudaAddressModeWrap == 0 && cudaAddressModeClamp == 1 && cudaAddressModeMirror == 2 &&
           cudaAddressModeBorder == 3);
    EXPECT(cudaFilterModePoint == 0 && cudaFilterModeLinear == 1);
    EXPECT(cudaReadModeElementType == 0 && cudaReadModeNormalizedFloat == 1);
    EXPECT(cudaBoundaryModeZero == 0 && cudaBoundaryModeClamp == 1 && cudaBoundaryModeTrap == 2);
    EXPECT(cudaFormatModeForced == 0 && cudaFormatModeAuto == 1);
    cudaTextureObject_t tex = 0;
    cudaSurfaceObject_t surf = 0;
    EXPECT(sizeof tex == 8 && sizeof surf == 8);
    struct cudaTextureDesc td = {};
    td.addressMode[0] = cudaAddressModeBorder;
    EXPECT(td.filterMode == cudaFilterModePoint && td.normalizedCoords == 0);
    struct cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeLinear;
    EXPECT(rd.resType == 2 && cudaResourceTypeArray == 0 && cudaResourceTypePitch2D == 3);
    /* device_types.h (through builtin_types.h) */
    enum cudaRoundMode rm = cudaRoundMinInf;
    EXPECT(cudaRoundNearest == 0 && cudaRoundZero == 1 && cudaRoundPosInf == 2 && rm == 3);
    /* vector_functions.h */
    float3 f3 = make_float3(1.0f, 2.0f, 3.0f);
    ulonglong2 u2 = make_ulonglong2(1ull << 40, 7);
    char4 c4 = make_char4(-1, 2, -3, 4);
    EXPECT(f3.x == 1.0f && f3.y == 2.0f && f3.z == 3.0f && u2.x == 1ull << 40 && u2.y == 7);
    EXPECT(c4.x == -1 && c4.w == 4 && sizeof(double4) == 32 && alignof(float4) == 16);
    /* host_defines.h */
    EXPECT(alignof(aligned16) == 16 && sizeof(marked) == sizeof(int) && twice(21) == 42);
    int4 r = ramp(5);
    EXPECT(r.x == 5 && r.w == 8);
    /* library_types.h */
    cudaDataType dt = CUDA_R_16F;
    cudaDataType_t dt2 = CUDA_C_64U;
    EXPECT(dt == 2 && dt2 == 27);
    EXPECT(CUDA_R_32F == 0 && CUDA_R_64F == 1 && CUDA_R_8I == 3 && CUDA_C_32F == 4 && CUDA_C_64F == 5);
    EXPECT(CUDA_C_16F == 6 && CUDA_C_8I == 7 && CUDA_R_8U == 8 && CUDA_C_8U == 9 && CUDA_R_32I == 10);
    EXPECT(CUDA_C_32I == 11 && CUDA_R_32U == 12 && CUDA_C_32U == 13 && CUDA_R_16BF == 14);
    EXPECT(CUDA_C_16BF == 15 && CUDA_R_4I == 16 && CUDA_C_4I == 17 && CUDA_R_4U == 18 && CUDA_C_4U == 19);
    EXPECT(CUDA_R_16I == 20 && CUDA_C_16I == 21 && CUDA_R_16U == 22 && CUDA_C_16U == 23);
    EXPECT(CUDA_R_64I == 24 && CUDA_C_64I == 25 && CUDA_R_64U == 26 && CUDA_C_64U == 27);
    EXPECT(CUDA_R_8F_E4M3 == 28 && CUDA_R_8F_E5M2 == 29);
    libraryPropertyType lp = PATCH_LEVEL;
    EXPECT(MAJOR_VERSION == 0 && MINOR_VERSION == 1 && lp == 2);
    /* channel_descriptor.h */
    EXPECT(same(cudaCreateChannelDesc<uchar4>(), 8, 8, 8, 8, cudaChannelFormatKindUnsigned));
    EXPECT(same(cudaCreateChannelDesc<float2>(), 32, 32, 0, 0, cudaChannelFormatKindFloat));
    EXPECT(same(cudaCreateChannelDesc<short>(), 16, 0, 0, 0, cudaChannelFormatKindSigned));
    EXPECT(same(cudaCreateChannelDesc(8, 8, 0, 0, cudaChannelFormatKindSigned), 8, 8, 0, 0,
                cudaChannelFormatKindSigned));
    EXPECT(same(cudaCreateChannelDescHalf(), 16, 0, 0, 0, cudaChannelFormatKindFloat));
    EXPECT(same(cudaCreateChannelDescHalf1(), 16, 0, 0, 0, cudaChannelFormatKindFloat));
    EXPECT(same(cudaCreateChannelDescHalf2(), 16, 16, 0, 0, cudaChannelFormatKindFloat));
    EXPECT(same(cudaCreateChannelDescHalf4(), 16, 16, 16, 16, cudaChannelFormatKindFloat));
    /* driver_functions.h: the constructors, and one use with the runtime */
    cudaExtent e = make_cudaExtent(100, 4, 2);
    cudaPos p = make_cudaPos(1, 2, 3);
    cudaPitchedPtr pp = make_cudaPitchedPtr(&ok, 64, 16, 4);
    EXPECT(e.width == 100 && e.height == 4 && e.depth == 2 && p.x == 1 && p.y == 2 && p.z == 3);
    EXPECT(pp.ptr == &ok && pp.pitch == 64 && pp.xsize == 16 && pp.ysize == 4);
    cudaPitchedPtr dev;
    EXPECT(cudaMalloc3D(&dev, e) == cudaSuccess);
    EXPECT(dev.pitch >= 100 && dev.xsize == 100 && dev.ysize == 4);
    EXPECT(cudaFree(dev.ptr) == cudaSuccess);
    /* cuda_profiler_api.h */
    EXPECT(cudaProfilerStart() == cudaSuccess && cudaProfilerStop() == cudaSuccess);
    /* math_functions.h (host code) */
    EXPECT(fabs(sqrt(2.0) * sqrt(2.0) - 2.0) < 1e-15 && floorf(-1.5f) == -2.0f);
#if defined(__CUDACC__)
    int4 *v;
    double2 *d;
    float *f;
    EXPECT(cudaMallocManaged(&v, sizeof *v) == cudaSuccess);
    EXPECT(cudaMallocManaged(&d, sizeof *d) == cudaSuccess);
    EXPECT(cudaMallocManaged(&f, sizeof *f) == cudaSuccess);
    fill<<<1, 1>>>(v, d, f);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(v->x == 10 && v->y == 11 && v->z == 12 && v->w == 13 && d->x == 0.5 && d->y == -1.5);
    EXPECT(*f == 1.5f);
    cudaFree(v);
    cudaFree(d);
    cudaFree(f);
#endif
    printf(ok ? "cuda_headers_types: PASSED\n" : "cuda_headers_types: FAILED\n");
    return !ok;
}
"""


def test_types_program_as_a_cpp_file_with_the_host_compiler(tmp_path: Path) -> None:
    """The same program (no kernel) built by the host compiler against the host runtime, as
    build systems build the .cpp files of CUDA projects."""
    from cu2amd.runtime_shim.host.build import runtime_library

    cxx = host_compiler("c++")
    source = tmp_path / "types.cpp"
    source.write_text(TYPES_PROGRAM)
    exe = tmp_path / "types"
    lib = runtime_library()
    cmd = [cxx, "-Wall", "-Wextra", "-Wno-missing-field-initializers", "-I", str(include_dir()),
           str(source), "-o", str(exe), str(lib), f"-Wl,-rpath,{lib.parent}"]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert not own_warnings(proc.stderr), proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.returncode == 0 and run.stdout == "cuda_headers_types: PASSED\n", run.stdout


def test_types_program_as_a_cpp_file_through_cu2amd_nvcc(tmp_path: Path) -> None:
    """cu2amd-nvcc gives a .cpp file cu2amd's headers (and the C++ library's), as nvcc gives
    it the toolkit's include directory, and links it with the runtime."""
    source = tmp_path / "types.cpp"
    source.write_text(TYPES_PROGRAM)
    exe = tmp_path / "types"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.returncode == 0 and run.stdout == "cuda_headers_types: PASSED\n", run.stdout


C_PROGRAM = r"""
#include <driver_types.h>
#include <builtin_types.h>
#include <vector_functions.h>
#include <host_defines.h>
#include <library_types.h>
#include <cuComplex.h>
#include <stdio.h>
int main(void) {
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost;
    struct cudaPitchedPtr p;
    cudaTextureObject_t t = 0;
    cudaSurfaceObject_t s = 0;
    float4 v = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
    cudaDataType dt = CUDA_R_16BF;
    cudaDataType_t dt2 = CUDA_R_8F_E4M3;
    libraryPropertyType lp = MINOR_VERSION;
    cuDoubleComplex q = cuCdiv(make_cuDoubleComplex(-5.0, 10.0), make_cuDoubleComplex(3.0, 4.0));
    cuComplex m = cuCmulf(make_cuComplex(1.0f, 2.0f), make_cuComplex(3.0f, -1.0f));
    enum cudaRoundMode rm = cudaRoundPosInf;
    int ok = kind == 2 && rm == 2 && sizeof p == 32 && t == 0 && s == 0 && v.w == 4.0f && dt == 14 && dt2 == 28;
    ok = ok && lp == 1 && cuCreal(q) == 1.0 && cuCimag(q) == 2.0;
    ok = ok && cuCrealf(m) == 5.0f && cuCimagf(m) == 5.0f && cuCabsf(make_cuComplex(3.0f, 4.0f)) == 5.0f;
    printf(ok ? "cuda_headers_c: PASSED\n" : "cuda_headers_c: FAILED\n");
    return !ok;
}
"""


def test_c_headers_in_a_c_program(tmp_path: Path) -> None:
    cc = host_compiler("cc")
    source = tmp_path / "plain.c"
    source.write_text(C_PROGRAM)
    exe = tmp_path / "plain"
    cmd = [cc, "-std=c99", "-Wall", "-Wextra", "-Werror", "-I", str(include_dir()), str(source),
           "-o", str(exe), "-lm"]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.returncode == 0 and run.stdout == "cuda_headers_c: PASSED\n", run.stdout


# ------------------------------------------------------------------------------ device

DEVICE_PROGRAM = r"""
#include <device_functions.h>
#include <device_atomic_functions.h>
#include <sm_20_atomic_functions.h>
#include <sm_32_atomic_functions.h>
#include <sm_60_atomic_functions.h>
#include <sm_20_intrinsics.h>
#include <sm_30_intrinsics.h>
#include <sm_32_intrinsics.h>
#include <sm_35_intrinsics.h>
#include <sm_61_intrinsics.h>
#include <math_functions.h>
#include <stdio.h>

struct Out {
    int add;
    unsigned int inc;
    float fadd;
    double dadd;
    unsigned long long umax;
    long long smin;
    unsigned long long band;
    int block_sum;
    unsigned int cas;
    int count, all, any, global, shared;
    unsigned int ballot, active;
    int shfl_sum;
    unsigned int funnel;
    int dp4a, dp2a;
    float ldg, sine;
    double root;
};

/* 64 threads: two warps */
__global__ void k(Out *o, const float *in) {
    __shared__ int sh;
    int t = threadIdx.x;
    if (t == 0) sh = 0;
    __syncthreads();
    atomicAdd(&o->add, t);                                 /* device_atomic_functions.h */
    atomicInc(&o->inc, 9);
    atomicAdd(&o->fadd, 0.5f);                             /* sm_20_atomic_functions.h */
    atomicMax(&o->umax, (unsigned long long)t << 40);      /* sm_32_atomic_functions.h */
    atomicMin(&o->smin, -(long long)t);
    atomicAnd(&o->band, ~(1ull << t));
    atomicAdd(&o->dadd, 0.25);                             /* sm_60_atomic_functions.h */
    atomicAdd_block(&sh, 1);
    atomicCAS_system(&o->cas, 0u, 7u);
    int count = __syncthreads_count(t & 1);                /* sm_20_intrinsics.h */
    int all = __syncthreads_and(t < 64);
    int any = __syncthreads_or(t == 5);
    unsigned int ballot = __ballot_sync(0xffffffffu, t & 1); /* sm_30_intrinsics.h */
    int v = t;
    for (int offset = 16; offset; offset >>= 1) v += __shfl_xor_sync(0xffffffffu, v, offset);
    unsigned int active = __activemask();
    __syncwarp();
    if (t == 0) {
        o->block_sum = sh;
        o->count = count;
        o->all = all;
        o->any = any;
        o->global = __isGlobal(in);
        o->shared = __isShared(&sh);
        o->ballot = ballot;
        o->active = active;
        o->shfl_sum = v;
        o->funnel = __funnelshift_l(0x89abcdefu, 0x01234567u, 8); /* sm_32/sm_35_intrinsics.h */
        o->ldg = __ldg(in + 1);
        o->dp4a = __dp4a(0x01020304, 0x05060708, 10);       /* sm_61_intrinsics.h */
        o->dp2a = __dp2a_lo(0x00020003, 0x01020304, 1);
        o->sine = sinf(in[0]);                              /* math_functions.h */
        o->root = sqrt((double)in[2]);
    }
}

static int ok = 1;
#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            printf("FAILED: %s (line %d)\n", #c, __LINE__);                                        \
            ok = 0;                                                                                \
        }                                                                                          \
    } while (0)

int main() {
    Out *o;
    float *in;
    EXPECT(cudaMallocManaged(&o, sizeof *o) == cudaSuccess);
    EXPECT(cudaMalloc(&in, 3 * sizeof(float)) == cudaSuccess);
    const float values[3] = {0.0f, 2.5f, 6.25f};
    EXPECT(cudaMemcpy(in, values, sizeof values, cudaMemcpyHostToDevice) == cudaSuccess);
    memset(o, 0, sizeof *o);
    o->smin = 5;
    o->band = ~0ull;
    k<<<1, 64>>>(o, in);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    EXPECT(o->add == 2016 && o->inc == 4 && o->fadd == 32.0f && o->dadd == 16.0);
    EXPECT(o->umax == 63ull << 40 && o->smin == -63 && o->band == 0);
    EXPECT(o->block_sum == 64 && o->cas == 7);
    EXPECT(o->count == 32 && o->all == 1 && o->any == 1 && o->global == 1 && o->shared == 1);
    EXPECT(o->ballot == 0xaaaaaaaau && o->active == 0xffffffffu && o->shfl_sum == 496);
    EXPECT(o->funnel == 0x23456789u && o->ldg == 2.5f && o->dp4a == 80 && o->dp2a == 19);
    EXPECT(o->sine == 0.0f && o->root == 2.5);
    cudaFree(o);
    cudaFree(in);
    printf(ok ? "cuda_headers_device: PASSED\n" : "cuda_headers_device: FAILED\n");
    return !ok;
}
"""


# ----------------------------------------------------------------------------- texture

TEXTURE_PROGRAM = r"""
#include <texture_fetch_functions.h>
#include <texture_indirect_functions.h>
#include <surface_functions.h>
#include <surface_indirect_functions.h>
#include <cuda_texture_types.h>
#include <cuda_surface_types.h>
#include <channel_descriptor.h>
#include <stdio.h>

/* 4x4 threads: each reads its texel (texture_fetch/indirect_functions.h), writes twice it
 * to the surface and reads that back (surface_functions.h), and fetches linear memory. */
__global__ void k(cudaTextureObject_t tex, cudaSurfaceObject_t surf, cudaTextureObject_t lin, float *out,
                  int *fetched) {
    int x = threadIdx.x, y = threadIdx.y;
    float v = tex2D<float>(tex, x + 0.5f, y + 0.5f);
    surf2Dwrite(v * 2.0f, surf, x * (int)sizeof(float), y);
    out[y * 4 + x] = surf2Dread<float>(surf, x * (int)sizeof(float), y) + v;
    fetched[y * 4 + x] = tex1Dfetch<int>(lin, y * 4 + x);
}

static int ok = 1;
#define EXPECT(c)                                                                                  \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            printf("FAILED: %s (line %d)\n", #c, __LINE__);                                        \
            ok = 0;                                                                                \
        }                                                                                          \
    } while (0)

int main() {
    float host[16];
    int ints[16];
    for (int i = 0; i < 16; i++) host[i] = 1.5f * i - 4.0f, ints[i] = 1000 - 7 * i;
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaArray_t a, b;
    EXPECT(cudaMallocArray(&a, &fd, 4, 4) == cudaSuccess);
    EXPECT(cudaMallocArray(&b, &fd, 4, 4, cudaArraySurfaceLoadStore) == cudaSuccess);
    EXPECT(cudaMemcpy2DToArray(a, 0, 0, host, 4 * sizeof(float), 4 * sizeof(float), 4,
                               cudaMemcpyHostToDevice) == cudaSuccess);
    struct cudaResourceDesc rd = {};
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = a;
    struct cudaTextureDesc td = {};
    td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
    td.filterMode = cudaFilterModePoint;
    td.readMode = cudaReadModeElementType;
    cudaTextureObject_t tex, lin;
    EXPECT(cudaCreateTextureObject(&tex, &rd, &td, NULL) == cudaSuccess);
    rd.res.array.array = b;
    cudaSurfaceObject_t surf;
    EXPECT(cudaCreateSurfaceObject(&surf, &rd) == cudaSuccess);
    int *dints;
    EXPECT(cudaMalloc(&dints, sizeof ints) == cudaSuccess);
    EXPECT(cudaMemcpy(dints, ints, sizeof ints, cudaMemcpyHostToDevice) == cudaSuccess);
    struct cudaResourceDesc lr = {};
    lr.resType = cudaResourceTypeLinear;
    lr.res.linear.devPtr = dints;
    lr.res.linear.desc = cudaCreateChannelDesc<int>();
    lr.res.linear.sizeInBytes = sizeof ints;
    EXPECT(cudaCreateTextureObject(&lin, &lr, &td, NULL) == cudaSuccess);
    float *out;
    int *fetched;
    EXPECT(cudaMallocManaged(&out, 16 * sizeof(float)) == cudaSuccess);
    EXPECT(cudaMallocManaged(&fetched, 16 * sizeof(int)) == cudaSuccess);
    k<<<1, dim3(4, 4)>>>(tex, surf, lin, out, fetched);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    float back[16];
    EXPECT(cudaMemcpy2DFromArray(back, 4 * sizeof(float), b, 0, 0, 4 * sizeof(float), 4,
                                 cudaMemcpyDeviceToHost) == cudaSuccess);
    for (int i = 0; i < 16; i++) {
        EXPECT(out[i] == 3.0f * host[i] && back[i] == 2.0f * host[i] && fetched[i] == ints[i]);
    }
    cudaDestroyTextureObject(tex);
    cudaDestroyTextureObject(lin);
    cudaDestroySurfaceObject(surf);
    cudaFreeArray(a);
    cudaFreeArray(b);
    cudaFree(dints);
    cudaFree(out);
    cudaFree(fetched);
    printf(ok ? "cuda_headers_texture: PASSED\n" : "cuda_headers_texture: FAILED\n");
    return !ok;
}
"""


# The self-checking programs above, each printing `cuda_headers_<name>: PASSED`.
PROGRAMS = {"types": TYPES_PROGRAM, "device": DEVICE_PROGRAM, "texture": TEXTURE_PROGRAM}
# ... and the HIP functions their calls must reach once linked for gfx942 (cu2amd's
# cudaMalloc3D is a pitched allocation); the texture program builds for gfx1100 instead.
GFX942_IMPORTS = {
    "types": {"hipMallocManaged", "hipMallocPitch"},
    "device": {"hipMallocManaged", "hipMalloc", "hipMemcpy"},
}


def write_program(name: str, tmp_path: Path) -> Path:
    source = tmp_path / f"{name}.cu"
    source.write_text(PROGRAMS[name])
    return source


@pytest.mark.parametrize("name", PROGRAMS)
def test_program_runs_on_the_host_platform(name: str, tmp_path: Path) -> None:
    run_on_host(write_program(name, tmp_path), tmp_path, f"cuda_headers_{name}")


@pytest.mark.parametrize("name", GFX942_IMPORTS)
def test_program_builds_for_gfx942(name: str, tmp_path: Path) -> None:
    imported = link_for_gfx942(write_program(name, tmp_path), tmp_path, f"cuda_headers_{name}")
    symbols = {line.split()[-1].split("@")[0] for line in imported.splitlines() if line.split()}
    missing = GFX942_IMPORTS[name] - symbols
    assert not missing, (missing, sorted(symbols))


def test_texture_program_compiles_for_gfx1100(tmp_path: Path) -> None:
    """Texture functions need image instructions: gfx1100 has them (gfx942 has none; using
    them there is a compile error, tests/test_runtime_api_texture.py)."""
    source = write_program("texture", tmp_path)
    proc = nvcc("--offload-arch=gfx1100", "-c", "-o", str(tmp_path / "t.o"), str(source))
    assert proc.returncode == 0, proc.stderr


# --------------------------------------------------------------------------- cuComplex

# One source for the CUDA program (device and host) and the C program (host): for each case
# (x, y, z), every function of both precisions, printed exactly (%a).
COMPLEX_CORE = r"""
#include <cuComplex.h>
#include <stdio.h>

#define N @N@
static const double cases[N][6] = {@CASES@};

/* out: 20 doubles per case: add, sub, mul, div, fma (re, im each), abs, conj (re, im),
 * real, imag, through conversions (re, im) */
static __host__ __device__ void compute_double(const double *c, double *out) {
    cuDoubleComplex x = make_cuDoubleComplex(c[0], c[1]), y = make_cuDoubleComplex(c[2], c[3]);
    cuDoubleComplex z = make_cuDoubleComplex(c[4], c[5]);
    cuDoubleComplex r[5] = {cuCadd(x, y), cuCsub(x, y), cuCmul(x, y), cuCdiv(x, y), cuCfma(x, y, z)};
    for (int i = 0; i < 5; i++) out[2 * i] = cuCreal(r[i]), out[2 * i + 1] = cuCimag(r[i]);
    out[10] = cuCabs(x);
    out[11] = cuConj(x).x, out[12] = cuConj(x).y;
    out[13] = cuCreal(x), out[14] = cuCimag(x);
    cuFloatComplex f = cuComplexDoubleToFloat(x);
    cuDoubleComplex d = cuComplexFloatToDouble(f);
    out[15] = d.x, out[16] = d.y;
    out[17] = out[18] = out[19] = 0;
}
static __host__ __device__ void compute_float(const double *c, double *out) {
    cuFloatComplex x = make_cuFloatComplex((float)c[0], (float)c[1]), y = make_cuComplex((float)c[2], (float)c[3]);
    cuComplex z = make_cuComplex((float)c[4], (float)c[5]);
    cuFloatComplex r[5] = {cuCaddf(x, y), cuCsubf(x, y), cuCmulf(x, y), cuCdivf(x, y), cuCfmaf(x, y, z)};
    for (int i = 0; i < 5; i++) out[2 * i] = cuCrealf(r[i]), out[2 * i + 1] = cuCimagf(r[i]);
    out[10] = cuCabsf(x);
    out[11] = cuConjf(x).x, out[12] = cuConjf(x).y;
    out[13] = cuCrealf(x), out[14] = cuCimagf(x);
    out[15] = out[16] = out[17] = out[18] = out[19] = 0;
}

static void print(const char *where, const char *precision, const double *out) {
    for (int i = 0; i < N; i++) {
        printf("%s %s %d", where, precision, i);
        for (int j = 0; j < 20; j++) printf(" %a", out[20 * i + j]);
        printf("\n");
    }
}
"""

COMPLEX_CUDA = (
    COMPLEX_CORE
    + r"""
__global__ void k(const double *c, double *d, double *f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) {
        compute_double(c + 6 * i, d + 20 * i);
        compute_float(c + 6 * i, f + 20 * i);
    }
}

int main() {
    static double host_d[N * 20], host_f[N * 20];
    double *c, *d, *f;
    if (cudaMalloc(&c, sizeof cases) || cudaMallocManaged(&d, sizeof host_d) || cudaMallocManaged(&f, sizeof host_f))
        return 1;
    cudaMemcpy(c, cases, sizeof cases, cudaMemcpyHostToDevice);
    k<<<(N + 31) / 32, 32>>>(c, d, f);
    if (cudaDeviceSynchronize() != cudaSuccess) return 1;
    for (int i = 0; i < N; i++) compute_double(cases[i], host_d + 20 * i), compute_float(cases[i], host_f + 20 * i);
    print("device", "double", d);
    print("device", "float", f);
    print("host", "double", host_d);
    print("host", "float", host_f);
    return 0;
}
"""
)

COMPLEX_C = (
    COMPLEX_CORE
    + r"""
int main(void) {
    static double d[N * 20], f[N * 20];
    for (int i = 0; i < N; i++) compute_double(cases[i], d + 20 * i), compute_float(cases[i], f + 20 * i);
    print("c", "double", d);
    print("c", "float", f);
    return 0;
}
"""
)


def complex_cases() -> list[tuple[complex, complex, complex]]:
    """(x, y, z): ordinary values of several magnitudes, and quotients and moduli whose
    textbook formulas overflow or underflow though the results are representable."""
    rng = random.Random(7)

    def value(scale: float) -> float:
        return rng.uniform(-1.0, 1.0) * scale

    cases = []
    for scale in (1.0, 1e3, 1e-3, 1e6, 1e-6):
        for _ in range(6):
            cases.append(
                (
                    complex(value(scale), value(scale)),
                    complex(value(scale), value(scale)),
                    complex(value(1.0), value(1.0)),
                )
            )
    cases += [
        (3 + 4j, 1 - 2j, 0.5 + 0.25j),
        (11 + 2j, 3 + 4j, 0j),
        (1 + 1j, 1 - 1j, 0j),  # i
        (-2.5 + 0j, 0 + 0.5j, 1 + 1j),
        # float: the textbook quotient's |y|^2 overflows (1e30^2) or underflows (1e-30^2);
        # double: so does the modulus's |x|^2
        (1e30 + 1e30j, 1e30 - 1e30j, 0j),
        (2e30 + 1e30j, 3e30 + 4e30j, 0j),
        (1e-30 + 2e-30j, 3e-30 - 4e-30j, 0j),
        (3e30 + 4e30j, 2e-30 + 1e-30j, 0j),
        (3e-38 + 4e-38j, 1e-38 + 1e-38j, 0j),
        (1e300 + 1e300j, 1e300 - 1e300j, 0j),
        (3e300 + 4e300j, 5e300 + 1e300j, 0j),
        (1e308 + 1e308j, 1e308 + 1e308j, 0j),  # |y| parts sum past the largest double
        (1e-300 + 2e-300j, 3e-300 - 4e-300j, 0j),
        (3e-300 + 4e-300j, 3e-310 + 4e-310j, 0j),  # subnormal divisor
        (3e-310 + 4e-310j, 1e-310 + 2e-310j, 0j),
        (1e200 + 1e-200j, 1e-200 + 1e200j, 0j),
    ]
    return cases


def exact_div(x: complex, y: complex) -> tuple[Fraction, Fraction]:
    a, b, c, d = (Fraction(v) for v in (x.real, x.imag, y.real, y.imag))
    den = c * c + d * d
    return (a * c + b * d) / den, (b * c - a * d) / den


def f32(v: float) -> float:
    """v rounded to float (infinite past float's range)."""
    with np.errstate(over="ignore"):
        return float(np.float32(v))


def close(got: tuple[float, float], want: tuple[Fraction, Fraction], eps: float) -> bool:
    """Normwise: |got - want| <= 4 eps |want|, or within two of the precision's smallest
    subnormals (where the exact result is below what the precision holds)."""
    if not all(math.isfinite(g) for g in got):
        return False
    err = math.hypot(float(Fraction(got[0]) - want[0]), float(Fraction(got[1]) - want[1]))
    size = math.hypot(float(want[0]), float(want[1]))
    tiny = 2.0**-148 if eps > 2.0**-30 else 2.0**-1073
    return err <= 4 * eps * size + tiny


def check_complex_output(stdout: str, where: str, cases: list) -> None:
    rows: dict[tuple[str, int], list[float]] = {}
    for line in stdout.splitlines():
        w, precision, i, *values = line.split()
        if w == where:
            rows[(precision, int(i))] = [float.fromhex(v) for v in values]
    assert len(rows) == 2 * len(cases), stdout[:2000]
    failures = []
    for i, (x, y, z) in enumerate(cases):
        for precision, eps, rnd in (("double", 2.0**-53, float), ("float", 2.0**-24, f32)):
            out = rows[(precision, i)]
            if precision == "float":
                x, y, z = (complex(f32(v.real), f32(v.imag)) for v in (x, y, z))
                if any(
                    abs(p) > 3.4e38 or (p != 0 and abs(p) < 1.2e-38)
                    for v in (x, y)
                    for p in (v.real, v.imag)
                ):
                    continue  # not a float case (outside float's normal range)
            fx, fy, fz = ((Fraction(v.real), Fraction(v.imag)) for v in (x, y, z))
            wants = {
                "add": (fx[0] + fy[0], fx[1] + fy[1]),
                "sub": (fx[0] - fy[0], fx[1] - fy[1]),
                "mul": (fx[0] * fy[0] - fx[1] * fy[1], fx[0] * fy[1] + fx[1] * fy[0]),
                "div": exact_div(x, y) if y else None,
                "fma": (
                    fx[0] * fy[0] - fx[1] * fy[1] + fz[0],
                    fx[0] * fy[1] + fx[1] * fy[0] + fz[1],
                ),
            }
            limit = 3.4e38 if precision == "float" else 1.7e308
            for k, (op, want) in enumerate(wants.items()):
                got = (out[2 * k], out[2 * k + 1])
                if want is None:
                    continue  # a zero divisor (a double case's parts below float's range)
                if any(abs(w) > limit for w in want):
                    continue  # the exact result overflows: nothing to compare
                # cuCmul/cuCfma are the textbook formulas (as CUDA's): their products may
                # overflow though the result would not; no such case is compared
                if op in ("mul", "fma") and any(
                    abs(p) > math.sqrt(limit) for v in (x, y) for p in (v.real, v.imag)
                ):
                    continue
                if not close(got, want, eps):
                    failures.append((precision, i, op, x, y, got, [float(w) for w in want]))
            # the modulus, against hypot of the exact parts
            want_abs = Fraction(math.hypot(x.real, x.imag))
            if not close((out[10], 0.0), (want_abs, Fraction(0)), eps):
                failures.append((precision, i, "abs", x, out[10], float(want_abs)))
            expect = [x.real, -x.imag, x.real, x.imag]
            if out[11:15] != expect:
                failures.append((precision, i, "conj/real/imag", x, out[11:15]))
            if precision == "double" and out[15:17] != [rnd(f32(x.real)), rnd(f32(x.imag))]:
                failures.append((precision, i, "conversions", x, out[15:17]))
            # Python's complex agrees where its own quotient is exact enough (not extreme)
            if precision == "double" and all(
                1e-150 < abs(p) < 1e150 for v in (x, y) for p in (v.real, v.imag) if p
            ):
                py = x / y
                if not close((out[6], out[7]), (Fraction(py.real), Fraction(py.imag)), 2 * eps):
                    failures.append(("python", i, "div", x, y, out[6:8], py))
                pm = x * y
                if not close((out[4], out[5]), (Fraction(pm.real), Fraction(pm.imag)), 2 * eps):
                    failures.append(("python", i, "mul", x, y, out[4:6], pm))
                if abs(out[10] - abs(x)) > 2 * eps * abs(x):
                    failures.append(("python", i, "abs", x, out[10], abs(x)))
    assert not failures, failures[:10]


def complex_sources(tmp_path: Path) -> tuple[list, str, str]:
    cases = complex_cases()
    literal = ",".join(
        "{" + ",".join(v.hex() for v in (x.real, x.imag, y.real, y.imag, z.real, z.imag)) + "}"
        for x, y, z in cases
    )
    fill = {"@N@": str(len(cases)), "@CASES@": literal}
    cuda, c = COMPLEX_CUDA, COMPLEX_C
    for key, value in fill.items():
        cuda, c = cuda.replace(key, value), c.replace(key, value)
    return cases, cuda, c


def test_cucomplex_arithmetic_on_the_host_platform(tmp_path: Path) -> None:
    """Device code (the host platform's kernels) and host code of a CUDA file."""
    cases, cuda, _ = complex_sources(tmp_path)
    source = tmp_path / "complex.cu"
    source.write_text(cuda)
    exe = tmp_path / "complex"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    check_complex_output(run.stdout, "device", cases)
    check_complex_output(run.stdout, "host", cases)


def test_cucomplex_arithmetic_in_a_c_program(tmp_path: Path) -> None:
    """The host compiler's C (the same functions, compiled by GCC or the system's cc)."""
    cc = host_compiler("cc")
    cases, _, c = complex_sources(tmp_path)
    source = tmp_path / "complex.c"
    source.write_text(c)
    exe = tmp_path / "complex_c"
    cmd = [cc, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-I", str(include_dir()),
           str(source), "-o", str(exe), "-lm"]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    check_complex_output(run.stdout, "c", cases)


def test_cucomplex_program_builds_for_gfx942(tmp_path: Path) -> None:
    _, cuda, _ = complex_sources(tmp_path)
    source = tmp_path / "complex.cu"
    source.write_text(cuda)
    link_for_gfx942(source, tmp_path, "cuda_headers_complex")


def test_textbook_formulas_fail_on_the_extreme_cases() -> None:
    """The extreme cases are ones where a naive quotient or modulus goes wrong (so the
    tests above show the scaled forms at work)."""

    def naive_div(x: complex, y: complex) -> complex:
        den = y.real * y.real + y.imag * y.imag
        if den == 0 or not math.isfinite(den):
            return complex(math.nan, math.nan)
        return complex(
            (x.real * y.real + x.imag * y.imag) / den, (x.imag * y.real - x.real * y.imag) / den
        )

    bad = [(x, y) for x, y, _ in complex_cases()
           if not close((naive_div(x, y).real, naive_div(x, y).imag), exact_div(x, y), 2.0**-53)]  # fmt: skip
    assert len(bad) >= 6, bad


def test_cucomplex_special_values(tmp_path: Path) -> None:
    """Finite / infinite is zero, infinite / finite infinite, x / 0 not finite; the modulus
    of a part that is infinite is infinity, of a NaN NaN (as C's hypot)."""
    source = tmp_path / "special.cu"
    source.write_text(
        r"""
#include <cuComplex.h>
#include <math.h>
#include <stdio.h>
__global__ void k(double *o) {
    const double inf = __builtin_huge_val(), nan = __builtin_nan("");
    cuDoubleComplex a = cuCdiv(make_cuDoubleComplex(3, -4), make_cuDoubleComplex(inf, 1));
    cuDoubleComplex b = cuCdiv(make_cuDoubleComplex(inf, 0), make_cuDoubleComplex(2, 0));
    cuDoubleComplex c = cuCdiv(make_cuDoubleComplex(1, 1), make_cuDoubleComplex(0, 0));
    cuFloatComplex d = cuCdivf(make_cuComplex(3, -4), make_cuComplex(1, -__builtin_huge_valf()));
    o[0] = a.x, o[1] = a.y, o[2] = b.x, o[3] = c.x, o[4] = d.x, o[5] = d.y;
    o[6] = cuCabs(make_cuDoubleComplex(nan, inf)), o[7] = cuCabs(make_cuDoubleComplex(nan, 1));
    o[8] = cuCabsf(make_cuComplex(0, 0)), o[9] = cuCabs(make_cuDoubleComplex(-0.0, -5.0));
}
int main() {
    double *o;
    cudaMallocManaged(&o, 10 * sizeof(double));
    k<<<1, 1>>>(o);
    cudaDeviceSynchronize();
    int ok = o[0] == 0 && o[1] == 0 && isinf(o[2]) && o[2] > 0 && !isfinite(o[3]) && o[4] == 0 && o[5] == 0;
    ok = ok && isinf(o[6]) && isnan(o[7]) && o[8] == 0 && o[9] == 5.0;
    printf(ok ? "special: PASSED\n" : "special: FAILED\n");
    return !ok;
}
"""
    )
    run_on_host(source, tmp_path, "special")
