"""Texture and surface instructions in unified mode (PTX ISA 9.7.10, 9.7.11): tex, tex.level,
tex.grad, tld4, txq, suld.b, sust.b, suq on texture and surface objects (a .b64 handle, a
cudaTextureObject_t / cudaSurfaceObject_t made by the runtime API).

They fetch with the same code as CUDA C++'s tex2D and surf2Dread (cu2amd/texture_device.h),
so a PTX kernel and a CUDA C++ kernel read the same values from one object:
- host platform: one call of a `__cu2amd_ptx_*` builtin of the device runtime library
  (runtime_shim/device/texture_ptx.h, over texture_device.h's software sampling), results
  through a stack buffer;
- AMD GPUs with image instructions (RDNA, gfx90a ...): OCKL's image functions on HIP's image
  descriptor, which the object points to. Surface accesses address element x / the access's
  size, and out of range follow the hardware (loads 0, stores dropped) whatever the clamp
  mode, as texture_device.h's surface functions do. txq and suq are not lowered there yet;
- gfx940-gfx950 have no image instructions: an error naming the target.
`.texref`/`.surfref` variables (independent mode, or unified mode through a module variable)
and an explicit sampler operand are errors on every target.
"""

from __future__ import annotations

from llvmlite import ir

from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.emit.context import FunctionContext
from cu2amd.ptx_lowering.emit.registry import emitter
from cu2amd.ptx_lowering.irutil import declare_intrinsic
from cu2amd.ptx_lowering.isa.types import TYPES, PtxType

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


def _check_target(ctx: FunctionContext, host_only: bool = False) -> bool:
    """True for an AMD GPU with image instructions (OCKL's image functions), False for the
    host platform; an error for the others."""
    name = ctx.hooks.name
    if name == "host":
        return False
    if any(name.startswith(g) for g in NO_IMAGES):
        raise ctx.unsupported(f"{name} has no image instructions: no texture or surface access")
    if host_only:
        raise ctx.unsupported(f"lowered for the host platform only so far, not for {name}")
    return True


def _ockl(ctx: FunctionContext, name: str, ret: ir.Type, args: list[ir.Value]) -> ir.Value:
    """A call of OCKL's `__ockl_image_<name>` (the functions texture_device.h calls)."""
    return _call(ctx, f"__ockl_image_{name}", ret, args)


def _image(ctx: FunctionContext, handle: ir.Value) -> tuple[ir.Value, ir.Value]:
    """HIP's image descriptor that a texture or surface object points to, and its sampler
    12 dwords further (HIP_SAMPLER_OBJECT_OFFSET_DWORD)."""
    b = ctx.builder
    image = b.inttoptr(handle, ir.PointerType(addrspace=4))
    return image, b.gep(image, [ir.Constant(I32, 12)], inbounds=True, source_etype=I32)


def _vector(ctx: FunctionContext, values: list[ir.Value], n: int) -> ir.Value:
    """<n x T> of `values`, padded with zeros."""
    ty = values[0].type
    vec = ir.Constant(ir.VectorType(ty, n), None)
    for i, v in enumerate(values):
        vec = ctx.builder.insert_element(vec, v, ir.Constant(I32, i))
    return vec


def _vector_or_scalar(ctx: FunctionContext, values: list[ir.Value]) -> ir.Value:
    """OCKL's coordinate argument: a scalar, <2 x T>, or <4 x T> for 3 or 4 values."""
    if len(values) == 1:
        return values[0]
    return _vector(ctx, values, 2 if len(values) == 2 else 4)


def _store_words(ctx: FunctionContext, out: ir.AllocaInstr, vec: ir.Value) -> None:
    for i in range(4):
        word = ctx.builder.extract_element(vec, ir.Constant(I32, i))
        ctx.builder.store(word, _at(ctx.builder, out, i))


def _call(ctx: FunctionContext, name: str, ret: ir.Type, args: list[ir.Value]) -> ir.Value:
    fn = declare_intrinsic(ctx.module, name, ret, [a.type for a in args])
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


def _tex_amdgpu(ctx: FunctionContext, instr: ast.Instruction, handle: ir.Value,
                elements: list, out: ir.AllocaInstr) -> None:  # fmt: skip
    """tex on an AMD GPU: OCKL's image_sample{_lod,_grad}_<1D|2D|3D|1Da|2Da>, or image_load_1Db
    for .1d with integer coordinates (tex1Dfetch: a texture of linear memory)."""
    d = instr.decoded
    assert d is not None
    geom, mip, ctype = d.get("geom"), d.get("mipmap"), d.type("ctype")
    dims, array = GEOMETRY[geom]
    image, sampler = _image(ctx, handle)
    v4 = ir.VectorType(F32, 4)
    if not ctype.is_float:
        if geom != "1d" or mip is not None:
            raise ctx.unsupported("integer coordinates are lowered for tex.1d only (tex1Dfetch)")
        x = ctx.read(elements[0], S32)
        _store_words(ctx, out, _ockl(ctx, "load_1Db", v4, [image, x]))
        return
    layer, coords = _split(ctx, elements, geom, F32T)
    if array:  # the layer is the coordinate after the last dimension, as a float
        coords = [*coords, ctx.builder.sitofp(layer, F32)]
    coord = _vector_or_scalar(ctx, coords)
    shape = {"1d": "1D", "2d": "2D", "3d": "3D", "a1d": "1Da", "a2d": "2Da"}[geom]
    if mip == "level":
        lod = ctx.read(instr.operands[2], F32T)
        result = _ockl(ctx, f"sample_lod_{shape}", v4, [image, sampler, coord, lod])
    elif mip == "grad":
        grads = []
        for op in instr.operands[2:4]:
            g = op.elements if isinstance(op, ast.VectorOp) else (op,)
            if len(g) < dims:
                raise ctx.error(f"the gradient needs {dims} elements", op.loc)
            grads.append(_vector_or_scalar(ctx, [ctx.read(e, F32T) for e in g[:dims]]))
        result = _ockl(ctx, f"sample_grad_{shape}", v4, [image, sampler, coord, *grads])
    else:
        result = _ockl(ctx, f"sample_{shape}", v4, [image, sampler, coord])
    _store_words(ctx, out, result)


@emitter("texture.tex")
def tex(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """tex{.level|.grad}.geom.v4.dtype.ctype d{|p}, [obj, {c}] {, lod | dPdx, dPdy}."""
    amd = _check_target(ctx)
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
    if amd:
        _tex_amdgpu(ctx, instr, handle, elements, out)
    elif ctype.is_float:
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
    amd = _check_target(ctx)
    d = instr.decoded
    assert d is not None
    if len(instr.operands) > 2:
        raise ctx.unsupported("offset and depth-compare operands are not lowered")
    handle, items = _handle(ctx, instr.operands[1])
    elements = _coordinates(ctx, items, "2d", instr.operands[1].loc)
    x, y = (ctx.read(e, F32T) for e in elements)
    out = ctx.entry_alloca(ir.ArrayType(F32, 4), "tld4")
    if amd:
        image, sampler = _image(ctx, handle)
        coord = _vector(ctx, [x, y], 2)
        v4 = ir.VectorType(F32, 4)
        _store_words(
            ctx, out, _ockl(ctx, f"gather4{d.get('comp')}_2D", v4, [image, sampler, coord])
        )
    else:
        comp = ir.Constant(I32, COMPONENTS[d.get("comp")])
        _call(ctx, "__cu2amd_ptx_tld4", ir.VoidType(), [handle, comp, x, y, out])
    _write_vector(ctx, instr.operands[0], out, d.type("dtype"))


@emitter("texture.query")
def query(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """txq.query.b32 d, [obj]; suq.query.b32 d, [obj]: the width, height or depth."""
    _check_target(ctx, host_only=True)
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


def _surface_amdgpu(ctx: FunctionContext, instr: ast.Instruction, addr: ast.Operand, size: int,
                    data: ir.Value | None = None) -> ir.Value | None:  # fmt: skip
    """OCKL's image_load_<shape> (data None) or image_store_<shape> at element x / size (CUDA's
    x is in bytes; the element is taken to be the access's size, as texture_device.h's surface
    functions do). Out of range, the image hardware's rule holds whatever the clamp mode:
    loads give 0, stores are dropped."""
    d = instr.decoded
    assert d is not None
    geom = d.get("geom")
    handle, items = _handle(ctx, addr)
    elements = _coordinates(ctx, items, geom, addr.loc)
    layer, coords = _split(ctx, elements, geom, S32)
    b = ctx.builder
    coords[0] = b.sdiv(coords[0], ir.Constant(I32, size))
    if GEOMETRY[geom][1]:
        coords.append(layer)
    coord = _vector_or_scalar(ctx, coords)
    image, _ = _image(ctx, handle)
    shape = {"1d": "1D", "2d": "2D", "3d": "3D", "a1d": "1Da", "a2d": "2Da"}[geom]
    if data is None:
        return _ockl(ctx, f"load_{shape}", ir.VectorType(F32, 4), [image, coord])
    _ockl(ctx, f"store_{shape}", ir.VoidType(), [image, coord, data])
    return None


def _channel_words(t: PtxType) -> int:
    """32-bit words per element of a surface access (a channel each; b64: two)."""
    return 2 if t.bits == 64 else 1


def _check_amd_access(ctx: FunctionContext, t: PtxType, count: int) -> None:
    if count * _channel_words(t) > 4:
        raise ctx.unsupported("a surface access of more than four 32-bit channels")


@emitter("texture.suld")
def suld(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """suld.b.geom{.cop}{.vec}.dtype.clamp d, [surf, {x, ...}]: x in bytes."""
    amd = _check_target(ctx)
    d = instr.decoded
    assert d is not None
    t = d.type("dtype")
    count = {"v2": 2, "v4": 4}.get(d.get("vec") or "", 1)
    elements = _data_elements(ctx, instr.operands[0], count)
    elem = ir.IntType(t.bits)
    buf = ctx.entry_alloca(ir.ArrayType(elem, count), "suld")
    b = ctx.builder
    if amd:
        _check_amd_access(ctx, t, count)
        words = _surface_amdgpu(ctx, instr, instr.operands[1], count * t.bits // 8)
        per = _channel_words(t)
        for i in range(count):
            parts = [b.bitcast(b.extract_element(words, ir.Constant(I32, per * i + k)), I32)
                     for k in range(per)]  # fmt: skip
            if t.bits == 64:
                lo, hi = (b.zext(p, I64) for p in parts)
                value = b.or_(lo, b.shl(hi, ir.Constant(I64, 32)))
            else:
                value = parts[0] if t.bits == 32 else b.trunc(parts[0], elem)
            b.store(value, _at(b, buf, i))
    else:
        args = _surface_args(ctx, instr, instr.operands[1], count * t.bits // 8)
        _call(ctx, "__cu2amd_ptx_suld", ir.VoidType(), [*args, buf])
    for i, element in enumerate(elements):
        word = b.load(_at(b, buf, i), typ=elem)
        ctx.write(element, word, t, relaxed=True)


@emitter("texture.sust")
def sust(ctx: FunctionContext, instr: ast.Instruction) -> None:
    """sust.b.geom{.cop}{.vec}.ctype.clamp [surf, {x, ...}], a: x in bytes."""
    amd = _check_target(ctx)
    d = instr.decoded
    assert d is not None
    t = d.type("ctype")
    count = {"v2": 2, "v4": 4}.get(d.get("vec") or "", 1)
    elements = _data_elements(ctx, instr.operands[1], count)
    elem = ir.IntType(t.bits)
    b = ctx.builder
    values = []
    for element in elements:
        value = ctx.read(element, t, relaxed=True)
        values.append(value if value.type == elem else b.bitcast(value, elem))
    if amd:
        _check_amd_access(ctx, t, count)
        words: list[ir.Value] = []
        for value in values:
            if t.bits == 64:
                words += [b.trunc(value, I32), b.trunc(b.lshr(value, ir.Constant(I64, 32)), I32)]
            else:
                words.append(value if t.bits == 32 else b.zext(value, I32))
        data = _vector(ctx, [b.bitcast(w, F32) for w in words], 4)
        _surface_amdgpu(ctx, instr, instr.operands[0], count * t.bits // 8, data)
        return
    args = _surface_args(ctx, instr, instr.operands[0], count * t.bits // 8)
    buf = ctx.entry_alloca(ir.ArrayType(elem, count), "sust")
    for i, value in enumerate(values):
        b.store(value, _at(b, buf, i))
    _call(ctx, "__cu2amd_ptx_sust", ir.VoidType(), [*args, buf])
