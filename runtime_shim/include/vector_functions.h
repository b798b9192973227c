/* cu2amd's vector_functions.h: make_char1 ... make_double4, the constructors of CUDA's
 * vector types, host and device. C and C++. cu2amd's vector_types.h defines them with the
 * types. */
#ifndef CU2AMD_VECTOR_FUNCTIONS_H
#define CU2AMD_VECTOR_FUNCTIONS_H

#include "vector_types.h"

#endif
