/* What the runtime's and the driver's EGL interoperability (cu2amd/runtime_egl.h, cu2amd/driver_egl.h) share, in
 * C or C++: EGL's declarations, an EGL image registered as a graphics resource, the frame of a registered image,
 * and an event that waits for an EGL sync object. Needs cu2amd/interop_resources.h (the resource records) and
 * HIP's ABI (runtime_hip.h, runtime_hip_interop.h).
 *
 * HIP 5.2 has no EGL interop, and Mesa has no EGLStreams (EGL_KHR_stream): cu2amd builds what does not need them
 * on GL, as CUDA's OpenGL interop is built on HIP's:
 * - an EGLImage is bound to a GL texture of cu2amd's (glEGLImageTargetTexture2DOES, through the GL context current
 *   on the calling thread), which is registered as a GL texture (hipGraphicsGLRegisterImage): its level is the
 *   image, so the texture's arrays read and write the image's storage (on the host platform: copied into an array
 *   when mapped or first asked for, and back when unmapped or unregistered);
 * - an EGLSync (of the display current on the calling thread) becomes an event recorded on a stream of cu2amd's
 *   after a stream callback that waits for the sync (eglClientWaitSyncKHR), so streams that wait for the event
 *   and cudaEventSynchronize wait for the sync.
 * EGL's and GL's functions are looked up through eglGetProcAddress: a program using these functions links EGL (as
 * with CUDA). Each helper returns 0 or an error with HIP's number (the same as CUDA's for these). */
#ifndef CU2AMD_EGL_INTEROP_H
#define CU2AMD_EGL_INTEROP_H

#include <stdlib.h>

#if defined(__has_include)
#if __has_include(<EGL/egl.h>) && __has_include(<EGL/eglext.h>)
#include <EGL/egl.h>
#include <EGL/eglext.h>
#define CU2AMD_HAVE_EGL_HEADERS 1
#endif
#endif
#ifndef CU2AMD_HAVE_EGL_HEADERS
/* Khronos's types and functions, as <EGL/egl.h> and <EGL/eglext.h> declare them */
typedef void *EGLImageKHR;
typedef void *EGLSyncKHR;
typedef void *EGLDisplay;
typedef void *EGLContext;
#ifdef __cplusplus
extern "C" {
#endif
EGLDisplay eglGetCurrentDisplay(void);
EGLContext eglGetCurrentContext(void);
void (*eglGetProcAddress(const char *procname))(void);
#ifdef __cplusplus
}
#endif
#endif

#define CU2AMD_EGL_SYNC_TYPE 0x30F7         /* EGL_SYNC_TYPE_KHR */
#define CU2AMD_EGL_SYNC_FLUSH 0x0001        /* EGL_SYNC_FLUSH_COMMANDS_BIT_KHR */
#define CU2AMD_EGL_FOREVER 0xFFFFFFFFFFFFFFFFull /* EGL_FOREVER_KHR */
#define CU2AMD_GL_TEXTURE_2D 0x0DE1
#define CU2AMD_GL_TEXTURE_BINDING_2D 0x8069
#define CU2AMD_EGL_UNKNOWN 999 /* hipErrorUnknown, cudaErrorUnknown, CUDA_ERROR_UNKNOWN */

typedef struct __cu2amd_egl_gl {
    unsigned int (*GetError)(void);
    void (*GenTextures)(int, unsigned int *);
    void (*DeleteTextures)(int, const unsigned int *);
    void (*BindTexture)(unsigned int, unsigned int);
    void (*GetIntegerv)(unsigned int, int *);
    void (*ImageTargetTexture2D)(unsigned int, void *);
} __cu2amd_egl_gl;

/* GL's functions for the context current on the calling thread; 0 without one. */
CU2AMD_API int __cu2amd_egl_gl_functions(__cu2amd_egl_gl *gl) {
    if (!eglGetCurrentContext()) return 0;
    *(void (**)(void))&gl->GetError = eglGetProcAddress("glGetError");
    *(void (**)(void))&gl->GenTextures = eglGetProcAddress("glGenTextures");
    *(void (**)(void))&gl->DeleteTextures = eglGetProcAddress("glDeleteTextures");
    *(void (**)(void))&gl->BindTexture = eglGetProcAddress("glBindTexture");
    *(void (**)(void))&gl->GetIntegerv = eglGetProcAddress("glGetIntegerv");
    *(void (**)(void))&gl->ImageTargetTexture2D = eglGetProcAddress("glEGLImageTargetTexture2DOES");
    return gl->GetError && gl->GenTextures && gl->DeleteTextures && gl->BindTexture && gl->GetIntegerv &&
           gl->ImageTargetTexture2D;
}

/* An EGL resource's texture is cu2amd's: deleted when the resource is unregistered (with a current context). */
CU2AMD_API void __cu2amd_egl_release(struct cudaGraphicsResource *r) {
    __cu2amd_egl_gl gl;
    if (__cu2amd_egl_gl_functions(&gl)) gl.DeleteTextures(1, &r->__name);
}

/* Registers `image` (flags: CUDA's map flags, checked by the caller): CU2AMD_EGL_UNKNOWN without a current GL
 * context, 1 (invalid value) when GL cannot bind the image to a 2D texture, else HIP's registration's error. */
CU2AMD_API int __cu2amd_egl_register(struct cudaGraphicsResource **resource, void *image, unsigned int flags) {
    __cu2amd_egl_gl gl;
    if (!__cu2amd_egl_gl_functions(&gl)) return CU2AMD_EGL_UNKNOWN;
    for (int i = 0; i < 16 && gl.GetError() != 0; i++) { /* the program's GL errors, older than ours */
    }
    int bound = 0;
    unsigned int texture = 0;
    gl.GetIntegerv(CU2AMD_GL_TEXTURE_BINDING_2D, &bound);
    gl.GenTextures(1, &texture);
    gl.BindTexture(CU2AMD_GL_TEXTURE_2D, texture);
    gl.ImageTargetTexture2D(CU2AMD_GL_TEXTURE_2D, image);
    int failed = gl.GetError() != 0;
    gl.BindTexture(CU2AMD_GL_TEXTURE_2D, (unsigned int)bound);
    if (failed) {
        gl.DeleteTextures(1, &texture);
        return 1;
    }
    /* (for surface load/store too: CUDA's EGL frames' arrays can be surfaces) */
    int err = __cu2amd_graphics_register(resource, texture, CU2AMD_GFX_GL_TEXTURE_2D, flags | 4u, 0);
    if (err != 0) {
        gl.DeleteTextures(1, &texture);
        return err;
    }
    (*resource)->__egl = 1;
    (*resource)->__release = __cu2amd_egl_release;
    return 0;
}

/* The array of level `level` of a registered EGL image (`index`: 0), mapping the resource first when it is not
 * mapped (CUDA's EGL resources need no map): CU2AMD_GFX_NOT_MAPPED when it is not an EGL resource. */
CU2AMD_API int __cu2amd_egl_frame_array(struct cudaGraphicsResource *r, unsigned int index, unsigned int level,
                                        cudaArray_t *array) {
    if (!r->__egl) return CU2AMD_GFX_NOT_MAPPED;
    if (!r->__mapped) {
        int err = __cu2amd_graphics_map(1, &r, (cudaStream_t)0, 1);
        if (err != 0) return err;
        r->__egl = 2; /* mapped by cu2amd: a map by the program unmaps it first */
    }
    return hipGraphicsSubResourceGetMappedArray(array, r->__hip, index, level);
}

/* A frame's description of `array`: width, height, depth (1 for a 2D image), the row's bytes, channels. */
CU2AMD_API int __cu2amd_egl_plane(cudaArray_t array, cudaChannelFormatDesc *desc, unsigned int *width,
                                  unsigned int *height, unsigned int *depth, unsigned int *pitch,
                                  unsigned int *channels) {
    int err = hipGetChannelDesc(desc, (cudaArray_const_t)array);
    if (err != 0) return err;
    const struct __cu2amd_hip_array *a = (const struct __cu2amd_hip_array *)array;
    *channels = (desc->x > 0) + (desc->y > 0) + (desc->z > 0) + (desc->w > 0);
    *width = (unsigned int)a->width;
    *height = (unsigned int)(a->height ? a->height : 1);
    *depth = (unsigned int)(a->depth ? a->depth : 1);
    *pitch = (unsigned int)(a->width * (size_t)((desc->x + desc->y + desc->z + desc->w) / 8));
    return 0;
}

/* CUDA's EGL colour format for a GL texture's channels: R, RG (CUDA's value 17), or ABGR (RGBA byte order). */
CU2AMD_API int __cu2amd_egl_color_format(unsigned int channels) {
    return channels == 1 ? 0x09 : channels == 2 ? 0x11 : 0x0E;
}

/* An event that completes when `sync` (of the current EGL display) is signalled: recorded on a stream of
 * cu2amd's (one per file) after a callback that waits for the sync. 1 (invalid value): no current display, or
 * not a sync of it. `flags`: the event's (blocking sync or not; it keeps no time). */
typedef unsigned int (*__cu2amd_egl_get_sync_attrib)(void *, void *, int, int *);
typedef int (*__cu2amd_egl_client_wait_sync)(void *, void *, int, unsigned long long);
struct __cu2amd_egl_wait {
    void *display, *sync;
    __cu2amd_egl_client_wait_sync wait;
};
CU2AMD_API void __cu2amd_egl_wait_callback(cudaStream_t stream, int status, void *data) {
    struct __cu2amd_egl_wait w = *(struct __cu2amd_egl_wait *)data;
    (void)stream, (void)status;
    free(data);
    w.wait(w.display, w.sync, 0, CU2AMD_EGL_FOREVER);
}
CU2AMD_API int __cu2amd_egl_sync_event(cudaEvent_t *event, void *sync, unsigned int flags) {
    static cudaStream_t waits; /* (a race between first calls leaves one stream unused) */
    void *display = eglGetCurrentDisplay();
    __cu2amd_egl_get_sync_attrib attrib = (__cu2amd_egl_get_sync_attrib)eglGetProcAddress("eglGetSyncAttribKHR");
    __cu2amd_egl_client_wait_sync wait = (__cu2amd_egl_client_wait_sync)eglGetProcAddress("eglClientWaitSyncKHR");
    int type = 0;
    if (!display || !attrib || !wait || !attrib(display, sync, CU2AMD_EGL_SYNC_TYPE, &type)) return 1;
    int err = waits ? 0 : hipStreamCreateWithFlags(&waits, 1 /* non-blocking */);
    struct __cu2amd_egl_wait *w = (struct __cu2amd_egl_wait *)malloc(sizeof *w);
    if (!w) return 2;
    w->display = display, w->sync = sync, w->wait = wait;
    cudaEvent_t e = 0;
    if (err == 0) err = hipEventCreateWithFlags(&e, 2 /* no timing */ | flags);
    if (err == 0) {
        wait(display, sync, CU2AMD_EGL_SYNC_FLUSH, 0); /* the calling thread's context flushes its commands */
        err = hipStreamAddCallback(waits, __cu2amd_egl_wait_callback, w, 0);
        if (err != 0) free(w);
        if (err == 0) err = hipEventRecord(e, waits);
        if (err != 0) hipEventDestroy(e);
    } else {
        free(w);
    }
    if (err == 0) *event = e;
    return err;
}

#endif
