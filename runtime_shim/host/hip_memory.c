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

#define record cu2amd_hip_record

typedef enum memory_kind {
    MEMORY_DEVICE = 1,     /* hipMalloc, hipMallocPitch */
    MEMORY_HOST = 2,       /* hipHostMalloc: pinned, mapped */
    MEMORY_REGISTERED = 4, /* hipHostRegister: the program's own memory */
    MEMORY_MANAGED = 8,    /* hipMallocManaged */
} memory_kind;

typedef struct allocation {
    char *ptr;
    size_t size;
    memory_kind kind;
    unsigned flags;
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
    *a = (allocation){ptr, size, kind, flags, g_allocations};
    g_allocations = a;
    return hipSuccess;
}

static hipError_t allocate(void **ptr, size_t size, memory_kind kind, unsigned flags) {
    if (!ptr) return record(hipErrorInvalidValue);
    *ptr = NULL;
    if (size == 0) return hipSuccess;
    void *p = NULL;
    if (posix_memalign(&p, 256, size) != 0) return record(hipErrorOutOfMemory);
    if (track(p, size, kind, flags) != hipSuccess) {
        free(p);
        return hipErrorOutOfMemory;
    }
    *ptr = p;
    return hipSuccess;
}

static void release(allocation **a, int owned) {
    allocation *dead = *a;
    *a = dead->next;
    if (owned) free(dead->ptr);
    free(dead);
}

void cu2amd_hip_free_all(void) {
    while (g_allocations) release(&g_allocations, g_allocations->kind != MEMORY_REGISTERED);
}

/* ------------------------------------------------------------------ device memory */

hipError_t hipMalloc(void **ptr, size_t size) { return allocate(ptr, size, MEMORY_DEVICE, 0); }

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

/* Stream-ordered allocation: streams run their work at once, so at once. */
hipError_t hipMallocAsync(void **dev_ptr, size_t size, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    return hipMalloc(dev_ptr, size);
}

hipError_t hipFreeAsync(void *dev_ptr, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    return hipFree(dev_ptr);
}

/* Managed-memory hints: checked as CUDA checks them (the device pageably accesses all host
 * memory, so any range qualifies), with nothing to do: there is one memory. */
hipError_t hipMemPrefetchAsync(const void *dev_ptr, size_t count, int device, hipStream_t stream) {
    if (!dev_ptr || count == 0) return record(hipErrorInvalidValue);
    if (device != 0 && device != -1 /* cudaCpuDeviceId */) return record(hipErrorInvalidDevice);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    return hipSuccess;
}

hipError_t hipMemAdvise(const void *dev_ptr, size_t count, hipMemoryAdvise advice, int device) {
    if (!dev_ptr || count == 0 || advice < hipMemAdviseSetReadMostly || advice > hipMemAdviseUnsetAccessedBy)
        return record(hipErrorInvalidValue);
    if (advice >= hipMemAdviseSetPreferredLocation && device != 0 && device != -1) return record(hipErrorInvalidDevice);
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
    case MEMORY_DEVICE: attributes->memoryType = hipMemoryTypeDevice; break;
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

hipError_t hipMemcpy(void *dst, const void *src, size_t size, hipMemcpyKind kind) {
    if (!valid_kind(kind)) return record(hipErrorInvalidMemcpyDirection);
    if (size && (!dst || !src)) return record(hipErrorInvalidValue);
    if (size) memmove(dst, src, size);
    return hipSuccess;
}

hipError_t hipMemcpyAsync(void *dst, const void *src, size_t size, hipMemcpyKind kind, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    return hipMemcpy(dst, src, size, kind);
}

hipError_t hipMemset(void *dst, int value, size_t size) {
    if (size && !dst) return record(hipErrorInvalidValue);
    if (size) memset(dst, value, size);
    return hipSuccess;
}

hipError_t hipMemsetAsync(void *dst, int value, size_t size, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    return hipMemset(dst, value, size);
}

/* One device: a peer copy is a copy on device 0. */
hipError_t hipMemcpyPeer(void *dst, int dstDeviceId, const void *src, int srcDeviceId, size_t sizeBytes) {
    if (dstDeviceId != 0 || srcDeviceId != 0) return record(hipErrorInvalidDevice);
    return hipMemcpy(dst, src, sizeBytes, hipMemcpyDeviceToDevice);
}

hipError_t hipMemcpyPeerAsync(void *dst, int dstDeviceId, const void *src, int srcDevice, size_t sizeBytes,
                              hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
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
    return err == hipSuccess ? hipMemcpy(at, src, sizeBytes, kind) : err;
}

hipError_t hipMemcpyFromSymbol(void *dst, const void *symbol, size_t sizeBytes, size_t offset, hipMemcpyKind kind) {
    if (kind != hipMemcpyDeviceToHost && kind != hipMemcpyDeviceToDevice && kind != hipMemcpyDefault)
        return record(hipErrorInvalidMemcpyDirection);
    char *at;
    hipError_t err = symbol_range(symbol, sizeBytes, offset, &at);
    return err == hipSuccess ? hipMemcpy(dst, at, sizeBytes, kind) : err;
}

hipError_t hipMemcpyToSymbolAsync(const void *symbol, const void *src, size_t sizeBytes, size_t offset,
                                  hipMemcpyKind kind, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    return hipMemcpyToSymbol(symbol, src, sizeBytes, offset, kind);
}

hipError_t hipMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t sizeBytes, size_t offset,
                                    hipMemcpyKind kind, hipStream_t stream) {
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    return hipMemcpyFromSymbol(dst, symbol, sizeBytes, offset, kind);
}
