"""The CUDA runtime API's streams and events (cu2amd/runtime_stream.h): flags and
priorities, queries, waits, callbacks and host functions in stream order, event flags and
timing, and the cudaStreamPerThread/cudaStreamLegacy handles. A program that checks them
builds with cu2amd-nvcc for the host platform and runs, and builds and links for gfx942."""

from __future__ import annotations

from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cudaEventCreate", "cudaEventCreateWithFlags", "cudaEventDestroy", "cudaEventElapsedTime",
    "cudaEventQuery", "cudaEventRecord", "cudaEventSynchronize", "cudaLaunchHostFunc",
    "cudaStreamAddCallback", "cudaStreamCreate", "cudaStreamCreateWithFlags",
    "cudaStreamCreateWithPriority", "cudaStreamDestroy", "cudaStreamGetFlags",
    "cudaStreamGetPriority", "cudaStreamQuery", "cudaStreamSynchronize", "cudaStreamWaitEvent",
    "cudaEventRecordWithFlags", "cudaStreamIsCapturing",
}  # fmt: skip

PROGRAM = r"""
#include <cstdio>
#include <cstring>
#include <initializer_list>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

__global__ void fill(int *p, int value) { p[threadIdx.x] = value + threadIdx.x; }

struct seen {
    int calls;
    int first_value;
    cudaStream_t stream;
    cudaError_t status;
};
static int *g_host_result;

static void CUDART_CB on_stream(cudaStream_t stream, cudaError_t status, void *data) {
    seen *s = (seen *)data;
    s->calls++;
    s->first_value = g_host_result[0];
    s->stream = stream;
    s->status = status;
}
static void CUDART_CB host_fn(void *data) { ++*(int *)data; }

int main() {
    int *dev = nullptr, host[32];
    OK(cudaMalloc(&dev, sizeof host));
    g_host_result = host;

    /* Flags and priorities. */
    cudaStream_t a, b, c;
    OK(cudaStreamCreateWithFlags(&a, cudaStreamNonBlocking));
    OK(cudaStreamCreateWithPriority(&b, cudaStreamDefault, -3));
    OK(cudaStreamCreate(&c));
    unsigned flags = 99;
    OK(cudaStreamGetFlags(a, &flags));
    EXPECT(flags == cudaStreamNonBlocking);
    OK(cudaStreamGetFlags(cudaStreamPerThread, &flags));
    EXPECT(flags == cudaStreamDefault);
    int least = 0, greatest = 0, priority = 99;
    OK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
    OK(cudaStreamGetPriority(b, &priority));
    EXPECT(priority >= greatest && priority <= least); /* clamped to the device's range */
    cudaStream_t bad;
    CALL(cudaStreamCreateWithFlags(&bad, 0x10), cudaErrorInvalidValue);

    /* Work in stream order: a callback and a host function run after what precedes them. */
    seen s = {0, -1, nullptr, cudaErrorUnknown};
    int host_calls = 0;
    fill<<<1, 32, 0, a>>>(dev, 40);
    OK(cudaMemcpyAsync(host, dev, sizeof host, cudaMemcpyDeviceToHost, a));
    OK(cudaStreamAddCallback(a, on_stream, &s, 0));
    OK(cudaLaunchHostFunc(a, host_fn, &host_calls));
    OK(cudaLaunchHostFunc(a, host_fn, &host_calls));
    OK(cudaStreamSynchronize(a));
    OK(cudaStreamQuery(a));
    EXPECT(s.calls == 1 && s.first_value == 40 && s.stream == a && s.status == cudaSuccess);
    EXPECT(host_calls == 2);
    CALL(cudaStreamAddCallback(a, on_stream, &s, 1), cudaErrorInvalidValue);
    CALL(cudaLaunchHostFunc(a, nullptr, nullptr), cudaErrorInvalidValue);
    cudaGetLastError();

    /* Events: flags, queries, timing, waits. */
    cudaEvent_t start, stop, untimed, blocking;
    OK(cudaEventCreate(&start));
    OK(cudaEventCreate(&stop, cudaEventDefault));
    OK(cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming));
    OK(cudaEventCreateWithFlags(&blocking, cudaEventBlockingSync));
    cudaEvent_t ipc;
    CALL(cudaEventCreateWithFlags(&ipc, cudaEventInterprocess), cudaErrorInvalidValue);
    OK(cudaEventQuery(start)); /* never recorded: complete */
    float ms = -1;
    CALL(cudaEventElapsedTime(&ms, start, stop), cudaErrorInvalidResourceHandle); /* not recorded */
    OK(cudaEventRecord(start, b));
    fill<<<1, 32, 0, b>>>(dev, 7);
    OK(cudaEventRecord(stop, b));
    OK(cudaEventRecord(untimed, b));
    OK(cudaEventRecordWithFlags(blocking, b, cudaEventRecordDefault));
    OK(cudaEventRecordWithFlags(blocking, b, cudaEventRecordExternal)); /* not capturing: a record */
    cudaStreamCaptureStatus capture = cudaStreamCaptureStatusActive;
    OK(cudaStreamIsCapturing(b, &capture));
    EXPECT(capture == cudaStreamCaptureStatusNone);
    OK(cudaStreamWaitEvent(c, stop, 0));
    OK(cudaStreamWaitEvent(c, untimed));
    OK(cudaMemcpyAsync(host, dev, sizeof host, cudaMemcpyDeviceToHost, c));
    OK(cudaEventSynchronize(stop));
    OK(cudaEventQuery(stop));
    OK(cudaStreamSynchronize(c));
    EXPECT(host[0] == 7 && host[31] == 38);
    OK(cudaEventElapsedTime(&ms, start, stop));
    EXPECT(ms >= 0.0f && ms < 60000.0f);
    CALL(cudaEventElapsedTime(&ms, start, untimed), cudaErrorInvalidResourceHandle);
    CALL(cudaStreamWaitEvent(c, stop, 0x8), cudaErrorInvalidValue);
    cudaGetLastError();

    /* The per-thread and the legacy default streams. */
    memset(host, 0, sizeof host);
    fill<<<1, 32, 0, cudaStreamPerThread>>>(dev, 1000);
    OK(cudaGetLastError());
    OK(cudaMemcpyAsync(host, dev, sizeof host, cudaMemcpyDeviceToHost, cudaStreamPerThread));
    OK(cudaStreamSynchronize(cudaStreamPerThread));
    EXPECT(host[5] == 1005);
    fill<<<1, 32, 0, cudaStreamLegacy>>>(dev, 2000);
    OK(cudaGetLastError());
    OK(cudaEventRecord(start, cudaStreamLegacy));
    OK(cudaMemcpyAsync(host, dev, sizeof host, cudaMemcpyDeviceToHost, cudaStreamLegacy));
    OK(cudaStreamQuery(cudaStreamLegacy));
    OK(cudaStreamSynchronize(cudaStreamLegacy));
    EXPECT(host[5] == 2005);
    OK(cudaStreamWaitEvent(cudaStreamPerThread, start, 0));
    OK(cudaLaunchHostFunc(cudaStreamLegacy, host_fn, &host_calls));
    OK(cudaStreamSynchronize(0));
    EXPECT(host_calls == 3);

    /* Special handles are not streams one can destroy or events. */
    CALL(cudaStreamDestroy(cudaStreamLegacy), cudaErrorInvalidResourceHandle);
    CALL(cudaStreamDestroy(cudaStreamPerThread), cudaErrorInvalidResourceHandle);
    CALL(cudaEventRecord((cudaEvent_t)0x10, a), cudaErrorInvalidResourceHandle);
    cudaGetLastError();
    for (cudaEvent_t e : {start, stop, untimed, blocking}) OK(cudaEventDestroy(e));
    for (cudaStream_t st : {a, b, c}) OK(cudaStreamDestroy(st));
    OK(cudaFree(dev));
    OK(cudaGetLastError());
    printf(failures ? "stream: FAILED\n" : "stream: PASSED\n");
    return failures != 0;
}
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("runtime_api_stream") / "stream.cu"
    src.write_text(PROGRAM)
    return src


def test_program_runs_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run_on_host(source, tmp_path, "stream")


def test_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    """The same program compiles for an AMD GPU and, where libamdhip64 is installed, links
    against it (libamdhip64 5.2 has no hipLaunchHostFunc: cudaLaunchHostFunc is a stream
    callback)."""
    undefined = link_for_gfx942(source, tmp_path, "stream")
    for name in ("hipStreamAddCallback", "hipStreamWaitEvent", "hipEventCreateWithFlags"):
        assert name in undefined
    assert "hipLaunchHostFunc" not in undefined
