"""Texture and surface instructions in unified mode (PTX ISA 9.7.10, 9.7.11): tex, tex.level,
tex.grad, tld4, txq, suld.b, sust.b, suq on texture and surface objects (a .b64 handle, a
cudaTextureObject_t / cudaSurfaceObject_t made by the runtime API).

Each instruction is one call of a `__cu2amd_ptx_*` builtin of the device runtime library
(runtime_shim/device/texture_ptx.h), which samples with the same code as CUDA C++'s tex2D
and surf2Dread (cu2amd/texture_device.h), so a PTX kernel and a CUDA C++ kernel read the
same values from one object. Results come back through a stack buffer.

Targets: the host platform. AMD GPUs are an error naming the target: gfx940-gfx950 have no
image instructions; the image-instruction lowering for the others is not written yet.
`.texref`/`.surfref` globals (independent mode, or unified mode through a module variable)
and an explicit sampler operand are errors too.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.isa.types import TYPES

I8, I32, I64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
F32 = ir.FloatType()
PTR = ir.PointerType()
B32, B64, S32, F32T, PRED = TYPES["b32"], TYPES["b64"], TYPES["s32"], TYPES["f32"], TYPES["pred"]

# geometry -> (coordinate dimensions, array: the vector's first element is the layer)
GEOMETRY = {
    "1d": (1, False),
    "2d": (2, False),
    "3d": (3, False),
    "a1d": (1, True),
    "a2d": (2, True),
}
# The vector sizes the ISA gives each geometry's coordinates ({x}, {x, y}, {x, y, z, _},
# {layer, x}, {layer, x, y, _}).
VECTOR_SIZE = {"1d": 1, "2d": 2, "3d": 4, "a1d": 2, "a2d": 4}
QUERIES = {"width": 0, "height": 1, "depth": 2}
BOUNDARY = {"zero": 0, "clamp": 1, "trap": 2}  # cudaSurfaceBoundaryMode
COMPONENTS = {"r": 0, "g": 1, "b": 2, "a": 3}
# AMD GPUs without image instructions (texture_device.h's CU2AMD_NEEDS_IMAGES).
NO_IMAGES = ("gfx940", "gfx941", "gfx942", "gfx950")


def _check_target(ctx: FunctionContext) -> None:
    name = ctx.hooks.name
    if name == "host":
        return
    if any(name.startswith(g) for g in NO_IMAGES):
        raise ctx.unsupported(f"{name} has no image instructions: no texture or surface access")
    raise ctx.unsupported(f"texture and surface instructions are lowered for the host platform "
                          f"only so far, not for {name}")  # fmt: skip


def _call(ctx: FunctionContext, name: str, ret: ir.Type, args: list[ir.Value]) -> ir.Value:
    fn = ctx.module.globals.get(name)
    if fn is None:
        fn = ir.Function(ctx.module, ir.FunctionType(ret, [a.type for a in args]), name)
        fn.attributes.add("nounwind")
    return ctx.builder.call(fn, args)


def _handle(ctx: FunctionContext, op: ast.Operand) -> tuple[ir.Value, tuple[ast.Operand, ...]]:
    """The object handle of `[obj, {...}]` or `[obj]`, and the address list's items."""
    if isinstance(op, ast.AddressList):
        base, items = op.base, op.items
    elif isinstance(op, ast.Address) and op.base is not None and op.offset == 0:
        base, items = op.base, ()
    else:
        raise ctx.error("the texture or surface operand must be a .b64 register", op.loc)
    if ctx.register(base) is None:
        detail = "is not a register: .texref/.surfref variables are not lowered, only texture "
        raise ctx.unsupported(f"'{base.name}' {detail}and surface objects", base.loc)
    return ctx.read(base, B64), items


def _coordinates(ctx: FunctionContext, items: tuple[ast.Operand, ...], geom: str, loc) -> list:
    if len(items) != 1:
        raise ctx.unsupported("an explicit sampler operand (independent mode) is not lowered", loc)
    vec = items[0]
    size = VECTOR_SIZE[geom]
    elements = vec.elements if isinstance(vec, ast.VectorOp) else (vec,)
    if len(elements) != size:
        raise ctx.error(f".{geom} takes a vector of {size} coordinates", vec.loc)
    return list(elements)


def _split(ctx: FunctionContext, elements: list, geom: str, ctype) -> tuple[ir.Value, list]:
    """(layer or -1, the coordinates as `ctype`) of a coordinate vector."""
    dims, array = GEOMETRY[geom]
    layer = ctx.read(elements[0], S32) if array else ir.Constant(I32, -1)
    coords = elements[1:] if array else elements
    return layer, [ctx.read(c, ctype) for c in coords[:dims]]


def _pad(values: list[ir.Value], zero: ir.Value, n: int = 3) -> list[ir.Value]:
    return [*values, *([zero] * (n - len(values)))]


def _at(b: ir.IRBuilder, buf: ir.AllocaInstr, i: int) -> ir.Value:
    """Element i of a stack buffer."""
    return b.gep(buf, [ir.Constant(I32, 0), ir.Constant(I32, i)], inbounds=True,
                 source_etype=buf.allocated_type)  # fmt: skip


def _write_vector(ctx: FunctionContext, dest: ast.Operand, buf: ir.Value, dtype) -> None:
    """Four 32-bit words from `buf` into `{d0, d1, d2, d3}` (or `{...}|p`: p is true, every
    texel being resident)."""
    b = ctx.builder
    if isinstance(dest, ast.Pair):
        ctx.write(dest.second, ir.Constant(ir.IntType(1), 1), PRED)
        dest = dest.first
    if not isinstance(dest, ast.VectorOp) or len(dest.elements) != 4:
        raise ctx.error("the destination must be a vector of four registers", dest.loc)
    for i, element in enumerate(dest.elements):
        word = b.load(_at(b, buf, i), typ=F32)
        ctx.write(element, word if dtype.is_float else b.bitcast(word, I32), dtype)


def _gradient(ctx: FunctionContext, op: ast.Operand, dims: int, name: str) -> ir.Value:
    elements = op.elements if isinstance(op, ast.VectorOp) else (op,)
    if len(elements) < dims:
        raise ctx.error(f"the gradient needs {dims} elements", op.loc)
    buf = ctx.entry_alloca(ir.ArrayType(F32, 4), name)
    for i in range(dims):
        ptr = _at(ctx.builder, buf, i)
        ctx.builder.store(ctx.read(elements[i], F32T), ptr)
    return buf


@emitter("texture.tex")
def tex(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """tex{.level|.grad}.geom.v4.dtype.ctype d{|p}, [obj, {c}] {, lod | dPdx, dPdy}."""
    _check_target(ctx)
    d = instr.decoded
    assert d is not None
    geom, mip = d.get("geom"), d.get("mipmap")
    dtype, ctype = d.type("dtype"), d.type("ctype")
    extra = {"level": 1, "grad": 2}.get(mip or "", 0)
    if len(instr.operands) > 2 + extra:
        raise ctx.unsupported("offset and depth-compare operands are not lowered")
    handle, items = _handle(ctx, instr.operands[1])
    elements = _coordinates(ctx, items, geom, instr.operands[1].loc)
    dims, _ = GEOMETRY[geom]
    out = ctx.entry_alloca(ir.ArrayType(F32, 4), "tex")
    if ctype.is_float:
        layer, coords = _split(ctx, elements, geom, F32T)
        xyz = _pad(coords, ir.Constant(F32, 0.0))
        head = [handle, ir.Constant(I32, dims), layer, *xyz]
        if mip == "grad":
            dx = _gradient(ctx, instr.operands[2], dims, "dPdx")
            dy = _gradient(ctx, instr.operands[3], dims, "dPdy")
            _call(ctx, "__cu2amd_ptx_tex_grad", ir.VoidType(), [*head, dx, dy, out])
        else:
            lod = ctx.read(instr.operands[2], F32T) if mip == "level" else ir.Constant(F32, 0.0)
            _call(ctx, "__cu2amd_ptx_tex", ir.VoidType(), [*head, lod, out])
    elif geom == "1d" and mip is None:
        x = ctx.read(elements[0], S32)
        _call(ctx, "__cu2amd_ptx_tex_fetch", ir.VoidType(), [handle, x, out])
    else:
        raise ctx.unsupported("integer coordinates are lowered for tex.1d only (tex1Dfetch)")
    _write_vector(ctx, instr.operands[0], out, dtype)


@emitter("texture.tld4")
def tld4(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """tld4.comp.2d.v4.dtype.f32 d{|p}, [obj, {x, y}]: tex2Dgather."""
    _check_target(ctx)
    d = instr.decoded
    assert d is not None
    if len(instr.operands) > 2:
        raise ctx.unsupported("offset and depth-compare operands are not lowered")
    handle, items = _handle(ctx, instr.operands[1])
    elements = _coordinates(ctx, items, "2d", instr.operands[1].loc)
    x, y = (ctx.read(e, F32T) for e in elements)
    out = ctx.entry_alloca(ir.ArrayType(F32, 4), "tld4")
    comp = ir.Constant(I32, COMPONENTS[d.get("comp")])
    _call(ctx, "__cu2amd_ptx_tld4", ir.VoidType(), [handle, comp, x, y, out])
    _write_vector(ctx, instr.operands[0], out, d.type("dtype"))


@emitter("texture.query")
def query(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """txq.query.b32 d, [obj]; suq.query.b32 d, [obj]: the width, height or depth."""
    _check_target(ctx)
    d = instr.decoded
    assert d is not None
    handle, _ = _handle(ctx, instr.operands[1])
    which = ir.Constant(I32, QUERIES[d.get("query")])
    ctx.write(instr.operands[0], _call(ctx, "__cu2amd_ptx_txq", I32, [handle, which]), B32)


def _surface_args(ctx: FunctionContext, instr: ast.Instruction, addr: ast.Operand, size: int):
    d = instr.decoded
    assert d is not None
    geom = d.get("geom")
    handle, items = _handle(ctx, addr)
    elements = _coordinates(ctx, items, geom, addr.loc)
    dims, _ = GEOMETRY[geom]
    layer, coords = _split(ctx, elements, geom, S32)
    xyz = _pad(coords, ir.Constant(I32, 0))
    mode = ir.Constant(I32, BOUNDARY[d.get("clamp")])
    return [handle, ir.Constant(I32, dims), *xyz, layer, ir.Constant(I32, size), mode]


def _data_elements(ctx: FunctionContext, op: ast.Operand, count: int) -> tuple[ast.Operand, ...]:
    elements = op.elements if isinstance(op, ast.VectorOp) else (op,)
    if len(elements) != count:
        raise ctx.error(f"the data must be {count} register(s)", op.loc)
    return elements


@emitter("texture.suld")
def suld(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """suld.b.geom{.cop}{.vec}.dtype.clamp d, [surf, {x, ...}]: x in bytes."""
    _check_target(ctx)
    d = instr.decoded
    assert d is not None
    t = d.type("dtype")
    count = {"v2": 2, "v4": 4}.get(d.get("vec") or "", 1)
    elements = _data_elements(ctx, instr.operands[0], count)
    args = _surface_args(ctx, instr, instr.operands[1], count * t.bits // 8)
    elem = ir.IntType(t.bits)
    buf = ctx.entry_alloca(ir.ArrayType(elem, count), "suld")
    _call(ctx, "__cu2amd_ptx_suld", ir.VoidType(), [*args, buf])
    b = ctx.builder
    for i, element in enumerate(elements):
        word = b.load(_at(b, buf, i), typ=elem)
        ctx.write(element, word, t, relaxed=True)


@emitter("texture.sust")
def sust(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """sust.b.geom{.cop}{.vec}.ctype.clamp [surf, {x, ...}], a: x in bytes."""
    _check_target(ctx)
    d = instr.decoded
    assert d is not None
    t = d.type("ctype")
    count = {"v2": 2, "v4": 4}.get(d.get("vec") or "", 1)
    elements = _data_elements(ctx, instr.operands[1], count)
    args = _surface_args(ctx, instr, instr.operands[0], count * t.bits // 8)
    elem = ir.IntType(t.bits)
    buf = ctx.entry_alloca(ir.ArrayType(elem, count), "sust")
    b = ctx.builder
    for i, element in enumerate(elements):
        value = ctx.read(element, t, relaxed=True)
        if value.type != elem:
            value = b.bitcast(value, elem)
        b.store(value, _at(b, buf, i))
    _call(ctx, "__cu2amd_ptx_sust", ir.VoidType(), [*args, buf])
