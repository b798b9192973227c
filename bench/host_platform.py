"""The host platform against numba's CUDA simulator, in one run, on the same kernels.

numba's simulator (package numba-cuda, NUMBA_ENABLE_CUDASIM=1) is what a Python user
would otherwise pick to run CUDA kernels without a GPU. Both run a vector add and a
shared-memory block reduction over the same number of threads; the script prints each
time, the speed-up, and cu2amd's threads per second for 1M threads with 8 barriers each.
The issue's target: at least 300x faster than the simulator on both kernels.

    .venv/bin/pip install numba-cuda
    .venv/bin/python bench/host_platform.py [--threads 65536] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ["NUMBA_ENABLE_CUDASIM"] = "1"  # before numba is imported

import numpy as np

try:  # kernels must see `cuda` as a global for the simulator to substitute its own
    from numba import cuda, float32
except ImportError:  # pragma: no cover - reported in main()
    cuda = None

ROOT = Path(__file__).resolve().parent.parent
BLOCK = 256


def best_of(repeat: int, fn) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def cu2amd_side(threads: int, repeat: int) -> dict[str, float]:
    from cu2amd import host

    vadd = host.Module.from_file(ROOT / "examples" / "ptx" / "vector_add.ptx")
    reduce = host.Module.from_file(ROOT / "tests" / "data" / "ptx" / "host" / "block_reduce.ptx")
    barriers = host.Module.from_file(ROOT / "bench" / "kernels" / "barriers8.ptx")
    a = host.to_device(np.arange(threads, dtype=np.float32))
    b = host.to_device(np.ones(threads, np.float32))
    c = host.zeros(threads)
    blocks = threads // BLOCK
    sums = host.zeros(blocks)
    out = host.zeros(1 << 20, np.uint32)

    def run_vadd() -> None:
        vadd.launch("vector_add", grid=blocks, block=BLOCK, args=[a, b, c, threads])

    def run_reduce() -> None:
        reduce.launch("block_reduce", grid=blocks, block=BLOCK, args=[a, sums])

    def run_barriers() -> None:
        barriers.launch("barriers8", grid=(1 << 20) // BLOCK, block=BLOCK, args=[out])

    result = {
        "vector_add": best_of(repeat, run_vadd),
        "block_reduce": best_of(repeat, run_reduce),
        "barriers8_1M": best_of(repeat, run_barriers),
    }
    expected = np.arange(threads, dtype=np.float32).reshape(blocks, BLOCK).sum(axis=1)
    assert np.allclose(sums.to_numpy(), expected, rtol=1e-5), "cu2amd reduction is wrong"
    assert np.array_equal(c.to_numpy(), np.arange(threads, dtype=np.float32) + 1)
    return result


def _numba_vector_add(x, y, z, n):
    i = cuda.grid(1)
    if i < n:
        z[i] = x[i] + y[i]


def _numba_block_reduce(x, out):
    sdata = cuda.shared.array(BLOCK, float32)
    tid = cuda.threadIdx.x
    sdata[tid] = x[cuda.blockIdx.x * cuda.blockDim.x + tid]
    cuda.syncthreads()
    s = cuda.blockDim.x // 2
    while s > 0:
        if tid < s:
            sdata[tid] += sdata[tid + s]
        cuda.syncthreads()
        s //= 2
    if tid == 0:
        out[cuda.blockIdx.x] = sdata[0]


def numba_side(threads: int, repeat: int) -> dict[str, float]:
    if cuda is None:
        raise ImportError("numba-cuda")
    vector_add = cuda.jit(_numba_vector_add)
    block_reduce = cuda.jit(_numba_block_reduce)
    a = np.arange(threads, dtype=np.float32)
    b = np.ones(threads, np.float32)
    c = np.zeros(threads, np.float32)
    blocks = threads // BLOCK
    sums = np.zeros(blocks, np.float32)
    result = {
        "vector_add": best_of(repeat, lambda: vector_add[blocks, BLOCK](a, b, c, threads)),
        "block_reduce": best_of(repeat, lambda: block_reduce[blocks, BLOCK](a, sums)),
    }
    assert np.allclose(sums, a.reshape(blocks, BLOCK).sum(axis=1), rtol=1e-5)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=65536)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if args.threads % BLOCK:
        parser.error(f"--threads must be a multiple of {BLOCK}")
    ours = cu2amd_side(args.threads, args.repeat)
    try:
        theirs = numba_side(args.threads, max(1, args.repeat // 3))
    except ImportError:
        print("numba-cuda is not installed (pip install numba-cuda): no peer to compare with")
        theirs = {}
    print(f"threads per kernel: {args.threads} (blocks of {BLOCK})")
    print(f"{'kernel':14} {'cu2amd host':>14} {'numba cudasim':>14} {'speed-up':>10}")
    for name in ("vector_add", "block_reduce"):
        peer = theirs.get(name)
        ratio = f"{peer / ours[name]:9.0f}x" if peer else "-"
        peer_text = f"{peer * 1000:11.1f} ms" if peer else "-"
        print(f"{name:14} {ours[name] * 1000:11.2f} ms {peer_text:>14} {ratio:>10}")
    t = ours["barriers8_1M"]
    print(f"1M threads x 8 barriers: {t * 1000:.1f} ms, {(1 << 20) / t / 1e6:.1f} M threads/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
