"""griddepcontrol (PTX ISA 9.7.13.13): programmatic dependent launch.

cu2amd does not launch grids early: a grid starts only after every prerequisite grid in
its stream has completed and its memory operations are visible (the HIP stream order on
AMD; the host platform runs each launch to completion). So `griddepcontrol.wait`, which
waits for exactly that, has nothing left to wait for, and `griddepcontrol.launch_dependents`,
which only allows a dependent grid to start before this one completes (with no guarantee
that it does), has no early launch to allow. Both are exactly no-ops.
"""

from __future__ import annotations

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter


@emitter("griddep.control")
def griddepcontrol(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """Nothing to emit: see the module docstring."""
