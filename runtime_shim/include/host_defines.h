/* cu2amd's host_defines.h: CUDA's qualifiers and attribute macros (__host__, __device__,
 * __global__, __shared__, __constant__, __managed__, __launch_bounds__, __align__,
 * __forceinline__, __noinline__, __restrict__ ...). In a CUDA file they are clang's CUDA/HIP
 * attributes, for a host compiler empty, as NVIDIA's header makes them (cu2amd/config.h).
 * NVIDIA's public headers also use the few macros below; on Linux they are empty. C and
 * C++. crt/host_defines.h is the same header. */
#ifndef CU2AMD_HOST_DEFINES_H
#define CU2AMD_HOST_DEFINES_H

#include "cu2amd/config.h"

#ifndef CUDARTAPI
#define CUDARTAPI /* the runtime's calling convention: the default one */
#endif
#ifndef CUDARTAPI_CDECL
#define CUDARTAPI_CDECL
#endif
#ifndef __builtin_align__
#define __builtin_align__(n) __align__(n)
#endif
#ifndef __no_return__
#define __no_return__ __attribute__((noreturn))
#endif
/* marks of the types and functions NVIDIA's compiler knows itself: nothing for clang */
#ifndef __device_builtin__
#define __device_builtin__
#endif
#ifndef __device_builtin_texture_type__
#define __device_builtin_texture_type__
#endif
#ifndef __device_builtin_surface_type__
#define __device_builtin_surface_type__
#endif
#ifndef __cudart_builtin__
#define __cudart_builtin__
#endif

#endif
