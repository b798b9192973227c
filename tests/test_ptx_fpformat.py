"""The floating-point format table (ptx_lowering/emit/fpformat.py): its invariants, and
that the f32/f64 IR helpers (fpcore.py) read the same table."""

from __future__ import annotations

import pytest

from cu2amd.ptx_lowering.emit import fpcore
from cu2amd.ptx_lowering.emit.fpformat import FORMATS, HALF_FORMATS
from cu2amd.ptx_lowering.isa.types import TYPES


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_format_invariants(name: str) -> None:
    f = FORMATS[name]
    assert f.name == name
    assert f.bits == 1 + f.exp_bits + f.mant_bits
    if f.nan is not None:
        # PTX's canonical NaN: positive, every exponent and fraction bit set
        assert f.nan == (1 << (f.bits - 1)) - 1
    if f.ieee:
        assert f.max_finite == f.inf - 1
        assert f.nan is not None and f.nan > f.inf
    else:
        assert f.max_finite < (1 << (f.bits - 1))
        assert f.nan is None or f.max_finite < f.nan


def test_canonical_nans_of_the_isa() -> None:
    assert FORMATS["f32"].nan == 0x7FFF_FFFF
    assert FORMATS["f64"].nan == 0x7FFF_FFFF_FFFF_FFFF
    assert FORMATS["f16"].nan == FORMATS["bf16"].nan == 0x7FFF


def test_fpcore_formats_come_from_the_table() -> None:
    for fmt in (fpcore.F32, fpcore.F64):
        table = FORMATS[fmt.name]
        assert fmt.format is table
        assert (fmt.mant, fmt.bias, fmt.bits) == (table.mant_bits, table.bias, table.bits)
        assert fmt.canonical_nan() == table.nan
        assert fmt.ity.width == table.bits


def test_half_formats_cover_the_half_types() -> None:
    halves = {n for n, t in TYPES.items() if t.is_float and n.startswith(("f16", "bf16"))}
    assert set(HALF_FORMATS) == halves
    assert set(HALF_FORMATS.values()) <= set(FORMATS)
    assert all(TYPES[t].bits == 16 * TYPES[t].lanes for t in HALF_FORMATS)
