"""Run PTX kernels on the CPU with GPU semantics: the host platform's Python API.

    import numpy as np
    from cu2amd import host
    mod = host.Module.from_ptx(open("saxpy.ptx").read())
    x = host.to_device(np.arange(1 << 20, dtype=np.float32))
    y = host.to_device(np.ones(1 << 20, np.float32))
    mod.launch("saxpy", grid=(4096, 1, 1), block=(256, 1, 1),
               args=[np.float32(2.0), x, y, np.int32(1 << 20)])
    out = y.to_numpy()

"Device" memory is host memory: a DeviceArray owns a private, contiguous copy of the data
and passes its address to kernels. Launch options: dynamic shared memory bytes, the
hardware wave size being emulated (32 or 64), the order threads run in (forward, reverse,
random:SEED — to expose missing barriers), strict mode (poisoned shared memory, barriers
reached at two places reported). Launch mistakes are errors before anything runs; a kernel
that deadlocks, traps or touches invalid memory raises KernelError naming the block and
thread.
"""

from __future__ import annotations

import ctypes
import hashlib
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cu2amd import __version__
from cu2amd.errors import Cu2amdError, UsageError
from cu2amd.ptx_lowering import ast
from cu2amd.ptx_lowering.isa.types import TYPES, Kind, PtxType
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions
from cu2amd.ptx_lowering.targets.host import HOST
from cu2amd.runtime_shim.device.library import library_key
from cu2amd.runtime_shim.host import loader
from cu2amd.runtime_shim.host.abi import MAX_SHARED_BYTES
from cu2amd.runtime_shim.host.build import (
    cache_dir,
    compile_host_ir,
    compile_host_module,
    compiler_fingerprint,
)
from cu2amd.runtime_shim.host.retarget import retarget_nvptx_ir

__all__ = [
    "MAX_SHARED_BYTES",
    "DeviceArray",
    "KernelError",
    "LaunchError",
    "Module",
    "empty",
    "to_device",
    "zeros",
]

ORDERS = {"forward": 0, "reverse": 1, "random": 2}


class KernelError(Cu2amdError):
    """A kernel failed while running: deadlock, trap, invalid memory access."""


class LaunchError(UsageError):
    """A launch that cannot run: bad grid or block, arguments, shared memory size."""


class DeviceArray:
    """Memory a kernel can use: a private contiguous copy of a numpy array."""

    def __init__(self, array: np.ndarray) -> None:
        self._array = np.array(array, copy=True, order="C")
        if self._array.dtype.hasobject:
            raise UsageError("a device array cannot hold Python objects")

    @property
    def ptr(self) -> int:
        """The address kernels see (0 for an empty array)."""
        return self._array.ctypes.data if self._array.size else 0

    @property
    def shape(self) -> tuple[int, ...]:
        return self._array.shape

    @property
    def dtype(self) -> np.dtype:
        return self._array.dtype

    @property
    def nbytes(self) -> int:
        return self._array.nbytes

    def to_numpy(self) -> np.ndarray:
        """A copy of the current contents."""
        return self._array.copy()

    def __repr__(self) -> str:
        return f"DeviceArray(shape={self.shape}, dtype={self.dtype}, ptr=0x{self.ptr:x})"


def to_device(array: np.ndarray | Sequence[object]) -> DeviceArray:
    return DeviceArray(np.asarray(array))


def empty(shape: int | tuple[int, ...], dtype: object = np.float32) -> DeviceArray:
    return DeviceArray(np.empty(shape, dtype=dtype))


def zeros(shape: int | tuple[int, ...], dtype: object = np.float32) -> DeviceArray:
    return DeviceArray(np.zeros(shape, dtype=dtype))


@dataclass(frozen=True)
class Param:
    name: str
    type: PtxType
    # bytes of a byte-array (or vector) parameter, a struct passed by value; 0 for scalars
    bytes_: int = 0

    @property
    def size(self) -> int:
        return self.bytes_ or max(self.type.bits // 8, 1)

    def describe(self) -> str:
        if self.bytes_:
            return f"{self.name} ({self.type}[{self.bytes_ // max(self.type.bits // 8, 1)}])"
        return f"{self.name} ({self.type})"


@dataclass(frozen=True)
class Kernel:
    name: str
    params: tuple[Param, ...]


_compile_lock = threading.Lock()


class Module:
    """A PTX module compiled for the host platform."""

    def __init__(self, loaded: loader.LoadedModule, kernels: dict[str, Kernel], name: str) -> None:
        self._loaded = loaded
        self.kernels = kernels
        self.name = name

    @classmethod
    def from_ptx(cls, text: str, name: str = "<ptx>", opt_level: int = 3) -> Module:
        pipeline = Pipeline(PipelineOptions(opt_level=opt_level))
        try:
            module = pipeline.front(text, name)
            kernels = {k.name: _kernel(k) for k in module.kernels}
            so_path = _cached_module(pipeline, module, text, name, opt_level)
        except Cu2amdError as err:
            err.sources.setdefault(name, text)
            raise
        return cls(loader.LoadedModule(so_path), kernels, name)

    @classmethod
    def from_file(cls, path: str | Path, opt_level: int = 3) -> Module:
        p = Path(path)
        if not p.is_file():
            raise UsageError(f"no such file: '{path}'")
        return cls.from_ptx(p.read_text(encoding="utf-8"), str(path), opt_level)

    @classmethod
    def from_nvptx_ir(cls, ir_text: str, name: str = "<device IR>", opt_level: int = 3) -> Module:
        """Device code compiled by clang in CUDA mode (`--cuda-device-only -emit-llvm`),
        retargeted to this CPU (runtime_shim/host/retarget.py)."""
        retargeted = retarget_nvptx_ir(ir_text, name)
        so_path = compile_host_ir(retargeted.ir, opt_level)
        kernels = {
            k: Kernel(
                k, tuple(Param(f"param{i}", _llvm_param_type(t)) for i, t in enumerate(types))
            )
            for k, types in retargeted.kernels.items()
        }
        return cls(loader.LoadedModule(so_path), kernels, name)

    @classmethod
    def from_library(cls, path: str | Path, kernels: dict[str, Sequence[PtxType]]) -> Module:
        """A shared object that follows the host module ABI (see targets/host.py) built by
        other means, with each kernel's parameter types."""
        params = {
            name: Kernel(name, tuple(Param(f"param{i}", t) for i, t in enumerate(types)))
            for name, types in kernels.items()
        }
        return cls(loader.LoadedModule(Path(path)), params, str(path))

    @property
    def static_shared_bytes(self) -> int:
        return self._loaded.static_shared_bytes

    def launch(
        self,
        kernel: str,
        grid: int | Sequence[int],
        block: int | Sequence[int],
        args: Sequence[object] = (),
        *,
        shared_mem: int = 0,
        warp_size: int = 32,
        order: str = "forward",
        strict: bool = False,
        stack_size: int = 0,
    ) -> None:
        """Run `kernel` over `grid` blocks of `block` threads; returns when it is done."""
        k = self.kernels.get(kernel)
        if k is None:
            known = ", ".join(sorted(self.kernels)) or "none"
            raise LaunchError(f"no kernel '{kernel}' in {self.name} (kernels: {known})")
        grid3 = _dim3("grid", grid)
        block3 = _dim3("block", block)
        if warp_size not in (32, 64):
            raise LaunchError(f"warp size must be 32 or 64, not {warp_size}")
        order_code, seed = _order(order)
        # The limit on static + dynamic shared memory is checked by the runtime, for this
        # API and for programs alike (MAX_SHARED_BYTES).
        if shared_mem < 0:
            raise LaunchError(f"shared memory size must not be negative, not {shared_mem}")
        if stack_size < 0:
            raise LaunchError(f"stack size must not be negative, not {stack_size}")
        values = _pack_args(k, args)
        entry = self._loaded.entry(kernel)
        pointers = (ctypes.c_void_p * max(len(values), 1))(*(ctypes.addressof(v) for v in values))
        flags = (loader.FLAG_FIBERS if entry.needs_fibers else 0) | (
            loader.FLAG_STRICT if strict else 0
        )
        launch = loader.LaunchStruct(
            entry=entry.address,
            args=pointers,
            thread_slot=self._loaded.thread_slot,
            grid=loader.Dim3(*grid3),
            block=loader.Dim3(*block3),
            dynamic_shared_size=min(shared_mem, (1 << 64) - 1),
            wave_size=warp_size,
            order=order_code,
            flags=flags,
            seed=seed,
            shared_regions=self._loaded.shared_regions,
            shared_region_sizes=self._loaded.shared_sizes,
            n_shared_regions=self._loaded.n_shared,
            stack_size=stack_size,
            dynamic_shared_buffer=self._loaded.dynamic_shared_buffer,
        )
        with self._loaded.lock:
            status, message = loader.runtime().launch(launch)
        if status == 1:
            raise LaunchError(message)
        if status != 0:
            raise KernelError(f"kernel '{kernel}' failed: {message}")


_LLVM_TYPES = {"float": "f32", "double": "f64", "half": "f16", "ptr": "b64"}


def _llvm_param_type(llvm_type: str) -> PtxType:
    """The PTX type that stands for a kernel parameter's LLVM type (pointers: 64 bits)."""
    name = _LLVM_TYPES.get(llvm_type)
    if name is None and re.fullmatch(r"i(8|16|32|64)", llvm_type):
        name = "b" + llvm_type[1:]
    t = TYPES.get(name or "")
    # Aggregates (structs passed by value) have no scalar type: launching rejects them.
    return t if t is not None else PtxType(llvm_type, Kind.BITS, 0)


def _kernel(fn: ast.Function) -> Kernel:
    params = []
    for p in fn.params:
        (d,) = p.declarators
        size = 0
        if d.dims or p.vector:
            size = max(p.type.bits // 8, 1) * (p.vector or 1)
            for dim in d.dims:
                size *= dim or 0
        params.append(Param(d.name, p.type, size))
    return Kernel(fn.name, tuple(params))


def _cached_module(
    pipeline: Pipeline, module: ast.Module, text: str, name: str, opt_level: int
) -> Path:
    """The module's shared object, compiled once into the cache under a hash of its PTX and
    of everything that shapes its code (written once, all or nothing: write_atomic)."""
    # The device runtime library is linked in: a changed library makes a new module.
    salt = f"{__version__}\0{library_key('host')}\0{compiler_fingerprint()}"
    key = hashlib.sha256(f"{salt}\0{name}\0{opt_level}\0{text}".encode()).hexdigest()[:24]
    path = cache_dir() / "host-modules" / f"ptx-{key}.so"
    with _compile_lock:
        if not path.is_file():
            compile_host_module(pipeline.lower(module, HOST), opt_level, path)
    return path


def _dim3(what: str, value: int | Sequence[int]) -> tuple[int, int, int]:
    dims = [value] if isinstance(value, int | np.integer) else list(value)
    if not 1 <= len(dims) <= 3 or not all(isinstance(d, int | np.integer) for d in dims):
        raise LaunchError(f"{what} must be 1 to 3 positive integers, not {value!r}")
    dims = [int(d) for d in dims] + [1] * (3 - len(dims))
    if any(d < 1 for d in dims):
        raise LaunchError(f"{what} dimensions must be positive, not {tuple(dims)}")
    return dims[0], dims[1], dims[2]


def _order(order: str) -> tuple[int, int]:
    name, _, seed = order.partition(":")
    if name not in ORDERS or (seed and name != "random"):
        raise LaunchError(f"thread order must be forward, reverse or random:SEED, not '{order}'")
    try:
        return ORDERS[name], int(seed or 0)
    except ValueError:
        raise LaunchError(f"random seed must be an integer, not '{seed}'") from None


_CTYPES = {8: ctypes.c_uint8, 16: ctypes.c_uint16, 32: ctypes.c_uint32, 64: ctypes.c_uint64}


def _pack_args(kernel: Kernel, args: Sequence[object]) -> list[ctypes._CData]:
    if len(args) != len(kernel.params):
        raise LaunchError(
            f"kernel '{kernel.name}' takes {len(kernel.params)} arguments, {len(args)} given"
        )
    return [
        _pack(kernel, i, p, a) for i, (p, a) in enumerate(zip(kernel.params, args, strict=True))
    ]


def _pack(kernel: Kernel, index: int, param: Param, value: object) -> ctypes._CData:
    where = f"argument {index + 1} of kernel '{kernel.name}', {param.describe()}"
    t = param.type
    if param.bytes_:
        # A struct by value: its bytes, e.g. struct.pack(...) or a numpy structured scalar.
        data = value.tobytes() if isinstance(value, np.ndarray | np.generic) else value
        if not isinstance(data, bytes | bytearray | memoryview):
            raise LaunchError(f"{where}: needs {param.bytes_} bytes, got {type(value).__name__}")
        if len(data) != param.bytes_:
            raise LaunchError(f"{where}: needs {param.bytes_} bytes, got {len(data)}")
        # ctypes buffers come from malloc: aligned for any .param alignment up to 16
        return (ctypes.c_char * param.bytes_).from_buffer_copy(bytes(data))
    if t.lanes != 1 or t.kind is Kind.PRED or not 8 <= t.bits <= 64:
        raise LaunchError(f"{where}: parameters of this type are not supported yet")
    if isinstance(value, DeviceArray):
        if t.bits != 64 or t.is_float:
            raise LaunchError(f"{where}: a device array needs a 64-bit integer parameter")
        return ctypes.c_uint64(value.ptr)
    if t.is_float:
        if (
            isinstance(value, np.floating | np.integer)
            and np.dtype(value.dtype).itemsize * 8 != t.bits
        ):
            raise LaunchError(f"{where}: got a {np.dtype(value.dtype).name}")
        if not isinstance(value, float | int | np.floating | np.integer) or isinstance(value, bool):
            raise LaunchError(f"{where}: got {type(value).__name__}")
        ctype = ctypes.c_float if t.bits == 32 else ctypes.c_double
        if t.bits not in (32, 64):
            raise LaunchError(f"{where}: parameters of this type are not supported yet")
        return ctype(float(value))
    if isinstance(value, np.integer) and np.dtype(value.dtype).itemsize * 8 != t.bits:
        raise LaunchError(f"{where}: got a {np.dtype(value.dtype).name}")
    if not isinstance(value, int | np.integer) or isinstance(value, bool):
        raise LaunchError(f"{where}: got {type(value).__name__}")
    number = int(value)
    low = -(1 << (t.bits - 1))
    if not low <= number < (1 << t.bits):
        raise LaunchError(f"{where}: {number} does not fit in {t.bits} bits")
    return _CTYPES[t.bits](number & ((1 << t.bits) - 1))
