// A minimal stand-in for CUDA's headers, enough for the parser corpus tests to make PTX
// with clang's NVPTX backend. (cu2amd's real CUDA headers live in runtime_shim/.)
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __grid_constant__ __attribute__((grid_constant))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __noinline__ __attribute__((noinline))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define FULL_MASK 0xffffffffu

typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;

extern "C" __device__ int printf(const char *, ...);

static __device__ inline unsigned tid_x() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ inline unsigned tid_y() { return __nvvm_read_ptx_sreg_tid_y(); }
static __device__ inline unsigned tid_z() { return __nvvm_read_ptx_sreg_tid_z(); }
static __device__ inline unsigned ntid_x() { return __nvvm_read_ptx_sreg_ntid_x(); }
static __device__ inline unsigned ntid_y() { return __nvvm_read_ptx_sreg_ntid_y(); }
static __device__ inline unsigned ctaid_x() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ inline unsigned ctaid_y() { return __nvvm_read_ptx_sreg_ctaid_y(); }
static __device__ inline unsigned nctaid_x() { return __nvvm_read_ptx_sreg_nctaid_x(); }
static __device__ inline unsigned lane_id() { return __nvvm_read_ptx_sreg_laneid(); }
static __device__ inline void syncthreads() { __nvvm_bar_sync(0); }
static __device__ inline int global_id() { return ctaid_x() * ntid_x() + tid_x(); }

struct float2v { float x, y; };
typedef float float4v __attribute__((ext_vector_type(4)));
typedef int int2v __attribute__((ext_vector_type(2)));
typedef int int4v __attribute__((ext_vector_type(4)));
typedef double double2v __attribute__((ext_vector_type(2)));
