"""The PTX parser: the shapes of real PTX, literals, diagnostics, and print/parse round trips."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cu2amd.amdgpu.toolchain import discover
from cu2amd.errors import PtxSyntaxError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.parser import parse_module, parse_operand, parse_statements
from cu2amd.ptx_lowering.printer import print_module, print_statements

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples" / "ptx").glob("*.ptx"))
CUDA_DIR = Path(__file__).resolve().parent / "data" / "cuda"

HEADER = ".version 8.0\n.target sm_80\n.address_size 64\n"


def round_trip(text: str) -> None:
    """print(parse(x)) is a fixed point of print . parse."""
    once = print_module(parse_module(text))
    assert print_module(parse_module(once)) == once


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_parse_and_round_trip(path: Path) -> None:
    module = parse_module(path.read_text(), str(path))
    assert module.version and module.targets == ("sm_80",) and module.address_size == 64
    assert len(module.kernels) == 1
    round_trip(path.read_text())


def _clang_ptx(source: Path, arch: str, opt: str, tmp_path: Path) -> str:
    tc = discover()
    out = tmp_path / f"{source.stem}-{arch}-{opt}.ptx"
    cmd = [
        *tc.clang(), "-x", "cuda", "--cuda-device-only", f"--cuda-gpu-arch={arch}",
        "-nocudainc", "-nocudalib", "--cuda-path=/nonexistent",
        "-Xclang", "-target-feature", "-Xclang", "+ptx80",
        "-isystem", str(tc.builtin_include_dir()), f"-I{CUDA_DIR}",
        opt, "-S", str(source), "-o", str(out),
    ]  # fmt: skip
    subprocess.run(cmd, check=True, capture_output=True)
    return out.read_text()


@pytest.mark.parametrize("arch", ["sm_75", "sm_90"])
@pytest.mark.parametrize("opt", ["-O0", "-O2"])
def test_clang_nvptx_output_parses(arch: str, opt: str, tmp_path: Path) -> None:
    """PTX from clang's NVPTX backend (open tools; never NVIDIA's compiler output)."""
    text = _clang_ptx(CUDA_DIR / "kernels.cu", arch, opt, tmp_path)
    module = parse_module(text)
    names = {f.name for f in module.kernels}
    assert {"_Z5saxpyfPKfPfi", "_Z7reversePfPKfi4Pair"} <= names
    assert any(
        isinstance(i, ast.VarDecl) and i.declarators[0].name == "g_scale" for i in module.items
    )
    round_trip(text)


@pytest.mark.skipif(shutil.which("ptxas") is None, reason="REQUIRES: ptxas")
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_examples_are_legal_ptx(path: Path, tmp_path: Path) -> None:
    """Hand-written fixtures are checked by ptxas (only checked: its output is discarded)."""
    subprocess.run(
        ["ptxas", "-arch=sm_80", str(path), "-o", str(tmp_path / "out.cubin")],
        check=True,
        capture_output=True,
    )


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("42", ast.IntImm, 42),
        ("-7", ast.IntImm, -7),
        ("0x1F", ast.IntImm, 31),
        ("0XffU", ast.IntImm, 255),
        ("017", ast.IntImm, 15),  # a leading 0 is octal in PTX
        ("0b101", ast.IntImm, 5),
        ("0", ast.IntImm, 0),
        ("0f3F800000", ast.FloatImm, 1.0),
        ("0fBF800000", ast.FloatImm, -1.0),
        ("0d4000000000000000", ast.FloatImm, 2.0),
        ("1.5", ast.FloatImm, 1.5),
        ("2e3", ast.FloatImm, 2000.0),
        ("-0.25", ast.FloatImm, -0.25),
    ],
)
def test_literals(text: str, kind: type, value: float) -> None:
    op = parse_operand(text)
    assert isinstance(op, kind)
    assert op.value == value
    assert op.text == text


def test_hex_float_bits_are_exact() -> None:
    nan = parse_operand("0f7FC00001")
    assert isinstance(nan, ast.FloatImm) and nan.bits == 0x7FC00001 and nan.width == 32
    neg = parse_operand("-0f00000000")
    assert isinstance(neg, ast.FloatImm) and neg.bits == 0x80000000


def test_operand_shapes() -> None:
    addr = parse_operand("[%rd1+-16]")
    assert isinstance(addr, ast.Address) and addr.base.name == "%rd1" and addr.offset == -16
    assert parse_operand("[buf+8]").offset == 8
    absolute = parse_operand("[4096]")
    assert absolute.base is None and absolute.offset == 4096
    vec = parse_operand("{%f1, %f2, _, %f4}")
    assert isinstance(vec, ast.VectorOp) and [e.name for e in vec.elements] == [
        "%f1",
        "%f2",
        "_",
        "%f4",
    ]
    pair = parse_operand("%p1|%p2")
    assert isinstance(pair, ast.Pair) and pair.second.name == "%p2"
    assert isinstance(parse_operand("!%p3"), ast.Negated)
    sreg = parse_operand("%tid.x")
    assert isinstance(sreg, ast.Name) and sreg.name == "%tid.x"


def test_statements() -> None:
    stmts = parse_statements(
        """
        .reg .pred %p<3>;
        .reg .b64 %rd<4>, %SP;
        .shared .align 16 .b8 smem[1024];
    $L__BB0_1:
        @!%p1 bra.uni $L__BB0_1;
        ld.global.nc.L1::no_allocate.v4.f32 {%f1, %f2, %f3, %f4}, [%rd1+16];
        setp.lt.and.s32 %p1|%p2, %r1, 10, !%p0;
        { .reg .b32 t; mov.b32 t, 0f3F800000; }
        call.uni (retval0), _Z3fooi, (param0, param1);
        prototype_1 : .callprototype (.param .b32 _) _ (.param .b64 _);
        $Ltab: .branchtargets $L1, $L2;
        .pragma "nounroll";
        .loc 1 22 7
        """
    )
    kinds = [type(s).__name__ for s in stmts]
    assert kinds == [
        "VarDecl", "VarDecl", "VarDecl", "Label", "Instruction", "Instruction", "Instruction",
        "Block", "Instruction", "CallPrototype", "BranchTargets", "Pragma", "LocDirective",
    ]  # fmt: skip
    regs = stmts[0]
    assert regs.declarators[0].names() == ("%p0", "%p1", "%p2")
    bra = stmts[4]
    assert bra.guard.negated and bra.opcode == "bra" and bra.modifiers == ("uni",)
    ld = stmts[5]
    assert ld.modifiers == ("global", "nc", "L1::no_allocate", "v4", "f32")
    call = stmts[8]
    assert isinstance(call.operands[0], ast.ParenList) and isinstance(
        call.operands[2], ast.ParenList
    )
    assert print_statements(parse_statements(print_statements(stmts))) == print_statements(stmts)


def test_module_directives() -> None:
    text = (
        HEADER
        + """
    .file 1 "/src/k.cu", 1700000000, 1234
    .extern .func (.param .b32 func_retval0) vprintf (.param .b64 a, .param .b64 b);
    .global .align 4 .u32 table[2][3] = {{1, 2, 3}, {4, 5, 6}};
    .const .f32 pi = 0f40490FDB;
    .global .u64 ptr = generic(table);
    .visible .entry k(.param .align 8 .b8 s[16], .param .u64 .ptr .global .align 16 p)
    .maxntid 128, 1, 1
    .minnctapersm 2
    { ret; }
    .section .debug_str { $L__info_string0: .b8 65,0 }
    """
    )
    module = parse_module(text)
    kernel = module.kernels[0]
    assert kernel.directive("maxntid").values == (128, 1, 1)
    assert kernel.directive("minnctapersm").values == (2,)
    s, p = kernel.params
    assert s.align == 8 and s.declarators[0].dims == (16,)
    assert p.attributes == ("ptr", "global") and p.align == 16
    table = next(
        i for i in module.items if isinstance(i, ast.VarDecl) and i.declarators[0].name == "table"
    )
    assert table.declarators[0].dims == (2, 3)
    assert isinstance(module.items[0], ast.FileDirective) and module.items[0].path == "/src/k.cu"
    round_trip(text)


@pytest.mark.parametrize(
    ("text", "message", "line", "col"),
    [
        ("add.s32 %r1, %r2 %r3;", "unexpected '%r3'; expected ',', ';', '|'", 1, 18),
        ("mov.u32 %r1, 1\nret;", "expected ';' after this statement", 1, 15),
        ("mov.u32 %r1, 1 # 2;", "unexpected character '#'", 1, 16),
        ("ld.global.f32 %f1, [%rd1+%rd2];", "unexpected '%rd2'", 1, 26),
        ("mov.u32 %r1, 0x;", "unexpected 'x'; expected ',', ';'", 1, 15),
        ("{ ret;", "unexpected end of input", 1, 7),
        (".reg .b32 %r<2.5>;", "a register range must be an integer, not '2.5'", 1, 14),
        (".shared .align 3 .b8 x[4];", ".align must be a power of two, not 3", 1, 16),
        (".reg %r1;", "declaration in .reg has no type", 1, 1),
    ],
)
def test_syntax_errors(text: str, message: str, line: int, col: int) -> None:
    with pytest.raises(PtxSyntaxError) as err:
        parse_statements(text, "t.ptx")
    assert err.value.message.startswith(message)
    assert (err.value.location.line, err.value.location.col) == (line, col)
    assert err.value.location.file == "t.ptx"


_REGS = st.sampled_from(["%r1", "%r2", "%rd3", "%f4", "%p1", "%tid.x", "_"])
_IMMS = st.one_of(
    st.integers(-(2**63), 2**64 - 1).map(str),
    st.integers(0, 2**32 - 1).map(lambda v: f"0f{v:08X}"),
    st.floats(allow_nan=False, allow_infinity=False, width=32).map(repr),
)
_OPERANDS = st.one_of(
    _REGS,
    _IMMS,
    st.builds(
        lambda r, o: f"[{r}+{o}]", st.sampled_from(["%rd1", "buf"]), st.integers(-4096, 4096)
    ),
    st.lists(_REGS, min_size=2, max_size=4).map(lambda rs: "{" + ", ".join(rs) + "}"),
)
_OPCODES = st.sampled_from(["add.s32", "ld.global.v2.f32", "setp.ge.u64", "mov.b32", "fma.rn.f32"])


@given(
    st.lists(
        st.tuples(st.booleans(), _OPCODES, st.lists(_OPERANDS, max_size=4)), min_size=1, max_size=6
    )
)
def test_printer_round_trip_property(instrs: list) -> None:
    lines = []
    for guarded, opcode, ops in instrs:
        guard = "@!%p1 " if guarded else ""
        lines.append(f"{guard}{opcode} {', '.join(ops)};" if ops else f"{guard}{opcode};")
    once = print_statements(parse_statements("\n".join(lines)))
    assert print_statements(parse_statements(once)) == once


def test_parse_errors_name_the_file_from_the_cli(tmp_path: Path) -> None:
    bad = tmp_path / "bad.ptx"
    bad.write_text(HEADER + ".visible .entry k() { mov.u32 %r1 1; }\n")
    proc = subprocess.run(
        [sys.executable, "-m", "cu2amd.translator.cli", "ptx", str(bad), "--offload-arch=gfx942"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"{bad}:4:35: error: unexpected '1'; expected ',', ';', '|'")
    assert "Traceback" not in proc.stderr
