// Variables in every state space: global/constant with initializers (including addresses
// of other variables), static and dynamic shared memory, local arrays, managed memory.
#include "minicuda.h"

__device__ int g_counter;
__device__ float g_weights[8] = {0.5f, 0.25f, -1.0f, 3.5e10f, 1e-30f, 0.0f, -0.0f, 7.0f};
__device__ double g_dbl[3] = {1.0, -2.5, 1e300};
__device__ long long g_i64 = -1234567890123LL;
__device__ unsigned short g_u16[5] = {1, 2, 65535};
__device__ char g_msg[] = "device string";
__device__ int *g_ptr = &g_counter;
__device__ float *g_elem_ptr = &g_weights[3];
__device__ const char *g_strs[3] = {"alpha", "beta", "gamma"};
__device__ int g_matrix[2][3] = {{1, 2, 3}, {4, 5, 6}};
__constant__ float c_coeffs[4] = {1.f, 2.f, 3.f, 4.f};
__constant__ int c_scalar = 42;
__constant__ struct { int a; float b; } c_struct = {7, 8.5f};
__device__ int m_value = 3;  // (clang accepts __managed__ only for HIP)
__device__ int g_big_zero[1024];

extern __shared__ float dyn_smem[];

struct __attribute__((packed)) Packed { char c; int *p; short s; };
__device__ Packed g_packed = {1, &g_counter, 2};

__global__ void use_globals(float *out) {
  int i = tid_x();
  out[i] = g_weights[i & 7] * c_coeffs[i & 3] + c_scalar + *g_ptr + *g_elem_ptr +
           g_strs[i % 3][0] + g_matrix[i & 1][i % 3] + c_struct.b + m_value + g_u16[i % 5] +
           g_msg[i % 13] + (float)g_dbl[i % 3] + (float)g_i64 + *g_packed.p;
  g_big_zero[i] = i;
  __nvvm_atom_add_gen_i(&g_counter, 1);
}

__global__ void shared_static(float *out, const float *in) {
  __shared__ float tile[16][17];
  __shared__ int flag;
  int x = tid_x(), y = tid_y();
  tile[y][x] = in[y * 16 + x];
  if (x == 0 && y == 0) flag = 1;
  syncthreads();
  out[x * 16 + y] = tile[x][y] + flag;
}

__global__ void shared_dynamic(float *out, int n) {
  int i = tid_x();
  dyn_smem[i] = i * 2.0f;
  syncthreads();
  out[i] = dyn_smem[(i + 1) % n];
}

__device__ __noinline__ int sum_local(int n) {
  int buf[64];
  for (int i = 0; i < 64; ++i) buf[i] = i * n;
  int s = 0;
  for (int i = 0; i < n && i < 64; ++i) s += buf[(i * 7) & 63];
  return s;
}

__global__ void local_arrays(int *out, int n) {
  volatile double scratch[5];
  for (int i = 0; i < 5; ++i) scratch[i] = i * 1.5;
  out[tid_x()] = sum_local(n) + (int)scratch[n % 5];
}

__global__ void addr_spaces(int *out) {
  __shared__ int s[32];
  __attribute__((address_space(3))) int *sp = (__attribute__((address_space(3))) int *)s;
  sp[tid_x() & 31] = tid_x();
  syncthreads();
  out[tid_x()] = __nvvm_isspacep_shared(s) + __nvvm_isspacep_global(out) + sp[0];
}
