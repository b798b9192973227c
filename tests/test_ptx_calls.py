"""Device functions, calls and control flow lowered from PTX (PTX ISA 9.7.12, the .param
ABI of emit/call.py), run on the host platform: recursion, structs in and out by value,
register parameters, direct and indirect calls, exit inside a device function, barriers
inside device functions, brx.idx, CUDA's vprintf and __assertfail; and the errors that pin
what cu2amd does not lower.
"""

from __future__ import annotations

import struct
from pathlib import Path

import numpy as np
import pytest
from test_ptx_memory import compile_for, launch_with_bytes

from cu2amd import host
from cu2amd.amdgpu.codeobject import read_code_object
from cu2amd.errors import UnsupportedError, VerificationError

DATA = Path(__file__).resolve().parent / "data" / "ptx"


@pytest.fixture(scope="module")
def forms() -> host.Module:
    return host.Module.from_file(DATA / "forms" / "calls.ptx")


@pytest.fixture(scope="module")
def calls() -> host.Module:
    return host.Module.from_file(DATA / "host" / "calls.ptx")


def run_forms(mod: host.Module, which: int, vec: tuple[int, int, int] = (1, 2, 3)) -> np.ndarray:
    out = host.zeros(8, np.int32)
    args = [struct.pack("<Q", out.ptr), struct.pack("<I", which), struct.pack("<3i", *vec)]
    launch_with_bytes(mod, "calls", 1, 8, args)
    return out.to_numpy()


def test_recursion(forms: host.Module) -> None:
    np.testing.assert_array_equal(run_forms(forms, 0), [1, 1, 2, 6, 24, 120, 720, 5040])


def test_indirect_calls_through_a_table_and_a_target_list(forms: host.Module) -> None:
    """Even threads call negate twice, odd ones square twice."""
    t = np.arange(8)
    np.testing.assert_array_equal(run_forms(forms, 1), np.where(t % 2 == 0, t, t**4))


def test_structs_by_value_and_register_parameters(forms: host.Module) -> None:
    """scale({a, b, c}, t) summed, plus one by a function with .reg parameters."""
    t = np.arange(8)
    np.testing.assert_array_equal(run_forms(forms, 2, (5, -7, 11)), (5 - 7 + 11) * t + 1)


def test_exit_inside_a_device_function_ends_the_thread(forms: host.Module) -> None:
    np.testing.assert_array_equal(run_forms(forms, 3), [1, 0] * 4)


def test_branch_table_default(forms: host.Module) -> None:
    np.testing.assert_array_equal(run_forms(forms, 9), [-1] * 8)


@pytest.mark.parametrize(("warp_size", "order"), [(32, "forward"), (64, "reverse"),
                                                  (32, "random:4")])  # fmt: skip
def test_barrier_inside_a_function_after_threads_exited_in_another(
    calls: host.Module, warp_size: int, order: str
) -> None:
    out = host.zeros(64, np.uint32)
    calls.launch("barrier_in_function", grid=3, block=64, args=[out], warp_size=warp_size,
                 order=order)  # fmt: skip
    even = sum(t + 1 for t in range(0, 64, 2))
    np.testing.assert_array_equal(out.to_numpy(), [even, 0] * 32)


def test_printf_from_ptx(calls: host.Module, capfd: pytest.CaptureFixture[str]) -> None:
    calls.launch("printing", grid=1, block=3, args=[np.float32(1.5), np.uint64(12345678901)])
    lines = capfd.readouterr().out.splitlines()
    assert lines == [f"thread {t}: x=1.50 ok 12345678901%" for t in range(3)]


def test_printf_on_amdgpu_calls_ockl_hostcall_printf() -> None:
    """The same module for gfx942: ROCm's printf (tests/test_ptx_printf_amdgpu.py has the
    details), the format and the %s argument sent as strings, the others as words."""
    result = compile_for((DATA / "host" / "calls.ptx").read_text(), "gfx942")
    assert "@__ockl_hostcall_internal(" in result.llvm_ir
    kernel = next(k for k in read_code_object(result.code_object).kernels if k.name == "printing")
    assert "hidden_hostcall_buffer" in {a.value_kind for a in kernel.args}


def test_device_assert(calls: host.Module) -> None:
    calls.launch("asserting", grid=1, block=2, args=[np.uint32(1)])
    with pytest.raises(host.KernelError) as err:
        calls.launch("asserting", grid=1, block=2, args=[np.uint32(0)])
    assert (
        "kernel.cu:12: checked: block: [0,0,0], thread: [0,0,0] Assertion `x > 0` failed."
        in str(err.value)
    )


def test_brx_idx(calls: host.Module) -> None:
    out = host.zeros(1, np.uint32)
    for index, expected in [(0, 100), (1, 200)]:
        calls.launch("jump", grid=1, block=1, args=[np.uint32(index), out])
        assert out.to_numpy()[0] == expected
    with pytest.raises(
        host.KernelError, match=r"calls.ptx:\d+:\d+: brx.idx: index out of range of 2 targets"
    ):
        calls.launch("jump", grid=1, block=1, args=[np.uint32(2), out])


def test_calls_compile_for_amdgpu_with_the_param_abi() -> None:
    """A struct kernel parameter by reference; functions whose address is taken, when one
    of them may exit, return an exit flag."""
    ir_text = compile_for((DATA / "forms" / "calls.ptx").read_text(), "gfx942").llvm_ir
    assert "ptr addrspace(4) readonly byref([12 x i8]) align 4 captures(none) %vec" in ir_text
    assert "define internal { i32, i1 } @square(i32 %x)" in ir_text


# -- errors -----------------------------------------------------------------------------

MODULE = """.version 8.0
.target sm_80
.address_size 64
.extern .func (.param .b32 r) ext(.param .b32 x);
.extern .func (.param .b64 r) malloc(.param .b64 size);
.func (.param .b32 r) one(.param .b32 x) {{ st.param.b32 [r], 1; ret; }}
.func (.param .align 4 .b8 r[12]) agg(.param .align 4 .b8 v[12]) {{ ret; }}
.func two(.param .b64 x, .param .b32 y) {{ ret; }}
{extra}
.visible .entry k(.param .u64 out)
{{
\t.reg .pred %p<4>;
\t.reg .b32 %r<8>;
\t.reg .b64 %rd<8>;
{body}
\tret;
}}
"""


def _call(callee: str, args: str = "param0", result: str = "(retval0), ") -> str:
    return (
        "\t{\n\t.param .b32 param0;\n\t.param .b32 param1;\n\t.param .b32 retval0;\n"
        f"\tcall.uni {result}{callee}, ({args});\n\t}}"
    )


@pytest.mark.parametrize(
    ("body", "extra", "error", "message"),
    [
        (_call("ext"), "", UnsupportedError,
         "function 'ext' is declared but not defined in this module (linking separately "
         "compiled device code is not supported yet)"),
        ("\t{\n\t.param .b64 p;\n\t.param .b64 r;\n\tcall.uni (r), malloc, (p);\n\t}", "",
         UnsupportedError, "device-side 'malloc' (the device heap) is not supported yet"),
        ("\tmov.u64 %rd1, ext;", "", UnsupportedError,
         "function 'ext' is declared but not defined in this module"),
        (_call("one", "param0, param1"), "", VerificationError,
         "the callee takes 1 argument, 2 given"),
        (_call("one", result=""), "", VerificationError,
         "the callee returns 1 value, 0 destinations given"),
        (_call("agg", "%r1", "(rv), ").replace("{", "{\n\t.param .align 4 .b8 rv[12];"), "",
         VerificationError,
         "a byte-array parameter of 12 bytes needs a .param variable of the call sequence"),
        (_call("agg", "param0", "(rv), ").replace("{", "{\n\t.param .align 4 .b8 rv[12];"),
         "", VerificationError, "'param0' has 4 bytes; the parameter has 12"),
        (_call("k"), "", VerificationError, "'k' is a kernel (.entry), which cannot be called"),
        (_call("nowhere"), "", VerificationError, "call to undeclared function 'nowhere'"),
        ("\tcall (%r1), %rd1, (%r2), nope;", "", VerificationError,
         "'nope' is not a .callprototype or .calltargets label"),
        ("\tt: .calltargets one, two;\n\tcall (%r1), %rd1, (%r2), t;", "", VerificationError,
         "the functions of 't' have different parameters"),
        ("\tbrx.idx %r1, $L;\n$L:", "", VerificationError,
         "'$L' is not a .branchtargets label"),
        ("", ".func f(.param .b64 p) {\n\t.reg .b64 %a;\n\tmov.u64 %a, p;\n"
             "\tld.param.u64 %a, [%a];\n\tret;\n}", UnsupportedError,
         "(a .param access through a register in a device function)"),
        ("", ".func (.param .b32 r) one(.param .b32 x) { ret; }", VerificationError,
         "function 'one' is defined twice"),
        ("", ".func (.param .b64 r) one(.param .b32 x);", VerificationError,
         "declaration of 'one' does not match its definition"),
        ("", ".alias one, two;", VerificationError,
         "'.alias one, two': 'one' must be declared, without a body"),
        ("", ".func (.param .b32 r) a2(.param .b64 x);\n.alias a2, one;", VerificationError,
         "'a2' and 'one' have different parameters"),
        ("\tmov.u64 %rd1, k;", "", VerificationError,
         "the address of kernel 'k' cannot be taken"),
    ],
)  # fmt: skip
def test_call_errors(body: str, extra: str, error: type, message: str) -> None:
    with pytest.raises(error) as err:
        compile_for(MODULE.format(body=body, extra=extra))
    assert type(err.value) is error
    assert message in str(err.value)


def test_an_alias_calls_its_target() -> None:
    """`.alias twin, triple;`: a call of twin runs triple (PTX ISA 11.6.4), on the host
    platform; the same module compiles for AMDGPU."""
    body = (
        "\t{\n\t.param .b32 param0;\n\t.param .b32 retval0;\n"
        "\tst.param.b32 [param0], 5;\n\tcall.uni (retval0), twin, (param0);\n"
        "\tld.param.b32 %r1, [retval0];\n\t}\n"
        "\tld.param.u64 %rd1, [out];\n\tcvta.to.global.u64 %rd1, %rd1;\n"
        "\tst.global.u32 [%rd1], %r1;"
    )
    extra = (
        ".func (.param .b32 r) triple(.param .b32 x)\n{\n\t.reg .b32 %t;\n"
        "\tld.param.b32 %t, [x];\n\tmul.lo.u32 %t, %t, 3;\n\tst.param.b32 [r], %t;\n"
        "\tret;\n}\n"
        ".func (.param .b32 r) twin(.param .b32 x);\n.alias twin, triple;"
    )
    text = MODULE.format(body=body, extra=extra)
    out = host.zeros(1, np.uint32)
    host.Module.from_ptx(text, "alias.ptx").launch("k", grid=1, block=1, args=[out])
    assert out.to_numpy()[0] == 15
    compile_for(text, "gfx942")


def test_calling_a_pure_virtual_function_traps() -> None:
    """CUDA's `__cxa_pure_virtual` (what a vtable holds for a pure virtual function) is
    defined by cu2amd as a trap naming where it was declared."""
    extra = ".extern .func __cxa_pure_virtual();"
    body = "\tcall.uni __cxa_pure_virtual, ();"
    text = MODULE.format(body=body, extra=extra)
    with pytest.raises(host.KernelError, match=r"pure\.ptx:\d+:\d+: pure virtual function called"):
        host.Module.from_ptx(text, "pure.ptx").launch("k", grid=1, block=1, args=[np.uint64(0)])
    assert "@llvm.trap()" in compile_for(text, "gfx942").llvm_ir
