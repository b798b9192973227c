"""What one row of the CUDA -> ROCm mapping tables says about one CUDA symbol."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Status(enum.Enum):
    SUPPORTED = "supported"  # same meaning as CUDA's, through a ROCm counterpart or ours
    EMULATED = "emulated"  # works, by cu2amd code with a documented difference (speed, ...)
    UNSUPPORTED = "unsupported"  # a compile-time error naming it
    NOT_APPLICABLE = "not applicable"  # no meaning on AMD (graphics interop ...)


class Group(enum.Enum):
    RUNTIME = "runtime API"
    DRIVER = "driver API"
    DEVICE_MATH = "device math"
    DEVICE_INTRINSIC = "device intrinsics"
    DEVICE_WARP = "warp and block collectives"
    DEVICE_ATOMIC = "atomics"
    HALF = "fp16/bf16"
    COOPERATIVE_GROUPS = "cooperative groups"
    TYPES = "types and vector types"


class Kind(enum.Enum):
    FUNCTION = "function"
    TYPE = "type"
    ENUM = "enum"
    ENUMERATOR = "enumerator"
    MACRO = "macro"
    VARIABLE = "variable"


@dataclass(frozen=True)
class ApiRow:
    name: str  # the CUDA spelling: cudaMalloc, __shfl_sync, CUDA_R_16F
    group: Group
    kind: Kind
    section: str  # the CUDA documentation's section, e.g. "6.9 Memory Management"
    status: Status
    rocm: str = ""  # the ROCm counterpart (hipMalloc, __ocml_sin_f32) or cu2amd's own
    note: str = ""  # the semantic difference that matters, if any (ULP bound, XNACK ...)
    # Floating-point functions: the maximum error in ulps that CUDA documents (its Math
    # API / Programming Guide tables) and the one HIP documents for its OCML-based
    # implementation (measured on a test range, see HIP's math API reference); "" where
    # the document gives none.
    cuda_ulp: str = ""
    rocm_ulp: str = ""
    # Where a SUPPORTED/EMULATED symbol, though declared and implemented by the headers,
    # is known to fail today (a bug, found by tests/test_api_tables_run.py): a subset of
    # TARGETS. The note says how it fails.
    broken_on: tuple[str, ...] = ()

    @property
    def works(self) -> bool:
        """Whether a program using this symbol compiles and runs under cu2amd today, on
        every target."""
        return self.status in (Status.SUPPORTED, Status.EMULATED) and not self.broken_on


AMDGPU = "amdgpu"
HOST_PLATFORM = "host platform"
TARGETS = (AMDGPU, HOST_PLATFORM)
