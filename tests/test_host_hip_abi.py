"""The HIP C ABI subset of the host runtime, driven by a C program that calls it the way
clang's HIP-mode host code does (tests/data/host_c/hip_program.c)."""

import subprocess
import sys
from pathlib import Path

import clang.cindex as ci
import pytest

from cu2amd.amdgpu.toolchain import discover, host_cc
from cu2amd.runtime_shim.host.build import _defines, _source_dir
from cu2amd.runtime_shim.host.loader import runtime

DATA = Path(__file__).resolve().parent / "data"
PROGRAM = DATA / "host_c" / "hip_program.c"
KERNELS = DATA / "ptx" / "host" / "hip_kernels.ptx"

EXPECTED = """\
hipMalloc((void **)&dx, N * sizeof(float)) -> hipSuccess
hipMalloc((void **)&dy, N * sizeof(float)) -> hipSuccess
hipMemcpy(dx, hx, sizeof hx, hipMemcpyHostToDevice) -> hipSuccess
hipMemcpy(dy, hy, sizeof hy, hipMemcpyHostToDevice) -> hipSuccess
hipEventCreate(&start) -> hipSuccess
hipEventCreate(&stop) -> hipSuccess
hipEventRecord(start, NULL) -> hipSuccess
hipGetLastError() -> hipSuccess
hipEventRecord(stop, NULL) -> hipSuccess
hipEventElapsedTime(&ms, start, stop) -> hipSuccess
elapsed non-negative: 1
hipMemcpy(hy, dy, sizeof hy, hipMemcpyDeviceToHost) -> hipSuccess
saxpy results: ok
hipGetDeviceProperties(&prop, 0) -> hipSuccess
warpSize 32 maxThreadsPerBlock 1024 name cu2amd host platform (CPU)
hipGetDeviceProperties(&prop, 1) -> hipErrorInvalidDevice
hipFree((void *)hx) -> hipErrorInvalidDevicePointer
hipMemcpy(dy, dx, 4, (hipMemcpyKind)9) -> hipErrorInvalidMemcpyDirection
hipLaunchKernel((const void *)unregistered_stub, (dim3){1, 1, 1}, (dim3){1, 1, 1}, NULL, 0, NULL) -> hipErrorInvalidDeviceFunction
hipGetLastError() -> hipErrorInvalidDeviceFunction
hipGetLastError() -> hipSuccess
saxpy launch: hipErrorInvalidConfiguration
hipGetLastError() -> hipErrorInvalidConfiguration
hipGetLastError() -> hipErrorLaunchFailure
__hipPopCallConfiguration(&g, &b, &sh, &st) -> hipErrorMissingConfiguration
hipStreamCreate(&stream) -> hipSuccess
hipMemsetAsync(dx, 0, N * sizeof(float), stream) -> hipSuccess
hipStreamSynchronize(stream) -> hipSuccess
hipStreamDestroy(stream) -> hipSuccess
hipFree(dx) -> hipSuccess
hipFree(dy) -> hipSuccess
hipEventDestroy(start) -> hipSuccess
hipEventDestroy(stop) -> hipSuccess
done
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    tmp = tmp_path_factory.mktemp("hip")
    bundle = tmp / "kernels.hipfb"
    subprocess.run(
        [sys.executable, "-m", "cu2amd.translator.cli", "ptx", str(KERNELS),
         "--offload-arch=host", "-o", str(bundle)],
        check=True, capture_output=True,
    )  # fmt: skip
    lib = runtime().path
    exe = tmp / "hip_program"
    cmd = [
        *host_cc(), "-O1", *_defines(), "-I", str(_source_dir()), str(PROGRAM), "-o", str(exe),
        f"-L{lib.parent}", "-lcu2amd_host", f"-Wl,-rpath,{lib.parent}",
    ]  # fmt: skip
    subprocess.run(cmd, check=True, capture_output=True)
    return exe, bundle


def test_program_using_the_hip_abi(program: tuple[Path, Path]) -> None:
    exe, bundle = program
    proc = subprocess.run([str(exe), str(bundle)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == EXPECTED
    # Kernel failures are also explained on stderr, even when nobody checks the error.
    assert "kernel 'saxpy' failed: invalid launch: block (2048,1,1) has 2048 threads" in proc.stderr
    assert (
        "kernel 'deadlock' failed: deadlock in block (0,0,0): no thread can proceed" in proc.stderr
    )


def test_program_without_host_kernels_says_so(program: tuple[Path, Path], tmp_path: Path) -> None:
    exe, _ = program
    empty = tmp_path / "empty.bin"
    empty.write_bytes(b"__CLANG_OFFLOAD_BUNDLE__" + bytes(8))
    proc = subprocess.run([str(exe), str(empty)], capture_output=True, text=True, check=False)
    assert (
        "the program holds no kernels for the host platform (build it with --offload-arch=host)"
        in proc.stderr
    )
    assert "saxpy launch: hipErrorInvalidDeviceFunction" in proc.stdout


@pytest.mark.skipif(
    not Path("/usr/include/hip/hip_runtime_api.h").is_file(), reason="REQUIRES: libamdhip64-dev"
)
def test_device_properties_layout_matches_rocm(tmp_path: Path) -> None:
    """cu2amd_hip.h's hipDeviceProp_t has ROCm's field offsets (ROCm 5.2 headers)."""
    fields = ["name", "totalGlobalMem", "sharedMemPerBlock", "warpSize", "maxThreadsDim",
              "maxGridSize", "totalConstMem", "major", "minor", "multiProcessorCount",
              "clockInstructionRate", "arch", "maxSharedMemoryPerMultiProcessor", "gcnArchName",
              "integrated", "maxTexture3D", "hdpMemFlushCntl", "memPitch", "isLargeBar",
              "pageableMemoryAccessUsesHostPageTables"]  # fmt: skip
    ours = tmp_path / "ours.c"
    ours.write_text(
        '#include "cu2amd_hip.h"\n#include <stdio.h>\n#include <stddef.h>\nint main(void) {\n'
        '  printf("%zu\\n", sizeof(hipDeviceProp_t));\n'
        + "".join(f'  printf("%zu\\n", offsetof(hipDeviceProp_t, {f}));\n' for f in fields)
        + "  return 0;\n}\n"
    )
    theirs = tmp_path / "theirs.c"
    theirs.write_text(
        ours.read_text().replace('#include "cu2amd_hip.h"', "#include <hip/hip_runtime_api.h>")
    )
    outputs = []
    for src, flags in (
        (ours, ["-I", str(_source_dir()), *_defines()]),
        (theirs, ["-D__HIP_PLATFORM_AMD__", "-isystem", "/usr/include"]),
    ):
        exe = tmp_path / src.stem
        subprocess.run(
            [*host_cc(), *flags, str(src), "-o", str(exe)], check=True, capture_output=True
        )
        outputs.append(
            subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout
        )
    assert outputs[0] == outputs[1]


# What the runtime library exports, by user: pinned, so an export nobody calls (was:
# __cu2amd_wave_size, cu2amd_hip_last_message, the fiber functions) or a missing one is
# noticed.
EXPORTS = {
    # generated device code and the host flavour of the device runtime library
    "__cu2amd_assertfail", "__cu2amd_barrier", "__cu2amd_globaltimer", "__cu2amd_grid_id",
    "__cu2amd_is_space", "__cu2amd_lane_id", "__cu2amd_trap", "__cu2amd_vprintf",
    "__cu2amd_wave_active_mask", "__cu2amd_wave_ballot", "__cu2amd_wave_error",
    "__cu2amd_wave_readlane", "__cu2amd_grid_sync", "__cu2amd_grid_is_cooperative",
    "__cu2amd_host_cooperative_launch", "__cu2amd_yield", "__cu2amd_host_function_of",
    # clang's HIP-mode host code and the CUDA runtime shim (cuda_runtime_api.h)
    "__hipPopCallConfiguration", "__hipPushCallConfiguration", "__hipRegisterFatBinary",
    "__hipRegisterFunction", "__hipRegisterVar", "__hipRegisterManagedVar", "__cu2amd_host_sticky_error",
    "__hipUnregisterFatBinary", "hipDeviceReset",
    "hipDeviceSynchronize", "hipEventCreate", "hipEventDestroy", "hipEventElapsedTime",
    "hipEventRecord", "hipEventSynchronize", "hipFree", "hipGetDevice", "hipGetDeviceCount",
    "hipGetDeviceProperties", "hipGetErrorName", "hipGetErrorString", "hipGetLastError",
    "hipLaunchKernel", "hipMalloc", "hipMemcpy", "hipMemcpyAsync", "hipMemset", "hipMemsetAsync",
    "hipPeekAtLastError", "hipSetDevice", "hipStreamCreate", "hipStreamDestroy",
    "hipStreamSynchronize",
    "hipDeviceCanAccessPeer", "hipDeviceDisablePeerAccess", "hipDeviceEnablePeerAccess",
    "hipDeviceGetCacheConfig", "hipDeviceGetSharedMemConfig", "hipDeviceGetStreamPriorityRange",
    "hipDeviceSetCacheConfig", "hipDeviceSetSharedMemConfig", "hipEventCreateWithFlags",
    "hipEventQuery", "hipFuncGetAttributes", "hipFuncSetAttribute", "hipFuncSetCacheConfig",
    "hipFuncSetSharedMemConfig", "hipGetDeviceFlags", "hipGetSymbolAddress", "hipGetSymbolSize",
    "hipHostFree", "hipHostGetDevicePointer", "hipHostGetFlags", "hipHostMalloc",
    "hipHostRegister", "hipHostUnregister", "hipMallocManaged", "hipMallocPitch", "hipMemGetInfo",
    "hipMemcpy2D", "hipMemcpy2DAsync", "hipMemcpyFromSymbol", "hipMemcpyFromSymbolAsync",
    "hipMemcpyPeer", "hipMemcpyPeerAsync", "hipMemcpyToSymbol", "hipMemcpyToSymbolAsync",
    "hipMemset2D", "hipMemset2DAsync", "hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
    "hipPointerGetAttributes", "hipSetDeviceFlags", "hipStreamAddCallback",
    "hipStreamCreateWithFlags", "hipStreamCreateWithPriority", "hipStreamGetFlags",
    "hipStreamGetPriority", "hipStreamQuery", "hipStreamWaitEvent", "hipDeviceGetP2PAttribute",
    "hipFreeAsync", "hipMallocAsync", "hipMemAdvise", "hipMemPrefetchAsync",
    "hipStreamAttachMemAsync", "hipStreamIsCapturing", "hipRuntimeGetVersion",
    "hipLaunchCooperativeKernel", "hipKernelNameRef", "hipKernelNameRefByPtr",
    # the driver API's module functions (module.c), for cuda.h
    "hipCtxCreate", "hipCtxDestroy", "hipCtxGetCacheConfig", "hipCtxGetCurrent", "hipCtxGetDevice",
    "hipCtxGetFlags", "hipCtxGetSharedMemConfig", "hipCtxPopCurrent", "hipCtxPushCurrent",
    "hipCtxSetCacheConfig", "hipCtxSetCurrent", "hipCtxSetSharedMemConfig", "hipCtxSynchronize",
    "hipDeviceComputeCapability", "hipDeviceGet", "hipDeviceGetByPCIBusId", "hipDeviceGetName",
    "hipDeviceGetPCIBusId", "hipDeviceGetUuid", "hipDevicePrimaryCtxGetState",
    "hipDevicePrimaryCtxRelease", "hipDevicePrimaryCtxReset", "hipDevicePrimaryCtxRetain",
    "hipDevicePrimaryCtxSetFlags", "hipDeviceTotalMem", "hipFuncGetAttribute", "hipInit",
    "hipMemAllocPitch", "hipMemcpyDtoD", "hipMemcpyDtoDAsync", "hipMemcpyDtoH",
    "hipMemcpyDtoHAsync", "hipMemcpyHtoD", "hipMemcpyHtoDAsync", "hipMemsetD16",
    "hipMemsetD16Async", "hipMemsetD32", "hipMemsetD32Async", "hipMemsetD8", "hipMemsetD8Async",
    "hipModuleGetFunction", "hipModuleGetGlobal", "hipModuleLaunchKernel", "hipModuleLoad",
    "hipModuleLoadData", "hipModuleLoadDataEx",
    "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor",
    "hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
    "hipModuleOccupancyMaxPotentialBlockSize", "hipModuleOccupancyMaxPotentialBlockSizeWithFlags",
    "hipModuleUnload", "hipProfilerStart", "hipProfilerStop",
    # memory pools, IPC, stream memory operations, ranges, peer contexts (hip_extra.c ...)
    "hipCtxDisablePeerAccess", "hipCtxEnablePeerAccess", "hipDeviceGetDefaultMemPool",
    "hipDeviceGetMemPool", "hipDeviceSetMemPool", "hipIpcCloseMemHandle", "hipIpcGetEventHandle",
    "hipIpcGetMemHandle", "hipIpcOpenEventHandle", "hipIpcOpenMemHandle", "hipMallocFromPoolAsync",
    "hipMemGetAddressRange", "hipMemPoolCreate", "hipMemPoolDestroy", "hipMemPoolGetAccess",
    "hipMemPoolGetAttribute", "hipMemPoolSetAccess", "hipMemPoolSetAttribute", "hipMemPoolTrimTo",
    "hipMemRangeGetAttribute", "hipMemRangeGetAttributes", "hipStreamWaitValue32",
    "hipStreamWaitValue64", "hipStreamWriteValue32", "hipStreamWriteValue64",
    "hipMemAddressFree", "hipMemAddressReserve", "hipMemCreate", "hipMemExportToShareableHandle",
    "hipMemGetAccess", "hipMemGetAllocationGranularity", "hipMemGetAllocationPropertiesFromHandle",
    "hipMemImportFromShareableHandle", "hipMemMap", "hipMemRelease", "hipMemRetainAllocationHandle",
    "hipMemSetAccess", "hipMemUnmap",
    "hipMemPoolExportPointer", "hipMemPoolExportToShareableHandle",
    "hipMemPoolImportFromShareableHandle", "hipMemPoolImportPointer",
    # arrays, texture and surface objects (hip_texture.c); libamdhip64 5.2 has the surface
    # functions with C++ linkage
    "hipCreateTextureObject", "hipDestroyTextureObject", "hipFreeArray", "hipGetChannelDesc",
    "hipGetTextureObjectResourceDesc", "hipGetTextureObjectResourceViewDesc",
    "hipGetTextureObjectTextureDesc", "hipMalloc3DArray", "hipMallocArray", "hipMemcpy2DFromArray",
    "hipMemcpy2DFromArrayAsync", "hipMemcpy2DToArray", "hipMemcpy2DToArrayAsync", "hipMemcpy3D",
    "hipMemcpy3DAsync", "_Z22hipCreateSurfaceObjectPP13__hip_surfacePK15hipResourceDesc",
    "_Z23hipDestroySurfaceObjectP13__hip_surface",
    "hipMallocMipmappedArray", "hipFreeMipmappedArray", "hipGetMipmappedArrayLevel",
    # CUDA graphs and stream capture (hip_graph.c)
    "hipGraphAddChildGraphNode", "hipGraphAddDependencies", "hipGraphAddEmptyNode",
    "hipGraphAddEventRecordNode", "hipGraphAddEventWaitNode", "hipGraphAddHostNode",
    "hipGraphAddKernelNode", "hipGraphAddMemcpyNode", "hipGraphAddMemcpyNode1D",
    "hipGraphAddMemcpyNodeFromSymbol", "hipGraphAddMemcpyNodeToSymbol", "hipGraphAddMemsetNode",
    "hipGraphChildGraphNodeGetGraph", "hipGraphClone", "hipGraphCreate", "hipGraphDestroy",
    "hipGraphDestroyNode", "hipGraphEventRecordNodeGetEvent", "hipGraphEventRecordNodeSetEvent",
    "hipGraphEventWaitNodeGetEvent", "hipGraphEventWaitNodeSetEvent",
    "hipGraphExecChildGraphNodeSetParams", "hipGraphExecDestroy",
    "hipGraphExecEventRecordNodeSetEvent", "hipGraphExecEventWaitNodeSetEvent",
    "hipGraphExecHostNodeSetParams", "hipGraphExecKernelNodeSetParams",
    "hipGraphExecMemcpyNodeSetParams", "hipGraphExecMemcpyNodeSetParams1D",
    "hipGraphExecMemcpyNodeSetParamsFromSymbol", "hipGraphExecMemcpyNodeSetParamsToSymbol",
    "hipGraphExecMemsetNodeSetParams", "hipGraphExecUpdate", "hipGraphGetEdges",
    "hipGraphGetNodes", "hipGraphGetRootNodes", "hipGraphHostNodeGetParams",
    "hipGraphHostNodeSetParams", "hipGraphInstantiate", "hipGraphInstantiateWithFlags",
    "hipGraphKernelNodeGetParams", "hipGraphKernelNodeSetParams", "hipGraphLaunch",
    "hipGraphMemcpyNodeGetParams", "hipGraphMemcpyNodeSetParams", "hipGraphMemcpyNodeSetParams1D",
    "hipGraphMemcpyNodeSetParamsFromSymbol", "hipGraphMemcpyNodeSetParamsToSymbol",
    "hipGraphMemsetNodeGetParams", "hipGraphMemsetNodeSetParams", "hipGraphNodeFindInClone",
    "hipGraphNodeGetDependencies", "hipGraphNodeGetDependentNodes", "hipGraphNodeGetType",
    "hipGraphRemoveDependencies", "hipStreamBeginCapture", "hipStreamEndCapture",
    "hipStreamGetCaptureInfo", "hipStreamGetCaptureInfo_v2", "hipStreamUpdateCaptureDependencies",
    "hipThreadExchangeStreamCaptureMode",
    # graphics interop, external memory and semaphores (hip_interop.c)
    "hipDestroyExternalMemory", "hipDestroyExternalSemaphore", "hipExternalMemoryGetMappedBuffer",
    "hipGLGetDevices", "hipGraphicsGLRegisterBuffer", "hipGraphicsGLRegisterImage",
    "hipGraphicsMapResources", "hipGraphicsResourceGetMappedPointer",
    "hipGraphicsSubResourceGetMappedArray", "hipGraphicsUnmapResources",
    "hipGraphicsUnregisterResource", "hipImportExternalMemory", "hipImportExternalSemaphore",
    "hipSignalExternalSemaphoresAsync", "hipWaitExternalSemaphoresAsync",
    # cu2amd.host (loader.py)
    "cu2amd_rt_field_offset", "cu2amd_rt_launch", "cu2amd_rt_max_shared_bytes",
    "cu2amd_rt_version",
}  # fmt: skip


def test_runtime_exports() -> None:
    from elftools.elf.elffile import ELFFile

    with runtime().path.open("rb") as f:
        symbols = ELFFile(f).get_section_by_name(".dynsym").iter_symbols()
        exported = {
            s.name
            for s in symbols
            if s.name
            and s["st_shndx"] != "SHN_UNDEF"
            and s["st_info"]["bind"] in ("STB_GLOBAL", "STB_WEAK")
        }
    assert exported == EXPORTS


def test_allocation_failures_in_the_runtime_are_reported(
    program: tuple[Path, Path], tmp_path: Path
) -> None:
    """The runtime's calloc calls fail one by one (the program replaces calloc): each is
    an error on stderr and hipErrorOutOfMemory, not a crash (was: a NULL dereference)."""
    _, bundle = program
    lib = runtime().path
    exe = tmp_path / "out_of_memory"
    cmd = [
        *host_cc(), "-O1", *_defines(), "-I", str(_source_dir()), str(DATA / "host_c" / "out_of_memory.c"),
        "-o", str(exe), f"-L{lib.parent}", "-lcu2amd_host", f"-Wl,-rpath,{lib.parent}", "-ldl",
    ]  # fmt: skip
    subprocess.run(cmd, check=True, capture_output=True)
    proc = subprocess.run([str(exe), str(bundle)], capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (
        "register fat binary, calloc 1 fails: handle none, hipErrorOutOfMemory\n"
        "register fat binary, calloc 2 fails: handle empty, hipErrorOutOfMemory\n"
        "register fat binary, calloc 3 fails: handle empty, hipErrorOutOfMemory\n"
        "register function: hipErrorOutOfMemory\n"
        "launch it: hipErrorInvalidDeviceFunction\n"
        "launch, calloc fails: hipErrorLaunchOutOfResources\n"
        "launch: hipSuccess\n"
    )
    assert proc.stderr == (
        "cu2amd host runtime: out of memory registering the program's kernels\n"
        "cu2amd host runtime: out of memory loading the host module\n"
        "cu2amd host runtime: out of memory loading the host module\n"
        "cu2amd host runtime: out of memory registering a kernel\n"
        "cu2amd host runtime: kernel 'saxpy' failed: out of memory for a block of 1 threads\n"
    )


# The HIP C ABI is declared twice: by cuda_runtime_api.h, which CUDA programs include and
# which must work against ROCm's libamdhip64 and the host runtime alike, and by
# cu2amd_hip.h, which the host runtime implements (with HIP's own types). They are kept
# apart (the CUDA header cannot include the runtime's: different dim3, enums as int), so
# they are compared: every HIP function the CUDA header declares has the same ABI in both
# (and in ROCm's header where installed), and the device-properties buffer it passes is
# large enough, with hipDeviceProp_t's offsets.
INCLUDE = _source_dir().parent / "include"
ROCM_HEADER = Path("/usr/include/hip/hip_runtime_api.h")


def _parse(path: Path, args: list[str]) -> ci.TranslationUnit:
    tu = ci.Index.create().parse(
        str(path), args=[*args, "-isystem", str(discover().builtin_include_dir())]
    )
    errors = [str(d) for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    assert not errors, errors
    return tu


def _abi(t: ci.Type) -> str:
    """A type as the C calling convention sees it: integers and enums by size, any
    pointer as `ptr`, a struct by its fields' ABI and offsets."""
    t = t.get_canonical()
    if t.kind == ci.TypeKind.POINTER:
        return "ptr"
    if t.kind == ci.TypeKind.RECORD:
        fields = [f"{f.get_field_offsetof()}:{_abi(f.type)}" for f in t.get_fields()]
        return "{" + ",".join(fields) + "}"
    if t.kind in (ci.TypeKind.VOID, ci.TypeKind.FLOAT, ci.TypeKind.DOUBLE):
        return t.kind.name.lower()
    return f"i{t.get_size() * 8}"


def _functions(cursor: ci.Cursor) -> dict[str, str]:
    found = {}
    for c in cursor.walk_preorder():
        if c.kind == ci.CursorKind.FUNCTION_DECL and c.spelling.lstrip("_").startswith("hip"):
            args = ", ".join(_abi(a.type) for a in c.get_arguments())
            found[c.spelling] = f"{_abi(c.result_type)}({args})"
    return found


def _record(cursor: ci.Cursor, name: str) -> ci.Type:
    for c in cursor.walk_preorder():
        if c.kind in (ci.CursorKind.STRUCT_DECL, ci.CursorKind.TYPEDEF_DECL) and c.spelling == name:
            return c.type
    raise AssertionError(f"no {name}")


def test_the_two_declarations_of_the_hip_abi_agree() -> None:
    cuda = _parse(INCLUDE / "cuda_runtime_api.h",
                  ["-x", "hip", "--cuda-host-only", "-nogpuinc", "-nogpulib", "-std=c++17",
                   "-I", str(INCLUDE)])  # fmt: skip
    ours = _parse(
        _source_dir() / "cu2amd_hip.h", ["-x", "c", "-I", str(_source_dir()), *_defines()]
    )
    shim, runtime_abi = _functions(cuda.cursor), _functions(ours.cursor)
    assert {"hipMalloc", "hipLaunchKernel", "hipGetDeviceProperties"} <= shim.keys()
    assert {name: runtime_abi.get(name) for name in shim} == shim
    if ROCM_HEADER.is_file():
        rocm = _functions(
            _parse(
                ROCM_HEADER, ["-x", "c", "-D__HIP_PLATFORM_AMD__", "-isystem", "/usr/include"]
            ).cursor
        )
        assert {"hipMalloc", "hipLaunchKernel", "hipGetDeviceProperties"} <= rocm.keys()
        assert sorted(shim.keys() - rocm.keys()) == [], "HIP functions ROCm 5.2 does not declare"
        assert {n: rocm[n] for n in shim} == shim

    # HIP fills its structures into the CUDA header's buffers of the same layout.
    rocm_tu = (
        _parse(ROCM_HEADER, ["-x", "c", "-D__HIP_PLATFORM_AMD__", "-isystem", "/usr/include"])
        if ROCM_HEADER.is_file()
        else None
    )
    for buffer_name, hip_name in BUFFERS.items():
        buffer = _record(cuda.cursor, buffer_name)
        read = {f.spelling: f.get_field_offsetof() for f in buffer.get_canonical().get_fields()}
        read.pop("rest", None)
        for tu in (ours, rocm_tu):
            if tu is None:
                continue
            hip = _record(tu.cursor, hip_name)
            offsets = {f.spelling: f.get_field_offsetof() for f in hip.get_canonical().get_fields()}
            assert read == {name: offsets[name] for name in read}, hip_name
            assert buffer.get_size() >= hip.get_size(), hip_name


# The CUDA header's buffers for HIP's structures, and the HIP structure each holds.
BUFFERS = {
    "__cu2amd_hip_device_prop": "hipDeviceProp_t",
    "__cu2amd_hip_pointer_attributes": "hipPointerAttribute_t",
    "__cu2amd_hip_func_attributes": "hipFuncAttributes",
}
LIBAMDHIP64 = Path("/usr/lib/x86_64-linux-gnu/libamdhip64.so.5")


@pytest.mark.skipif(not LIBAMDHIP64.is_file(), reason="REQUIRES: libamdhip64 (ROCm 5.2)")
def test_libamdhip64_exports_every_hip_function_the_cuda_header_calls() -> None:
    """A program built for AMD links against libamdhip64: ROCm 5.2's exports every HIP
    function cuda_runtime_api.h declares (was: hipLaunchHostFunc, which 5.2 lacks)."""
    from elftools.elf.elffile import ELFFile

    cuda = _parse(INCLUDE / "cuda_runtime_api.h",
                  ["-x", "hip", "--cuda-host-only", "-nogpuinc", "-nogpulib", "-std=c++17",
                   "-I", str(INCLUDE)])  # fmt: skip
    called = {
        c.mangled_name or c.spelling
        for c in cuda.cursor.walk_preorder()
        if c.kind == ci.CursorKind.FUNCTION_DECL
        and c.linkage == ci.LinkageKind.EXTERNAL
        and c.location.file is not None
        and str(c.location.file).startswith(str(INCLUDE))
        and not c.is_definition()
        and c.availability != ci.AvailabilityKind.NOT_AVAILABLE  # never called: never imported
        and "weak" not in {t.spelling for t in c.get_tokens()}  # may stay undefined
    }
    assert {"hipMalloc", "__hipPushCallConfiguration", "hipMemcpyToSymbol"} <= called
    with LIBAMDHIP64.open("rb") as f:
        exported = {
            s.name
            for s in ELFFile(f).get_section_by_name(".dynsym").iter_symbols()
            if s["st_shndx"] != "SHN_UNDEF"
        }
    assert sorted(called - exported) == []
