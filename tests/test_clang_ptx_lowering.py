"""clang's NVPTX output lowered end to end: the CUDA sources of tests/data/cuda compiled to
PTX (corpus.py, sm_80, -O0 and -O2), then by cu2amd for gfx942 and for the host platform,
where some of their kernels run against Python models of their source.

Which corpus files still stop at something cu2amd does not lower for gfx942 (when this
test was written; the test asserts that each such stop is a named UnsupportedError, never
a crash, and prints the current list with -s):

    async            cp.async (asynchronous copies)
    calls            an extern function the module does not define (external_hook)
    fp16             half-precision setp
    indices          %pm0 (performance-monitor counters)
    inline_asm_more  vabsdiff4 (video instructions)
    sync             nanosleep
    tensor           wmma
"""

from __future__ import annotations

import importlib.util
import struct
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from test_ptx_memory import launch_with_bytes

from cu2amd import host
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import Cu2amdError, ErrorList, UnsupportedError
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

CUDA_DIR = Path(__file__).resolve().parent / "data" / "cuda"
# Sources all of whose kernels lower for AMDGPU.
LOWERED = ("atomics", "classes", "control", "kernels", "launch_bounds", "linkage", "memory",
           "structs", "templates", "vectors")  # fmt: skip


def _corpus_module() -> ModuleType:
    name = "cu2amd_test_corpus"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, CUDA_DIR / "corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


corpus = _corpus_module()


@pytest.fixture(scope="module")
def ptx_files(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str], Path]:
    """(source stem, -O level) -> its PTX, for sm_80."""
    variants = [
        corpus.Variant(source, "sm_80", opt, "", False, 80)
        for source in corpus.SOURCES
        for opt in ("-O0", "-O2")
    ]
    built = corpus.build(tmp_path_factory.mktemp("clang-ptx"), variants)
    return {(v.source.stem, v.opt): path for v, path in built}


def _lower(path: Path, target: object) -> None:
    pipeline = Pipeline(PipelineOptions())
    module = pipeline.front(path.read_text(), str(path))
    pipeline.back(module, target)


def _unsupported(err: Cu2amdError) -> bool:
    errors = err.errors if isinstance(err, ErrorList) else [err]
    return all(isinstance(e, UnsupportedError) for e in errors)


def test_corpus_lowering_status(ptx_files: dict[tuple[str, str], Path]) -> None:
    """Every file lowers for gfx942 or stops at what cu2amd names as unsupported."""
    target = parse_target_id("gfx942")
    stops, crashes = {}, {}
    for (stem, opt), path in sorted(ptx_files.items()):
        try:
            _lower(path, target)
        except Cu2amdError as err:
            (stops if _unsupported(err) else crashes)[f"{stem} {opt}"] = str(err).splitlines()[0]
        except Exception as err:
            crashes[f"{stem} {opt}"] = f"{type(err).__name__}: {err}"
    print("\n".join(f"{name}: {message}" for name, message in stops.items()))
    assert not crashes, f"files that fail other than as unsupported: {crashes}"
    lowered = {stem for stem, opt in ptx_files if f"{stem} {opt}" not in stops}
    assert lowered >= set(LOWERED), f"expected to lower: {sorted(set(LOWERED) - lowered)}"


@pytest.mark.parametrize("stem", LOWERED)
@pytest.mark.parametrize("opt", ["-O0", "-O2"])
def test_lowers_for_the_host(ptx_files: dict[tuple[str, str], Path], stem: str, opt: str) -> None:
    host.Module.from_file(ptx_files[(stem, opt)])


# -- running clang's kernels on the host platform ---------------------------------------


def _module(ptx_files: dict[tuple[str, str], Path], stem: str, opt: str) -> host.Module:
    return host.Module.from_file(ptx_files[(stem, opt)])


def _sequential(threads: int, body: Callable[[int], None]) -> None:
    """The host platform runs a block's threads one after another (forward order) when
    the kernel has no barrier: so does the model."""
    for t in range(threads):
        body(t)


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
def test_int_atomics(ptx_files: dict[tuple[str, str], Path], opt: str) -> None:
    mod = _module(ptx_files, "atomics", opt)
    p = np.array([5, 0, -3, 1000, 0xF0F, 0, 3, 0, 0], np.int32)
    u = np.array([0, 0xFFFF, 0, 0], np.uint32)
    ll = np.array([7, -9, 0, 0], np.int64)
    ull = np.array([50, 0, 0], np.uint64)
    args = [host.to_device(a) for a in (p, u, ll, ull)]
    mod.launch("_Z11int_atomicsPiPjPxPy", grid=1, block=64, args=args)
    P, U, L, UL = p.tolist(), u.tolist(), ll.tolist(), ull.tolist()

    def thread(v: int) -> None:
        P[0] += v
        P[1] = v
        P[2] = max(P[2], v)
        P[3] = min(P[3], v)
        U[0] = max(U[0], v)
        U[1] = min(U[1], v)
        U[2] = 0 if U[2] >= 100 else U[2] + 1
        U[3] = 100 if U[3] == 0 or U[3] > 100 else U[3] - 1
        P[4] &= v
        P[5] |= v
        P[6] ^= v
        old = P[8]
        P[8] = v + 1 if old == v else old
        P[7] = old
        L[0] += v
        L[1] = max(L[1], v)
        UL[0] = min(UL[0], v)
        old = UL[2]
        UL[2] = 0 if old == v else old
        UL[1] = old
        L[3] = -v

    _sequential(64, thread)
    got = [a.to_numpy().tolist() for a in args]
    assert got == [P, U, L, UL]


def test_shared_histogram(ptx_files: dict[tuple[str, str], Path]) -> None:
    mod = _module(ptx_files, "atomics", "-O2")
    data = np.random.default_rng(3).integers(0, 256, 5000).astype(np.uint8)
    out = host.zeros(256, np.uint32)
    mod.launch("_Z9histogramPKhiPj", grid=4, block=256,
               args=[host.to_device(data), np.int32(len(data)), out])  # fmt: skip
    np.testing.assert_array_equal(out.to_numpy(), np.bincount(data, minlength=256))


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
def test_switches_through_brx_idx_and_calls(
    ptx_files: dict[tuple[str, str], Path], opt: str
) -> None:
    mod = _module(ptx_files, "control", opt)
    k = np.array([*range(-2, 12), -1000, 7, 4096, 1 << 20, 123456789, 5], np.int32)
    n = len(k) - 1
    out = host.zeros(n, np.int32)
    mod.launch("_Z8switchesPiPKi", grid=1, block=n, args=[out, host.to_device(k)])

    def dense(case: int, x: int) -> int:
        table = [x + 1, x * 3, x - 7, x ^ 0x55, x << 2, x >> 1, ~x, x * x, -x, x | 0x100]
        return table[case] if 0 <= case < len(table) else 0

    sparse = {-1000: 1, 7: 2, 4096: 3, 1 << 20: 4, 123456789: 5}
    expected = [dense(int(k[t]), t) + sparse.get(int(k[t + 1]), 6) for t in range(n)]
    np.testing.assert_array_equal(out.to_numpy(), expected)


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
def test_exits(ptx_files: dict[tuple[str, str], Path], opt: str) -> None:
    mod = _module(ptx_files, "control", opt)
    p = host.zeros(4, np.int32)
    for mode in (1, 2, 3):
        mod.launch("_Z5exitsPii", grid=1, block=4, args=[p, np.int32(mode)])
    np.testing.assert_array_equal(p.to_numpy(), [3] * 4)
    with pytest.raises(host.KernelError, match=r"trap in block \(0,0,0\), thread \(0,0,0\)"):
        mod.launch("_Z5exitsPii", grid=1, block=4, args=[p, np.int32(0)])


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
def test_structs_by_value(ptx_files: dict[tuple[str, str], Path], opt: str) -> None:
    """by_value(Vec3 a, Vec3 b, Vec3 *out, Small s, Aligned al, Big big)"""
    mod = _module(ptx_files, "structs", opt)
    threads = 4
    out = host.zeros(threads * 3, np.float32)
    a, b = (1.0, 2.0, 3.0), (-4.0, 0.5, 2.0)
    small = struct.pack("<bxh", 3, 100)
    aligned = struct.pack("<3i4xd8x", 10, 20, 30, 0.25)
    big_data = list(range(0, 64, 2))
    big = struct.pack("<32i3fb3x", *big_data, 1.0, 2.0, 3.0, 9)
    args = [struct.pack("<3f", *a), struct.pack("<3f", *b), struct.pack("<Q", out.ptr),
            small, aligned, big]  # fmt: skip
    launch_with_bytes(mod, "_Z8by_value4Vec3S_PS_5Small7Aligned3Big", 1, threads, args)
    cross = np.cross(np.array(a, np.float32), np.array(b, np.float32))
    expected = np.tile(cross, (threads, 1)).astype(np.float32)
    for t in range(threads):
        expected[t, 0] += np.float32(3 + 100 + [10, 20, 30][t % 3]) + np.float32(0.25) + \
            np.float32(big_data[t & 31])  # fmt: skip
    np.testing.assert_allclose(out.to_numpy().reshape(threads, 3), expected, rtol=1e-6)


@pytest.mark.parametrize("opt", ["-O0", "-O2"])
def test_local_arrays_and_address_spaces(ptx_files: dict[tuple[str, str], Path], opt: str) -> None:
    mod = _module(ptx_files, "memory", opt)
    out = host.zeros(8, np.int32)
    mod.launch("_Z12local_arraysPii", grid=1, block=8, args=[out, np.int32(9)])
    buf = [i * 9 for i in range(64)]
    expected = sum(buf[(i * 7) & 63] for i in range(9)) + int(9 % 5 * 1.5)
    np.testing.assert_array_equal(out.to_numpy(), [expected] * 8)
    spaces = host.zeros(32, np.int32)
    mod.launch("_Z11addr_spacesPi", grid=1, block=32, args=[spaces])
    np.testing.assert_array_equal(spaces.to_numpy(), [2] * 32)  # shared + global + s[0]


def test_dynamic_shared_memory(ptx_files: dict[tuple[str, str], Path]) -> None:
    mod = _module(ptx_files, "memory", "-O2")
    out = host.zeros(64, np.float32)
    mod.launch("_Z14shared_dynamicPfi", grid=1, block=64, args=[out, np.int32(64)],
               shared_mem=64 * 4)  # fmt: skip
    np.testing.assert_array_equal(out.to_numpy(), ((np.arange(64) + 1) % 64) * 2.0)
