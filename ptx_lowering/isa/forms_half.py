"""Forms of PTX ISA 9.7.4 (half-precision floating point: .f16, .f16x2, .bf16, .bf16x2)
and 9.7.5 (mixed precision: .f32 results from .f16/.bf16 inputs).

The manual lists the .f16 and .f16x2 (and .bf16 and .bf16x2) variants on lines of their
own that differ only in the type; each pair is one row here.
"""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Status, opt, slot

D, A = Op.DST, Op.SRC
U = Status.UNSUPPORTED
F16, BF16 = slot("type", "f16 f16x2"), slot("type", "bf16 bf16x2")
HALF = slot("type", "f16 f16x2 bf16 bf16x2")
FTZ, SAT, RELU, NAN = opt("ftz", "ftz"), opt("sat", "sat"), opt("relu", "relu"), opt("nan", "NaN")
XORSIGN = opt("xorsign", "xorsign.abs")


def _arith(opcode: str, section: str) -> tuple[Form, Form]:
    """`op{.rnd}{.ftz}{.sat}.f16` and `op{.rnd}.bf16`: add, sub, mul (.rnd is .rn only)."""
    rnd = opt("rnd", "rn")
    return (
        Form(opcode, section, (rnd, FTZ, SAT, F16), (D, A, A), emitter=f"half.{opcode}"),
        Form(opcode, section, (rnd, BF16), (D, A, A), emitter=f"half.{opcode}"),
    )


def _sign(opcode: str, section: str) -> tuple[Form, Form]:
    return (
        Form(opcode, section, (FTZ, F16), (D, A), emitter=f"half.{opcode}"),
        Form(opcode, section, (BF16,), (D, A), emitter=f"half.{opcode}"),
    )


def _min_max(opcode: str, section: str) -> tuple[Form, Form]:
    return (
        Form(opcode, section, (FTZ, NAN, XORSIGN, F16), (D, A, A), emitter=f"half.{opcode}"),
        Form(opcode, section, (NAN, XORSIGN, BF16), (D, A, A), emitter=f"half.{opcode}"),
    )


def _mixed(opcode: str, section: str, rnd_required: bool, ops: tuple[Op, ...]) -> Form:
    rnd = slot("rnd", "rn rz rm rp", optional=not rnd_required)
    return Form(opcode, section, (rnd, SAT, slot("type", "f32"), slot("atype", "f16 bf16")),
                ops, emitter=f"half.mixed_{opcode}")  # fmt: skip


RN = slot("rnd", "rn")

# fmt: off
FORMS = (
    # 9.7.4.1 add / 9.7.4.2 sub / 9.7.4.3 mul
    *_arith("add", "9.7.4.1"),
    *_arith("sub", "9.7.4.2"),
    *_arith("mul", "9.7.4.3"),
    # 9.7.4.4 fma
    Form("fma", "9.7.4.4", (RN, FTZ, SAT, F16), (D, A, A, A), emitter="half.fma"),
    Form("fma", "9.7.4.4", (RN, FTZ, slot("relu", "relu"), F16), (D, A, A, A),
         emitter="half.fma"),
    Form("fma", "9.7.4.4", (RN, RELU, BF16), (D, A, A, A), emitter="half.fma"),
    Form("fma", "9.7.4.4", (RN, slot("oob", "oob"), RELU, HALF), (D, A, A, A), U,
         note="out-of-bounds NaN handling (.oob)"),
    # 9.7.4.5 neg / 9.7.4.6 abs
    *_sign("neg", "9.7.4.5"),
    *_sign("abs", "9.7.4.6"),
    # 9.7.4.7 min / 9.7.4.8 max
    *_min_max("min", "9.7.4.7"),
    *_min_max("max", "9.7.4.8"),
    # 9.7.4.9 tanh / 9.7.4.10 ex2
    Form("tanh", "9.7.4.9", (slot("approx", "approx"), HALF), (D, A), emitter="half.tanh"),
    Form("ex2", "9.7.4.10", (slot("approx", "approx"), F16), (D, A), emitter="half.ex2"),
    Form("ex2", "9.7.4.10", (slot("approx", "approx"), slot("ftz", "ftz"), BF16), (D, A),
         emitter="half.ex2"),
    # 9.7.5.1 add / 9.7.5.2 sub / 9.7.5.3 fma: d = a op c in .f32, a of type .atype
    _mixed("add", "9.7.5.1", False, (D, A, A)),
    _mixed("sub", "9.7.5.2", False, (D, A, A)),
    _mixed("fma", "9.7.5.3", True, (D, A, A, A)),
)
# fmt: on
