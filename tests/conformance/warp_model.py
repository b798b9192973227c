"""Run one warp collective over a block on the host platform, and the PTX ISA's model of it.

A test describes what each thread of a block does with a `Block`: its role (execute the
collective in branch A, in branch B, skip it, or exit before it) and the member mask it
passes. `run()` builds a kernel around the instruction (sources %a0, %a1 ... loaded per
thread, the member mask in %m, the result in %d and the optional predicate in %p), runs
it at the given hardware wave size and returns the per-thread results. The reference
functions below compute what the PTX ISA defines for each thread, None where it leaves
the result undefined (a shuffle from a lane that does not take part).

Warps are CUDA's 32 lanes; a block of 48 or 100 threads has a partial last warp, whose
missing lanes behave as exited ones.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from harness import load_operand, reg_type, storage_dtype, store_result
from hypothesis import strategies as st

from cu2amd import host

WARP = 32
EXEC_A, SKIP, EXIT, EXEC_B = 0, 1, 2, 3  # roles
SENTINEL = 0xDEADBEEF


@dataclass(frozen=True)
class Block:
    roles: np.ndarray  # uint32 per thread
    masks: np.ndarray  # uint32 per thread (the member mask it passes)

    @property
    def threads(self) -> int:
        return len(self.roles)

    def executes(self, t: int) -> bool:
        return int(self.roles[t]) in (EXEC_A, EXEC_B)

    def group(self, t: int) -> list[int]:
        """The lanes (0..31) that take part with thread t: the non-exited threads of its
        member mask (PTX: "all non-exited threads corresponding to membermask")."""
        base = t - t % WARP
        mask = int(self.masks[t])
        return [
            lane
            for lane in range(WARP)
            if mask >> lane & 1 and base + lane < self.threads and self.executes(base + lane)
        ]

    def converged(self, t: int) -> list[int]:
        """The lanes executing a collective without a member mask together with thread t:
        those of its warp in the same branch."""
        base = t - t % WARP
        role = int(self.roles[t])
        return [
            lane
            for lane in range(WARP)
            if base + lane < self.threads and int(self.roles[base + lane]) == role
        ]


def full_block(threads: int) -> Block:
    """Every thread executes with the full mask."""
    return Block(np.zeros(threads, np.uint32), np.full(threads, 0xFFFFFFFF, np.uint32))


def kernel_text(instruction: str, sources: Sequence[str], dest: str | None, pred: bool) -> str:
    lines = [
        ".version 8.0",
        ".target sm_90",
        ".address_size 64",
        ".visible .entry warp(",
        "\t.param .u64 dout, .param .u64 pout, .param .u64 roles, .param .u64 masks"
        + "".join(f", .param .u64 in{i}" for i in range(len(sources))),
        ")",
        "{",
        "\t.reg .pred %exit, %skip, %branch, %p;",
        "\t.reg .b32 %r_tid, %role, %m, %pv;",
        "\t.reg .b64 %off, %ptr, %base;",
        "\t.reg .b16 %h;",
        *([f"\t.reg .{reg_type(dest)} %d;"] if dest else []),
        *(f"\t.reg .{reg_type(s)} %a{i};" for i, s in enumerate(sources)),
        "\tmov.u32 %r_tid, %tid.x;",
        "\tmul.wide.u32 %off, %r_tid, 4;",
        "\tld.param.u64 %base, [roles];",
        "\tadd.s64 %ptr, %base, %off;",
        "\tld.global.u32 %role, [%ptr];",
        f"\tsetp.eq.u32 %exit, %role, {EXIT};",
        "\t@%exit exit;",
        f"\tsetp.eq.u32 %skip, %role, {SKIP};",
        "\t@%skip bra DONE;",
        "\tld.param.u64 %base, [masks];",
        "\tadd.s64 %ptr, %base, %off;",
        "\tld.global.u32 %m, [%ptr];",
    ]
    for i, s in enumerate(sources):
        lines += load_operand(i, s, "%r_tid")
    lines += [
        f"\tsetp.eq.u32 %branch, %role, {EXEC_B};",
        "\t@%branch bra BRANCH_B;",
        "\t" + instruction,
        "\tbra STORE;",
        "BRANCH_B:",
        "\t" + instruction,
        "STORE:",
    ]
    if dest:
        lines += store_result("dout", "%d", dest, "%r_tid")
    if pred:
        lines += store_result("pout", "%p", "pred", "%r_tid")
    lines += ["DONE:", "\tret;", "}", ""]
    return "\n".join(lines)


@functools.cache
def _module(
    instruction: str, sources: tuple[str, ...], dest: str | None, pred: bool
) -> host.Module:
    return host.Module.from_ptx(
        kernel_text(instruction, sources, dest, pred), f"<warp: {instruction}>"
    )


def run(
    instruction: str,
    sources: Sequence[str],
    dest: str | None,
    block: Block,
    inputs: Sequence[np.ndarray],
    warp_size: int,
    pred: bool = False,
    order: str = "forward",
) -> tuple[np.ndarray, np.ndarray]:
    """Run `instruction` over `block`; returns (d, p) per thread (SENTINEL / 2 where a
    thread did not write them)."""
    n = block.threads
    arrays = [
        host.to_device(np.ascontiguousarray(v).view(storage_dtype(s)))
        for s, v in zip(sources, inputs, strict=True)
    ]
    dtype = storage_dtype(dest) if dest else np.uint32
    dout = host.to_device(np.full(n, SENTINEL if dtype != np.uint8 else 0xAA, dtype))
    pout = host.to_device(np.full(n, 2, np.uint8))
    module = _module(instruction, tuple(sources), dest, pred)
    module.launch(
        "warp",
        grid=1,
        block=n,
        args=[dout, pout, host.to_device(block.roles), host.to_device(block.masks), *arrays],
        warp_size=warp_size,
        order=order,
    )
    return dout.to_numpy(), pout.to_numpy()


def check(
    block: Block,
    got: np.ndarray,
    expected: Callable[[int], int | None],
    what: str,
) -> None:
    """Compare each executing thread's result with the model's (None: undefined)."""
    for t in range(block.threads):
        if not block.executes(t):
            continue
        want = expected(t)
        if want is None:
            continue
        assert int(got[t]) == want, (
            f"{what}: thread {t} (lane {t % WARP}, mask {int(block.masks[t]):#010x}): "
            f"got {int(got[t]):#x}, expected {want:#x}"
        )


@st.composite
def blocks(draw) -> Block:
    """Disjoint member masks (each naming its executing lanes and maybe exited or missing
    ones), in two branches, with threads that skip the shuffle or exit before it."""
    n = draw(st.sampled_from([32, 48, 64, 100]))
    roles = np.zeros(n, np.uint32)
    masks = np.zeros(n, np.uint32)
    for base in range(0, n, WARP):
        lanes = range(min(WARP, n - base))
        labels = draw(
            st.lists(st.sampled_from("aabbcse"), min_size=len(lanes), max_size=len(lanes))
        )
        gone = sum(1 << lane for lane in range(WARP) if lane >= len(lanes) or labels[lane] == "e")
        for lane in lanes:
            if labels[lane] == "s":
                roles[base + lane] = SKIP
            elif labels[lane] == "e":
                roles[base + lane] = EXIT
        for group in "abc":
            members = [lane for lane in lanes if labels[lane] == group]
            if not members:
                continue
            mask = sum(1 << lane for lane in members) | (draw(st.integers(0, 2**32 - 1)) & gone)
            role = draw(st.sampled_from([EXEC_A, EXEC_B]))
            for lane in members:
                roles[base + lane] = role
                masks[base + lane] = mask
    return Block(roles, masks)


# ---------------------------------------------------------------- reference models


def shfl_source(mode: str, lane: int, b: int, c: int) -> tuple[int, bool]:
    """PTX ISA 9.7.9.6: the source lane j and the predicate, by the ISA's pseudo-code."""
    bval, cval, segmask = b & 31, c & 31, (c >> 8) & 31
    max_lane = (lane & segmask) | (cval & ~segmask)
    min_lane = lane & segmask
    if mode == "up":
        j = lane - bval
        p = j >= max_lane
    elif mode == "down":
        j = lane + bval
        p = j <= max_lane
    elif mode == "bfly":
        j = lane ^ bval
        p = j <= max_lane
    else:
        j = min_lane | (bval & ~segmask)
        p = j <= max_lane
    return (j if p else lane), p


def lane_mask(lanes: Sequence[int]) -> int:
    return sum(1 << lane for lane in lanes)
