"""Forms of PTX ISA 9.7.1 (integer arithmetic) and 9.7.2 (extended-precision integer
arithmetic: the carry chain)."""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Status, opt, slot

D, A = Op.DST, Op.SRC
U = Status.UNSUPPORTED
INT16_64 = "u16 u32 u64 s16 s32 s64"
CARRY = "u32 s32 u64 s64"
PACKED = "u16x2 s16x2"
BITS = "b32 b64"

# fmt: off
FORMS = (
    # 9.7.1.1 add: add.type (.u16x2/.s16x2 are a row of their own: packed SIMD, sm_90)
    Form("add", "9.7.1.1", (slot("type", INT16_64),), (D, A, A), emitter="int.add"),
    Form("add", "9.7.1.1", (slot("sat", "sat"), slot("type", "s32")), (D, A, A), emitter="int.add"),
    Form("add", "9.7.1.1", (slot("type", PACKED),), (D, A, A), emitter="int.add"),
    # 9.7.1.2 sub
    Form("sub", "9.7.1.2", (slot("type", INT16_64),), (D, A, A), emitter="int.sub"),
    Form("sub", "9.7.1.2", (slot("sat", "sat"), slot("type", "s32")), (D, A, A), emitter="int.sub"),
    # 9.7.1.3 mul / 9.7.1.4 mad
    Form("mul", "9.7.1.3", (slot("mode", "hi lo wide"), slot("type", INT16_64)), (D, A, A),
         emitter="int.mul"),
    Form("mad", "9.7.1.4", (slot("mode", "hi lo wide"), slot("type", INT16_64)), (D, A, A, A),
         emitter="int.mad"),
    Form("mad", "9.7.1.4", (slot("mode", "hi"), slot("sat", "sat"), slot("type", "s32")),
         (D, A, A, A), emitter="int.mad"),
    # 9.7.1.5 mul24 / 9.7.1.6 mad24
    Form("mul24", "9.7.1.5", (slot("mode", "hi lo"), slot("type", "u32 s32")), (D, A, A),
         emitter="int.mul24"),
    Form("mad24", "9.7.1.6", (slot("mode", "hi lo"), slot("type", "u32 s32")), (D, A, A, A),
         emitter="int.mad24"),
    Form("mad24", "9.7.1.6", (slot("mode", "hi"), slot("sat", "sat"), slot("type", "s32")),
         (D, A, A, A), emitter="int.mad24"),
    # 9.7.1.7 sad / 9.7.1.8 div / 9.7.1.9 rem
    Form("sad", "9.7.1.7", (slot("type", INT16_64),), (D, A, A, A), emitter="int.sad"),
    Form("div", "9.7.1.8", (slot("type", INT16_64),), (D, A, A), emitter="int.div"),
    Form("rem", "9.7.1.9", (slot("type", INT16_64),), (D, A, A), emitter="int.rem"),
    # 9.7.1.10 abs / 9.7.1.11 neg
    Form("abs", "9.7.1.10", (slot("type", "s16 s32 s64"),), (D, A), emitter="int.abs"),
    Form("neg", "9.7.1.11", (slot("type", "s16 s32 s64"),), (D, A), emitter="int.neg"),
    # 9.7.1.12 min / 9.7.1.13 max: min.atype and min{.relu}.btype, regrouped into the
    # scalar types, the packed types (sm_90), and .relu (sm_90). The ISA has no
    # three-input integer min/max (only floating-point min/max take three inputs).
    Form("min", "9.7.1.12", (slot("type", INT16_64),), (D, A, A), emitter="int.min"),
    Form("min", "9.7.1.12", (slot("type", PACKED),), (D, A, A), emitter="int.min"),
    Form("min", "9.7.1.12", (slot("relu", "relu"), slot("type", "s16x2 s32")), (D, A, A),
         emitter="int.min"),
    Form("max", "9.7.1.13", (slot("type", INT16_64),), (D, A, A), emitter="int.max"),
    Form("max", "9.7.1.13", (slot("type", PACKED),), (D, A, A), emitter="int.max"),
    Form("max", "9.7.1.13", (slot("relu", "relu"), slot("type", "s16x2 s32")), (D, A, A),
         emitter="int.max"),
    # 9.7.1.14 popc / 9.7.1.15 clz / 9.7.1.16 bfind / 9.7.1.17 fns / 9.7.1.18 brev
    Form("popc", "9.7.1.14", (slot("type", BITS),), (D, A), emitter="bits.popc"),
    Form("clz", "9.7.1.15", (slot("type", BITS),), (D, A), emitter="bits.clz"),
    Form("bfind", "9.7.1.16", (slot("type", "u32 u64 s32 s64"),), (D, A), emitter="bits.bfind"),
    Form("bfind", "9.7.1.16", (slot("shiftamt", "shiftamt"), slot("type", "u32 u64 s32 s64")),
         (D, A), emitter="bits.bfind"),
    Form("fns", "9.7.1.17", (slot("type", "b32"),), (D, A, A, A), emitter="bits.fns"),
    Form("brev", "9.7.1.18", (slot("type", BITS),), (D, A), emitter="bits.brev"),
    # 9.7.1.19 bfe / 9.7.1.20 bfi / 9.7.1.21 szext / 9.7.1.22 bmsk
    Form("bfe", "9.7.1.19", (slot("type", "u32 u64 s32 s64"),), (D, A, A, A),
         emitter="bits.bfe"),
    Form("bfi", "9.7.1.20", (slot("type", BITS),), (D, A, A, A, A), emitter="bits.bfi"),
    Form("szext", "9.7.1.21", (slot("mode", "clamp wrap"), slot("type", "u32 s32")), (D, A, A),
         emitter="bits.szext"),
    Form("bmsk", "9.7.1.22", (slot("mode", "clamp wrap"), slot("type", "b32")), (D, A, A),
         emitter="bits.bmsk"),
    # 9.7.1.23 dp4a / 9.7.1.24 dp2a
    Form("dp4a", "9.7.1.23", (slot("atype", "u32 s32"), slot("btype", "u32 s32")),
         (D, A, A, A), emitter="int.dp4a"),
    Form("dp2a", "9.7.1.24", (slot("mode", "lo hi"), slot("atype", "u32 s32"),
                              slot("btype", "u32 s32")), (D, A, A, A), emitter="int.dp2a"),
    # 9.7.2.1 add.cc / 9.7.2.2 addc / 9.7.2.3 sub.cc / 9.7.2.4 subc
    Form("add.cc", "9.7.2.1", (slot("type", CARRY),), (D, A, A), emitter="carry.add"),
    Form("addc", "9.7.2.2", (opt("cc", "cc"), slot("type", CARRY)), (D, A, A),
         emitter="carry.add"),
    Form("sub.cc", "9.7.2.3", (slot("type", CARRY),), (D, A, A), emitter="carry.sub"),
    Form("subc", "9.7.2.4", (opt("cc", "cc"), slot("type", CARRY)), (D, A, A),
         emitter="carry.sub"),
    # 9.7.2.5 mad.cc / 9.7.2.6 madc
    Form("mad", "9.7.2.5", (slot("mode", "hi lo"), slot("cc", "cc"), slot("type", CARRY)),
         (D, A, A, A), emitter="carry.mad"),
    Form("madc", "9.7.2.6", (slot("mode", "hi lo"), opt("cc", "cc"), slot("type", CARRY)),
         (D, A, A, A), emitter="carry.mad"),
)
# fmt: on
