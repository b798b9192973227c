"""The driver API's external semaphore graph nodes (cu2amd/driver_interop.h over
cu2amd/extsem_nodes.h, which the runtime shares). The program builds wait(timeline A) -> host
node -> signal(timeline B), launches it repeatedly with the executable graph's values set before
each launch while another thread signals A and waits for B, and checks the node types,
parameters (copied; GetParams, SetParams on the graph and the executable graph) and errors. It
is plain C: built with cc against the host runtime (as libcuda), and as CUDA with cu2amd-nvcc for
the host platform (where the runtime API also sees the driver's nodes) and for gfx942 (built and
linked; the nodes are CUDA_ERROR_NOT_SUPPORTED there)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, nvcc

from cu2amd.runtime_shim.headers import include_dir

# The driver functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cuGraphAddExternalSemaphoresSignalNode", "cuGraphAddExternalSemaphoresWaitNode",
    "cuGraphExternalSemaphoresSignalNodeGetParams", "cuGraphExternalSemaphoresSignalNodeSetParams",
    "cuGraphExternalSemaphoresWaitNodeGetParams", "cuGraphExternalSemaphoresWaitNodeSetParams",
    "cuGraphExecExternalSemaphoresSignalNodeSetParams",
    "cuGraphExecExternalSemaphoresWaitNodeSetParams",
}  # fmt: skip

BODY = r"""
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <pthread.h>
#include <unistd.h>
#include <sys/mman.h>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { CUresult e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %d, expected %s\n", __LINE__, #call, (int)e_, #expected); failures++; } } while (0)
#define OK(call) CALL(call, CUDA_SUCCESS)

#define LAUNCHES 4
static volatile uint64_t *word_a, *word_b;
static int counter;

static void CUDA_CB bump(void *data) { __atomic_add_fetch((int *)data, 1, __ATOMIC_ACQ_REL); }

static void *other_api(void *unused) {
    (void)unused;
    for (int i = 1; i <= LAUNCHES; i++) {
        usleep(2000);
        EXPECT(__atomic_load_n(&counter, __ATOMIC_ACQUIRE) == i - 1); /* the graph waits for A */
        __atomic_store_n(word_a, (uint64_t)i, __ATOMIC_RELEASE);
        while (__atomic_load_n(word_b, __ATOMIC_ACQUIRE) < (uint64_t)(100 + i)) usleep(100);
        EXPECT(*word_b == (uint64_t)(100 + i));
        EXPECT(__atomic_load_n(&counter, __ATOMIC_ACQUIRE) == i);
    }
    return NULL;
}

static CUexternalSemaphore timeline(volatile uint64_t **word) {
    int fd = memfd_create("timeline", 0);
    EXPECT(ftruncate(fd, 8) == 0);
    *word = (volatile uint64_t *)mmap(NULL, 8, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC d;
    memset(&d, 0, sizeof d);
    d.type = CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD;
    d.handle.fd = fd;
    CUexternalSemaphore s = NULL;
    OK(cuImportExternalSemaphore(&s, &d));
    return s;
}

static int extsem_graph(void) {
    CUdevice dev;
    CUcontext ctx;
    OK(cuInit(0));
    OK(cuDeviceGet(&dev, 0));
    OK(cuCtxCreate(&ctx, 0, dev));
    CUexternalSemaphore a = timeline(&word_a), b = timeline(&word_b);
    CUgraph g;
    OK(cuGraphCreate(&g, 0));
    CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS wp;
    memset(&wp, 0, sizeof wp);
    wp.params.fence.value = 1;
    CUDA_EXT_SEM_WAIT_NODE_PARAMS wn = {&a, &wp, 1};
    CUgraphNode wait, host, sig, bad;
    OK(cuGraphAddExternalSemaphoresWaitNode(&wait, g, NULL, 0, &wn));
    CUDA_HOST_NODE_PARAMS hp = {bump, &counter};
    OK(cuGraphAddHostNode(&host, g, &wait, 1, &hp));
    CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS sp;
    memset(&sp, 0, sizeof sp);
    sp.params.fence.value = 101;
    CUDA_EXT_SEM_SIGNAL_NODE_PARAMS sn = {&b, &sp, 1};
    OK(cuGraphAddExternalSemaphoresSignalNode(&sig, g, &host, 1, &sn));
    sp.params.fence.value = 9; /* copied when added */
    CUDA_EXT_SEM_SIGNAL_NODE_PARAMS sg;
    OK(cuGraphExternalSemaphoresSignalNodeGetParams(sig, &sg));
    EXPECT(sg.numExtSems == 1 && sg.extSemArray[0] == b && sg.paramsArray[0].params.fence.value == 101);
    CUDA_EXT_SEM_WAIT_NODE_PARAMS wg;
    OK(cuGraphExternalSemaphoresWaitNodeGetParams(wait, &wg));
    EXPECT(wg.numExtSems == 1 && wg.extSemArray[0] == a && wg.paramsArray[0].params.fence.value == 1);
    CUgraphNodeType t;
    OK(cuGraphNodeGetType(wait, &t));
    EXPECT(t == CU_GRAPH_NODE_TYPE_EXT_SEMAS_WAIT);
    OK(cuGraphNodeGetType(sig, &t));
    EXPECT(t == CU_GRAPH_NODE_TYPE_EXT_SEMAS_SIGNAL);
    OK(cuGraphNodeGetType(host, &t));
    EXPECT(t == CU_GRAPH_NODE_TYPE_HOST);
    CALL(cuGraphExternalSemaphoresSignalNodeGetParams(wait, &sg), CUDA_ERROR_INVALID_VALUE);
    CALL(cuGraphExternalSemaphoresWaitNodeGetParams(host, &wg), CUDA_ERROR_INVALID_VALUE);
    CALL(cuGraphExternalSemaphoresSignalNodeSetParams(wait, &sn), CUDA_ERROR_INVALID_VALUE);
    CUDA_EXT_SEM_SIGNAL_NODE_PARAMS none = {&b, &sp, 0};
    CALL(cuGraphAddExternalSemaphoresSignalNode(&bad, g, NULL, 0, &none), CUDA_ERROR_INVALID_VALUE);
    CALL(cuGraphAddExternalSemaphoresSignalNode(&bad, g, NULL, 0, NULL), CUDA_ERROR_INVALID_VALUE);

    CUgraphExec exec;
    CUstream stream;
    OK(cuStreamCreate(&stream, 0));
    OK(cuGraphInstantiate(&exec, g, 0));
    pthread_t other;
    EXPECT(pthread_create(&other, NULL, other_api, NULL) == 0);
    for (int i = 1; i <= LAUNCHES; i++) {
        wp.params.fence.value = (unsigned long long)i;
        sp.params.fence.value = (unsigned long long)(100 + i);
        OK(cuGraphExecExternalSemaphoresWaitNodeSetParams(exec, wait, &wn));
        OK(cuGraphExecExternalSemaphoresSignalNodeSetParams(exec, sig, &sn));
        OK(cuGraphLaunch(exec, stream));
        OK(cuStreamSynchronize(stream));
    }
    pthread_join(other, NULL);
    EXPECT(counter == LAUNCHES && *word_b == 100 + LAUNCHES);
    CALL(cuGraphExecExternalSemaphoresWaitNodeSetParams(exec, sig, &wn), CUDA_ERROR_INVALID_VALUE);
    OK(cuGraphExternalSemaphoresSignalNodeGetParams(sig, &sg)); /* the graph's own parameters */
    EXPECT(sg.paramsArray[0].params.fence.value == 101);

    /* set in the graph, instantiated again: wait(A >= 2) passes at once, B becomes 500 */
    wp.params.fence.value = 2;
    sp.params.fence.value = 500;
    OK(cuGraphExternalSemaphoresWaitNodeSetParams(wait, &wn));
    OK(cuGraphExternalSemaphoresSignalNodeSetParams(sig, &sn));
    OK(cuGraphExecDestroy(exec));
    OK(cuGraphInstantiate(&exec, g, 0));
    OK(cuGraphLaunch(exec, stream));
    OK(cuStreamSynchronize(stream));
    EXPECT(*word_b == 500 && counter == LAUNCHES + 1);
    EXTRA_CHECKS
    OK(cuGraphExecDestroy(exec));
    OK(cuGraphDestroy(g));
    OK(cuDestroyExternalSemaphore(a));
    OK(cuDestroyExternalSemaphore(b));
    OK(cuStreamDestroy(stream));
    OK(cuCtxDestroy(ctx));
    return failures;
}

int main(void) {
    int f = extsem_graph();
    printf(f ? "driver_extsem_graph: FAILED\n" : "driver_extsem_graph: PASSED\n");
    return f ? 1 : 0;
}
"""

PLAIN_C = "#define _GNU_SOURCE 1\n#include <cuda.h>\n#define EXTRA_CHECKS\n" + BODY
# As CUDA: the runtime API sees the driver's nodes as semaphore nodes.
PROGRAM = (
    "#include <cuda.h>\n#define EXTRA_CHECKS { cudaGraphNodeType rt; "
    "EXPECT(cudaGraphNodeGetType(sig, &rt) == cudaSuccess && "
    "rt == cudaGraphNodeTypeExtSemaphoreSignal); "
    "cudaExternalSemaphoreWaitNodeParams rw; "
    "EXPECT(cudaGraphExternalSemaphoresWaitNodeGetParams(wait, &rw) == cudaSuccess && "
    "rw.paramsArray[0].params.fence.value == 2); }\n" + BODY
)


def _run(exe: Path) -> None:
    run = subprocess.run([str(exe)], capture_output=True, text=True, check=False, timeout=300)
    assert "FAILED" not in run.stdout, run.stdout + run.stderr
    assert run.returncode == 0 and run.stdout.endswith("driver_extsem_graph: PASSED\n"), (
        run.stdout + run.stderr
    )


def test_plain_c_program_runs_on_the_host_runtime(tmp_path: Path) -> None:
    from cu2amd.runtime_shim.host.build import runtime_library

    cc = shutil.which("cc")
    if cc is None:
        pytest.skip("no cc")
    src = tmp_path / "extsem.c"
    src.write_text(PLAIN_C)
    exe = tmp_path / "extsem_c"
    lib = runtime_library()
    cmd = [cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", str(include_dir()), str(src),
           "-o", str(exe), str(lib), f"-Wl,-rpath,{lib.parent}", "-lpthread"]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    _run(exe)


def test_cuda_program_runs_on_the_host_platform(tmp_path: Path) -> None:
    src = tmp_path / "extsem.cu"
    src.write_text(PROGRAM)
    exe = tmp_path / "extsem"
    proc = nvcc("--offload-arch=host", "-o", str(exe), str(src), "-lpthread")
    assert proc.returncode == 0, proc.stderr
    _run(exe)


def test_cuda_program_builds_for_gfx942(tmp_path: Path) -> None:
    src = tmp_path / "extsem.cu"
    src.write_text(PROGRAM)
    undefined = link_for_gfx942(src, tmp_path, "extsem")
    for symbol in ("hipGraphAddHostNode", "hipImportExternalSemaphore"):
        assert symbol in undefined, symbol
