"""CUDA's atomic functions (Programming Guide, "Atomic Functions"): device scope, and the
_block and _system scoped forms. cu2amd/device_functions.h implements the device-scope
ones as relaxed __atomic builtins, which is CUDA's meaning (no ordering implied).
"""

from __future__ import annotations

from cu2amd.runtime_shim.tables.build import Impl, Table
from cu2amd.runtime_shim.tables.row import ApiRow, Group

# Notes only where cu2amd lacks overloads CUDA has; the ones it has are CUDA's own.
IMPL = {
    "atomicAdd": Impl(
        "__atomic_fetch_add (relaxed)",
        note="int, unsigned int, unsigned long long, float, double, and (cuda_fp16.h, "
        "cuda_bf16.h) __half, __half2, __nv_bfloat16, __nv_bfloat162; not yet float2 and "
        "float4",
    ),
    "atomicAnd": Impl("__atomic_fetch_and (relaxed)"),
    "atomicCAS": Impl("__atomic_compare_exchange_n (relaxed)"),
    "atomicDec": Impl("compare-and-swap loop"),
    "atomicExch": Impl("__atomic_exchange_n (relaxed)"),
    "atomicInc": Impl("compare-and-swap loop"),
    "atomicMax": Impl("__atomic_fetch_max (relaxed)", note="not yet the long long overload"),
    "atomicMin": Impl("__atomic_fetch_min (relaxed)", note="not yet the long long overload"),
    "atomicOr": Impl("__atomic_fetch_or (relaxed)"),
    "atomicSub": Impl("__atomic_fetch_sub (relaxed)"),
    "atomicXor": Impl("__atomic_fetch_xor (relaxed)"),
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
    rocm="__hip_atomic_* with __HIP_MEMORY_SCOPE_WORKGROUP",
)
_T.section(
    "Atomic Functions (system scope)",
    """
    atomicAdd_system atomicAnd_system atomicCAS_system atomicDec_system atomicExch_system
    atomicInc_system atomicMax_system atomicMin_system atomicOr_system atomicSub_system
    atomicXor_system
""",
    rocm="__hip_atomic_* with __HIP_MEMORY_SCOPE_SYSTEM",
)

ROWS: tuple[ApiRow, ...] = _T.done()
