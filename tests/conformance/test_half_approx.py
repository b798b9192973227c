"""Conformance of tanh.approx and ex2.approx on .f16/.f16x2/.bf16/.bf16x2 (PTX ISA 9.7.4.9-10)
on the host platform, for every input value.

.approx results may differ from the exact value; cu2amd's are within one unit of the
format's grid spacing of it (faithful rounding), which is tighter than the error bounds the
ISA gives for these instructions. Special values are exact: tanh(+-0) = +-0, tanh(+-inf) =
+-1, ex2(+-0) = 1, ex2(-inf) = +0, ex2(+inf) = +inf, NaN gives the canonical NaN; with
.ftz (ex2 on .bf16), subnormal inputs and results are flushed to zero.
"""

import numpy as np
import pytest
from floats import all_bits, assert_bits, to_f64, ulp_errors
from harness import reference, run
from test_half_arith import is_nan, np_flush


def exact(op: str, x: np.ndarray) -> np.ndarray:
    with np.errstate(over="ignore"):
        return np.tanh(x) if op == "tanh" else np.exp2(x)


def check(spelling: str, x: np.ndarray, out: np.ndarray, t: str) -> None:
    op = spelling.split(".")[0]
    ftz = ".ftz" in spelling
    xin = np_flush(x, t) if ftz else x
    ref = exact(op, to_f64(xin, t))
    nan = is_nan(x, t)
    assert (out[nan] == 0x7FFF).all(), f"{spelling}: NaN inputs must give the canonical NaN"
    err = ulp_errors(out[~nan], ref[~nan], t)
    if ftz:  # a subnormal result may be flushed to zero
        sub = (np.abs(ref[~nan]) < (2.0**-126)) & ((out[~nan] & 0x7FFF) == 0)
        err = np.where(sub, 0.0, err)
    worst = int(np.argmax(err))
    assert err.max() <= 1.0, (
        f"{spelling}: error {err.max():.3g} ulp at input {hex(int(x[~nan][worst]))} "
        f"(got {hex(int(out[~nan][worst]))}, exact {ref[~nan][worst]!r})"
    )


@pytest.mark.parametrize("spelling", ["tanh.approx.f16", "tanh.approx.bf16", "ex2.approx.f16",
                                      "ex2.approx.ftz.bf16"])  # fmt: skip
def test_every_value(spelling: str) -> None:
    t = spelling.split(".")[-1]
    x = all_bits(16)
    out = run(spelling, [t], t, [x])
    check(spelling, x, out, t)


@pytest.mark.parametrize(
    ("spelling", "inputs", "expected"),
    [("tanh.approx.f16", [0x0000, 0x8000, 0x7C00, 0xFC00, 0x0001], [0x0000, 0x8000, 0x3C00,
                                                                     0xBC00, 0x0001]),
     ("tanh.approx.bf16", [0x0000, 0x8000, 0x7F80, 0xFF80], [0x0000, 0x8000, 0x3F80, 0xBF80]),
     ("ex2.approx.f16", [0x0000, 0x8000, 0xFC00, 0x7C00, 0x3C00, 0x4C00],
      [0x3C00, 0x3C00, 0x0000, 0x7C00, 0x4000, 0x7C00]),
     ("ex2.approx.ftz.bf16", [0x0001, 0xFF80, 0x7F80, 0xC300, 0x4000],
      [0x3F80, 0x0000, 0x7F80, 0x0000, 0x4080])],
)  # fmt: skip
def test_special_values(spelling: str, inputs: list[int], expected: list[int]) -> None:
    t = spelling.split(".")[-1]
    x = np.array(inputs, np.uint16)
    assert_bits(spelling, [x], run(spelling, [t], t, [x]), np.array(expected, np.uint16))
    nvidia = reference(spelling, [t], t, [x])  # the ISA's special values hold there too
    if nvidia is not None:
        assert_bits(f"{spelling} on NVIDIA", [x], nvidia, np.array(expected, np.uint16))


@pytest.mark.parametrize("spelling", ["tanh.approx.f16x2", "tanh.approx.bf16x2",
                                      "ex2.approx.f16x2", "ex2.approx.ftz.bf16x2"])  # fmt: skip
def test_x2(spelling: str) -> None:
    t = spelling.split(".")[-1]
    e = t[:-2]
    x = all_bits(16)
    packed = x.astype(np.uint32) | (x[::-1].astype(np.uint32) << 16)
    out = run(spelling, [t], t, [packed])
    check(spelling, x, (out & 0xFFFF).astype(np.uint16), e)
    check(spelling, x[::-1], (out >> 16).astype(np.uint16), e)
