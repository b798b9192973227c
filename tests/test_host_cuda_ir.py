"""CUDA C++ on the host platform: clang's NVPTX device IR, retargeted to the CPU and run
by cu2amd.host (the path cu2amd-nvcc --offload-arch=host builds on)."""

import subprocess
from pathlib import Path

import numpy as np
import pytest

from cu2amd import host
from cu2amd.amdgpu.toolchain import discover
from cu2amd.errors import UnsupportedError
from cu2amd.runtime_shim.host.retarget import retarget_nvptx_ir

SOURCE = Path(__file__).resolve().parent / "data" / "cuda_host" / "cuda_kernels.cu"


def device_ir(source: Path, tmp: Path, opt: str = "-O2") -> str:
    tc = discover()
    out = tmp / (source.stem + ".ll")
    cmd = [
        *tc.clang(), "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc",
        "-nocudalib", "--cuda-path=/nonexistent", "-Xclang", "-target-feature", "-Xclang", "+ptx80",
        "-isystem", str(tc.builtin_include_dir()), opt, "-emit-llvm", "-S", str(source), "-o", str(out),
    ]  # fmt: skip
    subprocess.run(cmd, check=True, capture_output=True)
    return out.read_text()


@pytest.fixture(scope="module", params=["-O0", "-O2"])
def module(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> host.Module:
    return host.Module.from_nvptx_ir(
        device_ir(SOURCE, tmp_path_factory.mktemp("ir"), request.param)
    )


def test_retargeted_signatures(tmp_path: Path) -> None:
    r = retarget_nvptx_ir(device_ir(SOURCE, tmp_path))
    assert r.kernels == {
        "squares": ("ptr", "ptr", "i32"),
        "block_scan": ("ptr", "ptr"),
        "hello": ("i32", "float"),
        "checked": ("ptr",),
    }
    assert r.uses_fibers
    assert "nvptx" not in r.ir.split("\n", 4)[3]  # the triple line
    assert "ptx_kernel" not in r.ir


def test_template_kernel(module: host.Module) -> None:
    x = np.linspace(-3, 3, 1000)
    out = host.zeros(1000, np.float64)
    module.launch("squares", grid=4, block=256, args=[host.to_device(x), out, 1000])
    np.testing.assert_array_equal(out.to_numpy(), x * x)


@pytest.mark.parametrize("order", ["forward", "reverse", "random:1"])
def test_block_scan_with_shared_memory_and_barriers(module: host.Module, order: str) -> None:
    x = np.random.default_rng(2).integers(-50, 50, 3 * 256).astype(np.int32)
    out = host.zeros(3 * 256, np.int32)
    module.launch("block_scan", grid=3, block=256, args=[host.to_device(x), out], order=order)
    np.testing.assert_array_equal(out.to_numpy(), np.cumsum(x.reshape(3, 256), axis=1).ravel())


def test_device_printf(module: host.Module, capfd: pytest.CaptureFixture[str]) -> None:
    module.launch("hello", grid=1, block=32, args=[7, 1.5])
    assert capfd.readouterr().out == "thread 0 of 7: 1.50 ok\nthread 1 of 7: 1.50 ok\n"


def test_device_assert(module: host.Module) -> None:
    values = np.zeros(64, np.int32)
    module.launch("checked", grid=1, block=64, args=[host.to_device(values)])
    values[37] = -1
    with pytest.raises(host.KernelError) as err:
        module.launch("checked", grid=1, block=64, args=[host.to_device(values)])
    assert str(err.value) == (
        "kernel 'checked' failed: cuda_kernels.cu:60: checked: block: [0,0,0], "
        "thread: [37,0,0] Assertion `in[tid()] >= 0` failed."
    )


def test_unknown_nvvm_intrinsics_are_named() -> None:
    ir = (
        'target triple = "nvptx64-nvidia-cuda"\n'
        "declare i32 @llvm.nvvm.read.ptx.sreg.clock()\n"
        "define ptx_kernel void @k(ptr %p) {\n"
        "  %c = call i32 @llvm.nvvm.read.ptx.sreg.clock()\n  store i32 %c, ptr %p\n  ret void\n}\n"
    )
    with pytest.raises(
        UnsupportedError,
        match=r"k.ll: NVVM intrinsics not supported on the host platform yet: llvm.nvvm.read.ptx.sreg.clock",
    ):
        retarget_nvptx_ir(ir, "k.ll")
