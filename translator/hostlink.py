"""`cu2amd-host-link`: the host link of CUDA programs, as a g++-compatible command.

nvcc links a program with the host compiler (g++, or -ccbin's) plus `-lcudadevrt
-lcudart_static` (or `-lcudart`), and build systems copy that: CMake takes the link line
from `nvcc -v` and runs its first word with its own flags and the toolkit's libraries.
This is that first word for cu2amd (the `bin/cu2amd-host-link` of `cu2amd toolkit-dir`,
and what cu2amd-nvcc's own link runs). It takes g++'s arguments and runs the host C++
compiler (-ccbin's or $CU2AMD_HOST_CXX, else `c++`, `g++` or `clang++` from PATH; the
ziglang wheel's `zig c++` only when there is none: host code is compiled against the
system's C++ library, so it is linked with it) with these changes:

- `-lcudart`, `-lcudart_static`, `-lcudadevrt` become the CUDA runtime of the flavour:
  ROCm's libamdhip64 (amd), or the host platform runtime (host; linked whole, with its
  symbols exported, as kernel modules loaded at run time call it; `-lcudart` links its
  shared form with an rpath). A shared library (`-shared`) for the host platform leaves
  the runtime to the program that loads it.
- When the inputs hold relocatable device code whose device link has not been done (no
  input defines the files' `__hip_fatbin_<id>`), the device link runs first, as nvcc's
  link does, for the targets the objects were compiled for.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from cu2amd.amdgpu.toolchain import host_cc
from cu2amd.errors import Cu2amdError, UsageError
from cu2amd.translator import rdc

RUNTIME_LIBRARIES = ("-lcudart", "-lcudart_static", "-lcudadevrt")


def runtime_arguments(flavour: str, shared_runtime: bool, making_shared: bool) -> list[str]:
    """What stands for the CUDA runtime on the link line."""
    from cu2amd.runtime_shim.host.build import runtime_archive, runtime_library

    if flavour == "host":
        if making_shared:
            return []  # the program that loads the library carries the runtime
        if shared_runtime:
            lib = runtime_library()
            return [str(lib), f"-Wl,-rpath,{lib.parent}", "-ldl", "-lm"]
        return ["-Wl,--whole-archive", str(runtime_archive()), "-Wl,--no-whole-archive",
                "-ldl", "-lm", "-rdynamic"]  # fmt: skip
    from cu2amd.amdgpu.toolchain import discover

    hip = discover().libamdhip64()
    return [str(hip), f"-Wl,-rpath,{hip.parent}"]


def host_linker(ccbin: str | None = None) -> list[str]:
    """The host C++ compiler that links: -ccbin's (a compiler or a directory holding one),
    else the first of c++, g++, clang++ on PATH, else the ziglang wheel's."""
    if ccbin:
        path = Path(ccbin)
        if path.is_dir():
            for name in ("c++", "g++", "clang++"):
                if (path / name).is_file():
                    return [str(path / name)]
            raise UsageError(f"-ccbin '{ccbin}': no c++, g++ or clang++ in that directory")
        found = shutil.which(ccbin)
        if found is None:
            raise UsageError(f"-ccbin '{ccbin}': no such compiler")
        return [found]
    for name in ("c++", "g++", "clang++"):
        if found := shutil.which(name):
            return [found]
    return [*host_cc()[:-1], "c++"]


def link(
    args: list[str],
    flavour: str,
    verbose: bool = False,
    ccbin: str | None = None,
    device_link: bool = True,
) -> int:
    """Run the link; returns the linker's exit status. `device_link` False: the caller
    (cu2amd-nvcc, which plans its own device link) does not need the inputs read again."""
    args = _expand_response_files(args)
    inputs: list[Path] = []
    if device_link:
        inputs = [Path(a) for a in args if not a.startswith("-") and Path(a).suffix in (".o", ".a")]
        inputs += rdc.find_libraries([a for a in args if a.startswith(("-L", "-l"))])
    # The toolkit's runtime libraries named by path (CMake's CUDA::cudart) are requests
    # for the runtime like -lcudart: one runtime is linked, whichever way it was asked for.
    by_path = {"libcudart.so": "-lcudart", "libcudart_static.a": "-lcudart_static"}
    args = [by_path.get(Path(a).name, a) if _in_toolkit(a) else a for a in args]
    wants_runtime = [a for a in args if a in RUNTIME_LIBRARIES]
    rest = [a for a in args if a not in RUNTIME_LIBRARIES]
    making_shared = "-shared" in args
    with tempfile.TemporaryDirectory(prefix="cu2amd-host-link-") as tmp:
        extra = _device_link_if_needed(inputs, flavour, Path(tmp), making_shared, verbose)
        runtime = []
        if wants_runtime:
            shared_runtime = "-lcudart" in wants_runtime and "-lcudart_static" not in wants_runtime
            runtime = runtime_arguments(flavour, shared_runtime, making_shared)
        cmd = [*host_linker(ccbin), *rest, *extra, *runtime]
        if verbose:
            print("#$ " + " ".join(cmd), file=sys.stderr)
        return subprocess.run(cmd, check=False).returncode


def _expand_response_files(args: list[str], depth: int = 0) -> list[str]:
    """g++'s @file arguments (CMake passes objects and libraries in them), expanded so the
    runtime libraries and objects in them are seen."""
    out: list[str] = []
    for arg in args:
        path = Path(arg[1:])
        if arg.startswith("@") and path.is_file() and depth < 8:
            out += _expand_response_files(shlex.split(path.read_text()), depth + 1)
        else:
            out.append(arg)
    return out


def _in_toolkit(arg: str) -> bool:
    from cu2amd.translator.toolkit import FLAVOURS, toolkit_path

    path = Path(arg)
    return path.name in ("libcudart.so", "libcudart_static.a") and any(
        path.parent == toolkit_path(f) / "lib64" for f in FLAVOURS
    )


def _device_link_if_needed(
    inputs: list[Path], flavour: str, tmp: Path, making_shared: bool, verbose: bool
) -> list[str]:
    existing = [p for p in inputs if p.is_file()]
    if not existing:
        return []
    found = rdc.read_inputs(existing)
    if not found.code or not (set(found.cuids) - found.linked):
        return []
    if flavour == "host":
        archs = "host"
    else:
        common = set.intersection(*(set(c.entries) for c in found.code))
        archs = ",".join(
            sorted(
                e.removeprefix("rdc-amdgcn-amd-amdhsa--")
                for e in common
                if e.startswith("rdc-amdgcn-amd-amdhsa--")
            )
        )
        if not archs:
            raise UsageError(
                "device link: the objects have no AMD target in common; compile them "
                "with the same --offload-arch"
            )
    from cu2amd.translator import nvcc

    out = tmp / "cu2amd_dlink.o"
    argv = ["-dlink", f"--offload-arch={archs}", *(["-shared"] if making_shared else []),
            *(["-v"] if verbose else []), *map(str, existing), "-o", str(out)]  # fmt: skip
    status = nvcc.main(argv)
    if status != 0:
        raise _LinkFailed(status)
    return [str(out)]


class _LinkFailed(Exception):
    def __init__(self, status: int) -> None:
        self.status = status


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    flavour = "amd"
    if args and args[0].startswith("--cu2amd-flavour="):
        flavour = args.pop(0).partition("=")[2]
    ccbin = os.environ.get("CU2AMD_HOST_CXX")
    verbose = os.environ.get("CU2AMD_VERBOSE") == "1"
    try:
        return link(args, flavour, verbose, ccbin)
    except _LinkFailed as failed:
        return failed.status
    except Cu2amdError as err:
        print(f"cu2amd-host-link: {err.render()}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
