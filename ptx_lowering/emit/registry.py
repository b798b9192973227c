"""The emitter registry: form-table `emitter` keys -> functions that emit LLVM IR.

Each `emit/<family>.py` module registers its functions with `@emitter("family.op")`;
`all_emitters()` imports every module of this package, so a new family file needs no
registration anywhere else.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cu2amd.ptx_lowering import ast
    from cu2amd.ptx_lowering.emit.context import FunctionContext

EmitFn = Callable[["FunctionContext", "ast.Instruction"], None]

# Modules of this package that hold no emitters.
_NOT_FAMILIES = {"registry", "context", "function", "module"}

_REGISTRY: dict[str, EmitFn] = {}


def emitter(key: str) -> Callable[[EmitFn], EmitFn]:
    def register(fn: EmitFn) -> EmitFn:
        assert key not in _REGISTRY, f"emitter '{key}' registered twice"
        _REGISTRY[key] = fn
        return fn

    return register


def all_emitters() -> dict[str, EmitFn]:
    package = importlib.import_module("cu2amd.ptx_lowering.emit")
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if info.name not in _NOT_FAMILIES:
            importlib.import_module(f"cu2amd.ptx_lowering.emit.{info.name}")
    return _REGISTRY
