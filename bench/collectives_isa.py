"""What CUDA's 32-lane warp collectives cost on AMD GPUs: machine instructions per
collective on gfx942 (64-lane waves: each wave holds two warps) and gfx1100 (32-lane
waves: a warp is a wave), side by side.

For each collective a PTX kernel applies it to a per-thread value (%tid.x) with the full
member mask and stores the result; the script compiles it through cu2amd's pipeline for
both targets, reads the kernel's machine code (the assembly of the code object, as
`cu2amd ptx --emit=asm` prints it) and subtracts the instructions of the same kernel
with a plain `mov` in place of the collective. Counts are static: the loops (match.any:
one round per distinct value; redux with a partial mask: one per member) are counted
once. The table is docs/collectives.md's.

    .venv/bin/python bench/collectives_isa.py [--markdown]
"""

from __future__ import annotations

import argparse
import re
import sys

from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions, assembly

TARGETS = ("gfx942", "gfx1100")

# (name, PTX computing %r2 from %r1 = %tid.x); %p1 is free, %r3 is a scratch register.
COLLECTIVES = [
    ("shfl.sync.idx (lane from a register)", "and.b32 %r3, %r1, 7;\n"
     "shfl.sync.idx.b32 %r2, %r1, %r3, 0x1f, 0xffffffff;"),
    ("shfl.sync.idx (constant lane)", "shfl.sync.idx.b32 %r2, %r1, 3, 0x1f, 0xffffffff;"),
    ("shfl.sync.bfly 1", "shfl.sync.bfly.b32 %r2, %r1, 1, 0x1f, 0xffffffff;"),
    ("shfl.sync.bfly 4", "shfl.sync.bfly.b32 %r2, %r1, 4, 0x1f, 0xffffffff;"),
    ("shfl.sync.bfly 8", "shfl.sync.bfly.b32 %r2, %r1, 8, 0x1f, 0xffffffff;"),
    ("shfl.sync.bfly 16", "shfl.sync.bfly.b32 %r2, %r1, 16, 0x1f, 0xffffffff;"),
    ("shfl.sync.up 1 (with predicate)", "shfl.sync.up.b32 %r2|%p1, %r1, 1, 0, 0xffffffff;\n"
     "selp.b32 %r2, %r2, 0, %p1;"),
    ("shfl.sync.up 2, width 16", "shfl.sync.up.b32 %r2, %r1, 2, 0x1000, 0xffffffff;"),
    ("shfl.sync.down 1, width 8", "shfl.sync.down.b32 %r2, %r1, 1, 0x181f, 0xffffffff;"),
    ("shfl.sync.down 4", "shfl.sync.down.b32 %r2, %r1, 4, 0x1f, 0xffffffff;"),
    ("shfl.sync.down 16", "shfl.sync.down.b32 %r2, %r1, 16, 0x1f, 0xffffffff;"),
    ("vote.sync.ballot", "setp.ne.u32 %p1, %r1, 5;\nvote.sync.ballot.b32 %r2, %p1, 0xffffffff;"),
    ("vote.sync.any", "setp.ne.u32 %p1, %r1, 5;\nvote.sync.any.pred %p1, %p1, 0xffffffff;\n"
     "selp.b32 %r2, 1, 0, %p1;"),
    ("vote.sync.all", "setp.ne.u32 %p1, %r1, 5;\nvote.sync.all.pred %p1, %p1, 0xffffffff;\n"
     "selp.b32 %r2, 1, 0, %p1;"),
    ("vote.sync.uni", "setp.ne.u32 %p1, %r1, 5;\nvote.sync.uni.pred %p1, %p1, 0xffffffff;\n"
     "selp.b32 %r2, 1, 0, %p1;"),
    ("activemask", "activemask.b32 %r2;"),
    ("elect.sync", "elect.sync %r2|%p1, 0xffffffff;"),
    ("match.any.sync.b32", "match.any.sync.b32 %r2, %r1, 0xffffffff;"),
    ("match.all.sync.b32", "match.all.sync.b32 %r2, %r1, 0xffffffff;"),
    ("redux.sync.add.u32", "redux.sync.add.u32 %r2, %r1, 0xffffffff;"),
    ("redux.sync.max.s32", "redux.sync.max.s32 %r2, %r1, 0xffffffff;"),
    ("redux.sync.min.f32", "mov.b32 %f1, %r1;\nredux.sync.min.f32 %f1, %f1, 0xffffffff;\n"
     "mov.b32 %r2, %f1;"),
    ("bar.warp.sync", "bar.warp.sync 0xffffffff;\nmov.b32 %r2, %r1;"),
]  # fmt: skip
BASELINE = "mov.b32 %r2, %r1;"

KERNEL = """.version 8.0
.target sm_90
.address_size 64
.visible .entry collective(.param .u64 out)
{{
\t.reg .b32 %r<4>;
\t.reg .b64 %rd<2>;
\t.reg .pred %p<2>;
\t.reg .f32 %f<2>;
\tld.param.u64 %rd1, [out];
\tmov.u32 %r1, %tid.x;
{body}
\tst.global.u32 [%rd1], %r2;
\tret;
}}
"""

_INSTRUCTION = re.compile(r"^\s+([a-z_][a-z0-9_]*)\b")


def instructions(ptx_body: str, target: str) -> list[str]:
    """The mnemonics of the kernel's machine code for `target`."""
    pipeline = Pipeline(PipelineOptions())
    text = KERNEL.format(body="\n".join("\t" + line for line in ptx_body.splitlines()))
    module = pipeline.front(text, "collective.ptx")
    tid = parse_target_id(target)
    asm = assembly(pipeline.back(module, tid).llvm_ir, tid, 3)
    body = asm.split("collective:", 1)[1].split(".Lfunc_end", 1)[0]
    mnemonics = []
    for line in body.splitlines():
        match = _INSTRUCTION.match(line)
        if match and not line.strip().startswith((".", ";")):
            mnemonics.append(match.group(1))
    return mnemonics


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    args = parser.parse_args()
    base = {t: len(instructions(BASELINE, t)) for t in TARGETS}
    rows = []
    for name, body in COLLECTIVES:
        counts = [len(instructions(body, t)) - base[t] for t in TARGETS]
        rows.append((name, *counts))
    if args.markdown:
        print("| collective | gfx942 (wave64) | gfx1100 (wave32) |")
        print("|---|---:|---:|")
        for name, a, b in rows:
            print(f"| `{name}` | {a} | {b} |")
    else:
        width = max(len(r[0]) for r in rows)
        print(f"{'collective':<{width}}  {'gfx942':>7}  {'gfx1100':>7}  ratio")
        for name, a, b in rows:
            ratio = f"{a / b:5.2f}" if b > 0 else "    -"
            print(f"{name:<{width}}  {a:>7}  {b:>7}  {ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
