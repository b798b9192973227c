"""Conformance of vote.sync, vote, activemask, elect.sync and match.sync (PTX ISA 9.7.13.8
to 9.7.13.11, 9.7.13.14) on the host platform at hardware wave sizes 32 and 64, against
models written from the ISA text (over "all non-exited threads in membermask").

Coverage: every mode on full blocks of 32, 48, 64 and 100 threads with patterned and
random predicates; hypothesis draws partial and disjoint member masks, divergent
branches, skipped and exited threads, and values with many repeats (for match).
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from warp_model import WARP, Block, blocks, check, full_block, lane_mask, run

WAVES = (32, 64)
SIZES = (32, 48, 64, 100)


def predicates(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    kind = seed % 4
    if kind == 0:
        return np.ones(n, np.uint8)
    if kind == 1:
        return np.zeros(n, np.uint8)
    return (rng.random(n) < (0.5 if kind == 2 else 0.05)).astype(np.uint8)


def vote_model(how: str, block: Block, pred: np.ndarray, legacy: bool = False):
    def model(t: int) -> int:
        base = t - t % WARP
        group = block.converged(t) if legacy else block.group(t)
        votes = [bool(pred[base + lane]) for lane in group]
        if how == "ballot":
            return lane_mask([lane for lane in group if pred[base + lane]])
        if how == "all":
            return int(all(votes))
        if how == "any":
            return int(any(votes))
        return int(all(votes) or not any(votes))

    return model


def check_vote(how: str, block: Block, pred: np.ndarray, legacy: bool = False, **kw) -> None:
    dest = "b32" if how == "ballot" else "pred"
    sync, mask = ("", "") if legacy else (".sync", ", %m")
    instr = f"vote{sync}.{how}.{'b32' if how == 'ballot' else 'pred'} %d, %a0{mask};"
    model = vote_model(how, block, pred, legacy)
    for warp_size in WAVES:
        d, _ = run(instr, ["pred"], dest, block, [pred], warp_size, **kw)
        check(block, d, model, f"vote.{how} (wave{warp_size})")
    # a negated source votes the other way
    negated = instr.replace("%a0", "!%a0")
    model = vote_model(how, block, 1 - pred, legacy)
    for warp_size in WAVES:
        d, _ = run(negated, ["pred"], dest, block, [pred], warp_size, **kw)
        check(block, d, model, f"vote.{how} !a (wave{warp_size})")


@pytest.mark.parametrize("threads", SIZES)
@pytest.mark.parametrize("how", ["all", "any", "uni", "ballot"])
def test_vote_full_warps(how: str, threads: int) -> None:
    for seed in range(6):
        check_vote(how, full_block(threads), predicates(threads, seed))


@settings(max_examples=40, deadline=None)
@given(
    block=blocks(), how=st.sampled_from(["all", "any", "uni", "ballot"]), seed=st.integers(0, 99)
)
def test_vote_partial_masks(block: Block, how: str, seed: int) -> None:
    check_vote(how, block, predicates(block.threads, seed))


@settings(max_examples=25, deadline=None)
@given(
    block=blocks(), how=st.sampled_from(["all", "any", "uni", "ballot"]), seed=st.integers(0, 99)
)
def test_legacy_vote_among_converged_threads(block: Block, how: str, seed: int) -> None:
    check_vote(how, block, predicates(block.threads, seed), legacy=True)


@settings(max_examples=30, deadline=None)
@given(block=blocks())
def test_activemask_is_the_threads_of_the_branch(block: Block) -> None:
    for warp_size in WAVES:
        d, _ = run("activemask.b32 %d;", [], "b32", block, [], warp_size)
        check(block, d, lambda t: lane_mask(block.converged(t)), f"activemask (wave{warp_size})")


@pytest.mark.parametrize("threads", SIZES)
def test_activemask_full(threads: int) -> None:
    block = full_block(threads)
    for warp_size in WAVES:
        d, _ = run("activemask.b32 %d;", [], "b32", block, [], warp_size)
        check(block, d, lambda t: lane_mask(block.converged(t)), "activemask")


@settings(max_examples=30, deadline=None)
@given(block=blocks())
def test_elect_sync_elects_the_lowest_member(block: Block) -> None:
    for warp_size in WAVES:
        d, p = run("elect.sync %d|%p, %m;", [], "b32", block, [], warp_size, pred=True)
        check(block, d, lambda t: min(block.group(t)), f"elect.sync d (wave{warp_size})")
        check(
            block, p, lambda t: int(t % WARP == min(block.group(t))), f"elect.sync p ({warp_size})"
        )


def match_values(n: int, seed: int, bits: int) -> np.ndarray:
    """Values with repeats: a few distinct ones, differing in high bits too."""
    rng = np.random.default_rng(seed)
    pool = rng.integers(0, 2**bits, seed % 5 + 1, dtype=np.uint64)
    if bits == 64:
        pool[0] = pool[-1] ^ (1 << 40)  # equal low halves, different high halves
    values = pool[rng.integers(0, len(pool), n)]
    return values.astype(np.uint32 if bits == 32 else np.uint64)


def check_match(how: str, ptx: str, block: Block, a: np.ndarray) -> None:
    def any_model(t: int) -> int:
        base = t - t % WARP
        return lane_mask([lane for lane in block.group(t) if a[base + lane] == a[t]])

    def all_same(t: int) -> bool:
        base = t - t % WARP
        return all(a[base + lane] == a[t] for lane in block.group(t))

    for warp_size in WAVES:
        if how == "any":
            d, _ = run(f"match.any.sync.{ptx} %d, %a0, %m;", [ptx], "b32", block, [a], warp_size)
            check(block, d, any_model, f"match.any.{ptx} (wave{warp_size})")
        else:
            instr = f"match.all.sync.{ptx} %d|%p, %a0, %m;"
            d, p = run(instr, [ptx], "b32", block, [a], warp_size, pred=True)
            check(
                block,
                d,
                lambda t: lane_mask(block.group(t)) if all_same(t) else 0,
                f"match.all.{ptx} d (wave{warp_size})",
            )
            check(block, p, lambda t: int(all_same(t)), f"match.all.{ptx} p (wave{warp_size})")


@pytest.mark.parametrize("threads", SIZES)
@pytest.mark.parametrize("ptx", ["b32", "b64"])
@pytest.mark.parametrize("how", ["any", "all"])
def test_match_full_warps(how: str, ptx: str, threads: int) -> None:
    for seed in range(5):
        check_match(how, ptx, full_block(threads), match_values(threads, seed, int(ptx[1:])))


@settings(max_examples=40, deadline=None)
@given(
    block=blocks(),
    how=st.sampled_from(["any", "all"]),
    ptx=st.sampled_from(["b32", "b64"]),
    seed=st.integers(0, 99),
)
def test_match_partial_masks(block: Block, how: str, ptx: str, seed: int) -> None:
    check_match(how, ptx, block, match_values(block.threads, seed, int(ptx[1:])))
