"""runtime_shim/include/cu2amd/wmma_ptx.h, generated: one inline PTX wmma instruction per
function, for every wmma.load, wmma.store and wmma.mma form that the CUDA C++ warp matrix
API (include/mma.h, namespace nvcuda::wmma) needs, each with the fragment registers the PTX
ISA gives it (9.7.14.4.1). The functions are static members of explicit specialisations
of `__cu2amd_wmma::load`, `store` and `mma`, keyed by the shape, types and layouts, so
mma.h picks one at compile time. cu2amd lowers the asm like any inline PTX
(ptx_lowering/emit/wmma.py, whose fragment distribution is cu2amd's own).

    python -m cu2amd.runtime_shim.wmma_header -o runtime_shim/include/cu2amd/wmma_ptx.h
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from cu2amd.runtime_shim.tables.build import generated_file_main

SHAPES = {"m16n16k16": (16, 16, 16), "m32n8k16": (32, 8, 16), "m8n32k16": (8, 32, 16),
          "m16n16k8": (16, 16, 8), "m8n8k4": (8, 8, 4)}  # fmt: skip
HALF_SHAPES = ("m16n16k16", "m32n8k16", "m8n32k16")
# The element kinds (mma.h's __cu2amd_wmma::kind, in this order).
KINDS = ("f16", "bf16", "s8", "u8", "tf32", "f64", "f32", "s32")
# Registers of the A and B fragments (PTX ISA 9.7.14.4.1), by type and shape.
AB_REGISTERS: dict[tuple[str, str], tuple[int, int]] = {
    **{("f16", s): (8, 8) for s in HALF_SHAPES},
    ("bf16", "m16n16k16"): (4, 4), ("bf16", "m8n32k16"): (2, 8), ("bf16", "m32n8k16"): (8, 2),
    **{(t, "m16n16k16"): (2, 2) for t in ("s8", "u8")},
    **{(t, "m8n32k16"): (1, 4) for t in ("s8", "u8")},
    **{(t, "m32n8k16"): (4, 1) for t in ("s8", "u8")},
    ("tf32", "m16n16k8"): (4, 4),
    ("f64", "m8n8k4"): (1, 1),
}  # fmt: skip
# Registers of the C and D fragments, by type (the same for every shape).
ACC_REGISTERS = {"f16": 4, "f32": 8, "s32": 8, "f64": 2}
ACC_TYPES = {**{s: ("f16", "f32", "s32") for s in HALF_SHAPES}, "m16n16k8": ("f32",),
             "m8n8k4": ("f64",)}  # fmt: skip
LAYOUTS = ("row", "col")
# The C++ type of a register and its constraint letter.
REGISTER = {"f32": ("float", "f"), "f64": ("double", "d")}


@dataclass(frozen=True)
class Mma:
    shape: str
    alayout: str
    blayout: str
    atype: str  # A and B
    ctype: str
    dtype: str
    satfinite: bool

    def spelling(self) -> str:
        if self.atype == "f16":
            types = f"{self.dtype}.{self.ctype}"
        elif self.atype == "f64":
            types = "rn.f64.f64.f64.f64"
        else:
            types = f"{self.dtype}.{self.atype}.{self.atype}.{self.ctype}"
        satf = ".satfinite" if self.satfinite else ""
        return (f"wmma.mma.sync.aligned.{self.alayout}.{self.blayout}.{self.shape}.{types}"
                f"{satf}")  # fmt: skip


def _register(fmt: str) -> tuple[str, str]:
    return REGISTER.get(fmt, ("unsigned", "r"))


def _vector(first: int, count: int) -> str:
    return "{" + ", ".join(f"%{first + i}" for i in range(count)) + "}"


def _operands(letter: str, name: str, count: int, output: bool) -> list[str]:
    return [f'"{"=" if output else ""}{letter}"({name}[{i}])' for i in range(count)]


def _key(shape: str) -> str:
    m, n, k = SHAPES[shape]
    return f"{m}, {n}, {k}"


def _function(signature: str, template: str, outputs: list[str], inputs: list[str],
              clobber: bool = False) -> list[str]:  # fmt: skip
    lines = [f"    static __device__ __forceinline__ void run({signature}) {{",
             f'        asm volatile("{template}"']  # fmt: skip
    lines.append(f"                     : {', '.join(outputs)}")
    tail = ' : "memory"' if clobber else ""
    lines.append(f"                     : {', '.join(inputs)}{tail});")
    lines.append("    }")
    return lines


def loads() -> Iterator[tuple[str, str, str, str, int]]:
    """(matrix, shape, layout, type, registers) of every wmma.load."""
    for (fmt, shape), (a, b) in AB_REGISTERS.items():
        for layout in LAYOUTS:
            yield "a", shape, layout, fmt, a
            yield "b", shape, layout, fmt, b
    for shape, types in ACC_TYPES.items():
        for fmt in types:
            for layout in LAYOUTS:
                yield "c", shape, layout, fmt, ACC_REGISTERS[fmt]


def stores() -> Iterator[tuple[str, str, str, int]]:
    """(shape, layout, type, registers) of every wmma.store."""
    for shape, types in ACC_TYPES.items():
        for fmt in types:
            for layout in LAYOUTS:
                yield shape, layout, fmt, ACC_REGISTERS[fmt]


def mmas() -> Iterator[Mma]:
    for atype, shape in AB_REGISTERS:
        for alayout in LAYOUTS:
            for blayout in LAYOUTS:
                if atype == "f16":
                    for ctype in ("f16", "f32"):
                        for dtype in ("f16", "f32"):
                            yield Mma(shape, alayout, blayout, atype, ctype, dtype, False)
                elif atype in ("s8", "u8"):
                    for satf in (False, True):
                        yield Mma(shape, alayout, blayout, atype, "s32", "s32", satf)
                else:
                    acc = "f64" if atype == "f64" else "f32"
                    yield Mma(shape, alayout, blayout, atype, acc, acc, False)


def _registers() -> list[str]:
    seen = dict.fromkeys((m, shape, fmt, count) for m, shape, _, fmt, count in loads())
    return [f"template <> struct fragment_registers<'{m}', {_key(shape)}, {fmt}> "
            f"{{ enum {{ value = {n} }}; }};" for m, shape, fmt, n in seen]  # fmt: skip


def _load(matrix: str, shape: str, layout: str, fmt: str, count: int) -> list[str]:
    cxx, letter = _register(fmt) if matrix == "c" else _register("b32" if fmt != "f64" else fmt)
    template = (f"wmma.load.{matrix}.sync.aligned.{layout}.{shape}.{fmt} {_vector(0, count)}, "
                f"[%{count}], %{count + 1};")  # fmt: skip
    head = (f"template <> struct load<'{matrix}', {_key(shape)}, {fmt}, {int(layout == 'col')}> "
            "{")  # fmt: skip
    body = _function(f"{cxx} *r, const void *p, unsigned ldm", template,
                     _operands(letter, "r", count, True), ['"l"(p)', '"r"(ldm)'])  # fmt: skip
    return [head, *body, "};"]


def _store(shape: str, layout: str, fmt: str, count: int) -> list[str]:
    cxx, letter = _register(fmt)
    template = (f"wmma.store.d.sync.aligned.{layout}.{shape}.{fmt} [%0], {_vector(1, count)}, "
                f"%{count + 1};")  # fmt: skip
    head = f"template <> struct store<{_key(shape)}, {fmt}, {int(layout == 'col')}> {{"
    inputs = ['"l"(p)', *_operands(letter, "r", count, False), '"r"(ldm)']
    body = _function(f"void *p, const {cxx} *r, unsigned ldm", template, [], inputs, True)
    return [head, *body, "};"]


def _mma(op: Mma) -> list[str]:
    a, b = AB_REGISTERS[op.atype, op.shape]
    c, d = ACC_REGISTERS[op.ctype], ACC_REGISTERS[op.dtype]
    (ab_cxx, ab_letter), (c_cxx, c_letter) = _register(op.atype), _register(op.ctype)
    d_cxx, d_letter = _register(op.dtype)
    template = (f"{op.spelling()} {_vector(0, d)}, {_vector(d, a)}, {_vector(d + a, b)}, "
                f"{_vector(d + a + b, c)};")  # fmt: skip
    flags = f"{int(op.alayout == 'col')}, {int(op.blayout == 'col')}, {int(op.satfinite)}"
    head = (
        f"template <> struct mma<{_key(op.shape)}, {op.atype}, {op.ctype}, {op.dtype}, {flags}> {{"
    )
    signature = f"{d_cxx} *d, const {ab_cxx} *a, const {ab_cxx} *b, const {c_cxx} *c"
    inputs = [*_operands(ab_letter, "a", a, False), *_operands(ab_letter, "b", b, False),
              *_operands(c_letter, "c", c, False)]  # fmt: skip
    return [head, *_function(signature, template, _operands(d_letter, "d", d, True), inputs), "};"]


def render() -> str:
    out = [
        "/* generated by python -m cu2amd.runtime_shim.wmma_header — do not edit.",
        " * The PTX wmma instructions under mma.h (nvcuda::wmma): one asm statement per form,",
        " * with the fragment registers of PTX ISA 9.7.14.4.1. A and B registers are 32-bit",
        " * (f64: 64-bit); C and D are .f32, .f64 or 32-bit (.f16 pairs, .s32). */",
        "#ifndef CU2AMD_WMMA_PTX_H",
        "#define CU2AMD_WMMA_PTX_H",
        "",
        "namespace __cu2amd_wmma {",
        f"enum kind : int {{ {', '.join(KINDS)} }};",
        "/* How many registers a fragment has (0: no such fragment). */",
        "template <char Matrix, int M, int N, int K, int Kind> struct fragment_registers {",
        "    enum { value = 0 };",
        "};",
        *_registers(),
        "/* Matrix 'a', 'b' or 'c'; M, N, K; element kind; 1 for .col. */",
        "template <char Matrix, int M, int N, int K, int Kind, int Col> struct load;",
        "template <int M, int N, int K, int Kind, int Col> struct store;",
        "/* M, N, K; A and B kind; C kind; D kind; 1 for .col A, B; 1 for .satfinite. */",
        "template <int M, int N, int K, int AB, int C, int D, int ACol, int BCol, int Satf>",
        "struct mma;",
        "",
    ]
    for item in loads():
        out += _load(*item)
    for item in stores():
        out += _store(*item)
    for op in mmas():
        out += _mma(op)
    out += [
        "/* __float_to_tf32: f32 to tf32, to nearest with ties away from zero. */",
        "struct to_tf32 {",
        "    static __device__ __forceinline__ float run(float in) {",
        "        float out;",
        '        asm("cvt.rna.tf32.f32 %0, %1;" : "=r"(out) : "f"(in));',
        "        return out;",
        "    }",
        "};",
        "} // namespace __cu2amd_wmma",
        "",
        "#endif",
        "",
    ]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    return generated_file_main("cu2amd.runtime_shim.wmma_header", render, argv)


if __name__ == "__main__":
    raise SystemExit(main())
