/* Stream attributes and ids, for cuda_runtime_api.h (cudaStreamGetAttribute ...) and cuda.h
 * (cuStreamGetAttribute ...) alike, in C or C++: ROCm 5.2 has no stream attributes, so
 * cu2amd keeps them, per stream handle, in one table for the whole program (a weak function:
 * every file that includes this defines it, the linker keeps one). The access policy window
 * and synchronization policy are hints without effect on AMD GPUs (no persisting L2 lines)
 * and on the host platform (work runs on the calling thread): they are checked, kept and
 * reported back. The priority is the stream's own (HIP's), fixed when it is created. A
 * stream's id is a number given when first asked, unique in the process; destroying a
 * stream (or a context, which the driver API numbers here too) forgets it. Needs
 * hipStreamGetFlags, hipStreamGetPriority and hipGetDevice declared. Returns CUDA's error
 * numbers (the runtime's and the driver's are the same for these). */
#ifndef CU2AMD_STREAM_ATTRIBUTES_H
#define CU2AMD_STREAM_ATTRIBUTES_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct __cu2amd_stream_attrs {
    struct ihipStream_t *stream;
    unsigned long long id;
    unsigned char window[32]; /* cudaAccessPolicyWindow / CUaccessPolicyWindow: 32 bytes */
    int sync_policy;
    int attached; /* a context's cuCtxAttach count (the driver API's deprecated usage count) */
} __cu2amd_stream_attrs;

/* The entry of `stream` (made if `make`), or NULL; with the table's lock held until
 * __cu2amd_stream_slot(NULL, 0) releases it. */
__attribute__((weak)) __cu2amd_stream_attrs *__cu2amd_stream_slot(struct ihipStream_t *stream, int make) {
    static __cu2amd_stream_attrs *table;
    static unsigned long n, capacity;
    static unsigned long long next_id = 1;
    static int lock;
    unsigned long i;
    if (!stream && !make) {
        __atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
        return NULL;
    }
    while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE)) {
    }
    for (i = 0; i < n; i++)
        if (table[i].stream == stream) return &table[i];
    if (!make) return NULL;
    if (n == capacity) {
        unsigned long grown = capacity ? 2 * capacity : 16;
        __cu2amd_stream_attrs *bigger =
            (__cu2amd_stream_attrs *)__builtin_realloc(table, grown * sizeof(__cu2amd_stream_attrs));
        if (!bigger) return NULL;
        table = bigger, capacity = grown;
    }
    __builtin_memset(&table[n], 0, sizeof table[n]);
    table[n].stream = stream;
    table[n].id = next_id++;
    table[n].sync_policy = 1; /* cudaSyncPolicyAuto */
    return &table[n++];
}

/* A destroyed stream's or context's entry: a later one at the same address starts afresh. */
static __inline__ void __cu2amd_stream_forget(struct ihipStream_t *stream) {
    __cu2amd_stream_attrs *slot = __cu2amd_stream_slot(stream, 0);
    if (slot) slot->stream = (struct ihipStream_t *)~(__UINTPTR_TYPE__)0;
    __cu2amd_stream_slot(NULL, 0);
}

/* cudaStreamAttrID / CUstreamAttrID values */
#define __CU2AMD_ATTR_WINDOW 1
#define __CU2AMD_ATTR_SYNC_POLICY 3
#define __CU2AMD_ATTR_PRIORITY 8

static __inline__ int __cu2amd_stream_check(struct ihipStream_t *stream) {
    unsigned int flags;
    return hipStreamGetFlags(stream, &flags);
}

/* Reads (set 0) or writes (set 1) one attribute through `value`, a cudaStreamAttrValue. */
static __inline__ int __cu2amd_stream_attribute(struct ihipStream_t *stream, int attr, void *value, int set) {
    int err = __cu2amd_stream_check(stream), priority = 0;
    if (err) return err;
    if (!value) return 1; /* invalid value */
    if (attr == __CU2AMD_ATTR_PRIORITY) {
        err = hipStreamGetPriority(stream, &priority);
        if (err || !set) {
            if (!err) *(int *)value = priority;
            return err;
        }
        /* A stream keeps the priority it was made with; asking for it again is fine. */
        int least = 0, greatest = 0, wanted = *(int *)value;
        hipDeviceGetStreamPriorityRange(&least, &greatest);
        wanted = wanted > least ? least : wanted < greatest ? greatest : wanted;
        return wanted == priority ? 0 : 801; /* not supported */
    }
    if (attr != __CU2AMD_ATTR_WINDOW && attr != __CU2AMD_ATTR_SYNC_POLICY) return 1;
    if (set && attr == __CU2AMD_ATTR_WINDOW) {
        const unsigned char *w = (const unsigned char *)value;
        float hit_ratio;
        int hit, miss;
        __builtin_memcpy(&hit_ratio, w + 16, 4), __builtin_memcpy(&hit, w + 20, 4), __builtin_memcpy(&miss, w + 24, 4);
        if (!(hit_ratio >= 0.0f && hit_ratio <= 1.0f) || hit < 0 || hit > 2 || miss < 0 || miss > 2) return 1;
    }
    if (set && attr == __CU2AMD_ATTR_SYNC_POLICY && (*(int *)value < 1 || *(int *)value > 4)) return 1;
    __cu2amd_stream_attrs *slot = __cu2amd_stream_slot(stream, set);
    if (set && !slot) err = 2; /* out of memory */
    else if (attr == __CU2AMD_ATTR_WINDOW && set) __builtin_memcpy(slot->window, value, sizeof slot->window);
    else if (attr == __CU2AMD_ATTR_WINDOW) {
        if (slot) __builtin_memcpy(value, slot->window, sizeof slot->window);
        else __builtin_memset(value, 0, sizeof slot->window);
    } else if (set) slot->sync_policy = *(int *)value;
    else *(int *)value = slot ? slot->sync_policy : 1;
    __cu2amd_stream_slot(NULL, 0);
    return err;
}

/* The hints of `src` (window, synchronization policy) become those of `dst`. */
static __inline__ int __cu2amd_stream_copy_attributes(struct ihipStream_t *dst, struct ihipStream_t *src) {
    int err = __cu2amd_stream_check(dst);
    if (!err) err = __cu2amd_stream_check(src);
    if (err) return err;
    __cu2amd_stream_attrs from;
    __cu2amd_stream_attrs *slot = __cu2amd_stream_slot(src, 0);
    __builtin_memset(&from, 0, sizeof from);
    from.sync_policy = 1;
    if (slot) from = *slot;
    __cu2amd_stream_slot(NULL, 0);
    slot = __cu2amd_stream_slot(dst, 1);
    if (slot) __builtin_memcpy(slot->window, from.window, sizeof from.window), slot->sync_policy = from.sync_policy;
    __cu2amd_stream_slot(NULL, 0);
    return slot ? 0 : 2;
}

static __inline__ int __cu2amd_stream_id(struct ihipStream_t *stream, unsigned long long *id) {
    int err = __cu2amd_stream_check(stream);
    if (err) return err;
    if (!id) return 1;
    __cu2amd_stream_attrs *slot = __cu2amd_stream_slot(stream, 1);
    if (slot) *id = slot->id;
    __cu2amd_stream_slot(NULL, 0);
    return slot ? 0 : 2;
}

/* A stream's device is the current one (HIP 5.2 cannot say which device a stream was made
 * on: right for one device, or for streams used on the device they were made on). */
static __inline__ int __cu2amd_stream_device(struct ihipStream_t *stream, int *device) {
    int err = __cu2amd_stream_check(stream);
    if (err) return err;
    return device ? hipGetDevice(device) : 1;
}

#ifdef __cplusplus
}
#endif

#endif
