/* The CUDA driver API: external memory and semaphores, and graphics interoperability. Part of cuda.h: include that. */
#ifndef CU2AMD_DRIVER_INTEROP_H
#define CU2AMD_DRIVER_INTEROP_H

#endif
