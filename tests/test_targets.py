"""The GPU target table: invariants, and target-id parsing."""

import struct

import pytest

from cu2amd.amdgpu import codegen
from cu2amd.amdgpu.select import parse_targets
from cu2amd.amdgpu.targets import (
    TARGETS,
    Feature,
    known_target_names,
    lookup,
    parse_target_id,
)
from cu2amd.errors import UsageError
from cu2amd.ptx_lowering.targets.host import HOST

REQUIRED = ("gfx90a", "gfx942", "gfx950", "gfx1030", "gfx1100", "gfx1101", "gfx1200", "gfx1201")


def test_table_is_sorted_unique_and_complete() -> None:
    names = [t.name for t in TARGETS]
    assert names == sorted(names, key=lambda n: (len(n), n))
    assert len(set(names)) == len(names)
    assert len({t.mach for t in TARGETS}) == len(TARGETS)
    for name in REQUIRED:
        assert name in names


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_row_is_plausible(target) -> None:
    assert target.wave_sizes[0] in (32, 64)
    assert set(target.wave_sizes) <= {32, 64}
    assert target.lds_bytes in (65536, 163840)
    # Data-centre GCN/CDNA parts are wave64 only; RDNA defaults to wave32.
    if target.name.startswith("gfx9"):
        assert target.wave_sizes == (64,)
    else:
        assert target.wave_sizes == (32, 64)


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
def test_llvm_emits_the_machine_number_of_the_table(target) -> None:
    """The table's e_flags machine is what LLVM writes; an unknown name would give 0."""
    tid = parse_target_id(target.name)
    module = codegen.parse_ir(
        'target triple = "amdgcn-amd-amdhsa"\ndefine amdgpu_kernel void @k() { ret void }\n'
    )
    obj = codegen.emit_object(module, tid)
    (e_flags,) = struct.unpack_from("<I", obj, 0x30)
    assert e_flags & 0xFF == target.mach


def test_design_md_machine_numbers() -> None:
    expected = {"gfx90a": 0x3F, "gfx942": 0x4C, "gfx950": 0x4F, "gfx1030": 0x36,
                "gfx1100": 0x41, "gfx1101": 0x46, "gfx1200": 0x48, "gfx1201": 0x4E}  # fmt: skip
    for name, mach in expected.items():
        assert lookup(name).mach == mach


def test_features() -> None:
    assert lookup("gfx942").has(Feature.MFMA)
    assert lookup("gfx942").has(Feature.XNACK)
    assert not lookup("gfx1100").has(Feature.MFMA)
    assert lookup("gfx1100").has(Feature.WMMA)
    assert lookup("gfx950").lds_bytes == 160 * 1024


def test_target_ids() -> None:
    tid = parse_target_id("gfx90a:xnack+")
    assert tid.processor == "gfx90a" and tid.xnack is True and tid.sramecc is None
    assert str(tid) == "gfx90a:xnack+"
    assert tid.llvm_features() == "+xnack"
    both = parse_target_id("gfx942:xnack-:sramecc+")
    assert str(both) == "gfx942:sramecc+:xnack-"
    assert both.llvm_features() == "+sramecc,-xnack"
    assert str(parse_target_id("gfx1100")) == "gfx1100"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("gfx999", "unknown AMD GPU target 'gfx999'; known targets: gfx900, "),
        ("sm_80", "unknown AMD GPU target 'sm_80'"),
        ("gfx90a:xnack", "bad target feature 'xnack' in 'gfx90a:xnack'"),
        ("gfx90a:foo+", "bad target feature 'foo+' in 'gfx90a:foo+'"),
        ("gfx1100:xnack+", "target 'gfx1100' has no 'xnack' setting (in 'gfx1100:xnack+')"),
        ("gfx90a:xnack+:xnack-", "'xnack' given twice in target id 'gfx90a:xnack+:xnack-'"),
    ],
)
def test_bad_target_ids(text: str, message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse_target_id(text)
    assert str(err.value).startswith(message)


def test_offload_arch_lists() -> None:
    ids = parse_targets("gfx942,gfx1100,gfx942")
    assert [str(t) for t in ids] == ["gfx942", "gfx1100"]
    assert parse_targets("host, gfx90a:xnack+") == (HOST, parse_target_id("gfx90a:xnack+"))
    with pytest.raises(UsageError, match="empty entry in offload-arch list 'gfx942,'"):
        parse_targets("gfx942,")
    assert "gfx1201" in known_target_names()
