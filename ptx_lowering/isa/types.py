"""PTX fundamental types and state spaces (PTX ISA 5.1 "State Spaces", 5.2 "Types")."""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Kind(enum.Enum):
    SIGNED = "signed"
    UNSIGNED = "unsigned"
    BITS = "bits"  # untyped bit patterns: .b8 ... .b128
    FLOAT = "float"
    PRED = "pred"


@dataclass(frozen=True, slots=True)
class PtxType:
    name: str  # without the dot: "u32"
    kind: Kind
    bits: int
    lanes: int = 1  # 2 for packed .f16x2 / .bf16x2

    @property
    def is_int(self) -> bool:
        return self.kind in (Kind.SIGNED, Kind.UNSIGNED, Kind.BITS)

    @property
    def is_signed(self) -> bool:
        return self.kind is Kind.SIGNED

    @property
    def is_float(self) -> bool:
        return self.kind is Kind.FLOAT

    def __str__(self) -> str:
        return "." + self.name


def _t(name: str, kind: Kind, bits: int, lanes: int = 1) -> PtxType:
    return PtxType(name, kind, bits, lanes)


# PTX ISA 5.2.1 "Fundamental Types" and 5.2.2 "Restricted Use of Sub-Word Sizes";
# alternate floating-point formats of 5.2.3 are listed with their storage size.
TYPES: dict[str, PtxType] = {
    t.name: t
    for t in (
        _t("s8", Kind.SIGNED, 8),
        _t("s16", Kind.SIGNED, 16),
        _t("s32", Kind.SIGNED, 32),
        _t("s64", Kind.SIGNED, 64),
        _t("u8", Kind.UNSIGNED, 8),
        _t("u16", Kind.UNSIGNED, 16),
        _t("u32", Kind.UNSIGNED, 32),
        _t("u64", Kind.UNSIGNED, 64),
        _t("u16x2", Kind.UNSIGNED, 32, lanes=2),
        _t("s16x2", Kind.SIGNED, 32, lanes=2),
        _t("b8", Kind.BITS, 8),
        _t("b16", Kind.BITS, 16),
        _t("b32", Kind.BITS, 32),
        _t("b64", Kind.BITS, 64),
        _t("b128", Kind.BITS, 128),
        _t("f16", Kind.FLOAT, 16),
        _t("f16x2", Kind.FLOAT, 32, lanes=2),
        _t("bf16", Kind.FLOAT, 16),
        _t("bf16x2", Kind.FLOAT, 32, lanes=2),
        _t("tf32", Kind.FLOAT, 32),
        _t("f32", Kind.FLOAT, 32),
        _t("f64", Kind.FLOAT, 64),
        _t("e4m3", Kind.FLOAT, 8),
        _t("e5m2", Kind.FLOAT, 8),
        _t("e4m3x2", Kind.FLOAT, 16, lanes=2),
        _t("e5m2x2", Kind.FLOAT, 16, lanes=2),
        # cvt's packed fp6/fp4 pairs (each fp6 in its own byte) and cvt.pack's sub-byte
        # integers: instruction types only, never register types.
        _t("e2m1x2", Kind.FLOAT, 8, lanes=2),
        _t("e2m3x2", Kind.FLOAT, 16, lanes=2),
        _t("e3m2x2", Kind.FLOAT, 16, lanes=2),
        _t("ue8m0x2", Kind.FLOAT, 16, lanes=2),  # unsigned exponents (PTX ISA 5.2.3)
        _t("u2", Kind.UNSIGNED, 2),
        _t("s2", Kind.SIGNED, 2),
        _t("u4", Kind.UNSIGNED, 4),
        _t("s4", Kind.SIGNED, 4),
        _t("pred", Kind.PRED, 1),
    )
}


def ptx_type(name: str) -> PtxType | None:
    """The type for a name with or without its leading dot; None if it is not a type."""
    return TYPES.get(name.removeprefix("."))


class StateSpace(enum.Enum):
    """PTX ISA 5.1: where a variable or an address lives."""

    REG = "reg"
    SREG = "sreg"
    CONST = "const"
    GLOBAL = "global"
    LOCAL = "local"
    PARAM = "param"
    SHARED = "shared"
    TEX = "tex"
    GENERIC = "generic"  # an address with no state space qualifier

    def __str__(self) -> str:
        return "." + self.value


def state_space(name: str) -> StateSpace | None:
    try:
        return StateSpace(name.removeprefix("."))
    except ValueError:
        return None
