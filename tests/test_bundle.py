"""Tests of the clang offload bundle writer and reader (cu2amd.amdgpu.bundle)."""

from __future__ import annotations

import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cu2amd.amdgpu.bundle import (
    HOST_ENTRY_ID,
    MAGIC,
    BundleEntry,
    BundleError,
    hip_entry_id,
    is_bundle,
    parse_entry_id,
    read_bundle,
    read_layout,
    write_bundle,
)
from cu2amd.amdgpu.targets import TARGETS, parse_target_id
from cu2amd.errors import InternalError

GFX942 = "hipv4-amdgcn-amd-amdhsa--gfx942"
GFX1100 = "hipv4-amdgcn-amd-amdhsa--gfx1100"


def raw_bundle(entries: list[tuple[int, int, bytes]], tail: bytes = b"") -> bytes:
    """A bundle header built by hand: (offset, size, id) per entry, then `tail`."""
    out = MAGIC + struct.pack("<Q", len(entries))
    for offset, size, entry_id in entries:
        out += struct.pack("<QQQ", offset, size, len(entry_id)) + entry_id
    return out + tail


# --- entry ids ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("gfx942", GFX942),
        ("gfx1100", GFX1100),
        ("gfx90a:xnack+", "hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+"),
        ("gfx90a:xnack-:sramecc+", "hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"),
    ],
)
def test_hip_entry_id_is_clangs(target: str, expected: str) -> None:
    assert hip_entry_id(parse_target_id(target)) == expected


@pytest.mark.parametrize(
    ("entry_id", "expected"),
    [
        (HOST_ENTRY_ID, ("host", "x86_64-unknown-linux-gnu", None)),
        ("host-x86_64-unknown-linux-gnu", ("host", "x86_64-unknown-linux-gnu", None)),
        (GFX942, ("hipv4", "amdgcn-amd-amdhsa", "gfx942")),
        ("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack-", ("hipv4", "amdgcn-amd-amdhsa", "gfx90a:xnack-")),
        (
            "hipv4-amdgcn-amd-amdhsa--gfx942:sramecc+:xnack+",
            ("hipv4", "amdgcn-amd-amdhsa", "gfx942:sramecc+:xnack+"),
        ),
        # Old-style ids with a three-component triple, as clang still accepts them.
        ("hip-amdgcn-amd-amdhsa-gfx906", ("hip", "amdgcn-amd-amdhsa", "gfx906")),
        ("openmp-x86_64-pc-linux-gnu", ("openmp", "x86_64-pc-linux-gnu", None)),
    ],
)
def test_parse_entry_id(entry_id: str, expected: tuple[str, str, str | None]) -> None:
    assert parse_entry_id(entry_id) == expected


@pytest.mark.parametrize("entry_id", ["", "host", "-x86_64", "hipv4-:xnack+", "hip\n-a-b-c-"])
def test_malformed_entry_id(entry_id: str) -> None:
    with pytest.raises(BundleError) as err:
        parse_entry_id(entry_id)
    assert err.value.message == (
        f"malformed bundle entry id '{entry_id}': expected <kind>-<triple>[-<target id>]"
    )


# --- writing -----------------------------------------------------------------------------


def test_write_exact_bytes_with_small_alignment() -> None:
    data = write_bundle([BundleEntry(GFX942, b"\x7fELF-ish")], align=8)
    host, gfx = HOST_ENTRY_ID.encode(), GFX942.encode()
    header_end = 32 + 24 + len(host) + 24 + len(gfx)  # 141
    first = (header_end + 7) // 8 * 8  # 144
    expected = raw_bundle([(first, 0, host), (first, 8, gfx)])
    expected += bytes(first - header_end) + b"\x7fELF-ish"
    assert data == expected


def test_write_aligns_code_objects_to_4096_like_clang() -> None:
    blob_a, blob_b = b"a" * 5000, b"b" * 10
    data = write_bundle([BundleEntry(GFX942, blob_a), BundleEntry(GFX1100, blob_b)])
    layout = read_layout(data)
    assert [(e.id, e.offset, e.size) for e in layout] == [
        (HOST_ENTRY_ID, 4096, 0),
        (GFX942, 4096, 5000),
        (GFX1100, 12288, 10),
    ]
    assert len(data) == 12288 + 10  # no padding after the last entry
    assert data[4096 + 5000 : 12288] == bytes(12288 - 9096)


def test_write_keeps_an_explicit_host_entry() -> None:
    entries = [BundleEntry(HOST_ENTRY_ID, b"host"), BundleEntry(GFX942, b"dev")]
    assert read_bundle(write_bundle(entries, align=1)) == tuple(entries)


@pytest.mark.parametrize(
    ("entries", "align", "message"),
    [
        ([], 3, "bundle alignment must be a power of two, got 3"),
        ([], 0, "bundle alignment must be a power of two, got 0"),
        (
            [BundleEntry(GFX942, b""), BundleEntry(HOST_ENTRY_ID, b"")],
            4096,
            f"the host entry '{HOST_ENTRY_ID}' must be the first bundle entry",
        ),
        (
            [BundleEntry(GFX942, b"1"), BundleEntry(GFX942, b"2")],
            4096,
            f"duplicate bundle entry id '{GFX942}'",
        ),
        (
            [BundleEntry("gfx942", b"")],
            4096,
            "malformed bundle entry id 'gfx942': expected <kind>-<triple>[-<target id>]",
        ),
    ],
)
def test_write_misuse_is_an_internal_error(
    entries: list[BundleEntry], align: int, message: str
) -> None:
    with pytest.raises(InternalError) as err:
        write_bundle(entries, align=align)
    assert err.value.message == f"internal error: {message} (please report this)"


entry_ids = st.sampled_from(
    [hip_entry_id(parse_target_id(t.name)) for t in TARGETS]
    + ["hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+", "openmp-x86_64-pc-linux-gnu"]
)


@settings(max_examples=200, deadline=None)
@given(
    ids=st.lists(entry_ids, unique=True, max_size=6),
    blobs=st.lists(st.binary(max_size=300), min_size=6, max_size=6),
    align=st.sampled_from([1, 2, 8, 64, 4096]),
)
def test_round_trip(ids: list[str], blobs: list[bytes], align: int) -> None:
    entries = [BundleEntry(i, b) for i, b in zip(ids, blobs, strict=False)]
    data = write_bundle(entries, align=align)
    assert is_bundle(data)
    assert read_bundle(data, "t.hipfb") == (BundleEntry(HOST_ENTRY_ID, b""), *entries)
    assert write_bundle(entries, align=align) == data  # deterministic
    layout = read_layout(data)
    assert all(e.offset % align == 0 for e in layout)
    # Entries follow one another in order, each at the next aligned position.
    ends = [e.offset + e.size for e in layout]
    assert all(b.offset >= end for end, b in zip(ends, layout[1:], strict=False))
    assert len(data) == ends[-1]


# --- reading malformed files: every message pinned ---------------------------------------


def test_is_bundle() -> None:
    assert is_bundle(MAGIC + bytes(8))
    assert is_bundle(b"CCOB\x01\x00")
    assert not is_bundle(b"\x7fELF")
    assert not is_bundle(b"")


HOST = HOST_ENTRY_ID.encode()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"hello", "t.hipfb: not a clang offload bundle (no '__CLANG_OFFLOAD_BUNDLE__' magic)"),
        (b"", "t.hipfb: not a clang offload bundle (no '__CLANG_OFFLOAD_BUNDLE__' magic)"),
        (
            b"CCOB\x02\x00\x03\x00" + bytes(24),
            "t.hipfb: compressed offload bundles (magic 'CCOB') are not supported yet; "
            "unbundle it with clang-offload-bundler first",
        ),
        (MAGIC[:10], "t.hipfb: truncated bundle header: 10 bytes"),
        (MAGIC + bytes(4), "t.hipfb: truncated bundle header: 28 bytes, need 32"),
        (raw_bundle([]), "t.hipfb: the bundle has no entries"),
        (
            MAGIC + struct.pack("<Q", 2**63) + bytes(50),
            f"t.hipfb: the bundle header claims {2**63} entries, but at most 2 fit in its 82 bytes",
        ),
        (
            MAGIC + struct.pack("<QQQQ", 2, 0, 0, 30) + b"x-y" * 10 + bytes(14),
            "t.hipfb: entry 1: header truncated at byte 86",
        ),
        (
            raw_bundle([(0, 0, HOST)])[:-5],
            "t.hipfb: entry 0: its 30-byte id at byte 56 runs past the end of the file (81 bytes)",
        ),
        (
            raw_bundle([(0, 0, b"host-\xff")]),
            "t.hipfb: entry 0: the id is not ASCII text: b'host-\\xff'",
        ),
        (
            raw_bundle([(0, 0, b"nodash")]),
            "t.hipfb: malformed bundle entry id 'nodash': expected <kind>-<triple>[-<target id>]",
        ),
        (
            raw_bundle([(0, 0, HOST), (0, 0, HOST)]),
            f"t.hipfb: the entry id '{HOST_ENTRY_ID}' appears twice",
        ),
        (
            raw_bundle([(0, 0, HOST), (200, 1000, GFX942.encode())], bytes(200)),
            f"t.hipfb: entry '{GFX942}': its data (offset 200, size 1000) runs past the end "
            "of the file (341 bytes)",
        ),
        (
            raw_bundle([(0, 0, HOST), (16, 8, GFX942.encode())]),
            f"t.hipfb: entry '{GFX942}': its data (offset 16, size 8) overlaps the bundle "
            "header, which ends at byte 141",
        ),
    ],
)
def test_read_errors(data: bytes, message: str) -> None:
    with pytest.raises(BundleError) as err:
        read_bundle(data, "t.hipfb")
    assert err.value.message == message
    assert err.value.exit_code == 1


def test_every_truncation_of_a_bundle_is_reported() -> None:
    data = write_bundle([BundleEntry(GFX942, b"code object")], align=16)
    for cut in range(len(data)):
        with pytest.raises(BundleError):
            read_bundle(data[:cut])


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_garbage_after_the_magic_never_escapes_as_another_exception(tail: bytes) -> None:
    try:
        entries = read_bundle(MAGIC + tail)
    except BundleError:
        return
    assert all(isinstance(e, BundleEntry) for e in entries)
