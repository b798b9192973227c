/* The block scheduler of the cu2amd host runtime: launches, fibers, barriers, wave
 * collectives, traps, deadlock reports. See cu2amd_host.h for the model. */
#define _GNU_SOURCE
#include "cu2amd_host.h"
#include "fiber.h"
#include "hip_internal.h"

#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_STACK_SIZE (256 * 1024)
#define POISON_BYTE 0xCD

/* T_GRID: waiting at grid.sync() (cooperative launches), released by the grid scheduler. */
enum { T_RUNNABLE = 0, T_BARRIER, T_COLLECTIVE, T_EXITED, T_GRID };
enum { K_BALLOT = 1, K_READLANE = 2, K_ACTIVE = 3 };

typedef struct barrier_state {
    uint32_t kind;       /* 0 sync, 1 arrive, 2 red.popc, 3 red.and, 4 red.or */
    uint32_t arrived;
    uint32_t expected;   /* thread count of the current phase (0: all non-exited) */
    uint32_t popc;
    uint32_t all;
    uint32_t any;
    const char *site;    /* where the first thread of this phase arrived (strict mode) */
    uint32_t first_tid;
} barrier_state;

typedef struct cu2amd_block {
    const cu2amd_launch *launch;
    cu2amd_thread *threads;
    cu2amd_fiber *fibers;
    cu2amd_fiber scheduler;
    uint32_t n;
    uint32_t n_exited;
    int use_fibers;
    int in_fiber;
    barrier_state barriers[CU2AMD_NUM_BARRIERS];
    uint32_t *order;
    int status;
    char *err;
    size_t err_len;
    sigjmp_buf *escape;  /* back to cu2amd_rt_launch on a trap or a fault */
    uint64_t grid_id;    /* %gridid: this launch's number */
    const char *launch_frame; /* the launching frame: loop-mode threads' stacks are below */
    /* Cooperative launches: every block of the grid is resident at once, its threads'
     * fibers on stacks [stack_first, stack_first + n) of the pool; the blocks take turns
     * in one OS thread, each running until its threads all wait at grid.sync() or exit.
     * The module's shared memory is one copy: a block's is kept in shared_save while
     * another block runs. */
    int coop;
    int at_grid;         /* every non-exited thread waits at grid.sync() */
    uint32_t stack_first;
    uint8_t *shared_save;
} cu2amd_block;

static __thread cu2amd_block *g_block;
static __thread cu2amd_thread *g_current;

/* ------------------------------------------------------------------ stack pool */

typedef struct stack_pool {
    uint8_t *base;      /* count stacks of (guard page + size) each */
    size_t size;
    size_t guard;
    uint32_t count;
} stack_pool;

static __thread stack_pool g_stacks;

static int ensure_stacks(uint32_t count, size_t size) {
    if (g_stacks.base && g_stacks.count >= count && g_stacks.size == size) return 0;
    if (g_stacks.base) munmap(g_stacks.base, (size_t)g_stacks.count * (g_stacks.size + g_stacks.guard));
    size_t guard = (size_t)sysconf(_SC_PAGESIZE);
    size_t total = (size_t)count * (size + guard);
    uint8_t *base = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) {
        g_stacks.base = NULL;
        return -1;
    }
    for (uint32_t i = 0; i < count; i++) mprotect(base + (size_t)i * (size + guard), guard, PROT_NONE);
    g_stacks = (stack_pool){base, size, guard, count};
    return 0;
}

static uint8_t *stack_of(uint32_t i) { return g_stacks.base + (size_t)i * (g_stacks.size + g_stacks.guard) + g_stacks.guard; }

/* ------------------------------------------------------------------ errors */

static int fmt_thread(char *buf, size_t len, const cu2amd_thread *t) {
    return snprintf(buf, len, "(%u,%u,%u)", t->tid.x, t->tid.y, t->tid.z);
}

static void fail(cu2amd_block *b, int status, const char *fmt, ...) {
    if (b->status != CU2AMD_OK) return;
    b->status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->err, b->err_len, fmt, ap);
    va_end(ap);
}

/* Leave the block from device code after fail(): back to the launch. */
static void escape(cu2amd_block *b) {
    if (b->in_fiber) {
        cu2amd_thread *t = g_current;
        t->state = T_EXITED;
        cu2amd_fiber_switch(&b->fibers[t->linear_tid], &b->scheduler);
        abort(); /* a failed block is never resumed */
    }
    siglongjmp(*b->escape, 1);
}

/* ------------------------------------------------------------------ barriers */

static uint32_t barrier_result(const barrier_state *bs) {
    return bs->kind == 2 ? bs->popc : bs->kind == 3 ? bs->all : bs->kind == 4 ? bs->any : 0;
}

static void reset_barrier(barrier_state *bs) { *bs = (barrier_state){.all = 1}; }

static void release_barrier(cu2amd_block *b, uint32_t id) {
    barrier_state *bs = &b->barriers[id];
    uint32_t result = barrier_result(bs);
    for (uint32_t i = 0; i < b->n; i++) {
        cu2amd_thread *t = &b->threads[i];
        if (t->state == T_BARRIER && t->wait_barrier == id) {
            t->state = T_RUNNABLE;
            t->coll_result = result;
        }
    }
    reset_barrier(bs);
}

static int barrier_complete(cu2amd_block *b, const barrier_state *bs) {
    uint32_t needed = bs->expected ? bs->expected : b->n - b->n_exited;
    return bs->arrived > 0 && bs->arrived >= needed;
}

static void check_barriers_after_exit(cu2amd_block *b) {
    for (uint32_t id = 0; id < CU2AMD_NUM_BARRIERS; id++)
        if (b->barriers[id].expected == 0 && barrier_complete(b, &b->barriers[id])) release_barrier(b, id);
}

uint32_t __cu2amd_barrier(const char *site, uint32_t id, uint32_t count, uint32_t kind, uint32_t pred) {
    cu2amd_block *b = g_block;
    cu2amd_thread *t = g_current;
    if (!b->use_fibers) {
        fail(b, CU2AMD_ERR_INVALID_LAUNCH, "internal error: %s: barrier in a kernel launched without fibers", site);
        escape(b);
    }
    if (id >= CU2AMD_NUM_BARRIERS) {
        fail(b, CU2AMD_ERR_BARRIER, "%s: barrier id %u out of range (0 to 15)", site, id);
        escape(b);
    }
    if (count > b->n || (count && count % 32)) {
        fail(b, CU2AMD_ERR_BARRIER,
             "%s: barrier thread count %u must be a multiple of 32 and at most the block size (%u)", site, count, b->n);
        escape(b);
    }
    barrier_state *bs = &b->barriers[id];
    if (bs->arrived == 0) {
        bs->expected = count;
        bs->kind = kind;
        bs->site = site;
        bs->first_tid = t->linear_tid;
        bs->all = 1;
    } else if (bs->expected != count) {
        fail(b, CU2AMD_ERR_BARRIER, "%s: barrier %u used with thread count %u while waiting with %u", site, id,
             count, bs->expected);
        escape(b);
    } else if ((b->launch->flags & CU2AMD_LAUNCH_STRICT) && bs->site != site && kind != 1) {
        char a[48], c[48];
        fmt_thread(a, sizeof a, &b->threads[bs->first_tid]);
        fmt_thread(c, sizeof c, t);
        fail(b, CU2AMD_ERR_BARRIER,
             "strict: barrier %u reached at two places in block (%u,%u,%u): thread %s at %s, thread %s at %s", id,
             t->ctaid.x, t->ctaid.y, t->ctaid.z, a, bs->site, c, site);
        escape(b);
    }
    bs->arrived++;
    bs->popc += pred != 0;
    bs->all &= pred != 0;
    bs->any |= pred != 0;
    if (bs->kind < 2 && kind >= 2) bs->kind = kind; /* a reduction joined by bar.arrive */
    if (barrier_complete(b, bs)) {
        uint32_t result = barrier_result(bs);
        release_barrier(b, id);
        return result;
    }
    if (kind == 1) return 0; /* bar.arrive: do not wait */
    t->state = T_BARRIER;
    t->wait_barrier = id;
    t->wait_site = site;
    cu2amd_fiber_switch(&b->fibers[t->linear_tid], &b->scheduler);
    return (uint32_t)t->coll_result;
}

void __cu2amd_yield(void) {
    cu2amd_block *b = g_block;
    if (!b->use_fibers) return; /* a lone thread: nothing else to run */
    cu2amd_fiber_switch(&b->fibers[g_current->linear_tid], &b->scheduler);
}

/* ------------------------------------------------------------------ wave collectives */

static uint64_t collective(int kind, const char *site, uint64_t mask, uint64_t value, uint64_t arg, uintptr_t addr) {
    cu2amd_block *b = g_block;
    cu2amd_thread *t = g_current;
    if (!b->use_fibers) {
        fail(b, CU2AMD_ERR_INVALID_LAUNCH, "internal error: %s: collective in a kernel launched without fibers", site);
        escape(b);
    }
    uint32_t w = t->wave_size;
    if (w < 64 && (mask >> w)) {
        fail(b, CU2AMD_ERR_COLLECTIVE, "%s: mask 0x%llx names lanes beyond the %u-lane wave", site,
             (unsigned long long)mask, w);
        escape(b);
    }
    if (mask && !(mask >> t->lane & 1)) {
        fail(b, CU2AMD_ERR_COLLECTIVE, "%s: lane %u executes a collective whose mask 0x%llx excludes it", site, t->lane,
             (unsigned long long)mask);
        escape(b);
    }
    t->state = T_COLLECTIVE;
    t->wait_site = site;
    t->coll_kind = kind;
    t->coll_mask = mask;
    t->coll_addr = addr;
    t->coll_value = value;
    t->coll_arg = arg;
    cu2amd_fiber_switch(&b->fibers[t->linear_tid], &b->scheduler);
    return t->coll_result;
}

uint64_t __cu2amd_wave_ballot(const char *site, uint64_t mask, uint32_t pred) {
    return collective(K_BALLOT, site, mask, pred != 0, 0, (uintptr_t)__builtin_return_address(0));
}

uint64_t __cu2amd_wave_readlane(const char *site, uint64_t mask, uint64_t value, uint32_t lane) {
    return collective(K_READLANE, site, mask, value, lane, (uintptr_t)__builtin_return_address(0));
}

uint64_t __cu2amd_wave_active_mask(const char *site, uint64_t mask) {
    return collective(K_ACTIVE, site, mask, 0, 0, (uintptr_t)__builtin_return_address(0));
}

/* A warp collective used against its definition (an empty member mask ...), found by the
 * device runtime library (runtime_shim/device): the kernel stops with `message`. */
void __cu2amd_wave_error(const char *site, const char *message) {
    cu2amd_block *b = g_block;
    cu2amd_thread *t = g_current;
    char who[48];
    fmt_thread(who, sizeof who, t);
    fail(b, CU2AMD_ERR_COLLECTIVE, "%s: %s (block (%u,%u,%u), thread %s)", site, message, t->ctaid.x, t->ctaid.y,
         t->ctaid.z, who);
    escape(b);
}

uint32_t __cu2amd_lane_id(void) { return g_current->lane; }

/* Complete the collective of `group` (lanes of one wave starting at thread `first`). */
static void finish_group(cu2amd_block *b, uint32_t first, uint64_t group) {
    cu2amd_thread *lanes = &b->threads[first];
    uint64_t ballot = 0;
    int kind = 0;
    for (uint32_t l = 0; l < 64; l++) {
        if (!(group >> l & 1)) continue;
        if (kind && lanes[l].coll_kind != kind) {
            fail(b, CU2AMD_ERR_COLLECTIVE, "lanes of one group meet at different collectives: %s and %s",
                 lanes[l].wait_site, lanes[__builtin_ctzll(group)].wait_site);
            return;
        }
        kind = lanes[l].coll_kind;
        if (lanes[l].coll_value) ballot |= 1ull << l;
    }
    for (uint32_t l = 0; l < 64; l++) {
        if (!(group >> l & 1)) continue;
        cu2amd_thread *t = &lanes[l];
        switch (kind) {
        case K_BALLOT: t->coll_result = ballot; break;
        case K_ACTIVE: t->coll_result = group; break;
        case K_READLANE: {
            uint64_t src = t->coll_arg;
            t->coll_result = src < 64 && (group >> src & 1) ? lanes[src].coll_value : 0;
            break;
        }
        }
    }
    for (uint32_t l = 0; l < 64; l++)
        if (group >> l & 1) lanes[l].state = T_RUNNABLE;
}

/* Release every collective group that is complete. Returns how many were released. */
static int resolve_collectives(cu2amd_block *b) {
    int released = 0;
    uint32_t w = b->threads[0].wave_size;
    for (uint32_t first = 0; first < b->n; first += w) {
        uint32_t count = b->n - first < w ? b->n - first : w;
        cu2amd_thread *lanes = &b->threads[first];
        uint64_t waiting = 0, runnable = 0, exited = 0;
        for (uint32_t l = 0; l < count; l++) {
            if (lanes[l].state == T_COLLECTIVE) waiting |= 1ull << l;
            if (lanes[l].state == T_RUNNABLE) runnable |= 1ull << l;
            if (lanes[l].state == T_EXITED) exited |= 1ull << l;
        }
        for (uint32_t l = count; l < 64; l++) exited |= 1ull << l;
        /* *_sync collectives: all non-exited lanes of the mask are waiting with the same
         * mask (PTX: "all non-exited threads corresponding to membermask"; the lanes past
         * a partial last wave count as exited). */
        for (uint32_t l = 0; l < count; l++) {
            cu2amd_thread *t = &lanes[l];
            if (t->state != T_COLLECTIVE || !t->coll_mask) continue;
            uint64_t m = t->coll_mask & ~exited;
            int ready = (m & waiting) == m;
            for (uint32_t k = 0; ready && k < count; k++)
                if (m >> k & 1 && lanes[k].coll_mask != t->coll_mask) ready = 0;
            if (ready) {
                finish_group(b, first, m);
                waiting &= ~m;
                released++;
            }
        }
        /* Mask-less collectives: once no lane of the wave can run, the lanes waiting at the
         * lowest call address form the group. */
        if (runnable == 0) {
            uintptr_t lowest = UINTPTR_MAX;
            for (uint32_t l = 0; l < count; l++)
                if (waiting >> l & 1 && !lanes[l].coll_mask && lanes[l].coll_addr < lowest) lowest = lanes[l].coll_addr;
            if (lowest != UINTPTR_MAX) {
                uint64_t group = 0;
                for (uint32_t l = 0; l < count; l++)
                    if (waiting >> l & 1 && !lanes[l].coll_mask && lanes[l].coll_addr == lowest) group |= 1ull << l;
                finish_group(b, first, group);
                released++;
            }
        }
        if (b->status != CU2AMD_OK) return released;
    }
    return released;
}

/* ------------------------------------------------------------------ deadlock report */

static void describe_wait(const cu2amd_thread *t, char *buf, size_t len) {
    if (t->state == T_BARRIER) snprintf(buf, len, "wait at %s (barrier %u)", t->wait_site, t->wait_barrier);
    else if (t->state == T_GRID) snprintf(buf, len, "wait at grid.sync()");
    else snprintf(buf, len, "wait at %s (warp collective)", t->wait_site);
}

static void report_deadlock(cu2amd_block *b) {
    cu2amd_thread *t0 = &b->threads[0];
    size_t used = (size_t)snprintf(b->err, b->err_len, "deadlock in block (%u,%u,%u): no thread can proceed",
                                   t0->ctaid.x, t0->ctaid.y, t0->ctaid.z);
    uint32_t i = 0;
    while (i < b->n && used < b->err_len) {
        cu2amd_thread *t = &b->threads[i];
        if (t->state == T_EXITED) {
            i++;
            continue;
        }
        char what[512], other[512];
        describe_wait(t, what, sizeof what);
        uint32_t j = i + 1;
        while (j < b->n && b->threads[j].state != T_EXITED) {
            describe_wait(&b->threads[j], other, sizeof other);
            if (strcmp(what, other)) break;
            j++;
        }
        char first[48], last[48];
        fmt_thread(first, sizeof first, t);
        fmt_thread(last, sizeof last, &b->threads[j - 1]);
        if (j - i == 1)
            used += (size_t)snprintf(b->err + used, b->err_len - used, "\n  thread %s: %s", first, what);
        else
            used += (size_t)snprintf(b->err + used, b->err_len - used, "\n  threads %s..%s (%u): %s", first, last, j - i,
                                     what);
        i = j;
    }
    b->status = CU2AMD_ERR_DEADLOCK;
}

/* ------------------------------------------------------------------ running a block */

static void set_current(cu2amd_block *b, cu2amd_thread *t) {
    g_current = t;
    *b->launch->thread_slot = t;
}

static void fiber_main(void *arg) {
    cu2amd_thread *t = arg;
    cu2amd_block *b = t->block;
    b->launch->entry(b->launch->args);
    t->state = T_EXITED;
    b->n_exited++;
    check_barriers_after_exit(b);
    cu2amd_fiber_switch(&b->fibers[t->linear_tid], &b->scheduler);
    abort(); /* an exited fiber is never resumed */
}

static void init_fibers(cu2amd_block *b) {
    for (uint32_t i = 0; i < b->n; i++)
        cu2amd_fiber_init(&b->fibers[i], stack_of(b->stack_first + i), g_stacks.size, fiber_main, &b->threads[i]);
}

/* Whether the block is stuck only because its threads wait at grid.sync(): every
 * non-exited thread does (a cooperative launch's grid scheduler releases them). */
static int waits_for_grid(const cu2amd_block *b) {
    uint32_t waiting = 0;
    for (uint32_t i = 0; i < b->n; i++) waiting += b->threads[i].state == T_GRID;
    return waiting > 0 && waiting == b->n - b->n_exited;
}

/* Runs the block's threads until all have exited, the block fails, or (cooperative
 * launches) all that remain wait at grid.sync(). */
static void run_fibers(cu2amd_block *b) {
    b->in_fiber = 1;
    for (;;) {
        int ran = 0;
        for (uint32_t k = 0; k < b->n; k++) {
            cu2amd_thread *t = &b->threads[b->order[k]];
            if (t->state != T_RUNNABLE) continue;
            set_current(b, t);
            cu2amd_fiber_switch(&b->scheduler, &b->fibers[t->linear_tid]);
            ran = 1;
            if (b->status != CU2AMD_OK) goto done;
        }
        if (b->n_exited == b->n) break;
        int released = resolve_collectives(b);
        if (b->status != CU2AMD_OK) break;
        if (!ran && !released) {
            if (waits_for_grid(b)) b->at_grid = 1;
            else report_deadlock(b);
            break;
        }
    }
done:
    b->in_fiber = 0;
}

static void run_loop(cu2amd_block *b) {
    for (uint32_t k = 0; k < b->n; k++) {
        cu2amd_thread *t = &b->threads[b->order[k]];
        set_current(b, t);
        b->launch->entry(b->launch->args);
        t->state = T_EXITED;
    }
    b->n_exited = b->n;
}

/* ------------------------------------------------------------------ faults */

#define ALTSTACK_SIZE (64 * 1024)
static __thread char *g_altstack;

static void on_fault(int sig, siginfo_t *info, void *uctx) {
    (void)uctx;
    cu2amd_block *b = g_block;
    cu2amd_thread *t = g_current;
    if (!b || !t) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    uint8_t *addr = info->si_addr;
    uint8_t *stack = b->use_fibers ? stack_of(b->stack_first + t->linear_tid) : NULL;
    char who[48];
    fmt_thread(who, sizeof who, t);
    if (stack && addr >= stack - g_stacks.guard && addr < stack)
        fail(b, CU2AMD_ERR_MEMORY, "stack overflow in block (%u,%u,%u), thread %s (stack size %zu bytes)", t->ctaid.x,
             t->ctaid.y, t->ctaid.z, who, g_stacks.size);
    else
        fail(b, CU2AMD_ERR_MEMORY, "invalid memory access at address 0x%llx in block (%u,%u,%u), thread %s (%s)",
             (unsigned long long)(uintptr_t)addr, t->ctaid.x, t->ctaid.y, t->ctaid.z, who, sig == SIGBUS ? "bus error" : "segmentation fault");
    siglongjmp(*b->escape, 1);
}

/* ------------------------------------------------------------------ launch */

static uint64_t next_random(uint64_t *s) {
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1Dull;
}

static void make_order(cu2amd_block *b, uint64_t block_index) {
    for (uint32_t i = 0; i < b->n; i++) b->order[i] = i;
    const cu2amd_launch *l = b->launch;
    if (l->order == CU2AMD_ORDER_REVERSE) {
        for (uint32_t i = 0; i < b->n; i++) b->order[i] = b->n - 1 - i;
    } else if (l->order == CU2AMD_ORDER_RANDOM) {
        uint64_t s = l->seed * 0x9E3779B97F4A7C15ull + block_index + 1;
        if (!s) s = 1;
        for (uint32_t i = b->n - 1; i > 0; i--) {
            uint32_t j = (uint32_t)(next_random(&s) % (i + 1));
            uint32_t tmp = b->order[i];
            b->order[i] = b->order[j];
            b->order[j] = tmp;
        }
    }
}

static const char *check_launch(const cu2amd_launch *l, uint64_t max_shared, char *buf, size_t len) {
    uint64_t threads = (uint64_t)l->block.x * l->block.y * l->block.z;
    if (!l->entry || !l->thread_slot) return "internal error: no kernel entry";
    if (!threads || !l->grid.x || !l->grid.y || !l->grid.z) {
        snprintf(buf, len, "invalid launch: grid (%u,%u,%u) and block (%u,%u,%u) must not be empty", l->grid.x,
                 l->grid.y, l->grid.z, l->block.x, l->block.y, l->block.z);
        return buf;
    }
    if (threads > CU2AMD_MAX_BLOCK_THREADS || l->block.z > 64) {
        snprintf(buf, len, "invalid launch: block (%u,%u,%u) has %llu threads; at most 1024, and z at most 64",
                 l->block.x, l->block.y, l->block.z, (unsigned long long)threads);
        return buf;
    }
    if (l->grid.y > 65535 || l->grid.z > 65535 || l->grid.x > 0x7FFFFFFFu) {
        snprintf(buf, len, "invalid launch: grid (%u,%u,%u) exceeds (2147483647, 65535, 65535)", l->grid.x, l->grid.y,
                 l->grid.z);
        return buf;
    }
    if (l->wave_size != 32 && l->wave_size != 64) {
        snprintf(buf, len, "invalid launch: wave size %u (32 or 64)", l->wave_size);
        return buf;
    }
    /* CUDA's rule: a block's static and dynamic shared memory together within the limit.
     * The one check for every launch (cu2amd.host and the HIP ABI alike). */
    uint64_t static_bytes = 0;
    for (uint32_t r = 0; r < l->n_shared_regions; r++) static_bytes += l->shared_region_sizes[r];
    if (static_bytes + l->dynamic_shared_size > max_shared || l->dynamic_shared_size > UINT32_MAX) {
        snprintf(buf, len,
                 "invalid launch: too much shared memory: %llu static + %llu dynamic bytes; at most %llu in all",
                 (unsigned long long)static_bytes, (unsigned long long)l->dynamic_shared_size,
                 (unsigned long long)max_shared);
        return buf;
    }
    return NULL;
}

int cu2amd_rt_launch(const cu2amd_launch *l, char *err, size_t err_len) {
    return cu2amd_rt_launch_limited(l, CU2AMD_MAX_SHARED_BYTES, err, err_len);
}

/* The next launch on this OS thread is cooperative (hipLaunchCooperativeKernel sets it
 * around its hipLaunchKernel call). */
static __thread int g_next_cooperative;

/* Thread records of grid block `bi` (linear), all runnable; barriers reset. */
static void setup_block(cu2amd_block *b, uint64_t bi, uint8_t *dynamic_shared) {
    const cu2amd_launch *l = b->launch;
    cu2amd_dim3 ctaid = {(uint32_t)(bi % l->grid.x), (uint32_t)(bi / l->grid.x % l->grid.y),
                         (uint32_t)(bi / ((uint64_t)l->grid.x * l->grid.y))};
    for (uint32_t i = 0; i < b->n; i++) {
        cu2amd_thread *t = &b->threads[i];
        memset(t, 0, sizeof *t);
        t->tid = (cu2amd_dim3){i % l->block.x, i / l->block.x % l->block.y, i / (l->block.x * l->block.y)};
        t->ntid = l->block;
        t->ctaid = ctaid;
        t->nctaid = l->grid;
        t->linear_tid = i;
        t->wave_size = l->wave_size;
        t->lane = i % l->wave_size;
        t->dynamic_shared = dynamic_shared;
        t->dynamic_shared_size = (uint32_t)l->dynamic_shared_size;
        t->block = b;
        t->state = T_RUNNABLE;
    }
    b->n_exited = 0;
    for (int id = 0; id < CU2AMD_NUM_BARRIERS; id++) reset_barrier(&b->barriers[id]);
    make_order(b, bi);
}

/* A block's shared memory as it starts: dynamic zeroed, static as the module holds it
 * (strict mode: both poisoned). */
static void clear_shared(const cu2amd_launch *l, uint8_t *dynamic_shared) {
    int strict = (l->flags & CU2AMD_LAUNCH_STRICT) != 0;
    memset(dynamic_shared, strict ? POISON_BYTE : 0, l->dynamic_shared_size);
    if (strict)
        for (uint32_t r = 0; r < l->n_shared_regions; r++)
            memset(l->shared_regions[r], POISON_BYTE, l->shared_region_sizes[r]);
}

/* Copies the live shared memory (the module's static regions, then the dynamic buffer)
 * to the block's save area (save = 1) or back (save = 0). */
static void swap_shared(cu2amd_block *b, uint8_t *dynamic_shared, int save) {
    const cu2amd_launch *l = b->launch;
    uint8_t *area = b->shared_save;
    for (uint32_t r = 0; r <= l->n_shared_regions; r++) {
        uint8_t *live = r < l->n_shared_regions ? l->shared_regions[r] : dynamic_shared;
        size_t size = r < l->n_shared_regions ? l->shared_region_sizes[r] : l->dynamic_shared_size;
        if (save) memcpy(area, live, size);
        else memcpy(live, area, size);
        area += size;
    }
}

/* A cooperative grid: all blocks resident, each run until it exits or waits at
 * grid.sync(); when every block that has not exited waits there, all are released. A
 * block that exits while others wait would hang a GPU: it is reported as a deadlock. */
static void run_grid(cu2amd_block *blocks, uint64_t count, uint8_t *dynamic_shared, int *status) {
    uint64_t live = count; /* whose shared memory the module's buffers hold */
    for (;;) {
        uint64_t waiting = 0, exited = 0;
        for (uint64_t k = 0; k < count; k++) {
            cu2amd_block *b = &blocks[k];
            if (b->n_exited == b->n) {
                exited++;
                continue;
            }
            if (!b->at_grid) {
                if (live != k) {
                    if (live < count) swap_shared(&blocks[live], dynamic_shared, 1);
                    swap_shared(b, dynamic_shared, 0);
                    live = k;
                }
                g_block = b;
                run_fibers(b);
                if (b->status != CU2AMD_OK) {
                    *status = b->status;
                    return;
                }
                if (b->n_exited == b->n) {
                    exited++;
                    continue;
                }
            }
            waiting++;
        }
        if (!waiting) return;
        if (exited) {
            cu2amd_block *gone = NULL;
            for (uint64_t k = 0; k < count && !gone; k++)
                if (blocks[k].n_exited == blocks[k].n) gone = &blocks[k];
            cu2amd_thread *t = &gone->threads[0];
            snprintf(gone->err, gone->err_len,
                     "deadlock: %llu block(s) wait at grid.sync(), which block (%u,%u,%u) and %llu other(s) "
                     "exited without reaching",
                     (unsigned long long)waiting, t->ctaid.x, t->ctaid.y, t->ctaid.z, (unsigned long long)exited - 1);
            *status = CU2AMD_ERR_DEADLOCK;
            return;
        }
        for (uint64_t k = 0; k < count; k++) {
            cu2amd_block *b = &blocks[k];
            b->at_grid = 0;
            for (uint32_t i = 0; i < b->n; i++)
                if (b->threads[i].state == T_GRID) b->threads[i].state = T_RUNNABLE;
        }
    }
}

int cu2amd_rt_launch_limited(const cu2amd_launch *l, uint64_t max_shared_bytes, char *err, size_t err_len) {
    int coop = g_next_cooperative;
    g_next_cooperative = 0;
    char buf[512];
    const char *bad = check_launch(l, max_shared_bytes, buf, sizeof buf);
    if (bad) {
        snprintf(err, err_len, "%s", bad);
        return CU2AMD_ERR_INVALID_LAUNCH;
    }
    uint32_t n = l->block.x * l->block.y * l->block.z;
    uint64_t blocks = (uint64_t)l->grid.x * l->grid.y * l->grid.z;
    /* A cooperative grid is small (the occupancy limit, checked by the caller): all of its
     * blocks at once, always with fibers (grid.sync() switches away). */
    uint64_t resident = coop ? blocks : 1;
    if (coop && blocks * n > 65536) {
        snprintf(err, err_len, "cooperative launch of %llu blocks of %u threads: too many threads to hold at once",
                 (unsigned long long)blocks, n);
        return CU2AMD_ERR_OUT_OF_RESOURCES;
    }
    int fibers = coop || (l->flags & CU2AMD_LAUNCH_FIBERS) != 0;
    size_t stack_size = l->stack_size ? l->stack_size : DEFAULT_STACK_SIZE;
    if (fibers && ensure_stacks((uint32_t)(n * resident), stack_size) != 0) {
        snprintf(err, err_len, "out of memory for %llu fiber stacks of %zu bytes", (unsigned long long)(n * resident),
                 stack_size);
        return CU2AMD_ERR_OUT_OF_RESOURCES;
    }
    if (!g_altstack && !(g_altstack = malloc(ALTSTACK_SIZE))) {
        snprintf(err, err_len, "out of memory for the fault handler's stack");
        return CU2AMD_ERR_OUT_OF_RESOURCES;
    }
    size_t shared_bytes = l->dynamic_shared_size;
    for (uint32_t r = 0; r < l->n_shared_regions; r++) shared_bytes += l->shared_region_sizes[r];
    cu2amd_block *all = calloc(resident, sizeof *all);
    cu2amd_thread *threads = calloc(n * resident, sizeof *threads);
    cu2amd_fiber *fiber_ctx = fibers ? calloc(n * resident, sizeof *fiber_ctx) : NULL;
    uint32_t *order = calloc(n * resident, sizeof *order);
    uint8_t *save = coop ? calloc(resident, shared_bytes + 1) : NULL;
    /* The module's own buffer when its extern __shared__ arrays alias one (the check above
     * keeps the size within it), else memory of this launch. */
    uint8_t *dyn = l->dynamic_shared_buffer ? NULL : calloc(1, l->dynamic_shared_size + 256);
    if (!all || !threads || !order || (!dyn && !l->dynamic_shared_buffer) || (fibers && !fiber_ctx) ||
        (coop && !save)) {
        free(all), free(threads), free(fiber_ctx), free(order), free(dyn), free(save);
        snprintf(err, err_len, "out of memory for a block of %u threads", n);
        return CU2AMD_ERR_OUT_OF_RESOURCES;
    }
    uint8_t *dyn_aligned =
        dyn ? (uint8_t *)(((uintptr_t)dyn + 255) & ~(uintptr_t)255) : l->dynamic_shared_buffer;
    sigjmp_buf escape_to;
    static uint64_t launches;
    uint64_t grid_id = __atomic_add_fetch(&launches, 1, __ATOMIC_RELAXED);
    char frame_marker;
    for (uint64_t k = 0; k < resident; k++)
        all[k] = (cu2amd_block){.launch = l, .threads = threads + k * n, .fibers = fibers ? fiber_ctx + k * n : NULL,
                                .n = n, .use_fibers = fibers, .order = order + k * n, .status = CU2AMD_OK,
                                .err = err, .err_len = err_len, .escape = &escape_to, .grid_id = grid_id,
                                .launch_frame = &frame_marker, .coop = coop, .stack_first = (uint32_t)(k * n),
                                .shared_save = coop ? save + k * (shared_bytes + 1) : NULL};
    err[0] = 0;

    struct sigaction act = {0}, old_segv, old_bus;
    stack_t alt = {.ss_sp = g_altstack, .ss_size = ALTSTACK_SIZE, .ss_flags = 0}, old_alt;
    sigaltstack(&alt, &old_alt);
    act.sa_sigaction = on_fault;
    act.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
    sigemptyset(&act.sa_mask);
    sigaction(SIGSEGV, &act, &old_segv);
    sigaction(SIGBUS, &act, &old_bus);
    cu2amd_thread *saved_slot = *l->thread_slot;
    g_block = all;

    int status = CU2AMD_OK;
    if (sigsetjmp(escape_to, 1) == 0) {
        if (coop) {
            for (uint64_t k = 0; k < resident; k++) {
                setup_block(&all[k], k, dyn_aligned);
                init_fibers(&all[k]);
                clear_shared(l, dyn_aligned);
                swap_shared(&all[k], dyn_aligned, 1);
            }
            run_grid(all, resident, dyn_aligned, &status);
        } else {
            cu2amd_block *b = all;
            for (uint64_t bi = 0; bi < blocks && b->status == CU2AMD_OK; bi++) {
                setup_block(b, bi, dyn_aligned);
                clear_shared(l, dyn_aligned);
                if (fibers) {
                    init_fibers(b);
                    run_fibers(b);
                } else {
                    run_loop(b);
                }
            }
            status = b->status;
        }
    } else {
        g_block->in_fiber = 0;
        status = g_block->status;
    }

    g_block = NULL;
    g_current = NULL;
    *l->thread_slot = saved_slot;
    sigaction(SIGSEGV, &old_segv, NULL);
    sigaction(SIGBUS, &old_bus, NULL);
    sigaltstack(&old_alt, NULL);
    fflush(stdout);
    free(all), free(threads), free(fiber_ctx), free(order), free(dyn), free(save);
    return status;
}

/* grid.sync() on the host platform (cooperative_groups.h): every thread of the grid
 * waits here until all threads that have not exited do. Only in a cooperative launch:
 * elsewhere the blocks are not resident together (CUDA's rule), and it stops the kernel. */
void __cu2amd_grid_sync(void) {
    cu2amd_block *b = g_block;
    cu2amd_thread *t = g_current;
    if (!b->coop) {
        char who[48];
        fmt_thread(who, sizeof who, t);
        fail(b, CU2AMD_ERR_BARRIER,
             "grid.sync() in block (%u,%u,%u), thread %s: the kernel was not launched with "
             "cudaLaunchCooperativeKernel",
             t->ctaid.x, t->ctaid.y, t->ctaid.z, who);
        escape(b);
    }
    t->state = T_GRID;
    t->wait_site = "grid.sync()";
    cu2amd_fiber_switch(&b->fibers[t->linear_tid], &b->scheduler);
}

/* cuLaunchCooperativeKernel (cuda.h, cu2amd/driver_coop.h): whether this thread's next
 * launch is cooperative; it calls this around hipModuleLaunchKernel. */
void __cu2amd_host_cooperative_launch(int on) { g_next_cooperative = on != 0; }

/* grid_group::is_valid(): whether this launch is cooperative. */
uint32_t __cu2amd_grid_is_cooperative(void) { return (uint32_t)g_block->coop; }

/* ------------------------------------------------------------------ cooperative launch (HIP ABI) */

#define COOPERATIVE_LAUNCH_TOO_LARGE ((hipError_t)720) /* hipErrorCooperativeLaunchTooLarge */

/* CUDA's rule for a cooperative grid: at most what the occupancy model holds at once
 * (blocks per multiprocessor times multiprocessors); a block shape that cannot launch at
 * all is left to the launch to reject. */
static hipError_t check_cooperative(const void *f, dim3 grid, dim3 block, size_t shmem) {
    uint64_t threads = (uint64_t)block.x * block.y * block.z;
    uint64_t blocks = (uint64_t)grid.x * grid.y * grid.z;
    if (!threads || !blocks || threads > CU2AMD_MAX_BLOCK_THREADS) return hipSuccess;
    int per_sm = 0;
    hipError_t e = hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&per_sm, f, (int)threads, shmem, 0);
    if (e != hipSuccess) return e;
    hipDeviceProp_t prop;
    if ((e = hipGetDeviceProperties(&prop, 0)) != hipSuccess) return e;
    if (blocks > (uint64_t)per_sm * (uint64_t)prop.multiProcessorCount) {
        fprintf(stderr,
                "cu2amd host runtime: cooperative launch of %llu blocks of %llu threads: at most %d can be "
                "resident (%d per multiprocessor, %d multiprocessor(s))\n",
                (unsigned long long)blocks, (unsigned long long)threads, per_sm * prop.multiProcessorCount, per_sm,
                prop.multiProcessorCount);
        return cu2amd_hip_record(COOPERATIVE_LAUNCH_TOO_LARGE);
    }
    return hipSuccess;
}

hipError_t hipLaunchCooperativeKernel(const void *f, dim3 gridDim, dim3 blockDimX, void **kernelParams,
                                      unsigned int sharedMemBytes, hipStream_t stream) {
    if (cu2amd_graph_capturing(stream)) return cu2amd_graph_capture_unsupported(stream);
    hipError_t e = check_cooperative(f, gridDim, blockDimX, sharedMemBytes);
    if (e != hipSuccess) return e;
    g_next_cooperative = 1;
    e = hipLaunchKernel(f, gridDim, blockDimX, kernelParams, sharedMemBytes, stream);
    g_next_cooperative = 0;
    return e;
}

void __cu2amd_trap(const char *site) {
    cu2amd_block *b = g_block;
    cu2amd_thread *t = g_current;
    char who[48];
    fmt_thread(who, sizeof who, t);
    fail(b, CU2AMD_ERR_TRAP, "%s: trap in block (%u,%u,%u), thread %s", site, t->ctaid.x, t->ctaid.y, t->ctaid.z, who);
    escape(b);
}

/* CUDA's device assert: the message CUDA prints, then the kernel stops. */
void __cu2amd_assertfail(const char *message, const char *file, unsigned line, const char *function,
                         size_t char_size) {
    (void)char_size;
    cu2amd_block *b = g_block;
    cu2amd_thread *t = g_current;
    fail(b, CU2AMD_ERR_ASSERT, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.", file, line,
         function, t->ctaid.x, t->ctaid.y, t->ctaid.z, t->tid.x, t->tid.y, t->tid.z, message);
    escape(b);
}

/* %globaltimer: a nanosecond clock. */
uint64_t __cu2amd_globaltimer(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* %gridid: the number of the running launch (1 for the process's first). */
uint64_t __cu2amd_grid_id(void) { return g_block->grid_id; }

static int within(const void *p, const void *base, size_t size) {
    return (const char *)p >= (const char *)base && (const char *)p < (const char *)base + size;
}

/* isspacep: whether a generic address is in the block's shared memory (space 1), the
 * thread's local memory, i.e. its stack (space 2), or global memory: anything else
 * (space 0). */
int __cu2amd_is_space(int space, const void *p) {
    cu2amd_block *b = g_block;
    cu2amd_thread *t = g_current;
    const cu2amd_launch *l = b->launch;
    int shared = within(p, t->dynamic_shared, t->dynamic_shared_size);
    for (uint32_t r = 0; r < l->n_shared_regions && !shared; r++)
        shared = within(p, l->shared_regions[r], l->shared_region_sizes[r]);
    char here;
    int local = b->use_fibers ? within(p, stack_of(b->stack_first + t->linear_tid), g_stacks.size)
                              : (const char *)p > &here && (const char *)p < b->launch_frame;
    return space == 1 ? shared : space == 2 ? local : !shared && !local;
}

long cu2amd_rt_field_offset(int index) {
    static const long offsets[] = {
        offsetof(cu2amd_thread, tid),        offsetof(cu2amd_thread, ntid),
        offsetof(cu2amd_thread, ctaid),      offsetof(cu2amd_thread, nctaid),
        offsetof(cu2amd_thread, linear_tid), offsetof(cu2amd_thread, wave_size),
        offsetof(cu2amd_thread, dynamic_shared), offsetof(cu2amd_thread, dynamic_shared_size),
        offsetof(cu2amd_thread, lane),
    };
    return index >= 0 && index < (int)(sizeof offsets / sizeof offsets[0]) ? offsets[index] : -1;
}

size_t cu2amd_rt_max_shared_bytes(void) { return CU2AMD_MAX_SHARED_BYTES; }

const char *cu2amd_rt_version(void) {
    static char text[64];
    snprintf(text, sizeof text, "cu2amd host runtime 1 (%s fibers)", cu2amd_fiber_kind());
    return text;
}
