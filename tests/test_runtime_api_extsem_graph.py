"""External semaphore graph nodes (cu2amd/runtime_graph_extsem.h: host nodes that signal and
wait cu2amd's semaphores in graph order). The program builds a graph wait(timeline A) ->
kernel -> signal(timeline B and a binary eventfd semaphore), launches it repeatedly with the
executable graph's values set before each launch, while another thread plays the other API:
it checks the kernel has not run before it signals A, then waits for B and checks the
kernel's result and the eventfd. It also checks the node types, that parameters are copied
(GetParams, SetParams on the graph, on the executable graph, through cudaGraphAddNode and the
generic cudaGraph*NodeSetParams), clones, the DOT dump, stream capture of
cudaSignal/WaitExternalSemaphoresAsync (nodes, run at launch) and the errors. Built and run on the host
platform; built and linked for gfx942, where the nodes are cudaErrorNotSupported."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, nvcc

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cudaGraphAddExternalSemaphoresSignalNode", "cudaGraphAddExternalSemaphoresWaitNode",
    "cudaGraphExternalSemaphoresSignalNodeGetParams",
    "cudaGraphExternalSemaphoresSignalNodeSetParams",
    "cudaGraphExternalSemaphoresWaitNodeGetParams", "cudaGraphExternalSemaphoresWaitNodeSetParams",
    "cudaGraphExecExternalSemaphoresSignalNodeSetParams",
    "cudaGraphExecExternalSemaphoresWaitNodeSetParams",
}  # fmt: skip

PROGRAM = r"""#include <cstdio>
#include <cstring>
#include <cstdint>
#include <cerrno>
#include <pthread.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/mman.h>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

#define LAUNCHES 5
__global__ void step(int *counter, int *seen) {
    int v = ++*counter;
    seen[v] = v * 10;
}

static volatile uint64_t *word_a, *word_b;
static int *counter, *seen;
static int event_side;

static void *other_api(void *) {
    for (int i = 1; i <= LAUNCHES; i++) {
        usleep(2000);
        EXPECT(__atomic_load_n(counter, __ATOMIC_ACQUIRE) == i - 1); /* the graph waits for A */
        __atomic_store_n(word_a, (uint64_t)i, __ATOMIC_RELEASE);     /* signal A = i */
        while (__atomic_load_n(word_b, __ATOMIC_ACQUIRE) < (uint64_t)(100 + i)) usleep(100);
        EXPECT(*word_b == (uint64_t)(100 + i));
        EXPECT(__atomic_load_n(counter, __ATOMIC_ACQUIRE) == i);
        EXPECT(seen[i] == i * 10);
        uint64_t v = 0; /* the eventfd is signalled after B, in the same node */
        ssize_t got;
        while ((got = read(event_side, &v, sizeof v)) < 0 && errno == EAGAIN) usleep(100);
        EXPECT(got == sizeof v && v == 1);
    }
    return nullptr;
}

static int timeline_fd(volatile uint64_t **word) {
    int fd = memfd_create("timeline", 0);
    EXPECT(ftruncate(fd, 8) == 0);
    *word = (volatile uint64_t *)mmap(NULL, 8, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return fd;
}

int main() {
    cudaExternalSemaphoreHandleDesc sd;
    memset(&sd, 0, sizeof sd);
    cudaExternalSemaphore_t a, b, e;
    sd.type = cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd;
    sd.handle.fd = timeline_fd(&word_a);
    OK(cudaImportExternalSemaphore(&a, &sd));
    sd.handle.fd = timeline_fd(&word_b);
    OK(cudaImportExternalSemaphore(&b, &sd));
    int efd = eventfd(0, EFD_NONBLOCK);
    event_side = dup(efd);
    sd.type = cudaExternalSemaphoreHandleTypeOpaqueFd;
    sd.handle.fd = efd;
    OK(cudaImportExternalSemaphore(&e, &sd));
    OK(cudaMallocManaged(&counter, sizeof(int)));
    OK(cudaMallocManaged(&seen, (LAUNCHES + 1) * sizeof(int)));
    *counter = 0;
    memset(seen, 0, (LAUNCHES + 1) * sizeof(int));

    /* wait(A >= 1) -> step -> signal(B = 101, E) */
    cudaGraph_t g;
    OK(cudaGraphCreate(&g, 0));
    cudaExternalSemaphoreWaitParams wp[1];
    memset(wp, 0, sizeof wp);
    wp[0].params.fence.value = 1;
    cudaExternalSemaphoreWaitNodeParams wn = {&a, wp, 1};
    cudaGraphNode_t wait, kern, sig;
    OK(cudaGraphAddExternalSemaphoresWaitNode(&wait, g, nullptr, 0, &wn));
    void *args[] = {&counter, &seen};
    cudaKernelNodeParams kp = {(void *)step, dim3(1), dim3(1), 0, args, nullptr};
    OK(cudaGraphAddKernelNode(&kern, g, &wait, 1, &kp));
    cudaExternalSemaphore_t out[2] = {b, e};
    cudaExternalSemaphoreSignalParams sp[2];
    memset(sp, 0, sizeof sp);
    sp[0].params.fence.value = 101;
    cudaExternalSemaphoreSignalNodeParams sn = {out, sp, 2};
    OK(cudaGraphAddExternalSemaphoresSignalNode(&sig, g, &kern, 1, &sn));
    /* the node copied its parameters */
    sp[0].params.fence.value = 7, out[0] = a;
    cudaExternalSemaphoreSignalNodeParams sg;
    OK(cudaGraphExternalSemaphoresSignalNodeGetParams(sig, &sg));
    EXPECT(sg.numExtSems == 2 && sg.extSemArray[0] == b && sg.extSemArray[1] == e);
    EXPECT(sg.paramsArray[0].params.fence.value == 101 && sg.paramsArray != sp);
    out[0] = b;
    cudaExternalSemaphoreWaitNodeParams wg;
    OK(cudaGraphExternalSemaphoresWaitNodeGetParams(wait, &wg));
    EXPECT(wg.numExtSems == 1 && wg.extSemArray[0] == a && wg.paramsArray[0].params.fence.value == 1);
    cudaGraphNodeType t;
    OK(cudaGraphNodeGetType(wait, &t));
    EXPECT(t == cudaGraphNodeTypeExtSemaphoreWait);
    OK(cudaGraphNodeGetType(sig, &t));
    EXPECT(t == cudaGraphNodeTypeExtSemaphoreSignal);
    /* errors: the wrong kind of node, no semaphores */
    CALL(cudaGraphExternalSemaphoresSignalNodeGetParams(wait, &sg), cudaErrorInvalidValue);
    CALL(cudaGraphExternalSemaphoresWaitNodeGetParams(kern, &wg), cudaErrorInvalidValue);
    CALL(cudaGraphExternalSemaphoresWaitNodeSetParams(sig, &wn), cudaErrorInvalidValue);
    cudaHostNodeParams hp;
    CALL(cudaGraphHostNodeGetParams(sig, &hp), cudaErrorInvalidValue);
    cudaExternalSemaphoreSignalNodeParams none = {out, sp, 0};
    cudaGraphNode_t bad;
    CALL(cudaGraphAddExternalSemaphoresSignalNode(&bad, g, nullptr, 0, &none), cudaErrorInvalidValue);
    CALL(cudaGraphAddExternalSemaphoresSignalNode(&bad, g, nullptr, 0, nullptr), cudaErrorInvalidValue);

    /* a clone's nodes are semaphore nodes with the same parameters */
    cudaGraph_t clone;
    cudaGraphNode_t cloned;
    OK(cudaGraphClone(&clone, g));
    OK(cudaGraphNodeFindInClone(&cloned, sig, clone));
    OK(cudaGraphNodeGetType(cloned, &t));
    EXPECT(t == cudaGraphNodeTypeExtSemaphoreSignal);
    OK(cudaGraphExternalSemaphoresSignalNodeGetParams(cloned, &sg));
    EXPECT(sg.numExtSems == 2 && sg.paramsArray[0].params.fence.value == 101);
    OK(cudaGraphDestroy(clone));
    OK(cudaGraphDebugDotPrint(g, "extsem.dot", 0));
    FILE *dot = fopen("extsem.dot", "r");
    char text[4096] = {0};
    EXPECT(dot && fread(text, 1, sizeof text - 1, dot) > 0);
    if (dot) fclose(dot);
    EXPECT(strstr(text, "EXT_SEMAS_WAIT") && strstr(text, "EXT_SEMAS_SIGNAL"));

    cudaGraphExec_t exec;
    OK(cudaGraphInstantiate(&exec, g, 0));
    cudaStream_t stream;
    OK(cudaStreamCreate(&stream));
    pthread_t other;
    EXPECT(pthread_create(&other, nullptr, other_api, nullptr) == 0);
    for (int i = 1; i <= LAUNCHES; i++) {
        wp[0].params.fence.value = (unsigned long long)i;
        sp[0].params.fence.value = (unsigned long long)(100 + i);
        OK(cudaGraphExecExternalSemaphoresWaitNodeSetParams(exec, wait, &wn));
        OK(cudaGraphExecExternalSemaphoresSignalNodeSetParams(exec, sig, &sn));
        OK(cudaGraphLaunch(exec, stream));
        OK(cudaStreamSynchronize(stream));
    }
    pthread_join(other, nullptr);
    EXPECT(*counter == LAUNCHES && *word_b == 100 + LAUNCHES);
    /* the graph's nodes kept their own parameters */
    OK(cudaGraphExternalSemaphoresSignalNodeGetParams(sig, &sg));
    EXPECT(sg.paramsArray[0].params.fence.value == 101);
    CALL(cudaGraphExecExternalSemaphoresSignalNodeSetParams(exec, kern, &sn), cudaErrorInvalidValue);
    CALL(cudaGraphExecExternalSemaphoresWaitNodeSetParams(exec, sig, &wn), cudaErrorInvalidValue);

    /* the graph's node set, then instantiated again: wait(A >= 5) passes at once */
    wp[0].params.fence.value = 5;
    OK(cudaGraphExternalSemaphoresWaitNodeSetParams(wait, &wn));
    sp[0].params.fence.value = 200;
    OK(cudaGraphExternalSemaphoresSignalNodeSetParams(sig, &sn));
    OK(cudaGraphExternalSemaphoresWaitNodeGetParams(wait, &wg));
    EXPECT(wg.paramsArray[0].params.fence.value == 5);
    cudaGraphExec_t exec2;
    OK(cudaGraphExecDestroy(exec));
    OK(cudaGraphInstantiate(&exec2, g, 0));
    OK(cudaGraphLaunch(exec2, stream));
    OK(cudaStreamSynchronize(stream));
    uint64_t v = 0;
    EXPECT(*word_b == 200 && *counter == LAUNCHES + 1);
    EXPECT(read(event_side, &v, sizeof v) == sizeof v && v == 1);

    /* the generic forms: cudaGraphAddNode, cudaGraphNodeSetParams, cudaGraphExecNodeSetParams */
    cudaGraph_t g2;
    OK(cudaGraphCreate(&g2, 0));
    cudaGraphNodeParams np = {};
    np.type = cudaGraphNodeTypeExtSemaphoreSignal;
    sp[0].params.fence.value = 300;
    np.extSemSignal.extSemArray = out;
    np.extSemSignal.paramsArray = sp;
    np.extSemSignal.numExtSems = 1;
    cudaGraphNode_t gs;
    OK(cudaGraphAddNode(&gs, g2, nullptr, 0, &np));
    OK(cudaGraphNodeGetType(gs, &t));
    EXPECT(t == cudaGraphNodeTypeExtSemaphoreSignal);
    sp[0].params.fence.value = 301;
    OK(cudaGraphNodeSetParams(gs, &np));
    cudaGraphExec_t exec3;
    OK(cudaGraphInstantiate(&exec3, g2, 0));
    OK(cudaGraphLaunch(exec3, stream));
    OK(cudaStreamSynchronize(stream));
    EXPECT(*word_b == 301);
    sp[0].params.fence.value = 302;
    OK(cudaGraphExecNodeSetParams(exec3, gs, &np));
    OK(cudaGraphLaunch(exec3, stream));
    OK(cudaStreamSynchronize(stream));
    EXPECT(*word_b == 302);
    np.type = cudaGraphNodeTypeExtSemaphoreWait;
    CALL(cudaGraphNodeSetParams(gs, &np), cudaErrorInvalidValue);

    /* captured: the semaphore calls on a capturing stream become nodes, run at launch */
    cudaStream_t cap;
    OK(cudaStreamCreate(&cap));
    OK(cudaStreamBeginCapture(cap, cudaStreamCaptureModeGlobal));
    wp[0].params.fence.value = 2; /* A is 5 */
    OK(cudaWaitExternalSemaphoresAsync(&a, wp, 1, cap));
    step<<<1, 1, 0, cap>>>(counter, seen);
    sp[0].params.fence.value = 400;
    OK(cudaSignalExternalSemaphoresAsync(&b, sp, 1, cap));
    cudaGraph_t captured;
    OK(cudaStreamEndCapture(cap, &captured));
    EXPECT(*word_b == 302 && *counter == LAUNCHES + 1); /* nothing ran yet */
    cudaGraphNode_t cn[3];
    size_t ncn = 3;
    OK(cudaGraphGetNodes(captured, cn, &ncn));
    EXPECT(ncn == 3);
    int kinds = 0;
    for (size_t i = 0; i < ncn; i++) {
        OK(cudaGraphNodeGetType(cn[i], &t));
        kinds |= t == cudaGraphNodeTypeExtSemaphoreWait ? 1 : t == cudaGraphNodeTypeExtSemaphoreSignal ? 2 : 0;
    }
    EXPECT(kinds == 3);
    cudaGraphExec_t exec4;
    OK(cudaGraphInstantiate(&exec4, captured, 0));
    OK(cudaGraphLaunch(exec4, cap));
    OK(cudaStreamSynchronize(cap));
    EXPECT(*word_b == 400 && *counter == LAUNCHES + 2);
    OK(cudaGraphExecDestroy(exec4));
    OK(cudaGraphDestroy(captured));
    OK(cudaStreamDestroy(cap));

    OK(cudaGraphExecDestroy(exec2));
    OK(cudaGraphExecDestroy(exec3));
    OK(cudaGraphDestroy(g));
    OK(cudaGraphDestroy(g2));
    OK(cudaDestroyExternalSemaphore(a));
    OK(cudaDestroyExternalSemaphore(b));
    OK(cudaDestroyExternalSemaphore(e));
    OK(cudaStreamDestroy(stream));
    printf(failures ? "extsem_graph: FAILED\n" : "extsem_graph: PASSED\n");
    return failures ? 1 : 0;
}
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("extsem_graph") / "extsem_graph.cu"
    path.write_text(PROGRAM)
    return path


def test_semaphore_nodes_run_in_graph_order_on_the_host_platform(
    source: Path, tmp_path: Path
) -> None:
    exe = tmp_path / "extsem_graph"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(source), "-lpthread")
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run(
        [str(exe)], capture_output=True, text=True, check=False, timeout=300, cwd=tmp_path
    )
    assert "FAILED" not in run.stdout, run.stdout + run.stderr
    assert run.returncode == 0 and run.stdout.endswith("extsem_graph: PASSED\n"), (
        run.stdout + run.stderr
    )


def test_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    """The nodes are host nodes: the program imports HIP's host node and semaphore functions."""
    undefined = link_for_gfx942(source, tmp_path, "extsem_graph")
    for symbol in ("hipGraphAddHostNode", "hipSignalExternalSemaphoresAsync"):
        assert symbol in undefined, symbol
