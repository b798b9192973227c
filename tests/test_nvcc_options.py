"""cu2amd-nvcc's option table: invariants, nvcc's spellings, response files, env vars."""

from pathlib import Path

import pytest

from cu2amd.errors import UsageError
from cu2amd.translator.options import OPTIONS, Kind, expand_argv, parse


def test_table_invariants() -> None:
    names = [o.name for o in OPTIONS]
    assert names == sorted(names), "rows are sorted by canonical name"
    assert len(set(names)) == len(names)
    shorts = [o.short for o in OPTIONS if o.short]
    assert len(set(shorts)) == len(shorts)
    for o in OPTIONS:
        assert o.help
        assert o.supported or o.note, f"unsupported option {o.name} needs a note"
        assert not o.choices or o.kind is Kind.VALUE or o.kind is Kind.JOINED_OR_SEPARATE


@pytest.mark.parametrize(
    ("argv", "name", "values"),
    [
        (["-arch=sm_80"], "gpu-architecture", ["sm_80"]),
        (["-arch", "sm_80"], "gpu-architecture", ["sm_80"]),
        (["--gpu-architecture=compute_90"], "gpu-architecture", ["compute_90"]),
        (["-O3"], "optimize", ["3"]),
        (["-O", "2"], "optimize", ["2"]),
        (["-Iinc", "-I", "dir"], "include-path", ["inc", "dir"]),
        (["-DX=1", "-D", "Y"], "define-macro", ["X=1", "Y"]),
        (["-lfoo", "-lineinfo"], "library", ["foo"]),
        (["-Xcompiler", "-fPIC,-Wall", "-Xcompiler=-O1"], "compiler-options", ["-fPIC", "-Wall", "-O1"]),
        (["-gencode", "arch=compute_80,code=sm_80"], "generate-code", ["arch=compute_80,code=sm_80"]),
        (["--std", "c++17"], "std", ["c++17"]),
        (["-std=c++20"], "std", ["c++20"]),
        (["-x", "cu"], "x", ["cu"]),
        (["-isystem", "/sys"], "system-include", ["/sys"]),
        (["-include", "pre.h"], "pre-include", ["pre.h"]),
        (["--offload-arch=gfx942,host"], "offload-arch", ["gfx942,host"]),
        (["-Xptxas", "-O2,-v"], "ptxas-options", ["-O2", "-v"]),
        (["--threads", "4"], "threads", ["4"]),
        (["-t", "0"], "threads", ["0"]),
    ],
)  # fmt: skip
def test_spellings(argv: list[str], name: str, values: list[str]) -> None:
    assert parse([*argv, "a.cu"]).values(name) == values


def test_flags_and_inputs() -> None:
    parsed = parse(["-c", "--dryrun", "-lineinfo", "a.cu", "b.cpp", "-MD"])
    assert parsed.inputs == ["a.cu", "b.cpp"]
    assert parsed.has("compile") and parsed.has("dryrun") and parsed.has("generate-line-info")
    assert parsed.has("generate-dependencies-with-compile")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--frob"], "unknown option '--frob'"),
        (["-Q"], "unknown option '-Q'"),
        (["-o"], "option '-o' needs a value"),
        (["-c=1"], "option '-c=1' takes no value"),
        (
            ["-std=c++99"],
            "option '-std' takes one of c++03, c++11, c++14, c++17, c++20, not 'c++99'",
        ),
        (
            ["-ptx"],
            "option '-ptx' is not supported yet: cu2amd makes AMD code objects, not PTX",
        ),
        (
            ["--cubin"],
            "option '--cubin' is not supported yet: cu2amd makes AMD code objects, not cubins (use -c)",
        ),
    ],
)
def test_errors(argv: list[str], message: str) -> None:
    with pytest.raises(UsageError) as err:
        parse(argv)
    assert str(err.value) == message


def test_response_files_and_environment(tmp_path: Path) -> None:
    rsp = tmp_path / "args.rsp"
    rsp.write_text("-O2 -DFROM_FILE 'a b.cu'\n")
    argv = expand_argv(
        [f"@{rsp}", "-c"], env={"NVCC_PREPEND_FLAGS": "-DFIRST", "NVCC_APPEND_FLAGS": "-DLAST"}
    )
    assert argv == ["-DFIRST", "-O2", "-DFROM_FILE", "a b.cu", "-c", "-DLAST"]
    with pytest.raises(UsageError, match=r"no such response file: 'missing\.rsp'"):
        expand_argv(["@missing.rsp"], env={})


def test_help_lists_every_option() -> None:
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "cu2amd.translator.nvcc", "--help"],
                          capture_output=True, text=True, check=False)  # fmt: skip
    assert proc.returncode == 0 and proc.stderr == ""
    assert proc.stdout.startswith("usage: cu2amd-nvcc [options] FILE...\n")
    for opt in OPTIONS:
        assert f"--{opt.name}" in proc.stdout
        assert (opt.help if opt.supported else opt.note) in proc.stdout


def _configure(argv: list[str], tmp_path: Path):  # type: ignore[no-untyped-def]
    from cu2amd.translator.nvcc_config import configure

    source = tmp_path / "a.cu"
    source.write_text("")
    return configure(parse([*argv, str(source)]))


def test_ptxas_optimisation_level_is_the_device_back_end_level(tmp_path: Path) -> None:
    assert _configure(["-O1"], tmp_path).device_level == 1
    assert _configure(["-O1", "-Xptxas", "-O3,-v"], tmp_path).device_level == 3
    assert _configure(["-Xptxas", "-O0", "-Xptxas=-O2"], tmp_path).device_level == 2
    # A level alone is not -v: no resource usage.
    assert not _configure(["-Xptxas", "-O2"], tmp_path).resource_usage
    assert _configure(["-Xptxas", "-O2,-v"], tmp_path).resource_usage
    with pytest.raises(UsageError, match=r"-Xptxas -dlcm=ca: only -v and -O0..-O3 are supported"):
        _configure(["-Xptxas", "-dlcm=ca"], tmp_path)


def test_threads_is_accepted(tmp_path: Path) -> None:
    assert _configure(["--threads", "8"], tmp_path).device_level == 3
    with pytest.raises(UsageError, match=r"--threads takes a number of threads, not 'many'"):
        _configure(["-t", "many"], tmp_path)
