"""Reading AMDGPU code objects (HSACO): target, kernels and their resource usage.

A code object is an ELF shared object (EM_AMDGPU, OS/ABI AMDGPU_HSA). What a kernel
uses is recorded twice: in the NT_AMDGPU_METADATA note (MessagePack, `amdhsa.kernels`)
and in its 64-byte kernel descriptor at the `<kernel>.kd` symbol, which is what the
command processor actually reads. Both are decoded here and cross-checked; a disagreement
means a corrupt file and is reported with both values. Field layouts follow LLVM's
AMDGPUUsage ("ELF Header", "Code Object Metadata", "Kernel Descriptor"). Code object
versions 4 to 6 are read; their e_flags share one encoding of the processor and of the
xnack/sramecc settings.
"""

from __future__ import annotations

import io
import struct
from dataclasses import dataclass

import msgpack
from elftools.elf.elffile import ELFFile

from cu2amd.amdgpu.targets import TARGETS
from cu2amd.errors import Cu2amdError

EM_AMDGPU = 224
ELFOSABI_AMDGPU_HSA = 64
# e_ident[EI_ABIVERSION] -> code object version.
_ABI_VERSIONS = {2: 4, 3: 5, 4: 6}
EF_AMDGPU_MACH = 0xFF
_XNACK_SHIFT, _SRAMECC_SHIFT = 8, 10  # two-bit fields: unsupported, any, off, on
_FEATURE_SETTING: dict[int, bool | None] = {0: None, 1: None, 2: False, 3: True}

KERNEL_DESCRIPTOR_SIZE = 64
_KD_LAYOUT = struct.Struct("<III4xq20xIIIHH4x")
KERNEL_CODE_PROPERTY_ENABLE_WAVEFRONT_SIZE32 = 1 << 10

_BY_MACH = {t.mach: t.name for t in TARGETS}


class CodeObjectError(Cu2amdError):
    """A file that should be an AMDGPU code object is not one, or is corrupt."""


@dataclass(frozen=True, slots=True)
class KernelArg:
    """One kernel argument as the metadata describes it (`.args`)."""

    name: str  # empty for hidden arguments
    offset: int
    size: int
    value_kind: str  # by_value, global_buffer, hidden_block_count_x, ...
    address_space: str | None  # global, constant, ... for pointers


@dataclass(frozen=True, slots=True)
class KernelDescriptor:
    """The fields of a kernel descriptor that say what the kernel needs from the hardware."""

    group_segment_fixed_size: int
    private_segment_fixed_size: int
    kernarg_size: int
    kernel_code_entry_byte_offset: int
    compute_pgm_rsrc3: int
    compute_pgm_rsrc1: int
    compute_pgm_rsrc2: int
    kernel_code_properties: int
    kernarg_preload: int

    @property
    def wave32(self) -> bool:
        return bool(self.kernel_code_properties & KERNEL_CODE_PROPERTY_ENABLE_WAVEFRONT_SIZE32)


@dataclass(frozen=True, slots=True)
class KernelInfo:
    """One kernel: metadata values, checked against its descriptor."""

    name: str
    symbol: str
    vgprs: int
    sgprs: int
    agprs: int
    lds_bytes: int  # group segment, static part
    scratch_bytes: int  # private segment per work-item, fixed part
    kernarg_bytes: int
    kernarg_align: int
    wavefront_size: int
    max_flat_workgroup_size: int
    vgpr_spills: int
    sgpr_spills: int
    uses_dynamic_stack: bool
    args: tuple[KernelArg, ...]
    descriptor: KernelDescriptor


@dataclass(frozen=True, slots=True)
class CodeObjectInfo:
    """A code object: its target id (`gfx90a:xnack+`), version, e_flags and kernels."""

    target: str
    processor: str
    xnack: bool | None  # None: "any" or not a setting of this processor
    sramecc: bool | None
    code_object_version: int
    e_flags: int
    kernels: tuple[KernelInfo, ...]


def is_code_object(data: bytes) -> bool:
    """Whether `data` starts like an ELF file (the rest is checked by `read_code_object`)."""
    return data.startswith(b"\x7fELF")


def target_string(processor: str, xnack: bool | None, sramecc: bool | None) -> str:
    """LLVM's target id text: features in alphabetical order, `any` left out."""
    parts = [processor]
    for feature, setting in (("sramecc", sramecc), ("xnack", xnack)):
        if setting is not None:
            parts.append(feature + ("+" if setting else "-"))
    return ":".join(parts)


def decode_e_flags(e_flags: int) -> tuple[str | None, bool | None, bool | None]:
    """(processor or None if not in the target table, xnack, sramecc), v4+ encoding."""
    processor = _BY_MACH.get(e_flags & EF_AMDGPU_MACH)
    xnack = _FEATURE_SETTING[(e_flags >> _XNACK_SHIFT) & 3]
    sramecc = _FEATURE_SETTING[(e_flags >> _SRAMECC_SHIFT) & 3]
    return processor, xnack, sramecc


def read_code_object(data: bytes, name: str = "<code object>") -> CodeObjectInfo:
    """Decode and cross-check a code object; `name` prefixes every error message."""
    version, e_flags = _check_header(data, name)
    try:
        elf = ELFFile(io.BytesIO(data))
        notes = _metadata_notes(elf)
        symbols = _symbol_addresses(elf)
        loads = [
            (s["p_vaddr"], s["p_offset"], s["p_filesz"])
            for s in elf.iter_segments()
            if s["p_type"] == "PT_LOAD"
        ]
    except Exception as err:  # pyelftools raises many kinds on a corrupt file
        raise CodeObjectError(f"{name}: corrupt ELF file: {err}") from None
    if not notes:
        raise CodeObjectError(
            f"{name}: no AMDGPU metadata note (NT_AMDGPU_METADATA, type 32, owner 'AMDGPU')"
        )
    meta = _decode_metadata(notes[0], name)

    processor, xnack, sramecc = decode_e_flags(e_flags)
    meta_target = _metadata_target(meta)
    if processor is None:  # a processor cu2amd does not target: trust the metadata's name
        processor = meta_target.split(":")[0]
    target = target_string(processor, xnack, sramecc)
    if meta_target != target:
        raise CodeObjectError(
            f"{name}: the metadata target '{meta_target}' disagrees with the ELF e_flags "
            f"(0x{e_flags:x}: '{target}'); the code object is corrupt"
        )

    kernels = []
    for fields in _kernel_fields(meta, name):
        symbol = fields.text(".symbol")
        descriptor = _read_descriptor(data, symbol, symbols, loads, name)
        kernel = _kernel_info(fields, descriptor)
        _cross_check(kernel, processor, name)
        kernels.append(kernel)
    return CodeObjectInfo(
        target=target,
        processor=processor,
        xnack=xnack,
        sramecc=sramecc,
        code_object_version=version,
        e_flags=e_flags,
        kernels=tuple(sorted(kernels, key=lambda k: k.name)),
    )


def _check_header(data: bytes, name: str) -> tuple[int, int]:
    """(code object version, e_flags), after checking that this is an AMDGPU HSA ELF."""
    if not is_code_object(data):
        raise CodeObjectError(f"{name}: not an ELF file")
    if len(data) < 64:
        raise CodeObjectError(f"{name}: truncated ELF header: {len(data)} bytes, need 64")
    ei_class, ei_data, _, ei_osabi, ei_abiversion = data[4:9]
    if ei_class != 2 or ei_data != 1:
        raise CodeObjectError(
            f"{name}: not an AMDGPU code object: expected a 64-bit little-endian ELF file"
        )
    (e_machine,) = struct.unpack_from("<H", data, 18)
    if e_machine != EM_AMDGPU:
        raise CodeObjectError(
            f"{name}: not an AMDGPU code object: the ELF machine is {e_machine}, "
            f"expected EM_AMDGPU ({EM_AMDGPU})"
        )
    if ei_osabi != ELFOSABI_AMDGPU_HSA:
        raise CodeObjectError(
            f"{name}: not an HSA code object: the ELF OS/ABI is {ei_osabi}, expected "
            f"ELFOSABI_AMDGPU_HSA ({ELFOSABI_AMDGPU_HSA})"
        )
    if ei_abiversion not in _ABI_VERSIONS:
        raise CodeObjectError(
            f"{name}: unsupported code object version (ELF ABI version {ei_abiversion}); "
            "cu2amd reads code object versions 4 to 6"
        )
    (e_flags,) = struct.unpack_from("<I", data, 48)
    if e_flags & EF_AMDGPU_MACH == 0:
        raise CodeObjectError(
            f"{name}: the ELF e_flags name no processor (EF_AMDGPU_MACH is 0); no runtime "
            "loads this code object"
        )
    return _ABI_VERSIONS[ei_abiversion], e_flags


def _metadata_notes(elf: ELFFile) -> list[bytes]:
    found = []
    for section in elf.iter_sections():
        if section["sh_type"] != "SHT_NOTE":
            continue
        for note in section.iter_notes():
            if note["n_name"] == "AMDGPU" and note["n_type"] == 32:
                found.append(bytes(note["n_desc"]))
    return found


def _symbol_addresses(elf: ELFFile) -> dict[str, tuple[int, int]]:
    """Symbol name -> (address, size), from .symtab, else .dynsym (stripped files)."""
    table = elf.get_section_by_name(".symtab") or elf.get_section_by_name(".dynsym")
    if table is None:
        return {}
    return {s.name: (s["st_value"], s["st_size"]) for s in table.iter_symbols() if s.name}


def _read_descriptor(
    data: bytes,
    symbol: str,
    symbols: dict[str, tuple[int, int]],
    loads: list[tuple[int, int, int]],
    name: str,
) -> KernelDescriptor:
    if symbol not in symbols:
        raise CodeObjectError(f"{name}: the kernel descriptor symbol '{symbol}' is missing")
    address, size = symbols[symbol]
    if size != KERNEL_DESCRIPTOR_SIZE:
        raise CodeObjectError(
            f"{name}: the kernel descriptor '{symbol}' is {size} bytes, expected "
            f"{KERNEL_DESCRIPTOR_SIZE}"
        )
    for vaddr, offset, filesz in loads:
        if vaddr <= address and address + size <= vaddr + filesz:
            start = offset + address - vaddr
            if start + size <= len(data):
                return KernelDescriptor(*_KD_LAYOUT.unpack_from(data, start))
    raise CodeObjectError(
        f"{name}: the kernel descriptor '{symbol}' (address 0x{address:x}) lies outside "
        "the file's loaded segments"
    )


def _cross_check(kernel: KernelInfo, processor: str, name: str) -> None:
    kd = kernel.descriptor
    where = f"{name}: kernel '{kernel.name}'"
    for what, in_meta, in_kd in (
        ("LDS (group segment) size", kernel.lds_bytes, kd.group_segment_fixed_size),
        ("scratch (private segment) size", kernel.scratch_bytes, kd.private_segment_fixed_size),
        ("kernarg size", kernel.kernarg_bytes, kd.kernarg_size),
    ):
        if in_meta != in_kd:
            raise CodeObjectError(
                f"{where}: the metadata says the {what} is {in_meta} bytes but the kernel "
                f"descriptor says {in_kd}; the code object is corrupt"
            )
    kd_wave = 32 if kd.wave32 else 64
    if kernel.wavefront_size != kd_wave:
        raise CodeObjectError(
            f"{where}: the metadata says the wavefront size is {kernel.wavefront_size} but "
            f"the kernel descriptor says {kd_wave}; the code object is corrupt"
        )
    wave_sizes = next((t.wave_sizes for t in TARGETS if t.name == processor), None)
    if wave_sizes is not None and kd_wave not in wave_sizes:
        raise CodeObjectError(
            f"{where}: wavefront size {kd_wave} is not supported by {processor}; "
            "the code object is corrupt"
        )


class _Fields:
    """Typed access to one metadata map; errors name the file, the kernel and the key."""

    def __init__(self, values: object, where: str) -> None:
        if not isinstance(values, dict):
            raise CodeObjectError(f"{where}: the metadata is not a map")
        self.values = values
        self.where = where

    def get(self, key: str, default: object) -> object:
        if key in self.values:
            return self.values[key]
        if default is None:
            raise CodeObjectError(f"{self.where}: the metadata lacks '{key}'")
        return default

    def bad(self, key: str, expected: str) -> CodeObjectError:
        return CodeObjectError(
            f"{self.where}: the metadata '{key}' is {self.values[key]!r}, expected {expected}"
        )

    def integer(self, key: str, default: int | None = None) -> int:
        value = self.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.bad(key, "an unsigned integer")
        return value

    def text(self, key: str, default: str | None = None) -> str:
        value = self.get(key, default)
        if not isinstance(value, str):
            raise self.bad(key, "a string")
        return value

    def flag(self, key: str) -> bool:
        value = self.get(key, False)
        if not isinstance(value, bool):
            raise self.bad(key, "a boolean")
        return value


def _decode_metadata(desc: bytes, name: str) -> _Fields:
    try:
        meta = msgpack.unpackb(desc, raw=False)
    except Exception as err:  # msgpack raises ValueError, TypeError, its own kinds ...
        raise CodeObjectError(
            f"{name}: the metadata note is not valid MessagePack: {err}"
        ) from None
    fields = _Fields(meta, name)
    version = fields.get("amdhsa.version", None)
    if not isinstance(version, list) or [type(v) for v in version] != [int, int] or version[0] != 1:
        raise fields.bad("amdhsa.version", "[1, minor]")
    return fields


def _metadata_target(meta: _Fields) -> str:
    prefix = "amdgcn-amd-amdhsa--"
    target = meta.text("amdhsa.target")
    if not target.startswith(prefix) or len(target) == len(prefix):
        raise meta.bad("amdhsa.target", f"'{prefix}<target id>'")
    return target[len(prefix) :]


def _kernel_fields(meta: _Fields, name: str) -> list[_Fields]:
    kernels = meta.get("amdhsa.kernels", [])
    if not isinstance(kernels, list):
        raise meta.bad("amdhsa.kernels", "a list")
    result = []
    for index, kernel in enumerate(kernels):
        where = f"{name}: kernel {index}"
        kname = _Fields(kernel, where).text(".name")
        result.append(_Fields(kernel, f"{name}: kernel '{kname}'"))
    return result


def _kernel_args(fields: _Fields) -> tuple[KernelArg, ...]:
    raw = fields.get(".args", [])
    if not isinstance(raw, list):
        raise fields.bad(".args", "a list")
    args = []
    for index, arg in enumerate(raw):
        f = _Fields(arg, f"{fields.where}: argument {index}")
        name, kind = f.text(".name", ""), f.text(".value_kind")
        space = f.text(".address_space", "") or None
        args.append(KernelArg(name, f.integer(".offset"), f.integer(".size"), kind, space))
    return tuple(args)


def _kernel_info(f: _Fields, descriptor: KernelDescriptor) -> KernelInfo:
    return KernelInfo(
        name=f.text(".name"),
        symbol=f.text(".symbol"),
        vgprs=f.integer(".vgpr_count"),
        sgprs=f.integer(".sgpr_count"),
        agprs=f.integer(".agpr_count", 0),  # absent on processors without AGPRs
        lds_bytes=f.integer(".group_segment_fixed_size"),
        scratch_bytes=f.integer(".private_segment_fixed_size"),
        kernarg_bytes=f.integer(".kernarg_segment_size"),
        kernarg_align=f.integer(".kernarg_segment_align"),
        wavefront_size=f.integer(".wavefront_size"),
        max_flat_workgroup_size=f.integer(".max_flat_workgroup_size"),
        vgpr_spills=f.integer(".vgpr_spill_count", 0),
        sgpr_spills=f.integer(".sgpr_spill_count", 0),
        uses_dynamic_stack=f.flag(".uses_dynamic_stack"),
        args=_kernel_args(f),
        descriptor=descriptor,
    )
