/* threadIdx, blockIdx, blockDim, gridDim and warpSize. */
#ifndef CU2AMD_DEVICE_LAUNCH_PARAMETERS_H
#define CU2AMD_DEVICE_LAUNCH_PARAMETERS_H

#include "cu2amd/builtins.h"
#include "vector_types.h"

/* Like clang's own CUDA headers: each variable is an object whose members are properties
 * read through the neutral builtins; it cannot be copied or have its address taken. */
#define CU2AMD_BUILTIN_VAR(type, name, fx, fy, fz)                                              \
    struct type {                                                                               \
        __declspec(property(get = __get_x)) unsigned int x;                                     \
        __declspec(property(get = __get_y)) unsigned int y;                                     \
        __declspec(property(get = __get_z)) unsigned int z;                                     \
        static __device__ __forceinline__ unsigned int __get_x(void) { return fx(); }           \
        static __device__ __forceinline__ unsigned int __get_y(void) { return fy(); }           \
        static __device__ __forceinline__ unsigned int __get_z(void) { return fz(); }           \
        __device__ operator dim3() const { return dim3(x, y, z); }                              \
        __device__ operator uint3() const { return uint3{x, y, z}; }                            \
                                                                                                \
      private:                                                                                  \
        __device__ type() = delete;                                                             \
        __device__ type(const type &) = delete;                                                 \
        __device__ void operator=(const type &) const = delete;                                 \
        __device__ type *operator&() const = delete;                                            \
    };                                                                                          \
    extern const __device__ type name;

CU2AMD_BUILTIN_VAR(__cu2amd_threadIdx_t, threadIdx, __cu2amd_tid_x, __cu2amd_tid_y, __cu2amd_tid_z)
CU2AMD_BUILTIN_VAR(__cu2amd_blockIdx_t, blockIdx, __cu2amd_ctaid_x, __cu2amd_ctaid_y, __cu2amd_ctaid_z)
CU2AMD_BUILTIN_VAR(__cu2amd_blockDim_t, blockDim, __cu2amd_ntid_x, __cu2amd_ntid_y, __cu2amd_ntid_z)
CU2AMD_BUILTIN_VAR(__cu2amd_gridDim_t, gridDim, __cu2amd_nctaid_x, __cu2amd_nctaid_y, __cu2amd_nctaid_z)
#undef CU2AMD_BUILTIN_VAR

/* CUDA's warp is 32 threads on every AMD GPU: cu2amd gives kernels warp-32 semantics;
 * code written for 64-lane warps opts in with cu2amd-nvcc --warp-size=64. */
#ifndef __CU2AMD_WARP_SIZE__
#define __CU2AMD_WARP_SIZE__ 32
#endif
static constexpr int warpSize = __CU2AMD_WARP_SIZE__;

#endif
