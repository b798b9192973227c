// A minimal stand-in for CUDA's headers, enough for the parser corpus tests to make PTX
// with clang's NVPTX backend. (cu2amd's real CUDA headers live in runtime_shim/.)
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
extern "C" __device__ int printf(const char *, ...);
static __device__ inline unsigned tid_x() { return __nvvm_read_ptx_sreg_tid_x(); }
static __device__ inline unsigned ntid_x() { return __nvvm_read_ptx_sreg_ntid_x(); }
static __device__ inline unsigned ctaid_x() { return __nvvm_read_ptx_sreg_ctaid_x(); }
static __device__ inline void syncthreads() { __nvvm_bar_sync(0); }
