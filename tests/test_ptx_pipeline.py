"""The PTX pipeline's stage machinery (ptx_lowering/pipeline.py): --print-after, timing."""

from __future__ import annotations

import io

from cu2amd.amdgpu.select import select_targets
from cu2amd.ptx_lowering.pipeline import Pipeline, PipelineOptions

SAXPY = """.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 p)
{
    .reg .u64 %rd<2>;
    .reg .u32 %r<2>;
    ld.param.u64 %rd1, [p];
    mov.u32 %r1, %tid.x;
    st.global.u32 [%rd1], %r1;
    ret;
}
"""


def test_print_after_shows_a_stage_result_once() -> None:
    out = io.StringIO()
    pipeline = Pipeline(
        PipelineOptions(print_after=frozenset({"lower"}), time_passes=True, out=out)
    )
    calls: list[str] = []

    def show(value: str) -> str:
        calls.append(value)
        return f"shown {value}"

    assert pipeline._stage("lower", lambda: "result", show) == "result"
    assert calls == ["result"]
    assert out.getvalue() == "; *** after lower ***\nshown result\n"
    assert [name for name, _ in pipeline.times] == ["lower"]
    quiet = Pipeline(PipelineOptions())  # without --time-passes nothing is kept
    quiet._stage("lower", lambda: "result", str)
    assert quiet.times == []


def test_print_after_codegen_prints_the_assembly_once() -> None:
    out = io.StringIO()
    pipeline = Pipeline(PipelineOptions(print_after=frozenset({"codegen"}), out=out))
    (target,) = select_targets("gfx942")
    result = pipeline.back(pipeline.front(SAXPY, "saxpy.ptx"), target)
    text = out.getvalue()
    assert text.count("; *** after codegen ***") == 1
    assert text.count(".amdhsa_kernel k") == 1
    assert result.code_object[:4] == b"\x7fELF"


def test_gc_is_paused_inside_and_restored_after() -> None:
    import gc

    from cu2amd.ptx_lowering.gc_pause import paused_gc

    assert gc.isenabled()
    with paused_gc():
        assert not gc.isenabled()
        with paused_gc():  # nested: still paused, and the outer pause is not ended early
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    try:
        with paused_gc():
            raise ValueError
    except ValueError:
        pass
    assert gc.isenabled()
    gc.disable()  # a caller that already paused it keeps it paused
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
