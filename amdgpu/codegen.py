"""AMDGPU code generation: LLVM IR -> optimised module -> object -> code object.

The object is produced by llvmlite's target machine for the exact processor (so the ELF
e_flags carry it), then `ld.lld -shared` makes the loadable code object (HSACO). Each
code object is checked against the target table before it is returned.
"""

from __future__ import annotations

import functools
import struct
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import llvmlite.binding as llvm

from cu2amd.amdgpu.targets import TargetId
from cu2amd.amdgpu.toolchain import find_ld_lld
from cu2amd.errors import InternalError, ToolFailedError

AMDGPU_TRIPLE = "amdgcn-amd-amdhsa"

# ELF e_flags bits (AMDGPU, code object v4+): the machine number in the low byte.
EF_AMDGPU_MACH_MASK = 0xFF


@dataclass(frozen=True, slots=True)
class CodegenOptions:
    opt_level: int = 3


@functools.cache
def _init_llvm() -> None:
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()


@functools.cache
def target_machine(target_id: TargetId, opt_level: int = 3) -> llvm.TargetMachine:
    _init_llvm()
    target = llvm.Target.from_triple(AMDGPU_TRIPLE)
    return target.create_target_machine(
        cpu=target_id.processor,
        features=target_id.llvm_features(),
        opt=opt_level,
        reloc="pic",
        codemodel="default",
    )


def data_layout(target_id: TargetId) -> str:
    return str(target_machine(target_id).target_data)


def parse_ir(ir_text: str, name: str = "<module>") -> llvm.ModuleRef:
    """Parse and verify LLVM IR text; a failure here is a bug in whoever produced the IR."""
    _init_llvm()
    try:
        module = llvm.parse_assembly(ir_text)
        module.verify()
    except RuntimeError as err:
        raise InternalError(f"invalid LLVM IR for {name}: {err}") from err
    module.name = name
    return module


def optimize(module: llvm.ModuleRef, target_id: TargetId, opt_level: int = 3) -> None:
    """Run LLVM's default O<n> pipeline for the target, in place."""
    module.triple = AMDGPU_TRIPLE
    run_default_pipeline(module, target_machine(target_id, opt_level), opt_level)


def run_default_pipeline(module: llvm.ModuleRef, tm: llvm.TargetMachine, opt_level: int) -> None:
    """LLVM's default O<n> module pipeline for `tm`'s target, in place (any target)."""
    module.data_layout = str(tm.target_data)
    if opt_level == 0:
        return
    pto = llvm.create_pipeline_tuning_options(speed_level=opt_level)
    pass_builder = llvm.create_pass_builder(tm, pto)
    pass_builder.getModulePassManager().run(module, pass_builder)


def emit_object(module: llvm.ModuleRef, target_id: TargetId, opt_level: int = 3) -> bytes:
    return target_machine(target_id, opt_level).emit_object(module)


def emit_assembly(module: llvm.ModuleRef, target_id: TargetId, opt_level: int = 3) -> str:
    return target_machine(target_id, opt_level).emit_assembly(module)


def link_code_object(objects: list[bytes], target_id: TargetId) -> bytes:
    """Link relocatable AMDGPU objects into a shared code object with ld.lld."""
    with tempfile.TemporaryDirectory(prefix="cu2amd-link-") as tmp:
        inputs = []
        for i, data in enumerate(objects):
            path = Path(tmp, f"input{i}.o")
            path.write_bytes(data)
            inputs.append(str(path))
        out = Path(tmp, f"{target_id.processor}.hsaco")
        cmd = [*find_ld_lld(), "-shared", "--no-undefined", *inputs, "-o", str(out)]
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise ToolFailedError(
                f"ld.lld failed linking the code object for {target_id}:\n{proc.stderr.strip()}"
            )
        code_object = out.read_bytes()
    check_code_object_machine(code_object, target_id)
    return code_object


def check_code_object_machine(data: bytes, target_id: TargetId) -> None:
    """A code object whose e_flags lack the processor is unloadable: refuse to write it."""
    if data[:4] != b"\x7fELF" or len(data) < 0x34:
        raise InternalError(f"the code object for {target_id} is not an ELF file")
    (e_flags,) = struct.unpack_from("<I", data, 0x30)
    mach = e_flags & EF_AMDGPU_MACH_MASK
    if mach != target_id.target.mach:
        raise InternalError(
            f"code object for {target_id} has machine 0x{mach:02x} in its "
            f"e_flags, expected 0x{target_id.target.mach:02x} (does this LLVM know "
            f"'{target_id.processor}'?)"
        )


def compile_ir(
    ir_text: str, target_id: TargetId, options: CodegenOptions = CodegenOptions()
) -> bytes:
    """LLVM IR text for amdgcn-amd-amdhsa -> a code object for `target_id`."""
    module = parse_ir(ir_text)
    optimize(module, target_id, options.opt_level)
    obj = emit_object(module, target_id, options.opt_level)
    return link_code_object([obj], target_id)
