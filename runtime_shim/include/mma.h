/* CUDA's warp matrix functions (CUDA C++ Programming Guide, "Warp Matrix Functions"):
 * namespace nvcuda::wmma -- fragment, load_matrix_sync, store_matrix_sync, fill_fragment,
 * mma_sync, __float_to_tf32 -- for the shapes and types CUDA documents:
 *   __half A/B, float or __half C/D          m16n16k16, m32n8k16, m8n32k16
 *   __nv_bfloat16 A/B, float C/D             m16n16k16, m32n8k16, m8n32k16
 *   signed char or unsigned char A/B, int    m16n16k16, m32n8k16, m8n32k16
 *   precision::tf32 A/B (float storage), float C/D   m16n16k8
 *   double A/B/C/D                           m8n8k4
 * Each operation is one PTX wmma instruction (cu2amd/wmma_ptx.h), lowered by cu2amd's PTX
 * lowering like any inline PTX: fragments hold the registers the PTX ISA gives them, in
 * cu2amd's own distribution over the warp (the ISA and CUDA leave it unspecified), so
 * element-wise operations on frag.x[i] applied uniformly work as in CUDA. The sub-byte
 * types (experimental::precision::u4, s4, b1) and bmma_sync are a compile error.
 * Numerics: docs/mma.md (f32 fma chain, k ascending; exact integer sums). */
#ifndef CU2AMD_MMA_H
#define CU2AMD_MMA_H

#include "cu2amd/config.h"
#if defined(CU2AMD_CUDA_SOURCE) /* a CUDA file; for a host compiler, as in CUDA: nothing */
#include "cuda_bf16.h"
#include "cuda_fp16.h"
#include "cu2amd/wmma_ptx.h"

namespace nvcuda {
namespace wmma {

struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32 {};
} // namespace precision

namespace experimental {
namespace precision {
struct u4 {};
struct s4 {};
struct b1 {};
} // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
} // namespace experimental

} // namespace wmma
} // namespace nvcuda

namespace __cu2amd_wmma {

template <class T, class U> struct same { static constexpr bool value = false; };
template <class T> struct same<T, T> { static constexpr bool value = true; };

/* The element kind of a fragment type, its storage type and its bits. */
template <class T> struct kind_of { static constexpr int value = -1; static constexpr int bits = 32; typedef T storage; };
#define CU2AMD_WMMA_KIND(T, K, B, S)                                                                                   \
    template <> struct kind_of<T> {                                                                                    \
        static constexpr int value = K;                                                                                \
        static constexpr int bits = B;                                                                                 \
        typedef S storage;                                                                                             \
    };
CU2AMD_WMMA_KIND(__half, f16, 16, __half)
CU2AMD_WMMA_KIND(__nv_bfloat16, bf16, 16, __nv_bfloat16)
CU2AMD_WMMA_KIND(signed char, s8, 8, signed char)
CU2AMD_WMMA_KIND(unsigned char, u8, 8, unsigned char)
CU2AMD_WMMA_KIND(nvcuda::wmma::precision::tf32, tf32, 32, float)
CU2AMD_WMMA_KIND(double, f64, 64, double)
CU2AMD_WMMA_KIND(float, f32, 32, float)
CU2AMD_WMMA_KIND(int, s32, 32, int)
#undef CU2AMD_WMMA_KIND

template <class T> struct sub_byte { static constexpr bool value = false; };
template <> struct sub_byte<nvcuda::wmma::experimental::precision::u4> { static constexpr bool value = true; };
template <> struct sub_byte<nvcuda::wmma::experimental::precision::s4> { static constexpr bool value = true; };
template <> struct sub_byte<nvcuda::wmma::experimental::precision::b1> { static constexpr bool value = true; };

template <class Use> struct matrix_of { static constexpr char value = 0; };
template <> struct matrix_of<nvcuda::wmma::matrix_a> { static constexpr char value = 'a'; };
template <> struct matrix_of<nvcuda::wmma::matrix_b> { static constexpr char value = 'b'; };
template <> struct matrix_of<nvcuda::wmma::accumulator> { static constexpr char value = 'c'; };

/* What a fragment is made of: its registers (0: not a fragment CUDA defines), their C++
 * type (.f32 and .f64 accumulators are float and double registers, the others 32-bit
 * words; f64 A/B are double) and its elements. */
template <class Use, int M, int N, int K, class T, class Layout> struct traits {
    static constexpr char matrix = matrix_of<Use>::value;
    static constexpr int kind = kind_of<T>::value;
    static constexpr int registers = fragment_registers<matrix, M, N, K, kind>::value;
    static constexpr int elements = kind_of<T>::bits == 64 ? registers : registers * (32 / kind_of<T>::bits);
    static constexpr bool layout_ok = matrix == 'c' ? same<Layout, void>::value
                                                    : same<Layout, nvcuda::wmma::row_major>::value ||
                                                          same<Layout, nvcuda::wmma::col_major>::value;
    static constexpr int col = same<Layout, nvcuda::wmma::col_major>::value;
    typedef typename kind_of<T>::storage storage;
};

template <int Kind, bool Accumulator> struct register_of { typedef unsigned type; };
template <> struct register_of<f32, true> { typedef float type; };
template <bool Accumulator> struct register_of<f64, Accumulator> { typedef double type; };

template <bool B> struct dependent_false { static constexpr bool value = false; };

/* wmma is defined over CUDA's 32-lane warps (cu2amd-nvcc --warp-size=64 changes them). */
#define CU2AMD_WMMA_CHECK_WARP()                                                                                       \
    static_assert(__CU2AMD_WARP_SIZE__ == 32, "cu2amd: nvcuda::wmma needs CUDA's 32-lane warps: build without "       \
                                              "--warp-size=64")

/* Fragment contents to registers and back: the same bytes. */
template <class R, class F> static __device__ __forceinline__ void to_registers(R *r, const F &f) {
    static_assert(sizeof(f.x) % sizeof(R) == 0, "fragment storage and registers disagree");
    __builtin_memcpy(r, f.x, sizeof(f.x));
}
template <class F, class R> static __device__ __forceinline__ void from_registers(F &f, const R *r) {
    __builtin_memcpy(f.x, r, sizeof(f.x));
}

/* mma_sync's satf for floating-point accumulators: +-inf to +-MAX_NORM, NaN to +0, on the
 * bits (B) of T: its sign bit, infinity and largest finite value. */
template <class B, B sign_bit, B inf_bits, B max_bits, class T> static __device__ __forceinline__ void saturate_bits(T &v) {
    B bits;
    __builtin_memcpy(&bits, &v, sizeof bits);
    if ((bits & (B)~sign_bit) > inf_bits) {
        bits = 0;
    } else if ((bits & (B)~sign_bit) == inf_bits) {
        bits = (B)((bits & sign_bit) | max_bits);
    }
    __builtin_memcpy(&v, &bits, sizeof bits);
}
static __device__ __forceinline__ void saturate(float &v) {
    saturate_bits<unsigned, 0x80000000u, 0x7f800000u, 0x7f7fffffu>(v);
}
static __device__ __forceinline__ void saturate(double &v) {
    saturate_bits<unsigned long long, 0x8000000000000000ull, 0x7ff0000000000000ull, 0x7fefffffffffffffull>(v);
}
static __device__ __forceinline__ void saturate(__half &v) {
    saturate_bits<unsigned short, 0x8000u, 0x7c00u, 0x7bffu>(v);
}
static __device__ __forceinline__ void saturate(int &) {} /* .satfinite in the instruction */

} // namespace __cu2amd_wmma

namespace nvcuda {
namespace wmma {

template <class Use, int m, int n, int k, class T, class Layout = void> class fragment {
    typedef __cu2amd_wmma::traits<Use, m, n, k, T, Layout> traits;
    static_assert(!__cu2amd_wmma::sub_byte<T>::value,
                  "cu2amd: sub-byte wmma fragments (experimental::precision::u4, s4, b1) are not supported");
    static_assert(__cu2amd_wmma::sub_byte<T>::value || traits::matrix != 0,
                  "cu2amd: a wmma fragment's use is matrix_a, matrix_b or accumulator");
    static_assert(__cu2amd_wmma::sub_byte<T>::value || traits::matrix == 0 || traits::registers != 0,
                  "cu2amd: no such wmma fragment: the shapes and types are m16n16k16, m32n8k16, "
                  "m8n32k16 with __half, __nv_bfloat16, signed char or unsigned char A/B and float, "
                  "__half or int accumulators; m16n16k8 with precision::tf32 A/B and float; m8n8k4 "
                  "with double");
    static_assert(traits::layout_ok, "cu2amd: matrix_a and matrix_b fragments take row_major or col_major, "
                                     "accumulators no layout");

  public:
    typedef T element_type;
    typedef typename traits::storage storage_element_type;
    enum { num_elements = traits::elements > 0 ? traits::elements : 1, num_storage_elements = num_elements };
    storage_element_type x[num_elements];
};

template <class Use, int m, int n, int k, class T, class Layout>
__device__ __forceinline__ void fill_fragment(fragment<Use, m, n, k, T, Layout> &a,
                                              const typename fragment<Use, m, n, k, T, Layout>::storage_element_type &v) {
    for (int i = 0; i < fragment<Use, m, n, k, T, Layout>::num_elements; i++) {
        a.x[i] = v;
    }
}

/* matrix_a and matrix_b: the fragment's layout. */
template <class Use, int m, int n, int k, class T, class Layout>
__device__ __forceinline__ void load_matrix_sync(fragment<Use, m, n, k, T, Layout> &a,
                                                 const typename fragment<Use, m, n, k, T, Layout>::storage_element_type *p,
                                                 unsigned ldm) {
    typedef __cu2amd_wmma::traits<Use, m, n, k, T, Layout> traits;
    CU2AMD_WMMA_CHECK_WARP();
    static_assert(traits::matrix != 'c', "cu2amd: load_matrix_sync of an accumulator takes a layout_t "
                                         "(mem_row_major or mem_col_major)");
    typename __cu2amd_wmma::register_of<traits::kind, false>::type r[traits::registers];
    __cu2amd_wmma::load<traits::matrix, m, n, k, traits::kind, traits::col>::run(r, p, ldm);
    __cu2amd_wmma::from_registers(a, r);
}

/* Accumulators: the layout in memory. */
template <int m, int n, int k, class T>
__device__ __forceinline__ void load_matrix_sync(fragment<accumulator, m, n, k, T> &a, const T *p, unsigned ldm,
                                                 layout_t layout) {
    typedef __cu2amd_wmma::traits<accumulator, m, n, k, T, void> traits;
    CU2AMD_WMMA_CHECK_WARP();
    typename __cu2amd_wmma::register_of<traits::kind, true>::type r[traits::registers];
    if (layout == mem_col_major) {
        __cu2amd_wmma::load<'c', m, n, k, traits::kind, 1>::run(r, p, ldm);
    } else {
        __cu2amd_wmma::load<'c', m, n, k, traits::kind, 0>::run(r, p, ldm);
    }
    __cu2amd_wmma::from_registers(a, r);
}

template <int m, int n, int k, class T>
__device__ __forceinline__ void store_matrix_sync(T *p, const fragment<accumulator, m, n, k, T> &a, unsigned ldm,
                                                  layout_t layout) {
    typedef __cu2amd_wmma::traits<accumulator, m, n, k, T, void> traits;
    CU2AMD_WMMA_CHECK_WARP();
    typename __cu2amd_wmma::register_of<traits::kind, true>::type r[traits::registers];
    __cu2amd_wmma::to_registers(r, a);
    if (layout == mem_col_major) {
        __cu2amd_wmma::store<m, n, k, traits::kind, 1>::run(p, r, ldm);
    } else {
        __cu2amd_wmma::store<m, n, k, traits::kind, 0>::run(p, r, ldm);
    }
}

/* D = A * B + C (D may be C). satf: float accumulators saturate to finite values (+-inf
 * to +-MAX_NORM, NaN to +0); int accumulators clamp to [INT_MIN, INT_MAX] instead of
 * wrapping. */
template <int m, int n, int k, class Td, class Tab, class LA, class Tb, class LB, class Tc>
__device__ __forceinline__ void mma_sync(fragment<accumulator, m, n, k, Td> &d,
                                         const fragment<matrix_a, m, n, k, Tab, LA> &a,
                                         const fragment<matrix_b, m, n, k, Tb, LB> &b,
                                         const fragment<accumulator, m, n, k, Tc> &c, bool satf = false) {
    using namespace __cu2amd_wmma;
    CU2AMD_WMMA_CHECK_WARP();
    static_assert(same<Tab, Tb>::value, "cu2amd: mma_sync's matrix_a and matrix_b must have the same type");
    constexpr int ab = kind_of<Tab>::value, ck = kind_of<Tc>::value, dk = kind_of<Td>::value;
    static_assert(ab == f16 ? (ck == f16 || ck == f32) && (dk == f16 || dk == f32)
                  : ab == s8 || ab == u8 ? ck == s32 && dk == s32
                  : ab == f64            ? ck == f64 && dk == f64
                                         : ck == f32 && dk == f32,
                  "cu2amd: mma_sync's accumulators: float or __half with __half A/B, int with signed char "
                  "or unsigned char, double with double, float otherwise");
    constexpr int acol = traits<matrix_a, m, n, k, Tab, LA>::col, bcol = traits<matrix_b, m, n, k, Tb, LB>::col;
    typename register_of<ab, false>::type ra[traits<matrix_a, m, n, k, Tab, LA>::registers];
    typename register_of<ab, false>::type rb[traits<matrix_b, m, n, k, Tb, LB>::registers];
    typename register_of<ck, true>::type rc[traits<accumulator, m, n, k, Tc, void>::registers];
    typename register_of<dk, true>::type rd[traits<accumulator, m, n, k, Td, void>::registers];
    to_registers(ra, a);
    to_registers(rb, b);
    to_registers(rc, c);
    if constexpr (ck == s32) {
        if (satf) {
            __cu2amd_wmma::mma<m, n, k, ab, ck, dk, acol, bcol, 1>::run(rd, ra, rb, rc);
        } else {
            __cu2amd_wmma::mma<m, n, k, ab, ck, dk, acol, bcol, 0>::run(rd, ra, rb, rc);
        }
        from_registers(d, rd);
    } else {
        __cu2amd_wmma::mma<m, n, k, ab, ck, dk, acol, bcol, 0>::run(rd, ra, rb, rc);
        from_registers(d, rd);
        if (satf) {
            for (int i = 0; i < fragment<accumulator, m, n, k, Td>::num_elements; i++) {
                saturate(d.x[i]);
            }
        }
    }
}

/* 1-bit matrices (experimental::precision::b1) are not supported. */
template <class D, class A, class B, class C>
__device__ void bmma_sync(D &, const A &, const B &, const C &,
                          experimental::bmmaBitOp = experimental::bmmaBitOpXOR,
                          experimental::bmmaAccumulateOp = experimental::bmmaAccumulateOpPOPC) {
    static_assert(__cu2amd_wmma::dependent_false<sizeof(D) == 0>::value,
                  "cu2amd: bmma_sync (1-bit wmma, experimental::precision::b1) is not supported");
}

/* f32 to tf32, rounded to nearest with ties away from zero (cvt.rna.tf32.f32): the low 13
 * significand bits of the result are zero. */
__device__ __forceinline__ float __float_to_tf32(float in) { return __cu2amd_wmma::to_tf32::run(in); }

} // namespace wmma
} // namespace nvcuda

#undef CU2AMD_WMMA_CHECK_WARP
#endif /* CU2AMD_CUDA_SOURCE */
#endif
