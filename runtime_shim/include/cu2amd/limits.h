/* The device limits (cudaLimit / CUlimit, 0..6) that cudaDeviceSetLimit and cuCtxSetLimit
 * keep: HIP (ROCm 5.2) reports only the malloc heap size and sets none, so cu2amd keeps
 * them, with CUDA's defaults, in one store for the whole program, in C or C++ (a weak
 * function: every file that includes this defines it, the linker keeps one). */
#ifndef CU2AMD_LIMITS_H
#define CU2AMD_LIMITS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif
__attribute__((weak)) size_t *__cu2amd_limits(void) {
    static size_t limits[7] = {1024, 1048576, 8388608, 2, 2048, 32, 0};
    return limits;
}
#ifdef __cplusplus
}
#endif

#endif
