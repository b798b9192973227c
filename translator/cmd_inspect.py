"""`cu2amd inspect FILE`: the targets, kernels and resource usage inside a GPU binary.

FILE is a clang offload bundle (a HIP fat binary, `.hipfb`, recognised by its magic
whatever its name), a single AMDGPU code object, or a host program, library or object
that embeds fat binaries in its `.hip_fatbin` section (what cu2amd-nvcc builds). Each
code object is decoded and cross-checked by `cu2amd.amdgpu.codeobject`, so a corrupt
file is reported, not shown. The output is a table for people or, with `--json`, a
stable document for scripts.
"""

from __future__ import annotations

import dataclasses
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import click
from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile

from cu2amd.amdgpu.bundle import MAGIC, BundleError, is_bundle, parse_entry_id, read_layout
from cu2amd.amdgpu.codeobject import EM_AMDGPU, CodeObjectInfo, is_code_object, read_code_object
from cu2amd.errors import UsageError
from cu2amd.translator.clitools import report_errors

JSON_VERSION = 1
_AMDGPU_TRIPLE = "amdgcn-amd-amdhsa"


@dataclass(frozen=True, slots=True)
class InspectedEntry:
    """One bundle entry, or the whole file when it is a lone code object (id None)."""

    id: str | None
    kind: str | None
    triple: str
    target: str | None
    offset: int
    size: int
    code_object: CodeObjectInfo | None


@dataclass(frozen=True, slots=True)
class Inspection:
    file: str
    format: str  # "offload-bundle", "code-object" or "host-program"
    entries: tuple[InspectedEntry, ...]


def inspect_file(path: str) -> Inspection:
    """Read and decode FILE; unreadable or unrecognised files are UsageErrors."""
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise UsageError(f"no such file: '{path}'") from None
    except IsADirectoryError:
        raise UsageError(f"'{path}' is a directory, not a bundle or code object") from None
    except OSError as err:
        raise UsageError(f"cannot read '{path}': {err.strerror}") from None
    if is_bundle(data):
        return Inspection(path, "offload-bundle", _bundle_entries(data, path))
    if is_code_object(data) and data[18:20] != EM_AMDGPU.to_bytes(2, "little"):
        return Inspection(path, "host-program", _embedded_entries(data, path))
    if is_code_object(data):
        info = read_code_object(data, path)
        entry = InspectedEntry(None, None, _AMDGPU_TRIPLE, info.target, 0, len(data), info)
        return Inspection(path, "code-object", (entry,))
    start = " ".join(f"{b:02x}" for b in data[:8]) if data else "nothing: it is empty"
    raise UsageError(
        f"{path}: not an offload bundle or an AMDGPU code object (it starts with {start})"
    )


def _embedded_entries(data: bytes, path: str) -> tuple[InspectedEntry, ...]:
    """The bundles in a host ELF file's `.hip_fatbin` section: one per non-relocatable
    CUDA file, or one per device link, each at a 4096-byte boundary. Offsets are the
    entries' places in the file."""
    try:
        elf = ELFFile(io.BytesIO(data))
        section = elf.get_section_by_name(".hip_fatbin")
    except ELFError as err:
        raise UsageError(f"{path}: not a valid ELF file ({err})") from None
    if section is None or section["sh_type"] == "SHT_NOBITS":
        raise UsageError(f"{path}: a host ELF file with no GPU code (no .hip_fatbin section)")
    base = section["sh_offset"]
    blob = section.data()
    entries: list[InspectedEntry] = []
    start = blob.find(MAGIC)
    while start >= 0:
        found = _bundle_entries(blob[start:], path, base + start)
        entries += found
        end = start + max(e.offset - base - start + e.size for e in found)
        start = blob.find(MAGIC, end)
    return tuple(entries)


def _bundle_entries(data: bytes, path: str, base: int = 0) -> tuple[InspectedEntry, ...]:
    entries = []
    for layout in read_layout(data, path):
        kind, triple, target = parse_entry_id(layout.id)
        info = None
        if triple == _AMDGPU_TRIPLE:
            blob = data[layout.offset : layout.offset + layout.size]
            info = read_code_object(blob, f"{path}[{layout.id}]")
            if target != info.target:
                raise BundleError(
                    f"{path}: entry '{layout.id}' holds a code object for '{info.target}'"
                )
        entries.append(
            InspectedEntry(layout.id, kind, triple, target, base + layout.offset, layout.size, info)
        )
    return tuple(entries)


def to_json(inspection: Inspection) -> str:
    """The `--json` document: sorted keys, two-space indent, a trailing newline."""
    doc = {
        "version": JSON_VERSION,
        "file": inspection.file,
        "format": inspection.format,
        "entries": [
            {
                "id": e.id,
                "kind": e.kind,
                "triple": e.triple,
                "target": e.target,
                "offset": e.offset,
                "size": e.size,
                "code_object": dataclasses.asdict(e.code_object) if e.code_object else None,
            }
            for e in inspection.entries
        ],
    }
    return json.dumps(doc, indent=2, sort_keys=True) + "\n"


_COLUMNS = ("TARGET", "KERNEL", "VGPRS", "SGPRS", "AGPRS", "LDS", "SCRATCH", "KERNARG",
            "WAVE", "MAX_WG")  # fmt: skip


def to_table(inspection: Inspection) -> str:
    """A summary line per file and entry, then one aligned row per kernel."""
    lines = []
    if inspection.format == "code-object":
        (entry,) = inspection.entries
        assert entry.code_object is not None
        lines.append(f"{inspection.file}: AMDGPU code object, {entry.size} bytes, "
                     f"{_describe(entry.code_object)}")  # fmt: skip
    else:
        count = len(inspection.entries)
        what = "clang offload bundle" if inspection.format == "offload-bundle" else (
            "host program with embedded GPU code")  # fmt: skip
        lines.append(f"{inspection.file}: {what}, {count} entries")
        width = max(len(e.id or "") for e in inspection.entries)
        for e in inspection.entries:
            what = _describe(e.code_object) if e.code_object else ""
            place = f"{e.size:>8} bytes at {e.offset:<8}"
            lines.append(f"  {e.id or '':<{width}}  {place}  {what}".rstrip())
    lines.append("")
    rows: list[Sequence[object]] = [_COLUMNS]
    for e in inspection.entries:
        if e.code_object is None:
            rows.append((e.kind or "?", "(no kernels)"))
            continue
        if not e.code_object.kernels:
            rows.append((e.code_object.target, "(no kernels)"))
        for k in e.code_object.kernels:
            rows.append((e.code_object.target, k.name, k.vgprs, k.sgprs, k.agprs,
                         k.lds_bytes, k.scratch_bytes, k.kernarg_bytes, k.wavefront_size,
                         k.max_flat_workgroup_size))  # fmt: skip
    lines += _align(rows)
    return "\n".join(lines) + "\n"


def _describe(info: CodeObjectInfo) -> str:
    kernels = len(info.kernels)
    return (f"code object v{info.code_object_version} for {info.target} "
            f"(e_flags 0x{info.e_flags:x}), {kernels} kernel{'s' * (kernels != 1)}")  # fmt: skip


def _align(rows: Sequence[Sequence[object]]) -> list[str]:
    """Text columns left-aligned, number columns right-aligned, two spaces apart."""
    widths = [max(len(str(r[i])) for r in rows if i < len(r)) for i in range(len(rows[0]))]
    out = []
    for row in rows:
        cells = []
        for i, cell in enumerate(row):
            numeric = i >= 2  # every column after TARGET and KERNEL is a count
            cells.append(f"{cell!s:>{widths[i]}}" if numeric else f"{cell!s:<{widths[i]}}")
        out.append("  ".join(cells).rstrip())
    return out


@click.command("inspect")
@click.argument("file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON document instead.")
@report_errors()
def inspect_cmd(file: str, as_json: bool) -> None:
    """Show the targets, kernels and resource usage in a bundle or code object.

    FILE is a clang offload bundle (HIP fat binary; any name, recognised by its
    magic), one AMDGPU code object (.hsaco), or a program, library or object
    built by cu2amd-nvcc (its embedded bundles, from the .hip_fatbin section).
    The table lists, per kernel: target, VGPRs, SGPRs, AGPRs, LDS bytes,
    scratch bytes per work-item, kernarg bytes, wavefront size and maximum flat
    workgroup size. The host entry of a bundle is
    shown as "host" with no kernels.

    \b
    --json prints one object (keys sorted):
      version      1, raised when a field changes meaning or goes away
      file, format the path given; "offload-bundle", "code-object" or
                   "host-program"
      entries[]    id, kind (both null for a lone code object), triple,
                   target (null for the host), offset, size (where the data
                   lies in FILE), code_object (null unless AMDGPU):
        target, processor, xnack, sramecc (true/false/null = any),
        code_object_version, e_flags, kernels[] (sorted by name):
          name, symbol, vgprs, sgprs, agprs, lds_bytes, scratch_bytes,
          kernarg_bytes, kernarg_align, wavefront_size,
          max_flat_workgroup_size, vgpr_spills, sgpr_spills,
          uses_dynamic_stack, args[] (name, offset, size, value_kind,
          address_space), descriptor (the 64-byte kernel descriptor's
          fields: group_segment_fixed_size, private_segment_fixed_size,
          kernarg_size, kernel_code_entry_byte_offset, compute_pgm_rsrc1/2/3,
          kernel_code_properties, kernarg_preload)
    """
    inspection = inspect_file(file)
    click.echo(to_json(inspection) if as_json else to_table(inspection), nl=False)


if __name__ == "__main__":
    inspect_cmd()
