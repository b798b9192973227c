// CUDA C++ kernels for the host platform tests: compiled by clang's NVPTX backend to
// device IR, retargeted to the CPU (runtime_shim/host/retarget.py), run by cu2amd.host.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))

static __device__ unsigned tid() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ unsigned bid() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ unsigned bdim() { return __nvvm_read_ptx_sreg_ntid_x(); }

template <typename T> __device__ T square(T v) { return v * v; }

extern "C" __global__ void squares(const double *in, double *out, int n) {
  int i = bid() * bdim() + tid();
  if (i < n) out[i] = square(in[i]);
}

// Shared memory and __syncthreads: an inclusive block scan (Hillis-Steele).
extern "C" __global__ void block_scan(const int *in, int *out) {
  __shared__ int buf[2][256];
  unsigned t = tid();
  int from = 0;
  buf[0][t] = in[bid() * bdim() + t];
  __nvvm_bar_sync(0);
  for (unsigned step = 1; step < bdim(); step *= 2) {
    int v = buf[from][t];
    if (t >= step) v += buf[from][t - step];
    buf[1 - from][t] = v;
    from = 1 - from;
    __nvvm_bar_sync(0);
  }
  out[bid() * bdim() + t] = buf[from][t];
}

extern "C" __device__ int printf(const char *, ...);

extern "C" __global__ void hello(int n, float x) {
  if (tid() < 2) printf("thread %u of %d: %.2f %s\n", tid(), n, (double)x, "ok");
}

extern "C" __device__ void __assertfail(const char *message, const char *file, unsigned line,
                                        const char *function, unsigned long char_size);

extern "C" __global__ void checked(const int *in) {
  if (in[tid()] < 0) __assertfail("in[tid()] >= 0", "cuda_kernels.cu", 60, "checked", 1);
}
