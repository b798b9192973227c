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

/* Atomics: relaxed read-modify-writes returning the old value, at CUDA's scopes: the plain
 * functions at device scope, the _block ones at block scope and the _system ones at system
 * scope. AMD GPUs: clang's __hip_atomic builtins, whose scopes are LLVM's sync scopes
 * "agent", "workgroup" and the default (system) one; atomicInc/atomicDec are the GPU's own
 * wrapping increment/decrement (atomicrmw uinc_wrap/udec_wrap). Host platform: one OS
 * thread runs a launch's blocks one after another (threads as fibers), so every scope is
 * the same and the __atomic builtins serve. */
#if defined(__HIP__)
#define CU2AMD_SCOPE_DEVICE __HIP_MEMORY_SCOPE_AGENT
#define CU2AMD_SCOPE_BLOCK __HIP_MEMORY_SCOPE_WORKGROUP
#define CU2AMD_SCOPE_SYSTEM __HIP_MEMORY_SCOPE_SYSTEM
#define CU2AMD_FETCH(op, p, v, scope) __hip_atomic_fetch_##op(p, v, __ATOMIC_RELAXED, scope)
#define CU2AMD_EXCHANGE(p, v, scope) __hip_atomic_exchange(p, v, __ATOMIC_RELAXED, scope)
#define CU2AMD_CAS(p, expected, v, scope)                                                          \
    __hip_atomic_compare_exchange_strong(p, expected, v, __ATOMIC_RELAXED, __ATOMIC_RELAXED, scope)
/* clang marks HIP's atomics as never on fine-grained or remote memory (so that they can
 * use the GPU's atomic instructions); system-scope ones are for exactly that memory (host
 * memory, peers'), so they go without the mark: where an instruction cannot serve, LLVM
 * expands them into compare-and-swap loops. */
#define CU2AMD_ANY_MEMORY [[clang::atomic(fine_grained_memory, remote_memory)]]
#else
#define CU2AMD_SCOPE_DEVICE 0
#define CU2AMD_SCOPE_BLOCK 0
#define CU2AMD_SCOPE_SYSTEM 0
#define CU2AMD_FETCH(op, p, v, scope) __atomic_fetch_##op(p, v, __ATOMIC_RELAXED)
#define CU2AMD_EXCHANGE(p, v, scope) __atomic_exchange_n(p, v, __ATOMIC_RELAXED)
#define CU2AMD_CAS(p, expected, v, scope)                                                          \
    __atomic_compare_exchange_n(p, expected, v, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED)
#define CU2AMD_ANY_MEMORY
#endif

/* `def(name suffix, scope, memory attribute)` for each of CUDA's three scopes */
#define CU2AMD_SCOPES(def)                                                                         \
    def(, CU2AMD_SCOPE_DEVICE, ) def(_block, CU2AMD_SCOPE_BLOCK, )                                 \
    def(_system, CU2AMD_SCOPE_SYSTEM, CU2AMD_ANY_MEMORY)

#define CU2AMD_ATOMIC(name, op, type, scope, mem)                                                  \
    CU2AMD_DEVICE_INLINE type name(type *address, type value) {                                    \
        mem { return CU2AMD_FETCH(op, address, value, scope); }                                    \
    }
#define CU2AMD_ATOMIC_INTS(name, op, scope, mem)                                                   \
    CU2AMD_ATOMIC(name, op, int, scope, mem)                                                       \
    CU2AMD_ATOMIC(name, op, unsigned int, scope, mem)                                              \
    CU2AMD_ATOMIC(name, op, unsigned long long, scope, mem)
#define CU2AMD_ATOMIC_RMW(suffix, scope, mem)                                                      \
    CU2AMD_ATOMIC_INTS(atomicAdd##suffix, add, scope, mem)                                         \
    CU2AMD_ATOMIC(atomicAdd##suffix, add, float, scope, mem)                                       \
    CU2AMD_ATOMIC(atomicAdd##suffix, add, double, scope, mem)                                      \
    CU2AMD_ATOMIC_INTS(atomicSub##suffix, sub, scope, mem)                                         \
    CU2AMD_ATOMIC_INTS(atomicAnd##suffix, and, scope, mem)                                         \
    CU2AMD_ATOMIC_INTS(atomicOr##suffix, or, scope, mem)                                           \
    CU2AMD_ATOMIC_INTS(atomicXor##suffix, xor, scope, mem)                                         \
    CU2AMD_ATOMIC_INTS(atomicMin##suffix, min, scope, mem)                                         \
    CU2AMD_ATOMIC(atomicMin##suffix, min, long long, scope, mem)                                   \
    CU2AMD_ATOMIC_INTS(atomicMax##suffix, max, scope, mem)                                         \
    CU2AMD_ATOMIC(atomicMax##suffix, max, long long, scope, mem)
CU2AMD_SCOPES(CU2AMD_ATOMIC_RMW)

/* atomicAdd on float2/float4 (CUDA 12, sm_90): each component is added atomically on its
 * own, not the vector as a whole, as CUDA documents; the old components are returned. */
#define CU2AMD_ATOMIC_ADD_VECTORS(suffix, scope, mem)                                           \
    CU2AMD_DEVICE_INLINE float2 atomicAdd##suffix(float2 *address, float2 value) {              \
        float2 old;                                                                             \
        old.x = atomicAdd##suffix(&address->x, value.x);                                        \
        old.y = atomicAdd##suffix(&address->y, value.y);                                        \
        return old;                                                                             \
    }                                                                                           \
    CU2AMD_DEVICE_INLINE float4 atomicAdd##suffix(float4 *address, float4 value) {              \
        float4 old;                                                                             \
        old.x = atomicAdd##suffix(&address->x, value.x);                                        \
        old.y = atomicAdd##suffix(&address->y, value.y);                                        \
        old.z = atomicAdd##suffix(&address->z, value.z);                                        \
        old.w = atomicAdd##suffix(&address->w, value.w);                                        \
        return old;                                                                             \
    }
CU2AMD_SCOPES(CU2AMD_ATOMIC_ADD_VECTORS)
#undef CU2AMD_ATOMIC_ADD_VECTORS

#define CU2AMD_ATOMIC_EXCH(name, type, scope, mem)                                                 \
    CU2AMD_DEVICE_INLINE type name(type *address, type value) {                                    \
        mem { return CU2AMD_EXCHANGE(address, value, scope); }                                     \
    }
#define CU2AMD_ATOMIC_CAS(name, type, scope, mem)                                                  \
    CU2AMD_DEVICE_INLINE type name(type *address, type compare, type value) {                      \
        mem { CU2AMD_CAS(address, &compare, value, scope); }                                       \
        return compare;                                                                            \
    }
#define CU2AMD_ATOMIC_SWAPS(suffix, scope, mem)                                                    \
    CU2AMD_ATOMIC_EXCH(atomicExch##suffix, int, scope, mem)                                        \
    CU2AMD_ATOMIC_EXCH(atomicExch##suffix, unsigned int, scope, mem)                               \
    CU2AMD_ATOMIC_EXCH(atomicExch##suffix, unsigned long long, scope, mem)                         \
    CU2AMD_DEVICE_INLINE float atomicExch##suffix(float *address, float value) {                   \
        return __builtin_bit_cast(float, atomicExch##suffix((unsigned int *)address,            \
                                                            __builtin_bit_cast(unsigned int, value))); \
    }                                                                                              \
    CU2AMD_ATOMIC_CAS(atomicCAS##suffix, int, scope, mem)                                          \
    CU2AMD_ATOMIC_CAS(atomicCAS##suffix, unsigned int, scope, mem)                                 \
    CU2AMD_ATOMIC_CAS(atomicCAS##suffix, unsigned long long, scope, mem)                           \
    CU2AMD_ATOMIC_CAS(atomicCAS##suffix, unsigned short, scope, mem)
CU2AMD_SCOPES(CU2AMD_ATOMIC_SWAPS)

/* atomicInc/atomicDec: CUDA's wrap-around counters (old >= limit ? 0 : old + 1, and
 * old == 0 || old > limit ? limit : old - 1). AMD GPUs: the GPU's own wrapping atomics at
 * device and block scope; at system scope (and on the host platform) a compare-and-swap
 * loop, as the builtin cannot go without the fine-grained mark. */
#define CU2AMD_ATOMIC_WRAP_CAS(suffix, scope, mem)                                                 \
    CU2AMD_DEVICE_INLINE unsigned int atomicInc##suffix(unsigned int *address, unsigned int limit) { \
        for (unsigned int old = *(volatile unsigned int *)address, seen;; old = seen) {            \
            seen = atomicCAS##suffix(address, old, old >= limit ? 0 : old + 1);                    \
            if (seen == old) return old;                                                           \
        }                                                                                          \
    }                                                                                              \
    CU2AMD_DEVICE_INLINE unsigned int atomicDec##suffix(unsigned int *address, unsigned int limit) { \
        for (unsigned int old = *(volatile unsigned int *)address, seen;; old = seen) {            \
            seen = atomicCAS##suffix(address, old, (old == 0 || old > limit) ? limit : old - 1);   \
            if (seen == old) return old;                                                           \
        }                                                                                          \
    }
#if defined(__HIP__)
#define CU2AMD_ATOMIC_WRAP(suffix, scope_name)                                                     \
    CU2AMD_DEVICE_INLINE unsigned int atomicInc##suffix(unsigned int *address, unsigned int limit) { \
        return __builtin_amdgcn_atomic_inc32(address, limit, __ATOMIC_RELAXED, scope_name);        \
    }                                                                                              \
    CU2AMD_DEVICE_INLINE unsigned int atomicDec##suffix(unsigned int *address, unsigned int limit) { \
        return __builtin_amdgcn_atomic_dec32(address, limit, __ATOMIC_RELAXED, scope_name);        \
    }
CU2AMD_ATOMIC_WRAP(, "agent")
CU2AMD_ATOMIC_WRAP(_block, "workgroup")
CU2AMD_ATOMIC_WRAP_CAS(_system, CU2AMD_SCOPE_SYSTEM, )
#else
CU2AMD_SCOPES(CU2AMD_ATOMIC_WRAP_CAS)
#endif

#undef CU2AMD_ATOMIC_WRAP_CAS
#undef CU2AMD_ATOMIC_WRAP
#undef CU2AMD_ATOMIC_SWAPS
#undef CU2AMD_ATOMIC_CAS
#undef CU2AMD_ATOMIC_EXCH
#undef CU2AMD_ATOMIC_RMW
#undef CU2AMD_ATOMIC_INTS
#undef CU2AMD_ATOMIC
#undef CU2AMD_SCOPES
#undef CU2AMD_ANY_MEMORY
#undef CU2AMD_CAS
#undef CU2AMD_EXCHANGE
#undef CU2AMD_FETCH
#undef CU2AMD_SCOPE_SYSTEM
#undef CU2AMD_SCOPE_BLOCK
#undef CU2AMD_SCOPE_DEVICE

extern "C" __device__ int printf(const char *format, ...);

/* assert(): glibc's macro calls __assert_fail; device code gets this one, which prints
 * CUDA's message ("file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `cond`
 * failed.") and stops the kernel. Host platform: the runtime's __assertfail, after which
 * the launch reports cudaErrorAssert. AMD GPUs: printf, then a trap, which ROCm's runtime
 * treats as a fatal queue error (the process aborts). */
#if defined(__HIP__)
extern "C" __device__ __attribute__((noinline, weak)) void __assert_fail(const char *message, const char *file,
                                                                         unsigned int line, const char *function) {
    printf("%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n", file, line, function,
           __cu2amd_ctaid_x(), __cu2amd_ctaid_y(), __cu2amd_ctaid_z(), __cu2amd_tid_x(), __cu2amd_tid_y(),
           __cu2amd_tid_z(), message);
    __builtin_trap();
}
#else
extern "C" __device__ void __cu2amd_assertfail(const char *message, const char *file, unsigned int line,
                                               const char *function, size_t char_size); /* host runtime */
extern "C" __device__ __inline__ void __assert_fail(const char *message, const char *file, unsigned int line,
                                                    const char *function) {
    __cu2amd_assertfail(message, file, line, function, sizeof(char));
}
#endif

/* __nanosleep: AMD GPUs: s_sleep, whose unit is 64 clocks, taken as 32 ns (2 GHz): the
 * sleep is within CUDA's [0, 2 * ns] for clocks from 1 to 2 GHz. Host platform: the C
 * library's nanosleep (the whole block waits: its threads share one OS thread). */
#if defined(__HIP__)
CU2AMD_DEVICE_INLINE void __nanosleep(unsigned int ns) {
    unsigned int units = ns >> 5;
    for (; units >= 64; units -= 64) __builtin_amdgcn_s_sleep(64);
    for (; units >= 8; units -= 8) __builtin_amdgcn_s_sleep(8);
    for (; units; --units) __builtin_amdgcn_s_sleep(1);
}
#else
/* the C library's nanosleep(const struct timespec *, struct timespec *) */
extern "C" __device__ int __cu2amd_nanosleep(const void *duration, void *remaining) __asm__("nanosleep");
CU2AMD_DEVICE_INLINE void __nanosleep(unsigned int ns) {
    const long duration[2] = {0, (long)ns}; /* tv_sec, tv_nsec */
    __cu2amd_nanosleep(duration, 0);
}
#endif

/* __brkpt: a debugger breakpoint (llvm.debugtrap). AMD GPUs: s_trap 3, ignored when no
 * debugger is attached; host platform: int3, which stops the program (SIGTRAP) unless a
 * debugger is attached. */
CU2AMD_DEVICE_INLINE void __brkpt(void) { __builtin_debugtrap(); }

#endif
