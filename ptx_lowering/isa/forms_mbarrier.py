"""Forms of PTX ISA 9.7.13.15 (mbarrier: asynchronous barriers in shared memory).

The state-space and ordering qualifiers may come in any order (the manual itself writes
`mbarrier.arrive_drop.expect_tx{.state}{.sem}{.scope}` but `mbarrier.arrive{.sem}{.scope}
{.state}`): they form one unordered group in every row.
"""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, Operand, Slot, Status, maybe, opt, slot

D, A, P, M = Op.DST, Op.SRC, Op.PRED_DST, Op.ADDR
U = Status.UNSUPPORTED
G = "q"
REMOTE = "mbarrier of another CTA of the cluster (shared::cluster)"
TX_SPACES = "shared shared::cta shared::cluster"
B64 = slot("type", "b64")
CTA_STATE = "shared shared::cta"


def _quals(sem: str, scope: str, space: str, supported: str | None = None) -> tuple[Slot, ...]:
    return (opt("sem", sem, group=G), opt("scope", scope, group=G),
            opt("space", space, group=G, supported=supported))  # fmt: skip


def _arrive(opcode: str, section: str) -> tuple[Form, ...]:
    """mbarrier.arrive / mbarrier.arrive_drop: plain, .expect_tx (local and remote), and
    .noComplete."""
    local = _quals("release relaxed", "cta cluster", CTA_STATE)
    # The space is what makes these remote: required (else they would read as local).
    remote = (*_quals("release relaxed", "cta cluster", "")[:2],
              slot("space", "shared::cluster", group=G))  # fmt: skip
    expect = slot("expect_tx", "expect_tx")
    arrive = "mbarrier.arrive"
    return (
        Form(opcode, section, (*local, B64), (D, M, maybe(A)), emitter=arrive),
        Form(opcode, section, (*remote, B64), (D, M, maybe(A)), U, note=REMOTE),
        Form(opcode, section, (expect, *local, B64), (D, M, A), emitter=arrive),
        Form(opcode, section, (expect, *remote, B64), (D, M, A), U, note=REMOTE),
        Form(opcode, section, (slot("complete", "noComplete"),
                               *_quals("release", "cta", CTA_STATE), B64), (D, M, A),
             emitter=arrive),
    )  # fmt: skip


def _wait(opcode: str, extra: tuple[Operand, ...]) -> tuple[Form, Form]:
    quals = _quals("acquire relaxed", "cta cluster", CTA_STATE)
    return (
        Form(opcode, "9.7.13.15.16", (*quals, B64), (P, M, A, *extra), emitter="mbarrier.wait"),
        Form(opcode, "9.7.13.15.16", (slot("parity", "parity"), *quals, B64), (P, M, A, *extra),
             emitter="mbarrier.wait"),
    )  # fmt: skip


# fmt: off
FORMS = (
    # 9.7.13.15.9 mbarrier.init / 9.7.13.15.10 mbarrier.inval
    Form("mbarrier.init", "9.7.13.15.9", (opt("space", CTA_STATE), B64), (M, A),
         emitter="mbarrier.init"),
    Form("mbarrier.inval", "9.7.13.15.10", (opt("space", CTA_STATE), B64), (M,),
         emitter="mbarrier.inval"),
    # 9.7.13.15.11 mbarrier.expect_tx / 9.7.13.15.12 mbarrier.complete_tx
    Form("mbarrier.expect_tx", "9.7.13.15.11",
         (*_quals("relaxed", "cta cluster", TX_SPACES, supported=CTA_STATE), B64), (M, A),
         emitter="mbarrier.tx"),
    Form("mbarrier.complete_tx", "9.7.13.15.12",
         (*_quals("relaxed", "cta cluster", TX_SPACES, supported=CTA_STATE), B64), (M, A),
         emitter="mbarrier.tx"),
    # 9.7.13.15.13 mbarrier.arrive / 9.7.13.15.14 mbarrier.arrive_drop
    *_arrive("mbarrier.arrive", "9.7.13.15.13"),
    *_arrive("mbarrier.arrive_drop", "9.7.13.15.14"),
    # 9.7.13.15.15 cp.async.mbarrier.arrive
    Form("cp.async.mbarrier.arrive", "9.7.13.15.15",
         (opt("noinc", "noinc"), opt("space", CTA_STATE), B64), (M,),
         emitter="mbarrier.cp_async_arrive"),
    # 9.7.13.15.16 mbarrier.test_wait, mbarrier.try_wait (with an optional time hint)
    *_wait("mbarrier.test_wait", ()),
    *_wait("mbarrier.try_wait", (maybe(A),)),
    # 9.7.13.15.17 mbarrier.pending_count
    Form("mbarrier.pending_count", "9.7.13.15.17", (B64,), (D, A),
         emitter="mbarrier.pending_count"),
)
# fmt: on
