/* CUDA device functions: synchronisation, atomics, a first set of math functions. */
#ifndef CU2AMD_DEVICE_FUNCTIONS_H
#define CU2AMD_DEVICE_FUNCTIONS_H

#include "cu2amd/builtins.h"
#include "cu2amd/integer_intrinsics.h"
#include "cu2amd/simd_intrinsics.h"

/* Defined in both passes: host compilation parses (but does not emit) device code, with
 * the device target's builtins available as the auxiliary target's. HIP mode targets
 * AMD GPUs; CUDA mode is the host platform's NVPTX pass. */

#if defined(__HIP__)
CU2AMD_DEVICE_INLINE void __syncthreads(void) { __cu2amd_syncthreads(); }
#endif /* in CUDA mode __syncthreads is a clang builtin (barrier 0) */
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

/* Math: OCML on AMD GPUs; on the host platform LLVM's intrinsics and libm. */
#if defined(__HIP__)
#define CU2AMD_MATH1(name, type, ocml, generic)                                                 \
    extern "C" __device__ type ocml(type);                                                      \
    static __device__ __inline__ type name(type x) { return ocml(x); }
#define CU2AMD_MATH2(name, type, ocml, generic)                                                 \
    extern "C" __device__ type ocml(type, type);                                                \
    static __device__ __inline__ type name(type x, type y) { return ocml(x, y); }
#else
#define CU2AMD_MATH1(name, type, ocml, generic)                                                 \
    static __device__ __inline__ type name(type x) { return generic(x); }
#define CU2AMD_MATH2(name, type, ocml, generic)                                                 \
    static __device__ __inline__ type name(type x, type y) { return generic(x, y); }
#endif
CU2AMD_MATH1(sqrtf, float, __ocml_sqrt_f32, __builtin_sqrtf)
CU2AMD_MATH1(sqrt, double, __ocml_sqrt_f64, __builtin_sqrt)
CU2AMD_MATH1(fabsf, float, __ocml_fabs_f32, __builtin_fabsf)
CU2AMD_MATH1(fabs, double, __ocml_fabs_f64, __builtin_fabs)
CU2AMD_MATH1(expf, float, __ocml_exp_f32, __builtin_expf)
CU2AMD_MATH1(exp, double, __ocml_exp_f64, __builtin_exp)
CU2AMD_MATH1(logf, float, __ocml_log_f32, __builtin_logf)
CU2AMD_MATH1(log, double, __ocml_log_f64, __builtin_log)
CU2AMD_MATH1(sinf, float, __ocml_sin_f32, __builtin_sinf)
CU2AMD_MATH1(sin, double, __ocml_sin_f64, __builtin_sin)
CU2AMD_MATH1(cosf, float, __ocml_cos_f32, __builtin_cosf)
CU2AMD_MATH1(cos, double, __ocml_cos_f64, __builtin_cos)
CU2AMD_MATH1(floorf, float, __ocml_floor_f32, __builtin_floorf)
CU2AMD_MATH1(floor, double, __ocml_floor_f64, __builtin_floor)
CU2AMD_MATH1(ceilf, float, __ocml_ceil_f32, __builtin_ceilf)
CU2AMD_MATH1(ceil, double, __ocml_ceil_f64, __builtin_ceil)
CU2AMD_MATH2(fminf, float, __ocml_fmin_f32, __builtin_fminf)
CU2AMD_MATH2(fmin, double, __ocml_fmin_f64, __builtin_fmin)
CU2AMD_MATH2(fmaxf, float, __ocml_fmax_f32, __builtin_fmaxf)
CU2AMD_MATH2(fmax, double, __ocml_fmax_f64, __builtin_fmax)
CU2AMD_MATH2(powf, float, __ocml_pow_f32, __builtin_powf)
CU2AMD_MATH2(pow, double, __ocml_pow_f64, __builtin_pow)
#undef CU2AMD_MATH1
#undef CU2AMD_MATH2

CU2AMD_DEVICE_INLINE float rsqrtf(float x) { return 1.0f / sqrtf(x); }
CU2AMD_DEVICE_INLINE float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
CU2AMD_DEVICE_INLINE double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }

extern "C" __device__ int printf(const char *format, ...);

#endif
