/* cu2amd's channel_descriptor.h: channel descriptions of texture elements (C++):
 * cudaCreateChannelDesc<T>() for CUDA's 8-, 16- and 32-bit integer and float scalars and
 * their 1-, 2- and 4-vectors, and cudaCreateChannelDesc(x, y, z, w, kind) (both in
 * cu2amd/runtime_texture.h, part of cuda_runtime_api.h), and here the half-precision
 * descriptions cudaCreateChannelDescHalf, ...Half1, ...Half2, ...Half4 (16-bit float
 * channels). */
#ifndef CU2AMD_CHANNEL_DESCRIPTOR_H
#define CU2AMD_CHANNEL_DESCRIPTOR_H

#if defined(__cplusplus) /* as CUDA's: nothing for C */
#include "cuda_runtime_api.h"

static __host__ __inline__ cudaChannelFormatDesc cudaCreateChannelDescHalf(void) {
    return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static __host__ __inline__ cudaChannelFormatDesc cudaCreateChannelDescHalf1(void) {
    return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static __host__ __inline__ cudaChannelFormatDesc cudaCreateChannelDescHalf2(void) {
    return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
static __host__ __inline__ cudaChannelFormatDesc cudaCreateChannelDescHalf4(void) {
    return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}
#endif

#endif
