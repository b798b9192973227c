/* The host platform's memory pools (stream-ordered allocation) and memory IPC handles,
 * for the HIP C ABI.
 *
 * Pools: streams run work at once, so an allocation is made, and a free done, when it is
 * called. A pool keeps freed blocks for reuse by allocations of the same size while what it
 * holds stays within its release threshold (CUDA's attribute; default 0: nothing is kept),
 * and frees the rest at once; hipMemPoolTrimTo frees kept blocks down to a size. It counts
 * used and reserved bytes (current and high-water marks) as CUDA's attributes report them.
 * hip_memory.c tracks the blocks in use as device memory with their pool. A pool made with
 * the POSIX file descriptor handle type makes each block a shared-memory file (memfd):
 * its shareable handle (a descriptor naming the pool and its process) lets another
 * process import it, and then the blocks exported from it (by hipMemPoolExportPointer), by
 * mapping their files (/proc/<pid>/fd/<fd>) while the maker lives.
 *
 * Virtual memory: a physical allocation (hipMemCreate) is a memfd of its size; an address
 * range (hipMemAddressReserve) is an inaccessible anonymous mapping; hipMemMap maps the
 * allocation's pages there (MAP_FIXED, shared), inaccessible until hipMemSetAccess
 * (mprotect), as CUDA's are; hipMemUnmap puts the reservation back. An allocation made
 * with the POSIX file descriptor handle type exports a descriptor of its memfd, which
 * another process imports: real shared memory.
 *
 * IPC: a memory handle names a device allocation (its start, size, a serial number and,
 * for allocations of 64 KiB or more, which are shared-memory files, the file's descriptor)
 * in the process that made it. Another process opens the handle by mapping that file
 * (/proc/<pid>/fd/<fd>) while the maker lives; the maker itself gets the allocation back.
 * Smaller allocations are heap memory: their handles open only in the maker (another
 * process gets hipErrorInvalidValue, said on stderr). */
#define _GNU_SOURCE
#include "hip_internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define record cu2amd_hip_record

/* ------------------------------------------------------------------ memory pools */

typedef struct kept_block {
    void *ptr;
    size_t size;
    int fd; /* its memfd (a shareable pool's), or -1 */
    struct kept_block *next;
} kept_block;

struct ihipMemPoolHandle_t {
    int magic;
    int destroyed; /* hipMemPoolDestroy with blocks still in use: freed with the last */
    hipMemPoolProps props;
    int reuse[3]; /* hipMemPoolReuse* (1..3), each on by default */
    uint64_t release_threshold;
    uint64_t used, used_high, reserved, reserved_high;
    kept_block *kept;
    int shareable;       /* hipMemHandleTypePosixFileDescriptor: blocks are memfds */
    int32_t remote_pid;  /* an imported pool's process (0: made here) */
};
#define POOL_MAGIC 0x504f4f4c

static struct ihipMemPoolHandle_t g_default_pool = {
    POOL_MAGIC, 0, {hipMemAllocationTypePinned, hipMemHandleTypeNone, {hipMemLocationTypeDevice, 0}, NULL, {0}},
    {1, 1, 1}, 0, 0, 0, 0, 0, NULL, 0, 0,
};
static hipMemPool_t g_current_pool = &g_default_pool;

static int valid_pool(hipMemPool_t pool) { return pool && pool->magic == POOL_MAGIC && !pool->destroyed; }

hipMemPool_t cu2amd_hip_current_pool(void) { return g_current_pool; }

static void free_block(void *ptr, size_t size, int fd) {
    if (fd >= 0) munmap(ptr, size), close(fd);
    else free(ptr);
}

static void trim(hipMemPool_t pool, uint64_t keep) {
    while (pool->kept && pool->reserved > keep) {
        kept_block *b = pool->kept;
        pool->kept = b->next;
        pool->reserved -= b->size;
        free_block(b->ptr, b->size, b->fd);
        free(b);
    }
}

static void pool_free(hipMemPool_t pool) {
    trim(pool, 0);
    pool->magic = 0;
    free(pool);
}

void cu2amd_hip_pool_release(hipMemPool_t pool, void *ptr, size_t size, int fd) {
    pool->used -= size;
    kept_block *b = NULL;
    if (!pool->destroyed && pool->reserved <= pool->release_threshold && (b = malloc(sizeof *b))) {
        *b = (kept_block){ptr, size, fd, pool->kept};
        pool->kept = b;
    } else {
        pool->reserved -= size;
        free_block(ptr, size, fd);
    }
    if (pool->destroyed && pool->used == 0) pool_free(pool);
}

void cu2amd_hip_pools_reset(void) {
    trim(&g_default_pool, 0);
    g_default_pool.used = g_default_pool.used_high = g_default_pool.reserved = g_default_pool.reserved_high = 0;
    g_current_pool = &g_default_pool;
}

/* The device's pools: one device. */
hipError_t hipDeviceGetDefaultMemPool(hipMemPool_t *mem_pool, int device) {
    if (!mem_pool) return record(hipErrorInvalidValue);
    if (device != 0) return record(hipErrorInvalidDevice);
    *mem_pool = &g_default_pool;
    return hipSuccess;
}

hipError_t hipDeviceGetMemPool(hipMemPool_t *mem_pool, int device) {
    if (!mem_pool) return record(hipErrorInvalidValue);
    if (device != 0) return record(hipErrorInvalidDevice);
    *mem_pool = g_current_pool;
    return hipSuccess;
}

hipError_t hipDeviceSetMemPool(int device, hipMemPool_t mem_pool) {
    if (device != 0) return record(hipErrorInvalidDevice);
    if (!valid_pool(mem_pool)) return record(hipErrorInvalidValue);
    g_current_pool = mem_pool;
    return hipSuccess;
}

/* CUDA's checks: pinned device memory of device 0; of the shareable handle types, POSIX
 * file descriptors (Windows handles are not supported). */
hipError_t hipMemPoolCreate(hipMemPool_t *mem_pool, const hipMemPoolProps *pool_props) {
    if (!mem_pool || !pool_props || pool_props->allocType != hipMemAllocationTypePinned ||
        pool_props->location.type != hipMemLocationTypeDevice)
        return record(hipErrorInvalidValue);
    if (pool_props->location.id != 0) return record(hipErrorInvalidDevice);
    if (pool_props->handleTypes & ~(unsigned)hipMemHandleTypePosixFileDescriptor) return record(hipErrorNotSupported);
    hipMemPool_t pool = calloc(1, sizeof *pool);
    if (!pool) return record(hipErrorOutOfMemory);
    *pool = g_default_pool;
    pool->props = *pool_props;
    pool->reuse[0] = pool->reuse[1] = pool->reuse[2] = 1;
    pool->release_threshold = pool->used = pool->used_high = pool->reserved = pool->reserved_high = 0;
    pool->kept = NULL;
    pool->shareable = pool_props->handleTypes == hipMemHandleTypePosixFileDescriptor;
    *mem_pool = pool;
    return hipSuccess;
}

/* The default pool cannot be destroyed; a pool with blocks in use goes when they do. */
hipError_t hipMemPoolDestroy(hipMemPool_t mem_pool) {
    if (!valid_pool(mem_pool) || mem_pool == &g_default_pool) return record(hipErrorInvalidValue);
    if (g_current_pool == mem_pool) g_current_pool = &g_default_pool;
    mem_pool->destroyed = 1;
    trim(mem_pool, 0);
    if (mem_pool->used == 0) pool_free(mem_pool);
    return hipSuccess;
}

hipError_t hipMemPoolTrimTo(hipMemPool_t mem_pool, size_t min_bytes_to_hold) {
    if (!valid_pool(mem_pool)) return record(hipErrorInvalidValue);
    trim(mem_pool, min_bytes_to_hold);
    return hipSuccess;
}

/* CUDA's rules: the reuse policies are ints (0 or 1), the threshold a uint64; current
 * amounts are read-only; a high-water mark can only be reset, by writing 0. */
hipError_t hipMemPoolSetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value) {
    if (!valid_pool(mem_pool) || !value) return record(hipErrorInvalidValue);
    switch (attr) {
    case hipMemPoolReuseFollowEventDependencies:
    case hipMemPoolReuseAllowOpportunistic:
    case hipMemPoolReuseAllowInternalDependencies:
        mem_pool->reuse[attr - 1] = *(int *)value != 0;
        return hipSuccess;
    case hipMemPoolAttrReleaseThreshold:
        mem_pool->release_threshold = *(uint64_t *)value;
        return hipSuccess;
    case hipMemPoolAttrReservedMemHigh:
        if (*(uint64_t *)value != 0) return record(hipErrorInvalidValue);
        mem_pool->reserved_high = mem_pool->reserved;
        return hipSuccess;
    case hipMemPoolAttrUsedMemHigh:
        if (*(uint64_t *)value != 0) return record(hipErrorInvalidValue);
        mem_pool->used_high = mem_pool->used;
        return hipSuccess;
    default: return record(hipErrorInvalidValue);
    }
}

hipError_t hipMemPoolGetAttribute(hipMemPool_t mem_pool, hipMemPoolAttr attr, void *value) {
    if (!valid_pool(mem_pool) || !value) return record(hipErrorInvalidValue);
    switch (attr) {
    case hipMemPoolReuseFollowEventDependencies:
    case hipMemPoolReuseAllowOpportunistic:
    case hipMemPoolReuseAllowInternalDependencies: *(int *)value = mem_pool->reuse[attr - 1]; return hipSuccess;
    case hipMemPoolAttrReleaseThreshold: *(uint64_t *)value = mem_pool->release_threshold; return hipSuccess;
    case hipMemPoolAttrReservedMemCurrent: *(uint64_t *)value = mem_pool->reserved; return hipSuccess;
    case hipMemPoolAttrReservedMemHigh: *(uint64_t *)value = mem_pool->reserved_high; return hipSuccess;
    case hipMemPoolAttrUsedMemCurrent: *(uint64_t *)value = mem_pool->used; return hipSuccess;
    case hipMemPoolAttrUsedMemHigh: *(uint64_t *)value = mem_pool->used_high; return hipSuccess;
    default: return record(hipErrorInvalidValue);
    }
}

/* One device, which always has read-write access to its own pools (CUDA refuses to take
 * it away: hipErrorInvalidDevice). */
hipError_t hipMemPoolSetAccess(hipMemPool_t mem_pool, const hipMemAccessDesc *desc_list, size_t count) {
    if (!valid_pool(mem_pool) || (count && !desc_list)) return record(hipErrorInvalidValue);
    for (size_t i = 0; i < count; i++) {
        if (desc_list[i].location.type != hipMemLocationTypeDevice) return record(hipErrorInvalidValue);
        if (desc_list[i].location.id != 0) return record(hipErrorInvalidDevice);
        if (desc_list[i].flags != hipMemAccessFlagsProtReadWrite) return record(hipErrorInvalidDevice);
    }
    return hipSuccess;
}

hipError_t hipMemPoolGetAccess(hipMemAccessFlags *flags, hipMemPool_t mem_pool, hipMemLocation *location) {
    if (!flags || !location || !valid_pool(mem_pool) || location->type != hipMemLocationTypeDevice)
        return record(hipErrorInvalidValue);
    if (location->id != 0) return record(hipErrorInvalidDevice);
    *flags = hipMemAccessFlagsProtReadWrite;
    return hipSuccess;
}

hipError_t hipMallocFromPoolAsync(void **dev_ptr, size_t size, hipMemPool_t mem_pool, hipStream_t stream) {
    /* An imported pool only holds what other processes export (CUDA's rule). */
    if (!dev_ptr || !valid_pool(mem_pool) || mem_pool->remote_pid) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_unsupported(stream);
    *dev_ptr = NULL;
    if (size == 0) return hipSuccess;
    void *p = NULL;
    int fd = -1;
    for (kept_block **b = &mem_pool->kept; *b; b = &(*b)->next) {
        if ((*b)->size != size) continue;
        kept_block *hit = *b;
        *b = hit->next;
        p = hit->ptr, fd = hit->fd;
        free(hit);
        break;
    }
    if (!p && mem_pool->shareable) {
        fd = memfd_create("cu2amd-pool-memory", MFD_CLOEXEC);
        if (fd < 0 || ftruncate(fd, (off_t)size) != 0 ||
            (p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)) == MAP_FAILED) {
            if (fd >= 0) close(fd);
            return record(hipErrorOutOfMemory);
        }
        mem_pool->reserved += size;
    } else if (!p) {
        if (posix_memalign(&p, 256, size) != 0) return record(hipErrorOutOfMemory);
        mem_pool->reserved += size;
    }
    if (cu2amd_hip_track_pooled(p, size, mem_pool, fd) != hipSuccess) {
        mem_pool->reserved -= size;
        free_block(p, size, fd);
        return hipErrorOutOfMemory;
    }
    mem_pool->used += size;
    if (mem_pool->used > mem_pool->used_high) mem_pool->used_high = mem_pool->used;
    if (mem_pool->reserved > mem_pool->reserved_high) mem_pool->reserved_high = mem_pool->reserved;
    *dev_ptr = p;
    return hipSuccess;
}

/* ------------------------------------------------------------------ sharing pools */

typedef struct shared_pool {
    uint32_t magic;
    int32_t pid;
    uint64_t pool;
} shared_pool;
typedef struct shared_pointer {
    uint32_t magic;
    int32_t pid;
    int32_t fd;
    uint64_t size;
} shared_pointer;
#define SHARED_POOL_MAGIC 0x50534843
#define SHARED_POINTER_MAGIC 0x50534850

/* A new descriptor (an int at shared_handle) of a small file naming the pool's process;
 * it can be given to another process (inherited, or sent over a Unix socket). */
hipError_t hipMemPoolExportToShareableHandle(void *shared_handle, hipMemPool_t mem_pool,
                                             hipMemAllocationHandleType handle_type, unsigned int flags) {
    if (!shared_handle || !valid_pool(mem_pool) || flags != 0) return record(hipErrorInvalidValue);
    if (handle_type != hipMemHandleTypePosixFileDescriptor || !mem_pool->shareable) return record(hipErrorNotSupported);
    shared_pool h = {SHARED_POOL_MAGIC, (int32_t)getpid(), (uint64_t)(uintptr_t)mem_pool};
    int fd = memfd_create("cu2amd-mem-pool", 0);
    if (fd < 0) return record(hipErrorOutOfMemory);
    if (write(fd, &h, sizeof h) != (ssize_t)sizeof h) {
        close(fd);
        return record(hipErrorOutOfMemory);
    }
    *(int *)shared_handle = fd;
    return hipSuccess;
}

/* The handle is the descriptor itself, as CUDA passes it: (void *)(intptr_t)fd. */
hipError_t hipMemPoolImportFromShareableHandle(hipMemPool_t *mem_pool, void *shared_handle,
                                               hipMemAllocationHandleType handle_type, unsigned int flags) {
    shared_pool h;
    if (!mem_pool || flags != 0) return record(hipErrorInvalidValue);
    if (handle_type != hipMemHandleTypePosixFileDescriptor) return record(hipErrorNotSupported);
    if (pread((int)(intptr_t)shared_handle, &h, sizeof h, 0) != (ssize_t)sizeof h || h.magic != SHARED_POOL_MAGIC)
        return record(hipErrorInvalidValue);
    hipMemPool_t pool = calloc(1, sizeof *pool);
    if (!pool) return record(hipErrorOutOfMemory);
    *pool = g_default_pool;
    pool->props.handleTypes = hipMemHandleTypePosixFileDescriptor;
    pool->release_threshold = pool->used = pool->used_high = pool->reserved = pool->reserved_high = 0;
    pool->kept = NULL;
    pool->shareable = 1;
    pool->remote_pid = h.pid;
    *mem_pool = pool;
    return hipSuccess;
}

hipError_t hipMemPoolExportPointer(hipMemPoolPtrExportData *export_data, void *dev_ptr) {
    void *base;
    size_t size;
    if (!export_data || !dev_ptr) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_device_allocation(dev_ptr, &base, &size) || base != dev_ptr) return record(hipErrorInvalidValue);
    int fd = cu2amd_hip_shareable(base);
    if (fd < 0) return record(hipErrorInvalidValue); /* not from a shareable pool */
    shared_pointer h = {SHARED_POINTER_MAGIC, (int32_t)getpid(), fd, size};
    memset(export_data, 0, sizeof *export_data);
    memcpy(export_data->reserved, &h, sizeof h);
    return hipSuccess;
}

/* Mapped here until freed (hipFree, hipFreeAsync), which the exporter must wait for before
 * freeing it itself (CUDA's rule). */
hipError_t hipMemPoolImportPointer(void **dev_ptr, hipMemPool_t mem_pool, hipMemPoolPtrExportData *export_data) {
    shared_pointer h;
    if (!dev_ptr || !export_data || !valid_pool(mem_pool) || !mem_pool->remote_pid) return record(hipErrorInvalidValue);
    memcpy(&h, export_data->reserved, sizeof h);
    if (h.magic != SHARED_POINTER_MAGIC || h.pid != mem_pool->remote_pid) return record(hipErrorInvalidValue);
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd/%d", (int)h.pid, (int)h.fd);
    int fd = open(path, O_RDWR | O_CLOEXEC);
    void *p = fd >= 0 ? mmap(NULL, h.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) : MAP_FAILED;
    if (fd >= 0) close(fd);
    if (p == MAP_FAILED) {
        fprintf(stderr, "cu2amd host runtime: hipMemPoolImportPointer: cannot map the memory of process %d (%s)\n",
                (int)h.pid, path);
        return record(hipErrorInvalidValue);
    }
    if (cu2amd_hip_track_ipc(p, h.size, 1) != hipSuccess) {
        munmap(p, h.size);
        return hipErrorOutOfMemory;
    }
    *dev_ptr = p;
    return hipSuccess;
}

/* ------------------------------------------------------------------ memory IPC */

typedef struct ipc_memory {
    uint32_t magic;
    int32_t pid;
    uint64_t base, size, serial;
    int32_t fd; /* the allocation's memfd in process `pid`, or -1 */
} ipc_memory;
#define IPC_MAGIC 0x43504963

/* Which allocation a handle was made for: its start and size, and a number that tells it
 * from a later allocation at the same place. */
typedef struct ipc_export {
    void *base;
    size_t size;
    uint64_t serial;
    int open; /* times opened and not yet closed */
    struct ipc_export *next;
} ipc_export;
static ipc_export *g_exports;
static uint64_t g_serial;

hipError_t hipIpcGetMemHandle(hipIpcMemHandle_t *handle, void *devPtr) {
    void *base;
    size_t size;
    if (!handle || !devPtr) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_device_allocation(devPtr, &base, &size)) return record(hipErrorInvalidDevicePointer);
    ipc_export *e = g_exports;
    while (e && !(e->base == base && e->size == size)) e = e->next;
    if (!e) {
        if (!(e = calloc(1, sizeof *e))) return record(hipErrorOutOfMemory);
        *e = (ipc_export){base, size, ++g_serial, 0, g_exports};
        g_exports = e;
    }
    ipc_memory h = {IPC_MAGIC, (int32_t)getpid(), (uint64_t)(uintptr_t)base, size, e->serial,
                    cu2amd_hip_shareable(base)};
    memset(handle, 0, sizeof *handle);
    memcpy(handle->reserved, &h, sizeof h);
    return hipSuccess;
}

/* Another process's allocation: its file mapped here. */
static hipError_t open_elsewhere(void **devPtr, const ipc_memory *h) {
    if (h->fd < 0) {
        fprintf(stderr, "cu2amd host runtime: hipIpcOpenMemHandle: the handle is from process %d, for an "
                        "allocation under 64 KiB, which is that process's heap memory: only it can open the "
                        "handle\n",
                (int)h->pid);
        return record(hipErrorInvalidValue);
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd/%d", (int)h->pid, (int)h->fd);
    int fd = open(path, O_RDWR | O_CLOEXEC);
    struct stat st;
    void *p = MAP_FAILED;
    if (fd >= 0 && fstat(fd, &st) == 0 && (uint64_t)st.st_size >= h->size)
        p = mmap(NULL, h->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (fd >= 0) close(fd);
    if (p == MAP_FAILED) {
        fprintf(stderr, "cu2amd host runtime: hipIpcOpenMemHandle: cannot map the memory of process %d (%s): "
                        "has it exited or freed it?\n",
                (int)h->pid, path);
        return record(hipErrorInvalidValue);
    }
    if (cu2amd_hip_track_ipc(p, h->size, 0) != hipSuccess) {
        munmap(p, h->size);
        return hipErrorOutOfMemory;
    }
    *devPtr = p;
    return hipSuccess;
}

hipError_t hipIpcOpenMemHandle(void **devPtr, hipIpcMemHandle_t handle, unsigned int flags) {
    ipc_memory h;
    memcpy(&h, handle.reserved, sizeof h);
    if (!devPtr || flags != hipIpcMemLazyEnablePeerAccess || h.magic != IPC_MAGIC)
        return record(hipErrorInvalidValue);
    if (h.pid != (int32_t)getpid()) return open_elsewhere(devPtr, &h);
    void *base;
    size_t size;
    ipc_export *e = g_exports;
    while (e && e->serial != h.serial) e = e->next;
    if (!e || !cu2amd_hip_device_allocation((void *)(uintptr_t)h.base, &base, &size) ||
        base != (void *)(uintptr_t)h.base || size != h.size)
        return record(hipErrorInvalidValue); /* freed since */
    e->open++;
    *devPtr = base;
    return hipSuccess;
}

hipError_t hipIpcCloseMemHandle(void *devPtr) {
    if (devPtr && cu2amd_hip_untrack_ipc(devPtr)) return hipSuccess;
    ipc_export *e = g_exports;
    while (e && !(e->base == devPtr && e->open > 0)) e = e->next;
    if (!e) return record(hipErrorInvalidValue);
    e->open--;
    return hipSuccess;
}

/* ------------------------------------------------------------------ virtual memory management */

struct ihipMemGenericAllocationHandle {
    int magic;
    int fd;
    size_t size;
    int references; /* the handle's own (until hipMemRelease), retains and mappings */
    hipMemAllocationProp prop;
};
#define VMM_MAGIC 0x564d4d48

typedef struct vmm_range {
    char *ptr;
    size_t size;
    hipMemGenericAllocationHandle_t handle; /* NULL: a reservation */
    unsigned long long access;             /* hipMemAccessFlags of a mapping */
    struct vmm_range *next;
} vmm_range;
static vmm_range *g_reservations, *g_mappings;

static size_t page_size(void) { return (size_t)sysconf(_SC_PAGESIZE); }

static int valid_handle(hipMemGenericAllocationHandle_t h) { return h && h->magic == VMM_MAGIC && h->references > 0; }

static void unreference(hipMemGenericAllocationHandle_t h) {
    if (--h->references > 0) return;
    close(h->fd);
    h->magic = 0;
    free(h);
}

static int valid_prop(const hipMemAllocationProp *prop) {
    return prop && prop->type == hipMemAllocationTypePinned && prop->location.type == hipMemLocationTypeDevice;
}

/* The CPU's page is the minimum; 2 MiB (a huge page, a GPU's granularity) is recommended. */
hipError_t hipMemGetAllocationGranularity(size_t *granularity, const hipMemAllocationProp *prop,
                                          hipMemAllocationGranularity_flags option) {
    if (!granularity || !valid_prop(prop) || (unsigned)option > hipMemAllocationGranularityRecommended)
        return record(hipErrorInvalidValue);
    if (prop->location.id != 0) return record(hipErrorInvalidDevice);
    *granularity = option == hipMemAllocationGranularityRecommended ? (size_t)2 << 20 : page_size();
    return hipSuccess;
}

hipError_t hipMemCreate(hipMemGenericAllocationHandle_t *handle, size_t size, const hipMemAllocationProp *prop,
                        unsigned long long flags) {
    if (!handle || !valid_prop(prop) || flags != 0 || size == 0 || size % page_size() != 0)
        return record(hipErrorInvalidValue);
    if (prop->location.id != 0) return record(hipErrorInvalidDevice);
    if (prop->requestedHandleType & ~(unsigned)hipMemHandleTypePosixFileDescriptor) return record(hipErrorNotSupported);
    hipMemGenericAllocationHandle_t h = calloc(1, sizeof *h);
    if (!h) return record(hipErrorOutOfMemory);
    h->fd = memfd_create("cu2amd-device-memory", MFD_CLOEXEC);
    if (h->fd < 0 || ftruncate(h->fd, (off_t)size) != 0) {
        if (h->fd >= 0) close(h->fd);
        free(h);
        return record(hipErrorOutOfMemory);
    }
    *h = (struct ihipMemGenericAllocationHandle){VMM_MAGIC, h->fd, size, 1, *prop};
    *handle = h;
    return hipSuccess;
}

/* The memory goes when its last mapping does. */
hipError_t hipMemRelease(hipMemGenericAllocationHandle_t handle) {
    if (!valid_handle(handle)) return record(hipErrorInvalidValue);
    unreference(handle);
    return hipSuccess;
}

hipError_t hipMemGetAllocationPropertiesFromHandle(hipMemAllocationProp *prop, hipMemGenericAllocationHandle_t handle) {
    if (!prop || !valid_handle(handle)) return record(hipErrorInvalidValue);
    *prop = handle->prop;
    return hipSuccess;
}

/* An inaccessible range at an address that is a multiple of `alignment` (and at `addr` if
 * that is free: a hint, as CUDA's). */
hipError_t hipMemAddressReserve(void **ptr, size_t size, size_t alignment, void *addr, unsigned long long flags) {
    size_t page = page_size();
    if (!ptr || size == 0 || size % page || flags != 0 || (alignment & (alignment - 1))) return record(hipErrorInvalidValue);
    if (alignment < page) alignment = page;
    vmm_range *r = malloc(sizeof *r);
    if (!r) return record(hipErrorOutOfMemory);
    char *p = mmap(addr, size + alignment - page, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) {
        free(r);
        return record(hipErrorOutOfMemory);
    }
    char *start = (char *)(((uintptr_t)p + alignment - 1) & ~(uintptr_t)(alignment - 1));
    if (start > p) munmap(p, (size_t)(start - p));
    if (start + size < p + size + alignment - page) munmap(start + size, (size_t)(p + size + alignment - page - start - size));
    *r = (vmm_range){start, size, NULL, 0, g_reservations};
    g_reservations = r;
    *ptr = start;
    return hipSuccess;
}

static vmm_range **find_range(vmm_range **list, const char *p, size_t size, int exact) {
    for (vmm_range **r = list; *r; r = &(*r)->next)
        if (exact ? (*r)->ptr == p && (*r)->size == size : p >= (*r)->ptr && p + size <= (*r)->ptr + (*r)->size)
            return r;
    return NULL;
}

static int overlaps_mapping(const char *p, size_t size) {
    for (vmm_range *m = g_mappings; m; m = m->next)
        if (p < m->ptr + m->size && m->ptr < p + size) return 1;
    return 0;
}

/* CUDA's rule: a range's mappings are unmapped before it is freed. */
hipError_t hipMemAddressFree(void *devPtr, size_t size) {
    vmm_range **r = find_range(&g_reservations, devPtr, size, 1);
    if (!r || overlaps_mapping(devPtr, size)) return record(hipErrorInvalidValue);
    vmm_range *dead = *r;
    *r = dead->next;
    munmap(dead->ptr, dead->size);
    free(dead);
    return hipSuccess;
}

hipError_t hipMemMap(void *ptr, size_t size, size_t offset, hipMemGenericAllocationHandle_t handle,
                     unsigned long long flags) {
    size_t page = page_size();
    if (!valid_handle(handle) || flags != 0 || size == 0 || size % page || offset % page || (uintptr_t)ptr % page ||
        offset > handle->size || size > handle->size - offset)
        return record(hipErrorInvalidValue);
    if (!find_range(&g_reservations, ptr, size, 0) || overlaps_mapping(ptr, size)) return record(hipErrorInvalidValue);
    vmm_range *m = malloc(sizeof *m);
    if (!m) return record(hipErrorOutOfMemory);
    if (mmap(ptr, size, PROT_NONE, MAP_SHARED | MAP_FIXED, handle->fd, (off_t)offset) == MAP_FAILED) {
        free(m);
        return record(hipErrorOutOfMemory);
    }
    *m = (vmm_range){ptr, size, handle, hipMemAccessFlagsProtNone, g_mappings};
    g_mappings = m;
    handle->references++;
    return hipSuccess;
}

/* Whole mappings only (CUDA's rule). */
hipError_t hipMemUnmap(void *ptr, size_t size) {
    char *p = ptr, *end = p + size;
    if (!ptr || size == 0) return record(hipErrorInvalidValue);
    for (char *at = p; at < end;) { /* the range is exactly some mappings, end to end */
        vmm_range *m = g_mappings;
        while (m && m->ptr != at) m = m->next;
        if (!m || m->ptr + m->size > end) return record(hipErrorInvalidValue);
        at += m->size;
    }
    for (vmm_range **m = &g_mappings; *m;) {
        if ((*m)->ptr >= p && (*m)->ptr < end) {
            vmm_range *dead = *m;
            *m = dead->next;
            mmap(dead->ptr, dead->size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
            unreference(dead->handle);
            free(dead);
        } else {
            m = &(*m)->next;
        }
    }
    return hipSuccess;
}

/* Device 0's access is the pages' protection; the range must be mapped. */
hipError_t hipMemSetAccess(void *ptr, size_t size, const hipMemAccessDesc *desc, size_t count) {
    char *p = ptr, *end = p + size;
    if (!ptr || size == 0 || !desc || count == 0) return record(hipErrorInvalidValue);
    for (size_t i = 0; i < count; i++) {
        if (desc[i].location.type != hipMemLocationTypeDevice) return record(hipErrorInvalidValue);
        if (desc[i].location.id != 0) return record(hipErrorInvalidDevice);
        if (desc[i].flags != hipMemAccessFlagsProtNone && desc[i].flags != hipMemAccessFlagsProtRead &&
            desc[i].flags != hipMemAccessFlagsProtReadWrite)
            return record(hipErrorInvalidValue);
    }
    size_t covered = 0;
    for (vmm_range *m = g_mappings; m; m = m->next)
        if (m->ptr >= p && m->ptr + m->size <= end) covered += m->size;
        else if (m->ptr < end && p < m->ptr + m->size) return record(hipErrorInvalidValue); /* part of one */
    if (covered != size) return record(hipErrorInvalidValue);
    hipMemAccessFlags flags = desc[count - 1].flags;
    int prot = flags == hipMemAccessFlagsProtReadWrite ? PROT_READ | PROT_WRITE
               : flags == hipMemAccessFlagsProtRead    ? PROT_READ
                                                       : PROT_NONE;
    if (mprotect(ptr, size, prot) != 0) return record(hipErrorInvalidValue);
    for (vmm_range *m = g_mappings; m; m = m->next)
        if (m->ptr >= p && m->ptr + m->size <= end) m->access = flags;
    return hipSuccess;
}

hipError_t hipMemGetAccess(unsigned long long *flags, const hipMemLocation *location, void *ptr) {
    if (!flags || !location || location->type != hipMemLocationTypeDevice) return record(hipErrorInvalidValue);
    if (location->id != 0) return record(hipErrorInvalidDevice);
    vmm_range **m = find_range(&g_mappings, ptr, 1, 0);
    if (!m) return record(hipErrorInvalidValue);
    *flags = (*m)->access;
    return hipSuccess;
}

hipError_t hipMemRetainAllocationHandle(hipMemGenericAllocationHandle_t *handle, void *addr) {
    if (!handle) return record(hipErrorInvalidValue);
    vmm_range **m = find_range(&g_mappings, addr, 1, 0);
    if (!m) return record(hipErrorInvalidValue);
    (*m)->handle->references++;
    *handle = (*m)->handle;
    return hipSuccess;
}

/* A POSIX file descriptor (an int written to *shareableHandle) of the allocation's memory,
 * which another process (given it over a Unix socket, or by /proc/<pid>/fd) imports. */
hipError_t hipMemExportToShareableHandle(void *shareableHandle, hipMemGenericAllocationHandle_t handle,
                                         hipMemAllocationHandleType handleType, unsigned long long flags) {
    if (!shareableHandle || !valid_handle(handle) || flags != 0) return record(hipErrorInvalidValue);
    if (handleType != hipMemHandleTypePosixFileDescriptor ||
        !(handle->prop.requestedHandleType & hipMemHandleTypePosixFileDescriptor))
        return record(hipErrorNotSupported);
    int fd = dup(handle->fd);
    if (fd < 0) return record(hipErrorOutOfMemory);
    *(int *)shareableHandle = fd;
    return hipSuccess;
}

hipError_t hipMemImportFromShareableHandle(hipMemGenericAllocationHandle_t *handle, void *osHandle,
                                           hipMemAllocationHandleType shHandleType) {
    if (!handle) return record(hipErrorInvalidValue);
    if (shHandleType != hipMemHandleTypePosixFileDescriptor) return record(hipErrorNotSupported);
    struct stat st;
    int fd = (int)(intptr_t)osHandle;
    if (fstat(fd, &st) != 0 || st.st_size <= 0) return record(hipErrorInvalidValue);
    hipMemGenericAllocationHandle_t h = calloc(1, sizeof *h);
    if (!h) return record(hipErrorOutOfMemory);
    h->fd = dup(fd);
    if (h->fd < 0) {
        free(h);
        return record(hipErrorInvalidValue);
    }
    hipMemAllocationProp prop = {0, {hipMemLocationTypeDevice, 0}, hipMemHandleTypePosixFileDescriptor,
                                 hipMemAllocationTypePinned, 0, NULL};
    *h = (struct ihipMemGenericAllocationHandle){VMM_MAGIC, h->fd, (size_t)st.st_size, 1, prop};
    *handle = h;
    return hipSuccess;
}
