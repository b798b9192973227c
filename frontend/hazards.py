"""Warp-size hazards: CUDA code that assumes a warp is 32 lanes.

cu2amd keeps CUDA's 32-lane warps on wave64 GPUs, so such code builds and runs under
cu2amd; each hazard is where a native HIP port (or any code that asks the hardware for
its wave size) goes wrong. Each check looks at one cursor of the AST (with constants
evaluated by clang, so a literal spelled by a macro counts) and returns `Hazard`s, named
by their finding kind (translator/report/findings.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import clang.cindex as ci

from cu2amd.frontend.scan_clang import binary_operator, int_value

K = ci.CursorKind

_LANE_NAME = re.compile(r"lane|warp|tid|thread", re.IGNORECASE)
_WARP_OR_LANE = re.compile(r"lane|warp", re.IGNORECASE)
_LANE_CALL = re.compile(r"lane_?id|warp_?id", re.IGNORECASE)
_THREAD_BUILTINS = {"threadIdx", "blockDim"}
_NOT_INIT = (K.TYPE_REF, K.TEMPLATE_REF, K.NAMESPACE_REF, K.INIT_LIST_EXPR)
DERIVED_DEPTH = 4
_ARRAY_INITS = (K.INIT_LIST_EXPR, K.STRING_LITERAL)
_TEMPLATE_USERS = (K.DECL_REF_EXPR, K.TYPE_REF, K.TEMPLATE_REF)
_COMPARED = "warpSize compared with the constant"
_WARP_SIZE_NAME = re.compile(r"warp_?size", re.IGNORECASE)
_WARP_SIZE_DEFINE = re.compile(
    rb"^[ \t]*#[ \t]*define[ \t]+(\w*(?:WARP_?SIZE|warp_?size|WarpSize)\w*)[ \t]+\(?32\)?[ \t]*$",
    re.MULTILINE,
)
_MASKED_COLLECTIVES = re.compile(
    r"^__(shfl(_up|_down|_xor)?|ballot|any|all|uni|match_(any|all)|reduce_\w+)_sync$|^__syncwarp$"
)
_SHUFFLES_SYNC = {"__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync"}
_SHUFFLES_LEGACY = {"__shfl", "__shfl_up", "__shfl_down", "__shfl_xor"}
_BALLOTS = {"__ballot_sync", "__ballot", "__activemask"}
_WRAPPERS = (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR)


@dataclass(frozen=True)
class Hazard:
    kind: str  # a finding kind's name, e.g. "warp-literal-32"
    line: int
    col: int
    message: str
    fix: str


def _strip(cursor: ci.Cursor) -> ci.Cursor:
    while cursor.kind in _WRAPPERS:
        children = list(cursor.get_children())
        if len(children) != 1:
            break
        cursor = children[-1]
    return cursor


def _literal(cursor: ci.Cursor) -> int | None:
    c = _strip(cursor)
    return int_value(c) if c.kind == K.INTEGER_LITERAL else None


def _thread_derived(cursor: ci.Cursor, depth: int = 0) -> bool:
    """Does the expression compute with a thread index? It reads threadIdx or blockDim,
    calls a lane/warp id helper, names a variable or parameter after a lane, warp or
    thread, or reads a local variable initialised from one of those (followed through
    DERIVED_DEPTH initialisers: `int tid = blockIdx.x * blockDim.x + threadIdx.x;`).
    What an index selects is data, not an index: `data[tid] & 31` is not lane
    arithmetic, nor is what a call other than a lane/warp id helper returns."""
    stack = [cursor]
    while stack:
        c = stack.pop()
        kind = c.kind
        if kind == K.DECL_REF_EXPR:
            if c.spelling in _THREAD_BUILTINS:
                return True
            ref = c.referenced
            if ref is None or ref.kind not in (K.VAR_DECL, K.PARM_DECL) or c.spelling == "warpSize":
                continue
            if _LANE_NAME.search(ref.spelling):
                return True
            if ref.kind == K.VAR_DECL and depth < DERIVED_DEPTH:
                init = _initializer(ref)
                if init is not None and _thread_derived(init, depth + 1):
                    return True
        elif kind == K.CALL_EXPR:
            if _LANE_CALL.search(callee_name(c)):
                return True
        elif kind != K.ARRAY_SUBSCRIPT_EXPR:
            stack.extend(c.get_children())
    return False


def _initializer(var: ci.Cursor) -> ci.Cursor | None:
    children = list(var.get_children())
    if not children or children[-1].kind.is_attribute() or children[-1].kind in _NOT_INIT:
        return None
    return children[-1]


def _mentions_warp_size(cursors: list[ci.Cursor]) -> bool:
    return any(
        d.kind == K.DECL_REF_EXPR and d.spelling == "warpSize"
        for c in cursors
        for d in c.walk_preorder()
    )


def _warp_number(cursor: ci.Cursor, depth: int = 0) -> bool:
    """A warp or lane number: named so (`warp * 32`, `lane_id()`), or a variable set to
    a thread index divided by 32 (`int wid = tid >> 5; ... wid * 32`)."""
    c = _strip(cursor)
    if c.kind == K.CALL_EXPR:
        return bool(_LANE_CALL.search(callee_name(c)))
    if c.kind == K.BINARY_OPERATOR:
        children = list(c.get_children())
        op = binary_operator(c)
        amount = (None, 32) if op == "/" else (None, 5) if op == ">>" else ()
        return (
            len(children) == 2
            and tuple(_literal(x) for x in children) == amount
            and _thread_derived(children[0])
        )
    if c.kind != K.DECL_REF_EXPR or c.spelling == "warpSize":
        return False
    if _WARP_OR_LANE.search(c.spelling):
        return True
    ref = c.referenced
    if ref is None or ref.kind != K.VAR_DECL or depth >= DERIVED_DEPTH:
        return False
    init = _initializer(ref)
    return init is not None and _warp_number(init, depth + 1)


def callee_name(call: ci.Cursor) -> str:
    """The called function's name, also for a call that depends on a template parameter."""
    if call.spelling:
        return call.spelling
    for c in call.walk_preorder():
        if c.kind in (K.OVERLOADED_DECL_REF, K.DECL_REF_EXPR) and c.spelling:
            return c.spelling
    return ""


def call_arguments(call: ci.Cursor) -> list[ci.Cursor]:
    """The arguments written at a call (default arguments, which have no location, left
    out)."""
    args = list(call.get_arguments())
    if not args and not call.spelling:  # unresolved: the callee, then the arguments
        args = list(call.get_children())[1:]
    return [a for a in args if a.location.line != 0]


def _at(kind: str, cursor: ci.Cursor, message: str, fix: str) -> Hazard:
    return Hazard(kind, cursor.location.line, cursor.location.column, message, fix)


def check_binary(cursor: ci.Cursor) -> list[Hazard]:
    children = list(cursor.get_children())
    if len(children) != 2:
        return []
    lhs, rhs = children
    values = (_literal(lhs), _literal(rhs))
    compared = _check_warp_size_compare(cursor, lhs, rhs, values)
    if compared:
        return compared
    if 32 not in values and 31 not in values and 5 not in values:
        return []
    op = binary_operator(cursor)
    other = rhs if values[0] is not None else lhs
    value = values[0] if values[0] is not None else values[1]
    if op in ("%", "/", "%=", "/=") and value == 32 and _thread_derived(other):
        return [
            _at(
                "warp-literal-32",
                cursor,
                f"'{op} 32' on a lane or warp index",
                "use warpSize (or a constant for the target's wave size) instead of 32",
            )
        ]
    if op in ("*", "*=") and value == 32 and _warp_number(other):
        return [
            _at(
                "warp-literal-32",
                cursor,
                "'* 32' turns a warp number into its first thread",
                "multiply by warpSize instead of 32",
            )
        ]
    if op in (">>", ">>=", "<<", "<<=") and values[1] == 5 and values[0] is None:
        if op.startswith(">>") and _thread_derived(lhs):
            return [
                _at(
                    "warp-literal-32",
                    cursor,
                    "'>> 5' divides a lane or thread index by 32",
                    "divide by warpSize instead of shifting by 5",
                )
            ]
        if op.startswith("<<") and _warp_number(lhs):
            return [
                _at(
                    "warp-literal-32",
                    cursor,
                    "'<< 5' multiplies a warp number by 32",
                    "multiply by warpSize instead of shifting by 5",
                )
            ]
    if op in ("&", "&=") and value == 31 and _thread_derived(other):
        return [
            _at(
                "warp-literal-31",
                cursor,
                "'& 31' takes the lane within a 32-lane warp",
                "use '% warpSize' or '& (warpSize - 1)'",
            )
        ]
    if op in ("==", "!=", "<", "<=", ">", ">=") and value == 31 and _thread_derived(other):
        return [
            _at(
                "warp-literal-31",
                cursor,
                f"'{op} 31' treats lane 31 as the last lane",
                "compare with warpSize - 1",
            )
        ]
    return []


def _check_warp_size_compare(
    cursor: ci.Cursor, lhs: ci.Cursor, rhs: ci.Cursor, values: tuple[int | None, int | None]
) -> list[Hazard]:
    names = [_strip(lhs).spelling, _strip(rhs).spelling]
    if "warpSize" not in names or values == (None, None):
        return []
    op = binary_operator(cursor)
    if op not in ("==", "!=", "<", "<=", ">", ">="):
        return []
    value = values[0] if values[0] is not None else values[1]
    return [
        _at(
            "warp-size-constant",
            cursor,
            f"{_COMPARED} {value}",
            "do not branch on a fixed warp size; derive sizes from warpSize",
        )
    ]


def constant_contexts(
    cursor: ci.Cursor, kind: ci.CursorKind, children: list[ci.Cursor]
) -> list[str] | None:
    """For each child of `cursor`, the constant-expression context it opens ("" for
    none); None when `cursor` opens none (its children keep the context it is in)."""
    if kind == K.STATIC_ASSERT:
        return ["a static_assert"] * len(children)
    if kind == K.ENUM_CONSTANT_DECL:
        return ["an enumerator's value"] * len(children)
    if kind == K.CASE_STMT:
        return ["a case label"] + [""] * (len(children) - 1)
    if kind not in (K.VAR_DECL, K.FIELD_DECL):
        return None
    if cursor.type.kind in (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.DEPENDENTSIZEDARRAY):
        return [
            "an array bound" if c.kind.is_expression() and c.kind not in _ARRAY_INITS else ""
            for c in children
        ]
    init = _initializer(cursor) if kind == K.VAR_DECL else None
    if init is not None and cursor.type.is_const_qualified() and _is_constexpr(cursor):
        return ["a constexpr initializer" if c == init else "" for c in children]
    return None


def _is_constexpr(var: ci.Cursor) -> bool:
    for t in var.get_tokens():
        if t.spelling == "constexpr":
            return True
        if t.spelling in ("=", "{", "(", var.spelling):
            return False
    return False


def check_warp_size_use(
    ref: ci.Cursor, parent: ci.Cursor | None, constant: str, found: list[Hazard]
) -> list[Hazard]:
    """warpSize (cu2amd's `static constexpr int warpSize = 32`) where C++ needs a
    constant: in HIP it is not a constant expression, and it is 64 on wave64 GPUs."""
    if not constant and parent is not None and parent.kind in _TEMPLATE_USERS:
        constant = "a template argument"
    if not constant:
        return []
    line = ref.location.line
    if any(h.line == line and h.message.startswith(_COMPARED) for h in found):
        return []  # `static_assert(warpSize == 32)`: the comparison is the finding
    return [
        _at(
            "warp-size-constant",
            ref,
            f"warpSize used in {constant}: a compile-time 32 here, but HIP's warpSize is "
            "not a constant expression, and it is 64 on wave64 GPUs",
            "size it at run time (dynamic shared memory, a launch-time parameter) or from "
            "a per-target constant",
        )
    ]


def check_call(cursor: ci.Cursor, name: str) -> list[Hazard]:
    found: list[Hazard] = []
    if not (_MASKED_COLLECTIVES.match(name) or name in _SHUFFLES_LEGACY):
        return found
    args = call_arguments(cursor)
    if _MASKED_COLLECTIVES.match(name) and args:
        mask = _literal(args[0])
        if mask is not None and mask & 0xFFFFFFFF == 0xFFFFFFFF:
            found.append(
                _at(
                    "warp-full-mask-32",
                    args[0],
                    f"{name} is given the 32-bit full mask 0xffffffff",
                    "in a HIP port use a 64-bit mask or __activemask()",
                )
            )
    if (name in _SHUFFLES_SYNC and len(args) == 3) or (name in _SHUFFLES_LEGACY and len(args) == 2):
        found.append(
            _at(
                "shfl-without-width",
                cursor,
                f"{name} without a width: the width is the warp size",
                "pass the width explicitly (e.g. 32)",
            )
        )
    return found


def _is_ballot(cursor: ci.Cursor) -> bool:
    c = _strip(cursor)
    return c.kind == K.CALL_EXPR and callee_name(c) in _BALLOTS


def check_var(cursor: ci.Cursor, children: list[ci.Cursor]) -> list[Hazard]:
    found: list[Hazard] = []
    if any(c.kind == K.CUDASHARED_ATTR for c in children) and not _mentions_warp_size(children):
        t = cursor.type
        while t.kind in (ci.TypeKind.CONSTANTARRAY,):
            if t.element_count == 32:
                found.append(
                    _at(
                        "shared-array-32",
                        cursor,
                        f"__shared__ array '{cursor.spelling}' has a dimension of 32",
                        "size it from the warp size and the block size",
                    )
                )
                break
            t = t.element_type
    init = children[-1] if children else None
    if init is not None and cursor.type.get_size() == 4 and _is_ballot(init):
        found.append(
            _at(
                "ballot-stored-32-bits",
                cursor,
                f"'{cursor.spelling}' holds a ballot in 32 bits",
                "store the ballot in a 64-bit integer (or auto) for wave64",
            )
        )
    if (
        init is not None
        and _WARP_SIZE_NAME.search(cursor.spelling)
        and cursor.type.is_const_qualified()
        and _literal(init) == 32
    ):
        found.append(
            _at(
                "warp-size-constant",
                cursor,
                f"'{cursor.spelling}' fixes the warp size at 32",
                "use warpSize, or the target's wave size",
            )
        )
    return found


def check_assignment(cursor: ci.Cursor) -> list[Hazard]:
    children = list(cursor.get_children())
    if len(children) != 2 or binary_operator(cursor) != "=":
        return []
    lhs, rhs = children
    if lhs.type.get_size() == 4 and _is_ballot(rhs):
        return [
            _at(
                "ballot-stored-32-bits",
                cursor,
                "a ballot is stored in 32 bits",
                "store the ballot in a 64-bit integer (or auto) for wave64",
            )
        ]
    return []


def check_defines(data: bytes) -> list[Hazard]:
    """`#define WARP_SIZE 32`, from the file's text (macro definitions are not in the AST
    libclang gives without a detailed preprocessing record)."""
    found = []
    for m in _WARP_SIZE_DEFINE.finditer(data):
        line = data.count(b"\n", 0, m.start()) + 1
        col = m.start(1) - (data.rfind(b"\n", 0, m.start(1)) + 1) + 1
        name = m.group(1).decode()
        found.append(
            Hazard(
                "warp-size-constant",
                line,
                col,
                f"macro '{name}' fixes the warp size at 32",
                "use warpSize, or the target's wave size",
            )
        )
    return found
