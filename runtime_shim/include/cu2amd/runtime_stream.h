/* CUDA runtime API: streams and events. Part of cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_STREAM_H
#define CU2AMD_RUNTIME_STREAM_H

/* ------------------------------------------------------------------ streams */

CU2AMD_API cudaError_t cudaStreamCreate(cudaStream_t *stream) { return CU2AMD_ERR(hipStreamCreate(stream)); }
CU2AMD_API cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags) {
    return CU2AMD_ERR(hipStreamCreateWithFlags(stream, flags));
}
CU2AMD_API cudaError_t cudaStreamCreateWithPriority(cudaStream_t *stream, unsigned int flags, int priority) {
    return CU2AMD_ERR(hipStreamCreateWithPriority(stream, flags, priority));
}
CU2AMD_API cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
    return CU2AMD_ERR(hipStreamSynchronize(__cu2amd_stream(stream)));
}
CU2AMD_API cudaError_t cudaStreamQuery(cudaStream_t stream) { return CU2AMD_ERR(hipStreamQuery(__cu2amd_stream(stream))); }
#include "cu2amd/stream_attributes.h" /* a destroyed stream's attributes and id are forgotten */
CU2AMD_API cudaError_t cudaStreamDestroy(cudaStream_t stream) {
    cudaError_t err = CU2AMD_ERR(hipStreamDestroy(stream));
    if (err == cudaSuccess) __cu2amd_stream_forget(stream);
    return err;
}
CU2AMD_API cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int flags = 0) {
    return CU2AMD_ERR(hipStreamWaitEvent(__cu2amd_stream(stream), event, flags));
}
CU2AMD_API cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int *flags) {
    return CU2AMD_ERR(hipStreamGetFlags(__cu2amd_stream(stream), flags));
}
CU2AMD_API cudaError_t cudaStreamGetPriority(cudaStream_t stream, int *priority) {
    return CU2AMD_ERR(hipStreamGetPriority(__cu2amd_stream(stream), priority));
}
/* Stream capture (CUDA graphs) is not provided, so no stream is ever capturing. */
CU2AMD_API cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus *pCaptureStatus) {
    return CU2AMD_ERR(hipStreamIsCapturing(__cu2amd_stream(stream), (int *)pCaptureStatus));
}
/* CUDA's callback type has HIP's ABI (the status is an int-sized enum of the same values). */
CU2AMD_API cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback, void *userData,
                                             unsigned int flags) {
    return CU2AMD_ERR(hipStreamAddCallback(__cu2amd_stream(stream), (void (*)(cudaStream_t, int, void *))callback,
                                           userData, flags));
}

/* cudaLaunchHostFunc: a stream callback that calls fn(userData) (libamdhip64 5.2 has no
 * hipLaunchHostFunc); the pair is freed by the callback, which runs once. */
struct __cu2amd_host_fn {
    cudaHostFn_t fn;
    void *userData;
};
CU2AMD_API void __cu2amd_host_fn_trampoline(cudaStream_t, int, void *data) {
    __cu2amd_host_fn call = *(__cu2amd_host_fn *)data;
    __builtin_free(data);
    call.fn(call.userData);
}
CU2AMD_API int __cu2amd_capture_host_fn(cudaStream_t, cudaHostFn_t, void *, cudaError_t *); /* runtime_graph.h */
CU2AMD_API cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
    if (!fn) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t captured;
    if (__cu2amd_capture_host_fn(stream, fn, userData, &captured)) return captured;
    __cu2amd_host_fn *call = (__cu2amd_host_fn *)__builtin_malloc(sizeof(__cu2amd_host_fn));
    if (!call) return __cu2amd_fail(cudaErrorMemoryAllocation);
    call->fn = fn;
    call->userData = userData;
    cudaError_t err =
        CU2AMD_ERR(hipStreamAddCallback(__cu2amd_stream(stream), __cu2amd_host_fn_trampoline, call, 0));
    if (err != cudaSuccess) __builtin_free(call);
    return err;
}

/* ------------------------------------------------------------------ events */

CU2AMD_API cudaError_t cudaEventCreate(cudaEvent_t *event) { return CU2AMD_ERR(hipEventCreate(event)); }
CU2AMD_API cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags) {
    return CU2AMD_ERR(hipEventCreateWithFlags(event, flags));
}
CU2AMD_API cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) {
    return CU2AMD_ERR(hipEventCreateWithFlags(event, flags));
}
CU2AMD_API cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0) {
    return CU2AMD_ERR(hipEventRecord(event, __cu2amd_stream(stream)));
}
/* cudaEventRecordExternal: an event record node on a capturing stream (runtime_graph.h), a
 * plain record otherwise. */
CU2AMD_API int __cu2amd_capture_event_record(cudaEvent_t, cudaStream_t, cudaError_t *);
CU2AMD_API cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream = 0, unsigned int flags = 0) {
    if (flags != cudaEventRecordDefault && flags != cudaEventRecordExternal) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t captured;
    if (flags == cudaEventRecordExternal && __cu2amd_capture_event_record(event, stream, &captured)) return captured;
    return cudaEventRecord(event, stream);
}
CU2AMD_API cudaError_t cudaEventQuery(cudaEvent_t event) { return CU2AMD_ERR(hipEventQuery(event)); }
CU2AMD_API cudaError_t cudaEventSynchronize(cudaEvent_t event) { return CU2AMD_ERR(hipEventSynchronize(event)); }
CU2AMD_API cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t stop) {
    return CU2AMD_ERR(hipEventElapsedTime(ms, start, stop));
}
CU2AMD_API cudaError_t cudaEventDestroy(cudaEvent_t event) { return CU2AMD_ERR(hipEventDestroy(event)); }

#endif
