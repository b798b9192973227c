"""CUDA C++ programs built by cu2amd-nvcc --offload-arch=host and run: features of the
host platform that only a whole program exercises (tests/data/cuda_host/*.cu)."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from test_runtime_s15_errors import NEW_ERRORS

from cu2amd import host

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "cuda_host"


def build(source: Path, out: Path, *flags: str) -> Path:
    exe = out / source.stem
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", "--offload-arch=host", *flags,
           "-o", str(exe), str(source)]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    return exe


def run(exe: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(exe)], capture_output=True, text=True, check=False, env={**os.environ, **env}
    )


@pytest.fixture(scope="module")
def dynamic_shared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build(DATA / "dynamic_shared.cu", tmp_path_factory.mktemp("dyn"))


@pytest.mark.parametrize("strict", ["0", "1"])
def test_extern_shared_arrays_are_the_dynamic_shared_memory(
    dynamic_shared: Path, strict: str
) -> None:
    proc = run(dynamic_shared, CU2AMD_STRICT=strict)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # file-scope, kernel and device-function declarations share one base; static apart
    assert proc.stdout == "launch: 0\nwrong: 0\naliases: 1 1 1 1 1\n"


SHARED_16K = """.version 8.0
.target sm_80
.address_size 64
.visible .entry fill()
{
	.shared .align 4 .b8 fixed[16384];
	ret;
}
"""


def test_one_shared_memory_limit_for_programs_and_the_python_api(tmp_path: Path) -> None:
    """CUDA's rule: static + dynamic shared memory of a block at most 48 KiB, checked by
    the runtime for a program's launches and cu2amd.host's alike, with one message."""
    exe = build(DATA / "shared_limit.cu", tmp_path)
    fits = subprocess.run([str(exe), "32768"], capture_output=True, text=True, check=False)
    assert (fits.stdout, fits.stderr) == ("cudaSuccess\n", "")
    over = subprocess.run([str(exe), "32769"], capture_output=True, text=True, check=False)
    assert over.stdout == "cudaErrorInvalidConfiguration\n"
    message = (
        "invalid launch: too much shared memory: 16384 static + 32769 dynamic bytes; "
        "at most 49152 in all"
    )
    assert over.stderr == f"cu2amd host runtime: kernel '_Z4fillPi' failed: {message}\n"

    mod = host.Module.from_ptx(SHARED_16K, "fill.ptx")
    mod.launch("fill", grid=1, block=1, shared_mem=32768)
    with pytest.raises(host.LaunchError) as err:
        mod.launch("fill", grid=1, block=1, shared_mem=32769)
    assert str(err.value) == message
    assert host.MAX_SHARED_BYTES == 48 * 1024


@pytest.mark.parametrize(
    ("flags", "sites"),
    [
        # without line tables: the barrier calls of a function, numbered
        ((), {"direct": ("__syncthreads() #1 in _Z10two_placesPi",
                         "__syncthreads() #2 in _Z10two_placesPi"),
              "inlined": ("__syncthreads() #1 in _Z11two_inlinedPi",
                          "__syncthreads() #2 in _Z11two_inlinedPi")}),
        (("-lineinfo",), {"direct": ("{cu}:11:9: __syncthreads()", "{cu}:14:9: __syncthreads()"),
                          "inlined": ("{cu}:18:48: __syncthreads() (inlined at {cu}:23:9)",
                                      "{cu}:18:48: __syncthreads() (inlined at {cu}:26:9)")}),
    ],
)  # fmt: skip
def test_strict_mode_reports_threads_at_different_syncthreads_calls(
    tmp_path: Path, flags: tuple[str, ...], sites: dict[str, tuple[str, str]]
) -> None:
    source = DATA / "divergent_barrier.cu"
    exe = build(source, tmp_path, *flags)
    kernels = {"direct": "_Z10two_placesPi", "inlined": "_Z11two_inlinedPi"}
    for which, (first, second) in sites.items():
        relaxed = subprocess.run([str(exe), which], capture_output=True, text=True, check=False)
        assert (relaxed.stdout, relaxed.stderr) == ("cudaSuccess\n", "")  # all threads arrive
        strict = subprocess.run(
            [str(exe), which], capture_output=True, text=True, check=False,
            env={**os.environ, "CU2AMD_STRICT": "1"},
        )  # fmt: skip
        assert strict.stdout == "cudaErrorLaunchFailure\n"
        assert strict.stderr == (
            f"cu2amd host runtime: kernel '{kernels[which]}' failed: strict: barrier 0 reached "
            f"at two places in block (0,0,0): thread (0,0,0) at {first.format(cu=source)}, "
            f"thread (2,0,0) at {second.format(cu=source)}\n"
        )


# CUDA's error codes: value -> (enumerator, cudaGetErrorString text), from CUDA's
# driver_types.h documentation and runtime.
CUDA_ERRORS = {
    0: ("cudaSuccess", "no error"),
    1: ("cudaErrorInvalidValue", "invalid argument"),
    2: ("cudaErrorMemoryAllocation", "out of memory"),
    3: ("cudaErrorInitializationError", "initialization error"),
    9: ("cudaErrorInvalidConfiguration", "invalid configuration argument"),
    12: ("cudaErrorInvalidPitchValue", "invalid pitch argument"),
    13: ("cudaErrorInvalidSymbol", "invalid device symbol"),
    16: ("cudaErrorInvalidHostPointer", "invalid host pointer"),
    17: ("cudaErrorInvalidDevicePointer", "invalid device pointer"),
    21: ("cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy"),
    52: ("cudaErrorMissingConfiguration", "__global__ function call is not configured"),
    98: ("cudaErrorInvalidDeviceFunction", "invalid device function"),
    100: ("cudaErrorNoDevice", "no CUDA-capable device is detected"),
    101: ("cudaErrorInvalidDevice", "invalid device ordinal"),
    200: ("cudaErrorInvalidKernelImage", "device kernel image is invalid"),
    209: ("cudaErrorNoKernelImageForDevice", "no kernel image is available for execution on the device"),
    215: ("cudaErrorUnsupportedLimit", "limit is not supported on this architecture"),
    217: ("cudaErrorPeerAccessUnsupported", "peer access is not supported between these two devices"),
    218: ("cudaErrorInvalidPtx", "a PTX JIT compilation failed"),
    221: ("cudaErrorJitCompilerNotFound", "PTX JIT compiler library not found"),
    301: ("cudaErrorFileNotFound", "file not found"),
    400: ("cudaErrorInvalidResourceHandle", "invalid resource handle"),
    401: ("cudaErrorIllegalState", "the operation cannot be performed in the present state"),
    500: ("cudaErrorNotFound", "named symbol not found"),
    600: ("cudaErrorNotReady", "device not ready"),
    700: ("cudaErrorIllegalAddress", "an illegal memory access was encountered"),
    701: ("cudaErrorLaunchOutOfResources", "too many resources requested for launch"),
    704: ("cudaErrorPeerAccessAlreadyEnabled", "peer access is already enabled"),
    705: ("cudaErrorPeerAccessNotEnabled", "peer access has not been enabled"),
    708: ("cudaErrorSetOnActiveProcess", "cannot set while device is active in this process"),
    710: ("cudaErrorAssert", "device-side assert triggered"),
    712: ("cudaErrorHostMemoryAlreadyRegistered", "part or all of the requested memory range is already mapped"),
    713: ("cudaErrorHostMemoryNotRegistered", "pointer does not correspond to a registered memory region"),
    719: ("cudaErrorLaunchFailure", "unspecified launch failure"),
    720: ("cudaErrorCooperativeLaunchTooLarge", "too many blocks in cooperative launch"),
    801: ("cudaErrorNotSupported", "operation not supported"),
    900: ("cudaErrorStreamCaptureUnsupported", "operation not permitted when stream is capturing"),
    901: ("cudaErrorStreamCaptureInvalidated", "operation failed due to a previous error during capture"),
    902: ("cudaErrorStreamCaptureMerge", "operation would result in a merge of separate capture sequences"),
    903: ("cudaErrorStreamCaptureUnmatched", "capture was not ended in the same stream as it began"),
    904: ("cudaErrorStreamCaptureUnjoined", "capturing stream has unjoined work"),
    905: ("cudaErrorStreamCaptureIsolation", "dependency created on uncaptured work in another stream"),
    906: ("cudaErrorStreamCaptureImplicit",
          "operation would make the legacy stream depend on a capturing blocking stream"),
    907: ("cudaErrorCapturedEvent", "operation not permitted on an event last recorded in a capturing stream"),
    908: ("cudaErrorStreamCaptureWrongThread",
          "attempt to terminate a thread-local capture sequence from another thread"),
    910: ("cudaErrorGraphExecUpdateFailure", "the graph update was not performed because it included changes "
          "which violated constraints specific to instantiated graph update"),
    999: ("cudaErrorUnknown", "unknown error"),
}  # fmt: skip
CUDA_ERRORS.update(NEW_ERRORS)  # the rest of CUDA 12's (500 is cudaErrorSymbolNotFound)
HEADER = ROOT / "runtime_shim" / "include" / "cu2amd" / "runtime_types.h"  # its error list


def test_error_names_and_strings_are_cudas(tmp_path: Path) -> None:
    """Every code cuda_runtime_api.h defines (in cu2amd/runtime_types.h) has its
    enumerator's spelling as its name and CUDA's text (was: HIP's names with the prefix
    swapped, "hipErrorUnknown" ...)."""
    defined = {
        int(value): name
        for name, value in re.findall(
            r'^\s*X\((cuda(?:Success|Error\w+)), (\d+), "', HEADER.read_text(), re.M
        )
    }
    assert defined, "no error codes found in the header"
    assert {v: CUDA_ERRORS[v][0] for v in defined} == defined  # CUDA's values and spellings
    proc = run(build(DATA / "error_names.cu", tmp_path))
    expected = [f"{v} {CUDA_ERRORS[v][0]}: {CUDA_ERRORS[v][1]}" for v in sorted(defined)]
    assert proc.stdout.splitlines() == [
        *expected,
        "-1: unrecognized error code / unrecognized error code",
        "30: unrecognized error code / unrecognized error code",
    ]


@pytest.mark.parametrize(
    ("variable", "value", "accepted"),
    [
        ("CU2AMD_WARP_SIZE", "16", "32 or 64"),
        ("CU2AMD_WARP_SIZE", "64x", "32 or 64"),
        ("CU2AMD_THREAD_ORDER", "backwards", "forward, reverse, random or random:SEED (SEED a decimal number)"),
        ("CU2AMD_THREAD_ORDER", "random:x1", "forward, reverse, random or random:SEED (SEED a decimal number)"),
        ("CU2AMD_THREAD_ORDER", "randomly", "forward, reverse, random or random:SEED (SEED a decimal number)"),
        ("CU2AMD_STRICT", "yes", "0 or 1"),
    ],
)  # fmt: skip
def test_invalid_launch_options_in_the_environment_are_errors(
    dynamic_shared: Path, variable: str, value: str, accepted: str
) -> None:
    proc = run(dynamic_shared, **{variable: value})
    assert proc.returncode != 0
    assert proc.stdout.startswith("launch: 1\n")  # cudaErrorInvalidValue; the kernel never ran
    assert proc.stderr == (
        "cu2amd host runtime: kernel '_Z14reverse_blocksPKfPfPi' not launched: "
        f"{variable}='{value}' is not valid: use {accepted}\n"
    )


@pytest.mark.parametrize(
    "env",
    [
        {"CU2AMD_WARP_SIZE": "64", "CU2AMD_THREAD_ORDER": "random:7", "CU2AMD_STRICT": "0"},
        {"CU2AMD_WARP_SIZE": "32", "CU2AMD_THREAD_ORDER": "reverse", "CU2AMD_STRICT": ""},
        {"CU2AMD_WARP_SIZE": "", "CU2AMD_THREAD_ORDER": "random", "CU2AMD_STRICT": "1"},
    ],
)
def test_valid_launch_options_in_the_environment(dynamic_shared: Path, env: dict[str, str]) -> None:
    proc = run(dynamic_shared, **env)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout == "launch: 0\nwrong: 0\naliases: 1 1 1 1 1\n"


def test_device_printf_length_modifiers_and_long_output(tmp_path: Path) -> None:
    """h/hh convert the promoted int as C does (was: ignored, so %hd of 70000 printed
    70000); a call's output is not cut at 512 bytes."""
    proc = run(build(DATA / "device_printf.cu", tmp_path))
    assert proc.returncode == 0, proc.stderr
    text = "".join(chr(ord("a") + i % 26) for i in range(2999))
    assert proc.stdout.split("\n") == [
        "4464 4464 -56 44 ffff ff 377 -1|  -56|300   |",
        "-5000000000 1099511627776 7 ok",
        f"[{text}] [{42:>700}]",
        "",
    ]
