"""CUDA graphs and stream capture (cu2amd/runtime_graph.h, host/hip_graph.c): a graph built
node by node (kernel, memcpy, memset, host, child graph, symbol copies, events; a diamond of
dependencies), its structure and parameter queries, instantiation, repeated launches,
parameter updates of the executable graph, cudaGraphExecUpdate, clones, the DOT dump and
user objects; and stream capture of two streams forked and joined through events, replayed
many times, with the capture errors CUDA reports. Each program builds with cu2amd-nvcc for
the host platform and runs, and builds and links for gfx942."""

from __future__ import annotations

from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

# The runtime functions these programs call and check (see tests/test_api_tables_run.py).
CALLS = {
    "cudaGraphAddChildGraphNode", "cudaGraphAddDependencies", "cudaGraphAddEmptyNode",
    "cudaGraphAddEventRecordNode", "cudaGraphAddEventWaitNode", "cudaGraphAddHostNode",
    "cudaGraphAddKernelNode", "cudaGraphAddMemcpyNode", "cudaGraphAddMemcpyNode1D",
    "cudaGraphAddMemcpyNodeFromSymbol", "cudaGraphAddMemcpyNodeToSymbol", "cudaGraphAddMemsetNode",
    "cudaGraphChildGraphNodeGetGraph", "cudaGraphClone", "cudaGraphCreate",
    "cudaGraphDebugDotPrint", "cudaGraphDestroy", "cudaGraphDestroyNode",
    "cudaGraphEventRecordNodeGetEvent", "cudaGraphEventWaitNodeGetEvent",
    "cudaGraphExecDestroy", "cudaGraphExecKernelNodeSetParams", "cudaGraphExecMemsetNodeSetParams",
    "cudaGraphExecHostNodeSetParams", "cudaGraphExecMemcpyNodeSetParams1D", "cudaGraphExecUpdate",
    "cudaGraphGetEdges", "cudaGraphGetNodes", "cudaGraphGetRootNodes", "cudaGraphHostNodeGetParams",
    "cudaGraphInstantiate", "cudaGraphInstantiateWithFlags", "cudaGraphInstantiateWithParams",
    "cudaGraphKernelNodeGetParams", "cudaGraphKernelNodeSetParams", "cudaGraphLaunch",
    "cudaGraphMemcpyNodeGetParams", "cudaGraphMemsetNodeGetParams", "cudaGraphNodeFindInClone",
    "cudaGraphNodeGetDependencies", "cudaGraphNodeGetDependentNodes", "cudaGraphNodeGetType",
    "cudaGraphReleaseUserObject", "cudaGraphRemoveDependencies", "cudaGraphRetainUserObject",
    "cudaGraphUpload", "cudaUserObjectCreate", "cudaUserObjectRelease", "cudaUserObjectRetain",
    "cudaStreamBeginCapture", "cudaStreamEndCapture", "cudaStreamGetCaptureInfo",
    "cudaStreamIsCapturing", "cudaStreamUpdateCaptureDependencies",
    "cudaThreadExchangeStreamCaptureMode", "cudaGraphEventRecordNodeSetEvent",
    "cudaGraphEventWaitNodeSetEvent", "cudaGraphExecChildGraphNodeSetParams",
    "cudaGraphExecEventRecordNodeSetEvent", "cudaGraphExecEventWaitNodeSetEvent",
    "cudaGraphExecMemcpyNodeSetParams", "cudaGraphExecMemcpyNodeSetParamsFromSymbol",
    "cudaGraphExecMemcpyNodeSetParamsToSymbol", "cudaGraphHostNodeSetParams",
    "cudaGraphMemcpyNodeSetParams", "cudaGraphMemcpyNodeSetParams1D",
    "cudaGraphMemcpyNodeSetParamsFromSymbol", "cudaGraphMemcpyNodeSetParamsToSymbol",
    "cudaGraphMemsetNodeSetParams", "cudaEventRecordWithFlags",
}  # fmt: skip

_CHECKS = r"""
#include <cstdio>
#include <cstring>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

#define N 64
__global__ void scale(float *x, float a, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= a;
}
__global__ void add(float *y, const float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] += x[i];
}
static void CUDART_CB count(void *data) { ++*(int *)data; }
"""

GRAPH_PROGRAM = (
    _CHECKS
    + r"""
struct Pair { int a; double b; };
__global__ void set_pair(int *out, Pair p) { out[0] = p.a + (int)p.b; }
__device__ int dev_table[4];
static void CUDART_CB destroyed(void *data) { ++*(int *)data; }

static int all_equal(const float *got, const float *hx, float a, float b) {
    for (int i = 0; i < N; i++) if (got[i] != a + b * hx[i]) return 0;
    return 1;
}

int main() {
    float hx[N], hy[N], *dx, *dy;
    for (int i = 0; i < N; i++) hx[i] = (float)i;
    OK(cudaMalloc(&dx, sizeof hx));
    OK(cudaMalloc(&dy, sizeof hy));
    int n = N, host_calls = 0;

    /* A diamond: copy x in; scale x and set y to 1 after it; y += x after both; then a
     * host node, a child graph (y *= 3) and the copy out. */
    cudaGraph_t g, child;
    CALL(cudaGraphCreate(&g, 1), cudaErrorInvalidValue);
    OK(cudaGraphCreate(&g, 0));
    OK(cudaGraphCreate(&child, 0));
    cudaGraphNode_t top, left, right, join, host, sub, back, k3;
    OK(cudaGraphAddMemcpyNode1D(&top, g, nullptr, 0, dx, hx, sizeof hx, cudaMemcpyHostToDevice));
    float a = 2.0f;
    void *scale_args[] = {&dx, &a, &n};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)scale;
    kp.gridDim = dim3(2);
    kp.blockDim = dim3(32);
    kp.kernelParams = scale_args;
    OK(cudaGraphAddKernelNode(&left, g, &top, 1, &kp));
    a = 100.0f; /* the node copied its arguments */
    cudaMemsetParams mp = {};
    mp.dst = dy;
    mp.value = 0x3f800000; /* 1.0f */
    mp.elementSize = 4;
    mp.width = N;
    mp.height = 1;
    OK(cudaGraphAddMemsetNode(&right, g, &top, 1, &mp));
    void *add_args[] = {&dy, &dx, &n};
    cudaKernelNodeParams ka = kp;
    ka.func = (void *)add;
    ka.kernelParams = add_args;
    cudaGraphNode_t both[] = {left, right};
    OK(cudaGraphAddKernelNode(&join, g, both, 2, &ka));
    cudaHostNodeParams hp = {count, &host_calls};
    OK(cudaGraphAddHostNode(&host, g, &join, 1, &hp));
    float three = 3.0f;
    void *child_args[] = {&dy, &three, &n};
    cudaKernelNodeParams kc = kp;
    kc.kernelParams = child_args;
    OK(cudaGraphAddKernelNode(&k3, child, nullptr, 0, &kc));
    OK(cudaGraphAddChildGraphNode(&sub, g, &host, 1, child));
    OK(cudaGraphAddMemcpyNode1D(&back, g, &sub, 1, hy, dy, sizeof hy, cudaMemcpyDeviceToHost));

    /* Structure. */
    size_t count_nodes = 0, count_edges = 0, count_roots = 0;
    OK(cudaGraphGetNodes(g, nullptr, &count_nodes));
    EXPECT(count_nodes == 7);
    OK(cudaGraphGetEdges(g, nullptr, nullptr, &count_edges));
    EXPECT(count_edges == 7);
    cudaGraphNode_t roots[4] = {};
    count_roots = 4;
    OK(cudaGraphGetRootNodes(g, roots, &count_roots));
    EXPECT(count_roots == 1 && roots[0] == top && roots[1] == nullptr);
    cudaGraphNode_t from[7], to[7];
    count_edges = 7;
    OK(cudaGraphGetEdges(g, from, to, &count_edges));
    int diamond = 0;
    for (int i = 0; i < 7; i++) diamond += (from[i] == left && to[i] == join) + (from[i] == right && to[i] == join);
    EXPECT(diamond == 2);
    cudaGraphNode_t deps[4];
    size_t count_deps = 4;
    OK(cudaGraphNodeGetDependencies(join, deps, &count_deps));
    EXPECT(count_deps == 2 && deps[0] == left && deps[1] == right);
    count_deps = 4;
    OK(cudaGraphNodeGetDependentNodes(top, deps, &count_deps));
    EXPECT(count_deps == 2);
    CALL(cudaGraphGetNodes(g, nullptr, nullptr), cudaErrorInvalidValue);
    cudaGraphNodeType type;
    OK(cudaGraphNodeGetType(top, &type)); EXPECT(type == cudaGraphNodeTypeMemcpy);
    OK(cudaGraphNodeGetType(left, &type)); EXPECT(type == cudaGraphNodeTypeKernel);
    OK(cudaGraphNodeGetType(right, &type)); EXPECT(type == cudaGraphNodeTypeMemset);
    OK(cudaGraphNodeGetType(host, &type)); EXPECT(type == cudaGraphNodeTypeHost);
    OK(cudaGraphNodeGetType(sub, &type)); EXPECT(type == cudaGraphNodeTypeGraph);

    /* Parameters. */
    cudaKernelNodeParams got = {};
    OK(cudaGraphKernelNodeGetParams(left, &got));
    EXPECT(got.func == (void *)scale && got.gridDim.x == 2 && got.blockDim.x == 32 && got.sharedMemBytes == 0);
    EXPECT(*(float *)got.kernelParams[1] == 2.0f && *(int *)got.kernelParams[2] == N);
    cudaMemsetParams gm = {};
    OK(cudaGraphMemsetNodeGetParams(right, &gm));
    EXPECT(gm.dst == dy && gm.value == 0x3f800000 && gm.elementSize == 4 && gm.width == N && gm.height == 1);
    cudaHostNodeParams gh = {};
    OK(cudaGraphHostNodeGetParams(host, &gh));
    EXPECT(gh.fn == count && gh.userData == &host_calls);
    cudaGraph_t embedded;
    OK(cudaGraphChildGraphNodeGetGraph(sub, &embedded));
    OK(cudaGraphGetNodes(embedded, nullptr, &count_nodes));
    EXPECT(count_nodes == 1);
    CALL(cudaGraphKernelNodeGetParams(right, &got), cudaErrorInvalidValue); /* not a kernel node */
    CALL(cudaGraphAddKernelNode(&k3, g, nullptr, 0, nullptr), cudaErrorInvalidValue);
    cudaGetLastError();

    /* Instantiate and launch three times: each launch copies x in again. */
    cudaGraphExec_t exec;
    OK(cudaGraphInstantiate(&exec, g, 0));
    cudaStream_t s;
    OK(cudaStreamCreate(&s));
    OK(cudaGraphUpload(exec, s));
    for (int launch = 0; launch < 3; launch++) {
        memset(hy, 0, sizeof hy);
        OK(cudaGraphLaunch(exec, s));
        OK(cudaStreamSynchronize(s));
        EXPECT(all_equal(hy, hx, 3.0f, 6.0f));
    }
    EXPECT(host_calls == 3);

    /* The executable graph's own parameters: x scaled by 4, the host node counts twice as
     * fast; the graph keeps its own. */
    a = 4.0f;
    OK(cudaGraphExecKernelNodeSetParams(exec, left, &kp));
    a = 100.0f;
    cudaHostNodeParams twice = {count, &host_calls};
    OK(cudaGraphExecHostNodeSetParams(exec, host, &twice));
    OK(cudaGraphLaunch(exec, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(all_equal(hy, hx, 3.0f, 12.0f));
    EXPECT(host_calls == 4);
    OK(cudaGraphKernelNodeGetParams(left, &got));
    EXPECT(*(float *)got.kernelParams[1] == 2.0f);
    mp.value = 0x40000000; /* 2.0f */
    OK(cudaGraphExecMemsetNodeSetParams(exec, right, &mp));
    OK(cudaGraphLaunch(exec, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(all_equal(hy, hx, 6.0f, 12.0f));
    CALL(cudaGraphExecKernelNodeSetParams(exec, right, &kp), cudaErrorInvalidValue);
    cudaGetLastError();

    /* cudaGraphExecUpdate: same topology, new parameters (scale by 5, set y to 1). */
    a = 5.0f;
    OK(cudaGraphKernelNodeSetParams(left, &kp));
    cudaGraphExecUpdateResultInfo info;
    OK(cudaGraphExecUpdate(exec, g, &info));
    EXPECT(info.result == cudaGraphExecUpdateSuccess);
    OK(cudaGraphLaunch(exec, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(all_equal(hy, hx, 3.0f, 15.0f));

    /* Clones: the same nodes, found from the original's. */
    cudaGraph_t copy;
    OK(cudaGraphClone(&copy, g));
    cudaGraphNode_t left_copy;
    OK(cudaGraphNodeFindInClone(&left_copy, left, copy));
    EXPECT(left_copy != left);
    OK(cudaGraphKernelNodeGetParams(left_copy, &got));
    EXPECT(got.func == (void *)scale && *(float *)got.kernelParams[1] == 5.0f);
    CALL(cudaGraphNodeFindInClone(&left_copy, left, g), cudaErrorInvalidValue);
    cudaGetLastError();

    /* A changed topology cannot update the executable graph. */
    cudaGraphNode_t extra;
    OK(cudaGraphAddEmptyNode(&extra, g, &back, 1));
    CALL(cudaGraphExecUpdate(exec, g, &info), cudaErrorGraphExecUpdateFailure);
    EXPECT(info.result == cudaGraphExecUpdateErrorTopologyChanged);
    cudaGetLastError();
    OK(cudaGraphDestroyNode(extra));
    OK(cudaGraphGetNodes(g, nullptr, &count_nodes));
    EXPECT(count_nodes == 7);

    /* The DOT dump. */
    const char *dot = "graph_test.dot";
    OK(cudaGraphDebugDotPrint(g, dot, cudaGraphDebugDotFlagsVerbose));
    FILE *f = fopen(dot, "r");
    char text[4096] = {};
    EXPECT(f != nullptr);
    if (f) { fread(text, 1, sizeof text - 1, f); fclose(f); remove(dot); }
    EXPECT(strstr(text, "digraph") && strstr(text, "KERNEL") && strstr(text, "->"));

    /* Symbols, a kernel with a struct argument, events, empty nodes, edges added and removed. */
    cudaGraph_t h;
    OK(cudaGraphCreate(&h, 0));
    int table_in[4] = {1, 2, 3, 4}, table_out[4] = {}, *dpair, pair_out = 0;
    OK(cudaMalloc(&dpair, sizeof(int)));
    cudaGraphNode_t to_sym, from_sym, pair_node, rec, wait, e1, e2;
    OK(cudaGraphAddMemcpyNodeToSymbol(&to_sym, h, nullptr, 0, dev_table, table_in, sizeof table_in, 0,
                                      cudaMemcpyHostToDevice));
    OK(cudaGraphAddMemcpyNodeFromSymbol(&from_sym, h, &to_sym, 1, table_out, dev_table, 2 * sizeof(int),
                                        2 * sizeof(int), cudaMemcpyDeviceToHost));
    Pair pair = {40, 2.0};
    void *pair_args[] = {&dpair, &pair};
    cudaKernelNodeParams kpair = {};
    kpair.func = (void *)set_pair;
    kpair.gridDim = dim3(1);
    kpair.blockDim = dim3(1);
    kpair.kernelParams = pair_args;
    OK(cudaGraphAddKernelNode(&pair_node, h, &from_sym, 1, &kpair));
    pair.a = 0;
    cudaEvent_t ev;
    OK(cudaEventCreate(&ev));
    OK(cudaGraphAddEventRecordNode(&rec, h, &pair_node, 1, ev));
    OK(cudaGraphAddEventWaitNode(&wait, h, &rec, 1, ev));
    cudaEvent_t ev_got = nullptr;
    OK(cudaGraphEventRecordNodeGetEvent(rec, &ev_got)); EXPECT(ev_got == ev);
    OK(cudaGraphEventWaitNodeGetEvent(wait, &ev_got)); EXPECT(ev_got == ev);
    OK(cudaGraphNodeGetType(rec, &type)); EXPECT(type == cudaGraphNodeTypeEventRecord);
    OK(cudaGraphNodeGetType(wait, &type)); EXPECT(type == cudaGraphNodeTypeWaitEvent);
    OK(cudaGraphAddEmptyNode(&e1, h, nullptr, 0));
    OK(cudaGraphAddEmptyNode(&e2, h, nullptr, 0));
    OK(cudaGraphAddDependencies(h, &e1, &e2, 1));
    CALL(cudaGraphAddDependencies(h, &e1, &e2, 1), cudaErrorInvalidValue); /* already there */
    OK(cudaGraphRemoveDependencies(h, &e1, &e2, 1));
    CALL(cudaGraphRemoveDependencies(h, &e1, &e2, 1), cudaErrorInvalidValue);
    cudaGetLastError();
    OK(cudaGraphNodeGetType(e1, &type)); EXPECT(type == cudaGraphNodeTypeEmpty);
    cudaGraphExec_t hexec;
    cudaGraphInstantiateParams ip = {};
    OK(cudaGraphInstantiateWithParams(&hexec, h, &ip));
    EXPECT(ip.result_out == cudaGraphInstantiateSuccess);
    OK(cudaGraphLaunch(hexec, 0));
    OK(cudaDeviceSynchronize());
    OK(cudaMemcpy(&pair_out, dpair, sizeof(int), cudaMemcpyDeviceToHost));
    EXPECT(table_out[0] == 3 && table_out[1] == 4 && pair_out == 42);
    int out2[4] = {};
    /* A symbol copy node is not a 1D copy node. */
    CALL(cudaGraphExecMemcpyNodeSetParams1D(hexec, from_sym, out2, table_out, 0, cudaMemcpyDeviceToHost),
         cudaErrorInvalidValue);
    cudaGetLastError();
    OK(cudaGraphExecDestroy(hexec));

    /* A cycle cannot be instantiated. */
    OK(cudaGraphAddDependencies(h, &e1, &e2, 1));
    OK(cudaGraphAddDependencies(h, &e2, &e1, 1));
    EXPECT(cudaGraphInstantiateWithFlags(&hexec, h, 0) != cudaSuccess);
    cudaGetLastError();

    /* User objects: a graph's reference moves in; the executable graph takes its own; the
     * destructor runs once the last is released. */
    int destructions = 0;
    cudaUserObject_t object;
    CALL(cudaUserObjectCreate(&object, &destructions, destroyed, 1, 0), cudaErrorInvalidValue);
    OK(cudaUserObjectCreate(&object, &destructions, destroyed, 1, cudaUserObjectNoDestructorSync));
    OK(cudaUserObjectRetain(object, 2));
    OK(cudaUserObjectRelease(object, 2));
    OK(cudaGraphRetainUserObject(child, object, 1, cudaGraphUserObjectMove));
    cudaGraphExec_t child_exec;
    OK(cudaGraphInstantiateWithFlags(&child_exec, child, 0));
    OK(cudaGraphDestroy(child));
    EXPECT(destructions == 0);
    OK(cudaGraphExecDestroy(child_exec));
    EXPECT(destructions == 1);
    cudaUserObject_t object2;
    OK(cudaUserObjectCreate(&object2, &destructions, destroyed, 1, cudaUserObjectNoDestructorSync));
    OK(cudaGraphRetainUserObject(copy, object2, 1, 0));
    OK(cudaGraphReleaseUserObject(copy, object2, 1));
    CALL(cudaGraphReleaseUserObject(copy, object2, 1), cudaErrorInvalidValue);
    cudaGetLastError();
    EXPECT(destructions == 1);
    OK(cudaUserObjectRelease(object2, 1));
    EXPECT(destructions == 2);

    /* Setting each kind of node's parameters, in the graph and in an executable graph: a
     * 3D copy node (a 4x2 box of a 8x4 float matrix), 1D and symbol copies, memset, host,
     * event and child graph nodes. */
    {
        float m[4][8], box[2][4] = {}, *dm;
        size_t pitch;
        for (int r = 0; r < 4; r++) for (int c = 0; c < 8; c++) m[r][c] = (float)(10 * r + c);
        OK(cudaMallocPitch((void **)&dm, &pitch, sizeof m[0], 4));
        OK(cudaMemcpy2D(dm, pitch, m, sizeof m[0], sizeof m[0], 4, cudaMemcpyHostToDevice));
        cudaMemcpy3DParms p3 = {};
        p3.srcPtr = make_cudaPitchedPtr(dm, pitch, 8, 4);
        p3.srcPos = make_cudaPos(2 * sizeof(float), 1, 0);
        p3.dstPtr = make_cudaPitchedPtr(box, sizeof box[0], 4, 2);
        p3.extent = make_cudaExtent(4 * sizeof(float), 2, 1);
        p3.kind = cudaMemcpyDeviceToHost;
        cudaGraph_t q;
        OK(cudaGraphCreate(&q, 0));
        cudaGraphNode_t c3, c1, sym_to, sym_from, mset, hnode, rnode, wnode, cnode;
        OK(cudaGraphAddMemcpyNode(&c3, q, nullptr, 0, &p3));
        cudaMemcpy3DParms g3 = {};
        OK(cudaGraphMemcpyNodeGetParams(c3, &g3));
        EXPECT(g3.srcPtr.ptr == dm && g3.extent.height == 2 && g3.srcPos.y == 1);
        p3.srcPos = make_cudaPos(0, 2, 0);
        OK(cudaGraphMemcpyNodeSetParams(c3, &p3)); /* rows 2..3, columns 0..3 */
        int one = 1, two = 2, at = 0;
        OK(cudaGraphAddMemcpyNode1D(&c1, q, &c3, 1, dy, hy, sizeof(float), cudaMemcpyHostToDevice));
        OK(cudaGraphMemcpyNodeSetParams1D(c1, dx, hx, sizeof hx, cudaMemcpyHostToDevice));
        OK(cudaGraphAddMemcpyNodeToSymbol(&sym_to, q, &c1, 1, dev_table, &two, sizeof(int), 0,
                                          cudaMemcpyHostToDevice));
        OK(cudaGraphMemcpyNodeSetParamsToSymbol(sym_to, dev_table, &one, sizeof(int), 3 * sizeof(int),
                                                cudaMemcpyHostToDevice));
        OK(cudaGraphAddMemcpyNodeFromSymbol(&sym_from, q, &sym_to, 1, &at, dev_table, sizeof(int), 0,
                                            cudaMemcpyDeviceToHost));
        OK(cudaGraphMemcpyNodeSetParamsFromSymbol(sym_from, &at, dev_table, sizeof(int), 3 * sizeof(int),
                                                  cudaMemcpyDeviceToHost));
        cudaMemsetParams ms = {};
        ms.dst = dy; ms.value = 0; ms.elementSize = 4; ms.width = N; ms.height = 1;
        OK(cudaGraphAddMemsetNode(&mset, q, &sym_from, 1, &ms));
        ms.value = 0x40400000; /* 3.0f */
        OK(cudaGraphMemsetNodeSetParams(mset, &ms));
        int other_calls = 0;
        cudaHostNodeParams hn = {count, &host_calls};
        OK(cudaGraphAddHostNode(&hnode, q, &mset, 1, &hn));
        hn.userData = &other_calls;
        OK(cudaGraphHostNodeSetParams(hnode, &hn));
        cudaEvent_t e1, e2;
        OK(cudaEventCreate(&e1));
        OK(cudaEventCreate(&e2));
        OK(cudaGraphAddEventRecordNode(&rnode, q, &hnode, 1, e1));
        OK(cudaGraphEventRecordNodeSetEvent(rnode, e2));
        OK(cudaGraphAddEventWaitNode(&wnode, q, &rnode, 1, e1));
        OK(cudaGraphEventWaitNodeSetEvent(wnode, e2));
        cudaEvent_t seen;
        OK(cudaGraphEventRecordNodeGetEvent(rnode, &seen)); EXPECT(seen == e2);
        OK(cudaGraphEventWaitNodeGetEvent(wnode, &seen)); EXPECT(seen == e2);
        cudaGraph_t small;
        OK(cudaGraphCreate(&small, 0));
        cudaGraphNode_t small_host;
        OK(cudaGraphAddHostNode(&small_host, small, nullptr, 0, &hn));
        OK(cudaGraphAddChildGraphNode(&cnode, q, &wnode, 1, small));
        cudaGraphExec_t qe;
        OK(cudaGraphInstantiate(&qe, q, 0));
        OK(cudaGraphLaunch(qe, 0));
        OK(cudaDeviceSynchronize());
        EXPECT(box[0][0] == 20.0f && box[1][3] == 33.0f && at == 1 && other_calls == 2);
        float y0 = 0;
        OK(cudaMemcpy(&y0, dy, sizeof y0, cudaMemcpyDeviceToHost));
        EXPECT(y0 == 3.0f);
        /* The executable graph's copies: the first rows again, the symbol's first word. */
        p3.srcPos = make_cudaPos(4 * sizeof(float), 0, 0);
        OK(cudaGraphExecMemcpyNodeSetParams(qe, c3, &p3));
        OK(cudaGraphExecMemcpyNodeSetParamsToSymbol(qe, sym_to, dev_table, &two, sizeof(int), 0,
                                                    cudaMemcpyHostToDevice));
        OK(cudaGraphExecMemcpyNodeSetParamsFromSymbol(qe, sym_from, &at, dev_table, sizeof(int), 0,
                                                      cudaMemcpyDeviceToHost));
        OK(cudaGraphExecEventRecordNodeSetEvent(qe, rnode, e1));
        OK(cudaGraphExecEventWaitNodeSetEvent(qe, wnode, e1));
        cudaGraph_t empty_child;
        OK(cudaGraphCreate(&empty_child, 0));
        OK(cudaGraphExecChildGraphNodeSetParams(qe, cnode, small));
        OK(cudaGraphLaunch(qe, 0));
        OK(cudaDeviceSynchronize());
        EXPECT(box[0][0] == 4.0f && box[1][3] == 17.0f && at == 2 && other_calls == 4);
        OK(cudaGraphExecDestroy(qe));
        OK(cudaGraphDestroy(empty_child));
        OK(cudaGraphDestroy(small));
        OK(cudaGraphDestroy(q));
        OK(cudaEventDestroy(e1));
        OK(cudaEventDestroy(e2));
        OK(cudaFree(dm));
    }

    OK(cudaGraphExecDestroy(exec));
    OK(cudaGraphDestroy(g));
    OK(cudaGraphDestroy(copy));
    OK(cudaGraphDestroy(h));
    OK(cudaEventDestroy(ev));
    OK(cudaStreamDestroy(s));
    OK(cudaFree(dx)); OK(cudaFree(dy)); OK(cudaFree(dpair));
    OK(cudaGetLastError());
    printf(failures ? "graph: FAILED\n" : "graph: PASSED\n");
    return failures != 0;
}
"""
)

CAPTURE_PROGRAM = (
    _CHECKS
    + r"""
__global__ void fill(float *z, float v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) z[i] = v;
}

int main() {
    float hx[N], hy[N], *dx, *dy, *dz;
    OK(cudaMalloc(&dx, sizeof hx));
    OK(cudaMalloc(&dy, sizeof hy));
    OK(cudaMalloc(&dz, sizeof hy));
    int n = N, host_calls = 0;
    cudaStream_t s1, s2;
    OK(cudaStreamCreate(&s1));
    OK(cudaStreamCreate(&s2));
    cudaEvent_t fork, join;
    OK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
    OK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));

    /* s1: x in, x *= 2; s2 (forked from s1): z = 0.5 ... y = z; s1 joins s2, y += x, host
     * function, y out. Nothing runs while capturing. */
    for (int i = 0; i < N; i++) hx[i] = (float)i, hy[i] = -1.0f;
    cudaStreamCaptureStatus status;
    OK(cudaStreamIsCapturing(s1, &status));
    EXPECT(status == cudaStreamCaptureStatusNone);
    OK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    CALL(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal), cudaErrorIllegalState);
    OK(cudaStreamIsCapturing(s1, &status));
    EXPECT(status == cudaStreamCaptureStatusActive);
    OK(cudaMemcpyAsync(dx, hx, sizeof hx, cudaMemcpyHostToDevice, s1));
    scale<<<2, 32, 0, s1>>>(dx, 2.0f, n);
    OK(cudaEventRecord(fork, s1));
    OK(cudaStreamWaitEvent(s2, fork, 0));
    OK(cudaStreamIsCapturing(s2, &status));
    EXPECT(status == cudaStreamCaptureStatusActive);
    unsigned long long id1 = 0, id2 = 0;
    cudaGraph_t capturing = nullptr;
    const cudaGraphNode_t *deps = nullptr;
    size_t n_deps = 0;
    OK(cudaStreamGetCaptureInfo(s1, &status, &id1, &capturing, &deps, &n_deps));
    OK(cudaStreamGetCaptureInfo(s2, &status, &id2));
    EXPECT(id1 != 0 && id1 == id2 && capturing != nullptr && n_deps == 1);
    fill<<<2, 32, 0, s2>>>(dz, 0.5f, n);
    OK(cudaMemsetAsync(dy, 0, sizeof hy, s2));
    add<<<2, 32, 0, s2>>>(dy, dz, n);
    OK(cudaEventRecord(join, s2));
    OK(cudaStreamWaitEvent(s1, join, 0));
    add<<<2, 32, 0, s1>>>(dy, dx, n);
    OK(cudaLaunchHostFunc(s1, count, &host_calls));
    OK(cudaMemcpyAsync(hy, dy, sizeof hy, cudaMemcpyDeviceToHost, s1));
    CALL(cudaStreamEndCapture(s2, &capturing), cudaErrorStreamCaptureUnmatched);
    cudaGetLastError();
    cudaGraph_t graph = nullptr;
    OK(cudaStreamEndCapture(s1, &graph));
    OK(cudaStreamIsCapturing(s2, &status));
    EXPECT(status == cudaStreamCaptureStatusNone);
    EXPECT(hy[5] == -1.0f && host_calls == 0);
    size_t nodes = 0, edges = 0;
    OK(cudaGraphGetNodes(graph, nullptr, &nodes));
    OK(cudaGraphGetEdges(graph, nullptr, nullptr, &edges));
    EXPECT(nodes == 8 && edges == 8);

    /* Replays: x is read from the host at each launch. */
    cudaGraphExec_t exec;
    OK(cudaGraphInstantiate(&exec, graph, 0));
    for (int launch = 1; launch <= 5; launch++) {
        for (int i = 0; i < N; i++) hx[i] = (float)(i * launch);
        OK(cudaGraphLaunch(exec, s1));
        OK(cudaStreamSynchronize(s1));
        int ok = 1;
        for (int i = 0; i < N; i++) ok &= hy[i] == 0.5f + 2.0f * i * launch;
        EXPECT(ok);
    }
    EXPECT(host_calls == 5);
    OK(cudaGraphDestroy(graph));

    /* A graph launched into a capture becomes a child graph node. */
    OK(cudaStreamBeginCapture(s2, cudaStreamCaptureModeThreadLocal));
    OK(cudaGraphLaunch(exec, s2));
    cudaGraph_t outer;
    OK(cudaStreamEndCapture(s2, &outer));
    cudaGraphNode_t child;
    nodes = 1;
    OK(cudaGraphGetNodes(outer, &child, &nodes));
    cudaGraphNodeType type;
    OK(cudaGraphNodeGetType(child, &type));
    EXPECT(nodes == 1 && type == cudaGraphNodeTypeGraph);
    OK(cudaGraphDestroy(outer));

    /* An external event record is a node of the capture. */
    OK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    OK(cudaEventRecordWithFlags(fork, s1, cudaEventRecordExternal));
    cudaGraph_t with_event;
    OK(cudaStreamEndCapture(s1, &with_event));
    cudaGraphNode_t record_node;
    nodes = 1;
    OK(cudaGraphGetNodes(with_event, &record_node, &nodes));
    OK(cudaGraphNodeGetType(record_node, &type));
    EXPECT(nodes == 1 && type == cudaGraphNodeTypeEventRecord);
    OK(cudaGraphDestroy(with_event));

    /* cudaStreamUpdateCaptureDependencies: the stream's next work follows a node added
     * to the capture's graph by hand. */
    OK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    fill<<<2, 32, 0, s1>>>(dz, 1.0f, n);
    OK(cudaStreamGetCaptureInfo(s1, &status, nullptr, &capturing, &deps, &n_deps));
    cudaGraphNode_t manual;
    OK(cudaGraphAddEmptyNode(&manual, capturing, deps, n_deps));
    OK(cudaStreamUpdateCaptureDependencies(s1, &manual, 1, cudaStreamSetCaptureDependencies));
    OK(cudaStreamGetCaptureInfo(s1, &status, nullptr, nullptr, &deps, &n_deps));
    EXPECT(n_deps == 1 && deps[0] == manual);
    fill<<<2, 32, 0, s1>>>(dz, 2.0f, n);
    cudaGraph_t updated;
    OK(cudaStreamEndCapture(s1, &updated));
    cudaGraphNode_t last[3];
    size_t n_last = 3;
    OK(cudaGraphGetNodes(updated, last, &n_last));
    size_t last_deps = 0;
    OK(cudaGraphNodeGetDependencies(last[2], nullptr, &last_deps));
    cudaGraphNode_t before;
    last_deps = 1;
    OK(cudaGraphNodeGetDependencies(last[2], &before, &last_deps));
    EXPECT(n_last == 3 && last_deps == 1 && before == manual);
    OK(cudaGraphDestroy(updated));

    /* Errors. The legacy stream cannot capture; ending a capture that never began. */
    CALL(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal), cudaErrorStreamCaptureUnsupported);
    CALL(cudaStreamBeginCapture(s1, (cudaStreamCaptureMode)7), cudaErrorInvalidValue);
    CALL(cudaStreamEndCapture(s1, &graph), cudaErrorIllegalState);
    CALL(cudaStreamIsCapturing(s1, nullptr), cudaErrorInvalidValue);
    cudaGetLastError();
    /* Global mode: a synchronous copy is refused and invalidates the capture. */
    OK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    CALL(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice), cudaErrorStreamCaptureUnsupported);
    OK(cudaStreamIsCapturing(s1, &status));
    EXPECT(status == cudaStreamCaptureStatusInvalidated);
    cudaGraph_t broken = (cudaGraph_t)&broken;
    CALL(cudaStreamEndCapture(s1, &broken), cudaErrorStreamCaptureInvalidated);
    EXPECT(broken == nullptr);
    OK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice)); /* fine again */
    /* Synchronising a capturing stream is refused too. */
    OK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    CALL(cudaStreamSynchronize(s1), cudaErrorStreamCaptureUnsupported);
    CALL(cudaStreamEndCapture(s1, &broken), cudaErrorStreamCaptureInvalidated);
    /* A thread in relaxed mode may make such calls. */
    cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
    OK(cudaThreadExchangeStreamCaptureMode(&mode));
    EXPECT(mode == cudaStreamCaptureModeGlobal);
    OK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    OK(cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice));
    OK(cudaStreamEndCapture(s1, &graph));
    OK(cudaGraphDestroy(graph));
    OK(cudaThreadExchangeStreamCaptureMode(&mode));
    EXPECT(mode == cudaStreamCaptureModeRelaxed);
    /* Allocation from an explicit pool is not captured by cu2amd (CUDA makes a memory node;
     * cudaMallocAsync does, see test_runtime_api_graph2.py): it is refused, never run at
     * capture time. */
    cudaMemPool_t pool;
    OK(cudaDeviceGetDefaultMemPool(&pool, 0));
    OK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    void *pooled = nullptr;
    CALL(cudaMallocFromPoolAsync(&pooled, 64, pool, s1), cudaErrorStreamCaptureUnsupported);
    CALL(cudaStreamEndCapture(s1, &broken), cudaErrorStreamCaptureInvalidated);
    /* Work forked to another stream must be joined before the capture ends. */
    OK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
    OK(cudaEventRecord(fork, s1));
    OK(cudaStreamWaitEvent(s2, fork, 0));
    fill<<<2, 32, 0, s2>>>(dz, 3.0f, n);
    CALL(cudaStreamEndCapture(s1, &broken), cudaErrorStreamCaptureUnjoined);
    OK(cudaStreamIsCapturing(s2, &status));
    EXPECT(status == cudaStreamCaptureStatusNone);
    cudaGetLastError();

    OK(cudaGraphExecDestroy(exec));
    OK(cudaEventDestroy(fork)); OK(cudaEventDestroy(join));
    OK(cudaStreamDestroy(s1)); OK(cudaStreamDestroy(s2));
    OK(cudaFree(dx)); OK(cudaFree(dy)); OK(cudaFree(dz));
    OK(cudaGetLastError());
    printf(failures ? "capture: FAILED\n" : "capture: PASSED\n");
    return failures != 0;
}
"""
)


# Both programs, for tests/test_api_tables_run.py (which checks each of CALLS is called).
PROGRAM = GRAPH_PROGRAM + CAPTURE_PROGRAM


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("runtime_api_graph")
    out = {}
    for name, text in (("graph", GRAPH_PROGRAM), ("capture", CAPTURE_PROGRAM)):
        out[name] = folder / f"{name}.cu"
        out[name].write_text(text)
    return out


@pytest.mark.parametrize("name", ["graph", "capture"])
def test_program_runs_on_the_host_platform(
    sources: dict[str, Path], tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the DOT dump is written to the working directory
    run_on_host(sources[name], tmp_path, name)


@pytest.mark.parametrize("name", ["graph", "capture"])
def test_program_builds_for_gfx942(sources: dict[str, Path], tmp_path: Path, name: str) -> None:
    """The same programs compile for an AMD GPU and link against libamdhip64 5.2, whose
    hipGraph* and capture functions they call."""
    undefined = link_for_gfx942(sources[name], tmp_path, name)
    wanted = (
        ("hipGraphAddKernelNode", "hipGraphLaunch")
        if name == "graph"
        else ("hipStreamBeginCapture",)
    )
    for hip in wanted:
        assert hip in undefined
