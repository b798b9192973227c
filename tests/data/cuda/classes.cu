// C++ on the device: classes and methods, operator overloading, lambdas, namespaces,
// constexpr tables, static locals and placement of objects in shared memory.
#include "minicuda.h"

namespace geom {
struct Complex {
  float re, im;
  __device__ Complex operator*(const Complex &o) const { return {re * o.re - im * o.im, re * o.im + im * o.re}; }
  __device__ Complex operator+(const Complex &o) const { return {re + o.re, im + o.im}; }
  __device__ float norm2() const { return re * re + im * im; }
};
}  // namespace geom

class Accumulator {
 public:
  __device__ explicit Accumulator(int start) : total_(start), count_(0) {}
  __device__ void add(int v) { total_ += v; ++count_; }
  __device__ int mean() const { return count_ ? total_ / count_ : 0; }
 private:
  int total_, count_;
};

__device__ constexpr int kPrimes[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29};

template <typename F> __device__ void for_n(int n, F f) { for (int i = 0; i < n; ++i) f(i); }

__global__ void mandel(int *iters, float x0, float y0, float dx) {
  geom::Complex c{x0 + dx * tid_x(), y0 + dx * ctaid_x()}, z{0, 0};
  int k = 0;
  while (k < 256 && z.norm2() < 4.f) { z = z * z + c; ++k; }
  iters[global_id()] = k;
}

__global__ void objects(int *out, const int *in, int n) {
  Accumulator acc(in[0]);
  for_n(n, [&](int i) { acc.add(in[i] * kPrimes[i % 10]); });
  auto sq = [](int v) { return v * v; };
  out[tid_x()] = sq(acc.mean());
}

__device__ __noinline__ int counter_fn() {
  static __device__ int calls = 0;
  return ++calls;
}

__global__ void statics(int *out) { out[tid_x()] = counter_fn(); }
