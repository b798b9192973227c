"""CUDA 12's runtime error codes that cuda_runtime_api.h gained in session 15 (issue #7):
each enumerator has CUDA's value (driver_types.h), cudaGetErrorName its spelling and
cudaGetErrorString CUDA's text (one list, cu2amd/runtime_types.h). Code 500 is
cudaErrorSymbolNotFound (cudaErrorNotFound, HIP's name, stays as an alias). A program
checks every value at compile time and every name and text at run time on the host
platform, and builds for gfx942."""

from __future__ import annotations

from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

# value -> (enumerator, cudaGetErrorString text). CUDA's runtime texts; for the codes newer
# than the texts cu2amd could check (225, 226, 402, 721, 811, 812, 913-915), CUDA's
# documented description of the code, shortened.
NEW_ERRORS = {
    4: ("cudaErrorCudartUnloading", "driver shutting down"),
    5: ("cudaErrorProfilerDisabled", "profiler disabled while using external profiling tool"),
    6: (
        "cudaErrorProfilerNotInitialized",
        "profiler not initialized: call cudaProfilerInitialize()",
    ),
    7: ("cudaErrorProfilerAlreadyStarted", "profiler already started"),
    8: ("cudaErrorProfilerAlreadyStopped", "profiler already stopped"),
    18: ("cudaErrorInvalidTexture", "invalid texture reference"),
    19: ("cudaErrorInvalidTextureBinding", "texture is not bound to a pointer"),
    20: ("cudaErrorInvalidChannelDescriptor", "invalid channel descriptor"),
    22: ("cudaErrorAddressOfConstant", "invalid address of constant"),
    23: ("cudaErrorTextureFetchFailed", "fetch from texture failed"),
    24: ("cudaErrorTextureNotBound", "cannot fetch from a texture that is not bound"),
    25: ("cudaErrorSynchronizationError", "incorrect use of __syncthreads()"),
    26: ("cudaErrorInvalidFilterSetting", "linear filtering not supported for non-float type"),
    27: (
        "cudaErrorInvalidNormSetting",
        "read as normalized float not supported for 32-bit non float type",
    ),
    28: (
        "cudaErrorMixedDeviceExecution",
        "device emulation mode and device execution mode cannot be mixed",
    ),
    31: ("cudaErrorNotYetImplemented", "feature not yet implemented"),
    32: ("cudaErrorMemoryValueTooLarge", "memory size or pointer value too large to fit in 32 bit"),
    34: ("cudaErrorStubLibrary", "CUDA driver is a stub library"),
    35: (
        "cudaErrorInsufficientDriver",
        "CUDA driver version is insufficient for CUDA runtime version",
    ),
    36: (
        "cudaErrorCallRequiresNewerDriver",
        "API call is not supported in the installed CUDA driver",
    ),
    37: ("cudaErrorInvalidSurface", "invalid surface reference"),
    43: ("cudaErrorDuplicateVariableName", "duplicate global variable looked up by string name"),
    44: ("cudaErrorDuplicateTextureName", "duplicate texture looked up by string name"),
    45: ("cudaErrorDuplicateSurfaceName", "duplicate surface looked up by string name"),
    46: ("cudaErrorDevicesUnavailable", "CUDA-capable device(s) is/are busy or unavailable"),
    49: ("cudaErrorIncompatibleDriverContext", "incompatible driver context"),
    53: ("cudaErrorPriorLaunchFailure", "unspecified launch failure in prior launch"),
    65: ("cudaErrorLaunchMaxDepthExceeded", "launch would exceed maximum depth of nested launches"),
    66: (
        "cudaErrorLaunchFileScopedTex",
        "launch failed because kernel uses unsupported, file-scoped textures (texture "
        "objects are supported)",
    ),
    67: (
        "cudaErrorLaunchFileScopedSurf",
        "launch failed because kernel uses unsupported, file-scoped surfaces (surface "
        "objects are supported)",
    ),
    68: (
        "cudaErrorSyncDepthExceeded",
        "cudaDeviceSynchronize failed because caller's grid depth exceeds "
        "cudaLimitDevRuntimeSyncDepth",
    ),
    69: (
        "cudaErrorLaunchPendingCountExceeded",
        "launch failed because launch would exceed cudaLimitDevRuntimePendingLaunchCount",
    ),
    102: ("cudaErrorDeviceNotLicensed", "device doesn't have valid Grid license"),
    103: ("cudaErrorSoftwareValidityNotEstablished", "integrity checks failed"),
    127: ("cudaErrorStartupFailure", "startup failure in cuda runtime"),
    201: ("cudaErrorDeviceUninitialized", "invalid device context"),
    205: ("cudaErrorMapBufferObjectFailed", "mapping of buffer object failed"),
    206: ("cudaErrorUnmapBufferObjectFailed", "unmapping of buffer object failed"),
    207: ("cudaErrorArrayIsMapped", "array is mapped"),
    208: ("cudaErrorAlreadyMapped", "resource already mapped"),
    210: ("cudaErrorAlreadyAcquired", "resource already acquired"),
    211: ("cudaErrorNotMapped", "resource not mapped"),
    212: ("cudaErrorNotMappedAsArray", "resource not mapped as array"),
    213: ("cudaErrorNotMappedAsPointer", "resource not mapped as pointer"),
    214: ("cudaErrorECCUncorrectable", "uncorrectable ECC error encountered"),
    216: (
        "cudaErrorDeviceAlreadyInUse",
        "exclusive-thread device already in use by a different thread",
    ),
    219: ("cudaErrorInvalidGraphicsContext", "invalid OpenGL or DirectX context"),
    220: (
        "cudaErrorNvlinkUncorrectable",
        "uncorrectable NVLink error detected during the execution",
    ),
    222: (
        "cudaErrorUnsupportedPtxVersion",
        "the provided PTX was compiled with an unsupported toolchain.",
    ),
    223: ("cudaErrorJitCompilationDisabled", "PTX JIT compilation was disabled"),
    224: ("cudaErrorUnsupportedExecAffinity", "the provided execution affinity is not supported"),
    225: (
        "cudaErrorUnsupportedDevSideSync",
        "the PTX contains an unsupported call to cudaDeviceSynchronize",
    ),
    226: (
        "cudaErrorContained",
        "an exception occurred on the device that is now contained by the GPU's error "
        "containment capability",
    ),
    300: ("cudaErrorInvalidSource", "device kernel image is invalid"),
    302: ("cudaErrorSharedObjectSymbolNotFound", "shared object symbol not found"),
    303: ("cudaErrorSharedObjectInitFailed", "shared object initialization failed"),
    304: ("cudaErrorOperatingSystem", "OS call failed or operation not supported on this OS"),
    402: ("cudaErrorLossyQuery", "attempted introspection would be semantically lossy"),
    500: ("cudaErrorSymbolNotFound", "named symbol not found"),
    702: ("cudaErrorLaunchTimeout", "the launch timed out and was terminated"),
    703: ("cudaErrorLaunchIncompatibleTexturing", "launch uses incompatible texturing mode"),
    709: ("cudaErrorContextIsDestroyed", "context is destroyed"),
    711: ("cudaErrorTooManyPeers", "peer mapping resources exhausted"),
    714: ("cudaErrorHardwareStackError", "hardware stack error"),
    715: ("cudaErrorIllegalInstruction", "an illegal instruction was encountered"),
    716: ("cudaErrorMisalignedAddress", "misaligned address"),
    717: ("cudaErrorInvalidAddressSpace", "operation not supported on global/shared address space"),
    718: ("cudaErrorInvalidPc", "invalid program counter"),
    721: (
        "cudaErrorTensorMemoryLeak",
        "tensor memory was not completely deallocated on kernel exit",
    ),
    800: ("cudaErrorNotPermitted", "operation not permitted"),
    802: ("cudaErrorSystemNotReady", "system not yet initialized"),
    803: (
        "cudaErrorSystemDriverMismatch",
        "system has unsupported display driver / cuda driver combination",
    ),
    804: (
        "cudaErrorCompatNotSupportedOnDevice",
        "forward compatibility was attempted on non supported HW",
    ),
    805: (
        "cudaErrorMpsConnectionFailed",
        "MPS client failed to connect to the MPS control daemon or the MPS server",
    ),
    806: (
        "cudaErrorMpsRpcFailure",
        "the remote procedural call between the MPS server and the MPS client failed",
    ),
    807: (
        "cudaErrorMpsServerNotReady",
        "MPS server is not ready to accept new MPS client requests",
    ),
    808: (
        "cudaErrorMpsMaxClientsReached",
        "the hardware resources required to create MPS client have been exhausted",
    ),
    809: (
        "cudaErrorMpsMaxConnectionsReached",
        "the hardware resources required to support device connections have been exhausted",
    ),
    810: ("cudaErrorMpsClientTerminated", "the MPS client has been terminated by the server"),
    811: (
        "cudaErrorCdpNotSupported",
        "CUDA Dynamic Parallelism is not supported in the current configuration",
    ),
    812: (
        "cudaErrorCdpVersionMismatch",
        "unsupported interaction between different versions of CUDA Dynamic Parallelism",
    ),
    909: ("cudaErrorTimeout", "wait operation timed out"),
    911: (
        "cudaErrorExternalDevice",
        "an async error has occured in external entity outside of CUDA",
    ),
    912: (
        "cudaErrorInvalidClusterSize",
        "a kernel launch error has occurred due to cluster misconfiguration",
    ),
    913: ("cudaErrorFunctionNotLoaded", "the function handle is not loaded"),
    914: (
        "cudaErrorInvalidResourceType",
        "one or more resources passed in are not valid resource types for the operation",
    ),
    915: (
        "cudaErrorInvalidResourceConfiguration",
        "one or more resources are insufficient or non-applicable for the operation",
    ),
    10000: ("cudaErrorApiFailureBase", "api failure base"),
}  # fmt: skip


def _program() -> str:
    checks = "\n".join(
        f'    static_assert((int){name} == {value}, "{name}");\n'
        f'    check({name}, "{name}", "{text}");'
        for value, (name, text) in NEW_ERRORS.items()
    )
    return (
        r"""
#include <cstdio>
#include <cstring>

static int failures = 0;
static void check(cudaError_t e, const char *name, const char *text) {
    if (strcmp(cudaGetErrorName(e), name) != 0 || strcmp(cudaGetErrorString(e), text) != 0) {
        printf("FAILED %d: %s / %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
        failures++;
    }
}

int main() {
    static_assert(cudaErrorNotFound == cudaErrorSymbolNotFound, "HIP's name for 500");
"""
        + checks
        + r"""
    /* Codes CUDA does not define stay unrecognized (HIP's HSA-runtime codes among them). */
    const int unknown[] = {29, 30, 1052, 1053, 9999, 10001};
    for (int value : unknown)
        if (strcmp(cudaGetErrorName((cudaError_t)value), "unrecognized error code") != 0) {
            printf("FAILED %d: %s\n", value, cudaGetErrorName((cudaError_t)value));
            failures++;
        }
    /* What HIP returns becomes CUDA's code: the same number, HSA-runtime failures mapped. */
    if (__cu2amd_cuda_error(1052) != cudaErrorMemoryAllocation || __cu2amd_cuda_error(1053) != cudaErrorUnknown ||
        __cu2amd_cuda_error(709) != cudaErrorContextIsDestroyed || __cu2amd_cuda_error(0) != cudaSuccess) {
        printf("FAILED: HIP error translation\n");
        failures++;
    }
    printf(failures ? "errors: FAILED\n" : "errors: PASSED\n");
    return failures != 0;
}
"""
    )


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("runtime_s15_errors") / "errors.cu"
    src.write_text(_program())
    return src


def test_table_is_cudas_numbering() -> None:
    """No value twice, and the runtime's codes keep CUDA's ranges (a spot check of the
    table itself: a typo in a value would otherwise go unnoticed by the program)."""
    names = [name for name, _ in NEW_ERRORS.values()]
    assert len(set(names)) == len(names) == 88
    assert NEW_ERRORS[500][0] == "cudaErrorSymbolNotFound"
    assert NEW_ERRORS[10000][0] == "cudaErrorApiFailureBase"
    assert all(name.startswith("cudaError") for name in names)


def test_names_and_texts_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run_on_host(source, tmp_path, "errors")


def test_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    link_for_gfx942(source, tmp_path, "errors")
