/* Context switching for the host runtime's fibers. See fiber.h. */
#include "fiber.h"

#include <stdint.h>
#include <string.h>

#ifdef CU2AMD_USE_UCONTEXT

static void trampoline(unsigned lo, unsigned hi, unsigned alo, unsigned ahi) {
    cu2amd_fiber_fn fn = (cu2amd_fiber_fn)(((uintptr_t)hi << 32) | lo);
    void *arg = (void *)(((uintptr_t)ahi << 32) | alo);
    fn(arg);
}

void cu2amd_fiber_init(cu2amd_fiber *f, void *stack, size_t size, cu2amd_fiber_fn fn, void *arg) {
    getcontext(&f->ctx);
    f->ctx.uc_stack.ss_sp = stack;
    f->ctx.uc_stack.ss_size = size;
    f->ctx.uc_link = NULL;
    uintptr_t p = (uintptr_t)fn, a = (uintptr_t)arg;
    makecontext(&f->ctx, (void (*)(void))trampoline, 4, (unsigned)p, (unsigned)(p >> 32),
                (unsigned)a, (unsigned)(a >> 32));
}

void cu2amd_fiber_switch(cu2amd_fiber *from, cu2amd_fiber *to) { swapcontext(&from->ctx, &to->ctx); }

const char *cu2amd_fiber_kind(void) { return "ucontext"; }

#elif defined(__x86_64__)

/* void cu2amd_switch_sp(void **save_sp, void *new_sp)
 * Saves rbp rbx r12-r15, MXCSR and the x87 control word on the current stack, stores rsp
 * in *save_sp, switches to new_sp and restores the same from there. */
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".type cu2amd_switch_sp,@function\n"
    "cu2amd_switch_sp:\n"
    "    pushq %rbp\n"
    "    pushq %rbx\n"
    "    pushq %r12\n"
    "    pushq %r13\n"
    "    pushq %r14\n"
    "    pushq %r15\n"
    "    subq $8, %rsp\n"
    "    stmxcsr (%rsp)\n"
    "    fnstcw 4(%rsp)\n"
    "    movq %rsp, (%rdi)\n"
    "    movq %rsi, %rsp\n"
    "    ldmxcsr (%rsp)\n"
    "    fldcw 4(%rsp)\n"
    "    addq $8, %rsp\n"
    "    popq %r15\n"
    "    popq %r14\n"
    "    popq %r13\n"
    "    popq %r12\n"
    "    popq %rbx\n"
    "    popq %rbp\n"
    "    ret\n"
    ".size cu2amd_switch_sp, .-cu2amd_switch_sp\n"
    /* First entry of a fiber: r12 = arg, r13 = fn; the stack is 16-byte aligned here. */
    ".p2align 4\n"
    ".type cu2amd_fiber_entry,@function\n"
    "cu2amd_fiber_entry:\n"
    "    movq %r12, %rdi\n"
    "    callq *%r13\n"
    "    ud2\n"
    ".size cu2amd_fiber_entry, .-cu2amd_fiber_entry\n");

void cu2amd_switch_sp(void **save_sp, void *new_sp);
void cu2amd_fiber_entry(void);

void cu2amd_fiber_init(cu2amd_fiber *f, void *stack, size_t size, cu2amd_fiber_fn fn, void *arg) {
    uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;
    uint64_t *frame = (uint64_t *)(top - 80); /* 16-byte aligned: see cu2amd_switch_sp */
    memset(frame, 0, 80);
    uint32_t csr = 0x1F80;  /* MXCSR default: all exceptions masked, round to nearest */
    uint16_t cw = 0x037F;   /* x87 default control word */
    memcpy(&frame[0], &csr, 4);
    memcpy((char *)&frame[0] + 4, &cw, 2);
    frame[1] = 0;                       /* r15 */
    frame[2] = 0;                       /* r14 */
    frame[3] = (uint64_t)(uintptr_t)fn; /* r13 */
    frame[4] = (uint64_t)(uintptr_t)arg; /* r12 */
    frame[5] = 0;                       /* rbx */
    frame[6] = 0;                       /* rbp */
    frame[7] = (uint64_t)(uintptr_t)cu2amd_fiber_entry; /* return address */
    f->sp = frame;
}

void cu2amd_fiber_switch(cu2amd_fiber *from, cu2amd_fiber *to) { cu2amd_switch_sp(&from->sp, to->sp); }

const char *cu2amd_fiber_kind(void) { return "x86-64"; }

#elif defined(__aarch64__)

/* Saves x19-x30, d8-d15 and FPCR (AAPCS64 callee-saved state). */
__asm__(
    ".text\n"
    ".p2align 4\n"
    ".type cu2amd_switch_sp,%function\n"
    "cu2amd_switch_sp:\n"
    "    sub sp, sp, #176\n"
    "    stp x19, x20, [sp, #0]\n"
    "    stp x21, x22, [sp, #16]\n"
    "    stp x23, x24, [sp, #32]\n"
    "    stp x25, x26, [sp, #48]\n"
    "    stp x27, x28, [sp, #64]\n"
    "    stp x29, x30, [sp, #80]\n"
    "    stp d8, d9, [sp, #96]\n"
    "    stp d10, d11, [sp, #112]\n"
    "    stp d12, d13, [sp, #128]\n"
    "    stp d14, d15, [sp, #144]\n"
    "    mrs x9, fpcr\n"
    "    str x9, [sp, #160]\n"
    "    mov x9, sp\n"
    "    str x9, [x0]\n"
    "    mov sp, x1\n"
    "    ldr x9, [sp, #160]\n"
    "    msr fpcr, x9\n"
    "    ldp x19, x20, [sp, #0]\n"
    "    ldp x21, x22, [sp, #16]\n"
    "    ldp x23, x24, [sp, #32]\n"
    "    ldp x25, x26, [sp, #48]\n"
    "    ldp x27, x28, [sp, #64]\n"
    "    ldp x29, x30, [sp, #80]\n"
    "    ldp d8, d9, [sp, #96]\n"
    "    ldp d10, d11, [sp, #112]\n"
    "    ldp d12, d13, [sp, #128]\n"
    "    ldp d14, d15, [sp, #144]\n"
    "    add sp, sp, #176\n"
    "    ret\n"
    ".size cu2amd_switch_sp, .-cu2amd_switch_sp\n"
    ".p2align 4\n"
    ".type cu2amd_fiber_entry,%function\n"
    "cu2amd_fiber_entry:\n"
    "    mov x0, x19\n"
    "    blr x20\n"
    "    brk #0\n"
    ".size cu2amd_fiber_entry, .-cu2amd_fiber_entry\n");

void cu2amd_switch_sp(void **save_sp, void *new_sp);
void cu2amd_fiber_entry(void);

void cu2amd_fiber_init(cu2amd_fiber *f, void *stack, size_t size, cu2amd_fiber_fn fn, void *arg) {
    uintptr_t top = ((uintptr_t)stack + size) & ~(uintptr_t)15;
    uint64_t *frame = (uint64_t *)(top - 176);
    memset(frame, 0, 176);
    frame[0] = (uint64_t)(uintptr_t)arg;                /* x19 */
    frame[1] = (uint64_t)(uintptr_t)fn;                 /* x20 */
    frame[11] = (uint64_t)(uintptr_t)cu2amd_fiber_entry; /* x30 */
    frame[20] = 0;                                       /* FPCR: round to nearest */
    f->sp = frame;
}

void cu2amd_fiber_switch(cu2amd_fiber *from, cu2amd_fiber *to) { cu2amd_switch_sp(&from->sp, to->sp); }

const char *cu2amd_fiber_kind(void) { return "aarch64"; }

#endif
