"""The libclang frontend: finding inline PTX and rewriting it into calls."""

import subprocess
from pathlib import Path

import pytest

from cu2amd.amdgpu.toolchain import discover
from cu2amd.errors import UnsupportedError
from cu2amd.frontend.asm import find_asm
from cu2amd.frontend.rewrite import rewrite
from cu2amd.runtime_shim.headers import include_dir

SOURCE = Path(__file__).resolve().parent / "data" / "inline_asm" / "forms.cu"


def test_statements_are_found_at_their_spelling_location() -> None:
    stmts = find_asm(SOURCE, ["-std=c++17"], 80)
    summary = [(s.location.line, s.template, [(o.constraint, o.text) for o in s.operands], s.volatile)
               for s in stmts]  # fmt: skip
    assert summary == [
        (3, "add.s32 %0, %1, %2;", [("=r", "d"), ("r", "a"), ("r", "b")], False),  # in the macro
        (
            6,
            "lop3.b32 %0, %1, %2, %3, 0x96;",
            [("=r", "d"), ("r", "a"), ("r", "b"), ("r", "c")],
            True,
        ),
        (10, "add.s32 %0, %1, %1;", [("=r", "y"), ("r", "x")], False),  # in the template
        (13, "", [], True),
        (14, "mov.b64 %0, %1;", [("=l", "q"), ("l", "p[0]")], False),
    ]
    assert stmts[3].is_barrier_only and stmts[3].clobbers == ("memory",)
    assert stmts[0].template_location.col == 23 + 4  # the string after `asm(`


def test_rewritten_source_keeps_lines_and_compiles(tmp_path: Path) -> None:
    stmts = find_asm(SOURCE, ["-std=c++17"], 80)
    result = rewrite(SOURCE, stmts)
    assert len(result.lowered) == 4  # one per signature; the barrier needs none
    body = result.text.split(f'#line 1 "{SOURCE}"\n', 1)[1]
    assert body.count("\n") == SOURCE.read_text().count("\n")
    assert "asm(" not in body and "asm volatile" not in body
    assert "__cu2amd_compiler_barrier();" in body
    out = tmp_path / "rewritten.cu"
    out.write_text(result.text)
    tc = discover()
    cmd = [*tc.clang(), "-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80", "-nocudainc",
           "-nocudalib", "--cuda-path=/nonexistent", "-Xclang", "-target-feature", "-Xclang", "+ptx80",
           "-isystem", str(tc.builtin_include_dir()),
           "-isystem", str(include_dir()), "-include", "cuda_runtime.h", "-std=c++17", "-O2",
           "-emit-llvm", "-S", str(out), "-o", str(tmp_path / "out.ll")]  # fmt: skip
    subprocess.run(cmd, check=True, capture_output=True)
    ir = (tmp_path / "out.ll").read_text()
    for stmt in result.lowered:
        assert f"@__cu2amd_asm_{stmt.signature()}_impl" in ir


def test_unsupported_constraint_is_named(tmp_path: Path) -> None:
    src = tmp_path / "bad.cu"
    src.write_text(
        '__device__ int f(int a) { int d; asm("mov.b32 %0, %1;" : "=r"(d) : "m"(a)); return d; }\n'
    )
    with pytest.raises(UnsupportedError) as err:
        find_asm(src, [], 80)
    assert str(err.value) == (
        f"{src}:1:68: inline asm constraint 'm' is not supported (use h r l q f d)"
    )


def test_immediate_constraint_is_unsupported(tmp_path: Path) -> None:
    """'n' operands were taken and then crashed the rewriter (KeyError): now an error."""
    src = tmp_path / "imm.cu"
    src.write_text(
        '__device__ int f(int a) { int d; asm("add.s32 %0, %1, %2;" : "=r"(d) : "r"(a), "n"(4));'
        " return d; }\n"
    )
    with pytest.raises(UnsupportedError) as err:
        find_asm(src, [], 80)
    assert (
        err.value.message == "inline asm immediate operands ('n' constraints) are not supported yet"
    )
    assert err.value.location.line == 1
