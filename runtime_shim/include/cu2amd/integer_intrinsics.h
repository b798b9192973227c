/* CUDA integer intrinsics (CUDA Math API, "Integer Intrinsics"), with CUDA's documented
 * results for every input: written on clang builtins that lower to plain LLVM IR
 * (llvm.ctpop, llvm.ctlz, llvm.bitreverse, wide multiplies), so the same definition
 * serves AMD GPUs (HIP mode) and the host platform (CUDA mode, NVPTX IR retargeted to
 * the CPU). Arithmetic is done on unsigned types: CUDA's results wrap, never overflow. */
#ifndef CU2AMD_INTEGER_INTRINSICS_H
#define CU2AMD_INTEGER_INTRINSICS_H

#include "cu2amd/config.h"
#include "vector_types.h"

/* Bit counts. __clz(0) = 32 and __ffs(0) = 0, as CUDA documents. */
CU2AMD_DEVICE_INLINE int __popc(unsigned int x) { return __builtin_popcount(x); }
CU2AMD_DEVICE_INLINE int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
CU2AMD_DEVICE_INLINE int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned int)x); }
CU2AMD_DEVICE_INLINE int __clzll(long long x) {
    return x == 0 ? 64 : __builtin_clzll((unsigned long long)x);
}
CU2AMD_DEVICE_INLINE int __ffs(int x) { return x == 0 ? 0 : __builtin_ctz((unsigned int)x) + 1; }
CU2AMD_DEVICE_INLINE int __ffsll(long long x) {
    return x == 0 ? 0 : __builtin_ctzll((unsigned long long)x) + 1;
}
CU2AMD_DEVICE_INLINE unsigned int __brev(unsigned int x) { return __builtin_bitreverse32(x); }
CU2AMD_DEVICE_INLINE unsigned long long __brevll(unsigned long long x) {
    return __builtin_bitreverse64(x);
}

/* __fns: the position of the offset-th set bit of mask counting up (offset > 0) or down
 * (offset < 0) from bit `base`, base included; offset 0 asks whether bit `base` is set;
 * 0xffffffff when there is no such bit (PTX fns, 9.7.1.17; base > 31 finds nothing). */
CU2AMD_DEVICE_INLINE unsigned int __fns(unsigned int mask, unsigned int base, int offset) {
    if (base > 31) return 0xffffffffu;
    if (offset == 0) return (mask >> base) & 1u ? base : 0xffffffffu;
    unsigned int n = offset > 0 ? (unsigned int)offset : 0u - (unsigned int)offset;
    if (offset > 0) {
        unsigned int m = mask & (0xffffffffu << base);
        for (; m != 0; m &= m - 1u)
            if (--n == 0) return (unsigned int)__builtin_ctz(m);
    } else {
        unsigned int m = mask & (0xffffffffu >> (31u - base));
        for (; m != 0; m &= ~(0x80000000u >> __builtin_clz(m)))
            if (--n == 0) return 31u - (unsigned int)__builtin_clz(m);
    }
    return 0xffffffffu;
}

/* __byte_perm(x, y, s): byte n of the result is byte (s >> 4n) & 7 of the 8 bytes y:x
 * (bytes 0-3 from x, 4-7 from y). */
CU2AMD_DEVICE_INLINE unsigned int __byte_perm(unsigned int x, unsigned int y, unsigned int s) {
    unsigned long long bytes = ((unsigned long long)y << 32) | x;
    unsigned int r = 0;
    for (int n = 0; n < 4; ++n) {
        unsigned int sel = (s >> (4 * n)) & 7u;
        r |= (unsigned int)((bytes >> (8 * sel)) & 0xffu) << (8 * n);
    }
    return r;
}

/* Funnel shifts of hi:lo: the _l/_r forms take the shift modulo 32, _lc/_rc clamp it to 32. */
CU2AMD_DEVICE_INLINE unsigned int __cu2amd_funnel_l(unsigned int lo, unsigned int hi, unsigned int n) {
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)((v << n) >> 32);
}
CU2AMD_DEVICE_INLINE unsigned int __cu2amd_funnel_r(unsigned int lo, unsigned int hi, unsigned int n) {
    unsigned long long v = ((unsigned long long)hi << 32) | lo;
    return (unsigned int)(v >> n);
}
CU2AMD_DEVICE_INLINE unsigned int __funnelshift_l(unsigned int lo, unsigned int hi, unsigned int shift) {
    return __cu2amd_funnel_l(lo, hi, shift & 31u);
}
CU2AMD_DEVICE_INLINE unsigned int __funnelshift_lc(unsigned int lo, unsigned int hi, unsigned int shift) {
    return __cu2amd_funnel_l(lo, hi, shift < 32u ? shift : 32u);
}
CU2AMD_DEVICE_INLINE unsigned int __funnelshift_r(unsigned int lo, unsigned int hi, unsigned int shift) {
    return __cu2amd_funnel_r(lo, hi, shift & 31u);
}
CU2AMD_DEVICE_INLINE unsigned int __funnelshift_rc(unsigned int lo, unsigned int hi, unsigned int shift) {
    return __cu2amd_funnel_r(lo, hi, shift < 32u ? shift : 32u);
}

/* High halves of full products. */
CU2AMD_DEVICE_INLINE int __mulhi(int x, int y) { return (int)(((long long)x * y) >> 32); }
CU2AMD_DEVICE_INLINE unsigned int __umulhi(unsigned int x, unsigned int y) {
    return (unsigned int)(((unsigned long long)x * y) >> 32);
}
CU2AMD_DEVICE_INLINE long long __mul64hi(long long x, long long y) {
    return (long long)(((__int128)x * y) >> 64);
}
CU2AMD_DEVICE_INLINE unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
    return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}

/* 24-bit multiplies: the low 32 bits of the product of the low 24 bits of x and y
 * (sign-extended from bit 23 for __mul24). */
CU2AMD_DEVICE_INLINE int __mul24(int x, int y) {
    long long a = (long long)((int)((unsigned int)x << 8) >> 8);
    long long b = (long long)((int)((unsigned int)y << 8) >> 8);
    return (int)(unsigned int)(unsigned long long)(a * b);
}
CU2AMD_DEVICE_INLINE unsigned int __umul24(unsigned int x, unsigned int y) {
    return (x & 0xffffffu) * (y & 0xffffffu);
}

/* |x - y| + z, modulo 2^32. */
CU2AMD_DEVICE_INLINE unsigned int __sad(int x, int y, unsigned int z) {
    unsigned int d = x > y ? (unsigned int)x - (unsigned int)y : (unsigned int)y - (unsigned int)x;
    return d + z;
}
CU2AMD_DEVICE_INLINE unsigned int __usad(unsigned int x, unsigned int y, unsigned int z) {
    return (x > y ? x - y : y - x) + z;
}

/* Averages without overflow: (x + y) >> 1 and (x + y + 1) >> 1 on the exact sum. */
CU2AMD_DEVICE_INLINE int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
CU2AMD_DEVICE_INLINE unsigned int __uhadd(unsigned int x, unsigned int y) {
    return (unsigned int)(((unsigned long long)x + y) >> 1);
}
CU2AMD_DEVICE_INLINE int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
CU2AMD_DEVICE_INLINE unsigned int __urhadd(unsigned int x, unsigned int y) {
    return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}

/* Dot products: __dp4a sums the four byte products; __dp2a_lo/_hi the two products of
 * srcA's 16-bit halves with bytes 0,1 (_lo) or 2,3 (_hi) of srcB; c is added, modulo 2^32. */
CU2AMD_DEVICE_INLINE int __cu2amd_sbyte(unsigned int v, int n) { return (signed char)(v >> (8 * n)); }
CU2AMD_DEVICE_INLINE int __cu2amd_ubyte(unsigned int v, int n) { return (v >> (8 * n)) & 0xff; }
CU2AMD_DEVICE_INLINE int __cu2amd_shalf(unsigned int v, int n) { return (short)(v >> (16 * n)); }
CU2AMD_DEVICE_INLINE int __cu2amd_uhalf(unsigned int v, int n) { return (v >> (16 * n)) & 0xffff; }

CU2AMD_DEVICE_INLINE int __dp4a(int srcA, int srcB, int c) {
    unsigned int a = (unsigned int)srcA, b = (unsigned int)srcB, sum = (unsigned int)c;
    for (int n = 0; n < 4; ++n)
        sum += (unsigned int)(__cu2amd_sbyte(a, n) * __cu2amd_sbyte(b, n));
    return (int)sum;
}
CU2AMD_DEVICE_INLINE unsigned int __dp4a(unsigned int srcA, unsigned int srcB, unsigned int c) {
    for (int n = 0; n < 4; ++n)
        c += (unsigned int)(__cu2amd_ubyte(srcA, n) * __cu2amd_ubyte(srcB, n));
    return c;
}
CU2AMD_DEVICE_INLINE unsigned int __cu2amd_pack4(unsigned char x, unsigned char y, unsigned char z,
                                                 unsigned char w) {
    return x | (unsigned int)y << 8 | (unsigned int)z << 16 | (unsigned int)w << 24;
}
CU2AMD_DEVICE_INLINE unsigned int __cu2amd_pack2(unsigned short x, unsigned short y) {
    return x | (unsigned int)y << 16;
}
CU2AMD_DEVICE_INLINE int __dp4a(char4 srcA, char4 srcB, int c) {
    return __dp4a((int)__cu2amd_pack4(srcA.x, srcA.y, srcA.z, srcA.w),
                  (int)__cu2amd_pack4(srcB.x, srcB.y, srcB.z, srcB.w), c);
}
CU2AMD_DEVICE_INLINE unsigned int __dp4a(uchar4 srcA, uchar4 srcB, unsigned int c) {
    return __dp4a(__cu2amd_pack4(srcA.x, srcA.y, srcA.z, srcA.w),
                  __cu2amd_pack4(srcB.x, srcB.y, srcB.z, srcB.w), c);
}

CU2AMD_DEVICE_INLINE int __cu2amd_dp2a_s(unsigned int a, unsigned int b, int first, int c) {
    unsigned int sum = (unsigned int)c;
    sum += (unsigned int)(__cu2amd_shalf(a, 0) * __cu2amd_sbyte(b, first));
    sum += (unsigned int)(__cu2amd_shalf(a, 1) * __cu2amd_sbyte(b, first + 1));
    return (int)sum;
}
CU2AMD_DEVICE_INLINE unsigned int __cu2amd_dp2a_u(unsigned int a, unsigned int b, int first,
                                                  unsigned int c) {
    c += (unsigned int)__cu2amd_uhalf(a, 0) * (unsigned int)__cu2amd_ubyte(b, first);
    c += (unsigned int)__cu2amd_uhalf(a, 1) * (unsigned int)__cu2amd_ubyte(b, first + 1);
    return c;
}
CU2AMD_DEVICE_INLINE int __dp2a_lo(int srcA, int srcB, int c) {
    return __cu2amd_dp2a_s((unsigned int)srcA, (unsigned int)srcB, 0, c);
}
CU2AMD_DEVICE_INLINE int __dp2a_hi(int srcA, int srcB, int c) {
    return __cu2amd_dp2a_s((unsigned int)srcA, (unsigned int)srcB, 2, c);
}
CU2AMD_DEVICE_INLINE unsigned int __dp2a_lo(unsigned int srcA, unsigned int srcB, unsigned int c) {
    return __cu2amd_dp2a_u(srcA, srcB, 0, c);
}
CU2AMD_DEVICE_INLINE unsigned int __dp2a_hi(unsigned int srcA, unsigned int srcB, unsigned int c) {
    return __cu2amd_dp2a_u(srcA, srcB, 2, c);
}
CU2AMD_DEVICE_INLINE int __dp2a_lo(short2 srcA, char4 srcB, int c) {
    return __dp2a_lo((int)__cu2amd_pack2(srcA.x, srcA.y),
                     (int)__cu2amd_pack4(srcB.x, srcB.y, srcB.z, srcB.w), c);
}
CU2AMD_DEVICE_INLINE int __dp2a_hi(short2 srcA, char4 srcB, int c) {
    return __dp2a_hi((int)__cu2amd_pack2(srcA.x, srcA.y),
                     (int)__cu2amd_pack4(srcB.x, srcB.y, srcB.z, srcB.w), c);
}
CU2AMD_DEVICE_INLINE unsigned int __dp2a_lo(ushort2 srcA, uchar4 srcB, unsigned int c) {
    return __dp2a_lo(__cu2amd_pack2(srcA.x, srcA.y), __cu2amd_pack4(srcB.x, srcB.y, srcB.z, srcB.w), c);
}
CU2AMD_DEVICE_INLINE unsigned int __dp2a_hi(ushort2 srcA, uchar4 srcB, unsigned int c) {
    return __dp2a_hi(__cu2amd_pack2(srcA.x, srcA.y), __cu2amd_pack4(srcB.x, srcB.y, srcB.z, srcB.w), c);
}

#endif
