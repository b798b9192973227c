"""The effort estimate and the "can cu2amd-nvcc build it today" rule, per file.

Effort: each finding kind has a weight in hours (findings.py). A file's estimate is the
sum of the weights of its distinct (kind, subject) pairs, where the subject is the CUDA
API's name for API findings, the instruction's spelling for inline PTX that is not
lowered, the library's name for library use, and the finding's own line and column for
everything else. So a file calling an unsupported API forty times costs that API's weight
once, while every hazard line costs its own. The total is the sum over files.

Buildable today: a file is buildable when none of its findings has severity `error`.
Those are exactly: the file does not parse with cu2amd's headers; it uses a CUDA API the
tables mark unsupported or not applicable, or one they do not know; an inline-PTX
statement whose form is not translated or an instruction not lowered or invalid; a CUDA
library; dynamic parallelism, graphics interop or PTX for hardware AMD GPUs lack; for a
standalone PTX file, one made by NVIDIA's compiler, that does not parse or has
instructions not lowered. Warnings (warp-size hazards) and notes do not stop a build.
"""

from __future__ import annotations

from collections.abc import Iterable

from cu2amd.translator.report.findings import BY_ID, Severity
from cu2amd.translator.report.model import Finding


def effort_hours(findings: Iterable[Finding]) -> float:
    subjects = {(f.id, f.subject or f"{f.line}:{f.col}") for f in findings}
    return round(sum(BY_ID[i].effort_hours for i, _ in subjects), 2)


def blockers(findings: Iterable[Finding]) -> tuple[str, ...]:
    """The IDs of the error findings, sorted; empty means buildable."""
    return tuple(sorted({f.id for f in findings if BY_ID[f.id].severity is Severity.ERROR}))
