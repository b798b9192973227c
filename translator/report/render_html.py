"""The report as one self-contained HTML file: no network, inline CSS, JS and SVG.

A summary (numbers a test reads back by their `data-key`), three charts as inline SVG
(API names by status, the CUDA APIs that stop a build most often, warp-size hazards per
file), sortable tables (click a header), and every finding with an anchor and a link to
its line. Script errors and console.error calls are written into `#page-errors`, so a
headless browser's DOM dump shows whether the page ran cleanly.
"""

from __future__ import annotations

import html
from collections import Counter
from pathlib import Path

from cu2amd.translator.report.findings import BY_ID
from cu2amd.translator.report.links import source_link
from cu2amd.translator.report.model import Report

_STATUS_COLOURS = {
    "supported": "#2e7d32",
    "emulated": "#1565c0",
    "unsupported": "#c62828",
    "not applicable": "#6a1b9a",
    "unknown": "#9e9e9e",
}
TOP = 12

_CSS = """
body{font-family:system-ui,sans-serif;margin:2em;color:#222}
h1{margin-bottom:.2em} .root{color:#666}
.cards{display:flex;flex-wrap:wrap;gap:.8em;margin:1em 0}
.card{border:1px solid #ddd;border-radius:6px;padding:.6em 1em;min-width:8em}
.card .v{font-size:1.6em;font-weight:600} .card .k{color:#555;font-size:.85em}
.charts{display:flex;flex-wrap:wrap;gap:2em} figure{margin:0}
table{border-collapse:collapse;margin:1em 0;font-size:.9em}
th,td{border:1px solid #ddd;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#f4f4f4;cursor:pointer;user-select:none} th.sorted-asc::after{content:" ▲"}
th.sorted-desc::after{content:" ▼"} tr:target{background:#fff3c4}
.error{color:#c62828} .warning{color:#e65100} .note{color:#1565c0} code{font-size:.95em}
#page-errors:empty{display:none} #page-errors{color:#c62828;border:1px solid #c62828}
"""

_JS = """
(function(){
  var sink = document.getElementById('page-errors');
  function record(text){ sink.textContent += text + '\\n'; }
  window.addEventListener('error', function(e){ record('error: ' + e.message); });
  var original = console.error;
  console.error = function(){ record('console.error: ' + Array.prototype.join.call(arguments, ' '));
    original.apply(console, arguments); };
  function key(cell){
    var v = cell.getAttribute('data-sort') || cell.textContent.trim();
    return /^-?[0-9]+([.][0-9]+)?$/.test(v) ? parseFloat(v) : v;
  }
  document.querySelectorAll('table.sortable').forEach(function(table){
    table.querySelectorAll('th').forEach(function(th, col){
      th.addEventListener('click', function(){
        var asc = !th.classList.contains('sorted-asc');
        table.querySelectorAll('th').forEach(function(h){
          h.classList.remove('sorted-asc', 'sorted-desc'); });
        th.classList.add(asc ? 'sorted-asc' : 'sorted-desc');
        var body = table.tBodies[0];
        var rows = Array.prototype.slice.call(body.rows);
        rows.sort(function(a, b){
          var x = key(a.cells[col]), y = key(b.cells[col]);
          var c = (typeof x === 'number' && typeof y === 'number') ? x - y
            : String(x).localeCompare(String(y));
          return asc ? c : -c;
        });
        rows.forEach(function(r){ body.appendChild(r); });
      });
    });
  });
  document.body.setAttribute('data-ready', 'yes');
})();
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _bar_chart(title: str, items: list[tuple[str, int, str]], chart_id: str) -> str:
    """Horizontal bars: (label, value, colour)."""
    width, bar_h, label_w = 460, 20, 190
    height = max(1, len(items)) * (bar_h + 6) + 30
    top = max((v for _, v, _ in items), default=0) or 1
    parts = [
        f'<figure id="{chart_id}"><svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
        f'height="{height}" role="img" aria-label="{_e(title)}">',
        f'<text x="0" y="16" font-size="14" font-weight="600">{_e(title)}</text>',
    ]
    if not items:
        parts.append('<text x="0" y="40" font-size="12" fill="#666">none</text>')
    for i, (label, value, colour) in enumerate(items):
        y = 26 + i * (bar_h + 6)
        w = max(1, int((width - label_w - 50) * value / top))
        parts.append(
            f'<text x="{label_w - 6}" y="{y + 14}" font-size="12" text-anchor="end">'
            f"{_e(label[:30])}</text>"
            f'<rect x="{label_w}" y="{y}" width="{w}" height="{bar_h}" fill="{colour}">'
            f"<title>{_e(label)}: {value}</title></rect>"
            f'<text x="{label_w + w + 4}" y="{y + 14}" font-size="12">{value}</text>'
        )
    parts.append("</svg></figure>")
    return "".join(parts)


def _table(head: list[str], rows: list[list[str]] | list[str], table_id: str) -> str:
    th = "".join(f"<th>{_e(h)}</th>" for h in head)
    body = "".join(r if isinstance(r, str) else "<tr>" + "".join(r) + "</tr>" for r in rows)
    return (
        f'<table class="sortable" id="{table_id}"><thead><tr>{th}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


def _td(text: object, sort: object | None = None, raw: bool = False) -> str:
    attr = f' data-sort="{_e(sort)}"' if sort is not None else ""
    return f"<td{attr}>{text if raw else _e(text)}</td>"


def render(report: Report, base: Path | None = None) -> str:
    """The page; `base` is the folder it is written to (links are relative to it)."""
    s = report.summary

    def link(file: str, line: int) -> str:
        return source_link(report.root, file, line, base)

    cards = [
        ("files", s.files),
        ("cuda-files", s.cuda_files),
        ("headers", s.headers),
        ("ptx-files", s.ptx_files),
        ("lines", s.lines),
        ("kernels", s.kernels),
        ("api-names", s.api_names),
        ("api-uses", s.api_uses),
        ("asm-statements", s.asm_statements),
        ("hazards", s.hazards),
        ("errors", s.errors),
        ("warnings", s.warnings),
        ("notes", s.notes),
        ("findings", len(report.findings)),
        ("buildable-files", s.buildable_files),
        ("effort-hours", f"{s.effort_hours:g}"),
    ]
    card_html = "".join(
        f'<div class="card"><div class="v" data-key="{k}">{_e(v)}</div>'
        f'<div class="k">{_e(k.replace("-", " "))}</div></div>'
        for k, v in cards
    )
    status_items = [(k, n, _STATUS_COLOURS.get(k, "#555")) for k, n in s.api_status]
    blocking = sorted(
        (
            (a.name, a.uses)
            for a in report.apis
            if a.status in ("unsupported", "unknown", "not applicable")
        ),
        key=lambda kv: (-kv[1], kv[0]),
    )[:TOP]
    hazards = Counter(f.file for f in report.findings if f.id.startswith("C2A4"))
    hazard_items = sorted(hazards.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP]
    charts = (
        _bar_chart("CUDA API names by status", status_items, "chart-status")
        + _bar_chart(
            "CUDA APIs that stop a build (uses)",
            [(n, v, "#c62828") for n, v in blocking],
            "chart-blocking",
        )
        + _bar_chart(
            "Warp-size hazards per file",
            [(n, v, "#e65100") for n, v in hazard_items],
            "chart-hazards",
        )
    )
    anchors: dict[tuple[str, int], str] = {}
    finding_rows = []
    for n, f in enumerate(report.findings, 1):
        anchor = f"finding-{n}"
        anchors.setdefault((f.file, f.line), anchor)
        sev = BY_ID[f.id].severity.value
        href = link(f.file, f.line)
        finding_rows.append(
            f'<tr id="{anchor}">'
            + _td(f.id)
            + _td(f'<span class="{sev}">{sev}</span>', sev, True)
            + _td(
                f'<a href="{_e(href)}">{_e(f.file)}:{f.line}:{f.col}</a>',
                f"{f.file}:{f.line:08d}",
                True,
            )
            + _td(f.message)
            + _td(f.fix)
            + "</tr>"
        )
    first_finding = {f.file: anchors[(f.file, f.line)] for f in reversed(report.findings)}
    file_rows = [
        [
            _td(
                f'<a href="#{first_finding[f.file]}">{_e(f.file)}</a>'
                if f.file in first_finding
                else _e(f.file),
                f.file,
                True,
            ),
            _td(f.kind),
            _td(f.lines, f.lines),
            _td(len(f.kernels), len(f.kernels)),
            _td(f.errors, f.errors),
            _td(f.warnings, f.warnings),
            _td(f"{f.effort_hours:g}", f.effort_hours),
            _td("yes" if f.buildable else "no: " + ", ".join(f.blockers)),
        ]
        for f in report.files
    ]
    api_rows = [
        [
            _td(f"<code>{_e(a.name)}</code>", a.name, True),
            _td(a.status),
            _td(a.uses, a.uses),
            _td(a.files, a.files),
            _td(a.rocm),
            _td(a.note),
        ]
        for a in report.apis
    ]
    asm_rows = [
        [
            _td(
                f'<a href="{_e(link(a.file, a.line))}">{_e(a.file)}:{a.line}</a>',
                f"{a.file}:{a.line:08d}",
                True,
            ),
            _td(", ".join(f"{i.spelling} ({i.status})" for i in a.instructions)),
            _td("yes" if a.translatable else "no"),
            _td(a.problem),
        ]
        for a in report.asm
    ]
    lib_rows = [
        [_td(lib.name), _td(lib.rocm), _td(", ".join(lib.files)), _td(lib.uses, lib.uses)]
        for lib in report.libraries
    ]
    ptx_rows = [
        [
            _td(p.file),
            _td(p.nvidia_header or "no"),
            _td(p.instructions, p.instructions),
            _td(", ".join(p.not_lowered)),
        ]
        for p in report.ptx_files
    ]
    body = "".join(
        [
            "<h1>cu2amd migration report</h1>",
            f'<div class="root">{_e(report.root)}</div>',
            '<pre id="page-errors"></pre>',
            f'<section id="summary"><div class="cards">{card_html}</div></section>',
            f'<section class="charts">{charts}</section>',
            "<h2>Files</h2>",
            _table(
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
                file_rows,
                "files",
            ),
            "<h2>CUDA APIs</h2>",
            _table(["API", "status", "uses", "files", "ROCm", "note"], api_rows, "apis"),
            "<h2>Inline PTX</h2>",
            _table(["where", "instructions", "translatable", "problem"], asm_rows, "asm"),
            "<h2>CUDA libraries</h2>",
            _table(["library", "ROCm counterpart", "files", "uses"], lib_rows, "libraries"),
            "<h2>PTX files</h2>",
            _table(
                ["file", "made by NVIDIA's compiler", "instructions", "not lowered"],
                ptx_rows,
                "ptx-files",
            ),
            "<h2>Findings</h2>",
            _table(
                ["id", "severity", "where", "message", "suggested fix"], finding_rows, "findings"
            ),
            "<p>Finding IDs and the effort formula are explained in cu2amd's "
            "docs/diagnostics.md.</p>",
        ]
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<title>cu2amd migration report</title>"
        f"<style>{_CSS}</style></head><body>{body}<script>{_JS}</script></body></html>\n"
    )
