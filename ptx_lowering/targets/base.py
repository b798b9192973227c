"""The interface between target-neutral PTX lowering and one target (AMDGPU, host).

Emitters never name an address space number, an intrinsic or a calling convention:
they ask the hooks. Adding a target means implementing this class, nothing else.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from llvmlite import ir

from cu2amd.errors import Location, UnsupportedError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.isa.types import StateSpace

AXES = ("x", "y", "z")


class TargetHooks(ABC):
    name: str
    triple: str

    @abstractmethod
    def data_layout(self) -> str: ...

    @abstractmethod
    def address_space(self, space: StateSpace) -> int:
        """The LLVM address space holding PTX state space `space`."""

    @abstractmethod
    def pointer_bits(self, space: StateSpace) -> int: ...

    @abstractmethod
    def alloca_address_space(self) -> int:
        """Where allocas (registers, .local variables) live."""

    @abstractmethod
    def setup_module(self, module: ir.Module) -> None:
        """Module-level flags and metadata the target needs."""

    @abstractmethod
    def define_kernel(
        self, module: ir.Module, kernel: ast.Function, args: list[ir.Type]
    ) -> ir.Function:
        """Create the LLVM function for a PTX `.entry` with the given argument types."""

    @abstractmethod
    def special_register(
        self, builder: ir.IRBuilder, name: str, axis: str | None, loc: Location
    ) -> ir.Value:
        """Read a PTX special register (`%tid` with axis "x", `%laneid` with None) as i32
        or i64, by the width the PTX ISA gives it."""

    # Whether barrier() takes any barrier id and thread count (else only barrier 0 over
    # the whole CTA).
    named_barriers = False

    @abstractmethod
    def barrier(
        self, builder: ir.IRBuilder, site: str, barrier_id: ir.Value, count: ir.Value | None
    ) -> None:
        """`bar.sync id{, count}` with CTA-scope memory ordering. `site` names the
        instruction and its location ("k.ptx:12:3: bar.sync 0") for runtime reports."""

    @abstractmethod
    def trap(self, builder: ir.IRBuilder, site: str) -> None:
        """Abort the kernel (the caller ends the block with `unreachable`)."""

    def finish_kernel(self, module: ir.Module, fn: ir.Function, kernel: ast.Function) -> None:  # noqa: B027
        """Called once a kernel's body is emitted (optional; nothing by default)."""

    def note_shared(self, variable: ir.GlobalVariable, ty: ir.Type) -> None:  # noqa: B027
        """Called for each static .shared variable the module defines (optional)."""

    def finish_module(self, module: ir.Module) -> None:  # noqa: B027
        """Called once every function of the module is emitted (optional)."""

    @abstractmethod
    def dynamic_shared(self, module: ir.Module, name: str, align: int) -> ir.Value | None:
        """The pointer for `.extern .shared .b8 name[]`, or None if the target computes
        it per function with dynamic_shared_pointer()."""

    def dynamic_shared_pointer(self, builder: ir.IRBuilder) -> ir.Value:
        raise NotImplementedError(f"{self.name} gives dynamic shared memory a global")

    def unsupported_special(self, name: str, loc: Location) -> UnsupportedError:
        return UnsupportedError(
            f"special register '{name}' is not supported on target '{self.name}' yet", loc
        )
