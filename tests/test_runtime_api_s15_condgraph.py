"""Conditional graph nodes (cu2amd/runtime_graph_cond.h): cudaGraphConditionalHandleCreate,
the device function cudaGraphSetConditional and conditional nodes made with
cudaGraphAddNode/_v2: an IF node taken and not taken (the value set by a kernel before it),
IF with an else graph, a WHILE loop counting down in its body's kernel, SWITCH, default
values re-applied at each launch (cudaGraphCondAssignDefault), nested nodes (an IF in a
WHILE's body, a conditional node in a child graph), a body filled by capture, conditional
nodes made while a stream captures (also into an existing graph), clones, cudaGraphExecUpdate,
disabled nodes, and CUDA's errors for misuse. The program builds with cu2amd-nvcc for the host platform and
runs, and builds and links for gfx942."""

from __future__ import annotations

from pathlib import Path

from runtime_programs import link_for_gfx942, run_on_host

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {"cudaGraphConditionalHandleCreate", "cudaGraphSetConditional"}

PROGRAM = r"""#include <cstdio>
#include <cstring>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

/* sets the handle to *flag */
__global__ void decide(cudaGraphConditionalHandle h, const int *flag) {
    if (threadIdx.x == 0 && blockIdx.x == 0) cudaGraphSetConditional(h, (unsigned)*flag);
}
__global__ void add(int *x, int v) {
    if (threadIdx.x == 0 && blockIdx.x == 0) *x += v;
}
/* one loop iteration: counts down, records the iteration, stops at 0 */
__global__ void step(cudaGraphConditionalHandle h, int *counter, int *trace) {
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        int c = --*counter;
        trace[c] += 1;
        cudaGraphSetConditional(h, c > 0);
    }
}
/* sets the handle to 0 (a body turning its own condition off) */
__global__ void clear(cudaGraphConditionalHandle h) {
    if (threadIdx.x == 0) cudaGraphSetConditional(h, 0);
}

static cudaGraphNode_t kernel(cudaGraph_t g, const cudaGraphNode_t *deps, size_t n, void *fn, void **args) {
    cudaKernelNodeParams k = {};
    k.func = fn, k.gridDim = dim3(1), k.blockDim = dim3(32), k.kernelParams = args;
    cudaGraphNode_t node = nullptr;
    OK(cudaGraphAddKernelNode(&node, g, deps, n, &k));
    return node;
}
static cudaGraphNode_t conditional(cudaGraph_t g, const cudaGraphNode_t *deps, size_t n, cudaGraphConditionalHandle h,
                                   cudaGraphConditionalNodeType type, unsigned size, cudaGraph_t *bodies) {
    cudaGraphNodeParams p = {};
    p.type = cudaGraphNodeTypeConditional;
    p.conditional.handle = h, p.conditional.type = type, p.conditional.size = size;
    cudaGraphNode_t node = nullptr;
    OK(cudaGraphAddNode(&node, g, deps, n, &p));
    EXPECT(p.conditional.phGraph_out != nullptr);
    for (unsigned i = 0; p.conditional.phGraph_out && i < size; i++) bodies[i] = p.conditional.phGraph_out[i];
    return node;
}
static int get(const int *d) {
    int v = -1;
    OK(cudaMemcpy(&v, d, sizeof v, cudaMemcpyDeviceToHost));
    return v;
}
static void put(int *d, int v) { OK(cudaMemcpy(d, &v, sizeof v, cudaMemcpyHostToDevice)); }

int main() {
    int *mem;
    OK(cudaMalloc(&mem, 64 * sizeof(int)));
    OK(cudaMemset(mem, 0, 64 * sizeof(int)));
    int *flag = mem, *x = mem + 1, *y = mem + 2, *counter = mem + 3, *trace = mem + 8, *z = mem + 32;
    cudaStream_t s;
    OK(cudaStreamCreate(&s));

    /* IF: decide -> if (flag) x += 10 -> x += 1 */
    cudaGraph_t g;
    OK(cudaGraphCreate(&g, 0));
    cudaGraphConditionalHandle h = 0;
    OK(cudaGraphConditionalHandleCreate(&h, g, 0, 0));
    EXPECT(h != 0);
    void *decide_args[] = {&h, &flag};
    cudaGraphNode_t d = kernel(g, nullptr, 0, (void *)decide, decide_args);
    cudaGraph_t body[4] = {};
    cudaGraphNode_t c = conditional(g, &d, 1, h, cudaGraphCondTypeIf, 1, body);
    int ten = 10, one = 1;
    void *add_x10[] = {&x, &ten}, *add_x1[] = {&x, &one};
    kernel(body[0], nullptr, 0, (void *)add, add_x10);
    cudaGraphNode_t last = kernel(g, &c, 1, (void *)add, add_x1);
    cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
    OK(cudaGraphNodeGetType(c, &type));
    EXPECT(type == cudaGraphNodeTypeConditional);
    cudaHostNodeParams hp;
    CALL(cudaGraphHostNodeGetParams(c, &hp), cudaErrorInvalidValue); /* not a host node */
    cudaGraphExec_t e;
    OK(cudaGraphInstantiate(&e, g, 0));
    put(flag, 1);
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(x) == 11); /* taken */
    put(flag, 0);
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(x) == 12); /* not taken */
    put(flag, 7);
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(x) == 23); /* any non-zero value */
    /* the body as instantiated: a node added to it later does not run in `e` */
    kernel(body[0], nullptr, 0, (void *)add, add_x10);
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(x) == 34);
    /* a disabled node of the executable graph is skipped */
    OK(cudaGraphNodeSetEnabled(e, last, 0));
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(x) == 44);
    OK(cudaGraphNodeSetEnabled(e, last, 1));
    OK(cudaGraphExecDestroy(e));
    /* a clone has bodies of its own (with both kernels now) */
    cudaGraph_t g2;
    OK(cudaGraphClone(&g2, g));
    OK(cudaGraphInstantiate(&e, g2, 0));
    put(x, 0);
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(x) == 21);
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphDestroy(g2));

    /* IF with an else graph (CUDA 12.8): flag ? y += 1 : y += 100 */
    cudaGraph_t ge;
    OK(cudaGraphCreate(&ge, 0));
    cudaGraphConditionalHandle he;
    OK(cudaGraphConditionalHandleCreate(&he, ge));
    void *decide_e[] = {&he, &flag};
    d = kernel(ge, nullptr, 0, (void *)decide, decide_e);
    conditional(ge, &d, 1, he, cudaGraphCondTypeIf, 2, body);
    EXPECT(body[0] != body[1]);
    int hundred = 100;
    void *add_y1[] = {&y, &one}, *add_y100[] = {&y, &hundred};
    kernel(body[0], nullptr, 0, (void *)add, add_y1);
    kernel(body[1], nullptr, 0, (void *)add, add_y100);
    OK(cudaGraphInstantiate(&e, ge, 0));
    put(flag, 1);
    OK(cudaGraphLaunch(e, s));
    put(flag, 0);
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(y) == 101);
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphDestroy(ge));

    /* WHILE counting down in its body's kernel; the default value 1 enters the loop, and is
     * applied again at each launch */
    cudaGraph_t gw;
    OK(cudaGraphCreate(&gw, 0));
    cudaGraphConditionalHandle hw;
    OK(cudaGraphConditionalHandleCreate(&hw, gw, 1, cudaGraphCondAssignDefault));
    conditional(gw, nullptr, 0, hw, cudaGraphCondTypeWhile, 1, body);
    void *step_args[] = {&hw, &counter, &trace};
    kernel(body[0], nullptr, 0, (void *)step, step_args);
    OK(cudaGraphInstantiate(&e, gw, 0));
    put(counter, 5);
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(counter) == 0);
    for (int i = 0; i < 5; i++) EXPECT(get(trace + i) == 1);
    EXPECT(get(trace + 5) == 0);
    put(counter, 3); /* the handle is 0 now; the default makes it 1 again */
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(counter) == 0);
    EXPECT(get(trace + 0) == 2 && get(trace + 2) == 2 && get(trace + 3) == 1);
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphDestroy(gw));

    /* without cudaGraphCondAssignDefault the value is the default only at first */
    cudaGraph_t gn;
    OK(cudaGraphCreate(&gn, 0));
    cudaGraphConditionalHandle hn;
    OK(cudaGraphConditionalHandleCreate(&hn, gn, 1, 0));
    conditional(gn, nullptr, 0, hn, cudaGraphCondTypeIf, 1, body);
    void *add_z1[] = {&z, &one}, *clear_n[] = {&hn};
    cudaGraphNode_t k1 = kernel(body[0], nullptr, 0, (void *)add, add_z1);
    kernel(body[0], &k1, 1, (void *)clear, clear_n);
    OK(cudaGraphInstantiate(&e, gn, 0));
    OK(cudaGraphLaunch(e, s));
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(z) == 1);
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphDestroy(gn));

    /* SWITCH (CUDA 12.8): body[flag] adds 1 << flag to z; out of range runs none */
    cudaGraph_t gs;
    OK(cudaGraphCreate(&gs, 0));
    cudaGraphConditionalHandle hs;
    OK(cudaGraphConditionalHandleCreate(&hs, gs));
    void *decide_s[] = {&hs, &flag};
    d = kernel(gs, nullptr, 0, (void *)decide, decide_s);
    conditional(gs, &d, 1, hs, cudaGraphCondTypeSwitch, 3, body);
    int bits[3] = {1, 2, 4};
    void *add_bits[3][2] = {{&z, &bits[0]}, {&z, &bits[1]}, {&z, &bits[2]}};
    for (int i = 0; i < 3; i++) kernel(body[i], nullptr, 0, (void *)add, add_bits[i]);
    OK(cudaGraphInstantiate(&e, gs, 0));
    put(z, 0);
    const int values[] = {2, 0, 3, 9, 1};
    for (int v : values) {
        put(flag, v);
        OK(cudaGraphLaunch(e, s));
        OK(cudaStreamSynchronize(s));
    }
    EXPECT(get(z) == 7);
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphDestroy(gs));

    /* nested: a WHILE whose body counts down and, in an IF on a handle of the body graph,
     * adds 1 to x while the count is not 0; the whole in a child graph node of another graph */
    cudaGraph_t outer, inner;
    OK(cudaGraphCreate(&inner, 0));
    cudaGraphConditionalHandle hl, hi;
    OK(cudaGraphConditionalHandleCreate(&hl, inner, 1, cudaGraphCondAssignDefault));
    cudaGraph_t loop[1], odd[1];
    conditional(inner, nullptr, 0, hl, cudaGraphCondTypeWhile, 1, loop);
    OK(cudaGraphConditionalHandleCreate(&hi, loop[0], 0, 0)); /* a body graph's own handle */
    void *step_l[] = {&hl, &counter, &trace};
    cudaGraphNode_t st = kernel(loop[0], nullptr, 0, (void *)step, step_l);
    void *decide_i[] = {&hi, &counter};
    cudaGraphNode_t di = kernel(loop[0], &st, 1, (void *)decide, decide_i);
    conditional(loop[0], &di, 1, hi, cudaGraphCondTypeIf, 1, odd);
    void *add_x1b[] = {&x, &one};
    kernel(odd[0], nullptr, 0, (void *)add, add_x1b);
    OK(cudaGraphCreate(&outer, 0));
    cudaGraphNode_t first, child;
    void *add_y100b[] = {&y, &hundred};
    first = kernel(outer, nullptr, 0, (void *)add, add_y100b);
    OK(cudaGraphAddChildGraphNode(&child, outer, &first, 1, inner));
    OK(cudaGraphDestroy(inner)); /* the child node keeps its own copy */
    kernel(outer, &child, 1, (void *)add, add_y100b);
    OK(cudaGraphInstantiate(&e, outer, 0));
    put(x, 0), put(y, 0), put(counter, 4);
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(counter) == 0);
    EXPECT(get(x) == 3); /* counts 3, 2, 1 */
    EXPECT(get(y) == 200);
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphDestroy(outer));

    /* cudaGraphExecUpdate from a graph of the same shape: its bodies run from then on */
    cudaGraph_t ga, gb;
    cudaGraphConditionalHandle ha, hb2;
    OK(cudaGraphCreate(&ga, 0));
    OK(cudaGraphCreate(&gb, 0));
    OK(cudaGraphConditionalHandleCreate(&ha, ga, 1, cudaGraphCondAssignDefault));
    OK(cudaGraphConditionalHandleCreate(&hb2, gb, 1, cudaGraphCondAssignDefault));
    conditional(ga, nullptr, 0, ha, cudaGraphCondTypeIf, 1, body);
    kernel(body[0], nullptr, 0, (void *)add, add_y1);
    conditional(gb, nullptr, 0, hb2, cudaGraphCondTypeIf, 1, body);
    kernel(body[0], nullptr, 0, (void *)add, add_y100);
    OK(cudaGraphInstantiate(&e, ga, 0));
    put(y, 0);
    OK(cudaGraphLaunch(e, s));
    cudaGraphExecUpdateResultInfo info;
    OK(cudaGraphExecUpdate(e, gb, &info));
    OK(cudaGraphDestroy(gb));
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(y) == 101);
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphDestroy(ga));

    /* a conditional root beside an ordinary root, joined by a node after both */
    cudaGraph_t gj;
    OK(cudaGraphCreate(&gj, 0));
    cudaGraphConditionalHandle hj;
    OK(cudaGraphConditionalHandleCreate(&hj, gj, 1, cudaGraphCondAssignDefault));
    cudaGraphNode_t both[2];
    both[0] = conditional(gj, nullptr, 0, hj, cudaGraphCondTypeIf, 1, body);
    void *add_y10[] = {&y, &ten};
    kernel(body[0], nullptr, 0, (void *)add, add_y10);
    both[1] = kernel(gj, nullptr, 0, (void *)add, add_y1);
    kernel(gj, both, 2, (void *)add, add_y100);
    OK(cudaGraphInstantiate(&e, gj, 0));
    put(y, 0);
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(y) == 111);
    OK(cudaGraphExecDestroy(e));
    OK(cudaGraphDestroy(gj));

    /* a body filled by capture into the graph (cudaStreamBeginCaptureToGraph) */
    cudaGraph_t gc;
    OK(cudaGraphCreate(&gc, 0));
    cudaGraphConditionalHandle hc;
    OK(cudaGraphConditionalHandleCreate(&hc, gc, 1, cudaGraphCondAssignDefault));
    conditional(gc, nullptr, 0, hc, cudaGraphCondTypeIf, 1, body);
    OK(cudaStreamBeginCaptureToGraph(s, body[0], nullptr, nullptr, 0, cudaStreamCaptureModeGlobal));
    add<<<1, 32, 0, s>>>(z, 1000);
    cudaGraph_t captured = nullptr;
    OK(cudaStreamEndCapture(s, &captured));
    EXPECT(captured == body[0]);
    OK(cudaGraphInstantiate(&e, gc, 0));
    put(z, 0);
    OK(cudaGraphLaunch(e, s));
    OK(cudaStreamSynchronize(s));
    EXPECT(get(z) == 1000);
    OK(cudaGraphExecDestroy(e));
    /* a conditional node made while a stream captures (cudaStreamGetCaptureInfo's graph and
     * dependencies), after a captured kernel setting its handle; as a plain capture, and as a
     * capture into an existing graph with that graph's handle */
    for (int into = 0; into < 2; into++) {
        cudaGraph_t target = nullptr, cg = nullptr, made = nullptr;
        cudaGraphConditionalHandle hk = 0;
        if (into) {
            OK(cudaGraphCreate(&target, 0));
            OK(cudaGraphConditionalHandleCreate(&hk, target));
            OK(cudaStreamBeginCaptureToGraph(s, target, nullptr, nullptr, 0, cudaStreamCaptureModeGlobal));
        } else {
            OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
        }
        cudaStreamCaptureStatus st;
        const cudaGraphNode_t *cdeps = nullptr;
        size_t cn = 0;
        OK(cudaStreamGetCaptureInfo(s, &st, nullptr, &cg, &cdeps, &cn));
        if (!into) OK(cudaGraphConditionalHandleCreate(&hk, cg));
        decide<<<1, 32, 0, s>>>(hk, flag);
        OK(cudaStreamGetCaptureInfo(s, &st, nullptr, &cg, &cdeps, &cn));
        EXPECT(cn == 1);
        cudaGraph_t cbody[1];
        cudaGraphNode_t cnode = conditional(cg, cdeps, cn, hk, cudaGraphCondTypeIf, 1, cbody);
        OK(cudaStreamUpdateCaptureDependencies(s, &cnode, 1, cudaStreamSetCaptureDependencies));
        add<<<1, 32, 0, s>>>(z, 1);
        OK(cudaStreamEndCapture(s, &made));
        EXPECT(!into || made == target);
        void *add_z100[] = {&z, &hundred};
        kernel(cbody[0], nullptr, 0, (void *)add, add_z100);
        OK(cudaGraphInstantiate(&e, made, 0));
        put(z, 0), put(flag, 1);
        OK(cudaGraphLaunch(e, s));
        put(flag, 0);
        OK(cudaGraphLaunch(e, s));
        OK(cudaStreamSynchronize(s));
        EXPECT(get(z) == 102);
        OK(cudaGraphExecDestroy(e));
        OK(cudaGraphDestroy(made));
    }
    OK(cudaGraphInstantiate(&e, gc, 0));
    /* a launch on a capturing stream */
    cudaStream_t cs;
    OK(cudaStreamCreate(&cs));
    OK(cudaStreamBeginCapture(cs, cudaStreamCaptureModeRelaxed));
    CALL(cudaGraphLaunch(e, cs), cudaErrorStreamCaptureUnsupported);
    cudaGraph_t junk = nullptr;
    cudaStreamEndCapture(cs, &junk);
    if (junk) cudaGraphDestroy(junk);
    OK(cudaStreamDestroy(cs));
    OK(cudaGraphExecDestroy(e));

    /* misuse */
    cudaGraphConditionalHandle bad;
    CALL(cudaGraphConditionalHandleCreate(nullptr, gc, 0, 0), cudaErrorInvalidValue);
    CALL(cudaGraphConditionalHandleCreate(&bad, nullptr, 0, 0), cudaErrorInvalidValue);
    CALL(cudaGraphConditionalHandleCreate(&bad, gc, 0, 2), cudaErrorInvalidValue);
    cudaGraphNodeParams p = {};
    cudaGraphNode_t n;
    p.type = cudaGraphNodeTypeConditional;
    p.conditional.type = cudaGraphCondTypeIf, p.conditional.size = 1;
    p.conditional.handle = 0; /* no handle */
    CALL(cudaGraphAddNode(&n, gc, nullptr, 0, &p), cudaErrorInvalidValue);
    p.conditional.handle = hc + 4; /* not one */
    CALL(cudaGraphAddNode(&n, gc, nullptr, 0, &p), cudaErrorInvalidValue);
    cudaGraph_t other;
    OK(cudaGraphCreate(&other, 0));
    p.conditional.handle = hc; /* another graph's */
    CALL(cudaGraphAddNode(&n, other, nullptr, 0, &p), cudaErrorInvalidValue);
    cudaGraphConditionalHandle hb;
    OK(cudaGraphConditionalHandleCreate(&hb, body[0])); /* gc's body graph's */
    p.conditional.handle = hb; /* in the enclosing graph: the wrong way round */
    CALL(cudaGraphAddNode(&n, gc, nullptr, 0, &p), cudaErrorInvalidValue);
    p.conditional.handle = hc;
    p.conditional.size = 3; /* IF takes 1 or 2 */
    CALL(cudaGraphAddNode(&n, gc, nullptr, 0, &p), cudaErrorInvalidValue);
    p.conditional.type = cudaGraphCondTypeWhile, p.conditional.size = 2; /* WHILE takes 1 */
    CALL(cudaGraphAddNode(&n, gc, nullptr, 0, &p), cudaErrorInvalidValue);
    p.conditional.type = cudaGraphCondTypeSwitch, p.conditional.size = 0; /* SWITCH takes 1 or more */
    CALL(cudaGraphAddNode(&n, gc, nullptr, 0, &p), cudaErrorInvalidValue);
    p.conditional.type = (cudaGraphConditionalNodeType)7, p.conditional.size = 1;
    CALL(cudaGraphAddNode(&n, gc, nullptr, 0, &p), cudaErrorInvalidValue);
    p.conditional.type = cudaGraphCondTypeIf;
    CALL(cudaGraphAddNode(nullptr, gc, nullptr, 0, &p), cudaErrorInvalidValue);
    /* _v2 with a default edge; then the node is destroyed with its bodies */
    cudaGraphEdgeData edge = {};
    cudaGraphNode_t root;
    OK(cudaGraphAddEmptyNode(&root, other, nullptr, 0));
    cudaGraphConditionalHandle ho;
    OK(cudaGraphConditionalHandleCreate(&ho, other));
    p.conditional.handle = ho;
    OK(cudaGraphAddNode_v2(&n, other, &root, &edge, 1, &p));
    size_t count = 0;
    OK(cudaGraphGetNodes(p.conditional.phGraph_out[0], nullptr, &count));
    EXPECT(count == 0);
    OK(cudaGraphDestroyNode(n));
    OK(cudaGraphDestroy(other));
    OK(cudaGraphDestroy(gc));
    OK(cudaGraphDestroy(g));
    /* every graph is gone: so are the nodes' records, bodies and handles (cu2amd's own lists) */
    EXPECT(__cu2amd_cond()->nodes == nullptr && __cu2amd_cond()->handles == nullptr);
    OK(cudaStreamDestroy(s));
    OK(cudaFree(mem));
    printf(failures ? "condgraph: FAILED\n" : "condgraph: PASSED\n");
    return failures != 0;
}
"""


def test_program_runs_on_the_host_platform(tmp_path: Path) -> None:
    source = tmp_path / "condgraph.cu"
    source.write_text(PROGRAM)
    run_on_host(source, tmp_path, "condgraph")


def test_program_builds_for_gfx942(tmp_path: Path) -> None:
    """The same program compiles for an AMD GPU (cudaGraphSetConditional a store in the
    kernels' code) and links against libamdhip64 5.2: the nodes are HIP 5.2 host nodes and
    the launch instantiates and launches HIP graphs."""
    source = tmp_path / "condgraph.cu"
    source.write_text(PROGRAM)
    undefined = link_for_gfx942(source, tmp_path, "condgraph")
    for hip in ("hipGraphAddHostNode", "hipGraphInstantiate", "hipGraphLaunch", "hipMalloc"):
        assert hip in undefined
