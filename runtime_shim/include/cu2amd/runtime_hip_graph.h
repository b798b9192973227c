/* HIP's C ABI for CUDA graphs and stream capture, as cuda_runtime_api.h sees it (see runtime_hip.h).
 * Part of runtime_hip.h: include that. */
#ifndef CU2AMD_RUNTIME_HIP_GRAPH_H
#define CU2AMD_RUNTIME_HIP_GRAPH_H

#include "cu2amd/graph_types.h"

/* HIP's parameter structures where their layout is not CUDA's (ROCm 5.2's, which later
 * ROCm keeps): runtime_graph.h converts. */
struct __cu2amd_hip_kernel_node_params {
    dim3 blockDim;
    void **extra;
    void *func;
    dim3 gridDim;
    void **kernelParams;
    unsigned int sharedMemBytes;
};
struct __cu2amd_hip_memset_params {
    void *dst;
    unsigned int elementSize;
    size_t height;
    size_t pitch;
    unsigned int value;
    size_t width;
};

#ifdef __cplusplus
extern "C" {
#endif
/* stream capture */
int hipStreamBeginCapture(cudaStream_t stream, int mode);
int hipStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph);
int hipStreamGetCaptureInfo(cudaStream_t stream, int *pCaptureStatus, unsigned long long *pId);
int hipStreamGetCaptureInfo_v2(cudaStream_t stream, int *captureStatus_out, unsigned long long *id_out, cudaGraph_t *graph_out, const cudaGraphNode_t **dependencies_out, size_t *numDependencies_out);
int hipStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies, size_t numDependencies, unsigned int flags);
int hipThreadExchangeStreamCaptureMode(int *mode);
int hipStreamIsCapturing(cudaStream_t stream, int *pCaptureStatus);
/* graphs and their nodes */
int hipGraphCreate(cudaGraph_t *pGraph, unsigned int flags);
int hipGraphDestroy(cudaGraph_t graph);
int hipGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to, size_t numDependencies);
int hipGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from, const cudaGraphNode_t *to, size_t numDependencies);
int hipGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to, size_t *numEdges);
int hipGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes);
int hipGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes, size_t *pNumRootNodes);
int hipGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies, size_t *pNumDependencies);
int hipGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes, size_t *pNumDependentNodes);
int hipGraphNodeGetType(cudaGraphNode_t node, int *pType);
int hipGraphDestroyNode(cudaGraphNode_t node);
int hipGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph);
int hipGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode, cudaGraph_t clonedGraph);
int hipGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, const struct __cu2amd_hip_kernel_node_params *pNodeParams);
int hipGraphKernelNodeGetParams(cudaGraphNode_t node, struct __cu2amd_hip_kernel_node_params *pNodeParams);
int hipGraphKernelNodeSetParams(cudaGraphNode_t node, const struct __cu2amd_hip_kernel_node_params *pNodeParams);
int hipGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, const cudaMemcpy3DParms *pCopyParams);
int hipGraphMemcpyNodeGetParams(cudaGraphNode_t node, cudaMemcpy3DParms *pNodeParams);
int hipGraphMemcpyNodeSetParams(cudaGraphNode_t node, const cudaMemcpy3DParms *pNodeParams);
int hipGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst, const void *src, size_t count, int kind);
int hipGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src, size_t count, int kind);
int hipGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst, const void *symbol, size_t count, size_t offset, int kind);
int hipGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst, const void *symbol, size_t count, size_t offset, int kind);
int hipGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, const void *symbol, const void *src, size_t count, size_t offset, int kind);
int hipGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node, const void *symbol, const void *src, size_t count, size_t offset, int kind);
int hipGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, const struct __cu2amd_hip_memset_params *pMemsetParams);
int hipGraphMemsetNodeGetParams(cudaGraphNode_t node, struct __cu2amd_hip_memset_params *pNodeParams);
int hipGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct __cu2amd_hip_memset_params *pNodeParams);
int hipGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, const cudaHostNodeParams *pNodeParams);
int hipGraphHostNodeGetParams(cudaGraphNode_t node, cudaHostNodeParams *pNodeParams);
int hipGraphHostNodeSetParams(cudaGraphNode_t node, const cudaHostNodeParams *pNodeParams);
int hipGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, cudaGraph_t childGraph);
int hipGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph);
int hipGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies);
int hipGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, cudaEvent_t event);
int hipGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out);
int hipGraphEventRecordNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
int hipGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph, const cudaGraphNode_t *pDependencies, size_t numDependencies, cudaEvent_t event);
int hipGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out);
int hipGraphEventWaitNodeSetEvent(cudaGraphNode_t node, cudaEvent_t event);
/* executable graphs */
int hipGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, cudaGraphNode_t *pErrorNode, char *pLogBuffer, size_t bufferSize);
int hipGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph, unsigned long long flags);
int hipGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream);
int hipGraphExecDestroy(cudaGraphExec_t graphExec);
int hipGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph, cudaGraphNode_t *hErrorNode_out, int *updateResult_out);
int hipGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, const struct __cu2amd_hip_kernel_node_params *pNodeParams);
int hipGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, cudaMemcpy3DParms *pNodeParams);
int hipGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst, const void *src, size_t count, int kind);
int hipGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst, const void *symbol, size_t count, size_t offset, int kind);
int hipGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, const void *symbol, const void *src, size_t count, size_t offset, int kind);
int hipGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, const struct __cu2amd_hip_memset_params *pNodeParams);
int hipGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, const cudaHostNodeParams *pNodeParams);
int hipGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, cudaGraph_t childGraph);
int hipGraphExecEventRecordNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, cudaEvent_t event);
int hipGraphExecEventWaitNodeSetEvent(cudaGraphExec_t hGraphExec, cudaGraphNode_t hNode, cudaEvent_t event);
#ifdef __cplusplus
}
#endif

#endif
