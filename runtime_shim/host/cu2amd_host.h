/* The cu2amd host platform runtime: runs kernels compiled for the CPU with GPU semantics.
 *
 * Blocks run one at a time on the calling OS thread. Each GPU thread of a block is a
 * fiber (its own guarded stack, a hand-written context switch); kernels that use no
 * barrier or collective run as a plain loop over threads instead. A barrier releases
 * when every non-exited thread of the block has arrived (or its thread count has); a
 * block where no thread can proceed stops with a report of where each thread waits.
 *
 * The layout of cu2amd_thread up to `private_` is an ABI shared with the code cu2amd
 * generates (ptx_lowering/targets/host.py reads fields at these offsets); the Python
 * side checks it against cu2amd_rt_field_offset() when it loads this library.
 */
#ifndef CU2AMD_HOST_H
#define CU2AMD_HOST_H

#include <stddef.h>
#include <stdint.h>

#define CU2AMD_MAX_BLOCK_THREADS 1024
#define CU2AMD_NUM_BARRIERS 16
#define CU2AMD_ERR_LEN 4096
/* Static plus dynamic shared memory of one block: CUDA's per-block limit without opting in
 * (MAX_SHARED_BYTES in abi.py; the loader checks they agree). */
#define CU2AMD_MAX_SHARED_BYTES (48 * 1024)

typedef struct cu2amd_dim3 {
    uint32_t x, y, z;
} cu2amd_dim3;

/* Fields read by generated code. Keep in sync with THREAD_FIELDS in
 * ptx_lowering/targets/host.py (checked at load time). */
typedef struct cu2amd_thread {
    cu2amd_dim3 tid;          /*  0: %tid */
    cu2amd_dim3 ntid;         /* 12: %ntid */
    cu2amd_dim3 ctaid;        /* 24: %ctaid */
    cu2amd_dim3 nctaid;       /* 36: %nctaid */
    uint32_t linear_tid;      /* 48: x + y*ntid.x + z*ntid.x*ntid.y */
    uint32_t wave_size;       /* 52: the hardware wave size being emulated (32 or 64) */
    uint8_t *dynamic_shared;  /* 56: this block's dynamic shared memory */
    uint32_t dynamic_shared_size; /* 64: %dynamic_smem_size */
    uint32_t lane;            /* 68: lane within the wave (linear_tid % wave_size) */
    struct cu2amd_block *block; /* 72 */
    /* ---- private to the runtime ---- */
    int state;
    void *sp;                 /* saved stack pointer while switched out */
    const char *wait_site;    /* where it waits (barrier or collective), for reports */
    uint32_t wait_barrier;
    /* collective in progress */
    int coll_kind;
    uint64_t coll_mask;       /* lanes named by a *_sync mask (0: mask-less) */
    uintptr_t coll_addr;      /* call address, for grouping mask-less collectives */
    uint64_t coll_value;
    uint64_t coll_arg;
    uint64_t coll_result;
} cu2amd_thread;

typedef void (*cu2amd_entry_fn)(void **args);

enum cu2amd_order { CU2AMD_ORDER_FORWARD = 0, CU2AMD_ORDER_REVERSE = 1, CU2AMD_ORDER_RANDOM = 2 };

enum cu2amd_launch_flags {
    CU2AMD_LAUNCH_FIBERS = 1,   /* the kernel uses barriers or collectives */
    CU2AMD_LAUNCH_STRICT = 2,   /* poison shared memory, report divergent barriers */
};

typedef struct cu2amd_launch {
    cu2amd_entry_fn entry;
    void **args;                /* kernel arguments: one pointer to each value */
    cu2amd_thread **thread_slot; /* the module's __cu2amd_thread variable */
    cu2amd_dim3 grid;
    cu2amd_dim3 block;
    uint64_t dynamic_shared_size;
    uint32_t wave_size;
    uint32_t order;
    uint32_t flags;
    uint64_t seed;
    uint8_t **shared_regions;   /* the module's static shared variables (poisoned in strict) */
    const size_t *shared_region_sizes;
    uint32_t n_shared_regions;
    size_t stack_size;          /* per GPU thread; 0 for the default */
    /* The module's buffer that its extern __shared__ arrays alias (CU2AMD_MAX_SHARED_BYTES
     * bytes, abi.py DYNAMIC_SHARED), used as the dynamic shared memory of every block;
     * NULL: the runtime allocates it. */
    uint8_t *dynamic_shared_buffer;
} cu2amd_launch;

enum cu2amd_status {
    CU2AMD_OK = 0,
    CU2AMD_ERR_INVALID_LAUNCH = 1,
    CU2AMD_ERR_DEADLOCK = 2,
    CU2AMD_ERR_TRAP = 3,
    CU2AMD_ERR_MEMORY = 4,
    CU2AMD_ERR_OUT_OF_RESOURCES = 5,
    CU2AMD_ERR_COLLECTIVE = 6,
    CU2AMD_ERR_BARRIER = 7,     /* a barrier used inconsistently by the kernel */
    CU2AMD_ERR_ASSERT = 8,      /* a device-side assert failed */
};

/* Runs a whole grid; returns a cu2amd_status, with a message in err on failure. */
int cu2amd_rt_launch(const cu2amd_launch *launch, char *err, size_t err_len);

/* Offset of field `index` of cu2amd_thread (0 tid, 1 ntid, 2 ctaid, 3 nctaid,
 * 4 linear_tid, 5 wave_size, 6 dynamic_shared, 7 dynamic_shared_size, 8 lane); -1 past
 * the end. */
long cu2amd_rt_field_offset(int index);
const char *cu2amd_rt_version(void);
size_t cu2amd_rt_max_shared_bytes(void);

/* ---- called by generated device code ---- */

/* Barrier `id` (0..15) over `count` threads (0: all non-exited threads of the block).
 * kind: 0 sync, 1 arrive, 2 red.popc, 3 red.and, 4 red.or; returns the reduction. */
uint32_t __cu2amd_barrier(const char *site, uint32_t id, uint32_t count, uint32_t kind,
                          uint32_t pred);
/* A thread spinning on memory other threads of its block change (an mbarrier wait): the
 * others run before it goes on. */
void __cu2amd_yield(void);
void __cu2amd_trap(const char *site);
void __cu2amd_assertfail(const char *message, const char *file, unsigned line, const char *function,
                         size_t char_size);
int __cu2amd_vprintf(const char *format, const char *args);
uint64_t __cu2amd_globaltimer(void);
uint64_t __cu2amd_grid_id(void);
int __cu2amd_is_space(int space, const void *p);
/* grid_group::sync() and is_valid() (cooperative_groups.h): a grid-wide barrier, only in a
 * cooperative launch; whether the launch is one. */
void __cu2amd_grid_sync(void);
uint32_t __cu2amd_grid_is_cooperative(void);
/* Called by cuda.h's cuLaunchCooperativeKernel: the next launch on this thread is
 * cooperative (on = 1) or not. */
void __cu2amd_host_cooperative_launch(int on);
/* Called by cuda_runtime_api.h's cudaGetFuncBySymbol: the kernel a stub registered, as a
 * module function (hipFunction_t: struct ihipModuleSymbol_t *); NULL for anything else. */
struct ihipModuleSymbol_t *__cu2amd_host_function_of(const void *stub);

/* Wave primitives (DESIGN.md layer 3) over the emulated hardware wave. A call blocks
 * until its group is known: the non-exited lanes of `mask` when mask != 0, else the lanes
 * of the wave waiting at the same call address (the lowest one first). */
uint64_t __cu2amd_wave_ballot(const char *site, uint64_t mask, uint32_t pred);
uint64_t __cu2amd_wave_readlane(const char *site, uint64_t mask, uint64_t value, uint32_t lane);
uint64_t __cu2amd_wave_active_mask(const char *site, uint64_t mask);
uint32_t __cu2amd_lane_id(void);
/* Stops the kernel: a warp collective used against its definition (device library). */
void __cu2amd_wave_error(const char *site, const char *message);

#endif
