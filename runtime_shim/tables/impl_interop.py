"""What cu2amd implements of external memory and semaphores, and graphics interoperability: the
`Impl` of each function (RUNTIME for the runtime API, DRIVER for the driver API) and of each
type, enum or enumerator (TYPES). runtime.py, driver.py and runtime_types.py take their
rows' status from here, as from their own IMPL. TYPE_SECTIONS are the rows runtime_types.py
adds for the names of this area that CUDA's type lists do not cover; DRIVER_TYPES the rows
driver.py adds for what cu2amd/driver_interop.h declares.

The header (cu2amd/runtime_interop.h) calls HIP's hipGraphicsGL*/hipGraphics* and external
memory and semaphore functions, which ROCm 5.2 has; a cudaGraphicsResource_t is cu2amd's record
around HIP's resource (map flags and mapped state, which HIP 5.2 does not keep), which the driver
API's header (cu2amd/driver_interop.h) shares as its CUgraphicsResource
(cu2amd/interop_resources.h), with the driver's error codes. The host platform
implements them in host/hip_interop.c: OpenGL objects are copied into host memory when mapped
and back when unmapped; external memory is a shared mapping of a file descriptor, and external
semaphores an eventfd (binary) or a file's 64-bit word (timeline).

EGL (cuda_egl_interop.h, cudaEGL.h: cu2amd/runtime_egl.h, cu2amd/driver_egl.h over
cu2amd/egl_interop.h): HIP 5.2 has no EGL interop, so an EGLImage is bound to a GL texture of
cu2amd's and registered through HIP's GL interop, and an EGLSync becomes an event recorded after a
stream callback that waits for it; the EGLStreams functions stay not applicable."""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, hip_name, names
from cu2amd.runtime_shim.tables.row import Kind, Status

E = Status.EMULATED
NA = Status.NOT_APPLICABLE
_HEADER = "cu2amd/runtime_interop.h"
_GL_HOST = (
    "host platform: the program's GL context must be current on the calling thread when it "
    "registers, maps, unmaps and asks for arrays; "
)
_MAP = (
    "host platform: a buffer is read into device (host) memory when mapped and written back when "
    "unmapped (not read with write-discard, not written back read-only), through the GL context "
    "current on the calling thread; AMD: HIP's GL interop"
)
_IMAGE = (
    _GL_HOST + "a texture level (2D, rectangle, cube map face, 3D, one layer of a 2D array; "
    "CUDA's sized formats) is read into an array when first asked for while mapped and written "
    "back when unmapped; renderbuffers: cudaErrorNotSupported"
)
_FLAGS = (
    "HIP 5.2 has no hipGraphicsResourceSetMapFlags: kept by cu2amd's resource record and applied "
    "by registering the resource with HIP again, with the new flags, at its next map"
)
_LEGACY = (
    "over the cudaGraphics* functions, with a resource cu2amd keeps per registered buffer object "
    "(CUDA's deprecated API)"
)
_MIPMAP = (
    "HIP 5.2 has none, and its mipmapped arrays cannot be made of existing arrays: a mipmapped "
    "array of its own (2D and 3D textures; cube maps and layered textures: "
    "cudaErrorNotSupported) whose levels are copied from the mapped levels when first asked "
    "for and written back to them (unless mapped read-only) when the resource is unmapped; "
    "the same array until then; " + _GL_HOST.removesuffix("; ")
)
_EXT_HOST = (
    "host platform: opaque file descriptors only (other handle types: cudaErrorNotSupported); "
)
_SEM = (
    _EXT_HOST + "a binary semaphore is an eventfd (signal adds 1; wait blocks until it is "
    "signalled and resets it), a timeline semaphore (cudaExternalSemaphoreHandleTypeTimeline"
    "SemaphoreFd) a file whose first 8 bytes hold its value; done when called (streams run at "
    "once), or on a capturing stream a semaphore node of the graph, as CUDA captures them; "
    "AMD: HIP's, which has no timeline-fd type"
)

_EGL_IMAGE = (
    "HIP 5.2 has no EGL interop: the image is bound to a GL texture of cu2amd's "
    "(glEGLImageTargetTexture2DOES, EGL_KHR_gl_texture_2D_image images) registered through HIP's "
    "GL interop, so a GL context must be current on the calling thread (none: cudaErrorUnknown); "
    "host platform: the image is copied into an array when its frame is first asked for and back "
    "when the resource is unmapped or unregistered (not when registered read-only)"
)
_EGL_FRAME = (
    "one plane, an array (cudaEglFrameTypeArray) of the texture's level; colour format R, RG or "
    "ABGR (GL's RGBA byte order) by channel count; without a map (CUDA's EGL resources need none) "
    "cu2amd maps the resource itself, and a later map by the program writes the image back and "
    "maps it again; host platform: " + _GL_HOST.removeprefix("host platform: ").removesuffix("; ")
)
_EGL_SYNC = (
    "HIP 5.2 has no EGL interop: an event recorded on a stream of cu2amd's after a stream callback"
    " that waits for the sync (eglClientWaitSyncKHR), so waiting for the event waits for the sync;"
    " the sync must be of the EGL display current on the calling thread (else "
    "cudaErrorInvalidValue); host platform: streams run work at once, so the wait happens when the"
    " event is created (a sync signalled later by the same thread never completes); "
    "cudaEventRecord on it is not refused"
)
_EGL_STREAM = (
    "EGLStreams: Mesa, the EGL of cu2amd's Linux targets, has no EGL_KHR_stream, and HIP 5.2 no "
    "EGL interop: there is no stream to connect to"
)
_EGL_STREAM_FUNCTIONS = """
    EGLStreamConsumerAcquireFrame EGLStreamConsumerConnect EGLStreamConsumerConnectWithFlags
    EGLStreamConsumerDisconnect EGLStreamConsumerReleaseFrame EGLStreamProducerConnect
    EGLStreamProducerDisconnect EGLStreamProducerPresentFrame EGLStreamProducerReturnFrame
"""
_EGL_ENUMERATORS = """
    cudaEglFrameTypeArray cudaEglFrameTypePitch cudaEglColorFormatYUV420Planar
    cudaEglColorFormatYUV420SemiPlanar cudaEglColorFormatYUV422Planar
    cudaEglColorFormatYUV422SemiPlanar cudaEglColorFormatARGB cudaEglColorFormatRGBA
    cudaEglColorFormatL cudaEglColorFormatR cudaEglColorFormatYUV444Planar
    cudaEglColorFormatYUV444SemiPlanar cudaEglColorFormatYUYV422 cudaEglColorFormatUYVY422
    cudaEglColorFormatABGR cudaEglColorFormatBGRA cudaEglColorFormatA cudaEglColorFormatRG
    cudaEglColorFormatAYUV cudaEglColorFormatYVU444SemiPlanar
    cudaEglColorFormatYVU422SemiPlanar cudaEglColorFormatYVU420SemiPlanar
    cudaEglColorFormatY10V10U10_444SemiPlanar cudaEglColorFormatY10V10U10_420SemiPlanar
    cudaEglColorFormatY12V12U12_444SemiPlanar cudaEglColorFormatY12V12U12_420SemiPlanar
    cudaEglColorFormatVYUY_ER cudaEglColorFormatUYVY_ER cudaEglColorFormatYUYV_ER
    cudaEglColorFormatYVYU_ER cudaEglColorFormatYUVA_ER cudaEglColorFormatAYUV_ER
    cudaEglColorFormatYUV444Planar_ER cudaEglColorFormatYUV422Planar_ER
    cudaEglColorFormatYUV420Planar_ER cudaEglColorFormatYUV444SemiPlanar_ER
    cudaEglColorFormatYUV422SemiPlanar_ER cudaEglColorFormatYUV420SemiPlanar_ER
    cudaEglColorFormatYVU444Planar_ER cudaEglColorFormatYVU422Planar_ER
    cudaEglColorFormatYVU420Planar_ER cudaEglColorFormatYVU444SemiPlanar_ER
    cudaEglColorFormatYVU422SemiPlanar_ER cudaEglColorFormatYVU420SemiPlanar_ER
    cudaEglColorFormatBayerRGGB cudaEglColorFormatBayerBGGR cudaEglColorFormatBayerGRBG
    cudaEglColorFormatBayerGBRG cudaEglColorFormatBayer10RGGB cudaEglColorFormatBayer10BGGR
    cudaEglColorFormatBayer10GRBG cudaEglColorFormatBayer10GBRG
    cudaEglColorFormatBayer12RGGB cudaEglColorFormatBayer12BGGR
    cudaEglColorFormatBayer12GRBG cudaEglColorFormatBayer12GBRG
    cudaEglColorFormatBayer14RGGB cudaEglColorFormatBayer14BGGR
    cudaEglColorFormatBayer14GRBG cudaEglColorFormatBayer14GBRG
    cudaEglColorFormatBayer20RGGB cudaEglColorFormatBayer20BGGR
    cudaEglColorFormatBayer20GRBG cudaEglColorFormatBayer20GBRG
    cudaEglColorFormatYVU444Planar cudaEglColorFormatYVU422Planar
    cudaEglColorFormatYVU420Planar cudaEglColorFormatBayerIspRGGB
    cudaEglColorFormatBayerIspBGGR cudaEglColorFormatBayerIspGRBG
    cudaEglColorFormatBayerIspGBRG cudaEglColorFormatBayerBCCR cudaEglColorFormatBayerRCCB
    cudaEglColorFormatBayerCRBC cudaEglColorFormatBayerCBRC cudaEglColorFormatBayer10CCCC
    cudaEglColorFormatBayer12BCCR cudaEglColorFormatBayer12RCCB
    cudaEglColorFormatBayer12CRBC cudaEglColorFormatBayer12CBRC
    cudaEglColorFormatBayer12CCCC cudaEglColorFormatY
    cudaEglColorFormatYUV420SemiPlanar_2020 cudaEglColorFormatYVU420SemiPlanar_2020
    cudaEglColorFormatYUV420Planar_2020 cudaEglColorFormatYVU420Planar_2020
    cudaEglColorFormatYUV420SemiPlanar_709 cudaEglColorFormatYVU420SemiPlanar_709
    cudaEglColorFormatYUV420Planar_709 cudaEglColorFormatYVU420Planar_709
    cudaEglColorFormatY10V10U10_420SemiPlanar_709
    cudaEglColorFormatY10V10U10_420SemiPlanar_2020
    cudaEglColorFormatY10V10U10_422SemiPlanar_2020 cudaEglColorFormatY10V10U10_422SemiPlanar
    cudaEglColorFormatY10V10U10_422SemiPlanar_709 cudaEglColorFormatY_ER
    cudaEglColorFormatY_709_ER cudaEglColorFormatY10_ER cudaEglColorFormatY10_709_ER
    cudaEglColorFormatY12_ER cudaEglColorFormatY12_709_ER cudaEglColorFormatYUVA
    cudaEglColorFormatYVYU cudaEglColorFormatVYUY
    cudaEglColorFormatY10V10U10_420SemiPlanar_ER
    cudaEglColorFormatY10V10U10_420SemiPlanar_709_ER
    cudaEglColorFormatY10V10U10_444SemiPlanar_ER
    cudaEglColorFormatY10V10U10_444SemiPlanar_709_ER
    cudaEglColorFormatY12V12U12_420SemiPlanar_ER
    cudaEglColorFormatY12V12U12_420SemiPlanar_709_ER
    cudaEglColorFormatY12V12U12_444SemiPlanar_ER
    cudaEglColorFormatY12V12U12_444SemiPlanar_709_ER cudaEglColorFormatUYVY709
    cudaEglColorFormatUYVY709_ER cudaEglColorFormatUYVY2020
"""
_EGL_ENUMS = "cudaEglColorFormat_enum cudaEglFrameType_enum"
_EGL_STRUCTS = """
    cudaEglColorFormat cudaEglFrame cudaEglFrameType cudaEglFrame_st cudaEglPlaneDesc
    cudaEglPlaneDesc_st
"""

_ENUMERATORS = """
    cudaGraphicsRegisterFlagsNone cudaGraphicsRegisterFlagsReadOnly
    cudaGraphicsRegisterFlagsSurfaceLoadStore cudaGraphicsRegisterFlagsTextureGather
    cudaGraphicsRegisterFlagsWriteDiscard cudaGraphicsMapFlagsNone cudaGraphicsMapFlagsReadOnly
    cudaGraphicsMapFlagsWriteDiscard cudaGraphicsCubeFaceNegativeX cudaGraphicsCubeFaceNegativeY
    cudaGraphicsCubeFaceNegativeZ cudaGraphicsCubeFacePositiveX cudaGraphicsCubeFacePositiveY
    cudaGraphicsCubeFacePositiveZ cudaGLDeviceListAll cudaGLDeviceListCurrentFrame
    cudaGLDeviceListNextFrame cudaGLMapFlagsNone cudaGLMapFlagsReadOnly cudaGLMapFlagsWriteDiscard
    cudaExternalMemoryHandleTypeOpaqueFd cudaExternalMemoryHandleTypeOpaqueWin32
    cudaExternalMemoryHandleTypeOpaqueWin32Kmt cudaExternalMemoryHandleTypeD3D12Heap
    cudaExternalMemoryHandleTypeD3D12Resource cudaExternalMemoryHandleTypeD3D11Resource
    cudaExternalMemoryHandleTypeD3D11ResourceKmt cudaExternalMemoryHandleTypeNvSciBuf
    cudaExternalSemaphoreHandleTypeOpaqueFd cudaExternalSemaphoreHandleTypeOpaqueWin32
    cudaExternalSemaphoreHandleTypeOpaqueWin32Kmt cudaExternalSemaphoreHandleTypeD3D12Fence
    cudaExternalSemaphoreHandleTypeD3D11Fence cudaExternalSemaphoreHandleTypeNvSciSync
    cudaExternalSemaphoreHandleTypeKeyedMutex cudaExternalSemaphoreHandleTypeKeyedMutexKmt
    cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd
    cudaExternalSemaphoreHandleTypeTimelineSemaphoreWin32
"""
_ENUMS = """
    cudaExternalMemoryHandleType cudaExternalSemaphoreHandleType cudaGLDeviceList cudaGLMapFlags
    cudaGraphicsCubeFace cudaGraphicsMapFlags cudaGraphicsRegisterFlags
"""
_STRUCTS = """
    cudaExternalMemoryBufferDesc cudaExternalMemoryHandleDesc cudaExternalSemaphoreHandleDesc
    cudaExternalSemaphoreSignalParams cudaExternalSemaphoreWaitParams cudaGraphicsResource
"""
_MACROS = """
    cudaExternalMemoryDedicated cudaExternalSemaphoreSignalSkipNvSciBufMemSync
    cudaExternalSemaphoreWaitSkipNvSciBufMemSync
"""
TYPE_SECTIONS = (
    (Kind.ENUMERATOR, "Data types used by CUDA Runtime: interop enum values",
     " ".join(sorted(names(_ENUMERATORS)))),
    (Kind.ENUM, "Data types used by CUDA Runtime: interop enums", " ".join(sorted(names(_ENUMS)))),
    (Kind.TYPE, "Data types used by CUDA Runtime: interop structures",
     " ".join(sorted(names(_STRUCTS)))),
    (Kind.MACRO, "Data types used by CUDA Runtime: interop macros",
     " ".join(sorted(names(_MACROS)))),
    (Kind.ENUMERATOR, "Data types used by CUDA Runtime: EGL interop enum values",
     " ".join(sorted(names(_EGL_ENUMERATORS)))),
    (Kind.ENUM, "Data types used by CUDA Runtime: EGL interop enums",
     " ".join(sorted(names(_EGL_ENUMS)))),
    (Kind.TYPE, "Data types used by CUDA Runtime: EGL interop structures",
     " ".join(sorted(names(_EGL_STRUCTS)))),
    (Kind.MACRO, "Data types used by CUDA Runtime: EGL interop macros", "CUDA_EGL_MAX_PLANES"),
)  # fmt: skip

TYPES: dict[str, Impl] = {
    **{n: Impl("cu2amd: CUDA's value (HIP's where HIP has it)") for n in names(_ENUMERATORS)},
    **{n: Impl(hip_name(n)) for n in names(_ENUMS + _MACROS)},
    **{
        n: Impl(hip_name(n), note="CUDA's layout, copied into HIP's")
        for n in names(_STRUCTS)
        if n != "cudaGraphicsResource"
    },
    "cudaGraphicsResource": Impl(
        "cu2amd: a record around hipGraphicsResource", note="its fields are cu2amd's"
    ),
    "cudaGraphicsResource_t": Impl("cu2amd: struct cudaGraphicsResource *"),
    "cudaExternalMemory_t": Impl("hipExternalMemory_t"),
    "cudaExternalSemaphore_t": Impl("hipExternalSemaphore_t"),
    **{n: Impl("cu2amd: CUDA's value (cuda_egl_interop.h)") for n in names(_EGL_ENUMERATORS)},
    **{
        n: Impl("cu2amd: CUDA's (cuda_egl_interop.h)")
        for n in names(_EGL_ENUMS + " " + _EGL_STRUCTS + " CUDA_EGL_MAX_PLANES")
    },
}

RUNTIME: dict[str, Impl] = {
    # Graphics interoperability
    "cudaGraphicsMapResources": Impl(
        "hipGraphicsMapResources",
        note=_MAP + "; cu2amd checks CUDA's errors (duplicates, already mapped: cudaErrorUnknown)",
    ),
    "cudaGraphicsUnmapResources": Impl("hipGraphicsUnmapResources", note=_MAP),
    "cudaGraphicsResourceGetMappedPointer": Impl("hipGraphicsResourceGetMappedPointer"),
    "cudaGraphicsResourceSetMapFlags": Impl(_HEADER, E, _FLAGS),
    "cudaGraphicsSubResourceGetMappedArray": Impl(
        "hipGraphicsSubResourceGetMappedArray", E, _IMAGE
    ),
    "cudaGraphicsUnregisterResource": Impl(
        "hipGraphicsUnregisterResource", note="a mapped resource is unmapped first"
    ),
    "cudaGraphicsResourceGetMappedMipmappedArray": Impl(
        _HEADER + ": hipGraphicsSubResourceGetMappedArray, hipMallocMipmappedArray",
        E,
        _MIPMAP,
    ),
    # OpenGL
    "cudaGLGetDevices": Impl(
        "hipGLGetDevices",
        E,
        "host platform: device 0 (GL renders on the processor) when a GL context is current, "
        "else cudaErrorNoDevice",
    ),
    "cudaGraphicsGLRegisterBuffer": Impl(
        "hipGraphicsGLRegisterBuffer",
        note=_GL_HOST + "no current context: cudaErrorUnknown; not a buffer: cudaErrorInvalidValue",
    ),
    "cudaGraphicsGLRegisterImage": Impl("hipGraphicsGLRegisterImage", E, _IMAGE),
    "cudaWGLGetDevice": Impl(
        "", NA, "Windows only (WGL is the Windows GL binding); no ROCm counterpart on Linux"
    ),
    "cudaGLSetGLDevice": Impl(
        "cudaSetDevice", E, "as cudaSetDevice (never cudaErrorSetOnActiveProcess)"
    ),
    **{
        n: Impl(_HEADER, E, _LEGACY)
        for n in names("""
            cudaGLMapBufferObject cudaGLMapBufferObjectAsync cudaGLRegisterBufferObject
            cudaGLSetBufferObjectMapFlags cudaGLUnmapBufferObject cudaGLUnmapBufferObjectAsync
            cudaGLUnregisterBufferObject
        """)
    },
    # External resources
    "cudaImportExternalMemory": Impl(
        "hipImportExternalMemory",
        E,
        _EXT_HOST + "the descriptor is the runtime's from then on, and closed when the object is "
        "destroyed; NvSciBuf: cudaErrorNotSupported",
    ),
    "cudaExternalMemoryGetMappedBuffer": Impl(
        "hipExternalMemoryGetMappedBuffer",
        note="host platform: a shared mapping of the file; free it with cudaFree",
    ),
    "cudaDestroyExternalMemory": Impl("hipDestroyExternalMemory"),
    "cudaImportExternalSemaphore": Impl("hipImportExternalSemaphore", E, _SEM),
    "cudaSignalExternalSemaphoresAsync": Impl("hipSignalExternalSemaphoresAsync", E, _SEM),
    "cudaWaitExternalSemaphoresAsync": Impl("hipWaitExternalSemaphoresAsync", E, _SEM),
    "cudaDestroyExternalSemaphore": Impl("hipDestroyExternalSemaphore"),
    # EGL (cuda_egl_interop.h)
    "cudaGraphicsEGLRegisterImage": Impl(
        "cu2amd/runtime_egl.h: hipGraphicsGLRegisterImage", E, _EGL_IMAGE
    ),
    "cudaGraphicsResourceGetMappedEglFrame": Impl(
        "cu2amd/runtime_egl.h: hipGraphicsSubResourceGetMappedArray",
        E,
        _EGL_FRAME + "; not an EGL image: cudaErrorUnknown",
    ),
    "cudaEventCreateFromEGLSync": Impl(
        "cu2amd/runtime_egl.h: hipStreamAddCallback, hipEventRecord", E, _EGL_SYNC
    ),
    **{"cuda" + n: Impl("", NA, _EGL_STREAM) for n in names(_EGL_STREAM_FUNCTIONS)},
    "cudaExternalMemoryGetMappedMipmappedArray": Impl(
        "",
        Status.UNSUPPORTED,
        "no honest layout: CUDA reads the levels in the layout the exporting API (Vulkan, "
        "Direct3D) gave the image, which neither CUDA's documentation nor an opaque file "
        "descriptor states; HIP 5.2 has no hipExternalMemoryGetMappedMipmappedArray",
    ),
}

# The driver API (cu2amd/driver_interop.h): the runtime's records, HIP's calls, the driver's errors.
_DHEADER = "cu2amd/driver_interop.h"
_DMAP = _MAP
_DCHECKS = (
    "; cu2amd checks CUDA's errors (duplicates: CUDA_ERROR_INVALID_HANDLE; already mapped: "
    "CUDA_ERROR_ALREADY_MAPPED; not mapped: CUDA_ERROR_NOT_MAPPED)"
)


def _driver_note(note: str) -> str:
    """A runtime note in the driver's words."""
    return note.replace("cudaErrorNotSupported", "CUDA_ERROR_NOT_SUPPORTED").replace(
        "cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd",
        "CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD",
    )


_DLEGACY = (
    "over the cuGraphics* functions, with a resource cu2amd keeps per registered buffer object "
    "(CUDA's deprecated API; shared with cudaGLRegisterBufferObject's)"
)
DRIVER: dict[str, Impl] = {
    # Graphics interoperability
    "cuGraphicsMapResources": Impl("hipGraphicsMapResources", note=_DMAP + _DCHECKS),
    "cuGraphicsUnmapResources": Impl("hipGraphicsUnmapResources", note=_DMAP + _DCHECKS),
    "cuGraphicsResourceGetMappedPointer": Impl(
        "hipGraphicsResourceGetMappedPointer",
        note="not mapped: CUDA_ERROR_NOT_MAPPED; an image: CUDA_ERROR_NOT_MAPPED_AS_POINTER",
    ),
    "cuGraphicsResourceSetMapFlags": Impl(_DHEADER, E, _FLAGS),
    "cuGraphicsSubResourceGetMappedArray": Impl(
        "hipGraphicsSubResourceGetMappedArray",
        E,
        _driver_note(_IMAGE)
        + "; not mapped: CUDA_ERROR_NOT_MAPPED; a buffer: CUDA_ERROR_NOT_MAPPED_AS_ARRAY",
    ),
    "cuGraphicsResourceGetMappedMipmappedArray": Impl(
        _DHEADER + ": hipGraphicsSubResourceGetMappedArray, hipMallocMipmappedArray",
        E,
        _driver_note(_MIPMAP)
        + "; not mapped: CUDA_ERROR_NOT_MAPPED; a buffer: CUDA_ERROR_NOT_MAPPED_AS_ARRAY",
    ),
    "cuExternalMemoryGetMappedMipmappedArray": Impl(
        "",
        Status.UNSUPPORTED,
        "no honest layout: CUDA reads the levels in the layout the exporting API (Vulkan, "
        "Direct3D) gave the image, which neither CUDA's documentation nor an opaque file "
        "descriptor states; HIP 5.2 has no hipExternalMemoryGetMappedMipmappedArray",
    ),
    "cuGraphicsUnregisterResource": Impl(
        "hipGraphicsUnregisterResource", note="a mapped resource is unmapped first"
    ),
    # OpenGL
    "cuGLGetDevices": Impl(
        "hipGLGetDevices",
        E,
        "host platform: device 0 (GL renders on the processor) when a GL context is current, "
        "else CUDA_ERROR_NO_DEVICE",
    ),
    "cuGraphicsGLRegisterBuffer": Impl(
        "hipGraphicsGLRegisterBuffer",
        note=_GL_HOST + "no current context: CUDA_ERROR_UNKNOWN; not a buffer: "
        "CUDA_ERROR_INVALID_VALUE",
    ),
    "cuGraphicsGLRegisterImage": Impl(
        "hipGraphicsGLRegisterImage",
        E,
        _driver_note(_IMAGE),
    ),
    "cuWGLGetDevice": Impl(
        "", NA, "Windows only (WGL is the Windows GL binding); no ROCm counterpart on Linux"
    ),
    "cuGLInit": Impl(_DHEADER, note="does nothing, as CUDA's (deprecated since CUDA 3.0)"),
    "cuGLCtxCreate": Impl(
        "hipCtxCreate",
        note="as cuCtxCreate: CUDA no longer associates a context with GL (deprecated)",
    ),
    **{
        n: Impl(_DHEADER, E, _DLEGACY)
        for n in names("""
            cuGLMapBufferObject cuGLMapBufferObjectAsync cuGLRegisterBufferObject
            cuGLSetBufferObjectMapFlags cuGLUnmapBufferObject cuGLUnmapBufferObjectAsync
            cuGLUnregisterBufferObject
        """)
    },
    # External resources
    "cuImportExternalMemory": Impl(
        "hipImportExternalMemory",
        E,
        _driver_note(_EXT_HOST)
        + "the descriptor is the driver's from then on, and closed when the object is destroyed; "
        "NvSciBuf: CUDA_ERROR_NOT_SUPPORTED",
    ),
    "cuExternalMemoryGetMappedBuffer": Impl(
        "hipExternalMemoryGetMappedBuffer",
        note="host platform: a shared mapping of the file; free it with cuMemFree",
    ),
    "cuDestroyExternalMemory": Impl("hipDestroyExternalMemory"),
    "cuImportExternalSemaphore": Impl(
        "hipImportExternalSemaphore",
        E,
        _driver_note(_SEM),
    ),
    "cuSignalExternalSemaphoresAsync": Impl(
        "hipSignalExternalSemaphoresAsync",
        E,
        _driver_note(_SEM),
    ),
    "cuWaitExternalSemaphoresAsync": Impl(
        "hipWaitExternalSemaphoresAsync",
        E,
        _driver_note(_SEM),
    ),
    "cuDestroyExternalSemaphore": Impl("hipDestroyExternalSemaphore"),
    # EGL (cudaEGL.h)
    "cuGraphicsEGLRegisterImage": Impl(
        "cu2amd/driver_egl.h: hipGraphicsGLRegisterImage",
        E,
        _EGL_IMAGE.replace("cudaErrorUnknown", "CUDA_ERROR_UNKNOWN"),
    ),
    "cuGraphicsResourceGetMappedEglFrame": Impl(
        "cu2amd/driver_egl.h: hipGraphicsSubResourceGetMappedArray",
        E,
        _EGL_FRAME.replace("cudaEglFrameTypeArray", "CU_EGL_FRAME_TYPE_ARRAY")
        + "; not an EGL image: CUDA_ERROR_NOT_MAPPED",
    ),
    "cuEventCreateFromEGLSync": Impl(
        "cu2amd/driver_egl.h: hipStreamAddCallback, hipEventRecord",
        E,
        _EGL_SYNC.replace("cudaErrorInvalidValue", "CUDA_ERROR_INVALID_VALUE").replace(
            "cudaEventRecord", "cuEventRecord"
        ),
    ),
    **{"cu" + n: Impl("", NA, _EGL_STREAM) for n in names(_EGL_STREAM_FUNCTIONS)},
}

# What cu2amd/driver_interop.h (and cuda.h's error list, for these functions' errors) declares:
# driver.py adds a row for each.
_CU = "cu2amd: CUDA's (cu2amd/driver_interop.h)"
DRIVER_TYPES: dict[str, tuple[Kind, str]] = {
    "CUgraphicsResource": (
        Kind.TYPE,
        "cu2amd: struct cudaGraphicsResource * (the runtime's cudaGraphicsResource_t)",
    ),
    "CUexternalMemory": (Kind.TYPE, "hipExternalMemory_t (the runtime's cudaExternalMemory_t)"),
    "CUexternalSemaphore": (
        Kind.TYPE,
        "hipExternalSemaphore_t (the runtime's cudaExternalSemaphore_t)",
    ),
    **{
        n: (Kind.TYPE, _CU)
        for n in names("""
            CUGLDeviceList CUGLmap_flags CUarray_cubemap_face CUexternalMemoryHandleType
            CUexternalSemaphoreHandleType CUgraphicsMapResourceFlags CUgraphicsRegisterFlags
        """)
    },
    **{
        n: (Kind.TYPE, "CUDA's layout, copied into HIP's")
        for n in names("""
            CUDA_EXTERNAL_MEMORY_BUFFER_DESC CUDA_EXTERNAL_MEMORY_BUFFER_DESC_st
            CUDA_EXTERNAL_MEMORY_HANDLE_DESC CUDA_EXTERNAL_MEMORY_HANDLE_DESC_st
            CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC_st
            CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS_st
            CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS_st
        """)
    },
    **{
        n: (Kind.ENUM, _CU)
        for n in names("""
            CUGLDeviceList_enum CUGLmap_flags_enum CUarray_cubemap_face_enum
            CUexternalMemoryHandleType_enum CUexternalSemaphoreHandleType_enum
            CUgraphicsMapResourceFlags_enum CUgraphicsRegisterFlags_enum
        """)
    },
    **{
        n: (Kind.ENUMERATOR, _CU)
        for n in names("""
            CU_CUBEMAP_FACE_NEGATIVE_X CU_CUBEMAP_FACE_NEGATIVE_Y CU_CUBEMAP_FACE_NEGATIVE_Z
            CU_CUBEMAP_FACE_POSITIVE_X CU_CUBEMAP_FACE_POSITIVE_Y CU_CUBEMAP_FACE_POSITIVE_Z
            CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE
            CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D11_RESOURCE_KMT
            CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_HEAP CU_EXTERNAL_MEMORY_HANDLE_TYPE_D3D12_RESOURCE
            CU_EXTERNAL_MEMORY_HANDLE_TYPE_NVSCIBUF CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD
            CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32
            CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_WIN32_KMT
            CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_FENCE
            CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX
            CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D11_KEYED_MUTEX_KMT
            CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_D3D12_FENCE
            CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_NVSCISYNC CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD
            CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32
            CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_WIN32_KMT
            CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD
            CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_WIN32
            CU_GL_DEVICE_LIST_ALL CU_GL_DEVICE_LIST_CURRENT_FRAME CU_GL_DEVICE_LIST_NEXT_FRAME
            CU_GL_MAP_RESOURCE_FLAGS_NONE CU_GL_MAP_RESOURCE_FLAGS_READ_ONLY
            CU_GL_MAP_RESOURCE_FLAGS_WRITE_DISCARD CU_GRAPHICS_MAP_RESOURCE_FLAGS_NONE
            CU_GRAPHICS_MAP_RESOURCE_FLAGS_READ_ONLY CU_GRAPHICS_MAP_RESOURCE_FLAGS_WRITE_DISCARD
            CU_GRAPHICS_REGISTER_FLAGS_NONE CU_GRAPHICS_REGISTER_FLAGS_READ_ONLY
            CU_GRAPHICS_REGISTER_FLAGS_SURFACE_LDST CU_GRAPHICS_REGISTER_FLAGS_TEXTURE_GATHER
            CU_GRAPHICS_REGISTER_FLAGS_WRITE_DISCARD
        """)
    },
    **{
        n: (Kind.ENUMERATOR, "cu2amd: CUDA's value (cuda.h; HIP's is the same)")
        for n in names("""
            CUDA_ERROR_ALREADY_MAPPED CUDA_ERROR_NOT_MAPPED CUDA_ERROR_NOT_MAPPED_AS_ARRAY
            CUDA_ERROR_NOT_MAPPED_AS_POINTER
        """)
    },
    # EGL (cu2amd/driver_egl.h, which cudaEGL.h includes)
    **{
        n: (Kind.TYPE, "cu2amd: CUDA's (cudaEGL.h)")
        for n in names("CUeglColorFormat CUeglFrame CUeglFrame_st CUeglFrame_v1 CUeglFrameType")
    },
    **{
        n: (Kind.ENUM, "cu2amd: CUDA's (cudaEGL.h)")
        for n in names("CUeglColorFormat_enum CUeglFrameType_enum")
    },
    **{
        n: (Kind.ENUMERATOR, "cu2amd: CUDA's value (cudaEGL.h)")
        for n in names("""
            CU_EGL_COLOR_FORMAT_A CU_EGL_COLOR_FORMAT_ABGR CU_EGL_COLOR_FORMAT_ARGB
            CU_EGL_COLOR_FORMAT_BGR CU_EGL_COLOR_FORMAT_BGRA CU_EGL_COLOR_FORMAT_L
            CU_EGL_COLOR_FORMAT_R CU_EGL_COLOR_FORMAT_RG CU_EGL_COLOR_FORMAT_RGB
            CU_EGL_COLOR_FORMAT_RGBA CU_EGL_COLOR_FORMAT_UYVY_422 CU_EGL_COLOR_FORMAT_YUV420_PLANAR
            CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR CU_EGL_COLOR_FORMAT_YUV422_PLANAR
            CU_EGL_COLOR_FORMAT_YUV422_SEMIPLANAR CU_EGL_COLOR_FORMAT_YUV444_PLANAR
            CU_EGL_COLOR_FORMAT_YUV444_SEMIPLANAR CU_EGL_COLOR_FORMAT_YUYV_422
            CU_EGL_FRAME_TYPE_ARRAY CU_EGL_FRAME_TYPE_PITCH
            CU_EGL_COLOR_FORMAT_AYUV CU_EGL_COLOR_FORMAT_YVU444_SEMIPLANAR
            CU_EGL_COLOR_FORMAT_YVU422_SEMIPLANAR CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR
            CU_EGL_COLOR_FORMAT_Y10V10U10_444_SEMIPLANAR
            CU_EGL_COLOR_FORMAT_Y10V10U10_420_SEMIPLANAR
            CU_EGL_COLOR_FORMAT_Y12V12U12_444_SEMIPLANAR
            CU_EGL_COLOR_FORMAT_Y12V12U12_420_SEMIPLANAR CU_EGL_COLOR_FORMAT_VYUY_ER
            CU_EGL_COLOR_FORMAT_UYVY_ER CU_EGL_COLOR_FORMAT_YUYV_ER
            CU_EGL_COLOR_FORMAT_YVYU_ER CU_EGL_COLOR_FORMAT_YUV_ER
            CU_EGL_COLOR_FORMAT_YUVA_ER CU_EGL_COLOR_FORMAT_AYUV_ER
            CU_EGL_COLOR_FORMAT_YUV444_PLANAR_ER CU_EGL_COLOR_FORMAT_YUV422_PLANAR_ER
            CU_EGL_COLOR_FORMAT_YUV420_PLANAR_ER
            CU_EGL_COLOR_FORMAT_YUV444_SEMIPLANAR_ER
            CU_EGL_COLOR_FORMAT_YUV422_SEMIPLANAR_ER
            CU_EGL_COLOR_FORMAT_YUV420_SEMIPLANAR_ER
            CU_EGL_COLOR_FORMAT_YVU444_PLANAR_ER CU_EGL_COLOR_FORMAT_YVU422_PLANAR_ER
            CU_EGL_COLOR_FORMAT_YVU420_PLANAR_ER
            CU_EGL_COLOR_FORMAT_YVU444_SEMIPLANAR_ER
            CU_EGL_COLOR_FORMAT_YVU422_SEMIPLANAR_ER
            CU_EGL_COLOR_FORMAT_YVU420_SEMIPLANAR_ER CU_EGL_COLOR_FORMAT_BAYER_RGGB
            CU_EGL_COLOR_FORMAT_BAYER_BGGR CU_EGL_COLOR_FORMAT_BAYER_GRBG
            CU_EGL_COLOR_FORMAT_BAYER_GBRG CU_EGL_COLOR_FORMAT_BAYER10_RGGB
            CU_EGL_COLOR_FORMAT_BAYER10_BGGR CU_EGL_COLOR_FORMAT_BAYER10_GRBG
            CU_EGL_COLOR_FORMAT_BAYER10_GBRG CU_EGL_COLOR_FORMAT_BAYER12_RGGB
            CU_EGL_COLOR_FORMAT_BAYER12_BGGR CU_EGL_COLOR_FORMAT_BAYER12_GRBG
            CU_EGL_COLOR_FORMAT_BAYER12_GBRG CU_EGL_COLOR_FORMAT_BAYER14_RGGB
            CU_EGL_COLOR_FORMAT_BAYER14_BGGR CU_EGL_COLOR_FORMAT_BAYER14_GRBG
            CU_EGL_COLOR_FORMAT_BAYER14_GBRG CU_EGL_COLOR_FORMAT_BAYER20_RGGB
            CU_EGL_COLOR_FORMAT_BAYER20_BGGR CU_EGL_COLOR_FORMAT_BAYER20_GRBG
            CU_EGL_COLOR_FORMAT_BAYER20_GBRG CU_EGL_COLOR_FORMAT_YVU444_PLANAR
            CU_EGL_COLOR_FORMAT_YVU422_PLANAR CU_EGL_COLOR_FORMAT_YVU420_PLANAR
            CU_EGL_COLOR_FORMAT_BAYER_ISP_RGGB CU_EGL_COLOR_FORMAT_BAYER_ISP_BGGR
            CU_EGL_COLOR_FORMAT_BAYER_ISP_GRBG CU_EGL_COLOR_FORMAT_BAYER_ISP_GBRG
        """)
    },
    "MAX_PLANES": (Kind.MACRO, "cu2amd: CUDA's (cudaEGL.h)"),
    **{
        n: (Kind.MACRO, _CU)
        for n in names("""
            CUDA_EXTERNAL_MEMORY_DEDICATED CUDA_EXTERNAL_SEMAPHORE_SIGNAL_SKIP_NVSCIBUF_MEMSYNC
            CUDA_EXTERNAL_SEMAPHORE_WAIT_SKIP_NVSCIBUF_MEMSYNC
        """)
    },
}
