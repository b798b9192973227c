"""PTX front-end speed against ptxas, in one run, on the same files.

The files are corpus-like PTX of 1k, 10k and 100k lines: clang's NVPTX output for the
CUDA sources of tests/data/cuda (-O2 and -O3, sm_80, no debug info), module bodies
repeated with their symbols renamed until the file is long enough. For each file the
script times cu2amd's parse (parse_module) plus decode (the Decode pass over the
module, as the compiler runs it; forms cu2amd does not support are counted, not fatal),
prints PTX lines per second, and, when ptxas is on PATH, the time of
`ptxas -O3 -arch=sm_80` on the same file and the ratio. The issue's target: parse+decode
of the 100k-line file in at most 25% of ptxas's time. It also prints the start-up cost of
the parser in a fresh process, with the table cache cold and warm.

    .venv/bin/python bench/ptx_parse.py [--repeat 3] [--keep DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = (1_000, 10_000, 100_000)
TARGET_RATIO = 0.25


def _corpus_module():  # type: ignore[no-untyped-def]
    path = ROOT / "tests" / "data" / "cuda" / "corpus.py"
    spec = importlib.util.spec_from_file_location("cu2amd_bench_corpus", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def corpus_bodies(work: Path) -> list[tuple[str, list[str]]]:
    """(module body, its own symbol names) for each source at -O2 and -O3 for sm_80.
    calls.cu is left out: it calls a function no module defines."""
    from cu2amd.ptx_lowering import ast
    from cu2amd.ptx_lowering.parser import parse_module

    corpus = _corpus_module()
    chosen = [
        corpus.Variant(src, "sm_80", opt, "", False, 80)
        for src in corpus.SOURCES
        if src.name != "calls.cu"
        for opt in ("-O2", "-O3")
    ]
    bodies = []
    for _, path in corpus.build(work / "clang", chosen):
        text = path.read_text()
        module = parse_module(text, str(path))
        names = []
        for item in module.items:
            if isinstance(item, ast.Function) and "extern" not in item.linkage:
                names.append(item.name)
            elif isinstance(item, ast.VarDecl) and "extern" not in item.linkage:
                names.extend(d.name for d in item.declarators)
            elif isinstance(item, ast.Alias):
                names.append(item.alias)
        body = text.split(".address_size 64", 1)[1]
        bodies.append((body, sorted(set(names), key=len, reverse=True)))
    return bodies


def make_file(bodies: list[tuple[str, list[str]]], lines: int) -> str:
    """Module bodies, each copy with its symbols renamed, until `lines` lines."""
    out = [".version 8.0\n.target sm_80\n.address_size 64\n"]
    count, copy = 3, 0
    while count < lines:
        body, names = bodies[copy % len(bodies)]
        if names:
            pattern = re.compile(
                r"(?<![\w$%])(" + "|".join(re.escape(n) for n in names) + r")(?![\w$])"
            )
            body = pattern.sub(lambda m, c=copy: f"{m.group(1)}_c{c}", body)
        out.append(body)
        count += body.count("\n")
        copy += 1
    return "".join(out)


def best_of(repeat: int, fn) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def parse_and_decode(text: str, name: str) -> tuple[float, float, int, Counter[str]]:
    """(parse seconds, decode seconds, instructions, unsupported or invalid forms).

    Decode is timed as the compiler runs it: the Decode pass over the whole module (which
    reports every failing instruction at the end). The per-opcode tally of failures is
    taken afterwards, untimed."""
    from cu2amd.errors import Cu2amdError
    from cu2amd.ptx_lowering import ast
    from cu2amd.ptx_lowering.parser import parse_module
    from cu2amd.ptx_lowering.passes.decode import Decode, decode_instruction

    start = time.perf_counter()
    module = parse_module(text, name)
    parsed = time.perf_counter()
    with contextlib.suppress(Cu2amdError):  # unsupported forms are tallied below
        Decode().run(module)
    decoded = time.perf_counter()
    failures: Counter[str] = Counter()
    count = 0
    stack = [f.body for f in module.functions if f.body is not None]
    while stack:
        for stmt in stack.pop().statements:
            if isinstance(stmt, ast.Instruction):
                count += 1
                try:
                    decode_instruction(stmt)
                except Cu2amdError:
                    failures[stmt.opcode] += 1
            elif isinstance(stmt, ast.Block):
                stack.append(stmt)
    return parsed - start, decoded - parsed, count, failures


def startup_ms(cache_dir: Path, repeat: int) -> float:
    """Fresh interpreter: import the parser and parse a one-kernel module."""
    code = (
        "from cu2amd.ptx_lowering.parser import parse_module\n"
        "parse_module('.version 8.0\\n.target sm_80\\n.address_size 64\\n.entry k() { ret; }')\n"
    )
    env = {**os.environ, "CU2AMD_CACHE_DIR": str(cache_dir)}
    seconds, _ = best_of(
        repeat, lambda: subprocess.run([sys.executable, "-c", code], env=env, check=True)
    )
    return seconds * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--repeat", type=int, default=3, help="best of N runs (ptxas: 2 on the largest file)"
    )
    ap.add_argument("--keep", type=Path, help="write the generated PTX files here")
    args = ap.parse_args()
    ptxas = shutil.which("ptxas")

    with tempfile.TemporaryDirectory(prefix="cu2amd-bench-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        bodies = corpus_bodies(work)
        print(f"corpus: {len(bodies)} clang NVPTX modules (sm_80, -O2/-O3)")
        header = (
            f"{'lines':>8} {'parse s':>8} {'decode s':>9} {'lines/s':>9} "
            f"{'ptxas s':>8} {'ratio':>6}  unsupported forms"
        )
        print(header)
        ratios = {}
        for size in SIZES:
            text = make_file(bodies, size)
            path = work / f"bench-{size}.ptx"
            path.write_text(text)
            lines = text.count("\n")
            ours, (parse_s, decode_s, count, failures) = best_of(
                args.repeat, lambda t=text, p=path: parse_and_decode(t, str(p))
            )
            ptxas_s = None
            if ptxas:
                cmd = [ptxas, "-O3", "-arch=sm_80", str(path), "-o", os.devnull]
                ptxas_s, _ = best_of(
                    min(args.repeat, 2) if size >= 100_000 else args.repeat,
                    lambda c=cmd: subprocess.run(c, check=True, capture_output=True),
                )
                ratios[size] = ours / ptxas_s
            top = ", ".join(f"{op} {n}" for op, n in failures.most_common(4))
            print(
                f"{lines:>8} {parse_s:>8.3f} {decode_s:>9.3f} {lines / ours:>9.0f} "
                + (f"{ptxas_s:>8.3f} {ours / ptxas_s:>6.1%}" if ptxas_s else f"{'-':>8} {'-':>6}")
                + f"  {sum(failures.values())}/{count} ({top})"
            )
        cold_dir = work / "cold-cache"
        shutil.rmtree(cold_dir, ignore_errors=True)
        cold = startup_ms(cold_dir, 1)
        warm = startup_ms(cold_dir, args.repeat)
        python, _ = best_of(
            args.repeat, lambda: subprocess.run([sys.executable, "-c", "pass"], check=True)
        )
        print(
            f"start-up (import + first parse, fresh process): {warm:.0f} ms with the table "
            f"cache, {cold:.0f} ms without (python alone: {python * 1000:.0f} ms)"
        )
    if not ptxas:
        print("ptxas not found: no ratio (install the CUDA toolkit's ptxas to compare)")
        return 0
    verdict = "meets" if ratios[100_000] <= TARGET_RATIO else "MISSES"
    print(
        f"100k lines: parse+decode takes {ratios[100_000]:.1%} of ptxas's time "
        f"({verdict} the {TARGET_RATIO:.0%} target)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
