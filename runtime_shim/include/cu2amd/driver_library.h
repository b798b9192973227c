/* The CUDA driver API: library management, kernel handles and driver entry points. Part of cuda.h: include that. */
#ifndef CU2AMD_DRIVER_LIBRARY_H
#define CU2AMD_DRIVER_LIBRARY_H

#endif
