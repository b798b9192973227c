"""Forms of PTX ISA 9.7.17 (stack manipulation), 9.7.18 (video instructions) and 9.7.19
(miscellaneous: brkpt, nanosleep, pmevent, trap, setmaxnreg).

Video operands carry byte and half-word selectors and masks as part of the register name
(`%r1.b0`, `%r2.h10`, `%r3.b7654`) and vmad's operands a `-` sign (ast.Minus):
emit/video.py reads them.
"""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Slot, Status, maybe, opt, slot

D, A = Op.DST, Op.SRC
U = Status.UNSUPPORTED
SCALAR_EMITTER, SIMD_EMITTER = "video.scalar", "video.simd"
STACK32 = ".u32 on AMD GPUs only (the host platform's stack addresses are 64-bit)"
VTYPES = "u32 s32"
SAT = opt("sat", "sat")
OP2 = slot("op2", "add min max")
VCMP = slot("cmp", "eq ne lt le gt ge")


def _types(*names: str) -> tuple[Slot, ...]:
    return tuple(slot(n, VTYPES) for n in names)


def _scalar(opcode: str, section: str, middle: tuple[Slot, ...]) -> tuple[Form, Form, Form]:
    """`vop.types{mods} d, a, b`, `vop.types{mods}.op2 d, a, b, c` and the data-merge form
    `vop.types{mods} d.dsel, a, b, c` (9.7.18.1.1, 9.7.18.1.2, 9.7.18.1.4)."""
    return (
        Form(opcode, section, middle, (D, A, A), emitter=SCALAR_EMITTER),
        Form(opcode, section, (*middle, OP2), (D, A, A, A), emitter=SCALAR_EMITTER),
        Form(opcode, section, middle, (D, A, A, A), emitter=SCALAR_EMITTER),
    )


def _simd(opcode: str, section: str, types: tuple[Slot, ...]) -> tuple[Form, Form]:
    """`vop2/vop4.types{.sat} d{.mask}, a, b, c` and the accumulating `.add` form."""
    return (
        Form(opcode, section, (*types, SAT), (D, A, A, A), emitter=SIMD_EMITTER),
        Form(opcode, section, (*types, slot("op2", "add")), (D, A, A, A), emitter=SIMD_EMITTER),
    )


SCALAR = ("vadd", "vsub", "vabsdiff", "vmin", "vmax")
THREE = _types("dtype", "atype", "btype")
SCALE = opt("scale", "shr7 shr15")
SIMD = ("add", "sub", "avrg", "absdiff", "min", "max")

# emit/pmevent.py says why this is exact.
PMEVENT = "no-op: the events only count in profiler counters that the program cannot read"

# fmt: off
FORMS = (
    # 9.7.17.1 stacksave / 9.7.17.2 stackrestore / 9.7.17.3 alloca
    # (the stack is the target's: scratch memory on AMD, the fiber's stack on the host)
    Form("stacksave", "9.7.17.1", (slot("type", "u32 u64"),), (D,), emitter="stack.stacksave",
         note=STACK32),
    Form("stackrestore", "9.7.17.2", (slot("type", "u32 u64"),), (A,),
         emitter="stack.stackrestore", note=STACK32),
    Form("alloca", "9.7.17.3", (slot("type", "u32 u64"),), (D, A, maybe(A)),
         emitter="stack.alloca", note=STACK32),
    # 9.7.18.1.1 vadd, vsub, vabsdiff, vmin, vmax
    *(f for op in SCALAR for f in _scalar(op, "9.7.18.1.1", (*THREE, SAT))),
    # 9.7.18.1.2 vshl, vshr
    *(f for op in ("vshl", "vshr") for f in _scalar(
        op, "9.7.18.1.2", (*_types("dtype", "atype"), slot("btype", "u32"), SAT,
                           slot("mode", "clamp wrap")))),
    # 9.7.18.1.3 vmad
    Form("vmad", "9.7.18.1.3", (*THREE, SAT, SCALE), (D, A, A, A), emitter="video.vmad"),
    Form("vmad", "9.7.18.1.3", (*THREE, slot("mode", "po"), SAT, SCALE), (D, A, A, A),
         emitter="video.vmad"),
    # 9.7.18.1.4 vset
    *_scalar("vset", "9.7.18.1.4", (*_types("atype", "btype"), VCMP)),
    # 9.7.18.2.1 vadd2, vsub2, vavrg2, vabsdiff2, vmin2, vmax2 / 9.7.18.2.2 vset2
    *(f for op in SIMD for f in _simd(f"v{op}2", "9.7.18.2.1", THREE)),
    Form("vset2", "9.7.18.2.2", (*_types("atype", "btype"), VCMP), (D, A, A, A),
         emitter=SIMD_EMITTER),
    Form("vset2", "9.7.18.2.2", (*_types("atype", "btype"), VCMP, slot("op2", "add")),
         (D, A, A, A), emitter=SIMD_EMITTER),
    # 9.7.18.2.3 vadd4, vsub4, vavrg4, vabsdiff4, vmin4, vmax4 / 9.7.18.2.4 vset4
    *(f for op in SIMD for f in _simd(f"v{op}4", "9.7.18.2.3", THREE)),
    Form("vset4", "9.7.18.2.4", (*_types("atype", "btype"), VCMP), (D, A, A, A),
         emitter=SIMD_EMITTER),
    Form("vset4", "9.7.18.2.4", (*_types("atype", "btype"), VCMP, slot("op2", "add")),
         (D, A, A, A), emitter=SIMD_EMITTER),
    # 9.7.19.1 brkpt / 9.7.19.2 nanosleep / 9.7.19.3 pmevent / 9.7.19.4 trap / 9.7.19.5 setmaxnreg
    Form("brkpt", "9.7.19.1", (), (), U, note="debugger breakpoint"),
    Form("nanosleep", "9.7.19.2", (slot("type", "u32"),), (A,), emitter="control.nanosleep"),
    Form("pmevent", "9.7.19.3", (), (A,), emitter="pmevent.trigger", note=PMEVENT),
    Form("pmevent", "9.7.19.3", (slot("mask", "mask"),), (A,), emitter="pmevent.trigger",
         note=PMEVENT),
    Form("trap", "9.7.19.4", (), (), emitter="control.trap"),
    Form("setmaxnreg", "9.7.19.5", (slot("action", "inc dec"), slot("sync", "sync"),
                                    slot("aligned", "aligned"), slot("type", "u32")), (A,), U,
         note="register reallocation"),
)
# fmt: on
