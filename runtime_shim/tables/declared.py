"""What cu2amd's CUDA headers declare, as libclang sees them in each of the three passes
that compile a CUDA file (DESIGN.md): the AMD device pass (HIP mode), the host pass (HIP
mode, host only) and the host platform's device pass (CUDA mode, NVPTX). The tables'
invariants test compares this with the rows' statuses, so a status cannot claim more, or
less, than the headers provide.

Only public CUDA-named symbols count: cu2amd's internals (`__cu2amd_*`, `CU2AMD_*`) and
the HIP ABI and device libraries the headers call (`hip*`, `__hip*`, `ihip*`, `__ocml_*`,
`__ockl_*`) are not CUDA API.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from dataclasses import dataclass

import clang.cindex as ci

from cu2amd.amdgpu.toolchain import discover
from cu2amd.errors import ToolFailedError
from cu2amd.runtime_shim.headers import cuda_header_flags, include_dir
from cu2amd.runtime_shim.tables.row import Kind

PROBE = "\n".join([
    "#include <cuda_runtime.h>",
    "#include <cooperative_groups.h>",
    "#include <cooperative_groups/reduce.h>",
    "#include <device_launch_parameters.h>",
    "#include <vector_types.h>",
    "#include <cuda.h>",
    "#include <cuda_egl_interop.h>",
    "#include <cudaEGL.h>",
    "#include <cuda_fp16.h>",
    "#include <cuda_bf16.h>",
    "#include <math_constants.h>",
    "",
])  # fmt: skip

PASSES = ("amd-device", "host", "host-platform-device")

# (and __assert_fail: the C library's, which its assert macro calls; the headers give the
# device its own)
_INTERNAL = ("__cu2amd", "CU2AMD", "__CU2AMD", "hip", "__hip", "ihip", "__ocml", "__ockl",
             "__assert_fail")  # fmt: skip
_TYPES = {
    ci.CursorKind.STRUCT_DECL: Kind.TYPE,
    ci.CursorKind.CLASS_DECL: Kind.TYPE,
    ci.CursorKind.CLASS_TEMPLATE: Kind.TYPE,
    ci.CursorKind.TYPEDEF_DECL: Kind.TYPE,
    ci.CursorKind.TYPE_ALIAS_DECL: Kind.TYPE,
    ci.CursorKind.ENUM_DECL: Kind.ENUM,
}
_FUNCTIONS = (ci.CursorKind.FUNCTION_DECL, ci.CursorKind.FUNCTION_TEMPLATE)
_METHODS = (ci.CursorKind.CXX_METHOD, ci.CursorKind.FUNCTION_TEMPLATE)


@dataclass(frozen=True)
class Declared:
    """Per pass: each public CUDA name the headers declare, with the kinds it has."""

    passes: dict[str, dict[str, frozenset[Kind]]]

    def everywhere(self) -> dict[str, frozenset[Kind]]:
        """Names declared in every pass (what a CUDA file can use in all of them)."""
        common = set.intersection(*(set(names) for names in self.passes.values()))
        return {n: frozenset().union(*(p[n] for p in self.passes.values())) for n in common}

    def anywhere(self) -> dict[str, frozenset[Kind]]:
        out: dict[str, set[Kind]] = defaultdict(set)
        for names in self.passes.values():
            for name, kinds in names.items():
                out[name] |= kinds
        return {n: frozenset(k) for n, k in out.items()}


def pass_args(name: str) -> list[str]:
    builtin = str(discover().builtin_include_dir())
    if name == "host-platform-device":
        return ["-x", "cuda", "--cuda-device-only", "--cuda-gpu-arch=sm_80",
                "--cuda-path=/nonexistent", "-Xclang", "-target-feature", "-Xclang", "+ptx80",
                *cuda_header_flags(builtin)]  # fmt: skip
    only = "--cuda-device-only" if name == "amd-device" else "--cuda-host-only"
    return [
        "-x",
        "hip",
        only,
        "--offload-arch=gfx942",
        *cuda_header_flags(builtin, "-nogpuinc", "-nogpulib"),
    ]


def parse(pass_name: str, source: str) -> ci.TranslationUnit:
    """`source` (a .cu file's text) as the pass sees it; an error in it is a failure."""
    options = ci.TranslationUnit.PARSE_DETAILED_PROCESSING_RECORD
    try:
        tu = ci.Index.create().parse(
            "probe.cu",
            args=pass_args(pass_name),
            unsaved_files=[("probe.cu", source)],
            options=options,
        )
    except ci.TranslationUnitLoadError:
        raise ToolFailedError(f"libclang could not parse the header probe ({pass_name})") from None
    errors = [str(d) for d in tu.diagnostics if d.severity >= ci.Diagnostic.Error]
    if errors:
        raise ToolFailedError(
            f"cu2amd's headers do not compile in the {pass_name} pass: {errors[:5]}"
        )
    return tu


@functools.cache
def declared() -> Declared:
    return Declared({p: _public_names(parse(p, PROBE)) for p in PASSES})


def _public_names(tu: ci.TranslationUnit) -> dict[str, frozenset[Kind]]:
    root = str(include_dir())
    found: dict[str, set[Kind]] = defaultdict(set)

    def ours(cursor: ci.Cursor) -> bool:
        f = cursor.location.file
        return f is not None and f.name.startswith(root)

    def add(name: str, kind: Kind) -> None:
        # Anonymous declarations (an unnamed enum of constants) have no name to look up.
        if name and "(unnamed" not in name and not name.split("::")[-1].startswith(_INTERNAL):
            found[name].add(kind)

    def members(cursor: ci.Cursor, prefix: str) -> None:
        for child in cursor.get_children():
            public = child.access_specifier == ci.AccessSpecifier.PUBLIC
            if child.kind in _METHODS and public and not child.spelling.startswith("operator"):
                add(prefix + child.spelling, Kind.FUNCTION)

    def scope(cursor: ci.Cursor, prefix: str) -> None:
        for child in cursor.get_children():
            # cu2amd/unsupported.h declares what is not provided `unavailable`: not declared.
            if not ours(child) or child.availability == ci.AvailabilityKind.NOT_AVAILABLE:
                continue
            k = child.kind
            if k == ci.CursorKind.NAMESPACE:
                # std: forward declarations of the standard library's types (device new).
                if not child.spelling.startswith(_INTERNAL) and child.spelling != "std":
                    scope(child, f"{prefix}{child.spelling}::")
            elif k == ci.CursorKind.LINKAGE_SPEC:
                scope(child, prefix)
            elif k in _FUNCTIONS:
                add(prefix + child.spelling, Kind.FUNCTION)
            elif k == ci.CursorKind.VAR_DECL:
                add(prefix + child.spelling, Kind.VARIABLE)
            elif k == ci.CursorKind.MACRO_DEFINITION:
                add(child.spelling, Kind.MACRO)
            elif k in _TYPES:
                add(prefix + child.spelling, _TYPES[k])
                if k == ci.CursorKind.ENUM_DECL:
                    for constant in child.get_children():
                        add(constant.spelling, Kind.ENUMERATOR)
                elif prefix:  # classes of a namespace (cooperative groups): their API
                    members(child, f"{prefix}{child.spelling}::")

    scope(tu.cursor, "")
    return {n: frozenset(k) for n, k in found.items()}
