/* The host platform's streams and events, for the HIP C ABI. Work runs at once, in
 * program order, on the calling thread, so every stream is always idle: a query finds its
 * work done, a wait is already satisfied, and a callback runs when it is added (after all
 * the work before it, as CUDA orders it). Events keep the time they were recorded. */
#define _GNU_SOURCE
#include "hip_internal.h"

#include <stdlib.h>
#include <time.h>

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
    return cu2amd_hip_valid_stream(stream) ? hipSuccess : record(hipErrorInvalidResourceHandle);
}

hipError_t hipStreamQuery(hipStream_t stream) {
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

/* Capture (graphs) is not provided: no stream ever captures. */
hipError_t hipStreamIsCapturing(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus) {
    if (!pCaptureStatus) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
    *pCaptureStatus = hipStreamCaptureStatusNone;
    return hipSuccess;
}

static int valid_event(hipEvent_t e) { return (uintptr_t)e >= FIRST_OBJECT && e->magic == EVENT_MAGIC; }

hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags) {
    if (flags != 0) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream) || !valid_event(event)) return record(hipErrorInvalidResourceHandle);
    return hipSuccess;
}

hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void *userData,
                                unsigned int flags) {
    if (!callback || flags != 0) return record(hipErrorInvalidValue);
    if (!cu2amd_hip_valid_stream(stream)) return record(hipErrorInvalidResourceHandle);
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
