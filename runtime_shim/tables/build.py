"""Helpers the table modules use to write many rows compactly: a section of the CUDA
documentation is a list of names, and what cu2amd implements today is a separate mapping
(`Impl`), so a row's status is one fact stated once.

The invariants test (tests/test_api_tables.py) checks the result against the headers:
every row said to work is declared by them, every CUDA symbol they declare has a row.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from cu2amd.runtime_shim.tables.row import ApiRow, Group, Kind, Status

# Why a row is UNSUPPORTED when its module says nothing more specific.
NOT_YET = "not implemented yet (using it is a compile error that names it)"


@dataclass(frozen=True)
class Impl:
    """What cu2amd's headers provide for one symbol today."""

    rocm: str  # what it calls or is built from
    status: Status = Status.SUPPORTED
    note: str = ""
    broken_on: tuple[str, ...] = ()  # see ApiRow.broken_on


Rocm = Callable[[str], str] | str


def hip_name(name: str) -> str:
    """HIPIFY's usual spelling: cudaMalloc -> hipMalloc, cuMemAlloc -> hipMemAlloc."""
    for cuda, hip in (("cuda", "hip"), ("cu", "hip")):
        if name.startswith(cuda):
            return hip + name[len(cuda) :]
    return name


def names(text: str) -> tuple[str, ...]:
    """Whitespace-separated names; `a_{rd,rn}` stands for `a_rd a_rn` (one level)."""
    out: list[str] = []
    for word in text.split():
        if "{" in word:
            head, rest = word.split("{", 1)
            choices, tail = rest.split("}", 1)
            out.extend(head + choice + tail for choice in choices.split(","))
        else:
            out.append(word)
    return tuple(out)


class Table:
    """Rows of one module, built section by section, in documentation order."""

    def __init__(
        self, group: Group, impl: Mapping[str, Impl], notes: Mapping[str, str] | None = None
    ):
        self.group = group
        self.impl = impl
        self.notes = notes or {}
        self.rows: list[ApiRow] = []

    def section(
        self,
        section: str,
        text: str,
        *,
        kind: Kind = Kind.FUNCTION,
        rocm: Rocm = "",
        status: Status = Status.UNSUPPORTED,
        note: str = "",
        group: Group | None = None,
    ) -> None:
        """One row per name in `text`; names cu2amd implements take their `Impl`, the
        others `status` (UNSUPPORTED unless the section says NOT_APPLICABLE) and `note`
        (or the module's note for that name)."""
        for name in names(text):
            counterpart = rocm(name) if callable(rocm) else rocm
            if name in self.impl:
                impl = self.impl[name]
                row = ApiRow(name, group or self.group, kind, section, impl.status, impl.rocm,
                             impl.note, broken_on=impl.broken_on)  # fmt: skip
            else:
                why = (
                    self.notes.get(name)
                    or note
                    or (NOT_YET if status is Status.UNSUPPORTED else "")
                )
                row = ApiRow(name, group or self.group, kind, section, status, counterpart, why)
            self.rows.append(row)

    def add(self, row: ApiRow) -> None:
        self.rows.append(row)

    def done(self) -> tuple[ApiRow, ...]:
        """The rows; every `Impl` and note must have been used (a misspelt name would
        otherwise leave a supported symbol reported as missing)."""
        seen = {r.name for r in self.rows}
        unused = sorted((set(self.impl) | set(self.notes)) - seen)
        if unused:
            raise ValueError(
                f"{self.group.value}: implementations or notes for unknown names: {unused}"
            )
        return tuple(self.rows)


def generated_file_main(module: str, render: Callable[[], str], argv: list[str] | None) -> int:
    """The command line of a generator module (`python -m <module> [-o FILE]`): the
    rendered text to FILE, or to standard output."""
    parser = argparse.ArgumentParser(prog=f"python -m {module}")
    parser.add_argument("-o", "--output", type=Path, help="write here instead of standard output")
    args = parser.parse_args(argv)
    text = render()
    if args.output is None:
        sys.stdout.write(text)
    else:
        args.output.write_text(text, encoding="utf-8")
    return 0
