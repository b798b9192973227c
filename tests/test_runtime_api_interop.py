"""Graphics (OpenGL) interoperability and external memory and semaphores (cu2amd/runtime_interop.h,
host/hip_interop.c). Two self-checking programs build with cu2amd-nvcc for the host platform and
run, and build for gfx942:

- the OpenGL program makes a headless EGL context (Mesa's surfaceless platform), GL buffers and
  textures with data, registers, maps them, runs kernels on them or copies through their arrays,
  unmaps, and reads them back with GL, with each map flag and CUDA's errors for misuse; it also
  uses the deprecated cudaGL*BufferObject* functions. It needs libGL/libEGL (Debian: libgl-dev,
  libegl-dev, and libegl-mesa0 + libgl1-mesa-dri to run) and is skipped where EGL makes no context;
- the external-resource program imports a memfd as external memory and maps buffers of it
  (aligned and unaligned offsets), and eventfd (binary) and memfd (timeline) semaphores, which it
  signals and waits on from both sides, one wait released by another thread."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from runtime_programs import (
    GL_HEADERS,
    GL_KERNELS_AND_CONTEXT,
    GL_LIBS,
    have_gl_dev,
    nvcc,
    run_or_skip,
)

# The runtime functions these programs call and check (see tests/test_api_tables_run.py).
CALLS = {
    "cudaGLGetDevices", "cudaGraphicsGLRegisterBuffer", "cudaGraphicsGLRegisterImage",
    "cudaGraphicsMapResources", "cudaGraphicsResourceGetMappedPointer",
    "cudaGraphicsResourceSetMapFlags", "cudaGraphicsSubResourceGetMappedArray",
    "cudaGraphicsUnmapResources", "cudaGraphicsUnregisterResource", "cudaGLSetGLDevice",
    "cudaGraphicsResourceGetMappedMipmappedArray",
    "cudaGLRegisterBufferObject", "cudaGLUnregisterBufferObject", "cudaGLMapBufferObject",
    "cudaGLMapBufferObjectAsync", "cudaGLUnmapBufferObject", "cudaGLUnmapBufferObjectAsync",
    "cudaGLSetBufferObjectMapFlags", "cudaImportExternalMemory",
    "cudaExternalMemoryGetMappedBuffer", "cudaDestroyExternalMemory",
    "cudaImportExternalSemaphore", "cudaSignalExternalSemaphoresAsync",
    "cudaWaitExternalSemaphoresAsync", "cudaDestroyExternalSemaphore",
}  # fmt: skip

COMMON = r"""
#include <cstdio>
#include <cstring>
static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)
"""

GL_PROGRAM = (
    r"""
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <cuda_gl_interop.h>
#include <GL/glext.h>
"""
    + COMMON
    + GL_KERNELS_AND_CONTEXT
    + r"""
int main() {
    /* without a context: CUDA's unknown error */
    GLuint none = 1;
    cudaGraphicsResource_t res = NULL;
    CALL(cudaGraphicsGLRegisterBuffer(&res, none, cudaGraphicsRegisterFlagsNone), cudaErrorUnknown);
    const char *why = make_context();
    if (why) {
        printf("gl_interop: SKIPPED (%s)\n", why);
        return 77;
    }

    unsigned int count = 0;
    int devices[4] = {-1, -1, -1, -1};
    OK(cudaGLGetDevices(&count, devices, 4, cudaGLDeviceListAll));
    EXPECT(count == 1 && devices[0] == 0);
    CALL(cudaGLGetDevices(NULL, devices, 4, cudaGLDeviceListAll), cudaErrorInvalidValue);

    /* ---- a buffer, mapped as a pointer ---- */
    const int N = 300;
    float data[N], back[N];
    for (int i = 0; i < N; i++) data[i] = (float)i;
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);

    CALL(cudaGraphicsGLRegisterBuffer(&res, buf, 7), cudaErrorInvalidValue);
    CALL(cudaGraphicsGLRegisterBuffer(&res, 12345, cudaGraphicsRegisterFlagsNone), cudaErrorInvalidValue);
    OK(cudaGraphicsGLRegisterBuffer(&res, buf, cudaGraphicsRegisterFlagsNone));
    float *ptr = NULL;
    size_t size = 0;
    CALL(cudaGraphicsResourceGetMappedPointer((void **)&ptr, &size, res), cudaErrorUnknown);
    CALL(cudaGraphicsUnmapResources(1, &res, 0), cudaErrorUnknown);
    cudaGraphicsResource_t twice[2] = {res, res};
    CALL(cudaGraphicsMapResources(2, twice, 0), cudaErrorInvalidResourceHandle);
    cudaStream_t stream;
    OK(cudaStreamCreate(&stream));
    OK(cudaGraphicsMapResources(1, &res, stream));
    CALL(cudaGraphicsMapResources(1, &res, stream), cudaErrorUnknown);
    CALL(cudaGraphicsResourceSetMapFlags(res, cudaGraphicsMapFlagsReadOnly), cudaErrorUnknown);
    cudaArray_t array = NULL;
    CALL(cudaGraphicsSubResourceGetMappedArray(&array, res, 0, 0), cudaErrorUnknown);
    OK(cudaGraphicsResourceGetMappedPointer((void **)&ptr, &size, res));
    EXPECT(ptr != NULL && size == sizeof data);
    (void)cudaGetLastError(); /* (the errors checked above) */
    twice_plus_one<<<(N + 127) / 128, 128, 0, stream>>>(ptr, N);
    OK(cudaGetLastError());
    OK(cudaGraphicsUnmapResources(1, &res, stream));
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof back, back);
    int bad = 0;
    for (int i = 0; i < N; i++) bad += back[i] != 2.0f * i + 1.0f;
    EXPECT(bad == 0);

    /* read-only: the kernel sees GL's data, GL does not see the kernel's writes */
    CALL(cudaGraphicsResourceSetMapFlags(res, 9), cudaErrorInvalidValue);
    OK(cudaGraphicsResourceSetMapFlags(res, cudaGraphicsMapFlagsReadOnly));
    OK(cudaGraphicsMapResources(1, &res));
    OK(cudaGraphicsResourceGetMappedPointer((void **)&ptr, &size, res));
    OK(cudaMemcpy(back, ptr, sizeof back, cudaMemcpyDeviceToHost));
    EXPECT(back[10] == 21.0f && back[N - 1] == 2.0f * (N - 1) + 1.0f);
    store<<<(N + 127) / 128, 128>>>(ptr, N, -1.0f);
    OK(cudaGraphicsUnmapResources(1, &res));
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof back, back);
    EXPECT(back[10] == 21.0f && back[N - 1] == 2.0f * (N - 1) + 1.0f);

    /* write-discard: the kernel writes every element, GL sees them */
    OK(cudaGraphicsResourceSetMapFlags(res, cudaGraphicsMapFlagsWriteDiscard));
    OK(cudaGraphicsMapResources(1, &res));
    OK(cudaGraphicsResourceGetMappedPointer((void **)&ptr, &size, res));
    store<<<(N + 127) / 128, 128>>>(ptr, N, 7.0f);
    OK(cudaGraphicsUnmapResources(1, &res));
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof back, back);
    bad = 0;
    for (int i = 0; i < N; i++) bad += back[i] != 7.0f * i;
    EXPECT(bad == 0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    OK(cudaGraphicsUnregisterResource(res));
    CALL(cudaGraphicsUnregisterResource(res), cudaErrorInvalidResourceHandle);
    CALL(cudaGraphicsMapResources(1, &res, 0), cudaErrorInvalidResourceHandle);

    /* ---- textures, mapped as arrays ---- */
    const int W = 8, H = 4;
    unsigned char texels[H][W][4], got[H][W][4];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < 4; c++) texels[y][x][c] = (unsigned char)(x * 31 + y * 17 + c * 5);
    GLuint tex[2];
    glGenTextures(2, tex);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    /* tex[1]: R32F with two levels, 4x4 and 2x2 */
    float level0[16], level1[4], got1[4];
    for (int i = 0; i < 16; i++) level0[i] = 0.5f * i;
    for (int i = 0; i < 4; i++) level1[i] = 100.0f + i;
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, 4, 4, 0, GL_RED, GL_FLOAT, level0);
    glTexImage2D(GL_TEXTURE_2D, 1, GL_R32F, 2, 2, 0, GL_RED, GL_FLOAT, level1);
    glBindTexture(GL_TEXTURE_2D, 0);

    cudaGraphicsResource_t images[2];
    CALL(cudaGraphicsGLRegisterImage(&images[0], tex[0], GL_TEXTURE_2D, 3), cudaErrorInvalidValue);
    OK(cudaGraphicsGLRegisterImage(&images[0], tex[0], GL_TEXTURE_2D, cudaGraphicsRegisterFlagsNone));
    OK(cudaGraphicsGLRegisterImage(&images[1], tex[1], GL_TEXTURE_2D, cudaGraphicsRegisterFlagsSurfaceLoadStore));
    OK(cudaGraphicsMapResources(2, images, 0));
    CALL(cudaGraphicsResourceGetMappedPointer((void **)&ptr, &size, images[0]), cudaErrorUnknown);
    OK(cudaGraphicsSubResourceGetMappedArray(&array, images[0], 0, 0));
    cudaChannelFormatDesc desc;
    cudaExtent extent;
    unsigned int aflags;
    OK(cudaArrayGetInfo(&desc, &extent, &aflags, array));
    EXPECT(desc.x == 8 && desc.y == 8 && desc.z == 8 && desc.w == 8 && desc.f == cudaChannelFormatKindUnsigned);
    EXPECT(extent.width == W && extent.height == H);
    OK(cudaMemcpy2DFromArray(got, W * 4, array, 0, 0, W * 4, H, cudaMemcpyDeviceToHost));
    EXPECT(memcmp(got, texels, sizeof got) == 0);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < 4; c++) got[y][x][c] = (unsigned char)(255 - texels[y][x][c]);
    OK(cudaMemcpy2DToArray(array, 0, 0, got, W * 4, W * 4, H, cudaMemcpyHostToDevice));
    cudaArray_t small = NULL;
    CALL(cudaGraphicsSubResourceGetMappedArray(&small, images[1], 0, 9), cudaErrorInvalidValue);
    OK(cudaGraphicsSubResourceGetMappedArray(&small, images[1], 0, 1));
    OK(cudaArrayGetInfo(&desc, &extent, &aflags, small));
    EXPECT(desc.x == 32 && desc.y == 0 && desc.f == cudaChannelFormatKindFloat);
    EXPECT(extent.width == 2 && extent.height == 2);
    OK(cudaMemcpy2DFromArray(got1, 8, small, 0, 0, 8, 2, cudaMemcpyDeviceToHost));
    EXPECT(got1[0] == 100.0f && got1[3] == 103.0f);
    got1[2] = -5.0f;
    OK(cudaMemcpy2DToArray(small, 0, 0, got1, 8, 8, 2, cudaMemcpyHostToDevice));
    OK(cudaGraphicsUnmapResources(2, images, 0));
    unsigned char gl_texels[H][W][4];
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, gl_texels);
    EXPECT(memcmp(gl_texels, got, sizeof got) == 0);
    float gl_level1[4], gl_level0[16];
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RED, GL_FLOAT, gl_level1);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, gl_level0);
    EXPECT(gl_level1[0] == 100.0f && gl_level1[2] == -5.0f && gl_level1[3] == 103.0f);
    EXPECT(memcmp(gl_level0, level0, sizeof level0) == 0);
    glBindTexture(GL_TEXTURE_2D, 0);
    OK(cudaGraphicsUnregisterResource(images[0]));
    OK(cudaGraphicsUnregisterResource(images[1]));

    /* ---- a texture's levels as a mipmapped array: R32F 8x8, 4x4, 2x2 ---- */
    float mip[3][64], mip_got[64];
    GLuint mtex;
    glGenTextures(1, &mtex);
    glBindTexture(GL_TEXTURE_2D, mtex);
    for (int l = 0, w = 8; l < 3; l++, w /= 2) {
        for (int i = 0; i < w * w; i++) mip[l][i] = 1000.0f * l + i;
        glTexImage2D(GL_TEXTURE_2D, l, GL_R32F, w, w, 0, GL_RED, GL_FLOAT, mip[l]);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    cudaGraphicsResource_t mres;
    cudaMipmappedArray_t mipmap = NULL, again = NULL;
    OK(cudaGraphicsGLRegisterImage(&mres, mtex, GL_TEXTURE_2D, cudaGraphicsRegisterFlagsNone));
    CALL(cudaGraphicsResourceGetMappedMipmappedArray(&mipmap, mres), cudaErrorUnknown); /* not mapped */
    OK(cudaGraphicsMapResources(1, &mres, 0));
    CALL(cudaGraphicsResourceGetMappedMipmappedArray(NULL, mres), cudaErrorInvalidValue);
    (void)cudaGetLastError(); /* the errors just checked */
    OK(cudaGraphicsResourceGetMappedMipmappedArray(&mipmap, mres));
    OK(cudaGetLastError()); /* HIP's error for level 3, which the texture lacks, is not the program's */
    OK(cudaGraphicsResourceGetMappedMipmappedArray(&again, mres));
    EXPECT(mipmap != NULL && again == mipmap);
    cudaArray_t lv[3], past;
    for (int l = 0; l < 3; l++) OK(cudaGetMipmappedArrayLevel(&lv[l], mipmap, l));
    CALL(cudaGetMipmappedArrayLevel(&past, mipmap, 3), cudaErrorInvalidValue);
    OK(cudaArrayGetInfo(&desc, &extent, &aflags, lv[1]));
    EXPECT(desc.x == 32 && desc.f == cudaChannelFormatKindFloat && extent.width == 4 && extent.height == 4);
    OK(cudaMemcpy2DFromArray(mip_got, 8, lv[2], 0, 0, 8, 2, cudaMemcpyDeviceToHost));
    EXPECT(mip_got[0] == 2000.0f && mip_got[3] == 2003.0f);
    OK(cudaMemcpy2DFromArray(mip_got, 16, lv[1], 0, 0, 16, 4, cudaMemcpyDeviceToHost));
    EXPECT(mip_got[5] == 1005.0f);
    for (int i = 0; i < 16; i++) mip_got[i] = -1.0f * i;
    OK(cudaMemcpy2DToArray(lv[1], 0, 0, mip_got, 16, 16, 4, cudaMemcpyHostToDevice));
    OK(cudaGraphicsUnmapResources(1, &mres, 0));
    float gl_mip[64];
    glBindTexture(GL_TEXTURE_2D, mtex);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RED, GL_FLOAT, gl_mip);
    EXPECT(gl_mip[0] == 0.0f && gl_mip[5] == -5.0f && gl_mip[15] == -15.0f);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RED, GL_FLOAT, gl_mip);
    EXPECT(memcmp(gl_mip, mip[0], 64 * sizeof(float)) == 0);
    glBindTexture(GL_TEXTURE_2D, 0);
    /* mapped again read-only: a new array; its writes do not reach GL */
    OK(cudaGraphicsResourceSetMapFlags(mres, cudaGraphicsMapFlagsReadOnly));
    OK(cudaGraphicsMapResources(1, &mres, 0));
    OK(cudaGraphicsResourceGetMappedMipmappedArray(&mipmap, mres));
    OK(cudaGetMipmappedArrayLevel(&lv[2], mipmap, 2));
    OK(cudaMemcpy2DFromArray(mip_got, 8, lv[2], 0, 0, 8, 2, cudaMemcpyDeviceToHost));
    EXPECT(mip_got[1] == 2001.0f);
    mip_got[1] = 7.0f;
    OK(cudaMemcpy2DToArray(lv[2], 0, 0, mip_got, 8, 8, 2, cudaMemcpyHostToDevice));
    OK(cudaGraphicsUnregisterResource(mres)); /* unmaps first */
    glBindTexture(GL_TEXTURE_2D, mtex);
    glGetTexImage(GL_TEXTURE_2D, 2, GL_RED, GL_FLOAT, gl_mip);
    EXPECT(gl_mip[1] == 2001.0f);
    glBindTexture(GL_TEXTURE_2D, 0);

    /* ---- the deprecated buffer-object API ---- */
    int ints[64], iback[64];
    for (int i = 0; i < 64; i++) ints[i] = i * 3;
    GLuint obj;
    glGenBuffers(1, &obj);
    glBindBuffer(GL_ARRAY_BUFFER, obj);
    glBufferData(GL_ARRAY_BUFFER, sizeof ints, ints, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    OK(cudaGLSetGLDevice(0));
    int *iptr = NULL;
    CALL(cudaGLMapBufferObject((void **)&iptr, obj), cudaErrorInvalidResourceHandle);
    OK(cudaGLRegisterBufferObject(obj));
    OK(cudaGLMapBufferObject((void **)&iptr, obj));
    add_one<<<1, 64>>>(iptr, 64);
    OK(cudaGLUnmapBufferObject(obj));
    OK(cudaGLSetBufferObjectMapFlags(obj, cudaGLMapFlagsReadOnly));
    OK(cudaGLMapBufferObjectAsync((void **)&iptr, obj, stream));
    OK(cudaMemcpy(iback, iptr, sizeof iback, cudaMemcpyDeviceToHost));
    EXPECT(iback[0] == 1 && iback[63] == 63 * 3 + 1);
    add_one<<<1, 64, 0, stream>>>(iptr, 64);
    OK(cudaGLUnmapBufferObjectAsync(obj, stream));
    OK(cudaStreamSynchronize(stream));
    glBindBuffer(GL_ARRAY_BUFFER, obj);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof iback, iback);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    bad = 0;
    for (int i = 0; i < 64; i++) bad += iback[i] != i * 3 + 1;
    EXPECT(bad == 0);
    OK(cudaGLUnregisterBufferObject(obj));
    CALL(cudaGLUnregisterBufferObject(obj), cudaErrorInvalidResourceHandle);
    CALL(cudaGLUnmapBufferObject(obj), cudaErrorInvalidResourceHandle);
    OK(cudaStreamDestroy(stream));

    printf(failures ? "gl_interop: FAILED\n" : "gl_interop: PASSED\n");
    return failures ? 1 : 0;
}
"""
)

EXTERNAL_PROGRAM = (
    r"""
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <unistd.h>
"""
    + COMMON
    + r"""
__global__ void square(int *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = p[i] * p[i];
}

static int other_side; /* the "other API"'s copy of the binary semaphore's eventfd */
static void *signal_later(void *) {
    usleep(50000);
    uint64_t one = 1;
    if (write(other_side, &one, sizeof one) != sizeof one) printf("FAILED: write\n");
    return NULL;
}

int main() {
    /* ---- memory: a memfd of 3 pages another API made ---- */
    const size_t PAGE = 4096, SIZE = 3 * PAGE;
    int fd = memfd_create("external", 0);
    EXPECT(fd >= 0 && ftruncate(fd, SIZE) == 0);
    int *theirs = (int *)mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    for (size_t i = 0; i < SIZE / 4; i++) theirs[i] = (int)(i % 1000);

    cudaExternalMemoryHandleDesc md;
    memset(&md, 0, sizeof md);
    md.type = cudaExternalMemoryHandleTypeNvSciBuf;
    md.size = SIZE;
    cudaExternalMemory_t mem = NULL;
    CALL(cudaImportExternalMemory(&mem, &md), cudaErrorNotSupported);
    md.type = cudaExternalMemoryHandleTypeOpaqueWin32;
    CALL(cudaImportExternalMemory(&mem, &md), cudaErrorNotSupported);
    md.type = cudaExternalMemoryHandleTypeOpaqueFd;
    md.handle.fd = dup(fd);
    md.size = 0;
    CALL(cudaImportExternalMemory(&mem, &md), cudaErrorInvalidValue);
    md.size = SIZE * 2; /* more than the file holds */
    CALL(cudaImportExternalMemory(&mem, &md), cudaErrorInvalidValue);
    md.size = SIZE;
    md.flags = cudaExternalMemoryDedicated;
    CALL(cudaImportExternalMemory(NULL, &md), cudaErrorInvalidValue);
    OK(cudaImportExternalMemory(&mem, &md));

    cudaExternalMemoryBufferDesc bd;
    memset(&bd, 0, sizeof bd);
    bd.offset = PAGE;
    bd.size = PAGE;
    int *page = NULL, *odd = NULL;
    OK(cudaExternalMemoryGetMappedBuffer((void **)&page, mem, &bd));
    bd.offset = 2 * PAGE + 100 * 4; /* not page-aligned */
    bd.size = 64 * 4;
    OK(cudaExternalMemoryGetMappedBuffer((void **)&odd, mem, &bd));
    bd.size = PAGE; /* past the end */
    CALL(cudaExternalMemoryGetMappedBuffer((void **)&odd, mem, &bd), cudaErrorInvalidValue);
    bd.offset = 0, bd.size = 16, bd.flags = 1;
    CALL(cudaExternalMemoryGetMappedBuffer((void **)&odd, mem, &bd), cudaErrorInvalidValue);
    square<<<(1024 + 255) / 256, 256>>>(page, 1024);
    square<<<1, 64>>>(odd, 64);
    OK(cudaDeviceSynchronize());
    int bad = 0;
    for (int i = 0; i < 1024; i++) { int v = (1024 + i) % 1000; bad += theirs[1024 + i] != v * v; }
    for (int i = 0; i < 64; i++) { int v = (2048 + 100 + i) % 1000; bad += theirs[2048 + 100 + i] != v * v; }
    EXPECT(bad == 0);
    EXPECT(theirs[1023] == 23 && theirs[2048 + 99] == 147 && theirs[2048 + 164] == 212); /* untouched */
    theirs[1024 + 5] = 4242; /* the other API's write, seen through the buffer */
    int seen = 0;
    OK(cudaMemcpy(&seen, page + 5, sizeof seen, cudaMemcpyDeviceToHost));
    EXPECT(seen == 4242);
    OK(cudaFree(page));
    OK(cudaFree(odd));
    OK(cudaDestroyExternalMemory(mem));
    CALL(cudaDestroyExternalMemory(mem), cudaErrorInvalidResourceHandle);

    /* ---- a binary semaphore: an eventfd ---- */
    int efd = eventfd(0, 0);
    other_side = dup(efd);
    cudaExternalSemaphoreHandleDesc sd;
    memset(&sd, 0, sizeof sd);
    cudaExternalSemaphore_t bin = NULL, timeline = NULL;
    sd.type = cudaExternalSemaphoreHandleTypeKeyedMutex;
    CALL(cudaImportExternalSemaphore(&bin, &sd), cudaErrorNotSupported);
    sd.type = cudaExternalSemaphoreHandleTypeD3D11Fence;
    CALL(cudaImportExternalSemaphore(&bin, &sd), cudaErrorNotSupported);
    sd.type = cudaExternalSemaphoreHandleTypeOpaqueFd;
    sd.handle.fd = efd;
    OK(cudaImportExternalSemaphore(&bin, &sd));
    cudaExternalSemaphoreSignalParams sp;
    cudaExternalSemaphoreWaitParams wp;
    memset(&sp, 0, sizeof sp);
    memset(&wp, 0, sizeof wp);
    cudaStream_t stream;
    OK(cudaStreamCreate(&stream));
    OK(cudaSignalExternalSemaphoresAsync(&bin, &sp, 1, stream));
    uint64_t value = 0;
    EXPECT(read(other_side, &value, sizeof value) == sizeof value && value == 1); /* the other API waits */
    value = 1;
    EXPECT(write(other_side, &value, sizeof value) == sizeof value); /* and signals */
    OK(cudaWaitExternalSemaphoresAsync(&bin, &wp, 1, stream));
    pthread_t thread;
    pthread_create(&thread, NULL, signal_later, NULL);
    OK(cudaWaitExternalSemaphoresAsync(&bin, &wp, 1, stream)); /* released by the other thread */
    pthread_join(thread, NULL);
    int flags_before = fcntl(other_side, F_GETFL);
    fcntl(other_side, F_SETFL, flags_before | O_NONBLOCK);
    EXPECT(read(other_side, &value, sizeof value) < 0 && errno == EAGAIN); /* consumed */

    /* ---- a timeline semaphore: a file's 64-bit word ---- */
    int tfd = memfd_create("timeline", 0);
    EXPECT(ftruncate(tfd, 8) == 0);
    volatile uint64_t *word = (volatile uint64_t *)mmap(NULL, 8, PROT_READ | PROT_WRITE, MAP_SHARED, tfd, 0);
    sd.type = cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd;
    sd.handle.fd = dup(tfd);
    OK(cudaImportExternalSemaphore(&timeline, &sd));
    sp.params.fence.value = 5;
    OK(cudaSignalExternalSemaphoresAsync(&timeline, &sp, 1, stream));
    EXPECT(*word == 5);
    *word = 9; /* the other API signals 9 */
    wp.params.fence.value = 9;
    OK(cudaWaitExternalSemaphoresAsync(&timeline, &wp, 1, stream));
    wp.params.fence.value = 3;
    cudaExternalSemaphore_t both[2] = {timeline, bin};
    cudaExternalSemaphoreSignalParams sps[2];
    memset(sps, 0, sizeof sps);
    sps[0].params.fence.value = 12;
    OK(cudaSignalExternalSemaphoresAsync(both, sps, 2, stream));
    EXPECT(*word == 12);
    EXPECT(read(other_side, &value, sizeof value) == sizeof value && value == 1);
    OK(cudaWaitExternalSemaphoresAsync(&timeline, &wp, 1, stream));
    CALL(cudaSignalExternalSemaphoresAsync(NULL, sps, 1, stream), cudaErrorInvalidValue);
    OK(cudaStreamSynchronize(stream));
    OK(cudaDestroyExternalSemaphore(timeline));
    OK(cudaDestroyExternalSemaphore(bin));
    CALL(cudaDestroyExternalSemaphore(bin), cudaErrorInvalidResourceHandle);
    CALL(cudaSignalExternalSemaphoresAsync(&bin, &sp, 1, stream), cudaErrorInvalidResourceHandle);
    OK(cudaStreamDestroy(stream));

    printf(failures ? "external: FAILED\n" : "external: PASSED\n");
    return failures ? 1 : 0;
}
"""
)

# Both programs' text, where tests/test_api_tables_run.py finds the CALLS.
PROGRAM = GL_PROGRAM + EXTERNAL_PROGRAM


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("runtime_api_interop")
    out = {}
    for name, text in (("gl_interop", GL_PROGRAM), ("external", EXTERNAL_PROGRAM)):
        out[name] = tmp / f"{name}.cu"
        out[name].write_text(text)
    return out


def test_gl_program_runs_on_the_host_platform(sources: dict[str, Path], tmp_path: Path) -> None:
    if not have_gl_dev():
        pytest.skip("REQUIRES: libgl-dev and libegl-dev (GL/gl.h, EGL/egl.h, libGL.so, libEGL.so)")
    exe = tmp_path / "gl_interop"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(sources["gl_interop"]), *GL_LIBS)
    assert proc.returncode == 0, proc.stderr
    run_or_skip(exe, "gl_interop")


def test_external_program_runs_on_the_host_platform(
    sources: dict[str, Path], tmp_path: Path
) -> None:
    exe = tmp_path / "external"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(sources["external"]), "-lpthread")
    assert proc.returncode == 0, proc.stderr
    run_or_skip(exe, "external")


@pytest.mark.parametrize("name", ["gl_interop", "external"])
def test_programs_build_for_gfx942(sources: dict[str, Path], tmp_path: Path, name: str) -> None:
    """Compiled for gfx942; linked against libamdhip64 (and GL for the GL program) where they are
    installed, importing HIP's interop functions."""
    from cu2amd.amdgpu.toolchain import discover
    from cu2amd.errors import Cu2amdError

    if name == "gl_interop" and not all(p.is_file() for p in GL_HEADERS):
        pytest.skip("REQUIRES: libgl-dev and libegl-dev headers")
    obj = tmp_path / f"{name}.o"
    proc = nvcc("--offload-arch=gfx942", "-c", "-o", str(obj), str(sources[name]))
    assert proc.returncode == 0, proc.stderr
    try:
        discover().libamdhip64()
    except Cu2amdError:
        pytest.skip("libamdhip64 is not installed: compiled, not linked")
    if name == "gl_interop" and not have_gl_dev():
        pytest.skip("libGL.so/libEGL.so are not installed: compiled, not linked")
    exe = tmp_path / f"{name}_gfx942"
    libs = GL_LIBS if name == "gl_interop" else ("-lpthread",)
    proc = nvcc("--offload-arch=gfx942", "-o", str(exe), str(sources[name]), *libs)
    assert proc.returncode == 0, proc.stderr
    undefined = subprocess.run(["nm", "-D", "-u", str(exe)], capture_output=True, text=True).stdout
    wanted = (
        ("hipGraphicsGLRegisterBuffer", "hipGraphicsMapResources", "hipGraphicsGLRegisterImage")
        if name == "gl_interop"
        else ("hipImportExternalMemory", "hipSignalExternalSemaphoresAsync")
    )
    for symbol in wanted:
        assert symbol in undefined, symbol
