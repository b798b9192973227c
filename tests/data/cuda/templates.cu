// Templates: one kernel body instantiated for many element types, template recursion,
// non-type template parameters and functors.
#include "minicuda.h"

template <typename T> struct Plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <typename T> struct Max { __device__ T operator()(T a, T b) const { return a > b ? a : b; } };

template <typename T, typename Op, int N>
__device__ T fold(const T *v, Op op) {
  T acc = v[0];
#pragma unroll
  for (int i = 1; i < N; ++i) acc = op(acc, v[i]);
  return acc;
}

template <typename T, typename Op, int N>
__global__ void reduce_rows(T *out, const T *in, int rows) {
  int r = global_id();
  if (r < rows) out[r] = fold<T, Op, N>(in + (long)r * N, Op());
}

template __global__ void reduce_rows<int, Plus<int>, 4>(int *, const int *, int);
template __global__ void reduce_rows<float, Max<float>, 8>(float *, const float *, int);
template __global__ void reduce_rows<double, Plus<double>, 3>(double *, const double *, int);
template __global__ void reduce_rows<short, Max<short>, 5>(short *, const short *, int);
template __global__ void reduce_rows<unsigned char, Plus<unsigned char>, 16>(unsigned char *, const unsigned char *, int);
template __global__ void reduce_rows<u64, Max<u64>, 2>(u64 *, const u64 *, int);
template __global__ void reduce_rows<i64, Plus<i64>, 7>(i64 *, const i64 *, int);

template <int N> struct Fact { static constexpr long value = N * Fact<N - 1>::value; };
template <> struct Fact<0> { static constexpr long value = 1; };

template <int N> __device__ __noinline__ int pow_sum(int x) {
  return x * pow_sum<N - 1>(x) + N;
}
template <> __device__ __noinline__ int pow_sum<0>(int x) { return 1; }

__global__ void use_meta(long *out, int *vals) {
  out[0] = Fact<12>::value;
  vals[tid_x()] = pow_sum<6>(vals[tid_x()]);
}

template <typename T> __device__ void swap_vals(T &a, T &b) { T t = a; a = b; b = t; }

template <typename T>
__global__ void bitonic_step(T *data, int j, int k) {
  unsigned i = tid_x() + ctaid_x() * ntid_x();
  unsigned ixj = i ^ j;
  if (ixj > i) {
    bool up = (i & k) == 0;
    if ((data[i] > data[ixj]) == up) swap_vals(data[i], data[ixj]);
  }
}
template __global__ void bitonic_step<float>(float *, int, int);
template __global__ void bitonic_step<unsigned>(unsigned *, int, int);
template __global__ void bitonic_step<double>(double *, int, int);
