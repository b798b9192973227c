"""Pausing Python's cyclic garbage collector around the allocation-heavy stages.

Parsing, decoding and lowering allocate hundreds of thousands of small objects that stay
alive until the stage ends (the AST, llvmlite's IR objects). Each collection the
allocations trigger rescans all of them and frees next to nothing, which costs about a
third of the lowering stage; the cycles a stage leaves are collected after it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """No cyclic collection inside the block (reentrant: an inner pause changes nothing)."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
