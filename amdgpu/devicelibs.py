"""ROCm's device libraries (OCML math, OCKL kernel helpers) linked into device code.

The libraries are bitcode from ROCm or Debian's rocm-device-libs. Their `oclc_*` control
libraries are one-constant modules selecting the ISA version, wave size and math modes;
DESIGN.md notes Debian's set stops at gfx940, so cu2amd generates them for any target.
What the libraries define is made internal to the program once linked (some of it is
weak, which no optimisation would drop), and what the program does not call is removed at
once, at every optimisation level: unused library code is neither compiled nor allowed to
stop code generation (some of it holds inline asm that llvmlite cannot assemble).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

import llvmlite.binding as llvm

from cu2amd.amdgpu.targets import TargetId
from cu2amd.amdgpu.toolchain import discover
from cu2amd.errors import InternalError

LIBRARIES = ("ocml.bc", "ockl.bc")


@dataclass(frozen=True)
class MathModes:
    daz: bool = False  # flush f32 denormals (nvcc -ftz=true)
    finite_only: bool = False
    unsafe_math: bool = False  # --use_fast_math
    correctly_rounded_sqrt: bool = True  # -prec-sqrt=true


def isa_version(processor: str) -> int:
    """`gfx942` -> 9402, `gfx90a` -> 9010, `gfx1100` -> 11000 (major*1000+minor*100+step)."""
    digits = processor.removeprefix("gfx")
    major, minor, step = int(digits[:-2]), int(digits[-2], 16), int(digits[-1], 16)
    return major * 1000 + minor * 100 + step


def control_module(
    target_id: TargetId, wave64: bool, modes: MathModes, abi_version: int = 500
) -> str:
    """The oclc control constants for one target, as LLVM IR text."""
    consts = [
        ("__oclc_ISA_version", "i32", isa_version(target_id.processor)),
        ("__oclc_ABI_version", "i32", abi_version),
        ("__oclc_wavefrontsize64", "i8", int(wave64)),
        ("__oclc_daz_opt", "i8", int(modes.daz)),
        ("__oclc_finite_only_opt", "i8", int(modes.finite_only)),
        ("__oclc_unsafe_math_opt", "i8", int(modes.unsafe_math)),
        ("__oclc_correctly_rounded_sqrt32", "i8", int(modes.correctly_rounded_sqrt)),
    ]
    lines = ['target triple = "amdgcn-amd-amdhsa"']
    for name, ty, value in consts:
        align = 4 if ty == "i32" else 1
        lines.append(
            f"@{name} = linkonce_odr protected local_unnamed_addr addrspace(4) constant "
            f"{ty} {value}, align {align}"
        )
    return "\n".join(lines) + "\n"


# OCKL's inline asm is only assembler comments ("; ockl readfirstlane hoisting hack $0",
# reached by device printf's hostcalls) whose constraints tie a value to a VGPR. Emptied,
# it keeps those constraints, so its effect on code generation, and needs no AMDGPU
# assembly parser, which llvmlite's object emission lacks.
_WITH_COMMENT_ASM = frozenset({"ockl.bc"})
_COMMENT_ASM = re.compile(r'( asm (?:sideeffect )?(?:alignstack )?)"(;[^"\\]*)"')


@functools.cache
def _library_bitcode(name: str) -> bytes:
    path: Path = discover().device_libs_dir() / name
    if not path.is_file():
        raise InternalError(f"device library {path} is missing from the device library folder")
    data = path.read_bytes()
    if name in _WITH_COMMENT_ASM:
        text = _COMMENT_ASM.sub(r'\1""', str(llvm.parse_bitcode(data)))
        data = llvm.parse_assembly(text).as_bitcode()
    return data


def link_device_libraries(
    module: llvm.ModuleRef,
    target_id: TargetId,
    wave64: bool,
    modes: MathModes = MathModes(),
    abi_version: int = 500,
) -> None:
    """Link OCML, OCKL and generated control constants into `module`, in place, if it
    calls any of them (a module that calls none does not need the libraries installed).
    `abi_version` is the code object version times 100: OCKL finds the implicit kernel
    arguments (the hostcall buffer of printf) by it."""
    declared = {f.name for f in module.functions if f.is_declaration}
    if not any(n.startswith(("__ocml_", "__ockl_")) for n in declared):
        return
    ours = _defined(module)
    for name in LIBRARIES:
        library = llvm.parse_bitcode(_library_bitcode(name))
        library.triple = module.triple
        library.data_layout = module.data_layout
        module.link_in(library)
    controls = llvm.parse_assembly(control_module(target_id, wave64, modes, abi_version))
    controls.data_layout = module.data_layout
    module.link_in(controls)
    for value in [*module.functions, *module.global_variables]:
        if not value.is_declaration and value.name not in ours:
            value.linkage = "internal"
    pm = llvm.create_new_module_pass_manager()
    pm.add_global_dead_code_eliminate_pass()
    pm.run(module, _pass_builder())


@functools.cache
def _pass_builder() -> llvm.PassBuilder:
    """For target-independent clean-up passes only (any target machine will do)."""
    tm = llvm.Target.from_default_triple().create_target_machine()
    return llvm.create_pass_builder(tm, llvm.create_pipeline_tuning_options())


def _defined(module: llvm.ModuleRef) -> set[str]:
    return {v.name for v in [*module.functions, *module.global_variables] if not v.is_declaration}
