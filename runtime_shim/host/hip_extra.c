/* The host platform's memory pools (stream-ordered allocation) and memory IPC handles,
 * for the HIP C ABI.
 *
 * Pools: streams run work at once, so an allocation is made, and a free done, when it is
 * called. A pool keeps freed blocks for reuse by allocations of the same size while what it
 * holds stays within its release threshold (CUDA's attribute; default 0: nothing is kept),
 * and frees the rest at once; hipMemPoolTrimTo frees kept blocks down to a size. It counts
 * used and reserved bytes (current and high-water marks) as CUDA's attributes report them.
 * hip_memory.c tracks the blocks in use as device memory with their pool.
 *
 * IPC: a memory handle names a device allocation (its start, size and a serial number) in
 * the process that made it; device memory is this process's heap, so a handle opens only
 * in that process (another process gets hipErrorInvalidValue, said on stderr). */
#define _GNU_SOURCE
#include "hip_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define record cu2amd_hip_record

/* ------------------------------------------------------------------ memory pools */

typedef struct kept_block {
    void *ptr;
    size_t size;
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
};
#define POOL_MAGIC 0x504f4f4c

static struct ihipMemPoolHandle_t g_default_pool = {
    POOL_MAGIC, 0, {hipMemAllocationTypePinned, hipMemHandleTypeNone, {hipMemLocationTypeDevice, 0}, NULL, {0}},
    {1, 1, 1}, 0, 0, 0, 0, 0, NULL,
};
static hipMemPool_t g_current_pool = &g_default_pool;

static int valid_pool(hipMemPool_t pool) { return pool && pool->magic == POOL_MAGIC && !pool->destroyed; }

hipMemPool_t cu2amd_hip_current_pool(void) { return g_current_pool; }

static void trim(hipMemPool_t pool, uint64_t keep) {
    while (pool->kept && pool->reserved > keep) {
        kept_block *b = pool->kept;
        pool->kept = b->next;
        pool->reserved -= b->size;
        free(b->ptr);
        free(b);
    }
}

static void pool_free(hipMemPool_t pool) {
    trim(pool, 0);
    pool->magic = 0;
    free(pool);
}

void cu2amd_hip_pool_release(hipMemPool_t pool, void *ptr, size_t size) {
    pool->used -= size;
    kept_block *b = NULL;
    if (!pool->destroyed && pool->reserved <= pool->release_threshold && (b = malloc(sizeof *b))) {
        *b = (kept_block){ptr, size, pool->kept};
        pool->kept = b;
    } else {
        pool->reserved -= size;
        free(ptr);
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

/* CUDA's checks: pinned device memory of device 0; no shareable handles (POSIX file
 * descriptors need memory that can be mapped into another process: not the host's heap). */
hipError_t hipMemPoolCreate(hipMemPool_t *mem_pool, const hipMemPoolProps *pool_props) {
    if (!mem_pool || !pool_props || pool_props->allocType != hipMemAllocationTypePinned ||
        pool_props->location.type != hipMemLocationTypeDevice)
        return record(hipErrorInvalidValue);
    if (pool_props->location.id != 0) return record(hipErrorInvalidDevice);
    if (pool_props->handleTypes != hipMemHandleTypeNone) return record(hipErrorNotSupported);
    hipMemPool_t pool = calloc(1, sizeof *pool);
    if (!pool) return record(hipErrorOutOfMemory);
    *pool = g_default_pool;
    pool->props = *pool_props;
    pool->reuse[0] = pool->reuse[1] = pool->reuse[2] = 1;
    pool->release_threshold = pool->used = pool->used_high = pool->reserved = pool->reserved_high = 0;
    pool->kept = NULL;
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
    if (!dev_ptr || !valid_pool(mem_pool)) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    *dev_ptr = NULL;
    if (size == 0) return hipSuccess;
    void *p = NULL;
    for (kept_block **b = &mem_pool->kept; *b; b = &(*b)->next) {
        if ((*b)->size != size) continue;
        kept_block *hit = *b;
        *b = hit->next;
        p = hit->ptr;
        free(hit);
        break;
    }
    if (!p) {
        if (posix_memalign(&p, 256, size) != 0) return record(hipErrorOutOfMemory);
        mem_pool->reserved += size;
    }
    if (cu2amd_hip_track_pooled(p, size, mem_pool) != hipSuccess) {
        mem_pool->reserved -= size;
        free(p);
        return hipErrorOutOfMemory;
    }
    mem_pool->used += size;
    if (mem_pool->used > mem_pool->used_high) mem_pool->used_high = mem_pool->used;
    if (mem_pool->reserved > mem_pool->reserved_high) mem_pool->reserved_high = mem_pool->reserved;
    *dev_ptr = p;
    return hipSuccess;
}

/* ------------------------------------------------------------------ memory IPC */

typedef struct ipc_memory {
    uint32_t magic;
    int32_t pid;
    uint64_t base, size, serial;
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
    ipc_memory h = {IPC_MAGIC, (int32_t)getpid(), (uint64_t)(uintptr_t)base, size, e->serial};
    memset(handle, 0, sizeof *handle);
    memcpy(handle->reserved, &h, sizeof h);
    return hipSuccess;
}

hipError_t hipIpcOpenMemHandle(void **devPtr, hipIpcMemHandle_t handle, unsigned int flags) {
    ipc_memory h;
    memcpy(&h, handle.reserved, sizeof h);
    if (!devPtr || flags != hipIpcMemLazyEnablePeerAccess || h.magic != IPC_MAGIC)
        return record(hipErrorInvalidValue);
    if (h.pid != (int32_t)getpid()) {
        fprintf(stderr, "cu2amd host runtime: hipIpcOpenMemHandle: the handle is from process %d; the host "
                        "platform's device memory is each process's own, so its handles open only there\n",
                (int)h.pid);
        return record(hipErrorInvalidValue);
    }
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
    ipc_export *e = g_exports;
    while (e && !(e->base == devPtr && e->open > 0)) e = e->next;
    if (!e) return record(hipErrorInvalidValue);
    e->open--;
    return hipSuccess;
}
