// Index arithmetic: 32- and 64-bit, signed and unsigned, 2D/3D grids, strided loops, and
// the special registers behind them.
#include "minicuda.h"

__global__ void idx32(float *a, int n, int stride) {
  for (int i = global_id(); i < n; i += stride) a[i] = a[i] * 2.f;
}

__global__ void idx64(float *a, long long n) {
  long long i = (long long)ctaid_x() * ntid_x() + tid_x();
  for (; i < n; i += (long long)ntid_x() * nctaid_x()) a[i] += 1.f;
}

__global__ void idx_unsigned(unsigned *a, unsigned n) {
  unsigned i = ctaid_x() * ntid_x() + tid_x();
  if (i < n) a[i] = a[n - 1 - i] + i;
}

__global__ void idx2d(float *m, int w, int h, int pitch) {
  int x = ctaid_x() * ntid_x() + tid_x();
  int y = ctaid_y() * ntid_y() + tid_y();
  if (x < w && y < h) m[(unsigned long)y * pitch + x] = x - y;
}

__global__ void idx3d(double *v, int nx, int ny, int nz) {
  int x = tid_x(), y = tid_y(), z = tid_z();
  int nzz = __nvvm_read_ptx_sreg_ntid_z() + __nvvm_read_ptx_sreg_ctaid_z() + __nvvm_read_ptx_sreg_nctaid_y() + __nvvm_read_ptx_sreg_nctaid_z();
  if (x < nx && y < ny && z < nz) v[(z * ny + y) * nx + x] = nzz;
}

__global__ void sregs(unsigned *out, unsigned long long *o64) {
  out[0] = __nvvm_read_ptx_sreg_warpid();
  out[1] = __nvvm_read_ptx_sreg_nwarpid();
  out[2] = __nvvm_read_ptx_sreg_smid();
  out[3] = __nvvm_read_ptx_sreg_nsmid();
  out[4] = __nvvm_read_ptx_sreg_gridid();
  out[5] = __nvvm_read_ptx_sreg_clock();
  o64[0] = __nvvm_read_ptx_sreg_clock64();
  o64[1] = __nvvm_read_ptx_sreg_globaltimer();
  out[6] = __nvvm_read_ptx_sreg_pm0() + __nvvm_read_ptx_sreg_pm3();
}

__global__ void gather(float *out, const float *in, const int *idx, const long long *idx64v, int n) {
  int i = global_id();
  if (i < n) out[i] = in[idx[i]] + in[idx64v[i]] + in[(unsigned short)idx[i]] + in[(signed char)idx[i]];
}

__global__ void negative_offsets(int *p, int k) {
  int *q = p + 1000;
  q[-1] = q[-1000] + q[-k];
  q[-17] = k;
}
