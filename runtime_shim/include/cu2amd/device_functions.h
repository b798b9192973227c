/* CUDA device functions: synchronisation, atomics; the math, integer and SIMD functions
 * are in the headers included below. */
#ifndef CU2AMD_DEVICE_FUNCTIONS_H
#define CU2AMD_DEVICE_FUNCTIONS_H

#include "cu2amd/builtins.h"
#include "cu2amd/integer_intrinsics.h"
#include "cu2amd/simd_intrinsics.h"
#include "cu2amd/math_functions.h"
#include "cu2amd/math_intrinsics.h"
#include "cu2amd/memory_intrinsics.h"
#include "cu2amd/cast_intrinsics.h"

/* Defined in both passes: host compilation parses (but does not emit) device code, with
 * the device target's builtins available as the auxiliary target's. HIP mode targets
 * AMD GPUs; CUDA mode is the host platform's NVPTX pass. */

#if defined(__HIP__)
CU2AMD_DEVICE_INLINE void __syncthreads(void) { __cu2amd_syncthreads(); }
#endif /* in CUDA mode __syncthreads is a clang builtin (barrier 0) */

/* __syncthreads_count/and/or: a CTA barrier that also reduces a predicate (PTX bar.red).
 * AMD GPUs: OCKL's work-group reductions between the barrier's fences; host platform:
 * clang's NVVM builtins, which the host runtime's barrier implements. */
#if defined(__HIP__)
extern "C" __device__ int __ockl_wgred_add_i32(int);
extern "C" __device__ int __ockl_wgred_and_i32(int);
extern "C" __device__ int __ockl_wgred_or_i32(int);
#define CU2AMD_BAR_RED(name, ockl)                                                             \
    CU2AMD_DEVICE_INLINE int name(int predicate) {                                            \
        __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");                                \
        int result = ockl(predicate != 0);                                                    \
        __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");                                \
        return result;                                                                        \
    }
CU2AMD_BAR_RED(__syncthreads_count, __ockl_wgred_add_i32)
CU2AMD_BAR_RED(__syncthreads_and, __ockl_wgred_and_i32)
CU2AMD_BAR_RED(__syncthreads_or, __ockl_wgred_or_i32)
#undef CU2AMD_BAR_RED
#else
CU2AMD_DEVICE_INLINE int __syncthreads_count(int predicate) { return __nvvm_bar0_popc(predicate); }
CU2AMD_DEVICE_INLINE int __syncthreads_and(int predicate) { return __nvvm_bar0_and(predicate) != 0; }
CU2AMD_DEVICE_INLINE int __syncthreads_or(int predicate) { return __nvvm_bar0_or(predicate) != 0; }
#endif
CU2AMD_DEVICE_INLINE void __threadfence_block(void) { __cu2amd_fence_block(); }
CU2AMD_DEVICE_INLINE void __threadfence(void) { __cu2amd_fence_device(); }
CU2AMD_DEVICE_INLINE void __threadfence_system(void) { __cu2amd_fence_system(); }
CU2AMD_DEVICE_INLINE void __trap(void) { __cu2amd_trap(); }

/* Atomics: relaxed read-modify-writes at device scope, returning the old value. */
#define CU2AMD_ATOMIC(name, builtin, type)                                                      \
    CU2AMD_DEVICE_INLINE type name(type *address, type value) {                                 \
        return builtin(address, value, __ATOMIC_RELAXED);                                       \
    }
#define CU2AMD_ATOMIC_INTS(name, builtin)                                                       \
    CU2AMD_ATOMIC(name, builtin, int)                                                           \
    CU2AMD_ATOMIC(name, builtin, unsigned int)                                                  \
    CU2AMD_ATOMIC(name, builtin, unsigned long long)
CU2AMD_ATOMIC_INTS(atomicAdd, __atomic_fetch_add)
CU2AMD_ATOMIC(atomicAdd, __atomic_fetch_add, float)
CU2AMD_ATOMIC(atomicAdd, __atomic_fetch_add, double)
CU2AMD_ATOMIC_INTS(atomicSub, __atomic_fetch_sub)
CU2AMD_ATOMIC_INTS(atomicAnd, __atomic_fetch_and)
CU2AMD_ATOMIC_INTS(atomicOr, __atomic_fetch_or)
CU2AMD_ATOMIC_INTS(atomicXor, __atomic_fetch_xor)
CU2AMD_ATOMIC_INTS(atomicMin, __atomic_fetch_min)
CU2AMD_ATOMIC_INTS(atomicMax, __atomic_fetch_max)
CU2AMD_ATOMIC_INTS(atomicExch, __atomic_exchange_n)
CU2AMD_DEVICE_INLINE float atomicExch(float *address, float value) {
    unsigned int old = __atomic_exchange_n((unsigned int *)address, __builtin_bit_cast(unsigned int, value),
                                           __ATOMIC_RELAXED);
    return __builtin_bit_cast(float, old);
}
#undef CU2AMD_ATOMIC_INTS
#undef CU2AMD_ATOMIC

#define CU2AMD_ATOMIC_CAS(type)                                                                 \
    CU2AMD_DEVICE_INLINE type atomicCAS(type *address, type compare, type value) {              \
        __atomic_compare_exchange_n(address, &compare, value, false, __ATOMIC_RELAXED,          \
                                    __ATOMIC_RELAXED);                                          \
        return compare;                                                                         \
    }
CU2AMD_ATOMIC_CAS(int)
CU2AMD_ATOMIC_CAS(unsigned int)
CU2AMD_ATOMIC_CAS(unsigned long long)
CU2AMD_ATOMIC_CAS(unsigned short)
#undef CU2AMD_ATOMIC_CAS

/* atomicInc/atomicDec: CUDA's wrap-around counters. */
CU2AMD_DEVICE_INLINE unsigned int atomicInc(unsigned int *address, unsigned int limit) {
    unsigned int old = *(volatile unsigned int *)address, next;
    do {
        next = old >= limit ? 0 : old + 1;
    } while (!__atomic_compare_exchange_n(address, &old, next, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return old;
}
CU2AMD_DEVICE_INLINE unsigned int atomicDec(unsigned int *address, unsigned int limit) {
    unsigned int old = *(volatile unsigned int *)address, next;
    do {
        next = (old == 0 || old > limit) ? limit : old - 1;
    } while (!__atomic_compare_exchange_n(address, &old, next, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
    return old;
}

extern "C" __device__ int printf(const char *format, ...);

#endif
