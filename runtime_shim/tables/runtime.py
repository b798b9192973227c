"""The CUDA runtime API's functions (CUDA 12.x Runtime API reference, one section per
module of the manual), and what cu2amd's cuda_runtime_api.h does with each: it calls
HIP's C ABI, which ROCm's libamdhip64 and cu2amd's host platform runtime both export.
The ROCm column is HIP's counterpart (cross-checked against HIPIFY's tables), "" where HIP
has none.

Types, enums, error codes and macros of the runtime API are in runtime_types.py.
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, Table, hip_name, names
from cu2amd.runtime_shim.tables.row import ApiRow, Group, Status

E = Status.EMULATED
NA = Status.NOT_APPLICABLE

# What cuda_runtime_api.h implements today (each a static inline over the HIP function).
IMPL = {
    "cudaDeviceReset": Impl("hipDeviceReset"),
    "cudaDeviceSynchronize": Impl("hipDeviceSynchronize"),
    "cudaEventCreate": Impl("hipEventCreate"),
    "cudaEventDestroy": Impl("hipEventDestroy"),
    "cudaEventElapsedTime": Impl("hipEventElapsedTime"),
    "cudaEventRecord": Impl("hipEventRecord"),
    "cudaEventSynchronize": Impl("hipEventSynchronize"),
    "cudaFree": Impl("hipFree"),
    "cudaGetDevice": Impl("hipGetDevice"),
    "cudaGetDeviceCount": Impl("hipGetDeviceCount"),
    "cudaGetDeviceProperties": Impl(
        "hipGetDeviceProperties",
        E,
        "fills 14 fields of cudaDeviceProp (name, memory sizes, limits, clockRate, major/minor, "
        "multiProcessorCount ...); warpSize is 32 (warp-32 semantics); no other fields yet",
    ),
    "cudaGetErrorName": Impl(
        "cu2amd: CUDA's names, from cuda_runtime_api.h's error list",
        note="code 500 is named cudaErrorNotFound; CUDA calls it cudaErrorSymbolNotFound",
    ),
    "cudaGetErrorString": Impl("cu2amd: CUDA's texts, from cuda_runtime_api.h's error list"),
    "cudaGetLastError": Impl("hipGetLastError"),
    "cudaMalloc": Impl("hipMalloc"),
    "cudaMemcpy": Impl("hipMemcpy"),
    "cudaMemcpyAsync": Impl("hipMemcpyAsync"),
    "cudaMemset": Impl("hipMemset"),
    "cudaMemsetAsync": Impl("hipMemsetAsync"),
    "cudaPeekAtLastError": Impl("hipPeekAtLastError"),
    "cudaSetDevice": Impl("hipSetDevice"),
    "cudaStreamCreate": Impl("hipStreamCreate"),
    "cudaStreamDestroy": Impl("hipStreamDestroy"),
    "cudaStreamSynchronize": Impl("hipStreamSynchronize"),
}

_XNACK = "needs XNACK (unified memory) on AMD GPUs; not implemented yet"
_SYMBOL = "not implemented yet: needs the registered __device__/__constant__ variable table"
NOTES = {
    "cudaConfigureCall": "removed in CUDA 10.1; declared only for the host platform's device pass, "
    "which parses but never calls it",
    "cudaGetSymbolAddress": _SYMBOL,
    "cudaGetSymbolSize": _SYMBOL,
    "cudaLaunchCooperativeKernel": "not implemented yet: needs grid-wide sync (grid_group::sync)",
    "cudaMallocManaged": _XNACK,
    "cudaMemAdvise": _XNACK,
    "cudaMemPrefetchAsync": _XNACK,
    "cudaMemcpyFromSymbol": _SYMBOL,
    "cudaMemcpyFromSymbolAsync": _SYMBOL,
    "cudaMemcpyToSymbol": _SYMBOL,
    "cudaMemcpyToSymbolAsync": _SYMBOL,
    "cudaDeviceGetNvSciSyncAttributes": "NvSciSync is NVIDIA's; no ROCm counterpart",
    "cudaWGLGetDevice": "Windows OpenGL; cu2amd targets Linux",
}

# HIPIFY's counterpart where it is not the plain cuda -> hip rename, and the functions for
# which HIP has none (HIPIFY's tables, cross-checked; "" then).
_HIP = {
    "cudaFreeHost": "hipHostFree",
    "cudaGetDriverEntryPoint": "hipGetProcAddress",
    "cudaMallocHost": "hipHostMalloc",
    "cudaThreadExit": "hipDeviceReset",
    "cudaThreadGetCacheConfig": "hipDeviceGetCacheConfig",
    "cudaThreadSetCacheConfig": "hipDeviceSetCacheConfig",
    "cudaThreadSynchronize": "hipDeviceSynchronize",
    "make_cudaExtent": "make_hipExtent",
    "make_cudaPitchedPtr": "make_hipPitchedPtr",
    "make_cudaPos": "make_hipPos",
}
_NO_HIP = set(names("""
    cudaArrayGetMemoryRequirements cudaArrayGetPlane cudaArrayGetSparseProperties
    cudaCtxResetPersistingL2Cache cudaDeviceFlushGPUDirectRDMAWrites
    cudaDeviceGetNvSciSyncAttributes cudaDeviceGetTexture1DLinearMaxWidth
    cudaDeviceRegisterAsyncNotification cudaDeviceUnregisterAsyncNotification
    cudaExternalMemoryGetMappedMipmappedArray cudaFuncGetName cudaFuncGetParamInfo
    cudaGLMapBufferObject cudaGLMapBufferObjectAsync cudaGLRegisterBufferObject
    cudaGLSetBufferObjectMapFlags cudaGLSetGLDevice cudaGLUnmapBufferObject
    cudaGLUnmapBufferObjectAsync cudaGLUnregisterBufferObject cudaGetDriverEntryPointByVersion
    cudaGetKernel cudaGetParameterBuffer cudaGetParameterBufferV2 cudaGetSurfaceObjectResourceDesc
    cudaGraphAddDependencies_v2 cudaGraphAddNode_v2 cudaGraphConditionalHandleCreate
    cudaGraphGetEdges_v2 cudaGraphNodeGetDependencies_v2 cudaGraphNodeGetDependentNodes_v2
    cudaGraphRemoveDependencies_v2 cudaGraphSetConditional
    cudaGraphicsResourceGetMappedMipmappedArray cudaGraphicsResourceSetMapFlags cudaInitDevice
    cudaLaunchKernelExC cudaMemAdvise_v2 cudaMemPrefetchAsync_v2 cudaMemcpy3DPeer
    cudaMemcpy3DPeerAsync cudaMemcpyArrayToArray cudaMemcpyFromArrayAsync cudaMemcpyToArrayAsync
    cudaOccupancyAvailableDynamicSMemPerBlock cudaOccupancyMaxActiveClusters
    cudaOccupancyMaxPotentialClusterSize cudaSetDoubleForDevice cudaSetDoubleForHost
    cudaStreamCopyAttributes cudaStreamGetAttribute cudaStreamGetCaptureInfo_v3 cudaStreamGetId
    cudaStreamSetAttribute cudaStreamUpdateCaptureDependencies_v2 cudaThreadGetLimit
    cudaThreadSetLimit cudaWGLGetDevice
"""))  # fmt: skip


def _rocm(name: str) -> str:
    return "" if name in _NO_HIP else _HIP.get(name, hip_name(name))


_T = Table(Group.RUNTIME, IMPL, NOTES)
S = _T.section

S(
    "Device Management",
    """
    cudaChooseDevice cudaDeviceFlushGPUDirectRDMAWrites cudaDeviceGetAttribute
    cudaDeviceGetByPCIBusId cudaDeviceGetCacheConfig cudaDeviceGetDefaultMemPool
    cudaDeviceGetLimit cudaDeviceGetMemPool cudaDeviceGetNvSciSyncAttributes
    cudaDeviceGetP2PAttribute cudaDeviceGetPCIBusId
    cudaDeviceGetStreamPriorityRange cudaDeviceGetTexture1DLinearMaxWidth
    cudaDeviceRegisterAsyncNotification cudaDeviceReset cudaDeviceSetCacheConfig
    cudaDeviceSetLimit cudaDeviceSetMemPool
    cudaDeviceSynchronize cudaDeviceUnregisterAsyncNotification cudaGetDevice
    cudaGetDeviceCount cudaGetDeviceFlags cudaGetDeviceProperties cudaInitDevice
    cudaIpcCloseMemHandle cudaIpcGetEventHandle cudaIpcGetMemHandle cudaIpcOpenEventHandle
    cudaIpcOpenMemHandle cudaSetDevice cudaSetDeviceFlags cudaSetValidDevices
""",
    rocm=_rocm,
)
S(
    "Device Management [DEPRECATED]",
    "cudaDeviceGetSharedMemConfig cudaDeviceSetSharedMemConfig",
    rocm=_rocm,
)
S(
    "Thread Management [DEPRECATED]",
    """
    cudaThreadExit cudaThreadGetCacheConfig cudaThreadGetLimit cudaThreadSetCacheConfig
    cudaThreadSetLimit cudaThreadSynchronize
""",
    rocm=_rocm,
)
S(
    "Error Handling",
    """
    cudaGetErrorName cudaGetErrorString cudaGetLastError cudaPeekAtLastError
""",
    rocm=_rocm,
)
S(
    "Stream Management",
    """
    cudaCtxResetPersistingL2Cache cudaStreamAddCallback cudaStreamAttachMemAsync
    cudaStreamBeginCapture cudaStreamBeginCaptureToGraph cudaStreamCopyAttributes
    cudaStreamCreate cudaStreamCreateWithFlags cudaStreamCreateWithPriority
    cudaStreamDestroy cudaStreamEndCapture cudaStreamGetAttribute cudaStreamGetCaptureInfo
    cudaStreamGetCaptureInfo_v3 cudaStreamGetDevice cudaStreamGetFlags cudaStreamGetId
    cudaStreamGetPriority cudaStreamIsCapturing cudaStreamQuery cudaStreamSetAttribute
    cudaStreamSynchronize cudaStreamUpdateCaptureDependencies
    cudaStreamUpdateCaptureDependencies_v2 cudaStreamWaitEvent
    cudaThreadExchangeStreamCaptureMode
""",
    rocm=_rocm,
)
S(
    "Event Management",
    """
    cudaEventCreate cudaEventCreateWithFlags cudaEventDestroy cudaEventElapsedTime
    cudaEventElapsedTime_v2 cudaEventQuery cudaEventRecord cudaEventRecordWithFlags
    cudaEventSynchronize
""",
    rocm=_rocm,
)
S(
    "External Resource Interoperability",
    """
    cudaDestroyExternalMemory cudaDestroyExternalSemaphore cudaExternalMemoryGetMappedBuffer
    cudaExternalMemoryGetMappedMipmappedArray cudaImportExternalMemory
    cudaImportExternalSemaphore cudaSignalExternalSemaphoresAsync
    cudaWaitExternalSemaphoresAsync
""",
    rocm=_rocm,
)
S(
    "Execution Control",
    """
    cudaFuncGetAttributes cudaFuncGetName cudaFuncGetParamInfo cudaFuncSetAttribute
    cudaFuncSetCacheConfig cudaGetKernel cudaGetParameterBuffer cudaGetParameterBufferV2
    cudaLaunchCooperativeKernel cudaLaunchCooperativeKernelMultiDevice cudaLaunchHostFunc
    cudaLaunchKernel cudaLaunchKernelExC cudaSetDoubleForDevice cudaSetDoubleForHost
""",
    rocm=_rocm,
)
S("Execution Control [DEPRECATED]", "cudaFuncSetSharedMemConfig", rocm=_rocm)
S("Execution Control [REMOVED]", "cudaConfigureCall")
S(
    "Occupancy",
    """
    cudaOccupancyAvailableDynamicSMemPerBlock cudaOccupancyMaxActiveBlocksPerMultiprocessor
    cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags cudaOccupancyMaxActiveClusters
    cudaOccupancyMaxPotentialBlockSize cudaOccupancyMaxPotentialBlockSizeVariableSMem
    cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags
    cudaOccupancyMaxPotentialBlockSizeWithFlags cudaOccupancyMaxPotentialClusterSize
""",
    rocm=_rocm,
)
S(
    "Memory Management",
    """
    cudaArrayGetInfo cudaArrayGetMemoryRequirements cudaArrayGetPlane
    cudaArrayGetSparseProperties cudaFree cudaFreeArray cudaFreeHost cudaFreeMipmappedArray
    cudaGetMipmappedArrayLevel cudaGetSymbolAddress cudaGetSymbolSize cudaHostAlloc
    cudaHostGetDevicePointer cudaHostGetFlags cudaHostRegister cudaHostUnregister cudaMalloc
    cudaMalloc3D cudaMalloc3DArray cudaMallocArray cudaMallocHost cudaMallocManaged
    cudaMallocMipmappedArray cudaMallocPitch cudaMemAdvise cudaMemAdvise_v2 cudaMemGetInfo
    cudaMemPrefetchAsync cudaMemPrefetchAsync_v2 cudaMemRangeGetAttribute
    cudaMemRangeGetAttributes cudaMemcpy cudaMemcpy2D cudaMemcpy2DArrayToArray
    cudaMemcpy2DAsync cudaMemcpy2DFromArray cudaMemcpy2DFromArrayAsync cudaMemcpy2DToArray
    cudaMemcpy2DToArrayAsync cudaMemcpy3D cudaMemcpy3DAsync cudaMemcpy3DBatchAsync
    cudaMemcpy3DPeer cudaMemcpy3DPeerAsync cudaMemcpyAsync cudaMemcpyBatchAsync
    cudaMemcpyFromSymbol cudaMemcpyFromSymbolAsync cudaMemcpyPeer cudaMemcpyPeerAsync
    cudaMemcpyToSymbol cudaMemcpyToSymbolAsync cudaMemset cudaMemset2D cudaMemset2DAsync
    cudaMemset3D cudaMemset3DAsync cudaMemsetAsync cudaMipmappedArrayGetMemoryRequirements
    cudaMipmappedArrayGetSparseProperties make_cudaExtent make_cudaPitchedPtr make_cudaPos
""",
    rocm=_rocm,
)
S(
    "Memory Management [DEPRECATED]",
    """
    cudaMemcpyArrayToArray cudaMemcpyFromArray cudaMemcpyFromArrayAsync cudaMemcpyToArray
    cudaMemcpyToArrayAsync
""",
    rocm=_rocm,
)
S(
    "Stream Ordered Memory Allocator",
    """
    cudaFreeAsync cudaMallocAsync cudaMallocFromPoolAsync cudaMemPoolCreate cudaMemPoolDestroy
    cudaMemPoolExportPointer cudaMemPoolExportToShareableHandle cudaMemPoolGetAccess
    cudaMemPoolGetAttribute cudaMemPoolImportFromShareableHandle cudaMemPoolImportPointer
    cudaMemPoolSetAccess cudaMemPoolSetAttribute cudaMemPoolTrimTo
""",
    rocm=_rocm,
)
S("Unified Addressing", "cudaPointerGetAttributes", rocm=_rocm)
S(
    "Peer Device Memory Access",
    """
    cudaDeviceCanAccessPeer cudaDeviceDisablePeerAccess cudaDeviceEnablePeerAccess
""",
    rocm=_rocm,
)
S(
    "OpenGL Interoperability",
    """
    cudaGLGetDevices cudaGraphicsGLRegisterBuffer cudaGraphicsGLRegisterImage cudaWGLGetDevice
""",
    rocm=_rocm,
)
S(
    "OpenGL Interoperability [DEPRECATED]",
    """
    cudaGLMapBufferObject cudaGLMapBufferObjectAsync cudaGLRegisterBufferObject
    cudaGLSetBufferObjectMapFlags cudaGLSetGLDevice cudaGLUnmapBufferObject
    cudaGLUnmapBufferObjectAsync cudaGLUnregisterBufferObject
""",
    rocm=_rocm,
)
_D3D = "Direct3D is Windows graphics interop; no ROCm counterpart on Linux"
S(
    "Direct3D 9 Interoperability",
    """
    cudaD3D9GetDevice cudaD3D9GetDevices cudaD3D9GetDirect3DDevice cudaD3D9SetDirect3DDevice
    cudaGraphicsD3D9RegisterResource
""",
    status=NA,
    note=_D3D,
)
S(
    "Direct3D 9 Interoperability [DEPRECATED]",
    """
    cudaD3D9MapResources cudaD3D9RegisterResource cudaD3D9ResourceGetMappedArray
    cudaD3D9ResourceGetMappedPitch cudaD3D9ResourceGetMappedPointer
    cudaD3D9ResourceGetMappedSize cudaD3D9ResourceGetSurfaceDimensions
    cudaD3D9ResourceSetMapFlags cudaD3D9UnmapResources cudaD3D9UnregisterResource
""",
    status=NA,
    note=_D3D,
)
S(
    "Direct3D 10 Interoperability",
    """
    cudaD3D10GetDevice cudaD3D10GetDevices cudaGraphicsD3D10RegisterResource
""",
    status=NA,
    note=_D3D,
)
S(
    "Direct3D 10 Interoperability [DEPRECATED]",
    """
    cudaD3D10GetDirect3DDevice cudaD3D10MapResources cudaD3D10RegisterResource
    cudaD3D10ResourceGetMappedArray cudaD3D10ResourceGetMappedPitch
    cudaD3D10ResourceGetMappedPointer cudaD3D10ResourceGetMappedSize
    cudaD3D10ResourceGetSurfaceDimensions cudaD3D10ResourceSetMapFlags
    cudaD3D10SetDirect3DDevice cudaD3D10UnmapResources cudaD3D10UnregisterResource
""",
    status=NA,
    note=_D3D,
)
S(
    "Direct3D 11 Interoperability",
    """
    cudaD3D11GetDevice cudaD3D11GetDevices cudaGraphicsD3D11RegisterResource
""",
    status=NA,
    note=_D3D,
)
S(
    "Direct3D 11 Interoperability [DEPRECATED]",
    """
    cudaD3D11GetDirect3DDevice cudaD3D11SetDirect3DDevice
""",
    status=NA,
    note=_D3D,
)
S(
    "VDPAU Interoperability",
    """
    cudaGraphicsVDPAURegisterOutputSurface cudaGraphicsVDPAURegisterVideoSurface
    cudaVDPAUGetDevice cudaVDPAUSetVDPAUDevice
""",
    status=NA,
    note="VDPAU is NVIDIA's video API; no ROCm counterpart",
)
S(
    "EGL Interoperability",
    """
    cudaEGLStreamConsumerAcquireFrame cudaEGLStreamConsumerConnect
    cudaEGLStreamConsumerConnectWithFlags cudaEGLStreamConsumerDisconnect
    cudaEGLStreamConsumerReleaseFrame cudaEGLStreamProducerConnect
    cudaEGLStreamProducerDisconnect cudaEGLStreamProducerPresentFrame
    cudaEGLStreamProducerReturnFrame cudaEventCreateFromEGLSync cudaGraphicsEGLRegisterImage
    cudaGraphicsResourceGetMappedEglFrame
""",
    status=NA,
    note="EGLStreams interop has no ROCm counterpart",
)
S(
    "Graphics Interoperability",
    """
    cudaGraphicsMapResources cudaGraphicsResourceGetMappedMipmappedArray
    cudaGraphicsResourceGetMappedPointer cudaGraphicsResourceSetMapFlags
    cudaGraphicsSubResourceGetMappedArray cudaGraphicsUnmapResources
    cudaGraphicsUnregisterResource
""",
    rocm=_rocm,
)
S(
    "Texture Object Management",
    """
    cudaCreateChannelDesc cudaCreateTextureObject cudaDestroyTextureObject cudaGetChannelDesc
    cudaGetTextureObjectResourceDesc cudaGetTextureObjectResourceViewDesc
    cudaGetTextureObjectTextureDesc
""",
    rocm=_rocm,
)
S(
    "Surface Object Management",
    """
    cudaCreateSurfaceObject cudaDestroySurfaceObject cudaGetSurfaceObjectResourceDesc
""",
    rocm=_rocm,
)
S("Version Management", "cudaDriverGetVersion cudaRuntimeGetVersion", rocm=_rocm)
S(
    "Error Log Management",
    """
    cudaLogsCurrent cudaLogsDumpToFile cudaLogsDumpToMemory cudaLogsRegisterCallback
    cudaLogsUnregisterCallback
""",
)
S(
    "Graph Management",
    """
    cudaDeviceGetGraphMemAttribute cudaDeviceGraphMemTrim cudaDeviceSetGraphMemAttribute
    cudaGraphAddChildGraphNode cudaGraphAddDependencies cudaGraphAddDependencies_v2
    cudaGraphAddEmptyNode cudaGraphAddEventRecordNode cudaGraphAddEventWaitNode
    cudaGraphAddExternalSemaphoresSignalNode cudaGraphAddExternalSemaphoresWaitNode
    cudaGraphAddHostNode cudaGraphAddKernelNode cudaGraphAddMemAllocNode
    cudaGraphAddMemFreeNode cudaGraphAddMemcpyNode cudaGraphAddMemcpyNode1D
    cudaGraphAddMemcpyNodeFromSymbol cudaGraphAddMemcpyNodeToSymbol cudaGraphAddMemsetNode
    cudaGraphAddNode cudaGraphAddNode_v2 cudaGraphChildGraphNodeGetGraph cudaGraphClone
    cudaGraphConditionalHandleCreate cudaGraphCreate cudaGraphDebugDotPrint cudaGraphDestroy
    cudaGraphDestroyNode cudaGraphEventRecordNodeGetEvent cudaGraphEventRecordNodeSetEvent
    cudaGraphEventWaitNodeGetEvent cudaGraphEventWaitNodeSetEvent
    cudaGraphExecChildGraphNodeSetParams cudaGraphExecDestroy
    cudaGraphExecEventRecordNodeSetEvent cudaGraphExecEventWaitNodeSetEvent
    cudaGraphExecExternalSemaphoresSignalNodeSetParams
    cudaGraphExecExternalSemaphoresWaitNodeSetParams cudaGraphExecGetFlags
    cudaGraphExecHostNodeSetParams cudaGraphExecKernelNodeSetParams
    cudaGraphExecMemcpyNodeSetParams cudaGraphExecMemcpyNodeSetParams1D
    cudaGraphExecMemcpyNodeSetParamsFromSymbol cudaGraphExecMemcpyNodeSetParamsToSymbol
    cudaGraphExecMemsetNodeSetParams cudaGraphExecNodeSetParams cudaGraphExecUpdate
    cudaGraphExternalSemaphoresSignalNodeGetParams
    cudaGraphExternalSemaphoresSignalNodeSetParams cudaGraphExternalSemaphoresWaitNodeGetParams
    cudaGraphExternalSemaphoresWaitNodeSetParams cudaGraphGetEdges cudaGraphGetEdges_v2
    cudaGraphGetNodes cudaGraphGetRootNodes cudaGraphHostNodeGetParams
    cudaGraphHostNodeSetParams cudaGraphInstantiate cudaGraphInstantiateWithFlags
    cudaGraphInstantiateWithParams cudaGraphKernelNodeCopyAttributes
    cudaGraphKernelNodeGetAttribute cudaGraphKernelNodeGetParams
    cudaGraphKernelNodeSetAttribute cudaGraphKernelNodeSetParams cudaGraphLaunch
    cudaGraphMemAllocNodeGetParams cudaGraphMemFreeNodeGetParams cudaGraphMemcpyNodeGetParams
    cudaGraphMemcpyNodeSetParams cudaGraphMemcpyNodeSetParams1D
    cudaGraphMemcpyNodeSetParamsFromSymbol cudaGraphMemcpyNodeSetParamsToSymbol
    cudaGraphMemsetNodeGetParams cudaGraphMemsetNodeSetParams cudaGraphNodeFindInClone
    cudaGraphNodeGetDependencies cudaGraphNodeGetDependencies_v2
    cudaGraphNodeGetDependentNodes cudaGraphNodeGetDependentNodes_v2 cudaGraphNodeGetEnabled
    cudaGraphNodeGetType cudaGraphNodeSetEnabled cudaGraphNodeSetParams
    cudaGraphReleaseUserObject cudaGraphRemoveDependencies cudaGraphRemoveDependencies_v2
    cudaGraphRetainUserObject cudaGraphSetConditional cudaGraphUpload cudaUserObjectCreate
    cudaUserObjectRelease cudaUserObjectRetain
""",
    rocm=_rocm,
)
S(
    "Driver Entry Point Access",
    """
    cudaGetDriverEntryPoint cudaGetDriverEntryPointByVersion
""",
    rocm=_rocm,
)
S(
    "Library Management",
    """
    cudaKernelSetAttributeForDevice cudaLibraryEnumerateKernels cudaLibraryGetGlobal
    cudaLibraryGetKernel cudaLibraryGetKernelCount cudaLibraryGetManaged
    cudaLibraryGetUnifiedFunction cudaLibraryLoadData cudaLibraryLoadFromFile cudaLibraryUnload
""",
)
S("Interactions with the CUDA Driver API", "cudaGetFuncBySymbol", rocm=_rocm)
S("Profiler Control", "cudaProfilerStart cudaProfilerStop", rocm=_rocm)

ROWS: tuple[ApiRow, ...] = _T.done()
