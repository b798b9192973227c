"""Flags for each file from a compile_commands.json (clang's JSON compilation database).

Only the flags that change what the scanner sees are kept: -I -isystem -iquote -include
-D -U -std, and the CUDA architecture from -arch=sm_XX / --gpu-architecture /
-gencode ...code=sm_XX / --cuda-gpu-arch. Relative paths are taken relative to the entry's
"directory", itself relative to the folder holding compile_commands.json when relative.
Anything wrong with the file is a one-line UsageError.
"""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from cu2amd.errors import UsageError

_PATH_FLAGS = ("-I", "-isystem", "-iquote", "-include")
_VALUE_FLAGS = ("-D", "-U")
_ARCH = re.compile(r"sm_(\d+)")


@dataclass(frozen=True)
class Flags:
    args: tuple[str, ...]
    cuda_arch: int | None = None


def translate(argv: list[str], directory: Path) -> Flags:
    """Keep what matters of one command's arguments (argv[0], the compiler, included)."""
    out: list[str] = []
    arch: int | None = None
    i = 1
    while i < len(argv):
        a = argv[i]
        nxt = argv[i + 1] if i + 1 < len(argv) else None
        matched = False
        for flag in (*_PATH_FLAGS, *_VALUE_FLAGS):
            if a == flag and nxt is not None:
                value, i = nxt, i + 1
            elif a.startswith(flag) and len(a) > len(flag) and flag in ("-I", "-D", "-U"):
                value = a[len(flag) :]
            else:
                continue
            if flag in _PATH_FLAGS:
                value = str((directory / value).resolve())
            out += [flag, value]
            matched = True
            break
        if not matched:
            if a.startswith(("-std=", "--std=")):
                out.append("-std=" + a.split("=", 1)[1])
            elif a.startswith(("-arch", "--gpu-architecture", "-gencode", "--cuda-gpu-arch")):
                text = a if "=" in a or nxt is None else f"{a}={nxt}"
                m = _ARCH.search(text)
                if m:
                    arch = int(m.group(1))
                if "=" not in a and nxt is not None:
                    i += 1
        i += 1
    return Flags(tuple(out), arch)


def load(path: Path) -> dict[str, Flags]:
    """Absolute source path -> its flags."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"no such compilation database: '{path}'") from None
    except OSError as err:
        raise UsageError(f"cannot read '{path}': {err.strerror}") from None
    try:
        entries = json.loads(text)
    except json.JSONDecodeError as err:
        raise UsageError(f"{path}:{err.lineno}:{err.colno}: not valid JSON: {err.msg}") from None
    if not isinstance(entries, list):
        raise UsageError(f"{path}: a compilation database is a JSON list of entries")
    base = path.resolve().parent
    result: dict[str, Flags] = {}
    for n, entry in enumerate(entries):
        where = f"{path}: entry {n}"
        if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
            raise UsageError(f'{where}: needs a "file" string')
        if not isinstance(entry.get("directory"), str):
            raise UsageError(f'{where}: needs a "directory" string')
        directory = (base / entry["directory"]).resolve()
        if isinstance(entry.get("arguments"), list) and all(
            isinstance(a, str) for a in entry["arguments"]
        ):
            argv = list(entry["arguments"])
        elif isinstance(entry.get("command"), str):
            try:
                argv = shlex.split(entry["command"])
            except ValueError as err:
                raise UsageError(f'{where}: cannot split "command": {err}') from None
        else:
            raise UsageError(f'{where}: needs "arguments" (a list of strings) or "command"')
        file = str((directory / entry["file"]).resolve())
        result.setdefault(file, translate(argv, directory))
    return result
