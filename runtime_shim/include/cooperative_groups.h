/* cu2amd's cooperative_groups.h: CUDA's Cooperative Groups over cu2amd/warp.h (so with
 * CUDA's 32-thread warps everywhere):
 *
 *   thread_block        this_thread_block(): sync, thread_rank, num_threads/size, indices,
 *                       barrier_arrive/barrier_wait
 *   thread_block_tile<N> tiled_partition<N>(block or tile), N = 1, 2, 4, 8, 16, 32: sync,
 *                       thread_rank, num_threads/size, meta_group_rank/size, shfl,
 *                       shfl_up, shfl_down, shfl_xor, any, all, ballot, match_any,
 *                       match_all
 *   coalesced_group     coalesced_threads(), binary_partition, labeled_partition: the
 *                       threads of one warp; ranks are counted over them
 *   grid_group          this_grid(): every thread of the launch; sync() needs a
 *                       cooperative launch (cudaLaunchCooperativeKernel)
 *   cluster_group       this_cluster(): the block (cu2amd launches no clusters)
 *   thread_group        any of them; tiled_partition(parent, n)
 *   reduce, reduce_store_async, inclusive_scan, exclusive_scan (plus, less, greater,
 *   bit_and, bit_or, bit_xor), invoke_one, invoke_one_broadcast, memcpy_async + wait +
 *   wait_prior (a synchronous copy)
 *
 * Multi-grid groups and reduce_update_async (cuda::atomic_ref) are not provided: using
 * them is a compile error. */
#ifndef CU2AMD_COOPERATIVE_GROUPS_H
#define CU2AMD_COOPERATIVE_GROUPS_H

#include "cu2amd/config.h"
/* Device code only: a C++ file of the host compiler sees nothing, as with CUDA's header. */
#if !defined(CU2AMD_HOST_ONLY)
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
    struct arrival_token {};
    /* The split barrier: the wait is a whole-block barrier, so a thread waits until every
     * thread reaches barrier_wait (CUDA's releases once all have arrived): the same
     * ordering, less overlap. */
    __device__ static arrival_token barrier_arrive() { return arrival_token(); }
    __device__ static void barrier_wait(arrival_token &&) { __syncthreads(); }
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

class thread_group;

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
    __device__ operator thread_group() const;
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
    unsigned int meta_rank_;
    unsigned int meta_size_;

  public:
    __device__ explicit coalesced_group(unsigned int mask, unsigned int meta_rank = 0, unsigned int meta_size = 1)
        : mask_(mask), meta_rank_(meta_rank), meta_size_(meta_size) {}
    /* Groups from coalesced_threads(), binary_partition and labeled_partition: 0 and 1. */
    __device__ unsigned long long meta_group_rank() const { return meta_rank_; }
    __device__ unsigned long long meta_group_size() const { return meta_size_; }
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
    /* Bit r set for each thread of rank r whose value equals this thread's. */
    template <class T> __device__ unsigned int match_any(T value) const {
        return __cu2amd_cg::pack(__match_any_sync(mask_, value), mask_);
    }
    template <class T> __device__ unsigned int match_all(T value, int &pred) const {
        return __cu2amd_cg::pack(__match_all_sync(mask_, value, &pred), mask_);
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

/* ---- partitions of a warp-level group (threads with the same predicate or label) */

template <unsigned int N> CU2AMD_CG coalesced_group binary_partition(const thread_block_tile<N> &parent, bool pred) {
    unsigned int mask = parent.mask(), yes = __ballot_sync(mask, pred);
    return coalesced_group(mask & (pred ? yes : ~yes));
}
CU2AMD_CG coalesced_group binary_partition(const coalesced_group &parent, bool pred) {
    unsigned int mask = parent.mask(), yes = __ballot_sync(mask, pred);
    return coalesced_group(mask & (pred ? yes : ~yes));
}
template <unsigned int N, class Label>
CU2AMD_CG coalesced_group labeled_partition(const thread_block_tile<N> &parent, Label label) {
    return coalesced_group(parent.mask() & __match_any_sync(parent.mask(), label));
}
template <class Label> CU2AMD_CG coalesced_group labeled_partition(const coalesced_group &parent, Label label) {
    return coalesced_group(parent.mask() & __match_any_sync(parent.mask(), label));
}

/* ---- thread_group: any group, its type chosen at run time */

class thread_group {
    unsigned int kind_; /* 0: the block, 1: lanes of one warp (mask_), 2: the grid */
    unsigned int mask_;
    __device__ thread_group(unsigned int kind, unsigned int mask) : kind_(kind), mask_(mask) {}
    template <unsigned int N> friend class thread_block_tile;

  public:
    __device__ thread_group(const thread_block &) : kind_(0), mask_(0) {}
    __device__ thread_group(const coalesced_group &group) : kind_(1), mask_(group.mask()) {}
    __device__ thread_group(const grid_group &) : kind_(2), mask_(0) {}
    __device__ unsigned long long num_threads() const {
        return kind_ == 0   ? (unsigned long long)__cu2amd_cg::block_threads()
               : kind_ == 1 ? (unsigned long long)__builtin_popcount(mask_)
                            : grid_group::num_threads();
    }
    __device__ unsigned long long size() const { return num_threads(); }
    __device__ unsigned long long thread_rank() const {
        return kind_ == 0   ? (unsigned long long)__cu2amd_cg::block_rank()
               : kind_ == 1 ? (unsigned long long)__builtin_popcount(mask_ & __lanemask_lt())
                            : grid_group::thread_rank();
    }
    __device__ void sync() const {
        if (kind_ == 0) __syncthreads();
        else if (kind_ == 1) __syncwarp(mask_);
        else __cu2amd_cg::grid_sync();
    }
};

template <unsigned int N> __device__ thread_block_tile<N>::operator thread_group() const {
    return thread_group(1u, mask());
}

CU2AMD_CG void sync(const thread_group &group) { group.sync(); }

/* tiled_partition(parent, n): tiles of n = 1, 2, 4, 8, 16 or 32 consecutive threads of the
 * block or of a warp-level group of consecutive lanes (a tile); n outside those is a
 * kernel error (__trap). */
CU2AMD_CG thread_group tiled_partition(const thread_group &parent, unsigned int n) {
    if (n == 0 || n > 32 || (n & (n - 1)) != 0 || n > parent.num_threads()) __trap();
    unsigned int base = __cu2amd_laneid() & ~(n - 1);
    return coalesced_group(n == 32 ? 0xffffffffu : ((1u << n) - 1u) << base);
}
CU2AMD_CG thread_group tiled_partition(const thread_block &parent, unsigned int n) {
    return tiled_partition(thread_group(parent), n);
}

/* ---- one thread calls, for the group */

namespace __cu2amd_cg {
/* `value` of the group's thread of rank 0, to every thread (any trivially copyable T). */
template <class Group, class T> CU2AMD_CG T broadcast_first(const Group &group, const T &value) {
    unsigned int words[(sizeof(T) + 3) / 4] = {};
    __builtin_memcpy(words, &value, sizeof(T));
    for (unsigned int i = 0; i < (sizeof(T) + 3) / 4; i++) words[i] = group.shfl(words[i], 0);
    T result;
    __builtin_memcpy(&result, words, sizeof(T));
    return result;
}
} // namespace __cu2amd_cg

/* The group's thread of rank 0 calls fn(args...). */
template <unsigned int N, class Fn, class... Args>
CU2AMD_CG void invoke_one(const thread_block_tile<N> &group, Fn &&fn, Args &&...args) {
    if (group.thread_rank() == 0) static_cast<Fn &&>(fn)(static_cast<Args &&>(args)...);
}
template <class Fn, class... Args>
CU2AMD_CG void invoke_one(const coalesced_group &group, Fn &&fn, Args &&...args) {
    if (group.thread_rank() == 0) static_cast<Fn &&>(fn)(static_cast<Args &&>(args)...);
}
/* ... and every thread of the group gets what it returned. */
template <unsigned int N, class Fn, class... Args>
CU2AMD_CG auto invoke_one_broadcast(const thread_block_tile<N> &group, Fn &&fn, Args &&...args)
    -> decltype(static_cast<Fn &&>(fn)(static_cast<Args &&>(args)...)) {
    decltype(static_cast<Fn &&>(fn)(static_cast<Args &&>(args)...)) result{};
    if (group.thread_rank() == 0) result = static_cast<Fn &&>(fn)(static_cast<Args &&>(args)...);
    return __cu2amd_cg::broadcast_first(group, result);
}
template <class Fn, class... Args>
CU2AMD_CG auto invoke_one_broadcast(const coalesced_group &group, Fn &&fn, Args &&...args)
    -> decltype(static_cast<Fn &&>(fn)(static_cast<Args &&>(args)...)) {
    decltype(static_cast<Fn &&>(fn)(static_cast<Args &&>(args)...)) result{};
    if (group.thread_rank() == 0) result = static_cast<Fn &&>(fn)(static_cast<Args &&>(args)...);
    return __cu2amd_cg::broadcast_first(group, result);
}

/* ---- scans (cooperative_groups/scan.h): op folded over ranks 0..r (inclusive) or
 * 0..r-1 (exclusive; rank 0 gets T()) */

template <unsigned int N, class T, class Op>
CU2AMD_CG T inclusive_scan(const thread_block_tile<N> &tile, T value, Op op) {
    unsigned int rank = (unsigned int)tile.thread_rank();
    for (unsigned int d = 1; d < N; d *= 2) {
        T lower = tile.shfl_up(value, d);
        if (rank >= d) value = op(lower, value);
    }
    return value;
}
template <class T, class Op> CU2AMD_CG T inclusive_scan(const coalesced_group &group, T value, Op op) {
    unsigned int rank = (unsigned int)group.thread_rank();
    for (unsigned int d = 1; d < group.size(); d *= 2) {
        T lower = group.shfl_up(value, d);
        if (rank >= d) value = op(lower, value);
    }
    return value;
}
template <class Group, class T> CU2AMD_CG T inclusive_scan(const Group &group, T value) {
    return inclusive_scan(group, value, plus<T>());
}
template <class Group, class T, class Op> CU2AMD_CG T exclusive_scan(const Group &group, T value, Op op) {
    T inclusive = inclusive_scan(group, value, op);
    T lower = group.shfl_up(inclusive, 1u);
    return group.thread_rank() == 0 ? T() : lower;
}
template <class Group, class T> CU2AMD_CG T exclusive_scan(const Group &group, T value) {
    return exclusive_scan(group, value, plus<T>());
}

/* ---- reduce_store_async (cooperative_groups/reduce.h): the reduction, stored by one
 * thread; done when the call returns */

template <class Group, class T, class Op> CU2AMD_CG void reduce_store_async(const Group &group, T *dst, T value, Op op) {
    T result = reduce(group, value, op);
    if (group.thread_rank() == 0) *dst = result;
}

/* ---- memcpy_async (cooperative_groups/memcpy_async.h): the group's threads copy at
 * once (synchronously); wait and wait_prior<N> are the group's barrier, after which every
 * thread sees the copied bytes */

template <class Group>
CU2AMD_CG void memcpy_async(const Group &group, void *dst, const void *src, decltype(sizeof(0)) count) {
    unsigned long long rank = group.thread_rank(), threads = group.num_threads();
    if ((((unsigned long long)dst | (unsigned long long)src | count) & 3) == 0) {
        for (unsigned long long i = rank; i < count / 4; i += threads)
            ((unsigned int *)dst)[i] = ((const unsigned int *)src)[i];
    } else {
        for (unsigned long long i = rank; i < count; i += threads)
            ((unsigned char *)dst)[i] = ((const unsigned char *)src)[i];
    }
}
template <class Group> CU2AMD_CG void wait(const Group &group) { group.sync(); }
template <unsigned int N, class Group> CU2AMD_CG void wait_prior(const Group &group) { group.sync(); }

/* ---- clusters: cu2amd launches no clusters (AMD GPUs have none), so, as CUDA for such a
 * launch, each block is a cluster of one */

class cluster_group {
  public:
    __device__ static void sync() { __syncthreads(); }
    __device__ static unsigned long long thread_rank() { return __cu2amd_cg::block_rank(); }
    __device__ static unsigned long long num_threads() { return __cu2amd_cg::block_threads(); }
    __device__ static unsigned int block_rank() { return 0; }
    __device__ static unsigned int num_blocks() { return 1; }
    __device__ static dim3 block_index() { return dim3(0, 0, 0); }
    __device__ static dim3 dim_blocks() { return dim3(1, 1, 1); }
    /* The block's own shared memory is the cluster's only: rank must be 0. */
    template <class T> __device__ static T *map_shared_rank(T *addr, int rank) {
        if (rank != 0) __trap();
        return addr;
    }
    __device__ static unsigned int query_shared_rank(const void *) { return 0; }
    __device__ static thread_block::arrival_token barrier_arrive() { return thread_block::barrier_arrive(); }
    __device__ static void barrier_wait(thread_block::arrival_token &&token) {
        thread_block::barrier_wait(static_cast<thread_block::arrival_token &&>(token));
    }
};

CU2AMD_CG cluster_group this_cluster() { return cluster_group(); }
CU2AMD_CG void sync(const cluster_group &) { __syncthreads(); }

} // namespace cooperative_groups

#undef CU2AMD_CG
#endif /* !CU2AMD_HOST_ONLY */
#endif
