// cmake_project: a device function used by another file of the library.
#include "kernels.h"

__device__ float blend(float a, float b, float t) { return a + (b - a) * t; }
