// Structs passed and returned by value, nested aggregates, unions, over-aligned types.
#include "minicuda.h"

struct Small { char c; short s; };
struct Vec3 { float x, y, z; };
struct __attribute__((aligned(16))) Aligned { int a[3]; double d; };
struct Big { int data[32]; Vec3 v; char tag; };
union Bits { float f; unsigned u; unsigned char b[4]; };
struct Nested { Small s; Vec3 v[2]; union Bits bits; long long id; };

__device__ __noinline__ Vec3 cross(Vec3 a, Vec3 b) {
  return Vec3{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}

__device__ __noinline__ Big make_big(int seed) {
  Big b;
  for (int i = 0; i < 32; ++i) b.data[i] = seed * i;
  b.v = Vec3{1.f * seed, 2.f, 3.f};
  b.tag = (char)seed;
  return b;
}

__device__ __noinline__ Small shrink(Nested n) { return Small{(char)(n.s.c + 1), (short)(n.id >> 3)}; }

__global__ void by_value(Vec3 a, Vec3 b, Vec3 *out, Small s, Aligned al, Big big) {
  out[tid_x()] = cross(a, b);
  out[tid_x()].x += s.c + s.s + al.a[tid_x() % 3] + (float)al.d + big.data[tid_x() & 31];
}

__global__ void returns(Big *out, Nested *n, Small *sm) {
  int i = tid_x();
  out[i] = make_big(i);
  sm[i] = shrink(n[i]);
}

__global__ void unions(Bits *b, float *f) {
  Bits x = b[tid_x()];
  x.u ^= 0x80000000u;
  f[tid_x()] = x.f + x.b[1];
}

struct WithPtr { const float *p; int n; };
__global__ void pointer_in_struct(WithPtr w, float *out) {
  float s = 0;
  for (int i = 0; i < w.n; ++i) s += w.p[i];
  out[0] = s;
}

__global__ void grid_const(const __grid_constant__ Big big, int *out) {
  out[tid_x()] = big.data[tid_x() & 31] + big.tag;
}
