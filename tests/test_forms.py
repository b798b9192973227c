"""Invariants of the instruction-form and special-register tables, and decoding."""

import re

import pytest

from cu2amd.errors import Location, UnsupportedError, VerificationError
from cu2amd.ptx_lowering.emit.registry import all_emitters
from cu2amd.ptx_lowering.isa.forms import Status
from cu2amd.ptx_lowering.isa.sregs import SPECIAL_REGISTERS, split_special
from cu2amd.ptx_lowering.isa.table import FORM_TABLE
from cu2amd.ptx_lowering.isa.types import TYPES

LOC = Location("t.ptx", 1, 1)


def test_every_supported_form_has_an_emitter_and_every_emitter_a_form() -> None:
    emitters = all_emitters()
    used = set()
    for form in FORM_TABLE.forms:
        assert re.fullmatch(r"9\.7\.\d+\.\d+", form.section), form
        if form.status is Status.SUPPORTED:
            assert form.emitter in emitters, f"{form.opcode} ({form.section}) has no emitter"
            used.add(form.emitter)
        else:
            assert form.note, f"unsupported {form.opcode} form needs a note saying what is missing"
    assert used == set(emitters), f"emitters without a form: {set(emitters) - used}"


def test_slots_are_well_formed() -> None:
    for form in FORM_TABLE.forms:
        names = [s.name for s in form.slots]
        assert len(names) == len(set(names)), form
        for s in form.slots:
            assert len(set(s.values)) == len(s.values), (form.opcode, s.name)
            assert all(not v.startswith(".") for v in s.values)
            if s.supported is not None:
                assert set(s.supported) <= set(s.values), (form.opcode, s.name)
            if s.name in ("type", "dtype", "atype"):
                assert all(v in TYPES for v in s.values), (form.opcode, s.values)


def test_special_register_table() -> None:
    names = [r.name for r in SPECIAL_REGISTERS]
    assert len(names) == len(set(names))
    row, axis = split_special("%ctaid.y")
    assert row.name == "%ctaid" and axis == "y" and row.status is Status.SUPPORTED
    assert split_special("%r1") == (None, None)
    assert split_special("%envreg7")[0].status is Status.UNSUPPORTED


@pytest.mark.parametrize(
    ("spelling", "attrs"),
    [
        ("add.s32", {"type": "s32"}),
        ("add.sat.s32", {"sat": "sat", "type": "s32"}),
        ("add.f32", {"type": "f32"}),
        ("add.rn.f64", {"rnd": "rn", "type": "f64"}),
        ("mad.wide.u16", {"mode": "wide", "type": "u16"}),
        ("setp.gtu.and.f32", {"cmp": "gtu", "bool": "and", "type": "f32"}),
        ("ld.volatile.global.v4.f32", {"sem": "volatile", "space": "global", "vec": "v4", "type": "f32"}),
        ("ld.global.nc.L1::evict_last.b32", {"space": "global", "nc": "nc", "cache": "L1::evict_last", "type": "b32"}),
        ("cvta.to.shared::cta.u64", {"to": "to", "space": "shared::cta", "type": "u64"}),
        ("cvt.sat.u8.s64", {"sat": "sat", "dtype": "u8", "atype": "s64"}),
        ("barrier.cta.sync.aligned", {"cta": "cta", "mode": "sync", "aligned": "aligned"}),
    ],
)  # fmt: skip
def test_decoding(spelling: str, attrs: dict) -> None:
    opcode, *mods = spelling.split(".")
    decoded = FORM_TABLE.decode(opcode, mods, spelling, LOC)
    assert dict(decoded.attrs) == attrs


@pytest.mark.parametrize(
    ("spelling", "error", "message"),
    [
        ("add.rz.f32", UnsupportedError, "unsupported PTX instruction 'add.rz.f32' (modifier '.rz' is not supported yet)"),
        ("add.cc.u32", UnsupportedError, "unsupported PTX instruction 'add.cc.u32' (carry chain)"),
        ("shfl.sync.bfly.b32", UnsupportedError, "unsupported PTX instruction 'shfl.sync.bfly.b32'"),
        ("ld.relaxed.gpu.global.u32", UnsupportedError, "(modifier '.relaxed' is not supported yet)"),
        ("cvt.rn.f32.s32", UnsupportedError, "(modifier '.rn' is not supported yet)"),
        ("add.s33", VerificationError, "'add.s33': modifier '.s33' is not valid here (expected .u16 .u32"),
        ("mul.s32", VerificationError, "'mul.s32': modifier '.s32' is not valid here (expected .hi .lo .wide)"),
        ("setp.s32", VerificationError, "'setp.s32': modifier '.s32' is not valid here"),
        ("fma.f32", VerificationError, "'fma.f32': modifier '.f32' is not valid here (expected .rn .rz .rm .rp)"),
        ("mov", VerificationError, "'mov': missing type modifier"),
        ("bra.uni.uni", VerificationError, "'bra.uni.uni': modifier '.uni' is not valid here"),
    ],
)  # fmt: skip
def test_decoding_errors(spelling: str, error: type, message: str) -> None:
    opcode, *mods = spelling.split(".")
    with pytest.raises(error) as err:
        FORM_TABLE.decode(opcode, mods, spelling, LOC)
    assert message in str(err.value)
