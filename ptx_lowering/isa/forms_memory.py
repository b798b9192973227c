"""Forms of PTX ISA 9.7.9 (data movement and conversion) that access memory: ld,
ld.global.nc, ldu, st, st.async, st.bulk, multimem, prefetch, applypriority, discard and
createpolicy.

The qualifiers before `.vec` may come in any order (ptxas accepts `ld.global.acquire.gpu`
as well as the manual's `ld.acquire.gpu.global`): they form one unordered group. The
manual gives `ld` and `st` with cache operators and with eviction priorities as two syntax
lines; cu2amd accepts both kinds of hint, so the two lines are one row each. `.volatile`,
`.relaxed`, `.acquire` and `.release` apply to .global and .shared (and generic
addresses) only, as ptxas checks. `[a].unified` (ld) is not accepted by the grammar yet.

Hints change performance, never results: cache operators, eviction priorities,
`.L2::cache_hint` (its cache-policy operand is read and ignored), prefetch sizes, the
prefetch instructions, applypriority, discard (whose data becomes unspecified: keeping it
is one of the allowed outcomes) and createpolicy (whose policy is opaque) are lowered to
what the hint means on the target, or to nothing (emit/memory.py).
"""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Operand, Slot, Status, maybe, opt, slot

D, A, M, V = Op.DST, Op.SRC, Op.ADDR, Op.DATA
U = Status.UNSUPPORTED
Q = "q"  # the unordered group of memory qualifiers
LDST_TYPES = "b8 b16 b32 b64 b128 u8 u16 u32 u64 s8 s16 s32 s64 f32 f64"
LD_SPACES = "const global local param::entry param::func param shared shared::cta shared::cluster"
ST_SPACES = "global local param param::func shared shared::cta shared::cluster"
ORDERED_SPACES = "global shared shared::cta shared::cluster"  # .volatile, .relaxed, ...
SCOPES = "cta cluster gpu sys"
EVICT1 = "L1::evict_normal L1::evict_unchanged L1::evict_first L1::evict_last L1::no_allocate"
EVICT2 = "L2::evict_normal L2::evict_first L2::evict_last"
POLICY = maybe(A, when="hint")  # `{, cache-policy}` comes with .L2::cache_hint
VEC = opt("vec", "v2 v4 v8")
LDST = slot("type", LDST_TYPES)
PREFETCH = opt("prefetch", "L2::64B L2::128B L2::256B", group=Q)
WEAK, VOLATILE = opt("sem", "weak", group=Q), slot("sem", "volatile", group=Q)
LD_SPACE = opt("space", LD_SPACES, group=Q)
ST_SPACE = opt("space", ST_SPACES, group=Q)
ORDERED_SPACE = opt("space", ORDERED_SPACES, group=Q)


def _hints(cop: str) -> tuple[Slot, ...]:
    return (
        *((opt("cop", cop, group=Q),) if cop else ()),
        opt("evict1", EVICT1, group=Q),
        opt("evict2", EVICT2, group=Q),
        opt("hint", "L2::cache_hint", group=Q),
    )


def _ordered(opcode: str, section: str, sem: str, ops: tuple[Operand, ...]) -> Form:
    """`ld.relaxed.scope ...`, `ld.acquire.scope ...`, `st.release.scope ...`."""
    prefetch = (PREFETCH,) if opcode == "ld" else ()
    slots = (slot("sem", sem, group=Q), slot("scope", SCOPES, group=Q), ORDERED_SPACE,
             *_hints(""), *prefetch, VEC, LDST)  # fmt: skip
    return Form(opcode, section, slots, ops, emitter=f"mem.{opcode}")


def _mmio(opcode: str, section: str, ops: tuple[Op, ...]) -> Form:
    slots = (slot("mmio", "mmio", group=Q), slot("sem", "relaxed", group=Q),
             slot("scope", "sys", group=Q), opt("space", "global", group=Q), LDST)  # fmt: skip
    return Form(opcode, section, slots, ops, emitter=f"mem.{opcode}")


MM_INT = slot("type", "b32 b64 u32 u64 s32 s64")
MM_FLOAT = slot("type", "f16 f16x2 bf16 bf16x2 f32 f64 e5m2 e5m2x2 e5m2x4 e4m3 e4m3x2 e4m3x4")
MM_RED_FLOAT = slot("type", "f16 f16x2 bf16 bf16x2 f32 f64")
MM_VEC, MM_ACC = opt("vec", "v2 v4 v8"), opt("acc", "acc::f32 acc::f16")


def _multimem(name: str, sem: str, tail: tuple[Slot, ...], ops: tuple[Op, ...]) -> tuple[Form, ...]:
    """`multimem.<name>{.sem}{.scope}{.ss}<tail>` and, for ld_reduce and st, its
    `.weak{.ss}<tail>` twin (9.7.9.14)."""
    key, ss, note = f"multimem.{name}", opt("space", "global"), "multimem (multicast memory)"
    strong = Form(key, "9.7.9.14", (opt("sem", sem), opt("scope", SCOPES), ss, *tail), ops, U,
                  note=note)  # fmt: skip
    if name == "red":
        return (strong,)
    return strong, Form(key, "9.7.9.14", (slot("sem", "weak"), ss, *tail), ops, U, note=note)


PRIORITY = slot("priority", "L2::evict_last L2::evict_normal L2::evict_first L2::evict_unchanged")
PRIORITY2 = opt("priority2", "L2::evict_first L2::evict_unchanged")
B64 = slot("type", "b64")

# fmt: off
FORMS = (
    # 9.7.9.8 ld: weak, volatile, relaxed and acquire, mmio
    Form("ld", "9.7.9.8", (WEAK, LD_SPACE, *_hints("ca cg cs lu cv"), PREFETCH, VEC, LDST),
         (V, M, POLICY), emitter="mem.ld"),
    Form("ld", "9.7.9.8", (VOLATILE, ORDERED_SPACE, PREFETCH, VEC, LDST), (V, M),
         emitter="mem.ld"),
    _ordered("ld", "9.7.9.8", "relaxed acquire", (V, M, POLICY)),
    _mmio("ld", "9.7.9.8", (V, M)),
    # 9.7.9.9 ld.global.nc: the read-only data path
    Form("ld", "9.7.9.9", (slot("space", "global", group=Q), slot("nc", "nc", group=Q),
                           *_hints("ca cg cs"), PREFETCH, VEC, LDST),
         (V, M, POLICY), emitter="mem.ld"),
    # 9.7.9.10 ldu
    Form("ldu", "9.7.9.10", (opt("space", "global"), opt("vec", "v2 v4"), LDST), (V, M),
         emitter="mem.ld"),
    # 9.7.9.11 st: weak, volatile, relaxed and release, mmio
    Form("st", "9.7.9.11", (WEAK, ST_SPACE, *_hints("wb cg cs wt"), VEC, LDST), (M, V, POLICY),
         emitter="mem.st"),
    Form("st", "9.7.9.11", (VOLATILE, ORDERED_SPACE, VEC, LDST), (M, V), emitter="mem.st"),
    _ordered("st", "9.7.9.11", "relaxed release", (M, V, POLICY)),
    _mmio("st", "9.7.9.11", (M, V)),
    # 9.7.9.12 st.async / 9.7.9.13 st.bulk
    Form("st.async", "9.7.9.12", (opt("sem", "weak"), opt("scope", "cluster"),
                                  opt("space", "shared::cluster"),
                                  opt("completion", "mbarrier::complete_tx::bytes"),
                                  opt("vec", "v2 v4"),
                                  slot("type", "b32 b64 u32 u64 s32 s64 f32 f64")),
         (M, V, M), U, note="asynchronous store to a cluster peer"),
    Form("st.async", "9.7.9.12", (opt("mmio", "mmio"), slot("sem", "release"),
                                  slot("scope", "gpu sys"), opt("space", "global"),
                                  slot("type", "b8 b16 b32 b64 u8 u16 u32 u64 s8 s16 s32 s64 "
                                               "f32 f64")),
         (M, A), U, note="asynchronous release store"),
    Form("st.bulk", "9.7.9.13", (opt("sem", "weak"), opt("space", "shared::cta")), (M, A, A), U,
         note="bulk initialisation of shared memory"),
    # 9.7.9.14 multimem.ld_reduce, multimem.st, multimem.red: integer, then floating point
    *_multimem("ld_reduce", "relaxed acquire", (slot("op", "min max add and or xor"), MM_INT),
               (D, M)),
    *_multimem("st", "relaxed release", (MM_INT,), (M, A)),
    *_multimem("red", "relaxed release", (slot("op", "min max add and or xor"), MM_INT), (M, A)),
    *_multimem("ld_reduce", "relaxed acquire",
               (slot("op", "min max add"), MM_ACC, MM_VEC, MM_FLOAT), (V, M)),
    *_multimem("st", "relaxed release", (MM_VEC, MM_FLOAT), (M, V)),
    *_multimem("red", "relaxed release", (slot("op", "add"), MM_VEC, MM_RED_FLOAT), (M, V)),
    # 9.7.9.15 prefetch, prefetchu: hints, lowered to nothing
    Form("prefetch", "9.7.9.15", (opt("space", "global local"), slot("level", "L1 L2")), (M,),
         emitter="mem.hint"),
    Form("prefetch", "9.7.9.15", (slot("space", "global"),
                                  slot("level", "L2::evict_last L2::evict_normal")), (M,),
         emitter="mem.hint"),
    Form("prefetchu", "9.7.9.15", (slot("level", "L1"),), (M,), emitter="mem.hint"),
    Form("prefetch", "9.7.9.15", (opt("space", "const param"), slot("tensormap", "tensormap")),
         (M,), emitter="mem.hint"),
    # 9.7.9.16 applypriority / 9.7.9.17 discard / 9.7.9.18 createpolicy
    Form("applypriority", "9.7.9.16", (opt("space", "global"),
                                       slot("priority", "L2::evict_normal")), (M, A),
         emitter="mem.hint"),
    Form("discard", "9.7.9.17", (opt("space", "global"), slot("level", "L2")), (M, A),
         emitter="mem.hint"),
    Form("createpolicy", "9.7.9.18", (slot("policy", "range"), opt("space", "global"), PRIORITY,
                                      PRIORITY2, B64), (D, M, A, A), emitter="mem.createpolicy"),
    Form("createpolicy", "9.7.9.18", (slot("policy", "fractional"), PRIORITY, PRIORITY2, B64),
         (D, maybe(A)), emitter="mem.createpolicy"),
    Form("createpolicy", "9.7.9.18", (slot("policy", "cvt"), slot("level", "L2"), B64), (D, A),
         emitter="mem.createpolicy"),
)
# fmt: on
