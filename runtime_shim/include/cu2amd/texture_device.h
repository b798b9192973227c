/* Texture and surface functions in device code (tex1Dfetch, tex2D, surf2Dwrite ...).
 * Part of cuda_runtime.h: include that.
 *
 * A fetch gives four 32-bit words, floats (float channels, or integers read as normalized
 * floats) or integer bits (integers read as they are), which __cu2amd_texval<T> turns into
 * the T the program asks for, as HIP's own headers do.
 *   - AMD GPUs: a texture object points to HIP's image descriptor, its sampler 12 dwords
 *     further; OCKL's image functions (image_sample, image_load, image_gather4 ...) read it.
 *   - Host platform: it points to a cu2amd_texref (runtime_shim/host/cu2amd_hip_texture.h;
 *     __cu2amd_texref here is the same struct) that these functions sample in software, with
 *     CUDA's rules (Programming Guide, "Texture Fetching"): coordinates scaled by the size when
 *     normalized; address modes per dimension (wrap and mirror with normalized coordinates
 *     only, else clamp); nearest-point filtering takes texel floor(x); linear filtering takes
 *     x_B = x - 0.5, i = floor(x_B), a = frac(x_B) in 9-bit fixed point (8 fractional bits),
 *     tex(x) = (1 - a) T[i] + a T[i + 1], per dimension.
 * Mipmapped arrays (host platform): each level has a record of its own (t->mips), chosen by the
 * Lod functions' level, the Grad functions' gradients, or level 0 elsewhere (__cu2amd_tex_mip). */
#ifndef CU2AMD_TEXTURE_DEVICE_H
#define CU2AMD_TEXTURE_DEVICE_H

#if defined(CU2AMD_CUDA_SOURCE)

typedef float __cu2amd_tex_f4 __attribute__((ext_vector_type(4)));

/* Four fetched words -> T (and T -> four words, for surface stores on AMD GPUs). */
template <class S> struct __cu2amd_texword {
    static __device__ __forceinline__ S from(float w) { return (S)__builtin_bit_cast(unsigned int, w); }
    static __device__ __forceinline__ float to(S v) {
        return __builtin_bit_cast(float, (unsigned int)(S(-1) < S(0) ? (unsigned int)(int)v : (unsigned int)v));
    }
};
template <> struct __cu2amd_texword<float> {
    static __device__ __forceinline__ float from(float w) { return w; }
    static __device__ __forceinline__ float to(float v) { return v; }
};
template <class T> struct __cu2amd_texval; /* T is not a texture element type: no definition */
#define CU2AMD_TEXVALS(S, V)                                                                                           \
    template <> struct __cu2amd_texval<S> {                                                                            \
        static __device__ __forceinline__ S from(__cu2amd_tex_f4 w) { return __cu2amd_texword<S>::from(w.x); }        \
        static __device__ __forceinline__ __cu2amd_tex_f4 to(S v) {                                                    \
            __cu2amd_tex_f4 w = {__cu2amd_texword<S>::to(v), 0, 0, 0};                                                 \
            return w;                                                                                                  \
        }                                                                                                              \
    };                                                                                                                 \
    template <> struct __cu2amd_texval<V##1> {                                                                         \
        static __device__ __forceinline__ V##1 from(__cu2amd_tex_f4 w) {                                               \
            V##1 r;                                                                                                    \
            r.x = __cu2amd_texword<S>::from(w.x);                                                                      \
            return r;                                                                                                  \
        }                                                                                                              \
        static __device__ __forceinline__ __cu2amd_tex_f4 to(V##1 v) {                                                 \
            __cu2amd_tex_f4 w = {__cu2amd_texword<S>::to(v.x), 0, 0, 0};                                               \
            return w;                                                                                                  \
        }                                                                                                              \
    };                                                                                                                 \
    template <> struct __cu2amd_texval<V##2> {                                                                         \
        static __device__ __forceinline__ V##2 from(__cu2amd_tex_f4 w) {                                               \
            V##2 r;                                                                                                    \
            r.x = __cu2amd_texword<S>::from(w.x);                                                                      \
            r.y = __cu2amd_texword<S>::from(w.y);                                                                      \
            return r;                                                                                                  \
        }                                                                                                              \
        static __device__ __forceinline__ __cu2amd_tex_f4 to(V##2 v) {                                                 \
            __cu2amd_tex_f4 w = {__cu2amd_texword<S>::to(v.x), __cu2amd_texword<S>::to(v.y), 0, 0};                   \
            return w;                                                                                                  \
        }                                                                                                              \
    };                                                                                                                 \
    template <> struct __cu2amd_texval<V##4> {                                                                         \
        static __device__ __forceinline__ V##4 from(__cu2amd_tex_f4 w) {                                              \
            V##4 r;                                                                                                    \
            r.x = __cu2amd_texword<S>::from(w.x);                                                                      \
            r.y = __cu2amd_texword<S>::from(w.y);                                                                      \
            r.z = __cu2amd_texword<S>::from(w.z);                                                                      \
            r.w = __cu2amd_texword<S>::from(w.w);                                                                      \
            return r;                                                                                                  \
        }                                                                                                              \
        static __device__ __forceinline__ __cu2amd_tex_f4 to(V##4 v) {                                                 \
            __cu2amd_tex_f4 w = {__cu2amd_texword<S>::to(v.x), __cu2amd_texword<S>::to(v.y),                          \
                                 __cu2amd_texword<S>::to(v.z), __cu2amd_texword<S>::to(v.w)};                          \
            return w;                                                                                                  \
        }                                                                                                              \
    };
CU2AMD_TEXVALS(signed char, char)
CU2AMD_TEXVALS(unsigned char, uchar)
CU2AMD_TEXVALS(short, short)
CU2AMD_TEXVALS(unsigned short, ushort)
CU2AMD_TEXVALS(int, int)
CU2AMD_TEXVALS(unsigned int, uint)
CU2AMD_TEXVALS(float, float)
#undef CU2AMD_TEXVALS
template <> struct __cu2amd_texval<char> {
    static __device__ __forceinline__ char from(__cu2amd_tex_f4 w) { return (char)__cu2amd_texword<int>::from(w.x); }
    static __device__ __forceinline__ __cu2amd_tex_f4 to(char v) {
        __cu2amd_tex_f4 w = {__cu2amd_texword<int>::to(v), 0, 0, 0};
        return w;
    }
};

#if defined(__HIP__)
/* ------------------------------------------------------------------ AMD GPUs: OCKL's image functions */
#define CU2AMD_IMG __attribute__((address_space(4))) unsigned int *
typedef float __cu2amd_tex_f2 __attribute__((ext_vector_type(2)));
typedef int __cu2amd_tex_i2 __attribute__((ext_vector_type(2)));
typedef int __cu2amd_tex_i4 __attribute__((ext_vector_type(4)));
extern "C" {
__device__ __cu2amd_tex_f4 __ockl_image_load_1Db(CU2AMD_IMG i, int c);
__device__ __cu2amd_tex_f4 __ockl_image_load_1D(CU2AMD_IMG i, int c);
__device__ __cu2amd_tex_f4 __ockl_image_load_1Da(CU2AMD_IMG i, __cu2amd_tex_i2 c);
__device__ __cu2amd_tex_f4 __ockl_image_load_2D(CU2AMD_IMG i, __cu2amd_tex_i2 c);
__device__ __cu2amd_tex_f4 __ockl_image_load_2Da(CU2AMD_IMG i, __cu2amd_tex_i4 c);
__device__ __cu2amd_tex_f4 __ockl_image_load_3D(CU2AMD_IMG i, __cu2amd_tex_i4 c);
__device__ void __ockl_image_store_1D(CU2AMD_IMG i, int c, __cu2amd_tex_f4 p);
__device__ void __ockl_image_store_1Da(CU2AMD_IMG i, __cu2amd_tex_i2 c, __cu2amd_tex_f4 p);
__device__ void __ockl_image_store_2D(CU2AMD_IMG i, __cu2amd_tex_i2 c, __cu2amd_tex_f4 p);
__device__ void __ockl_image_store_2Da(CU2AMD_IMG i, __cu2amd_tex_i4 c, __cu2amd_tex_f4 p);
__device__ void __ockl_image_store_3D(CU2AMD_IMG i, __cu2amd_tex_i4 c, __cu2amd_tex_f4 p);
__device__ __cu2amd_tex_f4 __ockl_image_sample_1D(CU2AMD_IMG i, CU2AMD_IMG s, float c);
__device__ __cu2amd_tex_f4 __ockl_image_sample_1Da(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f2 c);
__device__ __cu2amd_tex_f4 __ockl_image_sample_2D(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f2 c);
__device__ __cu2amd_tex_f4 __ockl_image_sample_2Da(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f4 c);
__device__ __cu2amd_tex_f4 __ockl_image_sample_3D(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f4 c);
__device__ __cu2amd_tex_f4 __ockl_image_sample_lod_1D(CU2AMD_IMG i, CU2AMD_IMG s, float c, float l);
__device__ __cu2amd_tex_f4 __ockl_image_sample_lod_2D(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f2 c, float l);
__device__ __cu2amd_tex_f4 __ockl_image_sample_lod_3D(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f4 c, float l);
__device__ __cu2amd_tex_f4 __ockl_image_sample_lod_1Da(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f2 c, float l);
__device__ __cu2amd_tex_f4 __ockl_image_sample_lod_2Da(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f4 c, float l);
__device__ __cu2amd_tex_f4 __ockl_image_sample_grad_1Da(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f2 c, float dx,
                                                        float dy);
__device__ __cu2amd_tex_f4 __ockl_image_sample_grad_2Da(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f4 c,
                                                        __cu2amd_tex_f2 dx, __cu2amd_tex_f2 dy);
__device__ __cu2amd_tex_f4 __ockl_image_sample_grad_1D(CU2AMD_IMG i, CU2AMD_IMG s, float c, float dx, float dy);
__device__ __cu2amd_tex_f4 __ockl_image_sample_grad_2D(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f2 c,
                                                       __cu2amd_tex_f2 dx, __cu2amd_tex_f2 dy);
__device__ __cu2amd_tex_f4 __ockl_image_sample_grad_3D(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f4 c,
                                                       __cu2amd_tex_f4 dx, __cu2amd_tex_f4 dy);
__device__ __cu2amd_tex_f4 __ockl_image_sample_CM(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f4 c);
__device__ __cu2amd_tex_f4 __ockl_image_sample_CMa(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f4 c);
__device__ __cu2amd_tex_f4 __ockl_image_sample_lod_CM(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f4 c, float l);
__device__ __cu2amd_tex_f4 __ockl_image_sample_lod_CMa(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f4 c, float l);
__device__ __cu2amd_tex_f4 __ockl_image_load_CM(CU2AMD_IMG i, __cu2amd_tex_i2 c, int f);
__device__ __cu2amd_tex_f4 __ockl_image_load_CMa(CU2AMD_IMG i, __cu2amd_tex_i4 c, int f);
__device__ void __ockl_image_store_CM(CU2AMD_IMG i, __cu2amd_tex_i2 c, int f, __cu2amd_tex_f4 p);
__device__ void __ockl_image_store_CMa(CU2AMD_IMG i, __cu2amd_tex_i4 c, int f, __cu2amd_tex_f4 p);
__device__ __cu2amd_tex_f4 __ockl_image_gather4r_2D(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f2 c);
__device__ __cu2amd_tex_f4 __ockl_image_gather4g_2D(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f2 c);
__device__ __cu2amd_tex_f4 __ockl_image_gather4b_2D(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f2 c);
__device__ __cu2amd_tex_f4 __ockl_image_gather4a_2D(CU2AMD_IMG i, CU2AMD_IMG s, __cu2amd_tex_f2 c);
}
#define CU2AMD_TEX_I(obj) ((CU2AMD_IMG)(obj))
#define CU2AMD_TEX_S(obj) (((CU2AMD_IMG)(obj)) + 12) /* HIP_SAMPLER_OBJECT_OFFSET_DWORD */

CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_fetch(cudaTextureObject_t t, int x) {
    return __ockl_image_load_1Db(CU2AMD_TEX_I(t), x);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d(cudaTextureObject_t t, float x) {
    return __ockl_image_sample_1D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), x);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d(cudaTextureObject_t t, float x, float y) {
    __cu2amd_tex_f2 c = {x, y};
    return __ockl_image_sample_2D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_3d(cudaTextureObject_t t, float x, float y, float z) {
    __cu2amd_tex_f4 c = {x, y, z, 0.0f};
    return __ockl_image_sample_3D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d_layered(cudaTextureObject_t t, float x, int layer) {
    __cu2amd_tex_f2 c = {x, (float)layer};
    return __ockl_image_sample_1Da(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d_layered(cudaTextureObject_t t, float x, float y, int layer) {
    __cu2amd_tex_f4 c = {x, y, (float)layer, 0.0f};
    return __ockl_image_sample_2Da(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d_lod(cudaTextureObject_t t, float x, float level) {
    return __ockl_image_sample_lod_1D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), x, level);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d_lod(cudaTextureObject_t t, float x, float y, float level) {
    __cu2amd_tex_f2 c = {x, y};
    return __ockl_image_sample_lod_2D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c, level);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_3d_lod(cudaTextureObject_t t, float x, float y, float z, float level) {
    __cu2amd_tex_f4 c = {x, y, z, 0.0f};
    return __ockl_image_sample_lod_3D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c, level);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d_grad(cudaTextureObject_t t, float x, float dx, float dy) {
    return __ockl_image_sample_grad_1D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), x, dx, dy);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d_grad(cudaTextureObject_t t, float x, float y, float2 dx,
                                                          float2 dy) {
    __cu2amd_tex_f2 c = {x, y}, gx = {dx.x, dx.y}, gy = {dy.x, dy.y};
    return __ockl_image_sample_grad_2D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c, gx, gy);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_3d_grad(cudaTextureObject_t t, float x, float y, float z, float4 dx,
                                                          float4 dy) {
    __cu2amd_tex_f4 c = {x, y, z, 0.0f}, gx = {dx.x, dx.y, dx.z, 0.0f}, gy = {dy.x, dy.y, dy.z, 0.0f};
    return __ockl_image_sample_grad_3D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c, gx, gy);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d_layered_lod(cudaTextureObject_t t, float x, int layer,
                                                                 float level) {
    __cu2amd_tex_f2 c = {x, (float)layer};
    return __ockl_image_sample_lod_1Da(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c, level);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d_layered_lod(cudaTextureObject_t t, float x, float y, int layer,
                                                                 float level) {
    __cu2amd_tex_f4 c = {x, y, (float)layer, 0.0f};
    return __ockl_image_sample_lod_2Da(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c, level);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d_layered_grad(cudaTextureObject_t t, float x, int layer, float dx,
                                                                  float dy) {
    __cu2amd_tex_f2 c = {x, (float)layer};
    return __ockl_image_sample_grad_1Da(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c, dx, dy);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d_layered_grad(cudaTextureObject_t t, float x, float y, int layer,
                                                                  float2 dx, float2 dy) {
    __cu2amd_tex_f4 c = {x, y, (float)layer, 0.0f};
    __cu2amd_tex_f2 gx = {dx.x, dx.y}, gy = {dy.x, dy.y};
    return __ockl_image_sample_grad_2Da(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c, gx, gy);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_cube(cudaTextureObject_t t, float x, float y, float z, int layer,
                                                       int lod, float level) {
    __cu2amd_tex_f4 c = {x, y, z, (float)(layer < 0 ? 0 : layer)};
    if (layer < 0)
        return lod ? __ockl_image_sample_lod_CM(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c, level)
                   : __ockl_image_sample_CM(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c);
    return lod ? __ockl_image_sample_lod_CMa(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c, level)
               : __ockl_image_sample_CMa(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_gather(cudaTextureObject_t t, float x, float y, int comp) {
    __cu2amd_tex_f2 c = {x, y};
    switch (comp) {
    case 1: return __ockl_image_gather4g_2D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c);
    case 2: return __ockl_image_gather4b_2D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c);
    case 3: return __ockl_image_gather4a_2D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c);
    default: return __ockl_image_gather4r_2D(CU2AMD_TEX_I(t), CU2AMD_TEX_S(t), c);
    }
}
/* Surfaces: image loads and stores at element x / size (CUDA's x is in bytes; the element is
 * taken to be the size of the type read or written). Out-of-range accesses are the image
 * hardware's (reads give 0, writes are dropped) whatever the boundary mode. */
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_surf_load(cudaSurfaceObject_t s, int dims, int x, int y, int z,
                                                        int layer) {
    __cu2amd_tex_i2 c2 = {x, dims == 1 ? layer : y};
    __cu2amd_tex_i4 c4 = {x, y, dims == 3 ? z : layer, 0};
    if (dims == 4) return layer < 0 ? __ockl_image_load_CM(CU2AMD_TEX_I(s), c2, z) : __ockl_image_load_CMa(CU2AMD_TEX_I(s), c4, z);
    if (dims == 1) return layer < 0 ? __ockl_image_load_1D(CU2AMD_TEX_I(s), x) : __ockl_image_load_1Da(CU2AMD_TEX_I(s), c2);
    if (dims == 2 && layer < 0) return __ockl_image_load_2D(CU2AMD_TEX_I(s), c2);
    return dims == 3 ? __ockl_image_load_3D(CU2AMD_TEX_I(s), c4) : __ockl_image_load_2Da(CU2AMD_TEX_I(s), c4);
}
CU2AMD_DEVICE_INLINE void __cu2amd_surf_store(cudaSurfaceObject_t s, int dims, int x, int y, int z, int layer,
                                              __cu2amd_tex_f4 v) {
    __cu2amd_tex_i2 c2 = {x, dims == 1 ? layer : y};
    __cu2amd_tex_i4 c4 = {x, y, dims == 3 ? z : layer, 0};
    if (dims == 4) {
        if (layer < 0) __ockl_image_store_CM(CU2AMD_TEX_I(s), c2, z, v);
        else __ockl_image_store_CMa(CU2AMD_TEX_I(s), c4, z, v);
    } else if (dims == 1) {
        if (layer < 0) __ockl_image_store_1D(CU2AMD_TEX_I(s), x, v);
        else __ockl_image_store_1Da(CU2AMD_TEX_I(s), c2, v);
    } else if (dims == 2 && layer < 0)
        __ockl_image_store_2D(CU2AMD_TEX_I(s), c2, v);
    else if (dims == 3)
        __ockl_image_store_3D(CU2AMD_TEX_I(s), c4, v);
    else
        __ockl_image_store_2Da(CU2AMD_TEX_I(s), c4, v);
}
template <class T>
static __device__ __forceinline__ T __cu2amd_surf_read(cudaSurfaceObject_t s, int dims, int x, int y, int z, int layer,
                                                       int mode) {
    (void)mode;
    return __cu2amd_texval<T>::from(__cu2amd_surf_load(s, dims, x / (int)sizeof(T), y, z, layer));
}
template <class T>
static __device__ __forceinline__ void __cu2amd_surf_write(T v, cudaSurfaceObject_t s, int dims, int x, int y, int z,
                                                           int layer, int mode) {
    (void)mode;
    __cu2amd_surf_store(s, dims, x / (int)sizeof(T), y, z, layer, __cu2amd_texval<T>::to(v));
}
#undef CU2AMD_TEX_I
#undef CU2AMD_TEX_S
#undef CU2AMD_IMG

#else
/* ------------------------------------------------------------------ host platform: software sampling */
struct __cu2amd_texref { /* = cu2amd_texref in runtime_shim/host/cu2amd_hip_texture.h */
    const char *data;
    unsigned long long pitch;
    unsigned long long slice;
    int size[3];
    int channels;
    int bits;
    int kind;
    int elem_size;
    int address[3];
    int filter;
    int read_mode;
    int normalized;
    float border[4];
    int levels;
    int mip_filter;
    float lod_bias, min_lod, max_lod;
    const struct __cu2amd_texref *mips;
};
#define CU2AMD_TEXREF(obj) ((const struct __cu2amd_texref *)(obj))

CU2AMD_DEVICE_INLINE float __cu2amd_tex_half(unsigned int h) {
    unsigned int sign = (h >> 15) << 31, e = (h >> 10) & 31, m = h & 0x3ff;
    float v;
    if (e == 31) return __builtin_bit_cast(float, sign | 0x7f800000u | (m << 13));
    if (e == 0) v = (float)m * 5.9604644775390625e-8f; /* subnormal: m * 2^-24 */
    else v = __builtin_bit_cast(float, ((e + 112) << 23) | (m << 13));
    return sign ? -v : v;
}

/* The texel at (i, j, k), in range: floats when the texture reads floats, else integer bits. */
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_texel(const struct __cu2amd_texref *t, int i, int j, int k) {
    const char *p = t->data + (unsigned long long)k * t->slice + (unsigned long long)j * t->pitch +
                    (unsigned long long)i * (unsigned)t->elem_size;
    float w[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int c = 0; c < t->channels; c++) {
        unsigned int u;
        int s;
        if (t->bits == 8) u = ((const unsigned char *)p)[c], s = ((const signed char *)p)[c];
        else if (t->bits == 16) u = ((const unsigned short *)p)[c], s = ((const short *)p)[c];
        else u = ((const unsigned int *)p)[c], s = (int)u;
        if (t->kind == 2) w[c] = t->bits == 16 ? __cu2amd_tex_half(u) : __builtin_bit_cast(float, u);
        else if (t->read_mode == 1) /* normalized float: [0, 1] or [-1, 1] */
            w[c] = t->kind == 0 ? __builtin_fmaxf((float)s / (float)((1u << (t->bits - 1)) - 1), -1.0f)
                                : (float)u / (float)((1u << t->bits) - 1);
        else w[c] = __builtin_bit_cast(float, t->kind == 0 ? (unsigned int)s : u);
    }
    __cu2amd_tex_f4 r = {w[0], w[1], w[2], w[3]};
    return r;
}
CU2AMD_DEVICE_INLINE int __cu2amd_tex_reads_float(const struct __cu2amd_texref *t) {
    return t->kind == 2 || t->read_mode == 1;
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_border(const struct __cu2amd_texref *t) {
    __cu2amd_tex_f4 r = {t->border[0], t->border[1], t->border[2], t->border[3]};
    if (!__cu2amd_tex_reads_float(t))
        for (int c = 0; c < 4; c++) r[c] = __builtin_bit_cast(float, (int)t->border[c]);
    return r;
}
/* Texel index i of dimension d under the texture's address mode: -1 for the border. */
CU2AMD_DEVICE_INLINE int __cu2amd_tex_address(const struct __cu2amd_texref *t, int d, int i) {
    const int n = t->size[d];
    int mode = t->address[d];
    if (!t->normalized && (mode == 0 || mode == 2)) mode = 1; /* wrap, mirror: normalized coordinates only */
    if (mode == 0) return ((i % n) + n) % n;
    if (mode == 2) {
        int m = ((i % (2 * n)) + 2 * n) % (2 * n);
        return m < n ? m : 2 * n - 1 - m;
    }
    if (mode == 3) return i < 0 || i >= n ? -1 : i;
    return i < 0 ? 0 : i >= n ? n - 1 : i;
}
/* Samples `dims` coordinates (layer: the layer index, or -1), with the texture's filter. */
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_sample_level(const struct __cu2amd_texref *t, int dims, float x,
                                                               float y, float z, int layer) {
    const float coord[3] = {x, y, z};
    const int linear = t->filter == 1 && __cu2amd_tex_reads_float(t);
    int base[3] = {0, 0, 0};
    float frac[3] = {0.0f, 0.0f, 0.0f};
    for (int d = 0; d < dims; d++) {
        float u = t->normalized ? coord[d] * (float)t->size[d] : coord[d];
        u = __builtin_fminf(__builtin_fmaxf(u, -1.0e9f), 1.0e9f); /* NaN and infinities: in int range */
        if (linear) {
            float b = u - 0.5f, f = __builtin_floorf(b);
            base[d] = (int)f;
            frac[d] = __builtin_rintf((b - f) * 256.0f) * (1.0f / 256.0f); /* 9-bit fixed point, 8 fractional bits */
        } else
            base[d] = (int)__builtin_floorf(u);
    }
    int k0 = 0;
    if (layer >= 0) {
        const int layers = t->size[2];
        k0 = layer >= layers ? layers - 1 : layer;
    }
    __cu2amd_tex_f4 sum = {0.0f, 0.0f, 0.0f, 0.0f};
    const int corners = linear ? 1 << dims : 1;
    for (int c = 0; c < corners; c++) {
        float weight = 1.0f;
        int idx[3] = {0, 0, k0}, border = 0;
        for (int d = 0; d < dims; d++) {
            int bit = (c >> d) & 1;
            if (linear) weight *= bit ? frac[d] : 1.0f - frac[d];
            idx[d] = __cu2amd_tex_address(t, d, base[d] + bit);
            border |= idx[d] < 0;
        }
        __cu2amd_tex_f4 v = border ? __cu2amd_tex_border(t) : __cu2amd_texel(t, idx[0], idx[1], idx[2]);
        if (!linear) return v;
        sum += weight * v;
    }
    return sum;
}
/* A mipmapped texture at level of detail `lod` (CUDA's rules): lod + mipmapLevelBias, clamped
 * to [minMipmapLevelClamp, maxMipmapLevelClamp] and to the levels there are; point mipmap
 * filtering takes the nearest level, linear filtering (of textures read as floats) blends the
 * two around it by the fraction, in the same 8-bit fixed point as texel filtering. Unnormalized
 * coordinates are level 0's texels, scaled to the level's size. */
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_at_level(const struct __cu2amd_texref *t, int level, int dims,
                                                           float x, float y, float z, int layer) {
    const struct __cu2amd_texref *m = &t->mips[level];
    if (!t->normalized) {
        x *= (float)m->size[0] / (float)t->size[0];
        if (dims > 1) y *= (float)m->size[1] / (float)t->size[1];
        if (dims > 2) z *= (float)m->size[2] / (float)t->size[2];
    }
    return __cu2amd_tex_sample_level(m, dims, x, y, z, layer);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_mip(const struct __cu2amd_texref *t, int dims, float x, float y,
                                                      float z, int layer, float lod) {
    if (t->levels == 0) return __cu2amd_tex_sample_level(t, dims, x, y, z, layer);
    lod += t->lod_bias;
    lod = __builtin_fminf(__builtin_fmaxf(lod, t->min_lod), t->max_lod);
    lod = __builtin_fminf(__builtin_fmaxf(lod, 0.0f), (float)(t->levels - 1)); /* NaN: 0 */
    if (t->mip_filter != 1 || !__cu2amd_tex_reads_float(t))
        return __cu2amd_tex_at_level(t, (int)__builtin_floorf(lod + 0.5f), dims, x, y, z, layer);
    const int l0 = (int)__builtin_floorf(lod);
    const float f = __builtin_rintf((lod - (float)l0) * 256.0f) * (1.0f / 256.0f);
    __cu2amd_tex_f4 v = __cu2amd_tex_at_level(t, l0, dims, x, y, z, layer);
    if (f == 0.0f || l0 + 1 >= t->levels) return v;
    return (1.0f - f) * v + f * __cu2amd_tex_at_level(t, l0 + 1, dims, x, y, z, layer);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_sample(const struct __cu2amd_texref *t, int dims, float x, float y,
                                                         float z, int layer) {
    return __cu2amd_tex_mip(t, dims, x, y, z, layer, 0.0f);
}
/* The level of detail of gradients dx, dy (CUDA's tex*Grad): log2 of the longer one, in level
 * 0's texels. */
CU2AMD_DEVICE_INLINE float __cu2amd_tex_grad_lod(const struct __cu2amd_texref *t, int dims, const float *dx,
                                                 const float *dy) {
    float lx = 0.0f, ly = 0.0f;
    for (int d = 0; d < dims; d++) {
        const float scale = t->normalized ? (float)t->size[d] : 1.0f;
        lx += (dx[d] * scale) * (dx[d] * scale);
        ly += (dy[d] * scale) * (dy[d] * scale);
    }
    return 0.5f * __builtin_log2f(__builtin_fmaxf(lx, ly));
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_fetch(cudaTextureObject_t obj, int x) {
    const struct __cu2amd_texref *t = CU2AMD_TEXREF(obj);
    if (x < 0 || x >= t->size[0]) {
        __cu2amd_tex_f4 zero = {0.0f, 0.0f, 0.0f, 0.0f};
        return zero;
    }
    return __cu2amd_texel(t, x, 0, 0);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d(cudaTextureObject_t t, float x) {
    return __cu2amd_tex_sample(CU2AMD_TEXREF(t), 1, x, 0.0f, 0.0f, -1);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d(cudaTextureObject_t t, float x, float y) {
    return __cu2amd_tex_sample(CU2AMD_TEXREF(t), 2, x, y, 0.0f, -1);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_3d(cudaTextureObject_t t, float x, float y, float z) {
    return __cu2amd_tex_sample(CU2AMD_TEXREF(t), 3, x, y, z, -1);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d_layered(cudaTextureObject_t t, float x, int layer) {
    return __cu2amd_tex_sample(CU2AMD_TEXREF(t), 1, x, 0.0f, 0.0f, layer < 0 ? 0 : layer);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d_layered(cudaTextureObject_t t, float x, float y, int layer) {
    return __cu2amd_tex_sample(CU2AMD_TEXREF(t), 2, x, y, 0.0f, layer < 0 ? 0 : layer);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d_lod(cudaTextureObject_t t, float x, float level) {
    return __cu2amd_tex_mip(CU2AMD_TEXREF(t), 1, x, 0.0f, 0.0f, -1, level);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d_lod(cudaTextureObject_t t, float x, float y, float level) {
    return __cu2amd_tex_mip(CU2AMD_TEXREF(t), 2, x, y, 0.0f, -1, level);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_3d_lod(cudaTextureObject_t t, float x, float y, float z, float level) {
    return __cu2amd_tex_mip(CU2AMD_TEXREF(t), 3, x, y, z, -1, level);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d_grad(cudaTextureObject_t t, float x, float dx, float dy) {
    const struct __cu2amd_texref *r = CU2AMD_TEXREF(t);
    return __cu2amd_tex_mip(r, 1, x, 0.0f, 0.0f, -1, r->levels ? __cu2amd_tex_grad_lod(r, 1, &dx, &dy) : 0.0f);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d_grad(cudaTextureObject_t t, float x, float y, float2 dx,
                                                          float2 dy) {
    const struct __cu2amd_texref *r = CU2AMD_TEXREF(t);
    const float gx[2] = {dx.x, dx.y}, gy[2] = {dy.x, dy.y};
    return __cu2amd_tex_mip(r, 2, x, y, 0.0f, -1, r->levels ? __cu2amd_tex_grad_lod(r, 2, gx, gy) : 0.0f);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_3d_grad(cudaTextureObject_t t, float x, float y, float z, float4 dx,
                                                          float4 dy) {
    const struct __cu2amd_texref *r = CU2AMD_TEXREF(t);
    const float gx[3] = {dx.x, dx.y, dx.z}, gy[3] = {dy.x, dy.y, dy.z};
    return __cu2amd_tex_mip(r, 3, x, y, z, -1, r->levels ? __cu2amd_tex_grad_lod(r, 3, gx, gy) : 0.0f);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d_layered_lod(cudaTextureObject_t t, float x, int layer,
                                                                 float level) {
    return __cu2amd_tex_mip(CU2AMD_TEXREF(t), 1, x, 0.0f, 0.0f, layer < 0 ? 0 : layer, level);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d_layered_lod(cudaTextureObject_t t, float x, float y, int layer,
                                                                 float level) {
    return __cu2amd_tex_mip(CU2AMD_TEXREF(t), 2, x, y, 0.0f, layer < 0 ? 0 : layer, level);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_1d_layered_grad(cudaTextureObject_t t, float x, int layer, float dx,
                                                                  float dy) {
    const struct __cu2amd_texref *r = CU2AMD_TEXREF(t);
    return __cu2amd_tex_mip(r, 1, x, 0.0f, 0.0f, layer < 0 ? 0 : layer,
                            r->levels ? __cu2amd_tex_grad_lod(r, 1, &dx, &dy) : 0.0f);
}
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_2d_layered_grad(cudaTextureObject_t t, float x, float y, int layer,
                                                                  float2 dx, float2 dy) {
    const struct __cu2amd_texref *r = CU2AMD_TEXREF(t);
    const float gx[2] = {dx.x, dx.y}, gy[2] = {dy.x, dy.y};
    return __cu2amd_tex_mip(r, 2, x, y, 0.0f, layer < 0 ? 0 : layer,
                            r->levels ? __cu2amd_tex_grad_lod(r, 2, gx, gy) : 0.0f);
}
/* Cubemaps (Programming Guide, "Cubemap Textures"): the major axis picks the face, whose
 * normalized coordinates ((s / m + 1) / 2, (t / m + 1) / 2) sample it as a layer (clamped). */
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_cube(cudaTextureObject_t obj, float x, float y, float z, int layer,
                                                       int, float) {
    const float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y), az = __builtin_fabsf(z);
    int face;
    float m, s, t;
    if (ax >= ay && ax >= az) face = x >= 0 ? 0 : 1, m = ax, s = x >= 0 ? -z : z, t = -y;
    else if (ay >= az) face = y >= 0 ? 2 : 3, m = ay, s = x, t = y >= 0 ? z : -z;
    else face = z >= 0 ? 4 : 5, m = az, s = z >= 0 ? x : -x, t = -y;
    struct __cu2amd_texref c = *CU2AMD_TEXREF(obj);
    c.normalized = 1;
    c.address[0] = c.address[1] = 1;
    return __cu2amd_tex_sample(&c, 2, (s / m + 1.0f) * 0.5f, (t / m + 1.0f) * 0.5f, 0.0f,
                               face + 6 * (layer < 0 ? 0 : layer));
}
/* tex2Dgather: component `comp` of the four texels bilinear filtering would weigh, in the
 * order (i, j+1), (i+1, j+1), (i+1, j), (i, j). */
CU2AMD_DEVICE_INLINE __cu2amd_tex_f4 __cu2amd_tex_gather(cudaTextureObject_t obj, float x, float y, int comp) {
    const struct __cu2amd_texref *t = CU2AMD_TEXREF(obj);
    const float coord[2] = {x, y};
    int base[2];
    for (int d = 0; d < 2; d++) {
        float u = t->normalized ? coord[d] * (float)t->size[d] : coord[d];
        base[d] = (int)__builtin_floorf(__builtin_fminf(__builtin_fmaxf(u, -1.0e9f), 1.0e9f) - 0.5f);
    }
    const int di[4] = {0, 1, 1, 0}, dj[4] = {1, 1, 0, 0};
    __cu2amd_tex_f4 r;
    for (int n = 0; n < 4; n++) {
        int i = __cu2amd_tex_address(t, 0, base[0] + di[n]), j = __cu2amd_tex_address(t, 1, base[1] + dj[n]);
        __cu2amd_tex_f4 v = i < 0 || j < 0 ? __cu2amd_tex_border(t) : __cu2amd_texel(t, i, j, 0);
        r[n] = v[comp & 3];
    }
    return r;
}
/* The host runtime's trap: the launch fails, with the message on stderr. */
extern "C" __device__ void __cu2amd_trap(const char *site);
/* Surfaces: x in bytes; out of range, cudaBoundaryModeZero reads 0 and drops writes,
 * cudaBoundaryModeClamp clamps to the edge, cudaBoundaryModeTrap traps (the kernel fails). */
CU2AMD_DEVICE_INLINE char *__cu2amd_surf_at(cudaSurfaceObject_t s, int dims, int x, int y, int z, int layer, int size,
                                            int mode) {
    const struct __cu2amd_texref *t = CU2AMD_TEXREF(s);
    int pos[3] = {x, dims >= 2 ? y : 0, dims == 3 ? z : dims == 4 ? z + 6 * (layer < 0 ? 0 : layer) : layer < 0 ? 0 : layer};
    const int limit[3] = {t->size[0] * t->elem_size - size, t->size[1] - 1, t->size[2] - 1};
    for (int d = 0; d < 3; d++)
        if (pos[d] < 0 || pos[d] > limit[d]) {
            if (mode == 0) return 0;
            if (mode == 2) {
                __cu2amd_trap("surface access out of range (cudaBoundaryModeTrap)");
                return 0;
            }
            pos[d] = pos[d] < 0 ? 0 : limit[d];
        }
    return (char *)t->data + (unsigned long long)pos[2] * t->slice + (unsigned long long)pos[1] * t->pitch + pos[0];
}
template <class T>
static __device__ __forceinline__ T __cu2amd_surf_read(cudaSurfaceObject_t s, int dims, int x, int y, int z, int layer,
                                                       int mode) {
    const char *p = __cu2amd_surf_at(s, dims, x, y, z, layer, (int)sizeof(T), mode);
    T v;
    __builtin_memset(&v, 0, sizeof v);
    if (p) __builtin_memcpy(&v, p, sizeof v);
    return v;
}
template <class T>
static __device__ __forceinline__ void __cu2amd_surf_write(T v, cudaSurfaceObject_t s, int dims, int x, int y, int z,
                                                           int layer, int mode) {
    char *p = __cu2amd_surf_at(s, dims, x, y, z, layer, (int)sizeof(T), mode);
    if (p) __builtin_memcpy(p, &v, sizeof v);
}
#undef CU2AMD_TEXREF
#endif

/* ------------------------------------------------------------------ CUDA's texture functions */
/* gfx940, gfx941, gfx942 and gfx950 (MI300, MI350) have no image instructions: a texture or
 * surface function used in code for them is a compile error naming it. */
#if defined(__HIP_DEVICE_COMPILE__) &&                                                                                 \
    (defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__) || defined(__gfx950__))
#define CU2AMD_NEEDS_IMAGES(name)                                                                                      \
    static_assert(sizeof(T) == 0, "cu2amd: " #name " needs image instructions, which this AMD GPU "                    \
                                  "(gfx940/gfx941/gfx942/gfx950) does not have");
#else
#define CU2AMD_NEEDS_IMAGES(name)
#endif
#define CU2AMD_TEX_FN(name, params, args)                                                                              \
    template <class T> static __device__ __forceinline__ T name(cudaTextureObject_t texObject params) {                \
        CU2AMD_NEEDS_IMAGES(name)                                                                                      \
        return __cu2amd_texval<T>::from(args);                                                                         \
    }                                                                                                                  \
    template <class T> static __device__ __forceinline__ void name(T *ptr, cudaTextureObject_t texObject params) {     \
        *ptr = name<T>(texObject CU2AMD_TEX_NAMES_##name);                                                             \
    }
#define CU2AMD_COMMA ,
#define CU2AMD_TEX_NAMES_tex1Dfetch , x
#define CU2AMD_TEX_NAMES_tex1D , x
#define CU2AMD_TEX_NAMES_tex2D , x, y
#define CU2AMD_TEX_NAMES_tex3D , x, y, z
#define CU2AMD_TEX_NAMES_tex1DLayered , x, layer
#define CU2AMD_TEX_NAMES_tex2DLayered , x, y, layer
#define CU2AMD_TEX_NAMES_tex1DLod , x, level
#define CU2AMD_TEX_NAMES_tex2DLod , x, y, level
#define CU2AMD_TEX_NAMES_tex3DLod , x, y, z, level
#define CU2AMD_TEX_NAMES_tex1DGrad , x, dx, dy
#define CU2AMD_TEX_NAMES_tex2DGrad , x, y, dx, dy
#define CU2AMD_TEX_NAMES_tex3DGrad , x, y, z, dx, dy
#define CU2AMD_TEX_NAMES_tex2Dgather , x, y, comp
#define CU2AMD_TEX_NAMES_texCubemap , x, y, z
#define CU2AMD_TEX_NAMES_texCubemapLod , x, y, z, level
#define CU2AMD_TEX_NAMES_texCubemapLayered , x, y, z, layer
#define CU2AMD_TEX_NAMES_texCubemapLayeredLod , x, y, z, layer, level
#define CU2AMD_TEX_NAMES_tex1DLayeredLod , x, layer, level
#define CU2AMD_TEX_NAMES_tex2DLayeredLod , x, y, layer, level
#define CU2AMD_TEX_NAMES_tex1DLayeredGrad , x, layer, dx, dy
#define CU2AMD_TEX_NAMES_tex2DLayeredGrad , x, y, layer, dx, dy
CU2AMD_TEX_FN(tex1Dfetch, CU2AMD_COMMA int x, __cu2amd_tex_fetch(texObject, x))
CU2AMD_TEX_FN(tex1D, CU2AMD_COMMA float x, __cu2amd_tex_1d(texObject, x))
CU2AMD_TEX_FN(tex2D, CU2AMD_COMMA float x CU2AMD_COMMA float y, __cu2amd_tex_2d(texObject, x, y))
CU2AMD_TEX_FN(tex3D, CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA float z,
              __cu2amd_tex_3d(texObject, x, y, z))
CU2AMD_TEX_FN(tex1DLayered, CU2AMD_COMMA float x CU2AMD_COMMA int layer, __cu2amd_tex_1d_layered(texObject, x, layer))
CU2AMD_TEX_FN(tex2DLayered, CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA int layer,
              __cu2amd_tex_2d_layered(texObject, x, y, layer))
CU2AMD_TEX_FN(tex1DLod, CU2AMD_COMMA float x CU2AMD_COMMA float level, __cu2amd_tex_1d_lod(texObject, x, level))
CU2AMD_TEX_FN(tex2DLod, CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA float level,
              __cu2amd_tex_2d_lod(texObject, x, y, level))
CU2AMD_TEX_FN(tex3DLod, CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA float z CU2AMD_COMMA float level,
              __cu2amd_tex_3d_lod(texObject, x, y, z, level))
CU2AMD_TEX_FN(tex1DGrad, CU2AMD_COMMA float x CU2AMD_COMMA float dx CU2AMD_COMMA float dy,
              __cu2amd_tex_1d_grad(texObject, x, dx, dy))
CU2AMD_TEX_FN(tex2DGrad, CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA float2 dx CU2AMD_COMMA float2 dy,
              __cu2amd_tex_2d_grad(texObject, x, y, dx, dy))
CU2AMD_TEX_FN(tex3DGrad,
              CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA float z CU2AMD_COMMA float4 dx
                  CU2AMD_COMMA float4 dy,
              __cu2amd_tex_3d_grad(texObject, x, y, z, dx, dy))
CU2AMD_TEX_FN(tex2Dgather, CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA int comp = 0,
              __cu2amd_tex_gather(texObject, x, y, comp))
CU2AMD_TEX_FN(tex1DLayeredLod, CU2AMD_COMMA float x CU2AMD_COMMA int layer CU2AMD_COMMA float level,
              __cu2amd_tex_1d_layered_lod(texObject, x, layer, level))
CU2AMD_TEX_FN(tex2DLayeredLod,
              CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA int layer CU2AMD_COMMA float level,
              __cu2amd_tex_2d_layered_lod(texObject, x, y, layer, level))
CU2AMD_TEX_FN(tex1DLayeredGrad,
              CU2AMD_COMMA float x CU2AMD_COMMA int layer CU2AMD_COMMA float dx CU2AMD_COMMA float dy,
              __cu2amd_tex_1d_layered_grad(texObject, x, layer, dx, dy))
CU2AMD_TEX_FN(tex2DLayeredGrad,
              CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA int layer CU2AMD_COMMA float2 dx
                  CU2AMD_COMMA float2 dy,
              __cu2amd_tex_2d_layered_grad(texObject, x, y, layer, dx, dy))
CU2AMD_TEX_FN(texCubemap, CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA float z,
              __cu2amd_tex_cube(texObject, x, y, z, -1, 0, 0.0f))
CU2AMD_TEX_FN(texCubemapLod, CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA float z CU2AMD_COMMA float level,
              __cu2amd_tex_cube(texObject, x, y, z, -1, 1, level))
CU2AMD_TEX_FN(texCubemapLayered, CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA float z CU2AMD_COMMA int layer,
              __cu2amd_tex_cube(texObject, x, y, z, layer, 0, 0.0f))
CU2AMD_TEX_FN(texCubemapLayeredLod,
              CU2AMD_COMMA float x CU2AMD_COMMA float y CU2AMD_COMMA float z CU2AMD_COMMA int layer CU2AMD_COMMA
                  float level,
              __cu2amd_tex_cube(texObject, x, y, z, layer, 1, level))
#undef CU2AMD_TEX_FN
#undef CU2AMD_COMMA

/* ------------------------------------------------------------------ CUDA's surface functions */
#define CU2AMD_SURF_FNS(read, write, params, names, dims, yzl)                                                         \
    template <class T>                                                                                                 \
    static __device__ __forceinline__ T read(cudaSurfaceObject_t surfObject, int x params,                             \
                                             cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap) {            \
        CU2AMD_NEEDS_IMAGES(read)                                                                                      \
        return __cu2amd_surf_read<T>(surfObject, dims, x, yzl, boundaryMode);                                          \
    }                                                                                                                  \
    template <class T>                                                                                                 \
    static __device__ __forceinline__ void read(T *data, cudaSurfaceObject_t surfObject, int x params,                 \
                                                cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap) {         \
        *data = __cu2amd_surf_read<T>(surfObject, dims, x, yzl, boundaryMode);                                         \
    }                                                                                                                  \
    template <class T>                                                                                                 \
    static __device__ __forceinline__ void write(T data, cudaSurfaceObject_t surfObject, int x params,                 \
                                                 cudaSurfaceBoundaryMode boundaryMode = cudaBoundaryModeTrap) {        \
        CU2AMD_NEEDS_IMAGES(write)                                                                                     \
        __cu2amd_surf_write<T>(data, surfObject, dims, x, yzl, boundaryMode);                                          \
    }
#define CU2AMD_C ,
CU2AMD_SURF_FNS(surf1Dread, surf1Dwrite, , , 1, 0 CU2AMD_C 0 CU2AMD_C - 1)
CU2AMD_SURF_FNS(surf2Dread, surf2Dwrite, CU2AMD_C int y, , 2, y CU2AMD_C 0 CU2AMD_C - 1)
CU2AMD_SURF_FNS(surf3Dread, surf3Dwrite, CU2AMD_C int y CU2AMD_C int z, , 3, y CU2AMD_C z CU2AMD_C - 1)
CU2AMD_SURF_FNS(surf1DLayeredread, surf1DLayeredwrite, CU2AMD_C int layer, , 1, 0 CU2AMD_C 0 CU2AMD_C layer)
CU2AMD_SURF_FNS(surf2DLayeredread, surf2DLayeredwrite, CU2AMD_C int y CU2AMD_C int layer, , 2,
                y CU2AMD_C 0 CU2AMD_C layer)
CU2AMD_SURF_FNS(surfCubemapread, surfCubemapwrite, CU2AMD_C int y CU2AMD_C int face, , 4,
                y CU2AMD_C face CU2AMD_C - 1)
CU2AMD_SURF_FNS(surfCubemapLayeredread, surfCubemapLayeredwrite, CU2AMD_C int y CU2AMD_C int layerFace, , 4,
                y CU2AMD_C layerFace % 6 CU2AMD_C layerFace / 6)
#undef CU2AMD_SURF_FNS
#undef CU2AMD_C
#undef CU2AMD_NEEDS_IMAGES

#endif /* CU2AMD_CUDA_SOURCE */
#endif
