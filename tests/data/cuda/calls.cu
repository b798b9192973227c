// Device function calls: recursion, indirect calls through function pointers, virtual
// functions, weak and extern functions, printf with many argument types.
#include "minicuda.h"

__device__ __noinline__ unsigned long long factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ __noinline__ int ackermann(int m, int n) {
  if (m == 0) return n + 1;
  if (n == 0) return ackermann(m - 1, 1);
  return ackermann(m - 1, ackermann(m, n - 1));
}
__device__ __noinline__ bool is_even(unsigned n);
__device__ __noinline__ bool is_odd(unsigned n) { return n == 0 ? false : is_even(n - 1); }
__device__ __noinline__ bool is_even(unsigned n) { return n == 0 ? true : is_odd(n - 1); }

typedef float (*unary_fn)(float);
__device__ __noinline__ float twice(float x) { return 2 * x; }
__device__ __noinline__ float square(float x) { return x * x; }
__device__ __noinline__ float negate(float x) { return -x; }
__device__ unary_fn g_table[3] = {twice, square, negate};

__device__ __attribute__((weak)) __noinline__ int weak_hook(int x) { return x + 1; }
extern "C" __device__ int external_hook(int x);

// Deleting destructors of classes with virtual destructors call this; defining it keeps the
// module self-contained.
__device__ void operator delete(void *, unsigned long) noexcept {}

struct Shape {
  __device__ virtual float area() const = 0;
  __device__ virtual ~Shape() {}
};
struct Square : Shape { float s; __device__ Square(float s) : s(s) {} __device__ float area() const override { return s * s; } };
struct Circle : Shape { float r; __device__ Circle(float r) : r(r) {} __device__ float area() const override { return 3.14159f * r * r; } };

__device__ __noinline__ float total_area(const Shape *a, const Shape *b) { return a->area() + b->area(); }

__global__ void recursion(unsigned long long *f, int *out, int n) {
  f[tid_x()] = factorial(n);
  out[0] = fib(n) + ackermann(2, n & 3) + is_odd(n);
}

__global__ void indirect(float *v, int which) {
  unary_fn fn = g_table[which % 3];
  v[tid_x()] = fn(v[tid_x()]) + (which > 1 ? twice : square)(1.0f);
}

__global__ void virtuals(float *out, float x) {
  Square s(x);
  Circle c(x);
  out[tid_x()] = total_area(&s, &c);
}

__global__ void hooks(int *out) { out[0] = weak_hook(out[1]) + external_hook(out[2]); }

__global__ void printing(int i, unsigned u, long long l, double d, float f, const char *s) {
  printf("i=%d u=%u l=%lld d=%f f=%f s=%s c=%c p=%p\n", i, u, l, d, (double)f, s, 'x', s);
  if (i > 3) printf("no arguments\n");
}
