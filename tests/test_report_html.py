"""REQUIRES chromium: the HTML report opens in headless Chromium without script errors,
renders (a screenshot), and shows the report's numbers. The same checker is shown to
catch a page whose script throws and one whose script does not parse."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from cu2amd.translator.report import render_html
from cu2amd.translator.report.model import Report
from cu2amd.translator.report.runner import ScanOptions, run

ROOT = Path(__file__).resolve().parent.parent
CODEBASE = ROOT / "tests" / "data" / "report_codebase"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0"]

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs chromium")


@dataclass(frozen=True)
class Loaded:
    dom: str  # the DOM after the page's scripts ran
    problems: tuple[str, ...]  # what is wrong with the page; () when nothing


def load(page: Path) -> Loaded:
    """Open `page` in headless Chromium; its problems are: the script never finished
    (no data-ready), errors the page recorded in #page-errors, and console messages
    Chromium logged (an uncaught exception or a syntax error is one)."""
    assert CHROMIUM is not None
    proc = subprocess.run(
        [CHROMIUM, *FLAGS, "--dump-dom", page.as_uri()],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    problems = []
    if 'data-ready="yes"' not in proc.stdout:
        problems.append("the page's script did not finish")
    recorded = re.search(r'<pre id="page-errors">(.*?)</pre>', proc.stdout, re.DOTALL)
    if recorded is None:
        problems.append("no #page-errors element")
    elif recorded.group(1).strip():
        problems.append("page errors: " + recorded.group(1).strip())
    problems += [line for line in proc.stderr.splitlines() if "CONSOLE" in line]
    return Loaded(proc.stdout, tuple(problems))


@pytest.fixture(scope="module")
def report() -> Report:
    return run(ScanOptions((str(CODEBASE / "src"),), jobs=1))


def test_html_report_in_chromium(report: Report, tmp_path: Path) -> None:
    page = tmp_path / "report.html"
    page.write_text(render_html.render(report))
    loaded = load(page)
    assert loaded.problems == ()
    s = report.summary
    for key, value in [
        ("files", s.files),
        ("kernels", s.kernels),
        ("errors", s.errors),
        ("warnings", s.warnings),
        ("findings", len(report.findings)),
    ]:
        assert f'data-key="{key}">{value}<' in loaded.dom
    shot = tmp_path / "shot.png"
    assert CHROMIUM is not None
    subprocess.run(
        [CHROMIUM, *FLAGS, f"--screenshot={shot}", "--window-size=1200,1600", page.as_uri()],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 1000


def test_checker_catches_script_errors(report: Report, tmp_path: Path) -> None:
    """The checks above can fail: a copy of the report whose sorting code calls a
    function that does not exist (a runtime error), and one with a syntax error."""
    html = render_html.render(report)
    ready = "document.body.setAttribute('data-ready', 'yes');"
    assert html.count(ready) == 1
    throws = tmp_path / "throws.html"
    throws.write_text(html.replace(ready, "no_such_function();\n  " + ready))
    problems = load(throws).problems
    assert "the page's script did not finish" in problems
    assert any("no_such_function is not defined" in p and "CONSOLE" in p for p in problems)

    late = tmp_path / "late.html"
    late.write_text(html.replace("</body>", "<script>null.field;</script></body>"))
    problems = load(late).problems
    assert "the page's script did not finish" not in problems
    assert any(p.startswith("page errors: error: ") and "null" in p for p in problems)

    syntax = tmp_path / "syntax.html"
    syntax.write_text(html.replace(ready, ready + " }{"))
    problems = load(syntax).problems
    assert "the page's script did not finish" in problems
    assert any("SyntaxError" in p for p in problems)
