"""Forms of PTX ISA 9.7.10 (texture: tex, tld4, txq, istypep) and 9.7.11 (surface: suld,
sust, sured, suq).

Texture and surface coordinates are written inside the address (`[tex, {x, y}]`, an
ADDR_LIST operand). The manual's forms with and without an explicit sampler (`[a, c]`,
`[a, b, c]`) share their modifiers and operand kinds, so they are one row each.
"""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Slot, Status, maybe, opt, slot

D, A, P, M, V = Op.DST, Op.SRC, Op.PRED_DST, Op.ADDR, Op.DATA
VP, AL = Op.DATA_PRED, Op.ADDR_LIST
U = Status.UNSUPPORTED
TEX = "texture sampling"
SURF = "surface access"
IMG = "AMD GPUs without image instructions (gfx940-gfx950): an error naming the target"
HOST = "host platform only: an error naming the target on AMD GPUs"
GEOM = slot("geom", "1d 2d 3d a1d a2d cube acube 2dms a2dms")
CTYPE = slot("ctype", "s32 f32")
V4 = (slot("vec", "v4"), slot("dtype", "u32 s32 f16 f32"))
V2 = (slot("vec", "v2"), slot("dtype", "f16x2"))
EF = (maybe(V), maybe(A))  # `{, e} {, f}`: offset vector and depth-compare value
SGEOM = "1d 2d 3d a1d a2d"
SCLAMP = slot("clamp", "trap clamp zero")


# Lowered (ptx_lowering/emit/texture.py; host platform, and AMD GPUs with image instructions
# but txq/suq): unified-mode texture and surface objects (a .b64 handle), the geometries
# without cube maps and multisampling.
LGEOM = slot("geom", "1d 2d 3d a1d a2d cube acube 2dms a2dms", supported=SGEOM)
LV4 = (slot("vec", "v4"), slot("dtype", "u32 s32 f16 f32", supported="u32 s32 f32"))
S = Status.SUPPORTED
QUERY = "width height depth"


def _tex(mip: str, vec: tuple[Slot, ...], extra: tuple[Op, ...]) -> Form:
    head = (slot("mipmap", mip),) if mip else ()
    return Form("tex", "9.7.10.3", (*head, GEOM, *vec, CTYPE), (VP, AL, *extra, *EF), U, note=TEX)


def _tex_lowered(mip: str, extra: tuple[Op, ...]) -> Form:
    head = (slot("mipmap", mip),) if mip else ()
    return Form("tex", "9.7.10.3", (*head, LGEOM, *LV4, CTYPE), (VP, AL, *extra, *EF), S,
                emitter="texture.tex", note=IMG)  # fmt: skip


# fmt: off
FORMS = (
    # 9.7.10.3 tex: plain, then the mipmap forms .base, .level (lod), .grad (dPdx, dPdy)
    _tex_lowered("", ()), _tex("", V2, ()),
    _tex("base", V4, ()), _tex_lowered("level", (A,)), _tex_lowered("grad", (V, V)),
    _tex("base", V2, ()), _tex("level", V2, (A,)), _tex("grad", V2, (V, V)),
    # 9.7.10.4 tld4 / 9.7.10.5 txq / 9.7.10.6 istypep
    Form("tld4", "9.7.10.4", (slot("comp", "r g b a"),
                              slot("geom", "2d a2d cube acube", supported="2d"),
                              slot("vec", "v4"), slot("dtype", "u32 s32 f32"),
                              slot("ctype", "f32")), (VP, AL, *EF), S, emitter="texture.tld4",
         note=IMG),
    Form("txq", "9.7.10.5", (slot("query", "width height depth channel_data_type channel_order "
                                           "normalized_coords array_size num_mipmap_levels "
                                           "num_samples", supported=QUERY), slot("type", "b32")),
         (D, M), S, emitter="texture.query", note=HOST),
    Form("txq", "9.7.10.5", (slot("lod", "level"), slot("query", "width height depth"),
                             slot("type", "b32")), (D, M, A), U, note=TEX),
    Form("txq", "9.7.10.5", (slot("query", "force_unnormalized_coords filter_mode addr_mode_0 "
                                           "addr_mode_1 addr_mode_2"), slot("type", "b32")),
         (D, M), U, note=TEX),
    Form("istypep", "9.7.10.6", (slot("kind", "texref samplerref surfref"),), (P, A), U, note=TEX),
    # 9.7.11.1 suld / 9.7.11.2 sust / 9.7.11.3 sured / 9.7.11.4 suq
    Form("suld", "9.7.11.1", (slot("fmt", "b"), slot("geom", SGEOM), opt("cop", "ca cg cs cv"),
                              opt("vec", "v2 v4"), slot("dtype", "b8 b16 b32 b64"), SCLAMP),
         (V, AL), S, emitter="texture.suld", note=IMG),
    Form("sust", "9.7.11.2", (slot("fmt", "b"), slot("geom", SGEOM), opt("cop", "wb cg cs wt"),
                              opt("vec", "v2 v4"), slot("ctype", "b8 b16 b32 b64"), SCLAMP),
         (AL, V), S, emitter="texture.sust", note=IMG),
    Form("sust", "9.7.11.2", (slot("fmt", "p"), slot("geom", "1d 2d 3d"), opt("vec", "v2 v4"),
                              slot("ctype", "b32"), SCLAMP), (AL, V), U, note=SURF),
    Form("sured", "9.7.11.3", (slot("fmt", "b"), slot("op", "add min max and or"),
                               slot("geom", "1d 2d 3d"), slot("ctype", "u32 u64 s32 b32 s64"),
                               SCLAMP), (AL, A), U, note=SURF),
    Form("sured", "9.7.11.3", (slot("fmt", "p"), slot("op", "add min max and or"),
                               slot("geom", "1d 2d 3d"), slot("ctype", "b32 b64"), SCLAMP),
         (AL, A), U, note=SURF),
    Form("suq", "9.7.11.4", (slot("query", "width height depth channel_data_type channel_order "
                                           "array_size memory_layout", supported=QUERY),
                             slot("type", "b32")), (D, M), S, emitter="texture.query", note=HOST),
)
# fmt: on
