"""Conformance of lop3 (PTX ISA 9.7.8.6) on the host platform: all 256 truth tables, with
and without .BoolOp, against the ISA's definition (immLut = F(0xF0, 0xCC, 0xAA)).

immLut must be an immediate, so one kernel holds all 256 spellings, each guarded by a
comparison of an input with its table: every thread runs the one its input names, on
2,000 random 32-bit operand triples (every input-bit combination, many times over).
"""

import numpy as np
import pytest
from harness import run

from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import VerificationError
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

PER_TABLE = 2000


def operands() -> list[np.ndarray]:
    rng = np.random.default_rng(90)
    a, b, c = (
        rng.integers(0, 1 << 32, 256 * PER_TABLE, dtype=np.uint64).astype(np.uint32)
        for _ in range(3)
    )
    lut = np.repeat(np.arange(256, dtype=np.uint32), PER_TABLE)
    q = rng.integers(0, 2, len(a), dtype=np.uint8)
    return [a, b, c, lut, q]


def reference(a: np.ndarray, b: np.ndarray, c: np.ndarray, lut: np.ndarray) -> np.ndarray:
    """F(a, b, c) bit by bit: bit k of immLut is F's value where a's, b's and c's bits are
    those of 0xF0, 0xCC, 0xAA at bit k (a is k's bit 2, b bit 1, c bit 0)."""
    d = np.zeros(len(a), dtype=np.uint32)
    for k in range(8):
        term = (a if k & 4 else ~a) & (b if k & 2 else ~b) & (c if k & 1 else ~c)
        d |= np.where((lut >> k) & 1 == 1, term, 0).astype(np.uint32)
    return d


def all_tables(instruction: str) -> str:
    """`instruction` (with LUT for the table) once per table, run where %a3 is the table."""
    return " ".join(
        f"setp.eq.u32 %tmp, %a3, {k}; @%tmp {instruction.replace('LUT', hex(k))}"
        for k in range(256)
    )


def test_reference_matches_the_isa_examples() -> None:
    ta, tb, tc = (np.array([v], dtype=np.uint32) for v in (0xF0, 0xCC, 0xAA))
    for k in range(256):  # immLut = F(ta, tb, tc): the table applied to the constants is itself
        assert reference(ta, tb, tc, np.array([k], dtype=np.uint32))[0] & 0xFF == k
    ones = np.full(1, 0xFFFFFFFF, dtype=np.uint32)
    assert reference(ones, ones, ones, np.array([0x80], dtype=np.uint32))[0] == 0xFFFFFFFF


def test_all_256_tables() -> None:
    a, b, c, lut, _ = operands()
    template = all_tables("lop3.b32 %d, %a0, %a1, %a2, LUT;")
    out = run("lop3.b32", ["b32", "b32", "b32", "u32"], "b32", [a, b, c, lut], template=template)
    np.testing.assert_array_equal(out, reference(a, b, c, lut))


@pytest.mark.parametrize("boolop", ["or", "and"])
def test_all_256_tables_with_boolop(boolop: str) -> None:
    # p = (d != 0) BoolOp q; d is written as without .BoolOp (or dropped with `_`)
    a, b, c, lut, q = operands()
    d = reference(a, b, c, lut)
    sources = ["b32", "b32", "b32", "u32", "pred"]
    spelling = f"lop3.{boolop}.b32"
    template = all_tables(f"{spelling} _|%d, %a0, %a1, %a2, LUT, %a4;")
    p = run(spelling, sources, "pred", [a, b, c, lut, q], template=template)
    nonzero = (d != 0).astype(np.uint8)
    np.testing.assert_array_equal(p, nonzero | q if boolop == "or" else nonzero & q)
    template = all_tables(f"{spelling} %d|%tmp, %a0, %a1, %a2, LUT, !%a4;")
    np.testing.assert_array_equal(
        run(spelling, sources, "b32", [a, b, c, lut, q], template=template), d
    )


KERNEL = """.version 8.0
.target sm_80
.address_size 64
.visible .entry k()
{{
\t.reg .pred %p<4>;
\t.reg .b32 %r<8>;
\t{body}
\tret;
}}
"""


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("lop3.b32 %r1, %r2, %r3, %r4, %r5;", "'lop3.b32': the lookup table (immLut) must be an integer constant from 0 to 255"),
        ("lop3.b32 %r1, %r2, %r3, %r4, 256;", "'lop3.b32': the lookup table (immLut) must be an integer constant from 0 to 255"),
        ("lop3.or.b32 %r1, %r2, %r3, %r4, 0x80, %p1;", "'lop3.or.b32': '.or' writes a predicate: the destination must be d|p"),
    ],
)  # fmt: skip
def test_errors(body: str, message: str) -> None:
    pipeline = Pipeline(PipelineOptions())
    with pytest.raises(VerificationError) as err:
        pipeline.back(pipeline.front(KERNEL.format(body=body), "t.ptx"), parse_target_id("gfx942"))
    assert err.value.message == message
