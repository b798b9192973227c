"""cu2amd-nvcc's configuration: nvcc's parsed options turned into what the driver needs
(targets, inputs, flags for each compilation pass and the link)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from cu2amd.amdgpu.devicelibs import MathModes
from cu2amd.amdgpu.select import Target, select_targets
from cu2amd.errors import UsageError
from cu2amd.translator.options import Parsed

DEFAULT_SM = 52  # nvcc's default architecture when -arch is not given


@dataclass
class Config:
    inputs: list[Path]
    offload_arch: str | None  # --offload-arch, if given
    output: Path | None
    compile_only: bool
    preprocess_only: bool
    deps_only: bool
    deps_flags: list[str]
    preprocess_flags: list[str]
    host_flags: list[str]
    device_flags: list[str]
    link_flags: list[str]
    opt_level: str
    cuda_arch: int
    math: MathModes
    language: str | None
    dryrun: bool
    verbose: bool
    keep: bool
    keep_dir: Path | None
    resource_usage: bool
    debug: bool = False
    rdc: bool = False  # -rdc=true or -dc: device code stays relocatable until a device link
    device_link: bool = False  # -dlink: only the device link, into one object
    library: bool = False  # -lib: objects into a static library
    shared: bool = False  # -shared
    time_phases: bool = False  # --time-phases: wall time per phase on stderr
    max_registers: int | None = None  # -maxrregcount
    ccbin: str | None = None  # -ccbin: the host compiler that links
    warp_size: int = 32  # --warp-size: 64 for code written for 64-lane warps (wave64)
    # -Xptxas -O<n>: the device back end's level (LLVM optimisation and code generation of
    # the device module), as ptxas's is; None: -O's
    device_opt_level: str | None = None

    @property
    def device_level(self) -> int:
        return int(self.device_opt_level or self.opt_level)

    @functools.cached_property
    def targets(self) -> tuple[Target, ...]:
        """Chosen on first use (--offload-arch, CU2AMD_OFFLOAD_ARCH, the GPUs here): only
        device compiles and links need them, not -E, -M or C++ compiles."""
        return select_targets(self.offload_arch)


def _arch_number(text: str) -> int:
    """sm_80 / compute_80 / 80 -> 80; native, all, all-major -> the default."""
    value = text.strip()
    for prefix in ("sm_", "compute_", "lto_"):
        value = value.removeprefix(prefix)
    value = value.rstrip("af")  # sm_90a, sm_100f
    if text in ("native", "all", "all-major"):
        return 80
    if not value.isdigit():
        raise UsageError(f"bad GPU architecture '{text}' (expected sm_XX, compute_XX, native, all)")
    return int(value)


# The -Xptxas options cu2amd takes: -v (resource usage) and the device back end's level.
_PTXAS_VERBOSE = ("-v", "--verbose")
_PTXAS_LEVELS = ("-O0", "-O1", "-O2", "-O3")


def configure(parsed: Parsed) -> Config:
    inputs = [Path(i) for i in parsed.inputs]
    if not inputs:
        raise UsageError("no input files")
    for path in inputs:
        if not path.exists():
            raise UsageError(f"no such file: '{path}'")
    # Device code is compiled once per AMD target, so one __CUDA_ARCH__: the newest of the
    # CUDA architectures asked for (-gencode for 75, 80 and 86 -> 860).
    archs = [_arch_number(value) for value in parsed.values("gpu-architecture")]
    for value in parsed.values("generate-code"):
        fields = dict(part.split("=", 1) for part in value.split(",") if "=" in part)
        if "arch" not in fields:
            raise UsageError(f"-gencode '{value}' needs arch=compute_XX")
        archs.append(_arch_number(fields["arch"]))
    arch = max(archs, default=DEFAULT_SM)
    pre = []
    for opt, value in parsed.options:
        match opt.name:
            case "include-path":
                pre += ["-I", value]
            case "system-include":
                pre += ["-isystem", value]
            case "define-macro":
                pre.append(f"-D{value}")
            case "undefine-macro":
                pre.append(f"-U{value}")
            case "pre-include":
                pre += ["-include", value]
    if parsed.has("std"):
        pre.append(f"-std={parsed.last('std')}")
    if parsed.has("disable-warnings"):
        pre.append("-w")
    if parsed.has("warning-as-error"):
        pre.append("-Werror")
    deps = []
    deps_only = False
    for flag, name in (("-M", "generate-dependencies"), ("-MM", "generate-nonsystem-dependencies")):
        if parsed.has(name):
            deps.append(flag)
            deps_only = True
    for flag, name in (
        ("-MD", "generate-dependencies-with-compile"),
        ("-MMD", "generate-nonsystem-dependencies-with-compile"),
    ):
        if parsed.has(name):
            deps.append(flag)
    if parsed.has("dependency-output"):
        deps += ["-MF", parsed.last("dependency-output") or ""]
    if parsed.has("dependency-target-name"):
        deps += ["-MT", parsed.last("dependency-target-name") or ""]
    fast = parsed.has("use_fast_math")
    math = MathModes(
        daz=fast or parsed.last("ftz") == "true",
        unsafe_math=fast,
        correctly_rounded_sqrt=not fast and parsed.last("prec-sqrt", "true") == "true",
    )
    device = ["-ffast-math"] if fast else []
    if parsed.has("device-debug") or parsed.has("generate-line-info"):
        device.append("-gline-tables-only")  # AMD debuggers get line tables, not -G's full info
    if parsed.last("fmad") == "false":
        device.append("-ffp-contract=off")
    ptxas = [o for value in parsed.values("ptxas-options") for o in value.split(",") if o]
    ptxas_levels = [o[2:] for o in ptxas if o in _PTXAS_LEVELS]
    ptxas_verbose = any(o in _PTXAS_VERBOSE for o in ptxas)
    unknown_ptxas = [o for o in ptxas if o not in _PTXAS_VERBOSE + _PTXAS_LEVELS]
    if unknown_ptxas:
        raise UsageError(
            f"-Xptxas {unknown_ptxas[0]}: only -v and -O0..-O3 are supported for AMD targets"
        )
    threads = parsed.last("threads")
    if threads is not None and not threads.isdigit():
        raise UsageError(f"--threads takes a number of threads, not '{threads}'")
    keep_dir = parsed.last("keep-dir")
    return Config(
        inputs=inputs,
        offload_arch=parsed.last("offload-arch"),
        output=Path(o) if (o := parsed.last("output-file")) else None,
        compile_only=parsed.has("compile") or parsed.has("device-c"),
        preprocess_only=parsed.has("preprocess"),
        deps_only=deps_only,
        deps_flags=deps,
        preprocess_flags=pre,
        host_flags=parsed.values("compiler-options"),
        device_flags=device,
        link_flags=[
            *(f"-L{v}" for v in parsed.values("library-path")),
            *(f"-l{v}" for v in parsed.values("library")),
            *(f"-Wl,{v}" for v in parsed.values("linker-options")),
        ],
        opt_level=parsed.last("optimize", "3") or "3",
        cuda_arch=arch,
        math=math,
        language=parsed.last("x"),
        dryrun=parsed.has("dryrun"),
        verbose=parsed.has("verbose"),
        keep=parsed.has("keep"),
        keep_dir=Path(keep_dir) if keep_dir else None,
        resource_usage=parsed.has("resource-usage") or ptxas_verbose,
        debug=parsed.has("debug"),
        rdc=parsed.has("device-c") or parsed.last("relocatable-device-code") == "true",
        device_link=parsed.has("device-link"),
        library=parsed.has("lib"),
        shared=parsed.has("shared"),
        time_phases=parsed.has("time-phases"),
        max_registers=_max_registers(parsed.last("maxrregcount")),
        ccbin=parsed.last("compiler-bindir"),
        warp_size=int(parsed.last("warp-size", "32") or "32"),
        device_opt_level=ptxas_levels[-1] if ptxas_levels else None,
    )


def _max_registers(value: str | None) -> int | None:
    if value is None:
        return None
    if not value.isdigit() or int(value) == 0:
        raise UsageError(f"-maxrregcount takes a positive number of registers, not '{value}'")
    return int(value)
