/* CUDA's vector types (float2 ... ulonglong4) and dim3. */
#ifndef CU2AMD_VECTOR_TYPES_H
#define CU2AMD_VECTOR_TYPES_H

#include "cu2amd/config.h"

#define CU2AMD_VEC(type, name, align2, align4)                                                  \
    struct __align__(sizeof(type)) name##1 { type x; };                                          \
    struct __align__(align2) name##2 { type x, y; };                                              \
    struct name##3 { type x, y, z; };                                                             \
    struct __align__(align4) name##4 { type x, y, z, w; };                                        \
    typedef struct name##1 name##1;                                                               \
    typedef struct name##2 name##2;                                                               \
    typedef struct name##3 name##3;                                                               \
    typedef struct name##4 name##4;                                                               \
    CU2AMD_HOST_DEVICE_INLINE name##1 make_##name##1(type x) { name##1 v = {x}; return v; }       \
    CU2AMD_HOST_DEVICE_INLINE name##2 make_##name##2(type x, type y) { name##2 v = {x, y}; return v; } \
    CU2AMD_HOST_DEVICE_INLINE name##3 make_##name##3(type x, type y, type z) {                    \
        name##3 v = {x, y, z};                                                                    \
        return v;                                                                                 \
    }                                                                                             \
    CU2AMD_HOST_DEVICE_INLINE name##4 make_##name##4(type x, type y, type z, type w) {            \
        name##4 v = {x, y, z, w};                                                                 \
        return v;                                                                                 \
    }

CU2AMD_VEC(char, char, 2, 4)
CU2AMD_VEC(unsigned char, uchar, 2, 4)
CU2AMD_VEC(short, short, 4, 8)
CU2AMD_VEC(unsigned short, ushort, 4, 8)
CU2AMD_VEC(int, int, 8, 16)
CU2AMD_VEC(unsigned int, uint, 8, 16)
CU2AMD_VEC(long, long, 16, 16)
CU2AMD_VEC(unsigned long, ulong, 16, 16)
CU2AMD_VEC(long long, longlong, 16, 16)
CU2AMD_VEC(unsigned long long, ulonglong, 16, 16)
CU2AMD_VEC(float, float, 8, 16)
CU2AMD_VEC(double, double, 16, 16)
#undef CU2AMD_VEC

struct dim3 {
    unsigned int x, y, z;
#ifdef __cplusplus
    __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
#endif
};
typedef struct dim3 dim3;

#endif
