/* cu2amd's cuda_runtime.h: what a .cu file sees (cu2amd-nvcc includes it first, as nvcc
 * includes NVIDIA's). Never NVIDIA's headers: these are cu2amd's own. */
#ifndef CU2AMD_CUDA_RUNTIME_H
#define CU2AMD_CUDA_RUNTIME_H

#include "cu2amd/config.h"
#include "vector_types.h"
#if defined(CU2AMD_CUDA_SOURCE) /* device code: not for the host compiler's C++ files */
#include "device_launch_parameters.h"
#include "cu2amd/device_functions.h"
#include "cu2amd/warp.h"
#endif
#include "cuda_runtime_api.h"
#include "cu2amd/runtime_cxx.h"
#include "cu2amd/texture_device.h"
#include "cu2amd/unsupported.h"

#endif
