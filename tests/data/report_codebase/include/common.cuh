// Project-wide helpers: macros that hide CUDA calls and inline PTX.
#pragma once
#define WARP_SIZE 32
#define CUDA_CHECK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) return 1; } while (0)
#define COPY_TO_DEVICE(dst, src, n) cudaMemcpy(dst, src, n, cudaMemcpyHostToDevice)
#define FULL_MASK 0xffffffff
__device__ inline unsigned lane_id_asm() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}
