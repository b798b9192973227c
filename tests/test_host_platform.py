"""The host platform: PTX kernels run on the CPU through cu2amd.host, checked against numpy.

Kernels are hand-written fixtures in tests/data/ptx/host (checked with ptxas where present).
"""

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cu2amd import host
from cu2amd.errors import Cu2amdError, UsageError

ROOT = Path(__file__).resolve().parent.parent
HOST_PTX = Path(__file__).resolve().parent / "data" / "ptx" / "host"
EXAMPLES = ROOT / "examples" / "ptx"


@pytest.fixture(scope="module")
def saxpy() -> host.Module:
    return host.Module.from_file(EXAMPLES / "saxpy.ptx")


def load(name: str) -> host.Module:
    return host.Module.from_file(HOST_PTX / name)


def test_saxpy_matches_numpy(saxpy: host.Module) -> None:
    n = (1 << 16) + 37  # a partial last block: threads past n do nothing
    rng = np.random.default_rng(0)
    x, y = rng.random(n, dtype=np.float32), rng.random(n, dtype=np.float32)
    dx, dy = host.to_device(x), host.to_device(y)
    saxpy.launch(
        "saxpy", grid=(n + 255) // 256, block=256, args=[np.float32(2.5), dx, dy, np.int32(n)]
    )
    expected = (np.float32(2.5) * x.astype(np.float64) + y).astype(np.float32)  # fma: one rounding
    np.testing.assert_array_equal(dy.to_numpy(), expected)
    np.testing.assert_array_equal(dx.to_numpy(), x)


def test_vector_add_on_a_2d_grid() -> None:
    mod = host.Module.from_file(EXAMPLES / "vector_add.ptx")
    n = 10_000
    a, b = np.arange(n, dtype=np.float32), np.full(n, 0.5, np.float32)
    c = host.zeros(n)
    mod.launch(
        "vector_add", grid=(8, 5), block=256, args=[host.to_device(a), host.to_device(b), c, n]
    )
    np.testing.assert_array_equal(c.to_numpy(), a + b)


@pytest.mark.parametrize("order", ["forward", "reverse", "random:3"])
@pytest.mark.parametrize("warp_size", [32, 64])
def test_block_reduction_with_barriers(order: str, warp_size: int) -> None:
    mod = load("block_reduce.ptx")
    blocks, threads = 37, 256
    x = np.random.default_rng(5).integers(-1000, 1000, blocks * threads).astype(np.float32)
    out = host.zeros(blocks)
    mod.launch("block_reduce", grid=blocks, block=threads, args=[host.to_device(x), out],
               order=order, warp_size=warp_size)  # fmt: skip
    # Integers: the tree sum is exact whatever the order.
    np.testing.assert_array_equal(out.to_numpy(), x.reshape(blocks, threads).sum(axis=1))


def test_threads_exiting_before_a_barrier_do_not_block_it() -> None:
    mod = load("early_exit.ptx")
    out = host.to_device(np.full(128, 7, np.uint32))
    mod.launch("early_exit", grid=1, block=128, args=[out])
    result = out.to_numpy()
    tid = np.arange(128)
    even = tid % 2 == 0
    np.testing.assert_array_equal(result[even], (tid[even] + 2) % 128)
    np.testing.assert_array_equal(result[~even], 7)  # exited threads wrote nothing


def test_thread_order_exposes_a_missing_barrier() -> None:
    mod = load("missing_barrier.ptx")
    results = {}
    for order in ("forward", "reverse"):
        out = host.zeros(64, np.uint32)
        mod.launch("missing_barrier", grid=1, block=64, args=[out], order=order)
        results[order] = out.to_numpy()
    # Forward: every neighbour's slot is still unwritten (but the wrap-around one);
    # reverse: every neighbour has written already. A correct kernel gives one answer.
    assert not np.array_equal(results["forward"], results["reverse"])
    np.testing.assert_array_equal(results["reverse"], (np.arange(64) + 1) % 64 + 1000)


def test_deadlock_is_reported_not_hung() -> None:
    mod = load("deadlock.ptx")
    with pytest.raises(host.KernelError) as err:
        mod.launch("deadlock", grid=(2, 1, 1), block=(64, 1, 1))
    path = HOST_PTX / "deadlock.ptx"
    assert str(err.value) == (
        "kernel 'deadlock' failed: deadlock in block (0,0,0): no thread can proceed\n"
        f"  threads (0,0,0)..(31,0,0) (32): wait at {path}:20:2: bar.sync (barrier 1)\n"
        f"  threads (32,0,0)..(63,0,0) (32): wait at {path}:17:2: bar.sync (barrier 0)"
    )


def test_same_launch_twice_is_bit_identical() -> None:
    mod = load("block_reduce.ptx")
    x = np.random.default_rng(9).random(64 * 128, dtype=np.float32)
    outs = []
    for _ in range(2):
        out = host.zeros(64)
        mod.launch(
            "block_reduce", grid=64, block=128, args=[host.to_device(x), out], order="random:11"
        )
        outs.append(out.to_numpy().tobytes())
    assert outs[0] == outs[1]


def test_invalid_memory_access_is_an_error_not_a_crash(saxpy: host.Module) -> None:
    bogus = host.to_device(np.zeros(1, np.float32))
    with pytest.raises(
        host.KernelError,
        match=r"invalid memory access at address 0x[0-9a-f]+ in block \(0,0,0\), thread \(0,0,0\)",
    ):
        # x = NULL: the first thread reads address 0
        saxpy.launch(
            "saxpy", grid=1, block=32, args=[np.float32(1), np.uint64(0), bogus, np.int32(1)]
        )
    # the module still works afterwards
    y = host.to_device(np.ones(4, np.float32))
    saxpy.launch(
        "saxpy",
        grid=1,
        block=4,
        args=[np.float32(3), host.to_device(np.ones(4, np.float32)), y, np.int32(4)],
    )
    np.testing.assert_array_equal(y.to_numpy(), np.full(4, 4.0, np.float32))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"grid": 1, "block": 2048}, r"invalid launch: block \(2048,1,1\) has 2048 threads; at most 1024"),
        ({"grid": 1, "block": (1, 1, 128)}, r"z at most 64"),
        ({"grid": (1, 70000), "block": 32}, r"grid \(1,70000,1\) exceeds"),
        ({"grid": 0, "block": 32}, r"grid dimensions must be positive, not \(0, 1, 1\)"),
        ({"grid": (1, 2, 3, 4), "block": 32}, r"grid must be 1 to 3 positive integers"),
        ({"grid": 1, "block": 32, "warp_size": 16}, r"warp size must be 32 or 64, not 16"),
        ({"grid": 1, "block": 32, "order": "sideways"}, r"thread order must be forward, reverse or random:SEED, not 'sideways'"),
        ({"grid": 1, "block": 32, "shared_mem": 1 << 20}, r"invalid launch: too much shared memory: 0 static \+ 1048576 dynamic bytes; at most 49152 in all"),
    ],
)  # fmt: skip
def test_bad_launches_fail_before_running(saxpy: host.Module, kwargs: dict, message: str) -> None:
    y = host.to_device(np.ones(4, np.float32))
    args = [np.float32(2), host.to_device(np.ones(4, np.float32)), y, np.int32(4)]
    with pytest.raises(host.LaunchError, match=message):
        saxpy.launch("saxpy", args=args, **kwargs)
    np.testing.assert_array_equal(y.to_numpy(), np.ones(4, np.float32))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([np.float32(2)], r"kernel 'saxpy' takes 4 arguments, 1 given"),
        ([np.float64(2), 0, 0, 1], r"argument 1 of kernel 'saxpy', saxpy_param_a \(.f32\): got a float64"),
        (["2", 0, 0, 1], r"argument 1 of kernel 'saxpy', saxpy_param_a \(.f32\): got str"),
        ([2.0, 0, 0, 1 << 40], r"argument 4 of kernel 'saxpy', saxpy_param_n \(.u32\): 1099511627776 does not fit in 32 bits"),
        ([2.0, 0, 0, np.int64(4)], r"argument 4 .*: got a int64"),
        ([host.zeros(1), 0, 0, 1], r"argument 1 .*: a device array needs a 64-bit integer parameter"),
    ],
)  # fmt: skip
def test_bad_arguments_fail_before_running(saxpy: host.Module, args: list, message: str) -> None:
    with pytest.raises(host.LaunchError, match=message):
        saxpy.launch("saxpy", grid=1, block=32, args=args)


def test_unknown_kernel(saxpy: host.Module) -> None:
    with pytest.raises(
        host.LaunchError, match=r"no kernel 'saxpi' in .*saxpy.ptx \(kernels: saxpy\)"
    ):
        saxpy.launch("saxpi", grid=1, block=1)


def test_compile_errors_surface_as_diagnostics() -> None:
    with pytest.raises(UsageError, match="no such file"):
        host.Module.from_file(HOST_PTX / "missing.ptx")
    with pytest.raises(Exception) as err:
        host.Module.from_ptx(
            ".version 8.0\n.target sm_80\n.address_size 64\n.entry k() { brkpt; }", "mine.ptx"
        )
    assert err.value.render() == (
        "mine.ptx:4:14: error: unsupported PTX instruction 'brkpt'\n.entry k() { brkpt; }\n             ^"
    )


def test_two_modules_from_the_same_ptx_have_their_own_globals() -> None:
    a, b = load("block_reduce.ptx"), load("block_reduce.ptx")
    assert a._loaded.thread_slot != b._loaded.thread_slot


SCRIPT = """
import numpy as np
from cu2amd import host
from cu2amd.runtime_shim.host.loader import runtime
mod = host.Module.from_file({path!r})
x = np.arange(4 * 64, dtype=np.float32)
out = host.zeros(4)
mod.launch("block_reduce", grid=4, block=64, args=[host.to_device(x), out], order="reverse")
assert np.array_equal(out.to_numpy(), x.reshape(4, 64).sum(axis=1)), out.to_numpy()
print(runtime().version)
"""


def test_the_portable_ucontext_fibers_give_the_same_results() -> None:
    env = dict(os.environ, CU2AMD_HOST_RUNTIME_CFLAGS="-DCU2AMD_USE_UCONTEXT")
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(path=str(HOST_PTX / "block_reduce.ptx"))],
        capture_output=True, text=True, env=env, check=False,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "ucontext fibers" in proc.stdout


def test_trap_names_the_block_and_thread() -> None:
    mod = load("trap.ptx")
    out = host.zeros(128, np.uint32)
    with pytest.raises(host.KernelError) as err:
        mod.launch("trap_one", grid=2, block=64, args=[out])
    assert str(err.value) == (
        f"kernel 'trap_one' failed: {HOST_PTX / 'trap.ptx'}:18:7: trap: "
        "trap in block (1,0,0), thread (5,0,0)"
    )
    # Block 0 ran to the end before block 1 trapped.
    np.testing.assert_array_equal(out.to_numpy()[:64], np.ones(64, np.uint32))


STRICT_PTX = """.version 8.0
.target sm_80
.address_size 64
.visible .entry stale(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	.shared .align 4 .b8 cell[4];
	mov.u32 %r1, %tid.x;
	ld.shared.u32 %r2, [cell];       // read before anyone wrote it
	ld.param.u64 %rd1, [out];
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3], %r2;
	bar.sync 0;
	@%p0 bra SKIP;
SKIP:
	ret;
}
"""


def test_strict_mode_poisons_shared_memory() -> None:
    text = STRICT_PTX.replace("\t@%p0 bra SKIP;\nSKIP:\n", "")
    mod = host.Module.from_ptx(text, "stale.ptx")
    out = host.zeros(4, np.uint32)
    mod.launch("stale", grid=1, block=4, args=[out], strict=True)
    np.testing.assert_array_equal(out.to_numpy(), np.full(4, 0xCDCDCDCD, np.uint32))


DIVERGENT_BARRIER = """.version 8.0
.target sm_80
.address_size 64
.visible .entry two_places()
{
	.reg .pred %p<2>;
	.reg .b32 %r<2>;
	mov.u32 %r1, %tid.x;
	setp.lt.u32 %p1, %r1, 2;
	@%p1 bra LOW;
	bar.sync 0;
	ret;
LOW:
	bar.sync 0;
	ret;
}
"""


def test_strict_mode_reports_a_barrier_reached_at_two_places() -> None:
    mod = host.Module.from_ptx(DIVERGENT_BARRIER, "two.ptx")
    mod.launch("two_places", grid=1, block=4)  # legal without strict: one barrier, all arrive
    with pytest.raises(host.KernelError) as err:
        mod.launch("two_places", grid=1, block=4, strict=True)
    assert str(err.value) == (
        "kernel 'two_places' failed: strict: barrier 0 reached at two places in block (0,0,0): "
        "thread (0,0,0) at two.ptx:14:2: bar.sync, thread (2,0,0) at two.ptx:11:2: bar.sync"
    )


def test_dynamic_shared_memory() -> None:
    mod = load("dynamic_shared.ptx")
    values = np.arange(1000, 1128, dtype=np.uint32)
    out = host.zeros(129, np.uint32)
    mod.launch(
        "reverse_block", grid=1, block=128, args=[host.to_device(values), out], shared_mem=512
    )
    result = out.to_numpy()
    np.testing.assert_array_equal(result[:128], values[::-1])
    assert result[128] == 512  # %dynamic_smem_size


def test_dynamic_shared_memory_may_be_declared_again() -> None:
    """Modules pasted together repeat `.extern .shared` (ptxas accepts it); a second
    declaration with another type, or over a defined variable, is an error."""
    text = (HOST_PTX / "dynamic_shared.ptx").read_text()
    line = ".extern .shared .align 16 .b8 dyn[];"
    mod = host.Module.from_ptx(text.replace(line, line + "\n" + line), "again.ptx")
    values = np.arange(128, dtype=np.uint32)
    out = host.zeros(129, np.uint32)
    mod.launch(
        "reverse_block", grid=1, block=128, args=[host.to_device(values), out], shared_mem=512
    )
    np.testing.assert_array_equal(out.to_numpy()[:128], values[::-1])
    for other, message in [
        (".extern .shared .align 16 .b32 dyn[];", "'dyn' is declared twice with different types"),
        (".shared .align 16 .b8 dyn[16];", "'dyn' is defined twice"),
    ]:
        with pytest.raises(Cu2amdError, match=message):
            host.Module.from_ptx(text.replace(line, other + "\n" + line), "again.ptx")


def test_dynamic_shared_memory_compiles_for_amdgpu() -> None:
    """On AMDGPU the extern array is HIP's zero-sized LDS array, sized at launch."""
    from cu2amd.amdgpu.codeobject import read_code_object
    from cu2amd.amdgpu.targets import parse_target_id
    from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

    text = (HOST_PTX / "dynamic_shared.ptx").read_text()
    text = text.replace("mov.u32 \t%r7, %dynamic_smem_size;", "mov.u32 \t%r7, 0;")
    pipeline = Pipeline(PipelineOptions())
    result = pipeline.back(pipeline.front(text, "dyn.ptx"), parse_target_id("gfx942"))
    assert "@dyn = external addrspace(3) global [0 x i8], align 16" in result.llvm_ir
    (kernel,) = read_code_object(result.code_object).kernels
    assert kernel.lds_bytes == 0  # all of it dynamic


def test_a_module_is_compiled_into_the_cache_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """One shared object per PTX module in the cache, written once (was: a copy named after
    the object's hash as well), and no temporary files left behind."""
    from cu2amd.runtime_shim.host.loader import runtime

    runtime()  # built or loaded from the usual cache first
    monkeypatch.setenv("CU2AMD_CACHE_DIR", str(tmp_path))
    modules = tmp_path / "host-modules"
    mod = host.Module.from_file(EXAMPLES / "saxpy.ptx")
    files = sorted(p.name for p in modules.iterdir())
    assert len(files) == 1 and files[0].startswith("ptx-") and files[0].endswith(".so"), files
    y = host.to_device(np.ones(4, np.float32))
    args = [np.float32(2), host.to_device(np.ones(4, np.float32)), y, np.int32(4)]
    mod.launch("saxpy", grid=1, block=4, args=args)
    np.testing.assert_array_equal(y.to_numpy(), np.full(4, 3.0, np.float32))
    host.Module.from_file(EXAMPLES / "saxpy.ptx")  # from the cache: nothing new
    assert sorted(p.name for p in modules.iterdir()) == files
