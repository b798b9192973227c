"""The driver API's graphs and stream capture (cu2amd/driver_graph.h): a graph of a PTX
module's kernel (CUfunction), memset, host, child graph and event nodes with a diamond of
dependencies, queried, instantiated and launched three times, its kernel node's arguments
changed in the executable graph; a capture of cuLaunchKernel, cuMemsetD32Async and
cuMemcpy*Async forked to a second stream through events and replayed; the capture errors;
CUDA 12.3's edge data (the _v2 and _v3 forms, default edges only).
Built with cu2amd-nvcc and run on the host platform (a module kernel is a host-platform
kernel node: ROCm 5.2's hipGraphAddKernelNode takes only registered kernels, so on AMD this
program is compiled and linked, not run); cuda.h's graph declarations also build as C."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

from cu2amd.runtime_shim.headers import include_dir
from cu2amd.runtime_shim.host.build import runtime_library

# The driver functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cuGraphAddChildGraphNode", "cuGraphAddDependencies", "cuGraphAddEmptyNode",
    "cuGraphAddEventRecordNode", "cuGraphAddHostNode", "cuGraphAddKernelNode",
    "cuGraphAddMemsetNode", "cuGraphChildGraphNodeGetGraph", "cuGraphClone", "cuGraphCreate",
    "cuGraphDebugDotPrint", "cuGraphDestroy", "cuGraphDestroyNode", "cuGraphExecDestroy",
    "cuGraphExecKernelNodeSetParams", "cuGraphExecUpdate", "cuGraphGetEdges", "cuGraphGetNodes",
    "cuGraphGetRootNodes", "cuGraphHostNodeGetParams", "cuGraphInstantiate",
    "cuGraphInstantiateWithParams", "cuGraphKernelNodeGetParams", "cuGraphKernelNodeSetParams",
    "cuGraphLaunch", "cuGraphMemsetNodeGetParams", "cuGraphNodeFindInClone",
    "cuGraphNodeGetDependencies", "cuGraphNodeGetDependentNodes", "cuGraphNodeGetType",
    "cuGraphRemoveDependencies", "cuGraphUpload", "cuStreamBeginCapture", "cuStreamEndCapture",
    "cuStreamGetCaptureInfo", "cuStreamIsCapturing", "cuStreamUpdateCaptureDependencies",
    "cuThreadExchangeStreamCaptureMode", "cuGraphAddDependencies_v2", "cuGraphGetEdges_v2",
    "cuGraphNodeGetDependencies_v2", "cuGraphNodeGetDependentNodes_v2",
    "cuGraphRemoveDependencies_v2", "cuStreamGetCaptureInfo_v3",
    "cuStreamUpdateCaptureDependencies_v2",
}  # fmt: skip

PROGRAM = r"""
#include <cuda.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { CUresult e_ = (call); if (e_ != (expected)) { const char *n_ = "?"; \
    cuGetErrorName(e_, &n_); printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, n_, #expected); \
    failures++; } } while (0)
#define OK(call) CALL(call, CUDA_SUCCESS)

static const char *PTX =
    ".version 7.0\n.target sm_80\n.address_size 64\n"
    ".visible .entry scale(.param .u64 x, .param .f32 a, .param .u32 n)\n{\n"
    "  .reg .pred %p; .reg .b32 %r<6>; .reg .f32 %f<4>; .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [x]; ld.param.f32 %f1, [a]; ld.param.u32 %r1, [n];\n"
    "  mov.u32 %r2, %ctaid.x; mov.u32 %r3, %ntid.x; mov.u32 %r4, %tid.x;\n"
    "  mad.lo.s32 %r5, %r2, %r3, %r4; setp.ge.u32 %p, %r5, %r1; @%p bra DONE;\n"
    "  mul.wide.u32 %rd2, %r5, 4; add.s64 %rd3, %rd1, %rd2;\n"
    "  ld.global.f32 %f2, [%rd3]; mul.f32 %f3, %f2, %f1; st.global.f32 [%rd3], %f3;\n"
    "DONE:\n  ret;\n}\n";

#define N 64
static void CUDA_CB count(void *data) { ++*(int *)data; }

static int all(const float *got, float want) {
    for (int i = 0; i < N; i++) if (got[i] != want) return 0;
    return 1;
}

int main() {
    OK(cuInit(0));
    CUdevice dev;
    CUcontext ctx;
    OK(cuDeviceGet(&dev, 0));
    OK(cuCtxCreate(&ctx, 0, dev));
    CUmodule mod;
    CUfunction scale;
    OK(cuModuleLoadData(&mod, PTX));
    OK(cuModuleGetFunction(&scale, mod, "scale"));
    CUdeviceptr dx, dy;
    OK(cuMemAlloc(&dx, N * sizeof(float)));
    OK(cuMemAlloc(&dy, N * sizeof(float)));
    float hx[N];
    unsigned n = N;
    int host_calls = 0;

    /* x = 1.0 (memset); then x *= 3 and an empty node; both before the host node; a child
     * graph of one event record node after it. */
    CUgraph g, child;
    OK(cuGraphCreate(&g, 0));
    OK(cuGraphCreate(&child, 0));
    CUgraphNode set, k, empty, host, sub, rec;
    CUDA_MEMSET_NODE_PARAMS mp;
    memset(&mp, 0, sizeof mp);
    mp.dst = dx;
    mp.value = 0x3f800000;
    mp.elementSize = 4;
    mp.width = N;
    mp.height = 1;
    OK(cuGraphAddMemsetNode(&set, g, NULL, 0, &mp, ctx));
    float a = 3.0f;
    void *args[] = {&dx, &a, &n};
    CUDA_KERNEL_NODE_PARAMS kp;
    memset(&kp, 0, sizeof kp);
    kp.func = scale;
    kp.gridDimX = 2, kp.gridDimY = 1, kp.gridDimZ = 1;
    kp.blockDimX = 32, kp.blockDimY = 1, kp.blockDimZ = 1;
    kp.kernelParams = args;
    OK(cuGraphAddKernelNode(&k, g, &set, 1, &kp));
    a = 100.0f; /* copied when the node was added */
    OK(cuGraphAddEmptyNode(&empty, g, &set, 1));
    CUDA_HOST_NODE_PARAMS hp = {count, &host_calls};
    CUgraphNode both[2] = {k, empty};
    OK(cuGraphAddHostNode(&host, g, both, 2, &hp));
    CUevent ev;
    OK(cuEventCreate(&ev, CU_EVENT_DEFAULT));
    OK(cuGraphAddEventRecordNode(&rec, child, NULL, 0, ev));
    OK(cuGraphAddChildGraphNode(&sub, g, &host, 1, child));

    size_t count_nodes = 0, count_edges = 0, roots = 0, deps = 0;
    OK(cuGraphGetNodes(g, NULL, &count_nodes));
    OK(cuGraphGetEdges(g, NULL, NULL, &count_edges));
    OK(cuGraphGetRootNodes(g, NULL, &roots));
    EXPECT(count_nodes == 5 && count_edges == 5 && roots == 1);
    OK(cuGraphNodeGetDependencies(host, NULL, &deps));
    EXPECT(deps == 2);
    OK(cuGraphNodeGetDependentNodes(set, NULL, &deps));
    EXPECT(deps == 2);
    CUgraphNodeType type;
    OK(cuGraphNodeGetType(k, &type)); EXPECT(type == CU_GRAPH_NODE_TYPE_KERNEL);
    OK(cuGraphNodeGetType(set, &type)); EXPECT(type == CU_GRAPH_NODE_TYPE_MEMSET);
    OK(cuGraphNodeGetType(sub, &type)); EXPECT(type == CU_GRAPH_NODE_TYPE_GRAPH);
    OK(cuGraphNodeGetType(rec, &type)); EXPECT(type == CU_GRAPH_NODE_TYPE_EVENT_RECORD);
    CUDA_KERNEL_NODE_PARAMS got;
    OK(cuGraphKernelNodeGetParams(k, &got));
    EXPECT(got.func == scale && got.gridDimX == 2 && got.blockDimX == 32 && *(float *)got.kernelParams[1] == 3.0f);
    CUDA_MEMSET_NODE_PARAMS gm;
    OK(cuGraphMemsetNodeGetParams(set, &gm));
    EXPECT(gm.dst == dx && gm.value == 0x3f800000 && gm.elementSize == 4 && gm.width == N);
    CUDA_HOST_NODE_PARAMS gh;
    OK(cuGraphHostNodeGetParams(host, &gh));
    EXPECT(gh.fn == count && gh.userData == &host_calls);
    CUgraph embedded;
    OK(cuGraphChildGraphNodeGetGraph(sub, &embedded));
    OK(cuGraphGetNodes(embedded, NULL, &count_nodes));
    EXPECT(count_nodes == 1);

    CUgraphExec exec;
    CUstream s;
    OK(cuStreamCreate(&s, CU_STREAM_DEFAULT));
    OK(cuGraphInstantiate(&exec, g, 0));
    OK(cuGraphUpload(exec, s));
    for (int launch = 0; launch < 3; launch++) {
        memset(hx, 0, sizeof hx);
        OK(cuGraphLaunch(exec, s));
        OK(cuStreamSynchronize(s));
        OK(cuMemcpyDtoH(hx, dx, sizeof hx));
        EXPECT(all(hx, 3.0f));
    }
    EXPECT(host_calls == 3);
    a = 5.0f;
    OK(cuGraphExecKernelNodeSetParams(exec, k, &kp));
    OK(cuGraphLaunch(exec, s));
    OK(cuStreamSynchronize(s));
    OK(cuMemcpyDtoH(hx, dx, sizeof hx));
    EXPECT(all(hx, 5.0f));
    a = 7.0f;
    OK(cuGraphKernelNodeSetParams(k, &kp));
    CUgraphExecUpdateResultInfo info;
    OK(cuGraphExecUpdate(exec, g, &info));
    EXPECT(info.result == CU_GRAPH_EXEC_UPDATE_SUCCESS);
    OK(cuGraphLaunch(exec, s));
    OK(cuStreamSynchronize(s));
    OK(cuMemcpyDtoH(hx, dx, sizeof hx));
    EXPECT(all(hx, 7.0f));

    CUgraph copy;
    CUgraphNode k_copy;
    OK(cuGraphClone(&copy, g));
    OK(cuGraphNodeFindInClone(&k_copy, k, copy));
    EXPECT(k_copy != k);
    CALL(cuGraphRemoveDependencies(copy, &k_copy, &host, 1), CUDA_ERROR_INVALID_VALUE); /* host is g's */
    OK(cuGraphDebugDotPrint(copy, "driver_graph.dot", 0));
    FILE *f = fopen("driver_graph.dot", "r");
    char text[2048] = {0};
    EXPECT(f != NULL);
    if (f) { fread(text, 1, sizeof text - 1, f); fclose(f); remove("driver_graph.dot"); }
    EXPECT(strstr(text, "digraph") && strstr(text, "KERNEL") && strstr(text, "->"));
    CUgraphNode extra;
    OK(cuGraphAddEmptyNode(&extra, g, NULL, 0));
    OK(cuGraphAddDependencies(g, &sub, &extra, 1));
    CALL(cuGraphExecUpdate(exec, g, &info), CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE);
    EXPECT(info.result == CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED);
    OK(cuGraphDestroyNode(extra));
    CUgraphExec exec2;
    CUDA_GRAPH_INSTANTIATE_PARAMS ip;
    memset(&ip, 0, sizeof ip);
    OK(cuGraphInstantiateWithParams(&exec2, copy, &ip));
    EXPECT(ip.result_out == CUDA_GRAPH_INSTANTIATE_SUCCESS);
    OK(cuGraphExecDestroy(exec2));

    /* Capture: s forks to s2 through an event; s2 sets y = 2 and scales it by 4 while s
     * copies x in and scales it by 2; s joins s2, copies y out. */
    CUstream s2;
    CUevent fork, join;
    OK(cuStreamCreate(&s2, CU_STREAM_DEFAULT));
    OK(cuEventCreate(&fork, CU_EVENT_DISABLE_TIMING));
    OK(cuEventCreate(&join, CU_EVENT_DISABLE_TIMING));
    float in[N], out[N];
    for (int i = 0; i < N; i++) in[i] = (float)i, out[i] = -1.0f;
    OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
    CUstreamCaptureStatus status;
    OK(cuStreamIsCapturing(s, &status));
    EXPECT(status == CU_STREAM_CAPTURE_STATUS_ACTIVE);
    OK(cuMemcpyHtoDAsync(dx, in, sizeof in, s));
    OK(cuEventRecord(fork, s));
    OK(cuStreamWaitEvent(s2, fork, 0));
    float two = 2.0f, four = 4.0f;
    void *x_args[] = {&dx, &two, &n};
    void *y_args[] = {&dy, &four, &n};
    OK(cuLaunchKernel(scale, 2, 1, 1, 32, 1, 1, 0, s, x_args, NULL));
    OK(cuMemsetD32Async(dy, 0x40000000, N, s2));
    OK(cuLaunchKernel(scale, 2, 1, 1, 32, 1, 1, 0, s2, y_args, NULL));
    OK(cuEventRecord(join, s2));
    OK(cuStreamWaitEvent(s, join, 0));
    cuuint64_t id = 0;
    CUgraph capturing;
    const CUgraphNode *deps_now;
    size_t n_deps = 0;
    OK(cuStreamGetCaptureInfo(s, &status, &id, &capturing, &deps_now, &n_deps));
    EXPECT(id != 0 && n_deps == 2);
    CUgraphNode tail;
    OK(cuGraphAddEmptyNode(&tail, capturing, deps_now, n_deps));
    OK(cuStreamUpdateCaptureDependencies(s, &tail, 1, CU_STREAM_SET_CAPTURE_DEPENDENCIES));
    OK(cuMemcpyDtoHAsync(out, dy, sizeof out, s));
    CUgraph captured;
    OK(cuStreamEndCapture(s, &captured));
    EXPECT(out[3] == -1.0f);
    OK(cuGraphGetNodes(captured, NULL, &count_nodes));
    EXPECT(count_nodes == 6);
    CUgraphExec replay;
    OK(cuGraphInstantiate(&replay, captured, 0));
    for (int launch = 0; launch < 4; launch++) {
        memset(out, 0, sizeof out);
        OK(cuGraphLaunch(replay, s));
        OK(cuStreamSynchronize(s));
        EXPECT(all(out, 8.0f));
        OK(cuMemcpyDtoH(hx, dx, sizeof hx));
        EXPECT(hx[5] == 10.0f);
    }

    /* Errors. */
    CUgraph none = NULL;
    CALL(cuStreamEndCapture(s, &none), CUDA_ERROR_ILLEGAL_STATE);
    OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
    CALL(cuMemcpyHtoD(dx, in, sizeof in), CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED);
    CALL(cuStreamEndCapture(s, &none), CUDA_ERROR_STREAM_CAPTURE_INVALIDATED);
    EXPECT(none == NULL);
    CUstreamCaptureMode mode = CU_STREAM_CAPTURE_MODE_RELAXED;
    OK(cuThreadExchangeStreamCaptureMode(&mode));
    EXPECT(mode == CU_STREAM_CAPTURE_MODE_GLOBAL);
    OK(cuThreadExchangeStreamCaptureMode(&mode));
    CALL(cuGraphCreate(&copy, 3), CUDA_ERROR_INVALID_VALUE);

    /* CUDA 12.3's edge data: default edges only */
    CUgraph eg;
    CUgraphNode ea, eb, efrom[4], eto[4];
    CUgraphEdgeData ed[4], edge;
    memset(&edge, 0, sizeof edge);
    OK(cuGraphCreate(&eg, 0));
    OK(cuGraphAddEmptyNode(&ea, eg, NULL, 0));
    OK(cuGraphAddEmptyNode(&eb, eg, NULL, 0));
    OK(cuGraphAddDependencies_v2(eg, &ea, &eb, &edge, 1));
    size_t en = 4;
    memset(ed, 0xff, sizeof ed);
    OK(cuGraphGetEdges_v2(eg, efrom, eto, ed, &en));
    EXPECT(en == 1 && efrom[0] == ea && eto[0] == eb && ed[0].type == CU_GRAPH_DEPENDENCY_TYPE_DEFAULT &&
           ed[0].from_port == 0 && ed[0].reserved[4] == 0);
    en = 4;
    OK(cuGraphNodeGetDependencies_v2(eb, efrom, ed, &en));
    EXPECT(en == 1 && efrom[0] == ea);
    en = 4;
    OK(cuGraphNodeGetDependentNodes_v2(ea, eto, ed, &en));
    EXPECT(en == 1 && eto[0] == eb);
    CALL(cuGraphGetEdges_v2(eg, NULL, NULL, ed, &en), CUDA_ERROR_INVALID_VALUE);
    edge.type = CU_GRAPH_DEPENDENCY_TYPE_PROGRAMMATIC;
    CALL(cuGraphRemoveDependencies_v2(eg, &ea, &eb, &edge, 1), CUDA_ERROR_NOT_SUPPORTED);
    edge.type = 0;
    OK(cuGraphRemoveDependencies_v2(eg, &ea, &eb, &edge, 1));
    OK(cuGraphGetEdges_v2(eg, NULL, NULL, NULL, &en));
    EXPECT(en == 0);
    OK(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
    OK(cuMemsetD32Async(dx, 7, N, s));
    const CUgraphNode *cdeps = NULL;
    const CUgraphEdgeData *cdata = NULL;
    CUstreamCaptureStatus cstatus;
    OK(cuStreamGetCaptureInfo_v3(s, &cstatus, NULL, NULL, &cdeps, &cdata, &en));
    EXPECT(cstatus == CU_STREAM_CAPTURE_STATUS_ACTIVE && en == 1 && cdata && cdata[0].type == 0);
    CUgraphNode first = cdeps[0];
    OK(cuStreamUpdateCaptureDependencies_v2(s, NULL, NULL, 0, CU_STREAM_SET_CAPTURE_DEPENDENCIES));
    OK(cuStreamGetCaptureInfo_v3(s, &cstatus, NULL, NULL, &cdeps, &cdata, &en));
    EXPECT(en == 0);
    OK(cuStreamUpdateCaptureDependencies_v2(s, &first, &edge, 1, CU_STREAM_ADD_CAPTURE_DEPENDENCIES));
    OK(cuStreamGetCaptureInfo_v3(s, &cstatus, NULL, NULL, &cdeps, &cdata, &en));
    EXPECT(en == 1 && cdeps[0] == first);
    CUgraph ecap;
    OK(cuStreamEndCapture(s, &ecap));
    OK(cuGraphDestroy(ecap));
    OK(cuGraphDestroy(eg));

    OK(cuGraphExecDestroy(replay));
    OK(cuGraphExecDestroy(exec));
    OK(cuGraphDestroy(captured));
    OK(cuGraphDestroy(g));
    OK(cuGraphDestroy(child));
    OK(cuGraphDestroy(copy));
    OK(cuMemFree(dx));
    OK(cuMemFree(dy));
    printf(failures ? "driver_graph: FAILED\n" : "driver_graph: PASSED\n");
    return failures != 0;
}
"""

PLAIN_C = r"""
#include <cuda.h>
#include <stdio.h>

int main(void) {
    CUgraph g;
    CUgraphNode a, b;
    size_t n = 0;
    if (cuGraphCreate(&g, 0) != CUDA_SUCCESS) return 1;
    if (cuGraphAddEmptyNode(&a, g, NULL, 0) != CUDA_SUCCESS) return 2;
    if (cuGraphAddEmptyNode(&b, g, &a, 1) != CUDA_SUCCESS) return 3;
    if (cuGraphGetEdges(g, NULL, NULL, &n) != CUDA_SUCCESS) return 4;
    if (cuGraphGetEdges_v2(g, NULL, NULL, NULL, &n) != CUDA_SUCCESS || sizeof(CUgraphEdgeData) != 8) return 5;
    printf("%zu %zu %zu\n", n, sizeof(CUDA_KERNEL_NODE_PARAMS), sizeof(CUDA_MEMSET_NODE_PARAMS));
    return cuGraphDestroy(g) != CUDA_SUCCESS;
}
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("driver_api_graph") / "driver_graph.cu"
    src.write_text(PROGRAM)
    return src


def test_program_runs_on_the_host_platform(
    source: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the DOT dump is written to the working directory
    run_on_host(source, tmp_path, "driver_graph")


def test_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    undefined = link_for_gfx942(source, tmp_path, "driver_graph")
    for name in ("hipGraphAddKernelNode", "hipStreamBeginCapture", "hipGraphExecUpdate"):
        assert name in undefined


def test_plain_c_file_uses_them_with_the_host_compiler(tmp_path: Path) -> None:
    """cuda.h's graph functions in C (gcc, no warnings), with CUDA's parameter sizes."""
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
    assert run.returncode == 0 and run.stdout == "1 56 40\n", run.stdout + run.stderr
