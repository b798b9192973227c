/* HIP's C ABI for CUDA graphs and stream capture, with HIP's own types, as the host runtime implements
 * it (see cu2amd_hip.h). Part of cu2amd_hip.h: include that. */
#ifndef CU2AMD_HIP_GRAPH_H
#define CU2AMD_HIP_GRAPH_H

#endif
