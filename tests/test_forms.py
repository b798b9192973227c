"""Invariants of the instruction-form and special-register tables, and the decoder's
machinery: slot matching, unordered groups, several-word values, multi-word opcodes,
optional operands and diagnostics."""

import importlib
import re

import pytest

from cu2amd.errors import Location, UnsupportedError, VerificationError
from cu2amd.ptx_lowering.emit.registry import all_emitters
from cu2amd.ptx_lowering.isa import table
from cu2amd.ptx_lowering.isa.forms import (
    SLOT_TEXT,
    TYPE_NAMES,
    Form,
    FormTable,
    Maybe,
    Op,
    Status,
    maybe,
    opt,
    slot,
)
from cu2amd.ptx_lowering.isa.sregs import SPECIAL_REGISTERS, split_special
from cu2amd.ptx_lowering.isa.table import FORM_TABLE
from cu2amd.ptx_lowering.isa.types import TYPES
from cu2amd.ptx_lowering.parser import parse_statements
from cu2amd.ptx_lowering.passes.decode import decode_instruction

LOC = Location("t.ptx", 1, 1)
TYPE_SLOTS = ("type", "dtype", "atype", "btype", "ctype", "stype")
# PTX ISA 9.0 numbers sections up to six levels deep (9.7.16.10.9.1 tcgen05.mma).
SECTION = re.compile(r"9\.7(\.\d+){2,4}")


def _section_key(section: str) -> tuple[int, ...]:
    return tuple(int(n) for n in section.split("."))


def test_every_supported_form_has_an_emitter_and_every_emitter_a_form() -> None:
    emitters = all_emitters()
    used = set()
    for form in FORM_TABLE.forms:
        assert SECTION.fullmatch(form.section), form
        if form.status is Status.SUPPORTED:
            assert form.emitter in emitters, f"{form.opcode} ({form.section}) has no emitter"
            used.add(form.emitter)
        else:
            assert form.emitter is None, form
            assert form.note, f"unsupported {form.opcode} form needs a note saying what is missing"
    assert used == set(emitters), f"emitters without a form: {set(emitters) - used}"


def test_slots_are_well_formed() -> None:
    for form in FORM_TABLE.forms:
        names = [s.name for s in form.slots]
        assert len(names) == len(set(names)), form
        for s in form.slots:
            assert s.name in SLOT_TEXT, f"slot '{s.name}' of {form.opcode} needs a description"
            assert s.values and len(set(s.values)) == len(s.values), (form.opcode, s.name)
            assert all(v and not v.startswith(".") and ".." not in v for v in s.values)
            if s.supported is not None:
                assert set(s.supported) <= set(s.values), (form.opcode, s.name)
            if s.name in TYPE_SLOTS:
                assert all(v in TYPE_NAMES for v in s.values), (form.opcode, s.values)
                if form.status is Status.SUPPORTED:  # what an emitter can look up
                    # (emit/f32x2.py reads .f32x2 operands as .b64, not by their type)
                    assert all(v in TYPES or v == "f32x2" for v in s.values), form.opcode
        # the slots of one unordered group are adjacent
        groups = [s.group for s in form.slots if s.group is not None]
        runs = [g for i, g in enumerate(groups) if i == 0 or groups[i - 1] != g]
        assert len(runs) == len(set(runs)), form
        # an operand that comes with a modifier names an optional slot of the form
        for o in form.operands:
            if isinstance(o, Maybe) and o.when is not None:
                assert any(s.name == o.when and s.optional for s in form.slots), form


def test_every_slot_description_is_used() -> None:
    used = {s.name for f in FORM_TABLE.forms for s in f.slots}
    assert set(SLOT_TEXT) == used


def test_rows_are_in_isa_section_order_within_each_module() -> None:
    for name in table.__dict__:
        if name.startswith("forms_"):
            rows = importlib.import_module(f"cu2amd.ptx_lowering.isa.{name}").FORMS
            keys = [_section_key(f.section) for f in rows]
            assert keys == sorted(keys), name


def test_no_two_rows_are_the_same_form() -> None:
    seen = set()
    for form in FORM_TABLE.forms:
        key = (form.opcode, form.slots, form.operands)
        assert key not in seen, form
        seen.add(key)


def test_special_register_table() -> None:
    names = [r.name for r in SPECIAL_REGISTERS]
    assert len(names) == len(set(names))
    row, axis = split_special("%ctaid.y")
    assert row.name == "%ctaid" and axis == "y" and row.status is Status.SUPPORTED
    assert split_special("%r1") == (None, None)
    assert split_special("%envreg7")[0].status is Status.SUPPORTED  # defined as 0
    assert split_special("%pm7")[0].status is Status.UNSUPPORTED


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
        ("ld.global.nc.L1::evict_last.b32", {"space": "global", "nc": "nc", "evict1": "L1::evict_last", "type": "b32"}),
        # the memory qualifiers are one unordered group: ptxas takes both orders
        ("ld.cg.global.b32", {"space": "global", "cop": "cg", "type": "b32"}),
        ("ld.global.L1::no_allocate.L2::256B.v2.u32", {"space": "global", "evict1": "L1::no_allocate", "prefetch": "L2::256B", "vec": "v2", "type": "u32"}),
        ("st.global.wb.u8", {"space": "global", "cop": "wb", "type": "u8"}),
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
        # legal PTX that cu2amd does not lower: by modifier, or by form (with a note when
        # the opcode has lowered forms, and without when none is)
        ("mad.ftz.f32", UnsupportedError, "unsupported PTX instruction 'mad.ftz.f32' (mad.f32 without rounding (sm_1x))"),
        ("cvt.rs.satfinite.e4m3x4.f32", UnsupportedError, "unsupported PTX instruction 'cvt.rs.satfinite.e4m3x4.f32' (stochastic rounding (.rs) of 4 values: the ISA gives their rbits only in figures)"),
        ("fma.rn.oob.bf16", UnsupportedError, "unsupported PTX instruction 'fma.rn.oob.bf16' (out-of-bounds NaN handling (.oob))"),
        ("brkpt", UnsupportedError, "unsupported PTX instruction 'brkpt'"),
        # not legal PTX: where the modifiers go wrong
        ("add.s33", VerificationError, "'add.s33': modifier '.s33' is not valid here (expected .u16 .u32 .u64 .s16 .s32 .s64)"),
        ("mul.s32", VerificationError, "'mul.s32': modifier '.s32' is not valid here (expected .hi .lo .wide)"),
        ("setp.s32", VerificationError, "'setp.s32': modifier '.s32' is not valid here (expected .eq .ne .lt .le .gt .ge .lo .ls ...)"),
        ("fma.f32", VerificationError, "'fma.f32': modifier '.f32' is not valid here (expected .rn .rz .rm .rp)"),
        ("mov", VerificationError, "'mov': missing type modifier (.pred .b16 .b32 .b64 .u16 .u32 .u64 .s16 ...)"),
        ("ld.relaxed.global.u32", VerificationError, "'ld.relaxed.global.u32': missing scope modifier (.cta .cluster .gpu .sys)"),
        ("bra.uni.uni", VerificationError, "'bra.uni.uni': modifier '.uni' is not valid here"),
        ("st.const.u32", VerificationError, "'st.const.u32': modifier '.const' is not valid here (expected .b8 .b16 .b32 .b64 .b128 .u8 .u16 .u32 ...)"),
        # a modifier another form of the opcode takes is explained by what it is
        ("add.rn.s32", VerificationError, "'add.rn.s32': rounding modifier '.rn' is not allowed for integer add"),
        ("add.ftz.u64", VerificationError, "'add.ftz.u64': flush-to-zero modifier '.ftz' is not allowed for integer add"),
        ("mul.lo.f32", VerificationError, "'mul.lo.f32': mode modifier '.lo' is not allowed for floating-point mul"),
        ("add.sat.u32", VerificationError, "'add.sat.u32': saturation modifier '.sat' is not allowed with .u32"),
        ("setp.eq.ftz.s32", VerificationError, "'setp.eq.ftz.s32': flush-to-zero modifier '.ftz' is not allowed with .s32"),
        ("ld.volatile.L1::evict_last.b32", VerificationError, "'ld.volatile.L1::evict_last.b32': L1 eviction priority '.L1::evict_last' is not allowed for ld.volatile"),
        ("ld.global.nc.relaxed.b32", VerificationError, "'ld.global.nc.relaxed.b32': memory ordering '.relaxed' is not allowed for ld.global.nc"),
        # an opcode the ISA does not have
        ("foo", VerificationError, "unknown PTX instruction 'foo'"),
        ("mbarrier.frob.b64", VerificationError, "unknown PTX instruction 'mbarrier.frob.b64'"),
    ],
)  # fmt: skip
def test_decoding_errors(spelling: str, error: type, message: str) -> None:
    opcode, *mods = spelling.split(".")
    with pytest.raises(error) as err:
        FORM_TABLE.decode(opcode, mods, spelling, LOC)
    assert type(err.value) is error
    assert err.value.message == message


# A small table of its own, to test the machinery apart from the ISA's rows.
TOY = FormTable(
    (
        Form("tst", "9.7.1.1", (opt("sem", "weak", group="g"), opt("space", "global shared", group="g"),
                                slot("op", "add", group="g"), slot("type", "u32")),
             (Op.DST, Op.SRC, maybe(Op.SRC)), emitter="x"),
        Form("tst", "9.7.1.1", (opt("xorsign", "xorsign.abs"), slot("type", "f32")), (Op.DST, Op.SRC), emitter="x"),
        Form("tst.multi.word", "9.7.1.2", (opt("hint", "L2::cache_hint"), slot("type", "b64")),
             (Op.ADDR, maybe(Op.SRC, when="hint")), emitter="x"),
        Form("tst", "9.7.1.3", (slot("type", "b32"),), (Op.DST, maybe(Op.SRC), Op.PRED_SRC), emitter="x"),
    )
)  # fmt: skip


@pytest.mark.parametrize(
    ("spelling", "attrs"),
    [
        ("tst.add.u32", {"op": "add", "type": "u32"}),
        ("tst.weak.global.add.u32", {"sem": "weak", "space": "global", "op": "add", "type": "u32"}),
        ("tst.add.shared.weak.u32", {"sem": "weak", "space": "shared", "op": "add", "type": "u32"}),
        ("tst.xorsign.abs.f32", {"xorsign": "xorsign.abs", "type": "f32"}),
        ("tst.multi.word.L2::cache_hint.b64", {"hint": "L2::cache_hint", "type": "b64"}),
    ],
)
def test_machinery_decoding(spelling: str, attrs: dict) -> None:
    opcode, *mods = spelling.split(".")
    assert dict(TOY.decode(opcode, mods, spelling, LOC).attrs) == attrs


@pytest.mark.parametrize(
    ("spelling", "message"),
    [
        ("tst.weak.u32", "'tst.weak.u32': missing operation (.add)"),
        ("tst.add.add.u32", "'tst.add.add.u32': modifier '.add' is not valid here (expected .u32)"),
        (
            "tst.xorsign.f32",
            "'tst.xorsign.f32': modifier '.xorsign' is not valid here (expected .f32)",
        ),
        # `tst` is an opcode, `tst.multi.word` another: `tst.multi` is a bad `tst`
        ("tst.multi.b64", "'tst.multi.b64': modifier '.multi' is not valid here (expected .add)"),
        ("nope.b64", "unknown PTX instruction 'nope.b64'"),
    ],
)
def test_machinery_errors(spelling: str, message: str) -> None:
    opcode, *mods = spelling.split(".")
    with pytest.raises(VerificationError) as err:
        TOY.decode(opcode, mods, spelling, LOC)
    assert err.value.message == message


def _decode(line: str, table: FormTable = FORM_TABLE):
    (instr,) = parse_statements(line)
    return decode_instruction(instr, table)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("tst.add.u32 %r1, %r2, %r3, %r4;", "'tst.add.u32' takes 2 to 3 operands, 4 given"),
        ("tst.multi.word.b64 [%rd1], %rd2;", "'tst.multi.word.b64' takes 1 operand, 2 given"),
        ("tst.multi.word.L2::cache_hint.b64 [%rd1];", "'tst.multi.word.L2::cache_hint.b64' takes 2 operands, 1 given"),
        ("tst.b32 %r1, %r2, {%p1};", "'tst.b32': operand 3 must be a predicate register"),
    ],
)  # fmt: skip
def test_optional_operands(line: str, message: str) -> None:
    with pytest.raises(VerificationError) as err:
        _decode(line, TOY)
    assert err.value.message == message


def test_an_optional_operand_in_the_middle_may_be_left_out() -> None:
    assert _decode("tst.b32 %r1, %r2, %p1;", TOY).form.section == "9.7.1.3"
    assert _decode("tst.b32 %r1, %p1;", TOY).form.section == "9.7.1.3"
    assert _decode("tst.multi.word.L2::cache_hint.b64 [%rd1], %rd2;", TOY).has("hint")


def test_operands_choose_between_forms_with_the_same_modifiers() -> None:
    # mov with a vector operand is the pack/unpack form (9.7.9.4)
    assert _decode("mov.b64 %rd1, %rd2;").form.section == "9.7.9.3"
    assert _decode("mov.b64 %rd1, {%r1, %r2};").form.section == "9.7.9.4"
    # an operand no form takes is reported against the first form
    with pytest.raises(VerificationError) as err:
        _decode("ld.global.f32 %f1, %rd1;")
    assert err.value.message == "'ld.global.f32': operand 2 must be an address in [ ]"


def test_remembered_decodes_still_check_operand_shapes() -> None:
    # decode results are cached by opcode, modifiers and operand shapes: a well-formed
    # instruction seen first must not let a malformed one with the same spelling through
    assert _decode("ld.global.f32 %f1, [%rd1];").form.section == "9.7.9.8"
    assert _decode("ld.global.f32 %f2, [%rd7+4];").form.section == "9.7.9.8"
    with pytest.raises(VerificationError, match="operand 2 must be an address"):
        _decode("ld.global.f32 %f1, %rd1;")
    assert _decode("setp.lt.s32 %p1|%p2, %r1, %r2;").has("cmp")
    with pytest.raises(VerificationError, match="operand 1 must be a predicate register"):
        _decode("setp.lt.s32 {%p1}|%p2, %r1, %r2;")


def test_operands_are_checked_before_support() -> None:
    # a malformed instruction is an error even when its form is not lowered
    with pytest.raises(VerificationError) as err:
        _decode("setmaxnreg.inc.sync.aligned.u32 %r1, %r2;")
    assert err.value.message == "'setmaxnreg.inc.sync.aligned.u32' takes 1 operand, 2 given"
    with pytest.raises(UnsupportedError) as unsupported:
        _decode("setmaxnreg.inc.sync.aligned.u32 %r1;")
    assert (
        unsupported.value.message == "unsupported PTX instruction 'setmaxnreg.inc.sync.aligned.u32'"
    )


def test_form_syntax_and_title() -> None:
    (add, sat, *_) = FORM_TABLE.by_opcode["add"]
    assert add.syntax == "add<.u16|.u32|.u64|.s16|.s32|.s64> d, a, a"
    assert sat.syntax == "add.sat.s32 d, a, a"
    assert add.title == "integer add"
    ld = FORM_TABLE.by_opcode["ld"][0]
    assert ld.syntax.endswith(" v, [a], {a}")
    volatile = FORM_TABLE.by_opcode["ld"][1]
    assert volatile.title == "ld.volatile"
