"""Memory access, atomics and special registers lowered from PTX, run on the host platform
and compared with numpy (PTX ISA 9.7.9 ld/st/cvta/isspacep, 9.7.13 atom/red, 10 special
registers), and the errors that pin what cu2amd does not lower.

The LLVM IR that AMDGPU gets (orderings, sync scopes, byref kernel arguments) is checked by
lit_tests/ptx/lower/{memory,atomics,calls}.ptx; the forms fixtures compile for every target
in tests/test_ptx_lowering.py.
"""

from __future__ import annotations

import ctypes
import struct
import time
from pathlib import Path

import numpy as np
import pytest

from cu2amd import host
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import UnsupportedError, VerificationError
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions
from cu2amd.runtime_shim.host import loader

HOST_PTX = Path(__file__).resolve().parent / "data" / "ptx" / "host"


def load(name: str) -> host.Module:
    return host.Module.from_file(HOST_PTX / name)


def launch_with_bytes(
    mod: host.Module, kernel: str, grid: int, block: int, args: list[bytes], shared: int = 0
) -> None:
    """Launch with each argument given as the bytes of its .param (structs by value:
    host.Module.launch packs scalars and device arrays only)."""
    entry = mod._loaded.entry(kernel)
    # 16-byte aligned copies, as .param .align 16 asks at most
    buffers = [np.frombuffer(a.ljust(-(-len(a) // 16) * 16, b"\0"), np.uint8).copy() for a in args]
    storage = [np.empty(len(b) + 16, np.uint8) for b in buffers]
    aligned = []
    for buf, raw in zip(buffers, storage, strict=True):
        start = -raw.ctypes.data % 16
        view = raw[start : start + len(buf)]
        view[:] = buf
        aligned.append(view)
    pointers = (ctypes.c_void_p * len(aligned))(*(v.ctypes.data for v in aligned))
    launch = loader.LaunchStruct(
        entry=entry.address,
        args=pointers,
        thread_slot=mod._loaded.thread_slot,
        grid=loader.Dim3(grid, 1, 1),
        block=loader.Dim3(block, 1, 1),
        dynamic_shared_size=shared,
        wave_size=32,
        order=0,
        flags=loader.FLAG_FIBERS if entry.needs_fibers else 0,
        seed=0,
        shared_regions=mod._loaded.shared_regions,
        shared_region_sizes=mod._loaded.shared_sizes,
        n_shared_regions=mod._loaded.n_shared,
        stack_size=0,
    )
    with mod._loaded.lock:
        status, message = loader.runtime().launch(launch)
    if status != 0:
        raise host.KernelError(f"kernel '{kernel}' failed: {message}")


def compile_for(text: str, arch: str = "gfx942"):
    pipeline = Pipeline(PipelineOptions())
    module = pipeline.front(text, "t.ptx")
    if arch == "host":
        from cu2amd.ptx_lowering.targets.host import HOST

        return pipeline.back(module, HOST)
    return pipeline.back(module, parse_target_id(arch))


# -- atomics under contention -----------------------------------------------------------


@pytest.fixture(scope="module")
def atomics() -> host.Module:
    return load("atomics.ptx")


@pytest.mark.parametrize("order", ["forward", "reverse", "random:5"])
def test_histogram_with_atom_global_add(atomics: host.Module, order: str) -> None:
    rng = np.random.default_rng(1)
    values = rng.integers(0, 37, 10_000).astype(np.uint32)
    hist = host.zeros(37, np.uint32)
    atomics.launch("histogram", grid=40, block=256, order=order,
                   args=[host.to_device(values), hist, np.uint32(len(values))])  # fmt: skip
    np.testing.assert_array_equal(hist.to_numpy(), np.bincount(values, minlength=37))


def test_float_sum_with_a_cas_loop(atomics: host.Module) -> None:
    x = np.arange(1, 1025, dtype=np.float32)  # exact sums: integers below 2^24
    total = host.zeros(1, np.float32)
    atomics.launch("cas_sum", grid=8, block=128, args=[host.to_device(x), total])
    assert total.to_numpy()[0] == x.sum()


def test_block_count_with_red_shared(atomics: host.Module) -> None:
    flags = (np.random.default_rng(2).random(64 * 96) < 0.3).astype(np.uint32)
    counts = host.zeros(64, np.uint32)
    atomics.launch("block_count", grid=64, block=96, args=[host.to_device(flags), counts])
    np.testing.assert_array_equal(counts.to_numpy(), flags.reshape(64, 96).sum(axis=1))


def test_atom_inc_wraps_at_its_bound(atomics: host.Module) -> None:
    counter = host.zeros(1, np.uint32)
    out = host.zeros(100, np.uint32)
    atomics.launch("tickets", grid=1, block=100, args=[counter, out, np.uint32(7)])
    np.testing.assert_array_equal(out.to_numpy(), np.arange(100) % 7)
    assert counter.to_numpy()[0] == 100 % 7


# -- special registers ------------------------------------------------------------------


@pytest.mark.parametrize("warp_size", [32, 64])
def test_lane_and_warp_registers_follow_cuda(warp_size: int) -> None:
    """32-lane warps whatever the emulated wave size: lane = linear tid % 32."""
    mod = load("sregs.ptx")
    block = (48, 3)
    out = host.zeros(48 * 3 * 16, np.uint32)
    mod.launch("registers", grid=(2, 5), block=block, args=[out], shared_mem=64,
               warp_size=warp_size)  # fmt: skip
    regs = out.to_numpy().reshape(-1, 16).astype(np.uint64)
    tid = np.arange(48 * 3, dtype=np.uint64)
    lane = tid % 32
    np.testing.assert_array_equal(regs[:, 0], lane)  # %laneid
    np.testing.assert_array_equal(regs[:, 1], tid // 32)  # %warpid
    assert (regs[:, 2] == 32).all()  # %nwarpid
    full = (1 << 32) - 1
    np.testing.assert_array_equal(regs[:, 3], 1 << lane)  # eq
    np.testing.assert_array_equal(regs[:, 4], (2 << lane) - 1)  # le
    np.testing.assert_array_equal(regs[:, 5], (1 << lane) - 1)  # lt
    np.testing.assert_array_equal(regs[:, 6], (full << lane) & full)  # ge
    np.testing.assert_array_equal(regs[:, 7], (full << (lane + 1)) & full)  # gt
    assert (regs[:, 8] == 0).all() and (regs[:, 9] == 1).all()  # %smid, %nsmid: one SM
    assert (regs[:, 10] == 0).all()  # %envreg3
    assert (regs[:, 11] == 100 + 64).all()  # %total_smem_size: static + dynamic
    assert (regs[:, 12] == 64).all()  # %dynamic_smem_size
    # each CTA is its own cluster: %clusterid = %ctaid, one CTA per cluster
    assert set(regs[:, 13]) == {4}  # the last block run, ctaid (1, 4)
    assert (regs[:, 14] == 1).all() and (regs[:, 15] == 0).all()


def test_timers_and_grid_id() -> None:
    mod = load("sregs.ptx")
    first, second = host.zeros(6, np.uint64), host.zeros(6, np.uint64)
    before = time.monotonic_ns()
    mod.launch("timers", grid=1, block=1, args=[first])
    mod.launch("timers", grid=1, block=1, args=[second])
    after = time.monotonic_ns()
    a, b = first.to_numpy(), second.to_numpy()
    assert b[0] > a[0] > 0  # %gridid: a new number for each launch
    assert a[2] >= a[1] and b[1] >= a[2]  # %clock64 counts up
    assert before <= a[3] <= b[3] <= after  # %globaltimer: nanoseconds
    assert a[1] <= a[4] <= a[2]  # %clock, %clock_hi: %clock64 read in between
    assert a[3] <= a[5] <= b[3]  # %globaltimer_lo, _hi


# -- parameters, .local, generic addresses ----------------------------------------------


def test_struct_parameter_by_value() -> None:
    mod = load("memory.ptx")
    out = host.zeros(6, np.uint64)
    s = struct.pack("<IH2xdQ", 0xDEADBEEF, 0xBEEF, 2.5, 0x0123456789ABCDEF)
    launch_with_bytes(mod, "struct_param", 1, 1, [s, struct.pack("<Q", out.ptr)])
    result = out.to_numpy()
    bits = struct.unpack("<Q", struct.pack("<d", 2.5))[0]
    expected = [0xDEADBEEF, 0xBEEF, bits, 0x0123456789ABCDEF, 0xDEADBEEF, 0x0123456789ABCDEF]
    np.testing.assert_array_equal(result, np.array(expected, np.uint64))


def test_local_arrays_through_generic_addresses() -> None:
    mod = load("memory.ptx")
    out = host.zeros(64, np.uint32)
    mod.launch("local_array", grid=1, block=64, args=[out])
    np.testing.assert_array_equal(out.to_numpy(), np.arange(64) * sum(range(16)))


@pytest.mark.parametrize("fibers", [False, True])
def test_isspacep(fibers: bool) -> None:
    mod = load("memory.ptx")
    out = host.zeros(16, np.uint32)
    kernel = "spaces_after_barrier" if fibers else "spaces"
    assert mod._loaded.entry(kernel).needs_fibers == fibers
    mod.launch(kernel, grid=1, block=32, args=[out], shared_mem=32)
    table = out.to_numpy().reshape(4, 4)[:, :3]
    # rows: global, static shared, dynamic shared, local; columns: .global .shared .local
    np.testing.assert_array_equal(table, [[1, 0, 0], [0, 1, 0], [0, 1, 0], [0, 0, 1]])


def test_initializers_with_addresses_sinks_and_ordered_accesses() -> None:
    mod = load("memory.ptx")
    out = host.zeros(7, np.uint32)
    mod.launch("initializers", grid=1, block=2, args=[out])
    np.testing.assert_array_equal(out.to_numpy(), [30, 99, 42, 40, 20, 40, 77])


UNSIZED = """.version 8.0
.target sm_80
.address_size 64
.visible .global .u32 table[] = {11, 22, 33, 44};
.const .b8 text[] = {104, 105, 0};
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	cvta.to.global.u64 %rd1, %rd1;
	ld.global.u32 %r1, [table+12];
	st.global.u32 [%rd1], %r1;
	ld.const.u8 %r2, [text+1];
	st.global.u32 [%rd1+4], %r2;
	ret;
}
"""


def test_an_unsized_array_takes_its_initializers_length() -> None:
    """PTX ISA 5.4.4: `x[] = {...}` has as many elements as its initializer."""
    out = host.zeros(2, np.uint32)
    host.Module.from_ptx(UNSIZED, "unsized.ptx").launch("k", grid=1, block=1, args=[out])
    np.testing.assert_array_equal(out.to_numpy(), [44, 105])
    ir_text = compile_for(UNSIZED).llvm_ir
    assert "[4 x i32] [i32 11, i32 22, i32 33, i32 44]" in ir_text


def test_an_unsized_array_without_initializer_is_an_error() -> None:
    text = UNSIZED.replace("table[] = {11, 22, 33, 44};", "table[];")
    with pytest.raises(VerificationError) as err:
        compile_for(text)
    assert err.value.message == (
        "'table' is an array of unknown size: give its size or an initializer "
        "(only .extern .shared arrays may be unsized)"
    )
    assert err.value.location is not None
    assert (err.value.location.line, err.value.location.col) == (4, 23)


# -- errors -----------------------------------------------------------------------------

KERNEL = """.version 8.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out, .param .align 4 .b8 s[8])
{{
\t.reg .pred %p<4>;
\t.reg .b16 %h<4>;
\t.reg .b32 %r<8>;
\t.reg .b64 %rd<8>;
\t.reg .b128 %q1;
{body}
\tret;
}}
"""


@pytest.mark.parametrize(
    ("body", "error", "message"),
    [
        ("\tld.param.u32 %r1, [s+6];", VerificationError,
         "'ld.param.u32': access of 4 bytes at offset 6 is outside parameter 's' (8 bytes)"),
        ("\tst.param.u32 [s], %r1;", VerificationError,
         "'st.param.u32': kernel parameters are read-only"),
        ("\tld.global.u32 %r1, [s];", VerificationError,
         "'ld.global.u32': 's' is a .param variable, accessed as .global"),
        ("\tld.relaxed.gpu.global.b128 %q1, [%rd1];", UnsupportedError,
         "(128-bit atomic loads and stores: AMD GPUs have none)"),
        ("\tatom.global.cas.b128 %q1, [%rd1], %q1, %q1;", UnsupportedError,
         "unsupported PTX instruction 'atom.global.cas.b128' (128-bit atomics (AMD GPUs have none))"),
        ("\tld.param.u32 %r1, [%rd1+4];\n\tst.param.u32 [%rd1], %r1;", VerificationError,
         "'st.param.u32': kernel parameters are read-only"),
        ("\tmov.u32 %r1, %pm3;", UnsupportedError,
         "special register '%pm3' is not supported yet (performance-monitor counters)"),
        ("\tmov.u32 %r1, %aggr_smem_size;", UnsupportedError,
         "special register '%aggr_smem_size' is not supported yet (reserved shared memory)"),
        ("\tld.global.v4.u32 {%r1, %r2}, [%rd1];", VerificationError,
         "'.v4' needs a vector operand of 4 elements"),
        ("\tfence.proxy.async.shared::cta;", UnsupportedError,
         "(proxy fences for asynchronous operations)"),
        ("\tst.async.shared::cluster.mbarrier::complete_tx::bytes.b32 [%r1], %r2, [%r3];",
         UnsupportedError, "(asynchronous store to a cluster peer)"),
    ],
)  # fmt: skip
def test_memory_errors(body: str, error: type, message: str) -> None:
    with pytest.raises(error) as err:
        compile_for(KERNEL.format(body=body))
    assert type(err.value) is error
    assert message in str(err.value)


def test_smid_on_rdna4_is_named() -> None:
    with pytest.raises(UnsupportedError, match=r"special register '%smid' on gfx1201"):
        compile_for(KERNEL.format(body="\tmov.u32 %r1, %smid;"), "gfx1201")


def test_shared_addresses_are_32_bits_on_every_target() -> None:
    """A .shared address is 32 bits, as in the ISA: LDS addresses on AMD GPUs, offsets in
    the shared window on the host platform (tests/test_host_shared_window.py runs them)."""
    body = "\t.shared .u32 x;\n\tmov.u32 %r1, x;"
    for target in ("gfx942", "host"):
        compile_for(KERNEL.format(body=body), target)
