/* The CUDA runtime API: CUDA graphs and stream capture. Part of cuda_runtime_api.h: include that.
 *
 * Over HIP's hipGraph* and capture functions (ROCm 5.2 has them); kernel and memset node
 * parameters are converted between CUDA's and HIP's layouts, node types between their
 * numberings. What HIP 5.2 lacks is built here: instantiation with parameters, the DOT
 * dump (from the node and edge queries), user objects (kept by this header). */
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

/* ------------------------------------------------------------------ graphs */

CU2AMD_API cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags) {
    return CU2AMD_ERR(hipGraphCreate(pGraph, flags));
}
CU2AMD_API cudaError_t __cu2amd_user_objects_drop(const void *owner);
CU2AMD_API cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
    cudaError_t err = CU2AMD_ERR(hipGraphDestroy(graph));
    if (err == cudaSuccess) __cu2amd_user_objects_drop(graph);
    return err;
}
CU2AMD_API cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph) {
    return CU2AMD_ERR(hipGraphClone(pGraphClone, originalGraph));
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
    int type = 0;
    cudaError_t err = CU2AMD_ERR(hipGraphNodeGetType(node, &type));
    if (err == cudaSuccess) *pType = __cu2amd_node_type(type);
    return err;
}
CU2AMD_API cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node) { return CU2AMD_ERR(hipGraphDestroyNode(node)); }

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
    return CU2AMD_ERR(hipGraphHostNodeGetParams(node, pNodeParams));
}
CU2AMD_API cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const cudaHostNodeParams *pNodeParams) {
    return CU2AMD_ERR(hipGraphHostNodeSetParams(node, pNodeParams));
}

CU2AMD_API cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                                  const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                                  cudaGraph_t childGraph) {
    return CU2AMD_ERR(hipGraphAddChildGraphNode(pGraphNode, graph, pDependencies, numDependencies, childGraph));
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
    cudaError_t err = CU2AMD_ERR(hipGraphInstantiate(pGraphExec, graph, (cudaGraphNode_t *)0, (char *)0, 0));
    if (err == cudaSuccess) err = __cu2amd_user_objects_copy(graph, *pGraphExec);
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
    if (err == cudaSuccess) __cu2amd_user_objects_drop(graphExec);
    return err;
}
CU2AMD_API cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream = 0) {
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
    return err;
}
CU2AMD_API cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                        const cudaKernelNodeParams *pNodeParams) {
    if (!pNodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_kernel_node_params h = __cu2amd_hip_kernel_params(pNodeParams);
    return CU2AMD_ERR(hipGraphExecKernelNodeSetParams(hGraphExec, node, &h));
}
CU2AMD_API cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                        const cudaMemcpy3DParms *pNodeParams) {
    return CU2AMD_ERR(hipGraphExecMemcpyNodeSetParams(hGraphExec, node, (cudaMemcpy3DParms *)pNodeParams));
}
CU2AMD_API cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
                                                          const void *src, size_t count, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipGraphExecMemcpyNodeSetParams1D(hGraphExec, node, dst, src, count, kind));
}
CU2AMD_API cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                                const void *symbol, const void *src, size_t count,
                                                                size_t offset, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipGraphExecMemcpyNodeSetParamsToSymbol(hGraphExec, node, symbol, src, count, offset, kind));
}
CU2AMD_API cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                                  void *dst, const void *symbol, size_t count,
                                                                  size_t offset, cudaMemcpyKind kind) {
    return CU2AMD_ERR(hipGraphExecMemcpyNodeSetParamsFromSymbol(hGraphExec, node, dst, symbol, count, offset, kind));
}
CU2AMD_API cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                        const cudaMemsetParams *pNodeParams) {
    if (!pNodeParams) return __cu2amd_fail(cudaErrorInvalidValue);
    __cu2amd_hip_memset_params h = __cu2amd_hip_memset(pNodeParams);
    return CU2AMD_ERR(hipGraphExecMemsetNodeSetParams(hGraphExec, node, &h));
}
CU2AMD_API cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                      const cudaHostNodeParams *pNodeParams) {
    return CU2AMD_ERR(hipGraphExecHostNodeSetParams(hGraphExec, node, pNodeParams));
}
CU2AMD_API cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                            cudaGraph_t childGraph) {
    return CU2AMD_ERR(hipGraphExecChildGraphNodeSetParams(hGraphExec, node, childGraph));
}
CU2AMD_API cudaError_t cudaGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                            cudaEvent_t event) {
    return CU2AMD_ERR(hipGraphExecEventRecordNodeSetEvent(hGraphExec, hNode, event));
}
CU2AMD_API cudaError_t cudaGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode,
                                                          cudaEvent_t event) {
    return CU2AMD_ERR(hipGraphExecEventWaitNodeSetEvent(hGraphExec, hNode, event));
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
        static const char *const names[] = {"KERNEL", "MEMCPY", "MEMSET", "HOST", "GRAPH", "EMPTY", "WAIT_EVENT",
                                            "EVENT_RECORD"};
        fprintf(out, "digraph cudaGraph {\n");
        for (size_t i = 0; i < n; i++) {
            cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
            cudaGraphNodeGetType(nodes[i], &type);
            fprintf(out, "  node%zu [label=\"%zu %s", i, i, (unsigned)type < 8 ? names[type] : "NODE");
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
CU2AMD_API int __cu2amd_capture_node(cudaStream_t stream, const cudaHostNodeParams *host, cudaEvent_t event,
                                     cudaError_t *err) {
    cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
    cudaGraph_t graph = (cudaGraph_t)0;
    const cudaGraphNode_t *deps = (const cudaGraphNode_t *)0;
    size_t n = 0;
    if (__cu2amd_stream(stream) == (cudaStream_t)0 ||
        cudaStreamGetCaptureInfo(stream, &status, (unsigned long long *)0, &graph, &deps, &n) != cudaSuccess ||
        status == cudaStreamCaptureStatusNone)
        return 0;
    if (status != cudaStreamCaptureStatusActive) {
        *err = __cu2amd_fail(cudaErrorStreamCaptureInvalidated);
        return 1;
    }
    cudaGraphNode_t node;
    *err = host ? cudaGraphAddHostNode(&node, graph, deps, n, host)
                : cudaGraphAddEventRecordNode(&node, graph, deps, n, event);
    if (*err == cudaSuccess)
        *err = cudaStreamUpdateCaptureDependencies(stream, &node, 1, cudaStreamSetCaptureDependencies);
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

#endif
