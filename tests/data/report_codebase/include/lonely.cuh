// Included by no source file: scanned on its own.
#pragma once
__device__ inline int lonely_lane() { return threadIdx.x & 31; }
