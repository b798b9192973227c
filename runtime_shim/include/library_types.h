/* cu2amd's library_types.h: the types the CUDA libraries share (CUDA 12.0): cudaDataType_t,
 * which says what a `void *` operand holds, and libraryPropertyType_t, which a library's
 * GetProperty call takes. CUDA's names and values. C and C++. */
#ifndef CU2AMD_LIBRARY_TYPES_H
#define CU2AMD_LIBRARY_TYPES_H

/* R: real, C: complex (a pair); F: floating point, I/U: signed/unsigned integer; the
 * number is the bits of one real. */
typedef enum cudaDataType_t {
    CUDA_R_32F = 0,
    CUDA_R_64F = 1,
    CUDA_R_16F = 2,
    CUDA_R_8I = 3,
    CUDA_C_32F = 4,
    CUDA_C_64F = 5,
    CUDA_C_16F = 6,
    CUDA_C_8I = 7,
    CUDA_R_8U = 8,
    CUDA_C_8U = 9,
    CUDA_R_32I = 10,
    CUDA_C_32I = 11,
    CUDA_R_32U = 12,
    CUDA_C_32U = 13,
    CUDA_R_16BF = 14, /* bfloat16 */
    CUDA_C_16BF = 15,
    CUDA_R_4I = 16,
    CUDA_C_4I = 17,
    CUDA_R_4U = 18,
    CUDA_C_4U = 19,
    CUDA_R_16I = 20,
    CUDA_C_16I = 21,
    CUDA_R_16U = 22,
    CUDA_C_16U = 23,
    CUDA_R_64I = 24,
    CUDA_C_64I = 25,
    CUDA_R_64U = 26,
    CUDA_C_64U = 27,
    CUDA_R_8F_E4M3 = 28, /* fp8: 4 exponent bits, 3 mantissa bits */
    CUDA_R_8F_E5M2 = 29, /* fp8: 5 exponent bits, 2 mantissa bits */
} cudaDataType;
/* the tag as a type name in C too (C++ has it already) */
typedef enum cudaDataType_t cudaDataType_t;

typedef enum libraryPropertyType_t {
    MAJOR_VERSION = 0,
    MINOR_VERSION = 1,
    PATCH_LEVEL = 2,
} libraryPropertyType;
typedef enum libraryPropertyType_t libraryPropertyType_t;

#endif
