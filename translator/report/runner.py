"""Which files `cu2amd report` scans, with which flags, in parallel.

Units (translation units) are the `.cu` files under the given paths, any file given by
name, and every entry of compile_commands.json under the paths; each gets its flags from
the database, else the -I/-D given on the command line, else defaults. Headers (`.cuh`
`.h` `.hpp` ...) under the paths are walked as part of the units that include them, once
per batch of units; a `.cuh` that no unit reaches is parsed on its own afterwards. `.ptx`
files are checked by the PTX front end.

Units are scanned in fixed batches of BATCH (so the result does not depend on -j or on
scheduling), by -j worker processes, with a progress line on a terminal.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from cu2amd.errors import UsageError
from cu2amd.frontend.scan import Unit, UnitScan, scan_unit
from cu2amd.frontend.scan_libraries import library_includes, write_stubs
from cu2amd.runtime_shim.headers import include_dir
from cu2amd.translator.report import compdb
from cu2amd.translator.report.analyze import build_report
from cu2amd.translator.report.model import Report

BATCH = 16
UNIT_SUFFIXES = (".cu",)
HEADER_SUFFIXES = (".cuh", ".h", ".hpp", ".hh", ".hxx", ".inl")
DEFAULT_CUDA_ARCH = 80


@dataclass(frozen=True)
class ScanOptions:
    paths: tuple[str, ...]
    compile_commands: str | None = None
    args: tuple[str, ...] = ()  # -I/-D/-U from the command line
    jobs: int = 1
    progress: bool = False


@dataclass(frozen=True)
class IsProject:
    """A file of the project: under one of the roots, not a stub or a cu2amd header."""

    roots: tuple[str, ...]
    excluded: tuple[str, ...]

    def __call__(self, path: str) -> bool:
        return path.startswith(self.roots) and not path.startswith(self.excluded)


@dataclass(frozen=True)
class _Layout:
    roots: tuple[str, ...]
    root: str
    units: tuple[str, ...]
    headers: tuple[str, ...]
    ptx: tuple[str, ...]


def _layout(paths: tuple[str, ...]) -> _Layout:
    if not paths:
        raise UsageError("no path given: name the files or folders to scan")
    roots, units, headers, ptx = [], set(), set(), set()
    for p in paths:
        path = Path(p)
        if not path.exists():
            raise UsageError(f"no such file or directory: '{p}'")
        path = path.resolve()
        if path.is_dir():
            roots.append(str(path) + os.sep)
            for f in path.rglob("*"):
                if f.is_file():
                    _classify(f, units, headers, ptx, by_name=False)
        else:
            roots.append(str(path.parent) + os.sep)
            _classify(path, units, headers, ptx, by_name=True)
    root = os.path.commonpath([r.rstrip(os.sep) or os.sep for r in roots])
    return _Layout(
        tuple(sorted(set(roots))),
        root,
        tuple(sorted(units)),
        tuple(sorted(headers)),
        tuple(sorted(ptx)),
    )


def _classify(f: Path, units: set[str], headers: set[str], ptx: set[str], by_name: bool) -> None:
    if f.suffix == ".ptx":
        ptx.add(str(f))
    elif f.suffix in HEADER_SUFFIXES:
        headers.add(str(f))
    elif f.suffix in UNIT_SUFFIXES or by_name:
        units.add(str(f))


def _scan_batch(batch: list[Unit], is_project: IsProject, extra: list[str]) -> list[UnitScan]:
    seen: set[str] = set()
    return [scan_unit(u, is_project, seen, extra) for u in batch]


def _scan_all(
    units: list[Unit],
    is_project: IsProject,
    extra: list[str],
    jobs: int,
    progress: Callable[[int], None],
) -> list[UnitScan]:
    batches = [units[i : i + BATCH] for i in range(0, len(units), BATCH)]
    results: list[UnitScan] = []
    if jobs <= 1 or len(batches) <= 1:
        for batch in batches:
            results += _scan_batch(batch, is_project, extra)
            progress(len(results))
        return results
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=min(jobs, len(batches)), mp_context=ctx) as pool:
        futures = [pool.submit(_scan_batch, b, is_project, extra) for b in batches]
        done = 0
        for fut in futures:
            part = fut.result()
            results += part
            done += len(part)
            progress(done)
    return results


def run(options: ScanOptions) -> Report:
    layout = _layout(options.paths)
    flags = compdb.load(Path(options.compile_commands)) if options.compile_commands else {}
    is_root = IsProject(layout.roots, ())
    unit_paths = sorted(set(layout.units) | {f for f in flags if is_root(f)})
    units = [_unit(p, flags.get(p), options.args) for p in unit_paths]
    total = len(units)
    tty = options.progress and sys.stderr.isatty()

    def progress(done: int) -> None:
        if tty:
            sys.stderr.write(f"\rcu2amd report: scanned {done}/{total} files")
            sys.stderr.flush()

    with tempfile.TemporaryDirectory(prefix="cu2amd-report-") as tmp:
        stubs = Path(tmp) / "stubs"
        stubs.mkdir()
        wanted: set[str] = set()
        for f in (*unit_paths, *layout.headers):
            wanted.update(i.header for i in library_includes(Path(f).read_bytes()))
        write_stubs(wanted, stubs)
        stub_dir = str(stubs.resolve()) + os.sep
        is_project = IsProject(layout.roots, (stub_dir, str(include_dir().resolve()) + os.sep))
        extra = ["-isystem", str(stubs)]
        scans = _scan_all(units, is_project, extra, options.jobs, progress)
        reached = {p for s in scans for p in s.files}
        lonely = [h for h in layout.headers if h.endswith(".cuh") and h not in reached]
        scans += _scan_all(
            [_unit(h, None, options.args) for h in lonely],
            is_project,
            extra,
            options.jobs,
            lambda _: None,
        )
    if tty:
        sys.stderr.write("\n")
    return build_report(scans, set(unit_paths), list(layout.ptx), layout.root)


def _unit(path: str, flags: compdb.Flags | None, cli_args: tuple[str, ...]) -> Unit:
    if flags is not None:
        return Unit(path, flags.args, flags.cuda_arch or DEFAULT_CUDA_ARCH)
    return Unit(path, cli_args, DEFAULT_CUDA_ARCH)
