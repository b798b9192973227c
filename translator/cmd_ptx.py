"""`cu2amd ptx`: compile a standalone PTX module to AMD code objects (or an offload bundle)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import click

from cu2amd.amdgpu import bundle
from cu2amd.amdgpu.select import Target, select_targets
from cu2amd.errors import Cu2amdError, UsageError
from cu2amd.outputs import write_atomic
from cu2amd.ptx_lowering.pipeline import STAGES, Pipeline, PipelineOptions, assembly
from cu2amd.ptx_lowering.targets.host import HostTarget
from cu2amd.runtime_shim.host.build import host_triple
from cu2amd.translator.clitools import report_errors

EMIT_KINDS = ("auto", "bundle", "code-object", "llvm", "asm")
_SUFFIX = {"bundle": ".hipfb", "code-object": ".hsaco", "llvm": ".ll", "asm": ".s"}


class _DefaultCompileGroup(click.Group):
    """`cu2amd ptx FILE ...` means `cu2amd ptx compile FILE ...`."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["compile", *args]
        return super().parse_args(ctx, args)


@click.group(
    "ptx", cls=_DefaultCompileGroup, context_settings={"help_option_names": ["-h", "--help"]}
)
def ptx() -> None:
    """Standalone PTX: compile it for AMD GPUs, or run its kernels on this CPU.

    \b
      cu2amd ptx FILE.ptx --offload-arch=gfx942 -o FILE.hsaco
      cu2amd ptx run FILE.ptx --kernel K --grid 64 --block 256 --arg ...

    Without a subcommand, the arguments go to `compile`.
    """


def read_input(path: str) -> tuple[str, str]:
    """(file name for diagnostics, text) of an input path, '-' meaning stdin."""
    if path == "-":
        return "<stdin>", sys.stdin.read()
    p = Path(path)
    if not p.is_file():
        raise UsageError(f"no such file: '{path}'")
    try:
        return path, p.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise UsageError(
            f"'{path}' is not UTF-8 text (byte {err.start}): is it really PTX?"
        ) from None


def _entry_id(target: Target) -> str:
    if isinstance(target, HostTarget):
        return bundle.host_platform_entry_id(host_triple())
    return bundle.hip_entry_id(target)


def _emit_kind(emit: str, output: str | None, n_targets: int) -> str:
    if emit != "auto":
        return emit
    if n_targets > 1 or (output and Path(output).suffix in (".hipfb", ".fatbin")):
        return "bundle"
    return "code-object"


@ptx.command("compile")
@click.argument("input_path", metavar="FILE.ptx")
@click.option(
    "--offload-arch",
    "offload_arch",
    metavar="GFX[,GFX...]",
    help="AMD targets, e.g. gfx942,gfx1100, and `host` for the host platform (a shared "
    "object for this CPU). Default: $CU2AMD_OFFLOAD_ARCH, then the GPUs of this machine. "
    "Target ids such as gfx90a:xnack+ are accepted.",
)
@click.option(
    "-o",
    "--output",
    metavar="PATH",
    help="Output file (default: FILE with the suffix of the output kind; - for "
    "stdout, text outputs only).",
)
@click.option(
    "--emit",
    type=click.Choice(EMIT_KINDS),
    default="auto",
    show_default=True,
    help="auto: a code object (.hsaco) for one target, an offload bundle (.hipfb) "
    "for several or when -o ends in .hipfb; llvm / asm: optimised LLVM IR or AMDGPU "
    "assembly (one target).",
)
@click.option(
    "-O",
    "opt_level",
    type=click.IntRange(0, 3),
    default=3,
    show_default=True,
    help="LLVM optimisation level.",
)
@click.option(
    "--code-object-version",
    type=click.Choice(["4", "5", "6"]),
    default="5",
    show_default=True,
    help="AMDHSA code object version (ROCm 6+ loads 4, 5, 6).",
)
@click.option(
    "--print-after",
    "print_after",
    multiple=True,
    metavar="STAGE",
    help=f"Print the module after a stage ({', '.join(STAGES)}); repeatable.",
)
@click.option("--verify-each", is_flag=True, help="Re-verify the module after every stage.")
@click.option("--time-passes", is_flag=True, help="Print the time each stage took.")
@report_errors
def compile_cmd(
    input_path: str,
    offload_arch: str | None,
    output: str | None,
    emit: str,
    opt_level: int,
    code_object_version: str,
    print_after: tuple[str, ...],
    verify_each: bool,
    time_passes: bool,
) -> None:
    """Compile FILE.ptx (or - for stdin) for one or more AMD GPU targets."""
    file, text = read_input(input_path)
    targets = select_targets(offload_arch)
    kind = _emit_kind(emit, output, len(targets))
    if kind in ("llvm", "asm", "code-object") and len(targets) > 1:
        raise UsageError(f"--emit={kind} writes one target's output; {len(targets)} targets given")
    options = PipelineOptions(
        opt_level=opt_level,
        code_object_version=int(code_object_version),
        print_after=frozenset(print_after),
        verify_each=verify_each,
        time_passes=time_passes,
    )
    pipeline = Pipeline(options)
    try:
        module = pipeline.front(text, file)
        results = [pipeline.back(module, t) for t in targets]
    except Cu2amdError as err:
        if file == "<stdin>":
            err.sources[file] = text
        raise
    finally:
        pipeline.report_times()
    if output is None:
        stem = "out" if input_path == "-" else str(Path(input_path).with_suffix(""))
        host_object = kind == "code-object" and isinstance(targets[0], HostTarget)
        output = stem + (".so" if host_object else _SUFFIX[kind])
    if kind == "bundle":
        entries = [bundle.BundleEntry(bundle.HOST_ENTRY_ID, b"")]
        entries += [bundle.BundleEntry(_entry_id(r.target), r.code_object) for r in results]
        data: bytes | str = bundle.write_bundle(entries)
    elif kind == "code-object":
        data = results[0].code_object
    elif kind == "llvm":
        data = results[0].llvm_ir
    else:
        data = assembly(results[0].llvm_ir, targets[0], opt_level)
    if output == "-":
        if isinstance(data, bytes):
            raise UsageError(
                "binary output (a code object or bundle) cannot go to stdout; use -o FILE"
            )
        sys.stdout.write(data)
    else:
        write_atomic(output, data)


# --arg scalar kinds and their numpy types (numpy and the host platform are imported by
# `ptx run` only, so that a compile does not pay for them).
_SCALARS = {
    "i8": "int8", "i16": "int16", "i32": "int32", "i64": "int64",
    "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64",
    "f32": "float32", "f64": "float64",
}  # fmt: skip


def _parse_dims(what: str, text: str) -> tuple[int, ...]:
    try:
        dims = tuple(int(p) for p in text.split(","))
    except ValueError:
        raise UsageError(f"--{what} takes 1 to 3 comma-separated integers, not '{text}'") from None
    if not 1 <= len(dims) <= 3:
        raise UsageError(f"--{what} takes 1 to 3 comma-separated integers, not '{text}'")
    return dims


def _parse_arg(index: int, text: str) -> object:
    import numpy as np

    from cu2amd import host

    kind, _, value = text.partition(":")
    if kind in _SCALARS:
        try:
            number = float(value) if kind.startswith("f") else int(value, 0)
            return getattr(np, _SCALARS[kind])(number)
        except (ValueError, OverflowError):
            raise UsageError(f"--arg {index}: '{value}' is not a valid {kind}") from None
    if kind == "buf":
        path = Path(value)
        if not path.is_file():
            raise UsageError(f"--arg {index}: no such file: '{value}'")
        try:
            return host.to_device(np.load(path, allow_pickle=False))
        except ValueError as err:
            raise UsageError(f"--arg {index}: '{value}' is not a .npy array ({err})") from None
    if kind == "zeros":
        dtype, _, count = value.partition(":")
        try:
            return host.zeros(int(count), np.dtype(dtype))
        except (TypeError, ValueError):
            raise UsageError(f"--arg {index}: 'zeros:{value}' is not zeros:DTYPE:COUNT") from None
    raise UsageError(
        f"--arg {index}: '{text}' is not TYPE:VALUE (TYPE: {', '.join(_SCALARS)}, buf, zeros)"
    )


@ptx.command("run")
@click.argument("input_path", metavar="FILE.ptx")
@click.option("--kernel", "-k", required=True, help="The kernel (.entry) to launch.")
@click.option("--grid", default="1", show_default=True, metavar="X[,Y[,Z]]", help="Blocks.")
@click.option("--block", default="1", show_default=True, metavar="X[,Y[,Z]]",
              help="Threads per block (at most 1024).")  # fmt: skip
@click.option("--arg", "args", multiple=True, metavar="TYPE:VALUE",
              help="A kernel argument, in order: i8..i64/u8..u64/f32/f64:NUMBER, "
              "buf:FILE.npy (an array loaded from a .npy file), zeros:DTYPE:COUNT.")  # fmt: skip
@click.option(
    "--save",
    "saves",
    multiple=True,
    metavar="INDEX:FILE.npy",
    help="After the launch, save array argument INDEX (0-based) to FILE.npy.",
)
@click.option("--shared-mem", default=0, show_default=True, type=click.IntRange(0),
              help="Dynamic shared memory bytes per block.")  # fmt: skip
@click.option("--warp-size", default=32, show_default=True, type=click.Choice(["32", "64"]),
              help="The hardware wave size to emulate.")  # fmt: skip
@click.option(
    "--order",
    default="forward",
    show_default=True,
    metavar="forward|reverse|random:SEED",
    help="The order threads of a block run in (to expose missing barriers).",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Poison shared memory at each block start; report barriers reached at two places.",
)
@report_errors
def run_cmd(
    input_path: str,
    kernel: str,
    grid: str,
    block: str,
    args: tuple[str, ...],
    saves: tuple[str, ...],
    shared_mem: int,
    warp_size: str,
    order: str,
    strict: bool,
) -> None:
    """Run a kernel of FILE.ptx on this CPU with GPU semantics (the host platform).

    \b
    Example:
      cu2amd ptx run saxpy.ptx --kernel saxpy --grid 4096 --block 256 \\
        --arg f32:2.0 --arg buf:x.npy --arg buf:y.npy --arg i32:1048576 --save 2:out.npy
    """
    import numpy as np

    from cu2amd import host

    file, text = read_input(input_path)
    values = [_parse_arg(i, a) for i, a in enumerate(args)]
    targets = []
    for item in saves:
        index, _, path = item.partition(":")
        if not index.isdigit() or not path:
            raise UsageError(f"--save takes INDEX:FILE.npy, not '{item}'")
        if int(index) >= len(values) or not isinstance(values[int(index)], host.DeviceArray):
            raise UsageError(f"--save {item}: argument {index} is not an array argument")
        targets.append((int(index), path))
    module = host.Module.from_ptx(text, file)
    module.launch(
        kernel,
        grid=_parse_dims("grid", grid),
        block=_parse_dims("block", block),
        args=values,
        shared_mem=shared_mem,
        warp_size=int(warp_size),
        order=order,
        strict=strict,
    )
    for index, path in targets:
        array = values[index]
        assert isinstance(array, host.DeviceArray)
        buffer = io.BytesIO()
        np.save(buffer, array.to_numpy(), allow_pickle=False)
        write_atomic(path, buffer.getvalue())
