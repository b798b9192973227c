"""CTA barrier calls in retargeted NVPTX IR -> runtime calls, each with its own site.

The runtime tells barrier call sites apart by the address of their site string: strict
mode reports threads of a block waiting at two different barrier calls, and a deadlock
report says where each thread waits. So every call of a barrier intrinsic gets its own
private constant (never merged: no `unnamed_addr`), naming where it is: the call's source
location when the IR has one (`-lineinfo`, `-G`; "file:line:col: __syncthreads()", plus
where it was inlined), else its function and its number among that function's barrier
calls ("__syncthreads() #2 in _Z3fooPi"). A barrier inside a device function that is not
inlined is one site for all its callers, as a PTX `bar.sync` in a `.func` is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePosixPath

from cu2amd.errors import InternalError


@dataclass(frozen=True)
class BarrierIntrinsic:
    name: str
    has_id: bool  # takes the barrier id as its argument (else barrier 0)
    label: str  # what the site calls it
    kind: int = 0  # the runtime's barrier kind: 0 sync; 2 red.popc, 3 red.and, 4 red.or


# Barriers over the whole CTA (every non-exited thread), as clang's NVPTX back end names them.
BARRIER_INTRINSICS: dict[str, BarrierIntrinsic] = {
    b.name: b
    for b in (
        BarrierIntrinsic("llvm.nvvm.barrier.cta.sync.aligned.all", True, "__syncthreads()"),
        BarrierIntrinsic("llvm.nvvm.barrier.cta.sync.all", True, "barrier.sync"),
        BarrierIntrinsic("llvm.nvvm.barrier.sync", True, "barrier.sync"),
        BarrierIntrinsic("llvm.nvvm.barrier0", False, "__syncthreads()"),
        # __syncthreads_count/and/or (bar.red): (i32 id, i1 pred) -> i32 count / i1 flag.
        BarrierIntrinsic("llvm.nvvm.barrier.cta.red.popc.aligned.all", True,
                         "__syncthreads_count()", 2),
        BarrierIntrinsic("llvm.nvvm.barrier.cta.red.and.aligned.all", True,
                         "__syncthreads_and()", 3),
        BarrierIntrinsic("llvm.nvvm.barrier.cta.red.or.aligned.all", True,
                         "__syncthreads_or()", 4),
    )
}  # fmt: skip

SITE_PREFIX = "__cu2amd.site.barrier."
_DEFINE = re.compile(r"^define\b[^@\n]*@(\"[^\"]+\"|[\w.$]+)\(")
_CALL = re.compile(
    r"^(?P<indent>\s*)(?:(?:tail|musttail|notail) )?call void "
    r"@(?P<callee>[\w.$]+)\((?P<args>[^)]*)\)(?P<rest>.*)$"
)
_REDUCTION = re.compile(
    r"^(?P<indent>\s*)(?P<lhs>%[\w.]+) = (?:(?:tail|musttail|notail) )?call (?:noundef )?"
    r"(?P<ret>i32|i1) @(?P<callee>[\w.$]+)\(i32 (?P<id>[^,]+), i1 (?P<pred>[^)]+)\)(?P<rest>.*)$"
)
_DBG = re.compile(r"!dbg !(\d+)")
_METADATA = re.compile(r"^!(\d+) = (?:distinct )?(.*)$", re.M)


def rewrite_barriers(text: str) -> tuple[str, list[str]]:
    """Calls of BARRIER_INTRINSICS in `text` -> `__cu2amd_barrier(site, id, 0, kind, pred)`;
    returns the new text and the site constants to add to the module."""
    metadata = {int(m[1]): m[2] for m in _METADATA.finditer(text)}
    lines = text.split("\n")
    sites: list[str] = []
    function = ""
    counts: dict[str, int] = {}
    for i, line in enumerate(lines):
        if define := _DEFINE.match(line):
            function = define[1].strip('"')
            continue
        call = _CALL.match(line) or _REDUCTION.match(line)
        if call is None or call["callee"] not in BARRIER_INTRINSICS:
            continue
        barrier = BARRIER_INTRINSICS[call["callee"]]
        if barrier.kind:
            barrier_id = call["id"]
        else:
            barrier_id = call["args"].split()[-1] if barrier.has_id else "0"
        label = barrier.label if barrier_id == "0" else f"{barrier.label} (barrier {barrier_id})"
        counts[function] = counts.get(function, 0) + 1
        dbg = _DBG.search(call["rest"])
        where = _location(metadata, int(dbg[1])) if dbg else None
        if where is None:
            site = f"{label} #{counts[function]} in {function}"
        else:
            inlined = f" (inlined at {', '.join(where[1:])})" if len(where) > 1 else ""
            site = f"{where[0]}: {label}{inlined}"
        name = f'@"{SITE_PREFIX}{len(sites)}"'
        sites.append(f"{name} = private constant {_c_string(site)}")
        # The result is named: an unnamed one would take a number of the function's %0, %1 ...
        result = f"%__cu2amd.barrier.{len(sites) - 1}"
        indent = call["indent"]
        if not barrier.kind:
            args = f"ptr {name}, i32 {barrier_id}, i32 0, i32 0, i32 0"
            lines[i] = f"{indent}{result} = call i32 @__cu2amd_barrier({args}){call['rest']}"
            continue
        pred = f"%__cu2amd.pred.{len(sites) - 1}"
        args = f"ptr {name}, i32 {barrier_id}, i32 0, i32 {barrier.kind}, i32 {pred}"
        value = (f"add i32 {result}, 0" if call["ret"] == "i32"
                 else f"icmp ne i32 {result}, 0")  # fmt: skip
        lines[i] = "\n".join([
            f"{indent}{pred} = zext i1 {call['pred']} to i32",
            f"{indent}{result} = call i32 @__cu2amd_barrier({args}){call['rest']}",
            f"{indent}{call['lhs']} = {value}",
        ])  # fmt: skip
    return "\n".join(lines), sites


def _c_string(text: str) -> str:
    data = text.encode("utf-8") + b"\0"
    chars = (chr(b) if 32 <= b < 127 and b not in b'"\\' else f"\\{b:02X}" for b in data)
    return f'[{len(data)} x i8] c"{"".join(chars)}"'


def _location(metadata: dict[int, str], node: int) -> list[str] | None:
    """`file:line:col` of a DILocation, then that of each call it was inlined at; None
    without a line."""
    parts = []
    while True:
        loc = metadata.get(node, "")
        m = re.match(r"!DILocation\(line: (\d+)(?:, column: (\d+))?, scope: !(\d+)", loc)
        if m is None:
            raise InternalError(f"!dbg !{node} is not a DILocation: {loc!r}")
        if m[1] == "0":
            return None
        parts.append(f"{_file(metadata, int(m[3]))}:{m[1]}:{m[2] or 1}")
        inlined = re.search(r"inlinedAt: !(\d+)", loc)
        if inlined is None:
            return parts
        node = int(inlined[1])


def _file(metadata: dict[int, str], scope: int) -> str:
    """The file name of a debug scope (subprogram, lexical block, file), made absolute with
    its directory, or the compile unit's, when clang recorded it relative."""
    node = metadata.get(scope, "")
    if not node.startswith("!DIFile("):
        f = re.search(r"\bfile: !(\d+)", node)
        return _file(metadata, int(f[1])) if f else "<unknown>"
    name = re.search(r'filename: "([^"]*)"', node)
    directory = re.search(r'directory: "([^"]*)"', node)
    filename = name[1] if name else "<unknown>"
    folder = directory[1] if directory else ""
    if not folder:
        unit = next((v for v in metadata.values() if v.startswith("!DICompileUnit(")), "")
        f = re.search(r"\bfile: !(\d+)", unit)
        d = re.search(r'directory: "([^"]*)"', metadata.get(int(f[1]), "")) if f else None
        folder = d[1] if d else ""
    return str(PurePosixPath(folder, filename)) if folder else filename
