"""Forms of PTX ISA 9.7.9 (data movement and conversion)."""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Status, opt, slot

D, A, M, V = Op.DST, Op.SRC, Op.ADDR, Op.DATA
U = Status.UNSUPPORTED
MOV_TYPES = "pred b16 b32 b64 u16 u32 u64 s16 s32 s64 f32 f64"
LDST_TYPES = "b8 b16 b32 b64 b128 u8 u16 u32 u64 s8 s16 s32 s64 f32 f64"
SPACES = "const global local param shared shared::cta"
# Cache operators and eviction hints change performance, never results: accepted, ignored.
LD_CACHE = (
    "ca cg cs lu cv L1::evict_normal L1::evict_unchanged L1::evict_first "
    "L1::evict_last L1::no_allocate L2::evict_first L2::evict_last L2::64B "
    "L2::128B L2::256B L2::cache_hint"
)
ST_CACHE = (
    "wb cg cs wt L1::evict_normal L1::evict_unchanged L1::evict_first "
    "L1::evict_last L1::no_allocate L2::evict_first L2::evict_last L2::cache_hint"
)
SCOPES = "cta cluster gpu sys"
INT_CVT = "u8 u16 u32 u64 s8 s16 s32 s64"
ALL_CVT = INT_CVT + " f16 bf16 f32 f64"

FORMS = (
    # 9.7.9.1 mov
    Form("mov", "9.7.9.1", (slot("type", MOV_TYPES),), (D, A), emitter="data.mov"),
    # 9.7.9.5 ld (weak, volatile; .relaxed/.acquire need atomic orderings: not yet)
    Form(
        "ld",
        "9.7.9.5",
        (
            opt("sem", "weak volatile relaxed acquire", supported="weak volatile"),
            opt("scope", SCOPES, supported=""),
            opt("space", SPACES),
            opt("nc", "nc"),
            opt("cache", LD_CACHE),
            opt("vec", "v2 v4"),
            slot("type", LDST_TYPES),
        ),
        (V, M),
        emitter="mem.ld",
    ),
    # 9.7.9.8 st
    Form(
        "st",
        "9.7.9.8",
        (
            opt("sem", "weak volatile relaxed release", supported="weak volatile"),
            opt("scope", SCOPES, supported=""),
            opt("space", SPACES),
            opt("cache", ST_CACHE),
            opt("vec", "v2 v4"),
            slot("type", LDST_TYPES),
        ),
        (M, V),
        emitter="mem.st",
    ),
    # 9.7.9.19 cvta: generic <-> state-space addresses
    Form(
        "cvta",
        "9.7.9.19",
        (slot("space", "const global local shared shared::cta param"), slot("type", "u32 u64")),
        (D, A),
        emitter="mem.cvta",
    ),
    Form(
        "cvta",
        "9.7.9.19",
        (
            slot("to", "to"),
            slot("space", "const global local shared shared::cta param"),
            slot("type", "u32 u64"),
        ),
        (D, A),
        emitter="mem.cvta",
    ),
    # 9.7.9.21 cvt: integer <-> integer lowered; rounding and float types not yet
    Form(
        "cvt",
        "9.7.9.21",
        (
            opt("rnd", "rn rz rm rp rni rzi rmi rpi", supported=""),
            opt("ftz", "ftz", supported=""),
            opt("sat", "sat"),
            slot("dtype", ALL_CVT, supported=INT_CVT),
            slot("atype", ALL_CVT, supported=INT_CVT),
        ),
        (D, A),
        emitter="data.cvt",
    ),
)
