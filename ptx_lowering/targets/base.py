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

    @abstractmethod
    def barrier(self, builder: ir.IRBuilder) -> None:
        """`bar.sync 0` over the whole CTA, with CTA-scope memory ordering."""

    def unsupported_special(self, name: str, loc: Location) -> UnsupportedError:
        return UnsupportedError(
            f"special register '{name}' is not supported on target '{self.name}' yet", loc
        )
