"""Which AMD GPU targets to compile for: `--offload-arch`, then `CU2AMD_OFFLOAD_ARCH`, then
the GPUs of this machine (`amdgpu-arch`, `rocminfo`); with none of those, a clear error."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

from cu2amd.amdgpu.targets import TargetId, known_target_names, parse_target_id
from cu2amd.errors import UsageError
from cu2amd.ptx_lowering.targets.host import HOST, HostTarget

ENV_VAR = "CU2AMD_OFFLOAD_ARCH"


Target = TargetId | HostTarget


def parse_targets(spec: str) -> tuple[Target, ...]:
    """A comma-separated `--offload-arch` list: gfx target ids, and `host` for the host
    platform. Duplicates are dropped, order kept."""
    targets: list[Target] = []
    for item in spec.split(","):
        item = item.strip()
        if not item:
            raise UsageError(f"empty entry in offload-arch list '{spec}'")
        target: Target = HOST if item == "host" else parse_target_id(item)
        if target not in targets:
            targets.append(target)
    return tuple(targets)


def select_targets(cli_value: str | None) -> tuple[Target, ...]:
    if cli_value:
        return parse_targets(cli_value)
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return parse_targets(env)
    found = detect_local_gpus()
    if found:
        return parse_targets(",".join(found))
    raise UsageError(
        "no AMD GPU target given and none detected on this machine: pass "
        f"--offload-arch=gfxNNN[,gfxNNN...] (or host, the CPU) or set {ENV_VAR} "
        f"(known targets: {', '.join(known_target_names())})"
    )


def detect_local_gpus() -> list[str]:
    """gfx names of the GPUs on this machine, from amdgpu-arch or rocminfo (no GPU: [])."""
    rocm = os.environ.get("ROCM_PATH", "/opt/rocm")
    for tool in ("amdgpu-arch", os.path.join(rocm, "llvm", "bin", "amdgpu-arch"), "rocminfo"):
        exe = shutil.which(tool)
        if exe is None:
            continue
        try:
            proc = subprocess.run([exe], capture_output=True, text=True, timeout=20, check=False)
        except (OSError, subprocess.TimeoutExpired):
            continue
        names = sorted(set(re.findall(r"\bgfx[0-9a-f]+\b", proc.stdout)))
        known = [n for n in names if n in known_target_names()]
        if known:
            return known
    return []
