"""Toolchain discovery: the clang, ld.lld, device libraries, HIP runtime and Python packages
cu2amd uses, where each one is, and the command that installs a missing one.

Each role (clang, ld.lld, device libraries, ...) is searched in DESIGN.md's order of
preference: ROCm (`ROCM_PATH`, default `/opt/rocm`), then the ziglang wheel (the embedded
default: a pip install alone compiles and links), then Debian packages. Python packages come
from the running interpreter; optional tools (ptxas, nvcc, cmake) from PATH.

`discover()` looks at files only (plus llvmlite's target registry) and never starts a
process, so any stage may call it; the result is cached per environment. Running each tool's
`--version` is `Toolchain.with_versions()`, which `cu2amd doctor` calls.

`CU2AMD_TOOLCHAIN_SOURCES` (e.g. `debian,ziglang`) restricts and reorders the searched
sources: for a user who prefers one clang, and for tests that hide what a machine has.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, cast

from cu2amd.amdgpu import toolchain_search as search
from cu2amd.amdgpu.toolchain_roles import (
    ROLES,
    Component,
    Group,
    Role,
    RoleInfo,
    Source,
    missing_component,
)
from cu2amd.errors import MissingToolError, UsageError

__all__ = [
    "ROLES",
    "Component",
    "Group",
    "Role",
    "RoleInfo",
    "Source",
    "Toolchain",
    "discover",
    "find_ld_lld",
    "parse_sources",
    "scan",
    "ziglang_builtin_include",
]

SearchSource = Literal["rocm", "ziglang", "debian"]
DEFAULT_SEARCH: tuple[SearchSource, ...] = ("rocm", "ziglang", "debian")
SOURCES_ENV = "CU2AMD_TOOLCHAIN_SOURCES"
DEFAULT_ROCM_PATH = Path("/opt/rocm")


@dataclass(frozen=True, slots=True)
class Toolchain:
    """Every component found, per role in order of preference (the first one is used);
    a role with nothing found has one missing component carrying the install command."""

    components: tuple[Component, ...]
    rocm_path: Path
    sources: tuple[SearchSource, ...]
    oclc_isa_versions: tuple[str, ...]  # processors with an oclc_isa_version_*.bc
    llvm_version: str | None
    llvm_targets: frozenset[str]

    def candidates(self, role: Role) -> tuple[Component, ...]:
        return tuple(c for c in self.components if c.role is role)

    def selected(self, role: Role) -> Component | None:
        return next((c for c in self.components if c.role is role and c.found), None)

    def require(self, role: Role) -> Component:
        """The component used for `role`, or the MissingToolError every stage reports."""
        component = self.selected(role)
        if component is None:
            info = ROLES[role]
            raise MissingToolError(
                f"{info.what} not found (searched {self.searched()}); install it with: {info.hint}"
            )
        return component

    def searched(self) -> str:
        where = {"rocm": f"ROCm at {self.rocm_path}", "ziglang": "the ziglang wheel"}
        names = [where.get(s, "Debian packages") for s in self.sources]
        return ", ".join(names) if names else "no toolchain source"

    def missing_required(self) -> tuple[Component, ...]:
        """What the embedded default needs and this machine lacks."""
        return tuple(
            self.candidates(role)[0]
            for role in Role
            if ROLES[role].group is Group.EMBEDDED and self.selected(role) is None
        )

    def clang(self) -> list[str]:
        return list(self.require(Role.CLANG).command)

    def ld_lld(self) -> list[str]:
        return list(self.require(Role.LD_LLD).command)

    def offload_bundler(self) -> list[str] | None:
        """Only for cross-checks: cu2amd writes and reads bundles itself."""
        component = self.selected(Role.OFFLOAD_BUNDLER)
        return list(component.command) if component else None

    def device_libs_dir(self) -> Path:
        return Path(cast(str, self.require(Role.DEVICE_LIBS).location))

    def hip_include_dir(self) -> Path:
        return Path(cast(str, self.require(Role.HIP_HEADERS).location))

    def libamdhip64(self) -> Path:
        return Path(cast(str, self.require(Role.LIBAMDHIP64).location))

    def builtin_include_dir(self) -> Path:
        """clang's builtin headers (stddef.h ...) from the ziglang wheel, for -isystem."""
        return Path(cast(str, self.require(Role.BUILTIN_HEADERS).location))

    def with_versions(self) -> Toolchain:
        """The same toolchain with each found tool's version, from its `--version`."""
        from concurrent.futures import ThreadPoolExecutor  # only `cu2amd doctor` needs it

        pending = [
            i
            for i, c in enumerate(self.components)
            if c.found and c.version is None and c.version_command
        ]
        with ThreadPoolExecutor(max_workers=8) as pool:
            versions = list(
                pool.map(lambda i: search.tool_version(self.components[i].version_command), pending)
            )
        components = list(self.components)
        for i, version in zip(pending, versions, strict=True):
            components[i] = replace(components[i], version=version)
        return replace(self, components=tuple(components))


def discover() -> Toolchain:
    """The toolchain for the current environment (ROCM_PATH, CU2AMD_TOOLCHAIN_SOURCES, PATH)."""
    env = os.environ
    return _discover(env.get("ROCM_PATH", ""), env.get(SOURCES_ENV), env.get("PATH", os.defpath))


@functools.cache
def _discover(rocm_env: str, sources_env: str | None, path_env: str) -> Toolchain:
    # Unset or empty: the default order.
    sources = parse_sources(sources_env) if sources_env else DEFAULT_SEARCH
    rocm_path = Path(rocm_env) if rocm_env else DEFAULT_ROCM_PATH
    return scan(rocm_path, sources, search_path=path_env)


def find_ld_lld() -> list[str]:
    """The command prefix that runs an ld.lld able to link AMDGPU objects."""
    return discover().ld_lld()


def host_cc() -> list[str]:
    """`zig cc` from the ziglang wheel: the C compiler that builds the host runtime. Always
    the wheel's (not ROCm's or the system's), so the build is the same on every machine."""
    package = search.ziglang_dir()
    zig = package / "zig" if package is not None else None
    if zig is None or not zig.is_file():
        raise MissingToolError(
            "the ziglang wheel's C compiler (zig cc) is needed to build the host runtime; "
            "install it with: pip install ziglang"
        )
    return [str(zig), "cc"]


def ziglang_builtin_include() -> Path:
    """`<ziglang>/lib/include`: the builtin headers both clang and libclang need."""
    return discover().builtin_include_dir()


def parse_sources(text: str) -> tuple[SearchSource, ...]:
    """`rocm,debian` -> the sources to search, in that order (repeats dropped)."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    for name in names:
        if name not in DEFAULT_SEARCH:
            raise UsageError(
                f"{SOURCES_ENV}: unknown toolchain source '{name}' "
                f"(choose from {', '.join(DEFAULT_SEARCH)})"
            )
    return tuple(cast(SearchSource, name) for name in dict.fromkeys(names))


def scan(
    rocm_path: Path = DEFAULT_ROCM_PATH,
    sources: Sequence[SearchSource] = DEFAULT_SEARCH,
    system_root: Path = Path("/"),
    search_path: str | None = None,
) -> Toolchain:
    """Discovery without the cache over explicit places (tests point them at fake trees)."""
    found: list[Component] = []
    for source in sources:
        if source == "rocm":
            found.extend(search.rocm_components(rocm_path))
        elif source == "ziglang":
            found.extend(search.ziglang_components())
        else:
            found.extend(search.debian_components(system_root))
    found.extend(search.python_components())
    llvm_version, llvm_targets = search.llvm_info()
    found.extend(search.llvm_target_components(llvm_version, llvm_targets, found))
    found.extend(search.system_components(search_path))
    components: list[Component] = []
    for role in Role:
        mine = _unique(c for c in found if c.role is role)
        components.extend(mine or [missing_component(role)])
    device_libs = next((c for c in components if c.role is Role.DEVICE_LIBS and c.found), None)
    oclc = _oclc_isa_versions(Path(device_libs.location)) if device_libs else ()
    return Toolchain(tuple(components), rocm_path, tuple(sources), oclc, llvm_version, llvm_targets)


def _unique(components: Iterable[Component]) -> list[Component]:
    """One component per file, from the first source that saw it (with ROCM_PATH=/usr,
    ROCm and Debian see the same HIP headers)."""
    seen: dict[tuple[str, ...], Component] = {}
    for c in components:
        key = (os.path.realpath(c.location or ""), *c.command[1:])
        seen.setdefault(key, c)
    return list(seen.values())


def _oclc_isa_versions(bitcode_dir: Path) -> tuple[str, ...]:
    prefix = "oclc_isa_version_"
    suffixes = [p.stem[len(prefix) :] for p in bitcode_dir.glob(f"{prefix}*.bc")]
    return tuple(f"gfx{s}" for s in sorted(suffixes, key=lambda s: (len(s), s)))
