"""REQUIRES chromium: the HTML report opens in headless Chromium without script errors,
renders (a screenshot), and shows the report's numbers."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from cu2amd.translator.report import render_html
from cu2amd.translator.report.runner import ScanOptions, run

ROOT = Path(__file__).resolve().parent.parent
CODEBASE = ROOT / "tests" / "data" / "report_codebase"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0"]

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs chromium")


def test_html_report_in_chromium(tmp_path: Path) -> None:
    report = run(ScanOptions((str(CODEBASE / "src"),), jobs=1))
    page = tmp_path / "report.html"
    page.write_text(render_html.render(report))
    assert CHROMIUM is not None
    dom = subprocess.run(
        [CHROMIUM, *FLAGS, "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert 'data-ready="yes"' in dom.stdout
    assert re.search(r'<pre id="page-errors"></pre>', dom.stdout)
    assert not [line for line in dom.stderr.splitlines() if "CONSOLE" in line]
    s = report.summary
    for key, value in [
        ("files", s.files),
        ("kernels", s.kernels),
        ("errors", s.errors),
        ("warnings", s.warnings),
        ("findings", len(report.findings)),
    ]:
        assert f'data-key="{key}">{value}<' in dom.stdout
    shot = tmp_path / "shot.png"
    subprocess.run(
        [CHROMIUM, *FLAGS, f"--screenshot={shot}", "--window-size=1200,1600", page.as_uri()],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 1000
