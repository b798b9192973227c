"""Building, caching and linking the device runtime library (DESIGN.md layer 2).

The library is one C++ source, `warp.cpp` over the wave primitives of `wave.h`, defining
the neutral builtins of `include/cu2amd/warp_api.h`. It is compiled by the ziglang wheel's
clang into LLVM bitcode once per flavour and cached under a hash of its sources and flags,
like the host runtime:

    amdgcn-wave32  AMD GPUs running 32-lane waves (RDNA): llvm.amdgcn.* intrinsics
    amdgcn-wave64  AMD GPUs running 64-lane waves (GCN, CDNA)
    amdgcn-wave64-rdna  RDNA 3+ in wave64 mode (cu2amd-nvcc --warp-size=64): its
                   ds_bpermute reads the caller's own 32-lane half only
    host           the host platform: calls into its runtime, whose wave size (32 or 64)
                   is a launch setting

The AMDGPU flavours are compiled for a representative processor of their wave size; the
processor attributes (but the wave size feature) and module flags are then removed, so the
library takes those of the module it is linked into (`llvm.amdgcn.wavefrontsize` folds to
that module's wave size).
The library is left unoptimised: its functions are `always_inline`, so linked into a module
(lowered PTX, or CUDA C++ device code) they become internal and are inlined at each call
and optimised there, with what is constant at the call (a shuffle's lane). The host
platform needs the inlining too: it groups the lanes of a collective without a member
mask by call address.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import subprocess
import tempfile
from importlib import resources
from pathlib import Path

import llvmlite.binding as llvm

from cu2amd.amdgpu.toolchain import host_cc
from cu2amd.errors import ToolFailedError
from cu2amd.runtime_shim.headers import include_dir
from cu2amd.runtime_shim.host.build import cache_dir, host_triple

SOURCES = ("warp.cpp", "wave.h", "texture_ptx.h")
API_HEADER = "warp_api.h"  # in include/cu2amd
# -disable-llvm-passes: the library is optimised where it is inlined, so that what is
# constant at a call (__builtin_constant_p: a shuffle's lane) picks the code for it.
FLAGS = ("-x", "c++", "-std=c++17", "-O2", "-Xclang", "-disable-llvm-passes", "-ffreestanding",
         "-nostdinc", "-fno-exceptions", "-fno-rtti", "-Wall", "-Wextra", "-Werror", "-emit-llvm",
         "-S")  # fmt: skip
_AMDGCN = ("-target", "amdgcn-amd-amdhsa", "-nogpulib")
FLAVOURS: dict[str, tuple[str, ...]] = {
    "amdgcn-wave32": (*_AMDGCN, "-mcpu=gfx1100"),
    "amdgcn-wave64": (*_AMDGCN, "-mcpu=gfx942"),
    "amdgcn-wave64-rdna": (
        *_AMDGCN,
        "-mcpu=gfx1100",
        "-mwavefrontsize64",
        "-DCU2AMD_WAVE_RDNA_WAVE64",
    ),
    "host": ("-target", "<host>", "-fPIC"),
}

# The functions the library defines (warp_api.h): a module calling any of them needs it.
API = frozenset(
    {
        "__cu2amd_shfl_sync",
        "__cu2amd_shfl",
        "__cu2amd_warp_read",
        "__cu2amd_vote_sync",
        "__cu2amd_vote",
        "__cu2amd_match_any_sync",
        "__cu2amd_match_all_sync",
        "__cu2amd_redux_sync",
        "__cu2amd_redux_sync_f32",
        "__cu2amd_activemask",
        "__cu2amd_elect_sync",
        "__cu2amd_warp_sync",
        "__cu2amd_laneid",
        "__cu2amd_shfl_sync_w64",
        "__cu2amd_shfl_w64",
        "__cu2amd_vote_sync_w64",
        "__cu2amd_vote_w64",
        "__cu2amd_match_any_sync_w64",
        "__cu2amd_match_all_sync_w64",
        "__cu2amd_redux_sync_w64",
        "__cu2amd_activemask_w64",
        "__cu2amd_warp_sync_w64",
        "__cu2amd_laneid_w64",
    }
)
# What the host flavour defines besides: PTX texture and surface instructions (texture_ptx.h).
HOST_API = frozenset(
    {
        *("__cu2amd_ptx_tex", "__cu2amd_ptx_tex_grad", "__cu2amd_ptx_tex_fetch"),
        *("__cu2amd_ptx_tld4", "__cu2amd_ptx_txq", "__cu2amd_ptx_suld", "__cu2amd_ptx_sust"),
    }
)
_LINKED = API | HOST_API

_PROCESSOR_ATTRIBUTE = re.compile(r'\s*"target-(cpu|features)"="[^"]*"')
# The wave size stays a feature of the AMDGPU flavours' functions: optimised before they
# are inlined, a function without it would take the target machine's default (wave32 on
# RDNA), and ballots folded for 32 lanes cannot be selected in a wave64 kernel
# (--warp-size=64 on RDNA).
_WAVE_FEATURE = {
    "amdgcn-wave32": "+wavefrontsize32",
    "amdgcn-wave64": "+wavefrontsize64",
    "amdgcn-wave64-rdna": "+wavefrontsize64",
}
_FEATURES_ATTRIBUTE = re.compile(r'"target-features"="[^"]*"')
_CPU_ATTRIBUTE = re.compile(r'\s*"target-cpu"="[^"]*"')
# Module flags (code object version, PIC level ...) are the including module's to set.
_MODULE_FLAGS = re.compile(r"^!llvm\.(module\.flags|ident) = .*$", re.M)


def flavour_for_wave_size(wave_size: int, rdna: bool = False) -> str:
    """The AMDGPU flavour for a wave size; `rdna`: an RDNA target (wave64 only there by
    --warp-size=64)."""
    return "amdgcn-wave64-rdna" if rdna and wave_size == 64 else f"amdgcn-wave{wave_size}"


def _source_dir() -> Path:
    return Path(str(resources.files("cu2amd.runtime_shim.device")))


def _flags(flavour: str) -> tuple[str, ...]:
    target = FLAVOURS[flavour]
    return (*FLAGS, *(host_triple() if a == "<host>" else a for a in target))


def library_key(flavour: str) -> str:
    """A hash of what the library of `flavour` is built from (sources, flags, this file)."""
    digest = hashlib.sha256()
    headers = (API_HEADER, "texture_device.h")  # texture_ptx.h includes the latter
    sources = (
        *(_source_dir() / n for n in SOURCES),
        *(include_dir() / "cu2amd" / h for h in headers),
    )
    for path in (*sources, Path(__file__)):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(" ".join(_flags(flavour)).encode())
    return digest.hexdigest()[:20]


def library_ir(flavour: str) -> str:
    """The library of `flavour` as LLVM IR text (built now if the cache lacks it)."""
    if flavour not in FLAVOURS:
        raise ValueError(f"unknown device library flavour '{flavour}'")
    out = cache_dir() / "device-lib" / library_key(flavour) / f"warp-{flavour}.ll"
    if out.is_file():
        return out.read_text()
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".build-", suffix=".ll", dir=out.parent)
    os.close(fd)
    cmd = [*host_cc()[:-1], "clang", *_flags(flavour), "-I", str(include_dir()),
           str(_source_dir() / "warp.cpp"), "-o", tmp]  # fmt: skip
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise ToolFailedError(
                f"building the device runtime library ({flavour}) failed:\n{proc.stderr.strip()}"
            )
        text = Path(tmp).read_text()
        if flavour in _WAVE_FEATURE:
            wave = f'"target-features"="{_WAVE_FEATURE[flavour]}"'
            text = _CPU_ATTRIBUTE.sub("", _FEATURES_ATTRIBUTE.sub(lambda _: wave, text))
        else:
            text = _PROCESSOR_ATTRIBUTE.sub("", text)
        text = _MODULE_FLAGS.sub("", text)
        Path(tmp).write_text(text)
        os.replace(tmp, out)
    finally:
        Path(tmp).unlink(missing_ok=True)
    return text


@functools.cache
def _library_bitcode(flavour: str, key: str) -> bytes:
    del key  # part of the cache key only: a rebuilt library is parsed again
    return llvm.parse_assembly(library_ir(flavour)).as_bitcode()


def needs_library(module: llvm.ModuleRef) -> bool:
    return any(f.is_declaration and f.name in _LINKED for f in module.functions)


def link_device_library(module: llvm.ModuleRef, flavour: str) -> bool:
    """Link the library of `flavour` into `module`, in place, if the module calls it; its
    functions become internal (inlined, then dropped). Returns whether it was linked."""
    if not needs_library(module):
        return False
    library = llvm.parse_bitcode(_library_bitcode(flavour, library_key(flavour)))
    library.triple = module.triple
    library.data_layout = module.data_layout
    module.link_in(library)
    for fn in module.functions:
        if fn.name in _LINKED and not fn.is_declaration:
            fn.linkage = "internal"
    return True
