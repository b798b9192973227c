"""Where each source keeps each part of the toolchain: the candidate finders behind
`toolchain.scan()`, one per source (ROCm, the ziglang wheel, Debian packages, Python
packages, tools on PATH), and the `--version` probe `cu2amd doctor` runs.

A finder yields a found `Component` per thing present, in its source's order of preference;
it checks files only, so discovery never starts a process.
"""

from __future__ import annotations

import functools
import importlib.util
import os
import re
import shutil
import subprocess
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import cast

from cu2amd.amdgpu.toolchain_roles import ROLES, Component, Role, Source

# Newest first: clang before 19 lacks gfx950 and gfx12.
DEBIAN_LLVM_VERSIONS = (22, 21, 20, 19)
DEBIAN_MULTIARCH = f"{os.uname().machine}-linux-gnu"
VERSION_TIMEOUT_S = 20
_ZIGLANG_HINT = "pip install ziglang"
_ROCM_HINT = ROLES[Role.ROCM].hint
# (role, target name in the doctor output, a triple of that target)
_LLVM_TARGETS = (
    (Role.LLVM_AMDGPU, "AMDGPU", "amdgcn-amd-amdhsa"),
    (Role.LLVM_NVPTX, "NVPTX", "nvptx64-nvidia-cuda"),
    (Role.LLVM_X86, "X86", "x86_64-unknown-linux-gnu"),
)
# (role, importable module, distribution name on PyPI)
_PYTHON_PACKAGES = (
    (Role.LLVMLITE, "llvmlite", "llvmlite"),
    (Role.LARK, "lark", "lark"),
    (Role.LIBCLANG, "clang", "libclang"),
    (Role.PYELFTOOLS, "elftools", "pyelftools"),
)


def tool_version(command: Sequence[str]) -> str | None:
    """The version a tool prints for `command` (e.g. `clang --version`), or None."""
    try:
        proc = subprocess.run(
            list(command),
            capture_output=True,
            text=True,
            timeout=VERSION_TIMEOUT_S,
            check=False,
            stdin=subprocess.DEVNULL,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return parse_version(proc.stdout + proc.stderr)


_VERSION_PATTERNS = (
    re.compile(r"version\s+v?(\d+(?:\.\d+)+)", re.IGNORECASE),  # clang version 22.1.8
    re.compile(r"\bV(\d+(?:\.\d+)+)"),  # ptxas: release 13.0, V13.0.88
    re.compile(r"(\d+(?:\.\d+)+)"),  # LLD 22.1.8; dpkg-query: 5.2.3-2
)


def parse_version(text: str) -> str | None:
    for pattern in _VERSION_PATTERNS:
        match = pattern.search(text)
        if match:
            return match.group(1)
    return None


def _component(
    role: Role,
    source: Source,
    location: Path,
    hint: str,
    *,
    name: str | None = None,
    command: tuple[str, ...] = (),
    version: str | None = None,
    version_command: tuple[str, ...] = (),
) -> Component:
    return Component(
        name or role.value,
        role,
        True,
        version,
        str(location),
        ROLES[role].required_for,
        hint,
        source,
        command,
        version_command,
    )


def _tool(
    role: Role, source: Source, paths: Iterable[Path], hint: str, name: str | None = None
) -> Component | None:
    """The first executable of `paths`, run as itself."""
    for path in paths:
        if path.is_file() and os.access(path, os.X_OK):
            cmd = (str(path),)
            return _component(
                role,
                source,
                path,
                hint,
                name=name,
                command=cmd,
                version_command=(*cmd, "--version"),
            )
    return None


def _files(
    role: Role,
    source: Source,
    path: Path,
    hint: str,
    markers: Sequence[str],
    version: str | None = None,
    version_command: tuple[str, ...] = (),
) -> Component | None:
    """`path` when it exists and so does each of `markers` inside it."""
    if path.exists() and all((path / m).is_file() for m in markers):
        return _component(
            role, source, path, hint, version=version, version_command=version_command
        )
    return None


def _device_libs(
    source: Source,
    dirs: Iterable[Path],
    hint: str,
    version: str | None = None,
    version_command: tuple[str, ...] = (),
) -> Component | None:
    """The first of `dirs` holding OCML and OCKL."""
    for d in dirs:
        markers = ("ocml.bc", "ockl.bc")
        found = _files(Role.DEVICE_LIBS, source, d, hint, markers, version, version_command)
        if found:
            return found
    return None


def rocm_components(root: Path) -> Iterator[Component]:
    if not root.is_dir():
        return
    version_file = root / ".info" / "version"
    version = version_file.read_text().strip() if version_file.is_file() else None
    llvm_bin, hint = root / "llvm" / "bin", _ROCM_HINT
    bitcode_dirs = [
        root / "amdgcn" / "bitcode",
        *sorted(root.glob("lib/llvm/lib/clang/*/lib/amdgcn/bitcode"), reverse=True),
        *sorted(root.glob("llvm/lib/clang/*/lib/amdgcn/bitcode"), reverse=True),
    ]
    parts = [
        _tool(Role.CLANG, "rocm", [llvm_bin / "clang"], hint),
        _tool(Role.LD_LLD, "rocm", [llvm_bin / "ld.lld"], hint),
        _tool(Role.OFFLOAD_BUNDLER, "rocm", [llvm_bin / "clang-offload-bundler"], hint),
        _tool(Role.AMDGPU_ARCH, "rocm", [llvm_bin / "amdgpu-arch"], hint),
        _tool(Role.HIPCC, "rocm", [root / "bin" / "hipcc"], hint),
        _tool(Role.ROCMINFO, "rocm", [root / "bin" / "rocminfo"], hint),
        _files(
            Role.HIP_HEADERS,
            "rocm",
            root / "include" / "hip",
            hint,
            ["hip_runtime.h"],
            version=version,
        ),
        _files(
            Role.LIBAMDHIP64, "rocm", root / "lib" / "libamdhip64.so", hint, [], version=version
        ),
        _device_libs("rocm", bitcode_dirs, hint, version=version),
    ]
    present = [c for c in parts if c is not None]
    if present:
        yield _component(Role.ROCM, "rocm", root, hint, version=version)
    yield from present


def ziglang_dir() -> Path | None:
    """The installed ziglang package, located without importing it."""
    spec = importlib.util.find_spec("ziglang")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def ziglang_components() -> Iterator[Component]:
    package = ziglang_dir()
    if package is None:
        return
    zig = package / ("zig.exe" if os.name == "nt" else "zig")
    if not (zig.is_file() and os.access(zig, os.X_OK)):
        return
    for role, tool in ((Role.CLANG, "clang"), (Role.LD_LLD, "ld.lld")):
        cmd = (str(zig), tool)
        yield _component(
            role, "ziglang", zig, _ZIGLANG_HINT, command=cmd, version_command=(*cmd, "--version")
        )
    # The headers are clang's own, so they carry its version.
    clang_version = (str(zig), "clang", "--version")
    include = package / "lib" / "include"
    yield from _present(
        _files(
            Role.BUILTIN_HEADERS,
            "ziglang",
            include,
            _ZIGLANG_HINT,
            ["stddef.h"],
            version_command=clang_version,
        )
    )


def debian_components(root: Path) -> Iterator[Component]:
    usr = root / "usr"
    lib = usr / "lib" / DEBIAN_MULTIARCH
    use_dpkg = root == Path("/") and shutil.which("dpkg-query") is not None

    def dpkg(package: str) -> tuple[str, ...]:
        return ("dpkg-query", "-W", "-f=${Version}", package) if use_dpkg else ()

    tools = [
        (Role.CLANG, "clang", "clang-{}"),
        (Role.LD_LLD, "ld.lld", "lld-{}"),
        (Role.OFFLOAD_BUNDLER, "clang-offload-bundler", "clang-tools-{}"),
        (Role.AMDGPU_ARCH, "amdgpu-arch", "clang-tools-{}"),
    ]
    for n in DEBIAN_LLVM_VERSIONS:
        llvm_bin = usr / "lib" / f"llvm-{n}" / "bin"
        for role, tool, package in tools:
            paths = [llvm_bin / tool, usr / "bin" / f"{tool}-{n}"]
            hint = f"apt-get install -y {package.format(n)}"
            yield from _present(_tool(role, "debian", paths, hint, name=f"{tool}-{n}"))
    # Bookworm's rocm-device-libs, then the per-LLVM packages of later releases.
    device_libs_hint = ROLES[Role.DEVICE_LIBS].hint
    bookworm = lib / "amdgcn" / "bitcode"
    later = sorted(usr.glob("lib/llvm-*/lib/clang/*/lib/amdgcn/bitcode"), reverse=True)
    hip_hint = "apt-get install -y libamdhip64-dev"
    yield from _present(
        _device_libs(
            "debian", [bookworm], device_libs_hint, version_command=dpkg("rocm-device-libs")
        ),
        _device_libs("debian", later, device_libs_hint),
        _files(
            Role.HIP_HEADERS,
            "debian",
            usr / "include" / "hip",
            hip_hint,
            ["hip_runtime.h"],
            version_command=dpkg("libamdhip64-dev"),
        ),
        _files(
            Role.LIBAMDHIP64,
            "debian",
            lib / "libamdhip64.so",
            hip_hint,
            [],
            version_command=dpkg("libamdhip64-dev"),
        ),
        _tool(Role.HIPCC, "debian", [usr / "bin" / "hipcc"], "apt-get install -y hipcc"),
        _tool(Role.ROCMINFO, "debian", [usr / "bin" / "rocminfo"], "apt-get install -y rocminfo"),
    )


def python_components() -> Iterator[Component]:
    import importlib.metadata  # 20 ms: only when discovering, not on every import

    for role, module, dist in _PYTHON_PACKAGES:
        spec = importlib.util.find_spec(module)
        if spec is None or not spec.submodule_search_locations:
            continue
        location = Path(next(iter(spec.submodule_search_locations)))
        if role is Role.LIBCLANG:
            # The wheel's own shared library; a `clang` package without one is not it.
            libraries = sorted((location / "native").glob("libclang*"))
            if not libraries:
                continue
            location = libraries[0]
        try:
            version: str | None = importlib.metadata.version(dist)
        except importlib.metadata.PackageNotFoundError:
            version = None
        yield _component(role, "pypi", location, ROLES[role].hint, version=version)


@functools.cache
def llvm_info() -> tuple[str | None, frozenset[str]]:
    """llvmlite's LLVM version and which of the targets cu2amd uses it was built with."""
    try:
        import llvmlite.binding as llvm
    except (ImportError, OSError):
        return None, frozenset()
    llvm.initialize_all_targets()
    present = set()
    for _role, name, triple in _LLVM_TARGETS:
        try:
            llvm.Target.from_triple(triple)
        except RuntimeError:
            continue
        present.add(name)
    return ".".join(str(part) for part in llvm.llvm_version_info), frozenset(present)


def llvm_target_components(
    version: str | None, present: frozenset[str], found: Sequence[Component]
) -> Iterator[Component]:
    llvmlite = next((c for c in found if c.role is Role.LLVMLITE), None)
    if llvmlite is None or version is None:
        return
    for role, name, _triple in _LLVM_TARGETS:
        if name in present:
            location = Path(cast(str, llvmlite.location))
            hint = ROLES[role].hint
            yield _component(
                role, "pypi", location, hint, name=role.value, version=f"LLVM {version}"
            )


def system_components(search_path: str | None) -> Iterator[Component]:
    path = search_path if search_path is not None else os.environ.get("PATH", os.defpath)
    for role, tool in ((Role.PTXAS, "ptxas"), (Role.NVCC, "nvcc"), (Role.CMAKE, "cmake")):
        extra = [os.pathsep, "/usr/local/cuda/bin"] if role is not Role.CMAKE else []
        location = shutil.which(tool, path="".join([path, *extra]))
        if location:
            yield from _present(_tool(role, "system", [Path(location)], ROLES[role].hint))


def _present(*components: Component | None) -> Iterator[Component]:
    yield from (c for c in components if c is not None)
