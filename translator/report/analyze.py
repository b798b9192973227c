"""From scanned facts to the report: statuses, findings, per-file verdicts, totals.

A CUDA API's status is read from cu2amd's mapping tables (`runtime_shim.tables.lookup`)
and never stored elsewhere; a name the tables do not know is `unknown`. Inline PTX is
judged by the compiler's own decoder (ptx_check.py).
"""

from __future__ import annotations

import os
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from cu2amd.frontend.scan import AsmUse, FileFacts, UnitScan
from cu2amd.frontend.scan_libraries import LIBRARIES
from cu2amd.runtime_shim.tables import Status, lookup
from cu2amd.translator.report import ptx_check
from cu2amd.translator.report.effort import blockers, effort_hours
from cu2amd.translator.report.findings import BY_ID, Severity
from cu2amd.translator.report.findings import kind as finding_kind
from cu2amd.translator.report.model import (
    ApiEntry,
    AsmEntry,
    AsmInstr,
    FileEntry,
    Finding,
    LibraryEntry,
    PtxFileEntry,
    Report,
    Summary,
)

UNKNOWN = "unknown"
_ROCM = {lib.name: lib.rocm for lib in LIBRARIES}
_STATUS_FINDING = {
    Status.UNSUPPORTED: "C2A2001",
    Status.EMULATED: "C2A2003",
    Status.NOT_APPLICABLE: "C2A2005",
}


def api_status(name: str) -> str:
    row = lookup(name)
    return UNKNOWN if row is None else row.status.value


@dataclass
class _Merged:
    """One file's facts, merged over the units that reached it (a header may be walked
    once per batch); the union of what each walk saw."""

    path: str
    kind: str
    lines: int
    kernels: set[tuple[str, int, int]] = field(default_factory=set)
    api_uses: set = field(default_factory=set)  # type: ignore[type-arg]
    asm: set[AsmUse] = field(default_factory=set)
    hazards: set = field(default_factory=set)  # type: ignore[type-arg]
    libraries: set = field(default_factory=set)  # type: ignore[type-arg]
    features: set = field(default_factory=set)  # type: ignore[type-arg]
    errors: list = field(default_factory=list)  # type: ignore[type-arg]

    def add(self, f: FileFacts) -> None:
        self.kernels.update(f.kernels)
        self.api_uses.update(f.api_uses)
        self.asm.update(f.asm)
        self.hazards.update(f.hazards)
        self.libraries.update(f.libraries)
        self.features.update(f.features)
        for e in f.errors:
            if e not in self.errors:
                self.errors.append(e)


def _merge(scans: Iterable[UnitScan], units: set[str]) -> dict[str, _Merged]:
    merged: dict[str, _Merged] = {}
    for scan in scans:
        for path, facts in scan.files.items():
            m = merged.get(path)
            if m is None:
                kind = "cuda" if path in units else "header"
                m = merged[path] = _Merged(path, kind, facts.lines)
            m.add(facts)
    return merged


class _Builder:
    def __init__(self, root: str) -> None:
        self.root = root
        self.findings: list[Finding] = []
        self.api_uses: Counter[str] = Counter()
        self.api_files: defaultdict[str, set[str]] = defaultdict(set)
        self.asm: list[AsmEntry] = []
        self.lib_files: defaultdict[str, set[str]] = defaultdict(set)
        self.lib_uses: Counter[str] = Counter()

    def rel(self, path: str) -> str:
        rel = os.path.relpath(path, self.root)
        return path if rel.startswith("..") else rel

    def add(
        self,
        kind: str,
        file: str,
        line: int,
        col: int,
        message: str,
        subject: str = "",
        fix: str = "",
    ) -> None:
        self.findings.append(Finding(kind, file, line, col, message, subject, fix))

    def source(self, m: _Merged) -> None:
        file = self.rel(m.path)
        for e in m.errors[:1]:
            where = "" if e.file == m.path else f" (in {e.file}:{e.file_line}:{e.file_col})"
            more = f"; {len(m.errors) - 1} more error(s)" if len(m.errors) > 1 else ""
            self.add("C2A1001", file, e.line, e.col, f"clang: {e.message}{where}{more}")
        for u in sorted(m.api_uses, key=lambda u: (u.line, u.col, u.name)):
            self.api_uses[u.name] += 1
            self.api_files[u.name].add(file)
            self.api_finding(file, u.name, u.line, u.col)
        for a in sorted(m.asm, key=lambda a: (a.line, a.col)):
            self.asm_entry(file, a)
        for h in m.hazards:
            self.add(_id(h.kind), file, h.line, h.col, h.message, "", h.fix)
        for lib in m.libraries:
            self.lib_files[lib.library].add(file)
            self.lib_uses[lib.library] += 1
        for name in sorted({lib.library for lib in m.libraries}):
            first = min(
                (u for u in m.libraries if u.library == name), key=lambda u: (u.line, u.col)
            )
            self.add(
                "C2A5001",
                file,
                first.line,
                first.col,
                f"{name} is used ('{first.symbol}'); ROCm counterpart: {_ROCM[name]}",
                name,
                f"port to {_ROCM[name]}",
            )
        for feat in m.features:
            self.add(_id(feat.kind), file, feat.line, feat.col, feat.message, feat.message)

    def api_finding(self, file: str, name: str, line: int, col: int) -> None:
        row = lookup(name)
        if row is None:
            self.add("C2A2002", file, line, col, f"'{name}' is unknown to cu2amd's tables", name)
            return
        note = f": {row.note}" if row.note else ""
        if row.status in _STATUS_FINDING:
            self.add(
                _STATUS_FINDING[row.status],
                file,
                line,
                col,
                f"'{name}' is {row.status.value}{note}",
                name,
                row.rocm,
            )
        elif row.note:
            self.add("C2A2004", file, line, col, f"'{name}'{note}", name, row.rocm)

    def asm_entry(self, file: str, a: AsmUse) -> None:
        template = a.statement.template if a.statement else ""
        if a.statement is None:
            self.add("C2A3003", file, a.line, a.col, f"inline asm: {a.problem}")
            self.asm.append(AsmEntry(file, a.line, a.col, template, (), False, a.problem))
            return
        check = ptx_check.check_asm(a.statement)
        if a.problem:
            self.add("C2A3003", file, a.line, a.col, f"inline asm: {a.problem}")
        if check.error:
            self.add("C2A3002", file, a.line, a.col, f"inline PTX: {check.error}")
        for ins in check.instructions:
            if ins.status == ptx_check.NOT_LOWERED:
                self.add("C2A3001", file, a.line, a.col, f"inline PTX: {ins.message}", ins.spelling)
            elif ins.status == ptx_check.INVALID:
                self.add("C2A3002", file, a.line, a.col, f"inline PTX: {ins.message}", ins.spelling)
            if ptx_check.no_amd_hardware(ins.spelling):
                self.add(
                    "C2A7003",
                    file,
                    a.line,
                    a.col,
                    f"'{ins.spelling}' needs hardware AMD GPUs do not have",
                    ins.spelling,
                )
        instrs = tuple(AsmInstr(i.spelling, i.status) for i in check.instructions)
        ok = check.lowered and not a.problem
        self.asm.append(
            AsmEntry(file, a.line, a.col, template, instrs, ok, a.problem or check.error)
        )

    def ptx_file(self, path: str) -> PtxFileEntry:
        file = self.rel(path)
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        header = ptx_check.made_by_nvidia(text)
        if header:
            self.add(
                "C2A6001",
                file,
                1,
                1,
                f"made by NVIDIA's compiler ('{header}'): its "
                "licence restricts translating it; cu2amd does not read it",
            )
            return PtxFileEntry(file, header, 0, ())
        check = ptx_check.check_ptx_file(text, path)
        if check.error:
            self.add("C2A6003", file, 1, 1, f"PTX: {check.error}")
        bad = tuple(
            sorted({i.spelling for i in check.instructions if i.status != ptx_check.LOWERED})
        )
        if bad:
            self.add(
                "C2A6002", file, 1, 1, f"{len(bad)} instruction(s) not lowered: {', '.join(bad)}"
            )
        return PtxFileEntry(file, "", len(check.instructions), bad, check.error)


def _id(name: str) -> str:
    return finding_kind(name).id


def _text_lines(path: str) -> int:
    data = Path(path).read_bytes()
    return data.count(b"\n") + (0 if data.endswith(b"\n") or not data else 1)


def build_report(scans: list[UnitScan], units: set[str], ptx_paths: list[str], root: str) -> Report:
    b = _Builder(root)
    merged = _merge(scans, units)
    entries_src = []
    for path in sorted(merged):
        m = merged[path]
        b.source(m)
        entries_src.append(
            (b.rel(path), m.kind, m.lines, tuple(sorted(k for k, _, _ in m.kernels)))
        )
    ptx_entries = tuple(sorted((b.ptx_file(p) for p in ptx_paths), key=lambda e: e.file))
    entries_src += [
        (e.file, "ptx", _text_lines(p), ())
        for e, p in zip(
            sorted(ptx_entries, key=lambda e: e.file), sorted(ptx_paths, key=b.rel), strict=True
        )
    ]
    findings = tuple(
        sorted(set(b.findings), key=lambda f: (f.file, f.line, f.col, f.id, f.message))
    )
    by_file: defaultdict[str, list[Finding]] = defaultdict(list)
    for f in findings:
        by_file[f.file].append(f)
    files = []
    for file, kind, lines, kernels in sorted(entries_src):
        fs = by_file[file]
        sev = Counter(BY_ID[f.id].severity for f in fs)
        stop = blockers(fs)
        files.append(
            FileEntry(
                file,
                kind,
                lines,
                kernels,
                sev[Severity.ERROR],
                sev[Severity.WARNING],
                sev[Severity.NOTE],
                effort_hours(fs),
                not stop,
                stop,
            )
        )
    apis = tuple(_api_entry(n, b.api_uses[n], len(b.api_files[n])) for n in sorted(b.api_uses))
    libs = tuple(
        LibraryEntry(n, _ROCM[n], tuple(sorted(b.lib_files[n])), b.lib_uses[n])
        for n in sorted(b.lib_files)
    )
    asm = tuple(sorted(b.asm, key=lambda a: (a.file, a.line, a.col)))
    return Report(
        root,
        _summary(files, apis, asm, findings),
        tuple(files),
        apis,
        asm,
        libs,
        ptx_entries,
        findings,
    )


def _api_entry(name: str, uses: int, files: int) -> ApiEntry:
    row = lookup(name)
    if row is None:
        return ApiEntry(name, UNKNOWN, uses, files)
    return ApiEntry(name, row.status.value, uses, files, row.group.value, row.rocm, row.note)


def _summary(
    files: list[FileEntry],
    apis: tuple[ApiEntry, ...],
    asm: tuple[AsmEntry, ...],
    findings: tuple[Finding, ...],
) -> Summary:
    statuses = Counter(a.status for a in apis)
    severity = Counter(BY_ID[f.id].severity for f in findings)
    ids = Counter(f.id for f in findings)
    return Summary(
        files=len(files),
        cuda_files=sum(f.kind == "cuda" for f in files),
        headers=sum(f.kind == "header" for f in files),
        ptx_files=sum(f.kind == "ptx" for f in files),
        lines=sum(f.lines for f in files),
        kernels=sum(len(f.kernels) for f in files),
        api_names=len(apis),
        api_uses=sum(a.uses for a in apis),
        api_status=tuple(sorted(statuses.items())),
        asm_statements=len(asm),
        asm_translatable=sum(a.translatable for a in asm),
        hazards=sum(n for i, n in ids.items() if i.startswith("C2A4")),
        errors=severity[Severity.ERROR],
        warnings=severity[Severity.WARNING],
        notes=severity[Severity.NOTE],
        findings_by_id=tuple(sorted(ids.items())),
        buildable_files=sum(f.buildable for f in files),
        effort_hours=round(sum(f.effort_hours for f in files), 2),
    )
