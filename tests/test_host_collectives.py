"""The host runtime's wave primitives (DESIGN.md layer 3), at wave size 32 and 64, tested
directly with kernels written in C against the host module ABI (tests/data/host_c)."""

import subprocess
from pathlib import Path

import numpy as np
import pytest

from cu2amd import host
from cu2amd.amdgpu.toolchain import host_cc
from cu2amd.ptx_lowering.isa.types import TYPES
from cu2amd.runtime_shim.host.build import _source_dir

SOURCE = Path(__file__).resolve().parent / "data" / "host_c" / "collectives.c"
KERNELS = [
    "ballot_all",
    "ballot_divergent",
    "ballot_masked",
    "rotate",
    "active",
    "exited_lane",
    "bar_red",
]


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> host.Module:
    out = tmp_path_factory.mktemp("collectives") / "collectives.so"
    # -O0: an optimising C compiler merges the two divergent call sites into one (C has no
    # "convergent"); generated IR marks these calls convergent instead.
    cmd = [
        *host_cc(),
        "-O0",
        "-shared",
        "-fPIC",
        "-I",
        str(_source_dir()),
        str(SOURCE),
        "-o",
        str(out),
    ]
    subprocess.run(cmd, check=True, capture_output=True)
    return host.Module.from_library(out, {name: [TYPES["u64"]] for name in KERNELS})


def run(module: host.Module, kernel: str, threads: int, warp_size: int, **kw) -> np.ndarray:
    out = host.zeros(threads, np.uint64)
    module.launch(kernel, grid=1, block=threads, args=[out], warp_size=warp_size, **kw)
    return out.to_numpy()


def wave_mask(bits: list[int]) -> int:
    return sum(1 << b for b in bits)


@pytest.mark.parametrize("warp_size", [32, 64])
@pytest.mark.parametrize("threads", [64, 100])
def test_ballot_over_the_whole_wave(module: host.Module, warp_size: int, threads: int) -> None:
    result = run(module, "ballot_all", threads, warp_size)
    for first in range(0, threads, warp_size):
        lanes = range(first, min(first + warp_size, threads))  # a partial last wave
        expected = wave_mask([t - first for t in lanes if t % 3 == 0])
        assert all(result[t] == expected for t in lanes), (first, hex(result[first]), hex(expected))


@pytest.mark.parametrize("warp_size", [32, 64])
@pytest.mark.parametrize("order", ["forward", "reverse", "random:5"])
def test_divergent_lanes_form_separate_groups(
    module: host.Module, warp_size: int, order: str
) -> None:
    result = run(module, "ballot_divergent", 128, warp_size, order=order)
    even = wave_mask(list(range(0, warp_size, 2)))
    odd = wave_mask(list(range(1, warp_size, 2)))
    np.testing.assert_array_equal(result, [even if t % 2 == 0 else odd for t in range(128)])


@pytest.mark.parametrize("warp_size", [32, 64])
def test_masked_collective_waits_for_its_mask_only(module: host.Module, warp_size: int) -> None:
    result = run(module, "ballot_masked", 64, warp_size)
    for t in range(64):
        lane = t % warp_size
        assert result[t] == (0xAA if lane < 8 else 0), (t, hex(result[t]))


@pytest.mark.parametrize("warp_size", [32, 64])
def test_readlane_rotates_within_the_wave(module: host.Module, warp_size: int) -> None:
    result = run(module, "rotate", 128, warp_size)
    expected = [
        1000 + (t // warp_size) * warp_size + (t % warp_size + 1) % warp_size for t in range(128)
    ]
    np.testing.assert_array_equal(result, expected)


@pytest.mark.parametrize("warp_size", [32, 64])
def test_active_mask_inside_a_branch(module: host.Module, warp_size: int) -> None:
    result = run(module, "active", 64, warp_size)
    for t in range(64):
        assert result[t] == (0x1F if t % warp_size < 5 else 2**64 - 1)


@pytest.mark.parametrize("warp_size", [32, 64])
def test_mask_naming_an_exited_lane_leaves_it_out(module: host.Module, warp_size: int) -> None:
    # PTX *.sync collectives wait for the non-exited threads of their mask only.
    result = run(module, "exited_lane", 32, warp_size)
    assert result[0] == 0x1


@pytest.mark.parametrize("threads", [32, 96, 1024])
def test_bar_red_popc_counts_over_the_block(module: host.Module, threads: int) -> None:
    result = run(module, "bar_red", threads, 32)
    np.testing.assert_array_equal(result, np.full(threads, (threads + 1) // 2))
