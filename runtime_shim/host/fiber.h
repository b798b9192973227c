/* Fibers for the host runtime: a hand-written context switch for x86-64 and aarch64
 * (callee-saved registers and the floating-point control state only), and a ucontext
 * fallback for other machines or when CU2AMD_USE_UCONTEXT is defined. */
#ifndef CU2AMD_FIBER_H
#define CU2AMD_FIBER_H

#include <stddef.h>

#if !defined(CU2AMD_USE_UCONTEXT) && !defined(__x86_64__) && !defined(__aarch64__)
#define CU2AMD_USE_UCONTEXT 1
#endif

#ifdef CU2AMD_USE_UCONTEXT
#include <ucontext.h>
typedef struct cu2amd_fiber {
    ucontext_t ctx;
} cu2amd_fiber;
#else
typedef struct cu2amd_fiber {
    void *sp;
} cu2amd_fiber;
#endif

typedef void (*cu2amd_fiber_fn)(void *arg);

/* Internal to the runtime: not exported from libcu2amd_host.so. */
#define CU2AMD_FIBER_API __attribute__((visibility("hidden")))

/* Prepare `f` to run fn(arg) on [stack, stack + size) the first time it is switched to.
 * fn must never return: it switches away for the last time instead. */
CU2AMD_FIBER_API void cu2amd_fiber_init(cu2amd_fiber *f, void *stack, size_t size, cu2amd_fiber_fn fn, void *arg);

/* Save the current context in `from` and resume `to`. */
CU2AMD_FIBER_API void cu2amd_fiber_switch(cu2amd_fiber *from, cu2amd_fiber *to);

CU2AMD_FIBER_API const char *cu2amd_fiber_kind(void);

#endif
