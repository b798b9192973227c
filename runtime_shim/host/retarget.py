"""Clang's NVPTX device IR -> LLVM IR for the host platform (x86-64, aarch64).

The device code of a CUDA program is compiled by clang in CUDA mode to NVPTX IR; this
module rewrites that IR's text so the same code runs on the CPU under the host runtime:

- the triple and data layout become the host's; `target-cpu`/`target-features` (sm_XX,
  ptxNN) go; kernels lose the `ptx_kernel` calling convention (or `!nvvm.annotations`);
- special-register intrinsics (`llvm.nvvm.read.ptx.sreg.tid.x` ...) become loads from the
  runtime's thread record, barriers calls into the runtime (each call site with its own
  site string: barrier_sites.py), `vprintf` and `__assertfail` the runtime's;
- `extern __shared__` arrays (external addrspace(3) declarations, whatever their names
  and types) become aliases of one buffer the module defines, `__cu2amd_dynamic_shared`,
  which the runtime uses as each block's dynamic shared memory (the launch's sharedMem);
- every kernel gets the host module ABI of ptx_lowering/targets/host.py: an entry taking a
  kernelParams array, a flags constant, and the table of static shared variables;
- calls of warp collectives (cu2amd/warp.h) get the host flavour of the device runtime
  library (runtime_shim/device) linked in.

Address spaces stay as they are: the x86 and AArch64 back ends treat NVPTX's numbered
spaces as ordinary memory and casts between them as no-ops. Any other `llvm.nvvm.*`
intrinsic is an error naming it: nothing is dropped silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import llvmlite.binding as llvm

from cu2amd.errors import InternalError, UnsupportedError
from cu2amd.ptx_lowering.targets.host import (
    ENTRY_PREFIX,
    FLAG_FIBERS,
    FLAGS_PREFIX,
    SHARED_REGIONS,
    SHARED_WINDOW,
    THREAD_FIELDS,
    THREAD_SLOT,
    host_target_machine,
)
from cu2amd.runtime_shim.device.library import API, link_device_library
from cu2amd.runtime_shim.host.abi import (
    DYNAMIC_SHARED,
    DYNAMIC_SHARED_ALIGN,
    MAX_SHARED_OPTIN_BYTES,
)
from cu2amd.runtime_shim.host.barrier_sites import BARRIER_INTRINSICS, rewrite_barriers

_SREGS = {
    f"llvm.nvvm.read.ptx.sreg.{reg}.{axis}": (field, i)
    for reg, field in (("tid", "tid"), ("ntid", "ntid"), ("ctaid", "ctaid"), ("nctaid", "nctaid"))
    for i, axis in enumerate("xyz")
}
_RENAMES = {"vprintf": "__cu2amd_vprintf", "__assertfail": "__cu2amd_assertfail"}
_WARP_SIZE = "llvm.nvvm.read.ptx.sreg.warpsize"

ARGSIZES_PREFIX = "__cu2amd_argsizes_"
_KERNEL_CC = re.compile(r"^define\b[^@\n]*\bptx_kernel\b[^@\n]*@(\"[^\"]+\"|[\w.$]+)\(", re.M)
_ANNOTATION = re.compile(r"!\{ptr @(\"[^\"]+\"|[\w.$]+), !\"kernel\", i32 1\}")


@dataclass(frozen=True)
class RetargetedModule:
    ir: str
    # kernel -> its parameters' LLVM types (`byval(%struct.S)` for structs by value)
    kernels: dict[str, tuple[str, ...]]
    uses_fibers: bool


def _unquote(name: str) -> str:
    return name[1:-1] if name.startswith('"') else name


_SHARED_WINDOW_DECLARATION = re.compile(
    rf"^@{SHARED_WINDOW} = external (?:dso_local )?addrspace\(1\) global i8(?:, align \d+)?$", re.M
)


def retarget_nvptx_ir(ir_text: str, name: str = "<device IR>") -> RetargetedModule:
    try:
        module = llvm.parse_assembly(ir_text)
    except RuntimeError as err:
        raise InternalError(f"invalid NVPTX IR in {name}: {err}") from err
    kernels = [_unquote(k) for k in _KERNEL_CC.findall(ir_text) + _ANNOTATION.findall(ir_text)]
    functions = {f.name: f for f in module.functions}
    declared = [f.name for f in module.functions if f.is_declaration]
    known = {*_SREGS, *BARRIER_INTRINSICS, _WARP_SIZE}
    unknown = sorted(n for n in declared if n.startswith("llvm.nvvm.") and n not in known)
    if unknown:
        raise UnsupportedError(
            f"{name}: NVVM intrinsics not supported on the host platform yet: {', '.join(unknown)}"
        )
    tm = host_target_machine()
    text = ir_text
    text = re.sub(
        r'^target datalayout = ".*"$', f'target datalayout = "{tm.target_data}"', text, flags=re.M
    )
    text = re.sub(
        r'^target triple = ".*"$',
        f'target triple = "{llvm.get_process_triple()}"',
        text,
        flags=re.M,
    )
    text = re.sub(r"\bptx_kernel\s+", "", text)
    text = re.sub(r'\s*"target-(cpu|features)"="[^"]*"', "", text)
    text = re.sub(r"^!nvvm\.annotations = .*$", "", text, flags=re.M)
    # Warp collectives (cu2amd/warp.h) call the device runtime library: they need fibers.
    uses_fibers = not API.isdisjoint(declared)
    prelude: list[str] = []
    for intrinsic in declared:
        if (
            intrinsic in _SREGS
            or intrinsic in BARRIER_INTRINSICS
            or intrinsic == _WARP_SIZE
            or intrinsic in _RENAMES
        ):
            text = re.sub(rf"^declare [^\n]*@{re.escape(intrinsic)}\(.*$", "", text, flags=re.M)
        if intrinsic in _SREGS:
            field, index = _SREGS[intrinsic]
            replacement = f"__cu2amd.sreg.{field}.{index}"
            prelude.append(_sreg_function(replacement, THREAD_FIELDS[field] + 4 * index))
        elif intrinsic == _WARP_SIZE:
            replacement = "__cu2amd.sreg.warpsize"
            prelude.append(
                f"define internal i32 @{replacement}() alwaysinline {{\n  ret i32 32\n}}"
            )
        elif intrinsic in BARRIER_INTRINSICS:
            uses_fibers = True
            continue  # each call is rewritten below, with its own site
        elif intrinsic in _RENAMES:
            replacement = _RENAMES[intrinsic]
            prelude.append(_declaration(functions[intrinsic], replacement))
        else:
            continue
        text = re.sub(rf"@{re.escape(intrinsic)}\b(?=\()", f"@{_quote(replacement)}", text)
    text, barrier_sites = rewrite_barriers(text)
    # The shared window (cu2amd/memory_intrinsics.h, ptx_lowering/targets/host.py), which the
    # file's inline PTX defines the same way if it has any.
    text = _SHARED_WINDOW_DECLARATION.sub(
        f"@{SHARED_WINDOW} = linkonce_odr hidden addrspace(1) global i8 0, align 4096", text
    )
    shared = [g for g in module.global_variables if str(g.type) == "ptr addrspace(3)"]
    dynamic = [g for g in shared if g.is_declaration]
    shared = [g for g in shared if not g.is_declaration]
    for g in dynamic:
        text = _alias_dynamic_shared(text, g)
    signatures = {k: tuple(_param_signature(a) for a in functions[k].arguments) for k in kernels}
    extra = [
        f"@{THREAD_SLOT} = global ptr null, align 8",
        *barrier_sites,
        _shared_table(shared, tm),
        *([_dynamic_shared_buffer()] if dynamic else []),
        *(
            ["declare i32 @__cu2amd_barrier(ptr, i32, i32, i32, i32) convergent"]
            if uses_fibers
            else []
        ),
        *prelude,
        *(_entry(functions[k], FLAG_FIBERS if uses_fibers else 0) for k in kernels),
    ]
    result = text + "\n" + "\n\n".join(extra) + "\n"
    try:
        module = llvm.parse_assembly(result)
        module.verify()
    except RuntimeError as err:
        raise InternalError(f"retargeting {name} produced invalid IR: {err}") from err
    if link_device_library(module, "host"):
        result = str(module)
    return RetargetedModule(result, signatures, uses_fibers)


def _param_signature(arg: llvm.ValueRef) -> str:
    """The LLVM type of a kernel parameter, or `byval(<type>)` for one passed by value."""
    byval = [a.decode() for a in arg.attributes if a.decode().startswith("byval(")]
    return byval[0] if byval else str(arg.type)


def _quote(name: str) -> str:
    return name if re.fullmatch(r"[\w.$]+", name) else f'"{name}"'


def _sreg_function(name: str, offset: int) -> str:
    return (
        f"define internal i32 @{_quote(name)}() alwaysinline {{\n"
        f"  %t = load ptr, ptr @{THREAD_SLOT}, align 8\n"
        f"  %p = getelementptr inbounds i8, ptr %t, i64 {offset}\n"
        f"  %v = load i32, ptr %p, align 4\n"
        f"  ret i32 %v\n}}"
    )


def _alias_dynamic_shared(text: str, g: llvm.ValueRef) -> str:
    """`@buf = external addrspace(3) global [0 x float]` -> an alias of the module's
    dynamic shared memory buffer (every extern __shared__ array starts there)."""
    name = re.escape("@" + _quote(g.name))
    declaration = re.compile(rf"^{name} = external [^\n]*\baddrspace\(3\) global [^\n]*$", re.M)
    target = f"ptr addrspace(3) @{DYNAMIC_SHARED}"
    alias = f"@{_quote(g.name)} = internal alias {g.global_value_type}, {target}"
    text, count = declaration.subn(lambda _: alias, text)
    if count != 1:
        raise InternalError(f"cannot find the declaration of extern __shared__ '{g.name}'")
    return text


def _dynamic_shared_buffer() -> str:
    return (
        f"@{DYNAMIC_SHARED} = addrspace(3) global [{MAX_SHARED_OPTIN_BYTES} x i8] zeroinitializer, "
        f"align {DYNAMIC_SHARED_ALIGN}"
    )


def _declaration(fn: llvm.ValueRef, new_name: str) -> str:
    params = ", ".join(str(a.type) for a in fn.arguments)
    ret = str(fn.global_value_type).split(" (")[0]
    return f"declare {ret} @{_quote(new_name)}({params})"


def _shared_table(shared: list[llvm.ValueRef], tm: llvm.TargetMachine) -> str:
    td = tm.target_data
    rows = [f"{{ ptr, i64 }} {{ ptr addrspacecast (ptr addrspace(3) @{_quote(g.name)} to ptr), i64 "
            f"{td.get_abi_size(g.global_value_type)} }}" for g in shared]  # fmt: skip
    ty = f"[{len(rows)} x {{ ptr, i64 }}]"
    return (
        f"@{SHARED_REGIONS} = constant {ty} [{', '.join(rows)}]\n"
        f"@{SHARED_REGIONS}_count = constant i64 {len(rows)}"
    )


def _entry(kernel: llvm.ValueRef, flags: int) -> str:
    lines = [f"define void @{_quote(ENTRY_PREFIX + kernel.name)}(ptr %args) {{"]
    values = []
    types = []
    for i, arg in enumerate(kernel.arguments):
        ty = str(arg.type)
        lines.append(f"  %p{i} = getelementptr ptr, ptr %args, i64 {i}")
        lines.append(f"  %a{i} = load ptr, ptr %p{i}, align 8")
        attrs = [a.decode() for a in arg.attributes]
        byval = [a for a in attrs if a.startswith("byval(")]
        types.append(byval[0][len("byval(") : -1] if byval else ty)
        if byval:
            align = next((a for a in attrs if a.startswith("align ")), "align 8")
            values.append(f"ptr {byval[0]} {align} %a{i}")
        else:
            lines.append(f"  %v{i} = load {ty}, ptr %a{i}")
            values.append(f"{ty} %v{i}")
    lines.append(f"  call void @{_quote(kernel.name)}({', '.join(values)})")
    lines.append("  ret void\n}")
    lines.append(f"@{_quote(FLAGS_PREFIX + kernel.name)} = constant i32 {flags}")
    # Parameter sizes (count first) for graph kernel nodes, which copy their arguments.
    sizes = [f"i64 {len(types)}"] + [
        f"i64 ptrtoint (ptr getelementptr ({t}, ptr null, i32 1) to i64)" for t in types
    ]
    table = f"[{len(sizes)} x i64] [{', '.join(sizes)}]"
    lines.append(f"@{_quote(ARGSIZES_PREFIX + kernel.name)} = constant {table}")
    return "\n".join(lines)


# What a host module calls when some code in it waits for other GPU threads: barriers,
# mbarrier waits (yield), and the wave collectives the device runtime library is built on.
_FIBER_RUNTIME = re.compile(r"^declare [^\n]*@\"?__cu2amd_(?:barrier|yield|wave_[a-z_]+)\"?\(",
                            re.M)  # fmt: skip
_NO_FIBERS = re.compile(rf'^(@"?{re.escape(FLAGS_PREFIX)}[^\n=]*= constant i32) 0$', re.M)


def with_linked_fibers(module: llvm.ModuleRef) -> llvm.ModuleRef:
    """`module` (retargeted, with the file's inline PTX linked in since) with its kernels
    run on fibers if the inline PTX waits for other threads (a `bar.sync` or `shfl.sync`
    in an asm statement) and nothing else in the file did."""
    text = str(module)
    if not _FIBER_RUNTIME.search(text) or not _NO_FIBERS.search(text):
        return module
    return llvm.parse_assembly(_NO_FIBERS.sub(rf"\1 {FLAG_FIBERS}", text))
