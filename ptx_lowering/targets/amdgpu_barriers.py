"""Named barriers and barrier thread counts on AMD GPUs (PTX ISA 9.7.13.1 `bar`/`barrier`
`.sync` and `.arrive` with a barrier id other than 0 or a thread count `b`).

An AMD work-group has one hardware barrier (`s_barrier`, over all of its waves), which
barrier 0 without a thread count uses. The other forms are a software barrier in LDS: one
32-bit word per barrier id (16, as a CTA has), the number of threads arrived in its low 16
bits and a generation in its high 16 bits.

Arriving, the first active lane of each wave adds the number of its active lanes (threads
count one each, as the host platform counts them); the wave that completes the count adds
`0x10000 - count` in the same word, which empties it and starts the next generation.
Waiting (`.sync`) lanes spin, with `s_sleep`, until the generation moves. Memory is
ordered as a CTA barrier orders it: a workgroup-scope release fence before arriving (the
arrivals form one release sequence on the word) and an acquire fence after the wait.

LDS has no initial value, so every kernel that may reach these barriers zeroes the words
on entry, between thread (0,0,0)'s stores and an `s_barrier` (`add_kernel_init`, run on
the module as linked: a kernel may reach the barrier only through inline PTX or through a
device function of another file).

What a wave cannot do is wait for lanes of its own that took another branch: a wave runs
one side of a divergent branch at a time, so a barrier whose count needs threads of the
same wave on two paths waits forever (CUDA's independent thread scheduling allows it).
"""

from __future__ import annotations

import re

import llvmlite.binding as llvm
from llvmlite import ir

from cu2amd.ptx_lowering.emit.atomic import atomic_rmw
from cu2amd.ptx_lowering.irutil import call_intrinsic, declare_intrinsic, load

I1, I32, I64 = ir.IntType(1), ir.IntType(32), ir.IntType(64)
LDS = 3
STATE = "__cu2amd_named_barriers"
BARRIER = "__cu2amd_named_barrier"
INIT = "__cu2amd_named_barriers_init"
NUM_BARRIERS = 16
_GENERATION = 0x10000
_COUNT_MASK = 0xFFFF


def _state(module: ir.Module) -> ir.GlobalVariable:
    existing = module.globals.get(STATE)
    if existing is not None:
        return existing
    ty = ir.ArrayType(I32, NUM_BARRIERS)
    gv = ir.GlobalVariable(module, ty, STATE, LDS)
    # One state per work-group, shared by every file of a program linked together.
    gv.linkage = "linkonce_odr"
    gv.initializer = ir.Constant(ty, ir.Undefined)
    gv.align = 4
    return gv


def _helper(module: ir.Module, name: str, args: list[ir.Type]) -> tuple[ir.Function, bool]:
    """The function `name` of `module`, and whether it still needs a body."""
    existing = module.globals.get(name)
    if existing is not None:
        return existing, False
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), args), name=name)
    fn.linkage = "linkonce_odr"
    for attr in ("alwaysinline", "convergent", "nounwind"):
        fn.attributes.add(attr)
    return fn, True


def barrier_function(module: ir.Module, block_size) -> ir.Function:
    """`void __cu2amd_named_barrier(i32 id, i32 count, i1 wait)`: arrive at barrier `id`
    of `count` threads (0: every thread of the CTA), then wait for it if `wait`.
    `block_size(builder)` reads the CTA's thread count."""
    fn, build = _helper(module, BARRIER, [I32, I32, I1])
    if not build:
        return fn
    barrier_id, count, wait = fn.args
    state = _state(module)
    entry, arrive, complete, arrived = (
        fn.append_basic_block(n) for n in ("entry", "arrive", "complete", "arrived")
    )
    join, spin, sleep, done = (fn.append_basic_block(n) for n in ("join", "spin", "sleep", "done"))
    b = ir.IRBuilder(entry)
    b.fence("release", "workgroup")
    active = call_intrinsic(b, "llvm.amdgcn.ballot.i64", I64, [I1(1)], "active")
    lanes = b.trunc(call_intrinsic(b, "llvm.ctpop.i64", I64, [active]), I32, "lanes")
    below = call_intrinsic(b, "llvm.amdgcn.mbcnt.lo", I32,
                           [b.trunc(active, I32), I32(0)])  # fmt: skip
    below = call_intrinsic(b, "llvm.amdgcn.mbcnt.hi", I32,
                           [b.trunc(b.lshr(active, I64(32)), I32), below], "below")  # fmt: skip
    all_threads = block_size(b)
    expected = b.select(b.icmp_unsigned("==", count, I32(0)), all_threads, count, "expected")
    slot = b.gep(state, [I32(0), barrier_id], inbounds=True, name="slot")
    b.cbranch(b.icmp_unsigned("==", below, I32(0)), arrive, join)

    b.position_at_end(arrive)  # the wave's first active lane counts the wave's lanes
    old = atomic_rmw(b, "add", slot, lanes, "monotonic", "workgroup", 4, "old")
    total = b.add(b.and_(old, I32(_COUNT_MASK)), lanes)
    b.cbranch(b.icmp_unsigned(">=", total, expected), complete, arrived)
    b.position_at_end(complete)  # the last: empty the count, next generation
    atomic_rmw(b, "add", slot, b.sub(I32(_GENERATION), total), "release", "workgroup", 4)
    b.branch(arrived)
    b.position_at_end(arrived)
    b.branch(join)

    b.position_at_end(join)
    seen = b.phi(I32, "seen")
    seen.add_incoming(old, arrived)
    seen.add_incoming(I32(0), entry)
    seen = call_intrinsic(b, "llvm.amdgcn.readfirstlane.i32", I32, [seen], "leader.old")
    generation = b.lshr(seen, I32(16), "generation")
    total = b.add(b.and_(seen, I32(_COUNT_MASK)), lanes)
    finished = b.icmp_unsigned(">=", total, expected)
    b.cbranch(b.or_(finished, b.not_(wait)), done, spin)

    b.position_at_end(spin)
    now = load(b, slot, I32, align=4, ordering="monotonic", syncscope="workgroup")
    waiting = b.icmp_unsigned("==", b.lshr(now, I32(16)), generation)
    b.cbranch(waiting, sleep, done)
    b.position_at_end(sleep)
    call_intrinsic(b, "llvm.amdgcn.s.sleep", ir.VoidType(), [I32(1)])
    b.branch(spin)

    b.position_at_end(done)
    b.fence("acquire", "workgroup")
    b.ret_void()
    return fn


def _init_module(triple: str, data_layout: str) -> str:
    """A module defining `void __cu2amd_named_barriers_init()`: every barrier empty,
    generation 0, before any thread of the work-group arrives."""
    module = ir.Module("named-barriers-init")
    module.triple, module.data_layout = triple, data_layout
    ty = ir.ArrayType(I32, NUM_BARRIERS)
    state = ir.GlobalVariable(module, ty, STATE, LDS)  # the module's, linked
    state.linkage = "external"
    fn = ir.Function(module, ir.FunctionType(ir.VoidType(), []), name=INIT)
    for attr in ("alwaysinline", "convergent", "nounwind"):
        fn.attributes.add(attr)
    entry, zero, wait = (fn.append_basic_block(n) for n in ("entry", "zero", "wait"))
    b = ir.IRBuilder(entry)
    ids = [call_intrinsic(b, f"llvm.amdgcn.workitem.id.{axis}", I32, []) for axis in "xyz"]
    first = b.icmp_unsigned("==", b.or_(b.or_(ids[0], ids[1]), ids[2]), I32(0))
    b.cbranch(first, zero, wait)
    b.position_at_end(zero)
    b.store(ir.Constant(ty, [I32(0)] * NUM_BARRIERS), state, align=4)
    b.branch(wait)
    b.position_at_end(wait)
    barrier = declare_intrinsic(module, "llvm.amdgcn.s.barrier", ir.VoidType(), [])
    b.fence("release", "workgroup")
    b.call(barrier, [])
    b.fence("acquire", "workgroup")
    b.ret_void()
    return str(module)


_DEFINE = re.compile(r'^define [^@]*@(?:"([^"]+)"|([-$._A-Za-z0-9]+))\(')
_REFERENCE = re.compile(r'@(?:"([^"]+)"|([-$._A-Za-z0-9]+))')
_INDIRECT_CALL = re.compile(r"\bcall\b[^@%(]*%[-$._A-Za-z0-9\"]+\(")
_LABEL = re.compile(r"^(?:[-$._A-Za-z0-9]+|\"[^\"]*\"):")


def _reaching(functions: dict[str, set[str]], target: str) -> set[str]:
    """The functions from which `target` may be called ("*": an indirect call)."""
    reach = {target}
    changed = True
    while changed:
        changed = False
        for name, refs in functions.items():
            if name not in reach and (refs & reach or "*" in refs):
                reach.add(name)
                changed = True
    return reach


def add_kernel_init(module: llvm.ModuleRef) -> llvm.ModuleRef:
    """`module` with the barriers' initialisation at the entry of every kernel that may
    reach a named barrier (the module itself if nothing in it uses one)."""
    try:
        module.get_global_variable(STATE)
    except NameError:
        return module
    lines = str(module).split("\n")
    # What each function's body refers to (a function whose address is taken may be
    # called from anywhere an indirect call is).
    functions: dict[str, set[str]] = {}
    kernels: dict[int, str] = {}  # line of each kernel's define -> name
    current: set[str] | None = None
    for number, line in enumerate(lines):
        if (define := _DEFINE.match(line)) is not None:
            name = define.group(1) or define.group(2)
            current = functions.setdefault(name, set())
            if " amdgpu_kernel " in line:
                kernels[number] = name
        elif current is not None:
            if line.startswith("}"):
                current = None
                continue
            current.update(m.group(1) or m.group(2) for m in _REFERENCE.finditer(line))
            if _INDIRECT_CALL.search(line):
                current.add("*")
    reach = _reaching(functions, STATE)
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        out.append(line)
        i += 1
        if kernels.get(i - 1) not in reach:
            continue
        # The body opens at the end of the define line or on a line of its own.
        while not out[-1].rstrip().endswith("{"):
            out.append(lines[i])
            i += 1
        if i < len(lines) and _LABEL.match(lines[i]):
            out.append(lines[i])
            i += 1
        out.append(f"  call void @{INIT}()")
    out.append(f"declare void @{INIT}()")
    result = llvm.parse_assembly("\n".join(out))
    result.link_in(llvm.parse_assembly(_init_module(module.triple, module.data_layout)))
    # Linked, both are the code object's own (LDS is per kernel launch anyway).
    result.get_global_variable(STATE).linkage = "internal"
    result.get_function(INIT).linkage = "internal"
    return result
