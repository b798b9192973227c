"""The device runtime library (runtime_shim/device): its flavours define exactly the
neutral builtins of warp_api.h, carry no processor of their own, and keep the host
runtime's calls from being merged; linking makes them internal and is skipped when a
module calls none of them."""

import re

import llvmlite.binding as llvm
import pytest

from cu2amd.runtime_shim.device import library
from cu2amd.runtime_shim.headers import include_dir


@pytest.mark.parametrize("flavour", sorted(library.FLAVOURS))
def test_flavour_defines_the_api(flavour: str) -> None:
    module = llvm.parse_assembly(library.library_ir(flavour))
    exported = {
        f.name
        for f in module.functions
        if not f.is_declaration and f.linkage == llvm.Linkage.external
    }
    host_only = library.HOST_API if flavour == "host" else frozenset()
    assert exported == library.API | host_only
    header = (include_dir() / "cu2amd" / "warp_api.h").read_text()
    assert set(re.findall(r"\b(__cu2amd_\w+)\(", header)) == library.API


@pytest.mark.parametrize("flavour", sorted(library.FLAVOURS))
def test_no_processor_attributes_or_module_flags(flavour: str) -> None:
    """The library takes the processor of the module it is linked into; an AMDGPU flavour's
    functions keep only their wave size (optimised before inlining, they must not fold
    wave-size dependent intrinsics for another one)."""
    text = library.library_ir(flavour)
    assert '"target-cpu"' not in text
    features = set(re.findall(r'"target-features"="([^"]*)"', text))
    expected = {
        "amdgcn-wave32": {"+wavefrontsize32"},
        "amdgcn-wave64": {"+wavefrontsize64"},
        "amdgcn-wave64-rdna": {"+wavefrontsize64"},
    }
    assert features == expected.get(flavour, set())
    assert "!llvm.module.flags" not in text


def test_host_flavour_calls_the_runtime_unmergeably() -> None:
    """The calls into the runtime are convergent and nomerge: code generation must not merge
    the collectives of two branches into one call (the runtime groups lanes by address)."""
    text = library.library_ir("host")
    groups = dict(re.findall(r"^attributes (#\d+) = \{ (.*) \}$", text, re.M))
    calls = re.findall(r"call .*@(__cu2amd_wave_\w+)\(.*\) (#\d+)$", text, re.M)
    assert {name for name, _ in calls} >= {
        "__cu2amd_wave_ballot", "__cu2amd_wave_readlane", "__cu2amd_wave_active_mask"
    }  # fmt: skip
    for name, group in calls:
        assert {"convergent", "nomerge"} <= set(groups[group].split()), name


def test_amdgpu_flavours_use_wave_intrinsics() -> None:
    """(Which ballot and lane intrinsics a kernel gets for each wave size is
    lit_tests/ptx/lower/warp-wave-primitives.ptx's.)"""
    for flavour in ("amdgcn-wave32", "amdgcn-wave64"):
        text = library.library_ir(flavour)
        assert "@llvm.amdgcn.ballot" in text and "@llvm.amdgcn.ds.bpermute" in text
        assert "@__cu2amd_wave" not in text


def test_linking_is_on_demand_and_internal() -> None:
    plain = llvm.parse_assembly("define void @k() {\n  ret void\n}\n")
    assert not library.link_device_library(plain, "host")
    assert [f.name for f in plain.functions] == ["k"]
    caller = llvm.parse_assembly(
        "declare i32 @__cu2amd_activemask(ptr)\n"
        "define i32 @k() {\n  %m = call i32 @__cu2amd_activemask(ptr null)\n  ret i32 %m\n}\n"
    )
    assert library.link_device_library(caller, "host")
    linkage = {f.name: f.linkage for f in caller.functions if f.name in library.API}
    assert set(linkage) == library.API
    assert all(v == llvm.Linkage.internal for v in linkage.values())


def test_unknown_flavour() -> None:
    with pytest.raises(ValueError, match="unknown device library flavour 'sm_80'"):
        library.library_ir("sm_80")
