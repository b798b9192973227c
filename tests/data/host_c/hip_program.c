/* A host program written the way clang's HIP-mode host code calls the runtime (register
 * the fat binary and the kernel, push a launch configuration, the kernel stub pops it and
 * calls hipLaunchKernel), linked against the host runtime. argv[1] is an offload bundle
 * with a host-platform entry for examples/ptx/saxpy.ptx and tests/data/ptx/host/deadlock.ptx
 * (kernels "saxpy" and "deadlock"). Prints one line per check. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu2amd_hip.h"

typedef struct { int magic, version; const void *binary, *unused; } fatbin_wrapper;

/* The kernel stubs: host functions whose addresses name the kernels. */
static void saxpy_stub(float a, float *x, float *y, int n) {
    dim3 grid, block;
    size_t shmem;
    hipStream_t stream;
    __hipPopCallConfiguration(&grid, &block, &shmem, &stream);
    void *args[] = {&a, &x, &y, &n};
    hipError_t err = hipLaunchKernel((const void *)saxpy_stub, grid, block, args, shmem, stream);
    if (err != hipSuccess) printf("saxpy launch: %s\n", hipGetErrorName(err));
}

static void deadlock_stub(void) {
    dim3 grid, block;
    size_t shmem;
    hipStream_t stream;
    __hipPopCallConfiguration(&grid, &block, &shmem, &stream);
    hipLaunchKernel((const void *)deadlock_stub, grid, block, NULL, shmem, stream);
}

static void unregistered_stub(void) {}

#define CHECK(call) printf("%s -> %s\n", #call, hipGetErrorName(call))

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 2;
    static unsigned char bundle[1 << 22];
    size_t size = fread(bundle, 1, sizeof bundle, f);
    fclose(f);
    (void)size;
    fatbin_wrapper wrapper = {0x48495046, 1, bundle, NULL};
    void **handle = __hipRegisterFatBinary(&wrapper);
    __hipRegisterFunction(handle, (const void *)saxpy_stub, "saxpy", "saxpy", (unsigned)-1, NULL, NULL, NULL, NULL, NULL);
    __hipRegisterFunction(handle, (const void *)deadlock_stub, "deadlock", "deadlock", (unsigned)-1, NULL, NULL, NULL, NULL, NULL);

    enum { N = 1000 };
    float hx[N], hy[N];
    for (int i = 0; i < N; i++) hx[i] = (float)i, hy[i] = 1.0f;
    float *dx, *dy;
    CHECK(hipMalloc((void **)&dx, N * sizeof(float)));
    CHECK(hipMalloc((void **)&dy, N * sizeof(float)));
    CHECK(hipMemcpy(dx, hx, sizeof hx, hipMemcpyHostToDevice));
    CHECK(hipMemcpy(dy, hy, sizeof hy, hipMemcpyHostToDevice));
    hipEvent_t start, stop;
    CHECK(hipEventCreate(&start));
    CHECK(hipEventCreate(&stop));
    CHECK(hipEventRecord(start, NULL));
    __hipPushCallConfiguration((dim3){(N + 255) / 256, 1, 1}, (dim3){256, 1, 1}, 0, NULL);
    saxpy_stub(2.0f, dx, dy, N);
    CHECK(hipGetLastError());
    CHECK(hipEventRecord(stop, NULL));
    float ms = -1;
    CHECK(hipEventElapsedTime(&ms, start, stop));
    printf("elapsed non-negative: %d\n", ms >= 0);
    CHECK(hipMemcpy(hy, dy, sizeof hy, hipMemcpyDeviceToHost));
    int ok = 1;
    for (int i = 0; i < N; i++) ok &= hy[i] == 2.0f * (float)i + 1.0f;
    printf("saxpy results: %s\n", ok ? "ok" : "WRONG");

    hipDeviceProp_t prop;
    CHECK(hipGetDeviceProperties(&prop, 0));
    printf("warpSize %d maxThreadsPerBlock %d name %s\n", prop.warpSize, prop.maxThreadsPerBlock, prop.name);
    CHECK(hipGetDeviceProperties(&prop, 1));

    /* Errors are codes, not crashes. */
    CHECK(hipFree((void *)hx));
    CHECK(hipMemcpy(dy, dx, 4, (hipMemcpyKind)9));
    CHECK(hipLaunchKernel((const void *)unregistered_stub, (dim3){1, 1, 1}, (dim3){1, 1, 1}, NULL, 0, NULL));
    CHECK(hipGetLastError());
    CHECK(hipGetLastError());
    __hipPushCallConfiguration((dim3){1, 1, 1}, (dim3){2048, 1, 1}, 0, NULL);
    saxpy_stub(2.0f, dx, dy, N);
    CHECK(hipGetLastError());
    __hipPushCallConfiguration((dim3){1, 1, 1}, (dim3){64, 1, 1}, 0, NULL);
    deadlock_stub();
    CHECK(hipGetLastError());
    dim3 g, b;
    size_t sh;
    hipStream_t st;
    CHECK(__hipPopCallConfiguration(&g, &b, &sh, &st));

    hipStream_t stream;
    CHECK(hipStreamCreate(&stream));
    CHECK(hipMemsetAsync(dx, 0, N * sizeof(float), stream));
    CHECK(hipStreamSynchronize(stream));
    CHECK(hipStreamDestroy(stream));
    CHECK(hipFree(dx));
    CHECK(hipFree(dy));
    CHECK(hipEventDestroy(start));
    CHECK(hipEventDestroy(stop));
    __hipUnregisterFatBinary(handle);
    printf("done\n");
    return 0;
}
