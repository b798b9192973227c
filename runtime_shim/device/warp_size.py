"""The native 64-lane warp opt-in (`cu2amd-nvcc --warp-size=64`): what it changes where.

By default a warp is CUDA's 32 lanes on every target (a 64-lane wave holds two warps).
Code written for 64-lane warps (HIP-style: 64-bit ballots and masks, `warpSize`-strided
loops) asks for `--warp-size=64`; then:

- every compilation pass sees `__CU2AMD_WARP_SIZE__` (32 or 64), and cu2amd/warp.h gives
  `warpSize` 64, 64-bit masks and ballots, shuffles over 64 lanes, `%laneid` 0..63 (the
  `__cu2amd_*_w64` builtins of warp_api.h);
- AMD targets run wave64: CDNA (gfx9) always does, RDNA 3+ (gfx11+) in wave64 mode
  (`-mwavefrontsize64`: the kernels' code objects say wavefront size 64), with the
  device runtime library's wave64 flavour (`amdgcn-wave64-rdna` there: its ds_bpermute
  stays in a 32-lane half) and the device libraries' wave64 controls; RDNA 1/2 are an
  error (no move between the halves of a wave64 but v_readlane);
- the host platform runs its launches with wave size 64 (cu2amd/warp.h sets
  CU2AMD_WARP_SIZE=64 in the program);
- inline PTX that depends on the warp size (warp collectives, %laneid, %lanemask_*,
  %warpid, WARP_SZ) is an error naming the flag: PTX is lowered with CUDA's 32-lane warps.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol

from cu2amd.amdgpu.targets import Family, TargetId
from cu2amd.errors import Cu2amdError, ErrorList, Location, UnsupportedError, UsageError
from cu2amd.runtime_shim.device.library import flavour_for_wave_size

WARP_SIZES = (32, 64)
DEFAULT = 32
# RDNA 1 and 2 in wave64 mode have no move between the halves of a wave but v_readlane
# (v_permlane64 is RDNA 3's; their ds_bpermute stays in a half): not supported.
_NO_WAVE64_WARPS = frozenset({Family.RDNA1, Family.RDNA2})

# PTX whose meaning depends on the warp size (PTX ISA 9.7.9.6, 9.7.13, 10: special registers).
_WARP_PTX = re.compile(
    r"%laneid\b|%lanemask_(?:eq|lt|le|ge|gt)\b|%warpid\b|%nwarpid\b|\bWARP_SZ\b"
    r"|\b(?:shfl|vote|match|redux|activemask|elect)\b(?:\.[a-z0-9]+)*|\bbar\.warp\.sync\b"
)


class AsmStatementLike(Protocol):
    template: str
    template_location: Location


def wave_size(warp_size: int, target: TargetId) -> int:
    """The wave size code for `target` runs with: the target's default, or 64 for native
    64-lane warps (an error naming the target where it has no wave64 mode)."""
    if warp_size not in WARP_SIZES:
        raise UsageError(f"--warp-size={warp_size}: use 32 or 64")
    if warp_size == 32:
        return target.target.default_wave_size
    if 64 not in target.target.wave_sizes:
        raise UsageError(f"--warp-size=64: {target.processor} has no 64-lane waves")
    if target.target.family in _NO_WAVE64_WARPS:
        raise UsageError(
            f"--warp-size=64: {target.processor} ({target.target.family.value}) cannot move "
            "values between the halves of a 64-lane wave (no v_permlane64); use gfx9 (CDNA) "
            "or gfx11+ (RDNA 3+) targets, or CUDA's 32-lane warps"
        )
    return 64


def library_flavour(warp_size: int, target: TargetId) -> str:
    """The device runtime library's flavour for `target` (runtime_shim/device/library.py)."""
    wave = wave_size(warp_size, target)
    return flavour_for_wave_size(wave, rdna=wave != target.target.default_wave_size)


def device_flags(warp_size: int, target: TargetId) -> list[str]:
    """clang flags of the device compile for `target`: RDNA in wave64 mode."""
    if wave_size(warp_size, target) != target.target.default_wave_size:
        return ["-mwavefrontsize64"]
    return []


def check_inline_ptx(warp_size: int, statements: Iterable[AsmStatementLike]) -> None:
    """Inline PTX is lowered with CUDA's 32-lane warps: with --warp-size=64, a statement
    whose PTX depends on the warp size is an error (all of them, each at its template)."""
    if warp_size == 32:
        return
    errors: list[Cu2amdError] = []
    for statement in statements:
        match = _WARP_PTX.search(statement.template)
        if match:
            errors.append(
                UnsupportedError(
                    f"inline PTX '{match.group(0)}' with --warp-size=64: inline PTX is "
                    "lowered with CUDA's 32-lane warps; use the CUDA functions "
                    "(__shfl_sync, __ballot_sync ...) or build without --warp-size=64",
                    statement.template_location,
                )
            )
    if len(errors) == 1:
        raise errors[0]
    if errors:
        raise ErrorList(errors)
