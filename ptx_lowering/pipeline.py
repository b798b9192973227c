"""The PTX compilation pipeline, as one explicit ordered list of named stages.

    parse -> decode -> lower -> optimize -> codegen -> link

`--print-after=<stage>` prints the PTX (for PTX stages) or the LLVM IR / assembly after
that stage, `--verify-each` re-verifies after every stage, `--time-passes` reports the
time of each. Stages that run per target run once for each target.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TextIO, TypeVar

import llvmlite.binding as llvm

from cu2amd.amdgpu import codegen
from cu2amd.amdgpu.devicelibs import link_device_libraries
from cu2amd.amdgpu.targets import TargetId
from cu2amd.errors import InternalError, UsageError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.module import lower_module
from cu2amd.ptx_lowering.gc_pause import paused_gc
from cu2amd.ptx_lowering.parser import parse_module
from cu2amd.ptx_lowering.passes.decode import Decode
from cu2amd.ptx_lowering.printer import print_module
from cu2amd.ptx_lowering.targets import amdgpu_barriers
from cu2amd.ptx_lowering.targets.amdgpu import AmdgpuHooks
from cu2amd.ptx_lowering.targets.base import TargetHooks
from cu2amd.ptx_lowering.targets.host import HostHooks, HostTarget, host_target_machine
from cu2amd.runtime_shim.device.library import flavour_for_wave_size, link_device_library
from cu2amd.runtime_shim.host.build import link_module

# Passes over the PTX AST, in order. Each has a `name` and `run(module) -> module`.
PTX_PASSES = (Decode,)
TARGET_STAGES = ("lower", "optimize", "codegen", "link")
STAGES = ("parse", *(p.name for p in PTX_PASSES), *TARGET_STAGES)

T = TypeVar("T")


@dataclass
class PipelineOptions:
    opt_level: int = 3
    code_object_version: int = 5
    print_after: frozenset[str] = frozenset()
    verify_each: bool = False
    time_passes: bool = False
    out: TextIO = field(default_factory=lambda: sys.stderr)
    # Lowering device functions to be linked into another module (inline asm): on the
    # host the module-level ABI symbols are the other module's, declared not defined.
    library: bool = False

    def __post_init__(self) -> None:
        unknown = sorted(self.print_after - set(STAGES))
        if unknown:
            raise UsageError(
                f"unknown stage '{unknown[0]}' for --print-after; stages: {', '.join(STAGES)}"
            )
        if self.opt_level not in (0, 1, 2, 3):
            raise UsageError(f"optimisation level must be 0 to 3, not {self.opt_level}")
        if self.code_object_version not in (4, 5, 6):
            raise UsageError(
                f"code object version must be 4, 5 or 6, not {self.code_object_version}"
            )


Target = TargetId | HostTarget


@dataclass(frozen=True)
class TargetResult:
    target: Target
    llvm_ir: str  # after optimisation
    code_object: bytes  # an AMDGPU code object, or a host shared object


class Pipeline:
    def __init__(self, options: PipelineOptions) -> None:
        self.options = options
        self.times: list[tuple[str, float]] = []

    def _stage(self, name: str, run: Callable[[], T], show: Callable[[T], str]) -> T:
        start = time.perf_counter()
        result = run()
        if self.options.time_passes:  # kept only when asked (a Pipeline may live long)
            self.times.append((name, time.perf_counter() - start))
        if name in self.options.print_after:
            text = show(result)  # once: showing may be costly (assembly is re-generated)
            newline = "" if text.endswith("\n") else "\n"
            self.options.out.write(f"; *** after {name} ***\n{text}{newline}")
        return result

    def front(self, text: str, file: str) -> ast.Module:
        """parse and the PTX passes: a decoded module, the same for every target."""
        module = self._stage("parse", lambda: parse_module(text, file), print_module)
        for pass_type in PTX_PASSES:
            p = pass_type()
            module = self._stage(p.name, lambda p=p, m=module: p.run(m), print_module)
            if self.options.verify_each:
                _verify_decoded(module)
        return module

    def hooks(self, target: Target) -> TargetHooks:
        if isinstance(target, HostTarget):
            return HostHooks(library=self.options.library)
        return AmdgpuHooks(target, self.options.code_object_version)

    def lower(self, module: ast.Module, target: Target) -> llvm.ModuleRef:
        """The module's LLVM IR for `target`, parsed into LLVM, with the device runtime
        library linked (all timed as the lower stage; --print-after shows our IR text)."""
        hooks = self.hooks(target)

        def lower() -> tuple[str, llvm.ModuleRef]:
            ir_text = str(lower_module(module, hooks))
            llvm_module = codegen.parse_ir(ir_text, module.file)
            if not isinstance(target, HostTarget) and not self.options.library:
                # Inline PTX (library) gets it with its CUDA file (translator/driver.py).
                llvm_module = amdgpu_barriers.add_kernel_init(llvm_module)
            # Warp collectives are calls of the device runtime library (emit/warp.py).
            link_device_library(llvm_module, device_library_flavour(target))
            if not isinstance(target, HostTarget) and not self.options.library:
                # bar.red calls OCKL; inline PTX (library) gets it with its CUDA file.
                wave64 = target.target.default_wave_size == 64
                abi = self.options.code_object_version * 100
                link_device_libraries(llvm_module, target, wave64, abi_version=abi)
            return ir_text, llvm_module

        with paused_gc():
            _, llvm_module = self._stage("lower", lower, lambda result: result[0])
        return llvm_module

    def back(self, module: ast.Module, target: Target) -> TargetResult:
        """lower, optimize, codegen, link: a code object (or host shared object)."""
        llvm_module = self.lower(module, target)
        level = self.options.opt_level
        tm = target_machine(target, level)

        def optimize() -> str:
            if not isinstance(target, HostTarget):
                llvm_module.triple = codegen.AMDGPU_TRIPLE
            codegen.run_default_pipeline(llvm_module, tm, level)
            if self.options.verify_each:
                llvm_module.verify()
            return str(llvm_module)

        # Code generation rewrites the module in place (structurizer intrinsics ...), so
        # the optimised IR is kept as text, and assembly is made from a fresh copy.
        optimized_ir = self._stage("optimize", optimize, lambda text: text)
        obj = self._stage(
            "codegen",
            lambda: tm.emit_object(llvm_module),
            lambda _: tm.emit_assembly(codegen.parse_ir(optimized_ir)),
        )
        code_object = self._stage(
            "link", lambda: _link(obj, target), lambda co: f"; {len(co)} bytes\n"
        )
        return TargetResult(target, optimized_ir, code_object)

    def report_times(self) -> None:
        if not self.options.time_passes:
            return
        total = sum(t for _, t in self.times) or 1e-9
        out = self.options.out
        out.write("===-- cu2amd stage timing --===\n")
        merged: dict[str, float] = {}
        for name, t in self.times:
            merged[name] = merged.get(name, 0.0) + t
        for name, t in merged.items():
            out.write(f"  {t * 1000:9.2f} ms  {100 * t / total:5.1f}%  {name}\n")
        out.write(f"  {total * 1000:9.2f} ms  100.0%  total\n")


def _link(obj: bytes, target: Target) -> bytes:
    if isinstance(target, HostTarget):
        return link_module(obj).read_bytes()
    return codegen.link_code_object([obj], target)


def device_library_flavour(target: Target) -> str:
    """The flavour of the device runtime library (runtime_shim/device) for `target`."""
    if isinstance(target, HostTarget):
        return "host"
    return flavour_for_wave_size(target.target.default_wave_size)


def target_machine(target: Target, opt_level: int) -> llvm.TargetMachine:
    if isinstance(target, HostTarget):
        return host_target_machine(opt_level)
    return codegen.target_machine(target, opt_level)


def assembly(optimized_ir: str, target: Target, opt_level: int) -> str:
    """Assembly for optimised IR (parsed afresh: code generation mutates a module)."""
    return target_machine(target, opt_level).emit_assembly(codegen.parse_ir(optimized_ir))


def _verify_decoded(module: ast.Module) -> None:
    def walk(block: ast.Block) -> None:
        for stmt in block.statements:
            if isinstance(stmt, ast.Instruction) and stmt.decoded is None:
                raise InternalError(f"instruction '{stmt.spelling}' left undecoded", stmt.loc)
            if isinstance(stmt, ast.Block):
                walk(stmt)

    for fn in module.functions:
        if fn.body is not None:
            walk(fn.body)
