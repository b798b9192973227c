/* The CUDA driver API: arrays, texture and surface objects. Part of cuda.h: include that. */
#ifndef CU2AMD_DRIVER_TEXTURE_H
#define CU2AMD_DRIVER_TEXTURE_H

#endif
