"""`cu2amd report` on the purpose-written codebase (tests/data/report_codebase) and on
examples/: the findings pinned, statuses consistent with the mapping tables, every output
format, the JSON schema, and the errors a user can make."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from cu2amd.runtime_shim.tables import lookup
from cu2amd.translator.report import render_html, render_json, render_sarif
from cu2amd.translator.report.analyze import UNKNOWN
from cu2amd.translator.report.findings import BY_ID
from cu2amd.translator.report.model import Report
from cu2amd.translator.report.runner import ScanOptions, run

ROOT = Path(__file__).resolve().parent.parent
CODEBASE = ROOT / "tests" / "data" / "report_codebase"
SCHEMA = json.loads((ROOT / "docs" / "report.schema.json").read_text())

# Every finding but the per-use API ones (whose status follows the tables as they grow).
FINDINGS = [
    ("C2A4005", "include/common.cuh", 3, 9),
    ("C2A3003", "include/common.cuh", 9, 3),
    ("C2A4002", "include/lonely.cuh", 3, 46),
    ("C2A4007", "include/warp_utils.cuh", 7, 10),
    ("C2A4003", "include/warp_utils.cuh", 7, 27),
    ("C2A4003", "include/warp_utils.cuh", 12, 22),
    ("C2A6001", "ptx/nvidia_made.ptx", 1, 1),
    ("C2A6002", "ptx/unlowered.ptx", 1, 1),
    ("C2A3003", "src/asm_form.cu", 3, 3),
    ("C2A3002", "src/asm_invalid.cu", 3, 3),
    ("C2A3001", "src/asm_unsupported.cu", 3, 3),
    ("C2A1001", "src/broken.cu", 2, 10),
    ("C2A7001", "src/dynpar.cu", 3, 25),
    ("C2A4006", "src/hazards.cu", 2, 18),
    ("C2A4001", "src/hazards.cu", 3, 14),
    ("C2A4001", "src/hazards.cu", 4, 14),
    ("C2A4002", "src/hazards.cu", 5, 15),
    ("C2A4004", "src/hazards.cu", 6, 12),
    ("C2A4003", "src/hazards.cu", 6, 35),
    ("C2A4005", "src/hazards.cu", 7, 7),
    ("C2A4005", "src/hazards.cu", 8, 13),
    ("C2A4007", "src/hazards.cu", 9, 11),
    ("C2A4003", "src/hazards.cu", 9, 27),
    ("C2A4002", "src/hazards.cu", 10, 7),
    ("C2A7002", "src/interop.cu", 3, 10),
    ("C2A4001", "src/lane_arith.cu", 1, 42),
    ("C2A4001", "src/lane_arith.cu", 4, 13),
    ("C2A4001", "src/lane_arith.cu", 5, 15),
    ("C2A4001", "src/lane_arith.cu", 6, 15),
    ("C2A4002", "src/lane_arith.cu", 7, 15),
    ("C2A4001", "src/lane_arith.cu", 7, 59),
    ("C2A5001", "src/lib_cub.cu", 1, 1),
    ("C2A5001", "src/lib_cublas.cu", 1, 1),
    ("C2A5001", "src/lib_cudnn.cu", 1, 1),
    ("C2A5001", "src/lib_cufft.cu", 1, 1),
    ("C2A5001", "src/lib_curand.cu", 1, 1),
    ("C2A5001", "src/lib_cusolver.cu", 1, 1),
    ("C2A5001", "src/lib_cusparse.cu", 1, 1),
    ("C2A5001", "src/lib_nccl.cu", 1, 1),
    ("C2A5001", "src/lib_nvtx.cu", 1, 1),
    ("C2A5001", "src/lib_thrust.cu", 1, 1),
    ("C2A3001", "src/tcgen05.cu", 2, 3),
    ("C2A7003", "src/tcgen05.cu", 2, 3),
    ("C2A4005", "src/warp_size_static.cu", 1, 15),
    ("C2A4005", "src/warp_size_static.cu", 2, 38),
    ("C2A4005", "src/warp_size_static.cu", 5, 27),
    ("C2A4005", "src/warp_size_static.cu", 7, 53),
]
# CUDA names and their uses; macros (CUDA_CHECK, COPY_TO_DEVICE) and templates
# (warp_reduce) hide some of them.
APIS = {
    "__ballot_sync": 1,
    "__shfl_down_sync": 1,
    "__shfl_sync": 1,
    "__shfl_xor_sync": 1,
    "blockDim": 13,
    "blockIdx": 12,
    "cudaError_t": 3,
    "cudaFree": 1,
    "cudaArraySparseProperties": 1,
    "cudaArrayGetSparseProperties": 1,
    "cudaEGLStreamConsumerConnect": 1,
    "cudaGraphicsMapResources": 1,
    "cudaGraphicsResource": 2,
    "cudaMalloc": 1,
    "cudaMemcpy": 1,
    "cudaMemcpyHostToDevice": 1,
    "cudaSuccess": 3,
    "threadIdx": 21,
    "warpSize": 7,
}
# Statuses from the mapping tables (runtime_shim/tables), pinned for a few names: the
# report must agree with them, and they with what cu2amd-nvcc does.
STATUSES = {
    "cudaMalloc": "supported",
    "cudaMemcpy": "supported",
    "__shfl_sync": "supported",
    "threadIdx": "supported",
    "cudaArrayGetSparseProperties": "unsupported",
    "cudaArraySparseProperties": "unsupported",
    "cudaEGLStreamConsumerConnect": "not applicable",
}
API_FINDING = {
    "unsupported": "C2A2001",
    "unknown": "C2A2002",
    "emulated": "C2A2003",
    "not applicable": "C2A2005",
}


@pytest.fixture(scope="module")
def report() -> Report:
    return run(ScanOptions((str(CODEBASE),), str(CODEBASE / "compile_commands.json"), jobs=2))


def test_findings_pinned(report: Report) -> None:
    got = [(f.id, f.file, f.line, f.col) for f in report.findings if not f.id.startswith("C2A200")]
    assert got == FINDINGS


def test_api_names_counts_and_statuses_follow_the_tables(report: Report) -> None:
    assert {a.name: a.uses for a in report.apis} == APIS
    for a in report.apis:
        row = lookup(a.name)
        assert a.status == (UNKNOWN if row is None else row.status.value)
        api_findings = [
            f for f in report.findings if f.subject == a.name and f.id.startswith("C2A200")
        ]
        expected = API_FINDING.get(a.status)
        if expected is not None:
            assert {f.id for f in api_findings} == {expected} and len(api_findings) == a.uses


def test_pinned_statuses(report: Report) -> None:
    got = {a.name: a.status for a in report.apis if a.name in STATUSES}
    assert got == STATUSES
    for name, status in STATUSES.items():
        row = lookup(name)
        assert row is not None and row.status.value == status


def test_undeclared_cuda_call_is_reported_by_name(report: Report) -> None:
    """`cudaArrayGetSparseProperties(&props, 0)` with `props` of an unsupported type: clang says nothing
    about the call itself (its argument is already invalid), the AST names it."""
    found = [(f.id, f.line, f.col, f.subject) for f in report.findings]
    unknown = [
        x for x, f in zip(found, report.findings, strict=True) if f.file == "src/unknown_api.cu"
    ]
    assert unknown == [
        ("C2A2001", 2, 3, "cudaArraySparseProperties"),
        ("C2A2001", 3, 10, "cudaArrayGetSparseProperties"),
    ]


def test_lane_and_warp_size_hazards_have_no_false_positives(report: Report) -> None:
    """lane_arith.cu line 8 is arithmetic with 32, 31 and 5 on values that are not
    thread indices (a size, a byte count, loaded data, `gid * 32`): no finding there;
    warp_size_static.cu line 6 (`const int lanes = warpSize;`) and the `% warpSize` on
    line 7 are run-time uses of warpSize: fine in HIP."""
    hazards = {(f.file, f.line, f.col) for f in report.findings if f.id.startswith("C2A4")}
    assert not [h for h in hazards if h[:2] == ("src/lane_arith.cu", 8)]
    assert not [h for h in hazards if h[:2] == ("src/warp_size_static.cu", 6)]
    assert [h for h in hazards if h[:2] == ("src/warp_size_static.cu", 7)] == [
        ("src/warp_size_static.cu", 7, 53)
    ]


def test_summary_files_kernels_asm(report: Report) -> None:
    s = report.summary
    assert (s.files, s.cuda_files, s.headers, s.ptx_files) == (39, 33, 3, 3)
    assert s.kernels == 22 and s.lines == 238
    assert (s.asm_statements, s.asm_translatable) == (6, 1)
    popc = next(a for a in report.asm if a.file == "src/template_asm.cu")
    assert [(i.spelling, i.status) for i in popc.instructions] == [("popc.b32", "lowered")]
    assert {lib.name for lib in report.libraries} == {
        "CUB",
        "NCCL",
        "NVTX",
        "Thrust",
        "cuBLAS",
        "cuDNN",
        "cuFFT",
        "cuRAND",
        "cuSOLVER",
        "cuSPARSE",
    }
    nvidia = next(p for p in report.ptx_files if p.file == "ptx/nvidia_made.ptx")
    assert "NVIDIA NVVM" in nvidia.nvidia_header
    ok = next(f for f in report.files if f.file == "ptx/open_ok.ptx")
    assert ok.buildable and ok.blockers == ()
    broken = next(f for f in report.files if f.file == "src/broken.cu")
    assert not broken.buildable and "C2A1001" in broken.blockers
    for f in report.files:
        assert f.buildable == all(
            BY_ID[x.id].severity.value != "error" for x in report.findings if x.file == f.file
        )


def test_json_matches_schema_and_is_deterministic(report: Report) -> None:
    data = json.loads(render_json.render(report))
    jsonschema.validate(data, SCHEMA)
    again = run(ScanOptions((str(CODEBASE),), str(CODEBASE / "compile_commands.json"), jobs=1))
    assert render_json.render(again) == render_json.render(report)


def test_sarif_shape(report: Report) -> None:
    sarif = json.loads(render_sarif.render(report))
    assert sarif["version"] == "2.1.0"
    results = sarif["runs"][0]["results"]
    assert len(results) == len(report.findings)
    rules = sarif["runs"][0]["tool"]["driver"]["rules"]
    assert all(rules[r["ruleIndex"]]["id"] == r["ruleId"] for r in results)


def test_examples() -> None:
    r = run(ScanOptions((str(ROOT / "examples"),), jobs=1))
    assert r.summary.kernels >= 14 and r.summary.asm_statements == 9
    assert r.summary.asm_translatable == 9
    assert not [f for f in r.findings if f.id == "C2A1001"]
    # Every example builds with cu2amd-nvcc today, and the report says so: no error
    # finding (a compiler builtin such as __builtin_popcount is not an unknown CUDA API).
    assert [f.file for f in r.files if not f.buildable] == []
    assert r.summary.errors == 0 and "__builtin_popcount" not in {a.name for a in r.apis}
    assert not {a.status for a in r.apis} & {"unsupported", UNKNOWN}
    assert {p.file for p in r.ptx_files} >= {"ptx/saxpy.ptx", "ptx/vector_add.ptx"}


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cu2amd.translator.cli", "report", *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no/such/dir"], "error: no such file or directory: 'no/such/dir'"),
        (
            [str(CODEBASE / "src" / "hazards.cu"), "--format", "xml"],
            "error: unknown --format 'xml' (choose from text, md, json, sarif, html)",
        ),
        (
            [str(CODEBASE / "src" / "hazards.cu"), "-p", "missing.json"],
            "error: no such compilation database: 'missing.json'",
        ),
        (
            [str(CODEBASE / "src" / "hazards.cu"), "-p", str(CODEBASE / "src" / "hazards.cu")],
            f"error: {CODEBASE / 'src' / 'hazards.cu'}:1:1: not valid JSON: Expecting value",
        ),
    ],
)
def test_user_errors_are_one_line_exit_2(args: list[str], message: str) -> None:
    proc = _cli(*args)
    assert proc.returncode == 2
    assert proc.stderr == message + "\n"


def test_cli_formats_and_fail_on(tmp_path: Path) -> None:
    src = str(CODEBASE / "src" / "hazards.cu")
    proc = _cli(src, "-j", "1", "--format", "md", "-o", str(tmp_path / "r.md"))
    assert proc.returncode == 0, proc.stderr
    assert "| C2A4006 | warning |" in (tmp_path / "r.md").read_text()
    assert _cli(src, "-j", "1", "--fail-on=unsupported").returncode == 0
    unsupported = str(CODEBASE / "src" / "unknown_api.cu")
    assert _cli(unsupported, "-j", "1", "--fail-on=unsupported").returncode == 1
    text = _cli(src, "-j", "1")
    assert "warp-size hazards: 11" in text.stdout
    assert "--fail-on" in _cli("--help").stdout


def test_html_links_relative_to_the_report(report: Report, tmp_path: Path) -> None:
    """Written to a file, the HTML report links each finding relative to its own folder
    (the page and the tree can move together); without a folder, by absolute URI."""
    base = CODEBASE / "out"
    page = render_html.render(report, base)
    assert 'href="../src/hazards.cu#L3"' in page
    assert "file://" not in page
    assert f'href="{(CODEBASE / "src" / "hazards.cu").as_uri()}#L3"' in render_html.render(report)
    out = tmp_path / "deep" / "r.html"
    out.parent.mkdir()
    proc = _cli(str(CODEBASE / "src" / "hazards.cu"), "-j", "1", "--format", "html", "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    target = os.path.relpath(CODEBASE / "src" / "hazards.cu", out.parent)
    assert f'href="{target}#L3"' in out.read_text()


def test_cuda_headers_reached_through_a_symlink(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """clang names cu2amd's headers by the path it was given; the scanner still knows
    them as cu2amd's when that path goes through a symlink (a venv, /var -> /private/var)."""
    from cu2amd.runtime_shim import headers

    real = headers.include_dir()
    (tmp_path / "include").symlink_to(real, target_is_directory=True)
    monkeypatch.setattr(headers, "include_dir", lambda: tmp_path / "include")
    r = run(ScanOptions((str(CODEBASE / "src" / "hazards.cu"),), jobs=1))
    assert {a.name for a in r.apis} == {"__ballot_sync", "__shfl_xor_sync", "threadIdx", "warpSize"}
