// Math: libm-style builtins, NVVM approximations and rounding-mode conversions, integer
// bit tricks, division and remainder at every width.
#include "minicuda.h"

__global__ void float_math(float *f, int n) {
  int i = global_id();
  if (i >= n) return;
  float x = f[i];
  f[i] = __builtin_sqrtf(x) + __builtin_fabsf(x) + __builtin_floorf(x) + __builtin_ceilf(x) +
         __builtin_truncf(x) + __builtin_roundf(x) + __builtin_rintf(x) +
         __builtin_copysignf(x, -1.f) + __builtin_fminf(x, 2.f) + __builtin_fmaxf(x, -2.f) +
         __builtin_fmaf(x, x, 1.f) + 1.0f / x;
  f[i + n] = __nvvm_ex2_approx_f(x) + __nvvm_lg2_approx_f(x) + __nvvm_sin_approx_f(x) +
             __nvvm_cos_approx_f(x) + __nvvm_rsqrt_approx_f(x) + __nvvm_sqrt_rn_f(x) +
             __nvvm_rcp_rn_f(x) + __nvvm_div_rn_f(x, 3.f) + __nvvm_div_approx_f(x, 7.f) +
             __nvvm_fmin_f(x, 1.f) + __nvvm_fmax_ftz_f(x, 1.f) + __nvvm_saturate_f(x) +
             __nvvm_fma_rz_f(x, 2.f, 3.f) + __nvvm_add_rm_f(x, 1.f) + __nvvm_mul_rp_f(x, 3.f);
}

__global__ void double_math(double *d, int n) {
  int i = global_id();
  if (i >= n) return;
  double x = d[i];
  d[i] = __builtin_sqrt(x) + __builtin_fabs(x) + __builtin_floor(x) + __builtin_fma(x, x, x) +
         __builtin_fmin(x, 0.5) + __builtin_trunc(x) + x / 3.0 + __nvvm_rcp_rn_d(x) +
         __nvvm_sqrt_rz_d(x) + __nvvm_div_rp_d(x, 9.0) + __nvvm_fma_rm_d(x, 2.0, 1.0) +
         __nvvm_rsqrt_approx_d(x) + __builtin_copysign(x, -x);
}

__global__ void conversions(int *i, unsigned *u, long long *l, float *f, double *d) {
  int t = tid_x();
  i[t] = __nvvm_f2i_rz(f[t]) + __nvvm_f2i_rn(f[t]) + __nvvm_d2i_rm(d[t]) + (int)f[t] + (int)d[t];
  u[t] = __nvvm_f2ui_rp(f[t]) + __nvvm_d2ui_rz(d[t]) + (unsigned)f[t];
  l[t] = __nvvm_f2ll_rn(f[t]) + __nvvm_d2ll_rz(d[t]) + (long long)d[t];
  f[t] = __nvvm_d2f_rn(d[t]) + __nvvm_i2f_rz(i[t]) + __nvvm_ui2f_rn(u[t]) + (float)l[t] +
         __nvvm_ll2f_rm(l[t]) + (float)(unsigned long long)l[t];
  d[t] = __nvvm_i2d_rn(i[t]) + (double)u[t] + __nvvm_ll2d_rz(l[t]) + (double)f[t];
}

__global__ void integer_ops(int *a, unsigned *b, long long *c, unsigned long long *e, short *s,
                            unsigned char *uc, signed char *sc) {
  int t = tid_x();
  int x = a[t], y = a[t + 1] | 1;
  a[t] = x / y + x % y + __builtin_popcount(x) + __builtin_clz(x | 1) + __builtin_ctz(x | 1) +
         __builtin_ffs(x) + __nvvm_mulhi_i(x, y) + __nvvm_mul24_i(x, y) + __nvvm_sad_i(x, y, 3) +
         __builtin_abs(x) + (x >> 3) + (x << (y & 31)) + (x < y ? x : y) + __builtin_elementwise_max(x, y);
  unsigned ux = b[t], uy = b[t + 1] | 1;
  b[t] = ux / uy + ux % uy + __builtin_bitreverse32(ux) + __builtin_bswap32(uy) +
         __nvvm_mulhi_ui(ux, uy) + __builtin_rotateleft32(ux, uy & 31) + (ux >> (uy & 31)) +
         __nvvm_sad_ui(ux, uy, 1) + __builtin_popcountll(e[t]);
  long long lx = c[t], ly = c[t + 1] | 1;
  c[t] = lx / ly + lx % ly + __nvvm_mulhi_ll(lx, ly) + __builtin_llabs(lx) + (lx >> 17);
  unsigned long long ex = e[t], ey = e[t + 1] | 1;
  e[t] = ex / ey + ex % ey + __nvvm_mulhi_ull(ex, ey) + __builtin_bswap64(ex) + __builtin_clzll(ex | 1);
  s[t] = (short)(s[t] / (s[t + 1] | 1)) + (short)(s[t] * 3);
  uc[t] = uc[t] / (uc[t + 1] | 1) + (uc[t] << 1);
  sc[t] = sc[t] % (sc[t + 1] | 1);
}

__global__ void int128(unsigned __int128 *q, __int128 *s) {
  int t = tid_x();
  q[t] = q[t] * q[t + 1] + (q[t] >> 7) + (q[t] << 65);
  s[t] = s[t] - s[t + 1] * 3 + (s[t] >> 100);
}
