"""The CUDA runtime API's types, enums, error codes and macros (CUDA 12.x Runtime API
reference, "Data types used by CUDA Runtime" and "Macros"), and which of them cu2amd's
cuda_runtime_api.h declares. Error codes keep CUDA's numbers, which HIP shares for the
codes declared so far.
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
from cu2amd.runtime_shim.tables.build import Impl, Table, hip_name, names
from cu2amd.runtime_shim.tables.row import ApiRow, Group, Kind, Status

E = Status.EMULATED

_ERRORS_DECLARED = names("""
    cudaErrorAssert cudaErrorHostMemoryAlreadyRegistered cudaErrorHostMemoryNotRegistered
    cudaErrorIllegalAddress cudaErrorInitializationError
    cudaErrorInvalidConfiguration cudaErrorInvalidDevice cudaErrorInvalidDeviceFunction
    cudaErrorInvalidDevicePointer cudaErrorInvalidHostPointer cudaErrorInvalidKernelImage
    cudaErrorInvalidMemcpyDirection cudaErrorInvalidPitchValue
    cudaErrorInvalidResourceHandle cudaErrorInvalidSymbol cudaErrorInvalidValue
    cudaErrorLaunchFailure cudaErrorLaunchOutOfResources cudaErrorMemoryAllocation
    cudaErrorMissingConfiguration cudaErrorNoDevice cudaErrorNoKernelImageForDevice
    cudaErrorNotReady cudaErrorNotSupported cudaErrorPeerAccessAlreadyEnabled
    cudaErrorPeerAccessNotEnabled cudaErrorPeerAccessUnsupported cudaErrorSetOnActiveProcess
    cudaErrorUnknown cudaErrorUnsupportedLimit cudaSuccess
    cudaErrorIllegalState cudaErrorStreamCaptureUnsupported cudaErrorStreamCaptureInvalidated
    cudaErrorStreamCaptureMerge cudaErrorStreamCaptureUnmatched cudaErrorStreamCaptureUnjoined
    cudaErrorStreamCaptureIsolation cudaErrorStreamCaptureImplicit cudaErrorCapturedEvent
    cudaErrorStreamCaptureWrongThread cudaErrorGraphExecUpdateFailure
""")
# The enums cuda_runtime_api.h declares (cu2amd/runtime_types.h), CUDA's values each.
_DEVICE_ATTRS = """
    cudaDevAttrAsyncEngineCount cudaDevAttrCanFlushRemoteWrites cudaDevAttrCanMapHostMemory
    cudaDevAttrCanUseHostPointerForRegisteredMem cudaDevAttrClockRate cudaDevAttrClusterLaunch
    cudaDevAttrComputeCapabilityMajor cudaDevAttrComputeCapabilityMinor cudaDevAttrComputeMode
    cudaDevAttrComputePreemptionSupported cudaDevAttrConcurrentKernels
    cudaDevAttrConcurrentManagedAccess cudaDevAttrCooperativeLaunch
    cudaDevAttrCooperativeMultiDeviceLaunch cudaDevAttrDeferredMappingCudaArraySupported
    cudaDevAttrDirectManagedMemAccessFromHost cudaDevAttrEccEnabled
    cudaDevAttrGPUDirectRDMAFlushWritesOptions cudaDevAttrGPUDirectRDMASupported
    cudaDevAttrGPUDirectRDMAWritesOrdering cudaDevAttrGlobalL1CacheSupported
    cudaDevAttrGlobalMemoryBusWidth cudaDevAttrGpuOverlap cudaDevAttrHostNativeAtomicSupported
    cudaDevAttrHostNumaId cudaDevAttrHostRegisterReadOnlySupported
    cudaDevAttrHostRegisterSupported cudaDevAttrIntegrated cudaDevAttrIpcEventSupport
    cudaDevAttrIsMultiGpuBoard cudaDevAttrKernelExecTimeout cudaDevAttrL2CacheSize
    cudaDevAttrLocalL1CacheSupported cudaDevAttrManagedMemory cudaDevAttrMaxAccessPolicyWindowSize
    cudaDevAttrMaxBlockDimX cudaDevAttrMaxBlockDimY cudaDevAttrMaxBlockDimZ
    cudaDevAttrMaxBlocksPerMultiprocessor cudaDevAttrMaxGridDimX cudaDevAttrMaxGridDimY
    cudaDevAttrMaxGridDimZ cudaDevAttrMaxPersistingL2CacheSize cudaDevAttrMaxPitch
    cudaDevAttrMaxRegistersPerBlock cudaDevAttrMaxRegistersPerMultiprocessor
    cudaDevAttrMaxSharedMemoryPerBlock cudaDevAttrMaxSharedMemoryPerBlockOptin
    cudaDevAttrMaxSharedMemoryPerMultiprocessor cudaDevAttrMaxSurface1DLayeredLayers
    cudaDevAttrMaxSurface1DLayeredWidth cudaDevAttrMaxSurface1DWidth cudaDevAttrMaxSurface2DHeight
    cudaDevAttrMaxSurface2DLayeredHeight cudaDevAttrMaxSurface2DLayeredLayers
    cudaDevAttrMaxSurface2DLayeredWidth cudaDevAttrMaxSurface2DWidth cudaDevAttrMaxSurface3DDepth
    cudaDevAttrMaxSurface3DHeight cudaDevAttrMaxSurface3DWidth
    cudaDevAttrMaxSurfaceCubemapLayeredLayers cudaDevAttrMaxSurfaceCubemapLayeredWidth
    cudaDevAttrMaxSurfaceCubemapWidth cudaDevAttrMaxTexture1DLayeredLayers
    cudaDevAttrMaxTexture1DLayeredWidth cudaDevAttrMaxTexture1DLinearWidth
    cudaDevAttrMaxTexture1DMipmappedWidth cudaDevAttrMaxTexture1DWidth
    cudaDevAttrMaxTexture2DGatherHeight cudaDevAttrMaxTexture2DGatherWidth
    cudaDevAttrMaxTexture2DHeight cudaDevAttrMaxTexture2DLayeredHeight
    cudaDevAttrMaxTexture2DLayeredLayers cudaDevAttrMaxTexture2DLayeredWidth
    cudaDevAttrMaxTexture2DLinearHeight cudaDevAttrMaxTexture2DLinearPitch
    cudaDevAttrMaxTexture2DLinearWidth cudaDevAttrMaxTexture2DMipmappedHeight
    cudaDevAttrMaxTexture2DMipmappedWidth cudaDevAttrMaxTexture2DWidth
    cudaDevAttrMaxTexture3DDepth cudaDevAttrMaxTexture3DDepthAlt cudaDevAttrMaxTexture3DHeight
    cudaDevAttrMaxTexture3DHeightAlt cudaDevAttrMaxTexture3DWidth cudaDevAttrMaxTexture3DWidthAlt
    cudaDevAttrMaxTextureCubemapLayeredLayers cudaDevAttrMaxTextureCubemapLayeredWidth
    cudaDevAttrMaxTextureCubemapWidth cudaDevAttrMaxThreadsPerBlock
    cudaDevAttrMaxThreadsPerMultiProcessor cudaDevAttrMaxTimelineSemaphoreInteropSupported
    cudaDevAttrMemSyncDomainCount cudaDevAttrMemoryClockRate
    cudaDevAttrMemoryPoolSupportedHandleTypes cudaDevAttrMemoryPoolsSupported
    cudaDevAttrMpsEnabled cudaDevAttrMultiGpuBoardGroupID cudaDevAttrMultiProcessorCount
    cudaDevAttrNumaConfig cudaDevAttrNumaId cudaDevAttrPageableMemoryAccess
    cudaDevAttrPageableMemoryAccessUsesHostPageTables cudaDevAttrPciBusId cudaDevAttrPciDeviceId
    cudaDevAttrPciDomainId cudaDevAttrReservedSharedMemoryPerBlock
    cudaDevAttrSingleToDoublePrecisionPerfRatio cudaDevAttrSparseCudaArraySupported
    cudaDevAttrStreamPrioritiesSupported cudaDevAttrSurfaceAlignment cudaDevAttrTccDriver
    cudaDevAttrTextureAlignment cudaDevAttrTexturePitchAlignment
    cudaDevAttrTimelineSemaphoreInteropSupported cudaDevAttrTotalConstantMemory
    cudaDevAttrUnifiedAddressing cudaDevAttrWarpSize
"""
_ENUM_VALUES = """
    cudaComputeModeDefault cudaComputeModeExclusive cudaComputeModeExclusiveProcess
    cudaComputeModeProhibited cudaFuncAttributeClusterDimMustBeSet
    cudaFuncAttributeClusterSchedulingPolicyPreference cudaFuncAttributeMax
    cudaFuncAttributeMaxDynamicSharedMemorySize cudaFuncAttributeNonPortableClusterSizeAllowed
    cudaFuncAttributePreferredSharedMemoryCarveout cudaFuncAttributeRequiredClusterDepth
    cudaFuncAttributeRequiredClusterHeight cudaFuncAttributeRequiredClusterWidth
    cudaFuncCachePreferEqual cudaFuncCachePreferL1 cudaFuncCachePreferNone
    cudaFuncCachePreferShared cudaLimitDevRuntimePendingLaunchCount cudaLimitDevRuntimeSyncDepth
    cudaLimitMallocHeapSize cudaLimitMaxL2FetchGranularity cudaLimitPersistingL2CacheSize
    cudaLimitPrintfFifoSize cudaLimitStackSize cudaMemoryTypeDevice cudaMemoryTypeHost
    cudaMemoryTypeManaged cudaMemoryTypeUnregistered cudaSharedMemBankSizeDefault
    cudaSharedMemBankSizeEightByte cudaSharedMemBankSizeFourByte cudaMemAdviseSetAccessedBy
    cudaMemAdviseSetPreferredLocation cudaMemAdviseSetReadMostly cudaMemAdviseUnsetAccessedBy
    cudaMemAdviseUnsetPreferredLocation cudaMemAdviseUnsetReadMostly cudaStreamCaptureStatusActive
    cudaStreamCaptureStatusInvalidated cudaStreamCaptureStatusNone
    cudaDevP2PAttrAccessSupported cudaDevP2PAttrCudaArrayAccessSupported
    cudaDevP2PAttrNativeAtomicSupported cudaDevP2PAttrPerformanceRank
"""
_ENUMS = names("""
    cudaComputeMode cudaDeviceAttr cudaDeviceP2PAttr cudaFuncAttribute cudaFuncCache cudaLimit
    cudaMemoryAdvise cudaMemoryType cudaSharedMemConfig cudaStreamCaptureStatus
""")
_TYPES = names("""
    cudaExtent cudaFuncAttributes cudaHostFn_t cudaMemcpy3DParms cudaPitchedPtr
    cudaPointerAttributes cudaPos cudaStreamCallback_t cudaUUID_t
""")
_MACROS = names("""
    CUDART_CB cudaCpuDeviceId cudaDeviceBlockingSync cudaDeviceLmemResizeToMax cudaDeviceMapHost
    cudaDeviceScheduleAuto cudaDeviceScheduleBlockingSync cudaDeviceScheduleSpin
    cudaDeviceScheduleYield cudaEventBlockingSync cudaEventDefault cudaEventDisableTiming
    cudaEventInterprocess cudaEventRecordDefault cudaEventRecordExternal cudaHostAllocDefault
    cudaHostAllocMapped cudaHostAllocPortable cudaInitDeviceFlagsAreValid
    cudaHostAllocWriteCombined cudaHostRegisterDefault cudaHostRegisterIoMemory
    cudaHostRegisterMapped cudaHostRegisterPortable cudaHostRegisterReadOnly cudaInvalidDeviceId
    cudaMemAttachGlobal cudaMemAttachHost cudaMemAttachSingle cudaOccupancyDefault
    cudaOccupancyDisableCachingOverride cudaPeerAccessDefault cudaStreamDefault
    cudaStreamNonBlocking
""")
_MEMCPY_KINDS = names("""
    cudaMemcpyDefault cudaMemcpyDeviceToDevice cudaMemcpyDeviceToHost cudaMemcpyHostToDevice
    cudaMemcpyHostToHost
""")

_CUDA_VALUES = "cu2amd: CUDA's value"
IMPL = {
    **{name: Impl(hip_name(name)) for name in (*_ERRORS_DECLARED, *_MEMCPY_KINDS)},
    **{name: Impl(_CUDA_VALUES) for name in names(_DEVICE_ATTRS + _ENUM_VALUES)},
    **{name: Impl(hip_name(name)) for name in (*_ENUMS, *_TYPES, *_MACROS)},
    "CUDART_VERSION": Impl("cu2amd: 12000 (the CUDA 12.0 runtime API)"),
    "cudaDeviceProp": Impl(
        "hipDeviceProp_t",
        E,
        "CUDA 12's layout and fields, filled by cudaGetDeviceProperties (its note says how)",
    ),
    "cudaStreamLegacy": Impl(
        "cu2amd: the null stream",
        note="HIP's null stream, which synchronises with blocking streams as CUDA's legacy stream "
        "does (libamdhip64 5.2 has no hipStreamLegacy)",
    ),
    "cudaStreamPerThread": Impl("hipStreamPerThread", note="host platform: the null stream"),
    "cudaError": Impl("hipError_t"),
    "cudaErrorNotFound": Impl(
        "hipErrorNotFound",
        note="not a CUDA name: HIP's name for code 500, an alias of cudaErrorSymbolNotFound (the "
        "name cudaGetErrorName gives)",
    ),
    "cudaError_t": Impl("hipError_t"),
    "cudaEvent_t": Impl("hipEvent_t"),
    "cudaMemcpyKind": Impl("hipMemcpyKind"),
    "cudaStream_t": Impl("hipStream_t"),
}
NOTES: dict[str, str] = {}

# The API areas kept in modules of their own (impl_*.py).
for _area in (impl_coop, impl_extra, impl_graph, impl_interop, impl_library, impl_texture):
    IMPL.update(_area.TYPES)

_T = Table(Group.RUNTIME, IMPL, NOTES)
S = _T.section

S(
    "Data types used by CUDA Runtime: error codes",
    """
    cudaErrorAddressOfConstant cudaErrorAlreadyAcquired cudaErrorAlreadyMapped
    cudaErrorApiFailureBase cudaErrorArrayIsMapped cudaErrorAssert cudaErrorCallRequiresNewerDriver
    cudaErrorCapturedEvent cudaErrorCdpNotSupported cudaErrorCdpVersionMismatch
    cudaErrorCompatNotSupportedOnDevice cudaErrorContained cudaErrorContextIsDestroyed
    cudaErrorCooperativeLaunchTooLarge cudaErrorCudartUnloading cudaErrorDeviceAlreadyInUse
    cudaErrorDeviceNotLicensed cudaErrorDeviceUninitialized cudaErrorDevicesUnavailable
    cudaErrorDuplicateSurfaceName cudaErrorDuplicateTextureName cudaErrorDuplicateVariableName
    cudaErrorECCUncorrectable cudaErrorExternalDevice cudaErrorFileNotFound
    cudaErrorFunctionNotLoaded cudaErrorGraphExecUpdateFailure cudaErrorHardwareStackError
    cudaErrorHostMemoryAlreadyRegistered cudaErrorHostMemoryNotRegistered cudaErrorIllegalAddress
    cudaErrorIllegalInstruction cudaErrorIllegalState cudaErrorIncompatibleDriverContext
    cudaErrorInitializationError cudaErrorInsufficientDriver cudaErrorInvalidAddressSpace
    cudaErrorInvalidChannelDescriptor cudaErrorInvalidClusterSize cudaErrorInvalidConfiguration
    cudaErrorInvalidDevice cudaErrorInvalidDeviceFunction cudaErrorInvalidDevicePointer
    cudaErrorInvalidFilterSetting cudaErrorInvalidGraphicsContext cudaErrorInvalidHostPointer
    cudaErrorInvalidKernelImage cudaErrorInvalidMemcpyDirection cudaErrorInvalidNormSetting
    cudaErrorInvalidPc cudaErrorInvalidPitchValue cudaErrorInvalidPtx
    cudaErrorInvalidResourceConfiguration cudaErrorInvalidResourceHandle
    cudaErrorInvalidResourceType cudaErrorInvalidSource cudaErrorInvalidSurface
    cudaErrorInvalidSymbol cudaErrorInvalidTexture cudaErrorInvalidTextureBinding
    cudaErrorInvalidValue cudaErrorJitCompilationDisabled cudaErrorJitCompilerNotFound
    cudaErrorLaunchFailure cudaErrorLaunchFileScopedSurf cudaErrorLaunchFileScopedTex
    cudaErrorLaunchIncompatibleTexturing cudaErrorLaunchMaxDepthExceeded
    cudaErrorLaunchOutOfResources cudaErrorLaunchPendingCountExceeded cudaErrorLaunchTimeout
    cudaErrorLossyQuery cudaErrorMapBufferObjectFailed cudaErrorMemoryAllocation
    cudaErrorMemoryValueTooLarge cudaErrorMisalignedAddress cudaErrorMissingConfiguration
    cudaErrorMixedDeviceExecution cudaErrorMpsClientTerminated cudaErrorMpsConnectionFailed
    cudaErrorMpsMaxClientsReached cudaErrorMpsMaxConnectionsReached cudaErrorMpsRpcFailure
    cudaErrorMpsServerNotReady cudaErrorNoDevice cudaErrorNoKernelImageForDevice
    cudaErrorNotMapped cudaErrorNotMappedAsArray cudaErrorNotMappedAsPointer
    cudaErrorNotPermitted cudaErrorNotReady cudaErrorNotSupported cudaErrorNotYetImplemented
    cudaErrorNvlinkUncorrectable cudaErrorOperatingSystem cudaErrorPeerAccessAlreadyEnabled
    cudaErrorPeerAccessNotEnabled cudaErrorPeerAccessUnsupported cudaErrorPriorLaunchFailure
    cudaErrorProfilerAlreadyStarted cudaErrorProfilerAlreadyStopped cudaErrorProfilerDisabled
    cudaErrorProfilerNotInitialized cudaErrorSetOnActiveProcess
    cudaErrorSharedObjectInitFailed cudaErrorSharedObjectSymbolNotFound
    cudaErrorSoftwareValidityNotEstablished cudaErrorStartupFailure
    cudaErrorStreamCaptureImplicit cudaErrorStreamCaptureInvalidated
    cudaErrorStreamCaptureIsolation cudaErrorStreamCaptureMerge cudaErrorStreamCaptureUnjoined
    cudaErrorStreamCaptureUnmatched cudaErrorStreamCaptureUnsupported
    cudaErrorStreamCaptureWrongThread cudaErrorStubLibrary cudaErrorSymbolNotFound
    cudaErrorSyncDepthExceeded cudaErrorSynchronizationError cudaErrorSystemDriverMismatch
    cudaErrorSystemNotReady cudaErrorTensorMemoryLeak cudaErrorTextureFetchFailed
    cudaErrorTextureNotBound cudaErrorTimeout cudaErrorTooManyPeers cudaErrorUnknown
    cudaErrorUnmapBufferObjectFailed cudaErrorUnsupportedDevSideSync
    cudaErrorUnsupportedExecAffinity cudaErrorUnsupportedLimit cudaErrorUnsupportedPtxVersion
    cudaSuccess
""",
    kind=Kind.ENUMERATOR,
    rocm=hip_name,
)
S("cu2amd extension", "cudaErrorNotFound", kind=Kind.ENUMERATOR)
S("Data types used by CUDA Runtime: memcpy kinds", " ".join(_MEMCPY_KINDS), kind=Kind.ENUMERATOR)
S("Data types used by CUDA Runtime: device attributes", " ".join(sorted(names(_DEVICE_ATTRS))),
  kind=Kind.ENUMERATOR)  # fmt: skip
S("Data types used by CUDA Runtime: enum values", " ".join(sorted(names(_ENUM_VALUES))),
  kind=Kind.ENUMERATOR)  # fmt: skip
S(
    "Data types used by CUDA Runtime: enums",
    """
    cudaChannelFormatKind cudaComputeMode cudaDeviceAttr cudaDeviceP2PAttr cudaError
    cudaFuncAttribute
    cudaFuncCache cudaGraphExecUpdateResult cudaGraphInstantiateFlags cudaGraphNodeType
    cudaLaunchAttributeID cudaLimit cudaMemAllocationType cudaMemPoolAttr cudaMemRangeAttribute
    cudaMemcpyKind cudaMemoryAdvise cudaMemoryType cudaResourceType cudaSharedMemConfig
    cudaStreamCaptureMode cudaStreamCaptureStatus cudaSurfaceBoundaryMode
    cudaTextureAddressMode cudaTextureFilterMode cudaTextureReadMode
""",
    kind=Kind.ENUM,
    rocm=hip_name,
)
S(
    "Data types used by CUDA Runtime: types",
    """
    cudaAccessPolicyWindow cudaArraySparseProperties cudaArray_const_t cudaArray_t
    cudaChannelFormatDesc cudaDeviceProp
    cudaError_t cudaEvent_t cudaExtent cudaExternalMemory_t cudaExternalSemaphore_t
    cudaFuncAttributes cudaFunction_t cudaGraphExec_t cudaGraphNode_t cudaGraph_t
    cudaGraphicsResource_t cudaHostFn_t cudaHostNodeParams cudaIpcEventHandle_t
    cudaIpcMemHandle_t cudaKernelNodeParams cudaKernel_t cudaLaunchAttribute
    cudaLaunchConfig_t cudaLaunchParams cudaLibrary_t cudaMemAccessDesc cudaMemLocation
    cudaMemPoolProps cudaMemPool_t cudaMemcpy3DParms cudaMemcpy3DPeerParms cudaMemsetParams
    cudaMipmappedArray_t cudaPitchedPtr cudaPointerAttributes cudaPos cudaResourceDesc
    cudaResourceViewDesc cudaStreamCallback_t cudaStream_t cudaSurfaceObject_t
    cudaTextureDesc cudaTextureObject_t cudaUUID_t cudaUserObject_t
""",
    kind=Kind.TYPE,
    rocm=hip_name,
)
S(
    "Macros",
    """
    CUDART_CB CUDART_VERSION cudaArrayCubemap cudaArrayDefault cudaArrayLayered
    cudaArraySurfaceLoadStore
    cudaArrayTextureGather cudaCooperativeLaunchMultiDeviceNoPostSync
    cudaCooperativeLaunchMultiDeviceNoPreSync cudaCpuDeviceId cudaDeviceBlockingSync
    cudaDeviceLmemResizeToMax cudaDeviceMapHost cudaDeviceScheduleAuto
    cudaDeviceScheduleBlockingSync cudaDeviceScheduleSpin cudaDeviceScheduleYield
    cudaEventBlockingSync cudaEventDefault cudaEventDisableTiming cudaEventInterprocess
    cudaEventRecordDefault cudaEventRecordExternal cudaHostAllocDefault cudaHostAllocMapped
    cudaHostAllocPortable cudaHostAllocWriteCombined cudaHostRegisterDefault
    cudaHostRegisterIoMemory cudaHostRegisterMapped cudaHostRegisterPortable
    cudaHostRegisterReadOnly cudaInitDeviceFlagsAreValid cudaInvalidDeviceId
    cudaIpcMemLazyEnablePeerAccess
    cudaMemAttachGlobal cudaMemAttachHost cudaMemAttachSingle cudaOccupancyDefault
    cudaOccupancyDisableCachingOverride cudaPeerAccessDefault cudaStreamDefault
    cudaStreamLegacy cudaStreamNonBlocking cudaStreamPerThread
""",
    kind=Kind.MACRO,
    rocm=hip_name,
)

# What an area's header declares beyond the lists above (impl_extra.NEW_TYPES).
for _kind, _names in impl_extra.NEW_TYPES.items():
    S(f"Data types used by CUDA Runtime: {_kind.value}s (memory pools, IPC, stream attributes)",
      " ".join(sorted(_names)), kind=_kind, rocm=hip_name)  # fmt: skip
for _kind, _names in impl_coop.NEW_TYPES.items():
    S(f"Data types used by CUDA Runtime: {_kind.value}s (launch attributes)",
      " ".join(sorted(_names)), kind=_kind, rocm=hip_name)  # fmt: skip
for _kind, _section, _names in (*impl_texture.TYPE_SECTIONS, *impl_graph.TYPE_SECTIONS,
                                 *impl_library.TYPE_SECTIONS,
                                 *impl_interop.TYPE_SECTIONS):  # fmt: skip
    S(_section, _names, kind=_kind)

ROWS: tuple[ApiRow, ...] = _T.done()
