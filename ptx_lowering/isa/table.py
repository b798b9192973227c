"""The one form table of cu2amd: every forms_* module's rows, in a fixed order."""

from __future__ import annotations

from cu2amd.ptx_lowering.isa import forms_arith, forms_control, forms_data, forms_logic
from cu2amd.ptx_lowering.isa.forms import FormTable

FORM_TABLE = FormTable(
    (*forms_arith.FORMS, *forms_logic.FORMS, *forms_data.FORMS, *forms_control.FORMS)
)
