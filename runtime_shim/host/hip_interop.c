/* The host platform's HIP functions for external memory and semaphores, and graphics interoperability.
 *
 * OpenGL: the context is the program's own, current on the calling thread. Registering remembers the GL
 * object's name (and target); mapping copies the object into memory the kernels use (device memory for a
 * buffer, arrays for a texture's levels, read when first asked for) and unmapping copies it back, so GL sees
 * the kernels' writes. A resource registered read-only is not written back; one registered write-discard is
 * not read. GL's functions are looked up at run time (the program's own, else libGL.so.1's, else
 * eglGetProcAddress's), so programs without GL need no GL library.
 *
 * External memory (opaque file descriptors): the file is mapped (mmap, shared) for each buffer; the
 * descriptor belongs to the runtime from import on and is closed when the object is destroyed. External
 * semaphores (opaque file descriptors): a binary semaphore is an eventfd (signal adds 1, wait reads it
 * back to 0, blocking until it is signalled); a timeline semaphore is a file whose first 8 bytes hold its
 * 64-bit value (signal stores the value, wait blocks until the value is at least the one waited for). The
 * host platform's streams run work at once, so signals and waits happen in stream order when called. */
#define _GNU_SOURCE
#include "hip_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define record cu2amd_hip_record

/* ------------------------------------------------------------------ OpenGL, loaded at run time */

#define GL_NO_ERROR 0
#define GL_TEXTURE_2D 0x0DE1
#define GL_TEXTURE_3D 0x806F
#define GL_TEXTURE_RECTANGLE 0x84F5
#define GL_TEXTURE_CUBE_MAP 0x8513
#define GL_TEXTURE_CUBE_MAP_POSITIVE_X 0x8515
#define GL_TEXTURE_2D_ARRAY 0x8C1A
#define GL_RENDERBUFFER 0x8D41
#define GL_TEXTURE_BINDING_2D 0x8069
#define GL_TEXTURE_BINDING_3D 0x806A
#define GL_TEXTURE_BINDING_RECTANGLE 0x84F6
#define GL_TEXTURE_BINDING_CUBE_MAP 0x8514
#define GL_TEXTURE_BINDING_2D_ARRAY 0x8C1D
#define GL_TEXTURE_WIDTH 0x1000
#define GL_TEXTURE_HEIGHT 0x1001
#define GL_TEXTURE_DEPTH 0x8071
#define GL_TEXTURE_INTERNAL_FORMAT 0x1003
#define GL_ARRAY_BUFFER 0x8892
#define GL_ARRAY_BUFFER_BINDING 0x8894
#define GL_PIXEL_PACK_BUFFER 0x88EB
#define GL_PIXEL_UNPACK_BUFFER 0x88EC
#define GL_PIXEL_PACK_BUFFER_BINDING 0x88ED
#define GL_PIXEL_UNPACK_BUFFER_BINDING 0x88EF
#define GL_BUFFER_SIZE 0x8764
#define GL_PACK_ALIGNMENT 0x0D05
#define GL_UNPACK_ALIGNMENT 0x0CF5
#define GL_PACK_ROW_LENGTH 0x0D02
#define GL_UNPACK_ROW_LENGTH 0x0CF2
#define GL_PACK_SKIP_ROWS 0x0D03
#define GL_PACK_SKIP_PIXELS 0x0D04
#define GL_UNPACK_SKIP_ROWS 0x0CF3
#define GL_UNPACK_SKIP_PIXELS 0x0CF4
#define GL_PACK_IMAGE_HEIGHT 0x806C
#define GL_UNPACK_IMAGE_HEIGHT 0x806E
#define GL_PACK_SKIP_IMAGES 0x806B
#define GL_UNPACK_SKIP_IMAGES 0x806D
#define GL_PACK_SWAP_BYTES 0x0D00
#define GL_UNPACK_SWAP_BYTES 0x0CF0

typedef struct gl_api {
    int loaded;
    unsigned (*GetError)(void);
    unsigned char (*IsBuffer)(unsigned);
    unsigned char (*IsTexture)(unsigned);
    void (*BindBuffer)(unsigned, unsigned);
    void (*BindTexture)(unsigned, unsigned);
    void (*GetIntegerv)(unsigned, int *);
    void (*GetBufferParameteriv)(unsigned, unsigned, int *);
    void (*GetBufferSubData)(unsigned, ptrdiff_t, ptrdiff_t, void *);
    void (*BufferSubData)(unsigned, ptrdiff_t, ptrdiff_t, const void *);
    void (*GetTexLevelParameteriv)(unsigned, int, unsigned, int *);
    void (*GetTexImage)(unsigned, int, unsigned, unsigned, void *);
    void (*TexSubImage2D)(unsigned, int, int, int, int, int, unsigned, unsigned, const void *);
    void (*TexSubImage3D)(unsigned, int, int, int, int, int, int, int, unsigned, unsigned, const void *);
    void (*PixelStorei)(unsigned, int);
    void *(*GetCurrentContextEGL)(void);
    void *(*GetCurrentContextGLX)(void);
} gl_api;

static gl_api g_gl;
static pthread_mutex_t g_gl_lock = PTHREAD_MUTEX_INITIALIZER;

static void *gl_symbol(const char *name) {
    static void *libgl, *libegl;
    static void *(*egl_proc)(const char *);
    void *p = dlsym(RTLD_DEFAULT, name);
    if (!p && !libgl) libgl = dlopen("libGL.so.1", RTLD_LAZY | RTLD_GLOBAL);
    if (!p && libgl) p = dlsym(libgl, name);
    if (!p && !libegl) libegl = dlopen("libEGL.so.1", RTLD_LAZY | RTLD_GLOBAL);
    if (!p && libegl && !egl_proc) egl_proc = (void *(*)(const char *))dlsym(libegl, "eglGetProcAddress");
    if (!p && libegl && !strncmp(name, "egl", 3)) p = dlsym(libegl, name);
    if (!p && egl_proc && !strncmp(name, "gl", 2)) p = egl_proc(name);
    return p;
}

/* GL's functions, or NULL when some are missing (no GL library) or no context is current: CUDA then fails
 * with an unknown error, as it does without a context. */
static const gl_api *gl(void) {
    pthread_mutex_lock(&g_gl_lock);
    if (!g_gl.loaded) {
#define LOAD(field, name) *(void **)&g_gl.field = gl_symbol(name)
        LOAD(GetError, "glGetError");
        LOAD(IsBuffer, "glIsBuffer");
        LOAD(IsTexture, "glIsTexture");
        LOAD(BindBuffer, "glBindBuffer");
        LOAD(BindTexture, "glBindTexture");
        LOAD(GetIntegerv, "glGetIntegerv");
        LOAD(GetBufferParameteriv, "glGetBufferParameteriv");
        LOAD(GetBufferSubData, "glGetBufferSubData");
        LOAD(BufferSubData, "glBufferSubData");
        LOAD(GetTexLevelParameteriv, "glGetTexLevelParameteriv");
        LOAD(GetTexImage, "glGetTexImage");
        LOAD(TexSubImage2D, "glTexSubImage2D");
        LOAD(TexSubImage3D, "glTexSubImage3D");
        LOAD(PixelStorei, "glPixelStorei");
        LOAD(GetCurrentContextEGL, "eglGetCurrentContext");
        LOAD(GetCurrentContextGLX, "glXGetCurrentContext");
#undef LOAD
        g_gl.loaded = 1;
    }
    pthread_mutex_unlock(&g_gl_lock);
    const gl_api *g = &g_gl;
    if (!g->GetError || !g->IsBuffer || !g->IsTexture || !g->BindBuffer || !g->BindTexture || !g->GetIntegerv ||
        !g->GetBufferParameteriv || !g->GetBufferSubData || !g->BufferSubData || !g->GetTexLevelParameteriv ||
        !g->GetTexImage || !g->TexSubImage2D || !g->TexSubImage3D || !g->PixelStorei)
        return NULL;
    int current = (g->GetCurrentContextEGL && g->GetCurrentContextEGL()) ||
                  (g->GetCurrentContextGLX && g->GetCurrentContextGLX());
    return current ? g : NULL;
}

/* GL errors raised before ours are the program's: drained so that ours can be told apart. */
static void gl_drain(const gl_api *g) {
    for (int i = 0; i < 16 && g->GetError() != GL_NO_ERROR; i++) {
    }
}

/* Pixel transfers read and write tightly packed rows from client memory, whatever the program set:
 * saved, set, and restored around each transfer. */
static const unsigned PIXEL_STORE[] = {
    GL_PACK_ALIGNMENT,     GL_UNPACK_ALIGNMENT,  GL_PACK_ROW_LENGTH,   GL_UNPACK_ROW_LENGTH,
    GL_PACK_SKIP_ROWS,     GL_UNPACK_SKIP_ROWS,  GL_PACK_SKIP_PIXELS,  GL_UNPACK_SKIP_PIXELS,
    GL_PACK_IMAGE_HEIGHT,  GL_UNPACK_IMAGE_HEIGHT, GL_PACK_SKIP_IMAGES, GL_UNPACK_SKIP_IMAGES,
    GL_PACK_SWAP_BYTES,    GL_UNPACK_SWAP_BYTES};
#define N_PIXEL_STORE (sizeof PIXEL_STORE / sizeof PIXEL_STORE[0])
typedef struct gl_state {
    int store[N_PIXEL_STORE];
    int pack_buffer, unpack_buffer, texture;
} gl_state;

static void gl_save(const gl_api *g, unsigned binding, gl_state *s) {
    for (size_t i = 0; i < N_PIXEL_STORE; i++) {
        g->GetIntegerv(PIXEL_STORE[i], &s->store[i]);
        g->PixelStorei(PIXEL_STORE[i], (i < 2) ? 1 : 0);
    }
    s->pack_buffer = s->unpack_buffer = 0;
    g->GetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &s->pack_buffer);
    g->GetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &s->unpack_buffer);
    g->BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    g->BindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    s->texture = 0;
    g->GetIntegerv(binding, &s->texture);
    gl_drain(g); /* (a context without pixel buffers: the errors of the two binds) */
}

static void gl_restore(const gl_api *g, unsigned target, const gl_state *s) {
    for (size_t i = 0; i < N_PIXEL_STORE; i++) g->PixelStorei(PIXEL_STORE[i], s->store[i]);
    g->BindBuffer(GL_PIXEL_PACK_BUFFER, (unsigned)s->pack_buffer);
    g->BindBuffer(GL_PIXEL_UNPACK_BUFFER, (unsigned)s->unpack_buffer);
    g->BindTexture(target, (unsigned)s->texture);
    gl_drain(g);
}

/* The sized internal formats CUDA maps (its cudaGraphicsGLRegisterImage list): GL's format and type for
 * the transfer, and the array's channel description. */
typedef struct gl_format {
    int internal;
    unsigned format, type;
    int channels, bits;
    hipChannelFormatKind kind;
} gl_format;
#define GL_RED 0x1903
#define GL_RG 0x8227
#define GL_RGBA 0x1908
#define GL_RED_INTEGER 0x8D94
#define GL_RG_INTEGER 0x8228
#define GL_RGBA_INTEGER 0x8D99
#define GL_BYTE 0x1400
#define GL_UNSIGNED_BYTE 0x1401
#define GL_SHORT 0x1402
#define GL_UNSIGNED_SHORT 0x1403
#define GL_INT 0x1404
#define GL_UNSIGNED_INT 0x1405
#define GL_FLOAT 0x1406
#define GL_HALF_FLOAT 0x140B
#define U hipChannelFormatKindUnsigned
#define S hipChannelFormatKindSigned
#define F hipChannelFormatKindFloat
static const gl_format GL_FORMATS[] = {
    {0x8229, GL_RED, GL_UNSIGNED_BYTE, 1, 8, U},          /* GL_R8 */
    {0x822B, GL_RG, GL_UNSIGNED_BYTE, 2, 8, U},           /* GL_RG8 */
    {0x8058, GL_RGBA, GL_UNSIGNED_BYTE, 4, 8, U},         /* GL_RGBA8 */
    {GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, 4, 8, U},        /* GL_RGBA (unsized: RGBA8) */
    {0x822A, GL_RED, GL_UNSIGNED_SHORT, 1, 16, U},        /* GL_R16 */
    {0x822C, GL_RG, GL_UNSIGNED_SHORT, 2, 16, U},         /* GL_RG16 */
    {0x805B, GL_RGBA, GL_UNSIGNED_SHORT, 4, 16, U},       /* GL_RGBA16 */
    {0x822D, GL_RED, GL_HALF_FLOAT, 1, 16, F},            /* GL_R16F */
    {0x822F, GL_RG, GL_HALF_FLOAT, 2, 16, F},             /* GL_RG16F */
    {0x881A, GL_RGBA, GL_HALF_FLOAT, 4, 16, F},           /* GL_RGBA16F */
    {0x822E, GL_RED, GL_FLOAT, 1, 32, F},                 /* GL_R32F */
    {0x8230, GL_RG, GL_FLOAT, 2, 32, F},                  /* GL_RG32F */
    {0x8814, GL_RGBA, GL_FLOAT, 4, 32, F},                /* GL_RGBA32F */
    {0x8232, GL_RED_INTEGER, GL_UNSIGNED_BYTE, 1, 8, U},  /* GL_R8UI */
    {0x8238, GL_RG_INTEGER, GL_UNSIGNED_BYTE, 2, 8, U},   /* GL_RG8UI */
    {0x8D7C, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, 4, 8, U}, /* GL_RGBA8UI */
    {0x8231, GL_RED_INTEGER, GL_BYTE, 1, 8, S},           /* GL_R8I */
    {0x8237, GL_RG_INTEGER, GL_BYTE, 2, 8, S},            /* GL_RG8I */
    {0x8D8E, GL_RGBA_INTEGER, GL_BYTE, 4, 8, S},          /* GL_RGBA8I */
    {0x8234, GL_RED_INTEGER, GL_UNSIGNED_SHORT, 1, 16, U}, /* GL_R16UI */
    {0x823A, GL_RG_INTEGER, GL_UNSIGNED_SHORT, 2, 16, U}, /* GL_RG16UI */
    {0x8D76, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, 4, 16, U}, /* GL_RGBA16UI */
    {0x8233, GL_RED_INTEGER, GL_SHORT, 1, 16, S},         /* GL_R16I */
    {0x8239, GL_RG_INTEGER, GL_SHORT, 2, 16, S},          /* GL_RG16I */
    {0x8D88, GL_RGBA_INTEGER, GL_SHORT, 4, 16, S},        /* GL_RGBA16I */
    {0x8236, GL_RED_INTEGER, GL_UNSIGNED_INT, 1, 32, U},  /* GL_R32UI */
    {0x823C, GL_RG_INTEGER, GL_UNSIGNED_INT, 2, 32, U},   /* GL_RG32UI */
    {0x8D70, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 4, 32, U}, /* GL_RGBA32UI */
    {0x8235, GL_RED_INTEGER, GL_INT, 1, 32, S},           /* GL_R32I */
    {0x823B, GL_RG_INTEGER, GL_INT, 2, 32, S},            /* GL_RG32I */
    {0x8D82, GL_RGBA_INTEGER, GL_INT, 4, 32, S},          /* GL_RGBA32I */
};
#undef U
#undef S
#undef F

static const gl_format *find_format(int internal) {
    for (size_t i = 0; i < sizeof GL_FORMATS / sizeof GL_FORMATS[0]; i++)
        if (GL_FORMATS[i].internal == internal) return &GL_FORMATS[i];
    return NULL;
}

/* ------------------------------------------------------------------ graphics resources */

#define MAX_LEVELS 16
#define MAX_FACES 6

struct _hipGraphicsResource {
    unsigned name, target, flags;
    int image, mapped;
    const gl_format *format;
    void *ptr; /* a buffer's device memory, while registered */
    size_t size;
    /* an image's arrays, made while mapped: [layer or face][level] (layer: 2D array textures, one per
     * array index asked for, up to MAX_FACES of them; a 3D texture's array holds its whole level) */
    hipArray_t arrays[MAX_FACES][MAX_LEVELS];
    struct _hipGraphicsResource *next;
};

static hipGraphicsResource *g_resources;
static pthread_mutex_t g_res_lock = PTHREAD_MUTEX_INITIALIZER;

static int live_resource(const hipGraphicsResource *r) {
    int found = 0;
    pthread_mutex_lock(&g_res_lock);
    for (hipGraphicsResource *x = g_resources; x && !found; x = x->next) found = x == r;
    pthread_mutex_unlock(&g_res_lock);
    return found;
}

static hipError_t add_resource(hipGraphicsResource **out, hipGraphicsResource *r) {
    pthread_mutex_lock(&g_res_lock);
    r->next = g_resources;
    g_resources = r;
    pthread_mutex_unlock(&g_res_lock);
    *out = r;
    return hipSuccess;
}

hipError_t hipGLGetDevices(unsigned int *pHipDeviceCount, int *pHipDevices, unsigned int hipDeviceCount,
                           hipGLDeviceList deviceList) {
    if (!pHipDeviceCount || (hipDeviceCount && !pHipDevices) || deviceList < hipGLDeviceListAll ||
        deviceList > hipGLDeviceListNextFrame)
        return record(hipErrorInvalidValue);
    if (!gl()) return record(hipErrorNoDevice);
    /* GL renders on this machine's processor, the host platform's one device */
    *pHipDeviceCount = 1;
    if (hipDeviceCount) pHipDevices[0] = 0;
    return hipSuccess;
}

hipError_t hipGraphicsGLRegisterBuffer(hipGraphicsResource **resource, GLuint buffer, unsigned int flags) {
    if (!resource || flags > hipGraphicsRegisterFlagsWriteDiscard) return record(hipErrorInvalidValue);
    const gl_api *g = gl();
    if (!g) return record(hipErrorUnknown);
    if (!buffer || !g->IsBuffer(buffer)) return record(hipErrorInvalidValue);
    hipGraphicsResource *r = calloc(1, sizeof *r);
    if (!r) return record(hipErrorOutOfMemory);
    r->name = buffer;
    r->target = GL_ARRAY_BUFFER;
    r->flags = flags;
    return add_resource(resource, r);
}

/* The texture target whose binding a level is read and written through, and its binding query. */
static unsigned binding_of(unsigned target) {
    switch (target) {
    case GL_TEXTURE_2D: return GL_TEXTURE_BINDING_2D;
    case GL_TEXTURE_RECTANGLE: return GL_TEXTURE_BINDING_RECTANGLE;
    case GL_TEXTURE_CUBE_MAP: return GL_TEXTURE_BINDING_CUBE_MAP;
    case GL_TEXTURE_3D: return GL_TEXTURE_BINDING_3D;
    case GL_TEXTURE_2D_ARRAY: return GL_TEXTURE_BINDING_2D_ARRAY;
    default: return 0;
    }
}

/* A level's size (0s when the level does not exist); `face` for cube maps. */
static void level_size(const gl_api *g, const hipGraphicsResource *r, unsigned face, int level, int *w, int *h,
                       int *d) {
    unsigned t = r->target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_CUBE_MAP_POSITIVE_X + face : r->target;
    *w = *h = *d = 0;
    g->GetTexLevelParameteriv(t, level, GL_TEXTURE_WIDTH, w);
    g->GetTexLevelParameteriv(t, level, GL_TEXTURE_HEIGHT, h);
    g->GetTexLevelParameteriv(t, level, GL_TEXTURE_DEPTH, d);
}

hipError_t hipGraphicsGLRegisterImage(hipGraphicsResource **resource, GLuint image, GLenum target,
                                      unsigned int flags) {
    if (!resource || flags > 0x0f) return record(hipErrorInvalidValue);
    const gl_api *g = gl();
    if (!g) return record(hipErrorUnknown);
    if (target == GL_RENDERBUFFER) return record(hipErrorNotSupported); /* host platform: textures only */
    unsigned binding = binding_of(target);
    if (!binding || !image || !g->IsTexture(image)) return record(hipErrorInvalidValue);
    gl_state s;
    gl_save(g, binding, &s);
    g->BindTexture(target, image);
    int internal = 0;
    unsigned t = target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_CUBE_MAP_POSITIVE_X : target;
    g->GetTexLevelParameteriv(t, 0, GL_TEXTURE_INTERNAL_FORMAT, &internal);
    int bad = g->GetError() != GL_NO_ERROR; /* (a texture of another target) */
    gl_restore(g, target, &s);
    const gl_format *f = find_format(internal);
    if (bad || !f) return record(hipErrorInvalidValue);
    hipGraphicsResource *r = calloc(1, sizeof *r);
    if (!r) return record(hipErrorOutOfMemory);
    r->name = image;
    r->target = target;
    r->flags = flags;
    r->image = 1;
    r->format = f;
    return add_resource(resource, r);
}

static hipError_t map_buffer(const gl_api *g, hipGraphicsResource *r) {
    int old = 0, size = 0;
    g->GetIntegerv(GL_ARRAY_BUFFER_BINDING, &old);
    g->BindBuffer(GL_ARRAY_BUFFER, r->name);
    g->GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
    hipError_t err = hipSuccess;
    if (r->ptr && r->size != (size_t)size) hipFree(r->ptr), r->ptr = NULL;
    if (!r->ptr && size > 0) err = hipMalloc(&r->ptr, (size_t)size);
    if (err == hipSuccess) {
        r->size = (size_t)size;
        if (size > 0 && !(r->flags & hipGraphicsRegisterFlagsWriteDiscard))
            g->GetBufferSubData(GL_ARRAY_BUFFER, 0, size, r->ptr);
    }
    g->BindBuffer(GL_ARRAY_BUFFER, (unsigned)old);
    return err;
}

static void unmap_buffer(const gl_api *g, hipGraphicsResource *r) {
    if ((r->flags & hipGraphicsRegisterFlagsReadOnly) || !r->size) return;
    int old = 0;
    g->GetIntegerv(GL_ARRAY_BUFFER_BINDING, &old);
    g->BindBuffer(GL_ARRAY_BUFFER, r->name);
    g->BufferSubData(GL_ARRAY_BUFFER, 0, (ptrdiff_t)r->size, r->ptr);
    g->BindBuffer(GL_ARRAY_BUFFER, (unsigned)old);
}

/* Copies level `level` of layer or face `index` between GL and its array (to_gl: back to GL). */
static void transfer_level(const gl_api *g, hipGraphicsResource *r, unsigned index, int level, int to_gl) {
    hipArray_t a = r->arrays[index][level];
    int w, h, d;
    gl_state s;
    gl_save(g, binding_of(r->target), &s);
    g->BindTexture(r->target, r->name);
    level_size(g, r, index, level, &w, &h, &d);
    size_t elem = (size_t)r->format->channels * (size_t)r->format->bits / 8;
    size_t slice = (size_t)w * (size_t)h * elem;
    unsigned fmt = r->format->format, type = r->format->type;
    if (r->target == GL_TEXTURE_2D_ARRAY) {
        /* one layer of the level: GL reads the whole level, writes the one layer */
        if (to_gl) {
            g->TexSubImage3D(r->target, level, 0, 0, (int)index, w, h, 1, fmt, type, a->data);
        } else {
            char *all = malloc(slice * (size_t)d);
            if (all) {
                g->GetTexImage(r->target, level, fmt, type, all);
                memcpy(a->data, all + slice * index, slice);
                free(all);
            }
        }
    } else if (r->target == GL_TEXTURE_3D) {
        if (to_gl) g->TexSubImage3D(r->target, level, 0, 0, 0, w, h, d, fmt, type, a->data);
        else g->GetTexImage(r->target, level, fmt, type, a->data);
    } else {
        unsigned t = r->target == GL_TEXTURE_CUBE_MAP ? GL_TEXTURE_CUBE_MAP_POSITIVE_X + index : r->target;
        if (to_gl) g->TexSubImage2D(t, level, 0, 0, w, h, fmt, type, a->data);
        else g->GetTexImage(t, level, fmt, type, a->data);
    }
    gl_restore(g, r->target, &s);
}

static void unmap_image(const gl_api *g, hipGraphicsResource *r) {
    for (unsigned i = 0; i < MAX_FACES; i++)
        for (int level = 0; level < MAX_LEVELS; level++) {
            if (!r->arrays[i][level]) continue;
            if (g && !(r->flags & hipGraphicsRegisterFlagsReadOnly)) transfer_level(g, r, i, level, 1);
            hipFreeArray(r->arrays[i][level]);
            r->arrays[i][level] = NULL;
        }
}

hipError_t hipGraphicsMapResources(int count, hipGraphicsResource_t *resources, hipStream_t stream) {
    if (count < 0 || (count && !resources)) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    for (int i = 0; i < count; i++) {
        if (!resources[i] || !live_resource(resources[i])) return record(hipErrorInvalidResourceHandle);
        for (int j = 0; j < i; j++)
            if (resources[j] == resources[i]) return record(hipErrorInvalidResourceHandle);
        if (resources[i]->mapped) return record(hipErrorUnknown);
    }
    const gl_api *g = gl();
    if (count && !g) return record(hipErrorUnknown);
    for (int i = 0; i < count; i++) {
        hipGraphicsResource *r = resources[i];
        if (!r->image) {
            hipError_t err = map_buffer(g, r);
            if (err != hipSuccess) {
                while (i-- > 0) resources[i]->mapped = 0;
                return record(err);
            }
        }
        r->mapped = 1;
    }
    return hipSuccess;
}

hipError_t hipGraphicsUnmapResources(int count, hipGraphicsResource_t *resources, hipStream_t stream) {
    if (count < 0 || (count && !resources)) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    for (int i = 0; i < count; i++) {
        if (!resources[i] || !live_resource(resources[i])) return record(hipErrorInvalidResourceHandle);
        for (int j = 0; j < i; j++)
            if (resources[j] == resources[i]) return record(hipErrorInvalidResourceHandle);
        if (!resources[i]->mapped) return record(hipErrorUnknown);
    }
    const gl_api *g = gl();
    if (count && !g) return record(hipErrorUnknown);
    for (int i = 0; i < count; i++) {
        hipGraphicsResource *r = resources[i];
        if (r->image) unmap_image(g, r);
        else unmap_buffer(g, r);
        r->mapped = 0;
    }
    return hipSuccess;
}

hipError_t hipGraphicsResourceGetMappedPointer(void **devPtr, size_t *size, hipGraphicsResource_t resource) {
    if (!devPtr || !size) return record(hipErrorInvalidValue);
    if (!resource || !live_resource(resource)) return record(hipErrorInvalidResourceHandle);
    if (resource->image || !resource->mapped) return record(hipErrorUnknown);
    *devPtr = resource->ptr;
    *size = resource->size;
    return hipSuccess;
}

hipError_t hipGraphicsSubResourceGetMappedArray(hipArray_t *array, hipGraphicsResource_t resource,
                                                unsigned int arrayIndex, unsigned int mipLevel) {
    if (!array) return record(hipErrorInvalidValue);
    if (!resource || !live_resource(resource)) return record(hipErrorInvalidResourceHandle);
    if (!resource->image || !resource->mapped) return record(hipErrorUnknown);
    const gl_api *g = gl();
    if (!g) return record(hipErrorUnknown);
    hipGraphicsResource *r = resource;
    if (mipLevel >= MAX_LEVELS || arrayIndex >= MAX_FACES) return record(hipErrorInvalidValue);
    if (r->arrays[arrayIndex][mipLevel]) {
        *array = r->arrays[arrayIndex][mipLevel];
        return hipSuccess;
    }
    int w, h, d;
    gl_state s;
    gl_save(g, binding_of(r->target), &s);
    g->BindTexture(r->target, r->name);
    level_size(g, r, arrayIndex, (int)mipLevel, &w, &h, &d);
    gl_restore(g, r->target, &s);
    unsigned layers = r->target == GL_TEXTURE_2D_ARRAY ? (unsigned)d : r->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
    if (w <= 0 || arrayIndex >= layers) return record(hipErrorInvalidValue);
    int b = r->format->bits, n = r->format->channels;
    hipChannelFormatDesc desc = {b, n > 1 ? b : 0, n > 2 ? b : 0, n > 3 ? b : 0, r->format->kind};
    hipError_t err;
    /* registered for surface load/store: arrays surfaces can be made of, as CUDA's */
    unsigned array_flags = (r->flags & hipGraphicsRegisterFlagsSurfaceLoadStore) ? hipArraySurfaceLoadStore : 0;
    if (r->target == GL_TEXTURE_3D)
        err = hipMalloc3DArray(array, &desc, (hipExtent){(size_t)w, (size_t)h, (size_t)d}, array_flags);
    else
        err = hipMallocArray(array, &desc, (size_t)w, (size_t)h, array_flags);
    if (err != hipSuccess) return err;
    r->arrays[arrayIndex][mipLevel] = *array;
    if (!(r->flags & hipGraphicsRegisterFlagsWriteDiscard)) transfer_level(g, r, arrayIndex, (int)mipLevel, 0);
    return hipSuccess;
}

hipError_t hipGraphicsUnregisterResource(hipGraphicsResource_t resource) {
    pthread_mutex_lock(&g_res_lock);
    hipGraphicsResource **p = &g_resources;
    while (*p && *p != resource) p = &(*p)->next;
    int found = resource && *p;
    if (found) *p = resource->next;
    pthread_mutex_unlock(&g_res_lock);
    if (!found) return record(hipErrorInvalidResourceHandle);
    if (resource->mapped) { /* unmapped first: GL gets the kernels' writes */
        const gl_api *g = gl();
        if (resource->image) unmap_image(g, resource);
        else if (g) unmap_buffer(g, resource);
    }
    if (resource->ptr) hipFree(resource->ptr);
    free(resource);
    return hipSuccess;
}

/* ------------------------------------------------------------------ external memory */

/* CUDA's handle type for timeline semaphores over a file descriptor (cudaExternalSemaphoreHandleType
 * TimelineSemaphoreFd), which HIP 5.2 does not name: the host platform accepts it. */
#define TIMELINE_FD 9

typedef struct external_memory {
    int fd;
    unsigned long long size;
    struct external_memory *next;
} external_memory;

typedef struct external_semaphore {
    int fd, timeline;
    _Atomic(uint64_t) *value; /* a timeline's value, shared with the file */
    struct external_semaphore *next;
} external_semaphore;

static external_memory *g_memories;
static external_semaphore *g_semaphores;
static pthread_mutex_t g_ext_lock = PTHREAD_MUTEX_INITIALIZER;

static external_memory *find_memory(const void *handle) {
    external_memory *found = NULL;
    pthread_mutex_lock(&g_ext_lock);
    for (external_memory *m = g_memories; m && !found; m = m->next)
        if ((const void *)m == handle) found = m;
    pthread_mutex_unlock(&g_ext_lock);
    return found;
}

static external_semaphore *find_semaphore(const void *handle) {
    external_semaphore *found = NULL;
    pthread_mutex_lock(&g_ext_lock);
    for (external_semaphore *s = g_semaphores; s && !found; s = s->next)
        if ((const void *)s == handle) found = s;
    pthread_mutex_unlock(&g_ext_lock);
    return found;
}

static int fd_size(int fd, unsigned long long *size) {
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) return 0;
    *size = (unsigned long long)st.st_size;
    return 1;
}

hipError_t hipImportExternalMemory(hipExternalMemory_t *extMem_out, const hipExternalMemoryHandleDesc *memHandleDesc) {
    if (!extMem_out || !memHandleDesc || memHandleDesc->size == 0 || (memHandleDesc->flags & ~1u))
        return record(hipErrorInvalidValue);
    if (memHandleDesc->type != hipExternalMemoryHandleTypeOpaqueFd)
        return record(memHandleDesc->type >= hipExternalMemoryHandleTypeOpaqueWin32 &&
                              memHandleDesc->type <= hipExternalMemoryHandleTypeD3D11ResourceKmt
                          ? hipErrorNotSupported
                          : hipErrorInvalidValue);
    unsigned long long have = 0;
    int fd = memHandleDesc->handle.fd;
    if (!fd_size(fd, &have) || have < memHandleDesc->size) return record(hipErrorInvalidValue);
    external_memory *m = calloc(1, sizeof *m);
    if (!m) return record(hipErrorOutOfMemory);
    m->fd = fd; /* the runtime's from now on */
    m->size = memHandleDesc->size;
    pthread_mutex_lock(&g_ext_lock);
    m->next = g_memories;
    g_memories = m;
    pthread_mutex_unlock(&g_ext_lock);
    *extMem_out = m;
    return hipSuccess;
}

hipError_t hipExternalMemoryGetMappedBuffer(void **devPtr, hipExternalMemory_t extMem,
                                            const hipExternalMemoryBufferDesc *bufferDesc) {
    if (!devPtr || !bufferDesc) return record(hipErrorInvalidValue);
    external_memory *m = find_memory(extMem);
    if (!m) return record(hipErrorInvalidResourceHandle);
    unsigned long long off = bufferDesc->offset, size = bufferDesc->size;
    if (bufferDesc->flags || size == 0 || off > m->size || size > m->size - off) return record(hipErrorInvalidValue);
    /* mapped from the page holding `offset`; hipFree unmaps a page-aligned buffer (an unaligned one stays
     * mapped until the program ends) */
    unsigned long long page = (unsigned long long)sysconf(_SC_PAGESIZE), delta = off % page;
    char *p = mmap(NULL, (size_t)(size + delta), PROT_READ | PROT_WRITE, MAP_SHARED, m->fd, (off_t)(off - delta));
    if (p == MAP_FAILED) return record(hipErrorOutOfMemory);
    hipError_t err = cu2amd_hip_track_ipc(p + delta, (size_t)size, 1);
    if (err != hipSuccess) {
        munmap(p, (size_t)(size + delta));
        return err;
    }
    *devPtr = p + delta;
    return hipSuccess;
}

hipError_t hipDestroyExternalMemory(hipExternalMemory_t extMem) {
    pthread_mutex_lock(&g_ext_lock);
    external_memory **p = &g_memories;
    while (*p && *p != extMem) p = &(*p)->next;
    external_memory *m = *p;
    if (m) *p = m->next;
    pthread_mutex_unlock(&g_ext_lock);
    if (!m) return record(hipErrorInvalidResourceHandle);
    close(m->fd);
    free(m);
    return hipSuccess;
}

/* ------------------------------------------------------------------ external semaphores */

hipError_t hipImportExternalSemaphore(hipExternalSemaphore_t *extSem_out,
                                      const hipExternalSemaphoreHandleDesc *semHandleDesc) {
    if (!extSem_out || !semHandleDesc || semHandleDesc->flags) return record(hipErrorInvalidValue);
    int type = (int)semHandleDesc->type, fd = semHandleDesc->handle.fd;
    if (type != hipExternalSemaphoreHandleTypeOpaqueFd && type != TIMELINE_FD)
        return record(type >= 2 && type <= 10 ? hipErrorNotSupported : hipErrorInvalidValue);
    unsigned long long have = 0;
    if (!fd_size(fd, &have)) return record(hipErrorInvalidValue);
    external_semaphore *s = calloc(1, sizeof *s);
    if (!s) return record(hipErrorOutOfMemory);
    s->fd = fd;
    if (type == TIMELINE_FD) {
        void *v = have >= sizeof(uint64_t) ? mmap(NULL, sizeof(uint64_t), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                                           : MAP_FAILED;
        if (v == MAP_FAILED) {
            free(s);
            return record(hipErrorInvalidValue);
        }
        s->timeline = 1;
        s->value = v;
    }
    pthread_mutex_lock(&g_ext_lock);
    s->next = g_semaphores;
    g_semaphores = s;
    pthread_mutex_unlock(&g_ext_lock);
    *extSem_out = s;
    return hipSuccess;
}

static hipError_t check_semaphores(const hipExternalSemaphore_t *sems, const void *params, unsigned n,
                                   hipStream_t stream) {
    if (n && (!sems || !params)) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    for (unsigned i = 0; i < n; i++)
        if (!find_semaphore(sems[i])) return record(hipErrorInvalidResourceHandle);
    return hipSuccess;
}

hipError_t hipSignalExternalSemaphoresAsync(const hipExternalSemaphore_t *extSemArray,
                                            const hipExternalSemaphoreSignalParams *paramsArray,
                                            unsigned int numExtSems, hipStream_t stream) {
    hipError_t err = check_semaphores(extSemArray, paramsArray, numExtSems, stream);
    if (err != hipSuccess) return err;
    for (unsigned i = 0; i < numExtSems; i++) {
        external_semaphore *s = extSemArray[i];
        if (s->timeline) {
            atomic_store(s->value, paramsArray[i].params.fence.value);
        } else {
            uint64_t one = 1;
            if (write(s->fd, &one, sizeof one) != (ssize_t)sizeof one) return record(hipErrorUnknown);
        }
    }
    return hipSuccess;
}

hipError_t hipWaitExternalSemaphoresAsync(const hipExternalSemaphore_t *extSemArray,
                                          const hipExternalSemaphoreWaitParams *paramsArray, unsigned int numExtSems,
                                          hipStream_t stream) {
    hipError_t err = check_semaphores(extSemArray, paramsArray, numExtSems, stream);
    if (err != hipSuccess) return err;
    for (unsigned i = 0; i < numExtSems; i++) {
        external_semaphore *s = extSemArray[i];
        if (s->timeline) {
            const struct timespec nap = {0, 50000};
            while (atomic_load(s->value) < paramsArray[i].params.fence.value) nanosleep(&nap, NULL);
        } else {
            uint64_t count;
            ssize_t got;
            /* (a descriptor made non-blocking: waited for with poll) */
            while ((got = read(s->fd, &count, sizeof count)) < 0 && (errno == EINTR || errno == EAGAIN)) {
                struct pollfd pfd = {s->fd, POLLIN, 0};
                if (errno == EAGAIN) poll(&pfd, 1, -1);
            }
            if (got != (ssize_t)sizeof count) return record(hipErrorUnknown);
        }
    }
    return hipSuccess;
}

hipError_t hipDestroyExternalSemaphore(hipExternalSemaphore_t extSem) {
    pthread_mutex_lock(&g_ext_lock);
    external_semaphore **p = &g_semaphores;
    while (*p && *p != extSem) p = &(*p)->next;
    external_semaphore *s = *p;
    if (s) *p = s->next;
    pthread_mutex_unlock(&g_ext_lock);
    if (!s) return record(hipErrorInvalidResourceHandle);
    if (s->value) munmap((void *)s->value, sizeof(uint64_t));
    close(s->fd);
    free(s);
    return hipSuccess;
}
