"""Whole `cu2amd ptx` compiles against ptxas, in one run, on the same files.

The files are corpus-like PTX of 1k and 10k lines built as bench/ptx_parse.py builds them
(clang's NVPTX output for tests/data/cuda, module bodies repeated with their symbols
renamed), from the modules cu2amd lowers completely (modules using an instruction it does
not lower are left out and named, with the error). For each file the script
times the command a user runs, `cu2amd ptx FILE --offload-arch=gfx942 -O3 -o out.hsaco`
(a fresh process: start-up, parse, decode, lowering, LLVM optimisation and AMDGPU code
generation, linking), and `ptxas -O3 -arch=sm_80 FILE`, and prints the ratio. The issue's
target: at most 2x ptxas's time on the 10k-line file. A second column times the same
compile for gfx942 and gfx1100 at once. Last, the split of one 10k-line compile by stage
(`--time-passes`), the rest of the process's time being start-up and output.

    .venv/bin/python bench/ptx_compile.py [--repeat 3] [--keep DIR]
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (1_000, 10_000)
TARGET_RATIO = 2.0


def _ptx_parse_bench():  # type: ignore[no-untyped-def]
    path = ROOT / "bench" / "ptx_parse.py"
    spec = importlib.util.spec_from_file_location("cu2amd_bench_ptx_parse", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def cu2amd_command(path: Path, archs: str, out: Path) -> list[str]:
    exe = Path(sys.executable).parent / "cu2amd"
    return [str(exe), "ptx", str(path), f"--offload-arch={archs}", "-O3", "-o", str(out)]


def lowered_bodies(bench, work: Path) -> list[tuple[str, list[str]]]:  # type: ignore[no-untyped-def]
    """The corpus bodies that cu2amd compiles for gfx942 on their own."""
    kept = []
    for i, (body, names) in enumerate(bench.corpus_bodies(work)):
        path = work / f"body-{i}.ptx"
        path.write_text(".version 8.0\n.target sm_80\n.address_size 64\n" + body)
        run = subprocess.run(
            cu2amd_command(path, "gfx942", work / "body.hsaco"), capture_output=True, text=True
        )
        if run.returncode == 0:
            kept.append((body, names))
        else:
            first = run.stderr.splitlines()[0] if run.stderr else f"exit {run.returncode}"
            print(f"  left out body {i}: {first.split(': ', 1)[-1]}")
    return kept


def stage_split(path: Path, out: Path) -> str:
    """One compile's time by stage, and what the process spent outside the stages."""
    start = time.perf_counter()
    run = subprocess.run(
        [*cu2amd_command(path, "gfx942", out), "--time-passes"],
        capture_output=True,
        text=True,
        check=True,
    )
    wall = time.perf_counter() - start
    stages = re.findall(r"^\s*([0-9.]+) ms\s+[0-9.]+%\s+(\S+)$", run.stderr, re.M)
    times = {name: float(ms) for ms, name in stages}
    total = times.pop("total", sum(times.values()))
    parts = [f"{name} {ms:.0f}" for name, ms in times.items()]
    parts.append(f"outside the stages {wall * 1000 - total:.0f}")
    return "stages (ms): " + ", ".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="best of N runs")
    ap.add_argument("--keep", type=Path, help="write the generated PTX files here")
    args = ap.parse_args()
    bench = _ptx_parse_bench()
    ptxas = shutil.which("ptxas")

    with tempfile.TemporaryDirectory(prefix="cu2amd-bench-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        bodies = lowered_bodies(bench, work)
        print(f"corpus: {len(bodies)} clang NVPTX modules that cu2amd lowers completely")
        print(f"{'lines':>8} {'gfx942 s':>9} {'+gfx1100 s':>11} {'ptxas s':>8} {'ratio':>6}")
        ratios = {}
        for size in SIZES:
            path = work / f"compile-{size}.ptx"
            text = bench.make_file(bodies, size)
            path.write_text(text)
            one, _ = bench.best_of(
                args.repeat,
                lambda p=path: subprocess.run(
                    cu2amd_command(p, "gfx942", work / "out.hsaco"), check=True
                ),
            )
            two, _ = bench.best_of(
                args.repeat,
                lambda p=path: subprocess.run(
                    cu2amd_command(p, "gfx942,gfx1100", work / "out.hipfb"), check=True
                ),
            )
            row = f"{text.count(chr(10)):>8} {one:>9.2f} {two:>11.2f}"
            if ptxas:
                cmd = [ptxas, "-O3", "-arch=sm_80", str(path), "-o", str(work / "out.cubin")]
                theirs, _ = bench.best_of(
                    args.repeat, lambda c=cmd: subprocess.run(c, check=True, capture_output=True)
                )
                ratios[size] = one / theirs
                row += f" {theirs:>8.2f} {one / theirs:>5.2f}x"
            print(row)
        print(stage_split(work / f"compile-{SIZES[-1]}.ptx", work / "out.hsaco"))
    if not ptxas:
        print("ptxas not found: no ratio (install the CUDA toolkit's ptxas to compare)")
        return 0
    verdict = "meets" if ratios[10_000] <= TARGET_RATIO else "MISSES"
    print(
        f"10k lines: cu2amd ptx for gfx942 takes {ratios[10_000]:.2f}x ptxas's time "
        f"({verdict} the {TARGET_RATIO:.0f}x target)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
