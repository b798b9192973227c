"""REQUIRES: rocm — the runtime-API group programs against an installed ROCm.

Every self-checking program of the runtime and driver API tests (the `*PROGRAM` strings of
tests/test_runtime_api_*.py, test_driver_api*.py and test_cooperative_*.py) is compiled
for an AMD GPU and linked against the ROCm found at `$ROCM_PATH` (default /opt/rocm),
chosen over Debian's packages with CU2AMD_TOOLCHAIN_SOURCES=rocm,ziglang,debian. The
linked program must find its libamdhip64 in that ROCm (its run path) and import only HIP
functions that library defines. Where that ROCm also sees a GPU cu2amd can compile for
(`rocm_agent_enumerator`), the program is built for it and run, and must print PASSED.

Skipped where no ROCm is installed (Debian's libamdhip64 5.2.3 is checked by each group's
own test)."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
# Texture programs use image instructions, which only RDNA has: they build for gfx1100.
MODULES = {
    "test_runtime_api_device": "gfx942",
    "test_runtime_api_exec": "gfx942",
    "test_runtime_api_extra": "gfx942",
    "test_runtime_api_graph": "gfx942",
    "test_runtime_api_memory": "gfx942",
    "test_runtime_api_stream": "gfx942",
    "test_runtime_api_texture": "gfx1100",
    "test_driver_api_extra": "gfx942",
    "test_driver_api_graph": "gfx942",
    "test_cooperative_groups_api": "gfx942",
    "test_cooperative_launch": "gfx942",
}


def installed_rocm() -> Path | None:
    root = Path(os.environ.get("ROCM_PATH") or "/opt/rocm")
    if (root / "lib" / "libamdhip64.so").exists() and (root / "include" / "hip").is_dir():
        return root
    return None


ROCM = installed_rocm()
requires_rocm = pytest.mark.skipif(
    ROCM is None, reason="REQUIRES: rocm (an installed ROCm at $ROCM_PATH or /opt/rocm)"
)


def programs() -> list[tuple[str, str, str, str]]:
    """(id, source text, offload arch, -arch) of each group program."""
    found = []
    sys.path.insert(0, str(TESTS))
    try:
        for name, offload in MODULES.items():
            module = importlib.import_module(name)
            sm = getattr(module, "ARCH", "sm_80")
            for attr, value in sorted(vars(module).items()):
                if (
                    attr.endswith("PROGRAM")
                    and isinstance(value, str)
                    and value.count("int main(") == 1
                ):
                    found.append((f"{name}.{attr}", value, offload, sm))
    finally:
        sys.path.remove(str(TESTS))
    return found


def rocm_env(root: Path) -> dict[str, str]:
    return {**os.environ, "ROCM_PATH": str(root), "CU2AMD_TOOLCHAIN_SOURCES": "rocm,ziglang,debian"}


def build(source: Path, exe: Path, offload: str, sm: str, root: Path) -> None:
    cmd = [sys.executable, "-m", "cu2amd.translator.nvcc", f"-arch={sm}",
           f"--offload-arch={offload}", "-o", str(exe), str(source)]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, env=rocm_env(root), check=False)
    assert proc.returncode == 0, proc.stderr


def dynamic(exe: Path) -> tuple[list[str], list[str], set[str]]:
    """NEEDED libraries, run paths, and undefined dynamic symbols of `exe`."""
    from elftools.elf.dynamic import DynamicSection
    from elftools.elf.elffile import ELFFile

    needed, runpath, undefined = [], [], set()
    with exe.open("rb") as f:
        elf = ELFFile(f)
        for section in elf.iter_sections():
            if isinstance(section, DynamicSection):
                for tag in section.iter_tags():
                    if tag.entry.d_tag == "DT_NEEDED":
                        needed.append(tag.needed)
                    elif tag.entry.d_tag == "DT_RUNPATH":
                        runpath.extend(tag.runpath.split(":"))
                    elif tag.entry.d_tag == "DT_RPATH":
                        runpath.extend(tag.rpath.split(":"))
        for sym in elf.get_section_by_name(".dynsym").iter_symbols():
            if sym["st_shndx"] == "SHN_UNDEF" and sym.name:
                undefined.add(sym.name)
    return needed, runpath, undefined


def exported(library: Path) -> set[str]:
    from elftools.elf.elffile import ELFFile

    with library.resolve().open("rb") as f:
        return {
            s.name
            for s in ELFFile(f).get_section_by_name(".dynsym").iter_symbols()
            if s["st_shndx"] != "SHN_UNDEF"
        }


def gpu_archs(root: Path) -> list[str]:
    """The AMD GPUs this ROCm sees, as cu2amd offload archs (none without a GPU)."""
    from cu2amd.amdgpu.targets import known_target_names

    tool = root / "bin" / "rocm_agent_enumerator"
    if not tool.is_file():
        return []
    out = subprocess.run([str(tool)], capture_output=True, text=True, check=False).stdout
    return sorted({a for a in out.split() if a != "gfx000" and a in known_target_names()})


@requires_rocm
@pytest.mark.parametrize("case", programs(), ids=lambda c: c[0])
def test_program_links_against_the_installed_rocm(
    case: tuple[str, str, str, str], tmp_path: Path
) -> None:
    assert ROCM is not None
    name, text, offload, sm = case
    source = tmp_path / "program.cu"
    source.write_text(text)
    exe = tmp_path / "program"
    build(source, exe, offload, sm, ROCM)
    needed, runpath, undefined = dynamic(exe)
    hip = [n for n in needed if n.startswith("libamdhip64.so")]
    assert hip, needed
    lib = (ROCM / "lib").resolve()
    assert any(Path(p).resolve() == lib for p in runpath), (runpath, lib)
    hip_functions = {s for s in undefined if s.lstrip("_").startswith("hip")}
    assert hip_functions, "the program calls no HIP function"
    missing = sorted(hip_functions - exported(ROCM / "lib" / "libamdhip64.so"))
    assert missing == [], f"{name}: not defined by {ROCM}'s libamdhip64"
    for arch in gpu_archs(ROCM):
        gpu_exe = tmp_path / f"program-{arch}"
        build(source, gpu_exe, arch, sm, ROCM)
        run = subprocess.run([str(gpu_exe)], capture_output=True, text=True, cwd=tmp_path)
        assert run.returncode == 0 and "PASSED" in run.stdout, run.stdout + run.stderr


@pytest.mark.skipif(
    not Path("/usr/lib/x86_64-linux-gnu/libamdhip64.so").exists(),
    reason="REQUIRES: libamdhip64-dev (Debian's, to lay out as a ROCm tree)",
)
@pytest.mark.skipif(ROCM is not None, reason="an installed ROCm decides the toolkit already")
def test_toolkit_directory_follows_the_rocm_in_use(tmp_path: Path) -> None:
    """The amd toolkit directory's libcudart.so names the libamdhip64 found when it was
    made; a ROCm that appears later (here: Debian's files laid out as a ROCm tree at
    ROCM_PATH) gets a directory of its own, not the old one's stale script. Runs without
    an installed ROCm, unlike the rest of this file."""
    root = tmp_path / "rocm"
    (root / "lib").mkdir(parents=True)
    (root / "include").mkdir()
    (root / "lib" / "libamdhip64.so").symlink_to("/usr/lib/x86_64-linux-gnu/libamdhip64.so")
    (root / "include" / "hip").symlink_to("/usr/include/hip")

    def toolkit(env: dict[str, str]) -> Path:
        cmd = [str(Path(sys.executable).parent / "cu2amd"), "toolkit-dir", "--offload-arch=gfx942"]
        out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True).stdout
        return Path(out.strip())

    plain = toolkit({k: v for k, v in os.environ.items() if k != "ROCM_PATH"})
    rocm = toolkit(rocm_env(root))
    assert plain != rocm
    assert (rocm / "lib64" / "libcudart.so").read_text() == f"INPUT({root}/lib/libamdhip64.so)\n"
    assert str(root) not in (plain / "lib64" / "libcudart.so").read_text()
