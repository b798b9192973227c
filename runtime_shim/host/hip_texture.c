/* The host platform's HIP functions for arrays, texture and surface objects. An array is host
 * memory with HIP's hipArray record in front (rows packed, no padding); a texture or surface
 * object points to a record whose first part (cu2amd_texref) device code reads to sample or
 * to load and store (cu2amd/texture_device.h), followed by the descriptors it was made from.
 * Copies run at once, as the host platform's streams do. */
#define _GNU_SOURCE
#include "hip_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define record cu2amd_hip_record

typedef struct host_array {
    hipArray array; /* first: a hipArray_t points to the whole record */
    size_t pitch;   /* bytes per row */
    size_t rows;    /* rows per slice (at least 1) */
    size_t slices;  /* slices or layers (at least 1) */
    struct host_array *next;
} host_array;

typedef struct host_object {
    cu2amd_texref ref; /* first: what device code reads */
    hipResourceDesc res;
    hipTextureDesc tex;
    hipResourceViewDesc view;
    int surface;
    struct host_object *next;
} host_object;

static host_array *g_arrays;
static host_object *g_objects;
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER; /* the two lists, for threads of the program */

static host_array *find_array(const void *array) {
    host_array *found = NULL;
    pthread_mutex_lock(&g_lock);
    for (host_array *a = g_arrays; a && !found; a = a->next)
        if ((const void *)a == array) found = a;
    pthread_mutex_unlock(&g_lock);
    return found;
}

static int valid_kind(hipMemcpyKind kind) { return kind >= hipMemcpyHostToHost && kind <= hipMemcpyDefault; }

/* The element size in bytes of a channel description CUDA accepts (1, 2 or 4 channels of
 * equal width: 8, 16 or 32 bits, floats 16 or 32), else 0; its channel count in *channels. */
static int element_size(const hipChannelFormatDesc *d, int *channels) {
    if (!d) return 0;
    int bits[4] = {d->x, d->y, d->z, d->w}, n = 0;
    while (n < 4 && bits[n] > 0) n++;
    for (int i = n; i < 4; i++)
        if (bits[i] != 0) return 0;
    for (int i = 1; i < n; i++)
        if (bits[i] != bits[0]) return 0;
    if (n == 0 || n == 3) return 0;
    if (bits[0] != 8 && bits[0] != 16 && bits[0] != 32) return 0;
    if (d->f == hipChannelFormatKindFloat ? bits[0] == 8
                                          : d->f != hipChannelFormatKindSigned && d->f != hipChannelFormatKindUnsigned)
        return 0;
    if (channels) *channels = n;
    return n * bits[0] / 8;
}

static hipError_t make_array(hipArray **out, const hipChannelFormatDesc *desc, size_t w, size_t h, size_t d,
                             unsigned flags) {
    if (!out) return record(hipErrorInvalidValue);
    *out = NULL;
    int channels = 0, elem = element_size(desc, &channels);
    if (!elem || w == 0 || (d && !h && !(flags & hipArrayLayered)) || (flags & ~0x0fu)) return record(hipErrorInvalidValue);
    /* cubemaps: square faces, 6 of them (6 per layer when layered) */
    if ((flags & hipArrayCubemap) && (w != h || d == 0 || d % 6 || (!(flags & hipArrayLayered) && d != 6)))
        return record(hipErrorInvalidValue);
    if ((flags & hipArrayLayered) && d == 0) return record(hipErrorInvalidValue);
    host_array *a = calloc(1, sizeof *a);
    size_t pitch = w * elem, rows = h ? h : 1, slices = d ? d : 1;
    void *data = a ? calloc(slices * rows, pitch) : NULL;
    if (!data) {
        free(a);
        return record(hipErrorOutOfMemory);
    }
    a->array.data = data;
    a->array.desc = *desc;
    a->array.type = flags;
    a->array.width = (unsigned)w;
    a->array.height = (unsigned)h;
    a->array.depth = (unsigned)d;
    a->array.NumChannels = (unsigned)channels;
    a->array.textureType = d && !(flags & hipArrayLayered) ? 3 : h ? 2 : 1;
    a->pitch = pitch;
    a->rows = rows;
    a->slices = slices;
    pthread_mutex_lock(&g_lock);
    a->next = g_arrays;
    g_arrays = a;
    pthread_mutex_unlock(&g_lock);
    *out = &a->array;
    return hipSuccess;
}

hipError_t hipMallocArray(hipArray **array, const hipChannelFormatDesc *desc, size_t width, size_t height,
                          unsigned int flags) {
    if (flags & hipArrayLayered) return record(hipErrorInvalidValue); /* layered arrays: hipMalloc3DArray */
    return make_array(array, desc, width, height, 0, flags);
}

hipError_t hipMalloc3DArray(hipArray **array, const struct hipChannelFormatDesc *desc, struct hipExtent extent,
                            unsigned int flags) {
    return make_array(array, desc, extent.width, extent.height, extent.depth, flags);
}

hipError_t hipFreeArray(hipArray *array) {
    host_array *gone = NULL;
    pthread_mutex_lock(&g_lock);
    for (host_array **p = &g_arrays; *p; p = &(*p)->next)
        if (&(*p)->array == array) {
            gone = *p;
            *p = gone->next;
            break;
        }
    pthread_mutex_unlock(&g_lock);
    if (!gone) return record(hipErrorInvalidValue);
    free(gone->array.data);
    free(gone);
    return hipSuccess;
}

/* ------------------------------------------------------------------ mipmapped arrays */

/* A mipmapped array: ROCm's record first, then its levels, each an array of this file's (level
 * l: each extent halved l times, at least 1; the layers of a layered or cubemap array stay). */
typedef struct host_mipmap {
    hipMipmappedArray record;
    unsigned levels;
    hipArray *level[32];
    struct host_mipmap *next;
} host_mipmap;

static host_mipmap *g_mipmaps;

static host_mipmap *find_mipmap(const void *handle) {
    host_mipmap *found = NULL;
    pthread_mutex_lock(&g_lock);
    for (host_mipmap *m = g_mipmaps; m && !found; m = m->next)
        if ((const void *)m == handle) found = m;
    pthread_mutex_unlock(&g_lock);
    return found;
}

static size_t level_extent(size_t n, unsigned level) {
    if (n == 0) return 0;
    n >>= level;
    return n ? n : 1;
}

/* CUDA's rule: numLevels is clamped to [1, 1 + floor(log2(max(width, height, depth)))]. */
hipError_t hipMallocMipmappedArray(hipMipmappedArray_t *mipmappedArray, const struct hipChannelFormatDesc *desc,
                                   struct hipExtent extent, unsigned int numLevels, unsigned int flags) {
    if (!mipmappedArray) return record(hipErrorInvalidValue);
    *mipmappedArray = NULL;
    const int layers = (flags & (hipArrayLayered | hipArrayCubemap)) != 0;
    size_t largest = extent.width;
    if (extent.height > largest) largest = extent.height;
    if (!layers && extent.depth > largest) largest = extent.depth;
    unsigned most = 1;
    while (largest >> most) most++;
    if (numLevels < 1) numLevels = 1;
    if (numLevels > most) numLevels = most;
    host_mipmap *m = calloc(1, sizeof *m);
    if (!m) return record(hipErrorOutOfMemory);
    for (unsigned l = 0; l < numLevels; l++) {
        size_t d = layers ? extent.depth : level_extent(extent.depth, l);
        hipError_t err = make_array(&m->level[l], desc, level_extent(extent.width, l), level_extent(extent.height, l),
                                    d, flags);
        if (err != hipSuccess) {
            while (l--) hipFreeArray(m->level[l]);
            free(m);
            return err;
        }
    }
    m->levels = numLevels;
    m->record.data = m->level[0]->data;
    m->record.desc = *desc;
    m->record.type = flags;
    m->record.width = (unsigned)extent.width;
    m->record.height = (unsigned)extent.height;
    m->record.depth = (unsigned)extent.depth;
    m->record.min_mipmap_level = 0;
    m->record.max_mipmap_level = numLevels - 1;
    m->record.flags = flags;
    pthread_mutex_lock(&g_lock);
    m->next = g_mipmaps;
    g_mipmaps = m;
    pthread_mutex_unlock(&g_lock);
    *mipmappedArray = &m->record;
    return hipSuccess;
}

hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmappedArray) {
    host_mipmap *gone = NULL;
    pthread_mutex_lock(&g_lock);
    for (host_mipmap **p = &g_mipmaps; *p; p = &(*p)->next)
        if (&(*p)->record == mipmappedArray) {
            gone = *p;
            *p = gone->next;
            break;
        }
    pthread_mutex_unlock(&g_lock);
    if (!gone) return record(hipErrorInvalidValue);
    for (unsigned l = 0; l < gone->levels; l++) hipFreeArray(gone->level[l]);
    free(gone);
    return hipSuccess;
}

hipError_t hipGetMipmappedArrayLevel(hipArray_t *levelArray, hipMipmappedArray_const_t mipmappedArray,
                                     unsigned int level) {
    const host_mipmap *m = find_mipmap(mipmappedArray);
    if (!levelArray || !m || level >= m->levels) return record(hipErrorInvalidValue);
    *levelArray = m->level[level];
    return hipSuccess;
}

hipError_t hipGetChannelDesc(hipChannelFormatDesc *desc, hipArray_const_t array) {
    const host_array *a = find_array(array);
    if (!desc || !a) return record(hipErrorInvalidValue);
    *desc = a->array.desc;
    return hipSuccess;
}

/* One side of a copy: where it starts, its row and slice pitches, and (arrays) its bounds. */
typedef struct side {
    char *base;
    size_t pitch, slice;
    const host_array *array;
} side;

static hipError_t array_side(const void *array, side *s) {
    const host_array *a = find_array(array);
    if (!a) return hipErrorInvalidValue;
    *s = (side){(char *)a->array.data, a->pitch, a->pitch * a->rows, a};
    return hipSuccess;
}

/* Copies `width` bytes by `height` rows by `depth` slices, with bounds checks on array sides
 * (offsets x in bytes, y in rows, z in slices). */
static hipError_t copy_box(side dst, size_t dx, size_t dy, size_t dz, side src, size_t sx, size_t sy, size_t sz,
                           size_t width, size_t height, size_t depth, hipMemcpyKind kind) {
    if (!valid_kind(kind)) return record(hipErrorInvalidMemcpyDirection);
    if (width == 0 || height == 0 || depth == 0) return hipSuccess;
    const side *sides[2] = {&dst, &src};
    size_t xs[2] = {dx, sx}, ys[2] = {dy, sy}, zs[2] = {dz, sz};
    for (int i = 0; i < 2; i++) {
        const side *s = sides[i];
        if (!s->base) return record(hipErrorInvalidValue);
        if (s->array) {
            if (xs[i] + width > s->array->pitch || ys[i] + height > s->array->rows || zs[i] + depth > s->array->slices)
                return record(hipErrorInvalidValue);
        } else if (xs[i] + width > s->pitch)
            return record(hipErrorInvalidPitchValue);
    }
    for (size_t z = 0; z < depth; z++)
        for (size_t y = 0; y < height; y++)
            memmove(dst.base + (dz + z) * dst.slice + (dy + y) * dst.pitch + dx,
                    src.base + (sz + z) * src.slice + (sy + y) * src.pitch + sx, width);
    return hipSuccess;
}

hipError_t hipMemcpy2DToArray(hipArray *dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
                              size_t width, size_t height, hipMemcpyKind kind) {
    side d, s = {(char *)src, spitch, 0, NULL};
    if (array_side(dst, &d) != hipSuccess) return record(hipErrorInvalidValue);
    return copy_box(d, wOffset, hOffset, 0, s, 0, 0, 0, width, height, 1, kind);
}

hipError_t hipMemcpy2DToArrayAsync(hipArray *dst, size_t wOffset, size_t hOffset, const void *src, size_t spitch,
                                   size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_unsupported(stream);
    return hipMemcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height, kind);
}

hipError_t hipMemcpy2DFromArray(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset, size_t hOffset,
                                size_t width, size_t height, hipMemcpyKind kind) {
    side s, d = {(char *)dst, dpitch, 0, NULL};
    if (array_side(src, &s) != hipSuccess) return record(hipErrorInvalidValue);
    return copy_box(d, 0, 0, 0, s, wOffset, hOffset, 0, width, height, 1, kind);
}

hipError_t hipMemcpy2DFromArrayAsync(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset, size_t hOffset,
                                     size_t width, size_t height, hipMemcpyKind kind, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_unsupported(stream);
    return hipMemcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height, kind);
}

/* As CUDA's cudaMemcpy3D: positions and the extent's width are in elements where an array
 * takes part, else in bytes. */
hipError_t hipMemcpy3D(const struct hipMemcpy3DParms *p) {
    if (!p || (p->srcArray && p->srcPtr.ptr) || (p->dstArray && p->dstPtr.ptr)) return record(hipErrorInvalidValue);
    side s, d;
    size_t elem = 1;
    if (p->srcArray) {
        if (array_side(p->srcArray, &s) != hipSuccess) return record(hipErrorInvalidValue);
        elem = (size_t)element_size(&s.array->array.desc, NULL);
    } else
        s = (side){(char *)p->srcPtr.ptr, p->srcPtr.pitch, p->srcPtr.pitch * p->srcPtr.ysize, NULL};
    if (p->dstArray) {
        if (array_side(p->dstArray, &d) != hipSuccess) return record(hipErrorInvalidValue);
        size_t de = (size_t)element_size(&d.array->array.desc, NULL);
        if (p->srcArray && de != elem) return record(hipErrorInvalidValue);
        elem = de;
    } else
        d = (side){(char *)p->dstPtr.ptr, p->dstPtr.pitch, p->dstPtr.pitch * p->dstPtr.ysize, NULL};
    return copy_box(d, p->dstPos.x * (p->dstArray ? elem : 1), p->dstPos.y, p->dstPos.z, s,
                    p->srcPos.x * (p->srcArray ? elem : 1), p->srcPos.y, p->srcPos.z, p->extent.width * elem,
                    p->extent.height, p->extent.depth, p->kind);
}

hipError_t hipMemcpy3DAsync(const struct hipMemcpy3DParms *p, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_memcpy3d(p, stream);
    return hipMemcpy3D(p);
}

/* ------------------------------------------------------------------ texture and surface objects */

/* The sampling record of a resource: its memory, shape and element format (a mipmapped
 * array's: level 0's, and its level count in *levels). */
static hipError_t describe(const hipResourceDesc *res, cu2amd_texref *ref, const host_mipmap **mipmap) {
    const hipChannelFormatDesc *desc;
    int channels = 0;
    memset(ref, 0, sizeof *ref);
    *mipmap = NULL;
    switch (res->resType) {
    case hipResourceTypeMipmappedArray:
    case hipResourceTypeArray: {
        const host_array *a = NULL;
        if (res->resType == hipResourceTypeMipmappedArray) {
            *mipmap = find_mipmap(res->res.mipmap.mipmap);
            if (*mipmap) a = find_array((*mipmap)->level[0]);
        } else
            a = find_array(res->res.array.array);
        if (!a) return hipErrorInvalidValue;
        desc = &a->array.desc;
        ref->data = a->array.data;
        ref->pitch = a->pitch;
        ref->slice = a->pitch * a->rows;
        ref->size[0] = (int)a->array.width;
        ref->size[1] = (int)a->rows;
        ref->size[2] = (int)a->slices;
        break;
    }
    case hipResourceTypeLinear:
        desc = &res->res.linear.desc;
        if (!res->res.linear.devPtr || !element_size(desc, NULL)) return hipErrorInvalidValue;
        ref->data = res->res.linear.devPtr;
        ref->size[0] = (int)(res->res.linear.sizeInBytes / (size_t)element_size(desc, NULL));
        ref->pitch = res->res.linear.sizeInBytes;
        ref->size[1] = ref->size[2] = 1;
        if (ref->size[0] == 0) return hipErrorInvalidValue;
        break;
    case hipResourceTypePitch2D:
        desc = &res->res.pitch2D.desc;
        if (!res->res.pitch2D.devPtr || !element_size(desc, NULL) || res->res.pitch2D.width == 0 ||
            res->res.pitch2D.height == 0 ||
            res->res.pitch2D.width * (size_t)element_size(desc, NULL) > res->res.pitch2D.pitchInBytes)
            return hipErrorInvalidValue;
        ref->data = res->res.pitch2D.devPtr;
        ref->pitch = res->res.pitch2D.pitchInBytes;
        ref->size[0] = (int)res->res.pitch2D.width;
        ref->size[1] = (int)res->res.pitch2D.height;
        ref->size[2] = 1;
        break;
    default:
        return hipErrorInvalidValue;
    }
    ref->elem_size = element_size(desc, &channels);
    if (!ref->elem_size) return hipErrorInvalidValue;
    ref->channels = channels;
    ref->bits = desc->x;
    ref->kind = desc->f;
    return hipSuccess;
}

static hipError_t add_object(const hipResourceDesc *res, const hipTextureDesc *tex, const hipResourceViewDesc *view,
                             int surface, void **out) {
    host_object *o = calloc(1, sizeof *o);
    if (!o) return record(hipErrorOutOfMemory);
    const host_mipmap *mipmap = NULL;
    hipError_t err = describe(res, &o->ref, &mipmap);
    if (err == hipSuccess && mipmap && surface) err = hipErrorInvalidValue;
    if (err == hipSuccess && tex) {
        for (int i = 0; i < 3; i++)
            if ((unsigned)tex->addressMode[i] > hipAddressModeBorder) err = hipErrorInvalidValue;
        if ((unsigned)tex->filterMode > hipFilterModeLinear || (unsigned)tex->readMode > hipReadModeNormalizedFloat)
            err = hipErrorInvalidValue;
        /* normalized reads are of 8- and 16-bit integers (floats read as they are) */
        if (tex->readMode == hipReadModeNormalizedFloat && o->ref.kind != hipChannelFormatKindFloat &&
            o->ref.bits == 32)
            err = hipErrorInvalidValue;
        for (int i = 0; i < 3; i++) o->ref.address[i] = tex->addressMode[i];
        o->ref.filter = tex->filterMode;
        o->ref.read_mode = o->ref.kind == hipChannelFormatKindFloat ? hipReadModeElementType : tex->readMode;
        o->ref.normalized = tex->normalizedCoords != 0;
        memcpy(o->ref.border, tex->borderColor, sizeof o->ref.border);
        o->tex = *tex;
    }
    /* A mipmapped array: a record per level, sampled with the texture's rules. */
    if (err == hipSuccess && mipmap) {
        if ((unsigned)tex->mipmapFilterMode > hipFilterModeLinear) err = hipErrorInvalidValue;
        cu2amd_texref *mips = err == hipSuccess ? calloc(mipmap->levels, sizeof *mips) : NULL;
        if (err == hipSuccess && !mips) err = hipErrorOutOfMemory;
        for (unsigned l = 0; mips && l < mipmap->levels; l++) {
            const host_array *a = find_array(mipmap->level[l]);
            mips[l] = o->ref;
            mips[l].data = a->array.data;
            mips[l].pitch = a->pitch;
            mips[l].slice = a->pitch * a->rows;
            mips[l].size[0] = (int)a->array.width;
            mips[l].size[1] = (int)a->rows;
            mips[l].size[2] = (int)a->slices;
        }
        o->ref.levels = (int)mipmap->levels;
        o->ref.mip_filter = tex->mipmapFilterMode;
        o->ref.lod_bias = tex->mipmapLevelBias;
        o->ref.min_lod = tex->minMipmapLevelClamp;
        o->ref.max_lod = tex->maxMipmapLevelClamp;
        o->ref.mips = mips;
    }
    if (err != hipSuccess) {
        free((void *)o->ref.mips);
        free(o);
        return record(err);
    }
    o->res = *res;
    if (view) o->view = *view;
    o->surface = surface;
    pthread_mutex_lock(&g_lock);
    o->next = g_objects;
    g_objects = o;
    pthread_mutex_unlock(&g_lock);
    *out = o;
    return hipSuccess;
}

static host_object *find_object(const void *handle, int surface) {
    host_object *found = NULL;
    pthread_mutex_lock(&g_lock);
    for (host_object *o = g_objects; o && !found; o = o->next)
        if ((const void *)o == handle && o->surface == surface) found = o;
    pthread_mutex_unlock(&g_lock);
    return found;
}

static hipError_t remove_object(const void *handle, int surface) {
    host_object *gone = NULL;
    pthread_mutex_lock(&g_lock);
    for (host_object **p = &g_objects; *p; p = &(*p)->next)
        if ((const void *)*p == handle && (*p)->surface == surface) {
            gone = *p;
            *p = gone->next;
            break;
        }
    pthread_mutex_unlock(&g_lock);
    if (!gone) return record(hipErrorInvalidValue);
    free((void *)gone->ref.mips);
    free(gone);
    return hipSuccess;
}

hipError_t hipCreateTextureObject(hipTextureObject_t *pTexObject, const hipResourceDesc *pResDesc,
                                  const hipTextureDesc *pTexDesc, const struct hipResourceViewDesc *pResViewDesc) {
    if (!pTexObject || !pResDesc || !pTexDesc) return record(hipErrorInvalidValue);
    if (pResViewDesc) return record(hipErrorNotSupported); /* resource views are not provided */
    return add_object(pResDesc, pTexDesc, NULL, 0, (void **)pTexObject);
}

hipError_t hipDestroyTextureObject(hipTextureObject_t textureObject) { return remove_object(textureObject, 0); }

hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc *pResDesc, hipTextureObject_t textureObject) {
    const host_object *o = find_object(textureObject, 0);
    if (!pResDesc || !o) return record(hipErrorInvalidValue);
    *pResDesc = o->res;
    return hipSuccess;
}

hipError_t hipGetTextureObjectResourceViewDesc(struct hipResourceViewDesc *pResViewDesc,
                                               hipTextureObject_t textureObject) {
    const host_object *o = find_object(textureObject, 0);
    if (!pResViewDesc || !o) return record(hipErrorInvalidValue);
    *pResViewDesc = o->view;
    return hipSuccess;
}

hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc *pTexDesc, hipTextureObject_t textureObject) {
    const host_object *o = find_object(textureObject, 0);
    if (!pTexDesc || !o) return record(hipErrorInvalidValue);
    *pTexDesc = o->tex;
    return hipSuccess;
}

hipError_t hipCreateSurfaceObject(hipSurfaceObject_t *pSurfObject, const hipResourceDesc *pResDesc) {
    if (!pSurfObject || !pResDesc || pResDesc->resType != hipResourceTypeArray) return record(hipErrorInvalidValue);
    const host_array *a = find_array(pResDesc->res.array.array);
    if (!a || !(a->array.type & hipArraySurfaceLoadStore)) return record(hipErrorInvalidValue);
    return add_object(pResDesc, NULL, NULL, 1, (void **)pSurfObject);
}

hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surfaceObject) { return remove_object(surfaceObject, 1); }
