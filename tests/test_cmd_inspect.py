"""Tests of `cu2amd inspect` (translator/cmd_inspect.py): output, JSON and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cu2amd.amdgpu.bundle import HOST_ENTRY_ID, BundleEntry, hip_entry_id, write_bundle
from cu2amd.amdgpu.codegen import compile_ir
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.translator.cmd_inspect import JSON_VERSION, inspect_cmd

IR = """
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @store_tid(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %tid, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
"""
NO_KERNELS_IR = """
target triple = "amdgcn-amd-amdhsa"
define void @helper() {
  ret void
}
"""


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("inspect")
    objects = {t: compile_ir(IR, parse_target_id(t)) for t in ("gfx942", "gfx1100")}
    paths = {}
    for target, data in objects.items():
        paths[target] = tmp / f"{target}.hsaco"
        paths[target].write_bytes(data)
    paths["bundle"] = tmp / "app.hipfb"
    paths["bundle"].write_bytes(
        write_bundle(BundleEntry(hip_entry_id(parse_target_id(t)), d) for t, d in objects.items())
    )
    paths["openmp"] = tmp / "openmp.bundle"
    paths["openmp"].write_bytes(
        write_bundle([BundleEntry("openmp-x86_64-pc-linux-gnu", b"not a code object")], align=8)
    )
    paths["empty"] = tmp / "empty.hsaco"
    paths["empty"].write_bytes(compile_ir(NO_KERNELS_IR, parse_target_id("gfx90a")))
    paths["corrupt"] = tmp / "corrupt.hipfb"
    paths["corrupt"].write_bytes(paths["bundle"].read_bytes()[:5000])
    return paths


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(inspect_cmd, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_two_arch_bundle_table(files: dict[str, Path]) -> None:
    code, out, _ = run(str(files["bundle"]))
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"{files['bundle']}: clang offload bundle, 3 entries"
    assert lines[1].split() == [HOST_ENTRY_ID, "0", "bytes", "at", "4096"]
    assert lines[2].startswith("  hipv4-amdgcn-amd-amdhsa--gfx942 ")
    assert "code object v" in lines[2] and "for gfx942" in lines[2]
    assert lines[3].startswith("  hipv4-amdgcn-amd-amdhsa--gfx1100 ")
    assert lines[4] == ""
    assert lines[5].split() == [
        "TARGET", "KERNEL", "VGPRS", "SGPRS", "AGPRS", "LDS", "SCRATCH", "KERNARG", "WAVE",
        "MAX_WG",
    ]  # fmt: skip
    assert lines[6] == "host     (no kernels)"
    gfx942, gfx1100 = lines[7].split(), lines[8].split()
    assert gfx942[:2] == ["gfx942", "store_tid"] and gfx942[4:] == [
        "0",
        "0",
        "0",
        "8",
        "64",
        "1024",
    ]
    assert gfx1100[:2] == ["gfx1100", "store_tid"] and gfx1100[-2:] == ["32", "1024"]
    # Numbers are right-aligned under their headings.
    assert len(lines) == 9
    assert len({len(line) for line in lines[7:9]}) == 1
    assert lines[5].index("MAX_WG") + len("MAX_WG") == len(lines[7])


def test_json_document(files: dict[str, Path]) -> None:
    code, out, _ = run("--json", str(files["bundle"]))
    assert code == 0
    doc = json.loads(out)
    assert doc["version"] == JSON_VERSION
    assert doc["format"] == "offload-bundle"
    assert [e["target"] for e in doc["entries"]] == [None, "gfx942", "gfx1100"]
    assert [e["offset"] % 4096 for e in doc["entries"]] == [0, 0, 0]
    kernel = doc["entries"][2]["code_object"]["kernels"][0]
    assert (kernel["name"], kernel["wavefront_size"], kernel["kernarg_bytes"]) == (
        "store_tid",
        32,
        8,
    )
    assert out == json.dumps(doc, indent=2, sort_keys=True) + "\n"
    assert run("--json", str(files["bundle"]))[1] == out  # deterministic


def test_lone_code_object(files: dict[str, Path]) -> None:
    code, out, _ = run(str(files["gfx942"]))
    assert code == 0
    assert out.splitlines()[0].startswith(f"{files['gfx942']}: AMDGPU code object, ")
    assert "for gfx942 (e_flags 0x" in out.splitlines()[0]


def test_code_object_without_kernels(files: dict[str, Path]) -> None:
    code, out, _ = run(str(files["empty"]))
    assert code == 0
    assert out.splitlines()[0].endswith(", 0 kernels")
    assert out.splitlines()[-1] == "gfx90a  (no kernels)"


def test_non_amdgpu_entries_are_listed_without_kernels(files: dict[str, Path]) -> None:
    code, out, _ = run(str(files["openmp"]))
    assert code == 0
    assert out.splitlines()[-1] == "openmp  (no kernels)"


def test_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path / "nope.hipfb"))
    assert code == 2
    assert err == f"error: no such file: '{tmp_path / 'nope.hipfb'}'\n"


def test_directory_is_a_usage_error(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path))
    assert code == 2
    assert err == f"error: '{tmp_path}' is a directory, not a bundle or code object\n"


def test_unreadable_path_is_a_usage_error() -> None:
    name = "x" * 300  # longer than any file name may be
    code, _, err = run(name)
    assert code == 2
    assert err == f"error: cannot read '{name}': File name too long\n"


def test_unknown_file_kind_is_a_usage_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello")
    code, _, err = run(str(path))
    assert code == 2
    assert err == (
        f"error: {path}: not an offload bundle or an AMDGPU code object "
        "(it starts with 68 65 6c 6c 6f)\n"
    )


def test_corrupt_bundle_exits_1_without_traceback(files: dict[str, Path]) -> None:
    code, out, err = run(str(files["corrupt"]))
    assert code == 1
    assert out == ""
    assert err.startswith(f"error: {files['corrupt']}: entry 'hipv4-amdgcn-amd-amdhsa--gfx942'")
    assert "Traceback" not in err


def test_mislabelled_entry(tmp_path: Path, files: dict[str, Path]) -> None:
    path = tmp_path / "mislabelled.hipfb"
    entry = BundleEntry(
        hip_entry_id(parse_target_id("gfx90a:xnack+")), files["gfx942"].read_bytes()
    )
    path.write_bytes(write_bundle([entry]))
    code, _, err = run(str(path))
    assert code == 1
    assert err == (
        f"error: {path}: entry 'hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+' holds a code object "
        "for 'gfx942'\n"
    )
