/* The CUDA driver API: CUDA graphs and stream capture. Part of cuda.h: include that. */
#ifndef CU2AMD_DRIVER_GRAPH_H
#define CU2AMD_DRIVER_GRAPH_H

#endif
