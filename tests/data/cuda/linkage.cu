// Linkage: aliases, weak definitions, extern variables and functions, internal helpers.
// Compiled with and without -fgpu-rdc in the corpus.
#include "minicuda.h"

extern "C" __device__ int impl_add(int a, int b) { return a + b; }
extern "C" __device__ int alias_add(int a, int b) __attribute__((alias("impl_add")));

__device__ __attribute__((weak)) int weak_var = 5;
extern __device__ int extern_var;
extern __device__ float extern_array[];
static __device__ int internal_var = 9;
__device__ __noinline__ static int internal_fn(int x) { return x * internal_var; }
extern "C" __device__ float external_fn(float);
__device__ __attribute__((weak)) __noinline__ int weak_fn(int x) { return x - 1; }

__global__ void use_linkage(int *out, float *f) {
  out[0] = alias_add(out[1], weak_var) + internal_fn(out[2]) + weak_fn(out[3]);
#ifdef __CLANG_RDC__
  out[4] = extern_var;
  f[0] = extern_array[tid_x()] + external_fn(f[1]);
#endif
}
