/* External semaphore graph nodes as both APIs see them (cuda_runtime_api.h's
 * runtime_graph_extsem.h and cuda.h's driver_interop.h), in C or C++: a host node whose
 * callback signals or waits the semaphores through HIP's ABI, with the parameters copied when
 * the node was added or set. One callback for the program (a weak function: every file that
 * includes this defines it, the linker keeps one), so a node made by either API is one to both.
 * A record never changes: clones and instantiations of a graph share it, and setting parameters
 * makes a new one (the old one stays: a copy of the graph may still run it). Only the host
 * platform runs them: there the callback touches only cu2amd's semaphore records (an eventfd, or
 * a timeline's 64-bit word in a shared file); on AMD GPUs it would be a HIP call from a host
 * node's callback, which HIP forbids, so both APIs refuse the nodes there. Needs HIP's graph and
 * interop ABI (runtime_hip_graph.h, runtime_hip_interop.h). */
#ifndef CU2AMD_EXTSEM_NODES_H
#define CU2AMD_EXTSEM_NODES_H
#include <stdlib.h>
#include <string.h>
#include "cu2amd/runtime_hip_graph.h"
#include "cu2amd/runtime_hip_interop.h"
#ifdef __cplusplus
extern "C" {
#endif
struct __cu2amd_extsem_record {
    unsigned int n;
    int signal;       /* a signal node (1) or a wait node (0) */
    void **sems;      /* the semaphores (HIP's handles) */
    void *params;     /* CUDA's parameters (either API's: one layout), as given */
    void *hip_params; /* the same as HIP's __cu2amd_hip_external_semaphore_signal/wait_params */
    /* HIP's functions, set by whoever makes the record: the callback below, defined in every
     * file including this, must not name HIP itself (a file that makes no node links no HIP) */
    __typeof__(&hipSignalExternalSemaphoresAsync) signal_fn;
    __typeof__(&hipWaitExternalSemaphoresAsync) wait_fn;
};
__attribute__((weak)) void __cu2amd_extsem_run(void *record) {
    struct __cu2amd_extsem_record *r = (struct __cu2amd_extsem_record *)record;
    if (r->signal)
        r->signal_fn(r->sems, (const __cu2amd_hip_external_semaphore_signal_params *)r->hip_params, r->n, 0);
    else
        r->wait_fn(r->sems, (const __cu2amd_hip_external_semaphore_wait_params *)r->hip_params, r->n, 0);
}
#ifdef __cplusplus
}
#endif
/* The record of a semaphore node, NULL for other nodes. */
CU2AMD_API struct __cu2amd_extsem_record *__cu2amd_extsem_of(cudaGraphNode_t node) {
    int type = 0;
    cudaHostNodeParams host;
    if (!node || hipGraphNodeGetType(node, &type) != 0 || type != 4 /* hipGraphNodeTypeHost */ ||
        hipGraphHostNodeGetParams(node, &host) != 0 || host.fn != __cu2amd_extsem_run)
        return (struct __cu2amd_extsem_record *)0;
    return (struct __cu2amd_extsem_record *)host.userData;
}
CU2AMD_API void __cu2amd_extsem_drop(struct __cu2amd_extsem_record *r) {
    if (!r) return;
    free(r->sems), free(r->params), free(r->hip_params), free(r);
}
/* HIP's parameters made from CUDA's (either API's: one layout; `each` bytes apiece: the signal or
 * wait structure): a calloc'd array of n (at least one) HIP structures, NULL when out of memory. */
CU2AMD_API void *__cu2amd_extsem_hip_params(const void *params, size_t each, unsigned int n, int signal) {
    size_t hip_each = signal ? sizeof(__cu2amd_hip_external_semaphore_signal_params)
                             : sizeof(__cu2amd_hip_external_semaphore_wait_params);
    void *hip_params = calloc(n ? n : 1, hip_each);
    for (unsigned int i = 0; hip_params && i < n; i++) {
        /* CUDA's layout: fence value (8 bytes), NvSciSync (8), keyed mutex key (8), a wait's timeout (4) ... */
        const char *p = (const char *)params + i * each;
        unsigned long long value, key;
        unsigned int timeout, flags;
        memcpy(&value, p, 8), memcpy(&key, p + 16, 8), memcpy(&timeout, p + 24, 4), memcpy(&flags, p + 72, 4);
        if (signal) {
            __cu2amd_hip_external_semaphore_signal_params *h =
                (__cu2amd_hip_external_semaphore_signal_params *)hip_params + i;
            h->params.fence.value = value, h->params.keyedMutex.key = key, h->flags = flags;
        } else {
            __cu2amd_hip_external_semaphore_wait_params *h = (__cu2amd_hip_external_semaphore_wait_params *)hip_params + i;
            h->params.fence.value = value, h->params.keyedMutex.key = key, h->params.keyedMutex.timeoutMs = timeout;
            h->flags = flags;
        }
    }
    return hip_params;
}
/* A record of n semaphores and CUDA's parameters (`each` bytes apiece: the signal or wait
 * structure), HIP's made from them; NULL when out of memory. */
CU2AMD_API struct __cu2amd_extsem_record *__cu2amd_extsem_make(void *const *sems, const void *params, size_t each,
                                                               unsigned int n, int signal) {
    struct __cu2amd_extsem_record *r = (struct __cu2amd_extsem_record *)calloc(1, sizeof *r);
    if (!r) return r;
    r->n = n, r->signal = signal;
    r->signal_fn = hipSignalExternalSemaphoresAsync, r->wait_fn = hipWaitExternalSemaphoresAsync;
    r->sems = (void **)malloc(n * sizeof(void *));
    r->params = malloc(n * each);
    r->hip_params = __cu2amd_extsem_hip_params(params, each, n, signal);
    if (!r->sems || !r->params || !r->hip_params) {
        __cu2amd_extsem_drop(r);
        return (struct __cu2amd_extsem_record *)0;
    }
    memcpy(r->sems, sems, n * sizeof(void *));
    memcpy(r->params, params, n * each);
    return r;
}
#endif
