"""The binary floating-point formats of PTX, as data: field widths, canonical NaN, largest
finite value. The one table of them; fpcore.py (f32/f64 IR) and fpbits.py (conversions on
bit patterns) both read it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class FloatFormat:
    """A binary floating-point format (IEEE 754 style: sign, biased exponent, fraction)."""

    name: str
    exp_bits: int
    mant_bits: int
    ieee: bool  # the all-ones exponent holds infinities and NaNs
    nan: int | None  # the canonical NaN; None where the format has no NaN
    max_finite: int  # the encoding of the largest finite magnitude

    @property
    def bits(self) -> int:
        return 1 + self.exp_bits + self.mant_bits

    @property
    def bias(self) -> int:
        return (1 << (self.exp_bits - 1)) - 1

    @property
    def emin(self) -> int:
        """The exponent of the smallest normal number."""
        return 1 - self.bias

    @property
    def emax(self) -> int:
        """The exponent of the largest finite number."""
        return (self.max_finite >> self.mant_bits) - self.bias

    @property
    def inf(self) -> int:
        assert self.ieee
        return ((1 << self.exp_bits) - 1) << self.mant_bits

    @property
    def one(self) -> int:
        return self.bias << self.mant_bits

    @property
    def sign_bit(self) -> int:
        return 1 << (self.bits - 1)


def holds(dst: FloatFormat, src: FloatFormat) -> bool:
    """Whether every value of `src` is a value of `dst` (converting is exact)."""
    return (
        dst.mant_bits >= src.mant_bits  # as precise
        and dst.emin - dst.mant_bits <= src.emin - src.mant_bits  # as fine a grid near 0
        and dst.emax >= src.emax  # as far up
    )


def _fmt(name: str, e: int, m: int, ieee: bool, nan: int | None, max_finite: int) -> FloatFormat:
    return FloatFormat(name, e, m, ieee, nan, max_finite)


# PTX ISA 5.2 "Types" and 5.2.3 "Alternate Floating-Point Data Formats". Canonical NaNs are
# NVIDIA's: positive, all fraction bits set. tf32 is kept as its 19 significant bits (the
# register holds them shifted left by 13).
FORMATS: dict[str, FloatFormat] = {
    f.name: f
    for f in (
        _fmt("f64", 11, 52, True, 0x7FFF_FFFF_FFFF_FFFF, 0x7FEF_FFFF_FFFF_FFFF),
        _fmt("f32", 8, 23, True, 0x7FFF_FFFF, 0x7F7F_FFFF),
        _fmt("tf32", 8, 10, True, 0x3_FFFF, 0x3_FBFF),
        _fmt("f16", 5, 10, True, 0x7FFF, 0x7BFF),
        _fmt("bf16", 8, 7, True, 0x7FFF, 0x7F7F),
        _fmt("e4m3", 4, 3, False, 0x7F, 0x7E),  # no infinity; S.1111.111 is NaN
        _fmt("e5m2", 5, 2, True, 0x7F, 0x7B),
        _fmt("e3m2", 3, 2, False, None, 0x1F),
        _fmt("e2m3", 2, 3, False, None, 0x1F),
        _fmt("e2m1", 2, 1, False, None, 0x7),
    )
}

# The half-precision PTX types and the format of each of their 16-bit lanes.
HALF_FORMATS: dict[str, str] = {"f16": "f16", "f16x2": "f16", "bf16": "bf16", "bf16x2": "bf16"}
