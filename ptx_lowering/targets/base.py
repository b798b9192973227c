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

    def space_pointer(self, builder: ir.IRBuilder, value: ir.Value, space: StateSpace) -> ir.Value:
        """The pointer that integer address `value` (pointer_bits(space) wide) of state space
        `space` denotes: an address register's, cvta's from `space`."""
        return builder.inttoptr(value, ir.PointerType(addrspace=self.address_space(space)))

    def space_address(
        self, builder: ir.IRBuilder, pointer: ir.Value, space: StateSpace, bits: int
    ) -> ir.Value:
        """The integer address (`bits` wide) in state space `space` of `pointer` (a pointer of
        that space's address space): `mov r, var`, cvta to `space`."""
        return builder.ptrtoint(pointer, ir.IntType(bits))

    @abstractmethod
    def alloca_address_space(self) -> int:
        """Where allocas (registers, .local variables) live."""

    @abstractmethod
    def setup_module(self, module: ir.Module) -> None:
        """Module-level flags and metadata the target needs."""

    @abstractmethod
    def define_kernel(
        self,
        module: ir.Module,
        kernel: ast.Function,
        args: list[ir.Type],
        byref: dict[int, tuple[ir.Type, int]] | None = None,
    ) -> ir.Function:
        """Create the LLVM function for a PTX `.entry` with the given argument types.
        `byref` maps the index of each argument passed by reference (a struct by value,
        or a parameter whose address the kernel takes) to (its type, its alignment):
        that argument is a pointer to the parameter's memory, in the .param space."""

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

    # Whether barrier_op() implements bar.arrive and bar.red (else only barrier()).
    barrier_ops = False

    def barrier_op(
        self,
        builder: ir.IRBuilder,
        site: str,
        barrier_id: ir.Value,
        count: ir.Value | None,
        op: str,
        pred: ir.Value | None,
    ) -> ir.Value:
        """`bar.arrive id, count` (op "arrive", pred None: signal without waiting) and
        `bar.red.<op> id{, count}, pred` (op popc, and, or: wait, then the reduction of the
        i1 `pred` over the threads of the barrier, as i32). Called only if `barrier_ops`."""
        raise NotImplementedError(f"{self.name} has no barrier operations")

    # Whether barrier_op() also implements bar.red with any barrier id and thread count
    # (else bar.red is barrier_reduce()'s, over barrier 0 and the whole CTA only).
    named_barrier_reductions = True

    # Whether barrier_reduce() implements bar.red over barrier 0 and the whole CTA (a
    # target without barrier_ops may still have it).
    barrier_reductions = False

    def barrier_reduce(self, builder: ir.IRBuilder, op: str, pred: ir.Value) -> ir.Value:
        """`bar.red.<op> 0, pred` over the whole CTA (op popc, and, or): wait, then the
        reduction of the i1 `pred`, as i32 (and/or: non-zero when true). Called only if
        `barrier_reductions` and not `barrier_ops`."""
        raise NotImplementedError(f"{self.name} has no barrier reductions")

    def spin_wait(self, builder: ir.IRBuilder) -> None:
        """A thread about to read memory again that other threads are to change (an
        mbarrier wait) lets them run: by default, nothing (threads run independently)."""
        del builder

    def collective_site(self, builder: ir.IRBuilder, site: str) -> ir.Value:
        """Called for each warp collective (a call into the device runtime library): the
        `site` argument the library's functions take, a C string naming the instruction
        where the target reports it, else a null pointer."""
        del builder, site
        return ir.Constant(ir.PointerType(), None)

    @abstractmethod
    def trap(self, builder: ir.IRBuilder, site: str) -> None:
        """Abort the kernel (the caller ends the block with `unreachable`)."""

    def finish_kernel(  # noqa: B027
        self,
        module: ir.Module,
        fn: ir.Function,
        kernel: ast.Function,
        callees: frozenset[str] = frozenset(),
    ) -> None:
        """Called for each kernel once every function of the module is emitted, with the
        LLVM names of the device functions the kernel may call (optional)."""

    def begin_function(self, fn: ir.Function, ptx: ast.Function) -> None:  # noqa: B027
        """Called before the body of a kernel or device function is emitted (optional)."""

    def finish_function(self, fn: ir.Function, ptx: ast.Function) -> None:  # noqa: B027
        """Called after the body of a kernel or device function is emitted (optional)."""

    def sync_scope(self, scope: str) -> str:
        """The LLVM sync scope of a PTX scope (cta, cluster, gpu, sys); "" is the whole
        system, LLVM's default."""
        del scope
        return ""

    def linear_thread_id(self, builder: ir.IRBuilder) -> ir.Value:
        """The thread's index within its CTA, tid.x + ntid.x * (tid.y + ntid.y * tid.z),
        as i32."""
        loc = Location("<linear thread id>", 0, 0)
        x, y, z = (self.special_register(builder, "%tid", a, loc) for a in AXES)
        nx, ny = (self.special_register(builder, "%ntid", a, loc) for a in AXES[:2])
        return builder.add(x, builder.mul(nx, builder.add(y, builder.mul(ny, z))))

    def printf(
        self, builder: ir.IRBuilder, format_: ir.Value, args: ir.Value, loc: Location
    ) -> ir.Value:
        """CUDA's `vprintf(format, args)` (generic pointers as i64): the number of
        arguments printed, as i32."""
        del builder, format_, args
        raise UnsupportedError(f"device printf on {self.name} is not supported yet", loc)

    def assert_fail(self, builder: ir.IRBuilder, site: str, args: list[ir.Value]) -> None:
        """CUDA's `__assertfail(message, file, line, function, char_size)`: report the
        failed assertion and abort the kernel (the caller ends the block)."""
        del args
        self.trap(builder, site)

    def is_space(
        self, builder: ir.IRBuilder, space: StateSpace, address: ir.Value, loc: Location
    ) -> ir.Value:
        """`isspacep`: whether a generic address (i64) lies in `space` (.global, .shared or
        .local), as i1."""
        del builder, address
        raise UnsupportedError(f"isspacep{space} on {self.name} is not supported yet", loc)

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
