/* The CUDA driver API: cooperative launch, grid sync and the rest of execution control. Part of cuda.h: include that. */
#ifndef CU2AMD_DRIVER_COOP_H
#define CU2AMD_DRIVER_COOP_H

#endif
