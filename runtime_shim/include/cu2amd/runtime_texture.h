/* The CUDA runtime API: arrays, texture and surface objects. Part of cuda_runtime_api.h: include that. */
#ifndef CU2AMD_RUNTIME_TEXTURE_H
#define CU2AMD_RUNTIME_TEXTURE_H

#endif
