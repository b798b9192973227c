"""nvcc's command line: the option table and its parser (never click: nvcc's syntax is
its own — `-arch=sm_80` and `-arch sm_80`, `-Xcompiler -fPIC,-O2`, `@file` response files,
NVCC_PREPEND_FLAGS / NVCC_APPEND_FLAGS).

Each `Opt` row names nvcc's short and long spellings, how its value is written, and the
phase it affects. `parse()` turns argv into a list of `(Opt, value)` pairs and input files;
an unknown option is an error naming it, as nvcc's is.
"""

from __future__ import annotations

import enum
import os
import shlex
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cu2amd.errors import UsageError


class Kind(enum.Enum):
    FLAG = "flag"  # -c
    VALUE = "value"  # -o FILE, -arch=sm_80, --output-file FILE
    JOINED_OR_SEPARATE = "joined-or-separate"  # -Idir, -I dir, -DX=1
    LIST = "list"  # -Xcompiler a,b (comma-separated values, repeatable)


class Phase(enum.Enum):
    DRIVER = "driver"  # how the driver runs (dryrun, verbose, keep)
    PREPROCESS = "preprocess"  # both compilation passes
    DEVICE = "device"
    HOST = "host"
    LINK = "link"


@dataclass(frozen=True)
class Opt:
    name: str  # the canonical (long) name, without dashes
    short: str | None
    kind: Kind
    phase: Phase
    help: str
    choices: tuple[str, ...] = ()
    supported: bool = True  # False: known nvcc option that cu2amd rejects by name
    note: str = ""  # for unsupported options: why


def _o(name: str, short: str | None, kind: Kind, phase: Phase, help: str, **kw: object) -> Opt:
    return Opt(name, short, kind, phase, help, **kw)  # type: ignore[arg-type]


F, V, J, L = Kind.FLAG, Kind.VALUE, Kind.JOINED_OR_SEPARATE, Kind.LIST
D, P, DEV, H, LK = Phase.DRIVER, Phase.PREPROCESS, Phase.DEVICE, Phase.HOST, Phase.LINK
BOOL = ("true", "false")

# Sorted by canonical name (checked by a test).
OPTIONS: tuple[Opt, ...] = (
    _o("compile", "c", F, D, "Compile each input to an object file; do not link."),
    _o(
        "compiler-bindir",
        "ccbin",
        V,
        H,
        "Host compiler that links (cu2amd compiles host code with clang).",
    ),
    _o("compiler-options", "Xcompiler", L, H, "Options for the host compiler."),
    _o(
        "cubin",
        "cubin",
        F,
        D,
        "Emit a CUDA binary.",
        supported=False,
        note="cu2amd makes AMD code objects, not cubins (use -c)",
    ),
    _o("debug", "g", F, H, "Host debug information."),
    _o("define-macro", "D", J, P, "Define a macro."),
    _o("dependency-output", "MF", V, P, "File for -MD/-MMD/-M output."),
    _o("dependency-target-name", "MT", V, P, "Target name in dependency output."),
    _o("device-c", "dc", F, D, "Relocatable device code, compile only (-rdc=true -c)."),
    _o("device-debug", "G", F, DEV, "Device debug information (line tables only)."),
    _o("device-link", "dlink", F, D, "Link relocatable device code into one object."),
    _o("diag-suppress", None, L, H, "Suppress diagnostics by number (accepted, ignored)."),
    _o("disable-warnings", "w", F, P, "Suppress all warnings."),
    _o("dlink-time-opt", "dlto", F, D, "Device link-time optimisation (what -dlink always does)."),
    _o("dryrun", None, F, D, "Print the commands, run nothing."),
    _o("expt-extended-lambda", None, F, P, "Extended lambdas (always on in clang)."),
    _o("expt-relaxed-constexpr", None, F, P, "Relaxed constexpr (always on in clang)."),
    _o("extended-lambda", None, F, P, "Extended lambdas (always on in clang)."),
    _o("fmad", None, V, DEV, "Contract multiply-adds.", choices=BOOL),
    _o(
        "forward-unknown-to-host-compiler",
        "forward-unknown-to-host-compiler",
        F,
        D,
        "Pass options cu2amd-nvcc does not know to the host compiler.",
    ),
    _o("ftz", None, V, DEV, "Flush denormals to zero.", choices=BOOL),
    _o("generate-code", "gencode", V, DEV, "arch=compute_XX,code=sm_XX (selects __CUDA_ARCH__)."),
    _o("generate-dependencies", "M", F, P, "Write make dependencies to stdout; no compile."),
    _o(
        "generate-dependencies-with-compile", "MD", F, P, "Write make dependencies while compiling."
    ),
    _o("generate-line-info", "lineinfo", F, DEV, "Device line information."),
    _o("generate-nonsystem-dependencies", "MM", F, P, "-M without system headers."),
    _o("generate-nonsystem-dependencies-with-compile", "MMD", F, P, "-MD without system headers."),
    _o("gpu-architecture", "arch", V, DEV, "sm_XX, compute_XX, native, all, all-major."),
    _o("gpu-code", "code", V, DEV, "sm_XX list (accepted; AMD targets come from --offload-arch)."),
    _o("help", "h", F, D, "Print this help and exit."),
    _o("include-path", "I", J, P, "Add an include directory."),
    _o("keep", None, F, D, "Keep intermediate files."),
    _o("keep-dir", None, V, D, "Where --keep puts intermediate files."),
    _o("lib", None, F, D, "Compile the inputs into a static library (ar)."),
    _o("library", "l", J, LK, "Link a library."),
    _o("library-path", "L", J, LK, "Add a library directory."),
    _o("linker-options", "Xlinker", L, LK, "Options for the linker."),
    _o("maxrregcount", None, V, DEV, "Maximum registers per thread (AMD: VGPRs per lane)."),
    _o("offload-arch", None, V, DEV, "cu2amd: AMD targets (gfx942,gfx1100) or host."),
    _o("optimize", "O", J, P, "Optimisation level 0-3.", choices=("0", "1", "2", "3")),
    _o("options-file", "optf", L, D, "Read more options from these files."),
    _o("output-file", "o", V, D, "Output file."),
    _o("pre-include", "include", J, P, "Include a header first."),
    _o(
        "prec-div",
        None,
        V,
        DEV,
        "IEEE division (always on: correctly rounded division is a valid =false result).",
        choices=BOOL,
    ),
    _o("prec-sqrt", None, V, DEV, "IEEE square root.", choices=BOOL),
    _o("preprocess", "E", F, P, "Preprocess to stdout; no compile."),
    _o(
        "ptx",
        "ptx",
        F,
        D,
        "Emit PTX.",
        supported=False,
        note="cu2amd makes AMD code objects, not PTX",
    ),
    _o(
        "ptxas-options",
        "Xptxas",
        L,
        DEV,
        "Device assembler options: -v (resource usage), -O0..-O3 (the device back end's "
        "optimisation level; default: -O's).",
    ),
    _o("relocatable-device-code", "rdc", V, D, "Relocatable device code.", choices=BOOL),
    _o("resource-usage", None, F, DEV, "Print each kernel's resource usage."),
    _o("shared", None, F, LK, "Make a shared library."),
    _o(
        "std",
        None,
        V,
        P,
        "C++ standard: c++11 to c++20.",
        choices=("c++03", "c++11", "c++14", "c++17", "c++20"),
    ),
    _o("system-include", "isystem", J, P, "Add a system include directory."),
    _o(
        "threads",
        "t",
        V,
        D,
        "Threads for compiling several architectures (accepted: cu2amd compiles its "
        "--offload-arch targets one after another).",
    ),
    _o("time-phases", None, F, D, "cu2amd: print the wall time of each phase on stderr."),
    _o("undefine-macro", "U", J, P, "Undefine a macro."),
    _o("use_fast_math", "use_fast_math", F, DEV, "Fast, less accurate device math."),
    _o("verbose", "v", F, D, "Print each command as it runs."),
    _o("version", "V", F, D, "Print the version and exit."),
    _o("warn-on-double-precision-use", None, F, DEV, "Accepted, ignored."),
    _o("warning-as-error", "Werror", V, P, "Treat warnings as errors (all-warnings)."),
    _o(
        "warp-size",
        None,
        V,
        P,
        "cu2amd: lanes per warp: 32 (CUDA's, default) or 64 (code written for 64-lane warps; "
        "runs wave64).",
        choices=("32", "64"),
    ),
    _o("wno-deprecated-gpu-targets", "Wno-deprecated-gpu-targets", F, D, "Accepted, ignored."),
    _o("x", "x", V, D, "Input language: cu, c++, c.", choices=("cu", "c++", "c")),
)

_BY_LONG = {o.name: o for o in OPTIONS}
_BY_SHORT = {o.short: o for o in OPTIONS if o.short}
# Joined short forms (-I/usr/include, -O3, -DX, -lfoo), longest prefix first.
_JOINED_SHORT = sorted(
    (o for o in OPTIONS if o.kind is J and o.short), key=lambda o: -len(o.short or "")
)


@dataclass
class Parsed:
    options: list[tuple[Opt, str]] = field(default_factory=list)
    inputs: list[str] = field(default_factory=list)

    def has(self, name: str) -> bool:
        return any(o.name == name for o, _ in self.options)

    def values(self, name: str) -> list[str]:
        return [v for o, v in self.options if o.name == name]

    def last(self, name: str, default: str | None = None) -> str | None:
        values = self.values(name)
        return values[-1] if values else default


def expand_argv(argv: Sequence[str], env: dict[str, str] | None = None) -> list[str]:
    """NVCC_PREPEND_FLAGS + argv (with @response and --options-file files expanded) +
    NVCC_APPEND_FLAGS."""
    env = os.environ if env is None else env
    prepend = shlex.split(env.get("NVCC_PREPEND_FLAGS", ""))
    append = shlex.split(env.get("NVCC_APPEND_FLAGS", ""))
    return [*prepend, *_responses(list(argv), depth=0), *append]


_OPTIONS_FILE = ("--options-file", "-optf")


def _responses(args: list[str], depth: int) -> list[str]:
    """@file response files and nvcc's --options-file/-optf FILE, expanded in place."""
    out: list[str] = []
    it = iter(args)
    for arg in it:
        name, eq, value = arg.partition("=")
        if name in _OPTIONS_FILE:
            path_text = value if eq else next(it, None)
            if not path_text:
                raise UsageError(f"option '{name}' needs a file")
            if depth > 8:
                raise UsageError(f"options files nest too deeply at '{path_text}'")
            for one in path_text.split(","):
                if not Path(one).is_file():
                    raise UsageError(f"no such options file: '{one}'")
                out += _responses(shlex.split(Path(one).read_text()), depth + 1)
            continue
        if arg.startswith("@") and len(arg) > 1:
            if depth > 8:
                raise UsageError(f"response files nest too deeply at '{arg}'")
            path = Path(arg[1:])
            if not path.is_file():
                raise UsageError(f"no such response file: '{arg[1:]}'")
            out += _responses(shlex.split(path.read_text()), depth + 1)
        else:
            out.append(arg)
    return out


def _lookup(arg: str) -> tuple[Opt | None, str | None]:
    """The option an argument names, and a value attached with '=' or by joining."""
    if arg.startswith("--"):
        name, eq, value = arg[2:].partition("=")
        opt = _BY_LONG.get(name) or _BY_SHORT.get(name)
        return opt, (value if eq else None)
    body = arg[1:]
    name, eq, value = body.partition("=")
    opt = _BY_SHORT.get(name) or _BY_LONG.get(name)
    if opt is not None:
        return opt, (value if eq else None)
    for candidate in _JOINED_SHORT:
        assert candidate.short is not None
        if body.startswith(candidate.short) and len(body) > len(candidate.short):
            return candidate, body[len(candidate.short) :]
    return None, None


def parse(argv: Sequence[str]) -> Parsed:
    parsed = Parsed()
    it: Iterator[str] = iter(argv)
    forward = any(_lookup(a)[0] is _BY_LONG["forward-unknown-to-host-compiler"] for a in argv)
    for arg in it:
        if not arg.startswith("-") or arg == "-":
            parsed.inputs.append(arg)
            continue
        opt, value = _lookup(arg)
        if opt is None and forward:
            parsed.options.append((_BY_LONG["compiler-options"], arg))
            continue
        if opt is None:
            raise UsageError(f"unknown option '{arg}'")
        if not opt.supported:
            raise UsageError(f"option '{arg}' is not supported yet: {opt.note}")
        if opt.kind is Kind.FLAG:
            if value is not None:
                raise UsageError(f"option '{arg}' takes no value")
            parsed.options.append((opt, ""))
            continue
        if value is None:
            value = next(it, None)
            if value is None:
                raise UsageError(f"option '{arg}' needs a value")
        if opt.choices and value not in opt.choices:
            name = arg.partition("=")[0]
            raise UsageError(
                f"option '{name}' takes one of {', '.join(opt.choices)}, not '{value}'"
            )
        if opt.kind is Kind.LIST:
            parsed.options += [(opt, v) for v in value.split(",") if v]
        else:
            parsed.options.append((opt, value))
    return parsed


def help_text() -> str:
    """`cu2amd-nvcc --help`: every option of the table, nvcc's spellings first."""
    lines = [
        "usage: cu2amd-nvcc [options] FILE...",
        "",
        "The cu2amd CUDA compiler driver for AMD GPUs: nvcc's options; AMD targets from",
        "--offload-arch=gfx942,gfx1100 (or host, the CPU), CU2AMD_OFFLOAD_ARCH, or the GPUs",
        "of this machine. Inputs: .cu (CUDA), .cpp/.cc/.cxx (C++), .c, .o/.a/.so (linked).",
        "",
        "options:",
    ]
    for opt in OPTIONS:
        value = {Kind.FLAG: "", Kind.VALUE: " VALUE", Kind.JOINED_OR_SEPARATE: " VALUE",
                 Kind.LIST: " A,B,..."}[opt.kind]  # fmt: skip
        spellings = [f"--{opt.name}"] + ([f"-{opt.short}"] if opt.short else [])
        if opt.choices:
            value = " {" + ",".join(opt.choices) + "}"
        head = ", ".join(spellings) + value
        text = opt.help if opt.supported else f"not supported: {opt.note}"
        lines.append(f"  {head}")
        lines.append(f"      {text}")
    return "\n".join(lines) + "\n"
