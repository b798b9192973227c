"""Instruction-form tables: one row per syntax form of the PTX ISA, and decoding against them.

A `Form` lists the modifier slots of an instruction in the order the ISA's syntax gives
them (`add{.sat}.s32`: an optional `sat` slot, then `type`) and the operand kinds. A slot
may accept more values than cu2amd lowers: `supported` names the subset it does, so that
`add.rz.f32` is recognised as legal PTX and rejected as unsupported, by name.

Decoding (`decode`) fits an instruction's modifiers to a form and yields `Decoded`: the
form plus the value chosen for each slot. The rows live in `forms_*.py` by ISA chapter;
`ALL_FORMS` collects them.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cu2amd.errors import Location, UnsupportedError, VerificationError
from cu2amd.ptx_lowering.isa.types import PtxType, ptx_type


class Status(enum.Enum):
    SUPPORTED = "supported"
    UNSUPPORTED = "unsupported"


class Op(enum.Enum):
    """Operand kinds, checked by the decoder before any emitter sees the instruction."""

    DST = "d"  # a register (or `_`)
    SRC = "a"  # a register, immediate, special register or symbol
    PRED_DST = "p"  # a predicate register, or `%p|%q`
    PRED_SRC = "c"  # a predicate register, optionally negated
    ADDR = "[a]"  # a memory address
    DATA = "v"  # a register or a `{...}` vector of registers (ld/st data)
    LABEL = "L"  # a branch target


@dataclass(frozen=True, slots=True)
class Slot:
    name: str
    values: tuple[str, ...]
    optional: bool = False
    supported: tuple[str, ...] | None = None  # None: every value is supported

    def admits(self, modifier: str) -> bool:
        return modifier in self.values

    def is_supported(self, value: str) -> bool:
        return self.supported is None or value in self.supported


def slot(name: str, values: str, *, optional: bool = False, supported: str | None = None) -> Slot:
    """`slot("type", "u16 u32 s32")`: values as a space-separated string, without dots."""
    return Slot(
        name,
        tuple(values.split()),
        optional,
        None if supported is None else tuple(supported.split()),
    )


def opt(name: str, values: str, *, supported: str | None = None) -> Slot:
    return slot(name, values, optional=True, supported=supported)


@dataclass(frozen=True, slots=True)
class Form:
    opcode: str
    section: str  # the PTX ISA section that defines it, e.g. "9.7.1.1"
    slots: tuple[Slot, ...]
    operands: tuple[Op, ...]
    status: Status = Status.SUPPORTED
    emitter: str | None = None  # key in the emitter registry (ptx_lowering/emit)
    note: str = ""  # for UNSUPPORTED rows: what is missing
    optional_operands: int = 0  # how many trailing operands may be omitted

    @property
    def syntax(self) -> str:
        """The form in the ISA's notation: `add{.sat}.s32 d, a, a`."""
        ops = ", ".join(o.value for o in self.operands)
        text = self.opcode + "".join(_slot_syntax(s) for s in self.slots)
        return f"{text} {ops}" if ops else text


def _slot_syntax(s: Slot) -> str:
    alternatives = "|".join("." + v for v in s.values)
    if s.optional:
        return "{" + alternatives + "}"
    return alternatives if len(s.values) == 1 else "<" + alternatives + ">"


@dataclass(frozen=True, slots=True)
class Decoded:
    """The form an instruction matched and the value of each of its filled slots."""

    form: Form
    attrs: tuple[tuple[str, str], ...]

    def get(self, name: str, default: str | None = None) -> str | None:
        for key, value in self.attrs:
            if key == name:
                return value
        return default

    def has(self, name: str) -> bool:
        return self.get(name) is not None

    def type(self, name: str = "type") -> PtxType:
        value = self.get(name)
        t = ptx_type(value) if value else None
        assert t is not None, f"form {self.form.opcode} has no type slot '{name}'"
        return t


class FormTable:
    """The forms of every opcode, in table order (earlier rows are tried first)."""

    def __init__(self, forms: Iterable[Form]) -> None:
        self.forms = tuple(forms)
        self.by_opcode: dict[str, tuple[Form, ...]] = {}
        for form in self.forms:
            self.by_opcode[form.opcode] = (*self.by_opcode.get(form.opcode, ()), form)

    def decode(
        self, opcode: str, modifiers: Sequence[str], spelling: str, loc: Location
    ) -> Decoded:
        forms = self.by_opcode.get(opcode)
        if not forms:
            raise UnsupportedError(f"unsupported PTX instruction '{spelling}'", loc)
        best: tuple[int, str] | None = None
        for form in forms:
            matched, problem = _match(form, modifiers)
            if matched is not None:
                return _check_support(form, matched, spelling, loc)
            assert problem is not None
            if best is None or problem[0] > best[0]:
                best = problem
        assert best is not None
        raise VerificationError(f"'{spelling}': {best[1]}", loc)


def _match(
    form: Form, modifiers: Sequence[str]
) -> tuple[tuple[tuple[str, str], ...] | None, tuple[int, str] | None]:
    """Fit modifiers to the form's slots in order. Returns (attrs, None) on success, or
    (None, (how far it got, what went wrong)) so the closest form names the problem."""
    attrs: list[tuple[str, str]] = []
    i = 0
    for s in form.slots:
        if i < len(modifiers) and s.admits(modifiers[i]):
            attrs.append((s.name, modifiers[i]))
            i += 1
        elif not s.optional:
            if i < len(modifiers):
                return None, (
                    i,
                    f"modifier '.{modifiers[i]}' is not valid here (expected {_expect(s)})",
                )
            return None, (i, f"missing {s.name} modifier ({_expect(s)})")
    if i < len(modifiers):
        return None, (i, f"modifier '.{modifiers[i]}' is not valid here")
    return tuple(attrs), None


def _expect(s: Slot) -> str:
    values = ["." + v for v in s.values]
    if len(values) > 8:
        values = [*values[:8], "..."]
    return " ".join(values)


def _check_support(
    form: Form, attrs: tuple[tuple[str, str], ...], spelling: str, loc: Location
) -> Decoded:
    if form.status is Status.UNSUPPORTED:
        detail = f" ({form.note})" if form.note else ""
        raise UnsupportedError(f"unsupported PTX instruction '{spelling}'{detail}", loc)
    slots = {s.name: s for s in form.slots}
    for name, value in attrs:
        if not slots[name].is_supported(value):
            raise UnsupportedError(
                f"unsupported PTX instruction '{spelling}' (modifier '.{value}' is not "
                "supported yet)",
                loc,
            )
    return Decoded(form, attrs)
