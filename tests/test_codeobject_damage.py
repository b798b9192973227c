"""Code objects with damaged metadata or kernel descriptors: each is reported, by name.

The metadata is edited by re-encoding it to exactly its old size, so the ELF layout stays
valid and only what the test changes is wrong.
"""

from __future__ import annotations

import contextlib
import io
import struct
from collections.abc import Callable
from typing import Any

import msgpack
import pytest
from elftools.elf.elffile import ELFFile
from hypothesis import given, settings
from hypothesis import strategies as st
from test_codeobject import KERNELS_IR, fails

from cu2amd.amdgpu.codegen import compile_ir
from cu2amd.amdgpu.codeobject import CodeObjectError, read_code_object
from cu2amd.amdgpu.targets import parse_target_id


@pytest.fixture(scope="module")
def compiled() -> bytes:
    return compile_ir(KERNELS_IR, parse_target_id("gfx942"))


@pytest.fixture
def gfx942(compiled: bytes) -> bytearray:
    return bytearray(compiled)


# --- the metadata note -------------------------------------------------------------------


def note_desc_range(data: bytes | bytearray) -> tuple[int, int]:
    """File offset and size of the NT_AMDGPU_METADATA payload."""
    elf = ELFFile(io.BytesIO(bytes(data)))
    for section in elf.iter_sections():
        if section["sh_type"] == "SHT_NOTE":
            for note in section.iter_notes():
                if note["n_type"] == 32:
                    name_size = (note["n_namesz"] + 3) // 4 * 4
                    return note["n_offset"] + 12 + name_size, note["n_descsz"]
    raise AssertionError("no metadata note")


def with_metadata(data: bytearray, edit: Callable[[Any], Any]) -> bytearray:
    """`data` with its metadata replaced by edit(metadata), padded to the same size.

    Every kernel's optional `.vgpr_spill_count` (0 here, and 0 when absent) is dropped
    first, so that an edit which keeps the size still leaves room for the padding key.
    """
    start, size = note_desc_range(data)
    meta = msgpack.unpackb(bytes(data[start : start + size]))
    for kernel in meta["amdhsa.kernels"]:
        assert kernel.pop(".vgpr_spill_count") == 0
    new = edit(meta)
    for key_len in range(1, 4):
        for n in range(size):
            if isinstance(new, dict):
                padded = msgpack.packb({**new, "~" * key_len: [None] * n})
            else:
                padded = msgpack.packb([*new, "~" * key_len, [None] * n])
            if len(padded) == size:
                return data[:start] + padded + data[start + size :]
    raise AssertionError("the edited metadata does not fit")


def test_padded_metadata_reads_the_same(gfx942: bytearray) -> None:
    assert read_code_object(bytes(with_metadata(gfx942, lambda m: m))) == read_code_object(
        bytes(gfx942)
    )


def kernel_edit(key: str, value: object) -> Callable[[Any], Any]:
    def edit(meta: Any) -> Any:
        kernel = meta["amdhsa.kernels"][0]
        if value is None:
            del kernel[key]
        else:
            kernel[key] = value
        return meta

    return edit


def test_no_metadata_note(gfx942: bytearray) -> None:
    start, _ = note_desc_range(gfx942)
    gfx942[start - 12 : start - 8] = struct.pack("<I", 33)  # another note type
    assert fails(gfx942) == (
        "k.hsaco: no AMDGPU metadata note (NT_AMDGPU_METADATA, type 32, owner 'AMDGPU')"
    )


def test_metadata_not_messagepack(gfx942: bytearray) -> None:
    start, _ = note_desc_range(gfx942)
    gfx942[start] = 0xC1  # never used by MessagePack
    assert fails(gfx942).startswith("k.hsaco: the metadata note is not valid MessagePack: ")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda m: list(m), "k.hsaco: the metadata is not a map"),
        (
            lambda m: {**m, "amdhsa.version": [2, 0]},
            "k.hsaco: the metadata 'amdhsa.version' is [2, 0], expected [1, minor]",
        ),
        (
            lambda m: {k: v for k, v in m.items() if k != "amdhsa.version"},
            "k.hsaco: the metadata lacks 'amdhsa.version'",
        ),
        (
            lambda m: {**m, "amdhsa.target": "amdgcn-amd-amdpal--gfx942"},
            "k.hsaco: the metadata 'amdhsa.target' is 'amdgcn-amd-amdpal--gfx942', "
            "expected 'amdgcn-amd-amdhsa--<target id>'",
        ),
        (
            lambda m: {**m, "amdhsa.kernels": {}},
            "k.hsaco: the metadata 'amdhsa.kernels' is {}, expected a list",
        ),
        (
            lambda m: {**m, "amdhsa.kernels": [7]},
            "k.hsaco: kernel 0: the metadata is not a map",
        ),
        (
            kernel_edit(".name", 5),
            "k.hsaco: kernel 0: the metadata '.name' is 5, expected a string",
        ),
        (
            kernel_edit(".sgpr_count", None),
            "k.hsaco: kernel 'saxpy': the metadata lacks '.sgpr_count'",
        ),
        (
            kernel_edit(".vgpr_count", True),
            "k.hsaco: kernel 'saxpy': the metadata '.vgpr_count' is True, expected an "
            "unsigned integer",
        ),
        (
            kernel_edit(".uses_dynamic_stack", 1),
            "k.hsaco: kernel 'saxpy': the metadata '.uses_dynamic_stack' is 1, expected a boolean",
        ),
        (
            kernel_edit(".args", "x"),
            "k.hsaco: kernel 'saxpy': the metadata '.args' is 'x', expected a list",
        ),
        (
            kernel_edit(".args", [{".offset": 0, ".size": 4}]),
            "k.hsaco: kernel 'saxpy': argument 0: the metadata lacks '.value_kind'",
        ),
        (
            kernel_edit(".symbol", "saxpy.kx"),
            "k.hsaco: the kernel descriptor symbol 'saxpy.kx' is missing",
        ),
    ],
)
def test_bad_metadata(gfx942: bytearray, edit: Callable[[Any], Any], message: str) -> None:
    assert fails(with_metadata(gfx942, edit)) == message


# --- metadata against the kernel descriptor ----------------------------------------------


def symbol_entry(data: bytes | bytearray, name: str) -> tuple[int, int]:
    """(file offset of the symbol's .symtab entry, file offset of what it points at)."""
    elf = ELFFile(io.BytesIO(bytes(data)))
    symtab = elf.get_section_by_name(".symtab")
    for index, sym in enumerate(symtab.iter_symbols()):
        if sym.name == name:
            section = elf.get_section(sym["st_shndx"])
            target = sym["st_value"] - section["sh_addr"] + section["sh_offset"]
            return symtab["sh_offset"] + index * 24, target
    raise AssertionError(f"no symbol {name}")


@pytest.mark.parametrize(
    ("field", "what"),
    [
        (0, "LDS (group segment) size is 256 bytes but the kernel descriptor says 512"),
        (4, "scratch (private segment) size is {scratch} bytes but the kernel descriptor says 512"),
        (8, "kernarg size is 12 bytes but the kernel descriptor says 512"),
    ],
)
def test_descriptor_disagrees(gfx942: bytearray, field: int, what: str) -> None:
    scratch = read_code_object(bytes(gfx942)).kernels[1].scratch_bytes
    _, kd = symbol_entry(gfx942, "uses_lds.kd")
    gfx942[kd + field : kd + field + 4] = struct.pack("<I", 512)
    assert fails(gfx942) == (
        f"k.hsaco: kernel 'uses_lds': the metadata says the {what.format(scratch=scratch)}; "
        "the code object is corrupt"
    )


def test_wave32_bit_disagrees(gfx942: bytearray) -> None:
    _, kd = symbol_entry(gfx942, "saxpy.kd")
    gfx942[kd + 57] |= 0x04  # kernel_code_properties bit 10: ENABLE_WAVEFRONT_SIZE32
    assert fails(gfx942) == (
        "k.hsaco: kernel 'saxpy': the metadata says the wavefront size is 64 but the kernel "
        "descriptor says 32; the code object is corrupt"
    )


def test_wave32_on_a_wave64_processor(gfx942: bytearray) -> None:
    _, kd = symbol_entry(gfx942, "saxpy.kd")
    gfx942[kd + 57] |= 0x04
    patched = with_metadata(gfx942, kernel_edit(".wavefront_size", 32))
    assert fails(patched) == (
        "k.hsaco: kernel 'saxpy': wavefront size 32 is not supported by gfx942; "
        "the code object is corrupt"
    )


def test_descriptor_symbol_of_the_wrong_size(gfx942: bytearray) -> None:
    entry, _ = symbol_entry(gfx942, "saxpy.kd")
    gfx942[entry + 16 : entry + 24] = struct.pack("<Q", 32)
    assert fails(gfx942) == "k.hsaco: the kernel descriptor 'saxpy.kd' is 32 bytes, expected 64"


def test_descriptor_outside_the_segments(gfx942: bytearray) -> None:
    entry, _ = symbol_entry(gfx942, "saxpy.kd")
    gfx942[entry + 8 : entry + 16] = struct.pack("<Q", 0x100000)
    assert fails(gfx942) == (
        "k.hsaco: the kernel descriptor 'saxpy.kd' (address 0x100000) lies outside the "
        "file's loaded segments"
    )


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_damage_is_reported_never_a_crash(compiled: bytes, data: st.DataObject) -> None:
    blob = bytearray(compiled)
    for _ in range(data.draw(st.integers(1, 8))):
        blob[data.draw(st.integers(0, len(blob) - 1))] = data.draw(st.integers(0, 255))
    blob = blob[: data.draw(st.integers(0, len(blob)))]
    with contextlib.suppress(CodeObjectError):
        read_code_object(bytes(blob))
