/* The CUDA driver API: memory pools, IPC, virtual memory, stream attributes and the remaining runtime/driver functions. Part of cuda.h: include that. */
#ifndef CU2AMD_DRIVER_EXTRA_H
#define CU2AMD_DRIVER_EXTRA_H

#endif
