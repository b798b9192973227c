"""cu2amd-nvcc's driver: from parsed options to the jobs that build the outputs.

Like clang's driver, it plans first and runs second: for each CUDA input, one device job
per target (clang in HIP mode for an AMD GPU, clang in CUDA mode plus retargeting for the
host platform), a bundle job, and a host job (clang in HIP mode with the bundle embedded);
then one link job. `--dryrun` prints the plan as nvcc does (`#$ command`), `-v` prints
each command as it runs, `--keep` keeps the intermediate files.

Jobs are external commands (argument lists, never shell strings) or in-process steps
(retargeting, device-library linking, bundling), which `--dryrun` shows as `cu2amd-internal`
lines.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import llvmlite.binding as llvm

from cu2amd import __version__
from cu2amd.amdgpu import bundle, codegen
from cu2amd.amdgpu.codeobject import read_code_object
from cu2amd.amdgpu.devicelibs import link_device_libraries
from cu2amd.amdgpu.targets import TargetId
from cu2amd.amdgpu.toolchain import discover, host_cc
from cu2amd.errors import UsageError
from cu2amd.frontend.asm import find_asm
from cu2amd.frontend.rewrite import rewrite
from cu2amd.outputs import write_atomic
from cu2amd.ptx_lowering.inline_asm import InlineAsm, reject_unrewritten_asm
from cu2amd.ptx_lowering.targets.host import HOST, HostTarget
from cu2amd.runtime_shim.device.library import flavour_for_wave_size, link_device_library
from cu2amd.runtime_shim.headers import cuda_header_flags
from cu2amd.runtime_shim.host.build import compile_host_ir, host_triple, runtime_archive
from cu2amd.runtime_shim.host.retarget import retarget_nvptx_ir
from cu2amd.translator.nvcc_config import Config

CUDA_SUFFIXES = (".cu",)
CXX_SUFFIXES = (".cpp", ".cc", ".cxx", ".c++", ".C")
C_SUFFIXES = (".c",)
OBJECT_SUFFIXES = (".o", ".a", ".so")


@dataclass
class Job:
    """One step: an external command, or an in-process function with a printable form."""

    describe: list[str]
    run: Callable[[], None]
    outputs: tuple[Path, ...] = ()


@dataclass
class Parallel:
    """Chains of jobs that may run at the same time (one chain per device target)."""

    chains: list[list[Job]]

    def run(self) -> None:
        def run_chain(chain: list[Job]) -> None:
            for job in chain:
                job.run()

        with ThreadPoolExecutor(max_workers=min(len(self.chains), os.cpu_count() or 1)) as pool:
            for future in [pool.submit(run_chain, chain) for chain in self.chains]:
                future.result()

    @property
    def jobs(self) -> list[Job]:
        return [job for chain in self.chains for job in chain]


class Driver:
    def __init__(self, config: Config) -> None:
        self.config = config
        self.tc = discover()
        self.zig_clang = self.tc.clang()
        self.builtin = str(self.tc.builtin_include_dir())
        self.jobs: list[Job | Parallel] = []
        self.inline_asm: dict[Path, InlineAsm] = {}  # by rewritten source
        self.original: dict[Path, Path] = {}  # rewritten source -> the user's file
        self.tmp = Path(tempfile.mkdtemp(prefix="cu2amd-nvcc-"))
        if config.keep:
            self.tmp = config.keep_dir or Path.cwd()
            self.tmp.mkdir(parents=True, exist_ok=True)

    # -- planning --------------------------------------------------------------------

    def language(self, path: Path) -> str:
        if self.config.language:
            return self.config.language
        suffix = path.suffix
        if suffix in CUDA_SUFFIXES:
            return "cu"
        if suffix in CXX_SUFFIXES:
            return "c++"
        if suffix in C_SUFFIXES:
            return "c"
        if suffix in OBJECT_SUFFIXES:
            return "object"
        raise UsageError(f"'{path}': unknown input kind (expected .cu, .cpp, .c or .o)")

    def cuda_common(self) -> list[str]:
        c = self.config
        return [
            *cuda_header_flags(self.builtin, "-nogpuinc", "-nogpulib"),
            *c.preprocess_flags,
            f"-O{c.opt_level}",
            "-fno-exceptions",
        ]

    def plan(self) -> None:
        c = self.config
        objects: list[Path] = []
        single = len(c.inputs) == 1
        for path in c.inputs:
            lang = self.language(path)
            if lang == "object":
                objects.append(path)
                continue
            stem = self.tmp / path.stem
            if c.preprocess_only or c.deps_only:
                self.plan_preprocess(path, lang)
                continue
            obj = (
                c.output
                if (c.compile_only and c.output and single)
                else (
                    Path(path.with_suffix(".o").name) if c.compile_only else stem.with_suffix(".o")
                )
            )
            if lang == "cu":
                self.plan_cuda(path, stem, obj)
            else:
                self.plan_plain(path, lang, obj)
            objects.append(obj)
        if c.compile_only or c.preprocess_only or c.deps_only:
            if c.output and not single and c.compile_only:
                raise UsageError("-o with -c names one output; several inputs given")
            return
        self.plan_link(objects, c.output or Path("a.out"))

    def plan_preprocess(self, path: Path, lang: str) -> None:
        """-E (preprocessed host pass to stdout) or -M/-MM (dependencies, no compile)."""
        c = self.config
        mode = ["-E"] if c.preprocess_only else []
        common = self.cuda_common() if lang == "cu" else c.preprocess_flags
        cmd = [*self.zig_clang, *self.host_language(lang), *common, *c.deps_flags, *mode, str(path)]
        self.jobs.append(self.command_job(cmd, ()))

    def host_language(self, lang: str) -> list[str]:
        target = ["-target", host_triple().replace("unknown-", "")]
        if lang == "cu":
            return ["-x", "hip", "--cuda-host-only", *target]
        return ["-x", "c++" if lang == "c++" else "c", *target]

    def plan_cuda(self, path: Path, stem: Path, obj: Path) -> None:
        c = self.config
        entries: list[tuple[str, Path]] = []
        chains: list[list[Job]] = []
        # Inline PTX is lifted out first: both passes compile the rewritten source.
        source = path
        if b"asm" in path.read_bytes():
            source = stem.with_suffix(".cu2amd.cu")
            self.jobs.append(
                self.internal_job(
                    ["lift-inline-asm", str(path), "-o", str(source)],
                    lambda original=path, out=source: self.lift_asm(original, out),
                    (source,),
                )
            )
        self.original[source] = path
        path = source
        for target in c.targets:
            device_jobs: list[Job] = []
            chains.append(device_jobs)
            if isinstance(target, HostTarget):
                ll = stem.with_suffix(".host.ll")
                so = stem.with_suffix(".host.so")
                cmd = [
                    *self.zig_clang,
                    "-x",
                    "cuda",
                    "--cuda-device-only",
                    f"--cuda-gpu-arch=sm_{c.cuda_arch}",
                    "--cuda-path=/nonexistent",
                    "-Xclang",
                    "-target-feature",
                    "-Xclang",
                    "+ptx80",
                    *self.cuda_common(),
                    *c.device_flags,
                    "-emit-llvm",
                    "-S",
                    str(path),
                    "-o",
                    str(ll),
                ]
                device_jobs.append(self.command_job(cmd, (ll,)))
                device_jobs.append(
                    self.internal_job(
                        ["retarget-to-host", str(ll), "-o", str(so)],
                        lambda ll=ll, so=so, src=source: self.retarget(ll, so, src),
                        (so,),
                    )
                )
                entries.append((bundle.host_platform_entry_id(host_triple()), so))
            else:
                bc = stem.with_suffix(f".{target.processor}.bc")
                hsaco = stem.with_suffix(f".{target.processor}.hsaco")
                cmd = [
                    *self.zig_clang,
                    "-x",
                    "hip",
                    "--cuda-device-only",
                    f"--offload-arch={target}",
                    "-mcode-object-version=5",
                    f"-D__CUDA_ARCH__={c.cuda_arch * 10}",
                    *self.cuda_common(),
                    *c.device_flags,
                    "-emit-llvm",
                    "-c",
                    str(path),
                    "-o",
                    str(bc),
                ]
                device_jobs.append(self.command_job(cmd, (bc,)))
                device_jobs.append(
                    self.internal_job(
                        [
                            "link-device-libs+codegen",
                            f"--offload-arch={target}",
                            str(bc),
                            "-o",
                            str(hsaco),
                        ],
                        lambda bc=bc, hsaco=hsaco, target=target, src=source: self.device_codegen(
                            bc, hsaco, target, src
                        ),
                        (hsaco,),
                    )
                )
                entries.append((bundle.hip_entry_id(target), hsaco))
        fatbin = stem.with_suffix(".hipfb")
        bundle_job = self.internal_job(
            ["bundle", *(f"{i}={p}" for i, p in entries), "-o", str(fatbin)],
            lambda: self.write_bundle(entries, fatbin),
            (fatbin,),
        )
        host = [
            *self.zig_clang,
            *self.host_language("cu"),
            *self.cuda_common(),
            *c.deps_flags,
            *c.host_flags,
            *(["-g"] if c.debug else []),
            "-Xclang",
            "-fcuda-include-gpubinary",
            "-Xclang",
            str(fatbin),
            "-c",
            str(path),
            "-o",
            str(obj),
        ]
        self.jobs.append(Parallel(chains))
        self.jobs.append(bundle_job)
        self.jobs.append(self.command_job(host, (obj,)))

    def plan_plain(self, path: Path, lang: str, obj: Path) -> None:
        c = self.config
        cmd = [
            *self.zig_clang,
            *self.host_language(lang),
            *c.preprocess_flags,
            f"-O{c.opt_level}",
            *c.host_flags,
            *(["-g"] if c.debug else []),
            "-c",
            str(path),
            "-o",
            str(obj),
        ]
        self.jobs.append(self.command_job(cmd, (obj,)))

    def plan_link(self, objects: list[Path], output: Path) -> None:
        c = self.config
        zig = host_cc()[:-1]
        if any(isinstance(t, HostTarget) for t in c.targets):
            # Whole: kernel modules are loaded later and call runtime functions (device
            # printf ...) that the program itself never references; -rdynamic exports them.
            runtime: list[str] = ["-Wl,--whole-archive", "<cu2amd host runtime archive>",
                                  "-Wl,--no-whole-archive", "-ldl", "-lm", "-rdynamic"]  # fmt: skip
        else:
            hip = self.tc.libamdhip64()
            runtime = [str(hip), f"-Wl,-rpath,{hip.parent}"]
        cmd = [*zig, "c++", *(str(o) for o in objects), *runtime, *c.link_flags, "-o", str(output)]
        self.jobs.append(self.command_job(cmd, (output,)))

    def command_job(self, cmd: list[str], outputs: tuple[Path, ...]) -> Job:
        def run() -> None:
            argv = [
                runtime_archive().as_posix() if a == "<cu2amd host runtime archive>" else a
                for a in cmd
            ]
            if self.config.verbose:
                print("#$ " + shlex.join(argv), file=sys.stderr)
            proc = subprocess.run(argv, capture_output=True, text=True, check=False)
            if proc.stderr:
                sys.stderr.write(proc.stderr)
            if proc.stdout:
                sys.stdout.write(proc.stdout)
            if proc.returncode != 0:
                raise _ToolExit(proc.returncode)

        return Job(cmd, run, outputs)

    def internal_job(
        self, describe: list[str], fn: Callable[[], None], outputs: tuple[Path, ...]
    ) -> Job:
        def run() -> None:
            if self.config.verbose:
                print("#$ cu2amd-internal " + shlex.join(describe), file=sys.stderr)
            fn()

        return Job(["cu2amd-internal", *describe], run, outputs)

    # -- in-process steps ------------------------------------------------------------

    def lift_asm(self, path: Path, out: Path) -> None:
        c = self.config
        statements = find_asm(path, c.preprocess_flags, c.cuda_arch)
        rewritten = rewrite(path, statements)
        self.inline_asm[out] = InlineAsm.check(rewritten.lowered)
        write_atomic(out, rewritten.text)

    def retarget(self, ll: Path, so: Path, source: Path) -> None:
        retargeted = retarget_nvptx_ir(ll.read_text(), str(ll))
        module = llvm.parse_assembly(retargeted.ir)
        self.link_asm(module, HOST, source)
        shutil.copyfile(compile_host_ir(str(module), int(self.config.opt_level)), so)

    def device_codegen(self, bc: Path, hsaco: Path, target: TargetId, source: Path) -> None:
        module = llvm.parse_bitcode(bc.read_bytes())
        self.link_asm(module, target, source)
        wave64 = target.target.default_wave_size == 64
        # Warp collectives (cu2amd/warp.h) are calls of the device runtime library.
        link_device_library(module, flavour_for_wave_size(target.target.default_wave_size))
        link_device_libraries(module, target, wave64, self.config.math)
        level = int(self.config.opt_level)
        codegen.optimize(module, target, level)
        obj = codegen.emit_object(module, target, level)
        code_object = codegen.link_code_object([obj], target)
        hsaco.write_bytes(code_object)
        if self.config.resource_usage:
            info = read_code_object(code_object, str(hsaco))
            for k in info.kernels:
                print(
                    f"cu2amd info    : Function properties for {k.name} ({target}): "
                    f"{k.vgprs} VGPRs, {k.sgprs} SGPRs, {k.agprs} AGPRs, {k.lds_bytes} bytes "
                    f"LDS, {k.scratch_bytes} bytes scratch, wave{k.wavefront_size}",
                    file=sys.stderr,
                )

    def link_asm(self, module: llvm.ModuleRef, target: TargetId | HostTarget, source: Path) -> None:
        """The source's inline PTX, lowered for the target, into its device module; any
        asm left over is an error rather than an LLVM abort."""
        inline = self.inline_asm.get(source)
        if inline is not None:
            inline.link_into(module, target)
        reject_unrewritten_asm(str(module), str(self.original[source]))

    def write_bundle(self, entries: list[tuple[str, Path]], out: Path) -> None:
        items = [bundle.BundleEntry(bundle.HOST_ENTRY_ID, b"")]
        items += [bundle.BundleEntry(entry_id, path.read_bytes()) for entry_id, path in entries]
        write_atomic(out, bundle.write_bundle(items))

    # -- running ---------------------------------------------------------------------

    def execute(self) -> int:
        if self.config.dryrun:
            for item in self.jobs:
                for job in item.jobs if isinstance(item, Parallel) else [item]:
                    print("#$ " + shlex.join(job.describe))
            if not self.config.keep:
                shutil.rmtree(self.tmp, ignore_errors=True)
            return 0
        try:
            for job in self.jobs:
                job.run()
        except _ToolExit as stop:
            return stop.code
        finally:
            if not self.config.keep:
                shutil.rmtree(self.tmp, ignore_errors=True)
        return 0


class _ToolExit(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


def version_text() -> str:
    return (
        "cu2amd-nvcc: the cu2amd CUDA compiler driver for AMD GPUs\n"
        f"cu2amd {__version__}, CUDA compatibility release 12.0 (cuda_12.0.r12.0)\n"
        "Cuda compilation tools, release 12.0, V12.0.0 (cu2amd)\n"
    )
