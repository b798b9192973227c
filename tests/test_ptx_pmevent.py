"""pmevent (PTX ISA 9.7.19.3): a no-op that still checks its operand (emit/pmevent.py says
why nothing is emitted). The kernel around it runs unchanged on the host platform and
compiles for AMD GPUs; an operand out of range or not an immediate is an error naming it.
"""

import numpy as np
import pytest

from cu2amd import host
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import Cu2amdError
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

KERNEL = """.version 8.0
.target sm_80
.address_size 64
.visible .entry pm(.param .u64 out)
{{
	.reg .pred %p;
	.reg .b32 %r<3>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	setp.eq.u32 %p, %r1, 3;
	{events}
	mul.wide.u32 %rd2, %r1, 4;
	add.s64 %rd3, %rd1, %rd2;
	add.u32 %r2, %r1, 100;
	st.global.u32 [%rd3], %r2;
	ret;
}}
"""
EVENTS = "pmevent 0;\n\t@%p pmevent 15;\n\tpmevent.mask 0xffff;\n\t@!%p pmevent.mask 0;"


def test_runs_as_if_absent() -> None:
    out = host.zeros(32, np.uint32)
    module = host.Module.from_ptx(KERNEL.format(events=EVENTS), "pmevent.ptx")
    module.launch("pm", grid=1, block=32, args=[out])
    assert out.to_numpy().tolist() == list(range(100, 132))


@pytest.mark.parametrize("target", ["gfx942", "gfx1100"])
def test_compiles_for_amd_gpus(target: str) -> None:
    pipeline = Pipeline(PipelineOptions())
    result = pipeline.back(
        pipeline.front(KERNEL.format(events=EVENTS), "pmevent.ptx"), parse_target_id(target)
    )
    assert result.code_object


@pytest.mark.parametrize(
    ("events", "message"),
    [
        ("pmevent 16;", "'pmevent': 16 is not an event number in 0..15"),
        ("pmevent -1;", "'pmevent': -1 is not an event number in 0..15"),
        ("pmevent.mask 0x10000;", "'pmevent.mask': 65536 is not a 16-bit event mask"),
        ("pmevent %r1;", "'pmevent': the event operand must be an immediate"),
    ],
)
def test_operand_errors(events: str, message: str) -> None:
    with pytest.raises(Cu2amdError, match=message.replace(".", r"\.")):
        host.Module.from_ptx(KERNEL.format(events=events), "pmevent.ptx")
