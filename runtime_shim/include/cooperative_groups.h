/* cu2amd's cooperative_groups.h: the thread-block and warp-level groups of CUDA's
 * Cooperative Groups, over cu2amd/warp.h (so with CUDA's 32-thread warps everywhere):
 *
 *   thread_block        this_thread_block(): sync, thread_rank, num_threads/size, indices
 *   thread_block_tile<N> tiled_partition<N>(block or tile), N = 1, 2, 4, 8, 16, 32: sync,
 *                       thread_rank, num_threads/size, meta_group_rank/size, shfl,
 *                       shfl_up, shfl_down, shfl_xor, any, all, ballot, match_any,
 *                       match_all
 *   coalesced_group     coalesced_threads(): the threads of the warp that call it
 *                       together; ranks are counted over them
 *   reduce(group, value, op) with plus, less, greater, bit_and, bit_or, bit_xor
 *
 * Grid and multi-grid groups, cluster groups, dynamic tiled_partition(parent, n) and
 * labeled_partition are not provided: using them is a compile error. */
#ifndef CU2AMD_COOPERATIVE_GROUPS_H
#define CU2AMD_COOPERATIVE_GROUPS_H

#include "cu2amd/config.h"
#include "cu2amd/warp.h"
#include "device_launch_parameters.h"

#if __CU2AMD_WARP_SIZE__ != 32
#error "cooperative_groups.h has CUDA's 32-thread warps: not available with --warp-size=64"
#endif

#define CU2AMD_CG static __device__ __forceinline__

#if defined(__CUDA__) && !defined(__HIP__)
/* The host platform's runtime (cu2amd_host.h): grid_group::sync() and is_valid(). */
extern "C" __device__ void __cu2amd_grid_sync(void);
extern "C" __device__ unsigned int __cu2amd_grid_is_cooperative(void);
#endif

namespace cooperative_groups {

namespace __cu2amd_cg {
CU2AMD_CG unsigned int block_rank() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
CU2AMD_CG unsigned int block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
/* The lane of the warp holding the group's thread of rank `rank` in `mask`. */
CU2AMD_CG unsigned int lane_of_rank(unsigned int mask, unsigned int rank) {
    for (unsigned int i = 0; i < rank; i++) mask &= mask - 1;
    return mask ? (unsigned int)__builtin_ctz(mask) : 32u;
}
/* The bits of `lanes` that `mask` selects, packed by rank in `mask`. */
CU2AMD_CG unsigned int pack(unsigned int lanes, unsigned int mask) {
    unsigned int packed = 0, bit = 1;
    for (; mask; mask &= mask - 1, bit <<= 1)
        if (lanes & mask & (0u - mask)) packed |= bit;
    return packed;
}
} // namespace __cu2amd_cg

class thread_block {
  public:
    __device__ static void sync() { __syncthreads(); }
    __device__ static unsigned long long thread_rank() { return __cu2amd_cg::block_rank(); }
    __device__ static unsigned long long num_threads() { return __cu2amd_cg::block_threads(); }
    __device__ static unsigned int size() { return __cu2amd_cg::block_threads(); }
    __device__ static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __device__ static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    __device__ static dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    __device__ static dim3 group_dim() { return dim_threads(); }
};

CU2AMD_CG thread_block this_thread_block() { return thread_block(); }
CU2AMD_CG void sync(const thread_block &) { __syncthreads(); }

/* ---- the grid (cooperative launches) */

namespace __cu2amd_cg {
#if defined(__HIP_DEVICE_COMPILE__)
/* AMD: a grid barrier in global memory. [0] counts the blocks arrived in this round, [1]
 * is the round's generation: the last block to arrive resets the count, then publishes
 * the next generation (release); the others wait for it (acquire). Each round leaves the
 * count at 0, so repeated syncs and later launches start clean. One per translation unit
 * (static): cooperative kernels of one file must not run at the same time. */
static __device__ unsigned int grid_barrier_state[2];
#endif

CU2AMD_CG void grid_sync() {
#if defined(__HIP_DEVICE_COMPILE__)
    /* Every thread's writes released to the device before its block arrives; acquired
     * after the block leaves. */
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
        unsigned int *count = &grid_barrier_state[0], *generation = &grid_barrier_state[1];
        unsigned int blocks = gridDim.x * gridDim.y * gridDim.z;
        unsigned int current = __hip_atomic_load(generation, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        if (__hip_atomic_fetch_add(count, 1u, __ATOMIC_ACQ_REL, __HIP_MEMORY_SCOPE_AGENT) == blocks - 1) {
            __hip_atomic_store(count, 0u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
            __hip_atomic_store(generation, current + 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
        } else {
            while (__hip_atomic_load(generation, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) == current)
                __builtin_amdgcn_s_sleep(2);
        }
    }
    __syncthreads();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
#elif !defined(__HIP__)
    __cu2amd_grid_sync(); /* the host runtime: blocks of a cooperative launch take turns */
#endif
}

CU2AMD_CG bool grid_is_valid() {
#if defined(__HIP__)
    return true; /* AMD: cu2amd cannot tell a cooperative launch from another there */
#else
    return __cu2amd_grid_is_cooperative() != 0;
#endif
}
} // namespace __cu2amd_cg

/* Every thread of the grid. sync() needs a cooperative launch (cudaLaunchCooperativeKernel). */
class grid_group {
  public:
    __device__ static void sync() { __cu2amd_cg::grid_sync(); }
    __device__ static bool is_valid() { return __cu2amd_cg::grid_is_valid(); }
    __device__ static unsigned long long num_blocks() {
        return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
    }
    __device__ static unsigned long long block_rank() {
        return blockIdx.x + (unsigned long long)gridDim.x * (blockIdx.y + (unsigned long long)gridDim.y * blockIdx.z);
    }
    __device__ static unsigned long long num_threads() {
        return num_blocks() * __cu2amd_cg::block_threads();
    }
    __device__ static unsigned long long size() { return num_threads(); }
    __device__ static unsigned long long thread_rank() {
        return block_rank() * __cu2amd_cg::block_threads() + __cu2amd_cg::block_rank();
    }
    __device__ static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __device__ static dim3 dim_blocks() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
};

CU2AMD_CG grid_group this_grid() { return grid_group(); }
CU2AMD_CG void sync(const grid_group &) { __cu2amd_cg::grid_sync(); }

/* N consecutive threads of the block (of one warp): its lanes are the warp's lanes
 * [base, base + N). */
template <unsigned int N> class thread_block_tile {
    static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0,
                  "tiled_partition<N>: N must be a power of two from 1 to 32");

    __device__ static unsigned int base() { return __cu2amd_laneid() & ~(N - 1); }

  public:
    static constexpr unsigned int num_threads_value = N;
    __device__ static unsigned int mask() { return N == 32 ? 0xffffffffu : ((1u << (N % 32)) - 1u) << base(); }
    __device__ static unsigned long long num_threads() { return N; }
    __device__ static unsigned int size() { return N; }
    __device__ static unsigned long long thread_rank() { return __cu2amd_laneid() & (N - 1); }
    __device__ static unsigned long long meta_group_rank() { return __cu2amd_cg::block_rank() / N; }
    __device__ static unsigned long long meta_group_size() {
        return (__cu2amd_cg::block_threads() + N - 1) / N;
    }
    __device__ static void sync() { __syncwarp(mask()); }
    template <class T> __device__ static T shfl(T var, int src_rank) {
        return __shfl_sync(mask(), var, src_rank, N);
    }
    template <class T> __device__ static T shfl_up(T var, unsigned int delta) {
        return __shfl_up_sync(mask(), var, delta, N);
    }
    template <class T> __device__ static T shfl_down(T var, unsigned int delta) {
        return __shfl_down_sync(mask(), var, delta, N);
    }
    template <class T> __device__ static T shfl_xor(T var, unsigned int lane_mask) {
        return __shfl_xor_sync(mask(), var, (int)lane_mask, N);
    }
    __device__ static int any(int predicate) { return __any_sync(mask(), predicate); }
    __device__ static int all(int predicate) { return __all_sync(mask(), predicate); }
    /* Bit r set if the predicate is true for the thread of rank r. */
    __device__ static unsigned int ballot(int predicate) { return __ballot_sync(mask(), predicate) >> base(); }
    template <class T> __device__ static unsigned int match_any(T value) {
        return __match_any_sync(mask(), value) >> base();
    }
    template <class T> __device__ static unsigned int match_all(T value, int &pred) {
        return __match_all_sync(mask(), value, &pred) >> base();
    }
};

template <unsigned int N> CU2AMD_CG thread_block_tile<N> tiled_partition(const thread_block &) {
    return thread_block_tile<N>();
}
template <unsigned int N, unsigned int M>
CU2AMD_CG thread_block_tile<N> tiled_partition(const thread_block_tile<M> &) {
    static_assert(N <= M, "tiled_partition<N> of a tile of M threads needs N <= M");
    return thread_block_tile<N>();
}
template <unsigned int N> CU2AMD_CG void sync(const thread_block_tile<N> &tile) { tile.sync(); }

/* The threads of the warp that call coalesced_threads() together. */
class coalesced_group {
    unsigned int mask_;

  public:
    __device__ explicit coalesced_group(unsigned int mask) : mask_(mask) {}
    __device__ unsigned int mask() const { return mask_; }
    __device__ unsigned long long num_threads() const { return (unsigned int)__builtin_popcount(mask_); }
    __device__ unsigned int size() const { return (unsigned int)__builtin_popcount(mask_); }
    __device__ unsigned long long thread_rank() const {
        return (unsigned int)__builtin_popcount(mask_ & __lanemask_lt());
    }
    __device__ void sync() const { __syncwarp(mask_); }
    template <class T> __device__ T shfl(T var, unsigned int src_rank) const {
        return __shfl_sync(mask_, var, __cu2amd_cg::lane_of_rank(mask_, src_rank));
    }
    /* The thread delta ranks below (above): out of the group, the thread's own value. */
    template <class T> __device__ T shfl_up(T var, unsigned int delta) const {
        unsigned int rank = (unsigned int)thread_rank();
        unsigned int lane = rank >= delta ? __cu2amd_cg::lane_of_rank(mask_, rank - delta) : 32u;
        return __shfl_sync(mask_, var, lane < 32u ? lane : __cu2amd_laneid());
    }
    template <class T> __device__ T shfl_down(T var, unsigned int delta) const {
        unsigned int lane = __cu2amd_cg::lane_of_rank(mask_, (unsigned int)thread_rank() + delta);
        return __shfl_sync(mask_, var, lane < 32u ? lane : __cu2amd_laneid());
    }
    __device__ int any(int predicate) const { return __any_sync(mask_, predicate); }
    __device__ int all(int predicate) const { return __all_sync(mask_, predicate); }
    /* Bit r set if the predicate is true for the thread of rank r. */
    __device__ unsigned int ballot(int predicate) const {
        return __cu2amd_cg::pack(__ballot_sync(mask_, predicate), mask_);
    }
};

CU2AMD_CG coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }
CU2AMD_CG void sync(const coalesced_group &group) { group.sync(); }

/* ---- reductions (cooperative_groups/reduce.h) */

template <class T> struct plus {
    __device__ T operator()(T a, T b) const { return a + b; }
};
template <class T> struct less {
    __device__ T operator()(T a, T b) const { return b < a ? b : a; }
};
template <class T> struct greater {
    __device__ T operator()(T a, T b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
    __device__ T operator()(T a, T b) const { return a & b; }
};
template <class T> struct bit_or {
    __device__ T operator()(T a, T b) const { return a | b; }
};
template <class T> struct bit_xor {
    __device__ T operator()(T a, T b) const { return a ^ b; }
};

/* Every thread of the tile gets op folded over the tile's values (a butterfly). */
template <unsigned int N, class T, class Op>
CU2AMD_CG T reduce(const thread_block_tile<N> &tile, T value, Op op) {
    for (unsigned int offset = N / 2; offset > 0; offset /= 2) value = op(value, tile.shfl_xor(value, offset));
    return value;
}

/* Over a coalesced group: the values folded in rank order. */
template <class T, class Op> CU2AMD_CG T reduce(const coalesced_group &group, T value, Op op) {
    T result = group.shfl(value, 0);
    for (unsigned int rank = 1; rank < group.size(); rank++) result = op(result, group.shfl(value, rank));
    return result;
}

} // namespace cooperative_groups

#undef CU2AMD_CG
#endif
