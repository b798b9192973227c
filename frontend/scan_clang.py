"""libclang entry points the Python bindings (libclang 18) do not wrap, or wrap slowly:
constant evaluation of an expression, the operator of a binary expression, the file a
cursor is in as a bare handle (no File object, no name string: the scanner's hot loop)."""

from __future__ import annotations

import ctypes
import functools

import clang.cindex as ci

_EVAL_INT = 1  # CXEval_Int


@functools.cache
def _lib() -> ctypes.CDLL:
    lib = ci.conf.lib
    lib.clang_Cursor_Evaluate.argtypes = [ci.Cursor]
    lib.clang_Cursor_Evaluate.restype = ctypes.c_void_p
    lib.clang_EvalResult_getKind.argtypes = [ctypes.c_void_p]
    lib.clang_EvalResult_getKind.restype = ctypes.c_int
    lib.clang_EvalResult_getAsLongLong.argtypes = [ctypes.c_void_p]
    lib.clang_EvalResult_getAsLongLong.restype = ctypes.c_longlong
    lib.clang_EvalResult_dispose.argtypes = [ctypes.c_void_p]
    lib.clang_EvalResult_dispose.restype = None
    lib.clang_getCursorBinaryOperatorKind.argtypes = [ci.Cursor]
    lib.clang_getCursorBinaryOperatorKind.restype = ctypes.c_int
    lib.clang_getNumOverloadedDecls.argtypes = [ci.Cursor]
    lib.clang_getNumOverloadedDecls.restype = ctypes.c_uint
    return lib


@functools.cache
def _file_handle_fn() -> ctypes._CFuncPtr:  # type: ignore[name-defined]
    # A second binding of clang_getInstantiationLocation (`lib[name]` is a new function
    # object): only the CXFile handle out, as an int, nothing else converted.
    fn = ci.conf.lib["clang_getInstantiationLocation"]
    fn.argtypes = [ci.SourceLocation, ctypes.POINTER(ctypes.c_void_p)] + [ctypes.c_void_p] * 3
    fn.restype = None
    return fn


def _collect(child: ci.Cursor, _parent: ci.Cursor, out: list[ci.Cursor]) -> int:
    out.append(child)
    return 1  # CXChildVisit_Continue


_VISIT = ci.callbacks["cursor_visit"](_collect)


def children(cursor: ci.Cursor) -> list[ci.Cursor]:
    """`cursor.get_children()` without its per-child null check (a C call each): the
    scanner visits every cursor of every unit. The children keep their unit alive."""
    out: list[ci.Cursor] = []
    ci.conf.lib.clang_visitChildren(cursor, _VISIT, out)
    tu = cursor._tu
    for c in out:
        c._tu = tu
    return out


def file_handle(cursor: ci.Cursor) -> int:
    """The CXFile a cursor is spelled in, as an opaque int that is the same for every
    cursor of one file in one translation unit (0: no file)."""
    handle = ctypes.c_void_p()
    _file_handle_fn()(
        ci.conf.lib.clang_getCursorLocation(cursor), ctypes.byref(handle), None, None, None
    )
    return handle.value or 0


def int_value(cursor: ci.Cursor) -> int | None:
    """The value of an integer constant expression (also one spelled by a macro)."""
    lib = _lib()
    result = lib.clang_Cursor_Evaluate(cursor)
    if not result:
        return None
    try:
        if lib.clang_EvalResult_getKind(result) != _EVAL_INT:
            return None
        return int(lib.clang_EvalResult_getAsLongLong(result))
    finally:
        lib.clang_EvalResult_dispose(result)


# CXBinaryOperatorKind, in the order of clang-c/Index.h.
_BINARY_OPERATORS = (
    "",
    ".*",
    "->*",
    "*",
    "/",
    "%",
    "+",
    "-",
    "<<",
    ">>",
    "<=>",
    "<",
    ">",
    "<=",
    ">=",
    "==",
    "!=",
    "&",
    "^",
    "|",
    "&&",
    "||",
    "=",
    "*=",
    "/=",
    "%=",
    "+=",
    "-=",
    "<<=",
    ">>=",
    "&=",
    "^=",
    "|=",
    ",",
)


def binary_operator(cursor: ci.Cursor) -> str:
    """`%` for `a % b` (BINARY_OPERATOR or COMPOUND_ASSIGNMENT_OPERATOR), "" if unknown."""
    k = _lib().clang_getCursorBinaryOperatorKind(cursor)
    return _BINARY_OPERATORS[k] if 0 <= k < len(_BINARY_OPERATORS) else ""


def overloaded_decl_count(cursor: ci.Cursor) -> int:
    """How many declarations an OVERLOADED_DECL_REF names (0: an undeclared name)."""
    return int(_lib().clang_getNumOverloadedDecls(cursor))
