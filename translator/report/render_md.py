"""The report as Markdown: summary, files, APIs, inline PTX, libraries, PTX files,
findings (each linked to its line: relative to the report's folder when it is written
to a file, else to the scanned root; see links.py)."""

from __future__ import annotations

from pathlib import Path

from cu2amd.translator.report.findings import BY_ID
from cu2amd.translator.report.links import root_relative_link, source_link
from cu2amd.translator.report.model import Report


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _table(head: list[str], rows: list[list[object]]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return [*out, ""]


def render(report: Report, base: Path | None = None) -> str:
    """The Markdown; `base` is the folder it is written to (links are relative to it)."""
    s = report.summary

    def link(file: str, line: int | None = None) -> str:
        if base is None:
            return root_relative_link(file, line)
        return source_link(report.root, file, line, base)

    out = [
        "# cu2amd migration report",
        "",
        f"Root: `{report.root}`",
        "",
        "## Summary",
        "",
        *_table(
            ["", ""],
            [
                [
                    "files",
                    f"{s.files} ({s.cuda_files} CUDA, {s.headers} headers, {s.ptx_files} PTX)",
                ],
                ["lines", s.lines],
                ["kernels", s.kernels],
                ["CUDA API names / uses", f"{s.api_names} / {s.api_uses}"],
                ["API names by status", ", ".join(f"{k}: {n}" for k, n in s.api_status) or "none"],
                [
                    "inline PTX statements (translatable)",
                    f"{s.asm_statements} ({s.asm_translatable})",
                ],
                ["warp-size hazards", s.hazards],
                ["findings", f"{s.errors} errors, {s.warnings} warnings, {s.notes} notes"],
                ["buildable with cu2amd-nvcc today", f"{s.buildable_files} of {s.files}"],
                ["estimated effort (hours)", f"{s.effort_hours:g}"],
            ],
        ),
        "## Files",
        "",
        *_table(
            [
                "file",
                "kind",
                "lines",
                "kernels",
                "errors",
                "warnings",
                "effort (h)",
                "builds today",
            ],
            [
                [
                    f"[{f.file}]({link(f.file)})",
                    f.kind,
                    f.lines,
                    len(f.kernels),
                    f.errors,
                    f.warnings,
                    f"{f.effort_hours:g}",
                    "yes" if f.buildable else "no: " + ", ".join(f.blockers),
                ]
                for f in report.files
            ],
        ),
        "## CUDA APIs",
        "",
        *_table(
            ["API", "status", "uses", "files", "ROCm", "note"],
            [[f"`{a.name}`", a.status, a.uses, a.files, a.rocm, a.note] for a in report.apis],
        ),
        "## Inline PTX",
        "",
        *_table(
            ["where", "instructions", "translatable", "problem"],
            [
                [
                    f"[{a.file}:{a.line}]({link(a.file, a.line)})",
                    ", ".join(f"`{i.spelling}` ({i.status})" for i in a.instructions),
                    "yes" if a.translatable else "no",
                    a.problem,
                ]
                for a in report.asm
            ],
        ),
        "## CUDA libraries",
        "",
        *_table(
            ["library", "ROCm counterpart", "files", "uses"],
            [[lib.name, lib.rocm, ", ".join(lib.files), lib.uses] for lib in report.libraries],
        ),
        "## PTX files",
        "",
        *_table(
            ["file", "made by NVIDIA's compiler", "instructions", "not lowered"],
            [
                [p.file, p.nvidia_header or "no", p.instructions, ", ".join(p.not_lowered)]
                for p in report.ptx_files
            ],
        ),
        "## Findings",
        "",
        *_table(
            ["id", "severity", "where", "message", "suggested fix"],
            [
                [
                    f.id,
                    BY_ID[f.id].severity.value,
                    f"[{f.file}:{f.line}:{f.col}]({link(f.file, f.line)})",
                    f.message,
                    f.fix,
                ]
                for f in report.findings
            ],
        ),
        "Finding IDs are explained in cu2amd's docs/diagnostics.md, with the effort formula.",
    ]
    return "\n".join(out) + "\n"
