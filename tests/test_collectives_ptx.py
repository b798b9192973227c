"""Warp and block collectives lowered from PTX: bar.warp.sync, bar.red, bar.arrive and
barriers with thread counts on the host platform (at wave sizes 32 and 64), what they
become for AMD GPUs, and the errors for what a target lacks or a kernel gets wrong.

Per-instruction semantics against the ISA's models are in tests/conformance/test_warp_*.
"""

import re

import numpy as np
import pytest

from cu2amd import host
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import Cu2amdError
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

WAVES = (32, 64)
HEADER = ".version 8.0\n.target sm_90\n.address_size 64\n"


def kernel(body: str, params: str = ".param .u64 out") -> str:
    return HEADER + f".visible .entry k({params})\n{{\n{body}\n}}\n"


STORE = """
  ld.param.u64 %base, [out];
  mul.wide.u32 %off, %tid, 4;
  add.s64 %base, %base, %off;
  st.global.u32 [%base], %r;
"""


def launch(text: str, threads: int, warp_size: int, **kw) -> np.ndarray:
    out = host.zeros(threads, np.uint32)
    host.Module.from_ptx(text).launch("k", 1, threads, [out], warp_size=warp_size, **kw)
    return out.to_numpy()


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("threads", [64, 100])
def test_bar_warp_sync_orders_shared_memory(warp_size: int, threads: int) -> None:
    """Each thread stores to shared memory, meets its half-warp at bar.warp.sync, and reads
    its neighbour's value (threads run one at a time on the host: without the barrier the
    neighbour's store would not have happened yet)."""
    text = kernel(
        """
  .shared .u32 buf[128];
  .reg .b32 %tid, %r, %lane, %m, %n, %one;
  .reg .b64 %off, %base;
  .reg .pred %low;
  mov.u32 %tid, %tid.x;
  mov.u32 %lane, %laneid;
  setp.lt.u32 %low, %lane, 16;
  selp.b32 %m, 0x0000ffff, 0xffff0000, %low;
  mul.wide.u32 %off, %tid, 4;
  mov.u64 %base, buf;
  add.s64 %base, %base, %off;
  mul.lo.u32 %r, %tid, 3;
  st.shared.u32 [%base], %r;
  bar.warp.sync %m;
  xor.b32 %n, %tid, 1;
  mul.wide.u32 %off, %n, 4;
  mov.u64 %base, buf;
  add.s64 %base, %base, %off;
  ld.shared.u32 %r, [%base];
"""
        + STORE
    )
    result = launch(text, threads, warp_size)
    expected = [(t ^ 1) * 3 if (t ^ 1) < threads else None for t in range(threads)]
    for t, want in enumerate(expected):
        if want is not None:
            assert result[t] == want, t


RED = """
  .reg .b32 %tid, %r, %bit;
  .reg .b64 %off, %base;
  .reg .pred %p, %q;
  mov.u32 %tid, %tid.x;
  and.b32 %bit, %tid, {modulo};
  setp.eq.u32 %p, %bit, 0;
  {instr}
"""


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("threads", [32, 96, 100])
def test_bar_red(warp_size: int, threads: int) -> None:
    popc = kernel(RED.format(modulo=1, instr="bar.red.popc.u32 %r, 0, %p;") + STORE)
    assert (launch(popc, threads, warp_size) == (threads + 1) // 2).all()
    negated = kernel(RED.format(modulo=1, instr="bar.red.popc.u32 %r, 2, !%p;") + STORE)
    assert (launch(negated, threads, warp_size) == threads // 2).all()
    for op, modulo, want in [("and", 0, 1), ("and", 1, 0), ("or", 1, 1), ("or", 0xFFFF, 1)]:
        instr = f"barrier.red.{op}.pred %q, 1, %p; selp.u32 %r, 1, 0, %q;"
        text = kernel(RED.format(modulo=modulo, instr=instr) + STORE)
        assert (launch(text, threads, warp_size) == want).all(), (op, modulo)


@pytest.mark.parametrize("warp_size", WAVES)
def test_bar_red_with_a_thread_count(warp_size: int) -> None:
    """Warps 0-1 reduce over barrier 1 with 64 threads, warps 2-3 over barrier 2."""
    instr = """
  .reg .b32 %w;
  shr.u32 %w, %tid, 6;
  setp.eq.u32 %q, %w, 0;
  @%q bra FIRST;
  bar.red.popc.u32 %r, 2, 64, %p;
  bra END;
FIRST:
  bar.red.popc.u32 %r, 1, 64, %p;
END:
"""
    text = kernel(RED.format(modulo=3, instr=instr) + STORE)
    assert (launch(text, 128, warp_size) == 16).all()


@pytest.mark.parametrize("warp_size", WAVES)
@pytest.mark.parametrize("order", ["forward", "reverse", "random:3"])
def test_producer_consumer_with_bar_arrive(warp_size: int, order: str) -> None:
    """The PTX ISA's producer/consumer pattern: warp 0 produces and signals barrier 1 with
    bar.arrive; warp 1 waits at bar.sync 1, 64 and consumes."""
    text = kernel(
        """
  .shared .u32 buf[32];
  .reg .b32 %tid, %r, %lane, %w;
  .reg .b64 %off, %base, %slot;
  .reg .pred %producer;
  mov.u32 %tid, %tid.x;
  and.b32 %lane, %tid, 31;
  shr.u32 %w, %tid, 5;
  mul.wide.u32 %off, %lane, 4;
  mov.u64 %slot, buf;
  add.s64 %slot, %slot, %off;
  setp.eq.u32 %producer, %w, 0;
  @!%producer bra CONSUMER;
  mul.lo.u32 %r, %lane, 7;
  st.shared.u32 [%slot], %r;
  bar.arrive 1, 64;
  bra DONE;
CONSUMER:
  bar.sync 1, 64;
  ld.shared.u32 %r, [%slot];
DONE:
"""
        + STORE
    )
    result = launch(text, 64, warp_size, order=order)
    np.testing.assert_array_equal(result[32:], np.arange(32) * 7)


def test_member_mask_without_the_thread_is_an_error() -> None:
    text = kernel("""
  .reg .b32 %tid, %r;
  .reg .b64 %off, %base;
  mov.u32 %tid, %tid.x;
  vote.sync.ballot.b32 %r, 1, 0;
""" + STORE)  # fmt: skip
    with pytest.raises(
        host.KernelError,
        match=r"vote\.sync\.ballot\.b32: the member mask does not include the executing "
        r"thread \(block \(0,0,0\), thread \(0,0,0\)\)",
    ):
        launch(text, 32, 32)


def test_a_missing_member_is_a_deadlock_report() -> None:
    """Lane 1 skips the shuffle that lane 0's mask names and waits at a CTA barrier lane 0
    reaches only after the shuffle: a report, not a hang."""
    text = kernel("""
  .reg .b32 %tid, %r;
  .reg .b64 %off, %base;
  .reg .pred %p;
  mov.u32 %tid, %tid.x;
  setp.ne.u32 %p, %tid, 0;
  @%p bra END;
  shfl.sync.idx.b32 %r, %tid, 0, 0x1f, 3;
END:
  bar.sync 0;
""" + STORE)  # fmt: skip
    with pytest.raises(host.KernelError) as err:
        launch(text, 2, 32)
    assert str(err.value).splitlines() == [
        "kernel 'k' failed: deadlock in block (0,0,0): no thread can proceed",
        "  thread (0,0,0): wait at <ptx>:13:3: shfl.sync.idx.b32 (warp collective)",
        "  thread (1,0,0): wait at <ptx>:15:3: bar.sync (barrier 0)",
    ]


# ---------------------------------------------------------------- AMD GPUs

COLLECTIVES = kernel(
    """
  .reg .b32 %tid, %r, %r<12>;
  .reg .b64 %off, %base, %rd;
  .reg .pred %p<4>;
  .reg .f32 %f;
  mov.u32 %tid, %tid.x;
  shfl.sync.idx.b32 %r1|%p1, %tid, 3, 0x1f, 0xffffffff;
  vote.sync.ballot.b32 %r2, %p1, 0xffffffff;
  match.any.sync.b32 %r3, %r2, 0xffffffff;
  redux.sync.add.u32 %r4, %r3, 0xffffffff;
  activemask.b32 %r5;
  elect.sync %r6|%p2, %r5;
  bar.warp.sync %r5;
  cvt.u64.u32 %rd, %r6;
  match.all.sync.b64 %r7|%p3, %rd, 0xffffffff;
  vote.sync.all.pred %p3, %p3, 0xffffffff;
  selp.u32 %r8, 1, 0, %p3;
  add.u32 %r, %r1, %r2;
  add.u32 %r, %r, %r4;
  add.u32 %r, %r, %r7;
  add.u32 %r, %r, %r8;
"""
    + STORE
)


def lower_for(target: str, text: str) -> str:
    pipeline = Pipeline(PipelineOptions())
    module = pipeline.front(text, "k.ptx")
    return pipeline.back(module, parse_target_id(target)).llvm_ir


@pytest.mark.parametrize(("target", "ballot"), [("gfx942", "i64"), ("gfx1100", "i32")])
def test_collectives_become_wave_intrinsics(target: str, ballot: str) -> None:
    ir = lower_for(target, COLLECTIVES)
    assert f"@llvm.amdgcn.ballot.{ballot}" in ir
    assert "@llvm.amdgcn.ds.bpermute" in ir
    assert "@llvm.amdgcn.wave.barrier" in ir
    assert not re.search(r"call .*@__cu2amd_", ir), "library calls left after inlining"


@pytest.mark.parametrize("target", ["gfx942", "gfx1100"])
def test_block_reductions_on_amd_gpus_use_ockl(target: str) -> None:
    """bar.red over barrier 0 (__syncthreads_count/and/or) on AMD GPUs: OCKL's work-group
    reductions between the fences of a CTA barrier."""
    ir = lower_for(target, kernel("""
  .reg .b32 %r;
  .reg .pred %p<3>;
  setp.eq.u32 %p1, 1, 1;
  bar.red.popc.u32 %r, 0, %p1;
  bar.red.and.pred %p2, 0, %p1;
  bar.red.or.pred %p2, 0, !%p1;
"""))  # fmt: skip
    assert "@llvm.amdgcn.s.barrier" in ir
    assert not re.search(r"declare .*@__ockl_wgred", ir), "OCKL linked in"


@pytest.mark.parametrize(
    "instr",
    [
        "bar.red.popc.u32 %r, 1, %p;",
        "bar.red.and.pred %p, 0, 64, %p;",
        "bar.red.or.pred %p, %r, %p;",
    ],
)
def test_block_reductions_amd_gpus_lack_are_errors(instr: str) -> None:
    """bar.red over another barrier than 0, or with a thread count: not on AMD GPUs (their
    bar.red is OCKL's work-group reduction)."""
    text = kernel(f"""
  .reg .b32 %r;
  .reg .pred %p;
  setp.eq.u32 %p, 1, 1;
  mov.u32 %r, 2;
  {instr}
""")  # fmt: skip
    op = instr.split()[0].split(".")[2]
    with pytest.raises(Cu2amdError, match=rf"bar\.red\.{op} with a barrier id other than 0 or a "
                       r"thread count on gfx942"):  # fmt: skip
        lower_for("gfx942", text)


PRODUCER_CONSUMER = (
    HEADER
    + """
.visible .entry pc(.param .u64 out)
{
  .shared .u32 buf[64];
  .reg .b32 %tid, %r, %lane;
  .reg .b64 %base, %off, %slot;
  .reg .pred %producer;
  mov.u32 %tid, %tid.x;
  setp.lt.u32 %producer, %tid, 64;
  and.b32 %lane, %tid, 63;
  mul.wide.u32 %off, %lane, 4;
  mov.u64 %slot, buf;
  add.s64 %slot, %slot, %off;
  @!%producer bra CONSUMER;
  mul.lo.u32 %r, %tid, 3;
  st.shared.u32 [%slot], %r;
  bar.arrive 1, 128;
  bra DONE;
CONSUMER:
  barrier.sync 1, 128;
  ld.shared.u32 %r, [%slot];
DONE:
  ld.param.u64 %base, [out];
  mul.wide.u32 %off, %tid, 4;
  add.s64 %base, %base, %off;
  st.global.u32 [%base], %r;
  ret;
}

.visible .entry plain(.param .u64 out)
{
  .reg .b32 %r;
  .reg .b64 %base;
  mov.u32 %r, %tid.x;
  bar.sync 0;
  ld.param.u64 %base, [out];
  st.global.u32 [%base], %r;
  ret;
}
"""
)


def test_named_barriers_run_on_the_host_platform() -> None:
    """The program the AMD test below compiles, run: consumers read what producers wrote."""
    out = host.zeros(128, np.uint32)
    host.Module.from_ptx(PRODUCER_CONSUMER).launch("pc", 1, 128, [out])
    np.testing.assert_array_equal(out.to_numpy(), np.tile(np.arange(64) * 3, 2))


@pytest.mark.parametrize("target", ["gfx90a", "gfx942", "gfx1100"])
def test_named_barriers_on_amd_gpus_are_lds_barriers(target: str) -> None:
    """bar.arrive and barrier ids/thread counts on AMD GPUs: a barrier word in LDS per id
    (ptx_lowering/targets/amdgpu_barriers.py), zeroed at the entry of the kernels that use
    it (and only those); barrier 0 over the CTA stays s_barrier."""
    ir = lower_for(target, PRODUCER_CONSUMER)
    assert re.search(r"@__cu2amd_named_barriers = internal addrspace\(3\) global \[16 x i32\]", ir)
    bodies = [f.split("\n}\n")[0] for f in ir.split("\ndefine ")[1:]]
    functions = {f.split("(")[0].split("@")[-1]: f for f in bodies}
    pc, plain = functions["pc"], functions["plain"]
    # The arrivals: atomic adds at workgroup scope, the last one releasing.
    assert re.search(r'atomicrmw add ptr addrspace\(3\) .*syncscope\("workgroup"\) monotonic', pc)
    assert re.search(r'atomicrmw add ptr addrspace\(3\) .*syncscope\("workgroup"\) release', pc)
    # The wait: a loop reading the word until its generation moves.
    assert re.search(
        r'load atomic i32, ptr addrspace\(3\) .*syncscope\("workgroup"\) monotonic', pc
    )
    assert "@llvm.amdgcn.s.sleep(i32 1)" in pc
    # The initialisation: zeroes, then the work-group barrier, before anything else.
    zero = "store i32 0, ptr addrspace(3) @__cu2amd_named_barriers"
    assert pc.index(zero) < pc.index("@llvm.amdgcn.s.barrier()")
    assert pc.index("@llvm.amdgcn.s.barrier()") < pc.index("atomicrmw")
    assert "__cu2amd_named_barriers" not in plain and plain.count("@llvm.amdgcn.s.barrier()") == 1
    assert not re.search(r"call .*@__cu2amd_", ir), "helper calls left after inlining"
