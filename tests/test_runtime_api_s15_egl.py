"""EGL interoperability over Mesa's EGL (cuda_egl_interop.h, cudaEGL.h: cu2amd/runtime_egl.h,
cu2amd/driver_egl.h, cu2amd/egl_interop.h). A self-checking program per API (runtime, driver) builds
with cu2amd-nvcc for the host platform and runs, and builds for gfx942 (linked against libamdhip64
and EGL/GL where installed):

- a headless EGL context (Mesa's surfaceless platform) makes a GL texture with data and an EGLImage
  of it (EGL_KHR_gl_texture_2D_image); the image is registered, its frame asked for without a map
  (CUDA's EGL resources need none) and with one, a kernel reads and writes the frame's array (copied
  to device memory and back; a surface object can be made of it), and GL's texture shows the writes after the unmap (not with a read-only
  registration); CUDA's errors for a NULL image, bad flags, a resource that is not EGL's;
- EGL fence and reusable sync objects become events: waiting for the event (cudaEventSynchronize,
  cudaStreamWaitEvent) waits for a reusable sync that another thread signals 150 ms later.

Needs libGL/libEGL (Debian: libgl-dev, libegl-dev, and libegl-mesa0 + libgl1-mesa-dri to run);
skipped where EGL makes no context."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from runtime_programs import GL_HEADERS, GL_LIBS, have_gl_dev, nvcc, run_or_skip

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cudaGraphicsEGLRegisterImage", "cudaGraphicsResourceGetMappedEglFrame",
    "cudaEventCreateFromEGLSync",
}  # fmt: skip

# What both programs share: the EGL context, the image, the sync objects and the kernel.
EGL_COMMON = r"""
#define GL_GLEXT_PROTOTYPES 1
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)

static EGLDisplay display;
static EGLContext context;
static const char *make_context() {
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    if (!get_display) return "no eglGetPlatformDisplayEXT";
    display = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    EGLint major, minor;
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, &major, &minor)) return "no surfaceless EGL display";
    if (!eglBindAPI(EGL_OPENGL_API)) return "no desktop OpenGL in EGL";
    EGLint attrs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config;
    EGLint n = 0;
    eglChooseConfig(display, attrs, &config, 1, &n);
    context = eglCreateContext(display, n ? config : (EGLConfig)0, EGL_NO_CONTEXT, NULL);
    if (context == EGL_NO_CONTEXT) return "no EGL context";
    if (!eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) return "EGL context not made current";
    const char *ext = eglQueryString(display, EGL_EXTENSIONS);
    if (!ext || !strstr(ext, "EGL_KHR_gl_texture_2D_image") || !strstr(ext, "EGL_KHR_reusable_sync"))
        return "no EGL_KHR_gl_texture_2D_image or EGL_KHR_reusable_sync";
    return NULL;
}

enum { W = 8, H = 4 };
/* A GL RGBA8 texture with texel (x, y) = (x, y, x + y, 200) and an EGLImage of its level 0. */
static EGLImageKHR make_image(GLuint *texture) {
    unsigned char texels[W * H * 4];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            unsigned char *t = texels + 4 * (y * W + x);
            t[0] = (unsigned char)x, t[1] = (unsigned char)y, t[2] = (unsigned char)(x + y), t[3] = 200;
        }
    glGenTextures(1, texture);
    glBindTexture(GL_TEXTURE_2D, *texture);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glBindTexture(GL_TEXTURE_2D, 0);
    PFNEGLCREATEIMAGEKHRPROC create = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
    EGLint attrs[] = {EGL_GL_TEXTURE_LEVEL_KHR, 0, EGL_NONE};
    return create(display, context, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)*texture, attrs);
}
/* The texture's texels as GL sees them; how many differ from the first ones plus `add` (red and green). */
static int texels_differ(GLuint texture, int add) {
    unsigned char got[W * H * 4];
    glBindTexture(GL_TEXTURE_2D, texture);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
    glBindTexture(GL_TEXTURE_2D, 0);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const unsigned char *t = got + 4 * (y * W + x);
            bad += t[0] != x + add || t[1] != y + add || t[2] != x + y || t[3] != 200;
        }
    return bad;
}

/* Adds one to each texel's red and green (the frame's array copied to `p` and back: gfx942 has no image
 * instructions for surfaces), and stores what it read (red * 1000 + green) in `seen`. */
__global__ void bump(uchar4 *p, int *seen) {
    int i = blockIdx.x * W + threadIdx.x;
    uchar4 t = p[i];
    seen[i] = t.x * 1000 + t.y;
    t.x += 1, t.y += 1;
    p[i] = t;
}
static int seen_differ(const int *seen, int add) {
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) bad += seen[y * W + x] != (x + add) * 1000 + (y + add);
    return bad;
}

/* A reusable sync signalled by another thread 150 ms after it starts. */
static PFNEGLCREATESYNCKHRPROC create_sync;
static PFNEGLSIGNALSYNCKHRPROC signal_sync;
static PFNEGLDESTROYSYNCKHRPROC destroy_sync;
static PFNEGLGETSYNCATTRIBKHRPROC sync_attrib;
static void *signal_later(void *sync) {
    struct timespec nap = {0, 150 * 1000 * 1000};
    nanosleep(&nap, NULL);
    signal_sync(display, (EGLSyncKHR)sync, EGL_SIGNALED_KHR);
    return NULL;
}
static double seconds() {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}
static void load_sync_functions() {
    create_sync = (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
    signal_sync = (PFNEGLSIGNALSYNCKHRPROC)eglGetProcAddress("eglSignalSyncKHR");
    destroy_sync = (PFNEGLDESTROYSYNCKHRPROC)eglGetProcAddress("eglDestroySyncKHR");
    sync_attrib = (PFNEGLGETSYNCATTRIBKHRPROC)eglGetProcAddress("eglGetSyncAttribKHR");
}
"""

PROGRAM = (
    r"""
#include <cuda_egl_interop.h>
"""
    + EGL_COMMON
    + r"""
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

/* The kernel on the frame's array, through a device copy; and a surface object can be made of the array. */
static void bump_array(cudaArray_t array, uchar4 *pixels, int *seen, int *host_seen) {
    (void)cudaGetLastError(); /* (the errors the program checked before) */
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeArray;
    rd.res.array.array = array;
    cudaSurfaceObject_t s = 0;
    OK(cudaCreateSurfaceObject(&s, &rd));
    OK(cudaDestroySurfaceObject(s));
    OK(cudaMemcpy2DFromArray(pixels, W * 4, array, 0, 0, W * 4, H, cudaMemcpyDeviceToDevice));
    bump<<<H, W>>>(pixels, seen);
    OK(cudaGetLastError());
    OK(cudaMemcpy2DToArray(array, 0, 0, pixels, W * 4, W * 4, H, cudaMemcpyDeviceToDevice));
    OK(cudaDeviceSynchronize());
    OK(cudaMemcpy(host_seen, seen, sizeof(int) * W * H, cudaMemcpyDeviceToHost));
}

int main() {
    cudaGraphicsResource_t res = NULL;
    /* without a GL context: cudaErrorUnknown (cu2amd binds the image to a GL texture) */
    CALL(cudaGraphicsEGLRegisterImage(&res, (EGLImageKHR)0x1, cudaGraphicsRegisterFlagsNone), cudaErrorUnknown);
    const char *why = make_context();
    if (why) {
        printf("egl_interop: SKIPPED (%s)\n", why);
        return 77;
    }
    load_sync_functions();
    GLuint texture;
    EGLImageKHR image = make_image(&texture);
    EXPECT(image != EGL_NO_IMAGE_KHR);

    CALL(cudaGraphicsEGLRegisterImage(&res, NULL, cudaGraphicsRegisterFlagsNone), cudaErrorInvalidValue);
    CALL(cudaGraphicsEGLRegisterImage(NULL, image, cudaGraphicsRegisterFlagsNone), cudaErrorInvalidValue);
    CALL(cudaGraphicsEGLRegisterImage(&res, image, 3), cudaErrorInvalidValue);
    CALL(cudaGraphicsEGLRegisterImage(&res, image, cudaGraphicsRegisterFlagsSurfaceLoadStore), cudaErrorInvalidValue);
    OK(cudaGraphicsEGLRegisterImage(&res, image, cudaGraphicsRegisterFlagsNone));

    /* the frame, without a map */
    cudaEglFrame frame;
    memset(&frame, 0xff, sizeof frame);
    CALL(cudaGraphicsResourceGetMappedEglFrame(NULL, res, 0, 0), cudaErrorInvalidValue);
    OK(cudaGraphicsResourceGetMappedEglFrame(&frame, res, 0, 0));
    EXPECT(frame.planeCount == 1 && frame.frameType == cudaEglFrameTypeArray);
    EXPECT(frame.eglColorFormat == cudaEglColorFormatABGR); /* GL's RGBA8: bytes R, G, B, A */
    EXPECT(frame.planeDesc[0].width == W && frame.planeDesc[0].height == H && frame.planeDesc[0].depth == 1);
    EXPECT(frame.planeDesc[0].numChannels == 4 && frame.planeDesc[0].pitch == W * 4);
    cudaChannelFormatDesc d = frame.planeDesc[0].channelDesc;
    EXPECT(d.x == 8 && d.y == 8 && d.z == 8 && d.w == 8 && d.f == cudaChannelFormatKindUnsigned);
    EXPECT(frame.frame.pArray[0] != NULL);
    cudaExtent extent;
    unsigned int array_flags = 0;
    OK(cudaArrayGetInfo(&d, &extent, &array_flags, frame.frame.pArray[0]));
    EXPECT(extent.width == W && extent.height == H && (array_flags & cudaArraySurfaceLoadStore));
    int *seen;
    int host_seen[W * H];
    uchar4 *pixels;
    OK(cudaMalloc(&seen, sizeof host_seen));
    OK(cudaMalloc(&pixels, sizeof(uchar4) * W * H));
    bump_array(frame.frame.pArray[0], pixels, seen, host_seen);
    EXPECT(seen_differ(host_seen, 0) == 0);

    /* mapped by the program: the writes above reach GL first, the kernel sees them, GL sees its own at the unmap */
    OK(cudaGraphicsMapResources(1, &res, 0));
    EXPECT(texels_differ(texture, 1) == 0);
    CALL(cudaGraphicsMapResources(1, &res, 0), cudaErrorUnknown);
    OK(cudaGraphicsResourceGetMappedEglFrame(&frame, res, 0, 0));
    cudaArray_t same = NULL;
    OK(cudaGraphicsSubResourceGetMappedArray(&same, res, 0, 0));
    EXPECT(same == frame.frame.pArray[0]);
    bump_array(frame.frame.pArray[0], pixels, seen, host_seen);
    EXPECT(seen_differ(host_seen, 1) == 0);
    OK(cudaGraphicsUnmapResources(1, &res, 0));
    EXPECT(texels_differ(texture, 2) == 0);
    OK(cudaGraphicsUnregisterResource(res));
    CALL(cudaGraphicsResourceGetMappedEglFrame(&frame, res, 0, 0), cudaErrorInvalidResourceHandle);

    /* read-only: the kernel reads GL's texels, GL never sees its writes (not at the unregistration either) */
    OK(cudaGraphicsEGLRegisterImage(&res, image, cudaGraphicsRegisterFlagsReadOnly));
    OK(cudaGraphicsResourceGetMappedEglFrame(&frame, res, 0, 0));
    bump_array(frame.frame.pArray[0], pixels, seen, host_seen);
    EXPECT(seen_differ(host_seen, 2) == 0);
    OK(cudaGraphicsUnregisterResource(res));
    EXPECT(texels_differ(texture, 2) == 0);

    /* never mapped by the program: the writes reach GL when the resource is unregistered */
    OK(cudaGraphicsEGLRegisterImage(&res, image, cudaGraphicsRegisterFlagsNone));
    OK(cudaGraphicsResourceGetMappedEglFrame(&frame, res, 0, 0));
    bump_array(frame.frame.pArray[0], pixels, seen, host_seen);
    EXPECT(seen_differ(host_seen, 2) == 0);
    OK(cudaGraphicsUnregisterResource(res));
    EXPECT(texels_differ(texture, 3) == 0);
    /* CUDA's values of some of the colour formats */
    EXPECT(cudaEglColorFormatBayerRGGB == 45 && cudaEglColorFormatY == 82 && cudaEglColorFormatUYVY2020 == 116);

    /* a resource that is not an EGL image */
    GLuint buffer;
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    OK(cudaGraphicsGLRegisterBuffer(&res, buffer, cudaGraphicsRegisterFlagsNone));
    CALL(cudaGraphicsResourceGetMappedEglFrame(&frame, res, 0, 0), cudaErrorUnknown);
    OK(cudaGraphicsUnregisterResource(res));

    /* a fence sync: done once GL's commands before it are */
    cudaEvent_t event;
    EGLSyncKHR fence = create_sync(display, EGL_SYNC_FENCE_KHR, NULL);
    EXPECT(fence != EGL_NO_SYNC_KHR);
    CALL(cudaEventCreateFromEGLSync(NULL, fence, 0), cudaErrorInvalidValue);
    CALL(cudaEventCreateFromEGLSync(&event, NULL, 0), cudaErrorInvalidValue);
    CALL(cudaEventCreateFromEGLSync(&event, fence, cudaEventDisableTiming), cudaErrorInvalidValue);
    CALL(cudaEventCreateFromEGLSync(&event, (EGLSyncKHR)0x1234, 0), cudaErrorInvalidValue);
    OK(cudaEventCreateFromEGLSync(&event, fence, cudaEventBlockingSync));
    OK(cudaEventSynchronize(event));
    OK(cudaEventQuery(event));
    EGLint status = 0;
    EXPECT(sync_attrib(display, fence, EGL_SYNC_STATUS_KHR, &status) && status == EGL_SIGNALED_KHR);
    OK(cudaEventDestroy(event));
    destroy_sync(display, fence);

    /* a reusable sync another thread signals later: waiting for the event waits for it */
    EGLSyncKHR later = create_sync(display, EGL_SYNC_REUSABLE_KHR, NULL);
    EXPECT(later != EGL_NO_SYNC_KHR);
    pthread_t thread;
    double start = seconds();
    pthread_create(&thread, NULL, signal_later, (void *)later);
    OK(cudaEventCreateFromEGLSync(&event, later, 0));
    OK(cudaEventSynchronize(event));
    double waited = seconds() - start;
    EXPECT(waited >= 0.1);
    EXPECT(sync_attrib(display, later, EGL_SYNC_STATUS_KHR, &status) && status == EGL_SIGNALED_KHR);
    pthread_join(thread, NULL);
    OK(cudaEventDestroy(event));

    /* a stream waiting for the event runs its work after the signal */
    signal_sync(display, later, EGL_UNSIGNALED_KHR);
    cudaStream_t stream;
    OK(cudaStreamCreate(&stream));
    start = seconds();
    pthread_create(&thread, NULL, signal_later, (void *)later);
    OK(cudaEventCreateFromEGLSync(&event, later, 0));
    OK(cudaStreamWaitEvent(stream, event, 0));
    OK(cudaMemsetAsync(seen, 0, sizeof host_seen, stream));
    OK(cudaStreamSynchronize(stream));
    waited = seconds() - start;
    EXPECT(waited >= 0.1);
    pthread_join(thread, NULL);
    OK(cudaEventDestroy(event));
    OK(cudaStreamDestroy(stream));
    destroy_sync(display, later);
    OK(cudaFree(seen));
    OK(cudaFree(pixels));

    printf(failures ? "egl_interop: FAILED\n" : "egl_interop: PASSED\n");
    return failures ? 1 : 0;
}
"""
)


# The driver API's program (cudaEGL.h): the same checks with the driver's types and errors.
DRIVER_PROGRAM = (
    r"""
#include <cudaEGL.h>
"""
    + EGL_COMMON
    + r"""
static const char *cu_name(CUresult e) { const char *n = "?"; cuGetErrorName(e, &n); return n; }
#define CALL(call, expected) do { CUresult e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cu_name(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, CUDA_SUCCESS)

/* The kernel on the frame's array, through a device copy (the runtime's copies: the same arrays). */
static void bump_array(CUarray array, uchar4 *pixels, int *seen, int *host_seen) {
    cudaArray_t a = (cudaArray_t)array;
    EXPECT(cudaMemcpy2DFromArray(pixels, W * 4, a, 0, 0, W * 4, H, cudaMemcpyDeviceToDevice) == cudaSuccess);
    bump<<<H, W>>>(pixels, seen);
    EXPECT(cudaMemcpy2DToArray(a, 0, 0, pixels, W * 4, W * 4, H, cudaMemcpyDeviceToDevice) == cudaSuccess);
    OK(cuCtxSynchronize());
    EXPECT(cudaMemcpy(host_seen, seen, sizeof(int) * W * H, cudaMemcpyDeviceToHost) == cudaSuccess);
}

int main() {
    OK(cuInit(0));
    CUdevice dev;
    CUcontext ctx;
    OK(cuDeviceGet(&dev, 0));
    OK(cuCtxCreate(&ctx, 0, dev));
    CUgraphicsResource res = NULL;
    CALL(cuGraphicsEGLRegisterImage(&res, (EGLImageKHR)0x1, CU_GRAPHICS_MAP_RESOURCE_FLAGS_NONE), CUDA_ERROR_UNKNOWN);
    const char *why = make_context();
    if (why) {
        printf("driver_egl_interop: SKIPPED (%s)\n", why);
        return 77;
    }
    load_sync_functions();
    GLuint texture;
    EGLImageKHR image = make_image(&texture);
    EXPECT(image != EGL_NO_IMAGE_KHR);

    CALL(cuGraphicsEGLRegisterImage(&res, NULL, CU_GRAPHICS_MAP_RESOURCE_FLAGS_NONE), CUDA_ERROR_INVALID_VALUE);
    CALL(cuGraphicsEGLRegisterImage(NULL, image, CU_GRAPHICS_MAP_RESOURCE_FLAGS_NONE), CUDA_ERROR_INVALID_VALUE);
    CALL(cuGraphicsEGLRegisterImage(&res, image, 3), CUDA_ERROR_INVALID_VALUE);
    OK(cuGraphicsEGLRegisterImage(&res, image, CU_GRAPHICS_MAP_RESOURCE_FLAGS_NONE));

    CUeglFrame frame;
    memset(&frame, 0xff, sizeof frame);
    CALL(cuGraphicsResourceGetMappedEglFrame(NULL, res, 0, 0), CUDA_ERROR_INVALID_VALUE);
    OK(cuGraphicsResourceGetMappedEglFrame(&frame, res, 0, 0));
    EXPECT(frame.width == W && frame.height == H && frame.depth == 1 && frame.pitch == W * 4);
    EXPECT(frame.planeCount == 1 && frame.numChannels == 4 && frame.frameType == CU_EGL_FRAME_TYPE_ARRAY);
    EXPECT(frame.eglColorFormat == CU_EGL_COLOR_FORMAT_ABGR && frame.cuFormat == CU_AD_FORMAT_UNSIGNED_INT8);
    int *seen;
    int host_seen[W * H];
    uchar4 *pixels;
    EXPECT(cudaMalloc(&seen, sizeof host_seen) == cudaSuccess);
    EXPECT(cudaMalloc(&pixels, sizeof(uchar4) * W * H) == cudaSuccess);
    bump_array(frame.frame.pArray[0], pixels, seen, host_seen);
    EXPECT(seen_differ(host_seen, 0) == 0);

    OK(cuGraphicsMapResources(1, &res, 0));
    EXPECT(texels_differ(texture, 1) == 0);
    CALL(cuGraphicsMapResources(1, &res, 0), CUDA_ERROR_ALREADY_MAPPED);
    OK(cuGraphicsResourceGetMappedEglFrame(&frame, res, 0, 0));
    bump_array(frame.frame.pArray[0], pixels, seen, host_seen);
    EXPECT(seen_differ(host_seen, 1) == 0);
    OK(cuGraphicsUnmapResources(1, &res, 0));
    CALL(cuGraphicsUnmapResources(1, &res, 0), CUDA_ERROR_NOT_MAPPED);
    EXPECT(texels_differ(texture, 2) == 0);
    OK(cuGraphicsUnregisterResource(res));
    CALL(cuGraphicsResourceGetMappedEglFrame(&frame, res, 0, 0), CUDA_ERROR_INVALID_HANDLE);

    GLuint buffer;
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    OK(cuGraphicsGLRegisterBuffer(&res, buffer, CU_GRAPHICS_REGISTER_FLAGS_NONE));
    CALL(cuGraphicsResourceGetMappedEglFrame(&frame, res, 0, 0), CUDA_ERROR_NOT_MAPPED);
    OK(cuGraphicsUnregisterResource(res));

    CUevent event;
    EGLSyncKHR fence = create_sync(display, EGL_SYNC_FENCE_KHR, NULL);
    CALL(cuEventCreateFromEGLSync(NULL, fence, CU_EVENT_DEFAULT), CUDA_ERROR_INVALID_VALUE);
    CALL(cuEventCreateFromEGLSync(&event, NULL, CU_EVENT_DEFAULT), CUDA_ERROR_INVALID_VALUE);
    CALL(cuEventCreateFromEGLSync(&event, fence, CU_EVENT_DISABLE_TIMING), CUDA_ERROR_INVALID_VALUE);
    CALL(cuEventCreateFromEGLSync(&event, (EGLSyncKHR)0x1234, CU_EVENT_DEFAULT), CUDA_ERROR_INVALID_VALUE);
    OK(cuEventCreateFromEGLSync(&event, fence, CU_EVENT_BLOCKING_SYNC));
    OK(cuEventSynchronize(event));
    OK(cuEventQuery(event));
    OK(cuEventDestroy(event));
    destroy_sync(display, fence);

    EGLSyncKHR later = create_sync(display, EGL_SYNC_REUSABLE_KHR, NULL);
    CUstream stream;
    OK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
    pthread_t thread;
    double start = seconds();
    pthread_create(&thread, NULL, signal_later, (void *)later);
    OK(cuEventCreateFromEGLSync(&event, later, CU_EVENT_DEFAULT));
    OK(cuStreamWaitEvent(stream, event, 0));
    OK(cuStreamSynchronize(stream));
    EXPECT(seconds() - start >= 0.1);
    EGLint status = 0;
    EXPECT(sync_attrib(display, later, EGL_SYNC_STATUS_KHR, &status) && status == EGL_SIGNALED_KHR);
    pthread_join(thread, NULL);
    OK(cuEventDestroy(event));
    OK(cuStreamDestroy(stream));
    destroy_sync(display, later);
    EXPECT(cudaFree(seen) == cudaSuccess && cudaFree(pixels) == cudaSuccess);

    printf(failures ? "driver_egl_interop: FAILED\n" : "driver_egl_interop: PASSED\n");
    return failures ? 1 : 0;
}
"""
)


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("egl_interop")
    out = {}
    for name, text in (("egl_interop", PROGRAM), ("driver_egl_interop", DRIVER_PROGRAM)):
        out[name] = tmp / f"{name}.cu"
        out[name].write_text(text)
    return out


@pytest.mark.parametrize("name", ["egl_interop", "driver_egl_interop"])
def test_egl_program_runs_on_the_host_platform(
    sources: dict[str, Path], tmp_path: Path, name: str
) -> None:
    if not have_gl_dev():
        pytest.skip("REQUIRES: libgl-dev and libegl-dev (GL/gl.h, EGL/egl.h, libGL.so, libEGL.so)")
    exe = tmp_path / name
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(sources[name]), *GL_LIBS, "-lpthread")
    assert proc.returncode == 0, proc.stderr
    run_or_skip(exe, name)


@pytest.mark.parametrize("name", ["egl_interop", "driver_egl_interop"])
def test_egl_program_builds_for_gfx942(sources: dict[str, Path], tmp_path: Path, name: str) -> None:
    """Compiled for gfx942; linked against libamdhip64 and EGL/GL where installed, importing HIP's GL
    interop (which registers the texture bound to the image) and the EGL functions cu2amd calls."""
    from cu2amd.amdgpu.toolchain import discover
    from cu2amd.errors import Cu2amdError

    if not all(p.is_file() for p in GL_HEADERS):
        pytest.skip("REQUIRES: libgl-dev and libegl-dev headers")
    obj = tmp_path / f"{name}.o"
    proc = nvcc("--offload-arch=gfx942", "-c", "-o", str(obj), str(sources[name]))
    assert proc.returncode == 0, proc.stderr
    try:
        discover().libamdhip64()
    except Cu2amdError:
        pytest.skip("libamdhip64 is not installed: compiled, not linked")
    if not have_gl_dev():
        pytest.skip("libGL.so/libEGL.so are not installed: compiled, not linked")
    exe = tmp_path / f"{name}_gfx942"
    proc = nvcc("--offload-arch=gfx942", "-o", str(exe), str(sources[name]), *GL_LIBS, "-lpthread")
    assert proc.returncode == 0, proc.stderr
    undefined = subprocess.run(["nm", "-D", "-u", str(exe)], capture_output=True, text=True).stdout
    for symbol in ("hipGraphicsGLRegisterImage", "hipGraphicsSubResourceGetMappedArray",
                   "hipStreamAddCallback", "eglGetProcAddress", "eglGetCurrentDisplay"):  # fmt: skip
        assert symbol in undefined, symbol


PLAIN_C = r"""
#include <cudaEGL.h>
#include <stdio.h>
int main(void) {
    CUgraphicsResource r = NULL;
    CUeglFrame f;
    CUevent e;
    CUresult a = cuGraphicsEGLRegisterImage(&r, NULL, CU_GRAPHICS_MAP_RESOURCE_FLAGS_NONE);
    CUresult b = cuGraphicsResourceGetMappedEglFrame(&f, NULL, 0, 0);
    CUresult c = cuEventCreateFromEGLSync(&e, NULL, CU_EVENT_DEFAULT);
    int ok = a == CUDA_ERROR_INVALID_VALUE && b == CUDA_ERROR_INVALID_HANDLE && c == CUDA_ERROR_INVALID_VALUE;
    ok = ok && sizeof f == 64 && MAX_PLANES == 3; /* CUDA's layout: 3 pointers, 9 ints, padded */
    ok = ok && CU_EGL_COLOR_FORMAT_YUV_ER == 0x1E && CU_EGL_COLOR_FORMAT_BAYER_ISP_GBRG == 0x47;
    printf(ok ? "driver_egl_c: PASSED\n" : "driver_egl_c: FAILED\n");
    return !ok;
}
"""


def test_plain_c_file_uses_cudaegl_h_with_the_host_compiler(tmp_path: Path) -> None:
    """cudaEGL.h from C: gcc, no warnings, the host runtime as libcuda; CUDA's errors for bad
    arguments and CUeglFrame's size."""
    from cu2amd.runtime_shim.headers import include_dir
    from cu2amd.runtime_shim.host.build import runtime_library

    cc = shutil.which("cc")
    if cc is None or not have_gl_dev():
        pytest.skip("REQUIRES: cc, libegl-dev")
    src = tmp_path / "plain.c"
    src.write_text(PLAIN_C)
    exe = tmp_path / "plain"
    lib = runtime_library()
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", str(include_dir()), str(src),
           "-o", str(exe), str(lib), f"-Wl,-rpath,{lib.parent}", "-lEGL", "-lpthread"]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    run_or_skip(exe, "driver_egl_c")
