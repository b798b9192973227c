"""CUDA's device printf (`vprintf(format, args)`) on AMDGPU, over ROCm's hostcall printf.

CUDA's printf is `vprintf(format, buffer)`: clang's NVPTX backend (and nvcc) pack the
arguments, after C's default promotions (char and short to int, float to double), into a
.local buffer, each at its natural alignment. ROCm's printf takes its arguments one 64-bit
word at a time instead, through OCKL's hostcall functions, which is how clang lowers a HIP
printf (llvm/lib/Transforms/Utils/AMDGPUEmitPrintf.cpp):

    desc = __ockl_printf_begin(0)
    desc = __ockl_printf_append_string_n(desc, format, strlen(format) + 1, is_last)
    desc = __ockl_printf_append_args(desc, n, a0, ..., a6, is_last)    (n <= 7 words)
    desc = __ockl_printf_append_string_n(desc, s, strlen(s) + 1, is_last)    (each %s)

The host (ROCclr) formats the message with the C library. So the buffer's layout must be
known when compiling: the format has to be a constant (a .global or .const variable with
an initializer, which is what clang and nvcc emit for a string literal; printf_format.py
finds it), and its conversions give each argument's size and kind: an int (4 bytes,
zero-extended to a word as clang's HIP lowering does; the host's printf reads the low
bytes and applies h and hh), a long (l ll j z t: 8 bytes), a double (8 bytes, sent as its
bits), a pointer (%p) or a string (%s: its bytes up to the NUL; a null pointer prints
"(null)" as C libraries and the host platform do). `*` widths and precisions are ints
before their conversion. A format that is not a constant is a compile error at the call.

ROCm's host steps over a %s argument by the characters it printed, so with HIP's lowering
a %s whose width pads the string, or whose precision cuts it, by a different number of
8-byte words than the string holds shifts the arguments after it. Here the device applies
them: see emit_printf.

What vprintf returns: CUDA's printf returns the number of arguments parsed, -1 for a null
format and -2 for an internal error. Here: the number of arguments the format consumes
(`*` counted), known when compiling, as the host platform's vprintf counts them at run
time; -2 when the host reports an error for the call (a negative result of the final
hostcall); -1 for a null format, which prints nothing. One difference remains, HIP's too:
CUDA prints at most 32 arguments and leaves the conversions past them as text; ROCm
prints them all.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from llvmlite import ir

from cu2amd.errors import Location
from cu2amd.ptx_lowering.emit.printf_format import (
    ArgKind,
    Conversion,
    FormatSource,
    format_text,
    host_format,
    non_constant_format,
    parse_conversions,
)
from cu2amd.ptx_lowering.irutil import declare_intrinsic

I8, I32, I64 = ir.IntType(8), ir.IntType(32), ir.IntType(64)
PTR = ir.PointerType()  # generic (flat)
ARGS_PER_CALL = 7  # __ockl_printf_append_args takes up to seven words
STRLEN = "__cu2amd_printf_strlen"


# -- emission -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Word:
    value: ir.Value  # i64


@dataclass(frozen=True, slots=True)
class _String:
    pointer: ir.Value  # generic
    size: ir.Value  # i64: its bytes and NUL


@dataclass(frozen=True, slots=True)
class _Cut:
    """`count` bytes of a string, then enough zero bytes to end it and fill a word."""

    pointer: ir.Value
    count: ir.Value  # i64


_Piece = _Word | _String | _Cut


def emit_printf(
    builder: ir.IRBuilder,
    source: FormatSource | None,
    format_: ir.Value,
    args: ir.Value,
    loc: Location,
) -> ir.Value:
    """The OCKL hostcalls of one `vprintf(format_, args)` (i64 generic addresses); its
    result as i32.

    ROCm's host steps over a %s argument by the characters it printed, so a %s with a
    width or precision would shift the arguments after it when the padding or the cut
    changes its size in words. The device applies them instead: the string's first
    min(strlen, precision) bytes are sent as a plain %s, between two `%*.0d` of 0 (which
    print only their width in spaces) that pad it to the width on its left or right."""
    if source is None:
        raise non_constant_format(loc)
    if source.symbol is None:
        return I32(-1)  # CUDA's printf of a null format prints nothing and returns -1
    b = builder
    module = b.module
    text = format_text(module, source, loc)
    conversions = parse_conversions(text, loc)
    values = iter(_load_arguments(b, args, [k for c in conversions for k in c.kinds]))
    pieces: list[_Piece] = []
    for c in conversions:
        stars = [next(values) for _ in range(c.star_width + c.star_precision)]
        value = next(values)
        if not c.fits_string:
            pieces += [_Word(_word(b, star)) for star in stars]
            if c.kind is ArgKind.STRING:
                string = _string_pointer(b, value)
                size = b.call(_strlen(module), [string], name="printf.strlen")
                pieces.append(_String(string, size))
            else:
                pieces.append(_Word(_word(b, value)))
        else:
            pieces += _fitted_string(b, c, stars, value)
    begin = declare_intrinsic(module, "__ockl_printf_begin", I64, [I64])
    desc = b.call(begin, [I64(0)], name="printf.begin")
    sent = host_format(text, conversions)
    if sent != text:
        data = sent.encode("latin-1")
        fmt, size = _constant_string(b, data), len(data) + 1
    else:
        fmt, size = b.inttoptr(format_, PTR, name="printf.format"), len(text.encode("latin-1")) + 1
    desc = _append_string(b, desc, fmt, I64(size), last=not pieces)
    k = 0
    while k < len(pieces):
        piece = pieces[k]
        last = k == len(pieces) - 1
        if isinstance(piece, _String):
            desc = _append_string(b, desc, piece.pointer, piece.size, last)
            k += 1
            continue
        if isinstance(piece, _Cut):
            desc = _append_string(b, desc, piece.pointer, piece.count, last=False)
            # The bytes fill count // 8 words and part of one more, whose zero bytes end the
            # string, unless count is a multiple of 8: then a zero word ends it.
            whole = b.icmp_unsigned("==", b.and_(piece.count, I64(7)), I64(0))
            desc = _append_words(b, desc, [], b.zext(whole, I32), last)
            k += 1
            continue
        group: list[ir.Value] = []
        while k < len(pieces) and len(group) < ARGS_PER_CALL:
            word = pieces[k]
            if not isinstance(word, _Word):
                break
            group.append(word.value)
            k += 1
        desc = _append_words(b, desc, group, I32(len(group)), k == len(pieces))
    # The final hostcall returns the host's printf result: negative when it failed.
    failed = b.icmp_signed("<", b.trunc(desc, I32), I32(0))
    count = sum(len(c.kinds) for c in conversions)
    return b.select(failed, I32(-2), I32(count), name="printf.result")


def _load_arguments(b: ir.IRBuilder, args: ir.Value, kinds: list[ArgKind]) -> list[ir.Value]:
    """The arguments from CUDA's buffer, each at its natural alignment: i32 for INT, i64
    for the others."""
    if not kinds:
        return []
    buffer = b.inttoptr(args, PTR, name="printf.args")
    values = []
    offset = 0
    for k, kind in enumerate(kinds):
        size = kind.size
        offset = -(-offset // size) * size
        addr = b.gep(buffer, [I64(offset)], source_etype=I8, inbounds=True)
        ty = ir.IntType(8 * size)
        values.append(b.load(addr, typ=ty, align=size, name=f"printf.arg{k}"))
        offset += size
    return values


def _word(b: ir.IRBuilder, value: ir.Value) -> ir.Value:
    """An argument as the word the host reads (an int zero-extended, as HIP's printf)."""
    return b.zext(value, I64) if value.type == I32 else value


def _string_pointer(b: ir.IRBuilder, value: ir.Value) -> ir.Value:
    """A %s argument's address; a null pointer prints "(null)", as C libraries do."""
    pointer = b.inttoptr(value, PTR)
    null = b.icmp_unsigned("==", value, I64(0))
    return b.select(null, _constant_string(b, b"(null)"), pointer)


def _fitted_string(
    b: ir.IRBuilder, c: Conversion, stars: list[ir.Value], value: ir.Value
) -> list[_Piece]:
    """The pieces a %s with a width or precision is sent as (FIT)."""
    stars = list(stars)
    width = b.sext(stars.pop(0), I64) if c.star_width else I64(c.width or 0)
    precision = b.sext(stars.pop(0), I64) if c.star_precision else None
    string = _string_pointer(b, value)
    length = b.sub(b.call(_strlen(b.module), [string], name="printf.strlen"), I64(1))
    count = length
    if precision is not None:  # a negative `*` precision is taken as omitted
        cut = b.select(b.icmp_unsigned("<", precision, length), precision, length)
        count = b.select(b.icmp_signed("<", precision, I64(0)), length, cut)
    elif c.precision is not None:
        count = b.select(b.icmp_unsigned("<", I64(c.precision), length), I64(c.precision), length)
    left: ir.Value = ir.Constant(ir.IntType(1), int(c.left))
    if c.star_width:  # a negative `*` width is the '-' flag and its magnitude
        negative = b.icmp_signed("<", width, I64(0))
        left = b.or_(left, negative)
        width = b.select(negative, b.neg(width), width)
    short = b.sub(width, count)
    pad = b.select(b.icmp_signed(">", short, I64(0)), short, I64(0), name="printf.pad")
    zero = I64(0)
    return [
        _Word(b.select(left, zero, pad)),
        _Word(zero),
        _Cut(string, count),
        _Word(b.select(left, pad, zero)),
        _Word(zero),
    ]


def _constant_string(b: ir.IRBuilder, data: bytes) -> ir.Value:
    """A generic pointer to a constant copy of `data` and a NUL (one per distinct text)."""
    module = b.module
    name = f"printf.text.{hashlib.sha1(data).hexdigest()[:12]}"
    gv = module.globals.get(name)
    if gv is None:
        ty = ir.ArrayType(I8, len(data) + 1)
        gv = ir.GlobalVariable(module, ty, name, addrspace=1)
        gv.initializer = ir.Constant(ty, bytearray(data + b"\0"))
        gv.global_constant = True
        gv.linkage = "private"
        gv.unnamed_addr = True
    return b.addrspacecast(gv, PTR)


def _append_words(
    b: ir.IRBuilder, desc: ir.Value, words: list[ir.Value], count: ir.Value, last: bool
) -> ir.Value:
    """Up to seven words (`count` of them; the others are zeros)."""
    fn = declare_intrinsic(
        b.module, "__ockl_printf_append_args", I64, [I64, I32, *[I64] * ARGS_PER_CALL, I32]
    )
    padded = words + [I64(0)] * (ARGS_PER_CALL - len(words))
    return b.call(fn, [desc, count, *padded, I32(int(last))], name="printf.append")


def _append_string(
    b: ir.IRBuilder, desc: ir.Value, string: ir.Value, size: ir.Value, last: bool
) -> ir.Value:
    fn = declare_intrinsic(b.module, "__ockl_printf_append_string_n", I64, [I64, PTR, I64, I32])
    return b.call(fn, [desc, string, size, I32(int(last))], name="printf.append")


def _strlen(module: ir.Module) -> ir.Function:
    """`size_t f(const char *s)`: the bytes of `s` with its NUL (what
    __ockl_printf_append_string_n takes). `s` is never null: _string_pointer sends
    "(null)" in place of a null pointer."""
    fn = module.globals.get(STRLEN)
    if isinstance(fn, ir.Function):
        return fn
    fn = ir.Function(module, ir.FunctionType(I64, [PTR]), name=STRLEN)
    fn.linkage = "internal"
    fn.attributes.add("nounwind")
    (s,) = fn.args
    s.name = "s"
    entry, loop, done = (fn.append_basic_block(n) for n in ("entry", "loop", "done"))
    b = ir.IRBuilder(entry)
    b.branch(loop)
    b.position_at_end(loop)
    i = b.phi(I64, name="i")
    i.add_incoming(I64(0), entry)
    char = b.load(b.gep(s, [i], source_etype=I8, inbounds=True), typ=I8, name="c")
    next_ = b.add(i, I64(1), name="n")
    i.add_incoming(next_, loop)
    b.cbranch(b.icmp_unsigned("==", char, I8(0)), done, loop)
    b.position_at_end(done)
    b.ret(next_)
    return fn
