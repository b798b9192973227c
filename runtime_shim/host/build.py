"""Building and caching the host runtime library and host kernel modules.

The runtime is compiled on first use with the ziglang wheel's `zig cc` and cached in the
user cache folder under a hash of its sources and flags, so editing a source rebuilds it.
Kernel modules (PTX lowered for the host) are linked into shared objects with ld.lld and
cached by a hash of their object code. Files appear under their final name only when
complete (written to a temporary name, then renamed), so concurrent processes are safe.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from importlib import resources
from pathlib import Path

import llvmlite.binding as llvm

from cu2amd import __version__
from cu2amd.amdgpu.toolchain import find_ld_lld, host_cc
from cu2amd.errors import ToolFailedError
from cu2amd.outputs import write_atomic
from cu2amd.runtime_shim.headers import include_dir

RUNTIME_SOURCES = (
    "runtime.c",
    "fiber.c",
    "printf.c",
    "hip.c",
    "hip_memory.c",
    "hip_stream.c",
    "module.c",
    "hip_extra.c",
    "hip_graph.c",
    "hip_texture.c",
    "hip_library.c",
    "hip_interop.c",
)
RUNTIME_HEADERS = ("cu2amd_host.h", "cu2amd_hip.h", "hip_internal.h", "fiber.h",
                   "cu2amd_hip_coop.h", "cu2amd_hip_extra.h", "cu2amd_hip_graph.h",
                   "cu2amd_hip_texture.h", "cu2amd_hip_library.h",
                   "cu2amd_hip_interop.h")  # fmt: skip
# module.c's PTX JIT is the one cuda.h uses (runtime_shim/include/cu2amd/ptx_jit.h).
SHARED_HEADERS = ("cu2amd/ptx_jit.h",)
RUNTIME_FLAGS = ("-O2", "-g", "-shared", "-fPIC", "-std=gnu11", "-Wall", "-Wextra", "-Werror",
                 "-U_FORTIFY_SOURCE", "-D_FORTIFY_SOURCE=0", "-fno-omit-frame-pointer")  # fmt: skip
RUNTIME_LIBS = ("-lm", "-ldl")
RUNTIME_NAME = "libcu2amd_host.so"
ARCHIVE_NAME = "libcu2amd_host.a"


def cache_dir() -> Path:
    """`$CU2AMD_CACHE_DIR`, else `$XDG_CACHE_HOME/cu2amd`, else `~/.cache/cu2amd`."""
    if explicit := os.environ.get("CU2AMD_CACHE_DIR"):
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "cu2amd"


def _source_dir() -> Path:
    return Path(str(resources.files("cu2amd.runtime_shim.host")))


@functools.cache
def compiler_fingerprint() -> str:
    """A hash of the compiler's own source (PTX lowering, host target), so cached host
    modules compiled by an older cu2amd are never reused after the lowering changes."""
    digest = hashlib.sha256(__version__.encode())
    for package in ("cu2amd.ptx_lowering", "cu2amd.runtime_shim.host"):
        root = Path(str(resources.files(package)))
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".lark", ".c", ".h") and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def host_triple() -> str:
    return llvm.get_process_triple()


def _defines() -> tuple[str, ...]:
    """The host triple; the Python that runs the PTX JIT (this one, whose cu2amd built the
    runtime; $CU2AMD_PYTHON overrides it at run time); cu2amd's include folder."""
    return (
        f'-DCU2AMD_HOST_TRIPLE="{host_triple()}"',
        f"-DCU2AMD_PYTHON={json.dumps(sys.executable, ensure_ascii=False)}",
        f"-I{include_dir()}",
    )


def runtime_key(extra_flags: tuple[str, ...] = ()) -> str:
    digest = hashlib.sha256()
    src = _source_dir()
    for name in (*RUNTIME_SOURCES, *RUNTIME_HEADERS):
        digest.update(name.encode() + b"\0" + (src / name).read_bytes() + b"\0")
    for name in SHARED_HEADERS:
        digest.update(name.encode() + b"\0" + (include_dir() / name).read_bytes() + b"\0")
    digest.update(" ".join((*RUNTIME_FLAGS, *_defines(), *extra_flags, *RUNTIME_LIBS)).encode())
    digest.update(os.uname().machine.encode())
    return digest.hexdigest()[:20]


def runtime_library(extra_flags: tuple[str, ...] = ()) -> Path:
    """The path of the built runtime (built now if the cache lacks it)."""
    out = cache_dir() / "host-runtime" / runtime_key(extra_flags) / RUNTIME_NAME
    if out.is_file():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    src = _source_dir()
    fd, tmp = tempfile.mkstemp(prefix=".build-", suffix=".so", dir=out.parent)
    os.close(fd)
    cmd = [
        *host_cc(), *RUNTIME_FLAGS, *_defines(), *extra_flags, "-o", tmp,
        *(str(src / name) for name in RUNTIME_SOURCES), *RUNTIME_LIBS,
    ]  # fmt: skip
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise ToolFailedError(
                f"building the host runtime failed ({' '.join(cmd[:2])}):\n{proc.stderr.strip()}"
            )
        os.replace(tmp, out)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return out


def runtime_archive() -> Path:
    """The runtime as a static archive, for programs built by cu2amd-nvcc for the host
    platform (self-contained: they do not depend on the cache)."""
    out = cache_dir() / "host-runtime" / runtime_key() / ARCHIVE_NAME
    if out.is_file():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    src = _source_dir()
    compile_flags = tuple(f for f in RUNTIME_FLAGS if f != "-shared")
    with tempfile.TemporaryDirectory(prefix="cu2amd-rt-") as tmp:
        objects = []
        for name in RUNTIME_SOURCES:
            obj = Path(tmp, name.replace(".c", ".o"))
            _run([*host_cc(), *compile_flags, *_defines(), "-c", str(src / name), "-o", str(obj)],
                 "building the host runtime")  # fmt: skip
            objects.append(str(obj))
        archive = Path(tmp, ARCHIVE_NAME)
        _run([*host_cc()[:-1], "ar", "rcs", str(archive), *objects], "archiving the host runtime")
        write_atomic(out, archive.read_bytes())
    return out


def _run(cmd: list[str], what: str) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise ToolFailedError(f"{what} failed ({' '.join(cmd[:2])}):\n{proc.stderr.strip()}")


def compile_host_ir(ir_text: str, opt_level: int = 3) -> Path:
    """LLVM IR for the host -> an optimised, linked, cached shared object."""
    from cu2amd.amdgpu.codegen import parse_ir

    # The fingerprint covers this file too: a change of how modules are linked is a new key.
    key = hashlib.sha256(f"{compiler_fingerprint()}\0{opt_level}\0{ir_text}".encode()).hexdigest()[
        :24
    ]
    out = cache_dir() / "host-modules" / f"ir-{key}.so"
    if out.is_file():
        return out
    return compile_host_module(parse_ir(ir_text), opt_level, out)


def compile_host_module(module: llvm.ModuleRef, opt_level: int, out: Path) -> Path:
    """An LLVM module for the host -> optimised, compiled and linked into `out`."""
    from cu2amd.amdgpu.codegen import run_default_pipeline
    from cu2amd.ptx_lowering.targets.host import host_target_machine

    tm = host_target_machine(opt_level)
    run_default_pipeline(module, tm, opt_level)
    return link_module(tm.emit_object(module), out)


def link_module(obj: bytes, out: Path | None = None) -> Path:
    """Link a host object into a cached shared object (at `out`, or named after the
    object's hash); returns its path."""
    if out is None:
        key = hashlib.sha256(obj + compiler_fingerprint().encode()).hexdigest()[:24]
        out = cache_dir() / "host-modules" / f"{key}.so"
    if out.is_file():
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="cu2amd-host-link-") as tmpdir:
        obj_path = Path(tmpdir, "module.o")
        obj_path.write_bytes(obj)
        linked = Path(tmpdir, "module.so")
        # -Bsymbolic: the module's own definitions are the ones its code uses. The program
        # that loads it exports same-named symbols (-rdynamic): the host stubs of kernels,
        # __host__ __device__ functions, variables' host shadows; a template kernel's
        # (weak) device code would otherwise call the host stub of the same name.
        cmd = [*find_ld_lld(), "-shared", "-Bsymbolic", "-z", "noexecstack", str(obj_path),
               "-o", str(linked)]  # fmt: skip
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise ToolFailedError(f"ld.lld failed linking a host module:\n{proc.stderr.strip()}")
        write_atomic(out, linked.read_bytes())
    return out
