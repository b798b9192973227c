"""Conformance of the carry chain (PTX ISA 9.7.2): add.cc, addc, sub.cc, subc, mad.cc, madc.

Reference model from the ISA: add.cc d = a + b, carry-out to CC.CF; addc d = a + b + CC.CF;
sub.cc d = a - b, borrow-out to CC.CF; subc d = a - (b + CC.CF); mad{.lo,.hi}.cc
d = t<lo|hi> + c; madc d = t<lo|hi> + c + CC.CF (t = a * b, signed for .s32/.s64); the
.cc forms write the carry (borrow) out of the exact result. The carry-in is set from an
input (add.cc.u32 x, cin, -1 carries exactly when cin is 1) and the carry-out read back
with addc.u32 d, 0, 0. Coverage: edge values pairwise plus 10,000 random values, each
with carry-in 0 and 1; the ISA's multiword examples; the errors of a carry-in that no
carry-out precedes in its function.
"""

import dataclasses

import numpy as np
import pytest
from harness import run
from values import as_signed, int_values, pairs

from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import VerificationError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

TYPES = ["u32", "s32", "u64", "s64"]
SET_CARRY = "add.cc.u32 %n, %a{k}, -1;"  # CC.CF = (input k == 1), for inputs 0 and 1
READ_CARRY = "addc.u32 %d, 0, 0;"


def scratch(ptx: str) -> str:
    """A register of the harness kernel that is free at the instruction (see harness)."""
    return "%off" if ptx.endswith("64") else "%n"


def operands(ptx: str, seed: int, count: int = 2):
    bits, signed = int(ptx[1:]), ptx[0] == "s"
    a, b = pairs(int_values(bits, signed, seed), int_values(bits, signed, seed + 1))
    values = [a, b]
    if count == 3:
        values.append(np.resize(int_values(bits, signed, seed + 2), len(a)))
    carry = np.random.default_rng(seed).integers(0, 2, len(a), dtype=np.uint32)
    return values, carry


def exact(values: np.ndarray, ptx: str) -> list[int]:
    bits = int(ptx[1:])
    return [int(v) for v in (as_signed(values, bits) if ptx[0] == "s" else values)]


def check(spelling: str, ptx: str, values: list[np.ndarray], carry: np.ndarray, model) -> None:
    """Run `spelling` on values with carry-in `carry` (if it reads one) and compare d,
    and the carry-out (if it writes one), with model(*values, carry) -> (d, cout)."""
    bits = int(ptx[1:])
    n = len(values)
    srcs = ", ".join(f"%a{i}" for i in range(n))
    prefix = (
        SET_CARRY.format(k=n)
        if "addc" in spelling or "subc" in spelling or "madc" in spelling
        else ""
    )
    sources = [ptx] * n + ["u32"]
    inputs = [*values, carry]
    out = run(spelling, sources, ptx, inputs, template=f"{prefix} {spelling} %d, {srcs};")
    expected = [
        model(*args) for args in zip(*(exact(v, ptx) for v in values), carry.tolist(), strict=True)
    ]
    mask = (1 << bits) - 1
    np.testing.assert_array_equal(
        out, np.array([d & mask for d, _ in expected], dtype=f"uint{bits}")
    )
    if ".cc" in spelling:
        template = f"{prefix} {spelling} {scratch(ptx)}, {srcs}; {READ_CARRY}"
        cout = run(spelling, sources, "u32", inputs, template=template)
        np.testing.assert_array_equal(cout, np.array([c for _, c in expected], dtype=np.uint32))


def unsigned(x: int, bits: int) -> int:
    return x & ((1 << bits) - 1)


@pytest.mark.parametrize("ptx", TYPES)
@pytest.mark.parametrize("spelling", ["add.cc", "addc", "addc.cc"])
def test_add_with_carry(spelling: str, ptx: str) -> None:
    bits = int(ptx[1:])
    values, carry = operands(ptx, 40)
    cin = spelling.startswith("addc")

    def model(a: int, b: int, cf: int) -> tuple[int, int]:
        total = unsigned(a, bits) + unsigned(b, bits) + (cf if cin else 0)
        return total, int(total >> bits != 0)

    check(f"{spelling}.{ptx}", ptx, values, carry, model)


@pytest.mark.parametrize("ptx", TYPES)
@pytest.mark.parametrize("spelling", ["sub.cc", "subc", "subc.cc"])
def test_sub_with_borrow(spelling: str, ptx: str) -> None:
    bits = int(ptx[1:])
    values, carry = operands(ptx, 42)
    bin_ = spelling.startswith("subc")

    def model(a: int, b: int, cf: int) -> tuple[int, int]:
        difference = unsigned(a, bits) - (unsigned(b, bits) + (cf if bin_ else 0))
        return difference, int(difference < 0)

    check(f"{spelling}.{ptx}", ptx, values, carry, model)


@pytest.mark.parametrize("ptx", TYPES)
@pytest.mark.parametrize("mode", ["lo", "hi"])
@pytest.mark.parametrize("op", ["mad.{mode}.cc", "madc.{mode}", "madc.{mode}.cc"])
def test_mad_with_carry(op: str, mode: str, ptx: str) -> None:
    bits = int(ptx[1:])
    values, carry = operands(ptx, 44, count=3)
    cin = op.startswith("madc")

    def model(a: int, b: int, c: int, cf: int) -> tuple[int, int]:
        t = a * b
        part = unsigned(t >> bits if mode == "hi" else t, bits)
        total = part + unsigned(c, bits) + (cf if cin else 0)
        return total, int(total >> bits != 0)

    check(f"{op.format(mode=mode)}.{ptx}", ptx, values, carry, model)


# The ISA's extended-precision multiply (9.7.2.6): [r3,r2,r1,r0] = [r5,r4] * [r7,r6], with
# r4..r7 = %a0..%a3 and r1, r2, r3 in %n, %r_ntid, %ctaid.
MULTIPLY_64x64 = " ".join(
    [
        "mul.hi.u32 %n, %a0, %a2;",
        "mad.lo.cc.u32 %n, %a1, %a2, %n;",
        "madc.hi.u32 %r_ntid, %a1, %a2, 0;",
        "mad.lo.cc.u32 %n, %a0, %a3, %n;",
        "madc.hi.cc.u32 %r_ntid, %a0, %a3, %r_ntid;",
        "addc.u32 %r_ctaid, 0, 0;",
        "mad.lo.cc.u32 %r_ntid, %a1, %a3, %r_ntid;",
        "madc.hi.u32 %r_ctaid, %a1, %a3, %r_ctaid;",
    ]
)


def test_isa_multiword_multiply() -> None:
    words = [int_values(32, False, seed=46 + i) for i in range(4)]
    x = [int(lo) | int(hi) << 32 for lo, hi in zip(words[0], words[1], strict=True)]
    y = [int(lo) | int(hi) << 32 for lo, hi in zip(words[2], words[3], strict=True)]
    for k, reg in ((1, "%n"), (2, "%r_ntid"), (3, "%r_ctaid")):
        template = f"{MULTIPLY_64x64} mov.b32 %d, {reg};"
        out = run("multiply", ["u32"] * 4, "u32", words, template=template)
        expected = [(p * q) >> (32 * k) & 0xFFFFFFFF for p, q in zip(x, y, strict=True)]
        np.testing.assert_array_equal(out, np.array(expected, dtype=np.uint32))


@pytest.mark.parametrize("op", ["add", "sub"])
def test_isa_multiword_add_sub(op: str) -> None:
    # 9.7.2.2/4: 128-bit sums and differences of four-word values (words %a0..3, %a4..7)
    words = [int_values(32, False, seed=50 + i) for i in range(8)]
    x = [sum(int(w[i]) << (32 * k) for k, w in enumerate(words[:4])) for i in range(len(words[0]))]
    y = [sum(int(w[i]) << (32 * k) for k, w in enumerate(words[4:])) for i in range(len(words[0]))]
    steps = [
        f"{op}.cc.u32 %n, %a0, %a4;",
        f"{op}c.cc.u32 %n, %a1, %a5;",
        f"{op}c.cc.u32 %n, %a2, %a6;",
    ]
    out = run(
        "multiword",
        ["u32"] * 8,
        "u32",
        words,
        template=" ".join([*steps, f"{op}c.u32 %d, %a3, %a7;"]),
    )
    exact_result = [
        (p + q if op == "add" else p - q) & ((1 << 128) - 1) for p, q in zip(x, y, strict=True)
    ]
    np.testing.assert_array_equal(out, np.array([v >> 96 for v in exact_result], dtype=np.uint32))


def test_guarded_carry_out_keeps_the_flag_when_not_executed() -> None:
    rng = np.random.default_rng(55)
    first, guard, second = (rng.integers(0, 2, 1000, dtype=np.uint32) for _ in range(3))
    template = (
        "add.cc.u32 %n, %a0, -1; setp.ne.u32 %tmp, %a1, 0; @%tmp add.cc.u32 %n, %a2, -1; "
        + READ_CARRY
    )
    out = run("guarded", ["u32"] * 3, "u32", [first, guard, second], template=template)
    np.testing.assert_array_equal(out, np.where(guard != 0, second, first))


# -- errors: a carry-in needs a carry-out before it in the same function -------------------

KERNEL = """.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{{
\t.reg .b32 %r<8>;
\t.reg .b64 %rd<4>;
\tld.param.u64 %rd1, [out];
{body}
\tst.global.u32 [%rd1], %r3;
\tret;
}}
"""


def lower(module: ast.Module) -> None:
    Pipeline(PipelineOptions()).back(module, parse_target_id("gfx942"))


def front(body: str) -> ast.Module:
    return Pipeline(PipelineOptions()).front(KERNEL.format(body=body), "t.ptx")


NO_CARRY_OUT = (
    "reads the carry flag, but no add.cc, sub.cc, mad.cc, addc.cc, subc.cc or madc.cc "
    "before it in this function writes it (the carry flag does not cross function boundaries)"
)


@pytest.mark.parametrize(
    ("body", "spelling"),
    [
        ("\taddc.u32 %r3, %r1, %r2;", "addc.u32"),
        ("\tadd.u32 %r4, %r1, %r2;\n\tsubc.cc.s32 %r3, %r1, %r2;", "subc.cc.s32"),
        ("\tmadc.lo.u32 %r3, %r1, %r2, %r1;\n\tadd.cc.u32 %r4, %r1, %r2;", "madc.lo.u32"),
        # a carry-out inside a nested block still precedes in source order; after it
        # in the text (a backward branch could reach it) does not count
        ("$L0:\n\taddc.u32 %r3, %r1, %r2;\n\tadd.cc.u32 %r4, %r1, %r2;\n\tbra $L0;", "addc.u32"),
    ],
)  # fmt: skip
def test_carry_in_without_carry_out_is_an_error(body: str, spelling: str) -> None:
    with pytest.raises(VerificationError) as err:
        lower(front(body))
    assert err.value.message == f"'{spelling}': {NO_CARRY_OUT}"


def test_carry_out_in_a_nested_block_reaches_a_later_carry_in() -> None:
    lower(front("\t{\n\tadd.cc.u32 %r4, %r1, %r2;\n\t}\n\taddc.u32 %r3, %r1, %r2;"))


FUNCTIONS = """.version 8.0
.target sm_80
.address_size 64
.func f()
{{
\tret;
}}
.visible .entry k(.param .u64 out)
{{
\t.reg .b32 %r<8>;
\t.reg .b64 %rd<4>;
\tld.param.u64 %rd1, [out];
{body}
\tst.global.u32 [%rd1], %r3;
\tret;
}}
"""


def lower_text(text: str) -> None:
    pipeline = Pipeline(PipelineOptions())
    pipeline.back(pipeline.front(text, "t.ptx"), parse_target_id("gfx942"))


def test_carry_does_not_survive_a_call() -> None:
    body = "\tadd.cc.u32 %r4, %r1, %r2;\n\tcall f;\n\taddc.u32 %r3, %r1, %r2;"
    with pytest.raises(VerificationError) as err:
        lower_text(FUNCTIONS.format(body=body))
    assert err.value.message == (
        "'addc.u32': reads the carry flag written at t.ptx:13:2, across the call at t.ptx:14:2 "
        "(the carry flag is not preserved across calls)"
    )


def test_carry_does_not_enter_a_called_function() -> None:
    callee = ".func g()\n{\n\t.reg .b32 %r<4>;\n\taddc.u32 %r2, %r1, %r1;\n\tret;\n}\n"
    body = "\tadd.cc.u32 %r4, %r1, %r2;\n\tcall g;\n\tadd.u32 %r3, %r1, %r2;"
    text = FUNCTIONS.format(body=body).replace(".visible .entry", callee + ".visible .entry")
    with pytest.raises(VerificationError) as err:
        lower_text(text)
    assert err.value.message == f"'addc.u32': {NO_CARRY_OUT}"


def test_a_carry_chain_after_a_call_is_fine() -> None:
    body = "\tcall f;\n\tadd.cc.u32 %r4, %r1, %r2;\n\taddc.u32 %r3, %r1, %r2;"
    lower_text(FUNCTIONS.format(body=body))


def test_call_check_looks_at_the_opcode() -> None:
    # The same check without depending on how calls are lowered: a decoded kernel gets
    # a `call` by renaming an instruction that does nothing (only the opcode is looked at).
    module = front("\tadd.cc.u32 %r4, %r1, %r2;\n\tmov.u32 %r5, %r5;\n\taddc.u32 %r3, %r1, %r2;")
    (kernel,) = module.functions
    assert kernel.body is not None
    statements = tuple(
        dataclasses.replace(s, opcode="call")
        if isinstance(s, ast.Instruction) and s.opcode == "mov"
        else s
        for s in kernel.body.statements
    )
    kernel = dataclasses.replace(
        kernel, body=dataclasses.replace(kernel.body, statements=statements)
    )
    module = dataclasses.replace(module, items=(kernel,))
    with pytest.raises(VerificationError) as err:
        lower(module)
    assert err.value.message == (
        "'addc.u32': reads the carry flag written at t.ptx:9:2, across the call at t.ptx:10:2 "
        "(the carry flag is not preserved across calls)"
    )
