"""The C++ spellings CUDA's cuda_runtime.h adds beside the C runtime API (cu2amd/runtime_cxx.h):
typed-pointer templates (cudaHostGetDevicePointer<T>, cudaMemAdvise/cudaMemPrefetchAsync with a
cudaMemLocation), CUDA 11's argument lists of cudaGraphInstantiate and cudaGraphExecUpdate, the
memcpy-node setters that take a __device__ variable, and cudaUserObjectCreate<T>, which deletes
a C++ object. Code written against CUDA's header calls these; each must compile, pick the
right overload and do what CUDA's does: a program checks them on the host platform and is
compiled and linked for gfx942."""

from __future__ import annotations

from pathlib import Path

from runtime_programs import link_for_gfx942, run_on_host

PROGRAM = r"""
#include <cstdio>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

__device__ int counter;
__global__ void add(int *p, int n, int v) { if ((int)threadIdx.x < n) p[threadIdx.x] += v; }

struct Tracked {
    int *deleted;
    ~Tracked() { ++*deleted; }
};

int main() {
    /* cudaHostGetDevicePointer<int>: the mapped buffer seen by a kernel. */
    int *host = nullptr, *dev = nullptr;
    OK(cudaHostAlloc(&host, 4 * sizeof(int), cudaHostAllocMapped));
    for (int i = 0; i < 4; ++i) host[i] = i;
    OK(cudaHostGetDevicePointer(&dev, host, 0));
    EXPECT(dev != nullptr);
    add<<<1, 4>>>(dev, 4, 10);
    OK(cudaDeviceSynchronize());
    EXPECT(host[0] == 10 && host[3] == 13);
    CALL(cudaHostGetDevicePointer(&dev, host, 1), cudaErrorInvalidValue);  /* flags must be 0 */

    /* cudaMemAdvise / cudaMemPrefetchAsync with a cudaMemLocation, on a typed pointer. */
    float *managed = nullptr;
    OK(cudaMallocManaged(&managed, 64 * sizeof(float)));
    cudaMemLocation device0 = {};
    device0.type = cudaMemLocationTypeDevice;
    device0.id = 0;
    OK(cudaMemAdvise(managed, 64 * sizeof(float), cudaMemAdviseSetReadMostly, device0));
    OK(cudaMemPrefetchAsync(managed, 64 * sizeof(float), device0, 0));
    cudaMemLocation numa = {};
    numa.type = cudaMemLocationTypeHostNuma;
    CALL(cudaMemPrefetchAsync(managed, 64 * sizeof(float), numa, 0, 0), cudaErrorNotSupported);
    OK(cudaDeviceSynchronize());

    /* CUDA 11's cudaGraphInstantiate(exec, graph, errorNode, log, size). */
    int *buf = nullptr;
    OK(cudaMalloc(&buf, 4 * sizeof(int)));
    OK(cudaMemset(buf, 0, 4 * sizeof(int)));
    cudaGraph_t graph;
    OK(cudaGraphCreate(&graph, 0));
    int n = 4, v = 5;
    void *args[] = {&buf, &n, &v};
    cudaKernelNodeParams kp = {};
    kp.func = (void *)add;
    kp.gridDim = dim3(1);
    kp.blockDim = dim3(4);
    kp.kernelParams = args;
    cudaGraphNode_t kernel_node;
    OK(cudaGraphAddKernelNode(&kernel_node, graph, nullptr, 0, &kp));
    cudaGraphExec_t exec;
    cudaGraphNode_t error_node = nullptr;
    char log[64] = "untouched";
    OK(cudaGraphInstantiate(&exec, graph, &error_node, log, sizeof log));
    OK(cudaGraphLaunch(exec, 0));
    OK(cudaStreamSynchronize(0));
    int out[4];
    OK(cudaMemcpy(out, buf, sizeof out, cudaMemcpyDeviceToHost));
    EXPECT(out[0] == 5 && out[3] == 5);

    /* CUDA 11's cudaGraphExecUpdate(exec, graph, &errorNode, &result): same topology ... */
    cudaGraph_t same;
    OK(cudaGraphCreate(&same, 0));
    int v2 = 7;
    void *args2[] = {&buf, &n, &v2};
    kp.kernelParams = args2;
    cudaGraphNode_t same_node;
    OK(cudaGraphAddKernelNode(&same_node, same, nullptr, 0, &kp));
    cudaGraphExecUpdateResult result = cudaGraphExecUpdateError;
    OK(cudaGraphExecUpdate(exec, same, &error_node, &result));
    EXPECT(result == cudaGraphExecUpdateSuccess);
    OK(cudaGraphLaunch(exec, 0));
    OK(cudaStreamSynchronize(0));
    OK(cudaMemcpy(out, buf, sizeof out, cudaMemcpyDeviceToHost));
    EXPECT(out[0] == 12 && out[3] == 12);
    /* ... and another topology (two nodes): refused, with the result saying why. */
    cudaGraph_t other;
    OK(cudaGraphCreate(&other, 0));
    cudaGraphNode_t a, b;
    OK(cudaGraphAddKernelNode(&a, other, nullptr, 0, &kp));
    OK(cudaGraphAddKernelNode(&b, other, &a, 1, &kp));
    result = cudaGraphExecUpdateSuccess;
    CALL(cudaGraphExecUpdate(exec, other, &error_node, &result), cudaErrorGraphExecUpdateFailure);
    EXPECT(result != cudaGraphExecUpdateSuccess);
    CALL(cudaGraphExecUpdate(exec, same, nullptr, nullptr), cudaSuccess);  /* both outputs optional */

    /* Memcpy nodes on a __device__ variable named directly. */
    cudaGraph_t copies;
    OK(cudaGraphCreate(&copies, 0));
    int first = 11, second = 22, third = 33, back = 0;
    cudaGraphNode_t to_node, from_node;
    OK(cudaGraphAddMemcpyNodeToSymbol(&to_node, copies, nullptr, 0, counter, &first, sizeof(int), 0,
                                      cudaMemcpyHostToDevice));
    OK(cudaGraphMemcpyNodeSetParamsToSymbol(to_node, counter, &second, sizeof(int), 0, cudaMemcpyHostToDevice));
    OK(cudaGraphAddMemcpyNodeFromSymbol(&from_node, copies, &to_node, 1, &back, counter, sizeof(int), 0,
                                        cudaMemcpyDeviceToHost));
    int back2 = 0;
    OK(cudaGraphMemcpyNodeSetParamsFromSymbol(from_node, &back2, counter, sizeof(int), 0, cudaMemcpyDeviceToHost));
    cudaGraphExec_t copies_exec;
    OK(cudaGraphInstantiate(&copies_exec, copies, 0));
    OK(cudaGraphLaunch(copies_exec, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(back == 0 && back2 == 22);
    int back3 = 0;
    OK(cudaGraphExecMemcpyNodeSetParamsToSymbol(copies_exec, to_node, counter, &third, sizeof(int), 0,
                                                cudaMemcpyHostToDevice));
    OK(cudaGraphExecMemcpyNodeSetParamsFromSymbol(copies_exec, from_node, &back3, counter, sizeof(int), 0,
                                                  cudaMemcpyDeviceToHost));
    OK(cudaGraphLaunch(copies_exec, 0));
    OK(cudaStreamSynchronize(0));
    EXPECT(back3 == 33 && back2 == 22);

    /* cudaUserObjectCreate<T>: the object is deleted with its last reference (both flag spellings). */
    int deleted = 0;
    cudaUserObject_t object;
    OK(cudaUserObjectCreate(&object, new Tracked{&deleted}, 2, cudaUserObjectNoDestructorSync));
    OK(cudaUserObjectRelease(object, 1));
    EXPECT(deleted == 0);
    OK(cudaUserObjectRelease(object, 1));
    OK(cudaDeviceSynchronize());
    EXPECT(deleted == 1);
    OK(cudaUserObjectCreate(&object, new Tracked{&deleted}, 1, (unsigned)cudaUserObjectNoDestructorSync));
    OK(cudaGraphRetainUserObject(copies, object, 1, cudaGraphUserObjectMove));
    OK(cudaGraphDestroy(copies));
    OK(cudaDeviceSynchronize());
    EXPECT(deleted == 2);

    OK(cudaGraphExecDestroy(copies_exec));
    OK(cudaGraphExecDestroy(exec));
    OK(cudaFree(buf));
    OK(cudaFree(managed));
    OK(cudaFreeHost(host));
    if (failures == 0) printf("cxx_api: PASSED\n");
    return failures != 0;
}
"""


def test_cxx_api_on_host(tmp_path: Path) -> None:
    source = tmp_path / "cxx_api.cu"
    source.write_text(PROGRAM)
    run_on_host(source, tmp_path, "cxx_api")


def test_cxx_api_links_for_gfx942(tmp_path: Path) -> None:
    source = tmp_path / "cxx_api.cu"
    source.write_text(PROGRAM)
    imports = link_for_gfx942(source, tmp_path, "cxx_api")
    assert "hipMemPrefetchAsync" in imports and "hipGraphInstantiate" in imports
