"""tests/conformance/capture_nvidia.py and the conformance harness's reference mode.

No NVIDIA GPU is needed: the driver calls go to a fake libcuda (tests/data/capture/
fake_libcuda.cpp), cu2amd's own cuda.h on the host platform exported as cu2amd_fake_<name>,
which JIT-compiles the same PTX text with cu2amd. So the capture's ctypes code (module
load, allocations, copies, launch parameters) runs for real, and the stored "NVIDIA"
outputs are the host platform's: reference mode then passes, and a reference changed by
hand makes the suite fail, naming the form and the first differing input.
test_capture_on_a_real_nvidia_gpu (REQUIRES: nvidia) runs only where libcuda works.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from cu2amd.runtime_shim.headers import include_dir

ROOT = Path(__file__).resolve().parent.parent
CAPTURE = ROOT / "tests" / "conformance" / "capture_nvidia.py"
FAKE_SOURCE = ROOT / "tests" / "data" / "capture" / "fake_libcuda.cpp"
PREFIX = "cu2amd_fake_"
# A few quick conformance tests: exact integer forms, a kernel of several forms (run_many),
# .approx and div.full forms (f32 and f16 special values), test_float_approx's NVIDIA side.
SELECTION = [
    "tests/conformance/test_integer_mul24.py",
    "tests/conformance/test_cvt_narrow.py::test_tf32",
    "tests/conformance/test_half_approx.py::test_special_values",
    "tests/conformance/test_float_approx.py::test_div_ftz",
]


@pytest.fixture(scope="module")
def fake_libcuda(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from cu2amd.runtime_shim.host.build import runtime_library

    cc = shutil.which("c++")
    if cc is None:
        pytest.skip("no c++")
    lib = runtime_library()
    out = tmp_path_factory.mktemp("fake_libcuda") / "libcuda.so.1"
    cmd = [cc, "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I",
           str(include_dir()), str(FAKE_SOURCE), "-o", str(out), str(lib),
           f"-Wl,-rpath,{lib.parent}"]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    return out


def capture(out: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, str(CAPTURE), "--out", str(out), *args]
    return subprocess.run(
        cmd, capture_output=True, text=True, check=False, cwd=ROOT, env={**os.environ, **env}
    )


def suite(references: Path, *tests: str) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-v", *tests]
    env = {**os.environ, "CU2AMD_NVIDIA_REFERENCES": str(references)}
    env.pop("CU2AMD_CAPTURE_NVIDIA", None)
    return subprocess.run(cmd, capture_output=True, text=True, check=False, cwd=ROOT, env=env)


def edit_reference(folder: Path, form: str, element: int, output: int = 0) -> dict:
    """Flip the low bit of one element of output `output` of the kernel whose forms start
    with `form`; its manifest entry."""
    manifest = json.loads((folder / "manifest.json").read_text())
    name, entry = next(
        (n, e) for n, e in manifest["captures"].items() if e["form"].startswith(form)
    )
    with np.load(folder / name) as stored:
        arrays = {k: stored[k].copy() for k in stored.files}
    arrays[f"out{output}"][element] ^= 1
    np.savez_compressed(folder / name, **arrays)
    return entry


@pytest.fixture(scope="module")
def captured(fake_libcuda: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("captured") / "nvidia"
    proc = capture(out, "--libcuda", str(fake_libcuda), "--symbol-prefix", PREFIX, *SELECTION)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "captured 17 launches of 17 kernels" in proc.stdout, proc.stdout
    assert "0 of the exact ones differ from cu2amd's host platform" in proc.stdout
    return out


def test_capture_writes_references_and_a_manifest(captured: Path) -> None:
    manifest = json.loads((captured / "manifest.json").read_text())
    assert manifest["gpu"] == "cu2amd host platform (CPU)"  # what the fake's device says
    assert manifest["compute_capability"] == "8.0" and manifest["driver_version"]
    assert manifest["date"].endswith("Z") and manifest["pytest_args"] == SELECTION
    files = {p.name for p in captured.glob("*.npz")}
    assert files == set(manifest["captures"]) and len(files) == 17
    assert not (captured / "captures.jsonl").exists()
    entries = list(manifest["captures"].values())
    forms = {e["form"]: e for e in entries}
    mul24 = forms["mul24.lo.s32 %d, %a0, %a1;"]
    assert mul24["test"].endswith("test_integer_mul24.py::test_mul24[lo-s32]")
    assert mul24["exact"] and mul24["threads"] > 10_000
    assert not forms["div.approx.ftz.f32 %d, %a0, %a1;"]["exact"]
    assert not forms["div.full.ftz.f32 %d, %a0, %a1;"]["exact"]
    assert forms["div.rn.ftz.f32 %d, %a0, %a1;"]["exact"]
    assert all(e["matches_cu2amd"] for e in entries)
    # the stored outputs are what the kernels compute: mul24.lo of the first inputs
    with np.load(captured / next(n for n, e in manifest["captures"].items() if e is mul24)) as z:
        assert z["out0"].dtype == np.uint32 and len(z["out0"]) == mul24["threads"]


def test_a_second_capture_keeps_the_manifest_of_the_first(
    fake_libcuda: Path, captured: Path, tmp_path: Path
) -> None:
    out = tmp_path / "refs"
    shutil.copytree(captured, out)
    proc = capture(out, "--libcuda", str(fake_libcuda), "--symbol-prefix", PREFIX,
                   "tests/conformance/test_integer_mul24.py::test_mad24_hi_sat_s32")  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "captured 1 launches of 1 kernels" in proc.stdout
    assert "(17 files in the manifest)" in proc.stdout
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["pytest_args"] == [
        "tests/conformance/test_integer_mul24.py::test_mad24_hi_sat_s32"
    ]


def test_a_form_the_gpu_cannot_run_is_listed_and_the_capture_goes_on(
    fake_libcuda: Path, tmp_path: Path
) -> None:
    out = tmp_path / "refs"
    proc = capture(out, "--libcuda", str(fake_libcuda), "--symbol-prefix", PREFIX,
                   "tests/conformance/test_integer_mul24.py",
                   CU2AMD_FAKE_CUDA_REJECT="mad24.hi.sat")  # fmt: skip
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "captured 8 launches of 8 kernels" in proc.stdout
    assert "1 launches could not run on the GPU" in proc.stdout
    error = (
        "cuModuleLoadDataEx failed: CUDA_ERROR_INVALID_PTX (218)\n"
        "ptxas fatal   : fake: 'mad24.hi.sat' is not supported"
    )
    assert "  not captured: mad24.hi.sat.s32 %d, %a0, %a1, %a2; (" in proc.stdout
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["not_captured"] == {
        "mad24.hi.sat.s32 %d, %a0, %a1, %a2;": {
            "test": "tests/conformance/test_integer_mul24.py::test_mad24_hi_sat_s32",
            "error": error,
        }
    }
    assert len(manifest["captures"]) == len(list(out.glob("*.npz"))) == 8


def test_the_suite_passes_against_its_references(captured: Path) -> None:
    proc = suite(captured, *SELECTION)
    assert proc.returncode == 0, proc.stdout[-3000:]
    # test_float_approx checks NVIDIA's stored .approx outputs too (not skipped here)
    assert "test_div_ftz[nvidia] PASSED" in proc.stdout


def test_a_changed_exact_reference_fails_naming_form_and_input(
    captured: Path, tmp_path: Path
) -> None:
    refs = tmp_path / "refs"
    shutil.copytree(captured, refs)
    edit_reference(refs, "mul24.lo.s32 %d, %a0, %a1;", 5)
    proc = suite(refs, "tests/conformance/test_integer_mul24.py")
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert "1 failed, 8 passed" in proc.stdout
    # element 5: the sixth edge value of a against the first of b (values.pairs)
    assert "mul24.lo.s32 %d, %a0, %a1;: cu2amd's result differs from NVIDIA's (" in proc.stdout
    assert (
        "at 1 of 14133 elements; first at element 5: inputs (0x00000000, 0x5a000001), "
        "cu2amd 0x00000000, NVIDIA 0x00000001" in proc.stdout
    )


def test_a_changed_reference_of_a_kernel_of_several_forms_names_its_form(
    captured: Path, tmp_path: Path
) -> None:
    refs = tmp_path / "refs"
    shutil.copytree(captured, refs)
    entry = edit_reference(refs, "cvt.rna.tf32.f32 %d0, %a0;", 7, output=2)
    assert entry["form"].split("; ")[2] == "cvt.rn.tf32.f32 %d2, %a0"
    proc = suite(refs, "tests/conformance/test_cvt_narrow.py::test_tf32")
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert "cvt.rn.tf32.f32 %d2, %a0;: cu2amd's result differs from NVIDIA's (" in proc.stdout
    assert "at 1 of " in proc.stdout and "first at element 7: inputs (0x" in proc.stdout


def test_an_approx_reference_is_checked_against_the_isa_not_bit_for_bit(
    captured: Path, tmp_path: Path
) -> None:
    """div.approx differing from cu2amd in the last bit is allowed (the cu2amd side and
    the harness pass), but NVIDIA's output must itself meet the ISA: here -0.0 is
    changed into the smallest negative subnormal, which .ftz forbids, so the NVIDIA side of
    test_div_ftz fails."""
    refs = tmp_path / "refs"
    shutil.copytree(captured, refs)
    entry = edit_reference(refs, "div.approx.ftz.f32 %d, %a0, %a1;", 1)
    assert not entry["exact"]
    proc = suite(refs, "tests/conformance/test_float_approx.py::test_div_ftz")
    assert proc.returncode == 1, proc.stdout[-3000:]
    assert "test_div_ftz[cu2amd] PASSED" in proc.stdout
    assert "test_div_ftz[nvidia] FAILED" in proc.stdout
    assert "div.approx.ftz.f32" in proc.stdout


def test_without_a_gpu_it_says_so(fake_libcuda: Path, tmp_path: Path) -> None:
    proc = capture(tmp_path / "out", "--libcuda", str(tmp_path / "missing.so"))
    assert proc.returncode == 2
    assert proc.stderr.startswith(
        "capture_nvidia: no usable NVIDIA GPU: cannot load the CUDA driver library "
    )
    assert "Traceback" not in proc.stderr and not (tmp_path / "out").exists()
    proc = capture(tmp_path / "out", "--libcuda", str(fake_libcuda), "--symbol-prefix",
                   PREFIX, CU2AMD_FAKE_CUDA_NO_DEVICE="1")  # fmt: skip
    assert proc.returncode == 2
    assert proc.stderr == (
        "capture_nvidia: no usable NVIDIA GPU: cuInit failed: CUDA_ERROR_NO_DEVICE (100)\n"
    )


def _real_driver_error() -> str | None:
    """None when NVIDIA's libcuda opens a device here, else why not."""
    spec = importlib.util.spec_from_file_location("capture_nvidia", CAPTURE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("capture_nvidia", module)  # for its dataclasses
    spec.loader.exec_module(module)
    try:
        module.Driver()
    except module.DriverError as e:
        return str(e)
    return None


def test_capture_on_a_real_nvidia_gpu(tmp_path: Path) -> None:
    """REQUIRES: nvidia (a working libcuda.so.1 and a device)."""
    why = _real_driver_error()
    if why is not None:
        pytest.skip(f"REQUIRES: nvidia ({why})")
    out = tmp_path / "nvidia"
    proc = capture(out, "tests/conformance/test_integer_mul24.py")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "captured 9 launches" in proc.stdout
    assert "0 of the exact ones differ from cu2amd's host platform" in proc.stdout, proc.stdout
    proc = suite(out, "tests/conformance/test_integer_mul24.py")
    assert proc.returncode == 0, proc.stdout[-3000:]


@pytest.mark.skipif(shutil.which("ptxas") is None, reason="REQUIRES: ptxas")
def test_harness_kernels_are_legal_ptx(tmp_path: Path) -> None:
    """What the capture sends to NVIDIA's JIT is legal PTX: the harness's kernels (their
    registers used to be named %tid/%ntid/%ctaid, which ptxas rejects as special
    registers, so a capture would have failed on every kernel) and the warp tests'."""
    sys.path.insert(0, str(ROOT / "tests" / "conformance"))
    try:
        import harness
        import warp_model
    finally:
        sys.path.remove(str(ROOT / "tests" / "conformance"))
    kernels = {
        "scalar": harness.kernel_text("add.s32 %d, %a0, %a1;", ["s32", "s32"], "s32"),
        "half": harness.kernel_text("add.rn.f16 %d, %a0, %a1;", ["f16", "f16"], "f16"),
        "warp": warp_model.kernel_text(
            "shfl.sync.idx.b32 %d|%p, %a0, 3, 31, %m;", ["b32"], "b32", True
        ),
    }
    for name, text in kernels.items():
        path = tmp_path / f"{name}.ptx"
        path.write_text(text)
        proc = subprocess.run(
            ["ptxas", "-arch=sm_90", str(path), "-o", os.devnull], capture_output=True, text=True
        )
        assert proc.returncode == 0, f"{name}: {proc.stderr}"
