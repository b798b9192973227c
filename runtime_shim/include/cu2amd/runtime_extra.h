/* The CUDA runtime API: memory pools, IPC, virtual memory, stream attributes and the remaining runtime/driver functions. Part of cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_EXTRA_H
#define CU2AMD_RUNTIME_EXTRA_H

#endif
