/* CUDA's loads and stores with cache hints (__ldg, __ldcg, __stcs, ...) and the clock
 * functions. AMD GPUs have no read-only data cache path to select: every hint is a plain
 * load or store, which returns the same values (CUDA's __ldg contract: the data does not
 * change while the kernel runs). One template per function covers every type CUDA
 * overloads them for (char ... double, the vector types). */
#ifndef CU2AMD_MEMORY_INTRINSICS_H
#define CU2AMD_MEMORY_INTRINSICS_H

#define CU2AMD_LOAD(name)                                                                      \
    template <typename T> CU2AMD_DEVICE_INLINE T name(const T *address) { return *address; }
CU2AMD_LOAD(__ldg)
CU2AMD_LOAD(__ldca)
CU2AMD_LOAD(__ldcg)
CU2AMD_LOAD(__ldcs)
CU2AMD_LOAD(__ldcv)
CU2AMD_LOAD(__ldlu)
#undef CU2AMD_LOAD

#define CU2AMD_STORE(name)                                                                     \
    template <typename T> CU2AMD_DEVICE_INLINE void name(T *address, T value) { *address = value; }
CU2AMD_STORE(__stcg)
CU2AMD_STORE(__stcs)
CU2AMD_STORE(__stwb)
CU2AMD_STORE(__stwt)
#undef CU2AMD_STORE

/* A free-running per-device counter: s_memtime / the shader cycle counter on AMD GPUs,
 * the time-stamp counter on the host platform. Differences of two readings in one thread
 * measure elapsed time, as with CUDA's, in that counter's own units (not SM clocks). */
CU2AMD_DEVICE_INLINE long long clock64(void) { return (long long)__builtin_readcyclecounter(); }
CU2AMD_DEVICE_INLINE int clock(void) { return (int)clock64(); }

#endif
