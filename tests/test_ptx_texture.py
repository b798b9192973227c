"""PTX texture and surface instructions (ptx_lowering/emit/texture.py): tex (.1d .2d .3d
.a1d .a2d; .level, .grad; .1d with integer coordinates), tld4, txq, suld.b, sust.b and suq on
texture and surface objects made by the runtime API, written as inline PTX in a CUDA program
and as a standalone PTX module loaded with cuModuleLoadData.

On the host platform each PTX fetch is compared, bit for bit, with CUDA C++'s tex2D,
tex2DLod, tex2DGrad, tex2Dgather, tex3D, tex1DLayered, tex2DLayered and tex1Dfetch on the same
object (point and linear filtering; clamp, wrap and border address modes), plus hand-computed
values; surface stores and loads (2d, 3d, a2d; vector and narrow accesses; boundary modes
.trap, .zero, .clamp) are checked against the array's contents and CUDA C++'s surf*read, and
the queries against the sizes. For AMD GPUs the instructions but txq and suq compile for
gfx1100 (OCKL's image functions, as texture_device.h calls them); for gfx942, which has no
image instructions, they are a compile error naming the target."""

from __future__ import annotations

from pathlib import Path

from runtime_programs import nvcc, run_on_host

PROGRAM = r"""#include <cstdio>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>

static int failures = 0;
#define CALL(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("FAILED %s: %d\n", #x, (int)e_); failures++; } } while (0)
#define EXPECT(c, ...) do { if (!(c)) { printf("FAILED line %d: ", __LINE__); printf(__VA_ARGS__); printf("\n"); failures++; } } while (0)

#define N 64
__device__ float coord_x(int i) { return -1.3f + 0.37f * i; }
__device__ float coord_y(int i) { return -0.9f + 0.23f * (i % 13); }

/* tex.2d / tex.level / tex.grad / tld4 in PTX, and the same fetch through CUDA C++. */
__global__ void ptx_2d(cudaTextureObject_t t, float scale, float4 *out) {
    int i = threadIdx.x;
    float x = coord_x(i) * scale, y = coord_y(i) * scale, lod = 0.5f, g = 0.01f;
    float4 a, b, c;
    asm("tex.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
        : "=f"(a.x), "=f"(a.y), "=f"(a.z), "=f"(a.w) : "l"(t), "f"(x), "f"(y));
    asm("tex.level.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}], %7;"
        : "=f"(b.x), "=f"(b.y), "=f"(b.z), "=f"(b.w) : "l"(t), "f"(x), "f"(y), "f"(lod));
    asm("tex.grad.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}], {%7, %7}, {%7, %7};"
        : "=f"(c.x), "=f"(c.y), "=f"(c.z), "=f"(c.w) : "l"(t), "f"(x), "f"(y), "f"(g));
    out[4 * i] = a, out[4 * i + 1] = b, out[4 * i + 2] = c;
    asm("tld4.g.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
        : "=f"(a.x), "=f"(a.y), "=f"(a.z), "=f"(a.w) : "l"(t), "f"(x), "f"(y));
    out[4 * i + 3] = a;
}
__global__ void cxx_2d(cudaTextureObject_t t, float scale, float4 *out) {
    int i = threadIdx.x;
    float x = coord_x(i) * scale, y = coord_y(i) * scale;
    out[4 * i] = tex2D<float4>(t, x, y);
    out[4 * i + 1] = tex2DLod<float4>(t, x, y, 0.5f);
    out[4 * i + 2] = tex2DGrad<float4>(t, x, y, make_float2(0.01f, 0.01f), make_float2(0.01f, 0.01f));
    out[4 * i + 3] = tex2Dgather<float4>(t, x, y, 1);
}
/* tex.3d, tex.a2d (layer first), tex.1d with integer coordinates (tex1Dfetch), txq. */
/* tex.a1d ({layer, x}) and tex.1d with a float coordinate on a 1D layered array. */
__global__ void ptx_1d(cudaTextureObject_t t, float4 *out) {
    int i = threadIdx.x, layer = i % 4 - 1; /* -1 and past the last: clamped */
    float x = coord_x(i);
    float4 a, b;
    asm("tex.a1d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
        : "=f"(a.x), "=f"(a.y), "=f"(a.z), "=f"(a.w) : "l"(t), "r"(layer), "f"(x));
    asm("tex.level.a1d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}], %7;"
        : "=f"(b.x), "=f"(b.y), "=f"(b.z), "=f"(b.w) : "l"(t), "r"(layer), "f"(x), "f"(0.0f));
    out[2 * i] = a, out[2 * i + 1] = b;
}
__global__ void cxx_1d(cudaTextureObject_t t, float4 *out) {
    int i = threadIdx.x, layer = i % 4 - 1;
    float x = coord_x(i);
    out[2 * i] = tex1DLayered<float4>(t, x, layer);
    out[2 * i + 1] = tex1DLayeredLod<float4>(t, x, layer, 0.0f);
}
__global__ void ptx_more(cudaTextureObject_t t3, cudaTextureObject_t tl, cudaTextureObject_t lin, float4 *out,
                         int4 *iout, int *q) {
    int i = threadIdx.x;
    float x = coord_x(i), y = coord_y(i), z = 0.31f * (i % 7) - 0.2f, w = 0.0f;
    int layer = i % 3;
    float4 a, b;
    int4 c;
    asm("tex.3d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %8}];"
        : "=f"(a.x), "=f"(a.y), "=f"(a.z), "=f"(a.w) : "l"(t3), "f"(x), "f"(y), "f"(z), "f"(w));
    asm("tex.a2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6, %7, %8}];"
        : "=f"(b.x), "=f"(b.y), "=f"(b.z), "=f"(b.w) : "l"(tl), "r"(layer), "f"(x), "f"(y), "f"(w));
    asm("tex.1d.v4.s32.s32 {%0, %1, %2, %3}, [%4, {%5}];"
        : "=r"(c.x), "=r"(c.y), "=r"(c.z), "=r"(c.w) : "l"(lin), "r"(i - 3));
    out[2 * i] = a, out[2 * i + 1] = b, iout[i] = c;
    if (i == 0) {
        asm("txq.width.b32 %0, [%1];" : "=r"(q[0]) : "l"(t3));
        asm("txq.height.b32 %0, [%1];" : "=r"(q[1]) : "l"(t3));
        asm("txq.depth.b32 %0, [%1];" : "=r"(q[2]) : "l"(t3));
    }
}
__global__ void cxx_more(cudaTextureObject_t t3, cudaTextureObject_t tl, cudaTextureObject_t lin, float4 *out,
                         int4 *iout) {
    int i = threadIdx.x;
    float x = coord_x(i), y = coord_y(i), z = 0.31f * (i % 7) - 0.2f;
    out[2 * i] = tex3D<float4>(t3, x, y, z);
    out[2 * i + 1] = tex2DLayered<float4>(tl, x, y, i % 3);
    iout[i] = tex1Dfetch<int4>(lin, i - 3);
}
/* sust.b / suld.b on a 2D surface of ints (x in bytes), boundary modes, suq. */
__global__ void ptx_surf(cudaSurfaceObject_t s, int *out, int *q) {
    int x = threadIdx.x % 8, y = threadIdx.x / 8;
    int v = 1000 * y + x, bx = 4 * x;
    asm volatile("sust.b.2d.b32.trap [%0, {%1, %2}], {%3};" :: "l"(s), "r"(bx), "r"(y), "r"(v) : "memory");
    __syncthreads();
    int r, z, c;
    int xr = 4 * ((x + 1) % 8);
    asm volatile("suld.b.2d.b32.trap {%0}, [%1, {%2, %3}];" : "=r"(r) : "l"(s), "r"(xr), "r"(y) : "memory");
    int far = 4 * (x + 100);
    asm volatile("suld.b.2d.b32.zero {%0}, [%1, {%2, %3}];" : "=r"(z) : "l"(s), "r"(far), "r"(y) : "memory");
    asm volatile("suld.b.2d.b32.clamp {%0}, [%1, {%2, %3}];" : "=r"(c) : "l"(s), "r"(far), "r"(y) : "memory");
    out[3 * threadIdx.x] = r, out[3 * threadIdx.x + 1] = z, out[3 * threadIdx.x + 2] = c;
    if (threadIdx.x == 0) {
        int2 v2;
        asm volatile("suld.b.2d.v2.b32.trap {%0, %1}, [%2, {%3, %4}];" : "=r"(v2.x), "=r"(v2.y) : "l"(s), "r"(8), "r"(1) : "memory");
        q[2] = v2.x, q[3] = v2.y;
        q[4] = surf2Dread<int>(s, 12, 2);
        asm("suq.width.b32 %0, [%1];" : "=r"(q[0]) : "l"(s));
        asm("suq.height.b32 %0, [%1];" : "=r"(q[1]) : "l"(s));
    }
    __syncthreads();
    if (threadIdx.x == 0) { /* a narrower store: the low half of the element at (0, 3) */
        unsigned short h = 0xBEEF;
        asm volatile("sust.b.2d.b16.trap [%0, {%1, %2}], {%3};" :: "l"(s), "r"(0), "r"(3), "h"(h) : "memory");
    }
}

/* sust.b.3d and sust.b.a2d ({layer, x, y, _}), read back with CUDA C++ and suld. */
__global__ void ptx_surf3(cudaSurfaceObject_t s3, cudaSurfaceObject_t sl, int *out) {
    int x = threadIdx.x % 4, y = (threadIdx.x / 4) % 4, z = threadIdx.x / 16, v = 100 * z + 10 * y + x, r;
    asm volatile("sust.b.3d.b32.trap [%0, {%1, %2, %3, %3}], {%4};" :: "l"(s3), "r"(4 * x), "r"(y), "r"(z), "r"(v) : "memory");
    asm volatile("sust.b.a2d.b32.trap [%0, {%1, %2, %3, %3}], {%4};" :: "l"(sl), "r"(z), "r"(4 * x), "r"(y), "r"(-v) : "memory");
    __syncthreads();
    out[4 * threadIdx.x] = surf3Dread<int>(s3, 4 * x, y, z);
    out[4 * threadIdx.x + 1] = surf2DLayeredread<int>(sl, 4 * x, y, z);
    asm volatile("suld.b.3d.b32.trap {%0}, [%1, {%2, %3, %4, %4}];" : "=r"(r) : "l"(s3), "r"(4 * x), "r"(y), "r"(z) : "memory");
    out[4 * threadIdx.x + 2] = r;
    asm volatile("suld.b.a2d.b32.trap {%0}, [%1, {%2, %3, %4, %4}];" : "=r"(r) : "l"(sl), "r"(z), "r"(4 * x), "r"(y) : "memory");
    out[4 * threadIdx.x + 3] = r;
}

/* suld.trap out of range: the kernel fails, as cudaBoundaryModeTrap does. */
__global__ void ptx_trap(cudaSurfaceObject_t s, int *out) {
    int r;
    asm volatile("suld.b.2d.b32.trap {%0}, [%1, {%2, %3}];" : "=r"(r) : "l"(s), "r"(32), "r"(0) : "memory");
    *out = r;
}

/* Standalone PTX, loaded with the driver API: tex.2d at (0.3 i, 0.3 i - 0.5). */
static const char *STANDALONE_PTX = ".version 7.8\n.target sm_80\n.address_size 64\n"
    ".visible .entry standalone(.param .u64 t, .param .u64 out)\n{\n"
    "  .reg .b32 %r<2>;\n  .reg .f32 %f<8>;\n  .reg .b64 %rd<5>;\n"
    "  ld.param.u64 %rd1, [t];\n  ld.param.u64 %rd2, [out];\n  mov.u32 %r1, %tid.x;\n"
    "  cvt.rn.f32.u32 %f1, %r1;\n  mul.rn.f32 %f1, %f1, 0f3E99999A;\n  add.rn.f32 %f2, %f1, 0fBF000000;\n"
    "  tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];\n"
    "  mul.wide.u32 %rd3, %r1, 16;\n  add.s64 %rd4, %rd2, %rd3;\n"
    "  st.global.v4.f32 [%rd4], {%f3, %f4, %f5, %f6};\n  ret;\n}\n";
__global__ void cxx_standalone(cudaTextureObject_t t, float4 *out) {
    float x = __fmul_rn((float)threadIdx.x, 0.3f), y = __fadd_rn(x, -0.5f);
    out[threadIdx.x] = tex2D<float4>(t, x, y);
}

static cudaTextureObject_t make_tex(cudaArray_t a, cudaTextureAddressMode mode, cudaTextureFilterMode filter,
                                    int normalized) {
    cudaResourceDesc res;
    memset(&res, 0, sizeof res);
    res.resType = cudaResourceTypeArray;
    res.res.array.array = a;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.addressMode[0] = td.addressMode[1] = td.addressMode[2] = mode;
    td.filterMode = filter;
    td.readMode = cudaReadModeElementType;
    td.normalizedCoords = normalized;
    cudaTextureObject_t t = 0;
    CALL(cudaCreateTextureObject(&t, &res, &td, NULL));
    return t;
}

static int same(const void *a, const void *b, size_t n, const char *what) {
    if (memcmp(a, b, n) == 0) return 1;
    const float *fa = (const float *)a, *fb = (const float *)b;
    for (size_t i = 0; i < n / 4; i++)
        if (memcmp(fa + i, fb + i, 4)) {
            printf("FAILED %s: word %zu: PTX %g, CUDA C++ %g\n", what, i, fa[i], fb[i]);
            break;
        }
    failures++;
    return 0;
}

int main() {
    const int W = 5, H = 4, D = 3;
    cudaChannelFormatDesc f4 = cudaCreateChannelDesc<float4>();
    float4 host[D * H * W];
    for (int i = 0; i < D * H * W; i++)
        host[i] = make_float4(i * 1.5f - 7.0f, (float)(i * i % 17), -0.25f * i, 100.0f + i);
    cudaArray_t a2 = 0, a3 = 0, al = 0;
    CALL(cudaMallocArray(&a2, &f4, W, H));
    CALL(cudaMemcpy2DToArray(a2, 0, 0, host, W * sizeof(float4), W * sizeof(float4), H, cudaMemcpyHostToDevice));
    CALL(cudaMalloc3DArray(&a3, &f4, make_cudaExtent(W, H, D)));
    CALL(cudaMalloc3DArray(&al, &f4, make_cudaExtent(W, H, D), cudaArrayLayered));
    cudaArray_t both[2] = {a3, al};
    for (int k = 0; k < 2; k++) {
        cudaMemcpy3DParms p;
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(host, W * sizeof(float4), W, H);
        p.dstArray = both[k];
        p.extent = make_cudaExtent(W, H, D);
        p.kind = cudaMemcpyHostToDevice;
        CALL(cudaMemcpy3D(&p));
    }
    float4 *d_ptx, *d_cxx, ptx[4 * N], cxx[4 * N];
    CALL(cudaMalloc(&d_ptx, sizeof ptx));
    CALL(cudaMalloc(&d_cxx, sizeof cxx));
    /* 2D: point filtering with clamp (unnormalized), linear with wrap and with clamp (normalized). */
    struct { cudaTextureAddressMode mode; cudaTextureFilterMode filter; int normalized; const char *name; } cases[] = {
        {cudaAddressModeClamp, cudaFilterModePoint, 0, "point clamp"},
        {cudaAddressModeWrap, cudaFilterModeLinear, 1, "linear wrap"},
        {cudaAddressModeClamp, cudaFilterModeLinear, 1, "linear clamp"},
        {cudaAddressModeBorder, cudaFilterModePoint, 0, "point border"},
    };
    for (auto &c : cases) {
        cudaTextureObject_t t = make_tex(a2, c.mode, c.filter, c.normalized);
        float scale = c.normalized ? 0.2f : 1.0f;
        ptx_2d<<<1, N>>>(t, scale, d_ptx);
        cxx_2d<<<1, N>>>(t, scale, d_cxx);
        CALL(cudaDeviceSynchronize());
        CALL(cudaMemcpy(ptx, d_ptx, sizeof ptx, cudaMemcpyDeviceToHost));
        CALL(cudaMemcpy(cxx, d_cxx, sizeof cxx, cudaMemcpyDeviceToHost));
        same(ptx, cxx, sizeof ptx, c.name);
        CALL(cudaDestroyTextureObject(t));
    }
    /* A hand-computed value: point sampling at texel (2, 1) gives it. */
    {
        cudaTextureObject_t t = make_tex(a2, cudaAddressModeClamp, cudaFilterModePoint, 0);
        ptx_2d<<<1, N>>>(t, 1.0f, d_ptx);
        CALL(cudaMemcpy(ptx, d_ptx, sizeof ptx, cudaMemcpyDeviceToHost));
        /* thread 9: x = -1.3 + 3.33 = 2.03, y = -0.9 + 2.07 = 1.17 -> texel (2, 1) */
        EXPECT(ptx[4 * 9].x == host[1 * W + 2].x && ptx[4 * 9].w == host[1 * W + 2].w, "tex.2d point: %g", ptx[36].x);
        CALL(cudaDestroyTextureObject(t));
    }
    /* 1D layered: each layer is one row of `host`. */
    {
        cudaArray_t a1 = 0;
        CALL(cudaMalloc3DArray(&a1, &f4, make_cudaExtent(W, 0, 3), cudaArrayLayered));
        cudaMemcpy3DParms p;
        memset(&p, 0, sizeof p);
        p.srcPtr = make_cudaPitchedPtr(host, W * sizeof(float4), W, 1);
        p.dstArray = a1;
        p.extent = make_cudaExtent(W, 1, 3);
        p.kind = cudaMemcpyHostToDevice;
        CALL(cudaMemcpy3D(&p));
        cudaTextureObject_t t = make_tex(a1, cudaAddressModeClamp, cudaFilterModeLinear, 0);
        ptx_1d<<<1, N>>>(t, d_ptx);
        cxx_1d<<<1, N>>>(t, d_cxx);
        CALL(cudaDeviceSynchronize());
        CALL(cudaMemcpy(ptx, d_ptx, 2 * N * sizeof(float4), cudaMemcpyDeviceToHost));
        CALL(cudaMemcpy(cxx, d_cxx, 2 * N * sizeof(float4), cudaMemcpyDeviceToHost));
        same(ptx, cxx, 2 * N * sizeof(float4), "a1d");
        /* thread 6: x = 0.92 (linear: texels 0 and 1, 0.42 in 8-bit fixed point: 108/256), layer 1 */
        float want = host[W].x + (host[W + 1].x - host[W].x) * (108.0f / 256.0f);
        EXPECT(ptx[12].x > want - 1e-5f && ptx[12].x < want + 1e-5f, "tex.a1d: %g, want %g", ptx[12].x, want);
        CALL(cudaDestroyTextureObject(t));
    }
    /* The same fetch from standalone PTX (cuModuleLoadData) and from CUDA C++. */
    {
        cudaTextureObject_t t = make_tex(a2, cudaAddressModeClamp, cudaFilterModeLinear, 0);
        CUmodule mod;
        CUfunction fn;
        CUresult r = cuModuleLoadData(&mod, STANDALONE_PTX);
        EXPECT(r == CUDA_SUCCESS, "cuModuleLoadData: %d", (int)r);
        if (r == CUDA_SUCCESS) {
            EXPECT(cuModuleGetFunction(&fn, mod, "standalone") == CUDA_SUCCESS, "cuModuleGetFunction");
            void *params[] = {&t, &d_ptx};
            EXPECT(cuLaunchKernel(fn, 1, 1, 1, N, 1, 1, 0, 0, params, 0) == CUDA_SUCCESS, "cuLaunchKernel");
            cxx_standalone<<<1, N>>>(t, d_cxx);
            CALL(cudaDeviceSynchronize());
            CALL(cudaMemcpy(ptx, d_ptx, N * sizeof(float4), cudaMemcpyDeviceToHost));
            CALL(cudaMemcpy(cxx, d_cxx, N * sizeof(float4), cudaMemcpyDeviceToHost));
            same(ptx, cxx, N * sizeof(float4), "standalone PTX");
            EXPECT(ptx[5].x != ptx[6].x, "linear filtering varies: %g", ptx[5].x);
            cuModuleUnload(mod);
        }
        CALL(cudaDestroyTextureObject(t));
    }
    /* 3D, layered, linear memory with integer coordinates, txq. */
    {
        cudaTextureObject_t t3 = make_tex(a3, cudaAddressModeClamp, cudaFilterModeLinear, 0);
        cudaTextureObject_t tl = make_tex(al, cudaAddressModeClamp, cudaFilterModePoint, 0);
        int4 lin_host[8], *lin_dev, *d_i1, *d_i2, i1[N], i2[N];
        for (int i = 0; i < 8; i++) lin_host[i] = make_int4(i, -i, 1000 + i, i * i);
        CALL(cudaMalloc(&lin_dev, sizeof lin_host));
        CALL(cudaMemcpy(lin_dev, lin_host, sizeof lin_host, cudaMemcpyHostToDevice));
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeLinear;
        res.res.linear.devPtr = lin_dev;
        res.res.linear.desc = cudaCreateChannelDesc<int4>();
        res.res.linear.sizeInBytes = sizeof lin_host;
        cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        cudaTextureObject_t lin = 0;
        CALL(cudaCreateTextureObject(&lin, &res, &td, NULL));
        int *d_q, q[3];
        CALL(cudaMalloc(&d_q, sizeof q));
        CALL(cudaMalloc(&d_i1, sizeof i1));
        CALL(cudaMalloc(&d_i2, sizeof i2));
        ptx_more<<<1, N>>>(t3, tl, lin, d_ptx, d_i1, d_q);
        cxx_more<<<1, N>>>(t3, tl, lin, d_cxx, d_i2);
        CALL(cudaDeviceSynchronize());
        CALL(cudaMemcpy(ptx, d_ptx, 2 * N * sizeof(float4), cudaMemcpyDeviceToHost));
        CALL(cudaMemcpy(cxx, d_cxx, 2 * N * sizeof(float4), cudaMemcpyDeviceToHost));
        CALL(cudaMemcpy(i1, d_i1, sizeof i1, cudaMemcpyDeviceToHost));
        CALL(cudaMemcpy(i2, d_i2, sizeof i2, cudaMemcpyDeviceToHost));
        CALL(cudaMemcpy(q, d_q, sizeof q, cudaMemcpyDeviceToHost));
        same(ptx, cxx, 2 * N * sizeof(float4), "3d and a2d");
        same(i1, i2, sizeof i1, "1d integer coordinates");
        EXPECT(i1[3 + 5].z == 1005 && i1[0].x == 0 && i1[0].z == 0, "tex.1d.s32: %d %d", i1[8].z, i1[0].z);
        EXPECT(q[0] == W && q[1] == H && q[2] == D, "txq: %d %d %d", q[0], q[1], q[2]);
    }
    /* Surfaces. */
    {
        cudaChannelFormatDesc i1d = cudaCreateChannelDesc<int>();
        cudaArray_t sa = 0;
        CALL(cudaMallocArray(&sa, &i1d, 8, 8, cudaArraySurfaceLoadStore));
        cudaResourceDesc res;
        memset(&res, 0, sizeof res);
        res.resType = cudaResourceTypeArray;
        res.res.array.array = sa;
        cudaSurfaceObject_t s = 0;
        CALL(cudaCreateSurfaceObject(&s, &res));
        int *d_out, out[3 * N], *d_q, q[5], back[64];
        CALL(cudaMalloc(&d_out, 4 * N * sizeof(int)));
        CALL(cudaMalloc(&d_q, sizeof q));
        ptx_surf<<<1, N>>>(s, d_out, d_q);
        CALL(cudaDeviceSynchronize());
        CALL(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
        CALL(cudaMemcpy(q, d_q, sizeof q, cudaMemcpyDeviceToHost));
        CALL(cudaMemcpy2DFromArray(back, 8 * sizeof(int), sa, 0, 0, 8 * sizeof(int), 8, cudaMemcpyDeviceToHost));
        for (int t = 0; t < N; t++) {
            int x = t % 8, y = t / 8;
            EXPECT(out[3 * t] == 1000 * y + (x + 1) % 8, "suld.trap %d: %d", t, out[3 * t]);
            EXPECT(out[3 * t + 1] == 0, "suld.zero %d: %d", t, out[3 * t + 1]);
            EXPECT(out[3 * t + 2] == 1000 * y + 7, "suld.clamp %d: %d", t, out[3 * t + 2]);
            int want = y == 3 && x == 0 ? (int)((1000 * 3) & 0xffff0000) | 0xBEEF : 1000 * y + x;
            EXPECT(back[t] == want, "sust %d: %d", t, back[t]);
        }
        EXPECT(q[0] == 8 && q[1] == 8, "suq: %d %d", q[0], q[1]);
        EXPECT(q[2] == 1002 && q[3] == 1003 && q[4] == 2003, "suld.v2: %d %d %d", q[2], q[3], q[4]);
        cudaArray_t s3a = 0, sla = 0;
        CALL(cudaMalloc3DArray(&s3a, &i1d, make_cudaExtent(4, 4, 4), cudaArraySurfaceLoadStore));
        CALL(cudaMalloc3DArray(&sla, &i1d, make_cudaExtent(4, 4, 4), cudaArraySurfaceLoadStore | cudaArrayLayered));
        cudaSurfaceObject_t s3 = 0, sl = 0;
        res.res.array.array = s3a;
        CALL(cudaCreateSurfaceObject(&s3, &res));
        res.res.array.array = sla;
        CALL(cudaCreateSurfaceObject(&sl, &res));
        ptx_surf3<<<1, N>>>(s3, sl, d_out);
        CALL(cudaDeviceSynchronize());
        int o3[4 * N];
        CALL(cudaMemcpy(o3, d_out, sizeof o3, cudaMemcpyDeviceToHost));
        for (int t = 0; t < N; t++) {
            int v = 100 * (t / 16) + 10 * ((t / 4) % 4) + t % 4;
            EXPECT(o3[4 * t] == v && o3[4 * t + 2] == v, "3d %d: %d %d", t, o3[4 * t], o3[4 * t + 2]);
            EXPECT(o3[4 * t + 1] == -v && o3[4 * t + 3] == -v, "a2d %d: %d %d", t, o3[4 * t + 1], o3[4 * t + 3]);
        }
        CALL(cudaDestroySurfaceObject(s3));
        CALL(cudaDestroySurfaceObject(sl));
        ptx_trap<<<1, 1>>>(s, d_out);
        cudaError_t err = cudaGetLastError(); /* the host platform runs the launch at once */
        EXPECT(err == cudaErrorLaunchFailure, "suld.trap out of range: %d", (int)err);
        /* sticky, as in CUDA: the process's CUDA work ends here (so this comes last) */
        err = cudaDestroySurfaceObject(s);
        EXPECT(err == cudaErrorLaunchFailure, "after the trap: %d", (int)err);
    }
    if (failures == 0) printf("ptx_texture: PASSED\n");
    return failures != 0;
}
"""

# Inline PTX sampling a texture, nothing else: for the AMD targets' errors.
AMD_PROGRAM = r"""#include <cuda_runtime.h>
__global__ void k(cudaTextureObject_t t, float4 *out) {
    float4 a;
    float x = threadIdx.x, y = 0.5f;
    asm("tex.2d.v4.f32.f32 {%0, %1, %2, %3}, [%4, {%5, %6}];"
        : "=f"(a.x), "=f"(a.y), "=f"(a.z), "=f"(a.w) : "l"(t), "f"(x), "f"(y));
    out[threadIdx.x] = a;
}
int main() { return 0; }
"""


def test_ptx_texture_and_surface_on_host(tmp_path: Path) -> None:
    source = tmp_path / "ptx_texture.cu"
    source.write_text(PROGRAM)
    run_on_host(source, tmp_path, "ptx_texture")


def test_ptx_texture_is_an_error_for_gfx942(tmp_path: Path) -> None:
    source = tmp_path / "ptx_texture_amd.cu"
    source.write_text(AMD_PROGRAM)
    proc = nvcc("--offload-arch=gfx942", "-c", "-o", str(tmp_path / "k.o"), str(source))
    assert proc.returncode != 0
    assert (
        "error: unsupported PTX instruction 'tex.2d.v4.f32.f32' (gfx942 has no image "
        "instructions: no texture or surface access)" in proc.stderr
    )


def test_ptx_texture_compiles_for_gfx1100(tmp_path: Path) -> None:
    """RDNA: OCKL's image functions (lit_tests/ptx/lower/texture-gfx1100.ptx checks the IR);
    txq and suq are errors there."""
    source = tmp_path / "ptx_texture_amd.cu"
    source.write_text(AMD_PROGRAM)
    obj = tmp_path / "k.o"
    proc = nvcc("--offload-arch=gfx1100", "-c", "-o", str(obj), str(source))
    assert proc.returncode == 0, proc.stderr
    assert obj.stat().st_size > 0
    source.write_text(AMD_PROGRAM.replace("out[threadIdx.x] = a;", QUERY))
    proc = nvcc("--offload-arch=gfx1100", "-c", "-o", str(obj), str(source))
    assert proc.returncode != 0
    assert (
        "error: unsupported PTX instruction 'txq.width.b32' (lowered for the host platform "
        "only so far, not for gfx1100)" in proc.stderr
    )


QUERY = 'int w; asm("txq.width.b32 %0, [%1];" : "=r"(w) : "l"(t)); out[w] = a;'
