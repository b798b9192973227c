"""The CUDA runtime API's device management, errors and versions (cuda_runtime_api.h,
cu2amd/runtime_device.h): a program that checks them builds with cu2amd-nvcc for the host
platform and runs, and builds and links for gfx942 against libamdhip64's ABI."""

from __future__ import annotations

from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

# The runtime functions this program calls and checks (tests/test_api_tables_run.py
# requires every supported runtime function to be called by some program).
CALLS = {
    "cudaChooseDevice", "cudaDeviceCanAccessPeer", "cudaDeviceDisablePeerAccess",
    "cudaDeviceEnablePeerAccess", "cudaDeviceGetAttribute", "cudaDeviceGetCacheConfig",
    "cudaDeviceGetLimit", "cudaDeviceGetSharedMemConfig", "cudaDeviceGetStreamPriorityRange",
    "cudaDeviceReset", "cudaDeviceSetCacheConfig", "cudaDeviceSetLimit",
    "cudaDeviceSetSharedMemConfig", "cudaDeviceSynchronize", "cudaDriverGetVersion",
    "cudaGetDevice", "cudaGetDeviceCount", "cudaGetDeviceFlags", "cudaGetDeviceProperties",
    "cudaGetErrorName", "cudaGetErrorString", "cudaGetLastError", "cudaMemGetInfo",
    "cudaPeekAtLastError", "cudaRuntimeGetVersion", "cudaSetDevice", "cudaSetDeviceFlags",
    "cudaThreadExit", "cudaThreadSynchronize", "cudaCtxResetPersistingL2Cache",
    "cudaDeviceGetByPCIBusId", "cudaDeviceGetP2PAttribute", "cudaDeviceGetPCIBusId",
    "cudaInitDevice", "cudaProfilerStart", "cudaProfilerStop", "cudaThreadGetCacheConfig",
    "cudaThreadGetLimit", "cudaThreadSetCacheConfig", "cudaThreadSetLimit",
}  # fmt: skip

PROGRAM = r"""
#include <cstdio>
#include <cstring>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

int main() {
    int count = 0, device = -1;
    OK(cudaGetDeviceCount(&count));
    EXPECT(count == 1);
    OK(cudaSetDevice(0));
    OK(cudaGetDevice(&device));
    EXPECT(device == 0);

    cudaDeviceProp p;
    memset(&p, 0xAB, sizeof p);
    OK(cudaGetDeviceProperties(&p, 0));
    EXPECT(strcmp(p.name, "cu2amd host platform (CPU)") == 0);
    EXPECT(p.warpSize == 32);
    EXPECT(p.major == 8 && p.minor == 6);  /* -arch=sm_86 */
    EXPECT(p.maxThreadsPerBlock == 1024 && p.maxThreadsDim[2] == 64 && p.maxGridSize[1] == 65535);
    EXPECT(p.sharedMemPerBlock == 48 * 1024 && p.sharedMemPerBlockOptin == 64 * 1024);
    EXPECT(p.sharedMemPerMultiprocessor == 64 * 1024 && p.multiProcessorCount == 1);
    EXPECT(p.totalGlobalMem > 0 && p.totalConstMem == 64 * 1024 && p.memPitch > 0);
    EXPECT(p.unifiedAddressing == 1 && p.managedMemory == 1 && p.canMapHostMemory == 1);
    EXPECT(p.clusterLaunch == 0 && p.memoryPoolsSupported == 0 && p.ipcEventSupported == 0);
    EXPECT(p.streamPrioritiesSupported == 0 && p.concurrentKernels == 0 && p.asyncEngineCount == 0);
    EXPECT(p.maxBlocksPerMultiProcessor == 32 && p.textureAlignment == 256);
    EXPECT(p.reserved[59] == 0 && p.uuid.bytes[0] == 0);
    CALL(cudaGetDeviceProperties(&p, 1), cudaErrorInvalidDevice);
    CALL(cudaGetLastError(), cudaErrorInvalidDevice);
    CALL(cudaGetDeviceProperties(nullptr, 0), cudaErrorInvalidValue);

    /* Every attribute agrees with the properties; CUDA's numbering. */
    int v = -1;
    struct { cudaDeviceAttr attr; int number; int expected; } attrs[] = {
        {cudaDevAttrMaxThreadsPerBlock, 1, p.maxThreadsPerBlock},
        {cudaDevAttrMaxBlockDimZ, 4, 64},
        {cudaDevAttrMaxSharedMemoryPerBlock, 8, 48 * 1024},
        {cudaDevAttrWarpSize, 10, 32},
        {cudaDevAttrMultiProcessorCount, 16, 1},
        {cudaDevAttrL2CacheSize, 38, p.l2CacheSize},
        {cudaDevAttrMaxThreadsPerMultiProcessor, 39, 1024},
        {cudaDevAttrUnifiedAddressing, 41, 1},
        {cudaDevAttrComputeCapabilityMajor, 75, 8},
        {cudaDevAttrComputeCapabilityMinor, 76, 6},
        {cudaDevAttrMaxSharedMemoryPerMultiprocessor, 81, 64 * 1024},
        {cudaDevAttrManagedMemory, 83, 1},
        {cudaDevAttrConcurrentManagedAccess, 89, 1},
        {cudaDevAttrMaxSharedMemoryPerBlockOptin, 97, 64 * 1024},
        {cudaDevAttrMaxBlocksPerMultiprocessor, 106, 32},
        {cudaDevAttrClusterLaunch, 120, 0},
        {cudaDevAttrMemSyncDomainCount, 126, 1},
    };
    for (auto &a : attrs) {
        EXPECT((int)a.attr == a.number);
        OK(cudaDeviceGetAttribute(&v, a.attr, 0));
        if (v != a.expected) { printf("FAILED attribute %d: %d, expected %d\n", a.number, v, a.expected); failures++; }
    }
    CALL(cudaDeviceGetAttribute(&v, (cudaDeviceAttr)44, 0), cudaErrorInvalidValue);
    CALL(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 3), cudaErrorInvalidDevice);

    cudaDeviceProp want;
    memset(&want, 0, sizeof want);
    want.major = 7;
    device = -1;
    OK(cudaChooseDevice(&device, &want));
    EXPECT(device == 0);

    /* Errors: peeked and kept until taken; CUDA's names and texts. */
    CALL(cudaGetLastError(), cudaErrorInvalidDevice); /* cudaDeviceGetAttribute's, above */
    OK(cudaGetLastError());
    CALL(cudaSetDevice(5), cudaErrorInvalidDevice);
    CALL(cudaPeekAtLastError(), cudaErrorInvalidDevice);
    CALL(cudaPeekAtLastError(), cudaErrorInvalidDevice);
    CALL(cudaGetLastError(), cudaErrorInvalidDevice);
    OK(cudaGetLastError());
    /* The last error is the most recent one, whether HIP found it or the header did. */
    CALL(cudaFree((void *)0x1234), cudaErrorInvalidDevicePointer); /* HIP's */
    CALL(cudaGetDeviceProperties(NULL, 0), cudaErrorInvalidValue);   /* the header's */
    CALL(cudaPeekAtLastError(), cudaErrorInvalidValue);
    CALL(cudaGetLastError(), cudaErrorInvalidValue);
    OK(cudaGetLastError());
    CALL(cudaGetDeviceProperties(NULL, 0), cudaErrorInvalidValue);
    CALL(cudaFree((void *)0x1234), cudaErrorInvalidDevicePointer);
    CALL(cudaGetLastError(), cudaErrorInvalidDevicePointer);
    OK(cudaGetLastError());
    EXPECT(strcmp(cudaGetErrorName(cudaErrorInvalidPitchValue), "cudaErrorInvalidPitchValue") == 0);
    EXPECT(strcmp(cudaGetErrorString(cudaErrorHostMemoryNotRegistered),
                  "pointer does not correspond to a registered memory region") == 0);
    EXPECT(strcmp(cudaGetErrorString((cudaError_t)12345), "unrecognized error code") == 0);

    /* Flags: CUDA's one scheduling policy at a time. */
    unsigned flags = 99;
    OK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));
    OK(cudaGetDeviceFlags(&flags));
    EXPECT(flags == (cudaDeviceScheduleBlockingSync | cudaDeviceMapHost));
    CALL(cudaSetDeviceFlags(cudaDeviceScheduleSpin | cudaDeviceScheduleYield), cudaErrorInvalidValue);
    CALL(cudaGetLastError(), cudaErrorInvalidValue);

    /* Limits: CUDA's defaults, kept values, CUDA's checks. */
    size_t limit = 0;
    OK(cudaDeviceGetLimit(&limit, cudaLimitStackSize));
    EXPECT(limit == 1024);
    OK(cudaDeviceGetLimit(&limit, cudaLimitPrintfFifoSize));
    EXPECT(limit == 1048576);
    OK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, (size_t)1 << 26));
    OK(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
    EXPECT(limit == (size_t)1 << 26);
    CALL(cudaDeviceSetLimit(cudaLimitMaxL2FetchGranularity, 100), cudaErrorInvalidValue);
    CALL(cudaDeviceGetLimit(&limit, (cudaLimit)99), cudaErrorUnsupportedLimit);
    /* Errors the headers find (no HIP call) are the last error too. */
    CALL(cudaPeekAtLastError(), cudaErrorUnsupportedLimit);
    CALL(cudaGetLastError(), cudaErrorUnsupportedLimit);
    OK(cudaGetLastError());

    size_t free_bytes = 0, total_bytes = 0;
    OK(cudaMemGetInfo(&free_bytes, &total_bytes));
    EXPECT(free_bytes > 0 && free_bytes <= total_bytes && total_bytes == p.totalGlobalMem);

    int driver = 0, runtime = 0;
    OK(cudaDriverGetVersion(&driver));
    OK(cudaRuntimeGetVersion(&runtime));
    EXPECT(driver == 12000 && runtime == 12000 && runtime == CUDART_VERSION);

    /* One device: no peer. */
    int can = -1;
    OK(cudaDeviceCanAccessPeer(&can, 0, 0));
    EXPECT(can == 0);
    CALL(cudaDeviceCanAccessPeer(&can, 0, 1), cudaErrorInvalidDevice);
    CALL(cudaDeviceEnablePeerAccess(1, 0), cudaErrorInvalidDevice);
    CALL(cudaDeviceDisablePeerAccess(1), cudaErrorInvalidDevice);
    CALL(cudaGetLastError(), cudaErrorInvalidDevice);

    /* Cache and bank configuration: kept, no effect. */
    cudaFuncCache cache = cudaFuncCachePreferNone;
    OK(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared));
    OK(cudaDeviceGetCacheConfig(&cache));
    EXPECT(cache == cudaFuncCachePreferShared);
    cudaSharedMemConfig bank = cudaSharedMemBankSizeDefault;
    OK(cudaDeviceSetSharedMemConfig(cudaSharedMemBankSizeEightByte));
    OK(cudaDeviceGetSharedMemConfig(&bank));
    EXPECT(bank == cudaSharedMemBankSizeEightByte);
    int least = 7, greatest = 7;
    OK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    EXPECT(least == 0 && greatest == 0);

    /* The deprecated thread-scoped names, PCI ids, initialisation, profiler, L2. */
    OK(cudaThreadSetLimit(cudaLimitStackSize, 2048));
    OK(cudaThreadGetLimit(&limit, cudaLimitStackSize));
    EXPECT(limit == 2048);
    OK(cudaDeviceGetLimit(&limit, cudaLimitStackSize));
    EXPECT(limit == 2048);
    OK(cudaThreadSetCacheConfig(cudaFuncCachePreferL1));
    OK(cudaThreadGetCacheConfig(&cache));
    EXPECT(cache == cudaFuncCachePreferL1);
    char bus[32] = {0};
    OK(cudaDeviceGetPCIBusId(bus, sizeof bus, 0));
    int by_bus = -1;
    OK(cudaDeviceGetByPCIBusId(&by_bus, bus));
    EXPECT(bus[0] != 0 && by_bus == 0);
    int p2p = -1;
    CALL(cudaDeviceGetP2PAttribute(&p2p, cudaDevP2PAttrAccessSupported, 0, 0), cudaErrorInvalidDevice);
    CALL(cudaDeviceGetP2PAttribute(&p2p, (cudaDeviceP2PAttr)0, 0, 0), cudaErrorInvalidValue);
    cudaGetLastError();
    OK(cudaInitDevice(0, cudaDeviceScheduleYield, cudaInitDeviceFlagsAreValid));
    OK(cudaGetDeviceFlags(&flags));
    EXPECT(flags == cudaDeviceScheduleYield);
    OK(cudaInitDevice(0, 0, 0));
    CALL(cudaInitDevice(1, 0, 0), cudaErrorInvalidDevice);
    CALL(cudaInitDevice(0, 0, 2), cudaErrorInvalidValue);
    OK(cudaProfilerStart());
    OK(cudaProfilerStop());
    OK(cudaCtxResetPersistingL2Cache());

    OK(cudaDeviceSynchronize());
    OK(cudaThreadSynchronize());
    int *before_reset = nullptr;
    OK(cudaMalloc(&before_reset, 64));
    OK(cudaDeviceReset()); /* frees the device's memory, resets its flags */
    OK(cudaGetDeviceFlags(&flags));
    EXPECT(flags == 0);
    EXPECT(cudaFree(before_reset) != cudaSuccess);
    cudaGetLastError();
    OK(cudaThreadExit());
    OK(cudaGetLastError());
    EXPECT(sizeof(cudaDeviceProp) == 1032); /* CUDA 12's layout */
    printf(failures ? "device: FAILED\n" : "device: PASSED\n");
    return failures != 0;
}
"""


# The program checks the compute capability -arch names (8.6).
ARCH = "sm_86"


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("runtime_api_device") / "device.cu"
    src.write_text(PROGRAM)
    return src


def test_program_runs_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run_on_host(source, tmp_path, "device", ARCH)


def test_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    """The same program compiles for an AMD GPU and, where libamdhip64 is installed, links
    against it (every HIP function the header calls exists with that name)."""
    undefined = link_for_gfx942(source, tmp_path, "device", ARCH)
    for name in ("hipGetDeviceProperties", "hipDeviceGetStreamPriorityRange", "hipMemGetInfo"):
        assert name in undefined
