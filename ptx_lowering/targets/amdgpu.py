"""AMDGPU target hooks: address spaces, kernel ABI and work-item queries for gfx targets.

Address spaces follow LLVM's AMDGPU conventions (AMDGPUUsage "Address Spaces"): flat 0,
global 1, LDS 3, constant 4, private (scratch) 5. Work-group sizes and grid sizes come from
the HSA dispatch packet, which every code object version provides.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.amdgpu import codegen
from cu2amd.amdgpu.targets import TargetId
from cu2amd.errors import Location
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.irutil import declare_intrinsic, use_string_attributes
from cu2amd.ptx_lowering.isa.types import StateSpace
from cu2amd.ptx_lowering.targets.base import AXES, TargetHooks

I16, I32 = ir.IntType(16), ir.IntType(32)

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
        self, module: ir.Module, kernel: ast.Function, args: list[ir.Type]
    ) -> ir.Function:
        fn = ir.Function(module, ir.FunctionType(ir.VoidType(), args), name=kernel.name)
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
        module = builder.module
        if name == "%tid" and axis in AXES:
            fn = declare_intrinsic(module, f"llvm.amdgcn.workitem.id.{axis}", I32, [])
            return builder.call(fn, [], name=f"tid.{axis}")
        if name == "%ctaid" and axis in AXES:
            fn = declare_intrinsic(module, f"llvm.amdgcn.workgroup.id.{axis}", I32, [])
            return builder.call(fn, [], name=f"ctaid.{axis}")
        if name == "%ntid" and axis in AXES:
            return self._workgroup_size(builder, axis)
        if name == "%nctaid" and axis in AXES:
            grid = self._dispatch_field(builder, _GRID_SIZE_OFFSET[axis], I32, f"grid.{axis}")
            wg = self._workgroup_size(builder, axis)
            # ceil(grid / wg): HIP launches whole blocks, HSA dispatches may not.
            sum_ = builder.add(grid, builder.sub(wg, I32(1)))
            return builder.udiv(sum_, wg, name=f"nctaid.{axis}")
        raise self.unsupported_special(name + (f".{axis}" if axis else ""), loc)

    def _workgroup_size(self, builder: ir.IRBuilder, axis: str) -> ir.Value:
        size = self._dispatch_field(builder, _WG_SIZE_OFFSET[axis], I16, f"ntid16.{axis}")
        return builder.zext(size, I32, name=f"ntid.{axis}")

    def _dispatch_field(
        self, builder: ir.IRBuilder, offset: int, ty: ir.IntType, name: str
    ) -> ir.Value:
        module = builder.module
        ptr_ty = ir.PointerType(addrspace=4)
        dispatch = declare_intrinsic(module, "llvm.amdgcn.dispatch.ptr", ptr_ty, [])
        base = builder.call(dispatch, [], name="dispatch")
        addr = builder.gep(base, [I32(offset)], source_etype=ir.IntType(8), inbounds=True)
        value = builder.load(addr, typ=ty, name=name, align=ty.width // 8)
        value.set_metadata("invariant.load", module.add_metadata([]))
        return value

    def trap(self, builder: ir.IRBuilder, site: str) -> None:
        del site  # s_trap carries no message; the queue reports the abort
        builder.call(declare_intrinsic(builder.module, "llvm.trap", ir.VoidType(), []), [])

    def barrier(
        self, builder: ir.IRBuilder, site: str, barrier_id: ir.Value, count: ir.Value | None
    ) -> None:
        del site, barrier_id, count  # only barrier 0 over the whole CTA (named_barriers)
        module = builder.module
        barrier = declare_intrinsic(module, "llvm.amdgcn.s.barrier", ir.VoidType(), [])
        builder.fence("release", "workgroup")
        builder.call(barrier, [])
        builder.fence("acquire", "workgroup")


def _product(values: tuple[int, ...]) -> int:
    result = 1
    for v in values:
        result *= v
    return result
