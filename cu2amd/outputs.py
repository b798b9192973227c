"""Writing output files: all or nothing, so a failed run never leaves a half-written file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from cu2amd.errors import UsageError


def write_atomic(path: str | Path, data: bytes | str) -> None:
    """Write `data` to `path` through a temporary file in the same folder and a rename.
    A target that exists and is not a regular file (`-o /dev/null`, a FIFO) is written
    in place: renaming over it would replace the device itself (as root: /dev/null)."""
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if target.exists() and not target.is_file():
        if target.is_dir():
            raise UsageError(f"cannot write '{target}': it is a folder")
        with target.open("wb") as handle:
            handle.write(payload)
        return
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"cannot write '{target}': folder '{folder}' does not exist")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def move_into(finished: Path, target: Path) -> None:
    """Put a finished output file in place: renamed over `target`, or copied into it when
    `target` exists and is not a regular file (`-o /dev/null`: the device must stay)."""
    if target.exists() and not target.is_file() and not target.is_dir():
        with finished.open("rb") as src, target.open("wb") as dst:
            dst.write(src.read())
        finished.unlink()
        return
    os.replace(finished, target)
