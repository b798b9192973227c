"""`cu2amd report PATH...`: what of a CUDA codebase will port to AMD, what will not, why.

Scans the CUDA sources under PATH (libclang, cu2amd's headers, each file's flags from
compile_commands.json) and writes the migration report as text, Markdown, JSON
(docs/report.schema.json), SARIF 2.1.0 or one self-contained HTML file. Finding IDs are
explained in docs/diagnostics.md.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from cu2amd.errors import UsageError
from cu2amd.translator.clitools import report_errors
from cu2amd.translator.report import (
    render_html,
    render_json,
    render_md,
    render_sarif,
    render_text,
)
from cu2amd.translator.report.model import Report
from cu2amd.translator.report.runner import ScanOptions, run

RENDERERS = {
    "text": render_text.render,
    "md": render_md.render,
    "json": render_json.render,
    "sarif": render_sarif.render,
    "html": render_html.render,
}
LINKED = {"md": render_md.render, "html": render_html.render}
FAIL_ON = ("unsupported", "warning")
FAIL_EXIT = 1


def failed(report: Report, fail_on: str | None) -> bool:
    """--fail-on=unsupported: some file cannot be built today (an error finding);
    --fail-on=warning: an error or a warning finding."""
    if fail_on is None:
        return False
    s = report.summary
    return s.errors > 0 or (fail_on == "warning" and s.warnings > 0)


@click.command("report")
@click.argument("paths", nargs=-1, metavar="PATH...")
@click.option(
    "-p", "compile_commands", metavar="FILE", help="compile_commands.json giving each file's flags."
)
@click.option(
    "-I",
    "includes",
    multiple=True,
    metavar="DIR",
    help="Include folder for files without an entry in compile_commands.json.",
)
@click.option(
    "-D",
    "defines",
    multiple=True,
    metavar="NAME[=VALUE]",
    help="Macro for files without an entry in compile_commands.json.",
)
@click.option(
    "--format",
    "fmt",
    default="text",
    show_default=True,
    metavar="FORMAT",
    help="text, md, json, sarif or html.",
)
@click.option("-o", "output", metavar="FILE", help="Write the report to FILE (default: stdout).")
@click.option(
    "--fail-on",
    metavar="LEVEL",
    help="Exit 1 if a finding is at least this bad: 'unsupported' (a file does not "
    "build today) or 'warning'.",
)
@click.option(
    "-j",
    "jobs",
    type=int,
    default=None,
    metavar="N",
    help="Parallel scanner processes (default: the number of CPUs).",
)
@report_errors
def report(
    paths: tuple[str, ...],
    compile_commands: str | None,
    includes: tuple[str, ...],
    defines: tuple[str, ...],
    fmt: str,
    output: str | None,
    fail_on: str | None,
    jobs: int | None,
) -> None:
    """Report what of the CUDA code under PATH... ports to AMD GPUs.

    Lists files, kernels and lines; every CUDA API used with its status in cu2amd's
    tables; every inline-PTX statement and whether cu2amd lowers its instructions;
    warp-size hazards for wave64 GPUs; CUDA libraries and their ROCm counterparts; PTX
    files (flagging those made by NVIDIA's compiler); features with no AMD path; an
    effort estimate and whether cu2amd-nvcc builds each file today. Finding IDs
    (C2A1001 ...) are explained in docs/diagnostics.md.
    """
    if fmt not in RENDERERS:
        raise UsageError(f"unknown --format '{fmt}' (choose from {', '.join(RENDERERS)})")
    if fail_on is not None and fail_on not in FAIL_ON:
        raise UsageError(f"unknown --fail-on '{fail_on}' (choose from {', '.join(FAIL_ON)})")
    if jobs is not None and jobs < 1:
        raise UsageError(f"-j needs a positive number of jobs, not {jobs}")
    args = tuple(a for d in includes for a in ("-I", str(Path(d).resolve()))) + tuple(
        a for d in defines for a in ("-D", d)
    )
    options = ScanOptions(paths, compile_commands, args, jobs or os.cpu_count() or 1, True)
    result = run(options)
    if fmt in LINKED and output not in (None, "-"):
        # Links relative to where the report goes, so the two can move together.
        text = LINKED[fmt](result, Path(output).resolve().parent)
    else:
        text = RENDERERS[fmt](result)
    if output is None or output == "-":
        sys.stdout.write(text)
    else:
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as err:
            raise UsageError(f"cannot write '{output}': {err.strerror}") from None
    if failed(result, fail_on):
        sys.exit(FAIL_EXIT)


__all__ = ["report"]
