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
model.

NVIDIA references. capture_nvidia.py (run where an NVIDIA GPU is) runs the suite with
CU2AMD_CAPTURE_NVIDIA=DIR: every `_launch` then also runs the same kernel text, inputs and
launch shape on the GPU and stores its outputs as DIR/<reference_key>.npz (no comparison
while capturing; the manifest records whether cu2amd's bits matched). When the reference
folder (CU2AMD_NVIDIA_REFERENCES, default nvidia/ next to this file) holds a file for a
launch, `_launch` requires cu2amd's outputs to equal NVIDIA's bit for bit (NaN payloads
included), failing with the form and the first differing input. Outputs of the forms in
NOT_EXACT (`.approx`, `div.full`) are not compared: the ISA bounds their results, and
NVIDIA's are one choice among those it allows. Tests of those forms fetch NVIDIA's outputs
with `reference()` / `reference_many()` (None without a capture) and apply the ISA's
bounds and tables to them as to cu2amd's (test_float_approx.py runs each test for both
sides; cu2amd's own tighter bounds only hold for cu2amd). Launches that do not go through
`_launch` (test_atomics.py, test_mma.py, warp_model.py's warp tests) have no references.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path

import capture_nvidia
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
        "\t.reg .b32 %i, %r_ntid, %r_ctaid, %r_tid, %n;",
        "\t.reg .b64 %off, %ptr, %base;",
        "\t.reg .b16 %h;",
        *(f"\t.reg .{reg_type(ptx)} {reg};" for _, reg, ptx in outputs),
        *(f"\t.reg .{reg_type(s)} %a{i};" for i, s in enumerate(sources)),
        "\tmov.u32 %r_tid, %tid.x;",
        "\tmov.u32 %r_ntid, %ntid.x;",
        "\tmov.u32 %r_ctaid, %ctaid.x;",
        "\tmad.lo.s32 %i, %r_ctaid, %r_ntid, %r_tid;",
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
def _compiled(text: str, name: str) -> host.Module:
    return host.Module.from_ptx(text, name)


def run(
    spelling: str,
    sources: Sequence[str],
    dest: str,
    inputs: Sequence[np.ndarray],
    template: str | None = None,
) -> np.ndarray:
    """`dest = spelling sources...` over the inputs; returns the outputs' bits (or 0/1)."""
    template = _template(spelling, sources, template)
    text = kernel_text(template, sources, dest)
    (out,) = _launch(text, f"<conformance: {template}>", [template], sources, [dest], inputs)
    return out


def _template(spelling: str, sources: Sequence[str], template: str | None) -> str:
    if template is not None:
        return template
    return f"{spelling} {', '.join(['%d', *(f'%a{i}' for i in range(len(sources)))])};"


def _device_inputs(sources: Sequence[str], inputs: Sequence[np.ndarray]) -> list[np.ndarray]:
    count = len(inputs[0])
    arrays = []
    for ptx, values in zip(sources, inputs, strict=True):
        assert len(values) == count, "inputs must have one value per thread"
        arrays.append(np.ascontiguousarray(values).view(storage_dtype(ptx)))
    return arrays


def _launch(
    text: str,
    name: str,
    forms: Sequence[str],
    sources: Sequence[str],
    dests: Sequence[str],
    inputs: Sequence[np.ndarray],
) -> list[np.ndarray]:
    """Run a conformance kernel with one thread per input element; the output arrays.
    `forms` are the instructions writing each output (for messages). With a capture or a
    reference, also the NVIDIA side (see the module docstring)."""
    arrays = _device_inputs(sources, inputs)
    count = len(arrays[0])
    outs = [host.zeros(count, storage_dtype(d)) for d in dests]
    blocks = (count + BLOCK - 1) // BLOCK
    args = [*outs, *(host.to_device(a) for a in arrays), count]
    _compiled(text, name).launch("conformance", grid=blocks, block=BLOCK, args=args)
    results = [o.to_numpy() for o in outs]
    if os.environ.get(capture_nvidia.CAPTURE_ENV):
        _capture(text, forms, arrays, results)
    else:
        _compare_with_reference(text, forms, arrays, results)
    return results


# -- several instructions over the same inputs, in one kernel ------------------------------


def kernel_text_many(
    instructions: Sequence[str], sources: Sequence[str], dests: Sequence[str]
) -> str:
    """Like kernel_text, with several instructions: the k-th writes %d<k> (of type
    dests[k]), stored to output array k."""
    return _kernel(instructions, sources, [(f"out{k}", f"%d{k}", d) for k, d in enumerate(dests)])


def run_many(
    spellings: Sequence[str],
    sources: Sequence[str],
    dests: Sequence[str],
    inputs: Sequence[np.ndarray],
) -> list[np.ndarray]:
    """`dests[k] = spellings[k] sources...` over the same inputs, compiled as one kernel
    (one compilation for a family of forms); returns one output array per spelling."""
    instructions = _instructions(spellings, sources)
    text = kernel_text_many(instructions, sources, dests)
    name = f"<conformance: {instructions[0]} ...>"
    return _launch(text, name, instructions, sources, dests, inputs)


def _instructions(spellings: Sequence[str], sources: Sequence[str]) -> list[str]:
    operands = ", ".join(f"%a{i}" for i in range(len(sources)))
    return [f"{s} %d{k}, {operands};" for k, s in enumerate(spellings)]


# -- NVIDIA references (capture_nvidia.py) -------------------------------------------------

REFERENCES_ENV = "CU2AMD_NVIDIA_REFERENCES"  # the reference folder, if not nvidia/ here
REFERENCE_DIR = Path(__file__).resolve().parent / "nvidia"


def reference_key(text: str, inputs: Sequence[np.ndarray]) -> str:
    """The name of a launch's reference file: sha256 of the kernel text, the input arrays
    (type, length, bytes) and the launch shape (one thread per element, BLOCK a block)."""
    digest = hashlib.sha256(text.encode())
    for array in inputs:
        digest.update(f"\0{array.dtype.str}[{len(array)}]\0".encode())
        digest.update(array.tobytes())
    count = len(inputs[0])
    digest.update(f"\0grid={(count + BLOCK - 1) // BLOCK} block={BLOCK} n={count}".encode())
    return digest.hexdigest()


@functools.cache
def _reference_folder() -> tuple[Path, frozenset[str]] | None:
    """The reference folder and the keys it holds; None when it holds none."""
    folder = Path(os.environ.get(REFERENCES_ENV) or REFERENCE_DIR)
    keys = frozenset(p.stem for p in folder.glob("*.npz")) if folder.is_dir() else frozenset()
    return (folder, keys) if keys else None


def _load_reference(
    text: str, inputs: Sequence[np.ndarray], outputs: int
) -> tuple[Path, list[np.ndarray]] | None:
    """The reference file of a launch and its output arrays, or None."""
    found = _reference_folder()
    if found is None:
        return None
    folder, keys = found
    key = reference_key(text, inputs)
    if key not in keys:
        return None
    path = folder / f"{key}.npz"
    with np.load(path) as stored:
        return path, [stored[f"out{k}"] for k in range(outputs)]


def reference(
    spelling: str,
    sources: Sequence[str],
    dest: str,
    inputs: Sequence[np.ndarray],
    template: str | None = None,
) -> np.ndarray | None:
    """NVIDIA's outputs for the same `run()`, or None without a reference for it."""
    text = kernel_text(_template(spelling, sources, template), sources, dest)
    found = _load_reference(text, _device_inputs(sources, inputs), 1)
    return None if found is None else found[1][0]


def reference_many(
    spellings: Sequence[str],
    sources: Sequence[str],
    dests: Sequence[str],
    inputs: Sequence[np.ndarray],
) -> list[np.ndarray] | None:
    """NVIDIA's outputs for the same `run_many()`, or None without a reference for it."""
    text = kernel_text_many(_instructions(spellings, sources), sources, dests)
    found = _load_reference(text, _device_inputs(sources, inputs), len(dests))
    return None if found is None else found[1]


def references_present() -> bool:
    """Whether the reference folder holds NVIDIA captures."""
    return _reference_folder() is not None


# Forms whose result the ISA bounds rather than defines (div.full: within 2 ulp).
NOT_EXACT = (".approx", "div.full")


def _exact(form: str) -> bool:
    """Whether NVIDIA's result is the only one the ISA allows."""
    return not any(marker in form for marker in NOT_EXACT)


def _hex(value: np.generic) -> str:
    return f"0x{int(value):0{2 * value.itemsize}x}"


def _compare_with_reference(
    text: str, forms: Sequence[str], inputs: Sequence[np.ndarray], results: Sequence[np.ndarray]
) -> None:
    found = _load_reference(text, inputs, len(results))
    if found is None:
        return
    path, nvidia = found
    for form, mine, theirs in zip(forms, results, nvidia, strict=True):
        if not _exact(form) or np.array_equal(mine, theirs):
            continue
        if mine.shape != theirs.shape:
            raise AssertionError(f"{form}: {path} holds {theirs.shape} outputs")
        differ = np.flatnonzero(mine != theirs)
        i = int(differ[0])
        raise AssertionError(
            f"{form}: cu2amd's result differs from NVIDIA's ({path}) at {len(differ)} of "
            f"{len(mine)} elements; "
            f"first at element {i}: inputs ({', '.join(_hex(a[i]) for a in inputs)}), "
            f"cu2amd {_hex(mine[i])}, NVIDIA {_hex(theirs[i])}"
        )


@functools.cache
def _driver() -> capture_nvidia.Driver:
    return capture_nvidia.Driver(
        os.environ.get(capture_nvidia.LIBCUDA_ENV) or capture_nvidia.LIBCUDA,
        os.environ.get(capture_nvidia.PREFIX_ENV, ""),
    )


def _capture(
    text: str, forms: Sequence[str], inputs: Sequence[np.ndarray], results: Sequence[np.ndarray]
) -> None:
    """Run the launch on the NVIDIA GPU; store its outputs and a line for the manifest
    (with the driver's error instead, when the GPU cannot run it: the test goes on)."""
    folder = Path(os.environ[capture_nvidia.CAPTURE_ENV])
    count = len(inputs[0])
    outputs = [(count, r.dtype) for r in results]
    key = reference_key(text, inputs)
    entry: dict[str, object] = {
        "file": f"{key}.npz",
        "form": " ".join(forms),
        "test": os.environ.get("PYTEST_CURRENT_TEST", "").rsplit(" (", 1)[0],
        "threads": count,
        "exact": all(_exact(f) for f in forms),
    }
    try:
        nvidia = _driver().run(text, "conformance", (count + BLOCK - 1) // BLOCK, BLOCK,
                               outputs, inputs, count)  # fmt: skip
    except capture_nvidia.DriverError as e:  # e.g. a form this GPU or its JIT lacks
        entry["error"] = str(e)
    else:
        partial = folder / f".{key}.{os.getpid()}.npz"
        np.savez_compressed(partial, **{f"out{k}": out for k, out in enumerate(nvidia)})
        partial.replace(folder / f"{key}.npz")
        entry["matches_cu2amd"] = all(
            np.array_equal(a, b) for a, b in zip(results, nvidia, strict=True)
        )
    with open(folder / capture_nvidia.CAPTURES_LOG, "a") as log:
        log.write(json.dumps(entry) + "\n")
