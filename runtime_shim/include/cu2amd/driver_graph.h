/* The CUDA driver API: CUDA graphs and stream capture. Part of cuda.h: include that.
 * Over the same HIP functions as the runtime API's (cu2amd/runtime_hip_graph.h): a CUgraph
 * is a cudaGraph_t, a CUgraphNode a cudaGraphNode_t; kernel and memset parameters are
 * converted to HIP's layouts, node types to CUDA's numbers. C as well as C++, as cuda.h. */
#ifndef CU2AMD_DRIVER_GRAPH_H
#define CU2AMD_DRIVER_GRAPH_H

#include "cu2amd/runtime_hip_graph.h"
#include "cu2amd/extsem_nodes.h"

typedef struct ihipGraph *CUgraph;
typedef struct hipGraphNode *CUgraphNode;
typedef struct hipGraphExec *CUgraphExec;

typedef enum CUgraphNodeType_enum {
    CU_GRAPH_NODE_TYPE_KERNEL = 0,
    CU_GRAPH_NODE_TYPE_MEMCPY = 1,
    CU_GRAPH_NODE_TYPE_MEMSET = 2,
    CU_GRAPH_NODE_TYPE_HOST = 3,
    CU_GRAPH_NODE_TYPE_GRAPH = 4,
    CU_GRAPH_NODE_TYPE_EMPTY = 5,
    CU_GRAPH_NODE_TYPE_WAIT_EVENT = 6,
    CU_GRAPH_NODE_TYPE_EVENT_RECORD = 7,
    CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL = 8,
    CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT = 9,
    CU_GRAPH_NODE_TYPE_MEM_ALLOC = 10,
    CU_GRAPH_NODE_TYPE_MEM_FREE = 11,
    CU_GRAPH_NODE_TYPE_BATCH_MEM_OP = 12,
    CU_GRAPH_NODE_TYPE_CONDITIONAL = 13
} CUgraphNodeType;

typedef enum CUstreamCaptureStatus_enum {
    CU_STREAM_CAPTURE_STATUS_NONE = 0,
    CU_STREAM_CAPTURE_STATUS_ACTIVE = 1,
    CU_STREAM_CAPTURE_STATUS_INVALIDATED = 2
} CUstreamCaptureStatus;

typedef enum CUstreamCaptureMode_enum {
    CU_STREAM_CAPTURE_MODE_GLOBAL = 0,
    CU_STREAM_CAPTURE_MODE_THREAD_LOCAL = 1,
    CU_STREAM_CAPTURE_MODE_RELAXED = 2
} CUstreamCaptureMode;

typedef enum CUstreamUpdateCaptureDependencies_flags_enum {
    CU_STREAM_ADD_CAPTURE_DEPENDENCIES = 0x0,
    CU_STREAM_SET_CAPTURE_DEPENDENCIES = 0x1
} CUstreamUpdateCaptureDependencies_flags;

typedef enum CUgraphExecUpdateResult_enum {
    CU_GRAPH_EXEC_UPDATE_SUCCESS = 0x0,
    CU_GRAPH_EXEC_UPDATE_ERROR = 0x1,
    CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED = 0x2,
    CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED = 0x3,
    CU_GRAPH_EXEC_UPDATE_ERROR_FUNCTION_CHANGED = 0x4,
    CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED = 0x5,
    CU_GRAPH_EXEC_UPDATE_ERROR_NOT_SUPPORTED = 0x6,
    CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE = 0x7,
    CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED = 0x8
} CUgraphExecUpdateResult;

typedef struct CUgraphExecUpdateResultInfo_st {
    CUgraphExecUpdateResult result;
    CUgraphNode errorNode;
    CUgraphNode errorFromNode;
} CUgraphExecUpdateResultInfo;

typedef enum CUgraphInstantiate_flags_enum {
    CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH = 1,
    CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD = 2,
    CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH = 4,
    CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY = 8
} CUgraphInstantiate_flags;

typedef enum CUgraphInstantiateResult_enum {
    CUDA_GRAPH_INSTANTIATE_SUCCESS = 0,
    CUDA_GRAPH_INSTANTIATE_ERROR = 1,
    CUDA_GRAPH_INSTANTIATE_INVALID_STRUCTURE = 2,
    CUDA_GRAPH_INSTANTIATE_NODE_OPERATION_NOT_SUPPORTED = 3,
    CUDA_GRAPH_INSTANTIATE_MULTIPLE_CTXS_NOT_SUPPORTED = 4
} CUgraphInstantiateResult;

typedef struct CUDA_GRAPH_INSTANTIATE_PARAMS_st {
    cuuint64_t flags;
    CUstream hUploadStream;
    CUgraphNode hErrNode_out;
    CUgraphInstantiateResult result_out;
} CUDA_GRAPH_INSTANTIATE_PARAMS;

typedef struct CUDA_KERNEL_NODE_PARAMS_st {
    CUfunction func;
    unsigned int gridDimX;
    unsigned int gridDimY;
    unsigned int gridDimZ;
    unsigned int blockDimX;
    unsigned int blockDimY;
    unsigned int blockDimZ;
    unsigned int sharedMemBytes;
    void **kernelParams;
    void **extra;
} CUDA_KERNEL_NODE_PARAMS;

typedef struct CUDA_MEMSET_NODE_PARAMS_st {
    CUdeviceptr dst;
    size_t pitch;
    unsigned int value;
    unsigned int elementSize;
    size_t width;
    size_t height;
} CUDA_MEMSET_NODE_PARAMS;

typedef struct CUDA_HOST_NODE_PARAMS_st {
    CUhostFn fn;
    void *userData;
} CUDA_HOST_NODE_PARAMS;

/* ------------------------------------------------------------------ conversions */

CU2AMD_API struct __cu2amd_hip_kernel_node_params __cu2amd_cu_kernel_params(const CUDA_KERNEL_NODE_PARAMS *p) {
    struct __cu2amd_hip_kernel_node_params h;
    h.blockDim.x = p->blockDimX, h.blockDim.y = p->blockDimY, h.blockDim.z = p->blockDimZ;
    h.gridDim.x = p->gridDimX, h.gridDim.y = p->gridDimY, h.gridDim.z = p->gridDimZ;
    h.extra = p->extra;
    h.func = (void *)p->func;
    h.kernelParams = p->kernelParams;
    h.sharedMemBytes = p->sharedMemBytes;
    return h;
}
CU2AMD_API struct __cu2amd_hip_memset_params __cu2amd_cu_memset_params(const CUDA_MEMSET_NODE_PARAMS *p) {
    struct __cu2amd_hip_memset_params h;
    h.dst = (void *)(uintptr_t)p->dst;
    h.elementSize = p->elementSize;
    h.height = p->height;
    h.pitch = p->pitch;
    h.value = p->value;
    h.width = p->width;
    return h;
}

/* ------------------------------------------------------------------ stream capture */

CU2AMD_API CUresult cuStreamBeginCapture(CUstream hStream, CUstreamCaptureMode mode) {
    return CU2AMD_CU(hipStreamBeginCapture(__cu2amd_cu_stream(hStream), (int)mode));
}
CU2AMD_API CUresult cuStreamEndCapture(CUstream hStream, CUgraph *phGraph) {
    return CU2AMD_CU(hipStreamEndCapture(__cu2amd_cu_stream(hStream), phGraph));
}
CU2AMD_API CUresult cuStreamIsCapturing(CUstream hStream, CUstreamCaptureStatus *captureStatus) {
    return CU2AMD_CU(hipStreamIsCapturing(__cu2amd_cu_stream(hStream), (int *)captureStatus));
}
CU2AMD_API CUresult cuStreamGetCaptureInfo(CUstream hStream, CUstreamCaptureStatus *captureStatus_out,
                                           cuuint64_t *id_out, CUgraph *graph_out,
                                           const CUgraphNode **dependencies_out, size_t *numDependencies_out) {
    return CU2AMD_CU(hipStreamGetCaptureInfo_v2(__cu2amd_cu_stream(hStream), (int *)captureStatus_out, id_out,
                                                graph_out, dependencies_out, numDependencies_out));
}
CU2AMD_API CUresult cuStreamUpdateCaptureDependencies(CUstream hStream, CUgraphNode *dependencies,
                                                      size_t numDependencies, unsigned int flags) {
    return CU2AMD_CU(
        hipStreamUpdateCaptureDependencies(__cu2amd_cu_stream(hStream), dependencies, numDependencies, flags));
}
CU2AMD_API CUresult cuThreadExchangeStreamCaptureMode(CUstreamCaptureMode *mode) {
    return CU2AMD_CU(hipThreadExchangeStreamCaptureMode((int *)mode));
}

/* ------------------------------------------------------------------ graphs */

CU2AMD_API CUresult cuGraphCreate(CUgraph *phGraph, unsigned int flags) { return CU2AMD_CU(hipGraphCreate(phGraph, flags)); }
CU2AMD_API CUresult cuGraphDestroy(CUgraph hGraph) { return CU2AMD_CU(hipGraphDestroy(hGraph)); }
CU2AMD_API CUresult cuGraphClone(CUgraph *phGraphClone, CUgraph originalGraph) {
    return CU2AMD_CU(hipGraphClone(phGraphClone, originalGraph));
}
CU2AMD_API CUresult cuGraphNodeFindInClone(CUgraphNode *phNode, CUgraphNode hOriginalNode, CUgraph hClonedGraph) {
    return CU2AMD_CU(hipGraphNodeFindInClone(phNode, hOriginalNode, hClonedGraph));
}
CU2AMD_API CUresult cuGraphAddDependencies(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
                                           size_t numDependencies) {
    return CU2AMD_CU(hipGraphAddDependencies(hGraph, from, to, numDependencies));
}
CU2AMD_API CUresult cuGraphRemoveDependencies(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
                                              size_t numDependencies) {
    return CU2AMD_CU(hipGraphRemoveDependencies(hGraph, from, to, numDependencies));
}
CU2AMD_API CUresult cuGraphGetEdges(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to, size_t *numEdges) {
    return CU2AMD_CU(hipGraphGetEdges(hGraph, from, to, numEdges));
}
CU2AMD_API CUresult cuGraphGetNodes(CUgraph hGraph, CUgraphNode *nodes, size_t *numNodes) {
    return CU2AMD_CU(hipGraphGetNodes(hGraph, nodes, numNodes));
}
CU2AMD_API CUresult cuGraphGetRootNodes(CUgraph hGraph, CUgraphNode *rootNodes, size_t *numRootNodes) {
    return CU2AMD_CU(hipGraphGetRootNodes(hGraph, rootNodes, numRootNodes));
}
CU2AMD_API CUresult cuGraphNodeGetDependencies(CUgraphNode hNode, CUgraphNode *dependencies, size_t *numDependencies) {
    return CU2AMD_CU(hipGraphNodeGetDependencies(hNode, dependencies, numDependencies));
}
CU2AMD_API CUresult cuGraphNodeGetDependentNodes(CUgraphNode hNode, CUgraphNode *dependentNodes,
                                                 size_t *numDependentNodes) {
    return CU2AMD_CU(hipGraphNodeGetDependentNodes(hNode, dependentNodes, numDependentNodes));
}
/* HIP counts node types from 1 and has three kinds of copy node where CUDA has one. */
CU2AMD_API CUresult cuGraphNodeGetType(CUgraphNode hNode, CUgraphNodeType *type) {
    int hip = 0;
    if (!type) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipGraphNodeGetType(hNode, &hip));
    if (err == CUDA_SUCCESS) *type = hip >= 9 && hip <= 11 ? CU_GRAPH_NODE_TYPE_MEMCPY : (CUgraphNodeType)(hip - 1);
    struct __cu2amd_extsem_record *r = err == CUDA_SUCCESS ? __cu2amd_extsem_of(hNode) : 0;
    if (r) *type = r->signal ? CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL : CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT;
    return err;
}
CU2AMD_API CUresult cuGraphDestroyNode(CUgraphNode hNode) { return CU2AMD_CU(hipGraphDestroyNode(hNode)); }

/* ------------------------------------------------------------------ nodes */

CU2AMD_API CUresult cuGraphAddKernelNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
                                         size_t numDependencies, const CUDA_KERNEL_NODE_PARAMS *nodeParams) {
    if (!nodeParams) return CUDA_ERROR_INVALID_VALUE;
    struct __cu2amd_hip_kernel_node_params h = __cu2amd_cu_kernel_params(nodeParams);
    return CU2AMD_CU(hipGraphAddKernelNode(phGraphNode, hGraph, dependencies, numDependencies, &h));
}
CU2AMD_API CUresult cuGraphKernelNodeGetParams(CUgraphNode hNode, CUDA_KERNEL_NODE_PARAMS *nodeParams) {
    struct __cu2amd_hip_kernel_node_params h;
    if (!nodeParams) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipGraphKernelNodeGetParams(hNode, &h));
    if (err != CUDA_SUCCESS) return err;
    nodeParams->func = (CUfunction)h.func;
    nodeParams->gridDimX = h.gridDim.x, nodeParams->gridDimY = h.gridDim.y, nodeParams->gridDimZ = h.gridDim.z;
    nodeParams->blockDimX = h.blockDim.x, nodeParams->blockDimY = h.blockDim.y, nodeParams->blockDimZ = h.blockDim.z;
    nodeParams->sharedMemBytes = h.sharedMemBytes;
    nodeParams->kernelParams = h.kernelParams;
    nodeParams->extra = h.extra;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuGraphKernelNodeSetParams(CUgraphNode hNode, const CUDA_KERNEL_NODE_PARAMS *nodeParams) {
    if (!nodeParams) return CUDA_ERROR_INVALID_VALUE;
    struct __cu2amd_hip_kernel_node_params h = __cu2amd_cu_kernel_params(nodeParams);
    return CU2AMD_CU(hipGraphKernelNodeSetParams(hNode, &h));
}
/* The context must be the current one (cu2amd's contexts all share device 0). */
CU2AMD_API CUresult cuGraphAddMemsetNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
                                         size_t numDependencies, const CUDA_MEMSET_NODE_PARAMS *memsetParams,
                                         CUcontext ctx) {
    (void)ctx;
    if (!memsetParams) return CUDA_ERROR_INVALID_VALUE;
    struct __cu2amd_hip_memset_params h = __cu2amd_cu_memset_params(memsetParams);
    return CU2AMD_CU(hipGraphAddMemsetNode(phGraphNode, hGraph, dependencies, numDependencies, &h));
}
CU2AMD_API CUresult cuGraphMemsetNodeGetParams(CUgraphNode hNode, CUDA_MEMSET_NODE_PARAMS *nodeParams) {
    struct __cu2amd_hip_memset_params h;
    if (!nodeParams) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipGraphMemsetNodeGetParams(hNode, &h));
    if (err != CUDA_SUCCESS) return err;
    nodeParams->dst = (CUdeviceptr)(uintptr_t)h.dst;
    nodeParams->pitch = h.pitch;
    nodeParams->value = h.value;
    nodeParams->elementSize = h.elementSize;
    nodeParams->width = h.width;
    nodeParams->height = h.height;
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuGraphMemsetNodeSetParams(CUgraphNode hNode, const CUDA_MEMSET_NODE_PARAMS *nodeParams) {
    if (!nodeParams) return CUDA_ERROR_INVALID_VALUE;
    struct __cu2amd_hip_memset_params h = __cu2amd_cu_memset_params(nodeParams);
    return CU2AMD_CU(hipGraphMemsetNodeSetParams(hNode, &h));
}
CU2AMD_API CUresult cuGraphAddHostNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
                                       size_t numDependencies, const CUDA_HOST_NODE_PARAMS *nodeParams) {
    return CU2AMD_CU(hipGraphAddHostNode(phGraphNode, hGraph, dependencies, numDependencies,
                                         (const cudaHostNodeParams *)nodeParams));
}
CU2AMD_API CUresult cuGraphHostNodeGetParams(CUgraphNode hNode, CUDA_HOST_NODE_PARAMS *nodeParams) {
    return CU2AMD_CU(hipGraphHostNodeGetParams(hNode, (cudaHostNodeParams *)nodeParams));
}
CU2AMD_API CUresult cuGraphHostNodeSetParams(CUgraphNode hNode, const CUDA_HOST_NODE_PARAMS *nodeParams) {
    return CU2AMD_CU(hipGraphHostNodeSetParams(hNode, (const cudaHostNodeParams *)nodeParams));
}
CU2AMD_API CUresult cuGraphAddChildGraphNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
                                             size_t numDependencies, CUgraph childGraph) {
    return CU2AMD_CU(hipGraphAddChildGraphNode(phGraphNode, hGraph, dependencies, numDependencies, childGraph));
}
CU2AMD_API CUresult cuGraphChildGraphNodeGetGraph(CUgraphNode hNode, CUgraph *phGraph) {
    return CU2AMD_CU(hipGraphChildGraphNodeGetGraph(hNode, phGraph));
}
CU2AMD_API CUresult cuGraphAddEmptyNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
                                        size_t numDependencies) {
    return CU2AMD_CU(hipGraphAddEmptyNode(phGraphNode, hGraph, dependencies, numDependencies));
}
CU2AMD_API CUresult cuGraphAddEventRecordNode(CUgraphNode *phGraphNode, CUgraph hGraph,
                                              const CUgraphNode *dependencies, size_t numDependencies, CUevent event) {
    return CU2AMD_CU(hipGraphAddEventRecordNode(phGraphNode, hGraph, dependencies, numDependencies, event));
}
CU2AMD_API CUresult cuGraphEventRecordNodeGetEvent(CUgraphNode hNode, CUevent *event_out) {
    return CU2AMD_CU(hipGraphEventRecordNodeGetEvent(hNode, event_out));
}
CU2AMD_API CUresult cuGraphEventRecordNodeSetEvent(CUgraphNode hNode, CUevent event) {
    return CU2AMD_CU(hipGraphEventRecordNodeSetEvent(hNode, event));
}
CU2AMD_API CUresult cuGraphAddEventWaitNode(CUgraphNode *phGraphNode, CUgraph hGraph, const CUgraphNode *dependencies,
                                            size_t numDependencies, CUevent event) {
    return CU2AMD_CU(hipGraphAddEventWaitNode(phGraphNode, hGraph, dependencies, numDependencies, event));
}
CU2AMD_API CUresult cuGraphEventWaitNodeGetEvent(CUgraphNode hNode, CUevent *event_out) {
    return CU2AMD_CU(hipGraphEventWaitNodeGetEvent(hNode, event_out));
}
CU2AMD_API CUresult cuGraphEventWaitNodeSetEvent(CUgraphNode hNode, CUevent event) {
    return CU2AMD_CU(hipGraphEventWaitNodeSetEvent(hNode, event));
}

/* ------------------------------------------------------------------ executable graphs */

/* Upload and node priorities have no effect; device launch is not provided. */
CU2AMD_API CUresult cuGraphInstantiate(CUgraphExec *phGraphExec, CUgraph hGraph, unsigned long long flags) {
    const unsigned long long known = CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH | CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD |
                                     CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH |
                                     CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY;
    if (flags & ~known) return CUDA_ERROR_INVALID_VALUE;
    if (flags & CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH) return CUDA_ERROR_NOT_SUPPORTED;
    return CU2AMD_CU(hipGraphInstantiate(phGraphExec, hGraph, (CUgraphNode *)0, (char *)0, 0));
}
CU2AMD_API CUresult cuGraphInstantiateWithParams(CUgraphExec *phGraphExec, CUgraph hGraph,
                                                 CUDA_GRAPH_INSTANTIATE_PARAMS *instantiateParams) {
    if (!instantiateParams) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = cuGraphInstantiate(phGraphExec, hGraph, instantiateParams->flags);
    instantiateParams->hErrNode_out = (CUgraphNode)0;
    instantiateParams->result_out = err == CUDA_SUCCESS             ? CUDA_GRAPH_INSTANTIATE_SUCCESS
                                    : err == CUDA_ERROR_NOT_SUPPORTED ? CUDA_GRAPH_INSTANTIATE_NODE_OPERATION_NOT_SUPPORTED
                                                                    : CUDA_GRAPH_INSTANTIATE_ERROR;
    return err;
}
CU2AMD_API CUresult cuGraphLaunch(CUgraphExec hGraphExec, CUstream hStream) {
    return CU2AMD_CU(hipGraphLaunch(hGraphExec, __cu2amd_cu_stream(hStream)));
}
/* Nothing to upload ahead of a launch: checks the stream. */
CU2AMD_API CUresult cuGraphUpload(CUgraphExec hGraphExec, CUstream hStream) {
    if (!hGraphExec) return CUDA_ERROR_INVALID_VALUE;
    return hipStreamQuery(__cu2amd_cu_stream(hStream)) == CUDA_ERROR_INVALID_HANDLE ? CUDA_ERROR_INVALID_HANDLE
                                                                                     : CUDA_SUCCESS;
}
CU2AMD_API CUresult cuGraphExecDestroy(CUgraphExec hGraphExec) { return CU2AMD_CU(hipGraphExecDestroy(hGraphExec)); }
CU2AMD_API CUresult cuGraphExecUpdate(CUgraphExec hGraphExec, CUgraph hGraph, CUgraphExecUpdateResultInfo *resultInfo) {
    CUgraphNode errorNode = (CUgraphNode)0;
    int result = CU_GRAPH_EXEC_UPDATE_ERROR;
    if (!resultInfo) return CUDA_ERROR_INVALID_VALUE;
    CUresult err = CU2AMD_CU(hipGraphExecUpdate(hGraphExec, hGraph, &errorNode, &result));
    resultInfo->result = (CUgraphExecUpdateResult)result;
    resultInfo->errorNode = errorNode;
    resultInfo->errorFromNode = (CUgraphNode)0;
    return err;
}
CU2AMD_API CUresult cuGraphExecKernelNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                                   const CUDA_KERNEL_NODE_PARAMS *nodeParams) {
    if (!nodeParams) return CUDA_ERROR_INVALID_VALUE;
    struct __cu2amd_hip_kernel_node_params h = __cu2amd_cu_kernel_params(nodeParams);
    return CU2AMD_CU(hipGraphExecKernelNodeSetParams(hGraphExec, hNode, &h));
}
CU2AMD_API CUresult cuGraphExecMemsetNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                                   const CUDA_MEMSET_NODE_PARAMS *memsetParams, CUcontext ctx) {
    (void)ctx;
    if (!memsetParams) return CUDA_ERROR_INVALID_VALUE;
    struct __cu2amd_hip_memset_params h = __cu2amd_cu_memset_params(memsetParams);
    return CU2AMD_CU(hipGraphExecMemsetNodeSetParams(hGraphExec, hNode, &h));
}
CU2AMD_API CUresult cuGraphExecHostNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode,
                                                 const CUDA_HOST_NODE_PARAMS *nodeParams) {
    return CU2AMD_CU(hipGraphExecHostNodeSetParams(hGraphExec, hNode, (const cudaHostNodeParams *)nodeParams));
}
CU2AMD_API CUresult cuGraphExecChildGraphNodeSetParams(CUgraphExec hGraphExec, CUgraphNode hNode, CUgraph childGraph) {
    return CU2AMD_CU(hipGraphExecChildGraphNodeSetParams(hGraphExec, hNode, childGraph));
}
CU2AMD_API CUresult cuGraphExecEventRecordNodeSetEvent(CUgraphExec hGraphExec, CUgraphNode hNode, CUevent event) {
    return CU2AMD_CU(hipGraphExecEventRecordNodeSetEvent(hGraphExec, hNode, event));
}
CU2AMD_API CUresult cuGraphExecEventWaitNodeSetEvent(CUgraphExec hGraphExec, CUgraphNode hNode, CUevent event) {
    return CU2AMD_CU(hipGraphExecEventWaitNodeSetEvent(hGraphExec, hNode, event));
}

/* A Graphviz description of the graph (as cudaGraphDebugDotPrint's): each node's type, the
 * edges; the flags are accepted, not used. */
CU2AMD_API CUresult cuGraphDebugDotPrint(CUgraph hGraph, const char *path, unsigned int flags) {
    static const char *const names[] = {"KERNEL", "MEMCPY", "MEMSET", "HOST", "GRAPH", "EMPTY", "WAIT_EVENT",
                                        "EVENT_RECORD"};
    size_t n = 0, m = 0, i, a, b;
    CUgraphNode *nodes, *from, *to;
    FILE *out = (FILE *)0;
    CUresult err;
    (void)flags;
    if (!path) return CUDA_ERROR_INVALID_VALUE;
    err = cuGraphGetNodes(hGraph, (CUgraphNode *)0, &n);
    if (err == CUDA_SUCCESS) err = cuGraphGetEdges(hGraph, (CUgraphNode *)0, (CUgraphNode *)0, &m);
    if (err != CUDA_SUCCESS) return err;
    nodes = (CUgraphNode *)malloc((n + 2 * m + 1) * sizeof(CUgraphNode));
    if (!nodes) return CUDA_ERROR_OUT_OF_MEMORY;
    from = nodes + n, to = nodes + n + m;
    if ((err = cuGraphGetNodes(hGraph, nodes, &n)) == CUDA_SUCCESS &&
        (err = cuGraphGetEdges(hGraph, from, to, &m)) == CUDA_SUCCESS && !(out = fopen(path, "w")))
        err = CUDA_ERROR_OPERATING_SYSTEM;
    if (err == CUDA_SUCCESS) {
        fprintf(out, "digraph cudaGraph {\n");
        for (i = 0; i < n; i++) {
            CUgraphNodeType type = CU_GRAPH_NODE_TYPE_EMPTY;
            cuGraphNodeGetType(nodes[i], &type);
            fprintf(out, "  node%zu [label=\"%zu %s\"];\n", i, i, (unsigned)type < 8 ? names[type] : "NODE");
        }
        for (i = 0; i < m; i++) {
            for (a = 0; a < n && nodes[a] != from[i]; a++) {
            }
            for (b = 0; b < n && nodes[b] != to[i]; b++) {
            }
            fprintf(out, "  node%zu -> node%zu;\n", a, b);
        }
        fprintf(out, "}\n");
        fclose(out);
    }
    free(nodes);
    return err;
}

/* ------------------------------------------------------------------ edge data (CUDA 12.3) */

/* Only default edges exist: programmatic dependent launch is not provided. */
typedef enum CUgraphDependencyType_enum {
    CU_GRAPH_DEPENDENCY_TYPE_DEFAULT = 0,
    CU_GRAPH_DEPENDENCY_TYPE_PROGRAMMATIC = 1
} CUgraphDependencyType;
#define CU_GRAPH_KERNEL_NODE_PORT_DEFAULT 0
#define CU_GRAPH_KERNEL_NODE_PORT_PROGRAMMATIC 1
#define CU_GRAPH_KERNEL_NODE_PORT_LAUNCH_ORDER 2
typedef struct CUgraphEdgeData_st {
    unsigned char from_port;
    unsigned char to_port;
    unsigned char type;
    unsigned char reserved[5];
} CUgraphEdgeData;

CU2AMD_API CUresult __cu2amd_cu_edges(const CUgraphEdgeData *edges, size_t n) {
    size_t i;
    int j;
    for (i = 0; edges && i < n; i++) {
        for (j = 0; j < 5; j++)
            if (edges[i].reserved[j]) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
        if (edges[i].type > CU_GRAPH_DEPENDENCY_TYPE_PROGRAMMATIC || edges[i].to_port != 0 ||
            edges[i].from_port > CU_GRAPH_KERNEL_NODE_PORT_LAUNCH_ORDER)
            return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
        if (edges[i].type != CU_GRAPH_DEPENDENCY_TYPE_DEFAULT ||
            edges[i].from_port != CU_GRAPH_KERNEL_NODE_PORT_DEFAULT)
            return CU2AMD_CU(CUDA_ERROR_NOT_SUPPORTED);
    }
    return CUDA_SUCCESS;
}
/* A query's edge data: all default edges. */
CU2AMD_API CUresult __cu2amd_cu_default_edges(CUresult err, CUgraphEdgeData *edgeData, const void *out, size_t n) {
    if (err == CUDA_SUCCESS && edgeData && out && n) memset(edgeData, 0, n * sizeof *edgeData);
    return err;
}
CU2AMD_API CUresult cuGraphAddDependencies_v2(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
                                              const CUgraphEdgeData *edgeData, size_t numDependencies) {
    CUresult err = __cu2amd_cu_edges(edgeData, numDependencies);
    return err != CUDA_SUCCESS ? err : cuGraphAddDependencies(hGraph, from, to, numDependencies);
}
CU2AMD_API CUresult cuGraphRemoveDependencies_v2(CUgraph hGraph, const CUgraphNode *from, const CUgraphNode *to,
                                                 const CUgraphEdgeData *edgeData, size_t numDependencies) {
    CUresult err = __cu2amd_cu_edges(edgeData, numDependencies);
    return err != CUDA_SUCCESS ? err : cuGraphRemoveDependencies(hGraph, from, to, numDependencies);
}
CU2AMD_API CUresult cuGraphGetEdges_v2(CUgraph hGraph, CUgraphNode *from, CUgraphNode *to, CUgraphEdgeData *edgeData,
                                       size_t *numEdges) {
    size_t asked = numEdges ? *numEdges : 0;
    if (edgeData && !from) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return __cu2amd_cu_default_edges(cuGraphGetEdges(hGraph, from, to, numEdges), edgeData, from, asked);
}
CU2AMD_API CUresult cuGraphNodeGetDependencies_v2(CUgraphNode hNode, CUgraphNode *dependencies,
                                                  CUgraphEdgeData *edgeData, size_t *numDependencies) {
    size_t asked = numDependencies ? *numDependencies : 0;
    if (edgeData && !dependencies) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return __cu2amd_cu_default_edges(cuGraphNodeGetDependencies(hNode, dependencies, numDependencies), edgeData,
                                     dependencies, asked);
}
CU2AMD_API CUresult cuGraphNodeGetDependentNodes_v2(CUgraphNode hNode, CUgraphNode *dependentNodes,
                                                    CUgraphEdgeData *edgeData, size_t *numDependentNodes) {
    size_t asked = numDependentNodes ? *numDependentNodes : 0;
    if (edgeData && !dependentNodes) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    return __cu2amd_cu_default_edges(cuGraphNodeGetDependentNodes(hNode, dependentNodes, numDependentNodes),
                                     edgeData, dependentNodes, asked);
}
CU2AMD_API CUresult cuStreamGetCaptureInfo_v3(CUstream hStream, CUstreamCaptureStatus *captureStatus_out,
                                              cuuint64_t *id_out, CUgraph *graph_out,
                                              const CUgraphNode **dependencies_out,
                                              const CUgraphEdgeData **edgeData_out, size_t *numDependencies_out) {
    static __thread CUgraphEdgeData *edges = 0; /* the edges reported, all default ones */
    static __thread size_t capacity = 0;
    size_t n = 0;
    CUresult err;
    if (edgeData_out && !dependencies_out) return CU2AMD_CU(CUDA_ERROR_INVALID_VALUE);
    err = cuStreamGetCaptureInfo(hStream, captureStatus_out, id_out, graph_out, dependencies_out, &n);
    if (err != CUDA_SUCCESS) return err;
    if (numDependencies_out) *numDependencies_out = n;
    if (edgeData_out && *captureStatus_out == CU_STREAM_CAPTURE_STATUS_ACTIVE) {
        if (n > capacity) {
            CUgraphEdgeData *grown = (CUgraphEdgeData *)realloc(edges, n * sizeof *edges);
            if (!grown) return CU2AMD_CU(CUDA_ERROR_OUT_OF_MEMORY);
            edges = grown, capacity = n;
        }
        if (n) memset(edges, 0, n * sizeof *edges);
        *edgeData_out = edges;
    }
    return CUDA_SUCCESS;
}
CU2AMD_API CUresult cuStreamUpdateCaptureDependencies_v2(CUstream hStream, CUgraphNode *dependencies,
                                                         const CUgraphEdgeData *dependencyData, size_t numDependencies,
                                                         unsigned int flags) {
    CUresult err = __cu2amd_cu_edges(dependencyData, numDependencies);
    return err != CUDA_SUCCESS ? err : cuStreamUpdateCaptureDependencies(hStream, dependencies, numDependencies, flags);
}

#endif
