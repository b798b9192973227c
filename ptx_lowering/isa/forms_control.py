"""Forms of PTX ISA 9.7.12 (control flow): bra, brx.idx, call, ret, exit.

`{ }` (9.7.12.1) and `@p` (9.7.12.2) are syntax, handled by the grammar. Calls follow
the `.param` ABI of emit/call.py.
"""

from __future__ import annotations

from cu2amd.ptx_lowering.isa.forms import Form, Op, opt

A, L, ARGS = Op.SRC, Op.LABEL, Op.ARGS
UNI = opt("uni", "uni")

FORMS = (
    # 9.7.12.3 bra / 9.7.12.4 brx.idx
    Form("bra", "9.7.12.3", (UNI,), (L,), emitter="control.bra"),
    Form("brx.idx", "9.7.12.4", (UNI,), (A, L), emitter="control.brx"),
    # 9.7.12.5 call: direct, indirect with a target list (flist) or a prototype (fproto);
    # both are names, so each pair of the manual's indirect forms is one row
    Form("call", "9.7.12.5", (UNI,), (ARGS, L, ARGS), emitter="call.call"),
    Form("call", "9.7.12.5", (UNI,), (L, ARGS), emitter="call.call"),
    Form("call", "9.7.12.5", (UNI,), (L,), emitter="call.call"),
    Form("call", "9.7.12.5", (UNI,), (ARGS, A, ARGS, L), emitter="call.call"),
    Form("call", "9.7.12.5", (UNI,), (A, ARGS, L), emitter="call.call"),
    Form("call", "9.7.12.5", (UNI,), (A, L), emitter="call.call"),
    # 9.7.12.6 ret / 9.7.12.7 exit
    Form("ret", "9.7.12.6", (UNI,), (), emitter="control.ret"),
    Form("exit", "9.7.12.7", (), (), emitter="control.exit"),
)
