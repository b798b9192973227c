/* Kernels written in C against the host runtime's module ABI (the same symbols cu2amd's
 * host lowering emits), to test the runtime's wave primitives directly. Each kernel
 * writes one 64-bit result per thread to out[linear id]. */
#include <stdint.h>

#include "cu2amd_host.h"

cu2amd_thread *__cu2amd_thread;
const int64_t __cu2amd_shared_regions_count = 0;
const struct { void *p; int64_t size; } __cu2amd_shared_regions[1];

static uint64_t *out_slot(void **args) {
    cu2amd_thread *t = __cu2amd_thread;
    uint64_t *out = *(uint64_t **)args[0];
    uint64_t block = (uint64_t)t->ctaid.x * (t->ntid.x * t->ntid.y * t->ntid.z);
    return &out[block + t->linear_tid];
}

/* Every lane votes tid % 3 == 0 over the whole wave (mask-less). */
const int32_t __cu2amd_flags_ballot_all = 1;
void __cu2amd_entry_ballot_all(void **args) {
    cu2amd_thread *t = __cu2amd_thread;
    *out_slot(args) = __cu2amd_wave_ballot("ballot_all", 0, t->linear_tid % 3 == 0);
}

/* Divergence: even lanes and odd lanes reach different call sites; each group is the
 * lanes at one site, so each sees only its own side's votes. */
const int32_t __cu2amd_flags_ballot_divergent = 1;
void __cu2amd_entry_ballot_divergent(void **args) {
    cu2amd_thread *t = __cu2amd_thread;
    if (t->lane % 2 == 0) *out_slot(args) = __cu2amd_wave_ballot("even", 0, 1);
    else *out_slot(args) = __cu2amd_wave_ballot("odd", 0, 1);
}

/* A *_sync collective over an explicit mask (the low 8 lanes); the others skip it. */
const int32_t __cu2amd_flags_ballot_masked = 1;
void __cu2amd_entry_ballot_masked(void **args) {
    cu2amd_thread *t = __cu2amd_thread;
    uint64_t r = 0;
    if (t->lane < 8) r = __cu2amd_wave_ballot("masked", 0xFF, t->lane & 1);
    *out_slot(args) = r;
}

/* Rotate values by one lane within the wave (readlane from lane + 1). */
const int32_t __cu2amd_flags_rotate = 1;
void __cu2amd_entry_rotate(void **args) {
    cu2amd_thread *t = __cu2amd_thread;
    uint32_t src = (t->lane + 1) % t->wave_size;
    *out_slot(args) = __cu2amd_wave_readlane("rotate", 0, 1000 + t->linear_tid, src);
}

/* The active mask inside a branch taken by lanes < 5. */
const int32_t __cu2amd_flags_active = 1;
void __cu2amd_entry_active(void **args) {
    cu2amd_thread *t = __cu2amd_thread;
    uint64_t r = ~0ull;
    if (t->lane < 5) r = __cu2amd_wave_active_mask("active", 0);
    *out_slot(args) = r;
}

/* A mask naming a lane that has exited: the group is the non-exited lanes of the mask. */
const int32_t __cu2amd_flags_exited_lane = 1;
void __cu2amd_entry_exited_lane(void **args) {
    cu2amd_thread *t = __cu2amd_thread;
    if (t->lane == 0) *out_slot(args) = __cu2amd_wave_ballot("needs lane 1", 0x3, 1);
}

/* bar.red.popc over the block: how many threads have an even id. */
const int32_t __cu2amd_flags_bar_red = 1;
void __cu2amd_entry_bar_red(void **args) {
    cu2amd_thread *t = __cu2amd_thread;
    *out_slot(args) = __cu2amd_barrier("bar.red.popc", 0, 0, 2, t->linear_tid % 2 == 0);
}
