"""The one error hierarchy of cu2amd and how its diagnostics are printed.

Every user-facing failure is a `Cu2amdError` carrying an optional source `Location`.
`render()` prints it the way compilers do:

    saxpy.ptx:12:5: error: unsupported PTX instruction 'foo.bar'
        foo.bar %r1;
        ^

Commands catch `Cu2amdError` at the top and exit 1 (2 for usage errors) without a
Python traceback; anything else escaping is a bug in cu2amd.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Location:
    """A point in a source file: 1-based line and column (columns count characters)."""

    file: str
    line: int
    col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class Cu2amdError(Exception):
    """Base of every error cu2amd reports to a user."""

    kind = "error"
    exit_code = 1

    def __init__(self, message: str, location: Location | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.location = location
        # Texts of inputs that are not files on disk (stdin, strings), for caret lines.
        self.sources: dict[str, str] = {}

    def __str__(self) -> str:
        return f"{self.location}: {self.message}" if self.location else self.message

    def render(self, sources: Mapping[str, str] | None = None) -> str:
        """The diagnostic text: `file:line:col: error: message`, the line, and a caret."""
        merged = {**self.sources, **(sources or {})}
        return render_diagnostic(self.kind, self.message, self.location, merged)


class PtxSyntaxError(Cu2amdError):
    """The PTX text does not follow the grammar."""


class VerificationError(Cu2amdError):
    """Well-formed input that breaks a rule: undeclared register, type mismatch, ..."""


class UnsupportedError(Cu2amdError):
    """A legal PTX instruction, modifier or CUDA feature that cu2amd does not lower."""


class UsageError(Cu2amdError):
    """A mistake on the command line: unknown target, missing file, bad option value."""

    exit_code = 2


class MissingToolError(Cu2amdError):
    """A tool or library the requested stage needs is not installed."""


class ToolFailedError(Cu2amdError):
    """An external tool (clang, ld.lld, ...) ran and failed."""


class InternalError(Cu2amdError):
    """cu2amd produced something invalid: a bug in cu2amd, reported without a traceback."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        super().__init__(f"internal error: {message} (please report this)", location)


class ErrorList(Cu2amdError):
    """Several errors found in one pass over an input, reported together."""

    def __init__(self, errors: Iterable[Cu2amdError]) -> None:
        self.errors = tuple(errors)
        assert self.errors, "ErrorList needs at least one error"
        first = self.errors[0]
        super().__init__(first.message, first.location)

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.errors)

    def render(self, sources: Mapping[str, str] | None = None) -> str:
        merged = {**self.sources, **(sources or {})}
        return "\n".join(e.render(merged) for e in self.errors)


def render_diagnostic(
    kind: str,
    message: str,
    location: Location | None,
    sources: Mapping[str, str] | None = None,
) -> str:
    if location is None:
        return f"{kind}: {message}"
    head = f"{location}: {kind}: {message}"
    line = _source_line(location, sources)
    if line is None:
        return head
    # Expand tabs the same way on the source line and under it, so the caret lines up.
    prefix = line[: max(location.col - 1, 0)]
    caret_pad = "".join("\t" if c == "\t" else " " for c in prefix)
    return f"{head}\n{line}\n{caret_pad}^"


def _source_line(location: Location, sources: Mapping[str, str] | None) -> str | None:
    text = sources.get(location.file) if sources else None
    if text is None:
        try:
            text = Path(location.file).read_text(encoding="utf-8", errors="replace")
        except OSError:
            return None
    lines = text.splitlines()
    if 1 <= location.line <= len(lines):
        return lines[location.line - 1]
    return None
