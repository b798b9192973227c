"""cudaGetFuncBySymbol and cluster occupancy (session 15, issue #7). The driver handle of a
__global__ function launches through cuLaunchKernel on the kernel's own globals and answers
cuFuncGetAttribute/cuFuncGetName/cuOccupancy* as the runtime answers for the stub; the
cluster occupancy functions (runtime and driver) answer for clusters of one block, and a
configuration that launch refuses (a larger cluster) is an error. The program runs on the
host platform and builds and links for gfx942 (where cudaGetFuncBySymbol is
cudaErrorNotSupported: libamdhip64 5.2 has no stub-to-function lookup)."""

from __future__ import annotations

from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py).
CALLS = {
    "cudaGetFuncBySymbol", "cudaOccupancyMaxPotentialClusterSize",
    "cudaOccupancyMaxActiveClusters",
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
#define CU(call, expected) do { CUresult r_ = (call); if (r_ != (expected)) { \
    printf("FAILED line %d: %s -> %d, expected %s\n", __LINE__, #call, (int)r_, #expected); failures++; } \
    } while (0)

__device__ int launches;
__global__ void scale(float *p, float factor, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] *= factor;
    if (i == 0) atomicAdd(&launches, 1);
}
__global__ void staged(int *out) {
    __shared__ int tile[256];
    tile[threadIdx.x] = (int)threadIdx.x * 3;
    __syncthreads();
    out[threadIdx.x] = tile[255 - threadIdx.x];
}
static void host_function(void) {}

static void get_func_by_symbol() {
    cudaFunction_t f = nullptr, again = nullptr;
    cudaError_t e = cudaGetFuncBySymbol(&f, scale);
    if (e == cudaErrorNotSupported) { /* AMD GPUs (libamdhip64 5.2) */
        printf("cudaGetFuncBySymbol: not supported\n");
        cudaGetLastError();
        return;
    }
    OK(e);
    OK(cudaGetFuncBySymbol(&again, (const void *)scale));
    EXPECT(f != nullptr && f == again); /* one handle per kernel */
    CUfunction as_driver = f;           /* the same type, as in CUDA */

    /* Launched through the driver API, on the program's own globals. */
    const int n = 300;
    float host[n], *dev = nullptr;
    for (int i = 0; i < n; i++) host[i] = (float)i;
    OK(cudaMalloc(&dev, sizeof host));
    OK(cudaMemcpy(dev, host, sizeof host, cudaMemcpyHostToDevice));
    int zero = 0, count = -1;
    OK(cudaMemcpyToSymbol(launches, &zero, sizeof zero));
    float factor = 2.5f;
    int count_n = n;
    void *args[] = {&dev, &factor, &count_n};
    CU(cuLaunchKernel(as_driver, 3, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr), CUDA_SUCCESS);
    CU(cuLaunchKernel(as_driver, 3, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr), CUDA_SUCCESS);
    OK(cudaDeviceSynchronize());
    OK(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int i = 0; i < n; i++) wrong += host[i] != (float)i * 6.25f;
    EXPECT(wrong == 0);
    OK(cudaMemcpyFromSymbol(&count, launches, sizeof count));
    EXPECT(count == 2); /* the kernel's __device__ variable is the runtime's */
    CU(cuLaunchKernel(as_driver, 1, 1, 1, 32, 1, 1, 0, nullptr, nullptr, nullptr), CUDA_ERROR_INVALID_VALUE);

    /* Captured into a graph: the arguments as they were at capture. */
    cudaStream_t s;
    cudaGraph_t graph;
    cudaGraphExec_t exec;
    OK(cudaStreamCreate(&s));
    OK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    factor = 2.0f;
    CU(cuLaunchKernel(as_driver, 3, 1, 1, 128, 1, 1, 0, s, args, nullptr), CUDA_SUCCESS);
    factor = 100.0f;
    OK(cudaStreamEndCapture(s, &graph));
    OK(cudaGraphInstantiate(&exec, graph, 0));
    OK(cudaGraphLaunch(exec, s));
    OK(cudaStreamSynchronize(s));
    OK(cudaMemcpy(host, dev, sizeof host, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (int i = 0; i < n; i++) wrong += host[i] != (float)i * 12.5f;
    EXPECT(wrong == 0);
    OK(cudaGraphExecDestroy(exec));
    OK(cudaGraphDestroy(graph));
    OK(cudaStreamDestroy(s));
    OK(cudaFree(dev));

    /* Its attributes are the runtime's for the stub. */
    cudaFuncAttributes attr;
    cudaFunction_t g = nullptr;
    OK(cudaGetFuncBySymbol(&g, staged));
    OK(cudaFuncGetAttributes(&attr, staged));
    int threads = 0, shared = -1, dynamic = -1;
    CU(cuFuncGetAttribute(&threads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, g), CUDA_SUCCESS);
    CU(cuFuncGetAttribute(&shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, g), CUDA_SUCCESS);
    CU(cuFuncGetAttribute(&dynamic, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, g), CUDA_SUCCESS);
    EXPECT(threads == attr.maxThreadsPerBlock && threads > 0);
    EXPECT(shared == (int)attr.sharedSizeBytes && shared >= 256 * (int)sizeof(int));
    EXPECT(dynamic >= 0);
    int *out = nullptr, result[256];
    OK(cudaMalloc(&out, sizeof result));
    void *out_args[] = {&out};
    CU(cuLaunchKernel(g, 1, 1, 1, 256, 1, 1, 0, nullptr, out_args, nullptr), CUDA_SUCCESS);
    OK(cudaMemcpy(result, out, sizeof result, cudaMemcpyDeviceToHost));
    EXPECT(result[0] == 255 * 3 && result[255] == 0 && result[100] == 155 * 3);
    OK(cudaFree(out));
    const char *name = nullptr, *stub_name = nullptr;
    CU(cuFuncGetName(&name, g), CUDA_SUCCESS);
    OK(cudaFuncGetName(&stub_name, staged));
    EXPECT(name && stub_name && strcmp(name, stub_name) == 0);
    int blocks_driver = -1, blocks_runtime = -2;
    CU(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_driver, g, 256, 0), CUDA_SUCCESS);
    OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_runtime, staged, 256, 0));
    EXPECT(blocks_driver == blocks_runtime && blocks_driver > 0);

    /* Misuse: CUDA's codes. */
    cudaFunction_t untouched = (cudaFunction_t)0x1;
    CALL(cudaGetFuncBySymbol(&untouched, (const void *)host_function), cudaErrorInvalidDeviceFunction);
    CALL(cudaGetFuncBySymbol(&untouched, (const void *)&zero), cudaErrorInvalidDeviceFunction);
    CALL(cudaGetFuncBySymbol(&untouched, (const void *)nullptr), cudaErrorInvalidDeviceFunction);
    EXPECT(untouched == (cudaFunction_t)0x1);
    CALL(cudaGetFuncBySymbol(nullptr, scale), cudaErrorInvalidValue);
    CALL(cudaGetLastError(), cudaErrorInvalidValue);

    /* Cluster occupancy through the driver API, as the runtime's below. */
    CUlaunchAttribute cluster;
    memset(&cluster, 0, sizeof cluster);
    cluster.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    cluster.value.clusterDim.x = cluster.value.clusterDim.y = cluster.value.clusterDim.z = 1;
    CUlaunchConfig config;
    memset(&config, 0, sizeof config);
    config.gridDimX = 8, config.gridDimY = config.gridDimZ = 1;
    config.blockDimX = 256, config.blockDimY = config.blockDimZ = 1;
    config.attrs = &cluster, config.numAttrs = 1;
    int size = -1, clusters = -1, sms = 0;
    OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    CU(cuOccupancyMaxPotentialClusterSize(&size, g, &config), CUDA_SUCCESS);
    CU(cuOccupancyMaxActiveClusters(&clusters, g, &config), CUDA_SUCCESS);
    EXPECT(size == 1 && clusters == blocks_driver * sms);
    cluster.value.clusterDim.x = 2;
    CU(cuOccupancyMaxActiveClusters(&clusters, g, &config), CUDA_ERROR_INVALID_CLUSTER_SIZE);
    CU(cuOccupancyMaxPotentialClusterSize(&size, g, &config), CUDA_SUCCESS);
    EXPECT(size == 1);
    cluster.value.clusterDim.x = 0;
    CU(cuOccupancyMaxActiveClusters(&clusters, g, &config), CUDA_ERROR_INVALID_VALUE);
    config.numAttrs = 0;
    CU(cuOccupancyMaxActiveClusters(&clusters, g, &config), CUDA_ERROR_INVALID_CLUSTER_SIZE);
    CU(cuOccupancyMaxActiveClusters(nullptr, g, &config), CUDA_ERROR_INVALID_VALUE);
    CU(cuOccupancyMaxPotentialClusterSize(&size, g, nullptr), CUDA_ERROR_INVALID_VALUE);
}

static void cluster_occupancy() {
    cudaLaunchAttribute cluster;
    memset(&cluster, 0, sizeof cluster);
    cluster.id = cudaLaunchAttributeClusterDimension;
    cluster.val.clusterDim.x = cluster.val.clusterDim.y = cluster.val.clusterDim.z = 1;
    cudaLaunchConfig_t config;
    memset(&config, 0, sizeof config);
    config.gridDim = dim3(4), config.blockDim = dim3(16, 8); /* 128 threads */
    config.attrs = &cluster, config.numAttrs = 1;

    int per_sm = 0, sms = 0, size = -1, clusters = -1;
    OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, scale, 128, 0));
    OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    OK(cudaOccupancyMaxPotentialClusterSize(&size, scale, &config));
    OK(cudaOccupancyMaxActiveClusters(&clusters, scale, &config));
    EXPECT(size == 1);
    EXPECT(per_sm > 0 && clusters == per_sm * sms); /* clusters of one block */

    /* Dynamic shared memory counts as in the block occupancy. */
    config.dynamicSmemBytes = 16 * 1024;
    OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, scale, 128, 16 * 1024));
    OK(cudaOccupancyMaxActiveClusters(&clusters, scale, &config));
    EXPECT(clusters == per_sm * sms);
    config.dynamicSmemBytes = 0;

    /* The launch runs such a configuration; a larger cluster it refuses, and so do these. */
    float *dev = nullptr;
    OK(cudaMalloc(&dev, 512 * sizeof(float)));
    OK(cudaMemset(dev, 0, 512 * sizeof(float)));
    OK(cudaLaunchKernelEx(&config, scale, dev, 2.0f, 512));
    OK(cudaDeviceSynchronize());
    cluster.val.clusterDim.x = 2;
    CALL(cudaLaunchKernelEx(&config, scale, dev, 2.0f, 512), cudaErrorNotSupported);
    CALL(cudaOccupancyMaxActiveClusters(&clusters, scale, &config), cudaErrorInvalidClusterSize);
    OK(cudaOccupancyMaxPotentialClusterSize(&size, scale, &config)); /* the config's cluster ignored */
    EXPECT(size == 1);
    OK(cudaFree(dev));

    /* No cluster dimension: CUDA's error for a kernel without a compile-time one. */
    config.numAttrs = 0;
    CALL(cudaOccupancyMaxActiveClusters(&clusters, scale, &config), cudaErrorInvalidClusterSize);
    OK(cudaOccupancyMaxPotentialClusterSize(&size, scale, &config));
    EXPECT(size == 1);

    /* A block that can never be resident: no cluster size. */
    config.blockDim = dim3(2048);
    OK(cudaOccupancyMaxPotentialClusterSize(&size, scale, &config));
    EXPECT(size == 0);
    config.blockDim = dim3(128);

    /* Misuse. */
    config.numAttrs = 1;
    cluster.val.clusterDim.x = 0;
    CALL(cudaOccupancyMaxActiveClusters(&clusters, scale, &config), cudaErrorInvalidValue);
    CALL(cudaOccupancyMaxPotentialClusterSize(&size, scale, &config), cudaErrorInvalidValue);
    cluster.val.clusterDim.x = 1;
    CALL(cudaOccupancyMaxActiveClusters(nullptr, scale, &config), cudaErrorInvalidValue);
    CALL(cudaOccupancyMaxPotentialClusterSize(&size, scale, nullptr), cudaErrorInvalidValue);
    CALL(cudaOccupancyMaxActiveClusters(&clusters, (const void *)host_function, &config),
         cudaErrorInvalidDeviceFunction);
    CALL(cudaOccupancyMaxPotentialClusterSize(&size, (const void *)host_function, &config),
         cudaErrorInvalidDeviceFunction);
    cudaGetLastError();
}

int main() {
    get_func_by_symbol();
    cluster_occupancy();
    OK(cudaGetLastError());
    printf(failures ? "s15: FAILED\n" : "s15: PASSED\n");
    return failures != 0;
}
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("runtime_api_s15") / "s15.cu"
    src.write_text(PROGRAM)
    return src


def test_program_runs_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run = run_on_host(source, tmp_path, "s15")
    assert "not supported" not in run.stdout  # the host platform has the lookup


def test_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    """The same program compiles for an AMD GPU and links against libamdhip64 (the host
    platform's lookup is a weak reference, which nothing defines there)."""
    undefined = link_for_gfx942(source, tmp_path, "s15")
    assert "hipModuleLaunchKernel" in undefined
