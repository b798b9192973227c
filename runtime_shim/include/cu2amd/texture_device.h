/* Texture and surface functions in device code (tex1Dfetch, tex2D, surf2Dwrite ...).
 * Part of cuda_runtime.h: include that. */
#ifndef CU2AMD_TEXTURE_DEVICE_H
#define CU2AMD_TEXTURE_DEVICE_H

#endif
