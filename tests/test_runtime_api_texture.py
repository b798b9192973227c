"""CUDA arrays, texture objects and surface objects (cu2amd/runtime_texture.h,
cu2amd/texture_device.h). A program samples textures of each address mode, filter mode,
coordinate mode and read mode on the host platform; its results are checked against a numpy
model of CUDA's texture fetching rules (Programming Guide, "Texture Fetching"). It also copies
to and from arrays, writes and reads surfaces, and checks the API's errors. For AMD GPUs the
program compiles for gfx1100 (its code object samples with image instructions); gfx942 has
none, and using a texture function there is a compile error naming it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import numpy as np
import pytest
from runtime_programs import nvcc, run_on_host

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cudaArrayGetInfo", "cudaCreateChannelDesc", "cudaCreateSurfaceObject",
    "cudaDeviceGetTexture1DLinearMaxWidth",
    "cudaCreateTextureObject", "cudaDestroySurfaceObject", "cudaDestroyTextureObject",
    "cudaFreeArray", "cudaGetChannelDesc", "cudaGetSurfaceObjectResourceDesc",
    "cudaGetTextureObjectResourceDesc",
    "cudaGetTextureObjectResourceViewDesc", "cudaGetTextureObjectTextureDesc",
    "cudaMalloc3DArray", "cudaMallocArray", "cudaMemcpy2DArrayToArray", "cudaMemcpy2DFromArray",
    "cudaMemcpy2DFromArrayAsync", "cudaMemcpy2DToArray", "cudaMemcpy2DToArrayAsync",
    "cudaMemcpyArrayToArray", "cudaMemcpyFromArray", "cudaMemcpyFromArrayAsync", "cudaMemcpyToArray",
    "cudaMemcpyToArrayAsync",
}  # fmt: skip

W, H, D, LAYERS = 5, 4, 3, 2
WRAP, CLAMP, MIRROR, BORDER = 0, 1, 2, 3
BORDER_COLOR = (0.25, -0.5, 0.75, 1.0)

# Coordinates (unnormalized; normalized runs divide by the size), inside, on texel centres,
# on edges, and outside on both sides.
XS = [-2.3, -0.75, -0.5, 0.0, 0.1, 0.5, 0.52, 1.0, 1.37, 2.5, 3.99, 4.5, 4.75, 5.0, 5.6, 7.3, 11.2]
YS = [-1.2, 0.0, 0.3, 0.5, 1.25, 2.75, 3.5, 3.9, 4.4, 6.1]
COORDS2 = [(x, y) for x in XS for y in YS]
COORDS3 = [(x, y, z) for x in XS[::2] for y in YS[::3] for z in (-0.4, 0.5, 1.3, 2.8, 3.6)]


def texels_u8() -> np.ndarray:
    """The 2D uchar4 texture: [row][column][channel]."""
    j, i, c = np.meshgrid(np.arange(H), np.arange(W), np.arange(4), indexing="ij")
    return ((i * 37 + j * 91 + c * 53 + 13) % 256).astype(np.uint8)


def texels_f32_3d() -> np.ndarray:
    k, j, i = np.meshgrid(np.arange(D), np.arange(H), np.arange(W), indexing="ij")
    return (np.sin(i * 1.3 + j * 0.7 + k * 2.1) * 10).astype(np.float32)


def texels_s16() -> np.ndarray:
    """2D short2 texture, with the extremes (-32768 reads as -1, as CUDA clamps)."""
    j, i, c = np.meshgrid(np.arange(H), np.arange(W), np.arange(2), indexing="ij")
    v = ((i * 9001 + j * 7919 + c * 31337) % 65536) - 32768
    v[0, 0, 0], v[0, 1, 0], v[0, 2, 0] = -32768, 32767, 0
    return v.astype(np.int16)


def texels_layered() -> np.ndarray:
    layer, j, i = np.meshgrid(np.arange(LAYERS), np.arange(H), np.arange(W), indexing="ij")
    return (layer * 100 + j * 10 + i).astype(np.float32)


CUBE, CUBE_LAYERS = 4, 2
# Directions: each axis major, both signs, off-centre, near the face edges.
DIRECTIONS = [
    (1.0, 0.2, 0.3), (-1.0, 0.5, -0.7), (0.3, 1.0, -0.2), (0.6, -1.0, 0.9), (0.1, 0.2, 1.0),
    (-0.4, 0.35, -1.0), (2.0, -1.9, 0.1), (0.05, -0.3, -4.0), (0.99, 0.2, -1.0), (-0.5, 3.0, 2.9),
]  # fmt: skip


def texels_cube() -> np.ndarray:
    """[layer * 6 + face][row][column] floats."""
    f, j, i = np.meshgrid(
        np.arange(6 * CUBE_LAYERS), np.arange(CUBE), np.arange(CUBE), indexing="ij"
    )
    return (f * 100 + j * 10 + i).astype(np.float32)


def cube_face(x: float, y: float, z: float) -> tuple[int, np.float32, np.float32]:
    """CUDA's cubemap face and in-face normalized coordinates of a direction."""
    x, y, z = np.float32(x), np.float32(y), np.float32(z)
    ax, ay, az = abs(x), abs(y), abs(z)
    if ax >= ay and ax >= az:
        face, m, s, t = (0 if x >= 0 else 1), ax, (-z if x >= 0 else z), -y
    elif ay >= az:
        face, m, s, t = (2 if y >= 0 else 3), ay, x, (z if y >= 0 else -z)
    else:
        face, m, s, t = (4 if z >= 0 else 5), az, (x if z >= 0 else -x), -y
    half = np.float32(0.5)
    return face, (s / m + np.float32(1)) * half, (t / m + np.float32(1)) * half


def c_array(name: str, ctype: str, values: np.ndarray) -> str:
    flat = ", ".join(repr(float(v)) + ("f" if ctype == "float" else "") if ctype == "float"
                     else str(int(v)) for v in values.ravel())  # fmt: skip
    return f"static const {ctype} {name}[] = {{{flat}}};\n"


# ----------------------------------------------------------------------------- the model


def address(i: int, n: int, mode: int, normalized: bool) -> int | None:
    """Texel index under an address mode (None: the border colour)."""
    if not normalized and mode in (WRAP, MIRROR):
        mode = CLAMP  # wrap and mirror need normalized coordinates
    if mode == WRAP:
        return i % n
    if mode == MIRROR:
        m = i % (2 * n)
        return m if m < n else 2 * n - 1 - m
    if mode == BORDER:
        return i if 0 <= i < n else None
    return min(max(i, 0), n - 1)


def sample(texels: np.ndarray, coords: tuple[float, ...], modes: tuple[int, ...], linear: bool,
           normalized: bool, border: np.ndarray) -> np.ndarray:  # fmt: skip
    """CUDA's tex1D/2D/3D of `texels` ([z][y][x][channel] floats, as read) at `coords`
    (already normalized when `normalized`), in float32 arithmetic."""
    dims = len(coords)
    sizes = texels.shape[:dims][::-1]  # x first
    f32 = np.float32
    base, frac = [], []
    for d in range(dims):
        u = f32(coords[d]) * f32(sizes[d]) if normalized else f32(coords[d])
        if linear:
            b = f32(u - f32(0.5))
            fl = np.floor(b)
            base.append(int(fl))
            frac.append(f32(np.rint(f32((b - fl) * f32(256))) / f32(256)))
        else:
            base.append(int(np.floor(u)))
            frac.append(f32(0))
    total = np.zeros(texels.shape[-1], dtype=np.float32)
    for corner in range(1 << dims if linear else 1):
        weight = f32(1)
        index = []
        for d in range(dims):
            bit = (corner >> d) & 1
            if linear:
                weight = f32(weight * (frac[d] if bit else f32(1) - frac[d]))
            index.append(address(base[d] + bit, sizes[d], modes[d], normalized))
        value = border if any(i is None for i in index) else texels[tuple(index[::-1])]
        if not linear:
            return value.astype(np.float32)
        total = (total + weight * value.astype(np.float32)).astype(np.float32)
    return total


# ----------------------------------------------------------------------------- the program

CONFIGS_2D = [  # (address mode, linear, normalized coordinates), on the uchar4 texture
    (mode, linear, normalized)
    for mode in (WRAP, CLAMP, MIRROR, BORDER)
    for linear in (False, True)
    for normalized in (False, True)
]


def program() -> str:
    u8, f3, s16, lay = texels_u8(), texels_f32_3d(), texels_s16(), texels_layered()
    coords2 = np.array(COORDS2, dtype=np.float32)
    coords3 = np.array(COORDS3, dtype=np.float32)
    border = ", ".join(f"{b}f" for b in BORDER_COLOR)
    configs = ", ".join(f"{{{m}, {int(lin)}, {int(n)}}}" for m, lin, n in CONFIGS_2D)
    return (
        c_array("U8", "unsigned char", u8)
        + c_array("F3", "float", f3)
        + c_array("S16", "short", s16)
        + c_array("LAY", "float", lay)
        + c_array("C2", "float", coords2)
        + c_array("C3", "float", coords3)
        + c_array("CUBE_TEXELS", "float", texels_cube())
        + c_array("DIRS", "float", np.array(DIRECTIONS, dtype=np.float32))
        + f"#define CUBE {CUBE}\n#define CUBE_LAYERS {CUBE_LAYERS}\n#define NDIRS {len(DIRECTIONS)}\n"
        + f"#define W {W}\n#define H {H}\n#define D {D}\n#define LAYERS {LAYERS}\n"
        + f"#define N2 {len(COORDS2)}\n#define N3 {len(COORDS3)}\n"
        + f"static const int CONFIGS[][3] = {{{configs}}};\n#define NCONFIGS {len(CONFIGS_2D)}\n"
        + f"static const float BORDER_COLOR[4] = {{{border}}};\n"
        + PROLOGUE
        + MAIN
    )


PROLOGUE = r"""
#include <cstdio>
#include <cstring>
#include <initializer_list>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

__global__ void sample2d(cudaTextureObject_t t, const float *c, float4 *out, int n, float scale_x, float scale_y) {
    for (int k = threadIdx.x; k < n; k += blockDim.x) out[k] = tex2D<float4>(t, c[2 * k] * scale_x, c[2 * k + 1] * scale_y);
}
__global__ void sample2d_u8(cudaTextureObject_t t, const float *c, uchar4 *out, int n) {
    for (int k = threadIdx.x; k < n; k += blockDim.x) out[k] = tex2D<uchar4>(t, c[2 * k], c[2 * k + 1]);
}
__global__ void sample2d_s16(cudaTextureObject_t t, const float *c, float2 *out, int n) {
    for (int k = threadIdx.x; k < n; k += blockDim.x) out[k] = tex2D<float2>(t, c[2 * k], c[2 * k + 1]);
}
__global__ void sample3d(cudaTextureObject_t t, const float *c, float *out, int n) {
    for (int k = threadIdx.x; k < n; k += blockDim.x) {
        out[k] = tex3D<float>(t, c[3 * k], c[3 * k + 1], c[3 * k + 2]);
        float lod = tex3DLod<float>(t, c[3 * k], c[3 * k + 1], c[3 * k + 2], 0.0f);
        if (lod != out[k]) out[k] = -12345.0f;
    }
}
__global__ void sample_layered(cudaTextureObject_t t, const float *c, float *out, int n) {
    for (int k = threadIdx.x; k < n; k += blockDim.x)
        for (int layer = 0; layer < LAYERS; layer++) {
            float x = c[2 * k], y = c[2 * k + 1], v = tex2DLayered<float>(t, x, y, layer);
            /* without mipmaps, the Lod and Grad forms sample the one level */
            if (tex2DLayeredLod<float>(t, x, y, layer, 2.0f) != v ||
                tex2DLayeredGrad<float>(t, x, y, layer, make_float2(4, 0), make_float2(0, 4)) != v)
                v = -12345.0f;
            out[k * LAYERS + layer] = v;
        }
}
__global__ void fetch1d(cudaTextureObject_t t, float *out, int n) {
    int k = threadIdx.x;
    if (k < n) { float v; tex1Dfetch(&v, t, k - 2); out[k] = v; }
}
__global__ void gather(cudaTextureObject_t t, float4 *out) {
    out[0] = tex2Dgather<float4>(t, 1.0f, 1.0f, 0);
    out[1] = tex2Dgather<float4>(t, 2.5f, 3.2f, 2);
}
__global__ void surface_rw(cudaSurfaceObject_t s, int *zero_read) {
    int x = threadIdx.x, y = threadIdx.y;
    float2 v = make_float2(x * 10.0f + y, -(float)x);
    surf2Dwrite(v, s, x * (int)sizeof(float2), y);
    __syncthreads();
    float2 back = surf2Dread<float2>(s, x * (int)sizeof(float2), y);
    if (back.x != v.x || back.y != v.y) atomicAdd(zero_read, 1000);
    /* out of range: cudaBoundaryModeZero drops the write and reads 0; clamp reads the edge */
    surf2Dwrite(make_float2(-1, -1), s, (W + 1) * (int)sizeof(float2), y, cudaBoundaryModeZero);
    float2 z = surf2Dread<float2>(s, -8, y, cudaBoundaryModeZero);
    if (z.x != 0 || z.y != 0) atomicAdd(zero_read, 1);
    float2 c = surf2Dread<float2>(s, 100 * (int)sizeof(float2), y, cudaBoundaryModeClamp);
    if (c.x != (W - 1) * 10.0f + y) atomicAdd(zero_read, 1);
}
__global__ void surface_layered(cudaSurfaceObject_t s) {
    int x = threadIdx.x, layer = threadIdx.y;
    surf1DLayeredwrite(x + 100 * layer, s, x * (int)sizeof(int), layer);
}

/* The other forms agree with the ones the model checks: Lod and Grad sample the only level. */
__global__ void variants(cudaTextureObject_t t2, cudaTextureObject_t t1, const float *c, int n, int *bad) {
    for (int k = threadIdx.x; k < n; k += blockDim.x) {
        float x = c[2 * k], y = c[2 * k + 1];
        float4 v = tex2D<float4>(t2, x, y);
        float4 l = tex2DLod<float4>(t2, x, y, 1.5f), g = tex2DGrad<float4>(t2, x, y, make_float2(1, 0), make_float2(0, 1));
        if (l.x != v.x || l.w != v.w || g.y != v.y || g.z != v.z) atomicAdd(bad, 1);
        float a = tex1D<float>(t1, x), b = tex1DLod<float>(t1, x, 0.0f), d = tex1DGrad<float>(t1, x, 0.5f, 0.5f);
        if (a != b || a != d) atomicAdd(bad, 1);
    }
}
__global__ void sample1d(cudaTextureObject_t t, const float *c, float *out, int n) {
    for (int k = threadIdx.x; k < n; k += blockDim.x) out[k] = tex1D<float>(t, c[2 * k]);
}
/* Round trips through the other surface forms (x in bytes). */
__global__ void surfaces(cudaSurfaceObject_t s1, cudaSurfaceObject_t s3, cudaSurfaceObject_t s2l, int *bad) {
    int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
    if (y == 0 && z == 0) surf1Dwrite(x * 3 + 1, s1, x * 4);
    surf3Dwrite(make_short2(x, y * 16 + z), s3, x * 4, y, z);
    if (z < 2) surf2DLayeredwrite((unsigned char)(x + y * 8 + z * 64), s2l, x, y, z);
    __syncthreads();
    if (y == 0 && z == 0) { int v; surf1Dread(&v, s1, x * 4); if (v != x * 3 + 1) atomicAdd(bad, 1); }
    short2 s = surf3Dread<short2>(s3, x * 4, y, z);
    if (s.x != x || s.y != y * 16 + z) atomicAdd(bad, 1);
    if (z < 2 && surf2DLayeredread<unsigned char>(s2l, x, y, z) != (unsigned char)(x + y * 8 + z * 64)) atomicAdd(bad, 1);
}
__global__ void layered1d(cudaTextureObject_t t, int *out) {
    float x = threadIdx.x + 0.5f;
    int v = tex1DLayered<int>(t, x, threadIdx.y);
    if (tex1DLayeredLod<int>(t, x, threadIdx.y, 1.0f) != v || tex1DLayeredGrad<int>(t, x, threadIdx.y, 2.0f, 2.0f) != v)
        v = -12345;
    out[threadIdx.y * 8 + threadIdx.x] = v;
}

__global__ void sample_cube(cudaTextureObject_t t, cudaTextureObject_t tl, const float *d, float *out, int n) {
    int k = threadIdx.x;
    if (k >= n) return;
    float x = d[3 * k], y = d[3 * k + 1], z = d[3 * k + 2];
    out[3 * k] = texCubemap<float>(t, x, y, z);
    out[3 * k + 1] = texCubemapLayered<float>(tl, x, y, z, 1);
    out[3 * k + 2] = texCubemapLod<float>(t, x, y, z, 0.0f) == out[3 * k] &&
                     texCubemapLayeredLod<float>(tl, x, y, z, 1, 0.0f) == out[3 * k + 1];
}
__global__ void cube_surface(cudaSurfaceObject_t s, cudaSurfaceObject_t sl, int *bad) {
    int x = threadIdx.x, y = threadIdx.y, f = threadIdx.z;
    surfCubemapwrite(x + 10 * y + 100 * f, s, x * 4, y, f);
    surfCubemapLayeredwrite(-(x + 10 * y + 100 * f), sl, x * 4, y, 6 + f);
    __syncthreads();
    if (surfCubemapread<int>(s, x * 4, y, f) != x + 10 * y + 100 * f) atomicAdd(bad, 1);
    if (surfCubemapLayeredread<int>(sl, x * 4, y, 6 + f) != -(x + 10 * y + 100 * f)) atomicAdd(bad, 1);
}

static cudaTextureObject_t make_texture(cudaArray_t a, int mode, int linear, int normalized, int read_mode) {
    cudaResourceDesc res;
    memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = a;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = (cudaTextureAddressMode)mode;
    td.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
    td.readMode = (cudaTextureReadMode)read_mode;
    td.normalizedCoords = normalized;
    for (int c = 0; c < 4; c++) td.borderColor[c] = BORDER_COLOR[c];
    cudaTextureObject_t t = 0;
    OK(cudaCreateTextureObject(&t, &res, &td, nullptr));
    return t;
}
"""

MAIN = r"""
int main() {
    cudaDeviceProp prop;
    OK(cudaGetDeviceProperties(&prop, 0));
    EXPECT(prop.maxTexture1D >= W && prop.maxTexture2D[0] >= W && prop.maxTexture2D[1] >= H &&
           prop.maxTexture3D[2] >= D && prop.maxTexture1DLinear >= 6);
    {
        size_t width = 0;
        cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>();
        OK(cudaDeviceGetTexture1DLinearMaxWidth(&width, &f4, 0));
        EXPECT(width == (size_t)prop.maxTexture1DLinear);
        CALL(cudaDeviceGetTexture1DLinearMaxWidth(&width, &f4, 7), cudaErrorInvalidDevice);
        CALL(cudaGetLastError(), cudaErrorInvalidDevice); /* the failure is the last error, as in CUDA */
    }
    float *c2, *c3;
    OK(cudaMalloc(&c2, sizeof C2));
    OK(cudaMalloc(&c3, sizeof C3));
    OK(cudaMemcpy(c2, C2, sizeof C2, cudaMemcpyHostToDevice));
    OK(cudaMemcpy(c3, C3, sizeof C3, cudaMemcpyHostToDevice));

    /* A 2D uchar4 array, filled row by row through cudaMemcpy2DToArray from a padded host copy. */
    cudaChannelFormatDesc d8 = cudaCreateChannelDesc<uchar4>();
    EXPECT(d8.x == 8 && d8.y == 8 && d8.z == 8 && d8.w == 8 && d8.f == cudaChannelFormatKindUnsigned);
    cudaChannelFormatDesc df = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
    cudaChannelFormatDesc df_t = cudaCreateChannelDesc<float>();
    EXPECT(memcmp(&df, &df_t, sizeof df) == 0);
    cudaChannelFormatDesc ds2 = cudaCreateChannelDesc<short2>();
    EXPECT(ds2.x == 16 && ds2.y == 16 && ds2.z == 0 && ds2.f == cudaChannelFormatKindSigned);
    cudaArray_t a8;
    OK(cudaMallocArray(&a8, &d8, W, H));
    static unsigned char padded[H][W * 4 + 12];
    for (int j = 0; j < H; j++) memcpy(padded[j], U8 + j * W * 4, W * 4);
    OK(cudaMemcpy2DToArray(a8, 0, 0, padded, sizeof padded[0], W * 4, H, cudaMemcpyHostToDevice));
    cudaChannelFormatDesc got;
    cudaExtent extent;
    unsigned flags = 99;
    OK(cudaGetChannelDesc(&got, a8));
    EXPECT(memcmp(&got, &d8, sizeof got) == 0);
    OK(cudaArrayGetInfo(&got, &extent, &flags, a8));
    EXPECT(extent.width == W && extent.height == H && extent.depth == 0 && flags == 0);

    float4 *out4;
    OK(cudaMalloc(&out4, N2 * sizeof(float4)));
    static float4 host4[N2];
    for (int k = 0; k < NCONFIGS; k++) {
        cudaTextureObject_t t = make_texture(a8, CONFIGS[k][0], CONFIGS[k][1], CONFIGS[k][2], cudaReadModeNormalizedFloat);
        float sx = CONFIGS[k][2] ? 1.0f / W : 1.0f, sy = CONFIGS[k][2] ? 1.0f / H : 1.0f;
        sample2d<<<1, 64>>>(t, c2, out4, N2, sx, sy);
        OK(cudaGetLastError());
        OK(cudaMemcpy(host4, out4, sizeof host4, cudaMemcpyDeviceToHost));
        for (int i = 0; i < N2; i++)
            printf("u8n %d %d %a %a %a %a\n", k, i, host4[i].x, host4[i].y, host4[i].z, host4[i].w);
        OK(cudaDestroyTextureObject(t));
    }
    /* Element-type reads of the same array: the bytes themselves (point sampling). */
    {
        cudaTextureObject_t t = make_texture(a8, cudaAddressModeClamp, 0, 0, cudaReadModeElementType);
        uchar4 *o;
        static uchar4 h[N2];
        OK(cudaMalloc(&o, sizeof h));
        sample2d_u8<<<1, 64>>>(t, c2, o, N2);
        OK(cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost));
        for (int i = 0; i < N2; i++) printf("u8e %d %d %d %d %d\n", i, h[i].x, h[i].y, h[i].z, h[i].w);
        /* what the texture was made of */
        cudaResourceDesc r;
        cudaTextureDesc td;
        cudaResourceViewDesc view;
        memset(&r, 0x55, sizeof r);
        OK(cudaGetTextureObjectResourceDesc(&r, t));
        EXPECT(r.resType == cudaResourceTypeArray && r.res.array.array == a8 && r.flags == 0);
        memset(&td, 0x7f, sizeof td);
        OK(cudaGetTextureObjectTextureDesc(&td, t));
        EXPECT(td.addressMode[1] == cudaAddressModeClamp && td.filterMode == cudaFilterModePoint &&
               td.readMode == cudaReadModeElementType && td.normalizedCoords == 0 && td.borderColor[1] == -0.5f &&
               td.disableTrilinearOptimization == 0 && td.seamlessCubemap == 0);
        OK(cudaGetTextureObjectResourceViewDesc(&view, t));
        OK(cudaDestroyTextureObject(t));
        OK(cudaFree(o));
    }

    /* A pitch2D short2 resource read as normalized floats, bilinear. */
    {
        short *p;
        size_t pitch;
        OK(cudaMallocPitch(&p, &pitch, W * 2 * sizeof(short), H));
        OK(cudaMemcpy2D(p, pitch, S16, W * 2 * sizeof(short), W * 2 * sizeof(short), H, cudaMemcpyHostToDevice));
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypePitch2D;
        res.res.pitch2D.devPtr = p;
        res.res.pitch2D.desc = ds2;
        res.res.pitch2D.width = W;
        res.res.pitch2D.height = H;
        res.res.pitch2D.pitchInBytes = pitch;
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        td.addressMode[0] = cudaAddressModeBorder;
        td.addressMode[1] = cudaAddressModeClamp;
        td.filterMode = cudaFilterModeLinear;
        td.readMode = cudaReadModeNormalizedFloat;
        cudaTextureObject_t t;
        OK(cudaCreateTextureObject(&t, &res, &td, nullptr));
        float2 *o;
        static float2 h[N2];
        OK(cudaMalloc(&o, sizeof h));
        sample2d_s16<<<1, 64>>>(t, c2, o, N2);
        OK(cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost));
        for (int i = 0; i < N2; i++) printf("s16 %d %a %a\n", i, h[i].x, h[i].y);
        OK(cudaDestroyTextureObject(t));
        OK(cudaFree(o));
        OK(cudaFree(p));
    }

    /* A 3D float array, filled with cudaMemcpy3D, trilinear with wrap/mirror/clamp, normalized. */
    {
        cudaArray_t a3;
        OK(cudaMalloc3DArray(&a3, &df, make_cudaExtent(W, H, D)));
        cudaMemcpy3DParms p = {};
        p.srcPtr = make_cudaPitchedPtr((void *)F3, W * sizeof(float), W, H);
        p.dstArray = a3;
        p.extent = make_cudaExtent(W, H, D);
        p.kind = cudaMemcpyHostToDevice;
        OK(cudaMemcpy3D(&p));
        OK(cudaArrayGetInfo(nullptr, &extent, nullptr, a3));
        EXPECT(extent.width == W && extent.height == H && extent.depth == D);
        /* and back, through a 3D copy to host memory */
        static float back[D][H][W];
        cudaMemcpy3DParms q = {};
        q.srcArray = a3;
        q.dstPtr = make_cudaPitchedPtr(back, W * sizeof(float), W, H);
        q.extent = make_cudaExtent(W, H, D);
        q.kind = cudaMemcpyDeviceToHost;
        OK(cudaMemcpy3D(&q));
        EXPECT(memcmp(back, F3, sizeof back) == 0);
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeArray;
        res.res.array.array = a3;
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        td.addressMode[0] = cudaAddressModeWrap;
        td.addressMode[1] = cudaAddressModeMirror;
        td.addressMode[2] = cudaAddressModeClamp;
        td.filterMode = cudaFilterModeLinear;
        td.normalizedCoords = 1;
        cudaTextureObject_t t;
        OK(cudaCreateTextureObject(&t, &res, &td, nullptr));
        float *o;
        static float h[N3];
        OK(cudaMalloc(&o, sizeof h));
        sample3d<<<1, 64>>>(t, c3, o, N3);
        OK(cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost));
        for (int i = 0; i < N3; i++) printf("f3 %d %a\n", i, h[i]);
        OK(cudaDestroyTextureObject(t));
        OK(cudaFree(o));
        OK(cudaFreeArray(a3));
    }

    /* A layered 2D array: each layer sampled on its own (bilinear, clamp). */
    {
        cudaArray_t al;
        OK(cudaMalloc3DArray(&al, &df, make_cudaExtent(W, H, LAYERS), cudaArrayLayered));
        OK(cudaArrayGetInfo(nullptr, &extent, &flags, al));
        EXPECT(extent.width == W && extent.height == H && extent.depth == LAYERS && flags == cudaArrayLayered);
        cudaMemcpy3DParms p = {};
        p.srcPtr = make_cudaPitchedPtr((void *)LAY, W * sizeof(float), W, H);
        p.dstArray = al;
        p.extent = make_cudaExtent(W, H, LAYERS);
        p.kind = cudaMemcpyHostToDevice;
        OK(cudaMemcpy3DAsync(&p, 0));
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeArray;
        res.res.array.array = al;
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
        td.filterMode = cudaFilterModeLinear;
        cudaTextureObject_t t;
        OK(cudaCreateTextureObject(&t, &res, &td, nullptr));
        float *o;
        static float h[N2 * LAYERS];
        OK(cudaMalloc(&o, sizeof h));
        sample_layered<<<1, 64>>>(t, c2, o, N2);
        OK(cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost));
        for (int i = 0; i < N2 * LAYERS; i++) printf("lay %d %a\n", i, h[i]);
        OK(cudaDestroyTextureObject(t));
        OK(cudaFree(o));
        OK(cudaFreeArray(al));
    }

    /* A linear float resource: tex1Dfetch by index, 0 out of range. */
    {
        float lin[6] = {1.5f, -2.0f, 3.25f, 4.0f, 5.5f, 6.0f}, *p, h[10];
        OK(cudaMalloc(&p, sizeof lin));
        OK(cudaMemcpy(p, lin, sizeof lin, cudaMemcpyHostToDevice));
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeLinear;
        res.res.linear.devPtr = p;
        res.res.linear.desc = df;
        res.res.linear.sizeInBytes = sizeof lin;
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        cudaTextureObject_t t;
        OK(cudaCreateTextureObject(&t, &res, &td, nullptr));
        float *o;
        OK(cudaMalloc(&o, sizeof h));
        fetch1d<<<1, 10>>>(t, o, 10);
        OK(cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost));
        EXPECT(h[0] == 0 && h[1] == 0 && h[2] == 1.5f && h[3] == -2.0f && h[7] == 6.0f && h[8] == 0 && h[9] == 0);
        OK(cudaDestroyTextureObject(t));
        OK(cudaFree(o));
        OK(cudaFree(p));
    }

    /* tex2Dgather: one component of the four texels bilinear filtering weighs. */
    {
        cudaTextureObject_t t = make_texture(a8, cudaAddressModeClamp, 0, 0, cudaReadModeNormalizedFloat);
        float4 *o, h[2];
        OK(cudaMalloc(&o, sizeof h));
        gather<<<1, 1>>>(t, o);
        OK(cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost));
        printf("gather %a %a %a %a %a %a %a %a\n", h[0].x, h[0].y, h[0].z, h[0].w, h[1].x, h[1].y, h[1].z, h[1].w);
        OK(cudaDestroyTextureObject(t));
        OK(cudaFree(o));
    }

    /* Copies: whole rows (deprecated), array to array, async. */
    {
        static unsigned char row[W * 4 * H], back[W * 4 * H];
        cudaArray_t b8;
        OK(cudaMallocArray(&b8, &d8, W, H));
        OK(cudaMemcpy2DArrayToArray(b8, 0, 0, a8, 0, 0, W * 4, H));
        OK(cudaMemcpyFromArray(back, b8, 0, 0, sizeof back, cudaMemcpyDeviceToHost));
        EXPECT(memcmp(back, U8, sizeof back) == 0);
        for (size_t i = 0; i < sizeof row; i++) row[i] = (unsigned char)(i * 7 + 1);
        /* from byte 6 of row 1 on: the rest of row 1, row 2, and 5 bytes of row 3 */
        const size_t n = (W * 4 - 6) + W * 4 + 5;
        OK(cudaMemcpyToArray(b8, 6, 1, row, n, cudaMemcpyHostToDevice));
        OK(cudaMemcpy2DFromArray(back, W * 4, b8, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
        EXPECT(memcmp(back, U8, W * 4 + 6) == 0 && memcmp(back + W * 4 + 6, row, n) == 0 &&
               memcmp(back + W * 4 + 6 + n, U8 + W * 4 + 6 + n, sizeof back - (W * 4 + 6 + n)) == 0);
        memset(back, 0, sizeof back);
        OK(cudaMemcpyFromArrayAsync(back, b8, 6, 1, n, cudaMemcpyDeviceToHost, 0));
        EXPECT(memcmp(back, row, n) == 0);
        /* array to array from byte offsets whose rows do not line up: 30 bytes from (3, 2) of
           a8 to (9, 0) of b8 */
        OK(cudaMemcpyArrayToArray(b8, 9, 0, a8, 3, 2, 30));
        OK(cudaMemcpyFromArray(back, b8, 9, 0, 30, cudaMemcpyDeviceToHost));
        EXPECT(memcmp(back, U8 + 2 * W * 4 + 3, 30) == 0);
        CALL(cudaMemcpyArrayToArray(b8, 0, 0, a8, 0, 0, 4, cudaMemcpyHostToDevice), cudaErrorInvalidMemcpyDirection);
        OK(cudaMemcpyToArrayAsync(b8, 0, 0, U8, sizeof back, cudaMemcpyHostToDevice));
        OK(cudaMemcpy2DToArrayAsync(b8, 4, 2, row, 8, 8, 2, cudaMemcpyHostToDevice, 0));
        OK(cudaMemcpy2DFromArrayAsync(back, 8, b8, 4, 2, 8, 2, cudaMemcpyDeviceToHost));
        OK(cudaStreamSynchronize(0));
        EXPECT(memcmp(back, row, 8) == 0 && memcmp(back + 8, row + 8, 8) == 0);
        /* out of the array: errors, nothing copied */
        CALL(cudaMemcpy2DToArray(b8, 4, 0, row, W * 4, W * 4, 1, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
        CALL(cudaMemcpy2DFromArray(back, W * 4, b8, 0, 1, W * 4, H, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
        CALL(cudaMemcpy2DArrayToArray(b8, 1, 0, a8, 0, 0, 4, 1), cudaErrorInvalidValue); /* not a whole element */
        CALL(cudaMemcpyToArray(b8, 0, H - 1, row, W * 4 + 1, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
        OK(cudaFreeArray(b8));
    }

    /* Surfaces: a 2D float2 array written and read back by threads, and through a copy. */
    {
        cudaArray_t as;
        cudaChannelFormatDesc d2 = cudaCreateChannelDesc<float2>();
        OK(cudaMallocArray(&as, &d2, W, H, cudaArraySurfaceLoadStore));
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeArray;
        res.res.array.array = as;
        cudaSurfaceObject_t s;
        OK(cudaCreateSurfaceObject(&s, &res));
        int *bad, hbad = -1;
        OK(cudaMalloc(&bad, sizeof(int)));
        OK(cudaMemset(bad, 0, sizeof(int)));
        surface_rw<<<1, dim3(W, H)>>>(s, bad);
        OK(cudaDeviceSynchronize());
        OK(cudaMemcpy(&hbad, bad, sizeof hbad, cudaMemcpyDeviceToHost));
        EXPECT(hbad == 0);
        static float2 h[H][W];
        OK(cudaMemcpy2DFromArray(h, sizeof h[0], as, 0, 0, sizeof h[0], H, cudaMemcpyDeviceToHost));
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) EXPECT(h[y][x].x == x * 10.0f + y && h[y][x].y == -(float)x);
        /* (out of range with cudaBoundaryModeTrap, the default, fails the launch: a failed
           kernel ends CUDA for the process, so tests/test_host_sticky_errors.py checks it) */
        cudaResourceDesc sr;
        memset(&sr, 0, sizeof sr);
        OK(cudaGetSurfaceObjectResourceDesc(&sr, s));
        EXPECT(sr.resType == cudaResourceTypeArray && sr.res.array.array == as);
        OK(cudaDestroySurfaceObject(s));
        CALL(cudaGetSurfaceObjectResourceDesc(&sr, s), cudaErrorInvalidValue);
        CALL(cudaDestroySurfaceObject(s), cudaErrorInvalidValue);
        /* an array made without cudaArraySurfaceLoadStore holds no surface */
        res.res.array.array = a8;
        CALL(cudaCreateSurfaceObject(&s, &res), cudaErrorInvalidValue);
        OK(cudaFreeArray(as));
        OK(cudaFree(bad));

        cudaArray_t a1;
        cudaChannelFormatDesc di = cudaCreateChannelDesc<int>();
        OK(cudaMalloc3DArray(&a1, &di, make_cudaExtent(8, 0, 3), cudaArrayLayered | cudaArraySurfaceLoadStore));
        res.res.array.array = a1;
        OK(cudaCreateSurfaceObject(&s, &res));
        surface_layered<<<1, dim3(8, 3)>>>(s);
        OK(cudaDeviceSynchronize());
        int hl[3][8];
        cudaMemcpy3DParms p = {};
        p.srcArray = a1;
        p.dstPtr = make_cudaPitchedPtr(hl, sizeof hl[0], 8, 1);
        p.extent = make_cudaExtent(8, 1, 3);
        p.kind = cudaMemcpyDeviceToHost;
        OK(cudaMemcpy3D(&p));
        EXPECT(hl[0][0] == 0 && hl[0][7] == 7 && hl[2][3] == 203 && hl[1][5] == 105);
        cudaTextureObject_t tl = make_texture(a1, cudaAddressModeClamp, 0, 0, cudaReadModeElementType);
        int *ol, hol[3][8];
        OK(cudaMalloc(&ol, sizeof hol));
        layered1d<<<1, dim3(8, 3)>>>(tl, ol);
        OK(cudaMemcpy(hol, ol, sizeof hol, cudaMemcpyDeviceToHost));
        EXPECT(memcmp(hol, hl, sizeof hol) == 0);
        OK(cudaDestroyTextureObject(tl));
        OK(cudaFree(ol));
        OK(cudaDestroySurfaceObject(s));
        OK(cudaFreeArray(a1));
    }

    /* tex1D on a 1D float array (linear, clamp), and the Lod/Grad forms. */
    {
        cudaArray_t a1;
        OK(cudaMallocArray(&a1, &df, W));
        OK(cudaMemcpyToArray(a1, 0, 0, F3, W * sizeof(float), cudaMemcpyHostToDevice));
        OK(cudaArrayGetInfo(nullptr, &extent, nullptr, a1));
        EXPECT(extent.width == W && extent.height == 0 && extent.depth == 0);
        cudaTextureObject_t t1 = make_texture(a1, cudaAddressModeClamp, 1, 0, cudaReadModeElementType);
        cudaTextureObject_t t2 = make_texture(a8, cudaAddressModeMirror, 1, 1, cudaReadModeNormalizedFloat);
        float *o;
        static float h[N2];
        int *bad, hbad = -1;
        OK(cudaMalloc(&o, sizeof h));
        OK(cudaMalloc(&bad, sizeof(int)));
        OK(cudaMemset(bad, 0, sizeof(int)));
        sample1d<<<1, 64>>>(t1, c2, o, N2);
        variants<<<1, 64>>>(t2, t1, c2, N2, bad);
        OK(cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost));
        OK(cudaMemcpy(&hbad, bad, sizeof hbad, cudaMemcpyDeviceToHost));
        EXPECT(hbad == 0);
        for (int i = 0; i < N2; i++) printf("f1 %d %a\n", i, h[i]);
        OK(cudaDestroyTextureObject(t1));
        OK(cudaDestroyTextureObject(t2));
        OK(cudaFreeArray(a1));
        OK(cudaFree(o));

        cudaChannelFormatDesc di = cudaCreateChannelDesc<int>(), dsh = cudaCreateChannelDesc<short2>(),
                              du = cudaCreateChannelDesc<unsigned char>();
        cudaArray_t s1, s3, s2l;
        OK(cudaMallocArray(&s1, &di, 8, 0, cudaArraySurfaceLoadStore));
        OK(cudaMalloc3DArray(&s3, &dsh, make_cudaExtent(8, 4, 3), cudaArraySurfaceLoadStore));
        OK(cudaMalloc3DArray(&s2l, &du, make_cudaExtent(8, 4, 2), cudaArrayLayered | cudaArraySurfaceLoadStore));
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeArray;
        cudaSurfaceObject_t o1, o3, o2l;
        res.res.array.array = s1;
        OK(cudaCreateSurfaceObject(&o1, &res));
        res.res.array.array = s3;
        OK(cudaCreateSurfaceObject(&o3, &res));
        res.res.array.array = s2l;
        OK(cudaCreateSurfaceObject(&o2l, &res));
        OK(cudaMemset(bad, 0, sizeof(int)));
        surfaces<<<1, dim3(8, 4, 3)>>>(o1, o3, o2l, bad);
        OK(cudaMemcpy(&hbad, bad, sizeof hbad, cudaMemcpyDeviceToHost));
        EXPECT(hbad == 0);
        unsigned char layer1[4][8];
        cudaMemcpy3DParms p = {};
        p.srcArray = s2l;
        p.srcPos = make_cudaPos(0, 0, 1);
        p.dstPtr = make_cudaPitchedPtr(layer1, 8, 8, 4);
        p.extent = make_cudaExtent(8, 4, 1);
        p.kind = cudaMemcpyDeviceToHost;
        OK(cudaMemcpy3D(&p));
        EXPECT(layer1[0][0] == 64 && layer1[3][7] == 64 + 7 + 24);
        for (cudaSurfaceObject_t so : {o1, o3, o2l}) OK(cudaDestroySurfaceObject(so));
        for (cudaArray_t ar : {s1, s3, s2l}) OK(cudaFreeArray(ar));
        OK(cudaFree(bad));
    }

    /* Cubemaps: a face per major axis, sampled bilinearly; a layered cubemap's second layer. */
    {
        cudaArray_t cube, cubes;
        OK(cudaMalloc3DArray(&cube, &df, make_cudaExtent(CUBE, CUBE, 6), cudaArrayCubemap));
        OK(cudaMalloc3DArray(&cubes, &df, make_cudaExtent(CUBE, CUBE, 6 * CUBE_LAYERS), cudaArrayCubemap | cudaArrayLayered));
        cudaMemcpy3DParms p = {};
        p.srcPtr = make_cudaPitchedPtr((void *)CUBE_TEXELS, CUBE * sizeof(float), CUBE, CUBE);
        p.dstArray = cube;
        p.extent = make_cudaExtent(CUBE, CUBE, 6);
        p.kind = cudaMemcpyHostToDevice;
        OK(cudaMemcpy3D(&p));
        p.dstArray = cubes;
        p.extent = make_cudaExtent(CUBE, CUBE, 6 * CUBE_LAYERS);
        OK(cudaMemcpy3D(&p));
        cudaTextureObject_t t = make_texture(cube, cudaAddressModeClamp, 1, 1, cudaReadModeElementType);
        cudaTextureObject_t tl = make_texture(cubes, cudaAddressModeClamp, 1, 1, cudaReadModeElementType);
        float *d, *o, h[NDIRS * 3];
        OK(cudaMalloc(&d, sizeof DIRS));
        OK(cudaMalloc(&o, sizeof h));
        OK(cudaMemcpy(d, DIRS, sizeof DIRS, cudaMemcpyHostToDevice));
        sample_cube<<<1, 32>>>(t, tl, d, o, NDIRS);
        OK(cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost));
        for (int i = 0; i < NDIRS; i++) {
            printf("cube %d %a %a\n", i, h[3 * i], h[3 * i + 1]);
            EXPECT(h[3 * i + 2] == 1.0f);
        }
        OK(cudaDestroyTextureObject(t));
        OK(cudaDestroyTextureObject(tl));
        OK(cudaFreeArray(cube));
        OK(cudaFreeArray(cubes));
        OK(cudaFree(d));
        OK(cudaFree(o));
        CALL(cudaMalloc3DArray(&cube, &df, make_cudaExtent(CUBE, CUBE + 1, 6), cudaArrayCubemap), cudaErrorInvalidValue);
        CALL(cudaMalloc3DArray(&cube, &df, make_cudaExtent(CUBE, CUBE, 5), cudaArrayCubemap), cudaErrorInvalidValue);

        cudaChannelFormatDesc di = cudaCreateChannelDesc<int>();
        OK(cudaMalloc3DArray(&cube, &di, make_cudaExtent(4, 4, 6), cudaArrayCubemap | cudaArraySurfaceLoadStore));
        OK(cudaMalloc3DArray(&cubes, &di, make_cudaExtent(4, 4, 12),
                             cudaArrayCubemap | cudaArrayLayered | cudaArraySurfaceLoadStore));
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeArray;
        cudaSurfaceObject_t s, sl;
        res.res.array.array = cube;
        OK(cudaCreateSurfaceObject(&s, &res));
        res.res.array.array = cubes;
        OK(cudaCreateSurfaceObject(&sl, &res));
        int *bad, hbad = -1;
        OK(cudaMalloc(&bad, sizeof(int)));
        OK(cudaMemset(bad, 0, sizeof(int)));
        cube_surface<<<1, dim3(4, 4, 6)>>>(s, sl, bad);
        OK(cudaMemcpy(&hbad, bad, sizeof hbad, cudaMemcpyDeviceToHost));
        EXPECT(hbad == 0);
        int face5[4][4];
        cudaMemcpy3DParms q = {};
        q.srcArray = cube;
        q.srcPos = make_cudaPos(0, 0, 5);
        q.dstPtr = make_cudaPitchedPtr(face5, sizeof face5[0], 4, 4);
        q.extent = make_cudaExtent(4, 4, 1);
        q.kind = cudaMemcpyDeviceToHost;
        OK(cudaMemcpy3D(&q));
        EXPECT(face5[2][3] == 523);
        OK(cudaDestroySurfaceObject(s));
        OK(cudaDestroySurfaceObject(sl));
        OK(cudaFreeArray(cube));
        OK(cudaFreeArray(cubes));
        OK(cudaFree(bad));
    }

    /* Errors. */
    {
        cudaArray_t a;
        cudaChannelFormatDesc three = cudaCreateChannelDesc(8, 8, 8, 0, cudaChannelFormatKindUnsigned);
        cudaChannelFormatDesc f8 = cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindFloat);
        CALL(cudaMallocArray(&a, &three, 4, 4), cudaErrorInvalidValue);
        CALL(cudaMallocArray(&a, &f8, 4, 4), cudaErrorInvalidValue);
        CALL(cudaMallocArray(&a, &df, 0, 4), cudaErrorInvalidValue);
        CALL(cudaMallocArray(&a, nullptr, 4, 4), cudaErrorInvalidValue);
        OK(cudaFreeArray(nullptr));
        cudaTextureObject_t t;
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        CALL(cudaCreateTextureObject(&t, nullptr, &td, nullptr), cudaErrorInvalidValue);
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeArray;
        res.res.array.array = a8;
        CALL(cudaCreateTextureObject(nullptr, &res, &td, nullptr), cudaErrorInvalidValue);
        res.flags = 1; /* must be 0 */
        CALL(cudaCreateTextureObject(&t, &res, &td, nullptr), cudaErrorInvalidValue);
        res.flags = 0;
        td.addressMode[0] = (cudaTextureAddressMode)7;
        CALL(cudaCreateTextureObject(&t, &res, &td, nullptr), cudaErrorInvalidValue);
        td.addressMode[0] = cudaAddressModeClamp;
        OK(cudaCreateTextureObject(&t, &res, &td, nullptr));
        OK(cudaDestroyTextureObject(t));
        CALL(cudaDestroyTextureObject(t), cudaErrorInvalidValue);
        CALL(cudaGetChannelDesc(&got, (cudaArray_t)&res), cudaErrorInvalidValue);
        CALL(cudaGetLastError(), cudaErrorInvalidValue);
        OK(cudaGetLastError());
    }

    OK(cudaFreeArray(a8));
    CALL(cudaFreeArray(a8), cudaErrorInvalidValue);
    OK(cudaFree(out4));
    OK(cudaFree(c2));
    OK(cudaFree(c3));
    cudaGetLastError();
    printf(failures ? "texture: FAILED\n" : "texture: PASSED\n");
    return failures != 0;
}
"""


PROGRAM = program()


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("runtime_api_texture") / "texture.cu"
    src.write_text(PROGRAM)
    return src


@pytest.fixture(scope="module")
def output(source: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[list[str]]]:
    run = run_on_host(source, tmp_path_factory.mktemp("run"), "texture")
    lines: dict[str, list[list[str]]] = {}
    for line in run.stdout.splitlines():
        tag, *fields = line.split()
        lines.setdefault(tag, []).append(fields)
    return lines


def _floats(fields: list[str]) -> np.ndarray:
    return np.array([float.fromhex(f) for f in fields], dtype=np.float32)


def _close(got: np.ndarray, want: np.ndarray, what: str) -> None:
    np.testing.assert_allclose(got, want, rtol=2e-6, atol=2e-6, err_msg=what)


def test_normalized_reads_each_address_filter_and_coordinate_mode(output) -> None:
    """uchar4 read as normalized floats, for every address mode, both filters, with and
    without normalized coordinates, at coordinates inside, on edges and outside."""
    texels = texels_u8().astype(np.float32) / np.float32(255)
    border = np.array(BORDER_COLOR, dtype=np.float32)
    rows = output["u8n"]
    assert len(rows) == len(CONFIGS_2D) * len(COORDS2)
    for fields in rows:
        k, i = int(fields[0]), int(fields[1])
        mode, linear, normalized = CONFIGS_2D[k]
        x, y = COORDS2[i]
        x, y = np.float32(x), np.float32(y)
        if normalized:
            x, y = x * np.float32(1 / W), y * np.float32(1 / H)
        want = sample(texels, (x, y), (mode, mode), linear, normalized, border)
        _close(
            _floats(fields[2:]),
            want,
            f"mode {mode} linear {linear} normalized {normalized} at {COORDS2[i]}",
        )


def test_element_type_reads_are_the_texels(output) -> None:
    texels = texels_u8()
    for fields in output["u8e"]:
        i = int(fields[0])
        x, y = COORDS2[i]
        want = sample(texels.astype(np.float32), (x, y), (CLAMP, CLAMP), False, False, np.zeros(4))
        assert [int(v) for v in fields[1:]] == [int(v) for v in want], COORDS2[i]


def test_signed_normalized_bilinear_pitch2d(output) -> None:
    """short2 read as [-1, 1] (-32768 clamps to -1), bilinear, border in x, clamp in y."""
    texels = np.maximum(texels_s16().astype(np.float32) / np.float32(32767), np.float32(-1))
    for fields in output["s16"]:
        i = int(fields[0])
        want = sample(texels, COORDS2[i], (BORDER, CLAMP), True, False, np.zeros(2, np.float32))
        _close(_floats(fields[1:]), want, str(COORDS2[i]))


def test_trilinear_3d_wrap_mirror_clamp_normalized(output) -> None:
    texels = texels_f32_3d()[..., None]
    for fields in output["f3"]:
        i = int(fields[0])
        x, y, z = (np.float32(v) for v in COORDS3[i])
        want = sample(texels, (x, y, z), (WRAP, MIRROR, CLAMP), True, True, np.zeros(1, np.float32))
        _close(_floats(fields[1:]), want, str(COORDS3[i]))


def test_layered_bilinear(output) -> None:
    texels = texels_layered()[..., None]
    for fields in output["lay"]:
        n = int(fields[0])
        i, layer = divmod(n, LAYERS)
        want = sample(texels[layer], COORDS2[i], (CLAMP, CLAMP), True, False, np.zeros(1))
        _close(_floats(fields[1:]), want, f"{COORDS2[i]} layer {layer}")


def test_linear_1d(output) -> None:
    texels = texels_f32_3d()[0, 0][:, None]
    for fields in output["f1"]:
        i = int(fields[0])
        want = sample(texels, (COORDS2[i][0],), (CLAMP,), True, False, np.zeros(1))
        _close(_floats(fields[1:]), want, str(COORDS2[i]))


def test_cubemap(output) -> None:
    """texCubemap and texCubemapLayered: the major axis's face, bilinear and clamped in it."""
    texels = texels_cube()[..., None]
    zero = np.zeros(1, np.float32)
    rows = output["cube"]
    assert len(rows) == len(DIRECTIONS)
    for fields in rows:
        i = int(fields[0])
        face, u, v = cube_face(*DIRECTIONS[i])
        want = sample(texels[face], (u, v), (CLAMP, CLAMP), True, True, zero)
        want_layer1 = sample(texels[6 + face], (u, v), (CLAMP, CLAMP), True, True, zero)
        _close(_floats(fields[1:]), np.concatenate([want, want_layer1]), str(DIRECTIONS[i]))


def test_gather(output) -> None:
    texels = texels_u8().astype(np.float32) / np.float32(255)
    (fields,) = output["gather"]
    got = _floats(fields)

    def footprint(x: float, y: float, comp: int) -> list[float]:
        i, j = int(np.floor(x - 0.5)), int(np.floor(y - 0.5))
        order = [(0, 1), (1, 1), (1, 0), (0, 0)]
        return [texels[min(max(j + dj, 0), H - 1), min(max(i + di, 0), W - 1), comp]
                for di, dj in order]  # fmt: skip

    _close(got, np.array(footprint(1.0, 1.0, 0) + footprint(2.5, 3.2, 2), np.float32), "gather")


def test_model_matches_the_programming_guide_example() -> None:
    """The model itself: linear filtering of [0, 1] at x = 1.25 (x_B = 0.75) weighs by 0.75;
    a fraction of 1/3 rounds to 85/256 (9-bit fixed point)."""
    t = np.array([[0.0], [1.0]], dtype=np.float32)
    assert sample(t, (1.25,), (CLAMP,), True, False, np.zeros(1))[0] == 0.75
    assert sample(t, (0.5 + 1 / 3,), (CLAMP,), True, False, np.zeros(1))[0] == np.float32(85 / 256)


def test_program_compiles_for_gfx1100_with_image_instructions(source: Path, tmp_path: Path) -> None:
    """For an AMD GPU with texture units the device code samples with image instructions
    (OCKL's image functions over HIP's texture object)."""
    keep = tmp_path / "keep"
    keep.mkdir()
    obj = tmp_path / "texture.o"
    proc = nvcc(
        "--offload-arch=gfx1100",
        "-c",
        "--keep",
        "--keep-dir",
        str(keep),
        "-o",
        str(obj),
        str(source),
    )
    assert proc.returncode == 0, proc.stderr
    (hsaco,) = keep.glob("*.gfx1100.hsaco")
    objdump = next(
        (p for p in ("/usr/bin/llvm-objdump-19", "/usr/bin/llvm-objdump") if Path(p).exists()), None
    )
    if objdump is None:
        pytest.skip("no llvm-objdump to disassemble the code object")
    text = subprocess.run(
        [objdump, "-d", "--mcpu=gfx1100", str(hsaco)], capture_output=True, text=True
    ).stdout
    for instruction in (
        "image_sample",
        "image_load",
        "image_store",
        "image_gather4",
        "buffer_load_format",
    ):
        assert instruction in text, instruction


def test_program_links_against_libamdhip64(source: Path, tmp_path: Path) -> None:
    """Built for gfx1100 and linked against ROCm 5.2's libamdhip64: every HIP function the
    runtime side calls is there (its surface-object functions by their C++ names)."""
    from cu2amd.amdgpu.toolchain import discover
    from cu2amd.errors import Cu2amdError

    try:
        discover().libamdhip64()
    except Cu2amdError:
        pytest.skip("libamdhip64 is not installed")
    exe = tmp_path / "texture_gfx1100"
    proc = nvcc("--offload-arch=gfx1100", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    nm = ["nm", "-D", "-u", str(exe)]
    undefined = subprocess.run(nm, capture_output=True, text=True).stdout
    for name in ("hipMallocArray", "hipCreateTextureObject", "hipMemcpy3D",
                 "_Z22hipCreateSurfaceObjectPP13__hip_surfacePK15hipResourceDesc"):  # fmt: skip
        assert name in undefined


def test_texture_functions_are_a_compile_error_on_gfx942(tmp_path: Path) -> None:
    src = tmp_path / "t.cu"
    src.write_text(
        "__global__ void k(cudaTextureObject_t t, float *o) { *o = tex2D<float>(t, 0.5f, 0.5f); }\n"
        "int main() { return 0; }\n"
    )
    proc = nvcc("--offload-arch=gfx942", "-c", "-o", str(tmp_path / "t.o"), str(src))
    assert proc.returncode != 0
    assert "cu2amd: tex2D needs image instructions, which this AMD GPU" in proc.stderr


# The driver API's arrays and texture objects (cu2amd/driver_texture.h).
DRIVER_CALLS = {
    "cuArray3DCreate", "cuArray3DGetDescriptor", "cuArrayCreate", "cuArrayDestroy",
    "cuDeviceGetTexture1DLinearMaxWidth",
    "cuArrayGetDescriptor", "cuMemcpyAtoA", "cuMemcpyAtoD", "cuMemcpyAtoH", "cuMemcpyAtoHAsync", "cuMemcpyDtoA",
    "cuMemcpyHtoA", "cuMemcpyHtoAAsync", "cuSurfObjectCreate", "cuSurfObjectDestroy",
    "cuTexObjectCreate", "cuTexObjectDestroy", "cuTexObjectGetResourceDesc",
    "cuTexObjectGetTextureDesc",
}  # fmt: skip

DRIVER_PROGRAM = r"""
#include <cuda.h>
#include <cstdio>
#include <cstring>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { CUresult e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %d, expected %s\n", __LINE__, #call, (int)e_, #expected); failures++; } } while (0)
#define OK(call) CALL(call, CUDA_SUCCESS)

__global__ void read2d(CUtexObject t, float *out) {
    out[threadIdx.y * 4 + threadIdx.x] = tex2D<float>(t, threadIdx.x + 0.5f, threadIdx.y + 0.5f);
}
__global__ void read2d_int(CUtexObject t, unsigned *out) {
    out[threadIdx.y * 4 + threadIdx.x] = tex2D<unsigned char>(t, threadIdx.x + 0.5f, threadIdx.y + 0.5f);
}
__global__ void fill(CUsurfObject s) { surf2Dwrite(threadIdx.x * 100 + threadIdx.y, s, threadIdx.x * 4, threadIdx.y); }

int main() {
    OK(cuInit(0));
    CUdevice dev;
    CUcontext ctx;
    OK(cuDeviceGet(&dev, 0));
    OK(cuCtxCreate(&ctx, 0, dev));
    size_t linear = 0;
    OK(cuDeviceGetTexture1DLinearMaxWidth(&linear, CU_AD_FORMAT_FLOAT, 4, dev));
    EXPECT(linear >= 4096);
    CALL(cuDeviceGetTexture1DLinearMaxWidth(&linear, CU_AD_FORMAT_FLOAT, 3, dev), CUDA_ERROR_INVALID_VALUE);
    CUDA_ARRAY_DESCRIPTOR ad = {4, 3, CU_AD_FORMAT_UNSIGNED_INT8, 1};
    CUarray a;
    OK(cuArrayCreate(&a, &ad));
    unsigned char bytes[12], back[12];
    for (int i = 0; i < 12; i++) bytes[i] = (unsigned char)(i * 20 + 3);
    OK(cuMemcpyHtoA(a, 0, bytes, sizeof bytes));
    OK(cuMemcpyAtoH(back, a, 5, 7));
    EXPECT(memcmp(back, bytes + 5, 7) == 0);
    CUDA_ARRAY_DESCRIPTOR got;
    OK(cuArrayGetDescriptor(&got, a));
    EXPECT(got.Width == 4 && got.Height == 3 && got.Format == CU_AD_FORMAT_UNSIGNED_INT8 && got.NumChannels == 1);

    /* 8-bit integers read as normalized floats by default, as integers with READ_AS_INTEGER */
    CUDA_RESOURCE_DESC rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = CU_RESOURCE_TYPE_ARRAY;
    rd.res.array.hArray = a;
    CUDA_TEXTURE_DESC td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
    td.filterMode = CU_TR_FILTER_MODE_POINT;
    CUtexObject t, ti;
    OK(cuTexObjectCreate(&t, &rd, &td, NULL));
    td.flags = CU_TRSF_READ_AS_INTEGER;
    OK(cuTexObjectCreate(&ti, &rd, &td, NULL));
    float *out;
    unsigned *outi;
    cudaMalloc(&out, 12 * sizeof(float));
    cudaMalloc(&outi, 12 * sizeof(unsigned));
    read2d<<<1, dim3(4, 3)>>>(t, out);
    read2d_int<<<1, dim3(4, 3)>>>(ti, outi);
    float hf[12];
    unsigned hu[12];
    cudaMemcpy(hf, out, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hu, outi, sizeof hu, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 12; i++) EXPECT(hf[i] == bytes[i] / 255.0f && hu[i] == bytes[i]);
    CUDA_TEXTURE_DESC tback;
    OK(cuTexObjectGetTextureDesc(&tback, ti));
    EXPECT(tback.flags == CU_TRSF_READ_AS_INTEGER && tback.addressMode[1] == CU_TR_ADDRESS_MODE_CLAMP);
    CUDA_RESOURCE_DESC rback;
    OK(cuTexObjectGetResourceDesc(&rback, t));
    EXPECT(rback.resType == CU_RESOURCE_TYPE_ARRAY && rback.res.array.hArray == a);
    OK(cuTexObjectDestroy(t));
    OK(cuTexObjectDestroy(ti));

    /* cuMemcpy2D into and out of an array */
    unsigned char sub[2][2] = {{1, 2}, {3, 4}}, whole[3][4];
    CUDA_MEMCPY2D c;
    memset(&c, 0, sizeof c);
    c.srcMemoryType = CU_MEMORYTYPE_HOST;
    c.srcHost = sub;
    c.srcPitch = 2;
    c.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    c.dstArray = a;
    c.dstXInBytes = 1;
    c.dstY = 1;
    c.WidthInBytes = 2;
    c.Height = 2;
    OK(cuMemcpy2D(&c));
    memset(&c, 0, sizeof c);
    c.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    c.srcArray = a;
    c.dstMemoryType = CU_MEMORYTYPE_HOST;
    c.dstHost = whole;
    c.dstPitch = 4;
    c.WidthInBytes = 4;
    c.Height = 3;
    OK(cuMemcpy2D(&c));
    EXPECT(whole[1][1] == 1 && whole[1][2] == 2 && whole[2][1] == 3 && whole[2][2] == 4 && whole[0][0] == bytes[0] &&
           whole[2][3] == bytes[11]);
    CUdeviceptr d;
    OK(cuMemAlloc(&d, 12));
    OK(cuMemcpyAtoD(d, a, 0, 12));
    CUarray a2;
    CUDA_ARRAY_DESCRIPTOR ad2 = {5, 2, CU_AD_FORMAT_UNSIGNED_INT8, 1};
    OK(cuArrayCreate(&a2, &ad2));
    OK(cuMemcpyAtoA(a2, 1, a, 2, 8)); /* rows of 4 bytes into rows of 5 */
    unsigned char a2back[10];
    OK(cuMemcpyAtoH(a2back, a2, 0, 10));
    EXPECT(a2back[1] == whole[0][2] && a2back[2] == whole[0][3] && a2back[3] == whole[1][0] && a2back[8] == whole[2][1]);
    OK(cuArrayDestroy(a2));
    OK(cuMemcpyDtoA(a, 0, d, 12));
    OK(cuMemcpyHtoAAsync(a, 0, bytes, 4, 0));
    OK(cuMemcpyAtoHAsync(back, a, 0, 12, 0));
    OK(cuCtxSynchronize());
    EXPECT(memcmp(back, bytes, 4) == 0 && back[5] == 1 && back[10] == 4);
    OK(cuArrayDestroy(a));
    CALL(cuArrayGetDescriptor(&got, a), CUDA_ERROR_INVALID_HANDLE);

    /* a 3D (layered, surface) array written through a surface object */
    CUDA_ARRAY3D_DESCRIPTOR a3 = {4, 2, 3, CU_AD_FORMAT_SIGNED_INT32, 1, CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_SURFACE_LDST};
    CUarray l;
    OK(cuArray3DCreate(&l, &a3));
    CUDA_ARRAY3D_DESCRIPTOR g3;
    OK(cuArray3DGetDescriptor(&g3, l));
    EXPECT(g3.Width == 4 && g3.Height == 2 && g3.Depth == 3 && g3.Format == CU_AD_FORMAT_SIGNED_INT32 &&
           g3.NumChannels == 1 && g3.Flags == (CUDA_ARRAY3D_LAYERED | CUDA_ARRAY3D_SURFACE_LDST));
    rd.res.array.hArray = l;
    CUsurfObject s;
    OK(cuSurfObjectCreate(&s, &rd));
    fill<<<1, dim3(4, 2)>>>(s);
    int layer0[8];
    OK(cuMemcpyAtoH(layer0, l, 0, sizeof layer0));
    EXPECT(layer0[0] == 0 && layer0[3] == 300 && layer0[5] == 101);
    OK(cuSurfObjectDestroy(s));
    OK(cuArrayDestroy(l));

    CUDA_ARRAY_DESCRIPTOR bad = {4, 0, (CUarray_format)0x55, 1};
    CALL(cuArrayCreate(&a, &bad), CUDA_ERROR_INVALID_VALUE);
    bad.Format = CU_AD_FORMAT_FLOAT;
    bad.NumChannels = 3;
    CALL(cuArrayCreate(&a, &bad), CUDA_ERROR_INVALID_VALUE);
    CALL(cuTexObjectCreate(&t, &rd, NULL, NULL), CUDA_ERROR_INVALID_VALUE);
    OK(cuCtxDestroy(ctx));
    printf(failures ? "driver_texture: FAILED\n" : "driver_texture: PASSED\n");
    return failures != 0;
}
"""


def test_driver_api_arrays_and_texture_objects(tmp_path: Path) -> None:
    src = tmp_path / "driver_texture.cu"
    src.write_text(DRIVER_PROGRAM)
    run_on_host(src, tmp_path, "driver_texture")
    proc = nvcc("--offload-arch=gfx1100", "-c", "-o", str(tmp_path / "d.o"), str(src))
    assert proc.returncode == 0, proc.stderr
