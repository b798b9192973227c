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
    # 9.7.1.1 add: add.type (.u16x2/.s16x2 are a row of their own: packed SIMD)
    Form("add", "9.7.1.1", (slot("type", INT16_64),), (D, A, A), emitter="int.add"),
    Form("add", "9.7.1.1", (slot("sat", "sat"), slot("type", "s32")), (D, A, A), emitter="int.add"),
    Form("add", "9.7.1.1", (slot("type", PACKED),), (D, A, A), U, note="packed 16-bit SIMD"),
    # 9.7.1.2 sub
    Form("sub", "9.7.1.2", (slot("type", INT16_64),), (D, A, A), emitter="int.sub"),
    Form("sub", "9.7.1.2", (slot("sat", "sat"), slot("type", "s32")), (D, A, A), emitter="int.sub"),
    # 9.7.1.3 mul / 9.7.1.4 mad
    Form("mul", "9.7.1.3", (slot("mode", "hi lo wide"), slot("type", INT16_64)), (D, A, A),
         emitter="int.mul"),
    Form("mad", "9.7.1.4", (slot("mode", "hi lo wide"), slot("type", INT16_64)), (D, A, A, A),
         emitter="int.mad"),
    Form("mad", "9.7.1.4", (slot("mode", "hi"), slot("sat", "sat"), slot("type", "s32")),
         (D, A, A, A), U, note="saturating mad.hi"),
    # 9.7.1.5 mul24 / 9.7.1.6 mad24
    Form("mul24", "9.7.1.5", (slot("mode", "hi lo"), slot("type", "u32 s32")), (D, A, A), U,
         note="24-bit multiply"),
    Form("mad24", "9.7.1.6", (slot("mode", "hi lo"), slot("type", "u32 s32")), (D, A, A, A), U,
         note="24-bit multiply-add"),
    Form("mad24", "9.7.1.6", (slot("mode", "hi"), slot("sat", "sat"), slot("type", "s32")),
         (D, A, A, A), U, note="24-bit multiply-add"),
    # 9.7.1.7 sad / 9.7.1.8 div / 9.7.1.9 rem
    Form("sad", "9.7.1.7", (slot("type", INT16_64),), (D, A, A, A), U,
         note="sum of absolute differences"),
    Form("div", "9.7.1.8", (slot("type", INT16_64),), (D, A, A), U, note="integer division"),
    Form("rem", "9.7.1.9", (slot("type", INT16_64),), (D, A, A), U, note="integer remainder"),
    # 9.7.1.10 abs / 9.7.1.11 neg
    Form("abs", "9.7.1.10", (slot("type", "s16 s32 s64"),), (D, A), emitter="int.abs"),
    Form("neg", "9.7.1.11", (slot("type", "s16 s32 s64"),), (D, A), emitter="int.neg"),
    # 9.7.1.12 min / 9.7.1.13 max: min.atype and min{.relu}.btype, regrouped into the
    # scalar types cu2amd lowers, the packed types, and .relu
    Form("min", "9.7.1.12", (slot("type", INT16_64),), (D, A, A), emitter="int.min"),
    Form("min", "9.7.1.12", (slot("type", PACKED),), (D, A, A), U, note="packed 16-bit SIMD"),
    Form("min", "9.7.1.12", (slot("relu", "relu"), slot("type", "s16x2 s32")), (D, A, A), U,
         note="min with .relu"),
    Form("max", "9.7.1.13", (slot("type", INT16_64),), (D, A, A), emitter="int.max"),
    Form("max", "9.7.1.13", (slot("type", PACKED),), (D, A, A), U, note="packed 16-bit SIMD"),
    Form("max", "9.7.1.13", (slot("relu", "relu"), slot("type", "s16x2 s32")), (D, A, A), U,
         note="max with .relu"),
    # 9.7.1.14 popc / 9.7.1.15 clz / 9.7.1.16 bfind / 9.7.1.17 fns / 9.7.1.18 brev
    Form("popc", "9.7.1.14", (slot("type", BITS),), (D, A), U, note="bit counting"),
    Form("clz", "9.7.1.15", (slot("type", BITS),), (D, A), U, note="bit counting"),
    Form("bfind", "9.7.1.16", (slot("type", "u32 u64 s32 s64"),), (D, A), U,
         note="bit counting"),
    Form("bfind", "9.7.1.16", (slot("shiftamt", "shiftamt"), slot("type", "u32 u64 s32 s64")),
         (D, A), U, note="bit counting"),
    Form("fns", "9.7.1.17", (slot("type", "b32"),), (D, A, A, A), U, note="find n-th set bit"),
    Form("brev", "9.7.1.18", (slot("type", BITS),), (D, A), U, note="bit manipulation"),
    # 9.7.1.19 bfe / 9.7.1.20 bfi / 9.7.1.21 szext / 9.7.1.22 bmsk
    Form("bfe", "9.7.1.19", (slot("type", "u32 u64 s32 s64"),), (D, A, A, A), U,
         note="bit-field extract"),
    Form("bfi", "9.7.1.20", (slot("type", BITS),), (D, A, A, A, A), U, note="bit-field insert"),
    Form("szext", "9.7.1.21", (slot("mode", "clamp wrap"), slot("type", "u32 s32")), (D, A, A),
         U, note="sign/zero extension"),
    Form("bmsk", "9.7.1.22", (slot("mode", "clamp wrap"), slot("type", "b32")), (D, A, A), U,
         note="bit mask"),
    # 9.7.1.23 dp4a / 9.7.1.24 dp2a
    Form("dp4a", "9.7.1.23", (slot("atype", "u32 s32"), slot("btype", "u32 s32")),
         (D, A, A, A), U, note="integer dot product"),
    Form("dp2a", "9.7.1.24", (slot("mode", "lo hi"), slot("atype", "u32 s32"),
                              slot("btype", "u32 s32")), (D, A, A, A), U,
         note="integer dot product"),
    # 9.7.2.1 add.cc / 9.7.2.2 addc / 9.7.2.3 sub.cc / 9.7.2.4 subc
    Form("add.cc", "9.7.2.1", (slot("type", CARRY),), (D, A, A), U, note="carry chain"),
    Form("addc", "9.7.2.2", (opt("cc", "cc"), slot("type", CARRY)), (D, A, A), U,
         note="carry chain"),
    Form("sub.cc", "9.7.2.3", (slot("type", CARRY),), (D, A, A), U, note="carry chain"),
    Form("subc", "9.7.2.4", (opt("cc", "cc"), slot("type", CARRY)), (D, A, A), U,
         note="carry chain"),
    # 9.7.2.5 mad.cc / 9.7.2.6 madc
    Form("mad", "9.7.2.5", (slot("mode", "hi lo"), slot("cc", "cc"), slot("type", CARRY)),
         (D, A, A, A), U, note="carry chain"),
    Form("madc", "9.7.2.6", (slot("mode", "hi lo"), opt("cc", "cc"), slot("type", CARRY)),
         (D, A, A, A), U, note="carry chain"),
)
# fmt: on
