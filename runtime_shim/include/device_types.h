/* cu2amd's device_types.h: cudaRoundMode, the rounding modes CUDA's documentation names for
 * the _rn/_rz/_ru/_rd intrinsics (CUDA's enumerators and values). C and C++. */
#ifndef CU2AMD_DEVICE_TYPES_H
#define CU2AMD_DEVICE_TYPES_H

enum cudaRoundMode {
    cudaRoundNearest = 0, /* to nearest, ties to even */
    cudaRoundZero = 1,    /* towards zero */
    cudaRoundPosInf = 2,  /* towards +infinity */
    cudaRoundMinInf = 3,  /* towards -infinity */
};

#endif
