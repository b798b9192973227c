"""The one form table of cu2amd: every forms_* module's rows, in PTX ISA chapter order.

Order matters where forms of one opcode overlap: earlier rows are tried first, and the
lowered rows of an opcode come before the rows of the same opcode that are not lowered.
"""

from __future__ import annotations

from cu2amd.ptx_lowering.isa import (
    forms_arith,
    forms_async,
    forms_control,
    forms_data,
    forms_float,
    forms_half,
    forms_logic,
    forms_mbarrier,
    forms_memory,
    forms_misc,
    forms_mma,
    forms_sync,
    forms_tcgen05,
    forms_texture,
    forms_wgmma,
)
from cu2amd.ptx_lowering.isa.forms import FormTable

FORM_TABLE = FormTable(
    (
        *forms_arith.FORMS,  # 9.7.1, 9.7.2
        *forms_float.FORMS,  # 9.7.3
        *forms_half.FORMS,  # 9.7.4, 9.7.5
        *forms_logic.FORMS,  # 9.7.6, 9.7.7, 9.7.8
        *forms_data.FORMS,  # 9.7.9 (registers and conversions)
        *forms_memory.FORMS,  # 9.7.9 (memory)
        *forms_async.FORMS,  # 9.7.9.25, 9.7.9.26
        *forms_texture.FORMS,  # 9.7.10, 9.7.11
        *forms_control.FORMS,  # 9.7.12
        *forms_sync.FORMS,  # 9.7.13
        *forms_mbarrier.FORMS,  # 9.7.13.15
        *forms_mma.FORMS,  # 9.7.14
        *forms_wgmma.FORMS,  # 9.7.15
        *forms_tcgen05.FORMS,  # 9.7.16
        *forms_misc.FORMS,  # 9.7.17, 9.7.18, 9.7.19
    )
)
