"""PTX -> LLVM IR -> AMDGPU code objects: every supported form compiles for every kind of
target, output is deterministic, and scalar semantics match the PTX ISA (checked by letting
LLVM constant-fold the lowered IR of instructions whose inputs are immediates)."""

import re
from pathlib import Path

import pytest

from cu2amd.amdgpu.codeobject import read_code_object
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import UnsupportedError, VerificationError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.isa.forms import Status
from cu2amd.ptx_lowering.isa.table import FORM_TABLE
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions
from cu2amd.ptx_lowering.targets.host import HOST

DATA = Path(__file__).resolve().parent / "data" / "ptx"
# Every SUPPORTED form is exercised by at least one of these (one file per family).
FORM_FIXTURES = sorted((DATA / "forms").glob("*.ptx"))
# Forms only the host platform lowers (block-level barrier operations).
HOST_FORM_FIXTURES = sorted((DATA / "forms" / "host").glob("*.ptx"))
ALL_FORMS = DATA / "forms" / "basics.ptx"


def compile_ptx(text: str, arch: str = "gfx942"):
    pipeline = Pipeline(PipelineOptions())
    module = pipeline.front(text, "t.ptx")
    return pipeline.back(module, parse_target_id(arch))


def _forms_used(module: ast.Module) -> set[int]:
    used = set()

    def walk(block: ast.Block) -> None:
        for s in block.statements:
            if isinstance(s, ast.Instruction):
                used.add(id(s.decoded.form))
            elif isinstance(s, ast.Block):
                walk(s)

    for fn in module.functions:
        if fn.body is not None:
            walk(fn.body)
    return used


def test_fixtures_use_every_supported_form() -> None:
    used: set[int] = set()
    for path in FORM_FIXTURES + HOST_FORM_FIXTURES:
        used |= _forms_used(Pipeline(PipelineOptions()).front(path.read_text(), str(path)))
    missing = [
        f"{f.opcode} {f.section} {f.syntax}"
        for f in FORM_TABLE.forms
        if f.status is Status.SUPPORTED and id(f) not in used
    ]
    assert not missing, f"supported forms not exercised by tests/data/ptx/forms: {missing}"


@pytest.mark.parametrize("arch", ["gfx90a", "gfx942", "gfx950", "gfx1030", "gfx1100", "gfx1201"])
@pytest.mark.parametrize("path", FORM_FIXTURES, ids=lambda p: p.stem)
def test_form_fixtures_compile(arch: str, path: Path) -> None:
    result = compile_ptx(path.read_text(), arch)
    assert read_code_object(result.code_object).kernels


@pytest.mark.parametrize("path", HOST_FORM_FIXTURES, ids=lambda p: p.stem)
def test_host_form_fixtures_compile(path: Path) -> None:
    pipeline = Pipeline(PipelineOptions())
    assert pipeline.back(pipeline.front(path.read_text(), str(path)), HOST).code_object


@pytest.mark.parametrize("arch", ["gfx90a", "gfx942", "gfx1100"])
def test_basics_resources(arch: str) -> None:
    result = compile_ptx(ALL_FORMS.read_text(), arch)
    info = read_code_object(result.code_object)
    (kernel,) = info.kernels
    assert kernel.name == "forms"
    assert kernel.lds_bytes == 512
    assert kernel.max_flat_workgroup_size == 128  # .reqntid 128
    assert kernel.wavefront_size == (64 if arch.startswith("gfx9") else 32)


def test_output_is_deterministic() -> None:
    text = ALL_FORMS.read_text()
    first = compile_ptx(text, "gfx1100")
    second = compile_ptx(text, "gfx1100")
    assert first.code_object == second.code_object
    assert first.llvm_ir == second.llvm_ir


KERNEL = """.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{{
\t.reg .pred %p<4>;
\t.reg .b16 %h<4>;
\t.reg .b32 %r<8>;
\t.reg .f32 %f<4>;
\t.reg .b64 %rd<4>;
\tld.param.u64 %rd1, [out];
{body}
\tst.global.{st_type} [%rd1], {result};
\tret;
}}
"""


def folded(body: str, result: str, st_type: str = "b32") -> int:
    """The constant a kernel stores after LLVM folds the lowered IR (inputs are immediates)."""
    ir_text = compile_ptx(KERNEL.format(body=body, result=result, st_type=st_type)).llvm_ir
    match = re.search(r"store i(\d+) (-?\d+|true|false), ptr addrspace\(1\)", ir_text)
    assert match, f"not folded to a constant:\n{ir_text}"
    bits, text = int(match.group(1)), match.group(2)
    value = {"true": 1, "false": 0}.get(text)
    value = int(text) if value is None else value
    return value & ((1 << bits) - 1)


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        # PTX 9.7.8.8/9: shift amounts >= the width give 0 (shl, shr.u) or the sign (shr.s).
        ("\tmov.b32 %r1, 1;\n\tshl.b32 %r2, %r1, 32;", 0),
        ("\tmov.b32 %r1, 1;\n\tshl.b32 %r2, %r1, 31;", 0x80000000),
        ("\tmov.b32 %r1, -8;\n\tshr.s32 %r2, %r1, 40;", 0xFFFFFFFF),
        ("\tmov.b32 %r1, -8;\n\tshr.u32 %r2, %r1, 40;", 0),
        ("\tmov.b32 %r1, -8;\n\tshr.s32 %r2, %r1, 1;", 0xFFFFFFFC),
        # 9.7.1.3 mul.hi: the high half of the full product, signed or unsigned
        ("\tmov.b32 %r1, -2;\n\tmul.hi.s32 %r2, %r1, 3;", 0xFFFFFFFF),
        ("\tmov.b32 %r1, -2;\n\tmul.hi.u32 %r2, %r1, 3;", 2),
        # 9.7.1.1 add.sat.s32 clamps
        ("\tmov.b32 %r1, 2147483647;\n\tadd.sat.s32 %r2, %r1, 1;", 0x7FFFFFFF),
        ("\tmov.b32 %r1, -2147483648;\n\tsub.sat.s32 %r2, %r1, 1;", 0x80000000),
        # 9.7.1.10 abs of the most negative number is itself
        ("\tmov.b32 %r1, -2147483648;\n\tabs.s32 %r2, %r1;", 0x80000000),
        # min/max follow the type's signedness
        ("\tmov.b32 %r1, -1;\n\tmin.s32 %r2, %r1, 5;", 0xFFFFFFFF),
        ("\tmov.b32 %r1, -1;\n\tmin.u32 %r2, %r1, 5;", 5),
        # 9.7.9.21 cvt.sat clamps to the destination range; without .sat it truncates
        ("\tmov.b32 %r1, 300;\n\tcvt.sat.u8.s32 %r2, %r1;", 255),
        ("\tmov.b32 %r1, -300;\n\tcvt.sat.s8.s32 %r2, %r1;", 0xFFFFFF80),
        ("\tmov.b32 %r1, 300;\n\tcvt.u8.u32 %r2, %r1;", 44),
        ("\tmov.b32 %r1, -1;\n\tcvt.sat.s32.u32 %r2, %r1;", 0x7FFFFFFF),
        # setp on floats: .ne is ordered (false with NaN), .neu unordered
        ("\tmov.f32 %f1, 0f7FC00000;\n\tsetp.ne.f32 %p1, %f1, %f1;\n\tselp.b32 %r2, 1, 0, %p1;", 0),
        ("\tmov.f32 %f1, 0f7FC00000;\n\tsetp.neu.f32 %p1, %f1, %f1;\n\tselp.b32 %r2, 1, 0, %p1;", 1),
        # setp with a pair and a boolean op: q = BoolOp(!t, c)
        ("\tsetp.lt.or.s32 %p1|%p2, 1, 2, 0;\n\tselp.b32 %r2, 1, 0, %p2;", 0),
        ("\tsetp.lt.xor.s32 %p1|%p2, 3, 2, 1;\n\tselp.b32 %r2, 1, 0, %p2;", 0),
        ("\tsetp.hs.u32 %p1, -1, 2;\n\tselp.b32 %r2, 7, 9, %p1;", 7),
        # float arithmetic, exact bits
        ("\tmov.f32 %f1, 0f3F800000;\n\tfma.rn.f32 %f2, %f1, 0f40000000, 0f3F000000;\n\tmov.b32 %r2, %f2;", 0x40200000),
        ("\tmov.f32 %f1, 0f3F800000;\n\tneg.f32 %f2, %f1;\n\tmov.b32 %r2, %f2;", 0xBF800000),
        ("\tmov.f32 %f1, 0fFFC00001;\n\tabs.f32 %f2, %f1;\n\tmov.b32 %r2, %f2;", 0x7FC00001),
        # 16-bit registers
        ("\tmov.b16 %h1, 65535;\n\tadd.u16 %h2, %h1, 2;\n\tcvt.u32.u16 %r2, %h2;", 1),
    ],
)  # fmt: skip
def test_scalar_semantics(body: str, expected: int) -> None:
    assert folded(body, "%r2") == expected


def test_wide_results() -> None:
    body = "\tmov.b32 %r1, -1;\n\tmul.wide.s32 %rd2, %r1, 2;"
    assert folded(body, "%rd2", "b64") == (1 << 64) - 2
    body = "\tmov.b32 %r1, -1;\n\tmul.wide.u32 %rd2, %r1, 2;"
    assert folded(body, "%rd2", "b64") == 0x1_FFFF_FFFE
    body = "\tmov.b64 %rd3, 5;\n\tmov.b32 %r1, 65536;\n\tmad.wide.u32 %rd2, %r1, %r1, %rd3;"
    assert folded(body, "%rd2", "b64") == (1 << 32) + 5


@pytest.mark.parametrize(
    ("body", "error", "col", "message"),
    [
        ("\tadd.s32 %r1, %rd1, 1;", VerificationError, 15,
         "'add.s32': operand '%rd1' is a 64-bit register (.b64); this needs a 32-bit value"),
        ("\tadd.s32 %rd2, %r1, 1;", VerificationError, 10,
         "'add.s32': destination '%rd2' is a 64-bit register (.b64); the result is 32-bit"),
        ("\tadd.s32 %r9, %r1, 1;", VerificationError, 10, "use of undeclared register '%r9'"),
        ("\tadd.f32 %f1, %f2, 1;", VerificationError, 20,
         "'add.f32': integer literal '1' used as a .f32 operand "
         "(write floating-point literals as 1.0 or 0f3F800000)"),
        ("\tbra $nowhere;", VerificationError, 6, "branch to undefined label '$nowhere'"),
        ("\tmov.u32 %tid.x, 1;", VerificationError, 10,
         "'mov.u32': special register '%tid.x' is read-only"),
        ("\tmov.u32 %r1, %tid;", VerificationError, 15,
         "special register '%tid' needs a component (.x, .y or .z)"),
        ("\tsetp.lt.b32 %p1, %r1, %r2;", VerificationError, 2,
         "'setp.lt.b32': '.lt' is not defined for bit-size type .b32 (only .eq and .ne)"),
        ("\tbar.red.popc.u32 %r1, 1, %p1;", UnsupportedError, 2,
         "unsupported PTX instruction 'bar.red.popc.u32' (bar.red.popc with a barrier id other "
         "than 0 or a thread count on gfx942)"),
        ("\tld.param.u32 %r1, [out+8];", VerificationError, 20,
         "'ld.param.u32': access of 4 bytes at offset 8 is outside parameter 'out' (8 bytes)"),
        ("\tld.global.v2.f32 %f1, [%rd1];", VerificationError, 19,
         "'ld.global.v2.f32': '.v2' needs a vector operand of 2 elements"),
        ("\tadd.s32 %r1, %r2;", VerificationError, 2, "'add.s32' takes 3 operands, 2 given"),
        ("\tld.global.f32 %f1, %rd1;", VerificationError, 21,
         "'ld.global.f32': operand 2 must be an address in [ ]"),
    ],
)  # fmt: skip
def test_lowering_errors(body: str, error: type, col: int, message: str) -> None:
    """The whole message, its kind, and where it points (the body is line 12)."""
    with pytest.raises(error) as err:
        compile_ptx(KERNEL.format(body=body, result="0", st_type="b32"))
    assert type(err.value) is error
    assert err.value.message == message
    assert err.value.location is not None
    assert (err.value.location.line, err.value.location.col) == (12, col)


def test_functions_from_other_modules_are_rejected_by_name() -> None:
    text = (
        ".version 8.0\n.target sm_80\n.address_size 64\n.extern .func f();\n"
        + KERNEL.format(body="\tcall.uni f;", result="0", st_type="b32").split("\n", 3)[3]
    )
    with pytest.raises(
        UnsupportedError, match=r"function 'f' is declared but not defined in this module"
    ):
        compile_ptx(text)


def _helper_definitions(ir_text: str) -> dict[str, str]:
    """The internal helper functions (`cu2amd.*`) of lowered IR, by name, metadata
    references left out (their numbers depend on the rest of the module)."""
    found = re.findall(r'(define internal [^\n]*@"(cu2amd\.[^"]+)"\(.*?\n}\n)', ir_text, re.S)
    return {name: re.sub(r"!\d+", "!N", text) for text, name in found}


@pytest.mark.parametrize("op", ["tanh", "ex2"])
def test_half_approx_uses_the_f32_helpers_on_every_target(op: str) -> None:
    """tanh/ex2.approx on .f16/.bf16 go through the f32 forms' own approximations
    (fmath.py), so the host platform runs exactly what the GPU runs."""
    from cu2amd.ptx_lowering.emit.module import lower_module

    bf16 = "ex2.approx.ftz.bf16" if op == "ex2" else "tanh.approx.bf16"  # the ISA's forms
    body = (
        f"\tmov.b16 %h1, 0x3C00;\n\t{op}.approx.f16 %h2, %h1;\n"
        f"\t{bf16} %h3, %h1;\n\tcvt.u32.u16 %r2, %h2;"
    )
    text = KERNEL.format(body=body, result="%r2", st_type="b32")
    pipeline = Pipeline(PipelineOptions())
    module = pipeline.front(text, "t.ptx")
    irs = [
        str(lower_module(module, pipeline.hooks(target)))
        for target in (parse_target_id("gfx942"), HOST)
    ]
    helpers = [_helper_definitions(ir_text) for ir_text in irs]
    assert f"cu2amd.{op}.approx.f32" in helpers[0]
    assert {f"cu2amd.{op}.approx.f16", f"cu2amd.{op}.approx.bf16"} <= helpers[0].keys()
    assert helpers[0] == helpers[1]
    for ir_text in irs:
        assert "llvm.exp2" not in ir_text


FORWARDING = """.version 8.0
.target sm_80
.address_size 64
.visible .entry fwd(.param .u64 out, .param .u32 n)
{
\t.reg .pred %p<3>;
\t.reg .b32 %r<8>;
\t.reg .b64 %rd<2>;
\tld.param.u64 %rd1, [out];
\tcvta.to.global.u64 %rd1, %rd1;
\tld.param.u32 %r1, [n];
\tmov.u32 %r2, 1;
\tadd.u32 %r2, %r2, %r1;
\tmul.lo.u32 %r3, %r2, %r2;
\tsetp.gt.u32 %p1, %r1, 5;
\t@%p1 mov.u32 %r2, 100;
\tadd.u32 %r4, %r2, 0;
\tmov.u32 %r5, 0;
\tmov.u32 %r6, 0;
$loop:
\tadd.u32 %r5, %r5, %r6;
\tadd.u32 %r6, %r6, 1;
\tsetp.lt.u32 %p2, %r6, %r1;
\t@%p2 bra $loop;
\tst.global.v4.u32 [%rd1], {%r2, %r3, %r4, %r5};
\tret;
}
"""


@pytest.mark.parametrize(("n", "expected"), [(3, [4, 16, 4, 3]), (7, [100, 64, 100, 21])])
def test_register_values_across_blocks(n: int, expected: list[int]) -> None:
    """A register read in the block that wrote it uses the written value; in another block
    (after a guarded write, around a loop) it is loaded: both give the PTX result."""
    import numpy as np

    from cu2amd import host

    out = host.zeros(4, np.uint32)
    host.Module.from_ptx(FORWARDING, "fwd.ptx").launch(
        "fwd", grid=1, block=1, args=[out, np.uint32(n)]
    )
    assert out.to_numpy().tolist() == expected


def test_a_register_read_in_the_block_that_wrote_it_is_not_reloaded() -> None:
    from cu2amd.ptx_lowering.emit.module import lower_module

    pipeline = Pipeline(PipelineOptions())
    module = pipeline.front(FORWARDING, "fwd.ptx")
    ir_text = str(lower_module(module, pipeline.hooks(parse_target_id("gfx942"))))
    entry = ir_text.split("entry:", 1)[1].split("\nguard", 1)[0]
    assert '%"r2" = add i32 1, %"n' in entry  # mov's constant and the parameter's value
    assert '%"r3" = mul i32 %"r2", %"r2"' in entry
    assert 'load i32, ptr addrspace(5) %"r2.addr"' not in entry
    # after the guarded write, in the next block, %r2 is loaded again
    assert 'load i32, ptr addrspace(5) %"r2.addr"' in ir_text.split("entry:", 1)[1]
