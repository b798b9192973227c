"""isspacep.const and isspacep.param (PTX ISA 9.7.9.19), consistent with cvta.const and
cvta.param (emit/isspacep.py): an address is in the .const window when it is inside one
of the module's .const variables, in the .param window when it is inside one of the
kernel's parameters; both windows are inside the .global one. Checked on the host
platform for addresses of every kind (first byte, last byte, each variable), compiled for
AMD GPUs, and the unsupported cases (device functions for .param, inline PTX for .const)
pinned.
"""

import numpy as np
import pytest

from cu2amd import host
from cu2amd.amdgpu.targets import parse_target_id
from cu2amd.errors import UnsupportedError
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

# out[3 * k + s] = isspacep.<s> (s: .const, .param, .global) of the k-th address:
# c1, c1 + 7 (its last byte), c2 (a .u32), p (a kernel parameter of 16 bytes), p + 15,
# the output buffer (global), a .shared and a .local variable, c1 + 8 (past c1; c2 is
# .align 64 so nothing of it is there)
KERNEL = """.version 8.0
.target sm_80
.address_size 64
.const .align 8 .b8 c1[8] = {{1, 2, 3, 4, 5, 6, 7, 8}};
.const .align 64 .u32 c2 = 9;
.shared .align 4 .u32 sh;
.visible .entry windows(.param .u64 out, .param .align 8 .b8 p[16])
{{
	.reg .pred %q<4>;
	.reg .b32 %r<4>;
	.reg .b64 %rd<24>;
	.local .align 4 .u32 loc;
	ld.param.u64 %rd1, [out];
	mov.u64 %rd2, c1;
	cvta.const.u64 %rd10, %rd2;
	add.s64 %rd11, %rd10, 7;
	mov.u64 %rd3, c2;
	cvta.const.u64 %rd12, %rd3;
	mov.u64 %rd4, p;
	cvta.param.u64 %rd13, %rd4;
	add.s64 %rd14, %rd13, 15;
	mov.u64 %rd15, %rd1;
	mov.u64 %rd5, sh;
	cvta.shared.u64 %rd16, %rd5;
	mov.u64 %rd6, loc;
	cvta.local.u64 %rd17, %rd6;
	add.s64 %rd18, %rd10, 8;
	{body}
	ret;
}}
"""
ADDRESSES = [f"%rd{i}" for i in range(10, 19)]


def body() -> str:
    lines = []
    for k, reg in enumerate(ADDRESSES):
        for s, space in enumerate(("const", "param", "global")):
            lines += [f"isspacep.{space} %q1, {reg};", "selp.u32 %r1, 1, 0, %q1;",
                      f"st.global.u32 [%rd1+{4 * (3 * k + s)}], %r1;"]  # fmt: skip
    return "\n\t".join(lines)


def test_windows_on_the_host_platform() -> None:
    out = host.zeros(3 * len(ADDRESSES), np.uint32)
    module = host.Module.from_ptx(KERNEL.format(body=body()), "windows.ptx")
    param = np.arange(16, dtype=np.uint8)
    module.launch("windows", grid=1, block=1, args=[out, param])
    table = out.to_numpy().reshape(-1, 3).tolist()
    # columns: .const .param .global
    assert table == [
        [1, 0, 1],  # c1
        [1, 0, 1],  # its last byte
        [1, 0, 1],  # c2
        [0, 1, 1],  # p: the .param window is in the .global one (PTX ISA 9.7.9.19)
        [0, 1, 1],  # its last byte
        [0, 0, 1],  # global memory
        [0, 0, 0],  # .shared
        [0, 0, 0],  # .local
        [0, 0, 1],  # just past c1
    ]


@pytest.mark.parametrize("target", ["gfx90a", "gfx942", "gfx1100"])
def test_compiles_for_amd_gpus(target: str) -> None:
    pipeline = Pipeline(PipelineOptions())
    text = KERNEL.format(body=body())
    assert pipeline.back(pipeline.front(text, "windows.ptx"), parse_target_id(target)).code_object


DEVICE_FUNCTION = """.version 8.0
.target sm_80
.address_size 64
.func (.reg .b32 r) {name}(.reg .b64 a)
{{
	.reg .pred %q;
	isspacep.{space} %q, a;
	selp.u32 r, 1, 0, %q;
	ret;
}}
"""


@pytest.mark.parametrize(
    ("name", "space", "message"),
    [
        ("f", "param", "isspacep.param in a device function"),
        ("f", "param::entry", "isspacep.param in a device function"),
        ("__cu2amd_asm_1234_impl", "const",
         "isspacep.const in inline PTX (the CUDA file's __constant__ variables are not "
         "visible to it)"),
    ],
)  # fmt: skip
def test_unsupported_cases(name: str, space: str, message: str) -> None:
    text = DEVICE_FUNCTION.format(name=name, space=space)
    pipeline = Pipeline(PipelineOptions())
    with pytest.raises(UnsupportedError) as err:
        pipeline.back(pipeline.front(text, "f.ptx"), parse_target_id("gfx942"))
    assert message in str(err.value)


def test_const_in_a_device_function_of_the_module() -> None:
    """A standalone module's device functions see its .const variables."""
    text = DEVICE_FUNCTION.format(name="f", space="const")
    pipeline = Pipeline(PipelineOptions())
    assert pipeline.back(pipeline.front(text, "f.ptx"), parse_target_id("gfx942")).code_object
