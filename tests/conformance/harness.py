"""Run one PTX instruction over arrays of inputs on the host platform.

The conformance tests compare cu2amd's lowering of each instruction form with a reference
model written from the PTX ISA text. `run()` builds a kernel around the instruction
(`d = op a, b, ...` with one element per thread), compiles it for the host platform
once per spelling, and returns the outputs as a numpy array:

    out = run("add.sat.s32", ["s32", "s32"], "s32", [a, b])

Operands are PTX types. Inputs are numpy arrays of the matching size (floats may be given
as their bit patterns in unsigned arrays). A `.pred` destination comes back as 0/1 in a
uint8 array; a `.pred` source is read from a uint8 array (non-zero: true). `template`
overrides the instruction text for unusual operand shapes, e.g.
"setp.lt.and.s32 %d, %a0, %a1, %a2;" (sources are %a0, %a1, ...; the destination %d).

The references are Python models written from the ISA text, next to this file:
float_ref.py and floats.py (floating-point formats and rounding), values.py (operand
sweeps and edge values), warp_model.py (warp collectives), and each test module's own
model. There are no results captured on NVIDIA hardware yet (issue 10 asks for a
capture_nvidia.py to store them where an NVIDIA GPU is present; it is not written).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import numpy as np

from cu2amd import host
from cu2amd.ptx_lowering.isa.types import TYPES

BLOCK = 256

_NUMPY = {
    8: np.uint8,
    16: np.uint16,
    32: np.uint32,
    64: np.uint64,
}


def storage_dtype(ptx: str) -> type:
    """The numpy type holding a value of PTX type `ptx` as bits."""
    t = TYPES[ptx]
    return np.uint8 if t.bits == 1 else _NUMPY[t.bits]


def _bits(ptx: str) -> int:
    return max(TYPES[ptx].bits, 8)


def reg_type(ptx: str) -> str:
    """The register type holding a value of PTX type `ptx`."""
    return "pred" if ptx == "pred" else f"b{_bits(ptx)}"


def load_operand(i: int, ptx: str, index: str) -> list[str]:
    """PTX lines loading %a<i> (of type `ptx`) from element `index` of the array in
    parameter in<i>; a .pred comes from a byte (non-zero: true)."""
    lines = [
        f"\tld.param.u64 %base, [in{i}];",
        f"\tmul.wide.u32 %off, {index}, {_bits(ptx) // 8};",
        "\tadd.s64 %ptr, %base, %off;",
    ]
    if ptx == "pred":
        return [*lines, "\tld.global.u8 %h, [%ptr];", f"\tsetp.ne.u16 %a{i}, %h, 0;"]
    return [*lines, f"\tld.global.b{_bits(ptx)} %a{i}, [%ptr];"]


def store_result(param: str, reg: str, ptx: str, index: str) -> list[str]:
    """PTX lines storing `reg` (of type `ptx`) to element `index` of the array in
    parameter `param`; a .pred becomes a byte 0/1."""
    lines = [
        f"\tld.param.u64 %base, [{param}];",
        f"\tmul.wide.u32 %off, {index}, {_bits(ptx) // 8};",
        "\tadd.s64 %ptr, %base, %off;",
    ]
    if ptx == "pred":
        return [*lines, f"\tselp.u16 %h, 1, 0, {reg};", "\tst.global.u8 [%ptr], %h;"]
    return [*lines, f"\tst.global.b{_bits(ptx)} [%ptr], {reg};"]


def _kernel(
    instructions: Sequence[str], sources: Sequence[str], outputs: Sequence[tuple[str, str, str]]
) -> str:
    """One thread per element: load the sources, run the instructions, store each output
    (parameter, register, PTX type)."""
    lines = [
        ".version 8.0",
        ".target sm_80",
        ".address_size 64",
        ".visible .entry conformance(",
        *(f"\t.param .u64 {param}," for param, _, _ in outputs),
        *(f"\t.param .u64 in{i}," for i in range(len(sources))),
        "\t.param .u32 n",
        ")",
        "{",
        "\t.reg .pred %inside, %tmp;",
        "\t.reg .b32 %i, %ntid, %ctaid, %tid, %n;",
        "\t.reg .b64 %off, %ptr, %base;",
        "\t.reg .b16 %h;",
        *(f"\t.reg .{reg_type(ptx)} {reg};" for _, reg, ptx in outputs),
        *(f"\t.reg .{reg_type(s)} %a{i};" for i, s in enumerate(sources)),
        "\tmov.u32 %tid, %tid.x;",
        "\tmov.u32 %ntid, %ntid.x;",
        "\tmov.u32 %ctaid, %ctaid.x;",
        "\tmad.lo.s32 %i, %ctaid, %ntid, %tid;",
        "\tld.param.u32 %n, [n];",
        "\tsetp.lt.u32 %inside, %i, %n;",
        "\t@!%inside bra DONE;",
    ]
    for i, s in enumerate(sources):
        lines += load_operand(i, s, "%i")
    lines += [f"\t{instruction}" for instruction in instructions]
    for param, reg, ptx in outputs:
        lines += store_result(param, reg, ptx, "%i")
    lines += ["DONE:", "\tret;", "}", ""]
    return "\n".join(lines)


def kernel_text(instruction: str, sources: Sequence[str], dest: str) -> str:
    """The kernel of run(): the instruction writes %d, stored to `out`."""
    return _kernel([instruction], sources, [("out", "%d", dest)])


@functools.cache
def _module(instruction: str, sources: tuple[str, ...], dest: str) -> host.Module:
    text = kernel_text(instruction, sources, dest)
    return host.Module.from_ptx(text, f"<conformance: {instruction}>")


def run(
    spelling: str,
    sources: Sequence[str],
    dest: str,
    inputs: Sequence[np.ndarray],
    template: str | None = None,
) -> np.ndarray:
    """`dest = spelling sources...` over the inputs; returns the outputs' bits (or 0/1)."""
    if template is None:
        operands = ", ".join(["%d", *(f"%a{i}" for i in range(len(sources)))])
        template = f"{spelling} {operands};"
    (out,) = _launch(_module(template, tuple(sources), dest), sources, [dest], inputs)
    return out


def _launch(
    module: host.Module, sources: Sequence[str], dests: Sequence[str], inputs: Sequence[np.ndarray]
) -> list[np.ndarray]:
    """Run a conformance kernel with one thread per input element; the output arrays."""
    count = len(inputs[0])
    arrays = []
    for ptx, values in zip(sources, inputs, strict=True):
        assert len(values) == count, "inputs must have one value per thread"
        arrays.append(host.to_device(np.ascontiguousarray(values).view(storage_dtype(ptx))))
    outs = [host.zeros(count, storage_dtype(d)) for d in dests]
    blocks = (count + BLOCK - 1) // BLOCK
    module.launch("conformance", grid=blocks, block=BLOCK, args=[*outs, *arrays, count])
    return [o.to_numpy() for o in outs]


# -- several instructions over the same inputs, in one kernel ------------------------------


def kernel_text_many(
    instructions: Sequence[str], sources: Sequence[str], dests: Sequence[str]
) -> str:
    """Like kernel_text, with several instructions: the k-th writes %d<k> (of type
    dests[k]), stored to output array k."""
    return _kernel(instructions, sources, [(f"out{k}", f"%d{k}", d) for k, d in enumerate(dests)])


@functools.cache
def _module_many(instructions: tuple[str, ...], sources: tuple[str, ...], dests: tuple[str, ...]):
    text = kernel_text_many(instructions, sources, dests)
    return host.Module.from_ptx(text, f"<conformance: {instructions[0]} ...>")


def run_many(
    spellings: Sequence[str],
    sources: Sequence[str],
    dests: Sequence[str],
    inputs: Sequence[np.ndarray],
) -> list[np.ndarray]:
    """`dests[k] = spellings[k] sources...` over the same inputs, compiled as one kernel
    (one compilation for a family of forms); returns one output array per spelling."""
    operands = ", ".join(f"%a{i}" for i in range(len(sources)))
    instructions = tuple(f"{s} %d{k}, {operands};" for k, s in enumerate(spellings))
    module = _module_many(instructions, tuple(sources), tuple(dests))
    return _launch(module, sources, dests, inputs)
