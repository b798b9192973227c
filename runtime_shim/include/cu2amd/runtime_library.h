/* The CUDA runtime API: library management, kernel handles and driver entry points. Part of cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_LIBRARY_H
#define CU2AMD_RUNTIME_LIBRARY_H

#endif
