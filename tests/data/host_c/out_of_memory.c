/* Allocation failures inside the host runtime are reported, never a crash: this program
 * replaces calloc so that the runtime's calls of it fail (after letting `g_pass` of them
 * through), registers argv[1]'s kernels (tests/data/ptx/host/hip_kernels.ptx, bundled)
 * that way, and prints what the runtime answered. Other callers of calloc (the dynamic
 * loader ...) are never failed. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cu2amd_hip.h"

typedef struct { int magic, version; const void *binary, *unused; } fatbin_wrapper;

static int g_failing;
static int g_pass;

static int from_runtime(const void *caller) {
    Dl_info info;
    return dladdr(caller, &info) && info.dli_fname && strstr(info.dli_fname, "libcu2amd_host");
}

void *calloc(size_t count, size_t size) {
    if (g_failing && from_runtime(__builtin_return_address(0)) && g_pass-- <= 0) return NULL;
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) return NULL;
    void *p = malloc(total);
    if (p) memset(p, 0, total);
    return p;
}

static void stub(void) {}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    FILE *f = fopen(argv[1], "rb");
    if (!f) return 2;
    static unsigned char bundle[1 << 22];
    if (fread(bundle, 1, sizeof bundle, f) == 0) return 2;
    fclose(f);
    fatbin_wrapper wrapper = {0x48495046, 1, bundle, NULL};
    /* The module's handle slot, the module record, its shared-region tables. */
    for (int pass = 0; pass < 3; pass++) {
        g_failing = 1, g_pass = pass;
        void **handle = __hipRegisterFatBinary(&wrapper);
        g_failing = 0;
        printf("register fat binary, calloc %d fails: handle %s, %s\n", pass + 1,
               handle && *handle ? "loaded" : handle ? "empty" : "none", hipGetErrorName(hipGetLastError()));
    }
    void **handle = __hipRegisterFatBinary(&wrapper);
    g_failing = 1, g_pass = 0;
    __hipRegisterFunction(handle, (const void *)stub, "saxpy", "saxpy", (unsigned)-1, NULL, NULL, NULL, NULL, NULL);
    g_failing = 0;
    printf("register function: %s\n", hipGetErrorName(hipGetLastError()));
    printf("launch it: %s\n",
           hipGetErrorName(hipLaunchKernel((const void *)stub, (dim3){1, 1, 1}, (dim3){1, 1, 1}, NULL, 0, NULL)));
    hipGetLastError();
    __hipRegisterFunction(handle, (const void *)stub, "saxpy", "saxpy", (unsigned)-1, NULL, NULL, NULL, NULL, NULL);
    float a = 1;
    float *x = NULL, *y = NULL;
    int n = 0;
    void *args[] = {&a, &x, &y, &n};
    g_failing = 1, g_pass = 0;
    hipError_t err = hipLaunchKernel((const void *)stub, (dim3){1, 1, 1}, (dim3){1, 1, 1}, args, 0, NULL);
    g_failing = 0;
    printf("launch, calloc fails: %s\n", hipGetErrorName(err));
    printf("launch: %s\n",
           hipGetErrorName(hipLaunchKernel((const void *)stub, (dim3){1, 1, 1}, (dim3){1, 1, 1}, args, 0, NULL)));
    return 0;
}
