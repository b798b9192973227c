/* The CUDA runtime API: CUDA graphs and stream capture. Part of cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_GRAPH_H
#define CU2AMD_RUNTIME_GRAPH_H

#endif
