"""Capture NVIDIA's results for the conformance suite (issue 10).

    python tests/conformance/capture_nvidia.py [--out DIR] [pytest args...]

runs the conformance suite (by default all of tests/conformance; pytest arguments select
less) with CU2AMD_CAPTURE_NVIDIA=DIR set. Every launch of harness.py's `_launch` then also
runs the same PTX text with the same inputs and launch shape on the NVIDIA GPU (the CUDA
driver's PTX JIT, through ctypes: no NVIDIA compiler output is stored, only the results),
and stores the outputs as DIR/<key>.npz (`harness.reference_key`: sha256 of the kernel
text, the input bytes and the launch shape). DIR/manifest.json names the GPU, the driver
version, the date and, per file, the instruction form, the test that launched it and
whether cu2amd's host platform gave the same bits; launches the GPU cannot run (a form its
JIT rejects) are listed with the driver's error, and the test goes on. DIR defaults to
tests/conformance/nvidia, which the suite reads when it holds captures (see harness.py).

Without a usable NVIDIA GPU (no libcuda, cuInit failing, no device) it says so and exits
with status 2. Otherwise it exits with pytest's status (captures are written either way).

Test hooks: `--libcuda PATH` loads another driver library and `--symbol-prefix P` looks its
functions up as P + the CUDA name (tests/test_capture_nvidia.py uses a fake libcuda built
on cu2amd's own cuda.h, whose functions it exports as cu2amd_fake_cuInit, ...).
"""

from __future__ import annotations

import argparse
import ctypes
import datetime
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "nvidia"
LIBCUDA = "libcuda.so.1"

# The environment of a capture run, read by harness.py.
CAPTURE_ENV = "CU2AMD_CAPTURE_NVIDIA"  # output folder
LIBCUDA_ENV = "CU2AMD_CAPTURE_LIBCUDA"  # driver library (test hook)
PREFIX_ENV = "CU2AMD_CAPTURE_SYMBOL_PREFIX"  # symbol prefix (test hook)
CAPTURES_LOG = "captures.jsonl"  # one line per launch, merged into the manifest
MANIFEST = "manifest.json"

# CUDA's numbering (cuda.h)
_CC_MAJOR, _CC_MINOR = 75, 76  # CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_*
_JIT_ERROR_LOG_BUFFER, _JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 5, 6


class DriverError(Exception):
    """A driver call failed (or the library is missing): the message names the call."""


@dataclass(frozen=True)
class DeviceInfo:
    name: str
    compute_capability: str
    driver_version: str


class Driver:
    """The CUDA driver API through ctypes, on device 0's primary context.

    `path` and `prefix` are test hooks: the library to load and a prefix on every
    function name (the real libcuda: "libcuda.so.1" and "")."""

    def __init__(self, path: str = LIBCUDA, prefix: str = "") -> None:
        try:
            self._lib = ctypes.CDLL(path)
        except OSError as e:
            raise DriverError(f"cannot load the CUDA driver library {path}: {e}") from None
        self._prefix = prefix
        self._modules: dict[str, ctypes.c_void_p] = {}
        self._call("cuInit", ctypes.c_uint(0))
        count = ctypes.c_int(0)
        self._call("cuDeviceGetCount", ctypes.byref(count))
        if count.value == 0:
            raise DriverError("the CUDA driver reports no device")
        self._device = ctypes.c_int(0)
        self._call("cuDeviceGet", ctypes.byref(self._device), ctypes.c_int(0))
        self._context = ctypes.c_void_p()
        self._call("cuDevicePrimaryCtxRetain", ctypes.byref(self._context), self._device)
        self._call("cuCtxSetCurrent", self._context)

    def _function(self, name: str):
        try:
            fn = getattr(self._lib, self._prefix + name)
        except AttributeError:
            raise DriverError(f"the driver library has no {self._prefix + name}") from None
        fn.restype = ctypes.c_int
        return fn

    def _call(self, name: str, *args: object) -> None:
        status = self._function(name)(*args)
        if status != 0:
            raise DriverError(f"{name} failed: {self._error_name(status)}")

    def _error_name(self, status: int) -> str:
        text = ctypes.c_char_p()
        if self._function("cuGetErrorName")(ctypes.c_int(status), ctypes.byref(text)) == 0:
            return f"{text.value.decode()} ({status})"
        return f"error {status}"

    def info(self) -> DeviceInfo:
        name = ctypes.create_string_buffer(256)
        self._call("cuDeviceGetName", name, ctypes.c_int(len(name)), self._device)
        major, minor, version = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        self._call("cuDeviceGetAttribute", ctypes.byref(major), _CC_MAJOR, self._device)
        self._call("cuDeviceGetAttribute", ctypes.byref(minor), _CC_MINOR, self._device)
        self._call("cuDriverGetVersion", ctypes.byref(version))
        v = version.value
        return DeviceInfo(
            name.value.decode(), f"{major.value}.{minor.value}", f"{v // 1000}.{v % 1000 // 10}"
        )

    def _kernel(self, ptx: str, kernel: str) -> ctypes.c_void_p:
        module = self._modules.get(ptx)
        if module is None:
            module = ctypes.c_void_p()
            log = ctypes.create_string_buffer(8192)
            options = (ctypes.c_int * 2)(_JIT_ERROR_LOG_BUFFER, _JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
            values = (ctypes.c_void_p * 2)(ctypes.addressof(log), len(log))
            load = self._function("cuModuleLoadDataEx")
            status = load(ctypes.byref(module), ptx.encode() + b"\0", 2, options, values)
            if status != 0:
                message = log.value.decode(errors="replace").strip()
                raise DriverError(
                    f"cuModuleLoadDataEx failed: {self._error_name(status)}"
                    + (f"\n{message}" if message else "")
                )
            self._modules[ptx] = module
        function = ctypes.c_void_p()
        self._call("cuModuleGetFunction", ctypes.byref(function), module, kernel.encode())
        return function

    def run(
        self,
        ptx: str,
        kernel: str,
        grid: int,
        block: int,
        outputs: Sequence[tuple[int, np.dtype]],
        inputs: Sequence[np.ndarray],
        n: int,
    ) -> list[np.ndarray]:
        """Launch `kernel(out..., in..., n)` of the PTX text over `grid` x `block` threads,
        with zeroed output arrays of (count, dtype); returns the outputs."""
        function = self._kernel(ptx, kernel)
        pointers: list[ctypes.c_uint64] = []
        try:
            for count, dtype in outputs:
                pointers.append(self._alloc(count * np.dtype(dtype).itemsize))
                zeros = np.zeros(count, dtype)
                self._call("cuMemcpyHtoD_v2", pointers[-1], zeros.ctypes.data_as(ctypes.c_void_p),
                           ctypes.c_size_t(zeros.nbytes))  # fmt: skip
            for array in inputs:
                data = np.ascontiguousarray(array)
                pointers.append(self._alloc(data.nbytes))
                self._call("cuMemcpyHtoD_v2", pointers[-1], data.ctypes.data_as(ctypes.c_void_p),
                           ctypes.c_size_t(data.nbytes))  # fmt: skip
            holders: list[ctypes._SimpleCData] = [*pointers, ctypes.c_uint32(n)]
            params = (ctypes.c_void_p * len(holders))(*(ctypes.addressof(h) for h in holders))
            self._call("cuLaunchKernel", function, ctypes.c_uint(grid), ctypes.c_uint(1),
                       ctypes.c_uint(1), ctypes.c_uint(block), ctypes.c_uint(1), ctypes.c_uint(1),
                       ctypes.c_uint(0), ctypes.c_void_p(), params, ctypes.c_void_p())  # fmt: skip
            self._call("cuCtxSynchronize")
            results = []
            for pointer, (count, dtype) in zip(pointers, outputs, strict=False):
                out = np.zeros(count, dtype)
                self._call("cuMemcpyDtoH_v2", out.ctypes.data_as(ctypes.c_void_p), pointer,
                           ctypes.c_size_t(out.nbytes))  # fmt: skip
                results.append(out)
            return results
        finally:
            for pointer in pointers:
                self._function("cuMemFree_v2")(pointer)

    def _alloc(self, size: int) -> ctypes.c_uint64:
        pointer = ctypes.c_uint64(0)
        self._call("cuMemAlloc_v2", ctypes.byref(pointer), ctypes.c_size_t(max(size, 1)))
        return pointer


def merge_manifest(out: Path, device: DeviceInfo, pytest_args: Sequence[str]) -> dict:
    """Fold this run's captures log into out/manifest.json (earlier entries of other
    files are kept); returns the manifest."""
    path = out / MANIFEST
    manifest = json.loads(path.read_text()) if path.is_file() else {"captures": {}}
    log = out / CAPTURES_LOG
    entries = [json.loads(line) for line in log.read_text().splitlines()] if log.is_file() else []
    failures = manifest.setdefault("not_captured", {})
    for entry in entries:
        if "error" in entry:  # keyed by form: one line per kernel the GPU cannot run
            failures[entry["form"]] = {k: entry[k] for k in ("test", "error")}
        else:
            failures.pop(entry["form"], None)
            manifest["captures"][entry["file"]] = {k: v for k, v in entry.items() if k != "file"}
    manifest.update(
        gpu=device.name,
        compute_capability=device.compute_capability,
        driver_version=device.driver_version,
        date=datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        pytest_args=list(pytest_args),
        captures=dict(sorted(manifest["captures"].items())),
        not_captured=dict(sorted(failures.items())),
    )
    path.write_text(json.dumps(manifest, indent=1) + "\n")
    log.unlink(missing_ok=True)
    manifest["this_run"] = entries
    return manifest


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Run the conformance suite on cu2amd's host platform and on the NVIDIA "
        "GPU, storing the GPU's outputs as reference files.",
        epilog="Other arguments go to pytest (default: the whole conformance suite).",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="reference folder")
    parser.add_argument("--libcuda", default=LIBCUDA, help=argparse.SUPPRESS)  # test hook
    parser.add_argument("--symbol-prefix", default="", help=argparse.SUPPRESS)  # test hook
    args, pytest_args = parser.parse_known_args(argv)
    try:
        device = Driver(args.libcuda, args.symbol_prefix).info()
    except DriverError as e:
        print(f"capture_nvidia: no usable NVIDIA GPU: {e}", file=sys.stderr)
        return 2
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    (out / CAPTURES_LOG).unlink(missing_ok=True)
    print(f"capture_nvidia: {device.name} (sm_{device.compute_capability.replace('.', '')}, "
          f"driver {device.driver_version}) -> {out}", flush=True)  # fmt: skip
    env = {**os.environ, CAPTURE_ENV: str(out), LIBCUDA_ENV: args.libcuda,
           PREFIX_ENV: args.symbol_prefix}  # fmt: skip
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *(pytest_args or [str(HERE)])]
    status = subprocess.run(cmd, env=env, cwd=HERE.parent.parent, check=False).returncode
    manifest = merge_manifest(out, device, pytest_args)
    launches = [e for e in manifest["this_run"] if "error" not in e]
    failed = [e for e in manifest["this_run"] if "error" in e]
    differing = [e for e in launches if not e["matches_cu2amd"] and e["exact"]]
    print(f"capture_nvidia: captured {len(launches)} launches of "
          f"{len({e['form'] for e in launches})} kernels into {out} "
          f"({len(manifest['captures'])} files in the manifest); "
          f"{len(differing)} of the exact ones differ from cu2amd's host platform; "
          f"{len(failed)} launches could not run on the GPU", flush=True)  # fmt: skip
    for entry in differing[:20]:
        print(f"  differs: {entry['form']} ({entry['test']})")
    for entry in failed[:20]:
        print(f"  not captured: {entry['form']} ({entry['test']}): {entry['error']}")
    if status != 0:
        print(f"capture_nvidia: pytest exited with status {status}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main())
