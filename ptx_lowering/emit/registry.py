"""The emitter registry: form-table `emitter` keys -> functions that emit LLVM IR.

Each `emit/<family>.py` module registers its functions with `@emitter("family.op")`;
`all_emitters()` imports every family so the registry is complete.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cu2amd.ptx_lowering import ast
    from cu2amd.ptx_lowering.emit.context import FunctionContext

EmitFn = Callable[["FunctionContext", "ast.Instruction"], None]

FAMILIES = ("arith", "float", "logic", "cmp", "data", "memory", "control", "sync")

_REGISTRY: dict[str, EmitFn] = {}


def emitter(key: str) -> Callable[[EmitFn], EmitFn]:
    def register(fn: EmitFn) -> EmitFn:
        assert key not in _REGISTRY, f"emitter '{key}' registered twice"
        _REGISTRY[key] = fn
        return fn

    return register


def all_emitters() -> dict[str, EmitFn]:
    for family in FAMILIES:
        importlib.import_module(f"cu2amd.ptx_lowering.emit.{family}")
    return _REGISTRY
