"""pmevent (PTX ISA 9.7.19.3): trigger performance-monitor events.

`pmevent a` triggers event a (0..15), `pmevent.mask a` the events whose bits are set in
the 16-bit mask a. The ISA's only effect of an event is on NVIDIA's performance counters:
events "may be combined with other hardware events ... to increment one of the four
performance counters", and which events feed which counter is "programmed via API calls
from the host" (the profiler's interface). No PTX instruction and no CUDA runtime or driver
function reads those counters, so nothing the program computes can depend on an event:
on AMD GPUs and the host platform, where no NVIDIA profiler runs, emitting nothing is
exact. The operand is still checked: an immediate in the instruction's range.
"""

from __future__ import annotations

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter

EVENTS = 16  # "currently, there are sixteen performance monitor events"


@emitter("pmevent.trigger")
def pmevent(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """Nothing to emit: see the module docstring."""
    (event,) = instr.operands
    mask = instr.decoded.has("mask")
    if not isinstance(event, ast.IntImm):
        raise ctx.error("the event operand must be an immediate", event.loc)
    limit = (1 << EVENTS) - 1 if mask else EVENTS - 1
    if not 0 <= event.value <= limit:
        what = "a 16-bit event mask" if mask else "an event number in 0..15"
        raise ctx.error(f"{event.value} is not {what}", event.loc)
