/* CUDA's loads and stores with cache hints (__ldg, __ldcg, __stcs, ...) and the clock
 * functions. AMD GPUs have no read-only data cache path to select: every hint is a plain
 * load or store, which returns the same values (CUDA's __ldg contract: the data does not
 * change while the kernel runs). One template per function covers every type CUDA
 * overloads them for (char ... double, the vector types). */
#ifndef CU2AMD_MEMORY_INTRINSICS_H
#define CU2AMD_MEMORY_INTRINSICS_H

#include <stddef.h>

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

/* Address spaces (Programming Guide "Address Space Predicate/Conversion Functions").
 * AMD GPUs: a generic pointer is LDS (shared) or scratch (local) by its aperture
 * (llvm.amdgcn.is.shared/is.private), else global memory, where __constant__ variables
 * live too; shared and local addresses are the 32-bit LDS and scratch offsets
 * (addrspacecast), global and constant ones the generic address. Host platform: the host
 * runtime tells a block's shared memory and a thread's stack (local memory) from the
 * rest; a local address is the generic one, a shared one its 32-bit offset in the shared
 * window (both as the PTX lowering's cvta). */
#if defined(__HIP__)
#define CU2AMD_ADDRESS_SPACE(n) __attribute__((address_space(n)))
CU2AMD_DEVICE_INLINE unsigned int __isShared(const void *ptr) {
    return __builtin_amdgcn_is_shared((const CU2AMD_ADDRESS_SPACE(0) void *)ptr);
}
CU2AMD_DEVICE_INLINE unsigned int __isLocal(const void *ptr) {
    return __builtin_amdgcn_is_private((const CU2AMD_ADDRESS_SPACE(0) void *)ptr);
}
CU2AMD_DEVICE_INLINE size_t __cvta_generic_to_shared(const void *ptr) {
    return (size_t)(CU2AMD_ADDRESS_SPACE(3) const char *)ptr;
}
CU2AMD_DEVICE_INLINE size_t __cvta_generic_to_local(const void *ptr) {
    return (size_t)(CU2AMD_ADDRESS_SPACE(5) const char *)ptr;
}
CU2AMD_DEVICE_INLINE void *__cvta_shared_to_generic(size_t rawbits) {
    return (void *)(CU2AMD_ADDRESS_SPACE(3) char *)(unsigned int)rawbits;
}
CU2AMD_DEVICE_INLINE void *__cvta_local_to_generic(size_t rawbits) {
    return (void *)(CU2AMD_ADDRESS_SPACE(5) char *)(unsigned int)rawbits;
}
#undef CU2AMD_ADDRESS_SPACE
#else
extern "C" __device__ int __cu2amd_is_space(int space, const void *ptr); /* host runtime */
CU2AMD_DEVICE_INLINE unsigned int __isShared(const void *ptr) { return __cu2amd_is_space(1, ptr) != 0; }
CU2AMD_DEVICE_INLINE unsigned int __isLocal(const void *ptr) { return __cu2amd_is_space(2, ptr) != 0; }
/* A .shared address is 32 bits, as on a GPU (programs keep it in a uint32_t for inline PTX):
 * the generic address's offset from the shared window, which inline PTX uses too
 * (SHARED_WINDOW in ptx_lowering/targets/host.py; runtime_shim/host/retarget.py defines it). */
extern "C" __device__ char __cu2amd_shared_window;
CU2AMD_DEVICE_INLINE const char *__cu2amd_shared_base(void) {
    return (const char *)&__cu2amd_shared_window - 0x80000000LL;
}
CU2AMD_DEVICE_INLINE size_t __cvta_generic_to_shared(const void *ptr) {
    return (size_t)(unsigned int)((const char *)ptr - __cu2amd_shared_base());
}
CU2AMD_DEVICE_INLINE size_t __cvta_generic_to_local(const void *ptr) { return (size_t)ptr; }
CU2AMD_DEVICE_INLINE void *__cvta_shared_to_generic(size_t rawbits) {
    return (void *)(__cu2amd_shared_base() + (unsigned int)rawbits);
}
CU2AMD_DEVICE_INLINE void *__cvta_local_to_generic(size_t rawbits) { return (void *)rawbits; }
#endif
CU2AMD_DEVICE_INLINE unsigned int __isGlobal(const void *ptr) { return !__isShared(ptr) && !__isLocal(ptr); }
CU2AMD_DEVICE_INLINE size_t __cvta_generic_to_global(const void *ptr) { return (size_t)ptr; }
CU2AMD_DEVICE_INLINE size_t __cvta_generic_to_constant(const void *ptr) { return (size_t)ptr; }
CU2AMD_DEVICE_INLINE void *__cvta_global_to_generic(size_t rawbits) { return (void *)rawbits; }
CU2AMD_DEVICE_INLINE void *__cvta_constant_to_generic(size_t rawbits) { return (void *)rawbits; }

/* Device-side heap and block copies (Programming Guide "Dynamic Global Memory
 * Allocation"). AMD GPUs: OCKL's device heap (__ockl_dm_alloc, as HIP's malloc); host
 * platform: the C library's (its NVPTX calls of malloc and free become calls of libc's).
 * memcpy and memset are clang's builtins, inlined or libc's. */
#if defined(__HIP__)
extern "C" __device__ unsigned long long __ockl_dm_alloc(unsigned long long size);
extern "C" __device__ void __ockl_dm_dealloc(unsigned long long address);
extern "C" {
__device__ __attribute__((weak, nothrow)) inline void *malloc(size_t size) { return (void *)__ockl_dm_alloc(size); }
__device__ __attribute__((weak, nothrow)) inline void free(void *ptr) { __ockl_dm_dealloc((unsigned long long)ptr); }
}
#else
extern "C" {
__device__ void *malloc(size_t size) __attribute__((nothrow)) __attribute__((malloc));
__device__ void free(void *ptr) __attribute__((nothrow));
}
#endif

/* Device-side new and delete (Programming Guide "Dynamic Global Memory Allocation and
 * Operations": they use the device heap, as malloc and free). Device code has no
 * exceptions: a failed allocation is a null pointer. Over-aligned types (alignment above
 * 16, which the heap gives) get an aligned block of a larger one, whose start is kept just
 * before it. Placement new is <new>'s, declared for device code below. */
namespace std {
enum class align_val_t : size_t;
struct nothrow_t;
} // namespace std
__device__ inline void *operator new(size_t size) { return malloc(size ? size : 1); }
__device__ inline void *operator new[](size_t size) { return malloc(size ? size : 1); }
__device__ inline void *operator new(size_t size, const std::nothrow_t &) noexcept { return malloc(size ? size : 1); }
__device__ inline void *operator new[](size_t size, const std::nothrow_t &) noexcept {
    return malloc(size ? size : 1);
}
__device__ inline void operator delete(void *ptr) noexcept { free(ptr); }
__device__ inline void operator delete[](void *ptr) noexcept { free(ptr); }
__device__ inline void operator delete(void *ptr, size_t) noexcept { free(ptr); }
__device__ inline void operator delete[](void *ptr, size_t) noexcept { free(ptr); }
__device__ inline void operator delete(void *ptr, const std::nothrow_t &) noexcept { free(ptr); }
__device__ inline void operator delete[](void *ptr, const std::nothrow_t &) noexcept { free(ptr); }
static __device__ __inline__ void *__cu2amd_aligned_new(size_t size, size_t align) {
    if (align <= 16) return malloc(size ? size : 1);
    char *block = (char *)malloc(size + align + sizeof(void *));
    if (!block) return 0;
    char *start = (char *)(((size_t)(block + sizeof(void *)) + align - 1) & ~(align - 1));
    ((void **)start)[-1] = block;
    return start;
}
static __device__ __inline__ void __cu2amd_aligned_delete(void *ptr, size_t align) {
    if (ptr) free(align <= 16 ? ptr : ((void **)ptr)[-1]);
}
__device__ inline void *operator new(size_t size, std::align_val_t align) {
    return __cu2amd_aligned_new(size, (size_t)align);
}
__device__ inline void *operator new[](size_t size, std::align_val_t align) {
    return __cu2amd_aligned_new(size, (size_t)align);
}
__device__ inline void operator delete(void *ptr, std::align_val_t align) noexcept {
    __cu2amd_aligned_delete(ptr, (size_t)align);
}
__device__ inline void operator delete[](void *ptr, std::align_val_t align) noexcept {
    __cu2amd_aligned_delete(ptr, (size_t)align);
}
__device__ inline void operator delete(void *ptr, size_t, std::align_val_t align) noexcept {
    __cu2amd_aligned_delete(ptr, (size_t)align);
}
__device__ inline void operator delete[](void *ptr, size_t, std::align_val_t align) noexcept {
    __cu2amd_aligned_delete(ptr, (size_t)align);
}
__device__ inline void *operator new(size_t, void *ptr) noexcept { return ptr; }
__device__ inline void *operator new[](size_t, void *ptr) noexcept { return ptr; }

static __device__ __inline__ void *memcpy(void *dest, const void *src, size_t size) {
    return __builtin_memcpy(dest, src, size);
}
static __device__ __inline__ void *memset(void *dest, int value, size_t size) {
    return __builtin_memset(dest, value, size);
}

#endif
