"""The finding table's invariants, and docs/diagnostics.md generated from it."""

from __future__ import annotations

import re
from pathlib import Path

from cu2amd.translator.report import diagnostics_doc
from cu2amd.translator.report.findings import FINDING_KINDS

ROOT = Path(__file__).resolve().parent.parent


def test_ids_unique_sorted_and_well_formed() -> None:
    ids = [k.id for k in FINDING_KINDS]
    assert ids == sorted(set(ids))
    assert all(re.fullmatch(r"C2A[1-7]\d{3}", i) for i in ids)
    names = [k.name for k in FINDING_KINDS]
    assert len(set(names)) == len(names)
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", n) for n in names)
    for k in FINDING_KINDS:
        assert k.effort_hours > 0 and k.title and len(k.explanation) > 60


def test_diagnostics_doc_is_generated() -> None:
    assert (ROOT / "docs" / "diagnostics.md").read_text() == diagnostics_doc.render()
