/* The CUDA runtime API on the HIP C ABI. Host code compiled by cu2amd-nvcc calls HIP's
 * functions, which ROCm's libamdhip64 or cu2amd's host platform runtime provide; CUDA's
 * types, numbers and error codes are kept, with CUDA's meanings. Each group of the API is
 * one header under cu2amd/ (runtime_device.h, runtime_memory.h, runtime_stream.h,
 * runtime_exec.h); runtime_shim/tables/runtime.py says what each function does. */
#ifndef CU2AMD_CUDA_RUNTIME_API_H
#define CU2AMD_CUDA_RUNTIME_API_H

#include <stddef.h>
#include <stdio.h>

#include "cu2amd/config.h"
#include "vector_types.h"
#include "cu2amd/runtime_types.h"
#include "cu2amd/runtime_hip.h"

#define CU2AMD_API static __host__ __inline__
/* The host platform's sticky error (its runtime defines this; ROCm's does not, and the weak
 * reference is then null): after a kernel's fault, trap or failed assert every call
 * returns that error without doing its work, as CUDA's do. */
extern "C" __attribute__((weak)) int __cu2amd_host_sticky_error(void);
CU2AMD_API int __cu2amd_sticky(void) { return __cu2amd_host_sticky_error ? __cu2amd_host_sticky_error() : 0; }
/* Each error an API function returns is recorded in the error log (cudaLogs*) with the name
 * of the function that found it. */
#define CU2AMD_ERR(call)                                                                                               \
    __cu2amd_err(__cu2amd_sticky() ? __cu2amd_cuda_error(__cu2amd_sticky()) : __cu2amd_cuda_error((int)(call)),       \
                 __func__)
#include "cu2amd/error_log.h"

/* CUDA's legacy default stream handle is HIP's null stream (which synchronises with the
 * other blocking streams, as CUDA's legacy stream does); cudaStreamPerThread is HIP's
 * hipStreamPerThread, the same value. */
CU2AMD_API cudaStream_t __cu2amd_stream(cudaStream_t stream) {
    return stream == cudaStreamLegacy ? (cudaStream_t)0 : stream;
}

/* Errors these headers find themselves (before any HIP call) are remembered, as HIP
 * remembers its own, for cudaGetLastError and cudaPeekAtLastError: per thread, one for the
 * whole program (an inline function's static). */
__host__ inline cudaError_t *__cu2amd_header_error(void) {
    static __thread cudaError_t error = cudaSuccess; /* __thread: also before C++11 */
    return &error;
}
CU2AMD_API const char *cudaGetErrorName(cudaError_t error);
CU2AMD_API const char *cudaGetErrorString(cudaError_t error);
CU2AMD_API cudaError_t __cu2amd_err(cudaError_t error, const char *function) {
    if (__cu2amd_sticky()) error = __cu2amd_cuda_error(__cu2amd_sticky()); /* also what no HIP call made */
    if (error != cudaSuccess && error != cudaErrorNotReady && strcmp(function, "cudaGetLastError") &&
        strcmp(function, "cudaPeekAtLastError"))
        __cu2amd_log_result(function, (int)error, cudaGetErrorName(error), cudaGetErrorString(error));
    return error;
}
CU2AMD_API cudaError_t __cu2amd_fail_in(cudaError_t error, const char *function) {
    (void)hipGetLastError(); /* HIP's error is older: the last error is this one */
    *__cu2amd_header_error() = error;
    return __cu2amd_err(error, function);
}
#define __cu2amd_fail(error) __cu2amd_fail_in((error), __func__)

#include "cu2amd/runtime_device.h"
#include "cu2amd/runtime_memory.h"
#include "cu2amd/runtime_stream.h"
#include "cu2amd/runtime_exec.h"
#include "cu2amd/runtime_extra.h"
#include "cu2amd/runtime_graph.h"
#include "cu2amd/runtime_texture.h"
#include "cu2amd/runtime_launch_ex.h"
#include "cu2amd/runtime_library.h"
#include "cu2amd/runtime_interop.h"

#undef CU2AMD_API
#undef CU2AMD_ERR

/* Library management and driver entry points are the driver API's (cuda.h, whose
 * cu2amd/driver_library_entry.h defines the runtime's library functions). */
#include "cuda.h"
#endif
