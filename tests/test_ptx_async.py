"""Asynchronous copies and mbarriers (ptx_lowering/emit/async_copy.py): cp.async with
every size, src-size and ignore-src, its groups, and mbarrier phases, arrivals with counts,
drops and transaction bytes, state tokens and parities, run on the host platform (both
wave sizes, several fiber orders) and compiled for AMD GPUs. The fixtures are
hand-written and legal PTX (ptxas accepts them, checked here where it is installed)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from cu2amd import host
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import Cu2amdError
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

DATA = Path(__file__).resolve().parent / "data" / "ptx" / "host"
CP_ASYNC, MBARRIER = DATA / "cp_async.ptx", DATA / "mbarrier.ptx"
ORDERS = ("forward", "reverse", "random:3")


@pytest.mark.skipif(shutil.which("ptxas") is None, reason="ptxas is not installed")
@pytest.mark.parametrize(("path", "arch"), [(CP_ASYNC, "sm_80"), (MBARRIER, "sm_90")])
def test_fixtures_are_legal_ptx(path: Path, arch: str) -> None:
    run = subprocess.run(["ptxas", f"-arch={arch}", str(path), "-o", "/dev/null"],
                         capture_output=True, text=True)  # fmt: skip
    assert run.returncode == 0, run.stderr


@pytest.mark.parametrize("seed", [1, 2])
def test_cp_async_copies_src_size_bytes_and_zero_fills(seed: int) -> None:
    """16-byte .cg copies with src-size 0..19, 8-byte .ca copies with src-size min(s, 8),
    4-byte copies with ignore-src on odd threads; the rest of each destination is zero."""
    n = 128
    rng = np.random.default_rng(seed)
    data = rng.integers(1, 256, size=n * 32, dtype=np.uint8)
    sizes = rng.integers(0, 20, size=n).astype(np.uint32)
    sizes[:4] = [0, 16, 8, 19]
    out = host.zeros(n * 32, np.uint8)
    module = host.Module.from_file(CP_ASYNC)
    module.launch("k", 1, n, [out, host.to_device(data), host.to_device(sizes)])
    src = data.reshape(n, 32)
    expected = np.zeros((n, 32), np.uint8)
    for t in range(n):
        whole = min(int(sizes[t]), 16)
        expected[t, :whole] = src[t, :whole]
        part = min(int(sizes[t]), 8)
        expected[t, 16 : 16 + part] = src[t, 16 : 16 + part]
        if t % 2 == 0:
            expected[t, 24:28] = src[t, 24:28]
    np.testing.assert_array_equal(out.to_numpy().reshape(n, 32), expected)


@pytest.fixture(scope="module")
def mbarriers() -> host.Module:
    return host.Module.from_file(MBARRIER)


@pytest.mark.parametrize("warp_size", [32, 64])
@pytest.mark.parametrize("order", ORDERS)
def test_mbarrier_phases_order_shared_memory(
    mbarriers: host.Module, warp_size: int, order: str
) -> None:
    """Two phases a round: each thread reads its neighbour's value of the round only after
    try_wait (with the arrival's state) says the writes' phase completed, and writes the
    next round's only after test_wait.parity says the reads' phase did."""
    n, rounds = 96, 5
    out = host.zeros(n, np.uint32)
    mbarriers.launch("rounds", 1, n, [out, rounds], warp_size=warp_size, order=order)
    expected = [sum(r * 1000 + (t + 1) % n for r in range(rounds)) for t in range(n)]
    np.testing.assert_array_equal(out.to_numpy(), expected)


@pytest.mark.parametrize("warp_size", [32, 64])
@pytest.mark.parametrize("order", ORDERS)
def test_mbarrier_transaction_bytes_and_counts(
    mbarriers: host.Module, warp_size: int, order: str
) -> None:
    """A phase whose arrivals are all in stays incomplete until its expected transaction
    bytes complete (48 + 16 of 64); arrive.noComplete with a count of 2 leaves that many
    fewer pending (pending_count of its state)."""
    n = 64
    out = host.zeros(2 * n, np.uint32)
    mbarriers.launch("tx", 1, n, [out], warp_size=warp_size, order=order)
    result = out.to_numpy()
    np.testing.assert_array_equal(result[:n], 2)  # incomplete before the bytes, then done
    assert result[n] == n  # n + 2 expected, 2 arrived


@pytest.mark.parametrize("order", ORDERS)
def test_mbarrier_arrive_drop_and_generic_addresses(mbarriers: host.Module, order: str) -> None:
    """Thread 0 leaves with arrive_drop: the second phase waits for the others only (its
    arrivals through a generic address, its wait with a time hint)."""
    n = 48
    out = host.zeros(n, np.uint32)
    mbarriers.launch("drop", 1, n, [out], order=order)
    np.testing.assert_array_equal(out.to_numpy(), 1)


def lower_for(target: str, path: Path) -> str:
    pipeline = Pipeline(PipelineOptions())
    module = pipeline.front(path.read_text(), path.name)
    return pipeline.back(module, parse_target_id(target)).llvm_ir


@pytest.mark.parametrize("target", ["gfx90a", "gfx942", "gfx1100"])
def test_amd_gpus(target: str) -> None:
    """AMD: a copy is a load and a store (src-size: a byte loop for the partial case);
    mbarrier updates are 64-bit compare-and-swap loops on LDS at workgroup scope, and a
    wait that finds its phase open sleeps once and looks again."""
    copies = lower_for(target, CP_ASYNC)
    assert "load i128, ptr addrspace(1)" in copies
    assert re.search(r"store i128 %\S+, ptr addrspace\(3\)", copies)
    barriers = lower_for(target, MBARRIER)
    assert re.search(r'cmpxchg ptr addrspace\(3\) @bar\S*, i64 .*syncscope\("workgroup"\) '
                     r"release monotonic", barriers)  # fmt: skip
    assert "@llvm.amdgcn.s.sleep(i32 1)" in barriers


def test_cluster_mbarriers_are_errors() -> None:
    text = MBARRIER.read_text().replace(
        "mbarrier.arrive.shared.b64 %state, [bar];\nW1:",
        "mbarrier.arrive.shared::cluster.b64 _, [%generic];\nW1:",
    )
    with pytest.raises(Cu2amdError, match=r"mbarrier\.arrive\.shared::cluster\.b64"):
        host.Module.from_ptx(text)
