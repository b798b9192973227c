"""A reference model of the PTX video instructions (PTX ISA 9.7.18), written from the ISA's
pseudo-code: partSelectSignExtend, the primary operation, optSaturate, optSecOp and
optMerge for the scalar forms (9.7.18.1), extractAndSignExt_2/_4, the per-lane operation,
the lane clamp and the merge or accumulate for the SIMD forms (9.7.18.2).

Values are numpy object arrays of Python integers, so every intermediate is exact (the
ISA's .s33/.s34 values, vshl's wider shifts, vmad's 128-bit product); results are the low
32 bits as uint32.
"""

from __future__ import annotations

import numpy as np

CMP = {
    "eq": np.equal,
    "ne": np.not_equal,
    "lt": np.less,
    "le": np.less_equal,
    "gt": np.greater,
    "ge": np.greater_equal,
}


def exact(values: np.ndarray) -> np.ndarray:
    return np.asarray(values).astype(np.uint64).astype(object)


def low32(values: np.ndarray) -> np.ndarray:
    return (values & 0xFFFFFFFF).astype(np.uint64).astype(np.uint32)


def signed_field(field: np.ndarray, bits: int, signed: bool) -> np.ndarray:
    if not signed:
        return field
    return np.where(field >= 1 << (bits - 1), field - (1 << bits), field)


def part_select(x: np.ndarray, signed: bool, sel: str | None) -> np.ndarray:
    """partSelectSignExtend: the word, or byte .bN / half-word .hN, sign- or zero-extended."""
    if sel is None:
        return signed_field(x, 32, signed)
    bits = 8 if sel[0] == "b" else 16
    field = (x >> (int(sel[1]) * bits)) & ((1 << bits) - 1)
    return signed_field(field, bits, signed)


def clamp(x: np.ndarray, bits: int, signed: bool) -> np.ndarray:
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    return np.minimum(np.maximum(x, lo), hi)


def scalar(
    op: str,
    a: np.ndarray,
    b: np.ndarray,
    c: np.ndarray | None,
    *,
    dtype: str = "u32",
    atype: str,
    btype: str = "u32",
    sat: bool = False,
    op2: str | None = None,
    dsel: str | None = None,
    asel: str | None = None,
    bsel: str | None = None,
    mode: str | None = None,
    cmp: str | None = None,
) -> np.ndarray:
    """vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr, vset (vset: dtype u32)."""
    ta = part_select(exact(a), atype == "s32", asel)
    tb = part_select(exact(b), btype == "s32", bsel)
    if op == "vadd":
        tmp = ta + tb
    elif op == "vsub":
        tmp = ta - tb
    elif op == "vabsdiff":
        tmp = np.abs(ta - tb)
    elif op == "vmin":
        tmp = np.minimum(ta, tb)
    elif op == "vmax":
        tmp = np.maximum(ta, tb)
    elif op in ("vshl", "vshr"):
        tb = np.minimum(tb, 32) if mode == "clamp" else tb & 0x1F
        tmp = ta << tb if op == "vshl" else ta >> tb
    else:
        assert op == "vset"
        tmp = CMP[cmp](ta, tb).astype(np.int64).astype(object)
    signed = dtype == "s32"
    if sat:  # optSaturate
        tmp = clamp(tmp, 32 if dsel is None else 8 if dsel[0] == "b" else 16, signed)
    if c is None:
        return low32(tmp)
    tc = signed_field(exact(c), 32, signed)
    if op2 == "add":  # optSecOp
        tmp = tmp + tc
    elif op2 == "min":
        tmp = np.minimum(tmp, tc)
    elif op2 == "max":
        tmp = np.maximum(tmp, tc)
    elif dsel is not None:  # optMerge
        bits = 8 if dsel[0] == "b" else 16
        shift = int(dsel[1]) * bits
        field = ((1 << bits) - 1) << shift
        tmp = ((tmp & ((1 << bits) - 1)) << shift) | (tc & (~field & 0xFFFFFFFF))
    return low32(tmp)


def vmad(
    a: np.ndarray,
    b: np.ndarray,
    c: np.ndarray,
    *,
    atype: str,
    btype: str,
    asel: str | None = None,
    bsel: str | None = None,
    po: bool = False,
    sat: bool = False,
    scale: str | None = None,
    negate: str = "",
) -> np.ndarray:
    """vmad; `negate` names the negated operands ("a", "bc" ...)."""
    ta = part_select(exact(a), atype == "s32", asel)
    tb = part_select(exact(b), btype == "s32", bsel)
    product_negated = ("a" in negate) != ("b" in negate)
    c_negated = "c" in negate
    signed = atype == "s32" or btype == "s32" or product_negated or c_negated
    tmp = ta * tb
    tc = exact(c)
    lsb = 0
    if po:
        lsb = 1
    elif product_negated:
        tmp, lsb = ~tmp, 1
    elif c_negated:
        tc, lsb = ~tc & 0xFFFFFFFF, 1
    tmp = tmp + signed_field(tc, 32, signed) + lsb
    if scale is not None:
        tmp = tmp >> (7 if scale == "shr7" else 15)
    if sat:
        tmp = clamp(tmp, 32, signed)
    return low32(tmp)


def simd(
    op: str,
    lanes: int,
    a: np.ndarray,
    b: np.ndarray,
    c: np.ndarray,
    *,
    dtype: str = "u32",
    atype: str,
    btype: str,
    sat: bool = False,
    add: bool = False,
    mask: str | None = None,
    asel: str | None = None,
    bsel: str | None = None,
    cmp: str | None = None,
) -> np.ndarray:
    """vadd2 ... vset4: `op` is the name without the v and the lane count ("avrg")."""
    bits = 32 // lanes
    full = "h10" if lanes == 2 else "b3210"
    asel = asel or full
    bsel = bsel or ("h32" if lanes == 2 else "b7654")
    enabled = {int(ch) for ch in (mask or full)[1:]}
    pair = exact(a) | (exact(b) << 32)

    def lane(sel: str, i: int, signed: bool) -> np.ndarray:  # extractAndSignExt
        index = int(sel[len(sel) - 1 - i])
        return signed_field((pair >> (index * bits)) & ((1 << bits) - 1), bits, signed)

    tc = exact(c)
    d = tc if add else np.zeros(len(a), dtype=object)
    for i in range(lanes):
        if i not in enabled:
            if not add:
                d = d | (tc & (((1 << bits) - 1) << (i * bits)))
            continue
        va, vb = lane(asel, i, atype == "s32"), lane(bsel, i, btype == "s32")
        if op == "add":
            t = va + vb
        elif op == "sub":
            t = va - vb
        elif op == "avrg":
            total = va + vb
            t = np.where(total >= 0, (total + 1) >> 1, total >> 1)
        elif op == "absdiff":
            t = np.abs(va - vb)
        elif op == "min":
            t = np.minimum(va, vb)
        elif op == "max":
            t = np.maximum(va, vb)
        else:
            assert op == "set"
            t = CMP[cmp](va, vb).astype(np.int64).astype(object)
        if sat:
            t = clamp(t, bits, dtype == "s32")
        d = d + t if add else d | ((t & ((1 << bits) - 1)) << (i * bits))
    return low32(d)
