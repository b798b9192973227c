/* The libraries cu2amd/driver_library.h loaded, with the kernels it handed out: one list for
 * the whole program (a weak function: every file that includes this defines it, the linker
 * keeps one), for cuda.h's library functions and cuda_runtime_api.h's cudaLaunchKernel (which
 * launches a library kernel through its module). Needs CU2AMD_API defined. */
#ifndef CU2AMD_LIBRARY_REGISTRY_H
#define CU2AMD_LIBRARY_REGISTRY_H

#include "cu2amd/spin_lock.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct __cu2amd_lib_kernel {
    struct ihipModuleSymbol_t *function; /* the CUkernel (a CUfunction); 0 until asked for */
    char *name;
    int n_params;        /* -1: unknown (a library loaded from a code object) */
    unsigned int *layout; /* n_params (size, alignment) pairs */
    int max_dynamic_shared; /* cuKernelSetAttribute's values; -1: not set */
    int carveout;
} __cu2amd_lib_kernel;

typedef struct __cu2amd_lib {
    struct ihipModule_t *library; /* the CUlibrary (CUmodule) */
    int complete; /* `kernels` lists every kernel of the library */
    char *managed; /* its PTX's managed variables' names, each NUL-terminated, then a NUL; or 0 */
    unsigned int n_kernels, capacity;
    __cu2amd_lib_kernel *kernels;
    struct __cu2amd_lib *next;
} __cu2amd_lib;

/* The list of loaded libraries, locked (`lock` 1) or unlocked (0). */
__attribute__((weak)) __cu2amd_lib **__cu2amd_libraries(int lock) {
    static __cu2amd_lib *head;
    static int held;
    __cu2amd_spin_lock(&held, lock);
    return &head;
}

#ifdef __cplusplus
}
#endif

/* The entry of `library` (the list locked: the caller unlocks), or NULL. */
CU2AMD_API __cu2amd_lib *__cu2amd_lib_find(struct ihipModule_t *library) {
    __cu2amd_lib *l = *__cu2amd_libraries(1);
    while (l && l->library != library) l = l->next;
    return l;
}

/* The entry of a kernel handed out (the list locked: the caller unlocks), or NULL. */
CU2AMD_API __cu2amd_lib_kernel *__cu2amd_lib_kernel_find(const void *kernel, __cu2amd_lib **owner) {
    __cu2amd_lib *l = *__cu2amd_libraries(1);
    for (; kernel && l; l = l->next)
        for (unsigned int i = 0; i < l->n_kernels; i++)
            if (l->kernels[i].function == kernel) {
                if (owner) *owner = l;
                return &l->kernels[i];
            }
    return 0;
}

CU2AMD_API void __cu2amd_lib_unlock(void) { __cu2amd_libraries(0); }

/* Whether `kernel` is a library's kernel (not a __global__ function's stub). */
CU2AMD_API int __cu2amd_lib_is_kernel(const void *kernel) {
    int known = __cu2amd_lib_kernel_find(kernel, 0) != 0;
    __cu2amd_lib_unlock();
    return known;
}

#endif
