/* cu2amd's cuda_profiler_api.h: cudaProfilerStart and cudaProfilerStop (over HIP's
 * hipProfilerStart/hipProfilerStop; in cu2amd/runtime_device.h, part of cuda_runtime_api.h).
 * C++: cu2amd's runtime API headers are C++ only. */
#ifndef CU2AMD_CUDA_PROFILER_API_H
#define CU2AMD_CUDA_PROFILER_API_H

#if !defined(__cplusplus)
#error "cu2amd: cuda_profiler_api.h needs C++ (cu2amd's CUDA runtime API headers are C++ only); compile this file as C++"
#else
#include "cuda_runtime_api.h"
#endif

#endif
