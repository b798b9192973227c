"""The driver API's graphics (OpenGL) interoperability and external memory and semaphores
(cu2amd/driver_interop.h over the runtime's records, cu2amd/interop_resources.h, and HIP's interop
ABI, host/hip_interop.c). Self-checking programs build with cu2amd-nvcc for the host platform and
run, and build for gfx942; a plain C file uses them with the host compiler:

- the OpenGL program makes a headless EGL context (Mesa's surfaceless platform), GL buffers and
  textures with data, registers and maps them with cuGraphics*, runs a kernel on a buffer and copies
  through a texture's array (cuMemcpy2D), unmaps and reads them back with GL, with each map flag and
  the driver's errors for misuse (CUDA_ERROR_ALREADY_MAPPED, _NOT_MAPPED, _NOT_MAPPED_AS_POINTER,
  _NOT_MAPPED_AS_ARRAY, _INVALID_HANDLE); a resource the runtime registered is mapped by the driver;
  it also uses the deprecated cuGL* functions. It needs libGL/libEGL (Debian: libgl-dev, libegl-dev,
  and libegl-mesa0 + libgl1-mesa-dri to run) and is skipped where EGL makes no context;
- the external-resource program imports a memfd as external memory and maps buffers of it, and
  eventfd (binary) and memfd (timeline) semaphores, which it signals and waits on from both sides;
- the C file (gcc -std=c11 -Werror, the host runtime as libcuda) does the same without kernels."""

from __future__ import annotations

import shutil
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

from cu2amd.runtime_shim.headers import include_dir

# The driver functions these programs call and check (see tests/test_api_tables_run.py).
CALLS = {
    "cuGLGetDevices", "cuGraphicsGLRegisterBuffer", "cuGraphicsGLRegisterImage",
    "cuGraphicsMapResources", "cuGraphicsResourceGetMappedPointer",
    "cuGraphicsResourceSetMapFlags", "cuGraphicsSubResourceGetMappedArray",
    "cuGraphicsResourceGetMappedMipmappedArray", "cuGraphicsUnmapResources", "cuGraphicsUnregisterResource", "cuGLInit", "cuGLCtxCreate",
    "cuGLRegisterBufferObject", "cuGLUnregisterBufferObject", "cuGLMapBufferObject",
    "cuGLMapBufferObjectAsync", "cuGLUnmapBufferObject", "cuGLUnmapBufferObjectAsync",
    "cuGLSetBufferObjectMapFlags", "cuImportExternalMemory", "cuExternalMemoryGetMappedBuffer",
    "cuDestroyExternalMemory", "cuImportExternalSemaphore", "cuSignalExternalSemaphoresAsync",
    "cuWaitExternalSemaphoresAsync", "cuDestroyExternalSemaphore",
}  # fmt: skip

COMMON = r"""
#include <stdio.h>
#include <string.h>
static int failures = 0;
static const char *cu_name(CUresult e) { const char *n = "?"; cuGetErrorName(e, &n); return n; }
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { CUresult e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cu_name(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, CUDA_SUCCESS)
"""

GL_PROGRAM = (
    r"""
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <cudaGL.h>
#include <cuda_gl_interop.h>
#include <GL/glext.h>
"""
    + COMMON
    + GL_KERNELS_AND_CONTEXT
    + r"""
int main() {
    OK(cuInit(0));
    OK(cuGLInit());
    CUdevice dev;
    CUcontext ctx;
    OK(cuDeviceGet(&dev, 0));
    /* without a GL context: no device for it, and registering fails */
    unsigned int count = 7;
    CUdevice devices[4] = {-1, -1, -1, -1};
    CALL(cuGLGetDevices(&count, devices, 4, CU_GL_DEVICE_LIST_ALL), CUDA_ERROR_NO_DEVICE);
    CUgraphicsResource res = NULL;
    CALL(cuGraphicsGLRegisterBuffer(&res, 1, CU_GRAPHICS_REGISTER_FLAGS_NONE), CUDA_ERROR_UNKNOWN);
    const char *why = make_context();
    if (why) {
        printf("driver_gl_interop: SKIPPED (%s)\n", why);
        return 77;
    }
    OK(cuGLCtxCreate(&ctx, 0, dev));
    OK(cuGLGetDevices(&count, devices, 4, CU_GL_DEVICE_LIST_ALL));
    EXPECT(count == 1 && devices[0] == 0);
    CALL(cuGLGetDevices(NULL, devices, 4, CU_GL_DEVICE_LIST_ALL), CUDA_ERROR_INVALID_VALUE);

    /* ---- a buffer, mapped as a pointer ---- */
    const int N = 300;
    float data[N], back[N];
    for (int i = 0; i < N; i++) data[i] = (float)i;
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);

    CALL(cuGraphicsGLRegisterBuffer(&res, buf, 7), CUDA_ERROR_INVALID_VALUE);
    CALL(cuGraphicsGLRegisterBuffer(NULL, buf, 0), CUDA_ERROR_INVALID_VALUE);
    CALL(cuGraphicsGLRegisterBuffer(&res, 12345, CU_GRAPHICS_REGISTER_FLAGS_NONE), CUDA_ERROR_INVALID_VALUE);
    OK(cuGraphicsGLRegisterBuffer(&res, buf, CU_GRAPHICS_REGISTER_FLAGS_NONE));
    CUdeviceptr ptr = 0;
    size_t size = 0;
    CUarray array = NULL;
    CALL(cuGraphicsResourceGetMappedPointer(&ptr, &size, res), CUDA_ERROR_NOT_MAPPED);
    CALL(cuGraphicsUnmapResources(1, &res, 0), CUDA_ERROR_NOT_MAPPED);
    CUgraphicsResource twice[2] = {res, res};
    CALL(cuGraphicsMapResources(2, twice, 0), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuGraphicsMapResources(1, NULL, 0), CUDA_ERROR_INVALID_VALUE);
    OK(cuGraphicsMapResources(0, NULL, 0));
    CUstream stream;
    OK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
    OK(cuGraphicsMapResources(1, &res, stream));
    CALL(cuGraphicsMapResources(1, &res, stream), CUDA_ERROR_ALREADY_MAPPED);
    CALL(cuGraphicsResourceSetMapFlags(res, CU_GRAPHICS_MAP_RESOURCE_FLAGS_READ_ONLY), CUDA_ERROR_ALREADY_MAPPED);
    CALL(cuGraphicsSubResourceGetMappedArray(&array, res, 0, 0), CUDA_ERROR_NOT_MAPPED_AS_ARRAY);
    OK(cuGraphicsResourceGetMappedPointer(&ptr, &size, res));
    EXPECT(ptr != 0 && size == sizeof data);
    size_t size_only = 0;
    OK(cuGraphicsResourceGetMappedPointer(NULL, &size_only, res));
    EXPECT(size_only == sizeof data);
    twice_plus_one<<<(N + 127) / 128, 128, 0, stream>>>((float *)ptr, N);
    OK(cuStreamSynchronize(stream));
    OK(cuGraphicsUnmapResources(1, &res, stream));
    CALL(cuGraphicsUnmapResources(1, &res, stream), CUDA_ERROR_NOT_MAPPED);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof back, back);
    int bad = 0;
    for (int i = 0; i < N; i++) bad += back[i] != 2.0f * i + 1.0f;
    EXPECT(bad == 0);

    /* read-only: the kernel sees GL's data, GL does not see the kernel's writes */
    CALL(cuGraphicsResourceSetMapFlags(res, 9), CUDA_ERROR_INVALID_VALUE);
    OK(cuGraphicsResourceSetMapFlags(res, CU_GRAPHICS_MAP_RESOURCE_FLAGS_READ_ONLY));
    OK(cuGraphicsMapResources(1, &res, 0));
    OK(cuGraphicsResourceGetMappedPointer(&ptr, &size, res));
    OK(cuMemcpyDtoH(back, ptr, sizeof back));
    EXPECT(back[10] == 21.0f && back[N - 1] == 2.0f * (N - 1) + 1.0f);
    store<<<(N + 127) / 128, 128>>>((float *)ptr, N, -1.0f);
    OK(cuCtxSynchronize());
    OK(cuGraphicsUnmapResources(1, &res, 0));
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof back, back);
    EXPECT(back[10] == 21.0f && back[N - 1] == 2.0f * (N - 1) + 1.0f);

    /* write-discard: the kernel writes every element, GL sees them */
    OK(cuGraphicsResourceSetMapFlags(res, CU_GRAPHICS_MAP_RESOURCE_FLAGS_WRITE_DISCARD));
    OK(cuGraphicsMapResources(1, &res, 0));
    OK(cuGraphicsResourceGetMappedPointer(&ptr, &size, res));
    store<<<(N + 127) / 128, 128>>>((float *)ptr, N, 7.0f);
    OK(cuCtxSynchronize());
    OK(cuGraphicsUnmapResources(1, &res, 0));
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof back, back);
    bad = 0;
    for (int i = 0; i < N; i++) bad += back[i] != 7.0f * i;
    EXPECT(bad == 0);
    OK(cuGraphicsUnregisterResource(res));
    CALL(cuGraphicsUnregisterResource(res), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuGraphicsMapResources(1, &res, 0), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuGraphicsResourceSetMapFlags(res, 0), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuGraphicsResourceGetMappedPointer(&ptr, &size, res), CUDA_ERROR_INVALID_HANDLE);

    /* the runtime's handle is the driver's: registered by one, mapped and unregistered by the other */
    cudaGraphicsResource_t rt = NULL;
    if (cudaGraphicsGLRegisterBuffer(&rt, buf, cudaGraphicsRegisterFlagsNone) != cudaSuccess) failures++;
    res = rt;
    OK(cuGraphicsMapResources(1, &res, 0));
    if (cudaGraphicsMapResources(1, &rt, 0) != cudaErrorUnknown) failures++; /* the runtime's code for it */
    OK(cuGraphicsResourceGetMappedPointer(&ptr, &size, res));
    OK(cuMemsetD32(ptr, 0x3f800000u, N)); /* 1.0f */
    OK(cuGraphicsUnmapResources(1, &res, 0));
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof back, back);
    EXPECT(back[0] == 1.0f && back[N - 1] == 1.0f);
    OK(cuGraphicsUnregisterResource(res));
    if (cudaGraphicsUnregisterResource(rt) != cudaErrorInvalidResourceHandle) failures++;
    (void)cudaGetLastError();
    glBindBuffer(GL_ARRAY_BUFFER, 0);

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
    float level0[16], level1[4], got1[4];
    for (int i = 0; i < 16; i++) level0[i] = 0.5f * i;
    for (int i = 0; i < 4; i++) level1[i] = 100.0f + i;
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, 4, 4, 0, GL_RED, GL_FLOAT, level0);
    glTexImage2D(GL_TEXTURE_2D, 1, GL_R32F, 2, 2, 0, GL_RED, GL_FLOAT, level1);
    glBindTexture(GL_TEXTURE_2D, 0);

    CUgraphicsResource images[2];
    CALL(cuGraphicsGLRegisterImage(&images[0], tex[0], GL_TEXTURE_2D, 3), CUDA_ERROR_INVALID_VALUE);
    OK(cuGraphicsGLRegisterImage(&images[0], tex[0], GL_TEXTURE_2D, CU_GRAPHICS_REGISTER_FLAGS_NONE));
    OK(cuGraphicsGLRegisterImage(&images[1], tex[1], GL_TEXTURE_2D, CU_GRAPHICS_REGISTER_FLAGS_SURFACE_LDST));
    CALL(cuGraphicsSubResourceGetMappedArray(&array, images[0], 0, 0), CUDA_ERROR_NOT_MAPPED);
    OK(cuGraphicsMapResources(2, images, 0));
    CALL(cuGraphicsResourceGetMappedPointer(&ptr, &size, images[0]), CUDA_ERROR_NOT_MAPPED_AS_POINTER);
    CALL(cuGraphicsSubResourceGetMappedArray(NULL, images[0], 0, 0), CUDA_ERROR_INVALID_VALUE);
    OK(cuGraphicsSubResourceGetMappedArray(&array, images[0], 0, 0));
    CUDA_ARRAY_DESCRIPTOR desc;
    OK(cuArrayGetDescriptor(&desc, array));
    EXPECT(desc.Width == W && desc.Height == H && desc.Format == CU_AD_FORMAT_UNSIGNED_INT8 && desc.NumChannels == 4);
    CUDA_MEMCPY2D copy;
    memset(&copy, 0, sizeof copy);
    copy.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.srcArray = array;
    copy.dstMemoryType = CU_MEMORYTYPE_HOST;
    copy.dstHost = got;
    copy.dstPitch = W * 4;
    copy.WidthInBytes = W * 4;
    copy.Height = H;
    OK(cuMemcpy2D(&copy));
    EXPECT(memcmp(got, texels, sizeof got) == 0);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < 4; c++) got[y][x][c] = (unsigned char)(255 - texels[y][x][c]);
    memset(&copy, 0, sizeof copy);
    copy.srcMemoryType = CU_MEMORYTYPE_HOST;
    copy.srcHost = got;
    copy.srcPitch = W * 4;
    copy.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.dstArray = array;
    copy.WidthInBytes = W * 4;
    copy.Height = H;
    OK(cuMemcpy2D(&copy));
    CUarray small = NULL;
    CALL(cuGraphicsSubResourceGetMappedArray(&small, images[1], 0, 9), CUDA_ERROR_INVALID_VALUE);
    CALL(cuGraphicsSubResourceGetMappedArray(&small, images[1], 3, 0), CUDA_ERROR_INVALID_VALUE);
    OK(cuGraphicsSubResourceGetMappedArray(&small, images[1], 0, 1));
    OK(cuArrayGetDescriptor(&desc, small));
    EXPECT(desc.Width == 2 && desc.Height == 2 && desc.Format == CU_AD_FORMAT_FLOAT && desc.NumChannels == 1);
    memset(&copy, 0, sizeof copy);
    copy.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.srcArray = small;
    copy.dstMemoryType = CU_MEMORYTYPE_HOST;
    copy.dstHost = got1;
    copy.dstPitch = 8;
    copy.WidthInBytes = 8;
    copy.Height = 2;
    OK(cuMemcpy2D(&copy));
    EXPECT(got1[0] == 100.0f && got1[3] == 103.0f);
    got1[2] = -5.0f;
    memset(&copy, 0, sizeof copy);
    copy.srcMemoryType = CU_MEMORYTYPE_HOST;
    copy.srcHost = got1;
    copy.srcPitch = 8;
    copy.dstMemoryType = CU_MEMORYTYPE_ARRAY;
    copy.dstArray = small;
    copy.WidthInBytes = 8;
    copy.Height = 2;
    OK(cuMemcpy2D(&copy));
    /* the texture's two levels as a mipmapped array: copies of the mapped levels */
    CUmipmappedArray mip = NULL, mip_again = NULL;
    CUarray mip_level;
    float mip_got[4] = {0};
    CALL(cuGraphicsResourceGetMappedMipmappedArray(NULL, images[1]), CUDA_ERROR_INVALID_VALUE);
    OK(cuGraphicsResourceGetMappedMipmappedArray(&mip, images[1]));
    OK(cuGraphicsResourceGetMappedMipmappedArray(&mip_again, images[1]));
    EXPECT(mip != NULL && mip_again == mip);
    CALL(cuMipmappedArrayGetLevel(&mip_level, mip, 2), CUDA_ERROR_INVALID_VALUE);
    OK(cuMipmappedArrayGetLevel(&mip_level, mip, 1));
    CUDA_MEMCPY2D mcopy;
    memset(&mcopy, 0, sizeof mcopy);
    mcopy.srcMemoryType = CU_MEMORYTYPE_ARRAY;
    mcopy.srcArray = mip_level;
    mcopy.dstMemoryType = CU_MEMORYTYPE_HOST;
    mcopy.dstHost = mip_got;
    mcopy.dstPitch = 8;
    mcopy.WidthInBytes = 8;
    mcopy.Height = 2;
    OK(cuMemcpy2D(&mcopy));
    EXPECT(mip_got[0] == 100.0f && mip_got[2] == -5.0f && mip_got[3] == 103.0f);
    OK(cuGraphicsUnmapResources(2, images, 0));
    CALL(cuGraphicsResourceGetMappedMipmappedArray(&mip, images[1]), CUDA_ERROR_NOT_MAPPED);
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
    /* a mapped resource is unmapped when unregistered: GL gets the writes */
    OK(cuGraphicsMapResources(1, &images[1], 0));
    OK(cuGraphicsSubResourceGetMappedArray(&small, images[1], 0, 1));
    got1[0] = 55.0f;
    copy.dstArray = small;
    OK(cuMemcpy2D(&copy));
    OK(cuGraphicsUnregisterResource(images[1]));
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    glGetTexImage(GL_TEXTURE_2D, 1, GL_RED, GL_FLOAT, gl_level1);
    glBindTexture(GL_TEXTURE_2D, 0);
    EXPECT(gl_level1[0] == 55.0f);
    OK(cuGraphicsUnregisterResource(images[0]));

    /* ---- the deprecated buffer-object API ---- */
    int ints[64], iback[64];
    for (int i = 0; i < 64; i++) ints[i] = i * 3;
    GLuint obj;
    glGenBuffers(1, &obj);
    glBindBuffer(GL_ARRAY_BUFFER, obj);
    glBufferData(GL_ARRAY_BUFFER, sizeof ints, ints, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    CUdeviceptr iptr = 0;
    size_t isize = 0;
    CALL(cuGLMapBufferObject(&iptr, &isize, obj), CUDA_ERROR_INVALID_HANDLE);
    OK(cuGLRegisterBufferObject(obj));
    CALL(cuGLRegisterBufferObject(obj), CUDA_ERROR_INVALID_VALUE);
    OK(cuGLMapBufferObject(&iptr, &isize, obj));
    EXPECT(iptr != 0 && isize == sizeof ints);
    CALL(cuGLMapBufferObject(&iptr, &isize, obj), CUDA_ERROR_ALREADY_MAPPED);
    CALL(cuGLSetBufferObjectMapFlags(obj, CU_GL_MAP_RESOURCE_FLAGS_READ_ONLY), CUDA_ERROR_ALREADY_MAPPED);
    add_one<<<1, 64>>>((int *)iptr, 64);
    OK(cuCtxSynchronize());
    OK(cuGLUnmapBufferObject(obj));
    CALL(cuGLUnmapBufferObject(obj), CUDA_ERROR_NOT_MAPPED);
    OK(cuGLSetBufferObjectMapFlags(obj, CU_GL_MAP_RESOURCE_FLAGS_READ_ONLY));
    OK(cuGLMapBufferObjectAsync(&iptr, &isize, obj, stream));
    OK(cuMemcpyDtoH(iback, iptr, sizeof iback));
    EXPECT(iback[0] == 1 && iback[63] == 63 * 3 + 1);
    add_one<<<1, 64, 0, stream>>>((int *)iptr, 64); /* read-only: not written back */
    OK(cuGLUnmapBufferObjectAsync(obj, stream));
    OK(cuStreamSynchronize(stream));
    glBindBuffer(GL_ARRAY_BUFFER, obj);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof iback, iback);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    bad = 0;
    for (int i = 0; i < 64; i++) bad += iback[i] != i * 3 + 1;
    EXPECT(bad == 0);
    OK(cuGLUnregisterBufferObject(obj));
    CALL(cuGLUnregisterBufferObject(obj), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuGLUnmapBufferObject(obj), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuGLSetBufferObjectMapFlags(obj, 0), CUDA_ERROR_INVALID_HANDLE);
    OK(cuStreamDestroy(stream));
    OK(cuCtxDestroy(ctx));

    printf(failures ? "driver_gl_interop: FAILED\n" : "driver_gl_interop: PASSED\n");
    return failures ? 1 : 0;
}
"""
)

# The external-resource checks, in C (also compiled as CUDA, with a kernel, by EXTERNAL_PROGRAM).
EXTERNAL_BODY = (
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
static int other_side; /* the "other API"'s copy of the binary semaphore's eventfd */
static void *signal_later(void *unused) {
    (void)unused;
    usleep(50000);
    uint64_t one = 1;
    if (write(other_side, &one, sizeof one) != (ssize_t)sizeof one) printf("FAILED: write\n");
    return NULL;
}

/* Squares n ints at p (a kernel in CUDA, a copy out and in from C). */
static void square(CUdeviceptr p, int n);

static int external(void) {
    CUdevice dev;
    CUcontext ctx;
    OK(cuInit(0));
    OK(cuDeviceGet(&dev, 0));
    OK(cuCtxCreate(&ctx, 0, dev));

    /* ---- memory: a memfd of 3 pages another API made ---- */
    const size_t PAGE = 4096, SIZE = 3 * 4096;
    int fd = memfd_create("external", 0);
    EXPECT(fd >= 0 && ftruncate(fd, SIZE) == 0);
    int *theirs = (int *)mmap(NULL, SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    for (size_t i = 0; i < SIZE / 4; i++) theirs[i] = (int)(i % 1000);

    CUDA_EXTERNAL_MEMORY_HANDLE_DESC md;
    memset(&md, 0, sizeof md);
    md.type = CU_EXTERNAL_MEMORY_HANDLE_TYPE_NVSCIBUF;
    md.size = SIZE;
    CUexternalMemory mem = NULL;
    CALL(cuImportExternalMemory(&mem, &md), CUDA_ERROR_NOT_SUPPORTED);
    md.type = CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32;
    CALL(cuImportExternalMemory(&mem, &md), CUDA_ERROR_NOT_SUPPORTED);
    md.type = CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD;
    md.handle.fd = dup(fd);
    md.size = 0;
    CALL(cuImportExternalMemory(&mem, &md), CUDA_ERROR_INVALID_VALUE);
    md.size = SIZE * 2; /* more than the file holds */
    CALL(cuImportExternalMemory(&mem, &md), CUDA_ERROR_INVALID_VALUE);
    md.size = SIZE;
    md.flags = CUDA_EXTERNAL_MEMORY_DEDICATED;
    CALL(cuImportExternalMemory(NULL, &md), CUDA_ERROR_INVALID_VALUE);
    CALL(cuImportExternalMemory(&mem, NULL), CUDA_ERROR_INVALID_VALUE);
    OK(cuImportExternalMemory(&mem, &md));

    CUDA_EXTERNAL_MEMORY_BUFFER_DESC bd;
    memset(&bd, 0, sizeof bd);
    bd.offset = PAGE;
    bd.size = PAGE;
    CUdeviceptr page = 0, odd = 0;
    OK(cuExternalMemoryGetMappedBuffer(&page, mem, &bd));
    bd.offset = 2 * PAGE + 100 * 4; /* not page-aligned */
    bd.size = 64 * 4;
    OK(cuExternalMemoryGetMappedBuffer(&odd, mem, &bd));
    bd.size = PAGE; /* past the end */
    CALL(cuExternalMemoryGetMappedBuffer(&odd, mem, &bd), CUDA_ERROR_INVALID_VALUE);
    bd.offset = 0, bd.size = 16, bd.flags = 1;
    CALL(cuExternalMemoryGetMappedBuffer(&odd, mem, &bd), CUDA_ERROR_INVALID_VALUE);
    CALL(cuExternalMemoryGetMappedBuffer(NULL, mem, &bd), CUDA_ERROR_INVALID_VALUE);
    square(page, 1024);
    square(odd, 64);
    OK(cuCtxSynchronize());
    int bad = 0;
    for (int i = 0; i < 1024; i++) { int v = (1024 + i) % 1000; bad += theirs[1024 + i] != v * v; }
    for (int i = 0; i < 64; i++) { int v = (2048 + 100 + i) % 1000; bad += theirs[2048 + 100 + i] != v * v; }
    EXPECT(bad == 0);
    EXPECT(theirs[1023] == 23 && theirs[2048 + 99] == 147 && theirs[2048 + 164] == 212); /* untouched */
    theirs[1024 + 5] = 4242; /* the other API's write, seen through the buffer */
    int seen = 0;
    OK(cuMemcpyDtoH(&seen, page + 5 * sizeof(int), sizeof seen));
    EXPECT(seen == 4242);
    OK(cuMemFree(page));
    OK(cuMemFree(odd));
    OK(cuDestroyExternalMemory(mem));
    CALL(cuDestroyExternalMemory(mem), CUDA_ERROR_INVALID_HANDLE);
    bd.flags = 0;
    CALL(cuExternalMemoryGetMappedBuffer(&page, mem, &bd), CUDA_ERROR_INVALID_HANDLE);

    /* ---- a binary semaphore: an eventfd ---- */
    int efd = eventfd(0, 0);
    other_side = dup(efd);
    CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC sd;
    memset(&sd, 0, sizeof sd);
    CUexternalSemaphore bin = NULL, timeline = NULL;
    sd.type = CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX;
    CALL(cuImportExternalSemaphore(&bin, &sd), CUDA_ERROR_NOT_SUPPORTED);
    sd.type = CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_NVSCISYNC;
    CALL(cuImportExternalSemaphore(&bin, &sd), CUDA_ERROR_NOT_SUPPORTED);
    sd.type = CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD;
    sd.handle.fd = efd;
    CALL(cuImportExternalSemaphore(NULL, &sd), CUDA_ERROR_INVALID_VALUE);
    OK(cuImportExternalSemaphore(&bin, &sd));
    CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS sp;
    CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS wp;
    memset(&sp, 0, sizeof sp);
    memset(&wp, 0, sizeof wp);
    CUstream stream;
    OK(cuStreamCreate(&stream, CU_STREAM_DEFAULT));
    OK(cuSignalExternalSemaphoresAsync(&bin, &sp, 1, stream));
    uint64_t value = 0;
    EXPECT(read(other_side, &value, sizeof value) == (ssize_t)sizeof value && value == 1); /* the other API waits */
    value = 1;
    EXPECT(write(other_side, &value, sizeof value) == (ssize_t)sizeof value); /* and signals */
    OK(cuWaitExternalSemaphoresAsync(&bin, &wp, 1, stream));
    pthread_t thread;
    pthread_create(&thread, NULL, signal_later, NULL);
    OK(cuWaitExternalSemaphoresAsync(&bin, &wp, 1, stream)); /* released by the other thread */
    pthread_join(thread, NULL);
    int flags_before = fcntl(other_side, F_GETFL);
    fcntl(other_side, F_SETFL, flags_before | O_NONBLOCK);
    EXPECT(read(other_side, &value, sizeof value) < 0 && errno == EAGAIN); /* consumed */

    /* ---- a timeline semaphore: a file's 64-bit word ---- */
    int tfd = memfd_create("timeline", 0);
    EXPECT(ftruncate(tfd, 8) == 0);
    volatile uint64_t *word = (volatile uint64_t *)mmap(NULL, 8, PROT_READ | PROT_WRITE, MAP_SHARED, tfd, 0);
    sd.type = CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD;
    sd.handle.fd = dup(tfd);
    OK(cuImportExternalSemaphore(&timeline, &sd));
    sp.params.fence.value = 5;
    OK(cuSignalExternalSemaphoresAsync(&timeline, &sp, 1, stream));
    EXPECT(*word == 5);
    *word = 9; /* the other API signals 9 */
    wp.params.fence.value = 9;
    OK(cuWaitExternalSemaphoresAsync(&timeline, &wp, 1, stream));
    CUexternalSemaphore both[2] = {timeline, bin};
    CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS sps[2];
    memset(sps, 0, sizeof sps);
    sps[0].params.fence.value = 12;
    OK(cuSignalExternalSemaphoresAsync(both, sps, 2, stream));
    EXPECT(*word == 12);
    EXPECT(read(other_side, &value, sizeof value) == (ssize_t)sizeof value && value == 1);
    wp.params.fence.value = 3; /* already reached */
    OK(cuWaitExternalSemaphoresAsync(&timeline, &wp, 1, stream));
    CALL(cuSignalExternalSemaphoresAsync(NULL, sps, 1, stream), CUDA_ERROR_INVALID_VALUE);
    CALL(cuWaitExternalSemaphoresAsync(&timeline, NULL, 1, stream), CUDA_ERROR_INVALID_VALUE);
    OK(cuStreamSynchronize(stream));
    OK(cuDestroyExternalSemaphore(timeline));
    OK(cuDestroyExternalSemaphore(bin));
    CALL(cuDestroyExternalSemaphore(bin), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuSignalExternalSemaphoresAsync(&bin, &sp, 1, stream), CUDA_ERROR_INVALID_HANDLE);
    OK(cuStreamDestroy(stream));

    /* ---- graphics resources without GL: the driver's errors and texts ---- */
    CUgraphicsResource none = NULL;
    CALL(cuGraphicsMapResources(1, &none, 0), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuGraphicsUnregisterResource(none), CUDA_ERROR_INVALID_HANDLE);
    const char *text = NULL;
    OK(cuGetErrorString(CUDA_ERROR_NOT_MAPPED_AS_POINTER, &text));
    EXPECT(text && strcmp(text, "resource not mapped as pointer") == 0);
    OK(cuGetErrorName(CUDA_ERROR_ALREADY_MAPPED, &text));
    EXPECT(text && strcmp(text, "CUDA_ERROR_ALREADY_MAPPED") == 0);
    EXPECT(CUDA_ERROR_ALREADY_MAPPED == 208 && CUDA_ERROR_NOT_MAPPED == 211 &&
           CUDA_ERROR_NOT_MAPPED_AS_ARRAY == 212 && CUDA_ERROR_NOT_MAPPED_AS_POINTER == 213);
    EXPECT(sizeof(CUDA_EXTERNAL_MEMORY_HANDLE_DESC) == 104 && sizeof(CUDA_EXTERNAL_MEMORY_BUFFER_DESC) == 88 &&
           sizeof(CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC) == 96 &&
           sizeof(CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS) == 144 &&
           sizeof(CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS) == 144);
    OK(cuCtxDestroy(ctx));
    return failures;
}
"""
)

EXTERNAL_PROGRAM = (
    "#include <cuda.h>\n"
    + EXTERNAL_BODY
    + r"""
__global__ void square_kernel(int *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = p[i] * p[i];
}
static void square(CUdeviceptr p, int n) { square_kernel<<<(n + 255) / 256, 256>>>((int *)p, n); }

int main() {
    int f = external();
    printf(f ? "driver_external: FAILED\n" : "driver_external: PASSED\n");
    return f ? 1 : 0;
}
"""
)

PLAIN_C = (
    "#define _GNU_SOURCE 1\n#include <cuda.h>\n#include <stdlib.h>\n"
    + EXTERNAL_BODY
    + r"""
static void square(CUdeviceptr p, int n) {
    int *h = (int *)malloc(sizeof(int) * (size_t)n);
    OK(cuMemcpyDtoH(h, p, sizeof(int) * (size_t)n));
    for (int i = 0; i < n; i++) h[i] *= h[i];
    OK(cuMemcpyHtoD(p, h, sizeof(int) * (size_t)n));
    free(h);
}

int main(void) {
    int f = external();
    printf(f ? "driver_external_c: FAILED\n" : "driver_external_c: PASSED\n");
    return f ? 1 : 0;
}
"""
)

# The programs' text, where tests/test_api_tables_run.py finds the CALLS.
PROGRAM = GL_PROGRAM + EXTERNAL_PROGRAM


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("driver_api_interop")
    out = {}
    for name, text in (("driver_gl_interop", GL_PROGRAM), ("driver_external", EXTERNAL_PROGRAM)):
        out[name] = tmp / f"{name}.cu"
        out[name].write_text(text)
    return out


def test_gl_program_runs_on_the_host_platform(sources: dict[str, Path], tmp_path: Path) -> None:
    if not have_gl_dev():
        pytest.skip("REQUIRES: libgl-dev and libegl-dev (GL/gl.h, EGL/egl.h, libGL.so, libEGL.so)")
    exe = tmp_path / "driver_gl_interop"
    src = sources["driver_gl_interop"]
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(src), *GL_LIBS)
    assert proc.returncode == 0, proc.stderr
    run_or_skip(exe, "driver_gl_interop")


def test_external_program_runs_on_the_host_platform(
    sources: dict[str, Path], tmp_path: Path
) -> None:
    exe = tmp_path / "driver_external"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(sources["driver_external"]), "-lpthread")
    assert proc.returncode == 0, proc.stderr
    run_or_skip(exe, "driver_external")


def test_plain_c_file_uses_them_with_the_host_compiler(tmp_path: Path) -> None:
    """cuda.h's interop functions and CUDA's descriptor sizes from C: gcc, no warnings, the host
    runtime as libcuda."""
    from cu2amd.runtime_shim.host.build import runtime_library

    cc = shutil.which("cc")
    if cc is None:
        pytest.skip("no cc")
    src = tmp_path / "plain.c"
    src.write_text(PLAIN_C)
    exe = tmp_path / "plain"
    lib = runtime_library()
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", str(include_dir()), str(src),
           "-o", str(exe), str(lib), f"-Wl,-rpath,{lib.parent}", "-lpthread"]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    run_or_skip(exe, "driver_external_c")


@pytest.mark.parametrize("name", ["driver_gl_interop", "driver_external"])
def test_programs_build_for_gfx942(sources: dict[str, Path], tmp_path: Path, name: str) -> None:
    """Compiled for gfx942; linked against libamdhip64 (and GL for the GL program) where they are
    installed, importing HIP's interop functions."""
    from cu2amd.amdgpu.toolchain import discover
    from cu2amd.errors import Cu2amdError

    if name == "driver_gl_interop" and not all(p.is_file() for p in GL_HEADERS):
        pytest.skip("REQUIRES: libgl-dev and libegl-dev headers")
    obj = tmp_path / f"{name}.o"
    proc = nvcc("--offload-arch=gfx942", "-c", "-o", str(obj), str(sources[name]))
    assert proc.returncode == 0, proc.stderr
    try:
        discover().libamdhip64()
    except Cu2amdError:
        pytest.skip("libamdhip64 is not installed: compiled, not linked")
    if name == "driver_gl_interop" and not have_gl_dev():
        pytest.skip("libGL.so/libEGL.so are not installed: compiled, not linked")
    exe = tmp_path / f"{name}_gfx942"
    libs = GL_LIBS if name == "driver_gl_interop" else ("-lpthread",)
    proc = nvcc("--offload-arch=gfx942", "-o", str(exe), str(sources[name]), *libs)
    assert proc.returncode == 0, proc.stderr
    undefined = subprocess.run(["nm", "-D", "-u", str(exe)], capture_output=True, text=True).stdout
    wanted = (
        (
            "hipGraphicsGLRegisterBuffer",
            "hipGraphicsMapResources",
            "hipGraphicsGLRegisterImage",
            "hipGLGetDevices",
            "hipGraphicsSubResourceGetMappedArray",
        )
        if name == "driver_gl_interop"
        else (
            "hipImportExternalMemory",
            "hipExternalMemoryGetMappedBuffer",
            "hipSignalExternalSemaphoresAsync",
            "hipWaitExternalSemaphoresAsync",
        )
    )
    for symbol in wanted:
        assert symbol in undefined, symbol
