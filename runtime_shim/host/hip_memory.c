/* The host platform's memory, for the HIP C ABI: device, pinned host, registered host
 * and managed memory are all host memory, tracked by kind so that each is freed, looked up
 * and described the way HIP and CUDA do (hipFree of a pointer hipMalloc did not return is
 * an error, as on a GPU). Copies of every direction are memmove; streams run them at once.
 * Also the copies to and from __device__/__constant__ variables (hip.c keeps their
 * registrations). */
#define _GNU_SOURCE
#include "hip_internal.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define record cu2amd_hip_record

typedef enum memory_kind {
    MEMORY_DEVICE = 1,     /* hipMalloc, hipMallocPitch */
    MEMORY_HOST = 2,       /* hipHostMalloc: pinned, mapped */
    MEMORY_REGISTERED = 4, /* hipHostRegister: the program's own memory */
    MEMORY_MANAGED = 8,    /* hipMallocManaged */
    MEMORY_IPC = 16,       /* another process's device memory (hipIpcOpenMemHandle) */
} memory_kind;

/* Device allocations of this size or more are shared-memory files (memfd), so that an IPC
 * handle can open them in another process; smaller ones are heap memory (a file each would
 * cost a descriptor and a page). */
#define SHAREABLE_BYTES ((size_t)64 * 1024)
#define HEAP_MEMORY (-1)
#define MAPPED_ONLY (-2) /* an IPC mapping: unmapped, its file is the other process's */

/* Managed memory's advice and prefetches, per page of an allocation (made on the first
 * hint), as cudaMemRangeGetAttribute reports them: locations are a device (0), the CPU
 * (-1) or none (-2, cudaInvalidDeviceId). */
#define ADVICE_PAGE 4096
#define READ_MOSTLY 1
#define ACCESSED_BY_DEVICE 2
#define ACCESSED_BY_CPU 4
#define NO_LOCATION (-2)
typedef struct page_advice {
    uint8_t flags;
    int8_t preferred;
    int8_t prefetched;
} page_advice;

typedef struct allocation {
    char *ptr;
    size_t size;
    memory_kind kind;
    unsigned flags;
    hipMemPool_t pool;   /* the memory pool it came from (hipMallocAsync ...), or NULL */
    page_advice *advice; /* managed memory with hints, or NULL */
    int fd;              /* its memfd, HEAP_MEMORY or MAPPED_ONLY */
    struct allocation *next;
} allocation;

static allocation *g_allocations;

/* The allocation of one of `kinds` that starts at `ptr`. */
static allocation **find_start(const void *ptr, unsigned kinds) {
    for (allocation **a = &g_allocations; *a; a = &(*a)->next)
        if ((*a)->ptr == ptr && ((*a)->kind & kinds)) return a;
    return NULL;
}

/* The allocation that holds `ptr` (anywhere in it). */
static allocation *find_holding(const void *ptr) {
    for (allocation *a = g_allocations; a; a = a->next)
        if ((const char *)ptr >= a->ptr && (const char *)ptr < a->ptr + (a->size ? a->size : 1)) return a;
    return NULL;
}

static hipError_t track(void *ptr, size_t size, memory_kind kind, unsigned flags) {
    allocation *a = malloc(sizeof *a);
    if (!a) return record(hipErrorOutOfMemory);
    *a = (allocation){ptr, size, kind, flags, NULL, NULL, HEAP_MEMORY, g_allocations};
    g_allocations = a;
    return hipSuccess;
}

static hipError_t allocate(void **ptr, size_t size, memory_kind kind, unsigned flags) {
    if (!ptr) return record(hipErrorInvalidValue);
    *ptr = NULL;
    if (size == 0) return hipSuccess;
    void *p = NULL;
    int fd = kind == MEMORY_DEVICE && size >= SHAREABLE_BYTES ? memfd_create("cu2amd-device-memory", MFD_CLOEXEC) : -1;
    if (fd >= 0 && (ftruncate(fd, (off_t)size) != 0 ||
                    (p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED)) {
        close(fd); /* then heap memory, which only this process can use */
        fd = -1, p = NULL;
    }
    if (!p && posix_memalign(&p, 256, size) != 0) return record(hipErrorOutOfMemory);
    if (track(p, size, kind, flags) != hipSuccess) {
        if (fd >= 0) munmap(p, size), close(fd);
        else free(p);
        return hipErrorOutOfMemory;
    }
    if (fd >= 0) g_allocations->fd = fd;
    *ptr = p;
    return hipSuccess;
}

/* A pool's allocation goes back to its pool (hip_extra.c), which keeps or frees it. */
static void release(allocation **a, int owned) {
    allocation *dead = *a;
    *a = dead->next;
    if (dead->pool) cu2amd_hip_pool_release(dead->pool, dead->ptr, dead->size, dead->fd); /* it owns both */
    else if (dead->fd != HEAP_MEMORY) munmap(dead->ptr, dead->size);
    else if (owned) free(dead->ptr);
    if (dead->fd >= 0 && !dead->pool) close(dead->fd);
    free(dead->advice);
    free(dead);
}

void cu2amd_hip_free_all(void) {
    while (g_allocations) release(&g_allocations, g_allocations->kind != MEMORY_REGISTERED);
    cu2amd_hip_pools_reset();
}

hipError_t cu2amd_hip_track_pooled(void *ptr, size_t size, hipMemPool_t pool, int fd) {
    hipError_t err = track(ptr, size, MEMORY_DEVICE, 0);
    if (err == hipSuccess) g_allocations->pool = pool, g_allocations->fd = fd;
    return err;
}

int cu2amd_hip_shareable(const void *base) {
    allocation **a = find_start(base, MEMORY_DEVICE);
    return a ? (*a)->fd : -1;
}

hipError_t cu2amd_hip_track_ipc(void *ptr, size_t size, int freeable) {
    hipError_t err = track(ptr, size, freeable ? MEMORY_DEVICE : MEMORY_IPC, 0);
    if (err == hipSuccess) g_allocations->fd = MAPPED_ONLY;
    return err;
}

int cu2amd_hip_untrack_ipc(void *ptr) {
    allocation **a = find_start(ptr, MEMORY_IPC);
    if (!a) return 0;
    release(a, 0);
    return 1;
}

int cu2amd_hip_device_allocation(const void *ptr, void **base, size_t *size) {
    allocation *a = find_holding(ptr);
    if (!a || !(a->kind & (MEMORY_DEVICE | MEMORY_MANAGED))) return 0;
    *base = a->ptr;
    *size = a->size;
    return 1;
}

/* ------------------------------------------------------------------ device memory */

hipError_t hipMalloc(void **ptr, size_t size) {
    if (cu2amd_graph_unsafe()) return record(hipErrorStreamCaptureUnsupported);
    return allocate(ptr, size, MEMORY_DEVICE, 0);
}

hipError_t hipFree(void *ptr) {
    if (!ptr) return hipSuccess;
    allocation **a = find_start(ptr, MEMORY_DEVICE | MEMORY_MANAGED);
    if (!a) return record(hipErrorInvalidDevicePointer);
    release(a, 1);
    return hipSuccess;
}

/* Rows of `width` bytes, each starting at a multiple of 256 bytes (CUDA's texture pitch
 * alignment on current GPUs). */
hipError_t hipMallocPitch(void **ptr, size_t *pitch, size_t width, size_t height) {
    if (!ptr || !pitch) return record(hipErrorInvalidValue);
    *pitch = (width + 255) & ~(size_t)255;
    return allocate(ptr, *pitch * height, MEMORY_DEVICE, 0);
}

/* Managed memory is host memory the kernels use directly (no migration to do). */
hipError_t hipMallocManaged(void **dev_ptr, size_t size, unsigned int flags) {
    if (flags != hipMemAttachGlobal && flags != hipMemAttachHost) return record(hipErrorInvalidValue);
    return allocate(dev_ptr, size, MEMORY_MANAGED, flags);
}

/* Stream-ordered allocation: streams run their work at once, so at once, from the
 * device's current memory pool (hip_extra.c). */
hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipStream_t stream) {
    return hipMallocFromPoolAsync(dev_ptr, size, cu2amd_hip_current_pool(), stream);
}

hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_unsupported(stream);
    return hipFree(dev_ptr);
}

/* Managed-memory hints: checked as CUDA checks them (the device pageably accesses all host
 * memory, so any range qualifies). There is one memory, so they change nothing but what
 * cudaMemRangeGetAttribute reports of managed memory, which is recorded per page. */
static int valid_location(int device) { return device == 0 || device == -1 /* cudaCpuDeviceId */; }

/* Applies `apply` to each page of managed memory in [ptr, ptr + count). */
static hipError_t each_managed_page(const void *ptr, size_t count, void (*apply)(page_advice *, int), int arg) {
    const char *start = ptr, *end = start + count;
    for (allocation *a = g_allocations; a; a = a->next) {
        if (a->kind != MEMORY_MANAGED || end <= a->ptr || start >= a->ptr + a->size) continue;
        size_t pages = (a->size + ADVICE_PAGE - 1) / ADVICE_PAGE;
        if (!a->advice) {
            a->advice = malloc(pages * sizeof *a->advice);
            if (!a->advice) return record(hipErrorOutOfMemory);
            for (size_t p = 0; p < pages; p++) a->advice[p] = (page_advice){0, NO_LOCATION, NO_LOCATION};
        }
        size_t first = start > a->ptr ? (size_t)(start - a->ptr) / ADVICE_PAGE : 0;
        size_t last = end < a->ptr + a->size ? (size_t)(end - 1 - a->ptr) / ADVICE_PAGE : pages - 1;
        for (size_t p = first; p <= last; p++) apply(&a->advice[p], arg);
    }
    return hipSuccess;
}

static void set_read_mostly(page_advice *p, int on) { p->flags = on ? p->flags | READ_MOSTLY : p->flags & ~READ_MOSTLY; }
static void set_preferred(page_advice *p, int device) { p->preferred = (int8_t)device; }
static void set_accessed_by(page_advice *p, int bits) { p->flags |= (uint8_t)bits; }
static void unset_accessed_by(page_advice *p, int bits) { p->flags &= (uint8_t)~bits; }
static void set_prefetched(page_advice *p, int device) { p->prefetched = (int8_t)device; }

hipError_t hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device, hipStream_t stream) {
    if (!dev_ptr || count == 0) return record(hipErrorInvalidValue);
    if (!valid_location(device)) return record(hipErrorInvalidDevice);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    return each_managed_page(dev_ptr, count, set_prefetched, device);
}

hipError_t hipMemAdvise(const void *dev_ptr, size_t count, hipMemoryAdvise advice, int device) {
    if (!dev_ptr || count == 0 || advice < hipMemAdviseSetReadMostly || advice > hipMemAdviseUnsetAccessedBy)
        return record(hipErrorInvalidValue);
    if (advice >= hipMemAdviseSetPreferredLocation && !valid_location(device)) return record(hipErrorInvalidDevice);
    int who = device == 0 ? ACCESSED_BY_DEVICE : ACCESSED_BY_CPU;
    switch (advice) {
    case hipMemAdviseSetReadMostly: return each_managed_page(dev_ptr, count, set_read_mostly, 1);
    case hipMemAdviseUnsetReadMostly: return each_managed_page(dev_ptr, count, set_read_mostly, 0);
    case hipMemAdviseSetPreferredLocation: return each_managed_page(dev_ptr, count, set_preferred, device);
    case hipMemAdviseUnsetPreferredLocation: return each_managed_page(dev_ptr, count, set_preferred, NO_LOCATION);
    case hipMemAdviseSetAccessedBy: return each_managed_page(dev_ptr, count, set_accessed_by, who);
    default: return each_managed_page(dev_ptr, count, unset_accessed_by, who);
    }
}

/* CUDA's answers for a range of managed memory (all of it must be managed): a flag or a
 * location that holds for every page, else 0 or cudaInvalidDeviceId; AccessedBy lists the
 * locations every page has, then cudaInvalidDeviceId to the end of `data`. */
hipError_t hipMemRangeGetAttribute(void *data, size_t data_size, hipMemRangeAttribute attribute, const void *dev_ptr,
                                   size_t count) {
    int is_list = attribute == hipMemRangeAttributeAccessedBy;
    if (!data || !dev_ptr || count == 0 || data_size == 0 || data_size % 4 != 0 || (!is_list && data_size != 4))
        return record(hipErrorInvalidValue);
    if (attribute < hipMemRangeAttributeReadMostly || attribute > hipMemRangeAttributeLastPrefetchLocation)
        return record(hipErrorInvalidValue);
    const char *start = dev_ptr, *end = start + count;
    allocation *a = find_holding(dev_ptr);
    if (!a || a->kind != MEMORY_MANAGED || end > a->ptr + a->size) return record(hipErrorInvalidValue);
    size_t first = (size_t)(start - a->ptr) / ADVICE_PAGE, last = (size_t)(end - 1 - a->ptr) / ADVICE_PAGE;
    int all_flags = READ_MOSTLY | ACCESSED_BY_DEVICE | ACCESSED_BY_CPU, preferred = NO_LOCATION,
        prefetched = NO_LOCATION;
    for (size_t p = first; p <= last; p++) {
        page_advice v = a->advice ? a->advice[p] : (page_advice){0, NO_LOCATION, NO_LOCATION};
        all_flags &= v.flags;
        preferred = p == first || v.preferred == preferred ? v.preferred : NO_LOCATION;
        prefetched = p == first || v.prefetched == prefetched ? v.prefetched : NO_LOCATION;
    }
    int32_t *out = data;
    switch (attribute) {
    case hipMemRangeAttributeReadMostly: *out = (all_flags & READ_MOSTLY) != 0; break;
    case hipMemRangeAttributePreferredLocation: *out = preferred; break;
    case hipMemRangeAttributeLastPrefetchLocation: *out = prefetched; break;
    default: {
        size_t n = 0, slots = data_size / 4;
        if ((all_flags & ACCESSED_BY_DEVICE) && n < slots) out[n++] = 0;
        if ((all_flags & ACCESSED_BY_CPU) && n < slots) out[n++] = -1;
        while (n < slots) out[n++] = NO_LOCATION;
    }
    }
    return hipSuccess;
}

hipError_t hipMemRangeGetAttributes(void **data, size_t *data_sizes, hipMemRangeAttribute *attributes,
                                    size_t num_attributes, const void *dev_ptr, size_t count) {
    if (!data || !data_sizes || !attributes || num_attributes == 0) return record(hipErrorInvalidValue);
    for (size_t i = 0; i < num_attributes; i++) {
        hipError_t err = hipMemRangeGetAttribute(data[i], data_sizes[i], attributes[i], dev_ptr, count);
        if (err != hipSuccess) return err;
    }
    return hipSuccess;
}

hipError_t hipStreamAttachMemAsync(hipStream_t stream, void *dev_ptr, size_t length, unsigned int flags) {
    if (flags != hipMemAttachGlobal && flags != hipMemAttachHost && flags != hipMemAttachSingle)
        return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    allocation **a = find_start(dev_ptr, MEMORY_MANAGED);
    if (!a || (length != 0 && length != (*a)->size)) return record(hipErrorInvalidValue);
    return hipSuccess;
}

/* ------------------------------------------------------------------ host memory */

hipError_t hipHostMalloc(void **ptr, size_t size, unsigned int flags) {
    if (flags & ~(unsigned)(hipHostMallocPortable | hipHostMallocMapped | hipHostMallocWriteCombined))
        return record(hipErrorInvalidValue);
    return allocate(ptr, size, MEMORY_HOST, flags);
}

hipError_t hipHostFree(void *ptr) {
    if (!ptr) return hipSuccess;
    allocation **a = find_start(ptr, MEMORY_HOST);
    if (!a) return record(hipErrorInvalidValue);
    release(a, 1);
    return hipSuccess;
}

hipError_t hipHostRegister(void *hostPtr, size_t sizeBytes, unsigned int flags) {
    if (!hostPtr || sizeBytes == 0 || (flags & ~0xFu)) return record(hipErrorInvalidValue);
    for (allocation *a = g_allocations; a; a = a->next)
        if ((a->kind & (MEMORY_HOST | MEMORY_REGISTERED)) && (char *)hostPtr < a->ptr + a->size &&
            a->ptr < (char *)hostPtr + sizeBytes)
            return record(hipErrorHostMemoryAlreadyRegistered);
    return track(hostPtr, sizeBytes, MEMORY_REGISTERED, flags);
}

hipError_t hipHostUnregister(void *hostPtr) {
    allocation **a = find_start(hostPtr, MEMORY_REGISTERED);
    if (!a) return record(hipErrorHostMemoryNotRegistered);
    release(a, 0);
    return hipSuccess;
}

/* The allocation holding `dptr`: device, managed, pinned or registered memory. */
hipError_t hipMemGetAddressRange(hipDeviceptr_t *pbase, size_t *psize, hipDeviceptr_t dptr) {
    allocation *a = dptr ? find_holding(dptr) : NULL;
    if (!a) return record(hipErrorNotFound);
    if (pbase) *pbase = a->ptr;
    if (psize) *psize = a->size;
    return hipSuccess;
}

/* Pinned and registered memory is mapped: the device sees it at the host's address. */
hipError_t hipHostGetDevicePointer(void **devPtr, void *hstPtr, unsigned int flags) {
    if (!devPtr || flags != 0) return record(hipErrorInvalidValue);
    allocation *a = find_holding(hstPtr);
    if (!a || !(a->kind & (MEMORY_HOST | MEMORY_REGISTERED))) return record(hipErrorInvalidValue);
    *devPtr = hstPtr;
    return hipSuccess;
}

hipError_t hipHostGetFlags(unsigned int *flagsPtr, void *hostPtr) {
    if (!flagsPtr) return record(hipErrorInvalidValue);
    allocation *a = find_holding(hostPtr);
    if (!a || !(a->kind & (MEMORY_HOST | MEMORY_REGISTERED))) return record(hipErrorInvalidValue);
    *flagsPtr = a->flags;
    return hipSuccess;
}

/* HIP's answer (hipErrorInvalidValue) for memory it does not know; cuda_runtime_api.h turns
 * that into CUDA's cudaMemoryTypeUnregistered. */
hipError_t hipPointerGetAttributes(hipPointerAttribute_t *attributes, const void *ptr) {
    if (!attributes) return record(hipErrorInvalidValue);
    allocation *a = ptr ? find_holding(ptr) : NULL;
    if (!a) return record(hipErrorInvalidValue);
    memset(attributes, 0, sizeof *attributes);
    attributes->device = 0;
    attributes->devicePointer = (void *)ptr;
    attributes->allocationFlags = a->flags;
    switch (a->kind) {
    case MEMORY_DEVICE:
    case MEMORY_IPC: attributes->memoryType = hipMemoryTypeDevice; break;
    case MEMORY_MANAGED:
        attributes->memoryType = hipMemoryTypeDevice;
        attributes->isManaged = 1;
        attributes->hostPointer = (void *)ptr;
        break;
    default:
        attributes->memoryType = hipMemoryTypeHost;
        attributes->hostPointer = (void *)ptr;
        break;
    }
    return hipSuccess;
}

/* ------------------------------------------------------------------ copies and sets */

static int valid_kind(hipMemcpyKind kind) { return kind >= hipMemcpyHostToHost && kind <= hipMemcpyDefault; }

/* The copy itself; hipMemcpy is also refused during stream capture (CUDA's global mode). */
static hipError_t copy_now(void *dst, const void *src, size_t size, hipMemcpyKind kind) {
    if (!valid_kind(kind)) return record(hipErrorInvalidMemcpyDirection);
    if (size && (!dst || !src)) return record(hipErrorInvalidValue);
    if (size) memmove(dst, src, size);
    return hipSuccess;
}

hipError_t hipMemcpy(void *dst, const void *src, size_t size, hipMemcpyKind kind) {
    if (cu2amd_graph_unsafe()) return record(hipErrorStreamCaptureUnsupported);
    return copy_now(dst, src, size, kind);
}

hipError_t hipMemcpyAsync(void *dst, const void *src, size_t size, hipMemcpyKind kind, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_memcpy(dst, src, size, kind, stream);
    return copy_now(dst, src, size, kind);
}

static hipError_t set_now(void *dst, int value, size_t size) {
    if (size && !dst) return record(hipErrorInvalidValue);
    if (size) memset(dst, value, size);
    return hipSuccess;
}

hipError_t hipMemset(void *dst, int value, size_t size) {
    if (cu2amd_graph_unsafe()) return record(hipErrorStreamCaptureUnsupported);
    return set_now(dst, value, size);
}

hipError_t hipMemsetAsync(void *dst, int value, size_t size, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_memset(dst, size, (uint8_t)value, 1, size, 1, stream);
    return set_now(dst, value, size);
}

/* One device: a peer copy is a copy on device 0. */
hipError_t hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId, size_t sizeBytes) {
    if (dstDeviceId != 0 || srcDeviceId != 0) return record(hipErrorInvalidDevice);
    return copy_now(dst, src, sizeBytes, hipMemcpyDeviceToDevice);
}

hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src, int srcDevice, size_t sizeBytes,
                              hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream) && dstDeviceId == 0 && srcDevice == 0)
        return cu2amd_graph_capture_memcpy(dst, src, sizeBytes, hipMemcpyDeviceToDevice, stream);
    return hipMemcpyPeer(dst, dstDeviceId, src, srcDevice, sizeBytes);
}

hipError_t hipMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                       hipMemcpyKind kind) {
    if (!valid_kind(kind)) return record(hipErrorInvalidMemcpyDirection);
    if (width == 0 || height == 0) return hipSuccess;
    if (width > dpitch || width > spitch) return record(hipErrorInvalidPitchValue);
    if (!dst || !src) return record(hipErrorInvalidValue);
    for (size_t row = 0; row < height; row++)
        memmove((char *)dst + row * dpitch, (const char *)src + row * spitch, width);
    return hipSuccess;
}

hipError_t hipMemcpy2DAsync(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
                            hipMemcpyKind kind, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream))
        return cu2amd_graph_capture_memcpy2d(dst, dpitch, src, spitch, width, height, kind, stream);
    return hipMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

hipError_t hipMemset2D(void *dst, size_t pitch, int value, size_t width, size_t height) {
    if (width == 0 || height == 0) return hipSuccess;
    if (width > pitch) return record(hipErrorInvalidPitchValue);
    if (!dst) return record(hipErrorInvalidValue);
    for (size_t row = 0; row < height; row++) memset((char *)dst + row * pitch, value, width);
    return hipSuccess;
}

hipError_t hipMemset2DAsync(void *dst, size_t pitch, int value, size_t width, size_t height, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream))
        return cu2amd_graph_capture_memset(dst, pitch, (uint8_t)value, 1, width, height, stream);
    return hipMemset2D(dst, pitch, value, width, height);
}

/* ------------------------------------------------------------------ symbols */

/* The variable's bytes [offset, offset + size) must be within it, as CUDA checks. */
static hipError_t symbol_range(const void *symbol, size_t size, size_t offset, char **at) {
    void *address;
    size_t symbol_size;
    hipError_t err = cu2amd_hip_symbol(symbol, &address, &symbol_size);
    if (err != hipSuccess) return record(err);
    if (offset > symbol_size || size > symbol_size - offset) return record(hipErrorInvalidValue);
    *at = (char *)address + offset;
    return hipSuccess;
}

hipError_t hipGetSymbolAddress(void **devPtr, const void *symbol) {
    if (!devPtr) return record(hipErrorInvalidValue);
    size_t size;
    hipError_t err = cu2amd_hip_symbol(symbol, devPtr, &size);
    return err == hipSuccess ? err : record(err);
}

hipError_t hipGetSymbolSize(size_t *size, const void *symbol) {
    if (!size) return record(hipErrorInvalidValue);
    void *address;
    hipError_t err = cu2amd_hip_symbol(symbol, &address, size);
    return err == hipSuccess ? err : record(err);
}

hipError_t hipMemcpyToSymbol(const void *symbol, const void *src, size_t sizeBytes, size_t offset,
                             hipMemcpyKind kind) {
    if (kind != hipMemcpyHostToDevice && kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault)
        return record(hipErrorInvalidMemcpyDirection);
    char *at;
    hipError_t err = symbol_range(symbol, sizeBytes, offset, &at);
    return err == hipSuccess ? copy_now(at, src, sizeBytes, kind) : err;
}

hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes, size_t offset, hipMemcpyKind kind) {
    if (kind != hipMemcpyDeviceToHost && kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault)
        return record(hipErrorInvalidMemcpyDirection);
    char *at;
    hipError_t err = symbol_range(symbol, sizeBytes, offset, &at);
    return err == hipSuccess ? copy_now(dst, at, sizeBytes, kind) : err;
}

hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t sizeBytes, size_t offset,
                                  hipMemcpyKind kind, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream))
        return cu2amd_graph_capture_to_symbol(symbol, src, sizeBytes, offset, kind, stream);
    return hipMemcpyToSymbol(symbol, src, sizeBytes, offset, kind);
}

hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t sizeBytes, size_t offset,
                                    hipMemcpyKind kind, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream))
        return cu2amd_graph_capture_from_symbol(dst, symbol, sizeBytes, offset, kind, stream);
    return hipMemcpyFromSymbol(dst, symbol, sizeBytes, offset, kind);
}
