"""The AMD GPU target table and target-id parsing.

One row per gfx processor cu2amd compiles for. A row says what code may assume about
the chip (wave sizes, LDS size, features) and what the code object must carry (the ELF
`e_flags` machine number, checked after every link because LLVM silently ignores a
processor name it does not know and then emits e_flags 0, which no runtime loads).

Target ids follow LLVM's syntax: `gfx90a`, `gfx90a:xnack+`, `gfx942:sramecc-:xnack+`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from cu2amd.errors import UsageError


class Feature(enum.Enum):
    """What a chip has that code generation or the report cares about."""

    PACKED_FP32 = "packed-fp32"  # v_pk_fma_f32 / v_pk_mul_f32 / v_pk_add_f32
    DOT_INT8 = "dot-int8"  # v_dot4_i32_i8 family (PTX dp4a)
    MFMA = "mfma"  # matrix fused multiply-add (CDNA)
    WMMA = "wmma"  # wave matrix multiply-accumulate (RDNA3+)
    FP8_FNUZ = "fp8-fnuz"  # e4m3fnuz / e5m2fnuz conversions (gfx942)
    FP8_OCP = "fp8-ocp"  # OCP e4m3 / e5m2 conversions (gfx950, gfx12)
    XNACK = "xnack"  # page-fault replay: needed for on-demand managed memory
    SRAMECC = "sramecc"


class Family(enum.Enum):
    GCN5 = "GCN 5 (Vega)"
    CDNA1 = "CDNA 1"
    CDNA2 = "CDNA 2"
    CDNA3 = "CDNA 3"
    CDNA4 = "CDNA 4"
    RDNA1 = "RDNA 1"
    RDNA2 = "RDNA 2"
    RDNA3 = "RDNA 3"
    RDNA3_5 = "RDNA 3.5"
    RDNA4 = "RDNA 4"


@dataclass(frozen=True, slots=True)
class GpuTarget:
    name: str
    family: Family
    products: str
    wave_sizes: tuple[int, ...]  # supported, default first
    lds_bytes: int  # LDS (shared memory) per workgroup
    mach: int  # EF_AMDGPU_MACH value in the code object's e_flags & 0xff
    features: frozenset[Feature]
    max_workgroup_size: int = 1024

    @property
    def default_wave_size(self) -> int:
        return self.wave_sizes[0]

    def has(self, feature: Feature) -> bool:
        return feature in self.features

    @property
    def unified_register_file(self) -> bool:
        """VGPRs and AGPRs share one per-lane budget (gfx90a and later CDNA): LLVM's
        `amdgpu-num-vgpr` then counts half of it."""
        return self.family in (Family.CDNA2, Family.CDNA3, Family.CDNA4)


F = Feature
_CDNA_COMMON = frozenset({F.DOT_INT8, F.MFMA, F.XNACK, F.SRAMECC})

# Sorted by name length then name, so gfx9xx precede gfx1xxx (checked by a test).
TARGETS: tuple[GpuTarget, ...] = (
    GpuTarget(
        "gfx900",
        Family.GCN5,
        "Radeon Instinct MI25, Vega 56/64",
        (64,),
        65536,
        0x2C,
        frozenset({F.XNACK}),
    ),
    GpuTarget(
        "gfx906",
        Family.GCN5,
        "Instinct MI50/MI60, Radeon VII",
        (64,),
        65536,
        0x2F,
        frozenset({F.DOT_INT8, F.XNACK, F.SRAMECC}),
    ),
    GpuTarget("gfx908", Family.CDNA1, "Instinct MI100", (64,), 65536, 0x30, _CDNA_COMMON),
    GpuTarget(
        "gfx90a",
        Family.CDNA2,
        "Instinct MI210/MI250/MI250X",
        (64,),
        65536,
        0x3F,
        _CDNA_COMMON | {F.PACKED_FP32},
    ),
    GpuTarget(
        "gfx942",
        Family.CDNA3,
        "Instinct MI300A/MI300X/MI325X",
        (64,),
        65536,
        0x4C,
        _CDNA_COMMON | {F.PACKED_FP32, F.FP8_FNUZ},
    ),
    GpuTarget(
        "gfx950",
        Family.CDNA4,
        "Instinct MI350X/MI355X",
        (64,),
        163840,
        0x4F,
        _CDNA_COMMON | {F.PACKED_FP32, F.FP8_OCP},
    ),
    GpuTarget(
        "gfx1010", Family.RDNA1, "Radeon RX 5700 XT", (32, 64), 65536, 0x33, frozenset({F.XNACK})
    ),
    GpuTarget(
        "gfx1030",
        Family.RDNA2,
        "Radeon RX 6800/6900, PRO W6800",
        (32, 64),
        65536,
        0x36,
        frozenset({F.DOT_INT8}),
    ),
    GpuTarget(
        "gfx1031", Family.RDNA2, "Radeon RX 6700 XT", (32, 64), 65536, 0x37, frozenset({F.DOT_INT8})
    ),
    GpuTarget(
        "gfx1032", Family.RDNA2, "Radeon RX 6600", (32, 64), 65536, 0x38, frozenset({F.DOT_INT8})
    ),
    GpuTarget(
        "gfx1100",
        Family.RDNA3,
        "Radeon RX 7900 XTX, PRO W7900",
        (32, 64),
        65536,
        0x41,
        frozenset({F.DOT_INT8, F.WMMA}),
    ),
    GpuTarget(
        "gfx1101",
        Family.RDNA3,
        "Radeon RX 7800/7700 XT, PRO W7700",
        (32, 64),
        65536,
        0x46,
        frozenset({F.DOT_INT8, F.WMMA}),
    ),
    GpuTarget(
        "gfx1102",
        Family.RDNA3,
        "Radeon RX 7600",
        (32, 64),
        65536,
        0x47,
        frozenset({F.DOT_INT8, F.WMMA}),
    ),
    GpuTarget(
        "gfx1103",
        Family.RDNA3,
        "Radeon 780M (Phoenix APU)",
        (32, 64),
        65536,
        0x44,
        frozenset({F.DOT_INT8, F.WMMA}),
    ),
    GpuTarget(
        "gfx1150",
        Family.RDNA3_5,
        "Radeon 890M (Strix Point)",
        (32, 64),
        65536,
        0x43,
        frozenset({F.DOT_INT8, F.WMMA}),
    ),
    GpuTarget(
        "gfx1151",
        Family.RDNA3_5,
        "Radeon 8060S (Strix Halo)",
        (32, 64),
        65536,
        0x4A,
        frozenset({F.DOT_INT8, F.WMMA}),
    ),
    GpuTarget(
        "gfx1200",
        Family.RDNA4,
        "Radeon RX 9060 XT",
        (32, 64),
        65536,
        0x48,
        frozenset({F.DOT_INT8, F.WMMA, F.FP8_OCP}),
    ),
    GpuTarget(
        "gfx1201",
        Family.RDNA4,
        "Radeon RX 9070/9070 XT, AI PRO R9700",
        (32, 64),
        65536,
        0x4E,
        frozenset({F.DOT_INT8, F.WMMA, F.FP8_OCP}),
    ),
)

_BY_NAME = {t.name: t for t in TARGETS}


def known_target_names() -> tuple[str, ...]:
    return tuple(t.name for t in TARGETS)


def lookup(name: str) -> GpuTarget:
    """The row for a processor name; a UsageError listing the known ones otherwise."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise UsageError(
            f"unknown AMD GPU target '{name}'; known targets: {', '.join(known_target_names())}"
        ) from None


@dataclass(frozen=True, slots=True)
class TargetId:
    """A processor plus target features, as in `gfx90a:xnack+` (None = "any")."""

    target: GpuTarget
    xnack: bool | None = None
    sramecc: bool | None = None

    @property
    def processor(self) -> str:
        return self.target.name

    def __str__(self) -> str:
        # LLVM's canonical order of features in a target id is alphabetical.
        parts = [self.target.name]
        if self.sramecc is not None:
            parts.append("sramecc" + ("+" if self.sramecc else "-"))
        if self.xnack is not None:
            parts.append("xnack" + ("+" if self.xnack else "-"))
        return ":".join(parts)

    def llvm_features(self) -> str:
        """The `+xnack,-sramecc` string for an LLVM target machine."""
        flags = []
        if self.sramecc is not None:
            flags.append(("+" if self.sramecc else "-") + "sramecc")
        if self.xnack is not None:
            flags.append(("+" if self.xnack else "-") + "xnack")
        return ",".join(flags)


_SETTABLE = {"xnack": Feature.XNACK, "sramecc": Feature.SRAMECC}


def parse_target_id(text: str) -> TargetId:
    """Parse `gfxNNN[:feature(+|-)]...`; unknown processors and features are UsageErrors."""
    processor, *feats = text.strip().split(":")
    target = lookup(processor)
    settings: dict[str, bool] = {}
    for feat in feats:
        name, sign = feat[:-1], feat[-1:]
        if sign not in "+-" or not sign or name not in _SETTABLE:
            raise UsageError(
                f"bad target feature '{feat}' in '{text}': expected xnack+, xnack-, "
                "sramecc+ or sramecc-"
            )
        if not target.has(_SETTABLE[name]):
            raise UsageError(f"target '{processor}' has no '{name}' setting (in '{text}')")
        if name in settings:
            raise UsageError(f"'{name}' given twice in target id '{text}'")
        settings[name] = sign == "+"
    return TargetId(target, xnack=settings.get("xnack"), sramecc=settings.get("sramecc"))
