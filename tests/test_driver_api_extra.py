"""The CUDA driver API's memory pools, IPC handles, managed memory hints and range queries,
stream attributes and ids, stream memory operations and peer access (cu2amd/driver_extra.h,
runtime_shim/host/hip_extra.c, hip_stream.c): a program that checks them builds with
cu2amd-nvcc for the host platform and runs, and builds and links for gfx942; a plain C file
using them compiles warning-free with the host compiler."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

from cu2amd.runtime_shim.headers import include_dir

PROGRAM = r"""
#include <cuda.h>
#include <cstdio>
#include <cstring>
#include <thread>
#include <chrono>
#include <sys/wait.h>
#include <unistd.h>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { CUresult e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %d, expected %s\n", __LINE__, #call, (int)e_, #expected); failures++; } } while (0)
#define OK(call) CALL(call, CUDA_SUCCESS)

static cuuint64_t attr(CUmemoryPool pool, CUmemPool_attribute a) {
    cuuint64_t v = 12345;
    OK(cuMemPoolGetAttribute(pool, a, &v));
    return v;
}

int main() {
    CUdevice dev;
    CUcontext ctx;
    OK(cuInit(0));
    OK(cuDeviceGet(&dev, 0));
    OK(cuCtxCreate(&ctx, 0, dev));
    CUstream s;
    OK(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));

    /* Pools. */
    CUmemoryPool def, cur, pool;
    OK(cuDeviceGetDefaultMemPool(&def, dev));
    OK(cuDeviceGetMemPool(&cur, dev));
    EXPECT(def == cur);
    CUmemPoolProps props;
    memset(&props, 0, sizeof props);
    props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
    props.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    props.location.id = dev;
    OK(cuMemPoolCreate(&pool, &props));
    cuuint64_t threshold = 1 << 20;
    OK(cuMemPoolSetAttribute(pool, CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &threshold));
    CUdeviceptr a = 0, b = 0;
    OK(cuMemAllocFromPoolAsync(&a, 512, pool, s));
    OK(cuMemsetD8Async(a, 0x5a, 512, s));
    unsigned char bytes[512];
    OK(cuMemcpyDtoHAsync(bytes, a, sizeof bytes, s));
    OK(cuStreamSynchronize(s));
    EXPECT(bytes[0] == 0x5a && bytes[511] == 0x5a);
    EXPECT(attr(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT) == 512);
    OK(cuMemFreeAsync(a, s));
    EXPECT(attr(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT) == 0);
    EXPECT(attr(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT) == 512);
    OK(cuMemPoolTrimTo(pool, 0));
    EXPECT(attr(pool, CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT) == 0);
    CUmemAccessDesc desc = {{CU_MEM_LOCATION_TYPE_DEVICE, 0}, CU_MEM_ACCESS_FLAGS_PROT_READWRITE};
    OK(cuMemPoolSetAccess(pool, &desc, 1));
    CUmemAccess_flags flags = CU_MEM_ACCESS_FLAGS_PROT_NONE;
    OK(cuMemPoolGetAccess(&flags, pool, &desc.location));
    EXPECT(flags == CU_MEM_ACCESS_FLAGS_PROT_READWRITE);
    OK(cuDeviceSetMemPool(dev, pool));
    OK(cuMemAllocAsync(&b, 64, s));
    EXPECT(attr(pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT) == 64);
    CUdeviceptr base = 0;
    size_t size = 0;
    OK(cuMemGetAddressRange(&base, &size, b + 10));
    EXPECT(base == b && size == 64);
    OK(cuMemFreeAsync(b, s));
    OK(cuDeviceSetMemPool(dev, def));
    OK(cuMemPoolDestroy(pool));
    /* A shareable pool, imported back (as another process would) with a block of it. */
    props.handleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    CUmemoryPool shared_pool, imported_pool;
    OK(cuMemPoolCreate(&shared_pool, &props));
    CUdeviceptr block = 0, mapped = 0;
    OK(cuMemAllocFromPoolAsync(&block, 8192, shared_pool, s));
    OK(cuMemsetD32(block, 77, 2048));
    int pool_fd = -1;
    OK(cuMemPoolExportToShareableHandle(&pool_fd, shared_pool, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
    CUmemPoolPtrExportData share;
    OK(cuMemPoolExportPointer(&share, block));
    OK(cuMemPoolImportFromShareableHandle(&imported_pool, (void *)(intptr_t)pool_fd, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
    OK(cuMemPoolImportPointer(&mapped, imported_pool, &share));
    unsigned int seen = 0;
    OK(cuMemcpyDtoH(&seen, mapped + 4096, 4));
    EXPECT(mapped != block && seen == 77);
    OK(cuMemFree(mapped));
    OK(cuMemPoolDestroy(imported_pool));
    close(pool_fd);
    OK(cuMemFreeAsync(block, s));
    OK(cuMemPoolDestroy(shared_pool));
    CALL(cuMemPoolExportToShareableHandle(&pool_fd, def, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0), CUDA_ERROR_NOT_SUPPORTED);
    CALL(cuMemPoolDestroy(def), CUDA_ERROR_INVALID_VALUE);

    /* IPC. */
    CUdeviceptr d = 0, opened = 0;
    OK(cuMemAlloc(&d, 256));
    CUipcMemHandle mh;
    OK(cuIpcGetMemHandle(&mh, d));
    OK(cuIpcOpenMemHandle(&opened, mh, CU_IPC_MEM_LAZY_ENABLE_PEER_ACCESS));
    EXPECT(opened == d);
    OK(cuIpcCloseMemHandle(opened));
    CUevent ev, ev2;
    OK(cuEventCreate(&ev, CU_EVENT_INTERPROCESS | CU_EVENT_DISABLE_TIMING));
    CUipcEventHandle eh;
    OK(cuIpcGetEventHandle(&eh, ev));
    OK(cuIpcOpenEventHandle(&ev2, eh));
    OK(cuEventQuery(ev2));
    OK(cuEventDestroy(ev2));
    OK(cuEventDestroy(ev));

    /* Stream memory operations: writes, a satisfied wait, a wait another thread satisfies. */
    OK(cuMemsetD32(d, 0, 64));
    OK(cuStreamWriteValue32(s, d, 41, CU_STREAM_WRITE_VALUE_DEFAULT));
    OK(cuStreamWriteValue64(s, d + 8, 0x100000000ull, CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER));
    OK(cuStreamWaitValue32(s, d, 40, CU_STREAM_WAIT_VALUE_GEQ));
    OK(cuStreamWaitValue64(s, d + 8, 0x100000000ull, CU_STREAM_WAIT_VALUE_AND));
    unsigned int *flag = (unsigned int *)(uintptr_t)(d + 16);
    std::thread writer([flag] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        __atomic_store_n(flag, 7u, __ATOMIC_RELEASE);
    });
    OK(cuStreamWaitValue32(s, d + 16, 7, CU_STREAM_WAIT_VALUE_EQ));
    writer.join();
    CUstreamBatchMemOpParams ops[3];
    memset(ops, 0, sizeof ops);
    ops[0].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
    ops[0].writeValue.address = d + 20;
    ops[0].writeValue.value = 9;
    ops[1].memoryBarrier.operation = CU_STREAM_MEM_OP_BARRIER;
    ops[2].waitValue.operation = CU_STREAM_MEM_OP_WAIT_VALUE_32;
    ops[2].waitValue.address = d + 20;
    ops[2].waitValue.value = 0;
    ops[2].waitValue.flags = CU_STREAM_WAIT_VALUE_NOR;
    OK(cuStreamBatchMemOp(s, 3, ops, 0));
    unsigned int words[6];
    OK(cuMemcpyDtoH(words, d, sizeof words));
    EXPECT(words[0] == 41 && words[2] == 0 && words[3] == 1 && words[4] == 7 && words[5] == 9);
    /* NOR of 32 bits: ~(0xFFFF0000 | 0x0000FFFF) is 0 in 32 bits, so the wait lasts until
     * another thread clears a bit. */
    OK(cuStreamWriteValue32(s, d + 24, 0xFFFF0000u, 0));
    unsigned int *nor = (unsigned int *)(uintptr_t)(d + 24);
    std::thread clearer([nor] {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        __atomic_store_n(nor, 0xFFFE0000u, __ATOMIC_RELEASE);
    });
    auto before = std::chrono::steady_clock::now();
    OK(cuStreamWaitValue32(s, d + 24, 0x0000FFFFu, CU_STREAM_WAIT_VALUE_NOR));
    EXPECT(std::chrono::steady_clock::now() - before >= std::chrono::milliseconds(50));
    clearer.join();
        CALL(cuStreamWaitValue32(s, d, 1, CU_STREAM_WAIT_VALUE_FLUSH), CUDA_ERROR_NOT_SUPPORTED);
    CALL(cuStreamWriteValue32(s, d, 1, 2), CUDA_ERROR_INVALID_VALUE);
    OK(cuMemFree(d));

    /* Managed memory hints and ranges. */
    CUdeviceptr m = 0;
    OK(cuMemAllocManaged(&m, 8192, CU_MEM_ATTACH_GLOBAL));
    OK(cuMemAdvise(m, 4096, CU_MEM_ADVISE_SET_READ_MOSTLY, dev));
    int v = -1;
    OK(cuMemRangeGetAttribute(&v, 4, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY, m, 4096));
    EXPECT(v == 1);
    CUmemLocation host = {CU_MEM_LOCATION_TYPE_HOST, 0};
    OK(cuMemPrefetchAsync_v2(m, 8192, host, 0, s));
    OK(cuMemAdvise_v2(m, 8192, CU_MEM_ADVISE_SET_PREFERRED_LOCATION, host));
    int where = 5, mostly = 5;
    void *data[2] = {&where, &mostly};
    size_t sizes[2] = {4, 4};
    CUmem_range_attribute which[2] = {CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, CU_MEM_RANGE_ATTRIBUTE_READ_MOSTLY};
    OK(cuMemRangeGetAttributes(data, sizes, which, 2, m, 8192));
    EXPECT(where == CU_DEVICE_CPU && mostly == 0);
    OK(cuMemPrefetchAsync(m, 8192, dev, s));
    OK(cuMemRangeGetAttribute(&where, 4, CU_MEM_RANGE_ATTRIBUTE_LAST_PREFETCH_LOCATION, m, 8192));
    EXPECT(where == 0);
    OK(cuMemRangeGetAttribute(&where, 4, CU_MEM_RANGE_ATTRIBUTE_PREFERRED_LOCATION, m, 8192));
    EXPECT(where == CU_DEVICE_CPU);
    OK(cuStreamAttachMemAsync(s, m, 0, CU_MEM_ATTACH_SINGLE));
    OK(cuMemFree(m));

    /* Stream attributes and ids. */
    CUstream t;
    OK(cuStreamCreate(&t, 0));
    CUstreamAttrValue val, got;
    memset(&val, 0, sizeof val);
    val.syncPolicy = CU_SYNC_POLICY_BLOCKING_SYNC;
    OK(cuStreamSetAttribute(s, CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY, &val));
    OK(cuStreamCopyAttributes(t, s));
    OK(cuStreamGetAttribute(t, CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY, &got));
    EXPECT(got.syncPolicy == CU_SYNC_POLICY_BLOCKING_SYNC);
    OK(cuStreamGetAttribute(t, CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW, &got));
    EXPECT(got.accessPolicyWindow.base_ptr == NULL && got.accessPolicyWindow.num_bytes == 0);
    unsigned long long is = 0, it = 0;
    OK(cuStreamGetId(s, &is));
    OK(cuStreamGetId(t, &it));
    EXPECT(is != 0 && it != 0 && is != it);
    CUcontext sc = NULL;
    CUgreenCtx green = (CUgreenCtx)1;
    OK(cuStreamGetCtx_v2(t, &sc, &green));
    EXPECT(sc == ctx && green == NULL);
    unsigned long long ic = 0, ic2 = 0;
    OK(cuCtxGetId(ctx, &ic));
    OK(cuCtxGetId(NULL, &ic2));
    EXPECT(ic != 0 && ic == ic2 && ic != is && ic != it);
    CUdevice sd = -1;
    OK(cuStreamGetDevice(t, &sd));
    EXPECT(sd == dev);
    CUevent e0, e1;
    OK(cuEventCreate(&e0, 0));
    OK(cuEventCreate(&e1, 0));
    OK(cuEventRecord(e0, t));
    OK(cuEventRecord(e1, t));
    float ms = -1;
    OK(cuEventElapsedTime_v2(&ms, e0, e1));
    EXPECT(ms >= 0.0f);
    OK(cuEventDestroy(e0));
    OK(cuEventDestroy(e1));
    OK(cuStreamDestroy(t));

    /* Virtual memory: an allocation mapped twice (aliases), its access, and a second
     * process that imports it and writes to it. */
    CUmemAllocationProp prop;
    memset(&prop, 0, sizeof prop);
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = dev;
    prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    size_t gran = 0, rec = 0;
    OK(cuMemGetAllocationGranularity(&gran, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
    OK(cuMemGetAllocationGranularity(&rec, &prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED));
    EXPECT(gran > 0 && rec >= gran && rec % gran == 0);
    CUmemGenericAllocationHandle h = 0, h2 = 0, r = 0;
    OK(cuMemCreate(&h, 2 * gran, &prop, 0));
    CALL(cuMemCreate(&h2, gran + 1, &prop, 0), CUDA_ERROR_INVALID_VALUE);
    CUmemAllocationProp back;
    OK(cuMemGetAllocationPropertiesFromHandle(&back, h));
    EXPECT(back.type == CU_MEM_ALLOCATION_TYPE_PINNED && back.location.type == CU_MEM_LOCATION_TYPE_DEVICE &&
           back.location.id == dev && back.requestedHandleTypes == CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR);
    CUdeviceptr va = 0;
    OK(cuMemAddressReserve(&va, 4 * gran, 2 * gran, 0, 0));
    EXPECT(va % (2 * gran) == 0);
    OK(cuMemMap(va, 2 * gran, 0, h, 0));
    OK(cuMemMap(va + 2 * gran, gran, gran, h, 0)); /* the allocation's second page again */
    CUmemAccessDesc rw = {{CU_MEM_LOCATION_TYPE_DEVICE, 0}, CU_MEM_ACCESS_FLAGS_PROT_READWRITE};
    unsigned long long access = 9;
    OK(cuMemGetAccess(&access, &rw.location, va));
    EXPECT(access == CU_MEM_ACCESS_FLAGS_PROT_NONE);
    OK(cuMemSetAccess(va, 3 * gran, &rw, 1));
    OK(cuMemGetAccess(&access, &rw.location, va + 2 * gran));
    EXPECT(access == CU_MEM_ACCESS_FLAGS_PROT_READWRITE);
    OK(cuMemsetD32(va, 0, 2 * gran / 4));
    OK(cuMemsetD32(va + gran, 1234, 1));
    unsigned int alias = 0;
    OK(cuMemcpyDtoH(&alias, va + 2 * gran, 4));
    EXPECT(alias == 1234);
    OK(cuMemRetainAllocationHandle(&r, (void *)(uintptr_t)(va + gran + 8)));
    EXPECT(r == h);
    OK(cuMemRelease(r));
    CALL(cuMemUnmap(va, gran), CUDA_ERROR_INVALID_VALUE);        /* part of a mapping */
    CALL(cuMemAddressFree(va, 4 * gran), CUDA_ERROR_INVALID_VALUE); /* still mapped */
    int fd = -1;
    OK(cuMemExportToShareableHandle(&fd, h, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0));
    EXPECT(fd >= 0);
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        CUmemGenericAllocationHandle imported;
        CUdeviceptr cva;
        unsigned int seen = 0, mine = 5678;
        if (cuMemImportFromShareableHandle(&imported, (void *)(uintptr_t)fd, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR) ||
            cuMemAddressReserve(&cva, 2 * gran, 0, 0, 0) || cuMemMap(cva, 2 * gran, 0, imported, 0) ||
            cuMemSetAccess(cva, 2 * gran, &rw, 1) || cuMemcpyDtoH(&seen, cva + gran, 4))
            _exit(2);
        if (seen != 1234) _exit(3);
        cuMemcpyHtoD(cva, &mine, 4);
        _exit(0);
    }
    int status = -1;
    waitpid(child, &status, 0);
    EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    OK(cuMemcpyDtoH(&alias, va, 4));
    EXPECT(alias == 5678);
    close(fd);
    OK(cuMemUnmap(va, 2 * gran));
    OK(cuMemUnmap(va + 2 * gran, gran));
    OK(cuMemRelease(h));
    OK(cuMemAddressFree(va, 4 * gran));

    /* Limits: the runtime's store (a .cu file sees the same values through cudaDeviceGetLimit). */
    size_t limit = 0;
    OK(cuCtxGetLimit(&limit, CU_LIMIT_MALLOC_HEAP_SIZE));
    EXPECT(limit == 8388608);
    OK(cuCtxSetLimit(CU_LIMIT_STACK_SIZE, 4100));
    OK(cuCtxGetLimit(&limit, CU_LIMIT_STACK_SIZE));
    EXPECT(limit == 4112);
    size_t runtime_limit = 0;
    EXPECT(cudaDeviceGetLimit(&runtime_limit, cudaLimitStackSize) == cudaSuccess && runtime_limit == 4112);
    CALL(cuCtxSetLimit(CU_LIMIT_MAX_L2_FETCH_GRANULARITY, 48), CUDA_ERROR_INVALID_VALUE);
    CALL(cuCtxGetLimit(&limit, (CUlimit)7), CUDA_ERROR_UNSUPPORTED_LIMIT);
    const char *name = NULL;
    OK(cuGetErrorName(CUDA_ERROR_UNSUPPORTED_LIMIT, &name));
    EXPECT(name && strcmp(name, "CUDA_ERROR_UNSUPPORTED_LIMIT") == 0);

    /* Contexts: no execution affinity. */
    CUcontext plain = NULL, other_ctx = NULL;
    CUexecAffinityParam affinity;
    affinity.type = CU_EXEC_AFFINITY_TYPE_SM_COUNT;
    affinity.param.smCount.val = 1;
    CALL(cuCtxCreate_v3(&other_ctx, &affinity, 1, 0, dev), CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY);
    CALL(cuCtxCreate_v3(&other_ctx, NULL, -1, 0, dev), CUDA_ERROR_INVALID_VALUE);
    OK(cuCtxCreate_v3(&plain, NULL, 0, 0, dev));
    CUctxCreateParams params = {&affinity, 1, NULL};
    CALL(cuCtxCreate_v4(&other_ctx, &params, 0, dev), CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY);
    CALL(cuCtxGetExecAffinity(&affinity, CU_EXEC_AFFINITY_TYPE_SM_COUNT), CUDA_ERROR_UNSUPPORTED_EXEC_AFFINITY);
    OK(cuCtxDestroy(plain));
    params.numExecAffinityParams = 0;
    OK(cuCtxCreate_v4(&plain, &params, 0, dev));
    OK(cuCtxDestroy(plain));
    OK(cuCtxSetCurrent(ctx));
    /* The deprecated usage count: attach twice, detach three times (the last destroys). */
    CUcontext counted = NULL, again = NULL, current = NULL;
    OK(cuCtxCreate(&counted, 0, dev));
    OK(cuCtxAttach(&again, 0));
    EXPECT(again == counted);
    OK(cuCtxAttach(&again, 0));
    CALL(cuCtxAttach(&again, 1), CUDA_ERROR_INVALID_VALUE);
    CALL(cuCtxDetach(ctx), CUDA_ERROR_INVALID_CONTEXT); /* not the current one */
    OK(cuCtxDetach(counted));
    OK(cuCtxDetach(counted));
    OK(cuCtxGetCurrent(&current));
    EXPECT(current == counted);
    OK(cuCtxDetach(counted)); /* destroyed */
    OK(cuCtxSetCurrent(ctx));

    /* Peer access: one device. */
    int value = -1;
    CALL(cuDeviceGetP2PAttribute(&value, CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, dev, dev), CUDA_ERROR_INVALID_DEVICE);
    CALL(cuDeviceGetP2PAttribute(&value, (CUdevice_P2PAttribute)9, dev, dev), CUDA_ERROR_INVALID_VALUE);
    CALL(cuCtxEnablePeerAccess(ctx, 0), CUDA_ERROR_INVALID_DEVICE);
    CALL(cuCtxDisablePeerAccess(ctx), (CUresult)705 /* CUDA_ERROR_PEER_ACCESS_NOT_ENABLED */);

    OK(cuStreamDestroy(s));
    OK(cuCtxDestroy(ctx));
    printf(failures ? "driver_extra: FAILED\n" : "driver_extra: PASSED\n");
    return failures != 0;
}
"""

PLAIN_C = r"""
#include <cuda.h>
#include <stdio.h>
int main(void) {
    CUmemoryPool pool;
    CUstreamAttrValue value;
    CUstreamBatchMemOpParams op;
    CUipcMemHandle handle;
    if (cuInit(0) || cuDeviceGetDefaultMemPool(&pool, 0)) return 1;
    if (cuStreamGetAttribute(0, CU_STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY, &value)) return 1;
    printf("%zu %zu %zu %d\n", sizeof op, sizeof value, sizeof handle, (int)value.syncPolicy);
    return 0;
}
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("driver_api_extra") / "driver_extra.cu"
    src.write_text(PROGRAM)
    return src


def test_program_runs_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run_on_host(source, tmp_path, "driver_extra")


def test_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    undefined = link_for_gfx942(source, tmp_path, "driver_extra")
    for name in ("hipMemPoolCreate", "hipMallocFromPoolAsync", "hipIpcOpenMemHandle",
                 "hipStreamWaitValue32", "hipMemGetAddressRange", "hipCtxEnablePeerAccess",
                 "hipMemCreate", "hipMemMap", "hipMemExportToShareableHandle", "hipCtxGetCurrent"):  # fmt: skip
        assert name in undefined


def test_plain_c_file_uses_them_with_the_host_compiler(tmp_path: Path) -> None:
    """As cuda.h's other functions: gcc, no warnings, the host runtime as libcuda; CUDA's
    sizes for the batch operation (48 bytes), attribute value (64) and IPC handle (64)."""
    from cu2amd.runtime_shim.host.build import runtime_library

    cc = shutil.which("cc")
    if cc is None:
        pytest.skip("no cc")
    src = tmp_path / "plain.c"
    src.write_text(PLAIN_C)
    exe = tmp_path / "plain"
    lib = runtime_library()
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", str(include_dir()), str(src),
           "-o", str(exe), str(lib), f"-Wl,-rpath,{lib.parent}"]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False)
    assert run.returncode == 0 and run.stdout == "48 64 64 1\n", run.stdout + run.stderr
