"""The migration report as data: what every output format renders.

All sequences are sorted, so that the same codebase and flags give the same report.
Paths are relative to the report's root (the common folder of the scanned paths).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    id: str  # C2A1001
    file: str
    line: int
    col: int
    message: str
    subject: str  # what the effort estimate counts once per file (effort.py)
    fix: str = ""


@dataclass(frozen=True)
class ApiEntry:
    name: str
    status: str  # supported emulated unsupported "not applicable" unknown
    uses: int
    files: int
    group: str = ""  # the tables' API group, when known
    rocm: str = ""
    note: str = ""


@dataclass(frozen=True)
class AsmInstr:
    spelling: str
    status: str  # lowered, "not lowered", invalid


@dataclass(frozen=True)
class AsmEntry:
    file: str
    line: int
    col: int
    template: str
    instructions: tuple[AsmInstr, ...]
    translatable: bool  # the statement's form and every instruction are handled
    problem: str = ""


@dataclass(frozen=True)
class LibraryEntry:
    name: str
    rocm: str
    files: tuple[str, ...]
    uses: int


@dataclass(frozen=True)
class PtxFileEntry:
    file: str
    nvidia_header: str  # the header line naming NVIDIA's compiler, or ""
    instructions: int
    not_lowered: tuple[str, ...]
    error: str = ""


@dataclass(frozen=True)
class FileEntry:
    file: str
    kind: str  # cuda header ptx
    lines: int
    kernels: tuple[str, ...]
    errors: int
    warnings: int
    notes: int
    effort_hours: float
    buildable: bool  # cu2amd-nvcc (or `cu2amd ptx`) can build it today: see effort.py
    blockers: tuple[str, ...]  # the IDs of the findings that stop it


@dataclass(frozen=True)
class Summary:
    files: int
    cuda_files: int
    headers: int
    ptx_files: int
    lines: int
    kernels: int
    api_names: int
    api_uses: int
    api_status: tuple[tuple[str, int], ...]  # distinct names per status
    asm_statements: int
    asm_translatable: int
    hazards: int
    errors: int
    warnings: int
    notes: int
    findings_by_id: tuple[tuple[str, int], ...]
    buildable_files: int
    effort_hours: float


@dataclass(frozen=True)
class Report:
    root: str
    summary: Summary
    files: tuple[FileEntry, ...]
    apis: tuple[ApiEntry, ...]
    asm: tuple[AsmEntry, ...]
    libraries: tuple[LibraryEntry, ...]
    ptx_files: tuple[PtxFileEntry, ...]
    findings: tuple[Finding, ...]
