"""What cu2amd implements of memory pools, IPC, virtual memory, stream attributes and the
remaining runtime/driver functions: the `Impl` of each function (RUNTIME for the runtime
API, DRIVER for the driver API) and of each type, enum or enumerator (TYPES). runtime.py,
driver.py and runtime_types.py take their rows' status from here, as from their own IMPL.

Names the runtime_types.py sections do not list are in NEW_TYPES (by kind), and the driver
API's types, enums and enumerators in DRIVER_TYPES: those modules add their rows."""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, hip_name, names
from cu2amd.runtime_shim.tables.row import Kind, Status

E = Status.EMULATED

_POOLS_HOST = (
    "host platform: allocations are made and freed when called (streams run work at once); a "
    "pool keeps freed blocks for same-size reuse up to its release threshold"
)
_IPC = (
    "host platform: device allocations of 64 KiB or more are shared-memory files, whose handles "
    "open in another process (mapping the file while the maker lives); smaller ones are heap "
    "memory, whose handles open only in the process that made them (CUDA refuses that); "
    "AMD: HIP's IPC"
)
_STREAM_ATTRS = (
    "kept by cu2amd per stream handle (ROCm 5.2 has no stream attributes): the access policy "
    "window and synchronization policy are checked and reported back, without effect (no "
    "persisting L2 on AMD GPUs; the host platform runs work at once); the priority is the one "
    "the stream was created with (setting another is cudaErrorNotSupported)"
)
_STREAM_ID = "a number cu2amd gives each stream when first asked, unique in the process"
_STREAM_DEVICE = (
    "the current device (HIP 5.2 cannot say which device made a stream): right on one device, "
    "or for streams used on the device that made them"
)
_RANGES = (
    "AMD: HIP's; host platform: one memory, the hints are recorded per 4 KiB page of managed "
    "memory and reported as CUDA reports them"
)
_POOL_SHARE = (
    "AMD: HIP's; host platform: a pool made with POSIX file descriptor handles makes each block "
    "a shared-memory file; its handle is a descriptor naming the pool's process, and an exported "
    "pointer opens in the importing process by mapping the block's file while the maker lives"
)
_LOGS = (
    "one log in the program for the runtime and driver APIs (the last 100 messages, CUDA's "
    '25600 bytes), "[time][thread][CUDA][E][function] Returning N (name): text" for each '
    "error an API function returns (as the function that found it names itself: sometimes a "
    "cu2amd helper); CUDA_LOG_FILE is honoured; dumps to a file append; a buffer too small "
    "for all gets a note line and the newest that fit, as CUDA's"
)
_V2_LOCATION = (
    "a location is a device or the host (cudaCpuDeviceId); host NUMA nodes are "
    "cudaErrorNotSupported"
)

_CLUSTER_SIZE = (
    "AMD GPUs have no thread block clusters (launches with a larger cluster dimension are "
    "refused): 1, or 0 when a block of the configuration cannot be resident"
)
_CLUSTERS = (
    "AMD GPUs have no thread block clusters: clusters of one block, so the blocks per "
    "multiprocessor (the occupancy API's) times the multiprocessors; the configuration must "
    "give the cluster dimension (CUDA's rule for kernels without one), and a dimension larger "
    "than 1x1x1 cannot launch: cudaErrorInvalidClusterSize (CUDA_ERROR_INVALID_CLUSTER_SIZE)"
)

RUNTIME: dict[str, Impl] = {
    **{
        name: Impl(hip_name(name), E, _POOLS_HOST)
        for name in names("""
        cudaDeviceGetDefaultMemPool cudaDeviceGetMemPool cudaDeviceSetMemPool
        cudaMallocFromPoolAsync cudaMemPoolCreate cudaMemPoolDestroy cudaMemPoolGetAccess
        cudaMemPoolGetAttribute cudaMemPoolSetAccess cudaMemPoolSetAttribute cudaMemPoolTrimTo
    """)
    },
    **{
        name: Impl(hip_name(name), E, _IPC)
        for name in names("cudaIpcCloseMemHandle cudaIpcGetMemHandle cudaIpcOpenMemHandle")
    },
    **{
        name: Impl(
            hip_name(name),
            E,
            "host platform: opening gives a new event of the same flags (work is done when "
            "recorded there, so the other process's event is always complete); AMD: HIP's IPC",
        )
        for name in names("cudaIpcGetEventHandle cudaIpcOpenEventHandle")
    },
    "cudaMemRangeGetAttribute": Impl("hipMemRangeGetAttribute", E, _RANGES),
    "cudaMemRangeGetAttributes": Impl("hipMemRangeGetAttributes", E, _RANGES),
    "cudaMemAdvise_v2": Impl("hipMemAdvise", E, _V2_LOCATION),
    "cudaMemPrefetchAsync_v2": Impl("hipMemPrefetchAsync", E, _V2_LOCATION + "; flags must be 0"),
    "cudaStreamGetAttribute": Impl("cu2amd: stream_attributes.h", E, _STREAM_ATTRS),
    "cudaStreamSetAttribute": Impl("cu2amd: stream_attributes.h", E, _STREAM_ATTRS),
    "cudaStreamCopyAttributes": Impl("cu2amd: stream_attributes.h", E, _STREAM_ATTRS),
    "cudaStreamGetId": Impl("cu2amd: stream_attributes.h", E, _STREAM_ID),
    "cudaStreamGetDevice": Impl("hipGetDevice", E, _STREAM_DEVICE),
    "cudaEventElapsedTime_v2": Impl("hipEventElapsedTime"),
    "cudaDeviceGetNvSciSyncAttributes": Impl(
        "",
        Status.NOT_APPLICABLE,
        "NvSciSync is NVIDIA's (Tegra/DRIVE) interop; no ROCm counterpart",
    ),
    **{
        name: Impl(hip_name(name), E, _POOL_SHARE)
        for name in names("""
        cudaMemPoolExportPointer cudaMemPoolExportToShareableHandle
        cudaMemPoolImportFromShareableHandle cudaMemPoolImportPointer
    """)
    },
    **{
        name: Impl("cu2amd: cu2amd/error_log.h", E, _LOGS)
        for name in names("""
        cudaLogsCurrent cudaLogsDumpToFile cudaLogsDumpToMemory cudaLogsRegisterCallback
        cudaLogsUnregisterCallback
    """)
    },
    "cudaOccupancyAvailableDynamicSMemPerBlock": Impl(
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
        note="the largest size with which the occupancy model keeps numBlocks blocks resident "
        "(bisection; byte-exact, where CUDA rounds to its allocation unit); 0 when numBlocks is "
        "out of reach",
    ),
    "cudaSetValidDevices": Impl(
        "cudaSetDevice",
        E,
        "the devices are checked and the first becomes current at once (CUDA: when the context "
        "is made, the first usable one; every device is usable on AMD and the host platform); "
        "an empty list selects device 0",
    ),
    "cudaDeviceFlushGPUDirectRDMAWrites": Impl(
        "cu2amd: __atomic_thread_fence",
        E,
        "no GPUDirect RDMA writers on cu2amd's targets: the arguments are checked and the "
        "flush is a system-wide memory fence on the calling thread",
    ),
    **{
        name: Impl(
            "cu2amd: cu2amd/runtime_extra.h",
            E,
            "registration and removal as CUDA's (handles, device and argument checks); the "
            "over-budget notification comes from a video memory manager budget (Windows WDDM), "
            "which Linux, AMD's driver and the host platform do not have: no callback is ever "
            "called",
        )
        for name in names(
            "cudaDeviceRegisterAsyncNotification cudaDeviceUnregisterAsyncNotification"
        )
    },
    "cudaMemcpy3DPeer": Impl(
        "cudaMemcpy3D",
        note="the devices are checked, then cudaMemcpy3D's device-to-device copy (HIP copies "
        "between devices itself)",
    ),
    "cudaMemcpy3DPeerAsync": Impl("cudaMemcpy3DAsync", note="as cudaMemcpy3DPeer"),
    "cudaGetFuncBySymbol": Impl(
        "cu2amd: cu2amd/runtime_exec.h (host platform: hip.c)",
        E,
        "host platform: the registered kernel as a module function, which cuLaunchKernel, "
        "cuFuncGetAttribute and the other CUfunction calls take (the `extra` argument form is "
        "not, as for modules made from a shared object); a library kernel is its own function; "
        "AMD GPUs: cudaErrorNotSupported (libamdhip64 5.2 cannot look up a stub's hipFunction_t; "
        "ROCm 6 has hipGetFuncBySymbol)",
    ),
    **{
        name: Impl("cu2amd: cu2amd/occupancy_cluster.h", E, why)
        for name, why in {
            "cudaOccupancyMaxPotentialClusterSize": _CLUSTER_SIZE,
            "cudaOccupancyMaxActiveClusters": _CLUSTERS,
        }.items()
    },
    "cudaMemcpyBatchAsync": Impl(
        "cudaMemcpyAsync",
        E,
        "CUDA 12.8's signature; all arguments and attributes checked first (failIdx: the copy "
        "at fault, SIZE_MAX otherwise), then one cudaMemcpyAsync (cudaMemcpyDefault) per copy in "
        "order; cudaMemcpySrcAccessOrderDuringApiCall waits for its copy; location hints and "
        "cudaMemcpyFlagPreferOverlapWithCompute have no effect",
    ),
    "cudaMemcpy3DBatchAsync": Impl(
        "cudaMemcpy3DAsync",
        E,
        "CUDA 12.8's signature; every operation checked first (failIdx as "
        "cudaMemcpyBatchAsync), then one cudaMemcpy3DAsync (cudaMemcpyDefault) per operation in "
        "order; elements are the array's, bytes between pointers; rowLength/layerHeight 0 mean "
        "the extent's; hints and flags as cudaMemcpyBatchAsync",
    ),
}
_WAIT = (
    "AMD: HIP's (ROCm may want the memory from hipExtMallocWithFlags' signal memory); host "
    "platform: streams run work at once, so a wait blocks the calling thread until another "
    "thread makes it true, and fails after 10 s (said on stderr); CU_STREAM_WAIT_VALUE_FLUSH "
    "is CUDA_ERROR_NOT_SUPPORTED"
)
_VMM = (
    "AMD: HIP's (ROCm 5.2's allocation properties converted from CUDA's layout); host platform: "
    "an allocation is a memfd, a reserved range an inaccessible mapping, cuMemMap maps its pages "
    "there and cuMemSetAccess sets their protection; granularity: the CPU's page (recommended "
    "2 MiB); cudaPointerGetAttributes does not know the mapped ranges"
)
_VMM_SHARE = (
    "POSIX file descriptors only (a dup of the memfd there: another process imports it and "
    "maps the same memory)"
)
DRIVER: dict[str, Impl] = {
    **{
        "cu" + name[len("cuda") :].replace("MallocFromPoolAsync", "MemAllocFromPoolAsync"): impl
        for name, impl in RUNTIME.items()
        if name.startswith(
            (
                "cudaMemPool",
                "cudaMallocFromPool",
                "cudaDeviceGetDefaultMemPool",
                "cudaDeviceGetMemPool",
                "cudaDeviceSetMemPool",
                "cudaIpc",
                "cudaMemRangeGet",
                "cudaStreamGetAttribute",
                "cudaStreamSetAttribute",
                "cudaStreamCopyAttributes",
                "cudaStreamGetId",
                "cudaStreamGetDevice",
                "cudaEventElapsedTime_v2",
                "cudaMemAdvise_v2",
                "cudaMemPrefetchAsync_v2",
            )
        )
    },
    "cuMemAllocAsync": Impl("hipMallocAsync", E, "from the device's current pool; " + _POOLS_HOST),
    "cuMemFreeAsync": Impl("hipFreeAsync", E, _POOLS_HOST),
    "cuMemAdvise": Impl(
        "hipMemAdvise", E, "AMD: acted on with XNACK on; host platform: recorded (one memory)"
    ),
    "cuMemPrefetchAsync": Impl(
        "hipMemPrefetchAsync",
        E,
        "AMD: migrates with XNACK on; host platform: recorded (one memory)",
    ),
    "cuStreamAttachMemAsync": Impl(
        "hipStreamAttachMemAsync", E, "host platform: checked, no effect (one memory)"
    ),
    "cuMemGetAddressRange": Impl("hipMemGetAddressRange"),
    "cuStreamWaitValue32": Impl("hipStreamWaitValue32", E, _WAIT),
    "cuStreamWaitValue64": Impl("hipStreamWaitValue64", E, _WAIT),
    "cuStreamWriteValue32": Impl(
        "hipStreamWriteValue32", note="CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER keeps the barrier"
    ),
    "cuStreamWriteValue64": Impl(
        "hipStreamWriteValue64", note="CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER keeps the barrier"
    ),
    "cuStreamBatchMemOp": Impl(
        "cu2amd: hipStreamWaitValue*/hipStreamWriteValue* in order",
        E,
        "each operation one call, as cuStreamWaitValue*/cuStreamWriteValue* (their notes); "
        "CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES is CUDA_ERROR_NOT_SUPPORTED",
    ),
    **{
        name: Impl(hip_name(name), E, _VMM)
        for name in names("""
        cuMemAddressFree cuMemAddressReserve cuMemCreate cuMemGetAccess
        cuMemGetAllocationGranularity cuMemGetAllocationPropertiesFromHandle cuMemMap
        cuMemRelease cuMemRetainAllocationHandle cuMemSetAccess cuMemUnmap
    """)
    },
    **{
        name: Impl(hip_name(name), E, _VMM + "; " + _VMM_SHARE)
        for name in names("cuMemExportToShareableHandle cuMemImportFromShareableHandle")
    },
    "cuCtxCreate_v3": Impl(
        "hipCtxCreate",
        E,
        "no execution affinity on AMD GPUs or the host platform: affinity parameters are "
        "CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY (CUDA's answer where it is not supported)",
    ),
    "cuCtxCreate_v4": Impl(
        "hipCtxCreate",
        E,
        "as cuCtxCreate_v3; CUDA-in-graphics (D3D12) parameters are CUDA_ERROR_NOT_SUPPORTED",
    ),
    "cuCtxGetExecAffinity": Impl(
        "cu2amd: cuda.h",
        E,
        "no execution affinity: CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY (CUDA's answer where it is "
        "not supported)",
    ),
    "cuCtxAttach": Impl(
        "cu2amd: stream_attributes.h", E, "the usage count is kept by cu2amd per context handle"
    ),
    "cuCtxDetach": Impl(
        "hipCtxDestroy",
        E,
        "the usage count is kept by cu2amd per context handle; the last detach destroys it",
    ),
    "cuCtxGetLimit": Impl(
        "cu2amd: cu2amd/limits.h", E, "as cudaDeviceGetLimit (the same store): kept, not applied"
    ),
    "cuCtxSetLimit": Impl(
        "cu2amd: cu2amd/limits.h",
        E,
        "CUDA's checks; kept (shared with cudaDeviceSetLimit), not applied to the device",
    ),
    "cuStreamGetCtx_v2": Impl(
        "hipCtxGetCurrent", E, "the current context (as cuStreamGetCtx); no green contexts: NULL"
    ),
    "cuCtxGetId": Impl(
        "cu2amd: stream_attributes.h",
        E,
        "a number cu2amd gives each context handle when first asked, unique in the process",
    ),
    "cuDeviceGetLuid": Impl(
        "", Status.NOT_APPLICABLE, "a Windows adapter LUID (cu2amd targets Linux)"
    ),
    "cuDeviceGetNvSciSyncAttributes": Impl(
        "",
        Status.NOT_APPLICABLE,
        "NvSciSync is NVIDIA's (Tegra/DRIVE) interop; no ROCm counterpart",
    ),
    **{
        name: Impl(hip_name(name), E, _POOL_SHARE)
        for name in names("""
        cuMemPoolExportPointer cuMemPoolExportToShareableHandle cuMemPoolImportFromShareableHandle
        cuMemPoolImportPointer
    """)
    },
    "cuMemcpyBatchAsync": Impl(
        "cuMemcpyAsync",
        E,
        "CUDA 12.8's signature; as cudaMemcpyBatchAsync (checks first, failIdx, one "
        "cuMemcpyAsync per copy in order, DURING_API_CALL waits; hints and flags without effect)",
    ),
    "cuFlushGPUDirectRDMAWrites": Impl(
        "cu2amd: __atomic_thread_fence", E, "as cudaDeviceFlushGPUDirectRDMAWrites (a fence)"
    ),
    **{
        name: Impl(
            "cu2amd: cu2amd/driver_extra.h",
            E,
            "as cudaDeviceRegisterAsyncNotification: registration and removal as CUDA's; no "
            "memory budget on Linux, so no callback is ever called",
        )
        for name in names("cuDeviceRegisterAsyncNotification cuDeviceUnregisterAsyncNotification")
    },
    "cuDeviceGetP2PAttribute": Impl(
        "hipDeviceGetP2PAttribute",
        note="CUDA's attribute numbers (HIP's count from 0); host platform: one device, so "
        "CUDA_ERROR_INVALID_DEVICE",
    ),
    "cuCtxEnablePeerAccess": Impl(
        "hipCtxEnablePeerAccess",
        note="host platform: one device, so a peer context is the current device's "
        "(CUDA_ERROR_INVALID_DEVICE)",
    ),
    "cuCtxDisablePeerAccess": Impl(
        "hipCtxDisablePeerAccess",
        note="host platform: one device, so peer access is never enabled",
    ),
    **{
        name: Impl("cu2amd: cu2amd/occupancy_cluster.h", E, why)
        for name, why in {
            "cuOccupancyMaxPotentialClusterSize": _CLUSTER_SIZE,
            "cuOccupancyMaxActiveClusters": _CLUSTERS,
        }.items()
    },
}

_CUDA_VALUE = "cu2amd: CUDA's value (HIP's is the same)"
_CUDA_LAYOUT = "cu2amd: CUDA's layout (HIP's is the same)"
TYPES: dict[str, Impl] = {
    "cudaFunction_t": Impl("hipFunction_t", note="cuda.h's CUfunction (the same type, as in CUDA)"),
    "cudaMemPool_t": Impl("hipMemPool_t"),
    "cudaMemPoolProps": Impl("hipMemPoolProps", note="CUDA 12.0's layout (no maxSize)"),
    "cudaMemLocation": Impl("hipMemLocation"),
    "cudaMemAccessDesc": Impl("hipMemAccessDesc"),
    "cudaIpcMemHandle_t": Impl("hipIpcMemHandle_t"),
    "cudaIpcEventHandle_t": Impl("hipIpcEventHandle_t"),
    "cudaAccessPolicyWindow": Impl("cu2amd: CUDA's layout (a hint without effect)"),
    "cudaMemPoolAttr": Impl("hipMemPoolAttr"),
    "cudaMemAllocationType": Impl("hipMemAllocationType"),
    "cudaMemRangeAttribute": Impl("hipMemRangeAttribute"),
    "cudaIpcMemLazyEnablePeerAccess": Impl(
        "hipIpcMemLazyEnablePeerAccess", note="CUDA's value; HIP always enables peer access lazily"
    ),
}
# CUDA 12's error codes beyond those runtime_types.py lists as declared: each with CUDA's
# value, and cudaGetErrorName/cudaGetErrorString give CUDA's name and text (one list in
# cu2amd/runtime_types.h). cu2amd returns few of them, as CUDA on a system without the cause.
_ERRORS = names("""
    cudaErrorAddressOfConstant cudaErrorAlreadyAcquired cudaErrorAlreadyMapped
    cudaErrorApiFailureBase cudaErrorArrayIsMapped cudaErrorCallRequiresNewerDriver
    cudaErrorCdpNotSupported cudaErrorCdpVersionMismatch cudaErrorCompatNotSupportedOnDevice
    cudaErrorContained cudaErrorContextIsDestroyed cudaErrorCudartUnloading
    cudaErrorDeviceAlreadyInUse cudaErrorDeviceNotLicensed cudaErrorDeviceUninitialized
    cudaErrorDevicesUnavailable cudaErrorDuplicateSurfaceName cudaErrorDuplicateTextureName
    cudaErrorDuplicateVariableName cudaErrorECCUncorrectable cudaErrorExternalDevice
    cudaErrorFunctionNotLoaded cudaErrorHardwareStackError cudaErrorIllegalInstruction
    cudaErrorIncompatibleDriverContext cudaErrorInsufficientDriver
    cudaErrorInvalidAddressSpace cudaErrorInvalidChannelDescriptor
    cudaErrorInvalidClusterSize cudaErrorInvalidFilterSetting
    cudaErrorInvalidGraphicsContext cudaErrorInvalidNormSetting cudaErrorInvalidPc
    cudaErrorInvalidResourceConfiguration cudaErrorInvalidResourceType
    cudaErrorInvalidSource cudaErrorInvalidSurface cudaErrorInvalidTexture
    cudaErrorInvalidTextureBinding cudaErrorJitCompilationDisabled
    cudaErrorLaunchFileScopedSurf cudaErrorLaunchFileScopedTex
    cudaErrorLaunchIncompatibleTexturing cudaErrorLaunchMaxDepthExceeded
    cudaErrorLaunchPendingCountExceeded cudaErrorLaunchTimeout cudaErrorLossyQuery
    cudaErrorMapBufferObjectFailed cudaErrorMemoryValueTooLarge cudaErrorMisalignedAddress
    cudaErrorMixedDeviceExecution cudaErrorMpsClientTerminated cudaErrorMpsConnectionFailed
    cudaErrorMpsMaxClientsReached cudaErrorMpsMaxConnectionsReached cudaErrorMpsRpcFailure
    cudaErrorMpsServerNotReady cudaErrorNotMapped cudaErrorNotMappedAsArray
    cudaErrorNotMappedAsPointer cudaErrorNotPermitted cudaErrorNotYetImplemented
    cudaErrorNvlinkUncorrectable cudaErrorOperatingSystem cudaErrorPriorLaunchFailure
    cudaErrorProfilerAlreadyStarted cudaErrorProfilerAlreadyStopped
    cudaErrorProfilerDisabled cudaErrorProfilerNotInitialized
    cudaErrorSharedObjectInitFailed cudaErrorSharedObjectSymbolNotFound
    cudaErrorSoftwareValidityNotEstablished cudaErrorStartupFailure cudaErrorStubLibrary
    cudaErrorSymbolNotFound cudaErrorSyncDepthExceeded cudaErrorSynchronizationError
    cudaErrorSystemDriverMismatch cudaErrorSystemNotReady cudaErrorTensorMemoryLeak
    cudaErrorTextureFetchFailed cudaErrorTextureNotBound cudaErrorTimeout
    cudaErrorTooManyPeers cudaErrorUnmapBufferObjectFailed cudaErrorUnsupportedDevSideSync
    cudaErrorUnsupportedExecAffinity cudaErrorUnsupportedPtxVersion
""")
TYPES.update(
    {name: Impl("cu2amd: CUDA's value and text (cu2amd/runtime_types.h)") for name in _ERRORS}
)
# Declared by cu2amd/runtime_extra.h beyond runtime_types.py's lists: CUDA's values.
NEW_TYPES: dict[Kind, tuple[str, ...]] = {
    Kind.ENUM: names("""
        cudaFlushGPUDirectRDMAWritesTarget
        cudaFlushGPUDirectRDMAWritesScope cudaMemcpySrcAccessOrder cudaMemcpyFlags
        cudaMemcpy3DOperandType
        cudaAccessProperty cudaMemAccessFlags cudaMemAllocationHandleType cudaMemLocationType
        cudaStreamAttrID cudaSynchronizationPolicy
    """),
    Kind.TYPE: names("""
        cudaMemPoolPtrExportData cudaStreamAttrValue cudaLogLevel cudaAsyncNotificationType
        cudaLogIterator cudaLogsCallbackHandle
        cudaLogsCallback_t cudaAsyncNotificationInfo cudaAsyncNotificationInfo_t
        cudaAsyncCallbackHandle_t cudaAsyncCallback cudaAsyncCallbackEntry
        cudaMemcpyAttributes cudaOffset3D cudaMemcpy3DOperand cudaMemcpy3DBatchOp
    """),
    Kind.ENUMERATOR: names("""
        cudaLogLevelError cudaLogLevelWarning cudaAsyncNotificationTypeOverBudget
        cudaFlushGPUDirectRDMAWritesTargetCurrentDevice cudaFlushGPUDirectRDMAWritesToOwner
        cudaFlushGPUDirectRDMAWritesToAllDevices cudaMemcpySrcAccessOrder{Invalid,Stream}
        cudaMemcpySrcAccessOrder{DuringApiCall,Any,Max} cudaMemcpyFlagDefault
        cudaMemcpyFlagPreferOverlapWithCompute cudaMemcpyOperandType{Pointer,Array,Max}
        cudaAccessPropertyNormal cudaAccessPropertyPersisting cudaAccessPropertyStreaming
        cudaMemAccessFlagsProtNone cudaMemAccessFlagsProtRead cudaMemAccessFlagsProtReadWrite
        cudaMemAllocationTypeInvalid cudaMemAllocationTypeMax cudaMemAllocationTypePinned
        cudaMemHandleTypeNone cudaMemHandleTypePosixFileDescriptor cudaMemHandleTypeWin32
        cudaMemHandleTypeWin32Kmt cudaMemLocationTypeDevice cudaMemLocationTypeHost
        cudaMemLocationTypeHostNuma cudaMemLocationTypeHostNumaCurrent cudaMemLocationTypeInvalid
        cudaMemPoolAttrReleaseThreshold cudaMemPoolAttrReservedMemCurrent
        cudaMemPoolAttrReservedMemHigh cudaMemPoolAttrUsedMemCurrent cudaMemPoolAttrUsedMemHigh
        cudaMemPoolReuseAllowInternalDependencies cudaMemPoolReuseAllowOpportunistic
        cudaMemPoolReuseFollowEventDependencies cudaMemRangeAttributeAccessedBy
        cudaMemRangeAttributeLastPrefetchLocation cudaMemRangeAttributePreferredLocation
        cudaMemRangeAttributeReadMostly cudaStreamAttributeAccessPolicyWindow
        cudaStreamAttributePriority cudaStreamAttributeSynchronizationPolicy cudaSyncPolicyAuto
        cudaSyncPolicyBlockingSync cudaSyncPolicySpin cudaSyncPolicyYield
    """),
}
_HINTS = {"cudaAccessProperty", "cudaSynchronizationPolicy", "cudaStreamAttrID",
          "cudaStreamAttrValue"}  # fmt: skip
_OWN = set(
    names("""
    cudaLogLevel cudaAsyncNotificationType cudaFlushGPUDirectRDMAWritesTarget
    cudaFlushGPUDirectRDMAWritesScope cudaMemcpySrcAccessOrder cudaMemcpyFlags
    cudaMemcpy3DOperandType cudaLogIterator cudaLogsCallbackHandle cudaLogsCallback_t
    cudaAsyncNotificationInfo cudaAsyncNotificationInfo_t cudaAsyncCallbackHandle_t
    cudaAsyncCallback cudaAsyncCallbackEntry cudaMemcpyAttributes cudaOffset3D cudaMemcpy3DOperand
    cudaMemcpy3DBatchOp
""")
)
TYPES["cudaMemcpy3DPeerParms"] = Impl("cu2amd: CUDA's layout (cu2amd/runtime_extra.h)")
TYPES.update(
    {
        name: Impl(
            "cu2amd: CUDA's value or layout (cu2amd/runtime_extra.h)"
            if name in _OWN
            or name.startswith(
                (
                    "cudaLogLevel",
                    "cudaAsyncNotificationType",
                    "cudaFlushGPUDirect",
                    "cudaMemcpySrcAccessOrder",
                    "cudaMemcpyFlag",
                    "cudaMemcpyOperandType",
                )
            )
            else "cu2amd: CUDA's value (stream attributes: cu2amd's)"
            if name in _HINTS
            or name.startswith(("cudaAccessProperty", "cudaSyncPolicy", "cudaStreamAttribute"))
            else hip_name(name)
        )
        for kind_names in NEW_TYPES.values()
        for name in kind_names
    }
)
# The driver API's (cuda.h, cu2amd/driver_extra.h): name -> (kind, what it is).
_CU_VALUES = "cu2amd: CUDA's values (cu2amd/driver_extra.h)"
DRIVER_TYPES: dict[str, tuple[Kind, str]] = {
    **{
        name: (Kind.TYPE, _CU_VALUES)
        for name in names("""
        CUgreenCtx CUlimit CUmemPoolPtrExportData CUmemGenericAllocationHandle CUmemAllocationProp
        CUexecAffinitySmCount
        CUexecAffinityParam CUcigDataType CUctxCigParam CUctxCreateParams
        CUmemAllocationGranularity_flags
        cuuint32_t cuuint64_t CUmemoryPool CUmemPool_attribute CUmemLocationType CUmemLocation
        CUmemAccess_flags CUmemAccessDesc CUmemAllocationType CUmemAllocationHandleType
        CUmemPoolProps CUipcMemHandle CUipcEventHandle CUmem_advise CUmem_range_attribute
        CUaccessProperty CUaccessPolicyWindow CUsynchronizationPolicy CUstreamAttrID
        CUstreamAttrValue CUstreamWaitValue_flags CUstreamWriteValue_flags
        CUstreamBatchMemOpType CUstreamBatchMemOpParams CUdevice_P2PAttribute
        CUlogLevel CUlogIterator CUlogsCallbackHandle CUlogsCallback
        CUflushGPUDirectRDMAWritesTarget CUflushGPUDirectRDMAWritesScope CUasyncNotificationType
        CUasyncNotificationInfo CUasyncCallbackHandle CUasyncCallback CUmemcpySrcAccessOrder
        CUmemcpyFlags CUmemcpyAttributes
    """)
    },
    **{  # CUDA 12.9's error log management, newer than the driver API cuda.h follows (12.0)
        name: (Kind.FUNCTION, "cu2amd: cu2amd/error_log.h, the runtime's log (see cudaLogs*)")
        for name in names("""
        cuLogsCurrent cuLogsDumpToFile cuLogsDumpToMemory cuLogsRegisterCallback
        cuLogsUnregisterCallback
    """)
    },
    **{
        name: (Kind.MACRO, _CU_VALUES)
        for name in names("""
        CU_DEVICE_CPU CU_DEVICE_INVALID CU_IPC_HANDLE_SIZE CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS
    """)
    },
    **{
        name: (Kind.ENUMERATOR, _CU_VALUES)
        for name in names("""
        CU_MEMPOOL_ATTR_REUSE_FOLLOW_EVENT_DEPENDENCIES CU_MEMPOOL_ATTR_REUSE_ALLOW_OPPORTUNISTIC
        CU_MEMPOOL_ATTR_REUSE_ALLOW_INTERNAL_DEPENDENCIES CU_MEMPOOL_ATTR_RELEASE_THRESHOLD
        CU_MEMPOOL_ATTR_RESERVED_MEM_{CURRENT,HIGH} CU_MEMPOOL_ATTR_USED_MEM_{CURRENT,HIGH}
        CU_MEM_LOCATION_TYPE_{INVALID,DEVICE,HOST,HOST_NUMA,HOST_NUMA_CURRENT}
        CU_MEM_ACCESS_FLAGS_PROT_{NONE,READ,READWRITE} CU_MEM_ALLOCATION_TYPE_{INVALID,PINNED,MAX}
        CU_MEM_HANDLE_TYPE_{NONE,POSIX_FILE_DESCRIPTOR,WIN32,WIN32_KMT}
        CU_MEM_ADVISE_SET_{READ_MOSTLY,PREFERRED_LOCATION,ACCESSED_BY}
        CU_MEM_ADVISE_UNSET_{READ_MOSTLY,PREFERRED_LOCATION,ACCESSED_BY}
        CU_MEM_RANGE_ATTRIBUTE_{READ_MOSTLY,PREFERRED_LOCATION,ACCESSED_BY,LAST_PREFETCH_LOCATION}
        CU_ACCESS_PROPERTY_{NORMAL,STREAMING,PERSISTING}
        CU_SYNC_POLICY_{AUTO,SPIN,YIELD,BLOCKING_SYNC}
        CU_STREAM_ATTRIBUTE_{ACCESS_POLICY_WINDOW,SYNCHRONIZATION_POLICY,PRIORITY}
        CU_STREAM_WAIT_VALUE_{GEQ,EQ,AND,NOR,FLUSH}
        CU_STREAM_WRITE_VALUE_{DEFAULT,NO_MEMORY_BARRIER}
        CU_STREAM_MEM_OP_{WAIT_VALUE_32,WRITE_VALUE_32,FLUSH_REMOTE_WRITES,WAIT_VALUE_64}
        CU_STREAM_MEM_OP_{WRITE_VALUE_64,BARRIER}
        CU_DEVICE_P2P_ATTRIBUTE_{PERFORMANCE_RANK,ACCESS_SUPPORTED,NATIVE_ATOMIC_SUPPORTED}
        CU_DEVICE_P2P_ATTRIBUTE_CUDA_ARRAY_ACCESS_SUPPORTED
        CU_MEM_ALLOC_GRANULARITY_{MINIMUM,RECOMMENDED}
        CU_LIMIT_{STACK_SIZE,PRINTF_FIFO_SIZE,MALLOC_HEAP_SIZE,DEV_RUNTIME_SYNC_DEPTH}
        CU_LIMIT_{DEV_RUNTIME_PENDING_LAUNCH_COUNT,MAX_L2_FETCH_GRANULARITY}
        CU_LIMIT_PERSISTING_L2_CACHE_SIZE CUDA_ERROR_UNSUPPORTED_LIMIT
        CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY CIG_DATA_TYPE_D3D12_COMMAND_QUEUE
        CU_LOG_LEVEL_ERROR CU_LOG_LEVEL_WARNING CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TARGET_CURRENT_CTX
        CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_OWNER CU_FLUSH_GPU_DIRECT_RDMA_WRITES_TO_ALL_DEVICES
        CU_ASYNC_NOTIFICATION_TYPE_OVER_BUDGET CU_MEMCPY_SRC_ACCESS_ORDER_{INVALID,STREAM,ANY,MAX}
        CU_MEMCPY_SRC_ACCESS_ORDER_DURING_API_CALL CU_MEMCPY_FLAG_DEFAULT
        CU_MEMCPY_FLAG_PREFER_OVERLAP_WITH_COMPUTE
    """)
    },
    "CUDA_ERROR_INVALID_CLUSTER_SIZE": (Kind.ENUMERATOR, "cu2amd: CUDA's value (cuda.h)"),
}
