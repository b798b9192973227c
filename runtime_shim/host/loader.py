"""Loading the host runtime and host kernel modules with ctypes, and calling a launch.

The runtime library is loaded once per process with RTLD_GLOBAL, so that kernel modules'
references to it (`__cu2amd_barrier` ...) and to libm resolve. Each kernel module is
loaded from a private copy of its cached shared object, so two modules built from the same
PTX have separate globals, as two cuModuleLoad calls do.
"""

from __future__ import annotations

import ctypes
import functools
import os
import shutil
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from cu2amd.errors import InternalError
from cu2amd.ptx_lowering.targets.host import (
    ENTRY_PREFIX,
    FLAG_FIBERS,
    FLAGS_PREFIX,
    SHARED_REGIONS,
    THREAD_FIELDS,
    THREAD_SLOT,
)
from cu2amd.runtime_shim.host.abi import DYNAMIC_SHARED, MAX_SHARED_BYTES
from cu2amd.runtime_shim.host.build import runtime_library

ERR_LEN = 4096
FLAG_STRICT = 2


class Dim3(ctypes.Structure):
    _fields_ = [("x", ctypes.c_uint32), ("y", ctypes.c_uint32), ("z", ctypes.c_uint32)]


class LaunchStruct(ctypes.Structure):
    """cu2amd_launch of cu2amd_host.h."""

    _fields_ = [
        ("entry", ctypes.c_void_p),
        ("args", ctypes.POINTER(ctypes.c_void_p)),
        ("thread_slot", ctypes.c_void_p),
        ("grid", Dim3),
        ("block", Dim3),
        ("dynamic_shared_size", ctypes.c_uint64),
        ("wave_size", ctypes.c_uint32),
        ("order", ctypes.c_uint32),
        ("flags", ctypes.c_uint32),
        ("seed", ctypes.c_uint64),
        ("shared_regions", ctypes.POINTER(ctypes.c_void_p)),
        ("shared_region_sizes", ctypes.POINTER(ctypes.c_size_t)),
        ("n_shared_regions", ctypes.c_uint32),
        ("stack_size", ctypes.c_size_t),
        ("dynamic_shared_buffer", ctypes.c_void_p),
    ]


class Runtime:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.lib = ctypes.CDLL(str(path), mode=ctypes.RTLD_GLOBAL)
        self.lib.cu2amd_rt_launch.argtypes = [
            ctypes.POINTER(LaunchStruct),
            ctypes.c_char_p,
            ctypes.c_size_t,
        ]
        self.lib.cu2amd_rt_launch.restype = ctypes.c_int
        self.lib.cu2amd_rt_field_offset.argtypes = [ctypes.c_int]
        self.lib.cu2amd_rt_field_offset.restype = ctypes.c_long
        self.lib.cu2amd_rt_version.restype = ctypes.c_char_p
        self.lib.cu2amd_rt_max_shared_bytes.restype = ctypes.c_size_t
        if self.lib.cu2amd_rt_max_shared_bytes() != MAX_SHARED_BYTES:
            raise InternalError(
                f"host runtime ABI mismatch: shared memory limit "
                f"{self.lib.cu2amd_rt_max_shared_bytes()}, abi.py says {MAX_SHARED_BYTES}"
            )
        for index, (field, offset) in enumerate(THREAD_FIELDS.items()):
            actual = self.lib.cu2amd_rt_field_offset(index)
            if actual != offset:
                raise InternalError(
                    f"host runtime ABI mismatch: field '{field}' at offset {actual}, "
                    f"generated code reads offset {offset}"
                )

    @property
    def version(self) -> str:
        return self.lib.cu2amd_rt_version().decode()

    def launch(self, launch: LaunchStruct) -> tuple[int, str]:
        err = ctypes.create_string_buffer(ERR_LEN)
        status = self.lib.cu2amd_rt_launch(ctypes.byref(launch), err, ERR_LEN)
        return status, err.value.decode("utf-8", errors="replace")


# Extra C flags for the runtime build, for testing its variants (e.g. -DCU2AMD_USE_UCONTEXT
# for the portable context switch). Read once: a process loads one runtime.
CFLAGS_ENV = "CU2AMD_HOST_RUNTIME_CFLAGS"


@functools.cache
def runtime() -> Runtime:
    extra = tuple(os.environ.get(CFLAGS_ENV, "").split())
    return Runtime(runtime_library(extra))


@dataclass(frozen=True)
class KernelEntry:
    name: str
    address: int
    needs_fibers: bool


class LoadedModule:
    """A kernel shared object, loaded from a private copy."""

    def __init__(self, so_path: Path) -> None:
        runtime()  # the runtime's symbols must be global before the module is loaded
        folder = tempfile.mkdtemp(prefix="cu2amd-module-")
        private = Path(folder, so_path.name)
        shutil.copyfile(so_path, private)
        try:
            self.lib = ctypes.CDLL(str(private), mode=ctypes.RTLD_LOCAL)
        finally:
            # The mapping stays valid after the file is gone.
            shutil.rmtree(folder, ignore_errors=True)
        self.lock = threading.Lock()  # one launch at a time: shared memory is per module
        self.thread_slot = ctypes.addressof(ctypes.c_void_p.in_dll(self.lib, THREAD_SLOT))
        count = ctypes.c_int64.in_dll(self.lib, SHARED_REGIONS + "_count").value
        table = (ctypes.c_uint64 * (2 * count)).in_dll(self.lib, SHARED_REGIONS) if count else []
        self.shared_regions = (ctypes.c_void_p * max(count, 1))(*table[0::2])
        self.shared_sizes = (ctypes.c_size_t * max(count, 1))(*table[1::2])
        self.n_shared = count
        self.static_shared_bytes = sum(table[1::2])
        try:  # only modules with extern __shared__ arrays define it
            buffer = ctypes.c_uint8.in_dll(self.lib, DYNAMIC_SHARED)
            self.dynamic_shared_buffer: int | None = ctypes.addressof(buffer)
        except ValueError:
            self.dynamic_shared_buffer = None

    def entry(self, kernel: str) -> KernelEntry:
        fn = getattr(self.lib, ENTRY_PREFIX + kernel)
        flags = ctypes.c_int32.in_dll(self.lib, FLAGS_PREFIX + kernel).value
        return KernelEntry(
            kernel, ctypes.cast(fn, ctypes.c_void_p).value, bool(flags & FLAG_FIBERS)
        )
