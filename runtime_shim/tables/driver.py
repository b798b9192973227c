"""The CUDA driver API's functions (CUDA 12.x Driver API reference, one section per
module of the manual). cu2amd provides no cuda.h yet, so every row is UNSUPPORTED or NOT
APPLICABLE; the ROCm column is the HIP function HIPIFY maps it to.
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Table, hip_name
from cu2amd.runtime_shim.tables.row import ApiRow, Group, Status

NA = Status.NOT_APPLICABLE
NO_HEADER = "cu2amd provides no cuda.h yet: the driver API is not declared"

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


_T = Table(Group.DRIVER, {})


def S(section: str, text: str, status: Status = Status.UNSUPPORTED, note: str = NO_HEADER) -> None:
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

ROWS: tuple[ApiRow, ...] = _T.done()
