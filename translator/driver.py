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

import contextlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
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
from cu2amd.frontend.asm import find_asm, needs_lifting
from cu2amd.frontend.rewrite import rewrite
from cu2amd.outputs import move_into, write_atomic
from cu2amd.ptx_lowering.inline_asm import InlineAsm, reject_unrewritten_asm
from cu2amd.ptx_lowering.targets import amdgpu_barriers
from cu2amd.ptx_lowering.targets.host import HOST, HostTarget
from cu2amd.runtime_shim.device import warp_size
from cu2amd.runtime_shim.device.library import link_device_library
from cu2amd.runtime_shim.headers import cuda_header_flags, include_dir
from cu2amd.runtime_shim.host.build import compile_host_ir, host_triple
from cu2amd.runtime_shim.host.retarget import retarget_nvptx_ir, with_linked_fibers
from cu2amd.translator import hostlink, rdc, toolkit
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
        self.timings: dict[str, float] = {}  # --time-phases
        self._timing_lock = threading.Lock()
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
            # As nvcc: the CUDA architecture device code is compiled for, in every pass.
            f"-D__CUDA_ARCH_LIST__={c.cuda_arch * 10}",
            f"-D__CU2AMD_WARP_SIZE__={c.warp_size}",  # --warp-size (device/warp_size.py)
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
            if c.device_link:
                raise UsageError(
                    f"'{path}': -dlink links object files and static libraries; compile "
                    "sources with -dc first"
                )
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
        if c.library:
            self.plan_archive(objects, c.output or Path("a.a"))
        elif c.device_link:
            self.plan_device_link(objects, c.output or Path("a_dlink.o"))
        else:
            self.plan_link(objects, c.output or Path("a.out"))

    def plan_preprocess(self, path: Path, lang: str) -> None:
        """-E (preprocessed host pass to stdout) or -M/-MM (dependencies, no compile)."""
        c = self.config
        mode = ["-E"] if c.preprocess_only else []
        plain = [*self.plain_includes(), *c.preprocess_flags]
        common = self.cuda_common() if lang == "cu" else plain
        cmd = [*self.zig_clang, *self.host_language(lang), *common, *c.deps_flags, *mode, str(path)]
        self.jobs.append(self.command_job(cmd, "preprocess"))

    def host_language(self, lang: str) -> list[str]:
        target = ["-target", host_triple().replace("unknown-", "")]
        if lang == "cu":
            return ["-x", "hip", "--cuda-host-only", *target]
        return ["-x", "c++" if lang == "c++" else "c", *target]

    def plan_cuda(self, path: Path, stem: Path, obj: Path) -> None:
        c = self.config
        entries: list[tuple[str, Path]] = []
        chains: list[list[Job]] = []
        # Relocatable device code: both passes agree on the file's id (see rdc.py).
        rdc_flags = ["-fgpu-rdc", f"-cuid={rdc.cuid(path, c.cuda_arch)}"] if c.rdc else []
        # Inline PTX is lifted out first: both passes compile the rewritten source. The
        # warp matrix functions (mma.h) are inline PTX in cu2amd's headers.
        source = path
        if needs_lifting(path, c.preprocess_flags):
            source = stem.with_suffix(".cu2amd.cu")
            self.jobs.append(
                self.internal_job(
                    ["lift-inline-asm", str(path), "-o", str(source)],
                    lambda original=path, out=source: self.lift_asm(original, out),
                )
            )
        self.original[source] = path
        path = source
        for target in c.targets:
            device_jobs: list[Job] = []
            chains.append(device_jobs)
            if isinstance(target, HostTarget):
                ll = stem.with_suffix(".host.ll")
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
                    *rdc_flags,
                    *self.cuda_common(),
                    *c.device_flags,
                    "-emit-llvm",
                    "-S",
                    str(path),
                    "-o",
                    str(ll),
                ]
                device_jobs.append(self.command_job(cmd, "clang device (host)"))
                if c.rdc:
                    nvptx = stem.with_suffix(".host.rdc.bc")
                    asm = stem.with_suffix(".host.asm.bc")
                    device_jobs.append(
                        self.internal_job(
                            ["prepare-host-rdc", str(ll), "-o", str(nvptx), str(asm)],
                            lambda ll=ll, out=nvptx, asm=asm, src=source: self.host_rdc(
                                ll, out, asm, src
                            ),
                        )
                    )
                    entries += [(rdc.HOST_NVPTX, nvptx), (rdc.HOST_ASM, asm)]
                    continue
                so = stem.with_suffix(".host.so")
                device_jobs.append(
                    self.internal_job(
                        ["retarget-to-host", str(ll), "-o", str(so)],
                        lambda ll=ll, so=so, src=source: self.retarget(ll, so, src),
                    )
                )
                entries.append((bundle.host_platform_entry_id(host_triple()), so))
            else:
                bc = stem.with_suffix(f".{target.processor}.bc")
                cmd = [
                    *self.zig_clang,
                    "-x",
                    "hip",
                    "--cuda-device-only",
                    f"--offload-arch={target}",
                    "-mcode-object-version=5",
                    f"-D__CUDA_ARCH__={c.cuda_arch * 10}",
                    *warp_size.device_flags(c.warp_size, target),
                    *rdc_flags,
                    *self.cuda_common(),
                    *c.device_flags,
                    "-emit-llvm",
                    "-c",
                    str(path),
                    "-o",
                    str(bc),
                ]
                device_jobs.append(self.command_job(cmd, f"clang device ({target.processor})"))
                if c.rdc:
                    linked = stem.with_suffix(f".{target.processor}.rdc.bc")
                    device_jobs.append(
                        self.internal_job(
                            [
                                "link-inline-asm",
                                f"--offload-arch={target}",
                                str(bc),
                                "-o",
                                str(linked),
                            ],
                            lambda bc=bc, out=linked, target=target, src=source: self.amd_rdc(
                                bc, out, target, src
                            ),
                        )
                    )
                    entries.append((rdc.amd_entry_id(target), linked))
                    continue
                hsaco = stem.with_suffix(f".{target.processor}.hsaco")
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
                    )
                )
                entries.append((bundle.hip_entry_id(target), hsaco))
        fatbin = stem.with_suffix(".rdc.bundle" if c.rdc else ".hipfb")
        bundle_job = self.internal_job(
            ["bundle", *(f"{i}={p}" for i, p in entries), "-o", str(fatbin)],
            lambda: self.write_bundle(entries, fatbin, rdc.BUNDLE_ALIGN if c.rdc else None),
        )
        host_obj = stem.with_suffix(".host.o") if c.rdc else obj
        embed = ["-Xclang", "-fcuda-include-gpubinary", "-Xclang", str(fatbin)]
        host = [
            *self.zig_clang,
            *self.host_language("cu"),
            *self.cuda_common(),
            *c.deps_flags,
            # The Python cuda.h's PTX JIT runs cu2amd with (cu2amd/ptx_jit.h).
            f'-DCU2AMD_PYTHON="{sys.executable}"',
            *c.host_flags,
            *(["-g"] if c.debug else []),
            *(rdc_flags or embed),
            "-c",
            str(path),
            "-o",
            str(host_obj),
        ]
        self.jobs.append(Parallel(chains))
        self.jobs.append(bundle_job)
        self.jobs.append(self.command_job(host, "clang host"))
        if c.rdc:
            self.jobs.append(
                self.internal_job(
                    [
                        "embed-device-code",
                        str(host_obj),
                        f"{rdc.SECTION}={fatbin}",
                        "-o",
                        str(obj),
                    ],
                    lambda: self.embed_device_code(host_obj, fatbin, obj),
                )
            )

    def plain_includes(self) -> list[str]:
        """What a .cpp or .c file sees, as with nvcc: clang's builtin headers and cu2amd's
        CUDA headers (after the user's -I; nothing included first, unlike a .cu file)."""
        return ["-isystem", self.builtin, "-isystem", str(include_dir())]

    def plan_plain(self, path: Path, lang: str, obj: Path) -> None:
        c = self.config
        cmd = [
            *self.zig_clang,
            *self.host_language(lang),
            *self.plain_includes(),
            *c.preprocess_flags,
            f"-O{c.opt_level}",
            *c.host_flags,
            *(["-g"] if c.debug else []),
            "-c",
            str(path),
            "-o",
            str(obj),
        ]
        self.jobs.append(self.command_job(cmd, "clang host"))

    def plan_link(self, objects: list[Path], output: Path) -> None:
        """The host link, by cu2amd-host-link (hostlink.py) with the CUDA runtime as nvcc
        names it, so that `-v` shows build tools the link line they should copy."""
        c = self.config
        inputs = [str(o) for o in objects]
        if self.needs_device_link(objects):
            dlink = self.tmp / "cu2amd_dlink.o"
            self.plan_device_link(objects, dlink)
            inputs.append(str(dlink))
        flavour = "host" if any(isinstance(t, HostTarget) for t in c.targets) else "amd"
        root = toolkit.toolkit_path(flavour)
        # Host compiler options reach the link as they do with nvcc's g++, except -v: the
        # host compiler's own link line is not one for build tools to copy.
        host_flags = [f for f in c.host_flags if f not in ("-v", "--verbose")]
        args = [*(["-shared"] if c.shared else []), *host_flags, *inputs,
                f"-L{root / 'lib64'}", *c.link_flags, "-lcudadevrt", "-lcudart_static",
                "-o", str(output)]  # fmt: skip

        def run() -> None:
            toolkit.toolkit_dir(flavour)
            # Not verbose: -v shows the launcher's line, the one for build tools to copy.
            status = hostlink.link(args, flavour, ccbin=c.ccbin, device_link=False)
            if status != 0:
                raise _ToolExit(status)

        launcher = str(root / "bin" / toolkit.LAUNCHER)
        self.jobs.append(Job([launcher, *args], self._timed_run("link", [launcher, *args], run)))

    def needs_device_link(self, objects: list[Path]) -> bool:
        """nvcc links device code when it links a program: when this invocation compiled
        relocatable device code, or an input object or -l library carries some."""
        c = self.config
        if c.rdc and any(self.language(p) == "cu" for p in c.inputs):
            return True
        existing = [o for o in objects if o.is_file()] + rdc.find_libraries(c.link_flags)
        return bool(rdc.read_inputs(existing).code)

    def plan_device_link(self, objects: list[Path], output: Path) -> None:
        c = self.config
        libraries = rdc.find_libraries(c.link_flags)
        arch = ",".join(str(t) for t in c.targets)
        describe = ["device-link", f"--offload-arch={arch}", *map(str, objects),
                    *map(str, libraries), "-o", str(output)]  # fmt: skip
        self.jobs.append(
            self.internal_job(describe, lambda: self.device_link([*objects, *libraries], output))
        )

    def plan_archive(self, objects: list[Path], output: Path) -> None:
        zig = host_cc()[:-1]
        cmd = [*zig, "ar", "rcs", str(output), *(str(o) for o in objects)]  # llvm-ar
        self.jobs.append(self.command_job(cmd, "archive"))

    def command_job(self, cmd: list[str], phase: str) -> Job:
        def run() -> None:
            argv = cmd
            if self.config.verbose:
                print("#$ " + shlex.join(argv), file=sys.stderr)
            with self.timed(phase):
                proc = subprocess.run(argv, capture_output=True, text=True, check=False)
            if proc.stderr:
                sys.stderr.write(proc.stderr)
            if proc.stdout:
                sys.stdout.write(proc.stdout)
            if proc.returncode != 0:
                raise _ToolExit(proc.returncode)

        return Job(cmd, run)

    def _timed_run(
        self, phase: str, describe: list[str], fn: Callable[[], None]
    ) -> Callable[[], None]:
        def run() -> None:
            if self.config.verbose:
                print("#$ " + shlex.join(describe), file=sys.stderr)
            with self.timed(phase):
                fn()

        return run

    def internal_job(self, describe: list[str], fn: Callable[[], None]) -> Job:
        def run() -> None:
            if self.config.verbose:
                print("#$ cu2amd-internal " + shlex.join(describe), file=sys.stderr)
            with self.timed(describe[0]):
                fn()

        return Job(["cu2amd-internal", *describe], run)

    @contextlib.contextmanager
    def timed(self, phase: str) -> Iterator[None]:
        """Adds the wall time of the block to `phase` (--time-phases). Nested phases are
        not subtracted from the enclosing one: each line is that step's own wall time."""
        start = time.perf_counter()
        try:
            yield
        finally:
            with self._timing_lock:
                self.timings[phase] = self.timings.get(phase, 0.0) + time.perf_counter() - start

    def print_timings(self, total: float) -> None:
        width = max([len(p) for p in self.timings] + [5])
        print("cu2amd-nvcc: wall time per phase (seconds; nested steps are part of their "
              "enclosing phase; device chains run in parallel):", file=sys.stderr)  # fmt: skip
        for phase, seconds in self.timings.items():
            print(f"  {phase:<{width}}  {seconds:8.3f}", file=sys.stderr)
        print(f"  {'total':<{width}}  {total:8.3f}", file=sys.stderr)

    # -- in-process steps ------------------------------------------------------------

    def lift_asm(self, path: Path, out: Path) -> None:
        c = self.config
        statements = find_asm(path, c.preprocess_flags, c.cuda_arch)
        warp_size.check_inline_ptx(c.warp_size, statements)
        rewritten = rewrite(path, statements)
        self.inline_asm[out] = InlineAsm.check(rewritten.lowered)
        write_atomic(out, rewritten.text)

    def retarget(self, ll: Path, so: Path, source: Path) -> None:
        retargeted = retarget_nvptx_ir(ll.read_text(), str(ll))
        module = llvm.parse_assembly(retargeted.ir)
        self.link_asm(module, HOST, source)
        module = with_linked_fibers(module)
        shutil.copyfile(compile_host_ir(str(module), self.config.device_level), so)

    def device_codegen(self, bc: Path, hsaco: Path, target: TargetId, source: Path) -> None:
        module = llvm.parse_bitcode(bc.read_bytes())
        self.link_asm(module, target, source)
        hsaco.write_bytes(self.code_object(module, target, str(hsaco)))

    def code_object(
        self, module: llvm.ModuleRef, target: TargetId, name: str, linked: bool = False
    ) -> bytes:
        """A device module, its inline PTX linked, to a code object for `target`; `linked`:
        the module is a device link's, so everything it uses must be defined by now."""
        wave = warp_size.wave_size(self.config.warp_size, target)
        wave64 = wave == 64
        # Named barriers of inline PTX keep their state in LDS: kernels initialise it.
        module = amdgpu_barriers.add_kernel_init(module)
        if self.config.max_registers:
            count = self.config.max_registers
            # All of a lane's registers, VGPRs and AGPRs together, stay within the count.
            if target.target.unified_register_file:
                count = max(1, count // 2)
            module = _limit_registers(module, count)
        with self.timed("  device libraries"):
            # Warp collectives (cu2amd/warp.h) are calls of the device runtime library.
            link_device_library(module, warp_size.library_flavour(self.config.warp_size, target))
            link_device_libraries(module, target, wave64, self.config.math)
        if linked:
            _check_resolved(module, str(target), lambda name: True)
        level = self.config.device_level
        with self.timed("  optimize"):
            codegen.optimize(module, target, level)
        with self.timed("  codegen"):
            if _has_inline_asm(module):
                obj = self.assemble(codegen.emit_assembly(module, target, level), target)
            else:
                obj = codegen.emit_object(module, target, level)
        with self.timed("  ld.lld code object"):
            code_object = codegen.link_code_object([obj], target)
        if self.config.resource_usage:
            info = read_code_object(code_object, name)
            for k in info.kernels:
                print(
                    f"cu2amd info    : Function properties for {k.name} ({target}): "
                    f"{k.vgprs} VGPRs, {k.sgprs} SGPRs, {k.agprs} AGPRs, {k.lds_bytes} bytes "
                    f"LDS, {k.scratch_bytes} bytes scratch, wave{k.wavefront_size}",
                    file=sys.stderr,
                )
        return code_object

    def assemble(self, assembly: str, target: TargetId) -> bytes:
        """AMDGPU assembly to an object with clang's assembler: llvmlite's object emission
        has no AMDGPU assembly parser for the inline asm that ROCm's device libraries hold
        (OCKL's hoisting barriers, reached by device printf)."""
        with tempfile.TemporaryDirectory(prefix="cu2amd-as-", dir=self.tmp) as tmp:
            source, obj = Path(tmp, "device.s"), Path(tmp, "device.o")
            source.write_text(assembly)
            self.run_tool([*self.zig_clang, "-target", "amdgcn-amd-amdhsa", f"-mcpu={target}",
                           "-c", "-x", "assembler", str(source), "-o", str(obj)])  # fmt: skip
            return obj.read_bytes()

    # -- relocatable device code -----------------------------------------------------

    def amd_rdc(self, bc: Path, out: Path, target: TargetId, source: Path) -> None:
        module = llvm.parse_bitcode(bc.read_bytes())
        self.link_asm(module, target, source)
        out.write_bytes(module.as_bitcode())

    def host_rdc(self, ll: Path, out: Path, asm: Path, source: Path) -> None:
        """The host platform retargets after the device link (retargeting adds per-program
        tables), so the file keeps NVPTX IR, and its inline PTX lowered for the host."""
        module = llvm.parse_assembly(ll.read_text())
        reject_unrewritten_asm(str(module), str(self.original[source]))
        out.write_bytes(module.as_bitcode())
        inline = self.inline_asm.get(source)
        calls = {f.name for f in module.functions if f.is_declaration}
        lowered = inline.lowered(HOST, calls) if inline else None
        asm.write_bytes(lowered.as_bitcode() if lowered else b"")

    def embed_device_code(self, host_obj: Path, payload: Path, obj: Path) -> None:
        section_s = host_obj.with_suffix(".rdc.s")
        section_o = host_obj.with_suffix(".rdc.o")
        section_s.write_text(rdc.section_assembly(payload))
        self.run_tool([*host_cc(), "-c", str(section_s), "-o", str(section_o)])
        partial = obj.with_name(f".{obj.name}.partial")
        try:
            self.run_tool([*self.tc.ld_lld(), "-r", str(host_obj), str(section_o), "-o",
                           str(partial)])  # fmt: skip
            move_into(partial, obj)
        finally:
            partial.unlink(missing_ok=True)

    def device_link(self, inputs: list[Path], output: Path) -> None:
        """Link the relocatable device code of the inputs, per target, into one bundle of
        code objects, and that bundle into an object that registers it."""
        found = rdc.read_inputs(inputs)
        if not found.code:
            raise UsageError(
                "device link: no relocatable device code in "
                + ", ".join(f"'{p}'" for p in inputs)
                + " (compile with -dc or -rdc=true)"
            )
        entries: list[bundle.BundleEntry] = [bundle.BundleEntry(bundle.HOST_ENTRY_ID, b"")]
        for target in self.config.targets:
            if isinstance(target, HostTarget):
                so = self.link_host_device_code(found.code)
                entries.append(bundle.BundleEntry(bundle.host_platform_entry_id(host_triple()), so))
            else:
                entries.append(
                    bundle.BundleEntry(
                        bundle.hip_entry_id(target), self.link_amd_device_code(found.code, target)
                    )
                )
        fatbin = output.with_name(f".{output.name}.hipfb")
        source = output.with_name(f".{output.name}.s")
        try:
            fatbin.write_bytes(bundle.write_bundle(entries))
            # Files an input's own device link already registers (a static library built
            # with CUDA_RESOLVE_DEVICE_SYMBOLS) keep that registration; their code is
            # linked in here too, so this program's device code can call it.
            cuids = [c for c in found.cuids if c not in found.linked]
            source.write_text(rdc.fatbin_assembly(fatbin, cuids))
            pic = ["-fPIC"] if self.config.shared else []
            partial = output.with_name(f".{output.name}.partial")
            self.run_tool([*host_cc(), *pic, "-c", str(source), "-o", str(partial)])
            move_into(partial, output)
        finally:
            for p in (fatbin, source, output.with_name(f".{output.name}.partial")):
                p.unlink(missing_ok=True)

    def _modules(
        self, code: list[rdc.DeviceCode], entry_id: str, what: str
    ) -> list[tuple[str, llvm.ModuleRef]]:
        modules = []
        for dc in code:
            data = dc.entries.get(entry_id)
            if data is None:
                have = ", ".join(sorted(set(dc.entries) - {bundle.HOST_ENTRY_ID})) or "none"
                raise UsageError(
                    f"device link: '{dc.origin}' has no relocatable device code for {what} "
                    f"(it has: {have}); compile it with --offload-arch that includes {what}"
                )
            if data:
                modules.append((dc.origin, llvm.parse_bitcode(data)))
        return modules

    def link_amd_device_code(self, code: list[rdc.DeviceCode], target: TargetId) -> bytes:
        modules = self._modules(code, rdc.amd_entry_id(target), str(target))
        module = _link_modules(modules)
        return self.code_object(module, target, f"device link for {target}", linked=True)

    def link_host_device_code(self, code: list[rdc.DeviceCode]) -> bytes:
        module = _link_modules(self._modules(code, rdc.HOST_NVPTX, "host"))
        retargeted = llvm.parse_assembly(retarget_nvptx_ir(str(module), "device link").ir)
        for origin, asm in self._modules(code, rdc.HOST_ASM, "host"):
            names = [f.name for f in asm.functions if not f.is_declaration]
            try:
                retargeted.link_in(asm)
            except RuntimeError as err:
                raise UsageError(f"device link: {origin}: {err}") from err
            defined = {f.name for f in retargeted.functions}
            for name in names:
                # The device library's own functions may be dropped or renamed on linking.
                if name in defined:
                    retargeted.get_function(name).linkage = "internal"
        retargeted = with_linked_fibers(retargeted)
        # Host modules call libc and the runtime by C names: only C++ names are checked.
        _check_resolved(retargeted, "host", lambda name: name.startswith("_Z"))
        so = compile_host_ir(str(retargeted), self.config.device_level)
        return so.read_bytes()

    def run_tool(self, argv: list[str]) -> None:
        if self.config.verbose:
            print("#$ " + shlex.join(argv), file=sys.stderr)
        proc = subprocess.run(argv, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            sys.stderr.write(proc.stderr)
            raise _ToolExit(proc.returncode)

    def link_asm(self, module: llvm.ModuleRef, target: TargetId | HostTarget, source: Path) -> None:
        """The source's inline PTX, lowered for the target, into its device module; any
        asm left over is an error rather than an LLVM abort."""
        inline = self.inline_asm.get(source)
        if inline is not None:
            inline.link_into(module, target)
        reject_unrewritten_asm(str(module), str(self.original[source]))

    def write_bundle(self, entries: list[tuple[str, Path]], out: Path, align: int | None) -> None:
        items = [bundle.BundleEntry(entry_id, path.read_bytes()) for entry_id, path in entries]
        write_atomic(out, bundle.write_bundle(items, align or bundle.DEFAULT_ALIGN))

    # -- running ---------------------------------------------------------------------

    def execute(self) -> int:
        if self.config.dryrun:
            for item in self.jobs:
                for job in item.jobs if isinstance(item, Parallel) else [item]:
                    print("#$ " + shlex.join(job.describe))
            if not self.config.keep:
                shutil.rmtree(self.tmp, ignore_errors=True)
            return 0
        if self.config.verbose and any(self.language(p) == "cu" for p in self.config.inputs):
            # The CUDA architecture device code is compiled as (__CUDA_ARCH__), in nvcc's
            # spelling: build tools detect the default architecture from it.
            print(f"#$ CUDA_ARCH=-arch compute_{self.config.cuda_arch}", file=sys.stderr)
        start = time.perf_counter()
        try:
            for job in self.jobs:
                job.run()
        except _ToolExit as stop:
            return stop.code
        finally:
            if self.config.time_phases:
                self.print_timings(time.perf_counter() - start)
            if not self.config.keep:
                shutil.rmtree(self.tmp, ignore_errors=True)
        return 0


def _has_inline_asm(module: llvm.ModuleRef) -> bool:
    return any(
        "asm " in str(instruction)
        for function in module.functions
        if not function.is_declaration
        for block in function.blocks
        for instruction in block.instructions
        if instruction.opcode == "call"
    )


def _limit_registers(module: llvm.ModuleRef, count: int) -> llvm.ModuleRef:
    """-maxrregcount: nvcc's per-thread register limit is AMDGPU's per-lane VGPR budget
    (the `amdgpu-num-vgpr` attribute) on every kernel; the allocator spills past it."""
    text = str(module)
    groups = set(re.findall(r"^define [^\n]*amdgpu_kernel [^\n]*#(\d+)", text, flags=re.M))
    for group in groups:
        text = re.sub(
            rf"^(attributes #{group} = {{)", rf'\1 "amdgpu-num-vgpr"="{count}"', text, flags=re.M
        )
    return llvm.parse_assembly(text)


def _link_modules(modules: list[tuple[str, llvm.ModuleRef]]) -> llvm.ModuleRef:
    """One module from the files' device modules; a symbol defined twice is the user's
    error, named with the file that brought the second definition."""
    (_, first), *rest = modules
    for origin, module in rest:
        try:
            first.link_in(module)
        except RuntimeError as err:
            raise UsageError(f"device link: {origin}: {str(err).strip()}") from err
    return first


def _check_resolved(
    module: llvm.ModuleRef, what: str, device_symbol: Callable[[str], bool]
) -> None:
    """Every device function and variable that some file uses is defined by some file
    (nvlink's "undefined reference"), checked here rather than at load time."""
    missing = sorted(
        [f.name for f in module.functions
         if f.is_declaration and not f.name.startswith("llvm.") and device_symbol(f.name)]
        + [v.name for v in module.global_variables if v.is_declaration]
    )  # fmt: skip
    if missing:
        raise UsageError(
            f"device link for {what}: undefined device symbol(s): {', '.join(missing)} "
            "(defined in no linked file; is a file compiled with -dc missing from the link?)"
        )


class _ToolExit(Exception):
    def __init__(self, code: int) -> None:
        self.code = code


def version_text() -> str:
    # The first line is the one build tools (CMake's compiler identification) look for to
    # treat a compiler as nvcc-compatible; the version line matches nvcc's format.
    return (
        "nvcc: NVIDIA (R) Cuda compiler driver interface, as implemented by cu2amd-nvcc "
        "(cu2amd is not NVIDIA software)\n"
        "cu2amd-nvcc: the cu2amd CUDA compiler driver for AMD GPUs\n"
        f"cu2amd {__version__}, CUDA compatibility release 12.0 (cuda_12.0.r12.0)\n"
        "Cuda compilation tools, release 12.0, V12.0.0 (cu2amd)\n"
    )
