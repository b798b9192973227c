/* The CUDA runtime API: external memory and semaphores, and graphics interoperability. Part of cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_INTEROP_H
#define CU2AMD_RUNTIME_INTEROP_H

#endif
