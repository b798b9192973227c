"""Links from a report to the source lines it names.

A report written to a file links relative to that file's folder, so the report and the
tree can move together (or be served together); a report on stdout has no location, so
HTML links are absolute `file://` URIs and Markdown links are relative to the scanned
root. A file on another drive than the report (Windows) is linked absolutely.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import quote


def source_link(root: str, file: str, line: int | None, base: Path | None) -> str:
    """The href of `file` (relative to `root`, or absolute) at `line`, from a report in
    the folder `base` (None: not written to a file)."""
    target = Path(root) / file
    anchor = f"#L{line}" if line else ""
    if base is not None:
        try:
            rel = os.path.relpath(target, base)
        except ValueError:
            return target.as_uri() + anchor
        return quote(Path(rel).as_posix()) + anchor
    return target.as_uri() + anchor


def root_relative_link(file: str, line: int | None) -> str:
    """A link relative to the scanned root: Markdown printed to stdout."""
    return quote(Path(file).as_posix()) + (f"#L{line}" if line else "")
