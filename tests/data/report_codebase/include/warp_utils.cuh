// Warp reductions written as templates.
#pragma once
#include "common.cuh"
template <typename T>
__device__ T warp_reduce(T v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(FULL_MASK, v, offset);
  return v;
}
template <typename T>
__device__ T broadcast(T v, int src) {
  return __shfl_sync(0xffffffff, v, src, 32);
}
