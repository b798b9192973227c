"""AMDGPU target hooks: address spaces, kernel ABI and work-item queries for gfx targets.

Address spaces follow LLVM's AMDGPU conventions (AMDGPUUsage "Address Spaces"): flat 0,
global 1, LDS 3, constant 4, private (scratch) 5. Work-group sizes and grid sizes come from
the HSA dispatch packet, which every code object version provides.

PTX scopes map to AMDGPU sync scopes: .cta -> "workgroup", .gpu -> "agent", .sys -> ""
(system). cu2amd launches no clusters (each CTA is its own cluster), so .cluster could be
"workgroup"; it maps to "agent", the scope of the GPU, which also holds if clusters are
ever emulated across work-groups.

Special registers that have no AMD counterpart in name are what the hardware can report:
%smid is the shader engine and compute unit (plus the XCC on CDNA 3) of the wave, as HIP's
__smid() composes it, and %nsmid the bound of that numbering; %gridid is the dispatch id;
%clock64 is the shader clock counter (s_memtime), except on RDNA 3, whose only 64-bit
counter readable by a kernel is the constant 100 MHz one; %globaltimer is that constant
clock in nanoseconds (every supported AMD GPU runs it at 100 MHz); %total_smem_size is the
dispatch's LDS size and %dynamic_smem_size that minus the kernel's static LDS.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.amdgpu import codegen
from cu2amd.amdgpu.targets import Family, TargetId
from cu2amd.errors import Location, UnsupportedError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit import printf_amdgpu, printf_format
from cu2amd.ptx_lowering.irutil import call_intrinsic, declare_intrinsic, use_string_attributes
from cu2amd.ptx_lowering.isa.types import StateSpace
from cu2amd.ptx_lowering.targets import amdgpu_barriers
from cu2amd.ptx_lowering.targets.base import AXES, TargetHooks

I1, I16, I32, I64 = ir.IntType(1), ir.IntType(16), ir.IntType(32), ir.IntType(64)

_ADDRSPACE = {
    StateSpace.GENERIC: 0,
    StateSpace.GLOBAL: 1,
    StateSpace.SHARED: 3,
    StateSpace.CONST: 4,
    StateSpace.LOCAL: 5,
    StateSpace.PARAM: 4,  # kernel parameters live in the (constant) kernarg segment
}

# hsa_kernel_dispatch_packet_t: workgroup_size_{x,y,z} are u16 at 4, 6, 8;
# grid_size_{x,y,z} (in work-items) are u32 at 12, 16, 20.
_WG_SIZE_OFFSET = {"x": 4, "y": 6, "z": 8}
_GRID_SIZE_OFFSET = {"x": 12, "y": 16, "z": 20}
_GROUP_SEGMENT_SIZE_OFFSET = 28  # u32: the dispatch's LDS bytes, static and dynamic

_SYNC_SCOPES = {"cta": "workgroup", "cluster": "agent", "gpu": "agent", "sys": ""}
_CONSTANT_CLOCK_NS = 10  # the 100 MHz constant clock (s_memrealtime) ticks every 10 ns

# Hardware registers of s_getreg (AMDGPUUsage, and HIP's __smid()): (register, offset,
# width) of the fields that locate a wave. GCN 5 and CDNA: HW_ID holds the compute unit
# (CU_ID) and shader engine (SE_ID); CDNA 3 adds the XCC (XCC_ID register). RDNA 1-3:
# HW_ID1 holds the shader engine, shader array (SA_ID) and work-group processor (WGP_ID).
_HW_ID, _HW_ID1, _XCC_ID = 4, 23, 20
_CU_ID, _WGP_ID, _SA_ID = (_HW_ID, 8, 4), (_HW_ID1, 10, 4), (_HW_ID1, 16, 1)
_RDNA_SE_ID = (_HW_ID1, 18, 3)
_XCC = (_XCC_ID, 0, 4)


class _ByrefAttributes(ir.values.ArgumentAttributes):
    """`byref(<type>) align N`: llvmlite spells byref's type from a typed pointer, which
    opaque pointers lack."""

    def __init__(self, pointee: ir.Type, align: int) -> None:
        super().__init__()
        self.pointee = pointee
        self.align = align

    def _to_list(self, typ: ir.Type) -> list[str]:
        return [f"byref({self.pointee})", *super()._to_list(typ)]


DEFAULT_MAX_THREADS = 1024
DEFAULT_CODE_OBJECT_VERSION = 5


class AmdgpuHooks(TargetHooks):
    triple = codegen.AMDGPU_TRIPLE

    def __init__(
        self, target_id: TargetId, code_object_version: int = DEFAULT_CODE_OBJECT_VERSION
    ) -> None:
        self.target_id = target_id
        self.name = str(target_id)
        self.code_object_version = code_object_version
        self._function: ast.Function | None = None  # being emitted
        self._printf_formats: dict[Location, printf_format.FormatSource | None] | None = None

    def data_layout(self) -> str:
        return codegen.data_layout(self.target_id)

    def address_space(self, space: StateSpace) -> int:
        return _ADDRSPACE[space]

    def pointer_bits(self, space: StateSpace) -> int:
        return 32 if space in (StateSpace.SHARED, StateSpace.LOCAL) else 64

    def alloca_address_space(self) -> int:
        return _ADDRSPACE[StateSpace.LOCAL]

    def setup_module(self, module: ir.Module) -> None:
        module.add_named_metadata(
            "llvm.module.flags",
            [I32(1), "amdhsa_code_object_version", I32(self.code_object_version * 100)],
        )

    def define_kernel(
        self,
        module: ir.Module,
        kernel: ast.Function,
        args: list[ir.Type],
        byref: dict[int, tuple[ir.Type, int]] | None = None,
    ) -> ir.Function:
        byref = byref or {}
        param_ptr = ir.PointerType(addrspace=_ADDRSPACE[StateSpace.PARAM])
        types = [param_ptr if i in byref else ty for i, ty in enumerate(args)]
        fn = ir.Function(module, ir.FunctionType(ir.VoidType(), types), name=kernel.name)
        # A parameter passed by reference (a struct by value, as clang passes HIP's) is
        # laid out in the kernarg segment like one passed by value.
        for i, (ty, align) in byref.items():
            fn.args[i].attributes = _ByrefAttributes(ty, align)
        fn.calling_convention = "amdgpu_kernel"
        attrs = use_string_attributes(fn)
        low, high = 1, DEFAULT_MAX_THREADS
        if (req := kernel.directive("reqntid")) is not None:
            low = high = _product(req.values)
        elif (maxn := kernel.directive("maxntid")) is not None:
            high = _product(maxn.values)
        attrs.set_string("amdgpu-flat-work-group-size", f"{low},{high}")
        # CUDA grids consist of whole blocks, so every work-group is full.
        attrs.set_string("uniform-work-group-size", "true")
        attrs.add("nounwind")
        return fn

    def dynamic_shared(self, module: ir.Module, name: str, align: int) -> ir.Value:
        # HIP's convention: an external zero-sized LDS array is placed after the static
        # LDS and sized at launch (the dispatch's dynamic group segment).
        ty = ir.ArrayType(ir.IntType(8), 0)
        gv = ir.GlobalVariable(
            module, ty, module.get_unique_name(name), _ADDRSPACE[StateSpace.SHARED]
        )
        gv.linkage = "external"
        gv.align = align
        return gv

    def special_register(
        self, builder: ir.IRBuilder, name: str, axis: str | None, loc: Location
    ) -> ir.Value:
        if name == "%tid" and axis in AXES:
            return call_intrinsic(
                builder, f"llvm.amdgcn.workitem.id.{axis}", I32, [], f"tid.{axis}"
            )
        if name == "%ctaid" and axis in AXES:
            return call_intrinsic(
                builder, f"llvm.amdgcn.workgroup.id.{axis}", I32, [], f"ctaid.{axis}"
            )
        if name == "%ntid" and axis in AXES:
            return self._workgroup_size(builder, axis)
        if name == "%nctaid" and axis in AXES:
            grid = self._dispatch_field(builder, _GRID_SIZE_OFFSET[axis], I32, f"grid.{axis}")
            wg = self._workgroup_size(builder, axis)
            # ceil(grid / wg): HIP launches whole blocks, HSA dispatches may not.
            sum_ = builder.add(grid, builder.sub(wg, I32(1)))
            return builder.udiv(sum_, wg, name=f"nctaid.{axis}")
        if name in ("%smid", "%nsmid"):
            return self._sm_id(builder, name, loc)
        if name == "%gridid":
            return call_intrinsic(builder, "llvm.amdgcn.dispatch.id", I64, [], "gridid")
        if name == "%clock64":
            if self.target_id.target.family in (Family.RDNA3, Family.RDNA3_5):
                return self._constant_clock(builder, "clock64")
            return call_intrinsic(builder, "llvm.readcyclecounter", I64, [], "clock64")
        if name == "%globaltimer":
            ticks = self._constant_clock(builder, "realtime")
            return builder.mul(ticks, I64(_CONSTANT_CLOCK_NS), name="globaltimer")
        if name in ("%total_smem_size", "%dynamic_smem_size"):
            total = self._dispatch_field(
                builder, _GROUP_SEGMENT_SIZE_OFFSET, I32, "total_smem_size"
            )
            if name == "%total_smem_size":
                return total
            static = call_intrinsic(builder, "llvm.amdgcn.groupstaticsize", I32, [])
            return builder.sub(total, static, name="dynamic_smem_size")
        raise self.unsupported_special(name + (f".{axis}" if axis else ""), loc)

    def _constant_clock(self, builder: ir.IRBuilder, name: str) -> ir.Value:
        return call_intrinsic(builder, "llvm.readsteadycounter", I64, [], name)

    def _hw_field(self, builder: ir.IRBuilder, field: tuple[int, int, int]) -> ir.Value:
        register, offset, width = field
        selector = I32((width - 1) << 11 | offset << 6 | register)
        return call_intrinsic(builder, "llvm.amdgcn.s.getreg", I32, [selector])

    def _sm_id(self, builder: ir.IRBuilder, name: str, loc: Location) -> ir.Value:
        """%smid as HIP's __smid() composes it, and %nsmid the bound of that numbering."""
        target = self.target_id.target
        family = target.family
        if family in (Family.CDNA3, Family.CDNA4):
            fields = [_XCC, (_HW_ID, 13, 2), _CU_ID]
        elif family in (Family.GCN5, Family.CDNA1, Family.CDNA2):
            se_bits = 3 if target.name in ("gfx908", "gfx90a") else 2
            fields = [(_HW_ID, 13, se_bits), _CU_ID]
        elif family in (Family.RDNA1, Family.RDNA2, Family.RDNA3, Family.RDNA3_5):
            fields = [_RDNA_SE_ID, _SA_ID, _WGP_ID]
        else:
            raise UnsupportedError(f"special register '{name}' on {self.name}", loc)
        if name == "%nsmid":
            return I32(1 << sum(width for _, _, width in fields))
        value = self._hw_field(builder, fields[0])
        for field in fields[1:]:
            shifted = builder.shl(value, I32(field[2]))
            value = builder.or_(shifted, self._hw_field(builder, field))
        value.name = "smid"
        return value

    def sync_scope(self, scope: str) -> str:
        return _SYNC_SCOPES[scope]

    def begin_function(self, fn: ir.Function, ptx: ast.Function) -> None:
        del fn
        self._function = ptx
        self._printf_formats = None  # found on the function's first vprintf call

    def printf(
        self, builder: ir.IRBuilder, format_: ir.Value, args: ir.Value, loc: Location
    ) -> ir.Value:
        """ROCm's hostcall printf (OCKL), the arguments' layout read from the constant
        format; returns the number of arguments, -2 when the host reports an error."""
        if self._printf_formats is None:
            assert self._function is not None, "begin_function names the function"
            # Each vprintf call's constant format, found on the PTX (emit/printf_format.py).
            self._printf_formats = printf_format.format_sources(self._function)
        source = self._printf_formats.get(loc)
        return printf_amdgpu.emit_printf(builder, source, format_, args, loc)

    def is_space(
        self, builder: ir.IRBuilder, space: StateSpace, address: ir.Value, loc: Location
    ) -> ir.Value:
        del loc
        pointer = builder.inttoptr(address, ir.PointerType())
        module = builder.module
        shared = declare_intrinsic(module, "llvm.amdgcn.is.shared", I1, [ir.PointerType()])
        private = declare_intrinsic(module, "llvm.amdgcn.is.private", I1, [ir.PointerType()])
        if space is StateSpace.SHARED:
            return builder.call(shared, [pointer])
        if space is StateSpace.LOCAL:
            return builder.call(private, [pointer])
        # Generic addresses that are neither LDS nor scratch are global memory.
        either = builder.or_(builder.call(shared, [pointer]), builder.call(private, [pointer]))
        return builder.not_(either)

    def _workgroup_size(self, builder: ir.IRBuilder, axis: str) -> ir.Value:
        size = self._dispatch_field(builder, _WG_SIZE_OFFSET[axis], I16, f"ntid16.{axis}")
        return builder.zext(size, I32, name=f"ntid.{axis}")

    def _dispatch_field(
        self, builder: ir.IRBuilder, offset: int, ty: ir.IntType, name: str
    ) -> ir.Value:
        module = builder.module
        ptr_ty = ir.PointerType(addrspace=4)
        base = call_intrinsic(builder, "llvm.amdgcn.dispatch.ptr", ptr_ty, [], "dispatch")
        addr = builder.gep(base, [I32(offset)], source_etype=ir.IntType(8), inbounds=True)
        value = builder.load(addr, typ=ty, name=name, align=ty.width // 8)
        value.set_metadata("invariant.load", module.add_metadata([]))
        return value

    def trap(self, builder: ir.IRBuilder, site: str) -> None:
        del site  # s_trap carries no message; the queue reports the abort
        call_intrinsic(builder, "llvm.trap", ir.VoidType(), [])

    # Barrier 0 over the whole CTA is s_barrier; the others a barrier in LDS
    # (amdgpu_barriers.py), as is bar.arrive. bar.red is OCKL's, over barrier 0 only.
    named_barriers = True
    barrier_ops = True
    named_barrier_reductions = False

    def barrier(
        self, builder: ir.IRBuilder, site: str, barrier_id: ir.Value, count: ir.Value | None
    ) -> None:
        del site
        if count is not None or not _is_zero(barrier_id):
            self._named_barrier(builder, barrier_id, count, wait=True)
            return
        module = builder.module
        barrier = declare_intrinsic(module, "llvm.amdgcn.s.barrier", ir.VoidType(), [])
        builder.fence("release", "workgroup")
        builder.call(barrier, [])
        builder.fence("acquire", "workgroup")

    def barrier_op(
        self,
        builder: ir.IRBuilder,
        site: str,
        barrier_id: ir.Value,
        count: ir.Value | None,
        op: str,
        pred: ir.Value | None,
    ) -> ir.Value:
        del site, pred
        if op != "arrive":  # sync.py asks for bar.red only where named_barrier_reductions
            raise NotImplementedError(f"bar.red.{op} with a barrier id or count on AMDGPU")
        self._named_barrier(builder, barrier_id, count, wait=False)
        return I32(0)

    def _named_barrier(
        self, builder: ir.IRBuilder, barrier_id: ir.Value, count: ir.Value | None, wait: bool
    ) -> None:
        def block_size(b: ir.IRBuilder) -> ir.Value:
            x, y, z = (self._workgroup_size(b, axis) for axis in AXES)
            return b.mul(b.mul(x, y), z, name="ntid")

        fn = amdgpu_barriers.barrier_function(builder.module, block_size)
        builder.call(fn, [barrier_id, count if count is not None else I32(0), I1(int(wait))])

    def spin_wait(self, builder: ir.IRBuilder) -> None:
        call_intrinsic(builder, "llvm.amdgcn.s.sleep", ir.VoidType(), [I32(1)])

    barrier_reductions = True

    def barrier_reduce(self, builder: ir.IRBuilder, op: str, pred: ir.Value) -> ir.Value:
        """OCKL's work-group reductions (LDS and s_barrier), between the fences of a CTA
        barrier: bar.red orders memory as bar.sync does."""
        name = {"popc": "__ockl_wgred_add_i32", "and": "__ockl_wgred_and_i32",
                "or": "__ockl_wgred_or_i32"}[op]  # fmt: skip
        fn = declare_intrinsic(builder.module, name, ir.IntType(32), [ir.IntType(32)])
        fn.attributes.add("convergent")
        builder.fence("release", "workgroup")
        result = builder.call(fn, [builder.zext(pred, ir.IntType(32))], name=f"bar.red.{op}")
        builder.fence("acquire", "workgroup")
        return result


def _is_zero(value: ir.Value) -> bool:
    return isinstance(value, ir.Constant) and value.constant == 0


def _product(values: tuple[int, ...]) -> int:
    result = 1
    for v in values:
        result *= v
    return result
