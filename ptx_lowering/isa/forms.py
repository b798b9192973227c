"""Instruction-form tables: one row per syntax form of the PTX ISA, and decoding against them.

A `Form` names the words an instruction starts with (`add`, `cp.async.bulk.tensor`), the
modifier slots that follow in the order the ISA's syntax gives them (`add{.sat}.s32`: an
optional `sat` slot, then `type`) and the operand kinds. A slot may accept more values than
cu2amd lowers: `supported` names the subset it does, so that `add.rz.f32` is recognised as
legal PTX and rejected as unsupported, by name. Slots sharing a `group` may come in any
order (ptxas accepts `ld.global.acquire.gpu` as well as the manual's `ld.acquire.gpu.global`),
and a slot value may span several modifiers (`.xorsign.abs`).

Decoding (`FormTable.decode`) finds the longest known opcode at the start of the spelling,
fits the remaining modifiers to that opcode's forms and yields `Decoded`: the form plus the
value chosen for each slot. When no form fits, the closest one (by the type and other
modifiers it shares with the instruction) names the problem, and a modifier that another
form of the opcode accepts is explained by its slot's meaning: `'add.rn.s32': rounding
modifier '.rn' is not allowed for integer add`. A spelling whose opcode is not in the ISA
at all is an `unknown PTX instruction`.

Rows that cu2amd does not lower have status UNSUPPORTED and a `note` naming the feature;
the note is part of the message when the same opcode has lowered forms (it says which
variant is missing: `add.cc.u32 (carry chain)`), and left out otherwise. The rows live in
`forms_*.py` by ISA chapter; `table.py` collects them.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from cu2amd.errors import Location, UnsupportedError, VerificationError
from cu2amd.ptx_lowering.isa.types import TYPES, PtxType, ptx_type


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
    DATA = "v"  # a register, immediate or `{...}` vector (ld/st data, matrix fragments)
    LABEL = "L"  # a branch target, function or label list
    DST_PRED = "d|p"  # a register, optionally with a predicate: `%r1|%p1`
    DATA_PRED = "v|p"  # a `{...}` vector, optionally with a predicate: `{%f1, %f2}|%p1`
    ADDR_LIST = "[a, b]"  # a texture, surface or tensor-map address: `[tex, {%f1, %f2}]`
    ARGS = "(...)"  # a call's parameter or return list


@dataclass(frozen=True, slots=True)
class Maybe:
    """An optional operand, `{, b}` in the ISA's syntax. With `when`, it is present exactly
    when that slot is filled (`{, cache-policy}` goes with `.L2::cache_hint`); without, it
    may be left out (the last of several optional operands is left out first)."""

    kind: Op
    when: str | None = None


def maybe(kind: Op, when: str | None = None) -> Maybe:
    return Maybe(kind, when)


Operand = Op | Maybe

# PTX ISA 5.2 type names that cu2amd's type table does not model (sub-byte integers,
# alternate float formats of 5.2.3, packed formats of cvt): valid in type slots.
ISA_ONLY_TYPES = frozenset(
    {
        *("b1", "f32x2", "e2m1", "e2m3", "e3m2", "ue4m3", "ue8m0"),
        *("ue8m0x2", "e2m1x4", "e2m3x4", "e3m2x4", "e4m3x4"),
        *("e5m2x4", "b8x16", "b6x16_p32", "b4x16_p64"),
    }
)
TYPE_NAMES = frozenset(TYPES) | ISA_ONLY_TYPES

# What each slot means, for diagnostics: "rounding modifier '.rn' is not allowed ...".
# tests/test_forms.py checks that every slot name of the table is described here.
SLOT_TEXT: dict[str, str] = {
    # types
    "type": "type modifier", "dtype": "destination type", "atype": "source type",
    "btype": "source type", "ctype": "type modifier", "stype": "scale type",
    # arithmetic
    "rnd": "rounding modifier", "irnd": "integer rounding modifier",
    "ftz": "flush-to-zero modifier", "noftz": "no-flush-to-zero modifier",
    "sat": "saturation modifier", "satfinite": "saturation modifier", "relu": "ReLU modifier",
    "nan": "NaN modifier", "xorsign": "sign modifier", "abs": "absolute-value modifier",
    "approx": "precision modifier", "oob": "out-of-bounds modifier",
    "acc": "accumulator precision", "mode": "mode modifier", "cc": "carry-out modifier",
    "shiftamt": "shift-amount modifier", "dir": "direction modifier", "scale": "scale modifier",
    "clamp": "clamp mode", "cmp": "comparison operator", "bool": "boolean operator",
    "op": "operation", "op2": "secondary operation", "popc": "population-count modifier",
    "test": "test",
    # memory
    "sem": "memory ordering", "scope": "scope modifier", "space": "state space",
    "dst": "destination state space", "src": "source state space", "to": "direction modifier",
    "mmio": "MMIO modifier", "cop": "cache operator", "evict1": "L1 eviction priority",
    "evict2": "L2 eviction priority", "hint": "cache hint", "prefetch": "prefetch size",
    "vec": "vector size", "nc": "non-coherent modifier", "level": "cache level",
    "priority": "eviction priority", "priority2": "secondary eviction priority",
    "policy": "policy kind", "tensormap": "tensormap modifier", "cp": "copy modifier",
    "completion": "completion mechanism", "read": "read modifier", "noinc": "no-increment modifier",
    "load_mode": "load mode", "dim": "dimension", "multicast": "multicast modifier",
    "mask": "mask modifier", "size": "size modifier", "field": "field", "async": "async modifier",
    # synchronization and control
    "uni": "uniformity modifier", "sync": "synchronization modifier",
    "aligned": "alignment modifier", "cta": "scope modifier", "red": "reduction modifier",
    "proxy": "proxy modifier", "proxykind": "proxy kind", "restrict": "restriction",
    "action": "action", "vote": "vote mode", "expect_tx": "expect-tx modifier",
    "complete": "completion modifier", "parity": "parity modifier", "query": "query",
    # texture, surface
    "geom": "geometry", "comp": "component", "lod": "level-of-detail modifier",
    "mipmap": "mipmap modifier", "fmt": "format modifier", "kind": "kind",
    # matrix instructions
    "matrix": "matrix", "layout": "layout", "alayout": "layout of A", "blayout": "layout of B",
    "shape": "shape", "num": "matrix count", "trans": "transpose modifier",
    "block_scale": "block-scaling modifier", "scale_vec": "scale vector size",
    "sp": "sparsity modifier", "cta_group": "CTA group", "collector": "collector usage",
    "ashift": "A-shift modifier", "pack": "packing modifier", "unpack": "unpacking modifier",
}  # fmt: skip

# ISA chapters whose name qualifies an instruction in messages ("for integer add").
CHAPTER_TEXT: dict[str, str] = {
    "9.7.1": "integer",
    "9.7.2": "extended-precision",
    "9.7.3": "floating-point",
    "9.7.4": "half-precision",
    "9.7.5": "mixed-precision",
    "9.7.7": "half-precision",
}


@dataclass(frozen=True, slots=True)
class Slot:
    name: str
    values: tuple[str, ...]  # without dots; a value may span modifiers: "xorsign.abs"
    optional: bool = False
    supported: tuple[str, ...] | None = None  # None: every value is supported
    group: str | None = None  # adjacent slots of one group may come in any order
    # first word -> the values starting with it, as word tuples, longest first
    _by_first: dict[str, tuple[tuple[str, ...], ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        index: dict[str, list[tuple[str, ...]]] = {}
        for words in sorted((tuple(v.split(".")) for v in self.values), key=len, reverse=True):
            index.setdefault(words[0], []).append(words)
        object.__setattr__(self, "_by_first", {k: tuple(v) for k, v in index.items()})

    def mentions(self, modifier: str) -> bool:
        """True if the modifier is a value, or one word of a several-word value."""
        return any(modifier in v.split(".") for v in self.values)

    def take(self, modifiers: Sequence[str], i: int) -> str | None:
        """The value that the modifiers from index i spell, longest first; None if none."""
        for words in self._by_first.get(modifiers[i], ()):
            if len(words) == 1 or tuple(modifiers[i : i + len(words)]) == words:
                return ".".join(words)
        return None

    def is_supported(self, value: str) -> bool:
        return self.supported is None or value in self.supported


def slot(
    name: str,
    values: str,
    *,
    optional: bool = False,
    supported: str | None = None,
    group: str | None = None,
) -> Slot:
    """`slot("type", "u16 u32 s32")`: values as a space-separated string, without dots."""
    return Slot(
        name,
        tuple(values.split()),
        optional,
        None if supported is None else tuple(supported.split()),
        group,
    )


def opt(name: str, values: str, *, supported: str | None = None, group: str | None = None) -> Slot:
    return slot(name, values, optional=True, supported=supported, group=group)


@dataclass(frozen=True, slots=True)
class Form:
    opcode: str  # the words every spelling of the form starts with: "cp.async.bulk"
    section: str  # the PTX ISA section that defines it, e.g. "9.7.1.1"
    slots: tuple[Slot, ...]
    operands: tuple[Operand, ...]
    status: Status = Status.SUPPORTED
    emitter: str | None = None  # key in the emitter registry (ptx_lowering/emit)
    note: str = ""  # UNSUPPORTED rows: the feature that is missing; others: a qualification

    @property
    def syntax(self) -> str:
        """The form in the ISA's notation: `add{.sat}.s32 d, a, a`."""
        text = self.opcode + "".join(_slot_syntax(s) for s in self.slots)
        ops = [o.value if isinstance(o, Op) else "{" + o.kind.value + "}" for o in self.operands]
        return f"{text} {', '.join(ops)}" if ops else text

    @property
    def title(self) -> str:
        """How messages name the form: `integer add`, `ld.volatile`."""
        fixed = ""
        for s in self.slots:
            if s.optional or len(s.values) != 1 or s.name in _TYPE_SLOTS:
                break
            fixed += "." + s.values[0]
        chapter = CHAPTER_TEXT.get(".".join(self.section.split(".")[:3]))
        return f"{chapter} {self.opcode}{fixed}" if chapter else self.opcode + fixed


_TYPE_SLOTS = frozenset({"type", "dtype", "atype", "btype", "ctype", "stype"})


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


_CACHE_LIMIT = 1 << 16
Attrs = tuple[tuple[str, str], ...]
Problem = tuple[int, str]  # how many modifiers fitted, what went wrong


class FormTable:
    """The forms of every opcode, in table order (earlier rows are tried first)."""

    def __init__(self, forms: Iterable[Form]) -> None:
        self.forms = tuple(forms)
        self.by_opcode: dict[str, tuple[Form, ...]] = {}
        for form in self.forms:
            self.by_opcode[form.opcode] = (*self.by_opcode.get(form.opcode, ()), form)
        self._lowered_first_words = {
            f.opcode.split(".")[0] for f in self.forms if f.status is Status.SUPPORTED
        }
        # spelling -> the forms its modifiers match: real PTX repeats few spellings
        self._matches: dict[tuple[str, ...], tuple[Decoded, ...]] = {}

    def candidates(self, words: Sequence[str]) -> list[tuple[int, tuple[Form, ...]]]:
        """(how many words the opcode has, its forms) for each opcode the words start
        with, longest first."""
        found = []
        for k in range(len(words), 0, -1):
            forms = self.by_opcode.get(".".join(words[:k]))
            if forms:
                found.append((k, forms))
        return found

    def find(
        self,
        opcode: str,
        modifiers: Sequence[str],
        fits: Callable[[Decoded], bool] | None = None,
    ) -> Decoded | None:
        """The form the instruction is, lowered or not; None if no form fits. Among forms
        whose modifiers match, the first one whose operands `fits` accepts is chosen (else
        the first, for the caller to report the operands)."""
        words = (opcode, *modifiers)
        matched = self._matches.get(words)
        if matched is None:
            if len(self._matches) >= _CACHE_LIMIT:  # fuzzed input: many one-off spellings
                self._matches.clear()
            matched = self._matches[words] = self._match_words(words)
        if not matched:
            return None
        return next((d for d in matched if fits is None or fits(d)), matched[0])

    def _match_words(self, words: tuple[str, ...]) -> tuple[Decoded, ...]:
        """The forms of the longest opcode with any whose modifiers match."""
        for k, forms in self.candidates(words):
            matched = []
            for form in forms:
                attrs, _ = _match(form, words[k:])
                if attrs is not None:
                    matched.append(Decoded(form, attrs))
            if matched:
                return tuple(matched)
        return ()

    def decode(
        self,
        opcode: str,
        modifiers: Sequence[str],
        spelling: str,
        loc: Location,
        fits: Callable[[Decoded], bool] | None = None,
    ) -> Decoded:
        """`find`, then: an instruction not in the ISA, modifiers no form accepts, or a form
        or modifier cu2amd does not lower is an error naming it."""
        decoded = self.find(opcode, modifiers, fits)
        if decoded is not None:
            return self.check_support(decoded, spelling, loc)
        words = (opcode, *modifiers)
        candidates = self.candidates(words)
        if not candidates:
            raise VerificationError(f"unknown PTX instruction '{spelling}'", loc)
        k, forms = candidates[0]
        raise VerificationError(f"'{spelling}': {_diagnose(forms, words[k:])}", loc)

    def check_support(self, decoded: Decoded, spelling: str, loc: Location) -> Decoded:
        """The decoded instruction, if cu2amd lowers its form and modifiers; else an error
        naming what is missing."""
        form = decoded.form
        if form.status is Status.UNSUPPORTED:
            partly = form.opcode.split(".")[0] in self._lowered_first_words
            detail = f" ({form.note})" if partly and form.note else ""
            raise UnsupportedError(f"unsupported PTX instruction '{spelling}'{detail}", loc)
        slots = {s.name: s for s in form.slots}
        for name, value in decoded.attrs:
            if not slots[name].is_supported(value):
                raise UnsupportedError(
                    f"unsupported PTX instruction '{spelling}' (modifier '.{value}' is not "
                    "supported yet)",
                    loc,
                )
        return decoded


def _match(form: Form, modifiers: Sequence[str]) -> tuple[Attrs | None, Problem]:
    """Fit modifiers to the form's slots. Returns (attrs, _) on success, or (None, problem)
    so that the closest form can name what went wrong."""
    found: dict[str, str] = {}
    i = 0
    slots = form.slots
    k = 0
    while k < len(slots):
        end = k + 1
        while slots[k].group and end < len(slots) and slots[end].group == slots[k].group:
            end += 1
        group = slots[k:end]
        while i < len(modifiers):  # fill the group's slots, in whatever order they come
            for s in group:
                value = None if s.name in found else s.take(modifiers, i)
                if value is not None:
                    found[s.name] = value
                    i += value.count(".") + 1
                    break
            else:
                break
            if len(group) == 1:
                break
        for s in group:
            if s.name not in found and not s.optional:
                # in a group, the next modifier may belong to a later slot: then it is
                # this one that is missing
                later = i < len(modifiers) and any(t.mentions(modifiers[i]) for t in slots)
                if i < len(modifiers) and (len(group) == 1 or not later):
                    what = f"modifier '.{modifiers[i]}' is not valid here (expected {_expect(s)})"
                    return None, (i, what)
                return None, (i, f"missing {_describe(s.name)} ({_expect(s)})")
        k = end
    if i < len(modifiers):
        return None, (i, f"modifier '.{modifiers[i]}' is not valid here")
    return tuple((s.name, found[s.name]) for s in slots if s.name in found), (i, "")


def _describe(slot_name: str) -> str:
    return SLOT_TEXT.get(slot_name, f"{slot_name} modifier")


def _expect(s: Slot) -> str:
    values = ["." + v for v in s.values]
    if len(values) > 8:
        values = [*values[:8], "..."]
    return " ".join(values)


def _mentions(form: Form, modifier: str) -> bool:
    return any(s.mentions(modifier) for s in form.slots)


def _diagnose(forms: Sequence[Form], modifiers: Sequence[str]) -> str:
    """Why no form fits: judged against the form closest to what was written (the one
    sharing most type modifiers, then most other modifiers, then the longest fit)."""

    def closeness(form: Form) -> tuple[int, int, int]:
        shared = [m for m in modifiers if _mentions(form, m)]
        typed = sum(m in TYPE_NAMES for m in shared)
        return typed, len(shared), _match(form, modifiers)[1][0]

    best = max(forms, key=closeness)  # the first of equals: table order decides
    for m in modifiers:
        if _mentions(best, m):
            continue
        owner = next((s for f in forms for s in f.slots if s.mentions(m)), None)
        if owner is None:
            break  # not a modifier of this opcode at all: say where it went wrong
        what = f"{_describe(owner.name)} '.{m}' is not allowed"
        # If a form of the same section takes this modifier with all the others but the
        # types, the types are what rule it out ("'.sat' is not allowed with .u32").
        others = [o for o in modifiers if o != m and o not in TYPE_NAMES]
        types = [t for t in modifiers if t in TYPE_NAMES]
        if types and any(
            f.section == best.section and all(_mentions(f, o) for o in (m, *others)) for f in forms
        ):
            return f"{what} with {' '.join('.' + t for t in types)}"
        return f"{what} for {best.title}"
    return _match(best, modifiers)[1][1]
