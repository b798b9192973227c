/* PTX texture and surface instructions (tex, tld4, txq, suld.b, sust.b, suq) in unified mode,
 * for the host platform: the neutral builtins __cu2amd_ptx_* that ptx_lowering/emit/texture.py
 * calls, over the same software sampling as CUDA C++'s tex2D and surf2Dread
 * (cu2amd/texture_device.h, host-platform part), so PTX and CUDA C++ give the same values.
 * Included by warp.cpp; empty for the AMDGPU flavours (the PTX lowering calls OCKL's image
 * functions there, as texture_device.h does). A texture or surface object is a pointer to the host runtime's
 * cu2amd_texref. Results go through memory (`out`), four 32-bit words for tex and tld4, the
 * access's bytes for suld. */
#ifndef CU2AMD_DEVICE_TEXTURE_PTX_H
#define CU2AMD_DEVICE_TEXTURE_PTX_H
#if !defined(__AMDGCN__)

/* What texture_device.h needs from the CUDA headers, for its host-platform part. */
#define CU2AMD_CUDA_SOURCE 1
#define __device__
#define __forceinline__ inline __attribute__((always_inline))
#ifndef CU2AMD_DEVICE_INLINE
#define CU2AMD_DEVICE_INLINE static inline __attribute__((always_inline))
#endif
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
enum cudaSurfaceBoundaryMode { cudaBoundaryModeZero = 0, cudaBoundaryModeClamp = 1, cudaBoundaryModeTrap = 2 };
#define CU2AMD_PTX_VEC(S, V)                                                                                          \
    struct V##1 { S x; };                                                                                              \
    struct V##2 { S x, y; };                                                                                           \
    struct V##4 { S x, y, z, w; };
CU2AMD_PTX_VEC(signed char, char)
CU2AMD_PTX_VEC(unsigned char, uchar)
CU2AMD_PTX_VEC(short, short)
CU2AMD_PTX_VEC(unsigned short, ushort)
CU2AMD_PTX_VEC(int, int)
CU2AMD_PTX_VEC(unsigned int, uint)
CU2AMD_PTX_VEC(float, float)
#undef CU2AMD_PTX_VEC
#include "cu2amd/texture_device.h"

#define CU2AMD_PTX_TEX extern "C" __attribute__((always_inline))
#define CU2AMD_PTX_REF(obj) ((const struct __cu2amd_texref *)(obj))

static inline __attribute__((always_inline)) void __cu2amd_ptx_put4(float *out, __cu2amd_tex_f4 v) {
    out[0] = v.x, out[1] = v.y, out[2] = v.z, out[3] = v.w;
}
/* tex / tex.level: `dims` coordinates, layer (-1: not an array), level of detail. */
CU2AMD_PTX_TEX void __cu2amd_ptx_tex(unsigned long long t, int dims, int layer, float x, float y, float z, float lod,
                                     float *out) {
    __cu2amd_ptx_put4(out, __cu2amd_tex_mip(CU2AMD_PTX_REF(t), dims, x, y, z, layer, lod));
}
/* tex.grad: gradients dx[dims], dy[dims], in the texture's coordinates. */
CU2AMD_PTX_TEX void __cu2amd_ptx_tex_grad(unsigned long long t, int dims, int layer, float x, float y, float z,
                                          const float *dx, const float *dy, float *out) {
    const struct __cu2amd_texref *r = CU2AMD_PTX_REF(t);
    __cu2amd_ptx_put4(out, __cu2amd_tex_mip(r, dims, x, y, z, layer, r->levels ? __cu2amd_tex_grad_lod(r, dims, dx, dy) : 0.0f));
}
/* tex.1d with integer coordinates: tex1Dfetch (texel x, 0 outside). */
CU2AMD_PTX_TEX void __cu2amd_ptx_tex_fetch(unsigned long long t, int x, float *out) {
    __cu2amd_ptx_put4(out, __cu2amd_tex_fetch(t, x));
}
/* tld4.comp.2d: tex2Dgather. */
CU2AMD_PTX_TEX void __cu2amd_ptx_tld4(unsigned long long t, int comp, float x, float y, float *out) {
    __cu2amd_ptx_put4(out, __cu2amd_tex_gather(t, x, y, comp));
}
/* txq / suq .width .height .depth (query 0, 1, 2): the extent in elements. */
CU2AMD_PTX_TEX int __cu2amd_ptx_txq(unsigned long long t, int query) {
    return CU2AMD_PTX_REF(t)->size[query < 0 || query > 2 ? 0 : query];
}
/* suld.b / sust.b: `size` bytes at byte x, row y, slice z or layer; mode: .zero 0, .clamp 1,
 * .trap 2 (cudaSurfaceBoundaryMode). */
CU2AMD_PTX_TEX void __cu2amd_ptx_suld(unsigned long long s, int dims, int x, int y, int z, int layer, int size,
                                      int mode, char *out) {
    const char *p = __cu2amd_surf_at(s, dims, x, y, z, layer, size, mode);
    for (int i = 0; i < size; i++) out[i] = p ? p[i] : 0;
}
CU2AMD_PTX_TEX void __cu2amd_ptx_sust(unsigned long long s, int dims, int x, int y, int z, int layer, int size,
                                      int mode, const char *in) {
    char *p = __cu2amd_surf_at(s, dims, x, y, z, layer, size, mode);
    if (p)
        for (int i = 0; i < size; i++) p[i] = in[i];
}
#undef CU2AMD_PTX_TEX
#undef CU2AMD_PTX_REF

#endif
#endif
