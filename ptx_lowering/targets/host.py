"""Host target hooks: PTX lowered to the CPU, run by the host platform runtime.

Every state space is ordinary memory (address space 0). A module gets one pointer
variable, `__cu2amd_thread`, that the runtime points at the GPU thread being run
(runtime_shim/host/cu2amd_host.h); special registers are loads from that thread record.
Barriers and collectives are calls into the runtime, which switches fibers.

Each kernel becomes an internal function plus an exported entry with one signature for
all kernels, `void __cu2amd_entry_<name>(void **args)` (one pointer per argument, as
CUDA's kernelParams), and a constant `__cu2amd_flags_<name>` telling the runtime whether
the kernel needs fibers: whether it, or a device function it may call, uses a barrier or
a collective. A parameter passed by reference (a struct by value) is given to the kernel
as that pointer itself.

Special registers: one SM runs every block, so %smid is 0 and %nsmid 1; %clock64 is the
CPU's cycle counter (llvm.readcyclecounter); %globaltimer and %gridid come from the
runtime (CLOCK_MONOTONIC nanoseconds, a launch counter).
"""

from __future__ import annotations

import functools

import llvmlite.binding as llvm
from llvmlite import ir

from cu2amd.errors import Location
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.irutil import call_intrinsic, declare_intrinsic, use_string_attributes
from cu2amd.ptx_lowering.isa.types import StateSpace
from cu2amd.ptx_lowering.targets.base import AXES, TargetHooks
from cu2amd.runtime_shim.host.abi import (
    DYNAMIC_SHARED,
    DYNAMIC_SHARED_ALIGN,
    MAX_SHARED_OPTIN_BYTES,
)

I8, I32, I64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
PTR = ir.PointerType()

# Offsets of the fields of cu2amd_thread that generated code reads, in the order of
# cu2amd_rt_field_offset()'s indices (checked against the C runtime when it is loaded).
THREAD_FIELDS: dict[str, int] = {
    "tid": 0,
    "ntid": 12,
    "ctaid": 24,
    "nctaid": 36,
    "linear_tid": 48,
    "wave_size": 52,
    "dynamic_shared": 56,
    "dynamic_shared_size": 64,
    "lane": 68,
}

THREAD_SLOT = "__cu2amd_thread"
ENTRY_PREFIX = "__cu2amd_entry_"
FLAGS_PREFIX = "__cu2amd_flags_"
FLAG_FIBERS = 1  # CU2AMD_LAUNCH_FIBERS
SHARED_REGIONS = "__cu2amd_shared_regions"
STATIC_SHARED_BYTES = "__cu2amd_static_shared_bytes"
# The host platform's shared window. On a GPU a .shared address (what cvta.to.shared and
# __cvta_generic_to_shared give, what ld.shared, cp.async and ldmatrix take) is a 32-bit
# address in the shared window; programs keep it in 32 bits (`uint32_t s =
# __cvta_generic_to_shared(p)`). On the host platform it is the generic address's offset
# from (this page-aligned byte of the module - 2 GiB), an unsigned 32-bit number for
# everything within 2 GiB of the byte, as the module's shared variables are. The byte is
# linkonce_odr: a CUDA file's inline PTX and its C++ (cu2amd/memory_intrinsics.h; defined
# by runtime_shim/host/retarget.py) share one.
SHARED_WINDOW = "__cu2amd_shared_window"
SHARED_WINDOW_HALF = 1 << 31
# isspacep's state spaces, as __cu2amd_is_space() numbers them.
SPACE_CODES = {StateSpace.GLOBAL: 0, StateSpace.SHARED: 1, StateSpace.LOCAL: 2}

# The `kind` argument of __cu2amd_barrier() (cu2amd_host.h) for each barrier operation.
BARRIER_KINDS = {"arrive": 1, "popc": 2, "and": 3, "or": 4}

_SREG_FIELDS = {"%tid": "tid", "%ntid": "ntid", "%ctaid": "ctaid", "%nctaid": "nctaid"}


class HostTarget:
    """`--offload-arch=host`: the CPU running the host platform runtime."""

    processor = "host"

    def __str__(self) -> str:
        return "host"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HostTarget)

    def __hash__(self) -> int:
        return hash("host")


HOST = HostTarget()


@functools.cache
def host_target_machine(opt_level: int = 3) -> llvm.TargetMachine:
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()
    target = llvm.Target.from_triple(llvm.get_process_triple())
    return target.create_target_machine(
        cpu=llvm.get_host_cpu_name(),
        features=llvm.get_host_cpu_features().flatten(),
        opt=opt_level,
        reloc="pic",
        codemodel="default",
    )


class HostHooks(TargetHooks):
    name = "host"
    named_barriers = True

    def __init__(self, library: bool = False) -> None:
        self.library = library  # functions for another module: no module-level ABI symbols
        self.triple = llvm.get_process_triple()
        self.uses_fibers = False  # of the kernel being emitted
        self._sites: dict[str, ir.GlobalVariable] = {}
        self._shared: list[tuple[ir.GlobalVariable, ir.Type]] = []
        self._fiber_functions: set[str] = set()  # functions using barriers or collectives

    def data_layout(self) -> str:
        return str(host_target_machine().target_data)

    def address_space(self, space: StateSpace) -> int:
        return 0

    def pointer_bits(self, space: StateSpace) -> int:
        return 32 if space is StateSpace.SHARED else 64

    def space_pointer(self, builder: ir.IRBuilder, value: ir.Value, space: StateSpace) -> ir.Value:
        if space is not StateSpace.SHARED:
            return super().space_pointer(builder, value, space)
        # A .shared address is an unsigned 32-bit offset in the module's shared window.
        # (inttoptr, not a gep from the window's byte: the address is another variable's)
        offset = builder.zext(builder.trunc(value, I32) if value.type != I32 else value, I64)
        window = builder.ptrtoint(self._shared_window(builder), I64)
        address = builder.add(window, builder.sub(offset, I64(SHARED_WINDOW_HALF)))
        return builder.inttoptr(address, PTR)

    def space_address(
        self, builder: ir.IRBuilder, pointer: ir.Value, space: StateSpace, bits: int
    ) -> ir.Value:
        if space is not StateSpace.SHARED:
            return super().space_address(builder, pointer, space, bits)
        window = builder.ptrtoint(self._shared_window(builder), I64)
        offset = builder.sub(builder.ptrtoint(pointer, I64), window)
        offset = builder.add(offset, I64(SHARED_WINDOW_HALF))
        return builder.trunc(offset, ir.IntType(bits)) if bits < 64 else offset

    def _shared_window(self, builder: ir.IRBuilder) -> ir.Value:
        """SHARED_WINDOW of the module `builder` emits into (declared once per module)."""
        module = builder.module
        window = module.globals.get(SHARED_WINDOW)
        if window is None:
            window = ir.GlobalVariable(module, I8, SHARED_WINDOW, addrspace=1)
            window.linkage = "linkonce_odr"
            window.visibility = "hidden"
            window.initializer = I8(0)
            window.align = 4096
        return builder.addrspacecast(window, PTR)

    def alloca_address_space(self) -> int:
        return 0

    def setup_module(self, module: ir.Module) -> None:
        slot = ir.GlobalVariable(module, PTR, THREAD_SLOT)
        slot.align = 8
        if not self.library:
            slot.initializer = ir.Constant(PTR, None)

    def define_kernel(
        self,
        module: ir.Module,
        kernel: ast.Function,
        args: list[ir.Type],
        byref: dict[int, tuple[ir.Type, int]] | None = None,
    ) -> ir.Function:
        byref = byref or {}
        types = [PTR if i in byref else ty for i, ty in enumerate(args)]
        fn = ir.Function(module, ir.FunctionType(ir.VoidType(), types), name=kernel.name)
        fn.linkage = "internal"
        use_string_attributes(fn).add("nounwind")
        self.uses_fibers = False
        self._define_entry(module, fn, types, set(byref))
        return fn

    def _define_entry(
        self, module: ir.Module, kernel: ir.Function, args: list[ir.Type], byref: set[int]
    ) -> None:
        entry = ir.Function(
            module, ir.FunctionType(ir.VoidType(), [PTR]), ENTRY_PREFIX + kernel.name
        )
        entry.args[0].name = "args"
        b = ir.IRBuilder(entry.append_basic_block("entry"))
        values = []
        for i, ty in enumerate(args):
            slot = b.gep(entry.args[0], [I64(i)], source_etype=PTR)
            pointer = b.load(slot, typ=PTR)
            values.append(pointer if i in byref else b.load(pointer, typ=ty))
        b.call(kernel, values)
        b.ret_void()

    def begin_function(self, fn: ir.Function, ptx: ast.Function) -> None:
        self.uses_fibers = False

    def finish_function(self, fn: ir.Function, ptx: ast.Function) -> None:
        if self.uses_fibers:
            self._fiber_functions.add(fn.name)

    def finish_kernel(
        self,
        module: ir.Module,
        fn: ir.Function,
        kernel: ast.Function,
        callees: frozenset[str] = frozenset(),
    ) -> None:
        fibers = fn.name in self._fiber_functions or not callees.isdisjoint(self._fiber_functions)
        flags = ir.GlobalVariable(module, I32, FLAGS_PREFIX + fn.name)
        flags.initializer = I32(FLAG_FIBERS if fibers else 0)
        flags.global_constant = True

    def note_shared(self, variable: ir.GlobalVariable, ty: ir.Type) -> None:
        self._shared.append((variable, ty))

    def finish_module(self, module: ir.Module) -> None:
        """`__cu2amd_shared_regions`: {pointer, size} of each static shared variable and
        `__cu2amd_shared_region_count`, so strict mode can poison them per block."""
        if self.library:
            return
        region_ty = ir.LiteralStructType([PTR, I64])
        td = llvm.create_target_data(self.data_layout())
        regions = [
            ir.Constant(region_ty, [gv, I64(ty.get_abi_size(td))]) for gv, ty in self._shared
        ]
        table_ty = ir.ArrayType(region_ty, len(regions))
        table = ir.GlobalVariable(module, table_ty, SHARED_REGIONS)
        table.initializer = ir.Constant(table_ty, regions)
        table.global_constant = True
        count = ir.GlobalVariable(module, I64, SHARED_REGIONS + "_count")
        count.initializer = I64(len(regions))
        count.global_constant = True
        static = module.globals.get(STATIC_SHARED_BYTES)
        if static is not None:  # %total_smem_size was read
            static.initializer = I32(sum(ty.get_abi_size(td) for _, ty in self._shared))

    def dynamic_shared(self, module: ir.Module, name: str, align: int) -> None:
        """Accesses read the block's buffer from the thread descriptor. A module of its own
        defines the buffer the runtime then uses (DYNAMIC_SHARED), so that it is within
        the shared window's reach, as the module's static shared variables are."""
        if not self.library and DYNAMIC_SHARED not in module.globals:
            ty = ir.ArrayType(I8, MAX_SHARED_OPTIN_BYTES)
            buffer = ir.GlobalVariable(module, ty, DYNAMIC_SHARED)
            buffer.initializer = ir.Constant(buffer.value_type, None)
            buffer.align = DYNAMIC_SHARED_ALIGN
        return None

    def dynamic_shared_pointer(self, builder: ir.IRBuilder) -> ir.Value:
        return self._field(builder, "dynamic_shared", 0, PTR, "dynamic_shared")

    def _thread(self, builder: ir.IRBuilder) -> ir.Value:
        slot = builder.module.globals[THREAD_SLOT]
        return builder.load(slot, typ=PTR, name="thread")

    def _field(
        self, builder: ir.IRBuilder, field: str, index: int, ty: ir.Type, name: str
    ) -> ir.Value:
        """Field `field` (element `index` of a dim3) of the current GPU thread's record."""
        offset = THREAD_FIELDS[field] + 4 * index
        addr = builder.gep(self._thread(builder), [I64(offset)], source_etype=I8, inbounds=True)
        return builder.load(addr, typ=ty, name=name, align=4)

    def special_register(
        self, builder: ir.IRBuilder, name: str, axis: str | None, loc: Location
    ) -> ir.Value:
        field = _SREG_FIELDS.get(name)
        if field is not None and axis in AXES:
            return self._field(builder, field, AXES.index(axis), I32, f"{name[1:]}.{axis}")
        if name == "%dynamic_smem_size":
            return self._field(builder, "dynamic_shared_size", 0, I32, "dynamic_smem_size")
        if name == "%total_smem_size":
            dynamic = self._field(builder, "dynamic_shared_size", 0, I32, "dynamic_smem_size")
            return builder.add(dynamic, self._static_shared_bytes(builder), name="total_smem_size")
        if name == "%smid":
            return I32(0)  # one SM runs every block
        if name == "%nsmid":
            return I32(1)
        if name == "%clock64":
            return call_intrinsic(builder, "llvm.readcyclecounter", I64, [], "clock64")
        if name in ("%globaltimer", "%gridid"):
            callee = "__cu2amd_globaltimer" if name == "%globaltimer" else "__cu2amd_grid_id"
            return call_intrinsic(builder, callee, I64, [])
        raise self.unsupported_special(name + (f".{axis}" if axis else ""), loc)

    def _static_shared_bytes(self, builder: ir.IRBuilder) -> ir.Value:
        """The module's static shared memory size, known once the module is emitted."""
        gv = builder.module.globals.get(STATIC_SHARED_BYTES)
        if gv is None:
            gv = ir.GlobalVariable(builder.module, I32, STATIC_SHARED_BYTES)
            gv.initializer = I32(0)  # set by finish_module()
            gv.global_constant = True
            gv.linkage = "internal"
        return builder.load(gv, typ=I32)

    def linear_thread_id(self, builder: ir.IRBuilder) -> ir.Value:
        return self._field(builder, "linear_tid", 0, I32, "linear_tid")

    def printf(
        self, builder: ir.IRBuilder, format_: ir.Value, args: ir.Value, loc: Location
    ) -> ir.Value:
        pointers = [builder.inttoptr(format_, PTR), builder.inttoptr(args, PTR)]
        return call_intrinsic(builder, "__cu2amd_vprintf", I32, pointers)

    def assert_fail(self, builder: ir.IRBuilder, site: str, args: list[ir.Value]) -> None:
        message, file, line, function, char_size = args
        fn = declare_intrinsic(
            builder.module, "__cu2amd_assertfail", ir.VoidType(), [PTR, PTR, I32, PTR, I64]
        )
        fn.attributes.add("noreturn")
        pointers = [builder.inttoptr(v, PTR) for v in (message, file, function)]
        builder.call(fn, [pointers[0], pointers[1], line, pointers[2], char_size])

    def is_space(
        self, builder: ir.IRBuilder, space: StateSpace, address: ir.Value, loc: Location
    ) -> ir.Value:
        fn = declare_intrinsic(builder.module, "__cu2amd_is_space", I32, [I32, PTR])
        pointer = builder.inttoptr(address, PTR)
        result = builder.call(fn, [I32(SPACE_CODES[space]), pointer])
        return builder.icmp_unsigned("!=", result, I32(0))

    def site_string(self, builder: ir.IRBuilder, site: str) -> ir.Value:
        """A pointer to a constant C string naming `site` (one per distinct text)."""
        gv = self._sites.get(site)
        if gv is None:
            data = bytearray(site.encode("utf-8") + b"\0")
            ty = ir.ArrayType(I8, len(data))
            gv = ir.GlobalVariable(builder.module, ty, builder.module.get_unique_name("site"))
            gv.initializer = ir.Constant(ty, data)
            gv.global_constant = True
            gv.linkage = "private"
            gv.unnamed_addr = True
            self._sites[site] = gv
        return gv

    def trap(self, builder: ir.IRBuilder, site: str) -> None:
        fn = declare_intrinsic(builder.module, "__cu2amd_trap", ir.VoidType(), [PTR])
        fn.attributes.add("noreturn")
        builder.call(fn, [self.site_string(builder, site)])

    def barrier(
        self, builder: ir.IRBuilder, site: str, barrier_id: ir.Value, count: ir.Value | None
    ) -> None:
        self._barrier_call(builder, site, barrier_id, count, 0, I32(0))

    barrier_ops = True

    def barrier_op(
        self,
        builder: ir.IRBuilder,
        site: str,
        barrier_id: ir.Value,
        count: ir.Value | None,
        op: str,
        pred: ir.Value | None,
    ) -> ir.Value:
        kind = BARRIER_KINDS[op]
        value = I32(0) if pred is None else builder.zext(pred, I32)
        return self._barrier_call(builder, site, barrier_id, count, kind, value)

    def _barrier_call(
        self,
        builder: ir.IRBuilder,
        site: str,
        barrier_id: ir.Value,
        count: ir.Value | None,
        kind: int,
        pred: ir.Value,
    ) -> ir.Value:
        self.uses_fibers = True
        fn = declare_intrinsic(builder.module, "__cu2amd_barrier", I32, [PTR, I32, I32, I32, I32])
        # Like llvm.amdgcn.s.barrier: no optimisation may merge or move it across control flow.
        fn.attributes.add("convergent")
        args = [self.site_string(builder, site), barrier_id, count or I32(0), I32(kind), pred]
        return builder.call(fn, args)

    def spin_wait(self, builder: ir.IRBuilder) -> None:
        # The block's threads are fibers: the others run only if this one switches.
        self.uses_fibers = True
        fn = declare_intrinsic(builder.module, "__cu2amd_yield", ir.VoidType(), [])
        builder.call(fn, [])

    def collective_site(self, builder: ir.IRBuilder, site: str) -> ir.Value:
        self.uses_fibers = True  # the runtime switches fibers at every wave primitive
        return self.site_string(builder, site)
