"""The table of what cu2amd's toolchain consists of: one row per role (clang, ld.lld, the
device libraries, ...), saying which `cu2amd doctor` group it belongs to, what it is needed
for, and the command that installs it when no candidate is found.

Discovery (`toolchain.py`) fills each role with the candidates it finds; this table is the
part that does not depend on the machine.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

Source = Literal["rocm", "ziglang", "debian", "pypi", "system"]


class Group(enum.Enum):
    """The sections of `cu2amd doctor`; only EMBEDDED decides its exit status."""

    EMBEDDED = "required for the embedded default"
    DEVICE_LIBS = "device libraries"
    ROCM = "ROCm/HIP runtime"
    OPTIONAL = "optional"


class Role(enum.StrEnum):
    LLVMLITE = "llvmlite"
    LLVM_AMDGPU = "llvmlite AMDGPU target"
    LLVM_NVPTX = "llvmlite NVPTX target"
    LLVM_X86 = "llvmlite X86 target"
    CLANG = "clang"
    LD_LLD = "ld.lld"
    BUILTIN_HEADERS = "clang builtin headers"
    LARK = "lark"
    LIBCLANG = "libclang"
    PYELFTOOLS = "pyelftools"
    DEVICE_LIBS = "device libraries"
    ROCM = "ROCm"
    HIP_HEADERS = "HIP headers"
    LIBAMDHIP64 = "libamdhip64"
    HIPCC = "hipcc"
    AMDGPU_ARCH = "amdgpu-arch"
    ROCMINFO = "rocminfo"
    OFFLOAD_BUNDLER = "clang-offload-bundler"
    PTXAS = "ptxas"
    NVCC = "nvcc"
    CMAKE = "cmake"


@dataclass(frozen=True, slots=True)
class RoleInfo:
    group: Group
    what: str  # the subject of "<what> not found"
    required_for: str
    hint: str  # the command that installs it
    source: Source  # where that command puts it


_ZIG = "pip install ziglang"
_CLANG_TOOLS = "apt-get install -y clang-tools-19"
_HIP_DEV = "apt-get install -y libamdhip64-dev"
_CUDA = "pip install nvidia-cuda-nvcc"

ROLES: Mapping[Role, RoleInfo] = MappingProxyType(
    {
        Role.LLVMLITE: RoleInfo(
            Group.EMBEDDED,
            "llvmlite",
            "LLVM IR, optimisation, objects",
            "pip install llvmlite",
            "pypi",
        ),
        Role.LLVM_AMDGPU: RoleInfo(
            Group.EMBEDDED,
            "llvmlite's AMDGPU target",
            "AMDGPU code objects",
            "pip install --force-reinstall llvmlite",
            "pypi",
        ),
        Role.LLVM_NVPTX: RoleInfo(
            Group.EMBEDDED,
            "llvmlite's NVPTX target",
            "the host platform (--offload-arch=host)",
            "pip install --force-reinstall llvmlite",
            "pypi",
        ),
        Role.LLVM_X86: RoleInfo(
            Group.EMBEDDED,
            "llvmlite's X86 target",
            "the host platform (--offload-arch=host)",
            "pip install --force-reinstall llvmlite",
            "pypi",
        ),
        Role.CLANG: RoleInfo(
            Group.EMBEDDED, "clang", "compiling CUDA C++ device and host code", _ZIG, "ziglang"
        ),
        Role.LD_LLD: RoleInfo(Group.EMBEDDED, "ld.lld", "linking code objects", _ZIG, "ziglang"),
        Role.BUILTIN_HEADERS: RoleInfo(
            Group.EMBEDDED,
            "clang's builtin headers (stddef.h ...)",
            "clang and libclang (-isystem)",
            _ZIG,
            "ziglang",
        ),
        Role.LARK: RoleInfo(Group.EMBEDDED, "lark", "parsing PTX", "pip install lark", "pypi"),
        Role.LIBCLANG: RoleInfo(
            Group.EMBEDDED,
            "libclang",
            "analysing CUDA C++ (frontend, report)",
            "pip install libclang",
            "pypi",
        ),
        Role.PYELFTOOLS: RoleInfo(
            Group.EMBEDDED,
            "pyelftools",
            "inspecting code objects",
            "pip install pyelftools",
            "pypi",
        ),
        Role.DEVICE_LIBS: RoleInfo(
            Group.DEVICE_LIBS,
            "the AMDGPU device library bitcode (ocml.bc, ockl.bc)",
            "math (OCML) and kernel (OCKL) functions on AMD GPUs",
            "apt-get install -y rocm-device-libs",
            "debian",
        ),
        Role.ROCM: RoleInfo(
            Group.ROCM,
            "ROCm",
            "the preferred clang, device libraries and HIP runtime",
            "apt-get install -y rocm (from AMD's ROCm repository), or set ROCM_PATH",
            "rocm",
        ),
        Role.HIP_HEADERS: RoleInfo(
            Group.ROCM,
            "the HIP headers (hip/hip_runtime.h)",
            "host code calling HIP",
            _HIP_DEV,
            "debian",
        ),
        Role.LIBAMDHIP64: RoleInfo(
            Group.ROCM,
            "libamdhip64.so",
            "linking programs that run on AMD GPUs",
            _HIP_DEV,
            "debian",
        ),
        Role.HIPCC: RoleInfo(
            Group.ROCM,
            "hipcc",
            "comparisons with HIP's own compiler",
            "apt-get install -y hipcc",
            "debian",
        ),
        Role.AMDGPU_ARCH: RoleInfo(
            Group.ROCM,
            "amdgpu-arch",
            "finding the installed GPUs (default --offload-arch)",
            _CLANG_TOOLS,
            "debian",
        ),
        Role.ROCMINFO: RoleInfo(
            Group.ROCM,
            "rocminfo",
            "finding the installed GPUs (default --offload-arch)",
            "apt-get install -y rocminfo",
            "debian",
        ),
        Role.OFFLOAD_BUNDLER: RoleInfo(
            Group.OPTIONAL,
            "clang-offload-bundler",
            "cross-checking offload bundles (cu2amd writes its own)",
            _CLANG_TOOLS,
            "debian",
        ),
        Role.PTXAS: RoleInfo(
            Group.OPTIONAL,
            "ptxas",
            "checking PTX test fixtures (never required)",
            _CUDA,
            "system",
        ),
        Role.NVCC: RoleInfo(
            Group.OPTIONAL, "nvcc", "checking test fixtures (never required)", _CUDA, "system"
        ),
        Role.CMAKE: RoleInfo(
            Group.OPTIONAL,
            "cmake",
            "the CMake toolchain file and its tests",
            "apt-get install -y cmake",
            "system",
        ),
    }
)


@dataclass(frozen=True, slots=True)
class Component:
    """One thing cu2amd may use, found or not; `command` is the argv prefix of a tool."""

    name: str
    role: Role
    found: bool
    version: str | None
    location: str | None
    required_for: str
    install_hint: str
    source: Source
    command: tuple[str, ...] = ()
    version_command: tuple[str, ...] = ()


def missing_component(role: Role) -> Component:
    info = ROLES[role]
    return Component(role.value, role, False, None, None, info.required_for, info.hint, info.source)
