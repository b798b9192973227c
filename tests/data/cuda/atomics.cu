// Atomics through clang's NVVM builtins and the C++ __atomic builtins (memory orders and
// scopes become atom.acquire/.release/.cta/.sys on the newer targets), plus fences.
#include "minicuda.h"

__device__ int g_lock;
__shared__ int s_hist[256];

__global__ void int_atomics(int *p, unsigned *u, long long *l, unsigned long long *ul) {
  int v = tid_x();
  __nvvm_atom_add_gen_i(p, v);
  __nvvm_atom_xchg_gen_i(p + 1, v);
  __nvvm_atom_max_gen_i(p + 2, v);
  __nvvm_atom_min_gen_i(p + 3, v);
  __nvvm_atom_max_gen_ui(u, v);
  __nvvm_atom_min_gen_ui(u + 1, v);
  __nvvm_atom_inc_gen_ui(u + 2, 100);
  __nvvm_atom_dec_gen_ui(u + 3, 100);
  __nvvm_atom_and_gen_i(p + 4, v);
  __nvvm_atom_or_gen_i(p + 5, v);
  __nvvm_atom_xor_gen_i(p + 6, v);
  p[7] = __nvvm_atom_cas_gen_i(p + 8, v, v + 1);
  __nvvm_atom_add_gen_ll(l, v);
  __nvvm_atom_max_gen_ll(l + 1, v);
  __nvvm_atom_min_gen_ull(ul, v);
  ul[1] = __nvvm_atom_cas_gen_ll((long long *)ul + 2, v, 0);
  __nvvm_atom_xchg_gen_ll(l + 3, -v);
}

__global__ void float_atomics(float *f, double *d) {
  __nvvm_atom_add_gen_f(f, 1.5f);
#if __CUDA_ARCH__ >= 600
  __nvvm_atom_add_gen_d(d, 2.5);
  __nvvm_atom_cta_add_gen_f(f + 1, 1.0f);
  __nvvm_atom_sys_add_gen_d(d + 1, -1.0);
#endif
}

__global__ void scoped(int *p) {
#if __CUDA_ARCH__ >= 600
  __nvvm_atom_cta_add_gen_i(p, 1);
  __nvvm_atom_sys_add_gen_i(p + 1, 1);
  __nvvm_atom_cta_cas_gen_i(p + 2, 0, 1);
  __nvvm_atom_sys_xchg_gen_i(p + 3, 5);
  __nvvm_atom_cta_max_gen_ui((unsigned *)p + 4, 9);
#endif
}

__global__ void cxx_atomics(int *p, long long *l) {
  __atomic_fetch_add(p, 1, __ATOMIC_RELAXED);
  l[0] = __atomic_exchange_n(l + 1, 3LL, __ATOMIC_RELAXED);
#if __CUDA_ARCH__ >= 700
  __atomic_fetch_sub(p + 1, 1, __ATOMIC_ACQUIRE);
  __atomic_fetch_or(p + 2, 4, __ATOMIC_RELEASE);
  __atomic_fetch_and(p + 3, 4, __ATOMIC_ACQ_REL);
  __atomic_fetch_xor(p + 4, 4, __ATOMIC_SEQ_CST);
  int expected = 0;
  __atomic_compare_exchange_n(p + 5, &expected, 1, false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
  __atomic_store_n(p + 6, 7, __ATOMIC_RELEASE);
  p[7] = __atomic_load_n(p + 8, __ATOMIC_ACQUIRE);
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  __scoped_atomic_fetch_add(p + 9, 1, __ATOMIC_RELAXED, __MEMORY_SCOPE_WRKGRP);
  __scoped_atomic_fetch_max(p + 10, 1, __ATOMIC_ACQUIRE, __MEMORY_SCOPE_DEVICE);
  __scoped_atomic_fetch_min(p + 11, 1, __ATOMIC_RELAXED, __MEMORY_SCOPE_SYSTEM);
#endif
}

__global__ void histogram(const unsigned char *in, int n, unsigned *out) {
  s_hist[tid_x() & 255] = 0;
  syncthreads();
  for (int i = global_id(); i < n; i += ntid_x() * nctaid_x())
    __nvvm_atom_add_gen_i(&s_hist[in[i]], 1);
  syncthreads();
  __nvvm_atom_add_gen_i((int *)&out[tid_x() & 255], s_hist[tid_x() & 255]);
}

__global__ void spin_lock(int *data) {
  while (__nvvm_atom_cas_gen_i(&g_lock, 0, 1) != 0) {
  }
  __nvvm_membar_gl();
  data[0] += 1;
  __nvvm_membar_cta();
  __nvvm_atom_xchg_gen_i(&g_lock, 0);
  __nvvm_membar_sys();
}
