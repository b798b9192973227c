"""The report as JSON, following docs/report.schema.json (checked by the tests)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from cu2amd import __version__
from cu2amd.translator.report.findings import FINDING_KINDS
from cu2amd.translator.report.model import Report

SCHEMA_VERSION = 1


def to_data(report: Report) -> dict[str, Any]:
    summary = dataclasses.asdict(report.summary)
    summary["api_status"] = dict(report.summary.api_status)
    summary["findings_by_id"] = dict(report.summary.findings_by_id)
    return {
        "schema_version": SCHEMA_VERSION,
        "tool": {"name": "cu2amd", "version": __version__},
        "root": report.root,
        "summary": summary,
        "files": [dataclasses.asdict(f) for f in report.files],
        "apis": [dataclasses.asdict(a) for a in report.apis],
        "inline_asm": [dataclasses.asdict(a) for a in report.asm],
        "libraries": [dataclasses.asdict(lib) for lib in report.libraries],
        "ptx_files": [dataclasses.asdict(p) for p in report.ptx_files],
        "findings": [dataclasses.asdict(f) for f in report.findings],
        "finding_kinds": [
            {
                "id": k.id,
                "name": k.name,
                "title": k.title,
                "severity": k.severity.value,
                "effort_hours": k.effort_hours,
            }
            for k in FINDING_KINDS
        ],
    }


def render(report: Report) -> str:
    return json.dumps(to_data(report), indent=2, sort_keys=True) + "\n"
