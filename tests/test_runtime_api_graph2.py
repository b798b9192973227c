"""CUDA 12's graph additions (cu2amd/runtime_graph.h over HIP 5.2's graph functions, and
host/hip_graph.c): graph memory (an alloc node, a kernel writing the buffer, a copy out and a
free node, launched three times, with the used and reserved memory the attributes report;
allocations outliving a launch, AutoFreeOnLaunch, cudaMallocAsync/cudaFreeAsync captured as
alloc and free nodes), cudaGraphAddNode of every node kind with cudaGraphNodeParams,
cudaGraphNodeSetParams/cudaGraphExecNodeSetParams, the _v2 edge forms with edge data, kernel
node attributes (kept, copied, cloned), cudaGraphExecGetFlags, disabled nodes, capture
into an existing graph and the _v3 capture info. Each program builds with cu2amd-nvcc for the
host platform and runs, and builds and links for gfx942."""

from __future__ import annotations

from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

# The runtime functions these programs call and check (see tests/test_api_tables_run.py).
CALLS = {
    "cudaGraphAddMemAllocNode", "cudaGraphAddMemFreeNode", "cudaGraphMemAllocNodeGetParams",
    "cudaGraphMemFreeNodeGetParams", "cudaDeviceGraphMemTrim", "cudaDeviceGetGraphMemAttribute",
    "cudaDeviceSetGraphMemAttribute", "cudaGraphExecGetFlags", "cudaGraphKernelNodeGetAttribute",
    "cudaGraphKernelNodeSetAttribute", "cudaGraphKernelNodeCopyAttributes", "cudaGraphAddNode",
    "cudaGraphAddNode_v2", "cudaGraphNodeSetParams", "cudaGraphExecNodeSetParams",
    "cudaGraphAddDependencies_v2", "cudaGraphRemoveDependencies_v2", "cudaGraphGetEdges_v2",
    "cudaGraphNodeGetDependencies_v2", "cudaGraphNodeGetDependentNodes_v2",
    "cudaStreamBeginCaptureToGraph", "cudaStreamGetCaptureInfo_v3",
    "cudaStreamUpdateCaptureDependencies_v2", "cudaGraphNodeGetEnabled", "cudaGraphNodeSetEnabled",
}  # fmt: skip

_CHECKS = r"""#include <cstdio>
#include <cstring>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

#define N 64
__global__ void iota(int *x, int base, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = base + i;
}
__global__ void twice(int *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2;
}
static void CUDART_CB count(void *data) { ++*(int *)data; }

"""

MEMORY_PROGRAM = (
    _CHECKS
    + r"""static unsigned long long attr(cudaGraphMemAttributeType a) {
    unsigned long long v = ~0ull;
    OK(cudaDeviceGetGraphMemAttribute(0, a, &v));
    return v;
}

int main() {
    int out[N];
    int n = N;
    /* alloc -> kernel writes the buffer -> copy out -> free, launched 3 times */
    cudaGraph_t g;
    OK(cudaGraphCreate(&g, 0));
    unsigned long long reserved0 = attr(cudaGraphMemAttrReservedMemCurrent);
    cudaMemAllocNodeParams ap;
    memset(&ap, 0, sizeof ap);
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location.type = cudaMemLocationTypeDevice;
    ap.poolProps.location.id = 0;
    ap.bytesize = sizeof out;
    cudaMemAccessDesc desc = {{cudaMemLocationTypeDevice, 0}, cudaMemAccessFlagsProtReadWrite};
    ap.accessDescs = &desc;
    ap.accessDescCount = 1;
    cudaGraphNode_t alloc, kern, copy, fr, host;
    OK(cudaGraphAddMemAllocNode(&alloc, g, nullptr, 0, &ap));
    EXPECT(ap.dptr != nullptr);
    EXPECT(attr(cudaGraphMemAttrReservedMemCurrent) == reserved0 + sizeof out);
    EXPECT(attr(cudaGraphMemAttrUsedMemCurrent) == 0);
    int *buf = (int *)ap.dptr;
    int base = 7;
    void *args[] = {&buf, &base, &n};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)iota;
    kp.gridDim = dim3(2);
    kp.blockDim = dim3(32);
    kp.kernelParams = args;
    OK(cudaGraphAddKernelNode(&kern, g, &alloc, 1, &kp));
    OK(cudaGraphAddMemcpyNode1D(&copy, g, &kern, 1, out, buf, sizeof out, cudaMemcpyDeviceToHost));
    int used_in_graph = -1;
    OK(cudaGraphAddMemFreeNode(&fr, g, &copy, 1, buf));
    CALL(cudaGraphAddMemFreeNode(&fr, g, &copy, 1, buf), cudaErrorInvalidValue); /* freed twice */
    CALL(cudaGraphAddMemFreeNode(&host, g, nullptr, 0, out), cudaErrorInvalidValue); /* not a graph allocation */
    (void)used_in_graph;
    cudaGraphNodeType type;
    OK(cudaGraphNodeGetType(alloc, &type));
    EXPECT(type == cudaGraphNodeTypeMemAlloc);
    OK(cudaGraphNodeGetType(fr, &type));
    EXPECT(type == cudaGraphNodeTypeMemFree);
    cudaMemAllocNodeParams got;
    OK(cudaGraphMemAllocNodeGetParams(alloc, &got));
    EXPECT(got.dptr == buf && got.bytesize == sizeof out && got.accessDescCount == 1 &&
           got.accessDescs[0].flags == cudaMemAccessFlagsProtReadWrite);
    CALL(cudaGraphMemAllocNodeGetParams(fr, &got), cudaErrorInvalidValue);
    void *freed = nullptr;
    OK(cudaGraphMemFreeNodeGetParams(fr, &freed));
    EXPECT(freed == buf);
    cudaHostNodeParams hp;
    CALL(cudaGraphHostNodeGetParams(alloc, &hp), cudaErrorInvalidValue);
    cudaGraph_t clone;
    CALL(cudaGraphClone(&clone, g), cudaErrorNotSupported);
    OK(cudaGraphDebugDotPrint(g, "mem.dot", 0));
    FILE *dot = fopen("mem.dot", "r");
    char text[4096] = {0};
    EXPECT(dot && fread(text, 1, sizeof text - 1, dot) > 0);
    if (dot) fclose(dot);
    EXPECT(strstr(text, "MEM_ALLOC") && strstr(text, "MEM_FREE"));
    cudaGraphExec_t e, e2;
    OK(cudaGraphInstantiate(&e, g, 0));
    CALL(cudaGraphInstantiate(&e2, g, 0), cudaErrorInvalidValue); /* one instantiation at a time */
    unsigned long long flags = 99;
    OK(cudaGraphExecGetFlags(e, &flags));
    EXPECT(flags == 0);
    OK(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &flags));
    for (int round = 0; round < 3; round++) {
        memset(out, 0, sizeof out);
        OK(cudaGraphLaunch(e, 0));
        OK(cudaStreamSynchronize(0));
        int good = 1;
        for (int i = 0; i < N; i++) good &= out[i] == 7 + i;
        EXPECT(good);
        EXPECT(attr(cudaGraphMemAttrUsedMemCurrent) == 0);
    }
    EXPECT(attr(cudaGraphMemAttrUsedMemHigh) == sizeof out);
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphDestroy(g));
    OK(cudaDeviceGraphMemTrim(0));
    EXPECT(attr(cudaGraphMemAttrReservedMemCurrent) == reserved0);
    CALL(cudaDeviceGraphMemTrim(5), cudaErrorInvalidDevice);
    CALL(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &flags), cudaErrorInvalidValue);

    /* An allocation the graph does not free outlives the launch: the program frees it;
     * relaunching before that is an error, unless AutoFreeOnLaunch. */
    OK(cudaGraphCreate(&g, 0));
    ap.accessDescs = nullptr, ap.accessDescCount = 0;
    OK(cudaGraphAddMemAllocNode(&alloc, g, nullptr, 0, &ap));
    buf = (int *)ap.dptr;
    OK(cudaGraphAddKernelNode(&kern, g, &alloc, 1, &kp)); /* kp still writes the old address */
    cudaKernelNodeParams kp2 = kp;
    void *args2[] = {&buf, &base, &n};
    kp2.kernelParams = args2;
    OK(cudaGraphKernelNodeSetParams(kern, &kp2));
    OK(cudaGraphInstantiate(&e, g, 0));
    OK(cudaGraphLaunch(e, 0));
    EXPECT(attr(cudaGraphMemAttrUsedMemCurrent) == sizeof out);
    OK(cudaMemcpy(out, buf, sizeof out, cudaMemcpyDeviceToHost));
    EXPECT(out[5] == 12);
    CALL(cudaGraphLaunch(e, 0), cudaErrorInvalidValue);
    OK(cudaFreeAsync(buf, 0));
    EXPECT(attr(cudaGraphMemAttrUsedMemCurrent) == 0);
    CALL(cudaFree(buf), cudaErrorInvalidValue); /* not in use */
    OK(cudaGraphLaunch(e, 0));
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphInstantiate(&e, g, cudaGraphInstantiateFlagAutoFreeOnLaunch));
    OK(cudaGraphExecGetFlags(e, &flags));
    EXPECT(flags == cudaGraphInstantiateFlagAutoFreeOnLaunch);
    OK(cudaGraphLaunch(e, 0)); /* the earlier launch's allocation is freed first */
    OK(cudaGraphLaunch(e, 0));
    OK(cudaFree(buf));
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphDestroy(g));

    /* cudaMallocAsync/cudaFreeAsync on a capturing stream: alloc and free nodes */
    cudaStream_t s;
    OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    int *cbuf = nullptr;
    OK(cudaMallocAsync(&cbuf, sizeof out, s));
    EXPECT(cbuf != nullptr);
    iota<<<2, 32, 0, s>>>(cbuf, 100, N);
    twice<<<2, 32, 0, s>>>(cbuf, N);
    OK(cudaMemcpyAsync(out, cbuf, sizeof out, cudaMemcpyDeviceToHost, s));
    OK(cudaFreeAsync(cbuf, s));
    OK(cudaStreamEndCapture(s, &g));
    size_t count = 0;
    OK(cudaGraphGetNodes(g, nullptr, &count));
    EXPECT(count == 5);
    cudaGraphNode_t roots[2];
    count = 2;
    OK(cudaGraphGetRootNodes(g, roots, &count));
    EXPECT(count == 1);
    OK(cudaGraphNodeGetType(roots[0], &type));
    EXPECT(type == cudaGraphNodeTypeMemAlloc);
    OK(cudaGraphInstantiate(&e, g, 0));
    for (int round = 0; round < 3; round++) {
        memset(out, 0, sizeof out);
        OK(cudaGraphLaunch(e, s));
        OK(cudaStreamSynchronize(s));
        EXPECT(out[0] == 200 && out[N - 1] == 2 * (100 + N - 1));
    }
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphDestroy(g));
    OK(cudaStreamDestroy(s));
    printf(failures ? "mem: FAILED\n" : "mem: PASSED\n");
    return failures != 0;
}
"""
)

NODES_PROGRAM = (
    _CHECKS
    + r"""int main() {
    int out[N], *dx, *dy, n = N, base = 10, calls = 0;
    OK(cudaMalloc(&dx, sizeof out));
    OK(cudaMalloc(&dy, sizeof out));
    cudaEvent_t ev;
    OK(cudaEventCreate(&ev));

    /* cudaGraphAddNode of each kind: alloc -> memset -> kernel -> memcpy -> host ->
     * event record -> event wait -> child graph -> free, and an empty node */
    cudaGraph_t g, child;
    OK(cudaGraphCreate(&g, 0));
    OK(cudaGraphCreate(&child, 0));
    cudaGraphNode_t nodes[10], cn;
    cudaGraphNodeParams p = {};
    p.type = cudaGraphNodeTypeMemAlloc;
    p.alloc.poolProps.allocType = cudaMemAllocationTypePinned;
    p.alloc.poolProps.location.type = cudaMemLocationTypeDevice;
    p.alloc.bytesize = sizeof out;
    OK(cudaGraphAddNode(&nodes[0], g, nullptr, 0, &p));
    int *buf = (int *)p.alloc.dptr;
    EXPECT(buf != nullptr);
    p = {};
    p.type = cudaGraphNodeTypeMemset;
    p.memset.dst = buf, p.memset.value = 3, p.memset.elementSize = 4, p.memset.width = N, p.memset.height = 1;
    OK(cudaGraphAddNode(&nodes[1], g, &nodes[0], 1, &p));
    void *args[] = {&buf, &n};
    p = {};
    p.type = cudaGraphNodeTypeKernel;
    p.kernel.func = (void *)twice, p.kernel.gridDim = dim3(2), p.kernel.blockDim = dim3(32);
    p.kernel.kernelParams = args;
    OK(cudaGraphAddNode(&nodes[2], g, &nodes[1], 1, &p));
    p = {};
    p.type = cudaGraphNodeTypeMemcpy;
    p.memcpy.copyParams.srcPtr = make_cudaPitchedPtr(buf, sizeof out, N, 1);
    p.memcpy.copyParams.dstPtr = make_cudaPitchedPtr(out, sizeof out, N, 1);
    p.memcpy.copyParams.extent = make_cudaExtent(sizeof out, 1, 1);
    p.memcpy.copyParams.kind = cudaMemcpyDeviceToHost;
    OK(cudaGraphAddNode(&nodes[3], g, &nodes[2], 1, &p));
    p = {};
    p.type = cudaGraphNodeTypeHost;
    p.host.fn = count, p.host.userData = &calls;
    OK(cudaGraphAddNode(&nodes[4], g, &nodes[3], 1, &p));
    p = {};
    p.type = cudaGraphNodeTypeEventRecord;
    p.eventRecord.event = ev;
    OK(cudaGraphAddNode(&nodes[5], g, &nodes[4], 1, &p));
    p = {};
    p.type = cudaGraphNodeTypeWaitEvent;
    p.eventWait.event = ev;
    OK(cudaGraphAddNode(&nodes[6], g, &nodes[5], 1, &p));
    cudaHostNodeParams hp = {count, &calls};
    OK(cudaGraphAddHostNode(&cn, child, nullptr, 0, &hp));
    p = {};
    p.type = cudaGraphNodeTypeGraph;
    p.graph.graph = child;
    OK(cudaGraphAddNode(&nodes[7], g, &nodes[6], 1, &p));
    p = {};
    p.type = cudaGraphNodeTypeMemFree;
    p.free.dptr = buf;
    OK(cudaGraphAddNode(&nodes[8], g, &nodes[7], 1, &p));
    p = {};
    p.type = cudaGraphNodeTypeEmpty;
    cudaGraphEdgeData edge = {};
    OK(cudaGraphAddNode_v2(&nodes[9], g, &nodes[8], &edge, 1, &p));
    const cudaGraphNodeType want[] = {cudaGraphNodeTypeMemAlloc, cudaGraphNodeTypeMemset, cudaGraphNodeTypeKernel,
        cudaGraphNodeTypeMemcpy, cudaGraphNodeTypeHost, cudaGraphNodeTypeEventRecord, cudaGraphNodeTypeWaitEvent,
        cudaGraphNodeTypeGraph, cudaGraphNodeTypeMemFree, cudaGraphNodeTypeEmpty};
    for (int i = 0; i < 10; i++) {
        cudaGraphNodeType t;
        OK(cudaGraphNodeGetType(nodes[i], &t));
        EXPECT(t == want[i]);
    }
    /* misuse */
    p = {};
    p.type = cudaGraphNodeTypeEmpty;
    p.reserved0[1] = 1;
    CALL(cudaGraphAddNode(&cn, g, nullptr, 0, &p), cudaErrorInvalidValue);
    p = {};
    p.type = cudaGraphNodeTypeConditional;
    CALL(cudaGraphAddNode(&cn, g, nullptr, 0, &p), cudaErrorInvalidValue); /* no handle */
    p = {};
    p.type = cudaGraphNodeTypeEmpty;
    cudaGraphEdgeData prog = {};
    prog.type = cudaGraphDependencyTypeProgrammatic;
    CALL(cudaGraphAddNode_v2(&cn, g, &nodes[2], &prog, 1, &p), cudaErrorNotSupported);
    prog = {};
    prog.reserved[2] = 1;
    CALL(cudaGraphAddNode_v2(&cn, g, &nodes[2], &prog, 1, &p), cudaErrorInvalidValue);

    cudaGraphExec_t e;
    OK(cudaGraphInstantiate(&e, g, 0));
    for (int round = 0; round < 2; round++) {
        memset(out, 0, sizeof out);
        OK(cudaGraphLaunch(e, 0));
        OK(cudaStreamSynchronize(0));
        EXPECT(out[0] == 6 && out[N - 1] == 6);
    }
    EXPECT(calls == 4);
    /* cudaGraphExecNodeSetParams: the memset writes 5 now, the host node counts elsewhere */
    p = {};
    p.type = cudaGraphNodeTypeMemset;
    p.memset.dst = buf, p.memset.value = 5, p.memset.elementSize = 4, p.memset.width = N, p.memset.height = 1;
    OK(cudaGraphExecNodeSetParams(e, nodes[1], &p));
    int other = 0;
    p = {};
    p.type = cudaGraphNodeTypeHost;
    p.host.fn = count, p.host.userData = &other;
    OK(cudaGraphExecNodeSetParams(e, nodes[4], &p));
    p.type = cudaGraphNodeTypeKernel;
    CALL(cudaGraphExecNodeSetParams(e, nodes[4], &p), cudaErrorInvalidValue); /* not its type */
    p = {};
    p.type = cudaGraphNodeTypeMemFree;
    p.free.dptr = buf;
    CALL(cudaGraphExecNodeSetParams(e, nodes[8], &p), cudaErrorNotSupported);
    OK(cudaGraphLaunch(e, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(out[7] == 10 && other == 1 && calls == 5);
    /* cudaGraphNodeSetParams changes the graph, not the executable graph */
    p = {};
    p.type = cudaGraphNodeTypeKernel;
    p.kernel.func = (void *)iota, p.kernel.gridDim = dim3(2), p.kernel.blockDim = dim3(32);
    void *iota_args[] = {&buf, &base, &n};
    p.kernel.kernelParams = iota_args;
    OK(cudaGraphNodeSetParams(nodes[2], &p));
    cudaKernelNodeParams kp;
    OK(cudaGraphKernelNodeGetParams(nodes[2], &kp));
    EXPECT(kp.func == (void *)iota && kp.gridDim.x == 2);
    OK(cudaGraphLaunch(e, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(out[7] == 10);
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphInstantiate(&e, g, 0));
    OK(cudaGraphLaunch(e, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(out[7] == 17);
    /* a child graph changed in the executable graph while one of its nodes is disabled */
    cudaGraph_t child2;
    cudaGraphNode_t c2;
    int child_calls = 0;
    cudaHostNodeParams hp2 = {count, &child_calls};
    OK(cudaGraphCreate(&child2, 0));
    OK(cudaGraphAddHostNode(&c2, child2, nullptr, 0, &hp2));
    OK(cudaGraphNodeSetEnabled(e, nodes[2], 0));
    OK(cudaGraphExecChildGraphNodeSetParams(e, nodes[7], child2));
    OK(cudaGraphLaunch(e, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(out[7] == 3 && child_calls == 1); /* the set, no kernel, the new child */
    OK(cudaGraphNodeSetEnabled(e, nodes[2], 1));
    OK(cudaGraphLaunch(e, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(out[7] == 17 && child_calls == 2);
    OK(cudaGraphExecDestroy(e));

    /* edges with edge data */
    cudaGraphNode_t from[16], to[16];
    cudaGraphEdgeData data[16];
    memset(data, 0xff, sizeof data);
    size_t edges = 16;
    OK(cudaGraphGetEdges_v2(g, from, to, data, &edges));
    EXPECT(edges == 9 && data[0].type == 0 && data[8].from_port == 0 && data[8].reserved[4] == 0);
    CALL(cudaGraphGetEdges_v2(g, nullptr, nullptr, data, &edges), cudaErrorInvalidValue);
    size_t deps = 4;
    memset(data, 0xff, sizeof data);
    OK(cudaGraphNodeGetDependencies_v2(nodes[2], from, data, &deps));
    EXPECT(deps == 1 && from[0] == nodes[1] && data[0].type == 0);
    deps = 4;
    OK(cudaGraphNodeGetDependentNodes_v2(nodes[2], to, data, &deps));
    EXPECT(deps == 1 && to[0] == nodes[3]);
    cudaGraph_t g2;
    cudaGraphNode_t a, b;
    OK(cudaGraphCreate(&g2, 0));
    OK(cudaGraphAddEmptyNode(&a, g2, nullptr, 0));
    OK(cudaGraphAddEmptyNode(&b, g2, nullptr, 0));
    edge = {};
    OK(cudaGraphAddDependencies_v2(g2, &a, &b, &edge, 1));
    edges = 0;
    OK(cudaGraphGetEdges_v2(g2, nullptr, nullptr, nullptr, &edges));
    EXPECT(edges == 1);
    edge.to_port = 1;
    CALL(cudaGraphRemoveDependencies_v2(g2, &a, &b, &edge, 1), cudaErrorInvalidValue);
    edge = {};
    OK(cudaGraphRemoveDependencies_v2(g2, &a, &b, &edge, 1));
    OK(cudaGraphGetEdges_v2(g2, nullptr, nullptr, nullptr, &edges));
    EXPECT(edges == 0);

    /* kernel node attributes */
    cudaKernelNodeAttrValue v;
    memset(&v, 0xff, sizeof v);
    OK(cudaGraphKernelNodeGetAttribute(nodes[2], cudaKernelNodeAttributePriority, &v));
    EXPECT(v.priority == 0);
    v.priority = 3;
    OK(cudaGraphKernelNodeSetAttribute(nodes[2], cudaKernelNodeAttributePriority, &v));
    memset(&v, 0, sizeof v);
    v.accessPolicyWindow.base_ptr = dx, v.accessPolicyWindow.num_bytes = 256, v.accessPolicyWindow.hitRatio = 0.5f;
    v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    OK(cudaGraphKernelNodeSetAttribute(nodes[2], cudaKernelNodeAttributeAccessPolicyWindow, &v));
    v.accessPolicyWindow.hitRatio = 2.0f;
    CALL(cudaGraphKernelNodeSetAttribute(nodes[2], cudaKernelNodeAttributeAccessPolicyWindow, &v), cudaErrorInvalidValue);
    v.cooperative = 1;
    OK(cudaGraphKernelNodeSetAttribute(nodes[2], cudaKernelNodeAttributeCooperative, &v));
    CALL(cudaGraphKernelNodeSetAttribute(nodes[1], cudaKernelNodeAttributeCooperative, &v), cudaErrorInvalidValue);
    CALL(cudaGraphKernelNodeSetAttribute(nodes[2], cudaLaunchAttributeProgrammaticEvent, &v), cudaErrorInvalidValue);
    cudaGraph_t kg;
    cudaGraphNode_t k1, k2;
    OK(cudaGraphCreate(&kg, 0));
    void *dx_args[] = {&dx, &base, &n};
    kp.func = (void *)iota, kp.kernelParams = dx_args;
    OK(cudaGraphAddKernelNode(&k1, kg, nullptr, 0, &kp));
    OK(cudaGraphAddKernelNode(&k2, kg, &k1, 1, &kp));
    OK(cudaGraphKernelNodeCopyAttributes(nodes[2], k1));
    memset(&v, 0, sizeof v);
    OK(cudaGraphKernelNodeGetAttribute(k1, cudaKernelNodeAttributePriority, &v));
    EXPECT(v.priority == 3);
    OK(cudaGraphKernelNodeGetAttribute(k1, cudaKernelNodeAttributeAccessPolicyWindow, &v));
    EXPECT(v.accessPolicyWindow.base_ptr == dx && v.accessPolicyWindow.num_bytes == 256 &&
           v.accessPolicyWindow.hitRatio == 0.5f && v.accessPolicyWindow.hitProp == cudaAccessPropertyPersisting);
    OK(cudaGraphKernelNodeGetAttribute(k1, cudaKernelNodeAttributeCooperative, &v));
    EXPECT(v.cooperative == 1);
    OK(cudaGraphKernelNodeGetAttribute(k2, cudaKernelNodeAttributeCooperative, &v));
    EXPECT(v.cooperative == 0);
    cudaGraph_t kclone;
    cudaGraphNode_t k1c;
    OK(cudaGraphClone(&kclone, kg));
    OK(cudaGraphNodeFindInClone(&k1c, k1, kclone));
    OK(cudaGraphKernelNodeGetAttribute(k1c, cudaKernelNodeAttributePriority, &v));
    EXPECT(v.priority == 3);
    cudaGraphExec_t ke;
    OK(cudaGraphInstantiateWithFlags(&ke, kclone, cudaGraphInstantiateFlagUpload));
    unsigned long long flags = 0;
    OK(cudaGraphExecGetFlags(ke, &flags));
    EXPECT(flags == cudaGraphInstantiateFlagUpload);
    OK(cudaGraphLaunch(ke, 0)); /* a cooperative launch, then a plain one */
    OK(cudaMemcpy(out, dx, sizeof out, cudaMemcpyDeviceToHost));
    EXPECT(out[3] == 13);
    OK(cudaGraphExecDestroy(ke));
    CALL(cudaGraphExecGetFlags(ke, &flags), cudaErrorInvalidValue);

    /* capture into an existing graph, after one of its nodes; _v3 capture info */
    cudaStream_t s;
    OK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    cudaGraph_t tg, captured;
    cudaGraphNode_t first;
    OK(cudaGraphCreate(&tg, 0));
    OK(cudaGraphAddMemsetNode(&first, tg, nullptr, 0, &(const cudaMemsetParams &)cudaMemsetParams{dy, 0, 1, 4, N, 1}));
    edge = {};
    OK(cudaStreamBeginCaptureToGraph(s, tg, &first, &edge, 1, cudaStreamCaptureModeGlobal));
    twice<<<2, 32, 0, s>>>(dy, N);
    cudaStreamCaptureStatus status;
    const cudaGraphNode_t *cdeps = nullptr;
    const cudaGraphEdgeData *cdata = nullptr;
    size_t ndeps = 0;
    unsigned long long id = 0;
    OK(cudaStreamGetCaptureInfo_v3(s, &status, &id, nullptr, &cdeps, &cdata, &ndeps));
    EXPECT(status == cudaStreamCaptureStatusActive && ndeps == 1 && cdata && cdata[0].type == 0 && id != 0);
    cudaGraphNode_t last = cdeps[0];
    OK(cudaLaunchHostFunc(s, count, &other));
    OK(cudaStreamUpdateCaptureDependencies_v2(s, &last, &edge, 1, cudaStreamAddCaptureDependencies));
    OK(cudaStreamGetCaptureInfo_v3(s, &status, nullptr, nullptr, &cdeps, &cdata, &ndeps));
    EXPECT(ndeps == 2);
    edge.type = cudaGraphDependencyTypeProgrammatic;
    CALL(cudaStreamUpdateCaptureDependencies_v2(s, &last, &edge, 1, 0), cudaErrorNotSupported);
    OK(cudaMemcpyAsync(out, dy, sizeof out, cudaMemcpyDeviceToHost, s));
    OK(cudaStreamEndCapture(s, &captured));
    EXPECT(captured == tg);
    size_t count_nodes = 0;
    OK(cudaGraphGetNodes(tg, nullptr, &count_nodes));
    EXPECT(count_nodes == 4);
    size_t roots = 0;
    OK(cudaGraphGetRootNodes(tg, nullptr, &roots));
    EXPECT(roots == 1);
    OK(cudaStreamGetCaptureInfo_v3(s, &status, nullptr, nullptr, nullptr, nullptr, nullptr));
    EXPECT(status == cudaStreamCaptureStatusNone);
    OK(cudaGraphInstantiate(&e, tg, 0));
    other = 0;
    for (int round = 0; round < 3; round++) {
        memset(out, 0, sizeof out);
        OK(cudaGraphLaunch(e, s));
        OK(cudaStreamSynchronize(s));
        EXPECT(out[0] == 2 && out[N - 1] == 2);
    }
    EXPECT(other == 3);

    /* disabled nodes are empty nodes at launch; changes made meanwhile apply once enabled */
    cudaGraph_t dg;
    cudaGraphNode_t dset, dkern, dcopy, dhost;
    OK(cudaGraphCreate(&dg, 0));
    cudaMemsetParams ones = {dy, 0, 1, 4, N, 1};
    OK(cudaGraphAddMemsetNode(&dset, dg, nullptr, 0, &ones));
    void *twice_args[] = {&dy, &n};
    cudaKernelNodeParams tk = {};
    tk.func = (void *)twice, tk.gridDim = dim3(2), tk.blockDim = dim3(32), tk.kernelParams = twice_args;
    OK(cudaGraphAddKernelNode(&dkern, dg, &dset, 1, &tk));
    OK(cudaGraphAddMemcpyNode1D(&dcopy, dg, &dkern, 1, out, dy, sizeof out, cudaMemcpyDeviceToHost));
    OK(cudaGraphAddHostNode(&dhost, dg, &dcopy, 1, &hp));
    cudaGraphExec_t de;
    OK(cudaGraphInstantiate(&de, dg, 0));
    unsigned int enabled = 0;
    OK(cudaGraphNodeGetEnabled(de, dkern, &enabled));
    EXPECT(enabled == 1);
    OK(cudaGraphNodeSetEnabled(de, dkern, 0));
    OK(cudaGraphNodeGetEnabled(de, dkern, &enabled));
    EXPECT(enabled == 0);
    CALL(cudaGraphNodeSetEnabled(de, dhost, 0), cudaErrorInvalidValue); /* host nodes cannot be */
    CALL(cudaGraphNodeGetEnabled(de, cn, &enabled), cudaErrorInvalidValue); /* not its graph's */
    calls = 0;
    OK(cudaGraphLaunch(de, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(out[0] == 1 && out[N - 1] == 1 && calls == 1); /* the kernel did not run */
    void *iota_dy[] = {&dy, &base, &n};
    tk.func = (void *)iota, tk.kernelParams = iota_dy;
    OK(cudaGraphExecKernelNodeSetParams(de, dkern, &tk)); /* while disabled */
    OK(cudaGraphNodeSetEnabled(de, dcopy, 0));
    memset(out, 0xff, sizeof out);
    OK(cudaGraphLaunch(de, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(out[0] == -1 && calls == 2); /* nor did the copy */
    OK(cudaGraphNodeSetEnabled(de, dkern, 1));
    OK(cudaGraphNodeSetEnabled(de, dcopy, 1));
    OK(cudaGraphLaunch(de, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(out[0] == 10 && out[N - 1] == 10 + N - 1 && calls == 3); /* the new kernel */
    OK(cudaGraphNodeSetEnabled(de, dset, 0));
    OK(cudaMemset(dy, 0, sizeof out));
    tk.func = (void *)twice, tk.kernelParams = twice_args;
    OK(cudaGraphExecKernelNodeSetParams(de, dkern, &tk));
    OK(cudaGraphLaunch(de, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(out[0] == 0 && out[N - 1] == 0); /* no set: twice(0) */
    /* cudaGraphExecUpdate reaches launches with disabled nodes */
    cudaGraph_t dg2;
    cudaGraphNode_t dset2;
    OK(cudaGraphClone(&dg2, dg));
    OK(cudaGraphNodeFindInClone(&dset2, dset, dg2));
    cudaMemsetParams fours = {dy, 0, 4, 4, N, 1};
    OK(cudaGraphMemsetNodeSetParams(dset2, &fours));
    cudaGraphExecUpdateResultInfo info;
    OK(cudaGraphExecUpdate(de, dg2, &info));
    OK(cudaGraphNodeSetEnabled(de, dset, 1));
    OK(cudaGraphNodeSetEnabled(de, dkern, 0));
    OK(cudaGraphLaunch(de, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(out[0] == 4 && out[N - 1] == 4); /* the updated set, no kernel */
    OK(cudaGraphExecDestroy(de));
    printf(failures ? "gen: FAILED\n" : "gen: PASSED\n");
    return failures != 0;
}
"""
)

# Both programs, for tests/test_api_tables_run.py (which checks each of CALLS is called).
PROGRAM = MEMORY_PROGRAM + NODES_PROGRAM


@pytest.fixture(scope="module")
def sources(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("runtime_api_graph2")
    out = {}
    for name, text in (("mem", MEMORY_PROGRAM), ("gen", NODES_PROGRAM)):
        out[name] = folder / f"{name}.cu"
        out[name].write_text(text)
    return out


@pytest.mark.parametrize("name", ["mem", "gen"])
def test_program_runs_on_the_host_platform(
    sources: dict[str, Path], tmp_path: Path, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # the DOT dump is written to the working directory
    run_on_host(sources[name], tmp_path, name)


@pytest.mark.parametrize("name", ["mem", "gen"])
def test_program_builds_for_gfx942(sources: dict[str, Path], tmp_path: Path, name: str) -> None:
    """The same programs compile for an AMD GPU and link against libamdhip64 5.2: the
    additions are built from HIP 5.2's graph functions."""
    undefined = link_for_gfx942(sources[name], tmp_path, name)
    wanted = (
        ("hipGraphAddHostNode", "hipMalloc")
        if name == "mem"
        else ("hipGraphAddKernelNode", "hipStreamBeginCapture")
    )
    for hip in wanted:
        assert hip in undefined
