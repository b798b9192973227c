"""Conformance of the video instructions (PTX ISA 9.7.18) on the host platform, against
video_model.py (the ISA's pseudo-code), and their compilation for AMD GPUs.

Every operand is 32 bits, so the inputs are the 32-bit edge values of both signs, values
built from edge bytes (0, 1, 0x7f, 0x80, 0xff ... in every byte, so that every byte and
half-word selector sees its edges), shift amounts 0..40, and 10,000 random values: every
pair of the first 64, then the rest zipped (values.pairs), with c drawn the same way.
Each opcode runs as one kernel of many forms (types, .sat, secondary operations, merges,
selectors, masks), one output per form.
"""

from __future__ import annotations

import itertools
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from functools import partial
from pathlib import Path

import harness
import numpy as np
import pytest
import video_model as model
from values import int_edges, int_values, pairs

from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

TYPES = ("u32", "s32")
SELECTORS = (None, "b0", "b1", "b2", "b3", "h0", "h1")


def _operands(seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    edge_bytes = [0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, 0xFE, 0xFF]
    edges = sorted({v & 0xFFFFFFFF for s in (False, True) for v in int_edges(32, s)})
    built = [sum(int(rng.choice(edge_bytes)) << (8 * k) for k in range(4)) for _ in range(2000)]
    head = np.array([*edges, *range(0, 41, 3), 0xFFFF0020, 0x00200000], dtype=np.uint32)
    rest = np.concatenate([np.array(built, dtype=np.uint32), int_values(32, False, seed)])
    return [np.concatenate([head, rest]), np.concatenate([head[::-1], rng.permutation(rest)])]


def inputs(seed: int) -> list[np.ndarray]:
    first, second = _operands(seed)
    a, b = pairs(first, second, seed)
    c = np.resize(np.concatenate([second, first]), len(a))
    return [a, b, c]


def _sel(sel: str | None) -> str:
    return "" if sel is None else "." + sel


Forms = list[tuple[str, Callable[[], np.ndarray]]]  # instruction, its model's outputs
SOURCES = ["b32", "b32", "b32"]


def _kernel(forms: Forms) -> tuple[str, list[str]]:
    """One kernel running the forms (instructions writing %d, reading %a0 %a1 %a2)."""
    instructions = [text.replace("%d", f"%d{k}", 1) for k, (text, _) in enumerate(forms)]
    outputs = [(f"out{k}", f"%d{k}", "b32") for k in range(len(forms))]
    return harness._kernel(instructions, SOURCES, outputs), instructions


def _check(forms: Forms, args: list[np.ndarray]) -> None:
    """Run the forms as one kernel; compare each output with its model."""
    kernel, instructions = _kernel(forms)
    sources = SOURCES
    results = harness._launch(
        kernel, f"<conformance: {instructions[0]} ...>", instructions, sources,
        ["b32"] * len(forms), args,
    )  # fmt: skip
    a, b, c = args
    for (text, model_outputs), got in zip(forms, results, strict=True):
        expected = model_outputs()
        bad = np.flatnonzero(got != expected)
        if len(bad):
            i = bad[0]
            pytest.fail(
                f"{text}: a={a[i]:#010x} b={b[i]:#010x} c={c[i]:#010x}: "
                f"got {got[i]:#010x}, the ISA says {expected[i]:#010x} ({len(bad)} differ)"
            )


SCALAR_OPS = ("vadd", "vsub", "vabsdiff", "vmin", "vmax")


def _scalar_forms(op: str, args: list[np.ndarray]) -> Forms:
    a, b, c = args
    forms = []
    cycle = itertools.cycle(itertools.product(SELECTORS, SELECTORS[::-1]))
    for (d, at, bt), sat in itertools.product(itertools.product(TYPES, repeat=3), (False, True)):
        asel, bsel = next(cycle)
        text = f"{op}.{d}.{at}.{bt}{'.sat' if sat else ''} %d, %a0{_sel(asel)}, %a1{_sel(bsel)};"
        kw = dict(dtype=d, atype=at, btype=bt, sat=sat, asel=asel, bsel=bsel)
        forms.append((text, partial(model.scalar, op, a, b, None, **kw)))
    for (op2, d), sat in itertools.product(itertools.product(("add", "min", "max"), TYPES),
                                           (False, True)):  # fmt: skip
        asel, bsel = next(cycle)
        at, bt = ("s32", "u32") if sat else ("u32", "s32")
        text = (f"{op}.{d}.{at}.{bt}{'.sat' if sat else ''}.{op2} %d, %a0{_sel(asel)}, "
                f"%a1{_sel(bsel)}, %a2;")  # fmt: skip
        kw = dict(dtype=d, atype=at, btype=bt, sat=sat, op2=op2, asel=asel, bsel=bsel)
        forms.append((text, partial(model.scalar, op, a, b, c, **kw)))
    for dsel, (d, sat) in itertools.product(SELECTORS[1:], itertools.product(TYPES, (False, True))):
        asel, bsel = next(cycle)
        text = (f"{op}.{d}.s32.u32{'.sat' if sat else ''} %d.{dsel}, %a0{_sel(asel)}, "
                f"%a1{_sel(bsel)}, %a2;")  # fmt: skip
        kw = dict(dtype=d, atype="s32", btype="u32", sat=sat, dsel=dsel, asel=asel, bsel=bsel)
        forms.append((text, partial(model.scalar, op, a, b, c, **kw)))
    # four operands without a destination selector: optMerge's default, the result itself
    kw = dict(dtype="s32", atype="s32", btype="s32", sat=True)
    forms.append((f"{op}.s32.s32.s32.sat %d, %a0, %a1, %a2;",
                  partial(model.scalar, op, a, b, c, **kw)))  # fmt: skip
    return forms


def _shift_forms(op: str, args: list[np.ndarray]) -> Forms:
    a, b, c = args
    forms = []
    cycle = itertools.cycle(itertools.product(SELECTORS, (None, "b0", "h1", None, "b2")))
    for (d, at), mode, sat in itertools.product(
        itertools.product(TYPES, repeat=2), ("clamp", "wrap"), (False, True)
    ):
        asel, bsel = next(cycle)
        text = (f"{op}.{d}.{at}.u32{'.sat' if sat else ''}.{mode} %d, %a0{_sel(asel)}, "
                f"%a1{_sel(bsel)};")  # fmt: skip
        kw = dict(dtype=d, atype=at, sat=sat, mode=mode, asel=asel, bsel=bsel)
        forms.append((text, partial(model.scalar, op, a, b, None, **kw)))
    for op2, d in itertools.product(("add", "min", "max"), TYPES):
        text = f"{op}.{d}.s32.u32.sat.clamp.{op2} %d, %a0, %a1.b0, %a2;"
        kw = dict(dtype=d, atype="s32", sat=True, mode="clamp", op2=op2, bsel="b0")
        forms.append((text, partial(model.scalar, op, a, b, c, **kw)))
    for dsel in SELECTORS[1:]:
        text = f"{op}.s32.u32.u32.sat.wrap %d.{dsel}, %a0.h0, %a1, %a2;"
        kw = dict(dtype="s32", atype="u32", sat=True, mode="wrap", dsel=dsel, asel="h0")
        forms.append((text, partial(model.scalar, op, a, b, c, **kw)))
    return forms


def _vset_forms(args: list[np.ndarray]) -> Forms:
    a, b, c = args
    forms = []
    cycle = itertools.cycle(itertools.product(SELECTORS, SELECTORS[::-1]))
    for (at, bt), cmp in itertools.product(itertools.product(TYPES, repeat=2), model.CMP):
        asel, bsel = next(cycle)
        text = f"vset.{at}.{bt}.{cmp} %d, %a0{_sel(asel)}, %a1{_sel(bsel)};"
        kw = dict(atype=at, btype=bt, cmp=cmp, asel=asel, bsel=bsel)
        forms.append((text, partial(model.scalar, "vset", a, b, None, **kw)))
    for op2 in ("add", "min", "max"):
        text = f"vset.s32.u32.ge.{op2} %d, %a0.h1, %a1, %a2;"
        kw = dict(atype="s32", btype="u32", cmp="ge", op2=op2, asel="h1")
        forms.append((text, partial(model.scalar, "vset", a, b, c, **kw)))
    for dsel in SELECTORS[1:]:
        text = f"vset.s32.s32.lt %d.{dsel}, %a0, %a1.b3, %a2;"
        kw = dict(atype="s32", btype="s32", cmp="lt", dsel=dsel, bsel="b3")
        forms.append((text, partial(model.scalar, "vset", a, b, c, **kw)))
    return forms


def _vmad_forms(args: list[np.ndarray]) -> Forms:
    a, b, c = args
    forms = []
    cycle = itertools.cycle(itertools.product(SELECTORS, SELECTORS[::-1]))
    for (d, at, bt), sat, scale in itertools.product(
        itertools.product(TYPES, repeat=3), (False, True), (None, "shr7", "shr15")
    ):
        asel, bsel = next(cycle)
        for po in (False, True):
            mods = f"{'.po' if po else ''}{'.sat' if sat else ''}{_sel(scale)}"
            text = f"vmad.{d}.{at}.{bt}{mods} %d, %a0{_sel(asel)}, %a1{_sel(bsel)}, %a2;"
            kw = dict(atype=at, btype=bt, asel=asel, bsel=bsel, po=po, sat=sat, scale=scale)
            forms.append((text, partial(model.vmad, a, b, c, **kw)))
    return forms


def _vmad_negated_forms(args: list[np.ndarray]) -> Forms:
    """-a, -b, -c, and -a with -b (a positive product), for every type and modifier."""
    a, b, c = args
    forms = []
    cycle = itertools.cycle(itertools.product(SELECTORS, SELECTORS[::-1]))
    choices = itertools.cycle(itertools.product(("a", "b", "c", "ab"), (None, "shr7", "shr15")))
    for (d, at, bt), sat, _ in itertools.product(
        itertools.product(TYPES, repeat=3), (False, True), range(3)
    ):
        (asel, bsel), (negate, scale) = next(cycle), next(choices)
        ops = [f"{'-' if x in negate else ''}{r}" for x, r in
               (("a", f"%a0{_sel(asel)}"), ("b", f"%a1{_sel(bsel)}"), ("c", "%a2"))]  # fmt: skip
        text = f"vmad.{d}.{at}.{bt}{'.sat' if sat else ''}{_sel(scale)} %d, {', '.join(ops)};"
        kw = dict(atype=at, btype=bt, asel=asel, bsel=bsel, sat=sat, scale=scale, negate=negate)
        forms.append((text, partial(model.vmad, a, b, c, **kw)))
    return forms


SIMD_OPS = ("add", "sub", "avrg", "absdiff", "min", "max", "set")


def _lane_selectors(lanes: int, rng: np.random.Generator) -> tuple[str, str]:
    letter, top = ("h", 4) if lanes == 2 else ("b", 8)
    picks = rng.integers(0, top, (2, lanes))
    return tuple(letter + "".join(str(x) for x in row) for row in picks)  # type: ignore[return-value]


def _masks(lanes: int) -> list[str]:
    if lanes == 2:
        return ["h0", "h1", "h10"]
    subsets = itertools.chain.from_iterable(
        itertools.combinations((3, 2, 1, 0), n) for n in range(1, 5)
    )
    return ["b" + "".join(str(x) for x in s) for s in subsets]


def _simd_forms(op: str, lanes: int, args: list[np.ndarray]) -> Forms:
    a, b, c = args
    rng = np.random.default_rng(lanes)
    name = f"v{op}{lanes}"
    forms = []
    mask_cycle = itertools.cycle([None, *_masks(lanes)])
    if op == "set":
        variants = [(None, at, bt, cmp, False) for (at, bt), cmp in
                    itertools.product(itertools.product(TYPES, repeat=2), model.CMP)]  # fmt: skip
        variants += [(None, "s32", "u32", cmp, True) for cmp in model.CMP]
    else:
        variants = [(d, at, bt, None, add) for (d, at, bt), add in
                    itertools.product(itertools.product(TYPES, repeat=3), (False, True))]  # fmt: skip
    for d, at, bt, cmp, add in variants:
        sats = (False,) if add or op == "set" else (False, True)
        for sat in sats:
            mask = next(mask_cycle)
            asel, bsel = _lane_selectors(lanes, rng) if rng.random() < 0.7 else (None, None)
            types = f"{at}.{bt}.{cmp}" if op == "set" else f"{d}.{at}.{bt}"
            mods = ".add" if add else ".sat" if sat else ""
            text = f"{name}.{types}{mods} %d{_sel(mask)}, %a0{_sel(asel)}, %a1{_sel(bsel)}, %a2;"
            kw = dict(atype=at, btype=bt, sat=sat, add=add, mask=mask, asel=asel, bsel=bsel)
            if op == "set":
                kw["cmp"] = cmp
            else:
                kw["dtype"] = d
            forms.append((text, partial(model.simd, op, lanes, a, b, c, **kw)))
    return forms


# name -> the forms over given inputs; each family is one kernel (one compilation)
FAMILIES: dict[str, Callable[[list[np.ndarray]], Forms]] = {
    **{op: partial(_scalar_forms, op) for op in SCALAR_OPS},
    **{op: partial(_shift_forms, op) for op in ("vshl", "vshr")},
    "vset": _vset_forms,
    "vmad": _vmad_forms,
    "vmad-negated": _vmad_negated_forms,
    **{f"v{op}{n}": partial(_simd_forms, op, n) for op in SIMD_OPS for n in (2, 4)},
}


@pytest.mark.parametrize("family", FAMILIES)
def test_video_family(family: str) -> None:
    args = inputs(100 + list(FAMILIES).index(family))
    _check(FAMILIES[family](args), args)


# -- AMD GPUs -----------------------------------------------------------------------------


@pytest.mark.parametrize("target", ["gfx90a", "gfx942", "gfx1100"])
def test_kernels_compile_for_amd_gpus(target: str) -> None:
    """Every conformance kernel above becomes a code object; video instructions are plain
    integer IR, so no library call is left."""
    pipeline = Pipeline(PipelineOptions())
    args = [np.zeros(1, np.uint32)] * 3  # the model's outputs are not computed
    for family, forms in FAMILIES.items():
        text, _ = _kernel(forms(args))
        result = pipeline.back(pipeline.front(text, f"{family}.ptx"), parse_target_id(target))
        assert result.code_object, family
        assert not re.search(r"call .*@__cu2amd_", result.llvm_ir), "library calls left"


@pytest.mark.skipif(shutil.which("ptxas") is None, reason="REQUIRES: ptxas")
def test_kernels_are_legal_ptx(tmp_path: Path) -> None:
    """ptxas accepts every conformance kernel (each spelling, selector and mask above)."""
    args = [np.zeros(1, np.uint32)] * 3
    for family, forms in FAMILIES.items():
        path = tmp_path / f"{family}.ptx"
        path.write_text(_kernel(forms(args))[0])
        subprocess.run(["ptxas", "-arch=sm_80", str(path), "-o", os.devnull], check=True)


@pytest.mark.parametrize(
    ("instr", "message"),
    [
        ("vadd.u32.u32.u32 %r1.b0, %r2, %r3;", r"'\.b0' is not a destination selector here"),
        ("vadd.u32.u32.u32.add %r1.h1, %r2, %r3, %r4;", r"not a destination selector here"),
        ("vadd.u32.u32.u32 %r1, %r2.h10, %r3;", r"'\.h10' is not a selector of a"),
        ("vadd2.u32.u32.u32 %r1.h2, %r2, %r3, %r4;", r"'\.h2' is not a lane mask of vadd2"),
        ("vadd4.u32.u32.u32 %r1.b01, %r2, %r3, %r4;", r"'\.b01' is not a lane mask of vadd4"),
        ("vmin2.u32.u32.u32 %r1, %r2.h40, %r3, %r4;", r"'\.h40' is not a selector of vmin2"),
        ("vmax4.u32.u32.u32 %r1, %r2.h10, %r3, %r4;", r"'\.h10' is not a selector of vmax4"),
        ("vset2.u32.u32.eq %r1, %r2, %r3, %r4.h0;", r"c takes no selector \('\.h0'\)"),
        ("vmad.u32.u32.u32 %r1.h0, %r2, %r3, %r4;", r"vmad takes no destination selector"),
        ("vmad.u32.u32.u32.po %r1, -%r2, %r3, %r4;", r"vmad\.po takes no negated operands"),
        ("vmad.s32.u32.u32 %r1, -%r2, %r3, -%r4;", r"the product \(a\*b\) or c, not both"),
        ("vadd.u32.u32.u32 %r1, -%r2, %r3;", r"operand 2 cannot be negated \(only vmad's can\)"),
        ("add.u32 %r1, %r2, -%r3;", r"'add\.u32': operand 3 cannot be negated"),
    ],
)
def test_selector_errors(instr: str, message: str) -> None:
    text = (".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k()\n{\n"
            f"\t.reg .b32 %r<8>;\n\t{instr}\n\tret;\n}}\n")  # fmt: skip
    pipeline = Pipeline(PipelineOptions())
    with pytest.raises(Exception, match=message):
        pipeline.back(pipeline.front(text, "k.ptx"), parse_target_id("gfx942"))
