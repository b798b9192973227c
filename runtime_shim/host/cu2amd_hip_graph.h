/* HIP's C ABI for CUDA graphs and stream capture, with HIP's own types, as the host runtime implements
 * it (see cu2amd_hip.h). Part of cu2amd_hip.h: include that. */
#ifndef CU2AMD_HIP_GRAPH_H
#define CU2AMD_HIP_GRAPH_H

#include "cu2amd_hip_texture.h" /* hipMemcpy3DParms */

typedef struct ihipGraph *hipGraph_t;
typedef struct hipGraphNode *hipGraphNode_t;
typedef struct hipGraphExec *hipGraphExec_t;

typedef enum hipGraphNodeType {
    hipGraphNodeTypeKernel = 1,
    hipGraphNodeTypeMemcpy = 2,
    hipGraphNodeTypeMemset = 3,
    hipGraphNodeTypeHost = 4,
    hipGraphNodeTypeGraph = 5,
    hipGraphNodeTypeEmpty = 6,
    hipGraphNodeTypeWaitEvent = 7,
    hipGraphNodeTypeEventRecord = 8,
    hipGraphNodeTypeMemcpy1D = 9,
    hipGraphNodeTypeMemcpyFromSymbol = 10,
    hipGraphNodeTypeMemcpyToSymbol = 11,
    hipGraphNodeTypeCount
} hipGraphNodeType;

typedef void (*hipHostFn_t)(void *userData);
typedef struct hipHostNodeParams {
    hipHostFn_t fn;
    void *userData;
} hipHostNodeParams;
typedef struct hipKernelNodeParams {
    dim3 blockDim;
    void **extra;
    void *func;
    dim3 gridDim;
    void **kernelParams;
    unsigned int sharedMemBytes;
} hipKernelNodeParams;
typedef struct hipMemsetParams {
    void *dst;
    unsigned int elementSize;
    size_t height;
    size_t pitch;
    unsigned int value;
    size_t width;
} hipMemsetParams;

typedef enum hipGraphExecUpdateResult {
    hipGraphExecUpdateSuccess = 0x0,
    hipGraphExecUpdateError = 0x1,
    hipGraphExecUpdateErrorTopologyChanged = 0x2,
    hipGraphExecUpdateErrorNodeTypeChanged = 0x3,
    hipGraphExecUpdateErrorFunctionChanged = 0x4,
    hipGraphExecUpdateErrorParametersChanged = 0x5,
    hipGraphExecUpdateErrorNotSupported = 0x6,
    hipGraphExecUpdateErrorUnsupportedFunctionChange = 0x7
} hipGraphExecUpdateResult;
typedef enum hipStreamCaptureMode {
    hipStreamCaptureModeGlobal = 0,
    hipStreamCaptureModeThreadLocal,
    hipStreamCaptureModeRelaxed
} hipStreamCaptureMode;
typedef enum hipStreamUpdateCaptureDependenciesFlags {
    hipStreamAddCaptureDependencies = 0,
    hipStreamSetCaptureDependencies,
} hipStreamUpdateCaptureDependenciesFlags;
typedef enum hipGraphInstantiateFlags {
    hipGraphInstantiateFlagAutoFreeOnLaunch = 1,
} hipGraphInstantiateFlags;

/* stream capture */
hipError_t hipStreamBeginCapture(hipStream_t stream, hipStreamCaptureMode mode);
hipError_t hipStreamEndCapture(hipStream_t stream, hipGraph_t *pGraph);
hipError_t hipStreamGetCaptureInfo(hipStream_t stream, hipStreamCaptureStatus *pCaptureStatus, unsigned long long *pId);
hipError_t hipStreamGetCaptureInfo_v2(hipStream_t stream, hipStreamCaptureStatus *captureStatus_out,
                                      unsigned long long *id_out, hipGraph_t *graph_out,
                                      const hipGraphNode_t **dependencies_out, size_t *numDependencies_out);
hipError_t hipStreamUpdateCaptureDependencies(hipStream_t stream, hipGraphNode_t *dependencies, size_t numDependencies,
                                              unsigned int flags);
hipError_t hipThreadExchangeStreamCaptureMode(hipStreamCaptureMode *mode);
/* graphs and their nodes */
hipError_t hipGraphCreate(hipGraph_t *pGraph, unsigned int flags);
hipError_t hipGraphDestroy(hipGraph_t graph);
hipError_t hipGraphAddDependencies(hipGraph_t graph, const hipGraphNode_t *from, const hipGraphNode_t *to,
                                   size_t numDependencies);
hipError_t hipGraphRemoveDependencies(hipGraph_t graph, const hipGraphNode_t *from, const hipGraphNode_t *to,
                                      size_t numDependencies);
hipError_t hipGraphGetEdges(hipGraph_t graph, hipGraphNode_t *from, hipGraphNode_t *to, size_t *numEdges);
hipError_t hipGraphGetNodes(hipGraph_t graph, hipGraphNode_t *nodes, size_t *numNodes);
hipError_t hipGraphGetRootNodes(hipGraph_t graph, hipGraphNode_t *pRootNodes, size_t *pNumRootNodes);
hipError_t hipGraphNodeGetDependencies(hipGraphNode_t node, hipGraphNode_t *pDependencies, size_t *pNumDependencies);
hipError_t hipGraphNodeGetDependentNodes(hipGraphNode_t node, hipGraphNode_t *pDependentNodes,
                                         size_t *pNumDependentNodes);
hipError_t hipGraphNodeGetType(hipGraphNode_t node, hipGraphNodeType *pType);
hipError_t hipGraphDestroyNode(hipGraphNode_t node);
hipError_t hipGraphClone(hipGraph_t *pGraphClone, hipGraph_t originalGraph);
hipError_t hipGraphNodeFindInClone(hipGraphNode_t *pNode, hipGraphNode_t originalNode, hipGraph_t clonedGraph);
hipError_t hipGraphAddKernelNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                 size_t numDependencies, const hipKernelNodeParams *pNodeParams);
hipError_t hipGraphKernelNodeGetParams(hipGraphNode_t node, hipKernelNodeParams *pNodeParams);
hipError_t hipGraphKernelNodeSetParams(hipGraphNode_t node, const hipKernelNodeParams *pNodeParams);
hipError_t hipGraphAddMemcpyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                 size_t numDependencies, const hipMemcpy3DParms *pCopyParams);
hipError_t hipGraphMemcpyNodeGetParams(hipGraphNode_t node, hipMemcpy3DParms *pNodeParams);
hipError_t hipGraphMemcpyNodeSetParams(hipGraphNode_t node, const hipMemcpy3DParms *pNodeParams);
hipError_t hipGraphAddMemcpyNode1D(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                   size_t numDependencies, void *dst, const void *src, size_t count,
                                   hipMemcpyKind kind);
hipError_t hipGraphMemcpyNodeSetParams1D(hipGraphNode_t node, void *dst, const void *src, size_t count,
                                         hipMemcpyKind kind);
hipError_t hipGraphAddMemcpyNodeFromSymbol(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                           const hipGraphNode_t *pDependencies, size_t numDependencies, void *dst,
                                           const void *symbol, size_t count, size_t offset, hipMemcpyKind kind);
hipError_t hipGraphMemcpyNodeSetParamsFromSymbol(hipGraphNode_t node, void *dst, const void *symbol, size_t count,
                                                 size_t offset, hipMemcpyKind kind);
hipError_t hipGraphAddMemcpyNodeToSymbol(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                         const hipGraphNode_t *pDependencies, size_t numDependencies,
                                         const void *symbol, const void *src, size_t count, size_t offset,
                                         hipMemcpyKind kind);
hipError_t hipGraphMemcpyNodeSetParamsToSymbol(hipGraphNode_t node, const void *symbol, const void *src, size_t count,
                                               size_t offset, hipMemcpyKind kind);
hipError_t hipGraphAddMemsetNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                 size_t numDependencies, const hipMemsetParams *pMemsetParams);
hipError_t hipGraphMemsetNodeGetParams(hipGraphNode_t node, hipMemsetParams *pNodeParams);
hipError_t hipGraphMemsetNodeSetParams(hipGraphNode_t node, const hipMemsetParams *pNodeParams);
hipError_t hipGraphAddHostNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                               size_t numDependencies, const hipHostNodeParams *pNodeParams);
hipError_t hipGraphHostNodeGetParams(hipGraphNode_t node, hipHostNodeParams *pNodeParams);
hipError_t hipGraphHostNodeSetParams(hipGraphNode_t node, const hipHostNodeParams *pNodeParams);
hipError_t hipGraphAddChildGraphNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                     const hipGraphNode_t *pDependencies, size_t numDependencies,
                                     hipGraph_t childGraph);
hipError_t hipGraphChildGraphNodeGetGraph(hipGraphNode_t node, hipGraph_t *pGraph);
hipError_t hipGraphAddEmptyNode(hipGraphNode_t *pGraphNode, hipGraph_t graph, const hipGraphNode_t *pDependencies,
                                size_t numDependencies);
hipError_t hipGraphAddEventRecordNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                      const hipGraphNode_t *pDependencies, size_t numDependencies, hipEvent_t event);
hipError_t hipGraphEventRecordNodeGetEvent(hipGraphNode_t node, hipEvent_t *event_out);
hipError_t hipGraphEventRecordNodeSetEvent(hipGraphNode_t node, hipEvent_t event);
hipError_t hipGraphAddEventWaitNode(hipGraphNode_t *pGraphNode, hipGraph_t graph,
                                    const hipGraphNode_t *pDependencies, size_t numDependencies, hipEvent_t event);
hipError_t hipGraphEventWaitNodeGetEvent(hipGraphNode_t node, hipEvent_t *event_out);
hipError_t hipGraphEventWaitNodeSetEvent(hipGraphNode_t node, hipEvent_t event);
/* executable graphs */
hipError_t hipGraphInstantiate(hipGraphExec_t *pGraphExec, hipGraph_t graph, hipGraphNode_t *pErrorNode,
                               char *pLogBuffer, size_t bufferSize);
hipError_t hipGraphInstantiateWithFlags(hipGraphExec_t *pGraphExec, hipGraph_t graph, unsigned long long flags);
hipError_t hipGraphLaunch(hipGraphExec_t graphExec, hipStream_t stream);
hipError_t hipGraphExecDestroy(hipGraphExec_t graphExec);
hipError_t hipGraphExecUpdate(hipGraphExec_t hGraphExec, hipGraph_t hGraph, hipGraphNode_t *hErrorNode_out,
                              hipGraphExecUpdateResult *updateResult_out);
hipError_t hipGraphExecKernelNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           const hipKernelNodeParams *pNodeParams);
hipError_t hipGraphExecMemcpyNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           hipMemcpy3DParms *pNodeParams);
hipError_t hipGraphExecMemcpyNodeSetParams1D(hipGraphExec_t hGraphExec, hipGraphNode_t node, void *dst,
                                             const void *src, size_t count, hipMemcpyKind kind);
hipError_t hipGraphExecMemcpyNodeSetParamsFromSymbol(hipGraphExec_t hGraphExec, hipGraphNode_t node, void *dst,
                                                     const void *symbol, size_t count, size_t offset,
                                                     hipMemcpyKind kind);
hipError_t hipGraphExecMemcpyNodeSetParamsToSymbol(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                                   const void *symbol, const void *src, size_t count, size_t offset,
                                                   hipMemcpyKind kind);
hipError_t hipGraphExecMemsetNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                           const hipMemsetParams *pNodeParams);
hipError_t hipGraphExecHostNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node,
                                         const hipHostNodeParams *pNodeParams);
hipError_t hipGraphExecChildGraphNodeSetParams(hipGraphExec_t hGraphExec, hipGraphNode_t node, hipGraph_t childGraph);
hipError_t hipGraphExecEventRecordNodeSetEvent(hipGraphExec_t hGraphExec, hipGraphNode_t hNode, hipEvent_t event);
hipError_t hipGraphExecEventWaitNodeSetEvent(hipGraphExec_t hGraphExec, hipGraphNode_t hNode, hipEvent_t event);

/* The host runtime's stream operations call these (hip_graph.c) first: while a stream
 * captures, its work becomes graph nodes instead of running. Not exported. */
#define CU2AMD_GRAPH_HOOK __attribute__((visibility("hidden")))
/* Whether `stream` is in a capture sequence (active or invalidated). */
CU2AMD_GRAPH_HOOK int cu2amd_graph_capturing(hipStream_t stream);
/* Whether `event` was recorded in a capture sequence still going on. */
CU2AMD_GRAPH_HOOK int cu2amd_graph_event_captured(hipEvent_t event);
/* A call CUDA calls potentially unsafe during capture (synchronous copies and sets,
 * allocation, device synchronisation): 1 (and the captures concerned are invalidated) when
 * the calling thread's capture mode forbids it now. */
CU2AMD_GRAPH_HOOK int cu2amd_graph_unsafe(void);
/* An operation a capturing stream cannot record: invalidates its capture; the error. */
CU2AMD_GRAPH_HOOK hipError_t cu2amd_graph_capture_unsupported(hipStream_t stream);
/* Record a node on the capturing `stream` (validated by the caller). */
CU2AMD_GRAPH_HOOK hipError_t cu2amd_graph_capture_kernel(const void *function, dim3 grid, dim3 block, void **args,
                                                         size_t shmem, hipStream_t stream);
CU2AMD_GRAPH_HOOK hipError_t cu2amd_graph_capture_memcpy(void *dst, const void *src, size_t size, hipMemcpyKind kind,
                                                         hipStream_t stream);
CU2AMD_GRAPH_HOOK hipError_t cu2amd_graph_capture_memcpy2d(void *dst, size_t dpitch, const void *src, size_t spitch,
                                                           size_t width, size_t height, hipMemcpyKind kind,
                                                           hipStream_t stream);
CU2AMD_GRAPH_HOOK hipError_t cu2amd_graph_capture_memcpy3d(const hipMemcpy3DParms *p, hipStream_t stream);
CU2AMD_GRAPH_HOOK hipError_t cu2amd_graph_capture_memset(void *dst, size_t pitch, unsigned value,
                                                         unsigned element_size, size_t width, size_t height,
                                                         hipStream_t stream);
CU2AMD_GRAPH_HOOK hipError_t cu2amd_graph_capture_to_symbol(const void *symbol, const void *src, size_t size,
                                                            size_t offset, hipMemcpyKind kind, hipStream_t stream);
CU2AMD_GRAPH_HOOK hipError_t cu2amd_graph_capture_from_symbol(void *dst, const void *symbol, size_t size,
                                                              size_t offset, hipMemcpyKind kind, hipStream_t stream);
/* hipEventRecord on a capturing stream: the event stands for the stream's work so far. */
CU2AMD_GRAPH_HOOK hipError_t cu2amd_graph_capture_event_record(hipEvent_t event, hipStream_t stream);
/* hipStreamWaitEvent where the stream captures or the event was captured: joins the
 * stream to the event's capture. */
CU2AMD_GRAPH_HOOK hipError_t cu2amd_graph_capture_wait_event(hipStream_t stream, hipEvent_t event);
/* The sizes of a registered kernel's parameters (hip.c), of a module kernel's (module.c,
 * `function` a hipFunction_t): their count, -1 when it is not one. */
CU2AMD_GRAPH_HOOK int cu2amd_hip_kernel_arg_sizes(const void *function, const uint64_t **sizes);
CU2AMD_GRAPH_HOOK int cu2amd_module_kernel_arg_sizes(const void *function, const uint32_t **sizes);

#endif
