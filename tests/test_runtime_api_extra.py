"""The CUDA runtime API's memory pools (stream-ordered allocation), IPC handles, managed
memory range queries, stream attributes and ids (cu2amd/runtime_extra.h,
runtime_shim/host/hip_extra.c): a program that checks them builds with cu2amd-nvcc for the
host platform and runs, and builds and links for gfx942."""

from __future__ import annotations

from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cudaDeviceGetDefaultMemPool", "cudaDeviceGetMemPool", "cudaDeviceSetMemPool",
    "cudaMallocFromPoolAsync", "cudaMemPoolCreate", "cudaMemPoolDestroy", "cudaMemPoolGetAccess",
    "cudaMemPoolGetAttribute", "cudaMemPoolSetAccess", "cudaMemPoolSetAttribute",
    "cudaMemPoolTrimTo", "cudaIpcCloseMemHandle", "cudaIpcGetMemHandle", "cudaIpcOpenMemHandle",
    "cudaIpcGetEventHandle", "cudaIpcOpenEventHandle", "cudaMemRangeGetAttribute",
    "cudaMemRangeGetAttributes", "cudaMemAdvise_v2", "cudaMemPrefetchAsync_v2",
    "cudaStreamGetAttribute", "cudaStreamSetAttribute", "cudaStreamCopyAttributes",
    "cudaStreamGetId", "cudaStreamGetDevice", "cudaEventElapsedTime_v2",
    "cudaMemPoolExportToShareableHandle", "cudaMemPoolImportFromShareableHandle",
    "cudaMemPoolExportPointer", "cudaMemPoolImportPointer",
}  # fmt: skip

PROGRAM = r"""
#include <cstdio>
#include <cstring>
#include <cstdint>
#include <cstdlib>
#include <initializer_list>
#include <sys/wait.h>
#include <unistd.h>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

__global__ void fill(int *p, int value) { p[threadIdx.x] = value + threadIdx.x; }

static uint64_t attr(cudaMemPool_t pool, cudaMemPoolAttr a) {
    uint64_t v = 12345;
    OK(cudaMemPoolGetAttribute(pool, a, &v));
    return v;
}

static void pools() {
    cudaStream_t s;
    OK(cudaStreamCreate(&s));
    cudaMemPool_t def, cur;
    OK(cudaDeviceGetDefaultMemPool(&def, 0));
    OK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(def == cur);
    CALL(cudaDeviceGetDefaultMemPool(&def, 7), cudaErrorInvalidDevice);

    cudaMemPoolProps props;
    memset(&props, 0, sizeof props);
    props.allocType = cudaMemAllocationTypePinned;
    props.location.type = cudaMemLocationTypeDevice;
    props.location.id = 0;
    cudaMemPool_t pool;
    OK(cudaMemPoolCreate(&pool, &props));
    EXPECT(pool != def);
    int reuse = -1;
    OK(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &reuse));
    EXPECT(reuse == 1);
    reuse = 0;
    OK(cudaMemPoolSetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &reuse));
    OK(cudaMemPoolGetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &reuse));
    EXPECT(reuse == 0);

    /* Allocations are counted; with the default threshold (0) a free gives memory back. */
    int *a = nullptr, *b = nullptr;
    OK(cudaMallocFromPoolAsync(&a, 1024, pool, s));
    OK(cudaMallocAsync((void **)&b, 4096, pool, s));
    EXPECT(attr(pool, cudaMemPoolAttrUsedMemCurrent) == 5120);
    EXPECT(attr(pool, cudaMemPoolAttrReservedMemCurrent) == 5120);
    fill<<<1, 32, 0, s>>>(a, 40);
    int host[32];
    OK(cudaMemcpyAsync(host, a, sizeof host, cudaMemcpyDeviceToHost, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(host[0] == 40 && host[31] == 71);
    cudaPointerAttributes pa;
    OK(cudaPointerGetAttributes(&pa, b));
    EXPECT(pa.type == cudaMemoryTypeDevice);
    OK(cudaFreeAsync(b, s));
    EXPECT(attr(pool, cudaMemPoolAttrUsedMemCurrent) == 1024);
    EXPECT(attr(pool, cudaMemPoolAttrReservedMemCurrent) == 1024);
    EXPECT(attr(pool, cudaMemPoolAttrUsedMemHigh) == 5120);

    /* A threshold keeps freed memory for reuse, until trimmed. */
    uint64_t threshold = 1 << 20, zero = 0, one = 1;
    OK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold));
    EXPECT(attr(pool, cudaMemPoolAttrReleaseThreshold) == threshold);
    OK(cudaFreeAsync(a, s));
    EXPECT(attr(pool, cudaMemPoolAttrUsedMemCurrent) == 0);
    EXPECT(attr(pool, cudaMemPoolAttrReservedMemCurrent) == 1024);
    int *again = nullptr;
    OK(cudaMallocFromPoolAsync(&again, 1024, pool, s));
    EXPECT(again == a); /* the kept block */
    EXPECT(attr(pool, cudaMemPoolAttrReservedMemCurrent) == 1024);
    OK(cudaFree(again)); /* cudaFree takes stream-ordered memory too */
    OK(cudaMemPoolTrimTo(pool, 0));
    EXPECT(attr(pool, cudaMemPoolAttrReservedMemCurrent) == 0);
    OK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &zero));
    EXPECT(attr(pool, cudaMemPoolAttrUsedMemHigh) == 0);
    CALL(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemHigh, &one), cudaErrorInvalidValue);
    CALL(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &zero), cudaErrorInvalidValue);

    /* Access: the device's own, read-write. */
    cudaMemAccessDesc desc;
    desc.location.type = cudaMemLocationTypeDevice;
    desc.location.id = 0;
    desc.flags = cudaMemAccessFlagsProtReadWrite;
    OK(cudaMemPoolSetAccess(pool, &desc, 1));
    cudaMemAccessFlags flags = cudaMemAccessFlagsProtNone;
    cudaMemLocation where = desc.location;
    OK(cudaMemPoolGetAccess(&flags, pool, &where));
    EXPECT(flags == cudaMemAccessFlagsProtReadWrite);
    where.id = 3;
    CALL(cudaMemPoolGetAccess(&flags, pool, &where), cudaErrorInvalidDevice);

    /* The device's current pool serves cudaMallocAsync. */
    OK(cudaDeviceSetMemPool(0, pool));
    OK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(cur == pool);
    OK(cudaMallocAsync(&a, 256, s));
    EXPECT(attr(pool, cudaMemPoolAttrUsedMemCurrent) == 256);
    OK(cudaFreeAsync(a, s));
    OK(cudaMemPoolDestroy(pool));
    OK(cudaDeviceGetMemPool(&cur, 0));
    EXPECT(cur == def);
    CALL(cudaMemPoolDestroy(def), cudaErrorInvalidValue);
    props.allocType = cudaMemAllocationTypeInvalid;
    CALL(cudaMemPoolCreate(&pool, &props), cudaErrorInvalidValue);
    cudaGetLastError();
    OK(cudaStreamDestroy(s));
}

static void to_hex(const void *bytes, char *out) {
    for (int i = 0; i < 64; i++) sprintf(out + 2 * i, "%02x", ((const unsigned char *)bytes)[i]);
}
static void from_hex(const char *in, void *bytes) {
    for (int i = 0; i < 64; i++) {
        unsigned v = 0;
        sscanf(in + 2 * i, "%2x", &v);
        ((unsigned char *)bytes)[i] = (unsigned char)v;
    }
}

/* Another process (this program run again): the large allocation's handle opens and its
 * memory is the parent's; the small one's does not. */
static int ipc_child(const char *big_hex, const char *small_hex, const char *pool_fd, const char *ptr_hex) {
    int *big = nullptr, *small = nullptr, host[32];
    cudaIpcMemHandle_t hb, hs;
    from_hex(big_hex, &hb), from_hex(small_hex, &hs);
    OK(cudaIpcOpenMemHandle(&big, hb, cudaIpcMemLazyEnablePeerAccess));
    cudaPointerAttributes pa;
    OK(cudaPointerGetAttributes(&pa, big));
    EXPECT(pa.type == cudaMemoryTypeDevice);
    OK(cudaMemcpy(host, big, sizeof host, cudaMemcpyDeviceToHost));
    EXPECT(host[0] == 500 && host[31] == 531);
    fill<<<1, 32>>>(big, 900);
    OK(cudaDeviceSynchronize());
    CALL(cudaFree(big), cudaErrorInvalidDevicePointer);
    OK(cudaIpcCloseMemHandle(big));
    CALL(cudaIpcOpenMemHandle(&small, hs, 0), cudaErrorInvalidValue);
    cudaGetLastError();
    /* The parent's pool, and a block of it. */
    cudaMemPool_t pool;
    cudaMemPoolPtrExportData data;
    from_hex(ptr_hex, &data);
    OK(cudaMemPoolImportFromShareableHandle(&pool, (void *)(intptr_t)atoi(pool_fd), cudaMemHandleTypePosixFileDescriptor, 0));
    int *shared = nullptr;
    OK(cudaMemPoolImportPointer((void **)&shared, pool, &data));
    OK(cudaMemcpy(host, shared, sizeof host, cudaMemcpyDeviceToHost));
    EXPECT(host[0] == 70 && host[31] == 101);
    fill<<<1, 32>>>(shared, 300);
    OK(cudaDeviceSynchronize());
    CALL(cudaMallocFromPoolAsync(&small, 64, pool, 0), cudaErrorInvalidValue); /* imported: no allocations */
    cudaGetLastError();
    OK(cudaFree(shared));
    OK(cudaMemPoolDestroy(pool));
    return failures;
}

static void ipc_across_processes(const char *self) {
    int *big = nullptr, *small = nullptr, host[32];
    OK(cudaMalloc(&big, 1 << 20));
    OK(cudaMalloc(&small, 256));
    fill<<<1, 32>>>(big, 500);
    OK(cudaDeviceSynchronize());
    cudaIpcMemHandle_t hb, hs;
    OK(cudaIpcGetMemHandle(&hb, big));
    OK(cudaIpcGetMemHandle(&hs, small));
    char big_hex[129], small_hex[129], ptr_hex[129], pool_fd[16];
    to_hex(&hb, big_hex), to_hex(&hs, small_hex);
    /* A pool another process can import, and one of its blocks. */
    cudaMemPoolProps props;
    memset(&props, 0, sizeof props);
    props.allocType = cudaMemAllocationTypePinned;
    props.handleTypes = cudaMemHandleTypePosixFileDescriptor;
    props.location.type = cudaMemLocationTypeDevice;
    cudaMemPool_t pool;
    OK(cudaMemPoolCreate(&pool, &props));
    int *block = nullptr, fd = -1;
    OK(cudaMallocFromPoolAsync(&block, 4096, pool, 0));
    fill<<<1, 32>>>(block, 70);
    OK(cudaDeviceSynchronize());
    OK(cudaMemPoolExportToShareableHandle(&fd, pool, cudaMemHandleTypePosixFileDescriptor, 0));
    cudaMemPoolPtrExportData data;
    OK(cudaMemPoolExportPointer(&data, block));
    to_hex(&data, ptr_hex);
    snprintf(pool_fd, sizeof pool_fd, "%d", fd);
    CALL(cudaMemPoolExportToShareableHandle(&fd, 0 ? pool : nullptr, cudaMemHandleTypePosixFileDescriptor, 0),
         cudaErrorInvalidValue);
    cudaGetLastError();
    fflush(stdout);
    pid_t child = fork();
    if (child == 0) {
        execl(self, self, "child", big_hex, small_hex, pool_fd, ptr_hex, (char *)nullptr);
        _exit(127);
    }
    int status = -1;
    waitpid(child, &status, 0);
    EXPECT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    OK(cudaMemcpy(host, big, sizeof host, cudaMemcpyDeviceToHost));
    EXPECT(host[0] == 900 && host[31] == 931); /* written by the other process */
    OK(cudaMemcpy(host, block, sizeof host, cudaMemcpyDeviceToHost));
    EXPECT(host[0] == 300 && host[31] == 331);
    close(atoi(pool_fd));
    OK(cudaFree(block));
    OK(cudaMemPoolDestroy(pool));
    OK(cudaFree(big));
    OK(cudaFree(small));
}

static void ipc() {
    int *dev = nullptr, *opened = nullptr;
    OK(cudaMalloc(&dev, 64 * sizeof(int)));
    cudaIpcMemHandle_t handle;
    OK(cudaIpcGetMemHandle(&handle, dev));
    EXPECT(sizeof handle == 64);
    OK(cudaIpcOpenMemHandle(&opened, handle, cudaIpcMemLazyEnablePeerAccess));
    EXPECT(opened == dev);
    OK(cudaIpcCloseMemHandle(opened));
    CALL(cudaIpcCloseMemHandle(opened), cudaErrorInvalidValue);
    CALL(cudaIpcOpenMemHandle(&opened, handle, 0x8), cudaErrorInvalidValue);
    int host_int = 0;
    CALL(cudaIpcGetMemHandle(&handle, &host_int), cudaErrorInvalidDevicePointer);
    OK(cudaFree(dev));

    cudaEvent_t plain, shared, other;
    OK(cudaEventCreate(&plain));
    OK(cudaEventCreateWithFlags(&shared, cudaEventInterprocess | cudaEventDisableTiming));
    cudaIpcEventHandle_t eh;
    CALL(cudaIpcGetEventHandle(&eh, plain), cudaErrorInvalidResourceHandle);
    OK(cudaIpcGetEventHandle(&eh, shared));
    OK(cudaIpcOpenEventHandle(&other, eh));
    OK(cudaEventRecord(shared, 0));
    OK(cudaStreamWaitEvent(0, other, 0));
    OK(cudaEventQuery(other));
    for (cudaEvent_t e : {plain, shared, other}) OK(cudaEventDestroy(e));
    cudaGetLastError();
}

static void ranges() {
    const size_t page = 4096, n = 4 * page;
    char *m = nullptr;
    OK(cudaMallocManaged(&m, n));
    int v = -7;
    OK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, m, n));
    EXPECT(v == 0);
    OK(cudaMemAdvise(m, 2 * page, cudaMemAdviseSetReadMostly, 0));
    OK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, m, 2 * page));
    EXPECT(v == 1);
    OK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, m, n));
    EXPECT(v == 0); /* not all of it */
    OK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocation, m, n));
    EXPECT(v == cudaInvalidDeviceId);
    cudaMemLocation dev0 = {cudaMemLocationTypeDevice, 0}, host = {cudaMemLocationTypeHost, 0};
    OK(cudaMemAdvise_v2(m, n, cudaMemAdviseSetPreferredLocation, dev0));
    OK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocation, m + page, page));
    EXPECT(v == 0);
    OK(cudaMemAdvise_v2(m, page, cudaMemAdviseSetPreferredLocation, host));
    OK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocation, m, page));
    EXPECT(v == cudaCpuDeviceId);
    OK(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributePreferredLocation, m, n));
    EXPECT(v == cudaInvalidDeviceId);
    OK(cudaMemAdvise(m, n, cudaMemAdviseSetAccessedBy, 0));
    int who[3] = {9, 9, 9};
    OK(cudaMemRangeGetAttribute(who, sizeof who, cudaMemRangeAttributeAccessedBy, m, n));
    EXPECT(who[0] == 0 && who[1] == cudaInvalidDeviceId && who[2] == cudaInvalidDeviceId);
    OK(cudaMemPrefetchAsync_v2(m, n, dev0, 0, 0));
    OK(cudaMemPrefetchAsync_v2(m + 3 * page, page, host, 0, 0));
    int last = 9, mostly = 9;
    void *data[2] = {&last, &mostly};
    size_t sizes[2] = {4, 4};
    cudaMemRangeAttribute which[2] = {cudaMemRangeAttributeLastPrefetchLocation, cudaMemRangeAttributeReadMostly};
    OK(cudaMemRangeGetAttributes(data, sizes, which, 2, m, page));
    EXPECT(last == 0 && mostly == 1);
    OK(cudaMemRangeGetAttribute(&last, 4, cudaMemRangeAttributeLastPrefetchLocation, m + 3 * page, page));
    EXPECT(last == cudaCpuDeviceId);
    cudaMemLocation numa = {cudaMemLocationTypeHostNuma, 0};
    CALL(cudaMemPrefetchAsync_v2(m, n, numa, 0, 0), cudaErrorNotSupported);
    CALL(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, m, n + 1), cudaErrorInvalidValue);
    CALL(cudaMemRangeGetAttribute(&v, 2, cudaMemRangeAttributeReadMostly, m, n), cudaErrorInvalidValue);
    int *plain = nullptr;
    OK(cudaMalloc(&plain, 64));
    CALL(cudaMemRangeGetAttribute(&v, 4, cudaMemRangeAttributeReadMostly, plain, 64), cudaErrorInvalidValue);
    cudaGetLastError();
    OK(cudaFree(plain));
    OK(cudaFree(m));
}

static void streams() {
    cudaStream_t a, b;
    OK(cudaStreamCreate(&a));
    OK(cudaStreamCreateWithPriority(&b, cudaStreamNonBlocking, 0));
    unsigned long long ia = 0, ib = 0, ia2 = 0;
    OK(cudaStreamGetId(a, &ia));
    OK(cudaStreamGetId(b, &ib));
    OK(cudaStreamGetId(a, &ia2));
    EXPECT(ia != ib && ia == ia2);
    int device = -1;
    OK(cudaStreamGetDevice(b, &device));
    EXPECT(device == 0);

    int buffer[16];
    cudaStreamAttrValue v, got;
    memset(&v, 0, sizeof v);
    v.accessPolicyWindow.base_ptr = buffer;
    v.accessPolicyWindow.num_bytes = sizeof buffer;
    v.accessPolicyWindow.hitRatio = 0.5f;
    v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    OK(cudaStreamSetAttribute(a, cudaStreamAttributeAccessPolicyWindow, &v));
    memset(&got, 0, sizeof got);
    OK(cudaStreamGetAttribute(a, cudaStreamAttributeAccessPolicyWindow, &got));
    EXPECT(got.accessPolicyWindow.base_ptr == buffer && got.accessPolicyWindow.num_bytes == sizeof buffer &&
           got.accessPolicyWindow.hitRatio == 0.5f && got.accessPolicyWindow.hitProp == cudaAccessPropertyPersisting);
    OK(cudaStreamGetAttribute(a, cudaStreamAttributeSynchronizationPolicy, &got));
    EXPECT(got.syncPolicy == cudaSyncPolicyAuto);
    v.syncPolicy = cudaSyncPolicyYield;
    OK(cudaStreamSetAttribute(a, cudaStreamAttributeSynchronizationPolicy, &v));
    OK(cudaStreamCopyAttributes(b, a));
    OK(cudaStreamGetAttribute(b, cudaStreamAttributeSynchronizationPolicy, &got));
    EXPECT(got.syncPolicy == cudaSyncPolicyYield);
    OK(cudaStreamGetAttribute(b, cudaStreamAttributeAccessPolicyWindow, &got));
    EXPECT(got.accessPolicyWindow.base_ptr == buffer);
    OK(cudaStreamGetAttribute(b, cudaStreamAttributePriority, &got));
    EXPECT(got.priority == 0);
    got.priority = 0;
    OK(cudaStreamSetAttribute(b, cudaStreamAttributePriority, &got));
    v.syncPolicy = (cudaSynchronizationPolicy)9;
    CALL(cudaStreamSetAttribute(a, cudaStreamAttributeSynchronizationPolicy, &v), cudaErrorInvalidValue);
    v.accessPolicyWindow.hitRatio = 2.0f;
    CALL(cudaStreamSetAttribute(a, cudaStreamAttributeAccessPolicyWindow, &v), cudaErrorInvalidValue);
    CALL(cudaStreamGetAttribute(a, (cudaStreamAttrID)5, &got), cudaErrorInvalidValue);
    CALL(cudaStreamGetId((cudaStream_t)0x10, &ia), cudaErrorInvalidResourceHandle);
    cudaGetLastError();

    cudaEvent_t start, stop;
    OK(cudaEventCreate(&start));
    OK(cudaEventCreate(&stop));
    OK(cudaEventRecord(start, a));
    OK(cudaEventRecord(stop, a));
    float ms = -1.0f;
    OK(cudaEventElapsedTime_v2(&ms, start, stop));
    EXPECT(ms >= 0.0f && ms < 60000.0f);
    OK(cudaEventDestroy(start));
    OK(cudaEventDestroy(stop));
    OK(cudaStreamDestroy(a));
    OK(cudaStreamDestroy(b));
    /* A stream made after those are destroyed (perhaps at the same address) starts afresh. */
    cudaStream_t c;
    unsigned long long ic = 0;
    OK(cudaStreamCreate(&c));
    OK(cudaStreamGetId(c, &ic));
    EXPECT(ic != ia && ic != ib);
    OK(cudaStreamGetAttribute(c, cudaStreamAttributeSynchronizationPolicy, &got));
    EXPECT(got.syncPolicy == cudaSyncPolicyAuto);
    OK(cudaStreamDestroy(c));
}

int main(int argc, char **argv) {
    if (argc == 6 && strcmp(argv[1], "child") == 0) return ipc_child(argv[2], argv[3], argv[4], argv[5]);
    pools();
    ipc();
    ipc_across_processes(argv[0]);
    ranges();
    streams();
    OK(cudaGetLastError());
    printf(failures ? "extra: FAILED\n" : "extra: PASSED\n");
    return failures != 0;
}
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("runtime_api_extra") / "extra.cu"
    src.write_text(PROGRAM)
    return src


def test_program_runs_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run_on_host(source, tmp_path, "extra")


def test_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    """The same program compiles for an AMD GPU and, where libamdhip64 is installed, links
    against it: pools, IPC and range queries are HIP's."""
    undefined = link_for_gfx942(source, tmp_path, "extra")
    for name in ("hipMemPoolCreate", "hipMallocFromPoolAsync", "hipIpcOpenMemHandle",
                 "hipMemRangeGetAttribute", "hipStreamGetPriority"):  # fmt: skip
        assert name in undefined
