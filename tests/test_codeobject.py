"""Tests of code-object inspection (cu2amd.amdgpu.codeobject) on code objects we compile.

Damaged metadata and kernel descriptors are tested in test_codeobject_damage.py.
"""

from __future__ import annotations

import struct

import pytest

from cu2amd.amdgpu.codegen import compile_ir
from cu2amd.amdgpu.codeobject import (
    CodeObjectError,
    decode_e_flags,
    read_code_object,
    target_string,
)
from cu2amd.amdgpu.targets import parse_target_id

KERNELS_IR = """
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [64 x float] poison, align 4

define amdgpu_kernel void @saxpy(float %a, ptr addrspace(1) %x, ptr addrspace(1) %y, i32 %n) #0 {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gx = getelementptr float, ptr addrspace(1) %x, i32 %tid
  %v = load float, ptr addrspace(1) %gx
  %m = fmul float %v, %a
  %gy = getelementptr float, ptr addrspace(1) %y, i32 %tid
  store float %m, ptr addrspace(1) %gy
  ret void
}

define amdgpu_kernel void @uses_lds(ptr addrspace(1) %out, i32 %i) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [64 x float], ptr addrspace(3) @lds, i32 0, i32 %tid
  store float 1.0, ptr addrspace(3) %p
  call void @llvm.amdgcn.s.barrier()
  %q = getelementptr [64 x float], ptr addrspace(3) @lds, i32 0, i32 %i
  %v = load float, ptr addrspace(3) %q
  %a = alloca [16 x i32], align 4, addrspace(5)
  %ap = getelementptr [16 x i32], ptr addrspace(5) %a, i32 0, i32 %tid
  store volatile i32 %tid, ptr addrspace(5) %ap
  %bp = getelementptr [16 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  %b = load volatile i32, ptr addrspace(5) %bp
  %bf = sitofp i32 %b to float
  %s = fadd float %v, %bf
  store float %s, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
"""


@pytest.fixture(scope="module")
def code_objects() -> dict[str, bytes]:
    targets = ["gfx942", "gfx1100", "gfx90a:sramecc-:xnack+"]
    return {t: compile_ir(KERNELS_IR, parse_target_id(t)) for t in targets}


@pytest.fixture
def gfx942(code_objects: dict[str, bytes]) -> bytearray:
    return bytearray(code_objects["gfx942"])


def fails(data: bytes | bytearray) -> str:
    with pytest.raises(CodeObjectError) as err:
        read_code_object(bytes(data), "k.hsaco")
    assert "Traceback" not in err.value.render()
    return err.value.message


# --- what a compiled code object says ----------------------------------------------------


def test_gfx942_kernels(code_objects: dict[str, bytes]) -> None:
    info = read_code_object(code_objects["gfx942"])
    assert (info.target, info.processor, info.xnack, info.sramecc) == (
        "gfx942",
        "gfx942",
        None,
        None,
    )
    assert info.e_flags & 0xFF == 0x4C
    assert info.code_object_version in (4, 5, 6)
    assert [k.name for k in info.kernels] == ["saxpy", "uses_lds"]
    saxpy, uses_lds = info.kernels
    assert saxpy.symbol == "saxpy.kd"
    assert (saxpy.wavefront_size, saxpy.descriptor.wave32) == (64, False)
    assert (saxpy.kernarg_bytes, saxpy.kernarg_align) == (28, 8)
    assert saxpy.max_flat_workgroup_size == 256
    assert (saxpy.lds_bytes, saxpy.scratch_bytes) == (0, 0)
    assert saxpy.vgprs > 0 and saxpy.sgprs > 0 and saxpy.agprs == 0
    assert [(a.name, a.offset, a.size, a.value_kind, a.address_space) for a in saxpy.args] == [
        ("a", 0, 4, "by_value", None),
        ("x", 8, 8, "global_buffer", "global"),
        ("y", 16, 8, "global_buffer", "global"),
        ("n", 24, 4, "by_value", None),
    ]
    assert uses_lds.lds_bytes == 256 == uses_lds.descriptor.group_segment_fixed_size
    assert uses_lds.scratch_bytes >= 64  # the 16 x i32 private array
    assert (uses_lds.kernarg_bytes, uses_lds.max_flat_workgroup_size) == (12, 1024)


def test_gfx1100_is_wave32(code_objects: dict[str, bytes]) -> None:
    info = read_code_object(code_objects["gfx1100"])
    assert info.target == "gfx1100"
    assert info.e_flags & 0xFF == 0x41
    for kernel in info.kernels:
        assert (kernel.wavefront_size, kernel.descriptor.wave32) == (32, True)
        assert kernel.agprs == 0  # RDNA metadata has no .agpr_count at all
        assert kernel.vgprs > 0
    assert [k.kernarg_bytes for k in info.kernels] == [28, 12]


def test_target_features_come_from_e_flags(code_objects: dict[str, bytes]) -> None:
    info = read_code_object(code_objects["gfx90a:sramecc-:xnack+"])
    assert (info.target, info.xnack, info.sramecc) == ("gfx90a:sramecc-:xnack+", True, False)


@pytest.mark.parametrize(
    ("e_flags", "expected"),
    [
        (0x54C, ("gfx942", None, None)),  # xnack any, sramecc any
        (0x04C, ("gfx942", None, None)),  # both unsupported
        (0xA3F, ("gfx90a", False, False)),
        (0x73F, ("gfx90a", True, None)),
        (0xF3F, ("gfx90a", True, True)),
        (0x02A, (None, None, None)),  # gfx803: not in cu2amd's target table
    ],
)
def test_decode_e_flags(
    e_flags: int, expected: tuple[str | None, bool | None, bool | None]
) -> None:
    assert decode_e_flags(e_flags) == expected


def test_target_string_orders_features_like_llvm() -> None:
    assert target_string("gfx90a", xnack=True, sramecc=False) == "gfx90a:sramecc-:xnack+"
    assert target_string("gfx942", xnack=None, sramecc=None) == "gfx942"


def test_abi_version_gives_the_code_object_version(gfx942: bytearray) -> None:
    gfx942[8] = 3  # ELFABIVERSION_AMDGPU_HSA_V5
    assert read_code_object(bytes(gfx942)).code_object_version == 5


def test_unknown_processor_is_named_by_the_metadata(gfx942: bytearray) -> None:
    gfx942[48] = 0x2A  # EF_AMDGPU_MACH_AMDGCN_GFX803, feature bits cleared
    gfx942[49] = 0
    patched = bytes(gfx942).replace(b"amdhsa--gfx942", b"amdhsa--gfx803")
    info = read_code_object(patched)
    assert (info.processor, info.target) == ("gfx803", "gfx803")


# --- broken ELF headers ------------------------------------------------------------------


def test_not_elf() -> None:
    assert fails(b"hello") == "k.hsaco: not an ELF file"


def test_truncated_elf_header(gfx942: bytearray) -> None:
    assert fails(gfx942[:40]) == "k.hsaco: truncated ELF header: 40 bytes, need 64"


def test_32_bit_elf(gfx942: bytearray) -> None:
    gfx942[4] = 1
    assert fails(gfx942) == (
        "k.hsaco: not an AMDGPU code object: expected a 64-bit little-endian ELF file"
    )


def test_other_machine(gfx942: bytearray) -> None:
    gfx942[18:20] = struct.pack("<H", 62)
    assert fails(gfx942) == (
        "k.hsaco: not an AMDGPU code object: the ELF machine is 62, expected EM_AMDGPU (224)"
    )


def test_other_os_abi(gfx942: bytearray) -> None:
    gfx942[7] = 65  # PAL
    assert fails(gfx942) == (
        "k.hsaco: not an HSA code object: the ELF OS/ABI is 65, expected ELFOSABI_AMDGPU_HSA (64)"
    )


def test_old_code_object_version(gfx942: bytearray) -> None:
    gfx942[8] = 1  # code object v3
    assert fails(gfx942) == (
        "k.hsaco: unsupported code object version (ELF ABI version 1); cu2amd reads "
        "code object versions 4 to 6"
    )


def test_no_machine_in_e_flags(gfx942: bytearray) -> None:
    gfx942[48] = 0
    assert fails(gfx942) == (
        "k.hsaco: the ELF e_flags name no processor (EF_AMDGPU_MACH is 0); no runtime "
        "loads this code object"
    )


def test_e_flags_disagree_with_metadata(gfx942: bytearray) -> None:
    gfx942[48] = 0x3F  # gfx90a
    assert fails(gfx942) == (
        f"k.hsaco: the metadata target 'gfx942' disagrees with the ELF e_flags "
        f"(0x{gfx942[49]:x}3f: 'gfx90a'); the code object is corrupt"
    )


def test_xnack_bits_disagree_with_metadata(gfx942: bytearray) -> None:
    gfx942[49] = (gfx942[49] & ~0x3) | 0x3  # xnack on
    assert "disagrees with the ELF e_flags" in fails(gfx942)
    assert "'gfx942:xnack+'" in fails(gfx942)


def test_corrupt_section_table(gfx942: bytearray) -> None:
    gfx942[40:48] = struct.pack("<Q", 2**40)  # e_shoff far past the end
    assert fails(gfx942).startswith("k.hsaco: corrupt ELF file: ")
