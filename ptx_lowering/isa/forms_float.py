"""Forms of PTX ISA 9.7.3 (floating-point instructions, .f32 and .f64)."""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Slot, Status, opt, slot

D, A, P = Op.DST, Op.SRC, Op.PRED_DST
U = Status.UNSUPPORTED
RND = "rn rz rm rp"
FTZ = opt("ftz", "ftz")
SAT = opt("sat", "sat")
F32, F64, F32X2 = slot("type", "f32"), slot("type", "f64"), slot("type", "f32x2")
APPROX = slot("approx", "approx")
NAN, XORSIGN = opt("nan", "NaN"), opt("xorsign", "xorsign.abs")


def _rnd(required: bool) -> Slot:
    return slot("rnd", RND, optional=not required)


def _arith(
    opcode: str, section: str, ops: tuple[Op, ...], emitter: str, *, rnd_required: bool = False
) -> tuple[Form, Form, Form]:
    """`op{.rnd}{.ftz}{.sat}.f32`, `op{.rnd}.f64` and `op{.rnd}{.ftz}.f32x2`, the three rows
    add, sub, mul and fma have."""
    rnd = _rnd(rnd_required)
    return (
        Form(opcode, section, (rnd, FTZ, SAT, F32), ops, emitter=emitter),
        Form(opcode, section, (rnd, F64), ops, emitter=emitter),
        # .f32x2 operands are .b64 pairs (emit/f32x2.py)
        Form(opcode, section, (rnd, FTZ, F32X2), ops, emitter=f"f32x2.{opcode}"),
    )


def _rounded(opcode: str, section: str, ops: tuple[Op, ...], emitter: str) -> tuple[Form, ...]:
    """`op.approx{.ftz}.f32`, `op.rnd{.ftz}.f32` and `op.rnd.f64` (div also has `.full`)."""
    rnd = slot("rnd", RND)
    return (
        Form(opcode, section, (APPROX, FTZ, F32), ops, emitter=emitter),
        Form(opcode, section, (rnd, FTZ, F32), ops, emitter=emitter),
        Form(opcode, section, (rnd, F64), ops, emitter=emitter),
    )


def _approx(opcode: str, section: str) -> Form:
    """`op.approx{.ftz}.f32 d, a`: the transcendental approximations."""
    return Form(opcode, section, (APPROX, FTZ, F32), (D, A), emitter=f"fmath.{opcode}")


def _min_max(opcode: str, section: str) -> tuple[Form, ...]:
    emitter = f"float.{opcode}"
    return (
        Form(opcode, section, (FTZ, NAN, XORSIGN, F32), (D, A, A), emitter=emitter),
        Form(opcode, section, (FTZ, NAN, opt("abs", "abs"), F32), (D, A, A, A), emitter=emitter),
        Form(opcode, section, (F64,), (D, A, A), emitter=emitter),
    )


# fmt: off
FORMS = (
    # 9.7.3.1 testp / 9.7.3.2 copysign
    Form("testp", "9.7.3.1", (slot("test", "finite infinite number notanumber normal subnormal"),
                              slot("type", "f32 f64")), (P, A), emitter="float.testp"),
    Form("copysign", "9.7.3.2", (slot("type", "f32 f64"),), (D, A, A), emitter="float.copysign"),
    # 9.7.3.3 add / 9.7.3.4 sub / 9.7.3.5 mul
    *_arith("add", "9.7.3.3", (D, A, A), "float.add"),
    *_arith("sub", "9.7.3.4", (D, A, A), "float.sub"),
    *_arith("mul", "9.7.3.5", (D, A, A), "float.mul"),
    # 9.7.3.6 fma / 9.7.3.7 mad: the rounding modifier is required; mad.rnd is fma
    *_arith("fma", "9.7.3.6", (D, A, A, A), "float.fma", rnd_required=True),
    Form("mad", "9.7.3.7", (_rnd(True), FTZ, SAT, F32), (D, A, A, A), emitter="float.fma"),
    Form("mad", "9.7.3.7", (_rnd(True), F64), (D, A, A, A), emitter="float.fma"),
    # sm_1x only (truncating product); ptxas rejects it for sm_20 and later
    Form("mad", "9.7.3.7", (FTZ, SAT, F32), (D, A, A, A), U,
         note="mad.f32 without rounding (sm_1x)"),
    # 9.7.3.8 div
    *_rounded("div", "9.7.3.8", (D, A, A), "fmath.div"),
    Form("div", "9.7.3.8", (slot("approx", "full"), FTZ, F32), (D, A, A), emitter="fmath.div"),
    # 9.7.3.9 abs / 9.7.3.10 neg
    Form("abs", "9.7.3.9", (FTZ, F32), (D, A), emitter="float.abs"),
    Form("abs", "9.7.3.9", (F64,), (D, A), emitter="float.abs"),
    Form("neg", "9.7.3.10", (FTZ, F32), (D, A), emitter="float.neg"),
    Form("neg", "9.7.3.10", (F64,), (D, A), emitter="float.neg"),
    # 9.7.3.11 min / 9.7.3.12 max
    *_min_max("min", "9.7.3.11"),
    *_min_max("max", "9.7.3.12"),
    # 9.7.3.13 rcp / 9.7.3.14 rcp.approx.ftz.f64
    *_rounded("rcp", "9.7.3.13", (D, A), "fmath.rcp"),
    Form("rcp", "9.7.3.14", (APPROX, slot("ftz", "ftz"), F64), (D, A), emitter="fmath.rcp"),
    # 9.7.3.15 sqrt / 9.7.3.16 rsqrt / 9.7.3.17 rsqrt.approx.ftz.f64
    *_rounded("sqrt", "9.7.3.15", (D, A), "fmath.sqrt"),
    _approx("rsqrt", "9.7.3.16"),
    Form("rsqrt", "9.7.3.16", (APPROX, F64), (D, A), emitter="fmath.rsqrt"),
    Form("rsqrt", "9.7.3.17", (APPROX, slot("ftz", "ftz"), F64), (D, A), emitter="fmath.rsqrt"),
    # 9.7.3.18 sin / 9.7.3.19 cos / 9.7.3.20 lg2 / 9.7.3.21 ex2 / 9.7.3.22 tanh
    _approx("sin", "9.7.3.18"),
    _approx("cos", "9.7.3.19"),
    _approx("lg2", "9.7.3.20"),
    _approx("ex2", "9.7.3.21"),
    Form("tanh", "9.7.3.22", (APPROX, F32), (D, A), emitter="fmath.tanh"),
)
# fmt: on
