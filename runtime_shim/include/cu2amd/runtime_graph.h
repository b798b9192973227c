/* The CUDA runtime API: CUDA graphs and stream capture. Part of cuda_runtime_api.h: include that.
 *
 * Over HIP's hipGraph* and capture functions (ROCm 5.2 has them); kernel and memset node
 * parameters are converted between CUDA's and HIP's layouts, node types between their
 * numberings. What HIP 5.2 lacks is built here: instantiation with parameters, the DOT
 * dump (from the node and edge queries), user objects (kept by this header), and CUDA 12's
 * additions at the end: graph memory nodes (host nodes over allocations made with the
 * node), kernel node attributes, instantiation flags, disabled nodes (an instantiated
 * shadow copy), generic node parameters, edge data, capture into an existing graph.
 * External semaphore nodes (host nodes too) are cu2amd/runtime_graph_extsem.h, included by
 * runtime_interop.h after the semaphore functions; their parameter types are declared here. */
#ifndef CU2AMD_RUNTIME_GRAPH_H
#define CU2AMD_RUNTIME_GRAPH_H

#include "cu2amd/graph_types.h"

/* ------------------------------------------------------------------ conversions */

CU2AMD_API __cu2amd_hip_kernel_node_params __cu2amd_hip_kernel_params(const cudaKernelNodeParams *p) {
    __cu2amd_hip_kernel_node_params h;
    h.blockDim = p->blockDim;
    h.extra = p->extra;
    h.func = p->func;
    h.gridDim = p->gridDim;
    h.kernelParams = p->kernelParams;
    h.sharedMemBytes = p->sharedMemBytes;
    return h;
}
CU2AMD_API __cu2amd_hip_memset_params __cu2amd_hip_memset(const cudaMemsetParams *p) {
    __cu2amd_hip_memset_params h;
    h.dst = p->dst;
    h.elementSize = p->elementSize;
    h.height = p->height;
    h.pitch = p->pitch;
    h.value = p->value;
    h.width = p->width;
    return h;
}
/* HIP counts node types from 1 and has three kinds of copy node where CUDA has one. */
CU2AMD_API cudaGraphNodeType __cu2amd_node_type(int hip) {
    return hip >= 9 && hip <= 11 ? cudaGraphNodeTypeMemcpy : (cudaGraphNodeType)(hip - 1);
}

/* What the CUDA 12 additions at the end of this file keep (graph memory, executable graph
 * state, kernel node attributes, capture into a graph), which the functions here update. */
struct __cu2amd_graph_alloc;
CU2AMD_API __cu2amd_graph_alloc *__cu2amd_graph_mem_node(cudaGraphNode_t node, int *is_alloc);
CU2AMD_API int __cu2amd_graph_has_mem_nodes(cudaGraph_t graph);
CU2AMD_API void __cu2amd_graph_mem_forget(cudaGraph_t graph);
CU2AMD_API cudaError_t __cu2amd_exec_created(cudaGraphExec_t exec, cudaGraph_t graph, unsigned long long flags);
CU2AMD_API int __cu2amd_exec_allowed(cudaGraph_t graph);
CU2AMD_API void __cu2amd_exec_destroyed(cudaGraphExec_t exec);
CU2AMD_API cudaError_t __cu2amd_exec_launching(cudaGraphExec_t exec);
CU2AMD_API cudaError_t __cu2amd_exec_to_launch(cudaGraphExec_t *exec);
CU2AMD_API cudaGraphNode_t __cu2amd_exec_shadow(cudaGraphExec_t exec, cudaGraphNode_t node);
CU2AMD_API cudaError_t __cu2amd_exec_shadow_child(cudaGraphExec_t exec, cudaGraphNode_t node, cudaGraph_t child);
CU2AMD_API cudaError_t __cu2amd_exec_shadow_update(cudaGraphExec_t exec, cudaGraph_t graph);
/* After a change of an executable graph's node: the same change of its shadow's node. */
#define __CU2AMD_SHADOW(exec, node, call)                                                                              \
    if (err == cudaSuccess) {                                                                                          \
        cudaGraphNode_t shadow_ = __cu2amd_exec_shadow(exec, node);                                                    \
        if (shadow_) err = CU2AMD_ERR(call);                                                                           \
    }
CU2AMD_API void __cu2amd_kernel_attrs_clone(cudaGraph_t clone);
CU2AMD_API void __cu2amd_kernel_attrs_forget(cudaGraphNode_t node);
CU2AMD_API int __cu2amd_capture_end(cudaStream_t stream, cudaGraph_t *pGraph, cudaError_t *err);
/* External semaphore nodes (cu2amd/runtime_graph_extsem.h, after runtime_interop.h): the
 * record of such a node, NULL for other nodes; *is_signal says which kind. */
CU2AMD_API void *__cu2amd_graph_extsem_node(cudaGraphNode_t node, int *is_signal);
/* Conditional nodes (cu2amd/runtime_graph_cond.h, at the end of this file): the record of
 * such a node (NULL for other nodes); a copy of a graph (a clone, a child graph node's
 * graph) given records and body graphs of its own; a graph's records dropped before it is
 * destroyed; cudaGraphLaunch of a graph holding conditional nodes (1 when handled). */
struct __cu2amd_cond_node;
CU2AMD_API __cu2amd_cond_node *__cu2amd_cond_of(cudaGraphNode_t node);
CU2AMD_API cudaError_t __cu2amd_cond_own(cudaGraph_t graph);
CU2AMD_API void __cu2amd_cond_forget(cudaGraph_t graph);
CU2AMD_API void __cu2amd_cond_forget_node(__cu2amd_cond_node *record);
CU2AMD_API cudaError_t __cu2amd_cond_own_child(cudaGraphNode_t node);
CU2AMD_API int __cu2amd_cond_launch(cudaGraphExec_t exec, cudaStream_t stream, cudaError_t *err);
/* Capture into an existing graph: a conditional node of the capture's graph moves into the
 * target (1 when `node` is one, with the result in *err); what was the capture's graph's is
 * the target's. */
CU2AMD_API int __cu2amd_cond_move(cudaGraphNode_t node, cudaGraph_t to, const cudaGraphNode_t *deps, size_t n,
                                  cudaGraphNode_t *moved, cudaError_t *err);
CU2AMD_API void __cu2amd_cond_rehome(cudaGraph_t from, cudaGraph_t to);

/* ------------------------------------------------------------------ graphs */

CU2AMD_API cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags) {
    return CU2AMD_ERR(hipGraphCreate(pGraph, flags));
}
CU2AMD_API cudaError_t __cu2amd_user_objects_drop(const void *owner);
CU2AMD_API cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
    __cu2amd_graph_mem_forget(graph);
    __cu2amd_cond_forget(graph);
    cudaError_t err = CU2AMD_ERR(hipGraphDestroy(graph));
    if (err == cudaSuccess) __cu2amd_user_objects_drop(graph);
    return err;
}
/* CUDA does not clone graphs with memory nodes. */
CU2AMD_API cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph) {
    if (__cu2amd_graph_has_mem_nodes(originalGraph)) return __cu2amd_fail(cudaErrorNotSupported);
    cudaError_t err = CU2AMD_ERR(hipGraphClone(pGraphClone, originalGraph));
    if (err == cudaSuccess) __cu2amd_kernel_attrs_clone(*pGraphClone);
    if (err == cudaSuccess) err = __cu2amd_cond_own(*pGraphClone);
    return err;
}
CU2AMD_API cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
                                                cudaGraph_t clonedGraph) {
    return CU2AMD_ERR(hipGraphNodeFindInClone(pNode, originalNode, clonedGraph));
}
CU2AMD_API cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                const cudaGraphNode_t *to, size_t numDependencies) {
    return CU2AMD_ERR(hipGraphAddDependencies(graph, from, to, numDependencies));
}
CU2AMD_API cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                   const cudaGraphNode_t *to, size_t numDependencies) {
    return CU2AMD_ERR(hipGraphRemoveDependencies(graph, from, to, numDependencies));
}
CU2AMD_API cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                                         size_t *numEdges) {
    return CU2AMD_ERR(hipGraphGetEdges(graph, from, to, numEdges));
}
CU2AMD_API cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes) {
    return CU2AMD_ERR(hipGraphGetNodes(graph, nodes, numNodes));
}
CU2AMD_API cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes, size_t *pNumRootNodes) {
    return CU2AMD_ERR(hipGraphGetRootNodes(graph, pRootNodes, pNumRootNodes));
}
CU2AMD_API cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                                    size_t *pNumDependencies) {
    return CU2AMD_ERR(hipGraphNodeGetDependencies(node, pDependencies, pNumDependencies));
}
CU2AMD_API cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                                      size_t *pNumDependentNodes) {
    return CU2AMD_ERR(hipGraphNodeGetDependentNodes(node, pDependentNodes, pNumDependentNodes));
}
CU2AMD_API cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType *pType) {
    if (!pType) return __cu2amd_fail(cudaErrorInvalidValue);
    int type = 0, is_alloc = 0;
    cudaError_t err = CU2AMD_ERR(hipGraphNodeGetType(node, &type));
    if (err == cudaSuccess) *pType = __cu2amd_node_type(type);
    if (err == cudaSuccess && __cu2amd_graph_mem_node(node, &is_alloc))
        *pType = is_alloc ? cudaGraphNodeTypeMemAlloc : cudaGraphNodeTypeMemFree;
    int is_signal = 0;
    if (err == cudaSuccess && __cu2amd_graph_extsem_node(node, &is_signal))
        *pType = is_signal ? cudaGraphNodeTypeExtSemaphoreSignal : cudaGraphNodeTypeExtSemaphoreWait;
    if (err == cudaSuccess && __cu2amd_cond_of(node)) *pType = cudaGraphNodeTypeConditional;
    return err;
}
/* CUDA does not delete memory nodes from their graph. */
CU2AMD_API cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node) {
    if (__cu2amd_graph_mem_node(node, (int *)0)) return __cu2amd_fail(cudaErrorNotSupported);
    __cu2amd_cond_node *cond = __cu2amd_cond_of(node);
    cudaError_t err = CU2AMD_ERR(hipGraphDestroyNode(node));
    if (err == cudaSuccess) __cu2amd_kernel_attrs_forget(node);
    if (err == cudaSuccess && cond) __cu2amd_cond_forget_node(cond);
    return err;
}

/* ------------------------------------------------------------------ nodes */

CU2AMD_API cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                              const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                              const cudaKernelNodeParams *pNodeParams) {
    if (!pNodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_kernel_node_params h = __cu2amd_hip_kernel_params(pNodeParams);
    return CU2AMD_ERR(hipGraphAddKernelNode(pGraphNode, graph, pDependencies, numDependencies, &h));
}
CU2AMD_API cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, cudaKernelNodeParams *pNodeParams) {
    if (!pNodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_kernel_node_params h;
    cudaError_t err = CU2AMD_ERR(hipGraphKernelNodeGetParams(node, &h));
    if (err != cudaSuccess) return err;
    pNodeParams->func = h.func;
    pNodeParams->gridDim = h.gridDim;
    pNodeParams->blockDim = h.blockDim;
    pNodeParams->sharedMemBytes = h.sharedMemBytes;
    pNodeParams->kernelParams = h.kernelParams;
    pNodeParams->extra = h.extra;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const cudaKernelNodeParams *pNodeParams) {
    if (!pNodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_kernel_node_params h = __cu2amd_hip_kernel_params(pNodeParams);
    return CU2AMD_ERR(hipGraphKernelNodeSetParams(node, &h));
}

CU2AMD_API cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                              const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                              const cudaMemcpy3DParms *pCopyParams) {
    return CU2AMD_ERR(hipGraphAddMemcpyNode(pGraphNode, graph, pDependencies, numDependencies, pCopyParams));
}
CU2AMD_API cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, cudaMemcpy3DParms *pNodeParams) {
    return CU2AMD_ERR(hipGraphMemcpyNodeGetParams(node, pNodeParams));
}
CU2AMD_API cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const cudaMemcpy3DParms *pNodeParams) {
    return CU2AMD_ERR(hipGraphMemcpyNodeSetParams(node, pNodeParams));
}
CU2AMD_API cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                void *dst, const void *src, size_t count, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipGraphAddMemcpyNode1D(pGraphNode, graph, pDependencies, numDependencies, dst, src, count, kind));
}
CU2AMD_API cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src, size_t count,
                                                      cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipGraphMemcpyNodeSetParams1D(node, dst, src, count, kind));
}
CU2AMD_API cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                      const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                      const void *symbol, const void *src, size_t count,
                                                      size_t offset, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipGraphAddMemcpyNodeToSymbol(pGraphNode, graph, pDependencies, numDependencies, symbol, src,
                                                    count, offset, kind));
}
CU2AMD_API cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                        const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                        void *dst, const void *symbol, size_t count, size_t offset,
                                                        cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipGraphAddMemcpyNodeFromSymbol(pGraphNode, graph, pDependencies, numDependencies, dst, symbol,
                                                      count, offset, kind));
}
CU2AMD_API cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node, const void *symbol, const void *src,
                                                            size_t count, size_t offset, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipGraphMemcpyNodeSetParamsToSymbol(node, symbol, src, count, offset, kind));
}
CU2AMD_API cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst, const void *symbol,
                                                              size_t count, size_t offset, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipGraphMemcpyNodeSetParamsFromSymbol(node, dst, symbol, count, offset, kind));
}
/* The C++ forms taking the __device__ variable itself, as CUDA's header has them. */
template <class T>
CU2AMD_API cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                      const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                      const T &symbol, const void *src, size_t count,
                                                      size_t offset = 0,
                                                      cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
    return cudaGraphAddMemcpyNodeToSymbol(pGraphNode, graph, pDependencies, numDependencies, (const void *)&symbol,
                                          src, count, offset, kind);
}
template <class T>
CU2AMD_API cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                        const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                        void *dst, const T &symbol, size_t count, size_t offset = 0,
                                                        cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
    return cudaGraphAddMemcpyNodeFromSymbol(pGraphNode, graph, pDependencies, numDependencies, dst,
                                            (const void *)&symbol, count, offset, kind);
}

CU2AMD_API cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                              const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                              const cudaMemsetParams *pMemsetParams) {
    if (!pMemsetParams) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_memset_params h = __cu2amd_hip_memset(pMemsetParams);
    return CU2AMD_ERR(hipGraphAddMemsetNode(pGraphNode, graph, pDependencies, numDependencies, &h));
}
CU2AMD_API cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, cudaMemsetParams *pNodeParams) {
    if (!pNodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_memset_params h;
    cudaError_t err = CU2AMD_ERR(hipGraphMemsetNodeGetParams(node, &h));
    if (err != cudaSuccess) return err;
    pNodeParams->dst = h.dst;
    pNodeParams->pitch = h.pitch;
    pNodeParams->value = h.value;
    pNodeParams->elementSize = h.elementSize;
    pNodeParams->width = h.width;
    pNodeParams->height = h.height;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const cudaMemsetParams *pNodeParams) {
    if (!pNodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_memset_params h = __cu2amd_hip_memset(pNodeParams);
    return CU2AMD_ERR(hipGraphMemsetNodeSetParams(node, &h));
}

CU2AMD_API cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                            const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                            const cudaHostNodeParams *pNodeParams) {
    return CU2AMD_ERR(hipGraphAddHostNode(pGraphNode, graph, pDependencies, numDependencies, pNodeParams));
}
CU2AMD_API cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, cudaHostNodeParams *pNodeParams) {
    if (__cu2amd_graph_mem_node(node, (int *)0) || __cu2amd_graph_extsem_node(node, (int *)0) ||
        __cu2amd_cond_of(node))
        return __cu2amd_fail(cudaErrorInvalidValue);
    return CU2AMD_ERR(hipGraphHostNodeGetParams(node, pNodeParams));
}
CU2AMD_API cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const cudaHostNodeParams *pNodeParams) {
    if (__cu2amd_graph_mem_node(node, (int *)0) || __cu2amd_graph_extsem_node(node, (int *)0) ||
        __cu2amd_cond_of(node))
        return __cu2amd_fail(cudaErrorInvalidValue);
    return CU2AMD_ERR(hipGraphHostNodeSetParams(node, pNodeParams));
}

CU2AMD_API cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                  const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                  cudaGraph_t childGraph) {
    if (__cu2amd_graph_has_mem_nodes(childGraph)) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t err =
        CU2AMD_ERR(hipGraphAddChildGraphNode(pGraphNode, graph, pDependencies, numDependencies, childGraph));
    if (err == cudaSuccess) err = __cu2amd_cond_own_child(*pGraphNode); /* HIP copied the graph */
    return err;
}
CU2AMD_API cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph) {
    return CU2AMD_ERR(hipGraphChildGraphNodeGetGraph(node, pGraph));
}
CU2AMD_API cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                             const cudaGraphNode_t *pDependencies, size_t numDependencies) {
    return CU2AMD_ERR(hipGraphAddEmptyNode(pGraphNode, graph, pDependencies, numDependencies));
}
CU2AMD_API cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                   cudaEvent_t event) {
    return CU2AMD_ERR(hipGraphAddEventRecordNode(pGraphNode, graph, pDependencies, numDependencies, event));
}
CU2AMD_API cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out) {
    return CU2AMD_ERR(hipGraphEventRecordNodeGetEvent(node, event_out));
}
CU2AMD_API cudaError_t cudaGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event) {
    return CU2AMD_ERR(hipGraphEventRecordNodeSetEvent(node, event));
}
CU2AMD_API cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                 cudaEvent_t event) {
    return CU2AMD_ERR(hipGraphAddEventWaitNode(pGraphNode, graph, pDependencies, numDependencies, event));
}
CU2AMD_API cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out) {
    return CU2AMD_ERR(hipGraphEventWaitNodeGetEvent(node, event_out));
}
CU2AMD_API cudaError_t cudaGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event) {
    return CU2AMD_ERR(hipGraphEventWaitNodeSetEvent(node, event));
}

/* ------------------------------------------------------------------ executable graphs */

CU2AMD_API cudaError_t __cu2amd_user_objects_copy(const void *from, const void *to);

/* Upload and node priorities have no effect (a graph is ready when instantiated); device
 * launch is not provided. */
CU2AMD_API cudaError_t __cu2amd_graph_instantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                  unsigned long long flags) {
    const unsigned long long known = cudaGraphInstantiateFlagAutoFreeOnLaunch | cudaGraphInstantiateFlagUpload |
                                     cudaGraphInstantiateFlagDeviceLaunch | cudaGraphInstantiateFlagUseNodePriority;
    if (flags & ~known) return __cu2amd_fail(cudaErrorInvalidValue);
    if (flags & cudaGraphInstantiateFlagDeviceLaunch) return __cu2amd_fail(cudaErrorNotSupported);
    if (!__cu2amd_exec_allowed(graph)) return __cu2amd_fail(cudaErrorInvalidValue); /* one at a time */
    cudaError_t err = CU2AMD_ERR(hipGraphInstantiate(pGraphExec, graph, (cudaGraphNode_t *)0, (char *)0, 0));
    if (err == cudaSuccess) err = __cu2amd_user_objects_copy(graph, *pGraphExec);
    if (err == cudaSuccess) err = __cu2amd_exec_created(*pGraphExec, graph, flags);
    return err;
}
CU2AMD_API cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                            unsigned long long flags = 0) {
    return __cu2amd_graph_instantiate(pGraphExec, graph, flags);
}
CU2AMD_API cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                     unsigned long long flags = 0) {
    return __cu2amd_graph_instantiate(pGraphExec, graph, flags);
}
CU2AMD_API cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                                      cudaGraphInstantiateParams *instantiateParams) {
    if (!instantiateParams) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t err = __cu2amd_graph_instantiate(pGraphExec, graph, instantiateParams->flags);
    instantiateParams->errNode_out = (cudaGraphNode_t)0;
    instantiateParams->result_out = err == cudaSuccess             ? cudaGraphInstantiateSuccess
                                    : err == cudaErrorNotSupported ? cudaGraphInstantiateNodeOperationNotSupported
                                                                   : cudaGraphInstantiateError;
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec) {
    cudaError_t err = CU2AMD_ERR(hipGraphExecDestroy(graphExec));
    if (err == cudaSuccess) __cu2amd_user_objects_drop(graphExec), __cu2amd_exec_destroyed(graphExec);
    return err;
}
CU2AMD_API cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream = 0) {
    cudaError_t err = __cu2amd_exec_launching(graphExec);
    if (err == cudaSuccess && __cu2amd_cond_launch(graphExec, __cu2amd_stream(stream), &err)) return err;
    if (err == cudaSuccess) err = __cu2amd_exec_to_launch(&graphExec);
    if (err != cudaSuccess) return err;
    return CU2AMD_ERR(hipGraphLaunch(graphExec, __cu2amd_stream(stream)));
}
/* Nothing to upload ahead of a launch: checks the stream. */
CU2AMD_API cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream = 0) {
    if (!graphExec) return __cu2amd_fail(cudaErrorInvalidValue);
    return CU2AMD_ERR(hipStreamQuery(__cu2amd_stream(stream))) == cudaErrorInvalidResourceHandle
               ? cudaErrorInvalidResourceHandle
               : cudaSuccess;
}
CU2AMD_API cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                           cudaGraphExecUpdateResultInfo *resultInfo) {
    if (!resultInfo) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaGraphNode_t errorNode = (cudaGraphNode_t)0;
    int result = cudaGraphExecUpdateError;
    cudaError_t err = CU2AMD_ERR(hipGraphExecUpdate(hGraphExec, hGraph, &errorNode, &result));
    resultInfo->result = (cudaGraphExecUpdateResult)result;
    resultInfo->errorNode = errorNode;
    resultInfo->errorFromNode = (cudaGraphNode_t)0;
    if (err == cudaSuccess) err = __cu2amd_exec_shadow_update(hGraphExec, hGraph);
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                        const cudaKernelNodeParams *pNodeParams) {
    if (!pNodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_kernel_node_params h = __cu2amd_hip_kernel_params(pNodeParams);
    cudaError_t err = CU2AMD_ERR(hipGraphExecKernelNodeSetParams(hGraphExec, node, &h));
    __CU2AMD_SHADOW(hGraphExec, node, hipGraphKernelNodeSetParams(shadow_, &h));
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                        const cudaMemcpy3DParms *pNodeParams) {
    cudaError_t err = CU2AMD_ERR(hipGraphExecMemcpyNodeSetParams(hGraphExec, node, (cudaMemcpy3DParms *)pNodeParams));
    __CU2AMD_SHADOW(hGraphExec, node, hipGraphMemcpyNodeSetParams(shadow_, pNodeParams));
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
                                                          const void *src, size_t count, cudaMemcpyKind kind) {
    cudaError_t err = CU2AMD_ERR(hipGraphExecMemcpyNodeSetParams1D(hGraphExec, node, dst, src, count, kind));
    __CU2AMD_SHADOW(hGraphExec, node, hipGraphMemcpyNodeSetParams1D(shadow_, dst, src, count, kind));
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                                const void *symbol, const void *src, size_t count,
                                                                size_t offset, cudaMemcpyKind kind) {
    cudaError_t err =
        CU2AMD_ERR(hipGraphExecMemcpyNodeSetParamsToSymbol(hGraphExec, node, symbol, src, count, offset, kind));
    __CU2AMD_SHADOW(hGraphExec, node, hipGraphMemcpyNodeSetParamsToSymbol(shadow_, symbol, src, count, offset, kind));
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                                  void *dst, const void *symbol, size_t count,
                                                                  size_t offset, cudaMemcpyKind kind) {
    cudaError_t err =
        CU2AMD_ERR(hipGraphExecMemcpyNodeSetParamsFromSymbol(hGraphExec, node, dst, symbol, count, offset, kind));
    __CU2AMD_SHADOW(hGraphExec, node, hipGraphMemcpyNodeSetParamsFromSymbol(shadow_, dst, symbol, count, offset, kind));
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                        const cudaMemsetParams *pNodeParams) {
    if (!pNodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_memset_params h = __cu2amd_hip_memset(pNodeParams);
    cudaError_t err = CU2AMD_ERR(hipGraphExecMemsetNodeSetParams(hGraphExec, node, &h));
    __CU2AMD_SHADOW(hGraphExec, node, hipGraphMemsetNodeSetParams(shadow_, &h));
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                      const cudaHostNodeParams *pNodeParams) {
    if (__cu2amd_graph_mem_node(node, (int *)0) || __cu2amd_graph_extsem_node(node, (int *)0) ||
        __cu2amd_cond_of(node))
        return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t err = CU2AMD_ERR(hipGraphExecHostNodeSetParams(hGraphExec, node, pNodeParams));
    __CU2AMD_SHADOW(hGraphExec, node, hipGraphHostNodeSetParams(shadow_, pNodeParams));
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                            cudaGraph_t childGraph) {
    cudaError_t err = CU2AMD_ERR(hipGraphExecChildGraphNodeSetParams(hGraphExec, node, childGraph));
    if (err == cudaSuccess) err = __cu2amd_exec_shadow_child(hGraphExec, node, childGraph);
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                            cudaEvent_t event) {
    cudaError_t err = CU2AMD_ERR(hipGraphExecEventRecordNodeSetEvent(hGraphExec, hNode, event));
    __CU2AMD_SHADOW(hGraphExec, hNode, hipGraphEventRecordNodeSetEvent(shadow_, event));
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                          cudaEvent_t event) {
    cudaError_t err = CU2AMD_ERR(hipGraphExecEventWaitNodeSetEvent(hGraphExec, hNode, event));
    __CU2AMD_SHADOW(hGraphExec, hNode, hipGraphEventWaitNodeSetEvent(shadow_, event));
    return err;
}

/* ------------------------------------------------------------------ DOT dump */

/* A Graphviz description of the graph, built from the node and edge queries: one node
 * per graph node (its type, and a kernel's launch shape), one edge per dependency. */
CU2AMD_API cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags) {
    (void)flags;
    size_t n = 0, m = 0;
    if (!path) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t err = cudaGraphGetNodes(graph, (cudaGraphNode_t *)0, &n);
    if (err == cudaSuccess) err = cudaGraphGetEdges(graph, (cudaGraphNode_t *)0, (cudaGraphNode_t *)0, &m);
    if (err != cudaSuccess) return err;
    cudaGraphNode_t *nodes = (cudaGraphNode_t *)__builtin_malloc((n + 2 * m + 1) * sizeof(cudaGraphNode_t));
    if (!nodes) return __cu2amd_fail(cudaErrorMemoryAllocation);
    cudaGraphNode_t *from = nodes + n, *to = nodes + n + m;
    FILE *out = (FILE *)0;
    if ((err = cudaGraphGetNodes(graph, nodes, &n)) == cudaSuccess &&
        (err = cudaGraphGetEdges(graph, from, to, &m)) == cudaSuccess && !(out = fopen(path, "w")))
        err = __cu2amd_fail(cudaErrorInvalidValue);
    if (err == cudaSuccess) {
        static const char *const names[] = {"KERNEL",     "MEMCPY",       "MEMSET",           "HOST",
                                            "GRAPH",      "EMPTY",        "WAIT_EVENT",       "EVENT_RECORD",
                                            "EXT_SEMAS_SIGNAL", "EXT_SEMAS_WAIT", "MEM_ALLOC", "MEM_FREE",
                                            "BATCH_MEM_OP", "CONDITIONAL"};
        fprintf(out, "digraph cudaGraph {\n");
        for (size_t i = 0; i < n; i++) {
            cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
            cudaGraphNodeGetType(nodes[i], &type);
            fprintf(out, "  node%zu [label=\"%zu %s", i, i, (unsigned)type < 14 ? names[type] : "NODE");
            cudaKernelNodeParams k;
            if (type == cudaGraphNodeTypeKernel && cudaGraphKernelNodeGetParams(nodes[i], &k) == cudaSuccess)
                fprintf(out, "\\n<<<(%u,%u,%u),(%u,%u,%u),%u>>>", k.gridDim.x, k.gridDim.y, k.gridDim.z, k.blockDim.x,
                        k.blockDim.y, k.blockDim.z, k.sharedMemBytes);
            fprintf(out, "\"];\n");
        }
        for (size_t e = 0; e < m; e++) {
            size_t a = 0, b = 0;
            while (a < n && nodes[a] != from[e]) a++;
            while (b < n && nodes[b] != to[e]) b++;
            fprintf(out, "  node%zu -> node%zu;\n", a, b);
        }
        fprintf(out, "}\n");
        fclose(out);
    }
    __builtin_free(nodes);
    return err;
}

/* ------------------------------------------------------------------ stream capture */

CU2AMD_API cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode) {
    return CU2AMD_ERR(hipStreamBeginCapture(__cu2amd_stream(stream), mode));
}
CU2AMD_API cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph) {
    cudaError_t err;
    if (__cu2amd_capture_end(stream, pGraph, &err)) return err;
    return CU2AMD_ERR(hipStreamEndCapture(__cu2amd_stream(stream), pGraph));
}
CU2AMD_API cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, cudaStreamCaptureStatus *captureStatus_out,
                                                unsigned long long *id_out = 0, cudaGraph_t *graph_out = 0,
                                                const cudaGraphNode_t **dependencies_out = 0,
                                                size_t *numDependencies_out = 0) {
    return CU2AMD_ERR(hipStreamGetCaptureInfo_v2(__cu2amd_stream(stream), (int *)captureStatus_out, id_out, graph_out,
                                                 dependencies_out, numDependencies_out));
}
CU2AMD_API cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                           size_t numDependencies, unsigned int flags = 0) {
    return CU2AMD_ERR(hipStreamUpdateCaptureDependencies(__cu2amd_stream(stream), dependencies, numDependencies, flags));
}
CU2AMD_API cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode *mode) {
    return CU2AMD_ERR(hipThreadExchangeStreamCaptureMode((int *)mode));
}

/* Work runtime_stream.h records on a capturing stream as a node of its own (host functions,
 * external event records): the node after the stream's dependencies, which then depends on
 * it. 0 when the stream is not capturing. */
/* Where work on a capturing stream goes: 0 when the stream is not capturing; 1 when its capture
 * is invalidated (*err says so); 2 when active, with the graph and the stream's dependencies. */
CU2AMD_API int __cu2amd_capture_at(cudaStream_t stream, cudaGraph_t *graph, const cudaGraphNode_t **deps, size_t *n,
                                   cudaError_t *err) {
    cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
    *graph = (cudaGraph_t)0, *deps = (const cudaGraphNode_t *)0, *n = 0;
    if (__cu2amd_stream(stream) == (cudaStream_t)0 ||
        cudaStreamGetCaptureInfo(stream, &status, (unsigned long long *)0, graph, deps, n) != cudaSuccess ||
        status == cudaStreamCaptureStatusNone)
        return 0;
    if (status != cudaStreamCaptureStatusActive) {
        *err = __cu2amd_fail(cudaErrorStreamCaptureInvalidated);
        return 1;
    }
    return 2;
}
/* After a node was added (*err cudaSuccess) for a capturing stream: the stream's dependency. */
CU2AMD_API void __cu2amd_capture_added(cudaStream_t stream, cudaGraphNode_t *node, cudaError_t *err) {
    if (*err == cudaSuccess)
        *err = cudaStreamUpdateCaptureDependencies(stream, node, 1, cudaStreamSetCaptureDependencies);
}
CU2AMD_API int __cu2amd_capture_node(cudaStream_t stream, const cudaHostNodeParams *host, cudaEvent_t event,
                                     cudaError_t *err) {
    cudaGraph_t graph;
    const cudaGraphNode_t *deps;
    size_t n;
    int at = __cu2amd_capture_at(stream, &graph, &deps, &n, err);
    if (at != 2) return at;
    cudaGraphNode_t node;
    *err = host ? cudaGraphAddHostNode(&node, graph, deps, n, host)
                : cudaGraphAddEventRecordNode(&node, graph, deps, n, event);
    __cu2amd_capture_added(stream, &node, err);
    return 1;
}
CU2AMD_API int __cu2amd_capture_host_fn(cudaStream_t stream, cudaHostFn_t fn, void *userData, cudaError_t *err) {
    cudaHostNodeParams params = {fn, userData};
    return __cu2amd_capture_node(stream, &params, (cudaEvent_t)0, err);
}
CU2AMD_API int __cu2amd_capture_event_record(cudaEvent_t event, cudaStream_t stream, cudaError_t *err) {
    return __cu2amd_capture_node(stream, (const cudaHostNodeParams *)0, event, err);
}

/* ------------------------------------------------------------------ user objects */

/* cu2amd's own: a reference count and a destructor, which runs (on the releasing thread)
 * when the count reaches 0. Graphs and executable graphs own references in a list kept
 * here; destroying them releases theirs, instantiating copies the graph's. */
struct __cu2amd_user_object {
    void *ptr;
    cudaHostFn_t destroy;
    unsigned long long refs;
};
struct __cu2amd_user_ref {
    const void *owner; /* a graph or an executable graph */
    cudaUserObject_t object;
    unsigned long long count;
    __cu2amd_user_ref *next;
};
__host__ inline __cu2amd_user_ref **__cu2amd_user_refs(void) {
    static __cu2amd_user_ref *refs = 0; /* one list for the program (an inline function's static) */
    return &refs;
}

CU2AMD_API cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out, void *ptr, cudaHostFn_t destroy,
                                            unsigned int initialRefcount, unsigned int flags) {
    if (!object_out || !destroy || initialRefcount == 0 || flags != cudaUserObjectNoDestructorSync)
        return __cu2amd_fail(cudaErrorInvalidValue);
    cudaUserObject_t o = (cudaUserObject_t)__builtin_malloc(sizeof(__cu2amd_user_object));
    if (!o) return __cu2amd_fail(cudaErrorMemoryAllocation);
    o->ptr = ptr, o->destroy = destroy, o->refs = initialRefcount;
    *object_out = o;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaUserObjectRetain(cudaUserObject_t object, unsigned int count = 1) {
    if (!object || count == 0) return __cu2amd_fail(cudaErrorInvalidValue);
    __atomic_add_fetch(&object->refs, count, __ATOMIC_ACQ_REL);
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaUserObjectRelease(cudaUserObject_t object, unsigned int count = 1) {
    if (!object || count == 0) return __cu2amd_fail(cudaErrorInvalidValue);
    if (__atomic_sub_fetch(&object->refs, count, __ATOMIC_ACQ_REL) == 0) {
        object->destroy(object->ptr);
        __builtin_free(object);
    }
    return cudaSuccess;
}
CU2AMD_API cudaError_t __cu2amd_user_ref_add(const void *owner, cudaUserObject_t object, unsigned long long count) {
    for (__cu2amd_user_ref *r = *__cu2amd_user_refs(); r; r = r->next)
        if (r->owner == owner && r->object == object) {
            r->count += count;
            return cudaSuccess;
        }
    __cu2amd_user_ref *r = (__cu2amd_user_ref *)__builtin_malloc(sizeof(__cu2amd_user_ref));
    if (!r) return __cu2amd_fail(cudaErrorMemoryAllocation);
    r->owner = owner, r->object = object, r->count = count, r->next = *__cu2amd_user_refs();
    *__cu2amd_user_refs() = r;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaGraphRetainUserObject(cudaGraph_t graph, cudaUserObject_t object, unsigned int count = 1,
                                                 unsigned int flags = 0) {
    size_t nodes;
    if (!object || count == 0 || (flags & ~(unsigned)cudaGraphUserObjectMove) ||
        cudaGraphGetNodes(graph, (cudaGraphNode_t *)0, &nodes) != cudaSuccess)
        return __cu2amd_fail(cudaErrorInvalidValue);
    if (!(flags & cudaGraphUserObjectMove)) cudaUserObjectRetain(object, count);
    return __cu2amd_user_ref_add(graph, object, count);
}
CU2AMD_API cudaError_t cudaGraphReleaseUserObject(cudaGraph_t graph, cudaUserObject_t object, unsigned int count = 1) {
    if (!object || count == 0) return __cu2amd_fail(cudaErrorInvalidValue);
    for (__cu2amd_user_ref **p = __cu2amd_user_refs(); *p; p = &(*p)->next) {
        __cu2amd_user_ref *r = *p;
        if (r->owner != graph || r->object != object) continue;
        if (r->count < count) return __cu2amd_fail(cudaErrorInvalidValue);
        r->count -= count;
        if (r->count == 0) *p = r->next, __builtin_free(r);
        return cudaUserObjectRelease(object, count);
    }
    return __cu2amd_fail(cudaErrorInvalidValue);
}
CU2AMD_API cudaError_t __cu2amd_user_objects_copy(const void *from, const void *to) {
    for (__cu2amd_user_ref *r = *__cu2amd_user_refs(); r; r = r->next)
        if (r->owner == from) {
            cudaUserObjectRetain(r->object, (unsigned)r->count);
            if (__cu2amd_user_ref_add(to, r->object, r->count) != cudaSuccess) return cudaErrorMemoryAllocation;
        }
    return cudaSuccess;
}
CU2AMD_API cudaError_t __cu2amd_user_objects_drop(const void *owner) {
    for (__cu2amd_user_ref **p = __cu2amd_user_refs(); *p;) {
        __cu2amd_user_ref *r = *p;
        if (r->owner != owner) {
            p = &r->next;
            continue;
        }
        *p = r->next;
        cudaUserObjectRelease(r->object, (unsigned)r->count);
        __builtin_free(r);
    }
    return cudaSuccess;
}

/* ================================================================== CUDA 12's graph additions
 *
 * Built here from the HIP 5.2 functions above (HIP 5.2 has none of these): graph memory
 * nodes, kernel node attributes, instantiation flags, enabled/disabled nodes, the generic
 * node parameters (cudaGraphNodeParams), edge data, capture into an existing graph. */

#include "cu2amd/runtime_launch_ex.h" /* kernel node attributes are launch attributes */

typedef cudaLaunchAttributeID cudaKernelNodeAttrID;
typedef cudaLaunchAttributeValue cudaKernelNodeAttrValue;
#define cudaKernelNodeAttributeAccessPolicyWindow cudaLaunchAttributeAccessPolicyWindow
#define cudaKernelNodeAttributeCooperative cudaLaunchAttributeCooperative
#define cudaKernelNodeAttributePriority cudaLaunchAttributePriority
#define cudaKernelNodeAttributeClusterDimension cudaLaunchAttributeClusterDimension
#define cudaKernelNodeAttributeClusterSchedulingPolicyPreference cudaLaunchAttributeClusterSchedulingPolicyPreference
#define cudaKernelNodeAttributeMemSyncDomainMap cudaLaunchAttributeMemSyncDomainMap
#define cudaKernelNodeAttributeMemSyncDomain cudaLaunchAttributeMemSyncDomain

typedef enum cudaGraphMemAttributeType {
    cudaGraphMemAttrUsedMemCurrent = 0x0,
    cudaGraphMemAttrUsedMemHigh = 0x1,
    cudaGraphMemAttrReservedMemCurrent = 0x2,
    cudaGraphMemAttrReservedMemHigh = 0x3
} cudaGraphMemAttributeType;

struct cudaMemAllocNodeParams {
    struct cudaMemPoolProps poolProps;
    const struct cudaMemAccessDesc *accessDescs;
    size_t accessDescCount;
    size_t bytesize;
    void *dptr;
};
typedef struct cudaMemAllocNodeParams cudaMemAllocNodeParams;
struct cudaMemAllocNodeParamsV2 {
    struct cudaMemPoolProps poolProps;
    const struct cudaMemAccessDesc *accessDescs;
    size_t accessDescCount;
    size_t bytesize;
    void *dptr;
};
struct cudaMemFreeNodeParams {
    void *dptr;
};

/* CUDA 12.3's edge data: only default edges exist without programmatic dependent launch. */
typedef enum cudaGraphDependencyType {
    cudaGraphDependencyTypeDefault = 0,
    cudaGraphDependencyTypeProgrammatic = 1
} cudaGraphDependencyType;
#define cudaGraphKernelNodePortDefault 0
#define cudaGraphKernelNodePortProgrammatic 1
#define cudaGraphKernelNodePortLaunchCompletion 2
typedef struct cudaGraphEdgeData {
    unsigned char from_port;
    unsigned char to_port;
    unsigned char type;
    unsigned char reserved[5];
} cudaGraphEdgeData;

/* CUDA 12.2's generic node parameters. */
struct cudaKernelNodeParamsV2 {
    void *func;
    dim3 gridDim;
    dim3 blockDim;
    unsigned int sharedMemBytes;
    void **kernelParams;
    void **extra;
};
struct cudaMemsetParamsV2 {
    void *dst;
    size_t pitch;
    unsigned int value;
    unsigned int elementSize;
    size_t width;
    size_t height;
};
struct cudaHostNodeParamsV2 {
    cudaHostFn_t fn;
    void *userData;
};
struct cudaMemcpyNodeParams {
    int flags;
    int reserved[3];
    struct cudaMemcpy3DParms copyParams;
};
struct cudaChildGraphNodeParams {
    cudaGraph_t graph;
};
struct cudaEventWaitNodeParams {
    cudaEvent_t event;
};
struct cudaEventRecordNodeParams {
    cudaEvent_t event;
};
/* External semaphore nodes' parameters (the semaphore types are runtime_interop.h's). */
typedef struct __cu2amd_external_semaphore *cudaExternalSemaphore_t;
struct cudaExternalSemaphoreSignalParams;
struct cudaExternalSemaphoreWaitParams;
struct cudaExternalSemaphoreSignalNodeParams {
    cudaExternalSemaphore_t *extSemArray;
    const struct cudaExternalSemaphoreSignalParams *paramsArray;
    unsigned int numExtSems;
};
struct cudaExternalSemaphoreSignalNodeParamsV2 {
    cudaExternalSemaphore_t *extSemArray;
    const struct cudaExternalSemaphoreSignalParams *paramsArray;
    unsigned int numExtSems;
};
struct cudaExternalSemaphoreWaitNodeParams {
    cudaExternalSemaphore_t *extSemArray;
    const struct cudaExternalSemaphoreWaitParams *paramsArray;
    unsigned int numExtSems;
};
struct cudaExternalSemaphoreWaitNodeParamsV2 {
    cudaExternalSemaphore_t *extSemArray;
    const struct cudaExternalSemaphoreWaitParams *paramsArray;
    unsigned int numExtSems;
};
CU2AMD_API cudaError_t cudaGraphAddExternalSemaphoresSignalNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                                const cudaGraphNode_t *pDependencies,
                                                                size_t numDependencies,
                                                                const struct cudaExternalSemaphoreSignalNodeParams *nodeParams);
CU2AMD_API cudaError_t cudaGraphAddExternalSemaphoresWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                              const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                              const struct cudaExternalSemaphoreWaitNodeParams *nodeParams);
CU2AMD_API cudaError_t cudaGraphExternalSemaphoresSignalNodeGetParams(
    cudaGraphNode_t hNode, struct cudaExternalSemaphoreSignalNodeParams *params_out);
CU2AMD_API cudaError_t cudaGraphExternalSemaphoresSignalNodeSetParams(
    cudaGraphNode_t hNode, const struct cudaExternalSemaphoreSignalNodeParams *nodeParams);
CU2AMD_API cudaError_t cudaGraphExternalSemaphoresWaitNodeGetParams(
    cudaGraphNode_t hNode, struct cudaExternalSemaphoreWaitNodeParams *params_out);
CU2AMD_API cudaError_t cudaGraphExternalSemaphoresWaitNodeSetParams(
    cudaGraphNode_t hNode, const struct cudaExternalSemaphoreWaitNodeParams *nodeParams);
CU2AMD_API cudaError_t cudaGraphExecExternalSemaphoresSignalNodeSetParams(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, const struct cudaExternalSemaphoreSignalNodeParams *nodeParams);
CU2AMD_API cudaError_t cudaGraphExecExternalSemaphoresWaitNodeSetParams(
    cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, const struct cudaExternalSemaphoreWaitNodeParams *nodeParams);
typedef struct cudaGraphNodeParams {
    enum cudaGraphNodeType type;
    int reserved0[3];
    union {
        long long reserved1[29];
        struct cudaKernelNodeParamsV2 kernel;
        struct cudaMemcpyNodeParams memcpy;
        struct cudaMemsetParamsV2 memset;
        struct cudaHostNodeParamsV2 host;
        struct cudaChildGraphNodeParams graph;
        struct cudaEventWaitNodeParams eventWait;
        struct cudaEventRecordNodeParams eventRecord;
        struct cudaMemAllocNodeParamsV2 alloc;
        struct cudaMemFreeNodeParams free;
        struct cudaExternalSemaphoreSignalNodeParamsV2 extSemSignal;
        struct cudaExternalSemaphoreWaitNodeParamsV2 extSemWait;
        struct cudaConditionalNodeParams conditional;
    };
    long long reserved2;
} cudaGraphNodeParams;

/* ------------------------------------------------------------------ graph memory */

/* What this section keeps is shared by all threads (and HIP's callback thread): one lock,
 * which a thread may take again while holding it. */
__host__ inline int *__cu2amd_graph_lock_word(void) {
    static int word = 0;
    return &word;
}
__host__ inline int *__cu2amd_graph_lock_depth(void) {
    static __thread int depth = 0;
    return &depth;
}
struct __cu2amd_graph_guard {
    __cu2amd_graph_guard() {
        if ((*__cu2amd_graph_lock_depth())++ == 0)
            while (__atomic_exchange_n(__cu2amd_graph_lock_word(), 1, __ATOMIC_ACQUIRE)) {
            }
    }
    ~__cu2amd_graph_guard() {
        if (--*__cu2amd_graph_lock_depth() == 0) __atomic_store_n(__cu2amd_graph_lock_word(), 0, __ATOMIC_RELEASE);
    }
};

/* A graph allocation: its memory is allocated (reserved) when the alloc node is made, so
 * its address is fixed for the graph's lifetime, as CUDA's; the alloc node is a host node
 * that marks it in use when it runs, a free node one that marks it free. The records
 * outlive their graph while in use (the program frees them with cudaFree/cudaFreeAsync);
 * cudaDeviceGraphMemTrim returns the memory of those no graph holds any more. */
struct __cu2amd_graph_alloc {
    cudaMemAllocNodeParams params;
    struct cudaMemAccessDesc *descs; /* params.accessDescs, the node's own copy */
    cudaGraph_t graph;               /* the graph holding the alloc node, NULL once destroyed */
    cudaGraphExec_t exec;            /* its one instantiation, if any */
    int live;                        /* allocated by a launch and not freed since */
    __cu2amd_graph_alloc *next;
};
struct __cu2amd_graph_mem {
    __cu2amd_graph_alloc *allocs;
    unsigned long long used, used_high, reserved, reserved_high;
};
__host__ inline __cu2amd_graph_mem *__cu2amd_graph_mem_state(void) {
    static __cu2amd_graph_mem state; /* one for the program (an inline function's static) */
    return &state;
}
/* The nodes' callbacks (on HIP's callback thread on AMD GPUs): atomic, without the lock. */
__host__ inline void CUDART_CB __cu2amd_graph_alloc_run(void *record) {
    __cu2amd_graph_alloc *r = (__cu2amd_graph_alloc *)record;
    __cu2amd_graph_mem *m = __cu2amd_graph_mem_state();
    if (__atomic_exchange_n(&r->live, 1, __ATOMIC_ACQ_REL)) return;
    unsigned long long used = __atomic_add_fetch(&m->used, r->params.bytesize, __ATOMIC_ACQ_REL);
    unsigned long long high = __atomic_load_n(&m->used_high, __ATOMIC_ACQUIRE);
    while (used > high && !__atomic_compare_exchange_n(&m->used_high, &high, used, 0, __ATOMIC_ACQ_REL,
                                                       __ATOMIC_ACQUIRE)) {
    }
}
__host__ inline void CUDART_CB __cu2amd_graph_free_run(void *record) {
    __cu2amd_graph_alloc *r = (__cu2amd_graph_alloc *)record;
    if (__atomic_exchange_n(&r->live, 0, __ATOMIC_ACQ_REL))
        __atomic_sub_fetch(&__cu2amd_graph_mem_state()->used, r->params.bytesize, __ATOMIC_ACQ_REL);
}
/* The allocation an alloc or free node stands for (NULL for other nodes); *is_alloc says which. */
CU2AMD_API __cu2amd_graph_alloc *__cu2amd_graph_mem_node(cudaGraphNode_t node, int *is_alloc) {
    int type = 0;
    cudaHostNodeParams host;
    if (hipGraphNodeGetType(node, &type) != 0 || type != 4 /* hipGraphNodeTypeHost */ ||
        hipGraphHostNodeGetParams(node, &host) != 0)
        return (__cu2amd_graph_alloc *)0;
    if (host.fn != __cu2amd_graph_alloc_run && host.fn != __cu2amd_graph_free_run) return (__cu2amd_graph_alloc *)0;
    if (is_alloc) *is_alloc = host.fn == __cu2amd_graph_alloc_run;
    return (__cu2amd_graph_alloc *)host.userData;
}
/* A graph's nodes (NULL for none or an invalid graph, *n 0); free() the array. */
CU2AMD_API cudaGraphNode_t *__cu2amd_graph_nodes(cudaGraph_t graph, size_t *n) {
    *n = 0;
    if (!graph || hipGraphGetNodes(graph, (cudaGraphNode_t *)0, n) != 0 || *n == 0) return *n = 0, (cudaGraphNode_t *)0;
    cudaGraphNode_t *nodes = (cudaGraphNode_t *)__builtin_malloc(*n * sizeof(cudaGraphNode_t));
    if (!nodes || hipGraphGetNodes(graph, nodes, n) != 0) {
        __builtin_free(nodes);
        return *n = 0, (cudaGraphNode_t *)0;
    }
    return nodes;
}
/* Whether the graph has alloc or free nodes (which CUDA does not let be cloned or be child graphs). */
CU2AMD_API int __cu2amd_graph_has_mem_nodes(cudaGraph_t graph) {
    size_t n = 0;
    cudaGraphNode_t *nodes = __cu2amd_graph_nodes(graph, &n);
    int found = 0;
    for (size_t i = 0; i < n && !found; i++) found = __cu2amd_graph_mem_node(nodes[i], (int *)0) != 0;
    __builtin_free(nodes);
    return found;
}
CU2AMD_API __cu2amd_graph_alloc *__cu2amd_graph_alloc_at(const void *dptr) {
    __cu2amd_graph_guard guard_;
    for (__cu2amd_graph_alloc *r = __cu2amd_graph_mem_state()->allocs; r; r = r->next)
        if (r->params.dptr == dptr) return r;
    return (__cu2amd_graph_alloc *)0;
}

CU2AMD_API cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                cudaMemAllocNodeParams *nodeParams) {
    __cu2amd_graph_guard guard_;
    int devices = 0;
    if (!pGraphNode || !nodeParams || nodeParams->bytesize == 0 ||
        nodeParams->poolProps.allocType != cudaMemAllocationTypePinned ||
        nodeParams->poolProps.location.type != cudaMemLocationTypeDevice ||
        (nodeParams->accessDescCount && !nodeParams->accessDescs))
        return __cu2amd_fail(cudaErrorInvalidValue);
    if (cudaGetDeviceCount(&devices) != cudaSuccess || nodeParams->poolProps.location.id < 0 ||
        nodeParams->poolProps.location.id >= devices)
        return __cu2amd_fail(cudaErrorInvalidDevice);
    for (size_t i = 0; i < nodeParams->accessDescCount; i++)
        if (nodeParams->accessDescs[i].location.type != cudaMemLocationTypeDevice ||
            nodeParams->accessDescs[i].location.id < 0 || nodeParams->accessDescs[i].location.id >= devices ||
            (nodeParams->accessDescs[i].flags != cudaMemAccessFlagsProtReadWrite &&
             nodeParams->accessDescs[i].flags != cudaMemAccessFlagsProtNone))
            return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_graph_alloc *r = (__cu2amd_graph_alloc *)__builtin_calloc(1, sizeof(__cu2amd_graph_alloc));
    if (!r) return __cu2amd_fail(cudaErrorMemoryAllocation);
    r->params = *nodeParams;
    if (nodeParams->accessDescCount) {
        r->descs = (struct cudaMemAccessDesc *)__builtin_malloc(nodeParams->accessDescCount *
                                                                sizeof(struct cudaMemAccessDesc));
        if (!r->descs) {
            __builtin_free(r);
            return __cu2amd_fail(cudaErrorMemoryAllocation);
        }
        __builtin_memcpy(r->descs, nodeParams->accessDescs,
                         nodeParams->accessDescCount * sizeof(struct cudaMemAccessDesc));
    }
    r->params.accessDescs = r->descs;
    /* allocating is no unsafe call here (the node may be made by a capturing stream) */
    int mode = cudaStreamCaptureModeRelaxed;
    hipThreadExchangeStreamCaptureMode(&mode);
    cudaError_t err = CU2AMD_ERR(hipMalloc(&r->params.dptr, nodeParams->bytesize));
    hipThreadExchangeStreamCaptureMode(&mode);
    cudaHostNodeParams host = {__cu2amd_graph_alloc_run, r};
    if (err == cudaSuccess) {
        err = CU2AMD_ERR(hipGraphAddHostNode(pGraphNode, graph, pDependencies, numDependencies, &host));
        if (err != cudaSuccess) hipFree(r->params.dptr);
    }
    if (err != cudaSuccess) {
        __builtin_free(r->descs), __builtin_free(r);
        return err;
    }
    __cu2amd_graph_mem *m = __cu2amd_graph_mem_state();
    r->graph = graph, r->next = m->allocs, m->allocs = r;
    m->reserved += nodeParams->bytesize;
    if (m->reserved > m->reserved_high) m->reserved_high = m->reserved;
    nodeParams->dptr = r->params.dptr;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                               const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                               void *dptr) {
    __cu2amd_graph_guard guard_;
    __cu2amd_graph_alloc *r = __cu2amd_graph_alloc_at(dptr);
    if (!pGraphNode || !r) return __cu2amd_fail(cudaErrorInvalidValue);
    /* an allocation is freed once in a graph */
    size_t n = 0;
    if (hipGraphGetNodes(graph, (cudaGraphNode_t *)0, &n) != 0) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaGraphNode_t *nodes = (cudaGraphNode_t *)__builtin_malloc((n + 1) * sizeof(cudaGraphNode_t));
    if (!nodes) return __cu2amd_fail(cudaErrorMemoryAllocation);
    int twice = 0, is_alloc = 0;
    if (hipGraphGetNodes(graph, nodes, &n) == 0)
        for (size_t i = 0; i < n && !twice; i++) twice = __cu2amd_graph_mem_node(nodes[i], &is_alloc) == r && !is_alloc;
    __builtin_free(nodes);
    if (twice) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaHostNodeParams host = {__cu2amd_graph_free_run, r};
    return CU2AMD_ERR(hipGraphAddHostNode(pGraphNode, graph, pDependencies, numDependencies, &host));
}
CU2AMD_API cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, cudaMemAllocNodeParams *params_out) {
    int is_alloc = 0;
    __cu2amd_graph_alloc *r = __cu2amd_graph_mem_node(node, &is_alloc);
    if (!r || !is_alloc || !params_out) return __cu2amd_fail(cudaErrorInvalidValue);
    *params_out = r->params;
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out) {
    int is_alloc = 1;
    __cu2amd_graph_alloc *r = __cu2amd_graph_mem_node(node, &is_alloc);
    if (!r || is_alloc || !dptr_out) return __cu2amd_fail(cudaErrorInvalidValue);
    *(void **)dptr_out = r->params.dptr;
    return cudaSuccess;
}
CU2AMD_API cudaError_t __cu2amd_graph_mem_device(int device) {
    int devices = 0;
    cudaError_t err = cudaGetDeviceCount(&devices);
    if (err != cudaSuccess) return err;
    return device >= 0 && device < devices ? cudaSuccess : __cu2amd_fail(cudaErrorInvalidDevice);
}
/* Returns the memory of allocations no graph holds and nothing uses. */
CU2AMD_API cudaError_t cudaDeviceGraphMemTrim(int device) {
    cudaError_t err = __cu2amd_graph_mem_device(device);
    if (err != cudaSuccess) return err;
    __cu2amd_graph_mem *m = __cu2amd_graph_mem_state();
    __cu2amd_graph_alloc *unused = (__cu2amd_graph_alloc *)0;
    {
        __cu2amd_graph_guard guard_;
        for (__cu2amd_graph_alloc **p = &m->allocs; *p;) {
            __cu2amd_graph_alloc *r = *p;
            if (r->graph || r->exec || r->live) {
                p = &r->next;
                continue;
            }
            *p = r->next, r->next = unused, unused = r;
            m->reserved -= r->params.bytesize;
        }
    }
    while (unused) { /* freed outside the lock: hipFree waits for the device */
        __cu2amd_graph_alloc *r = unused;
        unused = r->next;
        hipFree(r->params.dptr);
        __builtin_free(r->descs), __builtin_free(r);
    }
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaDeviceGetGraphMemAttribute(int device, cudaGraphMemAttributeType attr, void *value) {
    __cu2amd_graph_guard guard_;
    cudaError_t err = __cu2amd_graph_mem_device(device);
    if (err != cudaSuccess) return err;
    __cu2amd_graph_mem *m = __cu2amd_graph_mem_state();
    if (!value) return __cu2amd_fail(cudaErrorInvalidValue);
    switch (attr) {
    case cudaGraphMemAttrUsedMemCurrent: *(unsigned long long *)value = m->used; return cudaSuccess;
    case cudaGraphMemAttrUsedMemHigh: *(unsigned long long *)value = m->used_high; return cudaSuccess;
    case cudaGraphMemAttrReservedMemCurrent: *(unsigned long long *)value = m->reserved; return cudaSuccess;
    case cudaGraphMemAttrReservedMemHigh: *(unsigned long long *)value = m->reserved_high; return cudaSuccess;
    default: return __cu2amd_fail(cudaErrorInvalidValue);
    }
}
/* Only the high watermarks can be set, and only to 0 (a reset). */
CU2AMD_API cudaError_t cudaDeviceSetGraphMemAttribute(int device, cudaGraphMemAttributeType attr, void *value) {
    __cu2amd_graph_guard guard_;
    cudaError_t err = __cu2amd_graph_mem_device(device);
    if (err != cudaSuccess) return err;
    __cu2amd_graph_mem *m = __cu2amd_graph_mem_state();
    if (!value || *(unsigned long long *)value != 0) return __cu2amd_fail(cudaErrorInvalidValue);
    if (attr == cudaGraphMemAttrUsedMemHigh) m->used_high = 0;
    else if (attr == cudaGraphMemAttrReservedMemHigh) m->reserved_high = 0;
    else return __cu2amd_fail(cudaErrorInvalidValue);
    return cudaSuccess;
}
/* cudaFree/cudaFreeAsync of a graph allocation (runtime_memory.h): 1 when `ptr` is one (it
 * must be in use), with the result in *err. */
CU2AMD_API int __cu2amd_graph_mem_release(void *ptr, cudaError_t *err) {
    __cu2amd_graph_guard guard_;
    __cu2amd_graph_alloc *r = ptr ? __cu2amd_graph_alloc_at(ptr) : (__cu2amd_graph_alloc *)0;
    if (!r) return 0;
    if (!r->live) *err = __cu2amd_fail(cudaErrorInvalidValue);
    else __cu2amd_graph_free_run(r), *err = cudaSuccess;
    return 1;
}
/* What runtime_memory.h's cudaMallocAsync (op 0), cudaFreeAsync (1) and cudaFree (2) ask
 * first: on a capturing stream, an alloc or free node; a graph allocation freed by the
 * program. 1 when handled here, with the result in *err. */
CU2AMD_API int __cu2amd_capture_mem(void **ptr, size_t size, int alloc, cudaStream_t stream, cudaError_t *err);
CU2AMD_API int __cu2amd_graph_mem_hook(int op, void **ptr, size_t size, cudaStream_t stream, cudaError_t *err) {
    if (op != 2 && __cu2amd_capture_mem(ptr, size, op == 0, stream, err)) return 1;
    return op != 0 && __cu2amd_graph_mem_release(*ptr, err);
}
/* cudaMallocAsync (size, *ptr out) and cudaFreeAsync (ptr) on a capturing stream
 * (runtime_memory.h): an alloc or free node after the stream's dependencies; 0 when the
 * stream is not capturing. */
CU2AMD_API int __cu2amd_capture_mem(void **ptr, size_t size, int alloc, cudaStream_t stream, cudaError_t *err) {
    cudaGraph_t graph;
    const cudaGraphNode_t *deps;
    size_t n;
    int at = __cu2amd_capture_at(stream, &graph, &deps, &n, err);
    if (at != 2) return at;
    cudaGraphNode_t node;
    if (alloc) {
        if (!ptr) {
            *err = __cu2amd_fail(cudaErrorInvalidValue);
            return 1;
        }
        cudaMemAllocNodeParams params;
        __builtin_memset(&params, 0, sizeof params);
        params.poolProps.allocType = cudaMemAllocationTypePinned;
        params.poolProps.location.type = cudaMemLocationTypeDevice;
        hipGetDevice(&params.poolProps.location.id);
        params.bytesize = size;
        *err = cudaGraphAddMemAllocNode(&node, graph, deps, n, &params);
        if (*err == cudaSuccess) *ptr = params.dptr;
    } else {
        *err = cudaGraphAddMemFreeNode(&node, graph, deps, n, ptr ? *ptr : (void *)0);
    }
    __cu2amd_capture_added(stream, &node, err);
    return 1;
}

/* ------------------------------------------------------------------ executable graph state */

/* What cu2amd keeps about an executable graph: its flags, the graph it came from, and, for
 * disabling nodes, a shadow: a copy of the graph as instantiated that every change of the
 * executable graph's parameters also changes. While nodes are disabled, a launch runs an
 * instantiation of the shadow with those nodes made empty (rebuilt after changes). */
struct __cu2amd_exec_info {
    cudaGraphExec_t exec;
    cudaGraph_t graph;
    unsigned long long flags;
    cudaGraphNode_t *first;  /* the instantiated graph's nodes */
    unsigned char *disabled; /* per node of first */
    cudaGraphNode_t *nodes;  /* first's nodes in the shadow's order */
    cudaGraphNode_t *shadow_nodes; /* the shadow's nodes, in its order */
    size_t n, n_disabled;
    cudaGraph_t shadow;
    cudaGraphExec_t alt; /* the shadow's instantiation with the disabled nodes empty */
    int stale;           /* alt is out of date */
    __cu2amd_exec_info *next;
};
__host__ inline __cu2amd_exec_info **__cu2amd_exec_infos(void) {
    static __cu2amd_exec_info *infos = 0;
    return &infos;
}
CU2AMD_API __cu2amd_exec_info *__cu2amd_exec_find(cudaGraphExec_t exec) {
    for (__cu2amd_exec_info *e = *__cu2amd_exec_infos(); e; e = e->next)
        if (e->exec == exec) return e;
    return (__cu2amd_exec_info *)0;
}
CU2AMD_API cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags) {
    __cu2amd_graph_guard guard_;
    __cu2amd_exec_info *e = __cu2amd_exec_find(graphExec);
    if (!e) return __cu2amd_fail(cudaErrorInvalidValue);
    if (!flags) return __cu2amd_fail(cudaErrorInvalidValue);
    *flags = e->flags;
    return cudaSuccess;
}
/* After hipGraphInstantiate: the executable graph's record; the graph's allocations are its. */
CU2AMD_API cudaError_t __cu2amd_exec_created(cudaGraphExec_t exec, cudaGraph_t graph, unsigned long long flags) {
    __cu2amd_graph_guard guard_;
    __cu2amd_exec_info *e = (__cu2amd_exec_info *)__builtin_calloc(1, sizeof(__cu2amd_exec_info));
    if (!e) return cudaErrorMemoryAllocation;
    e->exec = exec, e->graph = graph, e->flags = flags;
    cudaError_t err = CU2AMD_ERR(hipGraphClone(&e->shadow, graph));
    if (err == cudaSuccess) err = __cu2amd_cond_own(e->shadow); /* the bodies as instantiated */
    if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphGetNodes(graph, (cudaGraphNode_t *)0, &e->n));
    if (err == cudaSuccess) {
        e->first = (cudaGraphNode_t *)__builtin_malloc(3 * (e->n + 1) * sizeof(cudaGraphNode_t));
        e->nodes = e->first + e->n + 1, e->shadow_nodes = e->nodes + e->n + 1;
        e->disabled = (unsigned char *)__builtin_calloc(e->n + 1, 1);
        if (!e->first || !e->disabled) err = cudaErrorMemoryAllocation;
    }
    if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphGetNodes(graph, e->first, &e->n));
    if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphGetNodes(e->shadow, e->shadow_nodes, &e->n));
    if (err != cudaSuccess) {
        if (e->shadow) __cu2amd_cond_forget(e->shadow), hipGraphDestroy(e->shadow);
        __builtin_free(e->first), __builtin_free(e->disabled), __builtin_free(e);
        return err;
    }
    __builtin_memcpy(e->nodes, e->first, e->n * sizeof(cudaGraphNode_t));
    e->next = *__cu2amd_exec_infos();
    *__cu2amd_exec_infos() = e;
    for (__cu2amd_graph_alloc *r = __cu2amd_graph_mem_state()->allocs; r; r = r->next)
        if (r->graph == graph) r->exec = exec;
    return cudaSuccess;
}
/* Only one instantiation of a graph with memory nodes may exist at a time. */
CU2AMD_API int __cu2amd_exec_allowed(cudaGraph_t graph) {
    __cu2amd_graph_guard guard_;
    for (__cu2amd_graph_alloc *r = __cu2amd_graph_mem_state()->allocs; r; r = r->next)
        if (r->graph == graph && r->exec) return 0;
    return 1;
}
CU2AMD_API void __cu2amd_exec_destroyed(cudaGraphExec_t exec) {
    __cu2amd_exec_info *e = (__cu2amd_exec_info *)0;
    {
        __cu2amd_graph_guard guard_;
        for (__cu2amd_exec_info **p = __cu2amd_exec_infos(); *p; p = &(*p)->next)
            if ((*p)->exec == exec) {
                e = *p;
                *p = e->next;
                break;
            }
        for (__cu2amd_graph_alloc *r = __cu2amd_graph_mem_state()->allocs; r; r = r->next)
            if (r->exec == exec) r->exec = (cudaGraphExec_t)0;
    }
    if (!e) return;
    if (e->alt) hipGraphExecDestroy(e->alt); /* outside the lock: it may wait for the device */
    __cu2amd_cond_forget(e->shadow);
    hipGraphDestroy(e->shadow);
    __builtin_free(e->first), __builtin_free(e->disabled), __builtin_free(e);
}
/* Before a launch: an allocation of the graph still in use from the last launch is freed
 * with cudaGraphInstantiateFlagAutoFreeOnLaunch, an error otherwise (CUDA's rule). */
CU2AMD_API cudaError_t __cu2amd_exec_launching(cudaGraphExec_t exec) {
    __cu2amd_graph_guard guard_;
    __cu2amd_exec_info *e = __cu2amd_exec_find(exec);
    if (!e) return cudaSuccess;
    for (__cu2amd_graph_alloc *r = __cu2amd_graph_mem_state()->allocs; r; r = r->next)
        if (r->exec == exec && r->live) {
            if (!(e->flags & cudaGraphInstantiateFlagAutoFreeOnLaunch)) return __cu2amd_fail(cudaErrorInvalidValue);
            __cu2amd_graph_free_run(r);
        }
    return cudaSuccess;
}
/* The shadow's node standing for `node` of the instantiated graph (NULL if none); the
 * shadow's instantiation is out of date from now on. */
CU2AMD_API cudaGraphNode_t __cu2amd_exec_shadow(cudaGraphExec_t exec, cudaGraphNode_t node) {
    __cu2amd_graph_guard guard_;
    __cu2amd_exec_info *e = __cu2amd_exec_find(exec);
    size_t i = 0;
    while (e && i < e->n && e->nodes[i] != node) i++;
    if (!e || i == e->n) return (cudaGraphNode_t)0;
    e->stale = 1;
    return e->shadow_nodes[i];
}
/* The executable graph a launch runs: the shadow's instantiation without the disabled
 * nodes (made again when out of date), or the executable graph itself. */
CU2AMD_API cudaError_t __cu2amd_exec_to_launch_locked(cudaGraphExec_t *exec, cudaGraphExec_t *old);
CU2AMD_API cudaError_t __cu2amd_exec_to_launch(cudaGraphExec_t *exec) {
    cudaGraphExec_t old = (cudaGraphExec_t)0;
    cudaError_t err;
    {
        __cu2amd_graph_guard guard_;
        err = __cu2amd_exec_to_launch_locked(exec, &old);
    }
    if (old) hipGraphExecDestroy(old); /* outside the lock: it may wait for the device */
    return err;
}
CU2AMD_API cudaError_t __cu2amd_exec_to_launch_locked(cudaGraphExec_t *exec, cudaGraphExec_t *old) {
    __cu2amd_exec_info *e = __cu2amd_exec_find(*exec);
    if (!e || !e->n_disabled) return cudaSuccess;
    if (e->alt && !e->stale) {
        *exec = e->alt;
        return cudaSuccess;
    }
    *old = e->alt, e->alt = (cudaGraphExec_t)0;
    cudaGraph_t copy;
    size_t n = e->n, nd = 0, nt = 0;
    cudaError_t err = CU2AMD_ERR(hipGraphClone(&copy, e->shadow));
    if (err != cudaSuccess) return err;
    cudaGraphNode_t *nodes = (cudaGraphNode_t *)__builtin_malloc(3 * (n + 1) * sizeof(cudaGraphNode_t));
    cudaGraphNode_t *deps = nodes + n + 1, *dependents = nodes + 2 * (n + 1);
    if (!nodes) err = cudaErrorMemoryAllocation;
    if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphGetNodes(copy, nodes, &n));
    for (size_t i = 0; i < n && err == cudaSuccess; i++) {
        size_t k = 0;
        while (k < e->n && e->first[k] != e->nodes[i]) k++;
        if (k == e->n || !e->disabled[k]) continue;
        cudaGraphNode_t empty;
        nd = nt = n;
        err = CU2AMD_ERR(hipGraphNodeGetDependencies(nodes[i], deps, &nd));
        if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphNodeGetDependentNodes(nodes[i], dependents, &nt));
        if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphDestroyNode(nodes[i]));
        if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphAddEmptyNode(&empty, copy, deps, nd));
        for (size_t j = 0; j < nt && err == cudaSuccess; j++)
            err = CU2AMD_ERR(hipGraphAddDependencies(copy, &empty, &dependents[j], 1));
    }
    if (err == cudaSuccess)
        err = CU2AMD_ERR(hipGraphInstantiate(&e->alt, copy, (cudaGraphNode_t *)0, (char *)0, 0));
    __builtin_free(nodes);
    hipGraphDestroy(copy);
    if (err != cudaSuccess) return __cu2amd_fail(err);
    e->stale = 0;
    *exec = e->alt;
    return cudaSuccess;
}
/* A child graph node's new graph: the shadow's node is made again (HIP 5.2 has no
 * hipGraphChildGraphNodeSetParams), with its edges; it is now the shadow's last node. */
CU2AMD_API cudaError_t __cu2amd_exec_shadow_child(cudaGraphExec_t exec, cudaGraphNode_t node, cudaGraph_t child) {
    __cu2amd_graph_guard guard_;
    __cu2amd_exec_info *e = __cu2amd_exec_find(exec);
    cudaGraphNode_t old = __cu2amd_exec_shadow(exec, node), made = (cudaGraphNode_t)0;
    if (!e || !old) return cudaSuccess;
    size_t i = 0, n = e->n, nd = e->n, nt = e->n;
    while (e->nodes[i] != node) i++;
    cudaGraphNode_t *deps = (cudaGraphNode_t *)__builtin_malloc(2 * (n + 1) * sizeof(cudaGraphNode_t));
    if (!deps) return __cu2amd_fail(cudaErrorMemoryAllocation);
    cudaGraphNode_t *dependents = deps + n + 1;
    cudaError_t err = CU2AMD_ERR(hipGraphNodeGetDependencies(old, deps, &nd));
    if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphNodeGetDependentNodes(old, dependents, &nt));
    if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphDestroyNode(old));
    if (err == cudaSuccess) err = CU2AMD_ERR(hipGraphAddChildGraphNode(&made, e->shadow, deps, nd, child));
    if (err == cudaSuccess) err = __cu2amd_cond_own_child(made);
    for (size_t j = 0; j < nt && err == cudaSuccess; j++)
        err = CU2AMD_ERR(hipGraphAddDependencies(e->shadow, &made, &dependents[j], 1));
    __builtin_free(deps);
    for (; i + 1 < n; i++) e->nodes[i] = e->nodes[i + 1], e->shadow_nodes[i] = e->shadow_nodes[i + 1];
    e->nodes[n - 1] = node, e->shadow_nodes[n - 1] = made;
    return err;
}
/* cudaGraphExecUpdate: the shadow is now a copy of the graph the update came from (whose
 * nodes match the instantiated graph's in order). */
CU2AMD_API cudaError_t __cu2amd_exec_shadow_update(cudaGraphExec_t exec, cudaGraph_t graph) {
    __cu2amd_graph_guard guard_;
    __cu2amd_exec_info *e = __cu2amd_exec_find(exec);
    cudaGraph_t copy;
    if (!e) return cudaSuccess;
    cudaError_t err = CU2AMD_ERR(hipGraphClone(&copy, graph));
    if (err == cudaSuccess) err = __cu2amd_cond_own(copy);
    if (err != cudaSuccess) return err;
    __cu2amd_cond_forget(e->shadow);
    hipGraphDestroy(e->shadow);
    e->shadow = copy, e->stale = 1;
    __builtin_memcpy(e->nodes, e->first, e->n * sizeof(cudaGraphNode_t));
    return CU2AMD_ERR(hipGraphGetNodes(e->shadow, e->shadow_nodes, &e->n));
}
/* Only kernel, copy and set nodes of the instantiated graph can be disabled (CUDA's rule). */
CU2AMD_API size_t __cu2amd_exec_node_index(__cu2amd_exec_info *e, cudaGraphNode_t node) {
    cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
    size_t i = 0;
    while (e && i < e->n && e->first[i] != node) i++;
    if (!e || i == e->n || cudaGraphNodeGetType(node, &type) != cudaSuccess ||
        (type != cudaGraphNodeTypeKernel && type != cudaGraphNodeTypeMemcpy && type != cudaGraphNodeTypeMemset))
        return (size_t)-1;
    return i;
}
CU2AMD_API cudaError_t cudaGraphNodeSetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                               unsigned int isEnabled) {
    __cu2amd_graph_guard guard_;
    __cu2amd_exec_info *e = __cu2amd_exec_find(hGraphExec);
    size_t i = __cu2amd_exec_node_index(e, hNode);
    if (i == (size_t)-1) return __cu2amd_fail(cudaErrorInvalidValue);
    unsigned char disabled = isEnabled ? 0 : 1;
    if (e->disabled[i] != disabled) {
        e->n_disabled += disabled ? 1 : (size_t)-1;
        e->disabled[i] = disabled, e->stale = 1;
    }
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaGraphNodeGetEnabled(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                               unsigned int *isEnabled) {
    __cu2amd_graph_guard guard_;
    __cu2amd_exec_info *e = __cu2amd_exec_find(hGraphExec);
    size_t i = __cu2amd_exec_node_index(e, hNode);
    if (i == (size_t)-1 || !isEnabled) return __cu2amd_fail(cudaErrorInvalidValue);
    *isEnabled = !e->disabled[i];
    return cudaSuccess;
}

/* ------------------------------------------------------------------ kernel node attributes */

/* The values set on kernel nodes, kept here (ROCm 5.2's libamdhip64 does not export its
 * hipGraphKernelNodeSetAttribute): they have no effect on the launches. */
struct __cu2amd_kernel_attrs {
    cudaGraphNode_t node;
    unsigned mask; /* 1 << id for each attribute set */
    cudaLaunchAttributeValue values[11];
    __cu2amd_kernel_attrs *next;
};
__host__ inline __cu2amd_kernel_attrs **__cu2amd_kernel_attr_list(void) {
    static __cu2amd_kernel_attrs *list = 0;
    return &list;
}
CU2AMD_API __cu2amd_kernel_attrs *__cu2amd_kernel_attrs_of(cudaGraphNode_t node, int create) {
    for (__cu2amd_kernel_attrs *a = *__cu2amd_kernel_attr_list(); a; a = a->next)
        if (a->node == node) return a;
    if (!create) return (__cu2amd_kernel_attrs *)0;
    __cu2amd_kernel_attrs *a = (__cu2amd_kernel_attrs *)__builtin_calloc(1, sizeof(__cu2amd_kernel_attrs));
    if (a) a->node = node, a->next = *__cu2amd_kernel_attr_list(), *__cu2amd_kernel_attr_list() = a;
    return a;
}
/* The attributes a kernel node has (launch-only ones, such as programmatic launch, are not). */
CU2AMD_API int __cu2amd_kernel_attr_known(int attr) {
    return attr == cudaLaunchAttributeAccessPolicyWindow || attr == cudaLaunchAttributeCooperative ||
           attr == cudaLaunchAttributeClusterDimension ||
           attr == cudaLaunchAttributeClusterSchedulingPolicyPreference ||
           attr == cudaLaunchAttributePriority || attr == cudaLaunchAttributeMemSyncDomainMap ||
           attr == cudaLaunchAttributeMemSyncDomain;
}
CU2AMD_API int __cu2amd_is_kernel_node(cudaGraphNode_t node) {
    int type = 0;
    return hipGraphNodeGetType(node, &type) == 0 && type == 1 /* hipGraphNodeTypeKernel */;
}
CU2AMD_API cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t hNode, cudaKernelNodeAttrID attr,
                                                       const cudaKernelNodeAttrValue *value) {
    __cu2amd_graph_guard guard_;
    if (!value || !__cu2amd_is_kernel_node(hNode) || !__cu2amd_kernel_attr_known(attr))
        return __cu2amd_fail(cudaErrorInvalidValue);
    if (attr == cudaLaunchAttributeAccessPolicyWindow &&
        (value->accessPolicyWindow.hitRatio < 0.0f || value->accessPolicyWindow.hitRatio > 1.0f))
        return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_kernel_attrs *a = __cu2amd_kernel_attrs_of(hNode, 1);
    if (!a) return __cu2amd_fail(cudaErrorMemoryAllocation);
    a->values[attr] = *value;
    a->mask |= 1u << attr;
    return cudaSuccess;
}
/* An attribute never set has its default: zeros. */
CU2AMD_API cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t hNode, cudaKernelNodeAttrID attr,
                                                       cudaKernelNodeAttrValue *value_out) {
    __cu2amd_graph_guard guard_;
    if (!value_out || !__cu2amd_is_kernel_node(hNode) || !__cu2amd_kernel_attr_known(attr))
        return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_kernel_attrs *a = __cu2amd_kernel_attrs_of(hNode, 0);
    if (a && (a->mask & (1u << attr))) *value_out = a->values[attr];
    else __builtin_memset(value_out, 0, sizeof *value_out);
    return cudaSuccess;
}
/* CUDA 12.0's argument order (source first). */
CU2AMD_API cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t hSrc, cudaGraphNode_t hDst) {
    __cu2amd_graph_guard guard_;
    if (!__cu2amd_is_kernel_node(hSrc) || !__cu2amd_is_kernel_node(hDst)) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_kernel_attrs *from = __cu2amd_kernel_attrs_of(hSrc, 0), *to = __cu2amd_kernel_attrs_of(hDst, 1);
    if (!to) return __cu2amd_fail(cudaErrorMemoryAllocation);
    if (from) __builtin_memcpy(to->values, from->values, sizeof to->values);
    else __builtin_memset(to->values, 0, sizeof to->values);
    to->mask = from ? from->mask : 0;
    return cudaSuccess;
}
/* A clone's kernel nodes have their originals' attributes. */
CU2AMD_API void __cu2amd_kernel_attrs_clone(cudaGraph_t clone) {
    __cu2amd_graph_guard guard_;
    for (__cu2amd_kernel_attrs *a = *__cu2amd_kernel_attr_list(); a; a = a->next) {
        cudaGraphNode_t copy;
        if (hipGraphNodeFindInClone(&copy, a->node, clone) != 0) continue;
        __cu2amd_kernel_attrs *c = __cu2amd_kernel_attrs_of(copy, 1);
        if (c) __builtin_memcpy(c->values, a->values, sizeof a->values), c->mask = a->mask;
    }
}
/* A destroyed node's attributes are forgotten (a later node may get its address). */
CU2AMD_API void __cu2amd_kernel_attrs_forget(cudaGraphNode_t node) {
    __cu2amd_graph_guard guard_;
    for (__cu2amd_kernel_attrs **p = __cu2amd_kernel_attr_list(); *p; p = &(*p)->next)
        if ((*p)->node == node) {
            __cu2amd_kernel_attrs *a = *p;
            *p = a->next;
            __builtin_free(a);
            return;
        }
}

/* ------------------------------------------------------------------ generic node parameters */

CU2AMD_API cudaError_t __cu2amd_edges_default(const cudaGraphEdgeData *edges, size_t n) {
    for (size_t i = 0; edges && i < n; i++) {
        const cudaGraphEdgeData *e = &edges[i];
        for (int j = 0; j < 5; j++)
            if (e->reserved[j]) return __cu2amd_fail(cudaErrorInvalidValue);
        if (e->type > cudaGraphDependencyTypeProgrammatic || e->to_port != 0 ||
            e->from_port > cudaGraphKernelNodePortLaunchCompletion)
            return __cu2amd_fail(cudaErrorInvalidValue);
        /* programmatic dependent launch is not provided */
        if (e->type != cudaGraphDependencyTypeDefault || e->from_port != cudaGraphKernelNodePortDefault)
            return __cu2amd_fail(cudaErrorNotSupported);
    }
    return cudaSuccess;
}
CU2AMD_API cudaError_t __cu2amd_node_params_check(const cudaGraphNodeParams *p) {
    if (!p || p->reserved0[0] || p->reserved0[1] || p->reserved0[2] || p->reserved2)
        return __cu2amd_fail(cudaErrorInvalidValue);
    if (p->type == cudaGraphNodeTypeMemcpy &&
        (p->memcpy.flags || p->memcpy.reserved[0] || p->memcpy.reserved[1] || p->memcpy.reserved[2]))
        return __cu2amd_fail(cudaErrorInvalidValue);
    return cudaSuccess;
}
CU2AMD_API cudaKernelNodeParams __cu2amd_kernel_v1(const cudaKernelNodeParamsV2 *k) {
    cudaKernelNodeParams p;
    p.func = k->func, p.gridDim = k->gridDim, p.blockDim = k->blockDim, p.sharedMemBytes = k->sharedMemBytes;
    p.kernelParams = k->kernelParams, p.extra = k->extra;
    return p;
}
CU2AMD_API cudaMemsetParams __cu2amd_memset_v1(const cudaMemsetParamsV2 *m) {
    cudaMemsetParams p;
    p.dst = m->dst, p.pitch = m->pitch, p.value = m->value, p.elementSize = m->elementSize;
    p.width = m->width, p.height = m->height;
    return p;
}
CU2AMD_API cudaError_t __cu2amd_cond_add(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                         const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                         struct cudaConditionalNodeParams *p);
CU2AMD_API cudaError_t cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                        cudaGraphNodeParams *nodeParams) {
    cudaError_t err = __cu2amd_node_params_check(nodeParams);
    if (err != cudaSuccess) return err;
    const cudaGraphNode_t *d = pDependencies;
    size_t n = numDependencies;
    cudaGraphNodeParams *p = nodeParams;
    switch (p->type) {
    case cudaGraphNodeTypeKernel: {
        cudaKernelNodeParams k = __cu2amd_kernel_v1(&p->kernel);
        return cudaGraphAddKernelNode(pGraphNode, graph, d, n, &k);
    }
    case cudaGraphNodeTypeMemcpy: return cudaGraphAddMemcpyNode(pGraphNode, graph, d, n, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
        cudaMemsetParams m = __cu2amd_memset_v1(&p->memset);
        return cudaGraphAddMemsetNode(pGraphNode, graph, d, n, &m);
    }
    case cudaGraphNodeTypeHost: {
        cudaHostNodeParams h = {p->host.fn, p->host.userData};
        return cudaGraphAddHostNode(pGraphNode, graph, d, n, &h);
    }
    case cudaGraphNodeTypeGraph: return cudaGraphAddChildGraphNode(pGraphNode, graph, d, n, p->graph.graph);
    case cudaGraphNodeTypeEmpty: return cudaGraphAddEmptyNode(pGraphNode, graph, d, n);
    case cudaGraphNodeTypeWaitEvent: return cudaGraphAddEventWaitNode(pGraphNode, graph, d, n, p->eventWait.event);
    case cudaGraphNodeTypeEventRecord:
        return cudaGraphAddEventRecordNode(pGraphNode, graph, d, n, p->eventRecord.event);
    case cudaGraphNodeTypeMemAlloc: {
        cudaMemAllocNodeParams a;
        __builtin_memcpy(&a, &p->alloc, sizeof a);
        err = cudaGraphAddMemAllocNode(pGraphNode, graph, d, n, &a);
        if (err == cudaSuccess) p->alloc.dptr = a.dptr;
        return err;
    }
    case cudaGraphNodeTypeMemFree: return cudaGraphAddMemFreeNode(pGraphNode, graph, d, n, p->free.dptr);
    case cudaGraphNodeTypeExtSemaphoreSignal: {
        struct cudaExternalSemaphoreSignalNodeParams s = {p->extSemSignal.extSemArray, p->extSemSignal.paramsArray,
                                                          p->extSemSignal.numExtSems};
        return cudaGraphAddExternalSemaphoresSignalNode(pGraphNode, graph, d, n, &s);
    }
    case cudaGraphNodeTypeExtSemaphoreWait: {
        struct cudaExternalSemaphoreWaitNodeParams w = {p->extSemWait.extSemArray, p->extSemWait.paramsArray,
                                                        p->extSemWait.numExtSems};
        return cudaGraphAddExternalSemaphoresWaitNode(pGraphNode, graph, d, n, &w);
    }
    case cudaGraphNodeTypeConditional: return __cu2amd_cond_add(pGraphNode, graph, d, n, &p->conditional);
    default: return __cu2amd_fail(cudaErrorInvalidValue);
    }
}
CU2AMD_API cudaError_t cudaGraphAddNode_v2(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                           const cudaGraphNode_t *pDependencies,
                                           const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                                           cudaGraphNodeParams *nodeParams) {
    cudaError_t err = __cu2amd_edges_default(dependencyData, numDependencies);
    if (err != cudaSuccess) return err;
    return cudaGraphAddNode(pGraphNode, graph, pDependencies, numDependencies, nodeParams);
}
/* cudaGraphNodeSetParams (in_exec 0) and cudaGraphExecNodeSetParams (1, in exec): the typed function of the
 * node's type. */
CU2AMD_API cudaError_t __cu2amd_node_set_params(int in_exec, cudaGraphExec_t exec, cudaGraphNode_t node,
                                                cudaGraphNodeParams *nodeParams) {
    cudaError_t err = __cu2amd_node_params_check(nodeParams);
    cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
    if (err == cudaSuccess) err = cudaGraphNodeGetType(node, &type);
    if (err != cudaSuccess) return err;
    cudaGraphNodeParams *p = nodeParams;
    if (p->type != type) return __cu2amd_fail(cudaErrorInvalidValue);
    switch (type) {
    case cudaGraphNodeTypeKernel: {
        cudaKernelNodeParams k = __cu2amd_kernel_v1(&p->kernel);
        return in_exec ? cudaGraphExecKernelNodeSetParams(exec, node, &k) : cudaGraphKernelNodeSetParams(node, &k);
    }
    case cudaGraphNodeTypeMemcpy:
        return in_exec ? cudaGraphExecMemcpyNodeSetParams(exec, node, &p->memcpy.copyParams)
                    : cudaGraphMemcpyNodeSetParams(node, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
        cudaMemsetParams m = __cu2amd_memset_v1(&p->memset);
        return in_exec ? cudaGraphExecMemsetNodeSetParams(exec, node, &m) : cudaGraphMemsetNodeSetParams(node, &m);
    }
    case cudaGraphNodeTypeHost: {
        cudaHostNodeParams h = {p->host.fn, p->host.userData};
        return in_exec ? cudaGraphExecHostNodeSetParams(exec, node, &h) : cudaGraphHostNodeSetParams(node, &h);
    }
    case cudaGraphNodeTypeGraph: /* a graph's child graph node cannot change: CUDA's rule too */
        return in_exec ? cudaGraphExecChildGraphNodeSetParams(exec, node, p->graph.graph)
                    : __cu2amd_fail(cudaErrorNotSupported);
    case cudaGraphNodeTypeEmpty: return cudaSuccess;
    case cudaGraphNodeTypeWaitEvent:
        return in_exec ? cudaGraphExecEventWaitNodeSetEvent(exec, node, p->eventWait.event)
                    : cudaGraphEventWaitNodeSetEvent(node, p->eventWait.event);
    case cudaGraphNodeTypeEventRecord:
        return in_exec ? cudaGraphExecEventRecordNodeSetEvent(exec, node, p->eventRecord.event)
                    : cudaGraphEventRecordNodeSetEvent(node, p->eventRecord.event);
    case cudaGraphNodeTypeExtSemaphoreSignal: {
        struct cudaExternalSemaphoreSignalNodeParams s = {p->extSemSignal.extSemArray, p->extSemSignal.paramsArray,
                                                          p->extSemSignal.numExtSems};
        return in_exec ? cudaGraphExecExternalSemaphoresSignalNodeSetParams(exec, node, &s)
                    : cudaGraphExternalSemaphoresSignalNodeSetParams(node, &s);
    }
    case cudaGraphNodeTypeExtSemaphoreWait: {
        struct cudaExternalSemaphoreWaitNodeParams w = {p->extSemWait.extSemArray, p->extSemWait.paramsArray,
                                                        p->extSemWait.numExtSems};
        return in_exec ? cudaGraphExecExternalSemaphoresWaitNodeSetParams(exec, node, &w)
                    : cudaGraphExternalSemaphoresWaitNodeSetParams(node, &w);
    }
    default: return __cu2amd_fail(cudaErrorNotSupported); /* alloc and free nodes cannot change */
    }
}
CU2AMD_API cudaError_t cudaGraphNodeSetParams(cudaGraphNode_t node, cudaGraphNodeParams *nodeParams) {
    return __cu2amd_node_set_params(0, (cudaGraphExec_t)0, node, nodeParams);
}
CU2AMD_API cudaError_t cudaGraphExecNodeSetParams(cudaGraphExec_t graphExec, cudaGraphNode_t node,
                                                  cudaGraphNodeParams *nodeParams) {
    return __cu2amd_node_set_params(1, graphExec, node, nodeParams);
}
CU2AMD_API cudaError_t __cu2amd_cond_params(cudaGraphNode_t node, struct cudaConditionalNodeParams *p);
/* Any node's parameters in the generic form (for copying a node into another graph). */
CU2AMD_API cudaError_t __cu2amd_node_params(cudaGraphNode_t node, cudaGraphNodeParams *p) {
    __builtin_memset((void *)p, 0, sizeof *p); /* (void *): g++ -Wclass-memaccess */
    cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
    cudaError_t err = cudaGraphNodeGetType(node, &type);
    if (err != cudaSuccess) return err;
    p->type = type;
    switch (type) {
    case cudaGraphNodeTypeKernel: {
        cudaKernelNodeParams k;
        err = cudaGraphKernelNodeGetParams(node, &k);
        p->kernel.func = k.func, p->kernel.gridDim = k.gridDim, p->kernel.blockDim = k.blockDim;
        p->kernel.sharedMemBytes = k.sharedMemBytes, p->kernel.kernelParams = k.kernelParams, p->kernel.extra = k.extra;
        return err;
    }
    case cudaGraphNodeTypeMemcpy: return cudaGraphMemcpyNodeGetParams(node, &p->memcpy.copyParams);
    case cudaGraphNodeTypeMemset: {
        cudaMemsetParams m;
        err = cudaGraphMemsetNodeGetParams(node, &m);
        p->memset.dst = m.dst, p->memset.pitch = m.pitch, p->memset.value = m.value;
        p->memset.elementSize = m.elementSize, p->memset.width = m.width, p->memset.height = m.height;
        return err;
    }
    case cudaGraphNodeTypeHost: {
        cudaHostNodeParams h;
        err = cudaGraphHostNodeGetParams(node, &h);
        p->host.fn = h.fn, p->host.userData = h.userData;
        return err;
    }
    case cudaGraphNodeTypeGraph: return cudaGraphChildGraphNodeGetGraph(node, &p->graph.graph);
    case cudaGraphNodeTypeWaitEvent: return cudaGraphEventWaitNodeGetEvent(node, &p->eventWait.event);
    case cudaGraphNodeTypeEventRecord: return cudaGraphEventRecordNodeGetEvent(node, &p->eventRecord.event);
    case cudaGraphNodeTypeMemAlloc: {
        cudaMemAllocNodeParams a;
        err = cudaGraphMemAllocNodeGetParams(node, &a);
        __builtin_memcpy(&p->alloc, &a, sizeof a);
        return err;
    }
    case cudaGraphNodeTypeMemFree: return cudaGraphMemFreeNodeGetParams(node, &p->free.dptr);
    case cudaGraphNodeTypeConditional: return __cu2amd_cond_params(node, &p->conditional);
    case cudaGraphNodeTypeExtSemaphoreSignal: {
        struct cudaExternalSemaphoreSignalNodeParams s;
        err = cudaGraphExternalSemaphoresSignalNodeGetParams(node, &s);
        p->extSemSignal.extSemArray = s.extSemArray, p->extSemSignal.paramsArray = s.paramsArray;
        p->extSemSignal.numExtSems = s.numExtSems;
        return err;
    }
    case cudaGraphNodeTypeExtSemaphoreWait: {
        struct cudaExternalSemaphoreWaitNodeParams w;
        err = cudaGraphExternalSemaphoresWaitNodeGetParams(node, &w);
        p->extSemWait.extSemArray = w.extSemArray, p->extSemWait.paramsArray = w.paramsArray;
        p->extSemWait.numExtSems = w.numExtSems;
        return err;
    }
    default: return cudaSuccess;
    }
}

/* ------------------------------------------------------------------ edge data (the _v2 forms) */

/* Fills the edge data of a query: every edge is a default one. */
CU2AMD_API cudaError_t __cu2amd_default_edges(cudaError_t err, cudaGraphEdgeData *edgeData, const void *out,
                                              size_t count) {
    if (err == cudaSuccess && edgeData && out) __builtin_memset(edgeData, 0, count * sizeof *edgeData);
    return err;
}
CU2AMD_API cudaError_t cudaGraphAddDependencies_v2(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                   const cudaGraphNode_t *to, const cudaGraphEdgeData *edgeData,
                                                   size_t numDependencies) {
    cudaError_t err = __cu2amd_edges_default(edgeData, numDependencies);
    return err != cudaSuccess ? err : cudaGraphAddDependencies(graph, from, to, numDependencies);
}
CU2AMD_API cudaError_t cudaGraphRemoveDependencies_v2(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                      const cudaGraphNode_t *to, const cudaGraphEdgeData *edgeData,
                                                      size_t numDependencies) {
    cudaError_t err = __cu2amd_edges_default(edgeData, numDependencies);
    return err != cudaSuccess ? err : cudaGraphRemoveDependencies(graph, from, to, numDependencies);
}
CU2AMD_API cudaError_t cudaGraphGetEdges_v2(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                                            cudaGraphEdgeData *edgeData, size_t *numEdges) {
    if (edgeData && !from) return __cu2amd_fail(cudaErrorInvalidValue);
    size_t asked = numEdges ? *numEdges : 0;
    return __cu2amd_default_edges(cudaGraphGetEdges(graph, from, to, numEdges), edgeData, from, asked);
}
CU2AMD_API cudaError_t cudaGraphNodeGetDependencies_v2(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                                       cudaGraphEdgeData *edgeData, size_t *pNumDependencies) {
    if (edgeData && !pDependencies) return __cu2amd_fail(cudaErrorInvalidValue);
    size_t asked = pNumDependencies ? *pNumDependencies : 0;
    return __cu2amd_default_edges(cudaGraphNodeGetDependencies(node, pDependencies, pNumDependencies), edgeData,
                                  pDependencies, asked);
}
CU2AMD_API cudaError_t cudaGraphNodeGetDependentNodes_v2(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                                         cudaGraphEdgeData *edgeData, size_t *pNumDependentNodes) {
    if (edgeData && !pDependentNodes) return __cu2amd_fail(cudaErrorInvalidValue);
    size_t asked = pNumDependentNodes ? *pNumDependentNodes : 0;
    return __cu2amd_default_edges(cudaGraphNodeGetDependentNodes(node, pDependentNodes, pNumDependentNodes),
                                  edgeData, pDependentNodes, asked);
}

/* ------------------------------------------------------------------ capture (CUDA 12.3's forms) */

CU2AMD_API cudaError_t cudaStreamGetCaptureInfo_v3(cudaStream_t stream, cudaStreamCaptureStatus *captureStatus_out,
                                                   unsigned long long *id_out = 0, cudaGraph_t *graph_out = 0,
                                                   const cudaGraphNode_t **dependencies_out = 0,
                                                   const cudaGraphEdgeData **edgeData_out = 0,
                                                   size_t *numDependencies_out = 0) {
    static __thread cudaGraphEdgeData *edges = 0; /* the edges reported, all default ones */
    static __thread size_t capacity = 0;
    size_t n = 0;
    if (edgeData_out && !dependencies_out) return __cu2amd_fail(cudaErrorInvalidValue);
    cudaError_t err = cudaStreamGetCaptureInfo(stream, captureStatus_out, id_out, graph_out, dependencies_out, &n);
    if (err != cudaSuccess) return err;
    if (numDependencies_out) *numDependencies_out = n;
    if (edgeData_out && *captureStatus_out == cudaStreamCaptureStatusActive) {
        if (n > capacity) {
            cudaGraphEdgeData *grown = (cudaGraphEdgeData *)__builtin_realloc(edges, n * sizeof *edges);
            if (!grown) return __cu2amd_fail(cudaErrorMemoryAllocation);
            edges = grown, capacity = n;
        }
        if (n) __builtin_memset(edges, 0, n * sizeof *edges);
        *edgeData_out = edges;
    }
    return cudaSuccess;
}
CU2AMD_API cudaError_t cudaStreamUpdateCaptureDependencies_v2(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                              const cudaGraphEdgeData *dependencyData,
                                                              size_t numDependencies, unsigned int flags = 0) {
    cudaError_t err = __cu2amd_edges_default(dependencyData, numDependencies);
    return err != cudaSuccess ? err : cudaStreamUpdateCaptureDependencies(stream, dependencies, numDependencies, flags);
}

/* Capture into an existing graph: the stream captures into a graph of its own, whose nodes
 * cudaStreamEndCapture then copies into the given graph after the given dependencies. */
struct __cu2amd_capture_target {
    cudaStream_t stream;
    cudaGraph_t graph;
    cudaGraphNode_t *deps;
    size_t n;
    __cu2amd_capture_target *next;
};
__host__ inline __cu2amd_capture_target **__cu2amd_capture_targets(void) {
    static __cu2amd_capture_target *targets = 0;
    return &targets;
}
CU2AMD_API int __cu2amd_graph_has_node(cudaGraph_t graph, cudaGraphNode_t node) {
    size_t n = 0;
    cudaGraphNode_t *nodes = __cu2amd_graph_nodes(graph, &n);
    int found = 0;
    for (size_t i = 0; i < n && !found; i++) found = nodes[i] == node;
    __builtin_free(nodes);
    return found;
}
CU2AMD_API cudaError_t cudaStreamBeginCaptureToGraph(cudaStream_t stream, cudaGraph_t graph,
                                                     const cudaGraphNode_t *dependencies,
                                                     const cudaGraphEdgeData *dependencyData, size_t numDependencies,
                                                     cudaStreamCaptureMode mode) {
    __cu2amd_graph_guard guard_;
    size_t nodes = 0;
    cudaError_t err = __cu2amd_edges_default(dependencyData, numDependencies);
    if (err != cudaSuccess) return err;
    if ((numDependencies && !dependencies) || hipGraphGetNodes(graph, (cudaGraphNode_t *)0, &nodes) != 0)
        return __cu2amd_fail(cudaErrorInvalidValue);
    for (size_t i = 0; i < numDependencies; i++)
        if (!__cu2amd_graph_has_node(graph, dependencies[i])) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_capture_target *t = (__cu2amd_capture_target *)__builtin_calloc(1, sizeof(__cu2amd_capture_target));
    if (!t || !(t->deps = (cudaGraphNode_t *)__builtin_malloc((numDependencies + 1) * sizeof(cudaGraphNode_t)))) {
        __builtin_free(t);
        return __cu2amd_fail(cudaErrorMemoryAllocation);
    }
    err = cudaStreamBeginCapture(stream, mode);
    if (err != cudaSuccess) {
        __builtin_free(t->deps), __builtin_free(t);
        return err;
    }
    if (numDependencies) __builtin_memcpy(t->deps, dependencies, numDependencies * sizeof(cudaGraphNode_t));
    t->stream = __cu2amd_stream(stream), t->graph = graph, t->n = numDependencies;
    t->next = *__cu2amd_capture_targets(), *__cu2amd_capture_targets() = t;
    return cudaSuccess;
}
/* Copies the captured graph's nodes into the target, in a dependency order; roots go after
 * the target's dependencies. */
CU2AMD_API cudaError_t __cu2amd_capture_merge(cudaGraph_t captured, const __cu2amd_capture_target *t) {
    size_t n = 0;
    cudaError_t err = cudaGraphGetNodes(captured, (cudaGraphNode_t *)0, &n);
    if (err != cudaSuccess || n == 0) return err;
    cudaGraphNode_t *nodes = (cudaGraphNode_t *)__builtin_malloc(4 * n * sizeof(cudaGraphNode_t));
    if (!nodes) return __cu2amd_fail(cudaErrorMemoryAllocation);
    cudaGraphNode_t *copies = nodes + n, *deps = nodes + 2 * n, *mapped = nodes + 3 * n;
    err = cudaGraphGetNodes(captured, nodes, &n);
    for (size_t i = 0; i < n; i++) copies[i] = (cudaGraphNode_t)0;
    for (size_t done = 0, progress = 1; err == cudaSuccess && done < n && progress;) {
        progress = 0;
        for (size_t i = 0; i < n && err == cudaSuccess; i++) {
            if (copies[i]) continue;
            size_t nd = n, ready = 1;
            err = cudaGraphNodeGetDependencies(nodes[i], deps, &nd);
            for (size_t j = 0; j < nd && ready && err == cudaSuccess; j++) {
                size_t k = 0;
                while (k < n && nodes[k] != deps[j]) k++;
                ready = k < n && copies[k];
                if (ready) mapped[j] = copies[k];
            }
            if (err != cudaSuccess || !ready) continue;
            const cudaGraphNode_t *after = nd ? mapped : t->deps;
            size_t count = nd ? nd : t->n;
            int is_alloc = 0;
            __cu2amd_graph_alloc *r = __cu2amd_graph_mem_node(nodes[i], &is_alloc);
            if (__cu2amd_cond_move(nodes[i], t->graph, after, count, &copies[i], &err)) {
            } else if (r) { /* the same allocation, now the target's */
                cudaHostNodeParams host = {is_alloc ? __cu2amd_graph_alloc_run : __cu2amd_graph_free_run, r};
                err = CU2AMD_ERR(hipGraphAddHostNode(&copies[i], t->graph, after, count, &host));
                if (is_alloc) r->graph = t->graph;
            } else {
                cudaGraphNodeParams p = {};
                err = __cu2amd_node_params(nodes[i], &p);
                if (err == cudaSuccess) err = cudaGraphAddNode(&copies[i], t->graph, after, count, &p);
            }
            done += err == cudaSuccess, progress = 1;
        }
    }
    __builtin_free(nodes);
    return err;
}

/* cudaStreamEndCapture of a capture into an existing graph: 1, with the result in *err. */
CU2AMD_API int __cu2amd_capture_end(cudaStream_t stream, cudaGraph_t *pGraph, cudaError_t *err) {
    __cu2amd_graph_guard guard_;
    for (__cu2amd_capture_target **p = __cu2amd_capture_targets(); *p; p = &(*p)->next) {
        __cu2amd_capture_target *t = *p;
        if (t->stream != __cu2amd_stream(stream)) continue;
        if (!pGraph) {
            *err = __cu2amd_fail(cudaErrorInvalidValue);
            return 1;
        }
        cudaGraph_t captured = (cudaGraph_t)0;
        *err = CU2AMD_ERR(hipStreamEndCapture(__cu2amd_stream(stream), &captured));
        if (*err == cudaErrorIllegalState || *err == cudaErrorStreamCaptureUnmatched ||
            *err == cudaErrorStreamCaptureWrongThread)
            return 1; /* the capture goes on */
        *p = t->next;
        if (*err == cudaSuccess) *err = __cu2amd_capture_merge(captured, t);
        if (captured) __cu2amd_cond_rehome(captured, t->graph), hipGraphDestroy(captured);
        *pGraph = *err == cudaSuccess ? t->graph : (cudaGraph_t)0;
        __builtin_free(t->deps), __builtin_free(t);
        return 1;
    }
    return 0;
}
/* A destroyed graph's allocations are no longer held by it; its nodes' attributes go. */
CU2AMD_API void __cu2amd_graph_mem_forget(cudaGraph_t graph) {
    __cu2amd_graph_guard guard_;
    for (__cu2amd_graph_alloc *r = __cu2amd_graph_mem_state()->allocs; r; r = r->next)
        if (r->graph == graph) r->graph = (cudaGraph_t)0;
    if (!*__cu2amd_kernel_attr_list()) return;
    size_t n = 0;
    cudaGraphNode_t *nodes = __cu2amd_graph_nodes(graph, &n);
    for (size_t i = 0; i < n; i++) __cu2amd_kernel_attrs_forget(nodes[i]);
    __builtin_free(nodes);
}

#include "cu2amd/runtime_graph_cond.h"

#endif
