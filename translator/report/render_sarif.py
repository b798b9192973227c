"""The report as SARIF 2.1.0, for GitHub code scanning and IDEs: one rule per finding
kind, one result per finding, locations relative to %SRCROOT% (the report's root)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cu2amd import __version__
from cu2amd.translator.report.findings import BY_ID, FINDING_KINDS, Severity
from cu2amd.translator.report.model import Report

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "note"}
_RULE_INDEX = {k.id: i for i, k in enumerate(FINDING_KINDS)}


def to_data(report: Report) -> dict[str, Any]:
    rules = [
        {
            "id": k.id,
            "name": k.name,
            "shortDescription": {"text": k.title},
            "fullDescription": {"text": k.explanation},
            "defaultConfiguration": {"level": _LEVEL[k.severity]},
            "properties": {"effortHours": k.effort_hours},
        }
        for k in FINDING_KINDS
    ]
    results = []
    for f in report.findings:
        text = f.message + (f" (fix: {f.fix})" if f.fix else "")
        results.append(
            {
                "ruleId": f.id,
                "ruleIndex": _RULE_INDEX[f.id],
                "level": _LEVEL[BY_ID[f.id].severity],
                "message": {"text": text},
                "locations": [
                    {
                        "physicalLocation": {
                            "artifactLocation": {
                                "uri": Path(f.file).as_posix(),
                                "uriBaseId": "SRCROOT",
                            },
                            "region": {"startLine": f.line, "startColumn": f.col},
                        }
                    }
                ],
            }
        )
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {"name": "cu2amd report", "version": __version__, "rules": rules}
                },
                "originalUriBaseIds": {"SRCROOT": {"uri": Path(report.root).as_uri() + "/"}},
                "results": results,
            }
        ],
    }


def render(report: Report) -> str:
    return json.dumps(to_data(report), indent=2, sort_keys=True) + "\n"
