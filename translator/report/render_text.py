"""The terminal summary: totals, the files that do not build, the top problems."""

from __future__ import annotations

from collections import Counter

from cu2amd.translator.report.findings import BY_ID
from cu2amd.translator.report.model import Report

TOP = 10


def render(report: Report) -> str:
    s = report.summary
    status = ", ".join(f"{n} {k}" for k, n in s.api_status) or "none"
    libraries = ", ".join(f"{lib.name} -> {lib.rocm}" for lib in report.libraries) or "none"
    lines = [
        f"cu2amd migration report for {report.root}",
        f"  files: {s.files} ({s.cuda_files} CUDA, {s.headers} headers, {s.ptx_files} PTX), "
        f"{s.lines} lines, {s.kernels} kernels",
        f"  CUDA APIs: {s.api_names} names, {s.api_uses} uses ({status})",
        f"  inline PTX: {s.asm_statements} statements, {s.asm_translatable} translatable",
        f"  warp-size hazards: {s.hazards}",
        f"  libraries: {libraries}",
        f"  findings: {s.errors} errors, {s.warnings} warnings, {s.notes} notes",
        f"  buildable with cu2amd-nvcc today: {s.buildable_files} of {s.files} files",
        f"  estimated effort: {s.effort_hours:g} hours",
    ]
    if s.findings_by_id:
        lines.append("")
        lines.append("findings by kind:")
        for fid, n in s.findings_by_id:
            k = BY_ID[fid]
            lines.append(f"  {fid} {k.severity.value:7} {n:6}  {k.title}")
    blocked = [f for f in report.files if not f.buildable]
    if blocked:
        lines += ["", "files that do not build today (effort in hours):"]
        for f in sorted(blocked, key=lambda f: (-f.effort_hours, f.file))[:TOP]:
            lines.append(f"  {f.file}: {f.effort_hours:g} h ({', '.join(f.blockers)})")
        if len(blocked) > TOP:
            lines.append(f"  ... and {len(blocked) - TOP} more")
    bad = Counter()
    for a in report.apis:
        if a.status in ("unsupported", "unknown", "not applicable"):
            bad[a.name] = a.uses
    if bad:
        lines += ["", "top CUDA APIs that stop a build (uses):"]
        for name, n in sorted(bad.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP]:
            api = next(a for a in report.apis if a.name == name)
            lines.append(f"  {name}: {n} ({api.status})")
    return "\n".join(lines) + "\n"
