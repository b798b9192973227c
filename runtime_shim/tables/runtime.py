"""The CUDA runtime API's functions (CUDA 12.x Runtime API reference, one section per
module of the manual), and what cu2amd's cuda_runtime_api.h does with each: it calls
HIP's C ABI, which ROCm's libamdhip64 and cu2amd's host platform runtime both export.
The ROCm column is HIP's counterpart (cross-checked against HIPIFY's tables), "" where HIP
has none.

Types, enums, error codes and macros of the runtime API are in runtime_types.py.
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
from cu2amd.runtime_shim.tables.row import ApiRow, Group, Status

E = Status.EMULATED
NA = Status.NOT_APPLICABLE

# What cuda_runtime_api.h implements today (each a static inline over the HIP function;
# the headers under runtime_shim/include/cu2amd/runtime_*.h, one per API group).
_HOST = "host platform: "
_NO_EFFECT = "accepted and kept, no effect: AMD GPUs and the host platform have no such setting"
_OCCUPANCY_MODEL = (
    _HOST + "a model of a multiprocessor with 1024 threads (in warps of 32), 64 KiB of shared "
    "memory and at most 32 blocks; AMD: HIP's occupancy calculator"
)
_POTENTIAL = (
    "computed by cuda_runtime_api.h as CUDA's header does (the block size with the most resident "
    "threads, over multiples of 32) from cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags"
)
_CUDA_VERSION = "12000, the CUDA version whose API cu2amd implements (not HIP's version number)"
IMPL = {
    "cudaCtxResetPersistingL2Cache": Impl(
        "cu2amd: nothing to reset", E, "no persisting L2 cache lines exist (its limit is 0)"
    ),
    "cudaDeviceGetByPCIBusId": Impl("hipDeviceGetByPCIBusId"),
    "cudaDeviceGetP2PAttribute": Impl(
        "hipDeviceGetP2PAttribute",
        note="CUDA's attribute numbers (HIP's count from 0); " + _HOST + "one device, so "
        "cudaErrorInvalidDevice",
    ),
    "cudaDeviceGetPCIBusId": Impl("hipDeviceGetPCIBusId"),
    # cudaEventRecordWithFlags and cudaStreamIsCapturing: impl_graph.py (stream capture).
    "cudaFreeAsync": Impl("hipFreeAsync", note=_HOST + "freed at once (streams run at once)"),
    "cudaInitDevice": Impl(
        "hipSetDeviceFlags",
        E,
        "HIP initialises a device on first use: the device is checked and, with "
        "cudaInitDeviceFlagsAreValid, its flags set",
    ),
    "cudaMallocAsync": Impl(
        "hipMallocAsync", note=_HOST + "allocated at once (streams run at once)"
    ),
    "cudaMemAdvise": Impl(
        "hipMemAdvise",
        E,
        "AMD: acted on with XNACK on; " + _HOST + "checked, no effect (one memory)",
    ),
    "cudaMemPrefetchAsync": Impl(
        "hipMemPrefetchAsync",
        E,
        "AMD: migrates with XNACK on; " + _HOST + "checked, no effect (one memory)",
    ),
    "cudaProfilerStart": Impl("hipProfilerStart", E, _HOST + "no profiler: no effect"),
    "cudaProfilerStop": Impl("hipProfilerStop", E, _HOST + "no profiler: no effect"),
    "cudaStreamAttachMemAsync": Impl(
        "hipStreamAttachMemAsync", E, _HOST + "checked, no effect (one memory)"
    ),
    "cudaThreadGetCacheConfig": Impl("hipDeviceGetCacheConfig", E, _NO_EFFECT),
    "cudaThreadGetLimit": Impl(
        "cu2amd: cudaDeviceGetLimit", E, "as cudaDeviceGetLimit: kept, not applied"
    ),
    "cudaThreadSetCacheConfig": Impl("hipDeviceSetCacheConfig", E, _NO_EFFECT),
    "cudaThreadSetLimit": Impl(
        "cu2amd: cudaDeviceSetLimit", E, "as cudaDeviceSetLimit: kept, not applied"
    ),
    "cudaChooseDevice": Impl("cu2amd: the device whose compute capability is closest"),
    "cudaDeviceCanAccessPeer": Impl("hipDeviceCanAccessPeer"),
    "cudaDeviceDisablePeerAccess": Impl("hipDeviceDisablePeerAccess"),
    "cudaDeviceEnablePeerAccess": Impl("hipDeviceEnablePeerAccess"),
    "cudaDeviceGetAttribute": Impl(
        "cu2amd: from cudaGetDeviceProperties",
        E,
        "every documented cudaDeviceAttr, with CUDA's numbering, read from the cudaDeviceProp "
        "that cudaGetDeviceProperties fills (so warp size 32 and the compiled-for compute "
        "capability; features AMD lacks are 0)",
    ),
    "cudaDeviceGetCacheConfig": Impl("hipDeviceGetCacheConfig", E, _NO_EFFECT),
    "cudaDeviceGetLimit": Impl(
        "cu2amd: kept by cuda_runtime_api.h",
        E,
        "CUDA's defaults and checks; the values are kept, not applied (libamdhip64 5.2 sets no "
        "limits): the device's stack, printf buffer and heap keep their own sizes",
    ),
    "cudaDeviceGetSharedMemConfig": Impl("hipDeviceGetSharedMemConfig", E, _NO_EFFECT),
    "cudaDeviceGetStreamPriorityRange": Impl(
        "hipDeviceGetStreamPriorityRange", note=_HOST + "0 and 0 (no priorities)"
    ),
    "cudaDeviceReset": Impl(
        "hipDeviceReset",
        note=_HOST + "frees the device's memory and resets its settings; streams and events "
        "stay valid handles",
    ),
    "cudaDeviceSetCacheConfig": Impl("hipDeviceSetCacheConfig", E, _NO_EFFECT),
    "cudaDeviceSetLimit": Impl(
        "cu2amd: kept by cuda_runtime_api.h",
        E,
        "CUDA's checks; the value is kept for cudaDeviceGetLimit, not applied to the device",
    ),
    "cudaDeviceSetSharedMemConfig": Impl("hipDeviceSetSharedMemConfig", E, _NO_EFFECT),
    "cudaDeviceSynchronize": Impl("hipDeviceSynchronize"),
    "cudaDriverGetVersion": Impl("cu2amd: CUDART_VERSION", E, _CUDA_VERSION),
    "cudaEventCreate": Impl("hipEventCreate"),
    "cudaEventCreateWithFlags": Impl("hipEventCreateWithFlags"),
    "cudaEventDestroy": Impl("hipEventDestroy"),
    "cudaEventElapsedTime": Impl("hipEventElapsedTime"),
    "cudaEventQuery": Impl("hipEventQuery"),
    "cudaEventRecord": Impl("hipEventRecord"),
    "cudaEventSynchronize": Impl("hipEventSynchronize"),
    "cudaFree": Impl("hipFree"),
    "cudaFreeHost": Impl("hipHostFree"),
    "cudaFuncGetAttributes": Impl(
        "hipFuncGetAttributes",
        E,
        "ptxVersion and binaryVersion are the compiled-for compute capability; "
        + _HOST
        + "no register, local or constant memory counts (0), and sharedSizeBytes is the static "
        "shared memory of all the kernels of its translation unit (the host platform gives each "
        "block all of it)",
    ),
    "cudaFuncSetAttribute": Impl(
        "hipFuncSetAttribute",
        note="maximum dynamic shared memory (" + _HOST + "up to 64 KiB with the static part) and "
        "carveout; the thread-block-cluster attributes return cudaErrorNotSupported",
    ),
    "cudaFuncSetCacheConfig": Impl("hipFuncSetCacheConfig", E, _NO_EFFECT),
    "cudaFuncSetSharedMemConfig": Impl("hipFuncSetSharedMemConfig", E, _NO_EFFECT),
    "cudaGetDevice": Impl("hipGetDevice"),
    "cudaGetDeviceCount": Impl("hipGetDeviceCount"),
    "cudaGetDeviceFlags": Impl("hipGetDeviceFlags"),
    "cudaGetDeviceProperties": Impl(
        "hipGetDeviceProperties",
        E,
        "all of CUDA 12's fields: HIP's where it has them; warpSize 32 (warp-32 semantics); "
        "major/minor the compute capability -arch compiled for (__CUDA_ARCH_LIST__); texture and "
        "surface limits HIP lacks derived from its 1D/2D/3D ones; asyncEngineCount 2 where kernels "
        "run concurrently; features AMD or cu2amd lack (clusters, memory pools, IPC events, "
        "persisting L2, GPUDirect RDMA) 0",
    ),
    "cudaGetErrorName": Impl("cu2amd: CUDA's names, from cuda_runtime_api.h's error list"),
    "cudaGetErrorString": Impl("cu2amd: CUDA's texts, from cuda_runtime_api.h's error list"),
    "cudaGetLastError": Impl("hipGetLastError"),
    "cudaGetSymbolAddress": Impl("hipGetSymbolAddress"),
    "cudaGetSymbolSize": Impl("hipGetSymbolSize"),
    "cudaHostAlloc": Impl("hipHostMalloc"),
    "cudaHostGetDevicePointer": Impl("hipHostGetDevicePointer"),
    "cudaHostGetFlags": Impl("hipHostGetFlags"),
    "cudaHostRegister": Impl("hipHostRegister"),
    "cudaHostUnregister": Impl("hipHostUnregister"),
    "cudaLaunchHostFunc": Impl(
        "hipStreamAddCallback", note="a stream callback (libamdhip64 5.2 has no hipLaunchHostFunc)"
    ),
    "cudaLaunchKernel": Impl("hipLaunchKernel"),
    "cudaMalloc": Impl("hipMalloc"),
    "cudaMalloc3D": Impl("hipMallocPitch", note="a pitched allocation of height * depth rows"),
    "cudaMallocHost": Impl("hipHostMalloc"),
    "cudaMallocManaged": Impl(
        "hipMallocManaged",
        E,
        "AMD: pages migrate on demand only with XNACK on (HSA_XNACK=1); when it is off the "
        "program says so on stderr at run time; " + _HOST + "plain host memory",
    ),
    "cudaMallocPitch": Impl("hipMallocPitch"),
    "cudaMemGetInfo": Impl("hipMemGetInfo", note=_HOST + "the machine's physical memory"),
    "cudaMemcpy": Impl("hipMemcpy"),
    "cudaMemcpy2D": Impl("hipMemcpy2D"),
    "cudaMemcpy2DAsync": Impl("hipMemcpy2DAsync"),
    "cudaMemcpy3D": Impl(
        "hipMemcpy2D",
        E,
        "linear (pitched) memory only, one 2D copy per slice; CUDA arrays are not supported",
    ),
    "cudaMemcpy3DAsync": Impl(
        "hipMemcpy2DAsync",
        E,
        "linear (pitched) memory only, one 2D copy per slice; CUDA arrays are not supported",
    ),
    "cudaMemcpyAsync": Impl("hipMemcpyAsync"),
    "cudaMemcpyFromSymbol": Impl("hipMemcpyFromSymbol"),
    "cudaMemcpyFromSymbolAsync": Impl("hipMemcpyFromSymbolAsync"),
    "cudaMemcpyPeer": Impl("hipMemcpyPeer"),
    "cudaMemcpyPeerAsync": Impl("hipMemcpyPeerAsync"),
    "cudaMemcpyToSymbol": Impl("hipMemcpyToSymbol"),
    "cudaMemcpyToSymbolAsync": Impl("hipMemcpyToSymbolAsync"),
    "cudaMemset": Impl("hipMemset"),
    "cudaMemset2D": Impl("hipMemset2D"),
    "cudaMemset2DAsync": Impl("hipMemset2DAsync"),
    "cudaMemset3D": Impl("hipMemset2D", note="one 2D set per slice"),
    "cudaMemset3DAsync": Impl("hipMemset2DAsync", note="one 2D set per slice"),
    "cudaMemsetAsync": Impl("hipMemsetAsync"),
    "cudaOccupancyMaxActiveBlocksPerMultiprocessor": Impl(
        "hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", E, _OCCUPANCY_MODEL
    ),
    "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags": Impl(
        "hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags", E, _OCCUPANCY_MODEL
    ),
    "cudaOccupancyMaxPotentialBlockSize": Impl("cu2amd", E, _POTENTIAL),
    "cudaOccupancyMaxPotentialBlockSizeVariableSMem": Impl("cu2amd", E, _POTENTIAL),
    "cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags": Impl("cu2amd", E, _POTENTIAL),
    "cudaOccupancyMaxPotentialBlockSizeWithFlags": Impl("cu2amd", E, _POTENTIAL),
    "cudaPeekAtLastError": Impl("hipPeekAtLastError"),
    "cudaPointerGetAttributes": Impl(
        "hipPointerGetAttributes",
        note="memory the runtime does not know is cudaMemoryTypeUnregistered (device "
        "cudaInvalidDeviceId), with cudaSuccess, as CUDA 11+; ROCm 5's and ROCm 6's memory type "
        "numbers both understood (hipRuntimeGetVersion)",
    ),
    "cudaRuntimeGetVersion": Impl("cu2amd: CUDART_VERSION", E, _CUDA_VERSION),
    "cudaSetDevice": Impl("hipSetDevice"),
    "cudaSetDeviceFlags": Impl("hipSetDeviceFlags", note=_HOST + "checked, no effect"),
    "cudaStreamAddCallback": Impl("hipStreamAddCallback"),
    "cudaStreamCreate": Impl("hipStreamCreate"),
    "cudaStreamCreateWithFlags": Impl("hipStreamCreateWithFlags"),
    "cudaStreamCreateWithPriority": Impl(
        "hipStreamCreateWithPriority", note=_HOST + "no priorities (the range is 0..0)"
    ),
    "cudaStreamDestroy": Impl("hipStreamDestroy"),
    "cudaStreamGetFlags": Impl("hipStreamGetFlags"),
    "cudaStreamGetPriority": Impl("hipStreamGetPriority"),
    "cudaStreamQuery": Impl("hipStreamQuery"),
    "cudaStreamSynchronize": Impl("hipStreamSynchronize"),
    "cudaStreamWaitEvent": Impl("hipStreamWaitEvent"),
    "cudaThreadExit": Impl("hipDeviceReset"),
    "cudaThreadSynchronize": Impl("hipDeviceSynchronize"),
    "make_cudaExtent": Impl("cu2amd: cudaExtent"),
    "make_cudaPitchedPtr": Impl("cu2amd: cudaPitchedPtr"),
    "make_cudaPos": Impl("cu2amd: cudaPos"),
}

NOTES = {
    "cudaConfigureCall": "removed in CUDA 10.1; declared only for the host platform's device pass, "
    "which parses but never calls it",
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


# The API areas kept in modules of their own (impl_*.py).
for _area in (impl_coop, impl_extra, impl_graph, impl_interop, impl_library, impl_texture):
    IMPL.update(_area.RUNTIME)

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
S("C++ API Routines", "cudaLaunchKernelEx", rocm=_rocm)
S("Profiler Control", "cudaProfilerStart cudaProfilerStop", rocm=_rocm)

ROWS: tuple[ApiRow, ...] = _T.done()
