"""What cu2amd implements of CUDA graphs and stream capture: the `Impl` of each function
(RUNTIME for the runtime API, DRIVER for the driver API) and of each type, enum or
enumerator (TYPES). runtime.py, driver.py and runtime_types.py take their rows' status from
here, as from their own IMPL. TYPE_SECTIONS are the rows runtime_types.py adds for the names
of this area that CUDA's type lists do not cover (enumerators, result and parameter types).

The header (cu2amd/runtime_graph.h) calls HIP's hipGraph* and capture functions, which ROCm
5.2 has, converting kernel and memset parameters and node types where HIP's layouts and
numbers differ; the host platform implements them in host/hip_graph.c: a launch runs the
nodes in a dependency order, and a capturing stream's operations become nodes."""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, hip_name, names
from cu2amd.runtime_shim.tables.row import Kind, Status

E = Status.EMULATED
_HOST = "host platform: "
_KERNEL_ARGS = (
    "CUDA's parameter layout converted to HIP's; the arguments are copied when the "
    "parameters are set (" + _HOST + "their sizes from the kernel's module)"
)
_EXTRA = "; `extra` (packed arguments) is cudaErrorNotSupported on the host platform"
_INSTANTIATE = (
    "cudaGraphInstantiateFlagUpload and UseNodePriority have no effect (a graph is ready when "
    "instantiated, nodes have no priorities); DeviceLaunch is cudaErrorNotSupported"
)
_USER_OBJECTS = (
    "kept by cuda_runtime_api.h (HIP 5.2 has no user objects): a reference count and a "
    "destructor, which runs on the thread that releases the last reference; graphs and "
    "executable graphs hold theirs until destroyed (a child graph node does not carry them)"
)
_CAPTURED = (
    "captures kernel launches, cudaMemcpy*Async/cudaMemset*Async (1D, 2D, 3D, symbols, peer), "
    "event records and waits (cross-stream fork and join), cudaLaunchHostFunc and graph "
    "launches; cudaMallocAsync/cudaFreeAsync, stream memory operations, cooperative launches "
    "and array copies on a capturing stream are cudaErrorStreamCaptureUnsupported (CUDA makes "
    "nodes of them)"
)

RUNTIME: dict[str, Impl] = {
    **{
        n: Impl(hip_name(n))
        for n in names("""
            cudaGraphAddChildGraphNode cudaGraphAddDependencies cudaGraphAddEmptyNode
            cudaGraphAddEventRecordNode cudaGraphAddEventWaitNode cudaGraphAddHostNode
            cudaGraphAddMemcpyNode cudaGraphAddMemcpyNode1D cudaGraphAddMemcpyNodeFromSymbol
            cudaGraphAddMemcpyNodeToSymbol cudaGraphChildGraphNodeGetGraph cudaGraphClone
            cudaGraphCreate cudaGraphDestroyNode cudaGraphEventRecordNodeGetEvent
            cudaGraphEventRecordNodeSetEvent cudaGraphEventWaitNodeGetEvent
            cudaGraphEventWaitNodeSetEvent cudaGraphExecChildGraphNodeSetParams
            cudaGraphExecEventRecordNodeSetEvent cudaGraphExecEventWaitNodeSetEvent
            cudaGraphExecHostNodeSetParams cudaGraphExecMemcpyNodeSetParams
            cudaGraphExecMemcpyNodeSetParams1D cudaGraphExecMemcpyNodeSetParamsFromSymbol
            cudaGraphExecMemcpyNodeSetParamsToSymbol cudaGraphGetEdges cudaGraphGetNodes
            cudaGraphGetRootNodes cudaGraphHostNodeGetParams cudaGraphHostNodeSetParams
            cudaGraphMemcpyNodeGetParams cudaGraphMemcpyNodeSetParams
            cudaGraphMemcpyNodeSetParams1D cudaGraphMemcpyNodeSetParamsFromSymbol
            cudaGraphMemcpyNodeSetParamsToSymbol cudaGraphNodeFindInClone
            cudaGraphNodeGetDependencies cudaGraphNodeGetDependentNodes cudaGraphRemoveDependencies
            cudaStreamEndCapture cudaStreamUpdateCaptureDependencies
            cudaThreadExchangeStreamCaptureMode
        """)
    },
    **{
        n: Impl(
            hip_name(n),
            note="CUDA's layout converted to HIP's (the fields are ordered differently)",
        )
        for n in names("""
            cudaGraphAddMemsetNode cudaGraphMemsetNodeGetParams cudaGraphMemsetNodeSetParams
            cudaGraphExecMemsetNodeSetParams
        """)
    },
    **{
        n: Impl(hip_name(n), E, _KERNEL_ARGS + _EXTRA)
        for n in names("""
            cudaGraphAddKernelNode cudaGraphKernelNodeSetParams cudaGraphExecKernelNodeSetParams
        """)
    },
    "cudaGraphKernelNodeGetParams": Impl("hipGraphKernelNodeGetParams", note=_KERNEL_ARGS),
    "cudaGraphNodeGetType": Impl(
        "hipGraphNodeGetType", note="HIP's numbering and its three kinds of copy node made CUDA's"
    ),
    "cudaGraphDestroy": Impl("hipGraphDestroy", note="also releases the graph's user objects"),
    "cudaGraphExecDestroy": Impl(
        "hipGraphExecDestroy", note="also releases the executable graph's user objects"
    ),
    "cudaGraphInstantiate": Impl("hipGraphInstantiate", E, _INSTANTIATE),
    "cudaGraphInstantiateWithFlags": Impl("hipGraphInstantiate", E, _INSTANTIATE),
    "cudaGraphInstantiateWithParams": Impl(
        "cu2amd: hipGraphInstantiate",
        E,
        _INSTANTIATE + "; errNode_out is always NULL (HIP 5.2 has no instantiation parameters)",
    ),
    "cudaGraphExecUpdate": Impl(
        "hipGraphExecUpdate",
        E,
        "resultInfo.errorFromNode is always NULL (HIP reports one node); " + _HOST + "nodes "
        "are matched in creation order",
    ),
    "cudaGraphUpload": Impl(
        "cu2amd: checks the stream", E, "no effect: a graph is ready to launch when instantiated"
    ),
    "cudaGraphDebugDotPrint": Impl(
        "cu2amd: from hipGraphGetNodes/hipGraphGetEdges",
        E,
        "cu2amd's own Graphviz file (HIP 5.2 has none): each node's type, a kernel's launch "
        "shape, the edges; the flags are accepted, not used",
    ),
    **{
        n: Impl("cu2amd: kept by cuda_runtime_api.h", E, _USER_OBJECTS)
        for n in names("""
            cudaGraphReleaseUserObject cudaGraphRetainUserObject cudaUserObjectCreate
            cudaUserObjectRelease cudaUserObjectRetain
        """)
    },
    "cudaStreamBeginCapture": Impl(
        "hipStreamBeginCapture",
        E,
        _HOST + _CAPTURED,
    ),
    "cudaStreamGetCaptureInfo": Impl(
        "hipStreamGetCaptureInfo_v2", note="CUDA 12's form (the dependencies and graph too)"
    ),
    "cudaStreamIsCapturing": Impl("hipStreamIsCapturing"),
    "cudaEventRecordWithFlags": Impl(
        "hipEventRecord",
        note="cudaEventRecordExternal on a capturing stream is an event record node "
        "(hipGraphAddEventRecordNode), elsewhere a record",
    ),
}
DRIVER: dict[str, Impl] = {}

_ENUMERATORS = """
    cudaGraphDebugDotFlagsEventNodeParams cudaGraphDebugDotFlagsExtSemasSignalNodeParams
    cudaGraphDebugDotFlagsExtSemasWaitNodeParams cudaGraphDebugDotFlagsHandles
    cudaGraphDebugDotFlagsHostNodeParams cudaGraphDebugDotFlagsKernelNodeAttributes
    cudaGraphDebugDotFlagsKernelNodeParams cudaGraphDebugDotFlagsMemcpyNodeParams
    cudaGraphDebugDotFlagsMemsetNodeParams cudaGraphDebugDotFlagsVerbose
    cudaGraphExecUpdateError cudaGraphExecUpdateErrorAttributesChanged
    cudaGraphExecUpdateErrorFunctionChanged cudaGraphExecUpdateErrorNodeTypeChanged
    cudaGraphExecUpdateErrorNotSupported cudaGraphExecUpdateErrorParametersChanged
    cudaGraphExecUpdateErrorTopologyChanged cudaGraphExecUpdateErrorUnsupportedFunctionChange
    cudaGraphExecUpdateSuccess cudaGraphInstantiateError cudaGraphInstantiateFlagAutoFreeOnLaunch
    cudaGraphInstantiateFlagDeviceLaunch cudaGraphInstantiateFlagUpload
    cudaGraphInstantiateFlagUseNodePriority cudaGraphInstantiateInvalidStructure
    cudaGraphInstantiateMultipleDevicesNotSupported
    cudaGraphInstantiateNodeOperationNotSupported cudaGraphInstantiateSuccess
    cudaGraphNodeTypeConditional cudaGraphNodeTypeCount cudaGraphNodeTypeEmpty
    cudaGraphNodeTypeEventRecord cudaGraphNodeTypeExtSemaphoreSignal
    cudaGraphNodeTypeExtSemaphoreWait cudaGraphNodeTypeGraph cudaGraphNodeTypeHost
    cudaGraphNodeTypeKernel cudaGraphNodeTypeMemAlloc cudaGraphNodeTypeMemFree
    cudaGraphNodeTypeMemcpy cudaGraphNodeTypeMemset cudaGraphNodeTypeWaitEvent
    cudaGraphUserObjectMove cudaStreamAddCaptureDependencies cudaStreamCaptureModeGlobal
    cudaStreamCaptureModeRelaxed cudaStreamCaptureModeThreadLocal
    cudaStreamSetCaptureDependencies cudaUserObjectNoDestructorSync
"""
_NEW_ENUMS = """
    cudaGraphDebugDotFlags cudaGraphInstantiateResult cudaStreamUpdateCaptureDependenciesFlags
    cudaUserObjectFlags cudaUserObjectRetainFlags
"""
_NEW_TYPES = "cudaGraphExecUpdateResultInfo cudaGraphInstantiateParams"
# CUDA 12.2/12.3's, declared by runtime_graph.h.
_CUDA12_ENUMERATORS = """
    cudaGraphDependencyTypeDefault cudaGraphDependencyTypeProgrammatic
    cudaGraphMemAttrReservedMemCurrent cudaGraphMemAttrReservedMemHigh
    cudaGraphMemAttrUsedMemCurrent cudaGraphMemAttrUsedMemHigh
"""
_CUDA12_ENUMS = "cudaGraphDependencyType cudaGraphMemAttributeType"
_CUDA12_TYPES = """
    cudaChildGraphNodeParams cudaEventRecordNodeParams cudaEventWaitNodeParams
    cudaExternalSemaphoreSignalNodeParams cudaExternalSemaphoreSignalNodeParamsV2
    cudaExternalSemaphoreWaitNodeParams cudaExternalSemaphoreWaitNodeParamsV2 cudaGraphEdgeData
    cudaGraphNodeParams cudaHostNodeParamsV2 cudaKernelNodeAttrID cudaKernelNodeAttrValue
    cudaKernelNodeParamsV2 cudaMemAllocNodeParams cudaMemAllocNodeParamsV2 cudaMemFreeNodeParams
    cudaMemcpyNodeParams cudaMemsetParamsV2
"""
_CUDA12_MACROS = """
    cudaGraphKernelNodePortDefault cudaGraphKernelNodePortLaunchCompletion
    cudaGraphKernelNodePortProgrammatic cudaKernelNodeAttributeAccessPolicyWindow
    cudaKernelNodeAttributeClusterDimension cudaKernelNodeAttributeClusterSchedulingPolicyPreference
    cudaKernelNodeAttributeCooperative cudaKernelNodeAttributeMemSyncDomain
    cudaKernelNodeAttributeMemSyncDomainMap cudaKernelNodeAttributePriority
"""
# CUDA 12.4's conditional node types, with CUDA 12.8's SWITCH, declared by graph_types.h.
_COND_ENUMERATORS = (
    "cudaGraphCondAssignDefault cudaGraphCondTypeIf cudaGraphCondTypeSwitch cudaGraphCondTypeWhile"
)
_COND_ENUMS = "cudaGraphConditionalHandleFlags cudaGraphConditionalNodeType"
_COND_NAMES = _COND_ENUMERATORS + " " + _COND_ENUMS + " cudaConditionalNodeParams"
TYPE_SECTIONS = (
    (Kind.ENUMERATOR, "Data types used by CUDA Runtime: graph enum values",
     " ".join(sorted(names(_ENUMERATORS)))),
    (Kind.ENUM, "Data types used by CUDA Runtime: graph enums",
     " ".join(sorted(names(_NEW_ENUMS)))),
    (Kind.TYPE, "Data types used by CUDA Runtime: graph types",
     " ".join(sorted(names(_NEW_TYPES)))),
    (Kind.ENUMERATOR, "Data types used by CUDA Runtime: CUDA 12.3 graph enum values",
     " ".join(sorted(names(_CUDA12_ENUMERATORS)))),
    (Kind.ENUM, "Data types used by CUDA Runtime: CUDA 12.3 graph enums",
     " ".join(sorted(names(_CUDA12_ENUMS)))),
    (Kind.TYPE, "Data types used by CUDA Runtime: CUDA 12.3 graph types",
     " ".join(sorted(names(_CUDA12_TYPES)))),
    (Kind.MACRO, "Data types used by CUDA Runtime: CUDA 12.3 graph macros",
     " ".join(sorted(names(_CUDA12_MACROS)))),
    (Kind.ENUMERATOR, "Data types used by CUDA Runtime: conditional node enum values",
     " ".join(sorted(names(_COND_ENUMERATORS)))),
    (Kind.ENUM, "Data types used by CUDA Runtime: conditional node enums",
     " ".join(sorted(names(_COND_ENUMS)))),
    (Kind.TYPE, "Data types used by CUDA Runtime: conditional node types",
     "cudaConditionalNodeParams cudaGraphConditionalHandle"),
)  # fmt: skip

TYPES: dict[str, Impl] = {
    **{n: Impl("cu2amd: CUDA's value") for n in names(_ENUMERATORS)},
    **{
        n: Impl(hip_name(n))
        for n in names("""
            cudaGraphExecUpdateResult cudaGraphExec_t cudaGraphInstantiateFlags cudaGraphNode_t
            cudaGraph_t cudaHostNodeParams cudaStreamCaptureMode
            cudaStreamUpdateCaptureDependenciesFlags
        """)
    },
    "cudaGraphNodeType": Impl(
        "hipGraphNodeType", note="CUDA's numbering (HIP's starts at 1; cudaGraphNodeGetType maps)"
    ),
    "cudaKernelNodeParams": Impl("hipKernelNodeParams", note="CUDA's layout (HIP's differs)"),
    "cudaMemsetParams": Impl("hipMemsetParams", note="CUDA's layout (HIP's differs)"),
    "cudaUserObject_t": Impl("cu2amd: runtime_graph.h", E, _USER_OBJECTS),
    "cudaUserObjectFlags": Impl("cu2amd: runtime_graph.h"),
    "cudaUserObjectRetainFlags": Impl("cu2amd: runtime_graph.h"),
    "cudaGraphDebugDotFlags": Impl("cu2amd: runtime_graph.h", E, "accepted, not used"),
    "cudaGraphInstantiateResult": Impl("cu2amd: runtime_graph.h"),
    "cudaGraphInstantiateParams": Impl("cu2amd: runtime_graph.h"),
    "cudaGraphExecUpdateResultInfo": Impl("cu2amd: from hipGraphExecUpdate's results"),
    **{
        n: Impl("cu2amd: CUDA's (runtime_graph.h)")
        for n in names(_CUDA12_ENUMERATORS + _CUDA12_ENUMS + _CUDA12_TYPES + _CUDA12_MACROS)
    },
    "cudaGraphNodeParams": Impl(
        "cu2amd: runtime_graph.h", note="CUDA 12.3's layout, with CUDA 12.4's conditional member"
    ),
    **{n: Impl("cu2amd: CUDA's (graph_types.h)") for n in names(_COND_NAMES)},
    "cudaGraphConditionalHandle": Impl(
        "cu2amd: graph_types.h", note="the address of the device word holding the value"
    ),
    "cudaGraphDependencyTypeProgrammatic": Impl(
        "cu2amd: CUDA's value",
        Status.EMULATED,
        "declared; an edge of this type is cudaErrorNotSupported (programmatic dependent launch "
        "is not provided)",
    ),
}

_U = Status.UNSUPPORTED

# Conditional nodes (cu2amd/runtime_graph_cond.h): ROCm 5.2's HIP graphs cannot branch while
# they run, so cudaGraphLaunch evaluates them itself.
_COND = (
    "cudaGraphLaunch of a graph holding conditional nodes runs it from the calling thread and "
    "returns when it has run (CUDA's launch is asynchronous): the nodes whose dependencies allow "
    "it as one executable graph, then, the stream synchronised, a conditional node's handle is "
    "read and its body graphs run the same way, as often as its value says; work depending on a "
    "conditional node does not overlap it. The body graphs are copied when the graph is "
    "instantiated, as CUDA's. A handle is one word of device memory, shared by every executable "
    "graph of its graph. Body graphs may also hold node kinds CUDA refuses there (host, event "
    "nodes), which run"
)
RUNTIME.update(
    {
        "cudaGraphConditionalHandleCreate": Impl(
            "cu2amd: a hipMalloc'd word", E, _COND + "; the word is set to defaultLaunchValue"
        ),
        "cudaGraphSetConditional": Impl(
            "cu2amd: a store to the handle's word",
            note="device function; the value takes effect as CUDA's does (see "
            "cudaGraphConditionalHandleCreate)",
        ),
        "cudaGraphLaunch": Impl(
            "hipGraphLaunch",
            E,
            "as HIP's, except for graphs holding conditional nodes: " + _COND + "; on a capturing "
            "stream such a launch is cudaErrorStreamCaptureUnsupported (CUDA captures it), and "
            "cuGraphLaunch of such a graph stops the program with a message",
        ),
    }
)

# CUDA 12's additions, built in runtime_graph.h from HIP 5.2's graph functions.
_GRAPH_MEM = (
    "kept by cuda_runtime_api.h (HIP 5.2 has no memory nodes): the memory is allocated when the "
    "alloc node is made (its address fixed for the graph's lifetime, as CUDA's); the alloc and "
    "free nodes are host nodes marking it in use or free, which the used-memory attributes count; "
    "cudaDeviceGraphMemTrim returns only the memory of destroyed graphs' allocations not in use "
    "(CUDA also unmaps an idle instantiated graph's)"
)
_EDGES = (
    "only default edges exist: programmatic edges and ports are cudaErrorNotSupported "
    "(programmatic dependent launch is not provided)"
)
_GENERIC = (
    "dispatches to the node kind's own function; conditional nodes as "
    "cudaGraphConditionalHandleCreate says, external semaphore nodes as their own functions say"
)
_EXTSEM = (
    "kept by cuda_runtime_api.h (HIP 5.2 has no semaphore nodes): a host node that signals or "
    "waits the semaphores in graph order, with the parameters copied when the node is added or "
    "set (the arrays GetParams returns are the node's own). Host platform only: on AMD GPUs "
    "signalling or waiting a semaphore HIP imported is a HIP call, which HIP forbids in a host "
    "node's callback, so the nodes are cudaErrorNotSupported there"
)
_ATTRS = (
    "kept by cuda_runtime_api.h, without effect on the launches (ROCm 5.2's libamdhip64 does not "
    "export hipGraphKernelNodeSetAttribute; a cooperative node is not launched cooperatively); "
    "a clone's nodes keep their originals'"
)
_CUDA_EXTSEM = names("""
    cudaGraphAddExternalSemaphoresSignalNode cudaGraphAddExternalSemaphoresWaitNode
    cudaGraphExecExternalSemaphoresSignalNodeSetParams
    cudaGraphExecExternalSemaphoresWaitNodeSetParams cudaGraphExternalSemaphoresSignalNodeGetParams
    cudaGraphExternalSemaphoresSignalNodeSetParams cudaGraphExternalSemaphoresWaitNodeGetParams
    cudaGraphExternalSemaphoresWaitNodeSetParams
""")
_CUDA12 = names("""
    cudaGraphAddMemAllocNode cudaGraphAddMemFreeNode cudaGraphMemAllocNodeGetParams
    cudaGraphMemFreeNodeGetParams cudaDeviceGetGraphMemAttribute cudaDeviceGraphMemTrim
    cudaDeviceSetGraphMemAttribute cudaGraphKernelNodeSetAttribute cudaGraphKernelNodeGetAttribute
    cudaGraphKernelNodeCopyAttributes cudaGraphExecGetFlags cudaGraphAddNode cudaGraphNodeSetParams
    cudaGraphExecNodeSetParams cudaGraphAddNode_v2 cudaGraphAddDependencies_v2 cudaGraphGetEdges_v2
    cudaGraphNodeGetDependencies_v2 cudaGraphNodeGetDependentNodes_v2
    cudaGraphRemoveDependencies_v2 cudaStreamUpdateCaptureDependencies_v2
    cudaStreamGetCaptureInfo_v3 cudaStreamBeginCaptureToGraph cudaGraphNodeGetEnabled
    cudaGraphNodeSetEnabled
""")
RUNTIME.update(
    {
        **{
            n: Impl("cu2amd: host nodes over hipGraphAddHostNode, hipMalloc", E, _GRAPH_MEM)
            for n in names("""
                cudaGraphAddMemAllocNode cudaGraphAddMemFreeNode cudaGraphMemAllocNodeGetParams
                cudaGraphMemFreeNodeGetParams cudaDeviceGetGraphMemAttribute cudaDeviceGraphMemTrim
                cudaDeviceSetGraphMemAttribute
            """)
        },
        **{
            n: Impl("cu2amd: host nodes over hipGraphAddHostNode", E, _EXTSEM) for n in _CUDA_EXTSEM
        },
        "cudaGraphKernelNodeSetAttribute": Impl("cu2amd: kept by cuda_runtime_api.h", E, _ATTRS),
        "cudaGraphKernelNodeGetAttribute": Impl("cu2amd: kept by cuda_runtime_api.h", E, _ATTRS),
        "cudaGraphKernelNodeCopyAttributes": Impl(
            "cu2amd: kept by cuda_runtime_api.h",
            E,
            _ATTRS + "; CUDA 12.0's argument order (hSrc, hDst)",
        ),
        "cudaGraphExecGetFlags": Impl(
            "cu2amd: kept by cuda_runtime_api.h", note="the flags given at instantiation"
        ),
        **{
            n: Impl("cu2amd: the node kind's cudaGraph* function", E, _GENERIC)
            for n in names("cudaGraphAddNode cudaGraphNodeSetParams cudaGraphExecNodeSetParams")
        },
        "cudaGraphAddNode_v2": Impl(
            "cu2amd: the node kind's cudaGraph* function", E, _GENERIC + "; " + _EDGES
        ),
        **{
            n: Impl(hip_name(n.removesuffix("_v2")), E, _EDGES)
            for n in names("""
                cudaGraphAddDependencies_v2 cudaGraphGetEdges_v2 cudaGraphNodeGetDependencies_v2
                cudaGraphNodeGetDependentNodes_v2 cudaGraphRemoveDependencies_v2
                cudaStreamUpdateCaptureDependencies_v2
            """)
        },
        "cudaStreamGetCaptureInfo_v3": Impl("hipStreamGetCaptureInfo_v2", E, _EDGES),
        **{
            n: Impl(
                "cu2amd: hipGraphClone, hipGraphInstantiate",
                E,
                "HIP 5.2 cannot disable a node: each executable graph keeps a copy of its graph "
                "(cuda_runtime_api.h) that every cudaGraphExec*SetParams/cudaGraphExecUpdate "
                "also changes; while nodes are disabled a launch runs an instantiation of that "
                "copy with them made empty nodes (made again after changes)",
            )
            for n in names("cudaGraphNodeGetEnabled cudaGraphNodeSetEnabled")
        },
        "cudaStreamBeginCaptureToGraph": Impl(
            "hipStreamBeginCapture",
            E,
            "the stream captures into a graph of its own (which cudaStreamGetCaptureInfo reports) "
            "whose nodes cudaStreamEndCapture copies into the given graph, after the given "
            "dependencies; " + _EDGES,
        ),
    }
)

# The driver API (cu2amd/driver_graph.h): the same HIP functions; C as well as C++.
_CU_MODULE_KERNEL = (
    "; a CUfunction is a module's kernel: on the host platform its arguments are copied (sizes "
    "from the PTX), on AMD GPUs ROCm 5.2's hipGraphAddKernelNode takes only registered kernels"
)
DRIVER.update(
    {
        **{
            n: Impl(hip_name(n))
            for n in names("""
                cuGraphAddChildGraphNode cuGraphAddDependencies cuGraphAddEmptyNode
                cuGraphAddEventRecordNode cuGraphAddEventWaitNode cuGraphAddHostNode
                cuGraphChildGraphNodeGetGraph cuGraphClone cuGraphCreate cuGraphDestroy
                cuGraphDestroyNode cuGraphEventRecordNodeGetEvent cuGraphEventRecordNodeSetEvent
                cuGraphEventWaitNodeGetEvent cuGraphEventWaitNodeSetEvent
                cuGraphExecChildGraphNodeSetParams cuGraphExecDestroy
                cuGraphExecEventRecordNodeSetEvent cuGraphExecEventWaitNodeSetEvent
                cuGraphExecHostNodeSetParams cuGraphGetEdges cuGraphGetNodes cuGraphGetRootNodes
                cuGraphHostNodeGetParams cuGraphHostNodeSetParams cuGraphLaunch
                cuGraphNodeFindInClone cuGraphNodeGetDependencies cuGraphNodeGetDependentNodes
                cuGraphRemoveDependencies cuStreamEndCapture cuStreamIsCapturing
                cuStreamUpdateCaptureDependencies cuThreadExchangeStreamCaptureMode
            """)
        },
        **{
            n: Impl(
                hip_name(n),
                note="CUDA's layout converted to HIP's; the context is the current one's",
            )
            for n in names("""
                cuGraphAddMemsetNode cuGraphMemsetNodeGetParams cuGraphMemsetNodeSetParams
                cuGraphExecMemsetNodeSetParams
            """)
        },
        **{
            n: Impl(hip_name(n), E, _KERNEL_ARGS + _EXTRA + _CU_MODULE_KERNEL)
            for n in names("""
                cuGraphAddKernelNode cuGraphKernelNodeSetParams cuGraphExecKernelNodeSetParams
            """)
        },
        "cuGraphKernelNodeGetParams": Impl("hipGraphKernelNodeGetParams", note=_KERNEL_ARGS),
        "cuGraphNodeGetType": Impl(
            "hipGraphNodeGetType",
            note="HIP's numbering and its three kinds of copy node made CUDA's",
        ),
        "cuGraphInstantiate": Impl("hipGraphInstantiate", E, _INSTANTIATE),
        "cuGraphInstantiateWithParams": Impl(
            "cu2amd: hipGraphInstantiate", E, _INSTANTIATE + "; hErrNode_out is always NULL"
        ),
        "cuGraphExecUpdate": Impl(
            "hipGraphExecUpdate",
            E,
            "resultInfo.errorFromNode is always NULL (HIP reports one node); " + _HOST + "nodes "
            "are matched in creation order",
        ),
        "cuGraphUpload": Impl(
            "cu2amd: checks the stream",
            E,
            "no effect: a graph is ready to launch when instantiated",
        ),
        "cuGraphDebugDotPrint": Impl(
            "cu2amd: from hipGraphGetNodes/hipGraphGetEdges",
            E,
            "cu2amd's own Graphviz file (HIP 5.2 has none): each node's type, the edges; the flags "
            "are accepted, not used",
        ),
        "cuStreamBeginCapture": Impl(
            "hipStreamBeginCapture",
            E,
            _HOST + "captures cuLaunchKernel (not with `extra`), the async copies and sets that "
            "go through the runtime's (cuMemcpyHtoDAsync ...), event records and waits, graph "
            "launches",
        ),
        "cuStreamGetCaptureInfo": Impl(
            "hipStreamGetCaptureInfo_v2", note="CUDA 12's form (the dependencies and graph too)"
        ),
    }
)
DRIVER.update(
    {
        n.replace("cuda", "cu", 1): impl
        for n, impl in RUNTIME.items()
        if impl.status is _U and n.replace("cuda", "cu", 1) not in DRIVER
    }
)
DRIVER["cuGraphConditionalHandleCreate"] = Impl(
    "",
    _U,
    "cuda.h has no cuGraphAddNode yet, which makes conditional nodes (the runtime API's "
    "cudaGraphConditionalHandleCreate and cudaGraphAddNode work)",
)
_CU_EDGES = names("""
    cuGraphAddDependencies_v2 cuGraphGetEdges_v2 cuGraphNodeGetDependencies_v2
    cuGraphNodeGetDependentNodes_v2 cuGraphRemoveDependencies_v2
    cuStreamUpdateCaptureDependencies_v2
""")
DRIVER.update(
    {
        **{
            n.replace("cuda", "cu", 1): Impl(
                "", _U, f"cuda_runtime_api.h provides the runtime API's {n}; cuda.h does not yet"
            )
            for n in _CUDA12
        },
        **{
            n.replace("cuda", "cu", 1): Impl(
                "cu2amd: host nodes over hipGraphAddHostNode (cu2amd/driver_interop.h)",
                E,
                _EXTSEM.replace("cudaErrorNotSupported", "CUDA_ERROR_NOT_SUPPORTED")
                + "; the runtime's and the driver's nodes are one kind (cu2amd/extsem_nodes.h)",
            )
            for n in _CUDA_EXTSEM
        },
        **{n: Impl(hip_name(n.removesuffix("_v2")), E, _EDGES) for n in _CU_EDGES},
        "cuStreamGetCaptureInfo_v3": Impl("hipStreamGetCaptureInfo_v2", E, _EDGES),
    }
)

_CU_ENUMERATORS = """
    CUDA_GRAPH_INSTANTIATE_ERROR CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH
    CUDA_GRAPH_INSTANTIATE_FLAG_DEVICE_LAUNCH CUDA_GRAPH_INSTANTIATE_FLAG_UPLOAD
    CUDA_GRAPH_INSTANTIATE_FLAG_USE_NODE_PRIORITY CUDA_GRAPH_INSTANTIATE_INVALID_STRUCTURE
    CUDA_GRAPH_INSTANTIATE_MULTIPLE_CTXS_NOT_SUPPORTED
    CUDA_GRAPH_INSTANTIATE_NODE_OPERATION_NOT_SUPPORTED CUDA_GRAPH_INSTANTIATE_SUCCESS
    CU_GRAPH_EXEC_UPDATE_ERROR CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED
    CU_GRAPH_EXEC_UPDATE_ERROR_FUNCTION_CHANGED CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED
    CU_GRAPH_EXEC_UPDATE_ERROR_NOT_SUPPORTED CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED
    CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED
    CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE CU_GRAPH_EXEC_UPDATE_SUCCESS
    CU_GRAPH_NODE_TYPE_BATCH_MEM_OP CU_GRAPH_NODE_TYPE_CONDITIONAL CU_GRAPH_NODE_TYPE_EMPTY
    CU_GRAPH_NODE_TYPE_EVENT_RECORD CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL
    CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT CU_GRAPH_NODE_TYPE_GRAPH CU_GRAPH_NODE_TYPE_HOST
    CU_GRAPH_NODE_TYPE_KERNEL CU_GRAPH_NODE_TYPE_MEMCPY CU_GRAPH_NODE_TYPE_MEMSET
    CU_GRAPH_NODE_TYPE_MEM_ALLOC CU_GRAPH_NODE_TYPE_MEM_FREE CU_GRAPH_NODE_TYPE_WAIT_EVENT
    CU_STREAM_ADD_CAPTURE_DEPENDENCIES CU_STREAM_CAPTURE_MODE_GLOBAL
    CU_STREAM_CAPTURE_MODE_RELAXED CU_STREAM_CAPTURE_MODE_THREAD_LOCAL
    CU_STREAM_CAPTURE_STATUS_ACTIVE CU_STREAM_CAPTURE_STATUS_INVALIDATED
    CU_STREAM_CAPTURE_STATUS_NONE CU_STREAM_SET_CAPTURE_DEPENDENCIES
    CUDA_ERROR_ILLEGAL_STATE CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED
    CUDA_ERROR_STREAM_CAPTURE_INVALIDATED CUDA_ERROR_STREAM_CAPTURE_MERGE
    CUDA_ERROR_STREAM_CAPTURE_UNMATCHED CUDA_ERROR_STREAM_CAPTURE_UNJOINED
    CUDA_ERROR_STREAM_CAPTURE_ISOLATION CUDA_ERROR_STREAM_CAPTURE_IMPLICIT
    CUDA_ERROR_CAPTURED_EVENT CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD
    CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE
"""
_CU_HEADER = "cu2amd: CUDA's {} (cu2amd/driver_graph.h)"
# The driver API's (cuda.h, cu2amd/driver_graph.h): name -> (kind, what it is).
DRIVER_TYPES: dict[str, tuple[Kind, str]] = {
    **{
        n + tag: (Kind.TYPE, "cu2amd/driver_interop.h: CUDA's layout")
        for n in names("CUDA_EXT_SEM_SIGNAL_NODE_PARAMS CUDA_EXT_SEM_WAIT_NODE_PARAMS")
        for tag in ("", "_v1", "_v2", "_st", "_v2_st")
    },
    **{n: (Kind.ENUMERATOR, _CU_HEADER.format("value")) for n in names(_CU_ENUMERATORS)},
    **{
        n + tag: (kind, _CU_HEADER.format("values"))
        for n in names("""
            CUgraphExecUpdateResult CUgraphInstantiateResult CUgraphInstantiate_flags
            CUgraphNodeType CUstreamCaptureMode CUstreamCaptureStatus
            CUstreamUpdateCaptureDependencies_flags
        """)
        for tag, kind in (("", Kind.TYPE), ("_enum", Kind.ENUM))
    },
    **{
        n: (Kind.TYPE, _CU_HEADER.format("layout"))
        for n in names("""
            CUDA_GRAPH_INSTANTIATE_PARAMS CUDA_GRAPH_INSTANTIATE_PARAMS_st CUDA_HOST_NODE_PARAMS
            CUDA_HOST_NODE_PARAMS_st CUDA_KERNEL_NODE_PARAMS CUDA_KERNEL_NODE_PARAMS_st
            CUDA_MEMSET_NODE_PARAMS CUDA_MEMSET_NODE_PARAMS_st CUgraphExecUpdateResultInfo
            CUgraphExecUpdateResultInfo_st
        """)
    },
    **{
        n: (kind, _CU_HEADER.format("value"))
        for kind, text in (
            (
                Kind.ENUMERATOR,
                "CU_GRAPH_DEPENDENCY_TYPE_DEFAULT CU_GRAPH_DEPENDENCY_TYPE_PROGRAMMATIC",
            ),
            (
                Kind.MACRO,
                "CU_GRAPH_KERNEL_NODE_PORT_DEFAULT CU_GRAPH_KERNEL_NODE_PORT_LAUNCH_ORDER "
                "CU_GRAPH_KERNEL_NODE_PORT_PROGRAMMATIC",
            ),
            (Kind.TYPE, "CUgraphDependencyType CUgraphEdgeData CUgraphEdgeData_st"),
            (Kind.ENUM, "CUgraphDependencyType_enum"),
        )
        for n in names(text)
    },
    "CUgraph": (Kind.TYPE, "hipGraph_t"),
    "CUgraphNode": (Kind.TYPE, "hipGraphNode_t"),
    "CUgraphExec": (Kind.TYPE, "hipGraphExec_t"),
}
DRIVER.update(
    {
        **{
            n: Impl(
                "",
                _U,
                "CUDA_MEMCPY3D copy nodes are not converted to HIP's yet (the runtime "
                "API's cudaGraphAddMemcpyNode and stream capture of cuMemcpy*Async work)",
            )
            for n in names("""
                cuGraphAddMemcpyNode cuGraphExecMemcpyNodeSetParams cuGraphMemcpyNodeGetParams
                cuGraphMemcpyNodeSetParams
            """)
        },
        **{
            n: Impl("", _U, "batched stream memory operations in graphs: ROCm 5.2's HIP has none")
            for n in names("""
                cuGraphAddBatchMemOpNode cuGraphBatchMemOpNodeGetParams
                cuGraphBatchMemOpNodeSetParams cuGraphExecBatchMemOpNodeSetParams
            """)
        },
        **{
            n: Impl(
                "",
                _U,
                "user objects are kept by cuda_runtime_api.h for the runtime API "
                "(cudaUserObjectCreate ...); cuda.h, which is also C, does not provide them",
            )
            for n in names("""
                cuGraphReleaseUserObject cuGraphRetainUserObject cuUserObjectCreate
                cuUserObjectRelease cuUserObjectRetain
            """)
        },
    }
)
