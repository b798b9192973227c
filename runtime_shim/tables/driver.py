"""The CUDA driver API (CUDA 12.x Driver API reference, one section per module of the
manual), and what cu2amd's runtime_shim/include/cuda.h provides of it: functions, then the
types, enums, enumerators and macros cuda.h declares. The ROCm column is the HIP function
HIPIFY maps a function to, or what cuda.h calls for the ones it implements.
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables import (
    impl_coop,
    impl_extra,
    impl_graph,
    impl_interop,
    impl_library,
    impl_texture,
)
from cu2amd.runtime_shim.tables.build import NOT_YET, Impl, Table, hip_name, names
from cu2amd.runtime_shim.tables.row import ApiRow, Group, Kind, Status

NA = Status.NOT_APPLICABLE
E = Status.EMULATED
JIT = (
    "PTX text is compiled at run time by cu2amd's PTX compiler for the device's architecture "
    "and cached on disk by content hash (cu2amd/ptx_jit.h); a code object passes through"
)
_SAME = names("""
    cuCtxCreate cuCtxDestroy cuCtxGetCurrent cuCtxGetDevice cuCtxGetFlags cuCtxPopCurrent
    cuCtxPushCurrent cuCtxSetCurrent cuCtxSynchronize cuDeviceGet cuDeviceGetByPCIBusId
    cuDeviceGetName cuDeviceGetPCIBusId cuDevicePrimaryCtxGetState
    cuDevicePrimaryCtxRelease cuDevicePrimaryCtxReset cuDevicePrimaryCtxRetain
    cuDevicePrimaryCtxSetFlags cuDeviceTotalMem cuEventDestroy cuEventElapsedTime cuEventRecord
    cuEventSynchronize cuInit cuMemGetInfo cuMemcpyDtoD cuMemcpyDtoDAsync cuMemcpyDtoH
    cuMemcpyDtoHAsync cuMemcpyHtoD cuMemcpyHtoDAsync cuMemsetD16 cuMemsetD16Async cuMemsetD32
    cuMemsetD32Async cuMemsetD8 cuMemsetD8Async cuModuleGetFunction cuModuleGetGlobal
    cuModuleUnload cuStreamDestroy cuStreamQuery cuStreamSynchronize cuMemAllocPitch
    cuDeviceCanAccessPeer cuEventQuery cuMemHostGetDevicePointer cuMemHostGetFlags
    cuMemHostRegister cuMemHostUnregister cuStreamAddCallback cuStreamGetFlags cuStreamGetPriority
    cuStreamWaitEvent
""")
_HOST = "host platform: "
_NO_EFFECT = (
    "recorded and reported back; no effect on the code (AMD GPUs and the host platform "
    "have no such setting)"
)
_ROWS = "one copy per row (hipMemcpy, unified addressing); CUDA arrays are CUDA_ERROR_NOT_SUPPORTED"
_LINK = (
    "one input per link (PTX, a code object or an offload bundle), which becomes the 'cubin' that "
    "cuModuleLoadData compiles; a second input, objects and libraries are CUDA_ERROR_NOT_SUPPORTED"
)
_LIBRARY = (
    "a library is a module loaded once (one device, one context) and its kernels are its "
    "functions; library options are ignored"
)
_OCCUPANCY = "host platform: a simple model (one multiprocessor, threads and shared memory)"

# Driver functions whose HIP counterpart is not the plain cu -> hip rename.
_HIP = {
    "cuEventCreate": "hipEventCreateWithFlags",
    "cuFuncGetAttribute": "hipFuncGetAttribute",
    "cuGetErrorName": "hipDrvGetErrorName",
    "cuGetErrorString": "hipDrvGetErrorString",
    "cuLaunchCooperativeKernel": "hipModuleLaunchCooperativeKernel",
    "cuLaunchKernel": "hipModuleLaunchKernel",
    "cuMemAlloc": "hipMalloc",
    "cuMemAllocAsync": "hipMallocAsync",
    "cuMemAllocFromPoolAsync": "hipMallocFromPoolAsync",
    "cuMemAllocManaged": "hipMallocManaged",
    "cuMemFree": "hipFree",
    "cuMemFreeAsync": "hipFreeAsync",
    "cuMemFreeHost": "hipHostFree",
    "cuMemHostAlloc": "hipHostAlloc",
    "cuMemHostGetDevicePointer": "hipHostGetDevicePointer",
    "cuMemHostGetFlags": "hipHostGetFlags",
    "cuMemHostRegister": "hipHostRegister",
    "cuMemHostUnregister": "hipHostUnregister",
    "cuMemcpy2D": "hipMemcpyParam2D",
    "cuMemcpy2DUnaligned": "hipDrvMemcpy2DUnaligned",
    "cuMemcpy3D": "hipDrvMemcpy3D",
    "cuMemcpy3DAsync": "hipDrvMemcpy3DAsync",
    "cuOccupancyMaxActiveBlocksPerMultiprocessor": (
        "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor"
    ),
    "cuOccupancyMaxPotentialBlockSize": "hipModuleOccupancyMaxPotentialBlockSize",
    "cuPointerGetAttributes": "hipDrvPointerGetAttributes",
    "cuStreamCreate": "hipStreamCreateWithFlags",
}


def _rocm(name: str) -> str:
    return _HIP.get(name) or hip_name(name)


IMPL = {
    **{name: Impl(_rocm(name)) for name in _SAME},
    "cuDeviceComputeCapability": Impl(
        "hipDeviceComputeCapability",
        note="the compute capability the program was compiled for (its newest -arch; 8.0 "
        "without one), as cudaGetDeviceProperties",
    ),
    "cuDeviceGetAttribute": Impl(
        "hipGetDeviceProperties",
        E,
        "the 35 attributes cuda.h declares (CUDA's numbering; warp size 32, compute capability "
        "of -arch); any other is CUDA_ERROR_INVALID_VALUE",
    ),
    "cuDeviceGetCount": Impl("hipGetDeviceCount"),
    "cuCtxGetStreamPriorityRange": Impl(
        "hipDeviceGetStreamPriorityRange", note=_HOST + "0 and 0 (no priorities)"
    ),
    "cuMemAllocManaged": Impl(
        "hipMallocManaged",
        E,
        "AMD: pages migrate on demand only with XNACK on (HSA_XNACK=1), which is not checked "
        "(cudaMallocManaged says so at run time); " + _HOST + "plain host memory",
    ),
    "cuMemHostAlloc": Impl("hipHostMalloc"),
    "cuCtxGetApiVersion": Impl("cu2amd (cuda.h)", note="3020, as CUDA 3.2 and later contexts"),
    "cuCtxRecordEvent": Impl(
        "hipEventRecord", E, "recorded on the null stream (which waits for the blocking streams)"
    ),
    "cuCtxWaitEvent": Impl(
        "hipStreamWaitEvent", E, "waited for by the null stream (which holds the blocking streams)"
    ),
    "cuCtxResetPersistingL2Cache": Impl("cu2amd (cuda.h)", E, "no persisting L2 lines: no effect"),
    "cuDeviceGetUuid_v2": Impl(
        "hipDeviceGetUuid", note="host platform: the same 16 bytes every run"
    ),
    "cuDeviceGetExecAffinitySupport": Impl(
        "cu2amd (cuda.h)", note="0: no execution affinity (SM partitions) on AMD GPUs or the host"
    ),
    "cuFuncIsLoaded": Impl("cu2amd (cuda.h)", note="always loaded: modules load eagerly"),
    "cuFuncLoad": Impl("cu2amd (cuda.h)", note="nothing to do: modules load eagerly"),
    "cuModuleGetLoadingMode": Impl("cu2amd (cuda.h)", note="CU_MODULE_EAGER_LOADING"),
    **{
        name: Impl(rocm, E, _LIBRARY)
        for name, rocm in (
            ("cuKernelGetAttribute", "hipFuncGetAttribute"),
            ("cuKernelGetFunction", "cu2amd (cuda.h)"),
            ("cuKernelSetCacheConfig", "cu2amd (cuda.h)"),
            ("cuLibraryGetGlobal", "hipModuleGetGlobal"),
            ("cuLibraryGetKernel", "hipModuleGetFunction"),
            ("cuLibraryGetModule", "cu2amd (cuda.h)"),
            ("cuLibraryLoadData", "hipModuleLoadDataEx"),
            ("cuLibraryLoadFromFile", "hipModuleLoad"),
            ("cuLibraryUnload", "hipModuleUnload"),
        )
    },
    "cuEventRecordWithFlags": Impl(
        "hipEventRecord", E, "CU_EVENT_RECORD_EXTERNAL (for graphs) is CUDA_ERROR_NOT_SUPPORTED"
    ),
    "cuStreamGetCtx": Impl(
        "hipCtxGetCurrent", E, "the current context (one context per device and thread)"
    ),
    "cuOccupancyAvailableDynamicSMemPerBlock": Impl(
        "cu2amd (cuda.h)",
        E,
        "computed from the device's shared memory per multiprocessor and the kernel's attributes",
    ),
    "cuFuncSetCacheConfig": Impl("cu2amd (cuda.h)", E, "checked, without effect (as on AMD GPUs)"),
    "cuFuncSetSharedMemConfig": Impl(
        "cu2amd (cuda.h)", E, "checked, without effect (as on AMD GPUs)"
    ),
    "cuLaunchHostFunc": Impl(
        "hipStreamAddCallback",
        note="a stream callback calling the function (ROCm 5.2 has no hipLaunchHostFunc)",
    ),
    "cuMemcpyPeer": Impl("hipMemcpyPeer", note="each context's device asked by making it current"),
    "cuMemcpyPeerAsync": Impl(
        "hipMemcpyPeerAsync", note="each context's device asked by making it current"
    ),
    **{
        name: Impl(
            "hipPointerGetAttributes",
            E,
            "the memory type, device and host pointers, IS_MANAGED and the device ordinal; other "
            "attributes are CUDA_ERROR_INVALID_VALUE",
        )
        for name in ("cuPointerGetAttribute", "cuPointerGetAttributes")
    },
    "cuStreamCreateWithPriority": Impl(
        "hipStreamCreateWithPriority", note=_HOST + "no priorities (the range is 0..0)"
    ),
    "cuDeviceGetProperties": Impl("hipGetDeviceProperties", note="SIMDWidth is 32 (CUDA's warp)"),
    "cuDeviceGetUuid": Impl("hipDeviceGetUuid", note="host platform: the same 16 bytes every run"),
    "cuCtxGetCacheConfig": Impl("hipCtxGetCacheConfig", E, _NO_EFFECT),
    "cuCtxSetCacheConfig": Impl("hipCtxSetCacheConfig", E, _NO_EFFECT),
    "cuCtxGetSharedMemConfig": Impl("hipCtxGetSharedMemConfig", E, _NO_EFFECT),
    "cuCtxSetSharedMemConfig": Impl("hipCtxSetSharedMemConfig", E, _NO_EFFECT),
    "cuMemcpy": Impl("hipMemcpy", note="hipMemcpyDefault: unified addressing"),
    "cuMemcpyAsync": Impl("hipMemcpyAsync", note="hipMemcpyDefault: unified addressing"),
    "cuMemcpy2D": Impl("hipMemcpy", E, _ROWS),
    "cuMemcpy2DAsync": Impl("hipMemcpyAsync", E, _ROWS),
    "cuMemcpy2DUnaligned": Impl("hipMemcpy", E, _ROWS),
    **{
        f"cuMemsetD2D{bits}{suffix}": Impl(f"hipMemsetD{bits}{suffix}", E, "one memset per row")
        for bits in (8, 16, 32)
        for suffix in ("", "Async")
    },
    "cuOccupancyMaxActiveBlocksPerMultiprocessor": Impl(
        "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor", note=_OCCUPANCY
    ),
    "cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags": Impl(
        "hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", note=_OCCUPANCY
    ),
    "cuOccupancyMaxPotentialBlockSize": Impl(
        "hipModuleOccupancyMaxPotentialBlockSize",
        E,
        "a blockSizeToDynamicSMemSize callback is CUDA_ERROR_NOT_SUPPORTED (HIP takes one "
        "size); " + _OCCUPANCY,
    ),
    "cuOccupancyMaxPotentialBlockSizeWithFlags": Impl(
        "hipModuleOccupancyMaxPotentialBlockSizeWithFlags",
        E,
        "a blockSizeToDynamicSMemSize callback is CUDA_ERROR_NOT_SUPPORTED (HIP takes one "
        "size); " + _OCCUPANCY,
    ),
    "cuProfilerStart": Impl("hipProfilerStart", note="host platform: no profiler, accepted"),
    "cuProfilerStop": Impl("hipProfilerStop", note="host platform: no profiler, accepted"),
    "cuDriverGetVersion": Impl("cu2amd: 12000, the CUDA 12.0 driver API cuda.h declares"),
    "cuEventCreate": Impl("hipEventCreateWithFlags"),
    "cuFuncGetAttribute": Impl(
        "hipFuncGetAttribute",
        E,
        "host platform: NUM_REGS, LOCAL_SIZE_BYTES and CONST_SIZE_BYTES are 0 and "
        "SHARED_SIZE_BYTES is the static shared memory of the whole module",
    ),
    "cuGetErrorName": Impl("cu2amd: CUDA's names (cuda.h)"),
    "cuGetErrorString": Impl("cu2amd: CUDA's texts (cuda.h)"),
    "cuLaunchKernel": Impl(
        "hipModuleLaunchKernel",
        note="kernelParams and extra forms; on the host platform the extra form needs a "
        "module loaded from PTX (its parameter layout comes from the JIT)",
    ),
    "cuMemAlloc": Impl("hipMalloc"),
    "cuMemAllocHost": Impl("hipHostMalloc"),
    "cuMemFree": Impl("hipFree"),
    "cuMemFreeHost": Impl("hipHostFree"),
    "cuModuleLoad": Impl("hipModuleLoad", note=JIT),
    **{
        name: Impl("cu2amd (cuda.h)", E, _LINK)
        for name in (
            "cuLinkAddData",
            "cuLinkAddFile",
            "cuLinkComplete",
            "cuLinkCreate",
            "cuLinkDestroy",
        )
    },
    "cuModuleLoadData": Impl("hipModuleLoadData", note=JIT),
    "cuModuleLoadFatBinary": Impl(
        "hipModuleLoadData",
        E,
        "cu2amd's fat binaries: clang offload bundles (cu2amd ptx -o X.hipfb); NVIDIA's fatbin "
        "format is not read",
    ),
    "cuModuleLoadDataEx": Impl(
        "hipModuleLoadDataEx",
        E,
        JIT + "; JIT options are accepted and ignored, but for CU_JIT_ERROR_LOG_BUFFER, which "
        "says the diagnostic is on stderr",
    ),
    "cuStreamCreate": Impl("hipStreamCreateWithFlags"),
}

# The API areas kept in modules of their own (impl_*.py).
for _area in (impl_coop, impl_extra, impl_graph, impl_interop, impl_library, impl_texture):
    IMPL.update(_area.DRIVER)

_T = Table(Group.DRIVER, IMPL)


def S(section: str, text: str, status: Status = Status.UNSUPPORTED, note: str = NOT_YET) -> None:
    _T.section(section, text, rocm=_rocm, status=status, note=note)


S("Error Handling", "cuGetErrorName cuGetErrorString")
S("Initialization", "cuInit")
S("Version Management", "cuDriverGetVersion")
S(
    "Device Management",
    """
    cuDeviceGet cuDeviceGetAttribute cuDeviceGetCount cuDeviceGetDefaultMemPool
    cuDeviceGetExecAffinitySupport cuDeviceGetLuid cuDeviceGetMemPool cuDeviceGetName
    cuDeviceGetNvSciSyncAttributes cuDeviceGetTexture1DLinearMaxWidth cuDeviceGetUuid
    cuDeviceGetUuid_v2 cuDeviceSetMemPool cuDeviceTotalMem cuFlushGPUDirectRDMAWrites
""",
)
S("Device Management [DEPRECATED]", "cuDeviceComputeCapability cuDeviceGetProperties")
S(
    "Primary Context Management",
    """
    cuDevicePrimaryCtxGetState cuDevicePrimaryCtxRelease cuDevicePrimaryCtxReset
    cuDevicePrimaryCtxRetain cuDevicePrimaryCtxSetFlags
""",
)
S(
    "Context Management",
    """
    cuCtxCreate cuCtxCreate_v3 cuCtxCreate_v4 cuCtxDestroy cuCtxGetApiVersion
    cuCtxGetCacheConfig cuCtxGetCurrent cuCtxGetDevice cuCtxGetExecAffinity cuCtxGetFlags
    cuCtxGetId cuCtxGetLimit cuCtxGetStreamPriorityRange cuCtxPopCurrent cuCtxPushCurrent
    cuCtxRecordEvent cuCtxResetPersistingL2Cache cuCtxSetCacheConfig cuCtxSetCurrent
    cuCtxSetFlags cuCtxSetLimit cuCtxSynchronize cuCtxWaitEvent
""",
)
S(
    "Context Management [DEPRECATED]",
    """
    cuCtxAttach cuCtxDetach cuCtxGetSharedMemConfig cuCtxSetSharedMemConfig
""",
)
S(
    "Module Management",
    """
    cuLinkAddData cuLinkAddFile cuLinkComplete cuLinkCreate cuLinkDestroy
    cuModuleEnumerateFunctions cuModuleGetFunction cuModuleGetFunctionCount cuModuleGetGlobal
    cuModuleGetLoadingMode cuModuleLoad cuModuleLoadData cuModuleLoadDataEx
    cuModuleLoadFatBinary cuModuleUnload
""",
)
S("Module Management [DEPRECATED]", "cuModuleGetSurfRef cuModuleGetTexRef")
S(
    "Library Management",
    """
    cuKernelGetAttribute cuKernelGetFunction cuKernelGetLibrary cuKernelGetName
    cuKernelGetParamInfo cuKernelSetAttribute cuKernelSetCacheConfig cuLibraryEnumerateKernels
    cuLibraryGetGlobal cuLibraryGetKernel cuLibraryGetKernelCount cuLibraryGetManaged
    cuLibraryGetModule cuLibraryGetUnifiedFunction cuLibraryLoadData cuLibraryLoadFromFile
    cuLibraryUnload
""",
)
S(
    "Memory Management",
    """
    cuArray3DCreate cuArray3DGetDescriptor cuArrayCreate cuArrayDestroy cuArrayGetDescriptor
    cuArrayGetMemoryRequirements cuArrayGetPlane cuArrayGetSparseProperties
    cuDeviceGetByPCIBusId cuDeviceGetPCIBusId cuDeviceRegisterAsyncNotification
    cuDeviceUnregisterAsyncNotification cuIpcCloseMemHandle cuIpcGetEventHandle
    cuIpcGetMemHandle cuIpcOpenEventHandle cuIpcOpenMemHandle cuMemAlloc cuMemAllocHost
    cuMemAllocManaged cuMemAllocPitch cuMemFree cuMemFreeHost cuMemGetAddressRange
    cuMemGetHandleForAddressRange cuMemGetInfo cuMemHostAlloc cuMemHostGetDevicePointer
    cuMemHostGetFlags cuMemHostRegister cuMemHostUnregister cuMemcpy cuMemcpy2D
    cuMemcpy2DAsync cuMemcpy2DUnaligned cuMemcpy3D cuMemcpy3DAsync cuMemcpy3DBatchAsync
    cuMemcpy3DPeer cuMemcpy3DPeerAsync cuMemcpyAsync cuMemcpyAtoA cuMemcpyAtoD cuMemcpyAtoH
    cuMemcpyAtoHAsync cuMemcpyBatchAsync cuMemcpyDtoA cuMemcpyDtoD cuMemcpyDtoDAsync
    cuMemcpyDtoH cuMemcpyDtoHAsync cuMemcpyHtoA cuMemcpyHtoAAsync cuMemcpyHtoD
    cuMemcpyHtoDAsync cuMemcpyPeer cuMemcpyPeerAsync cuMemsetD16 cuMemsetD16Async
    cuMemsetD2D16 cuMemsetD2D16Async cuMemsetD2D32 cuMemsetD2D32Async cuMemsetD2D8
    cuMemsetD2D8Async cuMemsetD32 cuMemsetD32Async cuMemsetD8 cuMemsetD8Async
    cuMipmappedArrayCreate cuMipmappedArrayDestroy cuMipmappedArrayGetLevel
    cuMipmappedArrayGetMemoryRequirements cuMipmappedArrayGetSparseProperties
""",
)
S(
    "Virtual Memory Management",
    """
    cuMemAddressFree cuMemAddressReserve cuMemCreate cuMemExportToShareableHandle
    cuMemGetAccess cuMemGetAllocationGranularity cuMemGetAllocationPropertiesFromHandle
    cuMemImportFromShareableHandle cuMemMap cuMemMapArrayAsync cuMemRelease
    cuMemRetainAllocationHandle cuMemSetAccess cuMemUnmap
""",
)
S(
    "Stream Ordered Memory Allocator",
    """
    cuMemAllocAsync cuMemAllocFromPoolAsync cuMemFreeAsync cuMemPoolCreate cuMemPoolDestroy
    cuMemPoolExportPointer cuMemPoolExportToShareableHandle cuMemPoolGetAccess
    cuMemPoolGetAttribute cuMemPoolImportFromShareableHandle cuMemPoolImportPointer
    cuMemPoolSetAccess cuMemPoolSetAttribute cuMemPoolTrimTo
""",
)
S(
    "Multicast Object Management",
    """
    cuMulticastAddDevice cuMulticastBindAddr cuMulticastBindMem cuMulticastCreate
    cuMulticastGetGranularity cuMulticastUnbind
""",
    NA,
    "NVLink multicast objects have no ROCm counterpart",
)
S(
    "Unified Addressing",
    """
    cuMemAdvise cuMemAdvise_v2 cuMemPrefetchAsync cuMemPrefetchAsync_v2
    cuMemRangeGetAttribute cuMemRangeGetAttributes cuPointerGetAttribute
    cuPointerGetAttributes cuPointerSetAttribute
""",
)
S(
    "Stream Management",
    """
    cuStreamAddCallback cuStreamAttachMemAsync cuStreamBeginCapture cuStreamBeginCaptureToGraph
    cuStreamCopyAttributes cuStreamCreate cuStreamCreateWithPriority cuStreamDestroy
    cuStreamEndCapture cuStreamGetAttribute cuStreamGetCaptureInfo cuStreamGetCaptureInfo_v3
    cuStreamGetCtx cuStreamGetCtx_v2 cuStreamGetDevice cuStreamGetFlags cuStreamGetId
    cuStreamGetPriority cuStreamIsCapturing cuStreamQuery cuStreamSetAttribute
    cuStreamSynchronize cuStreamUpdateCaptureDependencies cuStreamUpdateCaptureDependencies_v2
    cuStreamWaitEvent cuThreadExchangeStreamCaptureMode
""",
)
S(
    "Event Management",
    """
    cuEventCreate cuEventDestroy cuEventElapsedTime cuEventElapsedTime_v2 cuEventQuery
    cuEventRecord cuEventRecordWithFlags cuEventSynchronize
""",
)
S(
    "External Resource Interoperability",
    """
    cuDestroyExternalMemory cuDestroyExternalSemaphore cuExternalMemoryGetMappedBuffer
    cuExternalMemoryGetMappedMipmappedArray cuImportExternalMemory cuImportExternalSemaphore
    cuSignalExternalSemaphoresAsync cuWaitExternalSemaphoresAsync
""",
)
S(
    "Stream Memory Operations",
    """
    cuStreamBatchMemOp cuStreamWaitValue32 cuStreamWaitValue64 cuStreamWriteValue32
    cuStreamWriteValue64
""",
)
S(
    "Execution Control",
    """
    cuFuncGetAttribute cuFuncGetModule cuFuncGetName cuFuncGetParamInfo cuFuncIsLoaded
    cuFuncLoad cuFuncSetAttribute cuFuncSetCacheConfig cuLaunchCooperativeKernel
    cuLaunchCooperativeKernelMultiDevice cuLaunchHostFunc cuLaunchKernel cuLaunchKernelEx
""",
)
S(
    "Execution Control [DEPRECATED]",
    """
    cuFuncSetBlockShape cuFuncSetSharedMemConfig cuFuncSetSharedSize cuLaunch cuLaunchGrid
    cuLaunchGridAsync cuParamSetSize cuParamSetTexRef cuParamSetf cuParamSeti cuParamSetv
""",
)
S(
    "Graph Management",
    """
    cuDeviceGetGraphMemAttribute cuDeviceGraphMemTrim cuDeviceSetGraphMemAttribute
    cuGraphAddBatchMemOpNode cuGraphAddChildGraphNode cuGraphAddDependencies
    cuGraphAddDependencies_v2 cuGraphAddEmptyNode cuGraphAddEventRecordNode
    cuGraphAddEventWaitNode cuGraphAddExternalSemaphoresSignalNode
    cuGraphAddExternalSemaphoresWaitNode cuGraphAddHostNode cuGraphAddKernelNode
    cuGraphAddMemAllocNode cuGraphAddMemFreeNode cuGraphAddMemcpyNode cuGraphAddMemsetNode
    cuGraphAddNode cuGraphAddNode_v2 cuGraphBatchMemOpNodeGetParams
    cuGraphBatchMemOpNodeSetParams cuGraphChildGraphNodeGetGraph cuGraphClone
    cuGraphConditionalHandleCreate cuGraphCreate cuGraphDebugDotPrint cuGraphDestroy
    cuGraphDestroyNode cuGraphEventRecordNodeGetEvent cuGraphEventRecordNodeSetEvent
    cuGraphEventWaitNodeGetEvent cuGraphEventWaitNodeSetEvent
    cuGraphExecBatchMemOpNodeSetParams cuGraphExecChildGraphNodeSetParams cuGraphExecDestroy
    cuGraphExecEventRecordNodeSetEvent cuGraphExecEventWaitNodeSetEvent
    cuGraphExecExternalSemaphoresSignalNodeSetParams
    cuGraphExecExternalSemaphoresWaitNodeSetParams cuGraphExecGetFlags
    cuGraphExecHostNodeSetParams cuGraphExecKernelNodeSetParams cuGraphExecMemcpyNodeSetParams
    cuGraphExecMemsetNodeSetParams cuGraphExecNodeSetParams cuGraphExecUpdate
    cuGraphExternalSemaphoresSignalNodeGetParams cuGraphExternalSemaphoresSignalNodeSetParams
    cuGraphExternalSemaphoresWaitNodeGetParams cuGraphExternalSemaphoresWaitNodeSetParams
    cuGraphGetEdges cuGraphGetEdges_v2 cuGraphGetNodes cuGraphGetRootNodes
    cuGraphHostNodeGetParams cuGraphHostNodeSetParams cuGraphInstantiate
    cuGraphInstantiateWithParams cuGraphKernelNodeCopyAttributes cuGraphKernelNodeGetAttribute
    cuGraphKernelNodeGetParams cuGraphKernelNodeSetAttribute cuGraphKernelNodeSetParams
    cuGraphLaunch cuGraphMemAllocNodeGetParams cuGraphMemFreeNodeGetParams
    cuGraphMemcpyNodeGetParams cuGraphMemcpyNodeSetParams cuGraphMemsetNodeGetParams
    cuGraphMemsetNodeSetParams cuGraphNodeFindInClone cuGraphNodeGetDependencies
    cuGraphNodeGetDependencies_v2 cuGraphNodeGetDependentNodes cuGraphNodeGetDependentNodes_v2
    cuGraphNodeGetEnabled cuGraphNodeGetType cuGraphNodeSetEnabled cuGraphNodeSetParams
    cuGraphReleaseUserObject cuGraphRemoveDependencies cuGraphRemoveDependencies_v2
    cuGraphRetainUserObject cuGraphUpload cuUserObjectCreate cuUserObjectRelease
    cuUserObjectRetain
""",
)
S(
    "Occupancy",
    """
    cuOccupancyAvailableDynamicSMemPerBlock cuOccupancyMaxActiveBlocksPerMultiprocessor
    cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags cuOccupancyMaxActiveClusters
    cuOccupancyMaxPotentialBlockSize cuOccupancyMaxPotentialBlockSizeWithFlags
    cuOccupancyMaxPotentialClusterSize
""",
)
S(
    "Texture Reference Management [DEPRECATED]",
    """
    cuTexRefCreate cuTexRefDestroy cuTexRefGetAddress cuTexRefGetAddressMode cuTexRefGetArray
    cuTexRefGetBorderColor cuTexRefGetFilterMode cuTexRefGetFlags cuTexRefGetFormat
    cuTexRefGetMaxAnisotropy cuTexRefGetMipmapFilterMode cuTexRefGetMipmapLevelBias
    cuTexRefGetMipmapLevelClamp cuTexRefGetMipmappedArray cuTexRefSetAddress
    cuTexRefSetAddress2D cuTexRefSetAddressMode cuTexRefSetArray cuTexRefSetBorderColor
    cuTexRefSetFilterMode cuTexRefSetFlags cuTexRefSetFormat cuTexRefSetMaxAnisotropy
    cuTexRefSetMipmapFilterMode cuTexRefSetMipmapLevelBias cuTexRefSetMipmapLevelClamp
    cuTexRefSetMipmappedArray
""",
)
S("Surface Reference Management [DEPRECATED]", "cuSurfRefGetArray cuSurfRefSetArray")
S(
    "Texture Object Management",
    """
    cuTexObjectCreate cuTexObjectDestroy cuTexObjectGetResourceDesc
    cuTexObjectGetResourceViewDesc cuTexObjectGetTextureDesc
""",
)
S(
    "Surface Object Management",
    """
    cuSurfObjectCreate cuSurfObjectDestroy cuSurfObjectGetResourceDesc
""",
)
S(
    "Tensor Map Object Management",
    """
    cuTensorMapEncodeIm2col cuTensorMapEncodeIm2colWide cuTensorMapEncodeTiled
    cuTensorMapReplaceAddress
""",
    NA,
    "tensor maps describe the TMA unit of sm_90+; AMD GPUs have none",
)
S(
    "Peer Context Memory Access",
    """
    cuCtxDisablePeerAccess cuCtxEnablePeerAccess cuDeviceCanAccessPeer cuDeviceGetP2PAttribute
""",
)
S(
    "Graphics Interoperability",
    """
    cuGraphicsMapResources cuGraphicsResourceGetMappedMipmappedArray
    cuGraphicsResourceGetMappedPointer cuGraphicsResourceSetMapFlags
    cuGraphicsSubResourceGetMappedArray cuGraphicsUnmapResources cuGraphicsUnregisterResource
""",
)
S("Driver Entry Point Access", "cuGetProcAddress")
S(
    "Coredump Attributes Control API",
    """
    cuCoredumpGetAttribute cuCoredumpGetAttributeGlobal cuCoredumpSetAttribute
    cuCoredumpSetAttributeGlobal
""",
    NA,
    "NVIDIA's GPU core dump settings; ROCm's debugger has its own",
)
S(
    "Green Contexts",
    """
    cuCtxFromGreenCtx cuCtxGetDevResource cuDevResourceGenerateDesc cuDevSmResourceSplitByCount
    cuDeviceGetDevResource cuGreenCtxCreate cuGreenCtxDestroy cuGreenCtxGetDevResource
    cuGreenCtxRecordEvent cuGreenCtxStreamCreate cuGreenCtxWaitEvent cuStreamGetGreenCtx
""",
)
S(
    "Checkpointing",
    """
    cuCheckpointProcessCheckpoint cuCheckpointProcessGetRestoreThreadId
    cuCheckpointProcessGetState cuCheckpointProcessLock cuCheckpointProcessRestore
    cuCheckpointProcessUnlock
""",
    NA,
    "NVIDIA driver process checkpointing; no ROCm counterpart",
)
S("Profiler Control", "cuProfilerStart cuProfilerStop")
S("Profiler Control [DEPRECATED]", "cuProfilerInitialize")
S(
    "OpenGL Interoperability",
    """
    cuGLGetDevices cuGraphicsGLRegisterBuffer cuGraphicsGLRegisterImage cuWGLGetDevice
""",
)
S(
    "OpenGL Interoperability [DEPRECATED]",
    """
    cuGLCtxCreate cuGLInit cuGLMapBufferObject cuGLMapBufferObjectAsync cuGLRegisterBufferObject
    cuGLSetBufferObjectMapFlags cuGLUnmapBufferObject cuGLUnmapBufferObjectAsync
    cuGLUnregisterBufferObject
""",
)
_D3D = "Direct3D is Windows graphics interop; no ROCm counterpart on Linux"
S(
    "Direct3D 9 Interoperability",
    """
    cuD3D9CtxCreate cuD3D9CtxCreateOnDevice cuD3D9GetDevice cuD3D9GetDevices
    cuD3D9GetDirect3DDevice cuGraphicsD3D9RegisterResource
""",
    NA,
    _D3D,
)
S(
    "Direct3D 10 Interoperability",
    """
    cuD3D10GetDevice cuD3D10GetDevices cuGraphicsD3D10RegisterResource
""",
    NA,
    _D3D,
)
S(
    "Direct3D 11 Interoperability",
    """
    cuD3D11GetDevice cuD3D11GetDevices cuGraphicsD3D11RegisterResource
""",
    NA,
    _D3D,
)
S(
    "VDPAU Interoperability",
    """
    cuGraphicsVDPAURegisterOutputSurface cuGraphicsVDPAURegisterVideoSurface cuVDPAUCtxCreate
    cuVDPAUGetDevice
""",
    NA,
    "VDPAU is NVIDIA's video API; no ROCm counterpart",
)
S(
    "EGL Interoperability",
    """
    cuEGLStreamConsumerAcquireFrame cuEGLStreamConsumerConnect
    cuEGLStreamConsumerConnectWithFlags cuEGLStreamConsumerDisconnect
    cuEGLStreamConsumerReleaseFrame cuEGLStreamProducerConnect cuEGLStreamProducerDisconnect
    cuEGLStreamProducerPresentFrame cuEGLStreamProducerReturnFrame cuEventCreateFromEGLSync
    cuGraphicsEGLRegisterImage cuGraphicsResourceGetMappedEglFrame
""",
    NA,
    "EGLStreams interop has no ROCm counterpart",
)


# What cuda.h declares besides functions (each supported: CUDA's names and values).
_ENUMS = {
    "CUctx_flags_enum": "CUctx_flags",
    "CUevent_record_flags_enum": "CUevent_record_flags",
    "CUexecAffinityType_enum": "CUexecAffinityType",
    "CUfunc_cache_enum": "CUfunc_cache",
    "CUfunctionLoadingState_enum": "CUfunctionLoadingState",
    "CUmoduleLoadingMode_enum": "CUmoduleLoadingMode",
    "CUlibraryOption_enum": "CUlibraryOption",
    "CUjitInputType_enum": "CUjitInputType",
    "CUmemAttach_flags_enum": "CUmemAttach_flags",
    "CUmemorytype_enum": "CUmemorytype",
    "CUoccupancy_flags_enum": "CUoccupancy_flags",
    "CUpointer_attribute_enum": "CUpointer_attribute",
    "CUsharedconfig_enum": "CUsharedconfig",
    "CUdevice_attribute_enum": "CUdevice_attribute",
    "CUevent_flags_enum": "CUevent_flags",
    "CUfunction_attribute_enum": "CUfunction_attribute",
    "CUjit_option_enum": "CUjit_option",
    "CUstream_flags_enum": "CUstream_flags",
    "cudaError_enum": "CUresult",
}
_TYPES = {
    "CUDA_MEMCPY2D": "hip_Memcpy2D (CUDA's layout; arrays: cu2amd/driver_texture.h)",
    "CUDA_MEMCPY2D_st": "hip_Memcpy2D (CUDA's layout; arrays: cu2amd/driver_texture.h)",
    "CUdevprop": "cu2amd: filled from hipDeviceProp_t",
    "CUdevprop_st": "cu2amd: filled from hipDeviceProp_t",
    "CUhostFn": "hipHostFn_t",
    "CUoccupancyB2DSize": "cu2amd: accepted as NULL only",
    "CUstreamCallback": "hipStreamCallback_t",
    "CUuuid": "hipUUID",
    "CUuuid_st": "hipUUID",
    "CUcontext": "hipCtx_t",
    "CUlinkState": "cu2amd: one input's copy (cuda.h)",
    "CUkernel": "hipFunction_t",
    "CUlibrary": "hipModule_t",
    "CUdevice": "hipDevice_t",
    "CUdeviceptr": "hipDeviceptr_t",
    "CUevent": "hipEvent_t",
    "CUfunction": "hipFunction_t",
    "CUmodule": "hipModule_t",
    "CUstream": "hipStream_t",
    **{typedef: "cu2amd: CUDA's values (cuda.h)" for typedef in _ENUMS.values()},
}


def _declared(section: str, kind: Kind, rows: dict[str, str]) -> None:
    for name in sorted(rows):
        _T.add(ApiRow(name, Group.DRIVER, kind, section, Status.SUPPORTED, rows[name]))


_declared("Data types used by the driver API: enums", Kind.ENUM,
          {tag: "cu2amd: CUDA's values (cuda.h)" for tag in _ENUMS})  # fmt: skip
_declared("Data types used by the driver API: types", Kind.TYPE, _TYPES)
_declared(
    "Data types used by the driver API: enumerators",
    Kind.ENUMERATOR,
    {
        name: "cu2amd: CUDA's value (cuda.h)"
        for name in names("""
        CUDA_ERROR_ASSERT CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE CUDA_ERROR_DEINITIALIZED
        CUDA_ERROR_FILE_NOT_FOUND
        CUDA_ERROR_ILLEGAL_ADDRESS CUDA_ERROR_INVALID_CONTEXT CUDA_ERROR_INVALID_DEVICE
        CUDA_ERROR_INVALID_HANDLE CUDA_ERROR_INVALID_IMAGE CUDA_ERROR_INVALID_PTX
        CUDA_ERROR_INVALID_SOURCE CUDA_ERROR_INVALID_VALUE CUDA_ERROR_JIT_COMPILER_NOT_FOUND
        CUDA_ERROR_LAUNCH_FAILED CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES CUDA_ERROR_NOT_FOUND
        CUDA_ERROR_NOT_INITIALIZED CUDA_ERROR_NOT_READY CUDA_ERROR_NOT_SUPPORTED
        CUDA_ERROR_NO_BINARY_FOR_GPU CUDA_ERROR_NO_DEVICE CUDA_ERROR_OPERATING_SYSTEM
        CUDA_ERROR_OUT_OF_MEMORY CUDA_ERROR_UNKNOWN CUDA_SUCCESS
        CU_CTX_LMEM_RESIZE_TO_MAX CU_CTX_MAP_HOST CU_CTX_SCHED_AUTO CU_CTX_SCHED_BLOCKING_SYNC
        CU_CTX_SCHED_SPIN CU_CTX_SCHED_YIELD
        CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY CU_DEVICE_ATTRIBUTE_CLOCK_RATE
        CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR
        CU_DEVICE_ATTRIBUTE_COMPUTE_MODE CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS
        CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH
        CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH CU_DEVICE_ATTRIBUTE_INTEGRATED
        CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY
        CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y
        CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X
        CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z
        CU_DEVICE_ATTRIBUTE_MAX_PITCH CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK
        CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK
        CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN
        CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR
        CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR
        CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT
        CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS
        CU_DEVICE_ATTRIBUTE_PCI_BUS_ID CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID
        CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY
        CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING CU_DEVICE_ATTRIBUTE_WARP_SIZE
        CU_FUNC_CACHE_PREFER_EQUAL CU_FUNC_CACHE_PREFER_L1 CU_FUNC_CACHE_PREFER_NONE
        CU_FUNC_CACHE_PREFER_SHARED CU_MEMORYTYPE_ARRAY CU_MEMORYTYPE_DEVICE CU_MEMORYTYPE_HOST
        CU_MEMORYTYPE_UNIFIED CU_OCCUPANCY_DEFAULT CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE
        CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL CU_POINTER_ATTRIBUTE_DEVICE_POINTER
        CU_POINTER_ATTRIBUTE_HOST_POINTER CU_POINTER_ATTRIBUTE_IS_MANAGED
        CU_POINTER_ATTRIBUTE_MEMORY_TYPE
        CU_SHARED_MEM_CONFIG_DEFAULT_BANK_SIZE CU_SHARED_MEM_CONFIG_EIGHT_BYTE_BANK_SIZE
        CU_SHARED_MEM_CONFIG_FOUR_BYTE_BANK_SIZE
        CU_EVENT_RECORD_DEFAULT CU_EVENT_RECORD_EXTERNAL CU_EXEC_AFFINITY_TYPE_MAX
        CU_EXEC_AFFINITY_TYPE_SM_COUNT CU_FUNCTION_LOADING_STATE_LOADED
        CU_FUNCTION_LOADING_STATE_MAX CU_FUNCTION_LOADING_STATE_UNLOADED CU_MODULE_EAGER_LOADING
        CU_MODULE_LAZY_LOADING
        CU_LIBRARY_BINARY_IS_PRESERVED CU_LIBRARY_HOST_UNIVERSAL_FUNCTION_AND_DATA_TABLE
        CU_EVENT_BLOCKING_SYNC CU_EVENT_DEFAULT CU_EVENT_DISABLE_TIMING CU_EVENT_INTERPROCESS
        CU_FUNC_ATTRIBUTE_BINARY_VERSION CU_FUNC_ATTRIBUTE_CACHE_MODE_CA
        CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES CU_FUNC_ATTRIBUTE_MAX
        CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
        CU_FUNC_ATTRIBUTE_NUM_REGS CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT
        CU_FUNC_ATTRIBUTE_PTX_VERSION CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES
        CU_JIT_INPUT_CUBIN CU_JIT_INPUT_FATBINARY CU_JIT_INPUT_LIBRARY CU_JIT_INPUT_OBJECT
        CU_JIT_INPUT_PTX CU_MEM_ATTACH_GLOBAL CU_MEM_ATTACH_HOST CU_MEM_ATTACH_SINGLE
        CU_JIT_CACHE_MODE CU_JIT_ERROR_LOG_BUFFER CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES
        CU_JIT_FALLBACK_STRATEGY CU_JIT_GENERATE_DEBUG_INFO CU_JIT_GENERATE_LINE_INFO
        CU_JIT_INFO_LOG_BUFFER CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES CU_JIT_LOG_VERBOSE
        CU_JIT_MAX_REGISTERS CU_JIT_OPTIMIZATION_LEVEL CU_JIT_TARGET CU_JIT_TARGET_FROM_CUCONTEXT
        CU_JIT_THREADS_PER_BLOCK CU_JIT_WALL_TIME CU_STREAM_DEFAULT CU_STREAM_NON_BLOCKING
    """)
    },
)
# What an area's header declares beyond the lists here (impl_extra.DRIVER_TYPES).
for _kind in (Kind.TYPE, Kind.ENUMERATOR, Kind.MACRO, Kind.FUNCTION):  # FUNCTION: newer than 12.0
    _rows = {n: why for n, (k, why) in impl_extra.DRIVER_TYPES.items() if k is _kind}
    _section = "memory pools, IPC, stream attributes and memory operations"
    _declared(f"Data types used by the driver API: {_kind.value}s ({_section})", _kind, _rows)
for _kind in Kind:  # graphs and stream capture (impl_graph.DRIVER_TYPES)
    _rows = {n: why for n, (k, why) in impl_graph.DRIVER_TYPES.items() if k is _kind}
    if _rows:
        _declared(f"Data types used by the driver API: {_kind.value}s (graphs)", _kind, _rows)
for _kind in Kind:  # arrays, texture and surface objects (impl_texture.DRIVER_TYPES)
    _rows = {n: why for n, (k, why) in impl_texture.DRIVER_TYPES.items() if k is _kind}
    if _rows:
        _section = f"Data types used by the driver API: {_kind.value}s (arrays, textures)"
        _declared(_section, _kind, _rows)
for _kind in (Kind.ENUM, Kind.TYPE, Kind.ENUMERATOR):  # launch attributes (impl_coop.DRIVER_TYPES)
    _rows = {n: why for n, (k, why) in impl_coop.DRIVER_TYPES.items() if k is _kind}
    _declared(f"Data types used by the driver API: {_kind.value}s (launch attributes)", _kind,
              _rows)  # fmt: skip
for _kind in (Kind.ENUM, Kind.TYPE, Kind.ENUMERATOR):  # entry points (impl_library.DRIVER_TYPES)
    _rows = {n: why for n, (k, why) in impl_library.DRIVER_TYPES.items() if k is _kind}
    _declared(f"Data types used by the driver API: {_kind.value}s (entry points)", _kind, _rows)
for _kind in Kind:  # graphics and external resources (impl_interop.DRIVER_TYPES)
    _rows = {n: why for n, (k, why) in impl_interop.DRIVER_TYPES.items() if k is _kind}
    if _rows:
        _declared(f"Data types used by the driver API: {_kind.value}s (interop)", _kind, _rows)
_declared(
    "Data types used by the driver API: macros",
    Kind.MACRO,
    {
        "CUDA_CB": "cu2amd: empty (the callback calling convention of Windows)",
        "CU_STREAM_LEGACY": "cu2amd: HIP's null stream (cuda.h)",
        "CU_STREAM_PER_THREAD": "hipStreamPerThread",
        "CUDA_VERSION": "cu2amd: 12000 (the CUDA 12.0 driver API)",
        **{
            name: "cu2amd: CUDA's value, translated for hipModuleLaunchKernel"
            for name in names("""
            CU_LAUNCH_PARAM_BUFFER_POINTER CU_LAUNCH_PARAM_BUFFER_POINTER_AS_INT
            CU_LAUNCH_PARAM_BUFFER_SIZE CU_LAUNCH_PARAM_BUFFER_SIZE_AS_INT CU_LAUNCH_PARAM_END
            CU_LAUNCH_PARAM_END_AS_INT
        """)
        },
        **{
            name: "cu2amd: CUDA's value (HIP's flags are the same)"
            for name in names("""
            CU_MEMHOSTALLOC_DEVICEMAP CU_MEMHOSTALLOC_PORTABLE CU_MEMHOSTALLOC_WRITECOMBINED
            CU_MEMHOSTREGISTER_DEVICEMAP CU_MEMHOSTREGISTER_IOMEMORY CU_MEMHOSTREGISTER_PORTABLE
            CU_MEMHOSTREGISTER_READ_ONLY
        """)
        },
    },
)

ROWS: tuple[ApiRow, ...] = _T.done()
