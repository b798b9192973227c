"""Invariants of the CUDA -> ROCm mapping tables (runtime_shim/tables): names unique and
sorted, and every status true of cu2amd's headers as libclang sees them in each pass."""

from __future__ import annotations

import subprocess
import sys
from itertools import groupby
from pathlib import Path

import pytest

from cu2amd.runtime_shim import tables
from cu2amd.runtime_shim.tables import ALL_ROWS, MODULES, Kind, Status, lookup
from cu2amd.runtime_shim.tables.build import NOT_YET, names
from cu2amd.runtime_shim.tables.declared import PASSES, declared, parse

# clang declares these itself in CUDA mode (the host platform's device pass), so the
# headers define them for HIP mode only: what shows each works there.
CLANG_CUDA_BUILTINS = {
    "__syncthreads": "__global__ void k() { __syncthreads(); }",
    "__CUDACC__": 'static_assert(__CUDACC__, "");',
}
# The C library's assert macro (<assert.h>) works in device code through the headers'
# device __assert_fail: what shows it compiles in every pass.
C_LIBRARY_MACROS = {
    "assert": "#include <cassert>\n__global__ void k(int *p) { assert(*p == 1); }",
}
CLAIMS = (Status.SUPPORTED, Status.EMULATED)


def claimed(row: tables.ApiRow) -> bool:
    """The row says the headers provide it (whether or not it is known broken somewhere)."""
    return row.status in CLAIMS


def test_names_are_unique() -> None:
    seen: set[str] = set()
    dups = [r.name for r in ALL_ROWS if r.name in seen or seen.add(r.name)]  # type: ignore[func-returns-value]
    assert not dups


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_rows_are_sorted_within_each_section(module: object) -> None:
    for section, rows in groupby(module.ROWS, key=lambda r: r.section):  # type: ignore[attr-defined]
        got = [r.name for r in rows]
        assert got == sorted(got), f"{section}: not in name order"


def test_sections_are_not_split() -> None:
    """A section is one run of rows in its module (so the doc lists it once)."""
    for module in MODULES:
        runs = [section for section, _ in groupby(module.ROWS, key=lambda r: r.section)]
        assert len(runs) == len(set(runs)), module.__name__


def test_lookup() -> None:
    row = lookup("cudaMalloc")
    assert row is not None and row.status is Status.SUPPORTED and row.rocm == "hipMalloc"
    assert lookup("cooperative_groups::reduce_update_async").status is Status.UNSUPPORTED  # type: ignore[union-attr]
    assert lookup("cudaNoSuchFunction") is None
    assert len(tables.ALL_ROWS) == len({r.name for r in ALL_ROWS})


def test_every_working_row_is_declared_in_every_pass() -> None:
    everywhere = declared().everywhere()
    missing = [r.name for r in ALL_ROWS if claimed(r) and r.name not in everywhere
               and r.name not in CLANG_CUDA_BUILTINS and r.name not in C_LIBRARY_MACROS]  # fmt: skip
    assert not missing, "rows say supported/emulated but the headers lack them"
    for name in CLANG_CUDA_BUILTINS:
        assert name in declared().passes["amd-device"] and name in declared().passes["host"]


def test_clang_builtins_work_in_cuda_mode() -> None:
    """What the headers leave to clang in the host platform's device pass compiles there."""
    for name, probe in CLANG_CUDA_BUILTINS.items():
        assert claimed(lookup(name))  # type: ignore[arg-type]
        parse("host-platform-device", f"#include <cuda_runtime.h>\n{probe}\n")


def test_c_library_macros_work_in_every_pass() -> None:
    for name, probe in C_LIBRARY_MACROS.items():
        assert claimed(lookup(name))  # type: ignore[arg-type]
        for pass_name in PASSES:
            parse(pass_name, f"#include <cuda_runtime.h>\n{probe}\n")


def test_every_declared_cuda_symbol_has_a_row() -> None:
    unknown = sorted(n for n in declared().anywhere() if lookup(n) is None)
    assert not unknown, "add a row for each (runtime_shim/tables/)"


def test_declared_kinds_match_rows() -> None:
    anywhere = declared().anywhere()
    wrong = [
        (r.name, r.kind) for r in ALL_ROWS if r.name in anywhere and r.kind not in anywhere[r.name]
    ]
    assert not wrong


def test_no_row_understates_what_the_headers_provide() -> None:
    everywhere = declared().everywhere()
    understated = [r.name for r in ALL_ROWS if not claimed(r) and r.name in everywhere]
    assert not understated


def test_unsupported_and_not_applicable_rows_say_why() -> None:
    silent = [r.name for r in ALL_ROWS if not claimed(r) and not r.note]
    assert not silent


def test_working_rows_name_what_implements_them() -> None:
    assert not [r.name for r in ALL_ROWS if claimed(r) and not r.rocm]


def test_known_broken_rows_are_claimed_and_say_how() -> None:
    """A row known broken somewhere (none today) says where and how; tests/
    test_api_tables_run.py checks it still fails that way."""
    for r in (r for r in ALL_ROWS if r.broken_on):
        assert claimed(r) and r.note and set(r.broken_on) <= set(tables.TARGETS), r.name
        assert not r.works


def test_math_rows_carry_cuda_accuracy() -> None:
    """Every single/double precision function carries CUDA's documented bound except the
    few whose bound CUDA states only in words (or not at all)."""
    assert lookup("sinf").cuda_ulp == "2" and lookup("sinf").rocm_ulp == "1"  # type: ignore[union-attr]
    assert lookup("sqrt").cuda_ulp == "0"  # type: ignore[union-attr]
    assert lookup("__sinf").cuda_ulp.startswith("2^-21.41")  # type: ignore[union-attr]
    rows = [r for r in ALL_ROWS if r.section.endswith("Precision Mathematical Functions")]
    without = {r.name for r in rows if not r.cuda_ulp}
    assert without == {"fdividef", "jn", "jnf", "norm", "normf", "rnorm", "rnormf", "yn"}


def test_every_group_and_kind_is_used() -> None:
    assert {r.group for r in ALL_ROWS} == set(tables.Group)
    assert {r.kind for r in ALL_ROWS} == set(Kind)


def test_names_expand_braces() -> None:
    assert names("a_{rd,rn} b") == ("a_rd", "a_rn", "b")


def test_default_note_is_the_plain_not_implemented_one() -> None:
    row = lookup("cudaArrayGetSparseProperties")
    assert row is not None and row.status is Status.UNSUPPORTED and row.note == NOT_YET


def test_coverage_doc_is_up_to_date() -> None:
    """docs/api-coverage.md is generated: python -m cu2amd.runtime_shim.tables.coverage_doc."""
    from cu2amd.runtime_shim.tables import coverage_doc

    committed = (Path(__file__).resolve().parent.parent / "docs" / "api-coverage.md").read_text()
    assert committed == coverage_doc.render(), f"regenerate: {coverage_doc.COMMAND}"


def test_coverage_doc_counts_add_up() -> None:
    from cu2amd.runtime_shim.tables import coverage_doc

    text = coverage_doc.render()
    total = len(ALL_ROWS)
    works = sum(r.works for r in ALL_ROWS)
    assert f"| **all symbols** | {total} | " in text
    assert text.count("\n| `") == total  # one line per row
    assert f"{100 * works / total:.1f}%" in text


def test_emulated_rows_say_how_they_differ() -> None:
    assert not [r.name for r in ALL_ROWS if r.status is Status.EMULATED and not r.note]


def test_math_accuracy_notes() -> None:
    """A supported math function whose OCML error exceeds CUDA's bound says so (the
    migration report shows it); one within the bound carries no note."""
    from cu2amd.runtime_shim.tables.math import accuracy_note

    assert accuracy_note("0", "1") and not accuracy_note("2", "1") and not accuracy_note("", "1")
    for r in ALL_ROWS:
        if r.group is tables.Group.DEVICE_MATH and r.status is Status.SUPPORTED:
            assert r.note.startswith(accuracy_note(r.cuda_ulp, r.rocm_ulp)), r.name
    assert "exceeds CUDA's bound (0 ulp)" in lookup("sqrtf").note  # type: ignore[union-attr]


def test_override_tables_name_real_rows() -> None:
    """The modules' per-name overrides (HIP counterparts, no-HIP sets) only name rows."""
    from cu2amd.runtime_shim.tables import driver, runtime

    assert runtime._NO_HIP | set(runtime._HIP) <= {r.name for r in runtime.ROWS}
    assert set(driver._HIP) <= {r.name for r in driver.ROWS}


def test_coverage_doc_command_writes_the_file(tmp_path: Path) -> None:

    from cu2amd.runtime_shim.tables import coverage_doc

    out = tmp_path / "api-coverage.md"
    cmd = [sys.executable, "-m", "cu2amd.runtime_shim.tables.coverage_doc", "-o", str(out)]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and not proc.stdout, proc.stderr
    assert out.read_text() == coverage_doc.render()
