"""CUDA's atomic functions (Programming Guide, "Atomic Functions"): device scope, and the
_block and _system scoped forms. cu2amd/device_functions.h implements the device-scope
ones as relaxed read-modify-writes at LLVM's "agent" scope on AMD GPUs, the _block ones at
"workgroup" scope and the _system ones at system scope, which is CUDA's meaning (no ordering
implied). The host platform runs a launch on one OS thread, where every scope is the same.
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, Table
from cu2amd.runtime_shim.tables.row import ApiRow, Group

_ADD_TYPES = (
    "int, unsigned int, unsigned long long, float, double, float2, float4 (each component "
    "atomic on its own, as CUDA's){}{}"
)
_FP16 = ", and (cuda_fp16.h, cuda_bf16.h) __half, __half2, __nv_bfloat16, __nv_bfloat162"
_BLOCK = '__hip_atomic_* with __HIP_MEMORY_SCOPE_WORKGROUP (syncscope "workgroup")'
_SYSTEM = "__hip_atomic_* with __HIP_MEMORY_SCOPE_SYSTEM (LLVM's default, system scope)"
_WRAP = (
    "__builtin_amdgcn_atomic_{}32 (atomicrmw {}_wrap) at {} scope; host platform: "
    "compare-and-swap loop"
)
_WRAP_SYSTEM = "compare-and-swap loop (__hip_atomic_compare_exchange_strong, system scope)"


def _scoped(rocm: str, scope: str, name: str) -> Impl:
    # Notes only where cu2amd lacks overloads CUDA has; the ones it has are CUDA's own.
    if name == "atomicAdd":
        if scope == "":
            return Impl(rocm, note=_ADD_TYPES.format(_FP16, ""))
        return Impl(
            rocm,
            note=_ADD_TYPES.format("", "; not yet __half, __half2, __nv_bfloat16, __nv_bfloat162"),
        )
    if name in ("atomicInc", "atomicDec"):
        if scope == "_system":
            return Impl(_WRAP_SYSTEM)
        op = "inc" if name == "atomicInc" else "dec"
        return Impl(_WRAP.format(op, "u" + op, "agent" if scope == "" else "workgroup"))
    return Impl(rocm)


_FUNCTIONS = (
    "atomicAdd atomicAnd atomicCAS atomicDec atomicExch atomicInc atomicMax atomicMin atomicOr "
    "atomicSub atomicXor"
)
IMPL = {
    f"{name}{scope}": _scoped(rocm, scope, name)
    for scope, rocm in (
        ("", '__hip_atomic_* with __HIP_MEMORY_SCOPE_AGENT (syncscope "agent"), relaxed'),
        ("_block", _BLOCK + ", relaxed"),
        ("_system", _SYSTEM + ", relaxed"),
    )
    for name in _FUNCTIONS.split()
}

_T = Table(Group.DEVICE_ATOMIC, IMPL)
_T.section(
    "Atomic Functions",
    """
    atomicAdd atomicAnd atomicCAS atomicDec atomicExch atomicInc atomicMax atomicMin atomicOr
    atomicSub atomicXor
""",
)
_T.section(
    "Atomic Functions (block scope)",
    """
    atomicAdd_block atomicAnd_block atomicCAS_block atomicDec_block atomicExch_block
    atomicInc_block atomicMax_block atomicMin_block atomicOr_block atomicSub_block
    atomicXor_block
""",
    rocm=_BLOCK,
)
_T.section(
    "Atomic Functions (system scope)",
    """
    atomicAdd_system atomicAnd_system atomicCAS_system atomicDec_system atomicExch_system
    atomicInc_system atomicMax_system atomicMin_system atomicOr_system atomicSub_system
    atomicXor_system
""",
    rocm=_SYSTEM,
)

ROWS: tuple[ApiRow, ...] = _T.done()
