"""The PTX corpus: the CUDA sources of this folder compiled by clang's NVPTX backend (the
ziglang wheel's clang; never NVIDIA's compilers) for many targets, optimisation levels and
debug-info settings. Tests and benchmarks build it on the fly; it is never committed.

    python tests/data/cuda/corpus.py OUT_DIR     # writes the corpus, prints a summary
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

CUDA_DIR = Path(__file__).resolve().parent
SOURCES = tuple(sorted(CUDA_DIR.glob("*.cu")))
# Every target clang 22's NVPTX backend knows from sm_50 on, with the PTX version each
# needs at least (clang assumes PTX 4.2 without a CUDA installation).
ARCHS = {
    "sm_50": 80, "sm_52": 80, "sm_53": 80, "sm_60": 80, "sm_61": 80, "sm_70": 80,
    "sm_75": 80, "sm_80": 80, "sm_86": 80, "sm_87": 80, "sm_89": 80, "sm_90": 80,
    "sm_90a": 80, "sm_100": 86, "sm_100a": 86, "sm_103a": 88, "sm_120": 87, "sm_120a": 87,
    "sm_121a": 88,
}  # fmt: skip
OPTS = ("-O0", "-O1", "-O2", "-O3")
DEBUG = ("", "-g", "", "-gline-tables-only")
ARCHS_PER_LEVEL = 4


@dataclass(frozen=True)
class Variant:
    source: Path
    arch: str
    opt: str
    debug: str  # "", "-g" or "-gline-tables-only"
    rdc: bool  # -fgpu-rdc: relocatable device code (extern and visible linkage)
    ptx: int  # PTX ISA version, 80 = 8.0

    @property
    def name(self) -> str:
        flags = [self.arch, self.opt.lstrip("-"), f"ptx{self.ptx}"]
        if self.debug:
            flags.append(self.debug.lstrip("-"))
        if self.rdc:
            flags.append("rdc")
        return f"{self.source.stem}-{'-'.join(flags)}.ptx"


def variants() -> list[Variant]:
    """Each source at each -O level for four targets, spread so that every source meets
    old and new targets, with and without debug info and relocatable code."""
    archs = list(ARCHS)
    out = []
    for i, source in enumerate(SOURCES):
        for j, opt in enumerate(OPTS):
            for k in range(ARCHS_PER_LEVEL):
                arch = archs[(i * 7 + j * 5 + k * len(archs) // ARCHS_PER_LEVEL) % len(archs)]
                minimum = ARCHS[arch]
                ptx = max(minimum, (80, 88, 90)[(i + j + k) % 3])
                out.append(
                    Variant(source, arch, opt, DEBUG[(i + j + 2 * k) % 4], (i + k) % 3 == 1, ptx)
                )
    return out


def clang_command(clang: Sequence[str], include: Path, variant: Variant, out: Path) -> list[str]:
    cmd = [
        *clang, "-x", "cuda", "--cuda-device-only", f"--cuda-gpu-arch={variant.arch}",
        "-nocudainc", "-nocudalib", "--cuda-path=/nonexistent",
        "-Xclang", "-target-feature", "-Xclang", f"+ptx{variant.ptx}",
        "-isystem", str(include), f"-I{CUDA_DIR}", variant.opt, "-S",
    ]  # fmt: skip
    if variant.debug:
        cmd.append(variant.debug)
    if variant.rdc:
        cmd.append("-fgpu-rdc")
    return [*cmd, str(variant.source), "-o", str(out)]


def build(
    out_dir: Path, chosen: Sequence[Variant] | None = None, jobs: int | None = None
) -> list[tuple[Variant, Path]]:
    """Compile the variants into out_dir, in parallel; returns (variant, PTX file) pairs.
    Raises RuntimeError naming the variant when clang fails."""
    from cu2amd.amdgpu.toolchain import discover

    tc = discover()
    clang, include = tc.clang(), tc.builtin_include_dir()
    out_dir.mkdir(parents=True, exist_ok=True)
    todo = list(variants() if chosen is None else chosen)

    def compile_one(variant: Variant) -> tuple[Variant, Path]:
        out = out_dir / variant.name
        proc = subprocess.run(
            clang_command(clang, include, variant, out), capture_output=True, text=True
        )
        if proc.returncode != 0:
            raise RuntimeError(f"clang failed for {variant.name}:\n{proc.stderr}")
        return variant, out

    with ThreadPoolExecutor(max_workers=jobs or os.cpu_count() or 2) as pool:
        return list(pool.map(compile_one, todo))


if __name__ == "__main__":
    start = time.perf_counter()
    built = build(Path(sys.argv[1]))
    lines = sum(path.read_text().count("\n") for _, path in built)
    seconds = time.perf_counter() - start
    print(f"{len(built)} PTX files, {lines} lines, in {seconds:.1f} s")
