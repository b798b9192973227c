"""The form table against the PTX ISA 9.0 manual (chapter 9.7): every instruction of the
manual has rows in its section, every row belongs to a listed section and can be chosen,
and each instruction family decodes one legal spelling and rejects one illegal one."""

from pathlib import Path

import pytest

from cu2amd.errors import Location, UnsupportedError, VerificationError
from cu2amd.ptx_lowering.isa.forms import Decoded, Form, Maybe, Status
from cu2amd.ptx_lowering.isa.table import FORM_TABLE

LOC = Location("t.ptx", 1, 1)

# Every instruction of PTX ISA 9.0 chapter 9.7, by section, spelled as the manual writes
# it (several instructions share a section; an instruction in two chapters is listed twice).
PTX90 = (
    # 9.7.1 integer arithmetic
    ("9.7.1.1", "add"), ("9.7.1.2", "sub"), ("9.7.1.3", "mul"), ("9.7.1.4", "mad"),
    ("9.7.1.5", "mul24"), ("9.7.1.6", "mad24"), ("9.7.1.7", "sad"), ("9.7.1.8", "div"),
    ("9.7.1.9", "rem"), ("9.7.1.10", "abs"), ("9.7.1.11", "neg"), ("9.7.1.12", "min"),
    ("9.7.1.13", "max"), ("9.7.1.14", "popc"), ("9.7.1.15", "clz"), ("9.7.1.16", "bfind"),
    ("9.7.1.17", "fns"), ("9.7.1.18", "brev"), ("9.7.1.19", "bfe"), ("9.7.1.20", "bfi"),
    ("9.7.1.21", "szext"), ("9.7.1.22", "bmsk"), ("9.7.1.23", "dp4a"), ("9.7.1.24", "dp2a"),
    # 9.7.2 extended-precision integer arithmetic
    ("9.7.2.1", "add.cc"), ("9.7.2.2", "addc"), ("9.7.2.3", "sub.cc"), ("9.7.2.4", "subc"),
    ("9.7.2.5", "mad.hi.cc"), ("9.7.2.6", "madc"),
    # 9.7.3 floating point
    ("9.7.3.1", "testp"), ("9.7.3.2", "copysign"), ("9.7.3.3", "add"), ("9.7.3.4", "sub"),
    ("9.7.3.5", "mul"), ("9.7.3.6", "fma"), ("9.7.3.7", "mad"), ("9.7.3.8", "div"),
    ("9.7.3.9", "abs"), ("9.7.3.10", "neg"), ("9.7.3.11", "min"), ("9.7.3.12", "max"),
    ("9.7.3.13", "rcp"), ("9.7.3.14", "rcp.approx.ftz.f64"), ("9.7.3.15", "sqrt"),
    ("9.7.3.16", "rsqrt"), ("9.7.3.17", "rsqrt.approx.ftz.f64"), ("9.7.3.18", "sin"),
    ("9.7.3.19", "cos"), ("9.7.3.20", "lg2"), ("9.7.3.21", "ex2"), ("9.7.3.22", "tanh"),
    # 9.7.4 half precision floating point
    ("9.7.4.1", "add"), ("9.7.4.2", "sub"), ("9.7.4.3", "mul"), ("9.7.4.4", "fma"),
    ("9.7.4.5", "neg"), ("9.7.4.6", "abs"), ("9.7.4.7", "min"), ("9.7.4.8", "max"),
    ("9.7.4.9", "tanh"), ("9.7.4.10", "ex2"),
    # 9.7.5 mixed precision floating point
    ("9.7.5.1", "add"), ("9.7.5.2", "sub"), ("9.7.5.3", "fma"),
    # 9.7.6 comparison and selection, 9.7.7 half precision comparison
    ("9.7.6.1", "set"), ("9.7.6.2", "setp"), ("9.7.6.3", "selp"), ("9.7.6.4", "slct"),
    ("9.7.7.1", "set"), ("9.7.7.2", "setp"),
    # 9.7.8 logic and shift
    ("9.7.8.1", "and"), ("9.7.8.2", "or"), ("9.7.8.3", "xor"), ("9.7.8.4", "not"),
    ("9.7.8.5", "cnot"), ("9.7.8.6", "lop3"), ("9.7.8.7", "shf"), ("9.7.8.8", "shl"),
    ("9.7.8.9", "shr"),
    # 9.7.9 data movement and conversion (9.7.9.1-2 describe cache operators and hints)
    ("9.7.9.3", "mov"), ("9.7.9.4", "mov"), ("9.7.9.5", "shfl"), ("9.7.9.6", "shfl.sync"),
    ("9.7.9.7", "prmt"), ("9.7.9.8", "ld"), ("9.7.9.9", "ld.global.nc"), ("9.7.9.10", "ldu"),
    ("9.7.9.11", "st"), ("9.7.9.12", "st.async"), ("9.7.9.13", "st.bulk"),
    ("9.7.9.14", "multimem.ld_reduce"), ("9.7.9.14", "multimem.st"), ("9.7.9.14", "multimem.red"),
    ("9.7.9.15", "prefetch"), ("9.7.9.15", "prefetchu"), ("9.7.9.16", "applypriority"),
    ("9.7.9.17", "discard"), ("9.7.9.18", "createpolicy"), ("9.7.9.19", "isspacep"),
    ("9.7.9.20", "cvta"), ("9.7.9.21", "cvt"), ("9.7.9.22", "cvt.pack"), ("9.7.9.23", "mapa"),
    ("9.7.9.24", "getctarank"),
    # 9.7.9.25 asynchronous copies, 9.7.9.26 tensormap.replace
    ("9.7.9.25.3.1", "cp.async"), ("9.7.9.25.3.2", "cp.async.commit_group"),
    ("9.7.9.25.3.3", "cp.async.wait_group"), ("9.7.9.25.3.3", "cp.async.wait_all"),
    ("9.7.9.25.4.1", "cp.async.bulk"), ("9.7.9.25.4.2", "cp.reduce.async.bulk"),
    ("9.7.9.25.4.3", "cp.async.bulk.prefetch"), ("9.7.9.25.5.2", "cp.async.bulk.tensor"),
    ("9.7.9.25.5.3", "cp.reduce.async.bulk.tensor"),
    ("9.7.9.25.5.4", "cp.async.bulk.prefetch.tensor"),
    ("9.7.9.25.6.1", "cp.async.bulk.commit_group"), ("9.7.9.25.6.2", "cp.async.bulk.wait_group"),
    ("9.7.9.26", "tensormap.replace"),
    # 9.7.10 texture (9.7.10.1-2 describe modes and mipmaps), 9.7.11 surface
    ("9.7.10.3", "tex"), ("9.7.10.4", "tld4"), ("9.7.10.5", "txq"), ("9.7.10.6", "istypep"),
    ("9.7.11.1", "suld"), ("9.7.11.2", "sust"), ("9.7.11.3", "sured"), ("9.7.11.4", "suq"),
    # 9.7.12 control flow (9.7.12.1 `{}` and 9.7.12.2 `@` are syntax)
    ("9.7.12.3", "bra"), ("9.7.12.4", "brx.idx"), ("9.7.12.5", "call"), ("9.7.12.6", "ret"),
    ("9.7.12.7", "exit"),
    # 9.7.13 parallel synchronization and communication
    ("9.7.13.1", "bar"), ("9.7.13.1", "barrier"), ("9.7.13.2", "bar.warp.sync"),
    ("9.7.13.3", "barrier.cluster"), ("9.7.13.4", "membar"), ("9.7.13.4", "fence"),
    ("9.7.13.4", "fence.proxy"), ("9.7.13.4", "membar.proxy"), ("9.7.13.5", "atom"),
    ("9.7.13.6", "red"), ("9.7.13.7", "red.async"), ("9.7.13.8", "vote"),
    ("9.7.13.9", "vote.sync"), ("9.7.13.10", "match.any.sync"), ("9.7.13.10", "match.all.sync"),
    ("9.7.13.11", "activemask"), ("9.7.13.12", "redux.sync"), ("9.7.13.13", "griddepcontrol"),
    ("9.7.13.14", "elect.sync"), ("9.7.13.15.9", "mbarrier.init"),
    ("9.7.13.15.10", "mbarrier.inval"), ("9.7.13.15.11", "mbarrier.expect_tx"),
    ("9.7.13.15.12", "mbarrier.complete_tx"), ("9.7.13.15.13", "mbarrier.arrive"),
    ("9.7.13.15.14", "mbarrier.arrive_drop"), ("9.7.13.15.15", "cp.async.mbarrier.arrive"),
    ("9.7.13.15.16", "mbarrier.test_wait"), ("9.7.13.15.16", "mbarrier.try_wait"),
    ("9.7.13.15.17", "mbarrier.pending_count"), ("9.7.13.16", "tensormap.cp_fenceproxy"),
    ("9.7.13.17", "clusterlaunchcontrol.try_cancel"),
    ("9.7.13.18", "clusterlaunchcontrol.query_cancel"),
    # 9.7.14 warp-level matrix multiply-accumulate
    ("9.7.14.4.3", "wmma.load"), ("9.7.14.4.4", "wmma.store"), ("9.7.14.4.5", "wmma.mma"),
    ("9.7.14.5.14", "mma"), ("9.7.14.5.15", "ldmatrix"), ("9.7.14.5.16", "stmatrix"),
    ("9.7.14.5.17", "movmatrix"), ("9.7.14.6.3", "mma.sp"),
    ("9.7.14.6.3", "mma.sp::ordered_metadata"),
    # 9.7.15 asynchronous warpgroup-level matrix multiply-accumulate
    ("9.7.15.5.2", "wgmma.mma_async"), ("9.7.15.6.3", "wgmma.mma_async.sp"),
    ("9.7.15.7.1", "wgmma.fence"), ("9.7.15.7.2", "wgmma.commit_group"),
    ("9.7.15.7.3", "wgmma.wait_group"),
    # 9.7.16 TensorCore 5th generation
    ("9.7.16.7.1", "tcgen05.alloc"), ("9.7.16.7.1", "tcgen05.dealloc"),
    ("9.7.16.7.1", "tcgen05.relinquish_alloc_permit"), ("9.7.16.8.3", "tcgen05.ld"),
    ("9.7.16.8.4", "tcgen05.st"), ("9.7.16.8.5", "tcgen05.wait::ld"),
    ("9.7.16.8.5", "tcgen05.wait::st"), ("9.7.16.9.2", "tcgen05.cp"),
    ("9.7.16.9.3", "tcgen05.shift"), ("9.7.16.10.9.1", "tcgen05.mma"),
    ("9.7.16.10.9.2", "tcgen05.mma.sp"), ("9.7.16.10.9.3", "tcgen05.mma.ws"),
    ("9.7.16.10.9.4", "tcgen05.mma.ws.sp"), ("9.7.16.11.1", "tcgen05.fence::before_thread_sync"),
    ("9.7.16.11.1", "tcgen05.fence::after_thread_sync"), ("9.7.16.12.1", "tcgen05.commit"),
    # 9.7.17 stack manipulation
    ("9.7.17.1", "stacksave"), ("9.7.17.2", "stackrestore"), ("9.7.17.3", "alloca"),
    # 9.7.18 video
    ("9.7.18.1.1", "vadd"), ("9.7.18.1.1", "vsub"), ("9.7.18.1.1", "vabsdiff"),
    ("9.7.18.1.1", "vmin"), ("9.7.18.1.1", "vmax"), ("9.7.18.1.2", "vshl"),
    ("9.7.18.1.2", "vshr"), ("9.7.18.1.3", "vmad"), ("9.7.18.1.4", "vset"),
    ("9.7.18.2.1", "vadd2"), ("9.7.18.2.1", "vsub2"), ("9.7.18.2.1", "vavrg2"),
    ("9.7.18.2.1", "vabsdiff2"), ("9.7.18.2.1", "vmin2"), ("9.7.18.2.1", "vmax2"),
    ("9.7.18.2.2", "vset2"), ("9.7.18.2.3", "vadd4"), ("9.7.18.2.3", "vsub4"),
    ("9.7.18.2.3", "vavrg4"), ("9.7.18.2.3", "vabsdiff4"), ("9.7.18.2.3", "vmin4"),
    ("9.7.18.2.3", "vmax4"), ("9.7.18.2.4", "vset4"),
    # 9.7.19 miscellaneous
    ("9.7.19.1", "brkpt"), ("9.7.19.2", "nanosleep"), ("9.7.19.3", "pmevent"), ("9.7.19.4", "trap"),
    ("9.7.19.5", "setmaxnreg"),
)  # fmt: skip


def _leads(form: Form, words: list[str]) -> bool:
    """The words are values of the form's slots, in order (other slots left out)."""
    j = 0
    for word in words:
        while j < len(form.slots) and not form.slots[j].mentions(word):
            j += 1
        if j == len(form.slots):
            return False
        j += 1
    return True


def _sections_named(name: str) -> set[str]:
    """The sections of the forms an instruction spelled `name...` can be."""
    words = name.split(".")
    return {
        f.section
        for k, forms in FORM_TABLE.candidates(words)
        for f in forms
        if _leads(f, words[k:])
    }


def test_the_list_has_no_duplicates() -> None:
    assert len(set(PTX90)) == len(PTX90)


@pytest.mark.parametrize(("section", "name"), PTX90)
def test_every_instruction_of_the_manual_has_rows_in_its_section(section: str, name: str) -> None:
    assert section in _sections_named(name)


def test_every_row_is_an_instruction_of_the_list() -> None:
    listed = {(s, n.split(".")[0]) for s, n in PTX90}
    for form in FORM_TABLE.forms:
        assert (form.section, form.opcode.split(".")[0]) in listed, form.syntax


def _first_values(form: Form, *, all_slots: bool) -> list[str]:
    words = form.opcode.split(".")
    for s in form.slots:
        if all_slots or not s.optional:
            words += s.values[0].split(".")
    return words


@pytest.mark.parametrize("form", FORM_TABLE.forms, ids=lambda f: f"{f.section}:{f.syntax[:60]}")
def test_every_row_can_be_chosen(form: Form) -> None:
    """No row is hidden behind earlier rows: spelled with its first values (all slots, or
    the required ones only), and given its operands, the decoder chooses it."""

    def same_operands(d: Decoded) -> bool:
        return d.form.operands == form.operands

    found = set()
    for all_slots in (True, False):
        words = _first_values(form, all_slots=all_slots)
        decoded = FORM_TABLE.find(words[0], words[1:], same_operands)
        if decoded is not None:
            found.add(id(decoded.form))
    assert id(form) in found


def test_counts() -> None:
    """The table's size, so that a lost family shows up in review."""
    names = {n for _, n in PTX90}
    assert len(names) >= 170
    assert len(FORM_TABLE.forms) >= 500
    assert all(isinstance(o, Maybe) or o.value for f in FORM_TABLE.forms for o in f.operands)


# One legal spelling per family (the section it decodes to; `find` is asked, as most are
# not lowered: `decode` then says unsupported) and one illegal spelling with its exact
# diagnostic.
FAMILIES = {
    "integer": ("bfe.s64", "9.7.1.19", "mul24.lo.f32", "'mul24.lo.f32': modifier '.f32' is not valid here (expected .u32 .s32)"),
    "extended-precision": ("madc.hi.cc.u64", "9.7.2.6", "addc.cc.f32", "'addc.cc.f32': modifier '.f32' is not valid here (expected .u32 .s32 .u64 .s64)"),
    "float": ("div.full.ftz.f32", "9.7.3.8", "div.approx.f64", "'div.approx.f64': precision modifier '.approx' is not allowed with .f64"),
    "half": ("fma.rn.oob.relu.bf16x2", "9.7.4.4", "ex2.approx.ftz.f16", "'ex2.approx.ftz.f16': flush-to-zero modifier '.ftz' is not allowed with .f16"),
    "mixed": ("add.rm.sat.f32.bf16", "9.7.5.1", "fma.f32.f16", "'fma.f32.f16': modifier '.f32' is not valid here (expected .rn .rz .rm .rp)"),
    "comparison": ("set.gtu.xor.u32.f64", "9.7.6.1", "slct.f32.u32", "'slct.f32.u32': modifier '.u32' is not valid here (expected .s32)"),
    "half comparison": ("setp.nan.or.bf16x2", "9.7.7.2", "setp.lo.f16", "'setp.lo.f16': comparison operator '.lo' is not allowed for half-precision setp"),
    "logic": ("lop3.and.b32", "9.7.8.6", "shf.l.b32", "'shf.l.b32': modifier '.b32' is not valid here (expected .clamp .wrap)"),
    "data": ("cvt.rs.relu.satfinite.e2m1x4.f32", "9.7.9.21", "cvt.pack.u16.s32", "'cvt.pack.u16.s32': modifier '.u16' is not valid here (expected .sat)"),
    "memory": ("multimem.ld_reduce.weak.global.add.acc::f32.v4.bf16x2", "9.7.9.14", "ldu.global.v8.f32", "'ldu.global.v8.f32': modifier '.v8' is not valid here (expected .b8 .b16 .b32 .b64 .b128 .u8 .u16 .u32 ...)"),
    "async copy": ("cp.async.bulk.tensor.3d.shared::cta.global.im2col.mbarrier::complete_tx::bytes.cta_group::2", "9.7.9.25.5.2", "cp.async.bulk.tensor.6d.shared::cluster.global.tile.mbarrier::complete_tx::bytes", "'cp.async.bulk.tensor.6d.shared::cluster.global.tile.mbarrier::complete_tx::bytes': modifier '.6d' is not valid here (expected .1d .2d .3d .4d .5d)"),
    "texture": ("tex.grad.acube.v2.f16x2.f32", "9.7.10.3", "tex.4d.v4.f32.f32", "'tex.4d.v4.f32.f32': modifier '.4d' is not valid here (expected .1d .2d .3d .a1d .a2d .cube .acube .2dms ...)"),
    "surface": ("sust.b.a2d.wt.v2.b16.zero", "9.7.11.2", "sust.p.a1d.b32.trap", "'sust.p.a1d.b32.trap': geometry '.a1d' is not allowed for sust.p"),
    "control": ("call.uni", "9.7.12.5", "exit.uni", "'exit.uni': modifier '.uni' is not valid here"),
    "sync": ("atom.acquire.gpu.global.cas.b128", "9.7.13.5", "atom.global.exch.f16", "'atom.global.exch.f16': operation '.exch' is not allowed with .f16"),
    "mbarrier": ("mbarrier.arrive_drop.expect_tx.shared::cta.release.cluster.b64", "9.7.13.15.14", "mbarrier.try_wait.acq_rel.b64", "'mbarrier.try_wait.acq_rel.b64': modifier '.acq_rel' is not valid here (expected .b64)"),
    "warp matrix": ("mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3", "9.7.14.5.14", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f16x2", "'mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f16x2': modifier '.f16x2' is not valid here (expected .f16 .f32)"),
    "wgmma": ("wgmma.mma_async.sp.sync.aligned.m64n256k64.satfinite.s32.u8.s8", "9.7.15.6.3", "wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16", "'wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16': modifier '.m64n12k16' is not valid here (expected .m64n8k16 .m64n16k16 .m64n24k16 .m64n32k16 .m64n40k16 .m64n48k16 .m64n56k16 .m64n64k16 ...)"),
    "tcgen05": ("tcgen05.mma.ws.sp.cta_group::1.kind::i8.collector::b2::lastuse", "9.7.16.10.9.4", "tcgen05.mma.ws.cta_group::2.kind::f16", "'tcgen05.mma.ws.cta_group::2.kind::f16': modifier '.cta_group::2' is not valid here (expected .cta_group::1)"),
    "stack": ("alloca.u64", "9.7.17.3", "stacksave.s32", "'stacksave.s32': modifier '.s32' is not valid here (expected .u32 .u64)"),
    "video": ("vabsdiff4.u32.s32.u32.add", "9.7.18.2.3", "vshl.u32.u32.s32.clamp", "'vshl.u32.u32.s32.clamp': modifier '.s32' is not valid here (expected .u32)"),
    "misc": ("setmaxnreg.dec.sync.aligned.u32", "9.7.19.5", "nanosleep.u64", "'nanosleep.u64': modifier '.u64' is not valid here (expected .u32)"),
}  # fmt: skip


@pytest.mark.parametrize("family", FAMILIES)
def test_family_decodes_a_legal_spelling(family: str) -> None:
    spelling, section, _, _ = FAMILIES[family]
    opcode, *mods = spelling.split(".")
    decoded = FORM_TABLE.find(opcode, mods)
    assert decoded is not None and decoded.form.section == section
    if decoded.form.status is Status.SUPPORTED:  # a family lowered in full
        assert FORM_TABLE.decode(opcode, mods, spelling, LOC).form is decoded.form
        return
    with pytest.raises(UnsupportedError) as err:
        FORM_TABLE.decode(opcode, mods, spelling, LOC)
    assert err.value.message.startswith(f"unsupported PTX instruction '{spelling}'")


@pytest.mark.parametrize("family", FAMILIES)
def test_family_rejects_an_illegal_spelling(family: str) -> None:
    _, _, spelling, message = FAMILIES[family]
    opcode, *mods = spelling.split(".")
    assert FORM_TABLE.find(opcode, mods) is None
    with pytest.raises(VerificationError) as err:
        FORM_TABLE.decode(opcode, mods, spelling, LOC)
    assert err.value.message == message


def _spelling(form, override: dict[str, str] | None = None) -> list[str]:
    """The words of a spelling of the form: its opcode, then the first value of each
    required slot (or the override's value for a slot)."""
    words = form.opcode.split(".")
    for s in form.slots:
        if s.name in (override or {}):
            words += override[s.name].split(".")
        elif not s.optional:
            words += s.values[0].split(".")
    return words


def _not_lowered() -> list[tuple[str, list[str]]]:
    cases = []
    for form in FORM_TABLE.forms:
        if form.status is Status.UNSUPPORTED:
            cases.append((form.section, _spelling(form)))
            continue
        for s in form.slots:
            for value in s.values:
                if not s.is_supported(value):
                    cases.append((form.section, _spelling(form, {s.name: value})))
    return cases


NOT_LOWERED = _not_lowered()


def test_every_form_not_lowered_is_an_unsupported_error() -> None:
    assert len(NOT_LOWERED) > 150  # fewer as forms get lowered; never empty
    for section, (opcode, *mods) in NOT_LOWERED:
        spelling = ".".join([opcode, *mods])
        with pytest.raises(UnsupportedError) as err:
            FORM_TABLE.decode(opcode, mods, spelling, LOC)
        assert err.value.message.startswith(f"unsupported PTX instruction '{spelling}'"), section
        assert err.value.location == LOC


def test_support_doc_is_up_to_date() -> None:
    """docs/ptx-support.md is generated: python -m cu2amd.ptx_lowering.isa.support_doc."""
    from cu2amd.ptx_lowering.isa import support_doc

    committed = (Path(__file__).resolve().parent.parent / "docs" / "ptx-support.md").read_text()
    assert committed == support_doc.render(), "regenerate docs/ptx-support.md"
