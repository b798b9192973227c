"""CUDA C++ warp functions (cu2amd/warp.h) and cooperative groups (cooperative_groups.h)
on the host platform, at hardware wave sizes 32 and 64: clang's NVPTX device IR with
cu2amd's headers, retargeted to the CPU with the device runtime library linked in, and
compared with the PTX ISA's models (tests/conformance/warp_model.py) for every type,
width, member mask and the deprecated mask-less forms.
"""

import subprocess
from pathlib import Path

import numpy as np
import pytest
from conformance.warp_model import lane_mask, shfl_source

from cu2amd import host
from cu2amd.amdgpu.toolchain import discover
from cu2amd.runtime_shim.headers import include_dir

WAVES = (32, 64)
THREADS = 100  # a partial last warp

SOURCE = r"""
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define SHFL(T, name)                                                                           \
    extern "C" __global__ void shfl_##name(T *out, const T *in, const unsigned *masks,          \
                                           const int *b, int width, int mode, int legacy) {     \
        unsigned t = threadIdx.x, m = masks[t];                                                 \
        if (m == 0) return;                                                                     \
        T v = in[t], r;                                                                         \
        if (legacy) {                                                                           \
            if (mode == 0) r = __shfl(v, b[t], width);                                          \
            else if (mode == 1) r = __shfl_up(v, (unsigned)b[t], width);                        \
            else if (mode == 2) r = __shfl_down(v, (unsigned)b[t], width);                      \
            else r = __shfl_xor(v, b[t], width);                                                \
        } else {                                                                                \
            if (mode == 0) r = __shfl_sync(m, v, b[t], width);                                  \
            else if (mode == 1) r = __shfl_up_sync(m, v, (unsigned)b[t], width);                \
            else if (mode == 2) r = __shfl_down_sync(m, v, (unsigned)b[t], width);              \
            else r = __shfl_xor_sync(m, v, b[t], width);                                        \
        }                                                                                       \
        out[t] = r;                                                                             \
    }
SHFL(int, i32)
SHFL(unsigned, u32)
SHFL(float, f32)
SHFL(long long, i64)
SHFL(unsigned long long, u64)
SHFL(double, f64)

extern "C" __global__ void votes(unsigned *out, const unsigned *masks, const int *pred) {
    unsigned t = threadIdx.x, m = masks[t];
    if (m == 0) return;
    out[8 * t + 0] = __ballot_sync(m, pred[t]);
    out[8 * t + 1] = __all_sync(m, pred[t]);
    out[8 * t + 2] = __any_sync(m, pred[t]);
    out[8 * t + 3] = __uni_sync(m, pred[t]);
    out[8 * t + 4] = __activemask();
    out[8 * t + 5] = __lanemask_lt() | __lanemask_eq() << 0;
    out[8 * t + 6] = __lanemask_ge() ^ __lanemask_gt();
    out[8 * t + 7] = __lanemask_le();
    __syncwarp(m);
}

extern "C" __global__ void legacy_votes(unsigned *out, const int *pred) {
    unsigned t = threadIdx.x;
    if (pred[t] < 0) return;
    out[3 * t + 0] = __ballot(pred[t]);
    out[3 * t + 1] = __all(pred[t]);
    out[3 * t + 2] = __any(pred[t]);
}

#define MATCH(T, name)                                                                          \
    extern "C" __global__ void match_##name(unsigned *out, const T *in, const unsigned *masks) { \
        unsigned t = threadIdx.x, m = masks[t];                                                 \
        if (m == 0) return;                                                                     \
        int pred = 7;                                                                           \
        out[3 * t + 0] = __match_any_sync(m, in[t]);                                            \
        out[3 * t + 1] = __match_all_sync(m, in[t], &pred);                                     \
        out[3 * t + 2] = pred;                                                                  \
    }
MATCH(int, i32)
MATCH(float, f32)
MATCH(long long, i64)
MATCH(double, f64)

extern "C" __global__ void reduces(unsigned *out, const unsigned *in, const unsigned *masks) {
    unsigned t = threadIdx.x, m = masks[t];
    if (m == 0) return;
    unsigned u = in[t];
    int s = (int)in[t];
    out[9 * t + 0] = __reduce_add_sync(m, u);
    out[9 * t + 1] = (unsigned)__reduce_add_sync(m, s);
    out[9 * t + 2] = __reduce_min_sync(m, u);
    out[9 * t + 3] = (unsigned)__reduce_min_sync(m, s);
    out[9 * t + 4] = __reduce_max_sync(m, u);
    out[9 * t + 5] = (unsigned)__reduce_max_sync(m, s);
    out[9 * t + 6] = __reduce_and_sync(m, u);
    out[9 * t + 7] = __reduce_or_sync(m, u);
    out[9 * t + 8] = __reduce_xor_sync(m, u);
}

template <unsigned N> __device__ void tile_ops(int *out, const int *in) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
    unsigned t = block.thread_rank();
    int v = in[t];
    int *o = out + 12 * t;
    o[0] = tile.thread_rank();
    o[1] = tile.size();
    o[2] = tile.meta_group_rank();
    o[3] = tile.shfl(v, 0);
    o[4] = tile.shfl_down(v, 1);
    o[5] = tile.shfl_up(v, 1);
    o[6] = tile.shfl_xor(v, N / 2);
    o[7] = tile.ballot(v & 1);
    o[8] = tile.any(v > 90) | tile.all(v >= 0) << 1;
    o[9] = cg::reduce(tile, v, cg::plus<int>());
    o[10] = cg::reduce(tile, v, cg::less<int>());
    o[11] = cg::reduce(tile, v, cg::greater<int>());
    tile.sync();
    block.sync();
}
#define TILE(N) extern "C" __global__ void tile_##N(int *out, const int *in) { tile_ops<N>(out, in); }
TILE(1)
TILE(2)
TILE(4)
TILE(8)
TILE(16)
TILE(32)

extern "C" __global__ void coalesced(int *out, const int *in) {
    unsigned t = threadIdx.x;
    int v = in[t];
    if (v % 3 == 0) {
        cg::coalesced_group g = cg::coalesced_threads();
        int *o = out + 7 * t;
        o[0] = g.size();
        o[1] = g.thread_rank();
        o[2] = g.shfl(v, 0);
        o[3] = g.ballot(v & 1);
        o[4] = g.shfl_up(v, 1);
        o[5] = g.shfl_down(v, 2);
        o[6] = cg::reduce(g, v, cg::plus<int>());
    }
}
"""


def device_ir(tmp: Path, opt: str) -> str:
    tc = discover()
    source = tmp / "warp_kernels.cu"
    source.write_text(SOURCE)
    out = tmp / "warp_kernels.ll"
    cmd = [
        *tc.clang(), "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc",
        "-nocudalib", "--cuda-path=/nonexistent", "-Xclang", "-target-feature", "-Xclang", "+ptx80",
        "-isystem", str(tc.builtin_include_dir()), "-isystem", str(include_dir()), "-include",
        "cuda_runtime.h", "-Wno-deprecated-declarations", opt, "-emit-llvm", "-S", str(source),
        "-o", str(out),
    ]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    return out.read_text()


@pytest.fixture(scope="module", params=["-O0", "-O2"])
def module(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> host.Module:
    return host.Module.from_nvptx_ir(device_ir(tmp_path_factory.mktemp("ir"), request.param))


def launch(module: host.Module, kernel: str, out: host.DeviceArray, *args, warp_size: int):
    module.launch(kernel, grid=1, block=THREADS, args=[out, *args], warp_size=warp_size)
    return out.to_numpy()


def masks_two_groups() -> np.ndarray:
    """Even lanes with one mask, odd lanes with another, the last 4 threads outside."""
    masks = np.array([0x55555555 if t % 2 == 0 else 0xAAAAAAAA for t in range(THREADS)], np.uint32)
    masks[-4:] = 0
    return masks


def executing_group(masks: np.ndarray, t: int) -> list[int]:
    base = t - t % 32
    return [
        lane
        for lane in range(32)
        if masks[t] >> lane & 1 and base + lane < THREADS and masks[base + lane] != 0
    ]


def as_int32(bits: int) -> int:
    return bits - 2**32 if bits >= 2**31 else bits


TYPES = {
    "i32": np.int32,
    "u32": np.uint32,
    "f32": np.float32,
    "i64": np.int64,
    "u64": np.uint64,
    "f64": np.float64,
}
MODES = ("idx", "up", "down", "bfly")


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("legacy", [False, True])
@pytest.mark.parametrize("name", sorted(TYPES))
def test_shuffles(module: host.Module, name: str, legacy: bool, warp_size: int) -> None:
    dtype = TYPES[name]
    rng = np.random.default_rng(5)
    bits = rng.integers(0, 2**63, THREADS, dtype=np.uint64)
    values = bits.astype(np.uint32 if np.dtype(dtype).itemsize == 4 else np.uint64).view(dtype)
    masks = np.full(THREADS, 0xFFFFFFFF, np.uint32) if legacy else masks_two_groups()
    for mode, mode_name in enumerate(MODES):
        for width in (2, 8, 32) if not legacy else (32, 4):
            b = rng.integers(0, 36, THREADS).astype(np.int32)
            out = host.zeros(THREADS, dtype)
            args = [host.to_device(values), host.to_device(masks), host.to_device(b)]
            got = launch(
                module, f"shfl_{name}", out, *args, width, mode, int(legacy), warp_size=warp_size
            )
            c = (32 - width) << 8 | (0 if mode_name == "up" else 0x1F)
            for t in range(THREADS):
                if masks[t] == 0:
                    continue
                j, _ = shfl_source(mode_name, t % 32, int(b[t]), c)
                group = executing_group(masks, t)
                if j in group:
                    source = values[t - t % 32 + j]
                    assert got[t].tobytes() == source.tobytes(), (mode_name, width, t)


@pytest.mark.parametrize("warp_size", WAVES)
def test_votes_and_lane_masks(module: host.Module, warp_size: int) -> None:
    masks = masks_two_groups()
    pred = (np.random.default_rng(3).random(THREADS) < 0.6).astype(np.int32)
    got = launch(
        module, "votes", host.zeros(8 * THREADS, np.uint32), host.to_device(masks),
        host.to_device(pred), warp_size=warp_size,
    ).reshape(THREADS, 8)  # fmt: skip
    for t in range(THREADS):
        if masks[t] == 0:
            continue
        base, lane = t - t % 32, t % 32
        group = executing_group(masks, t)
        votes = [bool(pred[base + lane]) for lane in group]
        everyone = [g for g in range(32) if base + g < THREADS and masks[base + g] != 0]
        assert got[t, 0] == lane_mask([g for g in group if pred[base + g]])
        assert got[t, 1:4].tolist() == [all(votes), any(votes), all(votes) or not any(votes)]
        assert got[t, 4] == lane_mask(everyone)  # __activemask(): the threads that got here
        assert got[t, 5] == (1 << (lane + 1)) - 1
        assert got[t, 6] == 1 << lane
        assert got[t, 7] == (1 << (lane + 1)) - 1


@pytest.mark.parametrize("warp_size", WAVES)
def test_deprecated_votes_among_converged_threads(module: host.Module, warp_size: int) -> None:
    pred = (np.arange(THREADS) % 3 == 0).astype(np.int32)
    pred[10:20] = -1  # these threads return before voting
    got = launch(
        module, "legacy_votes", host.zeros(3 * THREADS, np.uint32), host.to_device(pred),
        warp_size=warp_size,
    ).reshape(THREADS, 3)  # fmt: skip
    for t in range(THREADS):
        if pred[t] < 0:
            continue
        base = t - t % 32
        group = [g for g in range(32) if base + g < THREADS and pred[base + g] >= 0]
        ballot = lane_mask([g for g in group if pred[base + g]])
        assert got[t].tolist() == [ballot, ballot == lane_mask(group), ballot != 0], t


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("name", ["i32", "f32", "i64", "f64"])
def test_match(module: host.Module, name: str, warp_size: int) -> None:
    dtype = TYPES[name]
    values = (np.arange(THREADS) % 5).astype(dtype)
    values[np.arange(THREADS) % 32 >= 24] = 3  # one warp-half with all the same values
    masks = masks_two_groups()
    masks[64:96] = 0xFF000000  # lanes 24..31 of warp 2 only: all equal
    masks[64:88] = 0
    got = launch(
        module, f"match_{name}", host.zeros(3 * THREADS, np.uint32), host.to_device(values),
        host.to_device(masks), warp_size=warp_size,
    ).reshape(THREADS, 3)  # fmt: skip
    for t in range(THREADS):
        if masks[t] == 0:
            continue
        base = t - t % 32
        group = executing_group(masks, t)
        same = [g for g in group if values[base + g] == values[t]]
        everyone_same = len(same) == len(group)
        assert got[t].tolist() == [
            lane_mask(same),
            lane_mask(group) if everyone_same else 0,
            int(everyone_same),
        ], t


@pytest.mark.parametrize("warp_size", WAVES)
def test_reduce(module: host.Module, warp_size: int) -> None:
    values = np.random.default_rng(9).integers(0, 2**32, THREADS, dtype=np.uint64).astype(np.uint32)
    for masks in (np.full(THREADS, 0xFFFFFFFF, np.uint32), masks_two_groups()):
        got = launch(
            module, "reduces", host.zeros(9 * THREADS, np.uint32), host.to_device(values),
            host.to_device(masks), warp_size=warp_size,
        ).reshape(THREADS, 9)  # fmt: skip
        for t in range(THREADS):
            if masks[t] == 0:
                continue
            base = t - t % 32
            u = [int(values[base + g]) for g in executing_group(masks, t)]
            s = [v - 2**32 if v >= 2**31 else v for v in u]
            and_, or_, xor = 0xFFFFFFFF, 0, 0
            for v in u:
                and_, or_, xor = and_ & v, or_ | v, xor ^ v
            expected = [sum(u) % 2**32, sum(u) % 2**32, min(u), min(s) % 2**32, max(u),
                        max(s) % 2**32, and_, or_, xor]  # fmt: skip
            assert got[t].tolist() == expected, t


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("n", [1, 2, 4, 8, 16, 32])
def test_tiled_partition(module: host.Module, n: int, warp_size: int) -> None:
    threads = 96  # whole warps: a tile's shuffles need all its threads
    values = np.random.default_rng(n).integers(0, 100, threads).astype(np.int32)
    out = host.zeros(12 * threads, np.int32)
    module.launch(
        f"tile_{n}", grid=1, block=threads, args=[out, host.to_device(values)], warp_size=warp_size
    )
    got = out.to_numpy().reshape(threads, 12)
    for t in range(threads):
        first = t - t % n
        tile = values[first : first + n]
        rank = t % n
        ballot = as_int32(lane_mask([r for r in range(n) if tile[r] & 1]))
        expected = [
            rank, n, t // n, tile[0],
            tile[rank + 1] if rank + 1 < n else tile[rank],
            tile[rank - 1] if rank >= 1 else tile[rank],
            tile[rank ^ (n // 2)],
            ballot, int(any(tile > 90)) | int(all(tile >= 0)) << 1,
            tile.sum(), tile.min(), tile.max(),
        ]  # fmt: skip
        assert got[t].tolist() == expected, (t, got[t].tolist(), expected)


@pytest.mark.parametrize("warp_size", WAVES)
def test_coalesced_threads(module: host.Module, warp_size: int) -> None:
    values = np.random.default_rng(4).integers(0, 1000, THREADS).astype(np.int32)
    out = host.zeros(7 * THREADS, np.int32)
    module.launch(
        "coalesced", grid=1, block=THREADS, args=[out, host.to_device(values)], warp_size=warp_size
    )
    got = out.to_numpy().reshape(THREADS, 7)
    for t in range(THREADS):
        if values[t] % 3:
            continue
        base = t - t % 32
        members = [base + g for g in range(32) if base + g < THREADS and values[base + g] % 3 == 0]
        group = values[members]
        rank = members.index(t)
        expected = [
            len(members), rank, group[0],
            as_int32(lane_mask([r for r in range(len(members)) if group[r] & 1])),
            group[rank - 1] if rank >= 1 else group[rank],
            group[rank + 2] if rank + 2 < len(members) else group[rank],
            group.sum(),
        ]  # fmt: skip
        assert got[t].tolist() == expected, t
