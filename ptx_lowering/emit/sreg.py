"""Special registers (PTX ISA chapter 10): those derived from others here, the rest from
the target hooks.

Warps are CUDA's 32-lane warps on every target (DESIGN.md "Device semantics"): a thread's
lane is its linear thread id within the CTA modulo 32 and its warp the quotient, whatever
the hardware's wave size. `lane_id`, `warp_id` and `lane_mask` are the one definition of
that, for the warp collectives as well.

cu2amd launches no thread-block clusters, so every CTA is its own (implicit) 1x1x1 cluster:
the cluster registers follow from that. `%envreg0..31` are defined by the driver, and
cu2amd's drivers (HIP, the host platform) define them all as 0. `%nwarpid` is 32, the
largest number of warps a CTA can have, so that `%warpid < %nwarpid` as on NVIDIA GPUs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from llvmlite import ir

from cu2amd.errors import Location
from cu2amd.ptx_lowering.isa.sregs import SpecialRegister

if TYPE_CHECKING:
    from cu2amd.ptx_lowering.emit.context import FunctionContext

I32, I64 = ir.IntType(32), ir.IntType(64)
WARP_SIZE = 32
MAX_WARPS = 1024 // WARP_SIZE  # %nwarpid: a CTA has at most 1024 threads


def linear_tid(ctx: FunctionContext) -> ir.Value:
    """tid.x + tid.y * ntid.x + tid.z * ntid.x * ntid.y, as i32."""
    return ctx.hooks.linear_thread_id(ctx.builder)


def lane_id(ctx: FunctionContext) -> ir.Value:
    """%laneid: the lane within the thread's 32-lane warp."""
    return ctx.builder.and_(linear_tid(ctx), I32(WARP_SIZE - 1), name="laneid")


def warp_id(ctx: FunctionContext) -> ir.Value:
    """%warpid: the thread's 32-lane warp within its CTA."""
    return ctx.builder.lshr(linear_tid(ctx), I32(5), name="warpid")


def lane_mask(ctx: FunctionContext, relation: str) -> ir.Value:
    """%lanemask_<relation> (eq, le, lt, ge, gt): the lanes of the warp whose lane number
    has that relation to this thread's lane."""
    b = ctx.builder
    lane = lane_id(ctx)
    ones = I32(0xFFFFFFFF)
    name = f"lanemask_{relation}"
    if relation == "eq":
        return b.shl(I32(1), lane, name=name)
    if relation == "lt":
        return b.sub(b.shl(I32(1), lane), I32(1), name=name)
    if relation == "le":  # every shift amount is below 32
        return b.lshr(ones, b.sub(I32(WARP_SIZE - 1), lane), name=name)
    if relation == "ge":
        return b.shl(ones, lane, name=name)
    assert relation == "gt"
    return b.shl(I32(0xFFFFFFFE), lane, name=name)


def read_special(
    ctx: FunctionContext, row: SpecialRegister, axis: str | None, loc: Location
) -> ir.Value:
    """The value of a supported special register: i32 or i64 by its width."""
    b, hooks = ctx.builder, ctx.hooks
    name = row.name
    if name == "%laneid":
        return lane_id(ctx)
    if name == "%warpid":
        return warp_id(ctx)
    if name == "%nwarpid":
        return I32(MAX_WARPS)
    if name.startswith("%lanemask_"):
        return lane_mask(ctx, name.removeprefix("%lanemask_"))
    if name in ("%clock", "%clock_hi"):
        clock = hooks.special_register(b, "%clock64", None, loc)
        if name == "%clock_hi":
            clock = b.lshr(clock, I64(32))
        return b.trunc(clock, I32, name=name[1:])
    if name in ("%globaltimer_lo", "%globaltimer_hi"):
        timer = hooks.special_register(b, "%globaltimer", None, loc)
        if name == "%globaltimer_hi":
            timer = b.lshr(timer, I64(32))
        return b.trunc(timer, I32, name=name[1:])
    if name.startswith("%envreg"):
        return I32(0)
    # Implicit 1x1x1 clusters: the cluster is the CTA.
    if name == "%clusterid":
        return hooks.special_register(b, "%ctaid", axis, loc)
    if name == "%nclusterid":
        return hooks.special_register(b, "%nctaid", axis, loc)
    if name in ("%cluster_ctaid", "%cluster_ctarank", "%is_explicit_cluster"):
        return I32(0)
    if name in ("%cluster_nctaid", "%cluster_nctarank"):
        return I32(1)
    return hooks.special_register(b, name, axis, loc)
