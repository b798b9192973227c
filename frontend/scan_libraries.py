"""The CUDA libraries `cu2amd report` recognises, and their ROCm counterparts.

A library is recognised by an `#include` of one of its headers (a header name, or a
directory prefix such as `thrust/`) or by a symbol with one of its prefixes. cu2amd ships
no library headers, so while scanning each included library header is replaced by an
empty stub (which only opens the library's C++ namespace, if it has one): the file still
parses, and errors naming the library's symbols are the library's use, not a parse
failure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Library:
    name: str  # cuBLAS
    headers: tuple[str, ...]  # exact include names, or prefixes ending in "/"
    prefixes: tuple[str, ...]  # symbol prefixes (a C++ namespace is "thrust::")
    rocm: str  # the ROCm counterpart(s)
    namespace: str = ""  # opened by the stub header
    libraries: tuple[str, ...] = ()  # what it links as (-lcublas): cu2amd toolkit-dir stubs

    def owns_header(self, include: str) -> bool:
        return any(include.startswith(h) if h.endswith("/") else include == h for h in self.headers)

    def owns_symbol(self, name: str) -> bool:
        return any(
            name == p.removesuffix("::") if p.endswith("::") else name.startswith(p)
            for p in self.prefixes
        )


LIBRARIES: tuple[Library, ...] = (
    Library("CUB", ("cub/", "cub.cuh"), ("cub::",), "hipCUB", "cub"),
    Library("NCCL", ("nccl.h",), ("nccl",), "RCCL", libraries=("nccl",)),
    Library(
        "NVTX",
        ("nvToolsExt.h", "nvtx3/"),
        ("nvtx",),
        "roctx (ROCTracer)",
        libraries=("nvToolsExt",),
    ),
    Library("Thrust", ("thrust/",), ("thrust::",), "rocThrust", "thrust"),
    Library(
        "cuBLAS",
        ("cublas.h", "cublas_v2.h", "cublasLt.h", "cublasXt.h", "cublas_api.h"),
        ("cublas",),
        "hipBLAS / rocBLAS (hipBLASLt for cublasLt)",
        libraries=("cublas", "cublasLt"),
    ),
    Library("cuDNN", ("cudnn.h",), ("cudnn",), "MIOpen", libraries=("cudnn",)),
    Library(
        "cuFFT",
        ("cufft.h", "cufftXt.h", "cufftw.h"),
        ("cufft",),
        "hipFFT / rocFFT",
        libraries=("cufft", "cufftw"),
    ),
    Library(
        "cuRAND",
        ("curand.h", "curand_kernel.h"),
        ("curand",),
        "hipRAND / rocRAND",
        libraries=("curand",),
    ),
    Library(
        "cuSOLVER",
        ("cusolverDn.h", "cusolverSp.h", "cusolverRf.h", "cusolver_common.h"),
        ("cusolver",),
        "hipSOLVER / rocSOLVER",
        libraries=("cusolver",),
    ),
    Library(
        "cuSPARSE",
        ("cusparse.h", "cusparse_v2.h"),
        ("cusparse",),
        "hipSPARSE / rocSPARSE",
        libraries=("cusparse",),
    ),
)

_INCLUDE = re.compile(rb'^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]', re.MULTILINE)


def library_of_header(include: str) -> Library | None:
    return next((lib for lib in LIBRARIES if lib.owns_header(include)), None)


def library_of_symbol(name: str) -> Library | None:
    return next((lib for lib in LIBRARIES if lib.owns_symbol(name)), None)


@dataclass(frozen=True)
class LibraryInclude:
    library: str
    header: str
    line: int


def library_includes(data: bytes) -> list[LibraryInclude]:
    """The library headers a file includes, from its text (before preprocessing, so an
    include under `#if` counts: the report is about what the code may use)."""
    found = []
    for m in _INCLUDE.finditer(data):
        header = m.group(1).decode("utf-8", "replace")
        lib = library_of_header(header)
        if lib is not None:
            line = data.count(b"\n", 0, m.start()) + 1
            found.append(LibraryInclude(lib.name, header, line))
    return found


def write_stubs(headers: set[str], directory: Path) -> None:
    """Empty stand-ins for the library headers, under `directory` (an include path)."""
    for header in sorted(headers):
        lib = library_of_header(header)
        assert lib is not None
        path = directory / header
        path.parent.mkdir(parents=True, exist_ok=True)
        body = f"namespace {lib.namespace} {{}}\n" if lib.namespace else ""
        path.write_text(f"/* cu2amd report: stub for {lib.name}'s {header} */\n{body}")
