/* The spin lock of cu2amd's program-wide lists (the error log, the libraries, the surface
 * objects, the async notification callbacks ...): `lock` 1 takes it, 0 releases it. */
#ifndef CU2AMD_SPIN_LOCK_H
#define CU2AMD_SPIN_LOCK_H

static __inline__ void __cu2amd_spin_lock(int *busy, int lock) {
    if (lock)
        while (__atomic_exchange_n(busy, 1, __ATOMIC_ACQUIRE)) {
        }
    else
        __atomic_store_n(busy, 0, __ATOMIC_RELEASE);
}

#endif
