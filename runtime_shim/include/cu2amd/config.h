/* cu2amd's CUDA headers: compile modes and qualifiers.
 *
 * The same headers serve three compilations of a CUDA file:
 *   - AMD device code: clang -x hip, __HIP_DEVICE_COMPILE__ and __AMDGCN__ defined;
 *   - host-platform device code: clang -x cuda for NVPTX, __CUDA_ARCH__ and __NVPTX__;
 *     the NVPTX IR is then retargeted to the CPU (runtime_shim/host/retarget.py);
 *   - host code: clang -x hip --cuda-host-only; it calls the HIP C ABI, implemented by
 *     ROCm's libamdhip64 or by cu2amd's host platform runtime.
 * Device code is written against a small set of neutral builtins (__cu2amd_*, in
 * cu2amd/builtins.h) with CUDA's semantics; only those know the target. */
#ifndef CU2AMD_CONFIG_H
#define CU2AMD_CONFIG_H

#if defined(__CUDA__) || defined(__HIP__)
#define CU2AMD_CUDA_SOURCE 1
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#if defined(__NVPTX__)
/* The host platform's device pass is clang's CUDA mode, which has no managed attribute: the
 * variable is a __device__ one there, in host memory, which clang's HIP host code reaches
 * through the pointer the host runtime's __hipRegisterManagedVar sets to it. */
#define __managed__ __attribute__((device))
#else
#define __managed__ __attribute__((managed))
#endif
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#else
/* A C++ file compiled by the host compiler (g++, clang++), as build systems compile the
 * .cpp files of CUDA projects: it sees the runtime API and the vector types, no device
 * code. The qualifiers are empty, as NVIDIA's headers make them for host compilers. */
#define CU2AMD_HOST_ONLY 1
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __launch_bounds__(...)
#endif
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __restrict__ __restrict
#define CU2AMD_DEVICE_INLINE static __device__ __inline__ __attribute__((always_inline))
#define CU2AMD_HOST_DEVICE_INLINE static __host__ __device__ __inline__ __attribute__((always_inline))

/* The CUDA version whose APIs these headers declare (for code that tests CUDART_VERSION). */
#define CUDART_VERSION 12000
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0
/* What nvcc defines for every CUDA source: code (and CMake's compiler identification)
 * tests them. */
#if defined(CU2AMD_CUDA_SOURCE) && !defined(__CUDACC__)
#define __CUDACC__ 1
#endif
#if defined(CU2AMD_CUDA_SOURCE) && !defined(__NVCC__)
#define __NVCC__ 1
#endif
#define __CU2AMD__ 1

#endif
