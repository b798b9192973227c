/* The host platform's streams and events, for the HIP C ABI. Work runs at once, in
 * program order, on the calling thread, so every stream is always idle: a query finds its
 * work done, a wait is already satisfied, and a callback runs when it is added (after all
 * the work before it, as CUDA orders it). Events keep the time they were recorded. */
#define _GNU_SOURCE
#include "hip_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define record cu2amd_hip_record

struct ihipStream_t {
    int magic;
    unsigned flags;
    int priority;
};
struct ihipEvent_t {
    int magic;
    unsigned flags;
    int recorded;
    struct timespec when;
};
#define STREAM_MAGIC 0x5354524d
#define EVENT_MAGIC 0x4556544e

/* ------------------------------------------------------------------ streams */

/* Handles below this are special values (CUDA's legacy and per-thread streams are 1 and
 * 2), never an object to look into. */
#define FIRST_OBJECT ((uintptr_t)4096)

static int created_stream(hipStream_t s) { return (uintptr_t)s >= FIRST_OBJECT && s->magic == STREAM_MAGIC; }

int cu2amd_hip_valid_stream(hipStream_t s) {
    return s == NULL || s == CU2AMD_STREAM_PER_THREAD || created_stream(s);
}

/* Priorities: the device has none (hipDeviceGetStreamPriorityRange says 0..0), so any
 * value is clamped to 0, as CUDA clamps to the range. */
hipError_t hipStreamCreateWithPriority(hipStream_t *stream, unsigned int flags, int priority) {
    (void)priority;
    if (!stream || (flags & ~(unsigned)hipStreamNonBlocking)) return record(hipErrorInvalidValue);
    *stream = calloc(1, sizeof **stream);
    if (!*stream) return record(hipErrorOutOfMemory);
    (*stream)->magic = STREAM_MAGIC;
    (*stream)->flags = flags;
    return hipSuccess;
}

hipError_t hipStreamCreateWithFlags(hipStream_t *stream, unsigned int flags) {
    return hipStreamCreateWithPriority(stream, flags, 0);
}

hipError_t hipStreamCreate(hipStream_t *stream) { return hipStreamCreateWithPriority(stream, hipStreamDefault, 0); }

hipError_t hipStreamSynchronize(hipStream_t stream) {
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_unsupported(stream);
    return cu2amd_hip_valid_stream(stream) ? hipSuccess : record(hipErrorInvalidResourceHandle);
}

hipError_t hipStreamQuery(hipStream_t stream) {
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_unsupported(stream);
    return cu2amd_hip_valid_stream(stream) ? hipSuccess : record(hipErrorInvalidResourceHandle);
}

hipError_t hipStreamDestroy(hipStream_t stream) {
    if (!created_stream(stream)) return record(hipErrorInvalidResourceHandle);
    stream->magic = 0;
    free(stream);
    return hipSuccess;
}

hipError_t hipStreamGetFlags(hipStream_t stream, unsigned int *flags) {
    if (!flags) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    *flags = created_stream(stream) ? stream->flags : hipStreamDefault;
    return hipSuccess;
}

hipError_t hipStreamGetPriority(hipStream_t stream, int *priority) {
    if (!priority) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    *priority = created_stream(stream) ? stream->priority : 0;
    return hipSuccess;
}

/* hipStreamIsCapturing and the other capture functions: hip_graph.c. */

static int valid_event(hipEvent_t e) { return (uintptr_t)e >= FIRST_OBJECT && e->magic == EVENT_MAGIC; }

hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags) {
    if (flags != 0) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream) || !valid_event(event)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream) || cu2amd_graph_event_captured(event))
        return cu2amd_graph_capture_wait_event(stream, event);
    return hipSuccess;
}

hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void *userData,
                                unsigned int flags) {
    if (!callback || flags != 0) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_unsupported(stream);
    callback(stream, hipSuccess, userData);
    return hipSuccess;
}

/* ------------------------------------------------------------------ events */

hipError_t hipEventCreateWithFlags(hipEvent_t *event, unsigned flags) {
    if (!event || (flags & ~(unsigned)(hipEventBlockingSync | hipEventDisableTiming | hipEventInterprocess)))
        return record(hipErrorInvalidValue);
    /* CUDA's rule: an interprocess event cannot keep time. */
    if ((flags & hipEventInterprocess) && !(flags & hipEventDisableTiming)) return record(hipErrorInvalidValue);
    *event = calloc(1, sizeof **event);
    if (!*event) return record(hipErrorOutOfMemory);
    (*event)->magic = EVENT_MAGIC;
    (*event)->flags = flags;
    return hipSuccess;
}

hipError_t hipEventCreate(hipEvent_t *event) { return hipEventCreateWithFlags(event, hipEventDefault); }

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
    if (!valid_event(event) || !cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_event_record(event, stream);
    clock_gettime(CLOCK_MONOTONIC, &event->when);
    event->recorded = 1;
    return hipSuccess;
}

/* The work before a recorded event is done when it is recorded; an event never recorded
 * is complete too (CUDA's answer). */
hipError_t hipEventQuery(hipEvent_t event) {
    return valid_event(event) ? hipSuccess : record(hipErrorInvalidResourceHandle);
}

hipError_t hipEventSynchronize(hipEvent_t event) {
    return valid_event(event) ? hipSuccess : record(hipErrorInvalidResourceHandle);
}

/* CUDA's rules: both events recorded, and both keeping time. */
hipError_t hipEventElapsedTime(float *ms, hipEvent_t start, hipEvent_t stop) {
    if (!ms) return record(hipErrorInvalidValue);
    if (!valid_event(start) || !valid_event(stop)) return record(hipErrorInvalidResourceHandle);
    if ((start->flags | stop->flags) & hipEventDisableTiming) return record(hipErrorInvalidResourceHandle);
    if (!start->recorded || !stop->recorded) return record(hipErrorInvalidResourceHandle);
    double delta = (double)(stop->when.tv_sec - start->when.tv_sec) * 1e3 +
                   (double)(stop->when.tv_nsec - start->when.tv_nsec) / 1e6;
    *ms = (float)delta;
    return hipSuccess;
}

hipError_t hipEventDestroy(hipEvent_t event) {
    if (!valid_event(event)) return record(hipErrorInvalidResourceHandle);
    event->magic = 0;
    free(event);
    return hipSuccess;
}

/* ------------------------------------------------------------------ event IPC */

/* An interprocess event's handle names it; opening one (in any process) gives a new event
 * of the same flags: work on the host platform is done when it is recorded, so an event
 * of another process is always complete, as the opened event is. */
typedef struct ipc_event {
    uint32_t magic;
    uint32_t flags;
    int32_t pid;
    uint64_t event;
} ipc_event;
#define IPC_EVENT_MAGIC 0x45504963

hipError_t hipIpcGetEventHandle(hipIpcEventHandle_t *handle, hipEvent_t event) {
    if (!handle) return record(hipErrorInvalidValue);
    if (!valid_event(event) || !(event->flags & hipEventInterprocess)) return record(hipErrorInvalidResourceHandle);
    ipc_event h = {IPC_EVENT_MAGIC, event->flags, (int32_t)getpid(), (uint64_t)(uintptr_t)event};
    memset(handle, 0, sizeof *handle);
    memcpy(handle->reserved, &h, sizeof h);
    return hipSuccess;
}

hipError_t hipIpcOpenEventHandle(hipEvent_t *event, hipIpcEventHandle_t handle) {
    ipc_event h;
    memcpy(&h, handle.reserved, sizeof h);
    if (!event || h.magic != IPC_EVENT_MAGIC) return record(hipErrorInvalidValue);
    return hipEventCreateWithFlags(event, h.flags);
}

/* ------------------------------------------------------------------ stream memory operations */

/* Work runs at once, so a wait blocks the calling thread until its condition holds (another
 * thread must make it true). One that waits this long is reported on stderr and fails,
 * as a hang would otherwise be silent. */
#define WAIT_VALUE_SECONDS 10

/* HIP's conditions on the value's `width` bits (the mask applies to the value read, and for
 * NOR to `value` too). */
static int wait_done(uint64_t v, uint64_t value, unsigned flags, uint64_t mask, uint64_t width) {
    v &= mask;
    switch (flags) {
    case hipStreamWaitValueGte: return v >= value;
    case hipStreamWaitValueEq: return v == value;
    case hipStreamWaitValueAnd: return (v & value) != 0;
    default: return (~(v | (value & mask)) & width) != 0;
    }
}

static hipError_t wait_value(hipStream_t stream, void *ptr, uint64_t value, unsigned flags, uint64_t mask, int bits) {
    if (!ptr || flags > hipStreamWaitValueNor || ((uintptr_t)ptr & (bits / 8 - 1))) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_unsupported(stream);
    uint64_t width = bits == 64 ? ~(uint64_t)0 : 0xFFFFFFFFu;
    struct timespec start, now, pause = {0, 100000};
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        uint64_t v = bits == 64 ? __atomic_load_n((uint64_t *)ptr, __ATOMIC_ACQUIRE)
                                : __atomic_load_n((uint32_t *)ptr, __ATOMIC_ACQUIRE);
        if (wait_done(v, value & width, flags, mask & width, width)) return hipSuccess;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec - start.tv_sec >= WAIT_VALUE_SECONDS) {
            fprintf(stderr, "cu2amd host runtime: hipStreamWaitValue%d: the value at %p did not satisfy the wait in %d s "
                            "(streams run work at once on the host platform: another thread must write it)\n",
                    bits, ptr, WAIT_VALUE_SECONDS);
            return record(hipErrorNotReady);
        }
        nanosleep(&pause, NULL);
    }
}

hipError_t hipStreamWaitValue32(hipStream_t stream, void *ptr, uint32_t value, unsigned int flags, uint32_t mask) {
    return wait_value(stream, ptr, value, flags, mask, 32);
}

hipError_t hipStreamWaitValue64(hipStream_t stream, void *ptr, uint64_t value, unsigned int flags, uint64_t mask) {
    return wait_value(stream, ptr, value, flags, mask, 64);
}

hipError_t hipStreamWriteValue32(hipStream_t stream, void *ptr, uint32_t value, unsigned int flags) {
    if (!ptr || flags > 1 || ((uintptr_t)ptr & 3)) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_unsupported(stream);
    __atomic_store_n((uint32_t *)ptr, value, __ATOMIC_RELEASE);
    return hipSuccess;
}

hipError_t hipStreamWriteValue64(hipStream_t stream, void *ptr, uint64_t value, unsigned int flags) {
    if (!ptr || flags > 1 || ((uintptr_t)ptr & 7)) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_unsupported(stream);
    __atomic_store_n((uint64_t *)ptr, value, __ATOMIC_RELEASE);
    return hipSuccess;
}
