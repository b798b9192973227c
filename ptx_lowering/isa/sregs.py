"""PTX special registers (PTX ISA chapter 10), one row each, with cu2amd's support status."""

from __future__ import annotations

from dataclasses import dataclass

from cu2amd.ptx_lowering.isa.forms import Status

S, U = Status.SUPPORTED, Status.UNSUPPORTED


@dataclass(frozen=True, slots=True)
class SpecialRegister:
    name: str  # "%tid"
    section: str
    bits: int  # 32 or 64
    axes: bool  # has .x/.y/.z components
    status: Status
    note: str = ""


SPECIAL_REGISTERS: tuple[SpecialRegister, ...] = (
    SpecialRegister("%tid", "10.1", 32, True, S),
    SpecialRegister("%ntid", "10.2", 32, True, S),
    SpecialRegister("%laneid", "10.3", 32, False, S),  # linear tid % 32 (emit/sreg.py)
    SpecialRegister("%warpid", "10.4", 32, False, S),  # linear tid / 32
    SpecialRegister("%nwarpid", "10.5", 32, False, S),  # 32: warps of the largest CTA
    SpecialRegister("%ctaid", "10.6", 32, True, S),
    SpecialRegister("%nctaid", "10.7", 32, True, S),
    SpecialRegister("%smid", "10.8", 32, False, S),  # AMDGPU: SE and CU ids; host: 0
    SpecialRegister("%nsmid", "10.9", 32, False, S),  # a bound on %smid, as the ISA allows
    SpecialRegister("%gridid", "10.10", 64, False, S),  # AMDGPU: the dispatch id
    # Every CTA is its own implicit 1x1x1 cluster (cu2amd launches no clusters).
    SpecialRegister("%is_explicit_cluster", "10.11", 32, False, S),
    SpecialRegister("%clusterid", "10.12", 32, True, S),
    SpecialRegister("%nclusterid", "10.13", 32, True, S),
    SpecialRegister("%cluster_ctaid", "10.14", 32, True, S),
    SpecialRegister("%cluster_nctaid", "10.15", 32, True, S),
    SpecialRegister("%cluster_ctarank", "10.16", 32, False, S),
    SpecialRegister("%cluster_nctarank", "10.17", 32, False, S),
    SpecialRegister("%lanemask_eq", "10.18", 32, False, S),
    SpecialRegister("%lanemask_le", "10.19", 32, False, S),
    SpecialRegister("%lanemask_lt", "10.20", 32, False, S),
    SpecialRegister("%lanemask_ge", "10.21", 32, False, S),
    SpecialRegister("%lanemask_gt", "10.22", 32, False, S),
    SpecialRegister("%clock", "10.23", 32, False, S),  # AMDGPU: llvm.readcyclecounter
    SpecialRegister("%clock_hi", "10.23", 32, False, S),
    SpecialRegister("%clock64", "10.24", 64, False, S),
    SpecialRegister("%globaltimer", "10.28", 64, False, S),  # AMDGPU: 100 MHz realtime x 10
    SpecialRegister("%globaltimer_lo", "10.28", 32, False, S),
    SpecialRegister("%globaltimer_hi", "10.28", 32, False, S),
    SpecialRegister("%total_smem_size", "10.31", 32, False, S),
    SpecialRegister("%aggr_smem_size", "10.32", 32, False, U, "reserved shared memory"),
    SpecialRegister("%dynamic_smem_size", "10.33", 32, False, S),
    SpecialRegister("%current_graph_exec", "10.34", 64, False, U, "CUDA graphs"),
)

_BY_NAME = {r.name: r for r in SPECIAL_REGISTERS}
_ENVREGS = {f"%envreg{i}" for i in range(32)}
_PMREGS = {f"%pm{i}" for i in range(8)} | {f"%pm{i}_64" for i in range(8)}


def split_special(name: str) -> tuple[SpecialRegister | None, str | None]:
    """`%tid.x` -> (the %tid row, "x"); a name that is no special register -> (None, None)."""
    base, _, axis = name.partition(".")
    row = _BY_NAME.get(base)
    if row is None and base in _ENVREGS:
        # Driver-defined registers: cu2amd's drivers define every one as 0 (emit/sreg.py).
        row = SpecialRegister(base, "10.25", 32, False, S)
    if row is None and base in _PMREGS:
        bits = 64 if base.endswith("_64") else 32
        row = SpecialRegister(base, "10.26", bits, False, U, "performance-monitor counters")
    if row is None:
        return None, None
    return row, axis or None
