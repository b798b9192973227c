"""Shared-memory addresses are 32 bits on the host platform too (ptx_lowering/targets/host.py
SHARED_WINDOW): CUDA code keeps them in a uint32_t for inline PTX (`uint32_t s =
__cvta_generic_to_shared(p)`, then cp.async, ldmatrix, ld.shared with an "r" operand), and
PTX moves them in .b32 registers (`mov.u32 %r, smem_var`, cvta.to.shared.u32). On the host
platform a shared address is the generic one's offset in a window of the module, so those
32-bit values reach the right bytes; AMD GPUs use their 32-bit LDS addresses."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from runtime_programs import link_for_gfx942, run_on_host

from cu2amd import host

CUDA_PROGRAM = r"""
#include <cstdio>
#include <cstdint>

static int failures = 0;
#define EXPECT(cond) do { if (!(cond)) { printf("FAILED line %d: %s\n", __LINE__, #cond); failures++; } } while (0)

__device__ __forceinline__ uint32_t smem_u32(const void *p) {
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

/* The idioms of cp.async/ldmatrix GEMM kernels: 32-bit shared addresses in inline PTX,
 * with an XOR swizzle on their bits. */
__global__ void idioms(const float *in, float *out, unsigned *info) {
    __shared__ __align__(128) float tile[32 * 4];
    __shared__ __align__(16) unsigned short halves[8 * 8];
    unsigned t = threadIdx.x;
    uint32_t base = smem_u32(tile);
    uint32_t swizzled = base + ((t ^ ((t >> 3) & 3)) * 16);  /* row t, 16-byte chunks swapped */
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" :: "r"(swizzled), "l"(in + 4 * t));
    asm volatile("cp.async.commit_group;\n\tcp.async.wait_group 0;" ::: "memory");
    for (int i = t; i < 64; i += 32) halves[i] = (unsigned short)i;
    __syncthreads();
    float v;
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(swizzled + 4));
    out[t] = v;
    /* ldmatrix .x1: lanes 0-7 give row addresses of an 8x8 b16 matrix. */
    uint32_t row = smem_u32(&halves[(t & 7) * 8]);
    unsigned frag;
    asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];" : "=r"(frag) : "r"(row));
    info[t] = frag;
    /* the 32-bit address round-trips, and is the one PTX's cvta gives */
    uint32_t from_ptx;
    asm("{ .reg .u64 a; cvta.to.shared.u64 a, %1; cvt.u32.u64 %0, a; }" : "=r"(from_ptx) : "l"(tile + t));
    if (t == 0) {
        info[32] = from_ptx == smem_u32(tile) ? 1u : 0u;
        info[33] = __cvta_shared_to_generic(base) == (void *)tile ? 1u : 0u;
        info[34] = __isShared(__cvta_shared_to_generic(base + 64)) ? 1u : 0u;
    }
}

int main() {
    float *in, *out;
    unsigned *info;
    cudaMallocManaged(&in, 128 * sizeof(float));
    cudaMallocManaged(&out, 32 * sizeof(float));
    cudaMallocManaged(&info, 35 * sizeof(unsigned));
    for (int i = 0; i < 128; ++i) in[i] = (float)i;
    idioms<<<1, 32>>>(in, out, info);
    EXPECT(cudaDeviceSynchronize() == cudaSuccess);
    for (int t = 0; t < 32; ++t) EXPECT(out[t] == (float)(4 * t + 1));
    /* m8n8 .b16 fragment: lane l holds row l/4, columns 2(l%4) and 2(l%4)+1 */
    for (int l = 0; l < 32; ++l) {
        unsigned r = l / 4, c = 2 * (l % 4);
        EXPECT(info[l] == ((r * 8 + c) | ((r * 8 + c + 1) << 16)));
    }
    EXPECT(info[32] == 1 && info[33] == 1 && info[34] == 1);
    if (failures == 0) printf("shared_window: PASSED\n");
    return failures != 0;
}
"""

PTX = """.version 8.0
.target sm_80
.address_size 64
.shared .align 4 .b32 words[64];
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, words;              // a .shared address in a .b32 register
	shl.b32 %r3, %r1, 2;
	add.u32 %r4, %r2, %r3;
	mul.lo.u32 %r5, %r1, 3;
	st.shared.u32 [%r4], %r5;
	bar.sync 0;
	xor.b32 %r6, %r1, 1;
	shl.b32 %r6, %r6, 2;
	add.u32 %r6, %r2, %r6;
	ld.shared.u32 %r7, [%r6+0];     // the neighbour's word
	cvt.u64.u32 %rd2, %r6;          // and its generic address
	cvta.shared.u64 %rd2, %rd2;
	ld.u32 %r5, [%rd2];
	add.u32 %r7, %r7, %r5;
	cvta.to.shared.u64 %rd3, %rd2;   // back to the same 32-bit address
	cvt.u32.u64 %r5, %rd3;
	setp.eq.u32 %p1, %r5, %r6;
	selp.u32 %r5, 1000, 0, %p1;
	add.u32 %r7, %r7, %r5;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd3, %rd1, %rd3;
	st.global.u32 [%rd3], %r7;
	ret;
}
"""


def test_cuda_idioms_with_32_bit_shared_addresses_on_host(tmp_path: Path) -> None:
    source = tmp_path / "shared_window.cu"
    source.write_text(CUDA_PROGRAM)
    run_on_host(source, tmp_path, "shared_window")


def test_cuda_idioms_link_for_gfx942(tmp_path: Path) -> None:
    source = tmp_path / "shared_window.cu"
    source.write_text(CUDA_PROGRAM)
    link_for_gfx942(source, tmp_path, "shared_window")


def test_ptx_shared_addresses_in_32_bit_registers() -> None:
    module = host.Module.from_ptx(
        PTX.replace(".reg .b32 %r<8>;", ".reg .b32 %r<8>;\n\t.reg .pred %p1;")
    )
    out = host.zeros(32, np.uint32)
    module.launch("k", grid=1, block=32, args=[out])
    neighbour = np.arange(32) ^ 1
    np.testing.assert_array_equal(out.to_numpy(), 2 * 3 * neighbour + 1000)
