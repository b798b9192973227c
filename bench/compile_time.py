"""cu2amd-nvcc against nvcc on the examples, in one run, per file.

For each CUDA file under examples/ (multi_file_rdc's files compiled with -dc, the others
with -c) the script times the command a build system runs, in a fresh process each time:

    cu2amd-nvcc -O3 -c --offload-arch=gfx942 FILE -o OUT.o
    nvcc        -O3 -c -arch=sm_90           FILE -o OUT.o

and prints the median of --repeat runs and the ratio per file. The issue's target: cu2amd
at most 1.5x nvcc's wall time per file. Without nvcc on PATH only cu2amd's side is shown.
The last table splits cu2amd's own time into phases (its --time-phases output, summed over
the files); what is left of the wall time is Python start-up and planning.

    .venv/bin/python bench/compile_time.py [--repeat 5] [--arch gfx942]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_RATIO = 1.5


def sources() -> list[tuple[Path, str]]:
    """(file, compile flag) for every example source."""
    out = []
    for path in sorted((ROOT / "examples").glob("*/*.cu")):
        out.append((path, "-dc" if path.parent.name == "multi_file_rdc" else "-c"))
    return out


def timed(cmd: list[str]) -> tuple[float, str] | None:
    """Wall seconds and stderr; None when the compiler rejects the file."""
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        first = proc.stderr.strip().splitlines()[:1] or [f"exit {proc.returncode}"]
        print(f"  {Path(cmd[0]).name} rejects {cmd[-3]}: {first[0]}")
        return None
    return elapsed, proc.stderr


_PHASE = re.compile(r"^  (\S.*?)\s+(\d+\.\d+)$")


def phases(stderr: str) -> dict[str, float]:
    """--time-phases lines: '  <phase>  <seconds>' (nested phases indented by two more)."""
    found: dict[str, float] = {}
    for line in stderr.splitlines():
        m = _PHASE.match(line) or re.match(r"^    (\S.*?)\s+(\d+\.\d+)$", line)
        if m:
            indent = "  " if line.startswith("    ") else ""
            found[indent + m.group(1)] = float(m.group(2))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--arch", default="gfx942")
    args = parser.parse_args()
    nvcc = shutil.which("nvcc")
    cu2amd = str(Path(sys.executable).parent / "cu2amd-nvcc")
    totals: dict[str, float] = {}
    rows = []
    with tempfile.TemporaryDirectory(prefix="cu2amd-bench-") as tmp:
        out = Path(tmp) / "out.o"
        for path, mode in sources():
            include = ["-I", str(path.parent)]
            ours_cmd = [cu2amd, "-O3", mode, f"--offload-arch={args.arch}", *include,
                        "--time-phases", str(path), "-o", str(out)]  # fmt: skip
            theirs_cmd = [nvcc or "nvcc", "-O3", mode, "-arch=sm_90", *include, str(path),
                          "-o", str(out)]  # fmt: skip
            if timed(ours_cmd) is None:  # warm: the first run builds cached device libraries
                continue
            theirs_ok = nvcc is not None and timed(theirs_cmd) is not None
            ours: list[float] = []
            theirs: list[float] = []
            for _ in range(args.repeat):
                seconds, stderr = timed(ours_cmd) or (0.0, "")
                ours.append(seconds)
                for phase, value in phases(stderr).items():
                    totals[phase] = totals.get(phase, 0.0) + value / args.repeat
                if theirs_ok and (result := timed(theirs_cmd)):
                    theirs.append(result[0])
            rows.append(
                (
                    f"{path.parent.name}/{path.name}",
                    statistics.median(ours),
                    statistics.median(theirs) if theirs else None,
                )
            )
    print(f"cu2amd-nvcc -O3 {{-c|-dc}} --offload-arch={args.arch}  vs  nvcc -O3 -arch=sm_90; "
          f"median of {args.repeat}, seconds")  # fmt: skip
    print(f"{'file':<42} {'cu2amd':>8} {'nvcc':>8} {'ratio':>7}")
    worst = 0.0
    for name, ours_s, theirs_s in rows:
        if theirs_s is None:
            print(f"{name:<42} {ours_s:8.3f} {'-':>8} {'-':>7}")
            continue
        ratio = ours_s / theirs_s
        worst = max(worst, ratio)
        print(f"{name:<42} {ours_s:8.3f} {theirs_s:8.3f} {ratio:6.2f}x")
    all_ours = sum(r[1] for r in rows)
    both = [r for r in rows if r[2] is not None]
    if nvcc and both:
        ours_both = sum(r[1] for r in both)
        all_theirs = sum(r[2] or 0.0 for r in both)
        print(f"{'files both compile':<42} {ours_both:8.3f} {all_theirs:8.3f} "
              f"{ours_both / all_theirs:6.2f}x")  # fmt: skip
        verdict = "met" if worst <= TARGET_RATIO else "MISSED"
        print(f"worst file: {worst:.2f}x nvcc; target <= {TARGET_RATIO}x per file: {verdict}")
    else:
        print("nvcc not found: no ratios")
    print("\ncu2amd's time per phase, summed over the files (median run's average):")
    measured = totals.get("total", 0.0)
    for phase, seconds in totals.items():
        if phase != "total":
            print(f"  {phase:<36} {seconds:8.3f}")
    print(f"  {'phases total':<36} {measured:8.3f}")
    print(f"  {'start-up and planning (wall - phases)':<36} {all_ours - measured:8.3f}")


if __name__ == "__main__":
    main()
