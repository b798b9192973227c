/* HIP's C ABI for CUDA graphs and stream capture, as cuda_runtime_api.h sees it (see runtime_hip.h).
 * Part of runtime_hip.h: include that. */
#ifndef CU2AMD_RUNTIME_HIP_GRAPH_H
#define CU2AMD_RUNTIME_HIP_GRAPH_H

extern "C" {
}

#endif
