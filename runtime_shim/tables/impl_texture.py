"""What cu2amd implements of arrays, texture and surface objects: the `Impl` of each function
(RUNTIME for the runtime API, DRIVER for the driver API) and of each type, enum or
enumerator (TYPES). runtime.py, driver.py and runtime_types.py take their rows' status from
here, as from their own IMPL. TYPE_SECTIONS are the rows runtime_types.py adds for the names
of this area that CUDA's type lists do not cover (enumerators, cudaArray)."""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, hip_name, names
from cu2amd.runtime_shim.tables.row import Kind, Status

E = Status.EMULATED
_HEADER = "cu2amd/runtime_texture.h"
_HOST = "host platform: host memory, sampled in software by the device functions"

_ENUMERATORS = """
    cudaAddressModeBorder cudaAddressModeClamp cudaAddressModeMirror cudaAddressModeWrap
    cudaBoundaryModeClamp cudaBoundaryModeTrap cudaBoundaryModeZero cudaChannelFormatKindFloat
    cudaChannelFormatKindNone cudaChannelFormatKindSigned cudaChannelFormatKindUnsigned
    cudaFilterModeLinear cudaFilterModePoint cudaReadModeElementType cudaReadModeNormalizedFloat
    cudaResViewFormatNone cudaResourceTypeArray cudaResourceTypeLinear
    cudaResourceTypeMipmappedArray cudaResourceTypePitch2D
"""
TYPE_SECTIONS = (
    (Kind.ENUMERATOR, "Data types used by CUDA Runtime: texture and surface enum values",
     " ".join(sorted(names(_ENUMERATORS)))),
    (Kind.TYPE, "Data types used by CUDA Runtime: CUDA arrays", "cudaArray"),
    (Kind.ENUM, "Data types used by CUDA Runtime: resource views", "cudaResourceViewFormat"),
    (Kind.TYPE, "Data types used by CUDA Runtime: mipmapped arrays",
     "cudaArrayMemoryRequirements cudaMipmappedArray_const_t"),
)  # fmt: skip

TYPES: dict[str, Impl] = {
    **{n: Impl("cu2amd: CUDA's value (HIP's)") for n in names(_ENUMERATORS)},
    **{
        n: Impl(hip_name(n))
        for n in names("""
            cudaArray_const_t cudaArray_t cudaChannelFormatDesc cudaChannelFormatKind
            cudaResourceType cudaResourceViewDesc cudaSurfaceBoundaryMode cudaTextureAddressMode
            cudaTextureFilterMode cudaTextureReadMode cudaArrayCubemap cudaArrayDefault
            cudaArrayLayered cudaArraySurfaceLoadStore cudaArrayTextureGather
        """)
    },
    "cudaArray": Impl("hipArray", note="HIP's array record (host platform: the same layout)"),
    "cudaResourceViewFormat": Impl(
        "hipResourceViewFormat",
        E,
        "only cudaResViewFormatNone is declared (resource views are not provided)",
    ),
    "cudaResourceDesc": Impl("hipResourceDesc", note="CUDA's layout (HIP's, and CUDA's flags)"),
    "cudaMipmappedArray_t": Impl(
        "hipMipmappedArray_t", note="HIP's record (host platform: the same layout, then its levels)"
    ),
    "cudaMipmappedArray_const_t": Impl("hipMipmappedArray_const_t"),
    "cudaArrayMemoryRequirements": Impl("cu2amd: CUDA's layout (cu2amd/runtime_texture.h)"),
    "cudaTextureDesc": Impl(
        "hipTextureDesc", note="CUDA's layout: HIP's, and two more fields HIP does not read"
    ),
    "cudaTextureObject_t": Impl("hipTextureObject_t", note="holds HIP's texture object pointer"),
    "cudaSurfaceObject_t": Impl("hipSurfaceObject_t", note="holds HIP's surface object pointer"),
}

_MIP = (
    "host platform: each level an array of its own (host memory); AMD: HIP's; numLevels clamped "
    "to [1, 1 + floor(log2(largest extent))] as CUDA does"
)
_DEFERRED = (
    "cudaArrayDeferredMapping is not provided (arrays are allocated when made), and CUDA answers "
    "an array made without it with cudaErrorInvalidValue: so does cu2amd, after CUDA's other "
    "checks (pointer, device, handle)"
)
RUNTIME: dict[str, Impl] = {
    "cudaMallocMipmappedArray": Impl("hipMallocMipmappedArray", note=_MIP),
    "cudaFreeMipmappedArray": Impl(
        "hipFreeMipmappedArray", note="NULL does nothing (as cudaFreeArray)"
    ),
    "cudaGetMipmappedArrayLevel": Impl(
        "hipGetMipmappedArrayLevel",
        note="the level's array, usable as any array (copies, cudaArrayGetInfo, texture objects)",
    ),
    "cudaArrayGetMemoryRequirements": Impl("cu2amd: cu2amd/runtime_texture.h", E, _DEFERRED),
    "cudaMipmappedArrayGetMemoryRequirements": Impl(
        "cu2amd: cu2amd/runtime_texture.h", E, _DEFERRED
    ),
    "cudaArrayGetPlane": Impl(
        "cu2amd: cu2amd/runtime_texture.h",
        E,
        "no multi-planar formats (NV12 ...) exist on cu2amd's targets, and for any other array "
        "CUDA's answer is cudaErrorInvalidValue: so is cu2amd's (after checking the handle)",
    ),
    "cudaCreateChannelDesc": Impl(
        _HEADER,
        note="also the template cudaCreateChannelDesc<T>() for the 8-, 16- and 32-bit "
        "integer and float scalars and their 1-, 2- and 4-vectors",
    ),
    "cudaDeviceGetTexture1DLinearMaxWidth": Impl(
        "cudaDeviceGetAttribute(cudaDevAttrMaxTexture1DLinearWidth)",
        E,
        "the device's limit (HIP's maxTexture1DLinear) whatever the element size",
    ),
    "cudaMallocArray": Impl("hipMallocArray", note=_HOST),
    "cudaMalloc3DArray": Impl(
        "hipMalloc3DArray",
        note="3D, layered (cudaArrayLayered) and cubemap (cudaArrayCubemap: square faces, 6 per "
        "layer) arrays",
    ),
    "cudaFreeArray": Impl("hipFreeArray"),
    "cudaGetChannelDesc": Impl("hipGetChannelDesc"),
    "cudaArrayGetInfo": Impl(
        "hipGetChannelDesc + HIP's array record",
        E,
        "libamdhip64 5.2 has no hipArrayGetInfo: the extent and flags are HIP's hipArray record's "
        "(width, height, depth, type); on AMD GPUs a 2D array's depth may read 1 where CUDA "
        "reports 0; the host platform reports CUDA's values",
    ),
    "cudaMemcpy2DToArray": Impl("hipMemcpy2DToArray"),
    "cudaMemcpy2DToArrayAsync": Impl("hipMemcpy2DToArrayAsync"),
    "cudaMemcpy2DFromArray": Impl("hipMemcpy2DFromArray"),
    "cudaMemcpy2DFromArrayAsync": Impl("hipMemcpy2DFromArrayAsync"),
    "cudaMemcpy2DArrayToArray": Impl(
        "hipMemcpy3D",
        note="one HIP 3D copy between the arrays (libamdhip64 5.2 has no hipMemcpy2DArrayToArray)",
    ),
    "cudaMemcpyToArray": Impl(
        "hipMemcpy2DToArray",
        note="deprecated in CUDA; up to three 2D copies (partial first "
        "row, whole rows, partial last row)",
    ),
    "cudaMemcpyArrayToArray": Impl(
        "hipMalloc + hipMemcpy2DFromArray + hipMemcpy2DToArray",
        E,
        "deprecated in CUDA; through a temporary device buffer of `count` bytes (the arrays' "
        "rows need not line up)",
    ),
    "cudaMemcpyToArrayAsync": Impl("hipMemcpy2DToArrayAsync", note="as cudaMemcpyToArray"),
    "cudaMemcpyFromArray": Impl("hipMemcpy2DFromArray", note="as cudaMemcpyToArray"),
    "cudaMemcpyFromArrayAsync": Impl("hipMemcpy2DFromArrayAsync", note="as cudaMemcpyToArray"),
    "cudaCreateTextureObject": Impl(
        "hipCreateTextureObject",
        note="array, mipmapped array, linear and pitch2D resources; host platform: mipmaps "
        "sampled in software with CUDA's level-of-detail rules (mipmapFilterMode, "
        "mipmapLevelBias, min/maxMipmapLevelClamp; tex*Lod's level, tex*Grad's gradients, level "
        "0 otherwise); resource views are not provided on the host platform "
        "(cudaErrorNotSupported)",
    ),
    "cudaDestroyTextureObject": Impl("hipDestroyTextureObject"),
    "cudaGetTextureObjectResourceDesc": Impl("hipGetTextureObjectResourceDesc"),
    "cudaGetTextureObjectResourceViewDesc": Impl("hipGetTextureObjectResourceViewDesc"),
    "cudaGetTextureObjectTextureDesc": Impl(
        "hipGetTextureObjectTextureDesc",
        note="disableTrilinearOptimization and seamlessCubemap, which HIP does not keep, read as 0",
    ),
    "cudaCreateSurfaceObject": Impl(
        "hipCreateSurfaceObject (C++ linkage in libamdhip64 5.2)",
        note="arrays made with cudaArraySurfaceLoadStore",
    ),
    "cudaGetSurfaceObjectResourceDesc": Impl(
        "cu2amd/runtime_texture.h",
        E,
        "libamdhip64 5.2 has no hipGetSurfaceObjectResourceDesc: the header keeps each live "
        "surface object's description (made with cudaCreateSurfaceObject) and returns it",
    ),
    "cudaDestroySurfaceObject": Impl("hipDestroySurfaceObject (C++ linkage in libamdhip64 5.2)"),
}
DRIVER: dict[str, Impl] = {
    "cuMipmappedArrayCreate": Impl("hipMallocMipmappedArray", note=_MIP),
    "cuMipmappedArrayDestroy": Impl("hipFreeMipmappedArray"),
    "cuMipmappedArrayGetLevel": Impl(
        "hipGetMipmappedArrayLevel",
        note="an unknown mipmapped array is CUDA_ERROR_INVALID_HANDLE, a level past the last "
        "CUDA_ERROR_INVALID_VALUE",
    ),
    **{
        name: Impl(
            "cu2amd: cu2amd/driver_texture.h",
            E,
            _DEFERRED.replace("cudaErrorInvalidValue", "CUDA_ERROR_INVALID_VALUE").replace(
                "cudaArrayDeferredMapping", "CUDA_ARRAY3D_DEFERRED_MAPPING"
            ),
        )
        for name in names("cuArrayGetMemoryRequirements cuMipmappedArrayGetMemoryRequirements")
    },
    "cuMemcpy3D": Impl(
        "hipMemcpy3D",
        note="copies with an array are HIP's 3D copy (positions and width in the array's "
        "elements, as CUDA); between pointers one cuMemcpy2D per slice; srcLOD/dstLOD must be 0 "
        "(mipmap levels are arrays: cuMipmappedArrayGetLevel)",
    ),
    "cuMemcpy3DAsync": Impl("hipMemcpy3DAsync", note="as cuMemcpy3D"),
    **{
        name: Impl(
            "hipMemcpy3D",
            note="as cuMemcpy3D; both contexts must be given (CUDA_ERROR_INVALID_CONTEXT), "
            "HIP copies between devices itself",
        )
        for name in names("cuMemcpy3DPeer cuMemcpy3DPeerAsync")
    },
    "cuMemcpy3DBatchAsync": Impl(
        "hipMemcpy3DAsync",
        E,
        "CUDA 12.8's signature; as cudaMemcpy3DBatchAsync (every operation checked first, "
        "failIdx, one cuMemcpy3DAsync each in order; DURING_API_CALL waits; hints and flags "
        "without effect)",
    ),
    "cuTexObjectGetResourceViewDesc": Impl(
        "hipGetTextureObjectResourceViewDesc",
        note="resource views are not made (cuTexObjectCreate: CUDA_ERROR_NOT_SUPPORTED), so "
        "the view reads as zeros",
    ),
    "cuSurfObjectGetResourceDesc": Impl(
        "cu2amd: cu2amd/driver_texture.h",
        E,
        "libamdhip64 5.2 cannot say: the description is remembered by cuda.h for surface objects "
        "cuSurfObjectCreate made (those of cudaCreateSurfaceObject: CUDA_ERROR_INVALID_VALUE)",
    ),
    "cuArrayGetPlane": Impl(
        "cu2amd: cu2amd/driver_texture.h",
        E,
        "no multi-planar formats (NV12 ...) on cu2amd's targets: CUDA's answer for any other "
        "array, CUDA_ERROR_INVALID_VALUE (after checking the handle)",
    ),
}

# Device functions (intrinsics.py's "Texture Functions" and "Surface Functions" rows).
_NO_IMAGES = (
    "gfx940/gfx941/gfx942/gfx950 have no image instructions: using it in code for them is a "
    "compile error naming it"
)
_TEX_AMD = "OCKL image functions over HIP's texture object (image_sample, image_load ...)"
DEVICE: dict[str, Impl] = {
    **{
        n: Impl(
            _TEX_AMD + "; host platform: software sampling (cu2amd/texture_device.h)",
            E,
            _NO_IMAGES + "; AMD GPUs: the texture unit's filtering (its weight precision may "
            "differ from CUDA's); host platform: CUDA's rules, 9-bit linear weights (integers read "
            "as integers are point-sampled, as CUDA filters only float results)",
        )
        for n in names("tex1D tex2D tex3D tex1DLayered tex2DLayered texCubemap texCubemapLayered")
    },
    "tex1Dfetch": Impl(
        "__ockl_image_load_1Db; host platform: the element (0 out of range)", E, _NO_IMAGES
    ),
    "tex2Dgather": Impl("__ockl_image_gather4{r,g,b,a}_2D; host platform: software", E, _NO_IMAGES),
    **{
        n: Impl(
            "__ockl_image_sample_lod/grad_*; host platform: software sampling",
            E,
            _NO_IMAGES + "; mipmapped textures are not provided, so the level and gradients "
            "select the only level on the host platform",
        )
        for n in names(
            "tex1DLod tex2DLod tex3DLod tex1DGrad tex2DGrad tex3DGrad tex1DLayeredLod "
            "tex2DLayeredLod tex1DLayeredGrad tex2DLayeredGrad texCubemapLod texCubemapLayeredLod"
        )
    },
    **{
        n: Impl(
            "__ockl_image_load_*/__ockl_image_store_*; host platform: the array's bytes",
            E,
            _NO_IMAGES + "; AMD GPUs: the byte offset x is divided by sizeof(T) (T the "
            "element's type) and out-of-range accesses are the image hardware's (reads 0, "
            "writes dropped) whatever the boundary mode; host platform: CUDA's boundary modes",
        )
        for n in names(
            "surf1Dread surf1Dwrite surf2Dread surf2Dwrite surf3Dread surf3Dwrite "
            "surf1DLayeredread surf1DLayeredwrite surf2DLayeredread surf2DLayeredwrite "
            "surfCubemapread surfCubemapwrite surfCubemapLayeredread surfCubemapLayeredwrite"
        )
    },
}

# The driver API (cu2amd/driver_texture.h), over the runtime functions above.
_DRV = "cu2amd/driver_texture.h over "
DRIVER.update(
    {
        "cuArrayCreate": Impl(_DRV + "cudaMallocArray (hipMallocArray)"),
        "cuDeviceGetTexture1DLinearMaxWidth": Impl(
            "hipGetDeviceProperties (maxTexture1DLinear)",
            E,
            "the device's limit whatever the format",
        ),
        "cuArray3DCreate": Impl(_DRV + "cudaMalloc3DArray (hipMalloc3DArray)"),
        "cuArrayDestroy": Impl("hipFreeArray"),
        "cuArrayGetDescriptor": Impl(
            _DRV + "cudaArrayGetInfo", E, "as cudaArrayGetInfo (HIP's array record)"
        ),
        "cuArray3DGetDescriptor": Impl(
            _DRV + "cudaArrayGetInfo", E, "as cudaArrayGetInfo (HIP's array record)"
        ),
        **{
            n: Impl(_DRV + "2D array copies", note="the offset in bytes, row after row")
            for n in names("cuMemcpyHtoA cuMemcpyHtoAAsync cuMemcpyAtoH cuMemcpyAtoHAsync")
        },
        **{
            n: Impl(_DRV + "2D array copies", note="the offset in bytes, row after row")
            for n in names("cuMemcpyAtoD cuMemcpyDtoA")
        },
        "cuMemcpyAtoA": Impl(
            _DRV + "2D array copies", E, "through a temporary device buffer of ByteCount bytes"
        ),
        "cuTexObjectCreate": Impl(
            _DRV + "cudaCreateTextureObject",
            note="8- and 16-bit integers read as normalized floats unless "
            "CU_TRSF_READ_AS_INTEGER, as CUDA's driver does; resource views are not provided "
            "(CUDA_ERROR_NOT_SUPPORTED)",
        ),
        "cuTexObjectDestroy": Impl(_DRV + "cudaDestroyTextureObject"),
        "cuTexObjectGetResourceDesc": Impl(_DRV + "cudaGetTextureObjectResourceDesc"),
        "cuTexObjectGetTextureDesc": Impl(_DRV + "cudaGetTextureObjectTextureDesc"),
        "cuSurfObjectCreate": Impl(_DRV + "cudaCreateSurfaceObject"),
        "cuSurfObjectDestroy": Impl(_DRV + "cudaDestroySurfaceObject"),
    }
)
_CU = "cu2amd: CUDA's layout and values (cu2amd/driver_texture.h)"
DRIVER_TYPES: dict[str, tuple[Kind, str]] = {
    **{
        n: (Kind.TYPE, _CU)
        for n in names("""
            CUDA_ARRAY3D_DESCRIPTOR CUDA_ARRAY3D_DESCRIPTOR_st CUDA_ARRAY_DESCRIPTOR
            CUDA_ARRAY_DESCRIPTOR_st CUDA_RESOURCE_DESC CUDA_RESOURCE_DESC_st CUDA_TEXTURE_DESC
            CUDA_TEXTURE_DESC_st CUaddress_mode CUarray_format CUfilter_mode CUresourcetype
        """)
    },
    "CUarray": (Kind.TYPE, "hipArray_t (a cudaArray_t)"),
    "CUarray_st": (Kind.TYPE, "hipArray"),
    "CUmipmappedArray": (Kind.TYPE, "hipMipmappedArray_t (a cudaMipmappedArray_t)"),
    "CUDA_ARRAY_MEMORY_REQUIREMENTS": (Kind.TYPE, _CU),
    **{
        n: (Kind.TYPE, _CU)
        for n in names("""
            CUDA_MEMCPY3D CUDA_MEMCPY3D_st CUDA_MEMCPY3D_PEER CUDA_MEMCPY3D_PEER_st CUoffset3D
            CUextent3D CUmemcpy3DOperandType CUmemcpy3DOperand CUDA_MEMCPY3D_BATCH_OP
            CUresourceViewFormat CUDA_RESOURCE_VIEW_DESC CUDA_RESOURCE_VIEW_DESC_st
        """)
    },
    **{
        n: (Kind.ENUMERATOR, _CU)
        for n in names("CU_MEMCPY_OPERAND_TYPE_{POINTER,ARRAY,MAX} CU_RES_VIEW_FORMAT_NONE")
    },
    "CUDA_ARRAY_MEMORY_REQUIREMENTS_st": (Kind.TYPE, _CU),
    "CUtexObject": (Kind.TYPE, "hipTextureObject_t (a cudaTextureObject_t)"),
    "CUsurfObject": (Kind.TYPE, "hipSurfaceObject_t (a cudaSurfaceObject_t)"),
    **{
        n: (Kind.ENUM, _CU)
        for n in names(
            "CUaddress_mode_enum CUarray_format_enum CUfilter_mode_enum CUresourcetype_enum"
        )
    },
    **{
        n: (Kind.ENUMERATOR, _CU)
        for n in names("""
            CU_AD_FORMAT_FLOAT CU_AD_FORMAT_HALF CU_AD_FORMAT_SIGNED_INT16
            CU_AD_FORMAT_SIGNED_INT32 CU_AD_FORMAT_SIGNED_INT8 CU_AD_FORMAT_UNSIGNED_INT16
            CU_AD_FORMAT_UNSIGNED_INT32 CU_AD_FORMAT_UNSIGNED_INT8 CU_RESOURCE_TYPE_ARRAY
            CU_RESOURCE_TYPE_LINEAR CU_RESOURCE_TYPE_MIPMAPPED_ARRAY CU_RESOURCE_TYPE_PITCH2D
            CU_TR_ADDRESS_MODE_BORDER CU_TR_ADDRESS_MODE_CLAMP CU_TR_ADDRESS_MODE_MIRROR
            CU_TR_ADDRESS_MODE_WRAP CU_TR_FILTER_MODE_LINEAR CU_TR_FILTER_MODE_POINT
        """)
    },
    **{
        n: (Kind.MACRO, _CU)
        for n in names("""
            CUDA_ARRAY3D_CUBEMAP CUDA_ARRAY3D_LAYERED CUDA_ARRAY3D_SURFACE_LDST
            CUDA_ARRAY3D_TEXTURE_GATHER
            CU_TRSF_NORMALIZED_COORDINATES CU_TRSF_READ_AS_INTEGER
        """)
    },
}
