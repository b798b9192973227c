"""Forms of PTX ISA 9.7.12 (control flow) and 9.7.13 (parallel synchronization)."""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, opt, slot

A, L = Op.SRC, Op.LABEL

FORMS = (
    # 9.7.12.3 bra
    Form("bra", "9.7.12.3", (opt("uni", "uni"),), (L,), emitter="control.bra"),
    # 9.7.12.6 ret / 9.7.12.7 exit
    Form("ret", "9.7.12.6", (opt("uni", "uni"),), (), emitter="control.ret"),
    Form("exit", "9.7.12.7", (), (), emitter="control.exit"),
    # 9.7.13.1 bar / barrier: barrier 0 over the whole CTA is lowered; named barriers and
    # thread counts come with the [collectives] work (the emitter rejects them by name).
    Form(
        "bar",
        "9.7.13.1",
        (opt("cta", "cta"), slot("mode", "sync")),
        (A, A),
        emitter="sync.bar",
        optional_operands=1,
    ),
    Form(
        "barrier",
        "9.7.13.1",
        (opt("cta", "cta"), slot("mode", "sync"), opt("aligned", "aligned")),
        (A, A),
        emitter="sync.bar",
        optional_operands=1,
    ),
)
