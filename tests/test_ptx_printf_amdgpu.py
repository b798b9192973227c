"""CUDA's device printf (vprintf) compiled for AMD GPUs (emit/printf_amdgpu.py and
printf_format.py): the format's conversions read when compiling, the hostcall buffer the
kernel then needs, the corpus modules that print (clang's NVPTX output of
tests/data/cuda/kernels.cu at -O2 and -O3, bodies 16 and 17 of bench/ptx_compile.py, and
calls.cu), the errors that pin what is not lowered, and what ROCm's host prints for the
messages (a model of its formatter, with the C library). lit_tests/ptx/lower/
printf-amdgpu.ptx checks the calls in the IR.
"""

from __future__ import annotations

import ctypes
import importlib.util
import io
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cu2amd.amdgpu.codeobject import read_code_object
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import Location, UnsupportedError
from cu2amd.ptx_lowering.emit import printf_format
from cu2amd.ptx_lowering.emit.printf_format import ArgKind, parse_format
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions, TargetResult

CUDA_DIR = Path(__file__).resolve().parent / "data" / "cuda"
HOSTCALL = "hidden_hostcall_buffer"
INT, LONG, DOUBLE, POINTER, STRING = (ArgKind.INT, ArgKind.LONG, ArgKind.DOUBLE,
                                      ArgKind.POINTER, ArgKind.STRING)  # fmt: skip
LOC = Location("t.ptx", 1, 1)


def _corpus() -> ModuleType:
    name = "cu2amd_test_corpus"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, CUDA_DIR / "corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def compile_ptx(text: str, arch: str = "gfx942", version: int = 5) -> TargetResult:
    pipeline = Pipeline(PipelineOptions(code_object_version=version))
    return pipeline.back(pipeline.front(text, "t.ptx"), parse_target_id(arch))


def lowered_ir(text: str) -> str:
    """Our IR for gfx942, before OCKL is linked and inlined."""
    out = io.StringIO()
    pipeline = Pipeline(PipelineOptions(print_after=frozenset({"lower"}), out=out))
    pipeline.lower(pipeline.front(text, "t.ptx"), parse_target_id("gfx942"))
    return out.getvalue()


def hostcall_offsets(code_object: bytes) -> dict[str, int | None]:
    """Each kernel's hidden_hostcall_buffer offset (None: the kernel has none)."""
    kernels = read_code_object(code_object).kernels
    return {
        k.name: next((a.offset for a in k.args if a.value_kind == HOSTCALL), None) for k in kernels
    }


# -- the format's conversions ---------------------------------------------------------


@pytest.mark.parametrize(
    ("fmt", "kinds"),
    [
        ("plain text\n", ()),
        ("100%% sure %%d\n", ()),
        ("%d %i %o %u %x %X %c", (INT,) * 7),
        ("%hhd %hu %hx %hhc", (INT,) * 4),
        ("%ld %lld %lu %llx %jd %zu %td %zd", (LONG,) * 8),
        ("%f %F %e %E %g %G %a %A %lf", (DOUBLE,) * 9),
        ("%p %s", (POINTER, STRING)),
        ("%-+ #0'12.5lld|", (LONG,)),
        ("%*d %.*f %*.*s %-*.3e", (INT, INT, INT, DOUBLE, INT, INT, STRING, INT, DOUBLE)),
        ("%.f %5.s %0*x", (DOUBLE, STRING, INT, INT)),
    ],
)
def test_format_conversions_give_the_arguments(fmt: str, kinds: tuple[ArgKind, ...]) -> None:
    assert parse_format(fmt, LOC) == kinds


@pytest.mark.parametrize(
    ("fmt", "message"),
    [
        ("%n", r"'%n' is not supported \(CUDA's printf has no %n\)"),
        ("x=%hhn", r"'%hhn' is not supported"),
        ("%Lf", r"'%Lf' \(long double\) is not supported"),
        ("%ls", r"'%ls' \(a wide string\) is not supported"),
        ("%lc", r"'%lc' \(a wide character\) is not supported"),
        ("%Ld", r"'%Ld': L applies to floating conversions"),
        ("%y", r"unknown conversion '%y'"),
        ("%5%", r"unknown conversion '%5%'"),
        ("50%", r"the conversion '%' is incomplete"),
        ("%-08.3l", r"the conversion '%-08.3l' is incomplete"),
    ],
)
def test_formats_that_cannot_be_printed_are_errors(fmt: str, message: str) -> None:
    with pytest.raises(UnsupportedError, match=r"device printf format .*: " + message) as err:
        parse_format(fmt, LOC)
    assert err.value.location == LOC


# -- modules ------------------------------------------------------------------------------


def _bytes(text: str) -> str:
    return ", ".join(str(b) for b in [*text.encode(), 0])


def printing_module(fmt: str, format_code: str, extra: str = "") -> str:
    """A kernel `k` whose thread prints with `fmt` (a .global byte array `fmt`), the
    format's address made by `format_code` into %rd2, the arguments from a .local buffer."""
    size = len(fmt.encode()) + 1
    return f""".version 8.0
.target sm_80
.address_size 64
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
.global .align 1 .b8 fmt[{size}] = {{{_bytes(fmt)}}};
{extra}
.visible .entry k(.param .u64 out, .param .u64 dyn)
{{
	.local .align 8 .b8 depot[16];
	.reg .pred %p<2>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [out];
	mov.u64 %rd3, depot;
	cvta.local.u64 %rd4, %rd3;
	st.local.u32 [%rd3], 5;
{format_code}
	{{
	.param .b64 param0;
	.param .b64 param1;
	.param .b32 retval0;
	st.param.b64 [param0], %rd2;
	st.param.b64 [param1], %rd4;
	call.uni (retval0), vprintf, (param0, param1);
	ld.param.b32 %r1, [retval0];
	}}
	st.global.u32 [%rd1], %r1;
	ret;
}}
"""


def test_printing_kernel_gets_the_hostcall_buffer_argument() -> None:
    """HIP's printf needs the hostcall buffer, an implicit argument after the explicit
    ones (offset 80 of them in code object v5, 24 in v4): the kernel's metadata lists it
    where OCKL reads it; a kernel that does not print has none."""
    text = printing_module("n=%d\n", "\tmov.u64 %rd2, fmt;") + (
        ".visible .entry quiet(.param .u64 out) { ret; }\n"
    )
    for version, offset in ((5, 80), (4, 24)):
        for arch in ("gfx942", "gfx1100"):
            result = compile_ptx(text, arch, version)
            # Two 8-byte explicit arguments, then the implicit ones.
            assert hostcall_offsets(result.code_object) == {"k": 16 + offset, "quiet": None}
            implicit = re.search(
                r"@llvm\.amdgcn\.implicitarg\.ptr\(\)\n.*getelementptr inbounds [^\n]*, i64 (\d+)",
                result.llvm_ir,
            )
            assert implicit is not None and int(implicit.group(1)) == offset
            # OCKL's comment-only inline asm is emptied (devicelibs.py): llvmlite has no
            # AMDGPU assembler to emit the object with it.
            assert 'asm sideeffect ""' in result.llvm_ir and "hoisting hack" not in result.llvm_ir


@pytest.mark.skipif(shutil.which("llvm-readelf") is None, reason="llvm-readelf is not installed")
def test_hostcall_metadata_as_llvm_readelf_shows_it(tmp_path: Path) -> None:
    path = tmp_path / "k.hsaco"
    path.write_bytes(compile_ptx(printing_module("%s\n", "\tmov.u64 %rd2, fmt;")).code_object)
    notes = subprocess.run(
        ["llvm-readelf", "--notes", str(path)], capture_output=True, text=True, check=True
    ).stdout
    assert re.search(r"\.offset:\s+96\s+\.size:\s+8\s+\.value_kind:\s+hidden_hostcall_buffer",
                     notes)  # fmt: skip


@pytest.mark.parametrize(
    "format_code",
    [
        "\tmov.u64 %rd5, fmt;\n\tcvta.global.u64 %rd2, %rd5;",
        "\tmov.b64 %rd5, fmt+3;\n\tadd.s64 %rd6, %rd5, -3;\n\tcvta.global.u64 %rd2, %rd6;",
        # Made before a branch; its only definition reaches the call.
        "\tmov.u64 %rd2, fmt;\n\tsetp.eq.u64 %p1, %rd1, 0;\n\t@%p1 bra $L1;\n$L1:",
        # Redefined: the last definition in the same straight-line code counts.
        "\tmov.u64 %rd2, 0;\n$L1:\n\tld.param.u64 %rd2, [dyn];\n\tmov.u64 %rd2, fmt;",
    ],
)
def test_constant_formats_are_found_through_moves(format_code: str) -> None:
    ir_text = lowered_ir(printing_module("v=%d\n", format_code))
    assert (
        '@"__ockl_printf_append_string_n"(i64 %"printf.begin", ptr %"printf.format", i64 6'
        in ir_text
    )
    assert re.search(r'__ockl_printf_append_args"\(i64 [^,]*, i32 1, ', ir_text)


@pytest.mark.parametrize(
    ("format_code", "extra"),
    [
        ("\tld.param.u64 %rd2, [dyn];", ""),  # a run-time address
        ("\tmov.u64 %rd2, fmt;\n\t@%p1 mov.u64 %rd2, %rd1;", ""),  # one of two
        ("\tmov.u64 %rd2, unset;", ".global .align 1 .b8 unset[8];"),  # written at run time
        ("\tmov.u64 %rd2, fmt;\n$L1:\n\tadd.s64 %rd2, %rd2, 1;\n\t@%p1 bra $L1;", ""),  # a loop
    ],
)
def test_a_format_that_is_not_constant_is_an_error_at_the_call(
    format_code: str, extra: str
) -> None:
    text = printing_module("v=%d\n", format_code, extra)
    with pytest.raises(UnsupportedError) as err:
        compile_ptx(text)
    assert "device printf on AMDGPU needs a constant format string" in str(err.value)
    call_line = next(i for i, line in enumerate(text.splitlines(), 1) if "call.uni" in line)
    assert err.value.location == Location("t.ptx", call_line, 2)


def test_a_format_error_points_at_the_call() -> None:
    text = printing_module("%d%n\n", "\tmov.u64 %rd2, fmt;")
    with pytest.raises(UnsupportedError, match=r"'%n' is not supported") as err:
        compile_ptx(text)
    assert err.value.location.line == next(
        i for i, line in enumerate(text.splitlines(), 1) if "call.uni" in line
    )


# -- clang's PTX ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def clang_ptx(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], str]:
    corpus = _corpus()
    variants = [
        corpus.Variant(CUDA_DIR / f"{stem}.cu", "sm_80", opt, "", False, 80)
        for stem in ("kernels", "calls")
        for opt in ("-O2", "-O3")
    ]
    built = corpus.build(tmp_path_factory.mktemp("printf-ptx"), variants)
    return {(v.source.stem, v.opt): path.read_text() for v, path in built}


@pytest.mark.parametrize("opt", ["-O2", "-O3"])
@pytest.mark.parametrize("arch", ["gfx942", "gfx1100"])
def test_kernels_cu_compiles_with_its_printf(
    clang_ptx: dict[tuple[str, str], str], opt: str, arch: str
) -> None:
    """kernels.cu's reverse() prints "hello %d %f\\n": only that kernel needs hostcalls."""
    result = compile_ptx(clang_ptx[("kernels", opt)], arch)
    offsets = hostcall_offsets(result.code_object)
    printing = {name for name, offset in offsets.items() if offset is not None}
    assert printing == {name for name in offsets if "reverse" in name}, offsets
    assert len(offsets) == 4


def _define_external_hook(text: str) -> str:
    """calls.cu calls a function no module defines: give it a body."""
    return re.sub(
        r"\.extern \.func\s+\(\.param \.b32 func_retval0\) external_hook\s*\(([^)]*)\)\s*;",
        r".func (.param .b32 func_retval0) external_hook(\1)\n{\n\tst.param.b32 [func_retval0], 0;\n\tret;\n}",
        text,
    )


@pytest.mark.parametrize("opt", ["-O2", "-O3"])
def test_calls_cu_printf_with_every_argument_kind(
    clang_ptx: dict[tuple[str, str], str], opt: str
) -> None:
    """printf("i=%d u=%u l=%lld d=%f f=%f s=%s c=%c p=%p\\n", ...) and a printf without
    arguments: ints at 0 and 4, the long long, doubles, the string at 32, 'x' at 40, the
    pointer at 48; five words, the string, two words (the last); the format alone."""
    text = _define_external_hook(clang_ptx[("calls", opt)])
    ir_text = lowered_ir(text)
    offsets = re.findall(r'getelementptr inbounds i8, ptr %"printf.args", i64 (\d+)\n\s*'
                         r'%"printf.arg\d+" = load (i\d+)', ir_text)  # fmt: skip
    assert offsets == [("0", "i32"), ("4", "i32"), ("8", "i64"), ("16", "i64"), ("24", "i64"),
                       ("32", "i64"), ("40", "i32"), ("48", "i64")]  # fmt: skip
    calls = re.findall(r"@\"__ockl_printf_(append_args|append_string_n)\"\(i64 [^,]*, ([^,]*), "
                       r"(?:.*, )?i32 ([01])\)", ir_text)  # fmt: skip
    assert [(name, last) for name, _, last in calls] == [
        ("append_string_n", "0"), ("append_args", "0"), ("append_string_n", "0"),
        ("append_args", "1"), ("append_string_n", "1"),
    ]  # fmt: skip
    assert [count for name, count, _ in calls if name == "append_args"] == ["i32 5", "i32 2"]
    assert "i32 -2, i32 8" in ir_text and "i32 -2, i32 0" in ir_text
    result = compile_ptx(text)
    offsets_by_kernel = hostcall_offsets(result.code_object)
    with_buffer = {n for n, o in offsets_by_kernel.items() if o is not None}
    # Kernels that call through pointers or a weak function may reach a printf as far as
    # LLVM knows (HIP's kernels are the same); the others do not get the buffer.
    assert "_Z8printingijxdfPKc" in with_buffer
    assert with_buffer <= {"_Z8printingijxdfPKc", "_Z8indirectPfi", "_Z8virtualsPff", "_Z5hooksPi"}
    assert len(offsets_by_kernel) > len(with_buffer)


# -- what the host platform's vprintf does with the same module -------------------------


def test_the_argument_counts_are_the_host_platforms(capfd: pytest.CaptureFixture[str]) -> None:
    """The module of the lit test run on the host platform, whose vprintf reads the format
    at run time: it consumes the arguments at the offsets, and returns the counts, that
    the AMDGPU lowering computes when compiling (12 for `many`; 0 + -1 for `no_args`)."""
    import numpy as np

    from cu2amd import host

    path = Path(__file__).resolve().parent.parent / "lit_tests/ptx/lower/printf-amdgpu.ptx"
    module = host.Module.from_file(path)
    out = host.zeros(1, np.int32)
    text = host.to_device(np.frombuffer(b"hello\0", np.uint8))
    module.launch("many", grid=1, block=1, args=[out, text])
    assert out.to_numpy()[0] == 12
    module.launch("no_args", grid=1, block=1, args=[out])
    assert out.to_numpy()[0] == -1
    lines = capfd.readouterr().out.splitlines()
    assert re.fullmatch(
        r"a=0 b=-56 c=-5 d= 0\.00 e=     0 f=0\.000e\+00 g=x h=1234567890123 i=0x[0-9a-f]+ % "
        r"j=hello",
        lines[0],
    ), lines
    assert lines[1:] == ["no arguments"]


# -- %s with a width or precision, through a model of ROCm's host formatter -------------

_LIBC = ctypes.CDLL(None)
_LIBC.snprintf.restype = ctypes.c_int


def _c_printf(fmt: bytes, *args: object) -> bytes:
    buf = ctypes.create_string_buffer(4096)
    _LIBC.snprintf(buf, len(buf), fmt, *args)
    return buf.value


def _rocm_host(words: list[int]) -> bytes:
    """What ROCm's host prints for a printf message (ROCclr's devhcprintf.cpp, format()):
    the format, then one word per int/double/pointer argument, and a %s argument's bytes
    in place, stepped over by the characters printed."""
    data = b"".join(w.to_bytes(8, "little") for w in words)
    fmt = data[: data.index(b"\0")]
    pos = (len(fmt) + 1 + 7) // 8
    out, point = [], 0
    while True:
        mark, point = point, fmt.find(b"%", point)
        if point < 0:
            return b"".join([*out, fmt[mark:]])
        out.append(fmt[mark:point])
        mark, point = point, point + 1
        if fmt[point : point + 1] == b"%":
            out.append(b"%")
            point += 1
            continue
        while chr(fmt[point]) not in "diouxXfFeEgGaAcspn":
            point += 1
        point += 1
        spec = fmt[mark:point]
        if pos + spec.count(b"*") >= len(words):  # out of arguments: the host stops
            return b"".join(out)
        stars = [ctypes.c_uint64(words[pos + k]) for k in range(spec.count(b"*"))]
        pos += len(stars)
        conv = chr(spec[-1])
        if conv == "s":
            text = _c_printf(spec, *stars, ctypes.c_char_p(data[pos * 8 :]))
            pos += (len(text) + 1 + 7) // 8
        elif conv in "fFeEgGaA":
            value = struct.unpack("<d", words[pos].to_bytes(8, "little"))[0]
            text = _c_printf(spec, *stars, ctypes.c_double(value))
            pos += 1
        else:
            text = _c_printf(spec, *stars, ctypes.c_uint64(words[pos]))
            pos += 1
        out.append(text)


def _string_words(data: bytes) -> list[int]:
    data += b"\0" * (-len(data) % 8)
    return [int.from_bytes(data[k : k + 8], "little") for k in range(0, len(data), 8)]


def _message(fmt: str, args: list[object], fit: bool) -> list[int]:
    """The words the lowering sends (emit_printf), or, without `fit`, what they would be
    with each %s sent as HIP sends it."""
    conversions = printf_format.parse_conversions(fmt, LOC)
    sent = printf_format.host_format(fmt, conversions) if fit else fmt
    words = _string_words(sent.encode() + b"\0")
    values = iter(args)
    for c in conversions:
        stars = [next(values) for _ in range(c.star_width + c.star_precision)]
        value = next(values)
        if fit and c.fits_string:
            assert isinstance(value, bytes)
            width = int(stars.pop(0)) if c.star_width else c.width or 0
            precision = int(stars.pop(0)) if c.star_precision else c.precision
            count = len(value) if precision is None or precision < 0 else min(len(value), precision)
            left = c.left or width < 0
            pad = max(abs(width) - count, 0)
            cut = _string_words(value[:count]) + ([0] if count % 8 == 0 else [])
            words += [0 if left else pad, 0, *cut, pad if left else 0, 0]
            continue
        words += [int(star) & 0xFFFFFFFF for star in stars]  # ints are zero-extended
        if isinstance(value, bytes):
            words += _string_words(value + b"\0")
        elif isinstance(value, float):
            words.append(struct.unpack("<Q", struct.pack("<d", value))[0])
        else:
            assert isinstance(value, int)
            words.append(value & (0xFFFFFFFF if c.kind is ArgKind.INT else ~0))
    return [w & 0xFFFFFFFFFFFFFFFF for w in words]


def _c_args(fmt: str, args: list[object]) -> list[object]:
    kinds = parse_format(fmt, LOC)
    out: list[object] = []
    for kind, value in zip(kinds, args, strict=True):
        if kind is STRING:
            out.append(ctypes.c_char_p(value))  # type: ignore[arg-type]
        elif kind is DOUBLE:
            out.append(ctypes.c_double(value))  # type: ignore[arg-type]
        elif kind is LONG:
            out.append(ctypes.c_longlong(value))  # type: ignore[arg-type]
        else:
            out.append(ctypes.c_int(value))  # type: ignore[arg-type]
    return out


FITTED = [
    ("[%-8s|%d]", [b"xyzzy", 42]),
    ("[%8s|%d]", [b"xyzzy", -42]),
    ("[%.3s|%d]", [b"abcdefghijkl", 7]),
    ("[%.8s|%d]", [b"abcdefghijkl", 8]),
    ("[%.0s|%d]", [b"abc", 9]),
    ("[%.16s|%s|%c]", [b"abcdefghijklmnopqrstuvwxyz", b"plain", ord("q")]),
    ("[%*s|%d]", [-10, b"ab", 5]),
    ("[%-*.*s|%lld]", [12, 4, b"hello world", 1234567890123]),
    ("[%.*s|%f]", [-1, b"hello", 2.5]),
    ("[%20.16s|%5.1s|%x]", [b"abcdefghijklmnopqrstuvwxyz", b"", 255]),
]


@pytest.mark.parametrize(("fmt", "args"), FITTED)
def test_strings_with_a_width_or_precision_print_as_c_prints_them(
    fmt: str, args: list[object]
) -> None:
    """ROCm's host steps over a %s by what it printed: sent as HIP sends it, a padded or
    cut string shifts the arguments after it; as the lowering sends it (the string cut on
    the device, the padding printed by `%*.0d` of 0), the output is C's."""
    expected = _c_printf(fmt.encode(), *_c_args(fmt, args))
    assert _rocm_host(_message(fmt, args, fit=True)) == expected


def test_hips_way_shifts_the_arguments_after_a_padded_string() -> None:
    fmt, args = FITTED[0]
    assert _rocm_host(_message(fmt, args, fit=False)) != _c_printf(
        fmt.encode(), *_c_args(fmt, args)
    )
