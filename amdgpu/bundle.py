"""Clang offload bundles: the fat-binary container of HIP programs, written and read here.

The uncompressed format of `clang-offload-bundler` (all integers u64 little-endian):

    "__CLANG_OFFLOAD_BUNDLE__"                    24-byte magic
    number of entries
    per entry: data offset, data size, id length, id bytes
    the entries' data, each at its offset

An entry id is `<offload kind>-<triple>[-<target id>]`: `host-x86_64-unknown-linux-gnu-`
for the (empty) host entry of a HIP fat binary, `hipv4-amdgcn-amd-amdhsa--gfx942:xnack+`
for a code object. `write_bundle` lays the data out as clang does (each entry at the next
multiple of the alignment, zero padding, no trailing padding), so for the same entries
in the same order its bytes equal `clang-offload-bundler -type=o -bundle-align=4096`'s.

Compressed bundles (magic `CCOB`, `clang-offload-bundler -compress`) are recognised and
refused with a clear error.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass

from cu2amd.amdgpu.targets import TargetId
from cu2amd.errors import Cu2amdError, InternalError

MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"
COMPRESSED_MAGIC = b"CCOB"
HOST_ENTRY_ID = "host-x86_64-unknown-linux-gnu-"
HIP_OFFLOAD_KIND = "hipv4"
AMDGPU_TRIPLE = "amdgcn-amd-amdhsa"
DEFAULT_ALIGN = 4096  # what clang passes for HIP fat binaries (-bundle-align=4096)

_U64 = struct.Struct("<Q")
_ENTRY_HEAD = struct.Struct("<QQQ")  # offset, size, id length
_HEADER_SIZE = len(MAGIC) + _U64.size


class BundleError(Cu2amdError):
    """A file that should be an offload bundle is malformed or of an unsupported kind."""


@dataclass(frozen=True, slots=True)
class BundleEntry:
    """One entry of a bundle: its id and its bytes (empty for the HIP host entry)."""

    id: str
    data: bytes


def hip_entry_id(target_id: TargetId) -> str:
    """The id clang gives a HIP code object: `hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+`."""
    # The triple has four components; the environment is empty, hence the double dash.
    return f"{HIP_OFFLOAD_KIND}-{AMDGPU_TRIPLE}--{target_id}"


# The entry cu2amd gives kernels compiled for its host platform (--offload-arch=host): a
# shared object for the CPU, loaded by the host runtime's __hipRegisterFatBinary.
HOST_PLATFORM_TARGET = "cu2amd_host"


def host_platform_entry_id(triple: str) -> str:
    """`hipv4-x86_64-unknown-linux-gnu--cu2amd_host` for the given host triple."""
    return f"{HIP_OFFLOAD_KIND}-{triple}--{HOST_PLATFORM_TARGET}"


def parse_entry_id(entry_id: str) -> tuple[str, str, str | None]:
    """Split an entry id into (offload kind, triple, target id or None).

    `hipv4-amdgcn-amd-amdhsa--gfx942:xnack-` -> ("hipv4", "amdgcn-amd-amdhsa",
    "gfx942:xnack-"); `host-x86_64-unknown-linux-gnu-` -> ("host",
    "x86_64-unknown-linux-gnu", None). The target id is returned as text, since a bundle
    may hold processors cu2amd's target table does not list. Like clang, the last
    dash-separated component before any `:feature` is a target only if it names a gfx
    processor, so three-component triples (`hip-amdgcn-amd-amdhsa-gfx906`) parse too.
    """
    kind, _, rest = entry_id.partition("-")
    base, colon, features = rest.partition(":")
    triple, _, last = base.rpartition("-")
    target: str | None = None
    if last.startswith("gfx") or (last == HOST_PLATFORM_TARGET and not colon):
        target = last + colon + features
    elif colon:
        triple = ""  # features without a processor: malformed
    else:
        triple = base
    triple = triple.rstrip("-")
    if not kind or not triple or not entry_id.isascii() or not entry_id.isprintable():
        raise BundleError(
            f"malformed bundle entry id '{entry_id}': expected <kind>-<triple>[-<target id>]"
        )
    return kind, triple, target


def is_bundle(data: bytes) -> bool:
    """Whether `data` starts like an offload bundle, compressed or not."""
    return data.startswith(MAGIC) or data.startswith(COMPRESSED_MAGIC)


def _align_up(value: int, align: int) -> int:
    return (value + align - 1) // align * align


def write_bundle(entries: Iterable[BundleEntry], align: int = DEFAULT_ALIGN) -> bytes:
    """The bundle holding `entries` in the order given, each data block aligned to `align`.

    The host entry comes first; it is added, empty, when `entries` lacks it. Misuse (a
    duplicate or malformed id, a host entry not first, a bad alignment) is a bug in the
    caller and raises InternalError.
    """
    if align < 1 or align & (align - 1):
        raise InternalError(f"bundle alignment must be a power of two, got {align}")
    items = list(entries)
    if not any(e.id == HOST_ENTRY_ID for e in items):
        items.insert(0, BundleEntry(HOST_ENTRY_ID, b""))
    elif items[0].id != HOST_ENTRY_ID:
        raise InternalError(f"the host entry '{HOST_ENTRY_ID}' must be the first bundle entry")
    seen: set[str] = set()
    for entry in items:
        try:
            parse_entry_id(entry.id)
        except BundleError as err:
            raise InternalError(err.message) from None
        if entry.id in seen:
            raise InternalError(f"duplicate bundle entry id '{entry.id}'")
        seen.add(entry.id)

    ids = [e.id.encode("ascii") for e in items]
    pos = _HEADER_SIZE + sum(_ENTRY_HEAD.size + len(i) for i in ids)
    offsets = []
    for entry in items:
        pos = _align_up(pos, align)
        offsets.append(pos)
        pos += len(entry.data)

    out = bytearray(MAGIC + _U64.pack(len(items)))
    for entry, raw_id, offset in zip(items, ids, offsets, strict=True):
        out += _ENTRY_HEAD.pack(offset, len(entry.data), len(raw_id)) + raw_id
    for entry, offset in zip(items, offsets, strict=True):
        out += bytes(offset - len(out)) + entry.data
    return bytes(out)


@dataclass(frozen=True, slots=True)
class EntryLayout:
    """Where an entry's data lies in the bundle file."""

    id: str
    offset: int
    size: int


def read_bundle(data: bytes, name: str = "<bundle>") -> tuple[BundleEntry, ...]:
    """The entries of an uncompressed bundle, in file order; `name` prefixes each error."""
    return tuple(
        BundleEntry(e.id, data[e.offset : e.offset + e.size]) for e in read_layout(data, name)
    )


def read_layout(data: bytes, name: str = "<bundle>") -> tuple[EntryLayout, ...]:
    """The checked entry table of an uncompressed bundle (see `read_bundle`)."""
    if data.startswith(COMPRESSED_MAGIC):
        raise BundleError(
            f"{name}: compressed offload bundles (magic 'CCOB') are not supported yet; "
            "unbundle it with clang-offload-bundler first"
        )
    if not data.startswith(MAGIC):
        if MAGIC.startswith(data[: len(MAGIC)]) and data:
            raise BundleError(f"{name}: truncated bundle header: {len(data)} bytes")
        raise BundleError(f"{name}: not a clang offload bundle (no '{MAGIC.decode()}' magic)")
    if len(data) < _HEADER_SIZE:
        raise BundleError(
            f"{name}: truncated bundle header: {len(data)} bytes, need {_HEADER_SIZE}"
        )
    (count,) = _U64.unpack_from(data, len(MAGIC))
    if count == 0:
        raise BundleError(f"{name}: the bundle has no entries")
    room = (len(data) - _HEADER_SIZE) // _ENTRY_HEAD.size
    if count > room:
        raise BundleError(
            f"{name}: the bundle header claims {count} entries, but at most {room} fit "
            f"in its {len(data)} bytes"
        )

    pos = _HEADER_SIZE
    heads: list[tuple[int, int, str]] = []
    for index in range(count):
        if pos + _ENTRY_HEAD.size > len(data):
            raise BundleError(f"{name}: entry {index}: header truncated at byte {pos}")
        offset, size, id_len = _ENTRY_HEAD.unpack_from(data, pos)
        pos += _ENTRY_HEAD.size
        if id_len > len(data) - pos:
            raise BundleError(
                f"{name}: entry {index}: its {id_len}-byte id at byte {pos} runs past "
                f"the end of the file ({len(data)} bytes)"
            )
        raw_id = data[pos : pos + id_len]
        pos += id_len
        if not raw_id.isascii():
            raise BundleError(f"{name}: entry {index}: the id is not ASCII text: {raw_id!r}")
        heads.append((offset, size, raw_id.decode("ascii")))

    entries: list[EntryLayout] = []
    seen: set[str] = set()
    for offset, size, entry_id in heads:
        try:
            parse_entry_id(entry_id)
        except BundleError as err:
            raise BundleError(f"{name}: {err.message}") from None
        if entry_id in seen:
            raise BundleError(f"{name}: the entry id '{entry_id}' appears twice")
        seen.add(entry_id)
        if offset + size > len(data):
            raise BundleError(
                f"{name}: entry '{entry_id}': its data (offset {offset}, size {size}) runs "
                f"past the end of the file ({len(data)} bytes)"
            )
        if size and offset < pos:
            raise BundleError(
                f"{name}: entry '{entry_id}': its data (offset {offset}, size {size}) "
                f"overlaps the bundle header, which ends at byte {pos}"
            )
        entries.append(EntryLayout(entry_id, offset, size))
    return tuple(entries)
