/* Support for inline PTX rewritten by cu2amd (frontend/rewrite.py): converting C++
 * operands to and from the registers their constraint letters name. Same-size values keep
 * their bits (an "r" operand of type float is its bit pattern, as in PTX); other sizes
 * convert by value. */
#ifndef CU2AMD_INLINE_ASM_H
#define CU2AMD_INLINE_ASM_H

#include "cu2amd/config.h"

template <class R, class T> static __device__ __forceinline__ R __cu2amd_asm_in(const T &value) {
    if constexpr (sizeof(T) == sizeof(R)) {
        return __builtin_bit_cast(R, value);
    } else {
        return (R)value;
    }
}

template <class T, class R> static __device__ __forceinline__ void __cu2amd_asm_out(T &target, R reg) {
    if constexpr (sizeof(T) == sizeof(R)) {
        target = __builtin_bit_cast(T, reg);
    } else {
        target = (T)reg;
    }
}

/* asm volatile("" ::: "memory"): no instruction, but memory accesses are not moved
 * across it. */
static __device__ __forceinline__ void __cu2amd_compiler_barrier(void) { __asm__ __volatile__("" ::: "memory"); }

#endif
