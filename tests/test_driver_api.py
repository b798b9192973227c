"""The CUDA driver API with PTX JIT (runtime_shim/include/cuda.h, runtime_shim/host/module.c,
cu2amd/ptx_jit.h): a program that uses only the driver API, built with cu2amd-nvcc for the
host platform and run (device query, contexts, PTX text compiled at run time and cached,
launches in both argument forms, globals, streams, events, memsets), and the same program
compiled and linked for gfx942 against ROCm's libamdhip64."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import clang.cindex as ci
import pytest

from cu2amd import __version__
from cu2amd.runtime_shim import ptx_jit
from cu2amd.runtime_shim.headers import include_dir

SAXPY_PTX = """
.version 7.0
.target sm_80
.address_size 64

.visible .global .align 4 .u32 counter = 7;
.visible .global .align 8 .f64 table[4] = {1.0, 2.0, 3.0, 4.0};

.visible .entry saxpy(.param .f32 a, .param .u64 x, .param .u64 y, .param .u32 n)
{
  .reg .pred %p;
  .reg .b32 %r<6>;
  .reg .f32 %f<4>;
  .reg .b64 %rd<8>;
  ld.param.f32 %f1, [a];
  ld.param.u64 %rd1, [x];
  ld.param.u64 %rd2, [y];
  ld.param.u32 %r1, [n];
  mov.u32 %r2, %ctaid.x;
  mov.u32 %r3, %ntid.x;
  mov.u32 %r4, %tid.x;
  mad.lo.s32 %r5, %r2, %r3, %r4;
  setp.ge.u32 %p, %r5, %r1;
  @%p bra DONE;
  mul.wide.u32 %rd3, %r5, 4;
  add.s64 %rd4, %rd1, %rd3;
  add.s64 %rd5, %rd2, %rd3;
  ld.global.f32 %f2, [%rd4];
  ld.global.f32 %f3, [%rd5];
  fma.rn.f32 %f3, %f1, %f2, %f3;
  st.global.f32 [%rd5], %f3;
  atom.global.add.u32 %r1, [counter], 1;
DONE:
  ret;
}

// Each block reverses its 128 elements through shared memory.
.visible .entry reverse_block(.param .u64 data)
{
  .shared .align 4 .b32 tile[128];
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [data];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %ctaid.x;
  shl.b32 %r3, %r2, 7;
  add.u32 %r3, %r3, %r1;
  mul.wide.u32 %rd2, %r3, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r4, [%rd3];
  mov.u64 %rd5, tile;
  mul.wide.u32 %rd6, %r1, 4;
  add.s64 %rd6, %rd5, %rd6;
  st.shared.u32 [%rd6], %r4;
  bar.sync 0;
  sub.u32 %r7, 127, %r1;
  mul.wide.u32 %rd7, %r7, 4;
  add.s64 %rd7, %rd5, %rd7;
  ld.shared.u32 %r4, [%rd7];
  st.global.u32 [%rd3], %r4;
  ret;
}
"""

PROGRAM = r"""#include <cuda.h>
#include <stdio.h>
#include <string.h>

#define CHECK(call) do { CUresult e_ = (call); if (e_ != CUDA_SUCCESS) { const char *n_ = 0, *s_ = 0; \
    cuGetErrorName(e_, &n_); cuGetErrorString(e_, &s_); \
    printf("FAILED %s: %s (%s)\n", #call, n_, s_); return 1; } } while (0)

static const char *SAXPY_PTX = R"(@PTX@)";

/* cuModuleLoad(path), or cuModuleLoadData of the file's bytes: then saxpy on 3 elements */
static int load_and_run(const char *how, const char *path) {
    CUmodule mod;
    CUresult r;
    if (strcmp(how, "file") == 0) {
        r = cuModuleLoad(&mod, path);
    } else {
        static char image[1 << 20];
        FILE *f = fopen(path, "rb");
        size_t n = f ? fread(image, 1, sizeof image - 1, f) : 0;
        if (f) fclose(f);
        image[n] = 0;
        r = cuModuleLoadData(&mod, image);
    }
    const char *name = 0;
    cuGetErrorName(r, &name);
    printf("load: %s\n", name);
    if (r != CUDA_SUCCESS) return 0;
    CUfunction saxpy;
    CHECK(cuModuleGetFunction(&saxpy, mod, "saxpy"));
    float x[3] = {1, 2, 3}, y[3] = {10, 20, 30}, a = 2;
    unsigned n = 3;
    CUdeviceptr dx, dy;
    CHECK(cuMemAlloc(&dx, sizeof x));
    CHECK(cuMemAlloc(&dy, sizeof y));
    CHECK(cuMemcpyHtoD(dx, x, sizeof x));
    CHECK(cuMemcpyHtoD(dy, y, sizeof y));
    void *params[] = {&a, &dx, &dy, &n};
    CHECK(cuLaunchKernel(saxpy, 1, 1, 1, 32, 1, 1, 0, 0, params, 0));
    CHECK(cuMemcpyDtoH(y, dy, sizeof y));
    printf("y %g %g %g\n", y[0], y[1], y[2]);
    CHECK(cuModuleUnload(mod));
    return 0;
}

/* The rest of cuda.h: 2D copies and memsets, pitched memory, context settings, PCI ids,
 * occupancy, the profiler, deprecated device properties. */
static int more(void) {
    CUdevice dev;
    CUcontext ctx;
    CHECK(cuDeviceGet(&dev, 0));
    CHECK(cuCtxCreate(&ctx, CU_CTX_SCHED_YIELD, dev));
    unsigned flags = 0;
    CHECK(cuCtxGetFlags(&flags));
    CUfunc_cache cache;
    CUsharedconfig bank;
    CHECK(cuCtxSetCacheConfig(CU_FUNC_CACHE_PREFER_L1));
    CHECK(cuCtxGetCacheConfig(&cache));
    CHECK(cuCtxSetSharedMemConfig(CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE));
    CHECK(cuCtxGetSharedMemConfig(&bank));
    printf("ctx flags %u cache %d bank %d\n", flags, (int)cache, (int)bank);
    char bus[32];
    CUdevice again = -1;
    CHECK(cuDeviceGetPCIBusId(bus, sizeof bus, dev));
    CHECK(cuDeviceGetByPCIBusId(&again, bus));
    CUuuid uuid;
    CHECK(cuDeviceGetUuid(&uuid, dev));
    CUdevprop prop;
    CHECK(cuDeviceGetProperties(&prop, dev));
    printf("pci %s -> %d, uuid %.16s, SIMD width %d\n", bus, again, uuid.bytes, prop.SIMDWidth);
    CHECK(cuProfilerStart());
    CHECK(cuProfilerStop());

    /* a 5 x 3 block of a pitched 8 x 4 float matrix, set and copied back row by row */
    CUdeviceptr m;
    size_t pitch = 0;
    CHECK(cuMemAllocPitch(&m, &pitch, 8 * sizeof(float), 4, sizeof(float)));
    CHECK(cuMemsetD2D32(m, pitch, 0x3f800000u /* 1.0f */, 8, 4));
    CHECK(cuMemsetD2D8(m + pitch + 4, pitch, 0, 2 * sizeof(float), 2));
    float host[4][8];
    CUDA_MEMCPY2D copy;
    memset(&copy, 0, sizeof copy);
    copy.srcMemoryType = CU_MEMORYTYPE_DEVICE, copy.srcDevice = m, copy.srcPitch = pitch;
    copy.dstMemoryType = CU_MEMORYTYPE_HOST, copy.dstHost = host, copy.dstPitch = sizeof host[0];
    copy.WidthInBytes = 8 * sizeof(float), copy.Height = 4;
    memset(host, 0, sizeof host);
    CHECK(cuMemcpy2D(&copy));
    float sum = 0;
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 8; c++) sum += host[r][c];
    printf("pitch %zu, sum %g\n", pitch, sum);
    CUdeviceptr linear;
    CHECK(cuMemAlloc(&linear, 64));
    CHECK(cuMemcpy(linear, m, 32));
    CHECK(cuMemcpyAsync(linear + 32, m + pitch, 32, 0));
    float flat[16];
    CHECK(cuMemcpyDtoH(flat, linear, sizeof flat));
    printf("flat %g %g %g %g\n", flat[0], flat[8], flat[9], flat[10]);

    CUmodule mod;
    CUfunction reverse;
    CHECK(cuModuleLoadData(&mod, SAXPY_PTX));
    CHECK(cuModuleGetFunction(&reverse, mod, "reverse_block"));
    CHECK(cuFuncSetCacheConfig(reverse, CU_FUNC_CACHE_PREFER_SHARED));
    CHECK(cuFuncSetSharedMemConfig(reverse, CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE));
    int blocks = 0, min_grid = 0, block = 0;
    CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reverse, 128, 0));
    printf("occupancy 128: %d", blocks);
    CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reverse, 96, 30000));
    printf(", 96 with 30000 B: %d", blocks);
    CHECK(cuOccupancyMaxPotentialBlockSize(&min_grid, &block, reverse, 0, 0, 200));
    printf(", best %d x %d", min_grid, block);
    size_t available = 0, none = 1;
    CHECK(cuOccupancyAvailableDynamicSMemPerBlock(&available, reverse, 2, 128));
    CHECK(cuOccupancyAvailableDynamicSMemPerBlock(&none, reverse, 9, 128));
    printf(", dynamic for 2 blocks %zu, for 9 %zu\n", available, none);
    CHECK(cuModuleUnload(mod));

    /* a library: its kernel launched as a function, its global read */
    CUlibrary lib;
    CUkernel kernel;
    CUfunction from_kernel;
    CUmodule lib_mod;
    CUdeviceptr counter;
    size_t counter_size = 0;
    int ptx_version = 0;
    unsigned hits = 0, n = 3;
    float a = 1.0f;
    CHECK(cuLibraryLoadData(&lib, SAXPY_PTX, 0, 0, 0, 0, 0, 0));
    CHECK(cuLibraryGetKernel(&kernel, lib, "saxpy"));
    CHECK(cuKernelGetFunction(&from_kernel, kernel));
    CHECK(cuLibraryGetModule(&lib_mod, lib));
    CHECK(cuKernelGetAttribute(&ptx_version, CU_FUNC_ATTRIBUTE_PTX_VERSION, kernel, 0));
    CHECK(cuKernelSetCacheConfig(kernel, CU_FUNC_CACHE_PREFER_NONE, 0));
    void *params[] = {&a, &linear, &linear, &n};
    CHECK(cuLaunchKernel((CUfunction)kernel, 1, 1, 1, 32, 1, 1, 0, 0, params, 0));
    CHECK(cuLibraryGetGlobal(&counter, &counter_size, lib, "counter"));
    CHECK(cuMemcpyDtoH(&hits, counter, sizeof hits));
    printf("library kernel: ptx %d, counter %u (size %zu), function %d\n", ptx_version, hits, counter_size,
           from_kernel == (CUfunction)kernel);
    CUfunctionLoadingState loaded = CU_FUNCTION_LOADING_STATE_UNLOADED;
    CUmoduleLoadingMode loading = CU_MODULE_LAZY_LOADING;
    CHECK(cuFuncLoad(from_kernel));
    CHECK(cuFuncIsLoaded(&loaded, from_kernel));
    CHECK(cuModuleGetLoadingMode(&loading));
    unsigned api = 0;
    int affinity = -1;
    CUuuid uuid2;
    CHECK(cuCtxGetApiVersion(ctx, &api));
    CHECK(cuDeviceGetExecAffinitySupport(&affinity, CU_EXEC_AFFINITY_TYPE_SM_COUNT, 0));
    CHECK(cuDeviceGetUuid_v2(&uuid2, 0));
    CUevent all;
    CHECK(cuEventCreate(&all, 0));
    CHECK(cuCtxRecordEvent(ctx, all));
    CHECK(cuCtxWaitEvent(ctx, all));
    CHECK(cuEventSynchronize(all));
    CHECK(cuEventDestroy(all));
    CHECK(cuCtxResetPersistingL2Cache());
    printf("loaded %d, eager %d, api %u, affinity %d, uuid %d\n", loaded == CU_FUNCTION_LOADING_STATE_LOADED,
           loading == CU_MODULE_EAGER_LOADING, api, affinity, memcmp(uuid.bytes, uuid2.bytes, 16) == 0);
    CHECK(cuLibraryUnload(lib));
    CHECK(cuMemFree(m));
    CHECK(cuMemFree(linear));
    CHECK(cuCtxDestroy(ctx));
    return 0;
}

static void CUDA_CB on_host(void *data) { *(int *)data = 7; }

static void CUDA_CB on_stream(CUstream stream, CUresult status, void *data) {
    (void)stream;
    *(int *)data = 100 + (int)status;
}

/* Pinned, mapped, registered and managed memory; stream priorities, waits, callbacks. */
static int memory_and_streams(void) {
    void *pinned;
    CUdeviceptr mapped;
    unsigned flags = 0;
    CHECK(cuMemHostAlloc(&pinned, 256, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE));
    CHECK(cuMemHostGetDevicePointer(&mapped, pinned, 0));
    CHECK(cuMemHostGetFlags(&flags, pinned));
    CHECK(cuMemsetD8(mapped, 7, 256));
    printf("pinned %d flags %u\n", ((unsigned char *)pinned)[255], flags);
    static float registered[64];
    CHECK(cuMemHostRegister(registered, sizeof registered, CU_MEMHOSTREGISTER_PORTABLE));
    CUdeviceptr managed;
    CHECK(cuMemAllocManaged(&managed, 4 * sizeof(float), CU_MEM_ATTACH_GLOBAL));
    float *m = (float *)(uintptr_t)managed;
    for (int i = 0; i < 4; i++) m[i] = (float)i;
    CHECK(cuMemcpy((CUdeviceptr)(uintptr_t)registered, managed, 4 * sizeof(float)));
    printf("managed %g %g\n", registered[1], registered[3]);
    unsigned type = 0;
    int is_managed = -1, ordinal = -1;
    CUdeviceptr device_pointer = 0;
    CUpointer_attribute attrs[] = {CU_POINTER_ATTRIBUTE_IS_MANAGED, CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                   CU_POINTER_ATTRIBUTE_DEVICE_POINTER};
    void *values[] = {&is_managed, &ordinal, &device_pointer};
    CHECK(cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, managed));
    CHECK(cuPointerGetAttributes(3, attrs, values, managed));
    int unknown_stack_variable = 0;
    CUresult r = cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                       (CUdeviceptr)(uintptr_t)&unknown_stack_variable);
    printf("managed pointer: type %u managed %d device %d same %d; unknown memory %d\n", type, is_managed,
           ordinal, device_pointer == managed, (int)r);
    CHECK(cuMemHostUnregister(registered));

    int least = -1, greatest = -1, priority = -1, peer = -1;
    CHECK(cuCtxGetStreamPriorityRange(&least, &greatest));
    CUstream s;
    CHECK(cuStreamCreateWithPriority(&s, CU_STREAM_NON_BLOCKING, greatest));
    CHECK(cuStreamGetFlags(s, &flags));
    CHECK(cuStreamGetPriority(s, &priority));
    CHECK(cuDeviceCanAccessPeer(&peer, 0, 0));
    printf("priorities %d..%d, stream flags %u priority %d, peer %d\n", least, greatest, flags, priority, peer);
    CUevent done;
    int called = 0;
    CHECK(cuEventCreate(&done, CU_EVENT_DISABLE_TIMING));
    CHECK(cuMemsetD32Async(managed, 0, 4, s));
    CHECK(cuEventRecordWithFlags(done, s, CU_EVENT_RECORD_DEFAULT));
    CUresult external = cuEventRecordWithFlags(done, s, CU_EVENT_RECORD_EXTERNAL);
    CUcontext stream_ctx = 0, current_ctx = 0;
    CHECK(cuCtxCreate(&current_ctx, 0, 0));
    CHECK(cuStreamGetCtx(s, &stream_ctx));
    printf("external record %d, stream context current %d\n", (int)external, stream_ctx == current_ctx);
    CHECK(cuCtxDestroy(current_ctx));
    CHECK(cuStreamWaitEvent(0, done, 0));
    CHECK(cuStreamAddCallback(s, on_stream, &called, 0));
    CHECK(cuStreamSynchronize(s));
    CHECK(cuEventQuery(done));
    int hosted = 0;
    CHECK(cuLaunchHostFunc(s, on_host, &hosted));
    CUcontext ctx;
    CHECK(cuDevicePrimaryCtxRetain(&ctx, 0));
    m[2] = 5.0f;
    CHECK(cuMemcpyPeer(managed, ctx, managed + 8, ctx, 4));
    CHECK(cuMemcpyPeerAsync(managed + 4, ctx, managed + 8, ctx, 4, s));
    CHECK(cuMemcpyHtoDAsync(managed + 12, &m[2], 4, CU_STREAM_LEGACY));
    CHECK(cuMemsetD8Async(managed + 8, 0, 4, CU_STREAM_PER_THREAD));
    CHECK(cuStreamSynchronize(CU_STREAM_LEGACY));
    CHECK(cuStreamSynchronize(CU_STREAM_PER_THREAD));
    CHECK(cuStreamSynchronize(s));
    CHECK(cuDevicePrimaryCtxRelease(0));
    printf("host function %d, peer copies %g %g, legacy/per-thread streams %g %g\n", hosted, m[0], m[1], m[3],
           m[2]);
    printf("callback %d, managed %g\n", called, m[3]);
    CHECK(cuEventDestroy(done));
    CHECK(cuStreamDestroy(s));
    CHECK(cuMemFree(managed));
    CHECK(cuMemFreeHost(pinned));
    return 0;
}

int main(int argc, char **argv) {
    CHECK(cuInit(0));
    if (argc == 2 && strcmp(argv[1], "bad") == 0) {
        CUmodule bad;
        CUresult r = cuModuleLoadData(&bad, ".version 7.0\n.target sm_80\n.address_size 64\n"
                                             ".visible .entry k() { bogus.op %r1; }\n");
        const char *name = 0;
        cuGetErrorName(r, &name);
        printf("bad ptx: %s\n", name);
        char log[256] = "untouched";
        CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
        void *values[] = {log, (void *)(uintptr_t)sizeof log};
        r = cuModuleLoadDataEx(&bad, ".version 7.0\n.target sm_80\n.address_size 64\n"
                                     ".visible .entry k() { bogus.op %r1; }\n", 2, options, values);
        cuGetErrorName(r, &name);
        printf("bad ptx (Ex): %s, log: %s\n", name, log);
        return 0;
    }
    if (argc == 3 && strcmp(argv[1], "link") == 0) {
        /* cuLink* with one PTX file: its cubin is loaded like PTX */
        CUlinkState link;
        void *cubin;
        size_t size;
        CUmodule mod;
        CHECK(cuLinkCreate(0, 0, 0, &link));
        CHECK(cuLinkAddFile(link, CU_JIT_INPUT_PTX, argv[2], 0, 0, 0));
        CUresult second = cuLinkAddData(link, CU_JIT_INPUT_PTX, (void *)SAXPY_PTX, strlen(SAXPY_PTX) + 1,
                                        "second", 0, 0, 0);
        CHECK(cuLinkComplete(link, &cubin, &size));
        CHECK(cuModuleLoadData(&mod, cubin));
        CHECK(cuLinkDestroy(link));
        CUfunction f;
        CHECK(cuModuleGetFunction(&f, mod, "reverse_block"));
        const char *name = 0;
        cuGetErrorName(second, &name);
        printf("linked %zu bytes, second input: %s\n", size, name);
        return 0;
    }
    if (argc == 3) return load_and_run(argv[1], argv[2]);
    if (argc == 2 && strcmp(argv[1], "more") == 0) return more();
    if (argc == 2 && strcmp(argv[1], "streams") == 0) return memory_and_streams();
    int version = 0, count = 0;
    CHECK(cuDriverGetVersion(&version));
    CHECK(cuDeviceGetCount(&count));
    CUdevice dev;
    CHECK(cuDeviceGet(&dev, 0));
    char name[256];
    CHECK(cuDeviceGetName(name, sizeof name, dev));
    int major = 0, minor = 0, warp = 0, threads = 0;
    CHECK(cuDeviceComputeCapability(&major, &minor, dev));
    CHECK(cuDeviceGetAttribute(&warp, CU_DEVICE_ATTRIBUTE_WARP_SIZE, dev));
    CHECK(cuDeviceGetAttribute(&threads, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, dev));
    size_t total = 0, free_mem = 0;
    CHECK(cuDeviceTotalMem(&total, dev));
    printf("driver %d devices %d name '%s' cc %d.%d warp %d threads %d mem %s\n", version, count, name, major, minor,
           warp, threads, total > 0 ? "yes" : "no");
    CUcontext ctx, current;
    CHECK(cuCtxCreate(&ctx, 0, dev));
    CHECK(cuCtxGetCurrent(&current));
    if (current != ctx) { printf("FAILED current context\n"); return 1; }
    CHECK(cuMemGetInfo(&free_mem, &total));

    CUmodule mod;
    CHECK(cuModuleLoadData(&mod, SAXPY_PTX));
    CUfunction saxpy, reverse;
    CHECK(cuModuleGetFunction(&saxpy, mod, "saxpy"));
    CHECK(cuModuleGetFunction(&reverse, mod, "reverse_block"));
    CUfunction missing;
    CUresult r = cuModuleGetFunction(&missing, mod, "no_such_kernel");
    printf("missing kernel: %d\n", (int)r);
    int ptx_version = 0;
    CHECK(cuFuncGetAttribute(&ptx_version, CU_FUNC_ATTRIBUTE_PTX_VERSION, saxpy));
    printf("ptx version %d\n", ptx_version);

    const unsigned n = 1000;
    static float hx[1000], hy[1000], out[1000];
    for (unsigned i = 0; i < n; i++) hx[i] = (float)i, hy[i] = 1.0f;
    CUdeviceptr dx, dy;
    CHECK(cuMemAlloc(&dx, n * sizeof(float)));
    CHECK(cuMemAlloc(&dy, n * sizeof(float)));
    CHECK(cuMemcpyHtoD(dx, hx, n * sizeof(float)));
    CHECK(cuMemcpyHtoD(dy, hy, n * sizeof(float)));
    float a = 2.5f;
    unsigned nn = n;
    void *params[] = {&a, &dx, &dy, &nn};
    CHECK(cuLaunchKernel(saxpy, (n + 255) / 256, 1, 1, 256, 1, 1, 0, 0, params, 0));
    CHECK(cuCtxSynchronize());
    CHECK(cuMemcpyDtoH(out, dy, n * sizeof(float)));
    int bad = 0;
    for (unsigned i = 0; i < n; i++) bad += out[i] != 2.5f * (float)i + 1.0f;
    printf("saxpy mismatches %d\n", bad);

    /* the `extra` form: the arguments packed in one buffer */
    struct { float a; unsigned pad; CUdeviceptr x, y; unsigned n; } packed = {1.0f, 0, dx, dy, n};
    size_t packed_size = sizeof packed;
    void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &packed, CU_LAUNCH_PARAM_BUFFER_SIZE, &packed_size,
                     CU_LAUNCH_PARAM_END};
    CHECK(cuLaunchKernel(saxpy, (n + 255) / 256, 1, 1, 256, 1, 1, 0, 0, 0, extra));
    CHECK(cuMemcpyDtoH(out, dy, n * sizeof(float)));
    bad = 0;
    for (unsigned i = 0; i < n; i++) bad += out[i] != 3.5f * (float)i + 1.0f;
    printf("extra mismatches %d\n", bad);

    /* globals */
    CUdeviceptr counter, table;
    size_t counter_size = 0, table_size = 0;
    CHECK(cuModuleGetGlobal(&counter, &counter_size, mod, "counter"));
    CHECK(cuModuleGetGlobal(&table, &table_size, mod, "table"));
    unsigned hits = 0;
    CHECK(cuMemcpyDtoH(&hits, counter, sizeof hits));
    double t[4];
    CHECK(cuMemcpyDtoH(t, table, sizeof t));
    printf("counter %u (size %zu) table %g %g (size %zu)\n", hits, counter_size, t[0], t[3], table_size);
    r = cuModuleGetGlobal(&counter, &counter_size, mod, "no_such_global");
    printf("missing global: %d\n", (int)r);

    /* shared memory + bar.sync, on a stream, with events */
    const unsigned m = 4 * 128;
    static unsigned hv[512], back[512];
    for (unsigned i = 0; i < m; i++) hv[i] = i;
    CUdeviceptr dv;
    CHECK(cuMemAlloc(&dv, m * 4));
    CUstream stream;
    CUevent start, stop;
    CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
    CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
    CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
    CHECK(cuMemsetD32Async(dv, 0xdeadbeef, m, stream));
    CHECK(cuMemcpyHtoDAsync(dv, hv, m * 4, stream));
    CHECK(cuEventRecord(start, stream));
    void *rparams[] = {&dv};
    CHECK(cuLaunchKernel(reverse, 4, 1, 1, 128, 1, 1, 0, stream, rparams, 0));
    CHECK(cuEventRecord(stop, stream));
    CHECK(cuEventSynchronize(stop));
    CHECK(cuStreamSynchronize(stream));
    CHECK(cuStreamQuery(stream));
    float ms = -1;
    CHECK(cuEventElapsedTime(&ms, start, stop));
    CHECK(cuMemcpyDtoHAsync(back, dv, m * 4, stream));
    CHECK(cuStreamSynchronize(stream));
    bad = 0;
    for (unsigned i = 0; i < m; i++) bad += back[i] != (i / 128) * 128 + 127 - i % 128;
    printf("reverse mismatches %d elapsed %s\n", bad, ms >= 0 ? "ok" : "negative");

    /* memset and device-to-device copies */
    CUdeviceptr dz;
    CHECK(cuMemAlloc(&dz, 64));
    CHECK(cuMemsetD8(dz, 0xab, 64));
    CHECK(cuMemsetD16(dz, 0x1234, 8));
    CHECK(cuMemsetD32(dz + 32, 0x01020304u, 4));
    CHECK(cuMemcpyDtoD(dv, dz, 64));
    unsigned char bytes[64];
    CHECK(cuMemcpyDtoH(bytes, dv, 64));
    printf("memset %02x %02x %02x %02x %02x\n", bytes[0], bytes[1], bytes[16], bytes[32], bytes[35]);
    void *pinned;
    CHECK(cuMemAllocHost(&pinned, 128));
    CHECK(cuMemFreeHost(pinned));

    CHECK(cuEventDestroy(start));
    CHECK(cuEventDestroy(stop));
    CHECK(cuStreamDestroy(stream));
    CHECK(cuMemFree(dx));
    CHECK(cuMemFree(dy));
    CHECK(cuMemFree(dv));
    CHECK(cuMemFree(dz));
    CHECK(cuModuleUnload(mod));

    /* the primary context */
    CUcontext primary;
    CHECK(cuCtxDestroy(ctx));
    CHECK(cuDevicePrimaryCtxRetain(&primary, dev));
    CHECK(cuCtxSetCurrent(primary));
    unsigned flags = 0; int active = 0;
    CHECK(cuDevicePrimaryCtxGetState(dev, &flags, &active));
    CHECK(cuDevicePrimaryCtxRelease(dev));
    printf("primary active %d\n", active);
    printf("PASSED\n");
    return 0;
}
""".replace("@PTX@", SAXPY_PTX)

EXPECTED = """\
driver 12000 devices 1 name 'cu2amd host platform (CPU)' cc 8.0 warp 32 threads 1024 mem yes
missing kernel: 500
ptx version 70
saxpy mismatches 0
extra mismatches 0
counter 2007 (size 4) table 1 4 (size 32)
missing global: 500
reverse mismatches 0 elapsed ok
memset 34 12 ab 04 01
primary active 1
PASSED
"""


def nvcc(*args: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", *args]
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("driver") / "driver_api.cu"
    path.write_text(PROGRAM)
    return path


@pytest.fixture(scope="module")
def program(source: Path) -> Path:
    exe = source.with_suffix("")
    proc = nvcc("--offload-arch=host", "-arch=sm_80", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    return exe


def run(exe: Path, cache: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(exe), *args],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "CU2AMD_CACHE_DIR": str(cache), **env},
    )


def test_driver_api_program_runs_with_ptx_jit_and_cache(program: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    start = time.perf_counter()
    first = run(program, cache)
    cold = time.perf_counter() - start
    assert first.returncode == 0, first.stdout + first.stderr
    assert first.stdout == EXPECTED
    jitted = sorted(p.name for p in (cache / "ptx-jit").iterdir())
    assert len(jitted) == 2 and jitted[0].endswith(".meta") and jitted[1].endswith(".so")
    # The second run compiles nothing: with no compiler to run, it still works.
    start = time.perf_counter()
    second = run(program, cache, CU2AMD_PYTHON="/nonexistent/python")
    warm = time.perf_counter() - start
    assert second.returncode == 0 and second.stdout == EXPECTED, second.stderr
    assert warm < cold, (warm, cold)


def test_more_of_the_driver_api(program: Path, tmp_path: Path) -> None:
    proc = run(program, tmp_path, "more")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # 2 of the 32 floats zeroed twice over 2 rows: 28 ones; blocks limited by 1024
    # threads (8 of 128), then by 64 KiB of shared memory (2 of 30512 B); the best block size
    # under 200 is the largest with all 1024 threads resident
    assert proc.stdout == (
        "ctx flags 2 cache 2 bank 2\n"
        "pci 0000:00:00.0 -> 0, uuid cu2amd-host-cpu0, SIMD width 32\n"
        "pitch 256, sum 28\n"
        "flat 1 1 0 0\n"
        "occupancy 128: 8, 96 with 30000 B: 2, best 8 x 128, dynamic for 2 blocks 32256, for 9 0\n"
        "library kernel: ptx 70, counter 10 (size 4), function 1\n"
        "loaded 1, eager 1, api 3020, affinity 0, uuid 1\n"
    )


def test_memory_and_streams(program: Path, tmp_path: Path) -> None:
    proc = run(program, tmp_path, "streams")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == (
        "pinned 7 flags 3\n"
        "managed 1 3\n"
        "managed pointer: type 2 managed 1 device 0 same 1; unknown memory 1\n"
        "priorities 0..0, stream flags 1 priority 0, peer 0\n"
        "external record 801, stream context current 1\n"
        "host function 7, peer copies 5 5, legacy/per-thread streams 5 0\n"
        "callback 100, managed 5\n"
    )


def test_bad_ptx_is_invalid_ptx_with_the_compilers_diagnostic(
    program: Path, tmp_path: Path
) -> None:
    proc = run(program, tmp_path, "bad")
    assert proc.returncode == 0 and proc.stdout == (
        "bad ptx: CUDA_ERROR_INVALID_PTX\n"
        "bad ptx (Ex): CUDA_ERROR_INVALID_PTX, log: cu2amd PTX JIT failed: its diagnostic is on "
        "stderr\n"
    )
    diagnostic = (
        "cuModuleLoadData:4:23: error: unknown PTX instruction 'bogus.op'\n"
        ".visible .entry k() { bogus.op %r1; }\n"
        "                      ^\n"
    )
    assert proc.stderr == diagnostic * 2
    # nothing cached, no temporary input left behind
    assert not list((tmp_path / "ptx-jit").iterdir())


def test_no_compiler_is_jit_compiler_not_found(program: Path, tmp_path: Path) -> None:
    ptx = tmp_path / "saxpy.ptx"
    ptx.write_text(SAXPY_PTX)
    proc = run(program, tmp_path, "image", str(ptx), CU2AMD_PYTHON="/nonexistent/python")
    assert proc.stdout == "load: CUDA_ERROR_JIT_COMPILER_NOT_FOUND\n"
    assert "cannot run '/nonexistent/python'" in proc.stderr and "CU2AMD_PYTHON" in proc.stderr


def test_a_failing_compiler_is_not_invalid_ptx(program: Path, tmp_path: Path) -> None:
    """A Python without cu2amd exits 1 too: only the JIT's own PTX status means bad PTX."""
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\necho 'No module named cu2amd' >&2\nexit 1\n")
    fake.chmod(0o755)
    ptx = tmp_path / "saxpy.ptx"
    ptx.write_text(SAXPY_PTX)
    proc = run(program, tmp_path, "image", str(ptx), CU2AMD_PYTHON=str(fake))
    assert proc.stdout == "load: CUDA_ERROR_JIT_COMPILER_NOT_FOUND\n"
    assert proc.stderr.startswith("No module named cu2amd\n")
    assert "cu2amd.runtime_shim.ptx_jit' failed (status 1)" in proc.stderr


def test_a_link_of_one_ptx_input(program: Path, tmp_path: Path) -> None:
    ptx = tmp_path / "saxpy.ptx"
    ptx.write_text(SAXPY_PTX)
    proc = run(program, tmp_path, "link", str(ptx))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    size = len(SAXPY_PTX.encode()) + 1
    assert proc.stdout == f"linked {size} bytes, second input: CUDA_ERROR_NOT_SUPPORTED\n"
    assert "cuLinkAddData: second: a link of more than one input is not supported" in proc.stderr


def test_module_from_a_ptx_file_names_it_in_diagnostics(program: Path, tmp_path: Path) -> None:
    good = tmp_path / "saxpy.ptx"
    good.write_text(SAXPY_PTX)
    proc = run(program, tmp_path, "file", str(good))
    assert proc.returncode == 0 and proc.stdout == "load: CUDA_SUCCESS\ny 12 24 36\n", proc.stderr
    bad = tmp_path / "bad.ptx"
    bad.write_text(SAXPY_PTX.replace("fma.rn.f32", "fma.bogus.f32"))
    proc = run(program, tmp_path, "file", str(bad))
    assert proc.stdout == "load: CUDA_ERROR_INVALID_PTX\n"
    assert proc.stderr.startswith(f"{bad}:")
    proc = run(program, tmp_path, "file", str(tmp_path / "missing.ptx"))
    assert proc.stdout == "load: CUDA_ERROR_FILE_NOT_FOUND\n"


def test_a_host_code_object_passes_through(program: Path, tmp_path: Path) -> None:
    ptx = tmp_path / "saxpy.ptx"
    ptx.write_text(SAXPY_PTX)
    so = tmp_path / "saxpy.so"
    cmd = [sys.executable, "-m", "cu2amd.translator.cli", "ptx", str(ptx), "--offload-arch=host",
           "-o", str(so)]  # fmt: skip
    subprocess.run(cmd, check=True)
    # Not PTX, so never compiled: no compiler is needed.
    proc = run(program, tmp_path, "image", str(so), CU2AMD_PYTHON="/nonexistent/python")
    assert proc.returncode == 0 and proc.stdout == "load: CUDA_SUCCESS\ny 12 24 36\n", proc.stderr
    # An offload bundle (cu2amd's fat binary) with a host entry, and one without.
    for archs, expected in (("host,gfx942", "load: CUDA_SUCCESS\ny 12 24 36\n"),
                            ("gfx942", "load: CUDA_ERROR_NO_BINARY_FOR_GPU\n")):  # fmt: skip
        bundle = tmp_path / "saxpy.hipfb"
        cmd = [sys.executable, "-m", "cu2amd.translator.cli", "ptx", str(ptx),
               f"--offload-arch={archs}", "-o", str(bundle)]  # fmt: skip
        subprocess.run(cmd, check=True)
        proc = run(program, tmp_path, "image", str(bundle), CU2AMD_PYTHON="/nonexistent/python")
        assert proc.stdout == expected, proc.stderr
    assert "the offload bundle has no code for the host platform" in proc.stderr
    garbage = tmp_path / "garbage.bin"
    garbage.write_bytes(b"\x01\x02not a module")
    proc = run(program, tmp_path, "image", str(garbage))
    assert proc.stdout == "load: CUDA_ERROR_INVALID_IMAGE\n"


def test_program_links_for_gfx942_against_libamdhip64(source: Path, tmp_path: Path) -> None:
    from cu2amd.amdgpu.toolchain import discover
    from cu2amd.errors import Cu2amdError

    try:
        discover().libamdhip64()
    except Cu2amdError:
        pytest.skip("libamdhip64 is not installed")
    exe = tmp_path / "driver_api_gfx942"
    proc = nvcc("--offload-arch=gfx942", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    undefined = subprocess.run(["nm", "-D", "-u", str(exe)], capture_output=True, text=True).stdout
    for name in ("hipModuleLoadDataEx", "hipModuleLaunchKernel", "hipModuleGetGlobal",
                 "hipCtxCreate", "hipMemcpyHtoD"):  # fmt: skip
        assert name in undefined


def test_jit_version_is_cu2amds() -> None:
    """The JIT cache key names the compiler's version (cu2amd/ptx_jit.h)."""
    header = (include_dir() / "cu2amd" / "ptx_jit.h").read_text()
    assert f'#define CU2AMD_JIT_VERSION "{__version__}"' in header


def test_jit_meta_describes_parameters() -> None:
    ptx = """.version 7.8
.target sm_80
.address_size 64
.visible .entry k(.param .u8 a, .param .align 16 .b8 s[24], .param .v2 .f64 v, .param .u64 p)
{
  ret;
}
"""
    _, meta = ptx_jit.compile_ptx(ptx, "k.ptx", "host")
    assert meta == f"{ptx_jit.META_VERSION}\nkernel k 78 1:1 24:16 16:16 8:8\n"


def _abi(t: ci.Type) -> str:
    """A type as the C calling convention sees it: integers and enums by size, any
    pointer as `ptr`."""
    t = t.get_canonical()
    if t.kind == ci.TypeKind.POINTER:
        return "ptr"
    if t.kind in (ci.TypeKind.VOID, ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE):
        return t.kind.name.lower()
    return f"i{t.get_size() * 8}"


def _hip_functions(path: Path, args: list[str], only_in: Path | None = None) -> dict[str, str]:
    from cu2amd.amdgpu.toolchain import discover

    args = [*args, "-isystem", str(discover().builtin_include_dir())]
    tu = ci.Index.create().parse(str(path), args=args)
    errors = [str(d) for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    assert not errors, errors
    found = {}
    for c in tu.cursor.walk_preorder():
        if c.kind != ci.CursorKind.FUNCTION_DECL or not c.spelling.startswith("hip"):
            continue
        if only_in is not None and (
            c.location.file is None or Path(c.location.file.name) != only_in
        ):
            continue
        found[c.spelling] = (
            f"{_abi(c.result_type)}({', '.join(_abi(a.type) for a in c.get_arguments())})"
        )
    return found


def test_cuda_h_declares_the_hip_abi_as_the_runtime_and_rocm_do() -> None:
    """cuda.h's HIP declarations (CUDA's types) have the ABI of the host runtime's
    (cu2amd_hip.h, HIP's types) and of ROCm's header, where installed."""
    from cu2amd.runtime_shim.host.build import _defines, _source_dir

    include = include_dir()
    cuda = _hip_functions(
        include / "cuda.h",
        [
            "-x",
            "hip",
            "--cuda-host-only",
            "-nogpuinc",
            "-nogpulib",
            "-std=c++17",
            "-I",
            str(include),
        ],
        only_in=include / "cuda.h",
    )
    assert {"hipModuleLoadDataEx", "hipModuleLaunchKernel", "hipCtxCreate"} <= cuda.keys()
    runtime = _hip_functions(_source_dir() / "cu2amd_hip.h", ["-x", "c", *_defines()])
    assert {name: runtime.get(name) for name in cuda} == cuda
    rocm_header = Path("/usr/include/hip/hip_runtime_api.h")
    if rocm_header.is_file():
        rocm = _hip_functions(
            rocm_header, ["-x", "c", "-D__HIP_PLATFORM_AMD__", "-isystem", "/usr/include"]
        )
        assert {name: rocm.get(name) for name in cuda} == cuda


AMD_JIT = r"""
#include <cuda.h>
#include <stdio.h>
int main(int argc, char **argv) {
    char path[CU2AMD_JIT_PATH_MAX], meta[CU2AMD_JIT_PATH_MAX];
    size_t size = 0;
    char *ptx = __cu2amd_jit_read(argv[1], &size);
    int status = __cu2amd_jit_compile(ptx, size, argv[2], "saxpy.ptx", path, sizeof path, meta, sizeof meta);
    printf("%d %s\n", status, path);
    return 0;
}
"""


def test_the_headers_jit_compiles_for_an_amd_target(tmp_path: Path) -> None:
    """What cuModuleLoadData does on ROCm (the device's gcnArchName as the target), run
    here: the code object is compiled once and cached."""
    from elftools.elf.elffile import ELFFile

    source = tmp_path / "amd_jit.cu"
    source.write_text(AMD_JIT)
    exe = tmp_path / "amd_jit"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr
    ptx = tmp_path / "saxpy.ptx"
    ptx.write_text(SAXPY_PTX)
    # A program for AMD GPUs finds cu2amd's Python through $CU2AMD_PYTHON (or PATH).
    first = run(exe, tmp_path, str(ptx), "gfx942:sramecc+:xnack-", CU2AMD_PYTHON=sys.executable)
    status, path = first.stdout.split()
    assert status == "0" and path.endswith(".hsaco"), first.stderr
    with open(path, "rb") as f:
        elf = ELFFile(f)
        assert elf["e_machine"] == "EM_AMDGPU" and elf["e_flags"] & 0xFF == 0x4C
    again = run(exe, tmp_path, str(ptx), "gfx942:sramecc+:xnack-", CU2AMD_PYTHON="/nonexistent")
    assert again.stdout == first.stdout
    other = run(exe, tmp_path, str(ptx), "gfx90a", CU2AMD_PYTHON="/nonexistent")
    assert other.stdout.startswith("2 ")  # another target is another module: not cached


def test_driver_unsupported_header_is_up_to_date() -> None:
    from cu2amd.runtime_shim.tables import driver_unsupported

    header = include_dir() / "cu2amd" / "driver_unsupported.h"
    assert header.read_text() == driver_unsupported.render(), (
        f"regenerate: {driver_unsupported.COMMAND}"
    )


def test_an_unsupported_driver_function_is_a_compile_error_naming_it(tmp_path: Path) -> None:
    source = tmp_path / "graph.cu"
    source.write_text(
        "#include <cuda.h>\nint main() {\n    cuInit(0);\n    return cuCtxSetFlags(0);\n}\n"
    )
    proc = nvcc("--offload-arch=host", "-c", "-o", str(tmp_path / "graph.o"), str(source))
    assert proc.returncode != 0
    assert (
        f"{source}:4:12: error: 'cuCtxSetFlags' is unavailable: cu2amd does not support "
        "cuCtxSetFlags (Context Management) yet" in proc.stderr
    )


PLAIN_C = r"""
#include <cuda.h>
#include <stdio.h>
static const char *PTX = "@PTX@";
int main(void) {
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    CUfunction f;
    CUdeviceptr d;
    unsigned v = 40, out[8];
    if (cuInit(0) || cuDeviceGet(&dev, 0) || cuCtxCreate(&ctx, 0, dev)) return 1;
    CUresult r = cuModuleLoadData(&mod, PTX);
    const char *text;
    cuGetErrorString(r, &text);
    printf("load: %s\n", text);
    if (r || cuModuleGetFunction(&f, mod, "fill") || cuMemAlloc(&d, sizeof out)) return 1;
    void *args[] = {&d, &v};
    if (cuLaunchKernel(f, 1, 1, 1, 8, 1, 1, 0, 0, args, NULL) || cuMemcpyDtoH(out, d, sizeof out)) return 1;
    printf("%u %u\n", out[0], out[7]);
    return 0;
}
"""
FILL_PTX = (
    ".version 7.0\\n.target sm_80\\n.address_size 64\\n"
    ".visible .entry fill(.param .u64 p, .param .u32 v)\\n{\\n"
    "  .reg .b32 %r<4>;\\n  .reg .b64 %rd<4>;\\n"
    "  ld.param.u64 %rd1, [p];\\n  ld.param.u32 %r1, [v];\\n  mov.u32 %r2, %tid.x;\\n"
    "  mul.wide.u32 %rd2, %r2, 4;\\n  add.s64 %rd3, %rd1, %rd2;\\n  add.u32 %r3, %r1, %r2;\\n"
    "  st.global.u32 [%rd3], %r3;\\n  ret;\\n}\\n"
)


@pytest.mark.parametrize(
    ("compiler", "suffix", "flags"), [("cc", ".c", ["-std=c11"]), ("c++", ".cpp", [])]
)
def test_plain_c_and_cxx_files_use_cuda_h_with_the_host_compiler(
    compiler: str, suffix: str, flags: list[str], tmp_path: Path
) -> None:
    """As with NVIDIA's cuda.h and -lcuda: no cu2amd-nvcc, the host runtime as libcuda."""
    import shutil

    from cu2amd.runtime_shim.host.build import runtime_library

    cc = shutil.which(compiler)
    if cc is None:
        pytest.skip(f"no {compiler}")
    source = tmp_path / f"plain{suffix}"
    source.write_text(PLAIN_C.replace("@PTX@", FILL_PTX))
    exe = tmp_path / "plain"
    lib = runtime_library()
    cmd = [cc, *flags, "-Wall", "-Wextra", "-Werror", "-I", str(include_dir()), str(source),
           "-o", str(exe), str(lib), f"-Wl,-rpath,{lib.parent}"]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    proc = run(exe, tmp_path)
    assert proc.returncode == 0 and proc.stdout == "load: no error\n40 47\n", proc.stderr
