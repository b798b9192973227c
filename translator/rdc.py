"""Relocatable device code (`-rdc=true`, `-dc`, `-dlink`, `-lib`): how device code travels
inside host objects and static libraries until the device link.

A `-dc` object is the host object plus a section `.cu2amd_rdc`, flagged SHF_EXCLUDE so the
final link drops it (`ld -r` keeps it), holding an offload bundle of device IR:

    rdc-amdgcn-amd-amdhsa--gfx942    LLVM bitcode for an AMD target, inline PTX linked in
    rdc-host-nvptx                   host platform: NVPTX IR, retargeted after the link
    rdc-host-asm                     host platform: its inline PTX lowered for the host

The host part was compiled by clang with `-fgpu-rdc -cuid=<id>`: its registration code
refers to `__hip_fatbin_<id>` and `__hip_gpubin_handle_<id>`, which the device-link object
defines (one bundle of linked code objects, one handle shared by every file).
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from pathlib import Path

from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile
from elftools.elf.sections import SymbolTableSection

from cu2amd.amdgpu import bundle
from cu2amd.amdgpu.targets import TargetId
from cu2amd.errors import UsageError

SECTION = ".cu2amd_rdc"
BUNDLE_ALIGN = 16  # IR is read by copying: no page alignment needed
HOST_NVPTX = "rdc-host-nvptx"
HOST_ASM = "rdc-host-asm"
_FATBIN_PREFIX = "__hip_fatbin_"
_HANDLE_PREFIX = "__hip_gpubin_handle_"


def amd_entry_id(target: TargetId) -> str:
    return f"rdc-{bundle.AMDGPU_TRIPLE}--{target}"


def cuid(source: Path, cuda_arch: int) -> str:
    """The compilation-unit id that ties a file's host registration to its device code:
    stable for the same file and flags, different between files."""
    key = f"{source.resolve()}\0{cuda_arch}".encode()
    return hashlib.sha256(key).hexdigest()[:16]


def section_assembly(payload: Path) -> str:
    """Assembly for the object that carries a file's device IR in `.cu2amd_rdc`."""
    return f'\t.section {SECTION},"e",@progbits\n\t.incbin "{_escape(payload)}"\n'


def fatbin_assembly(fatbin: Path, cuids: list[str]) -> str:
    """Assembly for the device-link object: the bundle of linked code objects and one
    registration handle, under each file's `__hip_fatbin_<id>` / `__hip_gpubin_handle_<id>`."""
    lines = [
        '\t.section .hip_fatbin,"a",@progbits',
        "\t.p2align 12",
        ".Lcu2amd_fatbin:",
        f'\t.incbin "{_escape(fatbin)}"',
        '\t.section .bss.cu2amd_gpubin_handle,"aw",@nobits',
        "\t.p2align 3",
        ".Lcu2amd_handle:",
        "\t.zero 8",
    ]
    for cid in cuids:
        for name, target in ((_FATBIN_PREFIX + cid, ".Lcu2amd_fatbin"),
                             (_HANDLE_PREFIX + cid, ".Lcu2amd_handle")):  # fmt: skip
            lines += [f"\t.globl {name}", f"\t.hidden {name}", f"\t.set {name}, {target}"]
    return "\n".join(lines) + "\n"


def _escape(path: Path) -> str:
    return str(path).replace("\\", "\\\\").replace('"', '\\"')


@dataclass(frozen=True)
class DeviceCode:
    """The relocatable device code of one object (or archive member)."""

    origin: str  # a.o, or libk.a(b.o)
    entries: dict[str, bytes]


@dataclass
class LinkInputs:
    """What the device link reads from the link's inputs."""

    code: list[DeviceCode]
    cuids: list[str]  # of host objects compiled with -fgpu-rdc, in input order
    linked: set[str] = field(default_factory=set)  # cuids a device-link object defines


def read_inputs(paths: list[Path]) -> LinkInputs:
    found = LinkInputs([], [])
    for path in paths:
        data = path.read_bytes()
        if data.startswith(b"!<arch>\n"):
            for member, body in _archive_members(data, path):
                _read_object(body, f"{path}({member})", found)
        else:
            _read_object(data, str(path), found)
    return found


def _read_object(data: bytes, origin: str, found: LinkInputs) -> None:
    if not data.startswith(b"\x7fELF"):
        return  # not an ELF object (a linker script, an LLVM bitcode file ...): no device code
    try:
        elf = ELFFile(io.BytesIO(data))
        section = elf.get_section_by_name(SECTION)
        if section is not None:
            entries = bundle.read_bundle(section.data(), f"{origin}:{SECTION}")
            found.code.append(DeviceCode(origin, {e.id: e.data for e in entries}))
        for symtab in elf.iter_sections():
            if not isinstance(symtab, SymbolTableSection):
                continue
            for sym in symtab.iter_symbols():
                if not sym.name.startswith(_FATBIN_PREFIX):
                    continue
                cid = sym.name.removeprefix(_FATBIN_PREFIX)
                if sym["st_shndx"] != "SHN_UNDEF":
                    found.linked.add(cid)
                elif cid not in found.cuids:
                    found.cuids.append(cid)
    except ELFError as err:
        raise UsageError(f"'{origin}': not a valid object file ({err})") from err


def _archive_members(data: bytes, path: Path) -> list[tuple[str, bytes]]:
    """The members of a System V / GNU `ar` archive (what `ar`, `llvm-ar` and nvcc -lib
    write), skipping the symbol and long-name tables."""
    members: list[tuple[str, bytes]] = []
    names = b""
    pos = 8
    while pos + 60 <= len(data):
        header = data[pos : pos + 60]
        if header[58:60] != b"`\n":
            raise UsageError(f"'{path}': malformed archive member header at offset {pos}")
        try:
            size = int(header[48:58].decode().strip())
        except ValueError as err:
            raise UsageError(f"'{path}': malformed archive member size at offset {pos}") from err
        raw = header[:16].decode(errors="replace").rstrip()
        body = data[pos + 60 : pos + 60 + size]
        pos += 60 + size + (size & 1)
        if raw in ("/", "/SYM64/"):
            continue
        if raw == "//":
            names = body
            continue
        if raw.startswith("/") and raw[1:].isdigit():
            start = int(raw[1:])
            end = names.find(b"/\n", start)
            name = names[start : end if end >= 0 else len(names)].decode(errors="replace")
        else:
            name = raw.removesuffix("/")
        members.append((name, body))
    return members


def find_libraries(link_flags: list[str]) -> list[Path]:
    """The static libraries that the link's `-L`/`-l` options name, where they exist, so
    their device code takes part in the device link as nvcc's does."""
    dirs = [Path(f[2:]) for f in link_flags if f.startswith("-L")]
    found = []
    for flag in link_flags:
        if not flag.startswith("-l"):
            continue
        name = flag[2:]
        candidates = [name[1:]] if name.startswith(":") else [f"lib{name}.a"]
        for d in dirs:
            if (d / candidates[0]).is_file():
                found.append(d / candidates[0])
                break
    return found
