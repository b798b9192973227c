"""Cooperative launch and grid-wide sync (cu2amd/runtime_exec.h, cooperative_groups.h):
cudaLaunchCooperativeKernel with cooperative_groups::this_grid(). A self-checking program
does a grid-wide reduction in several rounds of grid.sync() (a partial last block's worth
of input, shared memory kept across the syncs), checks the grid group's ranks and indices
on a 2-D grid, the occupancy limit (cudaErrorCooperativeLaunchTooLarge), and, on the host
platform, what a launch that is not cooperative gets. It runs on the host platform (also
with reversed and random thread orders and strict mode) and builds and links for gfx942,
where grid.sync() is cu2amd's global-memory barrier. A driver-API program does the same
for cuLaunchCooperativeKernel on a PTX module."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from runtime_programs import link_for_gfx942, run_on_host

# The runtime functions this program calls and checks (see tests/test_api_tables_run.py,
# through tests/test_runtime_api_coop.py).
CALLS = {
    "cudaFuncGetName", "cudaLaunchCooperativeKernel", "cudaLaunchCooperativeKernelMultiDevice",
    "cudaLaunchKernelEx", "cudaLaunchKernelExC",
    "cudaSetDoubleForDevice", "cudaSetDoubleForHost",
}  # fmt: skip

PROGRAM = r"""
#include <cstdio>
#include <cstdlib>
#include <string>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { cudaError_t e_ = (call); if (e_ != (expected)) { \
    printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, cudaGetErrorName(e_), #expected); failures++; } \
    } while (0)
#define OK(call) CALL(call, cudaSuccess)

#define THREADS 64
#define ROUNDS 3

/* Each round: every block sums its grid-stride share of in[] (times the round number) into
 * partial[]; after a grid.sync() block 0 adds the partial sums into out[round]; after
 * another, every thread reads out[round] (seen[]). A value kept in shared memory across
 * the syncs must survive them. */
__global__ void grid_sum(const int *in, int n, int *partial, int *out, int *seen, int *kept) {
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    __shared__ int smem[THREADS];
    __shared__ int mine[THREADS];
    mine[threadIdx.x] = (int)grid.thread_rank() * 7 + 1;
    for (int r = 0; r < ROUNDS; r++) {
        int sum = 0;
        for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n; i += grid.size())
            sum += in[i] * (r + 1);
        smem[threadIdx.x] = sum;
        block.sync();
        for (int s = THREADS / 2; s > 0; s /= 2) {
            if (threadIdx.x < s) smem[threadIdx.x] += smem[threadIdx.x + s];
            block.sync();
        }
        if (threadIdx.x == 0) partial[grid.block_rank()] = smem[0];
        if (r % 2) {
            grid.sync();
        } else {
            cg::thread_group any = grid; /* the generic group's sync is the grid's */
            any.sync();
        }
        if (grid.block_rank() == 0 && threadIdx.x == 0) {
            int total = 0;
            for (unsigned long long b = 0; b < grid.num_blocks(); b++) total += partial[b];
            out[r] = total;
        }
        cg::sync(grid);
        seen[r * grid.size() + grid.thread_rank()] = out[r];
    }
    kept[grid.thread_rank()] = mine[threadIdx.x];
}

/* What the grid group says of each thread. */
__global__ void describe(unsigned long long *info) {
    cg::grid_group grid = cg::this_grid();
    unsigned long long *o = info + 8 * grid.thread_rank();
    o[0] = grid.thread_rank();
    o[1] = grid.size() * 1000 + grid.num_threads();
    o[2] = grid.num_blocks();
    o[3] = grid.block_rank();
    o[4] = grid.block_index().x + 10 * grid.block_index().y + 100 * grid.block_index().z;
    o[5] = grid.dim_blocks().x + 10 * grid.dim_blocks().y + 100 * grid.dim_blocks().z;
    o[6] = grid.is_valid();
    o[7] = 42;
}

__global__ void sync_without_cooperative_launch(int *p) {
    cg::this_grid().sync();
    p[0] = 1;
}

/* Block 1 leaves before the grid syncs: the others would wait for it forever. */
__global__ void early_exit(int *p) {
    if (blockIdx.x == 1) return;
    cg::this_grid().sync();
    p[blockIdx.x] = 1;
}

static int failing_launches(void);

int main(int argc, char **argv) {
    if (argc > 1) return failing_launches(); /* a kernel failure is sticky: its own process */
    int value = 0;
    OK(cudaDeviceGetAttribute(&value, cudaDevAttrCooperativeLaunch, 0));
    EXPECT(value == 1);

    int per_sm = 0, sms = 0;
    OK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, grid_sum, THREADS, 0));
    OK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    int blocks = per_sm * sms;
    EXPECT(blocks >= 4);
    if (blocks > 16) blocks = 16;

    /* A partial last block's worth: n is not a multiple of the grid's threads. */
    const int n = 5 * THREADS * blocks + 37;
    int *in, *partial, *out, *seen, *kept;
    OK(cudaMallocManaged(&in, n * sizeof(int)));
    OK(cudaMallocManaged(&partial, blocks * sizeof(int)));
    OK(cudaMallocManaged(&out, ROUNDS * sizeof(int)));
    OK(cudaMallocManaged(&seen, ROUNDS * THREADS * blocks * sizeof(int)));
    OK(cudaMallocManaged(&kept, THREADS * blocks * sizeof(int)));
    long long expected = 0;
    for (int i = 0; i < n; i++) in[i] = (i * 37) % 101 - 50, expected += in[i];
    void *args[] = {&in, (void *)&n, &partial, &out, &seen, &kept};
    OK(cudaLaunchCooperativeKernel((void *)grid_sum, dim3(blocks), dim3(THREADS), args, 0, 0));
    OK(cudaDeviceSynchronize());
    for (int r = 0; r < ROUNDS; r++) {
        EXPECT(out[r] == expected * (r + 1));
        int bad = 0;
        for (int t = 0; t < THREADS * blocks; t++) bad += seen[r * THREADS * blocks + t] != out[r];
        EXPECT(bad == 0);
    }
    int bad = 0;
    for (int t = 0; t < THREADS * blocks; t++) bad += kept[t] != t * 7 + 1;
    EXPECT(bad == 0);

    /* A 3-D grid: ranks and indices. */
    unsigned long long *info;
    const int total = 2 * 2 * 1 * 32;
    OK(cudaMallocManaged(&info, 8 * total * sizeof(unsigned long long)));
    void *info_args[] = {&info};
    OK(cudaLaunchCooperativeKernel(describe, dim3(2, 2, 1), dim3(32), info_args, 0, cudaStreamLegacy));
    OK(cudaDeviceSynchronize());
    for (int t = 0; t < total; t++) {
        unsigned long long *o = info + 8 * t;
        unsigned long long b = t / 32;
        EXPECT(o[7] == 42 && o[0] == (unsigned long long)t && o[1] == total * 1000ull + total && o[2] == 4 &&
               o[3] == b && o[4] == b % 2 + 10 * (b / 2) && o[5] == 2 + 20 + 100);
#if !defined(__HIP_PLATFORM_AMD__)
        EXPECT(o[6] == 1);
#endif
    }

    /* More blocks than can be resident at once. */
    CALL(cudaLaunchCooperativeKernel((void *)grid_sum, dim3(per_sm * sms + 1), dim3(THREADS), args, 0, 0),
         cudaErrorCooperativeLaunchTooLarge);
    CALL(cudaGetLastError(), cudaErrorCooperativeLaunchTooLarge);
    CALL(cudaLaunchCooperativeKernel((void *)grid_sum, dim3(1), dim3(2048), args, 0, 0),
         cudaErrorInvalidConfiguration);
    cudaGetLastError();

    /* With a configuration: the Cooperative attribute makes grid.sync() work; a 1x1x1
     * cluster and hints are accepted; larger clusters are not supported. */
    cudaLaunchAttribute attrs[3];
    attrs[0].id = cudaLaunchAttributeCooperative;
    attrs[0].val.cooperative = 1;
    attrs[1].id = cudaLaunchAttributeClusterDimension;
    attrs[1].val.clusterDim.x = attrs[1].val.clusterDim.y = attrs[1].val.clusterDim.z = 1;
    attrs[2].id = cudaLaunchAttributePriority;
    attrs[2].val.priority = 0;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(blocks);
    config.blockDim = dim3(THREADS);
    config.attrs = attrs;
    config.numAttrs = 3;
    for (int r = 0; r < ROUNDS; r++) out[r] = 0;
    OK(cudaLaunchKernelExC(&config, (const void *)grid_sum, args));
    OK(cudaDeviceSynchronize());
    for (int r = 0; r < ROUNDS; r++) EXPECT(out[r] == expected * (r + 1));
    for (int r = 0; r < ROUNDS; r++) out[r] = 0;
    const int *in_c = in;
    OK(cudaLaunchKernelEx(&config, grid_sum, in_c, n, partial, out, seen, kept));
    OK(cudaDeviceSynchronize());
    for (int r = 0; r < ROUNDS; r++) EXPECT(out[r] == expected * (r + 1));
    attrs[1].val.clusterDim.x = 2;
    CALL(cudaLaunchKernelExC(&config, (const void *)grid_sum, args), cudaErrorNotSupported);
    CALL(cudaGetLastError(), cudaErrorNotSupported);
    attrs[1].val.clusterDim.x = 1;
    config.gridDim = dim3(per_sm * sms + 1);
    CALL(cudaLaunchKernelEx(&config, grid_sum, in_c, n, partial, out, seen, kept),
         cudaErrorCooperativeLaunchTooLarge);
    cudaGetLastError();
    CALL(cudaLaunchKernelExC(nullptr, (const void *)grid_sum, args), cudaErrorInvalidValue);
    cudaGetLastError();
    EXPECT(sizeof(cudaLaunchAttributeValue) == 64 && sizeof(cudaLaunchAttribute) == 72);

    /* The deprecated multi-device form, with this one device. */
    for (int r = 0; r < ROUNDS; r++) out[r] = 0;
    cudaLaunchParams params = {(void *)grid_sum, dim3(blocks), dim3(THREADS), args, 0, 0};
    OK(cudaLaunchCooperativeKernelMultiDevice(&params, 1, cudaCooperativeLaunchMultiDeviceNoPreSync |
                                                          cudaCooperativeLaunchMultiDeviceNoPostSync));
    OK(cudaDeviceSynchronize());
    for (int r = 0; r < ROUNDS; r++) EXPECT(out[r] == expected * (r + 1));
    CALL(cudaLaunchCooperativeKernelMultiDevice(&params, 2), cudaErrorInvalidValue);
    CALL(cudaLaunchCooperativeKernelMultiDevice(&params, 1, 4), cudaErrorInvalidValue);
    cudaGetLastError();

    /* The kernel's mangled name; deprecated double conversions do nothing. */
    const char *name = nullptr;
    OK(cudaFuncGetName(&name, grid_sum));
    EXPECT(name && std::string(name) == "_Z8grid_sumPKiiPiS1_S1_S1_");
    CALL(cudaFuncGetName(&name, (const void *)&failures), cudaErrorInvalidDeviceFunction);
    CALL(cudaFuncGetName(nullptr, grid_sum), cudaErrorInvalidValue);
    cudaGetLastError();
    double d = 1.5;
    OK(cudaSetDoubleForDevice(&d));
    OK(cudaSetDoubleForHost(&d));
    EXPECT(d == 1.5);

#if !defined(__HIP_PLATFORM_AMD__)
    /* The host platform knows a launch that is not cooperative: is_valid() is false there. */
    OK(cudaMemset(info, 0xff, 8 * total * sizeof(unsigned long long)));
    describe<<<dim3(2, 2, 1), 32>>>(info);
    OK(cudaDeviceSynchronize());
    EXPECT(info[6] == 0 && info[7] == 42 && info[8 * (total - 1) + 6] == 0);
#endif

    printf("cooperative launch: %s\n", failures ? "FAILED" : "PASSED");
    return failures != 0;
}

/* grid.sync() where it cannot complete stops the kernel on the host platform (a GPU would
 * hang or fail), and, as any failed kernel in CUDA, every later call returns that error and
 * does nothing: `which` picks the launch. */
static int failing_launches(void) {
#if !defined(__HIP_PLATFORM_AMD__)
    int *flag;
    OK(cudaMallocManaged(&flag, sizeof(int)));
    *flag = 0;
    void *flag_args[] = {&flag};
    if (getenv("EARLY_EXIT")) {
        CALL(cudaLaunchCooperativeKernel((void *)early_exit, dim3(3), dim3(32), flag_args, 0, 0),
             cudaErrorLaunchFailure);
    } else {
        sync_without_cooperative_launch<<<2, 32>>>(flag);
        CALL(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
        CALL(cudaGetLastError(), cudaErrorLaunchFailure);
        CALL(cudaGetLastError(), cudaErrorLaunchFailure); /* sticky: not cleared */
        CALL(cudaLaunchCooperativeKernel((void *)early_exit, dim3(3), dim3(32), flag_args, 0, 0),
             cudaErrorLaunchFailure); /* refused: the kernel does not run */
        CALL(cudaMemset(flag, 1, sizeof(int)), cudaErrorLaunchFailure);
    }
    EXPECT(*flag == 0);
#endif
    printf("failing launches: %s\n", failures ? "FAILED" : "PASSED");
    return failures != 0;
}
"""

# The driver API's cuLaunchCooperativeKernel on a PTX module (cuda.h only).
DRIVER_PROGRAM = r"""
#include <cstdio>
#include <string>
#include <cuda.h>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)
#define CALL(call, expected) do { CUresult r_ = (call); if (r_ != (expected)) { const char *n_ = 0; \
    cuGetErrorName(r_, &n_); printf("FAILED line %d: %s -> %s, expected %s\n", __LINE__, #call, n_, #expected); \
    failures++; } } while (0)
#define OK(call) CALL(call, CUDA_SUCCESS)

/* Each block adds its rank to its 64 elements, reversed through shared memory. */
static const char *PTX = R"(
.version 7.0
.target sm_80
.address_size 64

.visible .entry add_rank(.param .u64 data)
{
  .shared .align 4 .b32 tile[64];
  .reg .b32 %r<8>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [data];
  mov.u32 %r1, %ctaid.x;
  mov.u32 %r2, %tid.x;
  shl.b32 %r3, %r1, 6;
  add.s32 %r3, %r3, %r2;
  mul.wide.u32 %rd2, %r3, 4;
  add.s64 %rd3, %rd1, %rd2;
  ld.global.u32 %r4, [%rd3];
  add.s32 %r4, %r4, %r1;
  mul.wide.u32 %rd4, %r2, 4;
  mov.u64 %rd5, tile;
  add.s64 %rd4, %rd5, %rd4;
  st.shared.u32 [%rd4], %r4;
  bar.sync 0;
  sub.s32 %r7, 63, %r2;
  mul.wide.u32 %rd4, %r7, 4;
  add.s64 %rd4, %rd5, %rd4;
  ld.shared.u32 %r4, [%rd4];
  st.global.u32 [%rd3], %r4;
  ret;
}
)";

int main() {
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    CUfunction f;
    OK(cuInit(0));
    OK(cuDeviceGet(&dev, 0));
    OK(cuCtxCreate(&ctx, 0, dev));
    int coop = 0, sms = 0, per_sm = 0;
    OK(cuDeviceGetAttribute(&coop, CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH, dev));
    EXPECT(coop == 1);
    OK(cuModuleLoadData(&mod, PTX));
    OK(cuModuleGetFunction(&f, mod, "add_rank"));
    OK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
    OK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, 64, 0));
    int blocks = per_sm * sms;
    EXPECT(blocks >= 2);
    if (blocks > 16) blocks = 16;
    const int n = 64 * 64;
    int host[n];
    CUdeviceptr data;
    OK(cuMemAlloc(&data, sizeof host));
    for (int i = 0; i < n; i++) host[i] = i;
    OK(cuMemcpyHtoD(data, host, sizeof host));
    void *args[] = {&data};
    OK(cuLaunchCooperativeKernel(f, blocks, 1, 1, 64, 1, 1, 0, 0, args));
    OK(cuCtxSynchronize());
    OK(cuMemcpyDtoH(host, data, sizeof host));
    for (int i = 0; i < 64 * blocks; i++) EXPECT(host[i] == (i & ~63) + 63 - (i & 63) + i / 64);
    CALL(cuLaunchCooperativeKernel(f, per_sm * sms + 1, 1, 1, 64, 1, 1, 0, 0, args),
         CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
    const char *name = 0;
    OK(cuGetErrorName(CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, &name));
    EXPECT(name && std::string(name) == "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE");
    const char *kname = 0;
    OK(cuFuncGetName(&kname, f));
    EXPECT(kname && std::string(kname) == "add_rank");
    CALL(cuFuncGetName(&kname, (CUfunction)&failures), CUDA_ERROR_INVALID_HANDLE);
    CALL(cuFuncGetName(NULL, f), CUDA_ERROR_INVALID_VALUE);
    /* With a configuration: COOPERATIVE, a 1x1x1 cluster and a hint; a larger cluster is
     * not supported. */
    CUlaunchAttribute attrs[3];
    attrs[0].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
    attrs[0].value.cooperative = 1;
    attrs[1].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attrs[1].value.clusterDim.x = attrs[1].value.clusterDim.y = attrs[1].value.clusterDim.z = 1;
    attrs[2].id = CU_LAUNCH_ATTRIBUTE_PRIORITY;
    attrs[2].value.priority = 0;
    CUlaunchConfig config = {(unsigned)blocks, 1, 1, 64, 1, 1, 0, 0, attrs, 3};
    for (int i = 0; i < n; i++) host[i] = i;
    OK(cuMemcpyHtoD(data, host, sizeof host));
    OK(cuLaunchKernelEx(&config, f, args, NULL));
    OK(cuCtxSynchronize());
    OK(cuMemcpyDtoH(host, data, sizeof host));
    for (int i = 0; i < 64 * blocks; i++) EXPECT(host[i] == (i & ~63) + 63 - (i & 63) + i / 64);
    config.gridDimX = per_sm * sms + 1;
    CALL(cuLaunchKernelEx(&config, f, args, NULL), CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
    config.gridDimX = blocks;
    attrs[1].value.clusterDim.z = 2;
    CALL(cuLaunchKernelEx(&config, f, args, NULL), CUDA_ERROR_NOT_SUPPORTED);
    CALL(cuLaunchKernelEx(NULL, f, args, NULL), CUDA_ERROR_INVALID_VALUE);
    EXPECT(sizeof(CUlaunchAttributeValue) == 64 && sizeof(CUlaunchAttribute) == 72);
    /* The deprecated launch API: block shape, parameters, then a 2-block grid. */
    for (int i = 0; i < n; i++) host[i] = i;
    OK(cuMemcpyHtoD(data, host, sizeof host));
    CALL(cuLaunchGrid(f, 2, 1), CUDA_ERROR_INVALID_VALUE); /* no block shape yet */
    OK(cuFuncSetBlockShape(f, 64, 1, 1));
    OK(cuFuncSetSharedSize(f, 0));
    OK(cuParamSetv(f, 0, &data, sizeof data));
    OK(cuParamSetSize(f, sizeof data));
    OK(cuLaunchGrid(f, 2, 1));
    OK(cuLaunchGridAsync(f, 1, 1, 0)); /* block 0 again */
    OK(cuCtxSynchronize());
    OK(cuMemcpyDtoH(host, data, sizeof host));
    for (int i = 0; i < 128; i++) EXPECT(host[i] == (i < 64 ? i : (i & ~63) + 63 - (i & 63) + 1));
    OK(cuParamSeti(f, 0, 0));
    OK(cuParamSetf(f, 4, 0.0f));
    CALL(cuParamSetv(f, 4094, &data, 8), CUDA_ERROR_INVALID_VALUE);
    CALL(cuParamSetSize(f, 5000), CUDA_ERROR_INVALID_VALUE);
    OK(cuParamSetv(f, 0, &data, sizeof data));
    OK(cuLaunch(f)); /* block 0 reversed back */
    OK(cuCtxSynchronize());
    OK(cuMemcpyDtoH(host, data, sizeof host));
    for (int i = 0; i < 64; i++) EXPECT(host[i] == 63 - i);
    /* A plain launch afterwards is not cooperative: a grid of any size. */
    OK(cuLaunchKernel(f, 64, 1, 1, 64, 1, 1, 0, 0, args, NULL));
    OK(cuCtxSynchronize());
    OK(cuMemFree(data));
    printf("driver cooperative launch: %s\n", failures ? "FAILED" : "PASSED");
    return failures != 0;
}
"""


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("cooperative_launch") / "coop.cu"
    src.write_text(PROGRAM)
    return src


def test_grid_sync_program_runs_on_the_host_platform(source: Path, tmp_path: Path) -> None:
    run = run_on_host(source, tmp_path, "cooperative launch")
    assert (
        "cooperative launch of 17 blocks of 64 threads: at most 16 can be resident "
        "(16 per multiprocessor, 1 multiprocessor(s))" in run.stderr
    )
    exe = tmp_path / "cooperative launch"
    failing = subprocess.run([str(exe), "fail"], capture_output=True, text=True, check=False)
    assert failing.returncode == 0 and failing.stdout == "failing launches: PASSED\n", (
        failing.stdout + failing.stderr
    )
    assert (
        "grid.sync() in block (0,0,0), thread (0,0,0): the kernel was not launched with "
        "cudaLaunchCooperativeKernel" in failing.stderr
    )
    assert "early_exit" not in failing.stderr  # refused after the first failure
    early = subprocess.run(
        [str(exe), "fail"], capture_output=True, text=True, check=False,
        env={**os.environ, "EARLY_EXIT": "1"},
    )  # fmt: skip
    assert early.returncode == 0 and early.stdout == "failing launches: PASSED\n", (
        early.stdout + early.stderr
    )
    assert (
        "kernel '_Z10early_exitPi' failed: deadlock: 2 block(s) wait at grid.sync(), which "
        "block (1,0,0) and 0 other(s) exited without reaching" in early.stderr
    )
    # The blocks' turns and their threads' order do not change the results.
    for env in ({"CU2AMD_THREAD_ORDER": "reverse"}, {"CU2AMD_THREAD_ORDER": "random:7",
                                                     "CU2AMD_STRICT": "1"}):  # fmt: skip
        again = subprocess.run(
            [str(exe)], capture_output=True, text=True, check=False, env={**os.environ, **env}
        )
        assert again.returncode == 0 and again.stdout == "cooperative launch: PASSED\n", (
            again.stdout + again.stderr
        )


def test_grid_sync_program_builds_for_gfx942(source: Path, tmp_path: Path) -> None:
    """On AMD, hipLaunchCooperativeKernel; grid.sync() needs nothing from HIP."""
    undefined = link_for_gfx942(source, tmp_path, "coop")
    assert "hipLaunchCooperativeKernel" in undefined


def test_driver_cooperative_launch(tmp_path: Path) -> None:
    src = tmp_path / "driver_coop.cu"
    src.write_text(DRIVER_PROGRAM)
    run_on_host(src, tmp_path, "driver cooperative launch")
    undefined = link_for_gfx942(src, tmp_path, "driver_coop")
    assert "hipModuleLaunchKernel" in undefined
