"""cu2amd-nvcc --warp-size=64: code written for 64-lane warps (HIP-style: 64-bit ballots
and masks, warpSize-strided loops) runs on the host platform with a 64-lane wave and
gives the results of a Python model of 64-lane warps; it compiles for gfx942 and for
gfx1100 in wave64 mode (the code objects say wavefront size 64); a 32-bit lane mask and
warp-dependent inline PTX are compile errors naming the call and the flag."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import UsageError
from cu2amd.runtime_shim.device import warp_size

NVCC = [sys.executable, "-m", "cu2amd.translator.nvcc"]
BLOCKS, THREADS = 2, 96  # per block a full 64-lane warp and one of 32 lanes

PROGRAM = r"""
#include <cstdio>
#include <cuda_runtime.h>

static_assert(warpSize == 64 && __CU2AMD_WARP_SIZE__ == 64, "a 64-lane warp");

struct Out {
    unsigned long long ballot, match, lanemask, active;
    int sum, tree, xor63, up40, strided;
    unsigned lane;
    unsigned long long all_mask;
    int all_pred, votes;
};

__global__ void kernel(Out *out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x % warpSize;
    unsigned long long active = __activemask();
    Out o = {};
    o.active = active;
    o.lane = lane;
    o.lanemask = __lanemask_lt();
    bool votes = t % 7 != 0 && lane != 5;
    unsigned long long voters = __ballot_sync(active, votes);
    if (votes) o.ballot = __ballot_sync(voters, t % 3 == 0);  // in a divergent branch
    __syncwarp(active);
    o.match = __match_any_sync(active, t % 5);
    o.sum = __reduce_add_sync(active, t);
    o.all_mask = __match_all_sync(active, t / 64, &o.all_pred);
    o.votes = __all_sync(active, t < 150) | __any_sync(active, t == 40) << 1 | __uni_sync(active, t < 150) << 2;
    int acc = 0;
    for (int i = lane; i < 200; i += warpSize) acc += i;  // a warpSize-strided loop
    o.strided = acc;
    if (active == ~0ull) {  // shuffles with every source lane present
        int v = t;
        for (int offset = warpSize / 2; offset > 0; offset /= 2) v += __shfl_down_sync(active, v, offset);
        o.tree = __shfl_sync(active, v, 0);
        o.xor63 = __shfl_xor_sync(active, t, 63);
        o.up40 = __shfl_up_sync(active, t, 40);
    }
    out[t] = o;
}

int main() {
    const int n = BLOCKS * THREADS;
    Out *out;
    cudaMallocManaged(&out, n * sizeof(Out));
    kernel<<<BLOCKS, THREADS>>>(out);
    if (cudaDeviceSynchronize() != cudaSuccess) return 1;
    for (int t = 0; t < n; ++t) {
        Out o = out[t];
        printf("%d %llx %llx %llx %llx %d %d %d %d %d %u %llx %d %d\n", t, o.ballot, o.match, o.lanemask,
               o.active, o.sum, o.tree, o.xor63, o.up40, o.strided, o.lane, o.all_mask, o.all_pred, o.votes);
    }
    return 0;
}
"""


def _model() -> list[list[int]]:
    """Each thread's line, from 64-lane warp semantics."""
    rows = []
    for t in range(BLOCKS * THREADS):
        block, tid = divmod(t, THREADS)
        lane = tid % 64
        base = block * THREADS + tid - lane
        lanes = [i for i in range(64) if tid - lane + i < THREADS]
        active = sum(1 << i for i in lanes)
        voters = [i for i in lanes if (base + i) % 7 != 0 and i != 5]
        ballot = sum(1 << i for i in voters if (base + i) % 3 == 0) if lane in voters else 0
        match = sum(1 << i for i in lanes if (base + i) % 5 == t % 5)
        full = len(lanes) == 64
        tree = sum(base + i for i in lanes) if full else 0
        xor63 = base + (lane ^ 63) if full else 0
        up40 = (t - 40 if lane >= 40 else t) if full else 0
        strided = sum(range(lane, 200, 64))
        sums = sum(base + i for i in lanes)
        lanemask = (1 << lane) - 1
        ts = [base + i for i in lanes]
        same = len({x // 64 for x in ts}) == 1
        all_lt = all(x < 150 for x in ts)
        votes = all_lt | (40 in ts) << 1 | (all_lt or not any(x < 150 for x in ts)) << 2
        row = [t, ballot, match, lanemask, active, sums, tree, xor63, up40, strided, lane]
        rows.append([*row, active if same else 0, int(same), votes])
    return rows


def _parse(stdout: str) -> list[list[int]]:
    rows = []
    for line in stdout.splitlines():
        f = line.split()
        ints = [int(f[0]), *(int(x, 16) for x in f[1:5]), *(int(x) for x in f[5:11])]
        rows.append([*ints, int(f[11], 16), int(f[12]), int(f[13])])
    return rows


@pytest.fixture(scope="module")
def program(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("w64") / "warp64.cu"
    src.write_text(PROGRAM.replace("BLOCKS", str(BLOCKS)).replace("THREADS", str(THREADS)))
    return src


def test_host_platform_runs_64_lane_warps(program: Path) -> None:
    exe = program.with_suffix("")
    cmd = [*NVCC, "--warp-size=64", "--offload-arch=host", str(program), "-o", str(exe)]
    build = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr
    expected = _model()
    # The program runs its launches with 64-lane waves, whatever CU2AMD_WARP_SIZE says.
    for env_warp in ("", "32"):
        env = {**os.environ, "CU2AMD_WARP_SIZE": env_warp, "CU2AMD_THREAD_ORDER": "random:5"}
        run = subprocess.run([str(exe)], capture_output=True, text=True, check=False, env=env)
        assert run.returncode == 0, run.stdout + run.stderr
        got = _parse(run.stdout)
        assert len(got) == len(expected)
        for g, e in zip(got, expected, strict=True):
            assert g == e, f"thread {e[0]}: got {g}, expected {e}"


def test_amd_code_objects_are_wave64(program: Path, tmp_path: Path) -> None:
    keep = tmp_path / "keep"
    cmd = [*NVCC, "--warp-size=64", "--offload-arch=gfx942,gfx1100", "-c", str(program),
           "-o", str(tmp_path / "p.o"), "--keep", "--keep-dir", str(keep)]  # fmt: skip
    build = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert build.returncode == 0, build.stderr
    inspect = subprocess.run(
        [str(Path(sys.executable).parent / "cu2amd"), "inspect", str(keep / "warp64.hipfb")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert inspect.returncode == 0, inspect.stderr
    waves = dict(
        re.findall(r"^(gfx\d+)\s+_Z6kernelP3Out\s+(?:\d+\s+){6}(\d+)\s", inspect.stdout, re.M)
    )
    assert waves == {"gfx942": "64", "gfx1100": "64"}, inspect.stdout


MASK32 = r"""
#include <cuda_runtime.h>
__global__ void k(unsigned long long *out, int *v) {
    out[threadIdx.x] = __ballot_sync(0xffffffff, threadIdx.x & 1);
    v[threadIdx.x] = __shfl_xor_sync(0xffffffffu, v[threadIdx.x], 1);
}
"""


def test_a_32_bit_mask_is_an_error_naming_the_call(tmp_path: Path) -> None:
    src = tmp_path / "mask32.cu"
    src.write_text(MASK32)
    cmd = [
        *NVCC,
        "--warp-size=64",
        "--offload-arch=host",
        "-c",
        str(src),
        "-o",
        str(tmp_path / "m.o"),
    ]
    build = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert build.returncode != 0
    for call in ("__ballot_sync", "__shfl_xor_sync"):
        assert (
            f"{call}(): with --warp-size=64 a warp has 64 lanes and the lane mask is 64 bits"
            in (build.stderr)
        )
    assert (
        "mask32.cu:4:24: note: in instantiation of function template specialization" in build.stderr
    )
    # The same code is CUDA's with 32-lane warps.
    ok = subprocess.run([c for c in cmd if c != "--warp-size=64"], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr


WARP_PTX = r"""
#include <cuda_runtime.h>
__global__ void k(unsigned *out) {
    unsigned r, s;
    asm("add.u32 %0, %1, 7;" : "=r"(s) : "r"(threadIdx.x));
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
    out[threadIdx.x] = r + s;
}
"""


def test_warp_dependent_inline_ptx_is_an_error_naming_the_flag(tmp_path: Path) -> None:
    src = tmp_path / "laneid.cu"
    src.write_text(WARP_PTX)
    cmd = [
        *NVCC,
        "--warp-size=64",
        "--offload-arch=gfx942",
        "-c",
        str(src),
        "-o",
        str(tmp_path / "l.o"),
    ]
    build = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert build.returncode == 1
    assert (
        "laneid.cu:6:18: error: inline PTX '%laneid' with --warp-size=64: inline PTX is lowered "
        "with CUDA's 32-lane warps" in build.stderr
    )
    assert "Traceback" not in build.stderr and "add.u32" not in build.stderr


def test_wave_size_per_target() -> None:
    gfx942, gfx1100 = parse_target_id("gfx942"), parse_target_id("gfx1100")
    assert warp_size.device_flags(32, gfx1100) == [] and warp_size.device_flags(64, gfx942) == []
    assert warp_size.device_flags(64, gfx1100) == ["-mwavefrontsize64"]
    assert (warp_size.wave_size(32, gfx942), warp_size.wave_size(32, gfx1100)) == (64, 32)
    assert (warp_size.wave_size(64, gfx942), warp_size.wave_size(64, gfx1100)) == (64, 64)
    flavours = [warp_size.library_flavour(w, t) for w in (32, 64) for t in (gfx942, gfx1100)]
    assert flavours == ["amdgcn-wave64", "amdgcn-wave32", "amdgcn-wave64", "amdgcn-wave64-rdna"]
    with pytest.raises(UsageError, match=r"gfx1030 \(RDNA 2\) cannot move values between"):
        warp_size.wave_size(64, parse_target_id("gfx1030"))
