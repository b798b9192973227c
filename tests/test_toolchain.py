"""Toolchain discovery: the order of preference (ROCm, ziglang, Debian) over fake trees, the
install commands that missing pieces report, `--version` probing, and that the ld.lld found
really links AMDGPU code objects."""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path

import pytest

from cu2amd.amdgpu.codegen import emit_object, parse_ir, target_machine
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.amdgpu.toolchain import (
    DEFAULT_SEARCH,
    ROLES,
    Group,
    Role,
    discover,
    find_ld_lld,
    parse_sources,
    scan,
    ziglang_builtin_include,
)
from cu2amd.amdgpu.toolchain_search import DEBIAN_MULTIARCH, parse_version, ziglang_dir
from cu2amd.errors import MissingToolError, UsageError

DEBIAN_BITCODE = Path("/usr/lib", DEBIAN_MULTIARCH, "amdgcn", "bitcode")


@pytest.fixture(autouse=True)
def _plain_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CU2AMD_TOOLCHAIN_SOURCES", raising=False)


def _touch(path: Path, text: str = "") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def _exe(path: Path, prints: str) -> None:
    _touch(path, f"#!/bin/sh\necho '{prints}'\n")
    path.chmod(0o755)


def _bitcode(directory: Path, *isa_versions: str) -> None:
    for name in ("ocml", "ockl", *(f"oclc_isa_version_{v}" for v in isa_versions)):
        _touch(directory / f"{name}.bc")


@pytest.fixture
def fake_rocm(tmp_path: Path) -> Path:
    root = tmp_path / "rocm"
    _exe(root / "llvm/bin/clang", "AMD clang version 99.1.2 (roc-99)")
    _exe(root / "llvm/bin/ld.lld", "AMD LLD 99.1.2 (compatible with GNU linkers)")
    _exe(root / "llvm/bin/clang-offload-bundler", "clang-offload-bundler version 99.1.2")
    _touch(root / "include/hip/hip_runtime.h")
    _touch(root / "lib/libamdhip64.so")
    _bitcode(root / "amdgcn/bitcode", "1100", "942")
    _touch(root / ".info/version", "6.4.1-99\n")
    return root


@pytest.fixture
def fake_debian(tmp_path: Path) -> Path:
    usr = tmp_path / "debian/usr"
    _exe(usr / "lib/llvm-19/bin/clang", "Debian clang version 19.1.7 (3~deb12u1)")
    _exe(usr / "lib/llvm-22/bin/clang", "Debian clang version 22.1.8 (1~deb12u1)")
    _exe(usr / "bin/ld.lld-19", "Debian LLD 19.1.7 (compatible with GNU linkers)")
    _exe(usr / "bin/clang-offload-bundler-19", "clang-offload-bundler version 19.1.7")
    _bitcode(usr / "lib" / DEBIAN_MULTIARCH / "amdgcn/bitcode", "940", "90a", "1030")
    _touch(usr / "include/hip/hip_runtime.h")
    _touch(usr / "lib" / DEBIAN_MULTIARCH / "libamdhip64.so")
    return tmp_path / "debian"


def _zig() -> Path:
    package = ziglang_dir()
    assert package is not None, "ziglang is a dependency of cu2amd"
    return package / "zig"


def test_rocm_path_is_preferred(fake_rocm: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROCM_PATH", str(fake_rocm))
    tc = discover()
    assert tc.clang() == [str(fake_rocm / "llvm/bin/clang")]
    assert tc.ld_lld() == find_ld_lld() == [str(fake_rocm / "llvm/bin/ld.lld")]
    assert tc.offload_bundler() == [str(fake_rocm / "llvm/bin/clang-offload-bundler")]
    assert tc.device_libs_dir() == fake_rocm / "amdgcn/bitcode"
    assert tc.hip_include_dir() == fake_rocm / "include/hip"
    assert tc.libamdhip64() == fake_rocm / "lib/libamdhip64.so"
    assert tc.oclc_isa_versions == ("gfx942", "gfx1100")
    rocm = tc.require(Role.ROCM)
    assert (rocm.location, rocm.version, rocm.source) == (str(fake_rocm), "6.4.1-99", "rocm")


def test_discover_is_cached_per_environment(
    fake_rocm: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROCM_PATH", str(fake_rocm))
    assert discover() is discover()
    monkeypatch.setenv("ROCM_PATH", str(tmp_path / "elsewhere"))
    assert discover().selected(Role.ROCM) is None


def test_rocm6_keeps_device_libs_under_its_llvm(tmp_path: Path) -> None:
    root = tmp_path / "rocm"
    _bitcode(root / "lib/llvm/lib/clang/19/lib/amdgcn/bitcode", "950")
    tc = scan(root, ("rocm",))
    assert tc.device_libs_dir() == root / "lib/llvm/lib/clang/19/lib/amdgcn/bitcode"
    assert tc.oclc_isa_versions == ("gfx950",)


def test_without_rocm_the_ziglang_wheel_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROCM_PATH", str(tmp_path / "no-rocm"))
    tc = discover()
    assert tc.clang() == [str(_zig()), "clang"]
    assert tc.ld_lld() == [str(_zig()), "ld.lld"]
    assert tc.require(Role.CLANG).source == "ziglang"
    assert tc.missing_required() == ()
    assert (ziglang_builtin_include() / "stddef.h").is_file()


def test_order_of_preference(fake_rocm: Path, fake_debian: Path, tmp_path: Path) -> None:
    none = tmp_path / "no-rocm"
    assert scan(fake_rocm, DEFAULT_SEARCH, fake_debian).require(Role.CLANG).source == "rocm"
    assert scan(none, DEFAULT_SEARCH, fake_debian).require(Role.CLANG).source == "ziglang"
    debian = scan(none, ("rocm", "debian"), fake_debian)
    usr = fake_debian / "usr"
    # The newest Debian LLVM first; the /usr/bin/<tool>-N names count too.
    assert debian.clang() == [str(usr / "lib/llvm-22/bin/clang")]
    assert [c.name for c in debian.candidates(Role.CLANG)] == ["clang-22", "clang-19"]
    assert debian.ld_lld() == [str(usr / "bin/ld.lld-19")]
    assert debian.device_libs_dir() == usr / "lib" / DEBIAN_MULTIARCH / "amdgcn/bitcode"
    assert debian.oclc_isa_versions == ("gfx90a", "gfx940", "gfx1030")
    # The order of the sources is the order of preference.
    reordered = scan(fake_rocm, ("debian", "rocm"), fake_debian)
    assert reordered.require(Role.DEVICE_LIBS).source == "debian"
    assert [c.source for c in reordered.candidates(Role.CLANG)] == ["debian", "debian", "rocm"]


def test_environment_variable_reorders_sources(
    fake_rocm: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ROCM_PATH", str(fake_rocm))
    monkeypatch.setenv("CU2AMD_TOOLCHAIN_SOURCES", "ziglang,rocm")
    tc = discover()
    assert tc.require(Role.CLANG).source == "ziglang"
    assert tc.device_libs_dir() == fake_rocm / "amdgcn/bitcode"  # ziglang ships none


def test_missing_pieces_name_their_install_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("ROCM_PATH", str(empty))
    monkeypatch.setenv("CU2AMD_TOOLCHAIN_SOURCES", "rocm")
    tc = discover()
    with pytest.raises(MissingToolError) as err:
        tc.device_libs_dir()
    assert str(err.value) == (
        f"the AMDGPU device library bitcode (ocml.bc, ockl.bc) not found (searched ROCm at "
        f"{empty}); install it with: apt-get install -y rocm-device-libs"
    )
    with pytest.raises(MissingToolError) as err:
        find_ld_lld()
    assert str(err.value) == (
        f"ld.lld not found (searched ROCm at {empty}); install it with: pip install ziglang"
    )
    searched = f"(searched ROCm at {empty}); install it with:"
    for accessor, message in [
        (tc.clang, f"clang not found {searched} pip install ziglang"),
        (
            tc.hip_include_dir,
            f"the HIP headers (hip/hip_runtime.h) not found {searched} "
            "apt-get install -y libamdhip64-dev",
        ),
        (tc.libamdhip64, f"libamdhip64.so not found {searched} apt-get install -y libamdhip64-dev"),
        (
            tc.builtin_include_dir,
            f"clang's builtin headers (stddef.h ...) not found {searched} pip install ziglang",
        ),
    ]:
        with pytest.raises(MissingToolError) as err:
            accessor()
        assert str(err.value) == message
    assert tc.offload_bundler() is None
    missing = {c.role for c in tc.missing_required()}
    assert missing == {Role.CLANG, Role.LD_LLD, Role.BUILTIN_HEADERS}


def test_device_libs_need_both_ocml_and_ockl(tmp_path: Path) -> None:
    root = tmp_path / "rocm"
    _touch(root / "amdgcn/bitcode/ocml.bc")
    with pytest.raises(MissingToolError, match="rocm-device-libs"):
        scan(root, ("rocm",)).device_libs_dir()


def test_unknown_source_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    assert parse_sources("debian, rocm,debian") == ("debian", "rocm")
    monkeypatch.setenv("CU2AMD_TOOLCHAIN_SOURCES", "rocm,cuda")
    with pytest.raises(UsageError) as err:
        discover()
    assert str(err.value) == (
        "CU2AMD_TOOLCHAIN_SOURCES: unknown toolchain source 'cuda' "
        "(choose from rocm, ziglang, debian)"
    )


def test_discovery_starts_no_process(
    fake_rocm: Path, fake_debian: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"discovery started a process: {args}")

    scan(fake_rocm, DEFAULT_SEARCH, fake_debian)  # llvmlite loads once, outside the check
    monkeypatch.setattr(subprocess, "Popen", forbidden)
    monkeypatch.setattr(subprocess, "run", forbidden)
    assert scan(fake_rocm, DEFAULT_SEARCH, fake_debian).require(Role.CLANG).source == "rocm"


def test_with_versions_runs_each_tool(fake_rocm: Path, fake_debian: Path) -> None:
    tc = scan(fake_rocm, ("rocm", "debian"), fake_debian).with_versions()
    versions = {(c.source, c.name): c.version for c in tc.components}
    assert versions["rocm", "clang"] == "99.1.2"
    assert versions["rocm", "ld.lld"] == "99.1.2"
    assert versions["debian", "clang-22"] == "22.1.8"
    assert versions["debian", "ld.lld-19"] == "19.1.7"
    assert versions["rocm", "HIP headers"] == "6.4.1-99"  # ROCm's own version file
    assert versions["debian", "HIP headers"] is None  # dpkg-query speaks for / only


def test_duplicate_locations_are_listed_once(fake_debian: Path) -> None:
    # ROCM_PATH=/usr on a Debian system: the same headers seen by two sources.
    tc = scan(fake_debian / "usr", ("rocm", "debian"), fake_debian)
    assert [c.source for c in tc.candidates(Role.HIP_HEADERS)] == ["rocm"]


@pytest.mark.parametrize(
    ("output", "version"),
    [
        ("Debian clang version 19.1.7 (3~deb12u1)\nTarget: x86_64", "19.1.7"),
        ("LLD 22.1.8 (compatible with GNU linkers)", "22.1.8"),
        ("Cuda compilation tools, release 13.0, V13.0.88\nBuild cuda_13.0", "13.0.88"),
        ("cmake version 3.25.1\n\nCMake suite maintained", "3.25.1"),
        ("5.2.3-2", "5.2.3"),
        ("usage: tool [options]", None),
    ],
)
def test_parse_version(output: str, version: str | None) -> None:
    assert parse_version(output) == version


def test_python_packages_and_llvm_targets() -> None:
    tc = scan(Path("/nonexistent"), ())
    assert {"AMDGPU", "NVPTX", "X86"} <= tc.llvm_targets
    assert tc.require(Role.LLVM_AMDGPU).version == f"LLVM {tc.llvm_version}"
    libclang = Path(str(tc.require(Role.LIBCLANG).location))
    assert libclang.name.startswith("libclang") and libclang.is_file()
    assert tc.require(Role.LARK).version


def test_roles_table() -> None:
    assert set(ROLES) == set(Role)
    assert len({info.what for info in ROLES.values()}) == len(ROLES)
    for role, info in ROLES.items():
        assert info.hint.startswith(("pip install ", "apt-get install -y ")), role
        if info.group is Group.EMBEDDED:
            assert info.hint.startswith("pip install "), role


def test_found_ld_lld_links_an_amdgpu_code_object(tmp_path: Path) -> None:
    target = parse_target_id("gfx942")
    module = parse_ir(
        'target triple = "amdgcn-amd-amdhsa"\n'
        "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n"
        "  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n"
    )
    module.data_layout = str(target_machine(target).target_data)
    obj = tmp_path / "k.o"
    obj.write_bytes(emit_object(module, target))
    out = tmp_path / "k.hsaco"
    proc = subprocess.run(
        [*find_ld_lld(), "-shared", str(obj), "-o", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    data = out.read_bytes()
    e_type, e_machine = struct.unpack_from("<HH", data, 0x10)
    (e_flags,) = struct.unpack_from("<I", data, 0x30)
    assert (e_type, e_machine, e_flags & 0xFF) == (3, 224, 0x4C)  # ET_DYN, EM_AMDGPU, gfx942


@pytest.mark.skipif(not (DEBIAN_BITCODE / "ocml.bc").is_file(), reason="rocm-device-libs")
def test_debian_rocm_device_libs(tmp_path: Path) -> None:
    tc = scan(tmp_path / "no-rocm", ("debian",)).with_versions()
    assert tc.device_libs_dir() == DEBIAN_BITCODE
    assert "gfx90a" in tc.oclc_isa_versions
    assert tc.require(Role.DEVICE_LIBS).version  # from dpkg-query
