"""The PTX JIT's compiler process: what a CUDA program's cuModuleLoadData runs (through
runtime_shim/include/cu2amd/ptx_jit.h) when it is given PTX text that the cache lacks.

    python -m cu2amd.runtime_shim.ptx_jit --arch ARCH --name NAME -o OUT --meta META IN.ptx

compiles IN.ptx with cu2amd's PTX pipeline for ARCH (a gfx target id such as
gfx942:sramecc+:xnack-, or `host`) and writes OUT (a code object, or a host shared object)
and META, each whole (written to a temporary name, then renamed; META first, so OUT's
presence means both are there). Diagnostics name the PTX NAME (the program's file for
cuModuleLoad, `cuModuleLoadData` otherwise) and go to stderr; the exit status is
PTX_ERROR_EXIT (65, EX_DATAERR) for a problem in the PTX, which the program reports as
CUDA_ERROR_INVALID_PTX, and anything else (2, or Python's own 1: cu2amd missing from this
interpreter, say) for a compiler that could not run.

META describes each kernel for the runtime, one line each:

    kernel NAME PTX_VERSION SIZE:ALIGN SIZE:ALIGN ...

with PTX_VERSION as CUDA's cuFuncGetAttribute gives it (major * 10 + minor) and one
SIZE:ALIGN per parameter: what the `extra` form of cuLaunchKernel needs to find each
argument in its buffer.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from cu2amd.errors import (
    Cu2amdError,
    ErrorList,
    PtxSyntaxError,
    UnsupportedError,
    UsageError,
    VerificationError,
)
from cu2amd.outputs import write_atomic
from cu2amd.ptx_lowering import ast

META_VERSION = "cu2amd-ptx-jit-meta 1"
PTX_ERROR_EXIT = 65  # CU2AMD_JIT_PTX_ERROR_EXIT in cu2amd/ptx_jit.h


def _param_layout(fn: ast.Function) -> list[tuple[int, int]]:
    """(size, alignment) of each parameter, as the PTX declares it."""
    out = []
    for p in fn.params:
        (d,) = p.declarators
        element = max(p.type.bits // 8, 1) * (p.vector or 1)
        size = element
        for dim in d.dims:
            size *= dim or 0
        out.append((size, p.align or element))
    return out


def _ptx_version(module: ast.Module) -> int:
    major, _, minor = module.version.partition(".")
    return int(major) * 10 + int(minor) if major.isdigit() and minor.isdigit() else 0


def meta_text(module: ast.Module) -> str:
    lines = [META_VERSION]
    version = _ptx_version(module)
    for k in module.kernels:
        params = " ".join(f"{size}:{align}" for size, align in _param_layout(k))
        lines.append(f"kernel {k.name} {version} {params}".rstrip())
    return "\n".join(lines) + "\n"


def compile_ptx(text: str, name: str, arch: str) -> tuple[bytes, str]:
    """(code object or host shared object, META text) of PTX `text` for `arch`."""
    from cu2amd.amdgpu.select import parse_targets
    from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

    (target,) = parse_targets(arch)
    pipeline = Pipeline(PipelineOptions(opt_level=3))
    module = pipeline.front(text, name)
    return pipeline.back(module, target).code_object, meta_text(module)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cu2amd.runtime_shim.ptx_jit")
    parser.add_argument("input", type=Path)
    parser.add_argument("--arch", required=True)
    parser.add_argument("--name", required=True)
    parser.add_argument("-o", "--output", type=Path, required=True)
    parser.add_argument("--meta", type=Path, required=True)
    args = parser.parse_args(argv)
    text = ""
    try:
        try:
            text = args.input.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as err:
            raise UsageError(f"cannot read the PTX given to the JIT: {err}") from None
        code, meta = compile_ptx(text, args.name, args.arch)
    except (PtxSyntaxError, VerificationError, UnsupportedError, ErrorList) as err:
        err.sources.setdefault(args.name, text)
        print(err.render(), file=sys.stderr)
        return PTX_ERROR_EXIT
    except Cu2amdError as err:
        print(f"cu2amd PTX JIT: {err.render()}", file=sys.stderr)
        return 2
    write_atomic(args.meta, meta)
    write_atomic(args.output, code)
    return 0


if __name__ == "__main__":
    sys.exit(main())
