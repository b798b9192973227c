"""Runs the lit suite (lit_tests/) as one pytest test, so one runner reports everything."""

import subprocess
import sys
from pathlib import Path

LIT_DIR = Path(__file__).resolve().parent.parent / "lit_tests"


def test_lit_suite() -> None:
    proc = subprocess.run(
        # lit has no __main__ module; run its entry point in this interpreter.
        [sys.executable, "-c", "import lit.main; lit.main.main()", "-v", str(LIT_DIR)],
        capture_output=True,
        text=True,
        check=False,
    )
    if proc.returncode != 0:
        # Only the failures and lit's summary: the whole log is long.
        print(proc.stdout[-30000:])
        print(proc.stderr[-5000:])
    assert proc.returncode == 0, "lit suite failed (failing tests listed above)"
    assert "Passed" in proc.stdout
