"""The kinds of finding `cu2amd report` makes: one typed row each, with a stable ID.

IDs never change meaning and are never reused: C2A1xxx parsing, C2A2xxx CUDA APIs,
C2A3xxx inline PTX, C2A4xxx warp-size hazards, C2A5xxx CUDA libraries, C2A6xxx
standalone PTX files, C2A7xxx features with no AMD path. `docs/diagnostics.md` is
generated from this table (`python -m cu2amd.translator.report.diagnostics_doc`).

The effort weight is the estimated hours one occurrence costs a person porting the code;
how weights add up per file is in `effort.py`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Severity(enum.Enum):
    # Ordered from worst: `error` means cu2amd-nvcc cannot build the file as it is.
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"

    @property
    def rank(self) -> int:
        return list(Severity).index(self)


@dataclass(frozen=True)
class FindingKind:
    id: str  # C2A1001
    name: str  # kebab-case, for people and SARIF rule names
    title: str  # one line
    severity: Severity
    effort_hours: float  # per distinct subject (see effort.py)
    explanation: str  # one paragraph: what it means, why it matters on AMD, what to do


FINDING_KINDS: tuple[FindingKind, ...] = (
    FindingKind(
        "C2A1001",
        "parse-failure",
        "The file does not parse with cu2amd's CUDA headers",
        Severity.ERROR,
        2.0,
        "libclang reported an error that no other finding explains while parsing the file "
        "as CUDA (device pass, cu2amd's own clean-room CUDA headers, the file's flags from "
        "compile_commands.json or the command line). The first such clang diagnostic is "
        "quoted. Everything the scanner could still see in the file is reported, but the "
        "rest of the report for this file may be incomplete, and cu2amd-nvcc will not build "
        "it until the error is fixed: often a missing include path (-I) or define (-D), or a "
        "header of a library cu2amd does not know.",
    ),
    FindingKind(
        "C2A2001",
        "api-unsupported",
        "A CUDA API that cu2amd does not support",
        Severity.ERROR,
        4.0,
        "cu2amd's CUDA -> ROCm mapping tables list this CUDA symbol as unsupported: "
        "cu2amd-nvcc stops with an error naming it. The code has to be rewritten without "
        "it (the finding quotes the table's note where it has one), or the symbol "
        "implemented in cu2amd.",
    ),
    FindingKind(
        "C2A2002",
        "api-unknown",
        "A CUDA API that cu2amd's tables do not know",
        Severity.ERROR,
        2.0,
        "The name is a CUDA symbol (declared by cu2amd's CUDA headers, or spelled like one: "
        "cuda*, cu*, CUDA_*) but cu2amd's mapping tables have no row for it, so the report "
        "cannot say whether it ports. Until a row says otherwise it counts against building "
        "the file with cu2amd-nvcc. Check the symbol by hand, or wait for the tables to "
        "cover it.",
    ),
    FindingKind(
        "C2A2003",
        "api-emulated",
        "A CUDA API that cu2amd emulates",
        Severity.NOTE,
        0.5,
        "The API works under cu2amd, implemented by cu2amd's own code rather than a direct "
        "ROCm counterpart, with the documented difference quoted from the tables (speed, "
        "precision, memory needs). Nothing has to change to build, but the difference may "
        "matter to the program.",
    ),
    FindingKind(
        "C2A2004",
        "api-semantic-difference",
        "A supported CUDA API whose meaning differs on AMD",
        Severity.NOTE,
        0.25,
        "The API is supported, but the tables record a semantic difference that matters: "
        "a math function's ULP bound that differs from CUDA's, managed memory needing XNACK, "
        "a property that reads differently on AMD. The note is quoted; check that the "
        "program does not depend on CUDA's exact behaviour.",
    ),
    FindingKind(
        "C2A2005",
        "api-not-applicable",
        "A CUDA API with no meaning on AMD",
        Severity.ERROR,
        4.0,
        "The tables mark this CUDA symbol as not applicable on AMD GPUs (for example "
        "graphics interoperability or NVIDIA-specific device management). The code that "
        "uses it has to be removed or given an AMD-specific path.",
    ),
    FindingKind(
        "C2A3001",
        "inline-ptx-not-lowered",
        "An inline PTX instruction that cu2amd does not lower",
        Severity.ERROR,
        3.0,
        "The instruction in this asm statement decodes against cu2amd's PTX form tables "
        "(docs/ptx-support.md) but its form, or a modifier value of it, is not lowered: "
        "cu2amd-nvcc reports it as an unsupported PTX instruction. Replace the asm with the "
        "equivalent CUDA intrinsic or C++ where one exists, or wait for the form to be "
        "lowered.",
    ),
    FindingKind(
        "C2A3002",
        "inline-ptx-invalid",
        "An inline PTX statement that does not parse or decode",
        Severity.ERROR,
        2.0,
        "cu2amd's PTX parser or decoder rejects the asm template (after operand "
        "substitution): a syntax error, an instruction that is not PTX or not in cu2amd's "
        "tables, or operands that do not fit the instruction. The diagnostic is quoted. "
        "Fix the template or report the instruction if it is valid PTX.",
    ),
    FindingKind(
        "C2A3003",
        "inline-asm-form",
        "An asm statement in a form cu2amd does not translate",
        Severity.ERROR,
        2.0,
        "The asm statement itself, before its PTX is looked at, is in a form cu2amd does "
        "not translate: `asm goto`, immediate ('n') or other unsupported constraint "
        "letters, a template that is not string literals, or an asm spelled in a header "
        "(cu2amd rewrites inline PTX spelled in the .cu file itself). Move or rewrite it.",
    ),
    FindingKind(
        "C2A4001",
        "warp-literal-32",
        "Literal 32 in lane or warp arithmetic",
        Severity.WARNING,
        0.25,
        "A thread index divided by or taken modulo the literal 32, or shifted right by 5 "
        "(`threadIdx.x % 32`, `tid >> 5`, `blockDim.x / 32`), or a warp number multiplied "
        "by 32 or shifted left by 5 (`warp * 32`). A thread index is an expression that "
        "reads threadIdx or blockDim, a variable or parameter named after a lane, warp or "
        "thread, or a local variable initialised from one (`int gid = blockIdx.x * "
        "blockDim.x + threadIdx.x;`); data loaded with such an index is not one. cu2amd "
        "keeps CUDA's 32-lane warps on wave64 GPUs, so it builds, but the code hard-codes "
        "the warp size: a native HIP port on wave64 hardware (gfx9) breaks. Use warpSize "
        "or a named constant.",
    ),
    FindingKind(
        "C2A4002",
        "warp-literal-31",
        "Literal 31 as a lane mask or last lane",
        Severity.WARNING,
        0.25,
        "A thread index (as for C2A4001) is masked with 31 (`tid & 31`) or compared with "
        "31 as the last lane of a warp. This assumes 32 lanes; on a wave64 GPU the lane id "
        "runs to 63. Use `warpSize - 1`.",
    ),
    FindingKind(
        "C2A4003",
        "warp-full-mask-32",
        "A 32-bit full-warp mask 0xffffffff",
        Severity.WARNING,
        0.25,
        "A `*_sync` warp collective is given the 32-bit mask 0xffffffff. Under cu2amd a "
        "warp is 32 lanes and the mask is right, but in HIP on wave64 the mask type is 64 "
        "bits and 0xffffffff names only half of the wave. Write the mask for the warp size "
        "(e.g. `__activemask()` or a 64-bit all-ones mask in a HIP port).",
    ),
    FindingKind(
        "C2A4004",
        "ballot-stored-32-bits",
        "A __ballot_sync result stored in 32 bits",
        Severity.WARNING,
        0.5,
        "The result of `__ballot_sync` (or `__activemask`) is stored in a 32-bit variable. "
        "cu2amd returns the 32-lane warp's ballot, so it is right here, but on a wave64 GPU "
        "HIP's ballot is 64 bits and the upper half of the wave would be lost. Use a 64-bit "
        "type (or `auto`) in code meant to run natively on AMD.",
    ),
    FindingKind(
        "C2A4005",
        "warp-size-constant",
        "The warp size assumed to be the constant 32",
        Severity.WARNING,
        0.5,
        "`warpSize` is compared with a literal, or used where C++ needs a constant (an "
        "array bound, a static_assert, a template argument, a constexpr initializer, an "
        "enumerator, a case label), or a constant or macro named like a warp size is "
        "defined as 32. cu2amd's warpSize is a compile-time 32, so this builds; HIP's is "
        "not a constant expression (such uses do not compile in a native port) and on AMD "
        "the wave size is 32 or 64 depending on the GPU: code that sizes work by a constant "
        "32 computes the wrong number of warps per block. Use warpSize at run time, or the "
        "target's wave size.",
    ),
    FindingKind(
        "C2A4006",
        "shared-array-32",
        "A __shared__ array with a dimension of 32",
        Severity.WARNING,
        0.5,
        "A `__shared__` array has a dimension of 32, typically one slot per lane or per "
        "warp. With 64-lane waves such an array is too small or indexed out of bounds in a "
        "native port. Size it from the warp size and the block size.",
    ),
    FindingKind(
        "C2A4007",
        "shfl-without-width",
        "A __shfl* call without the width argument",
        Severity.WARNING,
        0.25,
        "A warp shuffle is called without its `width` argument, which defaults to the warp "
        "size: 32 under CUDA and cu2amd, 64 in HIP on wave64 GPUs, where lanes 32-63 then "
        "exchange data with lanes 0-31. Pass the width explicitly.",
    ),
    FindingKind(
        "C2A5001",
        "cuda-library",
        "A CUDA library is used",
        Severity.ERROR,
        8.0,
        "The file uses an NVIDIA CUDA library (its header is included or its symbols "
        "used). cu2amd ships no library headers and does not translate library calls, so "
        "cu2amd-nvcc does not build the file; the ROCm counterpart named in "
        "the finding has an API of the same shape (hipify renames most calls), but the "
        "build, link line and any tuned parameters must be ported.",
    ),
    FindingKind(
        "C2A6001",
        "ptx-from-nvidia-compiler",
        "A PTX file whose header says NVIDIA's compiler made it",
        Severity.ERROR,
        4.0,
        "The PTX file's header names NVIDIA's compiler (NVVM, `Compiler Build ID: CL-`, "
        "`Cuda compilation tools`). The licence of NVIDIA's CUDA toolkit restricts "
        "translating its compilers' output to other platforms, so cu2amd does not read it. "
        "Regenerate the PTX from its CUDA source with an open compiler (clang's NVPTX "
        "back end) or compile the source with cu2amd-nvcc instead.",
    ),
    FindingKind(
        "C2A6002",
        "ptx-not-lowered",
        "A PTX file with instructions cu2amd does not lower",
        Severity.ERROR,
        3.0,
        "The standalone PTX file parses, but some of its instructions are not lowered "
        "(or do not decode); each distinct spelling is named. `cu2amd ptx` rejects the "
        "file until they are.",
    ),
    FindingKind(
        "C2A6003",
        "ptx-parse-failure",
        "A PTX file that does not parse",
        Severity.ERROR,
        2.0,
        "cu2amd's PTX parser rejects the file; the diagnostic is quoted.",
    ),
    FindingKind(
        "C2A7001",
        "dynamic-parallelism",
        "Dynamic parallelism: a kernel launched from device code",
        Severity.ERROR,
        16.0,
        "A kernel is launched (or device-side synchronisation used) from a `__global__` "
        "or `__device__` function. AMD GPUs and ROCm have no device-side kernel launch; "
        "the algorithm has to be restructured into host-side launches (or a persistent "
        "kernel with a work queue).",
    ),
    FindingKind(
        "C2A7002",
        "graphics-interop",
        "Graphics interoperability",
        Severity.ERROR,
        8.0,
        "The code uses graphics interoperability that cu2amd does not provide: Direct3D, "
        "EGLStreams or VDPAU interop (cudaD3D*, cudaEGLStream*, cudaGraphicsD3D*/VDPAU*), "
        "which have no ROCm or Mesa counterpart. (OpenGL interop, cudaGraphicsGL* and "
        "cudaGL*, and EGL image and sync interop, cudaGraphicsEGLRegisterImage and "
        "cudaEventCreateFromEGLSync, are provided and are no finding.)",
    ),
    FindingKind(
        "C2A7003",
        "no-amd-hardware-path",
        "PTX for hardware AMD GPUs do not have (tcgen05, ...)",
        Severity.ERROR,
        24.0,
        "The inline PTX uses an instruction family for NVIDIA hardware with no AMD "
        "counterpart (tcgen05 tensor memory and the fifth-generation tensor cores). "
        "Such kernels have to be rewritten for AMD's matrix cores (MFMA/WMMA), e.g. with "
        "rocWMMA or composable_kernel.",
    ),
)

BY_ID: dict[str, FindingKind] = {k.id: k for k in FINDING_KINDS}
BY_NAME: dict[str, FindingKind] = {k.name: k for k in FINDING_KINDS}


def kind(name: str) -> FindingKind:
    """The row for a finding's kebab-case name (a KeyError is a bug in the scanner)."""
    return BY_NAME[name]
