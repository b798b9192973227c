"""Conformance of shfl.sync and shfl (PTX ISA 9.7.9.6, 9.7.9.5) on the host platform at
hardware wave sizes 32 and 64, against the ISA's pseudo-code (warp_model.shfl_source).

Coverage: every mode with every width 2..32 (c as CUDA's __shfl*_sync build it) and source
lanes or offsets 0..40 (out of range included), arbitrary per-thread b and c, the
predicate output, blocks of 32, 48, 64 and 100 threads (partial last warps); hypothesis
draws partial and disjoint member masks, divergent branches, skipped and exited threads.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from warp_model import WARP, Block, blocks, check, full_block, run, shfl_source

MODES = ("up", "down", "bfly", "idx")
WAVES = (32, 64)


def width_c(mode: str, width: int) -> int:
    """The c operand CUDA's __shfl*_sync(mask, v, lane, width) pass."""
    return (32 - width) << 8 | (0 if mode == "up" else 0x1F)


def values(n: int, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).integers(0, 2**32, n, dtype=np.uint64).astype(np.uint32)


def expected_shfl(mode: str, block: Block, a, b, c, legacy: bool = False):
    def model(t: int) -> tuple[int | None, int]:
        lane, base = t % WARP, t - t % WARP
        group = block.converged(t) if legacy else block.group(t)
        j, p = shfl_source(mode, lane, int(b[t]), int(c[t]))
        return (int(a[base + j]) if j in group else None), int(p)

    return model


def run_shfl(
    mode: str, block: Block, a, b, c, warp_size: int, legacy: bool = False, instr: str = "", **kw
):
    if instr:  # b and c are immediates in the instruction
        return run(instr, ["b32"], "b32", block, [a], warp_size, pred=True, **kw)
    if legacy:
        instr = f"shfl.{mode}.b32 %d|%p, %a0, %a1, %a2;"
    else:
        instr = f"shfl.sync.{mode}.b32 %d|%p, %a0, %a1, %a2, %m;"
    return run(instr, ["b32", "b32", "b32"], "b32", block, [a, b, c], warp_size, pred=True, **kw)


def check_shfl(mode, block, a, b, c, warp_size, legacy=False, **kw) -> None:
    d, p = run_shfl(mode, block, a, b, c, warp_size, legacy, **kw)
    model = expected_shfl(mode, block, a, b, c, legacy)
    check(block, d, lambda t: model(t)[0], f"shfl.{mode} d (wave{warp_size})")
    check(block, p, lambda t: model(t)[1], f"shfl.{mode} p (wave{warp_size})")


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("threads", [32, 48, 64, 100])
@pytest.mark.parametrize("mode", MODES)
def test_every_width_and_lane(mode: str, threads: int, warp_size: int) -> None:
    block = full_block(threads)
    a = values(threads, 1)
    for width in (2, 4, 8, 16, 32, 3, 5, 24):
        c = np.full(threads, width_c(mode, width), np.uint32)
        for lane_or_delta in (0, 1, 2, 3, 5, 7, 8, 15, 16, 17, 31, 32, 33, 40):
            b = np.full(threads, lane_or_delta, np.uint32)
            check_shfl(mode, block, a, b, c, warp_size)


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("mode", MODES)
def test_per_thread_operands(mode: str, warp_size: int) -> None:
    """b and c differ per thread (any bits, not only CUDA's widths)."""
    n = 100
    a, b, c = values(n, 2), values(n, 3), values(n, 4)
    check_shfl(mode, full_block(n), a, b, c, warp_size)
    check_shfl(mode, full_block(n), a, b % 64, c & 0x1F1F, warp_size)


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("mode", MODES)
def test_immediate_operands(mode: str, warp_size: int) -> None:
    """b and c as immediates: where every lane's source is in range, a butterfly or a
    broadcast is a swizzle on AMD GPUs (the host runs the same lane arithmetic)."""
    for threads in (64, 100):
        block = full_block(threads)
        a = values(threads, 7)
        for width in (32, 16, 4):
            for c in (width_c(mode, width), 0x1F, 0x0F, 0x1F10):
                for lane in (0, 1, 2, 3, 5, 16, 31, 33):
                    instr = f"shfl.sync.{mode}.b32 %d|%p, %a0, {lane}, {c}, %m;"
                    b_, c_ = np.full(threads, lane, np.uint32), np.full(threads, c, np.uint32)
                    check_shfl(mode, block, a, b_, c_, warp_size, instr=instr)


def test_inclusive_scan_example_of_the_isa() -> None:
    """The ISA's warp-level inclusive plus scan with shfl.up's predicate."""
    text = """
.version 8.0
.target sm_90
.address_size 64
.visible .entry scan(.param .u64 out)
{
  .reg .pred %p;
  .reg .b32 %x, %y, %r_tid;
  .reg .b64 %o, %base;
  mov.u32 %r_tid, %tid.x;
  add.u32 %x, %r_tid, 1;
  shfl.sync.up.b32 %y|%p, %x, 1, 0, 0xffffffff;
@%p add.u32 %x, %y, %x;
  shfl.sync.up.b32 %y|%p, %x, 2, 0, 0xffffffff;
@%p add.u32 %x, %y, %x;
  shfl.sync.up.b32 %y|%p, %x, 4, 0, 0xffffffff;
@%p add.u32 %x, %y, %x;
  shfl.sync.up.b32 %y|%p, %x, 8, 0, 0xffffffff;
@%p add.u32 %x, %y, %x;
  shfl.sync.up.b32 %y|%p, %x, 16, 0, 0xffffffff;
@%p add.u32 %x, %y, %x;
  ld.param.u64 %base, [out];
  mul.wide.u32 %o, %r_tid, 4;
  add.s64 %base, %base, %o;
  st.global.u32 [%base], %x;
  ret;
}
"""
    from cu2amd import host

    module = host.Module.from_ptx(text)
    for warp_size in WAVES:
        out = host.zeros(100, np.uint32)
        module.launch("scan", 1, 100, [out], warp_size=warp_size)
        lane = np.arange(100) % 32
        first = np.arange(100) - lane
        expected = [sum(range(f + 1, t + 2)) for t, f in zip(range(100), first, strict=True)]
        np.testing.assert_array_equal(out.to_numpy(), expected)


@settings(max_examples=60, deadline=None)
@given(
    block=blocks(),
    mode=st.sampled_from(MODES),
    width=st.sampled_from([2, 4, 8, 16, 32]),
    delta=st.integers(0, 40),
    seed=st.integers(0, 2**16),
    order=st.sampled_from(["forward", "reverse", "random:7"]),
)
def test_partial_masks_and_divergence(block, mode, width, delta, seed, order) -> None:
    n = block.threads
    a = values(n, seed)
    b = np.full(n, delta, np.uint32)
    c = np.full(n, width_c(mode, width), np.uint32)
    for warp_size in WAVES:
        check_shfl(mode, block, a, b, c, warp_size, order=order)


@settings(max_examples=30, deadline=None)
@given(block=blocks(), mode=st.sampled_from(MODES), seed=st.integers(0, 2**16))
def test_legacy_shfl_among_converged_threads(block, mode, seed) -> None:
    """shfl without .sync: the threads executing it together (the same branch)."""
    n = block.threads
    a, b = values(n, seed), values(n, seed + 1) % 33
    c = np.full(n, 0x1F, np.uint32)
    for warp_size in WAVES:
        check_shfl(mode, block, a, b, c, warp_size, legacy=True)
