/* The CUDA runtime API: external semaphore signal and wait graph nodes. Part of
 * cuda_runtime_api.h (included by runtime_interop.h, after the semaphore functions).
 *
 * HIP 5.2 has no such node. As graph memory nodes are, each is a host node whose callback
 * signals or waits the semaphores, in graph order, with the parameters copied when the node
 * was added or set (cu2amd/extsem_nodes.h, shared with cuda.h). On the host platform the
 * callback calls the host runtime's hipSignal/WaitExternalSemaphoresAsync, which touch only
 * cu2amd's semaphore (an eventfd, or a timeline's 64-bit word in a shared file) and run in the
 * launching thread. On AMD GPUs
 * signalling or waiting a semaphore HIP imported is a HIP call, which a host node's callback
 * may not make (HIP's rule: it can deadlock HIP's callback thread): the nodes are
 * cudaErrorNotSupported there. On the host platform cudaSignal/WaitExternalSemaphoresAsync on a
 * capturing stream add such nodes to the captured graph, as CUDA's do. */
#ifndef CU2AMD_RUNTIME_GRAPH_EXTSEM_H
#define CU2AMD_RUNTIME_GRAPH_EXTSEM_H

#include "cu2amd/extsem_nodes.h"
/* extsem_nodes.h reads CUDA's parameters by offset */
static_assert(__builtin_offsetof(struct cudaExternalSemaphoreWaitParams, params.keyedMutex.timeoutMs) == 24 &&
                  __builtin_offsetof(struct cudaExternalSemaphoreWaitParams, flags) == 72 &&
                  __builtin_offsetof(struct cudaExternalSemaphoreSignalParams, params.keyedMutex.key) == 16 &&
                  __builtin_offsetof(struct cudaExternalSemaphoreSignalParams, flags) == 72,
              "CUDA's semaphore parameter layout");

CU2AMD_API void *__cu2amd_graph_extsem_node(cudaGraphNode_t node, int *is_signal) {
    struct __cu2amd_extsem_record *r = __cu2amd_extsem_of(node);
    if (r && is_signal) *is_signal = r->signal;
    return r;
}

/* Whether the nodes can work: only on the host platform (see above); -1 without a device. */
CU2AMD_API int __cu2amd_extsem_on_host(void) {
    static int known = -1; /* 1: the host platform */
    if (known < 0) {
        __cu2amd_hip_device_prop hip;
        int device = 0;
        if (hipGetDevice(&device) != 0 || hipGetDeviceProperties(&hip, device) != 0) return -1;
        hip.gcnArchName[sizeof hip.gcnArchName - 1] = 0;
        known = __builtin_strcmp(hip.gcnArchName, "host") == 0;
    }
    return known;
}
CU2AMD_API cudaError_t __cu2amd_extsem_nodes_available(void) {
    int host = __cu2amd_extsem_on_host();
    return host > 0 ? cudaSuccess : __cu2amd_fail(host < 0 ? cudaErrorNoDevice : cudaErrorNotSupported);
}

/* A record of the parameters (one of signal/wait is NULL); NULL with *err set when invalid. */
CU2AMD_API __cu2amd_extsem_record *__cu2amd_extsem_new(cudaExternalSemaphore_t *sems,
                                                       const struct cudaExternalSemaphoreSignalParams *signal,
                                                       const struct cudaExternalSemaphoreWaitParams *wait,
                                                       unsigned int n, cudaError_t *err) {
    *err = __cu2amd_extsem_nodes_available();
    if (*err != cudaSuccess) return (__cu2amd_extsem_record *)0;
    int bad = n == 0 || !sems || (!signal && !wait);
    for (unsigned int i = 0; !bad && i < n; i++) bad = !sems[i];
    if (bad) {
        *err = __cu2amd_fail(cudaErrorInvalidValue);
        return (__cu2amd_extsem_record *)0;
    }
    __cu2amd_extsem_record *r =
        signal ? __cu2amd_extsem_make((void *const *)sems, signal, sizeof *signal, n, 1)
               : __cu2amd_extsem_make((void *const *)sems, wait, sizeof *wait, n, 0);
    if (!r) *err = __cu2amd_fail(cudaErrorMemoryAllocation);
    return r;
}

/* Adds the node, or gives the node (of the kind asked for) its new parameters: in the graph
 * (exec NULL) or in an executable graph (and its shadow copy). */
CU2AMD_API cudaError_t __cu2amd_extsem_node(cudaGraphNode_t *added, cudaGraph_t graph, const cudaGraphNode_t *deps,
                                            size_t n_deps, cudaGraphExec_t exec, cudaGraphNode_t node,
                                            cudaExternalSemaphore_t *sems,
                                            const struct cudaExternalSemaphoreSignalParams *signal,
                                            const struct cudaExternalSemaphoreWaitParams *wait, unsigned int n) {
    if (!added) { /* a node of the kind asked for */
        int is_signal = 0;
        if (!__cu2amd_graph_extsem_node(node, &is_signal) || is_signal != (signal != 0))
            return __cu2amd_fail(cudaErrorInvalidValue);
    }
    cudaError_t err;
    __cu2amd_extsem_record *r = __cu2amd_extsem_new(sems, signal, wait, n, &err);
    if (!r) return err;
    cudaHostNodeParams host = {__cu2amd_extsem_run, r};
    if (added) err = CU2AMD_ERR(hipGraphAddHostNode(added, graph, deps, n_deps, &host));
    else if (!exec) err = CU2AMD_ERR(hipGraphHostNodeSetParams(node, &host));
    else {
        err = CU2AMD_ERR(hipGraphExecHostNodeSetParams(exec, node, &host));
        __CU2AMD_SHADOW(exec, node, hipGraphHostNodeSetParams(shadow_, &host));
    }
    /* the record replaced stays: clones and instantiations of the graph may still run it */
    if (err != cudaSuccess && added) __cu2amd_extsem_drop(r);
    return err;
}

/* cudaSignal/WaitExternalSemaphoresAsync on a capturing stream (host platform): a node of the
 * captured graph, after the stream's dependencies, as CUDA captures them; 0 when the stream is
 * not capturing (or on AMD GPUs, where HIP's own functions decide), else 1 with the result in *err. */
CU2AMD_API int __cu2amd_capture_extsem(const cudaExternalSemaphore_t *sems,
                                       const struct cudaExternalSemaphoreSignalParams *signal,
                                       const struct cudaExternalSemaphoreWaitParams *wait, unsigned int n,
                                       cudaStream_t stream, cudaError_t *err) {
    cudaGraph_t graph;
    const cudaGraphNode_t *deps;
    size_t n_deps;
    if (__cu2amd_stream(stream) == (cudaStream_t)0 || __cu2amd_extsem_on_host() <= 0) return 0;
    int at = __cu2amd_capture_at(stream, &graph, &deps, &n_deps, err);
    if (at != 2) return at;
    cudaGraphNode_t node;
    *err = __cu2amd_extsem_node(&node, graph, deps, n_deps, (cudaGraphExec_t)0, (cudaGraphNode_t)0,
                                (cudaExternalSemaphore_t *)sems, signal, wait, n);
    __cu2amd_capture_added(stream, &node, err);
    return 1;
}

CU2AMD_API cudaError_t cudaGraphAddExternalSemaphoresSignalNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                                const cudaGraphNode_t *pDependencies,
                                                                size_t numDependencies,
                                                                const struct cudaExternalSemaphoreSignalNodeParams *nodeParams) {
    if (!pGraphNode || !nodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    return __cu2amd_extsem_node(pGraphNode, graph, pDependencies, numDependencies, (cudaGraphExec_t)0,
                                (cudaGraphNode_t)0, nodeParams->extSemArray, nodeParams->paramsArray,
                                (const struct cudaExternalSemaphoreWaitParams *)0, nodeParams->numExtSems);
}
CU2AMD_API cudaError_t cudaGraphAddExternalSemaphoresWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                              const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                              const struct cudaExternalSemaphoreWaitNodeParams *nodeParams) {
    if (!pGraphNode || !nodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    return __cu2amd_extsem_node(pGraphNode, graph, pDependencies, numDependencies, (cudaGraphExec_t)0,
                                (cudaGraphNode_t)0, nodeParams->extSemArray,
                                (const struct cudaExternalSemaphoreSignalParams *)0, nodeParams->paramsArray,
                                nodeParams->numExtSems);
}
/* The arrays returned are the node's own (valid until its parameters change), as CUDA's. */
CU2AMD_API cudaError_t cudaGraphExternalSemaphoresSignalNodeGetParams(
    cudaGraphNode_t hNode, struct cudaExternalSemaphoreSignalNodeParams *params_out) {
    int is_signal = 0;
    __cu2amd_extsem_record *r = (__cu2amd_extsem_record *)__cu2amd_graph_extsem_node(hNode, &is_signal);
    if (!r || !is_signal || !params_out) return __cu2amd_fail(cudaErrorInvalidValue);
    params_out->extSemArray = (cudaExternalSemaphore_t *)r->sems, params_out->numExtSems = r->n;
    params_out->paramsArray = (const struct cudaExternalSemaphoreSignalParams *)r->params;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaGraphExternalSemaphoresWaitNodeGetParams(
    cudaGraphNode_t hNode, struct cudaExternalSemaphoreWaitNodeParams *params_out) {
    int is_signal = 1;
    __cu2amd_extsem_record *r = (__cu2amd_extsem_record *)__cu2amd_graph_extsem_node(hNode, &is_signal);
    if (!r || is_signal || !params_out) return __cu2amd_fail(cudaErrorInvalidValue);
    params_out->extSemArray = (cudaExternalSemaphore_t *)r->sems, params_out->numExtSems = r->n;
    params_out->paramsArray = (const struct cudaExternalSemaphoreWaitParams *)r->params;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaGraphExternalSemaphoresSignalNodeSetParams(
    cudaGraphNode_t hNode, const struct cudaExternalSemaphoreSignalNodeParams *nodeParams) {
    if (!nodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    return __cu2amd_extsem_node((cudaGraphNode_t *)0, (cudaGraph_t)0, (const cudaGraphNode_t *)0, 0,
                                (cudaGraphExec_t)0, hNode, nodeParams->extSemArray, nodeParams->paramsArray,
                                (const struct cudaExternalSemaphoreWaitParams *)0, nodeParams->numExtSems);
}
CU2AMD_API cudaError_t cudaGraphExternalSemaphoresWaitNodeSetParams(
    cudaGraphNode_t hNode, const struct cudaExternalSemaphoreWaitNodeParams *nodeParams) {
    if (!nodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    return __cu2amd_extsem_node((cudaGraphNode_t *)0, (cudaGraph_t)0, (const cudaGraphNode_t *)0, 0,
                                (cudaGraphExec_t)0, hNode, nodeParams->extSemArray,
                                (const struct cudaExternalSemaphoreSignalParams *)0, nodeParams->paramsArray,
                                nodeParams->numExtSems);
}
CU2AMD_API cudaError_t cudaGraphExecExternalSemaphoresSignalNodeSetParams(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, const struct cudaExternalSemaphoreSignalNodeParams *nodeParams) {
    if (!hGraphExec || !nodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    return __cu2amd_extsem_node((cudaGraphNode_t *)0, (cudaGraph_t)0, (const cudaGraphNode_t *)0, 0, hGraphExec,
                                hNode, nodeParams->extSemArray, nodeParams->paramsArray,
                                (const struct cudaExternalSemaphoreWaitParams *)0, nodeParams->numExtSems);
}
CU2AMD_API cudaError_t cudaGraphExecExternalSemaphoresWaitNodeSetParams(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, const struct cudaExternalSemaphoreWaitNodeParams *nodeParams) {
    if (!hGraphExec || !nodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    return __cu2amd_extsem_node((cudaGraphNode_t *)0, (cudaGraph_t)0, (const cudaGraphNode_t *)0, 0, hGraphExec,
                                hNode, nodeParams->extSemArray, (const struct cudaExternalSemaphoreSignalParams *)0,
                                nodeParams->paramsArray, nodeParams->numExtSems);
}

#endif
