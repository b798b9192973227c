"""The CUDA runtime API's remaining memory, occupancy, device-management and error-log
functions (cu2amd/runtime_extra.h, cu2amd/error_log.h): peer and batched copies,
cudaOccupancyAvailableDynamicSMemPerBlock, cudaSetValidDevices, the GPUDirect RDMA flush,
budget notifications, and CUDA 12.9's error log (cudaLogs*). A program that checks them builds
with cu2amd-nvcc for the host platform and runs, and builds and links for gfx942."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, nvcc, run_on_host

from cu2amd.runtime_shim.headers import include_dir

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cudaLogsCurrent", "cudaLogsDumpToFile", "cudaLogsDumpToMemory", "cudaLogsRegisterCallback",
    "cudaLogsUnregisterCallback", "cudaOccupancyAvailableDynamicSMemPerBlock",
    "cudaSetValidDevices", "cudaDeviceFlushGPUDirectRDMAWrites",
    "cudaDeviceRegisterAsyncNotification", "cudaDeviceUnregisterAsyncNotification",
    "cudaMemcpy3DPeer", "cudaMemcpy3DPeerAsync", "cudaMemcpyBatchAsync", "cudaMemcpy3DBatchAsync",
    "cudaMallocMipmappedArray", "cudaFreeMipmappedArray", "cudaGetMipmappedArrayLevel",
    "cudaArrayGetMemoryRequirements", "cudaMipmappedArrayGetMemoryRequirements", "cudaArrayGetPlane",
}  # fmt: skip

PROGRAM = r"""
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <cstdlib>
#include <cmath>
#include <string>
#include <unistd.h>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

struct Seen {
    int calls;
    cudaLogLevel level;
    std::string message;
    size_t length;
};
static void on_log(void *data, cudaLogLevel level, char *message, size_t length) {
    Seen *seen = (Seen *)data;
    seen->calls++;
    seen->level = level;
    seen->message = message;
    seen->length = length;
}

static void logs() {
    Seen seen = {0, cudaLogLevelWarning, "", 0};
    cudaLogsCallbackHandle handle = nullptr;
    CALL(cudaLogsRegisterCallback(nullptr, &seen, &handle), cudaErrorInvalidValue);
    OK(cudaLogsRegisterCallback(on_log, &seen, &handle));
    EXPECT(handle != nullptr);
    cudaLogIterator start = 12345;
    OK(cudaLogsCurrent(&start, 0));
    CALL(cudaLogsCurrent(&start, 1), cudaErrorInvalidValue);
    seen.calls = 0;
    OK(cudaLogsCurrent(&start, 0));

    /* A failing call: the callback gets its message. */
    void *p = nullptr;
    CALL(cudaMalloc(&p, (size_t)1 << 62), cudaErrorMemoryAllocation);
    cudaGetLastError();
    EXPECT(seen.calls == 1);
    EXPECT(seen.level == cudaLogLevelError);
    EXPECT(seen.length == seen.message.size());
    EXPECT(seen.message.find("[CUDA][E][cudaMalloc] Returning 2 (cudaErrorMemoryAllocation)") != std::string::npos);
    EXPECT(seen.message[0] == '[' && seen.message[3] == ':' && seen.message[9] == '.');
    /* A check of the headers' own fails too. */
    cudaIpcMemHandle_t ipc = {};
    CALL(cudaIpcOpenMemHandle(&p, ipc, 2), cudaErrorInvalidValue);
    cudaGetLastError();
    EXPECT(seen.calls == 2);
    EXPECT(seen.message.find("[cudaIpcOpenMemHandle] Returning 1 (cudaErrorInvalidValue): invalid argument") !=
           std::string::npos);

    /* Dump from the iterator: both messages, each ending in a newline, NUL terminated. */
    char buffer[4096];
    memset(buffer, 'x', sizeof buffer);
    size_t size = sizeof buffer;
    cudaLogIterator it = start;
    OK(cudaLogsDumpToMemory(&it, buffer, &size, 0));
    EXPECT(it == start + 2);
    EXPECT(size == strlen(buffer));
    std::string dump(buffer);
    EXPECT(dump.find("[cudaMalloc] Returning 2 (cudaErrorMemoryAllocation): out of memory\n") != std::string::npos);
    EXPECT(dump.find("Returning 1 (cudaErrorInvalidValue): invalid argument\n") != std::string::npos);
    EXPECT(dump.find('\n') + 1 < dump.size() && dump.back() == '\n');
    /* Nothing new: size 0, success. */
    size = sizeof buffer;
    OK(cudaLogsDumpToMemory(&it, buffer, &size, 0));
    EXPECT(size == 0 && buffer[0] == '\0');
    /* Too small for one message: size 0, cudaErrorInvalidValue, the iterator stays. */
    cudaLogIterator again = start;
    size = 10;
    CALL(cudaLogsDumpToMemory(&again, buffer, &size, 0), cudaErrorInvalidValue);
    EXPECT(size == 0 && again == start);
    /* Room for the newest message only: it alone (as CUDA, the last is always the newest), and
     * the iterator moves past both. */
    {
        char all[4096], one[4096];
        size_t n = sizeof all;
        cudaLogIterator a = start, end = 0;
        OK(cudaLogsCurrent(&end, 0));
        OK(cudaLogsDumpToMemory(&a, all, &n, 0));
        EXPECT(a == end && end > start + 2);
        const char *newest = all + n - 1;
        while (newest > all && newest[-1] != '\n') newest--;
        size = strlen(newest) + 1;
        a = start;
        OK(cudaLogsDumpToMemory(&a, one, &size, 0));
        EXPECT(size == strlen(newest) && strcmp(one, newest) == 0 && a == end);
    }
    CALL(cudaLogsDumpToMemory(&it, nullptr, &size, 0), cudaErrorInvalidValue);
    /* Which the log records in its turn, saying why. */
    {
        char last[4096];
        size_t n = sizeof last;
        OK(cudaLogsDumpToMemory(&it, last, &n, 0));
        EXPECT(strstr(last, "[cudaLogsDumpToMemory] buffer cannot be NULL\n") != nullptr);
    }

    /* To a file: appended, from the iterator on. */
    char path[] = "/tmp/cu2amd_logs_XXXXXX";
    int fd = mkstemp(path);
    EXPECT(fd >= 0);
    close(fd);
    cudaLogIterator from = start;
    OK(cudaLogsDumpToFile(&from, path, 0));
    EXPECT(from > start + 2);
    FILE *f = fopen(path, "r");
    std::string text;
    int c;
    while (f && (c = fgetc(f)) != EOF) text += (char)c;
    if (f) fclose(f);
    EXPECT(text[0] == '[' && text.find("[CUDA][E][cudaMalloc] Returning 2 (cudaErrorMemoryAllocation)") != std::string::npos);
    EXPECT(text.find("buffer cannot be NULL\n") != std::string::npos);
    OK(cudaLogsDumpToFile(&from, path, 0)); /* nothing new: the file stays */
    FILE *g = fopen(path, "r");
    fseek(g, 0, SEEK_END);
    EXPECT((size_t)ftell(g) == text.size());
    fclose(g);
    unlink(path);
    CALL(cudaLogsDumpToFile(&from, nullptr, 0), cudaErrorInvalidValue);
    CALL(cudaLogsDumpToFile(&from, "/nonexistent-dir/log.txt", 0), cudaErrorInvalidValue);

    /* Removed: no more calls; a second removal is an error. */
    int before = seen.calls;
    OK(cudaLogsUnregisterCallback(handle));
    CALL(cudaLogsUnregisterCallback(handle), cudaErrorInvalidValue);
    CALL(cudaMalloc(&p, (size_t)1 << 62), cudaErrorMemoryAllocation);
    EXPECT(seen.calls == before);

    /* More than the log holds: the oldest are overwritten, and a dump says so. */
    cudaLogIterator old = 0;
    OK(cudaLogsCurrent(&old, 0));
    for (int i = 0; i < 120; i++) CALL(cudaSetDevice(1000 + i), cudaErrorInvalidDevice);
    cudaGetLastError();
    static char big[40000];
    size = sizeof big;
    OK(cudaLogsDumpToMemory(&old, big, &size, 0));
    EXPECT(strstr(big, "older log messages were overwritten") != nullptr);
    EXPECT(strstr(big, "[cudaSetDevice] Returning 101 (cudaErrorInvalidDevice)") != nullptr);
    size_t lines = 0;
    for (char *q = big; *q; q++) lines += *q == '\n';
    EXPECT(lines == 101); /* the note and the 100 kept */
    EXPECT(size <= 25600 + 300);
    /* NULL iterator: everything held. */
    size = sizeof big;
    OK(cudaLogsDumpToMemory(nullptr, big, &size, 0));
    lines = 0;
    for (char *q = big; *q; q++) lines += *q == '\n';
    EXPECT(lines == 100);
    /* A buffer too small for them all: a line saying so, then the newest that fit. */
    char small[2000];
    size = sizeof small;
    OK(cudaLogsDumpToMemory(nullptr, small, &size, 0));
    lines = 0;
    for (char *q = small; *q; q++) lines += *q == '\n';
    EXPECT(size < sizeof small && size == strlen(small) && lines > 5 && lines < 30);
    const char *note = strstr(small, "older log messages did not fit in the buffer\n");
    EXPECT(note && note < strchr(small, '\n'));
    EXPECT(strcmp(strrchr(small, '['), strrchr(big, '[')) == 0); /* the same newest message */
}

__global__ void uses_shared(int *out) {
    extern __shared__ int dyn[];
    __shared__ int fixed[256];
    fixed[threadIdx.x] = threadIdx.x;
    dyn[threadIdx.x] = fixed[threadIdx.x];
    out[threadIdx.x] = dyn[threadIdx.x];
}

static void occupancy() {
    int smPerSM = 0, blocks = 0;
    OK(cudaDeviceGetAttribute(&smPerSM, cudaDevAttrMaxSharedMemoryPerMultiprocessor, 0));
    for (int want : {1, 2, 3, 4}) {
        size_t avail = 12345;
        OK(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, uses_shared, want, 128));
        /* The model keeps `want` blocks with that much, and not with one byte more. */
        OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, uses_shared, 128, avail));
        EXPECT(blocks >= want);
        OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, uses_shared, 128, avail + 1));
        EXPECT(blocks < want);
        EXPECT(avail * want <= (size_t)smPerSM);
        EXPECT(avail > 0);
    }
    size_t one = 0, two = 0;
    OK(cudaOccupancyAvailableDynamicSMemPerBlock(&one, uses_shared, 1, 64));
    OK(cudaOccupancyAvailableDynamicSMemPerBlock(&two, uses_shared, 2, 64));
    EXPECT(two < one);
    /* Out of reach (more blocks than the model ever allows): 0. */
    int most = 0;
    OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&most, uses_shared, 1024, 0));
    size_t none = 99;
    OK(cudaOccupancyAvailableDynamicSMemPerBlock(&none, uses_shared, most + 1, 1024));
    EXPECT(none == 0);
    CALL(cudaOccupancyAvailableDynamicSMemPerBlock(nullptr, uses_shared, 1, 64), cudaErrorInvalidValue);
    CALL(cudaOccupancyAvailableDynamicSMemPerBlock(&none, uses_shared, 0, 64), cudaErrorInvalidValue);
    cudaGetLastError();
}

static int notified = 0;
static void on_budget(cudaAsyncNotificationInfo_t *, void *data, cudaAsyncCallbackHandle_t) { ++*(int *)data; }

static void devices() {
    int list[] = {0};
    OK(cudaSetValidDevices(list, 1));
    int device = -1;
    OK(cudaGetDevice(&device));
    EXPECT(device == 0);
    int bad[] = {0, 5};
    CALL(cudaSetValidDevices(bad, 2), cudaErrorInvalidDevice);
    CALL(cudaSetValidDevices(nullptr, 1), cudaErrorInvalidValue);
    CALL(cudaSetValidDevices(list, -1), cudaErrorInvalidValue);
    OK(cudaSetValidDevices(nullptr, 0));

    OK(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,
                                          cudaFlushGPUDirectRDMAWritesToOwner));
    OK(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,
                                          cudaFlushGPUDirectRDMAWritesToAllDevices));
    CALL(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,
                                            (cudaFlushGPUDirectRDMAWritesScope)7), cudaErrorInvalidValue);

    cudaAsyncCallbackHandle_t h1 = nullptr, h2 = nullptr;
    OK(cudaDeviceRegisterAsyncNotification(0, on_budget, &notified, &h1));
    OK(cudaDeviceRegisterAsyncNotification(0, on_budget, &notified, &h2));
    EXPECT(h1 && h2 && h1 != h2);
    CALL(cudaDeviceRegisterAsyncNotification(9, on_budget, &notified, &h2), cudaErrorInvalidDevice);
    CALL(cudaDeviceRegisterAsyncNotification(0, nullptr, &notified, &h2), cudaErrorInvalidValue);
    CALL(cudaDeviceUnregisterAsyncNotification(9, h1), cudaErrorInvalidDevice);
    OK(cudaDeviceUnregisterAsyncNotification(0, h1));
    CALL(cudaDeviceUnregisterAsyncNotification(0, h1), cudaErrorInvalidValue);
    OK(cudaDeviceUnregisterAsyncNotification(0, h2));
    EXPECT(notified == 0);
    cudaGetLastError();
}

static void copies() {
    cudaStream_t s;
    OK(cudaStreamCreate(&s));
    /* 3D peer copy between pitched device allocations (one device: 0 to 0). */
    const size_t W = 5, H = 4, D = 3;
    cudaPitchedPtr a, b;
    OK(cudaMalloc3D(&a, make_cudaExtent(W * sizeof(int), H, D)));
    OK(cudaMalloc3D(&b, make_cudaExtent(W * sizeof(int), H, D)));
    int host[D][H][W], back[D][H][W];
    for (size_t z = 0; z < D; z++)
        for (size_t y = 0; y < H; y++)
            for (size_t x = 0; x < W; x++) host[z][y][x] = (int)(100 * z + 10 * y + x);
    cudaMemcpy3DParms up = {};
    up.srcPtr = make_cudaPitchedPtr(host, W * sizeof(int), W, H);
    up.dstPtr = a;
    up.extent = make_cudaExtent(W * sizeof(int), H, D);
    up.kind = cudaMemcpyHostToDevice;
    OK(cudaMemcpy3D(&up));
    cudaMemcpy3DPeerParms peer = {};
    peer.srcPtr = a;
    peer.dstPtr = b;
    peer.srcDevice = 0;
    peer.dstDevice = 0;
    peer.extent = make_cudaExtent(W * sizeof(int), H, D);
    OK(cudaMemcpy3DPeer(&peer));
    cudaMemcpy3DParms down = {};
    down.srcPtr = b;
    down.dstPtr = make_cudaPitchedPtr(back, W * sizeof(int), W, H);
    down.extent = up.extent;
    down.kind = cudaMemcpyDeviceToHost;
    memset(back, 0, sizeof back);
    OK(cudaMemcpy3D(&down));
    EXPECT(memcmp(host, back, sizeof host) == 0);
    /* Async, a sub-box: x 1..3, y 1..2, z 2 of a into (0,0,0) of b. */
    OK(cudaMemset3D(b, 0, make_cudaExtent(W * sizeof(int), H, D)));
    peer.srcPos = make_cudaPos(1 * sizeof(int), 1, 2);
    peer.extent = make_cudaExtent(3 * sizeof(int), 2, 1);
    OK(cudaMemcpy3DPeerAsync(&peer, s));
    OK(cudaStreamSynchronize(s));
    OK(cudaMemcpy3D(&down));
    EXPECT(back[0][0][0] == 211 && back[0][0][2] == 213 && back[0][1][0] == 221 && back[0][0][3] == 0);
    EXPECT(back[1][0][0] == 0);
    peer.dstDevice = 3;
    CALL(cudaMemcpy3DPeer(&peer), cudaErrorInvalidDevice);
    CALL(cudaMemcpy3DPeer(nullptr), cudaErrorInvalidValue);

    /* A batch of mixed kinds: host to device, device to device, device to host, host to host. */
    int h0[64], h1[64], h2[64];
    for (int i = 0; i < 64; i++) h0[i] = i * 3 + 1, h1[i] = 0, h2[i] = -1;
    int *d0, *d1;
    OK(cudaMalloc(&d0, sizeof h0));
    OK(cudaMalloc(&d1, sizeof h0));
    void *dsts[] = {d0, d1, h1, h2};
    void *srcs[] = {h0, d0, d1, h0};
    size_t sizes[] = {sizeof h0, sizeof h0, sizeof h0, 16 * sizeof(int)};
    cudaMemcpyAttributes attrs[2] = {};
    attrs[0].srcAccessOrder = cudaMemcpySrcAccessOrderDuringApiCall;
    attrs[1].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
    size_t idx[] = {0, 1};
    size_t fail = 7;
    OK(cudaMemcpyBatchAsync(dsts, srcs, sizes, 4, attrs, idx, 2, &fail, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(memcmp(h0, h1, sizeof h0) == 0);
    EXPECT(memcmp(h0, h2, 16 * sizeof(int)) == 0 && h2[16] == -1);
    /* Errors: the failing copy's index, or SIZE_MAX. */
    attrs[1].srcAccessOrder = cudaMemcpySrcAccessOrderInvalid;
    CALL(cudaMemcpyBatchAsync(dsts, srcs, sizes, 4, attrs, idx, 2, &fail, s), cudaErrorInvalidValue);
    EXPECT(fail == 1);
    attrs[1].srcAccessOrder = cudaMemcpySrcAccessOrderAny;
    size_t unordered[] = {0, 0};
    CALL(cudaMemcpyBatchAsync(dsts, srcs, sizes, 4, attrs, unordered, 2, &fail, s), cudaErrorInvalidValue);
    EXPECT(fail == SIZE_MAX);
    CALL(cudaMemcpyBatchAsync(dsts, srcs, sizes, 4, attrs, idx, 2, &fail, 0), cudaErrorInvalidValue);
    EXPECT(fail == SIZE_MAX);
    void *holes[] = {d0, nullptr, h1, h2};
    CALL(cudaMemcpyBatchAsync(holes, srcs, sizes, 4, attrs, idx, 2, &fail, s), cudaErrorInvalidValue);
    EXPECT(fail == 1);

    /* 3D batch: host box to a pitched device buffer, then to a smaller host box. */
    int box[2][3][4], out[2][2][2];
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 4; x++) box[z][y][x] = 1000 * z + 100 * y + x;
    cudaMemcpy3DBatchOp ops[2] = {};
    ops[0].src.type = cudaMemcpyOperandTypePointer;
    ops[0].src.op.ptr.ptr = box;
    ops[0].dst.type = cudaMemcpyOperandTypePointer;
    ops[0].dst.op.ptr.ptr = a.ptr;
    ops[0].dst.op.ptr.rowLength = a.pitch; /* elements are bytes between pointers */
    ops[0].dst.op.ptr.layerHeight = H;
    ops[0].extent = make_cudaExtent(sizeof box[0][0], 3, 2);
    ops[0].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
    ops[1].src = ops[0].dst;
    ops[1].dst.type = cudaMemcpyOperandTypePointer;
    ops[1].dst.op.ptr.ptr = out;
    ops[1].extent = make_cudaExtent(2 * sizeof(int), 2, 2);
    ops[1].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
    OK(cudaMemcpy3DBatchAsync(2, ops, &fail, 0, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(out[0][0][0] == 0 && out[0][0][1] == 1 && out[0][1][0] == 100 && out[1][1][1] == 1101);
    ops[1].extent.depth = 0;
    CALL(cudaMemcpy3DBatchAsync(2, ops, &fail, 0, s), cudaErrorInvalidValue);
    EXPECT(fail == 1);
    ops[1].extent.depth = 2;
    CALL(cudaMemcpy3DBatchAsync(2, ops, &fail, 1, s), cudaErrorInvalidValue);
    EXPECT(fail == SIZE_MAX);
    cudaGetLastError();
    OK(cudaFree(d0));
    OK(cudaFree(d1));
    OK(cudaFree(a.ptr));
    OK(cudaFree(b.ptr));
    OK(cudaStreamDestroy(s));
}

/* Samples (u, v) of each texture in `objs` at each of `n` levels of detail (Lod, or Grad with
 * a gradient of 2^lod texels along x when grad is set, or plain tex2D when lod < -50). */
__global__ void sample(cudaTextureObject_t obj, const float *lods, int n, float u, float v, int grad, float *out) {
#if !defined(__gfx942__) /* no image instructions there: the gfx942 build checks the host side */
    for (int i = 0; i < n; i++) {
        float lod = lods[i];
        if (lod < -50.0f) out[i] = tex2D<float>(obj, u, v);
        else if (grad) out[i] = tex2DGrad<float>(obj, u, v, make_float2(exp2f(lod) / 16.0f, 0.0f), make_float2(0.0f, 0.0f));
        else out[i] = tex2DLod<float>(obj, u, v, lod);
    }
#endif
}

/* tex3DLod at the centre of a 3D texture, and tex1DLayeredLod of layer 2 (float2 texels). */
__global__ void sample3(cudaTextureObject_t vol, cudaTextureObject_t layered, float lod, float *out) {
#if !defined(__gfx942__)
    out[0] = tex3DLod<float>(vol, 0.5f, 0.5f, 0.5f, lod);
    float2 v = tex1DLayeredLod<float2>(layered, 0.5f, 2, lod);
    out[1] = v.x;
    out[2] = v.y;
#endif
}

static void sample_levels(cudaTextureObject_t obj, const float *lods, int n, int grad, float *got) {
    float *d_lods, *d_out;
    OK(cudaMalloc(&d_lods, n * sizeof(float)));
    OK(cudaMalloc(&d_out, n * sizeof(float)));
    OK(cudaMemcpy(d_lods, lods, n * sizeof(float), cudaMemcpyHostToDevice));
    sample<<<1, 1>>>(obj, d_lods, n, 0.5f, 0.5f, grad, d_out);
    OK(cudaGetLastError());
    OK(cudaMemcpy(got, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
    OK(cudaFree(d_lods));
    OK(cudaFree(d_out));
}

static void mipmaps() {
    /* 16 x 8 floats, 10 levels asked: 1 + log2(16) = 5 made. */
    cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
    cudaMipmappedArray_t mip = nullptr;
    OK(cudaMallocMipmappedArray(&mip, &desc, make_cudaExtent(16, 8, 0), 10));
    const size_t widths[5] = {16, 8, 4, 2, 1}, heights[5] = {8, 4, 2, 1, 1};
    cudaArray_t level[5];
    for (unsigned l = 0; l < 5; l++) {
        OK(cudaGetMipmappedArrayLevel(&level[l], mip, l));
        cudaExtent e;
        cudaChannelFormatDesc d;
        unsigned flags = 99;
        OK(cudaArrayGetInfo(&d, &e, &flags, level[l]));
        EXPECT(e.width == widths[l] && e.height == heights[l] && e.depth == 0 && d.x == 32 && d.f == desc.f);
        /* Contents round-trip through cudaMemcpy3D: level l holds 100 l + 10 y + x... */
        float up[8][16], back[8][16];
        for (size_t y = 0; y < heights[l]; y++)
            for (size_t x = 0; x < widths[l]; x++) up[y][x] = 100.0f * l + 10.0f * y + x;
        cudaMemcpy3DParms p = {};
        p.srcPtr = make_cudaPitchedPtr(up, sizeof up[0], widths[l], heights[l]);
        p.dstArray = level[l];
        p.extent = make_cudaExtent(widths[l], heights[l], 1);
        p.kind = cudaMemcpyHostToDevice;
        OK(cudaMemcpy3D(&p));
        memset(back, 0, sizeof back);
        cudaMemcpy3DParms q = {};
        q.srcArray = level[l];
        q.dstPtr = make_cudaPitchedPtr(back, sizeof back[0], widths[l], heights[l]);
        q.extent = p.extent;
        q.kind = cudaMemcpyDeviceToHost;
        OK(cudaMemcpy3D(&q));
        int same = 1;
        for (size_t y = 0; y < heights[l]; y++)
            for (size_t x = 0; x < widths[l]; x++) same &= back[y][x] == up[y][x];
        EXPECT(same);
    }
    cudaArray_t none;
    CALL(cudaGetMipmappedArrayLevel(&none, mip, 5), cudaErrorInvalidValue);

    /* No deferred mapping, no planes: CUDA's cudaErrorInvalidValue; bad arguments first. */
    cudaArrayMemoryRequirements req;
    CALL(cudaArrayGetMemoryRequirements(&req, level[0], 0), cudaErrorInvalidValue);
    CALL(cudaArrayGetMemoryRequirements(&req, level[0], 9), cudaErrorInvalidDevice);
    CALL(cudaMipmappedArrayGetMemoryRequirements(&req, mip, 0), cudaErrorInvalidValue);
    cudaArray_t plane;
    CALL(cudaArrayGetPlane(&plane, level[0], 0), cudaErrorInvalidValue);
    cudaGetLastError();

    /* Sampling the texel around (0.5, 0.5) of each level: level l's value there. */
    cudaResourceDesc res = {};
    res.resType = cudaResourceTypeMipmappedArray;
    res.res.mipmap.mipmap = mip;
    cudaTextureDesc tex = {};
    tex.addressMode[0] = tex.addressMode[1] = cudaAddressModeClamp;
    tex.filterMode = cudaFilterModePoint;
    tex.normalizedCoords = 1;
    tex.mipmapFilterMode = cudaFilterModePoint;
    tex.maxMipmapLevelClamp = 4.0f;
    cudaTextureObject_t obj;
    OK(cudaCreateTextureObject(&obj, &res, &tex, nullptr));
    auto at = [&](int l) { return 100.0f * l + 10.0f * (heights[l] / 2) + widths[l] / 2; };
    const float lods[7] = {0.0f, 1.0f, 2.0f, 3.0f, 4.0f, 7.0f, -60.0f};
    float got[7];
    sample_levels(obj, lods, 7, 0, got);
    for (int l = 0; l < 5; l++) EXPECT(got[l] == at(l));
    EXPECT(got[5] == at(4)); /* past the last level: the last */
    EXPECT(got[6] == at(0)); /* tex2D: level 0 */
    const float near[3] = {1.4f, 1.6f, 2.49f};
    sample_levels(obj, near, 3, 0, got);
    EXPECT(got[0] == at(1) && got[1] == at(2) && got[2] == at(2)); /* point: the nearest level */
    sample_levels(obj, lods, 5, 1, got);
    for (int l = 0; l < 5; l++) EXPECT(got[l] == at(l)); /* Grad: 2^l texels is level l */
    OK(cudaDestroyTextureObject(obj));

    /* Bias and clamps: lod + 1, within [1, 2]. */
    tex.mipmapLevelBias = 1.0f;
    tex.minMipmapLevelClamp = 1.0f;
    tex.maxMipmapLevelClamp = 2.0f;
    OK(cudaCreateTextureObject(&obj, &res, &tex, nullptr));
    sample_levels(obj, lods, 7, 0, got);
    EXPECT(got[0] == at(1) && got[1] == at(2) && got[2] == at(2) && got[4] == at(2) && got[6] == at(1));
    OK(cudaDestroyTextureObject(obj));

    /* Linear mipmap filtering blends the two levels around the level of detail. */
    tex.mipmapLevelBias = 0.0f;
    tex.minMipmapLevelClamp = 0.0f;
    tex.maxMipmapLevelClamp = 4.0f;
    tex.mipmapFilterMode = cudaFilterModeLinear;
    OK(cudaCreateTextureObject(&obj, &res, &tex, nullptr));
    const float between[3] = {1.5f, 0.25f, 3.75f};
    sample_levels(obj, between, 3, 0, got);
    EXPECT(fabsf(got[0] - (0.5f * at(1) + 0.5f * at(2))) < 1e-3f);
    EXPECT(fabsf(got[1] - (0.75f * at(0) + 0.25f * at(1))) < 1e-3f);
    EXPECT(fabsf(got[2] - (0.25f * at(3) + 0.75f * at(4))) < 1e-3f);
    cudaResourceDesc back_res;
    OK(cudaGetTextureObjectResourceDesc(&back_res, obj));
    EXPECT(back_res.resType == cudaResourceTypeMipmappedArray && back_res.res.mipmap.mipmap == mip);
    OK(cudaDestroyTextureObject(obj));
    OK(cudaFreeMipmappedArray(mip));
    CALL(cudaGetMipmappedArrayLevel(&none, mip, 0), cudaErrorInvalidValue);

    /* 3D: every extent halves; layered: the layers stay. */
    cudaMipmappedArray_t vol, layers;
    OK(cudaMallocMipmappedArray(&vol, &desc, make_cudaExtent(8, 4, 2), 0)); /* 0 levels: 1 */
    CALL(cudaGetMipmappedArrayLevel(&none, vol, 1), cudaErrorInvalidValue);
    OK(cudaFreeMipmappedArray(vol));
    OK(cudaMallocMipmappedArray(&vol, &desc, make_cudaExtent(8, 4, 2), 4));
    cudaExtent e;
    OK(cudaGetMipmappedArrayLevel(&none, vol, 1));
    OK(cudaArrayGetInfo(nullptr, &e, nullptr, none));
    EXPECT(e.width == 4 && e.height == 2 && e.depth == 1);
    OK(cudaGetMipmappedArrayLevel(&none, vol, 3));
    OK(cudaArrayGetInfo(nullptr, &e, nullptr, none));
    EXPECT(e.width == 1 && e.height == 1 && e.depth == 1);
    OK(cudaMallocMipmappedArray(&layers, &desc, make_cudaExtent(8, 8, 3), 9, cudaArrayLayered));
    OK(cudaGetMipmappedArrayLevel(&none, layers, 3));
    unsigned flags = 0;
    OK(cudaArrayGetInfo(nullptr, &e, &flags, none));
    EXPECT(e.width == 1 && e.height == 1 && e.depth == 3 && (flags & cudaArrayLayered));
    CALL(cudaGetMipmappedArrayLevel(&none, layers, 4), cudaErrorInvalidValue);
    /* Sampling 3D and layered levels: level l of the volume holds 10 l everywhere, texel x of
     * layer k of level l of the 1D layered array (8 wide, 3 layers) holds (100 l + k, x). */
    for (unsigned l = 0; l < 4; l++) {
        OK(cudaGetMipmappedArrayLevel(&none, vol, l));
        OK(cudaArrayGetInfo(nullptr, &e, nullptr, none));
        float fill[32];
        for (int i = 0; i < 32; i++) fill[i] = 10.0f * l;
        cudaMemcpy3DParms p = {};
        p.srcPtr = make_cudaPitchedPtr(fill, e.width * sizeof(float), e.width, e.height);
        p.dstArray = none;
        p.extent = e;
        p.kind = cudaMemcpyHostToDevice;
        OK(cudaMemcpy3D(&p));
    }
    cudaChannelFormatDesc desc2 = cudaCreateChannelDesc<float2>();
    cudaMipmappedArray_t rows;
    OK(cudaMallocMipmappedArray(&rows, &desc2, make_cudaExtent(8, 0, 3), 4, cudaArrayLayered));
    for (unsigned l = 0; l < 4; l++) {
        OK(cudaGetMipmappedArrayLevel(&none, rows, l));
        OK(cudaArrayGetInfo(nullptr, &e, nullptr, none));
        EXPECT(e.width == (8u >> l) && e.height == 0 && e.depth == 3);
        float2 texels[3][8];
        for (int k = 0; k < 3; k++)
            for (int x = 0; x < 8; x++) texels[k][x] = make_float2(100.0f * l + k, (float)x);
        cudaMemcpy3DParms p = {};
        p.srcPtr = make_cudaPitchedPtr(texels, sizeof texels[0], 8, 1);
        p.dstArray = none;
        p.extent = make_cudaExtent(e.width, 1, 3);
        p.kind = cudaMemcpyHostToDevice;
        OK(cudaMemcpy3D(&p));
    }
    cudaResourceDesc rv = {}, rl = {};
    rv.resType = rl.resType = cudaResourceTypeMipmappedArray;
    rv.res.mipmap.mipmap = vol;
    rl.res.mipmap.mipmap = rows;
    cudaTextureDesc td = {};
    td.normalizedCoords = 1;
    td.maxMipmapLevelClamp = 3.0f;
    cudaTextureObject_t tv, tl;
    OK(cudaCreateTextureObject(&tv, &rv, &td, nullptr));
    OK(cudaCreateTextureObject(&tl, &rl, &td, nullptr));
    float *d_out, out[3];
    OK(cudaMalloc(&d_out, sizeof out));
    for (int l = 0; l < 4; l++) {
        sample3<<<1, 1>>>(tv, tl, (float)l, d_out);
        OK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
        /* level l of the 8-wide row: the texel at 0.5 is x = 4 >> l */
        EXPECT(out[0] == 10.0f * l && out[1] == 100.0f * l + 2 && out[2] == (float)(4 >> l));
    }
    OK(cudaFree(d_out));
    OK(cudaDestroyTextureObject(tv));
    OK(cudaDestroyTextureObject(tl));
    OK(cudaFreeMipmappedArray(rows));
    OK(cudaFreeMipmappedArray(vol));
    OK(cudaFreeMipmappedArray(layers));
    OK(cudaFreeMipmappedArray(nullptr));
    cudaGetLastError();
}

int main() {
    mipmaps();
    logs();
    occupancy();
    devices();
    copies();
    OK(cudaGetLastError());
    printf(failures ? "memory2: FAILED\n" : "memory2: PASSED\n");
    return failures != 0;
}
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("runtime_api_memory2") / "memory2.cu"
    src.write_text(PROGRAM)
    return src


def test_program_runs_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run_on_host(source, tmp_path, "memory2")
    # CUDA_LOG_FILE: each message is also written there as it happens, in the log's format.
    log = tmp_path / "cuda.log"
    env = {**os.environ, "CUDA_LOG_FILE": str(log)}
    run = subprocess.run([str(tmp_path / "memory2")], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = log.read_text().splitlines()
    assert all(
        re.fullmatch(r"\[\d\d:\d\d:\d\d\.\d{3}\]\[\d+\]\[CUDA\]\[E\]\[\w+\] .+", x) for x in lines
    )
    assert any(
        x.endswith("[cudaMalloc] Returning 2 (cudaErrorMemoryAllocation): out of memory")
        for x in lines
    )
    assert any(x.endswith("[cudaLogsDumpToMemory] buffer cannot be NULL") for x in lines)
    assert len(lines) > 120  # every message, not only the last 100 the log keeps


def test_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    """The same program compiles for an AMD GPU and, where libamdhip64 is installed, links
    against it: the copies are HIP's, the log and the rest cu2amd's own header code."""
    undefined = link_for_gfx942(source, tmp_path, "memory2")
    for name in ("hipMemcpyAsync", "hipMemcpy2DAsync", "hipMallocMipmappedArray",
                 "hipGetMipmappedArrayLevel", "hipFreeMipmappedArray",
                 "hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags"):  # fmt: skip
        assert name in undefined


def test_mipmap_sampling_builds_for_gfx1100(source: Path, tmp_path: Path) -> None:
    """tex2DLod/tex2DGrad over a mipmapped texture compile for a GPU with image instructions
    (OCKL's sample_lod/sample_grad over HIP's mipmapped image) and link against libamdhip64."""
    from cu2amd.amdgpu.toolchain import discover
    from cu2amd.errors import Cu2amdError

    obj = tmp_path / "memory2.o"
    proc = nvcc("--offload-arch=gfx1100", "-c", "-o", str(obj), str(source))
    assert proc.returncode == 0, proc.stderr
    try:
        discover().libamdhip64()
    except Cu2amdError:
        pytest.skip("libamdhip64 is not installed: compiled, not linked")
    exe = tmp_path / "memory2_gfx1100"
    proc = nvcc("--offload-arch=gfx1100", "-o", str(exe), str(source))
    assert proc.returncode == 0, proc.stderr


# The driver API's mirrors, from a plain C file: the same log (a failing cuDeviceGet is in it),
# CUDA's layout of the callback; mipmapped arrays, the RDMA flush, budget notifications, a batch.
PLAIN_C = r"""
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
static int seen;
static void on_log(void *data, CUlogLevel level, char *message, size_t length) {
    seen += data == &seen && level == CU_LOG_LEVEL_ERROR && length == strlen(message) &&
            strstr(message, "[CUDA][E][cuDeviceGet] Returning 101 (CUDA_ERROR_INVALID_DEVICE)") != NULL;
}
static void on_budget(CUasyncNotificationInfo *info, void *data, CUasyncCallbackHandle handle) {
    (void)info, (void)handle;
    *(int *)data += 100;
}
int main(void) {
    CUlogsCallbackHandle handle;
    CUlogIterator it, end;
    CUdevice device;
    char buffer[2048];
    size_t size = sizeof buffer;
    if (cuLogsRegisterCallback(on_log, &seen, &handle) || cuLogsCurrent(&it, 0) || cuInit(0)) return 1;
    if (cuDeviceGet(&device, 99) != CUDA_ERROR_INVALID_DEVICE) return 2;
    if (cuLogsDumpToMemory(&it, buffer, &size, 0) || cuLogsCurrent(&end, 0) || it != end) return 3;
    if (size != strlen(buffer) || !strstr(buffer, "invalid device ordinal\n")) return 4;
    if (cuLogsUnregisterCallback(handle) || cuLogsUnregisterCallback(handle) != CUDA_ERROR_INVALID_VALUE) return 5;
    if (cuLogsDumpToMemory(&it, NULL, &size, 0) != CUDA_ERROR_INVALID_VALUE) return 6;

    /* Mipmapped arrays: 16 x 8, 10 levels asked, 5 made. */
    CUDA_ARRAY3D_DESCRIPTOR desc = {16, 8, 0, CU_AD_FORMAT_FLOAT, 1, 0};
    CUmipmappedArray mip;
    CUarray level, plane;
    CUDA_ARRAY3D_DESCRIPTOR got;
    CUDA_ARRAY_MEMORY_REQUIREMENTS req;
    if (cuMipmappedArrayCreate(&mip, &desc, 10) || cuMipmappedArrayGetLevel(&level, mip, 4)) return 7;
    if (cuArray3DGetDescriptor(&got, level) || got.Width != 1 || got.Height != 1 || got.NumChannels != 1) return 8;
    if (cuMipmappedArrayGetLevel(&level, mip, 2) || cuArray3DGetDescriptor(&got, level) || got.Width != 4 ||
        got.Height != 2)
        return 9;
    if (cuMipmappedArrayGetLevel(&plane, mip, 5) != CUDA_ERROR_INVALID_VALUE) return 10;
    if (cuMipmappedArrayGetLevel(&plane, (CUmipmappedArray)&desc, 0) != CUDA_ERROR_INVALID_HANDLE) return 11;
    if (cuArrayGetPlane(&plane, level, 0) != CUDA_ERROR_INVALID_VALUE) return 12;
    if (cuArrayGetMemoryRequirements(&req, level, 0) != CUDA_ERROR_INVALID_VALUE ||
        cuMipmappedArrayGetMemoryRequirements(&req, mip, 0) != CUDA_ERROR_INVALID_VALUE ||
        cuArrayGetMemoryRequirements(&req, level, 7) != CUDA_ERROR_INVALID_DEVICE)
        return 13;
    CUDA_RESOURCE_DESC res;
    memset(&res, 0, sizeof res);
    res.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
    res.res.mipmap.hMipmappedArray = mip;
    CUDA_TEXTURE_DESC tex;
    memset(&tex, 0, sizeof tex);
    tex.flags = CU_TRSF_NORMALIZED_COORDINATES;
    tex.maxMipmapLevelClamp = 4.0f;
    CUtexObject obj;
    CUDA_RESOURCE_DESC back;
    CUDA_RESOURCE_VIEW_DESC view;
    memset(&view, 0xff, sizeof view);
    if (cuTexObjectCreate(&obj, &res, &tex, NULL) || cuTexObjectGetResourceDesc(&back, obj) ||
        back.resType != CU_RESOURCE_TYPE_MIPMAPPED_ARRAY || back.res.mipmap.hMipmappedArray != mip ||
        cuTexObjectGetResourceViewDesc(&view, obj) || view.format != CU_RES_VIEW_FORMAT_NONE || view.width ||
        view.lastLayer || cuTexObjectDestroy(obj))
        return 14;
    /* A surface object remembers what it was made of. */
    CUDA_ARRAY3D_DESCRIPTOR sd = {8, 4, 0, CU_AD_FORMAT_UNSIGNED_INT8, 4, CUDA_ARRAY3D_SURFACE_LDST};
    CUarray surface_array;
    CUsurfObject surface;
    CUDA_RESOURCE_DESC sres, sback;
    memset(&sres, 0, sizeof sres);
    sres.resType = CU_RESOURCE_TYPE_ARRAY;
    if (cuArray3DCreate(&surface_array, &sd)) return 37;
    sres.res.array.hArray = surface_array;
    if (cuSurfObjectCreate(&surface, &sres) || cuSurfObjectGetResourceDesc(&sback, surface) ||
        sback.resType != CU_RESOURCE_TYPE_ARRAY || sback.res.array.hArray != surface_array)
        return 38;
    if (cuSurfObjectDestroy(surface) || cuSurfObjectGetResourceDesc(&sback, surface) != CUDA_ERROR_INVALID_VALUE ||
        cuArrayDestroy(surface_array))
        return 39;
    if (cuMipmappedArrayDestroy(mip) || cuMipmappedArrayDestroy(mip) != CUDA_ERROR_INVALID_HANDLE) return 15;

    /* The RDMA flush and budget notifications. */
    if (cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
                                   CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER) ||
        cuFlushGPUDirectRDMAWrites(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX,
                                   (CUflushGPUDirectRDMAWritesScope)1) != CUDA_ERROR_INVALID_VALUE)
        return 16;
    CUasyncCallbackHandle h1, h2;
    if (cuDeviceRegisterAsyncNotification(0, on_budget, &seen, &h1) ||
        cuDeviceRegisterAsyncNotification(0, on_budget, &seen, &h2) || h1 == h2 ||
        cuDeviceRegisterAsyncNotification(3, on_budget, &seen, &h2) != CUDA_ERROR_INVALID_DEVICE ||
        cuDeviceRegisterAsyncNotification(0, NULL, &seen, &h2) != CUDA_ERROR_INVALID_VALUE)
        return 17;
    if (cuDeviceUnregisterAsyncNotification(0, h1) ||
        cuDeviceUnregisterAsyncNotification(0, h1) != CUDA_ERROR_INVALID_VALUE ||
        cuDeviceUnregisterAsyncNotification(0, h2))
        return 18;

    /* A batch: host to device, device to device, device to host. */
    int src_host[32], dst_host[32], i;
    for (i = 0; i < 32; i++) src_host[i] = 7 * i + 3, dst_host[i] = 0;
    CUdeviceptr d0, d1;
    CUstream stream;
    if (cuMemAlloc(&d0, sizeof src_host) || cuMemAlloc(&d1, sizeof src_host) || cuStreamCreate(&stream, 0)) return 19;
    CUdeviceptr dsts[3] = {d0, d1, (CUdeviceptr)(uintptr_t)dst_host};
    CUdeviceptr srcs[3] = {(CUdeviceptr)(uintptr_t)src_host, d0, d1};
    size_t sizes[3] = {sizeof src_host, sizeof src_host, sizeof src_host}, idx[2] = {0, 2}, fail = 5;
    CUmemcpyAttributes attrs[2];
    memset(attrs, 0, sizeof attrs);
    attrs[0].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL;
    attrs[1].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
    if (cuMemcpyBatchAsync(dsts, srcs, sizes, 3, attrs, idx, 2, &fail, stream) || cuStreamSynchronize(stream) ||
        memcmp(src_host, dst_host, sizeof src_host))
        return 20;
    attrs[1].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_INVALID;
    if (cuMemcpyBatchAsync(dsts, srcs, sizes, 3, attrs, idx, 2, &fail, stream) != CUDA_ERROR_INVALID_VALUE ||
        fail != 2)
        return 21;
    attrs[1].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_ANY;
    if (cuMemcpyBatchAsync(dsts, srcs, sizes, 3, attrs, idx, 2, &fail, NULL) != CUDA_ERROR_INVALID_VALUE ||
        fail != (size_t)-1)
        return 22;

    /* 3D copies: a 4 x 3 x 2 box of ints from the host into a pitched device buffer (at x 8
     * bytes, y 1, z 1), from there into a 3D array, back to the host; a peer copy between
     * the device's contexts. */
    int box[2][3][4], out[2][3][4], z, y, x;
    for (z = 0; z < 2; z++)
        for (y = 0; y < 3; y++)
            for (x = 0; x < 4; x++) box[z][y][x] = 100 * z + 10 * y + x;
    CUdeviceptr pitched;
    size_t pitch = 0;
    if (cuMemAllocPitch(&pitched, &pitch, 64, 4 * 3, 4)) return 24;
    CUDA_MEMCPY3D c;
    memset(&c, 0, sizeof c);
    c.srcMemoryType = CU_MEMORYTYPE_HOST;
    c.srcHost = box;
    c.srcPitch = sizeof box[0][0];
    c.srcHeight = 3;
    c.dstMemoryType = CU_MEMORYTYPE_DEVICE;
    c.dstDevice = pitched;
    c.dstXInBytes = 8;
    c.dstY = 1;
    c.dstZ = 1;
    c.dstPitch = pitch;
    c.dstHeight = 4;
    c.WidthInBytes = sizeof box[0][0];
    c.Height = 3;
    c.Depth = 2;
    if (cuMemcpy3D(&c)) return 25;
    CUDA_ARRAY3D_DESCRIPTOR vd = {4, 3, 2, CU_AD_FORMAT_SIGNED_INT32, 1, 0};
    CUarray vol;
    if (cuArray3DCreate(&vol, &vd)) return 26;
    CUDA_MEMCPY3D a;
    memset(&a, 0, sizeof a);
    a.srcMemoryType = CU_MEMORYTYPE_DEVICE;
    a.srcDevice = pitched;
    a.srcXInBytes = 8;
    a.srcY = 1;
    a.srcZ = 1;
    a.srcPitch = pitch;
    a.srcHeight = 4;
    a.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    a.dstArray = vol;
    a.WidthInBytes = sizeof box[0][0];
    a.Height = 3;
    a.Depth = 2;
    if (cuMemcpy3DAsync(&a, stream) || cuStreamSynchronize(stream)) return 27;
    CUDA_MEMCPY3D_PEER b;
    memset(&b, 0, sizeof b);
    CUcontext ctx;
    if (cuDevicePrimaryCtxRetain(&ctx, 0) || !ctx) return 28;
    b.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    b.srcArray = vol;
    b.srcContext = ctx;
    b.dstMemoryType = CU_MEMORYTYPE_HOST;
    b.dstHost = out;
    b.dstPitch = sizeof out[0][0];
    b.dstHeight = 3;
    b.dstContext = ctx;
    b.WidthInBytes = sizeof box[0][0];
    b.Height = 3;
    b.Depth = 2;
    memset(out, 0, sizeof out);
    if (cuMemcpy3DPeer(&b) || memcmp(box, out, sizeof box)) return 29;
    /* One element, (x 1, y 2, z 1) of the array, to the host: 121. */
    b.srcXInBytes = 4, b.srcY = 2, b.srcZ = 1, b.WidthInBytes = 4, b.Height = 1, b.Depth = 1;
    if (cuMemcpy3DPeerAsync(&b, stream) || cuStreamSynchronize(stream) || out[0][0][0] != 121) return 30;
    b.srcXInBytes = 2; /* not a whole element */
    if (cuMemcpy3DPeer(&b) != CUDA_ERROR_INVALID_VALUE) return 31;
    b.srcXInBytes = 0, b.dstContext = NULL;
    if (cuMemcpy3DPeer(&b) != CUDA_ERROR_INVALID_CONTEXT) return 32;
    a.srcLOD = 1;
    if (cuMemcpy3D(&a) != CUDA_ERROR_INVALID_VALUE) return 33;
    /* A batch of 3D copies: the array to a pitched buffer (rows in elements: the array's),
     * that to the host (rows in bytes between pointers). */
    CUDA_MEMCPY3D_BATCH_OP ops[2];
    memset(ops, 0, sizeof ops);
    ops[0].src.type = CU_MEMCPY_OPERAND_TYPE_ARRAY;
    ops[0].src.op.array.array = vol;
    ops[0].dst.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
    ops[0].dst.op.ptr.ptr = pitched;
    ops[0].dst.op.ptr.rowLength = pitch / 4;
    ops[0].dst.op.ptr.layerHeight = 4;
    ops[0].extent.width = 4, ops[0].extent.height = 3, ops[0].extent.depth = 2;
    ops[0].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
    ops[1].src = ops[0].dst;
    ops[1].src.op.ptr.rowLength = pitch;
    ops[1].dst.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
    ops[1].dst.op.ptr.ptr = (CUdeviceptr)(uintptr_t)out;
    ops[1].extent.width = sizeof out[0][0], ops[1].extent.height = 3, ops[1].extent.depth = 2;
    ops[1].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
    memset(out, 0, sizeof out);
    if (cuMemcpy3DBatchAsync(2, ops, &fail, 0, stream) || cuStreamSynchronize(stream) || memcmp(box, out, sizeof box))
        return 35;
    ops[1].extent.depth = 0;
    if (cuMemcpy3DBatchAsync(2, ops, &fail, 0, stream) != CUDA_ERROR_INVALID_VALUE || fail != 1) return 36;
    if (cuArrayDestroy(vol) || cuMemFree(pitched) || cuDevicePrimaryCtxRelease(0)) return 34;
    if (cuMemFree(d0) || cuMemFree(d1) || cuStreamDestroy(stream)) return 23;
    printf("%d\n", seen);
    return 0;
}
"""


def test_driver_logs_from_plain_c(tmp_path: Path) -> None:
    """cuLogs*, cuMipmappedArray*, cuFlushGPUDirectRDMAWrites, cuDevice(Un)RegisterAsync-
    Notification, cuMemcpyBatchAsync, cuMemcpy3D(Peer)(Async), cuMemcpy3DBatchAsync,
    cuTexObjectGetResourceViewDesc, cuSurfObjectGetResourceDesc with gcc (strict C11, no warnings)
    and the host runtime as libcuda."""
    from cu2amd.runtime_shim.host.build import runtime_library

    cc = shutil.which("cc")
    if cc is None:
        pytest.skip("no cc")
    src = tmp_path / "plain.c"
    src.write_text(PLAIN_C)
    exe = tmp_path / "plain"
    lib = runtime_library()
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", str(include_dir()), str(src),
           "-o", str(exe), str(lib), f"-Wl,-rpath,{lib.parent}"]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.returncode == 0 and run.stdout == "1\n", run.stdout + run.stderr
