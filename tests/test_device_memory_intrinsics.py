"""CUDA's loads and stores with cache hints and the clock functions
(cu2amd/memory_intrinsics.h) on the host platform and for AMD targets."""

import subprocess
import sys
from pathlib import Path

PROGRAM = r"""#include <cstdio>
__global__ void k(const float4 *in, const int *ii, float *out, long long *t) {
    long long t0 = clock64();
    float4 v = __ldg(&in[threadIdx.x]);
    int w = __ldcs(&ii[threadIdx.x]) + __ldcg(&ii[0]) + __ldlu(&ii[1]) + __ldca(&ii[2]) + __ldcv(&ii[3]);
    __stcs(&out[threadIdx.x], v.x + v.y + v.z + v.w + w);
    __stwt(&out[4 + threadIdx.x], (float)__ldg(&ii[threadIdx.x]));
    long long t1 = clock64();
    if (threadIdx.x == 0) *t = (t1 >= t0) && (clock() != 0 || true);
}
int main() {
    float4 h[4]; int hi[4] = {1, 2, 3, 4}; float r[8]; long long tt;
    for (int i = 0; i < 4; ++i) h[i] = make_float4(i, 1, 2, 3);
    float4 *d; int *di; float *o; long long *t;
    cudaMalloc(&d, sizeof h); cudaMalloc(&di, sizeof hi); cudaMalloc(&o, sizeof r); cudaMalloc(&t, 8);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice); cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
    k<<<1, 4>>>(d, di, o, t);
    cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost); cudaMemcpy(&tt, t, 8, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 8; ++i) printf("%g ", r[i]);
    printf("%lld %s\n", tt, cudaGetErrorString(cudaGetLastError()));
}
"""


def nvcc(*args: str | Path) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", *map(str, args)]
    return subprocess.run(cmd, capture_output=True, text=True, check=False)


def test_cache_hint_loads_and_stores_and_clock(tmp_path: Path) -> None:
    src = tmp_path / "ldg.cu"
    src.write_text(PROGRAM)
    proc = nvcc("--offload-arch=host", src, "-o", tmp_path / "ldg")
    assert proc.returncode == 0, proc.stderr
    run = subprocess.run([str(tmp_path / "ldg")], capture_output=True, text=True, check=False)
    assert run.stdout == "17 19 21 23 1 2 3 4 1 no error\n", run.stderr
    proc = nvcc("-c", "--offload-arch=gfx942,gfx1100", src, "-o", tmp_path / "ldg.o")
    assert proc.returncode == 0, proc.stderr
